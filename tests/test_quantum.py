"""Tests for mastermind_q.quantum (the quantum codebreakers)."""

from __future__ import annotations

import json
import random

import pytest

from mastermind_q import solve
from mastermind_q.circuits.grover import exact_grover_parameters
from mastermind_q.codemaker import Codemaker
from mastermind_q.quantum import decode_counts, solve_adaptive

# -- adaptive (Li-Luo-Xu Algorithm 4, exact Grover) ---------------------------------------


def _random_secret(n: int, k: int, seed: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    return tuple(rng.randrange(k) for _ in range(n))


ADAPTIVE_EXACT_SIZES = [(1, k) for k in range(2, 17)] + [(2, 3), (2, 5), (3, 4), (4, 4), (3, 6)]


@pytest.mark.parametrize(("n", "k"), ADAPTIVE_EXACT_SIZES)
def test_adaptive_exact_on_statevector(n, k):
    secret = _random_secret(n, k, seed=100 * n + k)
    iterations, _ = exact_grover_parameters(k)
    result = solve(secret, colors=k, method="adaptive", backend="aer-statevector")
    assert result.found == secret
    assert result.solved
    assert result.queries == 2 * iterations
    assert result.iterations == iterations
    assert result.success_probability >= 1 - 1e-9
    assert result.success_probability <= 1 + 1e-9


@pytest.mark.slow  # fast: twenty exact games on the statevector, a sampled one below
def test_adaptive_sampling_thirty_random_secrets():
    rng = random.Random(2024)
    sizes = [(1, 2), (1, 5), (2, 2), (2, 3), (2, 4), (3, 3), (2, 6), (3, 5), (4, 2), (5, 3)]
    for trial in range(30):
        n, k = sizes[trial % len(sizes)]
        secret = tuple(rng.randrange(k) for _ in range(n))
        result = solve(secret, colors=k, method="adaptive", backend="aer", shots=32, seed=trial)
        assert result.found == secret, (trial, secret, k)
        assert result.success_probability == 1.0
        assert result.queries == 2 * exact_grover_parameters(k)[0]


def test_adaptive_charges_before_running_and_never_reads_the_secret():
    class Blindfold(Codemaker):
        def reveal(self):
            raise AssertionError("the codebreaker looked at the secret")

    maker = Blindfold((2, 0, 1), 3)
    outcome = solve_adaptive(maker, backend="aer", shots=16, seed=3)
    assert outcome.found == (2, 0, 1)
    assert maker.queries == 2 * outcome.iterations == 2
    assert outcome.circuit_success_probabilities == (outcome.success_probability,)


def test_decode_counts_adaptive():
    # clbit 0 rightmost; q = 2 bits per position; "11" (colour 3) is not a colour for k = 3
    counts = {"0110": 9, "1111": 3, "0001": 1}
    found, fractions = decode_counts("adaptive", [counts], num_positions=2, colors=3)
    assert found == (2, 1)
    assert fractions == [pytest.approx(9 / 13)]
    with pytest.raises(ValueError, match="2"):
        decode_counts("adaptive", [counts, counts], num_positions=2, colors=3)


def test_cli_solve_adaptive(capsys):
    from mastermind_q.cli import main

    argv = ["solve", "--method", "adaptive", "--colors", "5", "--secret", "4,0,2", "--json"]
    argv += ["--backend", "aer", "--shots", "64", "--seed", "5"]
    code = main(argv)
    assert code == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["method"] == "adaptive"
    assert payload["found"] == [4, 0, 2]
    assert payload["solved"] is True
    assert payload["queries"] == 2 * exact_grover_parameters(5)[0]


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k"), [(2, 3), (2, 4), (3, 3)])
def test_adaptive_exhaustive_statevector(n, k):
    import itertools

    for secret in itertools.product(range(k), repeat=n):
        result = solve(secret, colors=k, method="adaptive", backend="aer-statevector")
        assert result.found == secret
        assert result.success_probability >= 1 - 1e-9


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k"), [(1, 64), (5, 8), (2, 64), (4, 16)])
def test_adaptive_exact_large_statevector(n, k):
    secret = _random_secret(n, k, seed=7 * n + k)
    result = solve(secret, colors=k, method="adaptive", backend="aer-statevector")
    assert result.found == secret
    assert result.success_probability >= 1 - 1e-9


@pytest.mark.slow
def test_adaptive_wide_on_mps():
    secret = _random_secret(12, 8, seed=12)
    result = solve(secret, colors=8, method="adaptive", backend="aer", shots=64, seed=1)
    assert result.found == secret
    assert result.success_probability == 1.0


# -- non-adaptive (Li-Luo-Xu Algorithms 1-3 and the improved triples plan) -----------------


def _nonadaptive_secret(n: int, k: int, seed: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    return tuple(rng.randrange(k) for _ in range(n))


def _separates(plan, k: int) -> bool:
    signatures = {tuple(int(color in pair) for pair in plan) for color in range(k)}
    return len(signatures) == k


def test_nonadaptive_plan_is_algorithm_1():
    from mastermind_q.quantum import nonadaptive_plan

    for k in range(3, 13):
        plan = nonadaptive_plan(k)
        assert plan == [(0, c) for c in range(1, k)]
        assert _separates(plan, k)


@pytest.mark.parametrize("k", range(3, 13))
def test_triple_plan_count_and_separation(k):
    from mastermind_q.quantum import triple_plan, triple_query_count

    plan = triple_plan(k)
    assert len(plan) == triple_query_count(k) == -(-2 * (k - 1) // 3)
    assert all(0 <= a < k and 0 <= b < k and a != b for a, b in plan)
    assert len(set(map(frozenset, plan))) == len(plan)
    assert _separates(plan, k)
    paper = -(-2 * k // 3)  # the Section 5 remark: ceil(2k/3)
    assert len(plan) == (paper if k % 3 == 0 else paper - 1)


@pytest.mark.parametrize("k", range(3, 9))
def test_no_smaller_plan_of_pair_queries_exists(k):
    import itertools

    from mastermind_q.quantum import triple_query_count

    pairs = list(itertools.combinations(range(k), 2))
    size = triple_query_count(k) - 1
    assert not any(_separates(plan, k) for plan in itertools.combinations(pairs, size))


@pytest.mark.parametrize("method", ["nonadaptive", "triples"])
@pytest.mark.parametrize("k", range(3, 13))
def test_pair_plans_decode_every_colour(method, k):
    from mastermind_q.circuits.find_two_color import two_color_positions
    from mastermind_q.quantum import decode_pair_answers, method_plan

    plan = method_plan(method, k)
    rng = random.Random(k)
    for secret in [tuple(range(k)), tuple(rng.randrange(k) for _ in range(20))]:
        answers = [two_color_positions(secret, c1, c2) for c1, c2 in plan]
        assert decode_pair_answers(plan, answers, colors=k) == secret


def test_decode_pair_answers_takes_the_nearest_colour_on_noise():
    from mastermind_q.quantum import decode_pair_answers

    plan = [(0, 1), (0, 2), (0, 3)]  # signatures 0: 111, 1: 100, 2: 010, 3: 001
    assert decode_pair_answers(plan, [(1,), (1,), (0,)], colors=4) == (0,)
    assert decode_pair_answers(plan, [(0,), (0,), (0,)], colors=4) == (1,)  # tie: smallest
    with pytest.raises(ValueError, match="does not separate"):
        decode_pair_answers([(0, 1)], [(1,)], colors=3)
    with pytest.raises(ValueError, match="one string per query"):
        decode_pair_answers(plan, [(1,)], colors=4)


def test_decode_counts_nonadaptive_methods():
    found, fractions = decode_counts(
        "triples", [{"011": 9, "111": 1}, {"110": 10}], num_positions=3, colors=4
    )
    assert found == (1, 2, 3)
    assert fractions == [pytest.approx(0.9), pytest.approx(1.0)]
    found, fractions = decode_counts(
        "nonadaptive", [{"01": 3}, {"11": 4, "10": 4}], num_positions=2, colors=3
    )
    assert found == (1, 2)  # ties go to the smaller bitstring: "10"
    assert fractions == [1.0, 0.5]
    assert decode_counts("two-color", [{"0110": 7, "0111": 1}], num_positions=4, colors=2) == (
        (0, 1, 1, 0),
        [0.875],
    )
    with pytest.raises(ValueError, match="runs 2 circuits, got 1"):
        decode_counts("triples", [{"011": 1}], num_positions=3, colors=4)
    with pytest.raises(ValueError, match="must be 3 bits, was '01'"):
        decode_counts("triples", [{"01": 1}, {"011": 1}], num_positions=3, colors=4)
    with pytest.raises(ValueError, match="'magic'"):
        decode_counts("magic", [{"0": 1}], num_positions=1, colors=2)


def _nonadaptive_queries(method: str, k: int) -> int:
    return {"nonadaptive": k - 1, "triples": -(-2 * (k - 1) // 3), "two-color": 1}[method]


def _check_random_secrets(method: str, trials: int, seed: int) -> None:
    rng = random.Random(seed)
    for trial in range(trials):
        n = rng.randint(1, 6)
        k = 2 if method == "two-color" else rng.randint(3, 7)
        secret = tuple(rng.randrange(k) for _ in range(n))
        result = solve(secret, colors=k, method=method, shots=8, seed=trial)
        assert result.found == secret, (method, trial, secret, k)
        assert result.queries == _nonadaptive_queries(method, k)
        assert result.success_probability == 1.0
        assert result.circuit_success_probabilities == (1.0,) * result.queries


def test_nonadaptive_methods_on_random_secrets():
    """20 random secrets in all: n <= 6, k <= 7, default backend (sampling); 50 per
    method in the slow suite."""
    _check_random_secrets("nonadaptive", 8, seed=1)
    _check_random_secrets("triples", 8, seed=2)
    _check_random_secrets("two-color", 4, seed=3)


@pytest.mark.slow
@pytest.mark.parametrize("method", ["nonadaptive", "triples", "two-color"])
def test_nonadaptive_methods_on_fifty_random_secrets_each(method):
    _check_random_secrets(method, 50, seed=10 + len(method))


@pytest.mark.parametrize(
    ("method", "secret", "k"),
    [
        ("nonadaptive", (2, 0, 1), 3),
        ("nonadaptive", (3, 3, 0), 4),
        ("nonadaptive", (4, 1), 5),
        ("triples", (3, 0, 1), 4),
        ("triples", (4, 2), 5),
        ("triples", (1, 2, 0), 3),
        ("two-color", (1,), 2),
        ("two-color", (0, 1, 1, 0, 1), 2),
    ],
)
def test_nonadaptive_methods_exact_on_statevector(method, secret, k):
    result = solve(secret, colors=k, method=method, backend="aer-statevector")
    assert result.found == secret
    assert result.queries == _nonadaptive_queries(method, k)
    assert 1 - 1e-9 <= result.success_probability <= 1 + 1e-9
    assert len(result.circuit_success_probabilities) == result.queries
    product = 1.0
    for value in result.circuit_success_probabilities:
        assert value >= 1 - 1e-9
        product *= value
    assert result.success_probability == pytest.approx(product)


@pytest.mark.parametrize(
    ("method", "k", "hint"),
    [
        ("nonadaptive", 2, "k=2; use method='two-color'"),
        ("triples", 2, "k=2; use method='two-color'"),
        ("two-color", 3, "k=3; use method='nonadaptive' or method='triples'"),
        ("two-color", 5, "k=5; use method='nonadaptive'"),
    ],
)
def test_wrong_colour_count_names_k_and_the_right_method(method, k, hint):
    with pytest.raises(ValueError, match=hint.replace("(", r"\(")):
        solve((1, 0), colors=k, method=method)


@pytest.mark.parametrize(
    ("method", "solver_name", "secret", "k"),
    [
        ("nonadaptive", "solve_nonadaptive", (3, 1, 0, 2), 4),
        ("triples", "solve_triples", (4, 1, 0, 2), 5),
        ("two-color", "solve_two_color", (1, 0, 1), 2),
    ],
)
def test_nonadaptive_solvers_charge_before_running_and_never_read_the_secret(
    monkeypatch, method, solver_name, secret, k
):
    import mastermind_q.backends as backends
    import mastermind_q.quantum as quantum

    class Blindfold(Codemaker):
        def reveal(self):
            raise AssertionError("the codebreaker looked at the secret")

    maker = Blindfold(secret, k)
    expected = _nonadaptive_queries(method, k)
    seen = {}
    original = backends._sample_counts  # what the codemaker's run samples with

    def spy(circuits, execution, metadata=None):
        seen["queries_at_run"] = maker.queries
        seen["metadata"] = metadata
        seen["circuits"] = len(circuits)
        return original(circuits, execution, metadata)

    monkeypatch.setattr(backends, "_sample_counts", spy)
    outcome = getattr(quantum, solver_name)(maker, backend="aer", shots=16, seed=4)
    assert outcome.found == secret
    assert maker.queries == expected
    assert seen["queries_at_run"] == expected
    assert seen["circuits"] == expected
    assert seen["metadata"]["method"] == method
    assert (seen["metadata"]["n"], seen["metadata"]["k"]) == (len(secret), k)


def test_cli_solve_triples(capsys):
    from mastermind_q.cli import main

    argv = ["solve", "--method", "triples", "--colors", "7", "--secret", "6,0,3,5", "--json"]
    assert main([*argv, "--shots", "16", "--seed", "2"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["found"] == [6, 0, 3, 5]
    assert payload["queries"] == 4
    assert payload["solved"] is True


@pytest.mark.slow
@pytest.mark.parametrize(("method", "n", "k"), [("nonadaptive", 64, 8), ("triples", 128, 12)])
def test_nonadaptive_wide_on_mps(method, n, k):
    secret = _nonadaptive_secret(n, k, seed=n + k)
    result = solve(secret, colors=k, method=method, shots=32, seed=1)
    assert result.found == secret
    assert result.queries == _nonadaptive_queries(method, k)
    assert result.success_probability == 1.0


@pytest.mark.slow
def test_two_color_wide_on_mps():
    secret = _nonadaptive_secret(200, 2, seed=5)
    result = solve(secret, colors=2, method="two-color", shots=32, seed=1)
    assert result.found == secret
    assert result.queries == 1


def test_mps_order_puts_hubs_first_and_keeps_the_counts():
    from qiskit_aer.primitives import SamplerV2

    from mastermind_q.backends import MPS_SWAP_DIRECTION, order_for_mps, transpile_for
    from mastermind_q.circuits import BlackPegOracleGate, find_two_color_circuit
    from mastermind_q.circuits.find_two_color import two_color_positions

    secret, k = (3, 0, 2, 2, 1, 3), 4
    oracle = BlackPegOracleGate.for_construction(secret, k)
    circuit = find_two_color_circuit(oracle, 2, 3, num_positions=6, colors=k)
    compiled = transpile_for([circuit], "aer-mps")[0]
    ordered = order_for_mps(compiled)
    hubs = [q for r in compiled.qregs if r.name in ("score", "anc") for q in r]
    assert ordered.qubits[: len(hubs)] == hubs
    assert ordered.num_qubits == compiled.num_qubits
    assert [r.name for r in ordered.cregs] == ["result"]
    counts = []
    for candidate, direction in ((compiled, "mps_swap_left"), (ordered, MPS_SWAP_DIRECTION)):
        options = {"method": "matrix_product_state", "mps_swap_direction": direction}
        sampler = SamplerV2(options={"backend_options": options})
        counts.append(sampler.run([candidate], shots=20).result()[0].data.result.get_counts())
    expected = "".join(str(bit) for bit in reversed(two_color_positions(secret, 2, 3)))
    assert expected == "101101"
    assert counts[0] == counts[1] == {expected: 20}


# -- which oracle construction (construction="auto") ----------------------------------


def test_oracle_construction_option_lists_every_construction():
    from mastermind_q.backends import ORACLE_CONSTRUCTIONS, execution_options
    from mastermind_q.circuits.oracle import CONSTRUCTIONS

    assert tuple(ORACLE_CONSTRUCTIONS) == ("auto", *CONSTRUCTIONS)
    with (
        pytest.raises(ValueError, match=r"oracle_construction must be one of .*, was 'best'"),
        execution_options(oracle_construction="best"),
    ):
        pass


def test_auto_on_aer_is_the_cheapest_cost_formula():
    from mastermind_q.circuits.oracle import DEFAULT_CONSTRUCTION
    from mastermind_q.quantum import choose_oracle_construction

    for n, k in [(5, 4), (8, 8), (3, 2)]:
        assert choose_oracle_construction("aer", n, k) == DEFAULT_CONSTRUCTION


def test_auto_on_torino_picks_gray_at_four_colours():
    """Routed on heavy-hex, the Gray construction needs the fewest two-qubit gates at
    k = 4 (benchmarks/oracle.py: 280 vs 379 fourier, 505 increment at n = 8)."""
    from mastermind_q.quantum import choose_oracle_construction

    assert choose_oracle_construction("fake:torino", 8, 4, optimization_level=3) == "gray"
    with pytest.raises(ValueError, match="positions must have value >= 1, was 0"):
        choose_oracle_construction("fake:torino", 0, 4)
    with pytest.raises(ValueError, match="score_qubits must be >= 4"):
        choose_oracle_construction("fake:torino", 8, 4, score_qubits=3)


def test_auto_measures_every_construction_on_the_device(oracle_requests):
    """The choice is the fewest median two-qubit gates (ties: depth) among the
    candidate constructions transpiled for the device; a forced construction skips the
    choice."""
    from mastermind_q.backends import execution_options, oracle_choice, transpile_for
    from mastermind_q.circuits.oracle import black_peg_oracle
    from mastermind_q.quantum import running

    oracle_choice.clear_choices()
    chosen = running.choose_oracle_construction("fake:torino", 3, 4, optimization_level=1)
    measured = {}
    for construction in oracle_choice.auto_candidates("heron", 4):
        circuit = black_peg_oracle((0, 0, 0), 4, construction=construction)
        runs = [
            transpile_for(
                [circuit],
                "fake:torino",
                optimization_level=1,
                seed=seed,
                qubits_initially_zero=False,
            )[0]
            for seed in running.AUTO_SEEDS
        ]
        twos = sorted(sum(1 for i in c.data if i.operation.num_qubits == 2) for c in runs)
        depths = sorted(c.depth() for c in runs)
        measured[construction] = (twos[1], depths[1])
    assert measured[chosen] == min(measured.values())
    requested = oracle_requests
    requested.clear()  # the calls from here on
    with execution_options(optimization_level=1):
        running._oracle_for(Codemaker((1, 2, 3), 4), "fake:torino")
        with execution_options(oracle_construction="increment"):
            running._oracle_for(Codemaker((1, 2, 3), 4), "fake:torino")
    assert requested == [chosen, "increment"]


def test_forced_gray_oracle_solves_on_aer():
    from mastermind_q.backends import execution_options

    with execution_options(oracle_construction="gray"):
        for method, secret, k in [("nonadaptive", (3, 1, 0), 4), ("adaptive", (2, 0), 3)]:
            result = solve(secret, colors=k, method=method, backend="aer-statevector")
            assert result.found == secret
            assert result.success_probability >= 1 - 1e-9


def test_auto_reports_the_narrowest_construction_when_none_fits():
    from mastermind_q.backends import CircuitTooWideError
    from mastermind_q.quantum import choose_oracle_construction

    # n = 3, k = 4: gray 8 qubits, increment 9, fourier 10; fake:manila has 5
    with pytest.raises(CircuitTooWideError, match=r"needs 8 qubits, but backend 'fake:manila'"):
        choose_oracle_construction("fake:manila", 3, 4)


@pytest.mark.parametrize(
    ("counts", "match"),
    [
        (["a", "b"], r"counts\[0\] must be a dict"),
        ("0101", "counts must be a list of dicts"),
        ([{"011": 0}, {"110": 0}], r"counts\[0\] has no weight"),
        ([{"011": 1}, {}], r"counts\[1\] has no weight"),
        ([{"011": "9"}, {"110": 1}], "must be a number"),
        ([{"011": float("nan")}, {"110": 1}], "must be finite"),
        ([{3: 1}, {"110": 1}], "not a bitstring"),
    ],
)
def test_decode_counts_refuses_malformed_counts_with_value_errors(counts, match):
    from mastermind_q.quantum import decode_counts

    with pytest.raises(ValueError, match=match):
        decode_counts("triples", counts, num_positions=3, colors=4)


# -- hostile input to decode_counts: sizes, widths, huge counts ------------------------------
@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"num_positions": 3.0}, "positions must be an integer, was 3.0"),
        ({"num_positions": "Fraction"}, "positions must be an integer, was Fraction(3, 1)"),
        ({"num_positions": 3 + 0j}, "positions must be an integer, was (3+0j)"),
        ({"num_positions": True}, "positions must be an integer, was True"),
        ({"colors": 10**30}, "colors 1000000000000000000000000000000 for quantum circuits"),
        ({"colors": 4.0}, "colors must be an integer"),
    ],
)
def test_decode_counts_checks_n_and_k(options, fragment):
    from fractions import Fraction

    if options.get("num_positions") == "Fraction":
        options = {"num_positions": Fraction(3)}
    arguments = {"num_positions": 3, "colors": 4, **options}
    with pytest.raises(ValueError) as caught:
        decode_counts("triples", [{"011": 1}, {"110": 1}], **arguments)
    assert fragment in str(caught.value)


@pytest.mark.parametrize("count", [10**400, 2**1100])
def test_decode_counts_refuses_counts_beyond_a_float(count):
    with pytest.raises(ValueError, match="too large, an integer of"):
        decode_counts("two-color", [{"01": count}], num_positions=2, colors=2)


def test_decode_counts_refuses_register_outcomes_of_another_width():
    """n = 10, k = 4: 20 bits; 4-bit outcomes must not decode as a 10-position code."""
    with pytest.raises(ValueError, match="has 4 bits; the colour registers of n = 10"):
        decode_counts("adaptive", [{"0000": 9}], num_positions=10, colors=4)
    found, _ = decode_counts("adaptive", [{"0110": 9}], num_positions=2, colors=4)
    assert found == (2, 1)


def test_decode_counts_reads_hunziker_meyer_as_its_run_does():
    found, fractions = decode_counts(
        "hunziker-meyer", [{"000100": 3, "001001": 1}], num_positions=2, colors=5
    )
    assert found == (4, 0) and fractions == [0.75]


def test_the_moved_plans_keep_a_warning_alias():
    from mastermind_q.quantum import nonadaptive_plan, plans, triple_plan, triple_query_count

    for name, moved in [
        ("nonadaptive_plan", nonadaptive_plan),
        ("triple_plan", triple_plan),
        ("triple_query_count", triple_query_count),
    ]:
        with pytest.warns(DeprecationWarning, match=f"plans.{name} moved"):
            assert getattr(plans, name) is moved
    with pytest.raises(AttributeError, match="no_such_plan"):
        plans.no_such_plan  # noqa: B018
