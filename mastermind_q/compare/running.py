"""Running a comparison: check it, hand its rows to an executor, collect them.

Each row is computed by :func:`~mastermind_q.compare.tasks.run_task` (re-exported
here), wherever :mod:`mastermind_q.compare.executors` runs it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from .rows import CompareRow, CompareTask, Comparison, ComparisonPlan, plan_comparison

if TYPE_CHECKING:
    from ..backends import Execution
from .tasks import DEFAULT_BACKEND, DEFAULT_SAMPLES, random_secrets, run_task, sweep_execution

__all__ = [
    "AUTO_PARALLEL_SECONDS",
    "BEST_CLASSICAL",
    "DEFAULT_BACKEND",
    "DEFAULT_SAMPLES",
    "ComparisonInterrupted",
    "auto_workers",
    "best_classical_rows",
    "check_comparison",
    "compare",
    "random_secrets",
    "run_comparison",
    "run_task",
    "sweep_execution",
    "task_costs",
    "validate_backend",
]


def _check_count(value: object, name: str) -> int:
    """``value`` as a positive int (numpy integers too, not bool)."""
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise ValueError(f"{name} must be a positive integer, was {value!r}")
    return int(value)


def _method_names(methods: Any) -> Any:
    """``methods`` as given if it is ``None`` or a string, else as a list of strings.

    Raises:
        ValueError: ``methods`` is not iterable, or holds something that is not a name.
    """
    from ..game import shown

    if methods is None or isinstance(methods, str):
        return methods
    if isinstance(methods, (bytes, bytearray)) or not isinstance(methods, Iterable):
        raise ValueError(f"methods must be a list of method names, was {shown(methods)}")
    names = list(methods)
    for index, name in enumerate(names):
        if not isinstance(name, str):
            raise ValueError(f"methods[{index}] must be a method name, was {shown(name)}")
    return names


def _check_work(plan: ComparisonPlan, samples: int) -> None:
    """Refuse a comparison whose classical rows add up to too much work, before any row.

    Each classical row plays ``samples`` games of about ``guesses x n`` work (the
    method's worst-case guesses, :func:`mastermind_q.solving.check_request`'s
    estimate); the sum over the plan is compared with ``MASTERMIND_Q_MAX_COMPARE_WORK``.
    A codebreaker's cost model's ``work_step`` (:class:`~mastermind_q.codebreaker.CostModel`)
    divides its work (the
    coin-weighing codebreaker's guesses are built and answered as arrays, in batches: a
    sixteenth of a step per unit; ``n = k = 16,384``, ``4.0 x 10^9``, takes 27 s of one
    core, where ``MASTERMIND_Q_MAX_COMPARE_WORK``'s ``10^10`` steps are about 20 minutes).
    """
    from ..limits import check_compare_work
    from ..solving import _classical_guesses as classical_guesses  # the solve limit's estimate
    from ..solving import method_info

    total = 0
    for task in plan.tasks:
        if task.kind == "classical":
            work = samples * classical_guesses(task.method, task.n, task.k) * task.n
            total += work // method_info(task.method).cost.work_step
    rows = sum(task.kind == "classical" for task in plan.tasks)
    check_compare_work(total, rows=rows, samples=samples)


def _check_quantum_work(
    plan: ComparisonPlan, quantum_samples: int, backend: str, shots: int | None
) -> None:
    """Refuse a comparison whose executed quantum rows add up to too much, before any row.

    Each executed quantum row solves ``quantum_samples`` secrets: the solves summed over
    the plan are held to ``MASTERMIND_Q_MAX_SAMPLES``, and the shots (solves x circuits
    x shots per circuit on sampling backends) to 1000 x ``MASTERMIND_Q_MAX_SHOTS``.
    Counted rows (``executed=False``) run nothing and are not included.
    """
    from ..backends import DEFAULT_SHOTS, is_exact
    from ..limits import ResourceLimitError, limit
    from ..quantum.estimates import estimate_run

    executed = [t for t in plan.tasks if t.kind == "quantum" and t.executed is not False]
    if not executed:
        return
    solves = quantum_samples * len(executed)
    if solves > limit("max_samples"):
        raise ResourceLimitError(
            f"the comparison's {len(executed)} executed quantum rows x {quantum_samples} "
            f"quantum samples = {solves} solves, more than the limit {limit('max_samples')} "
            "(raise it with MASTERMIND_Q_MAX_SAMPLES)"
        )
    if is_exact(backend):
        return
    per_circuit = DEFAULT_SHOTS if shots is None else shots
    total = 0
    for task in executed:
        try:
            circuits = estimate_run(task.method, task.n, task.k).circuits
        except ValueError:
            circuits = 1
        total += quantum_samples * circuits * per_circuit
    most = 1000 * limit("max_shots")
    if total > most:
        raise ResourceLimitError(
            f"the comparison's executed quantum rows need {total:.1e} shots "
            f"({quantum_samples} samples x circuits x {per_circuit} shots), more than the "
            f"limit {most:.1e} (1000 x MASTERMIND_Q_MAX_SHOTS)"
        )


def task_costs(plan: ComparisonPlan, **settings: Any) -> list[float]:
    """The estimated seconds of each task of ``plan`` (:func:`~.costs.estimate_seconds`)."""
    from .costs import estimate_seconds

    samples = settings.get("samples") or DEFAULT_SAMPLES
    quantum_samples = settings.get("quantum_samples") or 1
    return [
        estimate_seconds(task, samples=samples, quantum_samples=quantum_samples)
        for task in plan.tasks
    ]


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
    colors: Iterable[int] | str,
    *,
    methods: Iterable[str] | None = None,
    bounds: bool = True,
    formulas: bool = True,
    samples: int = DEFAULT_SAMPLES,
    quantum_samples: int = 1,
    backend: str = DEFAULT_BACKEND,
    shots: int | None = None,
    seed: int | None = 0,
    workers: int | str | None = None,
    client: Any = None,
    games: Iterable[str] | None = None,
    progress: bool = False,
    verify: bool = False,
    simulate_up_to: int | None = None,
    row_budget: float | None = None,
    effort: float | None = None,
    execution: Execution | None = None,
    scheduler: str | None = None,
    on_start: Callable[[ComparisonPlan], None] | None = None,
    on_row: Callable[[CompareRow], None] | None = None,
    on_skip: Callable[[CompareTask, str], None] | None = None,
) -> Comparison:
    """Compare quantum and classical query counts over the ``positions x colors`` grid.

    The one sweep driver: it plans the rows (:func:`plan_comparison`), checks the whole
    request before any row (:func:`check_comparison`), connects to a ``scheduler``,
    shows the progress bar, runs the rows (:func:`run_comparison`, each computed by
    :func:`run_task`) and reports each one to the callbacks as it finishes. A solver
    that refuses a size with ``ValueError`` moves that row to ``skipped`` with its
    message. The command line's ``compare`` is this call with callbacks for the CSV.

    Args:
        positions: the values of ``n``.
        colors: the values of ``k``, or ``"n"``: the diagonal ``k = n``.
        methods: ``solve`` methods (default: every method, each in its default games;
            ``"all"``: every method in every game it plays), optionally bound names.
        bounds: add :data:`BOUNDS` rows.
        formulas: add :data:`ASYMPTOTIC_FORMULAS` rows.
        samples: random secrets per classical row (worst and mean over them).
        quantum_samples: random secrets per quantum row.
        backend: backend for the quantum methods (default :data:`DEFAULT_BACKEND`).
        shots: shots per circuit on sampling backends.
        seed: master seed for secrets and runs.
        workers: run the rows in this many local processes (default 1: here);
            ``"auto"``: 2 when the sweep is estimated at more than
            :data:`AUTO_PARALLEL_SECONDS` of work and the machine has 2 cores, else 1.
        client: a ``dask.distributed.Client``: run the rows on its cluster.
        verify: play the quantum games verified (:func:`run_task`): their
            ``queries_to_win`` then count every repair query, and the rows carry
            ``certified_fraction``. What a quantum codebreaker needs on a noisy device
            (``fake:``, ``ibm:``), honestly counted.
        games: the games to run each method in (:data:`~.games.GAMES` names), see
            :func:`plan_comparison`.
        progress: show the command line's progress bar on stderr
            (:class:`~mastermind_q.compare.progress.SweepProgress`).
        simulate_up_to: quantum rows with ``n`` and ``k`` at most this run on the
            simulator; larger ones are counted, not executed (``executed=False``,
            default :data:`~mastermind_q.compare.theory.SIMULATE_UP_TO`).
        row_budget: seconds a row of an expensive codebreaker (``consistent``,
            ``optimal``, ``knuth``) may take by its cost model, evaluated before the row;
            over it the row is skipped with the reason (default
            :data:`~mastermind_q.compare.costs.DEFAULT_ROW_BUDGET`). Never the time a
            row takes: the same command gives the same rows on any load.
        effort: the search limit of the codebreakers that take one (``consistent``:
            CP-SAT deterministic time per game, default
            :data:`~mastermind_q.classical.consistent.DEFAULT_EFFORT`); a game its cost
            model puts above it is skipped with the reason before it starts.
        execution: the :class:`~mastermind_q.backends.Execution` record of the quantum
            rows (backend, shots, options: oracle construction, noise suppression and
            mitigation, fake-backend path), instead of ``backend`` and ``shots``;
            default: one built from them and the
            :func:`~mastermind_q.backends.execution_options` in force. Each row runs
            with it and its own derived seed; worker processes rebuild it from its
            fields.
        scheduler: the address of a Dask scheduler (``tcp://host:8786``): connected
            after the checks, the rows run there, closed at the end.
        on_start: called with the plan once everything is checked, before any row
            (e.g. to open an output file).
        on_row: called with each finished row (``best-classical`` rows included).
        on_skip: called with each task a solver refused and the reason.

    Returns:
        A :class:`Comparison` (``.rows``, ``.skipped``, ``.to_dict()``).

    Raises:
        ValueError: invalid grid, method name, backend name, counts or execution
            options (noise options on Aer, twirling on the fast ``fake:`` path).
        ComparisonInterrupted: Ctrl-C (or Jupyter's "interrupt kernel") mid-sweep; a
            ``KeyboardInterrupt`` whose ``comparison`` holds every finished row::

                try:
                    table = compare(...)
                except ComparisonInterrupted as stop:
                    table = stop.comparison  # the rows finished before the interrupt

            (in Jupyter, after an uncaught interrupt: ``sys.last_value.comparison``).

    Example:
        >>> result = compare([3], [3], methods=["blackpeg"], formulas=False, samples=2)
        >>> [row.method for row in result.rows]  # doctest: +NORMALIZE_WHITESPACE
        ['blackpeg', 'best-classical', 'entropy-bound', 'adaptive-T', 'counting-bound',
         'elouali-upper', 'elouali-lower']
    """
    from ..game import validate_flag

    for name, value in (("progress", progress), ("bounds", bounds), ("formulas", formulas)):
        validate_flag(value, name)
    # numpy integers are counts too: plain ints from here on (every row sees the same)
    samples = _check_count(samples, "samples")
    quantum_samples = _check_count(quantum_samples, "quantum_samples")
    methods = _method_names(methods)
    plan = plan_comparison(
        positions,
        colors,
        methods=methods,
        bounds=bounds,
        formulas=formulas,
        games=games,
        simulate_up_to=simulate_up_to,
    )
    record = sweep_execution(execution, backend=backend, shots=shots)
    if isinstance(workers, str) and workers == "auto":
        workers = auto_workers(
            plan, samples, quantum_samples, record, scheduler=scheduler, client=client
        )
    elif isinstance(workers, str):
        raise ValueError(f"workers must be an integer >= 1 or 'auto', was {workers!r}")
    settings: dict[str, Any] = {
        "samples": samples,
        "quantum_samples": quantum_samples,
        "backend": record.backend,
        "shots": record.shots,
        "seed": seed,
        "verify": verify,
        "row_budget": row_budget,
        "effort": effort,
    }
    count = check_comparison(
        plan, **settings, workers=workers, client=client, scheduler=scheduler, execution=record
    )
    parallel = count > 1 or client is not None or scheduler is not None
    quantum = any(task.kind == "quantum" for task in plan.tasks)
    owned = None
    if scheduler is not None:
        from .executors import connect

        client = owned = connect(scheduler)
    table = Comparison(skipped=list(plan.skipped))
    bar = None
    try:
        if on_start is not None:
            on_start(plan)
        tasks: Iterable[CompareTask] = plan.tasks
        if progress:
            from .progress import SweepProgress

            if client is None:
                where = f"{count} workers"
            else:
                where = "Dask" if scheduler is None else f"Dask at {scheduler}"
            bar = SweepProgress(
                len(plan.tasks),
                parallel=parallel,
                where=where,
                costs=task_costs(plan, samples=samples, quantum_samples=quantum_samples),
                tasks=plan.tasks,
            )
            previous = record.options.progress
            shown = bar

            def on_event(event: Any) -> None:
                shown.on_event(event)
                if previous is not None:
                    previous(event)

            record = record.replace(progress=on_event)
            tasks = plan.tasks if parallel else bar.tasks(plan.tasks)
        if quantum and not parallel and record.options.isolate:
            from ..backends.worker import start_worker

            if record.backend.startswith(("aer", "fake:")):
                start_worker()  # it imports Aer while this process plans and transpiles

        def row_done(row: CompareRow) -> None:
            if on_row is not None:
                on_row(row)
            if bar is not None:
                bar.on_row(row)

        def row_skipped(task: CompareTask, reason: str) -> None:
            if on_skip is not None:
                on_skip(task, reason)
            if bar is not None:
                bar.on_skip(task, reason)

        with _keeping_rows(table):
            return run_comparison(
                plan,
                **settings,
                workers=count,
                client=client,
                into=table,
                tasks=tasks,
                on_row=row_done,
                on_skip=row_skipped,
                execution=record,
                _checked=True,
            )
    finally:
        if bar is not None:
            bar.close()
        if owned is not None:
            owned.close()


AUTO_PARALLEL_SECONDS = 120.0
"""A sweep estimated at more work than this runs in two processes with ``workers="auto"``."""


def auto_workers(
    plan: ComparisonPlan,
    samples: int,
    quantum_samples: int,
    execution: Execution,
    *,
    scheduler: str | None = None,
    client: Any = None,
) -> int:
    """1, or 2 for a sweep estimated at more than :data:`AUTO_PARALLEL_SECONDS` of work.

    Never with a cluster (it runs the rows) or a backend whose rows run in one runtime
    batch here (``ibm:``, ``fake:`` with ``fake_mode="runtime"``).
    """
    import os

    from ..backends.batching import uses_runtime

    if scheduler is not None or client is not None:
        return 1
    if uses_runtime(execution.backend, execution.options.fake_mode):
        return 1
    cores = os.cpu_count() or 1
    total = sum(task_costs(plan, samples=samples, quantum_samples=quantum_samples))
    return min(2, cores) if total > AUTO_PARALLEL_SECONDS else 1


class ComparisonInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`compare`: ``comparison`` holds the rows finished before it.

    A ``KeyboardInterrupt`` (so an interrupt still stops a script), carrying the partial
    :class:`Comparison`: its ``rows`` are complete rows, in plan order.
    """

    def __init__(self, comparison: Comparison) -> None:
        super().__init__(
            f"comparison interrupted; {len(comparison.rows)} finished rows kept in "
            "the exception's .comparison"
        )
        self.comparison = comparison


@contextlib.contextmanager
def _keeping_rows(table: Comparison) -> Iterator[None]:
    """Turn a ``KeyboardInterrupt`` into :class:`ComparisonInterrupted` holding ``table``."""
    try:
        yield
    except ComparisonInterrupted:
        raise
    except KeyboardInterrupt:
        raise ComparisonInterrupted(table) from None


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
    scheduler: str | None = None,
    verify: bool = False,
    row_budget: float | None = None,
    effort: float | None = None,
    execution: Execution | None = None,
) -> int:
    """Check what :func:`run_comparison` would be asked, before any row (or file) is made.

    ``scheduler``: the address a client will be connected to (the CLI checks before it
    connects); it counts as a client for the checks. ``execution``: the quantum rows'
    record (default: built from ``backend``, ``shots`` and the options in force).

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
    from ..game import validate_flag, validate_seed
    from ..limits import check_samples, check_shots
    from . import executors

    check_samples(_check_count(samples, "samples"), "samples")
    check_samples(_check_count(quantum_samples, "quantum_samples"), "quantum_samples")
    validate_flag(verify, "verify")
    if shots is not None:
        check_shots(shots)
    validate_seed(seed)
    record = sweep_execution(execution, backend=backend, shots=shots)
    backend = validate_backend(record.backend)
    workers = executors.validate_workers(workers)
    if workers > 1 and (client is not None or scheduler is not None):
        raise ValueError(f"give workers or client, not both; was workers={workers} and a client")
    if client is not None and not callable(getattr(client, "map", None)):
        text = repr(client)
        text = text if len(text) <= 60 else text[:57] + "..."
        raise ValueError(
            "client must be a dask.distributed.Client (for an address, use "
            f"mastermind_q.compare.executors.connect(address)), was {type(client).__name__} {text}"
        )
    from .costs import validate_row_budget

    validate_row_budget(row_budget)
    if effort is not None:
        from ..classical.consistent import validate_effort

        validate_effort(effort)
    _check_work(plan, samples)
    _check_quantum_work(plan, quantum_samples, backend, shots)
    quantum = any(task.kind == "quantum" for task in plan.tasks)
    distributed = client is not None or scheduler is not None
    if quantum and uses_runtime(backend, record.options.fake_mode) and (workers > 1 or distributed):
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
    row_budget: float | None = None,
    effort: float | None = None,
    execution: Execution | None = None,
    _checked: bool = False,
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
        execution: the quantum rows' :class:`~mastermind_q.backends.Execution` record
            (default: built from ``backend``, ``shots`` and the options in force); the
            runtime batch opened here joins it.

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

    if not _checked:  # compare() has checked the comparison once, before its progress bar
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
            row_budget=row_budget,
            effort=effort,
            execution=execution,
        )
    record = sweep_execution(execution, backend=backend, shots=shots)
    todo: Iterable[CompareTask] = plan.tasks if tasks is None else tasks
    batched = uses_runtime(record.backend, record.options.fake_mode) and any(
        task.kind == "quantum" for task in plan.tasks
    )
    outcome = Comparison(skipped=list(plan.skipped)) if into is None else into
    options = {
        "samples": samples,
        "quantum_samples": quantum_samples,
        "seed": seed,
        "verify": verify,
        "row_budget": row_budget,
        "effort": effort,
    }
    opened = runtime_batch(record.backend, record.options.fake_mode) if batched else None
    first_row, first_skipped = len(outcome.rows), len(outcome.skipped)
    finished: list[tuple[float, CompareRow]] = []
    refused: list[tuple[int, tuple[CompareTask, str]]] = []
    cells = _CellTracker(plan.tasks)

    def emit_best(cell: tuple[int, int]) -> None:
        """Add the ``best-classical`` rows of a finished cell, right after its rows.

        The cell's rows are taken in plan order (not the order they finished in), so its
        games, and so its ``best-classical`` rows, come in the same order wherever they ran.
        """
        in_cell = sorted((pair for pair in finished if pair[1].cell == cell), key=_first)
        for row in best_classical_rows([row for _, row in in_cell]):
            finished.append((cells.best_position(cell), row))
            outcome.rows.append(row)
            if on_row is not None:
                on_row(row)

    results: Any = None
    try:
        with opened if opened is not None else contextlib.nullcontext() as batch:
            if batch is not None:
                record = record.replace(batch=batch)
            if client is not None:
                results = executors.dask_results(list(todo), options, record, client=client)
            elif workers is not None and workers > 1:
                results = executors.process_results(list(todo), options, record, workers=workers)
            else:
                results = executors.serial_results(todo, options, record)
            for index, task, row, reason in results:
                if row is None:
                    refused.append((index, (task, str(reason))))
                    outcome.skipped.append(refused[-1][1])
                    if on_skip is not None:
                        on_skip(task, str(reason))
                else:
                    finished.append((cells.position(task), row))
                    outcome.rows.append(row)
                    if on_row is not None:
                        on_row(row)
                if cells.done(task):
                    emit_best(task.cell)
            for cell in cells.unfinished():  # tasks given as a subset of the plan
                emit_best(cell)
    finally:
        if results is not None:
            results.close()
        outcome.rows[first_row:] = [row for _, row in sorted(finished, key=_first)]
        outcome.skipped[first_skipped:] = [item for _, item in sorted(refused, key=_first)]
    return outcome


class _CellTracker:
    """Where each row of a plan goes, and when a cell's classical rows are all in.

    Rows sort by their task's place in the plan; a cell's ``best-classical`` rows go
    right after its last classical task (before its bounds), in the order they come.
    """

    def __init__(self, tasks: Iterable[CompareTask]) -> None:
        self._place: dict[CompareTask, int] = {}
        self._pending: dict[tuple[int, int], int] = {}
        self._after: dict[tuple[int, int], int] = {}
        self._emitted: set[tuple[int, int]] = set()
        self._best_count: dict[tuple[int, int], int] = {}
        for index, task in enumerate(tasks):
            self._place.setdefault(task, index)
            if task.kind == "classical":
                self._pending[task.cell] = self._pending.get(task.cell, 0) + 1
                self._after[task.cell] = index
        self._size = len(self._place) + 1

    def position(self, task: CompareTask) -> float:
        return float(self._place.get(task, self._size))

    def best_position(self, cell: tuple[int, int]) -> float:
        count = self._best_count.get(cell, 0) + 1
        self._best_count[cell] = count
        return self._after.get(cell, self._size) + count / 1000.0

    def done(self, task: CompareTask) -> bool:
        """Count ``task`` finished; whether that completes its cell's classical rows."""
        cell = task.cell
        if task.kind != "classical" or cell in self._emitted or cell not in self._pending:
            return False
        self._pending[cell] -= 1
        if self._pending[cell] > 0:
            return False
        self._emitted.add(cell)
        return True

    def unfinished(self) -> list[tuple[int, int]]:
        """Cells with classical tasks that never finished (a subset was run): once each."""
        cells = [cell for cell in self._pending if cell not in self._emitted]
        self._emitted.update(cells)
        return cells


def _first(pair: tuple[float, Any]) -> float:
    return pair[0]


BEST_CLASSICAL = "best-classical"
"""Name of the rows holding the best classical codebreaker measured at each ``(n, k)``,
one per game (setting, feedback, distinct)."""


def best_classical_rows(rows: Iterable[CompareRow]) -> list[CompareRow]:
    """One ``best-classical`` row per ``(n, k, setting, feedback, distinct)``.

    Among the measured classical rows of that game only (all games solved), the
    adaptive setting's including the non-adaptive ones (a strategy fixed in advance is
    also an adaptive strategy, so the adaptive best is never above the non-adaptive
    best of the same cell): ``queries`` is the fewest worst-case queries,
    ``mean_queries`` the fewest mean; ``best_worst_method`` and ``best_mean_method``
    name the codebreakers (ties: smaller mean or worst, then the name). ``source`` is
    ``"best"``; the row carries the game. Rows come per cell in the order the games
    first appear.
    """
    groups: dict[tuple[int, int, str, str, bool], list[CompareRow]] = {}
    for row in rows:
        if row.kind == "classical" and row.source == "measured" and row.solved:
            groups.setdefault((row.n, row.k, *row.game), []).append(row)
    for (n, k, setting, feedback, distinct), members in groups.items():
        if setting == "adaptive":  # the non-adaptive rows of the same game join
            members.extend(groups.get((n, k, "non-adaptive", feedback, distinct), ()))
    best = []
    for (n, k, setting, feedback, distinct), candidates in groups.items():
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
                reference=(
                    "the fewest queries over the classical codebreakers measured here in this game"
                    + (" (the non-adaptive ones included)" if setting == "adaptive" else "")
                ),
                setting=setting,
                feedback=feedback,
                distinct=distinct,
            )
        )
    return best
