"""Plots of comparison rows: queries against ``n`` per ``k`` and against ``k`` per ``n``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .output import _row_dict
from .rows import CompareRow

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["plot_comparison"]

_QUANTUM_STYLES = {  # distinct colours and markers, and a small sideways offset each
    "nonadaptive": ("C0", "o"),
    "triples": ("C1", "^"),
    "two-color": ("C2", "D"),
    "adaptive": ("C3", "v"),
}
QUANTUM_OFFSET_POINTS = 3.5
"""Sideways shift (points) between quantum curves, so equal values stay visible."""
_CLASSICAL_COLORS = {
    "permutation": "C4",
    "blackpeg": "C5",
    "knuth": "C6",
    "random-consistent": "C8",
    "optimal": "black",
    "consistent": "olive",
    "best-classical": "magenta",
}
_BOUND_STYLES = {  # colour, dash pattern, marker: an upper bound points down, a lower up
    "elouali-upper": ("0.2", (0, (1, 1)), "v"),
    "elouali-lower": ("0.45", (0, (6, 2)), "^"),
    "adaptive-T": ("C3", (0, (4, 1.5, 1, 1.5)), "x"),
}
_FORMULA_COLORS = {"table2-blackpeg": "C9", "table2-blackwhite": "C7"}
_KIND_ORDER = {"quantum": 0, "classical": 1, "bound": 2}


def _curves(rows: list[dict[str, Any]]) -> list[tuple[str, str, dict[str, Any]]]:
    """``(method, value key, style)`` for every curve: quantum, classical, bounds, formulas.

    Quantum styles carry ``offset`` (points, sideways) besides matplotlib keywords.
    """
    methods = list(dict.fromkeys(row["method"] for row in rows))
    kinds = {row["method"]: (row["kind"], row.get("source")) for row in rows}
    methods.sort(key=lambda m: (_KIND_ORDER.get(kinds[m][0], 3), kinds[m][1] == "asymptotic"))
    quantum = [method for method in methods if kinds[method][0] == "quantum"]
    curves = []
    for method in methods:
        kind, source = kinds[method]
        if kind == "quantum":
            color, marker = _QUANTUM_STYLES.get(method, ("C0", "o"))
            position = quantum.index(method) - (len(quantum) - 1) / 2
            style = {
                "color": color,
                "marker": marker,
                "markersize": 7,
                "linestyle": "-",
                "label": f"{method} (quantum, measured)",
                "offset": position * QUANTUM_OFFSET_POINTS,
            }
            curves.append((method, "queries", style))
        elif kind == "classical":
            color = _CLASSICAL_COLORS.get(method, "C5")
            worst = {"color": color, "marker": "s", "linestyle": "-"}
            curves.append((method, "queries", {**worst, "label": f"{method} (worst, measured)"}))
            mean = {"color": color, "marker": "s", "markerfacecolor": "none", "linestyle": "--"}
            curves.append((method, "mean_queries", {**mean, "label": f"{method} (mean, measured)"}))
        elif source == "asymptotic":
            style = {
                "color": _FORMULA_COLORS.get(method, "C7"),
                "linestyle": "-.",
                "linewidth": 1.0,
                "marker": "+",
                "markersize": 5,
                "label": f"{method} (asymptotic formula)",
            }
            curves.append((method, "queries", style))
        else:
            color, dashes, marker = _BOUND_STYLES.get(method, ("0.3", ":", "x"))
            style = {
                "color": color,
                "linestyle": dashes,
                "linewidth": 1.6,
                "marker": marker,
                "markersize": 5,
                "label": f"{method} (paper's count T)"
                if method == "adaptive-T"
                else f"{method} (bound)",
            }
            curves.append((method, "queries", style))
    return curves


def plot_comparison(
    rows: Iterable[CompareRow | Mapping[str, Any]], path: str | Path | None = None
) -> Figure:
    """Plot queries versus ``n`` (one panel per ``k``) and versus ``k`` (one per ``n``).

    Measured curves have markers: quantum methods each their own colour and marker
    (circle, triangle up, diamond, triangle down), drawn a few points apart sideways so
    equal counts (``triples`` and ``adaptive`` at 2) stay visible; classical methods
    squares, filled for the worst case and hollow, dashed for the mean. Bounds have
    their own dash patterns and markers (``elouali-upper``: fine dots, a downward
    triangle; ``elouali-lower``: long dashes, an upward triangle; ``adaptive-T``:
    dash-dot, ``x``), asymptotic formulas thin dash-dotted lines with ``+``. The query
    axis is logarithmic (base 2) when the values span more than a factor 10, with a
    tick at every power of 2 from below the smallest to above the largest value; the
    size axis is logarithmic when it spans a factor 4 or more. One legend names every
    curve, quantum first.

    Args:
        rows: :class:`CompareRow` objects or their dictionaries (e.g. from ``--json``).
        path: save the figure there; the format follows the suffix (png, svg or pdf).

    Returns:
        The matplotlib ``Figure`` (made without pyplot, so no window opens).

    Raises:
        ValueError: no rows with values, or a ``path`` suffix other than png, svg, pdf.
    """
    import math

    from matplotlib.figure import Figure
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
    from matplotlib.transforms import ScaledTranslation

    data = [_row_dict(row) for row in rows]
    data = [row for row in data if row.get("queries") is not None]
    if not data:
        raise ValueError("plot_comparison needs at least one row with queries, was given none")
    if path is not None:
        suffix = Path(path).suffix.lower().lstrip(".")
        if suffix not in ("png", "svg", "pdf"):
            raise ValueError(f"plot file must end in .png, .svg or .pdf, was {str(path)!r}")
    grid_n = sorted({row["n"] for row in data})
    grid_k = sorted({row["k"] for row in data})
    columns = max(len(grid_n), len(grid_k))
    figure = Figure(figsize=(4.0 * columns + 3.2, 7.0), layout="constrained")
    axes = figure.subplots(2, columns, squeeze=False)
    curves = _curves(data)
    values = [row[key] for row in data for key in ("queries", "mean_queries") if row.get(key)]
    log_y = max(values) / max(min(values), 1e-9) > 10
    handles: dict[str, Any] = {}
    for panel_row, (fixed_name, fixed_values, free_name, free_values) in enumerate(
        (("k", grid_k, "n", grid_n), ("n", grid_n, "k", grid_k))
    ):
        for column in range(columns):
            axis = axes[panel_row][column]
            if column >= len(fixed_values):
                axis.set_visible(False)
                continue
            fixed = fixed_values[column]
            for method, key, style in curves:
                points = sorted(
                    (row[free_name], row[key])
                    for row in data
                    if row["method"] == method
                    and row[fixed_name] == fixed
                    and row.get(key) is not None
                )
                if not points:
                    continue
                xs, ys = zip(*points)
                options = dict(style)
                offset = options.pop("offset", 0.0)
                if offset:  # shifted sideways on the page, not in the data
                    shift = ScaledTranslation(offset / 72, 0, figure.dpi_scale_trans)
                    options["transform"] = axis.transData + shift
                (line,) = axis.plot(xs, ys, **options)
                handles.setdefault(style["label"], line)
            axis.set_title(f"{fixed_name} = {fixed}")
            axis.set_xlabel(f"{free_name} ({'positions' if free_name == 'n' else 'colours'})")
            axis.set_ylabel("queries")
            if log_y:  # powers of 2 from below the smallest value to above the largest
                axis.set_yscale("log", base=2)
                low = math.floor(math.log2(max(min(values), 1e-9)))
                high = math.ceil(math.log2(max(values)))
                axis.yaxis.set_major_locator(FixedLocator([2.0**e for e in range(low, high + 1)]))
                axis.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
                axis.set_ylim(2.0**low / 1.15, 2.0**high * 1.15)
            else:  # a tick at or above the largest value
                axis.set_ylim(bottom=0, top=max(values) * 1.08)
            if max(free_values) / min(free_values) >= 4:
                axis.set_xscale("log", base=2)
            axis.set_xticks(free_values, [str(value) for value in free_values])
            axis.xaxis.set_minor_locator(NullLocator())
            axis.grid(True, which="both", alpha=0.3)
    labels = [style["label"] for _, _, style in curves if style["label"] in handles]
    labels = list(dict.fromkeys(labels))  # the order of the curves: quantum first
    figure.legend(
        [handles[label] for label in labels], labels, loc="outside right upper", fontsize="small"
    )
    figure.suptitle("Mastermind query counts: quantum vs classical (measured) and bounds")
    if path is not None:
        figure.savefig(path)
    return figure
