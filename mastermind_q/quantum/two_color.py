"""The two-colour codebreaker: Li-Luo-Xu Algorithm 3 (k = 2), one query.

Its success probability follows the convention of :mod:`mastermind_q.quantum.pairs`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._solver import quantum_solver
from .outcome import QuantumOutcome
from .running import _oracle_for, _run_and_decode

if TYPE_CHECKING:
    from ..backends import Execution
    from ..codemaker import Codemaker

__all__ = ["solve_two_color"]


@quantum_solver
def solve_two_color(codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
    """Li-Luo-Xu Algorithm 3 (k = 2): one query, ``QFT_4`` and ``U``, ``s`` with certainty.

    Builds :func:`~mastermind_q.circuits.two_color_circuit` around the codemaker's
    oracle (built with ``score_qubits=2`` when ``n = 1``: ``QFT_4`` needs two score
    qubits), has the codemaker count and run it, and reads ``s`` from the measured
    positions.

    Cost: one oracle query; one circuit of ``n + max(2, m) + a`` qubits.

    Args:
        codemaker: the codemaker (``k = 2``).
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots on sampling backends.
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.quantum.QuantumOutcome`.

    Raises:
        ValueError: ``k >= 3`` (use ``nonadaptive`` or ``triples``).

    Reference: Li, Luo, Xu, Section 3.2, Algorithm 3 and Theorem 2.
    """
    from ..circuits.layout import score_qubits
    from ..circuits.two_colors import two_color_circuit, two_color_score_qubits

    if k != 2:
        raise ValueError(
            f"method 'two-color' needs colors k = 2, was k={k}; "
            "use method='nonadaptive' or method='triples' for k >= 3"
        )
    m = two_color_score_qubits(n)
    oracle = _oracle_for(codemaker, execution, score_qubits=None if m == score_qubits(n) else m)
    circuit = two_color_circuit(oracle, num_positions=n, score_qubits=m)
    return _run_and_decode("two-color", codemaker, [circuit], execution, score_qubits=m)
