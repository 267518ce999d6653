"""Where the rows of a comparison run: here, in local worker processes, or on a Dask cluster.

The rows of a comparison are independent tasks: each derives its secrets and simulator
seeds from the master seed, ``n``, ``k`` and the method
(:func:`~mastermind_q.compare.tasks.run_task`), so a row is the same wherever and in
whatever order it runs. Three executors share one
contract -- yield ``(index, task, row, reason)`` for every task as it finishes, ``row`` the
:class:`~mastermind_q.compare.rows.CompareRow` or ``reason`` why the solver refused the
size:

* :func:`serial_results`: in this process, in plan order (the default);
* :func:`process_results`: ``workers`` local processes (:mod:`multiprocessing`, ``spawn``
  start method: Qiskit and Aer hold threads that a ``fork`` would copy mid-state). Each
  worker ignores ``SIGINT``: one Ctrl-C reaches the parent, which terminates the pool and
  keeps the rows that finished. Each worker runs Aer with ``cpu_count // workers``
  OpenMP threads, so workers do not oversubscribe the cores;
* :func:`dask_results`: an existing Dask distributed cluster (``client``). Dask is the
  distributed engine of the scientific Python stack (NumPy, pandas, xarray, scikit-learn
  use it), installs from PyPI as pure Python, and reaches HPC schedulers (dask-jobqueue:
  SLURM, PBS) and Kubernetes with the same ``Client``; Ray would work too but brings a
  large binary runtime and its own object store that these small, CPU-bound tasks do
  not need. Install it with ``pip install -e ".[distributed]"``. Every Dask worker needs
  ``mastermind_q`` importable.

The sweep's :class:`~mastermind_q.backends.Execution` record travels with each task:
serial rows get it as it is; a worker process (or Dask worker) gets its fields (backend,
shots, options except the progress callback) and builds the same record from them.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import signal
from collections.abc import Generator, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..backends.names import BackendUnavailableError
from .rows import CompareRow, CompareTask

if TYPE_CHECKING:
    from ..backends import Execution

__all__ = [
    "WorkersFailedError",
    "connect",
    "dask_results",
    "process_results",
    "run_one",
    "serial_results",
    "validate_workers",
]

Outcome = tuple[int, CompareTask, CompareRow | None, str | None]
"""``(index in the task list, task, row, reason)``: one of ``row`` and ``reason`` is set."""


def validate_workers(workers: Any) -> int:
    """``workers`` as an int >= 1 (``None`` means 1); raise ``ValueError`` naming it.

    Raises:
        ValueError: not an integer >= 1.
        mastermind_q.limits.ResourceLimitError: above ``MASTERMIND_Q_MAX_WORKERS``.
    """
    import numbers

    if workers is None:
        return 1
    if isinstance(workers, bool) or not isinstance(workers, numbers.Integral) or workers < 1:
        raise ValueError(f"workers must be an integer >= 1, was {workers!r}")
    from ..limits import check_workers

    return check_workers(int(workers))


def execution_fields(execution: Execution) -> dict[str, Any]:
    """``execution`` as plain values for another process (no callback, no batch).

    The worker rebuilds the record with :func:`execution_from_fields`; its simulations
    are not isolated again (a worker is itself the process that Ctrl-C abandons).
    """
    options = execution.options
    settings = {field.name: getattr(options, field.name) for field in dataclasses.fields(options)}
    settings["progress"] = None  # a callback of the caller's process
    settings["isolate"] = False
    return {"backend": execution.backend, "shots": execution.shots, "options": settings}


def execution_from_fields(fields: dict[str, Any]) -> Execution:
    """The :class:`~mastermind_q.backends.Execution` of :func:`execution_fields`."""
    from ..backends import Execution, ExecutionOptions

    return Execution(
        fields["backend"], fields["shots"], None, ExecutionOptions(**fields["options"])
    )


Item = tuple[int, CompareTask, dict[str, Any], "Execution | dict[str, Any] | None"]
"""``(index, task, run options, execution record or its fields)``."""


def run_one(item: Item) -> Outcome:
    """Run one task (in any process): ``item`` is ``(index, task, run options, execution)``.

    ``execution`` is the sweep's record, or its :func:`execution_fields` (in a worker
    process), or ``None`` (a record built from the options in force).
    A ``ValueError`` from a solver (a size it refuses) becomes the ``reason``; one from a
    bound row (a bug) and a backend that cannot run
    (:class:`~mastermind_q.backends.BackendUnavailableError`) propagate.
    """
    from ..backends import BackendUnavailableError
    from . import tasks

    index, task, options, execution = item
    if isinstance(execution, dict):
        execution = execution_from_fields(execution)
    try:
        return index, task, tasks.run_task(task, **options, execution=execution), None
    except ValueError as error:
        if task.kind == "bound" or isinstance(error, BackendUnavailableError):
            raise
        return index, task, None, str(error)


def _items(
    tasks: Sequence[CompareTask], options: dict[str, Any], execution: Execution | None
) -> list[Item]:
    fields = None if execution is None else execution_fields(execution)
    return [(index, task, options, fields) for index, task in enumerate(tasks)]


def _longest_first(items: list[Item], options: dict[str, Any]) -> list[Item]:
    """``items`` with the rows estimated to take longest first (stable otherwise).

    The pool hands rows to its workers in this order, so the sweep's few long rows start
    at once instead of last, when the other worker would wait idle for them (the
    longest-processing-time rule). The rows are reported in plan order anyway.
    """
    from .costs import estimate_seconds

    samples = options.get("samples") or 10
    quantum_samples = options.get("quantum_samples") or 1

    def cost(item: Item) -> float:
        return estimate_seconds(item[1], samples=samples, quantum_samples=quantum_samples)

    return sorted(items, key=cost, reverse=True)


def serial_results(
    tasks: Iterable[CompareTask], options: dict[str, Any], execution: Execution | None = None
) -> Generator[Outcome, None, None]:
    """Run ``tasks`` here, one after the other, in order (``tasks`` is read lazily)."""
    for index, task in enumerate(tasks):
        yield run_one((index, task, options, execution))


def _init_worker(threads: int) -> None:
    """Pool initializer: leave Ctrl-C to the parent; share the cores among the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ["OMP_NUM_THREADS"] = str(threads)


def process_results(
    tasks: Sequence[CompareTask],
    options: dict[str, Any],
    execution: Execution | None = None,
    *,
    workers: int,
) -> Generator[Outcome, None, None]:
    """Run ``tasks`` in ``workers`` local processes; yield outcomes as they finish.

    A :class:`concurrent.futures.ProcessPoolExecutor` (``spawn``): a worker that cannot
    start or dies makes the pool *broken*, one clear error, where
    :class:`multiprocessing.pool.Pool` would start replacements forever. The rows
    estimated to take longest are handed out first (:func:`_longest_first`). Closing the
    generator early or an exception (``KeyboardInterrupt`` included) in the caller
    kills the workers at once: a half-done simulation is not worth waiting for.

    Raises:
        WorkersFailedError: a worker process could not start or died.
    """
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    threads = max(1, (os.cpu_count() or 1) // workers)
    executor = ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_init_worker,
        initargs=(threads,),
    )
    finished = False
    try:
        items = _longest_first(_items(tasks, options, execution), options)
        futures = [executor.submit(run_one, item) for item in items]
        for future in as_completed(futures):
            try:
                outcome = future.result()
            except BrokenProcessPool as error:
                raise WorkersFailedError(
                    f"a worker process of the {workers} could not start or died ({error}); "
                    'from a script, start the sweep under `if __name__ == "__main__":` '
                    "(worker processes import the main module), or use workers=1"
                ) from None
            yield outcome
        finished = True
    finally:
        if not finished:
            _kill_workers(executor)
        executor.shutdown(wait=True, cancel_futures=True)


def _kill_workers(executor: Any) -> None:
    """Kill the processes of a ``ProcessPoolExecutor`` (public API from Python 3.14)."""
    kill = getattr(executor, "kill_workers", None)
    if kill is not None:
        kill()
        return
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        if process.is_alive():
            process.kill()


class WorkersFailedError(BackendUnavailableError):
    """Local worker processes of a sweep could not start, or one died."""


def dask_results(
    tasks: Sequence[CompareTask],
    options: dict[str, Any],
    execution: Execution | None = None,
    *,
    client: Any,
) -> Generator[Outcome, None, None]:
    """Run ``tasks`` on the Dask cluster of ``client``; yield outcomes as they finish.

    An exception in the caller (``KeyboardInterrupt`` included) cancels what has not run.
    """
    try:
        from distributed import as_completed
    except ImportError as error:  # pragma: no cover - the extra is installed in CI
        raise ValueError(
            'a Dask client needs the distributed extra: pip install -e ".[distributed]"'
        ) from error
    futures = client.map(run_one, _items(tasks, options, execution), pure=False)
    try:
        for future in as_completed(futures, loop=client.loop):
            yield future.result()
    finally:
        client.cancel(futures)


_PROBE_MAX_BYTES = 1 << 20
"""Largest first message a scheduler may send to the probe (Dask's handshake is ~1 kB)."""


def _read_exactly(sock: Any, count: int) -> bytes:
    chunks, left = [], count
    while left:
        chunk = sock.recv(min(left, 65536))
        if not chunk:
            raise ConnectionError("the connection closed during the handshake")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _probe_scheduler(host: str, port: int, timeout: float, address: str) -> None:
    """Read the first message of the scheduler at ``host:port``, refusing garbage.

    Dask's TCP comm frames every message as an 8-byte length and a frame table; a server
    that is not a Dask scheduler can send any 8 bytes, which Dask would take as a length
    and allocate (3 EiB in the audit). Here the handshake is read with the standard
    library, at most :data:`_PROBE_MAX_BYTES`, before Dask connects.

    Raises:
        ValueError: no answer within ``timeout``, or an answer that is not a Dask
            handshake (one line each).
    """
    import socket
    import struct

    where = repr(address)
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.settimeout(timeout)
            (size,) = struct.unpack("<Q", _read_exactly(sock, 8))
            if not 16 <= size <= _PROBE_MAX_BYTES:
                raise ValueError(f"its first message claims {size} bytes")
            body = _read_exactly(sock, size)
            (frames,) = struct.unpack_from("<Q", body)
            if not 1 <= frames <= (size - 8) // 8:
                raise ValueError(f"its first message claims {frames} frames")
            lengths = struct.unpack_from(f"<{frames}Q", body, 8)
            if sum(lengths) > _PROBE_MAX_BYTES:
                raise ValueError(f"its first message claims {sum(lengths)} bytes of frames")
    except ValueError as error:
        raise ValueError(
            f"the server at {where} does not speak the Dask protocol ({error}); "
            "is it a Dask scheduler?"
        ) from None
    except (OSError, ConnectionError) as error:  # refused, unreachable, timed out
        reason = (
            "no answer" if isinstance(error, TimeoutError) else str(error) or type(error).__name__
        )
        raise ValueError(
            f"no Dask scheduler answered at {where} within {timeout:g} s: {reason}"
        ) from None


def connect(address: str, *, timeout: float = 10.0) -> Any:
    """A Dask ``Client`` for the scheduler at ``address`` (``tcp://host:8786``).

    Only ``tcp://`` (or a bare ``host:port``) is accepted: ``tls://`` needs
    certificates and ``ucx://`` / ``inproc://`` need setups this entry point does not
    take. The scheduler's first message is read first with the standard library
    (:func:`_probe_scheduler`: time-out, size cap), so a wrong address or a server
    that is not Dask is one clear error and leaves no half-made client behind, and Dask
    never sees a garbage frame.

    Raises:
        ValueError: ``distributed`` is not installed, ``address`` is not a tcp
            address, no scheduler answers at it within ``timeout`` seconds, or what
            answers is not a Dask scheduler (one line each).
    """
    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError as error:  # pragma: no cover - the extra is installed in CI
        raise ValueError(
            'a Dask scheduler needs the distributed extra: pip install -e ".[distributed]"'
        ) from error
    if not isinstance(address, str) or not address.strip():
        raise ValueError(f"scheduler must be an address like tcp://host:8786, was {address!r}")
    try:
        scheme, location = parse_address(address.strip())
        host, port = parse_host_port(location)
    except (ValueError, TypeError) as error:
        raise ValueError(
            f"scheduler must be an address like tcp://host:8786, was {address!r}: {error}"
        ) from None
    if scheme != "tcp":
        raise ValueError(
            f"scheduler must be an address like tcp://host:8786, was {address!r}: "
            f"scheme {scheme!r} is not supported, only tcp://"
        )
    if not isinstance(port, int) or not 0 < port < 65536:
        raise ValueError(f"scheduler must be an address like tcp://host:8786, was {address!r}")
    _probe_scheduler(host, port, timeout, address)
    try:
        return Client(f"tcp://{host}:{port}", timeout=timeout, set_as_default=False)
    except Exception as error:  # Dask's own errors: one line, whatever they are
        raise ValueError(
            f"could not connect to the Dask scheduler at {address!r}: "
            f"{type(error).__name__}: {error}"
        ) from None
