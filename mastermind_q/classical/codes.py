"""The whole code space as a numpy array, and feedback against many codes at once.

Small games (Knuth's minimax, the random consistent codebreaker, the adversary
codemaker) keep the set of codes still consistent with the answers explicitly. This
module enumerates ``[k]^n`` (or the injections ``[n] -> [k]`` of the permutation game)
in lexicographic order and scores one guess against all of them:

* ``black``: ``b_i = |{p : C_ip = g_p}|``;
* ``black_white``: ``w_i = sum_c min(h_ic, h_c(g)) - b_i`` with ``h`` the colour
  histograms (the counting of :func:`mastermind_q.game.black_white`).

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

import numpy as np

from ..game import validate_colors, validate_flag, validate_positions

__all__ = [
    "DEFAULT_MAX_CODES",
    "all_codes",
    "black_counts",
    "black_white_counts",
    "color_histograms",
    "count_codes",
]

DEFAULT_MAX_CODES = 2_000_000
"""Largest code space :func:`all_codes` builds unless told otherwise."""

MAX_COUNT_BITS = 1 << 20
"""Largest code space :func:`count_codes` counts exactly: ``2^MAX_COUNT_BITS`` codes (a
count of 128 kB; ``n log2 k`` is at most about 170,000 bits within the classical limits)."""


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
    validate_flag(distinct, "distinct")
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
    if distinct and k < n:
        raise ValueError(f"colors must be >= positions ({n}) when distinct, was {k}")
    log2_total = _log2_count(n, k, distinct)
    if log2_total > math.log2(max_codes) + 1:  # never build (or print) a huge count
        raise ValueError(
            f"the code space has about 2^{log2_total:.0f} codes for n={n}, k={k}, "
            f"distinct={distinct}; more than max_codes={max_codes}"
        )
    total = count_codes(n, k, distinct=distinct)
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


def black_counts(codes: np.ndarray, guess: Sequence[int]) -> np.ndarray:
    """Black answers ``B_c(guess)`` for every row ``c`` of ``codes``."""
    return (codes == np.asarray(guess, dtype=codes.dtype)).sum(axis=1)


def black_white_counts(
    codes: np.ndarray,
    guess: Sequence[int],
    histograms: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Black and white answers of ``guess`` against every row of ``codes``.

    Args:
        codes: ``(N, n)`` codes.
        guess: the guess.
        histograms: :func:`color_histograms` of ``codes`` (``(N, k)``).

    Returns:
        ``(b, w)`` arrays of length ``N``.
    """
    target = np.asarray(guess, dtype=codes.dtype)
    blacks = (codes == target).sum(axis=1)
    guess_histogram = np.bincount(target.astype(np.int64), minlength=histograms.shape[1])
    common = np.minimum(histograms, guess_histogram[None, :]).sum(axis=1)
    return blacks, common - blacks
