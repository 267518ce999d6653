"""FindTwoColorPosition on a noisy fake device: success probability against n.

Li, Luo, Xu's Problem 2 asks how noise limits the quantum codebreakers. Algorithm 2
(FindTwoColorPosition) answers all ``n`` bits ``s^(c1,c2)_i = [s_i in {c1, c2}]`` with
one query, so a per-position error ``delta`` compounds: if the positions erred
independently, the whole answer would be right with probability ``(1 - delta)^n``.

For each ``n`` a random secret (fixed seed) over ``k`` colours is hidden in the oracle;
the circuit :func:`~mastermind_q.circuits.find_two_color_circuit` for the pair ``(0, 1)``,
with the oracle construction the solvers pick for the device (``auto``), is transpiled
for the device and sampled through
:func:`mastermind_q.backends.sample_counts` (the fast ``fake:`` path: Aer with the
device noise model on the active qubits). The referee, who knows the secret, reports

* ``P(success)``: the fraction of shots equal to the exact answer;
* ``1 - delta``: the mean over positions of the fraction of shots with that bit right;
* ``(1 - delta)^n``: the independent-error prediction, and ``prod_i (1 - delta_i)``;
* whether the majority answer over the shots is right (what the solvers decode);
* the transpiled two-qubit gate count and depth, and the seconds the sampling took
  (the one-off build of the device noise model is done before the sweep).

With ``--solve METHODS`` it also plays whole games (Problem 2 at the solver level): for
each method and ``n``, ``--secrets`` seeded random secrets are solved with
``solve(..., verify=True)`` (:mod:`mastermind_q.verification`), once without and, when
the backends offer readout mitigation (``execution_options(mitigate=True)``), once with
it. One verified run gives both answers: its first classical guess is the plain decoded
code. Per (method, n, mitigation) the table reports

* ``P(circuit)``: the mean observed fraction of shots on each circuit's majority answer
  (the ``circuit_success_probabilities`` of the results);
* ``plain right``: the fraction of secrets whose decoded code was right;
* ``certified``: the fraction certified by ``verify`` (never a wrong one: checked);
* the mean and worst extra (classical) queries that ``verify`` asked, and the mean
  smallest per-position confidence;
* ``(1 - delta)^n``: the per-position error ``delta`` fitted to the per-circuit
  success probabilities of the FindTwoColorPosition table (least squares on
  ``log P = n log(1 - delta)``), beside them.

Usage::

    python benchmarks/noise.py                                  # fake:torino, k=4, n=1..5
    python benchmarks/noise.py --positions 1-3 --shots 200 --quiet
    python benchmarks/noise.py --plot benchmarks/noise.png
    python benchmarks/noise.py --runtime 3      # also time the runtime local mode at n=3
    python benchmarks/noise.py --positions 1-8 --solve nonadaptive,adaptive \
        --secrets 20 --workers 16 --games-out games.jsonl --plot benchmarks/noise.png
    python benchmarks/noise.py --positions 1-8 --games-in games.jsonl  # tables again

Run it with the worktree on the path (``PYTHONPATH=. python benchmarks/noise.py``).
The games of ``--solve nonadaptive --solve-shots 128`` at n = 2..6 are exactly those of
the slow test ``test_verified_nonadaptive_on_fake_torino_certifies_19_of_20`` (same
secrets, seeds and shots).

Prints a markdown table (and, with ``--runtime N``, a second one comparing the fast
path with qiskit-ibm-runtime's local mode on the same circuit).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from typing import Any

from common import noise_secret, parse_positions, sweep_parser


def expected_answer(secret: tuple[int, ...], pair: tuple[int, int]) -> str:
    """The exact outcome of Algorithm 2 as a counts key (clbit 0 rightmost)."""
    return "".join("1" if colour in pair else "0" for colour in reversed(secret))


def measure(
    n: int, *, colors: int, backend: str, shots: int, seed: int, fake_mode: str = "aer"
) -> dict[str, Any]:
    """Run FindTwoColorPosition once for ``n`` positions; return one table row."""
    from mastermind_q.backends import execution_options, sample_counts, transpile_for
    from mastermind_q.circuits.find_two_color import find_two_color_circuit
    from mastermind_q.circuits.oracle import BlackPegOracleGate
    from mastermind_q.quantum import choose_oracle_construction

    secret = noise_secret(n, colors, seed)
    pair = (0, 1)
    # The benchmark knows the secret: it measures the noise on the real oracle gate, in
    # the construction the solvers run on this device (construction="auto").
    construction = choose_oracle_construction(backend, n, colors)
    circuit = find_two_color_circuit(
        BlackPegOracleGate.for_construction(secret, colors, construction=construction),
        *pair,
        num_positions=n,
        colors=colors,
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
        "construction": construction,
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


def solve_row(task: tuple[str, int, int, int, int | None, bool, str]) -> dict[str, Any]:
    """One verified game: ``(method, n, k, secret index, shots, mitigate, backend)``."""
    from mastermind_q import solve
    from mastermind_q.backends import execution_options

    method, n, colors, index, shots, mitigate, backend = task
    rng = random.Random(1000 * n + index)  # the secrets of tests/test_verification.py
    secret = tuple(rng.randrange(colors) for _ in range(n))
    options = {"mitigate": True} if mitigate else {}
    start = time.perf_counter()
    with execution_options(**options):
        result = solve(
            secret, colors=colors, method=method, backend=backend, shots=shots, seed=index,
            verify=True,
        )  # fmt: skip
    if result.certified and result.found != secret:
        raise AssertionError(f"verify certified a wrong code: {result}")
    return {
        "method": method,
        "n": n,
        "k": colors,
        "mitigate": mitigate,
        "plain_right": result.transcript[0][0] == secret,
        "certified": bool(result.certified),
        "classical_queries": result.classical_queries,
        "quantum_queries": result.quantum_queries,
        "circuit": list(result.circuit_success_probabilities),
        "min_confidence": min(result.position_confidence),
        "seconds": time.perf_counter() - start,
    }


def summarise(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (method, n, mitigate) from the games of :func:`solve_row`."""
    groups: dict[tuple[str, int, bool], list[dict[str, Any]]] = {}
    for game in games:
        groups.setdefault((game["method"], game["n"], game["mitigate"]), []).append(game)
    rows = []
    for (method, n, mitigate), items in sorted(groups.items()):
        circuits = [value for item in items for value in item["circuit"]]
        extra = [item["classical_queries"] for item in items]
        rows.append(
            {
                "method": method,
                "n": n,
                "k": items[0]["k"],
                "mitigate": mitigate,
                "games": len(items),
                "quantum_queries": items[0]["quantum_queries"],
                "circuit": sum(circuits) / len(circuits),
                "plain_right": sum(item["plain_right"] for item in items) / len(items),
                "certified": sum(item["certified"] for item in items) / len(items),
                "mean_extra": sum(extra) / len(extra),
                "worst_extra": max(extra),
                "min_confidence": sum(item["min_confidence"] for item in items) / len(items),
                "seconds": sum(item["seconds"] for item in items) / len(items),
            }
        )
    return rows


def fit_delta(rows: list[dict[str, Any]]) -> float:
    """Least-squares ``delta`` of ``log P(success) = n log(1 - delta)`` over ``rows``."""
    points = [(row["n"], row["success"]) for row in rows if row["success"] > 0]
    slope = sum(n * math.log(p) for n, p in points) / sum(n * n for n, _ in points)
    return 1.0 - math.exp(slope)


def format_solve_table(
    rows: list[dict[str, Any]], *, backend: str, shots: int | None, delta: float | None
) -> str:
    """The markdown table of :func:`summarise` rows."""
    fitted = "" if delta is None else f"; fitted delta = {delta:.3f}"
    lines = [
        f"Verified games on `{backend}`, shots {shots or 'default'}{fitted}",
        "",
        "| method | n | mitigation | games | quantum queries | P(circuit) | (1 - delta)^n "
        "| plain right | certified | extra queries mean | worst | min confidence | s/game |",
        "|---|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        model = "" if delta is None else f"{(1 - delta) ** row['n']:.3f}"
        lines.append(
            f"| {row['method']} | {row['n']} | {'yes' if row['mitigate'] else 'no'} "
            f"| {row['games']} | {row['quantum_queries']} | {row['circuit']:.3f} | {model} "
            f"| {row['plain_right']:.2f} | {row['certified']:.2f} | {row['mean_extra']:.2f} "
            f"| {row['worst_extra']} | {row['min_confidence']:.3f} | {row['seconds']:.1f} |"
        )
    return "\n".join(lines)


def format_table(rows: list[dict[str, Any]], *, backend: str, shots: int) -> str:
    """The markdown table of :func:`measure` rows."""
    lines = [
        f"FindTwoColorPosition on `{backend}`, {shots} shots, pair (0, 1), random secret",
        "",
        "| n | k | oracle | qubits | 2q gates | depth | P(success) | 1 - delta "
        "| (1 - delta)^n | prod (1 - delta_i) | majority right | seconds |",
        "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|:---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row['n']} | {row['k']} | {row['construction']} | {row['qubits']} "
            f"| {row['two_qubit_gates']} "
            f"| {row['depth']} | {row['success']:.3f} | {row['position_accuracy']:.3f} "
            f"| {row['predicted']:.3f} | {row['product']:.3f} "
            f"| {'yes' if row['majority_right'] else 'no'} | {row['seconds']:.1f} |"
        )
    return "\n".join(lines)


def plot(
    rows: list[dict[str, Any]],
    path: str,
    *,
    backend: str,
    shots: int,
    solved: list[dict[str, Any]] | None = None,
    delta: float | None = None,
) -> None:
    """Success probability against ``n`` (and, with games, plain vs verified fractions)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = 2 if solved else 1
    figure, all_axes = plt.subplots(1, panels, figsize=(6 * panels, 4), squeeze=False)
    axes = all_axes[0][0]
    ns = [row["n"] for row in rows]
    axes.plot(ns, [row["success"] for row in rows], "o-", label="P(success), measured")
    axes.plot(ns, [row["predicted"] for row in rows], "s--", label="(1 - δ)^n, δ measured")
    if delta is not None:
        axes.plot(
            ns, [(1 - delta) ** n for n in ns], "k:", label=f"(1 - δ)^n, δ = {delta:.3f} fitted"
        )
    axes.plot(ns, [row["position_accuracy"] for row in rows], "^:", label="1 - δ per position")
    axes.axhline(1.0, color="grey", linewidth=0.8)
    axes.set_xlabel("positions n")
    axes.set_ylabel("probability")
    axes.set_ylim(0, 1.05)
    axes.set_xticks(ns)
    axes.set_title(f"FindTwoColorPosition, k = {rows[0]['k']}, {backend}, {shots} shots")
    axes.legend(fontsize=8)
    if solved:
        axes = all_axes[0][1]
        styles = {"nonadaptive": "o", "adaptive": "s", "triples": "^", "two-color": "v"}
        for method, mitigate in sorted({(row["method"], row["mitigate"]) for row in solved}):
            mine = [row for row in solved if (row["method"], row["mitigate"]) == (method, mitigate)]
            xs = [row["n"] for row in mine]
            tag = f"{method}{', mitigated' if mitigate else ''}"
            marker = styles.get(method, "o")
            axes.plot(
                xs, [row["plain_right"] for row in mine], marker + "--", label=f"{tag}: plain"
            )
            axes.plot(
                xs,
                [row["certified"] for row in mine],
                marker + "-",
                markersize=10 - 3 * len(axes.lines) // 4,  # overlapping curves stay visible
                markerfacecolor="none",
                label=f"{tag}: verify (certified)",
            )
        axes.set_xlabel("positions n")
        axes.set_xticks(sorted({row["n"] for row in solved}))
        axes.set_ylabel("fraction of secrets right (certified)")
        axes.set_ylim(0, 1.05)
        axes.set_title(f"Whole games, k = {solved[0]['k']}, {backend}")
        axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def run_games(args: argparse.Namespace, positions: list[int]) -> list[dict[str, Any]]:
    """All verified games of the sweep, in parallel over ``--workers`` processes."""
    import dataclasses
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from tqdm import tqdm

    from mastermind_q.backends import ExecutionOptions

    methods = [name.strip() for name in args.solve.split(",") if name.strip()]
    sizes = parse_positions(args.solve_positions) if args.solve_positions else positions
    can_mitigate = "mitigate" in {field.name for field in dataclasses.fields(ExecutionOptions)}
    tasks = [
        (method, n, args.colors, index, args.solve_shots, mitigate, args.backend)
        for n in sorted(sizes, reverse=True)  # the slowest first: the pool stays busy
        for method in methods
        for mitigate in ((False, True) if can_mitigate else (False,))
        for index in range(args.secrets)
    ]
    bar = tqdm(total=len(tasks), desc="games", unit="game", file=sys.stderr, disable=args.quiet)
    games = []
    sink = open(args.games_out, "a", encoding="utf-8") if args.games_out else None  # noqa: SIM115

    def keep(game: dict[str, Any]) -> None:
        games.append(game)
        bar.update()
        if sink is not None:
            sink.write(json.dumps(game) + "\n")
            sink.flush()

    try:
        if args.workers <= 1:
            for task in tasks:
                keep(solve_row(task))
        else:
            with ProcessPoolExecutor(args.workers) as pool:
                for future in as_completed([pool.submit(solve_row, task) for task in tasks]):
                    keep(future.result())
    finally:
        bar.close()
        if sink is not None:
            sink.close()
    return games


def main(argv: list[str] | None = None) -> int:
    """Run the sweep; print the table(s)."""
    parser = sweep_parser(__doc__, shots=500)
    parser.add_argument("--plot", metavar="FILE", help="save the plot (.png, .svg, .pdf)")
    parser.add_argument(
        "--runtime", type=int, metavar="N", help="also time the runtime local mode at n = N"
    )
    parser.add_argument(
        "--solve", metavar="METHODS", help="also play verified games: comma separated methods"
    )
    parser.add_argument("--secrets", type=int, default=20, help="secrets per game row (20)")
    parser.add_argument(
        "--solve-shots", type=int, default=None, help="shots in the games (default: solve's)"
    )
    parser.add_argument(
        "--solve-positions", help="values of n for the games (default: --positions)"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes for the games (1)")
    parser.add_argument(
        "--games-out", metavar="FILE", help="append each finished game to FILE (JSON lines)"
    )
    parser.add_argument(
        "--games-in", metavar="FILE", help="summarise the games saved in FILE; play none"
    )
    parser.add_argument("--no-circuit", action="store_true", help="skip the single-circuit table")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    positions = parse_positions(args.positions)

    from tqdm import tqdm

    from mastermind_q.backends import backend_kind

    if backend_kind(args.backend) != "fake":
        parser.error(f"--backend must be fake:NAME, was {args.backend!r}")
    rows = []
    if not args.no_circuit:
        measure(1, colors=args.colors, backend=args.backend, shots=args.shots, seed=args.seed)
        for n in tqdm(positions, desc="circuits", unit="n", file=sys.stderr, disable=args.quiet):
            rows.append(
                measure(
                    n, colors=args.colors, backend=args.backend, shots=args.shots, seed=args.seed
                )
            )
        print(format_table(rows, backend=args.backend, shots=args.shots))
    delta = fit_delta(rows) if rows else None
    solved = None
    if args.games_in:
        with open(args.games_in, encoding="utf-8") as stream:
            solved = summarise([json.loads(line) for line in stream if line.strip()])
    elif args.solve:
        solved = summarise(run_games(args, positions))
    if solved is not None:
        print()
        print(format_solve_table(solved, backend=args.backend, shots=args.solve_shots, delta=delta))
    if args.plot and rows:
        plot(
            rows,
            args.plot,
            backend=args.backend,
            shots=args.shots,
            solved=solved,
            delta=delta,
        )
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
