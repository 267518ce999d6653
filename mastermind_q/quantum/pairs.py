"""The non-adaptive codebreakers: Li-Luo-Xu Algorithm 1 and the triples plan (k >= 3).

Each runs one FindTwoColorPosition circuit per pair of its plan
(:mod:`mastermind_q.quantum.plans`) and decodes the answers with
:func:`~mastermind_q.quantum.plans.decode_pair_answers`.

Success probability convention (nonadaptive, triples, two-color): each circuit's
answer is its most likely (exact) or most frequent (sampled) bitstring; its
probability or observed fraction is listed in ``circuit_success_probabilities``, and
``success_probability`` is their PRODUCT -- the probability that every circuit
returns its answer, i.e. that the whole run returns the decoded secret (the circuits
are independent runs). On ``aer-statevector`` the values are exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._solver import quantum_solver
from .outcome import QuantumOutcome
from .plans import method_plan
from .running import _oracle_for, _run_and_decode

if TYPE_CHECKING:
    from ..backends import Execution
    from ..codemaker import Codemaker

__all__ = ["solve_nonadaptive", "solve_triples"]


def _solve_pairs(
    method: str, codemaker: Codemaker, n: int, k: int, execution: Execution
) -> QuantumOutcome:
    from ..circuits.find_two_color import find_two_color_circuit
    from ..circuits.layout import score_qubits

    plan = method_plan(method, k)
    oracle = _oracle_for(codemaker, execution)
    # a generator: a counting codemaker counts each circuit as it is built and keeps none
    circuits = (
        find_two_color_circuit(oracle, c1, c2, num_positions=n, colors=k) for c1, c2 in plan
    )
    return _run_and_decode(
        method,
        codemaker,
        circuits,
        execution,
        pairs=[list(pair) for pair in plan],
        score_qubits=score_qubits(n),
    )


@quantum_solver
def solve_nonadaptive(codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
    """Li-Luo-Xu Algorithm 1: ``k - 1`` FindTwoColorPosition queries decode ``s`` exactly.

    Runs :func:`~mastermind_q.circuits.find_two_color_circuit` for the pairs
    :func:`nonadaptive_plan` ``= (0, c), c = 1..k-1`` (one oracle query each), then
    ``s^(0) = s^(0,1) AND s^(0,2)``, ``s^(c) = s^(0,c) XOR s^(0)``
    (:func:`decode_pair_answers`).

    Cost: ``k - 1`` oracle queries; ``k - 1`` circuits of ``n*q + m + a`` qubits.

    Args:
        codemaker: the codemaker (its oracle gate is the only access to the secret).
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots per circuit on sampling backends.
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.quantum.QuantumOutcome`; ``success_probability`` is
        the product of the per-circuit probabilities (see the module docstring).

    Raises:
        ValueError: ``k = 2`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 1 and Theorem 1.
    """
    return _solve_pairs("nonadaptive", codemaker, n, k, execution)


@quantum_solver
def solve_triples(codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
    """Pair queries along colour paths: ``ceil(2(k-1)/3)`` queries decode ``s`` exactly.

    The plan is :func:`triple_plan` (optimal among plans of pair queries; the paper's
    Section 5 remark gives ``ceil(2k/3)``); each pair is one FindTwoColorPosition
    circuit, decoded by :func:`decode_pair_answers`.

    Cost: ``ceil(2(k-1)/3)`` oracle queries and circuits.

    Args:
        codemaker: the codemaker.
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots per circuit on sampling backends.
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.quantum.QuantumOutcome` (product convention).

    Raises:
        ValueError: ``k = 2`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 5 (closing remark), improved by one isolated colour.
    """
    return _solve_pairs("triples", codemaker, n, k, execution)
