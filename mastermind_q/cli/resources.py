"""``mastermind-q resources``: qubits, depth, two-qubit gates, total gates, oracle calls."""

from __future__ import annotations

import argparse
from typing import Any

from ..codebreaker import has_circuits
from .arguments import (
    ORACLE_CHOICES,
    add_circuit_arguments,
    add_optimization_level,
    emit,
    method_names,
    parse_code,
    parse_pair,
    subcommand,
)


def _circuit_or_method(text: str) -> str:
    """A circuit's name or a quantum codebreaker's with circuits (the installed ones read
    only for a name that is neither a circuit nor a built-in)."""
    from ..circuits.names import CIRCUITS
    from ..resources import names

    if text in CIRCUITS:
        return text
    if text in method_names("quantum") and _has_circuits(text):
        return text
    listed = names()
    if text in listed:
        return text
    raise argparse.ArgumentTypeError(
        f"invalid choice: {text[:80]!r} (choose from {', '.join(map(repr, listed))})"
    )


def _has_circuits(name: str) -> bool:
    from ..codebreaker import METHODS

    return has_circuits(METHODS[name])


def add_parser(subparsers: Any) -> None:
    from ..circuits.names import CIRCUITS

    NAMES = list(dict.fromkeys((*CIRCUITS, *method_names("quantum"))))
    parser = subcommand(
        subparsers,
        "resources",
        help="qubits, depth, two-qubit gates, total gates, oracle calls",
        examples="""
            mastermind-q resources nonadaptive --positions 4 --colors 4
            mastermind-q resources adaptive --positions 3 --colors 4 --target fake:torino
            mastermind-q resources oracle --positions 8 --colors 8 --json
            mastermind-q resources oracle --positions 5 --colors 4 --oracle line
            mastermind-q resources hunziker-meyer --positions 3 --colors 8
        """,
        description=(
            "Resource counts of a circuit or a quantum method: logical (the oracle B_s, "
            "or hunziker-meyer's parity oracle O_h, as one query) and after transpiling "
            "to a target (basis: cx, rz, sx, x; or a fake device with its coupling map)."
        ),
    )
    parser.add_argument(
        "name", type=_circuit_or_method, metavar="CIRCUIT|METHOD", help=", ".join(NAMES)
    )
    add_circuit_arguments(parser)
    parser.add_argument("--target", default="basis", help="basis (default) or fake:NAME")
    add_optimization_level(parser, devices="fake:", simulator="basis")
    parser.add_argument(
        "--oracle",
        choices=ORACLE_CHOICES,
        default="auto",
        help="the black-peg oracle's construction (the synthesis method of "
        "HLSConfig(black_peg_oracle=[...])); auto (default): what solve would run, on "
        "fake: the one with the fewest two-qubit gates after transpiling for the device",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def _human_resources(payload: dict[str, Any]) -> str:
    keys: tuple[str, ...] = ("qubits", "depth", "two_qubit_gates", "multi_qubit_gates")
    keys += ("total_gates", "oracle_calls")
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
    _, layout, routing = payload["compile_setting"].split("/")
    how = "" if layout == routing == "default" else f", {layout} layout, {routing} routing"
    lines.append(
        f"(optimization level {payload['optimization_level']}{how}, "
        f"oracle construction {payload['oracle_construction']})"
    )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ..resources import circuit_resources

    secret = None if args.secret is None else parse_code(args.secret)
    report = circuit_resources(
        args.name,
        num_positions=args.positions,
        colors=args.colors,
        target=args.target,
        secret=secret,
        pair=parse_pair(args.pair),
        optimization_level=args.optimization_level,
        construction=None if args.oracle == "auto" else args.oracle,
    )
    emit(report.to_dict(), args.json, _human_resources)
    return 0
