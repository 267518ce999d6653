"""``coin-weighing``'s choice of play against each play alone, on the same secrets.

Usage: ``python benchmarks/coin_weighing_plays.py``. Prints two tables: the mean over
every secret of small games (``coin-weighing``, and the interval tree alone), and
skewed secrets (a few positions of rare colours in one dominant colour; positions
drawn by ``numpy.random.default_rng((0, n, k, rare))``) played by the tree alone, by
the few-colours stages alone and by ``coin-weighing``. Guesses to win, the colour
counts and the final guess included; every game won and its count the codemaker's.
"""

from __future__ import annotations

import itertools

import numpy as np

import mastermind_q.classical.coin_weighing as coin_weighing
from mastermind_q.codemaker import Codemaker


def guesses(secret: list[int], colors: int, play: str | None = None) -> int:
    """The codemaker's count of one game, the play forced when ``play`` is given."""
    chosen = coin_weighing._choose_play
    if play is not None:
        coin_weighing._choose_play = lambda *args: play  # type: ignore[assignment]
    try:
        maker = Codemaker(secret, colors)
        assert coin_weighing.solve_coin_weighing(maker) == tuple(secret)
        assert maker.queries == len(maker.transcript)
    finally:
        coin_weighing._choose_play = chosen
    return maker.queries


def skewed(n: int, k: int, rare: int, colours: tuple[int, ...]) -> list[int]:
    rng = np.random.default_rng((0, n, k, rare))
    secret = [k - 1] * n
    for index, position in enumerate(rng.choice(n, rare, replace=False).tolist()):
        secret[position] = colours[index % len(colours)]
    return secret


def main() -> None:
    print("| n | k | coin-weighing mean | tree alone mean | secrets above the tree |")
    print("|---:|---:|---:|---:|---:|")
    for n, k in ((4, 4), (4, 6), (6, 4), (5, 3), (6, 2), (8, 2)):
        ours, tree = [], []
        for secret in itertools.product(range(k), repeat=n):
            ours.append(guesses(list(secret), k))
            tree.append(guesses(list(secret), k, "tree"))
        above = sum(a > b for a, b in zip(ours, tree))
        print(f"| {n} | {k} | {np.mean(ours):.2f} | {np.mean(tree):.2f} | {above} |", flush=True)
    print()
    print("| secret | n | k | tree alone | few colours alone | coin-weighing |")
    print("|---|---:|---:|---:|---:|---:|")
    for n, k, rare, colours in (
        (1024, 8, 1, (3,)),
        (16384, 8, 3, (3,)),
        (1024, 2, 2, (0,)),
        (4096, 8, 6, (0, 1, 2)),
        (4096, 8, 64, (0, 1, 2)),
        (4096, 8, 512, (0, 1, 2)),
        (4096, 8, 1024, (0, 1, 2, 3, 4, 5)),
    ):
        secret = skewed(n, k, rare, colours)
        shown = ", ".join(map(str, colours))
        label = f"{rare} of colours {shown}, the rest {k - 1}"
        row = [guesses(secret, k, "tree"), guesses(secret, k, "few colours"), guesses(secret, k)]
        print(f"| {label} | {n:,} | {k} | {row[0]:,} | {row[1]:,} | {row[2]:,} |", flush=True)


if __name__ == "__main__":
    main()
