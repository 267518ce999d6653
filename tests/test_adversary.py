"""Tests for mastermind_q.classical.adversary (El Ouali et al., Section 3)."""

from __future__ import annotations

import itertools

import pytest

from mastermind_q import black, black_white, play
from mastermind_q.classical.adversary import AdversaryCodemaker
from mastermind_q.classical.baselines import (
    solve_blackpeg,
    solve_knuth,
    solve_random_consistent,
)
from mastermind_q.classical.codes import all_codes, count_codes
from mastermind_q.classical.permutation import permutation_query_bound, solve_permutation
from mastermind_q.codemaker import ClassicalCodemaker


def consistent_secrets(maker):
    """All codes consistent with the transcript (black answers), by brute force."""
    codes = itertools.permutations(range(maker.num_colors), maker.num_positions)
    if not maker.distinct:
        codes = itertools.product(range(maker.num_colors), repeat=maker.num_positions)
    return [
        code
        for code in codes
        if all(black(code, guess) == answer for guess, answer in maker.transcript)
    ]


def test_same_interface_as_codemaker():
    maker = AdversaryCodemaker(4, 5)
    assert isinstance(maker, ClassicalCodemaker)
    assert (maker.num_positions, maker.num_colors, maker.distinct) == (4, 5, True)
    assert maker.remaining == count_codes(4, 5, distinct=True) == 120
    assert maker.validate_guess([0, 1, 2, 3]) == (0, 1, 2, 3)
    with pytest.raises(ValueError, match="guess must not repeat colours"):
        maker.black((0, 0, 1, 2))
    assert maker.queries == 0


def test_answers_the_smallest_consistent_black_value():
    maker = AdversaryCodemaker(3, 3)
    # some permutation of 3 has no fixed point: the identity is answered 0
    assert maker.black((0, 1, 2)) == 0
    assert set(maker.feasible) == {(1, 2, 0), (2, 0, 1)}
    # both remaining secrets give 1 to (0, 2, 1): it must answer 1, both stay
    assert maker.black((0, 2, 1)) == 1
    assert maker.remaining == 2
    assert maker.black((1, 2, 0)) == 0  # (2, 0, 1) remains
    assert maker.feasible == ((2, 0, 1),)
    assert maker.black((2, 0, 1)) == 3
    assert maker.reveal() == (2, 0, 1)
    assert maker.queries == 4


@pytest.mark.parametrize(("n", "k", "distinct"), [(3, 3, True), (4, 5, True), (3, 3, False)])
def test_feasible_set_is_exactly_the_consistent_secrets(n, k, distinct):
    maker = AdversaryCodemaker(n, k, distinct=distinct)
    guesses = list(itertools.islice(itertools.permutations(range(k), n), 0, None, 2))[:5]
    for guess in guesses:
        before = maker.feasible
        answer = maker.black(guess)
        assert answer == min(black(code, guess) for code in before)
        assert list(maker.feasible) == consistent_secrets(maker)
    # reveal is the lexicographically smallest remaining feasible code
    assert maker.reveal() == min(maker.feasible)


def test_black_white_answers_the_smallest_pair():
    maker = AdversaryCodemaker(3, 4, distinct=False)
    guess = (0, 0, 1)
    before = maker.feasible
    answer = maker.black_white(guess)
    assert answer == min(black_white(code, guess) for code in before)
    assert all(black_white(code, guess) == answer for code in maker.feasible)
    assert maker.transcript == ((guess, answer),)


def test_no_oracle_and_size_errors():
    with pytest.raises(ValueError, match="no fixed secret"):
        AdversaryCodemaker(3, 3).oracle()
    with pytest.raises(ValueError, match=r"colors must be >= positions \(4\).*was 3"):
        AdversaryCodemaker(4, 3)
    with pytest.raises(ValueError, match="more than max_codes=100"):
        AdversaryCodemaker(5, 5, max_codes=100)
    with pytest.raises(ValueError, match="positions must have value >= 1, was 0"):
        AdversaryCodemaker(0, 3)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
def test_permutation_solver_needs_at_least_n_queries(n):
    maker = AdversaryCodemaker(n, n)
    found = solve_permutation(maker)
    assert found == maker.reveal()
    assert maker.transcript[-1] == (found, n)
    assert n <= maker.queries <= permutation_query_bound(n, n)


@pytest.mark.parametrize(("n", "k"), [(2, 3), (3, 5), (4, 6), (5, 7)])
def test_permutation_solver_more_colors_needs_at_least_k_queries(n, k):
    maker = AdversaryCodemaker(n, k)
    found = solve_permutation(maker)
    assert found == maker.reveal()
    assert k <= maker.queries <= permutation_query_bound(n, k)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_consistent_needs_at_least_n_queries(n, seed):
    maker = AdversaryCodemaker(n, n)
    found = solve_random_consistent(maker, seed=seed)
    assert found == maker.reveal()
    assert maker.transcript[-1] == (found, n)
    assert maker.queries >= n


def test_the_adversary_never_answers_more_than_m_before_n_guesses():
    # Lemma 2: b_m <= m for m < n, whatever the codebreaker asks
    n = 6
    for seed in range(3):
        maker = AdversaryCodemaker(n, n)
        solve_random_consistent(maker, seed=seed)
        for index, (_, answer) in enumerate(maker.transcript[: n - 1], start=1):
            assert answer <= index


@pytest.mark.parametrize(("n", "k"), [(4, 6), (3, 4)])
def test_baselines_with_repetition_against_the_adversary(n, k):
    for solver in (solve_knuth, solve_blackpeg):
        maker = AdversaryCodemaker(n, k, distinct=False)
        found = solver(maker)
        assert found == maker.reveal()
        assert maker.remaining == 1


def test_play_referees_the_adversary():
    result = play(AdversaryCodemaker(5, 5), method="permutation")
    assert result.solved and result.secret == result.found
    assert result.queries == len(result.transcript) >= 5
    result = play(AdversaryCodemaker(3, 4, distinct=False), method="blackpeg")
    assert result.solved


@pytest.mark.slow
def test_permutation_solver_against_the_adversary_n8():
    maker = AdversaryCodemaker(8, 8)
    assert solve_permutation(maker) == maker.reveal()
    assert 8 <= maker.queries <= permutation_query_bound(8, 8)
    assert all_codes(8, 8, distinct=True).shape == (40320, 8)
