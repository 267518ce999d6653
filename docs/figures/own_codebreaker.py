"""Make ``docs/figures/own-codebreaker.png``: the plugin guide's quantum codebreaker in a
comparison beside the built-ins (non-adaptive setting, n = 4).

Run from the repository root: ``python docs/figures/own_codebreaker.py``. The plugin
is registered at run time here (an installed one joins through its entry point).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples" / "plugin"))

from path_pairs import PathPairs  # noqa: E402

from mastermind_q import register_codebreaker  # noqa: E402
from mastermind_q.compare import compare, plot_comparison  # noqa: E402


def main() -> None:
    register_codebreaker(PathPairs)
    table = compare(
        [4],
        [3, 4, 5, 6, 8, 10, 12],
        methods=["path-pairs", "nonadaptive", "triples", "static"],
        samples=5,
        seed=0,
        formulas=False,
    )
    figure = plot_comparison(
        table.rows,
        ROOT / "docs" / "figures" / "own-codebreaker.png",
        setting="non-adaptive",
        # nonadaptive asks k - 1 queries too: its curve would hide path-pairs'
        methods=["path-pairs", "triples", "best-classical", "entropy-bound"],
    )
    del figure


if __name__ == "__main__":
    main()
