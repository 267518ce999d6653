"""Classical play with few colours: mean and worst counts of ``coin-weighing`` (which
plays the few-colours stages where their cost (expected, for a sparse design) is below the tree's,
``coin_weighing.choose_play``) against the counting bound.

Usage: ``python benchmarks/few_colors.py [--colors 4,8,16] [--positions 256,...]
[--games 10]``. Secrets: ``numpy.random.default_rng((seed, n, k))``, seeds ``0..games-1``.
Columns: ``n``, ``k``, the play chosen, mean and worst guesses (final guess included),
mean / n, the counting bound ``ceil(n log2 k / log2(n + 1))``, the mean guesses that
repaired ambiguous reads of the sparse designs (counted in the mean), CPU seconds per game
(``time.process_time`` of the play alone, the choice of play included; materialising
the codemaker's transcript for the check that its length is the count charged is left
out, it costs more than the play at ``n = 16,384``).
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from mastermind_q.classical import few_colors
from mastermind_q.classical.coin_weighing import choose_play, solve_coin_weighing
from mastermind_q.codemaker import Codemaker

_REPAIRS = [0]
"""Guesses asked by the repairs of ambiguous reads (``few_colors._Repair``), counted."""


def _counting_repairs() -> None:
    """Count the repair guesses: wrap ``few_colors._Repair.ask`` (its ``queries``)."""
    ask = few_colors._Repair.ask

    def counted(self: few_colors._Repair, *questions: list) -> list[int]:
        before = self.queries
        try:
            return ask(self, *questions)
        finally:
            _REPAIRS[0] += self.queries - before

    few_colors._Repair.ask = counted  # type: ignore[method-assign]


def _ints(text: str) -> list[int]:
    return [int(part) for part in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--colors", type=_ints, default=[4, 8, 16])
    parser.add_argument("--positions", type=_ints, default=[256, 1024, 4096, 16384])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    _counting_repairs()
    print("| n | k | play | mean | worst | mean / n | counting bound | repairs | s / game |")
    print("|---|---|---|---|---|---|---|---|---|")
    for k in args.colors:
        for n in args.positions:
            counts, plays = [], set()
            seconds = 0.0
            _REPAIRS[0] = 0
            for seed in range(args.games):
                secret = np.random.default_rng((seed, n, k)).integers(0, k, n)
                maker = Codemaker(secret.tolist(), k)
                start = time.process_time()  # the play alone, not the checks below
                found = solve_coin_weighing(maker)
                seconds += time.process_time() - start
                assert found == tuple(secret.tolist())
                assert maker.queries == len(maker.transcript)
                counts.append(maker.queries)
                present = {int(c): int(v) for c, v in enumerate(np.bincount(secret)) if v}
                plays.add(choose_play(n, k, present))
            seconds /= args.games
            bound = math.ceil(n * math.log2(k) / math.log2(n + 1))
            mean = sum(counts) / len(counts)
            print(
                f"| {n} | {k} | {', '.join(sorted(plays))} | {mean:.1f} | {max(counts)} | "
                f"{mean / n:.3f} | {bound} | {_REPAIRS[0] / args.games:.1f} | {seconds:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
