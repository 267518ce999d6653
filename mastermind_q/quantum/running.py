"""Running a codebreaker's circuits: the oracle construction, the codemaker's run, decoding.

Each solver is given an :class:`~mastermind_q.backends.Execution` record, asks the
codemaker for its oracle gate with :func:`_oracle_for` (in the construction the record
asks for; ``auto``: :func:`choose_oracle_construction`, the toolkit's one chooser) and
hands its circuits and the record to :func:`_run_and_decode`, which has
:meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>` count and run them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .decoding import _adaptive_answer, _decode, _position_weights
from .outcome import QuantumOutcome

if TYPE_CHECKING:
    from qiskit.circuit import QuantumCircuit

    from ..backends import Execution
    from ..codemaker import Codemaker
    from ._solver import QuantumCodebreaker

__all__ = ["AUTO_SEEDS", "choose_oracle_construction"]

from ..backends.oracle_choice import AUTO_SEEDS


def choose_oracle_construction(
    backend: str,
    num_positions: int,
    colors: int,
    *,
    score_qubits: int | None = None,
    optimization_level: int | None = None,
    method: str | None = None,
) -> str:
    """The oracle construction the solvers run on ``backend`` (``--oracle auto``).

    The toolkit's one chooser
    (:func:`mastermind_q.backends.oracle_choice.choose_construction`), which
    ``resources`` and the ``auto`` synthesis plugin ask too:

    * Aer (``aer``, ``aer-statevector``, ``aer-mps``): nothing is routed, the default
      construction :data:`~mastermind_q.circuits.oracle.DEFAULT_CONSTRUCTION`
      (``fourier``), except ``method="adaptive"`` where Aer simulates it as a matrix
      product state (``aer-mps``; ``aer`` above its statevector width): ``increment``
      (:data:`~mastermind_q.backends.oracle_choice.MPS_CONSTRUCTIONS`);
    * a device (``fake:``, ``ibm:``): each candidate construction
      (:func:`mastermind_q.backends.oracle_choice.auto_candidates`) transpiled as a block
      to the device's target with its compile setting for each seed of
      :data:`AUTO_SEEDS`; the fewest median two-qubit gates wins, ties by median depth,
      then by candidate order. Cached in the process and on disk per (target, n, k, m,
      candidates, compile setting, Qiskit version): a second command on the same
      device and sizes spends no time choosing. ``benchmarks/RESULTS.md`` ("A
      layout-aware oracle") has what wins where.

    Args:
        backend: a backend name.
        num_positions: ``n``.
        colors: ``k``.
        score_qubits: the score width ``m`` (default the minimum).
        optimization_level: 0-3 (default: the current execution options; ``None``
            there too: the device's measured compile setting).
        method: the quantum method whose circuits hold the oracle (its codebreaker's
            :attr:`~mastermind_q.quantum._solver.QuantumCodebreaker.mps_construction` on a
            matrix-product-state simulation: see above).

    Returns:
        A construction name.

    Raises:
        ValueError: invalid sizes or backend name.
        CircuitTooWideError: no construction fits the device (the narrowest is
            reported).
    """
    from ..backends import current_execution_options, validate_backend_name
    from ..backends.oracle_choice import choose_construction

    name = validate_backend_name(backend)
    options = current_execution_options()
    level = options.optimization_level if optimization_level is None else optimization_level
    mps = None
    if method is not None:
        from ..codebreaker import method_codebreaker

        mps = getattr(method_codebreaker(method), "mps_construction", None)
    return choose_construction(
        name,
        num_positions,
        colors,
        score_qubits,
        mps_construction=mps,
        optimization_level=level,
    )


def _oracle_for(
    codemaker: Codemaker,
    execution: Execution | str,
    *,
    score_qubits: int | None = None,
    mps_construction: str | None = None,
) -> Any:
    """The codemaker's oracle gate in the construction ``execution`` asks for.

    ``execution``: the record, or a backend name (a record with the options in force).
    ``"auto"``: the toolkit's chooser on its backend, at its optimisation level
    (``mps_construction``: the codebreaker's preference on a matrix-product-state run).
    """
    from ..backends import Execution, validate_backend_name
    from ..backends.oracle_choice import _choose_construction
    from ..circuits.oracle import _score_width

    if isinstance(execution, str):
        execution = Execution.here(execution)
    backend = execution.backend
    options = {} if score_qubits is None else {"score_qubits": score_qubits}
    construction = execution.options.oracle_construction
    if construction == "auto":
        construction = _choose_construction(
            validate_backend_name(backend),
            codemaker.num_positions,
            codemaker.num_colors,
            _score_width(codemaker.num_positions, score_qubits),
            mps_construction=mps_construction,
            optimization_level=execution.options.optimization_level,
        )
    return codemaker.oracle(construction=construction, **options)


def _run_and_decode(
    breaker: QuantumCodebreaker,
    codemaker: Codemaker,
    circuits: Iterable[QuantumCircuit],
    execution: Execution,
    *,
    iterations: int | None = None,
    **details: Any,
) -> QuantumOutcome:
    """Have the codemaker count and run ``circuits`` (exactly on ``aer-statevector``); decode.

    The run's metadata: ``method`` (the codebreaker's name), ``n``, ``k``, ``iterations``
    (when given), then ``details``.

    With ``iterations`` (``T``), ``circuits`` is one Grover-type circuit whose measured
    colour registers are the answer (:func:`~.decoding._adaptive_answer`): the adaptive
    solver (Algorithm 4) and Hunziker-Meyer (Algorithm 5) end this way. Otherwise each
    circuit's most likely answer is decoded along the codebreaker's
    :meth:`~._solver.QuantumCodebreaker.readout_plan` (:func:`~.decoding._decode`).
    """
    from ..backends import is_exact

    num_positions, colors = codemaker.num_positions, codemaker.num_colors
    metadata: dict[str, Any] = {"method": breaker.name, "n": num_positions, "k": colors}
    if iterations is not None:
        metadata["iterations"] = iterations
    metadata.update(details)
    distributions = codemaker.run(circuits, metadata=metadata, execution=execution)
    normalise = not is_exact(execution.backend)
    plan = None if iterations is not None else breaker.readout_plan(colors)
    if plan is not None:
        found, fractions = _decode(
            plan, distributions, num_positions=num_positions, colors=colors, normalise=normalise
        )
    else:
        (distribution,) = distributions
        found, probability = _adaptive_answer(
            distribution, num_positions=num_positions, colors=colors, normalise=normalise
        )
        fractions = [probability]
    return QuantumOutcome(
        found=found,
        success_probability=math.prod(fractions),
        iterations=iterations,
        circuit_success_probabilities=tuple(fractions),
        position_weights=_position_weights(
            plan, distributions, num_positions=num_positions, colors=colors
        ),
    )
