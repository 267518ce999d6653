"""The fast ``fake:`` path: Aer with the device noise model on the active qubits only.

Three measured choices (``benchmarks/RESULTS.md``, "Noisy simulation speed"):

* **The noise model is built for the active qubits only.** Aer's
  :meth:`~qiskit_aer.noise.NoiseModel.from_backend` turns every gate of the device
  into a depolarising-plus-relaxation error (9-16 s for the 133 qubits of Torino).
  :func:`device_noise_model` runs the same function on the device's
  :class:`~qiskit.transpiler.Target` cut down to the qubits the transpiled circuits
  touch (renumbered ``0..a-1``), so the errors are the same and the cost is
  proportional to ``a`` (cached per device and qubit set). Idle qubits never enter
  a gate, so the distribution is unchanged.
* **Up to** :data:`FAKE_DENSITY_MATRIX_MAX_QUBITS` **active qubits**: Aer's sampler
  with its automatic method (the density matrix), exactly as the runtime's local mode
  does; for one seed the counts equal the local mode's.
* **Above**: *noise trajectories with exact final distributions*, on Aer's matrix
  product state simulator. Aer samples :data:`FAKE_TRAJECTORIES` noise trajectories;
  for each it saves the exact probabilities ``p_j`` of the measured qubits
  (``save_probabilities``, ``pershot=True``) instead of one measured shot. The shots
  are drawn from the ``p_j`` (shot ``t`` from trajectory ``t mod M``) and the device's
  readout errors are applied to them bit by bit, as Aer does at ``measure``. Each
  shot is then distributed as on the density matrix (a trajectory samples the noise
  channel's unravelling, ``E[p_j]`` is the exact distribution); shots of one
  trajectory are correlated, but a trajectory contributes its whole distribution, not
  one bit, so ``M`` trajectories estimate every outcome probability at least as well
  as ``M`` independent shots: by Hoeffding, the frequency of an event in the mixture
  is within ``t`` of its exact probability except with probability
  ``2 exp(-2 M t^2)``.

  **The rule for** ``M``: the solvers decode per circuit a majority. A position whose
  bit errs with probability ``delta < 0.3`` gets the wrong majority in the mixture
  only if its frequency moves by ``0.2``: with ``M = 256`` that has probability
  ``<= exp(-2 * 256 * 0.2^2) = 1.3e-9``. The reported success probabilities carry the
  sampling error of ``M`` trajectories: the total variation distance to the exact
  distribution falls as ``1/sqrt(M)``, measured 0.016-0.046 at ``M = 256`` on
  FindTwoColorPosition circuits of 8-10 active qubits (``benchmarks/RESULTS.md``).

  **One approximation, to make trajectories cheap**: a qubit whose device ``T2``
  exceeds its ``T1`` has a thermal relaxation channel that is no mixture of unitaries
  and resets, so Aer applies it as a Kraus map, which on a matrix product state costs
  a contraction of the whole chain per gate (1 s per trajectory at 15 qubits instead
  of 0.03 s). The trajectory path uses ``T2 = min(T2, T1)`` (:func:`device_noise_model`
  with ``clip_t2=True``): populations relax exactly as on the device, coherences of
  those qubits decay at ``1/T1`` instead of ``1/T2`` (``T2 <= 2 T1``), i.e. by at most
  ``t/T1`` more per gate of duration ``t`` (``~3e-4`` for Torino's gates). Checked
  against the exact density matrices (FindTwoColorPosition on Torino, n = 2 and 3):
  clipped and unclipped outputs differ by 8e-5 and 9e-4 in total variation distance,
  and the trajectory path's 4096 shots stay below :data:`TRAJECTORY_TVD_BOUND` of the
  unclipped exact distribution (``tests/test_noisy.py``, ``benchmarks/RESULTS.md``).

  Cost: ``M`` matrix-product-state runs per circuit instead of one statevector run
  per shot (FindTwoColorPosition at n = 5, k = 4 on Torino, 15 active qubits: 66-370 s
  before, a few seconds now; n = 8, 24 active qubits, was out of reach).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from qiskit import QuantumCircuit

from .names import fake_backend

__all__ = [
    "FAKE_DENSITY_MATRIX_MAX_QUBITS",
    "FAKE_TRAJECTORIES",
    "TRAJECTORY_TVD_BOUND",
    "device_noise_model",
]

FAKE_DENSITY_MATRIX_MAX_QUBITS = 10
"""Fast ``fake:`` path: above this many active qubits, trajectories (module docstring)."""
FAKE_TRAJECTORIES = 256
"""Noise trajectories per circuit above :data:`FAKE_DENSITY_MATRIX_MAX_QUBITS` active
qubits (fewer if fewer shots); the rule is in the module docstring."""
TRAJECTORY_TVD_BOUND = 0.05
"""Total variation distance between the trajectory path's 4096-shot frequencies and the
exact density-matrix distribution, tested on small circuits (``tests/test_backends.py``)."""
_TRAJECTORY_MAX_MEASURED = 20
"""Above this many measured bits the exact per-trajectory distributions get too large:
the trajectory path then samples one shot per trajectory (Aer's own sampler)."""


def _sub_target(target: Any, qubits: Sequence[int]) -> Any:
    """``target`` restricted to ``qubits``, renumbered ``0..len(qubits)-1``."""
    from qiskit.transpiler import Target

    positions = {qubit: index for index, qubit in enumerate(qubits)}
    properties = target.qubit_properties
    sub = Target(
        num_qubits=len(qubits),
        dt=target.dt,
        granularity=target.granularity,
        min_length=target.min_length,
        pulse_alignment=target.pulse_alignment,
        acquire_alignment=target.acquire_alignment,
        qubit_properties=[properties[qubit] for qubit in qubits] if properties else None,
    )
    for name in target.operation_names:
        operation = target.operation_from_name(name)
        entries = target[name]
        if isinstance(operation, type) or entries is None or None in entries:
            sub.add_instruction(operation, name=name)
            continue
        kept = {
            tuple(positions[qubit] for qubit in qargs): props
            for qargs, props in entries.items()
            if all(qubit in positions for qubit in qargs)
        }
        if kept:
            sub.add_instruction(operation, kept, name=name)
    return sub


class _TargetBackend:
    """The attributes :meth:`NoiseModel.from_backend` reads from a ``BackendV2``."""

    version = 2

    def __init__(self, target: Any, name: str) -> None:
        self.target = target
        self.name = name
        self.operation_names = list(target.operation_names)
        self.dt = target.dt
        self.num_qubits = target.num_qubits

    def __str__(self) -> str:
        return self.name


@functools.lru_cache(maxsize=32)
def device_noise_model(
    name: str, qubits: tuple[int, ...] | None = None, *, clip_t2: bool = False
) -> Any:
    """Aer's noise model of fake device ``name`` on ``qubits`` (renumbered from 0).

    :meth:`~qiskit_aer.noise.NoiseModel.from_backend` applied to the device target cut
    down to ``qubits`` (all qubits when ``None``): the same gate, relaxation (delays
    included) and readout errors as the full model on those qubits, built in time
    proportional to ``len(qubits)``. Cached.

    Args:
        name: a fake device name (``torino``, ``fake_torino``, ...).
        qubits: physical qubits, in the order of the model's qubits.
        clip_t2: use ``T2 = min(T2, T1)`` (no Kraus maps; see the module docstring).

    Example:
        >>> model = device_noise_model("manila", (0, 1))
        >>> sorted(model.noise_qubits)
        [0, 1]
    """
    from qiskit_aer.noise import NoiseModel

    device = fake_backend(name)
    if qubits is None and not clip_t2:
        return NoiseModel.from_backend(device)
    target = device.target
    sub = _sub_target(target, range(target.num_qubits) if qubits is None else qubits)
    if clip_t2 and sub.qubit_properties:
        sub.qubit_properties = [
            _clipped(properties) if properties is not None else None
            for properties in sub.qubit_properties
        ]
    return NoiseModel.from_backend(_TargetBackend(sub, name))


def _clipped(properties: Any) -> Any:
    """``QubitProperties`` with ``T2 = min(T2, T1)``."""
    from qiskit.providers import QubitProperties

    t1, t2 = properties.t1, properties.t2
    if t1 is not None and t2 is not None and t2 > t1:
        t2 = t1
    return QubitProperties(t1=t1, t2=t2, frequency=properties.frequency)


def _active_qubits(circuits: Sequence[QuantumCircuit]) -> list[int]:
    """Physical qubits a gate or measurement of any of ``circuits`` touches.

    Barriers and delays do not count: a qubit that only idles never leaves ``|0>``.
    """
    active: set[int] = set()
    for circuit in circuits:
        for instruction in circuit.data:
            if instruction.operation.name in ("barrier", "delay"):
                continue
            active.update(circuit.find_bit(qubit).index for qubit in instruction.qubits)
    return sorted(active)


def _narrow(circuit: QuantumCircuit, positions: Mapping[int, int]) -> QuantumCircuit:
    """``circuit`` on ``len(positions)`` qubits, physical qubit ``p`` -> ``positions[p]``."""
    from qiskit import QuantumRegister

    narrow = QuantumCircuit(QuantumRegister(len(positions), "q"), *circuit.cregs, name=circuit.name)
    for instruction in circuit.data:
        indices = [circuit.find_bit(qubit).index for qubit in instruction.qubits]
        if instruction.operation.name == "barrier":
            kept = [positions[i] for i in indices if i in positions]
            if kept:
                narrow.barrier(kept)
            continue
        if instruction.operation.name == "delay" and indices[0] not in positions:
            continue  # an idle qubit outside the active ones
        narrow.append(instruction.operation, [positions[i] for i in indices], instruction.clbits)
    return narrow


def _final_measurements(circuit: QuantumCircuit) -> list[int] | None:
    """Qubit measured into each clbit if every measurement is final, else ``None``."""
    from .mitigation import measured_qubits

    try:
        measured = measured_qubits(circuit)
    except ValueError:
        return None
    done: set[int] = set()
    for instruction in circuit.data:
        name = instruction.operation.name
        indices = {circuit.find_bit(qubit).index for qubit in instruction.qubits}
        if name == "measure":
            done |= indices
        elif name != "barrier" and indices & done:
            return None
        if instruction.clbits and name != "measure":
            return None
    return measured


def _readout_flips(noise_model: Any, qubits: Sequence[int]) -> list[tuple[float, float]] | None:
    """Per measured qubit ``(P(1|0), P(0|1))``; ``None`` if the model is not per-qubit."""
    errors = getattr(noise_model, "_local_readout_errors", None)
    if not isinstance(errors, dict) or getattr(noise_model, "_default_readout_error", None):
        return None
    if any(len(key) != 1 for key in errors):
        return None
    flips = []
    for qubit in qubits:
        error = errors.get((qubit,))
        if error is None:
            flips.append((0.0, 0.0))
        else:
            matrix = error.probabilities
            flips.append((float(matrix[0][1]), float(matrix[1][0])))
    return flips


def _trajectory_counts(
    circuit: QuantumCircuit,
    noise_model: Any,
    measured: Sequence[int],
    flips: Sequence[tuple[float, float]],
    *,
    shots: int,
    seed: int | None,
) -> dict[str, int]:
    """Counts of ``circuit`` from :data:`FAKE_TRAJECTORIES` exact trajectory distributions.

    ``circuit`` is on the active qubits (measured into clbits by ``measured``, all
    measurements final), ``flips`` the readout flip probabilities of the measured qubits.
    """
    import numpy as np
    from qiskit_aer import AerSimulator

    trajectories = min(shots, FAKE_TRAJECTORIES)
    bare = circuit.remove_final_measurements(inplace=False)
    bare.save_probabilities(list(measured), label="probabilities", pershot=True)
    simulator = AerSimulator(noise_model=noise_model, method="matrix_product_state")
    options = {} if seed is None else {"seed_simulator": seed}
    result = simulator.run(bare, shots=trajectories, **options).result()
    distributions = np.asarray(result.data(0)["probabilities"], dtype=float)
    rng = np.random.default_rng(seed)
    width = len(measured)
    per_trajectory = np.full(trajectories, shots // trajectories)
    per_trajectory[: shots % trajectories] += 1
    outcomes = []
    for distribution, count in zip(distributions, per_trajectory):
        distribution = np.clip(distribution, 0.0, None)
        weights = distribution / distribution.sum()
        outcomes.append(rng.choice(distribution.size, size=count, p=weights))
    values = np.concatenate(outcomes).astype(np.int64)
    bits = (values[:, None] >> np.arange(width)) & 1
    flip_one = np.array([p10 for p10, _ in flips])  # P(read 1 | 0)
    flip_zero = np.array([p01 for _, p01 in flips])  # P(read 0 | 1)
    flip = rng.random(bits.shape) < np.where(bits == 1, flip_zero, flip_one)
    read = (bits ^ flip) @ (1 << np.arange(width))
    keys, tallies = np.unique(read, return_counts=True)
    return {format(int(key), f"0{width}b"): int(tally) for key, tally in zip(keys, tallies)}


def run_fast_fake(
    compiled: Sequence[QuantumCircuit], device_name: str, *, shots: int, seed: int | None
) -> list[dict[str, int]]:
    """Counts of transpiled ``compiled`` circuits on fake device ``device_name``.

    One Aer run per group (module docstring): the active qubits only, the density
    matrix up to :data:`FAKE_DENSITY_MATRIX_MAX_QUBITS` of them, trajectories with exact
    final distributions above. Counts keys are each circuit's single classical register
    (clbit 0 rightmost).
    """
    from qiskit_aer import AerSimulator
    from qiskit_aer.primitives import SamplerV2 as AerSampler

    active = _active_qubits(compiled)
    positions = {qubit: index for index, qubit in enumerate(active)}
    noise_model = device_noise_model(device_name, tuple(active))
    reduced = [_narrow(circuit, positions) for circuit in compiled]
    dense = len(active) <= FAKE_DENSITY_MATRIX_MAX_QUBITS
    counts: list[dict[str, int] | None] = [None] * len(reduced)
    if not dense:
        clipped = device_noise_model(device_name, tuple(active), clip_t2=True)
        for index, circuit in enumerate(reduced):
            measured = _final_measurements(circuit)
            if measured is None or len(measured) > _TRAJECTORY_MAX_MEASURED:
                continue
            flips = _readout_flips(noise_model, measured)
            if flips is None:
                continue
            counts[index] = _trajectory_counts(
                circuit, clipped, measured, flips, shots=shots, seed=seed
            )
    rest = [index for index, value in enumerate(counts) if value is None]
    if rest:
        # Aer's automatic choice (the runtime's too) may be the density matrix, 2^(2a)
        # amplitudes for a active qubits: above the limit one trajectory per shot.
        method = "automatic" if dense else "statevector"
        if method == "statevector":
            from ..limits import check_statevector

            check_statevector(len(active), what=f"a noisy run on {len(active)} active qubits")
        simulator = AerSimulator(noise_model=noise_model, method=method)
        sampler = AerSampler.from_backend(simulator, seed=seed)
        result = sampler.run([reduced[index] for index in rest], shots=shots).result()
        for index, pub in zip(rest, result):
            register = reduced[index].cregs[0].name
            counts[index] = {
                key: int(value) for key, value in getattr(pub.data, register).get_counts().items()
            }
    return [dict(value or {}) for value in counts]


def apply_dynamical_decoupling(
    compiled: Sequence[QuantumCircuit], device_name: str, sequence: str
) -> list[QuantumCircuit]:
    """Schedule transpiled circuits (ALAP) and pad idle periods with a DD ``sequence``.

    ``XX`` and ``XpXm`` (``X`` then ``-X``) are the same operator up to a global phase,
    so both pad with two ``x``; ``XY4`` pads with ``x y x y`` (``y`` takes the duration
    of ``x`` and is then written in the device basis). The idle periods become
    ``delay`` instructions, which the device noise model turns into relaxation.

    Raises:
        ValueError: an unknown sequence.
    """
    from qiskit.circuit.equivalence_library import SessionEquivalenceLibrary
    from qiskit.circuit.library import XGate, YGate
    from qiskit.transpiler import PassManager
    from qiskit.transpiler.passes import (
        ALAPScheduleAnalysis,
        BasisTranslator,
        PadDynamicalDecoupling,
    )

    from .options import DD_SEQUENCES

    if sequence not in DD_SEQUENCES:
        raise ValueError(
            f"dynamical decoupling must be one of {', '.join(DD_SEQUENCES)}, was {sequence!r}"
        )
    device = fake_backend(device_name)
    target = device.target
    durations = target.durations()
    if sequence == "XY4":
        gates = [XGate(), YGate(), XGate(), YGate()]
        durations.update(
            [("y", qargs, props.duration, "s") for qargs, props in target["x"].items() if props]
        )
    else:
        gates = [XGate(), XGate()]
    padding = PassManager(
        [
            ALAPScheduleAnalysis(durations),
            PadDynamicalDecoupling(durations, gates, pulse_alignment=target.pulse_alignment),
        ]
    )
    # a second pass manager: the schedule's node times must not outlive the padding
    translation = PassManager(
        [BasisTranslator(SessionEquivalenceLibrary, list(target.operation_names), target=target)]
    )
    return [translation.run(padding.run(circuit)) for circuit in compiled]
