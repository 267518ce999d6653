"""The black-peg oracle ``B_s`` and the two-colour oracle of Lemma 2 (Li, Luo, Xu).

``B_s|x>|b> = |x>|b + B_s(x) mod 2^m>`` with ``B_s(x) = |{i : x_i = s_i}|``
(:func:`mastermind_q.game.black` is the classical reference).

Reference: Li, Luo, Xu, "Winning Mastermind on quantum computers", Section 2
(the oracle) and Lemma 2 (two-colour oracle).

Example:
    >>> circuit = black_peg_oracle((1, 0), colors=2)
    >>> circuit.num_qubits
    4
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from qiskit.circuit import Gate, QuantumCircuit, QuantumRegister
from qiskit.circuit.library import MCXGate

from ..game import black, validate_code, validate_colors, validate_positions
from .layout import color_qubits
from .layout import score_qubits as _min_score_qubits

__all__ = [
    "CONSTRUCTIONS",
    "DEFAULT_CONSTRUCTION",
    "black_peg_oracle",
    "two_color_count",
    "two_color_oracle",
]

CONSTRUCTIONS = ("fourier", "increment")
"""Allowed values of ``construction`` in :func:`black_peg_oracle`."""
DEFAULT_CONSTRUCTION = "fourier"
"""The cheapest construction (fewest transpiled two-qubit gates)."""


def _score_width(num_positions: int, score_qubits: int | None) -> int:
    minimum = _min_score_qubits(num_positions)
    if score_qubits is None:
        return minimum
    if isinstance(score_qubits, bool) or not isinstance(score_qubits, int):
        raise ValueError(f"score_qubits must be an integer, was {score_qubits!r}")
    if score_qubits < minimum:
        raise ValueError(
            f"score_qubits must be >= {minimum} for {num_positions} positions, was {score_qubits}"
        )
    return score_qubits


def _qft_no_swaps(circuit: QuantumCircuit, qubits: Sequence) -> None:
    """QFT without the final swaps: Fourier bit ``l`` ends on ``qubits[m-1-l]``."""
    m = len(qubits)
    for j in reversed(range(m)):
        circuit.h(qubits[j])
        for k in reversed(range(j)):
            circuit.cp(math.pi / 2 ** (j - k), qubits[k], qubits[j])


def _iqft_no_swaps(circuit: QuantumCircuit, qubits: Sequence) -> None:
    m = len(qubits)
    for j in range(m):
        for k in range(j):
            circuit.cp(-math.pi / 2 ** (j - k), qubits[k], qubits[j])
        circuit.h(qubits[j])


def black_peg_oracle(
    secret: Sequence[int],
    colors: int,
    *,
    construction: str = DEFAULT_CONSTRUCTION,
    score_qubits: int | None = None,
) -> QuantumCircuit:
    """The black-peg oracle ``B_s|x>|b> = |x>|b + B_s(x) mod 2^m>``.

    (Preliminary simple version; cost formulas follow with the optimised one.)

    Args:
        secret: the secret ``s`` in ``[k]^n``.
        colors: ``k >= 2``.
        construction: ``"fourier"`` or ``"increment"``.
        score_qubits: ``m``; at least ``max(1, ceil(log2(n+1)))`` (the default).

    Returns:
        The circuit on registers ``colors`` (``n*q``), ``score`` (``m``), ``anc``.

    Raises:
        ValueError: on an invalid secret, colour count, construction or score width.
    """
    k = validate_colors(colors)
    s = validate_code(secret, k, name="secret")
    if construction not in CONSTRUCTIONS:
        raise ValueError(f"construction must be one of {CONSTRUCTIONS}, was {construction!r}")
    n = len(s)
    q = color_qubits(k)
    m = _score_width(n, score_qubits)
    color_reg = QuantumRegister(n * q, "colors")
    score_reg = QuantumRegister(m, "score")
    registers = [color_reg, score_reg]
    anc = None
    if q > 1:
        anc = QuantumRegister(1, "anc")
        registers.append(anc)
    circuit = QuantumCircuit(*registers, name="B_s")
    if construction == "fourier":
        _qft_no_swaps(circuit, list(score_reg))
    for i, s_i in enumerate(s):
        pos = [color_reg[i * q + t] for t in range(q)]
        flips = [pos[t] for t in range(q) if not (s_i >> t) & 1]
        if flips:
            circuit.x(flips)
        if q == 1:
            flag = pos[0]
        else:
            circuit.append(MCXGate(q), [*pos, anc[0]])
            flag = anc[0]
        if construction == "fourier":
            for bit in range(m):
                circuit.cp(2 * math.pi * 2**bit / 2**m, flag, score_reg[m - 1 - bit])
        else:
            for j in reversed(range(m)):
                circuit.append(MCXGate(j + 1), [flag, *score_reg[:j], score_reg[j]])
        if q > 1:
            circuit.append(MCXGate(q), [*pos, anc[0]])
        if flips:
            circuit.x(flips)
    if construction == "fourier":
        _iqft_no_swaps(circuit, list(score_reg))
    return circuit


def two_color_count(secret: Sequence[int], c1: int, c2: int, x_bits: Sequence[int]) -> int:
    """Classical reference of Lemma 2: ``sum_i [x_i=0][s_i=c1] + [x_i=1][s_i=c2]``."""
    s = validate_code(secret, name="secret")
    bits = validate_code(x_bits, 2, positions=len(s), name="x_bits")
    return black(s, tuple(c2 if bit else c1 for bit in bits))


def _encode_bit(circuit: QuantumCircuit, pos: Sequence, c1: int, c2: int) -> None:
    """``|x,0..0> -> |c1>`` if ``x = 0`` else ``|c2>`` on one colour register."""
    q = len(pos)
    d = c1 ^ c2
    for t in range(1, q):
        if (d >> t) & 1:
            circuit.cx(pos[0], pos[t])
    if not d & 1:
        pivot = next(t for t in range(1, q) if (d >> t) & 1)
        circuit.cx(pos[pivot], pos[0])
    for t in range(q):
        if (c1 >> t) & 1:
            circuit.x(pos[t])


def two_color_oracle(
    oracle: Gate | QuantumCircuit,
    c1: int,
    c2: int,
    *,
    num_positions: int,
    colors: int,
) -> QuantumCircuit:
    """Two-colour oracle of Lemma 2 from exactly one application of ``oracle``.

    ``|x>|b> -> |x>|b + sum_i [x_i=0][s_i=c1] + [x_i=1][s_i=c2] mod 2^m>`` where bit
    ``x_i`` is qubit ``i*q`` (the lowest qubit of colour register ``i``); the other
    ``q-1`` qubits of each colour register must be ``|0>`` and are returned to ``|0>``.

    Raises:
        ValueError: if ``c1 == c2`` or either is not a colour in ``0..k-1``.
    """
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    for name, value in (("c1", c1), ("c2", c2)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < k:
            raise ValueError(f"{name} must be a colour in 0..{k - 1}, was {value!r}")
    if c1 == c2:
        raise ValueError(f"c1 and c2 must differ, were both {c1}")
    gate = oracle.to_gate() if isinstance(oracle, QuantumCircuit) else oracle
    q = color_qubits(k)
    width = gate.num_qubits
    if width < n * q + 1:
        raise ValueError(
            f"oracle must act on at least {n * q + 1} qubits for n={n}, k={k}, was {width}"
        )
    color_reg = QuantumRegister(n * q, "colors")
    rest = QuantumRegister(width - n * q, "score")
    circuit = QuantumCircuit(color_reg, rest, name=f"B_s^({c1},{c2})")
    encode = QuantumCircuit(color_reg)
    for i in range(n):
        _encode_bit(encode, [color_reg[i * q + t] for t in range(q)], c1, c2)
    circuit.compose(encode, color_reg, inplace=True)
    circuit.append(gate, circuit.qubits)
    circuit.compose(encode.inverse(), color_reg, inplace=True)
    return circuit
