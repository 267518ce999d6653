"""Tests for mastermind_q.game: feedback functions, validation, SolveResult."""

from __future__ import annotations

import itertools
import random

import pytest

from mastermind_q import black, black_white
from mastermind_q.game import SolveResult, validate_code, validate_colors, validate_positions


def brute_white(secret, guess):
    """W_s(x) = max over permutations sigma of |{i: s_i = x_sigma(i)}| - B_s(x)."""
    best = max(
        sum(1 for i, j in enumerate(perm) if secret[i] == guess[j])
        for perm in itertools.permutations(range(len(secret)))
    )
    return best - black(secret, guess)


def test_black_counts_matching_positions():
    assert black((0, 1, 2, 3), (0, 1, 2, 3)) == 4
    assert black((0, 1, 2, 3), (3, 2, 1, 0)) == 0
    assert black((1, 1, 0), (1, 0, 0)) == 2


def test_black_white_examples():
    assert black_white((0, 1, 2, 3), (0, 2, 1, 3)) == (2, 2)
    assert black_white((0, 0, 1, 1), (1, 1, 0, 2)) == (0, 3)
    assert black_white((1, 1, 2, 2), (1, 1, 1, 1)) == (2, 0)


@pytest.mark.parametrize("seed", range(5))
def test_black_white_matches_li_luo_xu_definition(seed):
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(1, 5)
        k = rng.randint(2, 4)
        secret = tuple(rng.randrange(k) for _ in range(n))
        guess = tuple(rng.randrange(k) for _ in range(n))
        blacks, whites = black_white(secret, guess)
        assert blacks == black(secret, guess)
        assert whites == brute_white(secret, guess)


@pytest.mark.parametrize(
    ("secret", "guess", "fragment"),
    [
        ((0, 1), (0, 1, 2), "guess must have 2 positions"),
        ((), (), "at least one position"),
        ((0, 1.5), (0, 1), "secret[1] must be an integer, was 1.5"),
        ((0, True), (0, 1), "secret[1] must be an integer, was True"),
        ((0, -1), (0, 1), "secret[1] must be a non-negative colour, was -1"),
        ("01", (0, 1), "secret must be a sequence"),
    ],
)
def test_feedback_rejects_bad_codes(secret, guess, fragment):
    with pytest.raises(ValueError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        black(secret, guess)
    with pytest.raises(ValueError):
        black_white(secret, guess)


def test_validate_code_checks_colours_length_and_repetition():
    assert validate_code([2, 0, 1], 3) == (2, 0, 1)
    with pytest.raises(ValueError, match=r"code\[0\] must be a colour in 0..2, was 3"):
        validate_code([3, 0, 1], 3)
    with pytest.raises(ValueError, match="must have 4 positions, was 3"):
        validate_code([0, 1, 2], 3, positions=4)
    with pytest.raises(ValueError, match=r"must not repeat colours, repeats \[1\]"):
        validate_code([1, 0, 1], 3, distinct=True)
    with pytest.raises(ValueError, match="colors must be >= positions"):
        validate_code([0, 1, 2], 2, distinct=True)


def test_validate_sizes():
    assert validate_colors(2) == 2
    assert validate_positions(1) == 1
    with pytest.raises(ValueError, match="colors must have value >= 2, was 1"):
        validate_colors(1)
    with pytest.raises(ValueError, match="positions must have value >= 1, was 0"):
        validate_positions(0)
    with pytest.raises(ValueError, match="colors must be an integer, was '4'"):
        validate_colors("4")


def test_solve_result_contract():
    result = SolveResult(
        secret=(1, 0),
        found=(1, 0),
        queries=3,
        method="permutation",
        num_colors=2,
        transcript=(((0, 1), 0), ((1, 0), 2)),
    )
    assert result.solved and result.num_positions == 2
    data = result.to_dict()
    for key in ("method", "n", "k", "secret", "found", "solved", "queries", "backend"):
        assert key in data
    assert data["transcript"] == [[[0, 1], 0], [[1, 0], 2]]
    assert not SolveResult((1, 0), (0, 1), 1, "x", 2).solved
