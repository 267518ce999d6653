"""Peeling with a bounded backtracking search: the repair step of belief propagation.

Black pegs ``B(x) = #{i : x_i = z_i}`` of a set of queries, decoded cell by cell: a
query whose residual answer is 0 rules out every (position, colour) cell it still holds
open, one whose residual equals its open cells fixes them all, and a position with one
open colour is fixed; what stalls is finished by a small backtracking search over the
open cells. :func:`~mastermind_q.classical.static_bp.repair` runs it on the positions
belief propagation leaves unsure, with the answers less the confident positions'
matches.

Example:
    >>> import numpy as np
    >>> queries = np.array([[0, 0], [1, 0], [0, 1]])
    >>> code, reproduces = peel_decode(queries, np.array([1, 0, 2]), 2)
    >>> code.tolist(), reproduces
    ([0, 1], True)
"""

from __future__ import annotations

import numpy as np

__all__ = ["peel_decode"]

_SEARCH_NODES = 200
"""Most backtracking nodes :func:`peel_decode` spends once peeling stalls."""
_SEARCH_WORK = 20_000_000
"""Query entries (queries x open positions, per node) the backtracking may visit in all:
a stalled game far from decodable gives up in seconds."""


def _peel(queries: np.ndarray, residual: np.ndarray, alive: np.ndarray, known: np.ndarray) -> bool:
    """Propagate to a fixed point in place; ``False`` when the answers are contradicted.

    ``alive[i, c]``: colour ``c`` still possible at position ``i``; ``known[i]``: the
    fixed colour or -1 (both updated); ``residual``: the answers. Each round works on
    the open positions and the queries that still hold an open cell only, as flat
    cell numbers ``i k + c`` into ``alive`` (one gather per round), so the rounds get
    cheaper as the code is pinned down.
    """
    k = alive.shape[1]
    flat_alive = alive.reshape(-1)
    if not np.shares_memory(flat_alive, alive):  # pragma: no cover - alive is C-contiguous
        raise ValueError("alive must be a C-contiguous array")
    fixed = np.flatnonzero(known >= 0)
    left = residual.astype(np.int64, copy=True)
    if fixed.size:
        left -= (queries[:, fixed] == known[fixed][None, :]).sum(axis=1)
    columns = np.flatnonzero(known < 0)
    dtype = np.int32 if alive.size < 2**31 else np.int64
    if columns.size == queries.shape[1]:  # no column selection: a plain copy is far cheaper
        work = queries.astype(dtype, copy=True)
    else:
        work = queries[:, columns].astype(dtype)
    work += (columns * k).astype(dtype)[None, :]
    while True:
        still = known[columns] < 0
        if not still.all():  # positions fixed last round leave the working set
            gone = ~still
            cells_fixed = (columns[gone] * k + known[columns[gone]]).astype(dtype)
            left = left - (work[:, gone] == cells_fixed[None, :]).sum(axis=1)
            work, columns = work[:, still], columns[still]
        if columns.size == 0:
            return bool(np.all(left == 0))
        live = flat_alive[work]
        cells = live.sum(axis=1)
        if np.any(left < 0) or np.any(left > cells):
            return False
        active = cells > 0  # a query with no open cell (and nothing left) is done
        if not active.all():
            work, left, live, cells = work[active], left[active], live[active], cells[active]
        changed = False
        zero = left == 0
        if zero.any():
            flat_alive[work[zero][live[zero]]] = False
            changed = True
        full = left == cells
        if full.any():
            chosen = work[full][live[full]]
            positions, colours = chosen // k, chosen % k
            order = np.argsort(positions, kind="stable")
            positions, colours = positions[order], colours[order]
            same = positions[1:] == positions[:-1]
            if np.any(same & (colours[1:] != colours[:-1])):
                return False
            if np.any(~alive[positions, colours]):
                return False
            known[positions] = colours
            changed = True
        now = columns[known[columns] >= 0]
        if now.size:
            if np.any(~alive[now, known[now]]):
                return False
            alive[now] = False
            alive[now, known[now]] = True
        still_open = columns[known[columns] < 0]
        options = alive[still_open].sum(axis=1)
        if np.any(options == 0):
            return False
        single = options == 1
        if single.any():
            where = still_open[single]
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


def peel_decode(queries: np.ndarray, blacks: np.ndarray, k: int) -> tuple[np.ndarray, bool]:
    """Peeling and a bounded backtracking search: ``(code, reproduces_every_answer)``.

    Peeling (module docstring) to a fixed point, then a backtracking search of at most
    :data:`_SEARCH_NODES` nodes (fewer when many positions stay open:
    :data:`_SEARCH_WORK`) on the positions still open (their queries' residual
    answers only). The code returned reproduces every answer when the flag is true;
    otherwise it is the best guess left (fixed positions, else the likeliest colour).
    The repair step of :func:`~mastermind_q.classical.static_bp.decode_bp` runs it on
    the positions belief propagation leaves unsure.
    """
    queries = np.asarray(queries)
    blacks = np.asarray(blacks, dtype=np.int64)
    n = queries.shape[1]
    work_dtype = np.int32 if k <= np.iinfo(np.int32).max else np.int64
    queries = queries.astype(work_dtype, copy=False)
    alive = np.ones((n, k), dtype=bool)
    known = np.full(n, -1, dtype=queries.dtype)
    consistent = _peel(queries, blacks, alive, known)
    if consistent and np.any(known < 0):
        open_positions = np.flatnonzero(known < 0)
        fixed = np.flatnonzero(known >= 0)
        residual = blacks - (queries[:, fixed] == known[fixed][None, :]).sum(axis=1)
        sub_queries = np.ascontiguousarray(queries[:, open_positions])
        sub_known = np.full(open_positions.size, -1, dtype=queries.dtype)
        nodes = min(_SEARCH_NODES, max(1, _SEARCH_WORK // max(sub_queries.size, 1)))
        found = _search(sub_queries, residual, alive[open_positions].copy(), sub_known, [nodes])
        if found is not None:
            known[open_positions] = found
    guess = known.copy()
    open_positions = np.flatnonzero(guess < 0)
    if open_positions.size:
        guess[open_positions] = alive[open_positions].argmax(axis=1)
    reproduces = bool(np.array_equal((queries == guess[None, :]).sum(axis=1), blacks))
    return guess.astype(np.int64), reproduces
