"""Tests for mastermind_q.backends.noisy: the fast fake: path against the exact noisy result."""

from __future__ import annotations

import numpy as np
import pytest
from qiskit import QuantumCircuit

from mastermind_q import solve
from mastermind_q.backends import noisy, sample_counts, transpile_for
from mastermind_q.circuits.find_two_color import find_two_color_circuit
from mastermind_q.circuits.oracle import BlackPegOracleGate


def _errors(model):
    return {
        (gate, qubits): error
        for gate, errors in model._local_quantum_errors.items()
        for qubits, error in errors.items()
    }


def test_noise_model_on_active_qubits_equals_the_full_model_there():
    full = noisy.device_noise_model("manila")
    qubits = (3, 1, 4)
    small = noisy.device_noise_model("manila", qubits)
    small_errors = _errors(small)
    expected = {
        (gate, tuple(qubits.index(q) for q in where)): error
        for (gate, where), error in _errors(full).items()
        if set(where) <= set(qubits)
    }
    assert small_errors.keys() == expected.keys()
    for key, error in expected.items():
        assert np.allclose(error.probabilities, small_errors[key].probabilities), key
    for position, qubit in enumerate(qubits):
        assert np.allclose(
            small._local_readout_errors[(position,)].probabilities,
            full._local_readout_errors[(qubit,)].probabilities,
        )


def test_clipped_model_has_no_kraus_maps():
    model = noisy.device_noise_model("torino", (0, 1, 2, 3, 4), clip_t2=True)
    names = {
        instruction.operation.name
        for error in _errors(model).values()
        for circuit in error.circuits
        for instruction in circuit.data
    }
    assert "kraus" not in names


def _exact_noisy_distribution(circuit, model, measured, flips):
    """Density matrix of the unclipped model, readout errors applied exactly."""
    from qiskit_aer import AerSimulator

    bare = circuit.remove_final_measurements(inplace=False)
    bare.save_probabilities(list(measured), label="p")
    simulator = AerSimulator(method="density_matrix", noise_model=model)
    probabilities = np.asarray(simulator.run(bare, shots=1).result().data(0)["p"])
    width = len(measured)
    tensor = probabilities.reshape((2,) * width)  # axis 0 is the last clbit
    for clbit, (p10, p01) in enumerate(flips):
        readout = np.array([[1 - p10, p01], [p10, 1 - p01]])
        axis = width - 1 - clbit
        tensor = np.moveaxis(np.tensordot(readout, tensor, axes=([1], [axis])), 0, axis)
    return tensor.reshape(-1)


def test_trajectory_path_matches_the_density_matrix():
    """FindTwoColorPosition, n = 2, k = 4 on Torino: TVD below TRAJECTORY_TVD_BOUND."""
    secret, colors = (2, 0), 4
    circuit = find_two_color_circuit(
        BlackPegOracleGate.for_construction(secret, colors), 0, 1, num_positions=2, colors=colors
    )
    [compiled] = transpile_for([circuit], "fake:torino", seed=1)
    active = noisy._active_qubits([compiled])
    assert len(active) <= noisy.FAKE_DENSITY_MATRIX_MAX_QUBITS  # exact reference affordable
    narrow = noisy._narrow(compiled, {qubit: i for i, qubit in enumerate(active)})
    measured = noisy._final_measurements(narrow)
    model = noisy.device_noise_model("torino", tuple(active))
    flips = noisy._readout_flips(model, measured)
    exact = _exact_noisy_distribution(narrow, model, measured, flips)
    shots = 4096
    clipped = noisy.device_noise_model("torino", tuple(active), clip_t2=True)
    for seed in (1, 2):
        counts = noisy._trajectory_counts(narrow, clipped, measured, flips, shots=shots, seed=seed)
        assert sum(counts.values()) == shots
        sampled = np.zeros(exact.size)
        for key, count in counts.items():
            sampled[int(key, 2)] += count / shots
        distance = 0.5 * np.abs(sampled - exact).sum()
        assert distance < noisy.TRAJECTORY_TVD_BOUND, (seed, distance)
    answer = int("".join("1" if c in (0, 1) else "0" for c in reversed(secret)), 2)
    assert exact.argmax() == answer


@pytest.mark.slow  # fast: the trajectory path against the exact density matrix
def test_wide_circuits_take_the_trajectory_path(monkeypatch):
    calls = []
    original = noisy._trajectory_counts

    def spy(*args, **kwargs):
        calls.append(args[0].num_qubits)
        return original(*args, **kwargs)

    monkeypatch.setattr(noisy, "_trajectory_counts", spy)
    width = noisy.FAKE_DENSITY_MATRIX_MAX_QUBITS + 2
    circuit = QuantumCircuit(width, 3, name="wide")
    circuit.x(0)
    for qubit in range(width - 1):
        circuit.cx(qubit, qubit + 1)
    circuit.measure([0, width // 2, width - 1], [0, 1, 2])
    [counts] = sample_counts([circuit], backend="fake:torino", shots=300, seed=2)
    assert calls and calls[0] >= width
    assert sum(counts.values()) == 300
    assert max(counts, key=counts.get) == "111"


@pytest.mark.slow
def test_nonadaptive_at_n5_on_torino_finds_the_secret():
    """15 active qubits per circuit: the trajectory path, seconds instead of minutes."""
    result = solve((2, 0, 3, 1, 3), colors=4, method="nonadaptive", backend="fake:torino", seed=1)
    assert result.solved
    assert all(0.2 < p < 0.8 for p in result.circuit_success_probabilities)


def test_idle_delays_do_not_make_a_qubit_active():
    circuit = QuantumCircuit(4, 1)
    circuit.x(1)
    circuit.delay(160, 3)
    circuit.delay(160, 1)
    circuit.measure(1, 0)
    assert noisy._active_qubits([circuit]) == [1]
    narrow = noisy._narrow(circuit, {1: 0})
    assert narrow.num_qubits == 1 and narrow.count_ops()["delay"] == 1


@pytest.mark.slow
def test_auto_oracle_and_mitigation_lift_n5_above_0_6_on_torino():
    """Issue 11: FindTwoColorPosition at n = 5, k = 4 on Torino, 0.43 plain -> >= 0.6."""
    from mastermind_q.backends import execution_options
    from mastermind_q.quantum import choose_oracle_construction

    secret = (1, 0, 2, 0, 3)
    construction = choose_oracle_construction("fake:torino", 5, 4, optimization_level=3)
    circuit = find_two_color_circuit(
        BlackPegOracleGate.for_construction(secret, 4, construction=construction),
        0,
        1,
        num_positions=5,
        colors=4,
    )
    answer = "".join("1" if c in (0, 1) else "0" for c in reversed(secret))
    with execution_options(optimization_level=3, mitigate=True):
        [quasi] = sample_counts([circuit], backend="fake:torino", seed=1)
    assert max(quasi, key=quasi.get) == answer
    assert quasi[answer] >= 0.6
