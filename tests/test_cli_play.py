"""``mastermind-q play`` as a player meets it: a real pseudo-terminal (pexpect), and pipes.

Every game here is the real program (``python -m mastermind_q play``) in a
subprocess; the pseudo-terminal tests type into it as a person would.
"""

from __future__ import annotations

import io
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
    child = _spawn(
        "--mode", "make", "--positions", "2", "--colors", "3", "--seed", "0", "--feedback", "black"
    )
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
    # each legend explains the boxes of the drawing above it, and only those
    for drawing, legend in re.findall(r"\n(.*?)\nboxes: ([^\n]*)", out, re.S):
        labels = [entry.split(": ")[0] for entry in legend.split("; ")]
        assert labels == ["prep |−⟩", "E(0,1)", "B_s", "E(0,1)†"] or "E(0,2)" in labels, legend
        assert all(label in drawing for label in labels), (labels, drawing)


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
    done = _play(
        "0,0\n", "--positions", "2", "--colors", "3", "--seed", "1", "--json", "--feedback", "black"
    )
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
    argv += ("--feedback", "black")
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


# -- in-process: the command line's refusals, input and endings -----------------------------------
class _Stdin:
    """A piped stdin (not a terminal) of ``data`` bytes; ``then`` runs once they are read."""

    def __init__(self, data, then=None):
        self.buffer = _Lines(data, then)

    def isatty(self):
        return False


class _Lines(io.BytesIO):
    def __init__(self, data, then):
        super().__init__(data)
        self.then = then

    def readline(self, size=-1):
        line = super().readline(size)
        if not line and self.then is not None:
            then, self.then = self.then, None
            then()
        return line

    @property
    def read(self):
        return self.tell()


def _main(monkeypatch, capsys, data, *argv, then=None):
    from mastermind_q import cli

    stdin = _Stdin(data, then)
    monkeypatch.setattr(sys, "stdin", stdin)
    status = cli.main(["play", *argv])
    out, err = capsys.readouterr()
    return status, out, err, stdin.buffer.read


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--positions", "1000000000", "--colors", "3"], "positions 1000000000 for play, more"),
        (["--positions", "1", "--colors", "200000"], "colors 200000 for play, more than"),
        (["--mode", "make", "--positions", "1", "--colors", "200000"], "colors 200000 for"),
        (["--mode", "make", "--positions", "20", "--colors", "3"], "3^20 = 3486784401"),
        (["--seed", "-1"], "--seed must be an integer in 0..2^63-1, was -1"),
        (["--seed", str(2**63)], f"--seed must be an integer in 0..2^63-1, was {2**63}"),
        (["--mode", "make", "--seed", "-1"], "--seed must be"),
        (
            ["--mode", "make", "--codebreaker", "knuth", "--feedback", "black"],
            "--codebreaker knuth plays --feedback black-white only",
        ),
        (
            ["--mode", "make", "--codebreaker", "permutation", "--feedback", "black-white"],
            "--codebreaker permutation plays --feedback black only",
        ),
        # watch mode: everything is checked before the hidden secret is typed
        (["--mode", "watch", "--seed", "-3"], "--seed must be an integer"),
        (["--mode", "watch", "--backend", "bogus"], "--backend must be one of"),
        (["--mode", "watch", "--backend", "ibm:x"], "watch mode runs on a simulator"),
        (["--mode", "watch", "--distinct", "--positions", "3"], "repetition only, was --distinct"),
        (["--mode", "watch", "--method", "two-color"], "--method two-color needs --colors 2"),
        (["--mode", "watch", "--method", "hunziker-meyer", "--colors", "4"], "needs colors > 4"),
    ],
)
def test_refusals_are_one_line_before_any_entry_is_read(monkeypatch, capsys, argv, message):
    status, out, err, read = _main(monkeypatch, capsys, b"0,1,2,3\n0,1,2,3\n", *argv)
    assert status == 2 and out == "" and read == 0
    assert err.count("\n") == 1 and err.startswith("mastermind-q play: error: ")
    assert message in err
    assert "--method" not in err or "--codebreaker" not in " ".join(argv)


def test_no_options_is_the_board_game(monkeypatch, capsys):
    status, out, _, _ = _main(monkeypatch, capsys, b"0,0,1,1\nquit\n")
    assert status == 0
    assert "4 positions, colours 0..5 (black and white pegs). 1296 codes are possible" in out
    assert re.search(r"guess 1: 0,0,1,1\n  \d black, \d white", out)


def test_a_million_codes_start_at_once(monkeypatch, capsys):
    import tracemalloc

    started = time.monotonic()
    tracemalloc.start()
    argv = ("--positions", "2", "--colors", "1000", "--seed", "1")
    status, out, _, _ = _main(monkeypatch, capsys, b"3,9\nquit\n", *argv)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert status == 0 and "1000000 codes are possible" in out
    assert peak < 200 * 2**20 and time.monotonic() - started < 20


def test_bytes_that_are_not_utf8_get_an_error_and_the_game_goes_on(monkeypatch, capsys):
    data = b"\xff\xfe0,0\n0,0,\xc3\n0,0,0,0\nquit\n"
    status, out, err, _ = _main(monkeypatch, capsys, data, "--seed", "1")
    assert status == 0 and err.count("not UTF-8 text") == 2
    assert "guess 1: 0,0,0,0\n  1 black, 0 white" in out
    assert "Traceback" not in err


def test_a_long_wrong_line_is_not_echoed_whole(monkeypatch, capsys):
    status, out, err, _ = _main(monkeypatch, capsys, b"0," * 500_000 + b"\nquit\n", "--seed", "1")
    assert status == 0 and len(out) + len(err) < 2000
    assert "1000000 characters" in err


def test_a_line_over_a_mebibyte_is_skipped_and_the_game_goes_on(monkeypatch, capsys):
    data = b"0," * 1_500_000 + b"\n0,0,0,0\nquit\n"
    status, out, err, _ = _main(monkeypatch, capsys, data, "--seed", "1")
    assert status == 0 and len(out) + len(err) < 2000
    assert "that line is longer than 1048576 bytes; type it again" in err
    assert "guess 1: 0,0,0,0\n  1 black, 0 white" in out


def test_control_characters_are_not_echoed_raw(monkeypatch, capsys):
    data = b"0,1\x1b[2J,2,3\n\x1b]0;title\x07\n\x9b31m\nquit\n"
    status, out, err, _ = _main(monkeypatch, capsys, data, "--seed", "1")
    assert status == 0
    for raw in ("\x1b", "\x07", "\x9b"):
        assert raw not in out + err
    assert "\\x1b[2J" in out and "\\x07" in out


@pytest.mark.parametrize("stream", ["stdin", "stdout"])
def test_a_closed_stream_is_one_line(monkeypatch, capsys, stream):
    from mastermind_q import cli

    monkeypatch.setattr(sys, stream, None)
    status = cli.main(["play"])
    _, err = capsys.readouterr()
    word = "input" if stream == "stdin" else "output"
    assert status == 2 and err == f"mastermind-q play: error: standard {word} is closed; " + (
        "play needs it for the entries\n" if stream == "stdin" else "play needs it for the game\n"
    )


def _fake_comparison(monkeypatch, rows=None, *, slow=(), broken=()):
    """The comparison in this process: ``slow`` methods report 99 s, ``broken`` raise."""
    import mastermind_q.backends.worker as worker
    from mastermind_q.backends import ProgressEvent

    def run_simulation(function, *args, options, label, announce=True, on_message=None):
        if label in slow:
            options.report(ProgressEvent("simulate", 0, 1, label, seconds=99.0))
        if label in broken:
            raise RuntimeError("the solver broke")
        if rows is not None and label in rows:
            return rows[label]
        return function(*args, notify=None)

    monkeypatch.setattr(worker, "run_simulation", run_simulation)


def _row(method, kind, queries):
    extra = 1 if kind == "quantum" else 0
    note = None
    return {
        "method": method,
        "kind": kind,
        "queries": queries,
        "to_win": queries + extra,
        "solved": True,
        "note": note,
    }


@pytest.mark.parametrize("as_json", [False, True])
def test_a_won_game_keeps_its_result_when_codebreakers_fail_or_time_out(
    monkeypatch, capsys, as_json
):
    _fake_comparison(
        monkeypatch,
        {"triples": _row("triples", "quantum", 1)},
        slow=("consistent",),
        broken=("adaptive",),
    )
    argv = ["--positions", "2", "--colors", "3", "--seed", "1", *(["--json"] if as_json else [])]
    status, out, err, _ = _main(monkeypatch, capsys, b"0,2\n", *argv)
    assert status == 0
    talk = err if as_json else out
    assert "Solved in 1 guess." in talk
    assert re.search(r"you\s+1 guess\n", talk)
    assert re.search(r"optimal\s+2 guesses\n", talk)
    assert re.search(r"consistent\s+not finished within 30 s \(stopped\)\n", talk)
    assert re.search(r"adaptive\s+failed: the solver broke\n", talk)
    assert re.search(r"triples\s+1 oracle query \+ 1 final guess = 2\n", talk)
    if as_json:
        payload = json.loads(out)
        assert payload["solved"] and payload["queries"] == 1 and payload["secret"] == [0, 2]
        notes = {row["method"]: row["note"] for row in payload["comparison"]}
        assert notes["consistent"] == "not finished within 30 s (stopped)"
        assert notes["adaptive"] == "failed: the solver broke"


def test_the_summary_marks_hunziker_meyer_and_says_why_optimal_is_left_out(monkeypatch, capsys):
    rows = {
        name: _row(name, kind, 4)
        for name, kind in [
            ("consistent", "classical"),
            ("nonadaptive", "quantum"),
            ("triples", "quantum"),
            ("adaptive", "quantum"),
        ]
    }
    _fake_comparison(monkeypatch, rows)  # hunziker-meyer is played for real
    status, out, _, _ = _main(monkeypatch, capsys, b"1,4,0,2\n", "--seed", "1")
    assert status == 0 and "Solved in 1 guess." in out
    assert re.search(
        r"hunziker-meyer\s+1 oracle query \+ 1 final guess = 2; succeeds with probability below 1",
        out,
    )
    assert re.search(r"optimal\s+left out: .* at most 256 codes, this one has 1296", out)


def test_make_mode_hints_the_answer_format(monkeypatch, capsys):
    argv = ("--mode", "make", "--positions", "3", "--colors", "3", "--seed", "0")
    status, _, err, _ = _main(monkeypatch, capsys, b"x\n2\nquit\n", *argv)
    assert status == 0
    assert "'x' is not a number (type the answer as e.g. 1,2 (black,white))" in err
    assert "answer with black,white (e.g. 1,2), was '2'" in err
    assert "0,2,1" not in err
    status, _, err, _ = _main(monkeypatch, capsys, b"x\nquit\n", *argv, "--feedback", "black")
    assert "'x' is not a number (type the answer as e.g. 2 (the black pegs))" in err


def test_make_mode_undo_takes_back_the_previous_answer(monkeypatch, capsys):
    """0, 2, 1, 1 then 1 (refused: answers 2-5 clash); undo takes back answer 4, and 3
    to guess 4 (0,2,0) wins."""
    argv = ("--mode", "make", "--positions", "3", "--colors", "3", "--seed", "0")
    data = b"undo\n0\n2\n1\n1\n1\nundo\n3\n"
    status, out, err, _ = _main(monkeypatch, capsys, data, *argv, "--feedback", "black", "--json")
    assert status == 0
    assert "no answer to take back yet" in err
    assert "no code fits answers 2, 3, 4 and 5" in err
    assert "took back answer 4" in err
    assert err.count("guess 4: 0,2,0  your answer: ") == 2
    payload = json.loads(out)
    assert payload["solved"] and payload["secret"] == [0, 2, 0] and payload["queries"] == 4
    assert [g["black"] for g in payload["guesses"]] == [0, 2, 1, 3]


def _interrupt():
    raise KeyboardInterrupt


def _terminate():
    import signal

    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(5)  # the handler raises KeyboardInterrupt at once


def test_make_mode_json_keeps_the_answers_on_ctrl_c(monkeypatch, capsys):
    argv = ("--mode", "make", "--positions", "3", "--colors", "3", "--seed", "0", "--json")
    status, out, err, _ = _main(
        monkeypatch, capsys, b"0\n2\n", *argv, "--feedback", "black", then=_interrupt
    )
    assert status == 130 and "game stopped (Ctrl-C)" in err
    payload = json.loads(out)
    assert payload["mode"] == "make" and payload["solved"] is False
    assert [g["black"] for g in payload["guesses"]] == [0, 2] and payload["queries"] == 2


def test_sigterm_is_143_and_does_not_say_ctrl_c(monkeypatch, capsys):
    argv = ("--seed", "1", "--json")
    status, out, err, _ = _main(monkeypatch, capsys, b"0,0,0,0\n", *argv, then=_terminate)
    assert status == 143
    assert "Ctrl-C" not in err and "game stopped (terminated); the secret was 1,4,0,2" in err
    payload = json.loads(out)
    assert payload["guesses"] == [{"guess": [0, 0, 0, 0], "black": 1, "white": 0}]


def test_watch_mode_json_prints_what_it_has_when_interrupted(monkeypatch, capsys):
    import mastermind_q.cli.execution as execution
    import mastermind_q.solving as solving

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(execution, "start_simulation_worker", lambda backend: None)
    monkeypatch.setattr(solving, "play", interrupted)
    argv = ("--mode", "watch", "--positions", "3", "--colors", "3", "--json")
    status, out, _, _ = _main(monkeypatch, capsys, b"0,1,2\n", *argv)
    assert status == 130
    payload = json.loads(out)
    assert payload["mode"] == "watch" and payload["secret"] == [0, 1, 2]
    assert payload["solved"] is False and payload["found"] is None and payload["queries"] == 0


# -- subprocesses: real pipes, real signals ------------------------------------------------------
def test_must_show_make_mode_on_a_pipe_names_a_minimal_clash_and_undo_works():
    argv = ("--mode", "make", "--positions", "3", "--colors", "3", "--seed", "0")
    done = _play("0\n2\n1\n1\n1\nundo\n3\n", *argv, "--feedback", "black")
    assert done.returncode == 0, done.stderr
    assert "no code fits answers 2, 3, 4 and 5: check your answers" in done.stderr
    assert "took back answer 4" in done.stdout
    assert "consistent found 0,2,0 in 4 guesses." in done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("redirect", ["<&-", ">&-"])
def test_closed_descriptors_give_one_line(redirect):
    command = f"{sys.executable} -m mastermind_q play {redirect}"
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=_env(), timeout=120
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "is closed" in done.stderr


def _spawn_pipe(*argv):
    import signal  # noqa: F401 (used by callers)

    return subprocess.Popen(
        [sys.executable, "-m", "mastermind_q", "play", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
    )


def _wait_for(stream, text, seconds=90):
    seen = b""
    deadline = time.monotonic() + seconds
    while text.encode() not in seen:
        assert time.monotonic() < deadline, seen
        chunk = os.read(stream.fileno(), 4096)
        assert chunk, seen
        seen += chunk
    return seen


@pytest.mark.slow
def test_sigterm_during_the_comparison_stops_at_once_with_the_result():
    import signal

    child = _spawn_pipe("--seed", "1", "--json")
    child.stdin.write(b"1,4,0,2\n")
    child.stdin.flush()
    _wait_for(child.stderr, "For this secret:")
    time.sleep(0.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=30)
    assert time.monotonic() - sent < 1.5
    assert child.returncode == 143 and b"Traceback" not in err and b"Ctrl-C" not in err
    payload = json.loads(out)
    assert payload["solved"] and payload["queries"] == 1


@pytest.mark.slow
def test_ctrl_c_while_a_million_codes_are_set_up_stops_at_once():
    """A signal right after start-up (imports done, the code space being built)."""
    import signal

    child = _spawn_pipe("--positions", "2", "--colors", "1000", "--json")
    time.sleep(3.0)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    child.communicate(timeout=60)
    assert time.monotonic() - sent < 1.5
    assert child.returncode == 130


@pytest.mark.slow
def test_watch_names_the_adaptive_circuit_without_a_counter():
    argv = ("--mode", "watch", "--method", "adaptive", "--positions", "2", "--colors", "3")
    done = _play("2,0\n", *argv, "--seed", "0")
    assert done.returncode == 0, done.stderr
    assert "circuit 1: adaptive (n exact Grover searches at once)" in done.stdout
    assert not re.search(r"adaptive-\d", done.stdout)
    # The title names the codemaker's box B_s, and the drawing shows boxes labelled so.
    assert "(B_s: the codemaker's box)" in done.stdout
    assert re.search(r"[┤│]\s+B_s\s+[├│]", done.stdout) and "B_s†" in done.stdout
    assert not re.search(r"[┤│]\s+G\(", done.stdout)
    [legend] = [line for line in done.stdout.splitlines() if line.startswith("boxes: ")]
    for label in ("A^⊗2: ", "B_s: the codemaker's box", "B_s†: ", "D(φ): ", "S_0^⊗2(φ): "):
        assert label in legend
    assert "decoded 2,0 (right) with 2 oracle queries" in done.stdout


@pytest.mark.slow
def test_pty_bytes_that_are_not_utf8_get_an_error():
    child = pexpect.spawn(  # bytes in and out: the terminal gets bytes that are not UTF-8
        sys.executable,
        ["-m", "mastermind_q", "play", "--seed", "1"],
        env=_env(),
        timeout=90,
        dimensions=(60, 200),
    )
    child.expect(b"guess 1: ")
    child.send(b"\xff\xfe0\r")
    child.expect(b"that line is not UTF-8 text; type it again")
    child.expect(b"guess 1: ")
    child.sendline(b"0,0,0,0")
    child.expect(b"1 black, 0 white")
    child.sendline(b"quit")
    child.expect(b"stopped; the secret was 1,4,0,2")
    child.expect(pexpect.EOF)
    child.close()
    assert b"Traceback" not in (child.before or b"") and child.exitstatus == 0
