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


# -- seeds and the shape of a code ------------------------------------------------------------
def test_seed_rule_is_zero_to_two_to_the_63():
    import numpy as np

    from mastermind_q.game import MAX_SEED, validate_seed

    assert validate_seed(None) is None
    assert validate_seed(0) == 0 and validate_seed(MAX_SEED) == 2**63 - 1
    assert validate_seed(np.uint32(7)) == 7
    for bad in (-1, 2**63, 2**64, 10**30):
        with pytest.raises(ValueError, match=r"seed must be an integer in 0\.\.2\^63-1"):
            validate_seed(bad)
    for bad in ("abc", True, 1.5):
        with pytest.raises(ValueError, match="seed must be an integer"):
            validate_seed(bad)


@pytest.mark.parametrize("code", [{0: 1, 1: 0}, {0, 1}, frozenset({1}), iter([0, 1])])
def test_codes_must_be_sequences(code):
    with pytest.raises(ValueError, match="secret must be a sequence of integer colours"):
        validate_code(code, 2, name="secret")


def test_numpy_one_dimensional_codes_are_sequences():
    import numpy as np

    assert validate_code(np.array([1, 0, 1]), 2) == (1, 0, 1)
    assert validate_code(range(3), 3) == (0, 1, 2)
    with pytest.raises(ValueError, match="must be a sequence"):
        validate_code(np.zeros((2, 2), dtype=int), 2)


def test_the_fast_validation_path_refuses_what_the_slow_one_does():
    import numpy as np

    from mastermind_q.game import validate_code

    assert validate_code(np.arange(4), 4, distinct=True) == (0, 1, 2, 3)
    assert validate_code(list(range(1000)), 1000, positions=1000, distinct=True)[-1] == 999
    with pytest.raises(ValueError, match="must not repeat colours, repeats \\[3\\]"):
        validate_code([3, 0, 3], 4, distinct=True)
    with pytest.raises(ValueError, match=r"code\[1\]"):
        validate_code([0, True], 2)
    with pytest.raises(ValueError, match=r"code\[2\] must be a colour in 0..3, was 4"):
        validate_code([0, 1, 4], 4)
