"""``python -m mastermind_q.cli``: the ``mastermind-q`` command line."""

from __future__ import annotations

if __name__ == "__main__":  # pragma: no cover
    try:
        from . import run
    except KeyboardInterrupt:  # Ctrl-C while the command line itself is imported
        import os

        os.write(2, b"mastermind-q: interrupted\n")
        os._exit(130)
    run()
