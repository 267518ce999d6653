"""Qiskit circuit builders for the quantum Mastermind algorithms (pure functions).

Lives inside the ``mastermind_q`` import package because the top-level name
``circuits`` is taken on PyPI by an unrelated project.

Modules:

* :mod:`~mastermind_q.circuits.layout` -- register sizes and the qubit layout;
* :mod:`~mastermind_q.circuits.oracle` -- the black-peg oracle ``B_s`` and the
  two-colour oracle of Lemma 2;
* :mod:`~mastermind_q.circuits.find_two_color` -- FindTwoColorPosition (Algorithm 2);
* :mod:`~mastermind_q.circuits.two_colors` -- the one-query solver for k = 2 (Algorithm 3);
* :mod:`~mastermind_q.circuits.grover` -- the exact Grover solver (Algorithm 4);
* :mod:`~mastermind_q.circuits.hunziker_meyer` -- the parity-oracle search (Appendix A);
* :mod:`~mastermind_q.circuits.stages` -- the algorithms' stages as lazily defined
  gates (:class:`~mastermind_q.circuits.stages.StageGate`).

Names are imported lazily, so ``import mastermind_q.circuits`` stays cheap.
"""

from __future__ import annotations

from typing import Any

from .._lazy_exports import LazyExports

_EXPORTS = {
    "color_qubits": "layout",
    "score_qubits": "layout",
    "position_qubits": "layout",
    "score_qubit_indices": "layout",
    "layout_registers": "layout",
    "OracleLayout": "layout",
    "BlackPegOracleGate": "oracle",
    "ParityOracleGate": "oracle",
    "black_peg_oracle": "oracle",
    "black_peg_oracle_gate": "oracle",
    "oracle_inverse": "oracle",
    "two_color_oracle": "oracle",
    "black_peg_oracle_cost": "oracle",
    "two_color_count": "oracle",
    "find_two_color_circuit": "find_two_color",
    "two_color_positions": "find_two_color",
    "two_color_circuit": "two_colors",
    "two_color_score_qubits": "two_colors",
    "exact_grover_parameters": "grover",
    "paper_phase": "grover",
    "uniform_preparation": "grover",
    "diffusion": "grover",
    "score_phase": "grover",
    "phase_oracle": "grover",
    "grover_iteration": "grover",
    "adaptive_circuit": "grover",
    "StageGate": "stages",
    "PairPreparationGate": "find_two_color",
    "PairReadoutGate": "find_two_color",
    "pair_preparation": "find_two_color",
    "pair_readout": "find_two_color",
    "UniformPreparationGate": "grover",
    "ScorePhaseGate": "grover",
    "DiffusionGate": "grover",
    "HunzikerMeyerPreparationGate": "hunziker_meyer",
    "hunziker_meyer_preparation": "hunziker_meyer",
    "TwoColorPreparationGate": "two_colors",
    "TwoColorReadoutGate": "two_colors",
    "two_color_preparation": "two_colors",
    "two_color_readout": "two_colors",
}

__all__ = sorted(_EXPORTS)


_LAZY = LazyExports(__name__, _EXPORTS)


def __getattr__(name: str) -> Any:
    return _LAZY.load(name)


def __dir__() -> list[str]:
    return _LAZY.names()
