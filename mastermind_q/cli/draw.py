"""``mastermind-q draw``: draw a circuit (text, png, svg, pdf, OpenQASM 3)."""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Iterator
from typing import Any

from .arguments import (
    FORCE_HINT,
    add_circuit_arguments,
    add_force_flag,
    check_drawing_output,
    emit,
    integer,
    method_name,
    method_names,
    non_negative_int,
    parse_code,
    parse_pair,
    subcommand,
)


def add_parser(subparsers: Any) -> None:
    from ..circuits.names import CIRCUITS

    parser = subcommand(
        subparsers,
        "draw",
        help="draw a circuit (text, png, svg, pdf, OpenQASM 3)",
        examples="""
            mastermind-q draw find-two-color --positions 3 --colors 4 --pair 1,2
            mastermind-q draw oracle --positions 2 --colors 3 --decompose
            mastermind-q draw adaptive --positions 2 --colors 4 --output adaptive.png
            mastermind-q draw two-color --positions 4 --colors 2 --output two_color.qasm
            mastermind-q draw nonadaptive --positions 3 --colors 4 --output f.png
            mastermind-q draw triples --positions 3 --colors 7 --seed 1
        """,
        description=(
            "Draw one of the circuits around the black-peg oracle B_s, or every circuit a "
            "quantum solve method hands the codemaker for a secret (the method plays the "
            "game on aer; adaptive methods show the circuits their answers led "
            "to). Text on stdout by default; --output FILE writes .txt, .png, .svg, .pdf "
            "(matplotlib) or .qasm (OpenQASM 3); several circuits go to one file each "
            "(out.png -> out-pair-0-1.png, ...) or to the pages of one .pdf. An existing "
            "file (or one of those names) is refused before any work unless --force; a "
            "link, FIFO or device never is written. The oracle and "
            "the encodings are labelled boxes; --decompose N opens them N levels deep, an "
            "opened oracle framed by barriers labelled B_s and end B_s (O_h and end O_h: the "
            "parity oracle of hunziker-meyer)."
        ),
    )
    methods = [name for name in method_names("quantum") if name not in CIRCUITS]
    parser.add_argument(
        "circuit",
        type=_circuit_or_method,
        metavar="CIRCUIT|METHOD",
        help=f"a circuit ({', '.join(CIRCUITS)}) or a quantum solve method "
        f"({', '.join(methods)}; two-color and adaptive are one circuit each): every "
        "circuit the method hands the codemaker",
    )
    add_circuit_arguments(parser)
    parser.add_argument(
        "--seed",
        type=integer,
        help="METHOD: a random secret from this seed when --secret is not given "
        "(default: s_i = i mod k)",
    )
    parser.add_argument("--output", metavar="FILE", help="write FILE (.txt .png .svg .pdf .qasm)")
    add_force_flag(parser, "--output")
    parser.add_argument(
        "--decompose",
        nargs="?",
        type=non_negative_int,
        const=1,
        default=0,
        metavar="LEVELS",
        help="open the labelled boxes LEVELS deep, one level at a time (default 1 when "
        "given); an opened oracle is framed by barriers labelled B_s and end B_s",
    )
    parser.add_argument("--no-measure", action="store_true", help="leave out the measurements")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def _circuit_or_method(text: str) -> str:
    """A circuit's name or a quantum codebreaker's (the installed ones read only for a
    name that is neither a circuit nor a built-in)."""
    from ..circuits.names import CIRCUITS

    if text in CIRCUITS:
        return text
    return method_name("quantum")(text)


def _methods_only() -> list[str]:
    """The quantum solve methods that are not also circuit names."""
    from ..circuits.names import CIRCUITS
    from ..solving import METHODS

    return [n for n, info in METHODS.items() if info.kind == "quantum" and n not in CIRCUITS]


def _run_method(args: argparse.Namespace) -> int:
    from ..drawing import (
        check_drawing,
        draw_text,
        drawing_fingerprint,
        open_boxes,
        output_format,
        solve_captions,
        write_circuits,
    )
    from ..solving import method_circuits
    from .solve import random_secret

    fmt = None
    if args.output is not None:  # before the solve: a file that cannot be written
        check_drawing_output(args.output, "--output", force=args.force)
        fmt = output_format(args.output)
    if args.secret is not None:
        secret = parse_code(args.secret)
    elif args.seed is not None:
        secret = random_secret(args.positions, args.colors, distinct=False, seed=args.seed)
    else:
        secret = None
    circuits = method_circuits(
        args.circuit,
        num_positions=args.positions,
        colors=args.colors,
        secret=secret,
        seed=args.seed,
        reveal=args.decompose > 0,
        levels=args.decompose,
        fmt=fmt,
    )
    if not circuits:  # a codebreaker whose game ran nothing
        raise ValueError(f"codebreaker {args.circuit!r} ran no circuits: nothing to draw")
    circuits = tuple(open_boxes(circuit, args.decompose) for circuit in circuits)
    titles = solve_captions(
        args.circuit, circuits, num_positions=args.positions, colors=args.colors
    )
    if args.decompose > 0:  # the oracle of the user's secret is opened
        shown = ",".join(map(str, secret)) if secret is not None else "s_i = i mod k"
        titles = [re.sub(r"\S+ is the codemaker's box", f"secret {shown}", t) for t in titles]
    check_drawing(circuits, fmt, titles=titles)  # before drawing: cells, an image's pixels
    payload = _payload(
        args,
        circuits=len(circuits),
        qubits=max(circuit.num_qubits for circuit in circuits),
        decompose=args.decompose,
        captions=titles,
        fingerprints=[drawing_fingerprint(c, title=t) for c, t in zip(circuits, titles)],
    )
    if args.output is not None:
        with _drawing_progress(args, circuits, titles) as progress:
            paths = write_circuits(
                circuits,
                args.output,
                titles=titles,
                overwrite=args.force,
                force_hint=FORCE_HINT,
                progress=progress,
            )
        payload["output"] = [str(path) for path in paths]
        payload["format"] = output_format(args.output)
    else:
        payload["text"] = [draw_text(circuit) for circuit in circuits]

    def human(p: dict[str, Any]) -> str:
        if p["output"] is not None:
            return "\n".join(f"wrote {path}" for path in p["output"])
        return "\n\n".join(f"{title}\n{text}" for title, text in zip(p["captions"], p["text"]))

    emit(payload, args.json, human)
    return 0


@contextlib.contextmanager
def _drawing_progress(args: argparse.Namespace, circuits: Any, titles: Any) -> Iterator[Any]:
    """``progress(done, total)`` for drawing images: a bar on stderr (a line when it ends,
    on a non-terminal) for several circuits or a large one, unless ``--json``."""
    from ..drawing import PROGRESS_PIXELS, drawing_size, output_format

    bar: Any = None
    fmt = output_format(args.output)
    if not args.json and fmt in ("png", "svg", "pdf"):
        sizes = [drawing_size(c, title=title) for c, title in zip(circuits, titles)]
        width, height = max(sizes, key=lambda size: size[0] * size[1])
        if len(circuits) > 1 or width * height > PROGRESS_PIXELS:
            from ..compare.progress import progress_bar

            desc = f"draw {fmt} (about {width:,} x {height:,} px)"
            bar = progress_bar(total=len(circuits), desc=desc, unit="circuit", file=sys.stderr)
            bar.refresh()

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.update(done - bar.n)

    try:
        yield progress
    finally:
        if bar is not None:
            bar.close()


def _payload(args: argparse.Namespace, **drawn: Any) -> dict[str, Any]:
    """The command's JSON object: what was asked, what was ``drawn``, no output yet."""
    return {
        "circuit": args.circuit,
        "n": args.positions,
        "k": args.colors,
        **drawn,
        "output": None,
        "format": "txt",
    }


def run(args: argparse.Namespace) -> int:
    if args.circuit in _methods_only():
        return _run_method(args)
    from ..drawing import (
        build_circuit,
        caption,
        check_drawing,
        draw_text,
        drawing_fingerprint,
        open_boxes,
        output_format,
        write_drawing,
    )

    if args.output is not None:  # a bad suffix or path fails before any work
        check_drawing_output(args.output, "--output", force=args.force, derived=False)
    secret = None if args.secret is None else parse_code(args.secret)
    game: dict[str, Any] = {
        "num_positions": args.positions,
        "colors": args.colors,
        "secret": secret,
        "pair": parse_pair(args.pair),
    }
    circuit = build_circuit(args.circuit, **game, measure=not args.no_measure)
    circuit = open_boxes(circuit, args.decompose)
    title = caption(args.circuit, **game)
    fmt = None if args.output is None else output_format(args.output)
    check_drawing([circuit], fmt, titles=[title])
    payload = _payload(
        args,
        qubits=circuit.num_qubits,
        decompose=args.decompose,
        caption=title,
        fingerprint=drawing_fingerprint(circuit, title=title),
    )
    if args.output is not None:
        with _drawing_progress(args, [circuit], [title]) as progress:
            path = write_drawing(
                circuit, args.output, title=title, overwrite=args.force, force_hint=FORCE_HINT
            )
            progress(1, 1)
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
