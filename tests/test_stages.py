"""The algorithms' stage gates: lazy, Operator-equal to the flat circuits they replace.

Each stage gate's definition is compared, phases included, with the flat circuit the
query circuits held before the stages were gates (built here from the builders they
wrap, gate by gate), and with the stage's maths where it has a closed form. The
executed solves are compared with results recorded before the stage gates existed
(``tests/data/quantum_solve_golden.json``: found, queries and counts with seed 11).
"""

from __future__ import annotations

import json
import math
import random
import zlib
from pathlib import Path

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.circuit import Parameter
from qiskit.quantum_info import Operator, Statevector

from mastermind_q import Codemaker, solve
from mastermind_q.circuits.find_two_color import (
    PairPreparationGate,
    PairReadoutGate,
    find_two_color_circuit,
    minus_state_preparation,
)
from mastermind_q.circuits.grover import (
    DiffusionGate,
    ScorePhaseGate,
    UniformPreparationGate,
    adaptive_circuit,
    diffusion,
    exact_grover_parameters,
    phase_oracle,
    score_phase,
    uniform_preparation,
)
from mastermind_q.circuits.hunziker_meyer import (
    HunzikerMeyerPreparationGate,
    ParityOracleGate,
    hunziker_meyer_circuit,
    hunziker_meyer_iterations,
)
from mastermind_q.circuits.layout import color_qubits, score_qubits
from mastermind_q.circuits.oracle import BlackPegOracleGate, _encode_bit, two_color_oracle
from mastermind_q.circuits.stages import StageGate, is_sealed_stage, stage_gate_types
from mastermind_q.circuits.two_colors import (
    TwoColorPreparationGate,
    TwoColorReadoutGate,
    chi_state_preparation,
    two_color_circuit,
    two_color_score_qubits,
    u_gate_circuit,
)
from mastermind_q.counting import count_oracle_calls

GOLDEN = Path(__file__).parent / "data" / "quantum_solve_golden.json"


def _equal(built: QuantumCircuit | StageGate, flat: QuantumCircuit) -> None:
    assert Operator(built).equiv(Operator(flat)), "not Operator-equal"
    assert np.allclose(Operator(built).data, Operator(flat).data, atol=1e-10), "phase differs"


# -- flat references: the gates the query circuits held one by one ------------------------
def _flat_encoding(circuit: QuantumCircuit, n: int, q: int, c1: int, c2: int) -> None:
    for i in range(n):
        _encode_bit(circuit, circuit.qubits[i * q : (i + 1) * q], c1, c2)


def _flat_pair_preparation(n: int, k: int, c1: int, c2: int) -> QuantumCircuit:
    q, m = color_qubits(k), score_qubits(n)
    circuit = QuantumCircuit(n * q + m)
    score = list(range(n * q, n * q + m))
    circuit.x(score[0])
    circuit.h(score)
    circuit.h([i * q for i in range(n)])
    _flat_encoding(circuit, n, q, c1, c2)
    return circuit


def _flat_pair_readout(n: int, k: int, c1: int, c2: int) -> QuantumCircuit:
    q, m = color_qubits(k), score_qubits(n)
    encoding = QuantumCircuit(n * q + m)
    _flat_encoding(encoding, n, q, c1, c2)
    circuit = encoding.inverse()
    circuit.h([i * q for i in range(n)])
    circuit.h(list(range(n * q, n * q + m)))
    return circuit


PAIR_CASES = [(1, 3, 0, 2), (2, 3, 2, 1), (3, 4, 1, 3), (2, 5, 0, 4), (2, 6, 5, 2), (1, 6, 3, 4)]


@pytest.mark.parametrize(("n", "k", "c1", "c2"), PAIR_CASES)
def test_pair_stages_equal_the_flat_gates(n, k, c1, c2):
    _equal(PairPreparationGate(n, k, c1, c2), _flat_pair_preparation(n, k, c1, c2))
    _equal(PairReadoutGate(n, k, c1, c2), _flat_pair_readout(n, k, c1, c2))
    _equal(
        PairPreparationGate(n, k, c1, c2).inverse(), _flat_pair_preparation(n, k, c1, c2).inverse()
    )


@pytest.mark.parametrize(("n", "k", "c1", "c2"), PAIR_CASES[:4])
def test_pair_preparation_puts_each_position_in_its_two_colours(n, k, c1, c2):
    q, m = color_qubits(k), score_qubits(n)
    state = Statevector(PairPreparationGate(n, k, c1, c2).definition)
    one = np.zeros(1 << q)
    one[c1] = one[c2] = 1 / math.sqrt(2)
    score = np.zeros(1 << m)
    score[:] = [(-1) ** y for y in range(1 << m)]
    score /= math.sqrt(1 << m)
    expected = score
    for _ in range(n):
        expected = np.kron(expected, one)
    assert np.allclose(state.data, expected, atol=1e-10)


@pytest.mark.parametrize(("n", "k", "c1", "c2"), [PAIR_CASES[i] for i in (0, 1, 5)])
def test_the_query_circuit_equals_the_flat_find_two_color_circuit(n, k, c1, c2):
    secret = tuple(random.Random(n * k + c1).randrange(k) for _ in range(n))
    oracle = BlackPegOracleGate.for_construction(secret, k, construction="gray")
    q, m = color_qubits(k), score_qubits(n)
    built = find_two_color_circuit(oracle, c1, c2, num_positions=n, colors=k, measure=False)
    flat = QuantumCircuit(oracle.num_qubits)
    score = list(range(n * q, n * q + m))
    flat.append(minus_state_preparation(m), score)
    flat.h([i * q for i in range(n)])
    flat.compose(two_color_oracle(oracle, c1, c2, num_positions=n, colors=k), inplace=True)
    flat.h([i * q for i in range(n)])
    flat.h(score)
    _equal(built, flat)


@pytest.mark.parametrize(("n", "k"), [(1, 2), (2, 3), (1, 5), (2, 4), (1, 6), (3, 2)])
def test_uniform_preparation_equals_the_flat_gates(n, k):
    q = color_qubits(k)
    flat = QuantumCircuit(n * q)
    for i in range(n):
        flat.compose(uniform_preparation(k), range(i * q, (i + 1) * q), inplace=True)
    _equal(UniformPreparationGate(n, k), flat)
    _equal(UniformPreparationGate(n, k).inverse(), flat.inverse())
    amplitudes = np.zeros(1 << q)
    amplitudes[:k] = 1 / math.sqrt(k)
    expected = amplitudes
    for _ in range(n - 1):
        expected = np.kron(expected, amplitudes)
    assert np.allclose(Statevector(UniformPreparationGate(n, k).definition).data, expected)


@pytest.mark.parametrize("m", [1, 2, 3])
@pytest.mark.parametrize("phi", [0.3, 1.5257, math.pi])
def test_score_phase_is_d_phi(m, phi):
    diagonal = np.diag([np.exp(1j * phi * j) for j in range(1 << m)])
    assert np.allclose(Operator(ScorePhaseGate(m, phi)).data, diagonal)
    _equal(ScorePhaseGate(m, phi), score_phase(m, phi))
    assert np.allclose(Operator(ScorePhaseGate(m, phi).inverse()).data, diagonal.conj())


@pytest.mark.parametrize(("n", "k"), [(1, 2), (2, 3), (1, 5), (2, 4), (1, 6)])
def test_diffusion_equals_the_flat_gates_and_its_formula(n, k):
    q = color_qubits(k)
    for phi in (exact_grover_parameters(k)[1], math.pi, 0.7):
        flat = QuantumCircuit(n * q)
        for i in range(n):
            flat.compose(diffusion(k, phi), range(i * q, (i + 1) * q), inplace=True)
        _equal(DiffusionGate(n, k, phi), flat)
        u = np.zeros(1 << q)
        u[:k] = 1 / math.sqrt(k)
        one = np.eye(1 << q) + (np.exp(1j * phi) - 1) * np.outer(u, u)
        expected = one
        for _ in range(n - 1):
            expected = np.kron(expected, one)
        assert np.allclose(Operator(DiffusionGate(n, k, phi)).data, expected, atol=1e-10)


@pytest.mark.parametrize("k", [3, 4, 5, 6])
def test_a_free_phase_is_built_from_p_and_mcx_only(k):
    """Aer ignores run-time values of parameterised controlled phases: the definition of
    a diffusion with a free ``phi`` holds single-qubit P and unparameterised MCX only."""
    phi = Parameter("phi")
    gate = DiffusionGate(2, k, phi)
    circuit = QuantumCircuit(gate.num_qubits)
    circuit.append(gate, circuit.qubits)
    flat = circuit.decompose(gates_to_decompose=["diffusion", "S_0", "R_0"], reps=3)
    assert {"A", "A_dg", "mcx", "ccx", "cx", "p", "x"} >= set(flat.count_ops())
    parameterised = {item.operation.name for item in flat.data if item.operation.is_parameterized()}
    assert parameterised == {"p"}
    value = exact_grover_parameters(k)[1]
    bound = QuantumCircuit(gate.num_qubits)
    bound.append(gate, bound.qubits)
    _equal(bound.assign_parameters({phi: value}), DiffusionGate(2, k, value).definition)


@pytest.mark.parametrize(("n", "k"), [(1, 5), (2, 5), (1, 6)])
def test_hunziker_meyer_preparation_equals_the_flat_gates(n, k):
    q = color_qubits(k)
    flat = QuantumCircuit(n * q + 1)
    for i in range(n):
        flat.compose(uniform_preparation(k), range(i * q, (i + 1) * q), inplace=True)
    flat.x(n * q)
    flat.h(n * q)
    _equal(HunzikerMeyerPreparationGate(n, k), flat)


@pytest.mark.parametrize(("n", "k"), [(1, 5), (2, 5)])
def test_the_hunziker_meyer_circuit_equals_the_flat_one(n, k):
    secret = tuple(i % k for i in range(n))
    oracle = ParityOracleGate(secret, k)
    q = color_qubits(k)
    built = hunziker_meyer_circuit(oracle, num_positions=n, colors=k, measure=False)
    flat = QuantumCircuit(n * q + 1)
    for i in range(n):
        flat.compose(uniform_preparation(k), range(i * q, (i + 1) * q), inplace=True)
    flat.x(n * q)
    flat.h(n * q)
    for _ in range(hunziker_meyer_iterations(k)):
        flat.append(oracle, flat.qubits)
        for i in range(n):
            flat.compose(diffusion(k, math.pi), range(i * q, (i + 1) * q), inplace=True)
    _equal(built, flat)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_two_color_stages_equal_the_flat_gates(n):
    m = two_color_score_qubits(n)
    prepare = QuantumCircuit(n + m)
    prepare.append(chi_state_preparation(m), range(n, n + m))
    prepare.h(range(n))
    _equal(TwoColorPreparationGate(n), prepare)
    readout = QuantumCircuit(n + m)
    for qubit in range(n):
        readout.compose(u_gate_circuit(), [qubit], inplace=True)
    if m > 2:
        readout.h(range(n + 2, n + m))
    from qiskit.circuit.library import QFTGate

    readout.append(QFTGate(2).inverse(), [n, n + 1])
    _equal(TwoColorReadoutGate(n), readout)
    oracle = BlackPegOracleGate.for_construction(tuple(i % 2 for i in range(n)), 2, score_qubits=m)
    built = two_color_circuit(oracle, num_positions=n, measure=False, score_qubits=m)
    flat = QuantumCircuit(oracle.num_qubits)
    flat.compose(prepare, range(n + m), inplace=True)
    flat.append(oracle, flat.qubits)
    flat.compose(readout, range(n + m), inplace=True)
    _equal(built, flat)


@pytest.mark.parametrize(("n", "k"), [(1, 2), (2, 3), (1, 4), (2, 4), (1, 5)])
def test_the_adaptive_circuit_equals_the_flat_iterations(n, k):
    secret = tuple((i + 1) % k for i in range(n))
    oracle = BlackPegOracleGate.for_construction(secret, k)
    iterations, phi = exact_grover_parameters(k)
    q = color_qubits(k)
    circuit = adaptive_circuit(oracle, num_positions=n, colors=k, measure=False)
    built = circuit.assign_parameters(dict.fromkeys(circuit.parameters, phi))
    flat = QuantumCircuit(oracle.num_qubits)
    for i in range(n):
        flat.compose(uniform_preparation(k), range(i * q, (i + 1) * q), inplace=True)
    for _ in range(iterations):
        flat.compose(phase_oracle(oracle, num_positions=n, colors=k, phi=phi), inplace=True)
        for i in range(n):
            flat.compose(diffusion(k, phi), range(i * q, (i + 1) * q), inplace=True)
    _equal(built, flat)


# -- laziness, equality, inverses ----------------------------------------------------------
def _stages() -> list[StageGate]:
    return [
        PairPreparationGate(3, 4, 0, 2),
        PairReadoutGate(3, 4, 0, 2),
        UniformPreparationGate(3, 5),
        ScorePhaseGate(3, 0.5),
        DiffusionGate(3, 5, Parameter("phi")),
        HunzikerMeyerPreparationGate(3, 5),
        TwoColorPreparationGate(3),
        TwoColorReadoutGate(3),
    ]


def test_every_stage_is_registered_lazy_and_compares_without_building():
    stages = _stages()
    assert {type(gate) for gate in stages} == set(stage_gate_types())
    for gate in stages:
        assert gate._definition is None and is_sealed_stage(gate)
        twin = type(gate)(**gate.arguments, **gate._angles())
        assert twin == gate and gate._definition is None and twin._definition is None
        inverse = gate.inverse()
        assert inverse.name == f"{gate.name}_dg" and inverse.label == f"{gate.label}†"
        assert inverse._definition is None and inverse.inverse() == gate
        assert inverse != gate
        assert gate.definition is not None and not is_sealed_stage(gate)


def test_a_huge_stage_is_made_at_once():
    """At the quantum limits the gate is made from sizes; nothing of size n log k is built."""
    gate = PairPreparationGate(4096, 1024, 3, 5)
    assert gate.num_qubits == 4096 * 10 + 13 and gate._definition is None
    assert DiffusionGate(4096, 1024, 0.1).num_qubits == 4096 * 10


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: PairPreparationGate(3, 4, 1, 1), "c2 must differ from c1, both were 1"),
        (lambda: PairPreparationGate(3, 4, 0, 4), "c2 must be a colour in 0..3, was 4"),
        (lambda: UniformPreparationGate(0, 4), "positions must have value >= 1, was 0"),
        (lambda: DiffusionGate(2, 4, float("nan")), "phi must be a finite real number"),
        (lambda: ScorePhaseGate(0, 0.1), "num_score_qubits must be >= 1, was 0"),
        (
            lambda: TwoColorPreparationGate(3, score_qubits=1),
            "score_qubits must be an integer >= 2",
        ),
    ],
)
def test_bad_sizes_are_named(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_a_stage_beyond_the_quantum_limits_is_refused():
    from mastermind_q.limits import ResourceLimitError

    with pytest.raises(ResourceLimitError):
        UniformPreparationGate(2, 10**6)


# -- counting: one box per query, nothing hidden ------------------------------------------
def test_counting_sees_one_box_per_query_and_opens_no_sealed_stage():
    maker = Codemaker((0, 2, 1, 2), colors=3)
    circuit = find_two_color_circuit(maker.oracle(), 0, 1, num_positions=4, colors=3)
    assert maker.charge(circuit) == 1
    assert [item.operation._definition for item in circuit.data[:3:2]] == [None, None]


def _parity_box(maker: Codemaker, width: int) -> QuantumCircuit:
    circuit = QuantumCircuit(width)
    circuit.append(maker.parity_oracle(), circuit.qubits)
    return circuit


def test_an_oracle_put_into_a_stage_definition_is_counted():
    """A definition that was set (not built by the stage) is walked like any box."""
    maker = Codemaker((0, 2, 1), colors=5)
    gate = HunzikerMeyerPreparationGate(3, 5)  # as wide as the parity oracle
    gate.definition = _parity_box(maker, gate.num_qubits)
    assert not is_sealed_stage(gate)
    circuit = QuantumCircuit(gate.num_qubits)
    circuit.append(gate, circuit.qubits)
    circuit.append(gate.inverse(), circuit.qubits)  # the inverse is a fresh, sealed stage
    assert maker.charge(circuit) == 1
    assert count_oracle_calls(circuit) == 1


def test_a_subclass_or_a_patched_stage_is_opened():
    maker = Codemaker((0, 2, 1), colors=5)

    class Sneaky(HunzikerMeyerPreparationGate):
        def _build(self) -> QuantumCircuit:
            return _parity_box(maker, self.num_qubits)

    sneaky = Sneaky(3, 5)
    assert not is_sealed_stage(sneaky)
    circuit = QuantumCircuit(sneaky.num_qubits)
    circuit.append(sneaky, circuit.qubits)
    assert maker.charge(circuit) == 1  # opened and counted
    patched = HunzikerMeyerPreparationGate(3, 5)
    patched._build = lambda: _parity_box(maker, patched.num_qubits)  # type: ignore[method-assign]
    assert not is_sealed_stage(patched)
    circuit = QuantumCircuit(patched.num_qubits)
    circuit.append(patched, circuit.qubits)
    assert maker.charge(circuit) == 1
    assert maker.queries == 2


def test_counting_huge_query_circuits_builds_no_stage():
    import time

    from mastermind_q.codemaker import CircuitsNotExecuted, CountingCodemaker

    maker = CountingCodemaker(tuple(i % 1024 for i in range(1024)), colors=1024)
    oracle = maker.oracle()
    started = time.perf_counter()
    circuits = [
        find_two_color_circuit(oracle, 0, c, num_positions=1024, colors=1024) for c in (1, 2, 3)
    ]
    assert [count_oracle_calls(circuit) for circuit in circuits] == [1, 1, 1]
    with pytest.raises(CircuitsNotExecuted):
        maker.run(circuits)
    assert maker.queries == 3
    assert time.perf_counter() - started < 5
    assert all(item.operation._definition is None for item in circuits[0].data[:3:2])


# -- executed solves: unchanged -------------------------------------------------------------
def _golden() -> list[dict]:
    return json.loads(GOLDEN.read_text())


def _case_id(case: dict) -> str:
    return f"{case['method']}-{case['n']}-{case['k']}-{case['backend']}"


FAST = {
    ("nonadaptive", 2, 3, "aer"),
    ("adaptive", 2, 3, "aer"),
    ("two-color", 3, 2, "aer"),
    ("hunziker-meyer", 2, 5, "aer"),
    ("nonadaptive", 3, 3, "aer-statevector"),
    ("hunziker-meyer", 1, 5, "aer-statevector"),
}


def _check_golden(case: dict) -> None:
    rng = random.Random(zlib.crc32(f"{case['method']},{case['n']},{case['k']}".encode()))
    secret = tuple(rng.randrange(case["k"]) for _ in range(case["n"]))
    assert list(secret) == case["secret"]
    sampled = case["backend"] == "aer"
    result = solve(
        secret,
        colors=case["k"],
        method=case["method"],
        backend=case["backend"],
        shots=256 if sampled else None,
        seed=11,
    )
    assert list(result.found) == case["found"]
    assert result.queries == case["queries"]
    assert result.solved == case["solved"]
    assert result.success_probability == pytest.approx(case["success_probability"], abs=1e-9)
    counts = [dict(c) for c in result.counts]
    if sampled:
        assert counts == case["counts"]
    else:
        for got, want in zip(counts, case["counts"], strict=True):
            for key in set(got) | set(want):
                assert got.get(key, 0.0) == pytest.approx(want.get(key, 0.0), abs=1e-9)


@pytest.mark.parametrize(
    "case",
    [c for c in _golden() if (c["method"], c["n"], c["k"], c["backend"]) in FAST],
    ids=_case_id,
)
def test_executed_solves_are_unchanged(case):
    _check_golden(case)


@pytest.mark.slow
@pytest.mark.parametrize("case", _golden(), ids=_case_id)
def test_every_recorded_solve_is_unchanged(case):
    _check_golden(case)


def test_the_legend_names_every_box_the_drawing_shows():
    from mastermind_q.circuits.stages import box_legend
    from mastermind_q.drawing import draw_text, open_groups

    maker = Codemaker((2, 0), colors=3)
    circuit = adaptive_circuit(maker.oracle(), num_positions=2, colors=3)
    legend = box_legend(circuit)
    assert [line.split(": ")[0] for line in legend] == ["A^⊗2", "B_s", "D(φ)", "B_s†", "S_0^⊗2(φ)"]
    assert legend[1] == "B_s: the codemaker's box, the black-peg oracle B_s"
    text = draw_text(circuit.assign_parameters(dict.fromkeys(circuit.parameters, 1.0)))
    for label in ("A^⊗2", "B_s", "B_s†", "D(φ = 1.00)", "S_0^⊗2(φ = 1.00)"):
        assert label in text
    pairs = find_two_color_circuit(maker.oracle(), 0, 1, num_positions=2, colors=3)
    labels = [line.split(": ")[0] for line in box_legend(open_groups(pairs))]
    assert labels == ["prep |−⟩", "E(0,1)", "B_s", "E(0,1)†"]  # as drawn: the stages opened
    drawn = draw_text(pairs)
    assert all(label in drawn for label in labels), (labels, drawn)
    assert "prep (0,1)" not in drawn and "readout (0,1)" not in drawn
