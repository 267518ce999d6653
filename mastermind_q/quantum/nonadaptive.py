"""The ``nonadaptive`` codebreaker: Li-Luo-Xu Algorithm 1, ``k - 1`` queries (k >= 3).

A plan of pair queries (:class:`~mastermind_q.quantum.pairs.PairCodebreaker`):
``(0, c)`` for ``c = 1..k-1`` (:func:`nonadaptive_plan`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ._solver import quantum_solver
from .outcome import QuantumOutcome
from .pairs import PairCodebreaker
from .plans import _checked_pair_colors

if TYPE_CHECKING:
    from ..backends import Execution
    from ..codemaker import Codemaker

__all__ = ["NONADAPTIVE", "Nonadaptive", "nonadaptive_plan", "solve_nonadaptive"]


class Nonadaptive(PairCodebreaker):
    """Li-Luo-Xu Algorithm 1: ``k - 1`` FindTwoColorPosition queries decode ``s``."""

    name: ClassVar[str] = "nonadaptive"
    summary: ClassVar[str] = "Li-Luo-Xu Algorithm 1: k-1 FindTwoColorPosition queries (k >= 3)"
    formula: ClassVar[str | None] = "k - 1"
    reference: ClassVar[str | None] = "Li-Luo-Xu, Algorithm 1, Theorem 1"

    def plan(self, colors: int) -> list[tuple[int, int]]:
        return _nonadaptive_plan(colors)

    def queries(self, num_positions: int, num_colors: int) -> int:
        from .counts import nonadaptive_queries

        return nonadaptive_queries(num_colors)


def nonadaptive_plan(colors: int) -> list[tuple[int, int]]:
    """Algorithm 1's pair queries: ``(0, c)`` for ``c = 1..k-1`` (``k - 1`` queries).

    Colour 0 sits at ``s^(0) = s^(0,1) AND s^(0,2)`` (here ``k >= 3`` is needed) and
    colour ``c`` at ``s^(c) = s^(0,c) XOR s^(0)``.

    Raises:
        ValueError: ``k < 3`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 1 (Theorem 1).

    Example:
        >>> nonadaptive_plan(4)
        [(0, 1), (0, 2), (0, 3)]
    """
    from ..game import validate_colors

    return _nonadaptive_plan(validate_colors(colors))


def _nonadaptive_plan(k: int) -> list[tuple[int, int]]:
    """:func:`nonadaptive_plan` of a validated ``k`` (``k >= 3`` is checked)."""
    k = _checked_pair_colors(Nonadaptive.name, k)
    return [(0, color) for color in range(1, k)]


NONADAPTIVE = Nonadaptive()
"""The ``nonadaptive`` codebreaker."""


@quantum_solver
def solve_nonadaptive(codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
    """Li-Luo-Xu Algorithm 1: ``k - 1`` FindTwoColorPosition queries decode ``s`` exactly.

    Runs :func:`~mastermind_q.circuits.find_two_color_circuit` for the pairs
    :func:`nonadaptive_plan` ``= (0, c), c = 1..k-1`` (one oracle query each), then
    ``s^(0) = s^(0,1) AND s^(0,2)``, ``s^(c) = s^(0,c) XOR s^(0)``
    (:func:`decode_pair_answers`).

    Cost: ``k - 1`` oracle queries; ``k - 1`` circuits of ``n*q + m + a`` qubits.

    Args:
        codemaker: the codemaker (its oracle gate is the only access to the secret).
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots per circuit on sampling backends.
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.quantum.QuantumOutcome`; ``success_probability`` is
        the product of the per-circuit probabilities (see the module docstring).

    Raises:
        ValueError: ``k = 2`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 1 and Theorem 1.
    """
    return NONADAPTIVE.run(codemaker, n, k, execution)
