"""``mastermind-q compare``: quantum vs classical query counts over a grid of (n, k)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .arguments import (
    DEFAULT_SHOTS,
    FORCE_HINT,
    CLIError,
    add_fake_mode,
    add_force_flag,
    add_suppression_flags,
    check_output_path,
    decimal,
    integer,
    positive_int,
    subcommand,
)
from .execution import execution_record
from .signals import interrupted_status, stopped

DEFAULT_BACKEND = "aer"
"""The quantum rows' backend without ``--backend``
(:data:`mastermind_q.compare.DEFAULT_BACKEND`; a test keeps the two in step)."""
DEFAULT_SAMPLES = 10
"""Random secrets per classical row without ``--samples``
(:data:`mastermind_q.compare.DEFAULT_SAMPLES`; a test keeps the two in step)."""
PLOT_SUFFIXES = (".png", ".svg", ".pdf")
"""File suffixes ``compare --plot`` writes."""


PIVOT_NOTE = (
    "worst case over each row's secrets, final guess included; ~ approximate, "
    "! not solved, - no row.\n--long: one line per row with means and notes; "
    "--json or --csv: every value"
)
"""The lines under the compact table: what its numbers are and where the rest is."""


def add_parser(subparsers: Any) -> None:
    parser = subcommand(
        subparsers,
        "compare",
        help="quantum vs classical query counts over a grid of (n, k)",
        examples="""
            mastermind-q compare --positions 4,6,8 --colors 4,8
            mastermind-q compare --positions 4,6,8 --colors 4,8 --methods all
            mastermind-q compare --positions 4:16:2 --colors 8 --plot figure.pdf
            mastermind-q compare --positions 4 --colors 2:16:2 --plot figure.png --plot-style double
            mastermind-q compare --positions 4,8 --colors 8 --games black,black-white
            mastermind-q compare --positions 3-5 --colors 4:16:4 --methods triples,permutation
            mastermind-q compare --positions 4 --colors 4,8 --methods adaptive-T,elouali-upper
            mastermind-q compare --positions 2:6:2 --colors 4 --csv rows.csv --plot rows.png
            mastermind-q compare --positions 4 --colors 4 --json > rows.json
            mastermind-q compare --positions 4:16:4 --colors 4,8 --workers 2
            mastermind-q compare --positions 4:16:4 --colors 4,8 --scheduler tcp://host:8786
        """,
        description=(
            "One row per (n, k, method, game): quantum methods run on a simulator (queries "
            "as counted by the codemaker, next to the theory), classical methods over "
            "seeded random secrets (worst and mean), the El Ouali et al. bounds, the paper "
            "count T of the adaptive algorithm, and the asymptotic rates of Li-Luo-Xu "
            "Tables 1 and 2 (kind formula: rates, not measurements). Every row names its "
            "game: setting (non-adaptive or adaptive), feedback (black or black-white) and "
            "distinct (the permutation game); best-classical is the best classical row of "
            "each game, and a quantum row (black pegs, repetition) is set against the one "
            "of its own game. By default every method runs in its own game with 10 samples "
            "(seconds on a small grid); --methods all runs every method in every game it "
            "plays (the full set, slower). Grid axes are comma separated items, each N, "
            "A-B (inclusive) or A:B[:STEP] (A, A+STEP, ... up to B), e.g. 4,8,16 or 4-8 or "
            "4:16:4. Prints a compact table, one line per method and one column per "
            "(n, k), of queries to win (worst case, the final guess included); --long "
            "prints one line per row with means and notes, --json and --csv every value."
        ),
    )
    parser.add_argument("--positions", required=True, help="values of n, e.g. 4,6,8 or 4-8")
    parser.add_argument(
        "--colors",
        required=True,
        help="values of k, e.g. 4,8 or 4:16:4; 'n': the diagonal k = n, one cell per --positions",
    )
    parser.add_argument(
        "--methods",
        help="comma separated solve methods to run (default: every method, each in its own "
        "game; optimal also in black-white); 'all': every method in every game it plays, "
        "the full set (slower); bound and formula names listed here choose those rows "
        "instead of the default ones",
    )
    parser.add_argument(
        "--games",
        metavar="GAMES",
        help="comma separated games to run each method in, of black, black-white, "
        "black-distinct, black-white-distinct (-distinct: no repeated colours); default: "
        "each method's own game",
    )
    parser.add_argument(
        "--bounds",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="add the bound rows: elouali-upper, elouali-lower, adaptive-T, counting-bound, "
        "entropy-bound (default: on, "
        "unless --methods names bound rows)",
    )
    parser.add_argument(
        "--formulas",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="add the asymptotic rates of Li-Luo-Xu Tables 1 and 2 (kind formula; default: on)",
    )
    parser.add_argument(
        "--samples",
        type=positive_int,
        default=None,
        help=f"random secrets per classical row (worst and mean over them; default "
        f"{DEFAULT_SAMPLES}, as in the README's tables)",
    )
    parser.add_argument(
        "--quantum-samples",
        type=positive_int,
        default=1,
        help="random secrets per quantum row (default 1)",
    )
    parser.add_argument(
        "--backend",
        help="backend for the quantum rows (default aer)",
    )
    parser.add_argument(
        "--verify",
        action="store_true",
        help="play the quantum games verified: each decoded code is certified (and "
        "repaired) with classical queries, counted in queries_to_win; rows carry "
        "certified_fraction (use with a noisy --backend fake:NAME or ibm:NAME)",
    )
    parser.add_argument(
        "--simulate-up-to",
        type=integer,
        default=None,
        metavar="N",
        help="run the quantum rows on the simulator while n and k are at most N (default "
        "16); larger quantum rows are counted, not executed: the codebreaker builds its "
        "circuits for the real n and k and the codemaker counts their oracle calls "
        "without running them (executed: false); 0 counts every quantum row",
    )
    parser.add_argument(
        "--row-budget",
        type=decimal,
        default=None,
        metavar="SECONDS",
        help="seconds a row of consistent, optimal or knuth may take by its cost model "
        "(default 120), decided before the row, never by the clock; a row estimated to "
        "take longer is skipped with the reason",
    )
    parser.add_argument(
        "--effort",
        type=decimal,
        default=None,
        metavar="UNITS",
        help="consistent: CP-SAT deterministic time a game may spend (default 600, about "
        "seconds on one core, the same on any load); a game its cost model puts above it "
        "is skipped with the reason",
    )
    parser.add_argument(
        "--shots",
        type=positive_int,
        help=f"shots per circuit on sampling backends (default {DEFAULT_SHOTS})",
    )
    parser.add_argument(
        "--seed", type=integer, default=0, help="master seed of secrets and runs (default 0)"
    )
    parser.add_argument(
        "--csv",
        metavar="FILE",
        help="write CSV rows to FILE as they finish ('-': print CSV instead of the table)",
    )
    parser.add_argument(
        "--plot",
        metavar="FILE",
        help=f"save one figure per setting ({', '.join(PLOT_SUFFIXES)}); rows of both "
        "settings: fig.pdf writes fig-non-adaptive.pdf and fig-adaptive.pdf",
    )
    add_force_flag(parser, "--csv and --plot")
    parser.add_argument(
        "--plot-methods",
        metavar="NAMES",
        help="comma separated curves to draw, each NAME or NAME@GAME (e.g. "
        "adaptive,best-classical@black-white,table2-blackwhite); default: each quantum "
        "method, best-classical of the quantum game and the paper's classical rate",
    )
    parser.add_argument(
        "--plot-style",
        choices=("single", "double"),
        default="single",
        help="figure width: one journal column, 3.5 in (default), or two, 7 in",
    )
    parser.add_argument(
        "--plot-against",
        choices=("n", "k"),
        help="x axis of the plot (default: whichever of n and k takes more values)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=_workers,
        default=None,
        metavar="N",
        help="run the rows in N local processes; same rows (default auto: in this one, or "
        "in 2 when the sweep's rows are estimated at more than 2 minutes of work and the "
        "machine has 2 cores or more)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the rows on the Dask cluster whose scheduler is at ADDRESS, e.g. "
        'tcp://host:8786 (needs pip install -e ".[distributed]")',
    )
    parser.add_argument(
        "--long",
        action="store_true",
        help="print one line per row (n, k, method, game) with the worst and mean "
        "queries and notes, instead of the compact table of queries to win",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--json", action="store_true", help='print {"rows": [...]} as JSON')
    add_fake_mode(parser)
    add_suppression_flags(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Parse and check the options, call :func:`~mastermind_q.compare.compare`, print."""
    from ..compare import (
        DIAGONAL,
        ComparisonInterrupted,
        compare,
        format_pivot,
        format_table,
        parse_int_list,
        write_csv_header,
        write_csv_row,
    )

    positions = parse_int_list(args.positions, "positions", minimum=1)
    diagonal = args.colors.strip() == DIAGONAL
    colors: Any = DIAGONAL if diagonal else parse_int_list(args.colors, "colors", minimum=2)
    methods = _names(args.methods, "--methods")
    games = _names(args.games, "--games")
    plot_methods = _names(args.plot_methods, "--plot-methods")
    if plot_methods is not None and args.plot is None:
        raise ValueError("--plot-methods chooses the curves of --plot: give --plot FILE too")
    if args.csv == "-" and args.json:
        raise CLIError(
            "--csv - prints CSV on stdout and --json prints one JSON object there: give one "
            "(or --csv FILE with --json)"
        )
    if args.row_budget is not None:
        from ..compare.costs import validate_row_budget

        validate_row_budget(args.row_budget)
    if args.effort is not None:
        from ..classical.consistent import validate_effort

        validate_effort(args.effort)
    grid_colors = list(dict.fromkeys(positions)) if diagonal else colors
    if args.plot is not None:  # checked before the sweep, not after it
        _check_plot_options(args, plot_methods, positions, grid_colors, diagonal)
    if args.csv not in (None, "-"):
        check_output_path(args.csv, "--csv", force=args.force)
    csv_to_stdout = args.csv == "-"
    record = execution_record(args, backend=args.backend or DEFAULT_BACKEND, shots=args.shots)
    streams: list[Any] = []

    def start(plan: Any) -> None:  # everything is checked: open the CSV, write its header
        if csv_to_stdout:
            streams.append(sys.stdout)
            write_csv_header(sys.stdout)
        elif args.csv is not None:  # created with its header: never an empty file
            from ..compare.output import open_csv_output

            streams.append(open_csv_output(args.csv, overwrite=args.force, force_hint=FORCE_HINT))

    def finished(row: Any) -> None:  # written as each row finishes
        for stream in streams:
            write_csv_row(stream, row)

    interrupted = False
    try:
        outcome = compare(
            positions,
            colors,
            methods=methods,
            bounds=args.bounds,
            formulas=args.formulas,
            games=games,
            simulate_up_to=args.simulate_up_to,
            samples=DEFAULT_SAMPLES if args.samples is None else args.samples,
            quantum_samples=args.quantum_samples,
            seed=args.seed,
            workers="auto" if args.workers is None else args.workers,
            scheduler=args.scheduler,
            verify=args.verify,
            row_budget=args.row_budget,
            effort=args.effort,
            execution=record,
            progress=not (args.quiet or args.json),
            on_start=start,
            on_row=finished,
        )
    except ComparisonInterrupted as stop:
        _hold_stop_signals()  # a second Ctrl-C must not drop the rows finished so far
        interrupted = True
        outcome = stop.comparison
    finally:
        for stream in streams:
            if stream is not sys.stdout:
                stream.close()
    written = [args.csv] if args.csv not in (None, "-") else []
    if not args.json:  # the rows first: a figure that fails cannot take them along
        if not csv_to_stdout:
            if args.long or not outcome.rows:
                print(format_table(outcome.rows), flush=True)
            else:
                print(format_pivot(outcome.rows), flush=True)
                print(PIVOT_NOTE, flush=True)
        if outcome.skipped:
            print(
                f"skipped {len(outcome.skipped)} rows that do not apply (--json lists why)",
                file=sys.stderr,
            )
    plots: dict[str, str] = {}
    plot_error = None
    if args.plot is not None and outcome.rows and not interrupted:  # no figure after a stop
        try:
            plots = _plot(outcome.rows, args, plot_methods, partial=interrupted)
        except (ValueError, OSError) as error:
            plot_error = _plot_message(error, args, plot_methods)
        written += plots.values()
    if args.json:
        payload = outcome.to_dict()
        payload["interrupted"] = interrupted
        payload["plot"] = args.plot if plots else None
        payload["plots"] = plots
        payload["csv"] = args.csv
        print(json.dumps(payload), flush=True)
    else:
        for path in written:  # stdout holds the table (or the CSV): notices go to stderr
            print(f"wrote {path}", file=sys.stderr)
    if interrupted:
        done = len(outcome.rows)
        if plot_error is not None:
            print(f"mastermind-q compare: error: {plot_error}", file=sys.stderr)
        print(f"mastermind-q compare: {stopped()} after {done} rows", file=sys.stderr)
        return interrupted_status()
    if plot_error is not None:
        print(f"mastermind-q compare: error: {plot_error}", file=sys.stderr)
        return 2
    return 0


def _check_plot_options(
    args: argparse.Namespace,
    plot_methods: list[str] | None,
    positions: Sequence[int],
    colors: Sequence[int],
    diagonal: bool,
) -> None:
    """Refuse a ``--plot`` that cannot be drawn or written, before the sweep."""
    check_output_path(args.plot, "--plot", PLOT_SUFFIXES, force=args.force)
    _check_setting_plots(args.plot, force=args.force)
    if plot_methods is not None:
        from ..compare.plotting import check_plot_methods

        try:
            check_plot_methods(plot_methods)
        except ValueError as error:
            raise ValueError(f"--plot-methods: {error}") from None
    against = args.plot_against
    if diagonal and against == "k":
        against = "n"  # on the diagonal k follows n
    if (against == "n" and len(positions) < 2) or (against == "k" and len(colors) < 2):
        raise ValueError(f"--plot-against {against} needs two or more values of {against}")
    if len(positions) < 2 and len(colors) < 2:
        raise ValueError(
            "--plot needs two or more values of --positions or --colors "
            f"(a curve through one point), was positions={args.positions!r}, "
            f"colors={args.colors!r}"
        )


def _check_setting_plots(path: str, *, force: bool) -> None:
    """The per-setting names of ``--plot`` (fig-adaptive.png, ...) checked like the path."""
    from pathlib import Path

    from ..compare.plotting import SETTING_ORDER, setting_paths
    from ..files import OutputFileError, check_output_file

    for target in setting_paths(Path(path), list(SETTING_ORDER)).values():
        try:
            check_output_file(target, overwrite=force, force_hint=FORCE_HINT)
        except OutputFileError as error:
            raise ValueError(f"--plot: {error}") from None


def _plot(
    rows: list[Any], args: argparse.Namespace, plot_methods: list[str] | None, *, partial: bool
) -> dict[str, str]:
    """Draw the figures of ``--plot`` (after the rows are out); their paths by setting."""
    from ..compare import plot_settings
    from ..compare.plotting import setting_paths

    figures = plot_settings(
        rows,
        args.plot,
        methods=plot_methods,
        style=args.plot_style,
        against=args.plot_against,
        partial=partial,
        overwrite=args.force,
        force_hint=FORCE_HINT,
    )
    return {name: str(path) for name, path in setting_paths(args.plot, list(figures)).items()}


def _plot_message(error: Exception, args: argparse.Namespace, plot_methods: Any) -> str:
    """One line for a figure that could not be drawn or written (the rows are out)."""
    text = str(error)
    text = text if len(text) <= 300 else text[:297] + "..."
    if isinstance(error, OSError):
        return f"--plot {args.plot}: {error.strerror or text}; the rows above are complete"
    if plot_methods is not None:
        if text.startswith("nothing to draw"):
            text = "no finished row is on these curves"
        return f"--plot-methods {_shown(args.plot_methods)}: {text}; the rows above are complete"
    return f"--plot {args.plot}: {text}; the rows above are complete"


def _hold_stop_signals() -> None:
    """After the first Ctrl-C: note further SIGINT/SIGTERM instead of raising, so the
    finished rows are still printed (``stop_signals`` restores the handlers after)."""
    import signal
    import threading

    from .signals import _SIGNALS_RECEIVED

    if threading.current_thread() is not threading.main_thread():
        return

    def note(signum: int, frame: Any) -> None:
        _SIGNALS_RECEIVED.append(signum)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, note)


def _workers(text: str) -> int | None:
    """``--workers``: a positive integer, or ``auto`` (``None``: decided from the plan)."""
    if text.strip() == "auto":
        return None
    return positive_int(text)


def _names(text: str | None, option: str) -> list[str] | None:
    """A comma separated option as a list of names (``None`` if not given)."""
    if text is None:
        return None
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise ValueError(f"{option} must list names separated by commas, was {_shown(text)}")
    for name in names:
        if len(name) > _MOST_NAME:
            raise ValueError(
                f"{option}: a name of {len(name)} characters is no method or game name, "
                f"was {_shown(name)}"
            )
    return names


_MOST_NAME = 64
"""Longest name ``--methods``, ``--games`` or ``--plot-methods`` can hold."""


def _shown(text: str) -> str:
    """``text`` quoted for an error, at most about 40 characters."""
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "..."
