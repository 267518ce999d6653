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


# -- entry point ---------------------------------------------------------------------
SUBCOMMANDS: list[Callable[[Any], None]] = [_add_solve]
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
