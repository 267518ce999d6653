"""The fast ``fake:`` path: Aer with the device noise model on the active qubits only."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from qiskit import QuantumCircuit

from .names import fake_backend

__all__ = [
    "FAKE_DENSITY_MATRIX_MAX_QUBITS",
]

FAKE_DENSITY_MATRIX_MAX_QUBITS = 10
"""Fast ``fake:`` path: above this many active qubits, noisy statevector trajectories."""


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
    if method == "statevector":
        from ..limits import check_statevector

        check_statevector(len(active), what=f"a noisy run on {len(active)} active qubits")
    simulator = AerSimulator(noise_model=restricted, method=method)
    return AerSampler.from_backend(simulator, seed=seed), reduced
