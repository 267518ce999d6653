"""Progress of the long classical searches (``static`` minimum sets, ``optimal`` trees).

One mechanism for every search: :func:`search_progress` sets a ``callback(done,
total)`` for the searches of one kind started inside a ``with`` block, and the search
reads it once, when it starts (:func:`progress_callback`). The library never prints;
the command line passes a progress bar.

Example:
    >>> seen = []
    >>> with search_progress("optimal", lambda done, total: seen.append((done, total))):
    ...     progress_callback("optimal") is not None, progress_callback("static")
    (True, None)
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator

__all__ = ["SEARCHES", "ProgressCallback", "progress_callback", "search_progress"]

ProgressCallback = Callable[[int, int], None]
"""``callback(done, total)``: ``done`` of ``total`` steps of a search are settled."""

SEARCHES = ("optimal", "static")
"""The searches that report progress."""

_CALLBACKS: contextvars.ContextVar[dict[str, ProgressCallback] | None] = contextvars.ContextVar(
    "mastermind_q_search_progress", default=None
)


def _check_search(search: str) -> str:
    if search not in SEARCHES:
        raise ValueError(f"search must be one of {', '.join(SEARCHES)}, was {search!r}")
    return search


@contextlib.contextmanager
def search_progress(search: str, callback: ProgressCallback | None) -> Iterator[None]:
    """Report the progress of the ``search`` searches started inside the block.

    ``callback=None`` silences them inside the block.

    Raises:
        ValueError: an unknown ``search``.
    """
    _check_search(search)
    callbacks = dict(_CALLBACKS.get() or {})
    if callback is None:
        callbacks.pop(search, None)
    else:
        callbacks[search] = callback
    token = _CALLBACKS.set(callbacks)
    try:
        yield
    finally:
        _CALLBACKS.reset(token)


def progress_callback(search: str) -> ProgressCallback | None:
    """The callback set for ``search`` by the enclosing :func:`search_progress` block."""
    return (_CALLBACKS.get() or {}).get(_check_search(search))
