"""The notebooks: committed without outputs (fast check), and they run (``notebook`` marker).

The output check reads each notebook as git holds it for the next commit (the index),
not the file in the working tree: a notebook a user executed and saved keeps its
outputs on disk and does not fail their test run. ``nbstripout --install`` (the
``notebook`` extra) makes git strip the outputs when such a notebook is committed;
a commit that holds outputs anyway fails here, in CI.

Run them with ``python -m pytest -m notebook`` (CI does, see ``.ci/run``). Each notebook
executes top to bottom in a fresh ``python3`` kernel with the working directory set to
``notebooks/``, ``MPLBACKEND=Agg`` and this checkout first on ``PYTHONPATH``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = REPO_ROOT / "notebooks"
EXPECTED = (
    "01_quickstart.ipynb",
    "02_quantum_algorithms.ipynb",
    "03_classical_vs_quantum.ipynb",
    "04_hardware.ipynb",
)
NOTEBOOK_TIMEOUT_S = 600
"""Per-cell timeout; each notebook as a whole runs in well under a few minutes."""


def test_the_four_notebooks_exist():
    present = sorted(path.name for path in NOTEBOOK_DIR.glob("*.ipynb"))
    assert set(EXPECTED) <= set(present), present


def committed_notebook(name: str, root: Path = REPO_ROOT) -> dict:
    """Notebook ``name`` as git's index holds it: what the next commit stores.

    Skips the test outside a git checkout (an unpacked release has no index).
    """
    git = shutil.which("git")
    if git is None or not (root / ".git").exists():
        pytest.skip("not a git checkout: the committed notebooks are checked in CI")
    shown = subprocess.run(
        [git, "-C", str(root), "show", f":notebooks/{name}"],
        capture_output=True,
        check=True,
    )
    return json.loads(shown.stdout.decode("utf-8"))


def code_cells_with_outputs(notebook: dict) -> list[int]:
    """Indices of the code cells that hold outputs or an execution count."""
    return [
        index
        for index, cell in enumerate(notebook["cells"])
        if cell["cell_type"] == "code" and (cell.get("outputs") or cell.get("execution_count"))
    ]


@pytest.mark.parametrize("name", EXPECTED)
def test_notebook_is_committed_without_outputs(name):
    """Outputs are stripped in git: no outputs, no execution counts, valid nbformat 4."""
    notebook = committed_notebook(name)
    assert notebook["nbformat"] == 4
    code_cells = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert code_cells, f"{name} has no code cells"
    dirty = code_cells_with_outputs(notebook)
    assert not dirty, (
        f"{name}: the committed cells {dirty} hold outputs; strip them "
        "(nbstripout notebooks/*.ipynb, or nbstripout --install once to strip on commit)"
    )
    assert notebook["cells"][0]["cell_type"] == "markdown", f"{name} should open with a title"


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


@pytest.fixture
def repository(tmp_path):
    """A git repository holding notebook 01, committed clean; the working copy then
    executed and saved (outputs written into it, as Jupyter does)."""
    if shutil.which("git") is None:
        pytest.skip("no git")
    (tmp_path / "notebooks").mkdir()
    clean = json.loads((NOTEBOOK_DIR / EXPECTED[0]).read_text(encoding="utf-8"))
    for cell in clean["cells"]:  # the copy on disk may itself have been executed
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    path = tmp_path / "notebooks" / EXPECTED[0]
    path.write_text(json.dumps(clean), encoding="utf-8")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "clean")
    executed = json.loads(json.dumps(clean))
    for count, cell in enumerate(c for c in executed["cells"] if c["cell_type"] == "code"):
        cell["execution_count"] = count + 1
        cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["out\n"]}]
    path.write_text(json.dumps(executed), encoding="utf-8")
    return tmp_path


def test_a_notebook_executed_and_saved_does_not_fail_the_check(repository):
    assert code_cells_with_outputs(
        json.loads((repository / "notebooks" / EXPECTED[0]).read_text(encoding="utf-8"))
    )
    assert not code_cells_with_outputs(committed_notebook(EXPECTED[0], repository))


def test_a_notebook_staged_with_outputs_is_caught(repository):
    _git(repository, "add", ".")
    assert code_cells_with_outputs(committed_notebook(EXPECTED[0], repository))


def test_the_nbstripout_filter_strips_outputs_when_staged(repository):
    pytest.importorskip("nbstripout")
    (repository / ".gitattributes").write_text(
        (REPO_ROOT / ".gitattributes").read_text(encoding="utf-8"), encoding="utf-8"
    )
    subprocess.run([sys.executable, "-m", "nbstripout", "--install"], cwd=repository, check=True)
    _git(repository, "add", ".")
    assert not code_cells_with_outputs(committed_notebook(EXPECTED[0], repository))
    saved = json.loads((repository / "notebooks" / EXPECTED[0]).read_text(encoding="utf-8"))
    assert code_cells_with_outputs(saved), "the saved file keeps its outputs"


@pytest.mark.parametrize("name", EXPECTED)
def test_notebook_plots_are_labelled_and_drawings_captioned(name):
    """Each hand-made plot sets axis labels and a title; circuits are drawn captioned."""
    notebook = json.loads((NOTEBOOK_DIR / name).read_text(encoding="utf-8"))
    for index, cell in enumerate(notebook["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] != "code":
            continue
        if ".subplots(" in source:
            for call in ("set_xlabel(", "set_ylabel(", "set_title("):
                assert call in source, f"{name} cell {index}: a plot without {call[:-1]}"
        assert '.draw("mpl"' not in source, (
            f"{name} cell {index}: draw circuits with mastermind_q.drawing.draw_figure "
            "and a caption"
        )


@pytest.mark.notebook
@pytest.mark.parametrize("name", EXPECTED)
def test_notebook_runs(name, monkeypatch):
    """Execute the notebook top to bottom; any cell error fails the test."""
    nbclient = pytest.importorskip("nbclient")
    nbformat = pytest.importorskip("nbformat")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    # the kernel imports this checkout's mastermind_q even where it is not installed
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(REPO_ROOT), path])))
    notebook = nbformat.read(NOTEBOOK_DIR / name, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=NOTEBOOK_TIMEOUT_S,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK_DIR)}},
    )
    client.execute()
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors
