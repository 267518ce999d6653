"""Quantum codebreakers: build circuits with :mod:`mastermind_q.circuits`, run, decode.

Each solver takes a :class:`~mastermind_q.codemaker.Codemaker` (never the secret),
asks it for the (opaque) oracle gate, builds its circuits around it, and hands them to
:meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>`, which counts every oracle
application and runs them (the gate only acts there); then it decodes the answer.

One module per codebreaker, and the parts they share:

* :mod:`~mastermind_q.quantum.pairs` -- ``nonadaptive`` (Algorithm 1) and ``triples``;
* :mod:`~mastermind_q.quantum.two_color` -- ``two-color`` (Algorithm 3, k = 2);
* :mod:`~mastermind_q.quantum.adaptive` -- ``adaptive`` (Algorithm 4, Grover);
* :mod:`~mastermind_q.quantum.hunziker_meyer` -- ``hunziker-meyer`` (Appendix A,
  Algorithm 5, the parity oracle, k > 4);
* :mod:`~mastermind_q.quantum.plans` -- the pair-query plans and their decoding;
* :mod:`~mastermind_q.quantum.decoding` -- counts to secret and per-position weights;
* :mod:`~mastermind_q.quantum.estimates` -- sizes from cost formulas, checked first;
* :mod:`~mastermind_q.quantum.running` -- the oracle construction, run and decode;
* :mod:`~mastermind_q.quantum.outcome` -- :class:`QuantumOutcome`, what a solver returns.

A new codebreaker is a new module here with a ``solve_*`` function
``(codemaker, *, backend, shots, seed, execution) -> QuantumOutcome`` (written as
``run(codemaker, n, k, execution)`` under the ``quantum_solver`` decorator of
``_solver.py``, which gives every codebreaker that form), re-exported below and
registered in :data:`mastermind_q.solving.METHODS`. Imports run one way:
solvers -> running -> decoding -> plans; nothing here imports :mod:`mastermind_q.solving`.
"""

from __future__ import annotations

from .adaptive import solve_adaptive
from .decoding import decode_counts, position_weights
from .estimates import ESTIMATED_NAMES, RunEstimate, check_run, estimate_run
from .hunziker_meyer import solve_hunziker_meyer
from .outcome import QuantumOutcome
from .pairs import solve_nonadaptive, solve_triples
from .plans import (
    PAIR_METHODS,
    decode_pair_answers,
    method_plan,
    nonadaptive_plan,
    triple_plan,
    triple_query_count,
)
from .running import AUTO_SEEDS, choose_oracle_construction
from .two_color import solve_two_color

__all__ = [
    "AUTO_SEEDS",
    "ESTIMATED_NAMES",
    "PAIR_METHODS",
    "QuantumOutcome",
    "RunEstimate",
    "check_run",
    "choose_oracle_construction",
    "decode_counts",
    "decode_pair_answers",
    "estimate_run",
    "method_plan",
    "nonadaptive_plan",
    "position_weights",
    "solve_adaptive",
    "solve_hunziker_meyer",
    "solve_nonadaptive",
    "solve_triples",
    "solve_two_color",
    "triple_plan",
    "triple_query_count",
]
