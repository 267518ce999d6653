"""A progress bar for a comparison sweep (tqdm, on stderr): rows done, the running row.

:class:`SweepProgress` is what ``mastermind-q compare`` shows and what
``compare(..., progress=True)`` shows from Python: one bar counting the rows of the
plan, its text naming the row that runs (``n=8 k=8 consistent (black-white)``) and, for
quantum rows, the stage of the simulation (``simulate 12s``). It is opt-in: the library
prints nothing unless asked.

Example:
    >>> from mastermind_q.compare import plan_comparison, run_comparison
    >>> plan = plan_comparison([3], [3], methods=["blackpeg"], formulas=False)
    >>> with SweepProgress(len(plan.tasks), disable=True) as bar:  # doctest: +SKIP
    ...     rows = run_comparison(plan, **bar.hooks()).rows
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, TypedDict

from .rows import CompareRow, CompareTask

__all__ = ["SweepProgress", "describe_task"]


def describe_task(task: CompareTask) -> str:
    """``n=8 k=8 consistent`` (the game added when it is not black pegs with repetition)."""
    text = f"n={task.n} k={task.k} {task.method}"
    if task.kind == "classical" and (task.feedback, task.distinct) != ("black", False):
        game = str(task.feedback) + (", distinct" if task.distinct else "")
        text += f" ({game})"
    return text


class SweepHooks(TypedDict, total=False):
    """The keyword arguments :meth:`SweepProgress.hooks` gives ``run_comparison``."""

    on_row: Callable[[CompareRow], None]
    on_skip: Callable[[CompareTask, str], None]
    tasks: Iterable[CompareTask]


class SweepProgress:
    """A tqdm bar over the rows of a sweep, on ``file`` (default ``sys.stderr``).

    Serial sweeps pass their tasks through :meth:`tasks` (the bar names the running row
    and advances when it is done); parallel sweeps count finished rows through
    :meth:`on_row` and :meth:`on_skip`. :meth:`on_event` takes the
    :class:`~mastermind_q.backends.ProgressEvent` steps of a quantum row (use it as the
    ``progress`` execution option). :meth:`hooks` gives all three as keyword arguments
    of :func:`~mastermind_q.compare.run_comparison`.

    Args:
        total: rows in the plan.
        parallel: rows run elsewhere (workers, Dask) and are counted as they finish.
        where: shown while a parallel sweep runs (e.g. ``"2 workers"``).
        file: the stream (default ``sys.stderr``).
        disable: draw nothing (every method still works).
        costs: the estimated seconds of each of ``tasks``
            (:func:`~mastermind_q.compare.running.task_costs`): the bar then advances by
            each row's estimated cost, not by one per row, so its remaining time is an
            estimate of the time left.
        tasks: the tasks ``costs`` belong to.
    """

    def __init__(
        self,
        total: int,
        *,
        parallel: bool = False,
        where: str | None = None,
        file: IO[str] | None = None,
        disable: bool = False,
        costs: Sequence[float] | None = None,
        tasks: Sequence[CompareTask] | None = None,
    ) -> None:
        from tqdm import tqdm

        self.parallel = parallel
        self._running: CompareTask | None = None
        self._rows_total = total
        self._rows_done = 0
        self._costs: dict[tuple[Any, ...], int] = {}  # estimated milliseconds per row
        weight = 0
        if costs is not None and tasks is not None:
            for task, cost in zip(tasks, costs):
                self._costs[_key(task)] = max(1, round(float(cost) * 1000))
                weight += self._costs[_key(task)]
        weighted = bool(self._costs)
        self._bar: Any = tqdm(
            total=weight if weighted else total,
            desc="compare",
            unit="row",
            file=sys.stderr if file is None else file,
            disable=disable,
            bar_format=(
                "{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}{postfix}]"
                if weighted
                else None
            ),
        )
        if parallel and where:
            self._bar.set_postfix_str(where)

    def tasks(self, tasks: Iterable[CompareTask]) -> Iterator[CompareTask]:
        """Yield ``tasks``, each named on the bar while it runs (serial sweeps)."""
        for task in tasks:
            self._running = task
            self._bar.set_postfix_str(self._describe(task), refresh=False)
            yield task
            if not self.parallel:
                self._advance(task)

    def _describe(self, task: CompareTask) -> str:
        """The running row and, when rows are weighed by cost, the rows done."""
        if not self._costs:
            return describe_task(task)
        return f"row {self._rows_done + 1}/{self._rows_total}: {describe_task(task)}"

    def _advance(self, task: Any) -> None:
        """One row done: by its estimated cost when rows are weighed, else by one."""
        self._rows_done += 1
        if self._costs:
            self._bar.update(self._costs.get(_key(task), 0))
        else:
            self._bar.update()

    def on_event(self, event: Any) -> None:
        """Show the running row's stage, e.g. ``simulate 12s`` (a ``ProgressEvent``)."""
        if self._running is None or event.stage not in ("transpile", "simulate", "waiting"):
            return
        seconds = f" {event.seconds:.0f}s" if event.seconds else ""
        self._bar.set_postfix_str(f"{self._describe(self._running)}: {event.stage}{seconds}")

    def on_row(self, row: CompareRow) -> None:
        """Count a finished row (parallel sweeps; ``best-classical`` rows are not tasks)."""
        if self.parallel and row.source != "best":
            self._advance(row)

    def on_skip(self, task: CompareTask, reason: str) -> None:
        """Count a row the solver refused (parallel sweeps)."""
        if self.parallel:
            self._advance(task)

    def hooks(self, tasks: Iterable[CompareTask] | None = None) -> SweepHooks:
        """``on_row``, ``on_skip`` and, when ``tasks`` are given, the wrapped ``tasks``."""
        hooks: SweepHooks = {"on_row": self.on_row, "on_skip": self.on_skip}
        if tasks is not None:
            hooks["tasks"] = tasks if self.parallel else self.tasks(tasks)
        return hooks

    def close(self) -> None:
        """Close the bar (leaves its last state on the stream)."""
        if self._costs and self._rows_done >= self._rows_total:  # rounding: end at 100%
            self._bar.n = self._bar.total
            self._bar.refresh()
        self._bar.close()

    def __enter__(self) -> SweepProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _key(item: Any) -> tuple[Any, ...]:
    """What identifies a row's task: ``(n, k, method, feedback, distinct)``."""
    return (item.n, item.k, item.method, item.feedback, bool(item.distinct))
