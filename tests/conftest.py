"""Shared pytest configuration."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")


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
