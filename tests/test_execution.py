"""The execution record (mastermind_q.backends.Execution) and the options that must agree.

One value built at the entry point carries backend, shots, seed and options to the
codebreaker and the codemaker; noise options a backend would ignore are refused the
same way by ``solve``, ``compare`` and ``play``, before any work.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from mastermind_q import cli, solve
from mastermind_q.backends import Execution, ExecutionOptions, execution_options
from mastermind_q.codemaker import Codemaker
from mastermind_q.solving import play

ROOT = Path(__file__).resolve().parents[1]


# -- the record -------------------------------------------------------------------------
def test_the_record_is_checked_when_it_is_built():
    record = Execution("aer-statevector", 100, 7)
    assert (record.backend, record.shots, record.seed) == ("aer-statevector", 100, 7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.backend = "aer"  # type: ignore[misc]
    for bad, message in (
        ({"backend": "nowhere"}, "nowhere"),
        ({"shots": 0}, "shots"),
        ({"seed": -1}, "seed"),
        ({"options": {"twirling": True}}, "options must be an ExecutionOptions"),
    ):
        with pytest.raises(ValueError, match=message):
            Execution(**bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "shown"),
    [
        ({"twirling": True}, "twirling=True"),
        ({"mitigate": True}, "mitigate=True"),
        ({"dynamical_decoupling": "XX"}, "dynamical_decoupling='XX'"),
    ],
)
@pytest.mark.parametrize("backend", ["aer", "aer-statevector", "aer-mps"])
def test_noise_options_on_aer_are_refused_by_the_record(backend, changes, shown):
    with pytest.raises(ValueError, match=re.escape(shown)) as caught:
        Execution(backend, options=ExecutionOptions(**changes))
    assert "Aer simulator has none" in str(caught.value)


def test_twirling_on_the_fast_fake_path_is_refused_by_the_record():
    with pytest.raises(ValueError, match="twirling runs in the runtime sampler"):
        Execution("fake:manila", options=ExecutionOptions(twirling=True))
    record = Execution("fake:manila", options=ExecutionOptions(twirling=True, fake_mode="runtime"))
    assert record.options.twirling


def test_replace_changes_fields_of_the_record_or_of_its_options():
    record = Execution("aer", 10, 1).replace(seed=5, oracle_construction="gray")
    assert (record.seed, record.options.oracle_construction) == (5, "gray")
    with pytest.raises(ValueError, match="twirling"):
        record.replace(twirling=True)


def test_a_record_and_a_contradicting_backend_are_refused():
    maker = Codemaker((0, 1, 2), 4)
    with pytest.raises(ValueError, match="backend is given twice"):
        play(maker, method="triples", backend="aer-mps", execution=Execution("aer-statevector"))
    with pytest.raises(ValueError, match="execution applies to quantum methods only"):
        play(Codemaker((0, 1, 2), 4), method="blackpeg", execution=Execution())


class _Spy(Codemaker):
    """A codemaker that notes the record each run is given and the constructions asked."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.records = []
        self.constructions = []

    def run(self, circuits, **kwargs):
        self.records.append(kwargs.get("execution"))
        return super().run(circuits, **kwargs)

    def oracle(self, **kwargs):
        self.constructions.append(kwargs.get("construction"))
        return super().oracle(**kwargs)


@pytest.mark.parametrize("method", ["triples", "adaptive"])
def test_the_record_given_is_the_one_the_codemaker_runs_with(method):
    """Explicit, not ambient: an enclosing execution_options block changes nothing."""
    record = Execution("aer-statevector", options=ExecutionOptions(oracle_construction="increment"))
    maker = _Spy((2, 0, 1), 4)
    with execution_options(oracle_construction="gray"):
        result = play(maker, method=method, execution=record)
    assert result.solved and result.backend == "aer-statevector"
    assert maker.records == [record]
    assert set(maker.constructions) == {"increment"}


def test_without_a_record_one_is_built_once_from_the_arguments_and_options():
    maker = _Spy((2, 0, 1), 4)
    with execution_options(oracle_construction="gray"):
        result = play(maker, method="triples", backend="aer", shots=64, seed=3)
    assert result.solved
    (record,) = maker.records
    assert (record.backend, record.shots, record.seed) == ("aer", 64, 3)
    assert record.options.oracle_construction == "gray"
    assert set(maker.constructions) == {"gray"}


def test_solve_takes_the_record_as_a_keyword_and_keeps_its_results():
    secret = (3, 0, 2, 1)
    plain = solve(secret, colors=4, method="adaptive", backend="aer", shots=200, seed=11)
    recorded = solve(secret, colors=4, method="adaptive", execution=Execution("aer", 200, 11))
    assert recorded.to_dict() == plain.to_dict()


def test_worker_processes_rebuild_the_same_record():
    from mastermind_q.compare.executors import execution_fields, execution_from_fields

    options = ExecutionOptions(
        oracle_construction="gray", optimization_level=2, progress=print, isolate=True
    )
    record = Execution("aer-mps", 50, None, options)
    fields = execution_fields(record)
    json.dumps(fields)  # plain values: they travel to another process
    rebuilt = execution_from_fields(fields)
    assert rebuilt == record.replace(progress=None, isolate=False)


# -- the same refusal in solve, compare and play -----------------------------------------
NOISE = [["--twirl"], ["--mitigate"], ["--dd", "XX"], ["--mitigate", "--dd", "XY4"]]


def _one_line_error(capsys, argv):
    try:
        status = cli.main(argv)
    except SystemExit as exit:  # argparse's own refusals
        status = exit.code
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert status == 2, captured.err
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    assert captured.out == ""
    return lines[0]


@pytest.mark.parametrize("noise", NOISE)
def test_noise_options_on_aer_are_refused_by_solve_and_compare(capsys, noise):
    solve_line = _one_line_error(
        capsys, ["solve", "--method", "triples", "--colors", "4", "--random", "3", *noise]
    )
    compare_line = _one_line_error(
        capsys, ["compare", "--positions", "3", "--colors", "4", "--methods", "triples", *noise]
    )
    for line in (solve_line, compare_line):
        assert "the Aer simulator has none" in line and "--backend aer" in line
        assert all(flag in line for flag in noise if flag.startswith("--"))
        assert "True" not in line  # an on/off flag is named alone


@pytest.mark.parametrize("noise", NOISE)
def test_play_has_no_noise_options_and_refuses_them_in_one_line(capsys, noise):
    line = _one_line_error(capsys, ["play", "--positions", "3", "--colors", "4", *noise])
    assert "unrecognized arguments" in line


def test_noise_options_with_a_classical_method_are_refused(capsys):
    line = _one_line_error(
        capsys, ["solve", "--method", "knuth", "--colors", "4", "--random", "3", "--twirl"]
    )
    assert "--method knuth is classical" in line


def test_solve_twirl_on_the_fast_fake_path_is_refused_before_any_work(capsys, monkeypatch):
    from mastermind_q.backends import transpiling

    def no_work(*args, **kwargs):
        raise AssertionError("transpiled before the options were checked")

    monkeypatch.setattr(transpiling, "transpile_for", no_work)
    line = _one_line_error(
        capsys,
        [
            *("solve", "--method", "triples", "--colors", "4", "--random", "3"),
            *("--backend", "fake:torino", "--twirl"),
        ],
    )
    assert "twirling runs in the runtime sampler" in line
    assert line.count("--fake-mode runtime") == 1, line


def test_compare_twirl_on_the_fast_fake_path_is_refused_before_any_row(capsys):
    line = _one_line_error(
        capsys,
        [
            *("compare", "--positions", "4", "--colors", "4", "--methods", "triples"),
            *("--twirl", "--backend", "fake:torino"),
        ],
    )
    assert "twirling runs in the runtime sampler" in line and "--fake-mode runtime" in line


def test_compare_fake_mode_runtime_runs_the_quantum_rows_twirled(capsys, monkeypatch):
    """compare shares solve's --fake-mode: the rows reach the runtime sampler, twirled."""
    import mastermind_q.backends as backends

    seen = []

    def device_job(circuits, *, name, shots, seed, metadata, options, batch=None):
        seen.append((name, options.twirling, options.fake_mode, batch))
        return [{"0" * circuit.num_clbits: shots} for circuit in circuits]

    monkeypatch.setattr(backends, "_run_device_job", device_job)
    status = cli.main(
        [
            *("compare", "--positions", "4", "--colors", "4", "--methods", "triples"),
            *("--twirl", "--backend", "fake:torino", "--fake-mode", "runtime"),
            *("--shots", "20", "--no-bounds", "--no-formulas", "--json"),
        ]
    )
    captured = capsys.readouterr()
    assert status == 0, captured.err
    payload = json.loads(captured.out)
    assert payload["skipped"] == []
    assert [row["method"] for row in payload["rows"]] == ["triples"]
    assert seen and all(entry[:3] == ("fake:torino", True, "runtime") for entry in seen)
    assert all(entry[3] is not None for entry in seen)  # in the sweep's runtime batch


def test_fake_mode_has_one_definition_in_solve_and_compare():
    parser = cli.build_parser()
    actions = {}
    for action in parser._actions:
        if hasattr(action, "choices") and isinstance(action.choices, dict):
            for name in ("solve", "compare"):
                sub = action.choices[name]
                (fake,) = [a for a in sub._actions if "--fake-mode" in a.option_strings]
                actions[name] = (fake.choices, fake.default, fake.help)
    assert actions["solve"] == actions["compare"]


def test_compare_csv_on_stdout_with_json_is_a_conflict(capsys):
    line = _one_line_error(
        capsys,
        [
            *("compare", "--positions", "3", "--colors", "3", "--methods", "blackpeg"),
            *("--csv", "-", "--json"),
        ],
    )
    assert "--csv -" in line and "--json" in line


def test_samples_default_agrees_in_help_readme_and_benchmark():
    from mastermind_q.cli import compare as cli_compare
    from mastermind_q.compare import DEFAULT_BACKEND, DEFAULT_SAMPLES

    assert cli_compare.DEFAULT_SAMPLES == DEFAULT_SAMPLES == 10
    assert cli_compare.DEFAULT_BACKEND == DEFAULT_BACKEND
    parser = cli.build_parser()
    for action in parser._actions:
        if hasattr(action, "choices") and isinstance(action.choices, dict):
            (samples,) = [
                a for a in action.choices["compare"]._actions if "--samples" in a.option_strings
            ]
    assert f"default {DEFAULT_SAMPLES}" in samples.help and "20" not in samples.help
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"over {DEFAULT_SAMPLES} seeded secrets" in readme
    benchmark = (ROOT / "benchmarks" / "compare_scale.py").read_text(encoding="utf-8")
    assert f'"--samples", type=int, default={DEFAULT_SAMPLES})' in benchmark
