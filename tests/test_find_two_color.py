"""Tests for FindTwoColorPosition (Li-Luo-Xu Algorithm 2): one query, certainty."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from qiskit.circuit.library import UnitaryGate
from qiskit.quantum_info import Statevector

from mastermind_q import Codemaker, black
from mastermind_q.circuits import BlackPegOracleGate, find_two_color_circuit
from mastermind_q.circuits.find_two_color import two_color_positions
from mastermind_q.circuits.layout import color_qubits, score_qubits
from mastermind_q.codemaker import count_oracle_calls


def reference_oracle(secret: tuple[int, ...], colors: int, m: int) -> UnitaryGate:
    """``B_s`` as a permutation matrix (independent of circuits.oracle), tiny sizes only."""
    n, q = len(secret), color_qubits(colors)
    width = n * q + m
    dim = 1 << width
    matrix = np.zeros((dim, dim))
    for index in range(dim):
        code = [(index >> (i * q)) & ((1 << q) - 1) for i in range(n)]
        score = index >> (n * q)
        hits = sum(c == s for c, s in zip(code, secret))
        new_score = (score + hits) % (1 << m)
        matrix[(index & ((1 << (n * q)) - 1)) | (new_score << (n * q)), index] = 1
    return UnitaryGate(matrix, label="ref_B_s")


def expected_state_index(
    answer: tuple[int, ...], *, num_positions: int, colors: int, num_qubits: int
) -> int:
    """Basis index of ``|s^(c1,c2)>`` on the inputs, workspace |0>, score |0..01>, anc |0>."""
    q = color_qubits(colors)
    index = 1 << (num_positions * q)  # score LSB
    for i, bit in enumerate(answer):
        index |= bit << (i * q)
    assert index < 1 << num_qubits
    return index


def assert_certain(circuit, answer, *, num_positions, colors):
    state = Statevector(circuit)
    index = expected_state_index(
        answer, num_positions=num_positions, colors=colors, num_qubits=circuit.num_qubits
    )
    probability = abs(state.data[index]) ** 2
    assert probability == pytest.approx(1.0, abs=1e-9), (answer, probability)


def test_classical_reference_matches_table_3():
    assert two_color_positions((0, 1, 2, 3, 0, 1, 2, 3), 1, 3) == (0, 1, 0, 1, 0, 1, 0, 1)
    assert two_color_positions((0, 1, 2, 3, 0, 1, 2, 3), 0, 1) == (1, 1, 0, 0, 1, 1, 0, 0)


SIZES = [(1, 3), (2, 3), (3, 3), (2, 4), (3, 4), (2, 5), (4, 3), (2, 7)]


@pytest.mark.parametrize(
    ("n", "k"),
    [pytest.param(*size, marks=pytest.mark.slow) if size == (4, 3) else size for size in SIZES],
)
def test_every_pair_is_found_with_certainty(n, k):
    rng = random.Random(100 * n + k)
    for _ in range(2):
        secret = tuple(rng.randrange(k) for _ in range(n))
        oracle = BlackPegOracleGate.for_construction(secret, k)
        pairs = list(itertools.permutations(range(k), 2))
        for c1, c2 in pairs if k <= 4 else rng.sample(pairs, 8):
            circuit = find_two_color_circuit(
                oracle, c1, c2, num_positions=n, colors=k, measure=False
            )
            assert_certain(circuit, two_color_positions(secret, c1, c2), num_positions=n, colors=k)


@pytest.mark.parametrize(("n", "k"), [(2, 3), (3, 4), (2, 5)])
def test_works_with_any_gate_implementing_the_map(n, k):
    """An independent permutation-matrix oracle gives the same certain answers."""
    rng = random.Random(7 * n + k)
    secret = tuple(rng.randrange(k) for _ in range(n))
    m = score_qubits(n)
    oracle = reference_oracle(secret, k, m)
    for c1, c2 in [(0, 1), (2, 0), (1, k - 1)]:
        circuit = find_two_color_circuit(oracle, c1, c2, num_positions=n, colors=k, measure=False)
        assert_certain(circuit, two_color_positions(secret, c1, c2), num_positions=n, colors=k)


def test_reference_oracle_is_the_black_peg_map():
    secret, k, m = (2, 0), 3, 2
    code = (1, 2)  # x_0 = 1 (qubits 0-1), x_1 = 2 (qubits 2-3), score 0
    index = code[0] | (code[1] << 2)
    state = Statevector.from_int(index, 1 << 6).evolve(reference_oracle(secret, k, m))
    expected = index | (black(secret, code) << 4)
    assert abs(state.data[expected]) == pytest.approx(1.0)


@pytest.mark.parametrize("construction", ["fourier", "increment", "gray"])
def test_wider_score_register_and_both_constructions(construction):
    n, k, m = 3, 4, 4
    secret = (3, 1, 3)
    oracle = BlackPegOracleGate.for_construction(
        secret, k, construction=construction, score_qubits=m
    )
    for c1, c2 in [(3, 1), (0, 2), (1, 0)]:
        circuit = find_two_color_circuit(
            oracle, c1, c2, num_positions=n, colors=k, measure=False, score_qubits=m
        )
        assert_certain(circuit, two_color_positions(secret, c1, c2), num_positions=n, colors=k)


def test_one_oracle_query_and_layout():
    n, k = 4, 5
    oracle = Codemaker((4, 0, 2, 2), k).oracle()
    circuit = find_two_color_circuit(oracle, 2, 4, num_positions=n, colors=k)
    assert count_oracle_calls(circuit) == 1
    maker = Codemaker((4, 0, 2, 2), k)
    assert maker.charge(find_two_color_circuit(maker.oracle(), 0, 1, num_positions=n, colors=k))
    assert maker.queries == 1
    assert circuit.num_qubits == oracle.num_qubits
    assert circuit.num_clbits == n
    assert [register.name for register in circuit.cregs] == ["result"]
    assert [register.name for register in circuit.qregs] == [
        *(f"pos{i}" for i in range(n)),
        "score",
        "anc",
    ]
    q = color_qubits(k)
    for i in range(n):
        measured = [
            circuit.find_bit(inst.qubits[0]).index
            for inst in circuit.data
            if inst.operation.name == "measure" and circuit.find_bit(inst.clbits[0]).index == i
        ]
        assert measured == [i * q]


def test_sampled_end_to_end_through_the_codemaker():
    secret, k = (1, 3, 0, 3, 2), 4
    maker = Codemaker(secret, k)
    circuit = find_two_color_circuit(maker.oracle(), 3, 0, num_positions=5, colors=k)
    (counts,) = maker.run([circuit], backend="aer-mps", shots=50, seed=3)
    expected = "".join(str(bit) for bit in reversed(two_color_positions(secret, 3, 0)))
    assert counts == {expected: 50}
    assert (maker.queries, maker.oracle_executions) == (1, 50)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"c1": 1, "c2": 1}, "c2 must differ"),
        ({"c1": 0, "c2": 3}, "c2 must be a colour in 0..2, was 3"),
        ({"c1": -1, "c2": 0}, "c1 must be a colour"),
        ({"c1": 0, "c2": 1, "score_qubits": 1}, "score_qubits must be"),
        ({"c1": 0, "c2": 1, "colors": 1}, "colors must have value >= 2, was 1"),
        ({"c1": 0, "c2": 1, "num_positions": 0}, "positions must have value >= 1, was 0"),
        ({"c1": 0, "c2": 1, "num_positions": 5}, "oracle must act on at least"),
    ],
)
def test_invalid_input_is_named(kwargs, message):
    oracle = Codemaker((0, 2, 1), 3).oracle()
    arguments = {"num_positions": 3, "colors": 3, **kwargs}
    c1, c2 = arguments.pop("c1"), arguments.pop("c2")
    with pytest.raises(ValueError, match=message):
        find_two_color_circuit(oracle, c1, c2, **arguments)


@pytest.mark.parametrize(("n", "k"), [(1, 3), (5, 4), (9, 6)])
def test_cost_formula_outside_the_oracle(n, k):
    """2n + 2m Hadamards, one X, n measurements, one oracle query (module docstring)."""
    secret = tuple(i % k for i in range(n))
    oracle = Codemaker(secret, k).oracle()
    circuit = find_two_color_circuit(oracle, 0, k - 1, num_positions=n, colors=k)
    names = [item.operation.name for item in circuit.data]
    assert names == ["pair_prep", oracle.name, "pair_readout", *["measure"] * n]
    assert circuit.data[0].operation.label == f"prep (0,{k - 1})"
    opened = circuit.decompose(gates_to_decompose=["pair_prep", "pair_readout"])
    labels = [item.operation.label for item in opened.data if item.operation.name == "minus_prep"]
    assert labels == ["prep |−⟩"]  # the score preparation, one box
    ops = opened.decompose(gates_to_decompose=["minus_prep"]).count_ops()
    assert ops["h"] == 2 * n + 2 * score_qubits(n)
    assert ops["x"] == 1
    assert ops["measure"] == n
    assert count_oracle_calls(circuit) == 1
    assert circuit.num_qubits == oracle.num_qubits


def test_an_oracle_that_is_not_a_gate_or_of_other_sizes_is_refused():
    from mastermind_q import Codemaker

    for oracle in ("gate", 5, None):
        with pytest.raises(ValueError, match="oracle must be a Gate or QuantumCircuit"):
            find_two_color_circuit(oracle, 0, 1, num_positions=3, colors=3)
    other = Codemaker((0, 1, 2), 4).oracle()
    with pytest.raises(ValueError, match="built for k = 4, but this circuit needs k = 3"):
        find_two_color_circuit(other, 0, 1, num_positions=3, colors=3)
