"""Running a codebreaker's circuits: the oracle construction, the codemaker's run, decoding.

Each solver asks the codemaker for its oracle gate with :func:`_oracle_for` (in the
construction the execution options ask for, :func:`choose_oracle_construction` on
devices) and hands its circuits to :func:`_run_and_decode`, which has
:meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>` count and run them.
"""

from __future__ import annotations

import functools
import math
import statistics
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .decoding import _decode, position_weights
from .outcome import QuantumOutcome

if TYPE_CHECKING:
    from qiskit.circuit import QuantumCircuit

    from ..codemaker import Codemaker

__all__ = ["AUTO_SEEDS", "choose_oracle_construction"]

AUTO_SEEDS = (1, 2, 3)
"""``seed_transpiler`` values over which :func:`choose_oracle_construction` takes medians."""


def choose_oracle_construction(
    backend: str,
    num_positions: int,
    colors: int,
    *,
    score_qubits: int | None = None,
    optimization_level: int | None = None,
) -> str:
    """The oracle construction with the fewest two-qubit gates after transpiling for ``backend``.

    Each construction of :data:`mastermind_q.circuits.oracle.CONSTRUCTIONS` is built
    for the all-zero secret (the gate counts do not depend on the secret, only the
    one-qubit X gates do, so no secret is needed), transpiled as a block
    (``qubits_initially_zero=False``) with :func:`mastermind_q.backends.transpile_for`
    at ``optimization_level`` for each seed of :data:`AUTO_SEEDS`; the construction
    with the smallest median two-qubit gate count wins, ties by median depth, then by
    the order of ``CONSTRUCTIONS``. Aer has no coupling map: there the cost formula
    decides (fewest CX before optimisation, :func:`black_peg_oracle_cost`). Results are
    cached per (backend, n, k, m, level) for the process.

    On ``fake:torino`` at level 3 ``gray`` wins at ``k = 4`` (n = 8, 16, 32) and
    ``fourier`` at ``n = k = 8`` (``benchmarks/RESULTS.md``).

    Args:
        backend: a backend name.
        num_positions: ``n``.
        colors: ``k``.
        score_qubits: the score width ``m`` (default the minimum).
        optimization_level: 0-3 (default: the current execution options).

    Returns:
        A construction name.

    Raises:
        ValueError: invalid sizes or backend name.
        CircuitTooWideError: no construction fits the device (the narrowest is
            reported).
    """
    from ..backends import current_execution_options, validate_backend_name
    from ..circuits.oracle import _score_width
    from ..game import validate_colors, validate_positions

    name = validate_backend_name(backend)
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    m = _score_width(n, score_qubits)
    options = current_execution_options()
    level = options.optimization_level if optimization_level is None else optimization_level
    return _choose_construction(name, n, k, m, level)


@functools.lru_cache(maxsize=256)
def _choose_construction(name: str, n: int, k: int, m: int, level: int) -> str:
    from ..backends import CircuitTooWideError, backend_kind, resolve_backend, transpile_for
    from ..circuits.oracle import CONSTRUCTIONS, black_peg_oracle, black_peg_oracle_cost

    if backend_kind(name) == "aer":
        costs = {
            c: black_peg_oracle_cost(n, k, construction=c, score_qubits=m) for c in CONSTRUCTIONS
        }
        return min(CONSTRUCTIONS, key=lambda c: (costs[c].two_qubit_gates, costs[c].qubits))
    device = resolve_backend(name)  # once: an ibm: device is looked up over the network
    scores: dict[str, tuple[float, float, int]] = {}
    too_wide: CircuitTooWideError | None = None
    narrowest = 0
    for order, construction in enumerate(CONSTRUCTIONS):
        circuit = black_peg_oracle((0,) * n, k, construction=construction, score_qubits=m)
        twos, depths = [], []
        if circuit.num_qubits > device.num_qubits:
            if too_wide is None or circuit.num_qubits < narrowest:
                narrowest = circuit.num_qubits
                too_wide = CircuitTooWideError(
                    f"circuit {circuit.name!r} needs {circuit.num_qubits} qubits, "
                    f"but backend {name!r} has {device.num_qubits}"
                )
            continue
        for seed in AUTO_SEEDS:
            (compiled,) = transpile_for(
                [circuit], device, optimization_level=level, seed=seed, qubits_initially_zero=False
            )
            twos.append(sum(1 for item in compiled.data if item.operation.num_qubits == 2))
            depths.append(compiled.depth())
        scores[construction] = (statistics.median(twos), statistics.median(depths), order)
    if too_wide is not None and not scores:
        raise too_wide
    return min(scores, key=scores.__getitem__)


def _oracle_for(
    codemaker: Codemaker,
    backend: str,
    *,
    score_qubits: int | None = None,
    mps_construction: str | None = None,
) -> Any:
    """The codemaker's oracle gate in the construction the execution options ask for.

    ``"auto"``: :func:`choose_oracle_construction` on devices; on Aer the default
    construction, or ``mps_construction`` when given and Aer simulates the circuit as a
    matrix product state.
    """
    from ..backends import aer_method, backend_kind, current_execution_options
    from ..circuits.oracle import DEFAULT_CONSTRUCTION

    options = {} if score_qubits is None else {"score_qubits": score_qubits}
    construction = current_execution_options().oracle_construction
    if construction == "auto":
        n, k = codemaker.num_positions, codemaker.num_colors
        if backend_kind(backend) != "aer":
            construction = choose_oracle_construction(backend, n, k, score_qubits=score_qubits)
        else:
            construction = DEFAULT_CONSTRUCTION
            if mps_construction is not None:
                width = codemaker.oracle(**options).num_qubits
                if aer_method(backend, width) == "matrix_product_state":
                    construction = mps_construction
    return codemaker.oracle(construction=construction, **options)


def _run_and_decode(
    method: str,
    codemaker: Codemaker,
    circuits: Sequence[QuantumCircuit],
    *,
    num_positions: int,
    colors: int,
    backend: str,
    shots: int | None,
    seed: int | None,
    metadata: Mapping[str, Any],
) -> QuantumOutcome:
    """Have the codemaker count and run ``circuits`` (exactly on ``aer-statevector``); decode."""
    from ..backends import is_exact

    distributions = codemaker.run(
        circuits, backend=backend, shots=shots, seed=seed, metadata=metadata
    )
    found, fractions = _decode(
        method,
        distributions,
        num_positions=num_positions,
        colors=colors,
        normalise=not is_exact(backend),
    )
    return QuantumOutcome(
        found=found,
        success_probability=math.prod(fractions),
        circuit_success_probabilities=tuple(fractions),
        position_weights=position_weights(
            method, distributions, num_positions=num_positions, colors=colors
        ),
    )
