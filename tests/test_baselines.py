"""Tests for mastermind_q.classical.baselines and mastermind_q.classical.codes."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from helpers import QuickCodemaker

from mastermind_q import black, black_white
from mastermind_q.classical.baselines import (
    KNUTH_MAX_CODES,
    blackpeg_query_bound,
    solve_blackpeg,
    solve_knuth,
    solve_random_consistent,
)
from mastermind_q.classical.codes import (
    all_codes,
    black_counts,
    black_white_counts,
    color_histograms,
    count_codes,
)
from mastermind_q.codemaker import Codemaker


def check_final_guess(maker, found, secret):
    assert found == tuple(secret)
    assert maker.transcript[-1][0] == tuple(secret)
    assert maker.transcript[-1][1] in (len(secret), (len(secret), 0))  # the answer given
    guesses = [guess for guess, _ in maker.transcript]
    assert len(set(guesses)) == len(guesses)


# -- codes ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "k", "distinct"), [(3, 2, False), (2, 4, True), (3, 3, False)])
def test_all_codes_lexicographic_and_complete(n, k, distinct):
    codes = [tuple(row) for row in all_codes(n, k, distinct=distinct).tolist()]
    expected = (
        list(itertools.permutations(range(k), n))
        if distinct
        else list(itertools.product(range(k), repeat=n))
    )
    assert codes == expected
    assert len(codes) == count_codes(n, k, distinct=distinct)


def test_vectorised_feedback_matches_game():
    codes = all_codes(3, 4)
    histograms = color_histograms(codes, 4)
    for guess in [(0, 0, 1), (3, 2, 1), (2, 2, 2)]:
        blacks, whites = black_white_counts(codes, guess, histograms)
        for row, b, w in zip(codes.tolist(), blacks.tolist(), whites.tolist()):
            assert (b, w) == black_white(row, guess)
        assert black_counts(codes, guess).tolist() == [black(row, guess) for row in codes.tolist()]


def test_code_space_errors():
    with pytest.raises(ValueError, match="more than max_codes=10"):
        all_codes(3, 3, max_codes=10)
    with pytest.raises(ValueError, match=r"colors must be >= positions \(3\) when distinct, was 2"):
        count_codes(3, 2, distinct=True)


# -- Knuth -----------------------------------------------------------------------------------
def test_knuth_first_guess_is_1122():
    maker = Codemaker((5, 4, 3, 2), 6)
    solve_knuth(maker)
    assert maker.transcript[0][0] == (0, 0, 1, 1)  # Knuth's 1122, 0-based


def test_knuth_sample_of_4x6_within_five():
    rng = random.Random(7)
    secrets = [tuple(rng.randrange(6) for _ in range(4)) for _ in range(60)]
    for secret in secrets:
        maker = Codemaker(secret, 6)
        found = solve_knuth(maker)
        check_final_guess(maker, found, secret)
        assert maker.queries <= 5


@pytest.mark.slow
def test_knuth_every_4x6_secret_within_five_mean_4476():
    queries = []
    for secret in itertools.product(range(6), repeat=4):
        maker = Codemaker(secret, 6)
        found = solve_knuth(maker)
        check_final_guess(maker, found, secret)
        queries.append(maker.queries)
    assert max(queries) == 5
    assert sum(queries) == 5801  # Knuth (1976-77): mean 4.476
    assert math.isclose(np.mean(queries), 4.476, abs_tol=5e-4)


@pytest.mark.parametrize(("n", "k"), [(2, 3), (3, 3), (3, 4)])
def test_knuth_small_games_exhaustive(n, k):
    for secret in itertools.product(range(k), repeat=n):
        maker = Codemaker(secret, k)
        check_final_guess(maker, solve_knuth(maker), secret)


def test_knuth_plays_the_permutation_game():
    for secret in itertools.permutations(range(5), 3):
        maker = Codemaker(secret, 5, distinct=True)
        check_final_guess(maker, solve_knuth(maker), secret)


def test_knuth_rejects_large_code_spaces():
    with pytest.raises(ValueError, match=f"more than KNUTH_MAX_CODES={KNUTH_MAX_CODES}"):
        solve_knuth(Codemaker((0,) * 10, 4))
    with pytest.raises(ValueError, match="seed must be an integer, was 'x'"):
        solve_knuth(Codemaker((0, 1), 2), seed="x")


# -- random consistent ---------------------------------------------------------------------
@pytest.mark.parametrize(("n", "k", "distinct"), [(3, 3, False), (4, 4, True), (3, 5, True)])
def test_random_consistent_solves_everything(n, k, distinct):
    codes = (
        itertools.permutations(range(k), n) if distinct else itertools.product(range(k), repeat=n)
    )
    for index, secret in enumerate(codes):
        maker = Codemaker(secret, k, distinct=distinct)
        found = solve_random_consistent(maker, seed=index)
        check_final_guess(maker, found, secret)
        # every guess is consistent with all answers before it
        for step, (guess, _) in enumerate(maker.transcript):
            assert all(black(guess, g) == a for g, a in maker.transcript[:step])


def test_random_consistent_is_seeded():
    secret = (2, 0, 3, 3)
    first = Codemaker(secret, 4)
    second = Codemaker(secret, 4)
    solve_random_consistent(first, seed=11)
    solve_random_consistent(second, seed=11)
    assert first.transcript == second.transcript


def test_random_consistent_rejects_large_code_spaces():
    with pytest.raises(ValueError, match="random-consistent enumerates all codes"):
        solve_random_consistent(Codemaker((0,) * 30, 2))


# -- black-peg -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "k"), [(1, 2), (1, 5), (2, 2), (4, 2), (3, 3), (4, 3), (5, 3), (4, 4), (4, 6), (3, 6)]
)
def test_blackpeg_exhaustive_within_bound(n, k):
    worst = 0
    for secret in itertools.product(range(k), repeat=n):
        maker = Codemaker(secret, k)
        found = solve_blackpeg(maker)
        check_final_guess(maker, found, secret)
        worst = max(worst, maker.queries)
    assert worst <= blackpeg_query_bound(n, k)


@pytest.mark.parametrize(
    ("n", "k"),
    [
        (10, 3),
        (64, 8),
        (100, 2),
        pytest.param(257, 16, marks=pytest.mark.slow),
        pytest.param(1000, 8, marks=pytest.mark.slow),
        pytest.param(200, 300, marks=pytest.mark.slow),
    ],
)
def test_blackpeg_random_within_bound(n, k):
    rng = random.Random(n * k)
    for _ in range(3 if n < 500 else 1):
        secret = tuple(rng.randrange(k) for _ in range(n))
        maker = QuickCodemaker(secret, k)
        found = solve_blackpeg(maker)
        check_final_guess(maker, found, secret)
        assert maker.queries <= blackpeg_query_bound(n, k)


@pytest.mark.parametrize("n", [16, 100])
def test_blackpeg_structured_secrets(n):
    k = 5
    secrets = [
        (0,) * n,
        (4,) * n,
        tuple(p % k for p in range(n)),
        (1,) * (n - 1) + (3,),  # a rare colour at the very end: worst for the probes
        tuple(4 - (p % 2) for p in range(n)),  # absent colours
    ]
    for secret in secrets:
        maker = Codemaker(secret, k)
        check_final_guess(maker, solve_blackpeg(maker), secret)
        assert maker.queries <= blackpeg_query_bound(n, k)


def test_blackpeg_bound_formula():
    # k = 2: one counting guess, the splitting tree of one colour, the final guess
    assert blackpeg_query_bound(8, 2) == 1 + (1 + 2 + 4) + 1
    assert blackpeg_query_bound(1, 7) == 7
    for n in (10, 100, 1000):
        for k in (3, 8, 20):
            assert blackpeg_query_bound(n, k) <= n * math.log2(k) + 2 * n + k + n
    with pytest.raises(ValueError, match="colors must have value >= 2, was 1"):
        blackpeg_query_bound(3, 1)


def test_blackpeg_rejects_the_permutation_game():
    with pytest.raises(ValueError, match="blackpeg guesses repeat colours"):
        solve_blackpeg(Codemaker((0, 1, 2), 3, distinct=True))
