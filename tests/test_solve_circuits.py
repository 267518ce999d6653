"""The circuits of a solve: ``SolveResult.circuits``, ``solve --draw/--qasm``, ``draw METHOD``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mastermind_q import cli, solve
from mastermind_q.codemaker import ORACLE_INVERSE_NAME, ORACLE_NAME, OracleGate
from mastermind_q.drawing import CIRCUITS, circuit_paths, open_boxes
from mastermind_q.solving import QUANTUM_METHODS, method_circuits

CASES = {  # a secret the method can solve
    "nonadaptive": ((1, 2, 0), 3),
    "triples": ((3, 1, 0), 4),
    "two-color": ((1, 0, 1), 2),
    "adaptive": ((2, 0), 3),
    "hunziker-meyer": ((4, 0), 5),
}


def _oracle_gates(circuit):
    """Every oracle gate in ``circuit``, boxes opened (definitions walked)."""
    found = []
    for item in circuit.data:
        operation = item.operation
        if isinstance(operation, OracleGate) or operation.name in (
            ORACLE_NAME,
            ORACLE_INVERSE_NAME,
        ):
            found.append(operation)
        elif getattr(operation, "definition", None) is not None:
            found += _oracle_gates(operation.definition)
    return found


@pytest.mark.parametrize("method", QUANTUM_METHODS)
def test_solve_result_holds_the_circuits_and_no_secret(method):
    secret, colors = CASES[method]
    result = solve(secret, colors=colors, method=method, backend="aer-statevector")
    assert result.solved and result.circuits
    for circuit in result.circuits:
        names = [register.name for register in circuit.qregs]
        n = len(secret)
        assert names[:n] == [f"pos{i}" for i in range(n)]
        assert names[n] == "score" and set(names[n + 1 :]) <= {"anc"}
        oracles = _oracle_gates(circuit)
        assert oracles, circuit.name
        for gate in oracles:  # the codemaker's opaque box: nothing of the secret
            assert isinstance(gate, OracleGate) and gate.definition is None
    assert "circuits" not in result.to_dict()
    classical = solve((0, 1), colors=3, method="consistent")
    assert classical.circuits == ()


def test_method_circuits_reveal_the_known_oracle_for_opening():
    opaque = method_circuits("nonadaptive", num_positions=2, colors=3, secret=(2, 0))
    assert [c.name for c in opaque] == ["find_two_color_0_1", "find_two_color_0_2"]
    known = method_circuits("nonadaptive", num_positions=2, colors=3, secret=(2, 0), reveal=True)
    opened = open_boxes(known[0], 2)
    assert "black_peg_oracle" not in {item.operation.name for item in opened.data}
    barriers = [item.operation.label for item in opened.data if item.operation.name == "barrier"]
    assert barriers == ["B_s", "end B_s"]
    with pytest.raises(ValueError, match="quantum method"):
        method_circuits("consistent", num_positions=2, colors=3)


def test_circuit_paths_name_the_pair_or_the_run(tmp_path):
    circuits = method_circuits("nonadaptive", num_positions=2, colors=3)
    names = [path.name for path in circuit_paths(tmp_path / "out.png", circuits)]
    assert names == ["out-pair-0-1.png", "out-pair-0-2.png"]
    assert [p.name for p in circuit_paths(tmp_path / "out.pdf", circuits)] == ["out.pdf"]
    single = method_circuits("adaptive", num_positions=2, colors=3)
    assert [p.name for p in circuit_paths(tmp_path / "out.png", single)] == ["out.png"]


def _run(capsys, *argv):
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_must_show_solve_adaptive_draws_its_circuits(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = ["solve", "--method", "adaptive", "--colors", "4", "--random", "3", "--seed", "1"]
    status, out, err = _run(capsys, *argv, "--draw", "out.png", "--quiet")
    assert status == 0 and "solved   yes" in out
    assert "wrote out.png" in err
    assert (tmp_path / "out.png").read_bytes().startswith(b"\x89PNG")


def test_solve_writes_a_file_per_circuit_and_qasm(capsys, tmp_path):
    draw, qasm = tmp_path / "c.svg", tmp_path / "c.qasm"
    argv = ["solve", "--method", "nonadaptive", "--colors", "3", "--secret", "2,0", "--json"]
    status, out, _ = _run(capsys, *argv, "--draw", str(draw), "--qasm", str(qasm))
    assert status == 0
    files = json.loads(out)["circuit_files"]
    assert [f.rsplit("/", 1)[1] for f in files] == [
        "c-pair-0-1.svg",
        "c-pair-0-2.svg",
        "c-pair-0-1.qasm",
        "c-pair-0-2.qasm",
    ]
    text = (tmp_path / "c-pair-0-2.qasm").read_text()
    assert text.startswith("// B_s (8 qubits): opaque") and "OPENQASM 3.0;" in text
    assert "B_s " in text and "gate B_s " not in text  # called, never defined


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--method", "consistent", "--draw", "x.png"], "--draw draws quantum circuits"),
        (["--method", "adaptive", "--draw", "x.jpg"], "--draw must end in .txt, .png"),
        (["--method", "adaptive", "--qasm", "x.png"], "--qasm must end in .qasm"),
    ],
)
def test_solve_refuses_bad_circuit_outputs_before_work(capsys, tmp_path, argv, message):
    status, _, err = _run(capsys, "solve", "--colors", "3", "--secret", "1,2", *argv)
    assert status == 2 and message in err and "Traceback" not in err


def test_must_show_draw_nonadaptive(capsys, tmp_path):
    target = tmp_path / "f.png"
    argv = ["draw", "nonadaptive", "--colors", "4", "--positions", "3", "--output", str(target)]
    status, out, _ = _run(capsys, *argv)
    assert status == 0
    written = [line.split(" ", 1)[1] for line in out.splitlines()]
    assert [w.rsplit("/", 1)[1] for w in written] == [
        "f-pair-0-1.png",
        "f-pair-0-2.png",
        "f-pair-0-3.png",
    ]
    assert all(Path(w).read_bytes()[:4] == b"\x89PNG" for w in written)


@pytest.mark.parametrize("method", QUANTUM_METHODS)
def test_draw_accepts_every_quantum_method(capsys, method):
    secret, colors = CASES[method]
    argv = ["draw", method, "--colors", str(colors), "--positions", str(len(secret))]
    status, out, err = _run(capsys, *argv, "--secret", ",".join(map(str, secret)), "--json")
    assert status == 0, err
    payload = json.loads(out)
    if method in CIRCUITS:  # a circuit name too: its one circuit, oracle of the secret
        assert "pos0" in payload["text"] and payload["qubits"] >= len(secret)
    else:
        assert payload["circuits"] >= 1 and all("pos0" in text for text in payload["text"])


def test_draw_method_opens_the_oracle_with_a_random_secret(capsys):
    argv = ["draw", "triples", "--colors", "4", "--positions", "2", "--seed", "3"]
    status, out, _ = _run(capsys, *argv, "--decompose", "1")
    assert status == 0
    assert "end B_s" in out and "secret " in out.splitlines()[0]


def test_a_pdf_holds_a_page_per_circuit(tmp_path):
    from mastermind_q.drawing import write_circuits

    circuits = method_circuits("nonadaptive", num_positions=2, colors=4)
    [path] = write_circuits(circuits, tmp_path / "all.pdf")
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page[^s]", data)) == len(circuits) == 3


def test_hunziker_meyer_draws_with_its_parity_box(capsys, tmp_path):
    argv = ["draw", "hunziker-meyer", "--colors", "5", "--positions", "2", "--secret", "4,0"]
    status, out, _ = _run(capsys, *argv)
    assert status == 0 and "O_h is the codemaker's box" in out.splitlines()[0]
    status, out, _ = _run(capsys, *argv, "--decompose", "1")
    assert status == 0 and "secret 4,0" in out.splitlines()[0] and "end O_h" in out
    target = tmp_path / "hm.png"
    argv = ["solve", "--method", "hunziker-meyer", "--colors", "5", "--secret", "4,0"]
    status, out, err = _run(capsys, *argv, "--draw", str(target), "--quiet")
    assert status == 0 and "solved   yes" in out and "wrote" in err
    assert target.read_bytes().startswith(b"\x89PNG")


# -- output files: checked before the solve, never through a link, never over a file ---------
@pytest.mark.parametrize("setup", ["missing-folder", "link", "derived-name-exists", "fifo"])
def test_draw_method_checks_its_output_before_the_solve(capsys, tmp_path, monkeypatch, setup):
    import os

    from mastermind_q import solving

    (tmp_path / "target.png").write_text("precious")
    target = tmp_path / "f.png"
    if setup == "missing-folder":
        target = tmp_path / "none" / "f.png"
    elif setup == "link":
        os.symlink(tmp_path / "target.png", target)
    elif setup == "derived-name-exists":
        (tmp_path / "f-pair-0-1.png").write_text("older drawing")
    else:
        os.mkfifo(target)
    monkeypatch.setattr(solving, "method_circuits", lambda *a, **k: pytest.fail("solved"))
    argv = ["draw", "nonadaptive", "--colors", "3", "--positions", "2", "--output", str(target)]
    status, out, err = _run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and "--output" in err, err
    assert (tmp_path / "target.png").read_text() == "precious"


def test_force_replaces_the_derived_names_and_says_so(capsys, tmp_path):
    (tmp_path / "f-pair-0-1.png").write_text("older drawing")
    argv = ["draw", "nonadaptive", "--colors", "3", "--positions", "2"]
    argv += ["--output", str(tmp_path / "f.png"), "--force"]
    status, out, _ = _run(capsys, *argv)
    assert status == 0
    assert out.splitlines() == [
        f"wrote {tmp_path / 'f-pair-0-1.png'}",
        f"wrote {tmp_path / 'f-pair-0-2.png'}",
    ]
    assert (tmp_path / "f-pair-0-1.png").read_bytes().startswith(b"\x89PNG")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["draw", "nonadaptive", "--positions", "3", "--colors", "0"], "--colors must"),
        (
            ["draw", "hunziker-meyer", "--positions", "9" * 30, "--colors", "3"],
            "more than the limit",
        ),
        (["draw", "nonadaptive", "--positions", "40", "--colors", "40"], "1277640 cells"),
        (
            [
                "solve",
                "--method",
                "nonadaptive",
                "--colors",
                "40",
                "--random",
                "40",
                "--draw",
                "x.png",
            ],
            "1277640 cells",
        ),
    ],
)
def test_a_drawing_is_refused_before_any_game(capsys, monkeypatch, tmp_path, argv, message):
    from mastermind_q import solving

    def no_game(*args, **kwargs):
        raise AssertionError("a game was played before the refusal")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(solving, "play", no_game)
    monkeypatch.setattr("mastermind_q.cli.solve.play", no_game)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "sizes",
    [
        {"colors": None, "num_positions": 3},
        {"colors": "x", "num_positions": 3},
        {"colors": 3, "num_positions": 2.5},
        {"colors": 0, "num_positions": 3},
    ],
)
def test_method_circuits_checks_its_arguments(sizes):
    with pytest.raises(ValueError, match=r"colors|positions"):
        method_circuits("nonadaptive", **sizes)


@pytest.mark.parametrize("failing_write", [1, 3, 5])
def test_a_full_disk_leaves_no_file_of_the_set(capsys, tmp_path, monkeypatch, failing_write):
    """``solve --draw --qasm`` writes one file per circuit, all or none: the disk filling
    up on any write leaves no file (nor temporary) behind, and the rerun is not refused."""
    import errno
    import os

    from mastermind_q import files

    real_fsync, calls = os.fsync, []

    def fsync(descriptor):
        calls.append(descriptor)
        if len(calls) == failing_write:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(descriptor)

    argv = ["solve", "--method", "nonadaptive", "--colors", "4", "--secret", "0,1,2",
            "--qasm", str(tmp_path / "q.qasm"), "--draw", str(tmp_path / "d.txt")]  # fmt: skip
    monkeypatch.setattr(files.os, "fsync", fsync)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    last = err.strip().splitlines()[-1]  # after the progress lines: one error line
    assert "error: --" in last and "No space left on device" in last, err
    assert "Traceback" not in err
    assert sorted(tmp_path.iterdir()) == []
    monkeypatch.setattr(files.os, "fsync", real_fsync)
    assert cli.main(argv) == 0  # nothing to --force over
    assert len(list(tmp_path.glob("q-pair-*.qasm"))) == len(list(tmp_path.glob("d-*.txt"))) == 3


@pytest.mark.parametrize("option", ["--qasm", "--draw"])
def test_a_name_too_long_for_a_file_per_circuit_is_refused_before_the_solve(
    capsys, tmp_path, option
):
    """``q.qasm`` becomes ``q-pair-0-1.qasm`` and the like: a name that only the derived
    names make too long is refused before any work (no transpile, no simulation)."""
    suffix = ".qasm" if option == "--qasm" else ".png"
    name = str(tmp_path / ("a" * (250 - len(suffix)) + suffix))  # fits; a-pair-0-1 does not
    argv = ["solve", "--method", "nonadaptive", "--colors", "3", "--secret", "0,1,2", option, name]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "more than the 255 a file name may have here" in err, err
    assert list(tmp_path.iterdir()) == []
