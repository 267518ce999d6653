"""BlackPegOracleGate / ParityOracleGate and their high-level-synthesis plugins."""

from __future__ import annotations

import importlib.metadata
import io
import itertools
import json

import numpy as np
import pytest
from qiskit import QuantumCircuit, qpy, transpile
from qiskit.circuit import Gate
from qiskit.quantum_info import Operator
from qiskit.transpiler.exceptions import TranspilerError
from qiskit.transpiler.passes.synthesis.high_level_synthesis import HLSConfig

from mastermind_q import Codemaker
from mastermind_q.backends.synthesis import (
    AutoOracleSynthesis,
    FourierOracleSynthesis,
    GrayOracleSynthesis,
    IncrementOracleSynthesis,
    LineOracleSynthesis,
)
from mastermind_q.backends.transpiling import AER_BASIS
from mastermind_q.circuits import BlackPegOracleGate, ParityOracleGate, black_peg_oracle
from mastermind_q.circuits.hunziker_meyer import parity_distance, parity_oracle
from mastermind_q.circuits.layout import color_qubits
from mastermind_q.circuits.oracle import CONSTRUCTIONS, black_peg_oracle_cost
from mastermind_q.counting import OracleCountError, count_oracle_calls
from mastermind_q.game import black

METHODS = (*CONSTRUCTIONS, "auto")
PLUGINS = {
    "fourier": FourierOracleSynthesis,
    "increment": IncrementOracleSynthesis,
    "gray": GrayOracleSynthesis,
    "line": LineOracleSynthesis,
    "auto": AutoOracleSynthesis,
}


def _holding(gate: Gate, extra: int = 0) -> QuantumCircuit:
    """A user's circuit: the gate on its first qubits, ``extra`` idle qubits after."""
    circuit = QuantumCircuit(gate.num_qubits + extra)
    circuit.append(gate, range(gate.num_qubits))
    return circuit


def _two_qubit(circuit: QuantumCircuit) -> int:
    return sum(1 for item in circuit.data if item.operation.num_qubits == 2)


def _assert_black_peg_map(
    matrix: np.ndarray, secret: tuple[int, ...], colors: int, *, m: int, dagger: bool = False
) -> None:
    """Every basis state with the work qubits in |0> goes to |x>|b +- B_s(x) mod 2^m>,
    phase 1 (the matrix is the operator on all the circuit's qubits, qubit 0 lowest)."""
    n, q = len(secret), color_qubits(colors)
    sign = -1 if dagger else 1
    for digits in itertools.product(range(2**q), repeat=n):
        x = sum(digit << (i * q) for i, digit in enumerate(digits))
        score = (
            black(secret, digits)
            if max(digits) < colors
            else sum(d == s for d, s in zip(digits, secret))
        )
        for b in range(2**m):
            column = x | (b << (n * q))
            row = x | (((b + sign * score) % 2**m) << (n * q))
            expected = np.zeros(matrix.shape[0], dtype=complex)
            expected[row] = 1
            np.testing.assert_allclose(matrix[:, column], expected, atol=1e-8)


# -- the gate ---------------------------------------------------------------------------


def test_the_gate_holds_the_problem_and_builds_its_definition_lazily():
    gate = BlackPegOracleGate((1, 0, 2), colors=3)
    assert (gate.name, gate.label, gate.params) == ("black_peg_oracle", "B_s", [])
    assert gate.secret == (1, 0, 2) and gate.colors == 3 and gate.score_qubits == 2
    # the most any construction needs: line, one flag per position
    assert gate.ancillas == 3 == max(gate.ancillas_needed(c) for c in CONSTRUCTIONS)
    assert gate.num_qubits == 3 * 2 + 2 + 3
    assert gate.oracle_sizes == (3, 3, 2)
    assert gate._definition is None  # nothing built yet
    assert gate.definition.num_qubits == gate.num_qubits
    assert gate == BlackPegOracleGate((1, 0, 2), colors=3)
    assert gate != BlackPegOracleGate((1, 0, 1), colors=3)
    assert gate != BlackPegOracleGate((1, 0, 2), colors=3, ancillas=2)
    assert "BlackPegOracleGate((1, 0, 2), colors=3" in repr(gate)


def test_the_definition_is_the_default_construction_that_fits():
    wide = BlackPegOracleGate((1, 0, 2), colors=3)
    assert wide.definition.size() == wide.synthesize("fourier").size()
    narrow = BlackPegOracleGate((1, 0, 2), colors=4, ancillas=0)  # only gray fits
    assert narrow.num_qubits == 3 * 2 + 2 and narrow.construction == "gray"
    assert Operator(narrow.definition).equiv(Operator(narrow.synthesize("gray")))
    assert narrow.synthesize("fourier") is None  # needs 2 work qubits
    assert narrow.synthesize("fourier", clean_qubits=2).num_qubits == narrow.num_qubits + 2
    chosen = BlackPegOracleGate((1, 0, 2), colors=3, construction="line")
    assert chosen.construction == "line" == chosen.inverse().construction
    assert chosen.definition.count_ops() == chosen.synthesize("line").count_ops()
    assert chosen != wide and wide.construction == "fourier"


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"secret": (0, 3), "colors": 3}, "secret"),
        ({"secret": (0, 1), "colors": 1}, "colors"),
        ({"secret": (0, 1), "colors": 3, "score_qubits": 1}, "score_qubits"),
        ({"secret": (0, 1), "colors": 8, "ancillas": 0}, "ancillas must be an integer from 1 to"),
        ({"secret": (0, 1), "colors": 3, "ancillas": True}, "ancillas"),
        ({"secret": (0, 1), "colors": 3, "ancillas": 10**30}, "ancillas"),
        ({"secret": (0, 1), "colors": 3, "ancillas": 2.0}, "ancillas"),
        ({"secret": (0, 1), "colors": 3, "label": 5}, "label must be a string or None, was 5"),
        ({"secret": (0, 1), "colors": 3, "dagger": 1}, "dagger"),
        ({"secret": (0, 1), "colors": 3, "construction": "ripple"}, "'ripple'"),
        (
            {"secret": (0, 1, 2), "colors": 3, "ancillas": 2, "construction": "line"},
            "ancillas must be >= 3 for construction 'line'",
        ),
    ],
)
def test_bad_gate_arguments_are_refused_naming_the_value(kwargs, match):
    with pytest.raises(ValueError, match=match):
        BlackPegOracleGate(**kwargs)


def test_a_huge_ancilla_count_is_refused_at_once_naming_ancillas():
    with pytest.raises(ValueError, match=r"ancillas must be an integer from 0 to 2 .*was 10+$"):
        BlackPegOracleGate((0, 1), colors=3, ancillas=10**30)


def test_numpy_integers_are_ancilla_counts_like_every_other_integer_argument():
    gate = BlackPegOracleGate((0, 1), np.int64(3), ancillas=np.int64(2), score_qubits=np.int64(2))
    assert gate.ancillas == 2 and type(gate.ancillas) is int
    assert gate == BlackPegOracleGate((0, 1), 3, ancillas=2)


@pytest.mark.parametrize(
    ("secret", "colors"),
    [
        ((2, 0), 3),
        ((1, 2), 4),
        pytest.param((1, 0, 2), 3, marks=pytest.mark.slow),  # 8-11 qubits: 20 s of Operator
    ],
)
def test_the_gate_for_a_construction_has_exactly_its_qubits(secret, colors):
    for construction in CONSTRUCTIONS:
        gate = BlackPegOracleGate.for_construction(secret, colors, construction)
        built = black_peg_oracle(secret, colors, construction=construction)
        assert gate.num_qubits == built.num_qubits and gate.construction == construction
        assert Operator(gate).equiv(Operator(built))
        assert Operator(gate.inverse()).equiv(Operator(built.inverse()))


def test_the_gate_for_a_construction_has_its_qubits_at_three_positions():
    for construction in CONSTRUCTIONS:
        gate = BlackPegOracleGate.for_construction((1, 0, 2), 3, construction)
        built = black_peg_oracle((1, 0, 2), 3, construction=construction)
        assert gate.num_qubits == built.num_qubits and gate.construction == construction
        assert gate.definition.num_qubits == gate.num_qubits


def test_the_synthesised_construction_is_logged_and_kept_in_the_metadata(caplog):
    import logging

    from qiskit import transpile
    from qiskit.transpiler.passes.synthesis.high_level_synthesis import HLSConfig

    from mastermind_q.circuits.oracle import SYNTHESIS_LOGGER

    narrow = BlackPegOracleGate((1, 3), colors=4, ancillas=0)  # line and fourier do not fit
    circuit = QuantumCircuit(narrow.num_qubits)
    circuit.append(narrow, circuit.qubits)
    with caplog.at_level(logging.DEBUG, logger=SYNTHESIS_LOGGER):
        transpile(
            circuit,
            basis_gates=["cx", "u"],
            optimization_level=0,
            hls_config=HLSConfig(black_peg_oracle=["line", "gray"]),
        )
    built = [getattr(record, "construction", None) for record in caplog.records]
    built = [name for name in built if name]
    assert built == ["gray"]
    assert any("'line' needs" in record.getMessage() for record in caplog.records)
    assert narrow.synthesize("gray").metadata["construction"] == "gray"
    assert narrow.definition.metadata["construction"] == narrow.construction == "gray"


def test_synthesize_refuses_an_unknown_construction():
    with pytest.raises(ValueError, match="'ripple'"):
        BlackPegOracleGate((0, 1), colors=2).synthesize("ripple")


SMALL = [
    ((1, 0), 2),
    ((0, 1, 1), 2),
    ((2, 1), 4),
    ((1, 0), 3),
    pytest.param((2, 0, 1), 3, marks=pytest.mark.slow),  # 11 qubits: 2048 x 2048 operators
]


@pytest.mark.parametrize("construction", CONSTRUCTIONS)
@pytest.mark.parametrize(("secret", "colors"), SMALL)
def test_each_construction_is_the_classical_map_and_the_builder(secret, colors, construction):
    gate = BlackPegOracleGate(secret, colors)
    circuit = gate.synthesize(construction)
    matrix = Operator(circuit).data
    _assert_black_peg_map(matrix, secret, colors, m=gate.score_qubits)
    built = black_peg_oracle(secret, colors, construction=construction)
    assert circuit.count_ops() == built.count_ops()


def test_the_inverse_is_the_same_class_and_subtracts():
    gate = BlackPegOracleGate((2, 1), colors=3)
    inverse = gate.inverse()
    assert type(inverse) is BlackPegOracleGate and inverse.dagger
    assert (inverse.name, inverse.label) == ("black_peg_oracle", "B_s†")
    assert inverse.inverse() == gate
    for construction in ("fourier", "line"):
        matrix = Operator(inverse.synthesize(construction)).data
        _assert_black_peg_map(matrix, (2, 1), 3, m=2, dagger=True)


# -- the plugins ------------------------------------------------------------------------


def test_the_plugins_are_registered_under_qiskit_synthesis():
    """Needs the installed metadata of this checkout (``pip install -e .``)."""
    points = {
        point.name: point.value
        for point in importlib.metadata.entry_points(group="qiskit.synthesis")
        if point.name.startswith("black_peg_oracle.")
    }
    assert set(points) == {f"black_peg_oracle.{method}" for method in METHODS}, (
        "reinstall the package (pip install -e .) to register its synthesis plugins"
    )
    for method, plugin in PLUGINS.items():
        assert points[f"black_peg_oracle.{method}"].endswith(f":{plugin.__name__}")


@pytest.mark.parametrize("method", CONSTRUCTIONS)
def test_each_method_synthesises_its_construction(method):
    """At level 0 on a CX basis the CX count is the construction's cost formula (the
    four differ), so the plugin, not the definition, built it."""
    secret, colors = (0, 1, 2, 3, 0), 4
    counts = {
        c: black_peg_oracle_cost(5, colors, construction=c).two_qubit_gates for c in CONSTRUCTIONS
    }
    assert len(set(counts.values())) == len(CONSTRUCTIONS)
    compiled = transpile(
        _holding(BlackPegOracleGate(secret, colors)),
        basis_gates=["cx", "u"],
        optimization_level=0,
        hls_config=HLSConfig(black_peg_oracle=[method]),
    )
    assert compiled.count_ops()["cx"] == counts[method]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(("secret", "colors"), SMALL)
def test_the_synthesised_circuit_is_operator_equal_to_the_map(secret, colors, method):
    """n = 2, 3: every basis state (work qubits |0>), phases included."""
    gate = BlackPegOracleGate(secret, colors)
    compiled = transpile(
        _holding(gate),
        basis_gates=list(AER_BASIS),
        optimization_level=1,
        hls_config=HLSConfig(black_peg_oracle=[method]),
    )
    assert "black_peg_oracle" not in compiled.count_ops()
    _assert_black_peg_map(Operator.from_circuit(compiled).data, secret, colors, m=gate.score_qubits)
    if colors == 2:  # no work qubits: the whole unitary equals the reference builder's
        reference = black_peg_oracle(secret, colors, construction="fourier")
        assert Operator.from_circuit(compiled).equiv(Operator(reference))


def test_a_torino_user_circuit_gets_the_counts_resources_reports(capsys):
    """n = 5, k = 4 on fake:torino: each method gives the two-qubit count of
    ``resources oracle --oracle NAME`` (same seed and compile setting), auto the least."""
    from mastermind_q import cli
    from mastermind_q.backends import resolve_backend

    backend = resolve_backend("fake:torino")
    secret = (0, 1, 2, 3, 0)
    argv = ["resources", "oracle", "--colors", "4", "--secret", "0,1,2,3,0"]
    argv += ["--target", "fake:torino", "--json", "--oracle"]
    user, reported = {}, {}
    for method in METHODS:
        assert cli.main([*argv, method]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["compile_setting"] == "3/default/default"
        assert report["oracle_construction"] == ("gray" if method == "auto" else method)
        reported[method] = report["transpiled"]["two_qubit_gates"]
        compiled = transpile(
            _holding(BlackPegOracleGate(secret, 4)),
            backend,
            optimization_level=3,
            seed_transpiler=0,
            hls_config=HLSConfig(black_peg_oracle=[method]),
        )
        user[method] = _two_qubit(compiled)
    assert user == reported
    assert user["auto"] == min(user[c] for c in CONSTRUCTIONS)
    assert len({user[c] for c in CONSTRUCTIONS}) > 1  # the choice matters here


def test_too_few_work_qubits_declines_to_the_next_method_or_borrows_idle_ones():
    narrow = BlackPegOracleGate((1, 3), colors=4, ancillas=0)
    line = black_peg_oracle_cost(2, 4, construction="line")
    gray = black_peg_oracle_cost(2, 4, construction="gray")
    assert line.two_qubit_gates != gray.two_qubit_gates
    config = HLSConfig(black_peg_oracle=["line", "gray"])
    options = {"basis_gates": ["cx", "u"], "optimization_level": 0, "hls_config": config}
    assert transpile(_holding(narrow), **options).count_ops()["cx"] == gray.two_qubit_gates
    borrowed = transpile(_holding(narrow, extra=line.ancillas), **options)
    assert borrowed.count_ops()["cx"] == line.two_qubit_gates
    matrix = Operator.from_circuit(borrowed).data
    _assert_black_peg_map(matrix, (1, 3), 4, m=2)


def test_auto_without_a_coupling_map_takes_the_cost_formula():
    gate = BlackPegOracleGate((1, 3, 0, 2), colors=4)
    compiled = transpile(
        _holding(gate),
        basis_gates=["cx", "u"],
        optimization_level=0,
        hls_config=HLSConfig(black_peg_oracle=["auto"]),
    )
    fewest = min(
        black_peg_oracle_cost(4, 4, construction=c).two_qubit_gates
        for c in ("fourier", "increment", "gray")
    )
    assert compiled.count_ops()["cx"] == fewest


# -- the codemaker's oracle stays opaque; counting stays honest -------------------------


def test_no_plugin_synthesises_the_codemakers_opaque_oracle():
    from mastermind_q.backends import resolve_backend

    maker = Codemaker((2, 0, 1), colors=3)
    circuit = _holding(maker.oracle())
    for plugin in PLUGINS.values():
        assert plugin().run(maker.oracle(), None, None, None) is None
    assert transpile(circuit).count_ops() == {"B_s": 1}  # no target: left untouched
    assert transpile(circuit).data[0].operation.definition is None
    backend = resolve_backend("fake:torino")
    configs = [
        None,
        HLSConfig(black_peg_oracle=list(METHODS)),
        HLSConfig(B_s=[plugin() for plugin in PLUGINS.values()]),
    ]
    for config in configs:
        with pytest.raises(TranspilerError, match='unable to synthesize "B_s"'):
            transpile(circuit, backend, hls_config=config, seed_transpiler=0)
    with pytest.raises(TranspilerError, match="not found in available plugins for B_s"):
        transpile(circuit, backend, hls_config=HLSConfig(B_s=["line"]))
    assert maker.queries == 0


def test_the_codemaker_refuses_a_known_secret_oracle_gate():
    maker = Codemaker((2, 0, 1), colors=3)
    for gate in (BlackPegOracleGate((2, 0, 1), colors=3), ParityOracleGate((2, 0, 1), colors=3)):
        circuit = _holding(gate)
        circuit.measure_all()
        with pytest.raises(OracleCountError, match="built from a known secret"):
            maker.run([circuit], backend="aer-statevector")
        with pytest.raises(OracleCountError, match="built from a known secret"):
            maker.charge(circuit)
    assert maker.queries == 0 and maker.outcomes == ()


def test_count_oracle_calls_counts_the_known_secret_gates_and_inverses():
    gate = BlackPegOracleGate((2, 0, 1), colors=3)
    circuit = _holding(gate)
    circuit.append(gate.inverse(), range(gate.num_qubits))
    parity = ParityOracleGate((2, 0, 1), colors=3)
    circuit.append(parity, range(parity.num_qubits))
    assert count_oracle_calls(circuit) == 3
    assert gate._definition is None  # counted by name, not opened


# -- QPY --------------------------------------------------------------------------------


def test_qpy_round_trip_is_operator_equal_and_runs_to_the_same_counts():
    from qiskit_aer import AerSimulator

    secret, colors = (1, 2), 3
    gate = BlackPegOracleGate(secret, colors)
    circuit = QuantumCircuit(gate.num_qubits, gate.num_qubits)
    circuit.h(range(4))
    circuit.x(4)  # b = 1
    circuit.append(gate, range(gate.num_qubits))
    circuit.append(gate.inverse(), range(gate.num_qubits))
    circuit.append(gate, range(gate.num_qubits))
    buffer = io.BytesIO()
    qpy.dump(circuit, buffer)
    buffer.seek(0)
    (loaded,) = qpy.load(buffer)
    names = [item.operation.name for item in loaded.data]
    assert names.count("black_peg_oracle") == 3
    labels = [item.operation.label for item in loaded.data if item.operation.name != "h"]
    assert labels[-3:] == ["B_s", "B_s†", "B_s"]
    assert Operator(loaded).equiv(Operator(circuit))
    assert count_oracle_calls(loaded) == 3
    # a reloaded gate is a plain Gate with its definition: the plugins decline it
    assert type(loaded.data[-1].operation) is Gate
    assert PLUGINS["line"]().run(loaded.data[-1].operation, None, None, None) is None

    measured, reloaded = circuit.copy(), loaded.copy()
    for each in (measured, reloaded):
        each.measure(range(gate.num_qubits), range(gate.num_qubits))
    simulator = AerSimulator(seed_simulator=11)
    counts = [
        simulator.run(transpile(each, simulator, seed_transpiler=3), shots=2000)
        .result()
        .get_counts()
        for each in (measured, reloaded)
    ]
    assert counts[0] == counts[1]
    # B_s, B_s^dagger, B_s: the score register holds b + B_s(x) = 1 + B_s(x) for every x
    for key in counts[0]:
        digits = tuple(int(key[::-1][2 * i : 2 * i + 2][::-1], 2) for i in range(2))
        score = int(key[::-1][4:6][::-1], 2)
        assert score == (1 + sum(d == s for d, s in zip(digits, secret))) % 4


# -- the parity oracle ------------------------------------------------------------------


def test_resources_takes_no_construction_for_the_parity_oracle():
    from mastermind_q.resources import circuit_resources

    with pytest.raises(ValueError, match="one construction, was 'line'"):
        circuit_resources("hunziker-meyer", num_positions=2, colors=8, construction="line")


def test_the_parity_oracle_gate_is_the_parity_map():
    secret, colors = (2, 0), 3
    gate = ParityOracleGate(secret, colors)
    assert (gate.name, gate.label, gate.num_qubits) == ("parity_oracle", "O_h", 5)
    assert gate._definition is None
    assert gate.inverse() == gate and gate != ParityOracleGate((2, 1), colors)
    matrix = Operator(gate).data
    for x, b in itertools.product(range(16), range(2)):
        digits = (x & 3, x >> 2)
        distance = sum(d != s for d, s in zip(digits, secret))
        if max(digits) < colors:
            assert distance % 2 == parity_distance(secret, digits)
        row = x | ((b ^ (distance % 2)) << 4)
        assert abs(matrix[row, x | (b << 4)] - 1) < 1e-9
    assert Operator(gate).equiv(Operator(parity_oracle(secret, colors)))
    with pytest.raises(ValueError, match="secret"):
        ParityOracleGate((3, 0), colors)


@pytest.mark.slow
def test_the_guide_reproduces_the_resources_count_of_the_adaptive_circuit():
    """docs/guide/oracle_gate.md, "Counting as mastermind-q resources does": the user's
    own compile gives resources' two-qubit count once phi is bound; a free phi does not."""
    from qiskit_ibm_runtime.fake_provider import FakeTorino

    from mastermind_q.circuits import adaptive_circuit, exact_grover_parameters
    from mastermind_q.resources import circuit_resources

    report = circuit_resources("adaptive", num_positions=3, colors=4, target="fake:torino")
    oracle = BlackPegOracleGate((0, 1, 2), colors=4)
    circuit = adaptive_circuit(oracle, num_positions=3, colors=4)
    _, phi = exact_grover_parameters(4)
    bound = circuit.assign_parameters(dict.fromkeys(circuit.parameters, phi))
    options = {
        "optimization_level": report.optimization_level,
        "seed_transpiler": 0,
        "hls_config": HLSConfig(black_peg_oracle=[report.oracle_construction]),
    }
    compiled = transpile(bound, FakeTorino(), **options)
    assert compiled.num_nonlocal_gates() == report.transpiled.two_qubit_gates
    free = transpile(circuit, FakeTorino(), **options)
    assert free.num_nonlocal_gates() > report.transpiled.two_qubit_gates


def test_the_registry_names_the_plugins_the_entry_points_and_the_options():
    """One list of names: the registry's entries, a plugin class each, an entry point
    each, the command line's --oracle and the execution options."""
    from pathlib import Path

    from mastermind_q.backends import ORACLE_CONSTRUCTIONS, synthesis
    from mastermind_q.circuits.oracle import CONSTRUCTION_REGISTRY, ORACLE_METHODS
    from mastermind_q.cli import ORACLE_CHOICES

    tomllib = pytest.importorskip("tomllib")
    assert tuple(CONSTRUCTION_REGISTRY) == CONSTRUCTIONS
    assert ORACLE_METHODS == ("auto", *CONSTRUCTIONS) == ORACLE_CONSTRUCTIONS == ORACLE_CHOICES
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    points = tomllib.loads(pyproject.read_text())["project"]["entry-points"]["qiskit.synthesis"]
    assert sorted(points) == sorted(f"black_peg_oracle.{name}" for name in ORACLE_METHODS)
    for name in ORACLE_METHODS:
        module, _, attribute = points[f"black_peg_oracle.{name}"].partition(":")
        assert module == "mastermind_q.backends.synthesis"
        plugin = getattr(synthesis, attribute)
        if name != "auto":
            assert plugin.construction == name
    for name, entry in CONSTRUCTION_REGISTRY.items():
        cost = black_peg_oracle_cost(3, 4, construction=name)
        built = black_peg_oracle((0, 1, 2), 4, construction=name)
        assert entry.name == name and cost.qubits == built.num_qubits
