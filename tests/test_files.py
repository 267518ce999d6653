"""Tests for mastermind_q.files: output files are regular files, written whole, announced.

Every write refuses a symbolic link (its target stays untouched), a FIFO (without
blocking: each FIFO case runs under a timeout), a device and a folder; an existing file
is refused unless ``overwrite``; a failed write leaves no temporary file behind.
"""

from __future__ import annotations

import os
import signal
import stat
from contextlib import contextmanager

import pytest

from mastermind_q.files import (
    OutputFileError,
    atomic_output,
    check_output_file,
    check_output_siblings,
    open_stream_output,
    write_cache_file,
    write_output,
)


@contextmanager
def deadline(seconds=10):
    """Fail (instead of hanging) if the block blocks, e.g. on a FIFO without a reader."""

    def expire(signum, frame):
        raise AssertionError(f"blocked for more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "target.txt").write_text("precious")
    os.symlink("target.txt", tmp_path / "link.txt")
    os.symlink("missing.txt", tmp_path / "dangling.txt")
    os.mkfifo(tmp_path / "fifo.txt")
    (tmp_path / "sub").mkdir()
    return tmp_path


def _leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("link.txt", "is a symbolic link"),
        ("dangling.txt", "is a symbolic link"),
        ("fifo.txt", r"is not a regular file \(a FIFO\)"),
        ("sub", "is a folder"),
    ],
)
@pytest.mark.parametrize("overwrite", [False, True])
def test_links_fifos_and_folders_are_refused_whatever_overwrite_says(
    folder, name, reason, overwrite
):
    with deadline():
        for write in (
            lambda: write_output(folder / name, "x", overwrite=overwrite),
            lambda: open_stream_output(folder / name, overwrite=overwrite),
        ):
            with pytest.raises(OutputFileError, match=reason) as caught:
                write()
            assert name in str(caught.value)
    assert (folder / "target.txt").read_text() == "precious"
    assert not (folder / "missing.txt").exists()
    assert stat.S_ISFIFO(os.lstat(folder / "fifo.txt").st_mode)
    assert _leftovers(folder) == []


def test_an_existing_file_is_refused_unless_overwrite(folder):
    target = folder / "target.txt"
    with pytest.raises(OutputFileError, match=r"target\.txt exists \(give --force to replace"):
        write_output(target, "new", force_hint="--force")
    with pytest.raises(OutputFileError, match="exists"):
        open_stream_output(target)
    assert target.read_text() == "precious"
    write_output(target, "new", overwrite=True)
    assert target.read_text() == "new"
    with open_stream_output(target, overwrite=True) as stream:
        stream.write("rows")
    assert target.read_text() == "rows"
    assert _leftovers(folder) == []


def test_a_device_is_refused(tmp_path):
    with pytest.raises(OutputFileError, match="not a regular file \\(a character device\\)"):
        check_output_file("/dev/null", overwrite=True)


def test_missing_or_read_only_folders_are_refused_before_any_work(tmp_path):
    with pytest.raises(OutputFileError, match="does not exist"):
        check_output_file(tmp_path / "none" / "x.png")
    with pytest.raises(OutputFileError, match="must not be empty"):
        check_output_file("")
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        with pytest.raises(OutputFileError, match="not writable"):
            check_output_file(locked / "x.png")


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(folder):
    target = folder / "target.txt"
    with pytest.raises(RuntimeError), atomic_output(target, overwrite=True) as handle:
        handle.write(b"half")
        raise RuntimeError("the drawing failed")
    assert target.read_text() == "precious"
    assert _leftovers(folder) == []


def test_a_link_that_appears_during_the_work_is_not_written_through(folder):
    target = folder / "late.txt"
    with (
        pytest.raises(OutputFileError, match="symbolic link"),
        atomic_output(target, overwrite=True) as handle,
    ):
        handle.write(b"new")
        os.symlink("target.txt", target)
    assert (folder / "target.txt").read_text() == "precious"
    assert _leftovers(folder) == []


def test_a_file_that_appears_during_the_work_is_not_replaced(folder):
    target = folder / "late.txt"
    with (
        pytest.raises(OutputFileError, match="appeared while it was being written"),
        atomic_output(target) as handle,
    ):
        handle.write(b"new")
        target.write_text("theirs")
    assert target.read_text() == "theirs"
    assert _leftovers(folder) == []


def test_outputs_get_the_usual_mode_and_caches_a_private_one(tmp_path):
    mask = os.umask(0o022)
    try:
        write_output(tmp_path / "out.txt", "x")
        assert write_cache_file(tmp_path / "cache" / "c.json", "{}")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "out.txt").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "cache" / "c.json").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "cache").stat().st_mode) == 0o700


def test_a_cache_path_that_is_a_folder_leaves_no_temporary_file(tmp_path):
    (tmp_path / "c.json").mkdir()
    assert write_cache_file(tmp_path / "c.json", "{}") is False
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json"]


def test_derived_names_are_checked_before_the_work(folder):
    pattern = r"f-(pair-[0-9]+-[0-9]+)\.png"
    check_output_siblings(folder / "f.png", pattern)  # none yet
    (folder / "f-pair-0-2.png").write_text("old drawing")
    (folder / "f-notes.png").write_text("not a derived name")
    with pytest.raises(OutputFileError, match=r"f-pair-0-2\.png exists and a write to .*f\.png"):
        check_output_siblings(folder / "f.png", pattern)
    check_output_siblings(folder / "f.png", pattern, overwrite=True)
    os.symlink("target.txt", folder / "f-pair-0-3.png")
    with pytest.raises(OutputFileError, match=r"f-pair-0-3\.png is a symbolic link"):
        check_output_siblings(folder / "f.png", pattern, overwrite=True)
