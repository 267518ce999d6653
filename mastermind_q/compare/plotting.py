"""Figures of comparison rows for a paper: one figure per setting, like against like.

One figure per setting (Li-Luo-Xu Table 1: non-adaptive, Table 2: adaptive). Each
plots queries against ``n`` (one panel per ``k``) or against ``k`` (one panel per
``n``), whichever varies more in the grid; a panel that would hold a single point is
left out. By default a figure draws each quantum method of its setting, the
``best-classical`` row of the quantum game (black pegs, repetition) in that setting,
the paper's classical rate for it (``table1-classical`` or ``table2-blackpeg``) and
the classical lower bound of the setting (``entropy-bound``, ``counting-bound``):
at most 8 legend entries. ``methods=`` chooses other curves.

Curves take the colour-blind-safe Okabe-Ito palette [1] in turn, and every curve of a
figure has its own marker *and* line style, so curves that coincide stay visible and
the figure survives grey-scale printing; a curve whose points are exactly those of a
curve drawn before it (a plugin asking as many queries as a built-in) is moved a few
points sideways. The ``best-classical`` curve names the codebreaker behind it: in the
legend when one achieved every point, else at each point. The lower bounds are reference curves: a
broad grey line without markers, labelled "(lower bound)" (:data:`REFERENCE_STYLE`).
``style="single"`` is a 3.5 in wide journal column, ``"double"`` 7 in; the suffix of
``path`` picks the format (vector ``svg`` or ``pdf``, or ``png``).

References:
    [1] M. Okabe, K. Ito, "Color Universal Design" (2008); B. Wong, "Points of view:
        Color blindness", Nature Methods 8, 441 (2011).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..solving import METHODS
from .games import SETTING_ORDER, game_name, parse_game
from .output import _row_dict, is_approximate
from .rows import CompareRow

if TYPE_CHECKING:
    from matplotlib.figure import Figure, SubFigure

__all__ = [
    "COUNTS",
    "LINESTYLES",
    "MARKERS",
    "PALETTE",
    "PAPER_RATES",
    "PLOT_STYLES",
    "REFERENCE_BOUNDS",
    "REFERENCE_STYLE",
    "check_plot_methods",
    "default_curves",
    "plot_comparison",
    "plot_fingerprint",
    "plot_settings",
    "setting_paths",
]

PALETTE = (
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#000000",  # black
    "#F0E442",  # yellow (last: faint on white)
)
"""The Okabe-Ito colour-blind-safe palette, in the order curves take it."""
LINESTYLES = (
    "-",
    (0, (5, 2)),
    (0, (5, 1.5, 1, 1.5)),
    (0, (1, 1.5)),
    (0, (8, 2, 1, 2, 1, 2)),
    (0, (3, 1)),
    (0, (1, 3)),
    (0, (6, 1.5, 2, 1.5)),
)
"""One line style per curve of a figure (8 kinds, then they repeat)."""
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">", "h", "p")
"""One marker per curve of a figure, drawn hollow."""
PLOT_STYLES: dict[str, dict[str, float]] = {
    "single": {"width": 3.5, "panel_height": 2.3, "font": 8.0, "columns": 2, "legend_columns": 2},
    "double": {"width": 7.0, "panel_height": 2.6, "font": 9.0, "columns": 3, "legend_columns": 3},
}
"""Figure sizes: a single journal column (3.5 in wide) or a double one (7 in)."""
COUNTS = {
    "to-win": ("queries_to_win", "queries to win (worst case)"),
    "queries": ("queries", "oracle calls (quantum), guesses (classical)"),
}
"""What the query axis counts: ``to-win`` (quantum oracle calls plus the final guess,
as classical rows count) or ``queries`` (as the codemaker counted them)."""
PAPER_RATES = {"non-adaptive": "table1-classical", "adaptive": "table2-blackpeg"}
"""The paper's classical rate drawn by default in each setting's figure."""
REFERENCE_BOUNDS = {"non-adaptive": "entropy-bound", "adaptive": "counting-bound"}
"""The classical lower bound drawn by default as a reference curve in each setting's
figure (:func:`~mastermind_q.compare.theory.entropy_bound`,
:func:`~mastermind_q.compare.theory.counting_bound`)."""
REFERENCE_STYLE: dict[str, Any] = {
    "color": "0.55",
    "linestyle": "-",
    "marker": "None",
    "linewidth": 2.2,
    "alpha": 0.8,
}
"""How a reference lower bound is drawn: a broad grey line without markers, behind the
measured curves, so it never reads as a measurement (every measured curve has markers;
counted points keep their hollow ones)."""
_REFERENCE_LABELS = {
    "counting-bound": "counting bound (lower bound)",
    "entropy-bound": "entropy bound (lower bound)",
}
_TITLES = {
    "non-adaptive": "Non-adaptive (Li-Luo-Xu Table 1)",
    "adaptive": "Adaptive (Li-Luo-Xu Table 2)",
}
_FORMULA_LABELS = {
    "table1-classical": "classical rate (Table 1)",
    "table1-quantum": "quantum rate k (Table 1)",
    "table2-blackpeg": "classical rate (Table 2)",
    "table2-blackwhite": "classical b/w rate (Table 2)",
    "table2-quantum": "quantum rate √k (Table 2)",
}
_GAME_WORDS = {
    "black": "black pegs",
    "black-white": "black-white",
    "black-distinct": "permutation game",
    "black-white-distinct": "black-white permutation game",
}

_OTHER_LOOKS = {"best-classical": 6, "table1-classical": 11, "table2-blackpeg": 15}
"""The places of the curves that are no codebreaker in the figures' fixed order of
styles; the built-in codebreakers hold the others (:meth:`Codebreakers.looks
<mastermind_q.codebreaker.Codebreakers.looks>`)."""


@functools.cache
def _style_order() -> tuple[str, ...]:
    """The order curves take the palette, markers and line styles in, the same in every
    figure (each name keeps its look); names not listed follow."""
    places = {**METHODS.looks(), **_OTHER_LOOKS}
    return tuple(sorted(places, key=places.__getitem__))


Curve = tuple[str, str]
"""``(method, game name)``: one curve of a figure."""


def _game_of_row(row: Mapping[str, Any]) -> str:
    return game_name(str(row.get("feedback") or "black"), bool(row.get("distinct")))


def _settings(data: list[dict[str, Any]]) -> list[str]:
    """Settings with measured rows (or, with none measured, any rows), in paper order."""
    measured = {row["setting"] for row in data if row.get("kind") in ("quantum", "classical")}
    present = measured or {row["setting"] for row in data}
    return [setting for setting in SETTING_ORDER if setting in present]


def default_curves(rows: Iterable[CompareRow | Mapping[str, Any]], setting: str) -> list[Curve]:
    """The curves a ``setting`` figure draws by default, in legend order.

    The same set on every grid, small or at scale, the diagonal ``k = n`` included:
    each quantum method of the setting, the ``best-classical`` row of the quantum game
    (black pegs, repetition) in that setting (its marker names the codebreaker behind
    each point) and the paper's classical rate (:data:`PAPER_RATES`), where the rows
    hold them; last, the setting's classical lower bound (:data:`REFERENCE_BOUNDS`),
    drawn as a reference curve. ``methods=`` of :func:`plot_comparison` draws any other
    set (each classical codebreaker on its own, for instance).
    """
    data = [row for row in map(_row_dict, rows) if row.get("setting") == setting]
    present = {(row["method"], _game_of_row(row)) for row in data}
    quantum = dict.fromkeys(
        (row["method"], _game_of_row(row)) for row in data if row.get("kind") == "quantum"
    )
    order = {name: index for index, name in enumerate(METHODS)}
    curves = sorted(quantum, key=lambda curve: order.get(curve[0], len(order)))
    candidates = [
        ("best-classical", "black"),
        (PAPER_RATES.get(setting, ""), "black"),
        (REFERENCE_BOUNDS.get(setting, ""), "black"),
    ]
    return curves + [curve for curve in candidates if curve in present]


MAX_LOG_TICKS = 7
"""Most labelled powers of two on a logarithmic axis; wider ranges label every 2nd, 4th."""


def check_plot_methods(methods: Sequence[str]) -> list[tuple[str, str | None]]:
    """Check curve names (``NAME`` or ``NAME@GAME``) before any row runs.

    ``NAME`` is a solve method, a bound or formula name, or ``best-classical``; ``GAME`` a
    :data:`~mastermind_q.compare.games.GAMES` name.

    Returns:
        ``(name, game or None)`` for each entry.

    Raises:
        ValueError: naming the entry that is not a curve name.
    """
    from .theory import ASYMPTOTIC_FORMULAS, BOUNDS

    known = {*METHODS, *BOUNDS, *ASYMPTOTIC_FORMULAS, "best-classical"}
    if isinstance(methods, str) or not methods:
        raise ValueError(f"plot methods must be a list of names, was {methods!r}")
    checked = []
    for entry in methods:
        if not isinstance(entry, str) or not entry.strip():
            raise ValueError(
                f"plot methods must be names like consistent@black-white, was {entry!r}"
            )
        name, _, game = entry.strip().partition("@")
        if name not in known:
            raise ValueError(
                f"plot method must be one of {', '.join(sorted(known))} "
                f"(optionally @GAME); was {entry!r}"
            )
        if game:
            parse_game(game)
        checked.append((name, game or None))
    return checked


def _chosen_curves(data: list[dict[str, Any]], setting: str, methods: Sequence[str]) -> list[Curve]:
    """``methods`` as curves: ``NAME`` (every game of it here) or ``NAME@GAME``."""
    rows = [row for row in data if row.get("setting") == setting]
    present = list(dict.fromkeys((row["method"], _game_of_row(row)) for row in rows))
    curves: list[Curve] = []
    for name, game in check_plot_methods(methods):
        curves += [c for c in present if c[0] == name and (game is None or c[1] == game)]
    return list(dict.fromkeys(curves))


def _label(method: str, game: str, kind: str, *, scale: float | None = None) -> str:
    if method in _REFERENCE_LABELS and game == "black":
        return _REFERENCE_LABELS[method]
    if kind == "formula" and scale is not None:
        return f"{_FORMULA_LABELS.get(method, method)} × {scale:.2g}, fitted"
    if kind == "quantum":
        return f"{method} (quantum, p < 1)" if is_approximate(method) else f"{method} (quantum)"
    if method == "best-classical":
        return f"best classical, {_GAME_WORDS.get(game, game)}"
    if kind == "formula":
        return _FORMULA_LABELS.get(method, f"{method} (rate)")
    if kind == "bound":
        return f"{method} (bound)" if game == "black" else f"{method} (bound, {_GAME_WORDS[game]})"
    return method if game == "black" else f"{method} ({_GAME_WORDS.get(game, game)})"


def _is_reference(curve: Curve) -> bool:
    """Whether ``curve`` is a classical lower bound drawn as a reference line."""
    return curve[0] in _REFERENCE_LABELS and curve[1] == "black"


def _curve_style(position: int) -> dict[str, Any]:
    """Colour, line style and marker of a figure's ``position``-th curve.

    Colours repeat after 8 curves, but then with another line style (and marker), so
    no two of the first 48 curves look alike.
    """
    dashes = LINESTYLES[(position + position // len(PALETTE)) % len(LINESTYLES)]
    return {
        "color": PALETTE[position % len(PALETTE)],
        "linestyle": dashes,
        "marker": MARKERS[position % len(MARKERS)],
    }


def _style_index(curve: Curve) -> int:
    """A curve's place in one fixed order of every method, bound and formula name, so
    that a method keeps its colour, marker and line style in every figure (a game other
    than black pegs shifts the line style)."""
    from .theory import ASYMPTOTIC_FORMULAS, BOUNDS

    order = _style_order()
    names = [*order, *(m for m in METHODS if m not in order)]
    names += [name for name in (*BOUNDS, *ASYMPTOTIC_FORMULAS) if name not in names]
    method, game = curve
    base = names.index(method) if method in names else len(names) + sum(map(ord, method)) % 24
    games = list(_GAME_WORDS)
    return base + 24 * (games.index(game) if game in games else 0)


def _is_diagonal(rows: list[dict[str, Any]], curves: list[Curve], key: str) -> bool:
    """Whether the chosen curves' rows all lie on the diagonal ``k = n`` (two or more ``n``)."""
    chosen = set(curves)
    picked = [r for r in rows if (r["method"], _game_of_row(r)) in chosen and r.get(key)]
    return (
        bool(picked)
        and all(row["n"] == row["k"] for row in picked)
        and len({row["n"] for row in picked}) >= 2
    )


def _rate_scales(rows: list[dict[str, Any]], curves: list[Curve], key: str) -> dict[Curve, float]:
    """A fitted constant for each asymptotic-rate curve: never drawn on the count axis as is.

    A rate with its constants set to 1 is not a number of queries. It is drawn as
    ``c x rate``, ``c`` the geometric mean of (fewest classical queries of the quantum
    game) / rate over the cells that hold both, labelled "fitted"; with nothing to fit
    against it is left out (scale 0 drops it).
    """
    best: dict[tuple[int, int], float] = {}
    for row in rows:
        if (
            row.get("kind") == "classical"
            and row.get("source") in ("best", "measured")
            and _game_of_row(row) == "black"
            and row.get(key)
        ):
            cell = (row["n"], row["k"])
            best[cell] = min(best.get(cell, math.inf), float(row[key]))
    scales: dict[Curve, float] = {}
    for curve in curves:
        formula = [r for r in rows if (r["method"], _game_of_row(r)) == curve]
        if not formula or formula[0].get("kind") != "formula":
            continue
        ratios = [
            math.log(best[(r["n"], r["k"])] / float(r[key]))
            for r in formula
            if (r["n"], r["k"]) in best and r.get(key)
        ]
        scales[curve] = math.exp(sum(ratios) / len(ratios)) if ratios else 0.0
    return scales


def _stable_style(index: int) -> dict[str, Any]:
    """Colour, line style and marker of the curve at ``index`` of the fixed order.

    Colour and line style cycle together (8 of each), the marker by 16: two names whose
    colour and dashes repeat differ in marker. Names beyond :func:`_style_order` (an
    installed codebreaker) shift their dashes and marker, so the first of them does not
    look like the first built-in.
    """
    shift = 3 if index % 24 >= len(_style_order()) else 0
    return {
        "color": PALETTE[index % len(PALETTE)],
        "linestyle": LINESTYLES[(index + index // 24 + shift) % len(LINESTYLES)],
        "marker": _STABLE_MARKERS[(index + 2 * shift + shift // 3) % len(_STABLE_MARKERS)],
    }


_STABLE_MARKERS = (*MARKERS, "d", "H", "8", "s")
"""A marker for each name of :func:`_style_order` (the last, ``table2-blackpeg``, shares
``triples``' square: they never share a figure)."""


def _legend_columns(labels: Sequence[str], width: float, font: float, most: int) -> int:
    """As many legend columns as fit ``width`` inches (a label about 0.55 em per char)."""
    widest = max(len(label) for label in labels) * font * 0.55 / 72 + 0.45
    return max(1, min(most, len(labels), int(width // widest)))


def _is_arithmetic(values: Sequence[int]) -> bool:
    steps = {b - a for a, b in itertools.pairwise(values)}
    return len(steps) <= 1


def _panels(
    data: list[dict[str, Any]], curves: list[Curve], key: str, against: str | None
) -> tuple[str, str, list[int], list[int]]:
    """``(free axis, fixed axis, fixed values with a panel, free values)``."""
    chosen = set(curves)
    rows = [r for r in data if (r["method"], _game_of_row(r)) in chosen and r.get(key) is not None]
    grid_n = sorted({row["n"] for row in rows})
    grid_k = sorted({row["k"] for row in rows})
    if against is None:
        against = "n" if len(grid_n) >= len(grid_k) else "k"
    free, fixed = ("n", "k") if against == "n" else ("k", "n")
    free_values = grid_n if free == "n" else grid_k
    if len(free_values) < 2:
        raise ValueError(
            f"a plot against {free} needs two or more values of {free}; the rows hold "
            f"{free} = {free_values or 'none'}"
        )
    panels = []
    for value in grid_k if fixed == "k" else grid_n:
        xs = {row[free] for row in rows if row[fixed] == value}
        if len(xs) >= 2:  # never a panel with one point
            panels.append(value)
    return free, fixed, panels, free_values


def _draw(
    target: Figure | SubFigure,
    data: list[dict[str, Any]],
    setting: str,
    curves: list[Curve],
    *,
    style: Mapping[str, float],
    count: str,
    against: str | None,
    title: bool,
    partial: bool = False,
) -> None:
    """Draw the panels, legend and title of one setting on ``target``."""
    from matplotlib.ticker import FixedLocator, FuncFormatter, MaxNLocator, NullLocator

    key, ylabel = COUNTS[count]
    rows = [row for row in data if row.get("setting") == setting]
    diagonal = _is_diagonal(rows, curves, key)
    panels: list[int] | list[str]
    if diagonal:
        free, fixed, panels = "n", "diagonal", ["diagonal"]
        free_values = sorted({row["n"] for row in rows})
    else:
        free, fixed, panels, free_values = _panels(rows, curves, key, against)
    if not panels:
        raise ValueError(f"no {setting} panel would hold two or more points")
    scales = _rate_scales(rows, curves, key)
    columns = 1 if len(panels) == 1 else min(len(panels), int(style["columns"]))
    lines = math.ceil(len(panels) / columns)
    axes = target.subplots(lines, columns, squeeze=False, sharey=True)
    kinds = {(row["method"], _game_of_row(row)): row["kind"] for row in rows}
    achievers = {  # who achieved each best-classical point of the figure
        curve: {
            row.get("best_worst_method")
            for row in rows
            if (row["method"], _game_of_row(row)) == curve and row.get(key) is not None
        }
        for curve in curves
        if curve[0] == "best-classical"
    }

    def label_of(curve: Curve) -> str:
        """The legend label; a best-classical curve achieved by one codebreaker at every
        point names it there (its points are not annotated then)."""
        label = _label(*curve, kinds[curve], scale=scales.get(curve))
        names = achievers.get(curve, set())
        if len(names) == 1 and None not in names:
            label = label.replace("best classical", f"best classical ({next(iter(names))})", 1)
        return label

    values = [
        row[key] * scales.get((row["method"], _game_of_row(row)), 1.0)
        for row in rows
        if (row["method"], _game_of_row(row)) in curves and row.get(key)
    ]
    log_y = max(values) / max(min(values), 1e-9) > 10
    log_x = max(free_values) / min(free_values) >= 8 and not _is_arithmetic(free_values)
    if diagonal:
        log_x = log_y = len(free_values) >= 2 and max(free_values) / min(free_values) >= 4
    counted_points = False
    handles: dict[str, Any] = {}
    for index, axis in enumerate(axes.flat):
        if index >= len(panels):
            axis.set_visible(False)
            continue
        value = panels[index]
        drawn: dict[tuple[Any, ...], int] = {}  # measured curves already drawn, by points
        for curve in curves:
            scale = scales.get(curve, 1.0)
            points = sorted(
                (row[free], row[key] * scale, row.get("executed") is False)
                for row in rows
                if (row["method"], _game_of_row(row)) == curve
                and (diagonal or row[fixed] == value)
                and row.get(key) is not None
            )
            if not points:
                continue
            kind = kinds[curve]
            label = label_of(curve)
            xs, ys, counted = zip(*points)
            if _is_reference(curve):  # a lower bound: a reference line, not a measurement
                (line,) = axis.plot(xs, ys, **REFERENCE_STYLE, label=label, zorder=1.5)
                handles.setdefault(label, line)
                continue
            look = _stable_style(_style_index(curve))
            size = 4.5 if style["font"] < 9 else 5.5
            # A curve with the same points as one drawn before (a plugin asking as many
            # queries as a built-in) is shifted sideways by a few points, so both show.
            same = drawn.get((xs, ys), 0)
            drawn[(xs, ys)] = same + 1
            shift = {}
            if same:
                from matplotlib.transforms import offset_copy

                shift["transform"] = offset_copy(
                    axis.transData, fig=axis.figure, x=3.0 * same, y=0.0, units="points"
                )
            (line,) = axis.plot(
                xs,
                ys,
                **look,
                **shift,
                markerfacecolor="none" if kind in ("formula", "bound") else look["color"],
                markersize=size,
                linewidth=0.9 if kind in ("formula", "bound") else 1.3,
                label=label,
            )
            if any(counted):  # counted, not executed: hollow markers over the filled ones
                hollow = [(x, y) for x, y, c in zip(xs, ys, counted) if c]
                axis.plot(
                    [x for x, _ in hollow],
                    [y for _, y in hollow],
                    **shift,
                    linestyle="none",
                    marker=look["marker"],
                    markersize=size + 0.5,
                    markerfacecolor="white",
                    markeredgecolor=look["color"],
                )
                counted_points = True
            if curve[0] == "best-classical" and label == _label(
                *curve, kind, scale=scales.get(curve)
            ):  # achieved by several codebreakers: each point names its own
                names = {
                    (row[free], row.get("best_worst_method"))
                    for row in rows
                    if (row["method"], _game_of_row(row)) == curve
                    and (diagonal or row[fixed] == value)
                    and row.get(key) is not None
                }
                at = dict(names)
                for x, y in zip(xs, ys):
                    axis.annotate(
                        str(at.get(x) or ""),
                        (x, y),
                        textcoords="offset points",
                        xytext=(0, 4),
                        ha="right" if x == max(xs) else "left" if x == min(xs) else "center",
                        fontsize=style["font"] - 3,
                        color=look["color"],
                    )
            handles.setdefault(label, line)
        if diagonal:
            axis.set_title("k = n", fontsize=style["font"])
            axis.set_xlabel("n (positions = colours)")
        else:
            axis.set_title(f"{fixed} = {value}", fontsize=style["font"])
            axis.set_xlabel(f"{free} ({'positions' if free == 'n' else 'colours'})")
        if index % columns == 0:
            axis.set_ylabel(ylabel)
        if log_y:  # powers of 2 from below the smallest value to above the largest
            axis.set_yscale("log", base=2)
            low = math.floor(math.log2(max(min(values), 1e-9)))
            high = math.ceil(math.log2(max(values)))
            step = 1  # at most MAX_LOG_TICKS labels: every power, every 2nd, 4th, ...
            while (high - low) // step + 1 > MAX_LOG_TICKS:
                step *= 2
            first = -(-low // step) * step  # the exponents divisible by step
            ticks = [2.0**e for e in range(first, high + 1, step)]
            axis.yaxis.set_major_locator(FixedLocator(ticks))
            axis.yaxis.set_major_formatter(FuncFormatter(lambda number, _: f"{number:g}"))
            axis.yaxis.set_minor_locator(NullLocator())
            named = any(curve[0] == "best-classical" for curve in curves)  # room for names
            axis.set_ylim(2.0**low / 1.15, 2.0**high * (1.5 if named else 1.15))
        else:  # whole numbers of queries
            axis.yaxis.set_major_locator(MaxNLocator(integer=True))
            axis.set_ylim(bottom=0, top=max(values) * 1.08)
        if log_x:
            axis.set_xscale("log", base=2)
        shown = free_values if len(free_values) <= 8 else free_values[::2]
        axis.set_xticks(shown, [str(number) for number in shown])
        axis.xaxis.set_minor_locator(NullLocator())
        axis.grid(True, which="major", alpha=0.3, linewidth=0.5)
    labels = [label for label in (label_of(c) for c in curves) if label in handles]
    labels = list(dict.fromkeys(labels))
    if counted_points:
        from matplotlib.lines import Line2D

        note = "hollow: counted, not executed"
        handles[note] = Line2D(
            [], [], linestyle="none", marker="o", markerfacecolor="white", markeredgecolor="0.3"
        )
        labels.append(note)
    target.legend(
        [handles[label] for label in labels],
        labels,
        loc="outside lower center",
        ncols=_legend_columns(
            labels, style["width"], style["font"] - 1, int(style["legend_columns"])
        ),
        fontsize=style["font"] - 1,
        frameon=False,
    )
    if title or partial:
        text = _TITLES.get(setting, setting) if title else ""
        if partial:
            text = f"{text}\npartial: an interrupted run".strip()
        target.suptitle(text, fontsize=style["font"] + 1)


def _check(path: str | Path | None, style: str, count: str, against: str | None) -> None:
    if path is not None:
        suffix = Path(path).suffix.lower().lstrip(".")
        if suffix not in ("png", "svg", "pdf"):
            raise ValueError(f"plot file must end in .png, .svg or .pdf, was {str(path)!r}")
    if style not in PLOT_STYLES:
        raise ValueError(f"style must be one of {', '.join(PLOT_STYLES)}, was {style!r}")
    if count not in COUNTS:
        raise ValueError(f"count must be one of {', '.join(COUNTS)}, was {count!r}")
    if against not in (None, "n", "k"):
        raise ValueError(f"against must be 'n', 'k' or None, was {against!r}")


def _rows(rows: Iterable[CompareRow | Mapping[str, Any]]) -> list[dict[str, Any]]:
    data = [_row_dict(row) for row in rows]
    data = [row for row in data if row.get("queries") is not None]
    if not data:
        raise ValueError("plot_comparison needs at least one row with queries, was given none")
    for row in data:  # rows written before rows had a game: black pegs, adaptive
        row.setdefault("setting", "adaptive")
        row.setdefault("feedback", "black")
        row.setdefault("distinct", False)
    return data


def plot_fingerprint(rows: Iterable[CompareRow | Mapping[str, Any]], **options: Any) -> str:
    """What :func:`plot_comparison` plots for ``rows`` and ``options``, in short (SHA-256).

    The record hashed (:func:`mastermind_q.files.fingerprint`) is every row with its
    values (its ``seconds``, which vary from run to run, left out; in any order), the plotting
    options other than ``path``, ``overwrite`` and ``force_hint``, and the curves each
    setting's figure draws (:func:`default_curves` unless ``methods`` names them), so a
    change in the default curve set shows as well. A PNG that
    :func:`plot_comparison` writes carries it (:data:`mastermind_q.files.FINGERPRINT_KEY`).

    Example:
        >>> rows = [CompareRow(n, 8, "adaptive", "quantum", 4) for n in (4, 8)]
        >>> plot_fingerprint(rows, count="to-win") == plot_fingerprint(rows[::-1], count="to-win")
        True
    """
    import json

    from ..files import fingerprint

    data = [{key: value for key, value in row.items() if key != "seconds"} for row in _rows(rows)]
    data.sort(key=lambda row: json.dumps(row, sort_keys=True, default=str))  # any order
    shown = {
        key: list(value) if isinstance(value, (list, tuple)) else value
        for key, value in options.items()
        if key not in ("path", "overwrite", "force_hint")
    }
    if options.get("methods") is None:
        settings = [options["setting"]] if options.get("setting") else _settings(data)
        curves: Any = {name: default_curves(data, name) for name in settings}
    else:
        curves = list(options["methods"])
    return fingerprint({"rows": data, "options": shown, "curves": curves})


def plot_comparison(
    rows: Iterable[CompareRow | Mapping[str, Any]],
    path: str | Path | None = None,
    *,
    setting: str | None = None,
    methods: Sequence[str] | None = None,
    style: str = "single",
    count: str = "to-win",
    against: str | None = None,
    title: bool = True,
    overwrite: bool = True,
    force_hint: str = "overwrite=True",
    partial: bool = False,
) -> Figure:
    """Plot the rows of one setting: queries against ``n`` (per ``k``) or ``k`` (per ``n``).

    The axis with more values in the grid is the x axis (``against`` fixes it), one
    panel per value of the other, and a panel that would hold a single point is left
    out. Curves: :func:`default_curves` (each quantum method, the best classical
    codebreaker of the quantum game, the paper's rate, the classical lower bound as a
    reference curve: at most 8 legend entries), or
    ``methods``. The query axis is logarithmic (base 2, a tick at every power of 2)
    when the values span more than a factor 10; the size axis when it spans a factor 8
    or more and is not evenly spaced. The legend sits below the panels.

    Rows of several settings and no ``setting``: one Figure with one sub-figure per
    setting, side by side (:func:`plot_settings` makes one figure and one file per
    setting instead, as ``mastermind-q compare --plot`` does).

    Args:
        rows: :class:`CompareRow` objects or their dictionaries (e.g. from ``--json``).
        path: save the figure there; the suffix picks the format (png, svg or pdf).
        setting: ``"non-adaptive"`` or ``"adaptive"`` (default: the rows' setting).
        methods: the curves, each ``NAME`` (every game of it in the setting) or
            ``NAME@GAME`` (e.g. ``best-classical@black-white``); default
            :func:`default_curves`.
        style: ``"single"`` (3.5 in wide) or ``"double"`` (7 in), :data:`PLOT_STYLES`.
        count: ``"to-win"`` (``queries_to_win``, default) or ``"queries"``
            (:data:`COUNTS`).
        against: ``"n"`` or ``"k"`` for the x axis (default: the one that varies more).
        title: put the setting above the panels.
        overwrite: ``path`` may replace an existing file (a link, a FIFO or a device
            is never written: :func:`mastermind_q.files.atomic_output`).
        force_hint: how a refusal says to allow replacing (the CLI: ``--force``).
        partial: the rows come from an interrupted run: the title says "partial".

    Rows on the diagonal ``k = n`` only (``colors="n"``): one log-log panel of queries
    against ``n``. Every method keeps one colour, marker and line style in every
    figure. Quantum points counted, not executed (``executed=False``) are drawn hollow,
    with a legend note. The paper's asymptotic rates are drawn as a fitted constant times
    the rate, labelled so, never as counts.

    Returns:
        The matplotlib ``Figure`` (made without pyplot, so no window opens).

    Raises:
        ValueError: no rows with values, an unknown setting, style, count or method,
            a ``path`` suffix other than png, svg, pdf, or a grid with a single value of
            the x axis (nothing to draw a curve through).

    Example:
        >>> rows = [CompareRow(n, 8, "adaptive", "quantum", 4) for n in (4, 8)]
        >>> figure = plot_comparison(rows)
        >>> len(figure.legends[0].get_texts()), len(figure.axes)
        (1, 1)
    """
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    _check(path, style, count, against)
    data = _rows(rows)
    present = _settings(data)
    if setting is not None and setting not in SETTING_ORDER:
        raise ValueError(f"setting must be one of {', '.join(SETTING_ORDER)}, was {setting!r}")
    chosen = [setting] if setting is not None else present
    if setting is not None and setting not in {row["setting"] for row in data}:
        raise ValueError(f"the rows hold no {setting} rows; they hold {', '.join(present)}")
    sizes = PLOT_STYLES[style]
    plans = []
    for name in chosen:
        curves = (
            default_curves(data, name) if methods is None else _chosen_curves(data, name, methods)
        )
        if not curves:
            raise ValueError(f"nothing to draw in the {name} setting with methods={methods!r}")
        key = COUNTS[count][0]
        in_setting = [row for row in data if row["setting"] == name]
        scales = _rate_scales(in_setting, curves, key)
        curves = [curve for curve in curves if scales.get(curve, 1.0) > 0]
        if not curves and methods is None:  # no measured rows: the proven bounds instead
            curves = list(
                dict.fromkeys(
                    (row["method"], _game_of_row(row))
                    for row in in_setting
                    if row.get("kind") == "bound"
                )
            )
        if _is_diagonal(in_setting, curves, key):
            panels = [0]
        else:
            _free, _fixed, panels, _values = _panels(in_setting, curves, key, against)
        plans.append((name, curves, max(1, len(panels))))
    with rc_context({"font.size": sizes["font"], "svg.fonttype": "none", "pdf.fonttype": 42}):
        width = sizes["width"] * len(plans)
        most = max(panels for _, _, panels in plans)
        columns = 1 if most == 1 else min(most, int(sizes["columns"]))
        height = sizes["panel_height"] * math.ceil(most / columns) + 0.9
        figure = Figure(figsize=(width, height), layout="constrained")
        targets = (
            [figure]
            if len(plans) == 1
            else list(figure.subfigures(1, len(plans), squeeze=False)[0])
        )
        for target, (name, curves, _panels_count) in zip(targets, plans):
            _draw(
                target,
                data,
                name,
                curves,
                style=sizes,
                count=count,
                against=against,
                title=title,
                partial=partial,
            )
        if path is not None:
            from ..files import atomic_output

            fmt = Path(path).suffix.lower().lstrip(".")
            metadata = None
            if fmt == "png":  # what was plotted, to check a committed figure against the code
                from ..files import FINGERPRINT_KEY

                options: dict[str, Any] = {"setting": setting, "methods": methods}
                options.update(style=style, count=count, against=against)
                options.update(title=title, partial=partial)
                metadata = {FINGERPRINT_KEY: plot_fingerprint(data, **options)}
            with atomic_output(path, overwrite=overwrite, force_hint=force_hint) as handle:
                figure.savefig(handle, dpi=200, format=fmt, metadata=metadata)
    return figure


def plot_settings(
    rows: Iterable[CompareRow | Mapping[str, Any]],
    path: str | Path | None = None,
    **options: Any,
) -> dict[str, Figure]:
    """One figure per setting in ``rows`` (:func:`plot_comparison` each), by setting.

    With ``path`` and rows of several settings, each figure goes to a file named by its
    setting: ``plot.png`` becomes ``plot-non-adaptive.png`` and ``plot-adaptive.png``;
    rows of one setting go to ``path`` itself. :func:`setting_paths` gives the names.

    Raises:
        ValueError: as :func:`plot_comparison`.
    """
    data = _rows(rows)
    settings = _settings(data)
    methods = options.get("methods")
    if methods is not None:  # only the settings that hold a chosen curve
        settings = [name for name in settings if _chosen_curves(data, name, methods)]
        if not settings:
            raise ValueError(f"nothing to draw with methods={list(methods)!r}")
    paths = setting_paths(path, settings) if path is not None else {}
    return {
        name: plot_comparison(data, paths.get(name), setting=name, **options) for name in settings
    }


def setting_paths(path: str | Path, settings: Sequence[str]) -> dict[str, Path]:
    """The file of each setting's figure: ``path`` itself for one setting, else
    ``STEM-SETTING.SUFFIX`` beside it (``plot-non-adaptive.png``, ``plot-adaptive.png``)."""
    path = Path(path)
    if len(settings) == 1:
        return {settings[0]: path}
    return {name: path.with_name(f"{path.stem}-{name}{path.suffix}") for name in settings}
