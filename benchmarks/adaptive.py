"""Benchmark the adaptive exact-Grover codebreaker (Li-Luo-Xu Algorithm 4).

For each ``n:k`` size, a random secret (fixed seed) is solved end to end with
``solve(..., method="adaptive")`` in a child process; a size that runs past
``--timeout`` seconds is stopped and reported as ``timeout``. Prints a markdown table:
qubits, the simulation method and oracle construction the solver chose, iterations
``T``, queries ``2T``, transpiled two-qubit gates, solved, success probability
(exact on ``aer-statevector``, fraction of agreeing shots otherwise) and wall-clock
seconds of the ``solve`` call (oracle and circuit build, transpile, simulation,
decoding; after one warm-up solve, so imports are not counted).

Usage::

    python benchmarks/adaptive.py                                # default sizes, aer
    python benchmarks/adaptive.py --backend aer-statevector --sizes 1:16,3:4,4:4,3:6
    python benchmarks/adaptive.py --sizes 16:16,24:16 --timeout 120
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from queue import Empty

DEFAULT_SIZES = "1:16,3:6,4:4,8:8,12:8,16:4,32:4,16:16,8:32,12:32,20:16,24:16"


def _circuit_facts(n: int, k: int, secret: tuple[int, ...], backend: str) -> dict:
    """Width, simulator/oracle construction and transpiled two-qubit gates of the run."""
    from qiskit import transpile

    from mastermind_q.backends import AER_BASIS, aer_method
    from mastermind_q.circuits.grover import adaptive_circuit, exact_grover_parameters
    from mastermind_q.circuits.oracle import BlackPegOracleGate, black_peg_oracle_cost

    default_width = black_peg_oracle_cost(n, k).qubits
    if backend == "aer-statevector":
        method = "statevector"
    else:
        method = aer_method(backend, default_width).replace("matrix_product_state", "mps")
    construction = "increment" if method == "mps" else "fourier"  # as _adaptive_oracle picks
    # The benchmark knows the secret: it transpiles the circuit on the real oracle gate.
    oracle = BlackPegOracleGate.for_construction(secret, k, construction=construction)
    circuit = adaptive_circuit(oracle, num_positions=n, colors=k)
    circuit = circuit.assign_parameters([exact_grover_parameters(k)[1]])
    compiled = transpile(circuit, basis_gates=list(AER_BASIS), optimization_level=1)
    return {
        "qubits": oracle.num_qubits,
        "run": f"{method}, {construction}",
        "two_qubit": sum(1 for item in compiled.data if item.operation.num_qubits == 2),
    }


def _run(size: tuple[int, int], options: dict, queue: multiprocessing.Queue) -> None:
    from mastermind_q import solve

    n, k = size
    rng = random.Random(options["seed"] * 1_000_003 + 1000 * n + k)
    secret = tuple(rng.randrange(k) for _ in range(n))
    solve((1,), colors=2, method="adaptive", backend=options["backend"], shots=1)  # warm-up
    start = time.perf_counter()
    result = solve(
        secret,
        colors=k,
        method="adaptive",
        backend=options["backend"],
        shots=None if options["backend"] == "aer-statevector" else options["shots"],
        seed=options["seed"],
    )
    seconds = time.perf_counter() - start
    queue.put(
        {
            "iterations": result.iterations,
            "queries": result.queries,
            "solved": result.solved,
            "success": result.success_probability,
            "seconds": seconds,
            **_circuit_facts(n, k, secret, options["backend"]),
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=DEFAULT_SIZES, help="comma-separated n:k pairs")
    parser.add_argument("--backend", default="aer")
    parser.add_argument("--shots", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per size")
    args = parser.parse_args()
    sizes = [tuple(int(part) for part in item.split(":")) for item in args.sizes.split(",")]
    options = {"backend": args.backend, "shots": args.shots, "seed": args.seed}
    print(f"backend `{args.backend}`, shots {args.shots}, seed {args.seed}\n")
    print(
        "| n | k | qubits | simulator, oracle | T | queries 2T | 2q gates | solved | success |",
        end="",
    )
    print(" seconds |")
    print("|---:|---:|---:|:---|---:|---:|---:|:---:|---:|---:|")
    context = multiprocessing.get_context("spawn")
    for n, k in sizes:
        queue = context.Queue()
        worker = context.Process(target=_run, args=((n, k), options, queue))
        worker.start()
        try:
            row = queue.get(timeout=args.timeout)
        except Empty:
            status = "timeout" if worker.is_alive() else f"error (exit {worker.exitcode})"
            worker.terminate()
            worker.join()
            print(f"| {n} | {k} | | | | | | {status} | | > {args.timeout:.0f} |", flush=True)
            continue
        worker.join()
        success = "" if row["success"] is None else f"{row['success']:.12f}"
        print(
            f"| {n} | {k} | {row['qubits']} | {row['run']} | {row['iterations']} | "
            f"{row['queries']} | "
            f"{row['two_qubit']} | {row['solved']} | {success} | {row['seconds']:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
