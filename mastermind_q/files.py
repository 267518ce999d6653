"""Reading and writing files safely: caches, job records and output files.

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

Writing (the output files of ``draw``, ``solve --draw/--qasm``, ``compare
--csv/--plot``, the caches and the job records) goes the same way round: only a
regular file is ever written, never through a symbolic link, a FIFO or a device.
:func:`check_output_file` (and :func:`check_output_siblings` for names derived from
it) refuses such a path, a missing or read-only folder, and -- unless ``overwrite``
-- an existing file, before any work; :func:`atomic_output` writes to a temporary
file in the same folder and renames it into place, so a reader sees the old file or
the new one, never half of one, and a failed write leaves nothing behind;
:func:`open_stream_output` creates a file that is written as it goes (the rows of a
sweep), exclusively (``O_EXCL``) unless ``overwrite``, without following a link or
blocking; :func:`write_cache_file` is the private, never-raising atomic write of the
caches. Several files written together (one per circuit of ``solve --qasm``) are all or
none: inside :func:`output_set` each finished temporary file waits, and all are renamed
into place only when every one is written; a failure (a full disk) removes them all,
so no file of the set stays behind and the old files, if any, are untouched. Every
refusal is an :class:`OutputFileError` (a ``ValueError``) naming the file.

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

import contextlib
import contextvars
import json
import os
import re
import shlex
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

__all__ = [
    "FINGERPRINT_KEY",
    "DataFileError",
    "OutputFileError",
    "OutputWriteError",
    "atomic_output",
    "check_output_file",
    "check_output_siblings",
    "fingerprint",
    "load_json",
    "make_private_directory",
    "open_stream_output",
    "output_set",
    "read_capped",
    "read_fingerprint",
    "shown_name",
    "write_cache_file",
    "write_output",
    "write_whole",
]


class DataFileError(ValueError):
    """A data file that is not safe or not valid to read (the message says why)."""


def shown_name(path: str | os.PathLike[str]) -> str:
    r"""``path`` as a message names it: shell-quoted, and one line whatever it holds.

    A plain name stays as it is (``out/rows.csv``); one with spaces or shell characters
    is quoted (``'my rows.csv'``); one with a newline or another unprintable character
    is written as a Python literal (``'a\nb.csv'``), so a message is always one line.

    Example:
        >>> shown_name("out/rows.csv"), shown_name("my rows.csv"), shown_name("a\nb")
        ('out/rows.csv', "'my rows.csv'", "'a\\nb'")
    """
    name = os.fspath(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    return shlex.quote(name) if name.isprintable() else repr(name)


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
    shown = shown_name(name)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(name, flags)
    except OSError as error:
        if not follow_links and os.path.islink(name):
            raise DataFileError(f"{shown} is a symbolic link (not read)") from None
        raise DataFileError(f"cannot open {shown}: {error.strerror or error}") from error
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise DataFileError(f"{shown} is not a regular file ({_kind(info.st_mode)})")
        if private and hasattr(os, "getuid"):
            if info.st_uid != os.getuid():
                raise DataFileError(f"{shown} belongs to another user (uid {info.st_uid})")
            if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                mode = stat.S_IMODE(info.st_mode)
                raise DataFileError(f"{shown} is writable by group or others (mode {mode:o})")
        if info.st_size > max_bytes:
            raise DataFileError(f"{shown} has {info.st_size} bytes, more than {max_bytes}")
        chunks = []
        left = max_bytes + 1
        while left > 0:
            try:
                chunk = os.read(descriptor, min(left, 1 << 20))
            except OSError as error:
                raise DataFileError(f"cannot read {shown}: {error.strerror or error}") from error
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > max_bytes:  # grew while we read
            raise DataFileError(f"{shown} has more than {max_bytes} bytes")
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
    name = shown_name(path)
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


# -- writing --------------------------------------------------------------------------------
class OutputFileError(ValueError):
    """An output path that is not safe to write (the message names it and says why).

    ``path`` is the file named (``None`` where the message names none), so a caller can
    say which of its options it came from (the CLI: ``--csv``, ``--output``).
    """

    def __init__(self, message: str, path: str | os.PathLike[str] | None = None) -> None:
        super().__init__(message)
        self.path = None if path is None else os.fspath(path)


class OutputWriteError(OutputFileError):
    """Writing an output file failed part way (a full disk, a quota, an I/O error).

    The message names the file and the system's reason (``cannot write 'rows.csv': No
    space left on device``); ``errno`` is the system's error number. What is left of
    the file is stated by the writer: :func:`atomic_output` leaves the old file (or
    none), :func:`write_whole` cuts a stream back to its last whole record.
    """

    def __init__(
        self, message: str, path: str | os.PathLike[str] | None = None, errno: int | None = None
    ) -> None:
        super().__init__(message, path)
        self.errno = errno


def _write_error(name: str, error: OSError, detail: str = "") -> OutputWriteError:
    reason = error.strerror or str(error)
    return OutputWriteError(
        f"cannot write {shown_name(name)}: {reason}{detail}", name, errno=error.errno
    )


NAME_MAX = 255
"""Longest file name (bytes) assumed where the file system does not say (``pathconf``)."""
TEMPORARY_EXTRA = len(".") + len(".") + 8 + len(".tmp")
"""Bytes :func:`atomic_output`'s temporary name ``.NAME.XXXXXXXX.tmp`` adds to ``NAME``
(it shortens ``NAME`` in it to fit, so only ``NAME`` itself must fit the folder)."""


def _name_max(folder: str) -> int:
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):
        return NAME_MAX


def _check_name_length(name: str, folder: str) -> None:
    """Refuse a file name longer than its folder allows (before any work, not after)."""
    base = os.path.basename(name)
    size = len(os.fsencode(base))
    most = _name_max(folder)
    if size > most:
        raise OutputFileError(
            f"cannot write {shown_name(name)}: its name has {size} bytes, more than the "
            f"{most} a file name may have here",
            name,
        )
    try:
        path_max = int(os.pathconf(folder, "PC_PATH_MAX"))
    except (OSError, ValueError, AttributeError):
        path_max = 4096
    whole = len(os.fsencode(os.path.abspath(name)))
    if whole >= path_max:
        raise OutputFileError(
            f"cannot write {shown_name(name)}: its path has {whole} bytes, more than the "
            f"{path_max - 1} a path may have here",
            name,
        )


def _temporary_prefix(base: str, folder: str) -> str:
    """``.BASE.``, ``BASE`` shortened so that the temporary name fits the folder."""
    room = max(1, _name_max(folder) - TEMPORARY_EXTRA)
    while len(os.fsencode(base)) > room:
        base = base[: max(1, len(base) - max(1, len(os.fsencode(base)) - room))]
    return f".{base}."


def _refusal(name: str, info: os.stat_result) -> str | None:
    """Why an existing entry may never be written, or ``None`` for a regular file."""
    shown = shown_name(name)
    if stat.S_ISLNK(info.st_mode):
        return f"{shown} is a symbolic link (output files are never written through a link)"
    if stat.S_ISDIR(info.st_mode):
        return f"{shown} is a folder"
    if not stat.S_ISREG(info.st_mode):
        return f"{shown} is not a regular file ({_kind(info.st_mode)})"
    return None


def _lstat(name: str) -> os.stat_result | None:
    try:
        return os.lstat(name)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise OutputFileError(
            f"cannot write {shown_name(name)}: {error.strerror or error}", name
        ) from None


def check_output_file(
    path: str | os.PathLike[str], *, overwrite: bool = False, force_hint: str = "overwrite=True"
) -> Path:
    """Refuse an output path that cannot or must not be written; return it as a Path.

    Called before the work that produces the file. Refused: a symbolic link, a FIFO, a
    device, a socket or a folder at ``path`` (whatever ``overwrite`` says); a folder
    that does not exist or cannot be written; a name longer than the folder's file
    system allows (``NAME_MAX``, usually 255 bytes; the temporary name of
    :func:`atomic_output` is shortened to fit) or a path longer than ``PATH_MAX``; an
    existing regular file unless ``overwrite``.

    Args:
        path: the file to write.
        overwrite: an existing regular file may be replaced.
        force_hint: how the message tells the caller to allow replacing (the CLI:
            ``--force``).

    Raises:
        OutputFileError: naming the path and the reason.
    """
    name = os.fspath(path)
    if not name:
        raise OutputFileError("output file name must not be empty")
    shown = shown_name(name)
    folder = os.path.dirname(name) or "."
    if os.path.isdir(folder):
        _check_name_length(name, folder)
    info = _lstat(name)
    if info is not None:
        reason = _refusal(name, info)
        if reason is not None:
            raise OutputFileError(reason, name)
        if not overwrite:
            raise OutputFileError(f"{shown} exists (give {force_hint} to replace it)", name)
    if not os.path.isdir(folder):
        raise OutputFileError(
            f"cannot write {shown}: folder {shown_name(folder)} does not exist", name
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputFileError(
            f"cannot write {shown}: folder {shown_name(folder)} is not writable", name
        )
    return Path(name)


def check_output_siblings(
    path: str | os.PathLike[str],
    pattern: str | re.Pattern[str],
    *,
    overwrite: bool = False,
    force_hint: str = "overwrite=True",
) -> None:
    """Refuse existing files a write to ``path`` may also produce (derived names).

    ``pattern`` matches the names in ``path``'s folder that the write may create
    (``out-pair-0-1.png`` for ``out.png``); each one that exists is checked as
    :func:`check_output_file` checks ``path`` itself, before the work, so a name that
    is only known once the work is done is never overwritten unannounced.

    Raises:
        OutputFileError: a matching link, special file or folder; or (without
            ``overwrite``) a matching regular file.
    """
    name = os.fspath(path)
    folder = os.path.dirname(name) or "."
    compiled = re.compile(pattern) if isinstance(pattern, str) else pattern
    try:
        entries = sorted(entry.name for entry in os.scandir(folder))
    except OSError as error:
        raise OutputFileError(
            f"cannot write {shown_name(name)}: {error.strerror or error}", name
        ) from None
    for entry in entries:
        if not compiled.fullmatch(entry):
            continue
        sibling = os.path.join(os.path.dirname(name), entry)
        info = _lstat(sibling)
        if info is None:
            continue
        reason = _refusal(sibling, info)
        if reason is not None:
            raise OutputFileError(reason, sibling)
        if not overwrite:
            raise OutputFileError(
                f"{shown_name(sibling)} exists and a write to {shown_name(name)} may replace "
                f"it (give {force_hint} to replace it)",
                sibling,
            )


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _place(temporary: str, name: str, overwrite: bool) -> None:
    """Rename the finished ``temporary`` to ``name`` (never through a link)."""
    info = _lstat(name)
    appeared = f"{shown_name(name)} exists (it appeared while it was being written)"
    if info is not None:
        reason = _refusal(name, info)
        if reason is not None:  # appeared during the work
            raise OutputFileError(reason, name)
        if not overwrite:
            raise OutputFileError(appeared, name)
    if overwrite:
        os.replace(temporary, name)  # replaces the entry itself, never what it points to
        return
    try:
        os.link(temporary, name)  # fails if name exists: no file is ever replaced
    except FileExistsError:
        raise OutputFileError(appeared, name) from None
    except OSError:  # a file system without hard links: the check above stands
        os.replace(temporary, name)
        return
    os.remove(temporary)


_PENDING: contextvars.ContextVar[list[tuple[str, str, bool]] | None] = contextvars.ContextVar(
    "mastermind_q_output_set", default=None
)
"""The finished temporary files of the open :func:`output_set` (temporary, name,
overwrite), waiting to be renamed into place together."""


@contextlib.contextmanager
def output_set() -> Iterator[None]:
    """Write several files all or none: every :func:`atomic_output` inside the block
    keeps its finished temporary file, and all are renamed into place when the block
    ends normally. If the block raises (a full disk on the third file, a refusal, an
    interruption), every temporary file is removed and no file of the set is written.
    A set inside another joins it.

    Example:
        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> try:
        ...     with output_set():
        ...         for name in ("a.txt", "b.txt"):
        ...             with atomic_output(folder / name) as handle:
        ...                 _ = handle.write(b"x")
        ...             if name == "b.txt":
        ...                 raise OSError("no space left on device")
        ... except OSError:
        ...     pass
        >>> sorted(path.name for path in folder.iterdir())
        []
    """
    if _PENDING.get() is not None:  # joins the set already open
        yield
        return
    pending: list[tuple[str, str, bool]] = []
    token = _PENDING.set(pending)
    open_set, placed = True, []
    try:
        yield
        _PENDING.reset(token)
        open_set = False
        for temporary, name, overwrite in pending:
            try:
                _place(temporary, name, overwrite)
            except OSError as error:
                raise _write_error(name, error) from error
            placed.append(name)
    except BaseException:
        if open_set:
            _PENDING.reset(token)
        for temporary, name, _ in pending:
            with contextlib.suppress(OSError):
                os.remove(temporary)
            if name in placed:  # renamed before a later rename failed
                with contextlib.suppress(OSError):
                    os.remove(name)
        raise


@contextlib.contextmanager
def atomic_output(
    path: str | os.PathLike[str],
    *,
    overwrite: bool = False,
    binary: bool = True,
    private: bool = False,
    force_hint: str = "overwrite=True",
) -> Iterator[IO[Any]]:
    """Write ``path`` through a temporary file in its folder, renamed into place at the end.

    The path is checked first (:func:`check_output_file`); the block writes to a new
    temporary file (``.NAME.XXXX.tmp`` beside it, which cannot be a link or a FIFO;
    ``NAME`` shortened in it where the whole would be too long a file name);
    when the block ends normally the file is flushed, given the usual mode (``0666``
    less the umask, or ``0600`` when ``private``) and renamed to ``path``. If the
    block raises, the temporary file is removed and ``path`` is untouched. A write
    that fails (a full disk: ``OSError`` from the block, the flush or the rename) is
    an :class:`OutputWriteError` naming ``path`` and the reason.

    Args:
        path: the file to write.
        overwrite: an existing regular file may be replaced.
        binary: yield a binary stream (else UTF-8 text).
        private: mode ``0600`` (caches, job records).
        force_hint: see :func:`check_output_file`.

    Yields:
        The open temporary file.

    Returns:
        The context manager (``with atomic_output(path) as handle: ...``).

    Raises:
        OutputFileError: the path is refused (before the block runs, or -- if it
            changed meanwhile -- at the end, the temporary file removed).
        OutputWriteError: the temporary file cannot be created or written (the old
            file, if any, is untouched; no temporary file is left).

    Example:
        >>> import tempfile, os
        >>> target = Path(tempfile.mkdtemp(), "table.txt")
        >>> with atomic_output(target, binary=False) as handle:
        ...     _ = handle.write("n k")
        >>> target.read_text()
        'n k'
        >>> with atomic_output(target, binary=False) as handle:  # doctest: +ELLIPSIS
        ...     pass
        Traceback (most recent call last):
        ...
        mastermind_q.files.OutputFileError: ...table.txt exists (give overwrite=True to replace it)
    """
    target = check_output_file(path, overwrite=overwrite, force_hint=force_hint)
    name = os.fspath(target)
    folder = os.path.dirname(name) or "."
    prefix = _temporary_prefix(target.name, folder)
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".tmp")
    except OSError as error:
        raise _write_error(name, error) from error
    try:
        if binary:
            stream: IO[Any] = os.fdopen(handle, "wb")
        else:
            stream = os.fdopen(handle, "w", encoding="utf-8", newline="")
        with _closed_quietly(stream):
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
            if not private:
                os.fchmod(stream.fileno(), 0o666 & ~_umask())
        pending = _PENDING.get()
        if pending is not None:  # an output set renames it with the others
            pending.append((temporary, name, overwrite))
            return
        _place(temporary, name, overwrite)
    except OutputFileError:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise
    except OSError as error:  # a full disk, a quota, an I/O error: the file is named
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise _write_error(name, error) from error
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise


@contextlib.contextmanager
def _closed_quietly(stream: IO[Any]) -> Iterator[IO[Any]]:
    """Close ``stream`` after the block; after a failed block, drop what is buffered
    (closing would try to write it again and raise a second error)."""
    try:
        yield stream
    except BaseException:
        with contextlib.suppress(OSError, ValueError):
            stream.close()
        raise
    stream.close()


def write_output(
    path: str | os.PathLike[str],
    data: str | bytes,
    *,
    overwrite: bool = False,
    private: bool = False,
    force_hint: str = "overwrite=True",
) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` with :func:`atomic_output`; return it.

    Raises:
        OutputFileError: as :func:`check_output_file`.
        OutputWriteError: the write failed (the old file, if any, is untouched).
    """
    binary = isinstance(data, bytes)
    with atomic_output(
        path, overwrite=overwrite, binary=binary, private=private, force_hint=force_hint
    ) as handle:
        handle.write(data)
    return Path(path)


def open_stream_output(
    path: str | os.PathLike[str], *, overwrite: bool = False, force_hint: str = "overwrite=True"
) -> IO[str]:
    """Open ``path`` for UTF-8 text written as it goes (rows of a sweep, kept if stopped).

    Unlike :func:`atomic_output` the file is written in place, so what was written is
    on disk under its name at every moment. It is opened without following a link
    (``O_NOFOLLOW``) and without blocking (``O_NONBLOCK``: a FIFO without a reader is
    an error, not a wait), created exclusively (``O_EXCL``) unless ``overwrite``, and
    checked on the open descriptor to be a regular file before it is truncated.

    Raises:
        OutputFileError: as :func:`check_output_file`, or the path changed into
            something else between the check and the open.
    """
    target = check_output_file(path, overwrite=overwrite, force_hint=force_hint)
    name = os.fspath(target)
    flags = (
        os.O_WRONLY
        | os.O_CREAT
        | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_CLOEXEC", 0)
    )
    if not overwrite:
        flags |= os.O_EXCL
    try:
        descriptor = os.open(name, flags, 0o666)
    except FileExistsError:
        raise OutputFileError(
            f"{shown_name(name)} exists (give {force_hint} to replace it)", name
        ) from None
    except OSError as error:
        raise OutputFileError(
            f"cannot write {shown_name(name)}: {error.strerror or error}", name
        ) from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise OutputFileError(
                f"{shown_name(name)} is not a regular file ({_kind(info.st_mode)})", name
            )
        os.ftruncate(descriptor, 0)
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        # opened by name through the descriptor, so the stream's ``name`` is the path
        return open(
            name, "w", encoding="utf-8", newline="", opener=lambda _path, _flags: descriptor
        )
    except BaseException:
        os.close(descriptor)
        raise


def write_whole(stream: IO[str], text: str) -> None:
    """Append ``text`` (one record, e.g. a CSV row) to ``stream`` whole, or not at all.

    A stream on a regular file (from :func:`open_stream_output`) is flushed, then
    ``text`` is written to its descriptor; if the write fails part way (a full disk),
    the file is cut back to where the record began, so it holds whole records only,
    and :class:`OutputWriteError` names the file. Any other stream (standard output, a
    pipe, ``io.StringIO``) gets ``text`` written and flushed.

    Raises:
        OutputWriteError: the record could not be written (the file ends with the
            last whole record).
    """
    descriptor = _regular_descriptor(stream)
    if descriptor is None:
        stream.write(text)
        stream.flush()
        return
    name = str(getattr(stream, "name", "") or "the output file")
    try:
        stream.flush()  # what the stream buffered is on disk first
        start = os.lseek(descriptor, 0, os.SEEK_END)
    except OSError as error:
        raise _write_error(name, error) from error
    data = text.encode("utf-8")
    view = memoryview(data)
    try:
        while view:
            done = os.write(descriptor, view)
            view = view[done:]
    except OSError as error:
        with contextlib.suppress(OSError):
            os.ftruncate(descriptor, start)
        raise _write_error(name, error, "; the file ends with its last whole row") from error


def _regular_descriptor(stream: IO[str]) -> int | None:
    """The descriptor of ``stream`` when it is open on a regular file, else ``None``."""
    try:
        descriptor = stream.fileno()
        return descriptor if stat.S_ISREG(os.fstat(descriptor).st_mode) else None
    except (AttributeError, OSError, ValueError):
        return None


def write_cache_file(path: str | os.PathLike[str], text: str) -> bool:
    """Store a cache file: private (``0600``, folder ``0700``), atomic; never raises.

    A cache that cannot be written only costs a recomputation, so every failure (a
    read-only folder, a folder or a link at ``path``) returns ``False`` and leaves
    nothing behind: no temporary file stays in the folder.

    Returns:
        Whether the file was written.
    """
    target = Path(path)
    try:
        make_private_directory(target.parent)
        write_output(target, text, overwrite=True, private=True)
    except (OSError, OutputFileError):
        return False
    return True


FINGERPRINT_KEY = "mastermind-q fingerprint"
"""The PNG text key (a ``tEXt`` chunk) under which a figure carries its fingerprint."""


def fingerprint(record: object) -> str:
    """The SHA-256 (hex) of ``record`` as canonical JSON: what a figure drew, in short.

    A circuit drawing's record is its drawn instructions, title and drawing settings
    (:func:`mastermind_q.drawing.drawing_fingerprint`); a comparison figure's the rows
    it plots and its options (:func:`mastermind_q.compare.plot_fingerprint`). Saved in
    each PNG (:data:`FINGERPRINT_KEY`), it lets a test tell whether a committed figure
    still shows what the code draws, without comparing pixels (which change with the
    fonts and the matplotlib version).

    Example:
        >>> fingerprint({"b": 1, "a": [2, "φ"]})[:12]
        'bb690ceba372'
    """
    import hashlib
    import json

    text = json.dumps(
        record, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_fingerprint(path: str | os.PathLike[str]) -> str | None:
    """The fingerprint a PNG carries under :data:`FINGERPRINT_KEY`, or ``None``.

    Reads the file's ``tEXt`` chunks (the standard library only: no image is decoded).

    Raises:
        DataFileError: not a PNG file, or a damaged one.
    """
    import struct
    import zlib

    data = read_capped(path, max_bytes=64 * 2**20)
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise DataFileError(f"{shown_name(path)} is not a PNG file")
    offset = 8
    while offset + 8 <= len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        if len(body) != length:
            break
        if kind in (b"tEXt", b"zTXt"):
            key, _, text = body.partition(b"\0")
            if kind == b"zTXt":
                text = zlib.decompress(text[1:])
            if key.decode("latin-1") == FINGERPRINT_KEY:
                return text.decode("latin-1")
        if kind == b"IEND":
            return None
        offset += 12 + length
    raise DataFileError(f"{shown_name(path)} is a damaged PNG file (no IEND chunk)")
