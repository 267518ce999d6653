"""Tests for mastermind_q.classical.consistent: the CP-SAT consistent-code guesser."""

from __future__ import annotations

import random
import statistics

import pytest

from mastermind_q import solve
from mastermind_q.classical.consistent import (
    CONSISTENT_MAX_CELLS,
    ConsistentTimeout,
    solve_consistent,
)
from mastermind_q.codemaker import Codemaker
from mastermind_q.game import black, black_white


def _secrets(n, k, distinct, count, seed=0):
    rng = random.Random(seed)
    if distinct:
        return [tuple(rng.sample(range(k), n)) for _ in range(count)]
    return [tuple(rng.randrange(k) for _ in range(n)) for _ in range(count)]


GAMES = [
    (4, 6, "black-white", False),
    (4, 6, "black", False),
    (6, 4, "black", False),
    (5, 5, "black", True),
    (4, 7, "black-white", True),
    pytest.param(10, 10, "black", True, marks=pytest.mark.slow),
    (8, 3, "black-white", False),
]


@pytest.mark.parametrize(("n", "k", "feedback", "distinct"), GAMES)
def test_every_guess_is_consistent_and_the_secret_is_found(n, k, feedback, distinct):
    score = black_white if feedback == "black-white" else black
    for index, secret in enumerate(_secrets(n, k, distinct, 3)):
        maker = Codemaker(secret, k, distinct=distinct, feedback=feedback)
        assert solve_consistent(maker, seed=index) == secret
        guesses = [guess for guess, _ in maker.transcript]
        assert guesses[-1] == secret
        assert len(set(guesses)) == len(guesses)
        for position, guess in enumerate(guesses):
            for earlier in guesses[:position]:
                assert score(guess, earlier) == score(secret, earlier)


@pytest.mark.parametrize(
    ("secret", "colors", "distinct"),
    [
        ((3, 1, 4, 1, 5, 2, 6), 7, False),
        pytest.param(
            tuple(random.Random(3).sample(range(12), 12)), 12, True, marks=pytest.mark.slow
        ),
    ],
)
def test_same_seed_same_game(secret, colors, distinct):
    games = []
    for _ in range(2):
        maker = Codemaker(secret, colors, distinct=distinct)
        solve_consistent(maker, seed=11)
        games.append(maker.transcript)
    assert games[0] == games[1]


def test_through_solve_with_both_feedbacks():
    result = solve((0, 2, 2, 1), colors=3, method="consistent", feedback="black-white", seed=3)
    assert result.solved and result.queries <= 6
    result = solve((0, 2, 3, 1), colors=5, method="consistent", distinct=True, seed=3)
    assert result.solved


def test_beats_the_permutation_codebreaker_at_n6():
    secrets = _secrets(6, 6, True, 10)
    consistent = [
        solve(s, colors=6, method="consistent", distinct=True, seed=i).queries
        for i, s in enumerate(secrets)
    ]
    permutation = [solve(s, colors=6, method="permutation").queries for s in secrets]
    assert statistics.mean(consistent) < statistics.mean(permutation)


@pytest.mark.slow
@pytest.mark.parametrize("n", [8, 16])
def test_beats_the_permutation_codebreaker_on_large_permutation_games(n):
    secrets = _secrets(n, n, True, 20 if n == 8 else 5)
    consistent = [
        solve(s, colors=n, method="consistent", distinct=True, seed=i).queries
        for i, s in enumerate(secrets)
    ]
    permutation = [solve(s, colors=n, method="permutation").queries for s in secrets]
    assert statistics.mean(consistent) < statistics.mean(permutation)


@pytest.mark.slow
def test_solves_32_by_32_with_repetition():
    (secret,) = _secrets(32, 32, False, 1, seed=5)
    maker = Codemaker(secret, 32)
    assert solve_consistent(maker, seed=5) == secret


def test_time_limit_is_a_clear_error():
    secret = _secrets(40, 40, False, 1)[0]
    with pytest.raises(ConsistentTimeout, match="time_limit=1e-06"):
        solve_consistent(Codemaker(secret, 40), seed=1, time_limit=1e-6, workers=1)


def test_too_large_refused_before_any_query():
    n = 129
    maker = Codemaker((0,) * n, 128)
    with pytest.raises(ValueError, match=f"CONSISTENT_MAX_CELLS={CONSISTENT_MAX_CELLS}"):
        solve_consistent(maker)
    assert maker.queries == 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"time_limit": 0}, "time_limit must be a positive"),
        ({"samples": 0}, "samples must be an integer >= 1"),
        ({"enumerate_limit": -1}, "enumerate_limit must be"),
        ({"workers": 0}, "workers must be a positive"),
        ({"seed": "x"}, "seed must be an integer"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(ValueError, match=message):
        solve_consistent(Codemaker((0, 1), 3), **options)


def test_inconsistent_answers_are_reported():
    class Liar(Codemaker):
        def _answer_black(self, guess):
            return 0

    with pytest.raises(ValueError, match="inconsistent"):
        solve_consistent(Liar((0, 1, 2), colors=3), seed=0)
