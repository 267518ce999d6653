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
  integer power modifier ``p`` (see :func:`oracle_power` for the types accepted);
* ``box``: its body (on the codemaker's run path the body is inlined, since Aer has no
  ``box`` instruction);
* custom gates and sub-circuits (``to_gate``, ``to_instruction``, ``repeat``, a user's
  ``Gate`` subclass, a library operation built around another operation): their
  definitions, recursively.

The algorithms' stage gates (:mod:`mastermind_q.circuits.stages`: preparations,
read-outs, diffusions) are made from sizes and angles only; one whose definition is
not built yet holds no oracle, and is not opened (a query circuit is counted in a few
steps whatever ``n`` and ``k``). Once built or set, its definition is walked like any
other.

Refused with :class:`OracleCountError` (a ``ValueError``) and the reason, when the
oracle is inside:

* a ``while_loop`` (the number of iterations is decided by measurements at run time);
* an ``if_else`` or ``switch`` branch (whether it runs is decided at run time; the
  walk refuses rather than charge a bound, so every accepted count is exact);
* a ``for_loop`` whose body can ``break`` or ``continue``;
* a power modifier that is not an integer (``B_s^(1/2)`` is not a number of queries),
  or not of a plain numeric type (an ``int`` subclass could say one thing to the count
  and another to the simulator);
* a ``for_loop`` whose index set is not a ``range`` or a tuple;
* an operation whose definition cannot be built;
* a ``QuantumCircuit`` subclass, a control-flow subclass or an unknown modifier around
  it (their own code would see the real oracle while the codemaker rebuilds them).

Which operations *are* the oracle is decided by the caller (:func:`count_oracle_calls`
goes by the names ``B_s`` / ``B_s_dg``, and ``black_peg_oracle`` / ``parity_oracle``
of the known-secret gate classes
:class:`~mastermind_q.circuits.BlackPegOracleGate` and
:class:`~mastermind_q.circuits.ParityOracleGate`;
:class:`~mastermind_q.codemaker.Codemaker` by the private token of the gates it handed
out, and it refuses the known-secret gates).

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

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from qiskit.circuit import (
    AnnotatedOperation,
    BoxOp,
    ControlFlowOp,
    ControlledGate,
    ForLoopOp,
    Gate,
    IfElseOp,
    Instruction,
    Measure,
    Operation,
    ParameterExpression,
    QuantumCircuit,
    SwitchCaseOp,
    WhileLoopOp,
)
from qiskit.circuit.annotated_operation import ControlModifier, InverseModifier, PowerModifier

from .circuits.oracle import BLACK_PEG_ORACLE_GATE_NAME, PARITY_ORACLE_GATE_NAME
from .circuits.stages import is_sealed_stage

__all__ = [
    "ALL_ORACLE_NAMES",
    "KNOWN_SECRET_ORACLE_NAMES",
    "ORACLE_INVERSE_NAME",
    "ORACLE_NAME",
    "ORACLE_NAMES",
    "PARITY_ORACLE_INVERSE_NAME",
    "PARITY_ORACLE_NAME",
    "OracleCountError",
    "OracleWalk",
    "count_oracle_calls",
    "oracle_power",
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
KNOWN_SECRET_ORACLE_NAMES = (BLACK_PEG_ORACLE_GATE_NAME, PARITY_ORACLE_GATE_NAME)
"""Names of the oracle gates built from a known secret
(:class:`~mastermind_q.circuits.BlackPegOracleGate` and its inverse,
:class:`~mastermind_q.circuits.ParityOracleGate`): counted by
:func:`count_oracle_calls`, refused by the codemaker."""
ALL_ORACLE_NAMES = (*ORACLE_NAMES, *KNOWN_SECRET_ORACLE_NAMES)
"""The one list of oracle names: every name an oracle gate carries, the codemaker's
opaque gates and the known-secret gates (what counting, drawings and resource counts
recognise as the oracle)."""

_LOOP_EXITS = ("break_loop", "continue_loop")
_MEASURES = frozenset((type(Measure()), Measure))
_PLAIN_INSTRUCTIONS = ("measure", "reset", "barrier", "delay", "store")

Match = Callable[[Operation], "Operation | None"]
"""``match(operation)``: ``None`` if ``operation`` is not the oracle, else what runs in
its place (the operation itself when nothing is replaced); may raise
:class:`OracleCountError` (e.g. for a forged oracle)."""


class OracleCountError(ValueError):
    """The oracle applications in a circuit cannot be counted (the message says why)."""


class _Inline:
    """A replacement that is a circuit to inline in place of the instruction (a box)."""

    def __init__(self, body: QuantumCircuit) -> None:
        self.body = body


_NUMPY_INTEGERS = frozenset(
    (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)
)
_NUMPY_FLOATS = frozenset((np.float16, np.float32, np.float64))


def oracle_power(value: Any) -> int:
    """The exponent of a power modifier around the oracle, as a built-in ``int``.

    Accepted, by exact type (no subclasses: an ``int`` subclass could answer ``1`` to
    the count and ``0`` to the simulator): a built-in ``int``; a built-in ``float``
    with an integral value (``2.0``); a numpy integer scalar, or a numpy float scalar
    with an integral value. ``bool`` and everything else are refused.

    Args:
        value: the modifier's ``power``.

    Returns:
        ``value`` as a built-in ``int`` (the applications are ``abs`` of it).

    Raises:
        OracleCountError: ``value`` is not one of the accepted types, or not integral.

    Example:
        >>> oracle_power(2.0), oracle_power(-3)
        (2, -3)
    """
    kind = type(value)
    if kind is int:
        return value
    if kind in _NUMPY_INTEGERS:
        return int(value)
    if kind is float or kind in _NUMPY_FLOATS:
        number = float(value)
        if math.isfinite(number) and number.is_integer():
            return int(number)
        raise OracleCountError(
            f"the oracle raised to the power {value!r}: only integer powers are a "
            "number of oracle applications"
        )
    raise OracleCountError(
        f"the oracle's power must be a built-in int (or an integral float), was "
        f"{_describe(value)} of type {kind.__name__}"
    )


def _describe(value: Any) -> str:
    """``repr(value)``, or the expression itself where the repr only says ``object at 0x...``."""
    if isinstance(value, ParameterExpression):
        return f"the parameter expression {str(value)!r}"
    text = repr(value)
    if " object at 0x" not in text:
        return text
    if str(value) != text:
        return repr(str(value))
    return f"<{type(value).__name__}>"


def _check_index_tuple(indexset: tuple[Any, ...]) -> None:
    """A ``for_loop`` index tuple around the oracle: distinct built-in ints, or refused.

    Every value is one iteration (the count), and a simulator marks each iteration by
    its value: Aer fails on a repeated one after the oracle was charged.
    """
    for value in indexset:
        if type(value) is not int and type(value) not in _NUMPY_INTEGERS:
            raise OracleCountError(
                f"a for_loop holding the oracle over {_describe(indexset)}: its values must "
                f"be integers, {_describe(value)} is of type {type(value).__name__}"
            )
    if len(set(map(int, indexset))) != len(indexset):
        raise OracleCountError(
            f"a for_loop holding the oracle over {indexset!r} repeats a value: loop over a "
            "range or distinct values (a simulator cannot run repeated loop values)"
        )


def _plain_int(value: Any, what: str) -> int:
    """``value`` as a built-in ``int`` (exact ``int`` or numpy integer type only)."""
    if type(value) is int:
        return value
    if type(value) in _NUMPY_INTEGERS:
        return int(value)
    raise OracleCountError(
        f"{what} must be a built-in int, was {_describe(value)} of type {type(value).__name__}"
    )


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
        replaced: list[tuple[int, Operation | _Inline]] = []

        def visit(index: int, operation: Operation) -> None:
            nonlocal total
            if type(operation) in _MEASURES:  # Qiskit's own measurement: never the oracle
                return
            calls, replacement = self.operation(operation)
            total += calls
            if replacement is not None:
                replaced.append((index, replacement))

        # The operations only: a wide instruction's qubits are not made into Python
        # objects, so a query circuit is walked in a few steps whatever its width.
        circuit._data.foreach_op_indexed(visit)
        if (total or replaced) and type(circuit) is not QuantumCircuit:
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
            replacement = replacements.get(index)
            if isinstance(replacement, _Inline):
                rebuilt.compose(
                    replacement.body,
                    qubits=list(instruction.qubits),
                    clbits=list(instruction.clbits),
                    inplace=True,
                )
                continue
            if replacement is not None:
                instruction = instruction.replace(operation=replacement)
            rebuilt._append(instruction)
        return total, rebuilt

    def operation(self, operation: Operation) -> tuple[int, Any]:
        """``(applications, replacement or None)`` of one operation."""
        target = self._match(operation)
        if target is not None:
            return 1, (target if self._replace and target is not operation else None)
        if getattr(operation, "_standard_gate", None) is not None:
            return 0, None
        if operation.name in _PLAIN_INSTRUCTIONS:
            return 0, None
        if is_sealed_stage(operation):  # built from sizes and angles: no oracle inside
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
            if calls or base is not None:
                if base is None:
                    return calls, None
                return calls, base.control(
                    _plain_int(operation.num_ctrl_qubits, "a controlled gate's num_ctrl_qubits"),
                    label=operation.label,
                    ctrl_state=_plain_int(operation.ctrl_state, "a controlled gate's ctrl_state"),
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
        if rebuilt is definition:
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
        if not calls and base is None:
            return 0, None
        factor = 1
        # Read once, checked, and rebuilt as fresh objects: the operation that runs
        # shares no modifier with the caller's circuit.
        modifiers: list[Any] = []
        for modifier in list(operation.modifiers):
            kind = type(modifier)
            if kind is PowerModifier:
                power = oracle_power(modifier.power)
                factor *= abs(power)
                modifiers.append(PowerModifier(power))
            elif kind is InverseModifier:
                modifiers.append(InverseModifier())
            elif kind is ControlModifier:
                state = modifier.ctrl_state
                modifiers.append(
                    ControlModifier(
                        _plain_int(
                            modifier.num_ctrl_qubits, "a control modifier's num_ctrl_qubits"
                        ),
                        None
                        if state is None
                        else _plain_int(state, "a control modifier's ctrl_state"),
                    )
                )
            else:
                raise OracleCountError(
                    f"the oracle annotated with an unknown modifier {modifier!r}"
                )
        if base is None:
            return calls * factor, None
        return calls * factor, AnnotatedOperation(base, modifiers)

    def _control_flow(self, operation: ControlFlowOp) -> tuple[int, Any]:
        results = [self.circuit(block) for block in operation.blocks]
        calls = [count for count, _ in results]
        if self._replace and type(operation) is BoxOp:
            # Aer has no ``box``: what runs is its body, inlined.
            return calls[0], _Inline(results[0][1])
        if not any(calls) and all(
            rebuilt is block for (_, rebuilt), block in zip(results, operation.blocks)
        ):
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
            indexset = operation.params[0]
            if type(indexset) not in (range, tuple):
                raise OracleCountError(
                    "a for_loop holding the oracle must loop over a range or a tuple, was "
                    f"{type(indexset).__name__}"
                )
            try:
                iterations = len(indexset)
            except OverflowError:  # a range longer than sys.maxsize
                raise OracleCountError(
                    f"a for_loop holding the oracle over {indexset!r}: too many iterations"
                ) from None
            if type(indexset) is tuple:
                _check_index_tuple(indexset)
            total = iterations * calls[0]
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
    name = operation.name
    return operation if name in ALL_ORACLE_NAMES else None


def count_oracle_calls(circuit: QuantumCircuit) -> int:
    """Number of ``B_s`` / ``B_s_dg`` applications in ``circuit``, in every form.

    The known-secret gates (:data:`KNOWN_SECRET_ORACLE_NAMES`) count one each too.

    Goes by the gate names (for circuits built around a known oracle, e.g. drawings
    and resource counts); the codemaker's own count goes by the gates it handed out.
    Loops, powers, controls and nested gates are counted as described in the module
    docstring.

    Raises:
        OracleCountError: the oracle sits where it cannot be counted (the message
            says why).
        TypeError: ``circuit`` is not a ``QuantumCircuit``.
    """
    if not isinstance(circuit, QuantumCircuit):
        raise TypeError(f"circuit must be a QuantumCircuit, was {type(circuit).__name__}")
    return OracleWalk(_by_name).circuit(circuit)[0]
