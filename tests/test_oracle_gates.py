"""Tests for mastermind_q.oracle_gates: the opaque oracle gates and the referee's view."""

from __future__ import annotations

import itertools
import pickle

import pytest
from qiskit import QuantumCircuit, transpile
from qiskit.quantum_info import Operator, Statevector

from mastermind_q import Codemaker
from mastermind_q.circuits import BlackPegOracleGate
from mastermind_q.codemaker import OracleGate


def test_oracle_gate_carries_no_definition_and_no_secret():
    n, k = 2, 3
    states = set()
    for secret in itertools.product(range(k), repeat=n):
        maker = Codemaker(secret, k)
        gate = maker.oracle()
        assert isinstance(gate, OracleGate)
        assert gate.definition is None and gate.inverse().definition is None
        assert gate.control(1).definition is None
        # the open-control definition only wraps the opaque gate in X gates
        assert set(gate.control(1, ctrl_state=0).definition.count_ops()) == {"x", "cB_s"}
        state = {key: value for key, value in vars(gate).items() if key != "_token"}
        states.add(repr(sorted(state.items())))
        assert str(secret) not in repr(pickle.dumps(gate))
    assert len(states) == 1  # every secret's gate is the same, the random token aside
    first, second = Codemaker((1, 0), 3).oracle(), Codemaker((1, 0), 3).oracle()
    assert first._token != second._token  # random, not derived from the secret


def test_simulating_the_bare_gate_fails():
    maker = Codemaker((1, 0, 2), 3)
    gate = maker.oracle()
    circuit = QuantumCircuit(gate.num_qubits)
    circuit.append(gate, range(gate.num_qubits))
    for attempt in (
        lambda: Operator(gate),
        lambda: Operator(circuit),
        lambda: Statevector.from_int(0, 1 << gate.num_qubits).evolve(gate),
        lambda: Statevector(circuit),
        lambda: transpile(circuit, basis_gates=["cx", "u"]),
        lambda: gate.to_matrix(),
    ):
        with pytest.raises(Exception, match=r"B_s|Cannot|synthesize|matrix"):
            attempt()
    assert maker.queries == 0


def test_reveal_puts_the_known_secret_gates_in_and_counts_nothing():
    from mastermind_q.circuits import ParityOracleGate
    from mastermind_q.oracle_gates import reveal_circuit

    maker = Codemaker((1, 0, 2), 3)
    oracle = maker.oracle(construction="gray")
    circuit = QuantumCircuit(oracle.num_qubits)
    circuit.append(oracle, range(oracle.num_qubits))
    circuit.append(oracle.inverse(), range(oracle.num_qubits))
    opened = reveal_circuit(circuit, (1, 0, 2), 3)
    real = [item.operation for item in opened.data]
    expected = BlackPegOracleGate.for_construction((1, 0, 2), 3, "gray")
    assert real == [expected, expected.inverse()] and maker.queries == 0
    assert Operator(opened).equiv(Operator(QuantumCircuit(oracle.num_qubits)))
    parity = Codemaker((1, 0), 5).parity_oracle()
    circuit = QuantumCircuit(parity.num_qubits)
    circuit.append(parity, range(parity.num_qubits))
    (item,) = reveal_circuit(circuit, (1, 0), 5).data
    assert item.operation == ParityOracleGate((1, 0), 5)
