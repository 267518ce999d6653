"""Drawings of circuits: boxes opened on request, phases and boxes explained, files written.

At the top level, the oracle and the algorithms' stages stay labelled boxes on one
register per position (``pos0``, ``pos1``, ...), ``score`` and ``anc``:
:func:`open_boxes` (``--decompose N``) opens the custom boxes one level at a time,
frames an opened oracle by barriers labelled ``B_s`` and ``end B_s``, and leaves Qiskit's
library gates alone. A bound phase is drawn ``φ = 1.53`` with a legend line
(:func:`display_circuit`). :func:`write_drawing` and :func:`write_circuits` write text,
PNG, SVG, PDF or OpenQASM 3 (:mod:`mastermind_q.drawing.qasm`) files, checked first by
:func:`check_circuit_outputs` and :func:`check_drawing`.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from qiskit import QuantumCircuit
from qiskit.circuit import Instruction

from .qasm import to_qasm

__all__ = [
    "BOUNDARY_NAMES",
    "FIGURE_DPI",
    "FORMATS",
    "PARAMETER_FONT_SIZE",
    "PHASE_SYMBOL",
    "check_circuit_outputs",
    "check_drawing",
    "circuit_paths",
    "circuit_tag",
    "display_circuit",
    "draw_figure",
    "draw_text",
    "drawing_cells",
    "drawing_fingerprint",
    "drawing_size",
    "open_boxes",
    "open_groups",
    "output_format",
    "phase_legend",
    "solve_captions",
    "write_circuits",
    "write_drawing",
]

FORMATS = ("txt", "png", "svg", "pdf", "qasm")
"""Output formats (file suffixes) of :func:`write_drawing`."""
PROGRESS_PIXELS = 10_000_000
"""An image this large (estimated, :func:`drawing_size`) takes seconds: the CLI shows
progress while it draws (as it does for several circuits)."""
FIGURE_DPI = 300
"""Resolution of circuit PNGs (fit for print); SVG and PDF are vector drawings."""
PARAMETER_FONT_SIZE = 11
"""Font size of gate parameters (e.g. ``2π/3``) in matplotlib drawings (Qiskit: 8)."""


_LIBRARY_LABELS = {"rccx": "Rccx", "rcccx": "Rcccx", "qft": "QFT"}
"""How drawings label these library gates and, with ``†``, their inverses (``rcccx_dg``:
``Rcccx†``), whichever class Qiskit gives the inverse."""
_RELATIVE_PHASE = frozenset({"rccx", "rcccx", "rccx_dg", "rcccx_dg"})
"""The oracle's relative-phase Toffolis (and their inverses): opened by :func:`open_boxes`
like the oracle's other boxes, into their ``H``, ``T`` and ``CX`` gates."""


def _is_box(operation: Instruction) -> bool:
    """A custom composite or one of the toolkit's gates, or a relative-phase Toffoli."""
    from ..circuits.stages import is_box

    if operation.name in _RELATIVE_PHASE:
        return operation.definition is not None
    return is_box(operation)


def _library_label(operation: Instruction) -> str | None:
    """The drawn label of an unlabelled library gate or its inverse, or ``None``."""
    name = operation.name
    if name in _LIBRARY_LABELS:
        return _LIBRARY_LABELS[name]
    if name.endswith("_dg") and name[:-3] in _LIBRARY_LABELS:
        return _LIBRARY_LABELS[name[:-3]] + "†"
    return None


def _boundary_names() -> tuple[str, ...]:
    from ..counting import ALL_ORACLE_NAMES

    return ALL_ORACLE_NAMES


BOUNDARY_NAMES = _boundary_names()
"""Boxes whose opening :func:`open_boxes` marks with labelled barriers: the oracles
(:data:`mastermind_q.counting.ALL_ORACLE_NAMES`)."""


def _label(operation: Instruction) -> str:
    """What a drawing calls ``operation``: its label; ``B_s†`` for an unlabelled ``B_s_dg``."""
    label = getattr(operation, "label", None)
    if label and label != operation.name:
        return label
    return "B_s†" if operation.name == "B_s_dg" else (label or operation.name)


def _open_one_level(circuit: QuantumCircuit, boundaries: bool) -> QuantumCircuit:
    opened = circuit.copy_empty_like()
    for item in circuit.data:
        operation = item.operation
        if not _is_box(operation):
            opened._append(item)
            continue
        mark = boundaries and operation.name in BOUNDARY_NAMES
        label = _label(operation)
        if mark:
            opened.barrier(*item.qubits, label=label)
        opened.compose(operation.definition, item.qubits, item.clbits, inplace=True)
        if mark:
            opened.barrier(*item.qubits, label=f"end {label}")
    return opened


def _is_group(operation: Instruction) -> bool:
    """A stage that drawings always show opened (:attr:`StageGate.DRAWN_OPEN
    <mastermind_q.circuits.stages.StageGate.DRAWN_OPEN>`)."""
    from ..circuits.stages import StageGate

    return isinstance(operation, StageGate) and bool(operation.DRAWN_OPEN)


def open_groups(circuit: QuantumCircuit) -> QuantumCircuit:
    """``circuit`` as drawings show it at level 0: the grouping stages opened.

    A stage that only groups boxes and a few library gates for building and counting
    (FindTwoColorPosition's ``prep (c1,c2)`` and ``readout (c1,c2)``) is replaced by what
    it holds (``prep |−⟩``, the Hadamards, ``E(c1,c2)``, ``E(c1,c2)†``), without
    barriers; every other box stays closed. ``circuit`` itself when it holds no such
    stage.

    Example:
        >>> from mastermind_q.drawing import build_circuit
        >>> shown = open_groups(build_circuit("find-two-color", num_positions=2, colors=3))
        >>> sorted({item.operation.label or item.operation.name for item in shown.data})
        ['B_s', 'E(0,1)', 'E(0,1)†', 'h', 'measure', 'prep |−⟩']
    """
    while any(_is_group(item.operation) for item in circuit.data):
        opened = circuit.copy_empty_like()
        for item in circuit.data:
            if _is_group(item.operation):
                opened.compose(item.operation.definition, item.qubits, item.clbits, inplace=True)
            else:
                opened._append(item)
        circuit = opened
    return circuit


def open_boxes(
    circuit: QuantumCircuit, levels: int = 1, *, boundaries: bool = True
) -> QuantumCircuit:
    """Open the custom boxes (oracle, encodings, ``A``, ``D(φ)``, ...) ``levels`` deep.

    Levels count from what a drawing shows by default, level 0: the circuit with its
    grouping stages opened (:func:`open_groups`: FindTwoColorPosition's Hadamards,
    ``prep |−⟩`` and ``E(c1,c2)`` in sight). One level opens every box at the top, so
    ``levels = 1, 2, ...`` expands the drawing one step at a time (``adaptive``: ``A``,
    ``B_s``, ``D(φ)``, ``B_s†``, ``S_0(φ)`` -> their gates and boxes, ``S_0`` -> ``R_0``
    ...). Library gates (``h``, ``cp``, ``mcx``, ``QFT``...) are left as they are; use a
    transpiler for those. With ``boundaries``, an opened oracle ``B_s`` (``B_s†``) is
    framed by two barriers labelled ``B_s`` and ``end B_s``, so its extent stays visible
    among the gates it dissolves into (the parity oracle ``O_h`` of ``hunziker-meyer``
    likewise).

    Args:
        circuit: the circuit (not changed).
        levels: how many levels to open (``0``: the drawing's default, level 0).
        boundaries: frame each opened oracle with labelled barriers.

    Returns:
        The opened circuit (same qubits, registers and unitary).

    Raises:
        ValueError: ``levels`` is negative.

    Example:
        >>> from mastermind_q.drawing import build_circuit
        >>> opened = open_boxes(build_circuit("oracle", num_positions=1, colors=2), 1)
        >>> [item.operation.label for item in opened.data if item.operation.name == "barrier"]
        ['B_s', 'end B_s']
    """
    if isinstance(levels, bool) or not isinstance(levels, int) or levels < 0:
        raise ValueError(f"levels must be a non-negative integer, was {levels!r}")
    circuit = open_groups(circuit)
    for _ in range(levels):
        if not any(_is_box(item.operation) for item in circuit.data):
            break
        circuit = open_groups(_open_one_level(circuit, boundaries))
    return circuit


PHASE_SYMBOL = "φ"
"""The symbol in the labels of boxes that carry Algorithm 4's phase (``D(φ)``, ``S_0(φ)``)."""


def phase_legend(phi: float) -> str:
    """The legend line that says what ``φ`` is in a drawing.

    Example:
        >>> phase_legend(1.5257)[:10]
        'φ = 1.53: '
    """
    return (
        f"{PHASE_SYMBOL} = {phi:.2f}: Long's exact-search phase "
        f"2 arcsin(sin(π/(4T+2)) / sin θ), θ = arcsin(1/√k), T Grover iterations "
        f"(Algorithm 4)"
    )


MEASURE_ARROWS = False
"""Drawings write the classical bit in each measurement box (``M-result_0``) instead of
an arrow down to the register: the measurements then share one column, where arrows
would draw them one after the other (a staircase ``n`` columns wide)."""

_PAD = "\u2002"  # an en space: Qiskit's matplotlib drawer counts it as one character


def display_circuit(
    circuit: QuantumCircuit, *, pad: bool = False
) -> tuple[QuantumCircuit, str | None]:
    """A copy of ``circuit`` for drawing, and the legend line for its phase (or ``None``).

    The grouping stages are opened (:func:`open_groups`), as every drawing shows them.
    A box labelled with ``φ`` (``D(φ)``, ``S_0(φ)``, ``R_0(φ)``) and bound to a
    number is drawn as its name with the parameter written ``φ = 1.53`` (instead of a
    bare ``1.5257``); the legend (:func:`phase_legend`) says what ``φ`` is. With
    ``pad`` (matplotlib), the labels and parameters of boxes on several qubits get a
    space on each side: Qiskit's drawer writes the qubit numbers inside such boxes on
    the left and would otherwise let them touch the label. Only for drawing: the
    copy's boxes carry a placeholder parameter.
    """
    from qiskit.circuit import CircuitInstruction, ControlledGate, Parameter

    circuit = open_groups(circuit)
    shown = circuit.copy_empty_like()
    phases: list[float] = []
    placeholders: dict[str, Parameter] = {}  # one Parameter per shown value
    marker = f"({PHASE_SYMBOL})"
    for item in circuit.data:
        operation = item.operation
        label = getattr(operation, "label", None) or ""
        if operation.name == "B_s_dg":
            label = _label(operation)
        if not label:
            label = _library_label(operation) or ""
        space = _PAD if pad and len(item.qubits) > 1 else ""
        if isinstance(operation, ControlledGate) or operation.name in ("barrier", "measure"):
            space = ""
        phase = None
        if marker in label and len(operation.params) == 1:
            value = operation.params[0]
            if isinstance(value, (int, float)):
                phase = float(value)
        relabel = label != (getattr(operation, "label", None) or "")
        if phase is None and not (label and space) and not relabel:
            shown._append(item)
            continue
        operation = operation.to_mutable()  # a copy (a singleton's mutable copy)
        if phase is not None:
            label = label.replace(marker, "")
            text = f"{space}{PHASE_SYMBOL} = {phase:.2f}{space}"
            operation.params = [placeholders.setdefault(text, Parameter(text))]
            phases.append(phase)
        operation.label = f"{space}{label}{space}"
        shown._append(CircuitInstruction(operation, item.qubits, item.clbits))
    return shown, (phase_legend(phases[0]) if phases else None)


def draw_figure(circuit: QuantumCircuit, *, title: str | None = None, fold: int = 30) -> Any:
    """The matplotlib drawing of ``circuit``, captioned ``title``, parameters readable
    (a figure pyplot does not hold: shown once in a notebook, saved with ``savefig``).

    Gate parameters are drawn at :data:`PARAMETER_FONT_SIZE` points (Qiskit's default
    is too small to read beside the wire numbers); a phase is written ``φ = 1.53`` and
    explained by a legend line under the circuit (:func:`display_circuit`).
    """
    shown, legend = display_circuit(circuit, pad=True)
    figure = shown.draw(
        output="mpl",
        fold=fold,
        style={"subfontsize": PARAMETER_FONT_SIZE},
        measure_arrows=MEASURE_ARROWS,
    )
    bottom, top = 0.0, 1.0
    if figure.axes:  # the drawn circuit's extent: caption and legend sit right at it
        box = figure.axes[0].get_tightbbox()  # any canvas (Jupyter's inline one too)
        if box is not None:
            drawn = box.transformed(figure.transFigure.inverted())
            bottom, top = drawn.y0, drawn.y1
    if title is not None:  # no empty band: saved with bbox_inches="tight"
        figure.text(0.5, top + 0.005, title, ha="center", va="bottom", fontsize=13)
    if legend is not None:  # just under the drawn circuit, where no label can meet it
        figure.text(0.5, bottom - 0.01, legend, ha="center", va="top", fontsize=10)
    import matplotlib.pyplot as plt

    # Out of pyplot's open figures (Qiskit closes it only for the backends it knows by
    # name): a notebook shows the returned figure once, not once more at the cell's end.
    plt.close(figure)
    return figure


def drawing_fingerprint(
    circuit: QuantumCircuit, *, title: str | None = None, fold: int = 30
) -> str:
    """What :func:`draw_figure` draws for ``circuit``, in short: a SHA-256 (hex).

    The record hashed (:func:`mastermind_q.files.fingerprint`) is the drawn circuit
    (:func:`display_circuit`: each instruction's name, label, parameters, qubits and
    bits; the registers), the caption ``title``, the phase legend and the drawing
    settings (``fold``, :data:`FIGURE_DPI`, :data:`PARAMETER_FONT_SIZE`,
    :data:`MEASURE_ARROWS`): the same for the same drawing, whatever fonts or
    matplotlib version render it. :func:`write_drawing` saves it in every PNG
    (:data:`mastermind_q.files.FINGERPRINT_KEY`); the tests compare the committed
    figures' with today's (``docs/figures/make_figures.py``).

    Example:
        >>> from mastermind_q.drawing import build_circuit
        >>> circuit = build_circuit("oracle", num_positions=1, colors=2)
        >>> len(drawing_fingerprint(circuit, title="B_s"))
        64
    """
    from ..files import fingerprint

    shown, legend = display_circuit(circuit, pad=True)
    index = {bit: position for position, bit in enumerate(shown.qubits)}
    clbit = {bit: position for position, bit in enumerate(shown.clbits)}
    record = {
        "title": title,
        "legend": legend,
        "settings": [fold, FIGURE_DPI, PARAMETER_FONT_SIZE, MEASURE_ARROWS],
        "registers": [[r.name, r.size] for r in (*shown.qregs, *shown.cregs)],
        "operations": [
            [
                item.operation.name,
                getattr(item.operation, "label", None),
                [str(value) for value in item.operation.params],
                [index[bit] for bit in item.qubits],
                [clbit[bit] for bit in item.clbits],
            ]
            for item in shown.data
        ],
    }
    return fingerprint(record)


def draw_text(circuit: QuantumCircuit, *, fold: int = 120) -> str:
    """The text drawing of ``circuit`` (lines folded at ``fold`` characters).

    A phase is written ``φ = 1.53`` and a legend line under the drawing says what it is
    (:func:`display_circuit`).
    """
    shown, legend = display_circuit(circuit)
    text = str(shown.draw(output="text", fold=fold, measure_arrows=MEASURE_ARROWS))
    return text if legend is None else f"{text}\n{legend}"


def output_format(path: str | os.PathLike[str]) -> str:
    """The format of ``path`` from its suffix; raise ``ValueError`` naming a bad one."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise ValueError(
            f"output file must end in one of {', '.join('.' + f for f in FORMATS)}; "
            f"was {os.fspath(path)!r}"
        )
    return suffix


def drawing_cells(circuits: Sequence[QuantumCircuit]) -> int:
    """What drawing ``circuits`` costs: qubits times operations, summed over them.

    The text and matplotlib drawers lay out a grid of wires by layers; measured on the
    2-core development machine (CPU time per circuit): ``find-two-color`` at n = 64,
    k = 4 has 137 x 203 = 27,811 cells, 0.3 s as text and 8 s as PNG; at n = 128,
    105,336 cells, 1.9 s and 23 s (``benchmarks/RESULTS.md``).
    """
    return sum(circuit.num_qubits * max(1, len(circuit.data)) for circuit in circuits)


def _parameter_text(operation: Instruction) -> str:
    """The parameters as Qiskit's matplotlib drawer writes them in a box (``1.53``,
    ``π/2``; nothing for a matrix, as a ``UnitaryGate``'s, or a circuit)."""
    try:
        from qiskit.visualization.circuit._utils import get_param_str

        return str(get_param_str(operation, "mpl")).replace("$-$", "-")
    except Exception:  # a Qiskit without this helper: the parameters as text, no matrix
        import numpy as np

        values = getattr(operation, "params", [])
        if any(isinstance(value, (np.ndarray, QuantumCircuit)) for value in values):
            return ""
        return ", ".join(str(value) for value in values)


def _text_width(text: str | None, points: float, dpi: int) -> float:
    """The width in pixels of one line of ``text`` at ``points`` in matplotlib's default
    font (measured from the glyphs, no figure drawn), with the saved image's margins."""
    if not text:
        return 0.0
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    width, _, _ = TextToPath().get_text_width_height_descent(
        text, FontProperties(size=points), ismath=False
    )
    return (width + 2 * 7.2) * dpi / 72  # bbox_inches="tight" pads 0.1 inch a side


def _layer_widths(circuit: QuantumCircuit) -> tuple[list[float], int]:
    """The drawn layers' widths (in gate widths) and the drawing's lines (qubits, registers).

    The layering of Qiskit's drawers, cheaply: each instruction goes to the first layer
    after the last one that uses a wire it covers (its qubits from the lowest to the
    highest; a measurement its own qubit only, :data:`MEASURE_ARROWS`); a layer is as
    wide as its widest box, from the length of its label or parameter.
    """
    shown, _ = display_circuit(circuit, pad=True)
    index = {bit: position for position, bit in enumerate(shown.qubits)}
    last = len(shown.qubits) - 1
    top = [0] * len(shown.qubits)
    widths: list[float] = []
    for item in shown.data:
        qubits = [index[bit] for bit in item.qubits]
        if not qubits:
            continue
        operation = item.operation
        low, high = min(qubits), max(qubits)
        if item.clbits and (operation.name != "measure" or MEASURE_ARROWS):
            high = last
        layer = max(top[low : high + 1])
        top[low : high + 1] = [layer + 1] * (high + 1 - low)
        label = getattr(operation, "label", None) or operation.name
        text = max(len(label), len(_parameter_text(operation)))
        simple = len(qubits) == 1 and len(label) < 3 and not operation.params
        width = 1.0 if simple or operation.name in ("measure", "barrier") else 0.14 * text + 0.35
        if layer == len(widths):
            widths.append(max(1.0, width))
        else:
            widths[layer] = max(widths[layer], width)
    return widths, len(shown.qubits) + len(shown.cregs)


def drawing_size(
    circuit: QuantumCircuit,
    *,
    title: str | None = None,
    fold: int = 30,
    dpi: int = FIGURE_DPI,
) -> tuple[int, int]:
    """The estimated size in pixels (width, height) of ``circuit``'s matplotlib image,
    captioned ``title`` (:func:`draw_figure`).

    Computed from the drawing's layers and lines (:func:`_layer_widths`: each box as
    wide as its label or its parameters as drawn, a matrix not at all) and the fold,
    without drawing: a fold row is at most ``fold`` gate widths wide (about 6,300 px at
    300 dpi), and each row is as tall as the drawing's lines plus one. The caption and
    the phase legend under the circuit are measured from their glyphs; the image is as
    wide as the widest of the three. Measured on the largest drawings each named
    circuit admits (``benchmarks/RESULTS.md``, "Drawing sizes"): the drawn pixels are
    at most the estimate (the height over-estimated by up to a fold row).

    Example:
        >>> from mastermind_q.drawing import build_circuit
        >>> width, height = drawing_size(build_circuit("find-two-color", num_positions=3, colors=4))
        >>> 1500 < width < 4000 and 1500 < height < 4000
        True
    """
    widths, lines = _layer_widths(circuit)
    units = sum(widths)
    rows = max(1, math.ceil(units / fold))  # at most a row more than Qiskit's folds
    scale = dpi / 300
    # Margins over the measured drawings: a box's label is wider than its characters
    # count by up to 7 %, a fold row of wide boxes holds a little less than ``fold``.
    width = min(1.08 * (246 + 298 * units), 210 * fold) * scale  # a full fold row: 6,300 px
    height = 1.02 * (250 + 192 * (rows * (lines + 1) - 1)) * scale
    legend = display_circuit(circuit, pad=True)[1]
    texts = (1.02 * _text_width(title, 13, dpi), 1.02 * _text_width(legend, 10, dpi))
    width = max(width, *texts)
    height += (70 if title else 0) * scale + (55 if legend else 0) * scale  # their lines
    return math.ceil(width), math.ceil(height)


def query_circuits(name: str, circuits: Any) -> tuple[QuantumCircuit, ...]:
    """What a codebreaker's :meth:`~mastermind_q.Codebreaker.circuits` returned, checked
    before anything is drawn or counted: a non-empty sequence of ``QuantumCircuit``.

    Raises:
        ValueError: naming the codebreaker and what it returned instead.
    """
    if isinstance(circuits, (str, bytes, QuantumCircuit)) or not isinstance(circuits, Sequence):
        raise ValueError(
            f"codebreaker {name!r} circuits() must return a list of QuantumCircuit, "
            f"returned {type(circuits).__name__}"
        )
    if not circuits:
        raise ValueError(f"codebreaker {name!r} circuits() returned no circuits")
    for index, circuit in enumerate(circuits):
        if not isinstance(circuit, QuantumCircuit):
            raise ValueError(
                f"codebreaker {name!r} circuits() must return a list of QuantumCircuit, "
                f"item {index} was {type(circuit).__name__}"
            )
    return tuple(circuits)


def check_drawing(
    circuits: Sequence[QuantumCircuit],
    fmt: str | None = None,
    *,
    titles: Sequence[str | None] | None = None,
) -> None:
    """Refuse a drawing too large, before drawing.

    Every format: more than ``MASTERMIND_Q_MAX_DRAW_CELLS`` qubits times operations
    (:func:`drawing_cells`). An image (``fmt`` one of png, svg, pdf): an estimated
    size (:func:`drawing_size`, each circuit with its caption in ``titles``) of more
    than ``MASTERMIND_Q_MAX_DRAW_PIXELS`` for any circuit; the message says what to
    draw instead.

    Raises:
        mastermind_q.limits.ResourceLimitError: naming the cells or the pixels, the
            circuits and the limit.
    """
    from ..limits import check_draw_cells, check_draw_pixels

    check_draw_cells(drawing_cells(circuits), circuits=len(circuits))
    if fmt in ("png", "svg", "pdf") and circuits:
        names = list(titles) if titles is not None else [None] * len(circuits)
        sizes = [drawing_size(c, title=name) for c, name in zip(circuits, names)]
        width, height = max(sizes, key=lambda size: size[0] * size[1])
        check_draw_pixels(width, height, circuits=len(circuits))


_FORCE_HINT = "overwrite=True"


def _derived_pattern(path: str | os.PathLike[str]) -> str:
    """The names :func:`circuit_paths` may derive from ``path`` (a regular expression)."""
    import re

    target = Path(path)
    tag = r"(pair-[0-9]+-[0-9]+|[0-9]+-[A-Za-z0-9_]+)"
    return f"{re.escape(target.stem)}-{tag}{re.escape(target.suffix)}"


DERIVED_TAG_BYTES = 24
"""Bytes kept for the tag a file per circuit adds to a name (``-pair-12-13``,
``-1-hunziker_meyer``; :func:`circuit_tag`), checked before any work."""


def check_circuit_outputs(
    path: str | os.PathLike[str], *, overwrite: bool = False, force_hint: str = _FORCE_HINT
) -> str:
    """Check, before any work, that :func:`write_circuits` may write to ``path``.

    The suffix must be one of :data:`FORMATS`; ``path`` and every existing name it may
    derive (``out-pair-0-1.png``, ``out-1-adaptive.png`` for ``out.png``; a ``.pdf``
    is one file) must not be a link or a special file, and -- unless ``overwrite`` --
    must not exist (:func:`mastermind_q.files.check_output_file`); a derived name
    (:data:`DERIVED_TAG_BYTES` more) must fit the folder's longest file name.

    Returns:
        The format.

    Raises:
        ValueError: an unknown suffix.
        mastermind_q.files.OutputFileError: a path that must not be written.
    """
    from ..files import OutputFileError, _name_max, check_output_file, check_output_siblings

    fmt = output_format(path)
    check_output_file(path, overwrite=overwrite, force_hint=force_hint)
    if fmt != "pdf":
        check_output_siblings(
            path, _derived_pattern(path), overwrite=overwrite, force_hint=force_hint
        )
        target = Path(path)
        longest = len(os.fsencode(target.stem + target.suffix)) + 1 + DERIVED_TAG_BYTES
        most = _name_max(os.path.dirname(os.path.abspath(target)))
        if longest > most:
            example = f"{target.stem}-pair-0-1{target.suffix}"
            raise OutputFileError(
                f"cannot write the files named from {str(target)!r}: a file per circuit "
                f"({example!r}, ...) would have a name of up to {longest} bytes, more "
                f"than the {most} a file name may have here",
                path,
            )
    return fmt


def write_drawing(
    circuit: QuantumCircuit,
    path: str | os.PathLike[str],
    *,
    title: str | None = None,
    overwrite: bool = True,
    force_hint: str = _FORCE_HINT,
) -> Path:
    """Write ``circuit`` to ``path`` in the format its suffix names; return the path.

    Images use matplotlib (:func:`draw_figure`, captioned ``title``) and are closed
    after saving; a text file starts with ``title`` as its first line; OpenQASM files
    hold the circuit only. The file is written through a temporary file renamed into
    place (:func:`mastermind_q.files.atomic_output`): never through a symbolic link,
    into a FIFO or a device.

    Args:
        circuit: the circuit.
        path: the file; its suffix is the format (:data:`FORMATS`).
        title: the caption.
        overwrite: an existing file may be replaced (default ``True``; a link or a
            special file never is).
        force_hint: how a refusal says to allow replacing (the CLI: ``--force``).

    Raises:
        ValueError: an unknown suffix.
        mastermind_q.files.OutputFileError: a path that must not be written.
    """
    from ..files import atomic_output

    target = Path(path)
    fmt = output_format(target)
    if fmt in ("txt", "qasm"):
        if fmt == "txt":
            head = "" if title is None else title + "\n"
            text = head + draw_text(circuit) + "\n"
        else:
            text = to_qasm(circuit)
        with atomic_output(target, overwrite=overwrite, force_hint=force_hint) as handle:
            handle.write(text.encode("utf-8"))
        return target
    import matplotlib.pyplot as plt

    from ..files import FINGERPRINT_KEY

    metadata = None
    if fmt == "png":  # what was drawn, for checking a committed figure against the code
        metadata = {FINGERPRINT_KEY: drawing_fingerprint(circuit, title=title)}
    figure = draw_figure(circuit, title=title)
    try:
        with atomic_output(target, overwrite=overwrite, force_hint=force_hint) as handle:
            figure.savefig(
                handle, format=fmt, bbox_inches="tight", dpi=FIGURE_DPI, metadata=metadata
            )
    finally:
        plt.close(figure)
    return target


def circuit_tag(circuit: QuantumCircuit, index: int) -> str:
    """A short file-name tag for circuit ``index`` of a solve.

    ``pair-C1-C2`` for a FindTwoColorPosition circuit (named ``find_two_color_C1_C2``),
    otherwise ``N-NAME`` with ``N = index + 1`` (``1-adaptive``, ``1-two_color``).

    Example:
        >>> circuit_tag(QuantumCircuit(1, name="find_two_color_0_2"), 1)
        'pair-0-2'
        >>> circuit_tag(QuantumCircuit(1, name="adaptive-63"), 0)
        '1-adaptive'
    """
    import re

    pair = re.fullmatch(r"find_two_color_(\d+)_(\d+)", circuit.name)
    if pair is not None:
        return f"pair-{pair.group(1)}-{pair.group(2)}"
    base = re.sub(r"-\d+$", "", circuit.name)  # Qiskit's copy suffix
    base = re.sub(r"[^A-Za-z0-9_]+", "_", base).strip("_") or "circuit"
    return f"{index + 1}-{base}"


def circuit_paths(path: str | os.PathLike[str], circuits: Sequence[QuantumCircuit]) -> list[Path]:
    """Where :func:`write_circuits` writes ``circuits``: one file per circuit.

    One circuit: ``path`` itself. Several: ``out.png`` -> ``out-pair-0-1.png``,
    ``out-pair-0-2.png``, ... (:func:`circuit_tag`). A ``.pdf`` is always the one
    ``path``, a page per circuit.

    Raises:
        ValueError: an unknown suffix, or no circuits.
    """
    target = Path(path)
    fmt = output_format(target)
    if not circuits:
        raise ValueError("circuits must hold at least one circuit, was empty")
    if fmt == "pdf" or len(circuits) == 1:
        return [target]
    return [
        target.with_name(f"{target.stem}-{circuit_tag(circuit, index)}{target.suffix}")
        for index, circuit in enumerate(circuits)
    ]


def write_circuits(
    circuits: Sequence[QuantumCircuit],
    path: str | os.PathLike[str],
    *,
    titles: Sequence[str | None] | None = None,
    overwrite: bool = True,
    force_hint: str = _FORCE_HINT,
    progress: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """Write several circuits: a file per circuit (:func:`circuit_paths`), or one PDF.

    Every path is checked before the first is written (no link, no special file; no
    existing file unless ``overwrite``), and each is written as :func:`write_drawing`
    writes, all or none (:func:`mastermind_q.files.output_set`): a write that fails
    (a full disk) leaves no file of the set behind.

    Args:
        circuits: the circuits, e.g. :attr:`~mastermind_q.game.SolveResult.circuits`.
        path: the file name; its suffix is the format (:data:`FORMATS`).
        titles: a caption per circuit (default none).
        overwrite: existing files may be replaced (default ``True``).
        force_hint: how a refusal says to allow replacing (the CLI: ``--force``).
        progress: called ``progress(done, total)`` after each circuit is drawn (the
            CLI's progress bar).

    Returns:
        The paths written.

    Raises:
        ValueError: an unknown suffix, no circuits, or titles of another length.
        mastermind_q.files.OutputFileError: a path that must not be written.
    """
    from ..files import atomic_output, check_output_file, output_set

    paths = circuit_paths(path, circuits)
    names = list(titles) if titles is not None else [None] * len(circuits)
    if len(names) != len(circuits):
        raise ValueError(f"titles must have {len(circuits)} entries, had {len(names)}")
    for target in paths:
        check_output_file(target, overwrite=overwrite, force_hint=force_hint)

    def report(done: int) -> None:
        if progress is not None:
            progress(done, len(circuits))

    if output_format(path) != "pdf":
        with output_set():  # all or none: a failure on the last file leaves none behind
            for done, (circuit, target, title) in enumerate(zip(circuits, paths, names), 1):
                write_drawing(
                    circuit, target, title=title, overwrite=overwrite, force_hint=force_hint
                )
                report(done)
        return paths
    import io

    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    # The pages are drawn in memory, then written as one: a disk that fills up fails
    # the write (one OSError, the file removed), not matplotlib's half-flushed stream.
    document = io.BytesIO()
    with PdfPages(document) as pages:
        for done, (circuit, title) in enumerate(zip(circuits, names), 1):
            figure = draw_figure(circuit, title=title)
            try:
                pages.savefig(figure, bbox_inches="tight")
            finally:
                plt.close(figure)
            report(done)
    with atomic_output(paths[0], overwrite=overwrite, force_hint=force_hint) as handle:
        handle.write(document.getvalue())
    return paths


def solve_captions(
    method: str, circuits: Sequence[QuantumCircuit], *, num_positions: int, colors: int
) -> list[str]:
    """A caption per circuit of a solve: method, which circuit, ``n``, ``k``.

    Example:
        >>> circuit = QuantumCircuit(1, name="find_two_color_0_1")
        >>> solve_captions("nonadaptive", [circuit], num_positions=3, colors=4)[0][:50]
        'nonadaptive, circuit 1 of 1 (pair (0, 1)), n = 3, '
    """
    captions = []
    for index, circuit in enumerate(circuits):
        names = {item.operation.name for item in circuit.data}
        box = "O_h" if names & {"O_h", "O_h_dg"} else "B_s"
        tag = circuit_tag(circuit, index)
        parts = tag.split("-")
        what = f"pair ({parts[1]}, {parts[2]})" if parts[0] == "pair" else parts[1]
        captions.append(
            f"{method}, circuit {index + 1} of {len(circuits)} ({what}), "
            f"n = {num_positions}, k = {colors}; {box} is the codemaker's box"
        )
    return captions
