"""Backend names -> Qiskit execution: transpile, run through SamplerV2, return counts.

Backend names (DESIGN.md section 4):

* ``aer`` (default): Aer, method picked by the toolkit (statevector when the circuit is
  narrow, matrix product state when it is wide);
* ``aer-statevector``, ``aer-mps``: Aer with that method;
* ``fake:NAME``: a qiskit-ibm-runtime fake backend (noisy, offline);
* ``ibm:NAME``: a real IBM Quantum device through ``QiskitRuntimeService``.

Execution. Circuits are transpiled with Qiskit's preset pass managers
(:func:`~qiskit.transpiler.generate_preset_pass_manager`, optimisation level
:attr:`ExecutionOptions.optimization_level`) for the target -- Aer's basis, or the
device's :class:`~qiskit.transpiler.Target` -- and run as one SamplerV2 job of one PUB
per circuit:

* Aer: :class:`qiskit_aer.primitives.SamplerV2`;
* ``ibm:NAME``: qiskit-ibm-runtime's client-side
  :class:`qiskit_ibm_runtime.executor_sampler.Sampler` (``SamplerV2(mode=...)`` is
  deprecated since 0.50) in job mode on the device;
* ``fake:NAME``: by default the fast path, :class:`qiskit_aer.primitives.SamplerV2`
  with the device noise model of :meth:`qiskit_aer.noise.NoiseModel.from_backend`
  restricted to the qubits the transpiled circuits touch (idle qubits never enter a
  gate, so the distribution is the same; for one circuit of at most
  :data:`FAKE_DENSITY_MATRIX_MAX_QUBITS` active qubits and one seed the counts are
  identical to the runtime's local mode; FindTwoColorPosition at n = 3, k = 4 on
  ``fake:torino``: 5.3 s against 23.7 s, see ``benchmarks/RESULTS.md``). With
  ``fake_mode="runtime"`` the same executor ``Sampler`` as ``ibm:`` runs in the
  runtime's local mode, so the hardware code path (submit, job record, wait, decode)
  is exercised offline.

Hardware jobs (and, on request, fake-backend jobs) leave a job record before the
wait starts (:mod:`mastermind_q.jobs`), so an interrupted run loses nothing:
``mastermind-q jobs fetch JOB_ID`` decodes the job later. Credentials for ``ibm:`` come
from the account saved with ``QiskitRuntimeService.save_account`` or from the
environment variables ``QISKIT_IBM_TOKEN`` / ``QISKIT_IBM_INSTANCE``; they are never
written anywhere by this package.

Options that the solvers do not pass through (optimisation level, job records,
progress reporting, the fake-backend path) are set for a block of code with
:func:`execution_options`::

    with execution_options(optimization_level=3, record=True):
        result = solve(secret, colors=4, method="nonadaptive", backend="fake:torino")

Nothing here prints: progress goes to the :attr:`ExecutionOptions.progress` callback.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import functools
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from qiskit import QuantumCircuit, transpile

if TYPE_CHECKING:
    from qiskit.providers import BackendV2

__all__ = [
    "AER_MPS_BASIS",
    "BACKEND_FORMS",
    "DEFAULT_SHOTS",
    "FAKE_MODES",
    "MPS_HUB_REGISTERS",
    "MPS_SWAP_DIRECTION",
    "STATEVECTOR_MAX_QUBITS",
    "BackendUnavailableError",
    "CircuitTooWideError",
    "ExecutionOptions",
    "JobInterrupted",
    "ProgressEvent",
    "aer_method",
    "backend_kind",
    "current_execution_options",
    "exact_probabilities",
    "execution_options",
    "fake_backend",
    "fake_backend_names",
    "ibm_service",
    "is_exact",
    "order_for_mps",
    "resolve_backend",
    "retrieve_counts",
    "sample_counts",
    "transpile_for",
    "validate_backend_name",
]

BACKEND_FORMS = ("aer", "aer-statevector", "aer-mps", "fake:NAME", "ibm:NAME")
"""The valid backend name forms."""
DEFAULT_SHOTS = 1024
"""Shots per circuit when none are given."""
STATEVECTOR_MAX_QUBITS = 14
"""The ``aer`` backend switches from statevector to matrix product state above this width.

The toolkit's circuits are cheap for MPS (the score register is the only link between
positions; bond dimensions stay small), while a statevector at 20-24 qubits costs
seconds per circuit: MPS is 10-40x faster there, so the switch comes early."""
AER_BASIS = ("cx", "rz", "sx", "x", "h", "p", "u")
"""Basis used when transpiling for Aer (wide circuits cannot target the MPS simulator)."""
AER_MPS_BASIS = (*AER_BASIS, "cp", "ccx", "swap")
"""Basis for Aer's matrix product state method: it applies ``cp``, ``ccx`` and ``swap``
natively, so keeping them saves gates (a ``cp`` would otherwise become 2 ``cx`` + 3 ``p``)."""
MPS_HUB_REGISTERS = ("score", "anc")
"""Registers placed first in the MPS chain by :func:`order_for_mps`."""
MPS_SWAP_DIRECTION = "mps_swap_right"
"""Aer ``mps_swap_direction`` used with :func:`order_for_mps` (the hubs move right)."""


def validate_backend_name(name: Any) -> str:
    """Return ``name`` if it is a valid backend name; raise ``ValueError`` listing the forms."""
    if isinstance(name, str):
        if name in ("aer", "aer-statevector", "aer-mps"):
            return name
        prefix, _, rest = name.partition(":")
        if prefix in ("fake", "ibm") and rest:
            return name
    forms = ", ".join(BACKEND_FORMS)
    raise ValueError(f"backend must be one of {forms}; was {name!r}")


def is_exact(name: str) -> bool:
    """Whether ``name`` gives exact statevector probabilities (``aer-statevector``)."""
    return validate_backend_name(name) == "aer-statevector"


def aer_method(name: str, num_qubits: int) -> str:
    """The Aer simulation method for backend ``name`` and a circuit of ``num_qubits``."""
    name = validate_backend_name(name)
    if name == "aer-statevector":
        return "statevector"
    if name == "aer-mps":
        return "matrix_product_state"
    if name == "aer":
        return "statevector" if num_qubits <= STATEVECTOR_MAX_QUBITS else "matrix_product_state"
    raise ValueError(f"backend {name!r} is not an Aer backend")


def order_for_mps(circuit: QuantumCircuit) -> QuantumCircuit:
    """The same circuit with the hub registers (``score``, ``anc``) first in qubit order.

    Aer's matrix product state method keeps qubits on a line and, for a gate on distant
    qubits, swaps one of them next to the other and leaves it there. In the oracle layout
    (positions first, then the score register and the ancillas) the score register and
    the ancillas meet every position in turn. Placed first, with
    ``mps_swap_direction = "mps_swap_right"`` (:data:`MPS_SWAP_DIRECTION`), these hub
    qubits travel along the chain once, position after position; left at the end they
    are dragged back and forth (3.5x more swaps at ``n = 64, k = 8``, growing
    quadratically in ``n``; see ``benchmarks/RESULTS.md``). Only the qubit order
    changes: registers, measurements and counts keys are unchanged. Circuits without a
    ``score`` or ``anc`` register are returned as they are.

    Example:
        >>> from qiskit.circuit import QuantumCircuit, QuantumRegister
        >>> circuit = QuantumCircuit(QuantumRegister(2, "colors"), QuantumRegister(1, "score"))
        >>> [circuit.find_bit(q).index for q in order_for_mps(circuit).qubits[:1]]
        [2]
    """
    hubs = [
        qubit
        for register in circuit.qregs
        if register.name in MPS_HUB_REGISTERS
        for qubit in register
    ]
    if not hubs:
        return circuit
    hub_set = set(hubs)
    ordered = hubs + [qubit for qubit in circuit.qubits if qubit not in hub_set]
    reordered = QuantumCircuit(ordered, list(circuit.clbits), name=circuit.name)
    for register in (*circuit.qregs, *circuit.cregs):
        reordered.add_register(register)
    for instruction in circuit.data:
        reordered._append(instruction)
    reordered.global_phase = circuit.global_phase
    reordered.metadata = dict(circuit.metadata or {})
    return reordered


FAKE_MODES = ("aer", "runtime")
"""How ``fake:`` backends run: ``aer`` (fast, active qubits only) or ``runtime`` (local mode)."""
FAKE_DENSITY_MATRIX_MAX_QUBITS = 10
"""Fast ``fake:`` path: above this many active qubits, noisy statevector trajectories."""
IBM_CREDENTIAL_VARIABLES = ("QISKIT_IBM_TOKEN", "QISKIT_IBM_INSTANCE")
"""Environment variables read (by qiskit-ibm-runtime) when no account is saved."""


class BackendUnavailableError(ValueError):
    """A backend that cannot be used here: unknown device, no credentials, no service."""


class CircuitTooWideError(ValueError):
    """A circuit needs more qubits than the backend has."""


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

    Attributes:
        stage: ``"transpile"`` (one event per circuit), ``"submitted"`` (``detail`` is
            the job id, ``record_path`` set when a record was written), ``"waiting"``
            (``detail`` is the job status, hardware only) or ``"done"``.
        done: steps finished in this stage.
        total: steps in this stage.
        detail: free text (job id, job status).
        record_path: the job record, for ``"submitted"``.
    """

    stage: str
    done: int
    total: int
    detail: str = ""
    record_path: Path | None = None


@dataclasses.dataclass(frozen=True)
class ExecutionOptions:
    """Execution settings the solvers do not pass through (see :func:`execution_options`).

    Attributes:
        optimization_level: preset pass manager level, 0-3 (default 1).
        record: write a job record for ``fake:`` jobs too (``ibm:`` jobs always get one).
        jobs_dir: job record directory (default: :func:`mastermind_q.jobs.jobs_directory`).
        fake_mode: ``"aer"`` (fast path) or ``"runtime"`` (qiskit-ibm-runtime local mode).
        progress: called with a :class:`ProgressEvent` at each step; ``None``: silent.
        poll_interval: seconds between status checks while waiting on hardware.
    """

    optimization_level: int = 1
    record: bool = False
    jobs_dir: str | Path | None = None
    fake_mode: str = "aer"
    progress: Callable[[ProgressEvent], None] | None = None
    poll_interval: float = 5.0

    def __post_init__(self) -> None:
        level = self.optimization_level
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 3:
            raise ValueError(f"optimization_level must be one of 0, 1, 2, 3, was {level!r}")
        if self.fake_mode not in FAKE_MODES:
            raise ValueError(
                f"fake_mode must be one of {', '.join(FAKE_MODES)}, was {self.fake_mode!r}"
            )
        if not self.poll_interval > 0:
            raise ValueError(f"poll_interval must be positive, was {self.poll_interval!r}")

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


def backend_kind(name: str) -> str:
    """``"aer"``, ``"fake"`` or ``"ibm"`` for the backend name ``name``."""
    name = validate_backend_name(name)
    return name.partition(":")[0] if ":" in name else "aer"


# -- fake and IBM backends -----------------------------------------------------------
def _fake_classes() -> dict[str, type]:
    """Lower-case keys (``torino``, ``faketorino``, ``fake_torino``) -> fake backend class."""
    from qiskit_ibm_runtime import fake_provider

    classes: dict[str, type] = {}
    for attribute in dir(fake_provider):
        if not attribute.startswith("Fake") or attribute.startswith("FakeProvider"):
            continue
        cls = getattr(fake_provider, attribute)
        if not isinstance(cls, type):
            continue
        short = attribute[len("Fake") :]
        short = short.removesuffix("V2").removesuffix("Backend")
        for key in (attribute.lower(), short.lower(), f"fake_{short.lower()}"):
            classes.setdefault(key, cls)
    return classes


def fake_backend_names() -> list[str]:
    """The device names accepted after ``fake:`` (short forms, e.g. ``torino``)."""
    return sorted(key for key in _fake_classes() if not key.startswith("fake"))


@functools.lru_cache(maxsize=8)
def fake_backend(name: str) -> BackendV2:
    """The qiskit-ibm-runtime fake backend for ``name`` (``torino``, ``fake_torino``, ...).

    Raises:
        BackendUnavailableError: no fake backend has that name (the message lists them).
    """
    key = name.removeprefix("fake:").strip().lower()
    cls = _fake_classes().get(key)
    if cls is None:
        valid = ", ".join(fake_backend_names())
        raise BackendUnavailableError(f"no fake backend named {name!r}; available: {valid}")
    return cls()


def ibm_service() -> Any:
    """A ``QiskitRuntimeService`` from the saved account or the environment variables.

    Credentials: the account saved with ``QiskitRuntimeService.save_account``, else
    ``QISKIT_IBM_TOKEN`` (and ``QISKIT_IBM_INSTANCE``). The token is never stored by
    this package.

    Raises:
        BackendUnavailableError: no credentials, or the service cannot be reached.
    """
    from qiskit_ibm_runtime import QiskitRuntimeService

    try:
        return QiskitRuntimeService()
    except Exception as error:  # the runtime raises many kinds; all mean "not usable"
        raise BackendUnavailableError(
            "IBM Quantum is not available: "
            f"{type(error).__name__}: {error}. Save an account with "
            "QiskitRuntimeService.save_account(token=..., instance=...) or set "
            f"{' and '.join(IBM_CREDENTIAL_VARIABLES)}"
        ) from error


def _ibm_backend(name: str) -> BackendV2:
    device = name.removeprefix("ibm:")
    service = ibm_service()
    try:
        return service.backend(device)
    except Exception as error:
        raise BackendUnavailableError(
            f"IBM Quantum backend {device!r} is not available: {type(error).__name__}: {error}"
        ) from error


def resolve_backend(name: str, num_qubits: int = 1) -> BackendV2:
    """The Qiskit backend object for the backend name ``name``.

    Args:
        name: a backend name (see :data:`BACKEND_FORMS`).
        num_qubits: circuit width (picks the Aer method for ``aer``).

    Raises:
        ValueError: an invalid name.
        BackendUnavailableError: an unknown fake device, or IBM Quantum not reachable.
    """
    kind = backend_kind(name)
    if kind == "aer":
        from qiskit_aer import AerSimulator

        return AerSimulator(method=aer_method(name, num_qubits))
    if kind == "fake":
        return fake_backend(name.removeprefix("fake:"))
    return _ibm_backend(name)


def _check_width(circuits: Sequence[QuantumCircuit], name: str, backend: BackendV2) -> None:
    available = backend.num_qubits
    for circuit in circuits:
        if circuit.num_qubits > available:
            raise CircuitTooWideError(
                f"circuit {circuit.name!r} needs {circuit.num_qubits} qubits, "
                f"but backend {name!r} has {available}"
            )


def transpile_for(
    circuits: Sequence[QuantumCircuit],
    backend: str | BackendV2,
    *,
    optimization_level: int | None = None,
    seed: int | None = None,
    qubits_initially_zero: bool = True,
    progress: Callable[[ProgressEvent], None] | None = None,
) -> list[QuantumCircuit]:
    """Transpile ``circuits`` with a preset pass manager for ``backend``.

    Aer names use Aer's basis (no coupling map); device backends (``fake:``, ``ibm:``,
    or a backend object) use their :class:`~qiskit.transpiler.Target`.

    Args:
        circuits: the circuits.
        backend: a backend name or a Qiskit backend.
        optimization_level: 0-3 (default: the current :class:`ExecutionOptions`).
        seed: ``seed_transpiler`` (device targets).
        qubits_initially_zero: ``False`` for a block (e.g. the oracle alone) whose
            inputs are not ``|0>``: synthesis may then not borrow idle qubits as clean
            ancillas.
        progress: called once per transpiled circuit.

    Raises:
        CircuitTooWideError: a circuit is wider than the device.
    """
    from qiskit.transpiler import generate_preset_pass_manager

    options = current_execution_options()
    level = options.optimization_level if optimization_level is None else optimization_level
    ExecutionOptions(optimization_level=level)  # validates the level
    circuits = list(circuits)
    if isinstance(backend, str) and backend_kind(backend) == "aer":
        width = max((circuit.num_qubits for circuit in circuits), default=1)
        mps = aer_method(backend, width) == "matrix_product_state"
        manager = generate_preset_pass_manager(
            optimization_level=level,
            basis_gates=list(AER_MPS_BASIS if mps else AER_BASIS),
            qubits_initially_zero=qubits_initially_zero,
        )
    else:
        device = resolve_backend(backend) if isinstance(backend, str) else backend
        _check_width(circuits, backend if isinstance(backend, str) else device.name, device)
        manager = generate_preset_pass_manager(
            optimization_level=level,
            target=device.target,
            seed_transpiler=seed,
            qubits_initially_zero=qubits_initially_zero,
        )
    compiled = []
    for index, circuit in enumerate(circuits):
        compiled.append(manager.run(circuit))
        if progress is not None:
            progress(ProgressEvent("transpile", index + 1, len(circuits)))
    return compiled


# -- running on devices (fake and IBM) -------------------------------------------------
@functools.lru_cache(maxsize=4)
def _device_noise_model(name: str) -> Any:
    """Aer's noise model of fake device ``name`` (cached: building it takes seconds)."""
    from qiskit_aer.noise import NoiseModel

    return NoiseModel.from_backend(fake_backend(name))


def _active_qubits(circuits: Sequence[QuantumCircuit]) -> list[int]:
    """Physical qubits touched by any of ``circuits`` (all on the same device)."""
    active: set[int] = set()
    for circuit in circuits:
        for instruction in circuit.data:
            if instruction.operation.name == "barrier":
                continue
            active.update(circuit.find_bit(qubit).index for qubit in instruction.qubits)
    return sorted(active)


def _restricted_noise_model(noise_model: Any, positions: Mapping[int, int]) -> Any | None:
    """``noise_model`` on the qubits in ``positions``, renumbered; ``None`` if unsupported.

    Reads the local errors of the model (Aer offers no public remapping since
    ``from_dict`` was deprecated); a model with default (all-qubit) errors or a form
    this code does not know returns ``None`` and the caller takes the full-device path.
    """
    from qiskit_aer.noise import NoiseModel

    local_errors = getattr(noise_model, "_local_quantum_errors", None)
    readout_errors = getattr(noise_model, "_local_readout_errors", None)
    if (
        not isinstance(local_errors, dict)
        or not isinstance(readout_errors, dict)
        or getattr(noise_model, "_default_quantum_errors", None)
        or getattr(noise_model, "_default_readout_error", None) is not None
    ):
        return None
    restricted = NoiseModel(basis_gates=noise_model.basis_gates)
    for gate, errors in local_errors.items():
        for qubits, error in errors.items():
            if all(qubit in positions for qubit in qubits):
                restricted.add_quantum_error(
                    error, gate, [positions[qubit] for qubit in qubits], warnings=False
                )
    for qubits, error in readout_errors.items():
        if all(qubit in positions for qubit in qubits):
            restricted.add_readout_error(
                error, [positions[qubit] for qubit in qubits], warnings=False
            )
    return restricted


def _fast_fake_job(
    compiled: Sequence[QuantumCircuit], device_name: str, *, seed: int | None
) -> tuple[Any, list[QuantumCircuit]]:
    """Sampler and PUB circuits for the fast ``fake:`` path (active qubits only)."""
    from qiskit import QuantumRegister
    from qiskit_aer import AerSimulator
    from qiskit_aer.primitives import SamplerV2 as AerSampler

    noise_model = _device_noise_model(device_name)
    active = _active_qubits(compiled)
    positions = {qubit: index for index, qubit in enumerate(active)}
    restricted = _restricted_noise_model(noise_model, positions)
    has_delays = any(i.operation.name == "delay" for c in compiled for i in c.data)
    if restricted is None or has_delays:
        simulator = AerSimulator.from_backend(fake_backend(device_name), noise_model=noise_model)
        return AerSampler.from_backend(simulator, seed=seed), list(compiled)
    reduced = []
    for circuit in compiled:
        narrow = QuantumCircuit(
            QuantumRegister(len(active), "q"), *circuit.cregs, name=circuit.name
        )
        for instruction in circuit.data:
            indices = [circuit.find_bit(qubit).index for qubit in instruction.qubits]
            if instruction.operation.name == "barrier":
                kept = [positions[i] for i in indices if i in positions]
                if kept:
                    narrow.barrier(kept)
                continue
            qubits = [positions[index] for index in indices]
            narrow.append(instruction.operation, qubits, instruction.clbits)
        reduced.append(narrow)
    # Aer's automatic choice (the runtime's too) may be the density matrix, 2^(2a)
    # amplitudes for a active qubits: beyond FAKE_DENSITY_MATRIX_MAX_QUBITS sample
    # noise trajectories on a statevector instead (the same distribution).
    method = "automatic" if len(active) <= FAKE_DENSITY_MATRIX_MAX_QUBITS else "statevector"
    simulator = AerSimulator(noise_model=restricted, method=method)
    return AerSampler.from_backend(simulator, seed=seed), reduced


def _register_names(circuits: Sequence[QuantumCircuit]) -> list[str]:
    names = []
    for circuit in circuits:
        if len(circuit.cregs) != 1 or circuit.num_clbits == 0:
            raise ValueError(
                f"circuit {circuit.name!r} must have exactly one classical register, "
                f"has {[register.name for register in circuit.cregs]}"
            )
        names.append(circuit.cregs[0].name)
    return names


def _counts_from(result: Any, registers: Sequence[str]) -> list[dict[str, int]]:
    """One counts dict per PUB of a SamplerV2 result (the named register of each)."""
    return [
        {key: int(value) for key, value in getattr(pub.data, register).get_counts().items()}
        for pub, register in zip(result, registers)
    ]


def _runtime_sampler(device: BackendV2, *, kind: str, shots: int, seed: int | None) -> Any:
    """qiskit-ibm-runtime's executor-based SamplerV2 in job mode (local mode for fakes)."""
    from qiskit_ibm_runtime.executor_sampler import Sampler

    sampler = Sampler(mode=device)
    sampler.options.default_shots = shots
    if kind == "fake" and seed is not None:
        sampler.options.simulator.seed_simulator = seed
    return sampler


def _wait(job: Any, *, kind: str, options: ExecutionOptions) -> Any:
    """Wait for ``job`` (polling and reporting its status on hardware); its result."""
    if kind == "ibm":
        polls = 0
        while not job.in_final_state():
            status = job.status()
            options.report(
                ProgressEvent("waiting", polls, polls + 1, str(getattr(status, "name", status)))
            )
            time.sleep(options.poll_interval)
            polls += 1
    try:
        return job.result()
    except KeyboardInterrupt:
        raise
    except Exception as error:
        raise BackendUnavailableError(
            f"job {job.job_id()} failed: {type(error).__name__}: {error}"
        ) from error


def _run_device_job(
    circuits: Sequence[QuantumCircuit],
    *,
    name: str,
    shots: int,
    seed: int | None,
    metadata: Mapping[str, Any] | None,
    options: ExecutionOptions,
) -> list[dict[str, int]]:
    """Transpile, submit, record, wait, read counts: the ``fake:`` / ``ibm:`` path."""
    from . import jobs

    kind = backend_kind(name)
    registers = _register_names(circuits)
    device = resolve_backend(name)
    _check_width(circuits, name, device)
    compiled = transpile_for(
        circuits,
        device,
        optimization_level=options.optimization_level,
        seed=seed,
        progress=options.progress,
    )
    if kind == "fake" and options.fake_mode == "aer":
        sampler, pubs = _fast_fake_job(compiled, name.removeprefix("fake:"), seed=seed)
        engine = "aer-noise-model"
    else:
        sampler = _runtime_sampler(device, kind=kind, shots=shots, seed=seed)
        pubs = compiled
        engine = "qiskit-ibm-runtime" + (" local mode" if kind == "fake" else "")
    job = sampler.run(pubs, shots=shots)
    job_id = str(job.job_id())
    record = None
    record_path = None
    if kind == "ibm" or options.record:
        record = jobs.JobRecord.new(
            job_id=job_id,
            backend=name,
            engine=engine,
            metadata=dict(metadata or {}),
            shots=shots,
            seed=seed,
            optimization_level=options.optimization_level,
            registers=registers,
            circuit_names=[circuit.name for circuit in circuits],
        )
        record_path = jobs.write_record(record, options.jobs_dir)
    options.report(ProgressEvent("submitted", 0, 1, job_id, record_path))
    try:
        result = _wait(job, kind=kind, options=options)
    except KeyboardInterrupt:
        raise JobInterrupted(job_id, record_path) from None
    counts = _counts_from(result, registers)
    if record is not None:
        record_path = jobs.write_record(record.finished_with(counts), options.jobs_dir)
    options.report(ProgressEvent("done", 1, 1, job_id, record_path))
    return counts


def retrieve_counts(
    job_id: str, backend: str, registers: Sequence[str]
) -> tuple[str, list[dict[str, int]] | None]:
    """Status and (when finished) counts of a job submitted earlier to ``ibm:NAME``.

    Args:
        job_id: the job's id.
        backend: the ``ibm:NAME`` it ran on (only ``ibm:`` jobs outlive the process).
        registers: the classical register of each PUB, in order.

    Returns:
        ``(status, counts)``; ``counts`` is ``None`` until the job is done.

    Raises:
        BackendUnavailableError: not an ``ibm:`` backend, no credentials, unknown job,
            or the job failed.
    """
    if backend_kind(backend) != "ibm":
        raise BackendUnavailableError(
            f"job {job_id} ran on {backend!r}: only ibm: jobs can be retrieved from a "
            "service; local jobs keep their counts in the job record"
        )
    service = ibm_service()
    try:
        job = service.job(job_id)
    except Exception as error:
        raise BackendUnavailableError(
            f"job {job_id!r} cannot be retrieved: {type(error).__name__}: {error}"
        ) from error
    status = job.status()
    status = str(getattr(status, "name", status))
    if not job.in_final_state():
        return status, None
    result = _wait(job, kind="local", options=current_execution_options())
    return status, _counts_from(result, registers)


def sample_counts(
    circuits: Sequence[QuantumCircuit],
    *,
    backend: str = "aer",
    shots: int | None = None,
    seed: int | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> list[dict[str, int]]:
    """Run measured ``circuits`` as one SamplerV2 job; return one counts dict per circuit.

    Each circuit's classical bits must form one register; the counts keys are its
    bitstrings (Qiskit order: clbit 0 rightmost).

    Args:
        circuits: measured circuits (one classical register each).
        backend: a backend name (see :data:`BACKEND_FORMS`).
        shots: shots per circuit (default :data:`DEFAULT_SHOTS`).
        seed: simulator seed.
        metadata: what the job is (``method``, ``n``, ``k``, circuit parameters); saved
            in the job record of hardware runs so the job can be decoded later.

    Raises:
        ValueError: invalid backend name or shots.
    """
    from qiskit_aer.primitives import SamplerV2

    name = validate_backend_name(backend)
    if shots is None:
        shots = DEFAULT_SHOTS
    if isinstance(shots, bool) or not isinstance(shots, int) or shots < 1:
        raise ValueError(f"shots must be a positive integer, was {shots!r}")
    circuits = list(circuits)
    if not circuits:
        raise ValueError("circuits must hold at least one circuit, was empty")
    execution = current_execution_options()
    if not name.startswith("aer"):
        return _run_device_job(
            circuits, name=name, shots=shots, seed=seed, metadata=metadata, options=execution
        )
    width = max(circuit.num_qubits for circuit in circuits)
    method = aer_method(name, width)
    compiled = transpile_for(circuits, name, progress=execution.progress)
    options: dict[str, Any] = {"backend_options": {"method": method}}
    if method == "matrix_product_state":
        compiled = [order_for_mps(circuit) for circuit in compiled]
        options["backend_options"]["mps_swap_direction"] = MPS_SWAP_DIRECTION
    if seed is not None:
        options["run_options"] = {"seed_simulator": seed}
    sampler = SamplerV2(options=options)
    result = sampler.run(compiled, shots=shots).result()
    counts = []
    for circuit, pub_result in zip(compiled, result):
        register = circuit.cregs[0].name
        counts.append(dict(getattr(pub_result.data, register).get_counts()))
    execution.report(ProgressEvent("done", 1, 1))
    return counts


def exact_probabilities(circuits: Sequence[QuantumCircuit]) -> list[dict[str, float]]:
    """Exact outcome distributions of measured ``circuits`` (Aer statevector, no sampling).

    The final measurements are removed and the probabilities of the measured qubits are
    read from the statevector, keyed by bitstrings in the same order as
    :func:`sample_counts` keys (clbit 0 rightmost). Outcomes with probability below
    ``1e-12`` are dropped.
    """
    from qiskit_aer import AerSimulator

    prepared = []
    for circuit in circuits:
        measured: dict[int, int] = {}
        for instruction in circuit.data:
            if instruction.operation.name == "measure":
                qubit = circuit.find_bit(instruction.qubits[0]).index
                clbit = circuit.find_bit(instruction.clbits[0]).index
                measured[clbit] = qubit
        if sorted(measured) != list(range(circuit.num_clbits)):
            raise ValueError(
                f"circuit {circuit.name!r} must measure every classical bit once, "
                f"measures {sorted(measured)} of {circuit.num_clbits}"
            )
        bare = circuit.remove_final_measurements(inplace=False)
        compiled = transpile(bare, basis_gates=list(AER_BASIS), optimization_level=1)
        compiled.save_probabilities_dict([measured[c] for c in range(circuit.num_clbits)])
        prepared.append(compiled)
    simulator = AerSimulator(method="statevector")
    result = simulator.run(prepared, shots=1).result()
    distributions = []
    for index, circuit in enumerate(circuits):
        raw = result.data(index)["probabilities"]
        width = circuit.num_clbits
        distributions.append(
            {
                format(int(key, 16) if isinstance(key, str) else int(key), f"0{width}b"): float(p)
                for key, p in raw.items()
                if p > 1e-12
            }
        )
    return distributions
