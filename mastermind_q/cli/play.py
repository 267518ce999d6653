"""``mastermind-q play``: Mastermind in the terminal (game logic: :mod:`mastermind_q.playing`).

Three modes (``--mode``): ``break`` (default; you break the toolkit's secret), ``make``
(a classical codebreaker breaks yours; you answer) and ``watch`` (a quantum
codebreaker breaks your hidden secret; you see its circuits run). When stdin is not a
terminal the entries are read one per line (guesses, answers or the secret), each
echoed with its answer; a bad line gets an error and the game goes on. ``quit``,
Ctrl-D and Ctrl-C end the game cleanly. With ``--json`` the game's talk goes to stderr
and stdout gets one JSON object at the end.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from typing import Any

from .arguments import CLIError, integer, positive_int, subcommand

QUIT_WORDS = ("quit", "exit", "q")
"""Entries that end the game."""


def add_parser(subparsers: Any) -> None:
    from ..solving import METHODS

    classical = [name for name, info in METHODS.items() if info.kind == "classical"]
    quantum = [name for name, info in METHODS.items() if info.kind == "quantum"]
    parser = subcommand(
        subparsers,
        "play",
        help="play Mastermind: break a code, make one, or watch a quantum codebreaker",
        description=(
            "Play Mastermind in the terminal. --mode break (default): the toolkit holds a "
            "random secret; type guesses like 0,2,1 and get pegs and the number of codes "
            "still consistent; 'hint' asks a classical codebreaker; at the end your count "
            "stands beside what optimal (small games), consistent, permutation (with "
            "--distinct) and the quantum codebreakers need for that secret. --mode make: "
            "think of a secret; a classical codebreaker (--codebreaker) guesses and you "
            "answer with pegs (2, or 2,1 with black-white feedback); an answer no code fits "
            "with the earlier ones is refused at once. --mode watch: type a secret (hidden); "
            "a quantum codebreaker (--method) breaks it; each batch of circuits runs, then "
            "each circuit is drawn followed by its measured outcomes. Entries are read one "
            "per line when stdin is not a terminal; 'quit', Ctrl-D or Ctrl-C end the game."
        ),
        examples="""
            mastermind-q play --positions 4 --colors 6 --feedback black-white
            mastermind-q play --positions 4 --colors 4 --distinct --seed 3
            printf '0,0\\n0,1\\n1,2\\n' | mastermind-q play --positions 2 --colors 3 --seed 1 --json
            mastermind-q play --mode make --positions 3 --colors 4 --codebreaker consistent
            mastermind-q play --mode watch --positions 3 --colors 4 --method adaptive
        """,
    )
    parser.add_argument(
        "--mode",
        choices=("break", "make", "watch"),
        default="break",
        help="break the toolkit's code (default), make a code for a classical "
        "codebreaker, or watch a quantum codebreaker break yours",
    )
    parser.add_argument("--positions", required=True, type=positive_int, metavar="N", help="n")
    parser.add_argument("--colors", required=True, type=integer, metavar="K", help="k")
    parser.add_argument(
        "--feedback",
        choices=("black", "black-white"),
        default="black",
        help="black pegs only (default) or black and white pegs",
    )
    parser.add_argument(
        "--distinct", action="store_true", help="the permutation game: no colour repeats"
    )
    parser.add_argument(
        "--seed", type=integer, help="seed of the secret and the codebreakers (default: fresh)"
    )
    parser.add_argument(
        "--codebreaker",
        choices=classical,
        default="consistent",
        metavar="METHOD",
        help=f"make: the classical codebreaker ({', '.join(classical)}; default consistent)",
    )
    parser.add_argument(
        "--method",
        choices=quantum,
        metavar="METHOD",
        help=f"watch: the quantum codebreaker ({', '.join(quantum)}; default nonadaptive, "
        "two-color for k = 2)",
    )
    parser.add_argument(
        "--backend",
        default="aer",
        help="watch: aer (default), aer-statevector, aer-mps or fake:NAME (a noisy device)",
    )
    parser.add_argument(
        "--shots", type=positive_int, help="watch: shots per circuit on sampling backends"
    )
    parser.add_argument(
        "--json", action="store_true", help="talk on stderr, one JSON object on stdout at the end"
    )
    parser.set_defaults(handler=run)


class _Console:
    """Reading entries and talking: a terminal, or lines on stdin (echoed)."""

    def __init__(self, *, to_stderr: bool) -> None:
        self.interactive = sys.stdin.isatty()
        self.out = sys.stderr if to_stderr else sys.stdout

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def error(self, text: str) -> None:
        self.out.flush()
        print(f"  ! {text}", file=sys.stderr if not self.interactive else self.out, flush=True)

    def read(self, prompt: str, *, hidden: bool = False) -> str | None:
        """One entry (stripped); ``None`` at the end of input (Ctrl-D)."""
        if self.interactive:
            try:
                if hidden:
                    return getpass.getpass(prompt, stream=self.out).strip()
                self.out.flush()
                if self.out is sys.stdout:
                    return input(prompt).strip()
                print(prompt, end="", file=self.out, flush=True)
                return input().strip()
            except EOFError:
                self.say()
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        entry = line.strip()
        self.say(f"{prompt}{'*' * len(entry) if hidden else entry}")
        return entry


def _pegs(black: int, white: int | None) -> str:
    text = f"{black} black"
    return text if white is None else f"{text}, {white} white"


def run(args: argparse.Namespace) -> int:
    from ..game import validate_colors

    validate_colors(args.colors)
    if args.distinct and args.colors < args.positions:
        raise CLIError(
            f"--colors must be >= --positions ({args.positions}) with --distinct, was {args.colors}"
        )
    console = _Console(to_stderr=args.json)
    game: dict[str, Any] = {}
    try:
        if args.mode == "break":
            status = _break(args, console, game)
        elif args.mode == "make":
            status = _make(args, console, game)
        else:
            status = _watch(args, console, game)
    except KeyboardInterrupt:
        console.say()
        console.say("game stopped (Ctrl-C)" + _secret_note(game))
        _emit_json(args, game)
        return 130
    _emit_json(args, game)
    return status


def _secret_note(game: dict[str, Any]) -> str:
    secret = game.get("secret")
    if game.get("mode") == "break" and secret is not None:
        return f"; the secret was {','.join(map(str, secret))}"
    return ""


def _emit_json(args: argparse.Namespace, game: dict[str, Any]) -> None:
    if args.json and game:
        print(json.dumps(game), flush=True)


# -- you break the code ----------------------------------------------------------------------
def _break(args: argparse.Namespace, console: _Console, game: dict[str, Any]) -> int:
    from ..playing import BreakerGame, EntryError

    play = BreakerGame(
        args.positions,
        args.colors,
        feedback=args.feedback,
        distinct=args.distinct,
        seed=args.seed,
    )
    n, k = args.positions, args.colors

    def record() -> None:
        game.clear()
        game.update({"mode": "break", **play.to_dict(), "hints": hints})

    hints = 0
    record()
    rules = "black and white pegs" if args.feedback == "black-white" else "black pegs"
    if args.distinct:
        rules += ", no colour repeats"
    console.say(
        f"I hold a secret of {n} positions, colours 0..{k - 1} ({rules}). "
        f"{play.remaining if play.remaining is not None else 'many'} codes are possible."
    )
    console.say(
        "Type a guess like " + ",".join(str(i % k) for i in range(n)) + "; "
        "'hint' asks a codebreaker, 'quit' stops."
    )
    while not play.solved:
        entry = console.read(f"guess {len(play.turns) + 1}: ")
        if entry is None or entry.lower() in QUIT_WORDS:
            console.say(f"stopped; the secret was {','.join(map(str, play.reveal()))}")
            return 0
        if entry.lower() == "hint":
            try:
                suggestion = play.hint()
            except ValueError as error:
                console.error(str(error))
                continue
            hints += 1
            record()
            console.say(f"  hint (consistent codebreaker): {','.join(map(str, suggestion))}")
            continue
        try:
            turn = play.guess(entry)
        except EntryError as error:
            console.error(str(error))
            continue
        record()
        if turn.black == n:
            left = "  -- that is the secret!"
        elif turn.remaining is None:
            left = ""
        else:
            left = f"  ({turn.remaining} {'code fits' if turn.remaining == 1 else 'codes fit'})"
        console.say(f"  {_pegs(turn.black, turn.white)}{left}")
    hinted = f" ({hints} {'hint' if hints == 1 else 'hints'})" if hints else ""
    console.say(f"Solved in {play.queries} guesses{hinted}.")
    console.say("For this secret:")
    rows = play.comparison()
    width = max(len(row["method"]) for row in rows)
    console.say(f"  {'you'.ljust(width)}  {play.queries} guesses")
    for row in rows:
        if row["kind"] == "classical":
            what = f"{row['queries']} guesses"
        else:
            what = f"{row['queries']} oracle queries + 1 final guess = {row['to_win']}"
        console.say(f"  {row['method'].ljust(width)}  {what}")
    record()
    game["comparison"] = rows
    return 0


# -- you make the code ----------------------------------------------------------------------
def _make(args: argparse.Namespace, console: _Console, game: dict[str, Any]) -> int:
    from ..playing import EntryError, HumanCodemaker, QuitGame, parse_answer_entry, turns_of
    from ..solving import method_info, play

    method = args.codebreaker
    method_info(method).check_game(args.feedback, args.distinct or method_info(method).distinct)
    n, k = args.positions, args.colors
    shape = "black,white pegs, e.g. 1,2" if args.feedback == "black-white" else "black pegs, e.g. 2"
    console.say(
        f"Think of a secret of {n} positions, colours 0..{k - 1}"
        + (", no colour repeats" if args.distinct else "")
        + f". The {method} codebreaker guesses; answer with {shape} ('quit' stops)."
    )

    def ask(guess: tuple[int, ...], number: int) -> Any:
        while True:
            entry = console.read(f"guess {number}: {','.join(map(str, guess))}  your answer: ")
            if entry is None or entry.lower() in QUIT_WORDS:
                raise QuitGame
            try:
                return parse_answer_entry(entry, n, args.feedback)
            except EntryError as error:
                console.error(str(error))

    def contradiction(problem: Any) -> None:
        console.error(f"{problem}: check your answers; answer this guess again")

    maker = HumanCodemaker(
        n,
        k,
        ask,
        feedback=args.feedback,
        distinct=args.distinct or method_info(method).distinct,
        on_contradiction=contradiction,
    )
    game.update({"mode": "make", "codebreaker": method})
    try:
        result = play(maker, method=method, seed=args.seed)
    except QuitGame:
        turns = turns_of(maker.transcript, args.feedback)
        game.update(
            {
                "secret": None,
                "guesses": [t.to_dict() for t in turns],
                "solved": False,
                "queries": maker.queries,
            }
        )
        console.say("stopped")
        return 0
    turns = turns_of(result.transcript, args.feedback)
    game.update(
        {
            "secret": list(result.secret),
            "guesses": [t.to_dict() for t in turns],
            "solved": result.solved,
            "queries": result.queries,
        }
    )
    found = ",".join(map(str, result.found))
    console.say(f"{method} found {found} in {result.queries} guesses.")
    return 0


# -- you watch a quantum codebreaker -------------------------------------------------------------
def _watch(args: argparse.Namespace, console: _Console, game: dict[str, Any]) -> int:
    from ..backends import execution_options
    from ..drawing import draw_text
    from ..playing import (
        EntryError,
        WatchedCodemaker,
        circuit_reading,
        histogram_lines,
        parse_code_entry,
    )
    from ..solving import check_request, play
    from .execution import start_simulation_worker

    n, k = args.positions, args.colors
    method = args.method or ("two-color" if k == 2 else "nonadaptive")
    check_request(method, n, k, backend=args.backend, shots=args.shots)
    console.say(
        f"Type a secret of {n} colours from 0..{k - 1} (hidden); the codemaker holds it and "
        f"the {method} codebreaker breaks it on {args.backend}."
    )
    while True:
        entry = console.read("secret: ", hidden=True)
        if entry is None or entry.lower() in QUIT_WORDS:
            console.say("stopped")
            return 0
        try:
            secret = parse_code_entry(entry, n, k, distinct=args.distinct, what="secret")
            break
        except EntryError as error:
            console.error(str(error))
    shown = [0]

    def start(circuits: Any) -> None:
        plural = "s" if len(circuits) > 1 else ""
        console.say(f"running {len(circuits)} circuit{plural} on {args.backend} ...")

    def report(circuits: Any, outcomes: Any) -> None:
        # They run in one batch; each is shown with its own measurement after the run.
        for circuit, outcome in zip(circuits, outcomes):
            shown[0] += 1
            box = "O_h" if "O_h" in circuit.count_ops() else "B_s"
            console.say(f"\ncircuit {shown[0]}: {circuit.name} ({box}: the codemaker's box)")
            console.say(draw_text(circuit))
            console.say(f"circuit {shown[0]} ({circuit.name}) measured:")
            for line in histogram_lines(outcome):
                console.say(f"  {line}")
            console.say(f"  reads: {circuit_reading(circuit, outcome, k)}")

    maker = WatchedCodemaker(secret, k, report, on_start=start, distinct=args.distinct)
    start_simulation_worker(args.backend)
    with execution_options(isolate=True):
        result = play(maker, method=method, backend=args.backend, shots=args.shots, seed=args.seed)
    found = ",".join(map(str, result.found))
    verdict = "right" if result.solved else "WRONG"
    console.say(f"\n{method} decoded {found} ({verdict}) with {result.queries} oracle queries.")
    game.update(
        {
            "mode": "watch",
            "method": method,
            "backend": args.backend,
            "secret": list(secret),
            "found": list(result.found),
            "guesses": [],
            "solved": result.solved,
            "queries": result.queries,
        }
    )
    return 0
