"""Tests for mastermind_q.backends: names, fake and IBM paths, job records, options."""

from __future__ import annotations

import json

import pytest
from qiskit import QuantumCircuit

from mastermind_q import backends, solve
from mastermind_q.backends import (
    BackendUnavailableError,
    CircuitTooWideError,
    ExecutionOptions,
    JobInterrupted,
    execution_options,
    sample_counts,
)
from mastermind_q.jobs import read_record


def _ghz(width: int = 3, name: str = "ghz") -> QuantumCircuit:
    circuit = QuantumCircuit(width, width, name=name)
    circuit.h(0)
    for qubit in range(width - 1):
        circuit.cx(qubit, qubit + 1)
    circuit.measure(range(width), range(width))
    return circuit


def _flip(name: str = "flip") -> QuantumCircuit:
    circuit = QuantumCircuit(2, 2, name=name)
    circuit.x(0)
    circuit.measure([0, 1], [0, 1])
    return circuit


@pytest.fixture
def no_ibm_account(tmp_path, monkeypatch):
    """No saved IBM Quantum account and no credential variables."""
    from qiskit_ibm_runtime.accounts import management

    monkeypatch.setattr(
        management, "_DEFAULT_ACCOUNT_CONFIG_JSON_FILE", str(tmp_path / "qiskit-ibm.json")
    )
    for variable in ("QISKIT_IBM_TOKEN", "QISKIT_IBM_INSTANCE", "QISKIT_IBM_CHANNEL"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.delenv("QISKIT_IBM_URL", raising=False)


# -- names ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "kind"),
    [("aer", "aer"), ("aer-mps", "aer"), ("fake:torino", "fake"), ("ibm:ibm_kyiv", "ibm")],
)
def test_backend_kind(name, kind):
    assert backends.backend_kind(name) == kind


@pytest.mark.parametrize("name", ["", "aer-gpu", "fake:", "ibm", "torino", 3, None])
def test_unknown_backend_names_list_the_valid_forms(name):
    with pytest.raises(ValueError, match=r"aer-statevector.*fake:NAME.*ibm:NAME") as info:
        backends.validate_backend_name(name)
    assert repr(name) in str(info.value)


@pytest.mark.parametrize("spelling", ["torino", "fake_torino", "FakeTorino", "fake:torino"])
def test_fake_backend_spellings(spelling):
    assert backends.fake_backend(spelling).name == "fake_torino"


def test_fake_backend_versioned_class_names():
    assert backends.fake_backend("manila").name == "fake_manila"
    assert "sherbrooke" in backends.fake_backend_names()


def test_unknown_fake_backend_names_the_closest_devices():
    with pytest.raises(BackendUnavailableError, match=r"'(fake:)?nowhere'.*devices, e\.g\."):
        sample_counts([_ghz()], backend="fake:nowhere")
    with pytest.raises(BackendUnavailableError, match=r"'(fake:)?torin'.*did you mean torino"):
        sample_counts([_ghz()], backend="fake:torin")


def test_circuit_wider_than_the_device_is_refused():
    with pytest.raises(CircuitTooWideError, match=r"'wide' needs 6 qubits.*'fake:manila' has 5"):
        sample_counts([_ghz(6, name="wide")], backend="fake:manila", shots=10)


# -- options -------------------------------------------------------------------------
def test_execution_options_nest_and_reset():
    assert backends.current_execution_options() == ExecutionOptions()
    with execution_options(optimization_level=3):
        with execution_options(record=True) as inner:
            assert (inner.optimization_level, inner.record) == (3, True)
        assert backends.current_execution_options().record is False
    assert backends.current_execution_options().optimization_level is None  # the device decides


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"optimization_level": 4}, "optimization_level must be one of 0, 1, 2, 3, was 4"),
        ({"fake_mode": "gpu"}, "fake_mode must be one of aer, runtime, was 'gpu'"),
        ({"poll_interval": 0}, "poll_interval must be positive, was 0"),
        ({"colour": 1}, r"unknown execution option\(s\) \['colour'\]"),
    ],
)
def test_execution_options_are_validated(changes, message):
    with pytest.raises(ValueError, match=message), execution_options(**changes):
        pass


@pytest.mark.parametrize(("level", "gates"), [(0, 2), (1, 0)])
def test_optimization_level_reaches_the_pass_manager(level, gates):
    circuit = QuantumCircuit(1, 1)
    circuit.x(0)
    circuit.x(0)
    circuit.measure(0, 0)
    with execution_options(optimization_level=level):
        [compiled] = backends.transpile_for([circuit], "aer")
    assert compiled.count_ops().get("x", 0) == gates


def test_transpile_for_device_uses_its_basis():
    [compiled] = backends.transpile_for([_ghz()], "fake:manila", seed=1)
    assert set(compiled.count_ops()) <= {"cx", "rz", "sx", "x", "measure", "barrier"}
    assert compiled.num_qubits == 5


# -- fake backends: sampling -----------------------------------------------------------
def test_fast_path_equals_runtime_local_mode():
    """Same noise model and seed: the fast path reproduces the runtime's counts exactly."""
    fast = sample_counts([_ghz()], backend="fake:manila", shots=200, seed=11)
    with execution_options(fake_mode="runtime"):
        runtime = sample_counts([_ghz()], backend="fake:manila", shots=200, seed=11)
    assert fast == runtime
    assert sum(fast[0].values()) == 200
    assert len(fast[0]) > 2  # noisy: more than the two ideal outcomes


def test_runtime_local_mode_is_refused_beyond_memory_before_it_runs(monkeypatch):
    from mastermind_q.limits import ResourceLimitError

    def must_not_run(*args, **kwargs):
        raise AssertionError("the job ran")

    monkeypatch.setattr(backends.runtime, "_simulate_job", must_not_run)
    monkeypatch.setenv("MASTERMIND_Q_MAX_MEMORY", "16")  # bytes: not even 1 qubit fits
    with (
        execution_options(fake_mode="runtime"),
        pytest.raises(ResourceLimitError, match="noisy local-mode run on 3 active qubits"),
    ):
        sample_counts([_ghz()], backend="fake:manila", shots=10, seed=1)


def test_fake_backend_is_noisy_and_seeded():
    first = sample_counts([_flip()], backend="fake:manila", shots=300, seed=5)
    again = sample_counts([_flip()], backend="fake:manila", shots=300, seed=5)
    other = sample_counts([_flip()], backend="fake:manila", shots=300, seed=6)
    assert first == again
    assert first != other
    assert max(first[0], key=first[0].get) == "01"
    assert first[0]["01"] < 300


def test_several_circuits_are_one_job_with_progress():
    events = []
    with execution_options(progress=events.append):
        counts = sample_counts([_ghz(), _flip()], backend="fake:manila", shots=100, seed=2)
    assert [sum(c.values()) for c in counts] == [100, 100]
    assert {len(key) for key in counts[1]} == {2}
    stages = [(event.stage, event.done, event.total) for event in events]
    assert stages == [
        ("transpile", 1, 2),
        ("transpile", 2, 2),
        ("submitted", 0, 1),
        ("simulate", 0, 1),
        ("done", 1, 1),
    ]
    assert events[2].detail and events[2].record_path is None  # job id, no record asked
    assert events[3].detail.startswith("fake:manila (aer-noise-model), 2 circuits")


def test_fake_job_record_on_request(tmp_path):
    metadata = {"method": "two-color", "n": 2, "k": 2, "score_qubits": 2}
    with execution_options(record=True, jobs_dir=tmp_path, progress=None):
        events = []
        with execution_options(progress=events.append):
            counts = sample_counts(
                [_flip()], backend="fake:manila", shots=50, seed=1, metadata=metadata
            )
    job_id = events[-1].detail
    record = read_record(job_id, tmp_path)
    assert (record.status, record.backend, record.method, record.n, record.k) == (
        "done",
        "fake:manila",
        "two-color",
        2,
        2,
    )
    assert record.parameters == {"score_qubits": 2}
    assert list(record.counts) == counts
    assert record.registers == ("c",)


# -- the IBM path ----------------------------------------------------------------------
def test_ibm_without_credentials_is_a_clear_value_error(no_ibm_account):
    with pytest.raises(BackendUnavailableError, match="QISKIT_IBM_TOKEN") as info:
        sample_counts([_ghz()], backend="ibm:ibm_brisbane", shots=10)
    assert isinstance(info.value, ValueError)
    assert "save_account" in str(info.value)


def test_ibm_path_runs_offline_on_a_stand_in_device(tmp_path, monkeypatch):
    """The ibm: code path (runtime Sampler, record before waiting, polling) end to end."""
    monkeypatch.setenv("MASTERMIND_Q_JOBS_DIR", str(tmp_path))
    monkeypatch.setattr(
        backends.names, "_ibm_backend", lambda name: backends.fake_backend("manila")
    )
    events = []
    with execution_options(progress=events.append, poll_interval=0.01):
        counts = sample_counts(
            [_flip()],
            backend="ibm:stand_in",
            shots=64,
            seed=3,
            metadata={"method": "two-color", "n": 2, "k": 2},
        )
    assert sum(counts[0].values()) == 64
    submitted = next(event for event in events if event.stage == "submitted")
    assert submitted.record_path is not None and submitted.record_path.parent == tmp_path
    record = read_record(submitted.detail)
    assert record.engine == "qiskit-ibm-runtime"
    assert record.backend == "ibm:stand_in" and record.status == "done"


def test_interrupted_wait_keeps_the_record(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(backends.runtime, "_wait", interrupted)  # runtime and ibm: paths
    monkeypatch.setattr(backends.runtime, "run_fast_fake", interrupted)  # the fast fake: path
    with (
        execution_options(record=True, jobs_dir=tmp_path),
        pytest.raises(JobInterrupted, match="jobs fetch") as info,
    ):
        sample_counts([_flip()], backend="fake:manila", shots=10, metadata={"method": "x"})
    record = read_record(info.value.job_id, tmp_path)
    assert (record.status, record.counts) == ("submitted", None)
    assert info.value.record_path == tmp_path / f"{record.job_id}.json"
    assert json.loads(info.value.record_path.read_text())["job_id"] == record.job_id


def test_retrieve_counts_refuses_local_backends():
    with pytest.raises(BackendUnavailableError, match="only ibm: jobs"):
        backends.retrieve_counts("abc", "fake:manila", ["c"])


# -- every quantum method end to end on a fake backend --------------------------------
@pytest.mark.parametrize(
    ("method", "secret", "colors"),
    [
        ("two-color", (1, 0, 1), 2),
        ("nonadaptive", (2, 0), 3),
        ("triples", (1, 2), 3),
        ("adaptive", (1, 0), 2),
    ],
)
def test_every_quantum_method_on_a_fake_backend(method, secret, colors):
    result = solve(secret, colors=colors, method=method, backend="fake:hanoi", shots=300, seed=7)
    assert result.backend == "fake:hanoi"
    assert result.solved, result
    assert 0 < result.success_probability < 1  # noisy: agreeing fraction, not certainty
    assert all(0 < p <= 1 for p in result.circuit_success_probabilities)
    assert len(result.circuit_success_probabilities) == result.queries // (
        2 if method == "adaptive" else 1
    )


# -- compile settings per device --------------------------------------------------------
def test_compile_setting_per_device_family_and_override():
    from mastermind_q.backends.transpiling import (
        DEFAULT_OPTIMIZATION_LEVEL,
        DEVICE_COMPILE_SETTINGS,
        CompileSetting,
        compile_setting,
        device_family,
    )

    torino = backends.resolve_backend("fake:torino")
    sherbrooke = backends.resolve_backend("fake:sherbrooke")
    manila = backends.resolve_backend("fake:manila")
    assert device_family(torino) == "heron"
    assert device_family(sherbrooke) == "eagle"
    assert device_family(manila) == "other"
    assert compile_setting(torino) == DEVICE_COMPILE_SETTINGS["heron"]
    assert compile_setting(sherbrooke) == DEVICE_COMPILE_SETTINGS["eagle"]
    assert compile_setting(manila) == CompileSetting(DEFAULT_OPTIMIZATION_LEVEL)
    assert compile_setting(None) == CompileSetting(1)
    assert compile_setting(torino, 1) == CompileSetting(1)  # --optimization-level wins
    assert CompileSetting(3, "sabre", "sabre").label == "3/sabre/sabre"
    assert CompileSetting(1).label == "1/default/default"
    with pytest.raises(ValueError, match="optimization_level must be one of 0, 1, 2, 3, was 5"):
        compile_setting(torino, 5)


def test_transpile_for_uses_the_device_setting_unless_a_level_is_given():
    from mastermind_q.backends.transpiling import compile_setting

    circuit = QuantumCircuit(3)
    circuit.h(0)
    circuit.cx(0, 1)
    circuit.cx(0, 2)
    circuit.cx(1, 2)
    device = backends.resolve_backend("fake:manila")
    default = backends.transpile_for([circuit], device, seed=1)[0]
    explicit = compile_setting(device).pass_manager(target=device.target, seed_transpiler=1)
    assert default == explicit.run(circuit)
    with execution_options(optimization_level=0):
        level0 = backends.transpile_for([circuit], device, seed=1)[0]
    assert level0 == compile_setting(device, 0).pass_manager(
        target=device.target, seed_transpiler=1
    ).run(circuit)


@pytest.mark.parametrize("name", ["aer", "aer-mps"])
def test_parameterised_circuits_keep_no_controlled_phase_for_aer(name):
    """Aer ignores a run-time value bound to ``cp``: free parameters compile without it."""
    import numpy as np
    from qiskit.circuit import Parameter
    from qiskit.circuit.library import MCPhaseGate
    from qiskit.quantum_info import Statevector
    from qiskit_aer.primitives import SamplerV2

    phi = Parameter("phi")
    circuit = QuantumCircuit(3)
    circuit.h(range(3))
    circuit.append(MCPhaseGate(phi, 2), [0, 1, 2])
    circuit.cp(phi, 0, 1)
    circuit.h(range(3))
    circuit.measure_all()
    (compiled,) = backends.transpile_for([circuit], name)
    controlled = {"cp", "mcphase", "mcp", "cu1", "mcu1", "crz", "cu", "cu3"}
    assert not controlled & set(compiled.count_ops())
    bare = circuit.remove_final_measurements(inplace=False).assign_parameters([np.pi])
    expected = Statevector(bare).probabilities_dict()
    counts = SamplerV2(seed=3, default_shots=8192).run([(compiled, [np.pi])])
    counts = counts.result()[0].data.meas.get_counts()
    keys = set(counts) | set(expected)
    assert 0.5 * sum(abs(counts.get(k, 0) / 8192 - expected.get(k, 0)) for k in keys) < 0.04


def test_an_aer_solve_does_not_import_the_ibm_runtime_stack():
    """Aer targets compile with Qiskit's own stage plugins: qiskit_ibm_runtime (and its
    pydantic, qiskit_mitigation) is imported only on paths that use a device."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import sys\n"
        "from mastermind_q.cli.main import main\n"
        "status = main(['solve', '--method', 'nonadaptive', '--colors', '4',"
        " '--secret', '2,0,3,1,3', '--json'])\n"
        "heavy = sorted({name.split('.')[0] for name in sys.modules}"
        " & {'qiskit_ibm_runtime', 'pydantic', 'qiskit_mitigation', 'matplotlib'})\n"
        "print('HEAVY', heavy, status)\n"
    )
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300
    )
    assert "HEAVY [] 0" in done.stdout, done.stdout + done.stderr


def test_an_unknown_fake_device_is_refused_quickly_with_the_closest_names():
    """Refused from the fake provider's folder names, without importing the IBM runtime;
    the message names the closest devices, not every one."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import sys\n"
        "from mastermind_q.backends.names import fake_backend\n"
        "for name in ('fake:torin', 'fake:nonexistent'):\n"
        "    try:\n"
        "        fake_backend(name)\n"
        "    except ValueError as error:\n"
        "        print(error)\n"
        "print('IMPORTED', 'qiskit_ibm_runtime' in sys.modules)\n"
    )
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300
    )
    torin, nonexistent, imported = done.stdout.splitlines()
    assert "did you mean torino" in torin and len(torin) < 120
    assert nonexistent.startswith("no fake backend named 'fake:nonexistent';")
    assert len(nonexistent) < 120 and imported == "IMPORTED False"
