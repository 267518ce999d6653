"""The documentation site's sources keep up with the package (the build itself runs in CI).

``python -m sphinx -W -b html docs docs/_build/html`` builds the site (about a minute,
the notebooks included), so the default run checks only what can go stale silently:
every notebook is a tutorial page, and every ``solve`` method has its algorithm page.
"""

from __future__ import annotations

import re
from pathlib import Path

from mastermind_q import METHODS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BASELINES = ("knuth", "blackpeg", "random-consistent")
"""Methods that share the page ``algorithms/baselines.md``."""


def test_every_notebook_is_a_tutorial():
    notebooks = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
    tutorials = sorted(path.name for path in (DOCS / "tutorials").glob("*.ipynb"))
    assert tutorials == notebooks
    for name in tutorials:  # links, so the site shows the committed notebooks
        assert (DOCS / "tutorials" / name).resolve() == (ROOT / "notebooks" / name).resolve()
    index = (DOCS / "tutorials" / "index.md").read_text(encoding="utf-8")
    assert all(Path(name).stem in index for name in notebooks)


def test_every_method_has_an_algorithm_page():
    index = (DOCS / "algorithms" / "index.md").read_text(encoding="utf-8")
    for method in METHODS:
        page = "baselines" if method in BASELINES else method
        assert (DOCS / "algorithms" / f"{page}.md").is_file(), method
        assert re.search(rf"^{re.escape(page)}$", index, re.M), f"{page} not in the toctree"
        assert f"`{method}`" in index, f"{method} not in the algorithms table"


def test_the_cli_reference_uses_the_real_parser():
    text = (DOCS / "cli.rst").read_text(encoding="utf-8")
    assert ":module: mastermind_q.cli" in text and ":func: build_parser" in text
    from mastermind_q.cli import build_parser

    assert build_parser().prog == "mastermind-q"


def test_the_readme_keeps_the_markers_the_pages_include_by():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in ("getting_started.md", "errata.md"):
        start, end = (f"<!-- docs/{page} {where} here -->" for where in ("starts", "ends"))
        assert readme.count(start) == readme.count(end) == 1, page
        assert readme.index(start) < readme.index(end), page
        assert start in (DOCS / page).read_text(encoding="utf-8"), page
