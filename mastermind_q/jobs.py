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
``versions`` (mastermind_q, qiskit, qiskit-ibm-runtime).

No credential is ever written: the token stays in the saved Qiskit account or the
``QISKIT_IBM_TOKEN`` environment variable. The secret is not written either -- the
codebreaker never knew it; pass it to :func:`mastermind_q.fetching.fetch_job` to learn
whether the decoded answer is right.

Directory: the ``directory`` argument, else the environment variable
:data:`JOBS_DIR_VARIABLE` (``MASTERMIND_Q_JOBS_DIR``), else :data:`DEFAULT_JOBS_DIR`
(``~/.mastermind_q/jobs``).

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
import os
import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

__all__ = [
    "DEFAULT_JOBS_DIR",
    "JOBS_DIR_VARIABLE",
    "JobNotFinishedError",
    "JobRecord",
    "JobRecordNotFoundError",
    "jobs_directory",
    "list_records",
    "read_record",
    "write_record",
]

DEFAULT_JOBS_DIR = Path("~") / ".mastermind_q" / "jobs"
"""Where job records go unless told otherwise (``~`` expanded when used)."""
JOBS_DIR_VARIABLE = "MASTERMIND_Q_JOBS_DIR"
"""Environment variable overriding :data:`DEFAULT_JOBS_DIR`."""
SCHEMA = 1
"""Version of the record format."""

_JOB_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$")


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
        """Read a record dict (as written by :meth:`to_dict`).

        Raises:
            ValueError: a missing key or an unknown schema version.
        """
        if data.get("schema") != SCHEMA:
            raise ValueError(f"job record schema must be {SCHEMA}, was {data.get('schema')!r}")
        names = {field.name for field in dataclasses.fields(cls)}
        missing = sorted(names - set(data))
        if missing:
            raise ValueError(f"job record is missing keys {missing}")
        values = {name: data[name] for name in names}
        values["registers"] = tuple(values["registers"])
        values["circuit_names"] = tuple(values["circuit_names"])
        if values["counts"] is not None:
            values["counts"] = tuple(dict(c) for c in values["counts"])
        return cls(**values)


def write_record(record: JobRecord, directory: str | os.PathLike[str] | None = None) -> Path:
    """Write ``record`` as ``<directory>/<job id>.json`` (atomically); return the path."""
    folder = jobs_directory(directory)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{_check_job_id(record.job_id)}.json"
    temporary = path.with_suffix(".json.tmp")
    temporary.write_text(json.dumps(record.to_dict(), indent=2, sort_keys=True) + "\n")
    os.replace(temporary, path)
    return path


def read_record(job_id: str, directory: str | os.PathLike[str] | None = None) -> JobRecord:
    """The record of ``job_id``.

    Raises:
        JobRecordNotFoundError: no such record (the message names the directory).
        ValueError: an invalid job id or a damaged record.
    """
    folder = jobs_directory(directory)
    path = folder / f"{_check_job_id(job_id)}.json"
    if not path.is_file():
        raise JobRecordNotFoundError(f"no job record for job id {job_id!r} in {folder}")
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as error:
        raise ValueError(f"job record {path} is not valid JSON: {error}") from None
    return JobRecord.from_dict(data)


def list_records(directory: str | os.PathLike[str] | None = None) -> list[JobRecord]:
    """Every readable record in the directory, oldest first (unreadable files skipped)."""
    folder = jobs_directory(directory)
    if not folder.is_dir():
        return []
    records = []
    for path in sorted(folder.glob("*.json")):
        try:
            records.append(JobRecord.from_dict(json.loads(path.read_text())))
        except (ValueError, TypeError, OSError):
            continue
    return sorted(records, key=lambda record: (record.created, record.job_id))
