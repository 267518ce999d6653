"""What a drawing or a logical resource count opens: the toolkit's own boxes.

A *box* is a custom composite operation: a plain ``Gate`` / ``Instruction`` made with
``to_gate`` / ``to_instruction`` (a definition and nothing else), or one of the
toolkit's own gate classes (:class:`~mastermind_q.circuits.BlackPegOracleGate`,
:class:`~mastermind_q.circuits.ParityOracleGate`, the algorithms' stage gates), whose
definition is built on first use. Qiskit's library gates (``h``, ``cp``, ``mcx``,
``QFTGate``, ...) are not boxes: a transpiler synthesises those. The codemaker's opaque
oracle has no definition, so it is never opened.

Example:
    >>> from qiskit import QuantumCircuit
    >>> from qiskit.circuit.library import QFTGate
    >>> is_box(QuantumCircuit(1).to_gate()), is_box(QFTGate(2))
    (True, False)
"""

from __future__ import annotations

from typing import Any

from qiskit.circuit import Gate, Instruction

__all__ = ["is_box"]

_PACKAGE = __name__.split(".", 1)[0]


def is_box(operation: Any) -> bool:
    """Whether ``operation`` is a box to open (module docstring)."""
    kind = type(operation)
    if kind in (Gate, Instruction):
        return operation.definition is not None
    module = getattr(kind, "__module__", None) or ""
    if not isinstance(operation, Instruction) or not module.startswith(_PACKAGE + "."):
        return False
    return operation.definition is not None
