"""Static play at any size: queries, games won and time per game of each static scheme.

For ``n`` in 64, 256, 1,024, 4,096 and ``k`` in 2, 8 and ``n``, plays ``--games``
random secrets with ``solve(secret, colors=k, method="static", seed=i)`` (the scheme
``static`` picks: coin weighing at ``k = 2``, colour designs or balanced sets at ``k =
8``, balanced sets at ``k = n``) and prints the queries before the final guess, the
entropy bound ``n log2 k / H(Binomial(n, 1/k))`` beside it, the games won and the mean
seconds per game (one process, the whole solve: building the set, the codemaker's
answers and the decoding). Sizes beyond the static limits print the one-line refusal.
``--threshold`` adds the success rate of the random scheme's decoder (belief
propagation) against the number of queries at ``n = k = 256``.

    python benchmarks/static_schemes.py                       # 10 games per size
    python benchmarks/static_schemes.py --games 20 --sizes 64,256 --colors 2,n
    python benchmarks/static_schemes.py --threshold --games 0
    python benchmarks/static_schemes.py --games 0 --success 200 --success-sizes 64,256

``--success GAMES`` decodes that many random games of the random scheme at ``n = k``
with the decoder alone (no codemaker), counting games won, games where a code other
than the secret reproduced every answer, and games not decoded.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np


def _schemes(sizes: list[int], colours: list[str], games: int) -> None:
    import mastermind_q as mq
    from mastermind_q.classical.static import static_query_count, static_scheme
    from mastermind_q.classical.static_schemes import entropy_bound
    from mastermind_q.solving import check_request

    print(
        "| n | k | scheme | queries before the guess | count | entropy bound | / bound |"
        " games | won | s / game |"
    )
    print("|---:|---:|---|---:|---|---:|---:|---:|---:|---:|")
    for n in sizes:
        for text in colours:
            k = n if text == "n" else int(text)
            try:
                check_request("static", n, k)
            except ValueError as error:
                print(f"| {n} | {k} | - | - | refused: {error} | - | - | - | - | - |", flush=True)
                continue
            scheme = static_scheme(n, k)
            count = static_query_count(n, k)
            bound = {
                "coin-weighing": "m_L(n) + 1",
                "colour-designs": "(k - 1) m_L(n) + 1",
                "random": f"{count / (n * math.log2(n)):.2f} n log2 n",
                "balanced": f"{count / (n * math.log2(n)):.2f} n log2 n",
            }.get(scheme, "-")
            information = entropy_bound(n, k)
            rng = np.random.default_rng((0, n, k))
            won, seconds = 0, 0.0
            for index in range(games):
                secret = tuple(int(c) for c in rng.integers(0, k, n))
                started = time.perf_counter()
                result = mq.solve(secret, colors=k, method="static", seed=index)
                seconds += time.perf_counter() - started
                won += result.solved
            print(
                f"| {n} | {k} | {scheme} | {count} | {bound} | {information:.0f} | "
                f"{count / information:.2f} | {games} | {won} | "
                f"{seconds / max(games, 1):.2f} |",
                flush=True,
            )


def _threshold(games: int) -> None:
    from mastermind_q.classical.static_schemes import decode_random, random_queries

    n = k = 256
    print()
    print("| n = k | queries / (n log2 n) | queries | decoded (of games) |")
    print("|---:|---:|---:|---:|")
    for factor in (1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.88):
        count = math.ceil(factor * n * math.log2(n))
        decoded = 0
        for index in range(games):
            rng = np.random.default_rng((1, index))
            secret = rng.integers(0, k, n)
            queries = random_queries(n, k, count, index)
            code, reproduces = decode_random(queries, (queries == secret).sum(axis=1), k)
            decoded += reproduces and bool(np.array_equal(code, secret))
        print(f"| {n} | {factor} | {count} | {decoded} / {games} |", flush=True)


def _success(sizes: list[int], games: int) -> None:
    from mastermind_q.classical.static_schemes import (
        decode_random,
        random_queries,
        random_query_count,
    )

    print()
    print(
        "| n = k | queries | / (n log2 n) | games | won | reproduced, not the secret | "
        "not decoded | decoding s / game |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        count = random_query_count(n, n)
        won = wrong = failed = 0
        seconds = 0.0
        for index in range(games):
            rng = np.random.default_rng((2, n, index))
            secret = rng.integers(0, n, n)
            queries = random_queries(n, n, count, index)
            blacks = (queries == secret).sum(axis=1)
            started = time.perf_counter()
            code, reproduces = decode_random(queries, blacks, n)
            seconds += time.perf_counter() - started
            if reproduces and np.array_equal(code, secret):
                won += 1
            elif reproduces:
                wrong += 1
            else:
                failed += 1
        print(
            f"| {n} | {count} | {count / (n * math.log2(n)):.2f} | {games} | {won} | {wrong} | "
            f"{failed} | {seconds / games:.2f} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="64,256,1024,4096", help="values of n")
    parser.add_argument("--colors", default="2,8,n", help="values of k (n: the diagonal)")
    parser.add_argument("--games", type=int, default=10, help="secrets per size")
    parser.add_argument("--threshold", action="store_true", help="the decoder's threshold")
    parser.add_argument("--threshold-games", type=int, default=20)
    parser.add_argument(
        "--success",
        type=int,
        default=0,
        metavar="GAMES",
        help="decode GAMES random games at n = k in --success-sizes (the decoder alone)",
    )
    parser.add_argument("--success-sizes", default="64,256,1024")
    args = parser.parse_args()
    sizes = [int(value) for value in args.sizes.split(",")]
    if args.games:
        _schemes(sizes, args.colors.split(","), args.games)
    if args.threshold:
        _threshold(args.threshold_games)
    if args.success:
        _success([int(value) for value in args.success_sizes.split(",")], args.success)


if __name__ == "__main__":
    main()
