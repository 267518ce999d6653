"""Benchmark: the classical ``static`` column of the README's Table 1, measured.

For each ``(n, k)``: ``--samples`` secrets drawn with
``numpy.random.default_rng((seed, n, k))`` (colours may repeat), each played with
``solve(secret, colors=k, method="static", seed=seed)`` (the seed draws the random
query set, the same set for every secret of a size), black pegs. Prints worst / mean
``queries`` (the committed set plus the final guess), whether the set is the exact
minimum or a random one, the games lost, and the seconds per size.

Usage::

    python benchmarks/static_table1.py                      # the README's five sizes
    python benchmarks/static_table1.py --sizes 4x4,8x8 --samples 5
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from mastermind_q import solve
from mastermind_q.classical.static import static_query_set

SIZES = "4x4,4x16,8x8,16x4,16x16"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=SIZES, help="NxK,... (default: %(default)s)")
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("| n | k | set | `static` worst / mean | lost | seconds |")
    print("|---:|---:|---|---:|---:|---:|")
    for size in args.sizes.split(","):
        n, k = (int(part) for part in size.split("x"))
        started = time.perf_counter()
        plan = static_query_set(n, k, seed=args.seed)
        # not default_rng(seed): that stream draws the random set, its first query
        # would be the first secret
        rng = np.random.default_rng((args.seed, n, k))
        counts, lost = [], 0
        for _ in range(args.samples):
            secret = tuple(int(c) for c in rng.integers(0, k, size=n))
            result = solve(secret, colors=k, method="static", seed=args.seed)
            counts.append(result.queries)
            lost += not result.solved
        seconds = time.perf_counter() - started
        kind = f"{plan.scheme}, {len(plan.queries)} queries"
        print(
            f"| {n} | {k} | {kind} | {max(counts)} / {statistics.fmean(counts):.2f} | "
            f"{lost} | {seconds:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
