"""The ``mastermind-q`` command line: parse, call the library, print.

Every subcommand accepts ``--json`` and then prints exactly one JSON object on stdout.
Errors go to stderr as one line and the exit status is non-zero (2 for bad input).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .solving import METHODS, play

__all__ = ["build_parser", "main"]


class CLIError(ValueError):
    """A bad command-line value (reported on stderr, exit status 2)."""


def parse_code(text: str, name: str = "secret") -> tuple[int, ...]:
    """Parse ``"0,3,1,2"`` into a code; raise :class:`CLIError` naming a bad entry."""
    items = [item.strip() for item in text.split(",")]
    values = []
    for index, item in enumerate(items):
        try:
            values.append(int(item))
        except ValueError:
            raise CLIError(f"{name}[{index}] must be an integer, was {item!r}") from None
    return tuple(values)


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, was {text!r}") from None
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
    parser = subparsers.add_parser(
        "solve",
        help="solve one secret with a quantum or classical method",
        description="Solve one secret; report the answer and the honest query count.",
    )
    parser.add_argument("--method", required=True, choices=list(METHODS), help="the codebreaker")
    parser.add_argument("--colors", required=True, type=int, help="number of colours k")
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
        "--backend", help="aer (default), aer-statevector, aer-mps, fake:NAME, ibm:NAME"
    )
    parser.add_argument("--shots", type=positive_int, help="shots per circuit")
    parser.add_argument("--seed", type=int, help="seed for the random secret and the run")
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
    if payload.get("backend") is not None:
        lines.append(f"backend  {payload['backend']}")
    if payload.get("iterations") is not None:
        lines.append(f"Grover iterations T = {payload['iterations']}")
    if payload.get("success_probability") is not None:
        lines.append(f"success probability {payload['success_probability']:.6g}")
    if payload.get("adversary"):
        lines.append("codemaker: adversary (secret chosen adaptively)")
    return "\n".join(lines)


def _run_solve(args: argparse.Namespace) -> int:
    from .codemaker import Codemaker
    from .solving import method_info

    info = method_info(args.method)
    if args.adversary:
        if info.kind != "classical":
            raise CLIError(f"--adversary plays classical methods only, was {args.method!r}")
        if args.secret is not None:
            raise CLIError("--adversary chooses the secret itself; drop --secret")
        num_positions = args.positions or args.random
        if num_positions is None:
            raise CLIError("--adversary needs --positions N (or --random N)")
        from .classical.adversary import AdversaryCodemaker

        codemaker: Codemaker = AdversaryCodemaker(
            num_positions, args.colors, distinct=info.distinct
        )
    else:
        if args.secret is not None:
            secret = parse_code(args.secret)
        elif args.random is not None:
            secret = random_secret(args.random, args.colors, distinct=info.distinct, seed=args.seed)
        else:
            raise CLIError("give --secret CODE or --random N")
        codemaker = Codemaker(secret, args.colors, distinct=info.distinct)
    result = play(
        codemaker, method=args.method, backend=args.backend, shots=args.shots, seed=args.seed
    )
    payload = result.to_dict()
    payload["adversary"] = bool(args.adversary)
    if args.json:
        payload.pop("transcript", None)
    emit(payload, args.json, _human_solve)
    return 0


# -- compare -------------------------------------------------------------------------
def _add_compare(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "compare",
        help="quantum vs classical query counts over a grid of (n, k)",
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
        help="comma separated solve methods (and bound names) to include (default: all)",
    )
    parser.add_argument(
        "--bounds",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="add the bound rows: elouali-upper, elouali-lower, adaptive-T (default: on)",
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
        help="backend for the quantum rows (default aer-mps, fast for these circuits)",
    )
    parser.add_argument("--shots", type=positive_int, help="shots per circuit")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument(
        "--csv",
        metavar="FILE",
        help="write CSV rows to FILE as they finish ('-': print CSV instead of the table)",
    )
    parser.add_argument("--plot", metavar="FILE", help="save a plot (.png, .svg or .pdf)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--json", action="store_true", help='print {"rows": [...]} as JSON')
    parser.set_defaults(handler=_run_compare)


def _run_compare(args: argparse.Namespace) -> int:
    from .compare import (
        DEFAULT_BACKEND,
        DEFAULT_SAMPLES,
        Comparison,
        format_table,
        parse_int_list,
        plan_comparison,
        plot_comparison,
        run_task,
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
    if args.plot is not None and not args.plot.lower().endswith((".png", ".svg", ".pdf")):
        raise CLIError(f"--plot must end in .png, .svg or .pdf, was {args.plot!r}")
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    outcome = Comparison(skipped=list(plan.skipped))
    csv_to_stdout = args.csv == "-" and not args.json
    csv_stream = None
    if args.csv == "-":
        csv_stream = sys.stdout if csv_to_stdout else None
    elif args.csv is not None:
        csv_stream = open(args.csv, "w", encoding="utf-8", newline="")  # noqa: SIM115
    tasks: Any = plan.tasks
    if not (args.quiet or args.json):
        from tqdm import tqdm

        tasks = tqdm(plan.tasks, desc="compare", unit="row", file=sys.stderr)
    interrupted = False
    try:
        if csv_stream is not None:
            write_csv_header(csv_stream)
        for task in tasks:
            if hasattr(tasks, "set_postfix_str"):
                tasks.set_postfix_str(f"n={task.n} k={task.k} {task.method}", refresh=False)
            try:
                row = run_task(
                    task,
                    samples=samples,
                    quantum_samples=args.quantum_samples,
                    backend=args.backend or DEFAULT_BACKEND,
                    shots=args.shots,
                    seed=args.seed,
                )
            except ValueError as error:
                if task.kind == "bound":
                    raise
                outcome.skipped.append((task, str(error)))
                continue
            outcome.rows.append(row)
            if csv_stream is not None:
                write_csv_row(csv_stream, row)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if hasattr(tasks, "close"):
            tasks.close()
        if csv_stream is not None and csv_stream is not sys.stdout:
            csv_stream.close()
    if args.plot is not None and outcome.rows:
        plot_comparison(outcome.rows, args.plot)
    if args.json:
        payload = outcome.to_dict()
        payload["interrupted"] = interrupted
        payload["plot"] = args.plot
        print(json.dumps(payload))
    elif not csv_to_stdout:
        print(format_table(outcome.rows))
        if outcome.skipped:
            print(
                f"skipped {len(outcome.skipped)} rows that do not apply (--json lists why)",
                file=sys.stderr,
            )
    if interrupted:
        done = len(outcome.rows)
        print(f"mastermind-q compare: interrupted after {done} rows", file=sys.stderr)
        return 130
    return 0


# -- entry point ---------------------------------------------------------------------
SUBCOMMANDS: list[Callable[[Any], None]] = [_add_solve, _add_compare]
"""Functions that add one subcommand each to the parser."""


def build_parser() -> argparse.ArgumentParser:
    """The ``mastermind-q`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="mastermind-q",
        description="Quantum and classical Mastermind codebreakers on Qiskit.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; return the exit status (errors: one line on stderr, status 2)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except ValueError as error:  # includes CLIError: bad input, named in the message
        print(f"mastermind-q {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"mastermind-q {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
