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


def _project() -> dict:
    tomllib = pytest.importorskip("tomllib")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_classifiers_say_what_an_index_expects():
    project = _project()["project"]
    classifiers = project["classifiers"]
    assert sum(c.startswith("Development Status :: ") for c in classifiers) == 1
    # the licence is the SPDX expression (PEP 639), which replaces the licence classifier
    assert project["license"] == "Apache-2.0" and project["license-files"] == ["LICENSE"]
    assert not any(c.startswith("License :: ") for c in classifiers)
    assert "Typing :: Typed" in classifiers
    assert any(c.startswith("Topic :: Scientific/Engineering") for c in classifiers)
    lowest = re.fullmatch(r">=3\.(\d+)", project["requires-python"])
    assert lowest, project["requires-python"]
    versions = sorted(
        int(c.rsplit(".", 1)[1])
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert versions[0] == int(lowest.group(1)), versions
    assert versions == list(range(versions[0], versions[-1] + 1)), versions


def test_security_and_contributing_pages():
    security = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    assert "## Reporting a vulnerability" in security
    for guarded in ("**Counting.**", "**Files.**", "**Limits.**"):
        assert guarded in security
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for heading in ("Set up", "Run the suites", "Build the documentation", "Run the benchmarks"):
        assert f"## {heading}" in contributing
    assert "## House style" in contributing
    assert 'pip install -e ".[dev]"' in contributing


def test_ci_runs_lint_types_the_lowest_versions_and_the_built_wheel():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for step in (
        "ruff check .",
        "ruff format --check .",
        "python -m mypy",
        "bash .ci/lowest",
        "bash .ci/wheel",
    ):
        assert step in run, step
    assert "--resolution lowest-direct" in (ROOT / ".ci" / "lowest").read_text(encoding="utf-8")
    wheel = (ROOT / ".ci" / "wheel").read_text(encoding="utf-8")
    assert "python -m build" in wheel and "twine check" in wheel
    project = _project()
    assert project["tool"]["mypy"]["files"] == ["mastermind_q"]
    dev = " ".join(project["project"]["optional-dependencies"]["dev"])
    for tool in ("mypy", "build", "twine", "ruff"):
        assert re.search(rf"\b{tool}>=", dev), tool


def test_every_dependency_has_a_lower_bound():
    from packaging.requirements import Requirement

    project = _project()["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    for text in requirements:
        requirement = Requirement(text)
        if requirement.name == project["name"]:
            continue
        assert any(s.operator == ">=" for s in requirement.specifier), text


def test_drawing_needs_no_extra():
    """``draw`` and ``solve --draw`` use Qiskit's MatplotlibDrawer, which needs pylatexenc:
    a runtime dependency with a lower bound (``.ci/lowest`` installs exactly it), and the
    built wheel draws every image format with no extra installed (``.ci/wheel``)."""
    from packaging.requirements import Requirement

    project = _project()["project"]
    runtime = {Requirement(text).name: Requirement(text) for text in project["dependencies"]}
    assert "pylatexenc" in runtime and "matplotlib" in runtime
    assert any(s.operator == ">=" for s in runtime["pylatexenc"].specifier)
    wheel = (ROOT / ".ci" / "wheel").read_text(encoding="utf-8")
    install = next(line for line in wheel.splitlines() if "dist/*.whl" in line)
    assert "[" not in install.split("dist/*.whl", 1)[1].split()[0], install  # no extras
    for suffix in (".png", ".svg", ".pdf"):
        assert re.search(rf"^mastermind-q draw .*--output \S+{re.escape(suffix)}$", wheel, re.M)
    assert re.search(r"^mastermind-q solve .*--draw \S+\.png", wheel, re.M)


PYTEST_ALONE = [sys.executable, "-m", "pytest", "-p", "no:xdist", "-q", "-p", "no:cacheprovider"]


def test_one_test_file_runs_without_xdist():
    """``--dist loadgroup`` is added only where ``-n`` is given (``tests/conftest.py``), so
    a file runs alone where pytest-xdist is missing or disabled."""
    addopts = _project()["tool"]["pytest"]["ini_options"]["addopts"]
    assert "--dist" not in addopts
    run = subprocess.run(
        [*PYTEST_ALONE, "tests/test_packaging.py::test_license_is_the_full_apache_2_text"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout
