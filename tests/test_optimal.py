"""Tests for mastermind_q.classical.optimal: the exact minimax codebreaker."""

from __future__ import annotations

import functools
import itertools
import json

import numpy as np
import pytest

from mastermind_q import solve
from mastermind_q.classical import optimal
from mastermind_q.classical.codes import all_codes
from mastermind_q.classical.optimal import (
    OPTIMAL_MAX_CODES,
    cache_directory,
    optimal_progress,
    optimal_strategy,
    optimal_worst_case,
    solve_optimal,
)
from mastermind_q.codemaker import Codemaker
from mastermind_q.game import black, black_white

pytestmark = pytest.mark.usefixtures("private_cache")  # each test: an empty cache


def brute_force(n: int, k: int, feedback: str, distinct: bool) -> tuple[int, int]:
    """(worst, total) by plain minimax over every guess, no bounds, no symmetry."""
    codes = [tuple(code) for code in all_codes(n, k, distinct=distinct).tolist()]
    score = black_white if feedback == "black-white" else black

    @functools.cache
    def total(secrets: tuple[int, ...], budget: int) -> float:
        if len(secrets) == 1:
            return 1 if budget >= 1 else float("inf")
        if budget <= 1:
            return float("inf")
        best = float("inf")
        for guess in codes:
            classes: dict = {}
            for index in secrets:
                classes.setdefault(score(codes[index], guess), []).append(index)
            if len(classes) == 1 and guess != codes[secrets[0]]:
                continue  # no information
            value = len(secrets)
            for answer, members in classes.items():
                if answer in (n, (n, 0)):
                    continue
                value += total(tuple(members), budget - 1)
            best = min(best, value)
        return best

    everything = tuple(range(len(codes)))
    budget = 1
    while total(everything, budget) == float("inf"):
        budget += 1
    return budget, int(total(everything, budget))


GAMES = [
    *[(n, k, "black", False) for n, k in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]],
    *[(n, k, "black", True) for n, k in [(3, 3), (3, 4), (4, 4)]],
    *[(n, k, "black-white", False) for n, k in [(2, 3), (3, 3), (2, 5)]],
    (3, 4, "black-white", True),
]
"""``(n, k, feedback, distinct)`` of the games solved exactly."""


BRUTE_FORCE_SLOW = {(3, 3, "black", False), (3, 4, "black", True), (3, 3, "black-white", False)}
BRUTE_FORCE_SLOW |= {(2, 5, "black-white", False), (4, 4, "black", True)}
"""Games whose plain minimax takes 1-2.5 s (the default run keeps each kind of game)."""


@pytest.mark.parametrize(
    ("n", "k", "feedback", "distinct"),
    [
        pytest.param(*game, marks=pytest.mark.slow) if game in BRUTE_FORCE_SLOW else game
        for game in GAMES
    ],
)
def test_search_matches_plain_minimax(n, k, feedback, distinct):
    strategy = optimal_strategy(n, k, feedback=feedback, distinct=distinct)
    assert (strategy.worst, strategy.total) == brute_force(n, k, feedback, distinct)


@pytest.mark.parametrize(("n", "k", "feedback", "distinct"), GAMES)
def test_solve_plays_the_strategy_on_every_secret(n, k, feedback, distinct):
    worst, mean = optimal_worst_case(n, k, feedback=feedback, distinct=distinct)
    counts = []
    for secret in all_codes(n, k, distinct=distinct).tolist():
        result = solve(secret, colors=k, method="optimal", feedback=feedback, distinct=distinct)
        assert result.solved
        counts.append(result.queries)
    assert max(counts) == worst
    assert sum(counts) / len(counts) == pytest.approx(mean)


def test_knuth_4x4_black_white_small_check():
    worst, mean = optimal_worst_case(4, 4, feedback="black-white")
    counts = [
        solve(secret, colors=4, method="optimal", feedback="black-white").queries
        for secret in itertools.product(range(4), repeat=4)
    ]
    assert (max(counts), sum(counts)) == (worst, round(mean * 256))
    assert worst == 4


@pytest.mark.slow
def test_knuth_4x6_black_white_worst_case_five_on_all_secrets():
    counts = []
    for secret in itertools.product(range(6), repeat=4):
        result = solve(secret, colors=6, method="optimal", feedback="black-white")
        assert result.solved
        counts.append(result.queries)
    assert max(counts) == 5  # Knuth (1976-77)
    assert sum(counts) == 5626  # Koyama and Lai (1993): 5626/1296 with worst case 5
    assert optimal_worst_case(4, 6, feedback="black-white") == (5, 5626 / 1296)


@pytest.mark.slow
def test_koyama_lai_mean_with_worst_case_six():
    strategy = optimal_strategy(4, 6, feedback="black-white", budget=6)
    assert (strategy.worst, strategy.total) == (6, 5625)


def _permutation_counts(method: str, n: int) -> list[int]:
    return [
        solve(secret, colors=n, method=method, distinct=True).queries
        for secret in itertools.permutations(range(n))
    ]


@pytest.mark.parametrize("n", [3, 4, 5, pytest.param(6, marks=pytest.mark.slow)])
def test_permutation_game_worst_equals_optimum_and_beats_permutation(n):
    worst, mean = optimal_worst_case(n, n, distinct=True)
    counts = _permutation_counts("optimal", n)
    assert max(counts) == worst
    assert sum(counts) / len(counts) == pytest.approx(mean)
    assert worst <= max(_permutation_counts("permutation", n))
    assert mean <= np.mean(_permutation_counts("permutation", n))


def test_known_small_optima():
    assert optimal_worst_case(4, 4, distinct=True) == (5, 86 / 24)
    assert optimal_worst_case(2, 3) == (4, 25 / 9)


def test_too_large_is_refused_before_any_work(monkeypatch):
    def no_work(*args, **kwargs):
        raise AssertionError("work started")

    monkeypatch.setattr(optimal, "_tables", no_work)
    monkeypatch.setattr(optimal, "_compute", no_work)
    with pytest.raises(ValueError, match=r"more than 1296, the most codes .* black-white game"):
        optimal_worst_case(5, 6, feedback="black-white")
    with pytest.raises(ValueError, match=r"7!/0! = 5040, more than") as caught:
        optimal_worst_case(7, 7, distinct=True)
    assert "\n" not in str(caught.value)
    with pytest.raises(ValueError, match="MASTERMIND_Q_MAX_OPTIMAL_CODES"):
        solve((0,) * 8, colors=4, method="optimal")


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"feedback": "white"}, "feedback must be one of"),
        ({"distinct": 1}, "distinct must be True or False"),
    ],
)
def test_bad_options(kwargs, match):
    with pytest.raises(ValueError, match=match):
        optimal_worst_case(3, 3, **kwargs)


def test_limits_cover_the_promised_games():
    assert OPTIMAL_MAX_CODES[("black-white", False)] >= 6**4
    assert OPTIMAL_MAX_CODES[("black", True)] >= 720  # permutations of 6


def test_disk_cache_is_written_and_read(private_cache, monkeypatch):
    first = optimal_strategy(3, 3, feedback="black-white")
    files = list(cache_directory().glob("*.json"))
    assert cache_directory() == private_cache
    assert len(files) == 1
    assert json.loads(files[0].read_text())["total"] == first.total
    monkeypatch.setattr(optimal, "_STRATEGIES", {})
    monkeypatch.setattr(optimal, "_compute", lambda *a, **k: pytest.fail("recomputed"))
    assert optimal_strategy(3, 3, feedback="black-white") == first


def test_corrupt_cache_is_recomputed(private_cache, monkeypatch):
    first = optimal_strategy(3, 3)
    (path,) = cache_directory().glob("*.json")
    data = json.loads(path.read_text())
    data["total"] -= 1  # a tree that does not reach the claimed total
    path.write_text(json.dumps(data))
    monkeypatch.setattr(optimal, "_STRATEGIES", {})
    assert optimal_strategy(3, 3) == first
    path.write_text("not json")
    monkeypatch.setattr(optimal, "_STRATEGIES", {})
    assert optimal_strategy(3, 3) == first


def test_progress_callback_and_silence(capsys):
    events = []
    with optimal_progress(lambda done, total: events.append((done, total))):
        optimal_strategy(3, 4, feedback="black-white")
    assert events and all(1 <= done <= total for done, total in events)
    assert capsys.readouterr() == ("", "")


def test_budget_trades_worst_case_for_mean():
    tight = optimal_strategy(3, 3)
    loose = optimal_strategy(3, 3, budget=tight.worst + 2)
    assert loose.total <= tight.total
    assert loose.worst <= tight.worst + 2
    with pytest.raises(ValueError, match="budget must be a positive integer"):
        optimal_strategy(3, 3, budget=0)


def test_codebreaker_uses_the_codemaker_feedback():
    maker = Codemaker((1, 0, 2), colors=3, feedback="black-white")
    assert solve_optimal(maker) == (1, 0, 2)
    assert maker.queries <= optimal_worst_case(3, 3, feedback="black-white")[0]


def test_inconsistent_answers_are_reported():
    class Liar(Codemaker):
        def _answer_black(self, guess):
            return 0

    with pytest.raises(ValueError, match="inconsistent"):
        solve_optimal(Liar((0, 1), colors=3))


# -- issue 16: sizes before work, and a cache that cannot hang or corrupt a run ------------
@pytest.mark.parametrize(("n", "k"), [(2**63, 2), (10_000, 100_000), (5, 6)])
def test_huge_games_are_refused_from_their_logarithm(n, k):
    with pytest.raises(ValueError, match="the most codes it searches in the black-peg") as caught:
        optimal_worst_case(n, k)
    assert "raise it with MASTERMIND_Q_MAX_OPTIMAL_CODES" in str(caught.value)
    assert len(str(caught.value)) < 400


def test_the_size_error_names_the_limit_of_the_game_played(capsys):
    from mastermind_q import cli

    black = "more than 256, the most codes it searches in the black-peg game with repeated colours"
    for argv, named in (
        (["--colors", "8", "--random", "8"], black),
        (["--colors", "4", "--random", "5"], black),
        (
            ["--colors", "8", "--random", "8", "--feedback", "black-white"],
            "more than 1296, the most codes it searches in the black-white game with repeated",
        ),
        (
            ["--colors", "8", "--random", "6", "--distinct"],
            "more than 720, the most codes it searches in the black-peg permutation game (no",
        ),
        (["--colors", "16", "--random", "2"], "(black-peg game with repeated colours) is beyond"),
    ):
        assert cli.main(["solve", "--method", "optimal", *argv]) == 2
        err = capsys.readouterr().err
        assert named in err and "raise it with MASTERMIND_Q_MAX_OPTIMAL_CODES=N" in err, err
        assert "OPTIMAL_MAX_CODES[" not in err and "OPTIMAL_MAX_COLORS[" not in err, err
        assert "('black'" not in err and len(err.splitlines()) == 1


def test_the_environment_variable_replaces_every_optimal_limit(monkeypatch):
    monkeypatch.setenv("MASTERMIND_Q_MAX_OPTIMAL_CODES", "10")
    with pytest.raises(ValueError, match="3\\^3 = 27, more than MASTERMIND_Q_MAX_OPTIMAL_CODES=10"):
        optimal_worst_case(3, 3)
    monkeypatch.setenv("MASTERMIND_Q_MAX_OPTIMAL_CODES", "27")
    assert optimal_worst_case(3, 3)[0] >= 1  # 27 codes: within the limit
    monkeypatch.setenv("MASTERMIND_Q_MAX_OPTIMAL_CODES", "many")
    with pytest.raises(ValueError, match="MASTERMIND_Q_MAX_OPTIMAL_CODES must be a positive"):
        optimal_worst_case(2, 2)
    monkeypatch.delenv("MASTERMIND_Q_MAX_OPTIMAL_CODES")
    monkeypatch.setitem(OPTIMAL_MAX_CODES, ("black", False), 8)  # the dict still works
    with pytest.raises(ValueError, match="= 9, more than 8, the most codes it searches"):
        optimal_worst_case(2, 3)


def test_optimal_worst_case_is_importable_from_classical():
    from mastermind_q.classical import optimal_worst_case as exported

    assert exported is optimal_worst_case


def _cache_file():
    (path,) = cache_directory().glob("*.json")
    return path


def _value(path):
    """A cache file's value without its digest."""
    data = json.loads(path.read_text())
    del data["digest"]
    return data


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '"hello"',
        "null",
        '{"version": 1, "n": 2, "k": 3, "feedback": "black", "distinct": false, '
        '"worst": Infinity, "total": 1, "tree": {"g": 0}}',
        "[" * 100_000 + "]" * 100_000,
        "{" + '"a":{' * 50_000 + "}" * 50_001,
        "\xff\xfe",
    ],
    ids=["list", "string", "null", "infinity", "deep-list", "deep-object", "not-utf8"],
)
def test_malformed_caches_are_ignored_and_recomputed(text):
    first = optimal_strategy(2, 3)
    path = _cache_file()
    path.write_bytes(text.encode("latin-1"))
    optimal._STRATEGIES.clear()
    assert optimal_strategy(2, 3) == first
    assert _value(path) == first.to_dict()  # rewritten


def _wrong_fields(data):
    """Variants of a valid cache with one field of the wrong type or value."""
    for key, value in [
        ("worst", "3"),
        ("worst", 3.0),
        ("worst", True),
        ("total", None),
        ("n", 3),
        ("feedback", "black-white"),
        ("distinct", 0),
        ("version", "1"),
        ("version", True),
        ("n", 2.0),
        ("tree", []),
        ("tree", {"g": -1}),
        ("tree", {"g": 1.5}),
        ("tree", {"g": 10**30}),
        ("tree", {"g": 0, "c": []}),
        ("tree", {"g": 0, "c": {"x": {"g": 0}}}),
        ("tree", {"g": 0, "extra": 1}),
    ]:
        changed = dict(data)
        changed[key] = value
        yield changed
    missing = dict(data)
    del missing["tree"]
    yield missing


def test_caches_with_wrong_field_types_are_recomputed(monkeypatch):
    first = optimal_strategy(2, 3)
    path = _cache_file()
    good = first.to_dict()
    computed = []
    real = optimal._compute
    monkeypatch.setattr(optimal, "_compute", lambda *a, **k: computed.append(1) or real(*a, **k))
    for variant in _wrong_fields(good):
        path.write_text(json.dumps(variant))
        optimal._STRATEGIES.clear()
        assert optimal_strategy(2, 3) == first, variant
    assert len(computed) == len(list(_wrong_fields(good)))


def test_a_tree_that_loops_forever_on_a_secret_is_rejected_quickly():
    first = optimal_strategy(2, 3)
    path = _cache_file()
    data = first.to_dict()
    node = {"g": 0}
    for _ in range(40):  # a chain of useless guesses, longer than the code space
        node = {"g": 0, "c": {"1": node}}
    data["tree"] = node
    path.write_text(json.dumps(data))
    optimal._STRATEGIES.clear()
    assert optimal_strategy(2, 3) == first


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "oversized", "group-writable"])
def test_cache_files_that_are_not_safe_are_not_read(kind, monkeypatch):
    import os

    first = optimal_strategy(2, 3)
    path = _cache_file()
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", path)
    elif kind == "oversized":
        with open(path, "wb") as handle:
            handle.truncate(optimal.CACHE_MAX_BYTES + 1)  # sparse: no disk used
    else:
        path.write_text(json.dumps(first.to_dict()))
        path.chmod(0o666)
    optimal._STRATEGIES.clear()
    assert optimal_strategy(2, 3) == first  # recomputed, and nothing hung


def test_cache_directory_is_created_private(private_cache):
    optimal_strategy(2, 3)
    assert (private_cache.stat().st_mode & 0o777) == 0o700
    assert (_cache_file().stat().st_mode & 0o077) == 0


# -- hostile input: caches, limits and their variable ---------------------------------------
def test_a_cache_path_that_is_a_folder_leaves_no_temporary_file(private_cache):
    first = optimal_strategy(2, 3)
    path = _cache_file()
    path.unlink()
    path.mkdir()
    for _ in range(3):
        optimal._STRATEGIES.clear()
        assert optimal_strategy(2, 3) == first
    assert sorted(p.name for p in private_cache.iterdir()) == [".cache-key", path.name]


@pytest.mark.parametrize(
    ("n", "k", "options"),
    [
        (2, 16, {}),
        (3, 10, {"feedback": "black-white"}),
        (3, 10, {"distinct": True}),
        (1, 1296, {"feedback": "black-white"}),
    ],
)
def test_games_beyond_the_measured_frontier_are_refused_before_work(n, k, options, monkeypatch):
    monkeypatch.setattr(optimal, "_compute", lambda *a, **k: pytest.fail("searched"))
    with pytest.raises(ValueError, match="beyond the measured frontier") as caught:
        optimal_worst_case(n, k, **options)
    assert "MASTERMIND_Q_MAX_OPTIMAL_CODES" in str(caught.value)


def test_every_frontier_entry_is_within_the_code_limit():
    for (feedback, distinct), frontier in optimal.OPTIMAL_MAX_COLORS.items():
        for n, k in frontier.items():
            optimal.check_optimal_game(n, k, feedback, distinct)  # admitted
            if k + 1 <= 10**6:
                with pytest.raises(ValueError):
                    optimal.check_optimal_game(n, k + 1, feedback, distinct)


@pytest.mark.parametrize("text", ["\u0663", "\u00b2", "1_0", "10k", "-3", "0", "3.0"])
def test_the_optimal_limit_variable_parses_like_every_limit_variable(text, monkeypatch):
    from mastermind_q.limits import environment_limit

    monkeypatch.setenv("MASTERMIND_Q_MAX_OPTIMAL_CODES", text)
    monkeypatch.setenv("MASTERMIND_Q_MAX_SHOTS", text)
    with pytest.raises(ValueError, match="MASTERMIND_Q_MAX_OPTIMAL_CODES must be a positive"):
        optimal_worst_case(2, 2)
    with pytest.raises(ValueError, match="MASTERMIND_Q_MAX_SHOTS must be a positive"):
        environment_limit("MASTERMIND_Q_MAX_SHOTS")


def test_a_raised_limit_says_once_what_the_search_beyond_the_frontier_costs(monkeypatch):
    from mastermind_q import limits

    monkeypatch.setattr(limits, "_WARNED", set())
    monkeypatch.setattr(optimal, "_compute", lambda *a, **k: pytest.fail("searched"))
    monkeypatch.setenv("MASTERMIND_Q_MAX_OPTIMAL_CODES", "100000")
    with pytest.warns(limits.LimitRaisedWarning, match="beyond the measured frontier") as seen:
        optimal.check_optimal_game(2, 16, "black", False)
        optimal.check_optimal_game(2, 16, "black", False)  # the same game: said once
    assert len(seen) == 1
    text = str(seen[0].message)
    assert "MASTERMIND_Q_MAX_OPTIMAL_CODES=100000" in text and "hours" in text
    assert "at most k=8 with n=2" in text
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        optimal.check_optimal_game(2, 8, "black", False)  # within the frontier: no word
        monkeypatch.delenv("MASTERMIND_Q_MAX_OPTIMAL_CODES")
        optimal.check_optimal_game(2, 8, "black", False)


def test_a_raised_static_limit_warns_and_the_cli_prints_one_line(monkeypatch, capsys):
    from mastermind_q import cli, limits
    from mastermind_q.classical import static_limits

    monkeypatch.setattr(limits, "_WARNED", set())
    monkeypatch.setenv("MASTERMIND_Q_MAX_STATIC_OTHER_CODES", "1000")
    with pytest.warns(limits.LimitRaisedWarning, match="3 x 5 did not finish in 10 minutes"):
        static_limits.check_static_search(3, 5)
    static_limits.check_static_search(3, 4)  # 81 codes: measured, no warning (warnings are errors)
    monkeypatch.setattr(limits, "_WARNED", set())
    monkeypatch.setenv("MASTERMIND_Q_MAX_OPTIMAL_CODES", "100000")
    monkeypatch.setattr(optimal, "_compute", lambda *a, **k: (_ for _ in ()).throw(ValueError("x")))
    cli.main(["solve", "--method", "optimal", "--colors", "16", "--secret", "0,1", "--quiet"])
    err = capsys.readouterr().err.splitlines()
    warned = [line for line in err if "warning" in line]
    assert len(warned) == 1 and warned[0].startswith("mastermind-q solve: warning: optimal at")
    assert "MASTERMIND_Q_MAX_OPTIMAL_CODES=100000" in warned[0]


def _first_consistent_tree(n, k):
    """The strategy that always guesses the first code consistent with the answers: a
    valid tree (it solves every secret), and its worst case and total."""
    import itertools

    from mastermind_q import black

    codes = list(itertools.product(range(k), repeat=n))

    def node(candidates):
        guess = candidates[0]
        parts = {}
        for secret in candidates:
            parts.setdefault(black(secret, guess), []).append(secret)
        children = {str(b): node(rest) for b, rest in parts.items() if b != n}
        return {"g": codes.index(guess), "c": children} if children else {"g": codes.index(guess)}

    tree = node(codes)
    counts = []
    for secret in codes:
        current, guesses = tree, 1
        while codes[current["g"]] != secret:
            current = current["c"][str(black(secret, codes[current["g"]]))]
            guesses += 1
        counts.append(guesses)
    return tree, max(counts), sum(counts)


def test_a_valid_but_suboptimal_strategy_in_the_cache_is_not_believed():
    """A tree that replays correctly need not be optimal: the cache's keyed digest tells
    a file this toolkit wrote from one edited or copied there."""
    tight = optimal_strategy(3, 3)
    optimal_strategy(3, 3, budget=tight.worst + 2)  # another game's file, same key
    (path,) = [item for item in cache_directory().glob("*.json") if "budget" not in item.name]
    (other,) = [item for item in cache_directory().glob("*.json") if "budget" in item.name]
    tree, worst, total = _first_consistent_tree(3, 3)
    assert total > tight.total  # valid, and not optimal
    tampered = {**tight.to_dict(), "worst": worst, "total": total, "tree": tree}
    for text in (json.dumps(tampered), other.read_text()):  # edited by hand; another game's file
        path.write_text(text)
        optimal._STRATEGIES.clear()
        assert optimal_strategy(3, 3) == tight
        assert _value(path) == tight.to_dict()
    assert optimal_worst_case(3, 3) == (tight.worst, tight.total / 27)
