"""A codebreaker written in one file outside the package joins every surface.

The two examples of the plugin guide (``examples/plugin/``: the classical
``position-sweep`` and the quantum ``path-pairs``) are installed the way pip installs
them: a ``*.dist-info`` folder with their ``entry_points.txt`` in the group
``mastermind_q.codebreakers``, on ``sys.path``. Then ``solve`` (Python and the command
line, text and ``--json``), ``solve --help``, ``compare``, ``draw`` and ``resources``
play them like the built-ins, refereed by the same codemaker; a plugin that clashes with
a built-in, fails to import or returns a wrong code leaves the built-ins working.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path
from typing import ClassVar

import pytest
from helpers import ROOT

import mastermind_q
from mastermind_q import Codebreaker, register_codebreaker, solve
from mastermind_q.cli import main
from mastermind_q.codebreaker import METHODS, CodebreakerPluginWarning

PLUGIN = ROOT / "examples" / "plugin"
ENTRIES = {
    "position-sweep": "position_sweep:PositionSweep",
    "path-pairs": "path_pairs:PathPairs",
}
"""The entry points of ``examples/plugin/pyproject.toml``."""
MODULES = ("position_sweep", "path_pairs")


def _entry_points_of_pyproject() -> dict[str, str]:
    """The entry points the guide's ``pyproject.toml`` names (its one table of them)."""
    text = (PLUGIN / "pyproject.toml").read_text(encoding="utf-8")
    table = text.split('[project.entry-points."mastermind_q.codebreakers"]', 1)[1]
    entries = {}
    for line in table.strip().splitlines():
        if line.startswith("["):
            break
        name, _, value = line.partition("=")
        entries[name.strip()] = value.strip().strip('"')
    return entries


def install(folder: Path, entries: dict[str, str]) -> Path:
    """The plugin files and a dist-info naming ``entries`` in ``folder`` (as pip would)."""
    for module in MODULES:
        shutil.copy(PLUGIN / f"{module}.py", folder / f"{module}.py")
    dist = folder / "my_codebreakers-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: my-codebreakers\nVersion: 0.1.0\n", encoding="utf-8"
    )
    lines = "".join(f"{name} = {value}\n" for name, value in entries.items())
    (dist / "entry_points.txt").write_text(
        f"[mastermind_q.codebreakers]\n{lines}", encoding="utf-8"
    )
    return folder


@pytest.fixture
def installed(tmp_path):
    """``installed(entries)``: the plugin installed with these entry points (default: the
    guide's), read afresh by :data:`METHODS`; removed again after the test."""
    folders: list[str] = []

    def put(entries: dict[str, str] | None = None) -> Path:
        folder = install(tmp_path, ENTRIES if entries is None else entries)
        sys.path.insert(0, str(folder))
        folders.append(str(folder))
        METHODS.refresh()
        return folder

    yield put
    for folder in folders:
        sys.path.remove(folder)
    for module in MODULES:
        sys.modules.pop(module, None)
    METHODS.refresh()


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    """``mastermind-q ARGV`` in this process: (status, stdout, stderr)."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # --help
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


SECRET = (2, 0, 1, 1, 3)


def test_the_guide_names_these_entry_points():
    assert _entry_points_of_pyproject() == ENTRIES


def test_python_solve_plays_both_and_counts_what_the_codemaker_counted(installed):
    installed()
    assert METHODS["position-sweep"].kind == "classical"
    assert METHODS["path-pairs"].kind == "quantum"
    for secret in [(0, 0, 0), SECRET, (3, 2, 1, 0, 3, 2)]:
        classical = solve(secret, colors=4, method="position-sweep", seed=1)
        assert classical.solved and classical.found == secret
        assert classical.queries == len(classical.transcript)  # every guess was answered
        assert classical.queries <= METHODS["position-sweep"].queries(len(secret), 4)
        quantum = solve(secret, colors=4, method="path-pairs", backend="aer-statevector")
        assert quantum.solved and quantum.found == secret
        assert quantum.queries == METHODS["path-pairs"].queries(len(secret), 4) == 3
        assert quantum.method == "path-pairs" and quantum.backend == "aer-statevector"
    sampled = solve(SECRET, colors=4, method="path-pairs", seed=3)  # aer, 1024 shots
    assert sampled.solved and sampled.queries == 3 and len(sampled.circuits) == 3


def test_cli_solve_text_json_and_help_list_them(installed, capsys):
    installed()
    status, out, err = cli(
        capsys, "solve", "--method", "position-sweep", "--colors", "4", "--secret", "2,0,1,1,3"
    )
    assert status == 0 and err == ""
    assert "method   position-sweep" in out and "solved   yes" in out
    status, out, err = cli(
        capsys,
        "solve",
        "--method",
        "path-pairs",
        "--colors",
        "4",
        "--secret",
        "2,0,1,1,3",
        "--json",
    )
    payload = json.loads(out)
    assert status == 0 and payload["solved"] and payload["queries"] == 3
    assert payload["method"] == "path-pairs" and payload["found"] == list(SECRET)
    status, out, _ = cli(capsys, "solve", "--help")
    assert status == 0
    text = " ".join(out.split())
    assert "path-pairs" in text.split("classical:")[0]  # listed with the quantum methods
    assert "position-sweep" in text.split("classical:")[1]


def test_cli_compare_rows_draw_and_resources(installed, capsys):
    installed()
    status, out, err = cli(
        capsys,
        "compare",
        "--positions",
        "3",
        "--colors",
        "4",
        "--methods",
        "position-sweep,path-pairs,nonadaptive",
        "--samples",
        "3",
        "--no-bounds",
        "--json",
    )
    assert status == 0, err
    rows = {row["method"]: row for row in json.loads(out)["rows"]}
    assert rows["path-pairs"]["kind"] == "quantum" and rows["path-pairs"]["queries"] == 3
    assert rows["path-pairs"]["queries"] == rows["nonadaptive"]["queries"]
    assert rows["position-sweep"]["kind"] == "classical"
    assert rows["position-sweep"]["setting"] == "adaptive"
    assert 4 <= rows["position-sweep"]["queries"] <= 4 + 3 * 3
    status, out, err = cli(capsys, "draw", "path-pairs", "--positions", "3", "--colors", "4")
    assert status == 0, err
    assert out.count("B_s") >= 3  # each of the three circuits holds the codemaker's box
    status, out, err = cli(
        capsys, "resources", "path-pairs", "--positions", "3", "--colors", "4", "--json"
    )
    report = json.loads(out)
    assert status == 0 and report["circuits"] == 3 and report["logical"]["oracle_calls"] == 3
    status, out, err = cli(capsys, "draw", "position-sweep", "--positions", "3", "--colors", "4")
    assert status == 2 and len(err.strip().splitlines()) == 1 and "position-sweep" in err


def test_a_counted_row_of_a_plugin_is_its_circuits_counted(installed):
    from mastermind_q.compare import compare

    installed()
    result = compare(
        [5], [6], methods=["path-pairs"], bounds=False, formulas=False, simulate_up_to=1
    )
    (row,) = result.rows
    assert row.executed is False and row.queries == 5


def test_the_console_script_reads_the_entry_points(tmp_path):
    folder = install(tmp_path, ENTRIES)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)])}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mastermind_q",
            "solve",
            "--method",
            "path-pairs",
            "--colors",
            "3",
            "--secret",
            "2,0,1",
            "--json",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["solved"] is True


def test_a_clash_and_an_import_failure_are_one_line_each(installed, capsys):
    installed(
        {"nonadaptive": "position_sweep:PositionSweep", "broken": "no_such_module:Thing", **ENTRIES}
    )
    # a built-in's solve reads no plugin: nothing said
    status, out, err = cli(
        capsys, "solve", "--method", "nonadaptive", "--colors", "4", "--secret", "2,0,1,1,3"
    )
    assert status == 0 and "solved   yes" in out and "mastermind-q:" not in err
    # an installed codebreaker's solve reads them: one line for each one skipped
    status, out, err = cli(
        capsys, "solve", "--method", "position-sweep", "--colors", "4", "--secret", "2,0,1,1,3"
    )
    lines = [line for line in err.splitlines() if line.startswith("mastermind-q:")]
    assert status == 0 and "solved   yes" in out
    assert len(lines) == 2, err
    assert "'nonadaptive'" in lines[0] and "built-in" in lines[0] and "kept" in lines[0]
    assert "'broken'" in lines[1] and "no_such_module" in lines[1]
    assert METHODS["nonadaptive"] is mastermind_q.quantum.nonadaptive.NONADAPTIVE
    assert "broken" not in METHODS and "position-sweep" in METHODS  # the rest works
    METHODS.refresh()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert "path-pairs" in list(METHODS)
    assert [w.category for w in caught] == [CodebreakerPluginWarning] * 2


class WrongCode(Codebreaker):
    """Asks one guess, then claims a code that is not the secret."""

    name = "wrong-code"
    kind = "classical"
    summary = "claims a wrong code (a test)"

    def solve(self, codemaker, *, execution=None, seed=None):
        n = codemaker.num_positions
        codemaker.black([0] * n)
        return tuple(1 - (c % 2) for c in range(n))  # not (0, 1, 0, ...)


def test_a_wrong_code_is_reported_unsolved(monkeypatch, capsys):
    monkeypatch.setitem(METHODS, "wrong-code", WrongCode())
    result = solve((0, 1, 0), colors=2, method="wrong-code")
    assert result.found == (1, 0, 1) and not result.solved and result.queries == 1
    status, out, _ = cli(
        capsys, "solve", "--method", "wrong-code", "--colors", "2", "--secret", "0,1,0"
    )
    assert status == 0 and "solved   NO" in out


def test_register_refuses_a_clash_naming_both(monkeypatch):
    class Clash(WrongCode):
        name = "triples"

    with pytest.raises(ValueError, match=r"built-in codebreaker 'triples'.*|'triples'.*built-in"):
        register_codebreaker(Clash)
    assert METHODS["triples"].summary.startswith("pair queries")
    with pytest.raises(ValueError, match="Codebreaker"):
        register_codebreaker(object())
    with pytest.raises(ValueError, match="name"):
        register_codebreaker(type("NoName", (WrongCode,), {"name": "No Name"}))


def test_a_codebreaker_that_returns_no_code_is_one_line(monkeypatch):
    class Nothing(WrongCode):
        name = "nothing"

        def solve(self, codemaker, *, execution=None, seed=None):
            return None

    monkeypatch.setitem(METHODS, "nothing", Nothing())
    with pytest.raises(ValueError, match="'nothing' must return the code it found"):
        solve((0, 1), colors=2, method="nothing")


class NoCircuits(Codebreaker):
    """A quantum codebreaker that builds its circuits inside solve only."""

    name = "no-circuits"
    kind = "quantum"
    colors = (3, None)
    summary = "FindTwoColorPosition pairs, circuits built in solve only (a test)"

    def solve(self, codemaker, *, execution=None, seed=None):
        from mastermind_q.circuits import find_two_color_circuit
        from mastermind_q.quantum import decode_pair_answers, nonadaptive_plan

        n, k = codemaker.num_positions, codemaker.num_colors
        plan = nonadaptive_plan(k)
        oracle = codemaker.oracle()
        circuits = [
            find_two_color_circuit(oracle, *pair, num_positions=n, colors=k) for pair in plan
        ]
        outcomes = codemaker.run(circuits, execution=execution)
        answers = [[int(b) for b in reversed(max(o, key=o.get))] for o in outcomes]
        return decode_pair_answers(plan, answers, colors=k)


def test_a_quantum_codebreaker_without_circuits(monkeypatch, capsys):
    from mastermind_q.compare import compare

    monkeypatch.setitem(METHODS, "no-circuits", NoCircuits())
    assert solve((2, 1, 0), colors=3, method="no-circuits").solved
    status, out, err = cli(capsys, "draw", "no-circuits", "--positions", "3", "--colors", "3")
    assert status == 0 and out.count("B_s") >= 2, err  # the circuits its solve ran
    result = compare(
        [3], [3], methods=["no-circuits"], bounds=False, formulas=False, simulate_up_to=1
    )
    assert result.rows == []
    ((task, reason),) = result.skipped
    assert task.method == "no-circuits" and "no circuit shape" in reason


class Peeking(WrongCode):
    """A cheat: it keeps the secret of any oracle its circuits are built around."""

    name = "peeking"
    kind = "quantum"
    colors = (3, None)
    seen: ClassVar[list] = []

    def circuits(self, oracle, num_positions, num_colors):
        self.seen.append(getattr(oracle, "secret", None))
        from mastermind_q.circuits import find_two_color_circuit

        return [find_two_color_circuit(oracle, 0, 1, num_positions=num_positions, colors=3)]

    def solve(self, codemaker, *, execution=None, seed=None):
        n = codemaker.num_positions
        circuits = self.circuits(codemaker.oracle(), n, codemaker.num_colors)
        codemaker.run(circuits, execution=execution)
        return next((s for s in self.seen if s is not None), (0,) * n)


def test_a_drawing_check_shows_a_codebreaker_no_secret(monkeypatch, capsys, tmp_path):
    monkeypatch.setitem(METHODS, "peeking", Peeking())
    monkeypatch.chdir(tmp_path)
    status, out, _ = cli(
        capsys,
        "solve",
        "--method",
        "peeking",
        "--colors",
        "3",
        "--secret",
        "2,1,2",
        "--draw",
        "p.txt",
    )
    assert status == 0 and "solved   NO" in out
    assert all(seen is None or tuple(seen) != (2, 1, 2) for seen in Peeking.seen)
