"""Benchmark the adaptive ``coin-weighing`` codebreaker against ``blackpeg``.

For each ``n:k`` size, ``--samples`` random secrets (seeded, colours may repeat) are
solved by :func:`mastermind_q.classical.solve_coin_weighing`, each against a fresh
:class:`~mastermind_q.codemaker.Codemaker` (every query counted, the final guess
included). Prints a markdown table: mean and worst queries, the Jäger-Peczarski worst
case ``n ceil(log2 k) + k``, ``blackpeg`` on the same secrets where ``n`` is at most
``--blackpeg-max-n``, CPU seconds per game (the codebreaker and the codemaker's
answers together, one core) and the growth columns ``queries / n`` and
``log2 log2 n``.

With ``--bounds`` it prints, for each size, the mean against the information bounds
instead: ``queries / n``, ``queries / (n log2 n)``, the counting bound
``ceil(n log2 k / log2(n + 1))`` (every answer is one of ``n + 1`` values) and the mean
over it, and CPU seconds per game.

Usage::

    python benchmarks/coin_weighing.py                         # the default sizes
    python benchmarks/coin_weighing.py --sizes 64:64,256:256 --samples 10
    python benchmarks/coin_weighing.py --sizes 4096:4096 --blackpeg-max-n 0
    python benchmarks/coin_weighing.py --bounds                # n = k = 64 .. 4,096

Results: ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import math
import random
import time

DEFAULT_SIZES = (
    "64:64,256:256,1024:1024,4096:4096,64:8,256:8,1000:8,1024:8,4096:8,1024:2,1024:3,1024:4"
)


def _play(solver, secret: list[int], k: int) -> tuple[int, float]:
    from mastermind_q.codemaker import Codemaker

    maker = Codemaker(secret, k)
    start = time.process_time()
    found = solver(maker)
    seconds = time.process_time() - start
    if found != tuple(secret) or maker.transcript_record()[-1][1] != len(secret):
        raise AssertionError(f"{solver.__name__} did not solve a secret at n={len(secret)}")
    return maker.queries, seconds


BOUND_SIZES = "64:64,256:256,1024:1024,4096:4096"


def counting_bound(n: int, k: int) -> int:
    """``ceil(n log2 k / log2(n + 1))``: fewer adaptive queries cannot tell ``k^n`` secrets
    apart, every answer being one of ``n + 1`` values."""
    return math.ceil(n * math.log2(k) / math.log2(n + 1))


def _bounds_table(solver, sizes: list[tuple[int, int]], samples: int, seed: int) -> None:
    print(
        "| n | k | games | mean | worst | mean / n | mean / (n log2 n) | counting bound"
        " | mean / bound | CPU s/game |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n, k in sizes:
        rng = random.Random(seed * 1_000_003 + 1000 * n + k)
        games = [_play(solver, [rng.randrange(k) for _ in range(n)], k) for _ in range(samples)]
        queries = [count for count, _ in games]
        mean = sum(queries) / len(queries)
        seconds = sum(time for _, time in games) / len(games)
        bound = counting_bound(n, k)
        per_log = mean / (n * math.log2(n)) if n > 1 else float("nan")
        print(
            f"| {n:,} | {k:,} | {len(queries)} | {mean:,.1f} | {max(queries):,} "
            f"| {mean / n:.3f} | {per_log:.3f} | {bound:,} | {mean / bound:.2f} "
            f"| {seconds:.2f} |",
            flush=True,
        )


def _parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for item in text.split(","):
        n, _, k = item.partition(":")
        sizes.append((int(n), int(k)))
    return sizes


def main(argv: list[str] | None = None) -> None:
    from mastermind_q.classical import solve_blackpeg, solve_coin_weighing

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=DEFAULT_SIZES, help="n:k pairs, comma separated")
    parser.add_argument("--samples", type=int, default=10, help="random secrets per size")
    parser.add_argument("--seed", type=int, default=1, help="seed of the secrets")
    parser.add_argument("--blackpeg-max-n", type=int, default=1024, help="run blackpeg up to n")
    parser.add_argument(
        "--bounds",
        action="store_true",
        help="print the means against the counting bound (default sizes: n = k = 64..4096)",
    )
    options = parser.parse_args(argv)
    if options.bounds:
        sizes = options.sizes if options.sizes != DEFAULT_SIZES else BOUND_SIZES
        _bounds_table(solve_coin_weighing, _parse_sizes(sizes), options.samples, options.seed)
        return
    print(
        "| n | k | games | mean | worst | n ceil(log2 k) + k | blackpeg mean | CPU s/game"
        " | mean / n | log2 log2 n |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n, k in _parse_sizes(options.sizes):
        rng = random.Random(options.seed * 1_000_003 + 1000 * n + k)
        secrets = [[rng.randrange(k) for _ in range(n)] for _ in range(options.samples)]
        games = [_play(solve_coin_weighing, secret, k) for secret in secrets]
        queries = [count for count, _ in games]
        mean = sum(queries) / len(queries)
        seconds = sum(time for _, time in games) / len(games)
        bound = n * (k - 1).bit_length() + k
        if n <= options.blackpeg_max_n:
            theirs = [_play(solve_blackpeg, secret, k)[0] for secret in secrets]
            blackpeg = f"{sum(theirs) / len(theirs):,.1f}"
        else:
            blackpeg = "-"
        print(
            f"| {n:,} | {k:,} | {len(queries)} | {mean:,.1f} | {max(queries):,} | {bound:,} "
            f"| {blackpeg} | {seconds:.2f} | {mean / n:.2f} | {math.log2(math.log2(n)):.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
