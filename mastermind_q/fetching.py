"""Fetch and decode finished device jobs from their job records.

Job records (:mod:`mastermind_q.jobs`) are storage only; this module sits above the
backends and the quantum decoders, so the import arrows run one way: it reads a record,
completes an ``ibm:`` record from IBM Quantum when the job has finished
(:func:`mastermind_q.backends.retrieve_counts`) and decodes the counts with
:func:`mastermind_q.quantum.decode_counts`. ``mastermind-q jobs fetch JOB_ID`` calls
:func:`fetch_job`.
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Mapping, Sequence
from typing import Any

from .jobs import JobNotFinishedError, JobRecord, read_record, write_record

__all__ = ["JobDecoding", "decode_record", "fetch_job"]


@dataclasses.dataclass(frozen=True)
class JobDecoding:
    """A decoded job.

    Attributes:
        record: the (completed) job record.
        found: the decoded secret (majority over shots per circuit).
        circuit_success_probabilities: per circuit, the fraction of shots that agree
            with the decoded answer.
        success_probability: their product (the chance that every circuit agrees),
            as the solvers report it.
        solved: ``found == secret`` when a secret was given, else ``None``.
    """

    record: JobRecord
    found: tuple[int, ...]
    circuit_success_probabilities: tuple[float, ...]
    success_probability: float
    solved: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (without the raw counts)."""
        record = self.record
        return {
            "job_id": record.job_id,
            "backend": record.backend,
            "method": record.method,
            "n": record.n,
            "k": record.k,
            "status": record.status,
            "shots": record.shots,
            "created": record.created,
            "found": list(self.found),
            "success_probability": self.success_probability,
            "circuit_success_probabilities": list(self.circuit_success_probabilities),
            "solved": self.solved,
        }


def decode_record(record: JobRecord, *, secret: Sequence[int] | None = None) -> JobDecoding:
    """Decode a finished record with :func:`mastermind_q.quantum.decode_counts`.

    A record of a mitigated run (``parameters["mitigation"]``) holds the raw counts of
    its circuits and, last, of the two calibration circuits: the counts are mitigated
    with :func:`mastermind_q.backends.mitigation.mitigate_counts` first, as the run did.

    Raises:
        JobNotFinishedError: the record holds no counts yet.
        ValueError: the record lacks ``method``, ``n`` or ``k``, a circuit has no shots
            counted (all counts zero), the ``mitigation`` field is damaged, or the
            secret is invalid (one line each).
    """
    from .game import validate_code
    from .quantum import decode_counts

    if record.counts is None:
        raise JobNotFinishedError(f"job {record.job_id} has no counts yet (status {record.status})")
    if record.method is None or record.n is None or record.k is None:
        raise ValueError(
            f"job record {record.job_id} does not say which method, n and k it ran "
            f"(method={record.method!r}, n={record.n!r}, k={record.k!r})"
        )
    counts: list[dict[str, Any]] = [dict(c) for c in record.counts]
    _check_counts(record, counts)
    mitigation = record.parameters.get("mitigation")
    if mitigation:
        from .backends.mitigation import mitigate_counts

        measured, calibrated = _check_mitigation(record, mitigation, counts)
        try:
            counts = mitigate_counts(counts[:-2], measured, counts[-2:], calibrated)
        except (ValueError, TypeError, KeyError, IndexError, ArithmeticError) as error:
            raise ValueError(
                f"job record {record.job_id}: its counts cannot be mitigated: "
                f"{type(error).__name__}: {error}"
            ) from None
    found, weights = decode_counts(record.method, counts, num_positions=record.n, colors=record.k)
    fractions = tuple(float(f) for f in weights)
    solved = None
    if secret is not None:
        solved = tuple(found) == validate_code(secret, record.k, positions=record.n)
    return JobDecoding(
        record=record,
        found=tuple(int(c) for c in found),
        circuit_success_probabilities=fractions,
        success_probability=math.prod(fractions),
        solved=solved,
    )


_BITS = frozenset("01 ")


def _check_counts(record: JobRecord, counts: list[dict[str, Any]]) -> None:
    """Every circuit has bitstring keys and at least one shot counted."""
    for index, circuit_counts in enumerate(counts):
        name = record.circuit_names[index] if index < len(record.circuit_names) else index
        if not all(isinstance(key, str) and key and set(key) <= _BITS for key in circuit_counts):
            raise ValueError(
                f"job record {record.job_id}: the counts of circuit {name} have keys that "
                "are not bitstrings"
            )
        if sum(circuit_counts.values()) <= 0:
            raise ValueError(
                f"job record {record.job_id}: circuit {name} has no shots counted "
                "(all counts are zero)"
            )


def _qubit_list(value: Any) -> list[int] | None:
    if not isinstance(value, list) or not value:
        return None
    if not all(type(q) is int and 0 <= q < 1_000_000 for q in value):
        return None
    return list(value)


def _check_mitigation(
    record: JobRecord, mitigation: Any, counts: list[dict[str, Any]]
) -> tuple[list[list[int]], list[int]]:
    """``(measured, calibrated)`` of a record's ``mitigation`` field, checked.

    Raises:
        ValueError: the field does not have the form a mitigated run writes (one line).
    """

    def damaged(what: str) -> ValueError:
        return ValueError(f"job record {record.job_id}: field 'mitigation' is damaged: {what}")

    if not isinstance(mitigation, Mapping) or mitigation.get("method") != "mthree":
        return_text = repr(mitigation)
        raise damaged(
            "must be an object with method 'mthree', was "
            + (return_text if len(return_text) <= 60 else return_text[:57] + "...")
        )
    if len(counts) < 3:
        raise damaged(
            f"a mitigated record holds its circuits and 2 calibrations, has {len(counts)}"
        )
    calibrated = _qubit_list(mitigation.get("calibrated_qubits"))
    if calibrated is None or len(set(calibrated)) != len(calibrated):
        raise damaged("'calibrated_qubits' must be a list of distinct qubit numbers")
    measured_field = mitigation.get("measured_qubits")
    if not isinstance(measured_field, list) or len(measured_field) != len(counts) - 2:
        raise damaged(f"'measured_qubits' must list the qubits of {len(counts) - 2} circuits")
    measured = [_qubit_list(qubits) for qubits in measured_field]
    if any(qubits is None for qubits in measured):
        raise damaged("'measured_qubits' must hold lists of qubit numbers")
    widths = [*(len(qubits) for qubits in measured), len(calibrated), len(calibrated)]  # type: ignore[arg-type]
    for index, (circuit_counts, width) in enumerate(zip(counts, widths)):
        if any(len(key.replace(" ", "")) != width for key in circuit_counts):
            raise damaged(f"the counts of circuit {index} do not have {width} bits")
    return measured, calibrated  # type: ignore[return-value]


def fetch_job(
    job_id: str,
    directory: str | os.PathLike[str] | None = None,
    *,
    secret: Sequence[int] | None = None,
) -> JobDecoding:
    """Read the record of ``job_id``, complete it from IBM Quantum if needed, decode it.

    Args:
        job_id: the job id (as printed by ``solve`` or ``jobs list``), or a prefix of
            it that only one record has.
        directory: the jobs directory (see :func:`mastermind_q.jobs.jobs_directory`).
        secret: optional; when given, :attr:`JobDecoding.solved` says whether the
            decoded answer is it.

    Raises:
        JobRecordNotFoundError: no record for ``job_id``.
        mastermind_q.jobs.AmbiguousJobIdError: a prefix that several records have.
        JobNotFinishedError: the job is still queued or running, or a local job was
            interrupted before it finished (its counts died with its process).
        mastermind_q.backends.BackendUnavailableError: IBM Quantum not reachable.
    """
    from .backends import backend_kind, retrieve_counts
    from .jobs import resolve_job_id

    job_id = resolve_job_id(job_id, directory)
    record = read_record(job_id, directory)
    if record.counts is None:
        if backend_kind(record.backend) != "ibm":
            raise JobNotFinishedError(
                f"job {job_id} ran locally on {record.backend!r} and did not finish; "
                "local jobs cannot be retrieved later: run it again"
            )
        status, counts = retrieve_counts(job_id, record.backend, record.registers)
        if counts is None:
            raise JobNotFinishedError(f"job {job_id} on {record.backend} is {status}; try later")
        record = record.finished_with(counts)
        write_record(record, directory)
    return decode_record(record, secret=secret)
