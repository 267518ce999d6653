"""Tests for mastermind_q.backends.mitigation and the --mitigate / --dd / --twirl options."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from qiskit import QuantumCircuit

from mastermind_q import cli
from mastermind_q.backends import execution_options, sample_counts
from mastermind_q.backends.mitigation import (
    CALIBRATION_NAMES,
    calibration_circuits,
    calibration_matrices,
    measured_qubits,
    mitigate_counts,
)
from mastermind_q.fetching import fetch_job
from mastermind_q.jobs import read_record
from mastermind_q.quantum import decode_counts


def _flip(name: str = "flip") -> QuantumCircuit:
    circuit = QuantumCircuit(2, 2, name=name)
    circuit.x(0)
    circuit.measure([0, 1], [0, 1])
    return circuit


def _readout(p10: float, p01: float) -> np.ndarray:
    """Column b: the outcome distribution when |b> was prepared."""
    return np.array([[1 - p10, p01], [p10, 1 - p01]])


def test_measured_qubits_and_calibration_circuits():
    circuit = QuantumCircuit(5, 3)
    circuit.measure([4, 0, 2], [0, 1, 2])
    assert measured_qubits(circuit) == [4, 0, 2]
    zero, one = calibration_circuits([4, 0, 2], 5)
    assert (zero.name, one.name) == CALIBRATION_NAMES
    assert measured_qubits(zero) == measured_qubits(one) == [4, 0, 2]
    assert "x" not in zero.count_ops() and one.count_ops()["x"] == 3
    assert calibration_circuits([1], 2, basis=("sx",))[1].count_ops()["sx"] == 2


@pytest.mark.parametrize(
    ("qubits", "size", "message"),
    [([], 3, "distinct and not empty"), ([1, 1], 3, "distinct"), ([3], 3, r"lie in 0\.\.2")],
)
def test_calibration_circuits_reject_bad_qubits(qubits, size, message):
    with pytest.raises(ValueError, match=message):
        calibration_circuits(qubits, size)


def test_unmeasured_clbit_is_refused():
    circuit = QuantumCircuit(2, 2, name="half")
    circuit.measure(0, 0)
    with pytest.raises(ValueError, match=r"'half' must measure every classical bit once"):
        measured_qubits(circuit)


def test_mitigation_inverts_exact_readout_errors():
    """Counts that are exactly A p come back as p (mthree solves A p = counts / shots)."""
    matrices = {7: _readout(0.05, 0.12), 2: _readout(0.02, 0.08), 5: _readout(0.10, 0.03)}
    qubits = [7, 2, 5]  # clbit i measures qubits[i]
    ideal = {"000": 0.1, "101": 0.6, "011": 0.3}  # keys: clbit 2 .. clbit 0
    shots = 10**6
    observed: dict[str, float] = {}
    for key, weight in ideal.items():
        for read in itertools.product("01", repeat=3):
            chance = weight
            for clbit in range(3):
                true_bit = int(key[2 - clbit])
                read_bit = int(read[2 - clbit])
                chance *= matrices[qubits[clbit]][read_bit, true_bit]
            observed["".join(read)] = observed.get("".join(read), 0.0) + chance
    counts = {key: round(value * shots) for key, value in observed.items()}
    calibration = []
    for prepared in (0, 1):
        dist: dict[str, float] = {}
        for read in itertools.product("01", repeat=3):
            chance = 1.0
            for clbit in range(3):
                chance *= matrices[qubits[clbit]][int(read[2 - clbit]), prepared]
            dist["".join(read)] = chance
        calibration.append({key: round(value * shots) for key, value in dist.items()})
    found = calibration_matrices(calibration, qubits)
    for qubit in qubits:
        assert np.allclose(found[qubit], matrices[qubit], atol=1e-5)
    [quasi] = mitigate_counts([counts], [qubits], calibration, qubits)
    assert sum(quasi.values()) == pytest.approx(1.0, abs=1e-6)
    for key in ("000", "001", "010", "011", "100", "101", "110", "111"):
        assert quasi.get(key, 0.0) == pytest.approx(ideal.get(key, 0.0), abs=2e-3)


def test_uncalibrated_qubit_is_refused():
    calibration = [{"0": 10}, {"1": 10}]
    with pytest.raises(ValueError, match=r"qubits \[4\] are measured but were not calibrated"):
        mitigate_counts([{"0": 3}], [[4]], calibration, [1])


def test_quasi_probabilities_decode_by_weight():
    """Floats (negative ones too) decode like counts: the heaviest bitstring wins."""
    quasi = [{"011": 0.55, "111": 0.47, "001": -0.02}, {"110": 1.02, "100": -0.02}]
    found, fractions = decode_counts("triples", quasi, num_positions=3, colors=4)
    assert found == (1, 2, 3)
    assert fractions == pytest.approx([0.55, 1.02])


def test_mitigated_fake_run_returns_quasi_probabilities_and_records_them(tmp_path):
    with execution_options(mitigate=True, record=True, jobs_dir=tmp_path):
        [quasi] = sample_counts(
            [_flip()], backend="fake:manila", shots=400, seed=3, metadata={"method": "x"}
        )
    assert all(isinstance(value, float) for value in quasi.values())
    assert sum(quasi.values()) == pytest.approx(1.0, abs=1e-6)
    with execution_options():
        [raw] = sample_counts([_flip()], backend="fake:manila", shots=400, seed=3)
    assert max(quasi, key=quasi.get) == "01"
    assert quasi["01"] > raw["01"] / 400  # the readout error is (mostly) undone
    [record_file] = tmp_path.glob("*.json")
    record = read_record(record_file.stem, tmp_path)
    assert record.circuit_names == ("flip", *CALIBRATION_NAMES)
    assert len(record.counts) == 3
    mitigation = record.parameters["mitigation"]
    assert mitigation["method"] == "mthree"
    assert sorted(mitigation["calibrated_qubits"]) == sorted(mitigation["measured_qubits"][0])


def _solve_on_manila(jobs_dir, secret, shots, seed, *extra):
    """``solve`` (two-color, k = 2) on ``fake:manila``, its job recorded in ``jobs_dir``."""
    words = f"--secret {secret} --shots {shots} --seed {seed} --backend fake:manila".split()
    argv = ["solve", "--method", "two-color", "--colors", "2", *words, "--record-job"]
    return cli.main([*argv, "--jobs-dir", str(jobs_dir), *extra])


def test_fetching_a_mitigated_record_mitigates_it(tmp_path):
    solved = _solve_on_manila(tmp_path, "1,0", 200, 2, "--mitigate", "--quiet")
    assert solved == 0
    [record_file] = tmp_path.glob("*.json")
    decoding = fetch_job(record_file.stem, tmp_path, secret=(1, 0))
    assert decoding.solved is True
    assert len(decoding.circuit_success_probabilities) == 1


def test_cli_flags_reach_the_job_record(tmp_path, capsys):
    status = _solve_on_manila(tmp_path, "0,1", 100, 1, "--dd", "XY4", "--json")
    assert status == 0
    assert json.loads(capsys.readouterr().out)["found"] == [0, 1]
    [record_file] = tmp_path.glob("*.json")
    record = read_record(record_file.stem, tmp_path)
    assert record.parameters["dynamical_decoupling"] == "XY4"
    assert "mitigation" not in record.parameters


def test_twirling_is_refused_on_the_fast_fake_path():
    with (
        execution_options(twirling=True),
        pytest.raises(ValueError, match=r"twirling runs in the runtime sampler"),
    ):
        sample_counts([_flip()], backend="fake:manila", shots=10)


def test_cli_twirl_on_the_fast_path_is_one_line_on_stderr(capsys):
    status = cli.main(
        [
            *("solve", "--method", "two-color", "--colors", "2", "--secret", "0,1"),
            *("--backend", "fake:manila", "--shots", "10", "--twirl", "--quiet"),
        ]
    )
    assert status == 2
    err = capsys.readouterr().err
    assert "twirling runs in the runtime sampler" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"dynamical_decoupling": "XZ"}, "dynamical_decoupling must be None or one of XX"),
        ({"twirling": 1}, "twirling must be True or False, was 1"),
        ({"mitigate": "yes"}, "mitigate must be True or False"),
    ],
)
def test_suppression_options_are_validated(changes, message):
    with pytest.raises(ValueError, match=message), execution_options(**changes):
        pass


def test_runtime_sampler_gets_the_suppression_options():
    from mastermind_q.backends import fake_backend
    from mastermind_q.backends.options import ExecutionOptions
    from mastermind_q.backends.runtime import _runtime_sampler

    options = ExecutionOptions(dynamical_decoupling="XpXm", twirling=True)
    sampler = _runtime_sampler(
        fake_backend("manila"), kind="fake", shots=10, seed=1, options=options
    )
    assert sampler.options.dynamical_decoupling.enable is True
    assert sampler.options.dynamical_decoupling.sequence_type == "XpXm"
    assert sampler.options.twirling.enable_gates is True
    assert sampler.options.twirling.enable_measure is True
    plain = _runtime_sampler(
        fake_backend("manila"), kind="fake", shots=10, seed=1, options=ExecutionOptions()
    )
    assert plain.options.dynamical_decoupling.enable is False


def test_dynamical_decoupling_pads_idle_periods_on_the_fast_path():
    from mastermind_q.backends import transpile_for
    from mastermind_q.backends.noisy import apply_dynamical_decoupling

    circuit = QuantumCircuit(3, 2)
    circuit.x(0)
    for _ in range(6):
        circuit.cx(1, 2)
    circuit.measure([0, 1], [0, 1])
    [compiled] = transpile_for([circuit], "fake:manila", optimization_level=0, seed=1)
    for sequence, gate in (("XX", "x"), ("XY4", "x")):
        [padded] = apply_dynamical_decoupling([compiled], "manila", sequence)
        ops = padded.count_ops()
        assert ops.get("delay", 0) > 0
        assert ops[gate] > compiled.count_ops().get(gate, 0)
        assert set(ops) <= {"delay", "measure", "barrier", "x", "sx", "rz", "cx"}, ops
    with execution_options(dynamical_decoupling="XX"):
        [counts] = sample_counts([circuit], backend="fake:manila", shots=200, seed=4)
    assert max(counts, key=counts.get) == "01"
