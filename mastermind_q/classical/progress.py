"""Progress of the long classical searches (a codebreaker's own: ``optimal``'s trees,
``static``'s minimum sets).

One mechanism for every search: :func:`search_progress` sets a ``callback(done,
total)`` for the searches of one codebreaker started inside a ``with`` block, and the
search reads it once, when it starts (:func:`progress_callback`). A codebreaker whose
searches report progress names them in its ``search_bar`` attribute (what the
command line's bar says: a description and a unit). The library never prints; the
command line passes a progress bar.

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

__all__ = ["ProgressCallback", "progress_callback", "search_progress"]

ProgressCallback = Callable[[int, int], None]
"""``callback(done, total)``: ``done`` of ``total`` steps of a search are settled."""

_CALLBACKS: contextvars.ContextVar[dict[str, ProgressCallback] | None] = contextvars.ContextVar(
    "mastermind_q_search_progress", default=None
)


def _check_search(search: str) -> str:
    """``search``: the name of the codebreaker whose searches report."""
    if not isinstance(search, str) or not search:
        raise ValueError(f"search must be a codebreaker's name, was {search!r}")
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
