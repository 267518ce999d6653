r"""The constructions of the black-peg oracle ``B_s``: one registry entry each.

Every construction adds ``B_s(x) = sum_i [x_i = s_i]`` into the score register
modulo ``2^m`` (:func:`~mastermind_q.circuits.oracle.black_peg_oracle` states the map
and the qubit layout). An entry of :data:`CONSTRUCTION_REGISTRY`
(:class:`Construction`) holds what the toolkit knows of a construction, in one place:
its builder, its CX count before optimisation as a formula, and its work-qubit need.
Everything else reads the registry: :data:`CONSTRUCTIONS`, the ``construction``
options of the builders and of the gate, the synthesis plugins
(:mod:`mastermind_q.backends.synthesis`), the command line's ``--oracle`` and the
chooser (:mod:`mastermind_q.backends.oracle_choice`).

========================  =============================================================
``fourier`` (default)     an adder in the Fourier basis, two flag sets shared by the
                          positions (:func:`_build_fourier`)
``increment``             a controlled ``+1 mod 2^m`` per position (:func:`_build_increment`)
``gray``                  phase polynomials walked by a Gray code, no flag for ``k <= 4``
                          (:func:`_build_gray`)
``line``                  the score register as a line of neighbours, a flag per
                          position (:func:`_build_line`)
========================  =============================================================

Shared notation of the cost formulas: ``q = max(1, ceil(log2 k))`` qubits per
position, ``A(q) = 3(q-1)`` the CX of one relative-phase AND of ``q`` bits and
``a(q) = floor(q/2)`` its ancillas (flag + work; ``0`` when ``q = 1``). Per position,
X gates map ``x_i = s_i`` to all-ones and a chain of relative-phase Toffolis
(``rcccx``, ``rccx``) computes the flag ``f_i = [x_i = s_i]`` (for ``k = 2`` the
flipped qubit itself is the flag); the compute/uncompute pair is exact because
everything in between is diagonal in, or leaves unchanged, the qubits it acts on.
Which construction needs the fewest two-qubit gates after routing depends on the
device: ``benchmarks/RESULTS.md`` ("A layout-aware oracle") has the measurements.

Adding a construction: write its builder (the signature of :data:`Builder`), its cost
and work-qubit formulas, add its :class:`Construction` to the registry and its name to
:data:`~mastermind_q.circuits.oracle.names.CONSTRUCTIONS` (the list the command line
reads without importing Qiskit), then its synthesis plugin (a two-line subclass in
:mod:`mastermind_q.backends.synthesis`) and its ``qiskit.synthesis`` entry point in
``pyproject.toml``; the tests check every entry on all basis states.

Example:
    >>> CONSTRUCTIONS
    ('fourier', 'increment', 'gray', 'line')
    >>> black_peg_oracle_cost(8, 8)
    OracleCost(qubits=30, ancillas=2, two_qubit_gates=170)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

from qiskit.circuit import Gate, QuantumCircuit, Qubit
from qiskit.circuit.library import CCXGate, RC3XGate, RCCXGate

from ...game import validate_colors, validate_positions
from ...limits import check_circuit_size
from ..layout import _checked_score_width, _color_qubits, _score_qubits
from .names import AUTO, CONSTRUCTIONS, DEFAULT_CONSTRUCTION, ORACLE_METHODS

__all__ = [
    "AUTO",
    "CONSTRUCTIONS",
    "CONSTRUCTION_REGISTRY",
    "DEFAULT_CONSTRUCTION",
    "ORACLE_METHODS",
    "Builder",
    "Construction",
    "OracleCost",
    "black_peg_oracle_cost",
    "construction_ancillas",
    "validate_construction",
]

Builder = Callable[
    [QuantumCircuit, Sequence[int], Sequence[Sequence[Qubit]], Sequence[Qubit], Sequence[Qubit]],
    None,
]
"""A construction's builder: ``build(circuit, code, positions, score, ancillas)`` appends
``B_s`` for the secret ``code`` to ``circuit``, on the position registers (``q`` qubits
each, little-endian), the score register (``m`` qubits, little-endian) and the work
qubits (as many as the construction's :attr:`Construction.work_qubits` says)."""


@dataclasses.dataclass(frozen=True)
class Construction:
    """One construction of the black-peg oracle, as Qualtran keeps a bloq: the builder
    and its cost together.

    Attributes:
        name: the construction's name (``construction=`` everywhere, the plugin name).
        summary: one line on how it is built.
        build: the :data:`Builder`.
        work_qubits: ``(n, q, m) ->`` the work ancillas it needs.
        two_qubit_gates: ``(n, q, m) ->`` its CX count once every gate is written with
            CX and one-qubit gates, before any optimisation (``rccx`` = 3, ``rcccx`` = 6,
            ``ccx`` = 6, ``cp`` = 2, ``cx`` = 1).
    """

    name: str
    summary: str
    build: Builder
    work_qubits: Callable[[int, int, int], int]
    two_qubit_gates: Callable[[int, int, int], int]


class OracleCost(NamedTuple):
    """Size of a black-peg oracle circuit, as built by
    :func:`~mastermind_q.circuits.oracle.black_peg_oracle`.

    Attributes:
        qubits: all qubits, ``n*q + m + ancillas``.
        ancillas: work ancillas (returned to ``|0>``).
        two_qubit_gates: CX count once every gate is written with CX and one-qubit
            gates, before any optimisation (``rccx`` = 3, ``rcccx`` = 6, ``ccx`` = 6,
            ``cp`` = 2, ``cx`` = 1).
    """

    qubits: int
    ancillas: int
    two_qubit_gates: int


# -- cost as code ----------------------------------------------------------------------


def _and_gate_count(q: int) -> int:
    """Relative-phase Toffolis in the AND of ``q`` bits (``rcccx`` absorbs two bits)."""
    return 0 if q == 1 else q // 2


def _and_cx(q: int) -> int:
    """CX of one relative-phase AND of ``q`` bits: ``3(q-1)``."""
    return 3 * (q - 1)


def _gray_and_set(q: int) -> int:
    """Ancillas per position in the Gray construction: the AND of the low ``q-1`` bits."""
    return 0 if q <= 2 else _and_gate_count(q - 1)


def _line_entries(num_positions: int, m: int) -> list[int]:
    """Entry slot of each position in the ``line`` construction: ``floor(i m / n)``."""
    return [(i * m) // num_positions for i in range(num_positions)]


def _fourier_flag_sets(num_positions: int, q: int) -> int:
    """Flag (+ work) ancilla sets alive at once in the Fourier construction."""
    return 0 if q == 1 else min(num_positions, 2)


def _fourier_work(n: int, q: int, m: int) -> int:
    return _fourier_flag_sets(n, q) * _and_gate_count(q)


def _fourier_cost(n: int, q: int, m: int) -> int:
    """``2m(m-1) + 2n A(q) + (n+1) m + 2(n-1)``."""
    return 2 * m * (m - 1) + 2 * n * _and_cx(q) + (n + 1) * m + 2 * (n - 1)


def _increment_work(n: int, q: int, m: int) -> int:
    return _and_gate_count(q) + max(0, m - 2)


def _increment_cost(n: int, q: int, m: int) -> int:
    """``n (2 A(q) + I(m))``, ``I(1) = 1``, ``I(m) = 7m - 7`` for ``m >= 2``."""
    return n * (2 * _and_cx(q) + (1 if m == 1 else 7 * m - 7))


def _gray_work(n: int, q: int, m: int) -> int:
    return n * _gray_and_set(q)


def _gray_cost(n: int, q: int, m: int) -> int:
    """``2m(m-1) + n G``, ``G = 2m`` (q = 1), ``4m + 2`` (q = 2), ``4m + 2 + 2A(q-1)``."""
    per_position = 2 * m if q == 1 else 4 * m + 2
    if q >= 3:
        per_position += 2 * _and_cx(q - 1)
    return 2 * m * (m - 1) + n * per_position


def _line_work(n: int, q: int, m: int) -> int:
    return n * _and_gate_count(q)


def _line_cost(n: int, q: int, m: int) -> int:
    """``2m(m-1) + n (2 A(q) + 2m) + 2(m-1) + 2 j_{n-1}``, ``j_{n-1} = floor((n-1) m / n)``."""
    last_entry = _line_entries(n, m)[-1]
    return 2 * m * (m - 1) + n * (2 * _and_cx(q) + 2 * m) + 2 * (m - 1) + 2 * last_entry


# -- building blocks -------------------------------------------------------------------


def _and_operations(
    inputs: Sequence[Qubit], target: Qubit, work: Sequence[Qubit]
) -> list[tuple[Gate, list[Qubit]]]:
    """``target ^= AND(inputs)`` up to a diagonal phase, ``len(inputs) >= 2``.

    A chain of relative-phase Toffolis (``rcccx`` takes two new bits, ``rccx`` one):
    ``3(q-1)`` CX, ``floor(q/2) - 1`` work qubits, left holding partial ANDs. Exact
    only as a compute/uncompute pair around operations that are diagonal in (or leave
    unchanged) these qubits.
    """
    pending = list(inputs)
    free = list(work)
    operations: list[tuple[Gate, list[Qubit]]] = []
    while True:
        if len(pending) == 2:
            operations.append((RCCXGate(), [*pending, target]))
            return operations
        if len(pending) == 3:
            operations.append((RC3XGate(), [*pending, target]))
            return operations
        partial = free.pop(0)
        if len(pending) % 2 == 0:
            operations.append((RCCXGate(), [*pending[:2], partial]))
            pending = [partial, *pending[2:]]
        else:
            operations.append((RC3XGate(), [*pending[:3], partial]))
            pending = [partial, *pending[3:]]


def _append_operations(
    circuit: QuantumCircuit,
    operations: Sequence[tuple[Gate, list[Qubit]]],
    *,
    inverse: bool = False,
) -> None:
    if inverse:
        for gate, qubits in reversed(operations):
            circuit.append(gate.inverse(), qubits)
    else:
        for gate, qubits in operations:
            circuit.append(gate, qubits)


def _qft_without_swaps(circuit: QuantumCircuit, qubits: Sequence[Qubit]) -> None:
    """QFT on ``qubits`` (little-endian) without the final swaps.

    ``|b> -> 2^{-m/2} sum_y e^{2 pi i b y / 2^m} |y>`` with Fourier bit ``l`` of ``y``
    left on ``qubits[m-1-l]``. ``m(m-1)/2`` controlled phases.
    """
    m = len(qubits)
    for j in reversed(range(m)):
        circuit.h(qubits[j])
        for control in reversed(range(j)):
            circuit.cp(math.pi / 2 ** (j - control), qubits[control], qubits[j])


def _inverse_qft_without_swaps(circuit: QuantumCircuit, qubits: Sequence[Qubit]) -> None:
    """The inverse of :func:`_qft_without_swaps`."""
    m = len(qubits)
    for j in range(m):
        for control in range(j):
            circuit.cp(-math.pi / 2 ** (j - control), qubits[control], qubits[j])
        circuit.h(qubits[j])


def _flip_to_match(circuit: QuantumCircuit, register: Sequence[Qubit], color: int) -> None:
    """X on the qubits where ``color`` has a 0 bit: then ``x_i = s_i`` iff all are 1."""
    flips = [qubit for bit, qubit in enumerate(register) if not (color >> bit) & 1]
    if flips:
        circuit.x(flips)


# -- the builders ----------------------------------------------------------------------


def _build_fourier(
    circuit: QuantumCircuit,
    code: Sequence[int],
    positions: Sequence[Sequence[Qubit]],
    score: Sequence[Qubit],
    ancillas: Sequence[Qubit],
) -> None:
    r"""``fourier``: an adder in the Fourier basis, two flag sets shared by the positions.

    After a swap-free QFT the score holds Fourier bits ``y_l`` with weights
    ``theta_l = 2 pi 2^l / 2^m``; adding the flag ``f_i = [x_i = s_i]`` is the phase
    ``exp(i sum_l theta_l f_i y_l)``. Writing ``f y = (f + y - f XOR y) / 2``, the local
    terms are one-qubit phases and each ``f_i XOR y_l`` term needs the parity on a
    qubit: two flag ancillas alternate, ``f_{i-1} XOR f_i`` is formed by one CX, and one
    CX fan-out onto the ``m`` score qubits moves every score qubit from
    ``y_l XOR f_{i-1}`` to ``y_l XOR f_i``, so each position costs ``m + 2`` CX of phase
    work instead of ``2m``.

    Cost (:func:`_fourier_cost`): ``2m(m-1) + 2n A(q) + (n+1)m + 2(n-1)`` CX,
    ``min(n, 2) a(q)`` work qubits.
    """
    n, q, m = len(code), len(positions[0]), len(score)
    weights = [2 * math.pi * 2**bit / 2**m for bit in range(m)]
    fourier = [score[m - 1 - bit] for bit in range(m)]  # Fourier bit l sits on score[m-1-l]
    set_size = _and_gate_count(q)

    def flag(i: int) -> Qubit:
        if q == 1:
            return positions[i][0]
        return ancillas[(i % 2) * set_size]

    def and_operations(i: int) -> list[tuple[Gate, list[Qubit]]]:
        if q == 1:
            return []
        base = (i % 2) * set_size
        work = ancillas[base + 1 : base + set_size]
        return _and_operations(positions[i], ancillas[base], work)

    def fan_out(control: Qubit) -> None:
        for qubit in fourier:
            circuit.cx(control, qubit)

    _qft_without_swaps(circuit, score)
    # f y = (f + y - f XOR y) / 2: the y terms, n times each.
    for bit, qubit in enumerate(fourier):
        circuit.p(n * weights[bit] / 2, qubit)
    previous: list[tuple[Gate, list[Qubit]]] = []
    for i in range(n):
        _flip_to_match(circuit, positions[i], code[i])
        current = and_operations(i)
        _append_operations(circuit, current)
        circuit.p(sum(weights) / 2, flag(i))  # the f_i terms
        if i == 0:
            fan_out(flag(0))  # score qubit l: y_l XOR f_0
        else:
            circuit.cx(flag(i), flag(i - 1))  # f_{i-1} XOR f_i
            fan_out(flag(i - 1))  # y_l XOR f_{i-1} -> y_l XOR f_i
            circuit.cx(flag(i), flag(i - 1))
            _append_operations(circuit, previous, inverse=True)
            _flip_to_match(circuit, positions[i - 1], code[i - 1])
        for bit, qubit in enumerate(fourier):
            circuit.p(-weights[bit] / 2, qubit)  # the -(f_i XOR y_l) / 2 terms
        previous = current
    fan_out(flag(n - 1))
    _append_operations(circuit, previous, inverse=True)
    _flip_to_match(circuit, positions[n - 1], code[n - 1])
    _inverse_qft_without_swaps(circuit, score)


def _build_gray(
    circuit: QuantumCircuit,
    code: Sequence[int],
    positions: Sequence[Sequence[Qubit]],
    score: Sequence[Qubit],
    ancillas: Sequence[Qubit],
) -> None:
    r"""``gray``: the Fourier adder with phase polynomials walked by a Gray code.

    No flag for ``q <= 2``. After the X gates the match is the product ``c_0 c_1`` of
    (at most) two control bits (``c = x_i`` for ``q <= 2``; for ``q >= 3``, ``c_0`` is
    the AND of the low ``q-1`` bits, computed into the position's own ancilla set, and
    ``c_1`` the top bit). The phase ``theta_l c_0 c_1 y_l`` is the phase polynomial
    ``theta_l / 4 (c_0 + c_1 + y_l - c_0 XOR c_1 - c_0 XOR y_l - c_1 XOR y_l
    + c_0 XOR c_1 XOR y_l)`` (``theta_l / 2 (c_0 + y_l - c_0 XOR y_l)`` for one
    control): the ``y_l`` terms are summed over the positions into one phase per score
    qubit, the control-only terms are local to the position (one CX pair for
    ``c_0 XOR c_1``), and the three parities with ``y_l`` are visited by the Gray cycle
    ``CX(c_0, y_l), CX(c_1, y_l), CX(c_0, y_l), CX(c_1, y_l)`` with a phase on ``y_l``
    after the first three: 4 CX per position and score qubit, all aimed at the score
    qubit, no hub qubit shared by the positions (what routing on sparse couplings
    rewards).

    Cost (:func:`_gray_cost`): ``2m(m-1) + n G`` CX with ``G = 2m`` (``q = 1``),
    ``4m + 2`` (``q = 2``), ``4m + 2 + 2A(q-1)`` (``q >= 3``); no work qubits for
    ``q <= 2``, ``n a(q-1)`` for ``q >= 3`` (ancilla set ``i`` belongs to position ``i``).
    """
    n, q, m = len(code), len(positions[0]), len(score)
    weights = [2 * math.pi * 2**bit / 2**m for bit in range(m)]
    fourier = [score[m - 1 - bit] for bit in range(m)]  # Fourier bit l sits on score[m-1-l]
    scale = 0.5 if q == 1 else 0.25  # 2^-t for a product of t controls and y_l
    local = scale * sum(weights)  # a control-only parity gets this angle from every y_l
    set_size = _gray_and_set(q)
    _qft_without_swaps(circuit, score)
    for bit, qubit in enumerate(fourier):
        circuit.p(n * scale * weights[bit], qubit)  # the y_l terms of every position
    for i, color in enumerate(code):
        register = positions[i]
        _flip_to_match(circuit, register, color)
        operations: list[tuple[Gate, list[Qubit]]] = []
        controls = list(register)
        if q >= 3:
            owned = ancillas[i * set_size : (i + 1) * set_size]
            operations = _and_operations(register[:-1], owned[0], owned[1:])
            controls = [owned[0], register[-1]]
        _append_operations(circuit, operations)
        for control in controls:
            circuit.p(local, control)
        if len(controls) == 2:
            circuit.cx(controls[0], controls[1])
            circuit.p(-local, controls[1])  # c_0 XOR c_1
            circuit.cx(controls[0], controls[1])
        for bit, qubit in enumerate(fourier):
            angle = scale * weights[bit]
            if len(controls) == 1:
                circuit.cx(controls[0], qubit)
                circuit.p(-angle, qubit)  # c_0 XOR y_l
                circuit.cx(controls[0], qubit)
                continue
            circuit.cx(controls[0], qubit)
            circuit.p(-angle, qubit)  # c_0 XOR y_l
            circuit.cx(controls[1], qubit)
            circuit.p(angle, qubit)  # c_0 XOR c_1 XOR y_l
            circuit.cx(controls[0], qubit)
            circuit.p(-angle, qubit)  # c_1 XOR y_l
            circuit.cx(controls[1], qubit)
        _append_operations(circuit, operations, inverse=True)
        _flip_to_match(circuit, register, color)
    _inverse_qft_without_swaps(circuit, score)


def _difference_basis(circuit: QuantumCircuit, score: Sequence[Qubit], entry: int) -> None:
    """Plain Fourier bits ``y`` -> the difference basis around slot ``entry``.

    Slot ``entry`` keeps ``y_entry``; slot ``l > entry`` gets ``y_l XOR y_{l-1}``, slot
    ``l < entry`` gets ``y_l XOR y_{l+1}``: ``m - 1`` CX between line neighbours.
    """
    for slot in reversed(range(entry + 1, len(score))):
        circuit.cx(score[slot - 1], score[slot])
    for slot in range(entry):
        circuit.cx(score[slot + 1], score[slot])


def _plain_basis(circuit: QuantumCircuit, score: Sequence[Qubit], entry: int) -> None:
    """The inverse of :func:`_difference_basis`."""
    for slot in reversed(range(entry)):
        circuit.cx(score[slot + 1], score[slot])
    for slot in range(entry + 1, len(score)):
        circuit.cx(score[slot - 1], score[slot])


def _build_line(
    circuit: QuantumCircuit,
    code: Sequence[int],
    positions: Sequence[Sequence[Qubit]],
    score: Sequence[Qubit],
    ancillas: Sequence[Qubit],
) -> None:
    r"""``line``: the Fourier adder with the score register as a line of neighbours.

    Each position's flag ``f_i`` sits in its own ancilla set (``f_i = x_i`` for
    ``q = 1``). The score register is kept in a difference basis around an entry slot
    ``j``: slot ``j`` holds ``y_j``, slot ``l > j`` holds ``y_l XOR y_{l-1}``, slot
    ``l < j`` holds ``y_l XOR y_{l+1}`` (``m - 1`` CX in and out). Then
    ``CX(f_i, slot j)`` and the ladder ``CX(slot l-1, slot l)`` up, ``CX(slot l+1,
    slot l)`` down the line leave ``f_i XOR y_l`` on every slot ``l`` for the phase
    ``-theta_l / 2``, and the ladder is undone: ``2m`` CX per position, all between line
    neighbours but the one from the flag. Moving the entry from ``j`` to ``j + 1`` costs
    2 CX; position ``i`` enters at ``j_i = floor(i m / n)``.

    Cost (:func:`_line_cost`): ``2m(m-1) + n(2A(q) + 2m) + 2(m-1) + 2 j_{n-1}`` CX,
    ``n a(q)`` work qubits (ancilla set ``i`` belongs to position ``i``).
    """
    n, q, m = len(code), len(positions[0]), len(score)
    # slot s is score[s]; it holds Fourier bit m-1-s, of weight 2 pi 2^(m-1-s) / 2^m
    weights = [2 * math.pi * 2 ** (m - 1 - slot) / 2**m for slot in range(m)]
    set_size = _and_gate_count(q)
    entries = _line_entries(n, m)
    _qft_without_swaps(circuit, score)
    # f y_s = (f + y_s - f XOR y_s) / 2: the y_s terms of every position, in the plain basis
    for slot, qubit in enumerate(score):
        circuit.p(n * weights[slot] / 2, qubit)
    entry = entries[0]
    _difference_basis(circuit, score, entry)
    for i, color in enumerate(code):
        while entry < entries[i]:  # move the entry one slot up the line
            circuit.cx(score[entry], score[entry + 1])
            circuit.cx(score[entry + 1], score[entry])
            entry += 1
        register = positions[i]
        _flip_to_match(circuit, register, color)
        operations: list[tuple[Gate, list[Qubit]]] = []
        flag = register[0]
        if q > 1:
            owned = ancillas[i * set_size : (i + 1) * set_size]
            flag = owned[0]
            operations = _and_operations(register, flag, owned[1:])
        _append_operations(circuit, operations)
        circuit.p(sum(weights) / 2, flag)  # the f terms
        ladder = [(flag, score[entry])]
        ladder += [(score[slot - 1], score[slot]) for slot in range(entry + 1, m)]
        ladder += [(score[slot + 1], score[slot]) for slot in reversed(range(entry))]
        for control, target in ladder:
            circuit.cx(control, target)  # target: f XOR y_target
            circuit.p(-weights[score.index(target)] / 2, target)
        for control, target in reversed(ladder):
            circuit.cx(control, target)
        _append_operations(circuit, operations, inverse=True)
        _flip_to_match(circuit, register, color)
    _plain_basis(circuit, score, entry)
    _inverse_qft_without_swaps(circuit, score)


def _build_increment(
    circuit: QuantumCircuit,
    code: Sequence[int],
    positions: Sequence[Sequence[Qubit]],
    score: Sequence[Qubit],
    ancillas: Sequence[Qubit],
) -> None:
    r"""``increment``: each flag drives a reversible ``+1 mod 2^m`` on the score register.

    The carries ``c_1 = f y_0``, ``c_j = c_{j-1} y_{j-1}`` go into work ancillas
    (``rccx``), the top bit by one ``ccx``, then ``y_j ^= c_j`` while the carries are
    uncomputed.

    Cost (:func:`_increment_cost`): ``n(2A(q) + 7m - 7)`` CX (``n(2A(q) + 1)`` if
    ``m = 1``), ``a(q) + max(0, m-2)`` work qubits.
    """
    q, m = len(positions[0]), len(score)
    set_size = _and_gate_count(q)
    carries = list(ancillas[set_size:])  # carries[j-1] holds c_j, j = 1..m-2
    for i, color in enumerate(code):
        _flip_to_match(circuit, positions[i], color)
        operations: list[tuple[Gate, list[Qubit]]] = []
        flag = positions[i][0]
        if q > 1:
            flag = ancillas[0]
            operations = _and_operations(positions[i], flag, ancillas[1:set_size])
        _append_operations(circuit, operations)
        carry = [flag, *carries]  # carry[j] = c_j
        ladder = [(RCCXGate(), [carry[j - 1], score[j - 1], carry[j]]) for j in range(1, m - 1)]
        _append_operations(circuit, ladder)
        if m >= 2:
            circuit.append(CCXGate(), [carry[m - 2], score[m - 2], score[m - 1]])
        for j in reversed(range(1, m - 1)):
            circuit.cx(carry[j], score[j])
            _append_operations(circuit, [ladder[j - 1]], inverse=True)
        circuit.cx(flag, score[0])
        _append_operations(circuit, operations, inverse=True)
        _flip_to_match(circuit, positions[i], color)


# -- the registry ----------------------------------------------------------------------

_ENTRIES: dict[str, Construction] = {
    entry.name: entry
    for entry in (
        Construction(
            "fourier",
            "an adder in the Fourier basis, two shared flag sets",
            _build_fourier,
            _fourier_work,
            _fourier_cost,
        ),
        Construction(
            "increment",
            "a controlled +1 mod 2^m per position",
            _build_increment,
            _increment_work,
            _increment_cost,
        ),
        Construction(
            "gray",
            "phase polynomials walked by a Gray code, no flag qubits for k <= 4",
            _build_gray,
            _gray_work,
            _gray_cost,
        ),
        Construction(
            "line",
            "the score register as a line of neighbours, a flag per position",
            _build_line,
            _line_work,
            _line_cost,
        ),
    )
}
CONSTRUCTION_REGISTRY: dict[str, Construction] = {name: _ENTRIES[name] for name in CONSTRUCTIONS}
"""Every construction by name, in the order of
:data:`~mastermind_q.circuits.oracle.names.CONSTRUCTIONS` (which breaks ties)."""


def validate_construction(construction: object) -> str:
    """``construction`` if it names a registry entry.

    Raises:
        ValueError: anything else, naming the value.
    """
    if not isinstance(construction, str) or construction not in CONSTRUCTION_REGISTRY:
        raise ValueError(f"construction must be one of {CONSTRUCTIONS}, was {construction!r}")
    return construction


def _score_width(n: int, score_qubits: int | None) -> int:
    """``m`` for a validated ``n``: the minimum, or ``score_qubits`` checked."""
    if score_qubits is None:
        return _score_qubits(n)
    return _checked_score_width(score_qubits, n)


def black_peg_oracle_cost(
    num_positions: int,
    colors: int,
    *,
    construction: str = DEFAULT_CONSTRUCTION,
    score_qubits: int | None = None,
) -> OracleCost:
    """Qubits, ancillas and CX count of
    :func:`~mastermind_q.circuits.oracle.black_peg_oracle` without building it.

    The registry entry's formulas (each builder's docstring states its formula; the
    tests check them against the built circuits).

    Args:
        num_positions: ``n >= 1``.
        colors: ``k >= 2``.
        construction: one of :data:`CONSTRUCTIONS`.
        score_qubits: ``m``, at least (and by default) ``max(1, ceil(log2(n+1)))``.

    Returns:
        The :class:`OracleCost`.

    Raises:
        ValueError: on an invalid size, construction or score width; ``n`` or ``k``
            above the limits circuits are built (and counted) at
            (:func:`~mastermind_q.limits.check_circuit_size`).

    Example:
        >>> black_peg_oracle_cost(8, 8, construction="gray")
        OracleCost(qubits=36, ancillas=8, two_qubit_gates=216)
    """
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    construction = validate_construction(construction)
    m = _score_width(n, score_qubits)
    check_circuit_size(n, k)  # the sizes circuits may be built at
    return _black_peg_oracle_cost(n, k, construction, m)


def _black_peg_oracle_cost(n: int, k: int, construction: str, m: int) -> OracleCost:
    """:func:`black_peg_oracle_cost` of validated sizes, construction and score width."""
    entry = CONSTRUCTION_REGISTRY[construction]
    q = _color_qubits(k)
    ancillas = entry.work_qubits(n, q, m)
    return OracleCost(n * q + m + ancillas, ancillas, entry.two_qubit_gates(n, q, m))


def construction_ancillas(num_positions: int, colors: int, score_qubits: int) -> dict[str, int]:
    """Work qubits of every construction for sizes ``(n, k, m)`` (already validated)."""
    q = _color_qubits(colors)
    return {
        name: entry.work_qubits(num_positions, q, score_qubits)
        for name, entry in CONSTRUCTION_REGISTRY.items()
    }
