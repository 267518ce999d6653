"""Execution settings: the :class:`Execution` record a run is given, its options, progress.

An entry point (:func:`mastermind_q.solve`, :func:`mastermind_q.compare.compare`, the
command line, a worker process) builds one :class:`Execution` -- backend, shots, seed,
the :class:`ExecutionOptions` (oracle construction, noise suppression and mitigation,
fake-backend path, progress) and the open runtime batch -- and passes it explicitly to
the codebreaker and the codemaker, as qiskit-algorithms injects its sampler. The
:func:`execution_options` block sets the options an entry point starts from; nothing
below the entry point reads it.
"""

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
    "Execution",
    "ExecutionOptions",
    "JobInterrupted",
    "ProgressEvent",
    "check_noise_options",
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
        from ..game import validate_flag, validate_optional_flag

        validate_optional_flag(self.isolate, "isolate")
        for flag in ("record", "twirling", "mitigate"):
            validate_flag(getattr(self, flag), flag)

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


@dataclasses.dataclass(frozen=True)
class OpenBatch:
    """A runtime batch open for the jobs on ``backend``."""

    backend: str
    batch: Any
    local_id: str

    @property
    def batch_id(self) -> str:
        """The runtime's batch id, or the local name when the runtime gives none."""
        return getattr(self.batch, "session_id", None) or self.local_id


_BATCH: contextvars.ContextVar[OpenBatch | None] = contextvars.ContextVar(
    "mastermind_q_batch", default=None
)


def current_batch(backend: str) -> OpenBatch | None:
    """The batch open for ``backend`` here, if any."""
    batch = _BATCH.get()
    return batch if batch is not None and batch.backend == backend else None


def check_noise_options(backend: str, options: ExecutionOptions) -> None:
    """Refuse error suppression or mitigation that ``backend`` would not apply.

    Dynamical decoupling, twirling and readout mitigation act on a device's noise
    (``fake:``, ``ibm:``); Aer has none, so asking for them there is refused rather
    than ignored. Twirling runs in the runtime sampler only (``ibm:``, or ``fake:`` with
    ``fake_mode="runtime"``): the fast ``fake:`` path's noise model is a Pauli and
    relaxation channel with no coherent part for twirling to remove.

    Raises:
        ValueError: naming the option, its value and the backend.
    """
    from .names import backend_kind

    kind = backend_kind(backend)
    if kind == "aer":
        asked = [
            f"{name}={value!r}"
            for name, value, default in (
                ("dynamical_decoupling", options.dynamical_decoupling, None),
                ("twirling", options.twirling, False),
                ("mitigate", options.mitigate, False),
            )
            if value != default
        ]
        if asked:
            raise ValueError(
                "error suppression and mitigation act on a device's noise (fake: and ibm: "
                f"backends) and the Aer simulator has none, was {' and '.join(asked)} with "
                f"backend={backend!r}"
            )
    elif options.twirling and kind == "fake" and options.fake_mode == "aer":
        raise ValueError(
            "twirling runs in the runtime sampler: use it with ibm: backends or with "
            "fake_mode='runtime'; the fast fake: path has no coherent errors for twirling "
            f"to remove, was backend={backend!r} with fake_mode='aer'"
        )


@dataclasses.dataclass(frozen=True)
class Execution:
    """Where and how a codebreaker's circuits run: one value, built once, passed down.

    The entry point (:func:`mastermind_q.solve`, :func:`mastermind_q.compare.compare`,
    the command line, a comparison worker) builds it; the codebreaker and
    :meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>` receive it, and read
    nothing ambient. Building it checks every field and the options against the
    backend (:func:`check_noise_options`), so a request that cannot run is refused
    before any circuit is built.

    Attributes:
        backend: a backend name (``aer``, ``aer-statevector``, ``aer-mps``,
            ``fake:NAME``, ``ibm:NAME``).
        shots: shots per circuit on sampling backends (``None``: :data:`DEFAULT_SHOTS`).
        seed: simulator seed (``None``: unseeded).
        options: the :class:`ExecutionOptions` (oracle construction, optimisation level,
            dynamical decoupling, twirling, mitigation, fake-backend path, job records,
            progress, isolation).
        batch: the runtime batch the device jobs join
            (:func:`mastermind_q.backends.runtime_batch`), or ``None``.

    Example:
        >>> Execution("aer-statevector", seed=3).backend
        'aer-statevector'
        >>> Execution("aer", options=ExecutionOptions(twirling=True))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: error suppression and mitigation act on a device's noise ...
    """

    backend: str = "aer"
    shots: int | None = None
    seed: int | None = None
    options: ExecutionOptions = dataclasses.field(default_factory=ExecutionOptions)
    batch: Any = None

    def __post_init__(self) -> None:
        from ..game import validate_seed
        from ..limits import check_shots
        from .names import validate_backend_name

        object.__setattr__(self, "backend", validate_backend_name(self.backend))
        if self.shots is not None:
            object.__setattr__(self, "shots", check_shots(self.shots))
        object.__setattr__(self, "seed", validate_seed(self.seed))
        if not isinstance(self.options, ExecutionOptions):
            raise ValueError(
                f"options must be an ExecutionOptions, was {type(self.options).__name__}"
            )
        check_noise_options(self.backend, self.options)

    @classmethod
    def here(
        cls,
        backend: str | None = None,
        shots: int | None = None,
        seed: int | None = None,
        **changes: Any,
    ) -> Execution:
        """The record for an entry point: the options of the enclosing
        :func:`execution_options` block (defaults outside one), with ``changes``."""
        from .names import validate_backend_name

        options = current_execution_options()
        if changes:
            options = dataclasses.replace(options, **changes)
        name = validate_backend_name("aer" if backend is None else backend)
        return cls(name, shots, seed, options, current_batch(name))

    def replace(self, **changes: Any) -> Execution:
        """A copy with ``changes`` to the record's fields or to its options' fields."""
        fields = {field.name for field in dataclasses.fields(self)}
        own = {name: value for name, value in changes.items() if name in fields}
        rest = {name: value for name, value in changes.items() if name not in fields}
        if rest:
            own["options"] = dataclasses.replace(own.get("options", self.options), **rest)
        return dataclasses.replace(self, **own)

    def report(self, event: ProgressEvent) -> None:
        """Pass ``event`` to the options' progress callback, if set."""
        self.options.report(event)


def resolve_execution(
    execution: Execution | None,
    *,
    backend: str | None = None,
    shots: int | None = None,
    seed: int | None = None,
) -> Execution:
    """``execution``, or one built here from ``backend``, ``shots`` and ``seed``.

    Raises:
        ValueError: ``execution`` is not an :class:`Execution`, or is given together
            with a ``backend``, ``shots`` or ``seed`` that differs from its own.
    """
    if execution is None:
        return Execution.here(backend, shots, seed)
    if not isinstance(execution, Execution):
        raise ValueError(f"execution must be an Execution, was {type(execution).__name__}")
    for name, value in (("backend", backend), ("shots", shots), ("seed", seed)):
        if value is not None and value != getattr(execution, name):
            raise ValueError(
                f"{name} is given twice: {name}={value!r} and execution.{name}="
                f"{getattr(execution, name)!r}"
            )
    return execution
