"""``mastermind-q draw``: draw a circuit (text, png, svg, pdf, OpenQASM 3)."""

from __future__ import annotations

import argparse
from typing import Any

from .arguments import add_circuit_arguments, emit, parse_code, parse_pair, subcommand


def add_parser(subparsers: Any) -> None:
    from ..drawing import CIRCUITS

    parser = subcommand(
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
    add_circuit_arguments(parser)
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
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ..drawing import (
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
        pair=parse_pair(args.pair),
        measure=not args.no_measure,
    )
    circuit = open_boxes(circuit, args.decompose)
    title = caption(
        args.circuit,
        num_positions=args.positions,
        colors=args.colors,
        secret=secret,
        pair=parse_pair(args.pair),
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
