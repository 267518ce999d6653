"""``mastermind-q play`` as a player meets it: a real pseudo-terminal (pexpect), and pipes.

Every game here is the real program (``python -m mastermind_q play``) in a
subprocess; the pseudo-terminal tests type into it as a person would.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mastermind_q import black, black_white

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[1]


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["MPLBACKEND"] = "Agg"
    env.setdefault("MASTERMIND_Q_CACHE_DIR", str(ROOT / ".pytest_cache" / "strategies"))
    return env


def _spawn(*argv):
    child = pexpect.spawn(
        sys.executable,
        ["-m", "mastermind_q", "play", *argv],
        env=_env(),
        encoding="utf-8",
        timeout=90,
        dimensions=(60, 200),
    )
    return child


def _finish(child):
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in (child.before or "")
    return child.exitstatus


@pytest.mark.slow
def test_pty_break_the_code_with_a_wrong_entry_and_a_hint():
    """Seed 1 at n = 2, k = 3 (black-white) holds the secret 0,2."""
    child = _spawn("--positions", "2", "--colors", "3", "--feedback", "black-white", "--seed", "1")
    child.expect("9 codes are possible")
    child.expect("guess 1: ")
    child.sendline("0,0")
    child.expect(r"1 black, 0 white  \(4 codes fit\)")
    child.expect("guess 2: ")
    child.sendline("0,1,2")  # a wrong entry: three colours
    child.expect("a guess has 2 colours, this one has 3")
    child.expect("guess 2: ")
    child.sendline("0,3")  # a colour out of range
    child.expect(r"colour 3 \(position 1\) is not in 0..2")
    child.sendline("hint")
    child.expect(r"hint \(consistent codebreaker\): (\d),(\d)")
    hint = (int(child.match.group(1)), int(child.match.group(2)))
    assert black_white((0, 2), hint)[0] >= 0
    child.expect("guess 2: ")
    child.sendline("0,2")
    child.expect("that is the secret")
    child.expect("Solved in 2 guesses")
    child.expect(r"you\s+2 guesses")
    child.expect(r"consistent\s+\d+ guesses")
    child.expect(r"adaptive\s+2 oracle queries \+ 1 final guess = 3")
    assert _finish(child) == 0


@pytest.mark.slow
def test_pty_permutation_game_refuses_a_repeated_colour_then_quit():
    child = _spawn("--positions", "3", "--colors", "4", "--distinct", "--seed", "2")
    child.expect("no colour repeats")
    child.expect("guess 1: ")
    child.sendline("1,1,0")
    child.expect(r"colour 1 is used twice \(positions 0 and 1\)")
    child.expect("guess 1: ")
    child.sendline("quit")
    child.expect(r"stopped; the secret was \d,\d,\d")
    assert _finish(child) == 0


@pytest.mark.slow
def test_pty_ctrl_d_and_ctrl_c_leave_cleanly():
    child = _spawn("--positions", "2", "--colors", "3", "--seed", "1")
    child.expect("guess 1: ")
    child.sendeof()
    child.expect("stopped; the secret was 0,2")
    assert _finish(child) == 0
    child = _spawn("--positions", "2", "--colors", "3", "--seed", "1")
    child.expect("guess 1: ")
    time.sleep(0.5)  # a person does not press Ctrl-C within microseconds of the prompt
    child.sendintr()
    child.expect(r"game stopped \(Ctrl-C\); the secret was 0,2")
    assert _finish(child) == 130


def _consistent(history, feedback, n=2, k=3):
    answer = black if feedback == "black" else black_white
    return [
        code
        for code in itertools.product(range(k), repeat=n)
        if all(answer(code, guess) == given for guess, given in history)
    ]


@pytest.mark.slow
def test_pty_make_the_code_with_a_wrong_entry_and_a_lie():
    """You hold 1,0; one answer is a typo, one a lie the codemaker must catch."""
    secret = (1, 0)
    child = _spawn("--mode", "make", "--positions", "2", "--colors", "3", "--seed", "0")
    child.expect("The consistent codebreaker guesses")
    history = []
    lied = typo = False
    while True:
        index = child.expect([r"guess (\d+): (\d),(\d)  your answer: ", r"consistent found"])
        if index == 1:
            break
        guess = (int(child.match.group(2)), int(child.match.group(3)))
        if not typo:
            typo = True
            child.sendline("x")
            child.expect("'x' is not a number")
            child.expect(r"your answer: ")
        truth = black(secret, guess)
        lies = [
            a for a in range(3) if a != truth and not _consistent([*history, (guess, a)], "black")
        ]
        if history and lies and not lied:
            lied = True
            child.sendline(str(lies[0]))
            child.expect(r"no code fits answers? [\d, and]+: check your answers")
            child.expect(r"your answer: ")
        child.sendline(str(truth))
        history.append((guess, truth))
    assert typo and lied
    child.expect(r"1,0 in (\d+) guesses")
    assert int(child.match.group(1)) == len(history)
    assert _finish(child) == 0


@pytest.mark.slow
def test_pty_watch_a_quantum_codebreaker_with_a_hidden_secret():
    child = _spawn("--mode", "watch", "--positions", "3", "--colors", "3", "--seed", "0")
    child.expect("secret: ")
    child.sendline("1,2")  # wrong length
    child.expect("a secret has 3 colours, this one has 2")
    child.expect("secret: ")
    child.sendline("1,2,0")
    child.expect(r"running 2 circuits on aer")
    # Circuit by circuit: the drawing, then its histogram and reading.
    child.expect(r"circuit 1: find_two_color_0_1")
    child.expect("pos0_0")
    child.expect(r"circuit 1 \(find_two_color_0_1\) measured:")
    child.expect(r"reads: colour 0 or 1 at positions: 0, 2")
    child.expect(r"circuit 2: find_two_color_0_2")
    child.expect("pos0_0")
    child.expect(r"circuit 2 \(find_two_color_0_2\) measured:")
    child.expect(r"reads: colour 0 or 2 at positions: 1, 2")
    child.expect(r"nonadaptive decoded 1,2,0 \(right\) with 2 oracle queries")
    output = child.before
    assert _finish(child) == 0
    assert "1,2,0" not in output.split("secret: ")[-1].split("circuit 1")[0]  # not echoed


@pytest.mark.slow
def test_watch_draws_each_circuit_before_its_own_histogram():
    done = _play("0,1,2\n", "--mode", "watch", "--positions", "3", "--colors", "3", "--seed", "0")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    marks = [
        "running 2 circuits on aer",
        "circuit 1: find_two_color_0_1",
        "circuit 1 (find_two_color_0_1) measured:",
        "circuit 2: find_two_color_0_2",
        "circuit 2 (find_two_color_0_2) measured:",
        "nonadaptive decoded 0,1,2 (right)",
    ]
    places = [out.index(mark) for mark in marks]
    assert places == sorted(places), out


def _play(stdin, *argv):
    return subprocess.run(
        [sys.executable, "-m", "mastermind_q", "play", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env=_env(),
        timeout=120,
        check=False,
    )


@pytest.mark.slow
def test_must_show_scripted_black_white_game_reports_each_answer():
    lines = "0,0\n0,1\n0,9\n1,2\n0,2\n"
    done = _play(
        lines,
        "--positions",
        "2",
        "--colors",
        "3",
        "--feedback",
        "black-white",
        "--seed",
        "1",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["secret"] == [0, 2] and payload["solved"] and payload["queries"] == 4
    assert [g["guess"] for g in payload["guesses"]] == [[0, 0], [0, 1], [1, 2], [0, 2]]
    for entry in payload["guesses"]:
        assert (entry["black"], entry["white"]) == black_white((0, 2), tuple(entry["guess"]))
    assert "colour 9 (position 1) is not in 0..2" in done.stderr  # and the game went on
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_scripted_black_peg_game_has_null_whites_and_stops_at_end_of_input():
    done = _play("0,0\n", "--positions", "2", "--colors", "3", "--seed", "1", "--json")
    assert done.returncode == 0
    payload = json.loads(done.stdout)
    assert payload["guesses"] == [{"guess": [0, 0], "black": 1, "white": None}]
    assert payload["solved"] is False and payload["queries"] == 1
    assert re.search(r"stopped; the secret was 0,2", done.stderr)


@pytest.mark.slow
def test_scripted_make_mode_json():
    """The codebreaker is seeded: its guesses, answered truthfully, are known in advance."""
    from mastermind_q.playing import HumanCodemaker
    from mastermind_q.solving import play

    secret = (2, 2, 1)
    expected = play(
        HumanCodemaker(3, 3, lambda guess, number: black(secret, guess)),
        method="consistent",
        seed=3,
    )
    answers = [str(answer) for _, answer in expected.transcript]
    stdin = "\n".join(["x", *answers]) + "\n"
    argv = ("--mode", "make", "--positions", "3", "--colors", "3", "--seed", "3", "--json")
    done = _play(stdin, *argv)
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["secret"] == list(secret) and payload["solved"]
    assert payload["queries"] == expected.queries == len(payload["guesses"])
    assert "'x' is not a number" in done.stderr


def test_play_refuses_bad_options_in_one_line():
    done = _play("", "--positions", "4", "--colors", "3", "--distinct")
    assert done.returncode == 2
    assert done.stderr.strip().endswith("with --distinct, was 3")
    assert len(done.stderr.strip().splitlines()) == 1
