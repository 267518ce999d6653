"""Ctrl-C (``SIGINT``) and ``SIGTERM`` while a command runs: exit status ``128 + signal``.

Both signals raise :class:`KeyboardInterrupt` in the main thread; which one arrived is
noted, so that the exit status is 130 for ``SIGINT`` and 143 for ``SIGTERM``.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any

_SIGNALS_RECEIVED: list[int] = []
"""The stop signals received during the current :func:`main` call."""


def _on_stop_signal(signum: int, frame: Any) -> None:
    """SIGINT and SIGTERM: note which arrived and stop like Ctrl-C does."""
    _SIGNALS_RECEIVED.append(signum)
    raise KeyboardInterrupt


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
