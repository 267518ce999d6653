"""The toolkit's disk caches: one folder, one reader and one writer of JSON cache files.

Solved ``optimal`` strategies, exact ``static`` minimum sets and device oracle choices
are cached as small JSON files under one folder: ``$MASTERMIND_Q_CACHE_DIR``
(:data:`CACHE_ENV`) when set, else the user cache folder (``platformdirs``). A cache
file is read only if it is a regular file of the user's own, not a link, at most a
given size (:func:`read_json_cache`); it is written private (``0600``, folder
``0700``) and atomically (:func:`write_json_cache`). Neither raises: a cache that cannot
be read or written only costs a recomputation.

A cache whose content the toolkit cannot re-check cheaply (an ``optimal`` strategy: a
valid tree replays correctly whether or not it is optimal) is *keyed*: the file holds a
digest, an HMAC-SHA256 of its value under a random key kept in the cache folder
(``.cache-key``, ``0600``) over its name and value; a file whose digest does not match
(edited, copied from another game's file, or written by anything but this toolkit) is
ignored like a missing one. Job records (:mod:`mastermind_q.jobs`) carry the same
digest, under a key in their own folder (:func:`with_digest`, :func:`without_digest`);
an altered record is refused rather than ignored.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

__all__ = [
    "CACHE_ENV",
    "cache_folder",
    "read_json_cache",
    "with_digest",
    "without_digest",
    "write_json_cache",
]

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


KEY_FILE = ".cache-key"
"""The file, in a keyed cache's folder, holding the key of its digests."""
_DIGEST = "digest"


def _cache_key(folder: Path, *, create: bool) -> bytes | None:
    """The folder's digest key (made on first use with ``create``), or ``None``."""
    from .files import DataFileError, read_capped, write_cache_file

    path = folder / KEY_FILE
    try:
        text: str | None = read_capped(
            path, max_bytes=256, private=True, follow_links=False
        ).decode("ascii")
    except (DataFileError, OSError, UnicodeDecodeError):
        text = None
    if text is not None:
        try:
            key = bytes.fromhex(text.strip())
        except ValueError:
            key = b""
        if len(key) >= 32:
            return key
    if not create:
        return None
    key = secrets.token_bytes(32)
    return key if write_cache_file(path, key.hex()) else None


def _digest(key: bytes, path: str | os.PathLike[str], data: Any) -> str:
    """HMAC-SHA256 of the file's name and its value (a file copied to another game's name
    fails it)."""
    canonical = Path(path).name + "\n" + json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hmac.new(key, canonical.encode(), hashlib.sha256).hexdigest()


def with_digest(path: str | os.PathLike[str], data: dict[str, Any]) -> dict[str, Any] | None:
    """``data`` and its digest, for the file ``path`` (the key, in its folder, is made on
    first use); ``None`` when no key can be kept there. Never raises."""
    key = _cache_key(Path(path).parent, create=True)
    if key is None:
        return None
    return {**data, _DIGEST: _digest(key, path, data)}


def without_digest(path: str | os.PathLike[str], data: Any) -> dict[str, Any] | None:
    """The value of ``data`` read from the file ``path`` without its digest when the
    digest matches (the value as :func:`with_digest` wrote it, under the key of the
    file's folder, for this file's name), else ``None``. Never raises."""
    if type(data) is not dict or type(data.get(_DIGEST)) is not str:
        return None
    key = _cache_key(Path(path).parent, create=False)
    value = {name: item for name, item in data.items() if name != _DIGEST}
    if key is None:
        return None
    try:
        matches = hmac.compare_digest(_digest(key, path, value), data[_DIGEST])
    except (TypeError, ValueError, RecursionError):  # a digest of other characters
        return None
    return value if matches else None


def read_json_cache(
    path: str | os.PathLike[str],
    *,
    max_bytes: int,
    follow_links: bool = True,
    keyed: bool = False,
) -> Any | None:
    """The JSON value of the cache file ``path``, or ``None``; never raises.

    ``None`` when the file is missing, larger than ``max_bytes``, not a regular file of
    the user's own (:func:`mastermind_q.files.load_json` with ``private=True``), a link
    when ``follow_links`` is false, or not JSON; with ``keyed``, also when its digest
    does not match (the value is returned without it).
    """
    from .files import DataFileError, load_json

    try:
        data = load_json(path, max_bytes=max_bytes, private=True, follow_links=follow_links)
    except (DataFileError, OSError):
        return None
    return without_digest(path, data) if keyed else data


def write_json_cache(
    path: str | os.PathLike[str],
    data: Any,
    *,
    sort_keys: bool = False,
    compact: bool = True,
    keyed: bool = False,
) -> bool:
    """Write ``data`` as JSON to the cache file ``path`` (private, atomic); never raises.

    ``compact``: no spaces after separators. ``keyed``: ``data`` (a dict) is written with
    its digest (module docstring). Returns whether the file was written.
    """
    from .files import write_cache_file

    if keyed:
        data = with_digest(path, data)
        if data is None:
            return False
    separators = (",", ":") if compact else None
    return write_cache_file(path, json.dumps(data, sort_keys=sort_keys, separators=separators))
