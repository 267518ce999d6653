"""The toolkit's disk caches: one folder, one reader and one writer of JSON cache files.

Solved ``optimal`` strategies, exact ``static`` minimum sets and device oracle choices
are cached as small JSON files under one folder: ``$MASTERMIND_Q_CACHE_DIR``
(:data:`CACHE_ENV`) when set, else the user cache folder (``platformdirs``). A cache
file is read only if it is a regular file of the user's own, not a link, at most a
given size (:func:`read_json_cache`); it is written private (``0600``, folder
``0700``) and atomically (:func:`write_json_cache`). Neither raises: a cache that cannot
be read or written only costs a recomputation.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["CACHE_ENV", "cache_folder", "read_json_cache", "write_json_cache"]

CACHE_ENV = "MASTERMIND_Q_CACHE_DIR"
"""Environment variable naming the cache folder of every disk cache."""


def cache_folder(name: str, *, under_override: bool = True) -> Path:
    """The folder of the cache ``name``: ``$MASTERMIND_Q_CACHE_DIR/name`` or the user cache's.

    ``under_override=False``: with :data:`CACHE_ENV` set, the folder it names itself
    (the ``optimal`` and ``static`` caches' layout).
    """
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override) / name if under_override else Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("mastermind_q", appauthor=False)) / name


def read_json_cache(
    path: str | os.PathLike[str], *, max_bytes: int, follow_links: bool = True
) -> Any | None:
    """The JSON value of the cache file ``path``, or ``None``; never raises.

    ``None`` when the file is missing, larger than ``max_bytes``, not a regular file of
    the user's own (:func:`mastermind_q.files.load_json` with ``private=True``), a link
    when ``follow_links`` is false, or not JSON.
    """
    from .files import DataFileError, load_json

    try:
        return load_json(path, max_bytes=max_bytes, private=True, follow_links=follow_links)
    except (DataFileError, OSError):
        return None


def write_json_cache(
    path: str | os.PathLike[str], data: Any, *, sort_keys: bool = False, compact: bool = True
) -> bool:
    """Write ``data`` as JSON to the cache file ``path`` (private, atomic); never raises.

    ``compact``: no spaces after separators. Returns whether the file was written.
    """
    from .files import write_cache_file

    separators = (",", ":") if compact else None
    return write_cache_file(path, json.dumps(data, sort_keys=sort_keys, separators=separators))
