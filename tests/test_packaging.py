"""The packaging files: LICENSE, CITATION.cff, CHANGELOG.md and the ``py.typed`` marker."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import mastermind_q

ROOT = Path(__file__).resolve().parents[1]


def test_license_is_the_full_apache_2_text():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" in text
    assert "END OF TERMS AND CONDITIONS" in text
    assert len(text.splitlines()) > 190


def test_citation_names_the_software_and_both_papers():
    yaml = pytest.importorskip("yaml")
    data = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert data["cff-version"] == "1.2.0" and data["type"] == "software"
    assert data["version"] == mastermind_q.__version__
    assert data["license"] == "Apache-2.0"
    titles = [reference["title"] for reference in data["references"]]
    assert titles == [
        "Winning Mastermind Overwhelmingly on Quantum Computers",
        "On the Query Complexity of Black-Peg AB-Mastermind",
    ]
    games = data["references"][1]
    assert (games["journal"], games["volume"], games["issue"], games["start"]) == ("Games", 9, 1, 2)


def test_changelog_keeps_a_changelog():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in text
    assert re.search(
        rf"^## \[{re.escape(mastermind_q.__version__)}\] - \d{{4}}-\d\d-\d\d$", text, re.M
    )


def test_py_typed_is_shipped():
    tomllib = pytest.importorskip("tomllib")
    assert (ROOT / "mastermind_q" / "py.typed").is_file()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["mastermind_q"]


def test_python_m_mastermind_q_is_the_console_script():
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    run = subprocess.run(
        [sys.executable, "-m", "mastermind_q", "--version"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["mastermind-q", mastermind_q.__version__]
