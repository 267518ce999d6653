"""Black-Peg AB-Mastermind: El Ouali et al.'s binary-search codebreaker for permutations.

The secret ``y`` is an injection ``[n] -> [k]`` (no colour repeats, ``k >= n``) and every
answer is the black-peg count ``B_y(x) = |{i : x_i = y_i}|``. Colours and positions are
0-based here (the paper's colour ``c`` is ``c - 1`` in code).

**Phase 1 (cyclic shifts).** With ``K = k`` shifts, ``sigma^t_p = (p - t) mod K``
(``t = 0..K-1``, positions ``p = 0..n-1``); ``sigma^0`` is the identity and ``sigma^{t+1}``
is ``sigma^t`` shifted right by one (for ``k > n`` the first ``n`` entries of the shifted
identity of ``[k]``). Every colour sits once at every position over all shifts, so

    sum_t B_y(sigma^t) = n                                    (paper, Eq. (1))

and ``sigma^t`` hits the secret at position ``p`` iff ``t = (p - y_p) mod K``. The
codebreaker asks ``sigma^0 .. sigma^{K-2}`` and deduces the last answer from Eq. (1); it
stops early once the answers already sum to ``n`` (all later answers are then 0). The
vector ``v_t`` = number of *open* (not yet identified) positions where ``sigma^t`` hits
the secret is kept up to date; ``B_y(x) - B_x(x_fixed)`` gives that open count for any
guess (the fixed part is counted with sorted per-shift position lists, ``O(log n)``).

**Phase 2 (binary searches).** An *active index* ``j`` has ``v_j > 0`` and ``v_r = 0``
for ``r = j + 1 mod K``; since ``sigma^j_p = sigma^r_{p+1}``, blocks of ``sigma^r`` are
"known wrong" fillers and a search can shift a block of ``sigma^j`` into place.

* ``k = n``: FINDFIRST (Algorithm 1) finds the leftmost hit of ``sigma^j`` with the pivot
  colour ``sigma^r_0``; answer ``1`` is disambiguated by the swapped guess ``rho^{j,l}``
  (at most ``2 ceil(log2 n)`` guesses). If ``v = 1_n`` (only possible for odd ``n``: then
  ``p -> p - y_p`` is a complete mapping of ``Z_n``), swaps of pairs of ``sigma^0`` find its
  hit with at most ``floor(n/2) + 1`` guesses. Then FINDNEXT (Algorithm 2) finds each further
  hit with an identified colour ``c`` as pivot: one "mode" guess ``sigma^{j,0}`` decides
  left/right of ``c``'s place ``l_j`` in ``sigma^j``, then a binary search.
* ``k > n``: FINDNEXT for ``k > n`` (Algorithm 4) needs no pivot: the guess
  ``(sigma^r_0..sigma^r_{l-1}, sigma^j_l..sigma^j_{n-1})`` is an injection whose open hits
  are exactly those of ``sigma^j`` at positions ``>= l``.

Errata and deviations (all documented in ``DESIGN.md`` section 5):

1. Algorithm 4 reads ``if j = n then r := 1``; with ``k`` codes the wrap-around is at
   ``j = k`` (here ``r = (j + 1) mod k``); with ``r = 1`` at ``j = n`` the "known wrong"
   filler ``sigma^r`` may hit the secret (``DESIGN.md`` reports a third of the secrets at
   ``(4, 6)`` failing for the printed version).
2. Algorithm 1, lines 14-15: the interval update applies for every answer ``s`` (``s = 0``,
   ``s >= 2``, or the answer of ``rho^{j,l}`` after ``s = 1``), not only inside ``s = 1``.
3. Guesses whose answer is already known are not asked again (the literal pseudo-code
   repeats ``sigma^j`` as ``sigma^{j,n}`` in FINDFIRST and exceeds the ``k = n`` bound at
   ``n = 7``): every answer, asked or deduced, is cached by guess.
4. For ``k = n`` the last two open positions follow from ``v`` (the two possible
   assignments give different shift multisets), so one final guess suffices instead of
   two. More generally, once at most 6 positions are open, the completions of ``x``
   consistent with ``v`` are enumerated; if there are no more of them than the guesses
   the worst-case bound still allows, they are guessed directly (each time the candidate
   with the smallest worst answer class, dropping the candidates each answer rules out).
5. Improvements that keep every step of the paper's argument: a binary search runs only
   over *candidate* positions (open positions whose colour in ``sigma^j`` is not yet
   identified), it stops as soon as every candidate left must be a hit, it takes the
   smaller side when the counts show hits on both sides, the mode guess is skipped when
   one side has no candidate, the pivot colour (and for ``k = n <= 256`` the active index
   among the first four) is chosen to minimise the worst-case cost, and FINDFIRST stops
   early when
   ``rho^{j,l}`` shows that the pivot colour itself sits at position ``l``.

**Query counting.** Every answered guess counts, including the final guess equal to the
secret: the codebreaker always makes that guess (a secret deduced without being asked
is still asked once), unless that very code was already asked and answered ``n``.

**Cost.** With ``L(m) = ceil(log2 m)`` the number of guesses is at most

    k = n:  (n - 1) + max(2 L(n), floor(n/2) + 1) + sum_{m=3}^{n-1} (1 + L(m)) + 1
    k > n:  (k - 1) + sum_{m=3}^{n} L(m) + 2

(:func:`permutation_worst_case_bound`). For ``n >= 4`` this is at most the paper's bounds
``(n - 3) L(n) + 5n/2 - 1`` (``k = n``, claimed for ``n >= 10``) and
``(n - 2) L(n) + k + 1`` (``k > n``, the journal version) (:func:`permutation_query_bound`);
at ``n = k = 3`` the formula gives 7 > 6.5, but no secret needs more than 5. Measured
worst cases over all secrets (``k = n``): n = 2..8 -> 2, 5, 6, 10, 12, 16, 20 guesses
against the paper's 3, 6.5, 11, 17.5, 23, 28.5, 34 (``benchmarks/RESULTS.md`` has means,
``k > n`` and large ``n``). Time: ``O(n)`` list slicing per guess plus ``O(n)`` numpy work
per identified position.

Reference:
    M. El Ouali, C. Glazik, V. Sauerland, A. Srivastav, "On the Query Complexity of
    Black-Peg AB-Mastermind", Games 9(1):2 (2018), Section 2: Eq. (1), Algorithms 1-4,
    Example 1 (Figure 1).

Example:
    >>> from mastermind_q.codemaker import Codemaker
    >>> maker = Codemaker((6, 0, 3, 2, 1, 7, 4, 5), colors=8, distinct=True)
    >>> solve_permutation(maker)
    (6, 0, 3, 2, 1, 7, 4, 5)
    >>> maker.queries <= permutation_query_bound(8, 8)
    True
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from ..codebreaker import Codebreaker
from ..codemaker import ClassicalCodemaker as Codemaker
from ..codemaker import check_codemaker
from ..game import Code, validate_colors, validate_positions, validate_seed

__all__ = [
    "PERMUTATION",
    "Permutation",
    "PermutationCodebreaker",
    "cyclic_shift_code",
    "permutation_query_bound",
    "permutation_worst_case_bound",
    "solve_permutation",
]

_ENUMERATE_OPEN = 6
"""Enumerate the assignments consistent with ``v`` once at most this many positions are open."""
_ACTIVE_CANDIDATES = 4
"""For ``k = n <= 256`` the solver compares this many active indices (the first ones in
cyclic order) by the worst-case cost of their best pivot; otherwise it takes the first."""
_COMPARE_ACTIVE_MAX_N = 256


def _ceil_log2(value: int) -> int:
    return (value - 1).bit_length() if value > 1 else 0


def _black(first: Sequence[int], second: Sequence[int]) -> int:
    return sum(a == b for a, b in zip(first, second))


def _worst_class(guess: Code, candidates: list[Code]) -> int:
    """Size of the largest class of ``candidates`` by black answer to ``guess`` (not ``n``)."""
    classes = Counter(_black(guess, other) for other in candidates if other != guess)
    return max(classes.values(), default=0)


def _endgame_budget(open_positions: int, square: bool) -> int:
    """Guesses the worst-case bound still allows with ``open_positions`` open (>= 1)."""
    if square:
        return sum(1 + _ceil_log2(m) for m in range(3, open_positions + 1)) + 1
    return sum(_ceil_log2(m) for m in range(3, open_positions + 1)) + 2


def _permutation_sizes(num_positions: int, colors: int) -> tuple[int, int]:
    """Validated ``(n, k)`` of the permutation game (``k >= n``)."""
    return _permutation_game(validate_positions(num_positions), validate_colors(colors))


def _permutation_game(n: int, k: int) -> tuple[int, int]:
    """Validated ``(n, k)`` checked for the permutation game (``k >= n``)."""
    if k < n:
        raise ValueError(f"colors must be >= positions ({n}) for permutations, was {k}")
    return n, k


def cyclic_shift_code(shift: int, num_positions: int, colors: int) -> Code:
    """The initial guess ``sigma^t``: ``sigma^t_p = (p - t) mod k`` for ``p = 0..n-1``.

    ``sigma^0`` is the identity; ``sigma^{t+1}`` is ``sigma^t`` shifted right by one
    (paper, Section 2.1 Phase 1 for ``k = n``; Section 2.2 Phase 1 for ``k > n``; the
    paper's ``sigma^{t+1}`` is ``sigma^t`` here).

    Raises:
        ValueError: if ``k < n`` or ``shift`` is not in ``0..k-1``.

    Example:
        >>> cyclic_shift_code(1, 4, 4)
        (3, 0, 1, 2)
    """
    n, k = _permutation_sizes(num_positions, colors)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < k:
        raise ValueError(f"shift must be an integer in 0..{k - 1}, was {shift!r}")
    return tuple((p - shift) % k for p in range(n))


def permutation_query_bound(num_positions: int, colors: int) -> float:
    """The paper's upper bound on the guesses of the permutation codebreaker.

    ``(n - 3) ceil(log2 n) + 5n/2 - 1`` for ``k = n`` (Section 2.1, stated for ``n >= 10``)
    and ``(n - 2) ceil(log2 n) + k + 1`` for ``k > n`` (Section 2.2, journal version).
    The value for ``k = n`` is a half-integer for odd ``n``.

    Raises:
        ValueError: if ``k < n``, or the bound is too large for a float.

    Example:
        >>> permutation_query_bound(8, 8), permutation_query_bound(8, 10)
        (34.0, 29.0)
    """
    n, k = _permutation_sizes(num_positions, colors)
    try:
        if k == n:
            return float((n - 3) * _ceil_log2(n) + 2.5 * n - 1)
        return float((n - 2) * _ceil_log2(n) + k + 1)
    except OverflowError:
        from ..game import shown

        raise ValueError(
            f"the permutation bound at n = {shown(n)}, k = {shown(k)} is too large for a float"
        ) from None


def permutation_worst_case_bound(num_positions: int, colors: int) -> int:
    """Worst-case guesses of :func:`solve_permutation` as implemented here.

    With ``L(m) = ceil(log2 m)``:

    * ``k = n``: ``(n - 1) + max(2 L(n), floor(n/2) + 1) + sum_{m=3}^{n-1} (1 + L(m)) + 1``
      (initial guesses, FINDFIRST or the all-ones case, one FINDNEXT per position while
      ``m >= 3`` positions are open, one final guess); ``n <= 2``: ``n``.
    * ``k > n``: ``(k - 1) + sum_{m=3}^{n} L(m) + 2`` (initial guesses, Algorithm 4 while
      ``m >= 3`` positions are open, at most two final guesses).

    Raises:
        ValueError: if ``k < n``.

    Example:
        >>> permutation_worst_case_bound(8, 8), permutation_worst_case_bound(1000, 1000)
        (32, 11464)
    """
    return _worst_case_bound(*_permutation_sizes(num_positions, colors))


def _worst_case_bound(n: int, k: int) -> int:
    """:func:`permutation_worst_case_bound` of a validated game (``k >= n``)."""
    if k == n:
        if n <= 2:
            return n
        first = max(2 * _ceil_log2(n), n // 2 + 1)
        return (n - 1) + first + sum(1 + _ceil_log2(m) for m in range(3, n)) + 1
    return (k - 1) + sum(_ceil_log2(m) for m in range(3, n + 1)) + 2


class PermutationCodebreaker:
    """The state of one game of El Ouali et al.'s codebreaker against ``codemaker``.

    :meth:`solve` plays the whole game. The steps are public so that tests can replay
    the paper's Example 1: :meth:`ask_initial` (Phase 1), :meth:`fix` (record an
    identified component), :meth:`find_first` (Algorithm 1), :meth:`find_next`
    (Algorithm 2, ``k = n``) and :meth:`find_next_more_colors` (Algorithm 4, ``k > n``).

    Args:
        codemaker: a codemaker of the permutation game (``codemaker.distinct``); only
            ``codemaker.black`` is used.

    Raises:
        ValueError: if the codemaker does not play the permutation game.
    """

    def __init__(self, codemaker: Codemaker) -> None:
        if not codemaker.distinct:
            raise ValueError(
                "the permutation codebreaker needs a codemaker with distinct=True, "
                f"was {codemaker!r}"
            )
        self._maker = codemaker
        # the codemaker's sizes, validated when it was made
        n, k = _permutation_game(codemaker.num_positions, codemaker.num_colors)
        self._n, self._k = n, k
        self._doubled = list(range(k)) * 2
        self._partial = [-1] * n
        self._position_of_color: dict[int, int] = {}
        self._open_mask = np.ones(n, dtype=bool)
        self._color_fixed_twice = np.zeros(2 * k, dtype=bool)  # colour c at c and c + k
        self._fixed_colors = np.zeros(n, dtype=np.int64)  # identified colours, in order
        self._positions = np.arange(n)
        self._fixed_by_shift: list[list[int]] = [[] for _ in range(k)]
        self._open_correct = np.zeros(k, dtype=np.int64)
        self._known: dict[Code, tuple[int, bool]] = {}  # guess -> (answer, asked?)
        self._initial_done = False
        self._found: Code | None = None

    # -- read-only state ----------------------------------------------------------------
    @property
    def partial(self) -> tuple[int, ...]:
        """The partial solution ``x``: identified colours, ``-1`` at open positions."""
        return tuple(self._partial)

    @property
    def open_correct(self) -> tuple[int, ...]:
        """``v``: for each shift ``t``, the open positions where ``sigma^t`` hits."""
        return tuple(int(value) for value in self._open_correct)

    @property
    def open_positions(self) -> int:
        """Number of open positions."""
        return self._n - len(self._position_of_color)

    # -- guesses ------------------------------------------------------------------------
    def _segment(self, shift: int, low: int, high: int) -> list[int]:
        """``sigma^shift`` restricted to positions ``low..high-1``."""
        if high <= low:
            return []
        start = self._k - shift + low
        return self._doubled[start : start + high - low]

    def _fixed_in(self, shift: int, low: int, high: int) -> int:
        """Identified positions in ``low..high-1`` where ``sigma^shift`` hits."""
        if high <= low:
            return 0
        positions = self._fixed_by_shift[shift]
        return bisect.bisect_left(positions, high) - bisect.bisect_left(positions, low)

    def _ask_parts(self, parts: Sequence[tuple[int, ...]]) -> int:
        """Ask the guess made of ``parts``; return its *open* hits ``B_y(g) - B_x(g)``.

        A part is ``(low, high, shift)`` (``sigma^shift`` on ``low..high-1``) or
        ``(position, colour)``; parts are listed left to right and cover ``0..n-1``.
        """
        guess: list[int] = []
        fixed_hits = 0
        for part in parts:
            if len(part) == 3:
                low, high, shift = part
                guess.extend(self._segment(shift, low, high))
                fixed_hits += self._fixed_in(shift, low, high)
            else:
                position, color = part
                guess.append(color)
                fixed_hits += self._partial[position] == color
        return self._answer(tuple(guess)) - fixed_hits

    def _answer(self, guess: Code) -> int:
        """The black answer to ``guess``: known (asked or deduced) or asked now."""
        known = self._known.get(guess)
        if known is not None:
            return known[0]
        answer = self._maker.black(guess)
        self._known[guess] = (answer, True)
        if answer == self._n:
            self._found = guess
        return answer

    def fix(self, position: int, color: int) -> None:
        """Record that the secret has ``color`` at ``position`` and update ``v``.

        Used by the solver after each search, and by tests that replay the paper's
        example from a given partial solution.

        Raises:
            ValueError: if the position or colour is already identified or out of range.
        """
        if not 0 <= position < self._n or not 0 <= color < self._k:
            raise ValueError(f"position/colour out of range, were {position}, {color}")
        if self._partial[position] >= 0 or color in self._position_of_color:
            raise ValueError(f"position {position} or colour {color} is already identified")
        shift = (position - color) % self._k
        if self._initial_done and self._open_correct[shift] <= 0:
            raise ValueError(
                f"colour {color} at position {position} contradicts the answers "
                f"(v[{shift}] = {int(self._open_correct[shift])})"
            )
        self._partial[position] = color
        self._position_of_color[color] = position
        self._open_mask[position] = False
        self._color_fixed_twice[color] = self._color_fixed_twice[color + self._k] = True
        self._fixed_colors[len(self._position_of_color) - 1] = color
        bisect.insort(self._fixed_by_shift[shift], position)
        if self._initial_done:
            self._open_correct[shift] -= 1

    # -- Phase 1 ------------------------------------------------------------------------
    def ask_initial(self) -> tuple[int, ...]:
        """Phase 1: ask ``sigma^0 .. sigma^{K-2}``, deduce the rest from Eq. (1).

        Stops early when the answers already sum to ``n`` (the rest are then 0).

        Returns:
            ``v`` (all ``K`` initial answers).

        Raises:
            ValueError: if the answers contradict Eq. (1).
        """
        n, k = self._n, self._k
        total = 0
        answers = [0] * k
        for shift in range(k):
            code = tuple(self._segment(shift, 0, n))
            if total == n or shift == k - 1:
                answers[shift] = n - total
                self._known.setdefault(code, (n - total, False))
                total = n
                continue
            answers[shift] = self._answer(code)
            total += answers[shift]
            if total > n:
                raise ValueError(f"initial answers sum to {total} > n = {n}: inconsistent")
        self._open_correct[:] = answers
        self._initial_done = True
        return tuple(answers)

    # -- Phase 2, k = n -----------------------------------------------------------------
    def find_first(self, active: int) -> int:
        """FINDFIRST (Algorithm 1, corrected): identify one component; ``k = n``, nothing fixed.

        Binary search for the leftmost hit ``m`` of ``sigma^j`` (``j = active``), using
        ``sigma^{j,l} = (sigma^j_0..sigma^j_{l-1}, sigma^r_0, sigma^r_{l+1}..)`` whose answer
        is ``|hits of sigma^j left of l| + [y_l = sigma^r_0]``; an answer 1 is resolved with
        ``rho^{j,l}`` (the pivot moved one place right, or for ``l = n-1`` swapped with
        position 0). If ``rho^{j,l}`` shows that ``y_l = sigma^r_0``, that component is
        identified instead and the search stops. At most ``2 ceil(log2 n)`` guesses;
        ``sigma^{j,n-1} = sigma^j`` is never asked again.

        Returns:
            The identified position (already recorded with :meth:`fix`).

        Raises:
            ValueError: if ``active`` is not an active index.
        """
        n = self._n
        j = active
        r = (j + 1) % n
        self._check_active(j)
        pivot = self._segment(r, 0, 1)[0]  # = sigma^j_{n-1}
        low, high = 0, n - 1  # the leftmost hit of sigma^j lies in low..high
        while high > low:
            middle = (low + high + 1) // 2
            hits = self._ask_parts([(0, middle, j), (middle, pivot), (middle + 1, n, r)])
            if hits == 1:
                if middle < n - 1:
                    rho = [(0, middle + 1, j), (middle + 1, pivot), (middle + 2, n, r)]
                else:
                    first = self._segment(j, 0, 1)[0]
                    rho = [(0, pivot), (1, n - 1, j), (n - 1, first)]
                hits = self._ask_parts(rho)
                if hits == 0 and middle < n - 1:
                    # y_middle = pivot: a component of another shift, found directly.
                    self.fix(middle, pivot)
                    return middle
            if hits > 0:
                high = middle - 1
            else:
                low = middle
        self.fix(low, self._segment(j, low, low + 1)[0])
        return low

    def find_in_all_ones(self) -> int:
        """The special case ``v = 1_n`` (odd ``n`` only): find the hit of ``sigma^0``.

        Swapping positions ``a, b`` of ``sigma^0`` answers 0 iff the single hit ``m`` of
        ``sigma^0`` is ``a`` or ``b``; the pairs ``(0,1), (2,3), ...`` are tried in turn and
        a 0 is resolved by swapping ``a`` with another position. At most
        ``floor(n/2) + 1`` guesses (paper, Section 2.1, "Identifying the First Component").

        Returns:
            The identified position (recorded with :meth:`fix`).
        """
        n = self._n
        position = n - 1
        for first in range(0, n - 1, 2):
            if first + 2 >= n:  # only the last position is left: it is the hit
                break
            second = first + 1
            if self._swap_answer(first, second) == 0:
                other = second + 1
                position = first if self._swap_answer(first, other) == 0 else second
                break
        self.fix(position, position)
        return position

    def _swap_answer(self, first: int, second: int) -> int:
        n = self._n
        return self._ask_parts(
            [
                (0, first, 0),
                (first, second),
                (first + 1, second, 0),
                (second, first),
                (second + 1, n, 0),
            ]
        )

    def find_next(self, active: int, pivot_color: int | None = None) -> int:
        """FINDNEXT (Algorithm 2): identify one more component, ``k = n``.

        ``j = active``, ``r = j + 1``; ``c = pivot_color`` is an identified colour at place
        ``l_j`` in ``sigma^j``. The mode guess ``sigma^{j,0} = (c, sigma^j without c)`` counts
        the open hits of ``sigma^j`` right of ``l_j``. Left of ``l_j``, the guess
        ``(sigma^j_0..sigma^j_{l-1}, c, sigma^r_{l+1}..sigma^r_{l_j}, sigma^j_{l_j+1}..)``
        counts the open hits left of ``l`` (plus the right count); right of ``l_j``, the guess
        ``(sigma^r_0..sigma^r_{l_j}, sigma^j_{l_j+1}..sigma^j_{l-1}, c, sigma^r_{l+1}..)``
        counts the open hits in ``l_j+1..l-1``. The binary search runs over candidate
        positions only. At most ``1 + ceil(log2 m)`` guesses with ``m`` open positions.

        Args:
            active: an active index ``j`` (``v_j > 0``, ``v_{j+1} = 0``).
            pivot_color: the pivot; ``None`` picks the identified colour with the smallest
                worst-case cost.

        Returns:
            The identified position (recorded with :meth:`fix`).

        Raises:
            ValueError: if ``active`` is not active or ``pivot_color`` is not identified.
        """
        n = self._n
        j = active
        r = (j + 1) % n
        self._check_active(j)
        candidate_array = self._candidates(j)
        if pivot_color is None:
            pivot_color = self._best_pivot(j, candidate_array)[1]
        candidates = candidate_array.tolist()
        if pivot_color not in self._position_of_color:
            raise ValueError(f"pivot_color must be an identified colour, was {pivot_color!r}")
        c = pivot_color
        place = (c + j) % n  # l_j: the position of c in sigma^j
        split = bisect.bisect_left(candidates, place)
        left, right = candidates[:split], candidates[split:]
        total = int(self._open_correct[j])
        right_hits = 0
        if left and right:
            right_hits = self._ask_parts([(0, c), (1, place + 1, r), (place + 1, n, j)])
        elif left:
            right_hits = 0
        else:
            right_hits = total
        left_hits = total - right_hits
        use_left = left_hits > 0 and (right_hits == 0 or len(left) <= len(right))

        if use_left:

            def count_below(pivot_at: int) -> int:
                parts = [(0, pivot_at, j), (pivot_at, c), (pivot_at + 1, place + 1, r)]
                parts.append((place + 1, n, j))
                return self._ask_parts(parts) - right_hits

            position = self._search(left, left_hits, count_below)
        else:

            def count_below(pivot_at: int) -> int:
                parts = [(0, place + 1, r), (place + 1, pivot_at, j), (pivot_at, c)]
                parts.append((pivot_at + 1, n, r))
                return self._ask_parts(parts)

            position = self._search(right, right_hits, count_below)
        self.fix(position, self._segment(j, position, position + 1)[0])
        return position

    # -- Phase 2, k > n -----------------------------------------------------------------
    def find_next_more_colors(self, active: int) -> int:
        """FINDNEXT for ``k > n`` (Algorithm 4, wrap-around at ``j = k``): one more component.

        The guess ``(sigma^r_0..sigma^r_{l-1}, sigma^j_l..sigma^j_{n-1})`` (``r = j + 1 mod k``)
        is an injection (its only colour outside ``sigma^j`` is ``sigma^r_0 = -j-1 mod k``)
        and its open hits are those of ``sigma^j`` at positions ``>= l``. Binary search over
        candidate positions: at most ``ceil(log2 m)`` guesses with ``m`` open positions.

        Returns:
            The identified position (recorded with :meth:`fix`).

        Raises:
            ValueError: if ``active`` is not an active index.
        """
        n, k = self._n, self._k
        j = active
        r = (j + 1) % k
        self._check_active(j)
        total = int(self._open_correct[j])

        def count_below(pivot_at: int) -> int:
            return total - self._ask_parts([(0, pivot_at, r), (pivot_at, n, j)])

        position = self._search(self._candidates(j).tolist(), total, count_below)
        self.fix(position, self._segment(j, position, position + 1)[0])
        return position

    # -- shared pieces ------------------------------------------------------------------
    def _check_active(self, shift: int) -> None:
        k = self._k
        if not (isinstance(shift, int) and 0 <= shift < k):
            raise ValueError(f"active must be a shift in 0..{k - 1}, was {shift!r}")
        v = self._open_correct
        if not (v[shift] > 0 and v[(shift + 1) % k] == 0):
            raise ValueError(
                f"active must satisfy v[j] > 0 and v[j+1] == 0, was {shift} "
                f"(v[j] = {int(v[shift])}, v[j+1] = {int(v[(shift + 1) % k])})"
            )

    def _candidates(self, shift: int) -> np.ndarray:
        """Open positions whose colour in ``sigma^shift`` is not identified yet."""
        start = self._k - shift  # colour_fixed[(p - shift) mod k] for p = 0..n-1
        taken = self._color_fixed_twice[start : start + self._n]
        return np.flatnonzero(self._open_mask & ~taken)

    def _best_pivot(self, shift: int, candidates: np.ndarray) -> tuple[int, int]:
        """``(worst-case cost, colour)`` of the cheapest pivot for FINDNEXT at ``shift``."""
        colors = self._fixed_colors[: len(self._position_of_color)]
        places = (colors + shift) % self._n
        left = np.searchsorted(candidates, places)
        right = len(candidates) - left
        two_sided = np.minimum(left, right) > 0
        cost = np.ceil(np.log2(np.maximum(np.maximum(left, right), 1))).astype(np.int64)
        cost += two_sided
        best = int(np.argmin(2 * cost + two_sided))  # cheapest; then no mode guess
        return int(cost[best]), int(colors[best])

    def _active_indices(self) -> list[int]:
        v = self._open_correct
        active = np.flatnonzero((v > 0) & (np.roll(v, -1) == 0))
        compare = self._k == self._n <= _COMPARE_ACTIVE_MAX_N
        return active[: _ACTIVE_CANDIDATES if compare else 1].tolist()

    @staticmethod
    def _search(candidates: list[int], total: int, count_below) -> int:
        """Find a hit among sorted ``candidates`` (``total >= 1`` hits, all candidates).

        ``count_below(l)`` returns the number of hits at candidate positions ``< l``
        (one guess). Keeps a window with a known positive number of hits; stops when
        every candidate in the window must be a hit; takes the smaller half when both
        halves hold hits. At most ``ceil(log2 len(candidates))`` guesses.
        """
        if total < 1 or total > len(candidates):
            raise ValueError(
                f"answers are inconsistent: {total} hits among {len(candidates)} candidates"
            )
        low, high = 0, len(candidates)
        below, inside = 0, total
        while high - low > 1 and inside < high - low:
            middle = (low + high + 1) // 2
            in_left = count_below(candidates[middle]) - below
            in_right = inside - in_left
            if in_left < 0 or in_right < 0 or in_left > middle - low or in_right > high - middle:
                raise ValueError(f"answers are inconsistent: {in_left} hits in a window")
            if in_left > 0 and (in_right == 0 or middle - low <= high - middle):
                high, inside = middle, in_left
            else:
                low, below, inside = middle, below + in_left, in_right
        return candidates[low]

    def _assignments(self) -> list[Code]:
        """All completions of ``x`` consistent with ``v`` (by backtracking; few open positions)."""
        k = self._k
        open_positions = [p for p in range(self._n) if self._partial[p] < 0]
        remaining = {t: int(c) for t, c in enumerate(self._open_correct.tolist()) if c > 0}
        if sum(remaining.values()) != len(open_positions):
            raise ValueError(
                f"answers are inconsistent: v sums to {sum(remaining.values())}, "
                f"{len(open_positions)} positions open"
            )
        used = set(self._position_of_color)
        code = list(self._partial)
        found: list[Code] = []

        def extend(index: int) -> None:
            if index == len(open_positions):
                found.append(tuple(code))
                return
            position = open_positions[index]
            for shift in sorted(remaining):
                color = (position - shift) % k
                if remaining[shift] == 0 or color in used:
                    continue
                remaining[shift] -= 1
                used.add(color)
                code[position] = color
                extend(index + 1)
                used.discard(color)
                remaining[shift] += 1
            code[position] = -1

        extend(0)
        return sorted(found)

    def _finish(self, candidates: list[Code]) -> Code:
        """Guess candidate secrets until one is answered ``n``.

        Each answer also removes the candidates it rules out (those whose black count
        against the guess differs from the answer), so ``m`` candidates cost at most ``m``
        guesses. The guess is the candidate whose worst answer class is smallest.
        """
        n = self._n
        remaining = list(candidates)
        while remaining:
            code = min(remaining, key=lambda guess: (_worst_class(guess, remaining), guess))
            if self._known.get(code) == (n, True):
                return code
            answer = self._maker.black(code)  # a deduced answer is not enough: ask it
            self._known[code] = (answer, True)
            if answer == n:
                self._found = code
                return code
            remaining = [other for other in remaining if _black(other, code) == answer]
        raise ValueError("answers are inconsistent: no candidate secret was confirmed")

    # -- the whole game -------------------------------------------------------------------
    def solve(self) -> Code:
        """Play the whole game (Algorithm 3 for ``k = n``, its ``k > n`` variant) and
        return the secret; the last guess asked is the secret (answered ``n``)."""
        n, k = self._n, self._k
        answers = self.ask_initial()
        if self._found is not None:
            return self._found
        if max(answers) == n:  # the secret is the deduced sigma^{K-1}: ask it once
            return self._finish([tuple(self._segment(answers.index(n), 0, n))])
        if k == n and self.open_positions > 2:
            if all(value == 1 for value in answers):
                self.find_in_all_ones()
            else:
                v = self._open_correct
                active = int(np.flatnonzero((v > 0) & (np.roll(v, -1) == 0))[0])
                self.find_first(active)
        while True:
            if self._found is not None:
                return self._found
            if self.open_positions <= _ENUMERATE_OPEN:
                completions = self._assignments()
                if len(completions) <= _endgame_budget(self.open_positions, k == n):
                    return self._finish(completions)
            if self.open_positions == 0:  # pragma: no cover - caught by the enumeration
                return self._finish([tuple(self._partial)])
            best: tuple[int, int, int, int] | None = None
            for j in self._active_indices():
                candidates = self._candidates(j)
                if k == n:
                    cost, pivot = self._best_pivot(j, candidates)
                else:
                    cost, pivot = _ceil_log2(len(candidates)), -1
                key = (cost, len(candidates), j, pivot)
                if best is None or key < best:
                    best = key
            if best is None:
                raise ValueError(
                    f"answers are inconsistent: no active index in v = {self.open_correct}"
                )
            if k == n:
                self.find_next(best[2], best[3])
            else:
                self.find_next_more_colors(best[2])


def solve_permutation(codemaker: Codemaker, *, seed: int | None = None) -> Code:
    """Find a permutation / injection secret with El Ouali et al.'s codebreaker.

    Plays the whole game through ``codemaker.black`` only (k = n: Algorithms 1-3,
    k > n: Algorithm 4 with the corrected wrap-around); see the module docstring for the
    errata and improvements. Every answered guess counts, the final guess equal to the
    secret included: the codebreaker always asks it (unless that code was already
    answered ``n``).

    Cost: at most :func:`permutation_worst_case_bound` guesses, below the paper's
    ``(n-3) ceil(log2 n) + 5n/2 - 1`` (``k = n``) and ``(n-2) ceil(log2 n) + k + 1``
    (``k > n``).

    Args:
        codemaker: a codemaker with ``distinct=True`` (``k >= n``), e.g. a
            :class:`~mastermind_q.codemaker.Codemaker` or the adversary.
        seed: accepted for the common interface; the codebreaker is deterministic.

    Returns:
        The secret found.

    Raises:
        ValueError: if the codemaker does not play the permutation game, or its
            answers are inconsistent.

    Reference:
        El Ouali, Glazik, Sauerland, Srivastav, Games 9(1):2 (2018), Algorithms 1-4.

    Example:
        >>> from mastermind_q.codemaker import Codemaker
        >>> solve_permutation(Codemaker((2, 4, 0), colors=5, distinct=True))
        (2, 4, 0)
    """
    check_codemaker(codemaker)
    validate_seed(seed)  # the codebreaker is deterministic: checked, not used
    return PermutationCodebreaker(codemaker).solve()


class Permutation(Codebreaker):
    """El Ouali et al.'s binary search for permutations (``k = n`` and ``k > n``)."""

    name: ClassVar[str] = "permutation"
    kind: ClassVar[str] = "classical"
    distinct: ClassVar[bool] = True
    builtin: ClassVar[bool] = True
    summary: ClassVar[str] = "El Ouali et al. binary search for permutations (k = n and k > n)"
    reference: ClassVar[str | None] = "El Ouali et al., Games 9(1):2 (2018), Algorithms 1-4"

    def solve(self, codemaker: Any, *, execution: Any = None, seed: int | None = None) -> Code:
        return solve_permutation(codemaker, seed=seed)

    def queries(self, num_positions: int, num_colors: int) -> int:
        """:func:`permutation_worst_case_bound` for ``k >= n``; ``n + k`` otherwise (the
        game is refused later, with its own message)."""
        if num_colors < num_positions:
            return num_positions + num_colors
        return _worst_case_bound(num_positions, num_colors)


PERMUTATION = Permutation()
"""The ``permutation`` codebreaker."""
