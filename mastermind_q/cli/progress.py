"""Progress on stderr: the execution stages of a run and the ``optimal`` search (tqdm).

On a terminal a bar is redrawn in place; on anything else (a log file, a pipe) each
stage is one line when it ends (:func:`mastermind_q.compare.progress.progress_bar`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import Any


class Progress:
    """Shows :class:`~mastermind_q.backends.ProgressEvent` steps on stderr (tqdm).

    Collects the submitted jobs that left a record, shown or not.
    """

    def __init__(self, show: bool) -> None:
        self.show = show
        self.bar: Any = None
        self.stage: str | None = None
        self.jobs: list[dict[str, Any]] = []

    def __call__(self, event: Any) -> None:
        if event.stage == "submitted" and event.record_path is not None:
            self.jobs.append({"job_id": event.detail, "record": str(event.record_path)})
        if not self.show:
            return
        from tqdm import tqdm

        from ..compare.progress import progress_bar

        if event.stage == "submitted":  # a line of its own; the stage bar stays
            if event.record_path is not None:
                tqdm.write(
                    f"job {event.detail} submitted; record {event.record_path}",
                    file=sys.stderr,
                )
            return
        if event.stage != self.stage:
            self.stage = event.stage
            if event.stage == "transpile":
                self.close()
                self.bar = progress_bar(
                    total=event.total, desc="transpile", unit="circuit", file=sys.stderr
                )
            elif event.stage in ("simulate", "waiting"):  # elapsed time, no percentage
                self.close()
                self.bar = progress_bar(
                    total=None,
                    desc=self._describe(event),
                    file=sys.stderr,
                    bar_format="{desc} [{elapsed}]",
                )
        if self.bar is None:
            return
        if event.stage in ("waiting", "simulate"):  # refreshes the elapsed time too
            self.bar.set_description_str(self._describe(event))
        elif event.stage == "transpile":
            self.bar.update(event.done - self.bar.n)
        elif event.stage == "done":  # the open bar is complete
            self.bar.update((self.bar.total or 0) - self.bar.n)
            self.close()
            self.stage = None

    @staticmethod
    def _describe(event: Any) -> str:
        return f"{'simulate' if event.stage == 'simulate' else 'job'}: {event.detail}"

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


@contextlib.contextmanager
def search_progress(args: argparse.Namespace) -> Any:
    """A tqdm bar on stderr while a codebreaker's long search runs (``optimal``'s
    strategy, ``static``'s minimum query set, not cached yet): one whose object names
    its searches (``search_bar = (description, unit)``)."""
    from ..solving import method_info

    shown = getattr(method_info(args.method), "search_bar", None)
    if shown is None or args.quiet or args.json:
        yield
        return
    from ..classical.progress import search_progress as report
    from ..compare.progress import progress_bar

    description, unit = shown

    bar: Any = None

    def show(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = progress_bar(total=total, desc=description, unit=unit, file=sys.stderr)
        elif done < bar.n:  # the search's next pass: the same bar (a log gets no new line)
            bar.reset(total=total)
        bar.update(done - bar.n)

    try:
        with report(args.method, show):
            yield
    finally:
        if bar is not None:
            bar.close()
