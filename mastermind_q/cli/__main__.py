"""``python -m mastermind_q.cli``: the ``mastermind-q`` command line."""

from __future__ import annotations

from . import run

if __name__ == "__main__":  # pragma: no cover
    run()
