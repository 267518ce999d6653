"""Pair-query plans of the non-adaptive codebreakers and their decoding (pure, classical).

A plan is a list of colour pairs ``(c1, c2)``, one FindTwoColorPosition query each;
:func:`decode_pair_answers` turns the answers ``s^(c1,c2)`` into the secret.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "decode_pair_answers",
    "method_plan",
    "nonadaptive_plan",
    "triple_plan",
    "triple_query_count",
]


def _check_pair_method_colors(plan: str, colors: int) -> int:
    """``k`` checked for a pair plan: ``plan`` names its method in the message."""
    from ..game import validate_colors

    return _checked_pair_colors(plan, validate_colors(colors))


def _checked_pair_colors(plan: str, k: int) -> int:
    """:func:`_check_pair_method_colors` of a validated ``k``: within the circuit limits
    and ``k >= 3``."""
    from ..limits import check_circuit_size

    check_circuit_size(1, k)  # k - 1 circuits: the sizes the builders accept
    if k < 3:
        raise ValueError(
            f"method '{plan}' needs colors k >= 3, was k={k}; use method='two-color' for k = 2"
        )
    return k


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
    k = _checked_pair_colors("nonadaptive", k)
    return [(0, color) for color in range(1, k)]


def triple_query_count(colors: int) -> int:
    """``ceil(2(k-1)/3)``: the fewest pair queries that determine every secret (k >= 3).

    Example:
        >>> [triple_query_count(k) for k in range(3, 10)]
        [2, 2, 3, 4, 4, 5, 6]
    """
    k = _check_pair_method_colors("triples", colors)
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
    k = _checked_pair_colors("triples", k)
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


def method_plan(method: str, colors: int) -> list[tuple[int, int]]:
    """The pair queries of a pair-plan codebreaker (``nonadaptive``, ``triples``, or an
    installed one with a ``plan``) for ``k`` colours.

    Raises:
        ValueError: not a codebreaker with a pair plan, or ``k < 3``.
    """
    from ..codebreaker import METHODS
    from ..game import validate_colors

    breaker = METHODS.find(method, lambda known: hasattr(known, "plan"))
    return list(breaker.plan(validate_colors(colors)))  # type: ignore[union-attr]


def decode_pair_answers(
    plan: Sequence[tuple[int, ...]], answers: Sequence[Sequence[int]], *, colors: int
) -> tuple[int, ...]:
    """Decode the secret from the answers ``s^(c1,c2)`` of a plan of pair queries.

    Position ``i`` gets the colour whose signature ``([c in pair] for pair in plan)``
    equals the observed bits ``(answer[i] for answer in answers)``. Noisy answers (no
    exact match) get the colour at the smallest Hamming distance, the smallest colour
    on ties.

    Raises:
        ValueError: the plan does not separate the colours, or the answers do not match
            the plan.

    Example:
        >>> decode_pair_answers([(1, 2), (2, 3)], [(1, 1, 0, 0), (0, 1, 1, 0)], colors=4)
        (1, 2, 3, 0)
    """
    from ..game import validate_colors

    return _decode_pair_answers(plan, answers, validate_colors(colors))


def _decode_pair_answers(
    plan: Sequence[tuple[int, ...]], answers: Sequence[Sequence[int]], k: int
) -> tuple[int, ...]:
    """:func:`decode_pair_answers` of a validated ``k``."""
    if len(answers) != len(plan):
        raise ValueError(
            f"answers must hold one string per query ({len(plan)}), was {len(answers)}"
        )
    signatures = [tuple(int(color in pair) for pair in plan) for color in range(k)]
    if len(set(signatures)) != k:
        raise ValueError(f"plan {list(plan)} does not separate the {k} colours")
    lengths = {len(answer) for answer in answers}
    if len(lengths) > 1:
        raise ValueError(f"answers must have equal lengths, were {sorted(lengths)}")
    n = lengths.pop() if lengths else 0
    found = []
    for position in range(n):
        observed = tuple(int(answer[position]) for answer in answers)
        found.append(
            min(
                range(k),
                key=lambda c: (sum(a != b for a, b in zip(signatures[c], observed)), c),
            )
        )
    return tuple(found)
