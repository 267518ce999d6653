"""Quantum versus classical query counts over a grid of ``(n, k)``: rows, tables, figures.

For every cell ``(n, k)`` of a grid, :func:`compare` produces one :class:`CompareRow` per
method and game. Every row names its game (:mod:`mastermind_q.compare.games`):
``setting`` (``"non-adaptive"`` or ``"adaptive"``, Li-Luo-Xu Tables 1 and 2),
``feedback`` (``"black"`` or ``"black-white"``) and ``distinct`` (the permutation game).

* **quantum** rows (``kind="quantum"``, ``source="measured"``; black pegs, colours may
  repeat): the quantum codebreakers run through :func:`mastermind_q.solve` on a
  simulator, so ``queries`` is what the :class:`~mastermind_q.codemaker.Codemaker`
  counted (``B_s`` and ``B_s^dagger`` each count one). Theory: ``nonadaptive``
  ``k - 1`` (Theorem 1), ``triples`` ``ceil(2(k-1)/3)``, ``two-color`` ``1`` (``k = 2``,
  Theorem 2) -- non-adaptive; ``adaptive`` ``2T`` with ``T = ceil(pi / (4 arcsin
  sqrt(1/k)) - 1/2)`` Grover iterations (Theorem 3) -- adaptive. Every quantum row
  carries that ``theory`` value next to the measured one;
* **classical** rows (``kind="classical"``, ``source="measured"``): each classical
  codebreaker plays ``samples`` seeded random secrets of its game; ``queries`` is the
  worst case and ``mean_queries`` the mean (answered guesses, final correct guess
  included). ``permutation`` plays the permutation game, ``knuth`` gets black-white
  answers, ``blackpeg``, ``random-consistent`` and ``consistent`` black pegs with
  repetition; ``optimal`` plays black and black-white (:data:`DEFAULT_GAMES`; any game
  with ``games=``, every game with ``methods="all"``);
* **best-classical** rows (``kind="classical"``, ``source="best"``): per ``(n, k,
  setting, feedback, distinct)`` the fewest worst-case and mean queries over the
  classical rows of that game, right after the cell's classical rows. A quantum row is
  set against the one of its own game; rows of other games are context;
* **bound** rows (``kind="bound"``, ``source="theorem"``): ``elouali-upper``
  ``(n-3)ceil(log2 n) + 5n/2 - 1`` for ``k = n`` and ``(n-2)ceil(log2 n) + k + 1`` for
  ``k > n``; ``elouali-lower`` ``n`` for ``k = n`` and ``k`` for ``k > n`` (El Ouali et
  al. 2018, the permutation game); ``adaptive-T``: the paper's own count ``T`` for
  Algorithm 4 (one query per Grover iteration); the classical information bounds of
  black pegs with repetition, ``counting-bound`` ``ceil(n log2 k / log2(n + 1))``
  (adaptive: guesses to win, the final one included) and ``entropy-bound`` ``ceil(n
  log2 k / H(Binomial(n, 1/k)))`` (non-adaptive: queries committed before the final
  guess, which ``queries_to_win`` adds), drawn in the figures as reference curves;
* **formula** rows (``kind="formula"``, ``source="asymptotic"``): the rates of Li-Luo-Xu
  Tables 1 and 2 with every hidden constant set to 1 and logarithms to base 2:
  ``table1-classical`` ``n log2 k / max(1, log2(n/k))`` (``k <= n``), ``k log2 k``
  (``k > n``); ``table1-quantum`` ``k``; ``table2-blackpeg`` ``n log2 k / log2 n + k``;
  ``table2-blackwhite`` ``n log2 k / log2 n + k/n``; ``table2-quantum`` ``sqrt k``.
  They show growth rates, not query counts.

At scale: ``colors="n"`` (``--colors n``) sweeps the diagonal ``k = n``. Quantum rows
run on the simulator while ``n, k <= 16`` (``simulate_up_to``); beyond, the
codebreaker still builds its circuits for the real ``n`` and ``k`` and a
:class:`~mastermind_q.codemaker.CountingCodemaker` counts their oracle applications
without running them: the row says ``executed=False`` (every quantum row carries
``executed``), its count equals the theory, and the same code path runs exactly at
smaller sizes. Rows of ``consistent``, ``optimal`` and ``knuth`` get ``row_budget``
seconds each (:mod:`~mastermind_q.compare.costs`); one over it is skipped with the
reason. The progress bar weighs each row by its estimated cost.

Cost: a quantum row runs ``quantum_samples`` solves of the method's circuits (see
:mod:`mastermind_q.quantum`); a classical row runs ``samples`` games (default 10);
bound and formula rows are closed forms. Nothing here prints unless asked:
``compare(..., progress=True)`` shows the command line's progress bar
(:class:`SweepProgress`).

References:
    [1] L. Li, J. Luo, Y. Xu, "Winning Mastermind Overwhelmingly on Quantum Computers":
        Algorithm 1 / Theorem 1, Algorithm 3 / Theorem 2, Algorithm 4 / Theorem 3,
        Tables 1 and 2, Section 5 (triples), Appendix A (Hunziker-Meyer).
    [2] M. El Ouali, C. Glazik, V. Sauerland, A. Srivastav, "On the Query Complexity of
        Black-Peg AB-Mastermind", Games 9(1):2, 2018: Section 2.1 (k = n upper bound),
        Section 2.2 (k > n upper bound), Section 3 (lower bounds n and k).

Example:
    >>> rows = compare([4], [4], methods=["permutation"], samples=3, seed=1).rows
    >>> [(row.method, row.distinct) for row in rows][:3]
    [('permutation', True), ('best-classical', True), ('entropy-bound', False)]
"""

from __future__ import annotations

from .games import (
    DEFAULT_GAMES,
    GAMES,
    QUANTUM_GAME,
    SETTINGS,
    game_name,
    is_context,
    method_games,
    method_setting,
)
from .grid import parse_int_list
from .output import CSV_FIELDS, format_pivot, format_table, write_csv_header, write_csv_row
from .plotting import PLOT_STYLES, plot_comparison, plot_fingerprint, plot_settings
from .progress import SweepProgress
from .rows import (
    ALL_METHODS,
    DIAGONAL,
    KINDS,
    CompareRow,
    CompareTask,
    Comparison,
    ComparisonPlan,
    plan_comparison,
)
from .running import (
    BEST_CLASSICAL,
    ComparisonInterrupted,
    best_classical_rows,
    check_comparison,
    compare,
    run_comparison,
    task_costs,
    validate_backend,
)
from .tasks import DEFAULT_BACKEND, DEFAULT_SAMPLES, random_secrets, run_task
from .theory import (
    ASYMPTOTIC_FORMULAS,
    BOUNDS,
    ENUMERATION_LIMITS,
    INFORMATION_BOUNDS,
    answer_entropy,
    applicability,
    bound_value,
    counting_bound,
    entropy_bound,
    theoretical_queries,
)

__all__ = [
    "ALL_METHODS",
    "ASYMPTOTIC_FORMULAS",
    "BEST_CLASSICAL",
    "BOUNDS",
    "CSV_FIELDS",
    "DEFAULT_BACKEND",
    "DEFAULT_GAMES",
    "DEFAULT_SAMPLES",
    "DIAGONAL",
    "ENUMERATION_LIMITS",
    "GAMES",
    "INFORMATION_BOUNDS",
    "KINDS",
    "PLOT_STYLES",
    "QUANTUM_GAME",
    "SETTINGS",
    "CompareRow",
    "CompareTask",
    "Comparison",
    "ComparisonInterrupted",
    "ComparisonPlan",
    "SweepProgress",
    "answer_entropy",
    "applicability",
    "best_classical_rows",
    "bound_value",
    "check_comparison",
    "compare",
    "counting_bound",
    "entropy_bound",
    "format_pivot",
    "format_table",
    "game_name",
    "is_context",
    "method_games",
    "method_setting",
    "parse_int_list",
    "plan_comparison",
    "plot_comparison",
    "plot_fingerprint",
    "plot_settings",
    "random_secrets",
    "run_comparison",
    "run_task",
    "task_costs",
    "theoretical_queries",
    "validate_backend",
    "write_csv_header",
    "write_csv_row",
]
