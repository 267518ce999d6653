"""The Hunziker-Meyer codebreaker: Li-Luo-Xu Appendix A, Algorithm 5 (parity oracle, k > 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._solver import quantum_solver
from .outcome import QuantumOutcome
from .running import _run_and_decode

if TYPE_CHECKING:
    from ..backends import Execution
    from ..codemaker import Codemaker

__all__ = ["HUNZIKER_MEYER_MIN_COLORS", "check_hunziker_meyer_colors", "solve_hunziker_meyer"]

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
    from ..circuits.hunziker_meyer import hunziker_meyer_circuit, hunziker_meyer_iterations

    check_hunziker_meyer_colors(k)
    iterations = hunziker_meyer_iterations(k)
    circuit = hunziker_meyer_circuit(codemaker.parity_oracle(), num_positions=n, colors=k)
    return _run_and_decode("hunziker-meyer", codemaker, [circuit], execution, iterations=iterations)
