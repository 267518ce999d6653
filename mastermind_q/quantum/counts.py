"""The exact oracle-call counts of the quantum codebreakers, as functions of ``k``.

Each method's entry in :data:`mastermind_q.solving.METHODS` names its count here
(``queries``); none depends on ``n``. ``B_s`` and ``B_s^dagger`` count one each.

Example:
    >>> nonadaptive_queries(8), triples_queries(8), two_color_queries(2), adaptive_queries(4)
    (7, 5, 1, 2)
"""

from __future__ import annotations

__all__ = ["adaptive_queries", "nonadaptive_queries", "triples_queries", "two_color_queries"]


def nonadaptive_queries(colors: int) -> int:
    """``k - 1``: one FindTwoColorPosition query per pair ``(0, c)`` (Algorithm 1)."""
    return colors - 1


def triples_queries(colors: int) -> int:
    """``ceil(2(k - 1)/3)``: the pair queries along colour paths."""
    return -(-2 * (colors - 1) // 3)


def two_color_queries(colors: int) -> int:
    """``1``: Algorithm 3 asks once (``k = 2``)."""
    return 1


def adaptive_queries(colors: int) -> int:
    """``2T``, ``T = ceil(pi/(4 arcsin sqrt(1/k)) - 1/2)``: ``B_s`` and ``B_s^dagger``
    once per exact Grover iteration (Algorithm 4)."""
    from ..circuits.grover import exact_grover_parameters

    iterations, _phi = exact_grover_parameters(colors)
    return 2 * int(iterations)


def _adaptive_queries(k: int) -> int:
    """:func:`adaptive_queries` of a validated ``k``."""
    from ..circuits.grover import _exact_grover_parameters

    return 2 * _exact_grover_parameters(k)[0]
