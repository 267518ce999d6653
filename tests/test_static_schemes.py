"""Tests for the static schemes beyond the exact minimum: coin weighing, colour designs,
random sets with the peeling decoder; their choice, limits and the hostile inputs of the
static API."""

from __future__ import annotations

import itertools
import json
import math
import os

import numpy as np
import pytest

import mastermind_q as mq
from mastermind_q.classical import static as static_module
from mastermind_q.classical import static_exact
from mastermind_q.classical import static_schemes as schemes
from mastermind_q.classical.detecting import lindstrom_rows
from mastermind_q.classical.static import (
    decode_static,
    is_resolving,
    random_query_count,
    static_minimum,
    static_query_set,
    static_scheme,
)
from mastermind_q.codemaker import Codemaker
from mastermind_q.limits import ResourceLimitError

pytestmark = pytest.mark.usefixtures("private_cache")


def _secrets(n, k, count, seed):
    rng = np.random.default_rng((seed, n, k))
    return [tuple(int(c) for c in rng.integers(0, k, n)) for _ in range(count)]


# -- the choice --------------------------------------------------------------------------
def test_scheme_choice_and_counts():
    assert static_scheme(3, 2) == "minimum" and static_scheme(2, 4) == "minimum"
    assert static_scheme(10, 2) == "minimum"  # a recorded minimum set
    assert static_scheme(11, 2) == "coin-weighing"
    assert static_scheme(6, 6) == "colour-designs"  # the designs win small games
    for n, k in ((6, 6), (8, 8), (12, 12), (64, 4), (64, 8)):
        counts = {s: schemes.scheme_query_count(n, k, s) for s in schemes.SCHEMES[1:]}
        fewest = min(c for c in counts.values() if c is not None)
        assert counts[static_scheme(n, k)] == fewest
    assert static_scheme(64, 8) == static_scheme(256, 16) == "balanced"
    assert static_scheme(64, 64) == static_scheme(256, 256) == static_scheme(64, 512) == "balanced"
    assert static_scheme(4, 3, feedback="black-white") == "minimum"
    for n, expected in ((64, 28), (256, 86), (1024, 256), (4096, 868)):
        assert static_module.static_query_count(n, 2) == expected == lindstrom_rows(n) + 1
    assert static_module.static_query_count(64, 8, scheme="colour-designs") == 7 * 27 + 1
    assert static_module.static_query_count(64, 8) < 7 * lindstrom_rows(64) + 1  # balanced
    for n in (256, 1024):
        assert random_query_count(n, n) + 1 <= 2 * n * math.log2(n) + 1
        assert static_module.static_query_count(n, n) <= 0.9 * n * math.log2(n)
    assert static_module.static_query_count(256, 16) <= 700
    # the counts never go below the information bound
    for n, k in ((64, 64), (256, 16), (1024, 1024), (16, 100)):
        assert static_module.static_query_count(n, k) >= schemes.entropy_bound(n, k)


@pytest.mark.parametrize(
    ("n", "k", "scheme", "needle"),
    [
        (3, 2, "fast", "scheme must be one of minimum, coin-weighing, colour-designs, random"),
        (3, 2, 3, "scheme must be one of"),
        (8, 3, "coin-weighing", "k = 2 only"),
    ],
)
def test_bad_scheme_is_one_line_before_any_work(monkeypatch, n, k, scheme, needle):
    def no_work(*args, **kwargs):  # pragma: no cover - reached only if the check is late
        raise AssertionError("work started before the scheme was checked")

    monkeypatch.setattr(static_module, "_static_query_set", no_work)
    monkeypatch.setattr(Codemaker, "answer_batch", no_work)
    with pytest.raises(ValueError, match=needle) as caught:
        mq.solve((0,) * n, colors=k, method="static", scheme=scheme)
    assert "\n" not in str(caught.value)


def test_scheme_is_for_static_only():
    with pytest.raises(ValueError, match=r"method .blackpeg. has no schemes"):
        mq.solve((0, 1), colors=2, method="blackpeg", scheme="random")


def test_forced_minimum_beyond_the_exact_limits_is_refused():
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_STATIC_CODES"):
        mq.solve((0,) * 64, colors=2, method="static", scheme="minimum")


# -- coin weighing (k = 2) ---------------------------------------------------------------
@pytest.mark.parametrize(
    "n",
    [
        *range(1, 9),
        pytest.param(9, marks=pytest.mark.slow),
        pytest.param(10, marks=pytest.mark.slow),
    ],
)
def test_coin_weighing_wins_every_game_exhaustively(n):
    budget = lindstrom_rows(n) + 1  # before the final guess
    for secret in itertools.product(range(2), repeat=n):
        result = mq.solve(secret, colors=2, method="static", scheme="coin-weighing")
        assert result.solved and result.scheme == "coin-weighing"
        assert result.queries <= budget + 1
        assert len(result.transcript) == result.queries


@pytest.mark.parametrize("n", [64, 256, pytest.param(1024, marks=pytest.mark.slow)])
def test_coin_weighing_random_games(n):
    budget = lindstrom_rows(n) + 1
    assert budget == {64: 28, 256: 86, 1024: 256}[n]
    for secret in _secrets(n, 2, 50, 0):
        result = mq.solve(secret, colors=2, method="static", seed=1)
        assert result.scheme == "coin-weighing" and result.solved
        assert result.queries <= budget + 1


def test_coin_weighing_with_black_white_feedback():
    secret = _secrets(40, 2, 1, 5)[0]
    result = mq.solve(secret, colors=2, method="static", feedback="black-white")
    assert result.solved and result.scheme == "coin-weighing"
    assert result.queries == lindstrom_rows(40) + 2


# -- colour designs ----------------------------------------------------------------------
def test_colour_designs_exhaustive_small():
    for n, k in ((3, 3), (2, 5), (4, 3)):
        budget = (k - 1) * lindstrom_rows(n) + 1
        for secret in itertools.product(range(k), repeat=n):
            result = mq.solve(secret, colors=k, method="static", scheme="colour-designs")
            assert result.solved and result.queries <= budget + 1


@pytest.mark.parametrize(("n", "k"), [(64, 8), (20, 5), (3, 50), (100, 3)])
def test_colour_designs_random_games(n, k):
    budget = (k - 1) * lindstrom_rows(n) + 1
    for secret in _secrets(n, k, 10, 1):
        result = mq.solve(secret, colors=k, method="static", scheme="colour-designs")
        assert result.solved and result.scheme == "colour-designs"
        assert result.queries <= budget + 1


def test_design_decoder_refuses_answers_no_code_gives():
    queries = schemes.design_queries(10, 3)
    secret = np.array([0, 1, 2, 2, 1, 0, 0, 1, 2, 1])
    blacks = (queries == secret).sum(axis=1)
    assert schemes.decode_designs(blacks, 10, 3).tolist() == secret.tolist()
    for index in (0, 3, len(blacks) - 1):
        broken = blacks.copy()
        broken[index] += 1
        found = schemes.decode_designs(broken, 10, 3)
        assert found is None or not np.array_equal((queries == found).sum(axis=1), broken)


# -- random sets and the peeling decoder --------------------------------------------------
def _random_games(n, k, games, scheme="random"):
    won, budget = 0, schemes.bp_query_count(n, k, scheme) + 1
    for index, secret in enumerate(_secrets(n, k, games, 2)):
        result = mq.solve(secret, colors=k, method="static", seed=index, scheme=scheme)
        assert result.scheme == scheme and result.queries == budget
        won += result.solved
        if not result.solved:
            assert result.found != result.secret  # lost, and said so
    return won


@pytest.mark.parametrize("scheme", ["random", "balanced"])
def test_random_and_balanced_schemes_win_most_games_at_n_k_64(scheme):
    assert _random_games(64, 64, 40, scheme) >= 38


@pytest.mark.parametrize("scheme", ["random", "balanced"])
def test_belief_propagation_decodes_2k_below_n(scheme):
    assert _random_games(64, 8, 20, scheme) >= 19


@pytest.mark.slow
@pytest.mark.parametrize("n", [256, 1024])
def test_random_scheme_wins_95_percent_within_2_n_log_n(n):
    games = 40 if n == 256 else 20
    assert random_query_count(n, n) + 1 <= 2 * n * math.log2(n) + 1
    assert _random_games(n, n, games) >= math.ceil(0.95 * games)


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k"), [(256, 256), (1024, 1024), (256, 16)])
def test_static_wins_95_percent_within_the_targets(n, k):
    games = 20 if n == 256 else 10
    budget = {256: 0.9 * n * math.log2(n), 16: 700}[k if k == 16 else 256]
    if n == 1024:
        budget = 0.9 * n * math.log2(n)
    assert static_module.static_query_count(n, k) <= budget
    scheme = static_scheme(n, k)
    assert _random_games(n, k, games, scheme) >= math.ceil(0.95 * games)


def test_random_scheme_beyond_k_equals_n():
    for secret in _secrets(8, 100, 5, 3):
        result = mq.solve(secret, colors=100, method="static", scheme="random", seed=4)
        assert result.solved


def test_a_lost_random_game_is_reported_lost(monkeypatch):
    # far too few queries: the decoder cannot pin the secret down
    monkeypatch.setattr(schemes, "_bp_query_count", lambda n, k, scheme="balanced": 20)
    lost = 0
    for index, secret in enumerate(_secrets(32, 32, 10, 4)):
        result = mq.solve(secret, colors=32, method="static", scheme="random", seed=index)
        assert result.queries == 21
        assert result.solved == (result.found == result.secret)
        assert result.to_dict()["solved"] == result.solved
        lost += not result.solved
    assert lost >= 5


def test_decoder_flags_a_code_that_does_not_reproduce_the_answers():
    rng = np.random.default_rng(0)
    queries = rng.integers(0, 16, size=(20, 16), dtype=np.int32)
    secret = rng.integers(0, 16, 16)
    blacks = (queries == secret).sum(axis=1)
    blacks[0] = 17  # no code gives this
    _code, reproduces = schemes.decode_random(queries, blacks, 16)
    assert not reproduces
    queries = schemes.random_queries(16, 16, random_query_count(16, 16), 1)
    blacks = (queries == secret).sum(axis=1)
    code, reproduces = schemes.decode_random(queries, blacks, 16)
    assert reproduces and np.array_equal((queries == code).sum(axis=1), blacks)


def test_static_query_set_is_seeded_and_answer_free():
    first = static_query_set(64, 64, seed=5)
    assert first == static_query_set(64, 64, seed=5)
    assert first.queries != static_query_set(64, 64, seed=6).queries
    assert static_query_set(64, 2).scheme == "coin-weighing"


# -- results and rows name the scheme -----------------------------------------------------
def test_result_and_compare_rows_name_the_scheme(tmp_path):
    from mastermind_q.compare import compare
    from mastermind_q.compare.output import CSV_FIELDS

    result = mq.solve((0, 1, 1), colors=2, method="static")
    assert result.to_dict()["scheme"] == "minimum"
    assert "scheme" not in mq.solve((0, 1, 1), colors=2, method="blackpeg").to_dict()
    table = compare([3, 16], [2, 16], methods=["static", "blackpeg"], samples=2)
    rows = {(row.n, row.k, row.method): row for row in table.rows}
    assert rows[(3, 2, "static")].scheme == "minimum"
    assert rows[(16, 2, "static")].scheme == "coin-weighing"
    assert rows[(16, 16, "static")].scheme == "balanced"
    assert rows[(16, 16, "blackpeg")].scheme is None
    assert "scheme" in CSV_FIELDS and rows[(16, 2, "static")].to_dict()["scheme"]


# -- hostile input: the exact search's cache and limits -------------------------------------
def _cache_file():
    return static_exact._cache_path(3, 2, "black")


def _write_cache(data):
    path = _cache_file()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)


def test_a_resolving_but_not_minimum_cache_is_not_believed():
    four = [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)]
    assert is_resolving(four, 3, 2)
    _write_cache({"version": 1, "n": 3, "k": 2, "feedback": "black", "minimum": 4, "queries": four})
    assert static_minimum(3, 2) == 3


def test_a_not_minimum_cache_of_an_unknown_game_is_recomputed():
    codes = [tuple(c) for c in itertools.product(range(3), repeat=2)]
    path = static_exact._cache_path(2, 3, "black-white")
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "n": 2,
                "k": 3,
                "feedback": "black-white",
                "minimum": len(codes),
                "queries": codes,
            }
        )
    )
    os.chmod(path, 0o600)
    assert static_minimum(2, 3, feedback="black-white") == 2


@pytest.mark.parametrize(
    "change",
    [{"version": True}, {"n": 3.0}, {"minimum": 3.0}, {"k": True}, {"queries": [[0, 0, True]]}],
)
def test_loose_json_types_in_the_cache_are_refused(monkeypatch, change):
    three = [list(q) for q in static_module.static_minimum_set(3, 2, use_cache=False)]
    data = {"version": 1, "n": 3, "k": 2, "feedback": "black", "minimum": 3, "queries": three}
    data.update(change)
    _write_cache(data)
    assert static_exact._load_cached(3, 2, "black") is None


def test_a_directory_at_the_cache_path_leaves_no_temporary_file(tmp_path):
    path = _cache_file()
    path.mkdir(parents=True)
    assert static_minimum(3, 2) == 3
    assert not [p for p in path.parent.iterdir() if p.suffix == ".tmp"]


@pytest.mark.parametrize("k", [11, 16, 32])
def test_two_position_games_beyond_the_measured_limit_are_refused(k):
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_STATIC_PAIR_CODES"):
        static_minimum(2, k, use_cache=False)


# -- hostile input: the static API -------------------------------------------------------
@pytest.mark.parametrize(
    "call",
    [
        lambda: decode_static([(0, 0)], [(1, 0)], 10**30, 2),
        lambda: decode_static([(0,)], [(1, 0)], 1, 10**30),
    ],
)
def test_huge_sizes_end_at_once(call):
    with pytest.raises(ValueError):
        call()


def test_huge_counts_end_at_once():
    assert random_query_count(10**30, 2) > 10**29  # counted, never enumerated
    assert schemes.bp_query_count(10**7, 3) > schemes.entropy_bound(10**7, 3)


@pytest.mark.parametrize(
    "queries",
    [[(0, 5), (9, 0)], [(0, -1)], [(0, 1.0)], [(0, "1")], [(0, 0, 1)], [(0,)], [(True, 0)]],
)
def test_is_resolving_refuses_queries_outside_the_game(queries):
    with pytest.raises(ValueError, match="query"):
        is_resolving(queries, 2, 2)


def test_decode_static_refuses_queries_outside_the_game():
    with pytest.raises(ValueError, match="query 0"):
        decode_static([(0, 5)], [(1, 0)], 2, 2)
    with pytest.raises(ValueError, match="query 1"):
        decode_static([(0, 1), (0, 1, 1)], [(1, 0), (1, 0)], 2, 2)
    with pytest.raises(ValueError, match="answer 0"):
        decode_static([(0, 1)], [(3, 0)], 2, 2)
    with pytest.raises(TypeError):
        decode_static(5, [(1, 0)], 2, 2)


@pytest.mark.parametrize("flag", ["no", 1, None])
def test_use_cache_must_be_a_boolean(flag):
    with pytest.raises(ValueError, match="use_cache"):
        static_minimum(3, 2, use_cache=flag)


def test_random_scheme_with_black_white_feedback():
    for index, secret in enumerate(_secrets(16, 16, 5, 6)):
        result = mq.solve(secret, colors=16, method="static", feedback="black-white", seed=index)
        assert result.scheme == "balanced" and result.solved
        assert result.queries == schemes.bp_query_count(16, 16) + 1
        assert all(isinstance(answer, tuple) for _, answer in result.transcript)


def test_sizes_beyond_the_detecting_matrix_are_one_line_errors():
    with pytest.raises(ValueError):
        static_query_set(10**30, 2)
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_STATIC_BYTES"):
        static_query_set(5000, 100_000)
