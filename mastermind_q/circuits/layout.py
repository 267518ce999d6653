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

__all__ = ["color_qubits", "position_qubits", "score_qubit_indices", "score_qubits"]


def color_qubits(colors: int) -> int:
    """``q = max(1, ceil(log2 k))``: qubits per colour register."""
    k = validate_colors(colors)
    return max(1, (k - 1).bit_length())


def score_qubits(positions: int) -> int:
    """``m = max(1, ceil(log2(n + 1)))``: qubits of the score register (``2^m >= n+1``)."""
    n = validate_positions(positions)
    return max(1, n.bit_length())


def position_qubits(position: int, colors: int) -> list[int]:
    """Qubit indices of colour register ``position`` (little-endian)."""
    q = color_qubits(colors)
    return list(range(position * q, (position + 1) * q))


def score_qubit_indices(positions: int, colors: int) -> list[int]:
    """Qubit indices of the score register (little-endian), right after the colours."""
    start = validate_positions(positions) * color_qubits(colors)
    return list(range(start, start + score_qubits(positions)))
