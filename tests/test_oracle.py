"""Tests for mastermind_q.circuits.oracle: B_s and the two-colour oracle of Lemma 2."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from qiskit.quantum_info import Operator

from mastermind_q.circuits.layout import color_qubits, score_qubits
from mastermind_q.circuits.oracle import (
    CONSTRUCTIONS,
    black_peg_oracle,
    two_color_count,
    two_color_oracle,
)
from mastermind_q.game import black

SIZES = [(1, 2), (2, 3), (3, 2), (2, 4), (3, 3)]


def _register_value(code, q):
    return sum(color << (i * q) for i, color in enumerate(code))


def _assert_permutation(circuit, num_inputs, mapping):
    """``circuit`` maps basis state ``j < num_inputs`` (ancillas 0) to ``mapping(j)``."""
    matrix = Operator(circuit).data[:, :num_inputs]
    expected = np.zeros_like(matrix)
    for column in range(num_inputs):
        expected[mapping(column), column] = 1
    bad = np.argwhere(~np.isclose(matrix, expected, atol=1e-9))
    assert bad.size == 0, f"basis state {bad[0][1]} maps wrongly"


def _secrets(n, k, seed):
    rng = np.random.default_rng(seed)
    return [tuple(int(c) for c in rng.integers(0, k, size=n)) for _ in range(2)]


@pytest.mark.parametrize("construction", CONSTRUCTIONS)
@pytest.mark.parametrize(("n", "k"), SIZES)
def test_black_peg_oracle_on_all_basis_states(n, k, construction):
    q, m = color_qubits(k), score_qubits(n)
    for secret in _secrets(n, k, seed=n * 10 + k):
        circuit = black_peg_oracle(secret, k, construction=construction)
        width = n * q

        def mapping(index, secret=secret, width=width):
            x_value, b = index % 2**width, index >> width
            x = [(x_value >> (i * q)) % 2**q for i in range(n)]
            score = sum(1 for s, c in zip(secret, x) if s == c)
            return x_value + (((b + score) % 2**m) << width)

        _assert_permutation(circuit, 2 ** (width + m), mapping)


@pytest.mark.parametrize(("n", "k", "c1", "c2"), [(2, 3, 0, 2), (3, 2, 1, 0), (2, 4, 1, 3)])
def test_two_color_oracle_matches_count(n, k, c1, c2):
    q, m = color_qubits(k), score_qubits(n)
    secret = _secrets(n, k, seed=7)[0]
    oracle = black_peg_oracle(secret, k).to_gate()
    oracle.name = "B_s"
    circuit = two_color_oracle(oracle, c1, c2, num_positions=n, colors=k)
    assert circuit.num_qubits == oracle.num_qubits
    assert sum(1 for inst in circuit.data if inst.operation.name == "B_s") == 1
    matrix = Operator(circuit).data
    width = n * q
    for bits in itertools.product((0, 1), repeat=n):
        for b in range(2**m):
            column = sum(bit << (i * q) for i, bit in enumerate(bits)) + (b << width)
            target = (
                column
                - (b << width)
                + (((b + two_color_count(secret, c1, c2, bits)) % 2**m) << width)
            )
            assert abs(matrix[target, column] - 1) < 1e-9, (bits, b)


def test_two_color_count_reference():
    assert two_color_count((0, 2, 1), 0, 2, (0, 1, 0)) == 2
    assert two_color_count((0, 2, 1), 0, 2, (0, 1, 0)) == black((0, 2, 1), (0, 2, 0))


def test_validation_errors():
    with pytest.raises(ValueError, match="construction must be one of"):
        black_peg_oracle((0, 1), 2, construction="bogus")
    with pytest.raises(ValueError, match=r"score_qubits must be >= 1 .* was 0"):
        black_peg_oracle((0,), 2, score_qubits=0)
    with pytest.raises(ValueError, match=r"secret\[0\] must be a colour in 0..1, was 2"):
        black_peg_oracle((2,), 2)
    oracle = black_peg_oracle((0, 1), 3).to_gate()
    with pytest.raises(ValueError, match="c1 and c2 must differ, were both 1"):
        two_color_oracle(oracle, 1, 1, num_positions=2, colors=3)
    with pytest.raises(ValueError, match=r"c2 must be a colour in 0..2, was 3"):
        two_color_oracle(oracle, 0, 3, num_positions=2, colors=3)
