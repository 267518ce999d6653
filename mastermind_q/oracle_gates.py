"""The codemaker's opaque oracle gates, and the referee's view with the real oracle in.

:class:`OracleGate` is what :meth:`Codemaker.oracle() <mastermind_q.codemaker.Codemaker.oracle>`
and :meth:`~mastermind_q.codemaker.Codemaker.parity_oracle` hand out: no definition, no
matrix, no secret, only the token that names its codemaker's gates (the module
docstring of :mod:`mastermind_q.codemaker` says why the count cannot be bypassed).
:func:`reveal_circuit` is the referee's view: the circuit with the known-secret gates
(:class:`~mastermind_q.circuits.BlackPegOracleGate`,
:class:`~mastermind_q.circuits.ParityOracleGate`) in place of the opaque ones, built
from the secret, which a codebreaker does not have; :meth:`Codemaker.run
<mastermind_q.codemaker.Codemaker.run>` puts the same gates in while it counts.

Example:
    >>> from mastermind_q import Codemaker
    >>> gate = Codemaker((1, 0), colors=2).oracle()
    >>> gate.name, gate.num_qubits, gate.definition
    ('B_s', 4, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from qiskit.circuit import AnnotatedOperation, ControlledGate, Gate, QuantumCircuit
from qiskit.circuit.annotated_operation import ControlModifier, InverseModifier, PowerModifier

from .counting import ORACLE_NAME, PARITY_ORACLE_NAME, OracleWalk, oracle_power
from .game import Code, validate_code, validate_colors

if TYPE_CHECKING:
    from qiskit.circuit import Operation

    from .circuits.layout import OracleLayout

__all__ = ["ORACLE_OPTIONS", "OracleGate", "known_secret_oracle", "reveal_circuit"]

ORACLE_OPTIONS = ("construction", "score_qubits")
"""Options of :meth:`Codemaker.oracle() <mastermind_q.codemaker.Codemaker.oracle>` (those of
:func:`~mastermind_q.circuits.black_peg_oracle`)."""


class _OracleOperations:
    """``power`` and ``control`` of the opaque oracle forms, without a definition.

    Qiskit's own ``Gate.power`` and ``Gate.control`` compute the matrix or unroll the
    definition, which the opaque gate does not have; these return forms the
    codemaker counts (and refuse non-integer powers).
    """

    def power(self, exponent: float, annotated: bool = False) -> AnnotatedOperation:
        """``self^p`` for an integer ``p`` (``|p|`` applications), as an annotated operation.

        Raises:
            OracleCountError: ``p`` is not an integer (see
                :func:`~mastermind_q.counting.oracle_power`).
        """
        return AnnotatedOperation(self, PowerModifier(oracle_power(exponent)))

    def __pow__(self, exponent: float) -> AnnotatedOperation:
        return self.power(exponent)

    def control(
        self,
        num_ctrl_qubits: int = 1,
        label: str | None = None,
        ctrl_state: int | str | None = None,
        annotated: bool | None = None,
    ) -> Any:
        """The controlled oracle: one application per use, like the oracle itself."""
        if annotated:
            return AnnotatedOperation(self, ControlModifier(num_ctrl_qubits, ctrl_state))
        if isinstance(self, OracleGate):
            return _ControlledOracleGate(self, num_ctrl_qubits, label=label, ctrl_state=ctrl_state)
        assert isinstance(self, _ControlledOracleGate)  # the mixin's other class
        # more controls on the same oracle, the new ones first (as in Qiskit)
        added = _ControlledOracleGate(self.base_gate, num_ctrl_qubits, ctrl_state=ctrl_state)
        state = added.ctrl_state | (self.ctrl_state << num_ctrl_qubits)
        return _ControlledOracleGate(
            self.base_gate, num_ctrl_qubits + self.num_ctrl_qubits, label=label, ctrl_state=state
        )


class OracleGate(_OracleOperations, Gate):
    """The oracle as a codemaker hands it out: an opaque ``B_s`` (or ``B_s_dg``).

    It carries no definition, no matrix and no reference to the secret: ``Operator``,
    ``Statevector.evolve`` and ``transpile`` refuse it. :meth:`Codemaker.run`
    recognises its gates by a private random token and replaces them by the real
    oracle while counting. ``inverse()`` gives the opaque ``B_s_dg``; ``power(p)``
    (integer ``p``) and ``control(c)`` give forms the codemaker counts.

    Args:
        num_qubits: the oracle's width ``n*q + m + ancillas``.
        token: the codemaker's token for this oracle.
        inverted: ``B_s^dagger`` instead of ``B_s``.
        sizes: ``(n, k, m)`` it was built for, as :attr:`oracle_sizes` (public
            knowledge, checked by the circuit builders).
        options: the options it was asked with (:data:`ORACLE_OPTIONS`), as
            :attr:`oracle_options`: sorted ``(name, value)`` pairs.
        layout: which of its qubits are positions, score and work, as
            :attr:`oracle_layout` (an :class:`~mastermind_q.circuits.OracleLayout`).

    The gate carries the work qubits of the construction the codemaker will put in
    (the default construction's unless ``construction=`` asks another), so it can be
    narrower than :class:`~mastermind_q.circuits.BlackPegOracleGate`, which carries the
    most any construction needs; :attr:`oracle_layout` says which qubits are which on
    both.

    Example:
        >>> from mastermind_q import Codemaker
        >>> print(Codemaker((1, 0, 2), colors=3).oracle().oracle_layout)
        positions 0-5 (3 x 2 qubits, colour little-endian), score 6-7, work 8-9
    """

    def __init__(
        self,
        num_qubits: int,
        *,
        token: str,
        inverted: bool = False,
        sizes: tuple[int, int, int] | None = None,
        base: str = ORACLE_NAME,
        options: tuple[tuple[str, Any], ...] = (),
        layout: OracleLayout | None = None,
    ) -> None:
        name = f"{base}_dg" if inverted else base
        super().__init__(name, num_qubits, [], label=name)
        self._token = token
        self._inverted = inverted
        self._base = base
        self.oracle_sizes = sizes
        self.oracle_options = tuple(options)
        self.oracle_layout = layout

    def _define(self) -> None:
        """No definition: the secret stays with the codemaker."""
        self._definition = None

    def inverse(self, annotated: bool = False) -> Any:
        """``B_s_dg`` (or ``B_s`` again), opaque; annotated: an inverse modifier."""
        if annotated:
            return AnnotatedOperation(self, InverseModifier())
        return OracleGate(
            self.num_qubits,
            token=self._token,
            inverted=not self._inverted,
            sizes=self.oracle_sizes,
            base=self._base,
            options=self.oracle_options,
            layout=self.oracle_layout,
        )


class _ControlledOracleGate(_OracleOperations, ControlledGate):
    """A controlled opaque oracle (Qiskit's ``add_control`` would need its definition)."""

    def __init__(
        self,
        base: OracleGate,
        num_ctrl_qubits: int,
        *,
        label: str | None = None,
        ctrl_state: int | str | None = None,
    ) -> None:
        prefix = "c" * num_ctrl_qubits if num_ctrl_qubits <= 2 else f"c{num_ctrl_qubits}"
        super().__init__(
            f"{prefix}{base.name}",
            base.num_qubits + num_ctrl_qubits,
            [],
            label=label,
            num_ctrl_qubits=num_ctrl_qubits,
            definition=None,
            ctrl_state=ctrl_state,
            base_gate=base,
        )

    def _define(self) -> None:
        self._definition = None


def reveal_circuit(circuit: QuantumCircuit, secret: Sequence[int], colors: int) -> QuantumCircuit:
    """``circuit`` with the real oracle of ``secret`` in place of the opaque gates.

    The referee's view, for drawings and checks of a known secret: it is built from
    the secret, which a codebreaker does not have, and nothing is counted (a
    codemaker has no method that hands out its real oracle). Every opaque gate
    (:class:`OracleGate`, ``B_s``, ``B_s_dg``, ``O_h``) is replaced by the oracle of
    ``secret`` with the options it was asked with, in every form :meth:`Codemaker.run`
    accepts.

    Args:
        circuit: a circuit built around gates of :meth:`Codemaker.oracle` or
            :meth:`Codemaker.parity_oracle`.
        secret: the secret of the game.
        colors: ``k``.

    Returns:
        The circuit with the real oracle (``circuit`` itself when it holds none).

    Raises:
        ValueError: an invalid secret or ``colors``; an opaque gate handed out for
            another game size.
        OracleCountError: the oracle where :meth:`Codemaker.run` cannot count it.
        TypeError: ``circuit`` is not a ``QuantumCircuit``.

    Example:
        >>> from mastermind_q import Codemaker
        >>> maker = Codemaker((1, 0), colors=2)
        >>> circuit = QuantumCircuit(4)
        >>> _ = circuit.append(maker.oracle(), range(4))
        >>> opened = reveal_circuit(circuit, (1, 0), 2)
        >>> opened.data[0].operation.definition is not None, maker.queries
        (True, 0)
    """
    if not isinstance(circuit, QuantumCircuit):
        raise TypeError(f"circuit must be a QuantumCircuit, was {type(circuit).__name__}")
    k = validate_colors(colors)
    code = validate_code(secret, k, name="secret")
    n = len(code)
    real: dict[tuple[str, tuple[tuple[str, Any], ...]], Gate] = {}

    def match(operation: Operation) -> Operation | None:
        if not isinstance(operation, OracleGate):
            return None
        base = operation._base
        if base == PARITY_ORACLE_NAME:
            from .circuits.layout import color_qubits

            fits = operation.num_qubits == n * color_qubits(k) + 1
        else:
            fits = operation.oracle_sizes is not None and operation.oracle_sizes[:2] == (n, k)
        if not fits:
            raise ValueError(
                f"the oracle gate {operation.name!r} on {operation.num_qubits} qubits was "
                f"handed out for another game than n = {n}, k = {k}"
            )
        key = (base, operation.oracle_options)
        if key not in real:
            options = {"kind": "parity"} if base == PARITY_ORACLE_NAME else operation.oracle_options
            real[key] = known_secret_oracle(code, k, dict(options))
        gate = real[key]
        return gate.inverse() if operation._inverted else gate

    return OracleWalk(match, replace=True).circuit(circuit)[1]


def known_secret_oracle(secret: Code, colors: int, options: Mapping[str, Any]) -> Gate:
    """The oracle of ``secret`` with the options it was handed out with: the known-secret
    gate (:class:`~mastermind_q.circuits.BlackPegOracleGate` on the qubits of its
    construction, or :class:`~mastermind_q.circuits.ParityOracleGate`).

    ``secret`` and ``colors`` are the codemaker's, validated when it was made; the options
    are checked when the oracle is handed out and again here."""
    if options.get("kind") == "parity":
        from .circuits.oracle import ParityOracleGate
        from .limits import check_quantum_size

        check_quantum_size(len(secret), colors)
        return ParityOracleGate._of(tuple(secret), colors)
    from .circuits.oracle import DEFAULT_CONSTRUCTION, BlackPegOracleGate
    from .circuits.oracle.constructions import _score_width, validate_construction

    construction = validate_construction(options.get("construction", DEFAULT_CONSTRUCTION))
    m = _score_width(len(secret), options.get("score_qubits"))
    return BlackPegOracleGate._for_construction(secret, colors, construction, m)
