"""Tests for mastermind_q.circuits.oracle: B_s and the two-colour oracle of Lemma 2.

Every reversible circuit is checked on all basis states with the ancillas in |0>,
phases included: the columns of its ``Operator`` must be exactly those of the expected
permutation (the relative phases of the Toffolis must cancel).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from qiskit import QuantumCircuit, transpile
from qiskit.quantum_info import Operator

from mastermind_q import Codemaker
from mastermind_q.circuits.layout import (
    color_qubits,
    position_qubits,
    score_qubit_indices,
    score_qubits,
)
from mastermind_q.circuits.oracle import (
    CONSTRUCTIONS,
    DEFAULT_CONSTRUCTION,
    BlackPegOracleGate,
    black_peg_oracle,
    black_peg_oracle_cost,
    black_peg_oracle_gate,
    two_color_count,
    two_color_oracle,
)
from mastermind_q.codemaker import count_oracle_calls
from mastermind_q.game import black

FAST_SIZES = [(1, 2), (2, 3), (3, 2), (2, 4)]
SLOW_SIZES = [(3, 3), (4, 2), (7, 2), (1, 16), (1, 9), (1, 17), (1, 33), (2, 5), (2, 8), (3, 4)]


def _random_secrets(n, k, seed, count=2):
    rng = np.random.default_rng(seed)
    return [tuple(int(color) for color in rng.integers(0, k, size=n)) for _ in range(count)]


def _assert_basis_map(circuit, num_inputs, expected_column):
    """Column ``j < num_inputs`` of the circuit's unitary is the basis vector
    ``expected_column(j)``, exactly (phase 1)."""
    matrix = Operator(circuit).data
    for column in range(num_inputs):
        row = expected_column(column)
        assert abs(matrix[row, column] - 1) < 1e-9, (
            f"basis state {column:#b} was mapped to "
            f"{np.flatnonzero(np.abs(matrix[:, column]) > 1e-9)} "
            f"(amplitude {matrix[row, column]:.3f} on {row:#b})"
        )


def _check_oracle(secret, k, construction, m=None):
    n, q = len(secret), color_qubits(k)
    m = score_qubits(n) if m is None else m
    circuit = black_peg_oracle(secret, k, construction=construction, score_qubits=m)
    width = n * q

    def expected(column):
        x_value, b = column % 2**width, column >> width
        x = [(x_value >> (i * q)) % 2**q for i in range(n)]  # values >= k included
        score = sum(1 for s_i, x_i in zip(secret, x) if s_i == x_i)
        return x_value + (((b + score) % 2**m) << width)

    _assert_basis_map(circuit, 2 ** (width + m), expected)


@pytest.mark.parametrize("construction", CONSTRUCTIONS)
@pytest.mark.parametrize(("n", "k"), FAST_SIZES)
def test_black_peg_oracle_on_all_basis_states(n, k, construction):
    for secret in _random_secrets(n, k, seed=10 * n + k):
        _check_oracle(secret, k, construction)


@pytest.mark.parametrize("construction", CONSTRUCTIONS)
@pytest.mark.parametrize(("secret", "k", "m"), [((1,), 2, 2), ((0, 2), 3, 3), ((1, 0, 1), 2, 3)])
def test_black_peg_oracle_with_wider_score_register(secret, k, m, construction):
    _check_oracle(secret, k, construction, m=m)


@pytest.mark.slow
@pytest.mark.parametrize("construction", CONSTRUCTIONS)
@pytest.mark.parametrize(("n", "k"), SLOW_SIZES)
def test_black_peg_oracle_on_all_basis_states_larger(n, k, construction):
    for secret in _random_secrets(n, k, seed=100 * n + k, count=3):
        _check_oracle(secret, k, construction)


def test_every_secret_small():
    """All secrets at (n, k) = (2, 3): the oracle agrees with ``black`` everywhere."""
    for secret in itertools.product(range(3), repeat=2):
        _check_oracle(secret, 3, DEFAULT_CONSTRUCTION)


@pytest.mark.parametrize("construction", CONSTRUCTIONS)
@pytest.mark.parametrize(
    ("n", "k", "m"),
    [(n, k, None) for n in (1, 2, 3, 5, 8) for k in (2, 3, 4, 5, 8, 9, 16, 17, 33)]
    + [(1, 2, 2), (3, 5, 4), (2, 16, 6)],
)
def test_cost_formula_matches_built_circuit(n, k, m, construction):
    cost = black_peg_oracle_cost(n, k, construction=construction, score_qubits=m)
    secret = _random_secrets(n, k, seed=n * k)[0]
    circuit = black_peg_oracle(secret, k, construction=construction, score_qubits=m)
    assert circuit.num_qubits == cost.qubits
    registers = {register.name: register.size for register in circuit.qregs}
    assert registers.get("anc", 0) == cost.ancillas
    assert [registers[f"pos{i}"] for i in range(n)] == [color_qubits(k)] * n
    assert registers["score"] == (score_qubits(n) if m is None else m)
    decomposed = transpile(circuit, basis_gates=["cx", "u"], optimization_level=0)
    assert decomposed.count_ops().get("cx", 0) == cost.two_qubit_gates


def test_layout_and_plain_gates():
    circuit = black_peg_oracle((2, 0, 1), 3)
    names = [register.name for register in circuit.qregs]
    assert names == ["pos0", "pos1", "pos2", "score", "anc"]
    for i, register in enumerate(circuit.qregs[:3]):  # position i: qubits [i*q, (i+1)*q)
        assert [circuit.find_bit(qubit).index for qubit in register] == position_qubits(i, 3)
    score = circuit.qregs[3]
    assert [circuit.find_bit(qubit).index for qubit in score] == score_qubit_indices(3, 3)
    assert circuit.name == "B_s"
    forbidden = {"measure", "reset", "barrier"}
    assert not forbidden & set(circuit.count_ops())
    assert circuit.to_gate().num_qubits == circuit.num_qubits


@pytest.mark.parametrize("construction", CONSTRUCTIONS)
def test_transpiled_block_is_still_the_oracle(construction):
    """Transpiled on its own with ``qubits_initially_zero=False`` the oracle is unchanged,
    and the optimiser does not need more two-qubit gates than the formula."""
    circuit = black_peg_oracle((1, 2), 3, construction=construction)
    transpiled = transpile(
        circuit,
        basis_gates=["cx", "rz", "sx", "x"],
        optimization_level=3,
        qubits_initially_zero=False,
        seed_transpiler=7,
    )
    assert Operator(transpiled).equiv(Operator(circuit))
    cost = black_peg_oracle_cost(2, 3, construction=construction)
    assert transpiled.count_ops().get("cx", 0) <= cost.two_qubit_gates


def test_fourier_is_the_cheaper_default():
    assert DEFAULT_CONSTRUCTION == "fourier"
    for size in (4, 8, 16, 32):
        fourier = black_peg_oracle_cost(size, size, construction="fourier")
        increment = black_peg_oracle_cost(size, size, construction="increment")
        assert fourier.two_qubit_gates < increment.two_qubit_gates


@pytest.mark.parametrize(("n", "k", "ancillas"), [(8, 2, 0), (8, 4, 0), (3, 8, 3), (2, 32, 4)])
def test_gray_needs_no_shared_ancilla(n, k, ancillas):
    """``gray``: no ancillas up to k = 4, above one AND set per position (none shared)."""
    circuit = black_peg_oracle((0,) * n, k, construction="gray")
    assert circuit.num_qubits - n * color_qubits(k) - score_qubits(n) == ancillas
    if ancillas:
        anc = circuit.qregs[-1]
        per_position = ancillas // n
        for item in circuit.data:
            touched = [circuit.find_bit(qubit).index for qubit in item.qubits]
            owners = {
                (index - circuit.find_bit(anc[0]).index) // per_position
                for index in touched
                if index >= circuit.find_bit(anc[0]).index
            }
            colors = {index // color_qubits(k) for index in touched if index < n * color_qubits(k)}
            assert len(owners) <= 1
            assert not (owners and colors) or owners == colors  # its own position's bits


def test_oracle_gate_is_the_oracle():
    gate = BlackPegOracleGate.for_construction((1, 0, 2), 3)
    assert (gate.name, gate.label) == ("black_peg_oracle", "B_s")
    circuit = QuantumCircuit(gate.num_qubits)
    circuit.append(gate, range(gate.num_qubits))
    assert Operator(circuit).equiv(Operator(black_peg_oracle((1, 0, 2), 3)))
    assert Codemaker((1, 0, 2), colors=3).oracle().num_qubits == gate.num_qubits


def test_the_eager_gate_is_a_deprecated_alias_of_the_same_oracle():
    with pytest.warns(DeprecationWarning, match="BlackPegOracleGate.for_construction"):
        eager = black_peg_oracle_gate((1, 0, 2), colors=3, construction="gray")
    assert (eager.name, eager.label) == ("B_s", "B_s")
    gate = BlackPegOracleGate.for_construction((1, 0, 2), 3, "gray")
    assert eager.num_qubits == gate.num_qubits
    assert Operator(eager).equiv(Operator(gate))


def test_black_peg_oracle_validation():
    with pytest.raises(ValueError, match=r"construction must be one of .*, was 'bogus'"):
        black_peg_oracle((0, 1), 2, construction="bogus")
    with pytest.raises(ValueError, match="score_qubits must be >= 2 for 3 positions, was 1"):
        black_peg_oracle((0, 1, 1), 2, score_qubits=1)
    with pytest.raises(ValueError, match=r"score_qubits must be an integer, was 2\.0"):
        black_peg_oracle((0, 1, 1), 2, score_qubits=2.0)
    with pytest.raises(ValueError, match=r"secret\[0\] must be a colour in 0..1, was 2"):
        black_peg_oracle((2,), 2)
    with pytest.raises(ValueError, match="colors must have value >= 2, was 1"):
        black_peg_oracle((0,), 1)
    with pytest.raises(ValueError, match="secret must have at least one position"):
        black_peg_oracle((), 2)
    with pytest.raises(ValueError, match="positions must have value >= 1, was 0"):
        black_peg_oracle_cost(0, 2)


# -- Lemma 2 ---------------------------------------------------------------------------


def test_two_color_count_reference():
    assert two_color_count((0, 2, 1), 0, 2, (0, 1, 0)) == 2
    for bits in itertools.product((0, 1), repeat=3):
        guess = tuple(2 if bit else 0 for bit in bits)
        assert two_color_count((0, 2, 1), 0, 2, bits) == black((0, 2, 1), guess)
    with pytest.raises(ValueError, match=r"x_bits\[1\] must be a colour in 0..1, was 2"):
        two_color_count((0, 2, 1), 0, 2, (0, 2, 0))


def _check_two_color(secret, k, c1, c2, m=None, construction=DEFAULT_CONSTRUCTION):
    n, q = len(secret), color_qubits(k)
    m = score_qubits(n) if m is None else m
    oracle = BlackPegOracleGate.for_construction(secret, k, construction, score_qubits=m)
    circuit = two_color_oracle(oracle, c1, c2, num_positions=n, colors=k, score_qubits=m)
    assert circuit.num_qubits == oracle.num_qubits
    assert count_oracle_calls(circuit) == 1
    maker = Codemaker(secret, colors=k)
    opaque = maker.oracle(construction=construction, score_qubits=m)
    assert opaque.num_qubits == oracle.num_qubits
    charged = two_color_oracle(opaque, c1, c2, num_positions=n, colors=k, score_qubits=m)
    assert maker.charge(charged) == 1
    matrix = Operator(circuit).data
    width = n * q
    for bits in itertools.product((0, 1), repeat=n):
        x_value = sum(bit << (i * q) for i, bit in enumerate(bits))  # workspace |0>
        count = two_color_count(secret, c1, c2, bits)
        for b in range(2**m):
            column = x_value + (b << width)
            row = x_value + (((b + count) % 2**m) << width)
            assert abs(matrix[row, column] - 1) < 1e-9, (bits, b)


@pytest.mark.parametrize(
    ("secret", "k", "c1", "c2"),
    [
        ((1, 0), 2, 1, 0),
        ((0, 1, 1), 2, 0, 1),
        ((2, 0), 3, 0, 2),
        ((1, 2), 3, 2, 1),
        ((3, 1), 4, 1, 3),  # c1 XOR c2 = 2: bit 0 equal, pivot on bit 1
        ((2, 0), 4, 0, 2),
        ((0, 2, 1), 3, 1, 2),
    ],
)
def test_two_color_oracle_matches_count(secret, k, c1, c2):
    _check_two_color(secret, k, c1, c2)


@pytest.mark.parametrize("construction", CONSTRUCTIONS)
def test_two_color_oracle_wider_score_and_constructions(construction):
    _check_two_color((1,), 2, 0, 1, m=2, construction=construction)
    _check_two_color((1, 2), 3, 2, 0, construction=construction)


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k"), [(2, 5), (3, 4), (1, 8), (4, 2)])
def test_two_color_oracle_all_pairs_larger(n, k):
    secret = _random_secrets(n, k, seed=n + k)[0]
    for c1, c2 in itertools.permutations(range(k), 2):
        _check_two_color(secret, k, c1, c2)


def test_two_color_oracle_accepts_a_circuit():
    circuit = two_color_oracle(black_peg_oracle((0, 1), 2), 1, 0, num_positions=2, colors=2)
    assert circuit.num_qubits == 4
    assert [register.name for register in circuit.qregs] == ["pos0", "pos1", "score"]
    labels = [item.operation.label for item in circuit.data]
    assert (labels[0], labels[2]) == ("E(1,0)", "E(1,0)†")  # E and its inverse, named alike


def test_two_color_oracle_validation():
    oracle = black_peg_oracle((0, 1), 3).to_gate()
    with pytest.raises(ValueError, match="c1 and c2 must differ, were both 1"):
        two_color_oracle(oracle, 1, 1, num_positions=2, colors=3)
    with pytest.raises(ValueError, match=r"c2 must be a colour in 0\.\.2, was 3"):
        two_color_oracle(oracle, 0, 3, num_positions=2, colors=3)
    with pytest.raises(ValueError, match=r"c1 must be a colour in 0\.\.2, was -1"):
        two_color_oracle(oracle, -1, 0, num_positions=2, colors=3)
    too_narrow = rf"oracle must act on at least .* = 11 qubits .*, was {oracle.num_qubits}"
    with pytest.raises(ValueError, match=too_narrow):
        two_color_oracle(oracle, 0, 1, num_positions=4, colors=3)


# -- routed onto heavy-hex: the gray construction against the peer ------------------------


def _benchmark_module():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "oracle.py"
    spec = importlib.util.spec_from_file_location("oracle_benchmark", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_benchmark_peer_is_the_oracle():
    """The peer construction the benchmark measures is itself a correct ``B_s``."""
    benchmark = _benchmark_module()
    for secret, k in [((1, 0), 4), ((2, 0), 3), ((1, 0, 1), 2), ((5,), 8)]:
        benchmark.check_peer(secret, k)
        n, q = len(secret), color_qubits(k)
        assert benchmark.peer_oracle(secret, k).num_qubits == n * q + score_qubits(n)


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k"), [(8, 4), (16, 4), (8, 8)])
def test_gray_beats_the_peer_after_routing_on_heavy_hex(n, k):
    """Issue 11 part 2: fewer two-qubit gates and less depth than the peer construction
    on fake:torino (level 3, seeds 1-5, medians)."""
    benchmark = _benchmark_module()
    secret = _random_secrets(n, k, seed=n + k)[0]
    seeds = [1, 2, 3, 4, 5]
    peer = benchmark.routed_counts(benchmark.peer_oracle(secret, k), "fake:torino", seeds)
    gray = benchmark.routed_counts(
        black_peg_oracle(secret, k, construction="gray"), "fake:torino", seeds
    )
    assert gray[0] < peer[0] and gray[1] < peer[1], (gray, peer)


# -- issue 16: builders get the command line's limits; bad values are refused ------------
def test_builders_refuse_sizes_beyond_the_limits_before_building():
    import time

    from mastermind_q.limits import ResourceLimitError

    start = time.monotonic()
    with pytest.raises(ResourceLimitError, match="positions 5000 for quantum circuits"):
        black_peg_oracle([0] * 5000, 4)
    with pytest.raises(ResourceLimitError, match="positions 5000"):
        BlackPegOracleGate.for_construction([0] * 5000, 4)
    assert time.monotonic() - start < 2


def test_position_qubits_and_two_color_count_refuse_bad_values():
    from mastermind_q.circuits.layout import position_qubits

    assert position_qubits(1, 4) == [2, 3]
    for position in (-1, 1.0, True, "0"):
        with pytest.raises(ValueError, match="position must be a non-negative integer"):
            position_qubits(position, 4)
    with pytest.raises(ValueError, match="c2 must differ from c1, both were 1"):
        two_color_count((0, 1), 1, 1, (0, 1))


def test_oracles_record_their_sizes_and_nothing_else():
    from mastermind_q.circuits.layout import oracle_sizes

    assert oracle_sizes(black_peg_oracle((1, 0, 2), 3)) == (3, 3, 2)
    assert oracle_sizes(BlackPegOracleGate.for_construction((1, 0, 2), 3, score_qubits=4)) == (
        3,
        3,
        4,
    )
    maker = Codemaker((1, 0, 2), 3)
    assert oracle_sizes(maker.oracle()) == (3, 3, 2)
    assert oracle_sizes(maker.oracle().inverse()) == (3, 3, 2)
    assert oracle_sizes(QuantumCircuit(2)) is None


# -- the layout-aware line construction ---------------------------------------------------
@pytest.mark.parametrize(("n", "k"), [(3, 2), (5, 4), (8, 8), (16, 4)])
def test_line_touches_the_score_register_only_between_line_neighbours(n, k):
    """``line``: outside the QFT (``cp``), every CX with two score qubits joins line
    neighbours ``score[l], score[l+1]``, and every other CX on the score register comes
    from the position's own flag (one score qubit per position)."""
    circuit = black_peg_oracle((0,) * n, k, construction="line")
    (score,) = [list(register) for register in circuit.qregs if register.name == "score"]
    slot = {qubit: index for index, qubit in enumerate(score)}
    entries: dict[object, set[int]] = {}
    for item in circuit.data:
        if item.operation.name != "cx":
            continue
        control, target = item.qubits
        if control in slot and target in slot:
            assert abs(slot[control] - slot[target]) == 1
        elif target in slot:
            entries.setdefault(control, set()).add(slot[target])
        else:
            assert control not in slot  # the score register never controls a flag
    assert len(entries) == n  # one flag per position
    assert all(len(slots) == 1 for slots in entries.values())


@pytest.mark.slow
def test_line_beats_the_other_constructions_at_k_8_on_heavy_hex():
    """Routed onto Torino at level 3 (seeds 1-3), ``line`` needs the fewest two-qubit
    gates at n = k = 8 (``benchmarks/RESULTS.md``, "A layout-aware oracle")."""
    benchmark = _benchmark_module()
    secret = (3, 1, 4, 1, 5, 2, 6, 0)
    counts = {
        name: benchmark.routed_counts(
            black_peg_oracle(secret, 8, construction=name), "fake:torino", (1, 2, 3)
        )[0]
        for name in CONSTRUCTIONS
    }
    assert min(counts, key=counts.get) == "line", counts
