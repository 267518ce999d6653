"""What a quantum codebreaker returns to the referee (:func:`mastermind_q.solve`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Code

__all__ = ["QuantumOutcome"]


@dataclass(frozen=True)
class QuantumOutcome:
    """What a quantum codebreaker returns to the referee.

    Attributes:
        found: the decoded secret.
        success_probability: exact (statevector) or observed (sampling) probability of
            the returned answer; for several circuits, the product of the per-circuit
            values (the probability that every circuit answers right).
        iterations: Grover iterations ``T`` (adaptive method only).
        circuit_success_probabilities: one value per circuit run.
        position_weights: per position, a weight for every colour (summing to 1) from
            the shot statistics (:func:`mastermind_q.quantum.position_weights`); what
            ``verify`` ranks its repairs by.
    """

    found: Code
    success_probability: float | None
    iterations: int | None = None
    circuit_success_probabilities: tuple[float, ...] = ()
    position_weights: tuple[tuple[float, ...], ...] = ()
