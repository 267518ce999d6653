"""Tests for mastermind_q.classical.consistent: the CP-SAT consistent-code guesser."""

from __future__ import annotations

import math
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


def test_an_effort_spent_is_a_clear_error_at_the_same_guess_on_any_load():
    """The limit is CP-SAT's deterministic time: the game stops at the same guess."""
    (secret,) = _secrets(12, 12, False, 1, seed=0)
    stopped = []
    for _ in range(2):
        maker = Codemaker(secret, 12)
        with pytest.raises(ConsistentTimeout, match=r"effort=0\.4 .*--effort"):
            solve_consistent(maker, seed=1, effort=0.4, workers=1)
        stopped.append(maker.transcript)
    assert stopped[0] == stopped[1] and len(stopped[0]) > 1


def test_a_game_over_its_effort_is_refused_before_any_query():
    maker = Codemaker((0,) * 40, 8)
    with pytest.raises(ValueError, match=r"n=40, k=8 needs about .* over effort=600 .*--effort"):
        solve_consistent(maker, seed=1)
    assert maker.queries == 0
    for bad, error in ((0, ValueError), (-1.0, ValueError), (math.nan, ValueError),
                       ("60", TypeError), (True, TypeError)):  # fmt: skip
        with pytest.raises(error, match="effort"):
            solve_consistent(Codemaker((0,) * 4, 4), seed=1, effort=bad)


def test_too_large_refused_before_any_query():
    n = 129
    maker = Codemaker((0,) * n, 128)
    with pytest.raises(ValueError, match=f"CONSISTENT_MAX_CELLS={CONSISTENT_MAX_CELLS}"):
        solve_consistent(maker)
    assert maker.queries == 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"effort": 0}, "effort must be a positive"),
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


def test_solve_refuses_a_game_over_its_effort_before_any_work(capsys):
    from helpers import run_cli

    status, out, err = run_cli(
        capsys, "solve", "--method", "consistent", "--colors", "8", "--random", "40"
    )
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "--effort" in err and "n=40, k=8" in err
    status, _, err = run_cli(
        capsys, "solve", "--method", "blackpeg", "--colors", "4", "--random", "4", "--effort", "5"
    )
    assert status == 2 and "takes no --effort" in err
    status, out, _ = run_cli(
        capsys, "solve", "--method", "consistent", "--colors", "4", "--random", "4",
        "--effort", "50", "--json",
    )  # fmt: skip
    assert status == 0 and '"solved": true' in out
