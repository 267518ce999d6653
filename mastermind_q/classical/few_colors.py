"""Classical play with few colours: colour designs over the positions still unknown.

Black pegs, ``k`` colours that may repeat, ``n`` positions with ``n`` much larger than
``k``. After the colour counts ``n_c``, the colours are found two at a time (sorted by
count, most frequent first), each pair by one coin-weighing batch over the positions
whose colour is still unknown (the set ``U``):

* **Pair stage** (colours ``a``, ``b``). Row ``r`` of a detecting design shows ``a`` at
  the positions of ``U`` it weighs and ``b`` at the others, so position ``i`` adds
  ``[z_i = b] + w_ri u_i - w_ri`` with the *ternary coin*
  ``u_i = [z_i = a] - [z_i = b] + 1`` in ``{0, 1, 2}``: ``a`` answers ``2``, ``b``
  answers ``0``, any other colour ``1``. The answers are ``y = n_b(U) + D u - D 1``; the
  positions already known show a colour that is not theirs and add nothing.
* **Last pair** (only ``a`` and ``b`` left in ``U``). The same rows answer
  ``n_b(U) + D (2 x - 1)`` with ``x_i = [z_i = a]``: a binary detecting matrix.
* **Ternary reads.** A mask ``U`` of the construction has ``2^(popcount(U) - 1)`` odd
  subsets; a coin whose column weighs the rows with ``S & U`` in a family of ``w`` of
  them enters the Möbius sum at ``U`` with weight ``w``. The coins of ``U`` take weights
  near ``2^(popcount(U) - 1)`` whose ``{0, 1, 2}``-combinations all have their own sum
  (:func:`ternary_weights`): the read, up to twice their sum, gives every coin. That is
  one coin more than powers of three at popcounts 4, 7, 10, 12, 13 and 15 (3 instead of
  2 at popcount 4), about a tenth fewer rows (:class:`RadixDesign`).
* **Sparse reads** (the colours' densities). In a pair stage only the positions of
  ``a`` and ``b`` have ``u != 1``: at ``k = 8`` a quarter of them in the first stage, a
  coin carries about 1.06 bits, not ``log2 3``. A *sparse* design gives a mask of
  popcount ``s`` (``3 <= s <= 12``) one coin more, with weights (at most
  ``2^(s-1)``) chosen so that the typical combinations, few coins away from ``u = 1``,
  have their own sum (:func:`sparse_weights`): fewer rows. A read that several
  combinations give is *ambiguous*; the peeling stops at its popcount, and the
  ambiguous masks of that popcount are repaired together, exactly: each keeps the
  combinations that give its read (:func:`mask_candidates`), and 0/1 questions, one
  coin's value each (the coins that tell the candidates apart), are asked as one
  Lindström design through the codemaker, repeated until one candidate is left
  (:class:`_Repair`). Then the peeling goes on. Every repair row is a counted guess.
* **Single stage** (colour ``a``, another colour ``f`` absent from ``U``, e.g. one found
  already). ``a`` on the weighed positions, ``f`` elsewhere: ``y = D x``.

Binary coins use the Lindström matrix of :mod:`~mastermind_q.classical.detecting`
(``m_L(N)`` rows for ``N`` coins); :func:`slot_design` also packs coins of two bits
(``0..3``) into adjacent slots of its masks, and the pair stages use the ternary reads
(:func:`ternary_rows` rows) or sparse ones. Which stages to play (a pair, or a single
colour where an absent colour exists), and each pair stage's design (exact, or sparse
for a density class and a span of popcounts: a popcount with few masks repairs dearly),
are chosen by a small dynamic programme over the sorted counts from each stage's
expected rows: exact for the exact designs, the rows plus the expected repairs for the
sparse ones (:func:`few_colors_plan`, :func:`_pair_costs`).

Cost: ``k - 1`` counts, the stages, the final guess; about ``sum_s m_T(|U_s|)`` with
``|U_s|`` shrinking by the two colours found at each stage (``m_T(N)`` about
``1.4 m_L(N)`` at these sizes, ``m_L(N) ~ 2N / log2 N``), so about
``(k / 2) * 2.8 n / log2 n`` at uniform counts, less what the sparse designs save in
the early stages, where the pair's colours are sparse. Every answer is checked: the
decoded coins must reproduce the answers and the counts, and a repair must leave one
candidate. Measurements: ``benchmarks/RESULTS.md``, "Classical play with few colours".

References:
    B. Lindström, Canad. Math. Bull. 8 (1965); D. G. Cantor, W. H. Mills, Canad. J. Math.
    18 (1966); colour counting: M. T. Goodrich, Inform. Process. Lett. 109 (2009).

Example:
    >>> few_colors_plan((5, 3, 2))  # colour 2 is what the pair stage leaves
    (('pair', 0, 1),)
    >>> from mastermind_q.classical.detecting import lindstrom_rows
    >>> ternary_rows(4), lindstrom_rows(4)
    (4, 3)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .detecting import _mobius

__all__ = [
    "SPARSE_GAIN",
    "RadixDesign",
    "SlotDesign",
    "decode_radix",
    "decode_slots",
    "few_colors_cost",
    "few_colors_plan",
    "mask_candidates",
    "play_few_colors",
    "radix_design",
    "slot_design",
    "sparse_weights",
    "ternary_rows",
    "ternary_weights",
]

Stage = tuple[str, int, int]
"""``("pair", i, i + 1)`` or ``("single", i, -1)``: the stage's colours by rank."""


_TERNARY = 3
"""The coin kind of the ternary reads (kinds 1 and 2: slots of that width)."""

MAX_ROWS = (1 << 16) - 1
"""Most rows of a design: its row masks are ``uint16``."""


def _per_popcount(kind: int) -> np.ndarray:
    """Coins a mask holds by its popcount ``0..16``: ``ceil(popcount / width)`` slots of
    width ``kind`` (1 or 2), or the ternary coins of kind ``kind >= 3``
    (:func:`ternary_weights`, :func:`sparse_weights`)."""
    if kind >= _TERNARY:
        return _weight_table(kind)[0]
    sizes = np.arange(_TERNARY_COUNTS.size, dtype=np.int64)
    return (sizes + kind - 1) // kind


@functools.cache
def _capacities(kind: int) -> np.ndarray:
    """``capacity[m]``: the coins of ``kind`` that masks ``1..m`` hold, ``m = 0..MAX_ROWS``."""
    sizes = np.bitwise_count(np.arange(1, MAX_ROWS + 1, dtype=np.int64))
    capacity = np.concatenate([[0], np.cumsum(_per_popcount(kind)[sizes])]).astype(np.int32)
    capacity.flags.writeable = False
    return capacity


def _fewest_rows(coins: int | np.ndarray, kind: int) -> np.ndarray:
    """The fewest masks ``1..m`` holding ``coins`` coins of ``kind``, elementwise;
    ``MAX_ROWS + 1`` where no design holds them."""
    return np.searchsorted(_capacities(kind), coins)


def _mask_coins(num_coins: int, rows: int, kind: int) -> tuple[np.ndarray, np.ndarray]:
    """The first ``N`` coins of masks ``1..m`` in order: each coin's mask and its rank
    (``0, 1, ...``) among the coins of its mask."""
    masks = np.arange(1, rows + 1, dtype=np.int64)
    per_mask = _per_popcount(kind)[np.bitwise_count(masks)]
    owners = np.repeat(masks, per_mask)[:num_coins]
    starts = np.cumsum(per_mask) - per_mask
    return owners, np.arange(owners.size) - np.repeat(starts, per_mask)[:num_coins]


def _split(first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    pair = (first.astype(np.uint16), second.astype(np.uint16))
    for array in pair:
        array.flags.writeable = False
    return pair


def _weighed(rows: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """``weighed[r, c]``: ``T = rows[r] & (first[c] | second[c])`` (disjoint bits) has odd
    popcount and its highest bit in ``first[c]``, that is ``S & first > S & second``.

    Both designs' columns have this form: in a slot design ``first`` holds the lowest bits
    of the mask, so ``S & second`` must be empty; in a radix design ``first`` is the family.
    Coins (or positions) with ``first = second = 0`` are weighed by no row.
    """
    masks = rows.astype(np.uint16)[:, None]
    low = masks & first[None, :]
    high = masks & second[None, :]
    odd = (np.bitwise_count(low ^ high) & 1).view(bool)
    return odd & (low > high)


@dataclass(frozen=True)
class SlotDesign:
    """A detecting design for coins of ``width`` bits each (``1``: 0/1, ``2``: 0..3).

    Coin ``c`` sits at mask ``owners[c]`` with its lowest bit at ``bases[c]`` (0-based) of
    the Möbius read there; ``top[c]`` marks a coin in the top slot, whose value is not
    bounded by its width. Its column: row ``S`` weighs it iff ``popcount(S & lows[c])`` is
    odd and ``S & highs[c] = 0``, with ``lows`` the lowest ``bases + 1`` bits of the mask.
    """

    rows: int
    width: int
    owners: np.ndarray
    bases: np.ndarray
    lows: np.ndarray
    highs: np.ndarray
    top: np.ndarray

    @functools.cached_property
    def split(self) -> tuple[np.ndarray, np.ndarray]:
        """``lows`` and ``highs`` as ``uint16``: row ``S`` weighs coin ``c`` iff
        ``S & (lows | highs)`` has odd popcount and ``S & lows > S & highs``."""
        return _split(self.lows, self.highs)

    def weighs(self, rows: np.ndarray, coins: slice | np.ndarray) -> np.ndarray:
        """``weighs[r, c]`` for the given row masks (``1..m``) and coins (``bool``)."""
        first, second = self.split
        return _weighed(rows, first[coins], second[coins])


@functools.lru_cache(maxsize=32)
def slot_design(num_coins: int, width: int) -> SlotDesign:
    """The design of ``N`` coins of ``width`` bits in the fewest rows (read-only arrays).

    Masks ``U = 1..m`` in order; mask ``U`` holds ``ceil(popcount(U) / width)`` coins at
    bits ``0, width, 2 width, ...``, the last in the top slot when the width does not
    divide ``popcount(U)``. ``width = 1`` is the Lindström matrix.

    Raises:
        ValueError: ``num_coins`` negative or ``width`` not 1 or 2.

    Example:
        >>> design = slot_design(4, 2)
        >>> design.rows, design.owners.tolist(), design.bases.tolist()
        (4, [1, 2, 3, 4], [0, 0, 0, 0])
        >>> slot_design(9, 2).owners.tolist()[-3:], slot_design(9, 2).bases.tolist()[-3:]
        ([7, 7, 8], [0, 2, 0])
    """
    if num_coins < 0:
        raise ValueError(f"num_coins must be >= 0, was {num_coins}")
    if width not in (1, 2):
        raise ValueError(f"width must be 1 or 2, was {width}")
    m = int(_fewest_rows(num_coins, width))
    if m > MAX_ROWS:
        raise ValueError(f"num_coins must need fewer than 65536 rows, was {num_coins}")
    owners, ranks = _mask_coins(num_coins, m, width)
    bases = ranks * width
    owner_sizes = np.bitwise_count(owners).astype(np.int64)
    top = bases + width > owner_sizes
    lows = np.zeros_like(owners)
    rest = owners.copy()
    for step in range(int(bases.max(initial=-1)) + 1):  # the lowest bases + 1 bits
        taking = bases >= step
        lowest = rest & -rest
        lows[taking] |= lowest[taking]
        rest[taking] ^= lowest[taking]
    highs = owners ^ lows
    for array in (owners, bases, lows, highs, top):
        array.flags.writeable = False
    return SlotDesign(m, width, owners, bases, lows, highs, top)


def design_matrix(design: SlotDesign) -> np.ndarray:
    """The ``m x N`` 0/1 matrix (``bool``) of ``design``."""
    rows = np.arange(1, design.rows + 1, dtype=np.int64)
    return design.weighs(rows, slice(None))


def decode_slots(answers: Sequence[int] | np.ndarray, design: SlotDesign) -> np.ndarray:
    """The coins ``x`` with ``design_matrix(design) @ x == answers`` (exact).

    Visiting the masks by decreasing popcount, the Möbius sum of the residual answers
    at ``U`` is ``sum_c 2^(bases[c]) x_c`` over the coins of ``U``; their fields are read
    off and their columns subtracted from the residual (:func:`_peel`).

    Raises:
        ValueError: a wrong number of answers, or answers that no coins of the design's
            widths give.
    """
    places = np.left_shift(np.int64(1), np.asarray(design.bases, dtype=np.int64))
    radix = 1 << design.width

    def digits(here: np.ndarray, read: np.ndarray, size: int) -> np.ndarray:
        shifted = read // places[here]
        return np.where(design.top[here], shifted, shifted % radix)

    return _peel(answers, design, "decode_slots", places, digits)


def _peel(
    answers: Sequence[int] | np.ndarray,
    design: SlotDesign | RadixDesign,
    name: str,
    places: np.ndarray,
    digits: Callable[[np.ndarray, np.ndarray, int], np.ndarray],
) -> np.ndarray:
    """The coins of ``design`` whose weighings give ``answers``, read mask by mask.

    Visiting the masks by decreasing popcount, the Möbius sum of the residual answers at
    ``U`` is ``sum_c places[c] x_c`` over the coins of ``U``; ``digits(coins, reads,
    popcount)`` reads each coin's value off its mask's read (``-1``: no value gives it),
    and the columns are subtracted from the residual. ``name`` is the decoder, for
    messages.

    Raises:
        ValueError: a wrong number of answers, or answers that no coins give.
    """
    values = np.asarray(answers, dtype=np.int64)
    m = design.rows
    count = design.owners.size
    if values.shape != (m,):
        raise ValueError(f"{name} needs {m} answers for {count} coins, was {values.shape}")
    x = np.zeros(count, dtype=np.int64)
    if count == 0:
        return x
    bits = m.bit_length()
    residual = np.zeros(1 << bits, dtype=np.int64)
    residual[1 : m + 1] = values
    rows = np.arange(1, m + 1, dtype=np.int64)
    sizes = np.bitwise_count(design.owners).astype(np.int64)
    masks = np.arange(1 << bits, dtype=np.int64)
    signs = np.where(np.bitwise_count(masks) % 2 == 1, 1, -1)  # (-1)^(|T| + 1)
    inconsistent = "answers are inconsistent: no coin values give them"
    for level in range(bits, 0, -1):
        here = np.flatnonzero(sizes == level)
        if here.size == 0:
            continue
        g = _mobius(residual, bits) * signs
        read = g[design.owners[here]]
        if np.any(read < 0):
            raise ValueError(inconsistent)
        found = digits(here, read, level)
        if np.any(found < 0):
            raise ValueError(inconsistent)
        x[here] = found
        rebuilt = np.zeros(1 << bits, dtype=np.int64)
        np.add.at(rebuilt, design.owners[here], found * places[here])
        if np.any(rebuilt[design.owners[here]] != read):
            raise ValueError(inconsistent)
        for value in np.unique(found[found != 0]):  # the columns of each value, summed
            heavy = here[found == value]
            for start in range(0, heavy.size, 4096):
                block = heavy[start : start + 4096]
                weighed = np.count_nonzero(design.weighs(rows, block), axis=1)
                residual[1 : m + 1] -= value * weighed
    if np.any(residual):
        raise ValueError(inconsistent)
    return x


_TERNARY_OFFSETS: tuple[tuple[int, ...], ...] = (
    (),
    (0,),
    (0,),
    (0, 1),
    (0, 1, 3),
    (0, 1, 3),
    (0, 1, 3, 8),
    (0, 1, 3, 8, 22),
    (0, 1, 3, 8, 22),
    (0, 1, 3, 8, 22, 60),
    (0, 1, 3, 8, 22, 60, 169),
    (0, 1, 3, 8, 22, 60, 169),
    (0, 1, 3, 8, 22, 60, 169, 477),
    (0, 1, 3, 8, 22, 60, 169, 477, 2769),
    (0, 1, 3, 8, 22, 60, 169, 477, 1387),
    (0, 1, 3, 8, 22, 60, 169, 477, 1387, 4041),
    (0, 1, 3, 8, 22, 60, 169, 477, 1387, 4041),
)
"""For a mask of popcount ``s`` (index), the coins' weights ``2^(s-1) - d``, ``d`` in this
row: the greedy (largest weight first) set of weights up to ``2^(s-1)`` whose sums
``sum_j w_j x_j`` over ``x in {0, 1, 2}^t`` are all distinct."""


def ternary_weights(size: int) -> tuple[int, ...]:
    """The weights of the ternary coins of a mask of ``size`` bits, largest first.

    Every ``{0, 1, 2}``-combination of them has its own sum, so the Möbius read at the
    mask gives every coin. Powers of three up to ``2^(size - 1)`` give about
    ``(size - 1) log3 2 + 1`` coins; weights near ``2^(size - 1)`` give up to two more,
    because the read may go up to twice their sum.

    Raises:
        ValueError: ``size`` not in ``1..16``.

    Example:
        >>> ternary_weights(4), ternary_weights(7)
        ((8, 7, 5), (64, 63, 61, 56, 42))
    """
    if not 1 <= size < len(_TERNARY_OFFSETS):
        raise ValueError(f"size must be in 1..{len(_TERNARY_OFFSETS) - 1}, was {size}")
    most = 1 << (size - 1)
    return tuple(most - offset for offset in _TERNARY_OFFSETS[size])


_SPARSE_CLASSES: tuple[tuple[float, dict[int, tuple[int, ...]]], ...] = (
    (
        1 / 4,
        {
            3: (4, 3, 2),
            4: (8, 7, 6, 4),
            5: (16, 14, 13, 9),
            6: (32, 31, 28, 26, 18),
            7: (63, 60, 58, 56, 50, 36),
            8: (128, 124, 121, 111, 84, 55),
            9: (249, 242, 236, 220, 218, 206, 87),
            10: (490, 462, 430, 424, 320, 237, 218, 166),
            11: (963, 954, 884, 865, 807, 627, 424, 407),
            12: (1983, 1812, 1783, 1688, 1630, 1568, 1346, 1252, 438),
        },
    ),
    (
        1 / 2,
        {
            3: (4, 3, 2),
            4: (8, 7, 6, 4),
            5: (16, 14, 13, 9),
            6: (32, 31, 30, 27, 19),
            7: (64, 63, 60, 55, 53, 38),
            8: (128, 122, 121, 119, 108, 83),
            9: (255, 234, 231, 229, 222, 182, 148),
            10: (509, 472, 453, 441, 420, 403, 379, 262),
            11: (993, 952, 931, 913, 903, 722, 588, 270),
            12: (2015, 2003, 2001, 1877, 1806, 1613, 1436, 1109, 147),
        },
    ),
)
"""Sparse weights: ``(density, {popcount: weights})``. A pair stage whose coins are ``a``
or ``b`` at about this density (``u != 1``) holds at popcount ``s`` one coin more than
:func:`ternary_weights`: the weights (at most ``2^(s-1)``) come from an annealed search
that minimised the chance that another combination gives the read, or the expected
repair questions ``ceil(log2 c)`` for a read that ``c`` combinations give, coins
independent with ``P(u = 0) = P(u = 2) = density / 2``. Typical combinations have
their own sum; a read that another combination also gives is *ambiguous* and repaired
by extra queries (:func:`play_few_colors`)."""

_SPARSE_SPANS = tuple((first, last) for first in (3, 4, 5, 6) for last in range(first + 2, 13))
"""The popcounts ``first..last`` a sparse kind gives one coin more: a level with few
masks repairs its ambiguous reads dearly (``m_L(M)`` rows for ``M`` questions is about
``M`` for small ``M``), so the plan picks the span for each stage's size."""

_KIND_SPECS: dict[int, tuple[int, frozenset[int]]] = {
    _TERNARY + 1 + index: (sparse, frozenset(range(first, last + 1)))
    for index, (sparse, (first, last)) in enumerate(
        itertools.product(range(len(_SPARSE_CLASSES)), _SPARSE_SPANS)
    )
}
"""Kind ``4, 5, ...``: the sparse weights of class ``sparse`` at these popcounts, the
ternary weights at the others."""

_KINDS = (_TERNARY, *_KIND_SPECS)


def sparse_weights(size: int, kind: int) -> tuple[int, ...]:
    """The weights of the coins of a mask of ``size`` bits in a design of ``kind``:
    :func:`ternary_weights` for ``kind = 3``; a sparse kind (``4, 5, ...``) holds one coin
    more at its popcounts (some reads ambiguous, :data:`_SPARSE_CLASSES`).

    Raises:
        ValueError: ``size`` not in ``1..16`` or an unknown ``kind``.

    Example:
        >>> sparse_weights(5, 4), ternary_weights(5)
        ((16, 14, 13, 9), (16, 15, 13))
    """
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of 3..{max(_KINDS)}, was {kind}")
    if kind != _TERNARY:
        sparse, sizes = _KIND_SPECS[kind]
        if size in sizes:
            return _SPARSE_CLASSES[sparse][1][size]
    return ternary_weights(size)


_TERNARY_COUNTS = np.array([len(offsets) for offsets in _TERNARY_OFFSETS], dtype=np.int64)


@functools.cache
def _weight_table(kind: int) -> tuple[np.ndarray, np.ndarray]:
    """The coins of a mask by its popcount ``0..16`` in a design of ``kind``, and their
    weights (``table[popcount, rank]``), read-only; built on first use."""
    counts = np.array(
        [0] + [len(sparse_weights(size, kind)) for size in range(1, _TERNARY_COUNTS.size)]
    )
    table = np.zeros((counts.size, int(counts.max())), dtype=np.int64)
    for size in range(1, counts.size):
        table[size, : counts[size]] = sparse_weights(size, kind)
    for array in (counts, table):
        array.flags.writeable = False
    return counts, table


def _read_table(kind: int, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The reads of a mask of ``size`` bits in a design of ``kind`` (read-only arrays):
    ``unique[j, r]``, coin ``j``'s value (0..2) where one combination gives the read
    ``r``, ``-1`` where none does, ``-2`` where several do (ambiguous); and the
    combinations sorted by read with the first index and the number of each read."""
    return _reads(sparse_weights(size, kind))


@functools.cache
def _reads(weights: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_read_table` for these weights."""
    array = np.array(weights, dtype=np.int64)
    count = array.size
    values = np.array(list(itertools.product((0, 1, 2), repeat=count)), dtype=np.int8)
    reads = values.astype(np.int64) @ array
    order = np.argsort(reads, kind="stable")
    combos = values[order]
    width = 2 * int(array.sum()) + 1
    number = np.bincount(reads, minlength=width)
    first = np.cumsum(number) - number
    unique = np.full((count, width), -1, dtype=np.int8)
    single = number[reads] == 1
    unique[:, reads[single]] = values[single].T
    unique[:, number > 1] = -2
    for table in (unique, combos, first, number):
        table.flags.writeable = False
    return unique, combos, first, number


@functools.lru_cache(maxsize=4096)
def _questions_expected(weights: tuple[int, ...], share_a: float, share_b: float) -> float:
    """The expected 0/1 questions that repair a mask's read, ``ceil(log2 c)`` for a read
    that ``c`` combinations give, coins ``u = 2`` (colour ``a``) and ``u = 0`` (``b``)
    independent at these densities."""
    _, combos, _, number = _reads(weights)
    chance = np.log(np.maximum([share_b, 1 - share_a - share_b, share_a], 1e-12))
    probability = np.exp(chance[combos.astype(np.int64)].sum(axis=1))
    reads = np.repeat(np.arange(number.size), number)
    return float(probability @ np.ceil(np.log2(number[reads])))


def _repair_questions(kind: int, share_a: float, share_b: float, top: int = 16) -> np.ndarray:
    """The expected repair questions of a mask by popcount ``0..16`` in a design of
    ``kind`` (zero where every read is its own), at the popcounts up to ``top`` (the
    largest a mask of the design has)."""
    odds = np.zeros(_TERNARY_COUNTS.size)
    if kind != _TERNARY:
        share_a, share_b = round(share_a, 3), round(share_b, 3)
        for size in _KIND_SPECS[kind][1]:
            if size <= top:
                odds[size] = _questions_expected(sparse_weights(size, kind), share_a, share_b)
    return odds


@functools.cache
def _popcounts_below() -> np.ndarray:
    """``below[m, s]``: the masks ``1..m`` of popcount ``s`` (``m = 0..MAX_ROWS``)."""
    sizes = np.bitwise_count(np.arange(1, MAX_ROWS + 1, dtype=np.int64))
    below = np.zeros((MAX_ROWS + 1, _TERNARY_COUNTS.size), dtype=np.int32)
    below[np.arange(1, MAX_ROWS + 1), sizes] = 1
    below = np.cumsum(below, axis=0, dtype=np.int32)
    below.flags.writeable = False
    return below


SPARSE_GAIN = 0.98
"""A sparse kind plays where its expected rows are at most this share of the exact
design's, less one: its count varies with the ambiguous reads, the exact one's does not."""


def _pair_costs(
    sizes: np.ndarray, shares_a: np.ndarray, shares_b: np.ndarray, sparse: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """The expected rows of pair stages over ``sizes`` positions with these densities of
    their colours ``a`` and ``b``, and the kinds of design with the fewest.

    A stage of kind ``K`` asks the ``m`` rows that hold the coins, then repairs: per
    popcount ``s``, the expected questions ``M_s`` (masks of popcount ``s`` in ``1..m``
    times the expected questions of one, :func:`_questions_expected`) in one
    Lindström design, ``m_L(M_s)`` rows interpolated in ``M_s``. A sparse kind is taken
    only where it saves enough (:data:`SPARSE_GAIN`); ``sparse=False``: the exact design
    only."""
    sizes = np.asarray(sizes, dtype=np.int64)
    exact = best = np.full(sizes.shape, np.inf)
    kinds = np.full(sizes.shape, _TERNARY, dtype=np.int64)
    if sizes.size == 0:
        return best, kinds
    pairs, where = np.unique(
        np.round(np.stack([shares_a, shares_b], axis=1), 3), axis=0, return_inverse=True
    )
    where = where.reshape(-1)
    below = _popcounts_below()
    top = min(int(_fewest_rows(int(sizes.max()), _TERNARY)), MAX_ROWS).bit_length()
    for kind in _KINDS if sparse else (_TERNARY,):
        if kind != _TERNARY and min(_KIND_SPECS[kind][1]) > top:
            continue  # its extra coins sit at popcounts that no mask of these designs has
        rows = _fewest_rows(sizes, kind)
        fits = rows <= MAX_ROWS
        odds = np.array([_repair_questions(kind, float(a), float(b), top) for a, b in pairs])
        means = below[np.minimum(rows, MAX_ROWS)] * odds[where]
        most = int(np.ceil(means.max(initial=0.0))) + 1
        lindstrom = _fewest_rows(np.arange(most + 1), 1).astype(float)
        expected = rows + np.interp(means, np.arange(most + 1), lindstrom).sum(axis=1)
        if kind == _TERNARY:
            exact = expected
        else:  # a sparse design where it saves more than its variance is worth
            fits &= expected <= SPARSE_GAIN * exact - 1
        better = fits & (expected < best)
        best[better], kinds[better] = expected[better], kind
    return best, kinds


def ternary_rows(num_coins: int) -> int:
    """``m_T(N)``: the fewest rows of a :class:`RadixDesign` for ``N`` ternary coins (0..2).

    Raises:
        ValueError: ``num_coins`` negative, or more than 65,535 rows hold.

    Example:
        >>> [ternary_rows(n) for n in (1, 16, 256, 4096)]
        [1, 13, 115, 1241]
    """
    if num_coins < 0:
        raise ValueError(f"num_coins must be >= 0, was {num_coins}")
    rows = int(_fewest_rows(num_coins, _TERNARY))
    if rows > MAX_ROWS:
        raise ValueError(f"num_coins must need fewer than 65536 rows, was {num_coins}")
    return rows


@dataclass(frozen=True)
class RadixDesign:
    """A detecting design for ternary coins (0..2) read from the Möbius sums (read-only).

    Coin ``c`` belongs to mask ``owners[c]`` with weight ``weights[c]``: row ``S`` weighs
    it iff ``T = S & owners[c]`` has odd popcount and its highest bit is in
    ``families[c]``. The odd subsets of ``U`` whose highest bit has rank ``rho`` (1-based,
    from the lowest bit of ``U``) number ``2^(rho - 2)`` (one for ``rho = 1``), so a family
    of bits picks any number up to ``2^(popcount(U) - 1)`` of the odd subsets: the Möbius
    sum at ``U`` (signed ``(-1)^(|U|+1)``) is ``sum_c weights[c] x_c``, and the weights of
    a mask (:func:`ternary_weights`, coin ``ranks[c]`` of its mask) give every
    ``{0, 1, 2}``-combination its own sum.
    """

    rows: int
    owners: np.ndarray
    ranks: np.ndarray
    weights: np.ndarray
    families: np.ndarray
    kind: int = _TERNARY

    @functools.cached_property
    def split(self) -> tuple[np.ndarray, np.ndarray]:
        """``families`` and ``owners ^ families`` as ``uint16``: row ``S`` weighs coin
        ``c`` iff ``S & owners`` has odd popcount and ``S & families`` is the larger."""
        return _split(self.families, self.owners ^ self.families)

    def weighs(self, rows: np.ndarray, coins: slice | np.ndarray) -> np.ndarray:
        """``weighs[r, c]`` for the given row masks (``1..m``) and coins (``bool``)."""
        first, second = self.split
        return _weighed(rows, first[coins], second[coins])


@functools.lru_cache(maxsize=32)
def radix_design(num_coins: int, kind: int = _TERNARY) -> RadixDesign:
    """The design of ``N`` ternary coins in the fewest rows (:func:`ternary_rows` for
    ``kind = 3``).

    Masks ``U = 1..m`` in order; mask ``U`` holds the coins of
    :func:`sparse_weights` ``(popcount(U), kind)``, largest weight first. A sparse kind
    (``4, 5, ...``: a density and a span of popcounts, :data:`_KIND_SPECS`) holds more
    coins, and some reads are ambiguous.

    Example:
        >>> design = radix_design(6)
        >>> design.owners.tolist(), design.weights.tolist()
        ([1, 2, 3, 4, 5, 6], [1, 1, 2, 1, 2, 2])
    """
    if num_coins < 0:
        raise ValueError(f"num_coins must be >= 0, was {num_coins}")
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of {_KINDS}, was {kind}")
    m = int(_fewest_rows(num_coins, kind))
    if m > MAX_ROWS:
        raise ValueError(f"num_coins must need fewer than 65536 rows, was {num_coins}")
    owners, ranks = _mask_coins(num_coins, m, kind)
    owner_sizes = np.bitwise_count(owners).astype(np.int64)
    weights = _weight_table(kind)[1][owner_sizes, ranks]
    # the family: the bits of rank i + 2 (2^i odd subsets each) for the bits i of the
    # weight, or the whole mask for the weight 2^(popcount - 1)
    families = np.zeros_like(owners)
    rest = owners & (owners - 1)  # the lowest bit (rank 1) is only in a whole mask
    for place in range(15):
        lowest = rest & -rest
        families |= np.where(weights >> place & 1, lowest, 0)
        rest ^= lowest
    whole = weights == np.left_shift(1, owner_sizes - 1)
    families[whole] = owners[whole]
    for array in (owners, ranks, weights, families):
        array.flags.writeable = False
    return RadixDesign(m, owners, ranks, weights, families, kind)


Resolve = Callable[[np.ndarray, list[np.ndarray]], np.ndarray]
"""``resolve(coins, candidates)``: the values of the coins of ambiguous masks (one mask
after another, by rank), ``candidates[i]`` the combinations of mask ``i``'s coins that
give its read (``c_i x t_i`` arrays); it may ask queries (a repair)."""


def mask_candidates(design: RadixDesign, coins: np.ndarray, read: int) -> np.ndarray:
    """The combinations (rows, ``int8``) of the coins ``coins`` of one mask, in rank
    order, whose weights sum to ``read``; the mask's other coins (a last mask not
    filled) are ``0``."""
    size = int(np.bitwise_count(design.owners[coins[0]]))
    _, combos, first, number = _read_table(design.kind, size)
    if not 0 <= read < number.size:
        return combos[:0, : coins.size]
    found = combos[first[read] : first[read] + number[read]]
    held = coins.size
    return found[~np.any(found[:, held:], axis=1), :held]


def decode_radix(
    answers: Sequence[int] | np.ndarray, design: RadixDesign, resolve: Resolve | None = None
) -> np.ndarray:
    """The ternary coins ``x`` whose weighings by ``design`` give ``answers`` (exact):
    :func:`_peel`, each mask's coins looked up from its read (:func:`sparse_weights`).
    A read that several combinations give (sparse kinds) is passed, with its candidates,
    to ``resolve`` before the peeling goes on: all the ambiguous masks of a popcount
    together.

    Raises:
        ValueError: a wrong number of answers, answers that no coins give, or an
            ambiguous read and no ``resolve``.
    """

    def digits(here: np.ndarray, read: np.ndarray, size: int) -> np.ndarray:
        table = _read_table(design.kind, size)[0]
        inside = read < table.shape[1]
        found = np.full(here.size, -1, dtype=np.int64)
        found[inside] = table[design.ranks[here][inside], read[inside]]
        ambiguous = found == -2
        if not np.any(ambiguous):
            return found
        if resolve is None:
            raise ValueError("an ambiguous read needs a repair: no resolve was given")
        coins = here[ambiguous]  # grouped by mask, in rank order (the design's order)
        _, starts = np.unique(design.owners[coins], return_index=True)
        groups = np.split(coins, starts[1:])
        candidates = [
            mask_candidates(design, group, int(value))
            for group, value in zip(groups, read[ambiguous][starts], strict=True)
        ]
        if any(len(options) == 0 for options in candidates):
            return np.where(ambiguous, -1, found)
        found[ambiguous] = resolve(coins, candidates)
        return found

    return _peel(answers, design, "decode_radix", design.weights, digits)


def few_colors_plan(counts: Sequence[int], *, absent: bool = False) -> tuple[Stage, ...]:
    """The stages with the fewest expected rows for colour counts sorted most frequent
    first (each pair stage's design is chosen the same way when it is played).

    ``counts[i]`` is the ``i``-th colour's count (every one ``> 0``); ``absent``: some
    colour does not occur (a filler for a single stage from the start). A stage is
    ``("pair", i, i + 1)`` or ``("single", i, -1)``. A pair stage of the last two colours is
    one binary design; a plan that leaves one colour leaves it the positions not found.

    Raises:
        ValueError: counts not sorted in decreasing order, or a count ``<= 0``.

    Example:
        >>> few_colors_plan((40, 30, 20, 10))
        (('pair', 0, 1), ('pair', 2, 3))
    """
    counts = tuple(int(c) for c in counts)
    if any(c <= 0 for c in counts) or any(a < b for a, b in itertools.pairwise(counts)):
        raise ValueError(f"counts must be positive and in decreasing order, was {counts}")
    return _plan(counts, absent)[1]


@functools.lru_cache(maxsize=1024)
def _plan(
    counts: tuple[int, ...], absent: bool, sparse: bool = True
) -> tuple[float, tuple[Stage, ...]]:
    # best[i]: the fewest expected rows for the colours i.., by a pair (step 2) or a
    # single (step 1)
    size = len(counts)
    unknown = np.cumsum(np.array(counts[::-1], dtype=np.int64))[::-1]  # colours i.. hold
    binary = _fewest_rows(unknown, 1).tolist()  # m_L
    exact = _fewest_rows(unknown[: max(0, size - 2)], _TERNARY).tolist()
    if max(exact + binary[: size - 1], default=0) > MAX_ROWS:
        raise ValueError(
            f"counts must fit designs of at most {MAX_ROWS} rows, was {int(unknown[0])} positions"
        )
    best = [0.0] * (size + 1)
    step = [0] * (size + 1)
    if size >= 2:
        best[size - 2], step[size - 2] = binary[size - 2], 2
    held = unknown[: max(0, size - 2)]
    ordered = np.array(counts, dtype=np.int64)
    shares = (ordered[: held.size] / held, ordered[1 : held.size + 1] / held)
    pairs = _pair_costs(held, *shares, sparse)
    for first in range(size - 3, -1, -1):
        best[first], step[first] = float(pairs[0][first]) + best[first + 2], 2
        if absent or first > 0:
            single = binary[first] + best[first + 1]
            if single < best[first]:
                best[first], step[first] = single, 1
    stages: list[Stage] = []
    first = 0
    while first < size - 1:
        stages.append(("pair", first, first + 1) if step[first] == 2 else ("single", first, -1))
        first += step[first]
    return best[0], tuple(stages)


def few_colors_cost(counts: Sequence[int], num_colors: int, *, sparse: bool = True) -> int:
    """Guesses of the stages for these colour counts (counts and final guess excluded),
    rounded up: exact for the stages of exact designs, the expected repairs included
    where a sparse design plays (:func:`_pair_costs`).

    ``counts``: the count of every colour that occurs (any order); ``num_colors``: ``k``;
    ``sparse=False``: the cost with exact designs only (no repairs: exact for any
    secret with these counts).

    Example:
        >>> few_colors_cost((10, 20, 30, 40), 4)
        69
    """
    present = tuple(sorted((int(c) for c in counts if c > 0), reverse=True))
    return math.ceil(_plan(present, len(present) < num_colors, sparse)[0] - 1e-9)


def _rows_per_batch(num_positions: int) -> int:
    """Rows asked in one call: about 4 Mi entries of the guess array."""
    return max(1, (1 << 22) // max(1, num_positions))


class _Won(Exception):
    """A row asked was the secret (answered ``n``): the game is over."""

    def __init__(self, code: np.ndarray) -> None:
        super().__init__("a guess was the secret")
        self.code = code


def _ask_rows(ask_many: Callable[[np.ndarray], np.ndarray], codes: np.ndarray) -> np.ndarray:
    """The answers to the rows of ``codes``; :class:`_Won` with the row that was the
    secret when one was (the codemaker ends the game at an answer ``n``)."""
    answered = ask_many(codes)
    if answered.shape[0] < codes.shape[0] or answered[-1] == codes.shape[1]:
        raise _Won(codes[answered.shape[0] - 1].astype(np.int64))
    return answered


def _questions(options: np.ndarray, weight: np.ndarray) -> list[int]:
    """The coins (columns of ``options``, the candidate combinations of a mask) to ask as
    0/1 coins: greedily the one whose value, with those picked, splits the candidates'
    probability ``weight`` most, until the values asked tell every candidate apart or
    no coin with two values splits more."""
    two = [column for column in range(options.shape[1]) if np.unique(options[:, column]).size == 2]
    labels = np.zeros(options.shape[0], dtype=np.int64)
    picks: list[int] = []
    while np.unique(labels).size < labels.size:
        best, pick = 0.0, -1
        for column in two:
            split = labels * 3 + options[:, column]
            _, groups = np.unique(split, return_inverse=True)
            mass = np.bincount(groups, weights=weight)
            mass = mass[mass > 0] / mass.sum()
            entropy = float(-(mass * np.log2(mass)).sum())
            if entropy > best + 1e-12:
                best, pick = entropy, column
        if pick < 0 or np.unique(labels * 3 + options[:, pick]).size == np.unique(labels).size:
            break
        labels = labels * 3 + options[:, pick]
        two.remove(pick)
        picks.append(pick)
    return picks


class _Repair:
    """The repair of a pair stage's ambiguous reads: binary questions, asked together.

    Each ambiguous mask keeps the combinations of its coins that give its read; a round
    asks one question per mask: the value of the coin that splits its candidates best
    (by their probability, coins independent at the stage's densities). A coin with two
    candidate values ``{lo, hi}`` is a 0/1 coin ``x = [u = hi]``: shown ``a`` where it
    is weighed it adds ``[z = a] - [z = b]``, that is ``x - 1`` for ``{0, 1}`` and ``x``
    for ``{1, 2}``; shown a third colour ``c`` it adds ``-[z = b] = x - 1`` for
    ``{0, 2}``. The 0/1 coins of a round are one Lindström design (every other unknown
    position shows ``b``, the known ones a colour not theirs, so a row answers
    ``n_b(U)`` plus its weighed coins); a coin with three candidate values is shown
    ``a`` (``u - 1``) in a ternary design asked in the same batch. Rounds go on until
    every mask has one candidate; none left refuses the answers.
    """

    def __init__(
        self,
        ask_many: Callable[[np.ndarray], np.ndarray],
        unknown: np.ndarray,
        shown: np.ndarray,
        colours: tuple[int, int, int],
        share: int,
        chances: tuple[float, float, float],
    ) -> None:
        self.ask_many = ask_many
        self.unknown = unknown
        self.shown = shown
        self.colours = colours
        self.share = share
        self.chances = np.array(chances)  # P(u = 0), P(u = 1), P(u = 2): b, neither, a
        self.queries = 0

    def resolve(self, coins: np.ndarray, candidates: list[np.ndarray]) -> np.ndarray:
        starts = np.cumsum([0] + [options.shape[1] for options in candidates])
        pending = [i for i, options in enumerate(candidates) if options.shape[0] > 1]
        while pending:
            binary: list[tuple[int, int, int, int]] = []  # mask, coin, low, high
            ternary: list[tuple[int, int]] = []  # mask, coin
            for index in pending:
                options = candidates[index].astype(np.int64)
                weight = np.exp(np.log(self.chances[options]).sum(axis=1))
                picks = _questions(options, weight)
                if picks:
                    for pick in picks:
                        low, high = np.unique(options[:, pick])
                        binary.append((index, pick, int(low), int(high)))
                else:  # every coin that tells the candidates apart has three values
                    varying = np.flatnonzero(np.ptp(options, axis=0))
                    ternary.append((index, int(varying[0])))
            found = self.ask(
                [int(coins[starts[i] + j]) for i, j, _, _ in binary],
                [(low, high) for _, _, low, high in binary],
                [int(coins[starts[i] + j]) for i, j in ternary],
            )
            answers = iter(found)
            for index, pick, *_ in [*binary, *((i, j, 0, 0) for i, j in ternary)]:
                options = candidates[index]
                candidates[index] = options[options[:, pick] == next(answers)]
                if candidates[index].shape[0] == 0:
                    raise ValueError("answers are inconsistent: a repair leaves no coin values")
            pending = [i for i in pending if candidates[i].shape[0] > 1]
        return np.concatenate([options[0] for options in candidates]).astype(np.int64)

    def ask(
        self,
        binary: list[int],
        pairs: list[tuple[int, int]],
        ternary: list[int],
    ) -> list[int]:
        """The values of the coins asked: ``binary`` (design coins with the candidate
        values ``pairs``) by a Lindström design, ``ternary`` by an exact ternary one."""
        colour, _, third = self.colours
        lows = np.array([low for low, _ in pairs], dtype=np.int64)
        highs = np.array([high for _, high in pairs], dtype=np.int64)
        shows = np.where((lows == 0) & (highs == 2), third, colour)
        offsets = np.where(lows == 0, -1, 0)
        first = slot_design(len(binary), 1)
        second = radix_design(len(ternary))
        parts = [
            design.weighs(np.arange(1, design.rows + 1, dtype=np.int64), slice(None))
            for design in (first, second)
        ]
        total = first.rows + second.rows
        codes = np.repeat(self.shown[None, :], total, axis=0)
        for weighed, coins, show, top in (
            (parts[0], binary, shows, 0),
            (parts[1], ternary, np.full(len(ternary), colour), first.rows),
        ):
            if not coins:
                continue
            positions = self.unknown[np.array(coins, dtype=np.int64)]
            block = codes[top : top + weighed.shape[0]]
            block[:, positions] = np.where(weighed, show[None, :], block[:, positions])
        answers = np.empty(total, dtype=np.int64)
        n = self.shown.size
        for start in range(0, total, _rows_per_batch(n)):
            block = codes[start : start + _rows_per_batch(n)]
            answers[start : start + block.shape[0]] = _ask_rows(self.ask_many, block)
        self.queries += total
        values: list[int] = []
        if binary:
            part = answers[: first.rows] - self.share
            part -= parts[0].astype(np.int64) @ offsets
            bits = decode_slots(part, first)
            if np.any(bits > 1):
                raise ValueError("answers are inconsistent: a repair coin is not 0 or 1")
            values += np.where(bits == 1, highs, lows).tolist()
        if ternary:
            part = answers[first.rows :] - self.share + np.count_nonzero(parts[1], axis=1)
            found = decode_radix(part, second)
            if np.any(found > 2):
                raise ValueError("answers are inconsistent: a repair coin is above 2")
            values += found.tolist()
        return values


def play_few_colors(
    ask_many: Callable[[np.ndarray], np.ndarray],
    counts: dict[int, int],
    num_positions: int,
    num_colors: int,
) -> np.ndarray:
    """Find the secret from its colour counts with the stages of :func:`few_colors_plan`.

    Args:
        ask_many: answers the rows of a 2-D guess array (the codemaker's
            ``black_many``; it may end the game at an answer ``n``).
        counts: colour -> count for every colour that occurs (the counts sum to ``n``).
        num_positions, num_colors: ``n``, ``k``.

    Returns:
        The secret as an ``int64`` array: not yet guessed, unless a row of a stage was
        the secret (answered ``n``), which is then returned at once.

    Raises:
        ValueError: answers that no secret with these counts gives.
    """
    try:
        return _play_stages(ask_many, counts, num_positions, num_colors)
    except _Won as won:  # a row of a stage or a repair was the secret
        return won.code


def _play_stages(
    ask_many: Callable[[np.ndarray], np.ndarray],
    counts: dict[int, int],
    num_positions: int,
    num_colors: int,
) -> np.ndarray:
    """:func:`play_few_colors`; :class:`_Won` when a row asked is the secret."""
    n, k = num_positions, num_colors
    order = sorted(counts, key=lambda c: (-counts[c], c))
    plan = few_colors_plan(tuple(counts[c] for c in order), absent=len(order) < k)
    secret = np.full(n, -1, dtype=np.int64)
    dtype = np.min_scalar_type(k - 1)
    found: list[int] = [c for c in range(k) if c not in counts]  # colours absent from U
    for stage in plan:
        unknown = np.flatnonzero(secret < 0)
        size = unknown.size
        # known positions show a colour that is not theirs: they add nothing
        base = np.where(secret >= 0, (secret + 1) % k, 0).astype(dtype)
        colour = order[stage[1]]
        last = stage[0] == "pair" and stage[2] == len(order) - 1
        if stage[0] == "pair" and not last:
            other = order[stage[2]]
            shares = (np.array([counts[colour] / size]), np.array([counts[other] / size]))
            kind = int(_pair_costs(np.array([size]), *shares)[1][0])
            design: SlotDesign | RadixDesign = radix_design(size, kind)
        else:
            other = order[stage[2]] if stage[0] == "pair" else found[0]
            design = slot_design(size, 1)
        answers = np.empty(design.rows, dtype=np.int64)
        weights = np.empty(design.rows, dtype=np.int64)  # coins each row weighs
        # every position's column: the design's coin at an unknown one, no row elsewhere
        first, second = (np.zeros(n, dtype=np.uint16) for _ in range(2))
        first[unknown], second[unknown] = design.split
        shown = base.copy()  # a row shows `colour` where it weighs, this elsewhere
        shown[unknown] = other
        step = _rows_per_batch(n)
        for start in range(0, design.rows, step):
            rows = np.arange(start + 1, min(design.rows, start + step) + 1, dtype=np.int64)
            weighed = _weighed(rows, first, second)
            codes = np.where(weighed, np.asarray(colour, dtype=dtype), shown[None, :])
            answers[start : start + rows.size] = _ask_rows(ask_many, codes)
            weights[start : start + rows.size] = np.count_nonzero(weighed, axis=1)
        inconsistent = (
            f"answers are inconsistent: colours {colour} and {other} do not decode "
            f"from the weighings of {size} positions"
        )
        share = counts[other] if stage[0] == "pair" else 0
        if stage[0] == "pair" and not last:  # y = n_b(U) + D u - D 1
            assert isinstance(design, RadixDesign)
            third = order[stage[2] + 1]  # a colour neither a nor b, for the repairs
            chances = (share / size, 1 - (counts[colour] + share) / size, counts[colour] / size)
            repair = _Repair(ask_many, unknown, shown, (colour, other, third), share, chances)
            coins = decode_radix(answers - share + weights, design, repair.resolve)
            hits, misses = coins == 2, coins == 0
            if np.any(coins > 2) or hits.sum() != counts[colour] or misses.sum() != share:
                raise ValueError(inconsistent)
            secret[unknown[hits]] = colour
            secret[unknown[misses]] = other
            found += [colour, other]
        elif stage[0] == "pair":  # y = n_b(U) + D (2 x - 1)
            assert isinstance(design, SlotDesign)
            doubled = answers - share + weights
            if np.any(doubled % 2):
                raise ValueError(inconsistent)
            coins = decode_slots(doubled // 2, design)
            if coins.sum() != counts[colour]:
                raise ValueError(inconsistent)
            secret[unknown] = np.where(coins == 1, colour, other)
        else:  # y = D x
            assert isinstance(design, SlotDesign)
            coins = decode_slots(answers, design)
            if coins.sum() != counts[colour]:
                raise ValueError(inconsistent)
            secret[unknown[coins == 1]] = colour
            found.append(colour)
    handled = {order[index] for stage in plan for index in stage[1:] if index >= 0}
    rest = [colour for colour in order if colour not in handled]
    if len(rest) == 1:  # the colour no stage asked holds the positions left
        secret[secret < 0] = rest[0]
    if np.any(secret < 0):
        raise ValueError("answers are inconsistent: positions left without a colour")
    return secret
