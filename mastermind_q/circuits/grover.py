r"""Exact Grover search on every position at once: Li-Luo-Xu Algorithm 4.

The adaptive codebreaker runs ``n`` exact Grover searches synchronously, one per
colour register, with the whole black-peg oracle ``B_s`` (Li, Luo, Xu, "Winning
Mastermind on quantum computers", Section 4, Algorithm 4, Lemma 3, Eqs. (15)-(18)):

.. math::

    |\Phi\rangle = \bigl(S_0(\phi)\, O_s(\phi)\bigr)^T (A^{\otimes n} \otimes I)|0\rangle|0\rangle
                 = |s_1 \dots s_n\rangle |0\rangle,

* ``A|0> = k^{-1/2} sum_c |c>`` on one colour register (``QFT_k`` when ``k`` is a power
  of two, an exact uniform-superposition preparation otherwise; basis states ``>= k``
  stay unpopulated);
* the phase oracle ``O_s(phi) = B_s^dagger (I (x) D(phi)) B_s`` with
  ``D(phi) = sum_j e^{i j phi}|j><j|`` on the score register, so that
  ``O_s(phi)|x>|0> = e^{i phi B_s(x)}|x>|0> = (x)_i e^{i phi [x_i = s_i]}|x_i>|0>``
  (Lemma 3): it factorises into one Grover oracle per position;
* the diffusion ``S_0(phi) = A (I + (e^{i phi} - 1)|0><0|) A^dagger`` on every colour
  register;
* Long's exact-search parameters for a target fraction ``1/k``:
  ``theta = asin(1/sqrt k)``, ``T = ceil(pi/(4 theta) - 1/2)``,
  ``phi = 2 asin(sin(pi/(4T + 2)) / sin theta)``.

Erratum (DESIGN.md section 5): the paper prints ``phi = 2 asin(sin(pi/(4k+2)) /
sin theta)`` (:func:`paper_phase`); with that phase a single position is found with
probability 0.42 at ``k = 4``. Long's phase uses the iteration count ``T``
(:func:`exact_grover_parameters`) and succeeds with probability 1 for every ``k >= 2``.
The oracle phase and the diffusion phase carry the same sign; with opposite signs the
search fails (probability 0 at ``k = 2``).

Query count. ``B_s`` only *adds* the score into a register; an arbitrary phase
``e^{i phi B_s(x)}`` needs the score written (``B_s``), phased by ``D(phi)`` and erased
again (``B_s^dagger``), or the score register stays entangled with ``x`` and the next
diffusion no longer acts on a pure colour state. So one iteration costs 2 queries and
Algorithm 4 costs ``2T ~ (pi/2) sqrt(k)`` queries. The paper counts the ``T``
applications of ``O_s(phi)``; the factor 2 leaves Theorem 3's ``O(sqrt k)`` intact.
(A single query with the score register in a Fourier state kicks back only phases that
are multiples of ``2 pi / 2^m`` per black peg -- ``phi = pi`` is the ordinary Grover
oracle, exact only for special ``k`` such as 4 -- so it cannot realise Long's ``phi``.)

Cost of :func:`adaptive_circuit` for ``n`` positions, ``k`` colours,
``q = max(1, ceil(log2 k))``, ``m = max(1, ceil(log2(n+1)))``: ``oracle.num_qubits``
qubits (``n q + m`` plus the oracle's ancillas), ``2T`` oracle calls, ``n (2T + 1)``
uses of ``A`` or ``A^dagger``, ``T m`` single-qubit phase gates in ``D(phi)`` and
``n T`` multi-controlled phases with ``q - 1`` controls.

Example:
    >>> exact_grover_parameters(4)
    (1, 3.14159...)
    >>> from mastermind_q.codemaker import Codemaker
    >>> circuit = adaptive_circuit(Codemaker((1, 2), 4).oracle(), num_positions=2, colors=4)
    >>> [parameter.name for parameter in circuit.parameters]
    ['phi']
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from qiskit.circuit import (
    CircuitInstruction,
    ClassicalRegister,
    Gate,
    Instruction,
    Parameter,
    ParameterExpression,
    QuantumCircuit,
    QuantumRegister,
)
from qiskit.circuit.library import MCPhaseGate, QFTGate, UniformSuperpositionGate

from ..game import validate_colors, validate_flag, validate_positions
from .layout import (
    _color_qubits,
    _layout_registers,
    _score_qubits,
    circuit_sizes,
    position_qubit_list,
    validate_score_width,
)
from .oracle import oracle_inverse
from .stages import StageGate, _register

if TYPE_CHECKING:
    from typing import TypeAlias

    Angle: TypeAlias = "float | ParameterExpression"

__all__ = [
    "PHI_NAME",
    "DiffusionGate",
    "ScorePhaseGate",
    "UniformPreparationGate",
    "adaptive_circuit",
    "diffusion",
    "exact_grover_parameters",
    "grover_iteration",
    "paper_phase",
    "phase_oracle",
    "score_phase",
    "uniform_preparation",
]

PHI_NAME = "phi"
"""Name of the phase :class:`~qiskit.circuit.Parameter` left in :func:`adaptive_circuit`."""


# -- parameters --------------------------------------------------------------------------
def _grover_angle(k: int) -> float:
    return math.asin(1.0 / math.sqrt(k))


def _phase_for(denominator: int, theta: float) -> float:
    ratio = math.sin(math.pi / denominator) / math.sin(theta)
    return 2.0 * math.asin(min(1.0, ratio))


def exact_grover_parameters(colors: int) -> tuple[int, float]:
    r"""Long's exact-search iteration count and phase for a target fraction ``1/k``.

    .. math::

        \theta = \arcsin(1/\sqrt{k}), \quad
        T = \lceil \pi/(4\theta) - 1/2 \rceil, \quad
        \phi = 2 \arcsin\bigl(\sin(\pi/(4T + 2)) / \sin\theta\bigr).

    With these, ``(S_0(phi) O(phi))^T A|0>`` is the marked colour with probability 1
    (the phase matching condition of Long's algorithm), for every ``k >= 2``.

    Args:
        colors: the number of colours ``k >= 2``.

    Returns:
        ``(T, phi)``; ``phi`` in ``(0, pi]``.

    Raises:
        ValueError: if ``colors`` is not an integer ``>= 2``, or above the
            quantum-circuit colour limit (``MASTERMIND_Q_MAX_QUANTUM_COLORS``).

    References:
        G. L. Long, "Grover algorithm with zero theoretical failure rate", Phys. Rev. A 64,
        022307 (2001): the zero-failure phase and iteration count (his ``J + 1 = T``).
        Li, Luo, Xu, Algorithm 4 line 1 (misprinted; see :func:`paper_phase`).

    Example:
        >>> iterations, phi = exact_grover_parameters(2)
        >>> iterations, round(phi, 12)
        (1, 1.570796326795)
    """
    from ..limits import check_circuit_size

    k = validate_colors(colors)
    check_circuit_size(1, k)
    return _exact_grover_parameters(k)


def _exact_grover_parameters(k: int) -> tuple[int, float]:
    """:func:`exact_grover_parameters` of a validated ``k``."""
    theta = _grover_angle(k)
    iterations = math.ceil(math.pi / (4.0 * theta) - 0.5)
    return iterations, _phase_for(4 * iterations + 2, theta)


def paper_phase(colors: int) -> float:
    r"""The phase as printed in Algorithm 4: ``2 asin(sin(pi/(4k+2)) / sin theta)`` (wrong).

    Kept only to document the erratum: with it, one position is found with probability
    0.42 at ``k = 4`` (0.81 at ``k = 2``). Use :func:`exact_grover_parameters`.

    Args:
        colors: the number of colours ``k >= 2``.

    Raises:
        ValueError: if ``colors`` is not an integer ``>= 2``.

    References:
        Li, Luo, Xu, Algorithm 4 line 1 and the display below Figure 4.
    """
    k = validate_colors(colors)
    return _phase_for(4 * k + 2, _grover_angle(k))


# -- building blocks ----------------------------------------------------------------------
def _check_angle(phi: Angle) -> Angle:
    if isinstance(phi, ParameterExpression):
        return phi
    if isinstance(phi, bool) or not isinstance(phi, (int, float)) or not math.isfinite(phi):
        raise ValueError(f"phi must be a finite real number or a Parameter, was {phi!r}")
    return float(phi)


def uniform_preparation(colors: int) -> QuantumCircuit:
    r"""``A`` on one colour register: ``A|0> = k^{-1/2} sum_{c<k} |c>``.

    ``QFT_k`` (Qiskit's :class:`~qiskit.circuit.library.QFTGate`) when ``k = 2^q``,
    otherwise Qiskit's exact :class:`~qiskit.circuit.library.UniformSuperpositionGate`
    (built from ``X``, ``RY`` and controlled ``H``/``RY`` -- no multiplexers, so its
    inverse runs on Aer). Basis states ``>= k`` get amplitude 0. Only ``A|0>`` matters
    for Algorithm 4: ``S_0(phi)`` depends on ``A`` through ``A|0>`` alone.

    Cost: ``q`` qubits, one ``QFTGate(q)`` or one ``UniformSuperpositionGate(k, q)``.

    Args:
        colors: the number of colours ``k >= 2``.

    Returns:
        A circuit on ``q = max(1, ceil(log2 k))`` qubits named ``A``.

    Raises:
        ValueError: if ``colors`` is not an integer ``>= 2``.

    References:
        Li, Luo, Xu, Algorithm 4 line 2 (``QFT_k``).
    """
    return _uniform_preparation(validate_colors(colors))


def _uniform_preparation(k: int) -> QuantumCircuit:
    """:func:`uniform_preparation` of a validated ``k``."""
    q = _color_qubits(k)
    circuit = QuantumCircuit(QuantumRegister(q, "pos"), name="A")
    gate = QFTGate(q) if k == 1 << q else UniformSuperpositionGate(k, q)
    gate.label = "QFT" if k == 1 << q else "Uniform"
    circuit.append(gate, circuit.qubits)
    return circuit


def _all_ones_phase(circuit: QuantumCircuit, phi: ParameterExpression, qubits: list) -> None:
    r"""``e^{i phi}`` on ``|1...1>`` of ``qubits`` from ``P`` and ``MCX`` gates only.

    With ``a`` the AND of all qubits but the last, ``t``, and bits
    ``a t = (a + t - (a xor t)) / 2``: ``e^{i phi a t}`` is ``P(phi/2)`` on ``t``, then
    ``MCX(a -> t) P(-phi/2) MCX(a -> t)``, then the same phase ``phi/2`` on the AND of
    the remaining qubits (recursively). ``c`` controls cost ``2c`` MCX gates with at most
    ``c`` controls and ``2c + 1`` phase gates.

    Used when ``phi`` is a circuit parameter: a parameterised *controlled* phase
    (``cp``, ``mcphase``) ignores its run-time value on Aer's ``SamplerV2`` (qiskit-aer
    #2391 and #2403), unparameterised ``MCX`` and single-qubit ``P`` bind correctly.
    """
    *controls, target = qubits
    if not controls:
        circuit.p(phi, target)
        return
    circuit.p(phi / 2, target)
    circuit.mcx(controls, target)
    circuit.p(-phi / 2, target)
    circuit.mcx(controls, target)
    _all_ones_phase(circuit, phi / 2, controls)


def _reflection_about_zero(num_qubits: int, phi: Angle) -> QuantumCircuit:
    """``I + (e^{i phi} - 1)|0><0|`` on ``num_qubits`` qubits (X-conjugated MC phase).

    A numeric ``phi`` is one :class:`~qiskit.circuit.library.MCPhaseGate`; a parameter is
    built from ``P`` and ``MCX`` (:func:`_all_ones_phase`), so the transpile-once,
    bind-per-run pattern is exact on Aer.
    """
    circuit = QuantumCircuit(num_qubits, name="R_0")
    circuit.x(range(num_qubits))
    if num_qubits == 1:
        circuit.p(phi, 0)
    elif isinstance(phi, ParameterExpression):
        _all_ones_phase(circuit, phi, list(circuit.qubits))
    else:
        circuit.append(MCPhaseGate(phi, num_qubits - 1), range(num_qubits))
    circuit.x(range(num_qubits))
    return circuit


def diffusion(colors: int, phi: Angle) -> QuantumCircuit:
    r"""``S_0(phi) = A (I + (e^{i phi} - 1)|0><0|) A^dagger`` on one colour register.

    Equals ``I + (e^{i phi} - 1)|u><u|`` with ``|u> = A|0>`` the uniform superposition of
    the ``k`` colours, so it maps the span of ``|0>..|k-1>`` to itself.

    Cost: ``q`` qubits; ``A``, ``A^dagger``, ``2q`` ``X`` gates and one phase gate with
    ``q - 1`` controls.

    Args:
        colors: the number of colours ``k >= 2``.
        phi: the phase (a float or a :class:`~qiskit.circuit.Parameter`).

    Returns:
        A circuit on ``q`` qubits named ``S_0``.

    Raises:
        ValueError: invalid ``colors`` or ``phi``.

    References:
        Li, Luo, Xu, Algorithm 4 line 5; Long (2001), the phase-rotated diffusion.
    """
    return _diffusion(validate_colors(colors), _check_angle(phi))


def _diffusion(k: int, phi: Angle) -> QuantumCircuit:
    """:func:`diffusion` of a validated ``k`` and ``phi``."""
    prepare = _uniform_preparation(k).to_gate(label="A")
    q = prepare.num_qubits
    circuit = QuantumCircuit(QuantumRegister(q, "pos"), name="S_0")
    unprepare = prepare.inverse()
    unprepare.label = "A†"
    circuit.append(unprepare, circuit.qubits)
    circuit.append(_reflection_about_zero(q, phi).to_gate(label="R_0(φ)"), circuit.qubits)
    circuit.append(prepare, circuit.qubits)
    return circuit


def score_phase(num_score_qubits: int, phi: Angle) -> QuantumCircuit:
    r"""``D(phi) = sum_j e^{i j phi}|j><j|`` on a little-endian score register.

    ``e^{i j phi} = prod_b e^{i j_b 2^b phi}`` for ``j = sum_b j_b 2^b``: one phase gate
    ``P(2^b phi)`` on score bit ``b``.

    Cost: ``m`` single-qubit phase gates, no two-qubit gates.

    Args:
        num_score_qubits: ``m >= 1``.
        phi: the phase (a float or a :class:`~qiskit.circuit.Parameter`).

    Returns:
        A circuit on ``m`` qubits named ``D``.

    Raises:
        ValueError: invalid ``num_score_qubits`` or ``phi``.

    References:
        Li, Luo, Xu, Algorithm 4 line 4 (``D(phi)``).
    """
    phi = _check_angle(phi)
    num_score_qubits = validate_score_width(num_score_qubits, name="num_score_qubits")
    circuit = QuantumCircuit(QuantumRegister(num_score_qubits, "score"), name="D")
    for bit in range(num_score_qubits):
        circuit.p((1 << bit) * phi, bit)
    return circuit


def _tensor_power_label(label: str, num_positions: int, angle: str = "") -> str:
    """``A``, ``A^⊗3``, ``S_0^⊗3(φ)``: the stage's symbol, its tensor power, its angle."""
    power = "" if num_positions == 1 else f"^⊗{num_positions}"
    return f"{label}{power}({angle})" if angle else f"{label}{power}"


def _position_registers(n: int, k: int) -> list[QuantumRegister]:
    return _layout_registers(n, k)[:n]


@_register
class UniformPreparationGate(StageGate):
    r"""``A^{(x) n}``: every colour register in ``k^{-1/2} sum_{c<k} |c>``, built lazily.

    The definition is :func:`uniform_preparation` (``QFT_k`` for ``k = 2^q``, Qiskit's
    exact ``UniformSuperpositionGate`` otherwise) on each of the ``n`` registers,
    position ``i`` on qubits ``[i q, (i+1) q)``, little-endian.

    Cost: ``n q`` qubits; ``n`` gates ``A`` in its definition.

    Args:
        num_positions: ``n``.
        colors: ``k >= 2``.
        adjoint: the inverse stage (``A^dagger`` on every register).

    Raises:
        ValueError: invalid sizes (the message names the value).

    Reference: Li, Luo, Xu, Algorithm 4 line 2; Appendix A, Algorithm 5 line 1.

    Example:
        >>> gate = UniformPreparationGate(3, 5)
        >>> gate.label, gate.num_qubits
        ('A^⊗3', 9)
    """

    DESCRIPTION = "every position in the uniform superposition of the k colours"

    def __init__(self, num_positions: int, colors: int, *, adjoint: bool = False) -> None:
        n, k = circuit_sizes(num_positions, colors)
        self._make(num_positions=n, colors=k, adjoint=adjoint)

    def _make(  # type: ignore[override]
        self, *, num_positions: int, colors: int, adjoint: bool = False
    ) -> None:
        n, k = num_positions, colors
        super().__init__(
            "uniform_prep",
            n * _color_qubits(k),
            [],
            label=_tensor_power_label("A", n),
            arguments={"num_positions": n, "colors": k},
            adjoint=adjoint,
        )

    def _build(self) -> QuantumCircuit:
        n, k = self._arguments["num_positions"], self._arguments["colors"]
        registers = _position_registers(n, k)
        circuit = QuantumCircuit(*registers, name="uniform_prep")
        prepare = _uniform_preparation(k).to_gate(label="A")
        for register in registers:
            circuit.append(prepare, register)
        return circuit


@_register
class ScorePhaseGate(StageGate):
    r"""``D(phi) = sum_j e^{i j phi}|j><j|`` on the score register: :func:`score_phase`, lazily.

    Cost: ``m`` qubits; ``m`` single-qubit phase gates ``P(2^b phi)`` in its definition.

    Args:
        num_score_qubits: ``m >= 1``.
        phi: the phase (a float or a :class:`~qiskit.circuit.Parameter`, in ``params``).
        adjoint: the inverse stage (``D(-phi)``).

    Raises:
        ValueError: invalid ``m`` or ``phi``.

    Reference: Li, Luo, Xu, Algorithm 4 line 4.

    Example:
        >>> gate = ScorePhaseGate(3, 0.5)
        >>> gate.label, gate.params
        ('D(φ)', [0.5])
    """

    DESCRIPTION = "the phase e^(iφj) on score j"

    def __init__(self, num_score_qubits: int, phi: Angle, *, adjoint: bool = False) -> None:
        phi = _check_angle(phi)
        m = validate_score_width(num_score_qubits, name="num_score_qubits")
        self._make(num_score_qubits=m, phi=phi, adjoint=adjoint)

    def _make(  # type: ignore[override]
        self, *, num_score_qubits: int, phi: Angle, adjoint: bool = False
    ) -> None:
        m = num_score_qubits
        super().__init__(
            "score_phase",
            m,
            [phi],
            label="D(φ)",
            arguments={"num_score_qubits": m},
            adjoint=adjoint,
        )

    def _angles(self) -> dict[str, Angle]:
        return {"phi": self.params[0]}

    def _build(self) -> QuantumCircuit:
        return score_phase(self._arguments["num_score_qubits"], self.params[0])


@_register
class DiffusionGate(StageGate):
    r"""``S_0(phi)^{(x) n}``: the phase-rotated diffusion on every colour register, lazily.

    ``S_0(phi) = A (I + (e^{i phi} - 1)|0><0|) A^dagger = I + (e^{i phi} - 1)|u><u|``
    (:func:`diffusion`) on each register. While ``phi`` is a circuit parameter the
    multi-controlled phase in the definition is built from ``P`` and ``MCX`` only (Aer
    ignores a run-time value bound to a parameterised controlled phase); once ``phi`` is
    bound it is one ``MCPhaseGate``. Both are the same operator.

    Cost: ``n q`` qubits; ``n`` diffusions, each ``A``, ``A^dagger``, ``2q`` X and one
    phase gate with ``q - 1`` controls.

    Args:
        num_positions: ``n``.
        colors: ``k >= 2``.
        phi: the phase (a float or a :class:`~qiskit.circuit.Parameter`, in ``params``).
        adjoint: the inverse stage (``S_0(-phi)`` on every register).

    Raises:
        ValueError: invalid sizes or ``phi``.

    References:
        Li, Luo, Xu, Algorithm 4 line 5; Long (2001); Appendix A, Algorithm 5
        (``phi = pi``).

    Example:
        >>> import math
        >>> DiffusionGate(2, 4, math.pi).label
        'S_0^⊗2(π)'
    """

    DESCRIPTION = "the Grover diffusion (reflection about the uniform state) on every position"

    def __init__(
        self, num_positions: int, colors: int, phi: Angle, *, adjoint: bool = False
    ) -> None:
        phi = _check_angle(phi)
        n, k = circuit_sizes(num_positions, colors)
        self._make(num_positions=n, colors=k, phi=phi, adjoint=adjoint)

    def _make(  # type: ignore[override]
        self, *, num_positions: int, colors: int, phi: Angle, adjoint: bool = False
    ) -> None:
        n, k = num_positions, colors
        symbol = "π" if isinstance(phi, float) and phi == math.pi else "φ"
        super().__init__(
            "diffusion",
            n * _color_qubits(k),
            [phi],
            label=_tensor_power_label("S_0", n, symbol),
            arguments={"num_positions": n, "colors": k},
            adjoint=adjoint,
        )

    def _angles(self) -> dict[str, Angle]:
        return {"phi": self.params[0]}

    def _build(self) -> QuantumCircuit:
        n, k = self._arguments["num_positions"], self._arguments["colors"]
        phi = self.params[0]
        registers = _position_registers(n, k)
        circuit = QuantumCircuit(*registers, name="diffusion")
        label = "S_0(π)" if isinstance(phi, float) and phi == math.pi else "S_0(φ)"
        reflect = _diffusion(k, phi).to_gate(label=label)
        for register in registers:
            circuit.append(reflect, register)
        return circuit


def _measure_positions(circuit: QuantumCircuit, registers: list[QuantumRegister]) -> None:
    """Measure every colour qubit into a new register ``code`` (clbit ``j`` = qubit ``j``)."""
    from .find_two_color import measure_into

    qubits = position_qubit_list(registers)
    bits = ClassicalRegister(len(qubits), "code")
    circuit.add_register(bits)
    measure_into(circuit, qubits, list(bits))


def _as_gate(oracle: Gate | QuantumCircuit) -> Instruction:
    if isinstance(oracle, QuantumCircuit):
        return oracle.to_gate()
    if isinstance(oracle, Instruction):
        return oracle
    raise ValueError(f"oracle must be a Gate or QuantumCircuit, was {type(oracle).__name__}")


def _registers(
    oracle: Instruction, num_positions: int, colors: int
) -> tuple[int, int, int, list[QuantumRegister]]:
    """Validate sizes; return ``(n, q, m, [pos0, ..., score, (anc)])`` for ``oracle``."""
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    return _registers_of(oracle, n, k)


def _registers_of(
    oracle: Instruction, n: int, k: int
) -> tuple[int, int, int, list[QuantumRegister]]:
    """:func:`_registers` of validated ``n``, ``k`` (the oracle's width is checked)."""
    from ..limits import check_circuit_size

    check_circuit_size(n, k)
    q, m = _color_qubits(k), _score_qubits(n)
    width = n * q + m
    if oracle.num_qubits < width:
        raise ValueError(
            f"oracle must act on at least n*q + m = {width} qubits for n={n}, k={k}, "
            f"had {oracle.num_qubits}"
        )
    return n, q, m, _layout_registers(n, k, num_qubits=oracle.num_qubits)


def phase_oracle(
    oracle: Gate | QuantumCircuit, *, num_positions: int, colors: int, phi: Angle
) -> QuantumCircuit:
    r"""``O_s(phi) = B_s^dagger (I (x) D(phi)) B_s``: ``|x>|0> -> e^{i phi B_s(x)}|x>|0>``.

    On the score-zero subspace (ancillas ``|0>``) this is the diagonal
    ``prod_i e^{i phi [x_i = s_i]}`` -- one phase oracle per position (Lemma 3).

    Cost: 2 oracle calls (``B_s``, ``B_s_dg``, drawn ``B_s†``) and ``m`` phase gates.

    Args:
        oracle: the black-peg oracle gate ``B_s`` on the DESIGN.md layout (e.g.
            :meth:`~mastermind_q.codemaker.Codemaker.oracle`), or a circuit.
        num_positions: ``n``.
        colors: ``k``.
        phi: the phase (a float or a :class:`~qiskit.circuit.Parameter`).

    Returns:
        A circuit on ``oracle.num_qubits`` qubits (registers ``pos0 .. pos{n-1}``,
        ``score``, ``anc``) named ``O_s``: ``B_s``, a gate ``D(φ)`` on the score
        register, ``B_s_dg`` (labelled ``B_s†``).

    Raises:
        ValueError: invalid sizes, an oracle narrower than ``n q + m``, or invalid ``phi``.

    References:
        Li, Luo, Xu, Algorithm 4 line 4 and Lemma 3.
    """
    gate = _as_gate(oracle)
    n, _, m, registers = _registers(gate, num_positions, colors)
    circuit = QuantumCircuit(*registers, name="O_s")
    circuit.append(gate, circuit.qubits)
    circuit.append(score_phase(m, phi).to_gate(label="D(φ)"), registers[n])
    circuit.append(oracle_inverse(gate), circuit.qubits)
    return circuit


def grover_iteration(
    oracle: Gate | QuantumCircuit, *, num_positions: int, colors: int, phi: Angle
) -> QuantumCircuit:
    r"""One iteration ``S_0(phi)^{(x) n} O_s(phi)`` of Algorithm 4, as labelled blocks.

    Cost: 2 oracle calls and two stage gates: ``D(phi)`` (``m`` phase gates) and the
    ``n`` diffusions.

    Args:
        oracle: the black-peg oracle gate ``B_s`` (or a circuit).
        num_positions: ``n``.
        colors: ``k``.
        phi: the phase (a float or a :class:`~qiskit.circuit.Parameter`).

    Returns:
        A circuit on ``oracle.num_qubits`` qubits named ``G``: the phase oracle
        ``O_s(φ)`` as its three blocks ``B_s``, ``D(φ)`` (:class:`ScorePhaseGate` on the
        score register), ``B_s†``, then :class:`DiffusionGate` ``S_0^⊗n(φ)`` on the
        colour registers.

    Raises:
        ValueError: invalid sizes, oracle or ``phi``.

    References:
        Li, Luo, Xu, Algorithm 4 lines 4-5, Figure 4.
    """
    gate = _as_gate(oracle)
    n, _, m, registers = _registers(gate, num_positions, colors)
    circuit = QuantumCircuit(*registers, name="G")
    circuit.append(gate, circuit.qubits)
    circuit.append(ScorePhaseGate(m, phi), registers[n])
    circuit.append(oracle_inverse(gate), circuit.qubits)
    circuit.append(DiffusionGate(n, colors, phi), position_qubit_list(registers))
    return circuit


def adaptive_circuit(
    oracle: Gate | QuantumCircuit, *, num_positions: int, colors: int, measure: bool = True
) -> QuantumCircuit:
    r"""Algorithm 4: ``A^{(x) n}``, ``T`` Grover iterations, measure the colour registers.

    The phase is left as a :class:`~qiskit.circuit.Parameter` named ``phi``; bind it
    to ``exact_grover_parameters(k)[1]`` at run time. The circuit then ends in
    ``|s_1 ... s_n>|0>`` with probability 1, so one parameterised (transpiled) circuit
    serves every ``phi`` with the same ``T`` and layout::

        compiled = transpile(adaptive_circuit(oracle, ...), AerSimulator())
        SamplerV2().run([(compiled, [phi])])  # or bind before transpiling

    The phase enters through single-qubit ``P`` gates and unparameterised ``MCX`` only:
    Aer ignores a run-time value bound to a parameterised controlled phase (``cp``,
    ``mcphase``; Qiskit/qiskit-aer#2391 and #2403), so the diffusion's multi-controlled
    phase is built from ``P`` and ``MCX`` while ``phi`` is free (see the documentation's
    known upstream issues).

    Cost: ``oracle.num_qubits`` qubits; ``4T + 1`` gates (``2T`` oracle calls) and
    ``n q`` measurements. In the stages' definitions, built when the circuit is
    synthesised: ``n(2T + 1)`` uses of ``A`` / ``A^dagger``; ``T m`` phase gates in
    ``D(phi)``; ``n T`` phase gates with ``q - 1`` controls.

    Args:
        oracle: the black-peg oracle gate ``B_s`` (or a circuit).
        num_positions: ``n``.
        colors: ``k``.
        measure: append measurements of the colour qubits into a classical register
            ``code`` (clbit ``j`` = colour qubit ``j``).

    Returns:
        The circuit, named ``adaptive``, with one free parameter ``phi``: the stage
        gate :class:`UniformPreparationGate` ``A^⊗n``, then per iteration the
        codemaker's ``B_s``, :class:`ScorePhaseGate` ``D(φ)``, ``B_s†`` and
        :class:`DiffusionGate` ``S_0^⊗n(φ)`` (``4T + 1`` gates whatever ``n``), then the
        measurements; its metadata
        ``color_qubits`` is ``q``, so that Aer's MPS runs can keep each position's
        qubits together on the chain (:func:`mastermind_q.backends.chain_for_mps`).

    Raises:
        ValueError: invalid sizes or oracle.

    References:
        Li, Luo, Xu, Algorithm 4 and Theorem 3; Long (2001) for the parameters.
    """
    validate_flag(measure, "measure")
    gate = _as_gate(oracle)
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    return _adaptive_circuit(gate, n, k, measure=measure)


def _adaptive_circuit(gate: Instruction, n: int, k: int, *, measure: bool = True) -> QuantumCircuit:
    """:func:`adaptive_circuit` of validated sizes, ``oracle`` as an instruction (its
    width is checked)."""
    _, q, m, registers = _registers_of(gate, n, k)
    iterations, _ = _exact_grover_parameters(k)
    phi = Parameter(PHI_NAME)
    circuit = QuantumCircuit(*registers, name="adaptive", metadata={"color_qubits": q})
    qubits = tuple(circuit.qubits)
    positions = qubits[: n * q]
    score = qubits[n * q : n * q + m]
    inverse = oracle_inverse(gate)
    uniform = UniformPreparationGate._of(num_positions=n, colors=k)
    circuit._append(CircuitInstruction(uniform, positions))
    for _ in range(iterations):
        circuit._append(CircuitInstruction(gate, qubits))
        circuit._append(CircuitInstruction(ScorePhaseGate._of(num_score_qubits=m, phi=phi), score))
        circuit._append(CircuitInstruction(inverse, qubits))
        diffuse = DiffusionGate._of(num_positions=n, colors=k, phi=phi)
        circuit._append(CircuitInstruction(diffuse, positions))
    if measure:
        _measure_positions(circuit, registers)
    return circuit
