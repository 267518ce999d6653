"""Tests for mastermind_q.fetching: decoding job records and fetching jobs later."""

from __future__ import annotations

import json

import pytest
from helpers import answer_counts, job_record, write_signed_record

from mastermind_q import backends, solve
from mastermind_q.backends import execution_options
from mastermind_q.fetching import decode_record, fetch_job
from mastermind_q.jobs import JobNotFinishedError, JobRecord, read_record, write_record
from mastermind_q.quantum import nonadaptive_plan


@pytest.mark.parametrize("secret", [(0, 1, 2), (2, 2, 0), (1, 0, 1)])
def test_decode_record_majority_and_fractions(secret):
    plan = nonadaptive_plan(3)
    record = job_record().finished_with(answer_counts(secret, plan))
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
        decode_record(job_record())
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
    write_record(job_record("hw-1", backend="ibm:ibm_kyiv"), tmp_path)
    answers = {"status": "QUEUED", "counts": None}

    def retrieve(job_id, backend, registers):
        assert (job_id, backend, tuple(registers)) == ("hw-1", "ibm:ibm_kyiv", ("result",) * 2)
        return answers["status"], answers["counts"]

    monkeypatch.setattr(backends, "retrieve_counts", retrieve)
    with pytest.raises(JobNotFinishedError, match="QUEUED"):
        fetch_job("hw-1", tmp_path)
    assert read_record("hw-1", tmp_path).status == "submitted"
    answers.update(status="DONE", counts=answer_counts(secret, plan))
    decoded = fetch_job("hw-1", tmp_path, secret=secret)
    assert decoded.found == secret and decoded.solved
    stored = read_record("hw-1", tmp_path)
    assert stored.status == "done" and stored.counts is not None
    monkeypatch.setattr(backends, "retrieve_counts", None)  # a second fetch stays offline
    assert fetch_job("hw-1", tmp_path).found == secret


def test_unfinished_local_job_cannot_be_fetched(tmp_path):
    write_record(job_record("local-1"), tmp_path)
    with pytest.raises(JobNotFinishedError, match="local jobs cannot be retrieved"):
        fetch_job("local-1", tmp_path)


@pytest.mark.parametrize(
    ("method", "secret", "colors"),
    [("nonadaptive", (2, 0), 3), pytest.param("two-color", (0, 1), 2, marks=pytest.mark.slow)],
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


# -- issue 16: damaged counts and mitigation fields are one-line errors -------------------
def test_all_zero_counts_are_a_one_line_error():
    plan = nonadaptive_plan(3)
    counts = [{key: 0 for key in circuit} for circuit in answer_counts((0, 1, 2), plan)]
    with pytest.raises(ValueError, match="has no shots counted") as caught:
        decode_record(job_record().finished_with(counts))
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("mitigation", "match"),
    [
        ("yes", "must be an object with method 'mthree'"),
        ({"method": "other"}, "must be an object with method 'mthree'"),
        ({"method": "mthree"}, "'calibrated_qubits' must be"),
        (
            {"method": "mthree", "calibrated_qubits": [0, 1, 2], "measured_qubits": 5},
            "'measured_qubits' must list",
        ),
        (
            {"method": "mthree", "calibrated_qubits": [0, 1, 2], "measured_qubits": [["a"]]},
            "'measured_qubits' must hold lists",
        ),
        (
            {"method": "mthree", "calibrated_qubits": [0, 1], "measured_qubits": [[0, 1]]},
            "do not have 2 bits",
        ),
    ],
)
def test_a_damaged_mitigation_field_is_a_one_line_error(mitigation, match):
    secret = (0, 1, 2)
    plan = nonadaptive_plan(3)
    registers = ["result"] * (len(plan) - 1) + ["cal", "cal"]
    counts = [*answer_counts(secret, plan[:-1]), {"000": 9, "001": 1}, {"111": 9, "110": 1}]
    record = job_record(registers=registers, mitigation=mitigation)
    record = record.finished_with(counts)
    with pytest.raises(ValueError, match=match) as caught:
        decode_record(record)
    assert "\n" not in str(caught.value)


def test_fetch_accepts_a_unique_prefix_and_names_an_ambiguous_one(tmp_path):
    from mastermind_q.jobs import AmbiguousJobIdError, JobRecordNotFoundError

    secret = (0, 1, 2)
    plan = nonadaptive_plan(3)
    for job_id in ("d4kq-1", "d4kq-2", "zz9"):
        write_record(job_record(job_id=job_id).finished_with(answer_counts(secret, plan)), tmp_path)
    assert fetch_job("zz", tmp_path).record.job_id == "zz9"
    assert fetch_job("d4kq-2", tmp_path, secret=secret).solved is True
    with pytest.raises(AmbiguousJobIdError, match=r"'d4kq' matches 2 records: d4kq-1, d4kq-2"):
        fetch_job("d4kq", tmp_path)
    with pytest.raises(JobRecordNotFoundError, match="no job record for job id 'q'"):
        fetch_job("q", tmp_path)


def test_cli_jobs_fetch_with_a_prefix(tmp_path, capsys):
    from mastermind_q import cli

    plan = nonadaptive_plan(3)
    for job_id in ("abc-1", "abd-1"):
        write_record(
            job_record(job_id=job_id).finished_with(answer_counts((0, 1, 2), plan)), tmp_path
        )
    assert cli.main(["jobs", "fetch", "abc", "--jobs-dir", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["job_id"] == "abc-1"
    assert cli.main(["jobs", "fetch", "ab", "--jobs-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "matches 2 records: abc-1, abd-1" in err


# -- hostile records: the toolkit's own methods, tampered widths, huge counts ---------------
def test_a_hunziker_meyer_record_is_decoded_like_its_run():
    """The colour registers of n = 2, k = 5 are 2 x 3 bits; secret (4, 0) reads 000100."""
    record = job_record(method="hunziker-meyer", n=2, k=5, iterations=1, registers=["code"])
    record = record.finished_with([{"000100": 7, "000001": 2, "111111": 1}])
    decoded = decode_record(record, secret=(4, 0))
    assert decoded.found == (4, 0) and decoded.solved is True
    assert decoded.circuit_success_probabilities == (0.7,)


@pytest.mark.parametrize("method", ["adaptive", "hunziker-meyer"])
def test_a_record_whose_outcomes_do_not_fit_its_registers_is_refused(method):
    """An adaptive record edited to n = 10 (k = 4: 20 bits) keeps its 4-bit outcomes."""
    record = job_record(method=method, n=10, k=4, registers=["code"])
    record = record.finished_with([{"0000": 9, "0110": 1}])
    with pytest.raises(ValueError, match=r"outcome '0000' has 4 bits; .* n = 10, k = 4 have 20"):
        decode_record(record, secret=(0,) * 10)


def test_a_count_too_large_for_a_float_is_a_one_line_error(tmp_path, capsys):
    from mastermind_q import cli

    data = job_record(job_id="huge-count", n=2, k=3).to_dict()
    data.update(status="done", counts=[{"01": 10**400}, {"01": 1}])
    write_signed_record(tmp_path, "huge-count", data)
    with pytest.raises(ValueError, match="must be an integer 0\\.\\.9223372036854775807"):
        read_record("huge-count", tmp_path)
    status = cli.main(["jobs", "fetch", "huge-count", "--jobs-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err
