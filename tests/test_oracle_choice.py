"""Tests for mastermind_q.backends.oracle_choice: the ``auto`` choice cached on disk."""

from __future__ import annotations

import json
import os
import stat

import pytest

from mastermind_q.backends import oracle_choice
from mastermind_q.backends.oracle_choice import (
    MAX_CHOICE_BYTES,
    auto_candidates,
    choice_key,
    choice_path,
    choose_construction,
    load_choice,
    oracle_choice_directory,
    store_choice,
)
from mastermind_q.circuits.oracle import CONSTRUCTIONS

DEVICE = "fake:manila"  # 5 qubits: every candidate transpiles in milliseconds


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache directory and an empty in-process cache."""
    monkeypatch.setenv("MASTERMIND_Q_CACHE_DIR", str(tmp_path / "cache"))
    oracle_choice.clear_choices()
    yield tmp_path / "cache" / "oracle-choice"
    oracle_choice.clear_choices()


def _key(**changes):
    values = {
        "device": DEVICE,
        "num_positions": 1,
        "colors": 2,
        "score_qubits": 1,
        "constructions": ("fourier", "gray"),
        "setting": "1/default/default",
        "qiskit_version": "2.0.0",
    }
    values.update(changes)
    return choice_key(**values)


def test_directory_follows_the_environment(cache):
    assert oracle_choice_directory() == cache


def test_store_then_load_with_private_modes(cache):
    key = _key()
    path = store_choice(key, "gray")
    assert path == choice_path(key) and path.parent == cache
    assert load_choice(key) == "gray"
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    assert stat.S_IMODE(cache.parent.stat().st_mode) == 0o700  # created here too
    assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0
    record = json.loads(path.read_text())
    assert record == {"schema": 1, "key": key, "construction": "gray"}


def test_every_key_field_changes_the_file(cache):
    base = choice_path(_key())
    for change in (
        {"device": "fake:lima"},
        {"num_positions": 2},
        {"colors": 3},
        {"score_qubits": 2},
        {"constructions": ("fourier", "gray", "line")},
        {"setting": "3/sabre/sabre"},
        {"qiskit_version": "2.1.0"},
    ):
        assert choice_path(_key(**change)) != base, change


def test_store_refuses_a_construction_outside_the_set(cache):
    with pytest.raises(ValueError, match="'increment'"):
        store_choice(_key(), "increment")


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        "[]",
        '{"schema": 2, "key": KEY, "construction": "gray"}',
        '{"schema": 1, "key": KEY, "construction": "increment"}',
        '{"schema": 1, "key": KEY, "construction": 3}',
        '{"schema": 1, "key": {}, "construction": "gray"}',
        '{"schema": 1, "key": KEY, "construction": "gray", "extra": 1}',
        "\xff\xfe",
    ],
)
def test_malformed_files_are_ignored(cache, content):
    key = _key()
    path = choice_path(key)
    path.parent.mkdir(parents=True)
    path.write_text(content.replace("KEY", json.dumps(key)), encoding="latin-1")
    path.chmod(0o600)
    assert load_choice(key) is None


def test_untrusted_files_are_ignored(cache):
    key = _key()
    path = store_choice(key, "gray")
    path.chmod(0o664)  # group-writable
    assert load_choice(key) is None
    path.chmod(0o600)
    assert load_choice(key) == "gray"
    path.write_text(" " * (MAX_CHOICE_BYTES + 1))
    assert load_choice(key) is None  # too big
    path.unlink()
    target = cache / "elsewhere.json"
    target.write_text(json.dumps({"schema": 1, "key": key, "construction": "gray"}))
    target.chmod(0o600)
    path.symlink_to(target)
    assert load_choice(key) is None  # a link is not followed


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_does_not_block(cache):
    key = _key()
    path = choice_path(key)
    path.parent.mkdir(parents=True)
    os.mkfifo(path, 0o600)
    assert load_choice(key) is None  # returns at once: opened non-blocking


def test_second_choice_reads_the_cache_and_transpiles_nothing(cache, monkeypatch):
    first = choose_construction(DEVICE, 1, 2, 1, optimization_level=1)
    assert first in auto_candidates("other", 2)
    (written,) = cache.iterdir()
    oracle_choice.clear_choices()  # as in a new process

    def no_measuring(*args, **kwargs):
        raise AssertionError("the choice was measured again")

    monkeypatch.setattr(oracle_choice, "_measure_choice", no_measuring)
    assert choose_construction(DEVICE, 1, 2, 1, optimization_level=1) == first
    written.write_text("garbage")  # a broken entry is recomputed, not trusted
    oracle_choice.clear_choices()
    with pytest.raises(AssertionError, match="measured again"):
        choose_construction(DEVICE, 1, 2, 1, optimization_level=1)


def test_a_broken_entry_is_rewritten(cache):
    first = choose_construction(DEVICE, 1, 2, 1, optimization_level=1)
    (written,) = cache.iterdir()
    written.write_text("garbage")
    oracle_choice.clear_choices()
    assert choose_construction(DEVICE, 1, 2, 1, optimization_level=1) == first
    assert json.loads(written.read_text())["construction"] == first


def test_deleting_the_cache_is_safe(cache):
    first = choose_construction(DEVICE, 1, 2, 1, optimization_level=1)
    for path in cache.iterdir():
        path.unlink()
    cache.rmdir()
    oracle_choice.clear_choices()
    assert choose_construction(DEVICE, 1, 2, 1, optimization_level=1) == first


def test_read_only_cache_only_costs_a_recomputation(cache):
    cache.parent.mkdir(mode=0o500)
    try:
        if os.access(cache.parent, os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        assert choose_construction(DEVICE, 1, 2, 1, optimization_level=1) in CONSTRUCTIONS
    finally:
        cache.parent.chmod(0o700)


def test_heavy_hex_devices_also_consider_the_line_construction_above_four_colours():
    assert "line" in auto_candidates("heron", 8) and "line" in auto_candidates("eagle", 5)
    assert "line" not in auto_candidates("heron", 4)
    assert "line" not in auto_candidates("other", 8)
    assert set(auto_candidates("other", 8)) == set(CONSTRUCTIONS) - {"line"}


# -- one chooser: solve, resources, the auto plugin and choose_oracle_construction agree --

GRID = [
    # (backend, n, k, method)
    *[
        (backend, n, k, method)
        for backend in ("aer", "aer-statevector", "aer-mps")
        for n, k, method in (
            (2, 3, "nonadaptive"),
            (1, 2, "two-color"),
            (2, 3, "adaptive"),
            (5, 4, "adaptive"),  # 15 qubits: aer simulates it as a matrix product state
            (5, 4, "nonadaptive"),
        )
    ],
    ("fake:nairobi", 2, 3, "nonadaptive"),  # 7 qubits: fourier does not fit, gray does
    ("fake:nairobi", 1, 2, "two-color"),
    ("fake:torino", 2, 3, "adaptive"),
    pytest.param(  # heavy-hex, k > 4: line is a candidate (4 noisy circuits: slow)
        "fake:torino", 2, 5, "nonadaptive", marks=pytest.mark.slow
    ),
]


def _solve_construction(backend, n, k, method):
    """The construction of every oracle gate ``solve`` handed to the codemaker."""
    from mastermind_q import solve

    secret = tuple(i % k for i in range(n))
    result = solve(secret, colors=k, method=method, backend=backend, shots=16, seed=3)
    found = set()
    for circuit in result.circuits:
        for item in circuit.data:
            found |= {
                dict(op.oracle_options).get("construction")
                for op in _opaque_oracles(item.operation)
            }
    (construction,) = found
    return construction


def _opaque_oracles(operation):
    from mastermind_q.codemaker import OracleGate

    if isinstance(operation, OracleGate):
        yield operation
        return
    definition = getattr(operation, "definition", None) if operation.name != "measure" else None
    for item in definition.data if definition is not None else ():
        yield from _opaque_oracles(item.operation)


def _plugin_construction(backend, n, k, method, caplog):
    """What ``transpile(..., hls_config=HLSConfig(black_peg_oracle=["auto"]))`` builds."""
    import logging

    from qiskit import QuantumCircuit
    from qiskit.transpiler.passes.synthesis.high_level_synthesis import HLSConfig

    from mastermind_q.backends import backend_kind, resolve_backend
    from mastermind_q.circuits import BlackPegOracleGate
    from mastermind_q.circuits.oracle import SYNTHESIS_LOGGER

    score = None
    if method == "two-color":
        from mastermind_q.circuits.two_colors import two_color_score_qubits

        score = two_color_score_qubits(n)
    if backend_kind(backend) == "aer":
        from qiskit_aer import AerSimulator

        target = AerSimulator().target
    else:
        target = resolve_backend(backend).target
    secret = tuple(i % k for i in range(n))
    gate = BlackPegOracleGate(secret, k, score_qubits=score)  # room for every construction
    if gate.num_qubits > target.num_qubits:  # else the fewest work qubits, and borrowing
        gate = BlackPegOracleGate(secret, k, score_qubits=score, ancillas=0)
    circuit = QuantumCircuit(gate.num_qubits)
    circuit.append(gate, circuit.qubits)
    from qiskit.transpiler import generate_preset_pass_manager

    manager = generate_preset_pass_manager(
        optimization_level=1,
        target=target,
        hls_config=HLSConfig(black_peg_oracle=["auto"]),
        seed_transpiler=1,
    )
    caplog.clear()
    with caplog.at_level(logging.INFO, logger=SYNTHESIS_LOGGER):
        manager.run(circuit)
    built = [getattr(record, "construction", None) for record in caplog.records]
    (construction,) = {name for name in built if name}
    return construction


@pytest.mark.parametrize(("backend", "n", "k", "method"), GRID)
def test_one_chooser_names_what_solve_runs_resources_counts_and_auto_builds(
    cache, backend, n, k, method, caplog
):
    from mastermind_q import METHODS
    from mastermind_q.backends import aer_method, backend_kind
    from mastermind_q.circuits.oracle import DEFAULT_CONSTRUCTION, black_peg_oracle_cost
    from mastermind_q.quantum import choose_oracle_construction
    from mastermind_q.resources import circuit_resources

    chosen = choose_oracle_construction(backend, n, k, method=method)
    assert _solve_construction(backend, n, k, method) == chosen
    width = black_peg_oracle_cost(n, k).qubits
    simulated_as_mps = (
        backend_kind(backend) == "aer" and aer_method(backend, width) == "matrix_product_state"
    )
    target = "basis" if backend_kind(backend) == "aer" else backend
    counted = circuit_resources(method, num_positions=n, colors=k, target=target)
    built = _plugin_construction(backend, n, k, method, caplog)
    preferred = METHODS[method].mps_construction
    if simulated_as_mps and preferred is not None:
        # A target does not say how Aer will simulate: resources and the plugin see one
        # with nothing to route; solve prefers increment on the MPS chain.
        assert chosen == preferred == "increment"
        assert counted.oracle_construction == built == DEFAULT_CONSTRUCTION
        return
    assert counted.oracle_construction == built == chosen
    if backend_kind(backend) == "aer":
        assert chosen == DEFAULT_CONSTRUCTION


def test_a_backend_name_and_its_target_share_one_cache_entry(cache):
    from mastermind_q.backends import resolve_backend

    first = choose_construction("fake:nairobi", 2, 3, optimization_level=1)
    assert len(list(cache.iterdir())) == 1
    oracle_choice.clear_choices()
    target = resolve_backend("fake:nairobi").target
    assert choose_construction(target, 2, 3, optimization_level=1) == first
    assert len(list(cache.iterdir())) == 1  # read back, not measured again


def test_aer_names_what_solve_runs_there():
    """The former divergence: the chooser named gray / increment on Aer, solve ran fourier."""
    from mastermind_q.quantum import choose_oracle_construction

    assert choose_oracle_construction("aer", 2, 3) == "fourier"
    assert choose_oracle_construction("aer", 1, 2) == "fourier"
    assert choose_oracle_construction("aer-mps", 2, 3, method="adaptive") == "increment"
