"""The ``mastermind-q`` entry point: the parser of all commands, :func:`main` and :func:`run`.

Each command is a module of this package with ``add_parser(subparsers)``, which adds
its subcommand and sets its handler; :data:`COMMANDS` lists them in ``--help`` order.
A new command is a new module and one line in :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import sys
from collections.abc import Collection, Iterator, Sequence
from types import ModuleType
from typing import Any, NoReturn

from .. import __version__
from . import compare, draw, jobs, play, resources, solve
from .signals import (
    forget_stop_signals,
    interrupted_status,
    stop_requested,
    stop_signals,
    stopped,
)

__all__ = ["COMMANDS", "build_parser", "cli_words", "main", "run"]

COMMANDS: tuple[ModuleType, ...] = (solve, compare, draw, resources, jobs, play)
"""The command modules, in ``--help`` order; each has ``add_parser(subparsers)``."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (status 2), no usage block."""

    def error(self, message: str) -> NoReturn:  # argparse's hook for bad arguments
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The ``mastermind-q`` argument parser (subcommand parsers share its class)."""
    parser = _Parser(
        prog="mastermind-q",
        description="Quantum and classical Mastermind codebreakers on Qiskit.",
        epilog="'mastermind-q COMMAND --help' shows a command's options and examples.",
    )
    parser.add_argument("--version", action="version", version=f"mastermind-q {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(subparsers)
    return parser


_PARAMETER_ALIASES = {
    "num_positions": "positions",
    "num_colors": "colors",
    "dynamical_decoupling": "dd",
    "twirling": "twirl",
}
"""Library parameter names whose command-line option has another name."""


def cli_words(text: str, options: Collection[str]) -> str:
    """A library error message in command-line words, for a command with ``options``.

    ``method='nonadaptive'`` becomes ``--method nonadaptive``, ``method 'two-color'``
    becomes ``--method two-color``, a leading ``shots must ...`` becomes ``--shots must
    ...``: only for names that are options of the command (``--NAME`` or ``--NAMEs``).
    The library's messages name its parameters; the command line names its options.

    Example:
        >>> cli_words("use method='triples' for k = 2", ["--method", "--colors"])
        'use --method triples for k = 2'
        >>> cli_words("c2 must be a colour in 0..3, was 9", ["--pair"])
        '--pair: c2 (the second colour) must be a colour in 0..3, was 9'
    """

    def option(name: str) -> str | None:
        flag = "--" + _PARAMETER_ALIASES.get(name, name).replace("_", "-")
        return next((f for f in (flag, flag + "s") if f in options), None)

    def assignment(match: re.Match[str]) -> str:
        flag = option(match.group(1))
        if flag is None:
            return match.group(0)
        value = match.group(2)
        if value == "None":
            return f"no {flag}"
        if value == "True":  # an on/off option: the flag alone says it
            return flag
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        return f"{flag} {value}"

    def quoted(match: re.Match[str]) -> str:
        flag = option(match.group(1))
        return match.group(0) if flag is None else f"{flag} {match.group(2)}"

    if "--pair" in options:  # the library's c1 / c2 are the two colours of --pair
        text = re.sub(
            r"^(c1|c2)\b",
            lambda m: (
                f"--pair: {m.group(1)} (the {'first' if m.group(1) == 'c1' else 'second'} colour)"
            ),
            text,
        )
    text = re.sub(r"\b([a-z_]+)=('[^']*'|\"[^\"]*\"|[^\s,;)]+)", assignment, text)
    text = re.sub(r"\b(method|backend|feedback) '([^']*)'", quoted, text)
    return re.sub(r"^([a-z_]+)(?= must\b)", lambda m: option(m.group(1)) or m.group(1), text)


def _options_of(parser: argparse.ArgumentParser, command: str) -> list[str]:
    """The option strings of subcommand ``command``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            sub = action.choices[command]
            return [flag for item in sub._actions for flag in item.option_strings]
    return []


@contextlib.contextmanager
def _warnings_as_lines(command: str | None = None) -> Iterator[None]:
    """Warnings the toolkit means for the user as one line each on stderr, every time
    one is raised: an installed codebreaker that is skipped
    (:class:`~mastermind_q.codebreaker.CodebreakerPluginWarning`,
    ``mastermind-q: warning: ...``, whenever the installed codebreakers are read) and,
    while ``command`` runs, a raised limit
    (:class:`~mastermind_q.limits.LimitRaisedWarning`, ``mastermind-q solve: warning:
    ...``; the library says each once). Other warnings as Python shows them."""
    import warnings

    from ..codebreaker import CodebreakerPluginWarning
    from ..limits import LimitRaisedWarning

    prefixes: dict[type[Warning], str] = {CodebreakerPluginWarning: "mastermind-q"}
    if command is not None:
        prefixes[LimitRaisedWarning] = f"mastermind-q {command}"
    with warnings.catch_warnings():  # restores showwarning on the way out
        for category in prefixes:
            warnings.simplefilter("always", category)
        shown = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], *rest: Any, **kw: Any) -> None:
            prefix = next((p for c, p in prefixes.items() if issubclass(category, c)), None)
            if prefix is not None:
                print(f"{prefix}: warning: {message}", file=sys.stderr, flush=True)
            else:
                shown(message, category, *rest, **kw)

        warnings.showwarning = show
        yield


FILE_OPTIONS = ("output", "csv", "plot", "draw", "qasm")
"""Options that name an output file (``--output FILE``, ``--csv FILE``, ...)."""


def _named_file_option(error: ValueError, args: argparse.Namespace) -> str:
    """The message of ``error``; for a file the toolkit could not write, led by the option
    that named it (``--csv: cannot write rows.csv: No space left on device``).

    A file derived from the option's name (``fig-adaptive.png`` of ``--plot fig.png``,
    ``out-pair-0-1.png`` of ``--output out.png``) counts as named by it.
    """
    from pathlib import Path

    from ..files import OutputFileError

    text = str(error)
    path = getattr(error, "path", None)
    if not isinstance(error, OutputFileError) or path is None or text.startswith("--"):
        return text
    written = Path(os.path.abspath(path))
    for option in FILE_OPTIONS:
        value = getattr(args, option, None)
        if not isinstance(value, str) or value in ("", "-"):
            continue
        named = Path(os.path.abspath(value))
        derived = (
            written.parent == named.parent
            and written.suffix == named.suffix
            and written.name.startswith(named.stem + "-")
        )
        if written == named or derived:
            return f"--{option}: {text}"
    return text


_NEGATIVE_LIST = re.compile(r"^-[0-9][0-9,\s-]*$")
"""A value argparse would take for an option: ``-1,0`` (a code with a negative colour)."""


def _negative_values_joined(argv: Sequence[str]) -> list[str]:
    """``--secret -1,0`` as ``--secret=-1,0``: argparse reads a word that starts with
    ``-`` and is not a plain number as an option, and would say "expected one argument"
    instead of naming the bad colour."""
    words: list[str] = []
    index = 0
    while index < len(argv):
        word = argv[index]
        following = argv[index + 1] if index + 1 < len(argv) else ""
        if word.startswith("--") and "=" not in word and _NEGATIVE_LIST.match(following):
            words.append(f"{word}={following}")
            index += 2
            continue
        words.append(word)
        index += 1
    return words


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; return the exit status (errors: one line on stderr, status 2).

    Interrupted (Ctrl-C, ``SIGINT``) or terminated (``SIGTERM``): status ``128 +
    signal`` (130, 143) after what finished is printed and kept.
    """
    forget_stop_signals()
    from .arguments import list_plugins_in_help

    words = _negative_values_joined(sys.argv[1:] if argv is None else list(argv))
    list_plugins_in_help(any(word in ("-h", "--help") for word in words))
    with _warnings_as_lines():
        parser = build_parser()
        args = parser.parse_args(words)
    try:
        from ..limits import check_environment

        check_environment()  # a bad MASTERMIND_Q_MAX_* value: one error in every command
        if getattr(args, "positions_from_secret", False):  # draw, resources
            from .arguments import positions_from_secret

            positions_from_secret(args)
        with stop_signals(), _warnings_as_lines(args.command):
            return int(args.handler(args))
    except KeyboardInterrupt as interruption:  # JobInterrupted says where the job record is
        return _report_stop(args, interruption)
    except Exception as error:
        if stop_requested(error):  # e.g. a TranspilerError wrapping the KeyboardInterrupt
            return _report_stop(args, None)
        return _report_error(error, args, parser)


def _report_stop(args: argparse.Namespace, interruption: KeyboardInterrupt | None) -> int:
    detail = f": {interruption}" if interruption is not None and str(interruption) else ""
    print(f"mastermind-q {args.command}: {stopped()}{detail}", file=sys.stderr)
    return interrupted_status()


def _report_error(error: Exception, args: argparse.Namespace, parser: Any) -> int:
    """One line for an error a command reports (status 2, 141); anything else raised."""
    if isinstance(error, ValueError):  # includes CLIError: bad input, named in the message
        text = cli_words(_named_file_option(error, args), _options_of(parser, args.command))
        print(f"mastermind-q {args.command}: error: {text}", file=sys.stderr)
        return 2
    if isinstance(error, BrokenPipeError):  # e.g. `mastermind-q draw ... | head`
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes stdout
        return 141
    if isinstance(error, OSError):  # e.g. --output/--csv/--plot in a missing folder
        print(f"mastermind-q {args.command}: error: {error}", file=sys.stderr)
        return 2
    raise error


def run() -> None:
    """The console script: :func:`main`, then exit with its status.

    After an interruption (status 130 or 143) the process ends at once with
    ``os._exit`` once stdout and stderr are flushed: what finished is already written
    (CSV rows are flushed as they finish, job records are written before the wait),
    and tearing down Qiskit and Aer at interpreter exit can take seconds. The
    simulation worker, if one was started, is killed first (``os._exit`` skips the
    ``atexit`` hook that would).
    """
    try:
        status = main()
    except SystemExit as exit_:  # argparse: --help, --version, a bad argument
        code = exit_.code
        status = code if isinstance(code, int) else (0 if code is None else 1)
        if not isinstance(code, (int, type(None))):
            print(code, file=sys.stderr)
    if status in (128 + signal.SIGINT, 128 + signal.SIGTERM):
        worker = sys.modules.get("mastermind_q.backends.worker")
        if worker is not None:  # os._exit skips atexit: end the simulation worker now
            with contextlib.suppress(Exception):
                worker.stop_worker()
        _flush()
        os._exit(status)
    _finish(status)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:  # None: the descriptor was closed at start-up
            with contextlib.suppress(OSError, ValueError):
                stream.flush()


def _finish(status: int) -> None:
    """End the process with ``status`` once its output is flushed and the ``atexit``
    callbacks ran, without the interpreter's finalization: there Python puts the
    default handlers back, and a Ctrl-C or SIGTERM arriving as a command finishes would
    kill the process by the signal, without its one line. Until ``os._exit``, the
    start-up handler (:mod:`.signals`) answers a stop signal with one line and ``128 +
    signal``."""
    import atexit

    _flush()
    atexit._run_exitfuncs()
    _flush()
    os._exit(status)
