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

import copy
import functools
import numbers
from collections.abc import Callable, Sequence
from typing import Any

from qiskit.circuit import (
    CircuitInstruction,
    ClassicalRegister,
    Gate,
    Measure,
    QuantumCircuit,
    QuantumRegister,
)
from qiskit.circuit.quantumcircuit import _copy_metadata

from ..game import validate_code, validate_colors, validate_flag, validate_positions
from ..limits import check_circuit_size
from .layout import (
    SCORE_REGISTER,
    _checked_score_width,
    _color_qubits,
    _layout_registers,
    _score_qubits,
)
from .stages import StageGate, _register

__all__ = [
    "MINUS_LABEL",
    "PairPreparationGate",
    "PairReadoutGate",
    "find_two_color_circuit",
    "minus_state_preparation",
    "pair_encoding",
    "pair_preparation",
    "pair_readout",
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


def _check_pair_sizes(
    num_positions: int, colors: int, c1: int, c2: int, score_qubits: int | None
) -> tuple[int, int, int, int, int]:
    """Validated ``(n, k, c1, c2, m)`` of a FindTwoColorPosition stage."""
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    check_circuit_size(n, k)
    c1 = _check_color("c1", c1, k)
    c2 = _check_color("c2", c2, k)
    if c1 == c2:
        raise ValueError(f"c2 must differ from c1, both were {c1}")
    m = _score_qubits(n) if score_qubits is None else _checked_score_width(score_qubits, n)
    return n, k, c1, c2, m


def pair_encoding(num_positions: int, colors: int, c1: int, c2: int) -> QuantumCircuit:
    """``E(c1,c2)``: each colour register ``|x_i, 0..0> -> |c1>`` (``x_i = 0``) or ``|c2>``.

    The encoding of Lemma 2 (:func:`~mastermind_q.circuits.two_color_oracle` wraps the
    oracle in it): CX and X gates only, at most ``n(q - 1)`` CX and ``n q`` X.

    Returns:
        A circuit named ``encode`` on registers ``pos0 .. pos{n-1}``.

    Raises:
        ValueError: invalid sizes or colours, ``c1 == c2``.
    """
    n, k, c1, c2, _ = _check_pair_sizes(num_positions, colors, c1, c2, None)
    return _pair_encoding(n, k, c1, c2)


def _pair_encoding(n: int, k: int, c1: int, c2: int) -> QuantumCircuit:
    """:func:`pair_encoding` of validated sizes and colours."""
    from .oracle import _encode_bit

    registers = _layout_registers(n, k)[:n]
    circuit = QuantumCircuit(*registers, name="encode")
    for register in registers:
        _encode_bit(circuit, list(register), c1, c2)
    return circuit


def _pair_stage_circuit(
    n: int, k: int, c1: int, c2: int, m: int, *, name: str
) -> tuple[QuantumCircuit, Gate, list[Any], QuantumRegister]:
    registers = _layout_registers(n, k, score_width=m)
    circuit = QuantumCircuit(*registers, name=name)
    encode = _pair_encoding(n, k, c1, c2).to_gate(label=f"E({c1},{c2})")
    inputs = [register[0] for register in registers[:n]]
    return circuit, encode, inputs, registers[n]


def pair_preparation(
    num_positions: int, colors: int, c1: int, c2: int, *, score_qubits: int | None = None
) -> QuantumCircuit:
    r"""Algorithm 2's preparation: every position in ``(|c1> + |c2>)/sqrt 2``, the score in ``|−>``.

    ``|0>^{nq}|0>^m -> (x)_i (|c1> + |c2>)/sqrt 2 (x) H^m|0...01>``: the score register's
    ``-1`` eigenstate of ``+1 mod 2^m`` (:func:`minus_state_preparation`), ``H`` on the
    binary input (qubit 0 of each colour register), then the encoding ``E(c1,c2)``
    (:func:`pair_encoding`).

    Cost: ``n q + m`` qubits; ``n + m`` Hadamards, one X, the encoding.

    Returns:
        A circuit named ``pair_prep`` on ``pos0 .. pos{n-1}``, ``score``: the boxes
        ``prep |−⟩`` and ``E(c1,c2)`` and the Hadamards.

    Raises:
        ValueError: invalid sizes or colours, ``c1 == c2``.

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 2 lines 1-2 and Lemma 2.
    """
    n, k, c1, c2, m = _check_pair_sizes(num_positions, colors, c1, c2, score_qubits)
    return _pair_preparation(n, k, c1, c2, score_qubits=m)


def _pair_preparation(n: int, k: int, c1: int, c2: int, *, score_qubits: int) -> QuantumCircuit:
    """:func:`pair_preparation` of validated sizes and colours."""
    m = score_qubits
    circuit, encode, inputs, score = _pair_stage_circuit(n, k, c1, c2, m, name="pair_prep")
    circuit.append(minus_state_preparation(m), score)
    circuit.h(inputs)
    circuit.append(encode, [qubit for register in circuit.qregs[:n] for qubit in register])
    return circuit


def pair_readout(
    num_positions: int, colors: int, c1: int, c2: int, *, score_qubits: int | None = None
) -> QuantumCircuit:
    r"""Algorithm 2's read-out: ``E(c1,c2)^dagger``, ``H`` on the inputs, ``H^m`` on the score.

    After the query, ``(x)_i [(-1)^{[s_i = c1]}|c1> + (-1)^{[s_i = c2]}|c2>]/sqrt 2 ->
    ±|s^(c1,c2)>`` on the binary inputs (the other colour qubits ``|0>``) and the score
    register back to ``|0...01>``.

    Cost: ``n q + m`` qubits; ``n + m`` Hadamards and the inverse encoding.

    Returns:
        A circuit named ``pair_readout`` on ``pos0 .. pos{n-1}``, ``score``.

    Raises:
        ValueError: invalid sizes or colours, ``c1 == c2``.

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 2 lines 4-5.
    """
    n, k, c1, c2, m = _check_pair_sizes(num_positions, colors, c1, c2, score_qubits)
    return _pair_readout(n, k, c1, c2, score_qubits=m)


def _pair_readout(n: int, k: int, c1: int, c2: int, *, score_qubits: int) -> QuantumCircuit:
    """:func:`pair_readout` of validated sizes and colours."""
    m = score_qubits
    circuit, encode, inputs, score = _pair_stage_circuit(n, k, c1, c2, m, name="pair_readout")
    decode = encode.inverse()
    decode.label = f"E({c1},{c2})†"
    circuit.append(decode, [qubit for register in circuit.qregs[:n] for qubit in register])
    circuit.h(inputs)
    circuit.h(score)
    return circuit


class _PairStage(StageGate):
    """A stage on the colour and score registers, built by ``_BUILDER`` from its sizes."""

    DRAWN_OPEN = True  # drawn as what it holds: prep |−⟩, the Hadamards, E(c1,c2)
    _NAME = ""
    _LABEL = ""
    _BUILDER: Callable[..., QuantumCircuit]

    def __init__(
        self,
        num_positions: int,
        colors: int,
        c1: int,
        c2: int,
        *,
        score_qubits: int | None = None,
        adjoint: bool = False,
    ) -> None:
        n, k, c1, c2, m = _check_pair_sizes(num_positions, colors, c1, c2, score_qubits)
        self._make(num_positions=n, colors=k, c1=c1, c2=c2, score_qubits=m, adjoint=adjoint)

    def _make(  # type: ignore[override]
        self,
        *,
        num_positions: int,
        colors: int,
        c1: int,
        c2: int,
        score_qubits: int,
        adjoint: bool = False,
    ) -> None:
        super().__init__(
            self._NAME,
            num_positions * _color_qubits(colors) + score_qubits,
            [],
            label=self._LABEL.format(c1=c1, c2=c2),
            arguments={
                "num_positions": num_positions,
                "colors": colors,
                "c1": c1,
                "c2": c2,
                "score_qubits": score_qubits,
            },
            adjoint=adjoint,
        )

    def _build(self) -> QuantumCircuit:
        arguments = dict(self._arguments)
        return self._BUILDER(
            arguments.pop("num_positions"),
            arguments.pop("colors"),
            arguments.pop("c1"),
            arguments.pop("c2"),
            **arguments,
        )


@_register
class PairPreparationGate(_PairStage):
    r"""FindTwoColorPosition's preparation as one gate: :func:`pair_preparation`, built lazily.

    ``|0>^{nq}|0>^m -> (x)_i (|c1> + |c2>)/sqrt 2 (x) H^m|0...01>`` on the colour
    registers (position ``i`` is qubits ``[i q, (i+1) q)``, little-endian) and the score
    register (the next ``m`` qubits).

    Cost: ``n q + m`` qubits; its definition has ``n + m`` Hadamards, one X and the
    encoding ``E(c1,c2)`` (at most ``n(q - 1)`` CX, ``n q`` X).

    Args:
        num_positions: ``n``.
        colors: ``k``.
        c1: the colour for ``x_i = 0``.
        c2: the colour for ``x_i = 1`` (``c2 != c1``).
        score_qubits: ``m`` (default ``max(1, ceil(log2(n+1)))``).
        adjoint: the inverse stage.

    Raises:
        ValueError: invalid sizes or colours (the message names the value).

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 2 lines 1-2.

    Example:
        >>> gate = PairPreparationGate(3, 4, 0, 2)
        >>> gate.name, gate.label, gate.num_qubits
        ('pair_prep', 'prep (0,2)', 8)
    """

    DESCRIPTION = "every position in (|c1⟩ + |c2⟩)/√2, the score in |−⟩"
    _NAME = "pair_prep"
    _LABEL = "prep ({c1},{c2})"
    _BUILDER = staticmethod(_pair_preparation)


@_register
class PairReadoutGate(_PairStage):
    r"""FindTwoColorPosition's read-out as one gate: :func:`pair_readout`, built lazily.

    ``E(c1,c2)^dagger``, then ``H`` on each binary input and ``H^m`` on the score: after
    the query the inputs hold ``s^(c1,c2)`` and the score is ``|0...01>`` again.

    Cost: ``n q + m`` qubits; ``n + m`` Hadamards and the inverse encoding.

    Its arguments, and the errors they raise, are :class:`PairPreparationGate`'s.

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 2 lines 4-5.
    """

    DESCRIPTION = "undoes the preparation: the inputs then hold which positions are c1 or c2"
    _NAME = "pair_readout"
    _LABEL = "readout ({c1},{c2})"
    _BUILDER = staticmethod(_pair_readout)


_PREP_SLOT, _ORACLE_SLOT, _READOUT_SLOT = "_prep_slot", "_oracle_slot", "_readout_slot"


@functools.lru_cache(maxsize=4)
def _query_template(n: int, k: int, width: int, m: int, measure: bool) -> QuantumCircuit:
    """A query circuit with empty slots for its three gates, built once per size.

    Each query circuit is a copy with the slots filled in (:func:`_filled_copy`): the
    qubits of its wide instructions and its ``n`` measurements are copied in Qiskit's own
    data, not made again per query. Never changed after it is built.
    """
    registers = _layout_registers(n, k, num_qubits=width, score_width=m)
    circuit = QuantumCircuit(*registers)
    qubits = tuple(circuit.qubits)
    q = _color_qubits(k)
    stage = qubits[: n * q + m]
    circuit._append(CircuitInstruction(Gate(_PREP_SLOT, len(stage), []), stage))
    circuit._append(CircuitInstruction(Gate(_ORACLE_SLOT, width, []), qubits))
    circuit._append(CircuitInstruction(Gate(_READOUT_SLOT, len(stage), []), stage))
    if measure:
        result = ClassicalRegister(n, "result")
        circuit.add_register(result)
        measure_into(circuit, qubits[: n * q : q], list(result))
    return circuit


def _filled_copy(template: QuantumCircuit, slots: dict[str, Gate], name: str) -> QuantumCircuit:
    """A copy of ``template`` with its slot gates replaced by ``slots[slot name]``.

    The bits are copied once (``QuantumCircuit.copy`` copies them twice, once for an
    empty circuit it then drops) and the instructions are shared, not copied (the
    template's are never changed); the slots are replaced in place in the copy
    (``CircuitData.map_nonstandard_ops``). The circuit is ``copy_empty_like``'s own
    shallow copy with Qiskit's per-circuit state made anew.
    """
    circuit = copy.copy(template)
    _copy_metadata(template, circuit)
    circuit.name = name
    data = template._data.copy(copy_instructions=False)
    data.map_nonstandard_ops(lambda operation: slots.get(operation.name, operation))
    circuit._data = data
    return circuit


def measure_into(circuit: QuantumCircuit, qubits: Sequence[Any], clbits: Sequence[Any]) -> None:
    """Append ``measure qubits[j] -> clbits[j]`` for every ``j`` (no broadcasting checks).

    The caller has checked that both are the circuit's bits and of equal length.
    """
    operation = Measure()
    for qubit, clbit in zip(qubits, clbits):
        circuit._append(CircuitInstruction(operation, (qubit,), (clbit,)))


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

    Cost: one oracle query; ``oracle.num_qubits`` qubits; three gates and ``n``
    measurements (the stages' definitions are built when the circuit is synthesised).

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
        and (when the oracle has ancillas) ``anc``. Four instructions and the
        measurements: :class:`PairPreparationGate` (``prep (c1,c2)``), the oracle,
        :class:`PairReadoutGate` (``readout (c1,c2)``), so building and counting it cost
        the same for every ``n`` and ``k`` but for the bookkeeping of its qubits.

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
    n, k, c1, c2, m = _check_pair_sizes(num_positions, colors, c1, c2, score_qubits)
    validate_flag(measure, "measure")
    return _find_two_color_circuit(
        oracle, c1, c2, num_positions=n, colors=k, measure=measure, score_qubits=m
    )


def _find_two_color_circuit(
    oracle: Gate | QuantumCircuit,
    c1: int,
    c2: int,
    *,
    num_positions: int,
    colors: int,
    measure: bool = True,
    score_qubits: int,
) -> QuantumCircuit:
    """:func:`find_two_color_circuit` of validated sizes and colours (the oracle is
    checked here: it comes from elsewhere)."""
    from .layout import check_oracle_operation

    n, k, m = num_positions, colors, score_qubits
    check_circuit_size(n, k)
    q = _color_qubits(k)

    width = check_oracle_operation(oracle)
    if width < n * q + m:
        raise ValueError(
            f"oracle must act on at least n*q + m = {n * q + m} qubits "
            f"(n = {n}, q = {q}, m = {m}), has {width}"
        )
    check_oracle_operation(oracle, n, k, m)  # e.g. an oracle built for more colours
    gate = oracle.to_gate() if isinstance(oracle, QuantumCircuit) else oracle
    slots = {
        _PREP_SLOT: PairPreparationGate._of(
            num_positions=n, colors=k, c1=c1, c2=c2, score_qubits=m
        ),
        _ORACLE_SLOT: gate,
        _READOUT_SLOT: PairReadoutGate._of(num_positions=n, colors=k, c1=c1, c2=c2, score_qubits=m),
    }
    template = _query_template(n, k, width, m, measure)
    return _filled_copy(template, slots, f"find_two_color_{c1}_{c2}")
