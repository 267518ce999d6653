"""Register sizes and the qubit layout shared by every circuit builder.

Layout of the black-peg oracle (DESIGN.md section 3): position ``i`` is qubits
``[i*q, (i+1)*q)`` holding its colour little-endian, ``q = max(1, ceil(log2 k))``;
the score register is the next ``m = max(1, ceil(log2(n+1)))`` qubits, little-endian;
ancillas, if any, come last and are returned to ``|0>``.

Example:
    >>> color_qubits(5), score_qubits(7)
    (3, 3)
"""

from __future__ import annotations

from ..game import validate_colors, validate_positions

__all__ = [
    "check_oracle_operation",
    "color_qubits",
    "oracle_sizes",
    "position_qubits",
    "score_qubit_indices",
    "score_qubits",
]


def color_qubits(colors: int) -> int:
    """``q = max(1, ceil(log2 k))``: qubits per colour register."""
    k = validate_colors(colors)
    return max(1, (k - 1).bit_length())


def score_qubits(positions: int) -> int:
    """``m = max(1, ceil(log2(n + 1)))``: qubits of the score register (``2^m >= n+1``)."""
    n = validate_positions(positions)
    return max(1, n.bit_length())


def position_qubits(position: int, colors: int) -> list[int]:
    """Qubit indices of colour register ``position`` (little-endian).

    Raises:
        ValueError: ``position`` is not a non-negative integer, or ``colors`` is invalid.
    """
    if isinstance(position, bool) or not isinstance(position, int) or position < 0:
        raise ValueError(f"position must be a non-negative integer, was {position!r}")
    q = color_qubits(colors)
    return list(range(position * q, (position + 1) * q))


def score_qubit_indices(positions: int, colors: int) -> list[int]:
    """Qubit indices of the score register (little-endian), right after the colours."""
    start = validate_positions(positions) * color_qubits(colors)
    return list(range(start, start + score_qubits(positions)))


def oracle_sizes(oracle: object) -> tuple[int, int, int] | None:
    """``(n, k, m)`` an oracle was built for, if it says so; ``None`` for other gates.

    :meth:`Codemaker.oracle() <mastermind_q.codemaker.Codemaker.oracle>`,
    :func:`~mastermind_q.circuits.black_peg_oracle` (circuit ``metadata``) and
    :func:`~mastermind_q.circuits.black_peg_oracle_gate` record them (sizes only,
    nothing about the secret); a user's own gate implementing the map need not.
    """
    if hasattr(oracle, "metadata") and isinstance(getattr(oracle, "metadata", None), dict):
        sizes = oracle.metadata.get("oracle_sizes")  # type: ignore[attr-defined]
    else:
        sizes = getattr(oracle, "oracle_sizes", None)
    if (
        isinstance(sizes, (tuple, list))
        and len(sizes) == 3
        and all(type(size) is int for size in sizes)
    ):
        return (sizes[0], sizes[1], sizes[2])
    return None


def check_oracle_operation(
    oracle: object,
    num_positions: int | None = None,
    colors: int | None = None,
    score_qubits: int | None = None,
) -> int:
    """The width of ``oracle``: a circuit or an operation, built for these sizes.

    Args:
        oracle: the oracle a builder was given.
        num_positions: ``n`` the builder works with (checked if the oracle records it).
        colors: ``k`` (idem).
        score_qubits: ``m`` (idem; ``None``: not checked).

    Raises:
        ValueError: ``oracle`` is not a gate or circuit (a string, a number, ...), or
            it records sizes other than the builder's (e.g. a ``k = 4`` oracle given to
            a ``k = 2`` builder).
    """
    from qiskit import QuantumCircuit
    from qiskit.circuit import Operation

    if not isinstance(oracle, (QuantumCircuit, Operation)):
        text = repr(oracle)
        text = text if len(text) <= 40 else text[:37] + "..."
        raise ValueError(
            f"oracle must be a Gate or QuantumCircuit (e.g. Codemaker.oracle()), was "
            f"{type(oracle).__name__} {text}"
        )
    sizes = oracle_sizes(oracle)
    if sizes is not None:
        wanted = (num_positions, colors, score_qubits)
        for label, built, given in zip(("n", "k", "score_qubits"), sizes, wanted):
            if given is not None and built != given:
                raise ValueError(
                    f"the oracle was built for {label} = {built}, but this circuit needs "
                    f"{label} = {given} (oracle sizes n, k, m = {sizes})"
                )
    return int(oracle.num_qubits)
