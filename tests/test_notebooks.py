"""The notebooks: committed without outputs (fast check), and they run (``notebook`` marker).

Run them with ``python -m pytest -m notebook`` (CI does, see ``.ci/run``). Each notebook
executes top to bottom in a fresh ``python3`` kernel with the working directory set to
``notebooks/``, ``MPLBACKEND=Agg`` and this checkout first on ``PYTHONPATH``.
"""

from __future__ import annotations

import json
import os
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


@pytest.mark.parametrize("name", EXPECTED)
def test_notebook_is_committed_without_outputs(name):
    """Outputs are stripped in git: no outputs, no execution counts, valid nbformat 4."""
    notebook = json.loads((NOTEBOOK_DIR / name).read_text(encoding="utf-8"))
    assert notebook["nbformat"] == 4
    code_cells = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert code_cells, f"{name} has no code cells"
    dirty = [
        index
        for index, cell in enumerate(notebook["cells"])
        if cell["cell_type"] == "code" and (cell.get("outputs") or cell.get("execution_count"))
    ]
    assert not dirty, f"{name}: cells {dirty} hold outputs; strip them before committing"
    assert notebook["cells"][0]["cell_type"] == "markdown", f"{name} should open with a title"


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
