"""Solve a secret with a quantum codebreaker, then draw the circuits it ran.

Usage::

    python examples/solve_and_draw.py [OUTPUT_FOLDER]

Solves the secret ``2,0,3,1`` (n = 4 positions, k = 4 colours) with the non-adaptive
solver of Li, Luo and Xu (Algorithm 1: ``k - 1 = 3`` oracle queries, each one
FindTwoColorPosition circuit, Algorithm 2) on Aer and prints what the codemaker
counted. Then it writes the circuits the codebreaker handed to the codemaker
(``result.circuits``: the oracle ``B_s`` is the codemaker's opaque box) into
OUTPUT_FOLDER (default: the current folder): the first as a PNG image, each as text.
"""

from __future__ import annotations

import sys
from pathlib import Path

import mastermind_q as mq
from mastermind_q.drawing import write_drawing


def main(folder: Path) -> None:
    secret, colors = (2, 0, 3, 1), 4
    result = mq.solve(secret, colors=colors, method="nonadaptive", backend="aer", seed=1)
    print(f"found {result.found} (solved: {result.solved}) with {result.queries} queries")

    folder.mkdir(parents=True, exist_ok=True)
    for number, circuit in enumerate(result.circuits, start=1):
        title = f"{circuit.name}: query {number} of {result.queries}, n = 4, k = 4"
        suffixes = (".png", ".txt") if number == 1 else (".txt",)
        for suffix in suffixes:
            print("wrote", write_drawing(circuit, folder / f"{circuit.name}{suffix}", title=title))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path.cwd())
