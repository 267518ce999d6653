"""Transpiling for a backend: Aer's basis, or a device's :class:`~qiskit.transpiler.Target`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from qiskit import QuantumCircuit

from .names import CircuitTooWideError, aer_method, backend_kind, resolve_backend
from .options import ExecutionOptions, ProgressEvent, current_execution_options

if TYPE_CHECKING:
    from qiskit.providers import BackendV2

__all__ = [
    "AER_BASIS",
    "AER_MPS_BASIS",
    "transpile_for",
]

AER_BASIS = ("cx", "rz", "sx", "x", "h", "p", "u")
"""Basis used when transpiling for Aer (wide circuits cannot target the MPS simulator)."""
AER_MPS_BASIS = (*AER_BASIS, "cp", "ccx", "swap")
"""Basis for Aer's matrix product state method: it applies ``cp``, ``ccx`` and ``swap``
natively, so keeping them saves gates (a ``cp`` would otherwise become 2 ``cx`` + 3 ``p``)."""


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
