"""Tests for mastermind_q.circuits.grover (Li-Luo-Xu Algorithm 4, exact Grover)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from qiskit import QuantumCircuit, transpile
from qiskit.circuit import Parameter
from qiskit.circuit.library import UnitaryGate
from qiskit.quantum_info import Operator, Statevector

from mastermind_q.circuits import layout
from mastermind_q.circuits.grover import (
    PHI_NAME,
    adaptive_circuit,
    diffusion,
    exact_grover_parameters,
    grover_iteration,
    paper_phase,
    phase_oracle,
    score_phase,
    uniform_preparation,
)
from mastermind_q.circuits.oracle import BlackPegOracleGate
from mastermind_q.codemaker import count_oracle_calls
from mastermind_q.game import black


# -- helpers -----------------------------------------------------------------------------
def reference_oracle(secret: tuple[int, ...], colors: int, ancillas: int = 0) -> QuantumCircuit:
    """``|x>|b>|a> -> |x>|b + black(s, x) mod 2^m>|a>`` as a permutation matrix gate.

    Independent of :mod:`mastermind_q.circuits.oracle`: the Grover builders are tested
    against the classical ``black`` directly. Colour values ``>= k`` match nothing.
    """
    n, q = len(secret), layout.color_qubits(colors)
    m = layout.score_qubits(n)
    width = n * q + m + ancillas
    matrix = np.zeros((1 << width, 1 << width))
    for index in range(1 << width):
        x = index & ((1 << (n * q)) - 1)
        code = [(x >> (i * q)) & ((1 << q) - 1) for i in range(n)]
        score = (index >> (n * q)) & ((1 << m) - 1)
        rest = index >> (n * q + m)
        pegs = sum(c == s for c, s in zip(code, secret))
        image = x | (((score + pegs) % (1 << m)) << (n * q)) | (rest << (n * q + m))
        matrix[image, index] = 1.0
    circuit = QuantumCircuit(width)
    circuit.append(UnitaryGate(matrix), circuit.qubits)
    gate = circuit.to_gate(label="B_s")
    gate.name = "B_s"
    return gate


def one_position_probability(colors: int, phi: float, diffusion_sign: int = 1) -> float:
    """Numpy exact Grover on one register of dimension k: probability of the target."""
    iterations, _ = exact_grover_parameters(colors)
    uniform = np.full(colors, 1 / math.sqrt(colors))
    oracle = np.ones(colors, dtype=complex)
    oracle[0] = np.exp(1j * phi)
    reflect = np.eye(colors) + (np.exp(diffusion_sign * 1j * phi) - 1) * np.outer(uniform, uniform)
    state = uniform.astype(complex)
    for _ in range(iterations):
        state = reflect @ (oracle * state)
    return float(abs(state[0]) ** 2)


def bound_phi(circuit: QuantumCircuit, value: float) -> QuantumCircuit:
    (parameter,) = circuit.parameters
    assert parameter.name == PHI_NAME
    return circuit.assign_parameters({parameter: value})


# -- parameters and the erratum ---------------------------------------------------------
@pytest.mark.parametrize("k", range(2, 65))
def test_long_phase_is_exact_and_printed_phase_is_not(k):
    iterations, phi = exact_grover_parameters(k)
    theta = math.asin(1 / math.sqrt(k))
    assert iterations == math.ceil(math.pi / (4 * theta) - 0.5)
    assert 0 < phi <= math.pi
    assert one_position_probability(k, phi) == pytest.approx(1.0, abs=1e-12)
    assert one_position_probability(k, paper_phase(k)) < 1 - 1e-3


def test_printed_phase_at_four_colours_matches_erratum():
    assert one_position_probability(4, paper_phase(4)) == pytest.approx(0.42, abs=0.005)


def test_opposite_signs_fail():
    _, phi = exact_grover_parameters(2)
    assert one_position_probability(2, phi, diffusion_sign=-1) == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("bad", [1, 0, -3, 2.0, True, "4"])
def test_parameters_reject_bad_colors(bad):
    with pytest.raises(ValueError, match="colors"):
        exact_grover_parameters(bad)


# -- building blocks --------------------------------------------------------------------
@pytest.mark.parametrize("k", [2, 3, 4, 5, 6, 7, 8, 11, 16, 17])
def test_uniform_preparation(k):
    q = layout.color_qubits(k)
    circuit = uniform_preparation(k)
    assert circuit.num_qubits == q
    expected = np.zeros(1 << q)
    expected[:k] = 1 / math.sqrt(k)
    np.testing.assert_allclose(Statevector(circuit).data, expected, atol=1e-12)


@pytest.mark.parametrize("k", [2, 3, 4, 5, 7, 8, 9])
@pytest.mark.parametrize("phi", [0.7, math.pi, -2.1])
def test_diffusion_equals_definition(k, phi):
    q = layout.color_qubits(k)
    uniform = np.zeros(1 << q)
    uniform[:k] = 1 / math.sqrt(k)
    expected = np.eye(1 << q) + (np.exp(1j * phi) - 1) * np.outer(uniform, uniform)
    np.testing.assert_allclose(Operator(diffusion(k, phi)).data, expected, atol=1e-10)


def test_diffusion_keeps_parameter():
    phi = Parameter("phi")
    circuit = diffusion(5, phi)
    assert set(circuit.parameters) == {phi}
    np.testing.assert_allclose(
        Operator(circuit.assign_parameters({phi: 0.3})).data,
        Operator(diffusion(5, 0.3)).data,
        atol=1e-12,
    )


@pytest.mark.parametrize("m", [1, 2, 3, 4])
def test_score_phase_is_diagonal(m):
    phi = 0.37
    circuit = score_phase(m, phi)
    assert circuit.count_ops() == {"p": m}
    expected = np.diag(np.exp(1j * phi * np.arange(1 << m)))
    np.testing.assert_allclose(Operator(circuit).data, expected, atol=1e-12)


@pytest.mark.parametrize(
    ("secret", "k", "ancillas"), [((2,), 3, 0), ((1, 0), 2, 0), ((2, 0), 3, 1), ((3, 1), 4, 0)]
)
def test_phase_oracle_on_score_zero_subspace(secret, k, ancillas):
    n, q = len(secret), layout.color_qubits(k)
    m = layout.score_qubits(n)
    phi = 0.91
    oracle = reference_oracle(secret, k, ancillas)
    circuit = phase_oracle(oracle, num_positions=n, colors=k, phi=phi)
    assert count_oracle_calls(circuit) == 2
    matrix = Operator(circuit).data
    for x in range(1 << (n * q)):
        code = [(x >> (i * q)) & ((1 << q) - 1) for i in range(n)]
        column = matrix[:, x]  # score 0, ancillas 0
        expected = np.zeros_like(column)
        expected[x] = np.exp(1j * phi * black(secret, code)) if max(code) < k else 0
        if max(code) < k:
            np.testing.assert_allclose(column, expected, atol=1e-10, err_msg=f"x = {code}")
    assert matrix.shape[0] == 1 << (n * q + m + ancillas)


@pytest.mark.parametrize("construction", ["fourier", "increment", "gray"])
def test_phase_oracle_with_the_toolkit_oracle(construction):
    """The same check with the toolkit's oracle gate (ancillas included)."""
    secret, k, phi = (2, 0), 3, 1.3
    n, q = len(secret), layout.color_qubits(k)
    oracle = BlackPegOracleGate.for_construction(secret, k, construction=construction)
    matrix = Operator(phase_oracle(oracle, num_positions=n, colors=k, phi=phi)).data
    for code in itertools.product(range(k), repeat=n):
        x = sum(color << (i * q) for i, color in enumerate(code))
        expected = np.zeros(matrix.shape[0], dtype=complex)
        expected[x] = np.exp(1j * phi * black(secret, code))
        np.testing.assert_allclose(matrix[:, x], expected, atol=1e-9, err_msg=f"x = {code}")


def test_builders_reject_bad_input():
    oracle = reference_oracle((1, 0), 2)
    with pytest.raises(ValueError, match="3"):
        phase_oracle(oracle, num_positions=2, colors=3, phi=0.1)  # needs 2*2 + 2 qubits
    with pytest.raises(ValueError, match="phi"):
        grover_iteration(oracle, num_positions=2, colors=2, phi="x")
    with pytest.raises(ValueError, match="num_score_qubits"):
        score_phase(0, 0.1)
    with pytest.raises(ValueError, match="colors"):
        diffusion(1, 0.1)
    with pytest.raises(ValueError, match="oracle"):
        adaptive_circuit(42, num_positions=1, colors=2)


# -- the whole algorithm ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("secret", "k"),
    [
        *[((0,), 2), ((1,), 2), ((2,), 3), ((3,), 4), ((4,), 5), ((5,), 7), ((6,), 8)],
        *[((0,), 9), ((1, 2), 3), ((0, 1), 2), ((2, 2), 5), ((1, 0, 1), 2)],
    ],
)
def test_adaptive_circuit_finds_secret_with_certainty(secret, k):
    n, q = len(secret), layout.color_qubits(k)
    iterations, phi = exact_grover_parameters(k)
    circuit = adaptive_circuit(reference_oracle(secret, k), num_positions=n, colors=k)
    assert count_oracle_calls(circuit) == 2 * iterations
    assert circuit.num_clbits == n * q
    state = Statevector(bound_phi(circuit.remove_final_measurements(inplace=False), phi))
    index = sum(color << (i * q) for i, color in enumerate(secret))  # score, ancillas 0
    assert abs(state.data[index]) ** 2 == pytest.approx(1.0, abs=1e-9)


def test_adaptive_circuit_cost_formulas():
    secret, k = (2, 0, 1), 5
    n, q = len(secret), layout.color_qubits(k)
    m = layout.score_qubits(n)
    iterations, _ = exact_grover_parameters(k)
    placeholder = QuantumCircuit(n * q + m + 1).to_gate()  # only the structure counts here
    placeholder.name = "B_s"
    circuit = adaptive_circuit(placeholder, num_positions=n, colors=k)
    assert circuit.num_qubits == n * q + m + 1
    top = circuit.count_ops()  # the stages are boxes: 4T + 1 gates whatever n
    assert top["uniform_prep"] == 1
    assert top["score_phase"] == top["diffusion"] == iterations
    assert top["measure"] == n * q
    assert len(circuit.data) == 4 * iterations + 1 + n * q
    flat = circuit.decompose(gates_to_decompose=["uniform_prep", "score_phase", "diffusion"])
    counts = flat.count_ops()
    assert counts["B_s"] == counts["B_s_dg"] == iterations
    assert counts["S_0"] == n * iterations
    assert counts["A"] == n
    assert counts["p"] == m * iterations  # D(phi): one phase gate per score bit
    assert counts["measure"] == n * q


def test_grover_iteration_shows_labelled_blocks():
    oracle = reference_oracle((1, 2), 3)
    circuit = grover_iteration(oracle, num_positions=2, colors=3, phi=Parameter("phi"))
    labels = [instruction.operation.label for instruction in circuit.data]
    assert labels == ["B_s", "D(φ)", "B_s†", "S_0^⊗2(φ)"]
    assert [instruction.operation.name for instruction in circuit.data][2] == "B_s_dg"
    drawing = str(circuit.draw(output="text"))
    for label in ("B_s", "D(φ)", "B_s†", "S_0^⊗2(φ)"):
        assert label in drawing


def test_one_transpiled_circuit_serves_every_phase():
    """Transpile once with phi free; binding Long's phi for k = 5..8 (same T, q) works."""
    assert len({exact_grover_parameters(k)[0] for k in (5, 6, 7, 8)}) == 1
    circuit = adaptive_circuit(reference_oracle((6,), 8), num_positions=1, colors=8)
    compiled = transpile(
        circuit.remove_final_measurements(inplace=False),
        basis_gates=["cx", "rz", "sx", "x", "h", "p", "u"],
        optimization_level=1,
    )
    assert [p.name for p in compiled.parameters] == [PHI_NAME]
    probabilities = {}
    for k in (5, 8):
        _, phi = exact_grover_parameters(k)
        state = Statevector(bound_phi(compiled, phi))
        probabilities[k] = abs(state.data[6]) ** 2
    assert probabilities[8] == pytest.approx(1.0, abs=1e-9)
    assert probabilities[5] < 0.999  # phi of k = 5 is not exact for an 8-colour register


@pytest.mark.parametrize("k", [3, 5, 6])
def test_non_power_of_two_runs_on_aer(k):
    """The inverse of the uniform preparation must survive Aer (no multiplexers)."""
    from mastermind_q.backends import sample_counts

    secret = (k - 1,)
    _, phi = exact_grover_parameters(k)
    circuit = bound_phi(
        adaptive_circuit(reference_oracle(secret, k), num_positions=1, colors=k), phi
    )
    (counts,) = sample_counts([circuit], backend="aer", shots=64, seed=7)
    assert counts == {format(k - 1, f"0{layout.color_qubits(k)}b"): 64}


@pytest.mark.slow
@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_adaptive_circuit_exhaustive_two_positions(k):
    _, phi = exact_grover_parameters(k)
    q = layout.color_qubits(k)
    for secret in itertools.product(range(k), repeat=2):
        circuit = adaptive_circuit(reference_oracle(secret, k), num_positions=2, colors=k)
        state = Statevector(bound_phi(circuit.remove_final_measurements(inplace=False), phi))
        index = secret[0] | secret[1] << q
        assert abs(state.data[index]) ** 2 == pytest.approx(1.0, abs=1e-9), secret


# -- the transpile-once, bind-per-run pattern on Aer's SamplerV2 ---------------------------
def _total_variation(counts: dict[str, int], probabilities: dict[str, float]) -> float:
    shots = sum(counts.values())
    keys = set(counts) | set(probabilities)
    return 0.5 * sum(abs(counts.get(key, 0) / shots - probabilities.get(key, 0.0)) for key in keys)


@pytest.mark.parametrize(
    ("secret", "k"),
    [
        pytest.param((1, 3), 4, marks=pytest.mark.slow),
        ((6,), 8),
        pytest.param((2, 6), 7, marks=pytest.mark.slow),
    ],
)
def test_transpile_once_bind_per_run_on_aer_sampler(secret, k):
    """The documented pattern: transpile with ``phi`` free, bind it in ``SamplerV2.run``.

    Aer ignores a run-time value for parameterised controlled phases (``cp``, ``mcphase``;
    qiskit-aer issues 2391, 2403), so the builders leave none: five values of ``phi`` give
    the distribution of Qiskit's exact ``StatevectorSampler``, and Long's phase the secret
    in every shot.
    """
    from qiskit.primitives import StatevectorSampler
    from qiskit_aer import AerSimulator
    from qiskit_aer.primitives import SamplerV2

    _, exact = exact_grover_parameters(k)
    circuit = adaptive_circuit(reference_oracle(secret, k), num_positions=len(secret), colors=k)
    compiled = transpile(circuit, AerSimulator(), seed_transpiler=7)
    q = layout.color_qubits(k)
    key = "".join(format(color, f"0{q}b") for color in reversed(secret))
    shots = 8192
    for phi in (exact, 0.3, 1.0, 2.0, math.pi):
        aer = SamplerV2(seed=11, default_shots=shots).run([(compiled, [phi])])
        counts = aer.result()[0].data.code.get_counts()
        reference = StatevectorSampler(seed=11, default_shots=shots).run([(circuit, [phi])])
        expected = reference.result()[0].data.code.get_counts()
        # two independent samples of <= 64 outcomes: 0.06 is many standard deviations
        probabilities = {bits: count / shots for bits, count in expected.items()}
        assert _total_variation(counts, probabilities) < 0.06, phi
        if phi == exact:
            assert counts == {key: shots}
