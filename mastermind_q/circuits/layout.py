"""Register sizes and the qubit layout shared by every circuit builder.

Layout of the black-peg oracle (DESIGN.md section 3): position ``i`` is qubits
``[i*q, (i+1)*q)`` holding its colour little-endian, ``q = max(1, ceil(log2 k))``;
the score register is the next ``m = max(1, ceil(log2(n+1)))`` qubits, little-endian;
ancillas, if any, come last and are returned to ``|0>``.

Every circuit builder names its quantum registers after this layout:
``pos0``, ``pos1``, ... (``q`` qubits each, position ``i``'s colour little-endian),
then ``score`` (``m`` qubits) and ``anc`` (the rest), so a drawing says which qubits
belong to which position (:func:`layout_registers`).

Example:
    >>> color_qubits(5), score_qubits(7)
    (3, 3)
    >>> [register.name for register in layout_registers(2, 3, num_qubits=7)]
    ['pos0', 'pos1', 'score', 'anc']
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from qiskit.circuit import QuantumRegister, Qubit

from ..game import validate_colors, validate_positions

__all__ = [
    "ANCILLA_REGISTER",
    "MAX_ANCILLAS",
    "MAX_SCORE_QUBITS",
    "SCORE_REGISTER",
    "OracleLayout",
    "check_oracle_operation",
    "color_qubits",
    "layout_registers",
    "oracle_sizes",
    "position_qubit_list",
    "position_qubits",
    "position_register_name",
    "position_registers",
    "score_qubit_indices",
    "score_qubits",
    "validate_score_width",
]

SCORE_REGISTER = "score"
"""Name of the score register."""
ANCILLA_REGISTER = "anc"
"""Name of the ancilla register (work qubits, returned to ``|0>``)."""
MAX_ANCILLAS = 1 << 20
"""Most ancillas :func:`layout_registers` lays out beyond ``n*q + m`` (every oracle
construction needs at most ``n floor(q/2) + m``)."""
MAX_SCORE_QUBITS = 64
"""Widest score register a builder accepts (unless ``n`` needs more): ``2^64`` counts
more positions than any circuit holds."""


def color_qubits(colors: int) -> int:
    """``q = max(1, ceil(log2 k))``: qubits per colour register."""
    return _color_qubits(validate_colors(colors))


def _color_qubits(k: int) -> int:
    """:func:`color_qubits` of a validated ``k``."""
    return max(1, (k - 1).bit_length())


def score_qubits(positions: int) -> int:
    """``m = max(1, ceil(log2(n + 1)))``: qubits of the score register (``2^m >= n+1``)."""
    return _score_qubits(validate_positions(positions))


def _score_qubits(n: int) -> int:
    """:func:`score_qubits` of a validated ``n``."""
    return max(1, n.bit_length())


def position_qubits(position: int, colors: int) -> list[int]:
    """Qubit indices of colour register ``position`` (little-endian).

    Raises:
        ValueError: ``position`` is not a non-negative integer, or ``colors`` is invalid.
    """
    if isinstance(position, bool) or not isinstance(position, int) or position < 0:
        raise ValueError(f"position must be a non-negative integer, was {position!r}")
    q = color_qubits(colors)
    return _position_qubits(position, q)


def _position_qubits(position: int, q: int) -> list[int]:
    """:func:`position_qubits` of a validated position, ``q`` qubits per colour."""
    return list(range(position * q, (position + 1) * q))


def validate_score_width(
    value: Any,
    num_positions: int | None = None,
    *,
    name: str = "score_qubits",
    minimum: int = 1,
) -> int:
    """``value`` as a score register width ``m``: an integer, large enough, not huge.

    Args:
        value: the width asked for.
        num_positions: ``n``: ``m`` must count to ``n`` (``m >= score_qubits(n)``).
        name: how the value is named in the message.
        minimum: the least width whatever ``n`` (Algorithm 3 needs 2).

    Returns:
        ``m`` as a built-in ``int``, ``max(minimum, score_qubits(n)) <= m <= max(64, that)``.

    Raises:
        ValueError: not an integer (``bool`` included), too small to count to ``n``, or
            above :data:`MAX_SCORE_QUBITS` (the message names the value).

    Example:
        >>> validate_score_width(3, 5)
        3
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be an integer, was {value!r}")
    n = None if num_positions is None else validate_positions(num_positions)
    return _checked_score_width(value, n, name=name, minimum=minimum)


def _checked_score_width(
    value: Any, n: int | None, *, name: str = "score_qubits", minimum: int = 1
) -> int:
    """:func:`validate_score_width` for a validated ``n`` (or ``None``): ``value`` checked."""
    num_positions = n
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be an integer, was {value!r}")
    m = int(value)
    least = minimum if num_positions is None else max(minimum, _score_qubits(num_positions))
    if m < least:
        where = "" if num_positions is None else f" for {num_positions} positions"
        raise ValueError(f"{name} must be >= {least}{where}, was {m}")
    most = max(MAX_SCORE_QUBITS, least)
    if m > most:
        raise ValueError(f"{name} must be at most {most}, was {m}")
    return m


def score_qubit_indices(positions: int, colors: int) -> list[int]:
    """Qubit indices of the score register (little-endian), right after the colours."""
    start = validate_positions(positions) * color_qubits(colors)
    return list(range(start, start + score_qubits(positions)))


def oracle_sizes(oracle: object) -> tuple[int, int, int] | None:
    """``(n, k, m)`` an oracle was built for, if it says so; ``None`` for other gates.

    :meth:`Codemaker.oracle() <mastermind_q.codemaker.Codemaker.oracle>`,
    :func:`~mastermind_q.circuits.black_peg_oracle` (circuit ``metadata``) and
    :class:`~mastermind_q.circuits.BlackPegOracleGate` record them (sizes only,
    nothing about the secret); a user's own gate implementing the map need not.
    """
    if hasattr(oracle, "metadata") and isinstance(getattr(oracle, "metadata", None), dict):
        sizes = oracle.metadata.get("oracle_sizes")
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


def position_register_name(position: int) -> str:
    """The register name of position ``i``: ``pos{i}``."""
    return f"pos{position}"


def circuit_sizes(num_positions: int, colors: int) -> tuple[int, int]:
    """The validated ``(n, k)`` of a circuit builder, within the quantum-circuit limits
    (:func:`~mastermind_q.limits.check_circuit_size`).

    Raises:
        ValueError: invalid sizes.
        mastermind_q.limits.ResourceLimitError: sizes above the limits.
    """
    from ..limits import check_circuit_size

    n = validate_positions(num_positions)
    k = validate_colors(colors)
    check_circuit_size(n, k)
    return n, k


def _span(qubits: Sequence[int]) -> str:
    if not qubits:
        return "none"
    return str(qubits[0]) if len(qubits) == 1 else f"{qubits[0]}-{qubits[-1]}"


@dataclass(frozen=True)
class OracleLayout:
    """Which qubits of an oracle gate are which: positions, score, work.

    The black-peg oracle's layout (DESIGN.md section 3): position ``i`` is
    ``position_qubits[i]`` (``q`` qubits, its colour little-endian), the score register
    is ``score_qubits`` (``m`` qubits, little-endian), and ``work_qubits`` are the
    ancillas, which must be ``|0>`` on input and are returned to ``|0>``. The parity
    oracle ``O_h`` has one answer qubit in place of the score register and no work
    qubits. Indices are the gate's own qubits, ``0 .. num_qubits - 1``: apply the gate
    as ``circuit.append(gate, [colours..., score..., work...])``.

    Attributes:
        num_positions: ``n``.
        colors: ``k``.
        position_qubits: per position, its ``q`` qubit indices.
        score_qubits: the score register's (or parity answer's) qubit indices.
        work_qubits: the work (ancilla) qubit indices.
        score_name: what the score qubits hold: ``"score"`` (``B_s``) or ``"answer"``
            (the parity oracle's answer qubit).

    Example:
        >>> layout = OracleLayout.of(3, 4, score_qubits=2, work_qubits=2)
        >>> layout.position_qubits, layout.score_qubits, layout.work_qubits
        (((0, 1), (2, 3), (4, 5)), (6, 7), (8, 9))
        >>> str(layout)
        'positions 0-5 (3 x 2 qubits, colour little-endian), score 6-7, work 8-9'
    """

    num_positions: int
    colors: int
    position_qubits: tuple[tuple[int, ...], ...]
    score_qubits: tuple[int, ...]
    work_qubits: tuple[int, ...]
    score_name: str = "score"

    @classmethod
    def of(
        cls,
        num_positions: int,
        colors: int,
        *,
        score_qubits: int,
        work_qubits: int = 0,
        score_name: str = "score",
    ) -> OracleLayout:
        """The layout of ``n`` positions of ``k`` colours, ``m`` score and ``w`` work qubits."""
        n = validate_positions(num_positions)
        k = validate_colors(colors)
        return cls._of(
            n, k, score_qubits=score_qubits, work_qubits=work_qubits, score_name=score_name
        )

    @classmethod
    def _of(
        cls, n: int, k: int, *, score_qubits: int, work_qubits: int = 0, score_name: str = "score"
    ) -> OracleLayout:
        """:meth:`of` at validated sizes."""
        q = _color_qubits(k)
        positions = tuple(tuple(_position_qubits(i, q)) for i in range(n))
        start = n * q
        score = tuple(range(start, start + score_qubits))
        work = tuple(range(start + score_qubits, start + score_qubits + work_qubits))
        return cls(n, k, positions, score, work, score_name)

    @property
    def num_qubits(self) -> int:
        """The gate's width: ``n q + m + w``."""
        return sum(map(len, self.position_qubits)) + len(self.score_qubits) + len(self.work_qubits)

    def __str__(self) -> str:
        n = self.num_positions
        q = len(self.position_qubits[0]) if self.position_qubits else 0
        colours = [qubit for register in self.position_qubits for qubit in register]
        return (
            f"positions {_span(colours)} ({n} x {q} qubits, colour little-endian), "
            f"{self.score_name} {_span(self.score_qubits)}, work {_span(self.work_qubits)}"
        )


def layout_registers(
    num_positions: int,
    colors: int,
    *,
    num_qubits: int | None = None,
    score_width: int | None = None,
) -> list[QuantumRegister]:
    """The registers of the oracle layout: ``pos0 .. pos{n-1}``, ``score``, ``anc``.

    Qubit order as :func:`~mastermind_q.circuits.black_peg_oracle` (DESIGN.md section
    3): register ``pos{i}`` is qubits ``[i*q, (i+1)*q)`` (position ``i``'s colour,
    little-endian), ``score`` the next ``m`` qubits, ``anc`` (only if ``num_qubits`` is
    wider) the rest.

    Args:
        num_positions: ``n``.
        colors: ``k`` (sets ``q``).
        num_qubits: the total width (default ``n*q + m``: no ancillas).
        score_width: ``m`` (default :func:`score_qubits`).

    Returns:
        The registers, in qubit order.

    Raises:
        ValueError: invalid sizes (``n``, ``k`` above the quantum-circuit limits of
            :func:`~mastermind_q.limits.check_circuit_size` too), ``num_qubits < n*q + m``
            or more than :data:`MAX_ANCILLAS` above it (the message names it).

    Example:
        >>> [r.size for r in layout_registers(3, 4, num_qubits=9)]
        [2, 2, 2, 2, 1]
    """
    n, k = circuit_sizes(num_positions, colors)
    m = None if score_width is None else validate_score_width(score_width, name="score_width")
    return _layout_registers(n, k, num_qubits=num_qubits, score_width=m)


def _layout_registers(
    n: int, k: int, *, num_qubits: int | None = None, score_width: int | None = None
) -> list[QuantumRegister]:
    """:func:`layout_registers` of validated ``n``, ``k`` and ``score_width`` (a builder's
    own sizes); ``num_qubits`` is checked here."""
    q = _color_qubits(k)
    m = _score_qubits(n) if score_width is None else score_width
    least = n * q + m
    if num_qubits is None:
        width = least
    elif isinstance(num_qubits, bool) or not isinstance(num_qubits, numbers.Integral):
        raise ValueError(f"num_qubits must be an integer, was {num_qubits!r}")
    else:
        width = int(num_qubits)
        if width > least + MAX_ANCILLAS:
            raise ValueError(
                f"num_qubits must be at most n*q + m + {MAX_ANCILLAS} = {least + MAX_ANCILLAS} "
                f"(n = {n}, q = {q}, m = {m}), was {width}"
            )
    if width < n * q + m:
        raise ValueError(
            f"num_qubits must be at least n*q + m = {n * q + m} (n = {n}, q = {q}, "
            f"m = {m}), was {width}"
        )
    registers = [QuantumRegister(q, position_register_name(i)) for i in range(n)]
    registers.append(QuantumRegister(m, SCORE_REGISTER))
    if width > n * q + m:
        registers.append(QuantumRegister(width - n * q - m, ANCILLA_REGISTER))
    return registers


def position_registers(registers: Sequence[QuantumRegister]) -> list[QuantumRegister]:
    """The ``pos{i}`` registers of ``registers``, in position order."""
    return [r for r in registers if r.name.startswith("pos") and r.name[3:].isdigit()]


def position_qubit_list(registers: Sequence[QuantumRegister]) -> list[Qubit]:
    """Every position qubit of ``registers`` in qubit order (``pos0`` first)."""
    return [qubit for register in position_registers(registers) for qubit in register]
