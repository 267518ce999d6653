"""``python -m mastermind_q``: the ``mastermind-q`` command line (the console script)."""

from __future__ import annotations

from .cli import run

if __name__ == "__main__":  # pragma: no cover
    run()
