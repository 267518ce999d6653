"""The adversary codemaker of El Ouali et al. (Section 3): it never commits to a secret.

The codemaker keeps the feasible set ``R_m`` of all codes consistent with the first ``m``
answers explicitly (``R_0`` = all permutations / injections, or all of ``[k]^n``) and
answers the guess ``x^m`` with the smallest value any remaining secret allows,

    b_m = min_{y in R_{m-1}} B_y(x^m),     R_m = {y in R_{m-1} : B_y(x^m) = b_m},

i.e. it switches, if needed, to a secret ``y^m`` with ``B_{y^m}(x^m) = b_m`` (paper,
Section 3.1). Every answer is consistent with some secret, so any codebreaker that is
correct against every fixed secret is correct against the adversary, and its query count
is a worst case for that codebreaker's strategy (not necessarily the worst case). For
the permutation game, Lemma 2 of the paper (``b_m <= m`` for ``m < n``) gives the lower
bound of ``n`` guesses for ``k = n``, and ``k`` guesses for ``k > n``.

Black-white queries are answered the same way with the lexicographically smallest
``(b, w)`` any remaining secret allows (an extension; the paper's game is black-peg).
After the game, :meth:`AdversaryCodemaker.reveal` names the secret the adversary is
committed to: the lexicographically smallest remaining feasible code.

Query counting is that of :class:`~mastermind_q.codemaker.Codemaker`: every answered
guess counts, including the final guess equal to the (finally committed) secret.

Cost: memory ``|R_0| * n`` bytes (``k! / (k-n)!`` codes for permutations: 40320 at
``n = k = 8``), time ``O(|R_{m-1}| * n)`` numpy work per answer; practical up to
``n = 8`` permutations (about ``2 * 10^6`` codes by default).

Reference:
    M. El Ouali, C. Glazik, V. Sauerland, A. Srivastav, "On the Query Complexity of
    Black-Peg AB-Mastermind", Games 9(1):2 (2018), Section 3 (Lemma 2 and the codemaker
    strategy above it).

Example:
    >>> from mastermind_q.classical.permutation import solve_permutation
    >>> maker = AdversaryCodemaker(4, 4)
    >>> found = solve_permutation(maker)
    >>> found == maker.reveal(), maker.queries >= 4
    (True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..codemaker import ClassicalCodemaker as Codemaker
from ..game import Code, validate_colors, validate_positions
from .codes import DEFAULT_MAX_CODES, all_codes, black_counts, black_white_counts, color_histograms

__all__ = ["AdversaryCodemaker"]


class AdversaryCodemaker(Codemaker):
    """A codemaker that answers each guess with the smallest consistent black count.

    Same interface as :class:`~mastermind_q.codemaker.Codemaker` (``num_positions``,
    ``num_colors``, ``distinct``, ``queries``, ``transcript``, ``black``, ``black_white``,
    ``validate_guess``, ``reveal``); it has no oracle gate (no fixed secret).

    Args:
        num_positions: ``n``.
        colors: ``k``.
        distinct: the permutation game (injections only, ``k >= n``); ``False`` plays
            ``[k]^n`` with repetition.
        max_codes: refuse larger feasible sets (``ValueError`` naming the size).
        feedback: the game's feedback (:attr:`Codemaker.feedback`), ``"black"`` or
            ``"black-white"``; both kinds of question are answered adversarially.

    Raises:
        ValueError: on invalid sizes or a code space above ``max_codes``.
    """

    def __init__(
        self,
        num_positions: int,
        colors: int,
        *,
        distinct: bool = True,
        max_codes: int = DEFAULT_MAX_CODES,
        feedback: str = "black",
    ) -> None:
        n = validate_positions(num_positions)
        k = validate_colors(colors)
        if distinct and k < n:
            raise ValueError(
                f"colors must be >= positions ({n}) when colours may not repeat, was {k}"
            )
        feasible = all_codes(n, k, distinct=distinct, max_codes=max_codes)
        # Codemaker needs a secret; this placeholder is never used to answer.
        placeholder = tuple(range(n)) if distinct else (0,) * n
        super().__init__(placeholder, k, distinct=distinct, feedback=feedback)
        self._feasible = feasible
        self._histograms: np.ndarray | None = None

    @property
    def remaining(self) -> int:
        """``|R_m|``: the number of secrets still consistent with every answer."""
        return int(self._feasible.shape[0])

    @property
    def feasible(self) -> tuple[Code, ...]:
        """The secrets still consistent with every answer, in lexicographic order."""
        return tuple(tuple(int(color) for color in row) for row in self._feasible)

    def _answer_black(self, guess: Code) -> int:
        blacks = black_counts(self._feasible, guess)
        answer = int(blacks.min())
        keep = blacks == answer
        self._feasible = self._feasible[keep]
        if self._histograms is not None:
            self._histograms = self._histograms[keep]
        return answer

    def _answer_black_white(self, guess: Code) -> tuple[int, int]:
        if self._histograms is None:
            self._histograms = color_histograms(self._feasible, self.num_colors)
        blacks, whites = black_white_counts(self._feasible, guess, self._histograms)
        width = self.num_positions + 1
        keys = blacks * width + whites
        smallest = int(keys.min())
        keep = keys == smallest
        self._feasible = self._feasible[keep]
        self._histograms = self._histograms[keep]
        return smallest // width, smallest % width

    def oracle(self, **options: Any) -> Any:
        """Not available: the adversary has no fixed secret to build ``B_s`` from.

        Raises:
            ValueError: always.
        """
        raise ValueError(
            "the adversary codemaker has no fixed secret, so no oracle gate; "
            "it plays classical codebreakers only"
        )

    def _wins(self, code: Code) -> bool:
        """Whether answering ``code`` ends the game: a feasible code may still be the
        secret, so the referee asks it (the adversary answers as it always does)."""
        return bool((self._feasible == np.asarray(code)).all(axis=1).any())

    def reveal(self) -> Code:
        """The committed secret: the lexicographically smallest feasible code left."""
        return tuple(int(color) for color in self._feasible[0])
