"""The committed figures (``docs/figures/``) show what today's code draws.

Each PNG carries a fingerprint of what was drawn (``docs/figures/make_figures.py`` says
how); these tests recompute it from today's code and compare. The comparison figures
need a sweep of about a minute: their check is ``slow``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from mastermind_q.drawing import build_circuit, drawing_fingerprint, write_drawing
from mastermind_q.files import DataFileError, read_fingerprint

ROOT = Path(__file__).resolve().parents[1]


def _load_make_figures():
    path = ROOT / "docs" / "figures" / "make_figures.py"
    spec = importlib.util.spec_from_file_location("make_figures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_figures", module)
    spec.loader.exec_module(module)
    return module


make = _load_make_figures()


def test_every_committed_figure_has_a_recipe_and_carries_a_fingerprint():
    committed = {path.name for path in make.FOLDER.glob("*.png")}
    assert committed == set(make.FIGURES)
    for name in committed:
        assert read_fingerprint(make.FOLDER / name) is not None, name
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/figures/find_two_color.png)" in readme


def test_the_readme_figure_is_what_draw_draws():
    assert make.stale(["find_two_color.png"]) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", [name for name, r in make.FIGURES.items() if r.slow])
def test_the_comparison_figures_plot_what_compare_measures(name):
    assert make.stale([name]) == []


def test_a_stale_figure_is_named_with_the_command_that_redraws_it(tmp_path, monkeypatch):
    circuit = build_circuit("oracle", num_positions=1, colors=2)
    write_drawing(circuit, tmp_path / "find_two_color.png", title="another circuit")
    monkeypatch.setattr(make, "FOLDER", tmp_path)
    [problem] = make.stale(["find_two_color.png"])
    assert problem == (
        "docs/figures/find_two_color.png was drawn by older code: redraw it with "
        "python docs/figures/make_figures.py find_two_color.png"
    )


def test_the_fingerprint_follows_the_drawing_not_the_pixels(tmp_path):
    circuit = build_circuit("find-two-color", num_positions=2, colors=3)
    same = build_circuit("find-two-color", num_positions=2, colors=3)
    assert drawing_fingerprint(circuit, title="t") == drawing_fingerprint(same, title="t")
    assert drawing_fingerprint(circuit, title="t") != drawing_fingerprint(circuit, title="u")
    other = build_circuit("find-two-color", num_positions=2, colors=3, pair=(0, 2))
    assert drawing_fingerprint(other, title="t") != drawing_fingerprint(circuit, title="t")
    png = write_drawing(circuit, tmp_path / "c.png", title="t")
    assert read_fingerprint(png) == drawing_fingerprint(circuit, title="t")
    svg = write_drawing(circuit, tmp_path / "c.txt", title="t")
    with pytest.raises(DataFileError, match="not a PNG file"):
        read_fingerprint(svg)


def test_a_comparison_png_carries_the_fingerprint_of_its_rows(tmp_path):
    from mastermind_q.compare import CompareRow, plot_comparison, plot_fingerprint

    rows = [CompareRow(n, 8, "adaptive", "quantum", 4, seconds=0.1 * n) for n in (4, 8)]
    path = tmp_path / "plot.png"
    plot_comparison(rows, path, setting="adaptive")
    options = make._defaults({"setting": "adaptive"})
    assert read_fingerprint(path) == plot_fingerprint(rows, **options)
    slower = [CompareRow(n, 8, "adaptive", "quantum", 4, seconds=9.0) for n in (4, 8)]
    assert plot_fingerprint(slower, **options) == plot_fingerprint(rows, **options)
    more = [CompareRow(n, 8, "adaptive", "quantum", 5) for n in (4, 8)]
    assert plot_fingerprint(more, **options) != plot_fingerprint(rows, **options)
