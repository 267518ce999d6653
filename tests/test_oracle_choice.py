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
