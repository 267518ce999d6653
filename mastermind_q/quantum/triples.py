"""The ``triples`` codebreaker: pair queries along colour paths, ``ceil(2(k-1)/3)``.

A plan of pair queries (:class:`~mastermind_q.quantum.pairs.PairCodebreaker`):
:func:`triple_plan`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ._solver import quantum_solver
from .outcome import QuantumOutcome
from .pairs import PairCodebreaker
from .plans import _checked_pair_colors, check_pair_plan_colors

if TYPE_CHECKING:
    from ..backends import Execution
    from ..codemaker import Codemaker

__all__ = ["TRIPLES", "Triples", "solve_triples", "triple_plan", "triple_query_count"]


class Triples(PairCodebreaker):
    """Pair queries along colour paths: ``ceil(2(k-1)/3)`` queries decode ``s``."""

    name: ClassVar[str] = "triples"
    summary: ClassVar[str] = "pair queries along colour paths: ceil(2(k-1)/3) queries (k >= 3)"
    formula: ClassVar[str | None] = "ceil(2(k-1)/3)"
    reference: ClassVar[str | None] = "Li-Luo-Xu, Section 5 (colour triples), improved"

    def plan(self, colors: int) -> list[tuple[int, int]]:
        return _triple_plan(colors)

    def queries(self, num_positions: int, num_colors: int) -> int:
        from .counts import triples_queries

        return triples_queries(num_colors)


def triple_query_count(colors: int) -> int:
    """``ceil(2(k-1)/3)``: the fewest pair queries that determine every secret (k >= 3).

    Example:
        >>> [triple_query_count(k) for k in range(3, 10)]
        [2, 2, 3, 4, 4, 5, 6]
    """
    k = check_pair_plan_colors(Triples.name, colors)
    return -(-2 * (k - 1) // 3)


def triple_plan(colors: int) -> list[tuple[int, int]]:
    """Pair queries along colour paths: ``ceil(2(k-1)/3)`` FindTwoColorPosition queries.

    A plan of pair queries is a (multi)graph ``G`` on the colours, one edge per query
    ``(a, b)``. For every position ``i`` the answers are the indicator vector of the
    edges incident to ``s_i`` (the *signature* of that colour), so a non-adaptive plan
    determines every secret iff all ``k`` signatures are distinct.

    **Construction.** Colour 0 is asked about in no query: its signature is all-zero,
    i.e. its positions are the complement of all others. Colours ``1..k-1`` are cut
    into consecutive paths ``a - b - c`` of three colours (queries ``(a, b), (b, c)``;
    signatures ``10, 11, 01``), the last path taking one or two leftover colours
    (paths of 4 or 5 colours, 3 or 4 queries; a path's signatures are distinct
    whenever it has >= 3 vertices). For ``k = 3`` the path is ``0 - 1 - 2``. A path of
    ``v`` colours costs ``v - 1`` queries, so with ``k - 1 = 3t + r`` the plan costs
    ``2t + r = ceil(2(k-1)/3)`` (for ``k = 3``: 2).

    **Optimality (no plan of pair queries does better).** Two colours ``u != v`` have
    equal signatures iff both are isolated (empty signature), or every edge at ``u`` is
    an edge at ``v`` and vice versa, i.e. all their edges join ``u`` and ``v`` and
    ``{u, v}`` is a whole connected component of two vertices. Hence in a valid plan
    every component has one vertex (at most one such component) or at least three.
    A component of ``v`` vertices needs ``>= v - 1`` edges, so with ``c`` components
    of size ``>= 3`` covering ``k - e`` colours (``e in {0, 1}`` isolated colours) the
    plan has ``>= k - e - c`` edges and ``c <= (k - e)/3``, giving
    ``>= ceil(2(k - e)/3) >= ceil(2(k - 1)/3)`` queries. The paper's triples (Section 5)
    give ``ceil(2k/3)``, one more whenever ``k = 1 (mod 3)`` or ``k = 2 (mod 3)``.
    (``tests/test_quantum.py`` also checks minimality exhaustively for small ``k``.)

    Args:
        colors: ``k >= 3``.

    Returns:
        The ``(c1, c2)`` pairs, in query order.

    Raises:
        ValueError: ``k < 3`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 5 (closing remark on Algorithm 1), improved.

    Example:
        >>> triple_plan(4)
        [(1, 2), (2, 3)]
        >>> triple_plan(8)
        [(1, 2), (2, 3), (4, 5), (5, 6), (6, 7)]
    """
    from ..game import validate_colors

    return _triple_plan(validate_colors(colors))


def _triple_plan(k: int) -> list[tuple[int, int]]:
    """:func:`triple_plan` of a validated ``k`` (``k >= 3`` is checked)."""
    k = _checked_pair_colors(Triples.name, k)
    if k == 3:
        return [(0, 1), (1, 2)]
    rest = list(range(1, k))
    sizes = [3] * (len(rest) // 3)
    sizes[-1] += len(rest) % 3
    plan: list[tuple[int, int]] = []
    start = 0
    for size in sizes:
        path = rest[start : start + size]
        plan.extend((path[j], path[j + 1]) for j in range(size - 1))
        start += size
    return plan


TRIPLES = Triples()
"""The ``triples`` codebreaker."""


@quantum_solver
def solve_triples(codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
    """Pair queries along colour paths: ``ceil(2(k-1)/3)`` queries decode ``s`` exactly.

    The plan is :func:`triple_plan` (optimal among plans of pair queries; the paper's
    Section 5 remark gives ``ceil(2k/3)``); each pair is one FindTwoColorPosition
    circuit, decoded by :func:`decode_pair_answers`.

    Cost: ``ceil(2(k-1)/3)`` oracle queries and circuits.

    Args:
        codemaker: the codemaker.
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots per circuit on sampling backends.
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.quantum.QuantumOutcome` (product convention).

    Raises:
        ValueError: ``k = 2`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 5 (closing remark), improved by one isolated colour.
    """
    return TRIPLES.run(codemaker, n, k, execution)
