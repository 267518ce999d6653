"""The names of the catalogue's circuits, importable without Qiskit.

``mastermind-q draw`` and ``mastermind-q resources`` read them to build their parsers,
before Qiskit is imported; :mod:`mastermind_q.drawing.catalogue` builds each.

Example:
    >>> CIRCUITS[0]
    'oracle'
"""

from __future__ import annotations

__all__ = ["CAPTIONS", "CIRCUITS"]

CIRCUITS = (
    "oracle",
    "two-color-oracle",
    "find-two-color",
    "two-color",
    "grover-iteration",
    "adaptive",
)
"""Circuits :func:`~mastermind_q.drawing.catalogue.build_circuit` knows."""

CAPTIONS = {
    "oracle": "the black-peg oracle B_s",
    "two-color-oracle": "the two-colour oracle (Lemma 2)",
    "find-two-color": "FindTwoColorPosition (Algorithm 2)",
    "two-color": "the one-query solver for k = 2 (Algorithm 3)",
    "grover-iteration": "one exact Grover iteration (Algorithm 4)",
    "adaptive": "the adaptive exact Grover solver (Algorithm 4)",
}
"""What each of :data:`CIRCUITS` is, for the caption of its drawing (``two-color`` and
``adaptive`` are the one circuit of the codebreaker of that name)."""
