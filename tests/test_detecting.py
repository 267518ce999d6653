"""Tests for mastermind_q.classical.detecting (Lindström-type detecting matrices)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from mastermind_q.classical.detecting import (
    MAX_DETECTING_COINS,
    decode_detecting,
    decode_weighing,
    detecting_capacity,
    detecting_coins,
    detecting_matrix,
    detecting_rows,
    lindstrom_rows,
    weighing_design,
)


def popcount_sum(m: int) -> int:
    return sum(bin(x).count("1") for x in range(1, m + 1))


def reference_weighs(row: int, owner: int, rank: int) -> bool:
    """The weighing rule written out: A = lowest ``rank`` one-bits of U, B = U minus A."""
    ones = [bit for bit in range(owner.bit_length()) if owner >> bit & 1]
    lows = sum(1 << bit for bit in ones[:rank])
    highs = owner ^ lows
    return bin(row & lows).count("1") % 2 == 1 and row & highs == 0


@pytest.mark.parametrize("m", [0, 1, 2, 3, 7, 10, 15, 63, 100, 867, 1000, 4095])
def test_capacity_is_the_popcount_sum(m):
    assert detecting_capacity(m) == popcount_sum(m)


def test_capacity_at_powers_of_two_minus_one():
    for j in range(1, 20):
        assert detecting_capacity(2**j - 1) == j * 2 ** (j - 1)


@pytest.mark.parametrize(
    ("coins", "rows"),
    [(0, 0), (1, 1), (2, 2), (16, 10), (64, 27), (256, 85), (1024, 255), (4096, 867)],
)
def test_lindstrom_rows_reference_values(coins, rows):
    assert lindstrom_rows(coins) == rows


def test_lindstrom_rows_is_the_least_sufficient_m():
    for coins in range(1, 400):
        m = lindstrom_rows(coins)
        assert popcount_sum(m) >= coins > popcount_sum(m - 1)


@pytest.mark.parametrize("coins", [1, 5, 17, 40, 100])
def test_matrix_follows_the_weighing_rule(coins):
    matrix = detecting_matrix(coins)
    owners, ranks = detecting_coins(coins)
    m = lindstrom_rows(coins)
    assert matrix.shape == (m, coins)
    assert matrix.dtype == bool
    # coins ordered by U, then j, each j = 1..popcount(U)
    pairs = [(u, j) for u in range(1, m + 1) for j in range(1, bin(u).count("1") + 1)][:coins]
    assert list(zip(owners.tolist(), ranks.tolist())) == pairs
    for row in range(1, m + 1):
        for coin, (owner, rank) in enumerate(pairs):
            assert matrix[row - 1, coin] == reference_weighs(row, owner, rank)
    # every row weighs something; rows as index sets agree with the matrix
    assert matrix.any(axis=1).all()
    for row, positions in zip(matrix, detecting_rows(coins)):
        assert positions.tolist() == np.flatnonzero(row).tolist()


@pytest.mark.parametrize(
    "coins",
    [
        *range(1, 10),
        pytest.param(10, marks=pytest.mark.slow),
        pytest.param(11, marks=pytest.mark.slow),
    ],
)
def test_decoder_exhaustive_small(coins):
    """Every 0/1 vector of up to 11 coins (m up to 7) decodes back to itself."""
    matrix = detecting_matrix(coins).astype(np.int64)
    vectors = np.array(list(itertools.product((0, 1), repeat=coins)), dtype=np.int64)
    answers = vectors @ matrix.T
    # the matrix is detecting: all answer vectors distinct
    assert len({tuple(a) for a in answers.tolist()}) == len(vectors)
    for vector, answer in zip(vectors, answers):
        assert decode_detecting(answer, coins).tolist() == vector.tolist()


@pytest.mark.slow
def test_decoder_exhaustive_full_matrix_m7():
    """m = 7 carries 12 coins (j 2^(j-1), j = 3): all 4096 vectors decode."""
    assert lindstrom_rows(12) == 7 and detecting_capacity(7) == 12
    matrix = detecting_matrix(12).astype(np.int64)
    for vector in itertools.product((0, 1), repeat=12):
        x = np.array(vector)
        assert decode_detecting(matrix @ x, 12).tolist() == list(vector)


@pytest.mark.parametrize("coins", [detecting_capacity(63), 200, 1000, 1024, 4096, 6000])
def test_decoder_random_vectors(coins):
    rng = np.random.default_rng(coins)
    matrix = detecting_matrix(coins).astype(np.int64)
    for density in (0.0, 0.05, 0.5, 0.95, 1.0):
        x = (rng.random(coins) < density).astype(np.int64)
        assert np.array_equal(decode_detecting(matrix @ x, coins), x)


def test_decoder_never_returns_a_vector_that_misses_the_answers():
    """Perturbed answers either raise or decode to a vector that reproduces them."""
    rng = np.random.default_rng(5)
    coins = 50
    matrix = detecting_matrix(coins).astype(np.int64)
    rejected = 0
    for _ in range(200):
        x = (rng.random(coins) < 0.5).astype(np.int64)
        answers = matrix @ x
        answers[rng.integers(answers.size)] += rng.choice([-1, 1])
        try:
            decoded = decode_detecting(answers, coins)
        except ValueError as error:
            assert "inconsistent" in str(error)
            rejected += 1
        else:
            assert np.array_equal(matrix @ decoded, answers)
            assert set(decoded.tolist()) <= {0, 1}
    assert rejected > 100
    with pytest.raises(ValueError, match="inconsistent"):
        decode_detecting(np.full(lindstrom_rows(coins), 99), coins)
    with pytest.raises(ValueError, match="inconsistent"):
        decode_detecting(np.full(lindstrom_rows(coins), -1), coins)


def test_decoder_rejects_a_bit_of_an_unused_coin():
    # 5 coins use m = 4 rows of the 5 coins (U = 4 has one coin); 16 coins of m = 10 leave
    # coin (10, 2) unused: its column's answers must not decode
    full = detecting_capacity(10)
    assert full == 17
    matrix = detecting_matrix(full).astype(np.int64)
    x = np.zeros(full, dtype=np.int64)
    x[-1] = 1
    with pytest.raises(ValueError, match="inconsistent"):
        decode_detecting(matrix @ x, 16)


def test_decoder_input_checks():
    with pytest.raises(ValueError, match="needs 10 answers for 16 coins"):
        decode_detecting([0] * 9, 16)
    with pytest.raises(TypeError, match="integers"):
        decode_detecting(np.zeros(10), 16)
    with pytest.raises(TypeError, match="num_coins must be an integer"):
        decode_detecting([0] * 10, 16.0)
    with pytest.raises(TypeError, match="num_coins must be an integer"):
        lindstrom_rows(True)
    with pytest.raises(ValueError, match="num_coins must be >= 0, was -1"):
        lindstrom_rows(-1)
    with pytest.raises(ValueError, match="at most"):
        detecting_matrix(MAX_DETECTING_COINS + 1)
    assert decode_detecting([], 0).tolist() == []


# -- designs with integer coins ----------------------------------------------------------------
@pytest.mark.parametrize(("binary", "integer"), [(0, 1), (1, 1), (5, 2), (0, 7), (3, 9), (40, 12)])
def test_weighing_design_layout(binary, integer):
    design = weighing_design(binary, integer)
    m = design.rows
    assert m == max(lindstrom_rows(binary + integer), integer)
    assert design.slots.size == binary + integer
    assert len(set(design.slots.tolist())) == design.slots.size
    owners, ranks = detecting_coins(detecting_capacity(m))
    tops = [
        int(ranks[slot]) == bin(int(owners[slot])).count("1")
        for slot in design.slots[binary:].tolist()
    ]
    assert all(tops)  # every integer coin sits in a top slot
    assert design.integer.tolist() == [False] * binary + [True] * integer
    full = detecting_matrix(detecting_capacity(m))
    assert np.array_equal(design.matrix(), full[:, design.slots])


def test_weighing_design_without_integers_is_the_detecting_matrix():
    for coins in (1, 16, 100):
        design = weighing_design(coins)
        assert np.array_equal(design.matrix(), detecting_matrix(coins))


@pytest.mark.parametrize(("binary", "integer"), [(1, 1), (4, 2), (9, 3), (30, 10), (200, 40)])
def test_decode_weighing_random(binary, integer):
    rng = np.random.default_rng(binary * 100 + integer)
    design = weighing_design(binary, integer)
    matrix = design.matrix().astype(np.int64)
    for largest in (1, 2, 5, 1000):
        x = np.concatenate(
            [rng.integers(0, 2, binary), rng.integers(0, largest + 1, integer)]
        ).astype(np.int64)
        assert np.array_equal(decode_weighing(matrix @ x, design), x)


def test_decode_weighing_exhaustive_small():
    design = weighing_design(2, 2)  # m = 3: two binary, two integer coins (values 0..3)
    matrix = design.matrix().astype(np.int64)
    seen = set()
    for x in itertools.product((0, 1), (0, 1), range(4), range(4)):
        answers = matrix @ np.array(x)
        assert decode_weighing(answers, design).tolist() == list(x)
        seen.add(tuple(answers.tolist()))
    assert len(seen) == 64


def test_decode_weighing_rejects_impossible_answers():
    design = weighing_design(3, 1)
    with pytest.raises(ValueError, match="inconsistent"):
        decode_weighing(np.full(design.rows, -1), design)
    with pytest.raises(ValueError, match="needs 3 answers"):
        decode_weighing([0], design)
    rng = np.random.default_rng(3)
    design = weighing_design(30, 5)
    matrix = design.matrix().astype(np.int64)
    for _ in range(100):
        x = np.concatenate([rng.integers(0, 2, 30), rng.integers(0, 4, 5)])
        answers = matrix @ x
        answers[rng.integers(answers.size)] += 1
        try:
            decoded = decode_weighing(answers, design)
        except ValueError:
            continue
        assert np.array_equal(matrix @ decoded, answers)
        assert set(decoded[:30].tolist()) <= {0, 1} and decoded.min() >= 0
