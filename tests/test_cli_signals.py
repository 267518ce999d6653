"""Ctrl-C and SIGTERM on the real command line (a subprocess), during long simulations.

Each test starts ``python -m mastermind_q.cli`` (cwd: the checkout, so it runs this
code), waits until the run shows the stage named on stderr, sends the signal, and
checks that the process ends within :data:`PROMPT` seconds with status 128 + signal,
keeping what finished. The simulations chosen take minutes when not stopped.
"""

from __future__ import annotations

import csv
import io
import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import ClassVar

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROMPT = 10.0
"""Seconds a stopped run may take to exit (it takes well under one; the machine is shared)."""
START = 120.0
"""Seconds a run may take to reach the stage the test waits for."""


class _Run:
    """The CLI in a subprocess; stderr collected by a thread."""

    started: ClassVar[list[_Run]] = []
    """Every run of the current test (closed when it ends, whatever its outcome)."""

    def __init__(self, *argv: str) -> None:
        _Run.started.append(self)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mastermind_q.cli", *argv],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.err = bytearray()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while chunk := self.process.stderr.read1(4096):
            self.err.extend(chunk)

    def wait_for(self, text: str, path: Path | None = None, lines: int = 0) -> None:
        """Until stderr shows ``text`` (and ``path`` has ``lines`` lines)."""
        deadline = time.monotonic() + START
        while time.monotonic() < deadline and self.process.poll() is None:
            shown = text.encode() in self.err
            if shown and (path is None or _lines(path) >= lines):
                return
            time.sleep(0.05)
        self.close()
        pytest.fail(f"never reached {text!r}: {self.err.decode(errors='replace')[-500:]}")

    def close(self) -> None:
        """Kill the process if it still runs; close the pipes."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.reader.join(timeout=5)
        self.process.stdout.close()
        self.process.stderr.close()

    def stop(self, signum: int) -> tuple[int, str, str]:
        """Send ``signum``; the exit status, stdout and stderr once it ended."""
        self.process.send_signal(signum)
        try:
            status = self.process.wait(timeout=PROMPT)
        except subprocess.TimeoutExpired:
            self.close()
            pytest.fail(f"still running {PROMPT} s after signal {signum}")
        out = self.process.stdout.read().decode()
        self.close()
        return status, out, self.err.decode(errors="replace")


@pytest.fixture(autouse=True)
def _close_every_run():
    """Kill what a test left running and close its pipes, also when an assertion failed
    (an open pipe would surface as a ResourceWarning in a later test)."""
    yield
    while _Run.started:
        _Run.started.pop().close()


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines()) if path.exists() else 0


def _compare(positions: str, *extra: str) -> _Run:
    """``compare`` of ``two-color`` at k = 2 on the exact simulator (n = 20 takes minutes)."""
    return _Run(
        "compare", "--positions", positions, "--colors", "2", "--methods", "two-color",
        "--simulate-up-to", "20", "--backend", "aer-statevector", "--no-bounds", "--no-formulas",
        *extra,
    )  # fmt: skip


def _assert_only_the_first_row(path: Path, out: str) -> None:
    """The CSV at ``path`` and the table ``out`` hold the n = 2 row alone."""
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert [(row["n"], row["method"], row["queries"]) for row in rows] == [("2", "two-color", "1")]
    lines = out.splitlines()  # the compact table: one column, n = 2, k = 2
    assert lines[0].split()[-1] == "n=2" and lines[1].split() == ["k=2"]
    assert [line.split() for line in lines[2:] if line.startswith("  ")] == [
        ["two-color", "quantum", "2"]  # to win: the one query and the final guess
    ]


@pytest.mark.slow  # fast: SIGINT at start-up and before a compare's first row
def test_ctrl_c_stops_a_statevector_simulation():
    run = _Run(
        "solve", "--method", "two-color", "--colors", "2", "--random", "20",
        "--backend", "aer-statevector",
    )  # fmt: skip
    run.wait_for("simulate: aer-statevector (exact), 1 circuit, 25 qubits")
    status, out, err = run.stop(signal.SIGINT)
    assert status == 130 and out == ""
    assert err.rstrip().endswith("mastermind-q solve: interrupted")
    assert "Traceback" not in err


@pytest.mark.slow  # fast: Ctrl-C in a simulation, SIGTERM in a compare
def test_ctrl_c_stops_a_noisy_fake_job_and_keeps_its_record(tmp_path):
    run = _Run(
        "solve", "--method", "triples", "--colors", "7", "--random", "4", "--seed", "3",
        "--backend", "fake:hanoi", "--record-job", "--jobs-dir", str(tmp_path),
    )  # fmt: skip
    run.wait_for("simulate: fake:hanoi")
    run.wait_for("submitted; record")
    status, out, err = run.stop(signal.SIGINT)
    assert status == 130 and out == "" and "Traceback" not in err
    (record,) = tmp_path.glob("*.json")
    job = json.loads(record.read_text(encoding="utf-8"))
    assert job["backend"] == "fake:hanoi" and job["status"] != "done"
    assert f"stopped waiting for job {job['job_id']}; its record is {record}" in err


@pytest.mark.parametrize(
    ("signum", "status", "word"),
    [
        pytest.param(signal.SIGINT, 130, "interrupted", marks=pytest.mark.slow),  # fast: a solve
        (signal.SIGTERM, 143, "terminated"),
    ],
)
def test_a_stopped_compare_keeps_its_finished_rows(tmp_path, signum, status, word):
    path = tmp_path / "rows.csv"
    run = _compare("2,20", "--csv", str(path))
    run.wait_for("n=20 k=2 two-color: simulate", path, lines=2)
    code, out, err = run.stop(signum)
    assert code == status and "Traceback" not in err
    _assert_only_the_first_row(path, out)
    assert f"mastermind-q compare: {word} after 1 rows" in err


@pytest.mark.slow  # fast: the finished rows of a stopped compare
def test_the_csv_header_is_there_while_the_first_row_runs(tmp_path):
    path = tmp_path / "rows.csv"
    run = _compare("20", "--csv", str(path))
    run.wait_for("two-color: simulate")
    assert path.read_text(encoding="utf-8").startswith("n,k,method,kind,setting,feedback,")
    code, out, _ = run.stop(signal.SIGINT)
    assert code == 130 and _lines(path) == 1
    assert out.split()[:3] == ["n", "k", "method"]  # the (empty) long table is still printed


@pytest.mark.slow  # fast: the serial compare, and the worker of an interrupted compare
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_parallel_compare_keeps_its_rows_and_leaves_no_worker(tmp_path, signum, status):
    import psutil

    path = tmp_path / "rows.csv"
    run = _compare("2,20", "--csv", str(path), "--workers", "2")
    run.wait_for("2 workers", path, lines=2)
    workers = psutil.Process(run.process.pid).children(recursive=True)
    assert workers  # the pool's processes (one of them simulating n = 20)
    code, out, err = run.stop(signum)
    assert code == status and "Traceback" not in err
    _assert_only_the_first_row(path, out)
    _, alive = psutil.wait_procs(workers, timeout=PROMPT)
    assert not alive, f"workers left running: {alive}"


# -- issue 16: a CP-SAT solve, start-up, and the worker before the first row ---------------
LONG_SOLVES = {
    # CP-SAT ignored SIGINT (its own handler stopped one solve and the game went on).
    "consistent": ("--method consistent --distinct --colors 64 --random 64", {}),
    # A static game at n = k = 4096 (balanced set: about 39,000 queries, 25-30 s a game).
    "static": ("--method static --colors 4096 --random 4096 --seed 1", {}),
    # The exact static minimum's CP-SAT search at n = 5, k = 3 (243 codes; hours).
    "static-minimum": (
        "--method static --scheme minimum --colors 3 --random 5 --seed 1",
        {"MASTERMIND_Q_MAX_STATIC_OTHER_CODES": "243"},
    ),
}
"""Solves that take minutes -> their options and environment."""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("signum", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
@pytest.mark.parametrize("solve", LONG_SOLVES)
def test_a_signal_stops_a_long_solve_within_2_s(solve, signum, status, word, monkeypatch):
    options, environment = LONG_SOLVES[solve]
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    run = _Run("solve", *options.split())
    time.sleep(6.0)  # imports, then well into the game (each takes 25 s or more)
    assert run.process.poll() is None
    started = time.monotonic()
    code, _, err = run.stop(signum)
    assert time.monotonic() - started < 2.0
    assert code == status and "Traceback" not in err
    assert err.strip().splitlines()[-1] == f"mastermind-q solve: {word}"


def test_a_signal_during_start_up_is_one_line_and_no_traceback():
    """While the commands are imported: the signal is sent as soon as NumPy's extension is
    mapped into the process (the handler went in before that import; a classical game
    imports no Qiskit), before the command runs (Python's own start-up, before any of
    our code, is not covered)."""
    import psutil

    run = _Run("solve", "--method", "consistent", "--distinct", "--colors", "64", "--random", "64")
    process = psutil.Process(run.process.pid)
    deadline = time.monotonic() + START
    while time.monotonic() < deadline and run.process.poll() is None:
        try:
            if any("numpy" in item.path for item in process.memory_maps()):
                break
        except (psutil.Error, OSError):  # pragma: no cover - a map read mid-change
            pass
        time.sleep(0.005)
    code, _, err = run.stop(signal.SIGINT)
    assert code == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.strip() == "mastermind-q: interrupted"  # the start-up handler's line


def test_the_simulation_worker_does_not_outlive_an_interrupted_compare():
    import psutil

    run = _compare("20")
    deadline = time.monotonic() + START
    children: list = []
    while time.monotonic() < deadline and not children and run.process.poll() is None:
        children = psutil.Process(run.process.pid).children(recursive=True)
        time.sleep(0.02)
    assert children, "no simulation worker was started"
    code, _, err = run.stop(signal.SIGINT)  # before the first row (n = 20 takes minutes)
    assert code == 130 and "Traceback" not in err
    _, alive = psutil.wait_procs(children, timeout=1.0)
    assert not alive, f"the worker outlived its parent: {alive}"


# -- a signal during synthesis, a second signal, and a figure after a stop --------------
def _big_solve() -> _Run:
    """The non-adaptive solve at n = 1024, k = 8: seconds of synthesis, then minutes."""
    return _Run("solve", "--method", "nonadaptive", "--colors", "8", "--random", "1024")


def test_a_signal_during_synthesis_is_the_interrupt_not_a_transpiler_error():
    run = _big_solve()
    run.wait_for("transpile (7 circuits)")
    time.sleep(0.3)  # inside the oracle's high-level synthesis
    started = time.monotonic()
    code, _, err = run.stop(signal.SIGINT)
    assert time.monotonic() - started < 2.0
    assert code == 130 and "Traceback" not in err and "TranspilerError" not in err, err
    assert err.strip().splitlines()[-1] == "mastermind-q solve: interrupted"


@pytest.mark.parametrize("stage", ["transpile (7 circuits)", "simulate: aer"])
def test_a_second_signal_ends_the_run_at_once_with_one_line(stage):
    run = _big_solve()
    run.wait_for(stage)
    time.sleep(0.2)
    run.process.send_signal(signal.SIGINT)
    time.sleep(0.05)
    started = time.monotonic()
    code, _, err = run.stop(signal.SIGINT)
    assert time.monotonic() - started < 2.0
    assert code == 130 and "Traceback" not in err, err
    assert err.strip().splitlines()[-1].endswith(": interrupted")


def test_a_stopped_compare_draws_no_figure(tmp_path):
    path, figure = tmp_path / "rows.csv", tmp_path / "figure.png"
    run = _compare("2,3,20", "--csv", str(path), "--plot", str(figure))
    run.wait_for("n=20 k=2 two-color: simulate", path, lines=3)  # two rows: a curve
    code, _, err = run.stop(signal.SIGINT)
    assert code == 130 and "Traceback" not in err
    assert "interrupted after 2 rows" in err
    assert not list(tmp_path.glob("figure*")) and "wrote" not in err.replace(f"wrote {path}", "")


def test_a_transpiler_error_left_by_an_interrupt_is_reported_as_the_interrupt():
    from qiskit.transpiler.exceptions import TranspilerError

    from mastermind_q.cli.signals import stop_requested

    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interruption:
            raise TranspilerError("HighLevelSynthesis is unable to synthesize") from interruption
    except TranspilerError as error:
        assert stop_requested(error)
    assert not stop_requested(TranspilerError("a real failure"))


def test_an_earlier_commands_signal_does_not_turn_a_later_error_into_an_interrupt(capsys):
    from mastermind_q import cli
    from mastermind_q.cli import signals

    signals._SIGNALS_RECEIVED.append(signal.SIGINT)  # left by an interrupted earlier call
    status = cli.main(["draw", "nonadaptive", "--colors", "3", "--secret", "0,9,1"])
    assert status == 2 and "error" in capsys.readouterr().err


@pytest.mark.slow  # about 30 runs of a short command
def test_a_signal_as_a_command_finishes_is_never_a_death_by_the_signal():
    """Ctrl-C or SIGTERM sent around the moment a command ends: the process either ends
    as the command did (status 0, no line) or with one line and ``128 + signal``; it
    never dies by the signal (status -2) nor prints a traceback (interpreter
    finalization, which puts the default handlers back, is skipped)."""
    import random

    argv = ("solve", "--method", "permutation", "--colors", "4", "--secret", "0,1,2,3")
    start = time.monotonic()
    first = _Run(*argv)
    first.process.wait(timeout=START)
    took = time.monotonic() - start
    first.close()
    randomness = random.Random(7)
    seen = []
    for attempt in range(30):
        signum = (signal.SIGINT, signal.SIGTERM)[attempt % 2]
        run = _Run(*argv)
        time.sleep(took * randomness.uniform(0.7, 1.1))
        if run.process.poll() is None:
            run.process.send_signal(signum)
        status = run.process.wait(timeout=PROMPT)
        time.sleep(0.05)
        run.close()
        err = run.err.decode(errors="replace")
        seen.append(status)
        assert status in (0, 128 + signum), (status, err)
        assert "Traceback" not in err, err
        if status:
            assert len(err.strip().splitlines()) == 1, err
    assert 0 in seen  # the window was hit from both sides
