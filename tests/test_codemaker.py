"""Tests for mastermind_q.codemaker: answers, counting, oracle-call counting."""

from __future__ import annotations

import pytest
from qiskit import QuantumCircuit

from mastermind_q import Codemaker
from mastermind_q.codemaker import ORACLE_NAME, count_oracle_calls


def test_codemaker_answers_and_counts():
    maker = Codemaker((2, 0, 1), colors=3)
    assert maker.num_positions == 3 and maker.num_colors == 3
    assert maker.black((2, 1, 1)) == 2
    assert maker.black_white((1, 2, 0)) == (0, 3)
    assert maker.queries == 2
    assert maker.transcript == (((2, 1, 1), 2), ((1, 2, 0), 0))


def test_codemaker_validates_secret_and_guesses():
    with pytest.raises(ValueError, match=r"secret\[1\] must be a colour in 0..2, was 5"):
        Codemaker((0, 5), colors=3)
    with pytest.raises(ValueError, match="colors must have value >= 2, was 1"):
        Codemaker((0,), colors=1)
    maker = Codemaker((0, 1), colors=3, distinct=True)
    with pytest.raises(ValueError, match="guess must not repeat colours"):
        maker.black((1, 1))
    with pytest.raises(ValueError, match="guess must have 2 positions"):
        maker.black((1, 2, 0))
    assert maker.queries == 0
    with pytest.raises(ValueError, match="secret must not repeat colours"):
        Codemaker((0, 0), colors=3, distinct=True)


def test_count_oracle_calls_sees_nested_and_inverse_uses():
    body = QuantumCircuit(2)
    body.cx(0, 1)
    oracle = body.to_gate()
    oracle.name = ORACLE_NAME
    inner = QuantumCircuit(2)
    inner.append(oracle, [0, 1])
    wrapped = inner.to_gate(label="wrapper")
    circuit = QuantumCircuit(2)
    circuit.h(0)
    circuit.append(wrapped, [0, 1])
    circuit.append(oracle.inverse(), [0, 1])
    circuit.mcx([0], 1)
    assert count_oracle_calls(circuit) == 2
    maker = Codemaker((0, 1), colors=2)
    assert maker.charge([circuit, circuit]) == 4
    assert maker.queries == 4


def test_answer_follows_the_game_feedback():
    plain = Codemaker((0, 1, 1), colors=3)
    assert plain.feedback == "black"
    assert plain.answer((1, 1, 0)) == (1, 0)
    rich = Codemaker((0, 1, 1), colors=3, feedback="black-white")
    assert rich.answer((1, 1, 0)) == (1, 2)
    assert (plain.queries, rich.queries) == (1, 1)
    with pytest.raises(ValueError, match="feedback must be one of"):
        Codemaker((0, 1), colors=2, feedback="white")
