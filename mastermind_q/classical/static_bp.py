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

Cost: each iteration visits the ``m x n`` (query, position) pairs once, in blocks of
positions (the queries held column-major as the smallest unsigned integer type that
holds ``k``, the messages as ``int16`` fixed point, the next iteration's cavity
probabilities as ``float32``): ``c + 6`` bytes a pair (``c`` = 1 to ``k = 256``, 2 to
65,536), ``12 n k`` for the beliefs, and blocks of about :data:`BLOCK_ENTRIES` pairs of
work arrays; the blocks are cut into :data:`LANES` lanes swept by as many threads on
large sets. Sparse answers at scale (the translated Poisson law, at least
:data:`ACTIVE_FROM` pairs) are decoded on the active cells after the first update
(:class:`_Active`): 16 bytes per kept pair, about a fifth of the pairs at ``n = k``,
and no ``m x n`` messages. Beliefs are floored at ``1e-12`` so that no product of a
sweep is a subnormal ``float32``. Measured thresholds and times:
``benchmarks/RESULTS.md``, "Belief propagation for static play" and "Static play at
n = k to 4,096: seconds per game and memory".

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

import os
import threading
from concurrent.futures import ThreadPoolExecutor
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
LANES = 2
"""Contiguous runs of blocks whose answer sums are kept apart (:class:`_Lane`); up to as
many threads sweep them at once (numpy releases the interpreter lock in its loops)."""
THREADED_FROM = 1 << 21
"""(query, position) pairs from which the lanes are swept by threads."""
ACTIVE_FROM = 1 << 22
"""(query, position) pairs from which sparse answers (the translated Poisson law) are
decoded on the active cells only after the first update (:class:`_Active`)."""
ACTIVE_BELIEF = 1e-10
"""Belief below which a (position, colour) cell is set aside in the active phase."""
_CHUNK_PAIRS = 1 << 20  # active pairs per chunk of positions

_SCALE = 2048.0  # int16 fixed point of the messages: |r| <= CLIP * _SCALE < 2^15
_VARIANCE_FLOOR = 1e-3
_TINY = 1e-6
_LOG_BELIEF_FLOOR = -40.0
_BELIEF_FLOOR = np.float32(1e-12)  # p >= 1e-12 e^-CLIP: p^2 stays a normal float32


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
    """Normalised beliefs from their logarithms, each at least :data:`_BELIEF_FLOOR`.

    The floor keeps every product of the sweep a normal ``float32`` (subnormal numbers
    cost the processor about a hundred times a normal operation); it is far below any
    belief that decides a position.
    """
    shifted = log_beliefs - log_beliefs.max(axis=1, keepdims=True)
    np.maximum(shifted, _LOG_BELIEF_FLOOR, out=shifted)
    beliefs = np.exp(shifted).astype(np.float32)
    beliefs /= beliefs.sum(axis=1, keepdims=True)
    np.maximum(beliefs, _BELIEF_FLOOR, out=beliefs)
    return beliefs


class _Lanes:
    """Runs a step on every one of ``lanes``: in order on this thread, or on ``workers``
    threads.

    Used as a context manager. When the waiting thread is interrupted (a signal's
    exception, Ctrl-C), the lanes still running stop at their next block
    (:attr:`stopped` is set; the steps check it) and the queued ones are cancelled, so
    the exception leaves within a block's time, not a whole sweep's.
    """

    def __init__(self, workers: int, stopped: threading.Event, lanes: Any) -> None:
        self.pool = ThreadPoolExecutor(workers) if workers > 1 else None
        self.stopped = stopped
        self.lanes = lanes

    def __call__(self, step: Any) -> None:
        if self.pool is None:
            for lane in self.lanes:
                step(lane)
        else:
            for done in [self.pool.submit(step, lane) for lane in self.lanes]:
                done.result()

    def __enter__(self) -> _Lanes:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


class _Lane:
    """A contiguous run of blocks of positions: its work arrays and partial answer sums.

    The decoder's positions are cut into :data:`LANES` lanes, fixed by ``n`` and the
    block width only; each lane sums its own blocks' hits, ``p`` and ``p^2`` per query,
    and the lanes' sums are added in lane order, so the decoded code does not depend on
    how many threads sweep the lanes.
    """

    __slots__ = ("blocks", "cells", "equal", "first", "hits", "second", "squares", "totals")

    def __init__(self, blocks: list[tuple[int, int]], width: int, m: int) -> None:
        self.blocks = blocks
        self.cells = np.empty((width, m), dtype=np.intp)
        self.first = np.empty((width, m), dtype=np.float32)
        self.second = np.empty((width, m), dtype=np.float32)
        self.equal = np.empty((width, m), dtype=bool)
        self.hits = np.zeros(m, dtype=np.int64)
        self.squares = np.zeros(m, dtype=np.float32)
        self.totals = np.zeros(m, dtype=np.float32)

    def clear(self) -> None:
        self.hits[:] = 0
        self.squares[:] = 0
        self.totals[:] = 0


class _Decoder:
    """The state of one belief-propagation decode and its sweep over a lane's blocks.

    ``messages`` (``int16`` fixed point, :data:`_SCALE`) and ``probabilities`` (the
    cavity ``p`` of the coming update, ``float32``) hold one number per (position, query)
    pair, positions as rows; ``log_beliefs`` one per (position, colour) cell.
    """

    def __init__(self, columns: np.ndarray, num_colors: int, gaussian: bool, damping: float):
        n, m = columns.shape
        self.columns = columns
        self.k = num_colors
        self.gaussian = gaussian
        self.damping = np.float32(damping)
        self.keep = np.float32((1.0 - damping) / _SCALE)
        self.width = max(1, min(n, BLOCK_ENTRIES // max(m, 1)))
        self.offsets = (np.arange(self.width, dtype=np.intp) * num_colors)[:, None]
        self.messages = np.zeros((n, m), dtype=np.int16)
        self.probabilities = np.empty((n, m), dtype=np.float32)
        self.log_beliefs = np.zeros((n, num_colors), dtype=np.float64)
        self.guess = np.zeros(n, dtype=np.int64)
        blocks = [(start, min(n, start + self.width)) for start in range(0, n, self.width)]
        lanes = max(1, min(LANES, len(blocks)))
        cuts = [round(len(blocks) * lane / lanes) for lane in range(lanes + 1)]
        self.lanes = [_Lane(blocks[cuts[i] : cuts[i + 1]], self.width, m) for i in range(lanes)]
        self.hit_dtype = np.uint8 if self.width < 256 else np.int32
        self.spread_base = np.zeros(m, dtype=np.float32)  # v over every position
        self.offset_base = np.zeros(m, dtype=np.float32)  # y - d (or y - mu - 1/2)
        self.stopped = threading.Event()  # set: the lanes' steps return at their next block

    def totals(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Hits, ``sum p^2`` and ``sum p`` per query over every lane, in lane order."""
        hits = self.lanes[0].hits.copy()
        squares = self.lanes[0].squares.copy()
        sums = self.lanes[0].totals.copy()
        for lane in self.lanes[1:]:
            hits += lane.hits
            squares += lane.squares
            sums += lane.totals
        return hits, squares, sums

    def prepare(self, lane: _Lane) -> None:
        """Every block of ``lane`` from zero messages: its guess, hits, ``p`` and sums."""
        lane.clear()
        for start, stop in lane.blocks:
            if self.stopped.is_set():
                return
            cells = lane.cells[: stop - start]
            np.add(self.columns[start:stop], self.offsets[: stop - start], out=cells)
            self._next(lane, start, stop, cells)

    def update(self, lane: _Lane, first: bool) -> None:
        """One update of every block of ``lane``, then the next iteration's sums."""
        lane.clear()
        spread_base, offset_base = self.spread_base[None, :], self.offset_base[None, :]
        for start, stop in lane.blocks:
            if self.stopped.is_set():
                return
            rows = stop - start
            cells = lane.cells[:rows]
            np.add(self.columns[start:stop], self.offsets[:rows], out=cells)
            probability = self.probabilities[start:stop]
            messages = self.messages[start:stop]
            spread, new = lane.first[:rows], lane.second[:rows]
            np.multiply(probability, probability, out=new)
            np.subtract(new, probability, out=spread)
            spread += spread_base  # v less this position's p (1 - p)
            np.maximum(spread, _VARIANCE_FLOOR, out=spread)
            if self.gaussian:  # (2 (y - mu) - 1) / (2 v) over the other positions
                np.add(probability, offset_base, out=new)
                new /= spread
            else:  # log((y - d) / v) over the other positions
                new += offset_base
                np.maximum(new, _TINY, out=new)
                new /= spread
                np.log(new, out=new)
            np.clip(new, -CLIP, CLIP, out=new)
            if not first:
                new *= self.damping
                np.multiply(messages, self.keep, out=spread)
                new += spread
            self.log_beliefs[start:stop] = np.bincount(
                cells.reshape(-1), weights=new.reshape(-1), minlength=rows * self.k
            ).reshape(rows, self.k)
            np.multiply(new, np.float32(_SCALE), out=spread)
            np.rint(spread, out=spread)
            np.copyto(messages, spread, casting="unsafe")
            self._next(lane, start, stop, cells)

    def _next(self, lane: _Lane, start: int, stop: int, cells: np.ndarray) -> None:
        """Block ``start:stop`` after its update: guess, hits, cavity ``p`` and sums."""
        rows = stop - start
        log_beliefs = self.log_beliefs[start:stop]
        guess = log_beliefs.argmax(axis=1)
        self.guess[start:stop] = guess
        columns = self.columns[start:stop]
        equal = lane.equal[:rows]
        np.equal(columns, guess.astype(columns.dtype)[:, None], out=equal)
        lane.hits += np.add.reduce(equal.view(np.uint8), axis=0, dtype=self.hit_dtype)
        beliefs = _beliefs(log_beliefs)
        scaled, belief = lane.first[:rows], lane.second[:rows]
        np.multiply(self.messages[start:stop], np.float32(-1.0 / _SCALE), out=scaled)
        np.exp(scaled, out=scaled)  # e^-r
        np.take(beliefs.reshape(-1), cells, out=belief)
        scaled *= belief  # b e^-r
        np.subtract(np.float32(1.0), belief, out=belief)
        belief += scaled  # 1 - b + b e^-r
        probability = self.probabilities[start:stop]
        np.divide(scaled, belief, out=probability)
        np.multiply(probability, probability, out=belief)
        lane.squares += np.add.reduce(belief, axis=0)
        lane.totals += np.add.reduce(probability, axis=0)


class _Chunk:
    """Consecutive positions ``start:stop`` in the active phase: their active pairs.

    ``cells``: the active cells (flat numbers ``i k + c`` within these rows, sorted);
    per active pair: ``index`` (its cell in ``cells``), ``queries``, ``messages`` and
    ``probabilities``.
    """

    __slots__ = (
        "cells",
        "index",
        "messages",
        "probabilities",
        "queries",
        "row_of",
        "row_starts",
        "start",
        "still",
        "stop",
    )

    def __init__(self, start: int, stop: int, pieces: list[tuple[np.ndarray, ...]]) -> None:
        self.start, self.stop = start, stop
        local, queries, messages, probabilities, active = (
            np.concatenate([piece[part] for piece in pieces]) for part in range(5)
        )
        marked = active.reshape(-1)  # the active cells of rows start:stop
        self.cells = np.flatnonzero(marked)
        renumber = np.cumsum(marked, dtype=np.int64) - 1
        self.index = renumber[local].astype(np.int32)
        self.queries = queries.astype(np.int32)
        self.messages = messages
        self.probabilities = probabilities
        self.still = np.ones(self.cells.size, dtype=bool)
        self._rows(active.shape[1])

    def _rows(self, k: int) -> None:
        """Each active cell's row, and where each row's cells start (every row has one)."""
        self.row_of = self.cells // k
        self.row_starts = np.flatnonzero(np.r_[True, self.row_of[1:] != self.row_of[:-1]])

    def keep(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Keep the pairs of the cells marked ``still``; the dropped pairs' queries and ``p``."""
        still = self.still
        kept = still[self.index]
        dropped = (self.queries[~kept], self.probabilities[~kept])
        renumber = np.cumsum(still, dtype=np.int64) - 1
        self.cells = self.cells[still]
        self.index = renumber[self.index[kept]].astype(np.int32)
        self.queries = self.queries[kept]
        self.messages = self.messages[kept]
        self.probabilities = self.probabilities[kept]
        self.still = np.ones(self.cells.size, dtype=bool)
        self._rows(k)
        return dropped


class _Active:
    """Belief propagation on the active cells: sparse answers at scale.

    With sparse answers (``k`` near ``n``), the first update rules out most colours of
    every position (a zero answer is a hard constraint), so most (query, position)
    pairs then carry a cavity ``p`` below ``1e-9`` and change nothing that follows. The
    first update (from zero messages every pair's ``p`` is ``1/k``, so each query's new
    message is one number) is made on every cell in one sweep that keeps only the
    pairs of the cells whose belief is at least :data:`ACTIVE_BELIEF`; the others are
    set aside: their cells' log-beliefs and their ``p`` in each query's sums stay as
    they were, and the kept pairs are updated exactly as on every cell. Cells whose
    belief falls below the bound are set aside as the phase goes on (once half of the
    active cells have). When the phase ends without reproducing every answer,
    :func:`decode_bp` decodes again on every cell, so no game is lost that the decoder
    on every cell wins.

    Memory: the query set, ``12 n k`` bytes of cells and 16 bytes per kept pair (about
    a fifth of the pairs at ``n = k``); no ``m x n`` messages.
    """

    def __init__(
        self,
        columns: np.ndarray,
        num_colors: int,
        answers: np.ndarray,
        targets: np.ndarray,
        damping: float,
        *,
        workers: int,
    ) -> None:
        n, m = columns.shape
        k = self.k = int(num_colors)
        self.m = m
        self.columns = columns
        self.answers = answers
        self.targets = targets.astype(np.float64)
        self.workers = workers
        self.damping = np.float32(damping)
        self.log_beliefs = np.zeros((n, k), dtype=np.float64)
        self.guess = np.zeros(n, dtype=np.int64)
        self.width = max(1, min(n, BLOCK_ENTRIES // max(m, 1)))
        blocks = [(start, min(n, start + self.width)) for start in range(0, n, self.width)]
        cuts = [round(len(blocks) * lane / LANES) for lane in range(LANES + 1)]
        self.block_lanes = [blocks[cuts[i] : cuts[i + 1]] for i in range(LANES)]
        self.lanes: list[list[_Chunk]] = [[] for _ in range(LANES)]
        self.lane_sums = [
            (np.zeros(m, np.int64), np.zeros(m, np.float64), np.zeros(m, np.float64))
            for _ in range(LANES)
        ]
        self.frozen = [(np.zeros(m, np.float64), np.zeros(m, np.float64)) for _ in range(LANES)]
        self.spread_base = np.zeros(m, dtype=np.float32)
        self.offset_base = np.zeros(m, dtype=np.float32)
        self.still = 0  # active cells whose belief is still at least the bound
        self.first_message = np.zeros(m, dtype=np.float32)
        self.stopped = threading.Event()  # set: the lanes' steps return at their next block

    @property
    def chunks(self) -> list[_Chunk]:
        return [chunk for lane in self.lanes for chunk in lane]

    def _first(self, lane: int) -> None:
        """The first update on every cell of ``lane``'s blocks; keeps the active pairs."""
        k, m, columns = self.k, self.m, self.columns
        offsets = (np.arange(self.width, dtype=np.intp) * k)[:, None]
        hits, squares, sums = self.lane_sums[lane]
        frozen_squares, frozen_sums = self.frozen[lane]
        message = self.first_message
        decay = np.exp(-message)  # e^-r of every pair of each query
        pieces: list[tuple[np.ndarray, ...]] = []
        first = size = 0
        blocks = self.block_lanes[lane]
        if blocks:
            first = blocks[0][0]
        for start, stop in blocks:
            if self.stopped.is_set():
                return
            rows = stop - start
            cells = columns[start:stop] + offsets[:rows]
            weights = np.broadcast_to(message, (rows, m)).reshape(-1)
            logs = np.bincount(cells.reshape(-1), weights=weights, minlength=rows * k)
            block_logs = self.log_beliefs[start:stop]
            block_logs[:] = logs.reshape(rows, k)
            guess = block_logs.argmax(axis=1)
            self.guess[start:stop] = guess
            block_columns = columns[start:stop]
            equal = block_columns == guess.astype(block_columns.dtype)[:, None]
            hits += np.add.reduce(equal, axis=0, dtype=np.int64)
            beliefs = _beliefs(block_logs)
            belief = np.take(beliefs.reshape(-1), cells)
            scaled = belief * decay  # b e^-r
            np.subtract(np.float32(1.0), belief, out=belief)
            belief += scaled  # 1 - b + b e^-r
            probability = np.divide(scaled, belief, out=scaled)
            sums += np.add.reduce(probability, axis=0, dtype=np.float64)
            squares += np.add.reduce(probability * probability, axis=0, dtype=np.float64)
            active = beliefs >= ACTIVE_BELIEF
            pairs = np.flatnonzero(np.take(active.reshape(-1), cells))
            local = np.take(cells.reshape(-1), pairs)
            local += (start - first) * k
            queries = pairs % m
            kept = np.take(probability.reshape(-1), pairs)
            pieces.append((local, queries, np.take(message, queries), kept, active))
            size += local.size
            if size >= _CHUNK_PAIRS or stop == blocks[-1][1]:
                self.lanes[lane].append(_Chunk(first, stop, pieces))
                pieces, first, size = [], stop, 0
        frozen_sums[:] = sums  # every pair's sums, less the active pairs' below
        frozen_squares[:] = squares
        sums[:] = 0
        squares[:] = 0
        for chunk in self.lanes[lane]:
            sums += np.bincount(chunk.queries, chunk.probabilities, minlength=m)
            squares_of = chunk.probabilities.astype(np.float64) ** 2
            squares += np.bincount(chunk.queries, squares_of, minlength=m)
        frozen_sums -= sums
        frozen_squares -= squares

    def run(self, iterations: int) -> np.ndarray | None:
        """Up to ``iterations`` updates; the guess once it reproduces every answer."""
        n, m, k = self.columns.shape[0], self.m, self.k
        with _Lanes(self.workers, self.stopped, range(LANES)) as each_lane:
            # zero messages: guess 0 everywhere, and every pair's p is 1/k (uniform beliefs)
            hits = np.zeros(m, dtype=np.int64)
            for start in range(0, n, self.width):
                hits += np.add.reduce(self.columns[start : start + self.width] == 0, axis=0)
            if np.array_equal(hits, self.answers):
                return np.zeros(n, dtype=np.int64)
            uniform = float(_beliefs(np.zeros((1, k)))[0, 0])  # p of a pair: b e^0 / 1
            squares = np.full(m, n * uniform * uniform)
            sums = np.full(m, n * uniform)
            spread = np.maximum(sums - squares - uniform + uniform * uniform, _VARIANCE_FLOOR)
            first = np.maximum(uniform * uniform + self.targets - squares, _TINY) / spread
            self.first_message[:] = np.clip(np.log(first), -CLIP, CLIP)
            each_lane(self._first)
            for _ in range(iterations - 1):
                hits, squares, sums = self._totals()
                if np.array_equal(hits, self.answers):
                    return self.guess.copy()
                self.spread_base[:] = sums - squares
                self.offset_base[:] = self.targets - squares
                self.still = 0
                each_lane(self._sweep)
                total = sum(chunk.cells.size for chunk in self.chunks)
                if 2 * self.still < total:
                    each_lane(self._set_aside)
            hits = self._totals()[0]
            return self.guess.copy() if np.array_equal(hits, self.answers) else None

    def _totals(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Hits, ``sum p^2`` and ``sum p`` per query: every lane's, in lane order."""
        hits = np.zeros(self.m, dtype=np.int64)
        squares, sums = np.zeros(self.m), np.zeros(self.m)
        for (lane_hits, lane_squares, lane_sums), (set_squares, set_sums) in zip(
            self.lane_sums, self.frozen
        ):
            hits += lane_hits
            squares += lane_squares
            squares += set_squares
            sums += lane_sums
            sums += set_sums
        return hits, squares, sums

    def _set_aside(self, lane: int) -> None:
        """Set aside ``lane``'s cells whose belief fell below :data:`ACTIVE_BELIEF`."""
        frozen_squares, frozen_sums = self.frozen[lane]
        for chunk in self.lanes[lane]:
            if self.stopped.is_set():
                return
            queries, probabilities = chunk.keep(self.k)
            frozen_sums += np.bincount(queries, probabilities, minlength=self.m)
            squares = probabilities.astype(np.float64) ** 2
            frozen_squares += np.bincount(queries, squares, minlength=self.m)

    def _chunk_guess(self, chunk: _Chunk, logs: np.ndarray) -> np.ndarray:
        """The argmax of each row of ``chunk`` with its active cells' logs now ``logs``."""
        rows = self.log_beliefs[chunk.start : chunk.stop]
        rows.reshape(-1)[chunk.cells] = logs
        return rows.argmax(axis=1)  # the set-aside cells' beliefs stay far below

    def _sweep(self, lane: int) -> None:
        """One update of the chunks of ``lane``, then their guess, ``p`` and sums."""
        k, m = self.k, self.m
        lane_hits, lane_squares, lane_sums = self.lane_sums[lane]
        lane_hits[:] = 0
        lane_squares[:] = 0
        lane_sums[:] = 0
        still = 0
        for chunk in self.lanes[lane]:
            if self.stopped.is_set():
                return
            queries, probability = chunk.queries, chunk.probabilities
            spread = np.take(self.spread_base, queries)
            new = probability * probability
            spread += new
            spread -= probability  # v less this position's p (1 - p)
            np.maximum(spread, _VARIANCE_FLOOR, out=spread)
            new += np.take(self.offset_base, queries)
            np.maximum(new, _TINY, out=new)
            new /= spread
            np.log(new, out=new)  # log((y - d) / v) over the other positions
            np.clip(new, -CLIP, CLIP, out=new)
            new *= self.damping
            chunk.messages *= np.float32(1.0) - self.damping
            chunk.messages += new
            logs = np.bincount(chunk.index, weights=chunk.messages, minlength=chunk.cells.size)
            guess = self._chunk_guess(chunk, logs)
            self.guess[chunk.start : chunk.stop] = guess
            beliefs = _segment_beliefs(logs, chunk.row_of, chunk.row_starts)
            np.greater_equal(beliefs, ACTIVE_BELIEF, out=chunk.still)
            still += int(np.count_nonzero(chunk.still))
            guess_cells = np.take(guess, chunk.row_of) + chunk.row_of * k
            guessed = np.take(chunk.cells == guess_cells, chunk.index)
            belief = np.take(beliefs, chunk.index)
            scaled = np.negative(chunk.messages)
            np.exp(scaled, out=scaled)
            scaled *= belief  # b e^-r
            np.subtract(np.float32(1.0), belief, out=belief)
            belief += scaled  # 1 - b + b e^-r
            np.divide(scaled, belief, out=probability)
            lane_sums += np.bincount(queries, probability, minlength=m)
            lane_squares += np.bincount(queries, probability.astype(np.float64) ** 2, minlength=m)
            lane_hits += np.bincount(queries[guessed], minlength=m)
        with _STILL_LOCK:
            self.still += still


_STILL_LOCK = threading.Lock()


def _segment_beliefs(logs: np.ndarray, row_of: np.ndarray, row_starts: np.ndarray) -> np.ndarray:
    """:func:`_beliefs` of the active cells of consecutive rows (``logs`` row by row).

    The set-aside cells are left out of each row's normalisation: their beliefs are
    below :data:`ACTIVE_BELIEF` each.
    """
    shifted = logs - np.take(np.maximum.reduceat(logs, row_starts), row_of)
    np.maximum(shifted, _LOG_BELIEF_FLOOR, out=shifted)
    beliefs = np.exp(shifted).astype(np.float32)
    beliefs /= np.take(np.add.reduceat(beliefs, row_starts), row_of)
    np.maximum(beliefs, _BELIEF_FLOOR, out=beliefs)
    return beliefs


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

    Each iteration is one sweep over the blocks of positions: a block's new messages,
    its beliefs, and at once the next iteration's cavity probabilities (kept, 4 bytes a
    pair) and answer sums, so every pair is visited once an iteration.

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
    if law == "poisson" and n * m >= ACTIVE_FROM and iterations > 1:
        phase = _Active(cols, k, answers, targets, damping, workers=_threads(n * m, LANES))
        found = phase.run(iterations)
        del phase
        if found is not None:
            return found, True
    decoder = _Decoder(cols, k, law == "gaussian", damping)  # on every cell
    workers = _threads(n * m, len(decoder.lanes))
    with _Lanes(workers, decoder.stopped, decoder.lanes) as sweep:
        return _iterate(decoder, sweep, answers, targets, iterations, repair_step)


def _threads(pairs: int, lanes: int) -> int:
    """Threads that sweep the lanes: one per lane up to the CPUs, for large sets only."""
    if pairs < THREADED_FROM:
        return 1
    return max(1, min(lanes, os.cpu_count() or 1))


def _iterate(
    decoder: _Decoder,
    sweep: Any,
    answers: np.ndarray,
    targets: np.ndarray,
    iterations: int,
    repair_step: bool,
) -> tuple[np.ndarray, bool]:
    """The iterations of :func:`decode_bp` on a prepared decoder (``sweep`` runs the lanes)."""
    cols, k = decoder.columns, decoder.k
    sweep(decoder.prepare)
    for iteration in range(max(1, iterations)):
        hits, squares, sums = decoder.totals()
        if np.array_equal(hits, answers):
            return decoder.guess.copy(), True
        variances = sums - squares  # v = sum p (1 - p)
        decoder.spread_base[:] = variances
        if decoder.gaussian:
            decoder.offset_base[:] = targets - squares - variances - 0.5
        else:
            decoder.offset_base[:] = targets - squares
        first = iteration == 0
        sweep(lambda lane, first=first: decoder.update(lane, first))
    guess = decoder.guess.copy()
    if np.array_equal(decoder.totals()[0], answers):  # the last update's guess
        return guess, True
    if repair_step:
        return repair(cols, answers, k, _beliefs(decoder.log_beliefs))
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


STREAM_ROWS = 1 << 13
"""Queries per row group of a streamed decode (:func:`decode_streamed`)."""
STREAM_ACTIVE_BELIEF = 1e-7
"""Belief below which a cell is set aside in a streamed decode: measured at ``n = k =
4,096``, 2.9 % of the pairs stay active after the first update (10 % at
:data:`ACTIVE_BELIEF`), and every game compared was won alike (``benchmarks/RESULTS.md``)."""


class _Streamed(_Active):
    """The active phase of :class:`_Active` on a query set that is never held whole.

    The set is read twice as row groups from ``blocks()`` (a callable that yields the
    same ``(start, rows)`` blocks each time, e.g. regenerated from the set's seed): once
    to sum the first update into the ``float32`` log-beliefs, once to keep the active
    pairs and every query's sums. Then the phase runs on the active pairs alone.
    Memory: ``4 n k`` bytes of log-beliefs, ``n k`` of active cells, 16 bytes per
    active pair and one row group; no ``m x n`` array.
    """

    def __init__(
        self,
        blocks: Any,
        num_positions: int,
        num_colors: int,
        answers: np.ndarray,
        targets: np.ndarray,
        damping: float,
        *,
        workers: int,
        active_belief: float,
    ) -> None:
        n, m, k = int(num_positions), int(answers.shape[0]), int(num_colors)
        self.k, self.m, self.n = k, m, n
        self.blocks = blocks
        self.answers = answers
        self.targets = targets.astype(np.float64)
        self.workers = workers
        self.damping = np.float32(damping)
        self.active_belief = active_belief
        self.log_beliefs = np.zeros((n, k), dtype=np.float32)
        self.guess = np.zeros(n, dtype=np.int64)
        self.width = max(1, min(n, (1 << 20) // k))  # positions per block (a chunk each)
        self.lanes: list[list[_Chunk]] = [[] for _ in range(LANES)]
        self.lane_sums = [
            (np.zeros(m, np.int64), np.zeros(m, np.float64), np.zeros(m, np.float64))
            for _ in range(LANES)
        ]
        self.frozen = [(np.zeros(m, np.float64), np.zeros(m, np.float64)) for _ in range(LANES)]
        self.spread_base = np.zeros(m, dtype=np.float32)
        self.offset_base = np.zeros(m, dtype=np.float32)
        self.still = 0
        self.first_message = np.zeros(m, dtype=np.float32)
        self.stopped = threading.Event()

    def _groups(self) -> Any:
        """``(start, rows)`` row groups of about :data:`STREAM_ROWS` queries, in order."""
        pending: list[np.ndarray] = []
        start = size = 0
        for _first, rows in self.blocks():
            pending.append(rows)
            size += rows.shape[0]
            if size >= STREAM_ROWS:
                yield start, np.concatenate(pending) if len(pending) > 1 else pending[0]
                start += size
                pending, size = [], 0
        if pending:
            yield start, np.concatenate(pending) if len(pending) > 1 else pending[0]

    def _stream_first(self) -> np.ndarray:
        """The first update from the streamed set; the zero code's hits per query."""
        n, m, k, width = self.n, self.m, self.k, self.width
        logs = self.log_beliefs
        message = self.first_message.astype(np.float64)
        zero_hits = np.zeros(m, dtype=np.int64)
        read = 0
        for start, rows in self._groups():
            count = rows.shape[0]
            zero_hits[start : start + count] = np.count_nonzero(rows == 0, axis=1)
            weights = message[start : start + count]
            for low in range(0, n, width):
                high = min(n, low + width)
                cells = rows[:, low:high].astype(np.intp)
                cells += (np.arange(high - low, dtype=np.intp) * k)[None, :]
                logs[low:high] += np.bincount(
                    cells.reshape(-1),
                    weights=np.repeat(weights, high - low),
                    minlength=(high - low) * k,
                ).reshape(high - low, k)
            read += count
        if read != m:
            raise ValueError(f"the streamed set held {read} queries, its answers {m}")
        return zero_hits

    def _stream_pairs(self) -> None:
        """The second read: every pair's ``p`` in the sums, the active pairs kept."""
        n, m, k, width = self.n, self.m, self.k, self.width
        logs = self.log_beliefs
        top = logs.max(axis=1)
        self.guess[:] = logs.argmax(axis=1)
        total = np.zeros(n, dtype=np.float64)
        for low in range(0, n, width):
            high = min(n, low + width)
            beliefs = np.exp(np.maximum(logs[low:high] - top[low:high, None], _LOG_BELIEF_FLOOR))
            total[low:high] = beliefs.sum(axis=1)
        flat_logs = logs.reshape(-1)
        floor = np.float32(self.active_belief)
        decay = np.exp(-self.first_message.astype(np.float64)).astype(np.float32)
        sums, squares = np.zeros(m), np.zeros(m)
        hits = np.zeros(m, dtype=np.int64)
        blocks = list(range(0, n, width))
        pieces: list[list[tuple[np.ndarray, ...]]] = [[] for _ in blocks]
        for start, rows in self._groups():
            count = rows.shape[0]
            queries = np.arange(start, start + count, dtype=np.int32)
            row_decay = decay[start : start + count, None]
            for number, low in enumerate(blocks):
                high = min(n, low + width)
                part = rows[:, low:high]
                hits[start : start + count] += np.count_nonzero(
                    part == self.guess[low:high].astype(part.dtype), axis=1
                )
                local = part.astype(np.int32)
                local += (np.arange(high - low, dtype=np.int32) * k)[None, :]
                shifted = np.take(flat_logs[low * k : high * k], local)
                shifted -= top[low:high][None, :]
                np.maximum(shifted, _LOG_BELIEF_FLOOR, out=shifted)
                belief = np.exp(shifted)
                belief /= total[low:high][None, :].astype(np.float32)
                np.maximum(belief, _BELIEF_FLOOR, out=belief)
                kept = np.flatnonzero(belief >= floor)  # the pairs of the active cells
                scaled = belief * row_decay  # b e^-r
                np.subtract(np.float32(1.0), belief, out=belief)
                belief += scaled
                probability = np.divide(scaled, belief, out=scaled)
                sums[start : start + count] += probability.sum(axis=1, dtype=np.float64)
                squares[start : start + count] += np.square(probability, dtype=np.float64).sum(
                    axis=1
                )
                if kept.size:
                    pieces[number].append(
                        (
                            np.take(local.reshape(-1), kept),
                            queries[kept // (high - low)],
                            np.take(probability.reshape(-1), kept),
                        )
                    )
        self._hits_first = hits
        self.log_beliefs = None  # type: ignore[assignment]  # the rows' guesses: active cells
        del logs, flat_logs
        frozen_sums, frozen_squares = sums, squares
        cuts = [round(len(blocks) * lane / LANES) for lane in range(LANES + 1)]
        for number, low in enumerate(blocks):
            high = min(n, low + width)
            parts = pieces[number]
            pieces[number] = []
            if parts:
                local = np.concatenate([part[0] for part in parts])
                queries = np.concatenate([part[1] for part in parts])
                probabilities = np.concatenate([part[2] for part in parts])
            else:
                local = np.zeros(0, np.int32)
                queries = np.zeros(0, np.int32)
                probabilities = np.zeros(0, np.float32)
            del parts
            active = np.zeros((high - low, k), dtype=bool)
            active.reshape(-1)[local] = True  # every cell of a balanced set has pairs
            active[np.arange(high - low), self.guess[low:high] % k] = True
            messages = np.take(self.first_message, queries)
            chunk = _Chunk(low, high, [(local, queries, messages, probabilities, active)])
            del local, queries, messages, probabilities
            lane = next(i for i in range(LANES) if cuts[i] <= number < cuts[i + 1])
            self.lanes[lane].append(chunk)
            frozen_sums -= np.bincount(chunk.queries, chunk.probabilities, minlength=m)
            frozen_squares -= np.bincount(
                chunk.queries, chunk.probabilities.astype(np.float64) ** 2, minlength=m
            )
        self.frozen = [(frozen_squares, frozen_sums)] + [
            (np.zeros(m), np.zeros(m)) for _ in range(LANES - 1)
        ]

    def _chunk_guess(self, chunk: _Chunk, logs: np.ndarray) -> np.ndarray:
        """The argmax of each row over its active cells (no dense log-beliefs are kept)."""
        row_top = np.maximum.reduceat(logs, chunk.row_starts)
        where = np.flatnonzero(logs == np.take(row_top, chunk.row_of))
        rows = chunk.row_of[where]
        first = np.r_[True, rows[1:] != rows[:-1]]
        return chunk.cells[where[first]] % self.k

    def run(self, iterations: int) -> np.ndarray | None:
        """The streamed first update, then up to ``iterations - 1`` active updates."""
        n, m, k = self.n, self.m, self.k
        uniform = float(_beliefs(np.zeros((1, k)))[0, 0])
        squares = np.full(m, n * uniform * uniform)
        sums = np.full(m, n * uniform)
        spread = np.maximum(sums - squares - uniform + uniform * uniform, _VARIANCE_FLOOR)
        first = np.maximum(uniform * uniform + self.targets - squares, _TINY) / spread
        self.first_message[:] = np.clip(np.log(first), -CLIP, CLIP)
        zero_hits = self._stream_first()
        if np.array_equal(zero_hits, self.answers):
            return np.zeros(n, dtype=np.int64)
        self._stream_pairs()
        with _Lanes(self.workers, self.stopped, range(LANES)) as each_lane:
            for number in range(iterations - 1):
                if number == 0:
                    hits = self._hits_first
                    squares = self.frozen[0][0] + sum(
                        np.bincount(c.queries, c.probabilities.astype(np.float64) ** 2, minlength=m)
                        for c in self.chunks
                    )
                    sums = self.frozen[0][1] + sum(
                        np.bincount(c.queries, c.probabilities, minlength=m) for c in self.chunks
                    )
                else:
                    hits, squares, sums = self._totals()
                if np.array_equal(hits, self.answers):
                    return self.guess.copy()
                self.spread_base[:] = sums - squares
                self.offset_base[:] = self.targets - squares
                self.still = 0
                each_lane(self._sweep)
                total = sum(chunk.cells.size for chunk in self.chunks)
                if 2 * self.still < total:
                    each_lane(self._set_aside)
            hits = self._totals()[0]
            return self.guess.copy() if np.array_equal(hits, self.answers) else None


def decode_streamed(
    blocks: Any,
    num_positions: int,
    blacks: Any,
    num_colors: int,
    *,
    iterations: int = ITERATIONS,
    damping: float = DAMPING,
    active_belief: float = STREAM_ACTIVE_BELIEF,
) -> tuple[np.ndarray, bool]:
    """Decode sparse black-peg answers of a set read as row blocks: ``(code, reproduces)``.

    ``blocks()`` yields the set's ``(start, rows)`` blocks in order, the same each call
    (it is read twice). Belief propagation with the translated Poisson law on the
    active cells (:class:`_Active`), without the set ever held whole; no repair step
    (that needs the whole set): when the phase ends without a code that reproduces
    every answer, the result's flag is false and the game it ends is lost.

    Raises:
        ValueError: fewer or more queries in the blocks than answers.
    """
    answers = np.asarray(blacks, dtype=np.int64).reshape(-1)
    n, k = int(num_positions), int(num_colors)
    phase = _Streamed(
        blocks,
        n,
        k,
        answers,
        answers.astype(np.float32),
        damping,
        workers=_threads(n * answers.shape[0], LANES),
        active_belief=active_belief,
    )
    found = phase.run(max(2, iterations))
    if found is not None:
        return found, True
    return phase.guess.copy(), False
