"""Tests for mastermind_q.resources: logical and transpiled counts."""

from __future__ import annotations

import math

import pytest
from qiskit.quantum_info import Operator

from mastermind_q.circuits.grover import exact_grover_parameters
from mastermind_q.circuits.layout import color_qubits, score_qubits
from mastermind_q.drawing import build_circuit
from mastermind_q.resources import (
    BASIS_GATES,
    METHOD_NAMES,
    NAMES,
    circuit_resources,
    count_circuits,
    logical_view,
    named_circuits,
)


def _calls(name, k):
    return {
        "oracle": 1,
        "two-color-oracle": 1,
        "find-two-color": 1,
        "two-color": 1,
        "grover-iteration": 2,
        "adaptive": 2 * exact_grover_parameters(k)[0],
        "nonadaptive": k - 1,
        "triples": math.ceil(2 * (k - 1) / 3),
    }[name]


@pytest.mark.parametrize("name", [name for name in NAMES if name != "hunziker-meyer"])
def test_counts_are_consistent(name):
    n, k = (3, 2) if name == "two-color" else (2, 4)
    report = circuit_resources(name, num_positions=n, colors=k)
    assert report.logical.oracle_calls == report.transpiled.oracle_calls == _calls(name, k)
    expected_circuits = {"nonadaptive": k - 1, "triples": math.ceil(2 * (k - 1) / 3)}
    assert report.circuits == expected_circuits.get(name, 1)
    for counts in (report.logical, report.transpiled):
        assert counts.two_qubit_gates + counts.multi_qubit_gates <= counts.total_gates
        assert counts.depth <= counts.total_gates
    assert report.transpiled.multi_qubit_gates == 0  # basis: cx is the only 2-qubit gate
    assert report.transpiled.total_gates > report.logical.total_gates
    assert report.logical.qubits >= n * (1 if k == 2 else color_qubits(k)) + score_qubits(n)
    data = report.to_dict()
    assert (
        set(data["logical"])
        == set(data["transpiled"])
        == {
            "qubits",
            "depth",
            "two_qubit_gates",
            "multi_qubit_gates",
            "total_gates",
            "oracle_calls",
        }
    )


def test_logical_view_keeps_the_oracle_only():
    circuit = build_circuit("adaptive", num_positions=2, colors=3)
    kept = [item.operation for item in logical_view(circuit).data]
    oracles = [op for op in kept if op.name == "black_peg_oracle"]
    assert [op.label for op in oracles] == ["B_s", "B_s†"]  # B_s and its inverse, kept
    assert not {op.name for op in kept} & {"G", "A", "S_0", "D"}
    opened = {item.operation.name for item in logical_view(circuit, open_oracle=True).data}
    assert "black_peg_oracle" not in opened


def test_oracle_counts_its_construction():
    report = circuit_resources("oracle", num_positions=2, colors=2)
    assert report.logical.total_gates > 1  # opened, not one box
    assert report.logical.oracle_calls == 1


@pytest.mark.parametrize("name", ["oracle", "two-color-oracle"])
def test_standalone_blocks_transpile_to_the_same_unitary(name):
    """Transpiled with qubits_initially_zero=False, the block is exact on every input."""
    circuit = build_circuit(name, num_positions=2, colors=2, secret=(1, 0))
    from qiskit.transpiler import generate_preset_pass_manager

    manager = generate_preset_pass_manager(
        optimization_level=1, basis_gates=list(BASIS_GATES), qubits_initially_zero=False
    )
    compiled = manager.run(circuit)
    assert set(compiled.count_ops()) <= set(BASIS_GATES)
    assert Operator.from_circuit(compiled).equiv(Operator(logical_view(circuit, open_oracle=True)))


def test_method_circuits_follow_the_plan():
    from mastermind_q.quantum import method_plan

    circuits = named_circuits("triples", num_positions=2, colors=5)
    assert [c.name for c in circuits] == [
        f"find_two_color_{c1}_{c2}" for c1, c2 in method_plan("triples", 5)
    ]
    assert set(METHOD_NAMES) <= set(NAMES)


def test_device_target_counts_active_qubits():
    report = circuit_resources("two-color", num_positions=2, colors=2, target="fake:manila")
    assert report.target == "fake:manila"
    assert report.transpiled.qubits == report.logical.qubits == 4  # not the 5 of the device
    assert report.transpiled.two_qubit_gates > 0


def test_count_circuits_sums_gates_and_takes_the_widest_and_deepest():
    a = build_circuit("find-two-color", num_positions=2, colors=3)
    b = build_circuit("find-two-color", num_positions=2, colors=3, pair=(1, 2))
    single = count_circuits([a], oracle_calls=1)
    both = count_circuits([a, b], oracle_calls=2)
    assert both.total_gates == single.total_gates + count_circuits([b], oracle_calls=1).total_gates
    assert both.qubits == single.qubits
    assert both.depth == max(single.depth, count_circuits([b], oracle_calls=1).depth)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "qft"}, "name must be a circuit or method, one of .*; was 'qft'"),
        ({"target": "ibm:kyiv"}, "target must be 'basis' or 'fake:NAME', was 'ibm:kyiv'"),
        ({"optimization_level": 5}, "optimization_level must be one of 0, 1, 2, 3, was 5"),
        ({"target": "fake:manila", "name": "oracle"}, r"needs \d+ qubits.*'fake:manila' has 5"),
    ],
)
def test_invalid_requests(kwargs, message):
    options = {"name": "find-two-color", "num_positions": 2, "colors": 3, **kwargs}
    with pytest.raises(ValueError, match=message):
        circuit_resources(options.pop("name"), **options)


def test_device_counts_use_the_construction_the_solvers_run():
    """On a device the oracle is counted in the construction ``solve`` would pick
    (``auto``); on ``basis`` in the default one; an explicit construction wins."""
    from mastermind_q.backends import execution_options
    from mastermind_q.circuits.oracle import DEFAULT_CONSTRUCTION
    from mastermind_q.quantum import choose_oracle_construction

    basis = circuit_resources("oracle", num_positions=3, colors=4)
    assert basis.oracle_construction == DEFAULT_CONSTRUCTION
    device = circuit_resources("oracle", num_positions=3, colors=4, target="fake:hanoi")
    assert device.oracle_construction == choose_oracle_construction("fake:hanoi", 3, 4)
    assert device.to_dict()["oracle_construction"] == device.oracle_construction
    with execution_options(oracle_construction="increment"):
        forced = circuit_resources("oracle", num_positions=3, colors=4, target="fake:hanoi")
    assert forced.oracle_construction == "increment"
    gray = circuit_resources("oracle", num_positions=3, colors=4, construction="gray")
    assert gray.logical.qubits == 3 * 2 + 2  # no ancillas at k = 4


@pytest.mark.slow
@pytest.mark.parametrize(("n", "level_one"), [(5, 567), (8, 1260)])
def test_device_default_cuts_the_two_qubit_gates_on_torino(n, level_one):
    """Issue 19: by default ``resources nonadaptive --colors 4 --target fake:torino``
    needs at most 0.85x the two-qubit gates of level 1 (567 at n = 5, 1260 at n = 8)."""
    default = circuit_resources("nonadaptive", num_positions=n, colors=4, target="fake:torino")
    old = circuit_resources(  # before issue 19: level 1, auto chose gray here
        "nonadaptive",
        num_positions=n,
        colors=4,
        target="fake:torino",
        optimization_level=1,
        construction="gray",
    )
    assert old.transpiled.two_qubit_gates == level_one
    assert default.compile_setting == "3/default/default"  # level 3, its own VF2 + Sabre layout
    assert default.transpiled.two_qubit_gates <= 0.85 * level_one


def test_hunziker_meyer_counts_T_parity_oracle_calls_on_nq_plus_1_qubits(capsys):
    from qiskit.quantum_info import Statevector

    from mastermind_q import cli
    from mastermind_q.circuits.hunziker_meyer import (
        hunziker_meyer_iterations,
        hunziker_meyer_success_probability,
    )

    report = circuit_resources("hunziker-meyer", num_positions=3, colors=8)
    assert report.circuits == 1 and report.oracle_construction == "parity"
    assert report.logical.oracle_calls == report.transpiled.oracle_calls == 2
    assert hunziker_meyer_iterations(8) == 2
    assert report.logical.qubits == 3 * color_qubits(8) + 1
    assert report.transpiled.multi_qubit_gates == 0
    # The counted circuit is the algorithm: it reads the secret with the paper's p.
    [circuit] = named_circuits("hunziker-meyer", num_positions=1, colors=5, secret=(3,))
    probabilities = Statevector(circuit.remove_final_measurements(inplace=False))
    reading = probabilities.probabilities_dict(qargs=range(color_qubits(5)))
    assert reading["011"] == pytest.approx(hunziker_meyer_success_probability(1, 5))
    assert cli.main(["resources", "hunziker-meyer", "--positions", "3", "--colors", "8"]) == 0
    assert "oracle calls                2              2" in capsys.readouterr().out
    assert cli.main(["resources", "hunziker-meyer", "--positions", "3", "--colors", "4"]) == 2
    assert "colors > 4, was 4" in capsys.readouterr().err
