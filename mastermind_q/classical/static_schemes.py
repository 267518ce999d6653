"""Static query sets with fast exact decoding, at any size: the schemes of ``static``.

The exact minimum (:func:`~mastermind_q.classical.static.static_minimum_set`) is out of
reach beyond a few hundred codes. Beyond it the static codebreaker commits to one of
these query sets, each decoded without enumerating codes (black pegs ``B(x) = #{i :
x_i = z_i}``; with black-white feedback the white counts are not needed):

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
* ``"random"`` (``2k >= n``, up to ``k = n`` and beyond): :func:`random_query_count`
  uniformly random codes (seeded) and an iterative peeling decoder
  (:func:`decode_random`): a query whose residual answer is 0 rules out every
  (position, colour) cell it still holds open, one whose residual equals its open
  cells fixes them all, and a position with one open colour is fixed; what stalls is
  finished by a small backtracking search over the open cells. The guess is made only
  from a code that reproduces every answer; when the decoder finds none (or the
  answers have a second fit), the final guess can miss, and the game is reported
  lost (``solved`` false), never claimed.

:func:`static_scheme` picks, per ``(n, k, feedback)``, the scheme with the fewest
queries it can decode: the exact minimum where it is played (tiny games), else the
fewest of the others.

Measured (``benchmarks/RESULTS.md``, "Static play at any size"): the random scheme won
every one of hundreds of seeded games at ``n = k`` = 64, 256 and 1,024 with about
``1.9 n log2 n`` queries; its count is set from the threshold measured for the peeling
decoder (success rises from 0 to 1 between about ``1.1`` and ``1.4 n log2 n`` at
``n = k = 256``).

References:
    B. Lindström, On a combinatorial problem in number theory, Canad. Math. Bull. 8
    (1965); D. G. Cantor and W. H. Mills, Canad. J. Math. 18 (1966). V. Chvátal,
    Mastermind, Combinatorica 3 (1983) (random static queries).

Example:
    >>> static_scheme(64, 2), static_scheme(64, 8), static_scheme(64, 64)
    ('coin-weighing', 'colour-designs', 'random')
    >>> scheme_query_count(64, 2, "coin-weighing")
    28
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = [
    "RANDOM_QUERY_FACTOR",
    "RANDOM_QUERY_WIDE",
    "SCHEMES",
    "STATIC_BYTES_PER_ENTRY",
    "decode_designs",
    "decode_random",
    "design_queries",
    "random_queries",
    "random_query_count",
    "scheme_query_count",
    "static_scheme",
    "validate_scheme",
]

SCHEMES = ("minimum", "coin-weighing", "colour-designs", "random")
"""The static schemes, by name (``scheme=`` of ``solve(..., method="static")``)."""

RANDOM_QUERY_FACTOR = 0.5
"""``C`` of :func:`random_query_count`: ``C k e^(n/k) ln(n k)`` queries (``k <= 2n``)."""
RANDOM_QUERY_WIDE = 0.8
"""``C'`` of :func:`random_query_count`: at least ``C' k ln(n k)`` queries (``k > 2n``)."""

STATIC_BYTES_PER_ENTRY = 16
"""Bytes per query entry of a static game beyond the exact minimum: the query as a
Python tuple (8), its ``int32`` copy (4) and the decoder's boolean work arrays."""

_SEARCH_NODES = 200
"""Backtracking nodes :func:`decode_random` spends once peeling stalls."""


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


def random_query_count(n: int, k: int) -> int:
    """Queries of the random scheme at ``(n, k)`` (``2k >= n``), before the final guess.

    ``ceil(k ln(n k) max(C e^(n/k), C'))`` with ``C`` = :data:`RANDOM_QUERY_FACTOR` and
    ``C'`` = :data:`RANDOM_QUERY_WIDE`: a wrong (position, colour) cell is ruled out
    by a query with answer 0 that holds it, about ``T e^(-n/k) / k`` of them; the
    constants are set at about 1.3 times the threshold measured for
    :func:`decode_random` (95 % of games won). At ``k = n`` this is ``1.88 n log2 n``.

    Raises:
        ValueError: invalid sizes, or ``2k < n`` (answers then are rarely 0, and the
            peeling decoder does not apply).

    Example:
        >>> random_query_count(256, 256), random_query_count(1024, 1024)
        (3859, 19294)
    """
    from ..game import validate_colors, validate_positions

    n = validate_positions(n)
    k = validate_colors(k)
    if 2 * k < n:
        raise ValueError(
            f"the random static scheme decodes 2k >= n only, was n={n}, k={k} "
            f"(use coin-weighing or colour-designs)"
        )
    logs = math.log(n) + math.log(k)
    factor = max(RANDOM_QUERY_FACTOR * math.exp(n / k), RANDOM_QUERY_WIDE)
    return max(1, math.ceil(k * logs * factor - 1e-9))


def scheme_query_count(n: int, k: int, scheme: str) -> int | None:
    """Queries of ``scheme`` at ``(n, k)`` before the final guess (``None``: not played).

    ``coin-weighing`` (``k = 2``) and ``colour-designs``: ``(k - 1) m_L(n) + 1``;
    ``random``: :func:`random_query_count` (``2k >= n``); ``minimum`` is not counted
    here (:func:`~mastermind_q.classical.static.static_minimum`).
    """
    if scheme == "coin-weighing":
        return _design_rows(n) + 1 if k == 2 else None
    if scheme == "colour-designs":
        return (k - 1) * _design_rows(n) + 1
    if scheme == "random":
        return random_query_count(n, k) if 2 * k >= n else None
    return None


def static_scheme(n: int, k: int, scheme: str | None = None, *, exact: bool = False) -> str:
    """The scheme to play at ``(n, k)``; ``scheme`` forces one.

    ``minimum`` where ``exact`` (the exact minimum set is played there:
    :func:`~mastermind_q.classical.static.static_scheme` decides), else the fewest
    queries of ``coin-weighing`` (``k = 2``), ``colour-designs`` and ``random``
    (``2k >= n``); ties go to the designs (exact for every secret).

    Raises:
        ValueError: an unknown scheme, or one that cannot play this game (the message
            says why), invalid sizes.
    """
    from ..game import validate_colors, validate_positions

    scheme = validate_scheme(scheme)
    n = validate_positions(n)
    k = validate_colors(k)
    if scheme is None:
        if exact:
            return "minimum"
        options = [
            (count, index, name)
            for index, name in enumerate(("coin-weighing", "colour-designs", "random"))
            if (count := scheme_query_count(n, k, name)) is not None
        ]
        return min(options)[2]
    if scheme == "coin-weighing" and k != 2:
        raise ValueError(f"scheme 'coin-weighing' plays k = 2 only, was k={k}")
    if scheme == "random" and 2 * k < n:
        raise ValueError(f"scheme 'random' plays 2k >= n only, was n={n}, k={k}")
    return scheme


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


# -- random sets and the peeling decoder ----------------------------------------------------
def random_queries(n: int, k: int, count: int, seed: int | None) -> np.ndarray:
    """``count`` uniformly random codes of ``[k]^n`` (``numpy.random.default_rng(seed)``)."""
    rng = np.random.default_rng(seed)
    dtype = np.int32 if k <= np.iinfo(np.int32).max else np.int64
    return rng.integers(0, k, size=(count, n), dtype=dtype)


def _peel(queries: np.ndarray, residual: np.ndarray, alive: np.ndarray, known: np.ndarray) -> bool:
    """Propagate to a fixed point in place; ``False`` when the answers are contradicted.

    ``alive[i, c]``: colour ``c`` still possible at open position ``i``; ``known[i]``:
    the fixed colour or -1. ``residual``: the answers minus the fixed matches (updated).
    """
    n = queries.shape[1]
    columns = np.arange(n)
    while True:
        open_positions = known < 0
        live = alive[columns[None, :], queries] & open_positions[None, :]
        hits = (queries == known[None, :]).sum(axis=1)
        left = residual - hits
        cells = live.sum(axis=1)
        if np.any(left < 0) or np.any(left > cells):
            return False
        changed = False
        zero = (left == 0) & (cells > 0)
        if zero.any():
            rows, cols = np.nonzero(live[zero])
            alive[cols, queries[zero][rows, cols]] = False
            changed = True
        full = (left == cells) & (cells > 0)
        if full.any():
            rows, cols = np.nonzero(live[full])
            colours = queries[full][rows, cols]
            order = np.argsort(cols, kind="stable")
            cols, colours = cols[order], colours[order]
            same = cols[1:] == cols[:-1]
            if np.any(same & (colours[1:] != colours[:-1])):
                return False
            if np.any(~alive[cols, colours]):
                return False
            known[cols] = colours
            changed = True
        fixed = np.flatnonzero(known >= 0)
        if fixed.size:
            if np.any(~alive[fixed, known[fixed]]):
                return False
            alive[fixed] = False
            alive[fixed, known[fixed]] = True
        options = alive.sum(axis=1)
        if np.any(options == 0):
            return False
        single = (known < 0) & (options == 1)
        if single.any():
            where = np.flatnonzero(single)
            known[where] = alive[where].argmax(axis=1)
            changed = True
        if not changed:
            return True


def _search(
    queries: np.ndarray,
    residual: np.ndarray,
    alive: np.ndarray,
    known: np.ndarray,
    budget: list[int],
) -> np.ndarray | None:
    """Backtracking over the open cells after peeling (``budget[0]`` nodes left)."""
    if budget[0] <= 0:
        return None
    budget[0] -= 1
    if not _peel(queries, residual, alive, known):
        return None
    open_positions = np.flatnonzero(known < 0)
    if open_positions.size == 0:
        return known
    # the open position with the fewest colours left; likelier colours first
    options = alive[open_positions].sum(axis=1)
    position = int(open_positions[np.argmin(options)])
    colours = np.flatnonzero(alive[position])
    holding = queries[:, position][:, None] == colours[None, :]
    hits = (queries == known[None, :]).sum(axis=1)
    live = alive[np.arange(queries.shape[1])[None, :], queries] & (known < 0)[None, :]
    share = (residual - hits) / np.maximum(live.sum(axis=1), 1)
    scores = (holding * share[:, None]).sum(axis=0) / np.maximum(holding.sum(axis=0), 1)
    for colour in colours[np.argsort(-scores, kind="stable")]:
        trial_alive, trial_known = alive.copy(), known.copy()
        trial_known[position] = int(colour)
        found = _search(queries, residual, trial_alive, trial_known, budget)
        if found is not None:
            return found
        if budget[0] <= 0:
            return None
    return None


def decode_random(queries: np.ndarray, blacks: np.ndarray, k: int) -> tuple[np.ndarray, bool]:
    """Decode the black counts of random queries: ``(code, reproduces_every_answer)``.

    Peeling (module docstring) to a fixed point, then a backtracking search of at most
    :data:`_SEARCH_NODES` nodes on the positions still open (their queries' residual
    answers only). The code returned reproduces every answer when the flag is true;
    otherwise it is the best guess left (fixed positions, else the likeliest colour),
    and the game it ends will likely be lost.
    """
    queries = np.asarray(queries)
    blacks = np.asarray(blacks, dtype=np.int64)
    n = queries.shape[1]
    alive = np.ones((n, k), dtype=bool)
    known = np.full(n, -1, dtype=queries.dtype)
    consistent = _peel(queries, blacks, alive, known)
    if consistent and np.any(known < 0):
        open_positions = np.flatnonzero(known < 0)
        fixed = np.flatnonzero(known >= 0)
        residual = blacks - (queries[:, fixed] == known[fixed][None, :]).sum(axis=1)
        sub_queries = np.ascontiguousarray(queries[:, open_positions])
        sub_known = np.full(open_positions.size, -1, dtype=queries.dtype)
        found = _search(
            sub_queries, residual, alive[open_positions].copy(), sub_known, [_SEARCH_NODES]
        )
        if found is not None:
            known[open_positions] = found
    guess = known.copy()
    open_positions = np.flatnonzero(guess < 0)
    if open_positions.size:
        guess[open_positions] = alive[open_positions].argmax(axis=1)
    reproduces = bool(np.array_equal((queries == guess[None, :]).sum(axis=1), blacks))
    return guess.astype(np.int64), reproduces
