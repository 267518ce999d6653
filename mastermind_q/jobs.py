"""Job records: what was submitted to a device, so the job can be decoded later.

A hardware run (``ibm:NAME``; ``fake:NAME`` too when asked, see
:class:`mastermind_q.backends.ExecutionOptions`) writes a record *before* it waits for
the job. If the wait is interrupted nothing is lost: ``mastermind-q jobs fetch JOB_ID``
(:func:`mastermind_q.fetching.fetch_job`) retrieves the result from IBM Quantum later
and decodes it.

A record is one JSON file, ``<directory>/<job id>.json``, with the keys

``schema`` (``1``), ``job_id``, ``backend``, ``engine`` (what ran it), ``method``,
``n``, ``k``, ``parameters`` (the circuit parameters the solver passed, e.g. the
colour pairs, ``T`` and ``phi``), ``shots``, ``seed``, ``optimization_level``,
``registers`` (the classical register of each PUB), ``circuit_names``, ``created``
(ISO 8601, UTC), ``status`` (``submitted`` or ``done``), ``finished`` and ``counts``
(one counts dict per circuit once the job is done; ``null`` before), and
``versions`` (mastermind_q, qiskit, qiskit-ibm-runtime), ``digest`` (below), and ``batch_id``: the
runtime batch the job was submitted in (a sweep on ``ibm:``, see
:mod:`mastermind_q.backends.batching`), ``null`` for a job of its own. Records written
before ``batch_id`` existed read as ``null``.

No credential is ever written: the token stays in the saved Qiskit account or the
``QISKIT_IBM_TOKEN`` environment variable. The secret is not written either -- the
codebreaker never knew it; pass it to :func:`mastermind_q.fetching.fetch_job` to learn
whether the decoded answer is right.

Directory: the ``directory`` argument, else the environment variable
:data:`JOBS_DIR_VARIABLE` (``MASTERMIND_Q_JOBS_DIR``), else :data:`DEFAULT_JOBS_DIR`
(``~/.mastermind_q/jobs``).

Records are trusted as the user's own work, like the caches: a record is read only if
it is a regular file (not a symbolic link, a FIFO or a device) of at most
:data:`MAX_RECORD_BYTES`, owned by the current user and not writable by group or
others, and its ``digest`` matches: an HMAC-SHA256 of its name and every field, under a
random key kept in the records' folder (``.cache-key``, ``0600``), the optimal-play
cache's mechanism (:func:`mastermind_q.caching.with_digest`). A record changed after
it was written (a field edited, a file renamed or copied from another folder) is
refused, never decoded; anything else is refused with a one-line reason too (``jobs
list`` skips it and says why). Records are written ``0600`` through a temporary file
renamed into place.

Local jobs (``fake:``) end with the process that ran them, so their record keeps the
counts; ``ibm:`` records are completed by :func:`mastermind_q.fetching.fetch_job` when
the job is done.

Example:
    >>> record = JobRecord.new(job_id="abc", backend="fake:torino", engine="test",
    ...     metadata={"method": "adaptive", "n": 2, "k": 2}, shots=10, seed=1,
    ...     optimization_level=1, registers=["c"], circuit_names=["adaptive"])
    >>> record.status, record.method, record.counts
    ('submitted', 'adaptive', None)
"""

from __future__ import annotations

import dataclasses
import json
import numbers
import os
import re
import tempfile
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

__all__ = [
    "DEFAULT_JOBS_DIR",
    "JOBS_DIR_VARIABLE",
    "AmbiguousJobIdError",
    "JobNotFinishedError",
    "JobRecord",
    "JobRecordNotFoundError",
    "JobsDirectoryError",
    "check_writable",
    "jobs_directory",
    "list_records",
    "read_record",
    "resolve_job_id",
    "scan_records",
    "write_record",
]

DEFAULT_JOBS_DIR = Path("~") / ".mastermind_q" / "jobs"
"""Where job records go unless told otherwise (``~`` expanded when used)."""
JOBS_DIR_VARIABLE = "MASTERMIND_Q_JOBS_DIR"
"""Environment variable overriding :data:`DEFAULT_JOBS_DIR`."""
SCHEMA = 1
"""Version of the record format."""

_JOB_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$")
MAX_RECORD_BYTES = 64 * 2**20
"""Largest record file read (a record of counts at the shot limit is far smaller)."""
MAX_COUNT = 2**63 - 1
"""Largest count of one outcome a record may hold (a 64-bit count)."""


class JobRecordNotFoundError(ValueError):
    """No record for a job id in the jobs directory."""


class JobNotFinishedError(ValueError):
    """The job has not finished yet (queued or running)."""


def jobs_directory(directory: str | os.PathLike[str] | None = None) -> Path:
    """The record directory: ``directory``, else ``$MASTERMIND_Q_JOBS_DIR``, else the default."""
    if directory is None:
        directory = os.environ.get(JOBS_DIR_VARIABLE) or DEFAULT_JOBS_DIR
    return Path(directory).expanduser()


def _check_job_id(job_id: Any) -> str:
    if not isinstance(job_id, str) or not _JOB_ID.match(job_id):
        raise ValueError(
            f"job id must be letters, digits, '.', '_' or '-' (at most 200), was {job_id!r}"
        )
    return job_id


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for package in ("mastermind-q", "qiskit", "qiskit-aer", "qiskit-ibm-runtime"):
        try:
            found[package] = version(package)
        except PackageNotFoundError:
            found[package] = "unknown"
    return found


def _plain(value: Any) -> Any:
    """``value`` as JSON-ready data (tuples -> lists, numpy scalars -> numbers)."""
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, (str, bool, int, float)) or value is None:
        return value
    if hasattr(value, "item"):  # numpy scalar
        return value.item()
    return str(value)


@dataclasses.dataclass(frozen=True)
class JobRecord:
    """One submitted job (see the module docstring for the JSON keys)."""

    job_id: str
    backend: str
    engine: str
    method: str | None
    n: int | None
    k: int | None
    parameters: dict[str, Any]
    shots: int
    seed: int | None
    optimization_level: int
    registers: tuple[str, ...]
    circuit_names: tuple[str, ...]
    created: str
    status: str = "submitted"
    finished: str | None = None
    counts: tuple[dict[str, int], ...] | None = None
    versions: dict[str, str] = dataclasses.field(default_factory=dict)
    schema: int = SCHEMA
    batch_id: str | None = None

    @classmethod
    def new(
        cls,
        *,
        job_id: str,
        backend: str,
        engine: str,
        metadata: Mapping[str, Any],
        shots: int,
        seed: int | None,
        optimization_level: int,
        registers: Sequence[str],
        circuit_names: Sequence[str],
        batch_id: str | None = None,
    ) -> JobRecord:
        """A ``submitted`` record; ``metadata`` gives ``method``, ``n``, ``k`` and the rest.

        Raises:
            ValueError: a job id unfit for a file name, or registers and circuit names
                of different lengths.
        """
        _check_job_id(job_id)
        if len(registers) != len(circuit_names):
            raise ValueError(
                f"registers ({len(registers)}) and circuit_names ({len(circuit_names)}) "
                "must have one entry per circuit"
            )
        parameters = {
            key: _plain(value) for key, value in metadata.items() if key not in ("method", "n", "k")
        }
        return cls(
            job_id=job_id,
            backend=backend,
            engine=engine,
            method=metadata.get("method"),
            n=metadata.get("n"),
            k=metadata.get("k"),
            parameters=parameters,
            shots=shots,
            seed=seed,
            optimization_level=optimization_level,
            registers=tuple(registers),
            circuit_names=tuple(circuit_names),
            created=_now(),
            versions=_versions(),
            batch_id=batch_id,
        )

    def finished_with(self, counts: Sequence[Mapping[str, int]]) -> JobRecord:
        """This record, ``done``, holding one counts dict per circuit.

        Raises:
            ValueError: the number of counts dicts is not the number of circuits.
        """
        if len(counts) != len(self.registers):
            raise ValueError(
                f"job {self.job_id} has {len(self.registers)} circuits, "
                f"got {len(counts)} counts dicts"
            )
        plain = tuple({str(key): int(value) for key, value in c.items()} for c in counts)
        return dataclasses.replace(self, status="done", finished=_now(), counts=plain)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict written to disk."""
        data = dataclasses.asdict(self)
        data["registers"] = list(self.registers)
        data["circuit_names"] = list(self.circuit_names)
        data["counts"] = None if self.counts is None else [dict(c) for c in self.counts]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JobRecord:
        """Read a record dict (as written by :meth:`to_dict`), checking every field.

        ``n``, ``k`` and ``shots`` are held to the same limits as a new run
        (:mod:`mastermind_q.limits`), so a crafted record cannot make a decoder
        allocate what a run could not.

        Raises:
            ValueError: not a JSON object, a missing key, an unknown schema version, or
                a field of the wrong type or size (the message names it).
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"job record must be a JSON object, was {type(data).__name__}")
        if type(data.get("schema")) is not int or data.get("schema") != SCHEMA:
            raise ValueError(f"job record schema must be {SCHEMA}, was {data.get('schema')!r}")
        names = {field.name for field in dataclasses.fields(cls)}
        optional = {"batch_id"}  # added later: older records lack it
        missing = sorted(names - optional - set(data))
        if missing:
            raise ValueError(f"job record is missing keys {missing}")
        values: dict[str, Any] = {name: data.get(name) for name in names}
        _check_record_fields(values)
        values["registers"] = tuple(values["registers"])
        values["circuit_names"] = tuple(values["circuit_names"])
        if values["counts"] is not None:
            values["counts"] = tuple(
                {key: int(count) for key, count in c.items()} for c in values["counts"]
            )
        for key in ("n", "k", "shots", "seed", "optimization_level"):
            if values[key] is not None:
                values[key] = int(values[key])
        return cls(**values)


def _field_error(name: str, expected: str, value: Any) -> ValueError:
    text = repr(value)
    text = text if len(text) <= 60 else text[:57] + "..."
    return ValueError(f"job record field {name!r} must be {expected}, was {text}")


def _is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _check_record_fields(values: Mapping[str, Any]) -> None:
    """Type and size checks of a record's fields (see :meth:`JobRecord.from_dict`)."""
    from .game import validate_seed
    from .limits import check_quantum_size, check_shots

    for key in ("job_id", "backend", "engine", "created", "status"):
        if not isinstance(values[key], str):
            raise _field_error(key, "a string", values[key])
    _check_job_id(values["job_id"])
    for key in ("method", "finished", "batch_id"):
        if values[key] is not None and not isinstance(values[key], str):
            raise _field_error(key, "a string or null", values[key])
    for key in ("n", "k"):
        if values[key] is not None and not (_is_int(values[key]) and values[key] >= 1):
            raise _field_error(key, "a positive integer or null", values[key])
    if values["n"] is not None and values["k"] is not None:
        check_quantum_size(values["n"], values["k"])
    check_shots(values["shots"])
    validate_seed(values["seed"])
    if not (_is_int(values["optimization_level"]) and 0 <= values["optimization_level"] <= 3):
        raise _field_error("optimization_level", "an integer 0..3", values["optimization_level"])
    for key in ("parameters", "versions"):
        if not isinstance(values[key], Mapping):
            raise _field_error(key, "an object", values[key])
    for key in ("registers", "circuit_names"):
        items = values[key]
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            raise _field_error(key, "a list of strings", items)
    if len(values["registers"]) != len(values["circuit_names"]):
        raise ValueError(
            f"job record has {len(values['registers'])} registers but "
            f"{len(values['circuit_names'])} circuit names"
        )
    counts = values["counts"]
    if counts is None:
        return
    if not isinstance(counts, list) or len(counts) != len(values["registers"]):
        expected = f"null or a list of {len(values['registers'])} objects"
        raise _field_error("counts", expected, counts)
    for index, circuit_counts in enumerate(counts):
        if not isinstance(circuit_counts, Mapping):
            raise _field_error(f"counts[{index}]", "an object", circuit_counts)
        for key, count in circuit_counts.items():
            if not (_is_int(count) and 0 <= count <= MAX_COUNT):
                raise _field_error(f"counts[{index}][{key!r}]", f"an integer 0..{MAX_COUNT}", count)


class JobsDirectoryError(ValueError):
    """The job record directory cannot be used (not a folder, not writable)."""


def _ensure_directory(directory: str | os.PathLike[str] | None) -> Path:
    """The record directory, created user-only (``0700``) if it is missing."""
    folder = jobs_directory(directory)
    if folder.exists() and not folder.is_dir():
        raise JobsDirectoryError(f"job record directory {folder} is not a folder")
    if not folder.is_dir():
        missing = [folder, *(parent for parent in folder.parents if not parent.exists())]
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            for created in missing:  # mkdir's mode is masked by the umask: set it
                os.chmod(created, 0o700)
        except OSError as error:
            raise JobsDirectoryError(
                f"job record directory {folder} cannot be created: {error.strerror or error}"
            ) from None
    return folder


def check_writable(directory: str | os.PathLike[str] | None = None) -> Path:
    """Make sure a record can be written to the directory; return it.

    Called *before* a job is submitted to hardware, so a run never leaves a job
    without its record. Creates the directory (``0700``) if it is missing, then
    writes and removes a probe file.

    Raises:
        JobsDirectoryError: not a folder, cannot be created, or not writable.
    """
    folder = _ensure_directory(directory)
    try:
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".probe-", suffix=".tmp")
        os.close(handle)
        os.remove(probe)
    except OSError as error:
        raise JobsDirectoryError(
            f"job record directory {folder} is not writable: {error.strerror or error}"
        ) from None
    return folder


def write_record(record: JobRecord, directory: str | os.PathLike[str] | None = None) -> Path:
    """Write ``record`` as ``<directory>/<job id>.json`` atomically; return the path.

    The JSON goes to a unique temporary file in the same directory, is flushed and
    ``fsync``-ed, then renamed over the record (:func:`os.replace`), so concurrent
    writers of the same id never interleave and a reader sees the old or the new
    record, never a partial one. Records are user-only (``0600``) in a user-only
    directory (``0700`` when created here): they describe a user's account usage.

    Raises:
        JobsDirectoryError: the directory cannot be created or written.
    """
    from .caching import with_digest
    from .files import OutputFileError, write_output

    folder = _ensure_directory(directory)
    path = folder / f"{_check_job_id(record.job_id)}.json"
    signed = with_digest(path, record.to_dict())
    if signed is None:
        raise JobsDirectoryError(
            f"job record directory {folder} cannot keep the key of the records' digests"
        )
    text = json.dumps(signed, indent=2, sort_keys=True) + "\n"
    try:  # mastermind_q.files: temporary file (0600), fsync, renamed; never through a link
        write_output(path, text, overwrite=True, private=True)
    except OutputFileError as error:
        raise JobsDirectoryError(f"job record {error}") from None
    except OSError as error:
        raise JobsDirectoryError(
            f"job record directory {folder} is not writable: {error.strerror or error}"
        ) from None
    return path


def _load(path: Path) -> JobRecord:
    """Read and check one record file; every failure is a ``ValueError`` naming ``path``.

    The file is read as the caches are, with :func:`mastermind_q.files.load_json`:
    only a regular file, opened without blocking (a FIFO or a device is refused, never
    read), not through a symbolic link, owned by the current user and not writable by
    group or others (``private``), at most :data:`MAX_RECORD_BYTES`.
    """
    from .caching import without_digest
    from .files import DataFileError, load_json

    try:
        data = load_json(path, max_bytes=MAX_RECORD_BYTES, private=True, follow_links=False)
    except DataFileError as error:
        raise ValueError(f"job record {error}") from None
    value = without_digest(path, data)
    if value is None:
        unsigned = not isinstance(data, dict) or "digest" not in data
        why = "it has no digest" if unsigned else "its digest does not match"
        raise ValueError(
            f"job record {path} was changed after it was written ({why}), so it is not read"
        )
    try:
        return JobRecord.from_dict(value)
    except RecursionError:
        raise ValueError(f"job record {path} is nested too deeply to be a record") from None
    except ValueError as error:
        from .limits import ResourceLimitError

        kind = ResourceLimitError if isinstance(error, ResourceLimitError) else ValueError
        raise kind(f"job record {path} is damaged: {error}") from None


def read_record(job_id: str, directory: str | os.PathLike[str] | None = None) -> JobRecord:
    """The record of ``job_id``.

    Raises:
        JobRecordNotFoundError: no such record (the message names the directory).
        ValueError: an invalid job id or a damaged record (the message names the file
            and what is wrong: not JSON, nested too deeply, a field of the wrong type,
            sizes beyond :mod:`mastermind_q.limits`).
    """
    folder = jobs_directory(directory)
    if folder.exists() and not folder.is_dir():
        raise JobsDirectoryError(f"job record directory {folder} is not a folder")
    path = folder / f"{_check_job_id(job_id)}.json"
    if not path.exists():
        raise JobRecordNotFoundError(f"no job record for job id {job_id!r} in {folder}")
    return _load(path)


class AmbiguousJobIdError(ValueError):
    """A job id prefix that matches more than one record."""


def resolve_job_id(prefix: str, directory: str | os.PathLike[str] | None = None) -> str:
    """The job id of the one record whose id is ``prefix`` or starts with it.

    Only file names are looked at (no record is read). An exact id wins over longer
    ids it prefixes.

    Raises:
        ValueError: ``prefix`` is not made of job id characters.
        JobRecordNotFoundError: no record matches (the message names the directory).
        AmbiguousJobIdError: several records match (the message lists them, up to 5).
    """
    _check_job_id(prefix)
    folder = jobs_directory(directory)
    if folder.exists() and not folder.is_dir():
        raise JobsDirectoryError(f"job record directory {folder} is not a folder")
    if (folder / f"{prefix}.json").exists():
        return prefix
    matches = sorted(
        path.stem
        for path in (folder.glob(f"{prefix}*.json") if folder.is_dir() else ())
        if path.stem.startswith(prefix) and _JOB_ID.match(path.stem)
    )
    if not matches:
        raise JobRecordNotFoundError(f"no job record for job id {prefix!r} in {folder}")
    if len(matches) > 1:
        shown = ", ".join(matches[:5]) + (", ..." if len(matches) > 5 else "")
        raise AmbiguousJobIdError(
            f"job id prefix {prefix!r} matches {len(matches)} records: {shown}; give more of it"
        )
    return matches[0]


def scan_records(
    directory: str | os.PathLike[str] | None = None,
) -> tuple[list[JobRecord], list[tuple[Path, str]]]:
    """Every record in the directory (oldest first) and every file skipped, with why.

    A damaged file does not stop the listing: it is skipped and named.

    Raises:
        JobsDirectoryError: the path exists but is not a folder.
    """
    folder = jobs_directory(directory)
    if not folder.exists():
        return [], []
    if not folder.is_dir():
        raise JobsDirectoryError(f"job record directory {folder} is not a folder")
    records: list[JobRecord] = []
    skipped: list[tuple[Path, str]] = []
    for path in sorted(folder.glob("*.json")):
        try:
            records.append(_load(path))
        except ValueError as error:
            skipped.append((path, str(error)))
    records.sort(key=lambda record: (record.created, record.job_id))
    return records, skipped


def list_records(directory: str | os.PathLike[str] | None = None) -> list[JobRecord]:
    """Every readable record in the directory, oldest first (see :func:`scan_records`).

    Raises:
        JobsDirectoryError: the path exists but is not a folder.
    """
    return scan_records(directory)[0]
