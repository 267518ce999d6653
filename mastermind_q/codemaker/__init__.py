"""The referee: the codemaker that holds the secret, its faces, and its counted runs.

* :mod:`~mastermind_q.codemaker.classical` -- :class:`ClassicalCodemaker`: the secret,
  the ledger, the transcript and the answers to classical queries (no Qiskit);
* :mod:`~mastermind_q.codemaker.faces` -- what a codebreaker is handed: the face its
  declared kind and setting allow (:func:`face_for`; no Qiskit);
* :mod:`~mastermind_q.codemaker.quantum` -- :class:`Codemaker`: the classical referee
  with the opaque oracle and the counted runs (:mod:`~mastermind_q.codemaker.runs`) on
  top, and :class:`CountingCodemaker`, which counts circuits and runs none.

A classical game imports the first two only: the quantum names below are loaded on
first use.

Example:
    >>> maker = Codemaker((2, 0, 1), colors=3)
    >>> maker.black((2, 1, 1)), maker.queries
    (2, 1)
    >>> maker.oracle().definition is None
    True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .classical import MAX_COLORS, Answer, ClassicalCodemaker
from .faces import (
    Batch,
    Face,
    Guesses,
    Oracle,
    OracleBatch,
    RefusedQuery,
    check_codemaker,
    face_for,
)

if TYPE_CHECKING:
    from ..counting import (
        ORACLE_INVERSE_NAME,
        ORACLE_NAME,
        OracleCountError,
        count_oracle_calls,
    )
    from ..oracle_gates import ORACLE_OPTIONS, OracleGate, reveal_circuit
    from .quantum import CircuitsNotExecuted, Codemaker, CountingCodemaker

__all__ = [
    "MAX_COLORS",
    "ORACLE_INVERSE_NAME",
    "ORACLE_NAME",
    "ORACLE_OPTIONS",
    "Answer",
    "Batch",
    "CircuitsNotExecuted",
    "ClassicalCodemaker",
    "Codemaker",
    "CountingCodemaker",
    "Face",
    "Guesses",
    "Oracle",
    "OracleBatch",
    "OracleCountError",
    "OracleGate",
    "RefusedQuery",
    "check_codemaker",
    "count_oracle_calls",
    "face_for",
    "reveal_circuit",
]

_QUANTUM = {
    "CircuitsNotExecuted": ".quantum",
    "Codemaker": ".quantum",
    "CountingCodemaker": ".quantum",
    "ORACLE_INVERSE_NAME": "..counting",
    "ORACLE_NAME": "..counting",
    "OracleCountError": "..counting",
    "count_oracle_calls": "..counting",
    "ORACLE_OPTIONS": "..oracle_gates",
    "OracleGate": "..oracle_gates",
    "reveal_circuit": "..oracle_gates",
}
"""The quantum referee's names, imported (with Qiskit) on first use."""


def __getattr__(name: str) -> Any:
    module = _QUANTUM.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
