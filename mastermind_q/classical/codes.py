"""The whole code space as a numpy array, and feedback against many codes at once.

Small games (Knuth's minimax, the random consistent codebreaker, the adversary
codemaker) keep the set of codes still consistent with the answers explicitly. This
module enumerates ``[k]^n`` (or the injections ``[n] -> [k]`` of the permutation game)
in lexicographic order and scores one guess against all of them:

* ``black``: ``b_i = |{p : C_ip = g_p}|``;
* ``black_white``: ``w_i = sum_c min(h_ic, h_c(g)) - b_i`` with ``h`` the colour
  histograms (the counting of :func:`mastermind_q.game.black_white`).

:func:`feedback_counts` is the one vectorised feedback of the toolkit (one or many
guesses against one or many codes); every codebreaker that scores guesses in bulk
calls it.

Cost: ``k^n`` (or ``k!/(k-n)!``) rows of ``n`` small integers; scoring one guess is
``O(rows * n)`` (black) or ``O(rows * (n + k))`` (black-white) numpy work.

Example:
    >>> all_codes(2, 3, distinct=True).tolist()
    [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]]
    >>> black_counts(all_codes(2, 2), (0, 1)).tolist()
    [1, 2, 0, 1]
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..game import validate_colors, validate_flag, validate_positions

__all__ = [
    "DEFAULT_MAX_CODES",
    "all_codes",
    "black_counts",
    "black_white_counts",
    "color_histograms",
    "count_codes",
    "feedback_counts",
    "feedback_keys",
]

DEFAULT_MAX_CODES = 2_000_000
"""Largest code space :func:`all_codes` builds unless told otherwise."""

MAX_COUNT_BITS = 1 << 20
"""Largest code space :func:`count_codes` counts exactly: ``2^MAX_COUNT_BITS`` codes (a
count of 128 kB; ``n log2 k`` is at most about 170,000 bits within the classical limits)."""


def partitions(total: int, parts: int, largest: int | None = None) -> list[tuple[int, ...]]:
    """Partitions of ``total`` into at most ``parts`` positive parts, non-increasing
    (each part at most ``largest``): the colour patterns of codes, up to relabelling.

    Example:
        >>> partitions(4, 2)
        [(4,), (3, 1), (2, 2)]
    """
    largest = total if largest is None else largest
    if total == 0:
        return [()]
    if parts == 0:
        return []
    return [
        (first, *rest)
        for first in range(min(total, largest), 0, -1)
        for rest in partitions(total - first, parts - 1, first)
    ]


def _log2_count(n: int, k: int, distinct: bool) -> float:
    """``log2`` of the number of codes, without computing it."""
    if distinct:
        return (math.lgamma(k + 1) - math.lgamma(k - n + 1)) / math.log(2)
    return n * math.log2(k)


def count_codes(num_positions: int, colors: int, *, distinct: bool = False) -> int:
    """Number of codes: ``k^n``, or ``k! / (k - n)!`` when colours may not repeat.

    Raises:
        ValueError: on invalid sizes, ``distinct`` not a bool, ``distinct`` with
            ``k < n``, or more than ``2^MAX_COUNT_BITS`` codes.

    Example:
        >>> count_codes(4, 6), count_codes(4, 6, distinct=True)
        (1296, 360)
    """
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    return _count_codes(n, k, validate_flag(distinct, "distinct"))


def _count_codes(n: int, k: int, distinct: bool) -> int:
    """:func:`count_codes` of a validated game."""
    if distinct and k < n:
        raise ValueError(f"colors must be >= positions ({n}) when distinct, was {k}")
    log2_total = _log2_count(n, k, distinct)
    if log2_total > MAX_COUNT_BITS:
        raise ValueError(
            f"the code space has about 2^{log2_total:.4g} codes for n={n}, k={k}, "
            f"distinct={distinct}; too many to count (more than 2^{MAX_COUNT_BITS})"
        )
    return math.perm(k, n) if distinct else k**n


def all_codes(
    num_positions: int,
    colors: int,
    *,
    distinct: bool = False,
    max_codes: int = DEFAULT_MAX_CODES,
) -> np.ndarray:
    """All codes in lexicographic order, one per row.

    Args:
        num_positions: ``n``.
        colors: ``k``.
        distinct: only injections (the permutation game; needs ``k >= n``).
        max_codes: refuse larger code spaces.

    Returns:
        An ``(N, n)`` integer array (``int8`` when ``k <= 127``).

    Raises:
        ValueError: on invalid sizes, ``distinct`` not a bool, ``max_codes`` not a
            positive integer, or when ``N > max_codes`` (the message gives ``N``).
    """
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    validate_flag(distinct, "distinct")
    if isinstance(max_codes, bool) or not isinstance(max_codes, numbers.Integral):
        raise ValueError(f"max_codes must be an integer, was {max_codes!r}")
    max_codes = int(max_codes)
    if max_codes < 1:
        raise ValueError(f"max_codes must be at least 1, was {max_codes}")
    return _all_codes(n, k, distinct, max_codes)


def _all_codes(n: int, k: int, distinct: bool, max_codes: int = DEFAULT_MAX_CODES) -> np.ndarray:
    """:func:`all_codes` of a validated game and ``max_codes``."""
    if distinct and k < n:
        raise ValueError(f"colors must be >= positions ({n}) when distinct, was {k}")
    log2_total = _log2_count(n, k, distinct)
    if log2_total > math.log2(max_codes) + 1:  # never build (or print) a huge count
        raise ValueError(
            f"the code space has about 2^{log2_total:.0f} codes for n={n}, k={k}, "
            f"distinct={distinct}; more than max_codes={max_codes}"
        )
    total = _count_codes(n, k, distinct)
    if total > max_codes:
        raise ValueError(
            f"the code space has {total} codes for n={n}, k={k}, distinct={distinct}; "
            f"more than max_codes={max_codes}"
        )
    dtype = np.int8 if k <= 127 else np.int32
    source = (
        itertools.permutations(range(k), n) if distinct else itertools.product(range(k), repeat=n)
    )
    flat = np.fromiter(itertools.chain.from_iterable(source), dtype=dtype, count=total * n)
    return flat.reshape(total, n)


def color_histograms(codes: np.ndarray, colors: int) -> np.ndarray:
    """``h[i, c]`` = occurrences of colour ``c`` in code ``i`` (an ``(N, k)`` array)."""
    histograms = np.zeros((codes.shape[0], colors), dtype=np.int16)
    for color in range(colors):
        histograms[:, color] = (codes == color).sum(axis=1)
    return histograms


def feedback_counts(
    guesses: Sequence[int] | np.ndarray,
    codes: Sequence[int] | np.ndarray,
    *,
    feedback: str = "black",
    code_histograms: np.ndarray | None = None,
    dtype: Any = np.int64,
) -> Any:
    """Black (and white) answers of every guess against every code: the one feedback.

    ``b[g, c] = |{p : G_gp = C_cp}|`` and, for black-white feedback,
    ``w[g, c] = sum_x min(h_x(G_g), h_x(C_c)) - b[g, c]`` with ``h_x`` the number of
    positions of colour ``x`` (the counting of :func:`mastermind_q.game.black_white`).

    Cost: ``O(guesses x codes x n)`` comparisons for the black counts (one position at a
    time, so the memory is ``guesses x codes`` answers); the white counts add
    ``O(guesses x codes)`` per colour occurring in the guesses (one guess: only its own
    colours, never ``codes x k``).

    Args:
        guesses: one guess (``(n,)``) or several (``(g, n)``).
        codes: one code (``(n,)``) or several (``(c, n)``).
        feedback: ``"black"`` or ``"black-white"``.
        code_histograms: :func:`color_histograms` of ``codes`` if known (reused for the
            white counts; ``(c, k)``).
        dtype: the integer type of the answers (``int16`` halves the memory of big
            tables).

    Returns:
        The black counts for ``feedback="black"``, else ``(blacks, whites)``: arrays of
        shape ``(g, c)``, with the axis of a 1-D ``guesses`` or ``codes`` left out.

    Raises:
        ValueError: an unknown feedback, or guesses and codes of different lengths.

    Example:
        >>> feedback_counts([(0, 1), (1, 1)], [(0, 1), (1, 0)]).tolist()
        [[2, 0], [1, 1]]
        >>> [a.tolist() for a in feedback_counts((0, 1), [(1, 0)], feedback="black-white")]
        [[0], [2]]
    """
    from ..game import validate_feedback

    validate_feedback(feedback)
    queries = np.asarray(guesses)
    table = np.asarray(codes)
    one_guess, one_code = queries.ndim == 1, table.ndim == 1
    queries = np.atleast_2d(queries)
    table = np.atleast_2d(table)
    if queries.shape[1] != table.shape[1]:
        raise ValueError(
            f"guesses have {queries.shape[1]} positions and codes {table.shape[1]}; "
            "they must be as long"
        )

    def shaped(values: np.ndarray) -> np.ndarray:
        if one_guess:
            values = values[0]
        if one_code:
            values = values[..., 0]
        return values

    if queries.shape[0] == 1:  # one guess: compare whole rows at once
        blacks = (table == queries[0].astype(table.dtype, copy=False)).sum(axis=1, dtype=dtype)
        blacks = blacks[None, :]
    else:
        blacks = np.zeros((queries.shape[0], table.shape[0]), dtype=dtype)
        for position in range(queries.shape[1]):
            blacks += queries[:, position, None] == table[None, :, position]
    if feedback == "black":
        return shaped(blacks)
    common = np.zeros_like(blacks)
    guess_colors = np.unique(queries)
    for color in guess_colors.tolist():
        in_guesses = (queries == color).sum(axis=1, dtype=dtype)
        if code_histograms is not None:
            in_codes = np.asarray(code_histograms)[:, color].astype(dtype, copy=False)
        else:
            in_codes = (table == color).sum(axis=1, dtype=dtype)
        common += np.minimum(in_guesses[:, None], in_codes[None, :])
    return shaped(blacks), shaped(common - blacks)


def feedback_keys(
    guesses: Sequence[int] | np.ndarray,
    codes: Sequence[int] | np.ndarray,
    *,
    feedback: str = "black",
    dtype: Any = np.int64,
) -> np.ndarray:
    """:func:`feedback_counts` as one integer per answer: ``b``, or ``b (n + 1) + w``.

    Two answers are equal exactly when their keys are (``0 <= w <= n``).

    Example:
        >>> feedback_keys((0, 1), [(0, 1), (1, 0)], feedback="black-white").tolist()
        [6, 2]
    """
    counts = feedback_counts(guesses, codes, feedback=feedback, dtype=dtype)
    if feedback == "black":
        return counts
    blacks, whites = counts
    width = np.asarray(codes).shape[-1] + 1
    return blacks * width + whites


def black_counts(codes: np.ndarray, guess: Sequence[int]) -> np.ndarray:
    """Black answers ``B_c(guess)`` for every row ``c`` of ``codes``
    (:func:`feedback_counts` of one guess)."""
    return feedback_counts(guess, codes)


def black_white_counts(
    codes: np.ndarray,
    guess: Sequence[int],
    histograms: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Black and white answers of ``guess`` against every row of ``codes``
    (:func:`feedback_counts` of one guess).

    Args:
        codes: ``(N, n)`` codes.
        guess: the guess.
        histograms: :func:`color_histograms` of ``codes`` (``(N, k)``).

    Returns:
        ``(b, w)`` arrays of length ``N``.
    """
    return feedback_counts(guess, codes, feedback="black-white", code_histograms=histograms)
