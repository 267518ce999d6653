"""The ``mastermind-q`` command line: parse, call the library, print.

Every subcommand accepts ``--json`` and then prints exactly one JSON object on stdout.
Errors go to stderr as one line and the exit status is non-zero (2 for bad input).

Ctrl-C (``SIGINT``) and ``SIGTERM`` stop any run within a second: simulations run in a
worker process that is killed then (:mod:`mastermind_q.backends.worker`), what finished
is kept (``compare`` prints its finished rows, its CSV file holds them; job records
stay), and the exit status is ``128 + signal``: 130 for ``SIGINT``, 143 for
``SIGTERM``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import signal
import sys
import textwrap
import threading
from collections.abc import Callable, Collection, Sequence
from typing import Any, NoReturn

from . import __version__
from .solving import METHODS, play

__all__ = ["build_parser", "main", "run"]

HELP_WIDTH = 88
"""Widest wrapped description in ``--help`` (narrower terminals wrap narrower)."""
DEFAULT_SHOTS = 1024
"""Shots per circuit when ``--shots`` is not given (the library's default, stated in help)."""
PLOT_SUFFIXES = (".png", ".svg", ".pdf")
"""File suffixes ``compare --plot`` writes."""


def _subcommand(subparsers: Any, name: str, *, help: str, description: str, examples: str) -> Any:
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


def check_output_path(path: str, option: str, suffixes: Sequence[str] = ()) -> None:
    """Raise :class:`CLIError` unless ``path`` can be written (before any work is done).

    Checks the suffix (when ``suffixes`` are given), that the folder exists and is
    writable, and that ``path`` is not a folder or a read-only file.
    """
    if suffixes and not path.lower().endswith(tuple(suffixes)):
        raise CLIError(f"{option} must end in {', '.join(suffixes)}, was {path!r}")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise CLIError(f"{option} {path}: folder {folder!r} does not exist")
    if os.path.isdir(path):
        raise CLIError(f"{option} {path}: is a folder")
    target = path if os.path.exists(path) else folder
    if not os.access(target, os.W_OK):
        raise CLIError(f"{option} {path}: permission denied ({target!r} is not writable)")


class CLIError(ValueError):
    """A bad command-line value (reported on stderr, exit status 2)."""


_INTEGER = re.compile(r"^[+-]?[0-9]{1,30}$")
"""A plain decimal integer: ASCII digits, no ``_`` or other digits ``int()`` accepts."""


def _strict_int(text: str) -> int | None:
    """``text`` as an int if it is a plain decimal integer of at most 30 digits, else None."""
    text = text.strip()
    return int(text) if _INTEGER.match(text) else None


def parse_code(text: str, name: str = "secret") -> tuple[int, ...]:
    """Parse ``"0,3,1,2"`` into a code; raise :class:`CLIError` naming a bad entry."""
    items = [item.strip() for item in text.split(",")]
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


# -- solve ---------------------------------------------------------------------------
def random_secret(
    num_positions: int, colors: int, *, distinct: bool, seed: int | None
) -> tuple[int, ...]:
    """A uniformly random secret (a random injection when ``distinct``)."""
    if colors < 2:
        raise CLIError(f"colors must have value >= 2, was {colors}")
    if distinct and colors < num_positions:
        raise CLIError(
            f"colors must be >= positions ({num_positions}) for the permutation game, was {colors}"
        )
    rng = random.Random(seed)
    if distinct:
        return tuple(rng.sample(range(colors), num_positions))
    return tuple(rng.randrange(colors) for _ in range(num_positions))


def _add_solve(subparsers: Any) -> None:
    quantum = [name for name, info in METHODS.items() if info.kind == "quantum"]
    classical = [name for name, info in METHODS.items() if info.kind != "quantum"]
    parser = _subcommand(
        subparsers,
        "solve",
        help="solve one secret with a quantum or classical method",
        description=(
            "Solve one secret; report the answer and the honest query count (oracle "
            "applications for quantum methods, answered guesses for classical ones). "
            f"Quantum methods: {', '.join(quantum)}; classical: {', '.join(classical)}."
        ),
        examples="""
            mastermind-q solve --method adaptive --colors 4 --secret 0,3,1,2
            mastermind-q solve --method triples --colors 7 --random 5 --seed 1 --json
            mastermind-q solve --method two-color --colors 2 --random 6 --backend aer-statevector
            mastermind-q solve --method nonadaptive --colors 4 --random 3 --backend fake:torino
            mastermind-q solve --method triples --colors 4 --random 3 --backend fake:torino --verify
            mastermind-q solve --method permutation --colors 8 --adversary --positions 8
        """,
    )
    parser.add_argument("--method", required=True, choices=list(METHODS), help="the codebreaker")
    parser.add_argument("--colors", required=True, type=integer, help="number of colours k")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--secret", help="the secret, comma separated colours, e.g. 0,3,1,2")
    source.add_argument(
        "--random", type=positive_int, metavar="N", help="a random secret of N positions"
    )
    parser.add_argument(
        "--adversary",
        action="store_true",
        help="play the adaptive adversary codemaker of El Ouali et al. (classical methods)",
    )
    parser.add_argument("--positions", type=positive_int, metavar="N", help="n (with --adversary)")
    parser.add_argument(
        "--backend",
        help="quantum methods: aer (default), aer-statevector (exact probabilities), "
        "aer-mps, fake:NAME (noisy, offline), ibm:NAME (hardware)",
    )
    parser.add_argument(
        "--shots",
        type=positive_int,
        help=f"shots per circuit on sampling backends (default {DEFAULT_SHOTS})",
    )
    parser.add_argument(
        "--seed",
        type=integer,
        help="seed for the random secret, the simulator and classical codebreakers "
        "(default: none, a fresh secret and unseeded runs)",
    )
    parser.add_argument(
        "--verify",
        action="store_true",
        help="quantum methods: certify the answer with a classical black-peg query and "
        "repair wrong positions (at most 2n+k classical queries, counted)",
    )
    parser.add_argument(
        "--feedback",
        choices=("black", "black-white"),
        help="the game's feedback (default: the method's own; optimal and consistent play both)",
    )
    parser.add_argument(
        "--distinct",
        action="store_true",
        help="the permutation game: no repeated colours, k >= n (permutation plays only this)",
    )
    _add_execution_flags(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=_run_solve)


def _human_solve(payload: dict[str, Any]) -> str:
    lines = [
        f"method   {payload['method']}  (n={payload['n']}, k={payload['k']})",
        f"secret   {','.join(map(str, payload['secret']))}",
        f"found    {','.join(map(str, payload['found']))}",
        f"solved   {'yes' if payload['solved'] else 'NO'}",
        f"queries  {payload['queries']}",
    ]
    if payload.get("oracle_executions") is not None:
        executed = payload["oracle_executions"]
        lines.append(f"executed {executed} oracle applications (queries x shots)")
    if payload.get("backend") is not None:
        lines.append(f"backend  {payload['backend']}")
    if payload.get("iterations") is not None:
        lines.append(f"Grover iterations T = {payload['iterations']}")
    if payload.get("success_probability") is not None:
        lines.append(f"success probability {payload['success_probability']:.6g}")
    per_circuit = payload.get("circuit_success_probabilities") or ()
    if len(per_circuit) > 1:
        lines.append("per circuit " + ", ".join(f"{value:.4g}" for value in per_circuit))
    confidence = payload.get("position_confidence") or ()
    if confidence:
        lines.append("confidence " + ", ".join(f"{value:.3f}" for value in confidence))
    if payload.get("certified") is not None:
        repaired = payload.get("repaired_positions") or []
        lines.append(
            f"verified {'certified' if payload['certified'] else 'NOT certified'}: "
            f"{payload['quantum_queries']} quantum + {payload['classical_queries']} classical "
            f"queries" + (f", repaired positions {repaired}" if repaired else "")
        )
    if payload.get("adversary"):
        lines.append("codemaker: adversary (secret chosen adaptively)")
    return "\n".join(lines)


def _run_solve(args: argparse.Namespace) -> int:
    from .codemaker import Codemaker
    from .game import validate_seed
    from .solving import check_request, method_info

    info = method_info(args.method)
    feedback = info.feedbacks[0] if args.feedback is None else args.feedback
    distinct = bool(args.distinct or info.distinct)
    info.check_game(feedback, distinct)
    validate_seed(args.seed)
    quantum = info.kind == "quantum"
    backend, shots = (args.backend, args.shots) if quantum else (None, None)
    if args.secret is not None:
        secret: tuple[int, ...] | None = parse_code(args.secret)
        length = len(secret)
    else:
        secret, length = None, args.random
    if args.positions is not None and length is not None and args.positions != length:
        given = f"--secret has {length}" if secret is not None else f"--random {length} asks"
        raise CLIError(f"--positions {args.positions} disagrees: {given} positions")
    num_positions = length if length is not None else args.positions
    if num_positions is not None:  # before a random secret or the adversary is built
        check_request(
            args.method,
            num_positions,
            args.colors,
            backend=backend,
            shots=shots,
            distinct=distinct,
        )
    if args.adversary:
        if info.kind != "classical":
            raise CLIError(f"--adversary plays classical methods only, was {args.method!r}")
        if args.secret is not None:
            raise CLIError("--adversary chooses the secret itself; drop --secret")
        if num_positions is None:
            raise CLIError("--adversary needs --positions N (or --random N)")
        from .classical.adversary import AdversaryCodemaker

        codemaker: Codemaker = AdversaryCodemaker(
            num_positions, args.colors, distinct=distinct, feedback=feedback
        )
    else:
        if secret is None and args.random is not None:
            secret = random_secret(args.random, args.colors, distinct=distinct, seed=args.seed)
        elif secret is None:
            raise CLIError("give --secret CODE or --random N")
        codemaker = Codemaker(secret, args.colors, distinct=distinct, feedback=feedback)
    if info.kind == "quantum":
        _start_simulation_worker(args.backend)
    with _execution(args) as progress, _search_progress(args):
        result = play(
            codemaker,
            method=args.method,
            backend=args.backend,
            shots=args.shots,
            seed=args.seed,
            verify=args.verify,
        )
    payload = result.to_dict()
    if progress.jobs:
        payload["jobs"] = progress.jobs
    payload["adversary"] = bool(args.adversary)
    if args.json:
        payload.pop("transcript", None)
    emit(payload, args.json, _human_solve)
    return 0


@contextlib.contextmanager
def _search_progress(args: argparse.Namespace) -> Any:
    """A tqdm bar on stderr while ``optimal`` searches a strategy (not cached yet)."""
    if args.method != "optimal" or args.quiet or args.json:
        yield
        return
    from tqdm import tqdm

    from .classical.optimal import optimal_progress

    bar: Any = None

    def show(done: int, total: int) -> None:
        nonlocal bar
        if bar is None or done < bar.n:
            if bar is not None:
                bar.close()
            bar = tqdm(total=total, desc="optimal search", unit="guess", file=sys.stderr)
        bar.update(done - bar.n)

    try:
        with optimal_progress(show):
            yield
    finally:
        if bar is not None:
            bar.close()


# -- compare -------------------------------------------------------------------------
def _add_compare(subparsers: Any) -> None:
    parser = _subcommand(
        subparsers,
        "compare",
        help="quantum vs classical query counts over a grid of (n, k)",
        examples="""
            mastermind-q compare --positions 4,6,8 --colors 8
            mastermind-q compare --positions 3-5 --colors 4:16:4 --methods triples,permutation
            mastermind-q compare --positions 4 --colors 4,8 --methods adaptive-T,elouali-upper
            mastermind-q compare --positions 2:6:2 --colors 4 --csv rows.csv --plot rows.png
            mastermind-q compare --positions 4 --colors 4 --json > rows.json
            mastermind-q compare --positions 4:16:4 --colors 4,8 --workers 2
            mastermind-q compare --positions 4:16:4 --colors 4,8 --scheduler tcp://host:8786
        """,
        description=(
            "One row per (n, k, method): quantum methods run on a simulator (queries as "
            "counted by the codemaker, next to the theory), classical methods over seeded "
            "random secrets (worst and mean), the El Ouali et al. bounds, the paper count T "
            "of the adaptive algorithm, and the asymptotic rates of Li-Luo-Xu Table 2 "
            "(formulas, not measurements). Grid axes are comma separated items, each N, "
            "A-B (inclusive) or A:B[:STEP] (A, A+STEP, ... up to B), e.g. 4,8,16 or 4-8 or "
            "4:16:4."
        ),
    )
    parser.add_argument("--positions", required=True, help="values of n, e.g. 4,6,8 or 4-8")
    parser.add_argument("--colors", required=True, help="values of k, e.g. 4,8 or 4:16:4")
    parser.add_argument(
        "--methods",
        help="comma separated solve methods to run (default: all); bound and formula names "
        "listed here choose those rows instead of the default ones",
    )
    parser.add_argument(
        "--bounds",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="add the bound rows: elouali-upper, elouali-lower, adaptive-T (default: on, "
        "unless --methods names bound rows)",
    )
    parser.add_argument(
        "--formulas",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="add the asymptotic Table 2 rates, labelled as formulas (default: on)",
    )
    parser.add_argument(
        "--samples",
        type=positive_int,
        default=None,
        help="random secrets per classical row (worst and mean over them; default 20)",
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
    parser.add_argument("--plot", metavar="FILE", help=f"save a plot ({', '.join(PLOT_SUFFIXES)})")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=positive_int,
        default=1,
        metavar="N",
        help="run the rows in N local processes (default 1: in this one); same rows",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the rows on the Dask cluster whose scheduler is at ADDRESS, e.g. "
        'tcp://host:8786 (needs pip install -e ".[distributed]")',
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--json", action="store_true", help='print {"rows": [...]} as JSON')
    _add_suppression_flags(parser)
    parser.set_defaults(handler=_run_compare)


def _run_compare(args: argparse.Namespace) -> int:
    from .backends import execution_options
    from .compare import (
        DEFAULT_BACKEND,
        DEFAULT_SAMPLES,
        Comparison,
        check_comparison,
        format_table,
        parse_int_list,
        plan_comparison,
        plot_comparison,
        run_comparison,
        validate_backend,
        write_csv_header,
        write_csv_row,
    )

    positions = parse_int_list(args.positions, "positions", minimum=1)
    colors = parse_int_list(args.colors, "colors", minimum=2)
    methods = None
    if args.methods is not None:
        methods = [name.strip() for name in args.methods.split(",") if name.strip()]
    plan = plan_comparison(
        positions, colors, methods=methods, bounds=args.bounds, formulas=args.formulas
    )
    if args.plot is not None:  # checked before the sweep, not after it
        check_output_path(args.plot, "--plot", PLOT_SUFFIXES)
    if args.csv not in (None, "-"):
        check_output_path(args.csv, "--csv")
    backend = validate_backend(args.backend or DEFAULT_BACKEND)
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    parallel = args.workers > 1 or args.scheduler is not None
    settings = {
        "samples": samples,
        "quantum_samples": args.quantum_samples,
        "backend": backend,
        "shots": args.shots,
        "seed": args.seed,
        "workers": args.workers,
    }
    # before any file is opened: a run that cannot start writes nothing
    check_comparison(plan, **settings, client=args.scheduler)
    client = None
    if args.scheduler is not None:  # before any file is opened: no scheduler, no output
        from .compare.executors import connect

        client = connect(args.scheduler)
    outcome = Comparison(skipped=list(plan.skipped))
    csv_to_stdout = args.csv == "-" and not args.json
    csv_stream = None
    if args.csv == "-":
        csv_stream = sys.stdout if csv_to_stdout else None
    elif args.csv is not None:
        csv_stream = open(args.csv, "w", encoding="utf-8", newline="")  # noqa: SIM115
    bar: Any = None
    if not (args.quiet or args.json):
        from tqdm import tqdm

        bar = tqdm(total=len(plan.tasks), desc="compare", unit="row", file=sys.stderr)

    running: list[Any] = []  # the task on the bar

    def shown(tasks: Any) -> Any:  # the tasks, each announced on the progress bar
        for task in tasks:
            running[:] = [task]
            if bar is not None:
                bar.set_postfix_str(f"n={task.n} k={task.k} {task.method}", refresh=False)
            yield task
            if bar is not None:
                bar.update()

    def on_progress(event: Any) -> None:  # the row's running stage, e.g. "simulate 12s"
        if bar is not None and running and event.stage in ("transpile", "simulate", "waiting"):
            task = running[0]
            seconds = f" {event.seconds:.0f}s" if event.seconds else ""
            bar.set_postfix_str(f"n={task.n} k={task.k} {task.method}: {event.stage}{seconds}")

    def finished(row: Any) -> None:  # parallel rows: written and counted as they finish
        if csv_stream is not None:
            write_csv_row(csv_stream, row)
        if bar is not None and parallel and row.source != "best":
            bar.update()

    def refused(task: Any, reason: str) -> None:
        if bar is not None and parallel:
            bar.update()

    if any(task.kind == "quantum" for task in plan.tasks) and not parallel:
        _start_simulation_worker(backend)
    if bar is not None and parallel:
        where = f"{args.workers} workers" if client is None else f"Dask at {args.scheduler}"
        bar.set_postfix_str(where)
    interrupted = False
    try:
        if csv_stream is not None:
            write_csv_header(csv_stream)
        with execution_options(isolate=True, progress=on_progress), _suppression(args):
            run_comparison(
                plan,
                **settings,
                into=outcome,
                tasks=plan.tasks if parallel else shown(plan.tasks),
                on_row=finished,
                on_skip=refused,
                client=client,
            )
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
        if csv_stream is not None and csv_stream is not sys.stdout:
            csv_stream.close()
        if client is not None:
            client.close()
    written = [args.csv] if args.csv not in (None, "-") else []
    if args.plot is not None and outcome.rows:
        plot_comparison(outcome.rows, args.plot)
        written.append(args.plot)
    if args.json:
        payload = outcome.to_dict()
        payload["interrupted"] = interrupted
        payload["plot"] = args.plot if args.plot in written else None
        payload["csv"] = args.csv
        print(json.dumps(payload))
    else:
        if not csv_to_stdout:
            print(format_table(outcome.rows))
        if outcome.skipped:
            print(
                f"skipped {len(outcome.skipped)} rows that do not apply (--json lists why)",
                file=sys.stderr,
            )
        for path in written:  # stdout holds the table (or the CSV): notices go to stderr
            print(f"wrote {path}", file=sys.stderr)
    if interrupted:
        done = len(outcome.rows)
        print(f"mastermind-q compare: {_stopped()} after {done} rows", file=sys.stderr)
        return _interrupted_status()
    return 0


# -- execution options and progress (solve) -------------------------------------------
class _Progress:
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
                self.bar = tqdm(
                    total=event.total, desc="transpile", unit="circuit", file=sys.stderr
                )
            elif event.stage in ("simulate", "waiting"):  # elapsed time, no percentage
                self.close()
                self.bar = tqdm(
                    total=1,
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
            self.bar.update(self.bar.total - self.bar.n)
            self.close()
            self.stage = None

    @staticmethod
    def _describe(event: Any) -> str:
        return f"{'simulate' if event.stage == 'simulate' else 'job'}: {event.detail}"

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


ORACLE_CHOICES = ("auto", "fourier", "increment", "gray")
"""``--oracle`` values (``mastermind_q.backends.ORACLE_CONSTRUCTIONS``; a test keeps
them in step without importing Qiskit at CLI start-up)."""


def _add_execution_flags(parser: argparse.ArgumentParser) -> None:
    """Flags shared by commands that run circuits (solve)."""
    parser.add_argument(
        "--optimization-level",
        type=int,
        choices=(0, 1, 2, 3),
        default=1,
        help="preset pass manager level (default 1)",
    )
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
    parser.add_argument(
        "--fake-mode",
        choices=("aer", "runtime"),
        default="aer",
        help="fake: backends through Aer on the active qubits (fast, default) or "
        "qiskit-ibm-runtime's local mode (the hardware code path)",
    )
    parser.add_argument(
        "--oracle",
        choices=ORACLE_CHOICES,
        default="auto",
        help="the oracle's construction; auto (default): on fake: and ibm: the one with "
        "the fewest two-qubit gates after transpiling for the device",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    _add_suppression_flags(parser)


def _add_suppression_flags(parser: argparse.ArgumentParser) -> None:
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


def _suppression(args: argparse.Namespace) -> Any:
    """``execution_options`` for the --dd, --twirl and --mitigate flags."""
    from .backends import execution_options

    return execution_options(
        dynamical_decoupling=args.dd, twirling=args.twirl, mitigate=args.mitigate
    )


def _start_simulation_worker(backend: str | None) -> None:
    """Start the simulation worker early: it imports Aer while this process transpiles."""
    if not (backend or "").startswith("ibm:"):
        from .backends.worker import start_worker

        start_worker()


@contextlib.contextmanager
def _execution(args: argparse.Namespace) -> Any:
    """Execution options from the flags, progress on stderr unless --quiet or --json."""
    from .backends import execution_options

    progress = _Progress(show=not (args.quiet or args.json))
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


# -- draw ----------------------------------------------------------------------------
def _parse_pair(text: str) -> tuple[int, int]:
    pair = parse_code(text, name="pair")
    if len(pair) != 2:
        raise CLIError(f"--pair must be two colours C1,C2, was {text!r}")
    return pair[0], pair[1]


def _add_circuit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--positions", required=True, type=positive_int, metavar="N", help="n")
    parser.add_argument("--colors", required=True, type=integer, metavar="K", help="k")
    parser.add_argument("--secret", help="the oracle's secret, e.g. 0,2,1 (default: s_i = i mod k)")
    parser.add_argument(
        "--pair",
        default="0,1",
        help="colours C1,C2 for two-color-oracle and find-two-color (default 0,1)",
    )


def _add_draw(subparsers: Any) -> None:
    from .drawing import CIRCUITS

    parser = _subcommand(
        subparsers,
        "draw",
        help="draw a circuit (text, png, svg, pdf, OpenQASM 3)",
        examples="""
            mastermind-q draw find-two-color --positions 3 --colors 4 --pair 1,2
            mastermind-q draw oracle --positions 2 --colors 3 --decompose
            mastermind-q draw adaptive --positions 2 --colors 4 --output adaptive.png
            mastermind-q draw two-color --positions 4 --colors 2 --output two_color.qasm
        """,
        description=(
            "Draw one of the circuits around the black-peg oracle B_s. Text on stdout by "
            "default; --output FILE writes .txt, .png, .svg, .pdf (matplotlib) or .qasm "
            "(OpenQASM 3). The oracle and the encodings are labelled boxes; --decompose "
            "opens them."
        ),
    )
    parser.add_argument("circuit", choices=CIRCUITS, metavar="CIRCUIT", help=", ".join(CIRCUITS))
    _add_circuit_arguments(parser)
    parser.add_argument("--output", metavar="FILE", help="write FILE (.txt .png .svg .pdf .qasm)")
    parser.add_argument(
        "--decompose",
        nargs="?",
        type=int,
        const=1,
        default=0,
        metavar="LEVELS",
        help="open the labelled boxes LEVELS deep (default 1 when given)",
    )
    parser.add_argument("--no-measure", action="store_true", help="leave out the measurements")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=_run_draw)


def _run_draw(args: argparse.Namespace) -> int:
    from .drawing import (
        build_circuit,
        caption,
        draw_text,
        open_boxes,
        output_format,
        write_drawing,
    )

    if args.output is not None:
        output_format(args.output)  # a bad suffix fails before any work
    secret = None if args.secret is None else parse_code(args.secret)
    circuit = build_circuit(
        args.circuit,
        num_positions=args.positions,
        colors=args.colors,
        secret=secret,
        pair=_parse_pair(args.pair),
        measure=not args.no_measure,
    )
    circuit = open_boxes(circuit, args.decompose)
    title = caption(
        args.circuit,
        num_positions=args.positions,
        colors=args.colors,
        secret=secret,
        pair=_parse_pair(args.pair),
    )
    payload: dict[str, Any] = {
        "circuit": args.circuit,
        "n": args.positions,
        "k": args.colors,
        "qubits": circuit.num_qubits,
        "decompose": args.decompose,
        "caption": title,
        "output": None,
        "format": "txt",
    }
    if args.output is not None:
        path = write_drawing(circuit, args.output, title=title)
        payload["output"] = str(path)
        payload["format"] = output_format(path)
    else:
        payload["text"] = draw_text(circuit)
    emit(
        payload,
        args.json,
        lambda p: f"{p['caption']}\n{p['text']}" if p["output"] is None else f"wrote {p['output']}",
    )
    return 0


# -- resources -----------------------------------------------------------------------
def _add_resources(subparsers: Any) -> None:
    from .resources import NAMES

    parser = _subcommand(
        subparsers,
        "resources",
        help="qubits, depth, two-qubit gates, total gates, oracle calls",
        examples="""
            mastermind-q resources nonadaptive --positions 4 --colors 4
            mastermind-q resources adaptive --positions 3 --colors 4 --target fake:torino
            mastermind-q resources oracle --positions 8 --colors 8 --json
        """,
        description=(
            "Resource counts of a circuit or a quantum method: logical (the oracle B_s as "
            "one query) and after transpiling to a target (basis: cx, rz, sx, x; or a fake "
            "device with its coupling map)."
        ),
    )
    parser.add_argument("name", choices=NAMES, metavar="CIRCUIT|METHOD", help=", ".join(NAMES))
    _add_circuit_arguments(parser)
    parser.add_argument("--target", default="basis", help="basis (default) or fake:NAME")
    parser.add_argument(
        "--optimization-level", type=int, choices=(0, 1, 2, 3), default=1, help="default 1"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=_run_resources)


def _human_resources(payload: dict[str, Any]) -> str:
    keys = ("qubits", "depth", "two_qubit_gates", "multi_qubit_gates", "total_gates")
    keys += ("oracle_calls",)
    lines = [
        f"{payload['name']}  (n={payload['n']}, k={payload['k']}, "
        f"{payload['circuits']} circuit{'s' if payload['circuits'] != 1 else ''})",
        f"{'':18} {'logical':>10} {payload['target']:>14}",
    ]
    for key in keys:
        lines.append(
            f"{key.replace('_', ' '):18} {payload['logical'][key]:>10} "
            f"{payload['transpiled'][key]:>14}"
        )
    lines.append(
        f"(optimization level {payload['optimization_level']}, "
        f"oracle construction {payload['oracle_construction']})"
    )
    return "\n".join(lines)


def _run_resources(args: argparse.Namespace) -> int:
    from .resources import circuit_resources

    secret = None if args.secret is None else parse_code(args.secret)
    report = circuit_resources(
        args.name,
        num_positions=args.positions,
        colors=args.colors,
        target=args.target,
        secret=secret,
        pair=_parse_pair(args.pair),
        optimization_level=args.optimization_level,
    )
    emit(report.to_dict(), args.json, _human_resources)
    return 0


# -- jobs ----------------------------------------------------------------------------
def _add_jobs(subparsers: Any) -> None:
    parser = _subcommand(
        subparsers,
        "jobs",
        help="list job records; fetch and decode a job later",
        description=(
            "Hardware runs (and fake: runs with --record-job) write a job record before "
            "they wait (directory: --jobs-dir, else $MASTERMIND_Q_JOBS_DIR, else "
            "~/.mastermind_q/jobs). 'jobs list' shows them; 'jobs fetch JOB_ID' decodes "
            "one: a finished ibm: job is retrieved from the service, a local job is read "
            "from its record."
        ),
        examples="""
            mastermind-q jobs list
            mastermind-q jobs fetch JOB_ID --secret 0,3,1,2
            mastermind-q jobs fetch JOB_ID --jobs-dir ./jobs --json
        """,
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = actions.add_parser(
        "list", help="list the job records", description="List the job records."
    )
    fetch = actions.add_parser(
        "fetch",
        help="fetch and decode one job",
        description=(
            "Decode job JOB_ID (the id printed when it was submitted, or listed by 'jobs "
            "list'): the answer found and the success probability per circuit."
        ),
    )
    fetch.add_argument(
        "job_id", metavar="JOB_ID", help="the job id (printed at submission; see 'jobs list')"
    )
    fetch.add_argument("--secret", help="the secret, to report whether it was found")
    for sub in (listing, fetch):
        sub.add_argument("--jobs-dir", metavar="DIR", help="job record directory")
        sub.add_argument("--json", action="store_true", help="print one JSON object")
    listing.set_defaults(handler=_run_jobs_list)
    fetch.set_defaults(handler=_run_jobs_fetch)


def _human_jobs(payload: dict[str, Any]) -> str:
    if not payload["jobs"]:
        return f"no job records in {payload['directory']}"
    lines = [f"{'job id':38} {'created':20} {'backend':18} {'method':12} {'n':>3} {'k':>3} status"]
    for job in payload["jobs"]:
        lines.append(
            f"{job['job_id']:38} {job['created']:20} {job['backend']:18} "
            f"{job['method'] or '?':12} {job['n'] or '?':>3} {job['k'] or '?':>3} {job['status']}"
        )
    return "\n".join(lines)


def _run_jobs_list(args: argparse.Namespace) -> int:
    from .jobs import jobs_directory, scan_records

    keys = ("job_id", "created", "backend", "method", "n", "k", "shots", "status")
    records, skipped = scan_records(args.jobs_dir)
    jobs = [{key: getattr(record, key) for key in keys} for record in records]
    payload = {
        "directory": str(jobs_directory(args.jobs_dir)),
        "jobs": jobs,
        "skipped": [{"path": str(path), "reason": reason} for path, reason in skipped],
    }
    emit(payload, args.json, _human_jobs)
    if not args.json:  # a damaged record is named, not fatal to the listing
        for path, reason in skipped:
            print(f"mastermind-q jobs list: skipped {path.name}: {reason}", file=sys.stderr)
    return 0


def _human_fetch(payload: dict[str, Any]) -> str:
    fractions = ", ".join(f"{f:.3f}" for f in payload["circuit_success_probabilities"])
    lines = [
        f"job      {payload['job_id']}  ({payload['backend']}, {payload['status']})",
        f"method   {payload['method']}  (n={payload['n']}, k={payload['k']})",
        f"found    {','.join(map(str, payload['found']))}",
        f"success probability {payload['success_probability']:.6g}  (per circuit: {fractions})",
    ]
    if payload["solved"] is not None:
        lines.append(f"solved   {'yes' if payload['solved'] else 'NO'}")
    return "\n".join(lines)


def _run_jobs_fetch(args: argparse.Namespace) -> int:
    from .fetching import fetch_job

    secret = None if args.secret is None else parse_code(args.secret)
    decoding = fetch_job(args.job_id, args.jobs_dir, secret=secret)
    emit(decoding.to_dict(), args.json, _human_fetch)
    return 0


# -- entry point ---------------------------------------------------------------------
SUBCOMMANDS: list[Callable[[Any], None]] = [
    _add_solve,
    _add_compare,
    _add_draw,
    _add_resources,
    _add_jobs,
]
"""Functions that add one subcommand each to the parser."""


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
    for add in SUBCOMMANDS:
        add(subparsers)
    return parser


_PARAMETER_ALIASES = {"num_positions": "positions", "num_colors": "colors"}
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
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        return f"{flag} {value}"

    def quoted(match: re.Match[str]) -> str:
        flag = option(match.group(1))
        return match.group(0) if flag is None else f"{flag} {match.group(2)}"

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


_SIGNALS_RECEIVED: list[int] = []
"""The stop signals received during the current :func:`main` call."""


def _on_stop_signal(signum: int, frame: Any) -> None:
    """SIGINT and SIGTERM: note which arrived and stop like Ctrl-C does."""
    _SIGNALS_RECEIVED.append(signum)
    raise KeyboardInterrupt


def _interrupted_status() -> int:
    """``128 + signal``: 130 for SIGINT (and a bare KeyboardInterrupt), 143 for SIGTERM."""
    return 128 + (_SIGNALS_RECEIVED[-1] if _SIGNALS_RECEIVED else signal.SIGINT)


def _stopped() -> str:
    return "terminated" if _interrupted_status() == 128 + signal.SIGTERM else "interrupted"


@contextlib.contextmanager
def _stop_signals() -> Any:
    """Handle SIGINT and SIGTERM for the block (main thread only), then restore."""
    _SIGNALS_RECEIVED.clear()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {
        signum: signal.signal(signum, _on_stop_signal) for signum in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; return the exit status (errors: one line on stderr, status 2).

    Interrupted (Ctrl-C, ``SIGINT``) or terminated (``SIGTERM``): status ``128 +
    signal`` (130, 143) after what finished is printed and kept.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with _stop_signals():
            return int(args.handler(args))
    except ValueError as error:  # includes CLIError: bad input, named in the message
        text = cli_words(str(error), _options_of(parser, args.command))
        print(f"mastermind-q {args.command}: error: {text}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as interruption:  # JobInterrupted says where the job record is
        detail = f": {interruption}" if str(interruption) else ""
        print(f"mastermind-q {args.command}: {_stopped()}{detail}", file=sys.stderr)
        return _interrupted_status()
    except BrokenPipeError:  # e.g. `mastermind-q draw ... | head`: the reader left
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes stdout
        return 141
    except OSError as error:  # e.g. --output/--csv/--plot in a missing or read-only folder
        print(f"mastermind-q {args.command}: error: {error}", file=sys.stderr)
        return 2


def run() -> None:
    """The console script: :func:`main`, then exit with its status.

    After an interruption (status 130 or 143) the process ends at once with
    ``os._exit`` once stdout and stderr are flushed: what finished is already written
    (CSV rows are flushed as they finish, job records are written before the wait),
    and tearing down Qiskit and Aer at interpreter exit can take seconds.
    """
    status = main()
    if status in (128 + signal.SIGINT, 128 + signal.SIGTERM):
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(status)
    sys.exit(status)


if __name__ == "__main__":  # pragma: no cover
    run()
