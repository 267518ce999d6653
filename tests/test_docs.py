"""The documentation site's sources and the README keep up with the package and CI.

``python -m sphinx -W -b html docs docs/_build/html`` builds the site (minutes, the
notebooks included) and ``tests/test_site.py`` opens it in a browser (``docs`` marker),
so the default run checks only what can go stale silently: every notebook is a tutorial
page, every ``solve`` method has its algorithm page, the user guide has its pages, the
README stays a short front door whose commands are the ones CI runs, and no public page
speaks of issue numbers.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from mastermind_q import METHODS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BASELINES = ("knuth", "blackpeg", "random-consistent")
"""Methods that share the page ``algorithms/baselines.md``."""
GUIDE = (
    "solving",
    "drawing",
    "comparing",
    "own_codebreaker",
    "playing",
    "backends",
    "limits",
    "results",
    "errata",
)
"""The user guide: one page per task."""
README_MAX_LINES = 200
DEV_LOG = re.compile(
    r"\bissues? #?\d+|\bbefore\s*/\s*now\b|\(was [^)]*\)|\bdesign card\b|\bengineers?\b"
    r"|\bshared [\w-]+ machine\b",
    re.IGNORECASE,
)
"""What public text does not say: issue numbers, "before / now" comparisons, the
project's internal papers ("the design card") and who was using the machine."""


def _toctree_lists(index: str, page: str) -> bool:
    """``page`` is an entry of a toctree in ``index`` (by name: the build adds the
    folder's other pages after them, ``docs/conf.py``, so this checks the order)."""
    return bool(re.search(rf"^{re.escape(page)}$", index, re.M))


def _commands(readme: str, heading: str) -> list[str]:
    """The command lines of the first ``bash`` block under ``## heading``."""
    section = readme.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```bash\n", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.splitlines() if line.strip()]


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
        assert f"`{method}`" in index, f"{method} not in the algorithms table"


def test_the_cli_reference_uses_the_real_parser():
    text = (DOCS / "cli.rst").read_text(encoding="utf-8")
    assert ":module: mastermind_q.cli" in text and ":func: build_parser" in text
    from mastermind_q.cli import build_parser

    assert build_parser().prog == "mastermind-q"


def test_the_readme_keeps_the_markers_getting_started_includes_by():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start, end = (f"<!-- getting started: {where} here -->" for where in ("from", "to"))
    assert readme.count(start) == readme.count(end) == 1
    assert readme.index(start) < readme.index(end)
    page = (DOCS / "getting_started.md").read_text(encoding="utf-8")
    assert start in page and end in page


def test_the_user_guide_has_a_page_per_task():
    index = (DOCS / "guide" / "index.md").read_text(encoding="utf-8")
    for page in GUIDE:
        assert (DOCS / "guide" / f"{page}.md").is_file(), page
        assert _toctree_lists(index, page), page
    site = (DOCS / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^guide/index$", site, re.M)


def test_the_readme_is_a_short_front_door():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MAX_LINES
    for heading in ("Install", "The main job", "Tests", "Quickstart in Python", "Documentation"):
        assert f"\n## {heading}\n" in readme, heading
    for target in re.findall(r"\]\(([^)#]+)\)", readme):  # every local link and image
        if "://" not in target:
            assert (ROOT / target).exists(), target


def test_ci_installs_and_tests_as_the_readme_says():
    """``.ci/run`` runs the README's install and test commands, word for word."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = [
        shlex.split(line, comments=True) for line in (ROOT / ".ci" / "run").read_text().splitlines()
    ]
    for heading in ("Install", "Tests"):
        commands = _commands(readme, heading)
        assert len(commands) == 1, (heading, commands)
        assert shlex.split(commands[0]) in ci, f"{heading}: {commands[0]!r} is not run by .ci/run"


def _public_texts() -> list[Path]:
    pages = [ROOT / "README.md", *DOCS.glob("*.md"), *DOCS.glob("*.rst")]
    for folder in ("guide", "algorithms", "tutorials"):
        pages += (DOCS / folder).glob("*.md")
    return pages


def test_public_pages_speak_of_the_toolkit_not_of_its_history():
    found = []
    for page in _public_texts():
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            found += [
                f"{page.relative_to(ROOT)}:{number}: {m.group()}" for m in DEV_LOG.finditer(line)
            ]
    assert not found, found


def test_the_dev_log_pattern_catches_what_it_should():
    for text in (
        "(issue 11, part 4)",
        "Issue 16: guess",
        "before / now",
        "8 s (was 66-370 s)",
        "The design card names `circuits/`",
        "while other engineers loaded it",
        "on the shared 2-core machine",
    ):
        assert DEV_LOG.search(text), text
    for text in ("the issue is", "before any work", "was '3'", "it was right"):
        assert not DEV_LOG.search(text), text


def test_the_quickstart_prints_what_its_comments_say(capsys, tmp_path, monkeypatch):
    """The README's Quickstart runs (up to the sweep, minutes on a loaded machine) and
    each ``print(...)  # VALUE`` prints VALUE: its counts are seeded, the same every run."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Quickstart in Python\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    lines = block.splitlines()
    quick = lines[: next(i for i, line in enumerate(lines) if line.startswith("table = "))]
    expected = [
        line.split("  # ", 1)[1] for line in quick if line.startswith("print(") and "  # " in line
    ]
    assert len(expected) == 2
    monkeypatch.chdir(tmp_path)
    for _ in range(2):  # twice: the same counts each run
        exec(compile("\n".join(quick), "README.md", "exec"), {})
        printed = capsys.readouterr().out.splitlines()
        assert len(printed) == len(expected)
        for out, comment in zip(printed, expected):
            assert comment == out or comment.startswith((f"{out}:", f"{out} ")), (out, comment)


def test_the_sample_counts_agree_across_help_readme_and_benchmark():
    """``compare --samples``'s default, the README's "over N seeded secrets" and the
    benchmark that measured the README's tables name one number."""
    from mastermind_q.cli.main import build_parser
    from mastermind_q.compare import DEFAULT_SAMPLES

    parser = build_parser()
    compare = next(
        action.choices["compare"]
        for action in parser._actions
        if isinstance(action, __import__("argparse")._SubParsersAction)
    )
    (samples,) = [a for a in compare._actions if "--samples" in a.option_strings]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (said,) = set(re.findall(r"over (\d+) seeded secrets", readme.replace("\n", " ")))
    script = (ROOT / "benchmarks" / "compare_scale.py").read_text(encoding="utf-8")
    (measured,) = re.findall(r'"--samples", type=int, default=(\d+)', script)
    assert int(said) == int(measured) == DEFAULT_SAMPLES
    numbers = {int(number) for number in re.findall(r"\d+", samples.help)}
    assert numbers == {DEFAULT_SAMPLES}, samples.help  # the README's count, no other


def test_the_cli_reference_opens_with_the_commands():
    """File safety is the limits page's; the CLI reference starts with the commands."""
    text = (DOCS / "cli.rst").read_text(encoding="utf-8")
    before = text[: text.index(".. argparse::")]
    assert not re.search(r"^-{3,}$", before, re.M), "a section comes before the commands"
    limits = (DOCS / "guide" / "limits.md").read_text(encoding="utf-8")
    for detail in ("FIFO", "0600", "2^63", "symbolic link"):
        assert detail not in text, detail
        assert detail in limits, detail
    assert ":doc:`guide/limits`" in text[text.index(".. argparse::") :]


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    following = re.search(r"^#{1,3} ", text[start + len(heading) :], re.M)
    return text[start : start + len(heading) + following.start()] if following else text[start:]


def test_the_solving_guide_says_what_the_count_guarantees_in_maths():
    text = (DOCS / "guide" / "solving.md").read_text(encoding="utf-8")
    honest = _section(text, "### How the count is kept honest")
    assert "$$" in honest and r"\sum" in honest, "the count as a formula"
    assert "{py:mod}`mastermind_q.counting`" in honest, "a link to the reference"
    for internal in ("PowerModifier", "`bool`", "int subclass", "deep copy"):
        assert internal not in honest, internal
    # formulas are maths, not code: no `e^{...}` or `B_s^(...)` in backticks anywhere
    spans = re.findall(r"(?<!`)`([^`\n]+)`(?!`)", text)
    assert not [span for span in spans if "^{" in span], [span for span in spans if "^{" in span]
