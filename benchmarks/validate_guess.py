"""Permutation codebreaker at n = k = 1000: guess validation and answers, before and after.

Issue 16: ``validate_guess`` took 3.9 of 5.1 profiled seconds (a Python step per
position: ``all(type(item) is int ...)``, a ``Counter`` per distinct guess) and the
black answer another second (``sum(map(int.__eq__, ...))``). Now a guess is checked
in C (``set(map(type, ...))``, ``min``, ``max``, ``len(set(...))``) and long codes are
answered with numpy.

"before" replays the old code (copied below, patched in); "after" is the package as
it is. Runs alternate (before, after, before, ...) so both see the same machine load;
the table gives the median of each.

Run: ``nice python benchmarks/validate_guess.py [repeats]``
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from mastermind_q import codemaker, game, solve


def _old_validate_code(
    code: Any, colors: Any = None, *, positions: Any = None, distinct: bool = False, name="code"
) -> tuple[int, ...]:
    """validate_code as it was (fast path with a Python step per position)."""
    items = tuple(code)
    k = None if colors is None else game.validate_colors(colors)
    if all(type(item) is int for item in items) and (
        min(items) >= 0 and (k is None or max(items) < k)
    ):
        result = items
    else:
        raise AssertionError("the benchmark only plays valid guesses")
    if positions is not None and len(result) != positions:
        raise ValueError(name)
    if distinct:
        repeated = sorted(color for color, count in Counter(result).items() if count > 1)
        if repeated:
            raise ValueError(name)
    return result


def _old_answer_black(self: Any, guess: tuple[int, ...]) -> int:
    return sum(map(int.__eq__, self._secret, guess))


def _play(secret: list[int]) -> tuple[float, int]:
    start = time.perf_counter()
    result = solve(secret, colors=len(secret), method="permutation")
    assert result.solved
    return time.perf_counter() - start, result.queries


def main(repeats: int = 5) -> None:
    n = 1000
    secret = list(range(n))
    random.Random(0).shuffle(secret)
    new_validate, new_answer = codemaker.validate_code, codemaker.Codemaker._answer_black
    times: dict[str, list[float]] = {"before": [], "after": []}
    queries = set()
    for _ in range(repeats):
        codemaker.validate_code = _old_validate_code
        codemaker.Codemaker._answer_black = _old_answer_black
        seconds, asked = _play(secret)
        times["before"].append(seconds)
        queries.add(asked)
        codemaker.validate_code = new_validate
        codemaker.Codemaker._answer_black = new_answer
        seconds, asked = _play(secret)
        times["after"].append(seconds)
        queries.add(asked)
    assert len(queries) == 1, queries  # the same game both ways
    before, after = (statistics.median(times[key]) for key in ("before", "after"))
    print(f"permutation, n = k = {n}, {queries.pop()} queries, {repeats} runs each, alternating")
    print("| code | median s | runs (s) |")
    print("|:---|---:|:---|")
    for key, median in (("before", before), ("after", after)):
        runs = ", ".join(f"{value:.2f}" for value in times[key])
        print(f"| {key} | {median:.2f} | {runs} |")
    print(f"speed-up {before / after:.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
