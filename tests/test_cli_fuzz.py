"""CLI fuzz test: hostile and malformed command lines are one error line, status 2.

Every case runs ``python -m mastermind_q.cli ARGS`` in a process of its own (from the
repository root, so the worktree's code is imported) with an address-space limit, so
a missing resource guard fails fast instead of swapping. Each must:

* exit with status 2;
* print exactly one line on stderr, and no ``Traceback``;
* finish within :data:`TIME_LIMIT` seconds of CPU time (user + system of the child:
  wall-clock time on a shared machine measures the other jobs, not this one; a child
  still running after :data:`WALL_LIMIT` seconds is killed and fails);
* peak under :data:`MEMORY_LIMIT` bytes of resident memory (``ru_maxrss`` of the child).

The cases in :data:`FRESH_CASES` start a fresh interpreter each (interpreter start and
imports count against the limits); the others are forked, two at a time, from one
interpreter that has imported the command line (``helpers.run_pythons``: the command's
work, status, output and resources are still its own process's). The selected cases
run once, in a module fixture; one parametrised test per case checks its result. The
default (fast) run takes the cases in :data:`FAST_CASES`, at least one per command and
kind of guard; the others are marked ``slow`` (``python -m pytest -m slow`` runs them).
"""

from __future__ import annotations

import json
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from helpers import job_record, run_pythons

ROOT = Path(__file__).resolve().parents[1]
TIME_LIMIT = 10.0
"""CPU seconds a refused command may take (interpreter start and imports included in
:data:`FRESH_CASES`)."""
WALL_LIMIT = 120.0
"""Wall-clock seconds after which a child is killed (a hang, not a slow machine)."""
MEMORY_LIMIT = 2**30
"""Peak resident bytes a refused command may use."""
ADDRESS_SPACE = 4 * 2**30
"""``RLIMIT_AS`` of each child: a guard that is missing fails with MemoryError, not swap."""
WORKERS = max(1, min(4, os.cpu_count() or 1))

SOLVE = ["solve", "--quiet"]
TWO = [*SOLVE, "--method", "two-color", "--colors", "2"]
COMPARE = ["compare", "--quiet"]
GRID = [*COMPARE, "--positions", "3", "--colors", "3"]
BIG = str(10**30)


ORACLE = ["draw", "oracle", "--positions", "2", "--colors", "2"]
ADAPTIVE = [*SOLVE, "--method", "adaptive", "--colors", "4", "--secret", "1,2"]
GRID2 = [*COMPARE, "--positions", "3,4", "--colors", "3"]


def _cases(files: Path) -> dict[str, list[str]]:
    """Case id -> argument list; ``files`` holds the damaged job records and output traps."""
    jobs = ["--jobs-dir", str(files / "jobs")]
    out = files / "out"
    return {
        # solve: values
        "solve-unknown-method": [*SOLVE, "--method", "nope", "--colors", "3", "--random", "3"],
        "solve-colors-text": [*SOLVE, "--method", "blackpeg", "--colors", "abc", "--random", "3"],
        "solve-colors-underscore": [
            *SOLVE,
            *shlex.split("--method blackpeg --colors 1_0 --random 3"),
        ],
        "solve-colors-one": [*SOLVE, "--method", "blackpeg", "--colors", "1", "--random", "3"],
        "solve-colors-negative": [*SOLVE, *shlex.split("--method blackpeg --colors -5 --random 3")],
        "solve-colors-huge-text": [
            *SOLVE,
            *shlex.split("--method blackpeg --colors"),
            BIG,
            *shlex.split("--random 3"),
        ],
        "solve-colors-unicode-digits": [
            *SOLVE,
            *shlex.split("--method blackpeg --colors ٣ --random 3"),
        ],
        "solve-secret-underscore": [*TWO, "--secret", "0_1,1"],
        "solve-secret-text": [*TWO, "--secret", "0,x"],
        "solve-secret-empty": [*TWO, "--secret", ""],
        "solve-secret-out-of-range": [*TWO, "--secret", "0,5"],
        "solve-secret-huge-colour": [*TWO, "--secret", f"0,{BIG}"],
        "solve-secret-negative": [*TWO, "--secret", "0,-1"],
        "solve-random-zero": [*TWO, "--random", "0"],
        "solve-random-negative": [*TWO, "--random", "-3"],
        "solve-random-million-blackpeg": [
            *SOLVE,
            *shlex.split("--method blackpeg --colors 3 --random 1000000"),
        ],
        "solve-random-trillion": [*TWO, "--random", str(10**12)],
        "solve-random-million-two-color": [*TWO, "--random", "1000000"],
        "solve-positions-disagree": [*TWO, "--secret", "0,1", "--positions", "5"],
        "solve-no-secret": [*TWO],
        "solve-secret-and-random": [*TWO, "--secret", "0,1", "--random", "2"],
        "solve-adversary-quantum": [*TWO, "--adversary", "--positions", "3"],
        "solve-adversary-secret": [
            *SOLVE,
            *shlex.split("--method permutation --colors 4 --adversary --secret 0,1"),
        ],
        "solve-adversary-huge": [
            *SOLVE,
            *shlex.split("--method permutation --colors 100000 --adversary --positions 100000"),
        ],
        "solve-permutation-repeat": [
            *SOLVE,
            *shlex.split("--method permutation --colors 4 --secret 0,0"),
        ],
        "solve-two-color-k3": [*SOLVE, "--method", "two-color", "--colors", "3", "--random", "3"],
        "solve-nonadaptive-k2": [
            *SOLVE,
            *shlex.split("--method nonadaptive --colors 2 --random 3"),
        ],
        "solve-optimization-level": [*TWO, "--random", "2", "--optimization-level", "7"],
        # solve: sizes (resource guards)
        "solve-billion-colors-triples": [
            *SOLVE,
            *shlex.split("--method triples --colors 1000000000 --random 4"),
        ],
        "solve-billion-colors-nonadaptive": [
            *SOLVE,
            *shlex.split("--method nonadaptive --colors 1000000000 --random 4"),
        ],
        "solve-billion-colors-permutation": [
            *SOLVE,
            *shlex.split("--method permutation --colors 1000000000 --random 4"),
        ],
        "solve-billion-colors-adaptive": [
            *SOLVE,
            *shlex.split("--method adaptive --colors 1000000000 --random 4"),
        ],
        "solve-billion-colors-blackpeg": [
            *SOLVE,
            *shlex.split("--method blackpeg --colors 1000000000 --random 4"),
        ],
        "solve-knuth-large": [*SOLVE, "--method", "knuth", "--colors", "4", "--random", "10000"],
        "solve-random-consistent-large": [
            *SOLVE,
            *shlex.split("--method random-consistent --colors 8 --random 100"),
        ],
        "solve-optimal-large": [*SOLVE, *shlex.split("--method optimal --colors 4 --random 10000")],
        "solve-blackpeg-work": [
            *SOLVE,
            *shlex.split("--method blackpeg --colors 5000 --random 9000"),
        ],
        "solve-statevector-31-qubits": [*TWO, "--random", "26", "--backend", "aer-statevector"],
        "solve-adaptive-gates": [
            *SOLVE,
            *shlex.split("--method adaptive --colors 1024 --random 4096"),
        ],
        # solve: shots, seeds, backends
        "solve-shots-billion": [*TWO, "--secret", "1,0", "--shots", "1000000000"],
        "solve-shots-trillion": [*TWO, "--secret", "1,0", "--shots", str(10**12)],
        "solve-shots-10e30": [*TWO, "--secret", "1,0", "--shots", BIG],
        "solve-shots-zero": [*TWO, "--secret", "1,0", "--shots", "0"],
        "solve-shots-times-circuits": [
            *SOLVE,
            *shlex.split("--method nonadaptive --colors 8 --random 3 --shots 500000"),
        ],
        "solve-seed-2e63": [*TWO, "--secret", "1,0", "--seed", str(2**63)],
        "solve-seed-2e64": [*TWO, "--secret", "1,0", "--seed", str(2**64)],
        "solve-seed-10e30": [*TWO, "--secret", "1,0", "--seed", BIG],
        "solve-seed-negative-fake": [
            *TWO,
            *shlex.split("--secret 1,0 --seed -1 --backend fake:manila"),
        ],
        "solve-seed-text": [*TWO, "--secret", "1,0", "--seed", "abc"],
        "solve-backend-unknown": [*TWO, "--secret", "1,0", "--backend", "nope"],
        "solve-backend-no-fake": [*TWO, "--secret", "1,0", "--backend", "fake:nosuchdevice"],
        "solve-classical-with-shots": [
            *SOLVE,
            *shlex.split("--method blackpeg --colors 3 --random 3 --shots 10"),
        ],
        # draw and resources
        "draw-million-positions": [
            *shlex.split("draw find-two-color --positions 1000000 --colors 3")
        ],
        "draw-adaptive-huge-k": ["draw", "adaptive", "--positions", "4", "--colors", "100000"],
        "draw-zero-positions": ["draw", "oracle", "--positions", "0", "--colors", "3"],
        "draw-bad-suffix": [*shlex.split("draw oracle --positions 3 --colors 3 --output x.bmp")],
        "draw-missing-folder": [
            *shlex.split("draw oracle --positions 2 --colors 3 --output"),
            str(files / "none" / "x.png"),
        ],
        "draw-bad-pair": [*shlex.split("draw find-two-color --positions 3 --colors 3 --pair 0")],
        "draw-unknown-circuit": ["draw", "nosuch", "--positions", "3", "--colors", "3"],
        "draw-negative-decompose": [
            *shlex.split("draw oracle --positions 3 --colors 3 --decompose -1")
        ],
        "resources-100000-positions": [
            *shlex.split("resources nonadaptive --positions 100000 --colors 3")
        ],
        "resources-adaptive-gates": [
            *shlex.split("resources adaptive --positions 4096 --colors 1024")
        ],
        "resources-unknown-target": [
            *shlex.split("resources oracle --positions 3 --colors 3 --target nope")
        ],
        "resources-no-fake": [
            *shlex.split("resources oracle --positions 3 --colors 3 --target fake:nosuchdevice")
        ],
        # compare
        "compare-grid-100-million": [*COMPARE, "--positions", "1:100000000", "--colors", "3"],
        "compare-billion-colors": [*COMPARE, "--positions", "3", "--colors", "1000000000"],
        "compare-axis-values": [*COMPARE, "--positions", "1-2000", "--colors", "3"],
        "compare-grid-rows": [*COMPARE, "--positions", "1:1000", "--colors", "2:1000:10"],
        "compare-underscore": [*COMPARE, "--positions", "1_0", "--colors", "3"],
        "compare-descending": [*COMPARE, "--positions", "5-3", "--colors", "3"],
        "compare-colors-one": [*COMPARE, "--positions", "3", "--colors", "1"],
        "compare-empty-axis": [*COMPARE, "--positions", "", "--colors", "3"],
        "compare-zero-step": [*COMPARE, "--positions", "1:5:0", "--colors", "3"],
        "compare-unknown-method": [*GRID, "--methods", "nope"],
        "compare-samples-zero": [*GRID, "--samples", "0"],
        "compare-seed-negative": [*GRID, "--seed", "-1"],
        "compare-seed-huge": [*GRID, "--seed", BIG],
        "compare-shots-huge": [*GRID, "--shots", "1000000000"],
        "compare-backend-unknown": [*GRID, "--backend", "nope"],
        "compare-backend-no-fake": [*GRID, "--backend", "fake:nosuchdevice"],
        "compare-plot-suffix": [*GRID, "--plot", "out.bmp"],
        "compare-csv-missing-folder": [*GRID, "--csv", str(files / "none" / "rows.csv")],
        "compare-quantum-total-work": [
            *[*COMPARE, "--positions", "3,4", "--colors", "3,4"],
            *["--quantum-samples", "100000", "--shots", "1000000"],
        ],
        "compare-plot-methods-without-plot": [*GRID, "--plot-methods", "adaptive"],
        "compare-method-100k-characters": [*GRID, "--methods", "x" * 100_000],
        "compare-colors-not-n": [*COMPARE, "--positions", "3", "--colors", "m"],
        "compare-colors-n-one-position": [*COMPARE, "--positions", "1", "--colors", "n"],
        "compare-row-budget-negative": [*GRID, "--row-budget", "-1"],
        "compare-row-budget-nan": [*GRID, "--row-budget", "nan"],
        "compare-simulate-up-to-negative": [*GRID, "--simulate-up-to", "-1"],
        # jobs
        "jobs-list-file": ["jobs", "list", "--jobs-dir", str(files / "file")],
        "jobs-fetch-bad-id": ["jobs", "fetch", "../etc/passwd", *jobs],
        "jobs-fetch-missing": ["jobs", "fetch", "missing", *jobs],
        "jobs-fetch-array": ["jobs", "fetch", "array", *jobs],
        "jobs-fetch-deep": ["jobs", "fetch", "deep", *jobs],
        "jobs-fetch-huge-n": ["jobs", "fetch", "huge-n", *jobs],
        "jobs-fetch-registers-5": ["jobs", "fetch", "registers-5", *jobs],
        "jobs-fetch-created-null": ["jobs", "fetch", "created-null", *jobs],
        "jobs-fetch-count-text": ["jobs", "fetch", "count-text", *jobs],
        "jobs-fetch-not-json": ["jobs", "fetch", "not-json", *jobs],
        "jobs-fetch-bad-secret": ["jobs", "fetch", "good", "--secret", "0_1", *jobs],
        "jobs-unknown-action": ["jobs", "nope"],
        "jobs-fetch-schema-true": ["jobs", "fetch", "schema-true", *jobs],
        "jobs-fetch-count-10e400": ["jobs", "fetch", "count-huge", *jobs],
        "jobs-fetch-adaptive-tampered": [
            *shlex.split("jobs fetch adaptive-tampered --secret"),
            ",".join(["0"] * 10),
            *jobs,
        ],
        "jobs-fetch-link": ["jobs", "fetch", "linked", *jobs],
        "jobs-fetch-writable-by-others": ["jobs", "fetch", "writable", *jobs],
        # output files: never through a link, into a FIFO, or over a file unannounced
        "draw-output-link": [*ORACLE, "--output", str(out / "link.txt")],
        "draw-output-dangling-link": [*ORACLE, "--output", str(out / "dangling.txt")],
        "draw-output-fifo": [*ORACLE, "--output", str(out / "fifo.png")],
        "draw-output-fifo-txt": [*ORACLE, "--output", str(out / "fifo.txt")],
        "draw-output-exists": [*ORACLE, "--output", str(out / "target.txt")],
        "draw-derived-name-exists": [
            *shlex.split("draw nonadaptive --positions 2 --colors 3 --output"),
            str(out / "f.png"),
        ],
        "draw-derived-name-link-forced": [
            *shlex.split("draw nonadaptive --positions 2 --colors 3 --output"),
            str(out / "g.png"),
            *shlex.split("--force"),
        ],
        "draw-decompose-underscore": [*ORACLE, "--decompose", "1_0"],
        "draw-decompose-arabic-digit": [*ORACLE, "--decompose", "\u0663"],
        "draw-cells": [
            *shlex.split("draw find-two-color --positions 256 --colors 4 --decompose 1")
        ],
        "draw-method-cells": ["draw", "nonadaptive", "--positions", "256", "--colors", "3"],
        "solve-draw-fifo": [*ADAPTIVE, "--draw", str(out / "fifo.png")],
        "solve-draw-link-forced": [*ADAPTIVE, "--draw", str(out / "link.png"), "--force"],
        "solve-qasm-link": [*ADAPTIVE, "--qasm", str(out / "link.qasm")],
        "solve-qasm-exists": [*ADAPTIVE, "--qasm", str(out / "old.qasm")],
        "solve-draw-derived-name-exists": [
            *SOLVE,
            *shlex.split("--method nonadaptive --colors 3 --secret 1,2 --draw"),
            str(out / "f.png"),
        ],
        "compare-csv-fifo": [*GRID, "--csv", str(out / "fifo.csv")],
        "compare-csv-link-forced": [*GRID, "--csv", str(out / "link.csv"), "--force"],
        "compare-csv-exists": [*GRID, "--csv", str(out / "target.txt")],
        "compare-plot-link": [*GRID2, "--plot", str(out / "link.png")],
        "compare-plot-fifo": [*GRID2, "--plot", str(out / "fifo.png")],
        "compare-plot-setting-name-exists": [*GRID2, "--plot", str(out / "h.png")],
        # the top level
        "no-command": [],
        "unknown-command": ["nope"],
        "unknown-option": ["--bogus"],
    }


def _write_records(files: Path) -> None:
    """Damaged job records (and one good one) for the ``jobs fetch`` cases."""
    folder = files / "jobs"
    folder.mkdir(parents=True)
    (files / "file").write_text("not a folder")
    record = job_record(
        "good", method="two-color", n=2, k=2, registers=["c"], circuit_names=["two_color"], seed=1
    ).finished_with([{"01": 10}])
    data = record.to_dict()
    damaged = {
        "good": data,
        "array": [data],
        "huge-n": {**data, "job_id": "huge-n", "n": 10**9},
        "registers-5": {**data, "job_id": "registers-5", "registers": 5},
        "created-null": {**data, "job_id": "created-null", "created": None},
        "count-text": {**data, "job_id": "count-text", "counts": [{"01": "ten"}]},
    }
    adaptive = job_record(
        "adaptive-tampered",
        method="adaptive",
        n=2,
        k=4,
        registers=["code"],
        circuit_names=["adaptive"],
        seed=1,
    ).finished_with([{"0000": 10}])
    damaged.update(
        {
            "schema-true": {**data, "job_id": "schema-true", "schema": True},
            "count-huge": {**data, "job_id": "count-huge", "counts": [{"01": 10**400}]},
            "adaptive-tampered": {**adaptive.to_dict(), "n": 10},  # 4-bit outcomes, n = 10
            "writable": {**data, "job_id": "writable"},
        }
    )
    for name, content in damaged.items():
        (folder / f"{name}.json").write_text(json.dumps(content))
    (folder / "writable.json").chmod(0o666)
    os.symlink(folder / "good.json", folder / "linked.json")
    (folder / "deep.json").write_text("[" * 200_000 + "]" * 200_000)
    (folder / "not-json.json").write_text("{")
    _write_output_traps(files / "out")


TRAPS = {
    "target.txt": "precious",
    "old.qasm": "old circuit",
    "f-pair-0-1.png": "an older drawing",
    "h-adaptive.png": "an older plot",
}
"""Regular files in the output folder that no case may change."""
LINKS = ("link.txt", "link.png", "link.qasm", "link.csv", "g-pair-0-2.png")
"""Links in the output folder (to ``target.txt``) that no case may write through."""


def _write_output_traps(out: Path) -> None:
    """Files, links and FIFOs for the output cases."""
    out.mkdir()
    for name, text in TRAPS.items():
        (out / name).write_text(text)
    for name in LINKS:
        os.symlink("target.txt", out / name)
    os.symlink("missing.txt", out / "dangling.txt")
    for name in ("fifo.png", "fifo.txt", "fifo.csv"):
        os.mkfifo(out / name)


def _limit_child() -> None:  # runs in the child before exec
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _run(argv: list[str], env: dict[str, str]) -> dict[str, object]:
    """Run one command line; status, stderr, seconds and peak resident bytes."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-m", "mastermind_q.cli", *argv],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            preexec_fn=_limit_child,
        )
        timer = threading.Timer(WALL_LIMIT, process.kill)
        timer.start()
        try:
            _pid, status, usage = os.wait4(process.pid, 0)  # rusage of this child only
        finally:
            timer.cancel()
        wall = time.monotonic() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        return {
            "status": process.returncode,
            "stderr": err.read().decode("utf-8", "replace"),
            "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "wall_seconds": wall,
            "peak_bytes": usage.ru_maxrss * 1024,  # kilobytes on Linux
        }


# One worker runs this module (pytest -n 2): its module fixture runs every selected case
# as a subprocess, once.
pytestmark = pytest.mark.xdist_group("cli_fuzz")


@pytest.fixture(scope="module")
def fuzz_files(tmp_path_factory):
    files = tmp_path_factory.mktemp("fuzz")
    _write_records(files)
    return files


@pytest.fixture(scope="module")
def results(request, fuzz_files):
    files = fuzz_files
    env = {key: value for key, value in os.environ.items() if not key.startswith("MASTERMIND_Q_")}
    env.update(MPLBACKEND="Agg", MASTERMIND_Q_JOBS_DIR=str(files / "jobs"), PYTHONWARNINGS="")
    selected = {  # only the cases this session runs (the fast ones unless -m slow)
        item.callspec.params["name"]
        for item in request.session.items
        if item.module is request.module and hasattr(item, "callspec")
    }
    cases = {name: argv for name, argv in _cases(files).items() if name in selected}
    fresh = {name: argv for name, argv in cases.items() if name in FRESH_CASES}
    forked = {name: ["-m", "mastermind_q.cli", *argv] for name, argv in cases.items()}
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        futures = {name: pool.submit(_run, argv, env) for name, argv in fresh.items()}
        results = run_pythons(
            {name: argv for name, argv in forked.items() if name not in fresh},
            env=env,
            workers=WORKERS,
            address_space=ADDRESS_SPACE,
            wall_limit=WALL_LIMIT,
        )
        return {**results, **{name: future.result() for name, future in futures.items()}}


CASE_NAMES = list(_cases(Path("/fuzz")))
FAST_CASES = frozenset(
    {
        "solve-unknown-method",
        "solve-secret-out-of-range",
        "solve-random-trillion",
        "solve-adversary-huge",
        "solve-statevector-31-qubits",
        "solve-shots-10e30",
        "draw-missing-folder",
        "resources-adaptive-gates",
        "compare-grid-100-million",
        "compare-csv-missing-folder",
        "compare-quantum-total-work",
        "jobs-fetch-deep",
        "jobs-fetch-adaptive-tampered",
        "jobs-fetch-link",
        "draw-output-link",
        "draw-output-fifo",
        "draw-derived-name-exists",
        "draw-decompose-arabic-digit",
        "solve-draw-fifo",
        "compare-csv-fifo",
        "compare-plot-link",
        "unknown-option",
    }
)
"""The cases of the default run: every command, size, value, file and top-level guard."""
FRESH_CASES = frozenset({"solve-unknown-method"})
"""Cases that start a fresh interpreter (the others are forked after the imports)."""


def test_there_are_at_least_sixty_cases():
    assert len(CASE_NAMES) >= 60
    assert set(CASE_NAMES) >= FAST_CASES >= FRESH_CASES, FAST_CASES - set(CASE_NAMES)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=() if name in FAST_CASES else pytest.mark.slow)
        for name in CASE_NAMES
    ],
)
def test_bad_input_is_one_line_exit_2_fast_and_small(results, name):
    result = results[name]
    err = result["stderr"]
    assert "Traceback" not in err, err
    assert result["status"] == 2, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "error" in err
    assert result["cpu_seconds"] < TIME_LIMIT and result["wall_seconds"] < WALL_LIMIT, result
    assert result["peak_bytes"] < MEMORY_LIMIT, result


NAMED = {
    "draw-output-fifo": "fifo.png is not a regular file (a FIFO)",
    "solve-draw-fifo": "fifo.png is not a regular file (a FIFO)",
    "compare-plot-fifo": "fifo.png is not a regular file (a FIFO)",
    "draw-output-link": "link.txt is a symbolic link",
    "draw-derived-name-link-forced": "g-pair-0-2.png is a symbolic link",
    "solve-draw-link-forced": "link.png is a symbolic link",
    "compare-csv-link-forced": "link.csv is a symbolic link",
    "draw-derived-name-exists": "f-pair-0-1.png exists",
    "compare-plot-setting-name-exists": "h-adaptive.png exists",
}
"""Output cases whose one error line must name the file and the reason."""


@pytest.mark.parametrize(
    "name",
    [pytest.param(name, marks=() if name in FAST_CASES else pytest.mark.slow) for name in NAMED],
)
def test_a_refused_output_file_is_named(results, name):
    assert NAMED[name] in results[name]["stderr"], results[name]["stderr"]


def test_no_case_writes_through_a_link_into_a_fifo_or_over_a_file(results, fuzz_files):
    """After the cases that ran: every trap is as it was, and nothing new was written."""
    import stat

    out = fuzz_files / "out"
    for name, text in TRAPS.items():
        assert (out / name).read_text() == text, name
    for name in LINKS:
        assert os.readlink(out / name) == "target.txt", name
    assert not (out / "missing.txt").exists()
    for name in ("fifo.png", "fifo.txt", "fifo.csv"):
        assert stat.S_ISFIFO(os.lstat(out / name).st_mode), name
    expected = {*TRAPS, *LINKS, "dangling.txt", "fifo.png", "fifo.txt", "fifo.csv"}
    assert {path.name for path in out.iterdir()} == expected
