"""Device jobs (``fake:`` and ``ibm:``): submit, record, wait, read counts; retrieve later."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from qiskit import QuantumCircuit

from .batching import OpenBatch
from .mitigation import (
    CALIBRATION_NAMES,
    CALIBRATION_REGISTER,
    calibration_circuits,
    measured_qubits,
    mitigate_counts,
)
from .names import BackendUnavailableError, backend_kind, ibm_service, resolve_backend
from .noisy import apply_dynamical_decoupling, run_fast_fake
from .options import (
    ExecutionOptions,
    JobInterrupted,
    ProgressEvent,
    check_noise_options,
    current_execution_options,
)
from .transpiling import _check_width, compile_setting, transpile_for
from .worker import run_simulation

if TYPE_CHECKING:
    from qiskit.providers import BackendV2

__all__ = [
    "retrieve_counts",
]


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


def _runtime_sampler(
    device: BackendV2,
    *,
    kind: str,
    shots: int,
    seed: int | None,
    options: ExecutionOptions,
    batch: Any = None,
) -> Any:
    """qiskit-ibm-runtime's executor-based ``Sampler`` (local mode for fakes).

    Job mode, or batch mode when ``batch`` (a :class:`~qiskit_ibm_runtime.Batch`, see
    :mod:`.batching`) is given.

    Error suppression is the sampler's own: ``options.dynamical_decoupling``
    (``enable``, ``sequence_type``) and ``options.twirling`` (``enable_gates`` and
    ``enable_measure``: Pauli twirling of the two-qubit gates and the measurements,
    samplomatic's boxes, ``num_randomizations="auto"``).
    """
    from qiskit_ibm_runtime.executor_sampler import Sampler

    sampler = Sampler(mode=device if batch is None else batch)
    sampler.options.default_shots = shots
    if kind == "fake" and seed is not None:
        sampler.options.simulator.seed_simulator = seed
    if options.dynamical_decoupling is not None:
        sampler.options.dynamical_decoupling.enable = True
        sampler.options.dynamical_decoupling.sequence_type = options.dynamical_decoupling
    if options.twirling:
        sampler.options.twirling.enable_gates = True
        sampler.options.twirling.enable_measure = True
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


def _simulate_job(
    sampler: Any, pubs: list[QuantumCircuit], shots: int, registers: list[str], *, notify: Any
) -> list[dict[str, int]]:
    """Run a local (``fake:``) sampler job: ``notify(job_id)`` once submitted; the counts."""
    job = sampler.run(pubs, shots=shots)
    notify(str(job.job_id()))
    return _counts_from(_wait(job, kind="fake", options=ExecutionOptions()), registers)


def _simulate_fast(
    compiled: list[QuantumCircuit],
    device_name: str,
    shots: int,
    seed: int | None,
    *,
    notify: Any,
) -> list[dict[str, int]]:
    """Run the fast ``fake:`` path (:func:`~.noisy.run_fast_fake`) as a local job."""
    import uuid

    notify(f"aer-{uuid.uuid4().hex[:16]}")
    return run_fast_fake(compiled, device_name, shots=shots, seed=seed)


def _run_device_job(
    circuits: Sequence[QuantumCircuit],
    *,
    name: str,
    shots: int,
    seed: int | None,
    metadata: Mapping[str, Any] | None,
    options: ExecutionOptions,
    batch: OpenBatch | None = None,
) -> list[dict[str, int]] | list[dict[str, float]]:
    """Transpile, submit, record, wait, read counts: the ``fake:`` / ``ibm:`` path.

    ``batch``: the open runtime batch the job joins (the execution record's), if any.

    ``fake:`` jobs are simulated through
    :func:`~mastermind_q.backends.worker.run_simulation` (in a worker process with
    ``isolate=True``); ``ibm:`` jobs are polled here.

    With :attr:`ExecutionOptions.mitigate` the two calibration circuits of
    :mod:`.mitigation` run last in the same job (and in its record, whose parameters say
    which qubits each circuit measured); the return value is then mthree's
    quasi-probabilities of each circuit.
    """
    from .. import jobs

    kind = backend_kind(name)
    registers = _register_names(circuits)
    if kind == "ibm" or options.record:  # a job must not be submitted if no record can be
        jobs.check_writable(options.jobs_dir)
    device = resolve_backend(name)
    _check_width(circuits, name, device)
    compiled = transpile_for(
        circuits,
        device,
        optimization_level=options.optimization_level,
        seed=seed,
        progress=options.progress,
    )
    fast = kind == "fake" and options.fake_mode == "aer"
    if kind == "fake" and not fast:
        # The runtime's local mode simulates the qubits the circuits touch on one Aer
        # state: at least a statevector of them (a density matrix when Aer picks it).
        from ..limits import check_statevector
        from .noisy import _active_qubits

        active = len(_active_qubits(compiled))
        check_statevector(active, what=f"a noisy local-mode run on {active} active qubits")
    check_noise_options(name, options)  # twirling on the fast fake: path
    if fast and options.dynamical_decoupling is not None:
        compiled = apply_dynamical_decoupling(
            compiled, name.removeprefix("fake:"), options.dynamical_decoupling
        )
    names = [circuit.name for circuit in circuits]
    settings: dict[str, Any] = {}  # error suppression and mitigation, when asked for
    if options.dynamical_decoupling is not None:
        settings["dynamical_decoupling"] = options.dynamical_decoupling
    if options.twirling:
        settings["twirling"] = True
    if options.mitigate:
        measured = [measured_qubits(circuit) for circuit in compiled]
        calibrated = sorted({qubit for qubits in measured for qubit in qubits})
        compiled = [
            *compiled,
            *calibration_circuits(
                calibrated, device.num_qubits, basis=list(device.target.operation_names)
            ),
        ]
        registers = [*registers, CALIBRATION_REGISTER, CALIBRATION_REGISTER]
        names = [*names, *CALIBRATION_NAMES]
        settings["mitigation"] = {
            "method": "mthree",
            "measured_qubits": measured,
            "calibrated_qubits": calibrated,
        }
    pubs = list(compiled)
    opened = None if fast or batch is None or batch.backend != name else batch
    if fast:
        sampler = None
        engine = "aer-noise-model"
    else:
        sampler = _runtime_sampler(
            device,
            kind=kind,
            shots=shots,
            seed=seed,
            options=options,
            batch=None if opened is None else opened.batch,
        )
        engine = "qiskit-ibm-runtime" + (" local mode" if kind == "fake" else "")
        engine += "" if opened is None else ", batch mode"
    submitted: dict[str, Any] = {}
    label = f"{name} ({engine}), {len(pubs)} circuit{'s' if len(pubs) != 1 else ''}"

    def on_submitted(job_id: str) -> None:  # writes the job record before the wait
        submitted["job_id"] = job_id
        if kind == "ibm" or options.record:
            submitted["record"] = jobs.JobRecord.new(
                job_id=job_id,
                backend=name,
                engine=engine,
                metadata={**dict(metadata or {}), **settings},
                shots=shots,
                seed=seed,
                optimization_level=compile_setting(
                    device, options.optimization_level
                ).optimization_level,
                registers=registers,
                circuit_names=names,
                batch_id=None if opened is None else opened.batch_id,
            )
            submitted["path"] = jobs.write_record(submitted["record"], options.jobs_dir)
        options.report(ProgressEvent("submitted", 0, 1, job_id, submitted.get("path")))
        if kind == "fake":
            options.report(ProgressEvent("simulate", 0, 1, label))

    try:
        if fast:
            counts = run_simulation(
                _simulate_fast,
                pubs,
                name.removeprefix("fake:"),
                shots,
                seed,
                options=options,
                label=label,
                on_message=on_submitted,
                announce=False,
            )
        elif kind == "fake":
            counts = run_simulation(
                _simulate_job,
                sampler,
                list(pubs),
                shots,
                registers,
                options=options,
                label=label,
                on_message=on_submitted,
                announce=False,
            )
        else:
            assert sampler is not None  # made above whenever the fast path is not taken
            job = sampler.run(pubs, shots=shots)
            on_submitted(str(job.job_id()))
            counts = _counts_from(_wait(job, kind=kind, options=options), registers)
    except KeyboardInterrupt:
        if "job_id" not in submitted:
            raise
        raise JobInterrupted(submitted["job_id"], submitted.get("path")) from None
    job_id = submitted["job_id"]
    record = submitted.get("record")
    record_path = submitted.get("path")
    if record is not None:
        record_path = jobs.write_record(record.finished_with(counts), options.jobs_dir)
    options.report(ProgressEvent("done", 1, 1, job_id, record_path))
    if options.mitigate:
        mitigation = settings["mitigation"]
        return mitigate_counts(
            counts[:-2], mitigation["measured_qubits"], counts[-2:], mitigation["calibrated_qubits"]
        )
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
