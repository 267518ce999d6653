"""The ``mastermind-q`` command line: parse, call the library, print.

Every subcommand accepts ``--json`` and then prints exactly one JSON object on stdout.
Errors go to stderr as one line and the exit status is non-zero (2 for bad input).

Ctrl-C (``SIGINT``) and ``SIGTERM`` stop any run within a second: simulations run in a
worker process that is killed then (:mod:`mastermind_q.backends.worker`), what finished
is kept (``compare`` prints its finished rows, its CSV file holds them; job records
stay), and the exit status is ``128 + signal``: 130 for ``SIGINT``, 143 for
``SIGTERM``.

One module per command (:mod:`~mastermind_q.cli.solve`, :mod:`~mastermind_q.cli.compare`,
:mod:`~mastermind_q.cli.draw`, :mod:`~mastermind_q.cli.resources`,
:mod:`~mastermind_q.cli.jobs`), each with ``add_parser(subparsers)`` and its handler;
:mod:`~mastermind_q.cli.main` lists them in ``COMMANDS`` and holds the entry point. Shared:
:mod:`~mastermind_q.cli.arguments` (value types, options, errors, output),
:mod:`~mastermind_q.cli.execution` (execution options from the flags),
:mod:`~mastermind_q.cli.progress` (progress bars) and :mod:`~mastermind_q.cli.signals`
(``SIGINT`` and ``SIGTERM``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._lazy_exports import LazyExports

if TYPE_CHECKING:
    from .arguments import DEFAULT_SHOTS, ORACLE_CHOICES
    from .main import build_parser, cli_words, main

__all__ = ["DEFAULT_SHOTS", "ORACLE_CHOICES", "build_parser", "cli_words", "main", "run"]

_EXPORTS = {
    "DEFAULT_SHOTS": "arguments",
    "ORACLE_CHOICES": "arguments",
    "build_parser": "main",
    "cli_words": "main",
    "main": "main",
}
"""Names imported on first use: importing this package stays cheap (see :func:`run`)."""


_LAZY = LazyExports(__name__, _EXPORTS)


def __getattr__(name: str) -> Any:
    # Importing the submodule ``main`` binds it as this package's ``main``: the loader
    # binds every name of that module here then, so ``cli.main`` stays the function.
    return _LAZY.load(name)


def run() -> None:
    """The console script ``mastermind-q``: stop signals handled first, then the CLI.

    ``SIGINT`` / ``SIGTERM`` handlers go in before Qiskit and the commands are imported
    (:func:`mastermind_q.cli.signals.handle_startup_signals`): a signal during start-up
    (imports, argument parsing) ends the process with one line and status ``128 +
    signal``, never a traceback. Then :func:`mastermind_q.cli.main.run`.
    """
    from .signals import handle_startup_signals

    handle_startup_signals()
    from .main import run as run_main

    run_main()
