"""Benchmark the black-peg oracle constructions (two-qubit gates and depth).

For every construction of :func:`mastermind_q.circuits.oracle.black_peg_oracle` and
each size ``n = k``, one random secret (fixed seed) is built and measured three ways:

* logical: the circuit as built (multi-qubit gates such as ``rccx``, ``rcccx``,
  ``ccx``, ``cp``, ``cx`` each count one) and its depth;
* the CX count once every gate is written with CX and one-qubit gates, before any
  optimisation (the cost formula of ``black_peg_oracle_cost``);
* transpiled: ``transpile(..., basis_gates=["cx", "rz", "sx", "x"],
  optimization_level=3, qubits_initially_zero=False)`` (the oracle transpiled as a
  block: its inputs are not ``|0>``), CX count and depth.

Prints a markdown table.

Usage::

    python benchmarks/oracle.py                   # n = k in 4, 8, 16, 32
    python benchmarks/oracle.py --sizes 4,8 --seed 3
"""

from __future__ import annotations

import argparse
import random
import time

from qiskit import transpile

from mastermind_q.circuits.oracle import CONSTRUCTIONS, black_peg_oracle, black_peg_oracle_cost

BASIS = ["cx", "rz", "sx", "x"]


def measure(construction: str, size: int, seed: int) -> dict[str, float | int | str]:
    """One row: sizes, logical and transpiled counts for ``n = k = size``."""
    rng = random.Random(seed * 1000 + size)
    secret = [rng.randrange(size) for _ in range(size)]
    circuit = black_peg_oracle(secret, size, construction=construction)
    cost = black_peg_oracle_cost(size, size, construction=construction)
    start = time.perf_counter()
    compiled = transpile(
        circuit,
        basis_gates=BASIS,
        optimization_level=3,
        qubits_initially_zero=False,
        seed_transpiler=seed,
    )
    seconds = time.perf_counter() - start
    return {
        "construction": construction,
        "n": size,
        "k": size,
        "qubits": circuit.num_qubits,
        "ancillas": cost.ancillas,
        "logical_gates": sum(1 for item in circuit.data if item.operation.num_qubits >= 2),
        "logical_depth": circuit.depth(),
        "cx_formula": cost.two_qubit_gates,
        "cx_transpiled": compiled.count_ops().get("cx", 0),
        "depth_transpiled": compiled.depth(),
        "transpile_s": round(seconds, 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,8,16,32", help="comma-separated n = k values")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sizes = [int(value) for value in args.sizes.split(",")]
    columns = [
        "construction",
        "n",
        "k",
        "qubits",
        "ancillas",
        "logical_gates",
        "logical_depth",
        "cx_formula",
        "cx_transpiled",
        "depth_transpiled",
        "transpile_s",
    ]
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for construction in CONSTRUCTIONS:
        for size in sizes:
            row = measure(construction, size, args.seed)
            print("| " + " | ".join(str(row[column]) for column in columns) + " |")


if __name__ == "__main__":
    main()
