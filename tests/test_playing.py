"""Tests for mastermind_q.playing: the games behind ``mastermind-q play``, no terminal."""

from __future__ import annotations

import itertools

import pytest

from mastermind_q import black, black_white
from mastermind_q.playing import (
    BreakerGame,
    Contradiction,
    EntryError,
    HumanCodemaker,
    QuitGame,
    WatchedCodemaker,
    circuit_reading,
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
        ("-1,0,0", {}, "'-1' is not a number"),
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
