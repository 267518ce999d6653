"""Tests for mastermind_q.compare: grid parsing, bounds, plans, rows, CSV, tables, plots."""

from __future__ import annotations

import io
import itertools
import json
import math
import re
from pathlib import Path

import pytest
from helpers import LocalMethod

from mastermind_q import compare as cmp
from mastermind_q.game import black
from mastermind_q.limits import ResourceLimitError
from mastermind_q.solving import METHODS


def _rank(code, k):
    """1 + the lexicographic index of code: the brute-force query count."""
    return 1 + sum(color * k ** (len(code) - 1 - i) for i, color in enumerate(code))


# -- parse_int_list ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4", (4,)),
        ("4,8,16", (4, 8, 16)),
        ("16,4,8,4", (4, 8, 16)),
        ("4-8", (4, 5, 6, 7, 8)),
        ("4:16:4", (4, 8, 12, 16)),
        ("4:15:4", (4, 8, 12)),
        ("2:5", (2, 3, 4, 5)),
        (" 3 , 5-6 ,8:12:2", (3, 5, 6, 8, 10, 12)),
    ],
)
def test_parse_int_list(text, expected):
    assert cmp.parse_int_list(text, "colors", minimum=2) == expected


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "''"),
        ("4,x", "'x'"),
        ("8-4", "'8-4'"),
        ("4:8:0", "step must be >= 1, was 0"),
        ("1:2:3:4", "'1:2:3:4'"),
        ("1,4", "was 1"),
        ("-3", "'-3'"),
    ],
)
def test_parse_int_list_rejects_with_the_bad_item(text, fragment):
    with pytest.raises(ValueError, match="colors") as error:
        cmp.parse_int_list(text, "colors", minimum=2)
    assert fragment in str(error.value)


# -- bounds and theory ----------------------------------------------------------------------
def _upper_k_equals_n(n):
    return (n - 3) * math.ceil(math.log2(n)) + 5 * n / 2 - 1


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 16])
def test_elouali_upper_bound_k_equals_n(n):
    value = cmp.bound_value("elouali-upper", n, n)
    assert value == pytest.approx(_upper_k_equals_n(n))
    assert isinstance(value, int) == float(_upper_k_equals_n(n)).is_integer()


@pytest.mark.parametrize(("n", "k"), [(2, 3), (4, 6), (4, 8), (5, 16), (8, 9)])
def test_elouali_bounds_k_greater_than_n(n, k):
    assert cmp.bound_value("elouali-upper", n, k) == (n - 2) * math.ceil(math.log2(n)) + k + 1
    assert cmp.bound_value("elouali-lower", n, k) == k


def test_elouali_known_values():
    # (8-3)*3 + 20 - 1 = 34; (7-3)*3 + 17.5 - 1 = 28.5 (DESIGN.md section 5); (4-2)*2+6+1
    assert cmp.bound_value("elouali-upper", 8, 8) == 34
    assert cmp.bound_value("elouali-upper", 7, 7) == 28.5
    assert cmp.bound_value("elouali-upper", 4, 6) == 11
    assert cmp.bound_value("elouali-lower", 6, 6) == 6


def test_elouali_bounds_need_k_at_least_n():
    with pytest.raises(ValueError, match="was 3"):
        cmp.bound_value("elouali-upper", 4, 3)
    assert cmp.applicability("elouali-lower", 4, 3) is not None


@pytest.mark.parametrize(("n", "k"), [(1, 2), (2, 2), (4, 8), (8, 4), (16, 16)])
def test_table2_formulas(n, k):
    leading = n * math.log2(k) / max(1.0, math.log2(n))
    assert cmp.bound_value("table2-blackpeg", n, k) == pytest.approx(leading + k, abs=1e-6)
    assert cmp.bound_value("table2-blackwhite", n, k) == pytest.approx(leading + k / n, abs=1e-6)


def test_unknown_bound_is_named():
    with pytest.raises(ValueError, match="'nope'"):
        cmp.bound_value("nope", 4, 4)


def _grover_t(k):
    return math.ceil(math.pi / (4 * math.asin(math.sqrt(1 / k))) - 0.5)


@pytest.mark.parametrize("k", [2, 3, 4, 5, 8, 16, 33])
def test_theoretical_queries(k):
    assert cmp.theoretical_queries("adaptive", 3, k) == 2 * _grover_t(k)
    assert cmp.bound_value("adaptive-T", 3, k) == _grover_t(k)
    if k >= 3:
        assert cmp.theoretical_queries("nonadaptive", 3, k) == k - 1
        assert cmp.theoretical_queries("triples", 3, k) == math.ceil(2 * (k - 1) / 3)
    else:
        assert cmp.theoretical_queries("two-color", 3, k) == 1


@pytest.mark.parametrize(
    ("method", "k", "fragment"),
    [("two-color", 4, "was 4"), ("nonadaptive", 2, "was 2"), ("permutation", 2, "was 2")],
)
def test_theoretical_queries_rejects(method, k, fragment):
    with pytest.raises(ValueError, match=fragment):
        cmp.theoretical_queries(method, 3, k)


APPLICABILITY = {
    "nonadaptive": [(4, 3, True), (4, 2, False)],
    "triples": [(4, 2, False)],
    "two-color": [(4, 2, True), (4, 3, False)],
    "adaptive": [(4, 2, True)],
    "permutation": [(4, 4, True), (5, 4, False)],
    "knuth": [(4, 6, True), (5, 6, False)],
    "random-consistent": [(6, 8, True), (7, 8, False)],
    "blackpeg": [(16, 16, True)],
}
"""Method -> ``(n, k, whether it applies)``."""


@pytest.mark.parametrize(
    ("method", "n", "k", "applies"),
    [(method, *case) for method, cases in APPLICABILITY.items() for case in cases],
)
def test_applicability(method, n, k, applies):
    assert (cmp.applicability(method, n, k) is None) == applies


def test_applicability_unknown_method():
    with pytest.raises(ValueError, match="'quantumish'"):
        cmp.applicability("quantumish", 4, 4)


# -- plans -------------------------------------------------------------------------------------
def test_plan_without_bounds_and_formulas():
    plan = cmp.plan_comparison([3], [3], methods=["blackpeg"], bounds=False, formulas=False)
    assert [task.method for task in plan.tasks] == ["blackpeg"]


@pytest.mark.parametrize(
    ("methods", "expected"),
    [
        (["adaptive-T", "elouali-upper"], ["adaptive-T", "elouali-upper"]),
        (["blackpeg", "elouali-lower", "blackpeg"], ["blackpeg", "elouali-lower"]),
        (["table2-blackpeg"], ["table2-blackpeg"]),
    ],
)
def test_plan_named_bounds_appear_once_and_alone(methods, expected):
    plan = cmp.plan_comparison([4, 5], [6], methods=methods)
    for n in (4, 5):
        assert [task.method for task in plan.tasks if task.n == n] == expected


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        (
            {"positions": [4], "colors": [4], "methods": [], "bounds": False, "formulas": False},
            "nothing to compare",
        ),
        ({"positions": [], "colors": [4]}, "empty"),
        ({"positions": [4], "colors": [1]}, "was 1"),
        ({"positions": [0], "colors": [4]}, "was 0"),
        ({"positions": [4], "colors": [4], "methods": ["bogus"]}, "'bogus'"),
    ],
)
def test_plan_rejects(kwargs, fragment):
    with pytest.raises(ValueError, match=fragment):
        cmp.plan_comparison(**kwargs)


# -- measured rows -----------------------------------------------------------------------------
@pytest.mark.parametrize("distinct", [False, True])
def test_random_secrets_are_seeded_and_valid(distinct):
    first = cmp.random_secrets(3, 4, 10, distinct=distinct, seed=5)
    assert first == cmp.random_secrets(3, 4, 10, distinct=distinct, seed=5)
    assert first != cmp.random_secrets(3, 4, 10, distinct=distinct, seed=6)
    for secret in first:
        assert len(secret) == 3 and all(0 <= color < 4 for color in secret)
        if distinct:
            assert len(set(secret)) == 3


def test_random_secrets_rejects():
    with pytest.raises(ValueError, match="was 0"):
        cmp.random_secrets(3, 4, 0, distinct=False, seed=1)
    with pytest.raises(ValueError, match="was 3"):
        cmp.random_secrets(4, 3, 2, distinct=True, seed=1)


def test_classical_row_is_worst_and_mean_of_the_sampled_games(brute):
    row = cmp.run_task(cmp.CompareTask(2, 3, brute, "classical"), samples=7, seed=3)
    secrets = cmp.random_secrets(2, 3, 7, distinct=False, seed=3)
    counts = [_rank(secret, 3) for secret in secrets]
    assert row.kind == "classical" and row.source == "measured"
    assert row.queries == max(counts)
    assert row.mean_queries == pytest.approx(sum(counts) / 7)
    assert row.samples == 7 and row.solved is True
    assert row.theory is None and row.success_probability is None


def test_compare_collects_rows_and_skips(brute):
    result = cmp.compare([2, 3], [2], methods=[brute, "nonadaptive"], samples=2, seed=1)
    methods = {(row.n, row.k, row.method) for row in result.rows}
    assert (2, 2, brute) in methods and (3, 2, brute) in methods
    assert (2, 2, "elouali-upper") in methods and (3, 2, "elouali-upper") not in methods
    skipped = {(task.n, task.k, task.method) for task, _ in result.skipped}
    assert {(2, 2, "nonadaptive"), (3, 2, "nonadaptive"), (3, 2, "elouali-upper")} <= skipped
    payload = json.loads(json.dumps(result.to_dict()))
    assert set(payload) == {"rows", "skipped"}
    for row in payload["rows"]:
        assert {"n", "k", "method", "kind", "queries", "mean_queries"} <= set(row)
        assert row["kind"] in ("quantum", "classical", "bound", "formula")


def test_solver_refusal_moves_the_row_to_skipped(monkeypatch):
    def refuse(codemaker, *, seed):
        raise ValueError(f"too large, was n={codemaker.num_positions}")

    monkeypatch.setitem(METHODS, "refuse", LocalMethod("refuse", "classical", solve=refuse))
    result = cmp.compare([3], [3], methods=["refuse"], bounds=False, formulas=False)
    assert result.rows == []
    assert [(task.method, reason) for task, reason in result.skipped] == [
        (
            "refuse",
            "codebreaker 'refuse' raised ValueError in solve: too large, was n=3 "
            "(0 queries charged)",
        )
    ]


def test_bound_rows_are_labelled():
    result = cmp.compare([4], [4, 6], methods=[], samples=1)
    by_name = {(row.k, row.method): row for row in result.rows}
    assert by_name[(4, "elouali-upper")].queries == 11
    assert by_name[(6, "elouali-upper")].formula == "(n-2)ceil(log2 n) + k + 1"
    assert by_name[(6, "elouali-lower")].queries == 6
    formula_row = by_name[(6, "table2-blackpeg")]
    assert formula_row.kind == "formula" and formula_row.source == "asymptotic"
    assert "constants 1" in formula_row.formula
    t_row = by_name[(6, "adaptive-T")]
    assert t_row.source == "theorem" and t_row.queries == _grover_t(6)
    assert all(row.mean_queries is None and not row.measured for row in result.rows)


# -- output ------------------------------------------------------------------------------------
def test_csv_rows_round_trip(brute):
    import csv

    result = cmp.compare([2], [3], methods=[brute], samples=2, seed=0)
    stream = io.StringIO()
    cmp.write_csv_header(stream)
    for row in result.rows:
        cmp.write_csv_row(stream, row)
    records = list(csv.DictReader(io.StringIO(stream.getvalue())))
    assert tuple(records[0]) == cmp.CSV_FIELDS
    assert [record["method"] for record in records] == [row.method for row in result.rows]
    assert records[0]["queries"] == str(result.rows[0].queries)
    assert records[0]["theory"] == ""


def test_format_table_marks_kinds(brute):
    rows = cmp.compare([2], [3], methods=[brute], samples=2, seed=0).rows
    fake_quantum = cmp.CompareRow(2, 3, "adaptive", "quantum", 2, 2.0, theory=2, iterations=1)
    failed = cmp.CompareRow(2, 3, "triples", "quantum", 2, 2.0, theory=2, solved=False)
    text = cmp.format_table([*rows, fake_quantum, failed])
    lines = text.splitlines()
    assert lines[0].split() == [
        "n", "k", "method", "kind", "setting", "game", "queries", "mean", "notes"
    ]  # fmt: skip
    assert "theory=2; T=1" in text and "NOT SOLVED" in text
    assert "asymptotic rate, not a count" in text
    assert "worst/mean of 2 secrets" in text


@pytest.mark.parametrize(
    ("rows", "path", "fragment"),
    [([], None, "none"), ([cmp.CompareRow(2, 2, "adaptive", "quantum", 2)], "x.jpg", "x.jpg")],
)
def test_plot_comparison_rejects(rows, path, fragment):
    with pytest.raises(ValueError, match=fragment):
        cmp.plot_comparison(rows, path)


def test_brute_force_helper_counts_correctly(brute):
    # the helper solver itself, so the measured-row tests stand on a checked base
    from mastermind_q import solve

    for secret in [(0, 0), (2, 1), (1, 2)]:
        result = solve(secret, colors=3, method=brute)
        assert result.solved and result.queries == _rank(secret, 3)
        assert result.transcript[-1] == (secret, black(secret, secret))


# -- with the real classical codebreakers -------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 12])
def test_elouali_upper_matches_the_permutation_module(n):
    from mastermind_q.classical.permutation import permutation_query_bound

    for k in (n, n + 1, 2 * n + 3):
        assert cmp.bound_value("elouali-upper", n, k) == pytest.approx(
            permutation_query_bound(n, k)
        )


def test_permutation_rows_stay_within_the_bounds():
    result = cmp.compare([3, 4, 5], [5, 6], methods=["permutation"], samples=8, seed=2)
    cells = {(row.n, row.k, row.method): row for row in result.rows}
    for n, k in itertools.product([3, 4, 5], [5, 6]):
        row = cells[(n, k, "permutation")]
        assert row.solved and row.samples == 8 and row.kind == "classical"
        assert row.mean_queries <= row.queries <= cells[(n, k, "elouali-upper")].queries
    assert (5, 6, "elouali-lower") in cells


def test_repetition_baselines_and_knuth_rows():
    result = cmp.compare(
        [3, 4], [4], methods=["knuth", "blackpeg", "random-consistent"], samples=6, seed=3
    )
    rows = {
        (row.n, row.method): row
        for row in result.rows
        if row.source == "measured" and row.kind == "classical"
    }
    assert set(rows) == {(n, m) for n in (3, 4) for m in ("knuth", "blackpeg", "random-consistent")}
    for row in rows.values():
        assert row.solved and row.samples == 6
        assert 1 <= row.mean_queries <= row.queries
    # Knuth's minimax with black-white answers never needs more than 5 guesses at 4 x 4
    assert rows[(4, "knuth")].queries <= 5


@pytest.mark.parametrize("backend", ["aer-fast", "fake:nowhere", "ibm:", 3])
def test_a_bad_backend_name_is_an_error_not_skipped_rows(backend):
    with pytest.raises(ValueError, match=repr(backend).replace("'", "")):
        cmp.compare([2], [3], methods=["nonadaptive"], bounds=False, backend=backend)
    assert cmp.validate_backend("aer-statevector") == "aer-statevector"


# -- hostile input ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"samples": 0}, "samples must be a positive integer, was 0"),
        ({"quantum_samples": 0}, "quantum_samples must be a positive integer, was 0"),
        ({"shots": 0}, "shots must be a positive integer, was 0"),
        ({"seed": "abc"}, "seed must be an integer, was 'abc'"),
        ({"seed": -5}, "seed must be an integer in 0..2^63-1"),
    ],
)
def test_compare_rejects_bad_counts_and_seeds(options, fragment):
    with pytest.raises(ValueError, match=re.escape(fragment)):
        cmp.compare([3], [3], methods=["blackpeg", "two-color"], **options)


# -- games: every row says what it measures -------------------------------------------------
_GAMES_OF = {
    "nonadaptive": ("non-adaptive", "black", False),
    "triples": ("non-adaptive", "black", False),
    "two-color": ("non-adaptive", "black", False),
    "adaptive": ("adaptive", "black", False),
    "permutation": ("adaptive", "black", True),
    "knuth": ("adaptive", "black-white", False),
    "blackpeg": ("adaptive", "black", False),
    "elouali-upper": ("adaptive", "black", True),
    "adaptive-T": ("adaptive", "black", False),
    "table1-classical": ("non-adaptive", "black", False),
    "table2-blackpeg": ("adaptive", "black", False),
    "table2-blackwhite": ("adaptive", "black-white", False),
}


def test_plan_orders_kinds_settings_and_games():
    plan = cmp.plan_comparison([4], [2, 4])
    for k in (2, 4):
        cell = [task for task in plan.tasks if task.k == k]
        kinds = [cmp.KINDS.index(task.kind) for task in cell]
        assert kinds == sorted(kinds)
        quantum = [task for task in cell if task.kind == "quantum"]
        settings = [task.setting for task in quantum]
        assert settings == sorted(settings, key=("non-adaptive", "adaptive").index)
        assert quantum[-1].method == "adaptive"
        games = [list(cmp.GAMES.values()).index((t.feedback, t.distinct)) for t in cell]
        classical = [g for g, t in zip(games, cell) if t.kind == "classical"]
        assert classical == sorted(classical)
    k2 = [task.method for task in plan.tasks if task.k == 2]
    assert k2[:2] == ["two-color", "adaptive"] and "permutation" not in k2
    kinds = {task.method: task.kind for task in plan.tasks}
    assert kinds["elouali-upper"] == "bound" and kinds["table2-blackpeg"] == "formula"
    assert kinds["adaptive-T"] == "bound" and kinds["table1-classical"] == "formula"
    optimal = {(t.feedback, t.distinct) for t in plan.tasks + tuple(s for s, _ in plan.skipped)}
    assert ("black-white", False) in optimal  # optimal plays both feedbacks by default


def test_every_row_names_its_game_in_json_and_csv(brute):
    import csv

    result = cmp.compare(
        [2, 4],
        [3],
        methods=[brute, "nonadaptive", "adaptive", "knuth", "permutation", "blackpeg"],
        samples=2,
    )
    stream = io.StringIO()
    cmp.write_csv_header(stream)
    for row in result.rows:
        cmp.write_csv_row(stream, row)
    records = list(csv.DictReader(io.StringIO(stream.getvalue())))
    assert len(records) == len(result.rows)
    for row, record in zip(result.rows, records):
        data = row.to_dict()
        assert list(data)[:8] == [
            "n", "k", "method", "kind", "setting", "feedback", "distinct", "queries"
        ]  # fmt: skip
        assert data["setting"] in ("non-adaptive", "adaptive")
        assert data["feedback"] in ("black", "black-white")
        assert isinstance(data["distinct"], bool)
        assert (record["setting"], record["feedback"], record["distinct"]) == (
            data["setting"],
            data["feedback"],
            str(data["distinct"]),
        )
        if row.method in _GAMES_OF:
            assert row.game == _GAMES_OF[row.method], row.method
        if row.method in cmp.ASYMPTOTIC_FORMULAS:
            assert row.kind == "formula"
    assert json.loads(json.dumps(result.to_dict()))["skipped"][0]["setting"]


def test_the_setting_is_read_from_the_method_table(monkeypatch):
    """A method's setting lives in its METHODS entry; a method added later needs no list."""
    assert cmp.SETTINGS["static"] == "non-adaptive"
    assert cmp.SETTINGS["hunziker-meyer"] == "adaptive"
    assert {name: info.setting for name, info in METHODS.items()} == cmp.SETTINGS
    local = LocalMethod("later", "classical", "local:brute", setting="non-adaptive")
    monkeypatch.setitem(METHODS, "later", local)
    assert cmp.method_setting("later") == "non-adaptive"
    row = cmp.run_task(cmp.CompareTask(2, 2, "later", "classical"), samples=2, seed=0)
    assert row.game == ("non-adaptive", "black", False)
    assert cmp.method_setting("not-listed") == "adaptive"


def test_methods_run_in_the_games_asked_for():
    plan = cmp.plan_comparison(
        [3], [4], methods=["knuth", "consistent", "adaptive"], games=["black-white"]
    )
    assert {
        (t.method, t.feedback, t.distinct)
        for t in plan.tasks
        if t.kind != "formula" and t.kind != "bound"
    } == {
        ("knuth", "black-white", False),
        ("consistent", "black-white", False),
    }
    full = cmp.plan_comparison([3], [4], methods="all", bounds=False, formulas=False)
    consistent = {(t.feedback, t.distinct) for t in full.tasks if t.method == "consistent"}
    assert consistent == set(cmp.GAMES.values())
    assert cmp.method_games("consistent") == [("black", False)]
    with pytest.raises(ValueError, match="'blue'"):
        cmp.plan_comparison([3], [4], games=["blue"])
    plan = cmp.plan_comparison([5], [4], methods=["consistent"], games=["black-distinct"])
    assert not [task for task in plan.tasks if task.method == "consistent"]
    (reason,) = [why for task, why in plan.skipped if task.method == "consistent"]
    assert "permutation game" in reason


def test_best_classical_is_the_minimum_of_its_own_game():
    result = cmp.compare(
        [3, 4],
        [4],
        methods=["knuth", "blackpeg", "permutation", "random-consistent", "optimal", "nonadaptive"],
        games=["black", "black-white", "black-distinct"],
        samples=6,
        seed=2,
        formulas=False,
    )
    best = [row for row in result.rows if row.method == "best-classical"]
    games = {(row.n, row.game) for row in best}
    assert (3, ("adaptive", "black-white", False)) in games
    assert (3, ("adaptive", "black", True)) in games
    assert len(games) == len(best)  # one per (n, k, setting, feedback, distinct)
    for row in best:
        same = [
            r
            for r in result.rows
            if r.cell == row.cell and r.game == row.game and r.source == "measured"
        ]
        assert same and all(r.kind == "classical" for r in same)
        assert row.queries == min(r.queries for r in same)
        assert row.mean_queries == min(r.mean_queries for r in same)
        names = {r.method: r for r in same}
        assert names[row.best_worst_method].queries == row.queries
        assert names[row.best_mean_method].mean_queries == row.mean_queries
        assert row.queries_to_win == row.queries
    for row in result.rows:
        plus_final = row.kind == "quantum" or row.method in ("adaptive-T", "entropy-bound")
        extra = 1 if plus_final else 0
        assert row.to_dict()["queries_to_win"] == row.queries + extra


# -- issue 16: every size of a comparison is checked before any work ----------------------
@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"samples": 10**12}, "samples 1000000000000 per row is too many"),
        ({"quantum_samples": 10**9}, "quantum_samples 1000000000 per row"),
        ({"workers": 10_000}, "workers 10000 is too many processes"),
        ({"client": "tcp://127.0.0.1:9"}, "client must be a dask.distributed.Client"),
    ],
)
def test_compare_refuses_sizes_and_clients_before_any_row(kwargs, match):
    with pytest.raises(ValueError, match=match) as caught:
        cmp.compare([3], [3], methods=["blackpeg"], formulas=False, **kwargs)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "positions",
    [range(1, 10**8), itertools.count(1), (n for n in itertools.count(1))],
    ids=["huge-range", "count", "generator"],
)
def test_unbounded_or_huge_grids_are_refused_without_being_read(positions):
    import time

    start = time.monotonic()
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_GRID_VALUES"):
        cmp.compare(positions, [4])
    assert time.monotonic() - start < 2


def test_a_grid_axis_that_is_not_a_list_is_a_value_error():
    for value in ("3", 3, None):
        with pytest.raises(ValueError, match="positions must be a list of integers"):
            cmp.plan_comparison(value, [3])


def test_a_comparison_beyond_the_work_limit_is_refused_before_any_row():
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_COMPARE_WORK"):
        cmp.compare(range(900, 1001), [1000], methods=["permutation"], samples=1000)


def test_best_classical_rows_sit_beside_their_cell(brute):
    streamed = []
    plan = cmp.plan_comparison([2, 3], [3], methods=[brute, "knuth", "blackpeg"], formulas=False)
    result = cmp.run_comparison(plan, samples=2, on_row=streamed.append)
    for rows in (result.rows, streamed):
        cells = [row.cell for row in rows]
        assert cells == sorted(cells, key=cells.index)  # each cell's rows together
        for cell in set(cells):
            methods = [row.method for row in rows if row.cell == cell]
            kinds = [row.kind for row in rows if row.cell == cell]
            first_best = methods.index("best-classical")
            assert set(kinds[:first_best]) == {"classical"}
            assert kinds[first_best:].count("classical") == methods.count("best-classical")
            assert "bound" in kinds[first_best:]


def test_table_sets_quantum_rows_against_their_own_game_only():
    rows = [
        cmp.CompareRow(4, 4, "adaptive", "quantum", 2, 2.0, theory=2),
        cmp.CompareRow(4, 4, "nonadaptive", "quantum", 3, 3.0, theory=3),
        cmp.CompareRow(4, 4, "knuth", "classical", 4, 3.5, samples=3, solved=True),
        cmp.CompareRow(4, 4, "permutation", "classical", 5, 4.5, samples=3, solved=True),
        cmp.CompareRow(4, 4, "blackpeg", "classical", 8, 7.0, samples=3, solved=True),
    ]
    rows += cmp.best_classical_rows(rows)
    lines = {
        line.split()[2] + line.split()[5]: line for line in cmp.format_table(rows).splitlines()[1:]
    }
    assert "vs best classical 8 (blackpeg)" in lines["adaptiveblack"]  # not knuth's 4
    assert "vs best" not in lines["nonadaptiveblack"]  # no non-adaptive classical row here
    assert "context" in lines["knuthblack-white"] and "context" in lines["permutationblack,"]
    assert "context" not in lines["blackpegblack"]


def test_compare_progress_shows_the_bar_only_when_asked(brute, capsys):
    cmp.compare([2], [3], methods=[brute], samples=2, formulas=False)
    assert capsys.readouterr().err == ""
    result = cmp.compare([2], [3], methods=[brute], samples=2, formulas=False, progress=True)
    err = capsys.readouterr().err
    # stderr is not a terminal here: one line per row, never a redrawn bar
    lines = err.splitlines()
    tasks = len([row for row in result.rows if row.method != "best-classical"])
    assert len(lines) == tasks and "\r" not in err
    assert lines[0].startswith(f"compare: row 1/{tasks} n=2 k=3 {brute} [")
    assert lines[-1].startswith(f"compare: row {tasks}/{tasks} ")
    with pytest.raises(ValueError, match="'yes'"):
        cmp.compare([2], [3], methods=[brute], progress="yes")


# -- figures ---------------------------------------------------------------------------------
def _grid_rows(positions, colors):
    """Quick synthetic measured rows with the real bound and formula rows of the grid."""
    rows = []
    for n in positions:
        for k in colors:
            if k >= 3:
                rows.append(cmp.CompareRow(n, k, "nonadaptive", "quantum", k - 1, k - 1.0))
                rows.append(cmp.CompareRow(n, k, "triples", "quantum", -(-2 * (k - 1) // 3)))
            else:
                rows.append(cmp.CompareRow(n, k, "two-color", "quantum", 1, 1.0))
            rows.append(cmp.CompareRow(n, k, "adaptive", "quantum", 4, 4.0))
            for method, extra, feedback in (("blackpeg", 3, "black"), ("consistent", 1, "black")):
                rows.append(
                    cmp.CompareRow(
                        n, k, method, "classical", n + k + extra, n + k, samples=2,
                        solved=True, feedback=feedback,
                    )
                )  # fmt: skip
            rows.append(
                cmp.CompareRow(n, k, "knuth", "classical", n + 1, n, samples=2, solved=True)
            )
            rows.append(
                cmp.CompareRow(
                    n, k, "static", "classical", 2 * n + k, 2.0 * n, samples=2, solved=True
                )
            )
    rows += cmp.best_classical_rows(rows)
    rows += cmp.compare(positions, colors, methods=[]).rows
    return rows


def _figure_facts(figure):
    axes = [axis for axis in figure.axes if axis.get_visible()]
    entries = [text.get_text() for legend in figure.legends for text in legend.get_texts()]
    return axes, entries


@pytest.mark.parametrize(
    ("positions", "colors", "free"),
    [(range(4, 17, 2), [8], "n"), ([4], range(2, 17, 2), "k")],
)
def test_must_show_one_figure_per_setting(tmp_path, positions, colors, free):
    rows = _grid_rows(list(positions), list(colors))
    figures = cmp.plot_settings(rows, tmp_path / "grid.png")
    assert list(figures) == ["non-adaptive", "adaptive"]
    for setting, figure in figures.items():
        assert (tmp_path / f"grid-{setting}.png").read_bytes().startswith(b"\x89PNG")
        axes, entries = _figure_facts(figure)
        assert len(axes) == 1  # one panel: the other axis has one value
        assert 2 <= len(entries) <= 8
        assert free in axes[0].get_xlabel()
        assert axes[0].get_ylabel() == "queries to win (worst case)"
        styles = set()
        lines = axes[0].get_lines()
        measured = [line for line in lines if not line.get_label().endswith("(lower bound)")]
        (reference,) = [line for line in lines if line not in measured]
        for line in lines:
            assert len(set(line.get_xdata())) >= 2 or line.get_label().startswith("two-color")
        for line in measured:
            styles.add((line.get_color(), line.get_marker()))
        assert len(styles) == len(measured)  # colour, marker and dashes each
        markers = [line.get_marker() for line in measured]
        dashes = [str(line._unscaled_dash_pattern) for line in measured]
        assert len(set(markers)) == len(markers) and len(set(dashes)) == len(dashes)
        # the lower bound is a reference line: no markers, unlike every measured curve
        assert reference.get_marker() == "None" and "None" not in markers
        assert (
            reference.get_label()
            == {
                "non-adaptive": "entropy bound (lower bound)",
                "adaptive": "counting bound (lower bound)",
            }[setting]
        )
        assert figure.get_size_inches()[0] == pytest.approx(3.5)
    non_adaptive = _figure_facts(figures["non-adaptive"])[1]
    adaptive = _figure_facts(figures["adaptive"])[1]
    # static, the one non-adaptive classical codebreaker, named in the legend
    assert "best classical (static), black pegs" in non_adaptive
    # the paper's rate is never drawn as a count: a fitted constant times the rate
    assert any(e.startswith("classical rate (Table 1) × ") for e in non_adaptive)
    assert adaptive[0] == "adaptive (quantum)"
    assert re.fullmatch(r"best classical( \([a-z-]+\))?, black pegs", adaptive[1]), adaptive
    assert len(adaptive) == 4 and adaptive[2].startswith("classical rate (Table 2) × ")
    assert adaptive[2].endswith(", fitted")
    assert adaptive[3] == "counting bound (lower bound)"
    assert non_adaptive[-1] == "entropy bound (lower bound)"


def test_the_approximate_hunziker_meyer_is_labelled_in_legend_and_table():
    rows = _grid_rows([2, 3], [8])
    for n, p in ((2, 0.896), (3, 0.845)):
        rows.append(
            cmp.CompareRow(n, 8, "hunziker-meyer", "quantum", 2, 2.0, success_probability=p)
        )
    _axes, entries = _figure_facts(cmp.plot_comparison(rows, setting="adaptive"))
    assert "hunziker-meyer (quantum, p < 1)" in entries and "adaptive (quantum)" in entries
    table = [line for line in cmp.format_table(rows).splitlines() if "hunziker" in line]
    assert [line.split()[:3] for line in table] == [
        ["2", "8", "hunziker-meyer"],
        ["3", "8", "hunziker-meyer"],
    ]
    assert "  success p=0.896 (approximate); to win 3" in table[0]
    exact = cmp.format_table(
        [cmp.CompareRow(2, 8, "adaptive", "quantum", 4, 4.0, success_probability=1.0)]
    )
    assert "p=1" in exact and "approximate" not in exact


def test_plot_panels_follow_the_grid_and_never_hold_one_point():
    rows = _grid_rows([4, 6, 8], [4, 8])
    figure = cmp.plot_comparison(rows, setting="adaptive")
    axes, _entries = _figure_facts(figure)
    assert [axis.get_title() for axis in axes] == ["k = 4", "k = 8"]
    assert all(len({x for line in a.get_lines() for x in line.get_xdata()}) >= 2 for a in axes)
    rows = [row for row in _grid_rows([4, 8], [4]) if not (row.n == 8 and row.k == 4)]
    rows += [r for r in _grid_rows([4], [4, 8, 12])]
    figure = cmp.plot_comparison(rows, setting="adaptive", against="k")
    titles = [axis.get_title() for axis in _figure_facts(figure)[0]]
    assert titles == ["n = 4"]  # n = 8 would hold one point
    with pytest.raises(ValueError, match="two or more values"):
        cmp.plot_comparison(_grid_rows([4], [4]))


def test_plot_methods_style_count_and_several_settings(tmp_path):
    rows = _grid_rows([4, 6, 8], [8])
    figure = cmp.plot_comparison(
        rows,
        tmp_path / "pick.svg",
        setting="adaptive",
        methods=["adaptive", "best-classical@black-white", "consistent"],
        style="double",
        count="queries",
    )
    axes, entries = _figure_facts(figure)
    assert entries == ["adaptive (quantum)", "best classical (knuth), black-white", "consistent"]
    assert figure.get_size_inches()[0] == pytest.approx(7.0)
    assert axes[0].get_ylabel().startswith("oracle calls")
    assert (tmp_path / "pick.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    both = cmp.plot_comparison(rows)
    assert len(both.subfigs) == 2  # one sub-figure per setting, side by side
    for bad, fragment in (
        ({"methods": ["nope"]}, "'nope'"),
        ({"methods": ["adaptive@blue"]}, "'blue'"),
        ({"style": "poster"}, "'poster'"),
        ({"setting": "sideways"}, "'sideways'"),
        ({"count": "all"}, "'all'"),
    ):
        with pytest.raises(ValueError, match=fragment):
            cmp.plot_comparison(rows, **bad)


def test_plot_comparison_accepts_json_dicts():
    rows = [row.to_dict() for row in _grid_rows([4, 8], [8, 16])]
    figure = cmp.plot_comparison(rows, setting="non-adaptive")
    axes, _entries = _figure_facts(figure)
    ys = [y for axis in axes for line in axis.get_lines() for y in line.get_ydata()]
    expected = "log" if max(ys) / min(ys) > 10 else "linear"  # a log axis past a factor 10
    assert [axis.get_yscale() for axis in axes] == [expected, expected]
    # the rate is drawn fitted to the classical points, never as its raw value (64 here)
    assert 64 not in ys and len(_entries) == 5


def test_curve_styles_stay_distinct_past_the_palette():
    from mastermind_q.compare.plotting import _curve_style

    looks = [tuple(map(str, _curve_style(index).values())) for index in range(48)]
    assert len(set(looks)) == 48
    first_eight = looks[:8]
    for part in range(3):  # colour, dashes and marker each differ among the first 8
        assert len({look[part] for look in first_eight}) == 8


@pytest.mark.parametrize(
    ("options", "fragment"),
    [({"feedback": "white"}, "'white'"), ({"setting": "online"}, "'online'")],
)
def test_rows_refuse_an_unknown_game(options, fragment):
    with pytest.raises(ValueError, match=fragment):
        cmp.CompareRow(4, 4, "blackpeg", "classical", 8, **options)


# -- verified quantum rows ---------------------------------------------------------------
def test_verified_rows_count_the_certifying_query_and_carry_certified_fraction():
    """On noiseless Aer every decoded code is right: one certifying query, certified."""
    plain = cmp.compare([2], [3], methods=["nonadaptive"], bounds=False, formulas=False)
    checked = cmp.compare(
        [2], [3], methods=["nonadaptive"], bounds=False, formulas=False, verify=True
    )
    (before,), (after,) = plain.rows, checked.rows
    assert before.certified_fraction is None
    assert after.certified_fraction == 1.0
    assert after.queries == before.queries  # the oracle calls
    assert after.queries_to_win == before.queries_to_win == before.queries + 1
    assert after.to_dict()["certified_fraction"] == 1.0


def test_verify_must_be_a_bool():
    with pytest.raises(ValueError, match="verify must be True or False, was 'yes'"):
        cmp.compare([2], [3], methods=["nonadaptive"], verify="yes")


@pytest.mark.slow
def test_verified_rows_on_fake_torino_count_every_repair_query(capsys):
    """The Must-show command of issue 19: verified worst and mean queries_to_win and
    certified_fraction on every quantum row; every repair query counted."""
    from mastermind_q import cli

    argv = ["compare", "--positions", "2:5", "--colors", "4", "--backend", "fake:torino"]
    argv += ["--verify", "--quantum-samples", "5", "--json"]
    assert cli.main(argv) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    quantum = [row for row in rows if row["kind"] == "quantum"]
    assert {row["n"] for row in quantum} == {2, 3, 4, 5}
    for row in quantum:
        assert 0 <= row["certified_fraction"] <= 1
        assert row["samples"] == 5
        # at least the certifying query on top of the oracle calls, worst >= mean
        assert row["queries_to_win"] >= row["queries"] + 1
        assert row["queries_to_win"] >= row["mean_queries_to_win"] >= row["mean_queries"] + 1
    for row in rows:
        if row["kind"] != "quantum":
            assert row["certified_fraction"] is None


def test_an_interrupted_compare_keeps_its_finished_rows(interrupt_sweep):
    """Ctrl-C (Jupyter's "interrupt kernel") mid-sweep: a KeyboardInterrupt that holds the
    finished rows."""
    from mastermind_q.compare import ComparisonInterrupted, compare

    interrupt_sweep(2)
    with pytest.raises(KeyboardInterrupt) as info:
        compare([2, 3], [3], methods=["blackpeg"], bounds=False, formulas=False, samples=2)
    assert isinstance(info.value, ComparisonInterrupted)
    rows = info.value.comparison.rows
    assert [(row.n, row.method) for row in rows if row.method == "blackpeg"] == [(2, "blackpeg")]
    assert all(row.queries is not None for row in rows)


# -- information bounds ------------------------------------------------------------------
@pytest.mark.parametrize("n", range(1, 13))
def test_counting_bound_is_the_fewest_answer_sequences_that_cover_the_codes(n):
    for k in range(2, 11):
        expected = next(q for q in itertools.count(1) if (n + 1) ** q >= k**n)
        assert cmp.counting_bound(n, k) == expected
        assert expected == math.ceil(n * math.log2(k) / math.log2(n + 1) - 1e-12)


def _entropy_by_enumeration(n, k):
    """H(Binomial(n, 1/k)) in bits from the exact pmf (math.comb, every term)."""
    p = 1.0 / k
    pmf = [math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(n + 1)]
    return -math.fsum(q * math.log2(q) for q in pmf if q > 0)


def _entropy_full_log_sum(n, k):
    """The same over every j in logs (lgamma): no window, for large n."""
    log_p, log_q = math.log(1.0 / k), math.log1p(-1.0 / k)
    total = []
    for j in range(n + 1):
        log_pmf = math.lgamma(n + 1) - math.lgamma(j + 1) - math.lgamma(n - j + 1)
        log_pmf += j * log_p + (n - j) * log_q
        total.append(-math.exp(log_pmf) * log_pmf)
    return math.fsum(total) / math.log(2)


@pytest.mark.parametrize(("n", "k"), [(1, 2), (2, 2), (3, 4), (8, 3), (20, 20), (60, 7)])
def test_answer_entropy_matches_the_binomial_pmf(n, k):
    assert cmp.answer_entropy(n, k) == pytest.approx(_entropy_by_enumeration(n, k), rel=1e-12)
    quotient = n * math.log2(k) / _entropy_by_enumeration(n, k)
    assert cmp.entropy_bound(n, k) == math.ceil(quotient - 1e-9)


def test_information_bounds_are_exact_and_fast_at_16384():
    import time

    started = time.perf_counter()
    for n, k in ((16384, 16384), (16384, 8), (4096, 2), (10_000, 100_000)):
        counting, entropy = cmp.counting_bound(n, k), cmp.entropy_bound(n, k)
        assert (n + 1) ** counting >= k**n > (n + 1) ** (counting - 1)
        quotient = n * math.log2(k) / _entropy_full_log_sum(n, k)
        assert entropy == math.ceil(quotient)
    assert cmp.counting_bound(16384, 16384) == 16384  # n log2 n / log2(n + 1), rounded up
    assert cmp.entropy_bound(16384, 16384) == 121849  # 0.53 n log2 n
    assert time.perf_counter() - started < 5.0  # the brute-force checks included


@pytest.mark.parametrize(("n", "k"), [(2, 2), (2, 3), (3, 3), (2, 4)])
def test_information_bounds_hold_for_the_exact_optima(n, k):
    from mastermind_q.classical import optimal_worst_case, static_minimum

    worst, _mean = optimal_worst_case(n, k)
    assert cmp.counting_bound(n, k) <= worst  # guesses to win, the final one included
    assert cmp.entropy_bound(n, k) <= static_minimum(n, k)  # queries before the final guess


def test_bound_rows_carry_their_game_and_never_become_best_classical():
    methods = ["blackpeg", "coin-weighing", "static"]
    result = cmp.compare([5, 8], [4], methods=methods, samples=2, formulas=False)
    rows = {(row.n, row.method): row for row in result.rows}
    for n in (5, 8):
        counting, entropy = rows[(n, "counting-bound")], rows[(n, "entropy-bound")]
        assert counting.to_dict()["kind"] == entropy.to_dict()["kind"] == "bound"
        assert counting.source == entropy.source == "theorem"
        assert counting.game == ("adaptive", "black", False)
        assert entropy.game == ("non-adaptive", "black", False)
        assert counting.queries == cmp.counting_bound(n, 4) == counting.queries_to_win
        assert entropy.queries == cmp.entropy_bound(n, 4)
        assert entropy.queries_to_win == entropy.queries + 1  # the final guess on top
        assert counting.mean_queries is None and counting.samples is None
        # a lower bound: every measured classical row of its game needs at least as many
        for row in result.rows:
            if row.n == n and row.kind == "classical" and row.solved:
                bound = counting if row.setting == "adaptive" else entropy
                assert row.queries_to_win >= bound.queries_to_win
    best = [row for row in result.rows if row.method == cmp.BEST_CLASSICAL]
    assert best and all(row.best_worst_method in methods for row in best)
    # a bound row of fewer queries than every codebreaker is still never the best
    assert (
        cmp.best_classical_rows([rows[(5, "counting-bound")], rows[(5, "blackpeg")]])[0].queries
        == rows[(5, "blackpeg")].queries
    )
    assert cmp.best_classical_rows([rows[(5, "counting-bound")]]) == []


def test_bound_rows_reach_the_table_csv_and_json():
    result = cmp.compare([4], [4], methods=["counting-bound", "entropy-bound"])
    assert [row.method for row in result.rows] == ["entropy-bound", "counting-bound"]
    table = cmp.format_table(result.rows)
    for row in result.rows:
        assert row.formula and row.formula in table
        assert row.reference and "lower bound" in row.reference
    stream = io.StringIO()
    cmp.write_csv_header(stream)
    for row in result.rows:
        cmp.write_csv_row(stream, row)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 3 and all(len(line.split(",")) >= len(cmp.CSV_FIELDS) for line in lines)
    assert json.loads(json.dumps(result.to_dict()))["rows"][1]["queries"] == 4


def test_the_grover_count_bound_is_exact_and_needs_no_circuit_beyond_the_quantum_limit():
    from mastermind_q.circuits import exact_grover_parameters

    for k in (*range(2, 300), 1023, 1024):
        assert cmp.bound_value("adaptive-T", 1, k) == exact_grover_parameters(k)[0]
    big = cmp.compare([4096], "n", methods=["adaptive-T", "counting-bound", "entropy-bound"])
    values = {row.method: row.queries for row in big.rows}
    theta = math.asin(1 / math.sqrt(4096))
    assert values["adaptive-T"] == math.ceil(math.pi / (4 * theta) - 0.5) == 50
    assert values["counting-bound"] == 4096 and values["entropy-bound"] > 4096


def test_a_comparison_is_checked_once(monkeypatch):
    from mastermind_q.compare import running

    calls = []
    check = running.check_comparison

    def counted(*args, **kwargs):
        calls.append(1)
        return check(*args, **kwargs)

    monkeypatch.setattr(running, "check_comparison", counted)
    cmp.compare([3], [3], methods=["blackpeg"], samples=1, bounds=False, formulas=False)
    assert len(calls) == 1


def test_per_method_compare_facts_live_on_the_codebreakers():
    from mastermind_q.compare.costs import BUDGETED_METHODS
    from mastermind_q.compare.theory import CELL_LIMITS, ENUMERATION_LIMITS

    assert dict(ENUMERATION_LIMITS) == {"knuth": 1296, "random-consistent": 262144, "optimal": 81}
    assert dict(CELL_LIMITS) == {"consistent": 256}
    assert set(BUDGETED_METHODS) == {"consistent", "optimal", "knuth"}
    assert dict(cmp.DEFAULT_GAMES) == {
        "optimal": (("black", False), ("black-white", False)),
        "consistent": (("black", False),),
    }


def test_the_adaptive_best_is_never_above_the_non_adaptive_best():
    """A strategy fixed in advance is an adaptive one too: at n = 6, k = 2 static's worst
    case (6) beats blackpeg's (7), and the adaptive best-classical row says so."""
    table = cmp.compare(
        [6], [2], methods=["blackpeg", "static"], samples=5, seed=0, bounds=False, formulas=False
    )
    best = {row.setting: row for row in table.rows if row.method == "best-classical"}
    assert best["adaptive"].queries <= best["non-adaptive"].queries
    assert best["adaptive"].best_worst_method == "static"
    assert best["adaptive"].best_mean_method == "blackpeg"
    assert "non-adaptive ones included" in best["adaptive"].reference


def test_a_csv_whose_header_failed_is_removed_and_the_message_says_so(tmp_path, monkeypatch):
    import errno

    from mastermind_q.compare import output
    from mastermind_q.files import OutputWriteError

    path = tmp_path / "rows.csv"

    def full_disk(stream):
        raise OutputWriteError(
            f"cannot write {path}: No space left on device; the file ends with its last whole row",
            path,
            errno=errno.ENOSPC,
        )

    monkeypatch.setattr(output, "write_csv_header", full_disk)
    with pytest.raises(OutputWriteError) as failed:
        output.open_csv_output(path)
    assert not path.exists() and failed.value.errno == errno.ENOSPC
    assert str(failed.value).endswith("No space left on device; no file was left")


def test_the_diagonal_and_the_grid_draw_the_same_curves_and_few_labels():
    """The at-scale figures (k = n and k = 8) draw the same curve set as a small grid,
    and a log axis over 2^2 .. 2^17 labels at most seven powers of two."""
    from mastermind_q.compare.plotting import MAX_LOG_TICKS, default_curves

    root = Path(__file__).resolve().parents[1] / "benchmarks"
    for name in ("compare_scale_diagonal.jsonl", "compare_scale_k8.jsonl"):
        lines = (root / name).read_text().splitlines()
        rows = [row for row in map(json.loads, filter(None, lines)) if "skipped" not in row]
        for setting in ("adaptive", "non-adaptive"):
            curves = default_curves(rows, setting)
            kinds = {(row["method"], row["kind"]) for row in rows}
            classical = [c for c in curves if (c[0], "classical") in kinds]
            assert classical == [("best-classical", "black")], (name, setting, curves)
        figure = cmp.plot_comparison(rows, setting="adaptive")
        [axis] = _figure_facts(figure)[0]
        ticks = [t for t in axis.get_yticks() if axis.get_ylim()[0] <= t <= axis.get_ylim()[1]]
        assert 3 <= len(ticks) <= MAX_LOG_TICKS
        assert all(math.log2(t).is_integer() for t in ticks)
    grid = default_curves(_grid_rows([4, 6, 8], [8]), "adaptive")
    assert ("best-classical", "black") in grid


def test_curves_with_the_same_points_both_show_and_the_best_names_its_codebreaker():
    """A plugin asking as many queries as a built-in: its curve is moved sideways, not
    hidden under the other; a best-classical curve achieved by one codebreaker names it
    in the legend instead of at every point, and several codebreakers at their points."""
    import numpy as np

    rows = [
        cmp.CompareRow(n, k, method, "quantum", k - 1, float(k - 1), setting="non-adaptive")
        for n in (4,)
        for k in (3, 4, 6)
        for method in ("nonadaptive", "triples")
    ]
    figure = cmp.plot_comparison(rows, setting="non-adaptive", methods=["nonadaptive", "triples"])
    axis = figure.axes[0]
    first, second = (line for line in axis.get_lines() if line.get_label().endswith("(quantum)"))
    assert list(first.get_ydata()) == list(second.get_ydata())
    seen = [
        line.get_transform().transform(np.column_stack([line.get_xdata(), line.get_ydata()]))
        for line in (first, second)
    ]
    shifts = seen[1][:, 0] - seen[0][:, 0]
    assert np.all(shifts > 1) and np.allclose(seen[1][:, 1], seen[0][:, 1])
    one = _grid_rows([4, 6, 8], [8])
    nonadaptive = cmp.plot_comparison(one, setting="non-adaptive")
    assert not [text for text in nonadaptive.axes[0].texts if text.get_text() == "static"]
