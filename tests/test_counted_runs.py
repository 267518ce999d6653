"""Tests for mastermind_q.codemaker.runs: the oracle handed out, counted and run."""

from __future__ import annotations

import copy
import json

import pytest
from qiskit import QuantumCircuit
from qiskit.circuit import AnnotatedOperation, PowerModifier

from mastermind_q import Codemaker, solve
from mastermind_q.backends import exact_probabilities
from mastermind_q.circuits import BlackPegOracleGate, black_peg_oracle, find_two_color_circuit
from mastermind_q.circuits.find_two_color import two_color_positions
from mastermind_q.codemaker import OracleCountError, OracleGate


def _forms(oracle, width):
    """Circuits applying ``oracle`` in the forms of the audit, and their true counts."""
    body = QuantumCircuit(width)
    body.append(oracle, range(width))
    looped = QuantumCircuit(width)
    looped.for_loop(range(3), None, body, list(range(width)), [])
    controlled = QuantumCircuit(width + 1)
    controlled.append(oracle.control(1), range(width + 1))
    powered = QuantumCircuit(width)
    powered.append(oracle.power(3, annotated=True), range(width))
    inverted = QuantumCircuit(width)
    inverted.append(oracle.inverse(annotated=True), range(width))
    return [looped, controlled, powered, inverted]


def test_the_audit_snippet_counts_3_1_3_1():
    maker = Codemaker((2, 0, 1), 3)
    oracle = maker.oracle()
    charged = [maker.charge(circuit) for circuit in _forms(oracle, oracle.num_qubits)]
    assert (charged, maker.queries) == ([3, 1, 3, 1], 8)


def _more_forms(oracle, width):
    """(name, circuit, applications): every countable form, with an input prepared."""
    forms = []

    def new(extra=0, flips=(1, 3)):
        circuit = QuantumCircuit(width + extra)
        if flips:
            circuit.x([extra + f for f in flips])
        return circuit

    body = QuantumCircuit(width)
    body.append(oracle, range(width))
    body.append(oracle.inverse(), range(width))
    body.append(oracle, range(width))
    inner = QuantumCircuit(width)
    inner.for_loop(range(2), None, body, list(range(width)), [])
    circuit = new()
    circuit.for_loop((0, 1), None, inner, list(range(width)), [])
    forms.append(("nested for_loops", circuit, 12))
    for ctrl_state, flips in ((1, (0, 2)), (0, (2,))):
        circuit = new(1, ())
        circuit.x(list(flips))
        circuit.append(oracle.control(1, ctrl_state=ctrl_state), range(width + 1))
        forms.append((f"control state {ctrl_state}", circuit, 1))
    circuit = new(2, ())
    circuit.x([0, 1, 3])
    circuit.append(oracle.control(1).control(1), range(width + 2))
    forms.append(("twice controlled", circuit, 1))
    circuit = new(1, ())
    circuit.x([0, 2])
    circuit.append(oracle.control(1, annotated=True), range(width + 1))
    forms.append(("annotated control", circuit, 1))
    for power, calls in ((3, 3), (-2, 2), (0, 0)):
        circuit = new()
        circuit.append(oracle.power(power, annotated=True), range(width))
        forms.append((f"annotated power {power}", circuit, calls))
    circuit = new()
    circuit.append(oracle.inverse(), range(width))
    forms.append(("inverse", circuit, 1))
    circuit = new()
    circuit.append(oracle.inverse(annotated=True), range(width))
    forms.append(("annotated inverse", circuit, 1))
    circuit = new()
    circuit.append(oracle.repeat(2), range(width))
    forms.append(("repeat", circuit, 2))
    pair = QuantumCircuit(width)
    pair.append(oracle, range(width))
    pair.append(oracle, range(width))
    wrapper = QuantumCircuit(width)
    wrapper.h(0)
    wrapper.append(pair.to_gate(label="pair"), range(width))
    circuit = new()
    circuit.append(wrapper.to_instruction(), range(width))
    circuit.append(wrapper.inverse().to_gate(), range(width))
    forms.append(("nested custom gates", circuit, 4))
    circuit = new(1, ())
    circuit.x([0, 2])
    circuit.append(pair.to_gate().control(1, annotated=True).power(2), range(width + 1))
    forms.append(("controlled composite squared", circuit, 4))
    for _, circuit, _ in forms:
        circuit.measure_all()
    return forms


SECRET, COLORS = (2, 0), 3
_ORACLE = Codemaker(SECRET, COLORS).oracle()
FORM_NAMES = [name for name, _, _ in _more_forms(_ORACLE, _ORACLE.num_qubits)]


@pytest.mark.parametrize("index", range(len(FORM_NAMES)), ids=FORM_NAMES)
def test_every_form_runs_as_the_real_oracle_and_is_counted(index):
    """The codemaker's run of each form equals the same circuit on the real oracle."""
    secret, k = SECRET, COLORS
    maker = Codemaker(secret, k)
    opaque = maker.oracle()
    name, circuit, calls = _more_forms(opaque, opaque.num_qubits)[index]
    real = BlackPegOracleGate.for_construction(secret, k)
    _, reference, _ = _more_forms(real, real.num_qubits)[index]
    [got] = maker.run([circuit], backend="aer-statevector")
    [want] = exact_probabilities([reference])
    assert set(got) == set(want), name
    assert all(abs(got[key] - want[key]) < 1e-9 for key in got), name
    assert maker.queries == maker.oracle_executions == calls


def test_forms_that_cannot_be_counted_are_refused_and_nothing_is_charged():
    maker = Codemaker((2, 0, 1), 3)
    oracle = maker.oracle()
    width = oracle.num_qubits
    body = QuantumCircuit(width, 1)
    body.append(oracle, range(width))
    body.measure(0, 0)
    looping = QuantumCircuit(width, 1)
    looping.while_loop((looping.clbits[0], 0), body, list(range(width)), [0])
    branching = QuantumCircuit(width, 1)
    branching.if_test((branching.clbits[0], 1), body, list(range(width)), [0])
    halved = QuantumCircuit(width)
    halved.append(AnnotatedOperation(oracle, PowerModifier(0.5)), range(width))
    fine = _forms(oracle, width)[2]
    for circuit, reason in (
        (looping, "while_loop"),
        (branching, "if_else"),
        (halved, "power 0.5"),
    ):
        with pytest.raises(OracleCountError, match=reason):
            maker.run([fine, circuit], backend="aer-statevector")
        with pytest.raises(OracleCountError, match=reason):
            maker.charge([fine, circuit])
    with pytest.raises(OracleCountError, match="only integer powers"):
        oracle.power(0.5)
    squared = oracle**2  # Qiskit's Gate.power would need the matrix
    assert isinstance(squared, AnnotatedOperation) and squared.modifiers == [PowerModifier(2)]
    assert maker.queries == maker.oracle_executions == 0


def test_forged_renamed_and_foreign_oracles_are_refused():
    maker = Codemaker((2, 0, 1), 3)
    width = maker.oracle().num_qubits

    def holding(gate):
        circuit = QuantumCircuit(width)
        circuit.append(gate, range(width))
        return circuit

    rebuilt = black_peg_oracle((2, 0, 1), 3).to_gate()  # named B_s, right secret, not handed out
    with pytest.raises(OracleCountError, match="not handed out by this codemaker"):
        maker.charge(holding(rebuilt))
    known = BlackPegOracleGate.for_construction((2, 0, 1), 3)  # the known-secret gate
    with pytest.raises(OracleCountError, match="built from a known secret"):
        maker.charge(holding(known))
    foreign = Codemaker((2, 0, 1), 3).oracle()  # same secret, another codemaker
    with pytest.raises(OracleCountError, match="did not hand out"):
        maker.charge(holding(foreign))
    renamed = copy.copy(maker.oracle())
    renamed.name = "harmless"
    with pytest.raises(OracleCountError, match="named 'harmless'"):
        maker.charge(holding(renamed))
    assert maker.queries == 0


# -- the gate handed out reveals nothing ----------------------------------------------
def test_run_leaves_the_circuits_opaque():
    maker = Codemaker((0, 2, 1), 3)
    circuit = find_two_color_circuit(maker.oracle(), 0, 1, num_positions=3, colors=3)
    maker.run([circuit], backend="aer-statevector")
    oracles = [item.operation for item in circuit.data if item.operation.name == "B_s"]
    assert len(oracles) == 1
    assert isinstance(oracles[0], OracleGate) and oracles[0].definition is None


# -- run: counts, executions, validation -------------------------------------------------
def test_run_counts_queries_and_executions():
    secret, k = (2, 0, 1, 2), 3
    maker = Codemaker(secret, k)
    circuits = [
        find_two_color_circuit(maker.oracle(), c1, c2, num_positions=4, colors=k)
        for c1, c2 in ((0, 1), (0, 2))
    ]
    counts = maker.run(circuits, backend="aer", shots=40, seed=5)
    for (c1, c2), found in zip(((0, 1), (0, 2)), counts):
        bits = "".join(str(bit) for bit in reversed(two_color_positions(secret, c1, c2)))
        assert found == {bits: 40}
    assert (maker.queries, maker.oracle_executions) == (2, 80)
    maker.run(circuits[:1], backend="aer-statevector")
    assert (maker.queries, maker.oracle_executions) == (3, 81)


def test_run_validates_before_charging():
    maker = Codemaker((1, 0), 2)
    circuit = QuantumCircuit(1, 1)
    circuit.measure(0, 0)
    with pytest.raises(ValueError, match="shots must be a positive integer, was 0"):
        maker.run([circuit], backend="aer", shots=0)
    with pytest.raises(ValueError, match="backend"):
        maker.run([circuit], backend="nowhere")
    with pytest.raises(ValueError, match="at least one circuit"):
        maker.run([], backend="aer")
    with pytest.raises(ValueError, match=r"circuits\[0\] must be a QuantumCircuit, was int"):
        maker.run([3], backend="aer")
    with pytest.raises(ValueError, match="unknown oracle option"):
        maker.oracle(secret=(0, 0))
    with pytest.raises(ValueError, match="construction must be one of"):
        maker.oracle(construction="bogus")
    assert maker.queries == 0


def test_solve_reports_algorithmic_queries_and_executions(capsys):
    from mastermind_q import cli

    sampled = solve((2, 0, 1), colors=3, method="nonadaptive", shots=64, seed=1)
    assert (sampled.queries, sampled.oracle_executions) == (2, 128)
    exact = solve((2, 0, 1), colors=3, method="adaptive", backend="aer-statevector")
    assert exact.oracle_executions == exact.queries == 2
    classical = solve((2, 0, 1), colors=3, method="blackpeg")
    assert classical.oracle_executions is None
    assert "oracle_executions" not in classical.to_dict()
    argv = ["solve", "--method", "two-color", "--colors", "2", "--secret", "1,0,1"]
    assert cli.main([*argv, "--shots", "10", "--seed", "1", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert (payload["queries"], payload["oracle_executions"]) == (1, 10)


# -- the issue-16 audit: what is counted is what runs ---------------------------------
def _score(outcome, width, score_qubits):
    """The score register's value in the (single) outcome of a measured circuit."""
    [key] = outcome
    bits = key[::-1]  # clbit 0 first
    start = width - score_qubits
    return int(bits[start:width][::-1], 2)


def _one_black_input(circuit):
    """Prepare x = (1, 1) against secret (0, 1): B_s(x) = 1 (k = 2, one qubit a position)."""
    circuit.x([0, 1])


class _Free(int):
    """An int that says 0 when asked for int(): the audit's first cheat."""

    def __int__(self):
        return 0


def test_a_power_that_is_not_a_builtin_int_is_refused():
    maker = Codemaker((0, 1), 2)
    oracle = maker.oracle()
    width = oracle.num_qubits
    for power in (_Free(1), True, "1", 1 + 0j):
        circuit = QuantumCircuit(width)
        circuit.append(AnnotatedOperation(oracle, PowerModifier(power)), range(width))
        circuit.measure_all()
        with pytest.raises(OracleCountError, match="power"):
            maker.run(circuit, backend="aer", shots=8, seed=0)
        with pytest.raises(OracleCountError, match="power"):
            maker.charge(circuit)
    assert maker.queries == 0


def test_changing_the_callers_modifier_during_a_run_changes_nothing():
    """The audit's second cheat: PowerModifier.power changed between two transpiles."""
    from mastermind_q.backends import execution_options

    maker = Codemaker((0, 1), 2)
    oracle = maker.oracle(score_qubits=4)
    width = oracle.num_qubits
    modifier = PowerModifier(1)
    circuits = []
    for _ in range(2):
        circuit = QuantumCircuit(width)
        _one_black_input(circuit)
        circuit.append(AnnotatedOperation(oracle, modifier), range(width))
        circuit.measure_all()
        circuits.append(circuit)

    def cheat(_event):
        modifier.power = 7

    with execution_options(progress=cheat):
        outcomes = maker.run(circuits, backend="aer", shots=8, seed=0)
    assert modifier.power == 7  # the cheat ran
    assert [_score(outcome, width, 4) for outcome in outcomes] == [1, 1]
    assert maker.queries == 2


def test_box_is_counted_and_runs_its_body():
    maker = Codemaker((0, 1), 2)
    oracle = maker.oracle(score_qubits=3)
    width = oracle.num_qubits
    circuit = QuantumCircuit(width)
    _one_black_input(circuit)
    with circuit.box():
        circuit.append(oracle, range(width))
        with circuit.box():
            circuit.append(oracle, range(width))
    circuit.measure_all()
    for backend in ("aer", "aer-statevector"):
        [outcome] = maker.run(circuit, backend=backend, shots=8, seed=0)
        assert _score(outcome, width, 3) == 2
    assert maker.queries == 4


# -- property: for random nestings of the countable forms, charged == applied --------
# The game: secret (0, 1), k = 2, input x = (1, 1), so B_s(x) = 1 and every application
# of B_s adds 1 to a 6-qubit score register (B_s^dagger subtracts 1). Control qubits are
# prepared in |1>, so every controlled application happens. The model below computes,
# independently of the codemaker, how many applications a tree is (charged) and their
# signed sum (what the score register shows, mod 64).
_SCORE_QUBITS = 6
_CONTROLS = 2


def _operation_trees(depth: int):
    from hypothesis import strategies as st

    leaf = st.sampled_from([("oracle",), ("oracle_dg",)])
    if depth == 0:
        return leaf
    inner = _operation_trees(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(st.just("inverse"), inner),
        st.tuples(st.just("power"), st.integers(-2, 3), inner),
        st.tuples(st.just("control"), inner),
        st.tuples(st.just("repeat"), st.integers(1, 3), inner),
        st.tuples(st.just("gate"), st.lists(inner, min_size=1, max_size=3)),
    )


def _statements(depth: int):
    from hypothesis import strategies as st

    tree = _operation_trees(3)
    if depth == 0:
        return st.lists(st.tuples(st.just("apply"), tree), min_size=1, max_size=3)
    return st.lists(
        st.one_of(
            st.tuples(st.just("apply"), tree),
            st.tuples(st.just("for"), st.integers(0, 3), _statements(depth - 1)),
            st.tuples(st.just("box"), _statements(depth - 1)),
        ),
        min_size=1,
        max_size=3,
    )


def _build(tree, oracle, controls):
    """(operation on controls + oracle qubits, controls used, charged, net)."""
    from qiskit.circuit.annotated_operation import ControlModifier, InverseModifier

    kind = tree[0]
    if kind == "oracle":
        return oracle, 0, 1, 1
    if kind == "oracle_dg":
        return oracle.inverse(), 0, 1, -1
    if kind == "inverse":
        operation, used, charged, net = _build(tree[1], oracle, controls)
        return AnnotatedOperation(operation, InverseModifier()), used, charged, -net
    if kind == "power":
        power = tree[1]
        operation, used, charged, net = _build(tree[2], oracle, controls)
        return (
            AnnotatedOperation(operation, PowerModifier(power)),
            used,
            abs(power) * charged,
            power * net,
        )
    if kind == "control":
        operation, used, charged, net = _build(tree[1], oracle, controls)
        if used >= controls:  # no control qubit left: apply it uncontrolled
            return operation, used, charged, net
        return AnnotatedOperation(operation, ControlModifier(1)), used + 1, charged, net
    if kind == "repeat":
        count = tree[1]
        operation, used, charged, net = _build(tree[2], oracle, controls)
        body = QuantumCircuit(operation.num_qubits)
        for _ in range(count):
            body.append(operation, range(operation.num_qubits))
        return body.to_instruction(label="repeat"), used, count * charged, count * net
    children = [_build(child, oracle, controls) for child in tree[1]]
    used = max(child[1] for child in children)
    width = oracle.num_qubits + used
    body = QuantumCircuit(width)
    for operation, child_used, _, _ in children:
        body.append(operation, range(used - child_used, width))
    gate = body.to_instruction(label="sub")
    return gate, used, sum(child[2] for child in children), sum(child[3] for child in children)


def _emit(circuit, statements, oracle):
    """Append ``statements`` to ``circuit``; ``(charged, net)`` of what was appended."""
    charged = net = 0
    width = circuit.num_qubits
    for statement in statements:
        if statement[0] == "apply":
            operation, used, calls, signed = _build(statement[1], oracle, _CONTROLS)
            circuit.append(operation, range(_CONTROLS - used, width))
        elif statement[0] == "box":
            body = QuantumCircuit(width)
            calls, signed = _emit(body, statement[1], oracle)
            circuit.box(body, list(range(width)), [])
        else:
            _, count, inner = statement
            body = QuantumCircuit(width)
            calls, signed = _emit(body, inner, oracle)
            circuit.for_loop(range(count), None, body, list(range(width)), [])
            calls, signed = count * calls, count * signed
        charged += calls
        net += signed
    return charged, net


@pytest.mark.parametrize(
    "examples", [5, pytest.param(25, marks=pytest.mark.slow)], ids=["quick", "25"]
)
def test_charged_equals_applied_for_random_nestings(examples):
    """Hypothesis: random nestings (control, inverse, power, repeat, sub-circuit gates,
    for_loop, box) are charged exactly what the score register shows was applied."""
    from hypothesis import HealthCheck, given, settings
    from qiskit import ClassicalRegister

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(_statements(1))
    def check(statements):
        maker = Codemaker((0, 1), 2)
        oracle = maker.oracle(score_qubits=_SCORE_QUBITS)
        circuit = QuantumCircuit(_CONTROLS + oracle.num_qubits)
        circuit.x(range(_CONTROLS + 2))  # controls |1>, x = (1, 1)
        charged, net = _emit(circuit, statements, oracle)
        score = ClassicalRegister(_SCORE_QUBITS, "score")
        circuit.add_register(score)
        circuit.measure(range(_CONTROLS + 2, _CONTROLS + 2 + _SCORE_QUBITS), score)
        [outcome] = maker.run(circuit, backend="aer-statevector")
        [(key, probability)] = outcome.items()
        assert probability == pytest.approx(1.0)
        assert maker.queries == charged
        assert int(key, 2) == net % 2**_SCORE_QUBITS

    check()
