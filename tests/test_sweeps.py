"""Tests for comparison sweeps in worker processes, on a Dask cluster and in runtime batches."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_cli

from mastermind_q import jobs
from mastermind_q.backends import execution_options
from mastermind_q.compare import plan_comparison, run_comparison
from mastermind_q.compare.executors import connect, validate_workers

GRID = {"positions": [3, 4], "colors": [3, 4], "methods": ["nonadaptive", "blackpeg"]}


def _plan():
    return plan_comparison(GRID["positions"], GRID["colors"], methods=GRID["methods"])


def _timeless(comparison) -> dict:
    """The comparison as a dict without the wall-clock fields."""
    payload = comparison.to_dict()
    payload["rows"] = [
        {key: value for key, value in row.items() if key != "seconds"} for row in payload["rows"]
    ]
    return payload


@pytest.fixture(scope="module")
def serial():
    return _timeless(run_comparison(_plan(), samples=3, seed=5))


@pytest.mark.slow  # two worker processes start (fast: the plans, refusals and batches here)
def test_workers_give_the_serial_rows_in_plan_order(serial):
    parallel = _timeless(run_comparison(_plan(), samples=3, seed=5, workers=2))
    assert parallel == serial
    methods = {row["method"] for row in serial["rows"]}
    assert {"nonadaptive", "blackpeg", "best-classical"} <= methods
    assert serial["skipped"]  # the plan's skipped rows (bounds that need k >= n) are kept
    assert not multiprocessing.active_children()


@pytest.mark.slow  # two worker processes start (fast: the workers' rows, a stopped CLI compare)
def test_an_interrupt_keeps_the_finished_rows_and_stops_the_workers():
    plan = _plan()
    seen = []

    def stop_after_two(row):
        seen.append(row)
        if len(seen) == 2:
            raise KeyboardInterrupt

    from mastermind_q.compare import Comparison

    outcome = Comparison()
    with pytest.raises(KeyboardInterrupt):
        run_comparison(plan, samples=3, seed=5, workers=2, into=outcome, on_row=stop_after_two)
    assert len(outcome.rows) == 2 and set(map(id, outcome.rows)) == set(map(id, seen))
    tasks = [row for row in outcome.rows if row.source != "best"]  # best rows: no task
    order = [plan.tasks.index(next(t for t in plan.tasks if _same(t, r))) for r in tasks]
    assert order == sorted(order)  # put back in plan order
    assert not multiprocessing.active_children()


def _same(task, row) -> bool:
    return (task.n, task.k, task.method, task.feedback, task.distinct) == (
        row.n,
        row.k,
        row.method,
        row.feedback,
        row.distinct,
    )


@pytest.mark.slow  # a local cluster starts in about 2.5 s
def test_a_local_dask_cluster_gives_the_serial_rows(serial):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        connect(cluster.scheduler_address) as client,
    ):
        on_cluster = run_comparison(_plan(), samples=3, seed=5, client=client)
    assert _timeless(on_cluster) == serial


@pytest.mark.parametrize("workers", [0, -1, True, 2.0, "2"])
def test_bad_worker_counts_are_named(workers):
    with pytest.raises(ValueError, match="workers must be an integer >= 1"):
        validate_workers(workers)


def test_workers_and_a_client_together_are_refused():
    with pytest.raises(ValueError, match="workers or client, not both"):
        run_comparison(_plan(), workers=2, client=object())


@pytest.mark.parametrize("address", ["not-an-address", "foo://host:1", ""])
def test_a_bad_scheduler_address_is_named(address):
    pytest.importorskip("distributed")
    with pytest.raises(ValueError, match="scheduler must be an address"):
        connect(address, timeout=1)


def test_no_scheduler_at_an_address_is_one_error():
    pytest.importorskip("distributed")
    with pytest.raises(
        ValueError, match=re.escape("no Dask scheduler answered at 'tcp://127.0.0.1:9'")
    ):
        connect("tcp://127.0.0.1:9", timeout=0.5)


def test_runtime_sweeps_run_here_in_one_batch(tmp_path):
    plan = plan_comparison([2], [3, 4], methods=["nonadaptive"], bounds=False, formulas=False)
    with execution_options(fake_mode="runtime", record=True, jobs_dir=tmp_path):
        with pytest.raises(ValueError, match="runs its rows here, in one runtime batch"):
            run_comparison(plan, backend="fake:nairobi", workers=2)
        outcome = run_comparison(plan, backend="fake:nairobi", shots=64, seed=3)
    assert [row.solved for row in outcome.rows] == [True, True]
    records = jobs.list_records(tmp_path)
    assert len(records) == 2
    batch_ids = {record.batch_id for record in records}
    assert len(batch_ids) == 1 and batch_ids.pop().startswith("local-")
    assert all(record.engine.endswith("batch mode") for record in records)


def test_a_job_of_its_own_has_no_batch_and_old_records_read(tmp_path):
    from mastermind_q import solve

    with execution_options(fake_mode="runtime", record=True, jobs_dir=tmp_path):
        solve([1, 0], colors=3, method="nonadaptive", backend="fake:nairobi", shots=64, seed=3)
    (record,) = jobs.list_records(tmp_path)
    assert record.batch_id is None
    data = record.to_dict()
    del data["batch_id"]  # a record written before batches
    assert jobs.JobRecord.from_dict(data).batch_id is None
    data["batch_id"] = 7
    with pytest.raises(ValueError, match="batch_id"):
        jobs.JobRecord.from_dict(data)


def _cli(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_q.cli", *arguments],
        capture_output=True,
        text=True,
        timeout=900,
    )


@pytest.mark.slow  # four interpreter starts and two worker processes, about 3.5 s
def test_cli_workers_give_the_same_rows():
    grid = ["compare", "--positions", "3,4", "--colors", "3", "--samples", "3", "--json"]
    grid += ["--methods", "nonadaptive,blackpeg"]
    serial, parallel = _cli(*grid), _cli(*grid, "--workers", "2")
    assert serial.returncode == parallel.returncode == 0, parallel.stderr
    rows = [
        [{k: v for k, v in row.items() if k != "seconds"} for row in json.loads(run.stdout)["rows"]]
        for run in (serial, parallel)
    ]
    assert rows[0] == rows[1]


def test_cli_bad_scheduler_is_one_line_and_no_csv(tmp_path, capsys):
    csv = tmp_path / "rows.csv"
    grid = ["compare", "--positions", "3", "--colors", "3"]
    status, _, err = run_cli(capsys, *grid, "--scheduler", "nowhere", "--csv", str(csv))
    assert status == 2
    assert err.count("\n") == 1 and "scheduler must be an address" in err
    assert not csv.exists()
    status, _, err = run_cli(capsys, *grid, "--workers", "2", "--scheduler", "x")
    assert status == 2 and "not allowed with" in err


@pytest.mark.slow
def test_the_issue_grid_gives_the_same_rows_with_two_workers():
    """Issue 12's Must-show: ``compare --positions 4:16:4 --colors 4,8 --workers 2``."""
    grid = ["compare", "--positions", "4:16:4", "--colors", "4,8", "--json"]
    serial, parallel = _cli(*grid), _cli(*grid, "--workers", "2")
    assert serial.returncode == parallel.returncode == 0, parallel.stderr
    payloads = [json.loads(run.stdout) for run in (serial, parallel)]
    rows = [
        [{k: v for k, v in row.items() if k != "seconds"} for row in payload["rows"]]
        for payload in payloads
    ]
    assert len(rows[0]) > 50 and rows[0] == rows[1]
    assert payloads[0]["skipped"] == payloads[1]["skipped"]


@pytest.mark.slow  # a script and two workers start (fast: the workers' rows)
def test_workers_that_cannot_start_are_one_error_not_a_hang(tmp_path):
    """A script without a main guard: spawned workers die importing it; no respawn loop."""
    script = tmp_path / "sweep.py"  # no `if __name__ == "__main__":`
    script.write_text(
        "from mastermind_q.compare import plan_comparison, run_comparison\n"
        "plan = plan_comparison([3], [3], methods=['blackpeg'], bounds=False, formulas=False)\n"
        "run_comparison(plan, samples=2, workers=2)\n",
        encoding="utf-8",
    )
    root = str(Path(__file__).resolve().parents[1])  # this checkout's mastermind_q
    run = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": root},
    )
    assert run.returncode != 0
    assert "WorkersFailedError" in run.stderr and "__main__" in run.stderr


# -- issue 16: schedulers that are not tcp, or that answer garbage, are one line ----------
@pytest.mark.parametrize(
    "address", ["tls://127.0.0.1:8786", "ucx://127.0.0.1:8786", "inproc://x", "tcp://host:99999"]
)
def test_only_tcp_schedulers_are_accepted(address):
    pytest.importorskip("distributed")
    with pytest.raises(ValueError, match="scheduler must be an address like tcp://host:8786"):
        connect(address, timeout=1)


@pytest.mark.parametrize(
    "garbage",
    [b"\xff" * 64, b"HTTP/1.1 400 Bad Request\r\n\r\n", b"\x10\x00\x00\x00\x00\x00\x00\x00"],
    ids=["huge-length", "http", "truncated"],
)
def test_a_server_that_answers_garbage_is_one_error_and_no_allocation(garbage):
    """The audit's 3 EiB frame: refused from the first 8 bytes, nothing allocated."""
    import socket
    import threading

    pytest.importorskip("distributed")
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]

    def answer():
        connection, _ = server.accept()
        with connection:
            connection.sendall(garbage)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        with pytest.raises(ValueError) as caught:
            connect(f"tcp://127.0.0.1:{port}", timeout=2)
    finally:
        server.close()
        thread.join(timeout=5)
    message = str(caught.value)
    assert "\n" not in message
    assert "does not speak the Dask protocol" in message or "no Dask scheduler" in message


def test_a_server_that_says_nothing_times_out_in_one_line():
    import socket

    pytest.importorskip("distributed")
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        port = server.getsockname()[1]
        with pytest.raises(ValueError, match=r"no Dask scheduler answered .* within 0\.5 s"):
            connect(f"tcp://127.0.0.1:{port}", timeout=0.5)


@pytest.mark.parametrize(
    "arguments",
    [
        ["--samples", "1000000000"],
        ["--positions", "900:1000", "--colors", "1000", "--methods", "permutation"],
        ["--methods", ""],
        ["--methods", ",,"],
        ["--scheduler", "tls://127.0.0.1:8786"],
        ["--scheduler", "ucx://127.0.0.1:8786"],
        ["--workers", "10000"],
    ],
    ids=["samples", "work", "methods-empty", "methods-commas", "tls", "ucx", "workers"],
)
def test_cli_compare_refuses_in_one_line(arguments, capsys):
    from mastermind_q import cli

    argv = ["compare", "--positions", "3", "--colors", "3", *arguments]
    if "permutation" in arguments:
        argv = ["compare", *arguments, "--samples", "1000"]
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
