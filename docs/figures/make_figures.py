"""Make every committed figure in ``docs/figures/``, or check that each is up to date.

Run from the repository root::

    python docs/figures/make_figures.py            # redraw every figure
    python docs/figures/make_figures.py NAME.png   # redraw one
    python docs/figures/make_figures.py --check    # exit 1 naming the stale figures

Each figure is drawn by the code path a user runs: the circuit by ``mastermind-q draw``
itself, the comparison figures by :func:`mastermind_q.compare.compare` and
:func:`mastermind_q.compare.plot_comparison`. Every PNG carries a fingerprint of what was
drawn in a text chunk (:data:`mastermind_q.files.FINGERPRINT_KEY`): for a circuit, its
drawn instructions, caption and drawing settings
(:func:`mastermind_q.drawing.drawing_fingerprint`); for a comparison, the rows plotted
and the plot's options (:func:`mastermind_q.compare.plot_fingerprint`). A figure is up to
date when the fingerprint it carries is the one today's code computes for its recipe
here; pixels are never compared (they change with the fonts and the matplotlib
version). ``tests/test_figures.py`` does this check: for the circuit at every test run,
for the comparisons (a sweep of about a minute) under the ``slow`` marker.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "figures"
if str(ROOT) not in sys.path:  # this checkout's mastermind_q, not an installed one
    sys.path.insert(0, str(ROOT))

FIND_TWO_COLOR = [
    *("draw", "find-two-color", "--positions", "3", "--colors", "4"),
    *("--pair", "0,2", "--secret", "2,0,3"),
]
"""The README's figure: the command that draws it (``--output FILE`` added)."""


def _cli(argv: Sequence[str]) -> dict[str, Any]:
    """Run ``mastermind-q ARGV --json`` in this process; its JSON object."""
    from mastermind_q.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main([*argv, "--json"])
    if status != 0:
        raise SystemExit(f"mastermind-q {' '.join(argv)} exited {status}")
    result: dict[str, Any] = json.loads(out.getvalue())
    return result


def _circuit_fingerprint() -> str:
    return str(_cli(FIND_TWO_COLOR)["fingerprint"])


def _draw_circuit(path: Path) -> None:
    _cli([*FIND_TWO_COLOR, "--output", str(path), "--force"])


ADAPTIVE_METHODS = [
    *("adaptive", "blackpeg", "coin-weighing", "random-consistent"),
    *("consistent", "optimal", "permutation"),
]
"""The guide's adaptive comparison: the quantum adaptive solver against the adaptive
classical codebreakers of the black-peg game (``best classical``), at k = 8."""


def _adaptive_rows() -> list[Any]:
    from mastermind_q.compare import compare

    return compare(range(4, 17, 2), [8], methods=ADAPTIVE_METHODS, samples=10, seed=0).rows


ADAPTIVE_PLOT: dict[str, Any] = {"setting": "adaptive"}


@contextlib.contextmanager
def _path_pairs() -> Iterator[None]:
    """The plugin guide's quantum codebreaker registered for the block (a plugin: its
    entry point, when installed), and taken out again so nothing else sees it."""
    folder = str(ROOT / "examples" / "plugin")
    sys.path.insert(0, folder)
    try:
        from path_pairs import PathPairs
    finally:
        sys.path.remove(folder)

    from mastermind_q import register_codebreaker
    from mastermind_q.solving import METHODS

    added = "path-pairs" not in METHODS
    if added:
        register_codebreaker(PathPairs)
    try:
        yield
    finally:
        if added:
            del METHODS["path-pairs"]


def _own_rows() -> list[Any]:
    """The plugin guide's quantum codebreaker beside the built-ins (non-adaptive, n = 4)."""
    from mastermind_q.compare import compare

    with _path_pairs():
        return compare(
            [4],
            [3, 4, 5, 6, 8, 10, 12],
            methods=["path-pairs", "nonadaptive", "triples", "static"],
            samples=5,
            seed=0,
            formulas=False,
        ).rows


OWN_PLOT: dict[str, Any] = {
    "setting": "non-adaptive",
    # nonadaptive asks k - 1 queries too: its curve would hide path-pairs'
    "methods": ["path-pairs", "triples", "best-classical", "entropy-bound"],
}


def _plot(
    rows: Callable[[], list[Any]],
    options: dict[str, Any],
    context: Callable[[], contextlib.AbstractContextManager[Any]] = contextlib.nullcontext,
) -> Recipe:
    """A comparison figure; ``context`` holds what its methods need (a plugin)."""

    def fingerprint() -> str:
        from mastermind_q.compare import plot_fingerprint

        with context():
            return plot_fingerprint(rows(), **_defaults(options))

    def draw(path: Path) -> None:
        from mastermind_q.compare import plot_comparison

        with context():
            plot_comparison(rows(), path, **options)

    return Recipe(fingerprint, draw, slow=True)


def _defaults(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with :func:`plot_comparison`'s defaults, as its PNG records them."""
    import inspect

    from mastermind_q.compare import plot_comparison

    defaults = {
        name: parameter.default
        for name, parameter in inspect.signature(plot_comparison).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
        and name not in ("overwrite", "force_hint")
    }
    return {**defaults, **options}


@dataclass(frozen=True)
class Recipe:
    """How one figure is made: ``fingerprint()`` (what it should carry), ``draw(path)``."""

    fingerprint: Callable[[], str]
    draw: Callable[[Path], None]
    slow: bool = False


FIGURES: dict[str, Recipe] = {
    "find_two_color.png": Recipe(_circuit_fingerprint, _draw_circuit),
    "compare-adaptive.png": _plot(_adaptive_rows, ADAPTIVE_PLOT),
    "own-codebreaker.png": _plot(_own_rows, OWN_PLOT, _path_pairs),
}
"""Every committed figure by file name in ``docs/figures/``."""

REGENERATE = "python docs/figures/make_figures.py"
"""The command that redraws the figures (the stale ones by name)."""


def stale(names: Sequence[str]) -> list[str]:
    """The figures among ``names`` whose fingerprint is not today's, each with why."""
    from mastermind_q.files import read_fingerprint

    found = []
    for name in names:
        carried = read_fingerprint(FOLDER / name)
        expected = FIGURES[name].fingerprint()
        if carried != expected:
            why = "carries no fingerprint" if carried is None else "was drawn by older code"
            found.append(f"docs/figures/{name} {why}: redraw it with {REGENERATE} {name}")
    return found


def main(argv: Sequence[str]) -> int:
    check = "--check" in argv
    names = [name for name in argv if name != "--check"] or list(FIGURES)
    unknown = [name for name in names if name not in FIGURES]
    if unknown:
        print(f"unknown figure {unknown[0]!r}; figures: {', '.join(FIGURES)}", file=sys.stderr)
        return 2
    if check:
        problems = stale(names)
        print("\n".join(problems) or "every figure is up to date")
        return 1 if problems else 0
    for name in names:
        FIGURES[name].draw(FOLDER / name)
        print(f"wrote docs/figures/{name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
