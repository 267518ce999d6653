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
* **Single stage** (colour ``a``, another colour ``f`` absent from ``U``, e.g. one found
  already). ``a`` on the weighed positions, ``f`` elsewhere: ``y = D x``.

Binary coins use the Lindström matrix of :mod:`~mastermind_q.classical.detecting`
(``m_L(N)`` rows for ``N`` coins); :func:`slot_design` also packs coins of two bits
(``0..3``) into adjacent slots of its masks, and the pair stages use the ternary reads
(:func:`ternary_rows` rows). Which stages to play (a pair, or a single colour where an
absent colour exists) is chosen by a small dynamic programme over the sorted counts:
every stage's cost is known before it is asked (:func:`few_colors_plan`).

Cost: ``k - 1`` counts, the stages, the final guess; about ``sum_s m_T(|U_s|)`` with
``|U_s|`` shrinking by the two colours found at each stage (``m_T(N)`` about
``1.4 m_L(N)`` at these sizes, ``m_L(N) ~ 2N / log2 N``), so about
``(k / 2) * 2.8 n / log2 n`` at uniform counts. Every
answer is checked: the decoded coins must reproduce the answers and the counts.
Measurements: ``benchmarks/RESULTS.md``, "Classical play with few colours".

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .detecting import _mobius

__all__ = [
    "RadixDesign",
    "SlotDesign",
    "decode_radix",
    "decode_slots",
    "few_colors_cost",
    "few_colors_plan",
    "play_few_colors",
    "radix_design",
    "slot_design",
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
    width ``kind`` (1 or 2), or the ternary coins of :func:`ternary_weights`."""
    if kind == _TERNARY:
        return _TERNARY_COUNTS
    sizes = np.arange(_TERNARY_COUNTS.size, dtype=np.int64)
    return (sizes + kind - 1) // kind


@functools.cache
def _capacities(kind: int) -> np.ndarray:
    """``capacity[m]``: the coins of ``kind`` that masks ``1..m`` hold, ``m = 0..MAX_ROWS``."""
    sizes = np.bitwise_count(np.arange(1, MAX_ROWS + 1, dtype=np.int64))
    capacity = np.concatenate([[0], np.cumsum(_per_popcount(kind)[sizes])])
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


_TERNARY_COUNTS = np.array([len(offsets) for offsets in _TERNARY_OFFSETS], dtype=np.int64)
_TERNARY_WEIGHTS = np.zeros((len(_TERNARY_OFFSETS), int(_TERNARY_COUNTS.max())), dtype=np.int64)
for _size in range(1, len(_TERNARY_OFFSETS)):
    _TERNARY_WEIGHTS[_size, : _TERNARY_COUNTS[_size]] = ternary_weights(_size)
_TERNARY_WEIGHTS.flags.writeable = False


@functools.cache
def _ternary_table(size: int) -> np.ndarray:
    """``table[j, r]``: coin ``j``'s value (0..2) when a mask of ``size`` bits reads ``r``;
    ``-1`` where no coin values give ``r`` (read-only)."""
    weights = np.array(ternary_weights(size), dtype=np.int64)
    count = weights.size
    values = np.array(list(itertools.product((0, 1, 2), repeat=count)), dtype=np.int8)
    reads = values.astype(np.int64) @ weights
    table = np.full((count, 2 * int(weights.sum()) + 1), -1, dtype=np.int8)
    table[:, reads] = values.T
    table.flags.writeable = False
    return table


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
def radix_design(num_coins: int) -> RadixDesign:
    """The design of ``N`` ternary coins in :func:`ternary_rows` rows.

    Masks ``U = 1..m`` in order; mask ``U`` holds the coins of
    :func:`ternary_weights` ``(popcount(U))``, largest weight first.

    Example:
        >>> design = radix_design(6)
        >>> design.owners.tolist(), design.weights.tolist()
        ([1, 2, 3, 4, 5, 6], [1, 1, 2, 1, 2, 2])
    """
    if num_coins < 0:
        raise ValueError(f"num_coins must be >= 0, was {num_coins}")
    m = ternary_rows(num_coins)  # refuses sizes no design holds
    owners, ranks = _mask_coins(num_coins, m, _TERNARY)
    owner_sizes = np.bitwise_count(owners).astype(np.int64)
    weights = _TERNARY_WEIGHTS[owner_sizes, ranks]
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
    return RadixDesign(m, owners, ranks, weights, families)


def decode_radix(answers: Sequence[int] | np.ndarray, design: RadixDesign) -> np.ndarray:
    """The ternary coins ``x`` whose weighings by ``design`` give ``answers`` (exact):
    :func:`_peel`, each mask's coins looked up from its read (:func:`ternary_weights`).

    Raises:
        ValueError: a wrong number of answers, or answers that no coins give.
    """

    def digits(here: np.ndarray, read: np.ndarray, size: int) -> np.ndarray:
        table = _ternary_table(size)
        inside = read < table.shape[1]
        found = np.full(here.size, -1, dtype=np.int64)
        found[inside] = table[design.ranks[here][inside], read[inside]]
        return found

    return _peel(answers, design, "decode_radix", design.weights, digits)


def few_colors_plan(counts: Sequence[int], *, absent: bool = False) -> tuple[Stage, ...]:
    """The stages with the fewest rows for colour counts sorted most frequent first.

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
def _plan(counts: tuple[int, ...], absent: bool) -> tuple[int, tuple[Stage, ...]]:
    # best[i]: the fewest rows for the colours i.., by a pair (step 2) or a single (step 1)
    size = len(counts)
    unknown = np.cumsum(np.array(counts[::-1], dtype=np.int64))[::-1]  # colours i.. hold
    pair = _fewest_rows(unknown, _TERNARY).tolist()
    binary = _fewest_rows(unknown, 1).tolist()  # m_L
    if max(pair[: size - 2] + binary[: size - 1], default=0) > MAX_ROWS:
        raise ValueError(
            f"counts must fit designs of at most {MAX_ROWS} rows, was {int(unknown[0])} positions"
        )
    best = [0] * (size + 1)
    step = [0] * (size + 1)
    if size >= 2:
        best[size - 2], step[size - 2] = binary[size - 2], 2
    for first in range(size - 3, -1, -1):
        best[first], step[first] = pair[first] + best[first + 2], 2
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


def few_colors_cost(counts: Sequence[int], num_colors: int) -> int:
    """Guesses of the stages for these colour counts (counts and final guess excluded).

    ``counts``: the count of every colour that occurs (any order); ``num_colors``: ``k``.

    Example:
        >>> few_colors_cost((10, 20, 30, 40), 4)
        69
    """
    present = tuple(sorted((int(c) for c in counts if c > 0), reverse=True))
    return _plan(present, len(present) < num_colors)[0]


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
            design: SlotDesign | RadixDesign = radix_design(size)
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
        step = max(1, (1 << 22) // max(1, n))
        for start in range(0, design.rows, step):
            rows = np.arange(start + 1, min(design.rows, start + step) + 1, dtype=np.int64)
            weighed = _weighed(rows, first, second)
            codes = np.where(weighed, np.asarray(colour, dtype=dtype), shown[None, :])
            answered = ask_many(codes)
            if answered.shape[0] < rows.size or answered[-1] == n:  # a row is the secret
                return codes[answered.shape[0] - 1].astype(np.int64)
            answers[start : start + rows.size] = answered
            weights[start : start + rows.size] = np.count_nonzero(weighed, axis=1)
        inconsistent = (
            f"answers are inconsistent: colours {colour} and {other} do not decode "
            f"from the weighings of {size} positions"
        )
        share = counts[other] if stage[0] == "pair" else 0
        if stage[0] == "pair" and not last:  # y = n_b(U) + D u - D 1
            assert isinstance(design, RadixDesign)
            coins = decode_radix(answers - share + weights, design)
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
