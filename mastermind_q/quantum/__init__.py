"""Quantum codebreakers: build circuits with :mod:`mastermind_q.circuits`, run, decode.

Each solver takes a :class:`~mastermind_q.codemaker.Codemaker` (never the secret),
asks it for the (opaque) oracle gate, builds its circuits around it, and hands them to
:meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>`, which counts every oracle
application and runs them (the gate only acts there); then it decodes the answer.

One module per codebreaker, and the parts they share:

* :mod:`~mastermind_q.quantum.nonadaptive` -- ``nonadaptive`` (Algorithm 1);
* :mod:`~mastermind_q.quantum.triples` -- ``triples`` (pair queries along colour paths);
* :mod:`~mastermind_q.quantum.pairs` -- what the pair-plan codebreakers share;
* :mod:`~mastermind_q.quantum.two_color` -- ``two-color`` (Algorithm 3, k = 2);
* :mod:`~mastermind_q.quantum.adaptive` -- ``adaptive`` (Algorithm 4, Grover);
* :mod:`~mastermind_q.quantum.hunziker_meyer` -- ``hunziker-meyer`` (Appendix A,
  Algorithm 5, the parity oracle, k > 4);
* :mod:`~mastermind_q.quantum.plans` -- decoding a plan of pair queries;
* :mod:`~mastermind_q.quantum.decoding` -- counts to secret and per-position weights;
* :mod:`~mastermind_q.quantum.estimates` -- sizes from cost formulas, checked first;
* :mod:`~mastermind_q.quantum.running` -- the oracle construction, run and decode;
* :mod:`~mastermind_q.quantum.outcome` -- :class:`QuantumOutcome`, what a solver returns.

Each codebreaker is one object, a :class:`~mastermind_q.Codebreaker` defined in its
module (``NONADAPTIVE``, ``TRIPLES``, ``TWO_COLOR``, ``ADAPTIVE``, ``HUNZIKER_MEYER``):
its plan, count, circuits, estimate, read-out and construction preference; the
``solve_*`` functions ``(codemaker, *, backend, shots, seed, execution)`` call it. A new
built-in is a new module with its object, named in
:data:`mastermind_q.codebreaker.METHODS`'s table; a user's joins through an entry point
(:doc:`/guide/own_codebreaker`). Imports run one way: solvers -> running -> decoding ->
plans; nothing here imports :mod:`mastermind_q.solving`.
"""

from __future__ import annotations

from .adaptive import solve_adaptive
from .decoding import decode_counts, position_weights
from .estimates import ESTIMATED_NAMES, RunEstimate, check_run, estimate_run
from .hunziker_meyer import solve_hunziker_meyer
from .nonadaptive import nonadaptive_plan, solve_nonadaptive
from .outcome import QuantumOutcome
from .plans import decode_pair_answers, method_plan
from .running import AUTO_SEEDS, choose_oracle_construction
from .triples import solve_triples, triple_plan, triple_query_count
from .two_color import solve_two_color

__all__ = [
    "AUTO_SEEDS",
    "ESTIMATED_NAMES",
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
