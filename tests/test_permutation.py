"""Tests for mastermind_q.classical.permutation (El Ouali et al., Algorithms 1-4)."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from helpers import QuickCodemaker

from mastermind_q.classical.permutation import (
    PermutationCodebreaker,
    cyclic_shift_code,
    permutation_query_bound,
    permutation_worst_case_bound,
    solve_permutation,
)
from mastermind_q.codemaker import Codemaker
from mastermind_q.game import black


def play(secret, colors, maker_class=Codemaker):
    maker = maker_class(secret, colors, distinct=True)
    found = solve_permutation(maker)
    return maker, found


def check_game(maker, found, secret):
    """Solved, the last guess is the secret answered n, and no guess was asked twice."""
    n = len(secret)
    assert found == tuple(secret)
    guesses = [guess for guess, _ in maker.transcript]
    assert maker.transcript[-1] == (tuple(secret), n)
    assert len(set(guesses)) == len(guesses)
    assert maker.queries == len(guesses)
    # the last initial guess sigma^{k-1} is never asked: Eq. (1) gives its answer
    assert cyclic_shift_code(maker.num_colors - 1, n, maker.num_colors) not in guesses[:-1]


# -- building blocks ---------------------------------------------------------------------
def test_cyclic_shift_codes_match_the_paper():
    # paper: n = 4: sigma^1..4 = 1234, 4123, 3412, 2341 (1-based colours)
    assert [cyclic_shift_code(t, 4, 4) for t in range(4)] == [
        (0, 1, 2, 3),
        (3, 0, 1, 2),
        (2, 3, 0, 1),
        (1, 2, 3, 0),
    ]
    # k = 5, n = 3: 123, 512, 451, 345, 234
    assert [cyclic_shift_code(t, 3, 5) for t in range(5)] == [
        (0, 1, 2),
        (4, 0, 1),
        (3, 4, 0),
        (2, 3, 4),
        (1, 2, 3),
    ]


@pytest.mark.parametrize(("n", "k"), [(5, 5), (8, 8), (4, 9), (7, 10)])
def test_initial_answers_sum_to_n(n, k):
    rng = random.Random(n * 100 + k)
    for _ in range(20):
        secret = rng.sample(range(k), n)
        assert sum(black(secret, cyclic_shift_code(t, n, k)) for t in range(k)) == n


def test_cyclic_shift_code_rejects_bad_input():
    with pytest.raises(ValueError, match=r"shift must be an integer in 0\.\.3, was 4"):
        cyclic_shift_code(4, 4, 4)
    with pytest.raises(ValueError, match=r"colors must be >= positions \(5\).*was 4"):
        cyclic_shift_code(0, 5, 4)


def test_bounds_formulas():
    assert permutation_query_bound(8, 8) == 34.0
    assert permutation_query_bound(7, 7) == 28.5
    assert permutation_query_bound(10, 12) == 8 * 4 + 12 + 1
    for n in range(4, 300):
        for k in (n, n + 1, 2 * n):
            assert permutation_worst_case_bound(n, k) <= permutation_query_bound(n, k)
    with pytest.raises(ValueError, match=r"colors must be >= positions \(6\).*was 5"):
        permutation_query_bound(6, 5)
    with pytest.raises(ValueError, match="colors must be >= positions"):
        permutation_worst_case_bound(6, 5)


def test_rejects_a_codemaker_with_repetition():
    with pytest.raises(ValueError, match="distinct=True"):
        solve_permutation(Codemaker((0, 1, 1), 3))


# -- the paper's Example 1 ---------------------------------------------------------------
PAPER_SECRET = (7, 1, 4, 3, 2, 8, 5, 6)  # 1-based colours, as printed
FIGURE1_N1 = (0, 2, 3, 1, 0, 0, 1, 1)  # black(sigma^j, y), j = 1..8
FIGURE1_N3 = (0, 2, 1, 0, 0, 0, 1, 1)  # black(sigma^j, y, x) for x = ....2.56


def zero_based(code):
    return tuple(color - 1 for color in code)


def test_example_1_initial_answers_of_figure_1():
    secret = zero_based(PAPER_SECRET)
    maker = Codemaker(secret, 8, distinct=True)
    breaker = PermutationCodebreaker(maker)
    assert breaker.ask_initial() == FIGURE1_N1
    # sigma^1..sigma^7 asked, sigma^8 deduced from Eq. (1)
    assert [answer for _, answer in maker.transcript] == list(FIGURE1_N1[:7])
    assert [guess for guess, _ in maker.transcript] == [
        cyclic_shift_code(t, 8, 8) for t in range(7)
    ]
    # the partial solution x = . . . . 2 . 5 6 (1-based) gives the n3 column
    for position, color in ((4, 2), (6, 5), (7, 6)):
        breaker.fix(position, color - 1)
    assert breaker.open_correct == FIGURE1_N3
    assert breaker.partial == (-1, -1, -1, -1, 1, -1, 4, 5)


def test_example_1_find_next_queries_sigma_a_b_c():
    secret = zero_based(PAPER_SECRET)
    maker = Codemaker(secret, 8, distinct=True)
    breaker = PermutationCodebreaker(maker)
    breaker.ask_initial()
    for position, color in ((4, 2), (6, 5), (7, 6)):
        breaker.fix(position, color - 1)
    before, partial = maker.queries, breaker.partial
    # active index 3 (1-based; v_3 = 1, v_4 = 0), pivot colour 2 (1-based)
    position = breaker.find_next(2, pivot_color=1)
    asked = maker.transcript[before:]
    sigma_a = zero_based((2, 7, 8, 1, 3, 4, 5, 6))
    sigma_b = zero_based((7, 8, 2, 1, 3, 4, 5, 6))
    sigma_c = zero_based((7, 2, 8, 1, 3, 4, 5, 6))
    assert asked == ((sigma_a, 2), (sigma_b, 3), (sigma_c, 3))  # n1 of the lower panel
    for guess, n2 in zip((sigma_a, sigma_b, sigma_c), (2, 2, 2)):
        assert sum(g == x for g, x in zip(guess, partial)) == n2
    # the peg with colour 7 (1-based) at position 1 is identified
    assert position == 0
    assert breaker.partial[0] == 6


def test_example_1_whole_game_within_bound():
    secret = zero_based(PAPER_SECRET)
    maker, found = play(secret, 8)
    check_game(maker, found, secret)
    assert maker.queries <= permutation_query_bound(8, 8)


# -- the steps -------------------------------------------------------------------------
def test_find_first_cost_and_correctness_n6():
    n = 6
    for secret in itertools.permutations(range(n)):
        maker = Codemaker(secret, n, distinct=True)
        breaker = PermutationCodebreaker(maker)
        v = breaker.ask_initial()
        if max(v) == n:
            continue
        assert v != (1,) * n  # the all-ones case needs odd n
        active = next(t for t in range(n) if v[t] > 0 and v[(t + 1) % n] == 0)
        before = maker.queries
        position = breaker.find_first(active)
        assert maker.queries - before <= 2 * math.ceil(math.log2(n))
        assert breaker.partial[position] == secret[position]
        assert sum(breaker.open_correct) == n - 1


def test_all_ones_case_only_for_odd_n_and_within_half_n_plus_one():
    for n in (4, 6):
        for secret in itertools.permutations(range(n)):
            assert len({(p - y) % n for p, y in enumerate(secret)}) < n
    n = 7
    count = 0
    for secret in itertools.permutations(range(n)):
        if len({(p - y) % n for p, y in enumerate(secret)}) < n:
            continue
        count += 1
        maker = Codemaker(secret, n, distinct=True)
        breaker = PermutationCodebreaker(maker)
        assert breaker.ask_initial() == (1,) * n
        before = maker.queries
        position = breaker.find_in_all_ones()
        assert maker.queries - before <= n // 2 + 1
        assert breaker.partial[position] == secret[position] == position
        assert solve_permutation(Codemaker(secret, n, distinct=True)) == secret
    assert count > 0


def test_find_next_more_colors_cost():
    rng = random.Random(5)
    n, k = 16, 21
    for _ in range(10):
        secret = tuple(rng.sample(range(k), n))
        maker = Codemaker(secret, k, distinct=True)
        breaker = PermutationCodebreaker(maker)
        v = breaker.ask_initial()
        active = next(t for t in range(k) if v[t] > 0 and v[(t + 1) % k] == 0)
        before = maker.queries
        position = breaker.find_next_more_colors(active)
        assert maker.queries - before <= math.ceil(math.log2(n))
        assert breaker.partial[position] == secret[position]


def test_step_errors_name_the_value():
    maker = Codemaker((6, 0, 3, 2, 1, 7, 4, 5), 8, distinct=True)
    breaker = PermutationCodebreaker(maker)
    breaker.ask_initial()  # v = 0 2 3 1 0 0 1 1
    with pytest.raises(ValueError, match="active must satisfy v"):
        breaker.find_next(1)
    with pytest.raises(ValueError, match=r"active must be a shift in 0\.\.7, was 9"):
        breaker.find_first(9)
    breaker.fix(0, 6)
    with pytest.raises(ValueError, match="already identified"):
        breaker.fix(0, 6)
    with pytest.raises(ValueError, match="contradicts the answers"):
        breaker.fix(1, 1)  # shift 0 has no hits
    with pytest.raises(ValueError, match="pivot_color must be an identified colour, was 3"):
        breaker.find_next(3, pivot_color=3)


# -- whole games -------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_every_permutation_within_the_paper_bound(n):
    worst = 0
    for secret in itertools.permutations(range(n)):
        maker, found = play(secret, n)
        check_game(maker, found, secret)
        worst = max(worst, maker.queries)
    assert worst <= permutation_query_bound(n, n)
    assert worst <= permutation_worst_case_bound(n, n)
    assert worst >= n  # the adversary lower bound holds for every codebreaker


INJECTIONS_SLOW = [(7, 7), (8, 8), (5, 7), (6, 7), (5, 8)]
"""Games whose every injection takes seconds (``slow``)."""


@pytest.mark.parametrize(
    ("n", "k"),
    [
        *[(1, 2), (1, 5), (2, 3), (3, 4), (3, 5), (4, 5), (4, 6)],
        *[pytest.param(*size, marks=pytest.mark.slow) for size in INJECTIONS_SLOW],
    ],
)
def test_every_injection_within_the_paper_bound(n, k):
    worst = 0
    for secret in itertools.permutations(range(k), n):
        maker, found = play(secret, k)
        check_game(maker, found, secret)
        worst = max(worst, maker.queries)
    assert worst <= permutation_query_bound(n, k)
    assert worst <= permutation_worst_case_bound(n, k)


@pytest.mark.parametrize("n", [10, 16, 64, 257, pytest.param(1000, marks=pytest.mark.slow)])
@pytest.mark.parametrize("extra", [0, 1, 37])
def test_random_permutations(n, extra):
    k = n + extra
    rng = random.Random(1000 * n + extra)
    games = 6 if n <= 64 else 1
    for _ in range(games):
        secret = tuple(rng.sample(range(k), n))
        maker, found = play(secret, k, QuickCodemaker)
        check_game(maker, found, secret)
        assert maker.queries <= permutation_worst_case_bound(n, k)
        assert maker.queries <= permutation_query_bound(n, k)


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k"), [(1000, 1000), (1000, 1001)])
def test_n1000_with_the_real_codemaker(n, k):
    secret = tuple(random.Random(n + k).sample(range(k), n))
    maker, found = play(secret, k)
    check_game(maker, found, secret)
    assert maker.queries <= permutation_query_bound(n, k)


def test_identity_and_shift_secrets_stop_early():
    # sigma^0 is the secret: one guess
    maker, found = play(tuple(range(6)), 6)
    assert found == tuple(range(6)) and maker.queries == 1
    # sigma^{n-1} is the secret: its answer n is deduced, but it is still asked once
    secret = cyclic_shift_code(5, 6, 6)
    maker, found = play(secret, 6)
    check_game(maker, found, secret)
    assert maker.queries == 6
