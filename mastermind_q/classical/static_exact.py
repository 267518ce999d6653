"""The exact static minimum: the fewest non-adaptive queries that identify every secret.

In the static game the codebreaker commits to a set ``Q`` of queries, gets all their
answers at once, and then makes its final guess. ``Q`` identifies every secret when the
answer vectors ``(f(x, s))_{x in Q}`` of distinct secrets ``s`` differ. With black pegs
``B_s(x) = n - d_H(s, x)``, so such sets are the *resolving sets* of the Hamming graph
``H(n, k)`` and the minimum is its metric dimension ``beta(H(n, k))``.

:func:`static_minimum` computes the minimum exactly with OR-Tools CP-SAT, one model
per candidate size ``m`` from a lower bound upwards (the first feasible ``m`` is the
minimum, every smaller one is proven infeasible):

* **hypercube** (``k = 2``, black pegs): ``H(n, 2)`` is vertex-transitive, so one query
  is ``0...0`` (its answer gives the weight ``|s|``). For two secrets of equal weight,
  ``B_s(x) - B_t(x) = 2 <x, s - t>``, so the other ``m - 1`` queries (rows of a 0/1
  matrix ``X``) must satisfy ``<x, d> != 0`` for some row, for every balanced
  ``d in {-1, 0, 1}^n`` (``sum d = 0``, ``d != 0``): about ``3^n / sqrt(n)`` constraints
  instead of ``4^n`` pairs of secrets. Symmetry breaking: complementing a row keeps
  ``|<x, d>|`` (``sum d = 0``), so every row has weight ``<= n/2``; rows are strictly
  and columns weakly lexicographically ordered (double lex: position relabelling
  and query order). The lower bound ``beta(H(n - 1, k)) <= beta(H(n, k))`` (restrict
  to secrets ending in colour 0) starts the search, computed first (and cached);
* **two positions** (black pegs): a query set is a 0/1 ``k x k`` matrix ``Z``
  (``Z[a, b] = 1``: query ``(a, b)`` is asked); one clause per pair of secrets lists
  the queries that tell them apart; colour relabelling per position permutes the
  rows and the columns of ``Z``, broken by double lex ordering (rows and columns
  non-increasing);
* **otherwise** (``n >= 3, k >= 3``, and black-white feedback): the same hitting-set
  model over all ``k^n`` codes, with lazily added pairs (solve, find the pairs of
  secrets the solution leaves together, add their clauses, solve again). Black
  pegs: ``0...0`` is in the set (vertex-transitivity); black-white: the set holds a
  code of the form ``0..0 1..1 2..2`` (colour and position relabelling map any code
  to one).

The start is the counting bound ``A^m >= k^n`` (``A`` answers: ``n + 1`` black, ``(n +
1)(n + 2)/2 - 1`` black-white) and, for black pegs, the value at ``n - 1``; a greedy set
gives the upper bound (reached without a proof of feasibility). Each set found is
checked to resolve every secret before it is returned. Results (the value *and* one
minimum set) are cached on disk like :mod:`~mastermind_q.classical.optimal`'s
strategies (:func:`~mastermind_q.classical.optimal.cache_directory`).

Cost: measured on the shared 2-core machine (``benchmarks/RESULTS.md``, "static"):
the hypercube to ``n = 10`` (7 queries; ``n = 9``, 6 infeasible, is the slow proof)
and two positions to ``k = 10``; sizes beyond ``MASTERMIND_Q_MAX_STATIC_CODES`` codes
(:func:`mastermind_q.classical.static_limits.check_static_search`) are refused before any work.

References:
    F. Harary and R. A. Melter, "On the metric dimension of a graph", Ars Combinatoria
    2, 191-195 (1976). J. Caceres, C. Hernando, M. Mora, I. M. Pelayo, M. L. Puertas,
    C. Seara, D. R. Wood, "On the metric dimension of Cartesian products of graphs",
    SIAM J. Discrete Math. 21(2), 423-441 (2007): ``beta(K_k x K_k) =
    floor(2(2k - 1)/3)``, Theorem 6.1. OEIS A303735 (metric dimension of the hypercube:
    1, 2, 3, 4, 4, 5, 6, 6, 7, 7). B. Lindstrom, "On a combinatory detection problem
    I", Publ. Math. Inst. Hungar. Acad. Sci. 9 (1964); D. G. Cantor and W. H. Mills,
    "Determination of a subset from certain combinatorial properties", Canad. J.
    Math. 18 (1966): ``~ 2n / log2 n`` coin weighings (not implemented here). P. Erdos
    and A. Renyi, "On two problems of information theory" (1963): random weighings.

Example:
    >>> static_minimum(3, 2)
    3
    >>> static_minimum(2, 4)
    4
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..game import Code, validate_colors, validate_feedback, validate_flag, validate_positions
from .progress import ProgressCallback, progress_callback, search_progress

__all__ = [
    "is_resolving",
    "static_minimum",
    "static_minimum_set",
    "static_progress",
]

_CACHE_VERSION = 1
_WORKERS = 2
_LAZY_BATCH = 2000


@contextlib.contextmanager
def static_progress(callback: ProgressCallback | None) -> Iterator[None]:
    """Report the progress of :func:`static_minimum` searches started inside the block.

    ``callback(done, total)``: ``total`` candidate sizes lie between the lower and the
    upper bound of the game being solved, ``done`` of them are settled. The library
    never prints; the CLI passes a progress bar here
    (:func:`mastermind_q.classical.progress.search_progress` for ``"static"``).
    """
    with search_progress("static", callback):
        yield


# -- answer tables -------------------------------------------------------------------------
def _codes(n: int, k: int) -> np.ndarray:
    from .codes import all_codes

    return all_codes(n, k).astype(np.int64)


def _answers(codes: np.ndarray, queries: np.ndarray, k: int, feedback: str) -> np.ndarray:
    """``A[q, s]``: the answer to query ``q`` for secret ``s`` as one integer
    (:func:`~mastermind_q.classical.codes.feedback_keys`)."""
    from .codes import feedback_keys

    return feedback_keys(queries, codes, feedback=feedback)


def _classes(signature_rows: np.ndarray) -> np.ndarray:
    """Class labels of the columns of ``signature_rows`` (equal answer vectors)."""
    if signature_rows.shape[0] == 0:
        return np.zeros(signature_rows.shape[1], dtype=np.int64)
    _, labels = np.unique(signature_rows.T, axis=0, return_inverse=True)
    return labels.reshape(-1)


def is_resolving(
    queries: Sequence[Sequence[int]], n: int, k: int, *, feedback: str = "black"
) -> bool:
    """Whether the answers to ``queries`` tell every two secrets of ``[k]^n`` apart.

    Cost: enumerates the ``k^n`` secrets (``all_codes`` refuses more than 2,000,000).

    Example:
        >>> is_resolving([(0, 0), (1, 0)], 2, 2), is_resolving([(0, 0)], 2, 2)
        (True, False)
    """
    n = validate_positions(n)
    k = validate_colors(k)
    feedback = validate_feedback(feedback)
    rows = _query_rows(queries, n, k)
    codes = _codes(n, k)
    labels = _classes(_answers(codes, rows, k, feedback))
    return int(labels.max(initial=0)) + 1 == codes.shape[0]


def _query_rows(queries: Any, n: int, k: int) -> np.ndarray:
    """``queries`` as an ``m x n`` array, each a code of ``[k]^n``, else a one-line error.

    Raises:
        TypeError: ``queries`` not an iterable of codes.
        ValueError: a query of the wrong length, or a colour that is not an integer in
            ``0..k-1`` (floats, strings, bools and negative numbers are named).
    """
    from ..game import validate_code

    if isinstance(queries, (str, bytes)) or not hasattr(queries, "__iter__"):
        raise TypeError(f"queries must be a sequence of codes, was {type(queries).__name__}")
    rows = [
        validate_code(query, k, positions=n, name=f"query {i}") for i, query in enumerate(queries)
    ]
    return np.array(rows, dtype=np.int64).reshape(-1, n)


# -- bounds ---------------------------------------------------------------------------------
def _counting_bound(n: int, k: int, feedback: str) -> int:
    """``min m`` with ``answers^m >= k^n`` (each query has that many answers), in closed form."""
    answers = n + 1 if feedback == "black" else (n + 1) * (n + 2) // 2 - 1
    m = max(0, math.ceil(n * math.log(k) / math.log(answers) - 1e-9))
    while m > 0 and (m - 1) * math.log(answers) >= n * math.log(k) - 1e-9:
        m -= 1
    return m


def _greedy_set(codes: np.ndarray, k: int, feedback: str, first: Sequence[int]) -> list[int]:
    """A resolving set by greedy splitting (indices into ``codes``), starting at ``first``."""
    size = codes.shape[0]
    chosen = list(first)
    labels = _classes(_answers(codes, codes[chosen], k, feedback))
    table = None
    while int(labels.max(initial=0)) + 1 < size:
        if table is None:
            table = _answers(codes, codes, k, feedback)
        width = int(table.max()) + 1
        keys = labels[None, :] * width + table  # (candidates, secrets)
        # classes after adding each candidate: count distinct keys per row
        ordered = np.sort(keys, axis=1)
        distinct = 1 + (np.diff(ordered, axis=1) != 0).sum(axis=1)
        best = int(np.argmax(distinct))
        chosen.append(best)
        labels = _classes(np.vstack([labels[None, :], table[best][None, :]]))
    return chosen


# -- exact models --------------------------------------------------------------------------
def _solver(cp_model: Any, seed: int = 0) -> Any:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = _WORKERS
    solver.parameters.random_seed = seed
    # Ctrl-C and SIGTERM are the caller's: _solve stops the search (CP-SAT's own
    # handler would stop one solve only and let the game go on).
    solver.parameters.catch_sigint_signal = False
    return solver


def _solve(solver: Any, model: Any) -> Any:
    """``solver.Solve(model)``, stopped within a poll of Ctrl-C or SIGTERM.

    In the main thread the search runs in a helper thread that a signal stops
    (:func:`~mastermind_q.classical.consistent.interruptible_solve`).
    """
    from .consistent import interruptible_solve

    return interruptible_solve(solver, model)


def _lex_geq(model: Any, left: Sequence[Any], right: Sequence[Any], *, strict: bool) -> None:
    """``left >=_lex right`` for 0/1 variable lists (as binary numbers, short lists only)."""
    width = len(left)
    value_left = sum((1 << (width - 1 - i)) * v for i, v in enumerate(left))
    value_right = sum((1 << (width - 1 - i)) * v for i, v in enumerate(right))
    if strict:
        model.add(value_left > value_right)
    else:
        model.add(value_left >= value_right)


def _balanced_differences(n: int) -> list[tuple[int, ...]]:
    """Non-zero ``d in {-1, 0, 1}^n`` with ``sum d = 0``, one of each pair ``d, -d``."""
    out = []
    for d in itertools.product((-1, 0, 1), repeat=n):
        if sum(d) == 0 and any(d) and d[next(i for i, v in enumerate(d) if v)] == 1:
            out.append(d)
    return out


def _hypercube_set(n: int, m: int) -> list[Code] | None:
    """A resolving set of ``m`` queries of ``H(n, 2)`` containing ``0...0``, or ``None``."""
    from ortools.sat.python import cp_model

    rows = m - 1
    differences = _balanced_differences(n)
    if rows == 0:
        return [(0,) * n] if not differences else None
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x{i}_{j}") for j in range(n)] for i in range(rows)]
    for d in differences:
        told = []
        for i in range(rows):
            flag = model.new_bool_var("")
            model.add(sum(dj * x[i][j] for j, dj in enumerate(d) if dj) != 0).OnlyEnforceIf(flag)
            told.append(flag)
        model.add_bool_or(told)
    for i in range(rows):
        model.add(2 * sum(x[i]) <= n)
    for i in range(rows - 1):
        _lex_geq(model, x[i + 1], x[i], strict=True)
    columns = [[x[i][j] for i in range(rows)] for j in range(n)]
    for j in range(n - 1):
        _lex_geq(model, columns[j + 1], columns[j], strict=False)
    solver = _solver(cp_model)
    status = _solve(solver, model)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # pragma: no cover - no limit set
        raise RuntimeError(f"CP-SAT stopped without an answer for H({n}, 2), m={m}")
    found = [(0,) * n]
    found += [tuple(int(solver.Value(v)) for v in row) for row in x]
    return found


def _hitting_set(
    codes: np.ndarray,
    k: int,
    feedback: str,
    m: int,
    table: np.ndarray,
) -> list[int] | None:
    """A resolving set of ``m`` codes (indices), or ``None`` if there is none."""
    from ortools.sat.python import cp_model

    n = codes.shape[1]
    size = codes.shape[0]
    two_positions = n == 2 and feedback == "black"
    model = cp_model.CpModel()
    z = [model.new_bool_var(f"z{i}") for i in range(size)]
    model.add(sum(z) == m)
    if two_positions:  # Z[a, b] = z[a k + b]: rows and columns non-increasing (double lex)
        grid = [[z[a * k + b] for b in range(k)] for a in range(k)]
        for a in range(k - 1):
            _lex_geq(model, grid[a], grid[a + 1], strict=False)
        columns = [[grid[a][b] for a in range(k)] for b in range(k)]
        for b in range(k - 1):
            _lex_geq(model, columns[b], columns[b + 1], strict=False)
    elif feedback == "black":
        model.add(z[0] == 1)  # vertex-transitivity: 0...0 is in the set
    else:
        patterns = [
            i
            for i, row in enumerate(codes.tolist())
            if all(b >= a for a, b in itertools.pairwise(row))
            and all(c <= 1 + max(row[:j], default=-1) for j, c in enumerate(row))
        ]
        model.add_bool_or([z[i] for i in patterns])
    pairs = list(itertools.combinations(range(size), 2)) if size <= 128 else []
    added: set[tuple[int, int]] = set()
    rng = np.random.default_rng(0)
    while True:
        for s, t in pairs:
            if (s, t) in added:
                continue
            added.add((s, t))
            model.add_bool_or([z[int(x)] for x in np.flatnonzero(table[:, s] != table[:, t])])
        solver = _solver(cp_model)
        status = _solve(solver, model)
        if status == cp_model.INFEASIBLE:
            return None
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # pragma: no cover
            raise RuntimeError(f"CP-SAT stopped without an answer for n={n}, k={k}, m={m}")
        chosen = [i for i in range(size) if solver.Value(z[i])]
        labels = _classes(table[chosen])
        pairs = []
        order = np.argsort(labels, kind="stable")
        bounds = np.flatnonzero(np.diff(labels[order])) + 1
        for group in np.split(order, bounds):
            if group.size > 1:
                pairs.extend(
                    (int(a), int(b)) for a, b in itertools.combinations(sorted(group.tolist()), 2)
                )
        if not pairs:
            return chosen
        if len(pairs) > _LAZY_BATCH:
            picks = rng.choice(len(pairs), size=_LAZY_BATCH, replace=False)
            pairs = [pairs[int(i)] for i in picks]


# -- cache ---------------------------------------------------------------------------------
_CACHE_MAX_BYTES = 1 << 20
"""Largest static cache file read back (a minimum set of the searched sizes is a few KiB)."""


def _cache_path(n: int, k: int, feedback: str) -> Path:
    from .optimal import cache_directory

    return cache_directory() / f"static-v{_CACHE_VERSION}-{feedback}-n{n}-k{k}.json"


def _is_int(value: Any) -> bool:
    return type(value) is int  # JSON integers only: not true, not 3.0


def _literature_minimum(n: int, k: int, feedback: str) -> int | None:
    """The proven minimum where the literature has it (black pegs), else ``None``.

    The hypercube ``n <= 10`` (OEIS A303735) and two positions ``floor(2(2k - 1)/3)``
    (Caceres et al. 2007, Theorem 6.1, ``k >= 3``).
    """
    if feedback != "black":
        return None
    if k == 2 and n <= len(_HYPERCUBE):
        return _HYPERCUBE[n - 1]
    if n == 2 and k >= 3:
        return (2 * (2 * k - 1)) // 3
    return None


_HYPERCUBE = (1, 2, 3, 4, 4, 5, 6, 6, 7, 7)
"""``beta(H(n, 2))`` for ``n = 1..10`` (OEIS A303735)."""


def _load_cached(n: int, k: int, feedback: str, use_cache: bool = True) -> tuple[Code, ...] | None:
    """The cached minimum set, or ``None`` when absent, malformed or not proven minimal.

    A cached set is used only if it resolves every secret *and* its size is proven
    minimal: it equals the value the literature gives (:func:`_literature_minimum`) or
    the counting bound, or the model for one query fewer is infeasible (computed again,
    a few seconds within the limits). Anything else is recomputed.
    """
    from ..caching import read_json_cache

    try:  # a small regular file of the user's own (a FIFO or /dev/zero is never read)
        data = read_json_cache(_cache_path(n, k, feedback), max_bytes=_CACHE_MAX_BYTES)
        if not isinstance(data, dict) or not _is_int(data.get("version")):
            return None
        if data["version"] != _CACHE_VERSION:
            return None
        if not (_is_int(data.get("n")) and _is_int(data.get("k")) and _is_int(data.get("minimum"))):
            return None
        if (data["n"], data["k"], data.get("feedback")) != (n, k, feedback):
            return None
        raw = data["queries"]
        if not isinstance(raw, list) or any(
            not isinstance(q, list) or not all(_is_int(c) for c in q) for q in raw
        ):
            return None
        queries = tuple(tuple(q) for q in raw)
        if len(queries) != data["minimum"] or not queries:
            return None
        if any(len(q) != n or any(not 0 <= c < k for c in q) for q in queries):
            return None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not is_resolving(queries, n, k, feedback=feedback):
        return None
    size = len(queries)
    known = _literature_minimum(n, k, feedback)
    if known is not None:
        return queries if size == known else None
    if size <= _counting_bound(n, k, feedback):
        return queries
    if _solve_size(n, k, feedback, size - 1, use_cache) is not None:
        return None  # one query fewer resolves: the cached set is not a minimum
    return queries


def _store_cached(n: int, k: int, feedback: str, queries: tuple[Code, ...]) -> None:
    path = _cache_path(n, k, feedback)
    data = {
        "version": _CACHE_VERSION,
        "n": n,
        "k": k,
        "feedback": feedback,
        "minimum": len(queries),
        "queries": [list(q) for q in queries],
    }
    from ..caching import write_json_cache

    # private and atomic; a cache that cannot be written only costs a recomputation
    write_json_cache(path, data)


# -- the exact minimum ---------------------------------------------------------------------
_SETS: dict[tuple[int, int, str], tuple[Code, ...]] = {}


def _check(n: Any, k: Any, feedback: Any) -> tuple[int, int, str]:
    from .static_limits import check_static_search

    num_positions = validate_positions(n)
    num_colors = validate_colors(k)
    feedback = validate_feedback(feedback)
    check_static_search(num_positions, num_colors, feedback)
    return num_positions, num_colors, feedback


def _solve_size(n: int, k: int, feedback: str, m: int, use_cache: bool) -> list[Code] | None:
    """A resolving set of ``m`` queries, or ``None`` when CP-SAT proves there is none."""
    if m <= 0:
        return None
    if k == 2 and feedback == "black":
        return _hypercube_set(n, m)
    codes = _codes(n, k)
    table = _answers(codes, codes, k, feedback)
    indices = _hitting_set(codes, k, feedback, m, table)
    return None if indices is None else [tuple(int(c) for c in codes[i]) for i in indices]


def _compute(
    n: int, k: int, feedback: str, progress: ProgressCallback | None, use_cache: bool
) -> tuple[Code, ...]:
    codes = _codes(n, k)
    size = codes.shape[0]
    lower = _counting_bound(n, k, feedback)
    if feedback == "black" and n > 1:  # beta(H(n-1, k)) <= beta(H(n, k))
        lower = max(lower, len(_minimum_set(n - 1, k, feedback, None, use_cache)))
    greedy = _greedy_set(codes, k, feedback, [0]) if size > 1 else [0]
    upper = len(greedy)
    best: list[Code] = [tuple(int(c) for c in codes[i]) for i in greedy]
    total = max(upper - lower, 0) + 1
    for done, m in enumerate(range(lower, upper)):
        if progress is not None:
            progress(done, total)
        found = _solve_size(n, k, feedback, m, use_cache)
        if found is not None:
            best = found
            break
    if progress is not None:
        progress(total, total)
    queries = tuple(sorted(best))
    if not is_resolving(queries, n, k, feedback=feedback):  # pragma: no cover - a model bug
        raise RuntimeError(f"internal error: the static set for n={n}, k={k} does not resolve")
    return queries


def _minimum_set(
    n: int, k: int, feedback: str, progress: ProgressCallback | None, use_cache: bool
) -> tuple[Code, ...]:
    key = (n, k, feedback)
    if key in _SETS:
        return _SETS[key]
    queries = _load_cached(n, k, feedback, use_cache) if use_cache else None
    if queries is None:
        queries = _compute(n, k, feedback, progress, use_cache)
        if use_cache:
            _store_cached(n, k, feedback, queries)
    _SETS[key] = queries
    return queries


def static_minimum_set(
    n: int,
    k: int,
    *,
    feedback: str = "black",
    progress: ProgressCallback | None = None,
    use_cache: bool = True,
) -> tuple[Code, ...]:
    """A minimum static query set of ``[k]^n``: :func:`static_minimum` queries that resolve.

    Args:
        n: positions.
        k: colours.
        feedback: ``"black"`` (default) or ``"black-white"``.
        progress: ``callback(done, total)`` over the candidate sizes (default: the one
            set by :func:`static_progress`).
        use_cache: read and write the disk cache.

    Returns:
        The queries, sorted.

    Raises:
        ValueError: invalid sizes or feedback.
        mastermind_q.limits.ResourceLimitError: ``k^n`` beyond
            ``MASTERMIND_Q_MAX_STATIC_CODES``, before any work.
    """
    validate_flag(use_cache, "use_cache")
    n, k, feedback = _check(n, k, feedback)
    callback = progress if progress is not None else progress_callback("static")
    return _minimum_set(n, k, feedback, callback, use_cache)


def static_minimum(
    n: int,
    k: int,
    *,
    feedback: str = "black",
    progress: ProgressCallback | None = None,
    use_cache: bool = True,
) -> int:
    """The fewest non-adaptive queries that identify every secret of ``[k]^n``.

    ``min |Q|`` over sets ``Q`` whose answers separate every two secrets; the final
    winning guess is not included. With black pegs this is the metric dimension of the
    Hamming graph ``H(n, k)``. Exact: CP-SAT proves every smaller size infeasible
    (module docstring).

    Cost: the hypercube at ``n = 9`` (the slow proof) about 45 s, two positions at
    ``k = 8`` a few seconds (``benchmarks/RESULTS.md``); cached in memory and on disk.

    Args:
        n: positions.
        k: colours.
        feedback: ``"black"`` (default) or ``"black-white"``.
        progress: ``callback(done, total)`` over the candidate sizes (default: the one
            set by :func:`static_progress`).
        use_cache: read and write the disk cache.

    Returns:
        The minimum number of queries.

    Raises:
        ValueError: invalid sizes or feedback.
        mastermind_q.limits.ResourceLimitError: ``k^n`` beyond
            ``MASTERMIND_Q_MAX_STATIC_CODES``, before any work.

    Reference:
        OEIS A303735 (``k = 2``); Caceres et al., SIAM J. Discrete Math. 21 (2007),
        Theorem 6.1 (``n = 2``: ``floor(2(2k - 1)/3)``).

    Example:
        >>> [static_minimum(n, 2) for n in range(1, 6)]
        [1, 2, 3, 4, 4]
    """
    return len(static_minimum_set(n, k, feedback=feedback, progress=progress, use_cache=use_cache))
