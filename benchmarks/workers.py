"""Benchmark comparison sweeps run serially, in local worker processes, and on Dask.

A 12-row grid of quantum rows (``nonadaptive`` and ``adaptive``, ``n = 16, 24, 32``,
``k = 8, 16``, on the default ``aer`` backend), run side by side in one process:

1. serially (``workers=1``);
2. in ``--workers`` local processes (default 2);
3. on a local Dask cluster of as many single-threaded worker processes (``--dask``).

Prints a markdown table (recorded in ``benchmarks/RESULTS.md``, section "Sweeps"): the
wall seconds of each, the speedup over the serial run, and whether the rows equal the
serial rows (timings aside). Each way runs ``--repeats`` times alternately and the
median is taken: these machines are noisy.

Usage:
    python benchmarks/workers.py [--workers 2] [--repeats 3] [--dask]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from mastermind_q.compare import plan_comparison, run_comparison

POSITIONS = [16, 24, 32]
COLORS = [8, 16]
METHODS = ["nonadaptive", "adaptive"]


def _timeless(comparison) -> list[dict]:
    return [
        {key: value for key, value in row.items() if key != "seconds"}
        for row in comparison.to_dict()["rows"]
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--dask", action="store_true", help="also time a local Dask cluster")
    args = parser.parse_args()

    plan = plan_comparison(POSITIONS, COLORS, methods=METHODS, bounds=False, formulas=False)
    assert len(plan.tasks) == 12, len(plan.tasks)
    ways: dict[str, dict] = {"serial": {}, f"workers={args.workers}": {"workers": args.workers}}
    cluster = client = None
    if args.dask:
        from distributed import LocalCluster

        from mastermind_q.compare.executors import connect

        cluster = LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = connect(cluster.scheduler_address)
        ways[f"dask, {args.workers} workers"] = {"client": client}
    seconds: dict[str, list[float]] = {name: [] for name in ways}
    rows: dict[str, list[dict]] = {}
    try:
        for _ in range(args.repeats):
            for name, how in ways.items():
                started = time.perf_counter()
                outcome = run_comparison(plan, seed=0, **how)
                seconds[name].append(time.perf_counter() - started)
                rows[name] = _timeless(outcome)
    finally:
        if client is not None:
            client.close()
            cluster.close()

    serial = statistics.median(seconds["serial"])
    print(
        f"12 quantum rows ({', '.join(METHODS)}; n = {POSITIONS}, k = {COLORS}; aer), "
        f"{os.cpu_count()} cores, median of {args.repeats}\n"
    )
    print("| run | wall s (median) | all runs | speedup | rows equal serial |")
    print("|---|---:|---|---:|---|")
    for name in ways:
        median = statistics.median(seconds[name])
        runs = ", ".join(f"{value:.1f}" for value in seconds[name])
        same = "yes" if rows[name] == rows["serial"] else "NO"
        print(f"| {name} | {median:.1f} | {runs} | {serial / median:.2f}x | {same} |")


if __name__ == "__main__":
    main()
