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
