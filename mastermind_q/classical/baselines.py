"""Classical baselines for Mastermind with colour repetition (and small permutation games).

Three codebreakers, each taking a codemaker and returning the secret it found:

* :func:`solve_knuth` -- Knuth's 1977 minimax strategy with black-white feedback: guess
  the code whose largest answer class over the consistent secrets is smallest (ties:
  prefer a consistent guess, then the lexicographically smallest). 4 positions x 6
  colours: at most 5 guesses, 5801/1296 = 4.476 on average. Small code spaces only.
* :func:`solve_blackpeg` -- a deterministic black-peg codebreaker for any ``n, k``
  (colour counting, then a divide-and-conquer search per colour; worst case
  :func:`blackpeg_query_bound`, about ``n log2 k + n + k``). Handles ``n = 1000``.
* :func:`solve_random_consistent` -- guess a uniformly random code consistent with all
  black answers so far (seeded). Small code spaces only.

Query counting: every answered guess counts, including the final guess equal to the
secret. Each codebreaker makes that final guess itself: a secret it has deduced is
still asked once, unless that very code was already answered ``n`` (black).

References:
    D. E. Knuth, "The computer as master mind", J. Recreational Mathematics 9(1), 1-6
    (1976-77). M. T. Goodrich, "On the algorithmic complexity of the Mastermind game with
    black-peg results", Inform. Process. Lett. 109 (2009) (the colour-counting idea).

Example:
    >>> from mastermind_q.codemaker import Codemaker
    >>> maker = Codemaker((2, 2, 0, 5), colors=6)
    >>> solve_knuth(maker), maker.queries <= 5
    ((2, 2, 0, 5), True)
    >>> solve_blackpeg(Codemaker((1, 0, 2, 2, 1), colors=3))
    (1, 0, 2, 2, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from ..codebreaker import Codebreaker, CostModel
from ..codemaker import ClassicalCodemaker as Codemaker
from ..codemaker import check_codemaker
from ..game import Code, validate_colors, validate_positions
from .codes import (
    _all_codes,
    _count_codes,
    black_counts,
    black_white_counts,
    color_histograms,
    partitions,
)

__all__ = [
    "BLACKPEG",
    "KNUTH",
    "KNUTH_MAX_CODES",
    "RANDOM_CONSISTENT",
    "RANDOM_CONSISTENT_MAX_CODES",
    "BlackPeg",
    "Knuth",
    "RandomConsistent",
    "blackpeg_query_bound",
    "solve_blackpeg",
    "solve_knuth",
    "solve_random_consistent",
]

KNUTH_MAX_CODES = 10_000
"""Largest code space :func:`solve_knuth` plays (it scores every code against the
consistent set at each step)."""
RANDOM_CONSISTENT_MAX_CODES = 2_000_000
"""Largest code space :func:`solve_random_consistent` enumerates."""

_CHUNK_ELEMENTS = 1 << 22
_SCORE_MATRIX_MAX_CODES = 4096


def _ceil_log2(value: int) -> int:
    return (value - 1).bit_length() if value > 1 else 0


def _check_enumerable(
    method: str, n: int, k: int, distinct: bool, limit_name: str, limit: int
) -> int:
    """The size of the code space; refuse one too large for an enumerating codebreaker."""
    from ..limits import check_code_space

    # by its logarithm first: a huge k^n is never built
    check_code_space(method, n, k, limit, distinct=distinct, limit_name=limit_name)
    total = _count_codes(n, k, distinct)  # the codemaker's game, validated
    if total > limit:
        raise ValueError(
            f"{method} enumerates all codes; n={n}, k={k} gives {total} codes, "
            f"more than {limit_name}={limit}"
        )
    return total


def _check_seed(seed: int | None) -> None:
    from ..game import validate_seed

    validate_seed(seed)


# -- Knuth ---------------------------------------------------------------------------------
def _worst_classes(
    guesses: np.ndarray,
    guess_histograms: np.ndarray,
    consistent: np.ndarray,
    consistent_histograms: np.ndarray,
) -> np.ndarray:
    """For each guess, the size of its largest black-white answer class over ``consistent``."""
    n = guesses.shape[1]
    width = n + 1
    classes = width * width
    size = consistent.shape[0]
    rows = max(1, _CHUNK_ELEMENTS // max(1, size * max(n, guess_histograms.shape[1])))
    worst = np.empty(guesses.shape[0], dtype=np.int64)
    for start in range(0, guesses.shape[0], rows):
        block = guesses[start : start + rows]
        block_histograms = guess_histograms[start : start + rows]
        blacks = (block[:, None, :] == consistent[None, :, :]).sum(axis=2)
        common = np.minimum(block_histograms[:, None, :], consistent_histograms[None, :, :])
        keys = blacks * width + (common.sum(axis=2) - blacks)
        offsets = np.arange(block.shape[0])[:, None] * classes
        counts = np.bincount((keys + offsets).ravel(), minlength=block.shape[0] * classes)
        worst[start : start + block.shape[0]] = counts.reshape(block.shape[0], classes).max(axis=1)
    return worst


def _largest_classes(keys: np.ndarray, classes: int) -> np.ndarray:
    """Row-wise size of the most frequent value of ``keys`` (values ``0..classes-1``)."""
    rows = keys.shape[0]
    offsets = np.arange(rows, dtype=np.int64)[:, None] * classes
    counts = np.bincount((keys + offsets).ravel(), minlength=rows * classes)
    return counts.reshape(rows, classes).max(axis=1)


@dataclass(frozen=True)
class _KnuthTables:
    codes: np.ndarray
    histograms: np.ndarray
    first_guess: int
    scores: np.ndarray | None  # scores[g, s] = b * (n + 1) + w, for small code spaces


@functools.lru_cache(maxsize=8)
def _knuth_tables(n: int, k: int, distinct: bool) -> _KnuthTables:
    """Codes, histograms, Knuth's first guess and (``N <= 4096``) the score matrix."""
    codes = _all_codes(n, k, distinct)
    histograms = color_histograms(codes, k)
    scores = None
    if codes.shape[0] <= _SCORE_MATRIX_MAX_CODES:
        scores = np.empty((codes.shape[0], codes.shape[0]), dtype=np.int16)
        for index in range(codes.shape[0]):
            blacks, whites = black_white_counts(codes, codes[index], histograms)
            scores[index] = blacks * (n + 1) + whites
    if distinct:
        first = 0  # all injections are equivalent before any answer
    else:
        representatives = [
            sum(((color,) * count for color, count in enumerate(pattern)), ())
            for pattern in partitions(n, k)
        ]
        indices = np.array(
            [sum(c * k ** (n - 1 - p) for p, c in enumerate(code)) for code in representatives]
        )
        worst = _worst_classes(codes[indices], histograms[indices], codes, histograms)
        first = int(min(indices[worst == worst.min()]))
    return _KnuthTables(codes, histograms, first, scores)


def solve_knuth(codemaker: Codemaker, *, seed: int | None = None) -> Code:
    """Knuth's minimax codebreaker with black-white feedback.

    With ``S`` the codes consistent with all answers so far, the next guess ``g``
    minimises ``max_{(b, w)} |{s in S : (b, w)(s, g) = (b, w)}|`` over *all* codes; ties go
    to a code in ``S``, then to the lexicographically smallest. The first guess is found
    among one representative per colour-multiplicity pattern (all codes with the same
    pattern are equivalent before any answer), e.g. ``0011`` for 4 x 6 (Knuth's ``1122``).
    For the permutation game (``codemaker.distinct``) guesses and secrets are injections.

    Cost: at most 5 guesses for 4 positions and 6 colours (mean 5801/1296 = 4.476); time
    ``O(N |S| (n + k))`` numpy work per guess for ``N`` codes.

    Args:
        codemaker: any codemaker answering ``black_white``.
        seed: accepted for the common interface; Knuth's rule is deterministic.

    Returns:
        The secret found (its last guess, answered ``(n, 0)``).

    Raises:
        ValueError: if the code space has more than :data:`KNUTH_MAX_CODES` codes, or the
            answers are inconsistent.

    Reference:
        D. E. Knuth, "The computer as master mind", J. Recreational Mathematics 9(1),
        1-6 (1976-77).
    """
    check_codemaker(codemaker)
    _check_seed(seed)
    n, k, distinct = codemaker.num_positions, codemaker.num_colors, codemaker.distinct
    total = _check_enumerable("knuth", n, k, distinct, "KNUTH_MAX_CODES", KNUTH_MAX_CODES)
    tables = _knuth_tables(n, k, distinct)
    codes, histograms, scores = tables.codes, tables.histograms, tables.scores
    consistent = np.arange(total)
    guess_index = tables.first_guess
    while True:
        guess = tuple(int(color) for color in codes[guess_index])
        answer = codemaker.black_white(guess)
        if answer[0] == n:
            return guess
        if scores is not None:
            keep = scores[guess_index, consistent] == answer[0] * (n + 1) + answer[1]
        else:
            blacks, whites = black_white_counts(codes[consistent], guess, histograms[consistent])
            keep = (blacks == answer[0]) & (whites == answer[1])
        consistent = consistent[keep]
        if consistent.size == 0:
            raise ValueError(f"answers are inconsistent: no code fits answer {answer} to {guess}")
        if consistent.size == 1:
            guess_index = int(consistent[0])
            continue
        if scores is not None:
            worst = _largest_classes(scores[:, consistent], (n + 1) ** 2)
        else:
            worst = _worst_classes(codes, histograms, codes[consistent], histograms[consistent])
        best = worst.min()
        in_consistent = consistent[worst[consistent] == best]
        guess_index = int(in_consistent[0]) if in_consistent.size else int(np.argmax(worst == best))


# -- random consistent ---------------------------------------------------------------------
def solve_random_consistent(codemaker: Codemaker, *, seed: int | None = None) -> Code:
    """Guess a uniformly random code consistent with every black answer so far.

    Plays the permutation game too (``codemaker.distinct``: injections only). Each wrong
    guess removes at least itself from the consistent set, so at most ``N`` guesses for
    ``N`` codes; typically far fewer.

    Args:
        codemaker: any codemaker (black answers only).
        seed: seeds the choices (``numpy.random.default_rng(seed)``).

    Returns:
        The secret found (its last guess, answered ``n``).

    Raises:
        ValueError: if the code space has more than :data:`RANDOM_CONSISTENT_MAX_CODES`
            codes, or the answers are inconsistent.
    """
    check_codemaker(codemaker)
    _check_seed(seed)
    n, k, distinct = codemaker.num_positions, codemaker.num_colors, codemaker.distinct
    _check_enumerable(
        "random-consistent",
        n,
        k,
        distinct,
        "RANDOM_CONSISTENT_MAX_CODES",
        RANDOM_CONSISTENT_MAX_CODES,
    )
    rng = np.random.default_rng(seed)
    consistent = _all_codes(n, k, distinct)
    while consistent.shape[0]:
        guess = tuple(int(color) for color in consistent[rng.integers(consistent.shape[0])])
        answer = codemaker.black(guess)
        if answer == n:
            return guess
        consistent = consistent[black_counts(consistent, guess) == answer]
    raise ValueError("answers are inconsistent: no code fits every answer")


# -- scalable black-peg codebreaker -----------------------------------------------------------
def _group_test_bound(searched_colors: int, num_positions: int) -> int:
    """``sum_{l=0}^{ceil(log2 n)-1} min(K 2^l, n)``: splits needed for ``K`` colours."""
    return sum(
        min(searched_colors << level, num_positions) for level in range(_ceil_log2(num_positions))
    )


def blackpeg_query_bound(num_positions: int, colors: int) -> int:
    """Worst-case guesses of :func:`solve_blackpeg` for ``n`` positions and ``k`` colours.

    With ``G(K) = sum_{l=0}^{ceil(log2 n)-1} min(K 2^l, n)`` (splitting queries when ``K``
    colours are searched):

    * ``k = 2``: ``1 + G(1) + 1``;
    * ``k >= 3``: ``(k - 1) + max(G(k - 2), [k <= n] (n - 1 + G(k - 3))) + 1``.

    The first term counts the colour-counting guesses, ``n - 1`` the singleton probes of
    the bootstrap (only when every colour occurs, so ``k <= n``), the last ``1`` the final
    guess. ``G(K) <= n (log2 K + 2)``, so the bound is about ``n log2 k + 2n + k``.

    Raises:
        ValueError: on invalid sizes.

    Example:
        >>> blackpeg_query_bound(4, 6), blackpeg_query_bound(1000, 8)
        (14, 4282)
    """
    return _blackpeg_query_bound(validate_positions(num_positions), validate_colors(colors))


def _blackpeg_query_bound(n: int, k: int) -> int:
    """:func:`blackpeg_query_bound` at validated sizes."""
    if n == 1:
        return k
    if k == 2:
        return 1 + _group_test_bound(1, n) + 1
    without_bootstrap = _group_test_bound(k - 2, n)
    with_bootstrap = n - 1 + _group_test_bound(k - 3, n) if k <= n else 0
    return (k - 1) + max(without_bootstrap, with_bootstrap) + 1


class _BlackPegBreaker:
    """State of one :func:`solve_blackpeg` game."""

    def __init__(self, codemaker: Codemaker) -> None:
        self.maker = codemaker
        self.n = codemaker.num_positions
        self.k = codemaker.num_colors
        self.secret = [-1] * self.n
        self.asked: dict[Code, int] = {}

    def ask(self, guess: list[int]) -> int:
        code = tuple(guess)
        answer = self.asked.get(code)
        if answer is None:
            answer = self.maker.black(code)
            self.asked[code] = answer
        return answer

    def count_colors(self) -> list[int]:
        n, k = self.n, self.k
        counts = [0] * k
        for color in range(k - 1):
            if sum(counts) == n:
                break
            counts[color] = self.ask([color] * n)
        counts[k - 1] = n - sum(counts)
        if counts[k - 1] < 0:
            raise ValueError(f"answers are inconsistent: colour counts {counts} exceed n={n}")
        return counts

    def bootstrap(self, counts: list[int]) -> tuple[int, int, int]:
        """Resolve the two rarest colours ``c, d`` by singleton probes.

        The guess with ``c`` at ``i`` and ``d`` elsewhere answers
        ``n_d + [y_i = c] - [y_i = d]``. Returns ``(c, d, probes)``.
        """
        n = self.n
        order = sorted(range(self.k), key=lambda color: (counts[color], color))
        rare, other = order[0], order[1]
        left = {rare: counts[rare], other: counts[other]}
        probes = 0
        for position in range(n):
            if left[rare] == 0 and left[other] == 0:
                break
            if left[rare] == 0 or left[other] == 0:
                color = other if left[rare] == 0 else rare
                if left[color] == n - position:  # every position left has that colour
                    for rest in range(position, n):
                        self.secret[rest] = color
                    left[color] = 0
                    break
            if position == n - 1:  # the last position: deduced from the counts
                color = rare if left[rare] else other
                self.secret[position] = color
                left[color] -= 1
                break
            guess = [rare] * n
            guess[position] = other
            probes += 1
            signed = self.ask(guess) - counts[rare]
            if signed == 1:
                self.secret[position] = other
                left[other] -= 1
            elif signed == -1:
                self.secret[position] = rare
                left[rare] -= 1
            elif signed != 0:
                raise ValueError(
                    f"answers are inconsistent: probe answered {signed + counts[rare]}"
                )
        return other, rare, probes

    def search(self, color: int, positions: list[int], hits: int, count: Callable) -> None:
        """Divide and conquer: mark the ``hits`` positions of ``color`` among ``positions``."""
        if hits == 0:
            return
        if hits == len(positions):
            for position in positions:
                self.secret[position] = color
            return
        if hits < 0 or hits > len(positions):
            raise ValueError(f"answers are inconsistent: {hits} hits among {len(positions)}")
        half = (len(positions) + 1) // 2
        left = positions[:half]
        in_left = count(color, left)
        self.search(color, left, in_left, count)
        self.search(color, positions[half:], hits - in_left, count)

    def solve(self) -> Code:
        n, k = self.n, self.k
        counts = self.count_colors()
        monochrome = [color for color in range(k) if counts[color] == n]
        if monochrome:
            return self.finish([monochrome[0]] * n)
        present = [color for color in range(k) if counts[color] > 0]
        absent = [color for color in range(k) if counts[color] == 0]
        if absent:
            filler, filler_hits = absent[0], 0
            searched = present
        elif k == 2:
            filler, filler_hits = -1, 0
            searched = present
        else:
            resolved_c, resolved_d, _ = self.bootstrap(counts)
            filler, filler_hits = resolved_d, counts[resolved_d]
            searched = [color for color in present if color not in (resolved_c, resolved_d)]
        searched.sort(key=lambda color: (counts[color], color))
        last = searched.pop() if searched else None

        def count(color: int, subset: list[int]) -> int:
            if k == 2:  # the other colour fills: answer = 2 c_L + (n - |L|) - n_c
                guess = [1 - color] * n
                for position in subset:
                    guess[position] = color
                return (self.ask(guess) - (n - len(subset)) + counts[color]) // 2
            guess = [filler] * n
            for position in subset:
                guess[position] = color
            return self.ask(guess) - filler_hits

        for color in searched:
            unresolved = [p for p in range(n) if self.secret[p] < 0]
            self.search(color, unresolved, counts[color], count)
        if last is not None:
            for position in range(n):
                if self.secret[position] < 0:
                    self.secret[position] = last
        return self.finish(self.secret)

    def finish(self, code: list[int]) -> Code:
        final = tuple(code)
        if self.asked.get(final) == self.n:
            return final
        answer = self.maker.black(final)
        self.asked[final] = answer
        if answer != self.n:
            raise ValueError(f"answers are inconsistent: the deduced secret {final} got {answer}")
        return final


def solve_blackpeg(codemaker: Codemaker, *, seed: int | None = None) -> Code:
    """Deterministic black-peg codebreaker for any ``n`` and ``k`` (colours may repeat).

    1. **Count colours**: ``(c, c, ..., c)`` answers ``n_c``; ask ``c = 0..k-2`` (stop once
       the counts reach ``n``), ``n_{k-1} = n - sum``.
    2. **Filler**: a colour whose contribution to any answer is known. An absent colour
       (``n_z = 0``) contributes nothing. For ``k = 2`` the other colour is used directly
       (``c_L = (answer - (n - |L|) + n_c) / 2``). Otherwise (every colour present) the
       two rarest colours ``d, c`` are resolved by probes ``(d, .., c at i, .., d)``
       answering ``n_d + [y_i = c] - [y_i = d]``, at most ``n - 1`` probes; ``d`` fills.
    3. **Divide and conquer per colour**: with ``L`` a set of unresolved positions, the guess
       ``c`` on ``L``, filler elsewhere, gives ``c_L`` exactly; split each set with
       ``0 < c_S < |S|`` in halves (one guess), rarest colours first; the most frequent
       colour takes the rest.
    4. **Final guess**: the secret (always asked, unless already answered ``n``).

    Cost: at most :func:`blackpeg_query_bound` guesses (step 3: at depth ``l`` of the
    splitting trees at most ``min(K 2^l, n)`` sets are split over ``K`` searched colours);
    ``O(n)`` list work per guess, so ``n = 1000, k = 8`` runs in well under a second
    (plus the codemaker's own checks).

    Args:
        codemaker: a codemaker with repetition allowed (``distinct=False``).
        seed: accepted for the common interface; the codebreaker is deterministic.

    Returns:
        The secret found.

    Raises:
        ValueError: for a permutation-game codemaker (its guesses repeat colours) or
            inconsistent answers.

    Reference:
        Colour counting as in M. T. Goodrich, Inform. Process. Lett. 109 (2009) 675-678;
        the bootstrap and the splitting bound are this module's.
    """
    check_codemaker(codemaker)
    _check_seed(seed)
    if codemaker.distinct:
        raise ValueError(
            "blackpeg guesses repeat colours; it needs a codemaker with distinct=False, "
            f"was {codemaker!r} (use method 'permutation' for the permutation game)"
        )
    return _BlackPegBreaker(codemaker).solve()


class _Baseline(Codebreaker):
    kind: ClassVar[str] = "classical"
    builtin: ClassVar[bool] = True
    max_codes: ClassVar[int | None] = None
    """Enumerating codebreakers: the most codes ``k^n`` they enumerate."""
    max_codes_name: ClassVar[str] = ""

    def check(self, num_positions: int, num_colors: int, **game: Any) -> None:
        from ..limits import check_classical, check_code_space

        if self.max_codes is not None:
            check_classical(self.name, num_positions, num_colors, 0)
            check_code_space(
                self.name,
                num_positions,
                num_colors,
                self.max_codes,
                distinct=bool(game.get("distinct")) or self.distinct,
                limit_name=self.max_codes_name,
            )
        super().check(num_positions, num_colors, **game)


class Knuth(_Baseline):
    """Knuth's 1977 minimax with black-white feedback (small ``n``, ``k``)."""

    name: ClassVar[str] = "knuth"
    summary: ClassVar[str] = "Knuth's 1977 minimax with black-white feedback (small n, k)"
    feedbacks: ClassVar[tuple[str, ...]] = ("black-white",)
    games: ClassVar[tuple[bool, ...] | None] = (False, True)
    reference: ClassVar[str | None] = "Knuth, J. Recreational Math. 9 (1976-77), minimax"
    max_codes: ClassVar[int | None] = KNUTH_MAX_CODES
    max_codes_name: ClassVar[str] = "KNUTH_MAX_CODES"
    cost: ClassVar[CostModel] = CostModel(
        max_codes=1296,
        budgeted=True,
        seconds=lambda n, k: 0.01 + 6e-7 * _code_space(n, k) ** 2,
    )
    """Knuth's minimax costs about a second per game at ``k^n = 4096`` (it compares every
    candidate guess with every consistent secret), so ``compare`` stops at Knuth's own
    game, 4 positions and 6 colours (1296 codes)."""

    def solve(self, codemaker: Any, *, execution: Any = None, seed: int | None = None) -> Code:
        return solve_knuth(codemaker, seed=seed)


class BlackPeg(_Baseline):
    """A deterministic black-peg solver with repetition for any ``n``, ``k``."""

    name: ClassVar[str] = "blackpeg"
    summary: ClassVar[str] = "deterministic black-peg solver with repetition for any n, k"
    reference: ClassVar[str | None] = "deterministic black-peg baseline with repetition"

    def solve(self, codemaker: Any, *, execution: Any = None, seed: int | None = None) -> Code:
        return solve_blackpeg(codemaker, seed=seed)

    def queries(self, num_positions: int, num_colors: int) -> int:
        return _blackpeg_query_bound(num_positions, num_colors)


class RandomConsistent(_Baseline):
    """Guess a uniformly random code consistent with every answer (small ``n``, ``k``)."""

    name: ClassVar[str] = "random-consistent"
    summary: ClassVar[str] = (
        "guess a uniformly random code consistent with all answers (small n, k)"
    )
    games: ClassVar[tuple[bool, ...] | None] = (False, True)
    reference: ClassVar[str | None] = "random consistent guess baseline"
    max_codes: ClassVar[int | None] = RANDOM_CONSISTENT_MAX_CODES
    max_codes_name: ClassVar[str] = "RANDOM_CONSISTENT_MAX_CODES"
    cost: ClassVar[CostModel] = CostModel(
        max_codes=262144, seconds=lambda n, k: 0.01 + 4e-7 * _code_space(n, k)
    )
    """About 0.1 s per game at ``8^6 = 262144`` codes."""

    def solve(self, codemaker: Any, *, execution: Any = None, seed: int | None = None) -> Code:
        return solve_random_consistent(codemaker, seed=seed)


def _code_space(n: int, k: int) -> float:
    """``k^n`` as a float, capped (for cost models)."""
    import math

    return math.exp(min(700.0, n * math.log(k)))


KNUTH = Knuth()
"""The ``knuth`` codebreaker."""
BLACKPEG = BlackPeg()
"""The ``blackpeg`` codebreaker."""
RANDOM_CONSISTENT = RandomConsistent()
"""The ``random-consistent`` codebreaker."""
