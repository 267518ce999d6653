"""Benchmark: counted quantum rows (circuits built and counted, never run) against n.

For each quantum method and each ``n`` (on the diagonal ``k = n`` unless ``--colors``
is given) the codebreaker builds its circuits for the real ``n`` and ``k`` around a
:class:`~mastermind_q.codemaker.CountingCodemaker`, which counts their oracle
applications and runs nothing: exactly what a ``compare`` row with ``executed: false``
does. Each row runs in a fresh process, so its peak resident memory is its own.

Prints a markdown table: method, n, k, circuits, oracle queries (and the theory's
count), seconds to build and count, seconds per circuit, peak memory (MiB). The results
are recorded in ``benchmarks/RESULTS.md``.

Usage::

    python benchmarks/counted_rows.py                                   # n = 256, 1024
    python benchmarks/counted_rows.py --positions 1024,4096,16384 --methods adaptive
    python benchmarks/counted_rows.py --positions 4096 --limit-circuits 200  # a rate only
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import resource
import subprocess
import sys
import time

METHODS = ("nonadaptive", "triples", "adaptive", "hunziker-meyer")


class _Stop(Exception):
    """Raised after ``--limit-circuits`` circuits: the rate is measured, not the row."""


def _row(method: str, n: int, k: int, limit: int | None) -> dict[str, object]:
    from mastermind_q.codemaker import CircuitsNotExecuted, CountingCodemaker
    from mastermind_q.compare.theory import theoretical_queries
    from mastermind_q.solving import method_info

    secret = tuple(random.Random(n * 7919 + k).randrange(k) for _ in range(n))
    maker = CountingCodemaker(secret, k)
    circuits = [0]
    if limit is not None:
        charge = maker.charge

        def limited(circuit):  # count as the codemaker does, stop after `limit`
            if circuits[0] >= limit:
                raise _Stop
            circuits[0] += 1
            return charge(circuit)

        maker.charge = limited  # type: ignore[method-assign]
    started = time.perf_counter()
    with contextlib.suppress(CircuitsNotExecuted, _Stop):
        method_info(method).load()(maker, backend="aer", shots=None, seed=1)
    seconds = time.perf_counter() - started
    number = circuits[0] if limit is not None else maker.counted_circuits
    return {
        "method": method,
        "n": n,
        "k": k,
        "circuits": number,
        "queries": maker.queries,
        "theory": theoretical_queries(method, n, k),
        "seconds": round(seconds, 2),
        "per_circuit": round(seconds / max(1, number), 5),
        "peak_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "partial": limit is not None,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="256,1024")
    parser.add_argument("--colors", default="n", help="k, or n for the diagonal (default)")
    parser.add_argument("--methods", default=",".join(METHODS[:3]))
    parser.add_argument(
        "--limit-circuits", type=int, default=None, help="stop each row after this many"
    )
    parser.add_argument("--row", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.row:
        method, n, k = args.row[0], int(args.row[1]), int(args.row[2])
        print(json.dumps(_row(method, n, k, args.limit_circuits)))
        return
    print("| method | n | k | circuits | queries (theory) | seconds | s per circuit | peak MiB |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n in (int(value) for value in args.positions.split(",")):
        k = n if args.colors == "n" else int(args.colors)
        for method in args.methods.split(","):
            command = [sys.executable, __file__, "--row", method, str(n), str(k)]
            if args.limit_circuits is not None:
                command += ["--limit-circuits", str(args.limit_circuits)]
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode:
                last = (done.stderr.strip().splitlines() or ["failed"])[-1]
                print(f"| {method} | {n} | {k} | - | {last} | | | |")
                continue
            row = json.loads(done.stdout)
            queries = f"{row['queries']} ({row['theory']})"
            if row["partial"]:
                queries = f"{row['queries']} of {row['theory']} (first circuits only)"
            print(
                f"| {method} | {n} | {k} | {row['circuits']} | {queries} | {row['seconds']} "
                f"| {row['per_circuit']} | {row['peak_mib']} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
