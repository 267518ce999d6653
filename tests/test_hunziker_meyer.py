"""Tests for Hunziker-Meyer (Li-Luo-Xu Appendix A, Algorithm 5): oracle, circuit, solver."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.quantum_info import Operator, Statevector

import mastermind_q as mq
from mastermind_q.circuits.grover import exact_grover_parameters
from mastermind_q.circuits.hunziker_meyer import (
    hunziker_meyer_circuit,
    hunziker_meyer_iterations,
    hunziker_meyer_success_probability,
    parity_distance,
    parity_oracle,
    parity_phase_search,
    theorem4_table,
)
from mastermind_q.circuits.layout import color_qubits
from mastermind_q.codemaker import Codemaker, OracleCountError
from mastermind_q.counting import count_oracle_calls


def _digits(basis: int, n: int, q: int) -> list[int]:
    return [(basis >> (i * q)) & ((1 << q) - 1) for i in range(n)]


@pytest.mark.parametrize(
    ("secret", "k"), [((0,), 2), ((1,), 3), ((4,), 5), ((1, 2), 3), ((2, 0), 4), ((0, 1, 1), 2)]
)
def test_parity_oracle_on_every_basis_state(secret, k):
    n, q = len(secret), color_qubits(k)
    width = n * q + 1
    expected = np.zeros((2**width, 2**width))
    for basis in range(2**width):
        h = parity_distance(secret, _digits(basis, n, q))
        expected[basis ^ (h << (n * q)), basis] = 1
    assert Operator(parity_oracle(secret, k)).equiv(Operator(expected))
    assert np.allclose(Operator(parity_oracle(secret, k)).data, expected)  # phases too


@pytest.mark.parametrize("k", [5, 6, 7, 8])
def test_iterations_formula(k):
    value = (math.pi / (2 * math.asin(1 / math.sqrt(k))) - 1) / 2
    assert hunziker_meyer_iterations(k) == round(value)


def _secret(n: int, k: int) -> tuple[int, ...]:
    return tuple((3 * i + 2) % k for i in range(n))


@pytest.mark.parametrize(("n", "k"), list(itertools.product(range(1, 4), range(5, 9))))
def test_success_probability_matches_formula(n, k):
    result = mq.solve(_secret(n, k), colors=k, method="hunziker-meyer", backend="aer-statevector")
    assert result.solved
    assert result.success_probability == pytest.approx(
        hunziker_meyer_success_probability(n, k), abs=1e-9
    )
    theta = math.asin(1 / math.sqrt(k))
    T = hunziker_meyer_iterations(k)
    assert result.success_probability == pytest.approx(
        math.sin((2 * T + 1) * theta) ** (2 * n), abs=1e-9
    )
    assert result.queries == result.iterations == T


@pytest.mark.slow
@pytest.mark.parametrize("k", range(5, 9))
def test_success_probability_matches_formula_n4(k):
    result = mq.solve(_secret(4, k), colors=k, method="hunziker-meyer", backend="aer-statevector")
    assert result.success_probability == pytest.approx(
        hunziker_meyer_success_probability(4, k), abs=1e-9
    )
    assert result.queries == hunziker_meyer_iterations(k)


@pytest.mark.parametrize("k", [2, 3, 4])
def test_small_k_refused_before_work(k, monkeypatch):
    import mastermind_q.circuits.hunziker_meyer as builder

    monkeypatch.setattr(builder, "hunziker_meyer_circuit", None)  # never reached
    with pytest.raises(ValueError, match=f"colors > 4, was {k}.*Appendix A") as info:
        mq.solve((1,) * 3, colors=k, method="hunziker-meyer")
    assert "\n" not in str(info.value)


def test_oracle_is_opaque_and_counted_by_name():
    maker = Codemaker((3, 0), colors=6)
    gate = maker.parity_oracle()
    assert gate.name == "O_h" and gate.definition is None and gate.num_qubits == 7
    circuit = QuantumCircuit(7)
    circuit.append(gate, range(7))
    circuit.append(gate.inverse(), range(7))
    assert count_oracle_calls(circuit) == 2
    with pytest.raises(Exception):  # noqa: B017 - opaque: no matrix
        Operator(circuit)
    maker.run([circuit.measure_all(inplace=False)], backend="aer-statevector")
    assert maker.queries == 2


def test_forged_parity_oracle_refused():
    maker = Codemaker((3, 0), colors=6)
    forged = parity_oracle((3, 0), 6).to_gate()
    forged.name = "O_h"
    circuit = QuantumCircuit(7)
    circuit.append(forged, range(7))
    circuit.measure_all()
    with pytest.raises(OracleCountError, match="O_h"):
        maker.run([circuit], backend="aer-statevector")


def _probability(circuit: QuantumCircuit, secret: tuple[int, ...], k: int) -> float:
    q = color_qubits(k)
    probabilities = Statevector(circuit).probabilities_dict(qargs=list(range(len(secret) * q)))
    key = "".join(format(c, f"0{q}b") for c in reversed(secret))
    return probabilities.get(key, 0.0)


@pytest.mark.parametrize(("n", "k"), [(2, 5), (2, 6), (2, 8), (3, 5), (3, 7)])
def test_exact_phase_cannot_make_it_exact(n, k):
    """Li-Luo-Xu Appendix A: e^{i phi l} != e^{i phi (l mod 2)}, so Long's phase fails."""
    secret = _secret(n, k)
    iterations, phi = exact_grover_parameters(k)
    general = parity_phase_search(
        parity_oracle(secret, k), num_positions=n, colors=k, phi=phi, iterations=iterations
    )
    assert _probability(general, secret, k) < 0.99
    plain = hunziker_meyer_circuit(
        parity_oracle(secret, k), num_positions=n, colors=k, measure=False
    )
    assert _probability(plain, secret, k) < 1 - 1e-3  # not exact either
    exact = mq.solve(secret, colors=k, method="adaptive", backend="aer-statevector")
    assert exact.success_probability == pytest.approx(1.0, abs=1e-9)  # Algorithm 4


def test_theorem4_table_holds():
    rows = theorem4_table()
    assert rows and all(row["holds"] for row in rows)
    for row in rows:
        assert row["n"] == max(1, math.floor(-row["k"] * math.log(0.5 + row["eps"])))


def test_circuit_layout_registers():
    maker = Codemaker((5, 1), colors=6)
    circuit = hunziker_meyer_circuit(maker.parity_oracle(), num_positions=2, colors=6)
    assert [register.name for register in circuit.qregs] == ["pos0", "pos1", "score"]
    with pytest.raises(ValueError, match="n\\*q \\+ 1"):
        hunziker_meyer_circuit(maker.oracle(), num_positions=2, colors=6)
