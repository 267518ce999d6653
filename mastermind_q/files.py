"""Reading the toolkit's own data files safely: caches and job records.

A data file the toolkit reads back (a cached strategy, a job record) may have been
replaced by something that is not a file: a FIFO (reading blocks forever), a link to
``/dev/zero`` (reading never ends), a file of gigabytes, a JSON text nested 100,000
levels deep. :func:`read_capped` opens without blocking, checks what it opened
(``fstat`` on the open descriptor, so the check and the read see the same file), and
reads at most a capped number of bytes; :func:`load_json` adds a JSON parse that
refuses ``NaN`` / ``Infinity`` and deep nesting. Every failure is a
:class:`DataFileError` (a ``ValueError``) naming the file and the reason, so a caller
can fall back (recompute a cache) or report one line (``jobs fetch``).

With ``private=True`` (the caches) the file must also belong to the current user and
not be writable by group or others: a cache is trusted as the user's own work, so it
must be the user's own file.

This module imports only the standard library; it sits below everything else in the
import order, so any module may use it.

Example:
    >>> import json, os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "record.json")
    >>> with open(path, "w") as handle:
    ...     json.dump({"id": "abc"}, handle)
    >>> load_json(path, max_bytes=1024)
    {'id': 'abc'}
    >>> os.mkfifo(os.path.join(folder, "fifo.json"))
    >>> load_json(os.path.join(folder, "fifo.json"), max_bytes=1024)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mastermind_q.files.DataFileError: ...fifo.json is not a regular file (a FIFO)
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

__all__ = [
    "DataFileError",
    "load_json",
    "make_private_directory",
    "read_capped",
]


class DataFileError(ValueError):
    """A data file that is not safe or not valid to read (the message says why)."""


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a directory"),
    ):
        if test(mode):
            return name
    return "not a plain file"


def read_capped(
    path: str | os.PathLike[str],
    *,
    max_bytes: int,
    private: bool = False,
    follow_links: bool = True,
) -> bytes:
    """The bytes of ``path``, a regular file of at most ``max_bytes`` bytes.

    The file is opened with ``O_NONBLOCK`` (opening a FIFO does not wait for a
    writer), checked with ``fstat`` on the open descriptor (a regular file; with
    ``private``, owned by the current user and not writable by group or others) and
    read up to ``max_bytes + 1`` bytes, so nothing larger is ever read whole.

    Args:
        path: the file (a symbolic link is followed unless ``follow_links`` is false;
            what it points to is checked).
        max_bytes: the largest size accepted.
        private: also require the current user's own file, not group/other-writable.
        follow_links: ``False`` refuses a symbolic link (``O_NOFOLLOW``).

    Returns:
        The file's contents.

    Raises:
        DataFileError: the file cannot be opened, is not a regular file, is too large,
            or (``private``) is not the user's own or is writable by others.
    """
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(name, flags)
    except OSError as error:
        raise DataFileError(f"cannot open {name}: {error.strerror or error}") from error
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise DataFileError(f"{name} is not a regular file ({_kind(info.st_mode)})")
        if private and hasattr(os, "getuid"):
            if info.st_uid != os.getuid():
                raise DataFileError(f"{name} belongs to another user (uid {info.st_uid})")
            if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                raise DataFileError(
                    f"{name} is writable by group or others (mode {stat.S_IMODE(info.st_mode):o})"
                )
        if info.st_size > max_bytes:
            raise DataFileError(f"{name} has {info.st_size} bytes, more than {max_bytes}")
        chunks = []
        left = max_bytes + 1
        while left > 0:
            try:
                chunk = os.read(descriptor, min(left, 1 << 20))
            except OSError as error:
                raise DataFileError(f"cannot read {name}: {error.strerror or error}") from error
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > max_bytes:  # grew while we read
            raise DataFileError(f"{name} has more than {max_bytes} bytes")
        return data
    finally:
        os.close(descriptor)


def _refuse_constant(value: str) -> Any:
    raise ValueError(f"{value} is not a JSON number")


def load_json(
    path: str | os.PathLike[str],
    *,
    max_bytes: int,
    private: bool = False,
    follow_links: bool = True,
) -> Any:
    """The JSON value in ``path``, read with :func:`read_capped`.

    Strict JSON: ``NaN``, ``Infinity`` and ``-Infinity`` are refused, and so is a
    nesting deeper than the interpreter's recursion limit (the parser's
    ``RecursionError``); callers walk what they get without recursion.

    Args:
        path: the file.
        max_bytes: the largest size accepted.
        private: see :func:`read_capped`.
        follow_links: see :func:`read_capped`.

    Returns:
        The parsed value (any JSON type: the caller checks its schema).

    Raises:
        DataFileError: as :func:`read_capped`, or the text is not UTF-8, not strict
            JSON, or nested too deeply.
    """
    data = read_capped(path, max_bytes=max_bytes, private=private, follow_links=follow_links)
    name = os.fspath(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataFileError(f"{name} is not UTF-8 text: {error}") from error
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise DataFileError(f"{name} is nested too deeply to be read") from None
    except ValueError as error:
        raise DataFileError(f"{name} is not valid JSON: {error}") from None


def make_private_directory(path: str | os.PathLike[str]) -> Path:
    """Create ``path`` (and every missing parent) with mode ``0700``; return it.

    Directories that exist already are left as they are (their mode is the user's
    choice).

    Raises:
        OSError: a directory cannot be created.
    """
    folder = Path(path)
    missing = []
    for parent in (folder, *folder.parents):
        if parent.exists():
            break
        missing.append(parent)
    for parent in reversed(missing):
        try:
            parent.mkdir(mode=0o700)
        except FileExistsError:
            continue
        os.chmod(parent, 0o700)  # the umask may have removed bits only; be exact
    return folder
