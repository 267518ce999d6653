"""An adaptive black-peg codebreaker that packs binary tests into coin-weighing batches.

Black pegs, ``k`` colours that may repeat, secret ``z``, answer ``B(x) = |{i : x_i = z_i}|``.

1. **Colour counts.** ``(c, c, ..., c)`` answers ``n_c``; ask ``c = 0..k-2``, stopping
   once the counts reach ``n``; the last count follows by subtraction.
2. **Interval tree.** Every unresolved interval ``I`` of positions carries its colour
   counts ``t_c(I)``. Splitting it into halves ``L, R`` needs ``t_c(L)`` for every colour
   of ``I``: the query ``c on L``, a *filler* ``f`` on ``R``, answers ``t_c(L)`` plus known
   terms when ``f`` does not occur in ``I`` (``t_f(I) = 0``); every other interval holds
   its own filler (a colour of known count there, absent where possible) and every
   resolved position a colour other than its own, so they add a known constant. An
   interval holding *all* ``k`` colours has no absent filler: its reference colour ``f``
   (the most frequent) fills ``R``, each query gives ``t_c(L) - t_f(L)``, and
   ``sum_c t_c(L) = |L|`` gives them all after ``k - 1`` queries.
3. **Deductions.** ``t_c(L)`` lies in ``[max(0, t_c - |R|), min(t_c, |L|)]`` and the
   ``t_c(L)`` sum to ``|L|``; a value these fix is never asked (in particular the most
   frequent colour of each interval is never asked: it is the last one, by subtraction).
4. **Coin-weighing batches.** Tests of different intervals touch disjoint positions, and
   so do a test on ``L`` and one on ``R`` of the same interval: each interval gives up to
   two tests per batch (``c on L``, ``d on R``). A test with two possible values
   (``t_c(I) = 1`` above all) is a 0/1 coin; ``N`` coins are decoded exactly from
   ``m_L(N)`` queries of a Lindström-type detecting matrix
   (:mod:`mastermind_q.classical.detecting`). A test with more possible values is an
   integer coin in a top slot of the same matrix
   (:func:`~mastermind_q.classical.detecting.weighing_design`).
   **Adaptive weighing of small batches.** Where a batch holds few coins (the top
   levels of the tree: one or two intervals give 2 or 4 coins), the matrix is far from
   the information bound: 2 coins take 2 of its rows. Such batches are weighed
   adaptively instead (after Bshouty's adaptive coin weighing, COLT 2009, at small
   sizes): the coins' joint values are a small grid, each weighing is the subset of
   coins whose answer has the largest entropy over the values still possible (each
   coin near ``Binomial(t, 1/2)``), and it stops when one value is left. Fair coins
   take 1.5, 2.75 and 4.73 weighings on average for 2, 4 and 8 coins, against 2, 3 and
   6 rows; 16 are weighed as two groups of 8 (9.5 against 10). Every weighing is a
   counted query; nothing is assumed.
5. **Few colours.** Where its cost, known once the counts are, is below the tree's
   cost for those counts (exact designs; or, with sparse designs that repair their
   ambiguous reads, an expected cost at most :data:`FEW_COLORS_MARGIN` of it), the
   colours are found two at a time by coin-weighing batches over the positions still
   unknown (:mod:`mastermind_q.classical.few_colors`;
   ``k = 2`` is one detecting matrix, ``m_L(n) + 2`` queries in all). The tree's cost
   for the counts is counted by playing it, without a codemaker, against made-up codes
   with those counts (:func:`tree_cost`: every arrangement at small sizes, so the
   choice is never worse than the tree there; seeded ones beyond): a few rare
   positions (``r log2 n`` guesses in the tree, ``m_L(n)`` in a design) keep the tree.
6. **Final guess.** The secret, once every position is resolved (a query answered ``n``
   ends the game at once).

Cost: ``k - 1`` counts, then per tree level ``l`` about ``(n / 2^(l+1)) m_L(2^(l+1))``
queries at ``k = n`` (``~ 2n / l``), so ``O(n log log n)`` in all; at ``n = k`` the
means are about ``5.05 n`` at 1,024 and ``5.55 n`` at 4,096 (final guess included), each
game below the Jäger-Peczarski worst case ``n ceil(log2 k) + k`` (measurements:
``benchmarks/RESULTS.md``). What keeps the constant there: every test of a batch
paints its own half-interval, so the colour counts (``n`` queries at ``k = n``) and
the top levels, whose tests each take half an interval, fit only a few tests per
batch whatever the order of the work. The rows of a batch go to the codemaker together
(:meth:`~mastermind_q.codemaker.Codemaker.black_many`), which validates and answers them
as array operations; ``O(n)`` numpy work per query (times: ``benchmarks/RESULTS.md``).

References:
    Colour counting: M. T. Goodrich, Inform. Process. Lett. 109 (2009). Coin weighing:
    B. Lindström, Canad. Math. Bull. 8 (1965); D. G. Cantor, W. H. Mills, Canad. J. Math.
    18 (1966). The batching of independent binary searches: B. Doerr, C. Doerr,
    R. Spöhel, H. Thomas, J. ACM 63(5) (2016); A. Martinsson, P. Su, Combin. Probab.
    Comput. (2023), arXiv 2011.05921 (who reach ``Theta(n)`` at ``k = n``).

Example:
    >>> from mastermind_q.codemaker import Codemaker
    >>> maker = Codemaker((3, 1, 4, 1, 5, 9, 2, 6), colors=10)
    >>> solve_coin_weighing(maker)
    (3, 1, 4, 1, 5, 9, 2, 6)
"""

from __future__ import annotations

import functools
import math
from typing import Any, ClassVar

import numpy as np

from ..codebreaker import Codebreaker, CostModel
from ..codemaker import ClassicalCodemaker as Codemaker
from ..game import Code, validate_colors, validate_positions
from ..limits import check_classical, limit, limit_error
from .detecting import WeighingDesign, decode_weighing, weighing_design
from .few_colors import few_colors_cost, play_few_colors

__all__ = [
    "COIN_WEIGHING",
    "FEW_COLORS_MARGIN",
    "PLAYS",
    "CoinWeighing",
    "choose_play",
    "coin_weighing_query_bound",
    "solve_coin_weighing",
    "tree_cost",
]


def coin_weighing_query_bound(num_positions: int, num_colors: int) -> int:
    """The Jäger-Peczarski worst case ``n ceil(log2 k) + k``: a ceiling the codebreaker's
    measured counts stay below (used as its guess bound by the resource limits).

    Raises:
        ValueError: invalid ``n`` or ``k``.

    Example:
        >>> coin_weighing_query_bound(64, 64)
        448
    """
    return _query_bound(validate_positions(num_positions), validate_colors(num_colors))


def _query_bound(n: int, k: int) -> int:
    """:func:`coin_weighing_query_bound` at validated sizes."""
    return n * (k - 1).bit_length() + k


PLAYS = ("tree", "few colours")
"""What :func:`choose_play` may answer."""

EXHAUSTIVE_ARRANGEMENTS = 720
"""Colour counts with at most this many arrangements over the positions have the tree's
cost taken over every one of them (:func:`tree_cost`)."""

TREE_SAMPLES = 512
"""The tree's cost at ``n`` positions is the mean over ``max(1, min(4, TREE_SAMPLES //
n))`` made-up arrangements of the counts, when there are more than
:data:`EXHAUSTIVE_ARRANGEMENTS`."""


def _arrangements(
    counts: tuple[tuple[int, int], ...], num_positions: int
) -> tuple[list[np.ndarray], bool]:
    """The made-up codes :func:`tree_cost` plays, and whether they are all of them: every
    arrangement of the counts over the positions when they are few, else a few seeded
    random ones."""
    number, remaining = 1, num_positions
    for _, count in counts:
        number *= math.comb(remaining, count)
        remaining -= count
        if number > EXHAUSTIVE_ARRANGEMENTS:
            break
    if number <= EXHAUSTIVE_ARRANGEMENTS:
        found: list[np.ndarray] = []

        def place(prefix: list[int], left: dict[int, int]) -> None:
            if len(prefix) == num_positions:
                found.append(np.array(prefix, dtype=np.int64))
                return
            for colour in sorted(left):
                if left[colour]:
                    left[colour] -= 1
                    place([*prefix, colour], left)
                    left[colour] += 1

        place([], dict(counts))
        return found, True
    colours = np.repeat(np.array([c for c, _ in counts], dtype=np.int64), [t for _, t in counts])
    samples = max(1, min(4, TREE_SAMPLES // num_positions))
    rng = np.random.default_rng([num_positions, *(v for pair in counts for v in pair)])
    return [rng.permutation(colours) for _ in range(samples)], False


@functools.lru_cache(maxsize=1024)
def _tree_cost(
    counts: tuple[tuple[int, int], ...],
    num_positions: int,
    num_colors: int,
    ceiling: int | None = None,
) -> int:
    """:func:`tree_cost`; with ``ceiling`` only whether it is above ``ceiling``: a count
    above it once that is known, else a count at most it (the first found)."""
    arrangements, every = _arrangements(counts, num_positions)
    costs: list[int] = []
    # the least (every arrangement) or the mean (samples) exceeds ceiling once these do
    most = None if ceiling is None else ceiling * (1 if every else len(arrangements))
    for arrangement in arrangements:
        spent = 0 if every else sum(costs)
        simulated = _TreeCost(arrangement, num_colors, None if most is None else most - spent)
        try:
            simulated.play_tree(dict(counts))
        except _Found:
            if every:
                continue  # above the ceiling: not the least
            return (ceiling or 0) + 1
        if every and ceiling is not None and simulated.queries <= ceiling:
            return simulated.queries  # the least is at most the ceiling
        costs.append(simulated.queries)
    if not costs:
        assert ceiling is not None
        return ceiling + 1
    return min(costs) if every else -(-sum(costs) // len(costs))  # the mean, rounded up


def tree_cost(counts: dict[int, int], num_positions: int, num_colors: int) -> int:
    """Guesses the interval tree asks after these colour counts (final guess excluded).

    The tree is played, without a codemaker, against made-up codes with these counts
    (:class:`_TreeCost`). Where the counts have at most :data:`EXHAUSTIVE_ARRANGEMENTS`
    arrangements over the positions, every one is played and the least count returned:
    at most the tree's count on any secret with these counts. Otherwise the mean over
    ``max(1, min(4, TREE_SAMPLES // n))`` seeded random arrangements (the tree's count
    varies little between arrangements of large counts), rounded up.

    Raises:
        ValueError: counts that are not positive or do not sum to ``num_positions``.

    Example:
        >>> tree_cost({0: 3, 1: 1}, 4, 2)  # colour 1 once in four positions: 2 halvings
        2
    """
    pairs = tuple(sorted((int(c), int(t)) for c, t in counts.items()))
    if any(t <= 0 for _, t in pairs) or sum(t for _, t in pairs) != num_positions:
        raise ValueError(
            f"counts must be positive and sum to num_positions={num_positions}, was {counts}"
        )
    return _tree_cost(pairs, num_positions, num_colors)


def choose_play(num_positions: int, num_colors: int, counts: dict[int, int]) -> str:
    """``"few colours"`` where the few-colours stages' cost for these counts with exact
    designs is below the interval tree's (:func:`tree_cost`), or their expected cost
    (sparse designs that may repair, :func:`~.few_colors.few_colors_cost`) is at most
    :data:`FEW_COLORS_MARGIN` of it; else ``"tree"``.

    The tree is not played out where the stages cost more than the Jäger-Peczarski
    bound, which the tree stays below (``n = k`` above all).

    Example:
        >>> choose_play(1024, 8, {3: 1, 7: 1023})  # one rare position: the tree
        'tree'
        >>> choose_play(1024, 2, {0: 512, 1: 512})
        'few colours'
    """
    return _choose_play(validate_positions(num_positions), validate_colors(num_colors), counts)


def _choose_play(n: int, k: int, counts: dict[int, int]) -> str:
    """:func:`choose_play` at validated sizes (the codebreaker's, from its codemaker)."""
    if len(counts) <= 1:
        return "tree"
    few = few_colors_cost(tuple(counts.values()), k)
    if few >= _query_bound(n, k):
        return "tree"
    sure = few_colors_cost(tuple(counts.values()), k, sparse=False)
    pairs = tuple(sorted((int(c), int(t)) for c, t in counts.items()))
    # the tree is played out only as far as it takes to exceed the stages' cost: the
    # exact designs beat it, or the expected cost is below it by the margin
    if _tree_cost(pairs, n, k, sure) > sure:
        return "few colours"
    ceiling = math.ceil(few / FEW_COLORS_MARGIN) - 1
    if few == sure or ceiling >= sure:
        return "tree"
    return "few colours" if _tree_cost(pairs, n, k, ceiling) > ceiling else "tree"


FEW_COLORS_MARGIN = 0.97
"""The few-colours play is chosen where its exact designs cost less than the interval
tree, or where its expected cost (sparse designs that may repair) is at most this share
of the tree's: the tree's count for an arrangement of the counts varies by a few per
cent about the cost :func:`tree_cost` estimates, and a close choice would give that
away on the arrangements the tree plays cheaply."""


ADAPTIVE_COINS = 8
"""Most coins weighed adaptively together (:meth:`_CoinWeighingBreaker.adaptive_batch`)."""

ADAPTIVE_GROUPS = frozenset(range(1, 9)) | {16}
"""Batches of this many binary coins are weighed adaptively, in groups of at most
:data:`ADAPTIVE_COINS`: the mean number of weighings (1, 1.5, 2.25, 2.75, 3.38, 3.97,
4.36, 4.73 for 1..8 fair coins; two groups of 8 for 16) is below the ``m_L(N)`` rows of
a detecting matrix (1, 2, 3, 3, 4, 5, 5, 6; 10 for 16). Beyond, the matrix is cheaper."""

ADAPTIVE_STATES = 64
"""A batch of one or two coins, some with three or more possible values, is weighed
adaptively when they take at most this many joint values (below the matrix's 2 rows
on average; larger batches with such coins use the matrix)."""


@functools.lru_cache(maxsize=256)
def _joint_values(ranges: tuple[int, ...]) -> np.ndarray:
    """Every joint value of coins with values ``0..r`` (``r`` in ``ranges``), one per row."""
    grids = np.meshgrid(*[np.arange(r + 1) for r in ranges], indexing="ij")
    return np.stack([grid.reshape(-1) for grid in grids], axis=1).astype(np.int64)


@functools.lru_cache(maxsize=16)
def _subsets(number: int) -> np.ndarray:
    """The non-empty subsets of ``number`` coins as 0/1 rows (row ``s - 1``: bitmask ``s``)."""
    masks = np.arange(1, 1 << number, dtype=np.int64)
    return (masks[:, None] >> np.arange(number)) & 1


@functools.lru_cache(maxsize=65_536)
def _prior(coins: tuple[tuple[int, int, int], ...]) -> np.ndarray:
    """The weight of each joint value: ``prod_i C(t_i, low_i + u_i)`` (halves: binomial).

    A coin ``(t, low, r)`` is a colour with ``t`` occurrences in an interval, its count
    in one half lying in ``low..low + r``; the halves are near equal, so the count is
    about ``Binomial(t, 1/2)``.
    """
    values = _joint_values(tuple(r for _, _, r in coins))
    weight = np.ones(values.shape[0])
    for index, (total, low, _) in enumerate(coins):
        weight *= np.array([math.comb(total, low + u) for u in range(values[:, index].max() + 1)])[
            values[:, index]
        ]
    return weight / weight.sum()


@functools.lru_cache(maxsize=65_536)
def _next_weighing(coins: tuple[tuple[int, int, int], ...], alive: bytes) -> int:
    """The subset (bitmask) of coins whose weighing answer is the most informative.

    ``alive`` marks the joint values (rows of :func:`_joint_values`) that every answer
    so far allows, weighted by :func:`_prior`; the weighing with the largest entropy of
    its answer is asked (the first such bitmask on ties).
    """
    mask = np.frombuffer(alive, dtype=bool)
    ranges = tuple(r for _, _, r in coins)
    states = _joint_values(ranges)[mask]
    weight = _prior(coins)[mask]
    subsets = _subsets(len(ranges))
    sums = states @ subsets.T  # (states, subsets): the answer of each weighing
    width = sum(ranges) + 1
    keys = sums + width * np.arange(subsets.shape[0])[None, :]
    mass: np.ndarray = (
        np.bincount(
            keys.reshape(-1),
            weights=np.repeat(weight, subsets.shape[0]),
            minlength=width * subsets.shape[0],
        ).reshape(subsets.shape[0], width)
        / weight.sum()
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        entropy = -np.where(mass > 0, mass * np.log2(mass), 0.0).sum(axis=1)
    return int(np.argmax(entropy)) + 1


class _Found(Exception):
    """A query answered ``n``: the game is won."""

    def __init__(self, code: Code) -> None:
        super().__init__()
        self.code = code


class _Interval:
    """An unresolved interval ``[start, end)`` being split at ``middle``.

    Keeps the unknown left counts with the sums of their bounds, so that a deduction
    costs ``O(1)`` unless a colour with three or more possible values is involved.
    """

    __slots__ = (
        "binary",
        "counts",
        "end",
        "filler",
        "known",
        "last",
        "left",
        "middle",
        "next_binary",
        "reference",
        "right",
        "room",
        "start",
        "sum_high",
        "sum_low",
        "unknown",
        "wide",
        "wide_range",
    )

    def __init__(self, start: int, end: int, counts: dict[int, int]) -> None:
        self.start = start
        self.end = end
        self.middle = start + (end - start + 1) // 2
        self.left = self.middle - start
        self.right = end - self.middle
        self.counts = counts  # colour -> occurrences in the interval (> 0)
        self.known: dict[int, int] = {}  # colour -> occurrences in the left half
        self.filler = -1
        self.reference = False  # the filler occurs here: queries give differences
        self.unknown = set(counts)
        self.room = self.left  # left positions not taken by known colours
        self.sum_low = self.sum_high = 0
        # the most frequent colour is never asked: it follows from the others
        self.last = max(counts, key=lambda c: (counts[c], -c))
        self.binary: list[int] = []  # two possible values: coins
        self.wide: list[int] = []  # three or more: asked one by one
        for color in counts:
            low, high = self.bounds(color)
            self.sum_low += low
            self.sum_high += high
            if color != self.last:
                (self.binary if high - low == 1 else self.wide).append(color)
        self.next_binary = 0
        low, high = self.bounds(self.last)
        self.wide_range = max(
            [high - low] + [self.bounds(c)[1] - self.bounds(c)[0] for c in self.wide]
        )

    def bounds(self, color: int) -> tuple[int, int]:
        count = self.counts[color]
        return max(0, count - self.right), min(count, self.left)

    def record(self, color: int, value: int) -> None:
        low, high = self.bounds(color)
        if not low <= value <= high or color not in self.unknown:
            raise ValueError(
                f"answers are inconsistent: {value} of colour {color} in the left half of "
                f"positions {self.start}..{self.end - 1}, expected {low}..{high}"
            )
        self.known[color] = value
        self.unknown.discard(color)
        self.sum_low -= low
        self.sum_high -= high
        self.room -= value

    def deduce(self) -> bool:
        """Fix every left count the bounds and the sum decide; return whether any is open."""
        while self.unknown:
            if len(self.unknown) == 1:
                self.record(next(iter(self.unknown)), self.room)
                break
            slack_low, slack_high = self.room - self.sum_low, self.sum_high - self.room
            if slack_low < 0 or slack_high < 0:
                raise ValueError(
                    f"answers are inconsistent in positions {self.start}..{self.end - 1}"
                )
            if slack_low == 0 or slack_high == 0:
                for color in list(self.unknown):
                    self.record(color, self.bounds(color)[0 if slack_low == 0 else 1])
                break
            # a binary colour is fixed only by a zero slack; the others may be tightened
            if min(slack_low, slack_high) >= self.wide_range:
                break
            fixed = False
            for color in [c for c in (*self.wide, self.last) if c in self.unknown]:
                low, high = self.bounds(color)
                low = max(low, self.room - (self.sum_high - high))
                high = min(high, self.room - (self.sum_low - low))
                if low == high:
                    self.record(color, low)
                    fixed = True
            if not fixed:
                break
        return bool(self.unknown)

    def next_coins(self, most: int) -> list[int]:
        """Up to ``most`` open colours to test, those with more possible values first."""
        chosen: list[int] = []
        tests = self.wide + self.binary
        while self.next_binary < len(tests) and len(chosen) < most:
            color = tests[self.next_binary]
            self.next_binary += 1
            if color in self.unknown:
                chosen.append(color)
        return chosen

    def children(self) -> tuple[dict[int, int], dict[int, int]]:
        left = {color: value for color, value in self.known.items() if value}
        right = {
            color: self.counts[color] - value
            for color, value in self.known.items()
            if self.counts[color] - value
        }
        return left, right


class _CoinWeighingBreaker:
    """State of one :func:`solve_coin_weighing` game."""

    def __init__(self, codemaker: Codemaker) -> None:
        self.maker = codemaker
        self.n = codemaker.num_positions
        self.k = codemaker.num_colors
        self.secret = np.full(self.n, -1, dtype=np.int64)
        self.dtype = np.min_scalar_type(self.k - 1)  # guesses: the smallest type for k

    def ask(self, code: np.ndarray) -> int:
        answer = self.maker.black(code)
        if answer == self.n:
            raise _Found(tuple(code.tolist()))
        return answer

    def ask_many(self, codes: np.ndarray) -> np.ndarray:
        """Answers of the rows of ``codes``, asked at once (the game ends at an answer ``n``)."""
        answers = self.maker.black_many(codes)
        if answers.shape[0] and answers[-1] == self.n:
            raise _Found(tuple(np.asarray(codes[answers.shape[0] - 1]).tolist()))
        return answers

    def count_colors(self) -> dict[int, int]:
        n, k = self.n, self.k
        counts: dict[int, int] = {}
        total = 0
        for color in range(k - 1):
            if total == n:
                break
            value = self.ask(np.full(n, color, dtype=np.int64))
            total += value
            if value:
                counts[color] = value
        if total < n:
            counts[k - 1] = n - total
        if total > n:
            raise ValueError(f"answers are inconsistent: colour counts sum to {total} > n={n}")
        return counts

    def resolve(self, start: int, end: int, counts: dict[int, int]) -> bool:
        """Mark a one-colour interval; return whether it was one."""
        if len(counts) == 1:
            (color,) = counts
            self.secret[start:end] = color
            return True
        if end - start == 1 or not counts:
            raise ValueError(
                f"answers are inconsistent: counts {counts} for positions {start}..{end - 1}"
            )
        return False

    def absent_color(self, counts: dict[int, int]) -> int:
        """A colour that does not occur in ``counts`` (-1 if every colour does)."""
        if len(counts) >= self.k:
            return -1
        color = 0
        while color in counts:
            color += 1
        return color

    def solve(self) -> Code:
        try:
            counts = self.count_colors()
            if _choose_play(self.n, self.k, counts) == "few colours":
                self.secret[:] = play_few_colors(self.ask_many, counts, self.n, self.k)
            else:
                self.play_tree(counts)
            return self.finish()
        except _Found as found:
            return found.code

    def play_tree(self, counts: dict[int, int]) -> None:
        """Resolve every position by the interval tree, one level at a time."""
        intervals = [] if self.resolve(0, self.n, counts) else [_Interval(0, self.n, counts)]
        while intervals:
            self.split(intervals)
            following = []
            for interval in intervals:
                left, right = interval.children()
                for start, end, part in (
                    (interval.start, interval.middle, left),
                    (interval.middle, interval.end, right),
                ):
                    if not self.resolve(start, end, part):
                        following.append(_Interval(start, end, part))
            intervals = following

    def finish(self) -> Code:
        final = tuple(self.secret.tolist())
        answer = self.maker.black(final)
        if answer != self.n:
            raise ValueError(f"answers are inconsistent: the deduced secret got {answer}")
        return final

    def split(self, intervals: list[_Interval]) -> None:
        """Learn the left-half counts of every interval of one tree level."""
        k = self.k
        filler = np.where(self.secret >= 0, (self.secret + 1) % k, 0).astype(self.dtype)
        base = 0
        for interval in intervals:
            color = self.absent_color(interval.counts)
            if color < 0:  # every colour occurs: the most frequent is the reference
                color = max(interval.counts, key=lambda c: (interval.counts[c], -c))
                interval.reference = True
                base += interval.counts[color]
            interval.filler = color
            filler[interval.start : interval.end] = color
        for interval in intervals:
            if interval.reference:
                self.split_reference(interval, filler, base)
        pending = [interval for interval in intervals if not interval.reference]
        while pending:
            coins: list[tuple[_Interval, int, bool]] = []  # (interval, colour, on the left)
            still = []
            for interval in pending:
                if not interval.deduce():
                    continue
                still.append(interval)
                chosen = interval.next_coins(2)
                for color, on_left in zip(chosen, (True, False)):
                    coins.append((interval, color, on_left))
                if not chosen:  # only the last colour and wide ones tightened to one value
                    raise ValueError(
                        f"answers are inconsistent in positions {interval.start}.."
                        f"{interval.end - 1}"
                    )
            pending = still
            if coins:
                self.batch(coins, filler, base)

    def split_reference(self, interval: _Interval, filler: np.ndarray, base: int) -> None:
        """An interval with every colour: ``k - 1`` difference queries, then the sum."""
        reference = interval.filler
        differences = {}
        for color in interval.counts:
            if color == reference:
                continue
            code = filler.copy()
            code[interval.start : interval.middle] = color
            differences[color] = self.ask(code) - base  # t_c(L) - t_f(L)
        total = interval.left - sum(differences.values())
        if total % self.k:
            raise ValueError("answers are inconsistent: the left-half counts do not add up")
        reference_left = total // self.k
        interval.record(reference, reference_left)
        for color, difference in differences.items():
            interval.record(color, difference + reference_left)

    def batch(
        self, coins: list[tuple[_Interval, int, bool]], filler: np.ndarray, base: int
    ) -> None:
        """Decode the coins from the rows of one detecting matrix.

        A test with two possible values is a binary coin, one with more an integer coin
        (a top slot of the matrix, see :class:`~.detecting.WeighingDesign`); both are
        shifted to start at 0.
        """
        ranges = tuple(high - low for low, high in (c[0].bounds(c[1]) for c in coins))
        if max(ranges) == 1 and len(coins) in ADAPTIVE_GROUPS:
            # a few binary coins: adaptive weighings, in groups of at most 8
            for start in range(0, len(coins), ADAPTIVE_COINS):
                self.adaptive_batch(coins[start : start + ADAPTIVE_COINS], filler, base)
            return
        if len(coins) <= 2 and np.prod([r + 1 for r in ranges]) <= ADAPTIVE_STATES:
            self.adaptive_batch(coins, filler, base)
            return
        wide = [span >= 2 for span in ranges]
        order = [i for i in range(len(coins)) if not wide[i]] + [
            i for i in range(len(coins)) if wide[i]
        ]
        coins = [coins[i] for i in order]
        number = len(coins)
        design = weighing_design(number - sum(wide), sum(wide))
        values = self.weigh_design(coins, design, filler, base)
        for (interval, color, on_left), value in zip(coins, values.tolist()):
            interval.record(color, value if on_left else interval.counts[color] - value)

    def weigh_design(
        self,
        coins: list[tuple[_Interval, int, bool]],
        design: WeighingDesign,
        filler: np.ndarray,
        base: int,
    ) -> np.ndarray:
        """Each coin's count in its half, from the rows of ``design`` asked at once."""
        number = len(coins)
        matrix = design.matrix()
        owner = np.full(self.n, -1, dtype=np.int64)
        paint = filler.copy()
        offsets = np.zeros(number, dtype=np.int64)
        for index, (interval, color, on_left) in enumerate(coins):
            low, high = interval.bounds(color)
            if on_left:
                span = slice(interval.start, interval.middle)
                offsets[index] = low
            else:  # t_c(R) = t_c - t_c(L) lies in t_c - high .. t_c - low
                span = slice(interval.middle, interval.end)
                offsets[index] = interval.counts[color] - high
            owner[span] = index
            paint[span] = color
        touched = np.flatnonzero(owner >= 0)
        codes = np.broadcast_to(filler, (matrix.shape[0], self.n)).copy()
        chosen = matrix[:, owner[touched]]
        codes[:, touched] = np.where(chosen, paint[touched], filler[touched])
        answers = self.ask_many(codes)
        answers -= base + matrix.astype(np.int64) @ offsets
        return decode_weighing(answers, design) + offsets

    def adaptive_batch(
        self, coins: list[tuple[_Interval, int, bool]], filler: np.ndarray, base: int
    ) -> None:
        """Weigh a few coins adaptively: each weighing splits the values left most evenly.

        The coins take their joint values from a small grid (:func:`_joint_values`);
        every answer removes the joint values that would have answered otherwise, and
        the next weighing is the subset of coins with the most informative answer
        (:func:`_next_weighing`), until one joint value is left. Two fair coins take 1.5
        weighings on average where a detecting matrix takes 2; four take about 2.7
        against 3.
        """
        ranges = []
        key = []
        for interval, color, on_left in coins:
            low, high = interval.bounds(color)
            total = interval.counts[color]
            ranges.append(high - low)
            # the measured half's count lies in low..high (left), total - high.. (right)
            key.append((total, low if on_left else total - high, high - low))
        coin_key = tuple(key)
        spans = []
        offsets = []
        for interval, color, on_left in coins:
            low, high = interval.bounds(color)
            if on_left:
                spans.append(slice(interval.start, interval.middle))
                offsets.append(low)
            else:
                spans.append(slice(interval.middle, interval.end))
                offsets.append(interval.counts[color] - high)
        states = _joint_values(tuple(ranges))
        alive = np.ones(states.shape[0], dtype=bool)
        while alive.sum() > 1:
            mask = _next_weighing(coin_key, alive.tobytes())
            chosen = (mask >> np.arange(len(coins), dtype=np.int64)) & 1
            answer = self.weigh_subset(coins, spans, offsets, chosen, filler, base)
            alive &= states @ chosen == answer
        found = np.flatnonzero(alive)
        if found.size != 1:
            raise ValueError("answers are inconsistent: no coin values give the weighings")
        for (interval, color, on_left), value, offset in zip(
            coins, states[found[0]].tolist(), offsets
        ):
            value += offset
            interval.record(color, value if on_left else interval.counts[color] - value)

    def weigh_subset(
        self,
        coins: list[tuple[_Interval, int, bool]],
        spans: list[slice],
        offsets: list[int],
        chosen: np.ndarray,
        filler: np.ndarray,
        base: int,
    ) -> int:
        """One adaptive weighing: the chosen coins' colours on their halves, the filler
        elsewhere; the sum of their shifted values."""
        code = filler.copy()
        shift = base
        for index in np.flatnonzero(chosen).tolist():
            code[spans[index]] = coins[index][1]
            shift += offsets[index]
        return self.ask(code) - shift


class _TreeCost(_CoinWeighingBreaker):
    """The interval tree played against a code the codebreaker makes up itself, to count
    the tree's guesses for given colour counts: no codemaker is asked.

    The batches' coins are read off the made-up code (``arrangement``) and charged the
    rows their design or adaptive weighing would ask, so that a level costs ``O(n)``
    work, not ``O(n)`` per guess.
    """

    def __init__(self, arrangement: np.ndarray, num_colors: int, most: int | None = None) -> None:
        self.n = int(arrangement.size)
        self.k = num_colors
        self.truth = arrangement
        self.secret = np.full(self.n, -1, dtype=np.int64)
        self.dtype = np.min_scalar_type(self.k - 1)
        self.queries = 0
        self.most = most  # past this many guesses the count is not needed (_Found)

    def charge(self, guesses: int) -> None:
        self.queries += guesses
        if self.most is not None and self.queries > self.most:
            raise _Found(())

    def ask(self, code: np.ndarray) -> int:
        self.charge(1)
        return int(np.count_nonzero(code == self.truth))

    def held(self, coin: tuple[_Interval, int, bool]) -> int:
        """The coin's value: its colour's count in its half of the made-up code."""
        interval, color, on_left = coin
        span = (
            self.truth[interval.start : interval.middle]
            if on_left
            else (self.truth[interval.middle : interval.end])
        )
        return int(np.count_nonzero(span == color))

    def weigh_design(
        self,
        coins: list[tuple[_Interval, int, bool]],
        design: WeighingDesign,
        filler: np.ndarray,
        base: int,
    ) -> np.ndarray:
        self.charge(design.rows)
        return np.array([self.held(coin) for coin in coins], dtype=np.int64)

    def weigh_subset(
        self,
        coins: list[tuple[_Interval, int, bool]],
        spans: list[slice],
        offsets: list[int],
        chosen: np.ndarray,
        filler: np.ndarray,
        base: int,
    ) -> int:
        self.charge(1)
        return sum(
            self.held(coins[index]) - offsets[index] for index in np.flatnonzero(chosen).tolist()
        )


def check_coin_weighing(num_positions: int, num_colors: int) -> None:
    """Refuse a ``coin-weighing`` game too large for this machine.

    ``n`` and ``k`` go to the classical limits; the work, the guess bound
    ``n ceil(log2 k) + k`` times ``n`` (each guess is a code of ``n`` colours, and the
    codemaker keeps every one in its transcript), to ``MASTERMIND_Q_MAX_COIN_WEIGHING_WORK``.

    Raises:
        ResourceLimitError: naming ``n``, ``k`` and the work.

    Example:
        >>> check_coin_weighing(16384, 16384)
        >>> check_coin_weighing(16384, 65536)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        mastermind_q.limits.ResourceLimitError: coin-weighing at n=16384, k=65536 needs ...
    """
    n, k = int(num_positions), int(num_colors)
    check_classical("coin-weighing", n, k, 0)
    work = (n * max(1, (k - 1).bit_length()) + k) * n
    if work > limit("max_coin_weighing_work"):
        raise limit_error(
            "max_coin_weighing_work",
            f"coin-weighing at n={n}, k={k} needs about {work:.1e} steps (guesses x n)",
        )


def solve_coin_weighing(codemaker: Codemaker, *, seed: int | None = None) -> Code:
    """Adaptive black-peg codebreaker with coin-weighing batches, for any ``n`` and ``k``.

    Colour counts, then an interval tree of every colour's positions whose binary tests
    (two possible answers, chiefly a colour occurring once in an interval) are packed,
    across intervals, into coin-weighing batches decoded with a Lindström-type detecting
    matrix; see the module docstring for the steps and their cost.

    Cost: ``O(n log log n)`` queries at ``k = n`` (measured: about ``0.5 n log2 n`` at
    ``n = 1024``), at most the Jäger-Peczarski ``n ceil(log2 k) + k`` in every game
    measured; ``O(n)`` numpy work per query.

    Args:
        codemaker: a codemaker with repetition allowed (``distinct=False``).
        seed: accepted for the common interface; the codebreaker is deterministic.

    Returns:
        The secret found (its last guess, answered ``n``).

    Raises:
        TypeError: ``codemaker`` is not a codemaker.
        ValueError: for a permutation-game codemaker, or inconsistent answers.
        mastermind_q.limits.ResourceLimitError: a game beyond
            :func:`check_coin_weighing` (before any query).

    Reference:
        B. Lindström, Canad. Math. Bull. 8 (1965); A. Martinsson, P. Su, Combin.
        Probab. Comput. (2023), arXiv 2011.05921.
    """
    from ..game import validate_seed

    validate_seed(seed)
    if not all(hasattr(codemaker, name) for name in ("black", "num_positions", "num_colors")):
        raise TypeError(
            f"codemaker must answer black-peg queries (a Codemaker), was {type(codemaker).__name__}"
        )
    check_coin_weighing(codemaker.num_positions, codemaker.num_colors)
    if codemaker.distinct:
        raise ValueError(
            "coin-weighing guesses repeat colours; it needs a codemaker with distinct=False, "
            f"was {codemaker!r} (use method 'permutation' for the permutation game)"
        )
    return _CoinWeighingBreaker(codemaker).solve()


class CoinWeighing(Codebreaker):
    """An interval tree whose binary tests are asked in Lindström coin-weighing batches
    (any ``n``, ``k``)."""

    name: ClassVar[str] = "coin-weighing"
    kind: ClassVar[str] = "classical"
    builtin: ClassVar[bool] = True
    summary: ClassVar[str] = "interval tree with coin-weighing batches of binary tests (any n, k)"
    reference: ClassVar[str | None] = (
        "interval tree with Lindström coin-weighing batches "
        "(Lindström 1965; Martinsson and Su, CPC 2023)"
    )

    def solve(self, codemaker: Any, *, execution: Any = None, seed: int | None = None) -> Code:
        return solve_coin_weighing(codemaker, seed=seed)

    def queries(self, num_positions: int, num_colors: int) -> int:
        return _query_bound(num_positions, num_colors)

    def check(self, num_positions: int, num_colors: int, **game: Any) -> None:

        check_classical(self.name, num_positions, num_colors, 0)
        check_coin_weighing(num_positions, num_colors)  # its own work limit

    cost: ClassVar[CostModel] = CostModel(
        work_step=16,  # its guesses are built and answered as arrays
        # about 2 s at n = k = 4096, 27 s at 16384 (one core)
        seconds=lambda n, k: 0.01 + 7e-9 * (n * max(1, (k - 1).bit_length()) + k) * n,
    )


COIN_WEIGHING = CoinWeighing()
"""The ``coin-weighing`` codebreaker."""
