"""Verified, self-repairing quantum codebreaking: certify the decoded code classically.

A quantum codebreaker on noisy hardware decodes a candidate ``x`` that is right only
with probability about ``(1 - delta)^n`` (Li, Luo, Xu, Problem 2). With ``verify`` the
codebreaker then plays classical black-peg Mastermind from that candidate, ranked by
the per-position colour weights of the shots it already has
(:func:`mastermind_q.quantum.position_weights`):

1. ask ``B_s(x)`` for the decoded ``x`` (one counted classical query). Answer ``n``:
   ``x`` is *certified* -- it is the secret, and that query was the winning guess;
2. otherwise every answer ``(g, b)`` so far is a constraint ``B_s(g) = b`` that the
   secret satisfies. The next guess is the most likely code under the weights
   (colours independent per position) that satisfies every constraint, found by a
   best-first search over codes in (near) descending weight, starting at ``x``;
3. repeat until an answer is ``n`` (certified) or the classical budget is spent.

The first answer ``b`` says exactly ``n - b`` positions are wrong, so the search only
visits codes that differ from ``x`` in ``n - b`` positions; a single wrong position is
found by changing the doubtful positions one at a time to their runner-up colour
(answer ``b + 1``: repaired and certified; ``b - 1``: that position was right; ``b``:
that colour is wrong too), and several wrong positions are tested together whenever
the constraints allow. Every guess could be the secret, so no query is spent on a
question whose answer is already known.

Why classical repair and no quantum re-run: the codebreaker holds only the
codemaker's oracle gate, which acts on all ``n`` positions. A "re-run on the doubtful
positions" is the same full-width circuit (same depth, same noise) at ``k - 1``
quantum queries for the non-adaptive method, whereas one classical query already
settles one doubtful position; on ``fake:torino`` (k = 4, n = 2..6) the repair needed
1-4 classical queries (``benchmarks/RESULTS.md``).

Budget (:func:`default_budget`): ``2n + k`` classical queries, the certifying query
included. A single wrong position needs at most ``n + k - 1`` of them. When the budget
is spent, or no code satisfies the answers within :data:`SEARCH_LIMIT` search steps,
the result is *not certified* and says so; the codebreaker never claims a code it has
not seen answered with ``n``.

Example:
    >>> from mastermind_q.codemaker import Codemaker
    >>> maker = Codemaker((0, 1, 2), colors=3)
    >>> weights = ((0.9, 0.1, 0.0), (0.2, 0.8, 0.0), (0.0, 0.4, 0.6))
    >>> outcome = verify_and_repair(maker, (0, 1, 1), weights)  # position 2 is wrong
    >>> outcome.found, outcome.certified, outcome.classical_queries
    ((0, 1, 2), True, 2)
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .game import Code

if TYPE_CHECKING:
    from .codemaker import Codemaker

__all__ = ["SEARCH_LIMIT", "Verification", "default_budget", "verify_and_repair"]

SEARCH_LIMIT = 200_000
"""Most codes the best-first search examines for one guess before it gives up."""


def default_budget(num_positions: int, colors: int) -> int:
    """``2n + k``: the classical queries ``verify`` may spend, the certifying one included.

    Example:
        >>> default_budget(6, 4)
        16
    """
    return 2 * num_positions + colors


@dataclass(frozen=True)
class Verification:
    """What :func:`verify_and_repair` concluded.

    Attributes:
        found: the certified code, or (not certified) the most likely code consistent
            with every answer (the last guess asked if none was found).
        certified: ``True`` iff the codemaker answered ``n`` to ``found``.
        classical_queries: black-peg queries asked (all counted by the codemaker).
        repaired_positions: positions where ``found`` differs from the decoded code.
        position_confidence: per position, the weight of the decoded colour.
    """

    found: Code
    certified: bool
    classical_queries: int
    repaired_positions: tuple[int, ...]
    position_confidence: tuple[float, ...]


def _consistent(code: Code, constraints: Sequence[tuple[Code, int]]) -> bool:
    return all(sum(map(int.__eq__, code, guess)) == answer for guess, answer in constraints)


def _best_consistent(
    start: Code,
    orders: Sequence[Sequence[int]],
    costs: Sequence[Sequence[float]],
    constraints: Sequence[tuple[Code, int]],
    distance: int,
) -> Code | None:
    """The least-cost code at Hamming ``distance`` from ``start`` meeting ``constraints``.

    ``orders[i]`` lists position ``i``'s colours, ``start[i]`` first; ``costs[i][r]`` is
    ``-log`` of the weight of ``orders[i][r]``. States are rank tuples, each generated
    once (from the parent that lowers its last non-zero rank), popped by total cost.
    """
    n = len(start)
    base = sum(cost[0] for cost in costs)
    heap: list[tuple[float, tuple[int, ...], int, int]] = [(base, (0,) * n, -1, 0)]
    steps = 0
    while heap and steps < SEARCH_LIMIT:
        cost, ranks, last, changed = heapq.heappop(heap)
        steps += 1
        if changed == distance:
            code = tuple(orders[i][rank] for i, rank in enumerate(ranks))
            if _consistent(code, constraints):
                return code
        # children: raise the last changed position's rank, or change a later position
        if last >= 0 and ranks[last] + 1 < len(orders[last]):
            child = list(ranks)
            child[last] += 1
            step = costs[last][child[last]] - costs[last][ranks[last]]
            heapq.heappush(heap, (cost + step, tuple(child), last, changed))
        if changed < distance:
            for position in range(last + 1, n):
                if len(orders[position]) > 1:
                    child = list(ranks)
                    child[position] = 1
                    step = costs[position][1] - costs[position][0]
                    heapq.heappush(heap, (cost + step, tuple(child), position, changed + 1))
    return None


def verify_and_repair(
    codemaker: Codemaker,
    decoded: Sequence[int],
    weights: Sequence[Sequence[float]] = (),
    *,
    budget: int | None = None,
) -> Verification:
    """Certify ``decoded`` with one black-peg query; repair it classically if wrong.

    See the module docstring for the procedure. Each guess is the most likely code
    (under ``weights``, colours independent per position) that agrees with every answer
    so far, so each query either wins or rules the guess out.

    Cost: ``1`` classical query when ``decoded`` is right; at most ``budget``.

    Args:
        codemaker: the codemaker (its black-peg answers are the only access to ``s``).
        decoded: the quantum codebreaker's decoded code.
        weights: per position, one weight per colour (e.g.
            :func:`mastermind_q.quantum.position_weights`); empty: uniform.
        budget: most classical queries (default :func:`default_budget`).

    Returns:
        The :class:`Verification`.

    Raises:
        ValueError: ``decoded`` is not a valid code, ``weights`` do not match ``n`` and
            ``k``, or ``budget < 1``.
    """
    n, k = codemaker.num_positions, codemaker.num_colors
    start = codemaker.validate_guess(decoded)
    limit = default_budget(n, k) if budget is None else budget
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"budget must be a positive integer, was {budget!r}")
    if not weights:
        weights = [[1.0 / k] * k for _ in range(n)]
    if len(weights) != n or any(len(row) != k for row in weights):
        raise ValueError(f"weights must be {n} rows of {k} colour weights, were {weights!r}")
    orders = []
    costs = []
    for color, row in zip(start, weights):
        others = sorted((c for c in range(k) if c != color), key=lambda c: (-row[c], c))
        order = [color, *others]
        orders.append(order)
        costs.append([-math.log(max(float(row[c]), 1e-300)) for c in order])
    confidence = tuple(float(row[color]) for color, row in zip(start, weights))
    constraints: list[tuple[Code, int]] = []
    candidate: Code = start
    asked = 0
    while asked < limit:
        answer = codemaker.black(candidate)
        asked += 1
        if answer == n:
            return _verification(candidate, start, True, asked, confidence)
        constraints.append((candidate, answer))
        distance = n - constraints[0][1]
        following = _best_consistent(start, orders, costs, constraints, distance)
        if following is None:
            break
        candidate = following
    return _verification(candidate, start, False, asked, confidence)


def _verification(
    found: Code, start: Code, certified: bool, asked: int, confidence: tuple[float, ...]
) -> Verification:
    repaired = tuple(i for i, (a, b) in enumerate(zip(found, start)) if a != b)
    return Verification(
        found=found,
        certified=certified,
        classical_queries=asked,
        repaired_positions=repaired,
        position_confidence=confidence,
    )
