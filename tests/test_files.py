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


# -- write failures: whole rows, named files, name lengths, one-line messages ----------------
def _full_disk_after(monkeypatch, budget, suffix):
    """``os.write`` to a file whose name ends in ``suffix`` fails with ENOSPC once
    ``budget`` bytes are written (a short write first, as a nearly full disk does)."""
    import errno

    real_write = os.write
    left = {"bytes": budget}

    def write(descriptor, data):
        try:
            target = os.readlink(f"/proc/self/fd/{descriptor}")
        except OSError:
            target = ""
        if not target.endswith(suffix):
            return real_write(descriptor, data)
        if left["bytes"] <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        part = bytes(data)[: left["bytes"]]
        left["bytes"] -= len(part)
        return real_write(descriptor, part)

    monkeypatch.setattr(os, "write", write)


def _csv_rows(path):
    import csv

    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def test_a_full_disk_leaves_whole_csv_rows_only(tmp_path, monkeypatch):
    from mastermind_q.compare import CSV_FIELDS, CompareRow
    from mastermind_q.compare.output import open_csv_output, write_csv_row
    from mastermind_q.files import OutputWriteError

    path = tmp_path / "rows.csv"
    rows = [CompareRow(n, 8, "blackpeg", "classical", 3 * n, 2.5 * n, samples=2) for n in range(9)]
    _full_disk_after(monkeypatch, 700, "rows.csv")
    stream = open_csv_output(path)
    with pytest.raises(OutputWriteError, match=r"cannot write .*rows\.csv: No space left") as error:
        for row in rows:
            write_csv_row(stream, row)
    stream.close()
    assert error.value.path == str(path) and error.value.errno == 28
    assert "\n" not in str(error.value)
    lines = _csv_rows(path)
    assert lines[0] == list(CSV_FIELDS) and 1 < len(lines) < len(rows) + 1
    assert all(len(line) == len(CSV_FIELDS) for line in lines)  # whole rows only
    assert path.read_bytes().endswith(b"\n")


def test_compare_csv_on_a_full_disk_names_the_option_and_keeps_whole_rows(
    tmp_path, monkeypatch, capsys
):
    from mastermind_q import cli
    from mastermind_q.compare import CSV_FIELDS

    path = tmp_path / "rows.csv"
    _full_disk_after(monkeypatch, 2000, "rows.csv")
    argv = ["compare", "--positions", "4:24:4", "--colors", "4,8", "--methods", "coin-weighing"]
    status = cli.main([*argv, "--quiet", "--no-formulas", "--csv", str(path)])
    err = capsys.readouterr().err
    assert status == 2 and len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.startswith(f"mastermind-q compare: error: --csv: cannot write {path}: No space")
    lines = _csv_rows(path)
    assert len(lines) > 2 and all(len(line) == len(CSV_FIELDS) for line in lines)


def test_a_failed_atomic_write_names_the_file_and_leaves_nothing(tmp_path):
    import errno

    from mastermind_q.files import OutputWriteError

    target = tmp_path / "figure.png"
    failed = pytest.raises(OutputWriteError, match=r"cannot write .*figure\.png: No space left")
    with failed, atomic_output(target) as handle:
        handle.write(b"partial")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert list(tmp_path.iterdir()) == []


def test_draw_on_a_full_disk_names_output_and_the_file(tmp_path, monkeypatch, capsys):
    import errno

    from mastermind_q import cli

    def full(descriptor):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)  # only the atomic writes fsync
    target = tmp_path / "oracle.txt"
    argv = ["draw", "oracle", "--positions", "2", "--colors", "2", "--output", str(target)]
    status = cli.main(argv)
    err = capsys.readouterr().err
    assert status == 2 and len(err.splitlines()) == 1
    assert err.startswith(f"mastermind-q draw: error: --output: cannot write {target}: No space")
    assert list(tmp_path.iterdir()) == []


def test_long_names_are_checked_before_any_work_and_their_temporary_name_fits(tmp_path):
    from mastermind_q.files import check_output_file

    longest = "x" * 246 + ".png"  # 250 bytes: fits, though .NAME.XXXXXXXX.tmp would not
    write_output(tmp_path / longest, b"data")
    assert (tmp_path / longest).read_bytes() == b"data" and _leftovers(tmp_path) == []
    with pytest.raises(OutputFileError, match=r"its name has 256 bytes, more than the 255"):
        check_output_file(tmp_path / ("y" * 252 + ".png"))
    wide = "é" * 126 + ".txt"  # 256 bytes in UTF-8, 130 characters
    with pytest.raises(OutputFileError, match="256 bytes"):
        check_output_file(tmp_path / wide)


def test_draw_refuses_a_name_too_long_before_the_drawing(tmp_path, capsys, monkeypatch):
    from mastermind_q import cli, drawing

    def never(*args, **kwargs):
        raise AssertionError("the drawing ran")

    monkeypatch.setattr(drawing, "draw_circuit", never, raising=False)
    target = tmp_path / ("z" * 300 + ".png")
    argv = ["draw", "oracle", "--positions", "2", "--colors", "2", "--output", str(target)]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "--output: cannot write" in err and "its name has 304 bytes" in err
    assert len(err.splitlines()) == 1


def test_names_with_a_newline_give_one_line_messages(tmp_path, capsys):
    from mastermind_q import cli
    from mastermind_q.files import load_json, shown_name

    odd = tmp_path / "a\nb.png"
    odd.write_bytes(b"x")
    with pytest.raises(OutputFileError) as error:
        check_output_file(odd)
    assert "\n" not in str(error.value) and "a\\nb.png" in str(error.value)
    with pytest.raises(ValueError) as error:
        load_json(tmp_path / "no\nsuch.json", max_bytes=10)
    assert "\n" not in str(error.value)
    assert shown_name("plain/rows.csv") == "plain/rows.csv"
    assert shown_name("my rows.csv") == "'my rows.csv'"
    argv = ["draw", "oracle", "--positions", "2", "--colors", "2", "--output", str(odd)]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "exists" in err


def test_an_interrupt_before_the_first_row_leaves_the_header(tmp_path, monkeypatch, capsys):
    from mastermind_q import cli, compare
    from mastermind_q.compare import CSV_FIELDS

    class Stopped:
        def __init__(self, *args, **kwargs):
            raise KeyboardInterrupt

    monkeypatch.setattr(compare.progress, "SweepProgress", Stopped)  # the sweep's first step
    path = tmp_path / "out.csv"
    argv = ["compare", "--positions", "3", "--colors", "3", "--methods", "blackpeg"]
    assert cli.main([*argv, "--csv", str(path)]) == 130  # the bar: the sweep's first step
    assert _csv_rows(path) == [list(CSV_FIELDS)]  # the header at once, never an empty file
    monkeypatch.undo()
    assert cli.main([*argv, "--csv", str(path), "--force"]) == 0, capsys.readouterr().err
    assert _csv_rows(path)[0] == list(CSV_FIELDS) and len(_csv_rows(path)) > 1
    capsys.readouterr()


def test_a_csv_whose_header_cannot_be_written_is_removed(tmp_path, monkeypatch):
    from mastermind_q.compare import output

    def interrupted(stream):
        raise KeyboardInterrupt

    monkeypatch.setattr(output, "write_csv_header", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output.open_csv_output(tmp_path / "out.csv")
    assert list(tmp_path.iterdir()) == []
