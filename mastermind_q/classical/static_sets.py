"""Minimum static query sets found by :func:`~mastermind_q.classical.static.static_minimum`.

Computed with ``python benchmarks/static.py`` (``benchmarks/RESULTS.md``, "static"):
every smaller size proven infeasible by CP-SAT. The static codebreaker plays them in
place of a search on a cold cache (the hypercube ``n = 9``: 78 s; two positions ``k =
10``: 103 s; ``3 x 4``: 12 s); each set is checked to resolve every secret before it is
used, so a wrong entry is never played.
"""

from __future__ import annotations

KNOWN_SETS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    # static_minimum(3, 4) = 6 and static_minimum(4, 3) = 5 (about 12 s and 1 s cold)
    (3, 4): ((0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 0, 2), (1, 2, 3), (2, 2, 1)),
    (4, 3): ((0, 0, 0, 0), (0, 0, 0, 1), (0, 0, 2, 1), (0, 1, 1, 1), (1, 0, 1, 2)),
    (9, 2): (
        (0, 0, 0, 0, 0, 0, 0, 0, 0),
        (0, 0, 0, 0, 0, 0, 0, 1, 0),
        (0, 0, 0, 0, 0, 1, 1, 1, 1),
        (0, 0, 0, 0, 1, 1, 0, 0, 1),
        (0, 0, 0, 1, 1, 0, 0, 1, 1),
        (0, 0, 1, 0, 1, 0, 1, 0, 1),
        (0, 1, 0, 0, 1, 0, 1, 1, 0),
    ),
    (10, 2): (
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (0, 0, 0, 0, 0, 1, 1, 1, 1, 1),
        (0, 0, 0, 0, 1, 1, 1, 0, 0, 1),
        (0, 0, 0, 1, 1, 0, 0, 0, 1, 1),
        (0, 0, 1, 0, 0, 1, 1, 0, 1, 0),
        (0, 0, 1, 0, 1, 0, 1, 1, 0, 1),
        (0, 1, 0, 0, 1, 0, 0, 1, 1, 0),
    ),
    (2, 9): (
        (0, 0),
        (0, 1),
        (1, 2),
        (2, 3),
        (2, 7),
        (3, 2),
        (4, 4),
        (5, 5),
        (5, 6),
        (6, 6),
        (7, 4),
    ),
    (2, 10): (
        (0, 0),
        (0, 1),
        (1, 2),
        (2, 2),
        (3, 3),
        (4, 3),
        (5, 4),
        (6, 4),
        (7, 5),
        (7, 6),
        (8, 7),
        (8, 8),
    ),
}
"""``(n, k) -> queries`` (black pegs): a resolving set of ``static_minimum(n, k)`` codes."""
