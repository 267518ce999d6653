"""The ``triples`` codebreaker: pair queries along colour paths, ``ceil(2(k-1)/3)``.

A plan of pair queries (:class:`~mastermind_q.quantum.pairs.PairCodebreaker`):
:func:`~mastermind_q.quantum.plans.triple_plan`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ._solver import quantum_solver
from .outcome import QuantumOutcome
from .pairs import PairCodebreaker

if TYPE_CHECKING:
    from ..backends import Execution
    from ..codemaker import Codemaker

__all__ = ["TRIPLES", "Triples", "solve_triples"]


class Triples(PairCodebreaker):
    """Pair queries along colour paths: ``ceil(2(k-1)/3)`` queries decode ``s``."""

    name: ClassVar[str] = "triples"
    summary: ClassVar[str] = "pair queries along colour paths: ceil(2(k-1)/3) queries (k >= 3)"
    formula: ClassVar[str | None] = "ceil(2(k-1)/3)"
    reference: ClassVar[str | None] = "Li-Luo-Xu, Section 5 (colour triples), improved"

    def plan(self, colors: int) -> list[tuple[int, int]]:
        from .plans import _triple_plan

        return _triple_plan(colors)

    def queries(self, num_positions: int, num_colors: int) -> int:
        from .counts import triples_queries

        return triples_queries(num_colors)


TRIPLES = Triples()
"""The ``triples`` codebreaker."""


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
    return TRIPLES.run(codemaker, n, k, execution)
