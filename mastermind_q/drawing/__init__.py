"""Circuit diagrams: build a named circuit, open its boxes on request, write it out.

Three modules: :mod:`~mastermind_q.drawing.catalogue` (the named circuits and their
captions), :mod:`~mastermind_q.drawing.figures` (text and matplotlib drawings, opened
boxes, files) and :mod:`~mastermind_q.drawing.qasm` (OpenQASM 3). Every name is
imported from here as well. The circuits a solve method hands the codemaker are
:func:`mastermind_q.solving.method_circuits` (it plays a game).

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

At level 0, the default, the oracle and the encodings stay labelled boxes (``B_s``,
``B_s†``, ``E(c1,c2)``, ``E(c1,c2)†``, ``prep |−⟩``, ``A^⊗n``, ``D(φ)``, ``S_0^⊗n(φ)``)
on one register per position (``pos0``, ``pos1``, ...), ``score`` and ``anc``, and
FindTwoColorPosition's grouping stages are shown opened, their Hadamards in sight
(:func:`open_groups`); :func:`open_boxes` (``--decompose N``) opens the custom boxes
(and the oracle's relative-phase Toffolis) one level at a time, frames an opened
oracle by barriers labelled ``B_s`` and ``end B_s``, and leaves
Qiskit's library gates (``h``, ``cp``, ``mcx``, ...) alone, so the diagram stays
readable at every depth. A bound phase is drawn ``φ = 1.53`` with a legend line
(:func:`display_circuit`).

The circuits of a solve (:attr:`~mastermind_q.game.SolveResult.circuits`,
:func:`method_circuits`) are drawn as the codebreaker built them, the oracle the
codemaker's opaque box; :func:`write_circuits` writes a file per circuit named by
:func:`circuit_tag` (``out-pair-0-1.png``) or the pages of one PDF.

Drawings show a secret the user chose (or :func:`default_secret`), so the oracle here
is the known secret's gate :class:`~mastermind_q.circuits.BlackPegOracleGate` (named
``black_peg_oracle``, labelled ``B_s``) in the construction asked for, a box that
``--decompose`` can open. The gate a
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
``MASTERMIND_Q_MAX_DRAW_CELLS`` of them before drawing, and for an image (png, svg,
pdf) an estimated size (:func:`drawing_size`, no matplotlib) above
``MASTERMIND_Q_MAX_DRAW_PIXELS``, saying what to draw instead.

Reference: Li, Luo, Xu, "Winning Mastermind on quantum computers", Algorithms 2-4,
Lemma 2.

Example:
    >>> circuit = build_circuit("find-two-color", num_positions=2, colors=3)
    >>> circuit.count_ops()["black_peg_oracle"], circuit.num_clbits
    (1, 2)
"""

from __future__ import annotations

from typing import Any

from .catalogue import CAPTIONS, CIRCUITS, build_circuit, caption, default_secret
from .figures import (
    BOUNDARY_NAMES,
    FIGURE_DPI,
    FORMATS,
    PARAMETER_FONT_SIZE,
    PHASE_SYMBOL,
    PROGRESS_PIXELS,
    check_circuit_outputs,
    check_drawing,
    circuit_paths,
    circuit_tag,
    display_circuit,
    draw_figure,
    draw_text,
    drawing_cells,
    drawing_fingerprint,
    drawing_size,
    open_boxes,
    open_groups,
    output_format,
    phase_legend,
    solve_captions,
    write_circuits,
    write_drawing,
)
from .qasm import load_qasm, to_qasm

__all__ = [
    "BOUNDARY_NAMES",
    "CAPTIONS",
    "CIRCUITS",
    "FIGURE_DPI",
    "FORMATS",
    "PARAMETER_FONT_SIZE",
    "PHASE_SYMBOL",
    "PROGRESS_PIXELS",
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
    "drawing_fingerprint",
    "drawing_size",
    "load_qasm",
    "method_circuits",
    "open_boxes",
    "open_groups",
    "output_format",
    "phase_legend",
    "solve_captions",
    "to_qasm",
    "write_circuits",
    "write_drawing",
]


def __getattr__(name: str) -> Any:
    if name == "method_circuits":  # it plays a game: it lives with the referee
        from ..solving import method_circuits

        return method_circuits
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
