"""Tests for mastermind_q.backends.chain: routing onto the MPS chain."""

from __future__ import annotations

import random

import numpy as np
import pytest
from qiskit import QuantumCircuit, QuantumRegister
from qiskit.circuit.library import UGate
from qiskit.quantum_info import Statevector

from mastermind_q import solve
from mastermind_q.backends import exact_probabilities, sample_counts, transpile_for
from mastermind_q.backends.chain import BLOCK_SIZE_KEY, _route, chain_for_mps, hub_order
from mastermind_q.circuits.grover import adaptive_circuit, exact_grover_parameters
from mastermind_q.circuits.layout import color_qubits
from mastermind_q.circuits.oracle import BlackPegOracleGate


def _assert_same_state(original: QuantumCircuit, seed: int) -> QuantumCircuit:
    """Route ``original``; its state equals the original's with qubit ``final[w]`` on wire ``w``."""
    routed, initial, final = _route(original)
    # The routed circuit starts with qubit initial[w] on wire w: feed it the same inputs.
    rng = np.random.default_rng(seed)
    angles = [rng.uniform(0, 2 * np.pi, 3) for _ in range(original.num_qubits)]
    prepared_original = QuantumCircuit(*original.qregs)
    for qubit, angle in zip(prepared_original.qubits, angles):
        prepared_original.append(UGate(*angle), [qubit])
    prepared_original.compose(original, inplace=True)
    prepared_routed = QuantumCircuit(*routed.qregs)
    for wire, qubit in enumerate(initial):
        prepared_routed.append(UGate(*angles[qubit]), [prepared_routed.qubits[wire]])
    prepared_routed.compose(routed, inplace=True)
    expected = Statevector(prepared_original).data.reshape([2] * original.num_qubits)
    got = Statevector(prepared_routed).data.reshape([2] * original.num_qubits)
    # axis a of the reshaped array is qubit N-1-a (little-endian); wire w holds final[w].
    width = original.num_qubits
    axes = [width - 1 - final[width - 1 - axis] for axis in range(width)]
    np.testing.assert_allclose(got, np.transpose(expected, axes), atol=1e-9)
    return routed


def _adjacent(routed: QuantumCircuit) -> bool:
    for instruction in routed.data:
        if instruction.operation.name in ("measure", "barrier"):
            continue
        wires = sorted(routed.find_bit(qubit).index for qubit in instruction.qubits)
        if wires[-1] - wires[0] != len(wires) - 1:
            return False
    return True


def _adaptive(secret, k, construction, measure=True):
    """Algorithm 4's circuit around the oracle with its definition (as the codemaker runs it)."""
    circuit = adaptive_circuit(
        BlackPegOracleGate.for_construction(secret, k, construction=construction),
        num_positions=len(secret),
        colors=k,
        measure=measure,
    )
    return circuit.assign_parameters([exact_grover_parameters(k)[1]])


@pytest.mark.parametrize(
    ("secret", "k", "construction"),
    [
        ((1, 2, 0), 4, "increment"),
        ((2, 0), 3, "fourier"),
        ((0, 1, 1), 2, "increment"),
        ((3, 1), 5, "increment"),
        ((1, 0, 1, 1), 2, "fourier"),
    ],
)
def test_routed_adaptive_circuit_is_the_same_state(secret, k, construction):
    compiled = transpile_for([_adaptive(secret, k, construction, measure=False)], "aer-mps")[0]
    assert compiled.metadata[BLOCK_SIZE_KEY] == color_qubits(k)
    routed = _assert_same_state(compiled, seed=len(secret) * 10 + k)
    assert _adjacent(routed)
    assert routed.count_ops().get("swap", 0) > compiled.count_ops().get("swap", 0)


@pytest.mark.parametrize("seed", range(6))
def test_routed_random_circuits_are_the_same_state(seed):
    """Random gates on blocks and a hub (any order, 1-3 qubits) survive routing exactly."""
    rng = random.Random(seed)
    colors, score, anc = (
        QuantumRegister(6, "colors"),
        QuantumRegister(2, "score"),
        QuantumRegister(1, "anc"),
    )
    circuit = QuantumCircuit(colors, score, anc, metadata={BLOCK_SIZE_KEY: 2})
    hub = [*score, anc[0]]
    for _ in range(60):
        block = rng.randrange(3)
        members = list(colors[2 * block : 2 * block + 2])
        kind = rng.randrange(5)
        if kind == 0:
            circuit.h(rng.choice(members + hub))
        elif kind == 1:
            circuit.cx(*rng.sample(members + hub, 2))
        elif kind == 2:
            circuit.cp(rng.uniform(0, 6), *rng.sample(hub, 2))
        elif kind == 3:
            circuit.ccx(*rng.sample(members + hub, 3))
        else:
            circuit.rz(rng.uniform(0, 6), rng.choice(members))
            circuit.swap(*members)
    routed = _assert_same_state(circuit, seed)
    assert _adjacent(routed)


def test_measurements_stay_last_and_counts_keys_are_kept():
    compiled = transpile_for([_adaptive((2, 0, 1), 3, "increment")], "aer-mps")[0]
    routed = chain_for_mps(compiled)
    names = [instruction.operation.name for instruction in routed.data]
    first = names.index("measure")
    assert set(names[first:]) == {"measure"}
    assert [register.name for register in routed.cregs] == ["code"]


def test_circuits_without_a_hub_are_unchanged():
    circuit = QuantumCircuit(3, 3)
    circuit.h(0)
    circuit.cx(0, 2)
    circuit.measure(range(3), range(3))
    assert chain_for_mps(circuit) is circuit


def test_gates_on_four_qubits_are_refused():
    circuit = QuantumCircuit(QuantumRegister(3, "colors"), QuantumRegister(1, "score"))
    circuit.mcx([0, 1, 2], 3)
    with pytest.raises(ValueError, match="at most 3 qubits"):
        chain_for_mps(circuit)


def test_hub_order_puts_the_increment_ladder_on_neighbours():
    compiled = transpile_for([_adaptive((1, 2, 3, 0, 2), 8, "increment")], "aer-mps")[0]
    index = {qubit: i for i, qubit in enumerate(compiled.qubits)}
    names = {
        index[qubit]: f"{register.name}{j}"
        for register in compiled.qregs
        for j, qubit in enumerate(register)
    }
    hub = [index[q] for r in compiled.qregs if r.name in ("score", "anc") for q in r]
    operations = [
        (item.operation, [index[q] for q in item.qubits], item.clbits) for item in compiled.data
    ]
    order = [names[qubit] for qubit in hub_order(hub, operations)]
    # m = 3, q = 3: flag anc0 (no work qubit), carry anc1; blocks attach on the right.
    assert order == ["score2", "score1", "anc1", "score0", "anc0"]


@pytest.mark.parametrize("seed", range(8))
def test_adaptive_on_mps_equals_the_exact_reference(seed):
    rng = random.Random(seed)
    n, k = rng.choice([(3, 4), (4, 3), (5, 2), (3, 6)])
    secret = tuple(rng.randrange(k) for _ in range(n))
    exact = solve(secret, colors=k, method="adaptive", backend="aer-statevector")
    sampled = solve(secret, colors=k, method="adaptive", backend="aer-mps", shots=64, seed=seed)
    assert exact.solved and sampled.solved
    assert sampled.found == exact.found == secret
    assert sampled.queries == exact.queries
    assert sampled.success_probability == pytest.approx(1.0)


def test_routed_distribution_equals_statevector():
    """A circuit with a spread-out distribution: MPS counts follow the exact probabilities."""
    circuit = _adaptive((1, 2), 4, "increment")
    bent = QuantumCircuit(*circuit.qregs, *circuit.cregs, metadata=dict(circuit.metadata))
    bent.append(UGate(1.0, 0.3, 0.2), [bent.qubits[0]])
    bent.compose(circuit, inplace=True)
    [exact] = exact_probabilities([bent])
    [counts] = sample_counts([bent], backend="aer-mps", shots=4000, seed=5)
    assert set(counts) <= set(exact)
    for key, probability in exact.items():
        assert counts.get(key, 0) / 4000 == pytest.approx(probability, abs=0.04)


def test_the_adaptive_solver_runs_through_the_chain(monkeypatch):
    from mastermind_q.backends import aer

    routed = []

    def spy(circuit):
        routed.append(circuit.metadata.get(BLOCK_SIZE_KEY))
        return chain_for_mps(circuit)

    monkeypatch.setattr(aer, "chain_for_mps", spy)
    result = solve((2, 0, 1, 3, 3), colors=4, method="adaptive", backend="aer", shots=16, seed=2)
    assert result.solved and routed == [2]


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k"), [(32, 16), (40, 8)])
def test_adaptive_wide_on_the_chain(n, k):
    """Issue 12 sizes: the routed MPS run still finds the secret with 2T queries."""
    rng = random.Random(n * 1000 + k)
    secret = tuple(rng.randrange(k) for _ in range(n))
    result = solve(secret, colors=k, method="adaptive", backend="aer", shots=32, seed=1)
    iterations, _ = exact_grover_parameters(k)
    assert result.solved and result.found == secret
    assert result.queries == 2 * iterations
    assert result.success_probability == pytest.approx(1.0)
