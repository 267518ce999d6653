"""Tests for mastermind_q.classical.few_colors (colour designs over the unknown positions)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from mastermind_q.classical import few_colors
from mastermind_q.classical.coin_weighing import solve_coin_weighing
from mastermind_q.classical.detecting import lindstrom_rows
from mastermind_q.classical.few_colors import (
    decode_radix,
    decode_slots,
    design_matrix,
    few_colors_cost,
    few_colors_plan,
    play_few_colors,
    radix_design,
    slot_design,
    sparse_weights,
    ternary_rows,
    ternary_weights,
)
from mastermind_q.codemaker import Codemaker


class SealedCodemaker(Codemaker):
    """A codemaker whose secret cannot be read during the game."""

    def reveal(self):
        raise AssertionError("the codebreaker read the secret")


def play_stages(secret, colors):
    """The few-colours stages alone: counts given, every guess charged by the codemaker."""
    maker = SealedCodemaker(secret, colors)
    counts = {c: list(secret).count(c) for c in range(colors) if c in secret}
    asked = []

    def ask_many(codes):
        answers = maker.black_many(codes)
        asked.append(codes.shape[0])
        assert answers.shape[0] == codes.shape[0] or answers[-1] == len(secret)
        return answers

    found = play_few_colors(ask_many, counts, len(secret), colors)
    assert found.tolist() == list(secret)
    assert maker.queries == len(maker.transcript) <= sum(asked)
    return maker.queries


@pytest.mark.parametrize(("width", "values"), [(1, 2), (2, 3)])
@pytest.mark.parametrize("coins", [1, 2, 3, 5, 17, 100, 700])
def test_slot_designs_decode_every_coin_vector(width, values, coins):
    design = slot_design(coins, width)
    matrix = design_matrix(design).astype(np.int64)
    assert matrix.shape == (design.rows, coins)
    rng = np.random.default_rng(coins)
    for _ in range(10):
        x = rng.integers(0, values, coins)
        assert decode_slots(matrix @ x, design).tolist() == x.tolist()


@pytest.mark.parametrize("size", range(1, 17))
def test_ternary_weights_give_every_combination_its_own_sum(size):
    weights = np.array(ternary_weights(size), dtype=np.int64)
    assert weights.max() <= 1 << (size - 1)
    sums = np.array(list(itertools.product((0, 1, 2), repeat=weights.size))) @ weights
    assert np.unique(sums).size == sums.size
    powers = 1 + int(np.floor((size - 1) * np.log(2) / np.log(3) + 1e-9))
    assert weights.size >= powers  # never fewer coins than powers of three


def test_design_rows_are_the_fewest_that_hold_the_coins():
    for coins in (*range(0, 300), 1000, 4096, 16384):
        assert slot_design(coins, 1).rows == lindstrom_rows(coins)
        design = radix_design(coins)
        assert design.rows == ternary_rows(coins)
        assert coins == 0 or design.owners[-1] == design.rows  # the last row holds a coin
    with pytest.raises(ValueError, match="fewer than 65536 rows, was 400000"):
        ternary_rows(400_000)
    with pytest.raises(ValueError, match="fewer than 65536 rows, was 1000000"):
        slot_design(1_000_000, 1)
    with pytest.raises(ValueError, match="at most 65535 rows, was 900000 positions"):
        few_colors_cost((300_000, 300_000, 300_000), 3)


def test_ternary_weights_refuse_sizes_out_of_range():
    with pytest.raises(ValueError, match=r"size must be in 1\.\.16, was 17"):
        ternary_weights(17)


@pytest.mark.parametrize("coins", [1, 2, 3, 5, 17, 100, 700, 3000])
def test_radix_designs_decode_every_ternary_vector(coins):
    design = radix_design(coins)
    matrix = design.weighs(np.arange(1, design.rows + 1), slice(None)).astype(np.int64)
    assert design.rows == ternary_rows(coins) <= slot_design(coins, 2).rows
    # the Möbius read of every mask is its coins' weighted sum: one coin at a time
    rng = np.random.default_rng(coins)
    for _ in range(5):
        x = rng.integers(0, 3, coins)
        assert decode_radix(matrix @ x, design).tolist() == x.tolist()
    for extreme in (np.zeros(coins, dtype=np.int64), np.full(coins, 2)):
        assert decode_radix(matrix @ extreme, design).tolist() == extreme.tolist()


def test_radix_designs_refuse_answers_no_coins_give():
    design = radix_design(40)
    matrix = design.weighs(np.arange(1, design.rows + 1), slice(None)).astype(np.int64)
    answers = matrix @ np.full(40, 2)
    answers[-1] += 1
    with pytest.raises(ValueError, match="inconsistent"):
        decode_radix(answers, design)


def test_slot_designs_refuse_answers_no_coins_give():
    design = slot_design(20, 2)
    matrix = design_matrix(design).astype(np.int64)
    answers = matrix @ np.ones(20, dtype=np.int64)
    answers[0] -= 5
    with pytest.raises(ValueError, match="inconsistent"):
        decode_slots(answers, design)
    with pytest.raises(ValueError, match="needs"):
        decode_slots(answers[:-1], design)
    with pytest.raises(ValueError, match="width must be 1 or 2, was 3"):
        slot_design(4, 3)


def test_plans_and_costs():
    assert few_colors_plan((5, 3, 2)) == (("pair", 0, 1),)
    assert few_colors_plan((40, 30, 20, 10)) == (("pair", 0, 1), ("pair", 2, 3))
    assert few_colors_cost((10, 20, 30, 40), 4) == ternary_rows(100) + lindstrom_rows(30)
    with pytest.raises(ValueError, match=r"decreasing order, was \(1, 2\)"):
        few_colors_plan((1, 2))


def test_plans_of_thousands_of_colours():
    # coin-weighing asks for the cost at n = k too (thousands of colours present)
    assert few_colors_cost((1,) * 4000, 4096) > 4000
    assert len(few_colors_plan((1,) * 4000)) == 2000


@pytest.mark.parametrize(("n", "k"), [(4, 3), (5, 2), (3, 4), (4, 4), (6, 3)])
def test_every_secret_of_small_games(n, k):
    for secret in itertools.product(range(k), repeat=n):
        play_stages(secret, k)


@pytest.mark.parametrize(("n", "k"), [(64, 3), (200, 5), (300, 8), (128, 16), (1024, 8)])
def test_random_secrets_cost_what_the_plan_says(n, k):
    """Exact designs cost what the plan says; sparse ones its expectation, near."""
    rng = random.Random(n * k)
    for _ in range(3):
        secret = [rng.randrange(k) for _ in range(n)]
        counts = [secret.count(c) for c in range(k)]
        assert abs(play_stages(secret, k) - few_colors_cost(counts, k)) <= 2 + n // 100


@pytest.mark.slow
@pytest.mark.parametrize(("n", "most"), [(4096, 0.70), (16384, 0.60)])
def test_targets_at_eight_colours(n, most):
    queries = []
    for seed in range(10):
        secret = np.random.default_rng((seed, n, 8)).integers(0, 8, n).tolist()
        maker = Codemaker(secret, 8)
        assert solve_coin_weighing(maker) == tuple(secret)
        queries.append(maker.queries)
    assert np.mean(queries) <= most * n


def sparse_kind(first, last, density=0):
    """The sparse kind of these popcounts and density class (``few_colors._KIND_SPECS``)."""
    wanted = (density, frozenset(range(first, last + 1)))
    return next(kind for kind, spec in few_colors._KIND_SPECS.items() if spec == wanted)


def test_sparse_weights_give_typical_reads_their_own_sum():
    kind = sparse_kind(5, 9)
    for size in range(1, 17):
        weights = np.array(sparse_weights(size, kind), dtype=np.int64)
        assert weights.max() <= 1 << (size - 1)  # the Möbius read needs no more
        extra = 1 if 5 <= size <= 9 else 0
        assert weights.size == len(ternary_weights(size)) + extra
        sums = np.array(list(itertools.product((0, 1, 2), repeat=weights.size))) @ weights
        base = weights.sum()  # every coin u = 1 (neither colour), the typical read
        assert np.count_nonzero(sums == base) == 1 or extra == 0
    with pytest.raises(ValueError, match="kind must be one of 3"):
        sparse_weights(5, 2)


def test_ambiguous_reads_are_resolved_from_their_candidates():
    kind = sparse_kind(5, 9)
    design = radix_design(300, kind)
    assert design.rows < ternary_rows(300)  # one coin more at popcounts 5..9
    matrix = design.weighs(np.arange(1, design.rows + 1), slice(None)).astype(np.int64)
    # a mask of popcount 6 whose coins read what another combination also reads
    mask = next(owner for owner in design.owners.tolist() if owner.bit_count() == 6)
    coins = np.flatnonzero(design.owners == mask)
    weights = design.weights[coins]
    combos = np.array(list(itertools.product((0, 1, 2), repeat=coins.size)))
    sums = combos @ weights
    ambiguous = combos[np.bincount(sums)[sums] > 1][0]
    x = np.ones(300, dtype=np.int64)
    x[coins] = ambiguous
    asked = []

    def resolve(ambiguous_coins, candidates):
        asked.append(ambiguous_coins.tolist())
        values = []
        start = 0
        for options in candidates:
            truth = x[ambiguous_coins[start : start + options.shape[1]]]
            assert options.shape[0] > 1 and (options == truth).all(axis=1).sum() == 1
            values += truth.tolist()
            start += options.shape[1]
        return np.array(values)

    assert decode_radix(matrix @ x, design, resolve).tolist() == x.tolist()
    assert coins.tolist() in [
        group[i : i + coins.size] for group in asked for i in range(len(group))
    ]
    with pytest.raises(ValueError, match="ambiguous read needs a repair"):
        decode_radix(matrix @ x, design)


@pytest.mark.parametrize(("n", "k"), [(256, 8), (1024, 8), (1024, 4), (512, 16), (700, 6)])
def test_random_secrets_are_won_with_repairs_counted(n, k, monkeypatch):
    asked = []
    ask = few_colors._Repair.ask

    def spy(self, *questions):
        answers = ask(self, *questions)
        asked.append(len(answers))
        return answers

    monkeypatch.setattr(few_colors._Repair, "ask", spy)
    for seed in range(2):
        secret = np.random.default_rng((seed, n, k)).integers(0, k, n).tolist()
        play_stages(secret, k)  # won, every guess the codemaker's
    if (n, k) in ((1024, 8), (512, 16)):
        assert asked  # these sizes play sparse designs, and some reads need a repair


@pytest.mark.parametrize("corrupt", [3, 40, 400, 700])
def test_a_corrupted_answer_is_refused(corrupt):
    secret = np.random.default_rng((0, 1024, 8)).integers(0, 8, 1024).tolist()
    maker = Codemaker(secret, 8)
    counts = {c: secret.count(c) for c in range(8)}
    seen = [0]

    def ask_many(codes):
        answers = maker.black_many(codes).copy()
        if seen[0] <= corrupt < seen[0] + answers.size:
            answers[corrupt - seen[0]] += 1
        seen[0] += answers.size
        return answers

    with pytest.raises(ValueError, match="inconsistent"):
        play_few_colors(ask_many, counts, 1024, 8)


def test_a_corrupted_repair_answer_is_refused(monkeypatch):
    secret = np.random.default_rng((0, 1024, 8)).integers(0, 8, 1024).tolist()
    maker = Codemaker(secret, 8)
    counts = {c: secret.count(c) for c in range(8)}
    repairing = []
    ask = few_colors._Repair.ask

    def spy(self, *questions):
        repairing.append(True)
        try:
            return ask(self, *questions)
        finally:
            repairing.pop()

    def ask_many(codes):
        answers = maker.black_many(codes).copy()
        if repairing:
            answers[0] -= 1
        return answers

    monkeypatch.setattr(few_colors._Repair, "ask", spy)
    with pytest.raises(ValueError, match="inconsistent"):
        play_few_colors(ask_many, counts, 1024, 8)
