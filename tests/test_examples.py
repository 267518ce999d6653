"""The scripts in ``examples/`` run as a user runs them, and do what they say.

Each script runs once in its own process (``python examples/NAME.py FOLDER``, two at a
time), from a temporary folder that also receives its output files, with warnings as
errors; the repository root goes first on ``PYTHONPATH`` so this checkout's package is
imported. The processes are forked from one interpreter that has imported the package
(``helpers.run_pythons``), so each pays for its script's work, not for importing Qiskit.
The scripts in :data:`SLOW_SCRIPTS` run in the slow suite.
"""

from __future__ import annotations

import csv
import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from helpers import ROOT, run_pythons

EXAMPLES = ROOT / "examples"
SCRIPTS = (
    "solve_and_draw.py",
    "compare_and_plot.py",
    "fake_device_verify.py",
    "oracle_gate_readout.py",
)
PRELOAD = ("mastermind_q", "mastermind_q.compare", "mastermind_q.drawing", "qiskit_aer")
"""What the scripts import (Qiskit with them)."""


# One xdist worker runs this module, so its fixture runs the scripts once, not on both.
pytestmark = pytest.mark.xdist_group("examples")


SLOW_SCRIPTS = frozenset({"compare_and_plot.py"})
"""Scripts run in the slow suite only (a sweep of 90 games and a figure)."""


def _selected(request) -> list[str]:
    """The scripts this session's tests read (the slow ones only with ``-m slow``): a
    ``test_example_runs_cleanly`` case names its script, ``test_NAME`` reads ``NAME.py``."""
    names = {
        item.callspec.params["name"]
        if hasattr(item, "callspec")
        else item.name.removeprefix("test_") + ".py"
        for item in request.session.items
        if item.module is request.module
    }
    return [name for name in SCRIPTS if name in names]


@pytest.fixture(scope="module")
def runs(request, tmp_path_factory):
    """Script name -> (its result: status, stdout, stderr; its output folder)."""
    base = tmp_path_factory.mktemp("examples")
    folders = {name: base / Path(name).stem for name in _selected(request)}
    for folder in folders.values():
        folder.mkdir()
    env = {**os.environ, "MPLBACKEND": "Agg", "PYTHONWARNINGS": "error"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    results = run_pythons(
        {name: [str(EXAMPLES / name), str(folder / "out")] for name, folder in folders.items()},
        env=env,
        cwd=folders,
        preload=PRELOAD,
        warm=("transpiler", "matplotlib"),
    )
    return {
        name: (SimpleNamespace(**results[name]), folder / "out") for name, folder in folders.items()
    }


def test_every_example_is_tested():
    assert sorted(path.name for path in EXAMPLES.glob("*.py")) == sorted(SCRIPTS)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.slow) if name in SLOW_SCRIPTS else name
        for name in SCRIPTS
    ],
)
def test_example_runs_cleanly(runs, name):
    process, _ = runs[name]
    assert process.status == 0, process.stderr
    assert process.stderr == "", process.stderr


def test_solve_and_draw(runs):
    process, out = runs["solve_and_draw.py"]
    assert "found (2, 0, 3, 1) (solved: True) with 3 queries" in process.stdout
    assert (out / "find_two_color_0_1.png").read_bytes().startswith(b"\x89PNG")
    for number, color in enumerate((1, 2, 3), start=1):  # the pairs (0, c) of Algorithm 1
        text = (out / f"find_two_color_0_{color}.txt").read_text(encoding="utf-8")
        assert text.startswith(f"find_two_color_0_{color}: query {number} of 3, n = 4, k = 4")
        assert "B_s" in text


@pytest.mark.slow
def test_compare_and_plot(runs):
    process, out = runs["compare_and_plot.py"]
    assert "best-classical" in process.stdout and "nonadaptive" in process.stdout
    assert (out / "comparison.png").read_bytes().startswith(b"\x89PNG")
    with open(out / "comparison.csv", encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    quantum = [row for row in rows if row["kind"] == "quantum"]
    theory = {"nonadaptive": {4: "3", 8: "7"}, "triples": {4: "2", 8: "5"}}
    theory["adaptive"] = {4: "2", 8: "4"}
    assert len(quantum) == 3 * 2 * 3  # three n, two k, three quantum methods
    for row in quantum:
        assert row["queries"] == theory[row["method"]][int(row["k"])], row
    assert {row["method"] for row in rows} >= {"permutation", "blackpeg", "best-classical"}


def test_fake_device_verify(runs):
    process, _ = runs["fake_device_verify.py"]
    lines = process.stdout.splitlines()
    assert lines[0] == "found (1, 0, 1), solved True, certified True"
    match = re.fullmatch(r"(\d+) queries: (\d+) quantum \+ (\d+) classical", lines[1])
    assert match, lines[1]
    total, quantum, classical = map(int, match.groups())
    assert quantum == 1 and classical >= 1 and total == quantum + classical
    assert lines[2].startswith("per-position confidence from the shots: ")


def test_oracle_gate_readout(runs):
    """The known secret's oracle gate in a user's own circuit, read back from the counts."""
    process, _ = runs["oracle_gate_readout.py"]
    lines = process.stdout.splitlines()
    assert lines[0] == "guess (2, 1, 3, 3): measured score 2, black() says 2"
    assert lines[1] == "Algorithm 4 read (2, 0, 3, 1) in 100% of the shots (secret (2, 0, 3, 1))"
