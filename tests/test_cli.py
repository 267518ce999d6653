"""Tests for the mastermind-q command line (one section per subcommand)."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

import pytest
from helpers import run_cli

from mastermind_q import cli

# -- compare -------------------------------------------------------------------------
BOUNDS_ONLY = ["--methods", "elouali-upper,elouali-lower,adaptive-T,table2-blackpeg"]


def _compare_json(capsys, *argv):
    status = cli.main(["compare", *argv, "--json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert captured.out.count("\n") == 1
    return json.loads(captured.out)


def test_compare_json_contract(capsys, brute):
    payload = _compare_json(
        capsys, "--positions", "2,3", "--colors", "3:4", "--methods", "brute", "--samples", "3"
    )
    assert {"rows", "skipped", "interrupted"} <= set(payload)
    assert payload["interrupted"] is False
    rows = payload["rows"]
    assert {(row["n"], row["k"]) for row in rows} == {(2, 3), (2, 4), (3, 3), (3, 4)}
    for row in rows:
        assert {"n", "k", "method", "kind", "queries", "mean_queries"} <= set(row)
        assert {"setting", "feedback", "distinct"} <= set(row)
        assert row["kind"] in ("classical", "bound", "formula")
    brute_rows = [row for row in rows if row["method"] == "brute"]
    assert len(brute_rows) == 4
    assert all(row["samples"] == 3 and row["solved"] for row in brute_rows)
    assert all(row["queries"] >= row["mean_queries"] for row in brute_rows)
    names = {row["method"] for row in rows}
    assert {"elouali-upper", "table2-blackwhite", "adaptive-T"} <= names


def test_compare_json_is_seeded(capsys, brute):
    argv = ["--positions", "3", "--colors", "3", "--methods", "brute", "--no-bounds"]
    first = _compare_json(capsys, *argv, "--seed", "4", "--no-formulas")["rows"]
    second = _compare_json(capsys, *argv, "--seed", "4", "--no-formulas")["rows"]
    assert [row["queries"] for row in first] == [row["queries"] for row in second]
    assert [row["mean_queries"] for row in first] == [row["mean_queries"] for row in second]


def test_compare_human_table_and_progress(capsys):
    status = cli.main(["compare", "--positions", "4-5", "--colors", "5", *BOUNDS_ONLY, "--long"])
    captured = capsys.readouterr()
    assert status == 0
    lines = captured.out.splitlines()
    assert lines[0].split()[:4] == ["n", "k", "method", "kind"]
    assert any(line.split()[:3] == ["4", "5", "elouali-upper"] for line in lines)
    assert "compare" in captured.err  # the progress bar
    status = cli.main(["compare", "--positions", "4", "--colors", "5", *BOUNDS_ONLY, "--quiet"])
    assert status == 0 and capsys.readouterr().err == ""


def test_compare_prints_a_compact_table_by_default_and_the_long_one_on_request(capsys):
    argv = ["compare", "--positions", "4,6,8", "--colors", "4,8", "--quiet"]
    status, out, _ = run_cli(capsys, *argv, "--methods", "triples,adaptive,blackpeg")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["queries", "to", "win", *[f"n={n}" for n in (4, 4, 6, 6, 8, 8)]]
    assert lines[1].split() == [f"k={k}" for k in (4, 8) * 3]
    table = {line.split()[0]: line.split()[2:] for line in lines[2:] if line.startswith("  ")}
    assert table["triples"] == ["3", "6"] * 3  # ceil(2(k - 1)/3) + 1, whatever n
    assert table["adaptive"] == ["3", "5"] * 3  # 2T + 1
    assert len(lines) < 30 and max(map(len, lines)) <= 100
    assert "--long" in out
    payload = _compare_json(capsys, *argv[1:], "--methods", "triples,adaptive,blackpeg")
    rows = [row for row in payload["rows"] if row["method"] == "blackpeg"]
    assert table["blackpeg"] == [str(row["queries_to_win"]) for row in rows]
    status, long, _ = run_cli(capsys, *argv, "--methods", "triples,adaptive,blackpeg", "--long")
    assert status == 0 and long.split()[:3] == ["n", "k", "method"]
    assert len(long.splitlines()) > len(lines)


def test_compare_csv_file_and_stdout(capsys, tmp_path):
    path = tmp_path / "rows.csv"
    payload = _compare_json(
        capsys, "--positions", "4", "--colors", "4,8", *BOUNDS_ONLY, "--csv", str(path)
    )
    records = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert [(int(r["k"]), r["method"]) for r in records] == [
        (row["k"], row["method"]) for row in payload["rows"]
    ]
    status = cli.main(["compare", "--positions", "4", "--colors", "8", *BOUNDS_ONLY, "--csv", "-"])
    captured = capsys.readouterr()
    assert status == 0
    records = list(csv.DictReader(io.StringIO(captured.out)))
    upper = [r for r in records if r["method"] == "elouali-upper"]
    assert upper[0]["queries"] == str((4 - 2) * 2 + 8 + 1)


def test_compare_plot(capsys, tmp_path):
    path = tmp_path / "out.svg"
    payload = _compare_json(
        capsys, "--positions", "4,8", "--colors", "8", *BOUNDS_ONLY, "--plot", str(path)
    )
    assert payload["plot"] == str(path)
    assert payload["plots"] == {"adaptive": str(path)}  # bound rows only: one setting
    assert path.read_text(encoding="utf-8").lstrip().startswith("<?xml")


@pytest.mark.slow
def test_compare_plot_writes_one_file_per_setting(capsys, tmp_path):
    path = tmp_path / "fig.pdf"
    argv = ["--positions", "4,8", "--colors", "8", "--methods", "triples,adaptive,blackpeg"]
    payload = _compare_json(
        capsys, *argv, "--samples", "2", "--plot", str(path), "--plot-style", "double"
    )
    assert payload["plots"] == {
        "non-adaptive": str(tmp_path / "fig-non-adaptive.pdf"),
        "adaptive": str(tmp_path / "fig-adaptive.pdf"),
    }
    for name in payload["plots"].values():
        assert Path(name).read_bytes().startswith(b"%PDF")
    assert not path.exists()


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--positions", "4", "--colors", "4", "--plot", "{tmp}/p.png"], "two or more values"),
        (
            ["--positions", "4,5", "--colors", "4", "--plot", "{tmp}/p.png", "--plot-methods", "x"],
            "'x'",
        ),
        (["--positions", "4", "--colors", "4", "--games", "blue"], "'blue'"),
        (["--positions", "4", "--colors", "4", "--games", ","], "--games"),
    ],
)
def test_compare_plot_and_game_options_are_checked_first(capsys, tmp_path, argv, fragment):
    argv = [item.replace("{tmp}", str(tmp_path)) for item in argv]
    status = cli.main(["compare", *argv, "--json"])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert fragment in captured.err and captured.err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


COMPARE_REFUSED = {
    "--positions 4,x --colors 4": "'x'",
    "--positions 4 --colors 1-3": "was 1",
    "--positions 4 --colors 4 --methods magic": "'magic'",
    "--positions 4 --colors 4 --plot out.gif": "out.gif",
    "--positions 2 --colors 3 --backend aer-fast": "'aer-fast'",
    "--positions 2 --colors 3 --backend fake:nowhere": "'fake:nowhere'",
}
"""``compare`` options -> what the one error line names."""


@pytest.mark.parametrize(("options", "fragment"), COMPARE_REFUSED.items())
def test_compare_bad_input(capsys, options, fragment):
    status = cli.main(["compare", *options.split(), "--json"])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert fragment in captured.err and captured.err.startswith("mastermind-q compare: error")


def test_compare_interrupt_keeps_finished_rows(capsys, tmp_path, interrupt_sweep):
    interrupt_sweep(3)
    path = tmp_path / "rows.csv"
    argv = ["compare", "--positions", "4", "--colors", "4,8", *BOUNDS_ONLY, "--csv", str(path)]
    status = cli.main([*argv, "--json"])
    captured = capsys.readouterr()
    assert status == 130
    payload = json.loads(captured.out)
    assert payload["interrupted"] is True and len(payload["rows"]) == 2
    assert len(list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))) == 2
    assert "interrupted after 2 rows" in captured.err


def test_compare_csv_header_is_written_before_the_first_row(capsys, tmp_path, monkeypatch):
    from mastermind_q.compare import tasks

    path = tmp_path / "rows.csv"
    seen = []

    def first_row_looks_at_the_file(task, **options):
        seen.append(path.read_text(encoding="utf-8"))
        raise KeyboardInterrupt

    monkeypatch.setattr(tasks, "run_task", first_row_looks_at_the_file)
    status = cli.main(["compare", "--positions", "4", "--colors", "4", "--csv", str(path)])
    assert status == 130
    assert seen[0].startswith("n,k,method,kind,setting,feedback,distinct,queries")
    assert path.read_text(encoding="utf-8") == seen[0]


@pytest.mark.parametrize(
    ("option", "value"),
    [("--plot", "{missing}/p.png"), ("--plot", "{tmp}/p.gif"), ("--plot", "{tmp}")],
)
def test_compare_output_paths_are_checked_before_the_sweep(
    capsys, tmp_path, monkeypatch, option, value
):
    from mastermind_q.compare import tasks

    def no_rows_expected(task, **options):
        raise AssertionError("the sweep ran before the output path was checked")

    monkeypatch.setattr(tasks, "run_task", no_rows_expected)
    value = value.format(missing=tmp_path / "absent", tmp=tmp_path)
    status, out, err = run_cli(
        capsys, "compare", "--positions", "4", "--colors", "4", option, value, "--csv", "-"
    )
    assert status == 2 and out == ""
    assert err.startswith(f"mastermind-q compare: error: {option}") and err.count("\n") == 1


def test_compare_says_what_it_wrote(capsys, tmp_path):
    csv_path, plot_path = tmp_path / "rows.csv", tmp_path / "rows.png"
    argv = ["compare", "--positions", "4", "--colors", "4,8", *BOUNDS_ONLY]
    argv += ["--csv", str(csv_path), "--plot", str(plot_path)]
    status, out, err = run_cli(capsys, *argv, "--quiet")
    assert status == 0 and out.startswith("queries to win ")
    assert err.splitlines() == [f"wrote {csv_path}", f"wrote {plot_path}"]
    status, out, err = run_cli(capsys, *argv, "--json")  # both exist now: refused
    assert status == 2 and out == "" and f"{plot_path} exists (give --force" in err
    status, out, err = run_cli(capsys, *argv, "--json", "--force")
    payload = json.loads(out)
    assert status == 0 and err == ""
    assert payload["csv"] == str(csv_path) and payload["plot"] == str(plot_path)


def test_compare_named_bound_rows_once_each(capsys):
    payload = _compare_json(
        capsys, "--positions", "4,5", "--colors", "6", "--methods", "adaptive-T,elouali-upper"
    )
    methods = [(row["n"], row["method"]) for row in payload["rows"]]
    assert methods == [
        (4, "adaptive-T"),
        (4, "elouali-upper"),
        (5, "adaptive-T"),
        (5, "elouali-upper"),
    ]


# -- errors in command-line words ------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["solve", "--method", "two-color", "--colors", "3", "--random", "3"],
            "--method two-color needs colors k = 2, was k=3; "
            "use --method nonadaptive or --method triples for k >= 3",
        ),
        (
            ["solve", "--method", "blackpeg", "--colors", "3", "--random", "2", "--backend", "aer"],
            "were --backend aer, no --shots",
        ),
        (["solve", "--method", "adaptive", "--colors", "1", "--random", "2"], "--colors must"),
        (["compare", "--positions", "4", "--colors", "4", "--methods", "x"], "--methods must"),
    ],
)
def test_errors_use_the_command_line_words(capsys, argv, expected):
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert expected in err
    assert "='" not in err and "method '" not in err


def test_cli_words_leaves_other_names_alone():
    options = ["--method", "--colors", "--shots"]
    assert cli.cli_words("k=3 and pair=(0, 1)", options) == "k=3 and pair=(0, 1)"
    assert cli.cli_words("secret must be short", options) == "secret must be short"
    assert cli.cli_words("num_colors=4", options) == "--colors 4"


# -- help and version ------------------------------------------------------------------
def test_version(capsys):
    from mastermind_q import __version__

    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"mastermind-q {__version__}\n"


def _subparsers(parser):
    import argparse

    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return action.choices


@pytest.mark.parametrize("command", ["solve", "compare", "draw", "resources", "jobs"])
def test_help_shows_examples_that_parse(command):
    import shlex

    parser = cli.build_parser()
    text = _subparsers(parser)[command].format_help()
    examples = text.split("examples:\n", 1)[1].strip().splitlines()
    assert len(examples) >= 3
    for line in examples:
        argv = shlex.split(line.replace("JOB_ID", "some-job").split(">")[0])
        assert argv[:2] == ["mastermind-q", command]
        parser.parse_args(argv[1:])  # a bad example exits 2 here


def test_help_states_defaults_and_jobs_fetch():
    from mastermind_q.backends import DEFAULT_SHOTS

    assert cli.DEFAULT_SHOTS == DEFAULT_SHOTS
    commands = _subparsers(cli.build_parser())
    solve_help = " ".join(commands["solve"].format_help().split())
    assert f"(default {DEFAULT_SHOTS})" in solve_help and "--seed SEED" in solve_help
    assert "default: none" in solve_help
    assert "(default 0)" in " ".join(commands["compare"].format_help().split())
    fetch = _subparsers(commands["jobs"])["fetch"]
    fetch_help = " ".join(fetch.format_help().split())
    assert "JOB_ID" in fetch_help and "the job id" in fetch_help


# -- draw, resources, jobs, solve on fake and ibm backends ------------------------------
def test_draw_text_on_stdout(capsys):
    status, out, err = run_cli(
        capsys, "draw", "find-two-color", "--positions", "2", "--colors", "3", "--pair", "1,2"
    )
    assert status == 0 and err == ""
    assert "B_s" in out and "result" in out
    assert out.splitlines()[0] == (
        "find-two-color: FindTwoColorPosition (Algorithm 2), n = 2, k = 3, pair (1, 2)"
    )


def test_draw_decompose_opens_the_oracle(capsys):
    argv = ["draw", "oracle", "--positions", "2", "--colors", "2", "--json"]
    _, boxed, _ = run_cli(capsys, *argv)
    _, opened, _ = run_cli(capsys, *argv, "--decompose")
    assert "B_s" in json.loads(boxed)["text"]
    assert "end B_s" not in json.loads(boxed)["text"]
    assert "end B_s" in json.loads(opened)["text"]  # opened, its extent a labelled barrier
    assert json.loads(opened)["decompose"] == 1


@pytest.mark.parametrize(("suffix", "header"), [("png", b"\x89PNG"), ("qasm", b"OPENQASM 3")])
def test_draw_files(capsys, tmp_path, suffix, header):
    path = tmp_path / f"adaptive.{suffix}"
    status, out, _ = run_cli(
        capsys,
        "draw",
        "adaptive",
        "--positions",
        "2",
        "--colors",
        "2",
        "--output",
        str(path),
        "--json",
    )
    payload = json.loads(out)
    assert status == 0 and payload["output"] == str(path) and payload["format"] == suffix
    assert path.read_bytes().startswith(header)


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["draw", "oracle", "--positions", "2", "--colors", "2", "--output", "x.gif"], "x.gif"),
        (["draw", "two-color", "--positions", "2", "--colors", "3"], "needs colors k = 2, was k=3"),
        (["resources", "adaptive", "--positions", "2", "--colors", "2", "--target", "x"], "'x'"),
        (["jobs", "fetch", "missing-job"], "'missing-job'"),
    ],
)
def test_draw_resources_jobs_bad_input(capsys, tmp_path, argv, fragment):
    if argv[0] == "jobs":
        argv = [*argv, "--jobs-dir", str(tmp_path)]
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and out == ""
    assert fragment in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["draw", "oracle", "--positions", "2", "--colors", "2", "--output", "{missing}/d.txt"],
        ["compare", "--positions", "4", "--colors", "4", *BOUNDS_ONLY, "--csv", "{missing}/c.csv"],
        ["compare", "--positions", "4", "--colors", "4", *BOUNDS_ONLY, "--plot", "{missing}/p.svg"],
    ],
)
def test_unwritable_output_file_is_one_error_line(capsys, tmp_path, argv):
    missing = tmp_path / "no-such-folder"
    argv = [item.replace("{missing}", str(missing)) for item in argv]
    status, out, err = run_cli(capsys, *argv, "--json")
    assert status == 2 and out == ""
    assert str(missing) in err and "Traceback" not in err and err.count("\n") == 1
    assert not missing.exists()


def test_resources_json_and_table(capsys):
    argv = ["resources", "nonadaptive", "--positions", "2", "--colors", "3"]
    status, out, _ = run_cli(capsys, *argv, "--json")
    payload = json.loads(out)
    assert status == 0
    assert payload["circuits"] == 2 and payload["logical"]["oracle_calls"] == 2
    for key in ("qubits", "depth", "two_qubit_gates", "total_gates", "oracle_calls"):
        assert payload["transpiled"][key] >= payload["logical"][key] or key == "qubits"
    _, table, _ = run_cli(capsys, *argv, "--target", "fake:hanoi")
    assert "fake:hanoi" in table and "two qubit gates" in table


def test_solve_ibm_without_credentials_exits_2(capsys, tmp_path, monkeypatch):
    from qiskit_ibm_runtime.accounts import management

    monkeypatch.setattr(
        management, "_DEFAULT_ACCOUNT_CONFIG_JSON_FILE", str(tmp_path / "qiskit-ibm.json")
    )
    for variable in ("QISKIT_IBM_TOKEN", "QISKIT_IBM_INSTANCE", "QISKIT_IBM_CHANNEL"):
        monkeypatch.delenv(variable, raising=False)
    argv = ["solve", "--method", "two-color", "--colors", "2", "--secret", "1,0"]
    status, out, err = run_cli(capsys, *argv, "--backend", "ibm:ibm_brisbane", "--json")
    assert status == 2 and out == ""
    assert err.startswith("mastermind-q solve: error: IBM Quantum is not available")
    assert "QISKIT_IBM_TOKEN" in err and "Traceback" not in err and err.count("\n") == 1


def test_solve_fake_records_a_job_that_jobs_fetch_decodes(capsys, tmp_path):
    solve_argv = [
        "solve",
        "--method",
        "nonadaptive",
        "--colors",
        "3",
        "--secret",
        "2,0",
        "--backend",
        "fake:hanoi",
        "--shots",
        "200",
        "--seed",
        "5",
        "--record-job",
        "--jobs-dir",
        str(tmp_path),
    ]
    status, out, err = run_cli(capsys, *solve_argv, "--json")
    solved = json.loads(out)
    assert status == 0 and err == ""  # --json: no progress output
    assert solved["solved"] and 0 < solved["success_probability"] < 1
    assert len(solved["circuit_success_probabilities"]) == 2
    assert solved["shots"] == 200 and solved["seed"] == 5
    assert [sum(counts.values()) for counts in solved["counts"]] == [200, 200]
    [job] = solved["jobs"]
    record = json.loads(Path(job["record"]).read_text(encoding="utf-8"))
    assert solved["counts"] == record["counts"]  # the raw counts, as the job returned them
    _, listing, _ = run_cli(capsys, "jobs", "list", "--jobs-dir", str(tmp_path), "--json")
    [listed] = json.loads(listing)["jobs"]
    assert listed["job_id"] == job["job_id"] and listed["status"] == "done"
    status, out, _ = run_cli(
        capsys,
        "jobs",
        "fetch",
        job["job_id"],
        "--jobs-dir",
        str(tmp_path),
        "--secret",
        "2,0",
        "--json",
    )
    fetched = json.loads(out)
    assert status == 0 and fetched["found"] == [2, 0] and fetched["solved"] is True
    assert fetched["circuit_success_probabilities"] == solved["circuit_success_probabilities"]
    status, text, _ = run_cli(capsys, "jobs", "fetch", job["job_id"], "--jobs-dir", str(tmp_path))
    assert status == 0 and "found    2,0" in text


def test_solve_progress_on_stderr_unless_quiet(capsys):
    argv = [
        "solve",
        "--method",
        "triples",
        "--colors",
        "3",
        "--secret",
        "1,2",
        "--backend",
        "fake:hanoi",
        "--shots",
        "100",
        "--seed",
        "1",
    ]
    status, out, err = run_cli(capsys, *argv)
    assert status == 0 and "transpile" in err and "per circuit" in out
    # stderr is not a terminal here: one line per stage, as it begins
    assert "simulate: fake:hanoi (aer-noise-model), 2 circuits" in err.splitlines()
    assert not any(part.startswith(" [") for part in err.split("\r"))  # no unnamed bar
    status, _, err = run_cli(capsys, *argv, "--quiet")
    assert status == 0 and err == ""


def test_jobs_list_empty(capsys, tmp_path):
    status, out, _ = run_cli(capsys, "jobs", "list", "--jobs-dir", str(tmp_path / "none"))
    assert status == 0 and "no job records" in out


# -- solve: classical methods and the adversary ----------------------------------------
SOLVE_KEYS = {"method", "n", "k", "secret", "found", "solved", "queries", "backend"}


def _solve_json(capsys, *argv):
    status = cli.main(["solve", *argv, "--json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert captured.out.count("\n") == 1
    payload = json.loads(captured.out)
    assert isinstance(payload, dict)
    assert set(payload) >= SOLVE_KEYS
    return payload


@pytest.mark.parametrize(
    ("method", "argv"),
    [
        ("permutation", ["--colors", "8", "--secret", "6,0,3,2,1,7,4,5"]),
        ("permutation", ["--colors", "12", "--random", "9", "--seed", "4"]),
        ("knuth", ["--colors", "6", "--secret", "1,1,2,5"]),
        ("blackpeg", ["--colors", "8", "--random", "40", "--seed", "2"]),
        ("random-consistent", ["--colors", "4", "--random", "4", "--seed", "9"]),
    ],
)
def test_solve_classical_json(capsys, method, argv):
    payload = _solve_json(capsys, "--method", method, *argv)
    assert payload["method"] == method
    assert payload["solved"] is True
    assert payload["found"] == payload["secret"]
    assert payload["backend"] is None
    assert payload["queries"] >= 1
    assert payload["n"] == len(payload["secret"])


@pytest.mark.parametrize(
    ("feedback", "distinct", "secret", "worst"),
    [("black-white", False, "2,0,2", 3), ("black", True, "2,0,3", 4), ("black", False, "1,1", 4)],
)
def test_solve_optimal_plays_the_requested_game(capsys, feedback, distinct, secret, worst):
    argv = ["--method", "optimal", "--colors", "4", "--secret", secret, "--feedback", feedback]
    payload = _solve_json(capsys, *argv, *(["--distinct"] if distinct else []))
    assert payload["solved"] is True
    assert payload["queries"] <= worst


def test_solve_permutation_json_counts_the_paper_example(capsys):
    payload = _solve_json(
        capsys, "--method", "permutation", "--colors", "8", "--secret", "6,0,3,2,1,7,4,5"
    )
    assert (payload["n"], payload["k"]) == (8, 8)
    assert payload["queries"] <= 34  # (n - 3) ceil(log2 n) + 5n/2 - 1 at n = 8


@pytest.mark.parametrize(
    ("method", "colors", "positions", "least"),
    [("permutation", "6", "6", 6), ("random-consistent", "5", "5", 5), ("knuth", "4", "3", 1)],
)
def test_solve_adversary_json(capsys, method, colors, positions, least):
    payload = _solve_json(
        capsys, "--method", method, "--colors", colors, "--adversary", "--positions", positions
    )
    assert payload["adversary"] is True
    assert payload["solved"] is True
    assert payload["queries"] >= least


def test_solve_classical_human_output(capsys):
    assert cli.main(["solve", "--method", "blackpeg", "--colors", "3", "--secret", "2,0,2"]) == 0
    out = capsys.readouterr().out
    assert "solved   yes" in out
    assert "2,0,2" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--method", "permutation", "--colors", "3", "--secret", "0,0,1"], "must not repeat"),
        (["--method", "permutation", "--colors", "3", "--random", "5"], "colors must be >="),
        (["--method", "knuth", "--colors", "4", "--random", "10"], "KNUTH_MAX_CODES"),
        (
            ["--method", "knuth", "--colors", "4", "--random", "3", "--feedback", "black"],
            "plays --feedback black-white only, was --feedback black",
        ),
        (
            ["--method", "blackpeg", "--colors", "4", "--random", "3", "--distinct"],
            "plays repetition only",
        ),
        (["--method", "optimal", "--colors", "6", "--random", "7"], "MAX_OPTIMAL_CODES=N"),
        (["--method", "blackpeg", "--colors", "1", "--random", "3"], "colors must have value"),
        (["--method", "blackpeg", "--colors", "3", "--secret", "0,x,1"], "secret[1]"),
        (["--method", "blackpeg", "--colors", "3", "--secret", "0,5,1"], "secret[1]"),
        (
            ["--method", "permutation", "--colors", "4", "--adversary", "--secret", "0,1"],
            "--adversary",
        ),
        (["--method", "permutation", "--colors", "4", "--adversary"], "--positions"),
        (
            ["--method", "permutation", "--colors", "12", "--adversary", "--positions", "12"],
            "max_codes",
        ),
        (
            ["--method", "permutation", "--colors", "3", "--adversary", "--positions", "4"],
            "colors must be >=",
        ),
    ],
)
def test_solve_classical_bad_input_exits_2(capsys, argv, message):
    status = cli.main(["solve", *argv, "--json"])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert message in captured.err
    assert captured.err.strip().count("\n") == 0


# -- compare with the real quantum and classical codebreakers ------------------------
def _grover_iterations(k):
    import math

    return math.ceil(math.pi / (4 * math.asin(math.sqrt(1 / k))) - 0.5)


def _expected_quantum_queries(method, k):
    return {
        "nonadaptive": k - 1,
        "triples": -(-2 * (k - 1) // 3),
        "two-color": 1,
        "adaptive": 2 * _grover_iterations(k),
    }[method]


def _check_compare_rows(rows, positions, colors):
    quantum = [row for row in rows if row["kind"] == "quantum"]
    for n in positions:
        for k in colors:
            names = {row["method"] for row in quantum if (row["n"], row["k"]) == (n, k)}
            expected = (
                {"two-color", "adaptive"} if k == 2 else {"nonadaptive", "triples", "adaptive"}
            )
            if k > 4:  # Hunziker-Meyer's parity oracle (Li-Luo-Xu Appendix A) needs k > 4
                expected |= {"hunziker-meyer"}
            assert names == expected, (n, k, names)
    for row in quantum:
        if row["method"] == "hunziker-meyer":  # approximate: T iterations, p < 1
            iterations = round((math.pi / (2 * math.asin(1 / math.sqrt(row["k"]))) - 1) / 2)
            assert row["queries"] == row["theory"] == iterations, row
            assert 0 < row["success_probability"] < 1, row
            continue
        assert row["queries"] == _expected_quantum_queries(row["method"], row["k"]), row
        assert row["theory"] == row["queries"] and row["solved"] is True, row
        if row["method"] == "adaptive":
            assert row["iterations"] == _grover_iterations(row["k"])
    for row in rows:
        if row["method"] == "adaptive-T":
            assert row["kind"] == "bound" and row["queries"] == _grover_iterations(row["k"])
        if row["kind"] == "classical":
            assert row["solved"] is True and row["queries"] >= row["mean_queries"] >= 1
    assert any(row["method"] == "permutation" for row in rows)


def test_compare_quantum_rows_equal_the_theory(capsys):
    payload = _compare_json(
        capsys, "--positions", "3,4", "--colors", "2-4", "--samples", "3", "--no-formulas"
    )
    _check_compare_rows(payload["rows"], [3, 4], [2, 3, 4])


@pytest.mark.slow
def test_compare_must_show_grid(capsys, tmp_path):
    path = tmp_path / "out.png"
    payload = _compare_json(capsys, "--positions", "4,6,8", "--colors", "4,8", "--plot", str(path))
    _check_compare_rows(payload["rows"], [4, 6, 8], [4, 8])
    assert payload["plots"]["adaptive"] == str(tmp_path / "out-adaptive.png")
    rows = payload["rows"]
    assert all(isinstance(row.get("queries_to_win"), (int, float)) for row in rows)
    quantum_game = ("adaptive", "black", False)
    best = {
        (row["n"], row["k"]): row
        for row in rows
        if row["method"] == "best-classical" and _game(row) == quantum_game
    }
    assert set(best) == {(n, k) for n in (4, 6, 8) for k in (4, 8)}
    for (n, k), row in best.items():
        classical = [
            r
            for r in rows
            if (r["n"], r["k"]) == (n, k) and r["kind"] == "classical" and _game(r) == quantum_game
        ]
        assert row["queries"] == min(r["queries"] for r in classical)
        assert row["best_worst_method"] in {r["method"] for r in classical}
    figures = sorted(path.parent.glob("out-*.png"))
    assert [figure.name for figure in figures] == ["out-adaptive.png", "out-non-adaptive.png"]


def _game(row):
    return (row["setting"], row["feedback"], row["distinct"])


@pytest.mark.slow
def test_compare_must_show_games(capsys, tmp_path):
    """The README's first example: every row names its game; best-classical per game."""
    payload = _compare_json(capsys, "--positions", "4,6,8", "--colors", "4,8")
    rows = payload["rows"]
    for row in rows:
        assert row["setting"] in ("non-adaptive", "adaptive")
        assert row["feedback"] in ("black", "black-white")
        assert isinstance(row["distinct"], bool)
    best = [row for row in rows if row["method"] == "best-classical"]
    assert len({(row["n"], row["k"], _game(row)) for row in best}) == len(best)
    for row in best:
        same = [
            r
            for r in rows
            if (r["n"], r["k"]) == (row["n"], row["k"])
            and _game(r) == _game(row)
            and r["kind"] == "classical"
            and r["source"] == "measured"
        ]
        assert row["queries"] == min(r["queries"] for r in same)
        assert row["mean_queries"] == min(r["mean_queries"] for r in same)
    for row in rows:  # the quantum rows' own game: black pegs with repetition
        if row["kind"] == "quantum":
            assert (row["feedback"], row["distinct"]) == ("black", False)


# -- hostile input: one line, status 2 ------------------------------------------------------------
def _one_error_line(capsys, *argv):
    try:
        status, out, err = run_cli(capsys, *argv)
    except SystemExit as exit_info:  # argparse refused an argument
        captured = capsys.readouterr()
        status, out, err = exit_info.code, captured.out, captured.err
    assert status == 2, (out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def _no_ibm_account(tmp_path, monkeypatch):
    from qiskit_ibm_runtime.accounts import management

    monkeypatch.setattr(
        management, "_DEFAULT_ACCOUNT_CONFIG_JSON_FILE", str(tmp_path / "qiskit-ibm.json")
    )
    for variable in ("QISKIT_IBM_TOKEN", "QISKIT_IBM_INSTANCE", "QISKIT_IBM_CHANNEL"):
        monkeypatch.delenv(variable, raising=False)


@pytest.mark.parametrize("seed", [str(2**63), str(2**64), str(10**30), "-1"])
@pytest.mark.parametrize("backend", ["aer", "fake:manila"])
def test_one_seed_rule_on_every_backend(capsys, seed, backend):
    err = _one_error_line(
        capsys, "solve", "--method", "two-color", "--colors", "2", "--secret", "1,0",
        "--backend", backend, "--seed", seed, "--quiet",
    )  # fmt: skip
    assert "seed" in err and ("0..2^63-1" in err or "must be an integer" in err)


@pytest.mark.parametrize("shots", [str(10**12), str(10**30), "1_000"])
def test_huge_or_odd_shots_are_one_line(capsys, shots):
    err = _one_error_line(
        capsys, "solve", "--method", "two-color", "--colors", "2", "--secret", "1,0",
        "--shots", shots, "--quiet",
    )  # fmt: skip
    assert "shots" in err


def test_secret_with_underscores_is_refused(capsys):
    err = _one_error_line(capsys, "solve", "--method", "blackpeg", "--colors", "2", "--secret",
                          "0_1,1")  # fmt: skip
    assert "secret[0] must be an integer, was '0_1'" in err


@pytest.mark.parametrize(
    "source", [["--secret", "0,1"], ["--random", "3"]], ids=["secret", "random"]
)
def test_positions_must_agree_with_the_secret(capsys, source):
    err = _one_error_line(
        capsys, "solve", "--method", "blackpeg", "--colors", "2", "--positions", "5", *source
    )
    assert "--positions 5 disagrees" in err


def test_argparse_errors_are_one_line(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["solve", "--method", "nope", "--colors", "3"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'nope'" in err and "usage" not in err


def test_jobs_list_refuses_a_file_and_names_damaged_records(capsys, tmp_path):
    path = tmp_path / "file"
    path.write_text("x")
    err = _one_error_line(capsys, "jobs", "list", "--jobs-dir", str(path))
    assert "is not a folder" in err
    (tmp_path / "jobs").mkdir()
    (tmp_path / "jobs" / "bad.json").write_text("[1]")
    status, out, err = run_cli(capsys, "jobs", "list", "--jobs-dir", str(tmp_path / "jobs"))
    assert status == 0 and "skipped bad.json" in err
    status, out, _ = run_cli(capsys, "jobs", "list", "--jobs-dir", str(tmp_path / "jobs"),
                              "--json")  # fmt: skip
    payload = json.loads(out)
    assert status == 0 and payload["jobs"] == []
    assert [entry["path"].endswith("bad.json") for entry in payload["skipped"]] == [True]


def test_jobs_fetch_of_a_deeply_nested_record_is_one_line(capsys, tmp_path):
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    err = _one_error_line(capsys, "jobs", "fetch", "deep", "--jobs-dir", str(tmp_path))
    assert "nested too deeply" in err


def test_compare_on_an_unreachable_ibm_backend_is_an_error(capsys, tmp_path, monkeypatch):
    _no_ibm_account(tmp_path, monkeypatch)
    csv = tmp_path / "rows.csv"
    err = _one_error_line(
        capsys, "compare", "--positions", "3", "--colors", "4", "--methods", "nonadaptive",
        "--backend", "ibm:ibm_torino", "--quiet", "--csv", str(csv),
    )  # fmt: skip
    assert "IBM Quantum is not available" in err
    assert not csv.exists()  # refused before any output file was made


def test_solve_oracle_flag(oracle_requests, capsys):
    """--oracle picks the oracle construction the solver asks the codemaker for."""
    from mastermind_q.backends import ORACLE_CONSTRUCTIONS

    assert tuple(ORACLE_CONSTRUCTIONS) == cli.ORACLE_CHOICES
    requested = oracle_requests
    argv = ["solve", "--method", "nonadaptive", "--secret", "2,0,1", "--colors", "3"]
    status, out, _ = run_cli(capsys, *argv, "--backend", "aer-statevector", "--oracle", "gray")
    assert status == 0 and "2,0,1" in out.replace(" ", "").replace("(", "").replace(")", "")
    assert requested and set(requested) == {"gray"}
    with pytest.raises(SystemExit) as info:
        cli.main([*argv, "--oracle", "best"])
    assert info.value.code == 2 and "--oracle" in capsys.readouterr().err


# -- issue 16: confidence is summarised, the full list stays in --json --------------------
def test_confidence_is_summarised_in_the_human_output():
    from mastermind_q.cli.solve import confidence_summary

    assert confidence_summary([1.0] * 1024) == "confidence min 1.000 (all 1024 positions >= 0.9)"
    low = [1.0] * 1024
    for index in range(0, 24, 2):
        low[index] = 0.5
    line = confidence_summary(low)
    assert line.startswith("confidence min 0.500; below 0.9 at positions 0, 2, 4")
    assert line.endswith(", ... (12 of 1024)") and len(line) < 120


def test_solve_prints_one_confidence_line_and_json_keeps_the_list(capsys):
    argv = ["solve", "--method", "two-color", "--colors", "2", "--secret", "1,0,1,1,0,0,1,0"]
    assert cli.main([*argv, "--backend", "aer-statevector"]) == 0
    out = capsys.readouterr().out
    [line] = [line for line in out.splitlines() if line.startswith("confidence")]
    assert line == "confidence min 1.000 (all 8 positions >= 0.9)"
    assert cli.main([*argv, "--backend", "aer-statevector", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["position_confidence"] == [pytest.approx(1.0)] * 8


def test_confidence_of_unanimous_shots_is_the_clamped_weight_the_help_names(capsys):
    from mastermind_q.quantum.decoding import position_weights

    # 1024 shots all reading colour 3 (one position, 8 colours): below 1 by the clamp.
    [row] = position_weights("adaptive", [{"011": 1024}], num_positions=1, colors=8)
    eps = 0.5 / 1025
    assert row[3] == pytest.approx((1 - eps) / (1 - eps + 7 * eps))
    assert round(row[3], 3) == 0.997
    with pytest.raises(SystemExit):
        cli.main(["solve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "0.5/(shots+1)" in text and "1024 shots 0.997 for adaptive" in text


def test_draw_and_resources_take_n_from_the_secret(capsys):
    assert cli.main(["draw", "oracle", "--colors", "4", "--secret", "0,1,2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["n"] == 3
    argv = ["resources", "oracle", "--colors", "4", "--secret", "0,3", "--json"]
    assert cli.main(argv) == 0
    assert json.loads(capsys.readouterr().out)["n"] == 2
    for argv, message in (
        (["draw", "oracle", "--colors", "4"], "--positions is required (or give --secret"),
        (
            ["resources", "oracle", "--colors", "4", "--positions", "3", "--secret", "0,1"],
            "--positions 3 disagrees: --secret has 2 positions",
        ),
    ):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err


def test_a_bad_pair_names_the_pair_option(capsys):
    for pair, fragment in (
        ("0,9", "c2 (the second colour) must be a colour in 0..3, was 9"),
        ("9,0", "c1 (the first colour) must be a colour"),
    ):
        argv = ["draw", "find-two-color", "--positions", "3", "--colors", "4", "--pair", pair]
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert f"error: --pair: {fragment}" in err and err.count("\n") == 1


def test_cli_main_stays_the_function_after_another_lazy_name():
    """``from mastermind_q.cli import build_parser`` imported the submodule ``main``,
    which then shadowed the function ``cli.main`` (tests failed in some orders)."""
    import subprocess
    import sys

    code = (
        "from mastermind_q.cli import build_parser\n"
        "import mastermind_q.cli as cli\n"
        "assert callable(cli.main) and callable(build_parser), cli.main\n"
    )
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root, timeout=60)


# -- progress on a stream that is not a terminal ----------------------------------------------
def _stage_events():
    from mastermind_q.backends.options import ProgressEvent

    events = [ProgressEvent("transpile", done, 6, "") for done in range(1, 7)]
    events += [ProgressEvent("simulate", 0, 1, "aer, 6 circuits", None, 0.5 * t) for t in range(9)]
    return [*events, ProgressEvent("done", 1, 1, "")]


def test_stage_progress_on_a_log_is_one_line_per_stage(monkeypatch):
    from mastermind_q.cli.progress import Progress

    log = io.StringIO()
    monkeypatch.setattr("sys.stderr", log)
    progress = Progress(show=True)
    for event in _stage_events():
        progress(event)
    progress.close()
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and len(lines) == 2, lines
    assert lines == ["transpile (6 circuits)", "simulate: aer, 6 circuits"]  # as each begins

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    progress = Progress(show=True)
    for event in _stage_events():
        progress(event)
    assert "\r" in screen.getvalue()  # a terminal keeps the redrawn bar
    quiet = io.StringIO()
    monkeypatch.setattr("sys.stderr", quiet)
    progress = Progress(show=False)
    for event in _stage_events():
        progress(event)
    assert quiet.getvalue() == ""


def test_search_progress_on_a_log_is_one_line_per_search(monkeypatch):
    import argparse

    from mastermind_q.classical.progress import progress_callback
    from mastermind_q.cli.progress import search_progress

    log = io.StringIO()
    monkeypatch.setattr("sys.stderr", log)
    args = argparse.Namespace(method="optimal", quiet=False, json=False)
    with search_progress(args):
        report = progress_callback("optimal")  # what the search calls as guesses settle
        for _ in range(2):  # two passes (the search deepens): still one line
            for done in range(0, 41, 5):
                report(done, 40)
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and lines == [lines[0]]
    assert lines[0] == "optimal search (40 guesses)"


def test_compare_progress_on_a_log_is_one_line_per_row(capsys):
    argv = ["compare", "--positions", "4,5", "--colors", "5", *BOUNDS_ONLY]
    assert cli.main(argv) == 0
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert "\r" not in err and len(lines) == 8  # 2 cells x 4 rows
    assert lines[0].startswith("compare: row 1/8 n=4 k=5 adaptive-T [")


def test_a_secret_may_be_written_with_spaces_as_play_reads_a_guess(capsys):
    assert cli.main(["solve", "--method", "permutation", "--colors", "4", "--secret",
                     "2 0 3 1", "--json"]) == 0  # fmt: skip
    result = json.loads(capsys.readouterr().out)
    assert result["secret"] == [2, 0, 3, 1] and result["solved"]


@pytest.mark.parametrize("budget", ["1_0", "١٢٠", "nan", "inf"])
def test_row_budget_takes_ascii_decimals_only(capsys, budget):
    err = _one_error_line(capsys, "compare", "--positions", "3", "--colors", "3",
                          "--row-budget", budget)  # fmt: skip
    assert "--row-budget: must be a decimal number" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "--method", "nonadaptive", "--colors", "3", "--secret", "-1,0"],
         "secret[0] must be a colour in 0..2, was -1"),
        (["draw", "oracle", "--colors", "3", "--secret", "0,-2"],
         "secret[1] must be a colour in 0..2, was -2"),
        (["draw", "find-two-color", "--positions", "2", "--colors", "3", "--pair", "-1,0"],
         "--pair: c1 (the first colour) must be a colour in 0..2, was -1"),
    ],
)  # fmt: skip
def test_a_negative_colour_is_named_not_taken_for_an_option(capsys, argv, message):
    """``--secret -1,0``: argparse reads ``-1,0`` as an option ("expected one
    argument"); the command names the bad colour instead."""
    assert message in _one_error_line(capsys, *argv)
