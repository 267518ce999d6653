"""The names of the oracle constructions: the one list, importable without Qiskit.

The command line's ``--oracle`` choices and
:data:`~mastermind_q.backends.ExecutionOptions.oracle_construction` read these names at
start-up, before Qiskit is imported; the registry
(:data:`~mastermind_q.circuits.oracle.constructions.CONSTRUCTION_REGISTRY`) holds one
entry per name, in this order (the order in which choices break ties).

Example:
    >>> ORACLE_METHODS
    ('auto', 'fourier', 'increment', 'gray', 'line')
"""

from __future__ import annotations

__all__ = ["AUTO", "CONSTRUCTIONS", "DEFAULT_CONSTRUCTION", "ORACLE_METHODS"]

CONSTRUCTIONS = ("fourier", "increment", "gray", "line")
"""Allowed values of ``construction``: one registry entry each, in this order."""

DEFAULT_CONSTRUCTION = "fourier"
"""The default construction: the fewest two-qubit gates where nothing is routed."""

AUTO = "auto"
"""The method that chooses among :data:`CONSTRUCTIONS`
(:func:`mastermind_q.backends.oracle_choice.choose_construction`)."""

ORACLE_METHODS = (AUTO, *CONSTRUCTIONS)
"""Every oracle method: the synthesis plugins' names, ``solve --oracle`` and
:attr:`~mastermind_q.backends.ExecutionOptions.oracle_construction`."""
