"""Backend names -> Qiskit execution: transpile, run through SamplerV2, return counts.

Backend names (DESIGN.md section 4):

* ``aer`` (default): Aer, method picked by the toolkit (statevector when the circuit is
  narrow, matrix product state when it is wide);
* ``aer-statevector``, ``aer-mps``: Aer with that method;
* ``fake:NAME``: a qiskit-ibm-runtime fake backend (noisy, offline);
* ``ibm:NAME``: a real IBM Quantum device through ``QiskitRuntimeService``.

Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from qiskit import QuantumCircuit, transpile

__all__ = [
    "BACKEND_FORMS",
    "DEFAULT_SHOTS",
    "STATEVECTOR_MAX_QUBITS",
    "aer_method",
    "exact_probabilities",
    "is_exact",
    "sample_counts",
    "validate_backend_name",
]

BACKEND_FORMS = ("aer", "aer-statevector", "aer-mps", "fake:NAME", "ibm:NAME")
"""The valid backend name forms."""
DEFAULT_SHOTS = 1024
"""Shots per circuit when none are given."""
STATEVECTOR_MAX_QUBITS = 24
"""The ``aer`` backend switches from statevector to matrix product state above this width."""
AER_BASIS = ("cx", "rz", "sx", "x", "h", "p", "u")
"""Basis used when transpiling for Aer (wide circuits cannot target the MPS simulator)."""


def validate_backend_name(name: Any) -> str:
    """Return ``name`` if it is a valid backend name; raise ``ValueError`` listing the forms."""
    if isinstance(name, str):
        if name in ("aer", "aer-statevector", "aer-mps"):
            return name
        prefix, _, rest = name.partition(":")
        if prefix in ("fake", "ibm") and rest:
            return name
    forms = ", ".join(BACKEND_FORMS)
    raise ValueError(f"backend must be one of {forms}; was {name!r}")


def is_exact(name: str) -> bool:
    """Whether ``name`` gives exact statevector probabilities (``aer-statevector``)."""
    return validate_backend_name(name) == "aer-statevector"


def aer_method(name: str, num_qubits: int) -> str:
    """The Aer simulation method for backend ``name`` and a circuit of ``num_qubits``."""
    name = validate_backend_name(name)
    if name == "aer-statevector":
        return "statevector"
    if name == "aer-mps":
        return "matrix_product_state"
    if name == "aer":
        return "statevector" if num_qubits <= STATEVECTOR_MAX_QUBITS else "matrix_product_state"
    raise ValueError(f"backend {name!r} is not an Aer backend")


def sample_counts(
    circuits: Sequence[QuantumCircuit],
    *,
    backend: str = "aer",
    shots: int | None = None,
    seed: int | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> list[dict[str, int]]:
    """Run measured ``circuits`` as one SamplerV2 job; return one counts dict per circuit.

    Each circuit's classical bits must form one register; the counts keys are its
    bitstrings (Qiskit order: clbit 0 rightmost).

    Args:
        circuits: measured circuits (one classical register each).
        backend: a backend name (see :data:`BACKEND_FORMS`).
        shots: shots per circuit (default :data:`DEFAULT_SHOTS`).
        seed: simulator seed.
        metadata: what the job is (``method``, ``n``, ``k``, circuit parameters); saved
            in the job record of hardware runs so the job can be decoded later.

    Raises:
        ValueError: invalid backend name or shots.
    """
    from qiskit_aer.primitives import SamplerV2

    name = validate_backend_name(backend)
    if shots is None:
        shots = DEFAULT_SHOTS
    if isinstance(shots, bool) or not isinstance(shots, int) or shots < 1:
        raise ValueError(f"shots must be a positive integer, was {shots!r}")
    if not name.startswith("aer"):
        raise ValueError(f"backend {name!r} is not available yet")
    circuits = list(circuits)
    width = max(circuit.num_qubits for circuit in circuits)
    method = aer_method(name, width)
    compiled = transpile(circuits, basis_gates=list(AER_BASIS), optimization_level=1)
    options: dict[str, Any] = {"backend_options": {"method": method}}
    if seed is not None:
        options["run_options"] = {"seed_simulator": seed}
    sampler = SamplerV2(options=options)
    result = sampler.run(compiled, shots=shots).result()
    counts = []
    for circuit, pub_result in zip(compiled, result):
        register = circuit.cregs[0].name
        counts.append(dict(getattr(pub_result.data, register).get_counts()))
    return counts


def exact_probabilities(circuits: Sequence[QuantumCircuit]) -> list[dict[str, float]]:
    """Exact outcome distributions of measured ``circuits`` (Aer statevector, no sampling).

    The final measurements are removed and the probabilities of the measured qubits are
    read from the statevector, keyed by bitstrings in the same order as
    :func:`sample_counts` keys (clbit 0 rightmost). Outcomes with probability below
    ``1e-12`` are dropped.
    """
    from qiskit_aer import AerSimulator

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
    simulator = AerSimulator(method="statevector")
    result = simulator.run(prepared, shots=1).result()
    distributions = []
    for index, circuit in enumerate(circuits):
        raw = result.data(index)["probabilities"]
        width = circuit.num_clbits
        distributions.append(
            {
                format(int(key, 16) if isinstance(key, str) else int(key), f"0{width}b"): float(p)
                for key, p in raw.items()
                if p > 1e-12
            }
        )
    return distributions
