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
and the transpiler tries the next method listed, then the definition.

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
    """Synthesise a :class:`BlackPegOracleGate` in the construction :attr:`construction`."""

    construction = "fourier"

    def run(
        self,
        high_level_object: Any,
        coupling_map: Any = None,
        target: Any = None,
        qubits: Any = None,
        **options: Any,
    ) -> Any:
        """The gate in :attr:`construction`, or ``None`` (not our gate, too few qubits)."""
        clean = _clean_qubits(high_level_object, options)
        if clean is None:
            return None
        return high_level_object.synthesize(self.construction, clean_qubits=clean)


class FourierOracleSynthesis(_ConstructionSynthesis):
    """The ``fourier`` construction (adder in the Fourier basis, two shared flags)."""

    construction = "fourier"


class IncrementOracleSynthesis(_ConstructionSynthesis):
    """The ``increment`` construction (a controlled ``+1 mod 2^m`` per position)."""

    construction = "increment"


class GrayOracleSynthesis(_ConstructionSynthesis):
    """The ``gray`` construction (phase polynomials walked by a Gray code)."""

    construction = "gray"


class LineOracleSynthesis(_ConstructionSynthesis):
    """The ``line`` construction (score register as a line of neighbours)."""

    construction = "line"


def auto_oracle_construction(gate: Any, target: Any = None, clean_qubits: int = 0) -> str | None:
    """The construction the ``auto`` plugin picks for ``gate`` on ``target``.

    The toolkit's cached choice
    (:func:`~mastermind_q.backends.oracle_choice.choose_construction_for_target`: fewest
    median two-qubit gates after transpiling the oracle to the target, the cost formula
    when the target has no coupling map or there is no target). If that construction
    needs more work qubits than the gate and ``clean_qubits`` give, the cheapest by the
    cost formula of those that fit; ``None`` if none fits.
    """
    from ..circuits.oracle import CONSTRUCTIONS
    from .names import CircuitTooWideError
    from .oracle_choice import auto_candidates, cheapest_by_formula, choose_construction_for_target

    n, k, m = gate.oracle_sizes
    room = gate.ancillas + clean_qubits
    if target is not None:
        try:
            chosen = choose_construction_for_target(target, n, k, m)
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


class AutoOracleSynthesis(HighLevelSynthesisPlugin):
    """The construction with the fewest two-qubit gates on the target (cached choice).

    See :func:`auto_oracle_construction`. Choosing transpiles each candidate oracle to
    the target for three seeds the first time a target and size are seen (about a
    second at ``n = k = 8``); the answer is cached in the process and on disk
    (:mod:`mastermind_q.backends.oracle_choice`).
    """

    def run(
        self,
        high_level_object: Any,
        coupling_map: Any = None,
        target: Any = None,
        qubits: Any = None,
        **options: Any,
    ) -> Any:
        """The gate in the chosen construction, or ``None`` (not our gate, nothing fits)."""
        clean = _clean_qubits(high_level_object, options)
        if clean is None:
            return None
        construction = auto_oracle_construction(high_level_object, target, clean)
        if construction is None:
            return None
        return high_level_object.synthesize(construction, clean_qubits=clean)
