r"""Hunziker and Meyer's parity-oracle search: Li-Luo-Xu Appendix A, Algorithm 5.

The oracle answers the parity of the Hamming distance (Hunziker-Meyer's ``k > 4``
case, ``h_s(x) = d_H(x, s) mod 2``):

.. math::

    O_h |x\rangle|b\rangle = |x\rangle|b \oplus (d_H(x, s) \bmod 2)\rangle,
    \qquad d_H(x, s) = n - B_s(x).

With the answer qubit in ``|->`` (``HX|0>``) it kicks back
``(-1)^{d_H(x, s)} = (-1)^n prod_i (-1)^{[x_i = s_i]}`` (Eqs. (1)-(4)): one Grover
oracle per position, up to a global sign. Algorithm 5 prepares
``A^{(x) n} (x) HX`` (``A|0>`` the uniform superposition of the ``k`` colours) and runs
``T = round((pi / (2 arcsin(1/sqrt k)) - 1) / 2)`` iterations of ``O_h`` followed by
the diffusion ``(A (I - 2|0><0|) A^dagger)^{(x) n}``. The ``n`` searches are
independent, each finds its colour with probability ``sin^2((2T + 1) theta)``,
``theta = arcsin(1/sqrt k)``, so

.. math::

    p = \sin^2\bigl((2T + 1)\theta\bigr)^n.

Theorem 4: ``p >= 1/2 + eps`` for ``n <= -k ln(1/2 + eps)`` (:func:`theorem4_table`).
``A`` is :func:`~mastermind_q.circuits.grover.uniform_preparation`: ``QFT_k`` when
``k = 2^q``, else Qiskit's exact ``UniformSuperpositionGate(k, q)``; only ``A|0>``
enters the diffusion.

Why it cannot be made exact (the paper's remark after Eq. (5)). Long's exact search
needs a phase ``e^{i phi}`` on the marked colour of each position. With the parity
oracle the best one can write is ``e^{i phi h_s(x)}`` (compute ``h_s`` into ``|0>``,
phase it, uncompute: :func:`parity_phase_search`); it factorises into per-position
phases only for ``phi = pi``, because ``(-1)^l = (-1)^{l mod 2}`` while ``e^{i phi l}
!= e^{i phi (l mod 2)}``. With Long's ``phi`` the probability stays below 1 for ``n >=
2``, while Algorithm 4 (``e^{i phi B_s(x)}`` from the black-peg oracle) reaches 1.

Layout: position ``i`` is a register ``pos{i}`` of ``q = max(1, ceil(log2 k))`` qubits,
its colour little-endian; then the answer qubit ``score`` (one qubit).

Cost of :func:`parity_oracle`: ``n q + 1`` qubits, ``n`` multi-controlled X gates with
``q`` controls (``X`` on the answer qubit when ``n`` is odd). :func:`hunziker_meyer_circuit`:
``T`` oracle calls, ``n (2T + 1)`` uses of ``A`` or ``A^dagger``.

References:
    M. Hunziker and D. A. Meyer, "Quantum algorithms for highly structured search
    problems", Quantum Information Processing 1, 145-154 (2002) [HM02]. Li, Luo, Xu,
    "Winning Mastermind overwhelmingly on quantum computers", Appendix A, Algorithm 5,
    Theorem 4, Eqs. (1)-(5).

Example:
    >>> hunziker_meyer_iterations(8)
    2
    >>> round(hunziker_meyer_success_probability(2, 8), 6)
    0.893616
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from qiskit.circuit import (
    CircuitInstruction,
    Gate,
    Instruction,
    QuantumCircuit,
    QuantumRegister,
)

from ..game import validate_colors, validate_flag, validate_positions
from .layout import _color_qubits, circuit_sizes
from .oracle.parity import (
    PARITY_ORACLE_GATE_NAME,
    PARITY_ORACLE_LABEL,
    ParityOracleGate,
    _registers,
    parity_distance,
    parity_oracle,
    parity_oracle_gate,
)
from .stages import StageGate, _register

__all__ = [
    "PARITY_ORACLE_GATE_NAME",
    "PARITY_ORACLE_LABEL",
    "HunzikerMeyerPreparationGate",
    "ParityOracleGate",
    "hunziker_meyer_circuit",
    "hunziker_meyer_iterations",
    "hunziker_meyer_preparation",
    "hunziker_meyer_success_probability",
    "parity_distance",
    "parity_oracle",
    "parity_oracle_gate",
    "parity_phase_search",
    "theorem4_table",
]


def hunziker_meyer_iterations(colors: int) -> int:
    """``T = round((pi / (2 arcsin(1/sqrt k)) - 1) / 2)`` (Algorithm 5, line 3).

    Example:
        >>> [hunziker_meyer_iterations(k) for k in (5, 6, 7, 8, 16)]
        [1, 1, 2, 2, 3]
    """
    return _hunziker_meyer_iterations(validate_colors(colors))


def _hunziker_meyer_iterations(k: int) -> int:
    """:func:`hunziker_meyer_iterations` of a validated ``k``."""
    value = (math.pi / (2 * math.asin(1 / math.sqrt(k))) - 1) / 2
    return math.floor(value + 0.5)


def hunziker_meyer_success_probability(num_positions: int, colors: int) -> float:
    """``p = sin^2((2T + 1) theta)^n``, ``theta = arcsin(1/sqrt k)``, ``T`` of Algorithm 5.

    The ``n`` Grover searches are independent (the parity kickback factorises), each
    succeeds with ``sin^2((2T + 1) theta)``.
    """
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    theta = math.asin(1 / math.sqrt(k))
    iterations = _hunziker_meyer_iterations(k)
    return math.sin((2 * iterations + 1) * theta) ** (2 * n)


def theorem4_table(
    colors: Sequence[int] = (5, 8, 16, 32, 64), epsilons: Sequence[float] = (0.05, 0.1, 0.25)
) -> list[dict[str, float | int | bool]]:
    """Theorem 4 checked: at ``n = floor(-k ln(1/2 + eps))``, is ``p >= 1/2 + eps``?

    Returns:
        One row per ``(k, eps)``: ``k``, ``eps``, ``n`` (the theorem's largest ``n``,
        at least 1), ``T``, ``p`` (:func:`hunziker_meyer_success_probability`),
        ``holds`` (``p >= 1/2 + eps``).
    """
    rows: list[dict[str, float | int | bool]] = []
    for k in colors:
        for eps in epsilons:
            n = max(1, math.floor(-k * math.log(0.5 + eps)))
            p = hunziker_meyer_success_probability(n, k)
            rows.append(
                {
                    "k": k,
                    "eps": eps,
                    "n": n,
                    "T": hunziker_meyer_iterations(k),
                    "p": p,
                    "holds": p >= 0.5 + eps,
                }
            )
    return rows


def _check_width(gate: Instruction, n: int, q: int) -> None:
    if gate.num_qubits != n * q + 1:
        raise ValueError(
            f"the parity oracle must act on n*q + 1 = {n * q + 1} qubits, had {gate.num_qubits}"
        )


def _checked_registers(
    oracle: Gate | QuantumCircuit, num_positions: int, colors: int
) -> tuple[int, int, int, Instruction, list[QuantumRegister]]:
    """Validate sizes and the oracle; return ``(n, k, q, gate, [pos0, ..., score])``."""
    from .grover import _as_gate

    n, k = circuit_sizes(num_positions, colors)
    return _registers_for(_as_gate(oracle), n, k)


def _registers_for(
    gate: Instruction, n: int, k: int
) -> tuple[int, int, int, Instruction, list[QuantumRegister]]:
    """:func:`_checked_registers` of validated sizes (the oracle's width is checked)."""
    from ..limits import check_circuit_size

    check_circuit_size(n, k)
    q = _color_qubits(k)
    _check_width(gate, n, q)
    return n, k, q, gate, _registers(n, q)


def hunziker_meyer_preparation(num_positions: int, colors: int) -> QuantumCircuit:
    r"""Algorithm 5's preparation ``A^{(x) n} (x) HX``: uniform colours, the answer in ``|->``.

    Cost: ``n q + 1`` qubits; ``n`` gates ``A``
    (:func:`~mastermind_q.circuits.grover.uniform_preparation`), one X and one H.

    Returns:
        A circuit named ``hm_prep`` on ``pos0 .. pos{n-1}``, ``score``.

    Raises:
        ValueError: invalid sizes.

    Reference: Li, Luo, Xu, Appendix A, Algorithm 5 line 1.
    """
    return _hunziker_meyer_preparation(*circuit_sizes(num_positions, colors))


def _hunziker_meyer_preparation(n: int, k: int) -> QuantumCircuit:
    """:func:`hunziker_meyer_preparation` of validated sizes."""
    from .grover import _uniform_preparation

    registers = _registers(n, _color_qubits(k))
    circuit = QuantumCircuit(*registers, name="hm_prep")
    prepare = _uniform_preparation(k).to_gate(label="A")
    for register in registers[:-1]:
        circuit.append(prepare, register)
    circuit.x(registers[-1])
    circuit.h(registers[-1])
    return circuit


@_register
class HunzikerMeyerPreparationGate(StageGate):
    r"""Algorithm 5's preparation as one gate: :func:`hunziker_meyer_preparation`, lazily.

    ``|0>^{nq}|0> -> (k^{-1/2} sum_c |c>)^{(x) n} (x) |->`` (position ``i`` on qubits
    ``[i q, (i+1) q)``, the answer qubit last).

    Cost: ``n q + 1`` qubits; ``n`` gates ``A``, one X and one H in its definition.

    Args:
        num_positions: ``n``.
        colors: ``k``.
        adjoint: the inverse stage.

    Raises:
        ValueError: invalid sizes.

    Reference: Li, Luo, Xu, Appendix A, Algorithm 5 line 1.

    Example:
        >>> HunzikerMeyerPreparationGate(2, 5).num_qubits
        7
    """

    DESCRIPTION = "every position uniform over the k colours, the answer qubit in |−⟩"

    def __init__(self, num_positions: int, colors: int, *, adjoint: bool = False) -> None:
        n, k = circuit_sizes(num_positions, colors)
        self._make(num_positions=n, colors=k, adjoint=adjoint)

    def _make(  # type: ignore[override]
        self, *, num_positions: int, colors: int, adjoint: bool = False
    ) -> None:
        n, k = num_positions, colors
        super().__init__(
            "hm_prep",
            n * _color_qubits(k) + 1,
            [],
            label="A^⊗n ⊗ |−⟩" if n > 1 else "A ⊗ |−⟩",
            arguments={"num_positions": n, "colors": k},
            adjoint=adjoint,
        )

    def _build(self) -> QuantumCircuit:
        return _hunziker_meyer_preparation(
            self._arguments["num_positions"], self._arguments["colors"]
        )


def hunziker_meyer_circuit(
    oracle: Gate | QuantumCircuit,
    *,
    num_positions: int,
    colors: int,
    measure: bool = True,
) -> QuantumCircuit:
    r"""Algorithm 5: ``A^{(x) n} (x) HX``, then ``T`` times ``O_h`` and the diffusions.

    Cost: ``n q + 1`` qubits; ``2T + 1`` gates, ``T`` of them oracle calls
    (:func:`hunziker_meyer_iterations`); ``n q`` measurements; in the stages'
    definitions ``n (2T + 1)`` uses of ``A`` / ``A^dagger``.

    Args:
        oracle: the parity oracle ``O_h`` (e.g. ``Codemaker.parity_oracle()``), or a
            circuit, on ``n q + 1`` qubits.
        num_positions: ``n``.
        colors: ``k``.
        measure: measure the colour registers into ``code`` (clbit ``j`` = qubit ``j``).

    Returns:
        The circuit ``hunziker-meyer`` on registers ``pos0 .. pos{n-1}``, ``score``:
        :class:`HunzikerMeyerPreparationGate`, then ``T`` times the oracle and
        :class:`~mastermind_q.circuits.grover.DiffusionGate` ``S_0^⊗n(π)``, then the
        measurements.

    Raises:
        ValueError: invalid sizes, or an oracle of another width.

    References:
        Li, Luo, Xu, Appendix A, Algorithm 5; Hunziker and Meyer (2002).
    """

    from .grover import _as_gate

    validate_flag(measure, "measure")
    n, k = circuit_sizes(num_positions, colors)
    return _hunziker_meyer_circuit(_as_gate(oracle), n, k, measure=measure)


def _hunziker_meyer_circuit(
    gate: Instruction, n: int, k: int, *, measure: bool = True
) -> QuantumCircuit:
    """:func:`hunziker_meyer_circuit` of validated sizes, the oracle as an instruction (its
    width is checked)."""
    import math

    from .grover import DiffusionGate, _measure_positions

    n, k, q, gate, registers = _registers_for(gate, n, k)
    circuit = QuantumCircuit(*registers, name="hunziker-meyer", metadata={"color_qubits": q})
    qubits = tuple(circuit.qubits)
    positions = qubits[: n * q]
    prepare = HunzikerMeyerPreparationGate._of(num_positions=n, colors=k)
    circuit._append(CircuitInstruction(prepare, qubits))
    reflect = DiffusionGate._of(num_positions=n, colors=k, phi=math.pi)
    for _ in range(_hunziker_meyer_iterations(k)):
        circuit._append(CircuitInstruction(gate, qubits))
        circuit._append(CircuitInstruction(reflect, positions))
    if measure:
        _measure_positions(circuit, registers[:-1])
    return circuit


def parity_phase_search(
    oracle: Gate | QuantumCircuit,
    *,
    num_positions: int,
    colors: int,
    phi: float,
    iterations: int,
) -> QuantumCircuit:
    r"""The parity search with a general phase: what an "exact" Algorithm 5 would be.

    Each iteration writes ``h_s(x)`` into the answer qubit (``|0>``), applies ``P(phi)``
    to it and uncomputes (``e^{i phi h_s(x)}``, 2 oracle calls), then the diffusion
    ``S_0(phi)`` of :func:`~mastermind_q.circuits.grover.diffusion` on every position --
    Algorithm 4 with ``B_s(x)`` replaced by ``h_s(x)``. With Long's ``phi`` and ``T``
    (:func:`~mastermind_q.circuits.grover.exact_grover_parameters`) the probability of
    the secret stays below 1 for ``n >= 2``: the phase ``e^{i phi (d mod 2)}`` does not
    factorise over the positions.

    Returns:
        An unmeasured circuit on ``pos0 .. pos{n-1}``, ``score``.
    """
    from .grover import DiffusionGate, UniformPreparationGate

    n, k, _, gate, registers = _checked_registers(oracle, num_positions, colors)
    circuit = QuantumCircuit(*registers, name="parity-phase-search")
    positions = [qubit for register in registers[:-1] for qubit in register]
    circuit.append(UniformPreparationGate(n, k), positions)
    reflect = DiffusionGate(n, k, phi)
    for _ in range(iterations):
        circuit.append(gate, circuit.qubits)
        circuit.p(phi, registers[-1][0])
        circuit.append(gate.inverse(), circuit.qubits)
        circuit.append(reflect, positions)
    return circuit
