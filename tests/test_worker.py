"""Tests for mastermind_q.backends.worker: simulations in a process Ctrl-C can abandon."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from qiskit import ClassicalRegister, QuantumCircuit, QuantumRegister

from mastermind_q.backends import (
    BackendUnavailableError,
    ExecutionOptions,
    exact_probabilities,
    execution_options,
    sample_counts,
    worker,
)


def _bell() -> QuantumCircuit:
    circuit = QuantumCircuit(QuantumRegister(2, "q"), ClassicalRegister(2, "result"))
    circuit.h(0)
    circuit.cx(0, 1)
    circuit.ry(0.3, 1)
    circuit.measure([0, 1], [0, 1])
    return circuit


def _wait(seconds: float, *, notify) -> float:
    """A simulation stand-in that outlasts several ticks, whatever the machine's speed."""
    time.sleep(seconds)
    return seconds


@pytest.fixture
def worker_sees_tests(monkeypatch):
    """A fresh worker that can import this module (to run :func:`_wait`)."""
    tests = str(Path(__file__).resolve().parent)
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", tests + (os.pathsep + path if path else ""))
    worker.stop_worker()
    yield
    worker.stop_worker()


def test_isolated_runs_equal_in_process_runs():
    plain = sample_counts([_bell(), _bell()], shots=300, seed=7)
    exact = exact_probabilities([_bell()])
    events = []
    with execution_options(isolate=True, progress=events.append):
        isolated = sample_counts([_bell(), _bell()], shots=300, seed=7)
        isolated_exact = exact_probabilities([_bell()])
    assert isolated == plain and isolated_exact == exact
    simulate = [event for event in events if event.stage == "simulate"]
    assert simulate[0].detail == "aer (statevector), 2 circuits, 2 qubits"
    assert any(event.detail.startswith("aer-statevector (exact)") for event in simulate)
    assert worker._WORKER is not None and worker._WORKER.alive()


@pytest.mark.slow  # two worker starts (fast: the worker of an interrupted CLI compare)
def test_an_interrupt_while_waiting_kills_the_worker_and_the_next_run_starts_one(
    worker_sees_tests,
):
    ticks = []

    def interrupt_on_first_tick(event):
        if event.stage == "simulate" and event.seconds > 0:
            ticks.append(event.seconds)
            ticks.append(worker._WORKER.process)
            raise KeyboardInterrupt

    options = ExecutionOptions(isolate=True, progress=interrupt_on_first_tick)
    with pytest.raises(KeyboardInterrupt):
        worker.run_simulation(_wait, 60.0, options=options, label="waiting")
    seconds, process = ticks
    assert 0 < seconds < 5
    assert process.poll() is not None  # killed, not left running
    assert worker._WORKER is None
    with execution_options(isolate=True):
        assert sum(sample_counts([_bell()], shots=10, seed=1)[0].values()) == 10


def test_an_error_in_the_worker_is_raised_here_and_the_worker_stays():
    from mastermind_q.backends.aer import _sample

    options = ExecutionOptions(isolate=True)
    worker.run_simulation(_sample, [_bell()], {}, 5, options=options, label="warm up")
    process = worker._WORKER.process
    with pytest.raises(Exception, match="bogus"):
        worker.run_simulation(
            _sample,
            [_bell()],
            {"backend_options": {"method": "bogus"}},
            5,
            options=options,
            label="bad method",
        )
    assert worker._WORKER is not None and worker._WORKER.process is process


@pytest.mark.slow  # two worker starts (fast: isolated runs, an error in the worker)
def test_a_worker_that_dies_is_an_error_naming_the_signal(worker_sees_tests):
    import signal

    def kill_the_worker(event):
        if event.seconds > 0 and worker._WORKER is not None and worker._WORKER.alive():
            worker._WORKER.process.send_signal(signal.SIGKILL)

    options = ExecutionOptions(isolate=True, progress=kill_the_worker)
    with pytest.raises(BackendUnavailableError, match="signal 9"):
        worker.run_simulation(_wait, 60.0, options=options, label="killed")
    with execution_options(isolate=True):
        assert sum(sample_counts([_bell()], shots=10, seed=1)[0].values()) == 10


def test_isolate_none_isolates_only_long_runs_in_the_main_thread():
    import threading

    from qiskit import QuantumCircuit

    narrow, wide = QuantumCircuit(3), QuantumCircuit(worker.AUTO_ISOLATE_QUBITS + 1)
    long = QuantumCircuit(2)
    for _ in range(worker.AUTO_ISOLATE_OPERATIONS + 1):
        long.x(0)
    auto = ExecutionOptions()
    assert auto.isolate is None
    assert not worker.isolates(auto, [narrow, narrow])
    assert worker.isolates(auto, [narrow, wide])
    assert worker.isolates(auto, [long])
    assert not worker.isolates(auto)  # nothing said of the run: here
    assert worker.isolates(ExecutionOptions(isolate=True), [narrow])
    assert not worker.isolates(ExecutionOptions(isolate=False), [wide])
    seen = []
    thread = threading.Thread(target=lambda: seen.append(worker.isolates(auto, [wide])))
    thread.start()
    thread.join()
    assert seen == [False]  # no KeyboardInterrupt arrives outside the main thread


@pytest.mark.parametrize("bad", ["yes", 1, 0.0])
def test_isolate_must_be_a_bool_or_none(bad):
    with pytest.raises(ValueError, match="isolate must be True, False or None"):
        ExecutionOptions(isolate=bad)


@pytest.mark.slow
def test_sigint_stops_a_long_in_process_solve():
    """SIGINT 3 s into ``mq.solve`` at n = 512, k = 8 ends it within 2 s (no option set)."""
    import signal
    import subprocess
    import sys

    # The child first installs the handler Python installs at start-up unless SIGINT is
    # ignored: a shell that starts a job in the background (``cmd &``) ignores it, and
    # the child would inherit that.
    script = (
        "import random, signal, sys, time\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import mastermind_q as mq\n"
        "from mastermind_q.backends import execution_options\n"
        "secret = tuple(random.Random(1).randrange(8) for _ in range(512))\n"
        "def simulating(event):\n"
        "    if event.stage == 'simulate' and not event.seconds:\n"
        "        print('simulating', flush=True)\n"
        "print('start', flush=True)\n"
        "try:\n"
        "    with execution_options(progress=simulating):\n"
        "        mq.solve(secret, colors=8, method='nonadaptive')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(42)\n"
        "print('finished', flush=True)\n"
    )
    with subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout.readline().strip() == "start"
            started = time.monotonic()
            # Aer holds the GIL while it simulates: interrupt in that stage, at least 3 s
            # into the solve
            assert process.stdout.readline().strip() == "simulating"
            time.sleep(max(0.5, 3 - (time.monotonic() - started)))
            process.send_signal(signal.SIGINT)
            sent = time.monotonic()
            code = process.wait(timeout=30)
            elapsed = time.monotonic() - sent
        finally:
            process.kill()
        assert process.stdout.read().strip() == "interrupted"
    assert code == 42
    assert elapsed < 2, elapsed
