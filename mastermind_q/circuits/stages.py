"""Algorithm stages as gates: defined by sizes and angles only, built on first use.

Qiskit builds its algorithm circuits from gates whose definitions are made when they
are needed (``QFTGate``, ``StatePreparation``, ``MCXGate``); the algorithms here do
the same. Each stage of Li-Luo-Xu's algorithms is a :class:`StageGate` subclass whose
``_define`` calls the builder function beside it:

* :class:`~.find_two_color.PairPreparationGate`: FindTwoColorPosition, every position
  in ``(|c1> + |c2>)/sqrt 2``, the score in ``|−>``;
* :class:`~.find_two_color.PairReadoutGate`: its read-out (``H`` back on the inputs);
* :class:`~.grover.UniformPreparationGate`: ``A^(x)n``, every position uniform over the
  ``k`` colours;
* :class:`~.grover.ScorePhaseGate`: ``D(phi)`` on the score register;
* :class:`~.grover.DiffusionGate`: ``S_0(phi)^(x)n``, the Grover diffusion;
* :class:`~.hunziker_meyer.HunzikerMeyerPreparationGate`: ``A^(x)n`` and the answer in
  ``|−>``;
* :class:`~.two_colors.TwoColorPreparationGate`: Algorithm 3's ``H^n`` and ``|chi>``;
* :class:`~.two_colors.TwoColorReadoutGate`: Algorithm 3's ``U^n`` and ``QFT_4^dagger``.

A query circuit is then a few instructions -- a preparation, the codemaker's opaque
box, a read-out, the measurements -- so building and counting it cost a handful of
operations whatever ``n`` and ``k``; the transpiler synthesises each stage from its
definition when a circuit runs.

No oracle can hide inside a stage gate: its constructor takes integers and angles
only (no operation, no circuit), and its definition is built from them by the
library's own builder. :class:`~mastermind_q.counting.OracleWalk` therefore does not
open a stage gate whose definition has not been built (:func:`is_sealed_stage`): the
definition it would build holds no oracle. A stage gate whose definition was built
or set (drawn opened, say) is opened and walked like any other custom gate.

Every stage gate has a lazily defined inverse (the same class with ``adjoint``
flipped, named ``<name>_dg`` and labelled ``<label>†``) and compares equal to another
of the same class and arguments without building either definition.
"""

from __future__ import annotations

from typing import Any

from qiskit.circuit import Gate, QuantumCircuit

__all__ = [
    "ADJOINT_MARK",
    "StageGate",
    "box_legend",
    "is_box",
    "is_sealed_stage",
    "stage_gate_types",
]

ADJOINT_MARK = "†"
"""Appended to a stage gate's label in its inverse."""

_STAGE_TYPES: set[type[StageGate]] = set()


def _register(cls: type[StageGate]) -> type[StageGate]:
    """Class decorator: ``cls`` is one of the library's stage gates (:func:`is_sealed_stage`)."""
    _STAGE_TYPES.add(cls)
    return cls


def stage_gate_types() -> frozenset[type[StageGate]]:
    """The library's stage gate classes (exact types; subclasses are not among them)."""
    return frozenset(_STAGE_TYPES)


class StageGate(Gate):
    """Base class: an algorithm stage whose definition :meth:`_build` makes on first use.

    Subclasses keep their integer arguments in :attr:`arguments` (a dict of the
    constructor's keyword arguments other than the angles in ``params``) and implement
    :meth:`_build` (the builder call) and, when they carry angles, :meth:`_angles`. A
    subclass's constructor validates its arguments and hands them to :meth:`_make`, which
    sets the gate up; :meth:`_of` makes a gate of arguments validated before.

    Args:
        name: the gate name (the inverse is ``<name>_dg``).
        num_qubits: the width.
        params: the angles (floats or circuit parameters), in ``params``.
        label: the label drawings show (the inverse's gets ``†``).
        arguments: the other constructor arguments, already validated.
        adjoint: this gate is the inverse of the stage.
    """

    DESCRIPTION = ""
    """What the stage does, in a few words (legends of drawings, :func:`box_legend`)."""
    DRAWN_OPEN = False
    """Whether drawings always show what the stage holds: a stage that only groups other
    boxes and a few library gates for building and counting (FindTwoColorPosition's
    preparation and read-out) is drawn as its contents, so that the Hadamards stay in
    sight (:func:`mastermind_q.drawing.open_boxes`)."""

    def __init__(
        self,
        name: str,
        num_qubits: int,
        params: list[Any],
        *,
        label: str,
        arguments: dict[str, Any],
        adjoint: bool = False,
    ) -> None:
        if adjoint:
            name, label = f"{name}_dg", f"{label}{ADJOINT_MARK}"
        super().__init__(name, num_qubits, params, label=label)
        self._arguments = dict(arguments)
        self._adjoint = bool(adjoint)

    @classmethod
    def _of(cls, **arguments: Any) -> Any:
        """The gate of validated ``arguments`` (the constructor's, by keyword, angles and
        ``adjoint`` included), made without checking them again.

        The constructor is the public entrance and validates what it is given; the
        library's own builders, which hold validated sizes, and :meth:`inverse` use this.
        """
        gate = cls.__new__(cls)
        gate._make(**arguments)
        return gate

    def _make(self, **arguments: Any) -> None:  # pragma: no cover - every subclass has one
        """Set the gate up from validated ``arguments`` (what :meth:`_of` calls)."""
        raise NotImplementedError

    @property
    def arguments(self) -> dict[str, Any]:
        """The constructor's arguments (sizes, colours) other than the angles."""
        return dict(self._arguments)

    @property
    def adjoint(self) -> bool:
        """Whether this gate is the inverse of the stage."""
        return self._adjoint

    def _build(self) -> QuantumCircuit:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def _angles(self) -> dict[str, Any]:
        """The angle arguments, read from ``params`` (bound or not)."""
        return {}

    def _define(self) -> None:
        """The builder's circuit (its inverse for the adjoint), built now."""
        circuit = self._build()
        self.definition = circuit.inverse() if self._adjoint else circuit

    def inverse(self, annotated: bool = False) -> StageGate:
        """The inverse stage, defined lazily too."""
        base_label = self.label or ""
        if self._adjoint and base_label.endswith(ADJOINT_MARK):
            base_label = base_label[: -len(ADJOINT_MARK)]
        gate = type(self)._of(**self._arguments, **self._angles(), adjoint=not self._adjoint)
        if self.label is not None and not self._adjoint:
            gate.label = f"{base_label}{ADJOINT_MARK}"
        elif self.label is not None:
            gate.label = base_label
        return gate

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return False
        assert isinstance(other, StageGate)
        return (
            other._arguments == self._arguments
            and other._adjoint == self._adjoint
            and list(other.params) == list(self.params)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        arguments = ", ".join(f"{key}={value!r}" for key, value in self._arguments.items())
        angles = "".join(f", {key}={value!r}" for key, value in self._angles().items())
        adjoint = ", adjoint=True" if self._adjoint else ""
        return f"{type(self).__name__}({arguments}{angles}{adjoint})"


def is_sealed_stage(operation: object) -> bool:
    """Whether ``operation`` is a library stage gate whose definition is not built yet.

    Such a gate holds no other operation: its definition, when built, comes from its
    validated sizes and angles through the library's builder. The exact class must be
    one of :func:`stage_gate_types` (a subclass could define anything), with neither
    ``_define`` nor ``_build`` replaced on the instance.
    """
    if type(operation) not in _STAGE_TYPES:
        return False
    assert isinstance(operation, StageGate)
    if operation._definition is not None:
        return False
    overrides = vars(operation)
    return "_define" not in overrides and "_build" not in overrides


def is_box(operation: object) -> bool:
    """Whether a drawing or a logical count opens ``operation``: a custom composite
    (``to_gate`` / ``to_instruction``) or one of the toolkit's gates (a stage, a known
    oracle) with a definition; Qiskit's library gates (``h``, ``QFTGate``, ``mcx``) and
    the codemaker's opaque oracle are not boxes."""
    from qiskit.circuit import Instruction

    kind = type(operation)
    if kind not in (Gate, Instruction) and not (kind.__module__ or "").startswith("mastermind_q."):
        return False
    try:
        return operation.definition is not None  # type: ignore[attr-defined]
    except Exception:  # a definition that cannot be built is not opened here
        return False


_ORACLE_WORDS = {
    "B_s": "the codemaker's box, the black-peg oracle B_s",
    "B_s_dg": "the codemaker's box inverted, B_s†",
    "O_h": "the codemaker's box, the parity oracle O_h",
    "O_h_dg": "the codemaker's box inverted, O_h†",
}
_BOX_WORDS = {
    "encode": "each position's binary input |0⟩ / |1⟩ becomes the pair's first / second colour",
    "encode_dg": "undoes the encoding: the pair's two colours back to |0⟩ / |1⟩",
    "minus_prep": "the score in |−⟩, so that adding B_s(x) multiplies by (-1)^B_s(x)",
}
"""What the boxes of FindTwoColorPosition that are not stages do (its drawings show them:
``E(c1,c2)``, ``E(c1,c2)†``, ``prep |−⟩``), by gate name."""


def box_legend(circuit: QuantumCircuit) -> list[str]:
    """One line per kind of box at the top level of ``circuit``: its label and what it is.

    The codemaker's oracle box (``B_s``, ``B_s†``, ``O_h``), FindTwoColorPosition's
    encoding ``E(c1,c2)``, its inverse and ``prep |−⟩``, and each stage gate (its
    :attr:`StageGate.DESCRIPTION`), in the order they first appear. Give it the circuit
    as it is drawn (``mastermind_q.drawing.open_groups`` opens the stages drawings open).

    Example:
        >>> from mastermind_q import Codemaker
        >>> from mastermind_q.circuits import find_two_color_circuit
        >>> oracle = Codemaker((0, 2), colors=3).oracle()
        >>> box_legend(find_two_color_circuit(oracle, 0, 1, num_positions=2, colors=3))[1]
        "B_s: the codemaker's box, the black-peg oracle B_s"
    """
    lines: dict[str, str] = {}
    for item in circuit.data:
        operation = item.operation
        name = operation.name
        if name in _ORACLE_WORDS:
            label = "B_s†" if name == "B_s_dg" else ("O_h†" if name == "O_h_dg" else name)
            lines.setdefault(label, f"{label}: {_ORACLE_WORDS[name]}")
        elif name in _BOX_WORDS and operation.label:
            lines.setdefault(operation.label, f"{operation.label}: {_BOX_WORDS[name]}")
        elif isinstance(operation, StageGate) and type(operation).DESCRIPTION:
            label = operation.label or name
            text = type(operation).DESCRIPTION
            if operation.adjoint:
                text = f"the inverse of: {text}"
            lines.setdefault(label, f"{label}: {text}")
    return list(lines.values())
