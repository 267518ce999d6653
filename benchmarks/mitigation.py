"""What error suppression and mitigation buy: FindTwoColorPosition on a noisy fake device.

For each ``n`` the secret of ``benchmarks/noise.py`` (same seed rule) is hidden in the
oracle and Algorithm 2 for the pair ``(0, 1)`` runs on ``fake:torino`` through
:func:`mastermind_q.backends.sample_counts` (the fast ``fake:`` path) under each
configuration:

* ``plain``: the default oracle construction (``fourier``), optimisation level 1;
* ``+ mitigate``: readout-error mitigation with mthree, calibrated in the same job;
* ``+ dd XY4``: the circuits scheduled (ALAP) and padded with XY4 dynamical decoupling;
  the idle periods then relax, so ``scheduled`` (the same schedule, padded with plain
  delays) is its fair baseline;
* ``auto L3``: the oracle construction the solvers pick for the device
  (``construction="auto"``, :func:`mastermind_q.quantum.choose_oracle_construction`),
  optimisation level 3; then ``+ mitigate``.

The referee, who knows the secret, reports the per-circuit success probability: the
fraction of shots equal to the exact answer (for mitigated runs: the answer's
quasi-probability), whether the heaviest outcome is the answer (what the solvers
decode), and the seconds the run took (transpiling, noise model, simulation).

``--twirl N`` adds a second table at ``n = N``: the runtime sampler in local mode
(``fake_mode="runtime"``, the ``ibm:`` code path) without and with Pauli twirling;
twirling is the runtime's own (samplomatic), the fast path does not simulate it.

Usage::

    python benchmarks/mitigation.py                       # n = 1..5, 1024 shots
    python benchmarks/mitigation.py --positions 2-3 --configs plain,mitigate
    python benchmarks/mitigation.py --positions 5,8 --configs plain --quiet   # timing
    python benchmarks/mitigation.py --twirl 2

Prints markdown tables (``benchmarks/RESULTS.md``, "Error suppression and mitigation").
"""

from __future__ import annotations

import sys
import time
from typing import Any

from common import noise_secret, parse_positions, sweep_parser

CONFIGS = {
    "plain": {},
    "mitigate": {"mitigate": True},
    "scheduled": {"schedule": True},
    "dd": {"dynamical_decoupling": "XY4"},
    "dd+mitigate": {"dynamical_decoupling": "XY4", "mitigate": True},
    "auto": {"construction": "auto", "optimization_level": 3},
    "auto+mitigate": {"construction": "auto", "optimization_level": 3, "mitigate": True},
}
"""Configuration name -> settings (execution options, oracle construction, schedule)."""


def _scheduled_with_delays(monkeypatch_target: Any) -> Any:
    """A stand-in for the DD pass that pads idle periods with plain delays."""
    from qiskit.transpiler import PassManager
    from qiskit.transpiler.passes import ALAPScheduleAnalysis, PadDelay

    from mastermind_q.backends.names import fake_backend

    def schedule(compiled: Any, device_name: str, sequence: str) -> list[Any]:
        target = fake_backend(device_name).target
        manager = PassManager([ALAPScheduleAnalysis(target=target), PadDelay(target=target)])
        return [manager.run(circuit) for circuit in compiled]

    return schedule


def measure(
    n: int, config: str, *, colors: int, backend: str, shots: int, seed: int, **extra: Any
) -> dict[str, Any]:
    """One row: FindTwoColorPosition for ``n`` positions under ``config``."""
    from mastermind_q.backends import execution_options, runtime, sample_counts
    from mastermind_q.circuits.find_two_color import find_two_color_circuit
    from mastermind_q.circuits.oracle import BlackPegOracleGate
    from mastermind_q.quantum import choose_oracle_construction

    settings = dict(CONFIGS[config])
    settings.update(extra)
    level = settings.pop("optimization_level", 1)
    construction = settings.pop("construction", "fourier")
    schedule = settings.pop("schedule", False)
    start = time.perf_counter()
    if construction == "auto":
        construction = choose_oracle_construction(backend, n, colors, optimization_level=level)
    secret = noise_secret(n, colors, seed)
    pair = (0, 1)
    circuit = find_two_color_circuit(
        BlackPegOracleGate.for_construction(secret, colors, construction=construction),
        *pair,
        num_positions=n,
        colors=colors,
    )
    original = runtime.apply_dynamical_decoupling
    if schedule:  # the DD pass's schedule, idle periods padded with plain delays
        settings["dynamical_decoupling"] = "XX"
        runtime.apply_dynamical_decoupling = _scheduled_with_delays(runtime)
    try:
        with execution_options(optimization_level=level, **settings):
            [counts] = sample_counts([circuit], backend=backend, shots=shots, seed=seed)
    finally:
        runtime.apply_dynamical_decoupling = original
    seconds = time.perf_counter() - start
    answer = "".join("1" if colour in pair else "0" for colour in reversed(secret))
    total = float(sum(counts.values()))
    heaviest = max(sorted(counts), key=lambda key: counts[key])
    return {
        "n": n,
        "config": config,
        "construction": construction,
        "level": level,
        "success": counts.get(answer, 0) / total,
        "majority_right": heaviest == answer,
        "seconds": seconds,
    }


def format_table(rows: list[dict[str, Any]], *, backend: str, shots: int) -> str:
    """Per-circuit success probability: one row per n, one column per configuration."""
    configs = list(dict.fromkeys(row["config"] for row in rows))
    lines = [
        f"FindTwoColorPosition on `{backend}`, k = 4, {shots} shots, pair (0, 1): "
        "per-circuit success probability (heaviest outcome right?) [seconds]",
        "",
        "| n | " + " | ".join(configs) + " |",
        "|---:|" + "---:|" * len(configs),
    ]
    for n in dict.fromkeys(row["n"] for row in rows):
        cells = []
        for config in configs:
            match = [row for row in rows if row["n"] == n and row["config"] == config]
            if not match:
                cells.append("-")
                continue
            row = match[0]
            mark = "" if row["majority_right"] else " (wrong)"
            cells.append(f"{row['success']:.3f}{mark} [{row['seconds']:.1f}]")
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    autos = {
        row["n"]: (row["construction"], row["level"]) for row in rows if "auto" in row["config"]
    }
    if autos:
        lines.append("")
        lines.append(
            "auto: " + ", ".join(f"n = {n}: {c} (level {lv})" for n, (c, lv) in autos.items())
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the sweep; print the table(s)."""
    parser = sweep_parser(__doc__, shots=1024)
    parser.add_argument(
        "--configs",
        default=",".join(CONFIGS),
        help=f"comma separated configurations (default all: {', '.join(CONFIGS)})",
    )
    parser.add_argument("--twirl", type=int, metavar="N", help="runtime twirling table at n=N")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    configs = [name.strip() for name in args.configs.split(",") if name.strip()]
    unknown = sorted(set(configs) - set(CONFIGS))
    if unknown:
        parser.error(f"unknown configurations {unknown}; valid: {', '.join(CONFIGS)}")

    from tqdm import tqdm

    from mastermind_q.backends import backend_kind, fake_backend

    if backend_kind(args.backend) != "fake":
        parser.error(f"--backend must be fake:NAME, was {args.backend!r}")
    fake_backend(args.backend)  # loading the device once, not timed
    tasks = [(n, config) for n in parse_positions(args.positions) for config in configs]
    rows = []
    for n, config in tqdm(tasks, desc="runs", file=sys.stderr, disable=args.quiet):
        rows.append(
            measure(
                n,
                config,
                colors=args.colors,
                backend=args.backend,
                shots=args.shots,
                seed=args.seed,
            )
        )
    print(format_table(rows, backend=args.backend, shots=args.shots))
    if args.twirl is not None:
        options = {"colors": args.colors, "backend": args.backend, "shots": args.shots}
        twirled = []
        for label, extra in (
            ("runtime", {"fake_mode": "runtime"}),
            ("runtime + twirl", {"fake_mode": "runtime", "twirling": True}),
        ):
            row = measure(args.twirl, "plain", seed=args.seed, **options, **extra)
            row["config"] = label
            twirled.append(row)
        print()
        print(format_table(twirled, backend=args.backend, shots=args.shots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
