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

Four rooms, one subject each:

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
    >>> circuit = black_peg_oracle((1, 0), colors=2)
    >>> circuit.num_qubits, [register.name for register in circuit.qregs]
    (4, ['pos0', 'pos1', 'score'])
"""

from __future__ import annotations

from .constructions import (
    AUTO,
    CONSTRUCTION_REGISTRY,
    CONSTRUCTIONS,
    DEFAULT_CONSTRUCTION,
    ORACLE_METHODS,
    Construction,
    OracleCost,
    black_peg_oracle_cost,
    construction_ancillas,
    validate_construction,
)
from .constructions import _score_width as _score_width  # shared with the builders
from .gate import (
    BLACK_PEG_ORACLE_GATE_NAME,
    SYNTHESIS_LOGGER,
    BlackPegOracleGate,
    black_peg_oracle,
    black_peg_oracle_gate,
    oracle_inverse,
)
from .parity import (
    PARITY_ORACLE_GATE_NAME,
    PARITY_ORACLE_LABEL,
    ParityOracleGate,
    parity_distance,
    parity_oracle,
    parity_oracle_gate,
)
from .two_color_lemma import two_color_count, two_color_oracle

__all__ = [
    "AUTO",
    "BLACK_PEG_ORACLE_GATE_NAME",
    "CONSTRUCTIONS",
    "CONSTRUCTION_REGISTRY",
    "DEFAULT_CONSTRUCTION",
    "ORACLE_METHODS",
    "PARITY_ORACLE_GATE_NAME",
    "PARITY_ORACLE_LABEL",
    "SYNTHESIS_LOGGER",
    "BlackPegOracleGate",
    "Construction",
    "OracleCost",
    "ParityOracleGate",
    "black_peg_oracle",
    "black_peg_oracle_cost",
    "black_peg_oracle_gate",
    "construction_ancillas",
    "oracle_inverse",
    "parity_distance",
    "parity_oracle",
    "parity_oracle_gate",
    "two_color_count",
    "two_color_oracle",
    "validate_construction",
]
