"""Benchmark: the paper's two tables, measured (``mastermind_q.compare``).

Li, Luo and Xu summarise their results in two tables: Table 1 (non-adaptive) and
Table 2 (adaptive, black-peg and black-white columns). This script measures both over
a grid of ``(n, k)`` with :func:`mastermind_q.compare.compare` and prints them as
markdown, each measured number beside the paper's asymptotic rate (constants set to 1,
logarithms base 2: rates, not counts):

* **Table 1, non-adaptive, black pegs, colours may repeat**: the quantum
  ``nonadaptive``, ``triples`` and ``two-color`` oracle calls (checked against the
  theory: a mismatch or an unsolved run is marked ``!``), the quantum ``to win`` count
  (the fewest calls plus the final guess), the rate ``k`` (``Theta(k)``); the classical
  non-adaptive ``static`` codebreaker (worst / mean over the samples, final guess
  included) and the classical rate (``n log k / max(log(n/k), 1)`` for ``k <= n``,
  ``k log k`` for ``k > n``). ``static`` is shown when the toolkit has it.
* **Table 2, adaptive**: the quantum ``adaptive`` oracle calls (``2T``), ``to win`` and the
  rate ``sqrt k``; the best classical adaptive codebreaker with black-peg answers and
  with black-white answers (``best-classical`` of each game: worst / mean and the
  codebreakers behind them) beside the Table 2 rates ``n log k / log n + k`` and
  ``n log k / log n + k/n``.

Every quantum row plays black pegs with repetition, so its own game is the black-peg
column; the black-white column is the classical context the paper gives.

Usage::

    python benchmarks/compare_grid.py                                  # default grid
    python benchmarks/compare_grid.py --positions 4,8 --colors 4,8 --samples 10
    python benchmarks/compare_grid.py --methods static                 # one column only

``--methods`` runs only the methods named (the other measured columns show ``-``; the
rates are always there).
"""

from __future__ import annotations

import argparse
import time

from mastermind_q.compare import compare, parse_int_list
from mastermind_q.solving import METHODS

NON_ADAPTIVE = ("nonadaptive", "triples", "two-color")
ADAPTIVE_CLASSICAL = ("blackpeg", "random-consistent", "knuth", "optimal", "consistent")


def _quantum(row) -> str:
    if row is None:
        return "-"
    ok = row.solved and (row.theory is None or row.queries == row.theory)
    return f"{row.queries}" + ("" if ok else " !")


def _classical(row, names: bool = True) -> str:
    if row is None:
        return "-"
    text = f"{row.queries} / {row.mean_queries:.1f}" + ("" if row.solved else " !")
    if names and row.method == "best-classical":
        behind = dict.fromkeys((row.best_worst_method, row.best_mean_method))
        text += " (" + ", ".join(f"`{name}`" for name in behind) + ")"
    return text


def _rate(row) -> str:
    return "-" if row is None else f"{row.queries:.3g}"


def _table(header: list[str], lines: list[list[str]]) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "---:|" * len(header)]
    out += ["| " + " | ".join(line) + " |" for line in lines]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="4,8,16")
    parser.add_argument("--colors", default="4,8,16")
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--backend", default="aer")
    parser.add_argument(
        "--methods", help="only these methods, comma-separated (default: every column's)"
    )
    args = parser.parse_args()
    positions = parse_int_list(args.positions, "positions")
    colors = parse_int_list(args.colors, "colors", minimum=2)
    has_static = "static" in METHODS
    methods = [*NON_ADAPTIVE, "adaptive", *ADAPTIVE_CLASSICAL]
    if has_static:
        methods.append("static")
    if args.methods is not None:
        chosen = [name.strip() for name in args.methods.split(",") if name.strip()]
        unknown = [name for name in chosen if name not in methods]
        if unknown or not chosen:
            parser.error(f"--methods: {', '.join(unknown) or 'none'} not among {methods}")
        methods = chosen

    table1, table2 = [], []
    started = time.perf_counter()
    for n in positions:
        for k in colors:
            cell_start = time.perf_counter()
            result = compare(
                [n],
                [k],
                methods=methods,
                games=["black", "black-white"],
                samples=args.samples,
                seed=args.seed,
                backend=args.backend,
            )
            seconds = time.perf_counter() - cell_start
            rows = {(row.method, row.setting, row.feedback): row for row in result.rows}

            def get(method, setting="adaptive", feedback="black", rows=rows):
                return rows.get((method, setting, feedback))

            quantum = [get(name, "non-adaptive") for name in NON_ADAPTIVE]
            wins = [row.queries_to_win for row in quantum if row is not None]
            table1.append(
                [
                    str(n),
                    str(k),
                    *(_quantum(row) for row in quantum),
                    str(min(wins)) if wins else "-",
                    _rate(get("table1-quantum", "non-adaptive")),
                    _classical(get("static", "non-adaptive"), names=False)
                    if has_static
                    else "(static: not in this build)",
                    _rate(get("table1-classical", "non-adaptive")),
                ]
            )
            adaptive = get("adaptive")
            table2.append(
                [
                    str(n),
                    str(k),
                    _quantum(adaptive),
                    "-" if adaptive is None else str(adaptive.queries_to_win),
                    _rate(get("table2-quantum")),
                    _classical(get("best-classical")),
                    _rate(get("table2-blackpeg")),
                    _classical(get("best-classical", feedback="black-white")),
                    _rate(get("table2-blackwhite", feedback="black-white")),
                    f"{seconds:.1f}",
                ]
            )
    print("Table 1, non-adaptive (black pegs, colours may repeat)\n")
    print(
        _table(
            [
                "n",
                "k",
                "`nonadaptive`",
                "`triples`",
                "`two-color`",
                "quantum to win",
                "rate k",
                "`static` worst / mean",
                "classical rate",
            ],
            table1,
        )
    )
    print("\nTable 2, adaptive (colours may repeat)\n")
    print(
        _table(
            [
                "n",
                "k",
                "`adaptive` (2T)",
                "quantum to win",
                "rate sqrt k",
                "best classical, black pegs",
                "rate (black)",
                "best classical, black-white",
                "rate (b/w)",
                "seconds",
            ],
            table2,
        )
    )
    print(
        f"\ntotal {time.perf_counter() - started:.0f} s; samples={args.samples}, "
        f"seed={args.seed}; quantum: one random secret per cell on {args.backend}"
    )


if __name__ == "__main__":
    main()
