"""Tests for mastermind_q.drawing: the named circuits, opening boxes, output files."""

from __future__ import annotations

from typing import Any

import pytest
from qiskit import qasm3

from mastermind_q.backends import exact_probabilities
from mastermind_q.circuits.grover import exact_grover_parameters
from mastermind_q.circuits.oracle import BLACK_PEG_ORACLE_GATE_NAME as ORACLE_NAME
from mastermind_q.codemaker import count_oracle_calls
from mastermind_q.drawing import (
    CIRCUITS,
    build_circuit,
    default_secret,
    draw_text,
    open_boxes,
    output_format,
    phase_legend,
    to_qasm,
    write_drawing,
)


def _sizes(name):
    return (2, 2) if name == "two-color" else (2, 3)


def _expected_calls(name, colors):
    if name == "grover-iteration":
        return 2
    if name == "adaptive":
        return 2 * exact_grover_parameters(colors)[0]
    return 1


@pytest.mark.parametrize("name", CIRCUITS)
def test_every_circuit_keeps_the_oracle_as_a_box(name):
    n, k = _sizes(name)
    circuit = build_circuit(name, num_positions=n, colors=k)
    assert count_oracle_calls(circuit) == _expected_calls(name, k)
    top = {item.operation.name for item in circuit.data}
    assert ORACLE_NAME in top  # the oracle is a box of its own, at the top level
    assert not circuit.parameters
    opened = open_boxes(circuit, 5)
    assert ORACLE_NAME not in {item.operation.name for item in opened.data}
    assert count_oracle_calls(opened) == 0


def test_open_boxes_goes_one_level_at_a_time_and_keeps_library_gates():
    circuit = build_circuit("adaptive", num_positions=2, colors=2)
    top = {item.operation.name for item in circuit.data}
    assert top == {ORACLE_NAME, "uniform_prep", "score_phase", "diffusion", "measure"}
    level1 = {item.operation.name for item in open_boxes(circuit, 1).data}
    assert {"A", "S_0", "barrier", "measure"} <= level1 and ORACLE_NAME not in level1
    assert open_boxes(circuit, 0) is circuit
    deep = open_boxes(circuit, 10)
    assert {"h", "measure"} <= {item.operation.name for item in deep.data}
    with pytest.raises(ValueError, match="levels must be a non-negative integer, was -1"):
        open_boxes(circuit, -1)


@pytest.mark.parametrize(("n", "k"), [(1, 2), (3, 2), (4, 3)])
def test_default_secret_uses_every_colour_it_can(n, k):
    assert default_secret(n, k) == tuple(i % k for i in range(n))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "grover"}, "circuit must be one of oracle, .*; was 'grover'"),
        ({"name": "two-color", "colors": 3}, "needs colors k = 2, was k=3"),
        ({"name": "oracle", "secret": (0, 1, 1)}, "secret must have 2 positions, had 3"),
        ({"name": "find-two-color", "pair": (1, 1)}, "c2 must differ from c1"),
        ({"name": "find-two-color", "pair": (0,)}, r"pair must be two colours \(c1, c2\)"),
    ],
)
def test_invalid_requests_name_the_value(kwargs, message):
    options = {"num_positions": 2, "colors": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        build_circuit(options.pop("name"), **options)


def test_text_drawing_labels_the_boxes():
    text = draw_text(build_circuit("grover-iteration", num_positions=2, colors=4))
    for label in ("B_s", "B_s†", "D(φ = 3.14)", "S_0^⊗2(φ = 3.14)", "pos0_0", "pos1_1", "score_0"):
        assert label in text


@pytest.mark.parametrize("name", ["find-two-color", "two-color", "adaptive"])
def test_qasm_parses_back_to_the_same_distribution(name, tmp_path):
    n, k = _sizes(name)
    circuit = build_circuit(name, num_positions=n, colors=k, secret=(1, 0))
    path = write_drawing(circuit, tmp_path / "circuit.qasm")
    loaded = qasm3.loads(path.read_text())
    assert (loaded.num_qubits, loaded.num_clbits) == (circuit.num_qubits, circuit.num_clbits)
    [original] = exact_probabilities([circuit])
    [reloaded] = exact_probabilities([loaded])
    assert reloaded.keys() == original.keys()
    for key, probability in original.items():
        assert reloaded[key] == pytest.approx(probability, abs=1e-9)


@pytest.mark.parametrize("name", ["oracle", "two-color-oracle", "grover-iteration"])
def test_qasm_of_the_blocks_parses(name):
    circuit = build_circuit(name, num_positions=2, colors=3, pair=(1, 2))
    loaded = qasm3.loads(to_qasm(circuit))
    assert loaded.num_qubits == circuit.num_qubits


@pytest.mark.parametrize(
    ("suffix", "header"),
    [(".png", b"\x89PNG\r\n\x1a\n"), (".pdf", b"%PDF"), (".svg", b"<?xml"), (".txt", b" ")],
)
def test_image_and_text_files_are_valid(suffix, header, tmp_path):
    circuit = build_circuit("find-two-color", num_positions=2, colors=3)
    path = write_drawing(circuit, tmp_path / f"drawing{suffix}")
    data = path.read_bytes()
    assert data.startswith(header) or (suffix == ".txt" and b"B_s" in data)
    if suffix == ".svg":
        assert b"<svg" in data


@pytest.mark.parametrize("name", ["drawing.jpeg", "drawing", "drawing.qasm2"])
def test_unknown_suffixes_are_refused(name, tmp_path):
    with pytest.raises(ValueError, match=r"must end in one of \.txt, \.png"):
        output_format(tmp_path / name)


def test_drawings_are_captioned_with_the_method_n_and_k(tmp_path):
    from mastermind_q.drawing import (
        CAPTIONS,
        PARAMETER_FONT_SIZE,
        caption,
        draw_figure,
    )

    assert set(CAPTIONS) == set(CIRCUITS)
    title = caption("adaptive", num_positions=2, colors=3, secret=(2, 0))
    assert title == (
        "adaptive: the adaptive exact Grover solver (Algorithm 4), n = 2, k = 3, secret 2,0"
    )
    circuit = build_circuit("adaptive", num_positions=2, colors=3, secret=(2, 0))
    figure = draw_figure(circuit, title=title)
    assert figure.texts[0].get_text() == title  # the caption, first
    parameter_texts = [
        text for axis in figure.axes for text in axis.texts if "φ = 2.09" in text.get_text()
    ]
    assert parameter_texts and all(t.get_fontsize() == PARAMETER_FONT_SIZE for t in parameter_texts)
    legends = [text.get_text() for text in figure.texts if "Long's exact-search" in text.get_text()]
    assert legends == [phase_legend(exact_grover_parameters(3)[1])]
    import matplotlib.pyplot as plt

    plt.close(figure)
    path = write_drawing(circuit, tmp_path / "adaptive.txt", title=title)
    assert path.read_text(encoding="utf-8").splitlines()[0] == title
    png = write_drawing(circuit, tmp_path / "adaptive.png", title=title)
    assert png.stat().st_size > 0


@pytest.mark.parametrize(("name", "levels"), [("find-two-color", 1), ("grover-iteration", 2)])
def test_opening_keeps_the_unitary_and_frames_the_oracle(name, levels):
    from qiskit.quantum_info import Operator

    circuit = build_circuit(name, num_positions=2, colors=3, measure=False)
    opened = open_boxes(circuit, levels)
    assert Operator(opened).equiv(Operator(circuit))
    labels = [item.operation.label for item in opened.data if item.operation.name == "barrier"]
    expected = ["B_s", "end B_s"] if name == "find-two-color" else []
    if name == "grover-iteration":
        expected = ["B_s", "end B_s", "B_s†", "end B_s†"]
    assert labels == expected
    plain = open_boxes(circuit, levels, boundaries=False)
    assert "barrier" not in plain.count_ops()


def test_one_level_at_a_time():
    circuit = build_circuit("adaptive", num_positions=1, colors=3)
    top = {item.operation.name for item in circuit.data}
    assert {ORACLE_NAME, "uniform_prep", "score_phase", "diffusion"} <= top
    labels = {item.operation.label for item in circuit.data}
    assert {"B_s", "B_s†"} <= labels
    one = {item.operation.name for item in open_boxes(circuit, 1).data}
    assert {"A", "S_0", "p", "barrier"} <= one and ORACLE_NAME not in one
    assert "diffusion" not in one
    two = {item.operation.name for item in open_boxes(circuit, 2).data}
    assert {"R_0"} <= two and "S_0" not in two


def test_phase_is_written_with_its_symbol_and_explained():
    from mastermind_q.drawing import display_circuit

    _, phi = exact_grover_parameters(5)
    circuit = build_circuit("adaptive", num_positions=2, colors=5)
    text = draw_text(circuit)
    assert "D(φ = 1.53)" in text and "S_0^⊗2(φ = 1.53)" in text and "1.5257" not in text
    assert text.splitlines()[-1] == phase_legend(phi)
    assert phase_legend(phi).startswith("φ = 1.53: Long's exact-search phase")
    shown, legend = display_circuit(circuit, pad=True)
    assert legend == phase_legend(phi)
    steps = [item.operation for item in circuit.data if item.operation.name == "diffusion"]
    assert steps and all(op.params == [pytest.approx(phi)] for op in steps)  # unchanged
    assert [p.name for p in shown.parameters] == ["\u2002φ = 1.53\u2002"]
    assert draw_text(build_circuit("find-two-color", num_positions=2, colors=3)).count("φ") == 0


# -- OpenQASM 3 round trips ----------------------------------------------------------------
@pytest.mark.parametrize("name", CIRCUITS)
@pytest.mark.parametrize("sizes", [(2, 3), (1, 4)])
def test_qasm_of_a_known_secret_loads_back_operator_equal(name, sizes):
    """``draw ... --output x.qasm`` with a known secret: ``qiskit.qasm3.loads`` reads an
    equivalent circuit (the unitary before the final measurements, phases included)."""
    from qiskit.quantum_info import Operator

    n, k = (2, 2) if name == "two-color" else sizes
    circuit = build_circuit(name, num_positions=n, colors=k, secret=(1, 0)[:n], pair=(0, 1))
    loaded = qasm3.loads(to_qasm(circuit))
    assert (loaded.num_qubits, loaded.num_clbits) == (circuit.num_qubits, circuit.num_clbits)
    original = Operator(circuit.remove_final_measurements(inplace=False))
    assert Operator(loaded.remove_final_measurements(inplace=False)).equiv(original)


@pytest.mark.parametrize(("method", "colors"), [("adaptive", 4), ("nonadaptive", 3)])
def test_qasm_of_the_codemakers_boxes_says_how_to_load_it(method, colors):
    """The circuits of a solve hold the codemaker's opaque box: the file's first line
    names each box and its width, ``load_qasm`` reads it back with the boxes opaque, and
    the codemaker refuses to run a reloaded box."""
    from mastermind_q import solve
    from mastermind_q.codemaker import ORACLE_NAME, Codemaker, OracleCountError
    from mastermind_q.drawing import load_qasm

    result = solve((1, 2), colors=colors, method=method)
    circuit = result.circuits[0]
    text = to_qasm(circuit)
    first = text.splitlines()[0]
    assert first.startswith(f"// {ORACLE_NAME} ({circuit.num_qubits} qubits)")
    assert "load_qasm" in first
    with pytest.raises(Exception, match="not defined"):
        qasm3.loads(text)  # the plain reader refuses an undeclared gate
    loaded = load_qasm(text)
    assert loaded.num_qubits == circuit.num_qubits
    assert count_oracle_calls(loaded) == count_oracle_calls(circuit)

    def boxes(operations):
        for instruction in operations.data:
            operation = instruction.operation
            if operation.name.startswith(ORACLE_NAME):
                yield operation
            elif getattr(operation, "definition", None) is not None:
                yield from boxes(operation.definition)

    assert all(box.definition is None for box in boxes(loaded))
    with pytest.raises(OracleCountError, match="not handed out by this codemaker"):
        Codemaker((1, 2), colors).run([loaded], backend="aer", shots=10)


def test_load_qasm_refuses_bad_text():
    from mastermind_q.drawing import load_qasm

    with pytest.raises(TypeError, match="string of OpenQASM 3"):
        load_qasm(None)
    with pytest.raises(ValueError, match="not a readable OpenQASM 3 program"):
        load_qasm("OPENQASM 3.0;\nqubit[2] q;\nfoo q[0];\n")


def test_png_is_fit_for_print_with_no_band_under_the_title(tmp_path):
    import numpy as np
    from PIL import Image

    from mastermind_q.drawing import FIGURE_DPI

    circuit = build_circuit("find-two-color", num_positions=3, colors=4, pair=(0, 2))
    path = write_drawing(circuit, tmp_path / "f.png", title="find-two-color, n = 3, k = 4")
    with Image.open(path) as image:
        assert FIGURE_DPI >= 300 and image.info["dpi"][0] == pytest.approx(FIGURE_DPI, abs=1)
        pixels = np.asarray(image.convert("L"))
    rows = np.flatnonzero((pixels < 200).any(axis=1))  # rows holding something drawn
    gaps = np.diff(rows)
    # the caption is the first block of rows; the blank band under it is the first gap
    band = gaps[gaps > 1][0]
    assert band < 0.07 * pixels.shape[0], band / pixels.shape[0]  # was 0.12


def test_a_pdf_on_a_full_disk_fails_with_one_os_error(tmp_path, monkeypatch):
    """matplotlib's PDF stream, cut by a full disk, failed again in its own clean-up
    (zlib.error, AttributeError); the pages are drawn in memory and written at once."""
    import contextlib
    import errno

    from qiskit import QuantumCircuit

    from mastermind_q import files
    from mastermind_q.drawing.figures import write_circuits

    class FullDisk:
        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

        def tell(self):
            return 0

        def flush(self):
            raise OSError(errno.ENOSPC, "No space left on device")

    @contextlib.contextmanager
    def full(*args, **kwargs):
        yield FullDisk()

    monkeypatch.setattr(files, "atomic_output", full)
    circuit = QuantumCircuit(2, name="pair")
    circuit.h(0)
    circuit.cx(0, 1)
    with pytest.raises(OSError) as failed:
        write_circuits([circuit, circuit.copy()], tmp_path / "x.pdf")
    assert failed.value.errno == errno.ENOSPC


def _labels(circuit):
    return {item.operation.label or item.operation.name for item in circuit.data}


def test_find_two_color_is_drawn_with_its_hadamards_and_encoding_by_default():
    from mastermind_q.drawing import open_groups

    circuit = build_circuit("find-two-color", num_positions=3, colors=4, pair=(0, 2))
    assert {"prep (0,2)", "readout (0,2)"} <= _labels(circuit)  # built and counted as two
    shown = open_groups(circuit)
    assert _labels(shown) == {"prep |−⟩", "h", "E(0,2)", "B_s", "E(0,2)†", "measure"}
    assert open_boxes(circuit, 0).data == shown.data
    text = draw_text(circuit)
    assert "prep (0,2)" not in text and "readout" not in text
    assert all(label in text for label in ("┤ H ├", "E(0,2)", "E(0,2)†", "prep |−⟩", "B_s"))
    one = {item.operation.name for item in open_boxes(circuit, 1).data}
    assert {"encode", "encode_dg", "minus_prep", ORACLE_NAME}.isdisjoint(one)  # all opened
    assert "rccx" in one


def test_each_level_opens_the_oracles_relative_phase_toffolis_and_names_read_alike():
    circuit = build_circuit("adaptive", num_positions=2, colors=8)
    one = draw_text(open_boxes(circuit, 1))
    assert "Rcccx†" in one and "Rcccx" in one and "rcccx" not in one
    two = open_boxes(circuit, 2)
    assert not {"rccx", "rcccx", "rcccx_dg", "rccx_dg"} & {i.operation.name for i in two.data}
    f2c = build_circuit("find-two-color", num_positions=2, colors=4)
    assert "rccx" in {i.operation.name for i in open_boxes(f2c, 1).data}
    assert "rccx" not in {i.operation.name for i in open_boxes(f2c, 2).data}


def test_measurements_share_one_column():
    circuit = build_circuit("find-two-color", num_positions=4, colors=3)
    lines = draw_text(circuit).splitlines()
    columns = {line.index("M-result_") for line in lines if "M-result_" in line}
    assert len([line for line in lines if "M-result_" in line]) == 4 and len(columns) == 1


@pytest.mark.parametrize(
    ("name", "n", "k", "levels"),
    [("find-two-color", 3, 4, 0), ("adaptive", 8, 8, 0), ("find-two-color", 3, 4, 1)],
)
def test_the_size_estimate_is_close_to_the_image_drawn(tmp_path, name, n, k, levels):
    from PIL import Image

    from mastermind_q.drawing import drawing_size

    circuit = open_boxes(build_circuit(name, num_positions=n, colors=k), levels)
    width, height = drawing_size(circuit)
    path = write_drawing(circuit, tmp_path / "c.png", title="t")
    with Image.open(path) as image:
        drawn_width, drawn_height = image.size
    assert 0.9 < width / drawn_width < 1.1 and 0.9 < height / drawn_height < 1.1


def _no_drawing(monkeypatch):
    """Make any matplotlib drawing or game fail: a refusal must come before both."""
    import mastermind_q.cli.draw
    import mastermind_q.cli.solve  # imported before patching: it binds play when imported
    import mastermind_q.drawing.figures as figures
    import mastermind_q.solving as solving

    def fail(*args, **kwargs):
        raise AssertionError("drew or played before refusing")

    monkeypatch.setattr(figures, "draw_figure", fail)
    monkeypatch.setattr(solving, "play", fail)
    monkeypatch.setattr(mastermind_q.cli.solve, "play", fail)


@pytest.mark.parametrize(
    "argv",
    [
        "draw adaptive --positions 40 --colors 8 --output big.png",
        "draw adaptive --positions 2 --colors 8 --decompose 1 --output big.svg",
        "draw nonadaptive --positions 12 --colors 8 --decompose 1 --output big.pdf",
        "solve --method nonadaptive --colors 8 --random 48 --draw big.png",
    ],
)
def test_an_image_beyond_the_pixel_budget_is_refused_at_once(capsys, tmp_path, monkeypatch, argv):
    import time

    from helpers import run_cli

    _no_drawing(monkeypatch)
    monkeypatch.chdir(tmp_path)
    start = time.perf_counter()
    status, out, err = run_cli(capsys, *argv.split())
    assert time.perf_counter() - start < 10
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "px" in err and "MASTERMIND_Q_MAX_DRAW_PIXELS" in err and ".txt or .qasm" in err
    assert list(tmp_path.iterdir()) == []


def test_the_library_refuses_an_image_but_not_its_text():
    from mastermind_q.drawing import check_drawing
    from mastermind_q.limits import ResourceLimitError

    circuit = build_circuit("adaptive", num_positions=40, colors=8)
    check_drawing([circuit])  # text: within the cells
    check_drawing([circuit], "txt")
    with pytest.raises(ResourceLimitError, match=r"about [0-9,]+ x [0-9,]+ px") as refused:
        check_drawing([circuit], "png")
    assert isinstance(refused.value, ValueError) and "\n" not in str(refused.value)


def test_several_or_large_images_show_progress(capsys, tmp_path):
    from helpers import run_cli

    path = tmp_path / "f.png"
    status, out, err = run_cli(
        capsys, "draw", "nonadaptive", "--positions", "2", "--colors", "3", "--output", str(path)
    )
    assert status == 0 and out.count("wrote") == 2
    assert "draw png (about" in err and "circuit" in err
    status, _, err = run_cli(
        capsys, "draw", "oracle", "--positions", "2", "--colors", "2", "--output", str(path)
    )
    assert status == 0 and err == ""  # one small image: no bar


def _largest_admitted(name: str, colors: int, limit: int) -> tuple[int, Any, str]:
    """The largest ``n`` whose image ``draw NAME`` admits (estimate within ``limit``
    pixels), its circuit and caption."""
    from mastermind_q.drawing import caption, drawing_size

    def admitted(n: int) -> tuple[bool, Any, str]:
        circuit = build_circuit(name, num_positions=n, colors=colors)
        title = caption(name, num_positions=n, colors=colors)
        width, height = drawing_size(circuit, title=title)
        return width * height <= limit, circuit, title

    low, high = 1, 2
    while admitted(high)[0]:
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if admitted(middle)[0] else (low, middle)
    _, circuit, title = admitted(low)
    return low, circuit, title


@pytest.mark.slow  # six images of about 40 Mpx: a minute, 0.8 GB at a time
@pytest.mark.parametrize("name", CIRCUITS)
def test_the_largest_admitted_drawing_of_each_circuit_is_within_the_budget(tmp_path, name):
    """Every admitted drawing comes out within ``MASTERMIND_Q_MAX_DRAW_PIXELS``: the
    largest ``n`` each named circuit admits, drawn, is at most its estimate."""
    from PIL import Image

    from mastermind_q.drawing import drawing_size
    from mastermind_q.limits import limit

    budget = limit("max_draw_pixels")
    n, circuit, title = _largest_admitted(name, 2 if name == "two-color" else 4, budget)
    width, height = drawing_size(circuit, title=title)
    path = write_drawing(circuit, tmp_path / "largest.png", title=title)
    with Image.open(path) as image:
        drawn_width, drawn_height = image.size
    print(f"{name} n={n}: estimated {width} x {height}, drawn {drawn_width} x {drawn_height}")
    assert drawn_width * drawn_height <= budget
    assert drawn_width <= width and drawn_height <= height


def test_gate_parameters_are_measured_as_drawn():
    """A box is as wide as its parameters as Qiskit draws them: a matrix (a
    ``UnitaryGate``) not at all, a phase rounded (``1.53``), never by their text."""
    import numpy as np
    from qiskit import QuantumCircuit
    from qiskit.circuit.library import RZGate, UnitaryGate

    from mastermind_q.drawing import drawing_size

    matrix = QuantumCircuit(3)
    matrix.append(UnitaryGate(np.eye(8)), [0, 1, 2])
    phase = QuantumCircuit(3)
    phase.append(RZGate(1.5298721398712), [0])
    named = QuantumCircuit(3)  # a box of the same label, no parameters
    named.append(QuantumCircuit(3, name="unitary").to_gate(), [0, 1, 2])
    assert len(str(np.eye(8))) > 100  # the text that was measured before
    assert drawing_size(matrix)[0] == drawing_size(named)[0] < 1000
    assert drawing_size(phase)[0] < 1000


def test_a_drawn_figure_is_not_left_open_in_pyplot(tmp_path, monkeypatch):
    """A notebook cell that returns ``draw_figure(...)`` shows it once: pyplot does not
    hold it (the inline backend would show an open figure a second time), whatever the
    backend is called."""
    import matplotlib.pyplot as plt

    from mastermind_q.drawing import draw_figure

    monkeypatch.setattr(plt, "get_backend", lambda: "inline")  # a name Qiskit does not know
    before = set(plt.get_fignums())
    figure = draw_figure(build_circuit("two-color", num_positions=2, colors=2), title="t")
    assert set(plt.get_fignums()) == before
    figure.savefig(tmp_path / "f.png")
    assert (tmp_path / "f.png").read_bytes().startswith(b"\x89PNG")
