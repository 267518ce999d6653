"""The Hunziker-Meyer codebreaker: Li-Luo-Xu Appendix A, Algorithm 5 (parity oracle, k > 4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ..codebreaker import CostModel
from ._solver import QuantumCodebreaker, quantum_solver
from .outcome import QuantumOutcome
from .running import _run_and_decode

if TYPE_CHECKING:
    from qiskit import QuantumCircuit
    from qiskit.circuit import Gate

    from ..backends import Execution
    from ..codemaker import Codemaker
    from .estimates import RunEstimate

__all__ = [
    "HUNZIKER_MEYER",
    "HUNZIKER_MEYER_MIN_COLORS",
    "HunzikerMeyer",
    "check_hunziker_meyer_colors",
    "solve_hunziker_meyer",
]

HUNZIKER_MEYER_MIN_COLORS = 5
"""Algorithm 5 with the parity oracle ``d_H mod 2`` is Hunziker and Meyer's ``k > 4`` case."""


def check_hunziker_meyer_colors(colors: int) -> None:
    """Refuse ``k <= 4`` in one line that cites the paper."""
    if colors < HUNZIKER_MEYER_MIN_COLORS:
        raise ValueError(
            f"hunziker-meyer needs colors > 4, was {colors}: Li-Luo-Xu Appendix A (Algorithm 5) "
            "uses the parity oracle d_H(x, s) mod 2 for k > 4 only (Hunziker-Meyer take "
            "d_H mod (6 - k) below)"
        )


class HunzikerMeyer(QuantumCodebreaker):
    """Li-Luo-Xu Algorithm 5 (Hunziker-Meyer): ``T`` queries of the parity oracle ``O_h``
    in one circuit, ``k > 4``; approximate (``exact = False``)."""

    name: ClassVar[str] = "hunziker-meyer"
    summary: ClassVar[str] = (
        "Li-Luo-Xu Appendix A, Algorithm 5 (Hunziker-Meyer): T parity queries (k > 4)"
    )
    colors: ClassVar[tuple[int, int | None]] = (HUNZIKER_MEYER_MIN_COLORS, None)
    colors_source: ClassVar[str] = "Li-Luo-Xu Appendix A"
    exact: ClassVar[bool] = False
    formula: ClassVar[str | None] = (
        "T = round((pi/(2 arcsin(1/sqrt k)) - 1)/2), p = sin^2((2T+1) theta)^n"
    )
    reference: ClassVar[str | None] = (
        "Li-Luo-Xu, Appendix A, Algorithm 5, Theorem 4 (Hunziker-Meyer [HM02])"
    )
    cost: ClassVar[CostModel] = CostModel(build_rate=6e-7)
    oracle_construction: ClassVar[str] = "parity"
    """How it reports its oracle: the parity oracle ``O_h`` has one construction
    (:func:`mastermind_q.circuits.hunziker_meyer.parity_oracle`)."""

    def queries(self, num_positions: int, num_colors: int) -> int:
        from ..circuits.hunziker_meyer import _hunziker_meyer_iterations

        return _hunziker_meyer_iterations(num_colors)

    def circuits(self, oracle: Gate, num_positions: int, num_colors: int) -> list[QuantumCircuit]:
        from ..circuits.grover import _as_gate
        from ..circuits.hunziker_meyer import _hunziker_meyer_circuit

        check_hunziker_meyer_colors(num_colors)
        return [_hunziker_meyer_circuit(_as_gate(oracle), num_positions, num_colors)]

    def known_oracle(self, secret: Sequence[int], colors: int, construction: str | None) -> Gate:
        from ..circuits.oracle import ParityOracleGate

        return ParityOracleGate(secret, colors)

    def construction(
        self, device: str | None, num_positions: int, num_colors: int, level: int | None
    ) -> str:
        return self.oracle_construction

    def estimate(self, num_positions: int, num_colors: int) -> RunEstimate:
        from ..circuits.layout import _color_qubits
        from .estimates import RunEstimate

        check_hunziker_meyer_colors(num_colors)
        n, q = num_positions, _color_qubits(num_colors)
        per_query = n * 6 * q + 6 * n * (q - 1)  # n q-controlled X, the diffusion
        return RunEstimate(1, n * q + 1, self.queries(n, num_colors) * per_query)

    def shape(self, num_positions: int, num_colors: int) -> tuple[int, int, int]:
        from ..circuits.layout import _color_qubits

        qubits = num_positions * _color_qubits(num_colors) + 1
        return 1, qubits, self.queries(num_positions, num_colors)

    def run(self, codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
        check_hunziker_meyer_colors(k)
        iterations = self.queries(n, k)
        circuits = self.circuits(codemaker.parity_oracle(), n, k)
        return _run_and_decode(self, codemaker, circuits, execution, iterations=iterations)


HUNZIKER_MEYER = HunzikerMeyer()
"""The ``hunziker-meyer`` codebreaker."""


@quantum_solver
def solve_hunziker_meyer(
    codemaker: Codemaker, n: int, k: int, execution: Execution
) -> QuantumOutcome:
    r"""Li-Luo-Xu Algorithm 5 (Hunziker-Meyer): ``T`` parity-oracle queries, ``k > 4``.

    Builds :func:`~mastermind_q.circuits.hunziker_meyer.hunziker_meyer_circuit` around
    the codemaker's opaque parity oracle ``O_h`` (:meth:`Codemaker.parity_oracle
    <mastermind_q.codemaker.Codemaker.parity_oracle>`) and has the codemaker count and
    run it once: ``T = round((pi / (2 arcsin(1/sqrt k)) - 1) / 2)`` queries. The measured
    colour registers are the secret with probability ``sin^2((2T + 1) theta)^n``,
    ``theta = arcsin(1/sqrt k)`` (exact on ``aer-statevector``), not 1: the algorithm is
    not exact (:mod:`mastermind_q.circuits.hunziker_meyer`).

    Args:
        codemaker: the codemaker (its parity oracle is the only access to the secret).
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots on sampling backends.
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.quantum.QuantumOutcome`: the most likely code, its
        probability (or observed fraction) and ``T``.

    Raises:
        ValueError: ``k <= 4`` (before any circuit is built).

    References:
        Li, Luo, Xu, Appendix A, Algorithm 5, Theorem 4; M. Hunziker and D. A. Meyer,
        Quantum Information Processing 1, 145-154 (2002).
    """
    return HUNZIKER_MEYER.run(codemaker, n, k, execution)
