"""Solve a secret with a quantum codebreaker, then draw the circuit it runs.

Usage::

    python examples/solve_and_draw.py [OUTPUT_FOLDER]

Solves the secret ``2,0,3,1`` (n = 4 positions, k = 4 colours) with the non-adaptive
solver of Li, Luo and Xu (Algorithm 1: ``k - 1 = 3`` oracle queries, each one
FindTwoColorPosition circuit, Algorithm 2) on Aer, prints what the codemaker counted,
and writes one of those circuits as ``find_two_color.png`` and ``find_two_color.txt``
into OUTPUT_FOLDER (default: the current folder). The oracle ``B_s`` is drawn as a
labelled box.
"""

from __future__ import annotations

import sys
from pathlib import Path

import mastermind_q as mq
from mastermind_q.drawing import build_circuit, caption, write_drawing


def main(folder: Path) -> None:
    secret, colors = (2, 0, 3, 1), 4
    result = mq.solve(secret, colors=colors, method="nonadaptive", backend="aer", seed=1)
    print(f"found {result.found} (solved: {result.solved}) with {result.queries} queries")

    # The first query of the plan asks the colour pair (0, 1).
    options = {"num_positions": len(secret), "colors": colors, "secret": secret}
    circuit = build_circuit("find-two-color", pair=(0, 1), **options)
    title = caption("find-two-color", pair=(0, 1), **options)
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("find_two_color.png", "find_two_color.txt"):
        print("wrote", write_drawing(circuit, folder / name, title=title))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path.cwd())
