"""Computing the rows of a comparison: play the games, evaluate the bounds."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterable
from typing import Any

from ..game import validate_colors, validate_positions
from ..solving import method_info, solve
from .rows import CompareRow, CompareTask, Comparison, ComparisonPlan, plan_comparison
from .theory import (
    _FORMULAS,
    _REFERENCES,
    ASYMPTOTIC_FORMULAS,
    _elouali_formula,
    applicability,
    bound_value,
    theoretical_queries,
)

__all__ = [
    "BEST_CLASSICAL",
    "DEFAULT_BACKEND",
    "DEFAULT_SAMPLES",
    "best_classical_rows",
    "check_comparison",
    "compare",
    "random_secrets",
    "run_comparison",
    "run_task",
    "validate_backend",
]

DEFAULT_SAMPLES = 20
"""Random secrets per classical row (worst and mean are taken over them)."""
DEFAULT_BACKEND = "aer"
"""Backend of the quantum rows: the toolkit's default (Aer; statevector for narrow
circuits, matrix product state for wide ones). The oracle calls are counted the same
way on every backend."""


def _check_count(value: object, name: str) -> int:
    """``value`` as a positive int (numpy integers too, not bool)."""
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise ValueError(f"{name} must be a positive integer, was {value!r}")
    return int(value)


def _derived_seed(seed: int | None, *parts: object) -> int:
    """A 32-bit seed fixed by ``seed`` and ``parts`` (independent of grid order)."""
    return random.Random(f"{seed}|" + "|".join(map(str, parts))).getrandbits(32)


def random_secrets(
    num_positions: int, num_colors: int, count: int, *, distinct: bool, seed: int | None
) -> list[tuple[int, ...]]:
    """``count`` seeded uniformly random secrets (random injections when ``distinct``).

    Raises:
        ValueError: invalid sizes, ``count < 1``, or ``distinct`` with ``k < n``.
    """
    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"samples must be a positive integer, was {count!r}")
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

    Raises:
        ValueError: a row that does not apply, bad sample counts, or a solver refusing
            the size (its message is passed on).
    """
    reason = applicability(task.method, task.n, task.k)
    if reason is not None:
        raise ValueError(reason)
    started = time.perf_counter()
    if task.kind == "bound":
        source = "asymptotic" if task.method in ASYMPTOTIC_FORMULAS else "theorem"
        return CompareRow(
            n=task.n,
            k=task.k,
            method=task.method,
            kind="bound",
            queries=bound_value(task.method, task.n, task.k),
            source=source,
            formula=_FORMULAS.get(task.method) or _elouali_formula(task.method, task.n, task.k),
            reference=_REFERENCES.get(task.method),
        )
    info = method_info(task.method)
    count = quantum_samples if info.kind == "quantum" else samples
    secrets = random_secrets(task.n, task.k, count, distinct=info.distinct, seed=seed)
    results = []
    for index, secret in enumerate(secrets):
        run_seed = _derived_seed(seed, "run", task.n, task.k, task.method, index)
        if info.kind == "quantum":
            result = solve(
                secret,
                colors=task.k,
                method=task.method,
                backend=backend,
                shots=shots,
                seed=run_seed,
                verify=verify,
            )
        else:
            result = solve(secret, colors=task.k, method=task.method, seed=run_seed)
        results.append(result)
    counts = [result.queries for result in results]
    quantum = info.kind == "quantum"
    verified: dict[str, Any] = {}
    if quantum and verify:
        verified = {
            "queries_to_win": max(counts),
            "mean_queries_to_win": sum(counts) / len(counts),
            "certified_fraction": sum(bool(r.certified) for r in results) / len(results),
        }
        counts = [result.quantum_queries for result in results]
    probabilities = [r.success_probability for r in results if r.success_probability is not None]
    iterations = [r.iterations for r in results if r.iterations is not None]
    return CompareRow(
        n=task.n,
        k=task.k,
        method=task.method,
        kind=info.kind,
        queries=max(counts),
        mean_queries=sum(counts) / len(counts),
        source="measured",
        theory=theoretical_queries(task.method, task.n, task.k) if quantum else None,
        iterations=max(iterations) if iterations else None,
        samples=len(results),
        solved=all(result.solved for result in results),
        success_probability=min(probabilities) if probabilities else None,
        seconds=round(time.perf_counter() - started, 3),
        formula=_FORMULAS.get(task.method),
        reference=_REFERENCES.get(task.method),
        **verified,
    )


def validate_backend(backend: str) -> str:
    """Return ``backend`` if the quantum rows can name it; raise ``ValueError`` otherwise.

    Checked before any row runs: a row that raises ``ValueError`` is skipped as "does not
    apply", so a misspelt backend would otherwise skip every quantum row silently.
    ``fake:NAME`` must name an installed fake device; ``ibm:NAME`` is checked when a row
    runs (that needs the service).

    Raises:
        ValueError: not a backend name, or no fake device of that name (the message
            names it).

    Example:
        >>> validate_backend("aer-mps")
        'aer-mps'
    """
    from ..backends import backend_kind, fake_backend, validate_backend_name

    name = validate_backend_name(backend)
    if backend_kind(name) == "fake":
        fake_backend(name)
    return name


def compare(
    positions: Iterable[int],
    colors: Iterable[int],
    *,
    methods: Iterable[str] | None = None,
    bounds: bool = True,
    formulas: bool = True,
    samples: int = DEFAULT_SAMPLES,
    quantum_samples: int = 1,
    backend: str = DEFAULT_BACKEND,
    shots: int | None = None,
    seed: int | None = 0,
    workers: int | None = None,
    client: Any = None,
    verify: bool = False,
) -> Comparison:
    """Compare quantum and classical query counts over the ``positions x colors`` grid.

    :func:`plan_comparison` lists the rows, :func:`run_task` computes each. A solver that
    refuses a size with ``ValueError`` moves that row to ``skipped`` with its message.

    Args:
        positions: the values of ``n``.
        colors: the values of ``k``.
        methods: ``solve`` methods (default all), optionally bound names.
        bounds: add :data:`BOUNDS` rows.
        formulas: add :data:`ASYMPTOTIC_FORMULAS` rows.
        samples: random secrets per classical row (worst and mean over them).
        quantum_samples: random secrets per quantum row.
        backend: backend for the quantum methods (default :data:`DEFAULT_BACKEND`).
        shots: shots per circuit on sampling backends.
        seed: master seed for secrets and runs.
        workers: run the rows in this many local processes (default 1: here).
        client: a ``dask.distributed.Client``: run the rows on its cluster.
        verify: play the quantum games verified (:func:`run_task`): their
            ``queries_to_win`` then count every repair query, and the rows carry
            ``certified_fraction``. What a quantum codebreaker needs on a noisy device
            (``fake:``, ``ibm:``), honestly counted.

    Returns:
        A :class:`Comparison` (``.rows``, ``.skipped``, ``.to_dict()``).

    Raises:
        ValueError: invalid grid, method name, backend name or counts.

    Example:
        >>> result = compare([3], [3], methods=["blackpeg"], formulas=False, samples=2)
        >>> [row.method for row in result.rows]
        ['blackpeg', 'elouali-upper', 'elouali-lower', 'adaptive-T']
    """
    plan = plan_comparison(positions, colors, methods=methods, bounds=bounds, formulas=formulas)
    return run_comparison(
        plan,
        samples=samples,
        quantum_samples=quantum_samples,
        backend=backend,
        shots=shots,
        seed=seed,
        workers=workers,
        client=client,
        verify=verify,
    )


def check_comparison(
    plan: ComparisonPlan,
    *,
    samples: int = DEFAULT_SAMPLES,
    quantum_samples: int = 1,
    backend: str = DEFAULT_BACKEND,
    shots: int | None = None,
    seed: int | None = 0,
    workers: int | None = None,
    client: Any = None,
    verify: bool = False,
) -> int:
    """Check what :func:`run_comparison` would be asked, before any row (or file) is made.

    Returns:
        ``workers`` as an int (1 when ``None``).

    Raises:
        ValueError: invalid sample counts, shots, seed, backend name or ``workers``
            (below 1, or both ``workers`` > 1 and ``client``), or ``workers``/``client``
            with a backend whose rows run in a runtime batch (``ibm:``).
        mastermind_q.backends.BackendUnavailableError: an ``ibm:`` backend that cannot
            be reached (no credentials, unknown device): an error, never skipped rows.
    """
    from ..backends import backend_kind, resolve_backend
    from ..backends.batching import uses_runtime
    from ..game import validate_seed
    from ..limits import check_shots
    from . import executors

    _check_count(samples, "samples")
    _check_count(quantum_samples, "quantum_samples")
    if not isinstance(verify, bool):
        raise ValueError(f"verify must be True or False, was {verify!r}")
    if shots is not None:
        check_shots(shots)
    validate_seed(seed)
    validate_backend(backend)
    workers = executors.validate_workers(workers)
    if workers > 1 and client is not None:
        raise ValueError(f"give workers or client, not both; was workers={workers} and a client")
    quantum = any(task.kind == "quantum" for task in plan.tasks)
    if quantum and uses_runtime(backend) and (workers > 1 or client is not None):
        raise ValueError(
            f"a sweep on {backend} runs its rows here, in one runtime batch: "
            "drop workers/client (the device, not this machine, does the work)"
        )
    if backend_kind(backend) == "ibm" and quantum:
        resolve_backend(backend)  # no credentials or no device: an error, not skipped rows
    return workers


def run_comparison(
    plan: ComparisonPlan,
    *,
    samples: int = DEFAULT_SAMPLES,
    quantum_samples: int = 1,
    backend: str = DEFAULT_BACKEND,
    shots: int | None = None,
    seed: int | None = 0,
    into: Comparison | None = None,
    tasks: Iterable[CompareTask] | None = None,
    on_row: Callable[[CompareRow], None] | None = None,
    on_skip: Callable[[CompareTask, str], None] | None = None,
    workers: int | None = None,
    client: Any = None,
    verify: bool = False,
) -> Comparison:
    """Run the rows of ``plan``, filling a :class:`Comparison` as they finish.

    A solver that refuses a size with ``ValueError`` moves that row to ``skipped`` with
    its message (a bound row that fails is a bug and re-raises). Rows run here one by
    one, in ``workers`` local processes, or on a Dask cluster (``client``), see
    :mod:`mastermind_q.compare.executors`; each row derives its seeds from ``seed``,
    ``n``, ``k`` and the method, so every way gives the same rows. Parallel rows land in
    ``into`` (and reach ``on_row``) in the order they finish; when the run ends, or is
    interrupted, the rows of this call are put back in plan order. Quantum rows on
    ``ibm:`` (and on ``fake:`` with ``fake_mode="runtime"``) run here, their jobs
    submitted in one runtime batch (:func:`mastermind_q.backends.runtime_batch`).

    Args:
        plan: from :func:`plan_comparison`.
        samples, quantum_samples, backend, shots, seed, verify: as in :func:`compare`.
        into: the :class:`Comparison` to fill (default a new one holding
            ``plan.skipped``). Rows land in it as they finish, so a caller interrupted
            mid-sweep (``KeyboardInterrupt``) keeps every finished row.
        tasks: the tasks to run, default ``plan.tasks`` (e.g. wrapped in a progress bar;
            read lazily when the rows run here).
        on_row: called with each finished row (e.g. to write it to a CSV file at once).
        on_skip: called with each task a solver refused and the reason.
        workers: local worker processes (default 1: run here).
        client: a ``dask.distributed.Client``: run the rows on its cluster instead.

    Returns:
        ``into``, filled.

    Raises:
        ValueError: invalid backend name, sample counts, shots, seed or ``workers``
            (below 1, or both ``workers`` > 1 and ``client``), checked before any row
            runs.
        mastermind_q.backends.BackendUnavailableError: an ``ibm:`` backend that cannot
            be reached (no credentials, unknown device): an error, never skipped rows.
    """
    from ..backends import runtime_batch
    from ..backends.batching import uses_runtime
    from . import executors

    workers = check_comparison(
        plan,
        samples=samples,
        quantum_samples=quantum_samples,
        backend=backend,
        shots=shots,
        seed=seed,
        workers=workers,
        client=client,
        verify=verify,
    )
    todo: Iterable[CompareTask] = plan.tasks if tasks is None else tasks
    batched = uses_runtime(backend) and any(task.kind == "quantum" for task in plan.tasks)
    outcome = Comparison(skipped=list(plan.skipped)) if into is None else into
    options = {
        "samples": samples,
        "quantum_samples": quantum_samples,
        "backend": backend,
        "shots": shots,
        "seed": seed,
        "verify": verify,
    }
    if client is not None:
        results = executors.dask_results(list(todo), options, client=client)
    elif workers > 1:
        results = executors.process_results(list(todo), options, workers=workers)
    else:
        results = executors.serial_results(todo, options)
    first_row, first_skipped = len(outcome.rows), len(outcome.skipped)
    finished: list[tuple[int, CompareRow]] = []
    refused: list[tuple[int, tuple[CompareTask, str]]] = []
    try:
        with runtime_batch(backend) if batched else contextlib.nullcontext():
            for index, task, row, reason in results:
                if row is None:
                    refused.append((index, (task, str(reason))))
                    outcome.skipped.append(refused[-1][1])
                    if on_skip is not None:
                        on_skip(task, str(reason))
                    continue
                finished.append((index, row))
                outcome.rows.append(row)
                if on_row is not None:
                    on_row(row)
    finally:
        results.close()
        outcome.rows[first_row:] = [row for _, row in sorted(finished, key=_first)]
        outcome.skipped[first_skipped:] = [item for _, item in sorted(refused, key=_first)]
    for row in best_classical_rows(outcome.rows[first_row:]):
        outcome.rows.append(row)
        if on_row is not None:
            on_row(row)
    return outcome


def _first(pair: tuple[int, Any]) -> int:
    return pair[0]


BEST_CLASSICAL = "best-classical"
"""Name of the row holding the best classical codebreaker measured at each ``(n, k)``."""


def best_classical_rows(rows: list[CompareRow]) -> list[CompareRow]:
    """One ``best-classical`` row per ``(n, k)`` with measured classical rows.

    ``queries`` is the fewest worst-case queries over the classical codebreakers measured
    there (all games solved), ``mean_queries`` the fewest mean; ``best_worst_method``
    and ``best_mean_method`` name them (ties: smaller mean or worst, then the name).
    ``source`` is ``"best"``.
    """
    cells: dict[tuple[int, int], list[CompareRow]] = {}
    for row in rows:
        if row.kind == "classical" and row.source == "measured" and row.solved:
            cells.setdefault((row.n, row.k), []).append(row)
    best = []
    for (n, k), candidates in cells.items():
        worst = min(candidates, key=lambda r: (r.queries, r.mean_queries, r.method))
        mean = min(candidates, key=lambda r: (r.mean_queries, r.queries, r.method))
        best.append(
            CompareRow(
                n=n,
                k=k,
                method=BEST_CLASSICAL,
                kind="classical",
                queries=worst.queries,
                mean_queries=mean.mean_queries,
                source="best",
                samples=min(r.samples or 0 for r in (worst, mean)),
                solved=True,
                best_worst_method=worst.method,
                best_mean_method=mean.method,
                reference="the fewest queries over the classical codebreakers measured here",
            )
        )
    return best
