"""The adaptive codebreaker: Li-Luo-Xu Algorithm 4, ``n`` synchronous exact Grover searches."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._solver import quantum_solver
from .outcome import QuantumOutcome
from .running import _oracle_for, _run_and_decode

if TYPE_CHECKING:
    from ..backends import Execution
    from ..codemaker import Codemaker

__all__ = ["solve_adaptive"]


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
    from ..circuits.grover import PHI_NAME, adaptive_circuit, exact_grover_parameters

    iterations, phi = exact_grover_parameters(k)
    oracle = _oracle_for(codemaker, execution, method="adaptive")
    circuit = adaptive_circuit(oracle, num_positions=n, colors=k)
    (parameter,) = (p for p in circuit.parameters if p.name == PHI_NAME)
    bound = circuit.assign_parameters({parameter: phi})
    return _run_and_decode(
        "adaptive", codemaker, [bound], execution, iterations=iterations, phi=phi
    )
