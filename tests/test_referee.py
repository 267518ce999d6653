"""The referee decides, not the declaration: cheating and failing codebreakers.

Each codebreaker below is written to break a rule: declared classical and running a
circuit, declared non-adaptive and adapting, returning the code unasked, calling
``reveal``, returning a dict, playing colours it does not declare, raising, printing,
applying the oracle a million times, ending the process on import. Each is played
through the Python API (``solve``), ``mastermind-q solve`` and ``compare``; the outcome
is a one-line refusal or the honest count, never a row that beats a bound.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

import pytest

from mastermind_q import Codebreaker, solve
from mastermind_q.cli import main
from mastermind_q.codebreaker import METHODS, CodebreakerError, CodebreakerPluginWarning
from mastermind_q.codemaker import Batch, ClassicalCodemaker, Guesses, RefusedQuery

SECRET = (2, 0, 1, 1)
K = 3


def _sweep(codemaker, ask_last=True):
    """Every code in order until the codemaker answers ``n``; with ``ask_last=False``
    the code is returned unasked once it is the only one consistent with the answers."""
    import itertools

    n, k = codemaker.num_positions, codemaker.num_colors
    for code in itertools.product(range(k), repeat=n):
        if not ask_last and _consistent_unique(codemaker, code):
            return code
        if codemaker.black(code) == n:
            return code
    return None


def _consistent_unique(codemaker, code):
    """Whether ``code`` is the only code consistent with the transcript so far."""
    import itertools

    from mastermind_q import black

    pairs = codemaker.transcript
    if not pairs:
        return False
    fits = [
        c
        for c in itertools.product(range(codemaker.num_colors), repeat=codemaker.num_positions)
        if all(black(c, guess) == answer for guess, answer in pairs)
    ]
    return fits == [tuple(code)]


class Honest(Codebreaker):
    name = "t-honest"
    kind = "classical"
    summary = "every code in order, each asked"

    def solve(self, codemaker, *, execution=None, seed=None):
        return _sweep(codemaker, ask_last=True)


class Unasked(Codebreaker):
    name = "t-unasked"
    kind = "classical"
    summary = "every code in order; returns the code once it is the only one left"

    def solve(self, codemaker, *, execution=None, seed=None):
        return _sweep(codemaker, ask_last=False)


class ClassicalWithCircuit(Codebreaker):
    name = "t-classical-circuit"
    kind = "classical"
    summary = "declares classical, asks for the oracle"

    def solve(self, codemaker, *, execution=None, seed=None):
        codemaker.oracle()
        return (0,) * codemaker.num_positions


class NonAdaptiveAdapting(Codebreaker):
    name = "t-adapting"
    kind = "classical"
    setting = "non-adaptive"
    summary = "declares non-adaptive, asks one guess after another"

    def solve(self, codemaker, *, execution=None, seed=None):
        n = codemaker.num_positions
        first = codemaker.black((0,) * n)
        codemaker.black((1,) * n if first else (2,) * n)
        return (0,) * n


class TwoBatches(Codebreaker):
    name = "t-two-batches"
    kind = "classical"
    setting = "non-adaptive"
    summary = "declares non-adaptive, asks a second batch"

    def solve(self, codemaker, *, execution=None, seed=None):
        n = codemaker.num_positions
        codemaker.answer_batch([(0,) * n])
        codemaker.answer_batch([(1,) * n])
        return (0,) * n


class Revealing(Codebreaker):
    name = "t-reveal"
    kind = "classical"
    summary = "asks the codemaker for the secret"

    def solve(self, codemaker, *, execution=None, seed=None):
        return codemaker.reveal()


class ReturnsDict(Codebreaker):
    name = "t-dict"
    kind = "classical"
    summary = "returns a dict"

    def solve(self, codemaker, *, execution=None, seed=None):
        return {0: 0, 1: 1}


class ReturnsGenerator(Codebreaker):
    name = "t-generator"
    kind = "classical"
    summary = "returns a generator"

    def solve(self, codemaker, *, execution=None, seed=None):
        return (c for c in (0, 0, 0, 0))


class OutOfRange(Codebreaker):
    name = "t-out-of-range"
    kind = "classical"
    summary = "returns a colour out of range"

    def solve(self, codemaker, *, execution=None, seed=None):
        return (0, 0, 0, 7)


class Narrow(Codebreaker):
    name = "t-narrow"
    kind = "classical"
    colors = (2, 2)
    summary = "declares two colours only"

    def solve(self, codemaker, *, execution=None, seed=None):
        return _sweep(codemaker)


class Raising(Codebreaker):
    name = "t-raising"
    kind = "classical"
    summary = "asks one guess, then raises"

    def solve(self, codemaker, *, execution=None, seed=None):
        codemaker.black((0,) * codemaker.num_positions)
        raise RuntimeError("boom")


class Exiting(Codebreaker):
    name = "t-exiting"
    kind = "classical"
    summary = "ends the process from solve"

    def solve(self, codemaker, *, execution=None, seed=None):
        raise SystemExit(3)


class Printing(Codebreaker):
    name = "t-printing"
    kind = "classical"
    summary = "prints while it plays"

    def solve(self, codemaker, *, execution=None, seed=None):
        print("hello from the plugin")
        return _sweep(codemaker)


def _measured(circuit):
    from qiskit import ClassicalRegister

    register = ClassicalRegister(2, "c")
    circuit.add_register(register)
    circuit.measure([0, 1], register)
    return circuit


class MillionPower(Codebreaker):
    name = "t-million"
    kind = "quantum"
    summary = "applies the oracle a million times in one power"

    def solve(self, codemaker, *, execution=None, seed=None):
        from qiskit import QuantumCircuit

        oracle = codemaker.oracle()
        circuit = QuantumCircuit(oracle.num_qubits)
        circuit.append(oracle.power(10**6, annotated=True), range(oracle.num_qubits))
        codemaker.run([_measured(circuit)], execution=execution)
        return (0,) * codemaker.num_positions


class QuantumTwoRuns(Codebreaker):
    name = "t-two-runs"
    kind = "quantum"
    setting = "non-adaptive"
    summary = "declares non-adaptive, runs twice"

    def solve(self, codemaker, *, execution=None, seed=None):
        from qiskit import QuantumCircuit

        for _ in range(2):
            oracle = codemaker.oracle()
            circuit = QuantumCircuit(oracle.num_qubits)
            circuit.append(oracle, range(oracle.num_qubits))
            codemaker.run([_measured(circuit)], execution=execution)
        return (0,) * codemaker.num_positions


class QuantumGuessing(Codebreaker):
    name = "t-quantum-guess"
    kind = "quantum"
    summary = "one oracle run, then classical guesses in order"

    def solve(self, codemaker, *, execution=None, seed=None):
        from qiskit import QuantumCircuit

        oracle = codemaker.oracle()
        circuit = QuantumCircuit(oracle.num_qubits)
        circuit.append(oracle, range(oracle.num_qubits))
        codemaker.run([_measured(circuit)], execution=execution)
        return _sweep(codemaker)


ALL = (
    Honest,
    Unasked,
    ClassicalWithCircuit,
    NonAdaptiveAdapting,
    TwoBatches,
    Revealing,
    ReturnsDict,
    ReturnsGenerator,
    OutOfRange,
    Narrow,
    Raising,
    Exiting,
    Printing,
    MillionPower,
    QuantumTwoRuns,
    QuantumGuessing,
)


@pytest.fixture(autouse=True)
def registered():
    """Every codebreaker above registered for the test, taken out again after it."""
    for breaker in ALL:
        METHODS.register(breaker, replace=True)
    yield
    for breaker in ALL:
        METHODS.pop(breaker.name, None)


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


# -- the win is the referee's ------------------------------------------------------------


def test_a_code_returned_unasked_is_asked_and_counted():
    honest = solve(SECRET, colors=K, method="t-honest")
    unasked = solve(SECRET, colors=K, method="t-unasked")
    assert honest.solved and unasked.solved
    assert unasked.queries == unasked.queries_to_win == honest.queries
    assert unasked.transcript[-1] == (SECRET, len(SECRET))  # the referee's question


def test_the_position_sweep_of_the_guide_pays_its_winning_guess():
    import importlib.util

    from helpers import ROOT

    spec = importlib.util.spec_from_file_location(
        "position_sweep", ROOT / "examples" / "plugin" / "position_sweep.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    METHODS.register(module.PositionSweep, replace=True)
    try:
        result = solve((2, 0, 1, 1, 3), colors=4, method="position-sweep")
        assert result.solved
        assert result.transcript[-1] == ((2, 0, 1, 1, 3), 5)
        assert result.queries == len(result.transcript)
    finally:
        METHODS.pop("position-sweep", None)


def test_a_quantum_codebreaker_wins_with_the_referees_question():
    result = solve((2, 0, 1), colors=3, method="nonadaptive")
    assert result.queries == 2 and result.queries_to_win == 3


def test_a_quantum_codebreakers_guesses_are_counted_apart():
    result = solve(SECRET, colors=K, method="t-quantum-guess", backend="aer-statevector")
    assert result.solved
    assert result.quantum_queries == 1
    assert result.classical_queries == result.queries - 1 > 0
    assert result.queries_to_win == result.queries  # it asked the secret itself


# -- faces refuse what the declaration does not allow -------------------------------------

REFUSED = {
    "t-classical-circuit": "declared kind='classical', setting='adaptive': a classical "
    "codebreaker asks guesses only; it gets no oracle",
    "t-adapting": "a second guess after the batch",
    "t-two-batches": "commits its one batch before any answer",
    "t-reveal": r"reveal\(\) is the referee.s",
    "t-two-runs": "a second|after a first run",
}


@pytest.mark.parametrize("method", sorted(REFUSED))
def test_a_face_refuses_in_one_line_naming_the_codebreaker(method):
    backend = "aer-statevector" if METHODS[method].kind == "quantum" else None
    with pytest.raises(CodebreakerError) as caught:
        solve(SECRET, colors=K, method=method, backend=backend)
    message = str(caught.value)
    assert "\n" not in message
    assert f"codebreaker {method!r}" in message
    assert "queries charged" in message
    import re

    assert re.search(REFUSED[method], message), message


def test_faces_by_declaration():
    from mastermind_q.codemaker import Codemaker, face_for

    maker = Codemaker(SECRET, K)
    assert type(face_for(maker, "classical", "adaptive", "x")) is Guesses
    assert type(face_for(maker, "classical", "non-adaptive", "x")) is Batch
    with pytest.raises(TypeError, match="quantum"):
        face_for(ClassicalCodemaker(SECRET, K), "quantum", "adaptive", "x")
    face = face_for(maker, "classical", "non-adaptive", "x")
    assert face.answer_batch([(0, 0, 0, 0), (1, 1, 1, 1)]) == ((1, 0), (2, 0))
    assert face.answer(SECRET) == (4, 0)
    with pytest.raises(RefusedQuery, match="second guess"):
        face.black(SECRET)
    assert maker.queries == 3
    # a bad final guess uses nothing up
    face = face_for(Codemaker(SECRET, K), "classical", "non-adaptive", "x")
    with pytest.raises(ValueError, match="guess"):
        face.black((0, 9, 0, 0))
    assert face.black(SECRET) == 4


def test_nothing_public_on_a_face_leads_to_the_secret():
    from mastermind_q.codemaker import Codemaker, face_for

    maker = Codemaker(SECRET, K)
    for kind, setting in (("classical", "adaptive"), ("quantum", "non-adaptive")):
        face = face_for(maker, kind, setting, "x")
        public = [name for name in dir(face) if not name.startswith("_")]
        for name in public:
            value = getattr(face, name)
            assert value is not maker
            assert SECRET not in (value,) and value != SECRET
        with pytest.raises(TypeError):
            import copy

            copy.copy(face)


# -- answers are validated -------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "said"),
    [
        ("t-dict", "must return the code it found"),
        ("t-generator", "must return the code it found"),
        ("t-out-of-range", "colour"),
    ],
)
def test_a_malformed_answer_is_an_error_not_an_unsolved_game(method, said):
    with pytest.raises(CodebreakerError, match=said) as caught:
        solve(SECRET, colors=K, method=method)
    assert f"codebreaker {method!r}" in str(caught.value)


def test_solve_honours_the_declared_colours():
    with pytest.raises(ValueError, match="t-narrow needs colors == 2, was 3"):
        solve(SECRET, colors=K, method="t-narrow")
    assert solve((1, 0, 1, 1), colors=2, method="t-narrow").solved


@pytest.mark.parametrize(
    ("attribute", "value"),
    [("games", 5), ("distinct", "yes"), ("exact", 1), ("formula", 3), ("summary", None)],
)
def test_registration_refuses_an_attribute_of_the_wrong_type(attribute, value):
    breaker = type("Bad", (Honest,), {"name": "t-bad", attribute: value})
    with pytest.raises(ValueError, match=f"{attribute} must be"):
        METHODS.register(breaker)


def test_a_plugin_cannot_claim_to_be_built_in():
    breaker = type("Claims", (Honest,), {"name": "t-claims", "builtin": True})
    with pytest.raises(ValueError, match="builtin must be False"):
        METHODS.register(breaker)


# -- a failing plugin breaks only its own row ------------------------------------------


def test_a_raising_plugin_is_one_error_with_the_queries_charged():
    with pytest.raises(CodebreakerError) as caught:
        solve(SECRET, colors=K, method="t-raising")
    assert str(caught.value) == (
        "codebreaker 't-raising' raised RuntimeError in solve: boom (1 queries charged)"
    )
    with pytest.raises(CodebreakerError, match="raised SystemExit in solve: 3"):
        solve(SECRET, colors=K, method="t-exiting")


def test_cli_solve_failures_are_one_line_exit_2(capsys):
    for method in ("t-raising", "t-exiting", "t-classical-circuit", "t-dict", "t-narrow"):
        status, out, err = cli(
            capsys, "solve", "--method", method, "--colors", "3", "--secret", "2,0,1,1"
        )
        assert status == 2, (method, err)
        assert out == ""
        assert len(err.strip().splitlines()) == 1, err
        assert "t-" in err


def test_a_plugins_print_goes_to_stderr_and_json_stays_clean(capsys):
    status, out, err = cli(
        capsys,
        "solve",
        "--method",
        "t-printing",
        "--colors",
        "3",
        "--secret",
        "2,0,1,1",
        "--json",
    )
    assert status == 0
    assert json.loads(out)["solved"] is True
    assert "hello from the plugin" in err


def test_compare_keeps_every_other_row_when_a_plugin_fails(capsys):
    status, out, err = cli(
        capsys,
        "compare",
        "--positions",
        "3",
        "--colors",
        "3",
        "--samples",
        "2",
        "--methods",
        "t-raising,t-honest,t-unasked,t-classical-circuit",
        "--json",
    )
    assert status == 0, err
    data = json.loads(out)
    methods = {row["method"] for row in data["rows"]}
    assert {"t-honest", "t-unasked"} <= methods
    assert "t-raising" not in methods and "t-classical-circuit" not in methods
    honest = next(r for r in data["rows"] if r["method"] == "t-honest")
    unasked = next(r for r in data["rows"] if r["method"] == "t-unasked")
    assert unasked["queries_to_win"] == honest["queries_to_win"]
    best = [r for r in data["rows"] if r["method"] == "best-classical"]
    assert best and all(r["queries"] >= 3 for r in best)  # no row beats the counting bound
    reasons = {item["method"]: item["reason"] for item in data["skipped"]}
    assert reasons["t-raising"] == (
        "codebreaker 't-raising' raised RuntimeError in solve: boom (1 queries charged)"
    )
    assert "gets no oracle" in reasons["t-classical-circuit"]


def test_a_declared_classical_circuit_never_becomes_best_classical():
    from mastermind_q.compare import compare

    outcome = compare(
        positions=[4], colors=[3], methods=["t-classical-circuit", "t-honest"], samples=2, seed=1
    )
    rows = [row for row in outcome.rows if row.method == "best-classical"]
    assert rows and rows[0].best_worst_method == "t-honest"
    assert any("t-classical-circuit" in reason for _, reason in outcome.skipped)


def test_a_million_fold_oracle_power_is_refused_at_once():
    started = time.process_time()
    with pytest.raises(CodebreakerError, match=r"max|limit") as caught:
        solve(SECRET, colors=K, method="t-million", backend="aer-statevector")
    assert time.process_time() - started < 5
    assert "1000000 oracle applications" in str(caught.value)
    assert "(0 queries charged)" in str(caught.value)


# -- plugins at import -----------------------------------------------------------------


def _installed_plugin(tmp_path, source: str, entries: dict[str, str]):
    """A plugin module and a dist-info naming ``entries``, as pip would lay them out."""
    (tmp_path / "bad_plugin.py").write_text(textwrap.dedent(source), encoding="utf-8")
    dist = tmp_path / "bad_plugin-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: bad-plugin\nVersion: 0.1\n", encoding="utf-8"
    )
    lines = "".join(f"{name} = {value}\n" for name, value in entries.items())
    (dist / "entry_points.txt").write_text(f"[mastermind_q.codebreakers]\n{lines}")
    return tmp_path


@pytest.mark.parametrize(
    "raised", ["SystemExit(3)", "SystemExit(0)", "KeyboardInterrupt()", "GeneratorExit()"]
)
def test_a_plugin_that_ends_the_process_on_import_is_skipped(tmp_path, raised):
    folder = _installed_plugin(tmp_path, f"raise {raised}\n", {"bad": "bad_plugin:Bad"})
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(folder)!r})
        from mastermind_q.cli import main
        for argv in (["solve", "--method", "bad", "--colors", "3", "--secret", "0,1"],
                     ["solve", "--method", "triples", "--colors", "3", "--secret", "0,1,2"]):
            try:
                status = main(argv)
            except SystemExit as stop:
                status = stop.code
            print("status", status)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("status 2") == 1 and "status 0" in done.stdout
    assert "bad_plugin:Bad" in done.stderr and "skipped" in done.stderr
    assert "Traceback" not in done.stderr


def test_two_entries_with_one_name_use_neither(tmp_path, monkeypatch):
    folder = _installed_plugin(
        tmp_path,
        """
        from mastermind_q import Codebreaker
        class One(Codebreaker):
            name = "same"
            summary = "one"
            def solve(self, codemaker, *, execution=None, seed=None):
                return (0,) * codemaker.num_positions
        class Two(One):
            summary = "two"
        """,
        {"same": "bad_plugin:One"},
    )
    other = tmp_path / "other"
    other.mkdir()
    dist = other / "other_plugin-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: other-plugin\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[mastermind_q.codebreakers]\nsame = bad_plugin:Two\n")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.syspath_prepend(str(other))
    METHODS.refresh()
    try:
        with pytest.warns(CodebreakerPluginWarning, match="neither is used") as caught:
            assert "same" not in METHODS
        text = str(caught[0].message)
        assert "bad-plugin" in text and "other-plugin" in text
    finally:
        sys.modules.pop("bad_plugin", None)
        METHODS.refresh()


def test_commands_that_name_no_codebreaker_import_no_plugin(tmp_path):
    folder = _installed_plugin(
        tmp_path, "raise SystemExit('imported')\n", {"bad": "bad_plugin:Bad"}
    )
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(folder)!r})
        from mastermind_q.cli import main
        for argv in (["jobs", "list"],
                     ["solve", "--method", "coin-weighing", "--colors", "3",
                      "--secret", "0,1"]):
            try:
                main(argv)
            except SystemExit:
                pass
        print("bad_plugin" in sys.modules)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.stdout.strip().splitlines()[-1] == "False", done.stdout + done.stderr
    assert "bad_plugin" not in done.stderr


# -- the classical referee needs no Qiskit ---------------------------------------------


def test_a_classical_game_imports_no_qiskit():
    code = textwrap.dedent(
        """
        import sys
        import mastermind_q.classical
        from mastermind_q import solve
        solve((2, 0, 3, 1, 3), colors=4, method="coin-weighing")
        from mastermind_q.cli import main
        main(["solve", "--method", "coin-weighing", "--colors", "4", "--secret", "2,0,3,1,3"])
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("qiskit", "qiskit_aer"))
        print("LOADED", len(loaded), loaded[:3])
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "LOADED 0 []" in done.stdout, done.stdout[-300:]


def test_oracle_applications_times_shots_are_held_to_a_limit(monkeypatch):
    from mastermind_q.limits import ResourceLimitError

    monkeypatch.setenv("MASTERMIND_Q_MAX_ORACLE_EXECUTIONS", "1000")
    with pytest.raises(ResourceLimitError, match=r"3 oracle applications x 1024 shots"):
        solve((2, 0, 1, 1), colors=4, method="nonadaptive", shots=1024)
    assert solve((2, 0, 1, 1), colors=4, method="nonadaptive", shots=300).solved


def test_the_real_oracle_does_not_outlive_its_run():
    from mastermind_q.codemaker import Codemaker, face_for

    maker = Codemaker((2, 0, 1), 3)
    METHODS["nonadaptive"].solve(
        face_for(maker, "quantum", "non-adaptive", "nonadaptive"), backend="aer-statevector"
    )
    assert maker.queries == 2 and not maker._real_oracles
