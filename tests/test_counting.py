"""Tests for mastermind_q.counting: oracle applications counted in every form, or refused."""

from __future__ import annotations

import pytest
from qiskit import QuantumCircuit
from qiskit.circuit import AnnotatedOperation, ForLoopOp, Gate, PowerModifier

from mastermind_q.counting import (
    ORACLE_NAME,
    OracleCountError,
    count_oracle_calls,
)


def named_oracle(width: int = 2) -> Gate:
    """A stand-in gate named ``B_s`` (counting by name does not look inside)."""
    body = QuantumCircuit(width)
    body.cx(0, 1)
    gate = body.to_gate()
    gate.name = ORACLE_NAME
    return gate


def on(width: int, *operations) -> QuantumCircuit:
    circuit = QuantumCircuit(width)
    for operation in operations:
        circuit.append(operation, range(operation.num_qubits))
    return circuit


def test_nested_gates_and_inverse_uses():
    oracle = named_oracle()
    wrapped = on(2, oracle).to_gate(label="wrapper")
    circuit = QuantumCircuit(2)
    circuit.h(0)
    circuit.append(wrapped, [0, 1])
    circuit.append(oracle.inverse(), [0, 1])
    circuit.mcx([0], 1)
    assert count_oracle_calls(circuit) == 2


def test_nested_for_loops_multiply():
    oracle = named_oracle()
    inner = QuantumCircuit(2)
    inner.for_loop(range(3), None, on(2, oracle, oracle.inverse()), [0, 1], [])
    circuit = QuantumCircuit(2)
    circuit.for_loop((0, 5), None, inner, [0, 1], [])
    assert count_oracle_calls(circuit) == 2 * 3 * 2


@pytest.mark.parametrize(("power", "calls"), [(3, 3), (-2, 2), (0, 0), (2.0, 2)])
def test_annotated_powers_count_abs_p(power, calls):
    circuit = on(2, named_oracle().power(power, annotated=True))
    assert count_oracle_calls(circuit) == calls


def test_annotated_modifiers_compose():
    oracle = named_oracle()
    twice_then_controlled = oracle.power(2, annotated=True).control(2).inverse()
    circuit = on(4, twice_then_controlled)
    assert count_oracle_calls(circuit) == 2
    composite = on(2, oracle, oracle).to_gate()
    assert count_oracle_calls(on(3, composite.control(1, annotated=True).power(3))) == 6


def test_controlled_known_oracle_counts_once():
    """``control()`` unrolls the definition; the base gate still names the oracle."""
    controlled = named_oracle().control(1)
    assert ORACLE_NAME not in controlled.definition.count_ops()
    assert count_oracle_calls(on(3, controlled)) == 1


def test_repeat_box_and_user_subclass():
    oracle = named_oracle()
    assert count_oracle_calls(on(2, oracle.repeat(4))) == 4
    boxed = QuantumCircuit(2)
    with boxed.box():
        boxed.append(oracle, [0, 1])
    assert count_oracle_calls(boxed) == 1

    class Hidden(Gate):
        """A user's gate whose definition, built on demand, applies the oracle."""

        def __init__(self) -> None:
            super().__init__("hidden", 2, [])

        def _define(self) -> None:
            self._definition = on(2, oracle, oracle)

    assert count_oracle_calls(on(2, Hidden())) == 2


def _loop_body(oracle: Gate, *, exit_name: str | None = None) -> QuantumCircuit:
    body = QuantumCircuit(2, 1)
    body.append(oracle, [0, 1])
    if exit_name == "break":
        body.break_loop()
    elif exit_name == "continue":
        body.continue_loop()
    return body


@pytest.mark.parametrize(
    ("build", "reason"),
    [
        (
            lambda c, body: c.while_loop((c.clbits[0], 0), body, [0, 1], [0]),
            "while_loop holding the oracle",
        ),
        (
            lambda c, body: c.if_test((c.clbits[0], 1), body, [0, 1], [0]),
            "inside a branch of if_else",
        ),
        (
            lambda c, body: c.for_loop(
                range(2), None, _loop_body(named_oracle(), exit_name="break"), [0, 1], [0]
            ),
            "can break or continue",
        ),
        (
            lambda c, body: c.for_loop(
                range(2), None, _loop_body(named_oracle(), exit_name="continue"), [0, 1], [0]
            ),
            "can break or continue",
        ),
    ],
)
def test_run_time_control_flow_is_refused(build, reason):
    circuit = QuantumCircuit(2, 1)
    build(circuit, _loop_body(named_oracle()))
    with pytest.raises(OracleCountError, match=reason):
        count_oracle_calls(circuit)


def test_switch_and_non_integer_power_are_refused():
    circuit = QuantumCircuit(2, 1)
    with circuit.switch(circuit.clbits[0]) as case, case(0):
        circuit.append(named_oracle(), [0, 1])
    with pytest.raises(OracleCountError, match="switch_case"):
        count_oracle_calls(circuit)
    half = on(2, AnnotatedOperation(named_oracle(), PowerModifier(0.5)))
    with pytest.raises(OracleCountError, match=r"power 0\.5"):
        count_oracle_calls(half)
    assert issubclass(OracleCountError, ValueError)


def test_control_flow_without_the_oracle_is_fine():
    body = QuantumCircuit(2, 1)
    body.h(0)
    circuit = QuantumCircuit(2, 1)
    circuit.while_loop((circuit.clbits[0], 0), body, [0, 1], [0])
    circuit.append(named_oracle(), [0, 1])
    assert count_oracle_calls(circuit) == 1


def test_subclasses_that_would_see_the_real_oracle_are_refused():
    """A circuit or loop subclass's own methods would run on the substituted oracle."""

    class Spy(QuantumCircuit):
        pass

    spy = Spy(2)
    spy.append(named_oracle(), [0, 1])
    with pytest.raises(OracleCountError, match="Spy \\(a QuantumCircuit subclass\\)"):
        count_oracle_calls(spy)
    plain = on(2, spy.to_gate())  # to_gate copies the data into a plain definition
    assert count_oracle_calls(plain) == 1

    class Loop(ForLoopOp):
        pass

    circuit = QuantumCircuit(2)
    circuit.append(Loop(range(2), None, on(2, named_oracle())), [0, 1])
    with pytest.raises(OracleCountError, match="of type Loop"):
        count_oracle_calls(circuit)


def test_a_for_loop_over_anything_but_a_range_or_tuple_is_refused():
    oracle = named_oracle()
    loop = ForLoopOp((0, 1), None, on(2, oracle))
    loop.params[0] = [0, 1, 2]  # a list set by hand: len() is not what a simulator loops
    forged = QuantumCircuit(2)
    forged.append(loop, [0, 1])
    with pytest.raises(OracleCountError, match="range or a tuple"):
        count_oracle_calls(forged)


@pytest.mark.parametrize("power", [True, "2", 2.5, float("inf"), 1 + 0j])
def test_powers_that_are_not_plain_integers_are_refused(power):
    from qiskit.circuit import AnnotatedOperation, PowerModifier

    circuit = on(2, AnnotatedOperation(named_oracle(), PowerModifier(power)))
    with pytest.raises(OracleCountError, match="power"):
        count_oracle_calls(circuit)
