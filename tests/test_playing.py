"""Tests for mastermind_q.playing: the games behind ``mastermind-q play``, no terminal."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from mastermind_q import black, black_white
from mastermind_q.playing import (
    BreakerGame,
    Contradiction,
    EntryError,
    HumanCodemaker,
    QuitGame,
    UndoAnswer,
    WatchedCodemaker,
    circuit_reading,
    circuit_title,
    comparison_row,
    histogram_lines,
    parse_answer_entry,
    parse_code_entry,
)
from mastermind_q.solving import play


@pytest.mark.parametrize(
    ("text", "kwargs", "message"),
    [
        ("0,1", {}, "a guess has 3 colours, this one has 2: '0,1'"),
        ("0,1,4", {}, r"colour 4 \(position 2\) is not in 0..3"),
        ("0,x,1", {}, "'x' is not a number"),
        ("", {}, "type a guess"),
        ("0,2,0", {"distinct": True}, "colour 0 is used twice \\(positions 0 and 2\\); no colour"),
        ("-1,0,0", {}, "'-1' is out of range"),
    ],
)
def test_bad_code_entries_say_what_is_wrong(text, kwargs, message):
    with pytest.raises(EntryError, match=message):
        parse_code_entry(text, 3, 4, **kwargs)


def test_code_entries_accept_commas_and_spaces():
    assert parse_code_entry(" 0, 2  1 ", 3, 4) == (0, 2, 1)
    assert parse_code_entry("0;3;1", 3, 4, distinct=True) == (0, 3, 1)


@pytest.mark.parametrize(
    ("text", "feedback", "message"),
    [
        ("5", "black", "at most 4 pegs in all"),
        ("2", "black-white", "answer with black,white"),
        ("1,1", "black", "answer with the black pegs"),
        ("3,1", "black-white", "3 black and 1 white cannot happen"),
        ("2,3", "black-white", "at most 4 pegs"),
    ],
)
def test_bad_answers_say_what_is_wrong(text, feedback, message):
    with pytest.raises(EntryError, match=message):
        parse_answer_entry(text, 4, feedback)
    assert parse_answer_entry("2", 4, "black") == 2
    assert parse_answer_entry("1 2", 4, "black-white") == (1, 2)


@pytest.mark.parametrize("feedback", ["black", "black-white"])
def test_breaker_game_answers_and_counts_consistent_codes(feedback):
    secret = (2, 0, 1)
    game = BreakerGame(3, 3, feedback=feedback, secret=secret)
    assert game.remaining == 27
    guesses = [(0, 0, 0), (1, 2, 0), (2, 0, 1)]
    for number, guess in enumerate(guesses, start=1):
        turn = game.guess(",".join(map(str, guess)))
        if feedback == "black":
            assert (turn.black, turn.white) == (black(secret, guess), None)
        else:
            assert (turn.black, turn.white) == black_white(secret, guess)
        answer = (
            (lambda code, g: black(code, g))
            if feedback == "black"
            else (lambda code, g: black_white(code, g))
        )
        fitting = [
            code
            for code in itertools.product(range(3), repeat=3)
            if all(answer(code, g) == answer(secret, g) for g in guesses[:number])
        ]
        assert turn.remaining == len(fitting)
    assert game.solved and game.queries == 3
    data = game.to_dict()
    assert set(data) == {"secret", "guesses", "solved", "queries"}
    assert data["secret"] == [2, 0, 1] and data["solved"] and data["queries"] == 3
    white = None if feedback == "black" else 0
    assert data["guesses"][-1] == {"guess": [2, 0, 1], "black": 3, "white": white}
    with pytest.raises(ValueError, match="game is over"):
        game.guess("0,0,0")


def test_bad_guesses_are_not_counted_and_the_game_goes_on():
    game = BreakerGame(2, 3, seed=1)
    with pytest.raises(EntryError):
        game.guess("0,7")
    assert game.queries == 0 and not game.turns
    game.guess("0,0")
    assert game.queries == 1


def test_seeded_secrets_repeat_and_respect_the_permutation_game():
    assert BreakerGame(4, 6, seed=5).reveal() == BreakerGame(4, 6, seed=5).reveal()
    secret = BreakerGame(4, 4, distinct=True, seed=2).reveal()
    assert sorted(secret) == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="colors must be >= positions"):
        BreakerGame(4, 3, distinct=True)


def test_a_hint_is_consistent_with_every_answer():
    secret = (3, 1, 1, 0)
    game = BreakerGame(4, 4, secret=secret, seed=0)
    game.guess("0,0,1,1")
    game.guess("2,1,3,0")
    hint = game.hint()
    for turn in game.turns:
        assert black(hint, turn.guess) == turn.black
    assert game.queries == 2  # a hint asks nothing of the codemaker


def _truthful(secret, feedback):
    def ask(guess, number):
        return black(secret, guess) if feedback == "black" else black_white(secret, guess)

    return ask


@pytest.mark.parametrize(
    ("method", "feedback", "distinct"),
    [
        ("consistent", "black", False),
        ("consistent", "black-white", False),
        ("knuth", "black-white", False),
        ("permutation", "black", True),
    ],
)
def test_a_codebreaker_breaks_your_code(method, feedback, distinct):
    secret = (2, 0, 3)
    maker = HumanCodemaker(3, 4, _truthful(secret, feedback), feedback=feedback, distinct=distinct)
    result = play(maker, method=method, seed=0)
    assert result.solved and result.found == secret == result.secret
    assert maker.remaining == 1


def test_a_lie_is_caught_at_once_and_named():
    """Answering 0 to everything: once no code is left, the codebreaker is stopped."""
    asked = []

    def ask(guess, number):
        asked.append(number)
        return 0

    with pytest.raises(Contradiction) as caught:
        play(HumanCodemaker(2, 3, ask), method="consistent", seed=0)
    assert caught.value.answers[-1] == asked[-1]  # the answer just given is named
    assert str(caught.value).startswith("no code fits answer")


def test_contradiction_names_the_fewest_answers():
    # answers 1 and 3 fit, 2 and 4 clash: guess (0,0) -> 2 and guess (0,0) -> 0
    script = {1: 1, 2: 2, 3: 1, 4: 0}
    told = []
    fixed = {4: 2}

    def ask(guess, number):
        if number == 4 and told:
            return fixed[4]
        return script[number]

    maker = HumanCodemaker(2, 3, ask, on_contradiction=told.append)
    maker.black((0, 1))
    maker.black((0, 0))
    maker.black((0, 2))
    assert maker.black((0, 0)) == 2  # refused once, then answered again
    assert [str(error) for error in told] == ["no code fits answers 2 and 4"]
    assert told[0].answers == (2, 4)
    assert maker.queries == 4 and maker.reveal() == (0, 0)


def test_quit_while_answering_stops_the_codebreaker():
    def ask(guess, number):
        raise QuitGame

    with pytest.raises(QuitGame):
        play(HumanCodemaker(2, 3, ask), method="consistent", seed=0)


def test_watched_codemaker_reports_each_run():
    seen = []
    maker = WatchedCodemaker(
        (1, 2, 0), 3, lambda circuits, outcomes: seen.append((circuits, outcomes))
    )
    result = play(maker, method="nonadaptive", backend="aer-statevector")
    assert result.solved
    circuits = [c for batch, _ in seen for c in batch]
    assert [c.name for c in circuits] == ["find_two_color_0_1", "find_two_color_0_2"]
    readings = [circuit_reading(c, o, 3) for batch, outs in seen for c, o in zip(batch, outs)]
    assert readings[0].startswith("colour 0 or 1 at positions: 0, 2")
    assert readings[1].startswith("colour 0 or 2 at positions: 1, 2")
    adaptive = []
    maker = WatchedCodemaker((2, 0), 3, lambda c, o: adaptive.extend(zip(c, o)))
    play(maker, method="adaptive", backend="aer-statevector")
    assert circuit_reading(*adaptive[0], 3).startswith("colours 2,0")


def test_histogram_lines_rank_and_scale():
    lines = histogram_lines({"00": 2, "11": 6, "01": 0}, width=6)
    assert lines[0] == "11  ######  6 (0.75)"  # the largest fills the width
    assert lines[1].startswith("00  ##")
    assert len(histogram_lines({f"{i:03b}": 1 for i in range(8)}, top=3)) == 4


# -- sizes, seeds and types are checked before any work ---------------------------------------
@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: BreakerGame(10**30, 3), "positions 10{30} for play, more than the limit"),
        (lambda: BreakerGame(1, 200_000), "colors 200000 for play, more than the limit"),
        (lambda: HumanCodemaker(10**30, 3, _never), "positions 10{30} for make mode"),
        (lambda: HumanCodemaker(20, 3, _never), r"3\^20 = 3486784401, more than MAX_COUNTED"),
    ],
)
def test_huge_games_are_refused_at_once(build, message):
    import time

    from mastermind_q.limits import ResourceLimitError

    started = time.monotonic()
    with pytest.raises(ResourceLimitError, match=message):
        build()
    assert time.monotonic() - started < 5


def _never(guess, number):
    raise AssertionError("nothing may be asked")


def test_a_million_code_black_white_game_builds_no_codes_by_colours_table():
    """n = 2, k = 1000: a million codes, answered from the guess's own colours."""
    import tracemalloc

    tracemalloc.start()
    game = BreakerGame(2, 1000, feedback="black-white", secret=(7, 3))
    turn = game.guess("3,9")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert (turn.black, turn.white) == (0, 1)
    # 0 black, 1 white against 3,9: (9, b) with b not 3 or 9, or (a, 3) with a not 3 or 9
    assert turn.remaining == 2 * 998
    assert peak < 200 * 2**20  # the codes x k histogram took 2 GB


@pytest.mark.parametrize("seed", [-1, 2**63, "3", 1.5, True])
def test_breaker_game_checks_its_seed(seed):
    with pytest.raises(ValueError, match="seed must be an integer"):
        BreakerGame(2, 3, seed=seed)


def test_breaker_game_takes_numpy_seeds():
    assert BreakerGame(3, 4, seed=np.int64(3)).reveal() == BreakerGame(3, 4, seed=3).reveal()


@pytest.mark.parametrize("parse", [parse_code_entry, parse_answer_entry])
@pytest.mark.parametrize("text", [None, 3, b"0,1"])
def test_entries_must_be_text(parse, text):
    arguments = (3, 4) if parse is parse_code_entry else (3, "black")
    with pytest.raises(TypeError, match="text must be a str"):
        parse(text, *arguments)


@pytest.mark.parametrize("distinct", ["no", 1, None, np.bool_(True)])
def test_distinct_must_be_a_boolean(distinct):
    """One rule for every boolean argument: True or False, else ValueError naming it."""
    with pytest.raises(ValueError, match="distinct must be True or False"):
        parse_code_entry("0,1,2", 3, 4, distinct=distinct)
    with pytest.raises(ValueError, match="distinct must be True or False"):
        BreakerGame(2, 3, distinct=distinct)
    with pytest.raises(ValueError, match="distinct must be True or False"):
        HumanCodemaker(2, 3, _never, distinct=distinct)


def test_messages_cut_long_entries_and_escape_control_characters():
    with pytest.raises(EntryError) as caught:
        parse_code_entry("0," * 500_000, 3, 4)
    assert len(str(caught.value)) < 200 and "1000000 characters" in str(caught.value)
    for text in ("0,1\x1b[2J,2", "\x1b[31m1,2,3", "0,1,2\x07\x00"):
        with pytest.raises(EntryError) as caught:
            parse_code_entry(text, 3, 4)
        assert all(c.isprintable() for c in str(caught.value)), str(caught.value)
        assert "\\x1b" in str(caught.value) or "\\x07" in str(caught.value)


@pytest.mark.parametrize(
    ("feedback", "example", "wrong"),
    [("black", "e.g. 2", "1,2"), ("black-white", "e.g. 1,2", "0,2,1")],
)
def test_an_answer_hint_shows_an_answer(feedback, example, wrong):
    for text in ("x", ""):
        with pytest.raises(EntryError) as caught:
            parse_answer_entry(text, 3, feedback)
        assert example in str(caught.value) and "0,2,1" not in str(caught.value)


# -- the lie detector names minimal sets ----------------------------------------------------
def test_the_lie_detector_names_a_minimal_set_not_every_answer():
    """0, 2, 1, 1, 1 to the consistent codebreaker (seed 0) at 3 x 3: answers 2-5 clash,
    and no smaller set does; answer 1 is not needed."""
    script = iter([0, 2, 1, 1, 1])
    maker = HumanCodemaker(3, 3, lambda guess, number: next(script))
    with pytest.raises(Contradiction) as caught:
        play(maker, method="consistent", seed=0)
    assert caught.value.answers == (2, 3, 4, 5)


def test_deletion_leaves_a_minimal_set_when_the_search_for_the_fewest_is_too_dear(monkeypatch):
    import mastermind_q.playing as playing

    monkeypatch.setattr(playing, "CLASH_SEARCH_CELLS", 0)  # no search: deletion only
    script = iter([0, 2, 1, 1, 1])
    maker = HumanCodemaker(3, 3, lambda guess, number: next(script))
    with pytest.raises(Contradiction) as caught:
        play(maker, method="consistent", seed=0)
    named = caught.value.answers
    history = list(zip([g for g, _ in maker.transcript] + [(1, 0, 0)], [0, 2, 1, 1, 1]))
    assert named[-1] == 5 and len(named) < 5
    _assert_minimal_clash([history[i - 1] for i in named], black, 3, 3)


def _fits(history, score, n, k):
    return [
        code
        for code in itertools.product(range(k), repeat=n)
        if all(score(code, guess) == answer for guess, answer in history)
    ]


def _assert_minimal_clash(named, score, n, k):
    assert not _fits(named, score, n, k)  # a true clash
    for drop in range(len(named)):  # every proper subset fits some code
        assert _fits(named[:drop] + named[drop + 1 :], score, n, k)


class _Asked(Exception):
    def __init__(self, guess):
        super().__init__(guess)
        self.guess = guess


def _stop(guess, number):
    raise _Asked(guess)


@pytest.mark.parametrize("feedback", ["black", pytest.param("black-white", marks=pytest.mark.slow)])
def test_must_show_every_answer_sequence_of_the_3x3_game(feedback):
    """Every answer sequence the consistent codebreaker (seed 0) can meet at 3 x 3:
    honest answers are never refused, every refusal is a true clash, every named set is
    minimal and the fewest (no smaller set of answers, the newest included, clashes)."""
    n = k = 3
    score = black if feedback == "black" else black_white
    answers = (
        list(range(n + 1))
        if feedback == "black"
        else [(b, w) for b in range(n + 1) for w in range(n + 1 - b) if (b, w) != (n - 1, 1)]
    )
    seen = {"refusals": 0, "largest": 0}

    def explore(given, guesses):
        try:
            maker = HumanCodemaker(n, k, _stop, feedback=feedback, answers=given)
            play(maker, method="consistent", seed=0)
            return  # the codebreaker won
        except _Asked as asked:
            guess = asked.guess
        for answer in answers:
            history = list(zip([*guesses, guess], [*given, answer]))
            honest = bool(_fits(history, score, n, k))
            maker = HumanCodemaker(n, k, _stop, feedback=feedback, answers=[*given, answer])
            try:
                play(maker, method="consistent", seed=0)
                refused = None
            except _Asked:
                refused = None
            except Contradiction as error:
                refused = error.answers
            if refused is None:
                assert honest, history
                explore([*given, answer], [*guesses, guess])
                continue
            assert not honest, history
            assert refused[-1] == len(history) and list(refused) == sorted(set(refused))
            _assert_minimal_clash([history[i - 1] for i in refused], score, n, k)
            for size in range(len(refused) - 1):  # nothing smaller clashes
                for group in itertools.combinations(history[:-1], size):
                    assert _fits([*group, history[-1]], score, n, k), (history, refused)
            seen["refusals"] += 1
            seen["largest"] = max(seen["largest"], len(refused))

    explore([], [])
    assert seen["refusals"] > 50 and seen["largest"] >= 3


# -- undo, the comparison, the watch titles ---------------------------------------------------
def test_replayed_answers_reach_the_same_guess_again():
    """Take back answer 2: a new codemaker given answer 1 asks guess 2 again."""
    secret = (2, 0, 1)
    asked = []

    def ask(guess, number):
        asked.append((number, guess))
        if number == 3:
            raise UndoAnswer
        return black(secret, guess)

    first = HumanCodemaker(3, 3, ask)
    with pytest.raises(UndoAnswer):
        play(first, method="consistent", seed=4)
    assert len(first.answers) == 2
    asked.clear()
    again = HumanCodemaker(3, 3, _truthful(secret, "black"), answers=first.answers[:-1])
    result = play(again, method="consistent", seed=4)
    assert result.solved and result.transcript[1][0] == first.transcript[1][0]


def test_a_replayed_answer_that_clashes_is_refused():
    maker = HumanCodemaker(2, 3, _never, answers=[0, 0, 0, 2])
    with pytest.raises(Contradiction):
        play(maker, method="consistent", seed=0)


def test_comparison_plan_says_why_optimal_is_left_out():
    methods, left_out = BreakerGame(4, 6, feedback="black-white", seed=1).comparison_plan()
    assert "optimal" not in methods and "hunziker-meyer" in methods
    assert "at most 256 codes, this one has 1296" in left_out["optimal"]
    methods, left_out = BreakerGame(2, 3, seed=1).comparison_plan()
    assert methods[0] == "optimal" and not left_out
    assert "two-color" not in methods and "hunziker-meyer" not in methods


def test_hunziker_meyer_row_says_it_may_fail():
    row = comparison_row((1, 4, 0, 2), 6, "hunziker-meyer", quantum_backend="aer-statevector")
    assert row["note"] == "succeeds with probability below 1"
    assert row["queries"] >= 1 and row["to_win"] == row["queries"] + 1
    assert comparison_row((1, 4, 0, 2), 6, "adaptive")["note"] is None


def test_a_failing_codebreaker_keeps_the_game(monkeypatch):
    import mastermind_q.solving as solving

    game = BreakerGame(2, 3, seed=1)
    game.guess(game.reveal())

    def broken(*args, **kwargs):
        raise RuntimeError("no time left")

    monkeypatch.setattr(solving, "solve", broken)
    rows = game.comparison()
    assert rows and all(row["note"] == "failed: no time left" for row in rows)
    assert all(row["queries"] is None for row in rows)
    assert game.to_dict()["solved"]


def test_circuit_titles_drop_the_copy_counter():
    from qiskit import QuantumCircuit

    assert circuit_title(QuantumCircuit(1, name="adaptive-63")).startswith("adaptive (")
    assert "63" not in circuit_title(QuantumCircuit(1, name="adaptive-63"))
    assert circuit_title(QuantumCircuit(1, name="two_color")) == "two_color (one query with QFT_4)"
    assert circuit_title(QuantumCircuit(1, name="hunziker-meyer")).startswith("hunziker-meyer (")


def test_a_negative_entry_is_out_of_range_not_a_non_number():
    from mastermind_q.playing import EntryError, parse_code_entry

    with pytest.raises(EntryError, match=r"'-1' is out of range"):
        parse_code_entry("-1 0", 2, 3)
    with pytest.raises(EntryError, match=r"'99999999999' is out of range"):
        parse_code_entry("99999999999 0", 2, 3)
    assert parse_code_entry("+1 0", 2, 3) == (1, 0)


def test_undo_when_guessing_says_where_it_works():
    from mastermind_q.playing import EntryError, parse_code_entry

    with pytest.raises(EntryError, match=r"'undo' takes back an answer .*make mode"):
        parse_code_entry("undo", 2, 3)
