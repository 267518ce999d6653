"""Static play at n = k at scale: seconds per game, queries, games won and peak memory.

For each ``n`` of ``--sizes`` plays ``--games`` random secrets (``default_rng((11, n,
i))``) with ``solve(secret, colors=n, method="static", seed=i)`` in a fresh process, so
that the peak resident memory (``ru_maxrss``) is that size's alone, and prints one
table row per size: the scheme, the queries (the final guess included), the games won,
the mean wall and CPU seconds per game (the whole solve: building the set, the
codemaker's answers and the decoding) and the peak memory of the process. The load
average is printed beside the table: on a shared machine the wall seconds grow with it.

    python benchmarks/static_scale.py                          # n = 256, 1,024, 4,096
    python benchmarks/static_scale.py --sizes 1024 --games 20
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time


def _play(n: int, games: int) -> dict[str, object]:
    """Play ``games`` games at ``n = k`` in this process; the measurements as a dict."""
    import resource

    import numpy as np

    import mastermind_q as mq

    walls, cpus, queries, won, scheme = [], [], [], 0, ""
    for index in range(games):
        secret = tuple(int(c) for c in np.random.default_rng((11, n, index)).integers(0, n, n))
        wall, cpu = time.perf_counter(), time.process_time()
        result = mq.solve(secret, colors=n, method="static", seed=index)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        queries.append(result.queries)
        won += bool(result.solved)
        scheme = str(result.scheme)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kilobytes on Linux
    return {
        "n": n,
        "scheme": scheme,
        "games": games,
        "won": won,
        "queries": sorted(set(queries)),
        "wall": sum(walls) / games,
        "slowest": max(walls),
        "cpu": sum(cpus) / games,
        "peak": peak,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="256,1024,4096", help="values of n = k")
    parser.add_argument("--games", type=int, default=10, help="games per size")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(_play(args.child, args.games)))
        return
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        "| n = k | scheme | queries (with the final guess) | games | won |"
        " s / game (wall) | slowest | CPU s / game | peak memory |"
    )
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for n in (int(part) for part in args.sizes.split(",")):
        done = subprocess.run(
            [sys.executable, __file__, "--child", str(n), "--games", str(args.games)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            reason = (done.stderr.strip().splitlines() or ["failed"])[-1]
            print(f"| {n:,} | {reason} | | | | | | | |")
            continue
        row = json.loads(done.stdout.strip().splitlines()[-1])
        queries = ", ".join(f"{q:,}" for q in row["queries"])
        print(
            f"| {n:,} | `{row['scheme']}` | {queries} | {row['games']} | {row['won']} |"
            f" {row['wall']:.2f} | {row['slowest']:.2f} | {row['cpu']:.2f} |"
            f" {row['peak'] / 2**30:.2f} GiB |",
            flush=True,
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
