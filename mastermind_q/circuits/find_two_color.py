"""FindTwoColorPosition (Li-Luo-Xu Algorithm 2): ``s^(c1,c2)`` from one black-peg query.

For colours ``c1 != c2`` let ``s^(c1,c2) in {0,1}^n`` mark the positions where the
secret holds ``c1`` or ``c2`` (Table 3). The two-colour oracle of Lemma 2
(:func:`mastermind_q.circuits.two_color_oracle`) reads a binary string ``x`` as the code
``y^x`` (``c1`` where ``x_i = 0``, ``c2`` where ``x_i = 1``) and adds

.. math::

    B_s^{(c_1,c_2)}(x) = \\sum_i \\left(\\delta_{x_i 0}\\delta_{s_i c_1}
        + \\delta_{x_i 1}\\delta_{s_i c_2}\\right) \\pmod{2^m}

to the score register with one application of ``B_s``. With the score register in
``H^m|0...01> = 2^{-m/2} sum_y (-1)^y |y>`` -- an eigenstate of ``+1 mod 2^m`` with
eigenvalue ``-1``, the LSB (score qubit ``n*q``) being the ``|1>`` -- the query kicks
back ``(-1)^{B_s^{(c1,c2)}(x)}``, which factorises over the positions
(Eqs. (8)-(12)):

.. math::

    H^n\\,\\frac{1}{\\sqrt{2^n}} \\bigotimes_i \\left[(-1)^{\\delta_{s_i c_1}}|0>
        + (-1)^{\\delta_{s_i c_2}}|1>\\right]
      = \\pm\\,|s^{(c_1,c_2)}>.

These are ``n`` synchronous Deutsch algorithms; measuring the binary inputs returns
``s^(c1,c2)`` with certainty. The final ``H^m`` returns the score register to
``|0...01>``; the other ``q - 1`` qubits of each colour register are the oracle's
workspace and end in ``|0>``.

Cost: ``oracle.num_qubits = n*q + m + a`` qubits; one oracle query; outside the oracle
``2n + 2m`` Hadamards and one ``X`` (plus the basis change of
:func:`~mastermind_q.circuits.two_color_oracle`); ``n`` measurements.

Reference: Li, Luo, Xu, "Winning Mastermind overwhelmingly on quantum computers",
Section 3.1, Algorithm 2, Lemma 1 and Lemma 2.

Example:
    >>> from mastermind_q import Codemaker
    >>> oracle = Codemaker((0, 2, 1, 2), colors=3).oracle()
    >>> circuit = find_two_color_circuit(oracle, 1, 2, num_positions=4, colors=3)
    >>> circuit.num_clbits
    4
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

from qiskit.circuit import ClassicalRegister, Gate, QuantumCircuit, QuantumRegister

from ..game import validate_code, validate_colors, validate_flag, validate_positions
from ..limits import check_quantum_size
from .layout import SCORE_REGISTER, color_qubits, layout_registers, validate_score_width
from .layout import score_qubits as layout_score_qubits

__all__ = [
    "MINUS_LABEL",
    "find_two_color_circuit",
    "minus_state_preparation",
    "two_color_positions",
]

MINUS_LABEL = "prep |−⟩"
"""Label of the score-register preparation box of Algorithm 2 (:func:`minus_state_preparation`)."""


def minus_state_preparation(num_score_qubits: int) -> Gate:
    r"""``H^m X_0``: the score register's ``-1`` eigenstate of ``+1 mod 2^m``, as one box.

    ``|0...0> -> H^m|0...01> = 2^{-m/2} sum_y (-1)^y |y>`` (``|−>`` on the least
    significant qubit, ``|+>`` on the others): adding ``b`` to the register multiplies
    it by ``(-1)^b``, the phase kick-back of Algorithm 2.

    Cost: one ``X`` and ``m`` Hadamards.

    Args:
        num_score_qubits: ``m >= 1``.

    Returns:
        A gate named ``minus_prep``, labelled :data:`MINUS_LABEL`.

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 2 line 1.
    """
    circuit = QuantumCircuit(QuantumRegister(num_score_qubits, SCORE_REGISTER), name="minus_prep")
    circuit.x(0)
    circuit.h(range(num_score_qubits))
    return circuit.to_gate(label=MINUS_LABEL)


def two_color_positions(
    secret: Sequence[int], c1: int, c2: int, *, colors: int | None = None
) -> tuple[int, ...]:
    """Classical reference: ``s^(c1,c2)_i = 1`` iff ``s_i in {c1, c2}`` (Table 3).

    Args:
        secret: the secret ``s``.
        c1: a colour.
        c2: another colour (or the same).
        colors: ``k``: the secret and both colours must lie in ``0..k-1``. Without it,
            a colour is any integer below the classical colour limit
            (``MASTERMIND_Q_MAX_CLASSICAL_COLORS``), as no game has more colours.

    Returns:
        The indicator ``s^(c1,c2)`` as a tuple of 0s and 1s, one per position.

    Raises:
        ValueError: an invalid secret, or a colour that is not an integer in range
            (``bool`` included; the message names it).

    Example:
        >>> two_color_positions((0, 1, 2, 3, 0, 1, 2, 3), 1, 3)
        (0, 1, 0, 1, 0, 1, 0, 1)
    """
    if colors is None:
        from ..limits import limit

        k = limit("max_classical_colors")
    else:
        k = validate_colors(colors)
    code = validate_code(secret, None if colors is None else k, name="secret")
    _check_color("c1", c1, k)
    _check_color("c2", c2, k)
    return tuple(int(color in (c1, c2)) for color in code)


def _check_color(name: str, value: object, k: int) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Integral)
        or not 0 <= int(value) < k
    ):
        raise ValueError(f"{name} must be a colour in 0..{k - 1}, was {value!r}")
    return int(value)


def find_two_color_circuit(
    oracle: Gate | QuantumCircuit,
    c1: int,
    c2: int,
    *,
    num_positions: int,
    colors: int,
    measure: bool = True,
    score_qubits: int | None = None,
) -> QuantumCircuit:
    """Algorithm 2: one query to ``B_s`` outputs ``s^(c1,c2)`` with certainty.

    ``|0>^n |0>^{m-1}|1> --H^n (x) H^m--> B_s^{(c1,c2)} --H^n (x) H^m--> ±|s^(c1,c2)>
    |0>^{m-1}|1>`` on the binary inputs (qubit ``i*q`` of each colour register) and the
    score register (``|1>`` on its least-significant qubit ``n*q``).

    Cost: one oracle query; ``oracle.num_qubits`` qubits; ``n`` measurements.

    Args:
        oracle: the black-peg oracle gate ``B_s`` (layout of
            :func:`~mastermind_q.circuits.black_peg_oracle`), e.g. ``Codemaker.oracle()``.
        c1: colour read for ``x_i = 0``.
        c2: colour read for ``x_i = 1`` (``c2 != c1``).
        num_positions: ``n``.
        colors: ``k``.
        measure: append measurements (classical register ``result``; clbit ``i`` holds
            ``s^(c1,c2)_i``).
        score_qubits: the oracle's score register width ``m`` (default
            ``max(1, ceil(log2(n+1)))``; pass what the oracle was built with).

    Returns:
        The circuit on the oracle's qubits, registers ``pos0 .. pos{n-1}`` (``q``
        qubits each; the binary input ``x_i`` is qubit 0 of ``pos{i}``), ``score``
        and (when the oracle has ancillas) ``anc``; the score preparation ``H^m X`` is
        one box labelled ``prep |−⟩`` (:func:`minus_state_preparation`).

    Raises:
        ValueError: invalid ``n``, ``k``, colours, ``c1 == c2``, a score register that
            cannot count to ``n``, an oracle that is not a gate or circuit, or whose
            width is not that of a black-peg oracle for ``n``, ``k``, ``m``.

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 2 (Lemma 1).

    Example:
        >>> from mastermind_q import Codemaker
        >>> maker = Codemaker((0, 2, 1, 2), colors=3)
        >>> circuit = find_two_color_circuit(maker.oracle(), 0, 1, num_positions=4, colors=3)
        >>> [dist] = maker.run([circuit], backend="aer-statevector")
        >>> {key: round(p, 9) for key, p in dist.items()}  # positions 0 and 2: bits 0, 2
        {'0101': 1.0}
    """
    from .oracle import two_color_oracle

    n = validate_positions(num_positions)
    k = validate_colors(colors)
    check_quantum_size(n, k)
    validate_flag(measure, "measure")
    _check_color("c1", c1, k)
    _check_color("c2", c2, k)
    if c1 == c2:
        raise ValueError(f"c2 must differ from c1, both were {c1}")
    q = color_qubits(k)
    m = layout_score_qubits(n) if score_qubits is None else validate_score_width(score_qubits, n)
    from .layout import check_oracle_operation

    width = check_oracle_operation(oracle)
    if width < n * q + m:
        raise ValueError(
            f"oracle must act on at least n*q + m = {n * q + m} qubits "
            f"(n = {n}, q = {q}, m = {m}), has {width}"
        )
    check_oracle_operation(oracle, n, k, m)  # e.g. an oracle built for more colours
    registers = layout_registers(n, k, num_qubits=width, score_width=m)
    score = registers[n]
    circuit = QuantumCircuit(*registers, name=f"find_two_color_{c1}_{c2}")
    inputs = [register[0] for register in registers[:n]]

    circuit.append(minus_state_preparation(m), score)
    circuit.h(inputs)
    query = two_color_oracle(oracle, c1, c2, num_positions=n, colors=k, score_qubits=m)
    circuit.compose(query, qubits=circuit.qubits, inplace=True)
    circuit.h(inputs)
    circuit.h(score)
    if measure:
        result = ClassicalRegister(n, "result")
        circuit.add_register(result)
        circuit.measure(inputs, result)
    return circuit
