"""Quantum versus classical query counts over a grid of ``(n, k)``: rows, tables, plots.

For every cell ``(n, k)`` of a grid, :func:`compare` produces one :class:`CompareRow` per
method:

* **quantum** rows (``kind="quantum"``, ``source="measured"``): the quantum codebreakers
  run through :func:`mastermind_q.solve` on a simulator, so ``queries`` is what the
  :class:`~mastermind_q.codemaker.Codemaker` counted (``B_s`` and ``B_s^dagger`` each
  count one). Theory: ``nonadaptive`` ``k - 1`` (Li-Luo-Xu Theorem 1), ``triples``
  ``ceil(2(k-1)/3)``, ``two-color`` ``1`` (``k = 2``, Theorem 2), ``adaptive`` ``2T``
  with ``T = ceil(pi / (4 arcsin sqrt(1/k)) - 1/2)`` Grover iterations (Theorem 3; each
  iteration applies ``B_s`` and ``B_s^dagger``). Every quantum row carries that
  ``theory`` value next to the measured one;
* **classical** rows (``kind="classical"``, ``source="measured"``): each classical
  codebreaker plays ``samples`` seeded random secrets; ``queries`` is the worst case
  and ``mean_queries`` the mean over them (answered guesses, final correct guess
  included). ``permutation`` plays the permutation game (random injections, ``k >= n``);
  ``blackpeg``, ``knuth`` and ``random-consistent`` play codes with repetition;
* **bound** rows (``kind="bound"``), never measurements:

  - ``source="theorem"``: exact values of proven bounds --
    ``elouali-upper``: ``(n-3)ceil(log2 n) + 5n/2 - 1`` for ``k = n`` and
    ``(n-2)ceil(log2 n) + k + 1`` for ``k > n``; ``elouali-lower``: ``n`` for
    ``k = n`` and ``k`` for ``k > n`` (El Ouali et al. 2018); ``adaptive-T``: the
    paper's own count ``T`` for Algorithm 4, which counts one query per Grover
    iteration;
  - ``source="asymptotic"``: the classical adaptive rates of Li-Luo-Xu Table 2 with
    every hidden constant set to 1 and logarithms to base 2 (``log2 n`` clamped below
    at 1): ``table2-blackpeg`` ``n log2 k / log2 n + k`` and ``table2-blackwhite``
    ``n log2 k / log2 n + k/n``. They show growth rates, not query counts; their
    ``formula`` field says so and plots draw them as thin dash-dotted lines.

Cost: a quantum row runs ``quantum_samples`` solves of the method's circuits (see
:mod:`mastermind_q.quantum`); a classical row runs ``samples`` games; bound rows are
closed forms. Nothing here prints: the CLI (``mastermind-q compare``) shows progress.

References:
    [1] L. Li, J. Luo, Y. Xu, "Winning Mastermind Overwhelmingly on Quantum Computers":
        Algorithm 1 / Theorem 1, Algorithm 3 / Theorem 2, Algorithm 4 / Theorem 3,
        Table 2, Section 5 (triples).
    [2] M. El Ouali, C. Glazik, V. Sauerland, A. Srivastav, "On the Query Complexity of
        Black-Peg AB-Mastermind", Games 9(1):2, 2018: Section 2.1 (k = n upper bound),
        Section 2.2 (k > n upper bound), Section 3 (lower bounds n and k).

Example:
    >>> rows = compare([4], [4], methods=["permutation"], samples=3, seed=1).rows
    >>> [(row.method, row.kind) for row in rows][:2]
    [('permutation', 'classical'), ('elouali-upper', 'bound')]
"""

from __future__ import annotations

import csv
import math
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .game import validate_colors, validate_positions
from .solving import METHODS, method_info, solve

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "ASYMPTOTIC_FORMULAS",
    "BOUNDS",
    "CSV_FIELDS",
    "DEFAULT_BACKEND",
    "DEFAULT_SAMPLES",
    "ENUMERATION_LIMITS",
    "CompareRow",
    "CompareTask",
    "Comparison",
    "ComparisonPlan",
    "applicability",
    "bound_value",
    "compare",
    "format_table",
    "parse_int_list",
    "plan_comparison",
    "plot_comparison",
    "random_secrets",
    "run_comparison",
    "run_task",
    "theoretical_queries",
    "validate_backend",
    "write_csv_header",
    "write_csv_row",
]

DEFAULT_SAMPLES = 20
"""Random secrets per classical row (worst and mean are taken over them)."""
DEFAULT_BACKEND = "aer"
"""Backend of the quantum rows: the toolkit's default (Aer; statevector for narrow
circuits, matrix product state for wide ones). The oracle calls are counted the same
way on every backend."""
ENUMERATION_LIMITS = {"knuth": 1296, "random-consistent": 262144}
"""Largest code space ``k^n`` at which ``compare`` runs these enumerating codebreakers.

Knuth's minimax costs about a second per game at ``k^n = 4096`` (it compares every
candidate guess with every consistent secret), so ``compare`` stops at Knuth's own
game, 4 positions and 6 colours (1296 codes); random-consistent takes about 0.1 s per
game at ``8^6 = 262144`` codes. Larger cells are listed as skipped."""
BOUNDS = ("elouali-upper", "elouali-lower", "adaptive-T")
"""Names of the exact bound rows (``kind="bound"``, ``source="theorem"``)."""
ASYMPTOTIC_FORMULAS = ("table2-blackpeg", "table2-blackwhite")
"""Names of the asymptotic-rate rows (``kind="bound"``, ``source="asymptotic"``)."""

_LLX = "Li-Luo-Xu"
_ELOUALI = "El Ouali et al., Games 9(1):2 (2018)"
_REFERENCES = {
    "nonadaptive": f"{_LLX}, Algorithm 1, Theorem 1",
    "triples": f"{_LLX}, Section 5 (colour triples), improved",
    "two-color": f"{_LLX}, Algorithm 3, Theorem 2",
    "adaptive": f"{_LLX}, Algorithm 4, Theorem 3",
    "permutation": f"{_ELOUALI}, Algorithms 1-4",
    "knuth": "Knuth, J. Recreational Math. 9 (1976-77), minimax",
    "blackpeg": "deterministic black-peg baseline with repetition",
    "random-consistent": "random consistent guess baseline",
    "elouali-upper": f"{_ELOUALI}, Section 2.1 (k = n) / Section 2.2 (k > n)",
    "elouali-lower": f"{_ELOUALI}, Section 3.1 (k = n) / Section 3.2 (k > n)",
    "adaptive-T": f"{_LLX}, Algorithm 4, Theorem 3 (one query per Grover iteration)",
    "table2-blackpeg": f"{_LLX}, Table 2 (adaptive, black-peg; [Mar22], [MS20])",
    "table2-blackwhite": f"{_LLX}, Table 2 (adaptive, black-white; [Mar22], [MS20])",
}
_FORMULAS = {
    "nonadaptive": "k - 1",
    "triples": "ceil(2(k-1)/3)",
    "two-color": "1",
    "adaptive": "2T, T = ceil(pi/(4 arcsin sqrt(1/k)) - 1/2)",
    "adaptive-T": "T = ceil(pi/(4 arcsin sqrt(1/k)) - 1/2)",
    "table2-blackpeg": "Theta(n log k / log n + k) with constants 1, log base 2",
    "table2-blackwhite": "Theta(n log k / log n + k/n) with constants 1, log base 2",
}

CSV_FIELDS = (
    "n",
    "k",
    "method",
    "kind",
    "queries",
    "mean_queries",
    "source",
    "theory",
    "iterations",
    "samples",
    "solved",
    "success_probability",
    "seconds",
    "formula",
    "reference",
)
"""Column order of :func:`write_csv_row` (the fields of :class:`CompareRow`)."""


# -- grid parsing ----------------------------------------------------------------------
def parse_int_list(text: str, name: str = "positions", *, minimum: int = 1) -> tuple[int, ...]:
    """Parse a grid axis: comma separated items, each ``A``, ``A-B`` or ``A:B[:STEP]``.

    ``A-B`` is every integer from ``A`` to ``B`` inclusive; ``A:B:STEP`` is ``A, A+STEP,
    ...`` up to and including ``B`` when it is hit (``STEP`` defaults to 1). The result is
    sorted with duplicates removed: ``"4,6-8,8:16:4"`` gives ``(4, 6, 7, 8, 12, 16)``.

    Args:
        text: the axis specification.
        name: how the axis is named in error messages.
        minimum: the smallest allowed value (1 for positions, 2 for colours).

    Returns:
        The sorted distinct values.

    Raises:
        ValueError: naming the offending item for an empty list, a non-integer, an
            empty or descending range, a step below 1 or a value below ``minimum``.

    Example:
        >>> parse_int_list("4:16:4", "colors", minimum=2)
        (4, 8, 12, 16)
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"{name} must list integers like 4,8 or 4-8 or 4:16:4, was {text!r}")
    values: set[int] = set()
    for raw in text.split(","):
        item = raw.strip()
        try:
            if ":" in item:
                parts = [int(part) for part in item.split(":")]
                if len(parts) not in (2, 3):
                    raise ValueError
                start, stop = parts[0], parts[1]
                step = parts[2] if len(parts) == 3 else 1
            elif "-" in item:
                head, _, tail = item.partition("-")
                start, stop, step = int(head), int(tail), 1
            else:
                start = stop = int(item)
                step = 1
        except ValueError:
            raise ValueError(
                f"{name} item must be N, A-B or A:B[:STEP] with integers, was {item!r}"
            ) from None
        if step < 1:
            raise ValueError(f"{name} range step must be >= 1, was {step} in {item!r}")
        if stop < start:
            raise ValueError(f"{name} range must not descend, was {item!r}")
        for value in range(start, stop + 1, step):
            if value < minimum:
                raise ValueError(f"{name} must have values >= {minimum}, was {value} in {item!r}")
            values.add(value)
    return tuple(sorted(values))


# -- theory ------------------------------------------------------------------------------
def theoretical_queries(method: str, num_positions: int, num_colors: int) -> int:
    """The exact oracle-call count a quantum method must use at ``(n, k)``.

    ``nonadaptive``: ``k - 1``; ``triples``: ``ceil(2(k-1)/3)``; ``two-color``: ``1``;
    ``adaptive``: ``2T`` with ``(T, phi) = exact_grover_parameters(k)`` (``B_s`` and
    ``B_s^dagger`` once per iteration). None depends on ``n``.

    Raises:
        ValueError: for a method that is not quantum, or sizes it does not apply to.

    Example:
        >>> theoretical_queries("triples", 5, 8)
        5
    """
    reason = applicability(method, num_positions, num_colors)
    if reason is not None:
        raise ValueError(reason)
    k = num_colors
    if method == "nonadaptive":
        return k - 1
    if method == "triples":
        return -(-2 * (k - 1) // 3)
    if method == "two-color":
        return 1
    if method == "adaptive":
        return 2 * _grover_iterations(k)
    raise ValueError(f"method must be a quantum method, was {method!r}")


def _grover_iterations(num_colors: int) -> int:
    from .circuits.grover import exact_grover_parameters

    iterations, _phi = exact_grover_parameters(num_colors)
    return int(iterations)


def _clean_number(value: float) -> int | float:
    """``value`` as an int when it is integral, else rounded to 6 decimals."""
    return int(value) if float(value).is_integer() else round(float(value), 6)


def bound_value(name: str, num_positions: int, num_colors: int) -> int | float:
    """The value of bound or asymptotic-formula row ``name`` at ``(n, k)``.

    * ``elouali-upper``: ``(n-3)ceil(log2 n) + 5n/2 - 1`` (``k = n``),
      ``(n-2)ceil(log2 n) + k + 1`` (``k > n``);
    * ``elouali-lower``: ``n`` (``k = n``), ``k`` (``k > n``);
    * ``adaptive-T``: ``T = ceil(pi/(4 arcsin sqrt(1/k)) - 1/2)``;
    * ``table2-blackpeg``: ``n log2 k / max(1, log2 n) + k``;
    * ``table2-blackwhite``: ``n log2 k / max(1, log2 n) + k/n``.

    Raises:
        ValueError: unknown name, or ``k < n`` for the El Ouali et al. bounds (the
            permutation game needs ``k >= n``).

    Example:
        >>> bound_value("elouali-upper", 8, 8), bound_value("elouali-lower", 4, 6)
        (34, 6)
    """
    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    if name in ("elouali-upper", "elouali-lower"):
        if k < n:
            raise ValueError(f"{name} needs colors >= positions ({n}), was {k}")
        if name == "elouali-lower":
            return k
        log_n = math.ceil(math.log2(n)) if n > 1 else 0
        if k == n:
            return _clean_number((n - 3) * log_n + 5 * n / 2 - 1)
        return (n - 2) * log_n + k + 1
    if name == "adaptive-T":
        return _grover_iterations(k)
    if name in ASYMPTOTIC_FORMULAS:
        leading = n * math.log2(k) / max(1.0, math.log2(n))
        return _clean_number(leading + (k if name == "table2-blackpeg" else k / n))
    valid = ", ".join((*BOUNDS, *ASYMPTOTIC_FORMULAS))
    raise ValueError(f"bound must be one of {valid}; was {name!r}")


def applicability(method: str, num_positions: int, num_colors: int) -> str | None:
    """``None`` if ``method`` (a solve method or a bound) applies at ``(n, k)``, else why not.

    Rules: ``nonadaptive`` and ``triples`` need ``k >= 3``; ``two-color`` needs
    ``k = 2``; ``permutation`` and the El Ouali et al. bounds need ``k >= n``;
    ``knuth`` and ``random-consistent`` need ``k^n <=`` :data:`ENUMERATION_LIMITS`.

    Raises:
        ValueError: unknown method name.
    """
    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    if method not in METHODS and method not in BOUNDS and method not in ASYMPTOTIC_FORMULAS:
        valid = ", ".join((*METHODS, *BOUNDS, *ASYMPTOTIC_FORMULAS))
        raise ValueError(f"method must be one of {valid}; was {method!r}")
    if method in ("nonadaptive", "triples") and k < 3:
        return f"{method} needs colors >= 3, was {k}"
    if method == "two-color" and k != 2:
        return f"two-color needs colors == 2, was {k}"
    if method in ("permutation", "elouali-upper", "elouali-lower") and k < n:
        return f"{method} needs colors >= positions ({n}), was {k}"
    limit = ENUMERATION_LIMITS.get(method)
    if limit is not None and k**n > limit:
        return f"{method} enumerates the k^n codes; k^n = {k**n} > {limit}"
    return None


# -- rows and plans ------------------------------------------------------------------------
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
    (:data:`BOUNDS`, if ``bounds``) and the asymptotic formulas (if ``formulas``). Rows
    that do not apply (:func:`applicability`) go to ``skipped`` with the reason.

    Args:
        positions: the values of ``n``.
        colors: the values of ``k``.
        methods: ``solve`` method names to run (default: all of :data:`METHODS`); bound
            and formula names may be listed here too.
        bounds: add the bound rows.
        formulas: add the asymptotic formula rows.

    Raises:
        ValueError: an invalid size or unknown method name (named in the message).
    """
    grid_n = [validate_positions(n) for n in positions]
    grid_k = [validate_colors(k) for k in colors]
    if not grid_n or not grid_k:
        raise ValueError(f"the grid must not be empty, was positions={grid_n}, colors={grid_k}")
    chosen = list(METHODS) if methods is None else list(dict.fromkeys(methods))
    if not chosen and not bounds and not formulas:
        raise ValueError("nothing to compare: no methods, bounds or formulas chosen")
    extra = [*(BOUNDS if bounds else ()), *(ASYMPTOTIC_FORMULAS if formulas else ())]
    names = [name for name in chosen if name in METHODS]
    names.sort(key=lambda name: METHODS[name].kind != "quantum")
    names += [name for name in [*chosen, *extra] if name not in METHODS and name not in names]
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


def _derived_seed(seed: int | None, *parts: object) -> int:
    """A 32-bit seed fixed by ``seed`` and ``parts`` (independent of grid order)."""
    return random.Random(f"{seed}|" + "|".join(map(str, parts))).getrandbits(32)


def random_secrets(
    num_positions: int, num_colors: int, count: int, *, distinct: bool, seed: int | None
) -> list[tuple[int, ...]]:
    """``count`` seeded uniformly random secrets (random injections when ``distinct``).

    Raises:
        ValueError: invalid sizes, ``count < 1``, or ``distinct`` with ``k < n``.
    """
    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"samples must be a positive integer, was {count!r}")
    if distinct and k < n:
        raise ValueError(f"colors must be >= positions ({n}) for distinct secrets, was {k}")
    rng = random.Random(_derived_seed(seed, "secrets", n, k, distinct))
    if distinct:
        return [tuple(rng.sample(range(k), n)) for _ in range(count)]
    return [tuple(rng.randrange(k) for _ in range(n)) for _ in range(count)]


def run_task(
    task: CompareTask,
    *,
    samples: int = DEFAULT_SAMPLES,
    quantum_samples: int = 1,
    backend: str = DEFAULT_BACKEND,
    shots: int | None = None,
    seed: int | None = 0,
) -> CompareRow:
    """Compute one row: play the games (measured rows) or evaluate the bound.

    Quantum methods solve ``quantum_samples`` random secrets through
    :func:`mastermind_q.solve` on ``backend``; classical methods ``samples`` secrets.
    Secrets and simulator seeds are derived from ``seed``, ``n``, ``k`` (and the method
    for the simulator), so a row does not depend on the rest of the grid.

    Raises:
        ValueError: a row that does not apply, bad sample counts, or a solver refusing
            the size (its message is passed on).
    """
    reason = applicability(task.method, task.n, task.k)
    if reason is not None:
        raise ValueError(reason)
    started = time.perf_counter()
    if task.kind == "bound":
        source = "asymptotic" if task.method in ASYMPTOTIC_FORMULAS else "theorem"
        return CompareRow(
            n=task.n,
            k=task.k,
            method=task.method,
            kind="bound",
            queries=bound_value(task.method, task.n, task.k),
            source=source,
            formula=_FORMULAS.get(task.method) or _elouali_formula(task.method, task.n, task.k),
            reference=_REFERENCES.get(task.method),
        )
    info = method_info(task.method)
    count = quantum_samples if info.kind == "quantum" else samples
    secrets = random_secrets(task.n, task.k, count, distinct=info.distinct, seed=seed)
    results = []
    for index, secret in enumerate(secrets):
        run_seed = _derived_seed(seed, "run", task.n, task.k, task.method, index)
        if info.kind == "quantum":
            result = solve(
                secret,
                colors=task.k,
                method=task.method,
                backend=backend,
                shots=shots,
                seed=run_seed,
            )
        else:
            result = solve(secret, colors=task.k, method=task.method, seed=run_seed)
        results.append(result)
    counts = [result.queries for result in results]
    quantum = info.kind == "quantum"
    probabilities = [r.success_probability for r in results if r.success_probability is not None]
    iterations = [r.iterations for r in results if r.iterations is not None]
    return CompareRow(
        n=task.n,
        k=task.k,
        method=task.method,
        kind=info.kind,
        queries=max(counts),
        mean_queries=sum(counts) / len(counts),
        source="measured",
        theory=theoretical_queries(task.method, task.n, task.k) if quantum else None,
        iterations=max(iterations) if iterations else None,
        samples=len(results),
        solved=all(result.solved for result in results),
        success_probability=min(probabilities) if probabilities else None,
        seconds=round(time.perf_counter() - started, 3),
        formula=_FORMULAS.get(task.method),
        reference=_REFERENCES.get(task.method),
    )


def _elouali_formula(name: str, n: int, k: int) -> str:
    if name == "elouali-upper":
        return "(n-3)ceil(log2 n) + 5n/2 - 1" if k == n else "(n-2)ceil(log2 n) + k + 1"
    return "n (k = n)" if k == n else "k (k > n)"


def validate_backend(backend: str) -> str:
    """Return ``backend`` if the quantum rows can name it; raise ``ValueError`` otherwise.

    Checked before any row runs: a row that raises ``ValueError`` is skipped as "does not
    apply", so a misspelt backend would otherwise skip every quantum row silently.
    ``fake:NAME`` must name an installed fake device; ``ibm:NAME`` is checked when a row
    runs (that needs the service).

    Raises:
        ValueError: not a backend name, or no fake device of that name (the message
            names it).

    Example:
        >>> validate_backend("aer-mps")
        'aer-mps'
    """
    from .backends import backend_kind, fake_backend, validate_backend_name

    name = validate_backend_name(backend)
    if backend_kind(name) == "fake":
        fake_backend(name)
    return name


def compare(
    positions: Iterable[int],
    colors: Iterable[int],
    *,
    methods: Iterable[str] | None = None,
    bounds: bool = True,
    formulas: bool = True,
    samples: int = DEFAULT_SAMPLES,
    quantum_samples: int = 1,
    backend: str = DEFAULT_BACKEND,
    shots: int | None = None,
    seed: int | None = 0,
) -> Comparison:
    """Compare quantum and classical query counts over the ``positions x colors`` grid.

    :func:`plan_comparison` lists the rows, :func:`run_task` computes each. A solver that
    refuses a size with ``ValueError`` moves that row to ``skipped`` with its message.

    Args:
        positions: the values of ``n``.
        colors: the values of ``k``.
        methods: ``solve`` methods (default all), optionally bound names.
        bounds: add :data:`BOUNDS` rows.
        formulas: add :data:`ASYMPTOTIC_FORMULAS` rows.
        samples: random secrets per classical row (worst and mean over them).
        quantum_samples: random secrets per quantum row.
        backend: backend for the quantum methods (default :data:`DEFAULT_BACKEND`).
        shots: shots per circuit on sampling backends.
        seed: master seed for secrets and runs.

    Returns:
        A :class:`Comparison` (``.rows``, ``.skipped``, ``.to_dict()``).

    Raises:
        ValueError: invalid grid, method name, backend name or counts.

    Example:
        >>> result = compare([3], [3], methods=["blackpeg"], formulas=False, samples=2)
        >>> [row.method for row in result.rows]
        ['blackpeg', 'elouali-upper', 'elouali-lower', 'adaptive-T']
    """
    plan = plan_comparison(positions, colors, methods=methods, bounds=bounds, formulas=formulas)
    return run_comparison(
        plan,
        samples=samples,
        quantum_samples=quantum_samples,
        backend=backend,
        shots=shots,
        seed=seed,
    )


def run_comparison(
    plan: ComparisonPlan,
    *,
    samples: int = DEFAULT_SAMPLES,
    quantum_samples: int = 1,
    backend: str = DEFAULT_BACKEND,
    shots: int | None = None,
    seed: int | None = 0,
    into: Comparison | None = None,
    tasks: Iterable[CompareTask] | None = None,
    on_row: Callable[[CompareRow], None] | None = None,
) -> Comparison:
    """Run the rows of ``plan`` one by one, filling a :class:`Comparison` as they finish.

    A solver that refuses a size with ``ValueError`` moves that row to ``skipped`` with
    its message (a bound row that fails is a bug and re-raises).

    Args:
        plan: from :func:`plan_comparison`.
        samples, quantum_samples, backend, shots, seed: as in :func:`compare`.
        into: the :class:`Comparison` to fill (default a new one holding
            ``plan.skipped``). Rows land in it as they finish, so a caller interrupted
            mid-sweep (``KeyboardInterrupt``) keeps every finished row.
        tasks: the tasks to run, default ``plan.tasks`` (e.g. wrapped in a progress bar).
        on_row: called with each finished row (e.g. to write it to a CSV file at once).

    Returns:
        ``into``, filled.

    Raises:
        ValueError: invalid backend name or counts.
    """
    validate_backend(backend)
    outcome = Comparison(skipped=list(plan.skipped)) if into is None else into
    for task in plan.tasks if tasks is None else tasks:
        try:
            row = run_task(
                task,
                samples=samples,
                quantum_samples=quantum_samples,
                backend=backend,
                shots=shots,
                seed=seed,
            )
        except ValueError as error:
            if task.kind == "bound":
                raise
            outcome.skipped.append((task, str(error)))
            continue
        outcome.rows.append(row)
        if on_row is not None:
            on_row(row)
    return outcome


# -- output ---------------------------------------------------------------------------------
def _row_dict(row: CompareRow | Mapping[str, Any]) -> dict[str, Any]:
    return row.to_dict() if isinstance(row, CompareRow) else dict(row)


def write_csv_header(stream: IO[str]) -> None:
    """Write the :data:`CSV_FIELDS` header line to ``stream``."""
    csv.writer(stream, lineterminator="\n").writerow(CSV_FIELDS)


def write_csv_row(stream: IO[str], row: CompareRow | Mapping[str, Any]) -> None:
    """Append ``row`` to ``stream`` as one CSV line (empty cells for ``None``) and flush."""
    data = _row_dict(row)
    values = ["" if data.get(name) is None else data[name] for name in CSV_FIELDS]
    csv.writer(stream, lineterminator="\n").writerow(values)
    stream.flush()


def _format_number(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.2f}"
    return str(int(value)) if isinstance(value, float) else str(value)


def format_table(rows: Iterable[CompareRow | Mapping[str, Any]]) -> str:
    """A fixed-width text table of ``rows``: n, k, method, kind, queries, mean, notes.

    The notes column says ``theory=...`` and ``T=...`` for quantum rows, the sample count
    for classical rows, the formula for bounds (asymptotic ones are marked), and
    ``NOT SOLVED`` when a measured game failed.
    """
    header = ("n", "k", "method", "kind", "queries", "mean", "notes")
    lines = [header]
    for row in map(_row_dict, rows):
        notes = []
        if row.get("kind") == "quantum":
            notes.append(f"theory={row.get('theory')}")
            if row.get("iterations") is not None:
                notes.append(f"T={row['iterations']}")
            if row.get("success_probability") is not None:
                notes.append(f"p={row['success_probability']:.3g}")
        elif row.get("source") == "measured":
            notes.append(f"worst/mean of {row.get('samples')} secrets")
        elif row.get("source") == "asymptotic":
            notes.append(f"asymptotic rate, not a count: {row.get('formula')}")
        else:
            notes.append(str(row.get("formula")))
        if row.get("solved") is False:
            notes.append("NOT SOLVED")
        lines.append(
            (
                str(row["n"]),
                str(row["k"]),
                str(row["method"]),
                str(row["kind"]),
                _format_number(row["queries"]),
                _format_number(row.get("mean_queries")),
                "; ".join(notes),
            )
        )
    widths = [max(len(line[column]) for line in lines) for column in range(len(header) - 1)]
    text = []
    for line in lines:
        cells = [
            cell.rjust(w) if i in (0, 1, 4, 5) else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(line, widths))
        ]
        text.append("  ".join([*cells, line[-1]]).rstrip())
    return "\n".join(text)


# -- plots -----------------------------------------------------------------------------------
_QUANTUM_COLORS = {"nonadaptive": "C0", "triples": "C1", "two-color": "C2", "adaptive": "C3"}
_CLASSICAL_COLORS = {
    "permutation": "C4",
    "blackpeg": "C5",
    "knuth": "C6",
    "random-consistent": "C8",
}
_BOUND_COLORS = {"elouali-upper": "0.25", "elouali-lower": "0.45", "adaptive-T": "C3"}
_FORMULA_COLORS = {"table2-blackpeg": "C9", "table2-blackwhite": "C7"}


def _curves(rows: list[dict[str, Any]]) -> list[tuple[str, str, dict[str, Any]]]:
    """``(method, value key, style)`` for every curve, measured ones first."""
    methods = list(dict.fromkeys(row["method"] for row in rows))
    kinds = {row["method"]: (row["kind"], row.get("source")) for row in rows}
    curves = []
    for method in methods:
        kind, source = kinds[method]
        if kind == "quantum":
            style = {
                "color": _QUANTUM_COLORS.get(method, "C0"),
                "marker": "o",
                "linestyle": "-",
                "label": f"{method} (quantum, measured)",
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
            style = {
                "color": _BOUND_COLORS.get(method, "0.3"),
                "linestyle": ":",
                "linewidth": 1.5,
                "marker": "x",
                "markersize": 4,
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

    Measured curves have markers (quantum: circles; classical: squares, filled for the
    worst case and hollow, dashed for the mean); exact bounds are dotted lines without
    markers and asymptotic formulas thin dash-dotted lines, with small ``x`` and ``+``
    marks at their points. The query axis is logarithmic (base 2) when the values span
    more than a factor 10, the size axis when it spans a factor 4 or more. One legend
    names every curve.

    Args:
        rows: :class:`CompareRow` objects or their dictionaries (e.g. from ``--json``).
        path: save the figure there; the format follows the suffix (png, svg or pdf).

    Returns:
        The matplotlib ``Figure`` (made without pyplot, so no window opens).

    Raises:
        ValueError: no rows with values, or a ``path`` suffix other than png, svg, pdf.
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, NullLocator

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
                (line,) = axis.plot(xs, ys, **style)
                handles.setdefault(style["label"], line)
            axis.set_title(f"{fixed_name} = {fixed}")
            axis.set_xlabel(f"{free_name} ({'positions' if free_name == 'n' else 'colours'})")
            axis.set_ylabel("queries")
            if log_y:
                axis.set_yscale("log", base=2)
                axis.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
            if max(free_values) / min(free_values) >= 4:
                axis.set_xscale("log", base=2)
            axis.set_xticks(free_values, [str(value) for value in free_values])
            axis.xaxis.set_minor_locator(NullLocator())
            axis.grid(True, which="both", alpha=0.3)
    figure.legend(
        list(handles.values()), list(handles), loc="outside right upper", fontsize="small"
    )
    figure.suptitle("Mastermind query counts: quantum vs classical (measured) and bounds")
    if path is not None:
        figure.savefig(path)
    return figure
