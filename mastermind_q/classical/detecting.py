"""Coin weighing with a Lindström-type detecting matrix and its exact decoder.

Coin weighing: learn ``x in {0, 1}^N`` from the sums ``y_S = sum_{i in S} x_i`` over
chosen sets ``S`` of coins (the weighings, or rows). Any static scheme needs about
``2N / log2 N`` weighings (Erdős and Rényi); the construction below (after Lindström
1965 and Cantor and Mills 1966) needs ``m_L(N)`` of them and decodes exactly.

**Rows and coins.** The rows are the bitmasks ``S = 1..m``. The coins are the pairs
``(U, j)`` with ``U in 1..m`` and ``j = 1..popcount(U)``; ``A`` is the set of the lowest
``j`` one-bits of ``U`` and ``B = U \\ A``. Row ``S`` weighs coin ``(U, j)`` iff

    popcount(S & A) is odd  and  S & B = 0.

So ``m`` rows carry ``N(m) = sum_{x=1..m} popcount(x)`` coins (``j 2^(j-1)`` at
``m = 2^j - 1``), and ``m_L(N)`` is the least ``m`` with ``N(m) >= N``:

=========  ====  ====  ====  =====  =====
``N``      16    64    256   1,024  4,096
``m_L(N)`` 10    27    85    255    867
=========  ====  ====  ====  =====  =====

Coins are numbered by ``U`` and then ``j``; ``N`` coins use the first ``N`` of the
``N(m_L(N))`` coins, so every row weighs at least one coin.

**Decoding.** Written as a multilinear polynomial in the bits ``s_b`` of ``S``, the
column of coin ``(U, j)`` is ``(1 - prod_{a in A}(1 - 2 s_a)) / 2 * prod_{b in B}(1 - s_b)``:
its monomials are subsets of ``U``, and its coefficient at ``U`` itself is
``(-1)^(|U|+1) 2^(j-1)``. The Möbius sum ``g(T) = sum_{S subset of T} (-1)^(|T|-|S|) y_S``
reads that coefficient, so, visiting ``T`` by decreasing popcount on the residual answers,

    (-1)^(|T|+1) g(T) = sum_j 2^(j-1) x_(T, j):

the bits of that number are the coins ``(T, 1..|T|)``; their columns are then subtracted
from the residual. :func:`decode_detecting` does one fast Möbius transform per popcount
level (``O(log^2 m * m)``) and one sparse update per decoded coin, and checks that the
residual ends at zero: answers no 0/1 vector produces raise ``ValueError``.

Cost: ``m_L(N) ~ 2N / log2 N`` rows; building the rows ``O(m N)`` bit operations
(numpy), decoding ``O(m log^2 m + m N)`` at worst.

References:
    B. Lindström, On a combinatorial problem in number theory, Canad. Math. Bull. 8
    (1965) 477-490. D. G. Cantor, W. H. Mills, Determination of a subset from certain
    combinatorial properties, Canad. J. Math. 18 (1966) 42-48. P. Erdős, A. Rényi, On
    two problems of information theory, Magyar Tud. Akad. Mat. Kutató Int. Közl. 8
    (1963) 229-243.

Example:
    >>> lindstrom_rows(1024)
    255
    >>> x = np.array([1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1])
    >>> matrix = detecting_matrix(16)
    >>> matrix.shape
    (10, 16)
    >>> answers = matrix.astype(int) @ x
    >>> decode_detecting(answers, 16).tolist() == x.tolist()
    True
    >>> [row.tolist() for row in detecting_rows(4)]
    [[0, 2, 3], [1, 3], [0, 1]]
"""

from __future__ import annotations

import functools
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = [
    "MAX_DETECTING_COINS",
    "WeighingDesign",
    "decode_detecting",
    "decode_weighing",
    "detecting_capacity",
    "detecting_coins",
    "detecting_matrix",
    "detecting_rows",
    "lindstrom_rows",
    "weighing_design",
]

MAX_DETECTING_COINS = 1_000_000
"""Most coins one detecting matrix takes (its rows are built as an ``m x N`` bit matrix:
``N = 10^6`` needs ``m`` about 110,000 rows, so ``N`` far above 10^5 is slow)."""


def _check_count(value: Any, name: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, was {value!r}")
    value = int(value)
    if value < 0:
        raise ValueError(f"{name} must be >= 0, was {value}")
    if value > most:
        raise ValueError(f"{name} must be at most {most}, was {value}")
    return value


def detecting_capacity(num_rows: int) -> int:
    """``N(m) = sum_{x=1..m} popcount(x)``: the coins ``m`` rows resolve.

    Computed bit by bit in ``O(log m)``: bit ``b`` is set in
    ``floor((m + 1) / 2^(b+1)) 2^b + max(0, (m + 1) mod 2^(b+1) - 2^b)`` of ``0..m``.

    Raises:
        TypeError: ``num_rows`` not an integer.
        ValueError: ``num_rows`` negative.

    Example:
        >>> [detecting_capacity(m) for m in (0, 1, 3, 7, 15)]
        [0, 1, 4, 12, 32]
    """
    m = _check_count(num_rows, "num_rows", 1 << 62)
    total = 0
    bit = 0
    while (1 << bit) <= m:
        period = 1 << (bit + 1)
        total += ((m + 1) // period) * (1 << bit) + max(0, (m + 1) % period - (1 << bit))
        bit += 1
    return total


def lindstrom_rows(num_coins: int) -> int:
    """``m_L(N)``: the fewest rows of a detecting matrix for ``N`` coins (0 for ``N = 0``).

    Raises:
        TypeError: ``num_coins`` not an integer.
        ValueError: ``num_coins`` negative or above :data:`MAX_DETECTING_COINS`.

    Example:
        >>> [lindstrom_rows(n) for n in (16, 64, 256, 1024, 4096)]
        [10, 27, 85, 255, 867]
    """
    target = _check_count(num_coins, "num_coins", MAX_DETECTING_COINS)
    low, high = 0, max(1, target)  # N(m) >= m
    while low < high:
        middle = (low + high) // 2
        if detecting_capacity(middle) >= target:
            high = middle
        else:
            low = middle + 1
    return low


@functools.lru_cache(maxsize=16)
def _coins(num_rows: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(U, A, B)`` of every coin of ``m`` rows, ordered by ``U`` then ``j`` (read-only)."""
    masks = np.arange(1, num_rows + 1, dtype=np.int64)
    sizes = np.bitwise_count(masks).astype(np.int64)
    owners = np.repeat(masks, sizes)
    ranks = np.arange(owners.size) - np.repeat(np.cumsum(sizes) - sizes, sizes)  # j - 1
    lows = np.zeros_like(owners)
    rest = owners.copy()
    # A = the lowest j one-bits of U: peel off the lowest bit j times
    for step in range(int(sizes.max(initial=0))):
        taking = ranks >= step
        lowest = rest & -rest
        lows[taking] |= lowest[taking]
        rest[taking] ^= lowest[taking]
    highs = owners ^ lows
    for array in (owners, lows, highs):
        array.flags.writeable = False
    return owners, lows, highs


def detecting_coins(num_coins: int) -> tuple[np.ndarray, np.ndarray]:
    """The coins ``(U, j)`` of the ``N``-coin matrix, as two arrays ``U`` and ``j``.

    Raises:
        TypeError, ValueError: as :func:`lindstrom_rows`.

    Example:
        >>> [a.tolist() for a in detecting_coins(5)]
        [[1, 2, 3, 3, 4], [1, 1, 1, 2, 1]]
    """
    m = lindstrom_rows(num_coins)
    owners, lows, _ = _coins(m)
    owners = owners[:num_coins]
    return owners.copy(), np.bitwise_count(lows[:num_coins]).astype(np.int64)


def _weighs(rows: np.ndarray, lows: np.ndarray, highs: np.ndarray) -> np.ndarray:
    """``weighs[r, c]``: row ``rows[r]`` weighs coin ``c`` (``|S & A|`` odd, ``S & B = 0``)."""
    rows = rows[:, None]
    odd = (np.bitwise_count(rows & lows[None, :]) & 1).astype(bool)
    return odd & ((rows & highs[None, :]) == 0)


def detecting_matrix(num_coins: int) -> np.ndarray:
    """The ``m_L(N) x N`` 0/1 matrix (``bool``): entry ``(S - 1, c)``: row ``S`` weighs coin ``c``.

    Raises:
        TypeError, ValueError: as :func:`lindstrom_rows`.
    """
    m = lindstrom_rows(num_coins)
    _, lows, highs = _coins(m)
    return _weighs(np.arange(1, m + 1, dtype=np.int64), lows[:num_coins], highs[:num_coins])


def detecting_rows(num_coins: int) -> list[np.ndarray]:
    """The ``m_L(N)`` rows as sorted arrays of coin indices ``0..N-1`` (positions to weigh).

    For ``N`` positions: weighing row ``r`` asks for the sum of ``x`` over ``rows[r]``;
    :func:`decode_detecting` takes those sums in the same order.

    Raises:
        TypeError, ValueError: as :func:`lindstrom_rows`.

    Example:
        >>> [row.tolist() for row in detecting_rows(5)]
        [[0, 2, 3], [1, 3], [0, 1], [4]]
    """
    matrix = detecting_matrix(num_coins)
    return [np.flatnonzero(row) for row in matrix]


def _mobius(values: np.ndarray, bits: int) -> np.ndarray:
    """Fast Möbius transform over ``bits`` bits: ``g(T) = sum_{S subset T} (-1)^{|T|-|S|} v_S``."""
    out = values.copy()
    for bit in range(bits):
        view = out.reshape(-1, 2, 1 << bit)
        view[:, 1, :] -= view[:, 0, :]
    return out


def decode_detecting(answers: Sequence[int] | np.ndarray, num_coins: int) -> np.ndarray:
    """The 0/1 vector ``x`` of ``N`` coins from the ``m_L(N)`` answers ``D x`` (exact).

    Args:
        answers: the weighings' sums, row ``S = 1..m`` in order (as from
            :func:`detecting_rows`), integers.
        num_coins: ``N``.

    Returns:
        ``x`` as an ``int64`` array of 0s and 1s with ``detecting_matrix(N) @ x == answers``.

    Raises:
        TypeError: ``num_coins`` not an integer, or answers not integers.
        ValueError: a wrong number of answers, or answers that no 0/1 vector gives.
    """
    count = _check_count(num_coins, "num_coins", MAX_DETECTING_COINS)
    m = lindstrom_rows(count)
    slots = np.arange(count, dtype=np.int64)
    return _decode(answers, m, slots, np.zeros(count, dtype=bool), "decode_detecting")


@dataclass(frozen=True)
class WeighingDesign:
    """A detecting matrix holding binary coins and non-negative integer coins.

    Coin ``(U, j)`` enters the Möbius sum at ``U`` with weight ``2^(j-1)``, so the coin
    ``(U, popcount(U))`` -- the *top* coin of ``U`` -- may take any value ``v >= 0``: the
    coins below it add less than ``2^(popcount(U)-1)``, and ``v`` is the value read
    shifted right by ``popcount(U) - 1``. ``m`` rows thus decode ``m`` integer coins
    together with ``N(m) - m`` binary ones. :func:`weighing_design` gives the integer
    coins the first top slots and the binary coins the first slots left.

    Attributes:
        rows: ``m``.
        slots: for every coin (the binary ones first, then the integer ones) its index
            among the ``N(m)`` coins of ``m`` rows (ordered by ``U``, then ``j``).
        integer: ``True`` for the integer coins.
    """

    rows: int
    slots: np.ndarray
    integer: np.ndarray

    def matrix(self) -> np.ndarray:
        """The ``m x (binary + integer)`` 0/1 matrix (``bool``), columns in coin order."""
        _, lows, highs = _coins(self.rows)
        rows = np.arange(1, self.rows + 1, dtype=np.int64)
        return _weighs(rows, lows[self.slots], highs[self.slots])


def weighing_design(num_binary: int, num_integer: int = 0) -> WeighingDesign:
    """The fewest rows for ``num_binary`` 0/1 coins and ``num_integer`` integer coins.

    ``m = max(m_L(B + W), W)``: every integer coin needs a top slot, and there is one
    per row. With ``W = 0`` this is the matrix of :func:`detecting_matrix`.

    Raises:
        TypeError, ValueError: counts that are not integers ``>= 0`` or too many coins.

    Example:
        >>> design = weighing_design(5, 2)
        >>> design.rows, design.slots.tolist()
        (5, [2, 3, 4, 5, 6, 0, 1])
        >>> x = np.array([1, 0, 1, 1, 0, 7, 3])
        >>> decode_weighing(design.matrix().astype(int) @ x, design).tolist()
        [1, 0, 1, 1, 0, 7, 3]
    """
    binary = _check_count(num_binary, "num_binary", MAX_DETECTING_COINS)
    integer = _check_count(num_integer, "num_integer", MAX_DETECTING_COINS)
    m = max(lindstrom_rows(binary + integer), integer)
    owners, lows, _ = _coins(m)
    top = np.bitwise_count(lows) == np.bitwise_count(owners)
    integer_slots = np.flatnonzero(top)[:integer]
    free = np.ones(owners.size, dtype=bool)
    free[integer_slots] = False
    binary_slots = np.flatnonzero(free)[:binary]
    slots = np.concatenate([binary_slots, integer_slots]).astype(np.int64)
    flags = np.zeros(slots.size, dtype=bool)
    flags[binary:] = True
    return WeighingDesign(m, slots, flags)


def decode_weighing(answers: Sequence[int] | np.ndarray, design: WeighingDesign) -> np.ndarray:
    """The coins of ``design`` from its ``m`` answers: 0/1 for binary, ``>= 0`` for integer.

    Raises:
        TypeError: answers not integers.
        ValueError: a wrong number of answers, or answers no such coins give.
    """
    return _decode(answers, design.rows, design.slots, design.integer, "decode_weighing")


def _decode(
    answers: Sequence[int] | np.ndarray,
    m: int,
    slots: np.ndarray,
    integer: np.ndarray,
    name: str,
) -> np.ndarray:
    """Decode coins at ``slots`` (``integer`` marks top-slot integer coins) from ``m`` answers."""
    count = slots.size
    values = np.asarray(answers)
    if values.ndim != 1 or values.shape[0] != m:
        raise ValueError(f"{name} needs {m} answers for {count} coins, was shape {values.shape}")
    if values.size and not np.issubdtype(values.dtype, np.integer):
        raise TypeError(f"answers must be integers, was dtype {values.dtype}")
    x = np.zeros(count, dtype=np.int64)
    if count == 0:
        return x
    owners, lows, highs = _coins(m)
    owners, lows, highs = owners[slots], lows[slots], highs[slots]
    bits = m.bit_length()
    residual = np.zeros(1 << bits, dtype=np.int64)
    residual[1 : m + 1] = values
    rows = np.arange(1, m + 1, dtype=np.int64)
    sizes = np.bitwise_count(owners).astype(np.int64)
    ranks = np.bitwise_count(lows).astype(np.int64) - 1
    masks = np.arange(1 << bits, dtype=np.int64)
    signs = np.where(np.bitwise_count(masks) % 2 == 1, 1, -1)  # (-1)^(|T| + 1)
    inconsistent = "answers are inconsistent: no coin values give them"
    for level in range(bits, 0, -1):
        here = np.flatnonzero(sizes == level)
        if here.size == 0:
            continue
        g = _mobius(residual, bits) * signs
        targets = np.unique(owners[here])
        read = g[targets]
        if np.any(read < 0):
            raise ValueError(inconsistent)
        # coin (U, j) is bit j - 1 of the value read at U; a top integer coin, the rest
        place = np.searchsorted(targets, owners[here])
        shifted = read[place] >> ranks[here]
        found = np.where(integer[here], shifted, shifted & 1)
        x[here] = found
        # the coins of U must give the value read exactly (unused slots hold 0)
        rebuilt = np.zeros(targets.size, dtype=np.int64)
        np.add.at(rebuilt, place, found << ranks[here])
        if np.any(rebuilt != read):
            raise ValueError(inconsistent)
        heavy = here[found != 0]
        for start in range(0, heavy.size, 4096):
            block = heavy[start : start + 4096]
            weighed = _weighs(rows, lows[block], highs[block]).astype(np.int64)
            residual[1 : m + 1] -= weighed @ x[block]
    if np.any(residual):
        raise ValueError(inconsistent)
    return x
