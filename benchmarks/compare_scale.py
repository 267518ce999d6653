"""Benchmark: the comparison at scale, two tables to n = 16,384 (k = n, and k = 8).

Runs :func:`mastermind_q.compare.compare` on the diagonal ``k = n`` (``colors="n"``)
and on ``k = 8`` for ``n`` = 16, 64, 256, 1024, 4096, 16384 and prints both tables as
markdown. Quantum rows run on the simulator up to ``n, k <= 16``
(:data:`~mastermind_q.compare.theory.SIMULATE_UP_TO`); beyond, the codebreaker builds
its circuits for the real ``n`` and ``k`` and a counting codemaker counts their oracle
calls without running them: such counts are marked ``*`` (``executed: false``). A row
refused by a limit shows ``-``, and its reason is printed below the table.

Each table cell: worst case queries *to win* (the final guess included) over the
samples, then the codebreaker for the best classical columns. Each value of ``n`` is
one :func:`compare` call, and every row is appended to the table's JSON-lines file
(``--out``: ``compare_scale_diagonal.jsonl``, ``compare_scale_k8.jsonl``) as it
finishes, so an interrupted run keeps them; the skipped rows go to the same file as
``{"skipped": ...}`` lines. ``--from-rows`` renders the tables of such files again
without running anything, and ``--plot`` draws each table's two figures
(:func:`~mastermind_q.compare.plot_settings`: ``compare_scale_diagonal-adaptive.png``
and so on, beside the rows).

Usage::

    python benchmarks/compare_scale.py --plot                  # both tables, 10 samples
    python benchmarks/compare_scale.py --positions 16,64 --samples 5 --out /tmp
    python benchmarks/compare_scale.py --from-rows --plot      # tables and figures only

Results: ``benchmarks/RESULTS.md``.
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


def _table_path(out: Path, table: str) -> Path:
    """The rows file of ``table`` (``"diagonal"`` or a ``k``) in ``out``."""
    name = "diagonal" if table == "diagonal" else f"k{int(table)}"
    return out / f"compare_scale_{name}.jsonl"


def _run(
    positions: list[int],
    table: str,
    samples: int,
    path: Path,
    workers: int,
    methods: list[str] | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Run ``table``'s cells one ``n`` at a time, appending each row to ``path``."""
    rows: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    colors: Any = "n" if table == "diagonal" else [int(table)]
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as stream:

        def keep(row: Any) -> None:
            data = row.to_dict()
            rows.append(data)
            stream.write(json.dumps(data) + "\n")
            stream.flush()

        for n in positions:
            started = time.perf_counter()
            cpu = time.process_time()
            result = compare(
                [n], colors, methods=methods, samples=samples, workers=workers, on_row=keep
            )
            for entry in result.to_dict()["skipped"]:
                skipped.append(entry)
                stream.write(json.dumps({"skipped": entry}) + "\n")
            stream.flush()
            print(
                f"<!-- {table}, n = {n}: {time.perf_counter() - started:.0f} s wall, "
                f"{time.process_time() - cpu:.0f} s CPU in this process -->",
                flush=True,
            )
    return rows, skipped


def _read(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rows: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            data = json.loads(line)
            if "skipped" in data:
                skipped.append(data["skipped"])
            else:
                rows.append(data)
    return rows, skipped


SHOWN = {
    "nonadaptive",
    "triples",
    "static",
    "adaptive",
    "hunziker-meyer",
    "blackpeg",
    "coin-weighing",
}


def refusals(skipped: Iterable[dict[str, Any]]) -> str:
    """The reasons of the table's skipped rows, one line per ``(n, k, method)``."""
    lines = []
    seen = set()
    for entry in skipped:
        key = (entry["n"], entry["k"], entry["method"])
        if entry["method"] in SHOWN and key not in seen and not entry.get("distinct"):
            seen.add(key)
            lines.append(
                f"- n = {entry['n']}, k = {entry['k']}, `{entry['method']}`: {entry['reason']}"
            )
    return "\n".join(lines)


def _show(rows: list[dict[str, Any]], skipped: list[dict[str, Any]], title: str) -> None:
    print(markdown(rows, title))
    reasons = refusals(skipped)
    if reasons:
        print()
        print(reasons)
    print()


def _plot(rows: list[dict[str, Any]], path: Path) -> None:
    from mastermind_q.compare import plot_settings

    for figure in plot_settings(rows, path.with_suffix(".png")).values():
        import matplotlib.pyplot as plt

        plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="16,64,256,1024,4096,16384")
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--tables", default="diagonal,8", help="diagonal and/or a k")
    parser.add_argument("--workers", type=int, default=2, help="local processes (default 2)")
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).parent, help="folder of the rows files"
    )
    parser.add_argument(
        "--from-rows", action="store_true", help="render the tables of the rows files"
    )
    parser.add_argument("--plot", action="store_true", help="draw each table's figures")
    parser.add_argument("--methods", help="solve methods to run (default: every method)")
    args = parser.parse_args()
    positions = parse_int_list(args.positions, "positions", minimum=1)
    for table in args.tables.split(","):
        path = _table_path(args.out, table)
        if args.from_rows:
            rows, skipped = _read(path)
        else:
            methods = args.methods.split(",") if args.methods else None
            rows, skipped = _run(positions, table, args.samples, path, args.workers, methods)
        _show(rows, skipped, "k = n" if table == "diagonal" else f"k = {int(table)}")
        if args.plot:
            _plot(rows, path)


if __name__ == "__main__":
    main()
