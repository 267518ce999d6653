"""Shared pieces of the command line: value parsing, options, errors and output.

Argument types (:func:`integer`, :func:`positive_int`, :func:`parse_code`) accept plain
decimal integers only; a bad value raises :class:`CLIError` (a :class:`ValueError`),
reported on stderr with exit status 2. The option groups shared by several commands
(execution, error suppression, circuit) are added by the ``add_*`` functions here.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from ..circuits.oracle.names import ORACLE_METHODS

HELP_WIDTH = 88
"""Widest wrapped description in ``--help`` (narrower terminals wrap narrower)."""
DEFAULT_SHOTS = 1024
"""Shots per circuit when ``--shots`` is not given (the library's default, stated in help)."""


_HELP_LISTS_PLUGINS = [False]
"""Whether the parser being built is for a help text: then the method lists name the
installed codebreakers too (otherwise none is imported to build the parser)."""


def list_plugins_in_help(listing: bool) -> None:
    """Let the next parser built list the installed codebreakers (``--help``)."""
    _HELP_LISTS_PLUGINS[0] = listing


def method_names(kind: str | None = None) -> list[str]:
    """The codebreakers' names of ``kind`` for a help text: the built-ins (nothing
    imported), and the installed ones when a help text is shown."""
    from ..codebreaker import METHODS

    names = list(METHODS.builtin_names(kind))
    if _HELP_LISTS_PLUGINS[0]:
        names += [
            name
            for name, info in METHODS.items()
            if name not in names and kind in (None, info.kind)
        ]
    return names


def method_name(kind: str | None = None) -> Callable[[str], str]:
    """An argparse ``type``: a codebreaker's name (of ``kind``), checked when parsed; the
    installed codebreakers are read only for a name that is not a built-in."""

    def checked(text: str) -> str:
        from ..codebreaker import METHODS

        if text in METHODS and kind in (None, METHODS.kind_of(text)):
            return text
        names = [n for n, info in METHODS.items() if kind in (None, info.kind)]
        raise argparse.ArgumentTypeError(
            f"invalid choice: {text[:80]!r} (choose from {', '.join(map(repr, names))})"
        )

    checked.__name__ = "method"
    return checked


def subcommand(subparsers: Any, name: str, *, help: str, description: str, examples: str) -> Any:
    """Add subcommand ``name``: wrapped description, then the examples as an epilog."""
    return subparsers.add_parser(
        name,
        help=help,
        description=textwrap.fill(
            description, min(HELP_WIDTH, shutil.get_terminal_size().columns - 2)
        ),
        epilog="examples:\n" + textwrap.indent(textwrap.dedent(examples).strip("\n"), "  "),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


FORCE_HINT = "--force"
"""How a refusal to replace an existing output file says to allow it."""


def check_output_path(
    path: str, option: str, suffixes: Sequence[str] = (), *, force: bool = False
) -> None:
    """Raise :class:`CLIError` unless ``path`` can be written (before any work is done).

    Checks the suffix (when ``suffixes`` are given), then
    :func:`mastermind_q.files.check_output_file`: the folder exists and is writable;
    ``path`` is not a symbolic link, a FIFO, a device or a folder; and it does not
    exist unless ``force`` (``--force``).
    """
    from ..files import OutputFileError, check_output_file

    if suffixes and not path.lower().endswith(tuple(suffixes)):
        raise CLIError(f"{option} must end in {', '.join(suffixes)}, was {path!r}")
    try:
        check_output_file(path, overwrite=force, force_hint=FORCE_HINT)
    except OutputFileError as error:
        raise CLIError(f"{option}: {error}") from None


def check_drawing_output(path: str, option: str, *, force: bool, derived: bool = True) -> None:
    """Check an output file of drawings before any work (:func:`check_circuit_outputs`).

    Raises:
        CLIError: a bad suffix, a missing or read-only folder, a link, FIFO, device or
            folder at the path (or at a name derived from it), or an existing file
            without ``--force``; the message names ``option``.
    """
    from ..drawing import check_circuit_outputs, output_format
    from ..files import OutputFileError, check_output_file

    try:
        if derived:
            check_circuit_outputs(path, overwrite=force, force_hint=FORCE_HINT)
        else:
            output_format(path)
            check_output_file(path, overwrite=force, force_hint=FORCE_HINT)
    except OutputFileError as error:
        raise CLIError(f"{option}: {error}") from None


def add_force_flag(parser: argparse.ArgumentParser, options: str) -> None:
    """``--force``: replace existing output files (refused otherwise, before any work)."""
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"replace existing files written by {options} (without it an existing file is "
        "refused before any work; a link, FIFO or device is always refused)",
    )


class CLIError(ValueError):
    """A bad command-line value (reported on stderr, exit status 2)."""


_INTEGER = re.compile(r"^[+-]?[0-9]{1,30}$")
"""A plain decimal integer: ASCII digits, no ``_`` or other digits ``int()`` accepts."""


def _strict_int(text: str) -> int | None:
    """``text`` as an int if it is a plain decimal integer of at most 30 digits, else None."""
    text = text.strip()
    return int(text) if _INTEGER.match(text) else None


_DECIMAL = re.compile(r"^\+?([0-9]{1,30}(\.[0-9]{0,30})?|\.[0-9]{1,30})([eE][+-]?[0-9]{1,3})?$")
"""A plain decimal number: ASCII digits, a point, an exponent (no ``_``, no other digits)."""


def decimal(text: str) -> float:
    """argparse type: a non-negative decimal number written in ASCII (``1.5``, ``120``,
    ``2e3``); ``1_0``, Arabic-Indic digits, ``nan`` and ``inf`` are refused."""
    stripped = text.strip()
    if not _DECIMAL.match(stripped):
        raise argparse.ArgumentTypeError(f"must be a decimal number, was {text[:40]!r}")
    return float(stripped)


def parse_code(text: str, name: str = "secret") -> tuple[int, ...]:
    """Parse ``"0,3,1,2"`` (or ``"0 3 1 2"``, as ``play`` reads a guess) into a code;
    raise :class:`CLIError` naming a bad entry."""
    parts = text.split(",") if "," in text or not text.strip() else text.split()
    items = [item.strip() for item in parts]
    values = []
    for index, item in enumerate(items):
        value = _strict_int(item)
        if value is None:
            raise CLIError(f"{name}[{index}] must be an integer, was {item[:40]!r}")
        values.append(value)
    return tuple(values)


def integer(text: str) -> int:
    """argparse type: a plain decimal integer (``1_000`` and non-ASCII digits refused)."""
    value = _strict_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"must be an integer, was {text[:40]!r}")
    return value


def non_negative_int(text: str) -> int:
    """argparse type: an integer >= 0."""
    value = _strict_int(text)
    if value is None or value < 0:
        raise argparse.ArgumentTypeError(f"must be a non-negative integer, was {text[:40]!r}")
    return value


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    value = _strict_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"must be a positive integer, was {text[:40]!r}")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, was {value}")
    return value


def emit(payload: dict[str, Any], as_json: bool, human: Callable[[dict[str, Any]], str]) -> None:
    """Print ``payload`` as one JSON object or as the human text ``human(payload)``."""
    if as_json:
        print(json.dumps(payload))
    else:
        print(human(payload))


ORACLE_CHOICES = ORACLE_METHODS
"""``--oracle`` values: :data:`mastermind_q.circuits.oracle.names.ORACLE_METHODS` (the
one list of oracle methods, read without importing Qiskit at CLI start-up)."""


def add_optimization_level(
    parser: argparse.ArgumentParser, *, devices: str, simulator: str
) -> None:
    """``--optimization-level``: the preset level, by default the one measured per device."""
    parser.add_argument(
        "--optimization-level",
        type=int,
        choices=(0, 1, 2, 3),
        default=None,
        help="preset pass manager level (default: the setting measured best for the "
        f"device: level 3 with its own noise-aware layout on heavy-hex {devices} devices; "
        f"level 1 on {simulator})",
    )


def add_execution_flags(parser: argparse.ArgumentParser) -> None:
    """Flags shared by commands that run circuits (solve)."""
    add_optimization_level(parser, devices="fake:/ibm:", simulator="aer")
    parser.add_argument(
        "--record-job",
        action="store_true",
        help="write a job record for fake: backends too (ibm: jobs always get one)",
    )
    parser.add_argument(
        "--jobs-dir",
        metavar="DIR",
        help="job record directory (default $MASTERMIND_Q_JOBS_DIR or ~/.mastermind_q/jobs)",
    )
    add_fake_mode(parser)
    parser.add_argument(
        "--oracle",
        choices=ORACLE_CHOICES,
        default="auto",
        help="the oracle's construction; auto (default): on fake: and ibm: the one with "
        "the fewest two-qubit gates after transpiling for the device",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    add_suppression_flags(parser)


def add_fake_mode(parser: argparse.ArgumentParser) -> None:
    """``--fake-mode``: the path ``fake:`` backends run on (solve, compare)."""
    parser.add_argument(
        "--fake-mode",
        choices=("aer", "runtime"),
        default="aer",
        help="fake: backends through Aer on the active qubits (fast, default) or "
        "qiskit-ibm-runtime's local mode (the hardware code path; needed for --twirl)",
    )


def add_suppression_flags(parser: argparse.ArgumentParser) -> None:
    """Error suppression and mitigation flags (solve, compare): fake: and ibm: backends."""
    parser.add_argument(
        "--dd",
        choices=("XX", "XpXm", "XY4"),
        help="dynamical decoupling sequence in idle periods (fake: and ibm: backends)",
    )
    parser.add_argument(
        "--twirl",
        action="store_true",
        help="Pauli twirling of two-qubit gates and measurements (ibm:, or fake: with "
        "--fake-mode runtime)",
    )
    parser.add_argument(
        "--mitigate",
        action="store_true",
        help="readout-error mitigation with mthree, calibrated in the same job "
        "(fake: and ibm:); decoding uses the mitigated quasi-probabilities",
    )


def positions_from_secret(args: argparse.Namespace) -> None:
    """Fill in ``--positions`` from ``--secret`` (``draw``, ``resources``), or refuse.

    Run by :func:`~mastermind_q.cli.main.main` after parsing, for the commands of
    :func:`add_circuit_arguments`.

    Raises:
        CLIError: neither is given, or they disagree.
    """
    if args.secret is None:
        if args.positions is None:
            raise CLIError("--positions is required (or give --secret, whose length is n)")
        return
    length = len(parse_code(args.secret))
    if args.positions is None:
        args.positions = length
    elif args.positions != length:
        raise CLIError(f"--positions {args.positions} disagrees: --secret has {length} positions")


def parse_pair(text: str) -> tuple[int, int]:
    pair = parse_code(text, name="pair")
    if len(pair) != 2:
        raise CLIError(f"--pair must be two colours C1,C2, was {text!r}")
    return pair[0], pair[1]


def add_circuit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--positions",
        type=positive_int,
        metavar="N",
        help="n (default: the length of --secret; required without it)",
    )
    parser.add_argument("--colors", required=True, type=integer, metavar="K", help="k")
    parser.add_argument("--secret", help="the oracle's secret, e.g. 0,2,1 (default: s_i = i mod k)")
    parser.add_argument(
        "--pair",
        default="0,1",
        help="colours C1,C2 for two-color-oracle and find-two-color (default 0,1)",
    )
    parser.set_defaults(positions_from_secret=True)  # main() runs positions_from_secret
