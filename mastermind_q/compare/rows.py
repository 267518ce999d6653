"""Rows of a comparison and the plan of a grid: which rows to compute, which are skipped."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..game import validate_colors, validate_positions
from ..solving import METHODS
from .games import BOUND_GAMES, FEEDBACKS, GAMES, SETTING_ORDER, method_games, method_setting
from .theory import ASYMPTOTIC_FORMULAS, BOUNDS, SIMULATE_UP_TO, applicability

__all__ = [
    "ALL_METHODS",
    "DIAGONAL",
    "KINDS",
    "CompareRow",
    "CompareTask",
    "Comparison",
    "ComparisonPlan",
    "plan_comparison",
]

KINDS = ("quantum", "classical", "bound", "formula")
"""Row kinds, in the order a cell lists them: measured quantum and classical rows, proven
values (``bound``) and asymptotic rates (``formula``)."""
ALL_METHODS = "all"
"""``methods="all"`` (``--methods all``): every solve method in every game it plays."""
DIAGONAL = "n"
"""``colors="n"`` (``--colors n``): the diagonal ``k = n`` of the positions given."""
_PLUS_FINAL_GUESS = ("adaptive-T", "entropy-bound")
"""Bound rows whose value counts queries before the final guess (``queries_to_win`` adds
it, as for quantum rows)."""
_GAME_ORDER = {game: index for index, game in enumerate(GAMES.values())}


def _game_of(method: str, feedback: str | None, distinct: bool | None) -> tuple[str, str, bool]:
    """``(setting, feedback, distinct)`` of ``method``, the method's own game filled in."""
    if method in BOUND_GAMES:
        setting, own_feedback, own_distinct = BOUND_GAMES[method]
    else:
        info = METHODS.get(method)
        setting = method_setting(method)
        own_feedback = info.feedbacks[0] if info is not None else "black"
        own_distinct = info.distinct if info is not None else False
    feedback = own_feedback if feedback is None else feedback
    if feedback not in FEEDBACKS:
        raise ValueError(f"feedback must be one of {', '.join(FEEDBACKS)}, was {feedback!r}")
    return (setting, feedback, own_distinct if distinct is None else bool(distinct))


@dataclass(frozen=True)
class CompareRow:
    """One ``(n, k, method)`` row of a comparison.

    Attributes:
        n: positions.
        k: colours.
        method: the ``solve`` method name, or a bound's name (:data:`BOUNDS`,
            :data:`ASYMPTOTIC_FORMULAS`).
        kind: ``"quantum"``, ``"classical"``, ``"bound"`` (a proven value or count) or
            ``"formula"`` (an asymptotic rate, not a query count).
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
            the quantum count ``adaptive-T``, and ``entropy-bound``, a bound on the
            committed queries) add the one final classical guess of the identified
            secret; classical rows and the El Ouali et al. bounds already
            count it; asymptotic formulas are left as they are. Filled in if not given.
        mean_queries_to_win: the same for ``mean_queries``.
        best_worst_method: ``best-classical`` rows: the codebreaker with the fewest
            worst-case queries at this ``(n, k)`` (ties: smaller mean, then name).
        best_mean_method: ``best-classical`` rows: the one with the fewest mean queries.
        setting: ``"non-adaptive"`` or ``"adaptive"`` (:mod:`mastermind_q.compare.games`).
        feedback: ``"black"`` or ``"black-white"``: the answers the codebreaker got.
        distinct: ``True`` in the permutation game (no repeated colours).
            The three are filled in from the method (and its own game) if not given.
        certified_fraction: quantum rows played with ``verify``: the fraction of games
            certified (``queries_to_win`` then includes every repair query); ``None``
            otherwise.
        executed: quantum rows: ``True`` when the circuits ran on the simulator,
            ``False`` when the codemaker counted their oracle applications without
            running them (:class:`~mastermind_q.codemaker.CountingCodemaker`: the
            codebreaker built its circuits for this ``n`` and ``k``; ``solved`` and
            ``success_probability`` are then ``None``); ``None`` for other rows.
        scheme: ``static`` rows: the query set played (``"minimum"``,
            ``"coin-weighing"``, ``"colour-designs"`` or ``"random"``); ``None`` otherwise.
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
    setting: str | None = None
    feedback: str | None = None
    distinct: bool | None = None
    certified_fraction: float | None = None
    executed: bool | None = None
    scheme: str | None = None

    def __post_init__(self) -> None:
        setting, feedback, distinct = _game_of(self.method, self.feedback, self.distinct)
        if self.setting is not None and self.setting not in SETTING_ORDER:
            raise ValueError(
                f"setting must be one of {', '.join(SETTING_ORDER)}, was {self.setting!r}"
            )
        object.__setattr__(self, "setting", self.setting or setting)
        object.__setattr__(self, "feedback", feedback)
        object.__setattr__(self, "distinct", distinct)
        extra = 1 if self.kind == "quantum" or self.method in _PLUS_FINAL_GUESS else 0
        if self.queries_to_win is None:
            object.__setattr__(self, "queries_to_win", self.queries + extra)
        if self.mean_queries_to_win is None and self.mean_queries is not None:
            object.__setattr__(self, "mean_queries_to_win", self.mean_queries + extra)

    @property
    def measured(self) -> bool:
        """Whether the row was measured by playing games (quantum or classical)."""
        return self.source == "measured"

    @property
    def cell(self) -> tuple[int, int]:
        """``(n, k)``."""
        return (self.n, self.k)

    @property
    def game(self) -> tuple[str, str, bool]:
        """``(setting, feedback, distinct)``."""
        return (str(self.setting), str(self.feedback), bool(self.distinct))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dictionary; the keys of DESIGN.md section 4 plus the fields above.

        The keys start ``n, k, method, kind, setting, feedback, distinct, queries``.
        """
        data = asdict(self)
        first = ("n", "k", "method", "kind", "setting", "feedback", "distinct")
        return {**{key: data[key] for key in first}, **data}


@dataclass(frozen=True)
class CompareTask:
    """One row to compute: ``method`` at ``(n, k)`` in one game.

    ``kind`` as in :class:`CompareRow`; ``feedback`` and ``distinct`` the game it is
    played in (default: the method's own); ``setting`` follows from the method.
    ``executed``: quantum rows, whether the circuits run on the simulator (``False``:
    counted by a :class:`~mastermind_q.codemaker.CountingCodemaker`, not run).
    """

    n: int
    k: int
    method: str
    kind: str
    feedback: str | None = None
    distinct: bool | None = None
    executed: bool | None = None

    def __post_init__(self) -> None:
        _setting, feedback, distinct = _game_of(self.method, self.feedback, self.distinct)
        object.__setattr__(self, "feedback", feedback)
        object.__setattr__(self, "distinct", distinct)

    @property
    def setting(self) -> str:
        """``"non-adaptive"`` or ``"adaptive"``."""
        return method_setting(self.method)

    @property
    def cell(self) -> tuple[int, int]:
        """``(n, k)``."""
        return (self.n, self.k)


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
                {
                    "n": task.n,
                    "k": task.k,
                    "method": task.method,
                    "setting": task.setting,
                    "feedback": task.feedback,
                    "distinct": task.distinct,
                    "reason": reason,
                }
                for task, reason in self.skipped
            ],
        }


def _kind(method: str) -> str:
    if method in METHODS:
        return METHODS[method].kind
    return "formula" if method in ASYMPTOTIC_FORMULAS else "bound"


def _task_order(task: CompareTask, position: int) -> tuple[int, int, int, int]:
    """Within a cell: kind, setting, game, then the order the names were given."""
    return (
        KINDS.index(task.kind) if task.kind in KINDS else len(KINDS),
        SETTING_ORDER.index(task.setting),
        _GAME_ORDER.get((str(task.feedback), bool(task.distinct)), len(_GAME_ORDER)),
        position,
    )


def _check_grid(
    grid_n: list[int], grid_k: list[int], names: int, *, cells: int | None = None
) -> None:
    """Refuse a grid too large to list, or values beyond every codebreaker's limits."""
    from ..limits import ResourceLimitError, check_grid_rows, limit

    check_grid_rows((len(grid_n) * len(grid_k) if cells is None else cells) * names)
    quantum_n = max(limit("max_quantum_positions"), limit("max_counted_positions"))
    quantum_k = max(limit("max_quantum_colors"), limit("max_counted_colors"))
    most_n = max(quantum_n, limit("max_classical_positions"))
    most_k = max(quantum_k, limit("max_classical_colors"))
    if max(grid_n) > most_n:
        raise ResourceLimitError(
            f"positions {max(grid_n)} is beyond every codebreaker's limit (at most {most_n}: "
            "MASTERMIND_Q_MAX_COUNTED_POSITIONS, MASTERMIND_Q_MAX_CLASSICAL_POSITIONS)"
        )
    if max(grid_k) > most_k:
        raise ResourceLimitError(
            f"colors {max(grid_k)} is beyond every codebreaker's limit (at most {most_k}: "
            "MASTERMIND_Q_MAX_COUNTED_COLORS, MASTERMIND_Q_MAX_CLASSICAL_COLORS)"
        )


def plan_comparison(
    positions: Iterable[int],
    colors: Iterable[int] | str,
    *,
    methods: Iterable[str] | str | None = None,
    bounds: bool = True,
    formulas: bool = True,
    games: Iterable[str] | None = None,
    simulate_up_to: int | None = None,
) -> ComparisonPlan:
    """List the rows of the ``positions x colors`` grid, cell by cell.

    Each cell lists its quantum rows, then its classical rows, then the bounds
    (:data:`BOUNDS`, if ``bounds``) and the asymptotic formulas (if ``formulas``); within
    a kind, non-adaptive before adaptive, then by game (:data:`~.games.GAMES` order).
    A solve method gets one row per game it is run in
    (:func:`~mastermind_q.compare.games.method_games`). Bound or formula names listed in
    ``methods`` choose those rows instead: then exactly the named ones appear. Rows that
    do not apply (:func:`applicability`) go to ``skipped`` with the reason.

    Args:
        positions: the values of ``n``.
        colors: the values of ``k``, or ``"n"`` (:data:`DIAGONAL`): the diagonal,
            one cell ``(n, n)`` per value of ``n``.
        methods: ``solve`` method names to run (default: every method of
            :data:`~mastermind_q.solving.METHODS`, each in its default games);
            ``"all"`` (:data:`ALL_METHODS`): every method in every game it plays. Bound
            and formula names listed here replace the default bound and formula rows.
        bounds: add the bound rows (unless ``methods`` names bound or formula rows).
        formulas: add the asymptotic formula rows (likewise).
        games: run each method in each of these games it can play
            (:data:`~mastermind_q.compare.games.GAMES` names: ``black``,
            ``black-white``, ``black-distinct``, ``black-white-distinct``); default:
            :data:`~mastermind_q.compare.games.DEFAULT_GAMES` (all four with ``"all"``).
        simulate_up_to: quantum rows with ``n`` and ``k`` at most this run on the
            simulator (``executed=True``); larger ones are counted, not executed
            (default :data:`~mastermind_q.compare.theory.SIMULATE_UP_TO`; ``0``: count
            every quantum row).

    Raises:
        ValueError: an invalid size or unknown method or game name (named in the message).
        mastermind_q.limits.ResourceLimitError: more values on an axis than
            ``MASTERMIND_Q_MAX_GRID_VALUES`` (an iterable is read no further), more rows
            than ``MASTERMIND_Q_MAX_GRID_ROWS``, or ``n`` or ``k`` beyond every codebreaker's
            limit; cells beyond one method's limit are skipped with the reason.
    """
    from ..game import validate_flag
    from ..limits import take_grid_values

    for name, value in (("bounds", bounds), ("formulas", formulas)):
        validate_flag(value, name)
    # An iterator or a huge range is read no further than the grid-values limit.
    grid_n = [validate_positions(n) for n in take_grid_values(positions, "positions")]
    diagonal = isinstance(colors, str) and colors == DIAGONAL
    if diagonal:
        grid_n = list(dict.fromkeys(grid_n))
        for n in grid_n:
            if n < 2:
                raise ValueError(f"colors 'n' needs positions >= 2 (k = n colours), was {n}")
        grid_k = list(grid_n)
    elif isinstance(colors, str):
        raise ValueError(f"colors must be integers or {DIAGONAL!r} (k = n), was {colors!r}")
    else:
        grid_k = [validate_colors(k) for k in take_grid_values(colors, "colors")]
    if not grid_n or not grid_k:
        raise ValueError(f"the grid must not be empty, was positions={grid_n}, colors={grid_k}")
    limit_up_to = SIMULATE_UP_TO if simulate_up_to is None else simulate_up_to
    if isinstance(limit_up_to, bool) or not isinstance(limit_up_to, int) or limit_up_to < 0:
        raise ValueError(f"simulate_up_to must be an integer >= 0, was {simulate_up_to!r}")
    if isinstance(methods, str):
        methods = [methods]
    chosen = list(METHODS) if methods is None else list(dict.fromkeys(methods))
    if ALL_METHODS in chosen:
        chosen = [*METHODS, *(name for name in chosen if name not in METHODS)]
        chosen.remove(ALL_METHODS)
        if games is None:
            games = list(GAMES)
    if games is not None:
        games = list(games)
        if not games:
            raise ValueError("games must name at least one game, was empty")
    named_extras = [name for name in chosen if name not in METHODS]
    if named_extras:  # bound or formula rows chosen by name: exactly those
        extra = named_extras
    else:
        extra = [*(BOUNDS if bounds else ()), *(ASYMPTOTIC_FORMULAS if formulas else ())]
    for name in extra:
        applicability(name, 1, 2)  # an unknown name is an error before anything runs
    prototypes: list[CompareTask] = []
    for name in chosen:
        if name in METHODS:
            for feedback, distinct in method_games(name, games):
                prototypes.append(CompareTask(0, 0, name, _kind(name), feedback, distinct))
    prototypes += [CompareTask(0, 0, name, _kind(name)) for name in extra]
    if not prototypes:
        raise ValueError("nothing to compare: no methods, bounds or formulas chosen")
    order = {id(task): _task_order(task, index) for index, task in enumerate(prototypes)}
    prototypes.sort(key=lambda task: order[id(task)])
    cells = [(n, n) for n in grid_n] if diagonal else [(n, k) for n in grid_n for k in grid_k]
    _check_grid(grid_n, grid_k, len(prototypes), cells=len(cells))
    tasks: list[CompareTask] = []
    skipped: list[tuple[CompareTask, str]] = []
    for n, k in cells:
        executed = n <= limit_up_to and k <= limit_up_to
        for proto in prototypes:
            task = CompareTask(
                n,
                k,
                proto.method,
                proto.kind,
                proto.feedback,
                proto.distinct,
                executed if proto.kind == "quantum" else None,
            )
            reason = applicability(
                task.method,
                n,
                k,
                distinct=bool(task.distinct),
                executed=task.executed is not False,
            )
            if reason is None:
                tasks.append(task)
            else:
                skipped.append((task, reason))
    return ComparisonPlan(tuple(tasks), tuple(skipped))
