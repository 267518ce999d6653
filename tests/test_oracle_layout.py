"""The oracle gates say which of their qubits are positions, score and work.

``Codemaker.oracle()`` (opaque), ``BlackPegOracleGate`` and the parity oracles carry an
``oracle_layout``; these tests put a basis state on the qubits the layout names, apply
the real gate and read the score (or the parity answer) where the layout says it is,
the work qubits back at 0.
"""

from __future__ import annotations

import itertools

import pytest
from qiskit import QuantumCircuit
from qiskit.quantum_info import Statevector

from mastermind_q import Codemaker
from mastermind_q.circuits import BlackPegOracleGate, OracleLayout, ParityOracleGate
from mastermind_q.game import black
from mastermind_q.oracle_gates import reveal_circuit


def _apply(gate, layout: OracleLayout, guess) -> dict[str, int]:
    """Prepare ``guess`` on the layout's position qubits, apply ``gate``; read registers."""
    circuit = QuantumCircuit(gate.num_qubits)
    for qubits, color in zip(layout.position_qubits, guess):
        for bit, qubit in enumerate(qubits):
            if color >> bit & 1:
                circuit.x(qubit)
    circuit.append(gate, range(gate.num_qubits))
    state = Statevector(circuit)
    [(key, probability)] = [(key, p) for key, p in state.probabilities_dict().items() if p > 1e-9]
    assert probability == pytest.approx(1)
    bits = key[::-1]  # bits[j] is qubit j

    def value(qubits):
        return sum(int(bits[qubit]) << index for index, qubit in enumerate(qubits))

    return {
        "positions": [value(qubits) for qubits in layout.position_qubits],
        "score": value(layout.score_qubits),
        "work": value(layout.work_qubits),
    }


CASES = [((1, 0, 2), 3), ((0, 3, 1), 4), ((1, 1, 0, 1), 2), ((4, 0), 5)]


@pytest.mark.parametrize(("secret", "colors"), CASES)
def test_the_codemakers_opaque_oracle_says_where_the_score_is(secret, colors):
    maker = Codemaker(secret, colors=colors)
    gate = maker.oracle()
    layout = gate.oracle_layout
    assert layout.num_qubits == gate.num_qubits and layout.num_positions == len(secret)
    assert layout == gate.inverse().oracle_layout
    circuit = QuantumCircuit(gate.num_qubits)
    circuit.append(gate, range(gate.num_qubits))
    real = reveal_circuit(circuit, secret, colors).data[0].operation
    assert real.num_qubits == gate.num_qubits
    for guess in itertools.islice(
        itertools.product(range(colors), repeat=len(secret)), 0, None, max(1, colors - 1)
    ):
        read = _apply(real, layout, guess)
        assert read == {"positions": list(guess), "score": black(secret, guess), "work": 0}
    assert maker.queries == 0  # the layout and the referee's view cost nothing


@pytest.mark.parametrize(("secret", "colors"), CASES)
def test_the_known_secret_gate_says_where_the_score_is(secret, colors):
    gate = BlackPegOracleGate(secret, colors)
    layout = gate.oracle_layout
    assert layout.num_qubits == gate.num_qubits and len(layout.work_qubits) == gate.ancillas
    for guess in itertools.product(range(colors), repeat=len(secret)):
        read = _apply(gate, layout, guess)
        assert read == {"positions": list(guess), "score": black(secret, guess), "work": 0}


def test_the_two_widths_differ_only_in_work_qubits_and_both_say_so():
    secret, colors = (1, 0, 2, 3, 1), 4
    opaque = Codemaker(secret, colors=colors).oracle().oracle_layout
    known = BlackPegOracleGate(secret, colors).oracle_layout
    assert opaque.position_qubits == known.position_qubits
    assert opaque.score_qubits == known.score_qubits == (10, 11, 12)
    assert len(opaque.work_qubits) < len(known.work_qubits)
    wide = Codemaker(secret, colors=colors).oracle(score_qubits=5).oracle_layout
    assert wide.score_qubits == (10, 11, 12, 13, 14)
    assert (
        str(known) == "positions 0-9 (5 x 2 qubits, colour little-endian), score 10-12, work 13-17"
    )


@pytest.mark.parametrize(("secret", "colors"), [((1, 0), 5), ((4, 2, 0), 5)])
def test_the_parity_oracles_say_where_the_answer_is(secret, colors):
    maker = Codemaker(secret, colors=colors)
    for gate, layout in (
        (ParityOracleGate(secret, colors), ParityOracleGate(secret, colors).oracle_layout),
        (None, maker.parity_oracle().oracle_layout),
    ):
        assert layout.score_name == "answer" and len(layout.score_qubits) == 1
        assert layout.work_qubits == ()
        real = gate or ParityOracleGate(secret, colors)
        for guess in itertools.islice(itertools.product(range(colors), repeat=len(secret)), 40):
            read = _apply(real, layout, guess)
            distance = len(secret) - black(secret, guess)
            assert read == {"positions": list(guess), "score": distance % 2, "work": 0}


def test_the_oracle_gate_guide_shows_what_the_layouts_print():
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "guide" / "oracle_gate.md"
    text = page.read_text(encoding="utf-8")
    [block] = [b for b in text.split("```python\n")[1:] if b.lstrip().startswith(">>>")]
    test = doctest.DocTestParser().get_doctest(block.split("```", 1)[0], {}, page.name, None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0 and test.examples
