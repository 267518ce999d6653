"""The two-colour codebreaker: Li-Luo-Xu Algorithm 3 (k = 2), one query.

Its success probability follows the convention of :mod:`mastermind_q.quantum.pairs`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ..codebreaker import CostModel
from ._solver import QuantumCodebreaker, quantum_solver
from .outcome import QuantumOutcome
from .running import _oracle_for, _run_and_decode

if TYPE_CHECKING:
    from qiskit import QuantumCircuit
    from qiskit.circuit import Gate

    from ..backends import Execution
    from ..codemaker import Codemaker
    from .estimates import RunEstimate

__all__ = ["TWO_COLOR", "TwoColor", "solve_two_color"]


class TwoColor(QuantumCodebreaker):
    """Li-Luo-Xu Algorithm 3 (``k = 2``): one query, ``QFT_4`` on the score register and
    ``U``; the measured positions are the secret."""

    name: ClassVar[str] = "two-color"
    summary: ClassVar[str] = "Li-Luo-Xu Algorithm 3: one query with QFT_4 (k = 2)"
    setting: ClassVar[str] = "non-adaptive"
    colors: ClassVar[tuple[int, int | None]] = (2, 2)
    formula: ClassVar[str | None] = "1"
    reference: ClassVar[str | None] = "Li-Luo-Xu, Algorithm 3, Theorem 2"
    cost: ClassVar[CostModel] = CostModel(build_rate=2e-7)

    def readout_plan(self, colors: int) -> Sequence[tuple[int, ...]]:
        return [(1,)]  # each measured position is its colour: colour 1 answers 1

    def queries(self, num_positions: int, num_colors: int) -> int:
        from .counts import two_color_queries

        return two_color_queries(num_colors)

    def score_qubits(self, num_positions: int) -> int | None:
        from ..circuits.layout import _score_qubits
        from ..circuits.two_colors import _two_color_score_qubits

        m = _two_color_score_qubits(num_positions)
        return None if m == _score_qubits(num_positions) else m

    def known_oracle(self, secret: Sequence[int], colors: int, construction: str | None) -> Gate:
        from ..circuits.oracle import DEFAULT_CONSTRUCTION, BlackPegOracleGate
        from ..circuits.two_colors import two_color_score_qubits

        m = two_color_score_qubits(len(secret))
        return BlackPegOracleGate.for_construction(
            secret, colors, construction or DEFAULT_CONSTRUCTION, score_qubits=m
        )

    def circuits(self, oracle: Gate, num_positions: int, num_colors: int) -> list[QuantumCircuit]:
        from ..circuits.two_colors import _two_color_score_qubits, two_color_circuit

        self._check_colors(num_colors)
        m = _two_color_score_qubits(num_positions)
        return [two_color_circuit(oracle, num_positions=num_positions, score_qubits=m)]

    def estimate(self, num_positions: int, num_colors: int) -> RunEstimate:
        from ..circuits.two_colors import _two_color_score_qubits
        from .estimates import query_estimate

        m = _two_color_score_qubits(num_positions)
        return query_estimate(num_positions, 2, circuits=1, queries=1, score_qubits=m)

    def shape(self, num_positions: int, num_colors: int) -> tuple[int, int, int]:
        from ..circuits.oracle import black_peg_oracle_cost
        from ..circuits.two_colors import two_color_score_qubits

        m = two_color_score_qubits(num_positions)
        return 1, black_peg_oracle_cost(num_positions, 2, score_qubits=m).qubits, 1

    @staticmethod
    def _check_colors(k: int) -> None:
        if k != 2:
            raise ValueError(
                f"method 'two-color' needs colors k = 2, was k={k}; "
                "use method='nonadaptive' or method='triples' for k >= 3"
            )

    def run(self, codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
        from ..circuits.two_colors import _two_color_score_qubits

        self._check_colors(k)
        m = _two_color_score_qubits(n)
        oracle = _oracle_for(codemaker, execution, score_qubits=self.score_qubits(n))
        return _run_and_decode(
            self, codemaker, self.circuits(oracle, n, k), execution, score_qubits=m
        )


TWO_COLOR = TwoColor()
"""The ``two-color`` codebreaker."""


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
    return TWO_COLOR.run(codemaker, n, k, execution)
