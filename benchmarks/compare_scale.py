"""Benchmark: the comparison at scale, two tables to n = 4096 (k = n, and k = 8).

Runs :func:`mastermind_q.compare.compare` on the diagonal ``k = n`` (``colors="n"``)
and on ``k = 8`` for ``n`` = 16, 64, 256, 1024, 4096 and prints both tables as
markdown. Quantum rows run on the simulator up to ``n, k <= 16``
(:data:`~mastermind_q.compare.theory.SIMULATE_UP_TO`); beyond, the codebreaker builds
its circuits for the real ``n`` and ``k`` and a counting codemaker counts their oracle
calls without running them: such counts are marked ``*`` (``executed: false``). A
quantum row beyond the quantum limits (``k > 1024``) shows ``-``.

Each table cell: worst case queries *to win* (the final guess included) over the
samples, then the codebreaker for the best classical columns. Rows are appended to a
JSON-lines file as they finish (``--rows``), so an interrupted run keeps them;
``--from-rows`` renders the tables of such a file again without running anything.

Usage::

    python benchmarks/compare_scale.py                         # both tables, 10 samples
    python benchmarks/compare_scale.py --positions 16,64 --samples 5
    python benchmarks/compare_scale.py --from-rows rows.jsonl  # tables only
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mastermind_q.compare import compare, parse_int_list

QUANTUM_NON_ADAPTIVE = ("nonadaptive", "triples")
QUANTUM_ADAPTIVE = ("adaptive", "hunziker-meyer")


def _cell(rows: list[dict[str, Any]], method: str) -> str:
    """``queries_to_win`` of ``method`` (``*`` if counted, not executed), ``-`` if absent."""
    for row in rows:
        if row["method"] == method and row["kind"] == "quantum":
            mark = "*" if row.get("executed") is False else ""
            return f"{row['queries_to_win']}{mark}"
        if row["method"] == method and row.get("source") == "measured":
            mean = row.get("mean_queries_to_win")
            return f"{row['queries_to_win']} / {mean:.0f}" if mean is not None else "-"
    return "-"


def _best(rows: list[dict[str, Any]], setting: str) -> str:
    """The best classical row of the black-peg game with repetition in ``setting``."""
    for row in rows:
        if (
            row["method"] == "best-classical"
            and row["setting"] == setting
            and row["feedback"] == "black"
            and not row["distinct"]
        ):
            return f"{row['queries_to_win']} (`{row['best_worst_method']}`)"
    return "-"


def _seconds(rows: list[dict[str, Any]]) -> str:
    return f"{sum(row.get('seconds') or 0 for row in rows):.0f}"


def markdown(rows: Iterable[dict[str, Any]], title: str) -> str:
    """One markdown table: a line per cell ``(n, k)``."""
    cells: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for row in rows:
        cells.setdefault((row["n"], row["k"]), []).append(row)
    lines = [
        f"**{title}** (queries to win, worst case / mean over the samples; `*`: counted, "
        "not executed)",
        "",
        "| n | k | `nonadaptive` | `triples` | `static` | best non-adaptive classical "
        "| `adaptive` | `hunziker-meyer` | `blackpeg` | `coin-weighing` "
        "| best adaptive classical | row s |",
        "|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---|---:|",
    ]
    for (n, k), in_cell in sorted(cells.items()):
        lines.append(
            "| "
            + " | ".join(
                [
                    str(n),
                    str(k),
                    _cell(in_cell, "nonadaptive"),
                    _cell(in_cell, "triples"),
                    _cell(in_cell, "static"),
                    _best(in_cell, "non-adaptive"),
                    _cell(in_cell, "adaptive"),
                    _cell(in_cell, "hunziker-meyer"),
                    _cell(in_cell, "blackpeg"),
                    _cell(in_cell, "coin-weighing"),
                    _best(in_cell, "adaptive"),
                    _seconds(in_cell),
                ]
            )
            + " |"
        )
    return "\n".join(lines)


def _run(
    positions: list[int], colors: Any, samples: int, out: Path | None, workers: int
) -> list[dict]:
    started = time.perf_counter()
    result = compare(positions, colors, samples=samples, progress=True, workers=workers)
    rows = [row.to_dict() for row in result.rows]
    if out is not None:
        with out.open("a", encoding="utf-8") as stream:
            for row in rows:
                stream.write(json.dumps(row) + "\n")
    print(f"<!-- {colors}: {time.perf_counter() - started:.0f} s wall -->")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="16,64,256,1024,4096")
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--tables", default="diagonal,8", help="diagonal and/or a k")
    parser.add_argument("--workers", type=int, default=2, help="local processes (default 2)")
    parser.add_argument("--rows", type=Path, help="append the rows here (JSON lines)")
    parser.add_argument("--from-rows", type=Path, help="render the tables of a rows file")
    args = parser.parse_args()
    if args.from_rows is not None:
        rows = [json.loads(line) for line in args.from_rows.read_text().splitlines() if line]
        diagonal = [row for row in rows if row["n"] == row["k"]]
        print(markdown(diagonal, "k = n"))
        for k in sorted({row["k"] for row in rows if row["n"] != row["k"]}):
            print()
            print(markdown([row for row in rows if row["k"] == k], f"k = {k}"))
        return
    positions = parse_int_list(args.positions, "positions", minimum=1)
    for table in args.tables.split(","):
        if table == "diagonal":
            print(markdown(_run(positions, "n", args.samples, args.rows, args.workers), "k = n"))
        else:
            k = int(table)
            print(markdown(_run(positions, [k], args.samples, args.rows, args.workers), f"k = {k}"))
        print()


if __name__ == "__main__":
    main()
