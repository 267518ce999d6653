"""Rows of a comparison and the plan of a grid: which rows to compute, which are skipped."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..game import validate_colors, validate_positions
from ..solving import METHODS
from .theory import ASYMPTOTIC_FORMULAS, BOUNDS, applicability

__all__ = ["CompareRow", "CompareTask", "Comparison", "ComparisonPlan", "plan_comparison"]


@dataclass(frozen=True)
class CompareRow:
    """One ``(n, k, method)`` row of a comparison.

    Attributes:
        n: positions.
        k: colours.
        method: the ``solve`` method name, or a bound's name (:data:`BOUNDS`,
            :data:`ASYMPTOTIC_FORMULAS`).
        kind: ``"quantum"``, ``"classical"`` or ``"bound"``.
        queries: quantum: the measured oracle calls (the largest over the samples);
            classical: the worst case measured; bound: its value.
        mean_queries: the mean over the samples (measured rows), ``None`` for bounds.
        source: ``"measured"``, ``"theorem"`` (an exact proven bound or count) or
            ``"asymptotic"`` (a Theta-rate with constants set to 1: a formula, not a
            query count).
        theory: quantum rows: the count the theory demands (:func:`theoretical_queries`).
        iterations: adaptive rows: the Grover iterations ``T`` reported by the solver.
        samples: secrets measured (``None`` for bounds).
        solved: whether every measured game found the secret (``None`` for bounds).
        success_probability: quantum rows: the smallest success probability reported.
        seconds: wall-clock seconds spent on the row.
        formula: the closed form behind a theory value or bound.
        reference: where the method or bound comes from.
        queries_to_win: ``queries`` counted to the winning guess: quantum rows (and
            the quantum count ``adaptive-T``) add the one final classical guess of the
            identified secret; classical rows and the El Ouali et al. bounds already
            count it; asymptotic formulas are left as they are. Filled in if not given.
        mean_queries_to_win: the same for ``mean_queries``.
        best_worst_method: ``best-classical`` rows: the codebreaker with the fewest
            worst-case queries at this ``(n, k)`` (ties: smaller mean, then name).
        best_mean_method: ``best-classical`` rows: the one with the fewest mean queries.
        certified_fraction: quantum rows played with ``verify``: the fraction of games
            certified (``queries_to_win`` then includes every repair query); ``None``
            otherwise.
    """

    n: int
    k: int
    method: str
    kind: str
    queries: int | float
    mean_queries: float | None = None
    source: str = "measured"
    theory: int | None = None
    iterations: int | None = None
    samples: int | None = None
    solved: bool | None = None
    success_probability: float | None = None
    seconds: float | None = None
    formula: str | None = None
    reference: str | None = None
    queries_to_win: int | float | None = None
    mean_queries_to_win: float | None = None
    best_worst_method: str | None = None
    best_mean_method: str | None = None
    certified_fraction: float | None = None

    def __post_init__(self) -> None:
        extra = 1 if self.kind == "quantum" or self.method == "adaptive-T" else 0
        if self.queries_to_win is None:
            object.__setattr__(self, "queries_to_win", self.queries + extra)
        if self.mean_queries_to_win is None and self.mean_queries is not None:
            object.__setattr__(self, "mean_queries_to_win", self.mean_queries + extra)

    @property
    def measured(self) -> bool:
        """Whether the row was measured by playing games (quantum or classical)."""
        return self.source == "measured"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dictionary; the keys of DESIGN.md section 4 plus the fields above."""
        return asdict(self)


@dataclass(frozen=True)
class CompareTask:
    """One row to compute: ``method`` at ``(n, k)``; ``kind`` as in :class:`CompareRow`."""

    n: int
    k: int
    method: str
    kind: str


@dataclass(frozen=True)
class ComparisonPlan:
    """The rows a grid asks for: ``tasks`` to run and ``skipped`` ``(task, reason)`` pairs."""

    tasks: tuple[CompareTask, ...]
    skipped: tuple[tuple[CompareTask, str], ...] = ()


@dataclass
class Comparison:
    """Finished rows and the cells skipped, with the reason (e.g. ``k < n``)."""

    rows: list[CompareRow] = field(default_factory=list)
    skipped: list[tuple[CompareTask, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """``{"rows": [...], "skipped": [...]}`` as ``mastermind-q compare --json`` prints."""
        return {
            "rows": [row.to_dict() for row in self.rows],
            "skipped": [
                {"n": task.n, "k": task.k, "method": task.method, "reason": reason}
                for task, reason in self.skipped
            ],
        }


def _kind(method: str) -> str:
    return METHODS[method].kind if method in METHODS else "bound"


def _check_grid(grid_n: list[int], grid_k: list[int], names: int) -> None:
    """Refuse a grid too large to list, or values beyond every codebreaker's limits."""
    from ..limits import ResourceLimitError, check_grid_rows, limit

    check_grid_rows(len(grid_n) * len(grid_k) * names)
    most_n = max(limit("max_quantum_positions"), limit("max_classical_positions"))
    most_k = max(limit("max_quantum_colors"), limit("max_classical_colors"))
    if max(grid_n) > most_n:
        raise ResourceLimitError(
            f"positions {max(grid_n)} is beyond every codebreaker's limit (at most {most_n}: "
            "MASTERMIND_Q_MAX_QUANTUM_POSITIONS, MASTERMIND_Q_MAX_CLASSICAL_POSITIONS)"
        )
    if max(grid_k) > most_k:
        raise ResourceLimitError(
            f"colors {max(grid_k)} is beyond every codebreaker's limit (at most {most_k}: "
            "MASTERMIND_Q_MAX_QUANTUM_COLORS, MASTERMIND_Q_MAX_CLASSICAL_COLORS)"
        )


def plan_comparison(
    positions: Iterable[int],
    colors: Iterable[int],
    *,
    methods: Iterable[str] | None = None,
    bounds: bool = True,
    formulas: bool = True,
) -> ComparisonPlan:
    """List the rows of the ``positions x colors`` grid, cell by cell.

    Each cell lists its quantum methods, then its classical methods, then the bounds
    (:data:`BOUNDS`, if ``bounds``) and the asymptotic formulas (if ``formulas``), each
    row once. Bound or formula names listed in ``methods`` choose those rows instead:
    then exactly the named ones appear, in the order given. Rows that do not apply
    (:func:`applicability`) go to ``skipped`` with the reason.

    Args:
        positions: the values of ``n``.
        colors: the values of ``k``.
        methods: ``solve`` method names to run (default: all of :data:`METHODS`); bound
            and formula names listed here replace the default bound and formula rows.
        bounds: add the bound rows (unless ``methods`` names bound or formula rows).
        formulas: add the asymptotic formula rows (likewise).

    Raises:
        ValueError: an invalid size or unknown method name (named in the message).
        mastermind_q.limits.ResourceLimitError: more rows than
            ``MASTERMIND_Q_MAX_GRID_ROWS``, or ``n`` or ``k`` beyond every codebreaker's
            limit; cells beyond one method's limit are skipped with the reason.
    """
    grid_n = [validate_positions(n) for n in positions]
    grid_k = [validate_colors(k) for k in colors]
    if not grid_n or not grid_k:
        raise ValueError(f"the grid must not be empty, was positions={grid_n}, colors={grid_k}")
    chosen = list(METHODS) if methods is None else list(dict.fromkeys(methods))
    named_extras = [name for name in chosen if name not in METHODS]
    if named_extras:  # bound or formula rows chosen by name: exactly those
        extra = named_extras
    else:
        extra = [*(BOUNDS if bounds else ()), *(ASYMPTOTIC_FORMULAS if formulas else ())]
    names = [name for name in chosen if name in METHODS]
    if not names and not extra:
        raise ValueError("nothing to compare: no methods, bounds or formulas chosen")
    names.sort(key=lambda name: METHODS[name].kind != "quantum")
    names += extra
    _check_grid(grid_n, grid_k, len(names))
    tasks: list[CompareTask] = []
    skipped: list[tuple[CompareTask, str]] = []
    for n in grid_n:
        for k in grid_k:
            for name in names:
                task = CompareTask(n, k, name, _kind(name))
                reason = applicability(name, n, k)
                if reason is None:
                    tasks.append(task)
                else:
                    skipped.append((task, reason))
    return ComparisonPlan(tuple(tasks), tuple(skipped))
