"""Running circuits from the command line: execution options from the flags.

Also starts the simulation worker early (:mod:`mastermind_q.backends.worker`), so that
it imports Aer while this process transpiles.
"""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from .progress import Progress


def suppression(args: argparse.Namespace) -> Any:
    """``execution_options`` for the --dd, --twirl and --mitigate flags."""
    from ..backends import execution_options

    return execution_options(
        dynamical_decoupling=args.dd, twirling=args.twirl, mitigate=args.mitigate
    )


def start_simulation_worker(backend: str | None) -> None:
    """Start the simulation worker early: it imports Aer while this process transpiles."""
    if not (backend or "").startswith("ibm:"):
        from ..backends.worker import start_worker

        start_worker()


@contextlib.contextmanager
def execution(args: argparse.Namespace) -> Any:
    """Execution options from the flags, progress on stderr unless --quiet or --json."""
    from ..backends import execution_options

    progress = Progress(show=not (args.quiet or args.json))
    try:
        with execution_options(
            optimization_level=args.optimization_level,
            record=args.record_job,
            jobs_dir=args.jobs_dir,
            fake_mode=args.fake_mode,
            oracle_construction=args.oracle,
            progress=progress,
            isolate=True,  # Ctrl-C stops a simulation at once (see the module docstring)
            dynamical_decoupling=args.dd,
            twirling=args.twirl,
            mitigate=args.mitigate,
        ):
            yield progress
    finally:
        progress.close()
