"""Circuit diagrams: build a named circuit, open its boxes on request, write it out.

The circuits (``CIRCUIT`` of ``mastermind-q draw``), built around the black-peg
oracle ``B_s`` of a known secret:

=====================  ===============================================================
``oracle``             ``B_s`` itself (one box on the ``colors``/``score``/``anc`` registers)
``two-color-oracle``   the two-colour oracle ``B_s^(c1,c2)`` of Lemma 2
``find-two-color``     FindTwoColorPosition, Algorithm 2 (one query)
``two-color``          the one-query solver for ``k = 2``, Algorithm 3
``grover-iteration``   one iteration ``S_0(phi)^n O_s(phi)`` of Algorithm 4
``adaptive``           Algorithm 4, with ``phi`` bound to Long's exact phase
=====================  ===============================================================

At the top level, the oracle and the encodings stay labelled boxes (``B_s``,
``B_s†``, ``E(c1,c2)``, ``E(c1,c2)†``, ``prep |−⟩``, ``D(φ)``, ``S_0(φ)``, ``A``,
``G(φ)``) on one register per position (``pos0``, ``pos1``, ...), ``score`` and
``anc``; :func:`open_boxes` (``--decompose N``) opens the custom boxes one level at a
time, frames an opened oracle by barriers labelled ``B_s`` and ``end B_s``, and leaves
Qiskit's library gates (``h``, ``cp``, ``mcx``, ...) alone, so the diagram stays
readable at every depth. A bound phase is drawn ``φ = 1.53`` with a legend line
(:func:`display_circuit`).

The circuits of a solve (:attr:`~mastermind_q.game.SolveResult.circuits`,
:func:`method_circuits`) are drawn as the codebreaker built them, the oracle the
codemaker's opaque box; :func:`write_circuits` writes a file per circuit named by
:func:`circuit_tag` (``out-pair-0-1.png``) or the pages of one PDF.

Drawings show a secret the user chose (or :func:`default_secret`), so the oracle here
is the public builder's gate :func:`~mastermind_q.circuits.black_peg_oracle_gate`, a
box named ``B_s`` that ``--decompose`` can open. The gate a
:class:`~mastermind_q.codemaker.Codemaker` hands a codebreaker is opaque and would not
open; it only acts inside :meth:`~mastermind_q.codemaker.Codemaker.run`.

Formats, by file suffix: ``.txt`` (text drawing), ``.png``, ``.svg``, ``.pdf``
(matplotlib) and ``.qasm`` (OpenQASM 3 via :func:`qiskit.qasm3.dumps`).

Files are written with :func:`mastermind_q.files.atomic_output`: a regular file only
(a symbolic link, a FIFO or a device at the path is refused), through a temporary
file renamed into place. ``overwrite=False`` refuses an existing file, and
:func:`check_circuit_outputs` checks, before any work, the path and every existing
name :func:`circuit_paths` may derive from it (the CLI's ``--force`` allows replacing
them). A drawing costs about its qubits times its operations (the text and
matplotlib drawers lay out that grid); :func:`check_drawing` refuses more than
``MASTERMIND_Q_MAX_DRAW_CELLS`` of them before drawing.

Reference: Li, Luo, Xu, "Winning Mastermind on quantum computers", Algorithms 2-4,
Lemma 2.

Example:
    >>> circuit = build_circuit("find-two-color", num_positions=2, colors=3)
    >>> circuit.count_ops()["B_s"], circuit.num_clbits
    (1, 2)
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from qiskit import QuantumCircuit, QuantumRegister
from qiskit.circuit import Gate, Instruction

__all__ = [
    "BOUNDARY_NAMES",
    "CAPTIONS",
    "CIRCUITS",
    "FIGURE_DPI",
    "FORMATS",
    "build_circuit",
    "caption",
    "check_circuit_outputs",
    "check_drawing",
    "circuit_paths",
    "circuit_tag",
    "default_secret",
    "display_circuit",
    "draw_figure",
    "draw_text",
    "drawing_cells",
    "load_qasm",
    "method_circuits",
    "open_boxes",
    "output_format",
    "phase_legend",
    "solve_captions",
    "to_qasm",
    "write_circuits",
    "write_drawing",
]

CIRCUITS = (
    "oracle",
    "two-color-oracle",
    "find-two-color",
    "two-color",
    "grover-iteration",
    "adaptive",
)
"""Circuits :func:`build_circuit` knows."""
FORMATS = ("txt", "png", "svg", "pdf", "qasm")
FIGURE_DPI = 300
"""Resolution of circuit PNGs (fit for print); SVG and PDF are vector drawings."""
"""Output formats (file suffixes) of :func:`write_drawing`."""


def default_secret(num_positions: int, colors: int) -> tuple[int, ...]:
    """The secret used when none is given: ``s_i = i mod k`` (every colour shows up)."""
    from .game import validate_colors, validate_positions

    n = validate_positions(num_positions)
    k = validate_colors(colors)
    return tuple(i % k for i in range(n))


def _check_circuit_name(name: object) -> str:
    if name not in CIRCUITS:
        raise ValueError(f"circuit must be one of {', '.join(CIRCUITS)}; was {name!r}")
    return str(name)


def build_circuit(
    name: str,
    *,
    num_positions: int,
    colors: int,
    secret: Sequence[int] | None = None,
    pair: tuple[int, int] = (0, 1),
    measure: bool = True,
    construction: str | None = None,
) -> QuantumCircuit:
    """Build the named circuit for ``n`` positions and ``k`` colours.

    The oracle is :func:`~mastermind_q.circuits.black_peg_oracle_gate` for ``secret``
    (a box named ``B_s``); ``pair`` gives
    ``(c1, c2)`` for ``two-color-oracle`` and ``find-two-color``; ``grover-iteration``
    and ``adaptive`` use Long's exact phase ``phi`` of
    :func:`~mastermind_q.circuits.grover.exact_grover_parameters`.

    Args:
        name: one of :data:`CIRCUITS`.
        num_positions: ``n``.
        colors: ``k`` (``two-color`` needs ``k = 2``).
        secret: the secret (default :func:`default_secret`).
        pair: the two colours ``(c1, c2)``.
        measure: include the final measurements (algorithm circuits).
        construction: the oracle's construction, one of
            :data:`~mastermind_q.circuits.oracle.CONSTRUCTIONS` (default
            :data:`~mastermind_q.circuits.oracle.DEFAULT_CONSTRUCTION`).

    Returns:
        The circuit (the oracle and the encodings as labelled boxes).

    Raises:
        ValueError: an unknown circuit name, or invalid ``n``, ``k``, secret or pair.
        mastermind_q.limits.ResourceLimitError: ``n``, ``k`` or the estimated gates
            above the limits (:func:`mastermind_q.quantum.check_run`).

    Example:
        >>> build_circuit("oracle", num_positions=2, colors=2).count_ops()["B_s"]
        1
    """
    from .circuits.layout import color_qubits, score_qubits
    from .circuits.oracle import DEFAULT_CONSTRUCTION, black_peg_oracle_gate
    from .game import validate_code, validate_colors, validate_positions
    from .quantum import check_run

    if construction is None:
        construction = DEFAULT_CONSTRUCTION

    name = _check_circuit_name(name)
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    check_run(name, n, k)  # sizes and gates from the cost formulas, before building
    if secret is None:
        secret = default_secret(n, k)
    secret = validate_code(secret, k, name="secret")
    if len(secret) != n:
        raise ValueError(f"secret must have {n} positions, had {len(secret)}")
    c1, c2 = _check_pair(pair)

    if name == "two-color":
        from .circuits.two_colors import two_color_circuit, two_color_score_qubits

        if k != 2:
            raise ValueError(f"two-color (Algorithm 3) needs colors = 2, was {k}")
        m = two_color_score_qubits(n)
        oracle = black_peg_oracle_gate(secret, k, construction=construction, score_qubits=m)
        return two_color_circuit(oracle, num_positions=n, measure=measure, score_qubits=m)

    oracle = black_peg_oracle_gate(secret, k, construction=construction)
    if name == "oracle":
        q, m = color_qubits(k), score_qubits(n)
        registers = [QuantumRegister(n * q, "colors"), QuantumRegister(m, "score")]
        if oracle.num_qubits > n * q + m:
            registers.append(QuantumRegister(oracle.num_qubits - n * q - m, "anc"))
        circuit = QuantumCircuit(*registers, name="B_s")
        circuit.append(oracle, circuit.qubits)
        return circuit
    if name == "two-color-oracle":
        from .circuits.oracle import two_color_oracle

        return two_color_oracle(oracle, c1, c2, num_positions=n, colors=k)
    if name == "find-two-color":
        from .circuits.find_two_color import find_two_color_circuit

        return find_two_color_circuit(oracle, c1, c2, num_positions=n, colors=k, measure=measure)

    from .circuits.grover import adaptive_circuit, exact_grover_parameters, grover_iteration

    _, phi = exact_grover_parameters(k)
    if name == "grover-iteration":  # built with a Parameter, so that the boxes carry phi
        from qiskit.circuit import Parameter

        symbol = Parameter("phi")
        circuit = grover_iteration(oracle, num_positions=n, colors=k, phi=symbol)
        bound = circuit.assign_parameters({symbol: phi})
        bound.name = circuit.name
        return bound
    circuit = adaptive_circuit(oracle, num_positions=n, colors=k, measure=measure)
    bound = circuit.assign_parameters(dict.fromkeys(circuit.parameters, phi))
    bound.name = circuit.name
    return bound


def _check_pair(pair: object) -> tuple[int, int]:
    if (
        not isinstance(pair, (tuple, list))
        or len(pair) != 2
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in pair)
    ):
        raise ValueError(f"pair must be two colours (c1, c2), was {pair!r}")
    return int(pair[0]), int(pair[1])


def _is_box(operation: Instruction) -> bool:
    """A custom composite or one of the toolkit's gates, not a Qiskit library gate."""
    from .circuits.stages import is_box

    return is_box(operation)


BOUNDARY_NAMES = ("B_s", "B_s_dg", "O_h", "O_h_dg")
"""Boxes whose opening :func:`open_boxes` marks with labelled barriers (the oracles)."""


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


def open_boxes(
    circuit: QuantumCircuit, levels: int = 1, *, boundaries: bool = True
) -> QuantumCircuit:
    """Open the custom boxes (oracle, encodings, ``A``, ``G(φ)``, ...) ``levels`` deep.

    One level opens every box at the top, so ``levels = 1, 2, ...`` expands the drawing
    one step at a time (``adaptive``: ``G(φ)`` -> ``B_s``, ``D(φ)``, ``B_s†``,
    ``S_0(φ)`` -> their gates). Library gates (``h``, ``cp``, ``mcx``, ``QFT``...) are
    left as they are; use a transpiler for those. With ``boundaries``, an opened oracle
    ``B_s`` (``B_s†``) is framed by two barriers labelled ``B_s`` and ``end B_s``, so its
    extent stays visible among the gates it dissolves into (the parity oracle ``O_h`` of
    ``hunziker-meyer`` likewise).

    Args:
        circuit: the circuit (not changed).
        levels: how many levels to open (``0``: the circuit itself).
        boundaries: frame each opened oracle with labelled barriers.

    Returns:
        The opened circuit (same qubits, registers and unitary).

    Raises:
        ValueError: ``levels`` is negative.

    Example:
        >>> opened = open_boxes(build_circuit("oracle", num_positions=1, colors=2), 1)
        >>> [item.operation.label for item in opened.data if item.operation.name == "barrier"]
        ['B_s', 'end B_s']
    """
    if isinstance(levels, bool) or not isinstance(levels, int) or levels < 0:
        raise ValueError(f"levels must be a non-negative integer, was {levels!r}")
    for _ in range(levels):
        if not any(_is_box(item.operation) for item in circuit.data):
            break
        circuit = _open_one_level(circuit, boundaries)
    return circuit


PHASE_SYMBOL = "φ"
"""The symbol in the labels of boxes that carry Algorithm 4's phase (``G(φ)``, ``D(φ)``)."""


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


_PAD = "\u2002"  # an en space: Qiskit's matplotlib drawer counts it as one character


def display_circuit(
    circuit: QuantumCircuit, *, pad: bool = False
) -> tuple[QuantumCircuit, str | None]:
    """A copy of ``circuit`` for drawing, and the legend line for its phase (or ``None``).

    A box labelled with ``φ`` (``G(φ)``, ``D(φ)``, ``S_0(φ)``, ``R_0(φ)``) and bound to a
    number is drawn as its name with the parameter written ``φ = 1.53`` (instead of a
    bare ``1.5257``); the legend (:func:`phase_legend`) says what ``φ`` is. With
    ``pad`` (matplotlib), the labels and parameters of boxes on several qubits get a
    space on each side: Qiskit's drawer writes the qubit numbers inside such boxes on
    the left and would otherwise let them touch the label. Only for drawing: the
    copy's boxes carry a placeholder parameter.
    """
    from qiskit.circuit import CircuitInstruction, ControlledGate, Parameter

    shown = circuit.copy_empty_like()
    phases: list[float] = []
    placeholders: dict[str, Parameter] = {}  # one Parameter per shown value
    marker = f"({PHASE_SYMBOL})"
    for item in circuit.data:
        operation = item.operation
        label = getattr(operation, "label", None) or ""
        if operation.name == "B_s_dg":
            label = _label(operation)
        space = _PAD if pad and len(item.qubits) > 1 else ""
        if isinstance(operation, ControlledGate) or operation.name in ("barrier", "measure"):
            space = ""
        phase = None
        if marker in label and len(operation.params) == 1:
            value = operation.params[0]
            if isinstance(value, (int, float)):
                phase = float(value)
        if phase is None and not (label and space):
            shown._append(item)
            continue
        operation = operation.copy()
        if phase is not None:
            label = label.replace(marker, "")
            text = f"{space}{PHASE_SYMBOL} = {phase:.2f}{space}"
            operation.params = [placeholders.setdefault(text, Parameter(text))]
            phases.append(phase)
        operation.label = f"{space}{label}{space}"
        shown._append(CircuitInstruction(operation, item.qubits, item.clbits))
    return shown, (phase_legend(phases[0]) if phases else None)


CAPTIONS = {
    "oracle": "the black-peg oracle B_s",
    "two-color-oracle": "the two-colour oracle (Lemma 2)",
    "find-two-color": "FindTwoColorPosition (Algorithm 2)",
    "two-color": "the one-query solver for k = 2 (Algorithm 3)",
    "grover-iteration": "one exact Grover iteration (Algorithm 4)",
    "adaptive": "the adaptive exact Grover solver (Algorithm 4)",
}
"""What each of :data:`CIRCUITS` is, for the caption of its drawing."""
PARAMETER_FONT_SIZE = 11
"""Font size of gate parameters (e.g. ``2π/3``) in matplotlib drawings (Qiskit: 8)."""


def caption(
    name: str,
    *,
    num_positions: int,
    colors: int,
    secret: Sequence[int] | None = None,
    pair: tuple[int, int] | None = None,
) -> str:
    """The caption of a drawing: the circuit, what it is, ``n``, ``k`` (and pair, secret).

    Example:
        >>> caption("find-two-color", num_positions=3, colors=4, pair=(0, 2))
        'find-two-color: FindTwoColorPosition (Algorithm 2), n = 3, k = 4, pair (0, 2)'
    """
    text = f"{name}: {CAPTIONS[_check_circuit_name(name)]}, n = {num_positions}, k = {colors}"
    if pair is not None and name in ("two-color-oracle", "find-two-color"):
        text += f", pair ({pair[0]}, {pair[1]})"
    if secret is not None:
        text += f", secret {','.join(map(str, secret))}"
    return text


def draw_figure(circuit: QuantumCircuit, *, title: str | None = None, fold: int = 30) -> Any:
    """The matplotlib drawing of ``circuit``, captioned ``title``, parameters readable.

    Gate parameters are drawn at :data:`PARAMETER_FONT_SIZE` points (Qiskit's default
    is too small to read beside the wire numbers); a phase is written ``φ = 1.53`` and
    explained by a legend line under the circuit (:func:`display_circuit`).
    """
    shown, legend = display_circuit(circuit, pad=True)
    figure = shown.draw(output="mpl", fold=fold, style={"subfontsize": PARAMETER_FONT_SIZE})
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
    return figure


def draw_text(circuit: QuantumCircuit, *, fold: int = 120) -> str:
    """The text drawing of ``circuit`` (lines folded at ``fold`` characters).

    A phase is written ``φ = 1.53`` and a legend line under the drawing says what it is
    (:func:`display_circuit`).
    """
    shown, legend = display_circuit(circuit)
    text = str(shown.draw(output="text", fold=fold))
    return text if legend is None else f"{text}\n{legend}"


def to_qasm(circuit: QuantumCircuit) -> str:
    """``circuit`` as OpenQASM 3 (:func:`qiskit.qasm3.dumps`).

    A gate without a definition -- the codemaker's opaque oracle ``B_s`` / ``B_s_dg`` in
    the circuits of a solve -- is written as a call to an undeclared gate, and a
    comment on the first line names it: whoever runs the file supplies the oracle.
    """
    from qiskit import qasm3
    from qiskit.qasm3 import QASM3ExporterError

    opaque: list[str] = []
    while True:
        try:
            text = qasm3.dumps(circuit, basis_gates=opaque)
        except QASM3ExporterError as error:
            found = re.search(r"failed to export gate '([^']+)' that has no definition", str(error))
            if found is None or found.group(1) in opaque or len(opaque) > 8:
                raise
            opaque.append(found.group(1))
            continue
        break
    if not opaque:
        return text
    widths = _opaque_widths(circuit, set(opaque))
    names = ", ".join(f"{name} ({widths[name]} qubits)" for name in opaque)
    return (
        f"// {names}: opaque, the codemaker's oracle, called but not defined here; "
        "load with mastermind_q.drawing.load_qasm(text) (the boxes come back opaque)\n"
        f"{text}"
    )


def _opaque_widths(circuit: QuantumCircuit, names: set[str]) -> dict[str, int]:
    """The qubit count of each gate named in ``names``, searched through definitions."""
    found: dict[str, int] = {}
    for instruction in circuit.data:
        operation = instruction.operation
        if operation.name in names:
            found.setdefault(operation.name, operation.num_qubits)
        elif getattr(operation, "definition", None) is not None:
            for name, width in _opaque_widths(operation.definition, names).items():
                found.setdefault(name, width)
    return found


_OPAQUE_HEADER = re.compile(r"^// (.+?): opaque, the codemaker's oracle")
_OPAQUE_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*) \((\d+) qubits\)")


def load_qasm(text: str) -> QuantumCircuit:
    """Read OpenQASM 3 written by :func:`to_qasm`, opaque oracle boxes included.

    ``qiskit.qasm3.loads`` refuses a call of an undeclared gate, such as the codemaker's
    opaque ``B_s`` in the circuits of a solve. The first line of such a file names the
    boxes and their qubit counts; they are declared for the reader, and come back as
    gates of the same name and width *without* a definition. Such a circuit can be
    drawn, transpiled around the box and counted, but not run:
    :meth:`~mastermind_q.codemaker.Codemaker.run` accepts only the oracle objects its
    codemaker handed out, so a reloaded box is refused (it could be anybody's ``B_s``).
    A file without opaque boxes (a known secret's circuit) loads as
    ``qiskit.qasm3.loads`` reads it.

    Raises:
        TypeError: ``text`` is not a string.
        ValueError: ``text`` is not valid OpenQASM 3.
    """
    from qiskit import qasm3

    if not isinstance(text, str):
        raise TypeError(f"text must be a string of OpenQASM 3, was {type(text).__name__}")
    first, _, rest = text.partition("\n")
    header = _OPAQUE_HEADER.match(first)
    widths = (
        {}
        if header is None
        else {name: int(width) for name, width in _OPAQUE_NAME.findall(header.group(1))}
    )
    if widths:
        declarations = "".join(
            f"gate {name} " + ", ".join(f"q{j}" for j in range(width)) + " { }\n"
            for name, width in widths.items()
        )
        marker = 'include "stdgates.inc";\n'
        text = rest.replace(marker, marker + declarations, 1) if marker in rest else rest
    try:
        loaded = qasm3.loads(text)
    except Exception as error:  # the importer raises several types for bad programs
        raise ValueError(f"not a readable OpenQASM 3 program: {error}") from None
    if not widths:
        return loaded

    def opaque(circuit: QuantumCircuit) -> QuantumCircuit:
        rebuilt = circuit.copy_empty_like()
        for instruction in circuit.data:
            operation = instruction.operation
            if operation.name in widths:
                operation = Gate(operation.name, operation.num_qubits, [])
            elif isinstance(operation, Gate) and operation.definition is not None:
                inner = opaque(operation.definition)
                if inner != operation.definition:
                    operation = Gate(operation.name, operation.num_qubits, operation.params)
                    operation.definition = inner
            rebuilt.append(operation, instruction.qubits, instruction.clbits)
        return rebuilt

    return opaque(loaded)


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


def check_drawing(circuits: Sequence[QuantumCircuit]) -> None:
    """Refuse drawing circuits larger than ``MASTERMIND_Q_MAX_DRAW_CELLS``, before drawing.

    Raises:
        mastermind_q.limits.ResourceLimitError: naming the cells, the circuits and
            the limit.
    """
    from .limits import check_draw_cells

    check_draw_cells(drawing_cells(circuits), circuits=len(circuits))


_FORCE_HINT = "overwrite=True"


def _derived_pattern(path: str | os.PathLike[str]) -> str:
    """The names :func:`circuit_paths` may derive from ``path`` (a regular expression)."""
    import re

    target = Path(path)
    tag = r"(pair-[0-9]+-[0-9]+|[0-9]+-[A-Za-z0-9_]+)"
    return f"{re.escape(target.stem)}-{tag}{re.escape(target.suffix)}"


def check_circuit_outputs(
    path: str | os.PathLike[str], *, overwrite: bool = False, force_hint: str = _FORCE_HINT
) -> str:
    """Check, before any work, that :func:`write_circuits` may write to ``path``.

    The suffix must be one of :data:`FORMATS`; ``path`` and every existing name it may
    derive (``out-pair-0-1.png``, ``out-1-adaptive.png`` for ``out.png``; a ``.pdf``
    is one file) must not be a link or a special file, and -- unless ``overwrite`` --
    must not exist (:func:`mastermind_q.files.check_output_file`).

    Returns:
        The format.

    Raises:
        ValueError: an unknown suffix.
        mastermind_q.files.OutputFileError: a path that must not be written.
    """
    from .files import check_output_file, check_output_siblings

    fmt = output_format(path)
    check_output_file(path, overwrite=overwrite, force_hint=force_hint)
    if fmt != "pdf":
        check_output_siblings(
            path, _derived_pattern(path), overwrite=overwrite, force_hint=force_hint
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
    from .files import atomic_output

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

    figure = draw_figure(circuit, title=title)
    try:
        with atomic_output(target, overwrite=overwrite, force_hint=force_hint) as handle:
            figure.savefig(handle, format=fmt, bbox_inches="tight", dpi=FIGURE_DPI)
    finally:
        plt.close(figure)
    return target


# -- the circuits of a solve ---------------------------------------------------------------
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
) -> list[Path]:
    """Write several circuits: a file per circuit (:func:`circuit_paths`), or one PDF.

    Every path is checked before the first is written (no link, no special file; no
    existing file unless ``overwrite``), and each is written as :func:`write_drawing`
    writes.

    Args:
        circuits: the circuits, e.g. :attr:`~mastermind_q.game.SolveResult.circuits`.
        path: the file name; its suffix is the format (:data:`FORMATS`).
        titles: a caption per circuit (default none).
        overwrite: existing files may be replaced (default ``True``).
        force_hint: how a refusal says to allow replacing (the CLI: ``--force``).

    Returns:
        The paths written.

    Raises:
        ValueError: an unknown suffix, no circuits, or titles of another length.
        mastermind_q.files.OutputFileError: a path that must not be written.
    """
    from .files import atomic_output, check_output_file

    paths = circuit_paths(path, circuits)
    names = list(titles) if titles is not None else [None] * len(circuits)
    if len(names) != len(circuits):
        raise ValueError(f"titles must have {len(circuits)} entries, had {len(names)}")
    for target in paths:
        check_output_file(target, overwrite=overwrite, force_hint=force_hint)
    if output_format(path) != "pdf":
        for circuit, target, title in zip(circuits, paths, names):
            write_drawing(circuit, target, title=title, overwrite=overwrite, force_hint=force_hint)
        return paths
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    with (
        atomic_output(paths[0], overwrite=overwrite, force_hint=force_hint) as handle,
        PdfPages(handle) as pages,
    ):
        for circuit, title in zip(circuits, names):
            figure = draw_figure(circuit, title=title)
            try:
                pages.savefig(figure, bbox_inches="tight")
            finally:
                plt.close(figure)
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


def method_circuits(
    method: str,
    *,
    num_positions: int,
    colors: int,
    secret: Sequence[int] | None = None,
    backend: str = "aer",
    seed: int | None = None,
    reveal: bool = False,
) -> tuple[QuantumCircuit, ...]:
    """The circuits a quantum solve method hands the codemaker for ``secret``.

    The method plays a game (:func:`mastermind_q.solve`) on ``backend``, so adaptive
    methods show the circuits their answers led to. As handed over, the oracle is the
    codemaker's opaque box ``B_s``; with ``reveal`` it is the oracle of ``secret``
    (:func:`~mastermind_q.circuits.black_peg_oracle_gate`, which :func:`open_boxes`
    can open): for a secret the user chose, as every drawing here.

    Args:
        method: a quantum method of :data:`mastermind_q.METHODS`.
        num_positions: ``n``.
        colors: ``k``.
        secret: the secret (default :func:`default_secret`).
        backend: where the game runs (default ``aer``, 64 shots a circuit: the
            statevector up to 14 qubits, a matrix product state above).
        seed: the simulator's seed.
        reveal: put the known oracle in place of the opaque box.

    Returns:
        The circuits, in the order run.

    Raises:
        ValueError: not a quantum method, or sizes it does not support.
    """
    from .codemaker import Codemaker, reveal_circuit
    from .game import validate_code
    from .solving import method_info, play

    info = method_info(method)
    if info.kind != "quantum":
        raise ValueError(f"method must be a quantum method to draw its circuits, was {method!r}")
    code = default_secret(num_positions, colors) if secret is None else secret
    code = validate_code(code, colors, positions=num_positions, name="secret")
    maker = Codemaker(code, colors)
    shots = None if backend == "aer-statevector" else 64
    result = play(maker, method=method, backend=backend, shots=shots, seed=seed)
    if not reveal:
        return tuple(result.circuits)
    return tuple(reveal_circuit(circuit, code, colors) for circuit in result.circuits)
