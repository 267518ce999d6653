"""The one-query solver for two colours (Li-Luo-Xu Algorithm 3, k = 2).

For ``k = 2`` every position is one qubit (``q = 1``) holding ``x_i`` and the black-peg
oracle ``B_s|x>|b> = |x>|b + B_s(x) mod 2^m>`` acts on ``n + m (+ ancillas)`` qubits
(layout of :func:`mastermind_q.circuits.black_peg_oracle`). With the score register in
the state

.. math::

    |\\chi> = 2^{-m/2} \\sum_{y=0}^{2^m-1} i^{y} |y>,
    \\qquad (+1 \\bmod 2^m)\\,|\\chi> = -i\\,|\\chi>,

one query multiplies ``|x>`` by ``(-i)^{B_s(x)} = prod_i (-i)^{[x_i = s_i]}`` (phase
kick-back; ``i^y`` is 4-periodic, so ``4 | 2^m`` -- i.e. ``m >= 2`` -- is needed). Each
position is then ``(|0> + |1>)/sqrt(2)`` with a ``-i`` on the component ``|s_i>``, and

.. math::

    U = \\frac{1}{\\sqrt 2}\\begin{pmatrix} i & 1 \\\\ 1 & i \\end{pmatrix}
      = e^{i\\pi/4}\\,\\sqrt{X}

maps ``(-i|0> + |1>)/sqrt(2) -> |0>`` and ``(|0> - i|1>)/sqrt(2) -> |1>``: measuring the
positions returns ``s`` with certainty.

**The reading that makes the printed construction exact** (DESIGN.md section 5): the
paper prepares the score register as ``|0>^{m-2}|01>`` and applies
``H^{m-2} (x) QFT_4``. This is exact only when the two "last" qubits are the two
*least-significant* score bits (score qubits ``n`` and ``n+1``) holding the 2-bit value
1, i.e. score qubit ``n`` (the LSB) is ``|1>`` and score qubit ``n+1`` is ``|0>``. Then
``QFT_4|1> = (1/2) sum_j i^j |j>`` on that pair, ``H`` on the ``m - 2`` higher score bits
supplies the uniform sum, and the register is ``|chi>`` above: an eigenstate of
``+1 mod 2^m`` with eigenvalue ``-i``. Other readings -- the pair on the two most
significant bits, or ``|01>`` read as the value 2 -- are not eigenstates of the
addition, and the success probability drops (e.g. to 0.33 or 0.016 for some secrets).
``QFT_4`` here is ``QFT_d|l> = d^{-1/2} sum_j omega^{lj}|j>``, ``omega = i`` (Eq. (6)),
on the little-endian pair (Qiskit's :class:`~qiskit.circuit.library.QFTGate`).

The circuit ends with ``H^{m-2} (x) QFT_4^dagger`` on the score register, which returns
it to ``|0...01>``, exactly as in the paper's proof.

Cost: ``n + m' + a`` qubits (``m' = max(2, ceil(log2(n+1)))`` score qubits, ``a`` oracle
ancillas); one oracle query; outside the oracle ``2n`` single-qubit gates on the
positions (``H`` and ``U``), ``2(m' - 2)`` Hadamards, one ``X`` and two ``QFT_4`` (two
controlled phases and two swaps' worth of two-qubit gates, constant in ``n``).

Reference: Li, Luo, Xu, "Winning Mastermind overwhelmingly on quantum computers",
Section 3.2, Algorithm 3 and the proof of Theorem 2 (Eqs. (13)-(14)).

Example:
    >>> from mastermind_q import Codemaker
    >>> oracle = Codemaker((1, 0, 1), colors=2).oracle()
    >>> circuit = two_color_circuit(oracle, num_positions=3)
    >>> circuit.num_clbits
    3
"""

from __future__ import annotations

import math
from collections.abc import Callable

from qiskit.circuit import (
    CircuitInstruction,
    ClassicalRegister,
    Gate,
    QuantumCircuit,
    QuantumRegister,
)
from qiskit.circuit.library import QFTGate, SXGate

from ..game import validate_flag, validate_positions
from ..limits import check_circuit_size
from .layout import (
    SCORE_REGISTER,
    _layout_registers,
    _score_qubits,
    position_qubit_list,
    validate_score_width,
)
from .layout import score_qubits as layout_score_qubits
from .stages import StageGate, _register

__all__ = [
    "CHI_LABEL",
    "MIN_SCORE_QUBITS",
    "TwoColorPreparationGate",
    "TwoColorReadoutGate",
    "chi_state_preparation",
    "two_color_circuit",
    "two_color_preparation",
    "two_color_readout",
    "two_color_score_qubits",
    "u_gate_circuit",
]

CHI_LABEL = "prep |χ⟩ (QFT₄)"
"""Label of the score-register preparation box of Algorithm 3 (:func:`chi_state_preparation`)."""

MIN_SCORE_QUBITS = 2
"""Algorithm 3 needs ``m >= 2`` score qubits (``i^y`` must be ``2^m``-periodic)."""


def two_color_score_qubits(num_positions: int) -> int:
    """Score register width used by Algorithm 3: ``max(2, ceil(log2(n+1)))``.

    For ``n = 1`` the oracle must be built with ``score_qubits=2`` (one qubit would
    suffice to count to 1, but ``QFT_4`` needs two).

    Example:
        >>> two_color_score_qubits(1), two_color_score_qubits(4)
        (2, 3)
    """
    return max(MIN_SCORE_QUBITS, layout_score_qubits(num_positions))


def _two_color_score_qubits(n: int) -> int:
    """:func:`two_color_score_qubits` of a validated ``n``."""
    return max(MIN_SCORE_QUBITS, _score_qubits(n))


def u_gate_circuit() -> QuantumCircuit:
    """``U = (1/sqrt 2)[[i, 1], [1, i]] = e^{i pi/4} SX`` as a one-qubit circuit.

    Example:
        >>> from qiskit.quantum_info import Operator
        >>> import numpy as np
        >>> np.allclose(Operator(u_gate_circuit()).data, [[1j, 1], [1, 1j]] / np.sqrt(2))
        True
    """
    circuit = QuantumCircuit(1, name="U", global_phase=math.pi / 4)
    circuit.append(SXGate(), [0])
    return circuit


def chi_state_preparation(num_score_qubits: int) -> Gate:
    r"""``(H^{m-2} (x) QFT_4) X_0``: the ``-i`` eigenstate ``|chi>`` of ``+1 mod 2^m``, one box.

    ``|0...0> -> |chi> = 2^{-m/2} sum_y i^y |y>``: ``X`` sets the two least-significant
    score bits to the value 1, ``QFT_4`` on them gives ``(1/2) sum_j i^j |j>`` and ``H`` on
    the ``m - 2`` higher bits the rest of the uniform sum (module docstring).

    Cost: one ``X``, one ``QFTGate(2)``, ``m - 2`` Hadamards.

    Args:
        num_score_qubits: ``m >= 2``.

    Returns:
        A gate named ``chi_prep``, labelled :data:`CHI_LABEL`.

    Reference: Li, Luo, Xu, Section 3.2, Algorithm 3 lines 1-2.
    """
    circuit = QuantumCircuit(QuantumRegister(num_score_qubits, SCORE_REGISTER), name="chi_prep")
    circuit.x(0)  # the pair holds the value 1 (LSB set)
    if num_score_qubits > 2:
        circuit.h(range(2, num_score_qubits))
    circuit.append(QFTGate(2), [0, 1])
    return circuit.to_gate(label=CHI_LABEL)


def _check_two_color_sizes(num_positions: int, score_qubits: int | None) -> tuple[int, int]:
    """Validated ``(n, m)`` of Algorithm 3 (``m >= 2``, ``2^m >= n + 1``)."""
    n = validate_positions(num_positions)
    check_circuit_size(n, 2)
    m = _two_color_score_qubits(n) if score_qubits is None else score_qubits
    if isinstance(m, bool) or not isinstance(m, int) or m < MIN_SCORE_QUBITS:
        raise ValueError(f"score_qubits must be an integer >= 2 for Algorithm 3, was {m!r}")
    m = validate_score_width(m, minimum=MIN_SCORE_QUBITS)  # at most 64
    if (1 << m) < n + 1:
        raise ValueError(f"score_qubits must satisfy 2^m >= n + 1 = {n + 1}, was {m} (n = {n})")
    return n, m


def _two_color_frame(
    num_positions: int, score_qubits: int | None, name: str
) -> tuple[QuantumCircuit, list[QuantumRegister], int, int]:
    """An empty circuit ``name`` on Algorithm 3's registers (``pos0 .. pos{n-1}``,
    ``score``), with the registers and the validated ``(n, m)``."""
    n, m = _check_two_color_sizes(num_positions, score_qubits)
    return _two_color_frame_of(n, m, name)


def _two_color_frame_of(
    n: int, m: int, name: str
) -> tuple[QuantumCircuit, list[QuantumRegister], int, int]:
    """:func:`_two_color_frame` of a validated ``n`` and ``m``."""
    registers = _layout_registers(n, 2, score_width=m)
    return QuantumCircuit(*registers, name=name), registers, n, m


def two_color_preparation(num_positions: int, *, score_qubits: int | None = None) -> QuantumCircuit:
    r"""Algorithm 3's preparation: ``H^n`` on the positions, ``|chi>`` on the score register.

    ``|0>^n|0>^m -> |+>^n (x) |chi>``, ``|chi> = 2^{-m/2} sum_y i^y |y>``
    (:func:`chi_state_preparation`).

    Cost: ``n + m`` qubits; ``n + m - 2`` Hadamards, one X, one ``QFTGate(2)``.

    Returns:
        A circuit named ``two_color_prep`` on ``pos0 .. pos{n-1}``, ``score``.

    Raises:
        ValueError: invalid ``n`` or ``m``.

    Reference: Li, Luo, Xu, Section 3.2, Algorithm 3 lines 1-2.
    """
    n, m = _check_two_color_sizes(num_positions, score_qubits)
    return _two_color_preparation(n, score_qubits=m)


def _two_color_preparation(n: int, *, score_qubits: int) -> QuantumCircuit:
    """:func:`two_color_preparation` of a validated ``n`` and ``m``."""
    circuit, registers, n, m = _two_color_frame_of(n, score_qubits, "two_color_prep")
    circuit.append(chi_state_preparation(m), registers[n])
    circuit.h(position_qubit_list(registers))
    return circuit


def two_color_readout(num_positions: int, *, score_qubits: int | None = None) -> QuantumCircuit:
    r"""Algorithm 3's read-out: ``U`` on every position, ``H^{m-2} (x) QFT_4^dagger`` on the score.

    ``U = e^{i pi/4} SX`` (:func:`u_gate_circuit`) maps ``(-i|0> + |1>)/sqrt 2 -> |0>`` and
    ``(|0> - i|1>)/sqrt 2 -> |1>``; the score register returns to ``|0...01>``.

    Cost: ``n + m`` qubits; ``n`` gates ``U``, ``m - 2`` Hadamards, one inverse ``QFTGate(2)``.

    Returns a circuit named ``two_color_readout`` on the registers of
    :func:`two_color_preparation`, and raises what it raises.

    Reference: Li, Luo, Xu, Section 3.2, Algorithm 3 lines 4-5.
    """
    n, m = _check_two_color_sizes(num_positions, score_qubits)
    return _two_color_readout(n, score_qubits=m)


def _two_color_readout(n: int, *, score_qubits: int) -> QuantumCircuit:
    """:func:`two_color_readout` of a validated ``n`` and ``m``."""
    circuit, registers, n, m = _two_color_frame_of(n, score_qubits, "two_color_readout")
    score = registers[n]
    u_gate = u_gate_circuit().to_gate(label="U")
    for qubit in position_qubit_list(registers):
        circuit.append(u_gate, [qubit])
    if m > 2:
        circuit.h(list(score[2:]))
    unprepare = QFTGate(2).inverse()
    unprepare.label = "QFT₄†"
    circuit.append(unprepare, [score[0], score[1]])
    return circuit


class _TwoColorStage(StageGate):
    """A stage of Algorithm 3 on ``n`` positions and ``m`` score qubits: its builder
    (``_BUILDER``, ``(n, score_qubits=m)``), name and label."""

    _NAME = ""
    _LABEL = ""
    _BUILDER: Callable[..., QuantumCircuit]

    def __init__(
        self, num_positions: int, *, score_qubits: int | None = None, adjoint: bool = False
    ) -> None:
        n, m = _check_two_color_sizes(num_positions, score_qubits)
        self._make(num_positions=n, score_qubits=m, adjoint=adjoint)

    def _make(  # type: ignore[override]
        self, *, num_positions: int, score_qubits: int, adjoint: bool = False
    ) -> None:
        n, m = num_positions, score_qubits
        super().__init__(
            self._NAME,
            n + m,
            [],
            label=self._LABEL,
            arguments={"num_positions": n, "score_qubits": m},
            adjoint=adjoint,
        )

    def _build(self) -> QuantumCircuit:
        arguments = self._arguments
        return self._BUILDER(arguments["num_positions"], score_qubits=arguments["score_qubits"])


@_register
class TwoColorPreparationGate(_TwoColorStage):
    r"""Algorithm 3's preparation as one gate: :func:`two_color_preparation`, built lazily.

    ``|0>^n|0>^m -> |+>^n (x) |chi>`` (positions are qubits ``0..n-1``, the score
    register the next ``m``, little-endian).

    Cost: ``n + m`` qubits; ``n + m - 2`` Hadamards, one X and one ``QFTGate(2)`` in its
    definition.

    Args:
        num_positions: ``n``.
        score_qubits: ``m >= 2`` (default :func:`two_color_score_qubits`).
        adjoint: the inverse stage.

    Raises:
        ValueError: invalid ``n`` or ``m``.

    Reference: Li, Luo, Xu, Section 3.2, Algorithm 3 lines 1-2.

    Example:
        >>> TwoColorPreparationGate(3).num_qubits
        5
    """

    DESCRIPTION = "H on every position, the score in |χ⟩ = Σ i^y |y⟩"
    _NAME = "two_color_prep"
    _LABEL = "prep |+⟩ⁿ|χ⟩"
    _BUILDER = staticmethod(_two_color_preparation)


@_register
class TwoColorReadoutGate(_TwoColorStage):
    r"""Algorithm 3's read-out as one gate: :func:`two_color_readout`, built lazily.

    Cost: ``n + m`` qubits; ``n`` gates ``U``, ``m - 2`` Hadamards and one inverse
    ``QFTGate(2)`` in its definition. It takes the arguments of
    :class:`TwoColorPreparationGate` and raises what it raises.

    Reference: Li, Luo, Xu, Section 3.2, Algorithm 3 lines 4-5.
    """

    DESCRIPTION = "U on every position (reads s), QFT₄† returns the score"
    _NAME = "two_color_readout"
    _LABEL = "readout Uⁿ, QFT₄†"
    _BUILDER = staticmethod(_two_color_readout)


def two_color_circuit(
    oracle: Gate | QuantumCircuit,
    *,
    num_positions: int,
    measure: bool = True,
    score_qubits: int | None = None,
) -> QuantumCircuit:
    """Algorithm 3: recover ``s in {0,1}^n`` with certainty from one black-peg query.

    ``|0>^n |0>^{m-2}|01> --H^n (x) H^{m-2} (x) QFT_4--> B_s -->
    U^n (x) H^{m-2} (x) QFT_4^dagger --> |s>|0>^{m-2}|01>`` (the pair ``|01>`` is the two
    least-significant score bits holding the value 1; see the module docstring).

    Cost: one oracle query; ``oracle.num_qubits`` qubits; ``n`` measurements.

    Args:
        oracle: the black-peg oracle gate for ``k = 2`` on ``n + m + a`` qubits
            (position ``i`` is qubit ``i``, the score register qubits ``n..n+m-1``
            little-endian, ancillas last), e.g. ``Codemaker.oracle()``; for ``n = 1``
            built with ``score_qubits=2``.
        num_positions: ``n``.
        measure: append measurements of the positions (classical register ``result``,
            clbit ``i`` holds ``s_i``).
        score_qubits: the oracle's score register width ``m`` (default
            :func:`two_color_score_qubits`); must be ``>= 2``.

    Returns:
        The circuit, on the oracle's qubits, with registers ``pos0 .. pos{n-1}`` (one
        qubit each), ``score`` and (when the oracle has ancillas) ``anc``: the stage
        gates :class:`TwoColorPreparationGate` and :class:`TwoColorReadoutGate` around
        the oracle, then the measurements.

    Raises:
        ValueError: ``num_positions`` invalid, ``score_qubits < 2`` or too small to
            count to ``n``, an oracle that is not a gate or circuit, or whose width is
            not that of a ``k = 2`` oracle for ``n`` and ``m``.

    Reference: Li, Luo, Xu, Section 3.2, Algorithm 3 (Theorem 2).

    Example:
        >>> from mastermind_q import Codemaker
        >>> maker = Codemaker((1, 1, 0), colors=2)
        >>> circuit = two_color_circuit(maker.oracle(), num_positions=3)
        >>> [dist] = maker.run([circuit], backend="aer-statevector")
        >>> {key: round(p, 9) for key, p in dist.items()}
        {'011': 1.0}
    """
    validate_flag(measure, "measure")
    n, m = _check_two_color_sizes(num_positions, score_qubits)
    from .find_two_color import measure_into
    from .layout import check_oracle_operation

    width = check_oracle_operation(oracle)
    if width < n + m:
        raise ValueError(
            f"oracle must act on at least n + m = {n + m} qubits (n = {n}, m = {m}), "
            f"has {width}; for n = 1 build it with score_qubits=2"
        )
    check_oracle_operation(oracle, n, 2, m)  # e.g. an oracle built for more colors
    gate = oracle.to_gate() if isinstance(oracle, QuantumCircuit) else oracle
    registers = _layout_registers(n, 2, num_qubits=width, score_width=m)
    circuit = QuantumCircuit(*registers, name="two_color")
    qubits = tuple(circuit.qubits)
    stage = qubits[: n + m]
    circuit._append(
        CircuitInstruction(TwoColorPreparationGate._of(num_positions=n, score_qubits=m), stage)
    )
    circuit._append(CircuitInstruction(gate, qubits))
    circuit._append(
        CircuitInstruction(TwoColorReadoutGate._of(num_positions=n, score_qubits=m), stage)
    )
    if measure:
        result = ClassicalRegister(n, "result")
        circuit.add_register(result)
        measure_into(circuit, qubits[:n], list(result))
    return circuit
