"""How often one solve validates its inputs: calls of the validators per built-in method.

Counts the calls of :func:`mastermind_q.game.validate_colors`, ``validate_positions``,
``validate_code`` and :func:`mastermind_q.backends.resolve_execution` during one game of
each built-in method, once through the Python API (``mastermind_q.solve``) and once
through the command line (``mastermind_q.cli.main.main(["solve", ...])``).

Calls are counted by code object with :func:`sys.setprofile` (and
:func:`threading.setprofile`): every call of the function counts, whichever module's
name for it the caller used (a ``from ..game import validate_colors`` at import time or
inside a function body), and nothing is patched. Imports are done before counting, by
a first game that is not counted.

Run: ``python benchmarks/validate_calls.py [METHOD ...]`` (default: every built-in).
"""

from __future__ import annotations

import contextlib
import io
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from types import CodeType, FrameType
from typing import Any

COUNTED = ("validate_colors", "validate_positions", "validate_code", "resolve_execution")
"""The functions counted, in the table's column order."""

GAMES: dict[str, tuple[tuple[int, ...], int]] = {
    "nonadaptive": ((2, 0, 3, 1, 3), 4),
    "triples": ((2, 0, 3, 1, 3), 4),
    "two-color": ((1, 0, 1, 1, 0), 2),
    "adaptive": ((2, 0, 3, 1, 3), 4),
    "hunziker-meyer": ((2, 0, 4), 5),
    "permutation": ((2, 0, 4, 1, 3), 5),
    "knuth": ((2, 0, 3), 4),
    "blackpeg": ((2, 0, 3, 1, 3), 4),
    "coin-weighing": ((2, 0, 3, 1, 3), 4),
    "random-consistent": ((2, 0, 3, 1, 3), 4),
    "optimal": ((2, 0, 1), 3),
    "static": ((2, 0, 3, 1, 3), 4),
    "consistent": ((2, 0, 3, 1, 3), 4),
}
"""The game each method plays (secret, k): n = 5, k = 4 where the method plays it."""


def counted_code() -> dict[CodeType, str]:
    """The code objects of the counted functions, by name."""
    from mastermind_q import backends, game

    functions: dict[str, Any] = {name: getattr(game, name, None) for name in COUNTED[:3]}
    functions["resolve_execution"] = backends.resolve_execution
    return {function.__code__: name for name, function in functions.items()}


@contextlib.contextmanager
def counting() -> Iterator[Counter[str]]:
    """Count calls of the :data:`COUNTED` functions in this block, in every thread."""
    codes = counted_code()
    counts: Counter[str] = Counter()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            name = codes.get(frame.f_code)
            if name is not None:
                counts[name] += 1

    previous = sys.getprofile()
    threading.setprofile(profile)  # type: ignore[arg-type]
    sys.setprofile(profile)
    try:
        yield counts
    finally:
        sys.setprofile(previous)
        threading.setprofile(None)  # type: ignore[arg-type]


def api_game(method: str) -> Callable[[], object]:
    """One game of ``method`` through :func:`mastermind_q.solve` (seed 1)."""
    from mastermind_q import solve

    secret, colors = GAMES[method]
    return lambda: solve(list(secret), colors=colors, method=method, seed=1)


def cli_game(method: str) -> Callable[[], object]:
    """One game of ``method`` through the command line (``solve ... --json``, seed 1)."""
    from mastermind_q.cli.main import main

    secret, colors = GAMES[method]
    argv = ["solve", "--method", method, "--colors", str(colors)]
    argv += ["--secret", ",".join(map(str, secret)), "--seed", "1", "--json"]

    def play() -> int:
        with contextlib.redirect_stdout(io.StringIO()):
            status = main(argv)
        if status != 0:
            raise RuntimeError(f"{' '.join(argv)} exited with {status}")
        return status

    return play


def calls(play: Callable[[], object]) -> Counter[str]:
    """The validator calls of one call of ``play`` (after a first, uncounted one)."""
    play()  # imports, caches
    with counting() as counts:
        play()
    return counts


def main(methods: list[str]) -> None:
    header = "| method | path | " + " | ".join(f"`{name}`" for name in COUNTED) + " |"
    print(header)
    print("|" + "---|" * (2 + len(COUNTED)))
    for method in methods:
        for path, game in (("solve()", api_game), ("CLI", cli_game)):
            counts = calls(game(method))
            cells = " | ".join(str(counts[name]) for name in COUNTED)
            print(f"| {method} | {path} | {cells} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or list(GAMES))
