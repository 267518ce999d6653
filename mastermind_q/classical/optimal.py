"""The exact optimum for small games: a minimax codebreaker found by game-tree search.

For a set ``S`` of secrets still consistent with the answers and a budget of ``d``
guesses, let ``F(S, d)`` be the smallest *total* number of guesses, summed over the
secrets of ``S``, of a strategy that finds every secret of ``S`` within ``d`` guesses
(``inf`` if none does). A guess ``g`` splits ``S`` into answer classes ``S_a``; every
secret pays for ``g`` and the class of the winning answer is done, so

    ``F(S, d) = min_g ( |S| + sum_{a != win} F(S_a, d - 1) )``,  ``F({s}, d) = 1``.

The optimal worst case is ``D = min{d : F(codes, d) < inf}`` and the smallest mean
under it ``F(codes, D) / N``: a strategy minimal in the worst case, ties broken by the
smallest expected number of guesses (the order the toolkit plays). Guesses range over
every legal code (consistent or not); every answered guess counts, the final winning
one included.

The search is a depth-first branch and bound over ``(S, d)``:

* **answer tables**: ``A[g, s]`` for every guess and secret (an ``N x N`` numpy
  array, ``b (n + 1) + w`` for black-white feedback); the partition of ``S`` by all
  candidate guesses is one ``np.bincount`` over ``A[guesses][:, S]``;
* **lower bounds from answer counts**: a guess wins at most one secret and has at most
  ``R`` other answers, so at most ``R^(j-1)`` secrets can be found by the ``j``-th
  guess; filling levels greedily bounds ``F(m, d)`` for a class of ``m`` secrets
  (``2m - 1`` while ``m <= R + 1``) and marks classes too large for ``d`` guesses.
  A guess is bounded by ``|S| + sum_a L(|S_a|, d - 1)`` from its partition sizes and
  the guesses are tried best bound first; a guess is dropped once its bound, or the
  bound plus the exact values of the classes solved so far, reaches the best total;
* **exact shortcuts**: a consistent guess that splits ``S`` into singletons gives
  ``2|S| - 1`` (the bound), any other such guess ``2|S|``;
* **symmetry**: colour relabelling and position relabelling (``S_k x S_n``) leave
  every answer unchanged. The first guesses are one per colour-multiplicity pattern
  (one for the permutation game); below a first guess ``g0`` the search keeps the
  subgroup of its stabiliser that maps the current ``S`` onto itself, tries one guess
  per orbit of that subgroup (Neuwirth's and Knuth's "essentially different" guesses)
  and memoises ``F`` under the smallest image of ``S`` (with the best guess moved
  along), so symmetric positions are solved once.

Solved strategies are stored as a tree of guesses and cached on disk in the user cache
directory (``$MASTERMIND_Q_CACHE_DIR``, else ``platformdirs.user_cache_dir``), one
small JSON file per game, safe to delete. What the cache trusts: a file is used only
if it is a regular file of at most :data:`CACHE_MAX_BYTES`, owned by the user and not
writable by group or others (read without blocking, :mod:`mastermind_q.files`), holds
the expected schema for this game, and its tree, replayed on every secret, solves each
one with the recorded worst case and total. A valid tree need not be optimal, and
optimality cannot be re-checked without the search, so each file also carries a keyed
digest (:mod:`mastermind_q.caching`): a file edited by hand or written by anything but
this toolkit fails it. Anything else is ignored and the game is recomputed. The
directory is created ``0700``.

Cost: the measured frontier on the 2-core development machine (each within 5
minutes, see ``benchmarks/RESULTS.md``): 4 positions x 6 colours with black-white
feedback (Knuth's game), the permutation game up to ``n = k = 6``; the size limits
:data:`OPTIMAL_MAX_CODES` and the measured frontier :data:`OPTIMAL_MAX_COLORS` (the
most colours per number of positions) are checked before any work.

References:
    D. E. Knuth, "The computer as master mind", J. Recreational Mathematics 9(1), 1-6
    (1976-77): worst case 5 for 4 x 6 black-white. K. Koyama and T. W. Lai, "An optimal
    Mastermind strategy", J. Recreational Mathematics 25(4), 251-256 (1993): mean
    5625/1296 (one secret needs 6), 5626/1296 with worst case 5. E. Neuwirth, "Some
    strategies for Mastermind", Zeitschrift fuer Operations Research 26, B257-B278
    (1982): essentially different guesses under colour and position symmetry.

Example:
    >>> optimal_worst_case(3, 3, distinct=True)
    (4, 2.5)
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TypeGuard

import numpy as np

from ..caching import CACHE_ENV as _CACHE_ENV
from ..caching import cache_folder, read_json_cache, write_json_cache
from ..codebreaker import Codebreaker, CostModel
from ..codemaker import ClassicalCodemaker as Codemaker
from ..codemaker import check_codemaker
from ..game import (
    Code,
    validate_colors,
    validate_feedback,
    validate_flag,
    validate_positions,
    validate_seed,
)
from ..limits import check_code_space
from .codes import _all_codes, _count_codes, count_codes, feedback_keys, partitions
from .progress import ProgressCallback, progress_callback, search_progress

__all__ = [
    "CACHE_ENV",
    "CACHE_MAX_BYTES",
    "OPTIMAL",
    "OPTIMAL_MAX_CODES",
    "OPTIMAL_MAX_CODES_ENV",
    "OPTIMAL_MAX_COLORS",
    "OPTIMAL_MAX_GROUP",
    "Optimal",
    "OptimalStrategy",
    "cache_directory",
    "check_optimal_game",
    "optimal_max_codes",
    "optimal_progress",
    "optimal_strategy",
    "optimal_worst_case",
    "solve_optimal",
]

OPTIMAL_MAX_CODES = {
    ("black-white", False): 1296,
    ("black-white", True): 1296,
    ("black", True): 720,
    ("black", False): 256,
}
"""Largest code space (``k^n``, or ``k!/(k-n)!`` for the permutation game) the exact
search accepts, per ``(feedback, distinct)``. Within it, :data:`OPTIMAL_MAX_COLORS`
(the measured frontier) decides: the code count alone does not bound the time. Black-peg
answers carry less information, so the trees are deeper and the search slower (the
permutation game up to ``n = k = 6``; with repetition ``4 x 4`` takes 19 s while
``3 x 8`` did not finish in 10 minutes)."""

OPTIMAL_MAX_COLORS: dict[tuple[str, bool], dict[int, int]] = {
    ("black", False): {1: 256, 2: 8, 3: 6, 4: 4, 5: 3, 6: 2, 7: 2},
    ("black-white", False): {1: 256, 2: 12, 3: 8, 4: 6, 5: 3, 6: 2, 7: 2, 8: 2},
    ("black", True): {1: 256, 2: 8, 3: 6, 4: 6, 5: 6, 6: 6},
    ("black-white", True): {1: 256, 2: 8, 3: 8, 4: 6, 5: 5, 6: 6},
}
"""The measured frontier below :data:`OPTIMAL_MAX_CODES`: per ``(feedback, distinct)``
and number of positions ``n``, the most colours ``k`` admitted (``n`` not listed: no
game is admitted). Few positions give few answers, so the trees are deep:
``2 x 16`` black (256 codes) did not finish in 5 minutes; ``n = 1`` beyond ``k = 256``
needs a search deeper than Python's recursion limit (``1 x 1296`` black-white fails),
and its answer is known anyway (worst ``k``, mean ``(k + 1) / 2``). Each admitted game
was measured (``benchmarks/RESULTS.md``, "optimal: the admitted games")."""

OPTIMAL_MAX_CODES_ENV = "MASTERMIND_Q_MAX_OPTIMAL_CODES"
"""Environment variable that, when set, replaces every :data:`OPTIMAL_MAX_CODES` entry
and the frontier :data:`OPTIMAL_MAX_COLORS`."""

OPTIMAL_MAX_GROUP = 4_000_000
"""Largest stabiliser table (group elements x codes) the symmetry reduction builds;
larger games run with the position symmetry alone."""

CACHE_ENV = _CACHE_ENV
"""Environment variable that overrides the cache directory of solved strategies
(:data:`mastermind_q.caching.CACHE_ENV`, the folder of every disk cache)."""

CACHE_MAX_BYTES = 4 << 20
"""Largest cache file read (the 4 x 6 black-white tree is about 60 kB)."""

_CACHE_VERSION = 1
_INF = 1 << 40


@contextlib.contextmanager
def optimal_progress(callback: ProgressCallback | None) -> Iterator[None]:
    """Report the progress of strategy searches started inside the block.

    ``callback(done, total)`` is called as the first guesses of the search are settled
    (``total`` first guesses per worst-case level tried). The library never prints; the
    CLI passes a tqdm bar here
    (:func:`mastermind_q.classical.progress.search_progress` for ``"optimal"``).
    """
    with search_progress("optimal", callback):
        yield


def cache_directory() -> Path:
    """Where solved strategies are cached: ``$MASTERMIND_Q_CACHE_DIR`` or the user cache."""
    return cache_folder("optimal", under_override=False)


def optimal_max_codes(feedback: str, distinct: bool) -> int:
    """The largest code space the exact search accepts for one game.

    ``$MASTERMIND_Q_MAX_OPTIMAL_CODES`` when set (one value for every game), else
    :data:`OPTIMAL_MAX_CODES` ``[(feedback, distinct)]``.

    Raises:
        ValueError: the environment variable is not a positive integer.
    """
    from ..limits import environment_limit

    value = environment_limit(OPTIMAL_MAX_CODES_ENV)  # parsed as every limit variable
    if value is not None:
        return value
    return OPTIMAL_MAX_CODES[(feedback, distinct)]


def check_optimal_game(n: int, k: int, feedback: str, distinct: bool) -> None:
    """Refuse a game beyond :func:`optimal_max_codes` or the measured frontier, before any work.

    Without ``MASTERMIND_Q_MAX_OPTIMAL_CODES`` a game must also be within
    :data:`OPTIMAL_MAX_COLORS`: few positions and many colours make deep trees that the
    code count alone does not bound (``2 x 16`` black has 256 codes, like ``4 x 4``,
    and does not finish in 5 minutes where ``4 x 4`` takes 18 s).

    A game admitted only because ``MASTERMIND_Q_MAX_OPTIMAL_CODES`` raised the limit
    past the frontier gets a :class:`~mastermind_q.limits.LimitRaisedWarning` (once) that
    says what the search is likely to cost.

    Raises:
        mastermind_q.limits.ResourceLimitError: naming the game's own limit and
            ``MASTERMIND_Q_MAX_OPTIMAL_CODES``.
    """
    from ..limits import ResourceLimitError

    limit = optimal_max_codes(feedback, distinct)
    override = bool(os.environ.get(OPTIMAL_MAX_CODES_ENV, "").strip())
    game = game_words(feedback, distinct)
    # Before k^n is computed: a huge game is refused from its logarithm.
    check_code_space(
        "optimal",
        n,
        k,
        limit,
        distinct=distinct,
        limit_name=OPTIMAL_MAX_CODES_ENV,
        limit_words=None if override else f"the most codes it searches in the {game}",
        hint=(
            f"raise it with {OPTIMAL_MAX_CODES_ENV}"
            if override
            else "optimal searches the whole game tree, measured to finish within 5 "
            f"minutes up to this limit; raise it with {OPTIMAL_MAX_CODES_ENV}=N (one "
            "value for every game)"
        ),
    )
    frontier = OPTIMAL_MAX_COLORS[(feedback, distinct)]
    most = frontier.get(n, 0)
    if override:
        if k > most:  # admitted only because the variable raised the limit: say the cost
            from ..limits import warn_raised_limit

            where = f"at most k={most} with n={n}" if most else f"no game with n={n}"
            warn_raised_limit(
                ("optimal", n, k, feedback, distinct),
                f"optimal at n={n}, k={k} ({game}) is beyond the measured frontier "
                f"({where} finishes within 5 minutes; the slowest admitted games take "
                f"71-99 s, and 3 x 8 black did not finish in 10 minutes); it runs only "
                f"because {OPTIMAL_MAX_CODES_ENV}={limit}: the exact search may run for "
                "hours without output",
            )
        return
    if k > most:
        measured = (
            f"with {n} position{'s' if n > 1 else ''} at most k={most} finishes"
            if most
            else f"no game with {n} positions ({max(frontier)} at most) finishes"
        )
        raise ResourceLimitError(
            f"optimal at n={n}, k={k} ({game}) is beyond the measured frontier: "
            f"{measured} within 5 minutes; raise it with {OPTIMAL_MAX_CODES_ENV}=N, "
            "which replaces every optimal limit"
        )


def game_words(feedback: str, distinct: bool) -> str:
    """A game in words, for messages: ``"black-peg game with repeated colours"``,
    ``"black-white permutation game (no repeated colours)"``, ...

    Example:
        >>> game_words("black", False)
        'black-peg game with repeated colours'
    """
    answers = "black-peg" if feedback == "black" else "black-white"
    if distinct:
        return f"{answers} permutation game (no repeated colours)"
    return f"{answers} game with repeated colours"


def _check_game(n: Any, k: Any, feedback: Any, distinct: Any) -> tuple[int, int, str, bool, int]:
    num_positions = validate_positions(n)
    num_colors = validate_colors(k)
    feedback = validate_feedback(feedback)
    validate_flag(distinct, "distinct")
    check_optimal_game(num_positions, num_colors, feedback, distinct)
    total = _count_codes(num_positions, num_colors, distinct)
    return num_positions, num_colors, feedback, distinct, total


# -- tables ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Tables:
    n: int
    k: int
    feedback: str
    distinct: bool
    codes: np.ndarray  # (N, n)
    answers: np.ndarray  # (N, N): answers[g, s]
    num_answers: int
    win: int
    other_answers: int  # distinct non-winning answers that occur


def _answer_code(n: int, feedback: str, blacks: int, whites: int) -> int:
    return blacks * (n + 1) + whites if feedback == "black-white" else blacks


@functools.lru_cache(maxsize=4)
def _tables(n: int, k: int, feedback: str, distinct: bool) -> _Tables:
    codes = _all_codes(n, k, distinct)
    answers = feedback_keys(codes, codes, feedback=feedback, dtype=np.int16)
    num_answers = (n + 1) * (n + 1) if feedback == "black-white" else n + 1
    win = _answer_code(n, feedback, n, 0)
    occurring = np.unique(answers)
    return _Tables(
        n, k, feedback, distinct, codes, answers, num_answers, win, int(occurring.size - 1)
    )


def _code_index(codes: np.ndarray, k: int) -> Callable[[np.ndarray], np.ndarray]:
    """Map code rows to their indices in the lexicographic list ``codes``."""
    weights = k ** np.arange(codes.shape[1] - 1, -1, -1, dtype=np.int64)
    keys = codes.astype(np.int64) @ weights

    def index(rows: np.ndarray) -> np.ndarray:
        return np.searchsorted(keys, rows.astype(np.int64) @ weights)

    return index


def _first_guesses(tables: _Tables) -> list[int]:
    """One first guess per orbit of colour and position relabelling."""
    n, k = tables.n, tables.k
    index = _code_index(tables.codes, k)
    if tables.distinct:
        return [int(index(np.arange(n)[None, :])[0])]
    guesses = []
    for pattern in partitions(n, k):
        code = [color for color, count in enumerate(pattern) for _ in range(count)]
        guesses.append(int(index(np.array([code]))[0]))
    return guesses


def _stabiliser(tables: _Tables, guess: int) -> np.ndarray | None:
    """The colour and position relabellings fixing code ``guess``, as index permutations.

    An element ``(alpha, pi)`` maps code ``s`` to ``t`` with ``t[pi(j)] = alpha(s[j])``;
    it fixes ``g`` when ``alpha(g[j]) = g[pi(j)]`` for every ``j``. Returns an
    ``(E, N)`` array (row ``e``: the image index of every code) or ``None`` when only the
    identity is left or the table would exceed :data:`OPTIMAL_MAX_GROUP` entries.
    """
    n, k = tables.n, tables.k
    code = [int(c) for c in tables.codes[guess]]
    used = sorted(set(code))
    free = [c for c in range(k) if c not in used]
    elements: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for pi in itertools.permutations(range(n)):
        alpha: dict[int, int] = {}
        fits = True
        for j in range(n):
            image = code[pi[j]]
            if alpha.setdefault(code[j], image) != image:
                fits = False
                break
        if not fits or len(set(alpha.values())) != len(alpha):
            continue
        elements.append((pi, tuple(alpha[c] for c in used)))
    size = tables.codes.shape[0]
    count = len(elements) * math.factorial(len(free))
    if count <= 1:
        return None
    if count * size > OPTIMAL_MAX_GROUP:
        free_maps: list[tuple[int, ...]] = [tuple(free)]
    else:
        free_maps = list(itertools.permutations(free))
    index = _code_index(tables.codes, k)
    rows = []
    for pi, used_map in elements:
        for free_map in free_maps:
            alpha_array = np.empty(k, dtype=np.int64)
            alpha_array[used] = used_map
            if free:
                alpha_array[free] = free_map
            inverse_pi = np.argsort(pi)
            images = alpha_array[tables.codes.astype(np.int64)][:, inverse_pi]
            rows.append(index(images))
    table = np.unique(np.array(rows, dtype=np.int32), axis=0)
    return None if table.shape[0] <= 1 else table


# -- the search ---------------------------------------------------------------------------
def _level_bounds(size: int, other_answers: int, depth: int) -> np.ndarray:
    """``L[m]``: lower bound on the total guesses for ``m <= size`` secrets within ``depth``.

    At most ``R^(j-1)`` secrets (``R = other_answers``) are found by the ``j``-th guess;
    filling the levels in order gives the bound, ``_INF`` where they cannot hold ``m``.
    """
    sizes = np.arange(size + 1, dtype=np.int64)
    bound = np.zeros(size + 1, dtype=np.int64)
    before = 0
    for level in range(1, depth + 1):
        capacity = min(other_answers ** (level - 1), size + 1)
        bound += level * np.clip(sizes - before, 0, capacity)
        before += capacity
        if before >= size:
            break
    bound[sizes > before] = _INF
    return bound


class _Search:
    """Branch and bound for ``F(S, d)`` with memoisation under symmetry."""

    def __init__(self, tables: _Tables) -> None:
        self.tables = tables
        self.answers = tables.answers
        self.size = tables.codes.shape[0]
        self.other = max(1, tables.other_answers)
        self.rows: dict[int, np.ndarray] = {}
        # (canonical set bytes, d) -> (value, exact, canonical best guess)
        self.memo: dict[tuple[bytes, int], tuple[int, bool, int]] = {}

    def bound_row(self, d: int) -> np.ndarray:
        """``L[m]`` for budget ``d`` (:func:`_level_bounds`), computed once per ``d``."""
        row = self.rows.get(d)
        if row is None:
            row = self.rows[d] = _level_bounds(self.size, self.other, d)
        return row

    def bound(self, m: int, d: int) -> int:
        return int(self.bound_row(d)[m]) if d >= 1 else _INF

    def canonical(self, secrets: np.ndarray, group: np.ndarray | None) -> tuple[bytes, int]:
        if group is None:
            return secrets.astype(np.int32).tobytes(), -1
        images = np.sort(group[:, secrets], axis=1)
        element = int(np.lexsort(images.T[::-1])[0])
        return images[element].astype(np.int32).tobytes(), element

    def subgroup(self, group: np.ndarray | None, secrets: np.ndarray) -> np.ndarray | None:
        """The elements of ``group`` that map ``secrets`` onto itself."""
        if group is None:
            return None
        inside = np.zeros(self.size, dtype=bool)
        inside[secrets] = True
        keep = inside[group[:, secrets]].all(axis=1)
        if keep.sum() <= 1:
            return None
        return group[keep]

    def candidates(self, group: np.ndarray | None) -> np.ndarray:
        if group is None:
            return np.arange(self.size)
        return np.unique(group.min(axis=0))

    def partition_counts(self, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
        block = self.answers[np.ix_(guesses, secrets)].astype(np.int64)
        width = self.tables.num_answers
        block += (np.arange(guesses.size, dtype=np.int64) * width)[:, None]
        counts = np.bincount(block.ravel(), minlength=guesses.size * width)
        return counts.reshape(guesses.size, width)

    def value(
        self, secrets: np.ndarray, group: np.ndarray | None, d: int, cutoff: int
    ) -> tuple[int, int]:
        """``(F(S, d), best guess)`` if below ``cutoff``, else ``(lower bound >= cutoff, -1)``."""
        m = secrets.size
        if m == 1:
            return (1, int(secrets[0])) if d >= 1 else (_INF, -1)
        lower = self.bound(m, d)
        if lower >= cutoff:
            return lower, -1
        key, element = self.canonical(secrets, group)
        stored = self.memo.get((key, d))
        if stored is not None:
            value, exact, guess = stored
            if exact:
                return value, self._from_canonical(guess, group, element)
            if value >= cutoff:
                return value, -1
            lower = max(lower, value)
        value, guess = self._search(secrets, group, d, cutoff)
        if value < cutoff:
            self.memo[(key, d)] = (value, True, self._to_canonical(guess, group, element))
        else:
            self.memo[(key, d)] = (max(value, lower), False, -1)
        return value, guess

    @staticmethod
    def _to_canonical(guess: int, group: np.ndarray | None, element: int) -> int:
        return guess if group is None else int(group[element, guess])

    @staticmethod
    def _from_canonical(guess: int, group: np.ndarray | None, element: int) -> int:
        if group is None:
            return guess
        return int(np.flatnonzero(group[element] == guess)[0])

    def _search(
        self, secrets: np.ndarray, group: np.ndarray | None, d: int, cutoff: int
    ) -> tuple[int, int]:
        m = secrets.size
        if d <= 1:
            return _INF, -1
        win = self.tables.win
        guesses = self.candidates(group)
        counts = self.partition_counts(guesses, secrets)
        consistent = counts[:, win] > 0
        counts[:, win] = 0
        largest = counts.max(axis=1)
        splitting = largest <= 1
        if np.any(splitting & consistent):
            return 2 * m - 1, int(guesses[np.flatnonzero(splitting & consistent)[0]])
        if np.any(splitting):
            return 2 * m, int(guesses[np.flatnonzero(splitting)[0]])
        if d == 2:
            return _INF, -1
        useful = largest < m
        guesses, counts, largest = guesses[useful], counts[useful], largest[useful]
        child_bounds = self.bound_row(d - 1)
        estimates = m + child_bounds[counts].sum(axis=1)
        order = np.lexsort((largest, estimates))
        best, best_guess = cutoff, -1
        for position in order:
            estimate = int(estimates[position])
            if estimate >= best:
                break
            guess = int(guesses[position])
            answers = self.answers[guess, secrets]
            total = estimate
            classes = [a for a in np.flatnonzero(counts[position]) if a != win]
            classes.sort(key=lambda a: -counts[position, a])
            for answer in classes:
                child = secrets[answers == answer]
                child_lower = int(child_bounds[child.size])
                rest = total - child_lower
                child_value, _ = self.value(child, self.subgroup(group, child), d - 1, best - rest)
                total = rest + child_value
                if total >= best:
                    break
            if total < best:
                best, best_guess = total, guess
        return best, best_guess

    def tree(self, secrets: np.ndarray, group: np.ndarray | None, d: int) -> dict[str, Any]:
        """The strategy below ``(S, d)`` as nested ``{"g": guess, "c": {answer: node}}``."""
        value, guess = self.value(secrets, group, d, _INF)
        if value >= _INF:  # pragma: no cover - only called on solved positions
            raise RuntimeError("internal error: no strategy for a solved position")
        node: dict[str, Any] = {"g": guess}
        answers = self.answers[guess, secrets]
        children = {}
        for answer in np.unique(answers):
            if answer == self.tables.win:
                continue
            child = secrets[answers == answer]
            children[str(int(answer))] = self.tree(child, self.subgroup(group, child), d - 1)
        if children:
            node["c"] = children
        return node


@dataclass(frozen=True)
class OptimalStrategy:
    """A solved game: the optimal worst case, the smallest total under it, the tree.

    Attributes:
        n: positions.
        k: colours.
        feedback: ``"black"`` or ``"black-white"``.
        distinct: the permutation game.
        worst: the optimal worst-case number of guesses (final guess included).
        total: the smallest sum of guesses over all secrets with that worst case.
        tree: ``{"g": code index, "c": {answer: subtree}}``; answers are ``b`` (black)
            or ``b (n + 1) + w`` (black-white), code indices are lexicographic.
    """

    n: int
    k: int
    feedback: str
    distinct: bool
    worst: int
    total: int
    tree: dict[str, Any]

    @property
    def num_codes(self) -> int:
        """The number of secrets ``N``."""
        return count_codes(self.n, self.k, distinct=self.distinct)

    @property
    def mean(self) -> float:
        """The smallest mean under the optimal worst case, ``total / N``."""
        return self.total / self.num_codes

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the disk cache)."""
        return {
            "version": _CACHE_VERSION,
            "n": self.n,
            "k": self.k,
            "feedback": self.feedback,
            "distinct": self.distinct,
            "worst": self.worst,
            "total": self.total,
            "tree": self.tree,
        }


def _cache_path(n: int, k: int, feedback: str, distinct: bool, budget: int | None) -> Path:
    game = "distinct" if distinct else "repeat"
    limit = "" if budget is None else f"-budget{budget}"
    name = f"optimal-v{_CACHE_VERSION}-{feedback}-{game}-n{n}-k{k}{limit}.json"
    return cache_directory() / name


def _load_cached(
    n: int, k: int, feedback: str, distinct: bool, budget: int | None
) -> OptimalStrategy | None:
    """The cached strategy, if the file is safe, well formed and its tree checks out."""
    path = _cache_path(n, k, feedback, distinct, budget)
    if not path.exists():
        return None
    data = read_json_cache(path, max_bytes=CACHE_MAX_BYTES, keyed=True)
    if data is None:
        return None
    strategy = _strategy_from_cache(data, n, k, feedback, distinct)
    if strategy is None or not _tree_is_valid(strategy):
        return None
    return strategy


def _is_count(value: object) -> TypeGuard[int]:
    return type(value) is int and value >= 0


def _strategy_from_cache(
    data: Any, n: int, k: int, feedback: str, distinct: bool
) -> OptimalStrategy | None:
    """Check the schema of a cache file's value; ``None`` on anything unexpected."""
    if type(data) is not dict:
        return None
    expected = {"version": _CACHE_VERSION, "n": n, "k": k, "feedback": feedback}
    if any(
        type(data.get(key)) is not type(value) or data.get(key) != value
        for key, value in expected.items()
    ):
        return None
    if data.get("distinct") is not distinct:
        return None
    worst, total, tree = data.get("worst"), data.get("total"), data.get("tree")
    if not (_is_count(worst) and _is_count(total)) or not _tree_is_well_formed(
        tree, n, k, distinct
    ):
        return None
    return OptimalStrategy(n, k, feedback, distinct, worst, total, tree)


def _tree_is_well_formed(tree: object, n: int, k: int, distinct: bool) -> TypeGuard[dict[str, Any]]:
    """Every node ``{"g": code index, "c": {answer: node}}`` (no recursion)."""
    size = count_codes(n, k, distinct=distinct)
    stack = [tree]
    nodes = 0
    while stack:
        node = stack.pop()
        nodes += 1
        if nodes > 4 * size + 16 or type(node) is not dict or not set(node) <= {"g", "c"}:
            return False
        guess = node.get("g")
        if type(guess) is not int or not 0 <= guess < size:
            return False
        children = node.get("c", {})
        if type(children) is not dict:
            return False
        for answer, child in children.items():
            if not (type(answer) is str and answer.isdigit() and answer.isascii()):
                return False
            stack.append(child)
    return True


def _store_cached(strategy: OptimalStrategy, budget: int | None) -> None:
    """Write the cache file (a cache that cannot be written only costs a recomputation)."""
    path = _cache_path(strategy.n, strategy.k, strategy.feedback, strategy.distinct, budget)
    write_json_cache(path, strategy.to_dict(), keyed=True)


def _play_tree(tables: _Tables, tree: dict[str, Any], secret: int) -> int:
    """Guesses the tree needs for secret index ``secret`` (``_INF`` if it fails)."""
    node, guesses = tree, 0
    while True:
        guesses += 1
        if guesses > tables.codes.shape[0]:  # a valid strategy never needs more
            return _INF
        guess = int(node["g"])
        answer = int(tables.answers[guess, secret])
        if answer == tables.win:
            return guesses
        node = node.get("c", {}).get(str(answer))
        if node is None:
            return _INF


def _tree_is_valid(strategy: OptimalStrategy) -> bool:
    """Replay every secret: the tree must solve each one and match worst and total."""
    tables = _tables(strategy.n, strategy.k, strategy.feedback, strategy.distinct)
    try:
        counts = [_play_tree(tables, strategy.tree, s) for s in range(tables.codes.shape[0])]
    except (KeyError, TypeError, ValueError, IndexError):
        return False
    return max(counts) == strategy.worst and sum(counts) == strategy.total


def _compute(
    tables: _Tables, progress: ProgressCallback | None, budget: int | None = None
) -> OptimalStrategy:
    """Search the game: the optimal worst case ``D`` (or ``budget``), then ``F(codes, D)``."""
    size = tables.codes.shape[0]
    everything = np.arange(size)
    first = _first_guesses(tables)
    groups = {guess: _stabiliser(tables, guess) for guess in first}
    search = _Search(tables)
    depth = 1 if budget is None else budget
    while search.bound(size, depth) >= _INF:
        depth += 1
    while True:
        best, best_guess = _INF, -1
        counts = search.partition_counts(np.array(first), everything)
        counts[:, tables.win] = 0
        child_bounds = search.bound_row(depth - 1)
        estimates = size + child_bounds[counts].sum(axis=1)
        for done, position in enumerate(np.argsort(estimates, kind="stable"), start=1):
            guess = first[position]
            total = int(estimates[position])
            if total < best:
                answers = tables.answers[guess, everything]
                classes = [a for a in np.flatnonzero(counts[position]) if a != tables.win]
                classes.sort(key=lambda a: -counts[position, a])
                for answer in classes:
                    child = everything[answers == answer]
                    rest = total - int(child_bounds[child.size])
                    group = search.subgroup(groups[guess], child)
                    value, _ = search.value(child, group, depth - 1, best - rest)
                    total = rest + value
                    if total >= best:
                        break
                if total < best:
                    best, best_guess = total, guess
            if progress is not None:
                progress(done, len(first))
        if best < _INF:
            break
        depth += 1
    tree: dict[str, Any] = {"g": best_guess}
    answers = tables.answers[best_guess, everything]
    children = {}
    for answer in np.unique(answers):
        if answer == tables.win:
            continue
        child = everything[answers == answer]
        group = search.subgroup(groups[best_guess], child)
        children[str(int(answer))] = search.tree(child, group, depth - 1)
    if children:
        tree["c"] = children
    worst = max(_play_tree(tables, tree, secret) for secret in range(size))
    strategy = OptimalStrategy(
        tables.n, tables.k, tables.feedback, tables.distinct, worst, best, tree
    )
    if not _tree_is_valid(strategy):  # pragma: no cover - a search bug, never silent
        raise RuntimeError(f"internal error: the optimal strategy for {tables.n}x{tables.k} fails")
    return strategy


_STRATEGIES: dict[tuple[int, int, str, bool, int | None], OptimalStrategy] = {}


def optimal_strategy(
    n: int,
    k: int,
    *,
    feedback: str = "black",
    distinct: bool = False,
    budget: int | None = None,
    progress: ProgressCallback | None = None,
    use_cache: bool = True,
) -> OptimalStrategy:
    """Solve the game exactly (or load it from the cache) and return the strategy.

    Without ``budget`` the strategy has the optimal worst case and, among those, the
    smallest total. With ``budget`` it has the smallest total among strategies that
    need at most ``budget`` guesses (at least the optimal worst case), e.g.
    ``budget=6`` for Koyama and Lai's optimal mean of 4 x 6 black-white.

    Args:
        n: positions.
        k: colours.
        feedback: ``"black"`` or ``"black-white"``.
        distinct: the permutation game (no repeated colours, ``k >= n``).
        budget: the largest number of guesses allowed (default: the optimal worst
            case, found by the search).
        progress: ``callback(done, total)`` as the first guesses are settled, once per
            worst case tried (default: the callback set by :func:`optimal_progress`).
        use_cache: read and write the disk cache (:func:`cache_directory`).

    Returns:
        The :class:`OptimalStrategy`.

    Raises:
        ValueError: on invalid sizes or feedback, or a code space above
            :data:`OPTIMAL_MAX_CODES` (checked before any work).
    """
    n, k, feedback, distinct, _ = _check_game(n, k, feedback, distinct)
    if budget is not None and (
        isinstance(budget, bool) or not isinstance(budget, int) or budget < 1
    ):
        raise ValueError(f"budget must be a positive integer or None, was {budget!r}")
    return _strategy((n, k, feedback, distinct), budget, progress, use_cache)


def _strategy(
    game: tuple[int, int, str, bool],
    budget: int | None = None,
    progress: ProgressCallback | None = None,
    use_cache: bool = True,
) -> OptimalStrategy:
    """:func:`optimal_strategy` of a game ``(n, k, feedback, distinct)`` validated where
    it entered (a codemaker's); its size is checked here, before any work."""
    check_optimal_game(*game)
    key = (*game, budget)
    if key in _STRATEGIES:
        return _STRATEGIES[key]
    strategy = _load_cached(*game, budget) if use_cache else None
    if strategy is None:
        callback = progress if progress is not None else progress_callback("optimal")
        strategy = _compute(_tables(*game), callback, budget)
        if use_cache:
            _store_cached(strategy, budget)
    _STRATEGIES[key] = strategy
    return strategy


def optimal_worst_case(
    n: int, k: int, *, feedback: str = "black", distinct: bool = False
) -> tuple[int, float]:
    """The optimal worst-case number of guesses and the smallest mean under it.

    ``worst = min over strategies of max over secrets of guesses``; ``mean`` is the
    smallest ``sum of guesses / N`` among strategies with that worst case (the final
    winning guess counts; guesses may be any legal code).

    Cost: a game-tree search (module docstring), cached in memory and on disk.

    Args:
        n: positions.
        k: colours.
        feedback: ``"black"`` (default) or ``"black-white"``.
        distinct: the permutation game (no repeated colours, ``k >= n``).

    Returns:
        ``(worst, mean)``.

    Raises:
        ValueError: on invalid sizes or feedback, or a code space above
            :data:`OPTIMAL_MAX_CODES`, before any work.

    Reference:
        Knuth (1976-77): ``(5, 5626/1296)`` holds for 4 x 6 black-white (Koyama and Lai
        1993, the mean with worst case 5).

    Example:
        >>> optimal_worst_case(2, 3, feedback="black-white")
        (3, 2.3333333333333335)
    """
    strategy = optimal_strategy(n, k, feedback=feedback, distinct=distinct)
    return strategy.worst, strategy.mean


def solve_optimal(codemaker: Codemaker, *, seed: int | None = None) -> Code:
    """Play the optimal strategy (worst case minimal, then mean) against ``codemaker``.

    The game (``codemaker.feedback``, ``codemaker.distinct``) selects the strategy of
    :func:`optimal_strategy`; each guess is one ``codemaker.answer`` query.

    Args:
        codemaker: the codemaker; its answers must be consistent.
        seed: accepted for the common interface; the strategy is deterministic.

    Returns:
        The secret (the last guess, answered with ``n`` black pegs).

    Raises:
        ValueError: a game beyond :data:`OPTIMAL_MAX_CODES` (before any query) or
            answers no secret fits.
    """
    check_codemaker(codemaker)
    validate_seed(seed)  # the strategy is deterministic: checked, not used
    feedback = codemaker.feedback
    n, k = codemaker.num_positions, codemaker.num_colors
    strategy = _strategy((n, k, feedback, codemaker.distinct))
    tables = _tables(n, k, feedback, codemaker.distinct)
    node = strategy.tree
    while True:
        guess = tuple(int(color) for color in tables.codes[int(node["g"])])
        blacks, whites = codemaker.answer(guess)
        if blacks == n:
            return guess
        node = node.get("c", {}).get(str(_answer_code(n, feedback, blacks, whites)))
        if node is None:
            raise ValueError(
                f"answers are inconsistent: no secret fits answer {(blacks, whites)} to {guess}"
            )


class Optimal(Codebreaker):
    """The exact minimax strategy by game-tree search (small ``n``, ``k``; any game)."""

    name: ClassVar[str] = "optimal"
    kind: ClassVar[str] = "classical"
    builtin: ClassVar[bool] = True
    search_bar: ClassVar[tuple[str, str]] = ("optimal search", "guess")
    """What the command line's bar says while its search runs (description, unit)."""
    summary: ClassVar[str] = "exact minimax strategy by game-tree search (small n, k; any game)"
    feedbacks: ClassVar[tuple[str, ...]] = ("black", "black-white")
    games: ClassVar[tuple[bool, ...] | None] = (False, True)
    cost: ClassVar[CostModel] = CostModel(
        games=(("black", False), ("black-white", False)),
        max_codes=81,
        budgeted=True,
        seconds=lambda n, k: 0.05 + 1e-3 * math.exp(min(700.0, n * math.log(k))),
    )

    def solve(self, codemaker: Any, *, execution: Any = None, seed: int | None = None) -> Code:
        return solve_optimal(codemaker, seed=seed)

    def check(self, num_positions: int, num_colors: int, **game: Any) -> None:
        from ..game import validate_feedback
        from ..limits import check_classical

        check_classical(self.name, num_positions, num_colors, 0)
        feedback = game.get("feedback")
        played = self.feedbacks[0] if feedback is None else validate_feedback(feedback)
        distinct = bool(game.get("distinct", False))
        check_optimal_game(num_positions, num_colors, played, distinct)  # the game played
        super().check(num_positions, num_colors)


OPTIMAL = Optimal()
"""The ``optimal`` codebreaker."""
