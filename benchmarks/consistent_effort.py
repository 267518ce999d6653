"""CP-SAT deterministic time of ``consistent`` games, against its cost model.

Usage: ``python benchmarks/consistent_effort.py [--sizes 8x8,16x8,...] [--games 3]
[--effort 3000]``. Secrets ``numpy.random.default_rng((seed, n, k))``, codebreaker seed
``seed``, black pegs with repetition; per game: won or stopped (``effort`` spent),
guesses, the deterministic time spent (load-independent) and the CPU seconds (not).
The refusal by the cost model is switched off here, to measure beyond it.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import mastermind_q.classical.consistent as consistent
from mastermind_q.codemaker import Codemaker


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8x8,12x12,16x16,20x20,24x24,10x8,14x8,16x8,20x8,24x8")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--effort", type=float, default=3000.0)
    args = parser.parse_args()
    models: list = []
    build = consistent._Model.__init__

    def keep(self, *given, **options):  # the game's model, to read what it spent
        build(self, *given, **options)
        models.append(self)

    consistent._Model.__init__ = keep  # type: ignore[method-assign]
    consistent.check_effort = lambda *given: None  # measure beyond the model's refusal
    print("| n | k | seed | outcome | guesses | deterministic time | model | CPU s |")
    print("|---:|---:|---:|---|---:|---:|---:|---:|")
    for size in args.sizes.split(","):
        n, k = map(int, size.split("x"))
        for seed in range(args.games):
            secret = np.random.default_rng((seed, n, k)).integers(0, k, n).tolist()
            maker = Codemaker(secret, k)
            start = time.process_time()
            try:
                consistent.solve_consistent(maker, seed=seed, effort=args.effort)
                outcome = "won"
            except consistent.ConsistentTimeout:
                outcome = "stopped"
            seconds = time.process_time() - start
            model = consistent.consistent_effort(n, k)
            print(
                f"| {n} | {k} | {seed} | {outcome} | {maker.queries} | "
                f"{models[-1].effort:.3f} | {model:.3f} | {seconds:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
