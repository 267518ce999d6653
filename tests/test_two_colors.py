"""Tests for the one-query k = 2 solver (Li-Luo-Xu Algorithm 3) and its erratum."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from qiskit.circuit import QuantumCircuit
from qiskit.circuit.library import QFTGate
from qiskit.quantum_info import Operator, Statevector

from mastermind_q import Codemaker
from mastermind_q.circuits import BlackPegOracleGate, two_color_circuit
from mastermind_q.circuits.layout import score_qubits
from mastermind_q.circuits.two_colors import two_color_score_qubits, u_gate_circuit
from mastermind_q.codemaker import count_oracle_calls


def oracle_for(secret: tuple[int, ...]):
    n = len(secret)
    m = two_color_score_qubits(n)
    options = {} if m == score_qubits(n) else {"score_qubits": m}
    return BlackPegOracleGate.for_construction(secret, 2, **options)


def final_index(secret: tuple[int, ...]) -> int:
    """``|s>`` on the positions, score ``|0..01>``, ancillas ``|0>``."""
    index = 1 << len(secret)
    for i, bit in enumerate(secret):
        index |= bit << i
    return index


def test_u_is_the_printed_matrix_and_e_i_pi_4_sx():
    expected = np.array([[1j, 1], [1, 1j]]) / math.sqrt(2)
    assert np.allclose(Operator(u_gate_circuit()).data, expected)


def test_score_state_is_an_eigenstate_of_plus_one_with_eigenvalue_minus_i():
    """|0>^{m-2}|01> -> H^{m-2} (x) QFT_4 on the two LSBs = 2^{-m/2} sum_y i^y |y>."""
    for m in (2, 3, 4):
        circuit = QuantumCircuit(m)
        circuit.x(0)
        circuit.append(QFTGate(2), [0, 1])
        for qubit in range(2, m):
            circuit.h(qubit)
        state = Statevector(circuit).data
        expected = np.array([1j**y for y in range(1 << m)]) / math.sqrt(1 << m)
        assert np.allclose(state, expected)
        shifted = np.roll(state, 1)  # |y> -> |y + 1 mod 2^m>
        assert np.allclose(shifted, -1j * state)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, pytest.param(6, marks=pytest.mark.slow)])
def test_exhaustive_certainty(n):
    """Every secret in {0,1}^n is returned with probability 1 (full state checked)."""
    for secret in itertools.product(range(2), repeat=n):
        circuit = two_color_circuit(oracle_for(secret), num_positions=n, measure=False)
        amplitude = Statevector(circuit).data[final_index(secret)]
        assert abs(amplitude) ** 2 == pytest.approx(1.0, abs=1e-9), secret


def test_increment_construction_and_wider_register():
    secret = (1, 0, 0, 1, 1)
    oracle = BlackPegOracleGate.for_construction(
        secret, 2, construction="increment", score_qubits=4
    )
    circuit = two_color_circuit(oracle, num_positions=5, measure=False, score_qubits=4)
    assert abs(Statevector(circuit).data[final_index(secret)]) ** 2 == pytest.approx(1.0)


def misread_circuit(oracle, n: int, m: int, reading: str) -> QuantumCircuit:
    """Algorithm 3 with a wrong reading of the two "last" qubits (the erratum)."""
    circuit = QuantumCircuit(oracle.num_qubits)
    positions = list(range(n))
    score = list(range(n, n + m))
    if reading == "msb-pair":  # pair on the two most significant score bits, |01> = 1
        pair, rest = [score[m - 2], score[m - 1]], score[: m - 2]
        circuit.x(pair[0])
    else:  # "value-2": the LSB pair, but |01> read big-endian as the value 2
        pair, rest = [score[0], score[1]], score[2:]
        circuit.x(pair[1])
    circuit.h(positions)
    if rest:
        circuit.h(rest)
    circuit.append(QFTGate(2), pair)
    circuit.append(oracle, range(oracle.num_qubits))
    for qubit in positions:
        circuit.compose(u_gate_circuit(), [qubit], inplace=True)
    return circuit


@pytest.mark.parametrize(("reading", "worst_case"), [("msb-pair", 0.3301), ("value-2", 1 / 64)])
def test_other_readings_are_not_exact(reading, worst_case):
    """DESIGN.md errata: only the LSB pair holding the value 1 gives certainty (n = 6)."""
    n = 6
    worst = 1.0
    for secret in itertools.product(range(2), repeat=n):
        oracle = oracle_for(secret)
        circuit = misread_circuit(oracle, n, two_color_score_qubits(n), reading)
        probabilities = Statevector(circuit).probabilities_dict(qargs=list(range(n)))
        key = "".join(str(bit) for bit in reversed(secret))
        worst = min(worst, probabilities.get(key, 0.0))
    assert worst == pytest.approx(worst_case, abs=1e-3)


def test_one_query_and_registers():
    secret = (0, 1, 1)
    maker = Codemaker(secret, 2)
    circuit = two_color_circuit(maker.oracle(), num_positions=3)
    assert count_oracle_calls(circuit) == 1
    assert maker.charge(circuit) == 1
    assert circuit.num_clbits == 3
    assert [register.name for register in circuit.qregs][:4] == ["pos0", "pos1", "pos2", "score"]
    assert [item.operation.name for item in circuit.data[:3]] == [
        "two_color_prep",
        "B_s",
        "two_color_readout",
    ]
    opened = circuit.decompose(gates_to_decompose=["two_color_prep"])
    labels = [item.operation.label for item in opened.data if item.operation.name == "chi_prep"]
    assert labels == ["prep |χ⟩ (QFT₄)"]


def test_padding_for_one_position():
    assert two_color_score_qubits(1) == 2
    assert [two_color_score_qubits(n) for n in (2, 3, 4, 7, 8)] == [2, 2, 3, 3, 4]
    narrow = Codemaker((1,), 2).oracle()  # m = 1: too narrow for QFT_4
    with pytest.raises(ValueError, match="score_qubits=2"):
        two_color_circuit(narrow, num_positions=1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"score_qubits": 1}, "score_qubits must be an integer >= 2 for Algorithm 3, was 1"),
        ({"score_qubits": 2, "num_positions": 4}, "2\\^m >= n \\+ 1 = 5, was 2"),
        ({"num_positions": 0}, "positions must have value >= 1, was 0"),
    ],
)
def test_invalid_input_is_named(kwargs, message):
    oracle = Codemaker((0, 1, 1), 2).oracle()
    arguments = {"num_positions": 3, **kwargs}
    with pytest.raises(ValueError, match=message):
        two_color_circuit(oracle, **arguments)


@pytest.mark.parametrize("n", [1, 3, 4, 9])
def test_cost_formula_outside_the_oracle(n):
    """n + 2(m' - 2) Hadamards, n U gates, one X, QFT_4 and its inverse, one query."""
    secret = tuple(i % 2 for i in range(n))
    oracle = oracle_for(secret)
    circuit = two_color_circuit(oracle, num_positions=n)
    m = two_color_score_qubits(n)
    opened = circuit.decompose(gates_to_decompose=["two_color_prep", "two_color_readout"])
    ops = opened.decompose(gates_to_decompose=["chi_prep"]).count_ops()
    assert ops["h"] == n + 2 * (m - 2)
    assert ops["U"] == n
    assert ops["x"] == 1
    assert ops["qft"] == ops["qft_dg"] == 1
    assert ops["measure"] == n
    assert count_oracle_calls(circuit) == 1
    assert circuit.num_qubits == oracle.num_qubits >= n + m


def test_an_oracle_for_more_colours_or_not_a_gate_is_refused():
    wide = Codemaker((1, 3, 0), 4).oracle()
    with pytest.raises(ValueError, match="built for k = 4, but this circuit needs k = 2"):
        two_color_circuit(wide, num_positions=3)
    with pytest.raises(ValueError, match="built for k = 4"):
        two_color_circuit(BlackPegOracleGate.for_construction((1, 3, 0), 4), num_positions=3)
    with pytest.raises(ValueError, match="oracle must be a Gate or QuantumCircuit"):
        two_color_circuit("gate", num_positions=3)
