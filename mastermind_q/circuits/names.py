"""The names of the catalogue's circuits, importable without Qiskit.

``mastermind-q draw`` and ``mastermind-q resources`` read them to build their parsers,
before Qiskit is imported; :mod:`mastermind_q.drawing.catalogue` builds each.

Example:
    >>> CIRCUITS[0]
    'oracle'
"""

from __future__ import annotations

__all__ = ["CIRCUITS"]

CIRCUITS = (
    "oracle",
    "two-color-oracle",
    "find-two-color",
    "two-color",
    "grover-iteration",
    "adaptive",
)
"""Circuits :func:`~mastermind_q.drawing.catalogue.build_circuit` knows."""
