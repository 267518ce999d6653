"""The adaptive codebreaker: Li-Luo-Xu Algorithm 4, ``n`` synchronous exact Grover searches."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

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

__all__ = ["ADAPTIVE", "Adaptive", "solve_adaptive"]


class Adaptive(QuantumCodebreaker):
    """Li-Luo-Xu Algorithm 4: ``n`` synchronous exact Grover searches in one circuit,
    ``B_s`` and ``B_s^dagger`` once per iteration (``2T`` queries)."""

    name: ClassVar[str] = "adaptive"
    summary: ClassVar[str] = (
        "Li-Luo-Xu Algorithm 4: n synchronous exact Grover searches, 2T queries"
    )
    formula: ClassVar[str | None] = "2T, T = ceil(pi/(4 arcsin sqrt(1/k)) - 1/2)"
    reference: ClassVar[str | None] = "Li-Luo-Xu, Algorithm 4, Theorem 3"
    mps_construction: ClassVar[str | None] = "increment"
    """The adaptive Grover circuit holds the score register between ``B_s`` and
    ``B_s^dagger``, and ``fourier`` (all ``2^m`` Fourier values with equal weight) is far
    slower on a matrix-product-state chain than ``increment`` (``benchmarks/RESULTS.md``,
    "Growth in n on Aer")."""
    cost: ClassVar[CostModel] = CostModel(build_rate=2e-7)

    def queries(self, num_positions: int, num_colors: int) -> int:
        from .counts import _adaptive_queries

        return _adaptive_queries(num_colors)

    def circuits(self, oracle: Gate, num_positions: int, num_colors: int) -> list[QuantumCircuit]:
        from ..circuits.grover import (
            PHI_NAME,
            _adaptive_circuit,
            _as_gate,
            _exact_grover_parameters,
        )

        _iterations, phi = _exact_grover_parameters(num_colors)
        circuit = _adaptive_circuit(_as_gate(oracle), num_positions, num_colors)
        (parameter,) = (p for p in circuit.parameters if p.name == PHI_NAME)
        bound = circuit.assign_parameters({parameter: phi})
        bound.name = circuit.name
        return [bound]

    def estimate(self, num_positions: int, num_colors: int) -> RunEstimate:
        from .estimates import query_estimate

        queries = self.queries(num_positions, num_colors)
        return query_estimate(num_positions, num_colors, circuits=1, queries=queries)

    def shape(self, num_positions: int, num_colors: int) -> tuple[int, int, int]:
        from ..circuits.layout import color_qubits, score_qubits
        from ..circuits.oracle import black_peg_oracle_cost

        n, k = num_positions, num_colors
        qubits = max(n * color_qubits(k) + score_qubits(n), black_peg_oracle_cost(n, k).qubits)
        return 1, qubits, self.queries(n, k)

    MPS_SECONDS_PER_CUBED_QUBIT: ClassVar[float] = 1.64e-6
    """Aer's matrix-product-state simulation of the adaptive circuit, measured: about
    ``1.64e-6 q^3`` seconds for ``q`` qubits (``k = 4``: 15 s at ``n = 100``, 209 qubits;
    118 s at ``n = 200``; more than 300 s at ``n = 400``)."""

    def check(self, num_positions: int, num_colors: int, **game: Any) -> None:
        from ..backends import aer_method, backend_kind
        from ..limits import check_game_seconds

        super().check(num_positions, num_colors, **game)
        name = game.get("backend") or "aer"
        qubits = self.estimate(num_positions, num_colors).qubits
        if backend_kind(name) == "aer" and aer_method(name, qubits) == "matrix_product_state":
            check_game_seconds(
                f"{self.name} at n={num_positions}, k={num_colors} on {name}",
                self.MPS_SECONDS_PER_CUBED_QUBIT * qubits**3,
            )

    def run(self, codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
        from ..circuits.grover import _exact_grover_parameters

        iterations, phi = _exact_grover_parameters(k)
        oracle = _oracle_for(codemaker, execution, mps_construction=self.mps_construction)
        circuits = self.circuits(oracle, n, k)
        return _run_and_decode(self, codemaker, circuits, execution, iterations=iterations, phi=phi)


ADAPTIVE = Adaptive()
"""The ``adaptive`` codebreaker."""


@quantum_solver
def solve_adaptive(codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
    r"""Li-Luo-Xu Algorithm 4: ``n`` synchronous exact Grover searches, ``2T`` queries.

    Builds :func:`~mastermind_q.circuits.grover.adaptive_circuit` around the codemaker's
    oracle gate (``T`` iterations of ``B_s`` and ``B_s^dagger``: ``2T`` queries,
    ``T = ceil(pi/(4 asin(1/sqrt k)) - 1/2)``), binds Long's phase ``phi`` and has the
    codemaker count and run it once. The measured colour registers are the secret with
    probability 1.
    Runs that Aer simulates as a matrix product state (``aer`` above
    :data:`~mastermind_q.backends.STATEVECTOR_MAX_QUBITS` qubits, ``aer-mps``) ask for
    the oracle's ``increment`` construction, which that simulator runs faster.

    Args:
        codemaker: the codemaker (its oracle gate is the only access to the secret).
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots on sampling backends (default
            :data:`~mastermind_q.backends.DEFAULT_SHOTS`).
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.quantum.QuantumOutcome`: the most likely (exact) or most
        frequent (sampled) code, its probability or observed fraction, and ``T``.

    References:
        Li, Luo, Xu, "Winning Mastermind on quantum computers", Algorithm 4, Theorem 3;
        G. L. Long, Phys. Rev. A 64, 022307 (2001) for ``phi`` (see
        :mod:`mastermind_q.circuits.grover` for the erratum).
    """
    return ADAPTIVE.run(codemaker, n, k, execution)
