r"""The parity oracle ``O_h`` of a known secret (Hunziker-Meyer's ``k > 4`` case).

.. math::

    O_h |x\rangle|b\rangle = |x\rangle|b \oplus (d_H(x, s) \bmod 2)\rangle,
    \qquad d_H(x, s) = n - B_s(x),

with :func:`parity_distance` as its classical reference; :class:`ParityOracleGate` is
its one gate form (the codemaker's run path uses it), :func:`parity_oracle` the
circuit. Layout: position ``i`` is a register ``pos{i}`` of ``q = max(1, ceil(log2
k))`` qubits, its colour little-endian; then the answer qubit ``score``. Sizes are
checked against the quantum limits (:func:`mastermind_q.limits.check_quantum_size`)
before anything is built.

Cost of :func:`parity_oracle`: ``n q + 1`` qubits, ``n`` multi-controlled X gates with
``q`` controls (``X`` on the answer qubit when ``n`` is odd).

Reference: Li, Luo, Xu, "Winning Mastermind overwhelmingly on quantum computers",
Appendix A, Algorithm 5 (input) and Eq. (1); Hunziker and Meyer (2002).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

from qiskit.circuit import Gate, QuantumCircuit, QuantumRegister
from qiskit.circuit.library import MCXGate

from ...game import validate_code, validate_colors
from ...limits import check_quantum_size
from ..layout import OracleLayout, _color_qubits
from ._known import KnownSecretGate

__all__ = [
    "PARITY_ORACLE_GATE_NAME",
    "PARITY_ORACLE_LABEL",
    "ParityOracleGate",
    "parity_distance",
    "parity_oracle",
    "parity_oracle_gate",
]


def _checked_secret(secret: Sequence[int], colors: int) -> tuple[tuple[int, ...], int]:
    """The secret and ``k``, validated, with ``n`` and ``k`` within the quantum limits
    (checked before the secret's entries are read, so a huge secret costs nothing)."""
    k = validate_colors(colors)
    try:
        length = len(secret)
    except TypeError:
        length = None
    if length is not None:
        check_quantum_size(length, k)
    code = validate_code(secret, k, name="secret")
    check_quantum_size(len(code), k)
    return code, k


PARITY_ORACLE_LABEL = "O_h"
"""Name of the parity oracle gate."""
PARITY_ORACLE_GATE_NAME = "parity_oracle"
"""Name of :class:`ParityOracleGate` (a known secret's parity oracle)."""


def parity_distance(secret: Sequence[int], query: Sequence[int]) -> int:
    """``h_s(x) = d_H(x, s) mod 2``, the classical function behind :func:`parity_oracle`.

    Raises:
        ValueError: ``secret`` or ``query`` is not a code (a sequence of non-negative
            integers; sets, dicts, strings and bytes are refused), or their lengths
            differ.

    Example:
        >>> parity_distance((0, 1, 2), (0, 2, 1))
        0
    """
    code = validate_code(secret, name="secret")
    asked = validate_code(query, name="query")
    if len(code) != len(asked):
        raise ValueError(f"query must have {len(code)} positions, had {len(asked)}")
    return sum(a != b for a, b in zip(code, asked)) % 2


def _registers(n: int, q: int) -> list[QuantumRegister]:
    return [QuantumRegister(q, f"pos{i}") for i in range(n)] + [QuantumRegister(1, "score")]


def parity_oracle(secret: Sequence[int], colors: int) -> QuantumCircuit:
    r"""``O_h|x>|b> = |x>|b xor (d_H(x, s) mod 2)>`` as a reversible circuit.

    ``d_H(x, s) = sum_i [x_i != s_i]``: an ``X`` on the answer qubit per position (one
    ``X`` when ``n`` is odd), undone by an ``X`` controlled on ``x_i = s_i`` (control
    state ``s_i`` on the ``q`` qubits of position ``i``). Basis states ``>= k`` of a
    position count as different from ``s_i``.

    Cost: ``n q + 1`` qubits; ``n`` ``MCX`` with ``q`` controls, ``n mod 2`` ``X``.

    Args:
        secret: the secret ``s``, colours ``0..k-1``.
        colors: ``k >= 2``.

    Returns:
        A circuit named ``O_h`` on registers ``pos0 .. pos{n-1}`` and ``score``.

    Raises:
        ValueError: an invalid secret or colour count.
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` above the quantum
            limits (before anything is built).

    References:
        Li, Luo, Xu, Appendix A, Algorithm 5 (input) and Eq. (1).
    """
    code, k = _checked_secret(secret, colors)
    return _parity_oracle(code, k)


def _parity_oracle(code: tuple[int, ...], k: int) -> QuantumCircuit:
    """:func:`parity_oracle` of a validated secret and ``k``."""
    n, q = len(code), _color_qubits(k)
    registers = _registers(n, q)
    circuit = QuantumCircuit(*registers, name=PARITY_ORACLE_LABEL)
    answer = registers[-1][0]
    if n % 2:
        circuit.x(answer)
    for position, color in enumerate(code):
        circuit.append(MCXGate(q, ctrl_state=color), [*registers[position], answer])
    return circuit


def parity_oracle_gate(secret: Sequence[int], colors: int) -> Gate:
    """Deprecated: :func:`parity_oracle` as one eager gate named ``O_h``.

    Use :class:`ParityOracleGate` (the same qubits and definition, built lazily; named
    ``parity_oracle``, labelled ``O_h``). This alias stays one release and warns
    (``DeprecationWarning``).
    """
    warnings.warn(
        "parity_oracle_gate is deprecated and will be removed in the next release; "
        "use ParityOracleGate(secret, colors)",
        DeprecationWarning,
        stacklevel=2,
    )
    gate = parity_oracle(secret, colors).to_gate(label=PARITY_ORACLE_LABEL)
    gate.name = PARITY_ORACLE_LABEL
    return gate


class ParityOracleGate(KnownSecretGate):
    r"""The parity oracle of a known secret as a gate whose definition is built lazily.

    .. math::

        O_h|x\rangle|b\rangle = |x\rangle|b \oplus (d_H(x, s) \bmod 2)\rangle,
        \qquad d_H(x, s) = |\{i : x_i \ne s_i\}|,

    on every basis state (colour values ``>= k`` count as different from ``s_i``);
    classical reference :func:`parity_distance`. Qubit layout: position ``i`` is qubits
    ``[i*q, (i+1)*q)``, its colour little-endian, ``q = max(1, ceil(log2 k))``; the
    answer qubit is qubit ``n q``. ``O_h`` is its own inverse.

    The definition is :func:`parity_oracle` (``n`` multi-controlled X gates, which the
    transpiler synthesises with Qiskit's ``MCXGate`` plugins), built on first use. Like
    :class:`~mastermind_q.circuits.oracle.BlackPegOracleGate` it is built from a secret
    the caller knows; the codemaker's oracle is the opaque
    :meth:`Codemaker.parity_oracle() <mastermind_q.codemaker.Codemaker.parity_oracle>`,
    and :meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>` refuses this gate.

    Args:
        secret: the secret ``s`` in ``[k]^n``.
        colors: ``k >= 2``.
        label: the label drawings show (default ``O_h``).

    Raises:
        ValueError: an invalid secret, colour count or label (the message names the
            value).
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` above the quantum
            limits.

    Example:
        >>> gate = ParityOracleGate((1, 0), colors=5)
        >>> gate.name, gate.label, gate.num_qubits, gate.definition.size()
        ('parity_oracle', 'O_h', 7, 2)
    """

    def __init__(self, secret: Sequence[int], colors: int, *, label: str | None = None) -> None:
        code, k = _checked_secret(secret, colors)
        if label is not None and not isinstance(label, str):
            raise ValueError(f"label must be a string or None, was {label!r}")
        self._make(code, k, label)

    @classmethod
    def _of(
        cls, secret: tuple[int, ...], colors: int, label: str | None = None
    ) -> ParityOracleGate:
        """The gate of a validated secret and ``k`` (within the quantum limits), made
        without checking them again: the constructor is the public entrance."""
        gate = cls.__new__(cls)
        gate._make(secret, colors, label)
        return gate

    def _make(self, code: tuple[int, ...], k: int, label: str | None) -> None:
        self._secret = code
        self._colors = k
        width = len(code) * _color_qubits(k) + 1
        super().__init__(PARITY_ORACLE_GATE_NAME, width, [], label=label or PARITY_ORACLE_LABEL)

    @property
    def oracle_layout(self) -> OracleLayout:
        """Which qubits are the positions and the answer qubit (no work qubits).

        Example:
            >>> print(ParityOracleGate((1, 0), colors=5).oracle_layout)
            positions 0-5 (2 x 3 qubits, colour little-endian), answer 6, work none
        """
        return OracleLayout._of(
            len(self._secret), self._colors, score_qubits=1, score_name="answer"
        )

    def _define(self) -> None:
        """:func:`parity_oracle`, built now."""
        self.definition = _parity_oracle(self._secret, self._colors)

    def inverse(self, annotated: bool = False) -> ParityOracleGate:
        """``O_h`` itself (the map is an involution)."""
        return ParityOracleGate._of(self._secret, self._colors, label=self.label)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._secret!r}, colors={self._colors})"
