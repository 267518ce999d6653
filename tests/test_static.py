"""Tests for the static (non-adaptive) game: exact minima, query sets, the codebreaker."""

from __future__ import annotations

import itertools
import json
import os

import pytest
from helpers import run_pythons

import mastermind_q as mq
from mastermind_q.classical import (  # the contract import
    optimal_worst_case,
    static_decoding,
    static_exact,
    static_minimum,
)
from mastermind_q.classical.static import (
    decode_static,
    is_resolving,
    random_query_count,
    random_query_set,
    static_minimum_set,
    static_progress,
    static_query_set,
)
from mastermind_q.codemaker import Codemaker
from mastermind_q.files import DataFileError, load_json
from mastermind_q.limits import ResourceLimitError

HYPERCUBE = [1, 2, 3, 4, 4, 5, 6, 6, 7, 7]  # OEIS A303735, n = 1..10


pytestmark = pytest.mark.usefixtures("private_cache")


def _brute_minimum(n: int, k: int, feedback: str) -> int:
    codes = list(itertools.product(range(k), repeat=n))
    for m in range(1, len(codes) + 1):
        for subset in itertools.combinations(codes, m):
            if is_resolving(subset, n, k, feedback=feedback):
                return m
    raise AssertionError("unreachable")


def test_contract_imports():
    assert callable(optimal_worst_case) and callable(static_minimum)


@pytest.mark.parametrize("n", range(1, 7))
def test_hypercube_anchor(n):
    assert static_minimum(n, 2) == HYPERCUBE[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", [7, 8, 9, 10])
def test_hypercube_anchor_slow(n):
    assert static_minimum(n, 2) == HYPERCUBE[n - 1]


@pytest.mark.parametrize("k", range(2, 7))
def test_two_positions_anchor(k):
    assert static_minimum(2, k) == (2 * (2 * k - 1)) // 3


@pytest.mark.slow
@pytest.mark.parametrize("k", [7, 8, 9])
def test_two_positions_anchor_slow(k):
    assert static_minimum(2, k) == (2 * (2 * k - 1)) // 3


@pytest.mark.parametrize(
    ("n", "k", "feedback"),
    [(2, 3, "black"), (3, 2, "black"), (2, 3, "black-white"), (3, 2, "black-white"),
     (2, 4, "black-white"), (4, 2, "black-white"), (3, 3, "black-white")],
)  # fmt: skip
def test_minimum_matches_brute_force(n, k, feedback):
    queries = static_minimum_set(n, k, feedback=feedback)
    assert is_resolving(queries, n, k, feedback=feedback)
    assert len(queries) == _brute_minimum(n, k, feedback)


def test_general_game_is_exact():
    queries = static_minimum_set(3, 3)
    assert len(queries) == 4 and is_resolving(queries, 3, 3)
    assert not any(is_resolving(s, 3, 3) for s in itertools.combinations(queries, 3))


def test_cache_round_trip_and_malformed(private_cache):
    first = static_minimum_set(2, 5)
    [path] = private_cache.glob("static-*n2-k5.json")
    data = json.loads(path.read_text())
    assert data["minimum"] == len(first) == 6
    static_exact._SETS.clear()
    assert static_minimum_set(2, 5) == first  # read back
    for bad in ["{not json", json.dumps({**data, "queries": [[0, 0]] * 6}), "[]"]:
        path.write_text(bad)
        static_exact._SETS.clear()
        assert static_minimum(2, 5) == 6  # recomputed, never a crash


def test_cache_that_is_not_the_users_small_file_is_not_read(private_cache):
    """A FIFO (reading would block), an oversized or group-writable file: recomputed."""
    static_minimum_set(2, 5)
    [path] = private_cache.glob("static-*n2-k5.json")
    path.unlink()
    os.mkfifo(path)
    static_exact._SETS.clear()
    assert static_minimum(2, 5) == 6  # would hang if the FIFO were opened for reading
    path.unlink()
    path.write_text(" " * (static_exact._CACHE_MAX_BYTES + 1))
    static_exact._SETS.clear()
    assert static_minimum(2, 5) == 6
    first = static_minimum_set(2, 5)  # stored again, valid
    path.chmod(0o666)
    static_exact._SETS.clear()
    with pytest.raises(DataFileError, match="writable by group or others"):
        load_json(path, max_bytes=1 << 20, private=True)
    assert static_minimum_set(2, 5) == first


def test_progress_reports_until_done():
    seen = []
    with static_progress(lambda done, total: seen.append((done, total))):
        static_minimum(2, 6, use_cache=False)
    assert seen and seen[-1][0] == seen[-1][1]


@pytest.mark.parametrize(("n", "k"), [(11, 2), (3, 10**6), (10**5, 3), (2, 40)])
def test_limit_refused_before_work(n, k):
    with pytest.raises(ResourceLimitError, match=f"n={n}, k={k}") as info:
        static_minimum(n, k)
    assert "MASTERMIND_Q_MAX_STATIC" in str(info.value)
    assert "\n" not in str(info.value) and len(str(info.value)) < 300


def test_other_limit_for_general_games():
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_STATIC_OTHER_CODES"):
        static_minimum(3, 5)
    with pytest.raises(ResourceLimitError, match="black-white"):
        static_minimum(5, 3, feedback="black-white")


@pytest.mark.parametrize("bad", [0, -1, 2.5, "3"])
def test_bad_sizes(bad):
    with pytest.raises(ValueError, match=repr(bad) if isinstance(bad, str) else str(bad)):
        static_minimum(bad, 2)


@pytest.mark.parametrize(
    ("n", "k", "feedback"),
    [(3, 2, "black"), (2, 3, "black"), (2, 4, "black"), (4, 2, "black"), (3, 3, "black"),
     (2, 3, "black-white"), (3, 3, "black-white")],
)  # fmt: skip
def test_solve_every_secret(n, k, feedback):
    m = static_minimum(n, k, feedback=feedback)
    for secret in itertools.product(range(k), repeat=n):
        result = mq.solve(secret, colors=k, method="static", feedback=feedback)
        assert result.solved, secret
        blacks = [a if isinstance(a, int) else a[0] for _, a in result.transcript[:m]]
        hit = n in blacks
        assert result.queries == (m if hit else m + 1)
        assert len(result.transcript) == result.queries


def test_codebreaker_commits_before_any_answer():
    maker = Codemaker((1, 0, 1), colors=2)
    queries = static_query_set(3, 2).queries

    def committed():
        for query in queries:
            assert maker.queries == 0 and maker.transcript == ()  # nothing answered yet
            yield query

    answers = maker.answer_batch(committed())
    assert len(answers) == maker.queries == len(queries)
    with pytest.raises(ValueError, match="one batch only"):
        maker.answer_batch(queries)
    late = Codemaker((1, 0, 1), colors=2)
    late.black((0, 0, 0))
    with pytest.raises(ValueError, match="before any other query"):
        late.answer_batch(queries)


def test_batch_validates_before_answering():
    maker = Codemaker((1, 0), colors=2)
    with pytest.raises(ValueError):
        maker.answer_batch([(0, 0), (0, 5)])
    assert maker.queries == 0
    assert maker.answer_batch([(1, 1)]) == ((1, 0),)


def test_random_set_seeded_and_decoded():
    n, k = 16, 16
    plan = static_query_set(n, k, seed=3, scheme="random")
    assert plan.source == "random" and plan.scheme == "random"
    assert random_query_set(n, k, seed=3) == random_query_set(n, k, seed=3) == plan.queries
    count = random_query_count(n, k)
    secret = (1, 0, 11, 5, 5, 7, 0, 3, 9, 2, 10, 4, 15, 15, 12, 8)
    won = 0
    for seed in range(10):
        result = mq.solve(secret, colors=k, method="static", seed=seed, scheme="random")
        asked = result.transcript[:count]
        assert [q for q, _ in asked] == list(random_query_set(n, k, seed=seed))
        assert result.scheme == "random" and result.queries == count + 1
        won += result.solved
    assert won >= 9


def test_cp_sat_decoding_matches_enumeration():
    queries = random_query_set(5, 4, seed=1)
    secret = (3, 1, 0, 2, 2)
    answers = [mq.black_white(secret, q) for q in queries]
    small = decode_static(queries, answers, 5, 4, feedback="black-white")
    large = static_decoding._decode_cp_sat(queries, answers, 5, 4, "black-white")
    assert set(small) == set(large) and secret in small


def test_static_refuses_permutation_game():
    with pytest.raises(ValueError, match="distinct"):
        mq.solve((0, 1), colors=3, method="static", distinct=True)


def test_solve_refused_beyond_the_entries_limit_before_any_work(monkeypatch):
    def no_work(*args, **kwargs):  # pragma: no cover - reached only if the check is late
        raise AssertionError("a query set was built before the limit check")

    monkeypatch.setattr("mastermind_q.classical.static_schemes.random_queries", no_work)
    monkeypatch.setattr("mastermind_q.classical.static_schemes.balanced_queries", no_work)
    monkeypatch.setattr("mastermind_q.classical.static_schemes.balanced_blocks", no_work)
    monkeypatch.setenv("MASTERMIND_Q_MAX_STATIC_BYTES", str(2**30))
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_STATIC_BYTES"):
        mq.solve((0,) * 16384, colors=16384, method="static")
    with pytest.raises(ResourceLimitError, match="streams 79203 queries x 8192 positions"):
        mq.solve((0,) * 8192, colors=8192, method="static")
    monkeypatch.setenv("MASTERMIND_Q_MAX_STATIC_BYTES", "100000")
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_STATIC_BYTES"):
        mq.solve((0,) * 64, colors=64, method="static")
    monkeypatch.delenv("MASTERMIND_Q_MAX_STATIC_BYTES")
    monkeypatch.setenv("MASTERMIND_Q_MAX_STATIC_ENTRIES", "1000")
    with pytest.raises(ResourceLimitError, match="MASTERMIND_Q_MAX_STATIC_ENTRIES"):
        mq.solve((0,) * 64, colors=64, method="static")


BAD_CLI = {
    "bytes": (
        ["--method", "static", "--colors", "16384", "--random", "16384", "--scheme", "random"],
        "MAX_STATIC_BYTES",
    ),
    "entries": (
        [
            "--method",
            "static",
            "--colors",
            "100000",
            "--random",
            "1000",
            "--scheme",
            "colour-designs",
        ],
        "MAX_STATIC_",
    ),
    "scheme": (
        ["--method", "static", "--colors", "4", "--random", "3", "--scheme", "x"],
        "--scheme",
    ),
    "coin-weighing": (
        ["--method", "static", "--colors", "4", "--random", "30", "--scheme", "coin-weighing"],
        "k = 2",
    ),
    "not-static": (
        ["--method", "blackpeg", "--colors", "4", "--random", "3", "--scheme", "random"],
        "has no schemes",
    ),
    "hunziker-meyer": (
        ["--method", "hunziker-meyer", "--colors", "4", "--random", "3"],
        "Appendix A",
    ),
}
"""Command lines ``solve`` refuses -> what its one error line says."""
JSON_CLI = ["solve", "--method", "static", "--colors", "2", "--secret", "1,0,1,1,0", "--json"]


@pytest.fixture(scope="module")
def cli_runs():
    """``python -m mastermind_q ARGV`` for :data:`JSON_CLI` and :data:`BAD_CLI`, each a
    process of its own."""
    jobs = {name: ["-m", "mastermind_q", "solve", *argv] for name, (argv, _) in BAD_CLI.items()}
    return run_pythons({**jobs, "json": ["-m", "mastermind_q", *JSON_CLI]})


@pytest.mark.xdist_group("static_cli")
def test_cli_solve_static_json(cli_runs):
    done = cli_runs["json"]
    assert done["status"] == 0, done["stderr"]
    payload = json.loads(done["stdout"])
    assert payload["solved"] and payload["queries"] in (4, 5)


@pytest.mark.xdist_group("static_cli")
@pytest.mark.parametrize("name", BAD_CLI)
def test_cli_bad_input_is_one_line(cli_runs, name):
    done, needle = cli_runs[name], BAD_CLI[name][1]
    assert done["status"] == 2 and done["stdout"] == ""
    assert needle in done["stderr"] and len(done["stderr"].strip().splitlines()) == 1


def test_compare_has_static_rows_beside_the_quantum_ones():
    from mastermind_q.compare import compare

    table = compare([2, 6], [2, 6], methods=["static", "nonadaptive", "hunziker-meyer"], samples=3)
    rows = {(row.n, row.k, row.method): row for row in table.rows}
    for n in (2, 6):
        for k in (2, 6):
            static = rows[(n, k, "static")]
            assert static.kind == "classical" and static.solved
        assert rows[(n, 6, "nonadaptive")].kind == "quantum"
        hm = rows[(n, 6, "hunziker-meyer")]
        assert hm.kind == "quantum" and 0 < hm.success_probability < 1
    assert rows[(2, 6, "static")].queries == static_minimum(2, 6) + 1
    assert (6, 6, "table1-classical") in rows
    assert any(task.method == "hunziker-meyer" and task.k == 2 for task, _ in table.skipped)


def test_known_sets_are_minimum_resolving_sets():
    from mastermind_q.classical.static_sets import KNOWN_SETS

    for (n, k), queries in KNOWN_SETS.items():
        assert is_resolving(queries, n, k)
        if k == 2 or n == 2:
            expected = HYPERCUBE[n - 1] if k == 2 else (2 * (2 * k - 1)) // 3
            assert len(queries) == expected
    assert not is_resolving(KNOWN_SETS[(4, 3)][:4], 4, 3)
    assert static_query_set(10, 2).source == "exact"
    result = mq.solve((1, 0) * 5, colors=2, method="static")
    assert result.solved and result.queries <= HYPERCUBE[9] + 1


@pytest.mark.slow
def test_known_small_sets_are_the_exact_minimum():
    from mastermind_q.classical.static_sets import KNOWN_SETS

    for n, k in ((3, 4), (4, 3)):
        assert static_minimum(n, k, use_cache=False) == len(KNOWN_SETS[(n, k)])


def test_the_streamed_game_plays_the_held_game_s_queries_and_wins(monkeypatch):
    import numpy

    from mastermind_q.classical import static_bp, static_limits, static_schemes

    def no_whole_set(*args, **kwargs):  # pragma: no cover - reached only if it is held
        raise AssertionError("the streamed game built the whole set")

    n = k = 128
    secret = tuple(int(c) for c in numpy.random.default_rng(3).integers(0, k, size=n))
    held = mq.solve(secret, colors=k, method="static", seed=2)
    monkeypatch.setattr(static_limits, "STATIC_HELD_BYTES", 0)
    monkeypatch.setattr(static_schemes, "balanced_queries", no_whole_set)
    monkeypatch.setattr(static_bp, "STREAM_ROWS", 50)
    streamed = mq.solve(secret, colors=k, method="static", seed=2)
    assert held.solved and streamed.solved and streamed.queries == held.queries
    assert tuple(streamed.transcript) == tuple(held.transcript)  # the same set, every count


def test_a_streamed_game_the_decoder_misses_is_lost_not_claimed(monkeypatch):
    import numpy

    from mastermind_q.classical import static_bp, static_limits

    n = k = 64
    secret = tuple(int(c) for c in numpy.random.default_rng(4).integers(0, k, size=n))
    monkeypatch.setattr(static_limits, "STATIC_HELD_BYTES", 0)
    monkeypatch.setattr(static_bp._Streamed, "run", lambda self, iterations: None)
    result = mq.solve(secret, colors=k, method="static", seed=1)
    assert not result.solved
    assert (
        result.queries == mq.classical.static.static_query_count(n, k) + 1
    )  # the final guess asked and counted


@pytest.mark.slow
def test_a_streamed_game_at_n_k_2048_is_won_with_the_set_plus_the_guess(monkeypatch):
    import numpy

    from mastermind_q.classical import static_limits

    n = k = 2048
    monkeypatch.setattr(static_limits, "STATIC_HELD_BYTES", 0)  # streamed, as from n = k = 8,192
    secret = tuple(int(c) for c in numpy.random.default_rng(8).integers(0, k, size=n))
    result = mq.solve(secret, colors=k, method="static", seed=3)
    assert result.solved
    assert result.queries == mq.classical.static.static_query_count(n, k) + 1 == 16757
