"""Compile settings per device: two-qubit gates, depth, compile time and success.

For each device (default ``fake:torino`` and ``fake:sherbrooke``) and each ``n``
(default 5 and 8, ``k = 4``), a random secret (seed ``1000 n + k``) is hidden in the
oracle and the circuits the non-adaptive solver submits are built with the oracle
construction the solvers pick for the device at that level (``auto``):

* FindTwoColorPosition for the pair ``(0, 1)`` (Algorithm 2), compiled with every
  setting for each transpiler seed of ``--seeds`` (default 1, 2, 3): two-qubit gates,
  depth and compile seconds (medians over the seeds);
* its **success**: the fraction of ``--shots`` shots equal to the exact answer on the
  fast ``fake:`` noisy path (:func:`mastermind_q.backends.noisy.run_fast_fake`,
  simulator seed 7), the mean over the transpiler seeds;
* ``run s``: the median seconds of that noisy run (the execution a compile serves);
* ``success/s``: the success divided by the median seconds of compile *and* run, and
  ``success/compile s``, the success divided by the compile seconds alone (the rule of
  :data:`mastermind_q.backends.transpiling.DEVICE_COMPILE_SETTINGS` takes the highest
  geometric-mean success over the sizes; these break ties);
* the three circuits of ``resources nonadaptive --colors 4`` (transpiler seed 0, as
  ``mastermind-q resources`` does): their two-qubit gates summed.

A setting is ``level/layout/routing`` (preset pass manager
``generate_preset_pass_manager(optimization_level, target, layout_method,
routing_method, seed_transpiler)``); ``bestN`` after it means "compile with seeds
``s, s+1, ..., s+N-1`` and keep the circuit with the fewest two-qubit gates" (compile
time summed).

Usage::

    PYTHONPATH=. nice python benchmarks/devices.py                  # both devices
    PYTHONPATH=. nice python benchmarks/devices.py --devices fake:torino --positions 5
    PYTHONPATH=. nice python benchmarks/devices.py --no-success     # compile only

Prints one markdown table per device.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from qiskit import QuantumCircuit

SETTINGS = (
    "1/sabre/sabre",
    "1/dense/sabre",
    "1/trivial/sabre",
    "2/sabre/sabre",
    "2/dense/sabre",
    "2/sabre/basic",
    "3/sabre/sabre",
    "3/dense/sabre",
    "3/trivial/sabre",
    "3/sabre/basic",
    "2/sabre/sabre best3",
    "3/sabre/sabre best3",
    "1/default/default",
    "3/default/default",
)
"""The settings measured (``level/layout/routing``, ``bestN`` as in the docstring)."""


def parse_setting(text: str) -> tuple[int, str | None, str | None, int]:
    """``"3/sabre/sabre best3"`` -> ``(3, "sabre", "sabre", 3)``."""
    head, _, best = text.partition(" best")
    level, layout, routing = head.split("/")
    return int(level), _method(layout), _method(routing), int(best or 1)


def _method(name: str) -> str | None:
    """A layout or routing method; ``default`` is the preset's own (``None``)."""
    return None if name == "default" else name


def two_qubit_gates(circuit: QuantumCircuit) -> int:
    """Gates on exactly two qubits."""
    return sum(1 for item in circuit.data if item.operation.num_qubits == 2)


def compile_with(
    circuits: Sequence[QuantumCircuit], device: Any, setting: str, seed: int
) -> tuple[list[QuantumCircuit], float]:
    """``circuits`` compiled with ``setting`` from transpiler seed ``seed``; seconds."""
    from qiskit.transpiler import generate_preset_pass_manager

    level, layout, routing, best = parse_setting(setting)
    start = time.perf_counter()
    chosen: list[QuantumCircuit] = []
    for circuit in circuits:
        candidates = []
        for offset in range(best):
            manager = generate_preset_pass_manager(
                optimization_level=level,
                target=device.target,
                layout_method=layout,
                routing_method=routing,
                seed_transpiler=seed + offset,
            )
            candidates.append(manager.run(circuit))
        chosen.append(min(candidates, key=lambda c: (two_qubit_gates(c), c.depth())))
    return chosen, time.perf_counter() - start


def expected_answer(secret: Sequence[int], pair: tuple[int, int]) -> str:
    """Algorithm 2's exact outcome as a counts key (clbit 0 rightmost)."""
    return "".join("1" if colour in pair else "0" for colour in reversed(secret))


def measure_device(
    device_name: str,
    positions: Sequence[int],
    *,
    colors: int,
    seeds: Sequence[int],
    shots: int,
    success: bool,
    settings: Sequence[str],
) -> list[dict[str, Any]]:
    """One row per (n, setting)."""
    from mastermind_q.backends import resolve_backend
    from mastermind_q.backends.noisy import device_noise_model, run_fast_fake
    from mastermind_q.circuits.find_two_color import find_two_color_circuit
    from mastermind_q.circuits.oracle import BlackPegOracleGate
    from mastermind_q.quantum import choose_oracle_construction
    from mastermind_q.resources import named_circuits

    device = resolve_backend(device_name)
    short = device_name.split(":", 1)[1]
    device_noise_model(short)  # the one-off full model, outside the timings
    rows = []
    for n in positions:
        rng = random.Random(1000 * n + colors)
        secret = tuple(rng.randrange(colors) for _ in range(n))
        for setting in settings:
            level = parse_setting(setting)[0]
            construction = choose_oracle_construction(
                device_name, n, colors, optimization_level=level
            )
            circuit = find_two_color_circuit(
                BlackPegOracleGate.for_construction(secret, colors, construction=construction),
                0,
                1,
                num_positions=n,
                colors=colors,
            )
            twos, depths, seconds, successes, runs = [], [], [], [], []
            for seed in seeds:
                (compiled,), elapsed = compile_with([circuit], device, setting, seed)
                twos.append(two_qubit_gates(compiled))
                depths.append(compiled.depth())
                seconds.append(elapsed)
                if success:
                    start = time.perf_counter()
                    (counts,) = run_fast_fake([compiled], short, shots=shots, seed=7)
                    runs.append(time.perf_counter() - start)
                    answer = expected_answer(secret, (0, 1))
                    successes.append(counts.get(answer, 0) / sum(counts.values()))
            method = named_circuits(
                "nonadaptive", num_positions=n, colors=colors, construction=construction
            )
            compiled_method, _ = compile_with(method, device, setting, 0)
            row = {
                "device": device_name,
                "n": n,
                "setting": setting,
                "construction": construction,
                "two_qubit": statistics.median(twos),
                "depth": statistics.median(depths),
                "compile_s": statistics.median(seconds),
                "success": statistics.mean(successes) if successes else None,
                "nonadaptive_two_qubit": sum(two_qubit_gates(c) for c in compiled_method),
            }
            if row["success"] is not None:
                row["run_s"] = statistics.median(runs)
                row["per_second"] = row["success"] / (row["compile_s"] + row["run_s"])
                row["per_compile_second"] = row["success"] / row["compile_s"]
            rows.append(row)
            print_row(row, flush=True)
    return rows


def print_row(row: dict[str, Any], *, flush: bool = False) -> None:
    """One markdown table row."""
    success = "-" if row["success"] is None else f"{row['success']:.3f}"
    rate = f"{row['per_second']:.3f}" if "per_second" in row else "-"
    compile_rate = f"{row['per_compile_second']:.1f}" if "per_second" in row else "-"
    run = f"{row['run_s']:.2f}" if "run_s" in row else "-"
    print(
        f"| {row['device']} | {row['n']} | {row['setting']} | {row['construction']} "
        f"| {row['two_qubit']:g} | {row['depth']:g} | {row['compile_s']:.3f} | {run} "
        f"| {success} | {rate} | {compile_rate} | {row['nonadaptive_two_qubit']} |",
        flush=flush,
    )


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devices", default="fake:torino,fake:sherbrooke")
    parser.add_argument("--positions", default="5,8")
    parser.add_argument("--colors", type=int, default=4)
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--shots", type=int, default=1024)
    parser.add_argument("--settings", default=",".join(SETTINGS))
    parser.add_argument("--no-success", action="store_true", help="compile counts only")
    args = parser.parse_args(argv)
    positions = [int(value) for value in args.positions.split(",")]
    seeds = [int(value) for value in args.seeds.split(",")]
    settings = args.settings.split(",")
    print(
        f"seeds {seeds} (transpiler), simulator seed 7, {args.shots} shots, k = {args.colors}; "
        "nonadaptive column: transpiler seed 0"
    )
    print(
        "| device | n | setting | oracle | 2q gates | depth | compile s | run s | success "
        "| success/s | success/compile s | nonadaptive 2q |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for device in args.devices.split(","):
        measure_device(
            device,
            positions,
            colors=args.colors,
            seeds=seeds,
            shots=args.shots,
            success=not args.no_success,
            settings=settings,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
