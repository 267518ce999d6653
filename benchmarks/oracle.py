"""Benchmark the black-peg oracle constructions (two-qubit gates and depth).

Two tables.

**Generic basis.** For every construction of
:func:`mastermind_q.circuits.oracle.black_peg_oracle` and each size ``n = k``, one
random secret (fixed seed) is built and measured three ways:

* logical: the circuit as built (multi-qubit gates such as ``rccx``, ``rcccx``,
  ``ccx``, ``cp``, ``cx`` each count one) and its depth;
* the CX count once every gate is written with CX and one-qubit gates, before any
  optimisation (the cost formula of ``black_peg_oracle_cost``);
* transpiled: ``transpile(..., basis_gates=["cx", "rz", "sx", "x"],
  optimization_level=3, qubits_initially_zero=False)`` (the oracle transpiled as a
  block: its inputs are not ``|0>``), CX count and depth.

**Routed onto a device** (default ``fake:torino``, heavy-hex, native ``cz``). Each
construction and the *peer* construction -- the one public Qiskit Mastermind
implementations use, built here from its description: the QFT on the score register
(``QFTGate``), then for every position ``i`` and score qubit ``l`` one
multi-controlled phase ``MCPhaseGate(2 pi 2^l / 2^m)`` on the ``q`` colour bits (X
gates where the secret colour has a 0 bit) and score qubit ``l``, the inverse QFT,
no ancillas -- are transpiled with
``generate_preset_pass_manager(optimization_level=3, target=device.target,
seed_transpiler=s, qubits_initially_zero=False)`` for seeds ``s = 1..5``; the table
gives the medians of the two-qubit gate count and the depth. The peer circuit is
checked against the classical function before it is measured (small size, all basis
states), so the comparison is between two correct oracles.

Prints markdown tables.

Usage::

    python benchmarks/oracle.py                       # both tables
    python benchmarks/oracle.py --sizes 4,8 --seed 3  # generic table, n = k in 4, 8
    python benchmarks/oracle.py --routed 8x4,16x4 --device fake:torino --seeds 1,2,3
    python benchmarks/oracle.py --no-generic          # routed table only
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence

from qiskit import QuantumCircuit, QuantumRegister, transpile
from qiskit.circuit.library import MCPhaseGate, QFTGate
from qiskit.quantum_info import Operator
from qiskit.transpiler import generate_preset_pass_manager

from mastermind_q.backends import resolve_backend
from mastermind_q.circuits.layout import color_qubits, score_qubits
from mastermind_q.circuits.oracle import CONSTRUCTIONS, black_peg_oracle, black_peg_oracle_cost
from mastermind_q.game import black

BASIS = ["cx", "rz", "sx", "x"]
ROUTED_ROWS = "8x4,16x4,32x4,8x8"
"""The rows of issue 11 (part 2): ``n x k``."""


def peer_oracle(secret: Sequence[int], colors: int) -> QuantumCircuit:
    """The peer construction: QFT, one multi-controlled phase per position and score
    qubit, inverse QFT; no ancillas. Same qubit layout as ``black_peg_oracle``."""
    n, q, m = len(secret), color_qubits(colors), score_qubits(len(secret))
    color_register = QuantumRegister(n * q, "colors")
    score_register = QuantumRegister(m, "score")
    circuit = QuantumCircuit(color_register, score_register, name="peer")
    circuit.append(QFTGate(m), score_register)
    for i, color in enumerate(secret):
        register = color_register[i * q : (i + 1) * q]
        flips = [qubit for bit, qubit in enumerate(register) if not (color >> bit) & 1]
        if flips:
            circuit.x(flips)
        for bit in range(m):
            gate = MCPhaseGate(2 * math.pi * 2**bit / 2**m, q)
            circuit.append(gate, [*register, score_register[bit]])
        if flips:
            circuit.x(flips)
    circuit.append(QFTGate(m).inverse(), score_register)
    return circuit


def check_peer(secret: Sequence[int], colors: int) -> None:
    """Raise ``AssertionError`` unless the peer circuit is ``B_s`` on every basis state."""
    n, q, m = len(secret), color_qubits(colors), score_qubits(len(secret))
    matrix = Operator(peer_oracle(secret, colors)).data
    width = n * q
    for column in range(2 ** (width + m)):
        x_value, b = column % 2**width, column >> width
        guess = [(x_value >> (i * q)) % 2**q for i in range(n)]
        score = sum(1 for s_i, x_i in zip(secret, guess) if s_i == x_i)  # x_i >= k: no match
        if max(guess) < colors:
            assert score == black(secret, guess)
        row = x_value + (((b + score) % 2**m) << width)
        assert abs(matrix[row, column] - 1) < 1e-9, f"peer oracle wrong on {column:#b}"


def measure(construction: str, size: int, seed: int) -> dict[str, float | int | str]:
    """One generic-basis row: sizes, logical and transpiled counts for ``n = k = size``."""
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


def routed_counts(
    circuit: QuantumCircuit, device: str, seeds: Sequence[int]
) -> tuple[float, float, float]:
    """Median two-qubit gates and depth over ``seeds`` after level-3 routing, and the
    mean transpile seconds."""
    target = resolve_backend(device).target
    twos, depths, seconds = [], [], []
    for seed in seeds:
        manager = generate_preset_pass_manager(
            optimization_level=3, target=target, seed_transpiler=seed, qubits_initially_zero=False
        )
        start = time.perf_counter()
        compiled = manager.run(circuit)
        seconds.append(time.perf_counter() - start)
        twos.append(sum(1 for item in compiled.data if item.operation.num_qubits == 2))
        depths.append(compiled.depth())
    return statistics.median(twos), statistics.median(depths), statistics.mean(seconds)


def _routed_table(rows: list[tuple[int, int]], device: str, seeds: list[int], seed: int) -> None:
    columns = ["n", "k", "construction", "qubits", "2q", "depth", "2q / peer", "depth / peer"]
    print(f"Routed on {device}, optimization_level=3, seeds {seeds} (medians)\n")
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    check_peer([1, 0], 4)  # the peer is measured only once it is shown correct
    check_peer([2, 0], 3)
    for n, k in rows:
        rng = random.Random(seed * 1000 + 10 * n + k)
        secret = [rng.randrange(k) for _ in range(n)]
        peer = peer_oracle(secret, k)
        peer_two, peer_depth, _ = routed_counts(peer, device, seeds)
        results = [("peer", peer.num_qubits, peer_two, peer_depth)]
        for construction in CONSTRUCTIONS:
            circuit = black_peg_oracle(secret, k, construction=construction)
            two, depth, _ = routed_counts(circuit, device, seeds)
            results.append((construction, circuit.num_qubits, two, depth))
        for name, qubits, two, depth in results:
            cells = [n, k, name, qubits, f"{two:g}", f"{depth:g}"]
            cells += [f"{two / peer_two:.2f}", f"{depth / peer_depth:.2f}"]
            print("| " + " | ".join(str(cell) for cell in cells) + " |", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,8,16,32", help="comma-separated n = k values")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--routed", default=ROUTED_ROWS, help="comma-separated NxK rows")
    parser.add_argument("--device", default="fake:torino")
    parser.add_argument("--seeds", default="1,2,3,4,5", help="seed_transpiler values")
    parser.add_argument("--no-generic", action="store_true", help="skip the generic table")
    parser.add_argument("--no-routed", action="store_true", help="skip the routed table")
    args = parser.parse_args(argv)
    if not args.no_generic:
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
                print("| " + " | ".join(str(row[column]) for column in columns) + " |", flush=True)
        print()
    if not args.no_routed:
        rows = [tuple(int(part) for part in row.split("x")) for row in args.routed.split(",")]
        seeds = [int(value) for value in args.seeds.split(",")]
        _routed_table(rows, args.device, seeds, args.seed)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
