"""Helpers shared by the test modules (``from helpers import ...``)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from mastermind_q.codebreaker import Codebreaker
from mastermind_q.codemaker import Codemaker

ROOT = Path(__file__).resolve().parents[1]
"""The repository root (the code the tests import and run)."""

CLI_PRELOAD = ("mastermind_q.cli.main",)
"""What a command line imports before it parses its arguments."""


def run_pythons(
    jobs: dict[str, list[str]],
    *,
    env: dict[str, str] | None = None,
    cwd: dict[str, Path] | Path = ROOT,
    preload: tuple[str, ...] = CLI_PRELOAD,
    warm: tuple[str, ...] = (),
    workers: int = 2,
    address_space: int | None = None,
    wall_limit: float = 600.0,
) -> dict[str, dict[str, Any]]:
    """Run ``python ARGUMENTS`` for each job, each in its own process; id -> result.

    The jobs are forked (``workers`` at a time) from one interpreter that has imported
    ``preload`` and done the one-time set-ups named in ``warm`` (``tests/forkserver.py``:
    ``"transpiler"``, ``"matplotlib"``), so each pays for its command, not for importing
    Qiskit again. A result holds ``status`` (the exit status), ``stdout``,
    ``stderr``, ``cpu_seconds`` and ``peak_bytes`` (of that process alone) and
    ``wall_seconds``. ``env`` is the environment of them all (default: this one).
    """
    folders = {name: str(cwd[name] if isinstance(cwd, dict) else cwd) for name in jobs}
    request = {
        "preload": list(preload),
        "warm": list(warm),
        "jobs": jobs,
        "cwd": folders,
        "workers": workers,
        "address_space": address_space,
        "wall_limit": wall_limit,
    }
    server = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "forkserver.py")],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=os.environ if env is None else env,
        timeout=wall_limit + 60 * len(jobs),
        check=False,
    )
    if server.returncode != 0:
        raise RuntimeError(f"the fork server failed ({server.returncode}): {server.stderr}")
    return json.loads(server.stdout)


def run_cli(capsys: Any, *argv: str) -> tuple[int, str, str]:
    """``mastermind_q.cli.main(argv)`` in this process: exit status, stdout, stderr.

    An argument the parser refuses ends ``main`` with ``SystemExit``; its code is the
    status the command line exits with.
    """
    from mastermind_q import cli

    try:
        status = cli.main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def write_signed_record(folder: Any, name: str, data: Any) -> Any:
    """A record file ``folder/name.json`` holding ``data`` with the digest the toolkit
    writes (a crafted record that passes the digest, to test the checks after it); a
    value that is not an object is written as it is. Returns the path."""
    from pathlib import Path

    from mastermind_q.caching import with_digest

    path = Path(folder) / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    signed = with_digest(path, data) if isinstance(data, dict) else data
    path.write_text(json.dumps(signed))
    path.chmod(0o600)
    return path


def job_record(
    job_id: str = "job-1",
    backend: str = "fake:manila",
    method: str = "nonadaptive",
    n: int = 3,
    k: int = 3,
    *,
    registers: list[str] | None = None,
    circuit_names: list[str] | None = None,
    seed: int = 4,
    **metadata: Any,
) -> Any:
    """A submitted :class:`~mastermind_q.jobs.JobRecord` of 10 shots (``metadata``: more
    run metadata); by default one ``result`` register per circuit of the non-adaptive
    plan for ``k``."""
    from mastermind_q.jobs import JobRecord
    from mastermind_q.quantum import nonadaptive_plan

    if registers is None:
        registers = ["result"] * len(nonadaptive_plan(k))
    return JobRecord.new(
        job_id=job_id,
        backend=backend,
        engine="test",
        metadata={"method": method, "n": n, "k": k, **metadata},
        shots=10,
        seed=seed,
        optimization_level=1,
        registers=registers,
        circuit_names=circuit_names or [f"c{i}" for i in range(len(registers))],
    )


def answer_counts(
    secret: tuple[int, ...], pairs: list[tuple[int, int]], *, hits: int = 8, shots: int = 10
) -> list[dict[str, int]]:
    """Counts whose majority is the pair answer ``[s_i in {c1, c2}]`` (clbit 0 rightmost)."""
    counts = []
    for pair in pairs:
        bits = "".join("1" if colour in pair else "0" for colour in reversed(secret))
        wrong = "".join("1" if bit == "0" else "0" for bit in bits)
        counts.append({bits: hits, wrong: shots - hits})
    return counts


class QuickCodemaker(Codemaker):
    """A codemaker with a cheaper (still complete) guess check, for n in the hundreds: a
    code of ``[k]^n``, an injection ``[n] -> [k]`` in the distinct game."""

    def validate_guess(self, guess: Any) -> tuple[int, ...]:
        code = tuple(guess)
        n, k = self.num_positions, self.num_colors
        if len(code) != n or not all(type(color) is int and 0 <= color < k for color in code):
            raise ValueError(f"guess must be a code of [k]^n, was {code}")
        if self.distinct and len(set(code)) != n:
            raise ValueError(f"guess must be an injection [n] -> [k], was {code}")
        return code


def brute_force(codemaker: Any, *, seed: Any) -> tuple[int, ...]:
    """Ask every code in lexicographic order until the answer is n (k^n queries worst)."""
    n, k = codemaker.num_positions, codemaker.num_colors
    for guess in itertools.product(range(k), repeat=n):
        if codemaker.black(guess) == n:
            return guess
    raise AssertionError("unreachable")


def LocalMethod(  # reads as the class it stands for
    name: str, kind: str, target: str = "", *, solve: Any = None, **attributes: Any
) -> Codebreaker:
    """A codebreaker ``name`` defined here, not imported by name: its ``solve`` is
    :func:`brute_force` (or ``solve``), its other class attributes ``attributes``."""

    play = brute_force if solve is None else solve

    def solve_game(self: Any, codemaker: Any, *, execution: Any = None, seed: Any = None) -> Any:
        return play(codemaker, seed=seed)

    namespace = {"name": name, "kind": kind, "solve": solve_game, **attributes}
    return type("LocalCodebreaker", (Codebreaker,), namespace)()
