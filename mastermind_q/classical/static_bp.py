"""Belief-propagation decoding of static black-peg answers (``random``, ``balanced``).

The factor graph: one variable per position ``i``, categorical over the ``k`` colours;
one factor per query ``q``, the constraint ``sum_i [x_i = q_i] = y_q`` (its black-peg
answer). A query touches position ``i`` through the single colour ``q_i`` only, so every
message is one number per (query, position) pair:

* variable to factor, the cavity probability ``p_qi = P(x_i = q_i)`` from every other
  factor: with the belief ``b_i(c)`` and the factor's own log-ratio ``r_qi``,
  ``p_qi = b_i(q_i) e^(-r_qi) / (1 - b_i(q_i) + b_i(q_i) e^(-r_qi))``;
* factor to variable, the log-likelihood ratio of ``x_i = q_i`` against ``x_i != q_i``,
  ``r_qi = log P(S = y_q - 1) / P(S = y_q)`` for the sum ``S`` of the other positions'
  indicators. ``S`` is a Poisson-binomial sum; it is approximated by the translated
  Poisson law with its first two moments (``S - d ~ Poisson(v)``, ``d = sum p^2``,
  ``v = sum p (1 - p)`` over the other positions), which gives
  ``r_qi = log((y_q - d_qi) / v_qi)``: exact in the Poisson limit of small ``p`` (a
  zero answer rules ``x_i = q_i`` out hard), Gaussian-like for large sums (``log(1 +
  (y - mu) / v)``), and it counts positions already fixed (``p`` near 1) exactly;
* beliefs ``log b_i(c) = sum_{q : q_i = c} r_qi + const``; messages are damped
  (``r <- a r_new + (1 - a) r_old``) and clipped to ``+-`` :data:`CLIP`.

The iteration stops as soon as the belief's argmax reproduces every answer. A repair
step follows when it does not: the positions whose belief is confident
(:data:`CONFIDENT`) are fixed, and the rest are decoded from the residual answers by
peeling and a bounded backtracking search (:func:`repair`). The decoder returns a code
and whether it reproduces every answer; the codebreaker's game is lost when it does not
(or when a second code fits the same answers), never claimed.

Cost: each iteration reads the ``m x n`` (query, position) pairs twice, in blocks of
positions (the queries held column-major as the smallest unsigned integer type that
holds ``k``, the messages as ``int16`` fixed point): ``c + 2`` bytes a pair (``c`` = 1
to ``k = 256``, 2 to 65,536) for the set and its messages, ``12 n k`` for the beliefs,
and blocks of about :data:`BLOCK_ENTRIES` pairs of work arrays. Measured thresholds
and times: ``benchmarks/RESULTS.md``, "Belief propagation for static play".

References:
    F. R. Kschischang, B. J. Frey, H.-A. Loeliger, "Factor graphs and the sum-product
    algorithm", IEEE Trans. Inf. Theory 47(2), 498-519 (2001). A. Röllin, "Translated
    Poisson approximation using exchangeable pair couplings", Ann. Appl. Probab. 17(5),
    1596-1614 (2007). O. Gebhard, M. Hahn-Klimroth, O. Parczyk, M. Penschuck,
    M. Rolvien, "Near optimal sparsity-constrained group testing" and the quantitative
    group testing literature (message passing on sum constraints).

Example:
    >>> import numpy as np
    >>> rng = np.random.default_rng(1)
    >>> secret = rng.integers(0, 16, size=16)
    >>> queries = rng.integers(0, 16, size=(80, 16))
    >>> code, reproduces = decode_bp(queries, (queries == secret).sum(axis=1), 16)
    >>> reproduces, bool((code == secret).all())
    (True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = [
    "BLOCK_ENTRIES",
    "CLIP",
    "CONFIDENT",
    "DAMPING",
    "ENUMERATE_BITS",
    "GAUSSIAN_FROM",
    "ITERATIONS",
    "column_major",
    "decode_bp",
    "repair",
    "smallest_colour_dtype",
]

ITERATIONS = 60
"""Most belief-propagation iterations (it stops earlier once every answer is reproduced)."""
DAMPING = 0.7
"""``a`` of the damped update ``r <- a r_new + (1 - a) r_old``."""
CLIP = 12.0
"""Messages are clipped to ``[-CLIP, CLIP]`` (a ratio of about ``1.6e5``)."""
CONFIDENT = 0.99
"""Belief above which the repair step keeps a position's colour fixed."""
GAUSSIAN_FROM = 3.0
"""Mean answer ``n / k`` from which a factor's cavity sum is taken as Gaussian: measured
(``benchmarks/RESULTS.md``), the translated Poisson law decodes far better for sparse
answers (``k = n``: a zero answer is a hard constraint) and diverges for dense ones
(``k = 16, n = 256``), where the Gaussian law decodes."""
ENUMERATE_BITS = 14
"""Games of at most ``2^14`` codes are finished by enumeration when the repair fails."""
BLOCK_ENTRIES = 1 << 16
"""(query, position) pairs per block of work arrays."""

_SCALE = 2048.0  # int16 fixed point of the messages: |r| <= CLIP * _SCALE < 2^15
_VARIANCE_FLOOR = 1e-3
_TINY = 1e-6


def smallest_colour_dtype(num_colors: int) -> Any:
    """The smallest unsigned integer dtype that holds the colours ``0..k-1``.

    Example:
        >>> smallest_colour_dtype(200), smallest_colour_dtype(256), smallest_colour_dtype(257)
        (dtype('uint8'), dtype('uint8'), dtype('uint16'))
    """
    for dtype in (np.uint8, np.uint16, np.uint32):
        if num_colors - 1 <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    return np.dtype(np.uint64)


def column_major(queries: Any, num_colors: int) -> np.ndarray:
    """The ``m x n`` queries as an ``n x m`` C-contiguous array of the smallest colour dtype."""
    rows = np.asarray(queries)
    if rows.ndim != 2:
        raise ValueError(f"queries must be an m x n array, had shape {rows.shape}")
    return np.ascontiguousarray(rows.T, dtype=smallest_colour_dtype(num_colors))


def _beliefs(log_beliefs: np.ndarray) -> np.ndarray:
    shifted = log_beliefs - log_beliefs.max(axis=1, keepdims=True)
    beliefs = np.exp(shifted).astype(np.float32)
    beliefs /= beliefs.sum(axis=1, keepdims=True)
    return beliefs


def _cavity(
    columns: np.ndarray,
    messages: np.ndarray,
    beliefs: np.ndarray,
    offsets: np.ndarray,
    start: int,
    stop: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions ``start:stop``: their cells, old messages and cavity probabilities ``p``."""
    cells = columns[start:stop].astype(np.int64)
    cells += offsets[: stop - start]
    belief = beliefs[start:stop].reshape(-1)[cells]
    old = messages[start:stop].astype(np.float32)
    old *= 1.0 / _SCALE
    probability = np.negative(old)
    np.exp(probability, out=probability)
    probability *= belief  # b e^-r
    belief -= 1.0
    belief -= probability  # -(1 - b + b e^-r)
    probability /= belief
    np.negative(probability, out=probability)
    return cells, old, probability


def decode_bp(
    queries: Any,
    blacks: Any,
    num_colors: int,
    *,
    columns: np.ndarray | None = None,
    iterations: int = ITERATIONS,
    damping: float = DAMPING,
    law: str | None = None,
    repair_step: bool = True,
) -> tuple[np.ndarray, bool]:
    """Decode black-peg answers of a static query set: ``(code, reproduces_every_answer)``.

    Belief propagation (module docstring) until the belief's argmax reproduces every
    answer or ``iterations`` are spent, then :func:`repair` when it does not.

    Args:
        queries: the ``m x n`` queries (or ``None`` with ``columns``).
        blacks: the ``m`` black-peg answers.
        num_colors: ``k``.
        columns: the queries already column-major (:func:`column_major`), to avoid a copy.
        iterations: most iterations.
        damping: the damping ``a``.
        law: the law of a factor's cavity sum, ``"poisson"`` (translated Poisson) or
            ``"gaussian"``; ``None`` picks by the mean answer ``n / k``
            (:data:`GAUSSIAN_FROM`).
        repair_step: run :func:`repair` when the iteration does not reproduce every answer.

    Returns:
        The decoded code (``int64``) and whether it reproduces every answer.
    """
    k = int(num_colors)
    cols = columns if columns is not None else column_major(queries, k)
    n, m = cols.shape
    answers = np.asarray(blacks, dtype=np.int64).reshape(-1)
    if answers.shape != (m,):
        raise ValueError(f"decode_bp needs {m} answers, was {answers.shape[0]}")
    targets = answers.astype(np.float32)
    if law is None:
        law = "gaussian" if n >= GAUSSIAN_FROM * k else "poisson"
    if law not in ("poisson", "gaussian"):
        raise ValueError(f"law must be 'poisson' or 'gaussian', was {law!r}")
    gaussian = law == "gaussian"
    width = max(1, min(n, BLOCK_ENTRIES // max(m, 1)))
    offsets = (np.arange(width, dtype=np.int64) * k)[:, None]
    messages = np.zeros((n, m), dtype=np.int16)
    log_beliefs = np.zeros((n, k), dtype=np.float64)
    guess = np.zeros(n, dtype=np.int64)
    for iteration in range(max(1, iterations)):
        guess = log_beliefs.argmax(axis=1)
        beliefs = _beliefs(log_beliefs)
        squares = np.zeros(m, dtype=np.float32)
        variances = np.zeros(m, dtype=np.float32)
        hits = np.zeros(m, dtype=np.int64)

        for start in range(0, n, width):
            stop = min(n, start + width)
            hits += np.count_nonzero(cols[start:stop] == guess[start:stop, None], axis=0)
            _cells, _old, probability = _cavity(cols, messages, beliefs, offsets, start, stop)
            squares += np.einsum("ij,ij->j", probability, probability)
            variances += probability.sum(axis=0)
        variances -= squares  # v = sum p (1 - p)
        if np.array_equal(hits, answers):
            return guess, True
        for start in range(0, n, width):
            stop = min(n, start + width)
            cells, old, probability = _cavity(cols, messages, beliefs, offsets, start, stop)
            square = probability * probability
            spread = square - probability
            spread += variances[None, :]  # v less this position's p (1 - p)
            np.maximum(spread, _VARIANCE_FLOOR, out=spread)
            if gaussian:  # (2 (y - mu) - 1) / (2 v) over the other positions
                new = probability + (targets - squares - variances - 0.5)[None, :]
                new /= spread
            else:  # log((y - d) / v) over the other positions
                new = square
                new += (targets - squares)[None, :]
                np.maximum(new, _TINY, out=new)
                new /= spread
                np.log(new, out=new)
            np.clip(new, -CLIP, CLIP, out=new)
            if iteration:
                new *= damping
                old *= 1.0 - damping
                new += old
            messages[start:stop] = np.rint(new * _SCALE)
            log_beliefs[start:stop] = np.bincount(
                cells.reshape(-1), weights=new.reshape(-1), minlength=(stop - start) * k
            ).reshape(stop - start, k)
    guess = log_beliefs.argmax(axis=1)
    hits = _hits(cols, guess)
    if np.array_equal(hits, answers):
        return guess, True
    if repair_step:
        return repair(cols, answers, k, _beliefs(log_beliefs))
    return guess, False


def _hits(columns: np.ndarray, code: np.ndarray) -> np.ndarray:
    """Black pegs of every query (column-major) against ``code``, in blocks of positions."""
    n, m = columns.shape
    width = max(1, min(n, BLOCK_ENTRIES // max(m, 1)))
    hits = np.zeros(m, dtype=np.int64)
    for start in range(0, n, width):
        stop = min(n, start + width)
        hits += np.count_nonzero(columns[start:stop] == code[start:stop, None], axis=0)
    return hits


def repair(
    columns: np.ndarray, blacks: np.ndarray, num_colors: int, beliefs: np.ndarray
) -> tuple[np.ndarray, bool]:
    """The repair step: keep the confident positions, decode the rest from what is left.

    Positions whose belief exceeds :data:`CONFIDENT` keep their colour; the others are
    decoded from the residual answers (each answer less the fixed positions' matches)
    by peeling and a bounded backtracking search
    (:func:`~mastermind_q.classical.static_peeling.peel_decode`). In a small game
    (``n log2 k <=`` :data:`ENUMERATE_BITS`) every code is checked when that fails.
    Returns ``(code, reproduces_every_answer)``.
    """
    from .static_peeling import peel_decode

    guess = beliefs.argmax(axis=1).astype(np.int64)
    confident = beliefs.max(axis=1) >= CONFIDENT
    open_positions = np.flatnonzero(~confident)
    if open_positions.size and open_positions.size < guess.size:
        fixed_code = guess.copy()
        fixed_code[open_positions] = -1
        residual = np.asarray(blacks, dtype=np.int64) - _hits(columns, fixed_code)
        sub = np.ascontiguousarray(columns[open_positions].T)
        found, reproduces = peel_decode(sub, residual, num_colors)
        if reproduces:
            guess[open_positions] = found
    if np.array_equal(_hits(columns, guess), blacks):
        return guess, True
    n = columns.shape[0]
    if n * np.log2(num_colors) <= ENUMERATE_BITS:  # a small game: every code is checked
        from .static_decoding import _decode_enumerate

        queries = [tuple(row) for row in columns.T.tolist()]
        pairs = [(int(b), 0) for b in blacks]
        found_codes = _decode_enumerate(queries, pairs, n, num_colors, "black")
        if found_codes:
            return np.array(found_codes[0], dtype=np.int64), True
    return guess, False
