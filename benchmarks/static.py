"""Static (non-adaptive) Mastermind: the exact frontier of static_minimum and random sets.

Prints, per game, the exact minimum and the seconds ``static_minimum`` took on a cold
disk cache (the values at ``n - 1`` that the black-peg search starts from are computed
first and counted in their own rows), then the failure rate of random query sets
(decoding not unique for the played secret).

    python benchmarks/static.py                   # the default frontier and rates
    python benchmarks/static.py --hypercube 10 --two-positions 10 --games 200

The schemes beyond the exact minimum (coin weighing, colour designs, random sets with
the peeling decoder) at n = 64..4096: ``python benchmarks/static_schemes.py``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

import numpy as np


def _exact(rows: list[tuple[int, int, str]]) -> None:
    from mastermind_q.classical.static import static_minimum

    print("| game | n | k | feedback | minimum | seconds |")
    print("|---|---:|---:|---|---:|---:|")
    for n, k, feedback in rows:
        family = (
            "hypercube"
            if k == 2 and feedback == "black"
            else ("two positions" if n == 2 and feedback == "black" else "other")
        )
        started = time.perf_counter()
        value = static_minimum(n, k, feedback=feedback)
        seconds = time.perf_counter() - started
        print(f"| {family} | {n} | {k} | {feedback} | {value} | {seconds:.2f} |", flush=True)


def _random(sizes: list[tuple[int, int]], games: int) -> None:
    from mastermind_q.classical.static import decode_static, random_query_count, random_query_set
    from mastermind_q.game import black

    print()
    print("| n | k | random queries | games | not unique | rate | seconds/game |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n, k in sizes:
        rng = np.random.default_rng(12345)
        failures = 0
        started = time.perf_counter()
        for game in range(games):
            queries = random_query_set(n, k, seed=game)
            secret = tuple(int(c) for c in rng.integers(0, k, n))
            answers = [(black(secret, q), 0) for q in queries]
            failures += len(decode_static(queries, answers, n, k)) != 1
        per_game = (time.perf_counter() - started) / games
        print(
            f"| {n} | {k} | {random_query_count(n, k)} | {games} | {failures} | "
            f"{failures / games:.3f} | {per_game:.3f} |",
            flush=True,
        )


def _hunziker_meyer() -> None:
    import mastermind_q as mq
    from mastermind_q.circuits.hunziker_meyer import (
        hunziker_meyer_success_probability,
        theorem4_table,
    )

    print()
    print("| n | k | T | p (aer-statevector) | sin^2((2T+1) theta)^n | difference |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n in range(1, 5):
        for k in range(5, 9):
            secret = tuple((3 * i + 2) % k for i in range(n))
            result = mq.solve(secret, colors=k, method="hunziker-meyer", backend="aer-statevector")
            formula = hunziker_meyer_success_probability(n, k)
            print(
                f"| {n} | {k} | {result.queries} | {result.success_probability:.9f} | "
                f"{formula:.9f} | {abs(result.success_probability - formula):.1e} |"
            )
    print()
    print("| k | eps | n = floor(-k ln(1/2 + eps)) | T | p | p >= 1/2 + eps |")
    print("|---:|---:|---:|---:|---:|:---:|")
    for row in theorem4_table(colors=(5, 8, 16, 32, 64, 256), epsilons=(0.05, 0.1, 0.25, 0.4)):
        print(
            f"| {row['k']} | {row['eps']} | {row['n']} | {row['T']} | {row['p']:.4f} | "
            f"{'yes' if row['holds'] else 'no'} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hypercube", type=int, default=10, help="largest n at k = 2")
    parser.add_argument("--two-positions", type=int, default=9, help="largest k at n = 2")
    parser.add_argument("--games", type=int, default=100, help="games per random-set size")
    parser.add_argument("--skip-exact", action="store_true")
    parser.add_argument("--skip-random", action="store_true")
    parser.add_argument(
        "--hunziker-meyer", action="store_true", help="also Algorithm 5's probabilities"
    )
    args = parser.parse_args()
    os.environ["MASTERMIND_Q_CACHE_DIR"] = tempfile.mkdtemp(prefix="static-bench-")
    os.environ.setdefault("MASTERMIND_Q_MAX_STATIC_OTHER_CODES", "1024")
    if not args.skip_exact:
        rows = [(n, 2, "black") for n in range(1, args.hypercube + 1)]
        rows += [(2, k, "black") for k in range(3, args.two_positions + 1)]
        rows += [(3, 3, "black"), (4, 3, "black"), (3, 4, "black")]
        rows += [(2, k, "black-white") for k in range(2, 7)]
        rows += [(n, 2, "black-white") for n in range(3, 7)]
        rows += [(3, 3, "black-white"), (4, 3, "black-white"), (3, 4, "black-white")]
        _exact(rows)
    if not args.skip_random:
        sizes = [(4, 8), (6, 8), (10, 8), (16, 8)]  # random sets play 2k >= n only
        sizes += [(3, 16), (6, 16), (10, 16), (8, 32)]
        _random(sizes, args.games)
    if args.hunziker_meyer:
        _hunziker_meyer()


if __name__ == "__main__":
    main()
