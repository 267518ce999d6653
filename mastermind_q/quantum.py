"""Quantum codebreakers: build circuits with :mod:`mastermind_q.circuits`, run, decode.

Each solver takes a :class:`~mastermind_q.codemaker.Codemaker` (never the secret),
asks it for the oracle gate, hands every circuit to ``codemaker.charge`` before running
it (so oracle applications are counted honestly), runs the circuits through
:mod:`mastermind_q.backends`, and decodes the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .codemaker import Codemaker
    from .solving import QuantumOutcome

__all__ = ["solve_adaptive", "solve_nonadaptive", "solve_triples", "solve_two_color"]


def solve_nonadaptive(
    codemaker: Codemaker, *, backend: str, shots: int | None, seed: int | None
) -> QuantumOutcome:
    """Li-Luo-Xu Algorithm 1 (being built; see the non-adaptive issue)."""
    raise NotImplementedError("nonadaptive: under construction")


def solve_triples(
    codemaker: Codemaker, *, backend: str, shots: int | None, seed: int | None
) -> QuantumOutcome:
    """Pair queries along colour paths (being built; see the non-adaptive issue)."""
    raise NotImplementedError("triples: under construction")


def solve_two_color(
    codemaker: Codemaker, *, backend: str, shots: int | None, seed: int | None
) -> QuantumOutcome:
    """Li-Luo-Xu Algorithm 3 (being built; see the non-adaptive issue)."""
    raise NotImplementedError("two-color: under construction")


def solve_adaptive(
    codemaker: Codemaker, *, backend: str, shots: int | None, seed: int | None
) -> QuantumOutcome:
    """Li-Luo-Xu Algorithm 4 (being built; see the adaptive issue)."""
    raise NotImplementedError("adaptive: under construction")
