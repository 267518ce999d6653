"""FindTwoColorPosition on a noisy fake device: success probability against n.

Li, Luo, Xu's Problem 2 asks how noise limits the quantum codebreakers. Algorithm 2
(FindTwoColorPosition) answers all ``n`` bits ``s^(c1,c2)_i = [s_i in {c1, c2}]`` with
one query, so a per-position error ``delta`` compounds: if the positions erred
independently, the whole answer would be right with probability ``(1 - delta)^n``.

For each ``n`` a random secret (fixed seed) over ``k`` colours is hidden in the oracle;
the circuit :func:`~mastermind_q.circuits.find_two_color_circuit` for the pair ``(0, 1)``
is transpiled for the device and sampled through
:func:`mastermind_q.backends.sample_counts` (the fast ``fake:`` path: Aer with the
device noise model on the active qubits). The referee, who knows the secret, reports

* ``P(success)``: the fraction of shots equal to the exact answer;
* ``1 - delta``: the mean over positions of the fraction of shots with that bit right;
* ``(1 - delta)^n``: the independent-error prediction, and ``prod_i (1 - delta_i)``;
* whether the majority answer over the shots is right (what the solvers decode);
* the transpiled two-qubit gate count and depth, and the seconds the sampling took
  (the one-off build of the device noise model is done before the sweep).

Usage::

    python benchmarks/noise.py                                  # fake:torino, k=4, n=1..5
    python benchmarks/noise.py --positions 1-3 --shots 200 --quiet
    python benchmarks/noise.py --plot benchmarks/noise.png
    python benchmarks/noise.py --runtime 3      # also time the runtime local mode at n=3

Prints a markdown table (and, with ``--runtime N``, a second one comparing the fast
path with qiskit-ibm-runtime's local mode on the same circuit).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import Any


def parse_positions(text: str) -> list[int]:
    """``"1-5"`` or ``"1,2,4"`` -> the list of ``n``."""
    values: list[int] = []
    for item in text.split(","):
        low, _, high = item.partition("-")
        values.extend(range(int(low), int(high or low) + 1))
    if not values or min(values) < 1:
        raise ValueError(f"positions must be positive integers, was {text!r}")
    return values


def expected_answer(secret: tuple[int, ...], pair: tuple[int, int]) -> str:
    """The exact outcome of Algorithm 2 as a counts key (clbit 0 rightmost)."""
    return "".join("1" if colour in pair else "0" for colour in reversed(secret))


def measure(
    n: int, *, colors: int, backend: str, shots: int, seed: int, fake_mode: str = "aer"
) -> dict[str, Any]:
    """Run FindTwoColorPosition once for ``n`` positions; return one table row."""
    from mastermind_q.backends import execution_options, sample_counts, transpile_for
    from mastermind_q.circuits.find_two_color import find_two_color_circuit
    from mastermind_q.circuits.oracle import black_peg_oracle_gate

    rng = random.Random(seed * 1_000_003 + 1000 * n + colors)
    secret = tuple(rng.randrange(colors) for _ in range(n))
    pair = (0, 1)
    # The benchmark knows the secret: it measures the noise on the real oracle gate.
    circuit = find_two_color_circuit(
        black_peg_oracle_gate(secret, colors), *pair, num_positions=n, colors=colors
    )
    [compiled] = transpile_for([circuit], backend, seed=seed)
    two_qubit = sum(1 for item in compiled.data if item.operation.num_qubits == 2)
    start = time.perf_counter()
    with execution_options(fake_mode=fake_mode):
        [counts] = sample_counts([circuit], backend=backend, shots=shots, seed=seed)
    seconds = time.perf_counter() - start
    answer = expected_answer(secret, pair)
    total = sum(counts.values())
    per_position = []
    for position in range(n):
        bit = answer[n - 1 - position]
        right = sum(value for key, value in counts.items() if key[n - 1 - position] == bit)
        per_position.append(right / total)
    mean = sum(per_position) / n
    majority = max(sorted(counts), key=counts.get)
    return {
        "n": n,
        "k": colors,
        "qubits": circuit.num_qubits,
        "two_qubit_gates": two_qubit,
        "depth": compiled.depth(),
        "success": counts.get(answer, 0) / total,
        "position_accuracy": mean,
        "predicted": mean**n,
        "product": math.prod(per_position),
        "majority_right": majority == answer,
        "seconds": seconds,
    }


def format_table(rows: list[dict[str, Any]], *, backend: str, shots: int) -> str:
    """The markdown table of :func:`measure` rows."""
    lines = [
        f"FindTwoColorPosition on `{backend}`, {shots} shots, pair (0, 1), random secret",
        "",
        "| n | k | qubits | 2q gates | depth | P(success) | 1 - delta | (1 - delta)^n "
        "| prod (1 - delta_i) | majority right | seconds |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row['n']} | {row['k']} | {row['qubits']} | {row['two_qubit_gates']} "
            f"| {row['depth']} | {row['success']:.3f} | {row['position_accuracy']:.3f} "
            f"| {row['predicted']:.3f} | {row['product']:.3f} "
            f"| {'yes' if row['majority_right'] else 'no'} | {row['seconds']:.1f} |"
        )
    return "\n".join(lines)


def plot(rows: list[dict[str, Any]], path: str, *, backend: str, shots: int) -> None:
    """Success probability and the ``(1 - delta)^n`` prediction against ``n``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ns = [row["n"] for row in rows]
    figure, axes = plt.subplots(figsize=(6, 4))
    axes.plot(ns, [row["success"] for row in rows], "o-", label="P(success), measured")
    axes.plot(ns, [row["predicted"] for row in rows], "s--", label="(1 - δ)^n, δ measured")
    axes.plot(ns, [row["position_accuracy"] for row in rows], "^:", label="1 - δ per position")
    axes.axhline(1.0, color="grey", linewidth=0.8)
    axes.set_xlabel("positions n")
    axes.set_ylabel("probability")
    axes.set_ylim(0, 1.05)
    axes.set_xticks(ns)
    axes.set_title(f"FindTwoColorPosition, k = {rows[0]['k']}, {backend}, {shots} shots")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    """Run the sweep; print the table(s)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", default="fake:torino", help="a fake:NAME (default torino)")
    parser.add_argument("--colors", type=int, default=4, help="k (default 4)")
    parser.add_argument("--positions", default="1-5", help="values of n (default 1-5)")
    parser.add_argument("--shots", type=int, default=500, help="shots (default 500)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--plot", metavar="FILE", help="save the plot (.png, .svg, .pdf)")
    parser.add_argument(
        "--runtime", type=int, metavar="N", help="also time the runtime local mode at n = N"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    positions = parse_positions(args.positions)

    from tqdm import tqdm

    from mastermind_q.backends import _device_noise_model, backend_kind

    if backend_kind(args.backend) != "fake":
        parser.error(f"--backend must be fake:NAME, was {args.backend!r}")
    _device_noise_model(args.backend.removeprefix("fake:"))  # one-off cost, not timed
    rows = []
    for n in tqdm(positions, desc="noise sweep", unit="n", file=sys.stderr, disable=args.quiet):
        rows.append(
            measure(n, colors=args.colors, backend=args.backend, shots=args.shots, seed=args.seed)
        )
    print(format_table(rows, backend=args.backend, shots=args.shots))
    if args.plot:
        plot(rows, args.plot, backend=args.backend, shots=args.shots)
    if args.runtime is not None:
        options = {"colors": args.colors, "backend": args.backend, "shots": args.shots}
        fast = measure(args.runtime, seed=args.seed, **options)
        local = measure(args.runtime, seed=args.seed, fake_mode="runtime", **options)
        print()
        print(f"Fast path vs runtime local mode, n = {args.runtime}, k = {args.colors}")
        print()
        print("| path | P(success) | seconds |")
        print("|---|---:|---:|")
        print(f"| Aer, active qubits | {fast['success']:.3f} | {fast['seconds']:.1f} |")
        print(f"| runtime local mode | {local['success']:.3f} | {local['seconds']:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
