"""Benchmark: quantum versus classical query counts over a grid (``mastermind_q.compare``).

Runs :func:`mastermind_q.compare.compare` (quantum methods through ``solve`` on
``aer`` (or ``--backend``), one random secret each; classical methods on ``--samples`` seeded random
secrets) and prints one markdown row per ``(n, k)``:

* quantum columns: the oracle calls the codemaker counted (``nonadaptive``, ``triples``,
  ``two-color``, ``adaptive`` = ``2T``; ``T`` is the paper's count), each checked
  against the theory (a mismatch or an unsolved run is marked ``!``);
* ``to win``: the fewest ``queries_to_win`` over the quantum methods (oracle calls plus
  the one final classical guess of the identified secret, the count classical rows use);
* classical columns: ``worst / mean`` over the samples (``permutation`` only for
  ``k >= n``; ``knuth``, ``random-consistent`` and ``optimal`` only on small code spaces,
  ``consistent`` up to ``n k = 256``);
* ``best-classical``: the fewest worst / mean over the classical codebreakers measured at
  the cell, with the codebreaker(s) behind them (``compare``'s ``best-classical`` row);
* the El Ouali et al. bounds ``upper`` / ``lower`` (``k >= n``);
* the wall-clock seconds of the cell.

Usage::

    python benchmarks/compare_grid.py                                  # default grid
    python benchmarks/compare_grid.py --positions 4,6,8 --colors 4,8 --samples 20
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from mastermind_q.compare import compare, parse_int_list

QUANTUM = ("nonadaptive", "triples", "two-color", "adaptive")
CLASSICAL = ("permutation", "blackpeg", "knuth", "random-consistent", "optimal", "consistent")


def _cell(row) -> str:
    if row is None:
        return "-"
    if row.kind == "quantum":
        ok = row.solved and row.queries == row.theory
        return f"{row.queries}" + ("" if ok else " !")
    if row.kind == "classical" and row.method == "best-classical":
        names = dict.fromkeys((row.best_worst_method, row.best_mean_method))
        return f"{row.queries} / {row.mean_queries:.1f} ({', '.join(names)})"
    if row.kind == "classical":
        return f"{row.queries} / {row.mean_queries:.1f}" + ("" if row.solved else " !")
    value = row.queries
    return f"{value:g}" if isinstance(value, float) else str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="2,4,6,8,12,16")
    parser.add_argument("--colors", default="2,4,8,16")
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--backend", default="aer")
    args = parser.parse_args()
    positions = parse_int_list(args.positions, "positions")
    colors = parse_int_list(args.colors, "colors", minimum=2)

    header = ["n", "k", *QUANTUM, "T", "to win", *CLASSICAL, "best-classical", "upper", "lower"]
    header.append("seconds")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    started = time.perf_counter()
    for n in positions:
        for k in colors:
            cell_start = time.perf_counter()
            result = compare(
                [n], [k], samples=args.samples, seed=args.seed, backend=args.backend, formulas=False
            )
            rows = defaultdict(lambda: None, {row.method: row for row in result.rows})
            seconds = time.perf_counter() - cell_start
            cells = [str(n), str(k)]
            cells += [_cell(rows[name]) for name in (*QUANTUM, "adaptive-T")]
            to_win = [rows[name].queries_to_win for name in QUANTUM if rows[name] is not None]
            cells.append(str(min(to_win)) if to_win else "-")
            cells += [_cell(rows[name]) for name in (*CLASSICAL, "best-classical")]
            cells += [_cell(rows["elouali-upper"]), _cell(rows["elouali-lower"])]
            cells.append(f"{seconds:.1f}")
            print("| " + " | ".join(cells) + " |", flush=True)
    print(
        f"\ntotal {time.perf_counter() - started:.0f} s; samples={args.samples}, "
        f"seed={args.seed}; quantum: one random secret per cell on {args.backend}"
    )


if __name__ == "__main__":
    main()
