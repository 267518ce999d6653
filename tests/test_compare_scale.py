"""The comparison at scale: the diagonal, counted quantum rows, budgets, costs, bad input."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys

import pytest

import mastermind_q.compare as cmp
from mastermind_q.codemaker import CircuitsNotExecuted, Codemaker, CountingCodemaker
from mastermind_q.compare.costs import check_row_budget, estimate_seconds
from mastermind_q.compare.rows import CompareTask
from mastermind_q.counting import OracleCountError
from mastermind_q.limits import ResourceLimitError

QUANTUM_CELLS = [
    ("nonadaptive", 4, 4),
    ("nonadaptive", 3, 6),
    ("triples", 4, 5),
    ("triples", 3, 8),
    ("two-color", 3, 2),
    ("two-color", 1, 2),
    ("adaptive", 3, 4),
    ("adaptive", 2, 8),
    ("hunziker-meyer", 2, 5),
]


# -- counted, not executed ---------------------------------------------------------------
@pytest.mark.parametrize(("method", "n", "k"), QUANTUM_CELLS)
def test_the_count_without_running_equals_the_executed_count_and_the_theory(method, n, k):
    executed = cmp.run_task(CompareTask(n, k, method, "quantum", executed=True), seed=3)
    counted = cmp.run_task(CompareTask(n, k, method, "quantum", executed=False), seed=3)
    assert executed.executed is True and executed.solved is True
    assert counted.executed is False and counted.solved is None
    assert counted.success_probability is None and counted.samples == 1
    assert counted.queries == executed.queries == counted.theory == executed.theory
    assert counted.queries_to_win == executed.queries_to_win == counted.queries + 1


@pytest.mark.parametrize(("method", "n", "k"), QUANTUM_CELLS)
def test_the_same_circuits_are_handed_over_in_one_batch_either_way(method, n, k):
    from mastermind_q.solving import method_info

    breaker = method_info(method).solve
    secret = tuple((3 * i + 1) % k for i in range(n))
    runner = Codemaker(secret, k)
    breaker(runner, backend="aer-statevector", shots=None, seed=1)
    counter = CountingCodemaker(secret, k)
    with pytest.raises(CircuitsNotExecuted) as counted:
        breaker(counter, backend="aer-statevector", shots=None, seed=1)
    assert counter.batches == 1 and counted.value.circuits == len(runner.circuits)
    assert counted.value.calls == counter.queries == runner.queries
    assert counter.counted_circuits == len(runner.circuits)


def test_a_counting_codemaker_gives_no_answer_and_counts_what_it_refuses_nothing_of():
    from mastermind_q.circuits import find_two_color_circuit

    maker = CountingCodemaker((0, 2, 1), colors=3)
    assert maker.executed is False
    circuit = find_two_color_circuit(maker.oracle(), 0, 1, num_positions=3, colors=3)
    with pytest.raises(CircuitsNotExecuted) as raised:
        maker.run([circuit, circuit], backend="aer-statevector")
    assert raised.value.calls == 2 and maker.queries == 2
    assert maker.outcomes == () and maker.circuits == ()  # nothing ran, nothing kept
    other = Codemaker((0, 2, 1), colors=3)  # another codemaker's oracle: refused, uncharged
    forged = find_two_color_circuit(other.oracle(), 0, 1, num_positions=3, colors=3)
    with pytest.raises(OracleCountError):
        maker.run([forged])
    with pytest.raises(ValueError, match="at least one circuit"):
        maker.run([])
    with pytest.raises(ValueError, match="QuantumCircuit"):
        maker.run(["circuit"])
    assert maker.queries == 2 and maker.batches == 1
    assert maker.black((0, 2, 2)) == 2 and maker.queries == 3  # classical: answered, counted


def test_quantum_rows_beyond_the_stated_size_are_counted_and_say_so():
    result = cmp.compare(
        [4, 24], "n", methods=["nonadaptive", "adaptive"], bounds=False, formulas=False
    )
    rows = {(row.n, row.method): row for row in result.rows}
    assert rows[(4, "nonadaptive")].executed is True
    assert rows[(24, "nonadaptive")].executed is False
    assert rows[(24, "nonadaptive")].queries == 23
    assert rows[(24, "adaptive")].queries == cmp.theoretical_queries("adaptive", 24, 24) == 8
    assert all(row.to_dict()["executed"] in (True, False) for row in result.rows)
    table = cmp.format_table(result.rows)
    line = next(x for x in table.splitlines() if x.split()[:3] == ["24", "24", "nonadaptive"])
    assert "counted, not executed" in line
    assert "counted" not in next(x for x in table.splitlines() if x.split()[:1] == ["4"])
    assert "executed" in cmp.CSV_FIELDS
    every = cmp.compare([4], [4], methods=["adaptive"], simulate_up_to=0, formulas=False)
    assert every.rows[0].executed is False and every.rows[0].queries == 2  # T = 1 at k = 4
    with pytest.raises(ValueError, match="simulate_up_to"):
        cmp.plan_comparison([4], [4], simulate_up_to=-1)


def test_counted_rows_have_their_own_limit_and_skip_with_the_reason():
    plan = cmp.plan_comparison([2048], [2048], methods=["adaptive"], formulas=False, bounds=False)
    assert [task.executed for task in plan.tasks] == [False]  # beyond the quantum limits
    plan = cmp.plan_comparison([8], [20000], methods=["adaptive"], formulas=False, bounds=False)
    assert not plan.tasks and "MASTERMIND_Q_MAX_COUNTED_COLORS" in plan.skipped[0][1]
    plan = cmp.plan_comparison([4096], [8], methods=["nonadaptive"], formulas=False, bounds=False)
    assert [task.executed for task in plan.tasks] == [False]


# -- the diagonal ------------------------------------------------------------------------
def test_colors_n_sweeps_the_diagonal():
    plan = cmp.plan_comparison([3, 5, 5, 4], "n", methods=["blackpeg"], formulas=False)
    assert sorted({task.cell for task in plan.tasks}) == [(3, 3), (4, 4), (5, 5)]
    for bad in ("m", "N", ""):
        with pytest.raises(ValueError, match="colors"):
            cmp.plan_comparison([3], bad)
    with pytest.raises(ValueError, match="positions >= 2"):
        cmp.plan_comparison([1, 3], "n")


# -- budgets and costs ---------------------------------------------------------------------
def _compare_rows(capsys, budget):
    from helpers import run_cli

    status, out, err = run_cli(
        capsys, "compare", "--positions", "6", "--colors", "6", "--samples", "3",
        "--methods", "consistent,coin-weighing,blackpeg", "--no-bounds", "--no-formulas",
        "--row-budget", f"{budget:.6f}", "--workers", "1", "--json",
    )  # fmt: skip
    assert status == 0, err
    payload = json.loads(out)
    for row in payload["rows"]:
        row.pop("seconds", None)  # how long it took: reported, never deciding
    return payload


def test_the_same_compare_gives_the_same_rows_on_a_contended_machine(capsys):
    """Once with busy processes on every core, once without: the same rows and skips.

    The row budget is set just above the cost model's estimate of the consistent row,
    which a row measured by the clock would overrun on the contended run."""
    estimate = estimate_seconds(CompareTask(6, 6, "consistent", "classical"), samples=3)
    budget = estimate * 1.02
    busy = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"])
        for _ in range(2 * (os.cpu_count() or 1))
    ]
    try:
        contended = _compare_rows(capsys, budget)
    finally:
        for process in busy:
            process.kill()
        for process in busy:
            process.wait()
    quiet = _compare_rows(capsys, budget)
    assert contended == quiet
    methods = [row["method"] for row in quiet["rows"]]
    assert "consistent" in methods and "best-classical" in methods


def test_an_expensive_row_over_its_budget_is_skipped_with_the_reason():
    result = cmp.compare([4], [4], methods=["consistent", "blackpeg"], samples=3, row_budget=1e-6)
    assert [row.method for row in result.rows if row.source == "measured"] == ["blackpeg"]
    (reason,) = [why for task, why in result.skipped if task.method == "consistent"]
    assert "row budget" in reason and "consistent" in reason
    task = CompareTask(4, 4, "consistent", "classical")
    check_row_budget(task, samples=3, budget=60.0)  # the estimate fits
    with pytest.raises(ValueError, match="by its cost model, over the row budget of 1e-06 s"):
        check_row_budget(task, samples=3, budget=1e-6)
    check_row_budget(CompareTask(4, 4, "blackpeg", "classical"), samples=3, budget=1e-9)
    for bad in (0, -1.0, math.nan, math.inf):
        with pytest.raises(ValueError, match="row_budget"):
            cmp.compare([3], [3], methods=["blackpeg"], row_budget=bad)
    with pytest.raises(TypeError, match="row_budget"):
        cmp.compare([3], [3], methods=["blackpeg"], row_budget="60")


def test_costs_weigh_rows_by_what_they_do():
    cheap = estimate_seconds(CompareTask(8, 8, "blackpeg", "classical"), samples=10)
    solver = estimate_seconds(CompareTask(16, 16, "consistent", "classical"), samples=10)
    bound = estimate_seconds(CompareTask(8, 8, "elouali-upper", "bound"))
    counted = estimate_seconds(CompareTask(1024, 1024, "nonadaptive", "quantum", executed=False))
    small = estimate_seconds(CompareTask(64, 64, "nonadaptive", "quantum", executed=False))
    assert bound < cheap < solver and small < counted
    assert counted > 100 * small  # 1023 circuits of 10k qubits against 63 of 400


def test_the_progress_bar_advances_by_estimated_cost(capsys):
    import io

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    plan = cmp.plan_comparison([3], [3], methods=["blackpeg", "elouali-upper"])
    costs = [1.0, 3.0]
    stream = Terminal()
    bar = cmp.SweepProgress(2, file=stream, costs=costs, tasks=plan.tasks)
    tasks = iter(bar.tasks(plan.tasks))
    next(tasks)
    next(tasks)  # the first row (cost 1 of 4) is done
    assert bar._bar.n == 1000 and bar._bar.total == 4000
    list(tasks)
    bar.close()
    assert "100%" in stream.getvalue() and "row 2/2" in stream.getvalue()


def test_the_quantum_rows_total_work_is_checked_before_any_row():
    with pytest.raises(ResourceLimitError, match="quantum samples"):
        cmp.compare([3, 4], [3, 4], methods=["triples"], quantum_samples=100_000)
    with pytest.raises(ResourceLimitError, match="shots"):
        cmp.compare(
            [3, 4], [3], methods=["triples"], quantum_samples=2000, shots=1_000_000, backend="aer"
        )


# -- the Python API's hostile input ---------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "error", "fragment"),
    [
        ({"num_positions": 10**30}, ResourceLimitError, "positions"),
        ({"num_colors": 10**30}, ResourceLimitError, "colors"),
        ({"count": 10**30}, ResourceLimitError, "samples"),
        ({"seed": "3"}, ValueError, "seed"),
        ({"seed": math.nan}, ValueError, "seed"),
        ({"seed": object()}, ValueError, "seed"),
        ({"seed": -1}, ValueError, "seed"),
        ({"distinct": "no"}, ValueError, "distinct"),
        ({"distinct": 0}, ValueError, "distinct"),
    ],
)
def test_random_secrets_refuses_bad_input_at_once(options, error, fragment):
    arguments = {"num_positions": 3, "num_colors": 3, "count": 2, "distinct": False, "seed": 0}
    with pytest.raises(error, match=fragment):
        cmp.random_secrets(**{**arguments, **options})


def test_format_table_and_compare_refuse_malformed_input():
    with pytest.raises(ValueError, match=r"rows\[0\] has no k, method, queries"):
        cmp.format_table([{"n": "x"}])
    for name in ("bounds", "formulas"):
        with pytest.raises(ValueError, match=f"{name} must be True or False, was 'no'"):
            cmp.compare([3], [3], methods=["blackpeg"], **{name: "no"})
        with pytest.raises(ValueError, match=name):
            cmp.plan_comparison([3], [3], **{name: 1})


# -- the command line -------------------------------------------------------------------------
def _main(argv, capsys):
    from mastermind_q import cli

    status = cli.main(["compare", "--quiet", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_plot_that_fails_after_the_sweep_keeps_the_table(capsys, tmp_path):
    grid = ["--positions", "3,4", "--colors", "3", "--methods", "blackpeg", "--no-formulas"]
    status, out, err = _main(
        [*grid, "--plot", str(tmp_path / "f.png"), "--plot-methods", "best-classical@black-white"],
        capsys,
    )
    assert status == 2 and "Traceback" not in err
    assert "blackpeg" in out and "best-classical" in out  # the rows came first
    last = err.splitlines()[-1]  # (after the notice of the rows skipped)
    assert last.startswith("mastermind-q compare: error: --plot-methods 'best-classical@black-")
    assert "--methods" not in last.replace("--plot-methods", "") and "no finished row" in last
    status, out, err = _main(
        [
            *grid,
            "--json",
            "--plot",
            str(tmp_path / "g.png"),
            "--plot-methods",
            "best-classical@black-white",
        ],
        capsys,
    )
    assert status == 2 and len(json.loads(out)["rows"]) == 12 and json.loads(out)["plots"] == {}


def test_a_figure_that_cannot_be_written_keeps_the_table(capsys, tmp_path, monkeypatch):
    import errno

    from mastermind_q.cli import compare as cli_compare

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(cli_compare, "_plot", full)
    argv = ["--positions", "3,4", "--colors", "3", "--methods", "blackpeg", "--no-formulas"]
    status, out, err = _main([*argv, "--plot", str(tmp_path / "f.png")], capsys)
    assert status == 2 and "blackpeg" in out
    last = err.splitlines()[-1]  # (after the notice of the rows skipped)
    assert "No space left on device" in last and "error: --plot " in last


def test_plot_methods_without_plot_is_an_error(capsys):
    status, out, err = _main(
        ["--positions", "3", "--colors", "3", "--plot-methods", "adaptive"], capsys
    )
    assert status == 2 and out == "" and "--plot-methods" in err and "--plot FILE" in err


def test_a_huge_method_name_is_not_echoed_whole(capsys):
    status, _out, err = _main(
        ["--positions", "3", "--colors", "3", "--methods", "x" * 100_000], capsys
    )
    assert status == 2 and err.count("\n") == 1 and len(err) < 300 and "100000 characters" in err


def test_a_second_ctrl_c_keeps_the_table(capsys, monkeypatch):
    from mastermind_q.cli import compare as cli_compare
    from mastermind_q.compare import running

    assert "run_comparison" not in cli_compare.__dict__  # the CLI calls compare()
    calls = []

    def interrupted(plan, **options):
        into = options["into"]
        into.rows.append(cmp.CompareRow(3, 3, "blackpeg", "classical", 7, 7.0, samples=1))
        raise KeyboardInterrupt

    real_table = cmp.format_pivot

    def table_with_a_second_ctrl_c(rows):
        calls.append(1)
        os.kill(os.getpid(), signal.SIGINT)  # within 0.4 s of the first
        return real_table(rows)

    monkeypatch.setattr(running, "run_comparison", interrupted)
    monkeypatch.setattr(cmp, "format_pivot", table_with_a_second_ctrl_c)
    status, out, err = _main(["--positions", "3", "--colors", "3", "--methods", "blackpeg"], capsys)
    assert calls and status == 130
    assert "blackpeg" in out and "interrupted after 1 rows" in err


def test_compare_diagonal_on_the_command_line_marks_counted_rows(capsys):
    status, out, _err = _main(
        [
            "--positions",
            "3,20",
            "--colors",
            "n",
            "--methods",
            "nonadaptive,blackpeg",
            "--json",
            "--samples",
            "2",
        ],
        capsys,
    )
    assert status == 0
    rows = json.loads(out)["rows"]
    quantum = [row for row in rows if row["kind"] == "quantum"]
    assert [(row["n"], row["k"], row["executed"]) for row in quantum] == [
        (3, 3, True),
        (20, 20, False),
    ]
    assert all(row["n"] == row["k"] for row in rows)


def test_workers_default_to_two_processes_only_for_a_long_sweep(monkeypatch):
    from mastermind_q.backends import Execution, ExecutionOptions
    from mastermind_q.cli import compare as cli_compare
    from mastermind_q.compare.running import auto_workers

    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    small = cmp.plan_comparison([3, 4], [3])
    large = cmp.plan_comparison([1024, 4096], "n")
    aer = Execution("aer")
    assert auto_workers(small, 10, 1, aer) == 1
    assert auto_workers(large, 10, 1, aer) == 2
    assert auto_workers(large, 10, 1, aer, scheduler="tcp://host:8786") == 1
    runtime = Execution("fake:manila", options=ExecutionOptions(fake_mode="runtime"))
    assert auto_workers(large, 10, 1, runtime) == 1  # one runtime batch, here
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert auto_workers(large, 10, 1, aer) == 1
    assert cli_compare._workers("auto") is None and cli_compare._workers("3") == 3


def test_compare_takes_an_effort_for_consistent_and_refuses_a_bad_one(capsys):
    from helpers import run_cli

    grid = ("compare", "--positions", "4", "--colors", "4", "--methods", "consistent",
            "--no-bounds", "--no-formulas", "--samples", "2", "--json")  # fmt: skip
    status, out, _ = run_cli(capsys, *grid, "--effort", "1e-6")
    assert status == 0
    payload = json.loads(out)
    (reason,) = [entry["reason"] for entry in payload["skipped"] if entry["method"] == "consistent"]
    assert "over --effort 1e-06" in reason or "effort=1e-06" in reason
    status, out, _ = run_cli(capsys, *grid, "--effort", "50")
    assert status == 0 and json.loads(out)["rows"][0]["method"] == "consistent"
    status, _, err = run_cli(capsys, *grid, "--effort", "0")
    assert status == 2 and "effort" in err and err.count("\n") == 1
