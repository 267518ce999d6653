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

Four rooms, one subject each (and :mod:`~mastermind_q.circuits.oracle.names`, the one
list of construction names, importable without Qiskit):

* :mod:`~mastermind_q.circuits.oracle.constructions` -- the registry of
  constructions (``fourier``, ``increment``, ``gray``, ``line``): each entry its
  builder, its cost formula and its work-qubit need;
* :mod:`~mastermind_q.circuits.oracle.gate` -- :func:`black_peg_oracle` (the circuit)
  and :class:`BlackPegOracleGate`, the one gate form of a known secret's oracle, which
  Qiskit's transpiler synthesises through the plugins of
  :mod:`mastermind_q.backends.synthesis`;
* :mod:`~mastermind_q.circuits.oracle.parity` -- the parity oracle ``O_h`` of
  Hunziker-Meyer (:class:`ParityOracleGate`), the other known-secret oracle;
* :mod:`~mastermind_q.circuits.oracle.two_color_lemma` -- the two-colour oracle of
  Lemma 2 and its classical reference.

Reference: Li, Luo, Xu, "Winning Mastermind Overwhelmingly on Quantum Computers":
the oracle ``B_s`` is the input of Algorithms 1-4; the two-colour oracle is Lemma 2
(Figure 3).

Example:
    >>> from mastermind_q.circuits.oracle import black_peg_oracle
    >>> circuit = black_peg_oracle((1, 0), colors=2)
    >>> circuit.num_qubits, [register.name for register in circuit.qregs]
    (4, ['pos0', 'pos1', 'score'])
"""

from __future__ import annotations

from typing import Any

from ..._lazy_exports import LazyExports

_EXPORTS = {
    "AUTO": "names",
    "CONSTRUCTIONS": "names",
    "DEFAULT_CONSTRUCTION": "names",
    "ORACLE_METHODS": "names",
    "CONSTRUCTION_REGISTRY": "constructions",
    "Construction": "constructions",
    "OracleCost": "constructions",
    "black_peg_oracle_cost": "constructions",
    "construction_ancillas": "constructions",
    "validate_construction": "constructions",
    "_score_width": "constructions",
    "BLACK_PEG_ORACLE_GATE_NAME": "gate",
    "SYNTHESIS_LOGGER": "gate",
    "BlackPegOracleGate": "gate",
    "black_peg_oracle": "gate",
    "black_peg_oracle_gate": "gate",
    "oracle_inverse": "gate",
    "PARITY_ORACLE_GATE_NAME": "parity",
    "PARITY_ORACLE_LABEL": "parity",
    "ParityOracleGate": "parity",
    "parity_distance": "parity",
    "parity_oracle": "parity",
    "parity_oracle_gate": "parity",
    "two_color_count": "two_color_lemma",
    "two_color_oracle": "two_color_lemma",
    "_encode_bit": "two_color_lemma",
}
"""Public name -> its module (imported on first use: the names need no Qiskit)."""

__all__ = sorted(name for name in _EXPORTS if not name.startswith("_"))


_LAZY = LazyExports(__name__, _EXPORTS)


def __getattr__(name: str) -> Any:
    return _LAZY.load(name)


def __dir__() -> list[str]:
    return _LAZY.names()
