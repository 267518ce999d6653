"""A codebreaker that stays strong at scale: consistent guesses found by a constraint solver.

Every guess is a code consistent with every answer so far (it could be the secret).
Instead of enumerating ``k^n`` codes, the consistent codes are the solutions of a
small constraint model, solved by OR-Tools CP-SAT:

* one-hot colour variables ``x[i, c] in {0, 1}``, ``sum_c x[i, c] = 1`` per position;
* the permutation game: ``sum_i x[i, c] <= 1`` per colour (all different);
* a past guess ``g`` answered with ``b`` black pegs: ``sum_i x[i, g_i] = b``;
* with black-white feedback ``(b, w)`` also ``sum_c min(y_c, h_c) = b + w`` where
  ``y_c = sum_i x[i, c]`` counts colour ``c`` in the secret and ``h_c`` in ``g``
  (``min`` as CP-SAT's ``AddMinEquality``; only colours of ``g`` take part).

**Choosing among consistent codes.** While the consistent set is small enough to
enumerate (at most ``enumerate_limit`` codes, listed by CP-SAT's solution
enumeration), the guess is the consistent code with the smallest *expected size of the
remaining set*, ``sum_a |S_a|^2 / |S|`` over its answer classes ``S_a`` (Irving's
rule; ties to the first enumerated). Before that, ``samples`` consistent codes are
drawn (each solve starts from the last guess as a solution hint, with its own solver
seed; the last guess violates only its own answer, so the search starts near a
solution) and the one with the
smallest expected size *over the drawn sample* is played (the sample stands in for
the consistent set, as in the "eligible set" scoring of Berghman, Goossens and Leus).

**Why CP-SAT.** Finding a code consistent with black-peg answers is NP-hard in general
(Stuckman and Zhang; Goodrich); CP-SAT is a maintained, well-tested solver built for
exactly this kind of Boolean model with linear equalities (clause learning with
linear propagation), it enumerates solutions, accepts solution hints and is
deterministic with one worker and a fixed seed.

**Finding one consistent code.** Early on almost any code fits; late on few do. In
between (n = k = 32 black pegs: about guesses 50-70) one CP-SAT search can stall for
minutes while another finds a code in a second: run times are heavy-tailed. So each
search alternates CP-SAT's *local search* (``use_ls_only``: feasibility jump and
violation local search; fast while many codes fit, but it cannot prove that none does)
with its *complete search* (clause learning with the full LP relaxation of the answer
equalities, ``linearization_level=2``), starting with the kind that succeeded last, under
a budget of CP-SAT deterministic time that doubles every second attempt
(:data:`RESTART_EFFORT`), each attempt with a fresh seed. Samples beyond the first
may cost at most :data:`SAMPLE_EFFORT`: when codes are hard to find, the first one found
is played (the sample scores little then anyway).

**Reproducibility.** Every solve runs with one worker (``workers=1``, the default), a
seed drawn from ``numpy.random.default_rng(seed)`` (which also draws the first guess)
and limits in CP-SAT's deterministic time, never in wall time: the same seed replays the
same game, and the same ``effort`` ends it at the same point, on any machine and load.
A game may spend at most ``effort`` of deterministic time in all
(:data:`DEFAULT_EFFORT`); a game whose cost model (:func:`consistent_effort`) is above it
is refused before any query, one that runs past it stops with
:class:`ConsistentTimeout`. One worker was chosen over CP-SAT's multi-worker portfolio
(races: not reproducible) and over ``interleave_search`` (reproducible, but 3-10 times
slower on the hard n = k = 32 middle game here); the local/complete alternation gave one
worker the portfolio's strength (``benchmarks/RESULTS.md``).

Cost: one CP-SAT model with ``nk`` Boolean variables and one constraint per answer;
each guess costs up to ``samples`` searches of one or more attempts each (plus one
enumeration attempt of at most ``enumerate_limit + 1`` solutions once few codes
remain). The frontier measured on the 2-core machine is in ``benchmarks/RESULTS.md``.

References:
    R. W. Irving, "Towards an optimum Mastermind strategy", J. Recreational
    Mathematics 11(2), 81-87 (1978-79) (expected size of the remaining set).
    L. Berghman, D. Goossens, R. Leus, "Efficient solutions for Mastermind using
    genetic algorithms", Computers & Operations Research 36(6), 1880-1885 (2009)
    (scoring consistent candidates against a sample of the eligible set).
    L. Perron, F. Didier, "CP-SAT", OR-Tools v9, Google (2024).

Example:
    >>> from mastermind_q.codemaker import Codemaker
    >>> maker = Codemaker((3, 1, 4, 1, 5, 0), colors=6)
    >>> solve_consistent(maker, seed=1)
    (3, 1, 4, 1, 5, 0)
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal

import numpy as np

from ..codebreaker import Codebreaker, CostModel
from ..codemaker import ClassicalCodemaker as Codemaker
from ..codemaker import check_codemaker
from ..game import Code, validate_seed
from .codes import feedback_keys

__all__ = [
    "CONSISTENT",
    "CONSISTENT_MAX_CELLS",
    "DEFAULT_EFFORT",
    "DEFAULT_ENUMERATE_LIMIT",
    "DEFAULT_SAMPLES",
    "ENUMERATE_EFFORT",
    "RESTART_EFFORT",
    "SAMPLE_EFFORT",
    "Consistent",
    "ConsistentTimeout",
    "consistent_effort",
    "solve_consistent",
    "validate_effort",
]

DEFAULT_EFFORT = 600.0
"""CP-SAT deterministic time (about seconds on one core, but the same on any machine and
load) one game may spend in all before :class:`ConsistentTimeout` (``effort=``,
``--effort``)."""
DEFAULT_ENUMERATE_LIMIT = 64
"""Enumerate the consistent set (and choose by expected size) once it has at most
this many codes."""
DEFAULT_SAMPLES = 4
"""Consistent codes drawn per guess while the set is too large to enumerate."""
ENUMERATE_EFFORT = 0.02
"""CP-SAT deterministic time (about seconds, but reproducible) one enumeration attempt
may take; a set not listed within it counts as too large."""
RESTART_EFFORT = 0.5
"""CP-SAT deterministic time (about seconds here, but reproducible) of the first local
and the first complete search for a consistent code; each further pair (fresh seeds)
doubles it."""
SAMPLE_EFFORT = 0.5
"""Deterministic time each sample beyond the first may take; one that takes longer ends
the sampling for this guess."""
CONSISTENT_MAX_CELLS = 16384
"""Largest ``n * k`` (one Boolean variable per position and colour) accepted."""


_SOLVER_PARAMETERS: dict[str, Any] = {"linearization_level": 2}
"""CP-SAT settings beyond the workers, the seed and the limits: the full LP relaxation
of the answer equalities (``linearization_level=2``) for the complete search."""


class ConsistentTimeout(ValueError):
    """CP-SAT spent the game's ``effort`` (deterministic time) without finishing it."""


def validate_effort(effort: object) -> float:
    """``effort`` as a positive finite number of CP-SAT deterministic time units
    (``None``: :data:`DEFAULT_EFFORT`).

    Raises:
        TypeError: not a number.
        ValueError: not positive and finite.
    """
    if effort is None:
        return DEFAULT_EFFORT
    if isinstance(effort, bool) or not isinstance(effort, (int, float)):
        raise TypeError(f"effort must be a number (CP-SAT deterministic time), was {effort!r}")
    if not math.isfinite(effort) or effort <= 0:
        raise ValueError(f"effort must be a positive finite number, was {effort!r}")
    return float(effort)


def consistent_effort(num_positions: int, num_colors: int) -> float:
    """The deterministic time a game at ``(n, k)`` spends by its cost model.

    ``0.01 + 1.5e-5 (n k)^2``, the square of the model's size, where ``k >= n``; where
    ``k < n`` that times ``exp(kappa (n - k) + q)`` with ``kappa = 0.35 (1 - 1.7 / k)``
    and ``q = 0.1 max(0, n - 24)^2`` for ``k >= 4``: the answers of a code with fewer
    colours than positions tell less and consistent codes get hard to find, the more so
    the more colours there are up to about 8, and steeply from about 24 positions
    (measured means: 1.2 at ``n = k = 16``, 5.3 at 24; 1.9 at ``(16, 8)``, 4.5 at
    ``(20, 8)``, 55 at ``(24, 8)``; 8.4 at ``(24, 4)``, more than 300 at ``(30, 4)``;
    26 at ``(32, 3)``; 10 at ``(64, 2)``; ``benchmarks/RESULTS.md``). It decides
    whether a game is refused before its first guess; a game's own search may take
    more or less (``effort`` stops it).

    Example:
        >>> round(consistent_effort(16, 16), 2), round(consistent_effort(24, 8))
        (0.99, 46)
    """
    n, k = num_positions, num_colors
    base = 0.01 + 1.5e-5 * (n * k) ** 2
    if k >= n:
        return base
    rate = 0.35 * (1.0 - 1.7 / k) * (n - k) + (0.1 * max(0, n - 24) ** 2 if k >= 4 else 0.0)
    return base * math.exp(min(600.0, rate))


def _check_options(seed: Any, enumerate_limit: Any, samples: Any) -> None:
    validate_seed(seed)
    for name, value, least in (("enumerate_limit", enumerate_limit, 0), ("samples", samples, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an integer >= {least}, was {value!r}")


class _Model:
    """The CP-SAT model of the consistent codes, grown by one constraint per answer."""

    def __init__(
        self,
        n: int,
        k: int,
        *,
        distinct: bool,
        feedback: str,
        workers: int = 1,
        effort: float = DEFAULT_EFFORT,
    ) -> None:
        from ortools.sat.python import cp_model

        self.cp_model = cp_model
        self.n, self.k = n, k
        self.workers = workers
        self.model = cp_model.CpModel()
        self.x = [[self.model.new_bool_var(f"x{i}_{c}") for c in range(k)] for i in range(n)]
        for row in self.x:
            self.model.add_exactly_one(row)
        if distinct:
            for c in range(k):
                # n = k: every colour is used exactly once (a perfect matching).
                column = [self.x[i][c] for i in range(n)]
                if n == k:
                    self.model.add_exactly_one(column)
                else:
                    self.model.add_at_most_one(column)
        self.counts: list[Any] = []
        self.prefer_local = True  # which search found the last code
        self.effort = 0.0  # deterministic time spent in sample() and enumerate()
        self.budget = effort  # the game's deterministic time in all
        self.restarts = 0
        if feedback == "black-white":
            for c in range(k):
                count = self.model.new_int_var(0, n, f"y{c}")
                self.model.add(count == sum(self.x[i][c] for i in range(n)))
                self.counts.append(count)

    def add_answer(self, guess: Code, blacks: int, whites: int | None) -> None:
        self.model.add(sum(self.x[i][color] for i, color in enumerate(guess)) == blacks)
        if whites is None:
            return
        mins = []
        for color, count in zip(*np.unique(guess, return_counts=True)):
            common = self.model.new_int_var(0, int(count), "")
            self.model.add_min_equality(common, [self.counts[int(color)], int(count)])
            mins.append(common)
        self.model.add(sum(mins) == blacks + whites)

    def _solver(self, seed: int, effort: float) -> Any:
        """A solver with the given seed that stops after ``effort`` deterministic time,
        or when the game's budget is spent (no wall-clock limit)."""
        solver = self.cp_model.CpSolver()
        solver.parameters.num_workers = self.workers
        solver.parameters.random_seed = seed
        solver.parameters.max_deterministic_time = max(1e-9, min(effort, self.left()))
        # CP-SAT's own SIGINT handler stops only the current solve (the game goes on:
        # Ctrl-C was swallowed) and aborts the process when the solve is not in the
        # main thread; Ctrl-C is the caller's (see interruptible_solve).
        solver.parameters.catch_sigint_signal = False
        for name, value in _SOLVER_PARAMETERS.items():
            setattr(solver.parameters, name, value)
        return solver

    def left(self) -> float:
        """Deterministic time the game may still spend."""
        return self.budget - self.effort

    def spent(self, solver: Any) -> None:
        self.effort += solver.deterministic_time

    def exhausted(self) -> ConsistentTimeout:
        return ConsistentTimeout(
            f"consistent: CP-SAT spent effort={self.budget:g} (deterministic time) "
            f"without finishing the game at n={self.n}, k={self.k}; raise effort "
            "(--effort) or use a smaller game"
        )

    def _read(self, solver: Any) -> Code:
        return tuple(
            next(c for c in range(self.k) if solver.BooleanValue(self.x[i][c]))
            for i in range(self.n)
        )

    def sample(
        self,
        hint: Sequence[int],
        seeds: Callable[[], int],
        cap: float | None = None,
    ) -> Code | Literal[False] | None:
        """One consistent code, searched from ``hint``; ``None`` if there is none.

        Attempts alternate between CP-SAT's local search (``use_ls_only``: feasibility
        jump and violation local search, fast while many codes fit, but it cannot prove
        that none does) and its complete search (clause learning with the LP relaxation,
        fast once few codes fit), starting with the kind that succeeded last. Attempt
        pair ``j`` may spend ``RESTART_EFFORT * 2**j`` of CP-SAT's deterministic time
        per attempt, each with a fresh seed from ``seeds``, until the game's effort is
        spent (:class:`ConsistentTimeout`). With ``cap``: one attempt of the preferred kind of at
        most ``cap`` deterministic time, ``False`` if it found nothing.
        """
        self.model.clear_hints()
        for i, color in enumerate(hint):
            for c in range(self.k):
                self.model.add_hint(self.x[i][c], c == color)
        effort = RESTART_EFFORT if cap is None else cap
        local = self.prefer_local
        attempt = 0
        while self.left() > 0:
            solver = self._solver(seeds(), effort)
            solver.parameters.use_ls_only = local
            status = interruptible_solve(solver, self.model)
            self.spent(solver)
            if status in (self.cp_model.OPTIMAL, self.cp_model.FEASIBLE):
                self.prefer_local = local
                return self._read(solver)
            if status == self.cp_model.INFEASIBLE:
                return None
            if cap is not None:
                return False
            attempt += 1
            self.restarts += 1
            local = not local
            if attempt % 2 == 0:
                effort *= 2
        raise self.exhausted()

    def enumerate(self, limit: int, seed: int) -> list[Code] | None:
        """Every consistent code if there are at most ``limit``, else ``None``."""
        self.model.clear_hints()
        found: list[Code] = []
        model = self

        from ortools.sat.python.cp_model import CpSolverSolutionCallback

        class Collector(CpSolverSolutionCallback):
            def on_solution_callback(self) -> None:
                found.append(
                    tuple(
                        next(c for c in range(model.k) if self.boolean_value(model.x[i][c]))
                        for i in range(model.n)
                    )
                )
                if len(found) > limit:
                    self.stop_search()

        if self.left() <= 0:
            raise self.exhausted()
        solver = self._solver(seed, ENUMERATE_EFFORT)
        solver.parameters.num_workers = 1  # enumeration is single-threaded in CP-SAT
        solver.parameters.enumerate_all_solutions = True
        status = interruptible_solve(solver, self.model, Collector())
        self.spent(solver)
        if len(found) > limit or status not in (self.cp_model.OPTIMAL, self.cp_model.INFEASIBLE):
            return None  # too many, or not proven complete in time
        return sorted(found)


def interruptible_solve(solver: Any, model: Any, callback: Any = None) -> Any:
    """``solver.Solve(model, callback)``, stopped within a poll of Ctrl-C or SIGTERM.

    CP-SAT runs its search in C++ without returning to the interpreter, so a Python
    signal handler (``KeyboardInterrupt``) would wait for the whole solve. In the main
    thread the solve runs in a helper thread instead; the main thread waits in short
    joins, which signals interrupt, and on any exception (the ``KeyboardInterrupt``)
    asks CP-SAT to stop (``StopSearch``; a solve that started less than
    :data:`_SETUP_SECONDS` ago gets that long first), waits for it and re-raises.
    CP-SAT's own SIGINT handler is off (``catch_sigint_signal``): it would stop only
    the one solve and let the game go on.
    Elsewhere (a worker thread) the solve runs directly.
    """
    if threading.current_thread() is not threading.main_thread():
        return solver.Solve(model, callback)
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["status"] = solver.Solve(model, callback)
        except BaseException as error:  # re-raised in the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=target, name="cp-sat", daemon=True)
    started = time.monotonic()
    try:
        thread.start()
        while thread.is_alive():
            thread.join(_SOLVE_POLL_SECONDS)
    except BaseException:
        # A solve still being set up is given a moment before it is stopped.
        while thread.is_alive() and time.monotonic() - started < _SETUP_SECONDS:
            thread.join(0.01)
        if thread.is_alive():
            solver.StopSearch()
            thread.join(_STOP_WAIT_SECONDS)
        raise
    if "error" in outcome:
        raise outcome["error"]
    return outcome["status"]


_SOLVE_POLL_SECONDS = 0.05
"""How often the main thread looks up from a CP-SAT solve (signals interrupt it anyway)."""
_SETUP_SECONDS = 0.2
"""How long a solve must have run before it may be stopped (see above)."""
_STOP_WAIT_SECONDS = 1.0
"""How long an interrupted solve is given to stop (CP-SAT stops within milliseconds)."""


def _answers(codes: np.ndarray, guess: np.ndarray, feedback: str, k: int) -> np.ndarray:
    """Answer of ``guess`` against every row of ``codes`` as one integer per row
    (:func:`~mastermind_q.classical.codes.feedback_keys`)."""
    return feedback_keys(guess, codes, feedback=feedback)


def _expected_sizes(candidates: np.ndarray, population: np.ndarray, feedback: str, k: int):
    """``sum_a |P_a|^2`` for each candidate guess over the codes ``population``."""
    scores = np.empty(candidates.shape[0], dtype=np.int64)
    for index, guess in enumerate(candidates):
        _, sizes = np.unique(_answers(population, guess, feedback, k), return_counts=True)
        scores[index] = int((sizes.astype(np.int64) ** 2).sum())
    return scores


def check_effort(num_positions: int, num_colors: int, effort: float | None = None) -> None:
    """Refuse, before any query, a game whose cost model is above ``effort``.

    Raises:
        mastermind_q.limits.ResourceLimitError: (a ``ValueError``) naming the game, the
            model's estimate and ``effort`` (``--effort``).
    """
    from ..limits import ResourceLimitError

    budget = validate_effort(effort)
    needed = consistent_effort(num_positions, num_colors)
    if needed > budget:
        raise ResourceLimitError(
            f"consistent at n={num_positions}, k={num_colors} needs about {needed:,.3g} of "
            f"CP-SAT's deterministic time by its cost model, over effort={budget:g} "
            "(raise it, --effort, or use a smaller game)"
        )


def solve_consistent(
    codemaker: Codemaker,
    *,
    seed: int | None = None,
    effort: float | None = None,
    enumerate_limit: int = DEFAULT_ENUMERATE_LIMIT,
    samples: int = DEFAULT_SAMPLES,
    workers: int | None = None,
) -> Code:
    """Guess consistent codes found by CP-SAT until the secret is hit.

    Plays the codemaker's game: ``codemaker.feedback`` (``"black"`` or
    ``"black-white"``) and ``codemaker.distinct`` (the permutation game). Each guess is
    consistent with every answer so far; among consistent codes it takes the one with
    the smallest expected remaining set (over the whole consistent set once it has at
    most ``enumerate_limit`` codes, over ``samples`` drawn codes before).

    Cost: see the module docstring; every answered guess counts, the final one included.

    Args:
        codemaker: the codemaker.
        seed: seeds the first guess and CP-SAT: same seed, same game (see ``workers``).
        effort: CP-SAT deterministic time the game may spend in all (default
            :data:`DEFAULT_EFFORT`; about seconds on one core, the same on any load).
        enumerate_limit: enumerate the consistent set once it has at most this many codes
            (0: never).
        samples: consistent codes drawn per guess before that (1: a plain random
            consistent guess).
        workers: CP-SAT workers per solve; default 1 (fully reproducible); more run
            CP-SAT's portfolio, reproducible only up to the solver's races.

    Returns:
        The secret (the last guess, answered with ``n`` black pegs).

    Raises:
        ValueError: ``n * k`` above :data:`CONSISTENT_MAX_CELLS`, or a game whose cost
            model (:func:`consistent_effort`) is above ``effort`` (both before any
            query), bad options, or answers no code fits.
        ConsistentTimeout: (a ``ValueError``) the game spent ``effort`` unfinished.
    """
    check_codemaker(codemaker)
    _check_options(seed, enumerate_limit, samples)
    budget = validate_effort(effort)
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(f"workers must be a positive integer or None, was {workers!r}")
    n, k = codemaker.num_positions, codemaker.num_colors
    if n * k > CONSISTENT_MAX_CELLS:
        raise ValueError(
            f"consistent builds n*k Boolean variables; n={n}, k={k} gives {n * k}, "
            f"more than CONSISTENT_MAX_CELLS={CONSISTENT_MAX_CELLS}"
        )
    check_effort(n, k, budget)
    feedback = getattr(codemaker, "feedback", "black")
    distinct = codemaker.distinct
    if workers is None:
        workers = 1
    model = _Model(n, k, distinct=distinct, feedback=feedback, workers=workers, effort=budget)
    rng = np.random.default_rng(seed)

    def solver_seed() -> int:
        return int(rng.integers(0, 2**31 - 1))

    def random_code() -> list[int]:
        if distinct:
            return [int(c) for c in rng.permutation(k)[:n]]
        return [int(c) for c in rng.integers(0, k, size=n)]

    known: list[Code] = []  # consistent set, once enumerated (it only shrinks)
    guess: Code = tuple(random_code())
    while True:
        blacks, whites = codemaker.answer(guess)
        if blacks == n:
            return guess
        model.add_answer(guess, blacks, whites if feedback == "black-white" else None)
        answer = blacks * (n + 1) + whites if feedback == "black-white" else blacks
        if known:
            array = np.array(known, dtype=np.int64)
            keep = _answers(array, np.array(guess), feedback, k) == answer
            known = [code for code, kept in zip(known, keep) if kept]
            if not known:
                raise ValueError(
                    f"answers are inconsistent: no code fits answer {(blacks, whites)} to {guess}"
                )
        elif enumerate_limit:
            known = model.enumerate(enumerate_limit, solver_seed()) or []
        if known:
            array = np.array(known, dtype=np.int64)
            scores = _expected_sizes(array, array, feedback, k)
            guess = known[int(np.argmin(scores))]
            continue
        drawn: list[Code] = []
        for index in range(samples):
            # The last guess fits every answer but its own: a near-solution to start
            # from; the solver seed varies the code found. Beyond the first, a sample
            # may cost at most SAMPLE_EFFORT: when codes are hard to find, one is played.
            code = model.sample(guess, solver_seed, cap=SAMPLE_EFFORT if index else None)
            if code is False:
                break
            if code is None:
                raise ValueError(
                    f"answers are inconsistent: no code fits answer {(blacks, whites)} to {guess}"
                )
            if code not in drawn:
                drawn.append(code)
        array = np.array(drawn, dtype=np.int64)
        guess = drawn[int(np.argmin(_expected_sizes(array, array, feedback, k)))]


class Consistent(Codebreaker):
    """A CP-SAT consistent-code guesser with the expected-size choice (any ``n``, ``k``;
    any game)."""

    name: ClassVar[str] = "consistent"
    kind: ClassVar[str] = "classical"
    builtin: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "CP-SAT consistent-code guesser, expected-size choice (any n, k; any game)"
    )
    feedbacks: ClassVar[tuple[str, ...]] = ("black", "black-white")
    games: ClassVar[tuple[bool, ...] | None] = (False, True)
    cost: ClassVar[CostModel] = CostModel(
        # black-white and the permutation games cost a second or more per game at
        # n k >= 64: compare plays them when asked (--games, --methods all)
        games=(("black", False),),
        max_cells=256,  # about a second per game at 16 x 16
        budgeted=True,
        seconds=lambda n, k: 0.05 + 2.0 * consistent_effort(n, k),
    )
    """Its effort model (:func:`consistent_effort`, about CPU seconds) with room: one
    unit took 0.8-2 CPU s in the games measured."""
    efforts: ClassVar[bool] = True

    def solve(
        self,
        codemaker: Any,
        *,
        execution: Any = None,
        seed: int | None = None,
        effort: float | None = None,
    ) -> Code:
        return solve_consistent(codemaker, seed=seed, effort=effort)

    def check(
        self, num_positions: int, num_colors: int, effort: float | None = None, **game: Any
    ) -> None:
        from ..limits import check_game_seconds

        super().check(num_positions, num_colors, **game)
        check_effort(num_positions, num_colors, effort)
        check_game_seconds(
            f"{self.name} at n={num_positions}, k={num_colors}",
            float(self.cost.game_seconds(num_positions, num_colors) or 0.0),
        )


CONSISTENT = Consistent()
"""The ``consistent`` codebreaker."""
