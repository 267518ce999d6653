"""What ``solve`` prints: the README's main job as shown, every line defined in the guide.

The solving guide's table ("Reading the output") names every line ``solve`` can print;
these tests print the noiseless, exact, sampled, noisy, verified, classical and
adversary forms and check that each line starts with a label the table defines, and
that a noisy run says how its answer was reached.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from helpers import run_cli

from mastermind_q.cli.solve import _human_solve

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "guide" / "solving.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _guide_labels() -> list[str]:
    """The first column of the guide's "Reading the output" table, longest first."""
    section = GUIDE.split("## Reading the output", 1)[1].split("\n## ", 1)[0]
    labels = re.findall(r"^\| `([^`]+)` \|", section, re.M)
    assert len(labels) >= 14, labels
    return sorted(labels, key=len, reverse=True)


def _plain_blocks(text: str) -> list[str]:
    """The contents of the code blocks fenced by a bare ```` ``` ```` (no language)."""
    blocks, current, language = [], None, None
    for line in text.splitlines():
        if line.startswith("```"):
            if current is None:
                current, language = [], line[3:].strip()
            else:
                if not language:
                    blocks.append("\n".join(current).strip())
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def _undefined(output: str) -> list[str]:
    labels = _guide_labels()
    return [line for line in output.splitlines() if not line.startswith(tuple(labels))]


def _noisy_payload(*, certified: bool | None, repaired: list[int]) -> dict:
    payload = {
        "method": "nonadaptive",
        "n": 3,
        "k": 4,
        "secret": [2, 0, 3],
        "found": [2, 0, 3],
        "solved": True,
        "queries": 4,
        "backend": "fake:torino",
        "shots": 1024,
        "oracle_executions": 3072,
        "success_probability": 0.0668,
        "circuit_success_probabilities": [0.41, 0.40, 0.41],
        "position_confidence": [0.97, 0.62, 0.99],
    }
    if certified is not None:
        payload.update(
            certified=certified,
            quantum_queries=3,
            classical_queries=1 + len(repaired),
            repaired_positions=repaired,
        )
    return payload


def test_the_readme_main_job_prints_what_the_readme_shows(capsys):
    section = README.split("\n## The main job\n", 1)[1].split("\n## ", 1)[0]
    command = section.split("```bash\n", 1)[1].split("```", 1)[0].strip()
    blocks = _plain_blocks(section)
    assert blocks, "the main job shows its output in a plain code block"
    shown = blocks[0].strip()
    argv = shlex.split(command)
    assert argv[0] == "mastermind-q"
    status, out, _ = run_cli(capsys, *argv[1:])
    assert status == 0
    assert out.strip() == shown, "README's main-job output differs from what solve prints"
    assert not _undefined(out)


def test_the_guide_shows_the_main_job_output_too(capsys):
    readme = _plain_blocks(README.split("\n## The main job\n", 1)[1])[0]
    assert readme in _plain_blocks(GUIDE)


@pytest.mark.parametrize(
    "argv",
    [
        [
            "--method",
            "adaptive",
            "--colors",
            "4",
            "--secret",
            "2,0,3",
            "--backend",
            "aer-statevector",
        ],
        ["--method", "two-color", "--colors", "2", "--secret", "1,0,1", "--shots", "64"],
        ["--method", "static", "--colors", "3", "--random", "4", "--seed", "1"],
        ["--method", "permutation", "--colors", "5", "--adversary", "--positions", "5"],
    ],
    ids=["exact-grover", "sampled-one-circuit", "static-scheme", "adversary"],
)
def test_every_line_solve_prints_is_defined_in_the_solving_guide(capsys, argv):
    status, out, _ = run_cli(capsys, "solve", *argv)
    assert status == 0
    assert not _undefined(out), f"lines the solving guide does not define: {_undefined(out)}"


@pytest.mark.parametrize(
    ("certified", "repaired"), [(None, []), (True, []), (True, [1]), (False, [])]
)
def test_a_noisy_run_says_how_its_answer_was_reached(certified, repaired):
    out = _human_solve(_noisy_payload(certified=certified, repaired=repaired))
    assert not _undefined(out), _undefined(out)
    lines = {line.split("  ", 1)[0].split(" ", 1)[0]: line for line in out.splitlines()}
    assert "noise model" in lines["backend"]
    assert "most frequent outcome (of 1024 shots)" in lines["answer"]
    assert "observed" in lines["success"] and "multiplied" in lines["success"]
    if certified is None:
        assert "verified" not in out
    else:
        assert lines["answer"].endswith("then verified")
        assert lines["verified"].startswith(
            "verified certified (the last guess scored 3 black pegs)"
            if certified
            else "verified NOT certified"
        )
        assert ("repaired positions [1]" in out) == bool(repaired)


def test_an_exact_run_says_it_ran_once_and_its_probability_is_exact(capsys):
    argv = ["solve", "--method", "nonadaptive", "--colors", "3", "--secret", "2,0,1"]
    status, out, _ = run_cli(capsys, *argv, "--backend", "aer-statevector")
    assert status == 0
    assert "executed 2 oracle applications (one exact simulation)" in out
    assert "success probability 1 (exact: one run gives this answer)" in out
    assert "answer   each circuit's most likely outcome (exact), decoded" in out
