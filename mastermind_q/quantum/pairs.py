"""What the non-adaptive pair codebreakers share: :class:`PairCodebreaker` (k >= 3).

Each runs one FindTwoColorPosition circuit per pair of its plan
(:mod:`mastermind_q.quantum.plans`) and decodes the answers with
:func:`~mastermind_q.quantum.plans.decode_pair_answers`:
:mod:`~mastermind_q.quantum.nonadaptive` (Algorithm 1) and
:mod:`~mastermind_q.quantum.triples` are its two plans.

Success probability convention (nonadaptive, triples, two-color): each circuit's
answer is its most likely (exact) or most frequent (sampled) bitstring; its
probability or observed fraction is listed in ``circuit_success_probabilities``, and
``success_probability`` is their PRODUCT -- the probability that every circuit
returns its answer, i.e. that the whole run returns the decoded secret (the circuits
are independent runs). On ``aer-statevector`` the values are exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ..codebreaker import CostModel
from ._solver import QuantumCodebreaker
from .outcome import QuantumOutcome
from .running import _oracle_for, _run_and_decode

if TYPE_CHECKING:
    from qiskit import QuantumCircuit
    from qiskit.circuit import Gate

    from ..backends import Execution
    from ..codemaker import Codemaker
    from .estimates import RunEstimate

__all__ = ["PairCodebreaker"]


class PairCodebreaker(QuantumCodebreaker):
    """A plan of FindTwoColorPosition pair queries, fixed before any answer: one circuit
    and one oracle query per pair, decoded along the plan (:meth:`plan`)."""

    setting: ClassVar[str] = "non-adaptive"
    colors: ClassVar[tuple[int, int | None]] = (3, None)
    cost: ClassVar[CostModel] = CostModel(build_rate=6e-7)

    def plan(self, colors: int) -> list[tuple[int, int]]:
        """The pair queries ``(c1, c2)`` for ``k`` colours (validated: the library's
        callers hand it the game's ``k``), in query order."""
        raise NotImplementedError

    def readout_plan(self, colors: int) -> Sequence[tuple[int, ...]]:
        return self.plan(colors)

    def queries(self, num_positions: int, num_colors: int) -> int:
        return len(self.plan(num_colors))

    def circuits(self, oracle: Gate, num_positions: int, num_colors: int) -> list[QuantumCircuit]:
        from ..circuits.find_two_color import _find_two_color_circuit
        from ..circuits.layout import _score_qubits

        m = _score_qubits(num_positions)
        return [
            _find_two_color_circuit(
                oracle, c1, c2, num_positions=num_positions, colors=num_colors, score_qubits=m
            )
            for c1, c2 in self.plan(num_colors)
        ]

    def estimate(self, num_positions: int, num_colors: int) -> RunEstimate:
        from .estimates import query_estimate

        count = self.queries(num_positions, num_colors) if num_colors >= 3 else 1
        return query_estimate(num_positions, num_colors, circuits=count, queries=count)

    def shape(self, num_positions: int, num_colors: int) -> tuple[int, int, int]:
        from ..circuits.layout import color_qubits, score_qubits
        from ..circuits.oracle import black_peg_oracle_cost

        n, k = num_positions, num_colors
        queries = self.queries(n, k)
        qubits = max(n * color_qubits(k) + score_qubits(n), black_peg_oracle_cost(n, k).qubits)
        return queries, qubits, queries

    def run(self, codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
        from ..circuits.find_two_color import _find_two_color_circuit
        from ..circuits.layout import _score_qubits

        plan = self.plan(k)
        oracle = _oracle_for(codemaker, execution)
        m = _score_qubits(n)
        # a generator: a counting codemaker counts each circuit as it is built and keeps none
        circuits = (
            _find_two_color_circuit(oracle, c1, c2, num_positions=n, colors=k, score_qubits=m)
            for c1, c2 in plan
        )
        return _run_and_decode(
            self,
            codemaker,
            circuits,
            execution,
            pairs=[list(pair) for pair in plan],
            score_qubits=m,
        )
