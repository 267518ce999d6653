"""Compare quantum and classical query counts over a small grid, and plot them.

Usage::

    python examples/compare_and_plot.py [OUTPUT_FOLDER]

For n = 3, 4, 5 positions and k = 4, 8 colours, runs the quantum codebreakers
(``nonadaptive``, ``triples``, ``adaptive``) through the codemaker on Aer and the
classical ``permutation`` (El Ouali et al.) and ``blackpeg`` codebreakers on 10 seeded
secrets each, prints the table (with the theorem bounds), and writes
``comparison.png`` (queries to win against n, the non-adaptive and the adaptive
setting side by side) and ``comparison.csv`` into OUTPUT_FOLDER (default: the current
folder).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mastermind_q.compare import (
    compare,
    format_table,
    plot_comparison,
    write_csv_header,
    write_csv_row,
)


def main(folder: Path) -> None:
    table = compare(
        [3, 4, 5],
        [4, 8],
        methods=["nonadaptive", "triples", "adaptive", "permutation", "blackpeg"],
        samples=10,
        seed=0,
        formulas=False,
    )
    print(format_table(table.rows))
    folder.mkdir(parents=True, exist_ok=True)
    plot_comparison(table.rows, folder / "comparison.png")
    print("wrote", folder / "comparison.png")
    with open(folder / "comparison.csv", "w", encoding="utf-8", newline="") as stream:
        write_csv_header(stream)
        for row in table.rows:
            write_csv_row(stream, row)
    print("wrote", folder / "comparison.csv")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path.cwd())
