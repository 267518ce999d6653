"""Static query sets beyond the exact minimum: the schemes of ``static``, their counts.

The exact minimum (:func:`~mastermind_q.classical.static_exact.static_minimum_set`)
is out of reach beyond a few hundred codes. Beyond it the static codebreaker commits to
one of these query sets, each decoded without enumerating codes (black pegs ``B(x) =
#{i : x_i = z_i}``; with black-white feedback the white counts are not needed):

* ``"coin-weighing"`` (``k = 2``): the rows ``P`` of a Lindström-type detecting matrix
  for ``n`` coins (:mod:`~mastermind_q.classical.detecting`) as queries "colour 1 on
  ``P``, colour 0 elsewhere", plus ``0...0``. ``B(0...0) = n - |Z|`` and ``B(P) = B(0...0)
  + |P & Z| - |P \\ Z|`` (``Z``: the positions of colour 1), so every ``|P & Z|`` is
  known and the detecting matrix decodes ``Z`` exactly: ``m_L(n) + 1`` queries before
  the final guess (28 / 86 / 256 / 868 at ``n`` = 64 / 256 / 1,024 / 4,096);
* ``"colour-designs"`` (any ``k``): one detecting design per colour ``c = 1..k-1``
  against the background colour 0 ("``c`` on ``P``, 0 elsewhere"), plus ``0...0``.
  With ``a_c = D e_c`` (``e_c``: the indicator of colour ``c``) the answers give
  ``a_c - a_0``; the ``e_c`` sum to the all-ones vector, so ``k a_0 = |P| - sum_c (a_c -
  a_0)``, and every ``e_c`` decodes exactly: ``(k - 1) m_L(n) + 1`` queries (at
  ``k = 2`` this is the coin-weighing set);
* ``"random"`` (any ``k``): :func:`random_query_count` uniformly random codes (seeded);
* ``"balanced"`` (any ``k``): as many random codes with balanced colours, the first
  ``k`` of them a Latin block that asks every position every colour once
  (:func:`balanced_queries`): no position's colour goes unasked, the failure that
  lets a second code fit a random set's answers.

Random and balanced sets are decoded by belief propagation with a repair step
(:func:`decode_random`, :mod:`~mastermind_q.classical.static_bp`). Their counts are
``F`` times the entropy bound ``n log2 k / H(Binomial(n, 1/k))`` (:func:`entropy_bound`),
``F`` set from the thresholds measured for the decoder (at least 95 % of games won;
:func:`bp_query_count`). The guess is made only from a code that reproduces every
answer; when the decoder finds none (or the answers have a second fit), the final guess
can miss, and the game is reported lost (``solved`` false), never claimed.

:func:`static_scheme` picks, per ``(n, k, feedback)``, the scheme with the fewest
queries it can decode: the exact minimum where it is played (tiny games), else the
fewest of the others (ties go to the exact designs, then to ``balanced``).

Measured: ``benchmarks/RESULTS.md``, "Belief propagation for static play" (the sweep
behind ``F``) and "Static play at any size".

References:
    B. Lindström, On a combinatorial problem in number theory, Canad. Math. Bull. 8
    (1965); D. G. Cantor and W. H. Mills, Canad. J. Math. 18 (1966). V. Chvátal,
    Mastermind, Combinatorica 3 (1983) (random static queries).

Example:
    >>> static_scheme(64, 2), static_scheme(6, 6), static_scheme(64, 64)
    ('coin-weighing', 'colour-designs', 'balanced')
    >>> scheme_query_count(64, 2, "coin-weighing")
    28
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

__all__ = [
    "BP_FACTORS",
    "DENSE_SLOPE",
    "DESIGN_SCHEMES",
    "SCHEMES",
    "STATIC_BYTES_PER_ENTRY",
    "answer_entropy",
    "balanced_queries",
    "bp_query_count",
    "decode_designs",
    "decode_random",
    "design_queries",
    "entropy_bound",
    "query_rows",
    "random_queries",
    "random_query_count",
    "scheme_query_count",
    "static_scheme",
    "validate_scheme",
]

SCHEMES = ("minimum", "coin-weighing", "colour-designs", "random", "balanced")
"""The static schemes, by name (``scheme=`` of ``solve(..., method="static")``)."""
DESIGN_SCHEMES = SCHEMES[1:3]
"""The schemes whose query sets are detecting designs (decoded exactly)."""

BP_FACTORS: dict[str, tuple[float, float]] = {
    "random": (1.9, 2.7),
    "balanced": (1.5, 2.7),
}
"""``F`` of :func:`bp_query_count` per scheme: ``(sparse, dense)``, sparse where the mean
answer ``n / k`` is below :data:`~mastermind_q.classical.static_bp.GAUSSIAN_FROM`
(measured thresholds: ``benchmarks/RESULTS.md``, "Belief propagation for static play")."""
DIAGONAL_FACTOR = 1.4
"""``F`` of the ``balanced`` set at ``n = k >= 32`` (mean answer 1): measured, the decoder
won 40 / 40 games at ``n = k`` = 32 to 256, 10 / 10 at 512 and 1,024 and every game
at 2,048, 4,096 and 16,384; it stops converging between 1.30 and 1.35 at 1,024
(``benchmarks/RESULTS.md``, "Static play nearer the entropy bound"). Elsewhere the sparse
``F`` of :data:`BP_FACTORS` holds (34 / 40 at ``n = k = 16`` and 28 / 40 at ``n = 256,
k = 1,024`` with 1.4)."""
DENSE_SLOPE = 0.5
"""Added to the dense ``F`` per doubling of ``n / k`` beyond 16. Measured thresholds
(``benchmarks/RESULTS.md``): ``n / k`` = 4 and 16, 2.2 to 2.7; 32, 2.7 at ``n = 256``
but above it at ``n = 1024`` (3.2 decodes); 64 and 128 at ``n = 1024``, 3.2 and 3.5
decode, 2.7 does not."""
_SMALL_FACTOR = 3.0
"""``F`` for small games (``n log2 k < 64`` bits), where the entropy bound is loose."""

STATIC_BYTES_PER_ENTRY = 10
"""Bytes per query entry of a random or balanced game at most (``k <= 65,536``): the
set column-major (2), the codemaker's copy (2), the decoder's messages (2) and cavity
probabilities (4) on every cell (:func:`.static_limits.static_bytes_per_entry`)."""


def validate_scheme(scheme: Any) -> str | None:
    """Return ``scheme`` (``None``: the fewest queries) or raise a one-line ``ValueError``.

    Example:
        >>> validate_scheme("random"), validate_scheme(None)
        ('random', None)
    """
    if scheme is None:
        return None
    if not isinstance(scheme, str) or scheme not in SCHEMES:
        shown = repr(scheme) if len(repr(scheme)) <= 60 else repr(scheme)[:57] + "..."
        raise ValueError(f"scheme must be one of {', '.join(SCHEMES)} (or None); was {shown}")
    return scheme


def _design_rows(n: int) -> int:
    from .detecting import lindstrom_rows

    return lindstrom_rows(n)


def bp_query_count(n: int, k: int, scheme: str = "balanced") -> int:
    """Queries of a random or balanced set at ``(n, k)``, before the final guess.

    ``ceil(F x entropy_bound(n, k))`` with ``F`` from :data:`BP_FACTORS` (sparse or dense
    answers; dense ones beyond ``n = 16 k`` add :data:`DENSE_SLOPE` per doubling), at
    least ``k`` (the balanced set's Latin block); the balanced set at ``n = k >= 32``
    uses :data:`DIAGONAL_FACTOR`; tiny games (``n log2 k < 64``) use
    :data:`_SMALL_FACTOR`. A random set also asks at least ``k ln(20 n)`` queries: a
    position whose colour no query asks there lets a second code fit
    (probability about ``n e^(-m/k)``), below 5 % from there.

    Example:
        >>> bp_query_count(256, 256), bp_query_count(256, 16), bp_query_count(1024, 1024)
        (1525, 693, 7617)
    """
    from ..game import validate_colors, validate_positions

    return _bp_query_count(validate_positions(n), validate_colors(k), scheme)


def _bp_query_count(n: int, k: int, scheme: str) -> int:
    """:func:`bp_query_count` at validated sizes."""
    from .static_bp import GAUSSIAN_FROM

    if scheme not in BP_FACTORS:
        raise ValueError(f"bp_query_count counts {', '.join(BP_FACTORS)}, was {scheme!r}")
    sparse, dense = BP_FACTORS[scheme]
    factor = sparse
    if scheme == "balanced" and n == k >= 32:
        factor = DIAGONAL_FACTOR
    if n >= GAUSSIAN_FROM * k:  # dense answers: the threshold rises beyond n = 16 k
        factor = dense + DENSE_SLOPE * max(0.0, math.log2(n / (16 * k)))
    if n * math.log2(k) < 64:
        factor = max(factor, _SMALL_FACTOR)
    if n > 1 << 40:  # beyond any playable set: only compared, in closed form
        return math.ceil(factor * n * math.log2(k) / max(answer_entropy(1 << 40, k), 1e-9))
    count = max(1, k, math.ceil(factor * entropy_bound(n, k) - 1e-9))
    if scheme == "random":  # each position's colour asked there, in 95 % of games
        count = max(count, math.ceil(k * math.log(20 * n)))
    return count


def random_query_count(n: int, k: int) -> int:
    """Queries of the random scheme at ``(n, k)`` (any ``k``), before the final guess.

    :func:`bp_query_count` for ``"random"``.

    Example:
        >>> random_query_count(256, 256), random_query_count(8, 100)
        (2187, 508)
    """
    return bp_query_count(n, k, "random")


def scheme_query_count(n: int, k: int, scheme: str) -> int | None:
    """Queries of ``scheme`` at ``(n, k)`` before the final guess (``None``: not played).

    ``coin-weighing`` (``k = 2``) and ``colour-designs``: ``(k - 1) m_L(n) + 1``;
    ``random`` and ``balanced``: :func:`bp_query_count`; ``minimum`` is not counted
    here (:func:`~mastermind_q.classical.static_exact.static_minimum`).
    """
    if scheme in BP_FACTORS:
        return bp_query_count(n, k, scheme)
    return _scheme_query_count(n, k, scheme)


def _scheme_query_count(n: int, k: int, scheme: str) -> int | None:
    """:func:`scheme_query_count` at validated sizes."""
    if scheme == "coin-weighing":
        return _design_rows(n) + 1 if k == 2 else None
    if scheme == "colour-designs":
        return (k - 1) * _design_rows(n) + 1
    if scheme in BP_FACTORS:
        return _bp_query_count(n, k, scheme)
    return None


def static_scheme(n: int, k: int, scheme: str | None = None, *, exact: bool = False) -> str:
    """The scheme to play at ``(n, k)``; ``scheme`` forces one.

    ``minimum`` where ``exact`` (the exact minimum set is played there:
    :func:`~mastermind_q.classical.static.static_scheme` decides), else the fewest
    queries of ``coin-weighing`` (``k = 2``), ``colour-designs``, ``balanced`` and
    ``random``; ties go to the designs (exact for every secret), then to ``balanced``.

    Raises:
        ValueError: an unknown scheme, or one that cannot play this game (the message
            says why), invalid sizes.
    """
    from ..game import validate_colors, validate_positions

    scheme = validate_scheme(scheme)
    n = validate_positions(n)
    k = validate_colors(k)
    return _static_scheme(n, k, scheme, exact=exact)


def _static_scheme(n: int, k: int, scheme: str | None, *, exact: bool = False) -> str:
    """:func:`static_scheme` at validated sizes and a validated ``scheme``."""
    if scheme is None:
        if exact:
            return "minimum"
        options = [
            (count, index, name)
            for index, name in enumerate(("coin-weighing", "colour-designs", "balanced", "random"))
            if (count := _scheme_query_count(n, k, name)) is not None
        ]
        return min(options)[2]
    if scheme == "coin-weighing" and k != 2:
        raise ValueError(f"scheme 'coin-weighing' plays k = 2 only, was k={k}")
    return scheme


def query_rows(n: int, k: int, scheme: str, count: int, seed: int | None) -> np.ndarray:
    """The ``count x n`` queries of ``scheme`` (not ``minimum``), in the smallest colour dtype."""
    if scheme == "random":
        return random_queries(n, k, count, seed)
    if scheme == "balanced":
        return balanced_queries(n, k, count, seed)
    from .static_bp import smallest_colour_dtype

    return design_queries(n, k).astype(smallest_colour_dtype(k))


# -- coin weighing and colour designs ------------------------------------------------------
def design_queries(n: int, k: int) -> np.ndarray:
    """The ``(k - 1) m_L(n) + 1`` queries of ``colour-designs`` (``coin-weighing`` at ``k = 2``).

    Row 0 is ``0...0``; then, for ``c = 1..k-1`` in order, one row per detecting row
    ``P``: colour ``c`` on ``P``, 0 elsewhere.

    Example:
        >>> design_queries(4, 3).tolist()[:4]
        [[0, 0, 0, 0], [1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]]
    """
    from .detecting import detecting_matrix

    matrix = detecting_matrix(n)
    dtype = np.int32 if k <= np.iinfo(np.int32).max else np.int64
    colours = np.arange(1, k, dtype=dtype)
    rows = (matrix[None, :, :].astype(dtype) * colours[:, None, None]).reshape(-1, n)
    return np.vstack([np.zeros((1, n), dtype=dtype), rows])


def decode_designs(blacks: np.ndarray, n: int, k: int) -> np.ndarray | None:
    """The code behind the black counts of :func:`design_queries` (``None``: no code fits).

    Exact: every code gives distinct answers, and the decoded code is checked to
    reproduce every answer.
    """
    from .detecting import decode_detecting, detecting_matrix

    matrix = detecting_matrix(n)
    m = matrix.shape[0]
    blacks = np.asarray(blacks, dtype=np.int64)
    if blacks.shape != ((k - 1) * m + 1,):
        raise ValueError(f"decode_designs needs {(k - 1) * m + 1} answers, was {blacks.shape}")
    zeros = blacks[0]
    deltas = blacks[1:].reshape(k - 1, m) - zeros  # a_c - a_0, per colour c >= 1
    total = matrix.sum(axis=1).astype(np.int64) - deltas.sum(axis=0)  # k a_0
    if np.any(total % k) or np.any(total < 0):
        return None
    base = total // k
    found = np.full(n, -1, dtype=np.int64)
    try:
        for colour in range(k):
            weights = base if colour == 0 else deltas[colour - 1] + base
            if not np.any(weights):
                continue
            where = decode_detecting(weights, n).astype(bool)
            if np.any(found[where] >= 0):
                return None
            found[where] = colour
    except ValueError:
        return None
    if np.any(found < 0) or int(np.count_nonzero(found == 0)) != int(zeros):
        return None
    return found


# -- random and balanced sets, and their decoder -----------------------------------------
def answer_entropy(n: int, k: int) -> float:
    """``H(Binomial(n, 1/k))`` in bits: the entropy of one query's black-peg answer.

    Against a uniformly random secret every position of any fixed query matches with
    probability ``1/k``, independently, so the answer is ``Binomial(n, 1/k)``. The sum
    ``-sum_j p_j log2 p_j`` runs over the log-pmf ``ln C(n, j) + j ln p + (n - j)
    ln(1 - p)`` (``math.lgamma``) within 40 standard deviations of the mean (the rest
    holds less than ``1e-300`` of the mass), summed with ``math.fsum``: about
    ``80 sqrt(n/k)`` terms, so ``n = 16,384`` takes milliseconds. Beyond a standard
    deviation of 1,000 (``n`` of ``10^6`` and more) the normal law's entropy
    ``log2(2 pi e sigma^2) / 2`` stands for it, within ``1e-6`` bits. The one entropy
    function of the toolkit: the entropy bound rows of ``compare`` and the random and
    balanced static schemes read it.

    Example:
        >>> answer_entropy(1, 2), round(answer_entropy(2, 2), 6)
        (1.0, 1.5)
        >>> round(answer_entropy(256, 256), 3), round(answer_entropy(256, 16), 3)
        (1.881, 3.994)
    """
    p = 1.0 / k
    sigma = math.sqrt(n * p * (1.0 - p))
    if sigma > 1000:  # the normal law's entropy, within 1e-6 bits
        return 0.5 * math.log2(2 * math.pi * math.e * sigma * sigma)
    log_p, log_q = math.log(p), math.log1p(-p)
    spread = 40.0 * sigma + 40.0
    low = max(0, math.floor(n * p - spread))
    high = min(n, math.ceil(n * p + spread))
    log_n = math.lgamma(n + 1)
    terms = []
    for j in range(low, high + 1):
        log_pmf = log_n - math.lgamma(j + 1) - math.lgamma(n - j + 1) + j * log_p
        log_pmf += (n - j) * log_q
        terms.append(-math.exp(log_pmf) * log_pmf)
    return math.fsum(terms) / math.log(2.0)


def entropy_bound(n: int, k: int) -> float:
    """``n log2 k / H(Binomial(n, 1/k))``: about as few random static queries as identify a code.

    Each answer carries at most ``H`` bits and the secret ``n log2 k``; no static set of
    random queries does better on average (the count the random and balanced schemes
    are measured against).

    Example:
        >>> round(entropy_bound(256, 256))
        1089
    """
    return n * math.log2(k) / answer_entropy(n, k)


def random_queries(n: int, k: int, count: int, seed: int | None) -> np.ndarray:
    """``count`` uniformly random codes of ``[k]^n`` (``numpy.random.default_rng(seed)``).

    An ``count x n`` array of the smallest unsigned dtype that holds ``k``
    (:func:`~mastermind_q.classical.static_bp.smallest_colour_dtype`), stored
    column-major (its transpose is C-contiguous: the decoder reads it without a copy).
    """
    from .static_bp import smallest_colour_dtype

    rng = np.random.default_rng(seed)
    dtype = smallest_colour_dtype(k)
    columns = np.empty((n, count), dtype=dtype)
    step = max(1, (1 << 22) // max(count, 1))
    for start in range(0, n, step):  # in blocks: a signal is handled between them
        stop = min(n, start + step)
        columns[start:stop] = rng.integers(0, k, size=(stop - start, count), dtype=dtype)
    return columns.T


def balanced_queries(n: int, k: int, count: int, seed: int | None) -> np.ndarray:
    """``count`` random codes with balanced colours (seeded), stored as :func:`random_queries`.

    The first ``min(k, count)`` queries form a Latin block, ``(pi(i) + j) mod k`` for
    ``j = 0..k-1``: every position is asked every colour once, so no position's colour
    goes unasked (with uniform codes, a position whose colour no query asks there lets
    any other unasked colour fit the same answers). Every query holds each colour
    ``floor(n / k)`` or ``ceil(n / k)`` times (``k >= n``: ``n`` distinct colours):
    ``(pi(i) + r) mod k`` for a random permutation ``pi`` of ``0, 1, ..., n - 1`` taken
    mod ``k`` and a shift ``r`` (``j`` in the block, random after it).
    """
    from .static_bp import smallest_colour_dtype

    columns = np.empty((n, count), dtype=smallest_colour_dtype(k))
    for start, block in balanced_blocks(n, k, count, seed):
        columns[:, start : start + block.shape[0]] = block.T
    return columns.T


def balanced_blocks(n: int, k: int, count: int, seed: int | None) -> Iterator[tuple[int, Any]]:
    """The queries of :func:`balanced_queries` as ``(start, rows)`` blocks, in order.

    The same queries for the same seed, made a block of about ``2^20`` entries at a
    time (row-major, the smallest colour dtype), so that a set too large to hold can
    be streamed: answered and decoded block by block, and made again from its seed.
    """
    from .static_bp import smallest_colour_dtype

    rng = np.random.default_rng(seed)
    dtype = smallest_colour_dtype(k)
    base = np.arange(n, dtype=np.int64) % k
    block_rows = min(k, count)
    step = max(1, (1 << 20) // n)
    latin = rng.permutation(base)
    for start in range(0, count, step):
        stop = min(count, start + step)
        shifts = np.arange(start, stop, dtype=np.int64)[:, None]
        if start >= block_rows:
            block = rng.permuted(np.broadcast_to(base, (stop - start, n)), axis=1)
            block += rng.integers(0, k, size=(stop - start, 1))
        else:
            block = np.broadcast_to(latin, (stop - start, n)) + shifts
            later = shifts[:, 0] >= block_rows
            if later.any():
                extra = rng.permuted(np.broadcast_to(base, (int(later.sum()), n)), axis=1)
                block[later] = extra + rng.integers(0, k, size=(int(later.sum()), 1))
        block %= k
        yield start, block.astype(dtype)


def decode_random(
    queries: np.ndarray, blacks: np.ndarray, k: int, *, columns: np.ndarray | None = None
) -> tuple[np.ndarray, bool]:
    """Decode the black counts of a random or balanced set: ``(code, reproduces_every_answer)``.

    Belief propagation with its repair step
    (:func:`~mastermind_q.classical.static_bp.decode_bp`); ``columns``, the same queries
    column-major, saves a copy. The code returned reproduces every answer when the flag
    is true; otherwise the game it ends is lost.
    """
    from .static_bp import decode_bp

    return decode_bp(queries, blacks, k, columns=columns)
