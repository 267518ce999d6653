"""Execution settings the solvers do not pass through, and the progress events of a run."""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..circuits.oracle.names import ORACLE_METHODS
from .names import FAKE_MODES

__all__ = [
    "DD_SEQUENCES",
    "DEFAULT_SHOTS",
    "ORACLE_CONSTRUCTIONS",
    "ExecutionOptions",
    "JobInterrupted",
    "ProgressEvent",
    "current_execution_options",
    "execution_options",
]

DEFAULT_SHOTS = 1024
"""Shots per circuit when none are given."""
DD_SEQUENCES = ("XX", "XpXm", "XY4")
"""Dynamical decoupling sequences (the runtime sampler's ``sequence_type`` values)."""

ORACLE_CONSTRUCTIONS = ORACLE_METHODS
"""Values of :attr:`ExecutionOptions.oracle_construction`: ``"auto"`` or one of
:data:`mastermind_q.circuits.oracle.CONSTRUCTIONS`
(:data:`mastermind_q.circuits.oracle.names.ORACLE_METHODS`)."""


class JobInterrupted(KeyboardInterrupt):
    """Waiting for a submitted job was interrupted; the job itself goes on.

    Attributes:
        job_id: the job's id.
        record_path: where its job record lies (``None`` if none was written).
    """

    def __init__(self, job_id: str, record_path: Path | None) -> None:
        self.job_id = job_id
        self.record_path = record_path
        if record_path is None:
            text = f"stopped waiting for job {job_id} (no job record was written)"
        else:
            text = (
                f"stopped waiting for job {job_id}; its record is {record_path}: "
                f"decode it later with `mastermind-q jobs fetch {job_id}`"
            )
        super().__init__(text)


@dataclasses.dataclass(frozen=True)
class ProgressEvent:
    """One step of a run, reported to :attr:`ExecutionOptions.progress`.

    Stages, in the order a run goes through them:

    * ``"transpile"``: one event per circuit compiled;
    * ``"submitted"``: a device job (``fake:``, ``ibm:``) was submitted; ``detail`` is
      the job id, ``record_path`` set when a job record was written;
    * ``"waiting"``: hardware only, ``detail`` is the job status (queued, running);
    * ``"simulate"``: a simulator runs the circuits (Aer, and the noisy ``fake:``
      runs); ``detail`` says what runs. Reported when the simulation starts and, with
      :attr:`ExecutionOptions.isolate`, every half second with ``seconds`` elapsed;
    * ``"done"``: the counts are in.

    Attributes:
        stage: the stage, as above.
        done: steps finished in this stage.
        total: steps in this stage.
        detail: free text (job id, job status, what is simulated).
        record_path: the job record, for ``"submitted"``.
        seconds: seconds since the stage began (``"simulate"``), else 0.
    """

    stage: str
    done: int
    total: int
    detail: str = ""
    record_path: Path | None = None
    seconds: float = 0.0


@dataclasses.dataclass(frozen=True)
class ExecutionOptions:
    """Execution settings the solvers do not pass through (see :func:`execution_options`).

    Attributes:
        optimization_level: preset pass manager level, 0-3, or ``None`` (default): the
            device's measured compile setting
            (:func:`~mastermind_q.backends.transpiling.compile_setting`; level 1 on Aer).
        record: write a job record for ``fake:`` jobs too (``ibm:`` jobs always get one).
        jobs_dir: job record directory (default: :func:`mastermind_q.jobs.jobs_directory`).
        fake_mode: ``"aer"`` (fast path) or ``"runtime"`` (qiskit-ibm-runtime local mode).
        progress: called with a :class:`ProgressEvent` at each step; ``None``: silent.
        poll_interval: seconds between status checks while waiting on hardware.
        oracle_construction: the black-peg oracle construction the quantum solvers
            ask the codemaker for (:data:`ORACLE_CONSTRUCTIONS`). ``"auto"`` (default):
            on a device (``fake:``, ``ibm:``) the one with the fewest two-qubit gates
            after transpiling for its target, ties by depth
            (:func:`mastermind_q.quantum.choose_oracle_construction`); on Aer the
            default construction (``increment`` for Aer MPS runs of ``adaptive``).
        isolate: run simulations in a worker process that a ``KeyboardInterrupt`` can
            abandon at once (:mod:`mastermind_q.backends.worker`; Aer holds the GIL
            while it simulates, so in-process runs cannot be interrupted). ``None``
            (default): isolate the simulations that may be long
            (:func:`~mastermind_q.backends.worker.isolates`: wider than
            :data:`~mastermind_q.backends.worker.AUTO_ISOLATE_QUBITS` qubits, more than
            :data:`~mastermind_q.backends.worker.AUTO_ISOLATE_OPERATIONS` operations on
            Aer) when called from the main thread, so Ctrl-C in Python
            or Jupyter's "interrupt kernel" stops them within a second; small runs stay
            in the calling process. ``True``: every simulation, noisy ``fake:`` runs
            included (the command line sets it); ``False``: none.
        dynamical_decoupling: ``None`` (off) or a sequence of :data:`DD_SEQUENCES`
            (``"XX"``, ``"XpXm"``, ``"XY4"``) inserted into idle periods. ``ibm:`` and
            ``fake_mode="runtime"``: the runtime sampler's
            ``options.dynamical_decoupling``; the fast ``fake:`` path schedules the
            circuits (ALAP, device durations) and pads them with Qiskit's
            :class:`~qiskit.transpiler.passes.PadDynamicalDecoupling`, so the idle
            relaxation and the pulses' own errors are simulated. Ignored on ``aer``.
        twirling: Pauli twirling of the two-qubit gates and the measurements
            (the runtime sampler's ``options.twirling``), ``ibm:`` and
            ``fake_mode="runtime"`` only: on the fast ``fake:`` path the noise model is
            already a Pauli-and-relaxation channel with no coherent part for twirling
            to remove, so it is refused there (:class:`ValueError`, at run time).
        mitigate: readout-error mitigation with mthree (:mod:`.mitigation`) on
            ``fake:`` and ``ibm:``: two calibration circuits run in the same job, and
            :func:`~mastermind_q.backends.sample_counts` returns quasi-probabilities
            (floats summing to 1, possibly negative) instead of counts. ``aer`` has no
            readout error: its counts are returned unchanged.
    """

    optimization_level: int | None = None
    record: bool = False
    jobs_dir: str | Path | None = None
    fake_mode: str = "aer"
    progress: Callable[[ProgressEvent], None] | None = None
    poll_interval: float = 5.0
    oracle_construction: str = "auto"
    isolate: bool | None = None
    dynamical_decoupling: str | None = None
    twirling: bool = False
    mitigate: bool = False

    def __post_init__(self) -> None:
        level = self.optimization_level
        if level is not None and (
            isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 3
        ):
            raise ValueError(f"optimization_level must be one of 0, 1, 2, 3, was {level!r}")
        if self.fake_mode not in FAKE_MODES:
            raise ValueError(
                f"fake_mode must be one of {', '.join(FAKE_MODES)}, was {self.fake_mode!r}"
            )
        if self.oracle_construction not in ORACLE_CONSTRUCTIONS:
            raise ValueError(
                f"oracle_construction must be one of {', '.join(ORACLE_CONSTRUCTIONS)}, "
                f"was {self.oracle_construction!r}"
            )
        if not self.poll_interval > 0:
            raise ValueError(f"poll_interval must be positive, was {self.poll_interval!r}")
        if self.dynamical_decoupling is not None and self.dynamical_decoupling not in DD_SEQUENCES:
            raise ValueError(
                f"dynamical_decoupling must be None or one of {', '.join(DD_SEQUENCES)}, "
                f"was {self.dynamical_decoupling!r}"
            )
        if self.isolate is not None and not isinstance(self.isolate, bool):
            raise ValueError(f"isolate must be True, False or None, was {self.isolate!r}")
        for flag in ("twirling", "mitigate"):
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"{flag} must be True or False, was {getattr(self, flag)!r}")

    def report(self, event: ProgressEvent) -> None:
        """Pass ``event`` to :attr:`progress`, if set."""
        if self.progress is not None:
            self.progress(event)


_DEFAULT_OPTIONS = ExecutionOptions()
_OPTIONS: contextvars.ContextVar[ExecutionOptions | None] = contextvars.ContextVar(
    "mastermind_q_execution_options", default=None
)


def current_execution_options() -> ExecutionOptions:
    """The :class:`ExecutionOptions` in force (defaults outside :func:`execution_options`)."""
    return _OPTIONS.get() or _DEFAULT_OPTIONS


@contextlib.contextmanager
def execution_options(**changes: Any) -> Iterator[ExecutionOptions]:
    """Set :class:`ExecutionOptions` fields for the ``with`` block (nested blocks stack).

    Example:
        >>> with execution_options(optimization_level=0) as options:
        ...     options.optimization_level
        0

    Raises:
        ValueError: an unknown field or an invalid value.
    """
    fields = {field.name for field in dataclasses.fields(ExecutionOptions)}
    unknown = sorted(set(changes) - fields)
    if unknown:
        raise ValueError(f"unknown execution option(s) {unknown}; valid: {sorted(fields)}")
    options = dataclasses.replace(current_execution_options(), **changes)
    token = _OPTIONS.set(options)
    try:
        yield options
    finally:
        _OPTIONS.reset(token)
