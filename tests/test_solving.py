"""Tests for mastermind_q.solving with the classical methods (solve / play)."""

from __future__ import annotations

import random

import pytest

from mastermind_q import Codemaker, black, black_white, play, solve
from mastermind_q.classical.adversary import AdversaryCodemaker
from mastermind_q.classical.baselines import blackpeg_query_bound
from mastermind_q.classical.permutation import permutation_query_bound
from mastermind_q.codebreaker import colors_reason, plays_colors, query_count
from mastermind_q.solving import CLASSICAL_METHODS, METHODS

REPETITION_METHODS = ("knuth", "blackpeg", "random-consistent")


def test_classical_methods_are_registered_and_load():
    assert set(CLASSICAL_METHODS) >= {"permutation", *REPETITION_METHODS}
    for name in CLASSICAL_METHODS:
        assert callable(METHODS[name].solve)
    assert METHODS["permutation"].distinct
    assert not any(METHODS[name].distinct for name in REPETITION_METHODS)


def check_result(result, secret, method):
    assert result.solved
    assert result.found == result.secret == tuple(secret)
    assert result.method == method
    assert result.backend is None and result.success_probability is None
    assert result.queries == len(result.transcript)
    last_guess, last_answer = result.transcript[-1]
    assert last_guess == tuple(secret)
    for guess, answer in result.transcript:
        if isinstance(answer, tuple):  # a black-white query keeps both pegs
            assert answer == black_white(secret, guess)
        else:
            assert answer == black(secret, guess)
    assert last_answer in (len(secret), (len(secret), 0))


@pytest.mark.parametrize(
    "secret", [(3, 0, 2, 1), (0, 1, 2, 3), (7, 1, 4, 3, 2, 0, 5, 6), (4, 9, 0, 2)]
)
def test_solve_permutation(secret):
    k = max(len(secret), max(secret) + 1)
    result = solve(secret, colors=k, method="permutation")
    check_result(result, secret, "permutation")
    assert result.queries <= permutation_query_bound(len(secret), k)


@pytest.mark.parametrize("method", REPETITION_METHODS)
@pytest.mark.parametrize("secret", [(0, 0, 1, 1), (5, 4, 3, 2), (2, 2, 2, 2), (1, 0, 5, 0)])
def test_solve_with_repetition(method, secret):
    result = solve(secret, colors=6, method=method, seed=3)
    check_result(result, secret, method)
    if method == "knuth":
        assert result.queries <= 5
    if method == "blackpeg":
        assert result.queries <= blackpeg_query_bound(4, 6)


def test_knuth_transcript_keeps_both_pegs():
    secret = (1, 2, 3, 4)
    result = solve(secret, colors=6, method="knuth")
    check_result(result, secret, "knuth")
    assert result.transcript[0] == ((0, 0, 1, 1), black_white(secret, (0, 0, 1, 1)))
    assert result.transcript[-1] == (secret, (4, 0))
    assert result.to_dict()["transcript"][-1] == [list(secret), [4, 0]]


def test_black_white_transcript_stores_the_answer_given():
    maker = Codemaker((0, 1, 1, 2), 3, feedback="black-white")
    assert maker.answer((0, 0, 1, 1)) == (2, 1)
    assert maker.black((0, 0, 1, 1)) == 2
    assert maker.transcript == (((0, 0, 1, 1), (2, 1)), ((0, 0, 1, 1), 2))


def test_solve_blackpeg_large():
    rng = random.Random(2)
    secret = tuple(rng.randrange(3) for _ in range(60))
    result = solve(secret, colors=3, method="blackpeg")
    check_result(result, secret, "blackpeg")


def test_random_consistent_seed_makes_runs_repeatable():
    first = solve((1, 3, 0), colors=4, method="random-consistent", seed=5)
    second = solve((1, 3, 0), colors=4, method="random-consistent", seed=5)
    assert first.transcript == second.transcript


def test_result_dict_has_the_cli_keys():
    data = solve((2, 0, 1), colors=3, method="permutation").to_dict()
    assert {"method", "n", "k", "secret", "found", "solved", "queries", "backend"} <= set(data)
    assert data["solved"] is True and data["backend"] is None


def test_classical_errors_name_the_value():
    with pytest.raises(ValueError, match="secret must not repeat colours"):
        solve((0, 0, 1), colors=3, method="permutation")
    with pytest.raises(ValueError, match=r"colors must be >= positions \(4\)"):
        solve((0, 1, 2, 3), colors=3, method="permutation")
    with pytest.raises(ValueError, match="backend and shots do not apply"):
        solve((0, 1), colors=2, method="blackpeg", backend="aer")
    with pytest.raises(ValueError, match="more than KNUTH_MAX_CODES"):
        solve((0,) * 12, colors=3, method="knuth")
    with pytest.raises(ValueError, match=r"seed must be an integer, was 1\.5"):
        solve((0, 1), colors=2, method="blackpeg", seed=1.5)


def test_play_against_the_adversary():
    result = play(AdversaryCodemaker(6, 6), method="permutation")
    assert result.solved and result.queries >= 6
    assert result.secret == result.found
    result = play(AdversaryCodemaker(4, 4), method="random-consistent", seed=1)
    assert result.solved and result.queries >= 4
    result = play(AdversaryCodemaker(3, 4, distinct=False), method="knuth")
    assert result.solved
    with pytest.raises(ValueError, match="plays the permutation game"):
        play(AdversaryCodemaker(3, 3, distinct=False), method="permutation")


def test_play_with_a_plain_codemaker():
    maker = Codemaker((4, 0, 3), colors=5, distinct=True)
    result = play(maker, method="knuth")
    assert result.solved and result.queries == maker.queries


@pytest.mark.parametrize(
    ("method", "options", "message"),
    [
        ("knuth", {"feedback": "black"}, "plays feedback 'black-white' only"),
        ("blackpeg", {"distinct": True}, "plays repetition only"),
        ("permutation", {"distinct": False}, "plays the permutation game"),
        ("adaptive", {"feedback": "black-white"}, "plays feedback 'black' only"),
        ("optimal", {"feedback": "white"}, "feedback must be one of"),
        ("optimal", {"distinct": "yes"}, "distinct must be True, False or None"),
    ],
)
def test_a_game_the_method_does_not_play_is_one_line(method, options, message):
    with pytest.raises(ValueError, match=message) as caught:
        solve((0, 1, 2), colors=3, method=method, **options)
    assert "\n" not in str(caught.value)


def test_game_options_reach_the_codemaker():
    result = solve((2, 0, 1), colors=3, method="optimal", feedback="black-white", distinct=True)
    assert result.solved
    result = solve((2, 0, 1), colors=3, method="random-consistent", distinct=True, seed=2)
    assert all(len(set(guess)) == 3 for guess, _ in result.transcript)


def test_quantum_results_carry_the_raw_counts_shots_and_seed():
    sampled = solve((1, 0, 2, 1), colors=4, method="triples", shots=150, seed=4)
    assert sampled.shots == 150 and sampled.seed == 4
    assert len(sampled.counts) == 2  # one outcome per circuit run, in plan order
    assert [sum(counts.values()) for counts in sampled.counts] == [150, 150]
    assert max(sampled.counts[0], key=sampled.counts[0].get) == "1101"  # s^(1,2): 0, 2, 3
    again = solve((1, 0, 2, 1), colors=4, method="triples", shots=150, seed=4)
    assert again.counts == sampled.counts
    data = sampled.to_dict()
    assert data["counts"] == [dict(counts) for counts in sampled.counts]
    assert (data["shots"], data["seed"]) == (150, 4)
    exact = solve((1, 0, 1), colors=2, method="two-color", backend="aer-statevector")
    assert exact.shots is None and exact.seed is None
    assert exact.counts[0].keys() == {"101"} and abs(exact.counts[0]["101"] - 1) < 1e-9
    assert solve((1, 0, 1), colors=2, method="two-color").shots == 1024  # the default
    classical = solve((1, 0, 2), colors=3, method="blackpeg", seed=9)
    assert classical.counts == () and classical.shots is None and classical.seed == 9
    assert "counts" not in classical.to_dict() and classical.to_dict()["seed"] == 9


# -- hostile input ------------------------------------------------------------------------------
def test_numpy_integers_are_accepted_for_shots_and_seed():
    import numpy as np

    result = solve((1, 0, 1), colors=np.int64(2), method="two-color", shots=np.int32(64),
                   seed=np.uint16(3))  # fmt: skip
    assert result.solved


@pytest.mark.parametrize("secret", [{0: 1, 1: 0}, {0, 1}])
def test_solve_refuses_dict_and_set_secrets(secret):
    with pytest.raises(ValueError, match="secret must be a sequence"):
        solve(secret, colors=2, method="blackpeg")


@pytest.mark.parametrize("backend", ["aer", "fake:manila", "aer-statevector"])
def test_solve_applies_the_seed_rule_before_any_work(backend):
    for seed in (-1, 2**63, "abc"):
        with pytest.raises(ValueError, match="seed must be an integer"):
            solve((1, 0), colors=2, method="two-color", backend=backend, seed=seed)


# -- the method table ------------------------------------------------------------------
def test_every_table_entry_is_complete_and_consistent():
    from mastermind_q.compare.games import SETTING_ORDER
    from mastermind_q.solving import METHODS

    for name, info in METHODS.items():
        assert info.name == name and info.kind in ("quantum", "classical")
        assert info.setting in SETTING_ORDER, name
        fewest, most = info.colors
        assert fewest >= 2 and (most is None or most >= fewest), name
        if info.kind == "quantum":
            assert info.queries and info.formula and info.reference, name
        assert callable(info.solve), name


@pytest.mark.parametrize("method", ["nonadaptive", "triples", "two-color", "adaptive"])
@pytest.mark.parametrize("colors", [2, 3, 5])
def test_the_table_says_which_k_a_quantum_method_plays_and_what_it_costs(method, colors):
    """The entry's colour rule and count are what solve does: plays it, at that count."""
    from mastermind_q.solving import METHODS

    info = METHODS[method]
    secret = tuple(i % colors for i in range(3))
    if not plays_colors(info, colors):
        assert colors_reason(info, colors).startswith(f"{method} needs colors")
        with pytest.raises(ValueError):
            solve(secret, colors=colors, method=method, backend="aer-statevector")
        return
    result = solve(secret, colors=colors, method=method, backend="aer-statevector")
    assert result.solved
    assert result.queries == query_count(info, 3, colors)


@pytest.mark.parametrize("method", ["permutation", "blackpeg", "coin-weighing", "static"])
def test_the_table_bounds_the_guesses_of_a_classical_method(method):
    from mastermind_q.solving import METHODS

    info = METHODS[method]
    bound = query_count(info, 5, 6)
    for seed in range(6):
        secret = (
            tuple((seed + 2 * i) % 6 for i in range(5))
            if method != "permutation"
            else (tuple((seed + i) % 6 for i in range(5)))
        )
        assert solve(secret, colors=6, method=method, seed=seed).queries <= bound


def _validator_calls(game):
    """Calls of the input validators during ``game()``, counted by code object in every
    thread (``benchmarks/validate_calls.py`` counts the same way, for every method)."""
    import sys
    import threading
    from collections import Counter

    from mastermind_q import backends
    from mastermind_q import game as game_module

    functions = {
        "validate_colors": game_module.validate_colors,
        "validate_positions": game_module.validate_positions,
        "validate_code": game_module.validate_code,
        "resolve_execution": backends.resolve_execution,
    }
    codes = {function.__code__: name for name, function in functions.items()}
    counts: Counter[str] = Counter()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code in codes:
            counts[codes[frame.f_code]] += 1

    previous = sys.getprofile()
    threading.setprofile(profile)
    sys.setprofile(profile)
    try:
        game()
    finally:
        sys.setprofile(previous)
        threading.setprofile(None)
    return counts


@pytest.mark.parametrize(
    ("method", "secret", "colors"),
    [
        ("nonadaptive", (2, 0, 3, 1, 3), 4),
        ("triples", (2, 0, 3, 1, 3), 4),
        ("adaptive", (2, 0, 1), 3),
        ("coin-weighing", (2, 0, 3, 1, 3), 4),
        ("static", (2, 0, 3, 1, 3), 4),
    ],
)
def test_each_input_is_validated_once_where_it_enters(method, secret, colors):
    # solve() checks k and hands it to the codemaker it builds; the quantum referee
    # resolves the execution record and the codemaker checks the one a codebreaker
    # hands it; circuit builders, plans and cost formulas below take the validated
    # values (their private twins)
    backend = "aer-statevector" if method in ("nonadaptive", "triples", "adaptive") else None
    counts = _validator_calls(
        lambda: solve(secret, colors=colors, method=method, backend=backend, seed=1)
    )
    assert counts["validate_colors"] <= 1, counts
    assert counts["validate_positions"] <= 1, counts
    assert counts["validate_code"] <= 1, counts
    assert counts["resolve_execution"] <= 2, counts
