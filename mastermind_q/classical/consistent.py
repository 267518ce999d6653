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
same game on any machine and load (the per-guess wall ``time_limit`` only raises, it
never makes a game differ). One worker was chosen over CP-SAT's multi-worker portfolio
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

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal

import numpy as np

from ..codebreaker import Codebreaker
from ..codemaker import ClassicalCodemaker as Codemaker
from ..codemaker import check_codemaker
from ..game import Code, validate_seed
from .codes import feedback_keys

__all__ = [
    "CONSISTENT",
    "CONSISTENT_MAX_CELLS",
    "DEFAULT_ENUMERATE_LIMIT",
    "DEFAULT_SAMPLES",
    "DEFAULT_TIME_LIMIT",
    "ENUMERATE_EFFORT",
    "RESTART_EFFORT",
    "SAMPLE_EFFORT",
    "Consistent",
    "ConsistentTimeout",
    "solve_consistent",
]

DEFAULT_TIME_LIMIT = 60.0
"""Seconds CP-SAT may spend on one solve before :class:`ConsistentTimeout`."""
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
    """CP-SAT found no consistent code within the per-guess time limit."""


def _check_options(seed: Any, time_limit: Any, enumerate_limit: Any, samples: Any) -> None:
    validate_seed(seed)
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or time_limit <= 0:
        raise ValueError(f"time_limit must be a positive number of seconds, was {time_limit!r}")
    for name, value, least in (("enumerate_limit", enumerate_limit, 0), ("samples", samples, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an integer >= {least}, was {value!r}")


class _Model:
    """The CP-SAT model of the consistent codes, grown by one constraint per answer."""

    def __init__(self, n: int, k: int, *, distinct: bool, feedback: str, workers: int = 1) -> None:
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
        self.effort = 0.0  # deterministic time spent in sample()
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

    def _solver(self, seed: int, time_limit: float) -> Any:
        solver = self.cp_model.CpSolver()
        solver.parameters.num_workers = self.workers
        solver.parameters.random_seed = seed
        solver.parameters.max_time_in_seconds = time_limit
        # CP-SAT's own SIGINT handler stops only the current solve (the game goes on:
        # Ctrl-C was swallowed) and aborts the process when the solve is not in the
        # main thread; Ctrl-C is the caller's (see interruptible_solve).
        solver.parameters.catch_sigint_signal = False
        for name, value in _SOLVER_PARAMETERS.items():
            setattr(solver.parameters, name, value)
        return solver

    def _read(self, solver: Any) -> Code:
        return tuple(
            next(c for c in range(self.k) if solver.BooleanValue(self.x[i][c]))
            for i in range(self.n)
        )

    def sample(
        self,
        hint: Sequence[int],
        seeds: Callable[[], int],
        time_limit: float,
        cap: float | None = None,
    ) -> Code | Literal[False] | None:
        """One consistent code, searched from ``hint``; ``None`` if there is none.

        Attempts alternate between CP-SAT's local search (``use_ls_only``: feasibility
        jump and violation local search, fast while many codes fit, but it cannot prove
        that none does) and its complete search (clause learning with the LP relaxation,
        fast once few codes fit), starting with the kind that succeeded last. Attempt
        pair ``j`` may spend ``RESTART_EFFORT * 2**j`` of CP-SAT's deterministic time
        per attempt, each with a fresh seed from ``seeds``, until ``time_limit`` wall
        seconds have passed in all. With ``cap``: one attempt of the preferred kind of at
        most ``cap`` deterministic time, ``False`` if it found nothing.
        """
        self.model.clear_hints()
        for i, color in enumerate(hint):
            for c in range(self.k):
                self.model.add_hint(self.x[i][c], c == color)
        deadline = time.perf_counter() + time_limit
        effort = RESTART_EFFORT if cap is None else cap
        local = self.prefer_local
        attempt = 0
        while (remaining := deadline - time.perf_counter()) > 0:
            solver = self._solver(seeds(), remaining)
            solver.parameters.max_deterministic_time = effort
            solver.parameters.use_ls_only = local
            status = interruptible_solve(solver, self.model)
            self.effort += solver.deterministic_time
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
        raise ConsistentTimeout(
            f"consistent: CP-SAT found no consistent code within time_limit={time_limit} s "
            f"(n={self.n}, k={self.k}); raise time_limit or use a smaller game"
        )

    def enumerate(self, limit: int, seed: int, time_limit: float) -> list[Code] | None:
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

        solver = self._solver(seed, time_limit)
        solver.parameters.num_workers = 1  # enumeration is single-threaded in CP-SAT
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.max_deterministic_time = ENUMERATE_EFFORT
        status = interruptible_solve(solver, self.model, Collector())
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


def solve_consistent(
    codemaker: Codemaker,
    *,
    seed: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
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
        time_limit: seconds per CP-SAT solve.
        enumerate_limit: enumerate the consistent set once it has at most this many codes
            (0: never).
        samples: consistent codes drawn per guess before that (1: a plain random
            consistent guess).
        workers: CP-SAT workers per solve; default 1 (fully reproducible); more run
            CP-SAT's portfolio, reproducible only up to the solver's races.

    Returns:
        The secret (the last guess, answered with ``n`` black pegs).

    Raises:
        ValueError: ``n * k`` above :data:`CONSISTENT_MAX_CELLS` (before any query), bad
            options, or answers no code fits.
        ConsistentTimeout: (a ``ValueError``) a solve ran past ``time_limit``.
    """
    check_codemaker(codemaker)
    _check_options(seed, time_limit, enumerate_limit, samples)
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
    feedback = getattr(codemaker, "feedback", "black")
    distinct = codemaker.distinct
    if workers is None:
        workers = 1
    model = _Model(n, k, distinct=distinct, feedback=feedback, workers=workers)
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
            known = model.enumerate(enumerate_limit, solver_seed(), time_limit) or []
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
            code = model.sample(
                guess, solver_seed, time_limit, cap=SAMPLE_EFFORT if index else None
            )
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
    compare_games: ClassVar[tuple[tuple[str, bool], ...] | None] = (("black", False),)
    """In black-white and the permutation games it costs a second or more per game at
    ``n k >= 64``: ``compare`` plays them when asked (``--games``, ``--methods all``)."""
    compare_max_cells: ClassVar[int | None] = 256
    """About a second per game at ``16 x 16``, more under load."""
    budgeted: ClassVar[bool] = True

    def solve(self, codemaker: Any, *, execution: Any = None, seed: int | None = None) -> Code:
        return solve_consistent(codemaker, seed=seed)

    def game_seconds(self, num_positions: int, num_colors: int) -> float:
        """Measured on 2 cores: 6 s at ``n = k = 24`` (the model: 6.7 s), 16 s at
        ``n = 3, k = 400`` (29 s), 17 s at ``n = 10, k = 200`` (80 s)."""
        return 0.05 + 2e-5 * (num_positions * num_colors) ** 2

    def check(self, num_positions: int, num_colors: int, **game: Any) -> None:
        from ..limits import check_game_seconds

        super().check(num_positions, num_colors, **game)
        check_game_seconds(
            f"{self.name} at n={num_positions}, k={num_colors}",
            self.game_seconds(num_positions, num_colors),
        )


CONSISTENT = Consistent()
"""The ``consistent`` codebreaker."""
