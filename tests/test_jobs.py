"""Tests for mastermind_q.jobs: job records, their directory, listing."""

from __future__ import annotations

import json

import pytest

from mastermind_q import jobs
from mastermind_q.jobs import (
    JobRecord,
    JobRecordNotFoundError,
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
