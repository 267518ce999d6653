"""Running a codebreaker's circuits: the oracle construction, the codemaker's run, decoding.

Each solver is given an :class:`~mastermind_q.backends.Execution` record, asks the
codemaker for its oracle gate with :func:`_oracle_for` (in the construction the record
asks for, :func:`choose_oracle_construction` on devices) and hands its circuits and the
record to :func:`_run_and_decode`, which has
:meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>` count and run them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .decoding import _adaptive_answer, _decode, position_weights
from .outcome import QuantumOutcome

if TYPE_CHECKING:
    from qiskit.circuit import QuantumCircuit

    from ..backends import Execution
    from ..codemaker import Codemaker

__all__ = ["AUTO_SEEDS", "choose_oracle_construction"]

from ..backends.oracle_choice import AUTO_SEEDS


def choose_oracle_construction(
    backend: str,
    num_positions: int,
    colors: int,
    *,
    score_qubits: int | None = None,
    optimization_level: int | None = None,
) -> str:
    """The oracle construction with the fewest two-qubit gates after transpiling for ``backend``.

    On a device (``fake:``, ``ibm:``) each candidate construction
    (:func:`mastermind_q.backends.oracle_choice.auto_candidates`: all of
    :data:`mastermind_q.circuits.oracle.CONSTRUCTIONS` on heavy-hex devices for
    ``k > 4``, the layout-aware ``line`` included; the others elsewhere) is built for the all-zero
    secret (the gate counts do not depend on the secret, only the one-qubit X gates
    do), transpiled as a block (``qubits_initially_zero=False``) with the device's
    compile setting (:func:`mastermind_q.backends.transpiling.compile_setting`, or
    ``optimization_level``) for each seed of :data:`AUTO_SEEDS`; the smallest median
    two-qubit gate count wins, ties by median depth, then by candidate order. The
    choice is cached in the process and on disk, per (device, n, k, m, candidates,
    compile setting, Qiskit version)
    (:func:`mastermind_q.backends.oracle_choice.choose_construction`): a second
    command on the same device and sizes spends no time choosing. Aer has no coupling
    map: there the cost formula decides (fewest CX before optimisation,
    :func:`black_peg_oracle_cost`).

    With the measured default setting (level 3) ``gray`` wins on ``fake:torino`` and
    ``fake:sherbrooke`` at ``k = 4`` (n = 8, 16, 32) and ``line`` at ``n = k = 8`` and
    ``n = k = 16`` (``benchmarks/RESULTS.md``, "A layout-aware oracle").

    Args:
        backend: a backend name.
        num_positions: ``n``.
        colors: ``k``.
        score_qubits: the score width ``m`` (default the minimum).
        optimization_level: 0-3 (default: the current execution options; ``None``
            there too: the device's measured compile setting).

    Returns:
        A construction name.

    Raises:
        ValueError: invalid sizes or backend name.
        CircuitTooWideError: no construction fits the device (the narrowest is
            reported).
    """
    from ..backends import backend_kind, current_execution_options, validate_backend_name
    from ..backends.oracle_choice import (
        auto_candidates,
        cheapest_by_formula,
        choose_construction,
    )
    from ..circuits.oracle import _score_width
    from ..game import validate_colors, validate_positions

    name = validate_backend_name(backend)
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    m = _score_width(n, score_qubits)
    options = current_execution_options()
    level = options.optimization_level if optimization_level is None else optimization_level
    if backend_kind(name) == "aer":
        return cheapest_by_formula(n, k, m, auto_candidates("other", k))
    return choose_construction(name, n, k, m, optimization_level=level)


def _oracle_for(
    codemaker: Codemaker,
    execution: Execution | str,
    *,
    score_qubits: int | None = None,
    mps_construction: str | None = None,
) -> Any:
    """The codemaker's oracle gate in the construction ``execution`` asks for.

    ``execution``: the record, or a backend name (a record with the options in force).

    ``"auto"``: :func:`choose_oracle_construction` on devices; on Aer the default
    construction, or ``mps_construction`` when given and Aer simulates the circuit as a
    matrix product state.
    """
    from ..backends import Execution, aer_method, backend_kind
    from ..circuits.oracle import DEFAULT_CONSTRUCTION

    if isinstance(execution, str):
        execution = Execution.here(execution)
    backend = execution.backend
    options = {} if score_qubits is None else {"score_qubits": score_qubits}
    construction = execution.options.oracle_construction
    if construction == "auto":
        n, k = codemaker.num_positions, codemaker.num_colors
        if backend_kind(backend) != "aer":
            construction = choose_oracle_construction(
                backend,
                n,
                k,
                score_qubits=score_qubits,
                optimization_level=execution.options.optimization_level,
            )
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
    circuits: Iterable[QuantumCircuit],
    *,
    num_positions: int,
    colors: int,
    execution: Execution,
    metadata: Mapping[str, Any],
) -> QuantumOutcome:
    """Have the codemaker count and run ``circuits`` (exactly on ``aer-statevector``); decode."""
    from ..backends import is_exact

    distributions = codemaker.run(circuits, metadata=metadata, execution=execution)
    found, fractions = _decode(
        method,
        distributions,
        num_positions=num_positions,
        colors=colors,
        normalise=not is_exact(execution.backend),
    )
    return QuantumOutcome(
        found=found,
        success_probability=math.prod(fractions),
        circuit_success_probabilities=tuple(fractions),
        position_weights=position_weights(
            method, distributions, num_positions=num_positions, colors=colors
        ),
    )


def _run_and_read_registers(
    codemaker: Codemaker,
    circuit: QuantumCircuit,
    *,
    num_positions: int,
    colors: int,
    iterations: int,
    execution: Execution,
    metadata: Mapping[str, Any],
) -> QuantumOutcome:
    """Have the codemaker count and run one Grover-type ``circuit``; read its registers.

    The measured colour registers are the answer (:func:`~.decoding._adaptive_answer`):
    the adaptive solver (Algorithm 4) and Hunziker-Meyer (Algorithm 5) end this way.
    """
    from ..backends import is_exact

    (distribution,) = codemaker.run([circuit], metadata=metadata, execution=execution)
    found, probability = _adaptive_answer(
        distribution,
        num_positions=num_positions,
        colors=colors,
        normalise=not is_exact(execution.backend),
    )
    return QuantumOutcome(
        found=found,
        success_probability=probability,
        iterations=iterations,
        circuit_success_probabilities=(probability,),
        position_weights=position_weights(
            "adaptive", [distribution], num_positions=num_positions, colors=colors
        ),
    )
