"""Running circuits from the command line: the execution record built from the flags.

Every command that runs circuits builds one :class:`~mastermind_q.backends.Execution`
from its flags (:func:`execution_record`), checks it before any work, and passes it to
the library explicitly. Also starts the simulation worker early
(:mod:`mastermind_q.backends.worker`), so that it imports Aer while this process
transpiles.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import Any

from .arguments import CLIError
from .progress import Progress

NOISE_FLAGS = (("dd", "--dd"), ("twirl", "--twirl"), ("mitigate", "--mitigate"))
"""The error suppression and mitigation flags: ``args`` attribute and option."""


def noise_flags(args: argparse.Namespace) -> list[str]:
    """The error suppression and mitigation options given (``--dd XX``, ``--twirl``, ...)."""
    given = []
    for attribute, option in NOISE_FLAGS:
        value = getattr(args, attribute, None)
        if value is True:
            given.append(option)
        elif value not in (None, False):
            given.append(f"{option} {value}")
    return given


def refuse_noise_flags(args: argparse.Namespace, method: str) -> None:
    """Refuse ``--dd``, ``--twirl``, ``--mitigate`` for a classical ``method``."""
    given = noise_flags(args)
    if given:
        raise CLIError(
            f"{' and '.join(given)} act on quantum circuits on a device; "
            f"--method {method} is classical"
        )


def execution_record(
    args: argparse.Namespace,
    *,
    backend: str | None,
    shots: int | None = None,
    seed: int | None = None,
    progress: Any = None,
) -> Any:
    """The :class:`~mastermind_q.backends.Execution` the flags ask for, checked now.

    Reads the execution flags a command has (``--optimization-level``, ``--record-job``,
    ``--jobs-dir``, ``--fake-mode``, ``--oracle``, ``--dd``, ``--twirl``,
    ``--mitigate``); simulations are isolated, so Ctrl-C stops them at once.

    Raises:
        ValueError: a value the record refuses, e.g. noise options on Aer or
            ``--twirl`` on the fast ``fake:`` path (named in the message).
    """
    from ..backends import Execution, ExecutionOptions

    fields: dict[str, Any] = {
        "optimization_level": getattr(args, "optimization_level", None),
        "record": getattr(args, "record_job", False),
        "jobs_dir": getattr(args, "jobs_dir", None),
        "fake_mode": getattr(args, "fake_mode", None) or "aer",
        "oracle_construction": getattr(args, "oracle", None) or "auto",
        "progress": progress,
        "isolate": True,  # Ctrl-C stops a simulation at once (see the module docstring)
        "dynamical_decoupling": getattr(args, "dd", None),
        "twirling": bool(getattr(args, "twirl", False)),
        "mitigate": bool(getattr(args, "mitigate", False)),
    }
    return Execution("aer" if backend is None else backend, shots, seed, ExecutionOptions(**fields))


def start_simulation_worker(backend: str | None) -> None:
    """Start the simulation worker early: it imports Aer while this process transpiles."""
    if not (backend or "").startswith("ibm:"):
        from ..backends.worker import start_worker

        start_worker()


@contextlib.contextmanager
def progress_for(args: argparse.Namespace) -> Iterator[Progress]:
    """Progress on stderr unless --quiet or --json; closed when the block ends."""
    progress = Progress(show=not (args.quiet or args.json))
    try:
        yield progress
    finally:
        progress.close()
