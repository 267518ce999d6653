"""One row of a comparison: play its games or evaluate its bound (:func:`run_task`).

A row derives its secrets and simulator seeds from the master seed, ``n``, ``k`` and the
method, so it is the same wherever it runs (:mod:`mastermind_q.compare.executors`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import time
from typing import TYPE_CHECKING, Any

from ..game import validate_colors, validate_flag, validate_positions
from ..solving import SolveResult, method_info, solve
from .rows import CompareRow, CompareTask

if TYPE_CHECKING:
    from ..backends import Execution
from .theory import (
    ASYMPTOTIC_FORMULAS,
    _elouali_formula,
    _formula,
    _reference,
    applicability,
    bound_value,
    has_theory,
    theoretical_queries,
)

__all__ = ["DEFAULT_BACKEND", "DEFAULT_SAMPLES", "random_secrets", "run_task", "sweep_execution"]

DEFAULT_SAMPLES = 10
"""Random secrets per classical row (worst and mean are taken over them). Ten keeps the
README's first example (30 cells' worth of rows) at seconds; the README's tables
(``benchmarks/compare_scale.py``) use it too; more with ``samples=`` or ``--samples``."""
DEFAULT_BACKEND = "aer"
"""Backend of the quantum rows: the toolkit's default (Aer; statevector for narrow
circuits, matrix product state for wide ones). The oracle calls are counted the same
way on every backend."""


def _derived_seed(seed: int | None, *parts: object) -> int:
    """A 32-bit seed fixed by ``seed`` and ``parts`` (independent of grid order)."""
    return random.Random(f"{seed}|" + "|".join(map(str, parts))).getrandbits(32)


def random_secrets(
    num_positions: int, num_colors: int, count: int, *, distinct: bool, seed: int | None
) -> list[tuple[int, ...]]:
    """``count`` seeded uniformly random secrets (random injections when ``distinct``).

    Sizes are checked before any secret is drawn: ``n`` and ``k`` against the classical
    limits (``MASTERMIND_Q_MAX_CLASSICAL_POSITIONS``, ``..._COLORS``), ``count`` against
    ``MASTERMIND_Q_MAX_SAMPLES``; ``seed`` as :func:`~mastermind_q.game.validate_seed`.

    Raises:
        ValueError: ``distinct`` not a bool, invalid sizes or seed, ``count < 1``, or
            ``distinct`` with ``k < n``.
        mastermind_q.limits.ResourceLimitError: sizes or ``count`` beyond the limits.
    """
    from ..game import validate_seed
    from ..limits import check_classical, check_samples

    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"samples must be a positive integer, was {count!r}")
    validate_flag(distinct, "distinct")
    seed = validate_seed(seed)
    check_classical("random_secrets", n, k, 0)
    check_samples(count)
    if distinct and k < n:
        raise ValueError(f"colors must be >= positions ({n}) for distinct secrets, was {k}")
    rng = random.Random(_derived_seed(seed, "secrets", n, k, distinct))
    if distinct:
        return [tuple(rng.sample(range(k), n)) for _ in range(count)]
    return [tuple(rng.randrange(k) for _ in range(n)) for _ in range(count)]


def run_task(
    task: CompareTask,
    *,
    samples: int = DEFAULT_SAMPLES,
    quantum_samples: int = 1,
    backend: str = DEFAULT_BACKEND,
    shots: int | None = None,
    seed: int | None = 0,
    verify: bool = False,
    row_budget: float | None = None,
    execution: Execution | None = None,
    effort: float | None = None,
) -> CompareRow:
    """Compute one row: play the games (measured rows) or evaluate the bound.

    Quantum methods solve ``quantum_samples`` random secrets through
    :func:`mastermind_q.solve` on ``backend``; classical methods ``samples`` secrets.
    Secrets and simulator seeds are derived from ``seed``, ``n``, ``k`` (and the method
    for the simulator), so a row does not depend on the rest of the grid.

    With ``verify`` the quantum games are played verified
    (:mod:`mastermind_q.verification`): ``queries`` stays the oracle calls, while
    ``queries_to_win`` and ``mean_queries_to_win`` count every query of the game, the
    certifying and repair queries included (the certifying answer ``n`` is the winning
    guess, so nothing is added), worst and mean over the secrets; ``certified_fraction``
    is the fraction of games certified. A game not certified within the budget counts
    the queries it spent, and the row's ``solved`` is false.

    A quantum task with ``executed=False`` is counted, not executed: the codebreaker
    builds its circuits for the real ``n`` and ``k`` around the opaque oracle of a
    :class:`~mastermind_q.codemaker.CountingCodemaker`, which counts their oracle
    applications and runs none (one secret: the circuits do not depend on it). The row
    has ``executed=False``, ``samples=1`` and ``solved=None``.

    ``execution``: the sweep's :class:`~mastermind_q.backends.Execution` record for the
    quantum games (instead of ``backend`` and ``shots``; default: one built from them
    and the execution options in force); each game runs with it and its derived seed.

    A row of an expensive codebreaker (:data:`~.costs.BUDGETED_METHODS`) gets
    ``row_budget`` seconds (default :data:`~.costs.DEFAULT_ROW_BUDGET`) by its cost
    model: refused before it starts when the estimate is over it. The time a row takes
    decides nothing (its ``seconds`` field only reports it). ``effort``: the search
    limit of a codebreaker that takes one (``consistent``), in units of work.

    Raises:
        ValueError: a row that does not apply, bad sample counts, or a solver refusing
            the size (its message is passed on).
    """
    distinct = bool(task.distinct)
    reason = applicability(
        task.method, task.n, task.k, distinct=distinct, executed=task.executed is not False
    )
    if reason is not None:
        raise ValueError(reason)
    started = time.perf_counter()
    if task.kind in ("bound", "formula"):
        source = "asymptotic" if task.method in ASYMPTOTIC_FORMULAS else "theorem"
        return _task_row(
            task,
            kind=task.kind,
            distinct=distinct,
            queries=bound_value(task.method, task.n, task.k),
            source=source,
            formula=_formula(task.method) or _elouali_formula(task.method, task.n, task.k),
        )
    info = method_info(task.method)
    quantum = info.kind == "quantum"
    if quantum and task.executed is False:
        return _counted_row(task, seed=seed, started=started, execution=execution)
    from .costs import check_row_budget, validate_row_budget

    budget = validate_row_budget(row_budget)
    check_row_budget(task, samples=samples, budget=budget)
    record = None
    if quantum:
        record = sweep_execution(execution, backend=backend, shots=shots)
    count = quantum_samples if quantum else samples
    secrets = random_secrets(task.n, task.k, count, distinct=distinct, seed=seed)
    games: list[_GameSummary] = []
    extra = {"effort": effort} if effort is not None and info.efforts else {}
    for index, secret in enumerate(secrets):
        run_seed = _derived_seed(seed, "run", task.n, task.k, task.method, index)
        settings: dict[str, Any] = (
            {"verify": verify, "execution": record.replace(seed=run_seed)}
            if record is not None
            else {"seed": run_seed, "feedback": task.feedback, "distinct": distinct, **extra}
        )
        result = solve(secret, colors=task.k, method=task.method, **settings)
        # only what the row reads: a game's transcript (at n = k = 4,096 about 10^8
        # colours) is dropped with its result, so a row holds one game at a time
        games.append(_GameSummary.of(result))
        del result
    counts = [game.queries for game in games]
    to_win = [game.queries_to_win for game in games]  # the referee's count to the win
    verified: dict[str, Any] = {
        "queries_to_win": max(to_win),
        "mean_queries_to_win": sum(to_win) / len(to_win),
    }
    if quantum and verify:
        verified["certified_fraction"] = sum(bool(r.certified) for r in games) / len(games)
        counts = []
        for game in games:
            assert game.quantum_queries is not None  # verify sets it
            counts.append(game.quantum_queries)
    schemes = {game.scheme for game in games if game.scheme is not None}
    if schemes:
        verified["scheme"] = "+".join(sorted(schemes))
    probabilities = [r.success_probability for r in games if r.success_probability is not None]
    iterations = [r.iterations for r in games if r.iterations is not None]
    return _task_row(
        task,
        kind=info.kind,
        distinct=distinct,
        started=started,
        queries=max(counts),
        mean_queries=sum(counts) / len(counts),
        theory=_theory(task) if quantum else None,
        iterations=max(iterations) if iterations else None,
        samples=len(games),
        solved=all(game.solved for game in games),
        success_probability=min(probabilities) if probabilities else None,
        executed=True if quantum else None,
        **verified,
    )


@dataclasses.dataclass(frozen=True)
class _GameSummary:
    """What a compare row reads of one game's :class:`~mastermind_q.solving.SolveResult`."""

    queries: int
    queries_to_win: int
    quantum_queries: int | None
    certified: bool | None
    scheme: str | None
    success_probability: float | None
    iterations: int | None
    solved: bool

    @classmethod
    def of(cls, result: SolveResult) -> _GameSummary:
        return cls(
            queries=result.queries,
            queries_to_win=(
                result.queries if result.queries_to_win is None else result.queries_to_win
            ),
            quantum_queries=result.quantum_queries,
            certified=result.certified,
            scheme=result.scheme,
            success_probability=result.success_probability,
            iterations=result.iterations,
            solved=result.solved,
        )


def _theory(task: CompareTask) -> int | None:
    """The theorem's query count of a quantum row, where the paper states one."""
    if has_theory(task.method, task.k):
        return theoretical_queries(task.method, task.n, task.k)
    return None


def _task_row(
    task: CompareTask,
    *,
    kind: str,
    distinct: bool,
    started: float | None = None,
    **fields: Any,
) -> CompareRow:
    """``task``'s row: its game and its method's formula and reference, then ``fields``.

    With ``started`` (a :func:`time.perf_counter` reading) the row is measured: its
    ``source`` is ``"measured"`` and ``seconds`` the time since.
    """
    if started is not None:
        fields = {
            "source": "measured",
            "seconds": round(time.perf_counter() - started, 3),
            **fields,
        }
    fields.setdefault("formula", _formula(task.method))
    return CompareRow(
        n=task.n,
        k=task.k,
        method=task.method,
        kind=kind,
        reference=_reference(task.method),
        setting=task.setting,
        feedback=task.feedback,
        distinct=distinct,
        **fields,
    )


def sweep_execution(
    execution: Execution | None, *, backend: str = DEFAULT_BACKEND, shots: int | None = None
) -> Execution:
    """The record a sweep's quantum rows run with (checked now, before any row).

    ``execution``, or one built from ``backend``, ``shots`` and the execution options
    in force; its seed is unused (each row derives its own).

    Raises:
        ValueError: an invalid record, or a ``backend`` / ``shots`` that contradicts it.
    """
    from ..backends import resolve_execution

    if execution is None:
        from ..backends import Execution

        return Execution.here(backend, shots)
    return resolve_execution(
        execution, backend=None if backend == DEFAULT_BACKEND else backend, shots=shots
    )


def _counted_row(
    task: CompareTask, *, seed: int | None, started: float, execution: Execution | None = None
) -> CompareRow:
    """A quantum row counted, not executed (:class:`~mastermind_q.codemaker.CountingCodemaker`).

    The referee's side of the count-only game: the codebreaker gets a counting
    codemaker for a seeded random secret and builds its circuits as it always does; the
    codemaker counts them in :meth:`~mastermind_q.codemaker.CountingCodemaker.run` and
    stops the game there. A codebreaker that returned without handing over circuits,
    or handed over more than one batch, would not be counted whole: an error.
    """
    from ..backends import Execution, ExecutionOptions, current_execution_options
    from ..codemaker import CircuitsNotExecuted, CountingCodemaker

    info = method_info(task.method)
    (secret,) = random_secrets(task.n, task.k, 1, distinct=False, seed=seed)
    maker = CountingCodemaker(secret, task.k)
    run_seed = _derived_seed(seed, "run", task.n, task.k, task.method, 0)
    # Built as for Aer whatever the backend: nothing runs, and a device's oracle choice
    # (transpiling candidates for it) would cost time without changing the count.
    # The sweep's oracle construction is kept; its noise options apply to no Aer run.
    sweep = current_execution_options() if execution is None else execution.options
    record = Execution(
        DEFAULT_BACKEND,
        seed=run_seed,
        options=ExecutionOptions(oracle_construction=sweep.oracle_construction),
    )
    from ..codebreaker import codebreaker_code
    from ..codemaker import face_for

    face = face_for(maker, info.kind, info.setting, info.name)
    with (
        contextlib.suppress(CircuitsNotExecuted),  # the codemaker stops the game here
        codebreaker_code(info, doing="solve", charged=lambda: maker.queries),
    ):
        info.solve(face, execution=record)
    if maker.batches != 1:
        raise RuntimeError(
            f"{task.method} handed {maker.batches} batches of circuits to the counting "
            "codemaker; a count-only row counts exactly one"
        )
    return _task_row(
        task,
        kind="quantum",
        distinct=False,
        started=started,
        queries=maker.queries,
        mean_queries=float(maker.queries),
        theory=_theory(task),
        samples=1,
        solved=None,
        executed=False,
    )
