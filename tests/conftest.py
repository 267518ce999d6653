"""Shared pytest configuration."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """With ``-n`` (pytest-xdist), tests sharing an ``xdist_group`` run in one worker
    (``--dist loadgroup``) unless ``--dist`` says otherwise; without xdist, or with
    ``-p no:xdist``, a file runs alone as ``python -m pytest tests/test_x.py``."""
    if getattr(config.option, "numprocesses", None) and config.option.dist == "no":
        config.option.dist = "loadgroup"


@pytest.fixture(autouse=True, scope="session")
def _private_strategy_cache(tmp_path_factory):
    """Solved ``optimal`` strategies go to a temporary cache, never the user's."""
    previous = os.environ.get("MASTERMIND_Q_CACHE_DIR")
    os.environ["MASTERMIND_Q_CACHE_DIR"] = str(tmp_path_factory.mktemp("strategy-cache"))
    yield
    if previous is None:
        os.environ.pop("MASTERMIND_Q_CACHE_DIR", None)
    else:
        os.environ["MASTERMIND_Q_CACHE_DIR"] = previous


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    """An empty disk cache (the folder, returned) and empty in-memory tables of solved
    strategies and static query sets, for the test alone."""
    from mastermind_q.classical import optimal, static_exact

    folder = tmp_path / "cache"
    monkeypatch.setenv("MASTERMIND_Q_CACHE_DIR", str(folder))
    monkeypatch.setattr(optimal, "_STRATEGIES", {})
    monkeypatch.setattr(static_exact, "_SETS", {})
    return folder


@pytest.fixture
def oracle_requests(monkeypatch):
    """The ``construction`` of every ``Codemaker.oracle`` call of the test, in order."""
    from mastermind_q.codemaker import Codemaker

    requested = []
    original = Codemaker.oracle

    def spy(self, **options):
        requested.append(options.get("construction"))
        return original(self, **options)

    monkeypatch.setattr(Codemaker, "oracle", spy)
    return requested


@pytest.fixture
def brute(monkeypatch):
    """A self-contained classical method ``brute`` (``helpers.brute_force``), registered
    for the test alone; its name."""
    from helpers import LocalMethod

    from mastermind_q.solving import METHODS

    monkeypatch.setitem(METHODS, "brute", LocalMethod("brute", "classical", "local:brute"))
    return "brute"


@pytest.fixture
def interrupt_sweep(monkeypatch):
    """``interrupt_sweep(n)``: the sweep's ``n``-th task raises ``KeyboardInterrupt`` (as
    Ctrl-C would); it returns the list of the tasks started."""
    from mastermind_q.compare import tasks

    real = tasks.run_task
    calls = []

    def interrupt_after(count):
        def run_task(task, **options):
            calls.append(task)
            if len(calls) == count:
                raise KeyboardInterrupt
            return real(task, **options)

        monkeypatch.setattr(tasks, "run_task", run_task)
        return calls

    return interrupt_after
