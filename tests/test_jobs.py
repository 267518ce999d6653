"""Tests for mastermind_q.jobs: job records, their directory, listing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import job_record, write_signed_record

from mastermind_q import jobs
from mastermind_q.jobs import (
    JobRecordNotFoundError,
    jobs_directory,
    list_records,
    read_record,
    write_record,
)


def test_directory_precedence(tmp_path, monkeypatch):
    monkeypatch.delenv(jobs.JOBS_DIR_VARIABLE, raising=False)
    assert jobs_directory() == jobs.DEFAULT_JOBS_DIR.expanduser()
    monkeypatch.setenv(jobs.JOBS_DIR_VARIABLE, str(tmp_path / "env"))
    assert jobs_directory() == tmp_path / "env"
    assert jobs_directory(tmp_path / "arg") == tmp_path / "arg"


def test_record_round_trip_without_credentials(tmp_path, monkeypatch):
    monkeypatch.setenv("QISKIT_IBM_TOKEN", "sentinel-token-123")
    record = job_record(pairs=[(0, 1), (0, 2)], phi=0.5)
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
    write_record(job_record("b-job"), tmp_path)
    write_record(job_record("a-job"), tmp_path)
    (tmp_path / "junk.json").write_text("{not json")
    write_signed_record(tmp_path, "other", {"schema": 99})
    listed = [record.job_id for record in list_records(tmp_path)]
    assert sorted(listed) == ["a-job", "b-job"]
    assert list_records(tmp_path / "absent") == []
    with pytest.raises(ValueError, match="schema must be 1, was 99"):
        read_record("other", tmp_path)


def test_finished_with_checks_the_number_of_circuits():
    with pytest.raises(ValueError, match="has 2 circuits, got 1 counts dicts"):
        job_record().finished_with([{"0": 1}])


# -- hostile records, atomic writes, permissions ---------------------------------------------
def _damage(data, how):
    if how == "array":
        return [data]
    if how == "registers-5":
        return {**data, "registers": 5}
    if how == "count-not-integer":
        return {**data, "counts": [{"000": "many"}] * len(data["registers"])}
    if how == "created-null":
        return {**data, "created": None}
    if how == "n-billion":
        return {**data, "n": 10**9}
    if how == "shots-huge":
        return {**data, "shots": 10**30}
    if how == "counts-wrong-length":
        return {**data, "counts": [{"000": 1}]}
    raise AssertionError(how)


@pytest.mark.parametrize(
    ("how", "fragment"),
    [
        ("array", "was changed after it was written"),
        ("registers-5", "field 'registers' must be a list of strings, was 5"),
        ("count-not-integer", "must be an integer 0..9223372036854775807, was 'many'"),
        ("created-null", "field 'created' must be a string, was None"),
        ("n-billion", "positions 1000000000 for quantum circuits"),
        ("shots-huge", "shots 1000000000000000000000000000000 is too many"),
        ("counts-wrong-length", "field 'counts' must be null or a list of 2 objects"),
    ],
)
def test_damaged_records_are_clear_value_errors(tmp_path, how, fragment):
    data = job_record(job_id="bad").to_dict()
    write_signed_record(tmp_path, "bad", _damage(data, how))
    with pytest.raises(ValueError, match=r"job record .*bad\.json") as caught:
        read_record("bad", tmp_path)
    assert fragment in str(caught.value)


def test_deeply_nested_record_is_a_value_error(tmp_path):
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match="nested too deeply"):
        read_record("deep", tmp_path)


def test_fetch_refuses_a_crafted_size_before_decoding(tmp_path):
    from mastermind_q.fetching import fetch_job
    from mastermind_q.limits import ResourceLimitError

    data = job_record(job_id="huge").to_dict()
    data.update(status="done", n=10**9, counts=[{"1": 1}, {"1": 1}])
    write_signed_record(tmp_path, "huge", data)
    with pytest.raises(ResourceLimitError, match="positions 1000000000"):
        fetch_job("huge", tmp_path)


def test_scan_skips_and_names_damaged_records(tmp_path):
    write_record(job_record(job_id="good"), tmp_path)
    (tmp_path / "array.json").write_text("[]")
    (tmp_path / "empty.json").write_text("")
    records, skipped = jobs.scan_records(tmp_path)
    assert [record.job_id for record in records] == ["good"]
    assert sorted(path.name for path, _ in skipped) == ["array.json", "empty.json"]
    assert all("job record" in reason for _, reason in skipped)
    assert [record.job_id for record in list_records(tmp_path)] == ["good"]


def test_a_file_is_not_a_jobs_directory(tmp_path):
    path = tmp_path / "file"
    path.write_text("x")
    for call in (jobs.scan_records, jobs.check_writable, lambda d: write_record(job_record(), d)):
        with pytest.raises(jobs.JobsDirectoryError, match="is not a folder"):
            call(path)


def test_records_are_user_only(tmp_path):
    folder = tmp_path / "new" / "jobs"
    path = write_record(job_record(), folder)
    assert path.stat().st_mode & 0o777 == 0o600
    assert folder.stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "new").stat().st_mode & 0o777 == 0o700
    # no temporary left; the key of the records' digests is private too
    assert sorted(p.name for p in folder.iterdir()) == [".cache-key", "job-1.json"]
    assert (folder / ".cache-key").stat().st_mode & 0o777 == 0o600


@pytest.mark.slow  # eight writers and two readers (fast: every other record write)
def test_concurrent_same_id_writes_are_atomic(tmp_path):
    import threading

    errors: list[BaseException] = []
    seen: list[int] = []
    done = threading.Event()
    path = tmp_path / "same.json"

    def writer(index):
        try:
            for step in range(50):
                write_record(job_record(job_id="same", writer=index, step=step), tmp_path)
        except BaseException as error:  # pragma: no cover - the failure being tested
            errors.append(error)

    def reader():
        while not done.is_set():
            if path.exists():
                text = path.read_text()
                try:
                    seen.append(json.loads(text)["parameters"]["step"])
                except (ValueError, KeyError) as error:  # pragma: no cover
                    errors.append(AssertionError(f"partial record read: {text[:40]!r}: {error}"))

    readers = [threading.Thread(target=reader) for _ in range(2)]
    writers = [threading.Thread(target=writer, args=(index,)) for index in range(8)]
    for thread in readers + writers:
        thread.start()
    for thread in writers:
        thread.join()
    done.set()
    for thread in readers:
        thread.join()
    assert errors == []
    assert read_record("same", tmp_path).parameters["step"] == 49
    assert seen  # the readers did read while the writers wrote
    # no temporary file left behind: the record, and the folder's digest key
    assert sorted(p.name for p in tmp_path.iterdir()) == [".cache-key", "same.json"]


def test_ibm_run_checks_the_record_directory_before_submitting(tmp_path, monkeypatch):
    from qiskit import QuantumCircuit

    from mastermind_q.backends import ExecutionOptions, runtime

    def submit(*args, **kwargs):  # pragma: no cover - must not be reached
        raise AssertionError("resolved (and would submit) before checking the directory")

    monkeypatch.setattr(runtime, "resolve_backend", submit)
    circuit = QuantumCircuit(1, 1)
    circuit.measure(0, 0)
    blocked = tmp_path / "file"
    blocked.write_text("x")
    with pytest.raises(jobs.JobsDirectoryError, match="is not a folder"):
        runtime._run_device_job(
            [circuit],
            name="ibm:ibm_torino",
            shots=10,
            seed=None,
            metadata=None,
            options=ExecutionOptions(jobs_dir=blocked),
        )


# -- issue 16: nothing reads from a FIFO, a device or an oversized file -------------------
def test_listing_skips_fifos_devices_and_oversized_files_without_reading_them(tmp_path):
    import os
    import time

    write_record(job_record(job_id="good"), tmp_path)
    os.symlink("/dev/zero", tmp_path / "zero.json")
    os.mkfifo(tmp_path / "fifo.json")
    with open(tmp_path / "big.json", "wb") as handle:
        handle.truncate(jobs.MAX_RECORD_BYTES + 1)  # sparse
    start = time.monotonic()
    records, skipped = jobs.scan_records(tmp_path)
    assert time.monotonic() - start < 2
    assert [record.job_id for record in records] == ["good"]
    reasons = dict((path.name, reason) for path, reason in skipped)
    assert "is a symbolic link" in reasons["zero.json"]
    assert "not a regular file (a FIFO)" in reasons["fifo.json"]
    assert "more than" in reasons["big.json"]
    with pytest.raises(ValueError, match="not a regular file"):
        read_record("fifo", tmp_path)


# -- hostile records: loose types, links, files of others ------------------------------------
@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("schema", True, "schema must be 1, was True"),
        ("schema", 1.0, "schema must be 1, was 1.0"),
        ("n", 3.0, "field 'n' must be a positive integer or null, was 3.0"),
        ("shots", 10.0, "shots must be an integer"),
    ],
)
def test_loose_json_types_are_refused(tmp_path, field, value, fragment):
    data = job_record(job_id="loose").to_dict()
    data[field] = value
    write_signed_record(tmp_path, "loose", data)
    with pytest.raises(ValueError, match="job record") as caught:
        read_record("loose", tmp_path)
    assert fragment in str(caught.value)


def test_records_are_read_as_the_caches_are(tmp_path):
    import os

    write_record(job_record(job_id="mine"), tmp_path)
    os.symlink(tmp_path / "mine.json", tmp_path / "linked.json")
    writable = write_record(job_record(job_id="writable"), tmp_path)
    writable.chmod(0o666)
    refused = {"linked": "symbolic link", "writable": "writable by group or others (mode 666)"}
    if os.geteuid() == 0:  # root can give a record to another user
        other = write_record(job_record(job_id="other"), tmp_path)
        os.chown(other, 1, 1)
        refused["other"] = "belongs to another user (uid 1)"
    for job_id, reason in refused.items():
        with pytest.raises(ValueError, match=f"job record .*{job_id}.json") as caught:
            read_record(job_id, tmp_path)
        assert reason in str(caught.value)
    records, skipped = jobs.scan_records(tmp_path)
    assert [record.job_id for record in records] == ["mine"]
    assert sorted(path.stem for path, _ in skipped) == sorted(refused)


# -- authenticated records: a record changed after it was written is refused -----------------
def _done_record(tmp_path):
    """A finished non-adaptive record (n = 3, k = 3) of the secret 2,0,1, written as the
    toolkit writes it; its path."""
    from helpers import answer_counts

    from mastermind_q.quantum import nonadaptive_plan

    record = job_record(job_id="fake-1", n=3, k=3, pairs=[[0, 1], [0, 2]])
    return write_record(
        record.finished_with(answer_counts((2, 0, 1), nonadaptive_plan(3))), tmp_path
    )


def _tampered(value):
    """Another value of the same kind (what an edit of the field would leave)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        return {"nonadaptive": "triples", "done": "submitted"}.get(value, value + "x")
    if isinstance(value, list):
        return [*value[:-1], _tampered(value[-1])] if value else [1]
    if isinstance(value, dict):
        first = next(iter(value), None)
        return {**value, first: _tampered(value[first])} if first is not None else {"x": 1}
    return 1  # null


FIELDS = [
    "schema", "job_id", "backend", "engine", "method", "n", "k", "parameters", "shots", "seed",
    "optimization_level", "registers", "circuit_names", "created", "status", "finished",
    "counts", "versions", "batch_id", "digest",
]  # fmt: skip


def test_every_field_of_a_record_is_covered(tmp_path):
    assert sorted(json.loads(_done_record(tmp_path).read_text())) == sorted(FIELDS)


@pytest.mark.parametrize("field", FIELDS)
def test_a_record_changed_after_it_was_written_is_refused(tmp_path, capsys, field):
    from mastermind_q import cli
    from mastermind_q.fetching import fetch_job

    path = _done_record(tmp_path)
    assert fetch_job("fake-1", tmp_path, secret=(2, 0, 1)).solved  # as written: decoded
    data = json.loads(path.read_text())
    data[field] = _tampered(data[field])
    path.write_text(json.dumps(data, indent=2, sort_keys=True))
    refusal = rf"job record {path} was changed after it was written"
    with pytest.raises(ValueError, match=refusal):
        read_record("fake-1", tmp_path)
    assert cli.main(["jobs", "fetch", "fake-1", "--jobs-dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "was changed after it was written" in err
    assert cli.main(["jobs", "list", "--jobs-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "fake-1" not in out and "skipped fake-1.json" in err


def test_the_method_of_a_recorded_job_cannot_be_edited(tmp_path, capsys):
    """Edited from ``nonadaptive`` to ``triples``, the record would decode a wrong code
    (``found 2,1,0``) with a success probability; it is refused instead."""
    from mastermind_q.fetching import fetch_job

    path = _done_record(tmp_path)
    path.write_text(path.read_text().replace('"nonadaptive"', '"triples"'))
    with pytest.raises(ValueError, match="was changed after it was written"):
        fetch_job("fake-1", tmp_path, secret=(2, 0, 1))


@pytest.mark.parametrize("how", ["no-digest", "renamed", "other-folder", "no-key"])
def test_a_record_without_its_own_digest_is_refused(tmp_path, how):
    import shutil

    path = _done_record(tmp_path / "jobs")
    data = json.loads(path.read_text())
    if how == "no-digest":
        del data["digest"]
        path.write_text(json.dumps(data))
    elif how == "renamed":  # the digest covers the file's name: another job id fails it
        path.rename(path.with_name("fake-2.json"))
        path = path.with_name("fake-2.json")
    elif how == "other-folder":  # another folder's key
        write_record(job_record(job_id="other"), tmp_path / "elsewhere")
        path = Path(shutil.copy(path, tmp_path / "elsewhere" / path.name))
    else:
        (path.parent / ".cache-key").unlink()
    with pytest.raises(ValueError, match="was changed after it was written"):
        read_record(path.stem, path.parent)


def test_jobs_list_escapes_control_characters(tmp_path, capsys):
    from mastermind_q import cli

    data = job_record(job_id="shown").to_dict()
    data.update(backend="fake:\x1b[2Jmanila", method="nonadaptive\x07", created="2026\x1b[31m")
    write_signed_record(tmp_path, "shown", data)
    write_signed_record(tmp_path, "bad\x1b[2J", [1])
    assert cli.main(["jobs", "list", "--jobs-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "\x07" not in out
    assert "fake:\\x1b[2Jmanila" in out and "nonadaptive\\x07" in out and "2026\\x1b[31m" in out
    assert "skipped bad\\x1b[2J.json" in err
