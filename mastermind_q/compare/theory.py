"""What the theory says at ``(n, k)``: quantum counts, bound values, which rows apply."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from ..codebreaker import colors_reason, query_count
from ..game import validate_colors, validate_positions
from ..solving import METHODS

__all__ = [
    "ASYMPTOTIC_FORMULAS",
    "BOUNDS",
    "COUNT_ONLY_MAX_WORK",
    "ENUMERATION_LIMITS",
    "INFORMATION_BOUNDS",
    "SIMULATE_UP_TO",
    "answer_entropy",
    "applicability",
    "bound_value",
    "counting_bound",
    "entropy_bound",
    "theoretical_queries",
]

SIMULATE_UP_TO = 16
"""Quantum rows run on the simulator while ``n <= 16`` and ``k <= 16`` (seconds per row
on Aer); larger rows are counted, not executed (``executed=False``): the codebreaker
builds its circuits for the real ``n`` and ``k`` and a
:class:`~mastermind_q.codemaker.CountingCodemaker` counts their oracle applications
(``simulate_up_to=`` in :func:`~mastermind_q.compare.compare`, ``--simulate-up-to``)."""
COUNT_ONLY_MAX_WORK = 4_000_000_000
"""Largest circuits x qubits (x oracle queries per circuit) a counted, not executed,
quantum row builds (:func:`count_only_work`): ``nonadaptive`` at ``n = k = 16,384``
builds 16,383 circuits of 229,391 qubits (3.8 x 10^9). Each circuit is a few stage
gates around the oracle box, but Qiskit's circuit data costs time in the qubits; the
measured rates are in ``benchmarks/RESULTS.md``. Larger rows are skipped with the
reason."""


class _Limits(Mapping[str, int]):
    """A codebreaker attribute by name, for the codebreakers that set it (read when asked,
    so an installed codebreaker joins)."""

    def __init__(self, attribute: str) -> None:
        self._attribute = attribute

    def _value(self, name: str) -> int | None:
        info = METHODS.get(name) if isinstance(name, str) else None
        return None if info is None else getattr(info.cost, self._attribute)

    def __getitem__(self, name: str) -> int:
        value = self._value(name)
        if value is None:
            raise KeyError(name)
        return int(value)

    def __iter__(self) -> Iterator[str]:
        return (name for name in METHODS if self._value(name) is not None)

    def __len__(self) -> int:
        return sum(1 for _name in self)


ENUMERATION_LIMITS: Mapping[str, int] = _Limits("max_codes")
"""Largest code space ``k^n`` at which ``compare`` runs the enumerating codebreakers
(:attr:`CostModel.max_codes <mastermind_q.codebreaker.CostModel>`: ``knuth`` 1296, Knuth's own game,
``random-consistent`` 262,144, ``optimal`` 81). Larger cells are listed as skipped."""
CELL_LIMITS: Mapping[str, int] = _Limits("max_cells")
"""Largest ``n * k`` at which ``compare`` runs the constraint-solver codebreakers
(:attr:`CostModel.max_cells <mastermind_q.codebreaker.CostModel>`: ``consistent`` 256); larger cells
are skipped."""
BOUNDS = ("elouali-upper", "elouali-lower", "adaptive-T", "counting-bound", "entropy-bound")
"""Names of the exact bound rows (``kind="bound"``, ``source="theorem"``)."""
INFORMATION_BOUNDS = ("counting-bound", "entropy-bound")
"""The classical lower bounds from information theory (:func:`counting_bound`,
:func:`entropy_bound`): the figures draw them as labelled reference curves."""
ASYMPTOTIC_FORMULAS = (
    "table1-classical",
    "table1-quantum",
    "table2-blackpeg",
    "table2-blackwhite",
    "table2-quantum",
)
"""Names of the asymptotic-rate rows (``kind="formula"``, ``source="asymptotic"``): the
rates of Li-Luo-Xu Tables 1 and 2 with every hidden constant set to 1."""

_LLX = "Li-Luo-Xu"
_ELOUALI = "El Ouali et al., Games 9(1):2 (2018)"
_BOUND_REFERENCES = {
    "elouali-upper": f"{_ELOUALI}, Section 2.1 (k = n) / Section 2.2 (k > n)",
    "elouali-lower": f"{_ELOUALI}, Section 3.1 (k = n) / Section 3.2 (k > n)",
    "adaptive-T": f"{_LLX}, Algorithm 4, Theorem 3 (one query per Grover iteration)",
    "counting-bound": "counting (information-theoretic) lower bound for adaptive "
    "black-peg play: (n + 1)^q >= k^n (Erdos and Renyi 1963; Chvatal 1983)",
    "entropy-bound": "entropy lower bound for non-adaptive black-peg play: each answer "
    "to a uniformly random secret is Binomial(n, 1/k), so |Q| H >= n log2 k "
    "(Erdos and Renyi 1963; Li-Luo-Xu, Table 1)",
    "table1-classical": f"{_LLX}, Table 1 (non-adaptive, classical; [Chv83], [DDST16], [BCS18])",
    "table1-quantum": f"{_LLX}, Table 1 (non-adaptive, quantum; Theorem 1, Fact 1)",
    "table2-quantum": f"{_LLX}, Table 2 (adaptive, quantum; Theorem 3, Fact 2)",
    "table2-blackpeg": f"{_LLX}, Table 2 (adaptive, black-peg; [Mar22], [MS20])",
    "table2-blackwhite": f"{_LLX}, Table 2 (adaptive, black-white; [Mar22], [MS20])",
}
_BOUND_FORMULAS = {
    "adaptive-T": "T = ceil(pi/(4 arcsin sqrt(1/k)) - 1/2)",
    "counting-bound": "ceil(n log2 k / log2(n + 1)) guesses, the final one included",
    "entropy-bound": "ceil(n log2 k / H(Binomial(n, 1/k))) queries before the final "
    "guess (H in bits)",
    "table1-classical": (
        "Theta(n log k / max(log(n/k), 1)) for k <= n, O(k log k) for k > n, "
        "with constants 1, log base 2"
    ),
    "table1-quantum": "Theta(k) with constant 1",
    "table2-quantum": "Theta(sqrt k) with constant 1",
    "table2-blackpeg": "Theta(n log k / log n + k) with constants 1, log base 2",
    "table2-blackwhite": "Theta(n log k / log n + k/n) with constants 1, log base 2",
}


def _reference(name: str) -> str | None:
    """The reference of a method (its codebreaker's) or of a bound row."""
    info = METHODS.get(name)
    return info.reference if info is not None else _BOUND_REFERENCES.get(name)


def _formula(name: str) -> str | None:
    """The formula of a method (its codebreaker's) or of a bound row."""
    info = METHODS.get(name)
    return info.formula if info is not None else _BOUND_FORMULAS.get(name)


def has_theory(method: str, num_colors: int) -> bool:
    """Whether quantum ``method``'s codebreaker states its exact oracle-call count (what
    :func:`theoretical_queries` reports)."""
    info = METHODS.get(method)
    return (
        info is not None and info.kind == "quantum" and query_count(info, 1, num_colors) is not None
    )


def theoretical_queries(method: str, num_positions: int, num_colors: int) -> int:
    """The exact oracle-call count a quantum method must use at ``(n, k)``.

    ``nonadaptive``: ``k - 1``; ``triples``: ``ceil(2(k-1)/3)``; ``two-color``: ``1``;
    ``adaptive``: ``2T`` with ``(T, phi) = exact_grover_parameters(k)`` (``B_s`` and
    ``B_s^dagger`` once per iteration); ``hunziker-meyer``: its ``T`` parity queries.
    None depends on ``n``.

    Raises:
        ValueError: for a method that is not quantum, or sizes it does not apply to.

    Example:
        >>> theoretical_queries("triples", 5, 8)
        5
    """
    info = METHODS.get(method)
    # the counted limits, not the simulator's: a count needs no run (a codebreaker that
    # states no circuit shape cannot be counted, so its count is checked as a run)
    counted = info is None or info.kind != "quantum" or _has_shape(info, num_positions, num_colors)
    reason = applicability(method, num_positions, num_colors, executed=not counted)
    if reason is not None:
        raise ValueError(reason)
    return _theory_count(method, num_colors)


def _has_shape(info: Any, num_positions: int, num_colors: int) -> bool:
    try:
        return info.shape(num_positions, num_colors) is not None
    except (ValueError, ArithmeticError):
        return True  # the size is refused: applicability says why


def _theory_count(method: str, k: int) -> int:
    """The count of :func:`theoretical_queries` (the method's table entry), no checks."""
    info = METHODS.get(method)
    count = None if info is None or info.kind != "quantum" else query_count(info, 0, k)
    if count is None:
        raise ValueError(f"method must be a quantum method, was {method!r}")
    return count


def _grover_iterations(num_colors: int) -> int:
    """``T = ceil(pi/(4 theta) - 1/2)``, ``theta = arcsin(1/sqrt k)``: the count of
    :func:`~mastermind_q.circuits.exact_grover_parameters` as a formula, so a bound row or
    a counted row at ``k`` beyond the quantum colour limit still has its value (no
    circuit is built for it)."""
    from ..circuits.grover import _grover_angle

    return math.ceil(math.pi / (4.0 * _grover_angle(num_colors)) - 0.5)


def _clean_number(value: float) -> int | float:
    """``value`` as an int when it is integral, else rounded to 6 decimals."""
    return int(value) if float(value).is_integer() else round(float(value), 6)


def counting_bound(num_positions: int, num_colors: int) -> int:
    """The counting lower bound of adaptive black-peg play: ``ceil(n log2 k / log2(n + 1))``.

    A codebreaker that wins within ``q`` guesses (the final, correct one included)
    tells the ``k^n`` secrets apart by at most ``(n + 1)^q`` answer sequences (each
    black-peg answer is one of ``0..n``), so ``q >= log_{n+1}(k^n)``. Computed exactly:
    the smallest ``q`` with ``(n + 1)^q >= k^n`` in integers (the floating-point
    quotient is only the first guess), in milliseconds at ``n = k = 16,384``.

    Raises:
        ValueError: ``n < 1`` or ``k < 2``.

    Example:
        >>> counting_bound(4, 6), counting_bound(16384, 16384)
        (5, 16384)
    """
    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    guess = max(1, math.ceil(n * math.log2(k) / math.log2(n + 1)))
    if n * math.log2(k) > 50_000_000:  # beyond every grid: the quotient stands
        return guess
    codes = k**n
    while guess > 1 and (n + 1) ** (guess - 1) >= codes:
        guess -= 1
    while (n + 1) ** guess < codes:
        guess += 1
    return guess


def answer_entropy(num_positions: int, num_colors: int) -> float:
    """``H(Binomial(n, 1/k))`` in bits: the entropy of one query's black-peg answer
    (:func:`mastermind_q.classical.static_schemes.answer_entropy`, sizes checked).

    Example:
        >>> answer_entropy(1, 2), round(answer_entropy(2, 2), 6)
        (1.0, 1.5)
    """
    from ..classical.static_schemes import answer_entropy as entropy

    return entropy(validate_positions(num_positions), validate_colors(num_colors))


def entropy_bound(num_positions: int, num_colors: int) -> int:
    """The entropy lower bound of non-adaptive black-peg play, rounded up.

    A query set ``Q`` fixed in advance must identify the secret from its answers. For
    a uniformly random secret the answers hold ``n log2 k`` bits, and each one at most
    ``H = H(Binomial(n, 1/k))`` (:func:`answer_entropy`), so ``|Q| >= n log2 k / H``;
    the bound on a count of queries is the ceiling of that quotient (a quotient
    within ``1e-9`` of an integer is taken as that integer: rounding a float error
    down keeps a lower bound). It counts the
    committed queries: the final guess of the identified secret comes on top (the
    row's ``queries_to_win`` adds it, as a static game counts it).

    Example:
        >>> entropy_bound(1, 2), entropy_bound(256, 256)
        (1, 1089)
    """
    from ..classical.static_schemes import entropy_bound as quotient_of

    quotient = quotient_of(validate_positions(num_positions), validate_colors(num_colors))
    nearest = round(quotient)
    if abs(quotient - nearest) <= 1e-9 * max(1.0, quotient):  # an exact integer quotient
        return max(1, int(nearest))
    return max(1, math.ceil(quotient))


def bound_value(name: str, num_positions: int, num_colors: int) -> int | float:
    """The value of bound or asymptotic-formula row ``name`` at ``(n, k)``.

    * ``elouali-upper``: ``(n-3)ceil(log2 n) + 5n/2 - 1`` (``k = n``),
      ``(n-2)ceil(log2 n) + k + 1`` (``k > n``);
    * ``elouali-lower``: ``n`` (``k = n``), ``k`` (``k > n``);
    * ``adaptive-T``: ``T = ceil(pi/(4 arcsin sqrt(1/k)) - 1/2)``;
    * ``counting-bound``: ``ceil(n log2 k / log2(n + 1))`` (:func:`counting_bound`);
    * ``entropy-bound``: ``ceil(n log2 k / H(Binomial(n, 1/k)))`` (:func:`entropy_bound`);
    * ``table1-classical``: ``n log2 k / max(1, log2(n/k))`` for ``k <= n``, ``k log2 k``
      (the best known upper bound) for ``k > n``;
    * ``table1-quantum``: ``k``; ``table2-quantum``: ``sqrt(k)``;
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
    if name == "counting-bound":
        return counting_bound(n, k)
    if name == "entropy-bound":
        return entropy_bound(n, k)
    if name == "table1-classical":
        if k <= n:
            return _clean_number(n * math.log2(k) / max(1.0, math.log2(n / k)))
        return _clean_number(k * math.log2(k))
    if name == "table1-quantum":
        return k
    if name == "table2-quantum":
        return _clean_number(math.sqrt(k))
    if name in ASYMPTOTIC_FORMULAS:
        leading = n * math.log2(k) / max(1.0, math.log2(n))
        return _clean_number(leading + (k if name == "table2-blackpeg" else k / n))
    valid = ", ".join((*BOUNDS, *ASYMPTOTIC_FORMULAS))
    raise ValueError(f"bound must be one of {valid}; was {name!r}")


def applicability(
    method: str,
    num_positions: int,
    num_colors: int,
    *,
    distinct: bool = False,
    executed: bool = True,
) -> str | None:
    """``None`` if ``method`` (a solve method or a bound) applies at ``(n, k)``, else why not.

    Rules: the colours a solve method plays (its
    :attr:`~mastermind_q.solving.MethodInfo.colors`: ``nonadaptive`` and ``triples``
    need ``k >= 3``, ``hunziker-meyer`` ``k > 4``, ``two-color`` ``k = 2``);
    ``permutation``, the El Ouali et al. bounds and every method played with
    ``distinct`` (the permutation game) need ``k >= n``;
    ``knuth``, ``random-consistent`` and ``optimal`` need ``k^n <=``
    :data:`ENUMERATION_LIMITS`; ``consistent`` needs ``n k <=`` :data:`CELL_LIMITS`;
    every method must fit this machine's limits (:func:`mastermind_q.solving.check_request`);
    a quantum row that is counted, not executed (``executed=False``), must fit the counted
    size limits (:func:`mastermind_q.limits.check_circuit_size`, to n = k = 16,384 by
    default) and :data:`COUNT_ONLY_MAX_WORK` instead of the simulator's.

    Raises:
        ValueError: unknown method name.
    """
    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    if method not in METHODS and method not in BOUNDS and method not in ASYMPTOTIC_FORMULAS:
        valid = ", ".join((*METHODS, *BOUNDS, *ASYMPTOTIC_FORMULAS))
        raise ValueError(f"method must be one of {valid}; was {method!r}")
    reason = colors_reason(METHODS[method], k) if method in METHODS else None
    if reason is not None:
        return reason
    own_game = METHODS[method].distinct if method in METHODS else False
    if method in ("elouali-upper", "elouali-lower") and k < n:
        return f"{method} needs colors >= positions ({n}), was {k}"
    if (distinct or own_game) and k < n:  # the permutation game (a codebreaker's own game)
        return f"{method} in the permutation game needs colors >= positions ({n}), was {k}"
    from ..limits import ResourceLimitError, check_code_space

    limit = ENUMERATION_LIMITS.get(method)
    try:
        if limit is not None:  # k^n compared by its logarithm, never printed in full
            check_code_space(method, n, k, limit, distinct=distinct)
        if method in METHODS and METHODS[method].kind == "quantum" and not executed:
            return _count_only_reason(method, n, k)
        if method in METHODS:
            from ..solving import check_request

            check_request(method, n, k, distinct=distinct)
    except ResourceLimitError as error:
        return str(error)
    cells = CELL_LIMITS.get(method)
    if cells is not None and n * k > cells:
        return f"{method} is run in compare up to n*k = {cells}; n*k = {n * k}"
    return None


def _elouali_formula(name: str, n: int, k: int) -> str:
    if name == "elouali-upper":
        return "(n-3)ceil(log2 n) + 5n/2 - 1" if k == n else "(n-2)ceil(log2 n) + k + 1"
    return "n (k = n)" if k == n else "k (k > n)"


def count_only_work(method: str, num_positions: int, num_colors: int) -> int:
    """Circuits x qubits (x wide gates per circuit) a counted quantum row builds.

    A counted row's circuits are made of stage gates (:mod:`mastermind_q.circuits.stages`):
    each costs a few instructions, but every instruction on all the qubits costs
    Qiskit time in the qubits, so the work is the circuits times their width, times the
    oracle queries per circuit for the Grover circuits. Computed from closed forms
    within :func:`mastermind_q.limits.check_circuit_size` (sizes and memory).

    Raises:
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` beyond the counted limits,
            or circuits too wide for memory.
    """
    from ..limits import check_circuit_size

    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    check_circuit_size(n, k)
    info = METHODS.get(method)
    shape = None if info is None or info.kind != "quantum" else info.shape(n, k)
    if shape is None:
        raise ValueError(
            f"method {method!r} states no circuit shape (circuits, qubits, queries) to count"
        )
    circuits, qubits, queries = shape
    return circuits * qubits * max(1, queries // circuits)


def _count_only_reason(method: str, n: int, k: int) -> str | None:
    """Why a counted, not executed, quantum row cannot be built at ``(n, k)`` (or ``None``)."""

    try:
        work = count_only_work(method, n, k)
    except ValueError as error:  # ResourceLimitError included
        return str(error)
    if work > COUNT_ONLY_MAX_WORK:
        return (
            f"{method} at n={n}, k={k} would build circuits of {work} qubit-queries to count, "
            f"more than the count-only limit {COUNT_ONLY_MAX_WORK}"
        )
    return None
