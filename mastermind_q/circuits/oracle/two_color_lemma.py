r"""The two-colour oracle of Lemma 2 (Li, Luo, Xu) and its classical reference.

``B_s^{(c1,c2)}`` reads bit ``x_i`` as colour ``c1`` (0) or ``c2`` (1) and counts the
matches with the secret, from one application of the black-peg oracle.

Reference: Li, Luo, Xu, "Winning Mastermind Overwhelmingly on Quantum Computers",
Lemma 2 (Figure 3).
"""

from __future__ import annotations

from collections.abc import Sequence

from qiskit.circuit import Gate, Instruction, QuantumCircuit, Qubit

from ...game import black, validate_code, validate_colors, validate_positions
from ..layout import color_qubits, layout_registers, position_qubit_list
from .constructions import _score_width

__all__ = ["two_color_count", "two_color_oracle"]


def two_color_count(secret: Sequence[int], c1: int, c2: int, x_bits: Sequence[int]) -> int:
    r"""Classical reference of Lemma 2: ``B_s^{(c1,c2)}(x)``.

    .. math::

        B_s^{(c_1,c_2)}(x) = \sum_i \delta_{x_i 0}\delta_{s_i c_1}
        + \delta_{x_i 1}\delta_{s_i c_2} = B_s(y^x),
        \quad y^x_i = c_1 \text{ if } x_i = 0 \text{ else } c_2.

    Args:
        secret: ``s`` in ``[k]^n`` (non-negative integers).
        c1: the colour read for bit 0.
        c2: the colour read for bit 1.
        x_bits: ``x`` in ``{0, 1}^n``.

    Returns:
        The count.

    Raises:
        ValueError: if ``x_bits`` is not a 0/1 string as long as ``secret``, the
            inputs are not codes, or ``c1 == c2`` (the message names the value).

    Example:
        >>> two_color_count((0, 2, 1), 0, 2, (0, 1, 0))
        2
    """
    code = validate_code(secret, name="secret")
    bits = validate_code(x_bits, 2, positions=len(code), name="x_bits")
    for name, value in (("c1", c1), ("c2", c2)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a non-negative integer colour, was {value!r}")
    if c1 == c2:
        raise ValueError(f"c2 must differ from c1, both were {c1}")
    return black(code, tuple(c2 if bit else c1 for bit in bits))


def _encode_bit(circuit: QuantumCircuit, register: Sequence[Qubit], c1: int, c2: int) -> None:
    """``|x, 0..0> -> |c1>`` if ``x = 0``, ``|c2>`` if ``x = 1`` (CX and X only)."""
    difference = c1 ^ c2
    for bit in range(1, len(register)):
        if (difference >> bit) & 1:
            circuit.cx(register[0], register[bit])
    if not difference & 1:
        pivot = next(bit for bit in range(1, len(register)) if (difference >> bit) & 1)
        circuit.cx(register[pivot], register[0])
    ones = [qubit for bit, qubit in enumerate(register) if (c1 >> bit) & 1]
    if ones:
        circuit.x(ones)


def two_color_oracle(
    oracle: Gate | Instruction | QuantumCircuit,
    c1: int,
    c2: int,
    *,
    num_positions: int,
    colors: int,
    score_qubits: int | None = None,
) -> QuantumCircuit:
    r"""The two-colour oracle of Lemma 2 from exactly one application of ``oracle``.

    .. math::

        B_s^{(c_1,c_2)}|x\rangle|b\rangle = |x\rangle|b + \textstyle\sum_i
        (\delta_{x_i 0}\delta_{s_i c_1} + \delta_{x_i 1}\delta_{s_i c_2}) \bmod 2^m\rangle,
        \qquad x \in \{0,1\}^n,

    classical reference :func:`two_color_count`. Built as ``E^dagger B_s E`` where
    ``E`` writes colour ``c1`` (bit 0) or ``c2`` (bit 1) into each colour register
    (CX and X gates only), so the oracle is applied once.

    Bit order: the same qubits as ``oracle`` (same width and layout); bit ``x_i`` is
    the lowest qubit of colour register ``i`` (qubit ``i*q``); the other ``q-1`` qubits
    of each colour register are workspace that must be ``|0>`` on input and are
    ``|0>`` on output; the score register follows the colours as in
    :func:`black_peg_oracle`, its ancillas last.

    Cost: one oracle application plus at most ``2n(q-1)`` CX (``n`` times twice the
    number of set bits of ``c1 XOR c2`` above bit 0, plus one if bit 0 of
    ``c1 XOR c2`` is 0).

    Args:
        oracle: the black-peg oracle as a gate (e.g. the codemaker's opaque ``B_s``)
            or a circuit (turned into a gate).
        c1: the colour for bit 0, in ``0..k-1``.
        c2: the colour for bit 1, in ``0..k-1``, ``c2 != c1``.
        num_positions: ``n``.
        colors: ``k``.
        score_qubits: the oracle's score width ``m``, only used to name the
            registers (default: the minimum, the rest is called ``anc``).

    Returns:
        A ``QuantumCircuit`` named ``B_s^(c1,c2)`` with registers ``pos0 ..
        pos{n-1}``, ``score`` and (if the oracle is wider) ``anc``: the encoding ``E``
        (a gate labelled ``E(c1,c2)``), the oracle, and ``E^dagger`` (labelled
        ``E(c1,c2)†``), so drawings show three labelled boxes.

    Raises:
        ValueError: if ``c1 == c2``, a colour is outside ``0..k-1``, or the oracle
            is narrower than ``n*q + m`` qubits (the message names the value).

    Reference:
        Li, Luo, Xu, "Winning Mastermind Overwhelmingly on Quantum Computers",
        Lemma 2 and Figure 3.

    Example:
        >>> from mastermind_q import Codemaker
        >>> maker = Codemaker((2, 0), colors=3)
        >>> circuit = two_color_oracle(maker.oracle(), 0, 2, num_positions=2, colors=3)
        >>> circuit.count_ops()["B_s"]
        1
    """
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    for name, value in (("c1", c1), ("c2", c2)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < k:
            raise ValueError(f"{name} must be a colour in 0..{k - 1}, was {value!r}")
    if c1 == c2:
        raise ValueError(f"c1 and c2 must differ, were both {c1}")
    m = _score_width(n, score_qubits)
    from ..layout import check_oracle_operation

    check_oracle_operation(oracle, n, k)
    gate = oracle.to_gate() if isinstance(oracle, QuantumCircuit) else oracle
    q = color_qubits(k)
    width = gate.num_qubits
    if width < n * q + m:
        raise ValueError(
            f"oracle must act on at least n*q + m = {n * q + m} qubits (n={n}, k={k}), was {width}"
        )
    registers = layout_registers(n, k, num_qubits=width, score_width=m)
    circuit = QuantumCircuit(*registers, name=f"B_s^({c1},{c2})")
    encode = QuantumCircuit(*registers[:n], name="encode")
    for register in registers[:n]:
        _encode_bit(encode, list(register), c1, c2)
    encode_gate = encode.to_gate(label=f"E({c1},{c2})")
    decode_gate = encode_gate.inverse()
    decode_gate.label = f"E({c1},{c2})†"
    colour_qubits = position_qubit_list(registers)
    circuit.append(encode_gate, colour_qubits)
    circuit.append(gate, circuit.qubits)
    circuit.append(decode_gate, colour_qubits)
    return circuit
