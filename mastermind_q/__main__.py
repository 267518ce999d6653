"""``python -m mastermind_q``: the ``mastermind-q`` command line (the console script)."""

from __future__ import annotations

if __name__ == "__main__":  # pragma: no cover
    try:
        from .cli import run
    except KeyboardInterrupt:  # Ctrl-C while the command line itself is imported
        import os

        os.write(2, b"mastermind-q: interrupted\n")
        os._exit(130)
    run()
