"""Ctrl-C (``SIGINT``) and ``SIGTERM`` while a command runs: exit status ``128 + signal``.

Both signals raise :class:`KeyboardInterrupt` in the main thread; which one arrived is
noted, so that the exit status is 130 for ``SIGINT`` and 143 for ``SIGTERM``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from typing import Any

_SIGNALS_RECEIVED: list[int] = []
"""The stop signals received during the current :func:`main` call."""


def _on_stop_signal(signum: int, frame: Any) -> None:
    """SIGINT and SIGTERM: note which arrived and stop like Ctrl-C does.

    A second signal while the first is being handled (a synthesis or a clean-up that
    does not stop at once) ends the process there: one line, ``128 + signal``
    (:func:`_exit_now`).
    """
    if _SIGNALS_RECEIVED:
        _exit_now(signum)
    _SIGNALS_RECEIVED.append(signum)
    raise KeyboardInterrupt


def _exit_now(signum: int, command: str | None = None) -> None:
    """One line on stderr, then ``os._exit(128 + signum)``: no clean-up, no traceback.

    The simulation worker dies with this process (it asked the kernel to, at its start).
    """
    word = "terminated" if signum == signal.SIGTERM else "interrupted"
    name = "mastermind-q" if command is None else f"mastermind-q {command}"
    with contextlib.suppress(OSError):
        os.write(2, f"{name}: {word}\n".encode())
    os._exit(128 + signum)


def forget_stop_signals() -> None:
    """A new command starts: signals of an earlier :func:`main` call no longer count."""
    _SIGNALS_RECEIVED.clear()


def stop_requested(error: BaseException) -> bool:
    """Whether ``error`` is what a stop signal left: a stop was requested while the
    command ran, or a ``KeyboardInterrupt`` is in its chain of causes (Qiskit's
    transpiler wraps one in a ``TranspilerError``, e.g. ``HighLevelSynthesis is
    unable to synthesize ...``)."""
    if _SIGNALS_RECEIVED:
        return True
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _on_startup_signal(signum: int, frame: Any) -> None:
    """A stop signal before a command runs: one line, status ``128 + signal``, at once.

    Nothing has been done yet that is worth keeping (imports, argument parsing), so the
    process ends with ``os._exit``: no half-imported module is cleaned up, no
    traceback is printed.
    """
    _exit_now(signum)


def handle_startup_signals() -> None:
    """Install the start-up handler for SIGINT and SIGTERM (the console script calls
    this before it imports anything heavy; :func:`stop_signals` takes over while a
    command runs). Main thread only; elsewhere nothing is changed."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _on_startup_signal)


def interrupted_status() -> int:
    """``128 + signal``: 130 for SIGINT (and a bare KeyboardInterrupt), 143 for SIGTERM."""
    return 128 + (_SIGNALS_RECEIVED[-1] if _SIGNALS_RECEIVED else signal.SIGINT)


def stopped() -> str:
    return "terminated" if interrupted_status() == 128 + signal.SIGTERM else "interrupted"


@contextlib.contextmanager
def stop_signals() -> Any:
    """Handle SIGINT and SIGTERM for the block (main thread only), then restore."""
    _SIGNALS_RECEIVED.clear()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {
        signum: signal.signal(signum, _on_stop_signal) for signum in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
