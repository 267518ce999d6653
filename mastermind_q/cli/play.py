"""``mastermind-q play``: Mastermind in the terminal (game logic: :mod:`mastermind_q.playing`).

Three modes (``--mode``): ``break`` (default; you break the toolkit's secret), ``make``
(a classical codebreaker breaks yours; you answer) and ``watch`` (a quantum
codebreaker breaks your hidden secret; you see its circuits run). With no options it
is the board game: 4 positions, 6 colours, black and white pegs. When stdin is not a
terminal the entries are read one per line (guesses, answers or the secret), each
echoed with its answer (cut and with control characters escaped); a bad line, one
that is not UTF-8 text included, gets an error and the game goes on. ``quit``,
Ctrl-D, Ctrl-C and ``SIGTERM`` end the game cleanly (status 0, 0, 130 and 143); the
player's result is printed in every case. With ``--json`` the game's talk goes to
stderr and stdout gets one JSON object at the end.

Everything that can be refused (sizes, seed, codebreaker, backend) is refused before
the game starts, in one line with status 2. The codebreakers compared at the end of a
``break`` game run in the simulation worker (:mod:`mastermind_q.backends.worker`): one
that takes longer than ``--comparison-timeout`` seconds, or fails, gets a line saying
so, and Ctrl-C stops them at once.
"""

from __future__ import annotations

import argparse
import getpass
import json
import random
import re
import sys
from typing import Any

from ..codebreaker import check_game, colors_rule, plays_colors
from .arguments import (
    CLIError,
    integer,
    method_name,
    method_names,
    positive_int,
    subcommand,
)

QUIT_WORDS = ("quit", "exit", "q")
"""Entries that end the game."""
UNDO_WORDS = ("undo",)
"""Make mode: take back the previous answer."""
DEFAULT_POSITIONS = 4
DEFAULT_COLORS = 6
DEFAULT_FEEDBACK = "black-white"
"""The board game people know: 4 positions, 6 colours, black and white pegs."""
COMPARISON_TIMEOUT = 30.0
"""Seconds each codebreaker of a ``break`` game's comparison may take (default)."""
ECHO_CHARACTERS = 60
"""Longest piece of a piped entry echoed back."""
MAX_LINE_BYTES = 1 << 20
"""Longest piped line read as an entry (a longer one is skipped with an error; 10,000
positions of 6-digit colours take 70 kB)."""


def _seconds(text: str) -> float:
    """argparse type: a positive number of seconds (at most a day)."""
    if not re.fullmatch(r"[0-9]{1,6}(\.[0-9]{1,6})?", text.strip()):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, was {text[:40]!r}")
    value = float(text)
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"must be in (0, 86400] seconds, was {text[:40]!r}")
    return value


def _default_quantum(colors: int) -> str:
    """The first built-in non-adaptive quantum codebreaker that plays ``colors``."""
    from ..codebreaker import METHODS

    for name in METHODS.builtin_names("quantum"):
        breaker = METHODS[name]
        if breaker.setting == "non-adaptive" and plays_colors(breaker, colors):
            return name
    raise CLIError(f"no quantum codebreaker plays --colors {colors}")


def add_parser(subparsers: Any) -> None:
    classical = method_names("classical")
    quantum = method_names("quantum")
    parser = subcommand(
        subparsers,
        "play",
        help="play Mastermind: break a code, make one, or watch a quantum codebreaker",
        description=(
            "Play Mastermind in the terminal; with no options the board game: 4 positions, "
            "6 colours, black and white pegs. --mode break (default): the toolkit holds a "
            "random secret; type guesses like 0,2,1,3 and get pegs and the number of codes "
            "still consistent; 'hint' asks a classical codebreaker; at the end your count "
            "stands beside what optimal (small games), consistent, permutation (with "
            "--distinct) and the quantum codebreakers need for that secret. --mode make: "
            "think of a secret; a classical codebreaker (--codebreaker) guesses and you "
            "answer with pegs (2,1 with black-white feedback, 2 with black); an answer no "
            "code fits with the earlier ones is refused at once, naming a minimal set of "
            "answers that clash; 'undo' takes back your previous answer. --mode watch: type "
            "a secret (hidden); a quantum codebreaker (--method) breaks it; each batch of "
            "circuits runs, then each circuit is drawn followed by its measured outcomes. "
            "Entries are read one per line when stdin is not a terminal; 'quit', Ctrl-D or "
            "Ctrl-C end the game, and your result is printed."
        ),
        examples="""
            mastermind-q play
            mastermind-q play --positions 4 --colors 4 --distinct --feedback black --seed 3
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
    parser.add_argument(
        "--positions",
        type=positive_int,
        default=DEFAULT_POSITIONS,
        metavar="N",
        help=f"n (default {DEFAULT_POSITIONS})",
    )
    parser.add_argument(
        "--colors", type=integer, default=DEFAULT_COLORS, metavar="K", help="k (default 6)"
    )
    parser.add_argument(
        "--feedback",
        choices=("black", "black-white"),
        default=None,
        help="black and white pegs (default; in make mode the codebreaker's own when it "
        "plays black pegs only) or black pegs only; watch mode: the quantum codebreakers "
        "ask black-peg questions",
    )
    parser.add_argument(
        "--distinct", action="store_true", help="the permutation game: no colour repeats"
    )
    parser.add_argument(
        "--seed",
        type=integer,
        help="seed of the secret and the codebreakers, 0 <= seed < 2^63 (default: fresh)",
    )
    parser.add_argument(
        "--codebreaker",
        type=method_name("classical"),
        metavar="METHOD",
        help=f"make: the classical codebreaker ({', '.join(classical)}; default consistent)",
    )
    parser.add_argument(
        "--method",
        type=method_name("quantum"),
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
        "--comparison-timeout",
        type=_seconds,
        default=COMPARISON_TIMEOUT,
        metavar="SECONDS",
        help="break: seconds each codebreaker compared at the end may take (default 30); "
        "one that takes longer is stopped and its line says so",
    )
    parser.add_argument(
        "--json", action="store_true", help="talk on stderr, one JSON object on stdout at the end"
    )
    parser.set_defaults(handler=run)


def _plural(count: int, word: str, plural: str | None = None) -> str:
    """``1 guess``, ``2 guesses``, ``1 oracle query``, ``3 oracle queries``."""
    if count == 1:
        return f"{count} {word}"
    if plural is None:
        plural = (
            word[:-1] + "ies"
            if word.endswith("y")
            else word + "es"
            if word.endswith("s")
            else word + "s"
        )
    return f"{count} {plural}"


class _Console:
    """Reading entries and talking: a terminal, or lines on stdin (echoed)."""

    def __init__(self, *, to_stderr: bool) -> None:
        self.interactive = sys.stdin.isatty()
        self.out = sys.stderr if to_stderr else sys.stdout
        self.lines = 0

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def error(self, text: str) -> None:
        self.out.flush()
        print(f"  ! {text}", file=sys.stderr if not self.interactive else self.out, flush=True)

    def read(self, prompt: str, *, hidden: bool = False) -> str | None:
        """One entry (stripped); ``None`` at the end of input (Ctrl-D).

        A line that is not UTF-8 text, or longer than :data:`MAX_LINE_BYTES`, gets an
        error, and the next line is read.
        """
        while True:
            try:
                return self._read(prompt, hidden=hidden)
            except UnicodeDecodeError:
                self.error("that line is not UTF-8 text; type it again")
            except _LongLine:
                self.error(f"that line is longer than {MAX_LINE_BYTES} bytes; type it again")

    def _read(self, prompt: str, *, hidden: bool) -> str | None:
        if self.interactive:
            try:
                if hidden:
                    typed = getpass.getpass(prompt, stream=self.out)
                else:
                    self.out.flush()
                    if self.out is sys.stdout:
                        typed = input(prompt)
                    else:
                        print(prompt, end="", file=self.out, flush=True)
                        typed = input()
            except EOFError:
                self.say()
                return None
            if re.search("[\udc80-\udcff]", typed):  # undecodable bytes (surrogateescape)
                raise UnicodeDecodeError("utf-8", b"", 0, 1, "not UTF-8 text")
            return typed.strip()
        source = getattr(sys.stdin, "buffer", None)
        raw: bytes | str
        raw = source.readline(MAX_LINE_BYTES + 1) if source is not None else sys.stdin.readline()
        if not raw:
            return None
        self.lines += 1
        if source is not None and isinstance(raw, bytes) and len(raw) > MAX_LINE_BYTES:
            rest = raw
            while rest and not rest.endswith(b"\n"):  # skip the rest of the line
                rest = source.readline(MAX_LINE_BYTES)
            self.say(f"{prompt}(line {self.lines}: longer than {MAX_LINE_BYTES} bytes)")
            raise _LongLine
        try:
            line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError:
            self.say(f"{prompt}(line {self.lines}: not UTF-8 text)")
            raise
        entry = line.strip()
        if hidden:
            echo = "*" * min(len(entry), ECHO_CHARACTERS)
        else:
            from ..playing import shown

            echo = shown(entry, ECHO_CHARACTERS)
        self.say(f"{prompt}{echo}")
        return entry


class _LongLine(Exception):
    """A piped line longer than :data:`MAX_LINE_BYTES` (skipped)."""


def _pegs(black: int, white: int | None) -> str:
    text = f"{black} black"
    return text if white is None else f"{text}, {white} white"


def _check_streams() -> None:
    """Refuse a closed stdin or stdout (``<&-``, ``>&-``) in one line, before any work."""
    for name in ("stdin", "stdout"):
        if getattr(sys, name) is None:  # Python's stream for a descriptor closed at start
            what = "input" if name == "stdin" else "output"
            use = "the entries" if name == "stdin" else "the game"
            raise CLIError(f"standard {what} is closed; play needs it for {use}")


def run(args: argparse.Namespace) -> int:
    from ..game import validate_colors, validate_seed
    from .signals import interrupted_status

    _check_streams()
    validate_colors(args.colors)
    validate_seed(args.seed)
    if args.distinct and args.colors < args.positions:
        raise CLIError(
            f"--colors must be >= --positions ({args.positions}) with --distinct, was {args.colors}"
        )
    console = _Console(to_stderr=args.json)
    # What --json prints if the game is stopped before it starts.
    game: dict[str, Any] = {
        "mode": args.mode,
        "secret": None,
        "guesses": [],
        "solved": False,
        "queries": 0,
    }
    try:
        if args.mode == "break":
            status = _break(args, console, game)
        elif args.mode == "make":
            status = _make(args, console, game)
        else:
            status = _watch(args, console, game)
    except KeyboardInterrupt:
        status = interrupted_status()
        how = "Ctrl-C" if status == 130 else "terminated"
        try:
            console.say()
            console.say(f"game stopped ({how}){_secret_note(game)}")
        except KeyboardInterrupt:  # a second signal: still print the result
            pass
        _emit_json(args, game)
        return status
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

    feedback = args.feedback or DEFAULT_FEEDBACK
    play = BreakerGame(
        args.positions,
        args.colors,
        feedback=feedback,
        distinct=args.distinct,
        seed=args.seed,
    )
    n, k = args.positions, args.colors

    def record() -> None:
        comparison = game.get("comparison")
        game.clear()
        game.update({"mode": "break", **play.to_dict(), "hints": hints})
        if comparison is not None:
            game["comparison"] = comparison

    hints = 0
    record()
    rules = "black and white pegs" if feedback == "black-white" else "black pegs"
    if args.distinct:
        rules += ", no colour repeats"
    from ..playing import MAX_COUNTED_CODES

    possible = play.remaining if play.remaining is not None else f"More than {MAX_COUNTED_CODES}"
    console.say(
        f"I hold a secret of {n} positions, colours 0..{k - 1} ({rules}). "
        f"{possible} codes are possible."
    )
    example = ",".join(str(i % k) for i in range(min(n, 8))) + (",..." if n > 8 else "")
    console.say(f"Type a guess like {example}; 'hint' asks a codebreaker, 'quit' stops.")
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
    hinted = f" ({_plural(hints, 'hint')})" if hints else ""
    console.say(f"Solved in {_plural(play.queries, 'guess')}{hinted}.")
    _compare(args, console, game, play)
    return 0


def _compare(args: argparse.Namespace, console: _Console, game: dict[str, Any], play: Any) -> None:
    """The end of a won game: each codebreaker for the same secret, one line each as it
    finishes, in the simulation worker (stopped after ``--comparison-timeout``)."""
    from ..backends import ExecutionOptions
    from ..backends.worker import run_simulation
    from ..playing import failed_row
    from ..solving import method_info

    methods, left_out = play.comparison_plan()
    width = max(len(name) for name in ["you", *methods, *left_out])
    rows: list[dict[str, Any]] = []
    game["comparison"] = rows
    console.say("For this secret:")
    console.say(f"  {'you'.ljust(width)}  {_plural(play.queries, 'guess')}")
    limit = args.comparison_timeout

    class TimedOut(Exception):
        pass

    def watch(event: Any) -> None:
        if getattr(event, "seconds", 0.0) > limit:
            raise TimedOut

    options = ExecutionOptions(isolate=True, progress=watch)
    for method in methods:
        kind = method_info(method).kind
        try:
            row = run_simulation(
                _comparison_row,
                play.reveal(),
                play.num_colors,
                method,
                play.feedback,
                play.distinct,
                options=options,
                label=method,
                announce=False,
            )
        except TimedOut:
            row = failed_row(method, kind, f"not finished within {limit:g} s (stopped)")
        except Exception as error:  # a failing codebreaker must not lose the game
            from ..playing import shown

            row = failed_row(method, kind, f"failed: {shown(str(error), 200)}")
        rows.append(row)
        console.say(f"  {method.ljust(width)}  {_comparison_text(row)}")
    for method, reason in left_out.items():
        row = failed_row(method, method_info(method).kind, reason)
        rows.append(row)
        console.say(f"  {method.ljust(width)}  {reason}")


def _comparison_row(
    secret: tuple[int, ...],
    colors: int,
    method: str,
    feedback: str,
    distinct: bool,
    *,
    notify: Any = None,
) -> dict[str, Any]:
    """:func:`mastermind_q.playing.comparison_row`, as the simulation worker calls it."""
    from ..playing import comparison_row

    return comparison_row(secret, colors, method, feedback=feedback, distinct=distinct)


def _comparison_text(row: dict[str, Any]) -> str:
    if row["queries"] is None:
        return str(row["note"])
    if row["kind"] == "classical":
        what = _plural(row["queries"], "guess")
    else:
        what = f"{_plural(row['queries'], 'oracle query')} + 1 final guess = {row['to_win']}"
    if not row["solved"]:
        what += " (did not find the secret)"
    return f"{what}; {row['note']}" if row["note"] else what


# -- you make the code ----------------------------------------------------------------------
def _make(args: argparse.Namespace, console: _Console, game: dict[str, Any]) -> int:
    from ..playing import (
        MAKE_CODEBREAKER,
        EntryError,
        HumanCodemaker,
        QuitGame,
        UndoAnswer,
        parse_answer_entry,
        turns_of,
    )
    from ..solving import check_request, method_info, play

    method = args.codebreaker or MAKE_CODEBREAKER
    info = method_info(method)
    feedback = args.feedback or (
        DEFAULT_FEEDBACK if DEFAULT_FEEDBACK in info.feedbacks else info.feedbacks[0]
    )
    distinct = args.distinct or info.distinct
    try:
        check_game(info, feedback, distinct)
    except ValueError as error:
        text = re.sub(r"^method '([^']*)'", r"--codebreaker \1", str(error))
        text = text.replace("distinct=True", "--distinct").replace(
            "distinct=False", "no --distinct"
        )
        raise CLIError(text) from None
    n, k = args.positions, args.colors
    check_request(method, n, k, distinct=distinct, feedback=feedback)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    shape = "black,white pegs, e.g. 1,2" if feedback == "black-white" else "black pegs, e.g. 2"
    maker: Any = None

    def ask(guess: tuple[int, ...], number: int) -> Any:
        while True:
            entry = console.read(f"guess {number}: {','.join(map(str, guess))}  your answer: ")
            if entry is None or entry.lower() in QUIT_WORDS:
                raise QuitGame
            if entry.lower() in UNDO_WORDS:
                if number == 1:
                    console.error("no answer to take back yet")
                    continue
                raise UndoAnswer
            try:
                return parse_answer_entry(entry, n, feedback)
            except EntryError as error:
                console.error(str(error))

    def contradiction(problem: Any) -> None:
        console.error(
            f"{problem}: check your answers; answer this guess again, or 'undo' the previous answer"
        )

    def new_maker(answers: list[Any]) -> Any:
        return HumanCodemaker(
            n,
            k,
            ask,
            feedback=feedback,
            distinct=distinct,
            on_contradiction=contradiction,
            answers=answers,
        )

    def record(result: Any = None) -> None:
        transcript = result.transcript if result is not None else maker.transcript
        turns = turns_of(transcript, feedback)
        game.update(
            {
                "secret": list(result.secret) if result is not None else None,
                "guesses": [t.to_dict() for t in turns],
                "solved": bool(result.solved) if result is not None else False,
                "queries": result.queries if result is not None else maker.queries,
            }
        )

    maker = new_maker([])  # the code space is built (and sizes checked) before the talk
    console.say(
        f"Think of a secret of {n} positions, colours 0..{k - 1}"
        + (", no colour repeats" if distinct else "")
        + f". The {method} codebreaker guesses; answer with {shape} "
        "('undo' takes back your previous answer, 'quit' stops)."
    )
    game.update({"mode": "make", "codebreaker": method, "feedback": feedback})
    record()
    while True:
        try:
            result = play(maker, method=method, seed=seed)
            break
        except QuitGame:
            record()
            console.say("stopped")
            return 0
        except UndoAnswer:
            kept = maker.answers[:-1]
            console.say(f"  took back answer {len(kept) + 1}")
            maker = new_maker(kept)
        except KeyboardInterrupt:
            record()
            raise
    record(result)
    found = ",".join(map(str, result.found))
    console.say(f"{method} found {found} in {_plural(result.queries, 'guess')}.")
    return 0


# -- you watch a quantum codebreaker -------------------------------------------------------------
def _check_backend(name: str) -> None:
    from ..backends import validate_backend_name

    validate_backend_name(name)
    if name.startswith("ibm:"):
        raise CLIError(
            f"--backend {name}: watch mode runs on a simulator (aer, aer-statevector, aer-mps) "
            "or fake:NAME"
        )
    if name.startswith("fake:"):
        from ..backends import fake_backend

        fake_backend(name)


def _watch(args: argparse.Namespace, console: _Console, game: dict[str, Any]) -> int:
    from ..backends import Execution, ExecutionOptions
    from ..circuits.stages import box_legend
    from ..drawing import draw_text, open_groups
    from ..playing import (
        EntryError,
        WatchedCodemaker,
        circuit_reading,
        circuit_title,
        histogram_lines,
        parse_code_entry,
        quantum_applies,
    )
    from ..solving import check_request, method_info, play
    from .execution import start_simulation_worker

    n, k = args.positions, args.colors
    method = args.method or _default_quantum(k)
    # Everything that can be refused is refused before the secret is typed.
    _check_backend(args.backend)
    try:
        check_game(method_info(method), "black", args.distinct)
    except ValueError as error:
        raise CLIError(str(error).replace("distinct=True", "--distinct")) from None
    check_request(method, n, k, backend=args.backend, shots=args.shots)
    if not quantum_applies(method, k):
        needs = colors_rule(method_info(method)).removeprefix("== ")
        raise CLIError(f"--method {method} needs --colors {needs}, was {k}")
    game.update(
        {
            "mode": "watch",
            "method": method,
            "backend": args.backend,
            "secret": None,
            "found": None,
            "guesses": [],
            "solved": False,
            "queries": 0,
        }
    )
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
    game["secret"] = list(secret)
    shown = [0]
    maker: Any = None

    def start(circuits: Any) -> None:
        console.say(f"running {_plural(len(circuits), 'circuit')} on {args.backend} ...")

    def report(circuits: Any, outcomes: Any) -> None:
        game["queries"] = maker.queries
        # They run in one batch; each is shown with its own measurement after the run.
        for circuit, outcome in zip(circuits, outcomes):
            shown[0] += 1
            box = "O_h" if "O_h" in circuit.count_ops() else "B_s"
            title = circuit_title(circuit)
            console.say(f"\ncircuit {shown[0]}: {title} ({box}: the codemaker's box)")
            console.say(draw_text(circuit))
            console.say("boxes: " + "; ".join(box_legend(open_groups(circuit))))
            console.say(f"circuit {shown[0]} ({title.split(' (')[0]}) measured:")
            for line in histogram_lines(outcome):
                console.say(f"  {line}")
            console.say(f"  reads: {circuit_reading(circuit, outcome, k)}")

    maker = WatchedCodemaker(secret, k, report, on_start=start, distinct=args.distinct)
    record = Execution(
        args.backend, args.shots, args.seed, ExecutionOptions(isolate=True)
    )  # Ctrl-C stops a simulation at once
    start_simulation_worker(args.backend)
    try:
        result = play(maker, method=method, execution=record)
    finally:
        game["queries"] = maker.queries
    found = ",".join(map(str, result.found))
    verdict = "right" if result.solved else "WRONG"
    console.say(
        f"\n{method} decoded {found} ({verdict}) with {_plural(result.queries, 'oracle query')}."
    )
    game.update(
        {
            "found": list(result.found),
            "solved": result.solved,
            "queries": result.queries,
        }
    )
    return 0
