"""Tests for mastermind_q.compare: grid parsing, bounds, plans, rows, CSV, tables, plots."""

from __future__ import annotations

import io
import itertools
import json
import math
import re

import pytest

from mastermind_q import compare as cmp
from mastermind_q.game import black
from mastermind_q.solving import METHODS, MethodInfo


# -- a self-contained classical codebreaker, registered only inside tests ----------------
def _brute_force(codemaker, *, seed):
    """Ask every code in lexicographic order until the answer is n (k^n queries worst)."""
    n, k = codemaker.num_positions, codemaker.num_colors
    for guess in itertools.product(range(k), repeat=n):
        if codemaker.black(guess) == n:
            return guess
    raise AssertionError("unreachable")


class _LocalMethod(MethodInfo):
    def load(self):
        return _brute_force


@pytest.fixture
def brute(monkeypatch):
    monkeypatch.setitem(METHODS, "brute", _LocalMethod("brute", "classical", "local:brute"))
    return "brute"


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


@pytest.mark.parametrize(
    ("method", "n", "k", "applies"),
    [
        ("nonadaptive", 4, 3, True),
        ("nonadaptive", 4, 2, False),
        ("triples", 4, 2, False),
        ("two-color", 4, 2, True),
        ("two-color", 4, 3, False),
        ("adaptive", 4, 2, True),
        ("permutation", 4, 4, True),
        ("permutation", 5, 4, False),
        ("knuth", 4, 6, True),
        ("knuth", 5, 6, False),
        ("random-consistent", 6, 8, True),
        ("random-consistent", 7, 8, False),
        ("blackpeg", 16, 16, True),
    ],
)
def test_applicability(method, n, k, applies):
    assert (cmp.applicability(method, n, k) is None) == applies


def test_applicability_unknown_method():
    with pytest.raises(ValueError, match="'quantumish'"):
        cmp.applicability("quantumish", 4, 4)


# -- plans -------------------------------------------------------------------------------------
def test_plan_orders_quantum_then_classical_then_bounds():
    plan = cmp.plan_comparison([4], [2, 4])
    k2 = [task for task in plan.tasks if task.k == 2]
    order = {"quantum": 0, "classical": 1, "bound": 2}
    assert [order[task.kind] for task in k2] == sorted(order[task.kind] for task in k2)
    assert [task.method for task in k2 if task.kind == "quantum"] == ["two-color", "adaptive"]
    classical = [name for name, info in METHODS.items() if info.kind == "classical"]
    assert [task.method for task in k2 if task.kind == "classical"] == [
        name for name in classical if name != "permutation"
    ]
    assert [task.method for task in k2 if task.kind == "bound"] == [
        "adaptive-T",
        "table2-blackpeg",
        "table2-blackwhite",
    ]
    k4 = [task.method for task in plan.tasks if task.k == 4]
    assert k4[:3] == ["nonadaptive", "triples", "adaptive"]
    assert "permutation" in k4 and "elouali-upper" in k4 and "two-color" not in k4
    kinds = {task.method: task.kind for task in plan.tasks}
    assert kinds["adaptive"] == "quantum" and kinds["blackpeg"] == "classical"
    assert kinds["elouali-upper"] == "bound" and kinds["table2-blackpeg"] == "bound"
    skipped = {(task.k, task.method): reason for task, reason in plan.skipped}
    assert "colors == 2" in skipped[(4, "two-color")]
    assert "colors >= positions" in skipped[(2, "permutation")]


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
        assert row["kind"] in ("quantum", "classical", "bound")


def test_solver_refusal_moves_the_row_to_skipped(monkeypatch):
    def refuse(codemaker, *, seed):
        raise ValueError(f"too large, was n={codemaker.num_positions}")

    class Refusing(MethodInfo):
        def load(self):
            return refuse

    monkeypatch.setitem(METHODS, "refuse", Refusing("refuse", "classical", "local:refuse"))
    result = cmp.compare([3], [3], methods=["refuse"], bounds=False, formulas=False)
    assert result.rows == []
    assert [(task.method, reason) for task, reason in result.skipped] == [
        ("refuse", "too large, was n=3")
    ]


def test_bound_rows_are_labelled():
    result = cmp.compare([4], [4, 6], methods=[], samples=1)
    by_name = {(row.k, row.method): row for row in result.rows}
    assert by_name[(4, "elouali-upper")].queries == 11
    assert by_name[(6, "elouali-upper")].formula == "(n-2)ceil(log2 n) + k + 1"
    assert by_name[(6, "elouali-lower")].queries == 6
    formula_row = by_name[(6, "table2-blackpeg")]
    assert formula_row.kind == "bound" and formula_row.source == "asymptotic"
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
    assert lines[0].split() == ["n", "k", "method", "kind", "queries", "mean", "notes"]
    assert "theory=2; T=1" in text and "NOT SOLVED" in text
    assert "asymptotic rate, not a count" in text
    assert "worst/mean of 2 secrets" in text


@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_plot_comparison_labels_every_curve(brute, tmp_path, suffix):
    rows = cmp.compare([2, 3], [3, 4], methods=[brute], samples=2, seed=0).rows
    quantum = [cmp.CompareRow(n, k, "adaptive", "quantum", 2, 2.0) for n in (2, 3) for k in (3, 4)]
    path = tmp_path / f"plot.{suffix}"
    figure = cmp.plot_comparison([*rows, *quantum], path)
    assert path.stat().st_size > 0
    labels = {text.get_text() for legend in figure.legends for text in legend.get_texts()}
    assert {
        "brute (worst, measured)",
        "brute (mean, measured)",
        "adaptive (quantum, measured)",
        "elouali-upper (bound)",
        "table2-blackpeg (asymptotic formula)",
    } <= labels
    visible = [axis for axis in figure.axes if axis.get_visible()]
    assert len(visible) == 4  # two k panels (vs n), two n panels (vs k)
    for axis in visible:
        for line in axis.get_lines():
            label = line.get_label()
            assert label in labels
            if "quantum" in label:
                assert line.get_marker() in ("o", "^", "D", "v")
            elif "measured" in label:
                assert line.get_marker() == "s"
            else:  # bounds and formulas: never a solid line
                assert line.get_linestyle() != "-"


def test_plot_keeps_equal_quantum_curves_apart_and_bounds_distinct():
    rows = [
        cmp.CompareRow(n, k, method, "quantum", 2, 2.0)
        for method in ("triples", "adaptive")
        for n in (2, 3)
        for k in (3, 4)
    ]
    rows += cmp.compare([3, 4], [4, 6], methods=[], formulas=False).rows
    figure = cmp.plot_comparison(rows)
    legend = [text.get_text() for text in figure.legends[0].get_texts()]
    assert legend[:2] == ["triples (quantum, measured)", "adaptive (quantum, measured)"]
    (axis,) = [axis for axis in figure.axes if axis.get_title() == "k = 4"]
    lines = {line.get_label(): line for line in axis.get_lines()}
    triples, adaptive = lines["triples (quantum, measured)"], lines["adaptive (quantum, measured)"]
    assert list(triples.get_ydata()) == list(adaptive.get_ydata()) == [2, 2]
    assert triples.get_marker() != adaptive.get_marker()
    on_page = [
        line.get_transform().transform(list(zip(line.get_xdata(), line.get_ydata())))
        for line in (triples, adaptive)
    ]
    assert all(abs(a[0] - b[0]) >= 3 for a, b in zip(*on_page))  # apart sideways
    assert all(abs(a[1] - b[1]) < 1e-6 for a, b in zip(*on_page))  # at the same height
    bounds = [line for label, line in lines.items() if "bound" in label or "count T" in label]
    styles = {(str(line.get_linestyle()), line.get_marker()) for line in bounds}
    assert len(bounds) == 3 and len(styles) == 3
    for axis in figure.axes:
        if not axis.get_visible():
            continue
        top = max(max(line.get_ydata()) for line in axis.get_lines())
        ticks = [tick for tick in axis.get_yticks() if tick <= axis.get_ylim()[1]]
        assert max(ticks) >= top  # the ticks reach past the data


def test_plot_comparison_accepts_json_dicts():
    rows = cmp.compare([4, 8], [8, 16], methods=[], samples=1).to_dict()["rows"]
    figure = cmp.plot_comparison(rows)
    # values from T = 2 up to (8-2)*3 + 16 + 1 = 35 span more than 10: log queries axis;
    # sizes 4..8 and 8..16 span a factor 2: linear size axes
    assert [axis.get_yscale() for axis in figure.axes] == ["log"] * 4
    assert [axis.get_xscale() for axis in figure.axes] == ["linear"] * 4
    assert max(line.get_ydata().max() for line in figure.axes[1].get_lines()) == 35


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


def test_best_classical_row_and_queries_to_win():
    result = cmp.compare(
        [3, 4],
        [4],
        methods=["knuth", "blackpeg", "permutation", "nonadaptive"],
        samples=6,
        seed=2,
        bounds=True,
        formulas=False,
    )
    best = {row.n: row for row in result.rows if row.method == "best-classical"}
    assert set(best) == {3, 4}
    for n, row in best.items():
        measured = [
            r for r in result.rows if r.n == n and r.kind == "classical" and r.source == "measured"
        ]
        assert row.queries == min(r.queries for r in measured)
        assert row.mean_queries == min(r.mean_queries for r in measured)
        names = {r.method: r for r in measured}
        assert names[row.best_worst_method].queries == row.queries
        assert names[row.best_mean_method].mean_queries == row.mean_queries
        assert row.to_dict()["queries_to_win"] == row.queries
    for row in result.rows:
        extra = 1 if row.kind == "quantum" or row.method == "adaptive-T" else 0
        assert row.to_dict()["queries_to_win"] == row.queries + extra


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
