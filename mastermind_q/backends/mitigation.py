"""Readout-error mitigation with mthree: calibration circuits and quasi-probabilities.

A device misreads a qubit prepared in ``|b>`` as ``1 - b`` with probability
``P(1 - b | b)``; for independent qubits the observed distribution is ``A p`` with
``A = A_{q_{m-1}} (x) ... (x) A_{q_0}``, ``A_q = [[P(0|0), P(0|1)], [P(1|0), P(1|1)]]``.
mthree (IBM's matrix-free measurement mitigation, Nation et al., PRX Quantum 2, 040326
(2021), Section III) solves ``A p = counts / shots`` in the subspace of the observed
bitstrings (cost ``O(#distinct bitstrings^2)`` at most, not ``4^m``) and returns
*quasi-probabilities*: they sum to 1 but may be slightly negative.

Calibration (mthree's ``"marginal"`` method): two circuits on the measured physical
qubits, all ``|0>`` and all ``|1>`` (an ``x`` on each), measured; the per-qubit
marginals give each ``A_q``. :func:`calibration_circuits` builds them for a device and
they run *in the same job* as the circuits they correct (same backend, same
calibration window, one job record): the ``fake:`` path simulates them with the device
noise model, ``ibm:`` runs them on the device.

Example:
    >>> counts = [{"00": 900, "01": 60, "10": 40, "11": 24}]
    >>> calibration = [{"00": 940, "01": 50, "10": 30, "11": 4},
    ...                {"11": 920, "10": 50, "01": 50, "00": 4}]
    >>> quasi = mitigate_counts(counts, [[3, 5]], calibration, [3, 5])
    >>> round(sum(quasi[0].values()), 6), max(quasi[0], key=quasi[0].get)
    (1.0, '00')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from qiskit import ClassicalRegister, QuantumCircuit, QuantumRegister

__all__ = [
    "CALIBRATION_NAMES",
    "CALIBRATION_REGISTER",
    "calibration_circuits",
    "calibration_matrices",
    "measured_qubits",
    "mitigate_counts",
]

CALIBRATION_REGISTER = "m3cal"
"""Classical register of the calibration circuits."""
CALIBRATION_NAMES = ("m3-calibration-0", "m3-calibration-1")
"""Names of the two calibration circuits (all ``|0>``, all ``|1>``), last in a job."""


def measured_qubits(circuit: QuantumCircuit) -> list[int]:
    """The physical qubit measured into each classical bit of a transpiled ``circuit``.

    Raises:
        ValueError: a classical bit is measured twice or never.

    Example:
        >>> circuit = QuantumCircuit(4, 2)
        >>> _ = circuit.measure(3, 0); _ = circuit.measure(1, 1)
        >>> measured_qubits(circuit)
        [3, 1]
    """
    measured: dict[int, int] = {}
    for instruction in circuit.data:
        if instruction.operation.name != "measure":
            continue
        clbit = circuit.find_bit(instruction.clbits[0]).index
        if clbit in measured:
            raise ValueError(f"circuit {circuit.name!r} measures clbit {clbit} twice")
        measured[clbit] = circuit.find_bit(instruction.qubits[0]).index
    if sorted(measured) != list(range(circuit.num_clbits)):
        raise ValueError(
            f"circuit {circuit.name!r} must measure every classical bit once, "
            f"measures {sorted(measured)} of {circuit.num_clbits}"
        )
    return [measured[clbit] for clbit in range(circuit.num_clbits)]


def calibration_circuits(
    qubits: Sequence[int], num_qubits: int, *, basis: Sequence[str] = ("x",)
) -> list[QuantumCircuit]:
    """The two calibration circuits (all ``|0>``, all ``|1>``) on physical ``qubits``.

    Clbit ``i`` measures ``qubits[i]``. The circuits are already in device form (only
    ``x`` -- or ``sx sx`` where the device has no ``x`` -- and ``measure`` on physical
    qubits), so they need no transpiling.

    Args:
        qubits: the physical qubits to calibrate (distinct).
        num_qubits: the device's number of qubits.
        basis: the device's operation names (``x`` is used if present, else ``sx``).

    Raises:
        ValueError: no qubits, repeated qubits, or a qubit outside the device.
    """
    qubits = [int(qubit) for qubit in qubits]
    if not qubits or len(set(qubits)) != len(qubits):
        raise ValueError(f"qubits must be distinct and not empty, were {qubits}")
    if min(qubits) < 0 or max(qubits) >= num_qubits:
        raise ValueError(f"qubits must lie in 0..{num_qubits - 1}, were {qubits}")
    circuits = []
    for prepared, name in enumerate(CALIBRATION_NAMES):
        circuit = QuantumCircuit(
            QuantumRegister(num_qubits, "q"),
            ClassicalRegister(len(qubits), CALIBRATION_REGISTER),
            name=name,
        )
        if prepared:
            for qubit in qubits:
                if "x" in basis:
                    circuit.x(qubit)
                else:
                    circuit.sx(qubit)
                    circuit.sx(qubit)
        circuit.measure(qubits, list(range(len(qubits))))
        circuits.append(circuit)
    return circuits


def calibration_matrices(
    calibration_counts: Sequence[Mapping[str, int]], qubits: Sequence[int]
) -> dict[int, list[list[float]]]:
    """Per-qubit readout matrices ``A_q`` (column ``b``: outcomes when ``|b>`` was prepared).

    Args:
        calibration_counts: the counts of the two :func:`calibration_circuits`.
        qubits: the qubits they calibrated (clbit ``i`` is ``qubits[i]``).

    Raises:
        ValueError: not two counts dicts, or an empty one.
    """
    if len(calibration_counts) != 2:
        raise ValueError(f"calibration needs 2 counts dicts, got {len(calibration_counts)}")
    totals = [float(sum(counts.values())) for counts in calibration_counts]
    if min(totals) <= 0:
        raise ValueError("calibration counts must not be empty")
    width = len(qubits)
    matrices = {}
    for index, qubit in enumerate(qubits):
        columns = []
        for prepared, counts in enumerate(calibration_counts):
            ones = sum(
                value
                for key, value in counts.items()
                if key.replace(" ", "")[width - 1 - index] == "1"
            )
            p_one = ones / totals[prepared]
            columns.append([1.0 - p_one, p_one])
        matrices[int(qubit)] = [[columns[0][0], columns[1][0]], [columns[0][1], columns[1][1]]]
    return matrices


def mitigate_counts(
    counts: Sequence[Mapping[str, int]],
    measured: Sequence[Sequence[int]],
    calibration_counts: Sequence[Mapping[str, int]],
    calibrated: Sequence[int],
) -> list[dict[str, float]]:
    """Mitigated quasi-probabilities of ``counts`` (mthree ``apply_correction``).

    Args:
        counts: one counts dict per circuit (clbit 0 rightmost).
        measured: per circuit, the physical qubit of each clbit (:func:`measured_qubits`).
        calibration_counts: the counts of the two :func:`calibration_circuits`.
        calibrated: the qubits the calibration circuits measured, in clbit order.

    Returns:
        One dict per circuit, bitstring -> quasi-probability (sums to 1, entries may be
        negative).

    Raises:
        ValueError: a circuit measures a qubit that was not calibrated.
    """
    import numpy as np
    from mthree import M3Mitigation

    matrices = calibration_matrices(calibration_counts, calibrated)
    missing = sorted({int(q) for qubits in measured for q in qubits} - set(matrices))
    if missing:
        raise ValueError(f"qubits {missing} are measured but were not calibrated")
    mitigator = M3Mitigation()
    size = max(matrices) + 1
    mitigator.cals_from_matrices(
        [
            np.asarray(matrices[qubit], dtype=np.float32) if qubit in matrices else None
            for qubit in range(size)
        ]
    )
    mitigated = []
    for circuit_counts, qubits in zip(counts, measured):
        plain = {key.replace(" ", ""): int(value) for key, value in circuit_counts.items()}
        quasi = mitigator.apply_correction(plain, [int(q) for q in qubits])
        mitigated.append({key: float(value) for key, value in quasi.items()})
    return mitigated
