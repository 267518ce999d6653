"""Simulations in a worker process, so that one Ctrl-C stops a run at once.

Aer holds Python's global interpreter lock while it simulates: during a long run
(a 25-qubit statevector, a noisy ``fake:torino`` job of several minutes) no other
Python thread runs, and a ``SIGINT`` or ``SIGTERM`` handler waits for the end of the
simulation. A run cannot be stopped, and the thread it runs in cannot be abandoned.

With :attr:`~mastermind_q.backends.ExecutionOptions.isolate` (the command line sets
it), :func:`run_simulation` hands the simulation to one worker process instead, started
on first use (a new Python process: about a second to import Qiskit Aer) and reused by
the next runs. The calling thread waits for the answer in short polls, so a
``KeyboardInterrupt`` arrives within a fraction of a second; the worker is then killed
(nothing of a half-done simulation is worth keeping) and the next run starts a fresh
one. The polls also report the ``simulate`` stage with the seconds elapsed.

With ``isolate=False`` the simulation runs in the calling thread: no process is
started, and Ctrl-C waits for Aer. The library default, ``isolate=None``, isolates the
simulations that may be long (:func:`isolates`) when called from the main thread (where a
``KeyboardInterrupt`` lands, in Python and in a Jupyter kernel alike) and runs small ones
in the calling thread, where a worker's start would cost more than the run.

The worker ignores ``SIGINT`` (the terminal sends it to the whole process group: the
parent decides), and on Linux dies with the process that started it.
"""

from __future__ import annotations

import atexit
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .names import BackendUnavailableError
from .options import ExecutionOptions, ProgressEvent

if TYPE_CHECKING:
    from qiskit import QuantumCircuit

__all__ = [
    "AUTO_ISOLATE_OPERATIONS",
    "AUTO_ISOLATE_QUBITS",
    "TICK_SECONDS",
    "isolates",
    "run_simulation",
    "start_worker",
    "stop_worker",
]

TICK_SECONDS = 0.5
"""Seconds between polls of the worker (and ``simulate`` progress events)."""

AUTO_ISOLATE_QUBITS = 20
"""With ``isolate=None``, a circuit wider than this runs in the worker."""

AUTO_ISOLATE_OPERATIONS = 20_000
"""With ``isolate=None``, circuits with more operations in all run in the worker."""

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
"""The folder holding this ``mastermind_q`` package: the worker imports the same code."""


def _ignore(_: Any) -> None:
    return None


def run_simulation(
    function: Callable[..., Any],
    *args: Any,
    options: ExecutionOptions,
    label: str,
    on_message: Callable[[Any], None] | None = None,
    announce: bool = True,
    circuits: Sequence[QuantumCircuit] = (),
) -> Any:
    """``function(*args, notify=...)``, in the worker when :func:`isolates` says so.

    ``circuits`` (what Aer simulates) let ``isolate=None`` judge whether the run may be
    long; without them it runs here.

    ``function`` must be a module-level function and ``args`` and its return value
    picklable. It may call ``notify(value)`` (e.g. with a job id once submitted);
    ``on_message(value)`` then runs in the calling process, at once.

    Reports :class:`ProgressEvent` ``("simulate", detail=label)`` when the simulation
    starts (unless ``announce`` is false: the caller reports it, e.g. after a job was
    submitted) and, isolated, every :data:`TICK_SECONDS` with the seconds elapsed.

    Raises:
        KeyboardInterrupt: while waiting (the worker is killed first).
        BackendUnavailableError: the worker process died (e.g. killed for memory).
        Exception: whatever ``function`` raised, re-raised here.
    """
    if announce:
        options.report(ProgressEvent("simulate", 0, 1, label))
    if not isolates(options, circuits):
        return function(*args, notify=on_message or _ignore)

    def tick(seconds: float) -> None:
        options.report(ProgressEvent("simulate", 0, 1, label, seconds=seconds))

    return _worker().call(function, args, on_message or _ignore, tick)


def isolates(options: ExecutionOptions, circuits: Sequence[QuantumCircuit] = ()) -> bool:
    """Whether a simulation of ``circuits`` runs in the worker under ``options``.

    ``options.isolate`` when it is ``True`` or ``False``. ``None`` (the library default):
    in the main thread only (elsewhere no ``KeyboardInterrupt`` arrives), for Aer
    circuits of which one is wider than :data:`AUTO_ISOLATE_QUBITS` qubits, or with more
    than :data:`AUTO_ISOLATE_OPERATIONS` operations in all.
    """
    if options.isolate is not None:
        return options.isolate
    if threading.current_thread() is not threading.main_thread():
        return False
    widest = max((circuit.num_qubits for circuit in circuits), default=0)
    operations = sum(len(circuit.data) for circuit in circuits)
    return widest > AUTO_ISOLATE_QUBITS or operations > AUTO_ISOLATE_OPERATIONS


def start_worker() -> None:
    """Start the worker process now (it imports Qiskit Aer while the caller transpiles)."""
    _worker()


def stop_worker() -> None:
    """Kill the worker process, if one runs (the next isolated run starts a new one)."""
    global _WORKER
    with _LOCK:
        if _WORKER is not None:
            _WORKER.kill()
            _WORKER = None


class _Worker:
    """One worker process and the two pipes to it."""

    def __init__(self) -> None:
        request_read, request_write = os.pipe()
        reply_read, reply_write = os.pipe()
        # Before any heavy import: ignore SIGINT (the parent decides) and die with the
        # parent (Linux), so a Ctrl-C during the worker's start-up cannot leave it
        # importing Qiskit for seconds after the parent is gone.
        # (Importing any mastermind_q module imports the backends package, i.e. Qiskit:
        # the start is inlined, standard library only.)
        code = (
            "import ctypes, os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
            "parent = int(sys.argv[3]); linux = sys.platform.startswith('linux'); "
            "parent and linux and ctypes.CDLL(None).prctl(1, signal.SIGKILL); "
            "parent and linux and os.getppid() != parent and os._exit(0); "
            f"sys.path.insert(0, {_PACKAGE_ROOT!r}); "
            "from mastermind_q.backends.worker import _serve; _serve()"
        )
        die_with_parent = threading.current_thread() is threading.main_thread()
        try:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    code,
                    str(request_read),
                    str(reply_write),
                    str(os.getpid() if die_with_parent else 0),
                ],
                pass_fds=(request_read, reply_write),
                stdin=subprocess.DEVNULL,
                stdout=sys.__stderr__.fileno() if sys.__stderr__ else subprocess.DEVNULL,
            )
        finally:
            os.close(request_read)
            os.close(reply_write)
        self.requests = Connection(request_write, readable=False)
        self.replies = Connection(reply_read, writable=False)

    def alive(self) -> bool:
        return self.process.poll() is None

    def call(
        self,
        function: Callable[..., Any],
        args: tuple[Any, ...],
        on_message: Callable[[Any], None],
        tick: Callable[[float], None],
    ) -> Any:
        started = time.monotonic()
        try:
            self.requests.send((function, args))
            while True:
                if not self.replies.poll(TICK_SECONDS):
                    if not self.alive():
                        raise self._died()
                    tick(time.monotonic() - started)
                    continue
                try:
                    kind, value = self.replies.recv()
                except EOFError:
                    self.process.wait()
                    raise self._died() from None
                if kind == "message":
                    on_message(value)
                elif kind == "result":
                    return value
                else:
                    raise value
        except BaseException as error:
            if not isinstance(error, Exception) or not self.idle_after(error):
                stop_worker()  # interrupted, or the worker's state is unknown
            raise

    def idle_after(self, error: BaseException) -> bool:
        """Whether the worker finished the request that ended in ``error``."""
        return bool(getattr(error, "_mastermind_q_from_worker", False))

    def _died(self) -> BackendUnavailableError:
        status = self.process.returncode
        how = f"signal {-status}" if status is not None and status < 0 else f"status {status}"
        hint = " (killed: out of memory?)" if status == -signal.SIGKILL else ""
        return BackendUnavailableError(f"the simulation process ended with {how}{hint}")

    def kill(self) -> None:
        for connection in (self.requests, self.replies):
            connection.close()
        if self.alive():
            self.process.kill()
        self.process.wait()


_LOCK = threading.RLock()
_WORKER: _Worker | None = None


def _worker() -> _Worker:
    global _WORKER
    with _LOCK:
        if _WORKER is None or not _WORKER.alive():
            _WORKER = _Worker()
        return _WORKER


atexit.register(stop_worker)


def _die_with_parent(parent: int) -> None:
    """Linux: have the kernel kill this process when ``parent`` ends (best effort)."""
    if not parent or not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent ended before prctl
        os._exit(0)


def _serve() -> None:
    """The worker's loop: run requests until the request pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    request_fd, reply_fd, parent = (int(value) for value in sys.argv[1:4])
    _die_with_parent(parent)  # again, in case _serve is started another way
    requests = Connection(request_fd, writable=False)
    replies = Connection(reply_fd, readable=False)

    def notify(value: Any) -> None:
        replies.send(("message", value))

    while True:
        try:
            function, args = requests.recv()
        except EOFError:
            return
        try:
            result = function(*args, notify=notify)
        except Exception as error:
            error._mastermind_q_from_worker = True  # type: ignore[attr-defined]
            try:
                replies.send(("error", error))
            except Exception:  # an exception that does not pickle
                text = f"simulation failed: {type(error).__name__}: {error}"
                replies.send(("error", BackendUnavailableError(text)))
        else:
            replies.send(("result", result))
