"""A quantum plugin that draws nothing, or hands back what is not a circuit: ``draw``
and ``resources`` say so in one line (status 2), never with a traceback."""

from __future__ import annotations

import pytest
from helpers import run_cli

from mastermind_q import Codebreaker
from mastermind_q.codebreaker import METHODS


class _Silent(Codebreaker):
    """A quantum codebreaker that runs no circuit (it answers a fixed code)."""

    name = "silent"
    kind = "quantum"
    setting = "non-adaptive"
    colors = (2, None)
    summary = "runs nothing"

    def solve(self, codemaker, *, execution=None, seed=None):
        return (0,) * codemaker.num_positions


class _NotCircuits(_Silent):
    """Its ``circuits`` hands back strings."""

    name = "not-circuits"

    def circuits(self, oracle, num_positions, num_colors):
        return ["not a circuit"]


class _NoCircuitsAtAll(_Silent):
    """Its ``circuits`` hands back an empty list."""

    name = "empty-circuits"

    def circuits(self, oracle, num_positions, num_colors):
        return []


@pytest.fixture
def plugins(monkeypatch):
    for kind in (_Silent, _NotCircuits, _NoCircuitsAtAll):
        monkeypatch.setitem(METHODS, kind.name, kind())


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["draw", "silent"], "codebreaker 'silent' ran no circuits"),
        (["draw", "silent", "--output", "x.png"], "codebreaker 'silent' ran no circuits"),
        (["draw", "not-circuits"], "codebreaker 'not-circuits' circuits() must return"),
        (["draw", "not-circuits", "--output", "x.png"], "'not-circuits' circuits() must"),
        (["resources", "not-circuits"], "codebreaker 'not-circuits' circuits() must return"),
        (["resources", "empty-circuits"], "codebreaker 'empty-circuits' circuits() returned no"),
    ],
)
def test_a_plugin_without_circuits_is_one_line(
    capsys, tmp_path, monkeypatch, plugins, argv, message
):
    monkeypatch.chdir(tmp_path)
    status, out, err = run_cli(capsys, *argv, "--positions", "2", "--colors", "3")
    assert status == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], err
    assert "Traceback" not in err and list(tmp_path.iterdir()) == []
