"""Tests for mastermind_q.jobs: job records, listing, fetching and decoding."""

from __future__ import annotations

import json

import pytest

from mastermind_q import backends, jobs, solve
from mastermind_q.backends import execution_options
from mastermind_q.jobs import (
    JobNotFinishedError,
    JobRecord,
    JobRecordNotFoundError,
    decode_record,
    fetch_job,
    jobs_directory,
    list_records,
    read_record,
    write_record,
)
from mastermind_q.quantum import nonadaptive_plan


def _record(job_id="job-1", backend="fake:manila", method="nonadaptive", n=3, k=3, **extra):
    registers = extra.pop("registers", ["result"] * len(nonadaptive_plan(k)))
    return JobRecord.new(
        job_id=job_id,
        backend=backend,
        engine="test",
        metadata={"method": method, "n": n, "k": k, **extra},
        shots=10,
        seed=4,
        optimization_level=1,
        registers=registers,
        circuit_names=[f"c{i}" for i in range(len(registers))],
    )


def _answer_counts(secret, pairs, *, hits=8, shots=10):
    """Counts whose majority is the pair answer ``[s_i in {c1, c2}]`` (clbit 0 rightmost)."""
    counts = []
    for pair in pairs:
        bits = "".join("1" if colour in pair else "0" for colour in reversed(secret))
        wrong = "".join("1" if bit == "0" else "0" for bit in bits)
        counts.append({bits: hits, wrong: shots - hits})
    return counts


def test_directory_precedence(tmp_path, monkeypatch):
    monkeypatch.delenv(jobs.JOBS_DIR_VARIABLE, raising=False)
    assert jobs_directory() == jobs.DEFAULT_JOBS_DIR.expanduser()
    monkeypatch.setenv(jobs.JOBS_DIR_VARIABLE, str(tmp_path / "env"))
    assert jobs_directory() == tmp_path / "env"
    assert jobs_directory(tmp_path / "arg") == tmp_path / "arg"


def test_record_round_trip_without_credentials(tmp_path, monkeypatch):
    monkeypatch.setenv("QISKIT_IBM_TOKEN", "sentinel-token-123")
    record = _record(pairs=[(0, 1), (0, 2)], phi=0.5)
    path = write_record(record, tmp_path)
    assert path == tmp_path / "job-1.json"
    text = path.read_text()
    assert "sentinel-token-123" not in text
    data = json.loads(text)
    for key in ("job_id", "backend", "method", "n", "k", "parameters", "created", "shots"):
        assert key in data
    assert data["parameters"] == {"pairs": [[0, 1], [0, 2]], "phi": 0.5}
    assert read_record("job-1", tmp_path) == record


@pytest.mark.parametrize("job_id", ["../escape", "a/b", "", ".hidden", 7])
def test_job_ids_must_be_file_names(job_id, tmp_path):
    with pytest.raises(ValueError, match="job id must be"):
        read_record(job_id, tmp_path)


def test_missing_record_names_the_directory(tmp_path):
    with pytest.raises(JobRecordNotFoundError, match=f"'nope' in {tmp_path}"):
        read_record("nope", tmp_path)


def test_damaged_and_foreign_files_are_skipped_in_listings(tmp_path):
    write_record(_record("b-job"), tmp_path)
    write_record(_record("a-job"), tmp_path)
    (tmp_path / "junk.json").write_text("{not json")
    (tmp_path / "other.json").write_text(json.dumps({"schema": 99}))
    listed = [record.job_id for record in list_records(tmp_path)]
    assert sorted(listed) == ["a-job", "b-job"]
    assert list_records(tmp_path / "absent") == []
    with pytest.raises(ValueError, match="schema must be 1, was 99"):
        read_record("other", tmp_path)


def test_finished_with_checks_the_number_of_circuits():
    with pytest.raises(ValueError, match="has 2 circuits, got 1 counts dicts"):
        _record().finished_with([{"0": 1}])


@pytest.mark.parametrize("secret", [(0, 1, 2), (2, 2, 0), (1, 0, 1)])
def test_decode_record_majority_and_fractions(secret):
    plan = nonadaptive_plan(3)
    record = _record().finished_with(_answer_counts(secret, plan))
    decoded = decode_record(record, secret=secret)
    assert decoded.found == secret
    assert decoded.solved is True
    assert decoded.circuit_success_probabilities == (0.8, 0.8)
    assert decoded.success_probability == pytest.approx(0.64)
    other = tuple((colour + 1) % 3 for colour in secret)
    assert decode_record(record, secret=other).solved is False
    assert decode_record(record).solved is None


def test_decode_needs_counts_and_method():
    with pytest.raises(JobNotFinishedError, match="no counts yet"):
        decode_record(_record())
    bare = JobRecord.new(
        job_id="bare",
        backend="fake:manila",
        engine="test",
        metadata={},
        shots=1,
        seed=None,
        optimization_level=1,
        registers=["c"],
        circuit_names=["c"],
    ).finished_with([{"0": 1}])
    with pytest.raises(ValueError, match="method=None"):
        decode_record(bare)


def test_fetch_completes_an_ibm_record_later(tmp_path, monkeypatch):
    secret = (2, 0, 1)
    plan = nonadaptive_plan(3)
    write_record(_record("hw-1", backend="ibm:ibm_kyiv"), tmp_path)
    answers = {"status": "QUEUED", "counts": None}

    def retrieve(job_id, backend, registers):
        assert (job_id, backend, tuple(registers)) == ("hw-1", "ibm:ibm_kyiv", ("result",) * 2)
        return answers["status"], answers["counts"]

    monkeypatch.setattr(backends, "retrieve_counts", retrieve)
    with pytest.raises(JobNotFinishedError, match="QUEUED"):
        fetch_job("hw-1", tmp_path)
    assert read_record("hw-1", tmp_path).status == "submitted"
    answers.update(status="DONE", counts=_answer_counts(secret, plan))
    decoded = fetch_job("hw-1", tmp_path, secret=secret)
    assert decoded.found == secret and decoded.solved
    stored = read_record("hw-1", tmp_path)
    assert stored.status == "done" and stored.counts is not None
    monkeypatch.setattr(backends, "retrieve_counts", None)  # a second fetch stays offline
    assert fetch_job("hw-1", tmp_path).found == secret


def test_unfinished_local_job_cannot_be_fetched(tmp_path):
    write_record(_record("local-1"), tmp_path)
    with pytest.raises(JobNotFinishedError, match="local jobs cannot be retrieved"):
        fetch_job("local-1", tmp_path)


@pytest.mark.parametrize(
    ("method", "secret", "colors"), [("nonadaptive", (2, 0), 3), ("two-color", (0, 1), 2)]
)
def test_fake_backend_job_round_trip(method, secret, colors, tmp_path):
    """A real fake-backend job through the runtime's local mode, recorded, then fetched."""
    events = []
    with execution_options(
        record=True, jobs_dir=tmp_path, fake_mode="runtime", progress=events.append
    ):
        result = solve(
            secret, colors=colors, method=method, backend="fake:hanoi", shots=200, seed=3
        )
    job_id = next(event.detail for event in events if event.stage == "submitted")
    decoded = fetch_job(job_id, tmp_path, secret=secret)
    assert decoded.found == result.found == secret
    assert decoded.solved
    assert decoded.circuit_success_probabilities == pytest.approx(
        result.circuit_success_probabilities
    )
    assert decoded.record.engine == "qiskit-ibm-runtime local mode"
    assert decoded.to_dict()["job_id"] == job_id
