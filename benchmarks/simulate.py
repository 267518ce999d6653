"""Simulation cost of the quantum codebreakers on Aer against n: tables and growth exponents.

Three parts (markdown):

0. ``growth`` (issue 12): the whole ``solve(secret, colors=k, method=M, backend="aer",
   seed=1)`` for ``adaptive`` at k = 16 (``--adaptive``, 100 shots) and ``nonadaptive``
   at k = 8 (``--nonadaptive``, 1024 shots) over a range of n, with wall-clock and CPU
   seconds (``time.process_time``: every thread of the process, Aer's included; on a
   shared machine the CPU seconds are the stable figure), and the growth exponent
   ``b`` of ``seconds ~ a n^b`` fitted by least squares on ``log n`` over the rows
   (each method, wall and CPU).

1. ``find-two-color``: one FindTwoColorPosition circuit (Algorithm 2, pair (0, 1)),
   split into build (oracle + circuit), transpile and run (Aer ``SamplerV2``, 1024
   shots). Setups:

   * ``mps``: what the toolkit's ``aer`` / ``aer-mps`` backends do -- basis
     :data:`~mastermind_q.backends.AER_MPS_BASIS` (``cp``, ``ccx`` kept native),
     :func:`~mastermind_q.backends.order_for_mps` (score register and ancillas first)
     and ``mps_swap_direction = "mps_swap_right"``;
   * ``mps-naive``: Aer's MPS with the oracle layout as it is (score and ancillas
     last), Aer's default swap direction and basis ``cx, rz, sx, x, h, p, u`` -- the
     setup of the first prototype;
   * ``statevector``: Aer's statevector method (narrow circuits only).

2. ``solve``: the whole game, ``mastermind_q.solve(secret, colors=k, method=M,
   backend=B, seed=1)`` (1024 shots, or exact probabilities on ``aer-statevector``),
   for ``nonadaptive``, ``triples`` and ``two-color``.

Every row checks the answer (``ok``). Seconds are wall clock (``time.perf_counter``);
on a shared machine they vary with the load.

Usage::

    python benchmarks/simulate.py                        # default sizes (several minutes)
    python benchmarks/simulate.py --quick                # small sizes only
    python benchmarks/simulate.py --growth-only          # part 0 only (issue 12 goals)
    python benchmarks/simulate.py --growth-only --adaptive 16,32,64 --nonadaptive 1024
    python benchmarks/simulate.py --find 64,256,1024 --k 8 --naive 64,256
    python benchmarks/simulate.py --solve nonadaptive:256:8,two-color:4096:2
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections.abc import Sequence

from qiskit import transpile
from qiskit_aer.primitives import SamplerV2

from mastermind_q import solve
from mastermind_q.backends import AER_BASIS, MPS_SWAP_DIRECTION, order_for_mps, transpile_for
from mastermind_q.circuits.find_two_color import find_two_color_circuit, two_color_positions
from mastermind_q.circuits.oracle import BlackPegOracleGate

SHOTS = 1024
# nonadaptive at n = 4096, k = 8 needs about 1.1 million two-qubit gates over its seven
# circuits, above the toolkit's default guard (mastermind_q.limits): raise it here.
os.environ.setdefault("MASTERMIND_Q_MAX_CIRCUIT_GATES", "5000000")
STATEVECTOR_LIMIT = 26
"""Widest circuit run with the statevector method here (2^26 amplitudes = 1 GiB)."""


def random_secret(n: int, k: int, seed: int) -> tuple[int, ...]:
    rng = random.Random(1000 * n + k + seed)
    return tuple(rng.randrange(k) for _ in range(n))


def find_two_color_row(n: int, k: int, setup: str, seed: int) -> dict[str, object] | None:
    """Build, transpile and run one FindTwoColorPosition circuit; time each phase.

    Returns ``None`` for a statevector row wider than :data:`STATEVECTOR_LIMIT`.
    """
    secret = random_secret(n, k, seed)
    start = time.perf_counter()
    # The benchmark knows the secret: it times the simulator on the real oracle gate.
    oracle = BlackPegOracleGate.for_construction(secret, k)
    circuit = find_two_color_circuit(oracle, 0, 1, num_positions=n, colors=k)
    built = time.perf_counter()
    if setup == "statevector" and circuit.num_qubits > STATEVECTOR_LIMIT:
        return None
    if setup == "mps":
        compiled = order_for_mps(transpile_for([circuit], "aer-mps")[0])
        options = {"method": "matrix_product_state", "mps_swap_direction": MPS_SWAP_DIRECTION}
    elif setup == "mps-naive":
        compiled = transpile(circuit, basis_gates=list(AER_BASIS), optimization_level=1)
        options = {"method": "matrix_product_state"}
    else:
        compiled = transpile_for([circuit], "aer-statevector")[0]
        options = {"method": "statevector"}
    transpiled = time.perf_counter()
    sampler = SamplerV2(
        options={"backend_options": options, "run_options": {"seed_simulator": seed}}
    )
    counts = sampler.run([compiled], shots=SHOTS).result()[0].data.result.get_counts()
    done = time.perf_counter()
    expected = "".join(str(bit) for bit in reversed(two_color_positions(secret, 0, 1)))
    return {
        "setup": setup,
        "n": n,
        "k": k,
        "qubits": circuit.num_qubits,
        "build_s": built - start,
        "transpile_s": transpiled - built,
        "run_s": done - transpiled,
        "total_s": done - start,
        "ok": counts == {expected: SHOTS},
    }


def solve_row(method: str, n: int, k: int, backend: str, seed: int) -> dict[str, object]:
    secret = random_secret(n, k, seed)
    start = time.perf_counter()
    result = solve(secret, colors=k, method=method, backend=backend, seed=seed)
    seconds = time.perf_counter() - start
    return {
        "method": method,
        "n": n,
        "k": k,
        "backend": backend,
        "queries": result.queries,
        "P(success)": result.success_probability,
        "total_s": seconds,
        "ok": result.solved,
    }


def growth_row(method: str, n: int, k: int, shots: int, seed: int) -> dict[str, object]:
    """One whole solve on ``aer``: wall and CPU seconds, queries, answer checked."""
    secret = random_secret(n, k, seed)
    wall, cpu = time.perf_counter(), time.process_time()
    result = solve(secret, colors=k, method=method, backend="aer", shots=shots, seed=seed)
    return {
        "method": method,
        "n": n,
        "k": k,
        "shots": shots,
        "queries": result.queries,
        "wall_s": time.perf_counter() - wall,
        "cpu_s": time.process_time() - cpu,
        "ok": result.solved and result.found == secret,
    }


def growth_exponent(rows: Sequence[dict[str, object]], column: str) -> float:
    """Least-squares slope of ``log(seconds)`` against ``log(n)`` (``nan`` below 2 rows)."""
    points = [(math.log(float(r["n"])), math.log(max(float(r[column]), 1e-9))) for r in rows]
    if len(points) < 2:
        return math.nan
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


def growth(args: argparse.Namespace) -> None:
    """Part 0: the growth tables and their fitted exponents."""
    solve((1, 0), colors=3, method="adaptive", backend="aer", shots=8, seed=1)  # warm-up
    solve((1, 0, 2, 2), colors=8, method="nonadaptive", backend="aer", seed=1)
    for method, sizes, k, shots in (
        ("adaptive", parse_sizes(args.adaptive), args.adaptive_k, 100),
        ("nonadaptive", parse_sizes(args.nonadaptive), args.nonadaptive_k, SHOTS),
    ):
        if not sizes:
            continue
        print(f"\n`{method}`, k = {k}, {shots} shots, backend aer\n", flush=True)
        rows = []
        for n in sizes:
            rows.append(growth_row(method, n, k, shots, args.seed))
            lines = markdown(rows).splitlines()
            print("\n".join(lines if len(rows) == 1 else lines[-1:]), flush=True)
        print(
            f"\ngrowth exponent b (seconds ~ n^b), n = {sizes[0]}..{sizes[-1]}: "
            f"CPU {growth_exponent(rows, 'cpu_s'):.2f}, "
            f"wall {growth_exponent(rows, 'wall_s'):.2f}",
            flush=True,
        )


def markdown(rows: Sequence[dict[str, object]]) -> str:
    if not rows:
        return "(no rows)"
    columns = list(rows[0])
    lines = [
        "| " + " | ".join(columns) + " |",
        "|" + "|".join("---:" if column != "ok" else ":---:" for column in columns) + "|",
    ]
    for row in rows:
        cells = []
        for column in columns:
            value = row[column]
            if isinstance(value, bool):
                cells.append("yes" if value else "NO")
            elif isinstance(value, float):
                cells.append(f"{value:.2f}" if column.endswith("_s") else f"{value:.6g}")
            else:
                cells.append(str(value))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def parse_sizes(text: str) -> list[int]:
    return [int(item) for item in text.split(",") if item.strip()]


def parse_solves(text: str) -> list[tuple[str, int, int]]:
    jobs = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        method, n, k = item.split(":")
        jobs.append((method, int(n), int(k)))
    return jobs


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=8, help="colours for find-two-color rows")
    parser.add_argument("--find", default="4,64,256,1024", help="n values, toolkit MPS")
    parser.add_argument("--naive", default="64,256", help="n values, naive MPS setup")
    parser.add_argument("--statevector", default="2,4,6", help="n values, statevector")
    parser.add_argument(
        "--solve",
        default=(
            "nonadaptive:4:8,nonadaptive:64:8,nonadaptive:256:8,"
            "triples:4:8,triples:64:8,triples:256:8,"
            "two-color:6:2,two-color:256:2,two-color:1024:2"
        ),
        help="method:n:k items, run on the default backend (aer)",
    )
    parser.add_argument(
        "--solve-exact",
        default="nonadaptive:3:4,triples:3:5,two-color:6:2",
        help="method:n:k items, run on aer-statevector (exact probabilities)",
    )
    parser.add_argument(
        "--adaptive", default="16,24,32,48,64", help="n values, adaptive growth rows"
    )
    parser.add_argument("--adaptive-k", type=int, default=16)
    parser.add_argument(
        "--nonadaptive", default="256,512,1024,2048,4096", help="n values, nonadaptive rows"
    )
    parser.add_argument("--nonadaptive-k", type=int, default=8)
    parser.add_argument("--growth-only", action="store_true", help="part 0 only")
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.quick:
        args.find, args.naive, args.statevector = "4,64", "64", "2,4"
        args.solve = "nonadaptive:16:8,triples:16:8,two-color:64:2"
        args.solve_exact = "nonadaptive:3:4,two-color:4:2"
        args.adaptive, args.nonadaptive = "8,16", "64,128"

    print("Growth in n of whole solves on aer")
    growth(args)
    if args.growth_only:
        return

    find_two_color_row(2, 3, "mps", args.seed)  # warm-up: imports and synthesis plugins
    rows = []
    for setup, sizes in (
        ("statevector", parse_sizes(args.statevector)),
        ("mps-naive", parse_sizes(args.naive)),
        ("mps", parse_sizes(args.find)),
    ):
        for n in sizes:
            row = find_two_color_row(n, args.k, setup, args.seed)
            if row is not None:
                rows.append(row)
    print(f"\nFindTwoColorPosition, pair (0, 1), k = {args.k}, {SHOTS} shots\n")
    print(markdown(rows))

    solves = [
        solve_row(method, n, k, "aer", args.seed) for method, n, k in parse_solves(args.solve)
    ]
    solves += [
        solve_row(method, n, k, "aer-statevector", args.seed)
        for method, n, k in parse_solves(args.solve_exact)
    ]
    print("\nsolve(): the whole game (default backend aer picks MPS above 14 qubits)\n")
    print(markdown(solves))


if __name__ == "__main__":
    main()
