"""Qiskit circuit builders for the quantum Mastermind algorithms (pure functions).

Lives inside the ``mastermind_q`` import package because the top-level name
``circuits`` is taken on PyPI by an unrelated project.
"""

from __future__ import annotations

__all__: list[str] = []
