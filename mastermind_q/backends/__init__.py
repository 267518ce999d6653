"""Backend names -> Qiskit execution: transpile, run through a sampler, return counts.

Backend names (DESIGN.md section 4):

* ``aer`` (default): Aer, method picked by the toolkit (statevector when the circuit is
  narrow, matrix product state when it is wide);
* ``aer-statevector``, ``aer-mps``: Aer with that method;
* ``fake:NAME``: a qiskit-ibm-runtime fake backend (noisy, offline);
* ``ibm:NAME``: a real IBM Quantum device through ``QiskitRuntimeService``.

Execution. Circuits are transpiled with Qiskit's preset pass managers
(:func:`~qiskit.transpiler.generate_preset_pass_manager`, optimisation level
:attr:`ExecutionOptions.optimization_level`; by default the setting measured best for
the device family, :func:`~.transpiling.compile_setting`) for the target -- Aer's
basis, or the device's :class:`~qiskit.transpiler.Target` -- and run as one sampler
job of one PUB per circuit:

* Aer: :class:`qiskit_aer.primitives.SamplerV2`;
* ``ibm:NAME``: qiskit-ibm-runtime's client-side
  executor-based :class:`qiskit_ibm_runtime.executor_sampler.Sampler` (its
  ``SamplerV2`` is deprecated since 0.50) in job mode on the device;
* ``fake:NAME``: by default the fast path (:mod:`.noisy`): Aer with the device noise
  model built for the qubits the transpiled circuits touch only (idle qubits never
  enter a gate, so the distribution is the same); up to
  :data:`FAKE_DENSITY_MATRIX_MAX_QUBITS` active qubits Aer's density matrix (for one
  seed the counts are identical to the runtime's local mode), above that
  :data:`FAKE_TRAJECTORIES` noise trajectories on a matrix product state, each
  contributing its exact output distribution (FindTwoColorPosition at n = 5, k = 4 on
  ``fake:torino``: seconds instead of minutes; the rule, the one approximation and its
  check against the density matrix are in :mod:`.noisy` and ``benchmarks/RESULTS.md``).
  With ``fake_mode="runtime"`` the same executor ``Sampler`` as ``ibm:`` runs in the
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

Error suppression and mitigation (:class:`ExecutionOptions` fields, CLI ``--dd``,
``--twirl``, ``--mitigate``): dynamical decoupling and Pauli twirling are the runtime
sampler's options on ``ibm:`` (and ``fake_mode="runtime"``); the fast ``fake:`` path
simulates dynamical decoupling with Qiskit's scheduling passes; readout-error
mitigation with mthree (:mod:`.mitigation`) is calibrated in the same job on ``fake:``
and ``ibm:`` and makes :func:`sample_counts` return quasi-probabilities. Job records
name what was used.

Nothing here prints: progress goes to the :attr:`ExecutionOptions.progress` callback.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from qiskit import QuantumCircuit

from .aer import (
    MPS_HUB_REGISTERS,
    MPS_SWAP_DIRECTION,
    exact_probabilities,
    order_for_mps,
    sample_aer,
)
from .batching import runtime_batch
from .chain import chain_for_mps
from .names import (
    BACKEND_FORMS,
    FAKE_MODES,
    IBM_CREDENTIAL_VARIABLES,
    STATEVECTOR_MAX_QUBITS,
    BackendUnavailableError,
    CircuitTooWideError,
    aer_method,
    backend_kind,
    fake_backend,
    fake_backend_names,
    ibm_service,
    is_exact,
    resolve_backend,
    validate_backend_name,
)
from .noisy import FAKE_DENSITY_MATRIX_MAX_QUBITS, FAKE_TRAJECTORIES
from .options import (
    DD_SEQUENCES,
    DEFAULT_SHOTS,
    ORACLE_CONSTRUCTIONS,
    Execution,
    ExecutionOptions,
    JobInterrupted,
    ProgressEvent,
    current_execution_options,
    execution_options,
    resolve_execution,
)
from .runtime import _run_device_job, retrieve_counts
from .transpiling import AER_BASIS, AER_MPS_BASIS, transpile_for

__all__ = [
    "AER_BASIS",
    "AER_MPS_BASIS",
    "BACKEND_FORMS",
    "DD_SEQUENCES",
    "DEFAULT_SHOTS",
    "FAKE_DENSITY_MATRIX_MAX_QUBITS",
    "FAKE_MODES",
    "FAKE_TRAJECTORIES",
    "IBM_CREDENTIAL_VARIABLES",
    "MPS_HUB_REGISTERS",
    "MPS_SWAP_DIRECTION",
    "ORACLE_CONSTRUCTIONS",
    "STATEVECTOR_MAX_QUBITS",
    "BackendUnavailableError",
    "CircuitTooWideError",
    "Execution",
    "ExecutionOptions",
    "JobInterrupted",
    "ProgressEvent",
    "aer_method",
    "backend_kind",
    "chain_for_mps",
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
    "runtime_batch",
    "sample_counts",
    "transpile_for",
    "validate_backend_name",
]


def sample_counts(
    circuits: Sequence[QuantumCircuit],
    *,
    backend: str = "aer",
    shots: int | None = None,
    seed: int | None = None,
    metadata: Mapping[str, Any] | None = None,
    execution: Execution | None = None,
) -> list[dict[str, int]] | list[dict[str, float]]:
    """Run measured ``circuits`` as one SamplerV2 job; return one counts dict per circuit.

    Each circuit's classical bits must form one register; the counts keys are its
    bitstrings (Qiskit order: clbit 0 rightmost). With
    :attr:`ExecutionOptions.mitigate` on ``fake:`` / ``ibm:`` the dicts hold mthree's
    mitigated quasi-probabilities (floats summing to 1) instead of counts.

    Args:
        circuits: measured circuits (one classical register each).
        backend: a backend name (see :data:`BACKEND_FORMS`).
        shots: shots per circuit (default :data:`DEFAULT_SHOTS`).
        seed: simulator seed.
        metadata: what the job is (``method``, ``n``, ``k``, circuit parameters); saved
            in the job record of hardware runs so the job can be decoded later.
        execution: the :class:`Execution` record to run with (its backend, shots, seed,
            options and batch); default: one built here from ``backend``, ``shots``,
            ``seed`` and the :func:`execution_options` in force.

    Raises:
        ValueError: invalid backend name, shots or seed; noise options the backend
            does not apply (:func:`~.options.check_noise_options`).
        mastermind_q.limits.ResourceLimitError: shots times circuits above the limit, or
            a statevector that does not fit in memory.
    """
    if execution is None:
        execution = Execution.here(backend, shots, seed)
    else:
        execution = resolve_execution(
            execution, backend=None if backend == "aer" else backend, shots=shots, seed=seed
        )
    return _sample_counts(circuits, execution, metadata)


def _sample_counts(
    circuits: Sequence[QuantumCircuit],
    execution: Execution,
    metadata: Mapping[str, Any] | None = None,
) -> list[dict[str, int]] | list[dict[str, float]]:
    """:func:`sample_counts` with a resolved record (the codemaker's run, which resolved it)."""
    from ..limits import check_shots

    name = execution.backend
    circuits = list(circuits)
    if not circuits:
        raise ValueError("circuits must hold at least one circuit, was empty")
    shots = check_shots(
        DEFAULT_SHOTS if execution.shots is None else execution.shots, circuits=len(circuits)
    )
    seed = execution.seed
    options = execution.options
    if not name.startswith("aer"):
        return _run_device_job(
            circuits,
            name=name,
            shots=shots,
            seed=seed,
            metadata=metadata,
            options=options,
            batch=execution.batch,
        )
    return sample_aer(circuits, name=name, shots=shots, seed=seed, options=options)
