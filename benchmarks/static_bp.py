"""Belief-propagation thresholds of the static random and balanced query sets.

For each ``(n, k)`` and each scheme (``random``: uniform codes, ``balanced``: codes with
balanced colours), decodes ``--games`` seeded secrets with
:func:`mastermind_q.classical.static_bp.decode_bp` (the decoder alone, no codemaker) at
query counts ``F x`` the entropy bound ``n log2 k / H(Binomial(n, 1/k))``, for each
factor ``F`` of ``--factors``, and prints the games won, the games where a code other
than the secret reproduced every answer (``second code``), the games not decoded and
the mean decode seconds. The schemes' query counts
(:func:`~mastermind_q.classical.static_schemes.bp_query_count`) are set from these
thresholds (``benchmarks/RESULTS.md``, "Belief propagation for static play").

    python benchmarks/static_bp.py --sizes 64x64,256x256,256x16 --games 20
    python benchmarks/static_bp.py --sizes 1024x1024 --games 10 --factors 1.5,1.6,1.7
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="64x64,256x256,256x16,64x16")
    parser.add_argument("--schemes", default="random,balanced")
    parser.add_argument("--factors", default="1.2,1.4,1.6,1.8,2.0,2.4")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    from mastermind_q.classical.static_bp import decode_bp
    from mastermind_q.classical.static_schemes import (
        balanced_queries,
        entropy_bound,
        random_queries,
    )

    makers = {"random": random_queries, "balanced": balanced_queries}
    print(
        "| n | k | scheme | F | queries | / (n log2 n) | games | won | second code |"
        " not decoded | s / decode |"
    )
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size in args.sizes.split(","):
        n, k = (int(part) for part in size.split("x"))
        bound = entropy_bound(n, k)
        for scheme in args.schemes.split(","):
            for factor in (float(f) for f in args.factors.split(",")):
                count = math.ceil(factor * bound)
                won = second = undecoded = 0
                seconds = 0.0
                for game in range(args.games):
                    rng = np.random.default_rng((7, n, k, game))
                    secret = rng.integers(0, k, size=n)
                    queries = makers[scheme](n, k, count, game)
                    blacks = np.count_nonzero(queries == secret[None, :], axis=1)
                    started = time.perf_counter()
                    code, reproduces = decode_bp(queries, blacks, k)
                    seconds += time.perf_counter() - started
                    if not reproduces:
                        undecoded += 1
                    elif np.array_equal(code, secret):
                        won += 1
                    else:
                        second += 1
                per = count / (n * math.log2(n))
                print(
                    f"| {n} | {k} | {scheme} | {factor:.2f} | {count} | {per:.2f} | "
                    f"{args.games} | {won} | {second} | {undecoded} | "
                    f"{seconds / max(args.games, 1):.3f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
