"""What the docs show is what the program does: every ``mastermind-q`` command shown in
the README and the documentation pages (and the examples of each command's ``--help``,
which the command-line reference shows) runs here, and where a page shows its output,
the output is compared with what the command prints (``tests/doc_commands.py`` finds
them).

Only what truly varies is normalised before the comparison (:func:`normalise`: seconds
of wall-clock time). Each command runs in this process, in a temporary folder, as
``mastermind-q`` would (:func:`mastermind_q.cli.main`), with the example plugins
installed as the own-codebreaker guide installs them. Commands that reach outside this
machine (IBM Quantum, a Dask scheduler) are skipped; the long ones are marked ``slow``.

``python tests/doc_commands.py`` lists them; ``python -m pytest tests/test_doc_commands.py
-k listing -rP`` prints how many run and how many are compared.
"""

from __future__ import annotations

import difflib
import io
import re
import shutil
import sys
from pathlib import Path

import pytest
from doc_commands import ROOT, DocCommand, every_command

from mastermind_q.cli import main

SLOW = (
    "compare --positions 4,6,8 --colors 4,8",
    "--positions 4:16:2",
    "--colors 2:16:2",
    "--games black,black-white",
    "--positions 3-5",
    "--random 3 --backend fake:torino",
    "--positions 64,256",
    "--colors 16 --random 16",
    "--random 4 --feedback black-white",
    "--target fake:torino",
    "--workers 2",
    "compare --positions 4,6,8",
    "--positions 4:16:4",
    "--backend fake:torino --verify",
    "draw nonadaptive",
    "--csv rows.csv --plot rows.png",
    "resources path-pairs",
)
"""Pieces of the commands that take more than a second or two: ``slow``."""
EXPECTED_DRIFT: dict[tuple[str, str], str] = {}
"""(page, a piece of the command) -> why its shown output is known to differ today, for
pages being rewritten elsewhere; such a command still runs, its output is not compared.
Remove an entry once its page is brought up to date."""
PLUGIN = ROOT / "examples" / "plugin"
TIMINGS = re.compile(r"\b\d+(?:\.\d+)?(?= ?(?:s|ms|min)\b)")
"""Seconds, milliseconds or minutes of wall-clock time."""


def normalise(text: str) -> str:
    """What varies from run to run is replaced (timings), trailing blanks dropped."""
    lines = [TIMINGS.sub("<time>", line).rstrip() for line in text.strip("\n").splitlines()]
    return "\n".join(lines)


def differences(shown: str, printed: str) -> str:
    """A unified diff of the shown output and the printed one ("" when they agree)."""
    diff = difflib.unified_diff(
        normalise(shown).splitlines(),
        normalise(printed).splitlines(),
        "shown on the page",
        "printed by the command",
        lineterm="",
    )
    return "\n".join(diff)


def drifting(command: DocCommand) -> str | None:
    """Why the command's shown output is known to drift (:data:`EXPECTED_DRIFT`), or None."""
    for (page, piece), reason in EXPECTED_DRIFT.items():
        if page == command.page and piece in command.command:
            return reason
    return None


def slow(command: DocCommand) -> bool:
    return any(piece in f"{command.command} " for piece in SLOW)


COMMANDS = every_command()
RUNS: dict[tuple[tuple[str, ...], str | None], list[DocCommand]] = {}
"""The commands to run, each once: (arguments, input) -> every place it is shown."""
for _command in COMMANDS:
    RUNS.setdefault((_command.argv, _command.stdin), []).append(_command)


def _param(places: list[DocCommand]):
    first = places[0]
    marks = [pytest.mark.slow] if slow(first) else []
    if first.outside:
        marks.append(pytest.mark.skip(reason="reaches outside this machine"))
    return pytest.param(places, marks=marks, id=first.where)


@pytest.fixture
def plugin_installed(tmp_path_factory, monkeypatch):
    """The example plugins installed as pip installs the guide's ``pyproject.toml``: its
    modules and a ``*.dist-info`` naming its entry points, on ``sys.path`` for the test
    (no ``egg-info``, nothing left behind)."""
    tomllib = pytest.importorskip("tomllib")
    from mastermind_q.codebreaker import METHODS

    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))
    folder = tmp_path_factory.mktemp("site-packages")
    modules = project["tool"]["setuptools"]["py-modules"]
    for module in modules:
        shutil.copy(PLUGIN / f"{module}.py", folder / f"{module}.py")
    info = folder / "my_codebreakers-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: my-codebreakers\nVersion: 0.1.0\n", encoding="utf-8"
    )
    group = "mastermind_q.codebreakers"
    entries = project["project"]["entry-points"][group]
    lines = "".join(f"{name} = {value}\n" for name, value in entries.items())
    (info / "entry_points.txt").write_text(f"[{group}]\n{lines}", encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    METHODS.refresh()
    yield
    monkeypatch.undo()
    for module in modules:
        sys.modules.pop(module, None)
    METHODS.refresh()


JOB_ID = "JOB_ID"
"""The placeholder of ``jobs fetch JOB_ID``: the harness records a finished job by that
id (the non-adaptive codebreaker's answers for the secret ``0,3,1,2``) first."""


def _record_a_job(folder: Path) -> None:
    from helpers import answer_counts, job_record

    from mastermind_q.jobs import write_record
    from mastermind_q.quantum import nonadaptive_plan

    record = job_record(JOB_ID, n=4, k=4).finished_with(
        answer_counts((0, 3, 1, 2), nonadaptive_plan(4))
    )
    for jobs in (folder / "jobs-home", folder / "jobs"):  # the default folder, ./jobs
        write_record(record, jobs)


def run_documented(command: DocCommand, folder: Path, capsys, monkeypatch) -> tuple[int, str]:
    """``command`` run in ``folder`` as the console script runs it: (status, stdout).
    Job records go to ``folder`` (never the user's own), where ``jobs fetch JOB_ID``
    finds a recorded job."""
    monkeypatch.chdir(folder)
    monkeypatch.setenv("MASTERMIND_Q_JOBS_DIR", str(folder / "jobs-home"))
    if JOB_ID in command.argv:
        _record_a_job(folder)
    data = (command.stdin or "").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    capsys.readouterr()
    talk, saved = io.StringIO(), (sys.stdout, sys.stderr)
    if command.argv[0] == "play":  # a conversation: its errors on stderr are part of it
        sys.stdout = sys.stderr = talk
    try:
        status = main(list(command.argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    finally:
        sys.stdout, sys.stderr = saved
    out, err = capsys.readouterr()
    out += talk.getvalue()
    assert status == 0, f"{command.where}: {command.command} exited {status}:\n{err}"
    return status, out


@pytest.mark.parametrize("places", [_param(places) for places in RUNS.values()])
def test_a_documented_command_prints_what_its_pages_show(
    places, tmp_path, capsys, monkeypatch, request
):
    """One command, run once, against the output of every page that shows it."""
    if any(place.page == "docs/guide/own_codebreaker.md" for place in places):
        request.getfixturevalue("plugin_installed")
    _, out = run_documented(places[0], tmp_path, capsys, monkeypatch)
    drifted = []
    for place in places:
        if place.shown is None or drifting(place):
            continue
        diff = differences(place.shown, out)
        if diff:
            drifted.append(f"{place.where}: `{place.command}` drifted from its page:\n{diff}")
    assert not drifted, "\n".join(drifted)


def test_listing_the_documented_commands():
    """How many commands the pages show, run and compare (``-rP`` prints the listing)."""
    outside = [c for c in COMMANDS if c.outside]
    compared = [c for c in COMMANDS if c.shown is not None and not drifting(c)]
    drifts = [c for c in COMMANDS if c.shown is not None and drifting(c)]
    runs = [places[0] for places in RUNS.values() if not places[0].outside]
    print(
        f"{len(COMMANDS)} documented commands in {len({c.page for c in COMMANDS})} pages: "
        f"{len(runs)} distinct commands run ({sum(map(slow, runs))} of them slow), "
        f"{len(compared)} shown outputs compared, {len(drifts)} known to drift "
        f"({', '.join(c.where for c in drifts) or 'none'}), {len(outside)} skipped "
        f"(they reach outside: {', '.join(c.where for c in outside) or 'none'})"
    )
    for command in COMMANDS:
        mark = "compared" if command.shown is not None and not drifting(command) else "run"
        mark = "outside" if command.outside else ("drifts" if drifting(command) else mark)
        print(f"  {command.where:40} {mark:8} {command.command}")
    assert len(runs) >= 60 and len(compared) >= 12
    for piece in ("solve", "draw", "resources", "compare", "play"):
        assert any(c.argv[0] == piece for c in runs), piece


def test_an_altered_shown_output_fails(tmp_path, capsys, monkeypatch):
    """The harness can fail: the README's main job with one shown line changed."""
    readme = next(c for c in COMMANDS if c.page == "README.md" and c.shown)
    _, out = run_documented(readme, tmp_path, capsys, monkeypatch)
    assert not differences(readme.shown, out)
    altered = readme.shown.replace("queries  3", "queries  4")
    assert altered != readme.shown
    diff = differences(altered, out)
    assert "-queries  4" in diff and "+queries  3" in diff


def test_the_harness_reads_both_shapes_of_a_shown_command(tmp_path, monkeypatch):
    import doc_commands

    page = tmp_path / "page.md"
    page.write_text(
        "Run:\n\n```bash\nmastermind-q solve --colors 2 --secret 1,0  # a comment\n```\n\n"
        "```\nmethod   x\n```\n\nThen:\n\n```\n$ mastermind-q compare --positions 3 \\\n"
        "      --colors 3\nrow 1\nrow 2\n$ mastermind-q draw oracle\n```\n\n"
        "```bash\nprintf '0,1\\n' | mastermind-q play --seed 1\npython -m pip install x\n```\n"
        "  ```bash\n  mastermind-q --version\n  ```\n\nprose\n\n```\nnot its output\n```\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(doc_commands, "ROOT", tmp_path)
    found = doc_commands.commands(page)
    assert [(c.line, c.argv[0], c.shown) for c in found] == [
        (4, "solve", "method   x"),
        (14, "compare", "row 1\nrow 2"),
        (18, "draw", None),
        (22, "play", None),
        (26, "--version", None),  # prose between: the next block is not its output
    ]
    assert found[0].argv == ("solve", "--colors", "2", "--secret", "1,0")
    assert found[1].argv == ("compare", "--positions", "3", "--colors", "3")
    assert found[3].stdin == "0,1\n"
