"""What a comparison row costs: an estimate in seconds, and the budget of the expensive rows.

:func:`estimate_seconds` prices one row from closed forms (nothing is built), so that
the progress bar can weigh its rows by cost instead of counting them, and so that a row
of an expensive codebreaker (:data:`BUDGETED_METHODS`) that would run past its budget
is skipped, with the reason, before it starts (:func:`check_row_budget`). The estimate
is a cost model of ``(method, n, k, samples)``, never a clock: the same request keeps or
skips the same rows on any machine and load, and a row once started runs to its end
(its codebreaker's own limits are in units of work, such as ``consistent``'s
``effort``).

The constants are CPU seconds measured on this project's 2-core test machine (e.g.
``nonadaptive`` counted at ``n = k = 1024``: about 5 s for its 1,023 circuits of 10,250
qubits, ``adaptive`` 0.1 s; ``static`` about 3 s per game at ``n = k = 1024`` and
``coin-weighing`` 27 s per game at ``n = k = 16,384``); the estimates are within a
factor of a few, which is what a progress bar and a budget need. On a loaded machine the
wall-clock time is longer by the load.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator

from .rows import CompareTask

__all__ = [
    "BUDGETED_METHODS",
    "DEFAULT_ROW_BUDGET",
    "check_row_budget",
    "estimate_seconds",
    "validate_row_budget",
]


class _Budgeted(Collection[str]):
    """The codebreakers whose rows are held to the row budget
    (:attr:`CostModel.budgeted <mastermind_q.codebreaker.CostModel>`), read when asked."""

    def __contains__(self, name: object) -> bool:
        from ..solving import METHODS

        info = METHODS.get(name) if isinstance(name, str) else None
        return info is not None and info.cost.budgeted

    def __iter__(self) -> Iterator[str]:
        from ..solving import METHODS

        return (name for name, info in METHODS.items() if info.cost.budgeted)

    def __len__(self) -> int:
        return sum(1 for _name in self)

    def __repr__(self) -> str:
        return repr(tuple(self))


BUDGETED_METHODS: Collection[str] = _Budgeted()
"""Classical codebreakers whose games cost seconds each (a constraint solver or an
exhaustive search per guess): each of their rows gets :data:`DEFAULT_ROW_BUDGET`."""
DEFAULT_ROW_BUDGET = 120.0
"""Seconds a row of a :data:`BUDGETED_METHODS` codebreaker may take (``row_budget=``,
``--row-budget``)."""

_ROW_OVERHEAD = 0.002
_PAIR_BUILD = 6e-7  # seconds per qubit of a FindTwoColorPosition circuit built and counted
_GROVER_BUILD = 2e-7  # seconds per qubit and query of the adaptive (Grover) circuit
# (each quantum codebreaker's own rate: its cost model's build_rate)
_SIMULATED_GATE = 2e-5  # seconds per two-qubit gate simulated on Aer


def validate_row_budget(budget: object) -> float:
    """``budget`` as seconds, a positive finite number (``None``: the default).

    Raises:
        TypeError: not a number.
        ValueError: not positive and finite.
    """
    if budget is None:
        return DEFAULT_ROW_BUDGET
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise TypeError(f"row_budget must be a number of seconds, was {budget!r}")
    if not math.isfinite(budget) or budget <= 0:
        raise ValueError(f"row_budget must be a positive number of seconds, was {budget!r}")
    return float(budget)


def _game_seconds(method: str, n: int, k: int) -> float:
    """Seconds of one classical game of ``method`` at ``(n, k)``: its codebreaker's cost
    model (:meth:`CostModel.game_seconds <mastermind_q.codebreaker.CostModel.game_seconds>`),
    else a rough one from its
    worst-case guesses."""
    from ..solving import _classical_guesses, method_info

    seconds = method_info(method).cost.game_seconds(n, k)
    if seconds is not None:
        return float(seconds)
    try:
        guesses = _classical_guesses(method, n, k)
    except (ValueError, ArithmeticError):
        guesses = n + k
    return 1e-4 + guesses * (3e-5 + 3e-8 * n)


def estimate_seconds(task: CompareTask, *, samples: int = 10, quantum_samples: int = 1) -> float:
    """Estimated seconds of one row (its games, circuits or closed form).

    Quantum rows run on the simulator: about ``2e-5`` s per two-qubit gate of
    :func:`~mastermind_q.quantum.estimate_run` per secret; counted, not executed:
    the circuits built and counted once (:func:`~.theory.count_only_work`); classical
    rows: ``samples`` games of the codebreaker's model; bounds and formulas: nothing.
    """
    n, k = task.n, task.k
    if task.kind not in ("quantum", "classical"):
        return _ROW_OVERHEAD
    try:
        if task.kind == "quantum":
            from .theory import count_only_work

            work = count_only_work(task.method, n, k)
            if task.executed is False:
                from ..solving import method_info

                rate = method_info(task.method).cost.build_rate
                return _ROW_OVERHEAD + (_GROVER_BUILD if rate is None else rate) * work
            from ..quantum.estimates import estimate_run

            gates = estimate_run(task.method, n, k).two_qubit_gates
            return 0.3 + quantum_samples * (_SIMULATED_GATE * gates + _PAIR_BUILD * work)
        return _ROW_OVERHEAD + samples * _game_seconds(task.method, n, k)
    except (ValueError, ArithmeticError):
        return 1.0


def check_row_budget(task: CompareTask, *, samples: int, budget: float) -> None:
    """Refuse, before it starts, a row of a :data:`BUDGETED_METHODS` codebreaker whose
    estimate (:func:`estimate_seconds`, a cost model) exceeds ``budget``.

    Raises:
        ValueError: naming the row, the estimate and the budget (the row is skipped).
    """
    if task.method not in BUDGETED_METHODS:
        return
    estimate = estimate_seconds(task, samples=samples)
    if estimate > budget:
        raise ValueError(
            f"{task.method} at n={task.n}, k={task.k}: about {estimate:.0f} s for "
            f"{samples} games by its cost model, over the row budget of {budget:g} s "
            "(row_budget, --row-budget)"
        )
