"""High-level-synthesis plugins for :class:`~mastermind_q.circuits.BlackPegOracleGate`.

One plugin per oracle construction of :func:`mastermind_q.circuits.black_peg_oracle`
and one that chooses, registered under Qiskit's ``qiskit.synthesis`` entry point
(``pyproject.toml``) for the gate name ``black_peg_oracle``:

================================  ========================================
``black_peg_oracle.fourier``      :class:`FourierOracleSynthesis`
``black_peg_oracle.increment``    :class:`IncrementOracleSynthesis`
``black_peg_oracle.gray``         :class:`GrayOracleSynthesis`
``black_peg_oracle.line``         :class:`LineOracleSynthesis`
``black_peg_oracle.auto``         :class:`AutoOracleSynthesis`
================================  ========================================

Selected per gate name, as for Qiskit's own ``MCXGate`` or ``PermutationGate``:

.. code-block:: python

    from qiskit import transpile
    from qiskit.transpiler.passes.synthesis.high_level_synthesis import HLSConfig

    transpile(circuit, backend, hls_config=HLSConfig(black_peg_oracle=["line"]))

Without a configuration the gate's definition (the default construction) is used. A
construction that needs more work qubits than the gate carries borrows clean idle
qubits of the circuit (``num_clean_ancillas``); with too few it declines (``None``)
and the transpiler tries the next method listed, then the definition. Each plugin is a
thin wrapper, as in Qiskit's ``hls_plugins.py``: the construction's builder is its
registry entry (:data:`~mastermind_q.circuits.oracle.constructions.CONSTRUCTION_REGISTRY`),
and :meth:`~mastermind_q.circuits.BlackPegOracleGate.synthesize` logs which construction
it built (logger ``mastermind_q.synthesis``).

Only a :class:`~mastermind_q.circuits.BlackPegOracleGate` object is synthesised:
every plugin declines anything else, whatever its name. The codemaker's opaque oracle
(:meth:`Codemaker.oracle() <mastermind_q.codemaker.Codemaker.oracle>`, named ``B_s``)
holds no secret, so nothing here could build it; a gate reloaded from QPY is a plain
``Gate`` with the definition it was saved with, and is transpiled from that.

This module imports only Qiskit's plugin base class: Qiskit loads every registered
plugin whenever a :class:`~qiskit.transpiler.passes.HighLevelSynthesis` pass is built.
"""

from __future__ import annotations

from typing import Any

from qiskit.transpiler.passes.synthesis.plugin import HighLevelSynthesisPlugin

__all__ = [
    "AutoOracleSynthesis",
    "FourierOracleSynthesis",
    "GrayOracleSynthesis",
    "IncrementOracleSynthesis",
    "LineOracleSynthesis",
    "auto_oracle_construction",
]


def _clean_qubits(high_level_object: Any, options: dict[str, Any]) -> int | None:
    """The clean idle qubits a plugin may borrow, or ``None``: not a ``BlackPegOracleGate``
    (every plugin declines anything else, the codemaker's opaque box included)."""
    from ..circuits.oracle import BlackPegOracleGate

    if type(high_level_object) is not BlackPegOracleGate:
        return None
    return int(options.get("num_clean_ancillas") or 0)


class _ConstructionSynthesis(HighLevelSynthesisPlugin):
    """Synthesise a :class:`BlackPegOracleGate` in the registry entry :attr:`construction`
    (:data:`~mastermind_q.circuits.oracle.constructions.CONSTRUCTION_REGISTRY`)."""

    construction = "fourier"

    def choose(self, gate: Any, target: Any, clean_qubits: int) -> str | None:
        """The construction to build (``None``: decline)."""
        return self.construction

    def run(
        self,
        high_level_object: Any,
        coupling_map: Any = None,
        target: Any = None,
        qubits: Any = None,
        **options: Any,
    ) -> Any:
        """The gate in the plugin's construction, or ``None`` (not our gate, it does not
        fit)."""
        clean = _clean_qubits(high_level_object, options)
        if clean is None:
            return None
        construction = self.choose(high_level_object, target, clean)
        if construction is None:
            return None
        return high_level_object.synthesize(construction, clean_qubits=clean)


class FourierOracleSynthesis(_ConstructionSynthesis):
    """The ``fourier`` construction."""

    construction = "fourier"


class IncrementOracleSynthesis(_ConstructionSynthesis):
    """The ``increment`` construction."""

    construction = "increment"


class GrayOracleSynthesis(_ConstructionSynthesis):
    """The ``gray`` construction."""

    construction = "gray"


class LineOracleSynthesis(_ConstructionSynthesis):
    """The ``line`` construction."""

    construction = "line"


def auto_oracle_construction(gate: Any, target: Any = None, clean_qubits: int = 0) -> str | None:
    """The construction the ``auto`` plugin picks for ``gate`` on ``target``.

    The toolkit's one chooser
    (:func:`~mastermind_q.backends.oracle_choice.choose_construction`: the default
    construction where nothing is routed, the fewest median two-qubit gates after
    transpiling on a target with a coupling map), the same answer ``solve`` and
    ``resources`` give. If that construction needs more work qubits than the gate and
    ``clean_qubits`` give, the cheapest by the cost formula of those that fit; ``None``
    if none fits.
    """
    from ..circuits.oracle import CONSTRUCTIONS
    from .names import CircuitTooWideError
    from .oracle_choice import auto_candidates, cheapest_by_formula, choose_construction

    n, k, m = gate.oracle_sizes
    room = gate.ancillas + clean_qubits
    try:
        chosen: str | None = choose_construction(target, n, k, m)
    except CircuitTooWideError:
        chosen = None
    if chosen is not None and gate.ancillas_needed(chosen) <= room:
        return chosen
    fitting = [
        name
        for name in dict.fromkeys((*auto_candidates("other", k), *CONSTRUCTIONS))
        if gate.ancillas_needed(name) <= room
    ]
    return cheapest_by_formula(n, k, m, fitting) if fitting else None


class AutoOracleSynthesis(_ConstructionSynthesis):
    """The construction the toolkit's chooser names for the target (cached choice).

    See :func:`auto_oracle_construction`. On a device target the first choice for a
    target and size transpiles each candidate oracle for three seeds; the answer is
    cached in the process and on disk (:mod:`mastermind_q.backends.oracle_choice`).
    """

    def choose(self, gate: Any, target: Any, clean_qubits: int) -> str | None:
        """:func:`auto_oracle_construction` (``None`` when nothing fits)."""
        return auto_oracle_construction(gate, target, clean_qubits)
