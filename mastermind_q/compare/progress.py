"""A progress bar for a comparison sweep (tqdm, on stderr): rows done, the running row.

:class:`SweepProgress` is what ``mastermind-q compare`` shows and what
``compare(..., progress=True)`` shows from Python: one bar counting the rows of the
plan, its text naming the row that runs (``n=8 k=8 consistent (black-white)``) and, for
quantum rows, the stage of the simulation (``simulate 12s``). It is opt-in: the library
prints nothing unless asked.

On a stream that is not a terminal (a log file, a pipe, CI) a redrawn bar would leave
every redraw behind, so :func:`progress_bar` gives a :class:`LineProgress` there
instead: one line per stage as it begins (``transpile (12 circuits)``), and the sweep one
line per stage of a quantum row (``compare: row 3/12: n=8 k=8 triples: simulate``) and
per finished row (``compare: row 3/12 n=8 k=8 blackpeg [1.2s]``).

Example:
    >>> from mastermind_q.compare import plan_comparison, run_comparison
    >>> plan = plan_comparison([3], [3], methods=["blackpeg"], formulas=False)
    >>> with SweepProgress(len(plan.tasks), disable=True) as bar:  # doctest: +SKIP
    ...     rows = run_comparison(plan, **bar.hooks()).rows
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, TypedDict

from .rows import CompareRow, CompareTask

__all__ = ["LineProgress", "SweepProgress", "describe_task", "is_terminal", "progress_bar"]


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (``isatty``); ``False`` when it cannot say."""
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


class LineProgress:
    """The part of tqdm's interface the toolkit uses, writing one line as it begins.

    For streams that are not terminals: nothing is redrawn; the stage is announced once,
    ``DESC (TOTAL UNITs)`` (or ``DESC`` without a total), unless disabled, so a log shows
    which stage runs (and where a stopped run stopped) without a count that stays at 0.
    """

    def __init__(
        self,
        total: float | None = None,
        desc: str = "",
        unit: str = "it",
        file: IO[str] | None = None,
        disable: bool = False,
        **_ignored: Any,
    ) -> None:
        self.total = total
        self.n: float = 0
        self.desc = desc
        self.unit = unit
        self.postfix = ""
        self.disable = disable
        self._file = file
        self._started = time.perf_counter()
        self._closed = False
        self.write_line(f"{desc} ({_counted(total, unit)})" if total else desc)

    def update(self, amount: float = 1) -> None:
        self.n += amount

    def reset(self, total: float | None = None) -> None:
        """Start counting again (a search's next pass): no new line."""
        self.n = 0
        if total is not None:
            self.total = total

    def set_description_str(self, text: str, refresh: bool = True) -> None:
        self.desc = text

    def set_postfix_str(self, text: str, refresh: bool = True) -> None:
        self.postfix = text

    def refresh(self) -> None:
        """Nothing to redraw."""

    def elapsed(self) -> float:
        return time.perf_counter() - self._started

    def write_line(self, text: str) -> None:
        """Write ``text`` as one line to the stream (nothing when disabled)."""
        if self.disable:
            return
        stream = sys.stderr if self._file is None else self._file
        print(text, file=stream, flush=True)

    def close(self) -> None:
        """Nothing more to write: the stage was announced when it began."""
        self._closed = True


def _counted(total: float, unit: str) -> str:
    count = int(total)
    return (
        f"{count} {unit}"
        if count == 1
        else f"{count} {unit}es"
        if unit.endswith("s")
        else f"{count} {unit}s"
    )


def progress_bar(*, file: IO[str] | None = None, **options: Any) -> Any:
    """A tqdm bar on a terminal, else a :class:`LineProgress` (one line when it closes).

    ``options`` are tqdm's (``total``, ``desc``, ``unit``, ``disable``, ...); ``file``
    defaults to ``sys.stderr``.
    """
    stream = sys.stderr if file is None else file
    if is_terminal(stream):
        from tqdm import tqdm

        return tqdm(file=stream, **options)
    return LineProgress(file=stream, **options)


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
            On a stream that is not a terminal nothing is redrawn: each finished row
            is one line (``compare: row 3/12 n=8 k=8 blackpeg [1.2s]``).
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
        self.parallel = parallel
        self._file = sys.stderr if file is None else file
        self._lines = not is_terminal(self._file)
        self._started = time.perf_counter()
        self._disabled = disable
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
        if self._lines:  # a log: one line per row, written by _advance
            disable = True
        self._bar: Any = progress_bar(
            total=weight if weighted else total,
            desc="compare",
            unit="row",
            file=self._file,
            disable=disable,
            bar_format=(
                "{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}{postfix}]"
                if weighted
                else None
            ),
        )
        if parallel and where:
            self._bar.set_postfix_str(where)
            self._line(f"compare: {total} rows on {where}")
        self._stage: tuple[Any, str] | None = None

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

    def _line(self, text: str) -> None:
        """One line on a stream that is not a terminal (nothing when disabled)."""
        if self._lines and not self._disabled:
            print(text, file=self._file, flush=True)

    def _advance(self, task: Any) -> None:
        """One row done: by its estimated cost when rows are weighed, else by one."""
        self._rows_done += 1
        elapsed = time.perf_counter() - self._started
        self._line(
            f"compare: row {self._rows_done}/{self._rows_total} {describe_task(task)} "
            f"[{elapsed:.1f}s]"
        )
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
        if self._stage != (self._running, event.stage):  # a log: once per stage of a row
            self._stage = (self._running, event.stage)
            self._line(f"compare: {self._describe(self._running)}: {event.stage}")

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
