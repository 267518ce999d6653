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

from .grid import parse_int_list
from .output import CSV_FIELDS, format_table, write_csv_header, write_csv_row
from .plotting import plot_comparison
from .rows import CompareRow, CompareTask, Comparison, ComparisonPlan, plan_comparison
from .running import (
    BEST_CLASSICAL,
    best_classical_rows,
    check_comparison,
    compare,
    run_comparison,
    validate_backend,
)
from .tasks import DEFAULT_BACKEND, DEFAULT_SAMPLES, random_secrets, run_task
from .theory import (
    ASYMPTOTIC_FORMULAS,
    BOUNDS,
    ENUMERATION_LIMITS,
    applicability,
    bound_value,
    theoretical_queries,
)

__all__ = [
    "ASYMPTOTIC_FORMULAS",
    "BEST_CLASSICAL",
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
    "best_classical_rows",
    "bound_value",
    "check_comparison",
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
