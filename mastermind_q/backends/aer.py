"""Running on Aer: sampled counts (statevector or matrix product state) and exact probabilities."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from qiskit import QuantumCircuit, transpile

from .chain import BLOCK_SIZE_KEY, chain_for_mps
from .names import aer_method
from .options import ExecutionOptions, ProgressEvent, current_execution_options
from .transpiling import AER_BASIS, transpile_for
from .worker import run_simulation

__all__ = [
    "MPS_HUB_REGISTERS",
    "MPS_SWAP_DIRECTION",
    "exact_probabilities",
    "order_for_mps",
    "sample_aer",
]

MPS_HUB_REGISTERS = ("score", "anc")
"""Registers placed first in the MPS chain by :func:`order_for_mps`."""
MPS_SWAP_DIRECTION = "mps_swap_right"
"""Aer ``mps_swap_direction`` used with :func:`order_for_mps` (the hubs move right)."""


def order_for_mps(circuit: QuantumCircuit) -> QuantumCircuit:
    """The same circuit with the hub registers (``score``, ``anc``) first in qubit order.

    Aer's matrix product state method keeps qubits on a line and, for a gate on distant
    qubits, swaps one of them next to the other and leaves it there. In the oracle layout
    (positions first, then the score register and the ancillas) the score register and
    the ancillas meet every position in turn. Placed first, with
    ``mps_swap_direction = "mps_swap_right"`` (:data:`MPS_SWAP_DIRECTION`), these hub
    qubits travel along the chain once, position after position; left at the end they
    are dragged back and forth (3.5x more swaps at ``n = 64, k = 8``, growing
    quadratically in ``n``; see ``benchmarks/RESULTS.md``). Only the qubit order
    changes: registers, measurements and counts keys are unchanged. Circuits without a
    ``score`` or ``anc`` register are returned as they are.

    Example:
        >>> from qiskit.circuit import QuantumCircuit, QuantumRegister
        >>> circuit = QuantumCircuit(QuantumRegister(2, "colors"), QuantumRegister(1, "score"))
        >>> [circuit.find_bit(q).index for q in order_for_mps(circuit).qubits[:1]]
        [2]
    """
    hubs = [
        qubit
        for register in circuit.qregs
        if register.name in MPS_HUB_REGISTERS
        for qubit in register
    ]
    if not hubs:
        return circuit
    hub_set = set(hubs)
    ordered = hubs + [qubit for qubit in circuit.qubits if qubit not in hub_set]
    reordered = QuantumCircuit(ordered, list(circuit.clbits), name=circuit.name)
    for register in (*circuit.qregs, *circuit.cregs):
        reordered.add_register(register)
    for instruction in circuit.data:
        reordered._append(instruction)
    reordered.global_phase = circuit.global_phase
    reordered.metadata = dict(circuit.metadata or {})
    return reordered


def _prepare_for_mps(circuit: QuantumCircuit) -> QuantumCircuit:
    """The circuit as Aer's MPS method runs it fastest.

    Circuits that name their position blocks (metadata
    :data:`~mastermind_q.backends.chain.BLOCK_SIZE_KEY`, set by
    :func:`~mastermind_q.circuits.grover.adaptive_circuit`, whose positions entangle
    through the score register) are routed onto the chain by
    :func:`~mastermind_q.backends.chain.chain_for_mps`: 7x faster at ``n = k = 16``,
    and the time grows far slower in ``n``. The others (FindTwoColorPosition, whose score
    register stays in an eigenstate and never entangles) run fastest with Aer's own
    swaps and the hub registers first (:func:`order_for_mps`): 1.9 s against 3.2 s of
    CPU at ``n = 1024, k = 8`` (``benchmarks/RESULTS.md``).
    """
    if BLOCK_SIZE_KEY in (circuit.metadata or {}):
        return chain_for_mps(circuit)
    return order_for_mps(circuit)


def sample_aer(
    circuits: Sequence[QuantumCircuit],
    *,
    name: str,
    shots: int,
    seed: int | None,
    options: ExecutionOptions,
) -> list[dict[str, int]]:
    """Counts of measured ``circuits`` on the Aer backend ``name`` (one SamplerV2 job).

    The simulation runs through :func:`~mastermind_q.backends.worker.run_simulation`
    (in a worker process when :func:`~mastermind_q.backends.worker.isolates` says so).
    """
    from ..limits import check_statevector

    width = max(circuit.num_qubits for circuit in circuits)
    method = aer_method(name, width)
    if method == "statevector":
        check_statevector(width, what=f"--backend {name}")
    compiled = transpile_for(
        circuits, name, optimization_level=options.optimization_level, progress=options.progress
    )
    sampler_options: dict[str, Any] = {"backend_options": {"method": method}}
    if method == "matrix_product_state":
        compiled = [_prepare_for_mps(circuit) for circuit in compiled]
        sampler_options["backend_options"]["mps_swap_direction"] = MPS_SWAP_DIRECTION
        # An MPS run of these circuits uses about one core: the circuits of a job (the
        # k - 1 queries of ``nonadaptive``) run side by side instead (same seeds, same
        # counts).
        sampler_options["backend_options"]["max_parallel_experiments"] = 0
    label = f"{name} ({method.replace('_', ' ')}), {_circuits(compiled)}"
    counts = run_simulation(
        _sample,
        compiled,
        sampler_options,
        shots,
        seed,
        options=options,
        label=label,
        circuits=compiled,
    )
    options.report(ProgressEvent("done", 1, 1))
    return counts


def _circuits(circuits: Sequence[QuantumCircuit]) -> str:
    width = max(circuit.num_qubits for circuit in circuits)
    plural = "s" if len(circuits) != 1 else ""
    return f"{len(circuits)} circuit{plural}, {width} qubits"


def _sample(
    compiled: list[QuantumCircuit],
    sampler_options: dict[str, Any],
    shots: int,
    seed: int | None = None,
    *,
    notify: Any,
) -> list[dict[str, int]]:
    """Run ``compiled`` on Aer's SamplerV2; the counts of each circuit's register.

    The seed is the sampler's own (``seed=``, Aer's ``seed_simulator``); qiskit-aer 0.17
    refuses it among the run options.
    """
    from qiskit_aer.primitives import SamplerV2

    sampler = SamplerV2(seed=seed, options=sampler_options)
    result = sampler.run(compiled, shots=shots).result()
    return [
        dict(getattr(pub_result.data, circuit.cregs[0].name).get_counts())
        for circuit, pub_result in zip(compiled, result)
    ]


def exact_probabilities(
    circuits: Sequence[QuantumCircuit], *, options: ExecutionOptions | None = None
) -> list[dict[str, float]]:
    """Exact outcome distributions of measured ``circuits`` (Aer statevector, no sampling).

    The final measurements are removed and the probabilities of the measured qubits are
    read from the statevector, keyed by bitstrings in the same order as
    :func:`sample_counts` keys (clbit 0 rightmost). Outcomes with probability below
    ``1e-12`` are dropped.

    The simulation runs through :func:`~mastermind_q.backends.worker.run_simulation`
    with ``options`` (default: :func:`~mastermind_q.backends.current_execution_options`;
    in a worker process when :func:`~mastermind_q.backends.worker.isolates` says so).
    """
    from ..limits import check_statevector

    for circuit in circuits:
        check_statevector(circuit.num_qubits, what=f"circuit {circuit.name!r}")
    prepared = []
    for circuit in circuits:
        measured: dict[int, int] = {}
        for instruction in circuit.data:
            if instruction.operation.name == "measure":
                qubit = circuit.find_bit(instruction.qubits[0]).index
                clbit = circuit.find_bit(instruction.clbits[0]).index
                measured[clbit] = qubit
        if sorted(measured) != list(range(circuit.num_clbits)):
            raise ValueError(
                f"circuit {circuit.name!r} must measure every classical bit once, "
                f"measures {sorted(measured)} of {circuit.num_clbits}"
            )
        bare = circuit.remove_final_measurements(inplace=False)
        compiled = transpile(bare, basis_gates=list(AER_BASIS), optimization_level=1)
        compiled.save_probabilities_dict([measured[c] for c in range(circuit.num_clbits)])
        prepared.append(compiled)
    if options is None:
        options = current_execution_options()
    label = f"aer-statevector (exact), {_circuits(prepared)}"
    raws = run_simulation(_probabilities, prepared, options=options, label=label, circuits=prepared)
    options.report(ProgressEvent("done", 1, 1))
    distributions = []
    for raw, circuit in zip(raws, circuits):
        width = circuit.num_clbits
        distributions.append(
            {
                format(int(key, 16) if isinstance(key, str) else int(key), f"0{width}b"): float(p)
                for key, p in raw.items()
                if p > 1e-12
            }
        )
    return distributions


def _probabilities(prepared: list[QuantumCircuit], *, notify: Any) -> list[dict[Any, float]]:
    """Run ``prepared`` (each saving a probabilities dict) on Aer's statevector method."""
    from qiskit_aer import AerSimulator

    result = AerSimulator(method="statevector").run(prepared, shots=1).result()
    return [dict(result.data(index)["probabilities"]) for index in range(len(prepared))]
