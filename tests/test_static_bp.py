"""Belief-propagation decoding of static query sets, and the exhaustive small games."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mastermind_q as mq
from mastermind_q.classical import static_schemes as schemes
from mastermind_q.classical.static import static_query_set
from mastermind_q.classical.static_bp import (
    column_major,
    decode_bp,
    smallest_colour_dtype,
)
from mastermind_q.classical.static_schemes import SCHEMES, scheme_query_count

pytestmark = pytest.mark.usefixtures("private_cache")


def _planted(n, k, m, seed, maker=schemes.random_queries):
    rng = np.random.default_rng((seed, n, k))
    secret = rng.integers(0, k, size=n)
    queries = maker(n, k, m, seed)
    return secret, queries, np.count_nonzero(queries == secret[None, :], axis=1)


@pytest.mark.parametrize(("n", "k", "law"), [(64, 64, "poisson"), (64, 8, "gaussian")])
def test_decodes_planted_secrets_with_either_law(n, k, law):
    m = schemes.bp_query_count(n, k)
    for seed in range(5):
        secret, queries, blacks = _planted(n, k, m, seed, schemes.balanced_queries)
        code, reproduces = decode_bp(queries, blacks, k, law=law)
        assert reproduces and np.array_equal(code, secret)


def test_the_law_follows_the_mean_answer():
    # the translated Poisson law diverges on dense answers, the Gaussian decodes them
    _secret, queries, blacks = _planted(256, 16, 693, 1)
    assert decode_bp(queries, blacks, 16, law="gaussian", repair_step=False)[1]
    assert not decode_bp(queries, blacks, 16, law="poisson", repair_step=False)[1]
    assert decode_bp(queries, blacks, 16)[1]  # picked by n / k


def test_a_decode_that_misses_an_answer_says_so():
    _secret, queries, blacks = _planted(32, 32, 200, 2)
    broken = blacks.copy()
    broken[0] = 33  # no code gives more black pegs than positions
    code, reproduces = decode_bp(queries, broken, 32)
    assert not reproduces
    assert not np.array_equal(np.count_nonzero(queries == code, axis=1), broken)


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 12),
    k=st.integers(2, 12),
    m=st.integers(1, 60),
    seed=st.integers(0, 2**16),
)
def test_reproduces_is_true_exactly_when_every_answer_is_reproduced(n, k, m, seed):
    _secret, queries, blacks = _planted(n, k, m, seed)
    code, reproduces = decode_bp(queries, blacks, k)
    assert code.shape == (n,) and code.min() >= 0 and code.max() < k
    assert reproduces == np.array_equal(np.count_nonzero(queries == code, axis=1), blacks)


@pytest.mark.parametrize(("threaded", "scheme"), [(False, "balanced"), (True, "random")])
def test_active_phase_decodes_as_every_cell_does(monkeypatch, threaded, scheme):
    from mastermind_q.classical import static_bp

    n = k = 128
    m = schemes.bp_query_count(n, k, scheme)
    maker = schemes.balanced_queries if scheme == "balanced" else schemes.random_queries
    phases = []
    run = static_bp._Active.run

    def counted(self, iterations):
        phases.append(1)
        return run(self, iterations)

    monkeypatch.setattr(static_bp._Active, "run", counted)
    monkeypatch.setattr(static_bp, "THREADED_FROM", 0 if threaded else 1 << 62)
    agree = won = 0
    for seed in range(6):
        secret, queries, blacks = _planted(n, k, m, seed, maker)
        monkeypatch.setattr(static_bp, "ACTIVE_FROM", 1 << 62)
        dense, dense_ok = decode_bp(queries, blacks, k)
        monkeypatch.setattr(static_bp, "ACTIVE_FROM", 0)
        code, reproduces = decode_bp(queries, blacks, k)
        assert reproduces == np.array_equal(np.count_nonzero(queries == code, axis=1), blacks)
        agree += reproduces == dense_ok and np.array_equal(code, dense)
        won += reproduces and np.array_equal(code, secret)
    assert len(phases) >= 6 and agree >= 5 and won >= 5  # it ran, and decodes alike


def test_a_failed_active_phase_decodes_again_on_every_cell(monkeypatch):
    from mastermind_q.classical import static_bp

    secret, queries, blacks = _planted(64, 64, schemes.bp_query_count(64, 64), 3)
    monkeypatch.setattr(static_bp, "ACTIVE_FROM", 1 << 62)
    dense = decode_bp(queries, blacks, 64)
    monkeypatch.setattr(static_bp, "ACTIVE_FROM", 0)
    monkeypatch.setattr(static_bp._Active, "run", lambda self, iterations: None)
    code, reproduces = decode_bp(queries, blacks, 64)
    assert reproduces == dense[1] and np.array_equal(code, dense[0])
    assert reproduces and np.array_equal(code, secret)


def test_bad_answers_and_laws_are_refused():
    with pytest.raises(ValueError, match="needs 3 answers"):
        decode_bp(np.zeros((3, 4), dtype=int), [1, 2], 4)
    with pytest.raises(ValueError, match="law must be"):
        decode_bp(np.zeros((3, 4), dtype=int), [1, 2, 3], 4, law="exact")
    with pytest.raises(ValueError, match="m x n"):
        column_major(np.zeros(4, dtype=int), 4)


# -- compact query sets -------------------------------------------------------------------
def test_query_sets_are_compact_and_column_major():
    assert smallest_colour_dtype(2) == np.uint8 and smallest_colour_dtype(257) == np.uint16
    assert smallest_colour_dtype(70_000) == np.uint32
    for maker in (schemes.random_queries, schemes.balanced_queries):
        rows = maker(50, 300, 70, 3)
        assert rows.shape == (70, 50) and rows.dtype == np.uint16 and rows.T.flags["C_CONTIGUOUS"]
        assert rows.max() < 300 and np.array_equal(rows, maker(50, 300, 70, 3))
    plan = static_query_set(256, 256, seed=1)
    assert plan.rows.dtype == np.uint8 and len(plan) == scheme_query_count(256, 256, plan.scheme)


@pytest.mark.parametrize(("n", "k"), [(12, 4), (8, 8), (5, 9)])
def test_balanced_queries_ask_every_colour_everywhere_and_balance_each_query(n, k):
    rows = schemes.balanced_queries(n, k, 3 * k, 5).astype(np.int64)
    for position in range(n):
        assert sorted(rows[:k, position]) == list(range(k))  # the Latin block
    counts = np.stack([np.bincount(row, minlength=k) for row in rows])
    assert counts.max() - counts.min() <= 1 if n >= k else counts.max() == 1


# -- exhaustive small games ---------------------------------------------------------------
def _playable(n, k):
    for scheme in SCHEMES:
        if scheme == "coin-weighing" and k != 2:
            continue
        yield scheme


@pytest.mark.parametrize(("n", "k"), [(3, 4), (4, 3), (5, 2)])
def test_every_secret_of_small_games_is_won_or_reported_lost(n, k):
    from mastermind_q.classical.static import decode_static

    for scheme in _playable(n, k):
        queries = static_query_set(n, k, scheme=scheme, seed=0).queries
        for secret in itertools.product(range(k), repeat=n):
            result = mq.solve(secret, colors=k, method="static", scheme=scheme, seed=0)
            assert result.scheme == scheme
            assert result.solved == (result.found == secret)  # never claimed wrongly
            assert result.queries == len(result.transcript)
            if scheme != "minimum":
                assert result.queries <= scheme_query_count(n, k, scheme) + 1
            if not result.solved:  # lost only where the set cannot tell the secret apart
                assert scheme in ("random", "balanced")
                answers = [(mq.black(secret, query), 0) for query in queries]
                assert len(decode_static(queries, answers, n, k)) == 2


def test_an_interrupted_sweep_stops_its_lanes_at_their_next_block():
    """Ctrl-C while the lanes run on threads: the running lanes return at their next
    block and the queued ones never start (the exception does not wait for a sweep)."""
    import signal
    import threading
    import time

    from mastermind_q.classical.static_bp import _Lanes

    stopped, blocks = threading.Event(), []

    def step(lane):
        for _ in range(2_000):  # 20 s a lane if never stopped
            if stopped.is_set():
                return
            blocks.append(lane)
            time.sleep(0.01)

    main = threading.main_thread().ident
    timer = threading.Timer(0.2, signal.pthread_kill, (main, signal.SIGINT))
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt), _Lanes(2, stopped, range(4)) as each_lane:
            timer.start()
            each_lane(step)
    finally:
        timer.join()
        signal.signal(signal.SIGINT, handler)
    count = len(blocks)
    time.sleep(0.1)
    assert stopped.is_set() and len(blocks) == count  # no lane runs on
    assert set(blocks) <= {0, 1} and count < 1_000


def test_balanced_blocks_are_the_balanced_queries():
    for n, k, m in ((16, 16, 70), (300, 256, 40), (64, 8, 33)):
        whole = schemes.balanced_queries(n, k, m, 5)
        blocks = list(schemes.balanced_blocks(n, k, m, 5))
        assert blocks[0][0] == 0
        assert np.array_equal(np.concatenate([rows for _, rows in blocks]), whole)


@pytest.mark.parametrize("n", [64, 256])
def test_streamed_decode_finds_what_the_held_set_decodes(monkeypatch, n):
    from mastermind_q.classical import static_bp

    monkeypatch.setattr(static_bp, "STREAM_ROWS", 37)  # row groups of several blocks
    k, m = n, schemes.bp_query_count(n, n, "balanced")
    for seed in range(4):
        secret, queries, blacks = _planted(n, k, m, seed, schemes.balanced_queries)
        dense, dense_ok = decode_bp(queries, blacks, k)
        code, reproduces = static_bp.decode_streamed(
            lambda seed=seed: schemes.balanced_blocks(n, k, m, seed), n, blacks, k
        )
        assert reproduces == np.array_equal(np.count_nonzero(queries == code, axis=1), blacks)
        assert reproduces and dense_ok and np.array_equal(code, dense)
        assert np.array_equal(code, secret)


def test_a_streamed_decode_that_misses_says_so():
    from mastermind_q.classical import static_bp

    n = k = 64
    m = schemes.bp_query_count(n, k, "balanced") // 4  # far below the threshold
    _secret, queries, blacks = _planted(n, k, m, 1, schemes.balanced_queries)
    code, reproduces = static_bp.decode_streamed(
        lambda: schemes.balanced_blocks(n, k, m, 1), n, blacks, k
    )
    assert not reproduces
    assert not np.array_equal(np.count_nonzero(queries == code, axis=1), blacks)
    with pytest.raises(ValueError, match="held 16 queries"):
        static_bp.decode_streamed(lambda: schemes.balanced_blocks(n, k, 16, 1), n, blacks, k)
