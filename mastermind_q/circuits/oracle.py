r"""The black-peg oracle ``B_s`` and the two-colour oracle of Lemma 2 (Li, Luo, Xu).

The oracle adds the black-peg answer into a score register modulo ``2^m``:

.. math::

    B_s|x\rangle|b\rangle = |x\rangle|b + B_s(x) \bmod 2^m\rangle,
    \qquad B_s(x) = |\{i : x_i = s_i\}| = \sum_i \delta_{x_i s_i},

with :func:`mastermind_q.game.black` as its classical reference. Qubit layout
(DESIGN.md section 3): position ``i`` is qubits ``[i*q, (i+1)*q)`` holding ``x_i``
little-endian, ``q = max(1, ceil(log2 k))``; the score register is the next ``m``
qubits, little-endian, ``m = max(1, ceil(log2(n+1)))`` unless a wider one is asked
for; work ancillas come last and are returned to ``|0>``. Colour values ``>= k`` on a
register never match.

Four adder constructions (the ``construction`` option):

* ``"fourier"`` (default, fewer gates): the score register is taken to the Fourier
  basis by a swap-free QFT, each position's equality flag ``[x_i = s_i]`` is computed
  into an ancilla with relative-phase Toffolis, the flag adds ``2 pi [x_i=s_i] y / 2^m``
  to the phase of Fourier value ``y``, the flag is uncomputed, then the inverse QFT.
  The controlled phases are applied as one parity fan-out per position (see
  :func:`black_peg_oracle`).
* ``"increment"``: the flag controls a reversible ``+1 mod 2^m`` on the score
  register (a carry ladder of relative-phase Toffolis into work ancillas).
* ``"gray"`` (fewer gates after routing onto heavy-hex devices): the same Fourier
  adder, but each position's phase ``2 pi [x_i=s_i] y / 2^m`` is written as a phase
  polynomial over the colour bits and each score qubit, walked by a Gray code of CX
  gates aimed at the score qubit; no ancillas for ``k <= 4`` (one AND ancilla set per
  position above). Nothing is a hub: each position only needs its own qubits next to
  the score register, which is what routing on sparse couplings rewards.
* ``"line"`` (layout-aware, for heavy-hex devices): the Fourier adder with every
  two-qubit gate on the score register between *neighbours of a line*
  ``score[0] - score[1] - ... - score[m-1]``. The score register is kept in a
  difference basis (slot ``l`` holds ``y_l XOR y_{l+1}`` or ``y_l XOR y_{l-1}``
  around an entry slot ``j`` holding ``y_j``), so one CX from the position's flag into
  slot ``j`` and a CX ladder outwards along the line put ``f_i XOR y_l`` on every slot
  ``l``: ``2m`` CX per position, each position its own flag ancilla (it can sit beside
  any slot; the entry slots run along the line as ``i`` grows, ``j_i = floor(i m / n)``).

Reference: Li, Luo, Xu, "Winning Mastermind Overwhelmingly on Quantum Computers":
the oracle ``B_s`` is the input of Algorithms 1-4; the two-colour oracle is Lemma 2
(Figure 3).

Example:
    >>> circuit = black_peg_oracle((1, 0), colors=2)
    >>> circuit.num_qubits, [register.name for register in circuit.qregs]
    (4, ['pos0', 'pos1', 'score'])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from qiskit.circuit import Gate, Instruction, QuantumCircuit, Qubit
from qiskit.circuit.library import CCXGate, RC3XGate, RCCXGate

from ..game import black, validate_code, validate_colors, validate_positions
from ..limits import check_circuit_gates, check_circuit_size, check_quantum_size
from .layout import color_qubits, layout_registers, position_qubit_list, validate_score_width
from .layout import score_qubits as minimum_score_qubits

__all__ = [
    "BLACK_PEG_ORACLE_GATE_NAME",
    "CONSTRUCTIONS",
    "DEFAULT_CONSTRUCTION",
    "BlackPegOracleGate",
    "OracleCost",
    "black_peg_oracle",
    "black_peg_oracle_cost",
    "black_peg_oracle_gate",
    "oracle_inverse",
    "two_color_count",
    "two_color_oracle",
]

CONSTRUCTIONS = ("fourier", "increment", "gray", "line")
"""Allowed values of ``construction`` in :func:`black_peg_oracle`."""

DEFAULT_CONSTRUCTION = "fourier"
"""The default construction: the one with fewer two-qubit gates (see the benchmarks)."""

BLACK_PEG_ORACLE_GATE_NAME = "black_peg_oracle"
"""Name of :class:`BlackPegOracleGate` (and of its inverse): the key of its synthesis
plugins, ``HLSConfig(black_peg_oracle=[...])``."""


class OracleCost(NamedTuple):
    """Size of a black-peg oracle circuit, as built by :func:`black_peg_oracle`.

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


# -- validation ------------------------------------------------------------------------


def _validate_construction(construction: str) -> str:
    if construction not in CONSTRUCTIONS:
        raise ValueError(f"construction must be one of {CONSTRUCTIONS}, was {construction!r}")
    return construction


def _score_width(num_positions: int, score_qubits: int | None) -> int:
    if score_qubits is None:
        return minimum_score_qubits(num_positions)
    return validate_score_width(score_qubits, num_positions)


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


def black_peg_oracle_cost(
    num_positions: int,
    colors: int,
    *,
    construction: str = DEFAULT_CONSTRUCTION,
    score_qubits: int | None = None,
) -> OracleCost:
    """Qubits, ancillas and CX count of :func:`black_peg_oracle` without building it.

    With ``A(q) = 3(q-1)`` the CX of one relative-phase AND of ``q`` bits and
    ``a(q) = floor(q/2)`` its ancillas (flag + work; ``0`` when ``q = 1``):

    * ``fourier``: CX ``= 2m(m-1) + 2n A(q) + (n+1) m + 2(n-1)``,
      ancillas ``= min(n, 2) a(q)``;
    * ``increment``: CX ``= n (2 A(q) + I(m))`` with ``I(1) = 1`` and
      ``I(m) = 7m - 7`` for ``m >= 2``, ancillas ``= a(q) + max(0, m-2)``;
    * ``gray``: CX ``= 2m(m-1) + n G`` with ``G = 2m`` for ``q = 1``, ``G = 4m + 2``
      for ``q = 2`` and ``G = 4m + 2 + 2 A(q-1)`` for ``q >= 3``; ancillas ``= 0`` for
      ``q <= 2``, ``n a(q-1)`` for ``q >= 3``.
    * ``line``: CX ``= 2m(m-1) + n (2 A(q) + 2m) + 2(m-1) + 2 j_{n-1}`` with
      ``j_{n-1} = floor((n-1) m / n)`` the last entry slot (the basis changes in and out
      and the entry moves along the line); ancillas ``= n a(q)`` (own flags).

    Args:
        num_positions: ``n >= 1``.
        colors: ``k >= 2``.
        construction: one of :data:`CONSTRUCTIONS`.
        score_qubits: ``m``, at least (and by default) ``max(1, ceil(log2(n+1)))``.

    Returns:
        The :class:`OracleCost`.

    Raises:
        ValueError: on an invalid size, construction or score width; ``n`` or ``k``
            above the quantum-circuit limits (as :func:`black_peg_oracle`).

    Example:
        >>> black_peg_oracle_cost(8, 8)
        OracleCost(qubits=30, ancillas=2, two_qubit_gates=170)
    """
    n = validate_positions(num_positions)
    q = color_qubits(colors)
    _validate_construction(construction)
    m = _score_width(n, score_qubits)
    check_circuit_size(n, validate_colors(colors))  # the sizes the builders accept
    and_ancillas = _and_gate_count(q)
    if construction == "fourier":
        ancillas = _fourier_flag_sets(n, q) * and_ancillas
        cx = 2 * m * (m - 1) + 2 * n * _and_cx(q) + (n + 1) * m + 2 * (n - 1)
    elif construction == "gray":
        ancillas = n * _gray_and_set(q)
        per_position = 2 * m if q == 1 else 4 * m + 2
        if q >= 3:
            per_position += 2 * _and_cx(q - 1)
        cx = 2 * m * (m - 1) + n * per_position
    elif construction == "line":
        ancillas = n * and_ancillas
        last_entry = _line_entries(n, m)[-1]
        cx = 2 * m * (m - 1) + n * (2 * _and_cx(q) + 2 * m) + 2 * (m - 1) + 2 * last_entry
    else:
        ancillas = and_ancillas + max(0, m - 2)
        increment = 1 if m == 1 else 7 * m - 7
        cx = n * (2 * _and_cx(q) + increment)
    return OracleCost(n * q + m + ancillas, ancillas, cx)


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


# -- the oracle ------------------------------------------------------------------------


def black_peg_oracle(
    secret: Sequence[int],
    colors: int,
    *,
    construction: str = DEFAULT_CONSTRUCTION,
    score_qubits: int | None = None,
) -> QuantumCircuit:
    r"""The black-peg oracle ``B_s|x>|b> = |x>|b + B_s(x) mod 2^m>``.

    .. math::

        B_s|x\rangle|b\rangle = |x\rangle|b + \textstyle\sum_i \delta_{x_i s_i}
        \bmod 2^m\rangle, \qquad x \in [2^q]^n,\ b \in [2^m],

    exactly (phases included) on every basis state with the ancillas in ``|0>``;
    colour values ``>= k`` never match. Classical reference:
    :func:`mastermind_q.game.black`.

    Bit order: position ``i`` is qubits ``[i*q, (i+1)*q)``, ``x_i`` little-endian,
    ``q = max(1, ceil(log2 k))``; the score is the next ``m`` qubits, little-endian;
    ancillas (register ``anc``, only if ``k > 2`` or for ``increment`` with ``m > 2``)
    come last.

    Construction. Per position, X gates map ``x_i = s_i`` to all-ones and a chain of
    relative-phase Toffolis (``rcccx``, ``rccx``) computes the flag
    ``f_i = [x_i = s_i]`` into an ancilla (for ``k = 2`` the flipped qubit itself is
    the flag); the compute/uncompute pair is exact because everything in between is
    diagonal in, or leaves unchanged, the qubits it acts on.

    * ``fourier``: after a swap-free QFT the score holds Fourier bits ``y_l`` with
      weights ``theta_l = 2 pi 2^l / 2^m``; adding ``f_i`` is the phase
      ``exp(i sum_l theta_l f_i y_l)``. Writing ``f y = (f + y - f XOR y) / 2``, the
      local terms are one-qubit phases and each ``f_i XOR y_l`` term needs the parity
      on a qubit: two flag ancillas alternate, ``f_{i-1} XOR f_i`` is formed by one
      CX, and one CX fan-out onto the ``m`` score qubits moves every score qubit from
      ``y_l XOR f_{i-1}`` to ``y_l XOR f_i``, so each position costs ``m + 2`` CX of
      phase work instead of ``2m``.
    * ``increment``: the flag ``f`` drives a ``+1 mod 2^m`` carry ladder: carries
      ``c_1 = f y_0``, ``c_j = c_{j-1} y_{j-1}`` into work ancillas (``rccx``), the top
      bit by one ``ccx``, then ``y_j ^= c_j`` while the carries are uncomputed.
    * ``gray``: the same Fourier basis, but no flag for ``q <= 2``. After the X
      gates the match is the product ``c_0 c_1`` of (at most) two control bits
      (``c = x_i`` for ``q <= 2``; for ``q >= 3``, ``c_0`` is the AND of the low
      ``q-1`` bits, computed into the position's own ancilla set, and ``c_1`` the top
      bit). The phase ``theta_l c_0 c_1 y_l`` is the phase polynomial
      ``theta_l / 4 (c_0 + c_1 + y_l - c_0 XOR c_1 - c_0 XOR y_l - c_1 XOR y_l
      + c_0 XOR c_1 XOR y_l)`` (``theta_l / 2 (c_0 + y_l - c_0 XOR y_l)`` for one
      control): the ``y_l`` terms are summed over the positions into one phase per
      score qubit, the control-only terms are local to the position (one CX pair for
      ``c_0 XOR c_1``), and the three parities with ``y_l`` are visited by the Gray
      cycle ``CX(c_0, y_l), CX(c_1, y_l), CX(c_0, y_l), CX(c_1, y_l)`` with a phase
      on ``y_l`` after the first three: 4 CX per position and score qubit, all aimed
      at the score qubit, no hub qubit shared by the positions.
    * ``line``: the Fourier basis again, each position's flag ``f_i`` in its own ancilla
      set (``f_i = x_i`` for ``q = 1``). The score register is kept in a difference
      basis around an entry slot ``j``: slot ``j`` holds ``y_j``, slot ``l > j`` holds
      ``y_l XOR y_{l-1}``, slot ``l < j`` holds ``y_l XOR y_{l+1}`` (``m - 1`` CX in and
      out). Then ``CX(f_i, slot j)`` and the ladder ``CX(slot l-1, slot l)`` up,
      ``CX(slot l+1, slot l)`` down the line leave ``f_i XOR y_l`` on every slot ``l``
      for the phase ``-theta_l / 2``, and the ladder is undone: ``2m`` CX per position,
      all between line neighbours but the one from the flag. Moving the entry from
      ``j`` to ``j + 1`` costs 2 CX (``CX(slot j, slot j+1)``, ``CX(slot j+1, slot j)``);
      position ``i`` enters at ``j_i = floor(i m / n)``.

    Cost (:func:`black_peg_oracle_cost`; ``A(q) = 3(q-1)`` CX per AND, ``a(q) =
    floor(q/2)`` ancillas per AND, ``0`` for ``q = 1``), CX before optimisation:

    * ``fourier``: ``2m(m-1) + 2n A(q) + (n+1)m + 2(n-1)`` CX,
      ``n q + m + min(n, 2) a(q)`` qubits;
    * ``increment``: ``n(2A(q) + 7m - 7)`` CX (``n(2A(q) + 1)`` if ``m = 1``),
      ``n q + m + a(q) + max(0, m-2)`` qubits;
    * ``gray``: ``2m(m-1) + n G`` CX with ``G = 2m`` (``q = 1``), ``4m + 2``
      (``q = 2``), ``4m + 2 + 2A(q-1)`` (``q >= 3``); ``n q + m`` qubits for
      ``q <= 2``, ``n q + m + n a(q-1)`` for ``q >= 3`` (ancilla set ``i`` belongs
      to position ``i``).
    * ``line``: ``2m(m-1) + n(2A(q) + 2m) + 2(m-1) + 2 j_{n-1}`` CX,
      ``n q + m + n a(q)`` qubits (ancilla set ``i`` belongs to position ``i``).

    For ``n = k = 8`` that is 170 (fourier), 264 (increment) and 216 (gray) CX;
    transpiled with ``basis_gates=["cx", "rz", "sx", "x"]``, ``optimization_level=3``
    the counts do not grow. Routed onto a heavy-hex device the order changes:
    ``gray`` needs the fewest two-qubit gates at ``k = 4`` and the least depth at
    every size measured (``benchmarks/oracle.py`` records both tables); the solvers
    choose per device (:func:`mastermind_q.quantum.choose_oracle_construction`).
    Transpile the oracle as a block with ``qubits_initially_zero=False``: its inputs
    are not ``|0>``.

    Args:
        secret: the secret ``s`` in ``[k]^n``.
        colors: ``k >= 2``.
        construction: one of :data:`CONSTRUCTIONS` (default
            :data:`DEFAULT_CONSTRUCTION`).
        score_qubits: ``m``; at least (and by default) ``max(1, ceil(log2(n+1)))``.

    Returns:
        A ``QuantumCircuit`` named ``B_s`` on registers ``pos0 .. pos{n-1}`` (``q``
        each), ``score`` (``m``) and, if needed, ``anc``; no measurements, resets or
        barriers (ready for ``to_gate``).

    Raises:
        ValueError: on an invalid secret or colour count, an unknown construction, or
            a score register narrower than ``max(1, ceil(log2(n+1)))`` (the message
            names the value).

    Reference:
        Li, Luo, Xu, "Winning Mastermind Overwhelmingly on Quantum Computers", the
        black-peg oracle ``B_s`` of Algorithms 1-4 (``2^m >= n+1``).

    Example:
        >>> from qiskit.quantum_info import Statevector
        >>> circuit = black_peg_oracle((1, 0), colors=2)
        >>> state = Statevector.from_label("0001").evolve(circuit)  # x = (1, 0), b = 0
        >>> state.equiv(Statevector.from_label("1001"))  # b = B_s(x) = 2
        True
    """
    k = validate_colors(colors)
    code = validate_code(secret, k, name="secret")
    _validate_construction(construction)
    n = len(code)
    m = _score_width(n, score_qubits)
    cost = black_peg_oracle_cost(n, k, construction=construction, score_qubits=m)
    # The same limits as the command line, before any gate is added.
    check_quantum_size(n, k)
    check_circuit_gates(cost.two_qubit_gates, what=f"the black-peg oracle for n={n}, k={k}")
    registers = layout_registers(n, k, num_qubits=cost.qubits, score_width=m)
    circuit = QuantumCircuit(*registers, name="B_s", metadata={"oracle_sizes": (n, k, m)})
    positions = [list(register) for register in registers[:n]]
    score_register = registers[n]
    ancillas = list(registers[n + 1]) if cost.ancillas else []
    if construction == "fourier":
        _build_fourier(circuit, code, positions, list(score_register), ancillas)
    elif construction == "gray":
        _build_gray(circuit, code, positions, list(score_register), ancillas)
    elif construction == "line":
        _build_line(circuit, code, positions, list(score_register), ancillas)
    else:
        _build_increment(circuit, code, positions, list(score_register), ancillas)
    return circuit


def black_peg_oracle_gate(
    secret: Sequence[int],
    colors: int,
    *,
    construction: str = DEFAULT_CONSTRUCTION,
    score_qubits: int | None = None,
) -> Gate:
    """:func:`black_peg_oracle` as one gate named and labelled ``B_s``, definition included.

    For a *known* secret: drawings, resource counts, tests of the circuit builders, and
    the codemaker's own run path. A codebreaker never gets this gate; it gets the
    opaque :meth:`Codemaker.oracle() <mastermind_q.codemaker.Codemaker.oracle>`.

    Args:
        secret: the secret ``s`` in ``[k]^n``.
        colors: ``k >= 2``.
        construction: one of :data:`CONSTRUCTIONS`.
        score_qubits: ``m``; at least (and by default) ``max(1, ceil(log2(n+1)))``.

    Returns:
        The gate on ``n*q + m + ancillas`` qubits.

    Raises:
        ValueError: as :func:`black_peg_oracle`.

    Example:
        >>> gate = black_peg_oracle_gate((1, 0), colors=2)
        >>> gate.name, gate.num_qubits, gate.definition.num_qubits
        ('B_s', 4, 4)
    """
    built = black_peg_oracle(secret, colors, construction=construction, score_qubits=score_qubits)
    gate = built.to_gate(label=built.name)
    gate.oracle_sizes = built.metadata["oracle_sizes"]  # (n, k, m): what builders check
    return gate


class BlackPegOracleGate(Gate):
    r"""The black-peg oracle of a known secret as a gate Qiskit's transpiler synthesises.

    .. math::

        B_s|x\rangle|b\rangle = |x\rangle|b + B_s(x) \bmod 2^m\rangle,
        \qquad B_s(x) = |\{i : x_i = s_i\}|,

    for every basis state with the work ancillas in ``|0>`` (they are returned to
    ``|0>``); colour values ``>= k`` never match. Classical reference:
    :func:`mastermind_q.game.black`. With ``dagger=True`` the gate is ``B_s^dagger``:
    ``|x>|b> -> |x>|b - B_s(x) mod 2^m>``.

    Qubit layout (DESIGN.md section 3), as :func:`black_peg_oracle`: position ``i`` is
    qubits ``[i*q, (i+1)*q)`` holding ``x_i`` little-endian, ``q = max(1, ceil(log2
    k))``; the score register is the next ``m`` qubits, little-endian, ``m = max(1,
    ceil(log2(n+1)))`` unless ``score_qubits`` is wider; then ``ancillas`` work qubits,
    which must be ``|0>`` on input.

    Like Qiskit's ``MCXGate`` or ``PermutationGate``, the gate holds the problem (the
    secret, ``k``, ``m``), not a circuit. Its definition is built on first use, by
    :func:`black_peg_oracle` in ``construction`` (default: :data:`DEFAULT_CONSTRUCTION`,
    or the first of :data:`CONSTRUCTIONS` that fits the gate's ancillas), as
    ``PauliEvolutionGate`` builds its definition with its ``synthesis``. The
    transpiler can instead synthesise it with any construction through the
    high-level-synthesis plugins registered under the ``qiskit.synthesis`` entry point
    (:mod:`mastermind_q.backends.synthesis`), chosen per gate name:

    .. code-block:: python

        transpile(circuit, backend, hls_config=HLSConfig(black_peg_oracle=["line"]))

    methods ``fourier``, ``increment``, ``gray``, ``line`` and ``auto`` (the
    construction with the fewest two-qubit gates on the target, the toolkit's cached
    choice). A construction needing more work qubits than the gate holds borrows clean
    idle qubits of the circuit; when there are too few, the plugin declines and the
    transpiler goes on to the next method listed, then to the definition. The gate and
    its inverse share the name, so one ``HLSConfig`` entry selects both.

    This gate is built from a secret the caller knows (drawings, resource counts,
    experiments with one's own circuits). It is not the codemaker's oracle: a
    codebreaker gets the opaque :meth:`Codemaker.oracle()
    <mastermind_q.codemaker.Codemaker.oracle>`, which has no definition and no plugin
    can synthesise, and :meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>`
    refuses circuits that hold this gate.

    Args:
        secret: the secret ``s`` in ``[k]^n``.
        colors: ``k >= 2``.
        score_qubits: ``m``; at least (and by default) ``max(1, ceil(log2(n+1)))``.
        ancillas: work qubits the gate carries after the score register (default: the
            most any construction needs, so every plugin applies in any circuit); at
            least the fewest any construction needs. Constructions that need fewer
            leave the rest alone.
        construction: the construction of the definition, one of :data:`CONSTRUCTIONS`
            (default: the default construction, or the first that fits ``ancillas``).
        dagger: the inverse ``B_s^dagger`` (what :meth:`inverse` returns).
        label: the label drawings show (default ``B_s``, ``B_s†`` for the inverse).

    Raises:
        ValueError: an invalid secret, colour count, score width, ancilla count or
            construction, or a construction that needs more ancillas than given (the
            message names the value).
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` above the quantum
            limits.

    Example:
        >>> gate = BlackPegOracleGate((1, 0, 2), colors=3)
        >>> gate.name, gate.label, gate.num_qubits, gate.ancillas
        ('black_peg_oracle', 'B_s', 11, 3)
        >>> gate.synthesize("gray").count_ops()["cx"]
        30
    """

    def __init__(
        self,
        secret: Sequence[int],
        colors: int,
        *,
        score_qubits: int | None = None,
        ancillas: int | None = None,
        construction: str | None = None,
        dagger: bool = False,
        label: str | None = None,
    ) -> None:
        k = validate_colors(colors)
        code = validate_code(secret, k, name="secret")
        n = len(code)
        m = _score_width(n, score_qubits)
        check_quantum_size(n, k)
        if not isinstance(dagger, bool):
            raise ValueError(f"dagger must be True or False, was {dagger!r}")
        needs = _construction_ancillas(n, k, m)
        fewest = min(needs.values())
        if ancillas is None:
            ancillas = max(needs.values())
        elif isinstance(ancillas, bool) or not isinstance(ancillas, int) or ancillas < fewest:
            raise ValueError(
                f"ancillas must be an integer >= {fewest} (the fewest any construction "
                f"needs for n={n}, k={k}, m={m}), was {ancillas!r}"
            )
        if construction is None:
            order = (DEFAULT_CONSTRUCTION, *CONSTRUCTIONS)
            construction = next(name for name in order if needs[name] <= ancillas)
        elif needs[_validate_construction(construction)] > ancillas:
            raise ValueError(
                f"ancillas must be >= {needs[construction]} for construction "
                f"{construction!r} (n={n}, k={k}, m={m}), was {ancillas}"
            )
        self._construction = construction
        self._secret = code
        self._colors = k
        self._score_qubits = m
        self._ancillas = ancillas
        self._dagger = dagger
        width = n * color_qubits(k) + m + ancillas
        if label is None:
            label = "B_s†" if dagger else "B_s"
        super().__init__(BLACK_PEG_ORACLE_GATE_NAME, width, [], label=label)
        self.oracle_sizes = (n, k, m)  # what the circuit builders check

    @property
    def secret(self) -> tuple[int, ...]:
        """The secret ``s``."""
        return self._secret

    @property
    def colors(self) -> int:
        """``k``."""
        return self._colors

    @property
    def score_qubits(self) -> int:
        """``m``, the score register's width."""
        return self._score_qubits

    @property
    def ancillas(self) -> int:
        """Work qubits the gate carries after the score register."""
        return self._ancillas

    @property
    def construction(self) -> str:
        """The construction of the definition (plugins may synthesise another)."""
        return self._construction

    @property
    def dagger(self) -> bool:
        """Whether this is ``B_s^dagger``."""
        return self._dagger

    def ancillas_needed(self, construction: str) -> int:
        """Work qubits ``construction`` needs (:func:`black_peg_oracle_cost`)."""
        _validate_construction(construction)
        return _construction_ancillas(len(self._secret), self._colors, self._score_qubits)[
            construction
        ]

    def synthesize(
        self, construction: str = DEFAULT_CONSTRUCTION, *, clean_qubits: int = 0
    ) -> QuantumCircuit | None:
        """The gate as a circuit in ``construction``, or ``None`` if it does not fit.

        The circuit acts on the gate's qubits, then on up to ``clean_qubits`` extra
        qubits (clean, ``|0>``, idle qubits of the surrounding circuit) when the
        construction needs more work qubits than the gate carries; work qubits it does
        not need are left alone. What the synthesis plugins return.

        Args:
            construction: one of :data:`CONSTRUCTIONS`.
            clean_qubits: extra clean qubits available.

        Returns:
            The circuit (``num_qubits`` plus the borrowed qubits), or ``None`` when the
            construction needs more work qubits than the gate and ``clean_qubits``
            give.

        Raises:
            ValueError: an unknown construction.
        """
        needed = self.ancillas_needed(construction)
        borrowed = max(0, needed - self._ancillas)
        if borrowed > clean_qubits:
            return None
        built = black_peg_oracle(
            self._secret, self._colors, construction=construction, score_qubits=self._score_qubits
        )
        if self._dagger:
            built = built.inverse()
        n, k, m = self.oracle_sizes
        registers = layout_registers(n, k, num_qubits=self.num_qubits, score_width=m)
        circuit = QuantumCircuit(*registers, name=self.label or self.name)
        if borrowed:
            from qiskit.circuit import AncillaRegister

            circuit.add_register(AncillaRegister(borrowed, "borrowed"))
        base = self.num_qubits - self._ancillas
        work = [*circuit.qubits[base : self.num_qubits], *circuit.qubits[self.num_qubits :]]
        qubits = [*circuit.qubits[:base], *work[:needed]]
        circuit.compose(built, qubits=qubits, inplace=True, copy=False)
        return circuit

    def _define(self) -> None:
        """:meth:`synthesize` in :attr:`construction`, built now."""
        self.definition = self.synthesize(self._construction)

    def inverse(self, annotated: bool = False) -> BlackPegOracleGate:
        """``B_s^dagger`` (or ``B_s`` again): the same gate class, so plugins apply."""
        return BlackPegOracleGate(
            self._secret,
            self._colors,
            score_qubits=self._score_qubits,
            ancillas=self._ancillas,
            construction=self._construction,
            dagger=not self._dagger,
        )

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and other._secret == self._secret
            and other._colors == self._colors
            and other._score_qubits == self._score_qubits
            and other._ancillas == self._ancillas
            and other._construction == self._construction
            and other._dagger == self._dagger
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self._secret!r}, colors={self._colors}, "
            f"score_qubits={self._score_qubits}, ancillas={self._ancillas}, "
            f"construction={self._construction!r}, dagger={self._dagger})"
        )


def _construction_ancillas(n: int, k: int, m: int) -> dict[str, int]:
    """Work qubits of every construction for sizes ``(n, k, m)``."""
    return {
        name: black_peg_oracle_cost(n, k, construction=name, score_qubits=m).ancillas
        for name in CONSTRUCTIONS
    }


def _build_fourier(
    circuit: QuantumCircuit,
    code: Sequence[int],
    positions: Sequence[Sequence[Qubit]],
    score: Sequence[Qubit],
    ancillas: Sequence[Qubit],
) -> None:
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


def oracle_inverse(oracle: Gate | Instruction) -> Gate | Instruction:
    """``B_s^dagger`` of ``oracle``, labelled ``B_s†`` (its name stays ``B_s_dg``).

    Works for the codemaker's opaque gate (whose ``inverse`` is the opaque ``B_s_dg``)
    and for :func:`black_peg_oracle_gate`; only the label, which drawings show, is set.

    Example:
        >>> inverse = oracle_inverse(black_peg_oracle_gate((1, 0), colors=2))
        >>> inverse.name, inverse.label
        ('B_s_dg', 'B_s†')

    Raises:
        TypeError: ``oracle`` is not a gate or instruction (a circuit: ``to_gate()`` it).
    """
    if not isinstance(oracle, Instruction):
        hint = "; make it one with .to_gate()" if isinstance(oracle, QuantumCircuit) else ""
        raise TypeError(f"oracle must be a Gate or Instruction, was {type(oracle).__name__}{hint}")
    inverse = oracle.inverse()
    base = oracle.label or oracle.name
    inverse.label = base[:-1] if base.endswith("†") else f"{base}†"
    return inverse


# -- Lemma 2 ---------------------------------------------------------------------------


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
    from .layout import check_oracle_operation

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
