"""Counting oracle applications in a circuit, whatever form they take.

One walk over a circuit finds every application of the black-peg oracle and, on the
codemaker's run path, replaces each one by the real oracle in the same step, so what
is counted is exactly what runs. The forms it counts:

* the oracle gate itself and its inverse (``B_s``, ``B_s_dg``): one each;
* ``for_loop``: iterations x the applications in the body (nested loops multiply);
* a controlled oracle (a ``ControlledGate`` whose base gate holds the oracle): the
  applications of the base gate, now controlled;
* ``AnnotatedOperation`` (``power`` / ``inverse`` / ``control`` with
  ``annotated=True``): the base operation's applications times ``|p|`` for every
  integer power modifier ``p``;
* ``box``: its body;
* custom gates and sub-circuits (``to_gate``, ``to_instruction``, ``repeat``, a user's
  ``Gate`` subclass, a library operation built around another operation): their
  definitions, recursively.

Refused with :class:`OracleCountError` (a ``ValueError``) and the reason, when the
oracle is inside:

* a ``while_loop`` (the number of iterations is decided by measurements at run time);
* an ``if_else`` or ``switch`` branch (whether it runs is decided at run time; the
  walk refuses rather than charge a bound, so every accepted count is exact);
* a ``for_loop`` whose body can ``break`` or ``continue``;
* a power modifier that is not an integer (``B_s^(1/2)`` is not a number of queries);
* an operation whose definition cannot be built;
* a ``QuantumCircuit`` subclass, a control-flow subclass or an unknown modifier around
  it (their own code would see the real oracle while the codemaker rebuilds them).

Which operations *are* the oracle is decided by the caller (:func:`count_oracle_calls`
goes by the names ``B_s`` / ``B_s_dg``; :class:`~mastermind_q.codemaker.Codemaker` by
the private token of the gates it handed out).

Example:
    >>> from qiskit import QuantumCircuit
    >>> oracle = QuantumCircuit(2, name="B_s").to_gate()
    >>> body = QuantumCircuit(2)
    >>> _ = body.append(oracle, [0, 1])
    >>> circuit = QuantumCircuit(2)
    >>> _ = circuit.for_loop(range(3), None, body, [0, 1], [])
    >>> _ = circuit.append(oracle.power(2, annotated=True), [0, 1])
    >>> count_oracle_calls(circuit)
    5
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any

from qiskit.circuit import (
    AnnotatedOperation,
    BoxOp,
    ControlFlowOp,
    ControlledGate,
    ForLoopOp,
    Gate,
    IfElseOp,
    Instruction,
    Operation,
    QuantumCircuit,
    SwitchCaseOp,
    WhileLoopOp,
)
from qiskit.circuit.annotated_operation import ControlModifier, InverseModifier, PowerModifier

__all__ = [
    "ORACLE_INVERSE_NAME",
    "ORACLE_NAME",
    "ORACLE_NAMES",
    "PARITY_ORACLE_INVERSE_NAME",
    "PARITY_ORACLE_NAME",
    "OracleCountError",
    "OracleWalk",
    "count_oracle_calls",
]

ORACLE_NAME = "B_s"
"""Name (and label) of the black-peg oracle gate handed out by a codemaker."""
ORACLE_INVERSE_NAME = f"{ORACLE_NAME}_dg"
"""Name of its inverse, as produced by ``Gate.inverse()``."""
PARITY_ORACLE_NAME = "O_h"
"""Name of the parity oracle ``O_h|x>|b> = |x>|b xor (d_H(x, s) mod 2)>`` (Hunziker-Meyer)."""
PARITY_ORACLE_INVERSE_NAME = f"{PARITY_ORACLE_NAME}_dg"
"""Name of its inverse (the same map: ``O_h`` is its own inverse)."""
ORACLE_NAMES = (ORACLE_NAME, ORACLE_INVERSE_NAME, PARITY_ORACLE_NAME, PARITY_ORACLE_INVERSE_NAME)
"""Every name an oracle gate handed out by a codemaker carries."""

_LOOP_EXITS = ("break_loop", "continue_loop")
_PLAIN_INSTRUCTIONS = ("measure", "reset", "barrier", "delay", "store")

Match = Callable[[Operation], "Operation | None"]
"""``match(operation)``: ``None`` if ``operation`` is not the oracle, else what runs in
its place (the operation itself when nothing is replaced); may raise
:class:`OracleCountError` (e.g. for a forged oracle)."""


class OracleCountError(ValueError):
    """The oracle applications in a circuit cannot be counted (the message says why)."""


def _is_integer(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, numbers.Integral):
        return True
    return isinstance(value, numbers.Real) and float(value).is_integer()


def _may_hold_operations(operation: Operation) -> bool:
    """Whether ``operation``'s definition could hold another operation (the oracle).

    Standard gates and plain instructions cannot. A custom composite (``Gate`` /
    ``Instruction`` made by ``to_gate``) or a class defined outside Qiskit can (its
    ``_define`` is the user's code). A Qiskit library class can only if it was built
    around an operation or circuit, i.e. holds one in its parameters or attributes.
    """
    kind = type(operation)
    if kind in (Gate, Instruction) or not kind.__module__.startswith("qiskit."):
        return True
    values = [*getattr(operation, "params", ()), *vars(operation).values()]
    for value in values:
        items = value if isinstance(value, (list, tuple)) else (value,)
        if any(isinstance(item, (Operation, QuantumCircuit)) for item in items):
            return True
    return False


def _exits_loop(block: QuantumCircuit) -> bool:
    """Whether ``block`` (a loop body) holds a ``break`` or ``continue`` for its loop."""
    for instruction in block.data:
        operation = instruction.operation
        if operation.name in _LOOP_EXITS:
            return True
        if isinstance(operation, (IfElseOp, SwitchCaseOp, BoxOp)) and any(
            _exits_loop(inner) for inner in operation.blocks
        ):
            return True
    return False


class OracleWalk:
    """One walk: counts the oracle applications and (optionally) rebuilds the circuits.

    Args:
        match: tells the oracle apart (see :data:`Match`).
        replace: build the circuits with every matched oracle replaced by what
            ``match`` returned (the codemaker's run path); otherwise only count.
    """

    def __init__(self, match: Match, *, replace: bool = False) -> None:
        self._match = match
        self._replace = replace
        # id(operation) -> (operation, calls, replacement); the operation is kept so
        # its id stays unique during the walk.
        self._seen: dict[int, tuple[Operation, int, Operation | None]] = {}

    def circuit(self, circuit: QuantumCircuit) -> tuple[int, QuantumCircuit]:
        """``(applications, circuit to run)``; the circuit is ``circuit`` if unchanged."""
        total = 0
        replaced: list[tuple[int, Operation]] = []
        for index, instruction in enumerate(circuit.data):
            calls, replacement = self.operation(instruction.operation)
            total += calls
            if replacement is not None:
                replaced.append((index, replacement))
        if total and type(circuit) is not QuantumCircuit:
            # Its methods would see the real oracle while the circuit is rebuilt.
            raise OracleCountError(
                f"the oracle inside a {type(circuit).__name__} (a QuantumCircuit subclass): "
                "the codemaker runs only plain QuantumCircuit objects"
            )
        if not replaced:
            return total, circuit
        rebuilt = circuit.copy_empty_like()
        replacements = dict(replaced)
        for index, instruction in enumerate(circuit.data):
            if index in replacements:
                instruction = instruction.replace(operation=replacements[index])
            rebuilt._append(instruction)
        return total, rebuilt

    def operation(self, operation: Operation) -> tuple[int, Operation | None]:
        """``(applications, replacement or None)`` of one operation."""
        target = self._match(operation)
        if target is not None:
            return 1, (target if self._replace and target is not operation else None)
        if getattr(operation, "_standard_gate", None) is not None:
            return 0, None
        if operation.name in _PLAIN_INSTRUCTIONS:
            return 0, None
        key = id(operation)
        if key not in self._seen:
            calls, replacement = self._visit(operation)
            self._seen[key] = (operation, calls, replacement if self._replace else None)
        _, calls, replacement = self._seen[key]
        return calls, replacement

    def _visit(self, operation: Operation) -> tuple[int, Operation | None]:
        if isinstance(operation, ControlFlowOp):
            return self._control_flow(operation)
        if isinstance(operation, AnnotatedOperation):
            return self._annotated(operation)
        if isinstance(operation, ControlledGate):
            calls, base = self.operation(operation.base_gate)
            if calls:
                if base is None:
                    return calls, None
                return calls, base.control(
                    operation.num_ctrl_qubits,
                    label=operation.label,
                    ctrl_state=operation.ctrl_state,
                )
            # A library controlled gate is defined from its base gate; only a user's
            # subclass (or a hand-built definition) could hide more in its definition.
            if type(operation).__module__.startswith("qiskit.") and operation._definition is None:
                return 0, None
        if not _may_hold_operations(operation):
            return 0, None
        return self._definition(operation)

    def _definition(self, operation: Operation) -> tuple[int, Operation | None]:
        try:
            definition = operation.definition
        except Exception as error:  # the definition is the user's or the library's code
            raise OracleCountError(
                f"cannot open operation {operation.name!r} to count the oracle in it: "
                f"{type(error).__name__}: {error}"
            ) from error
        if definition is None:
            return 0, None
        calls, rebuilt = self.circuit(definition)
        if not calls or rebuilt is definition:
            return calls, None
        kind = Gate if isinstance(operation, Gate) else Instruction
        if kind is Gate:
            replacement: Instruction = Gate(operation.name, operation.num_qubits, [])
        else:
            replacement = Instruction(
                operation.name, operation.num_qubits, operation.num_clbits, []
            )
        replacement.label = getattr(operation, "label", None)
        replacement.definition = rebuilt
        return calls, replacement

    def _annotated(self, operation: AnnotatedOperation) -> tuple[int, Operation | None]:
        calls, base = self.operation(operation.base_op)
        if not calls:
            return 0, None
        factor = 1
        for modifier in operation.modifiers:
            if type(modifier) not in (ControlModifier, InverseModifier, PowerModifier):
                raise OracleCountError(
                    f"the oracle annotated with an unknown modifier {modifier!r}"
                )
            if isinstance(modifier, PowerModifier):
                if not _is_integer(modifier.power):
                    raise OracleCountError(
                        f"the oracle raised to the power {modifier.power!r}: only integer "
                        "powers are a number of oracle applications"
                    )
                factor *= abs(int(modifier.power))
        if base is None:
            return calls * factor, None
        return calls * factor, AnnotatedOperation(base, list(operation.modifiers))

    def _control_flow(self, operation: ControlFlowOp) -> tuple[int, Operation | None]:
        results = [self.circuit(block) for block in operation.blocks]
        calls = [count for count, _ in results]
        if not any(calls):
            return 0, None
        name = operation.name
        if type(operation) not in (ForLoopOp, BoxOp, WhileLoopOp, IfElseOp, SwitchCaseOp):
            raise OracleCountError(
                f"the oracle inside control flow {name!r} of type {type(operation).__name__}, "
                "which the codemaker cannot count"
            )
        if isinstance(operation, ForLoopOp):
            if _exits_loop(operation.blocks[0]):
                raise OracleCountError(
                    "a for_loop holding the oracle can break or continue: how many "
                    "iterations run is decided at run time, so the oracle cannot be counted"
                )
            total = len(operation.params[0]) * calls[0]
        elif isinstance(operation, BoxOp):
            total = calls[0]
        elif isinstance(operation, WhileLoopOp):
            raise OracleCountError(
                "a while_loop holding the oracle: how many times it runs is decided by "
                "measurements at run time, so the oracle cannot be counted"
            )
        else:  # IfElseOp, SwitchCaseOp
            raise OracleCountError(
                f"the oracle inside a branch of {name}: whether it runs is decided by "
                "measurements at run time, so the oracle cannot be counted"
            )
        blocks = [rebuilt for _, rebuilt in results]
        if all(rebuilt is block for rebuilt, block in zip(blocks, operation.blocks)):
            return total, None
        return total, operation.replace_blocks(blocks)


def _by_name(operation: Operation) -> Operation | None:
    return operation if operation.name in ORACLE_NAMES else None


def count_oracle_calls(circuit: QuantumCircuit) -> int:
    """Number of ``B_s`` / ``B_s_dg`` applications in ``circuit``, in every form.

    Goes by the gate names (for circuits built around a known oracle, e.g. drawings
    and resource counts); the codemaker's own count goes by the gates it handed out.
    Loops, powers, controls and nested gates are counted as described in the module
    docstring.

    Raises:
        OracleCountError: the oracle sits where it cannot be counted (the message
            says why).
    """
    return OracleWalk(_by_name).circuit(circuit)[0]
