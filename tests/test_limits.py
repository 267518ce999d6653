"""Tests for the resource limits: every request beyond them is refused before any work."""

from __future__ import annotations

import numpy as np
import pytest

from mastermind_q import cli, limits
from mastermind_q.compare import compare, parse_int_list, plan_comparison
from mastermind_q.limits import (
    ResourceLimitError,
    check_code_space,
    check_shots,
    check_statevector,
    limit,
)
from mastermind_q.solving import solve


def _cli_error(capsys, argv):
    status = cli.main(argv)
    captured = capsys.readouterr()
    assert status == 2, captured
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


# -- the limits themselves --------------------------------------------------------------
def test_shots_accept_integral_reject_bool_and_refuse_above_the_limit():
    assert check_shots(np.int64(100)) == 100
    with pytest.raises(ValueError, match="shots must be an integer, was True"):
        check_shots(True)
    with pytest.raises(ValueError, match="shots must be a positive integer, was 0"):
        check_shots(0)
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_SHOTS"):
        check_shots(10**12)
    with pytest.raises(ResourceLimitError, match=r"100000 x 30 circuits = 3000000 shots"):
        check_shots(100_000, circuits=30)


def test_limits_are_overridden_by_their_environment_variable(monkeypatch):
    monkeypatch.setenv("MASTERMIND_Q_MAX_SHOTS", "10")
    assert limit("max_shots") == 10
    with pytest.raises(ResourceLimitError, match="shots 11 is too many, more than the limit 10"):
        check_shots(11)
    monkeypatch.setenv("MASTERMIND_Q_MAX_SHOTS", "1_0")
    with pytest.raises(ValueError, match="MASTERMIND_Q_MAX_SHOTS must be a positive integer"):
        limit("max_shots")
    monkeypatch.setenv("MASTERMIND_Q_MAX_MEMORY", "2G")
    assert limit("max_memory") == 2 * 2**30


def test_statevector_is_checked_against_memory(monkeypatch):
    monkeypatch.setenv("MASTERMIND_Q_MAX_MEMORY", "1G")
    check_statevector(25)  # 16 B x 2^25 x 2 = 1 GiB
    with pytest.raises(ResourceLimitError, match=r"26 qubits needs 2\.0 GiB .* 1\.0 GiB"):
        check_statevector(26)
    with pytest.raises(ResourceLimitError, match="1000 qubits needs 2\\^1000 x 32 B"):
        check_statevector(1000)


def test_available_memory_is_positive_and_bounded():
    assert 0 < limits.available_memory() < 2**50


def test_code_space_is_compared_by_its_logarithm():
    check_code_space("knuth", 4, 6, 1296)
    with pytest.raises(ResourceLimitError, match=r"k\^n = 4\^10000 \(about 10\^6020\)"):
        check_code_space("knuth", 10_000, 4, 1296)
    check_code_space("knuth", 5, 8, 10_000, distinct=True)  # 8!/3! = 6720 codes


# -- solve --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "method", ["triples", "nonadaptive", "permutation", "adaptive", "blackpeg"]
)
def test_solve_refuses_a_billion_colors_up_front(method):
    with pytest.raises(ResourceLimitError, match=r"colors 1000000000 .*MAX_.*COLORS"):
        solve((0, 1, 2, 3), colors=10**9, method=method)


def test_solve_refuses_a_billion_shots():
    with pytest.raises(ResourceLimitError, match="shots 1000000000"):
        solve((1, 0), colors=2, method="two-color", shots=10**9)


def test_solve_refuses_shots_times_circuits():
    # nonadaptive at k = 8 runs 7 circuits: 7 x 200000 shots
    with pytest.raises(ResourceLimitError, match="200000 x 7 circuits"):
        solve((0, 1, 2), colors=8, method="nonadaptive", shots=200_000)


def test_solve_refuses_a_statevector_beyond_memory(monkeypatch):
    monkeypatch.setenv("MASTERMIND_Q_MAX_MEMORY", "256M")
    with pytest.raises(ResourceLimitError, match="two-color on --backend aer-statevector on 25"):
        solve((1, 0) * 10, colors=2, method="two-color", backend="aer-statevector")


def test_solve_refuses_circuits_with_too_many_gates(monkeypatch):
    monkeypatch.setenv("MASTERMIND_Q_MAX_CIRCUIT_GATES", "1000")
    with pytest.raises(ResourceLimitError, match="adaptive at n=8, k=16 need about"):
        solve(tuple(range(8)), colors=16, method="adaptive")


def test_solve_refuses_classical_work(monkeypatch):
    monkeypatch.setenv("MASTERMIND_Q_MAX_CLASSICAL_WORK", "100")
    with pytest.raises(ResourceLimitError, match="blackpeg at n=20, k=3 needs about"):
        solve((0, 1, 2) * 6 + (0, 1), colors=3, method="blackpeg")


@pytest.mark.parametrize(
    "method",
    ["triples", "nonadaptive", "two-color", "adaptive", "permutation", "blackpeg", "knuth"],
)
def test_cli_random_a_million_is_refused_before_the_secret_is_drawn(capsys, method):
    colors = "2" if method == "two-color" else "1000001" if method == "permutation" else "4"
    line = _cli_error(
        capsys, ["solve", "--method", method, "--colors", colors, "--random", "1000000"]
    )
    assert "1000000" in line and "limit" in line


def test_cli_statevector_at_thirty_qubits_is_one_line(capsys, monkeypatch):
    monkeypatch.setenv("MASTERMIND_Q_MAX_MEMORY", "4G")
    line = _cli_error(
        capsys,
        ["solve", "--method", "two-color", "--colors", "2", "--random", "24", "--backend",
         "aer-statevector", "--quiet"],
    )  # fmt: skip
    assert "29 qubits needs 16.0 GiB" in line and "MASTERMIND_Q_MAX_MEMORY" in line


# -- draw, resources ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["draw", "find-two-color", "--positions", "1000000", "--colors", "3"],
        ["resources", "nonadaptive", "--positions", "100000", "--colors", "3"],
        ["draw", "adaptive", "--positions", "4", "--colors", "100000"],
        ["resources", "adaptive", "--positions", "4096", "--colors", "1024"],
    ],
)
def test_draw_and_resources_refuse_huge_circuits(capsys, argv):
    assert "limit" in _cli_error(capsys, argv)


# -- compare ------------------------------------------------------------------------------
def test_grid_is_counted_before_it_is_built():
    with pytest.raises(ResourceLimitError, match="positions lists 100000000 values"):
        parse_int_list("1:100000000", "positions")
    assert parse_int_list("1:1000:1") == tuple(range(1, 1001))


def test_compare_refuses_values_beyond_every_limit(capsys):
    line = _cli_error(capsys, ["compare", "--positions", "3", "--colors", "1000000000"])
    assert "colors 1000000000 is beyond every codebreaker's limit" in line
    with pytest.raises(ResourceLimitError, match="the grid has 20000 rows"):
        plan_comparison(
            range(1, 101),
            range(2, 102),
            methods=["blackpeg", "knuth"],
            bounds=False,
            formulas=False,
        )


def test_compare_names_a_huge_code_space_instead_of_printing_it():
    result = compare([10_000], [4], methods=["knuth"], formulas=False)
    (reason,) = [reason for task, reason in result.skipped if task.method == "knuth"]
    assert "k^n = 4^10000 (about 10^6020)" in reason


def test_compare_skips_a_cell_beyond_one_method_with_the_limit():
    plan = plan_comparison([4], [20000], methods=["nonadaptive", "blackpeg"], bounds=False,
                           formulas=False)  # fmt: skip
    assert [task.method for task in plan.tasks] == ["blackpeg"]
    ((task, reason),) = plan.skipped
    assert task.method == "nonadaptive" and "MASTERMIND_Q_MAX_COUNTED_COLORS" in reason


def test_code_space_messages_are_exact_when_small_and_never_print_huge_numbers():
    with pytest.raises(ResourceLimitError, match=r"k\^n = 6\^5 = 7776, more than") as caught:
        check_code_space("optimal", 5, 6, 256)
    assert "about" not in str(caught.value)
    with pytest.raises(ResourceLimitError, match=r"k\^n = 100000\^10000 \(about 10\^50000\)"):
        check_code_space("optimal", 10_000, 100_000, 256, hint="raise it")
    with pytest.raises(ResourceLimitError, match=r"2\^9223372036854775808"):
        check_code_space("optimal", 2**63, 2, 256)


def test_statevector_beyond_exbibytes_reads_as_a_power_of_two():
    with pytest.raises(ResourceLimitError, match=r"needs 2\^88 x 32 B"):
        check_statevector(88)
    with pytest.raises(ResourceLimitError, match=r"needs 16.0 EiB"):
        check_statevector(59)


def test_counted_circuits_reach_sixteen_thousand_and_no_further(monkeypatch):
    from mastermind_q.limits import check_circuit_size

    monkeypatch.setenv("MASTERMIND_Q_MAX_MEMORY", "8G")
    check_circuit_size(16384, 16384)  # counted, never run: within the counted limits
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_COUNTED_POSITIONS"):
        check_circuit_size(16385, 8)
    with pytest.raises(ResourceLimitError, match=r"colors 16385 .*MASTERMIND_Q_MAX_COUNTED_COLORS"):
        check_circuit_size(8, 16385)
    monkeypatch.setenv("MASTERMIND_Q_MAX_MEMORY", "100M")
    with pytest.raises(ResourceLimitError, match=r"circuits on 229391 qubits .* need about"):
        check_circuit_size(16384, 16384)
    check_circuit_size(4096, 1024)  # within the quantum limits: no memory estimate


def test_counted_rows_apply_beyond_the_quantum_limits_and_stop_at_the_counted_ones():
    from mastermind_q.compare.theory import applicability, count_only_work

    for method in ("nonadaptive", "triples", "adaptive"):
        assert applicability(method, 16384, 16384, executed=False) is None
        assert "MASTERMIND_Q_MAX_COUNTED" in applicability(method, 32768, 8, executed=False)
    assert count_only_work("nonadaptive", 16384, 16384) == 16383 * (16384 * 14 + 15 + 14)
    assert applicability("nonadaptive", 4096, 4096) is not None  # executed: refused


def test_a_codemaker_runs_nothing_beyond_the_quantum_limits():
    from mastermind_q import Codemaker
    from mastermind_q.circuits import find_two_color_circuit

    maker = Codemaker((0,) * 5000, colors=3)
    circuit = find_two_color_circuit(maker.oracle(), 0, 1, num_positions=5000, colors=3)
    with pytest.raises(ResourceLimitError, match="positions 5000 for quantum circuits"):
        maker.run([circuit])
    assert maker.queries == 0


@pytest.mark.parametrize(
    ("method", "n", "k", "what"),
    [
        ("consistent", 3, 2000, "consistent at n=3, k=2000"),
        ("adaptive", 3001, 4, "adaptive at n=3001"),
    ],
)
def test_a_game_beyond_its_cost_model_is_refused_at_once(method, n, k, what):
    from mastermind_q.limits import ResourceLimitError
    from mastermind_q.solving import check_request

    with pytest.raises(ResourceLimitError, match=f"{what}.*MASTERMIND_Q_MAX_GAME_SECONDS"):
        check_request(method, n, k)
    check_request(method, 3, 100)  # a few seconds: admitted


@pytest.mark.parametrize("value", ["abc", "0", "-5", "1_0"])
@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--method", "coin-weighing", "--colors", "4", "--secret", "0,1,2"],
        ["solve", "--method", "nonadaptive", "--colors", "3", "--secret", "0,1,2"],
        ["compare", "--positions", "3", "--colors", "3", "--methods", "coin-weighing"],
        ["draw", "oracle", "--positions", "2", "--colors", "3"],
        ["resources", "oracle", "--positions", "2", "--colors", "3"],
        ["jobs", "list"],
        ["play", "--positions", "2", "--colors", "2"],
    ],
    ids=["coin-weighing", "nonadaptive", "compare", "draw", "resources", "jobs", "play"],
)
def test_a_bad_limit_variable_is_one_error_in_every_command(capsys, monkeypatch, argv, value):
    """Every limit variable is read one way (``limits.environment_limit``), by every
    command before any work, whether or not the command reaches that limit."""
    monkeypatch.setenv("MASTERMIND_Q_MAX_GAME_SECONDS", value)
    err = _cli_error(capsys, argv)
    assert f"MASTERMIND_Q_MAX_GAME_SECONDS must be a positive integer, was {value!r}" in err


def test_every_limit_variable_set_is_checked(monkeypatch):
    monkeypatch.setenv("MASTERMIND_Q_MAX_MEMORY", "4G")  # suffixes: memory only
    monkeypatch.setenv("MASTERMIND_Q_MAX_OPTIMAL_CODES", "81")
    limits.check_environment()
    monkeypatch.setenv("MASTERMIND_Q_MAX_SHOTS", "4G")
    with pytest.raises(ValueError, match="MASTERMIND_Q_MAX_SHOTS must be a positive integer"):
        limits.check_environment()
