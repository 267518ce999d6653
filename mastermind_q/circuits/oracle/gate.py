r"""The black-peg oracle of a known secret: the builder and the gate.

:func:`black_peg_oracle` builds ``B_s|x>|b> = |x>|b + B_s(x) mod 2^m>`` as a circuit in
one construction of the registry (:mod:`~mastermind_q.circuits.oracle.constructions`);
:class:`BlackPegOracleGate` is the one gate form of a known secret's oracle, whose
definition is built on first use and which Qiskit's transpiler synthesises through the
plugins of :mod:`mastermind_q.backends.synthesis`. Drawings, resource counts and the
codemaker's own run path all use the gate (:meth:`BlackPegOracleGate.for_construction`:
the qubits of :func:`black_peg_oracle` in that construction).

Which construction a gate was synthesised in is logged on the logger
:data:`SYNTHESIS_LOGGER` (one ``INFO`` record per synthesis, its ``construction``
attribute the name) and kept in the synthesised circuit's ``metadata``.

Example:
    >>> circuit = black_peg_oracle((1, 0), colors=2)
    >>> circuit.num_qubits, [register.name for register in circuit.qregs]
    (4, ['pos0', 'pos1', 'score'])
"""

from __future__ import annotations

import logging
import numbers
import warnings
from collections.abc import Sequence

from qiskit.circuit import Gate, Instruction, QuantumCircuit

from ...game import validate_code, validate_colors
from ...limits import check_circuit_gates, check_circuit_size, check_quantum_size
from ..layout import OracleLayout, _color_qubits, _layout_registers
from ._known import KnownSecretGate
from .constructions import (
    CONSTRUCTION_REGISTRY,
    CONSTRUCTIONS,
    DEFAULT_CONSTRUCTION,
    _black_peg_oracle_cost,
    _score_width,
    construction_ancillas,
    validate_construction,
)

__all__ = [
    "BLACK_PEG_ORACLE_GATE_NAME",
    "SYNTHESIS_LOGGER",
    "BlackPegOracleGate",
    "black_peg_oracle",
    "black_peg_oracle_gate",
    "oracle_inverse",
]

BLACK_PEG_ORACLE_GATE_NAME = "black_peg_oracle"
"""Name of :class:`BlackPegOracleGate` (and of its inverse): the key of its synthesis
plugins, ``HLSConfig(black_peg_oracle=[...])``."""

SYNTHESIS_LOGGER = "mastermind_q.synthesis"
"""The logger that records each synthesis of a :class:`BlackPegOracleGate` (``INFO``:
the construction used; a plugin that declines says why)."""

_log = logging.getLogger(SYNTHESIS_LOGGER)


def black_peg_oracle(
    secret: Sequence[int],
    colors: int,
    *,
    construction: str = DEFAULT_CONSTRUCTION,
    score_qubits: int | None = None,
) -> QuantumCircuit:
    r"""The black-peg oracle ``B_s|x>|b> = |x>|b + B_s(x) mod 2^m>``.

    .. math::

        B_s|x\rangle|b\rangle = |x\rangle|b + \textstyle\sum_i \delta_{x_i s_i}
        \bmod 2^m\rangle, \qquad x \in [2^q]^n,\ b \in [2^m],

    exactly (phases included) on every basis state with the ancillas in ``|0>``;
    colour values ``>= k`` never match. Classical reference:
    :func:`mastermind_q.game.black`.

    Bit order (DESIGN.md section 3): position ``i`` is qubits ``[i*q, (i+1)*q)``,
    ``x_i`` little-endian, ``q = max(1, ceil(log2 k))``; the score is the next ``m``
    qubits, little-endian, ``m = max(1, ceil(log2(n+1)))`` unless a wider one is asked
    for; the work ancillas (register ``anc``, as many as the construction needs) come
    last and are returned to ``|0>``.

    How it is built is the construction's registry entry
    (:data:`~mastermind_q.circuits.oracle.constructions.CONSTRUCTION_REGISTRY`; each
    builder's docstring describes it and states its cost); its size is
    :func:`black_peg_oracle_cost`. Transpile the oracle as a block with
    ``qubits_initially_zero=False``: its inputs are not ``|0>``.

    Args:
        secret: the secret ``s`` in ``[k]^n``.
        colors: ``k >= 2``.
        construction: one of :data:`CONSTRUCTIONS` (default
            :data:`DEFAULT_CONSTRUCTION`).
        score_qubits: ``m``; at least (and by default) ``max(1, ceil(log2(n+1)))``.

    Returns:
        A ``QuantumCircuit`` named ``B_s`` on registers ``pos0 .. pos{n-1}`` (``q``
        each), ``score`` (``m``) and, if needed, ``anc``; no measurements, resets or
        barriers (ready for ``to_gate``).

    Raises:
        ValueError: on an invalid secret or colour count, an unknown construction, or
            a score register narrower than ``max(1, ceil(log2(n+1)))`` (the message
            names the value).
        mastermind_q.limits.ResourceLimitError: ``n``, ``k`` or the two-qubit gates
            above the quantum limits.

    Reference:
        Li, Luo, Xu, "Winning Mastermind Overwhelmingly on Quantum Computers", the
        black-peg oracle ``B_s`` of Algorithms 1-4 (``2^m >= n+1``).

    Example:
        >>> from qiskit.quantum_info import Statevector
        >>> circuit = black_peg_oracle((1, 0), colors=2)
        >>> state = Statevector.from_label("0001").evolve(circuit)  # x = (1, 0), b = 0
        >>> state.equiv(Statevector.from_label("1001"))  # b = B_s(x) = 2
        True
    """
    k = validate_colors(colors)
    code = validate_code(secret, k, name="secret")
    construction = validate_construction(construction)
    m = _score_width(len(code), score_qubits)
    return _black_peg_oracle(code, k, construction, m)


def _black_peg_oracle(code: tuple[int, ...], k: int, construction: str, m: int) -> QuantumCircuit:
    """:func:`black_peg_oracle` of a validated secret, ``k``, construction and ``m``."""
    n = len(code)
    entry = CONSTRUCTION_REGISTRY[construction]
    check_circuit_size(n, k)  # the sizes circuits may be built at
    # The same limits as the command line, before any gate is added.
    check_quantum_size(n, k)
    cost = _black_peg_oracle_cost(n, k, construction, m)
    check_circuit_gates(cost.two_qubit_gates, what=f"the black-peg oracle for n={n}, k={k}")
    registers = _layout_registers(n, k, num_qubits=cost.qubits, score_width=m)
    circuit = QuantumCircuit(*registers, name="B_s", metadata={"oracle_sizes": (n, k, m)})
    positions = [list(register) for register in registers[:n]]
    ancillas = list(registers[n + 1]) if cost.ancillas else []
    entry.build(circuit, code, positions, list(registers[n]), ancillas)
    return circuit


def black_peg_oracle_gate(
    secret: Sequence[int],
    colors: int,
    *,
    construction: str = DEFAULT_CONSTRUCTION,
    score_qubits: int | None = None,
) -> Gate:
    """Deprecated: :func:`black_peg_oracle` as one eager gate named ``B_s``.

    Use :meth:`BlackPegOracleGate.for_construction` (the same qubits, the same
    definition, built lazily; the gate is named ``black_peg_oracle``, labelled
    ``B_s``). This alias stays one release and warns (``DeprecationWarning``).

    Raises:
        ValueError: as :func:`black_peg_oracle`.
    """
    warnings.warn(
        "black_peg_oracle_gate is deprecated and will be removed in the next release; "
        "use BlackPegOracleGate.for_construction(secret, colors, construction=..., "
        "score_qubits=...)",
        DeprecationWarning,
        stacklevel=2,
    )
    built = black_peg_oracle(secret, colors, construction=construction, score_qubits=score_qubits)
    gate = built.to_gate(label=built.name)
    gate.oracle_sizes = built.metadata["oracle_sizes"]  # (n, k, m): what builders check
    return gate


class BlackPegOracleGate(KnownSecretGate):
    r"""The black-peg oracle of a known secret as a gate Qiskit's transpiler synthesises.

    .. math::

        B_s|x\rangle|b\rangle = |x\rangle|b + B_s(x) \bmod 2^m\rangle,
        \qquad B_s(x) = |\{i : x_i = s_i\}|,

    for every basis state with the work ancillas in ``|0>`` (they are returned to
    ``|0>``); colour values ``>= k`` never match. Classical reference:
    :func:`mastermind_q.game.black`. With ``dagger=True`` the gate is ``B_s^dagger``:
    ``|x>|b> -> |x>|b - B_s(x) mod 2^m>``.

    Qubit layout (DESIGN.md section 3), as :func:`black_peg_oracle`: position ``i`` is
    qubits ``[i*q, (i+1)*q)`` holding ``x_i`` little-endian, ``q = max(1, ceil(log2
    k))``; the score register is the next ``m`` qubits, little-endian, ``m = max(1,
    ceil(log2(n+1)))`` unless ``score_qubits`` is wider; then ``ancillas`` work qubits,
    which must be ``|0>`` on input.

    Like Qiskit's ``MCXGate`` or ``PermutationGate``, the gate holds the problem (the
    secret, ``k``, ``m``), not a circuit. Its definition is built on first use, by
    :func:`black_peg_oracle` in ``construction`` (default: :data:`DEFAULT_CONSTRUCTION`,
    or the first of :data:`CONSTRUCTIONS` that fits the gate's ancillas), as
    ``PauliEvolutionGate`` builds its definition with its ``synthesis``. The
    transpiler can instead synthesise it with any construction through the
    high-level-synthesis plugins registered under the ``qiskit.synthesis`` entry point
    (:mod:`mastermind_q.backends.synthesis`), chosen per gate name:

    .. code-block:: python

        transpile(circuit, backend, hls_config=HLSConfig(black_peg_oracle=["line"]))

    methods ``fourier``, ``increment``, ``gray``, ``line`` and ``auto`` (the
    construction with the fewest two-qubit gates on the target, the toolkit's cached
    choice). A construction needing more work qubits than the gate holds borrows clean
    idle qubits of the circuit; when there are too few, the plugin declines and the
    transpiler goes on to the next method listed, then to the definition. The gate and
    its inverse share the name, so one ``HLSConfig`` entry selects both.

    This gate is built from a secret the caller knows (drawings, resource counts,
    experiments with one's own circuits). It is not the codemaker's oracle: a
    codebreaker gets the opaque :meth:`Codemaker.oracle()
    <mastermind_q.codemaker.Codemaker.oracle>`, which has no definition and no plugin
    can synthesise, and :meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>`
    refuses circuits that hold this gate.

    Args:
        secret: the secret ``s`` in ``[k]^n``.
        colors: ``k >= 2``.
        score_qubits: ``m``; at least (and by default) ``max(1, ceil(log2(n+1)))``.
        ancillas: work qubits the gate carries after the score register (default: the
            most any construction needs, so every plugin applies in any circuit); at
            least the fewest any construction needs. Constructions that need fewer
            leave the rest alone.
        construction: the construction of the definition, one of :data:`CONSTRUCTIONS`
            (default: the default construction, or the first that fits ``ancillas``).
        dagger: the inverse ``B_s^dagger`` (what :meth:`inverse` returns).
        label: the label drawings show (default ``B_s``, ``B_s†`` for the inverse).

    Raises:
        ValueError: an invalid secret, colour count, score width, ancilla count or
            construction, or a construction that needs more ancillas than given (the
            message names the value).
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` above the quantum
            limits.

    Example:
        >>> gate = BlackPegOracleGate((1, 0, 2), colors=3)
        >>> gate.name, gate.label, gate.num_qubits, gate.ancillas
        ('black_peg_oracle', 'B_s', 11, 3)
        >>> gate.synthesize("gray").count_ops()["cx"]
        30
    """

    _FIELDS = ("_secret", "_colors", "_score_qubits", "_ancillas", "_construction", "_dagger")

    def __init__(
        self,
        secret: Sequence[int],
        colors: int,
        *,
        score_qubits: int | None = None,
        ancillas: int | None = None,
        construction: str | None = None,
        dagger: bool = False,
        label: str | None = None,
    ) -> None:
        k = validate_colors(colors)
        code = validate_code(secret, k, name="secret")
        n = len(code)
        m = _score_width(n, score_qubits)
        check_quantum_size(n, k)
        if not isinstance(dagger, bool):
            raise ValueError(f"dagger must be True or False, was {dagger!r}")
        if label is not None and not isinstance(label, str):
            raise ValueError(f"label must be a string or None, was {label!r}")
        needs = construction_ancillas(n, k, m)
        fewest, most = min(needs.values()), max(needs.values())
        if ancillas is None:
            ancillas = most
        elif (
            isinstance(ancillas, bool)
            or not isinstance(ancillas, numbers.Integral)
            or not fewest <= ancillas <= most
        ):
            raise ValueError(
                f"ancillas must be an integer from {fewest} to {most} (the work qubits the "
                f"constructions need for n={n}, k={k}, m={m}), was {ancillas!r}"
            )
        ancillas = int(ancillas)
        if construction is None:
            order = (DEFAULT_CONSTRUCTION, *CONSTRUCTIONS)
            construction = next(name for name in order if needs[name] <= ancillas)
        elif needs[validate_construction(construction)] > ancillas:
            raise ValueError(
                f"ancillas must be >= {needs[construction]} for construction "
                f"{construction!r} (n={n}, k={k}, m={m}), was {ancillas}"
            )
        self._make(code, k, m, ancillas, construction, dagger, label)

    @classmethod
    def _of(
        cls,
        secret: tuple[int, ...],
        colors: int,
        score_qubits: int,
        ancillas: int,
        construction: str,
        dagger: bool = False,
        label: str | None = None,
    ) -> BlackPegOracleGate:
        """The gate of validated arguments (the secret as a tuple, ``m``, the ancillas the
        construction fits in), made without checking them again: the constructor is the
        public entrance; :meth:`for_construction` and :meth:`inverse` use this."""
        gate = cls.__new__(cls)
        gate._make(secret, colors, score_qubits, ancillas, construction, dagger, label)
        return gate

    def _make(
        self,
        code: tuple[int, ...],
        k: int,
        m: int,
        ancillas: int,
        construction: str,
        dagger: bool,
        label: str | None,
    ) -> None:
        n = len(code)
        self._construction = construction
        self._secret = code
        self._colors = k
        self._score_qubits = m
        self._ancillas = ancillas
        self._dagger = dagger
        width = n * _color_qubits(k) + m + ancillas
        if label is None:
            label = "B_s†" if dagger else "B_s"
        super().__init__(BLACK_PEG_ORACLE_GATE_NAME, width, [], label=label)
        self.oracle_sizes = (n, k, m)  # what the circuit builders check

    @property
    def oracle_layout(self) -> OracleLayout:
        """Which qubits are the positions, the score register and the work qubits.

        Example:
            >>> print(BlackPegOracleGate((1, 0, 2), colors=3).oracle_layout)
            positions 0-5 (3 x 2 qubits, colour little-endian), score 6-7, work 8-10
        """
        return OracleLayout.of(
            len(self._secret),
            self._colors,
            score_qubits=self._score_qubits,
            work_qubits=self._ancillas,
        )

    @classmethod
    def for_construction(
        cls,
        secret: Sequence[int],
        colors: int,
        construction: str = DEFAULT_CONSTRUCTION,
        *,
        score_qubits: int | None = None,
        dagger: bool = False,
        label: str | None = None,
    ) -> BlackPegOracleGate:
        """The gate on exactly the qubits of :func:`black_peg_oracle` in ``construction``.

        It carries the work qubits ``construction`` needs and no more, and its
        definition is that construction: what drawings, resource counts and the
        codemaker's run path use (the default gate carries the most any construction
        needs, so that every plugin applies).

        Raises:
            ValueError: as the constructor.

        Example:
            >>> gate = BlackPegOracleGate.for_construction((1, 0, 2), 3, "gray")
            >>> gate.num_qubits, gate.ancillas, gate.construction
            (8, 0, 'gray')
        """
        k = validate_colors(colors)
        code = validate_code(secret, k, name="secret")
        m = _score_width(len(code), score_qubits)
        check_quantum_size(len(code), k)
        construction = validate_construction(construction)
        if not isinstance(dagger, bool):
            raise ValueError(f"dagger must be True or False, was {dagger!r}")
        if label is not None and not isinstance(label, str):
            raise ValueError(f"label must be a string or None, was {label!r}")
        return cls._for_construction(code, k, construction, m, dagger=dagger, label=label)

    @classmethod
    def _for_construction(
        cls,
        code: tuple[int, ...],
        k: int,
        construction: str,
        m: int,
        *,
        dagger: bool = False,
        label: str | None = None,
    ) -> BlackPegOracleGate:
        """:meth:`for_construction` of a validated secret, ``k``, construction and ``m``."""
        ancillas = construction_ancillas(len(code), k, m)[construction]
        return cls._of(code, k, m, ancillas, construction, dagger, label)

    @property
    def score_qubits(self) -> int:
        """``m``, the score register's width."""
        return self._score_qubits

    @property
    def ancillas(self) -> int:
        """Work qubits the gate carries after the score register."""
        return self._ancillas

    @property
    def construction(self) -> str:
        """The construction of the definition (plugins may synthesise another)."""
        return self._construction

    @property
    def dagger(self) -> bool:
        """Whether this is ``B_s^dagger``."""
        return self._dagger

    def ancillas_needed(self, construction: str) -> int:
        """Work qubits ``construction`` needs (:func:`black_peg_oracle_cost`)."""
        validate_construction(construction)
        return construction_ancillas(len(self._secret), self._colors, self._score_qubits)[
            construction
        ]

    def synthesize(
        self, construction: str = DEFAULT_CONSTRUCTION, *, clean_qubits: int = 0
    ) -> QuantumCircuit | None:
        """The gate as a circuit in ``construction``, or ``None`` if it does not fit.

        The circuit acts on the gate's qubits, then on up to ``clean_qubits`` extra
        qubits (clean, ``|0>``, idle qubits of the surrounding circuit) when the
        construction needs more work qubits than the gate carries; work qubits it does
        not need are left alone. What the synthesis plugins return.

        Args:
            construction: one of :data:`CONSTRUCTIONS`.
            clean_qubits: extra clean qubits available.

        Which construction was used is recorded twice: the circuit's ``metadata``
        (``{"construction": ..., "oracle_sizes": (n, k, m)}``) and one ``INFO`` record
        on the logger :data:`SYNTHESIS_LOGGER` (attribute ``construction``), which is
        how a transpile shows it (the circuit itself is inlined there).

        Returns:
            The circuit (``num_qubits`` plus the borrowed qubits), or ``None`` when the
            construction needs more work qubits than the gate and ``clean_qubits``
            give (a ``DEBUG`` record says so).

        Raises:
            ValueError: an unknown construction.
        """
        needed = self.ancillas_needed(construction)
        borrowed = max(0, needed - self._ancillas)
        if borrowed > clean_qubits:
            _log.debug(
                "%s: construction %r needs %d work qubits, the gate carries %d and %d "
                "clean qubits are free: it does not fit",
                self._describe(),
                construction,
                needed,
                self._ancillas,
                clean_qubits,
                extra={"construction": None},
            )
            return None
        built = _black_peg_oracle(
            self._secret, self._colors, validate_construction(construction), self._score_qubits
        )
        if self._dagger:
            built = built.inverse()
        n, k, m = self.oracle_sizes
        registers = _layout_registers(n, k, num_qubits=self.num_qubits, score_width=m)
        circuit = QuantumCircuit(
            *registers,
            name=self.label or self.name,
            metadata={"construction": construction, "oracle_sizes": (n, k, m)},
        )
        if borrowed:
            from qiskit.circuit import AncillaRegister

            circuit.add_register(AncillaRegister(borrowed, "borrowed"))
        base = self.num_qubits - self._ancillas
        work = [*circuit.qubits[base : self.num_qubits], *circuit.qubits[self.num_qubits :]]
        qubits = [*circuit.qubits[:base], *work[:needed]]
        circuit.compose(built, qubits=qubits, inplace=True, copy=False)
        _log.info(
            "%s synthesised in construction %r",
            self._describe(),
            construction,
            extra={"construction": construction},
        )
        return circuit

    def _describe(self) -> str:
        n, k, m = self.oracle_sizes
        return f"{self.name} {self.label or ''} (n={n}, k={k}, m={m})".replace("  ", " ")

    def _define(self) -> None:
        """:meth:`synthesize` in :attr:`construction`, built now."""
        self.definition = self.synthesize(self._construction)

    def inverse(self, annotated: bool = False) -> BlackPegOracleGate:
        """``B_s^dagger`` (or ``B_s`` again): the same gate class, so plugins apply."""
        return BlackPegOracleGate._of(
            self._secret,
            self._colors,
            self._score_qubits,
            self._ancillas,
            self._construction,
            dagger=not self._dagger,
        )

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self._secret!r}, colors={self._colors}, "
            f"score_qubits={self._score_qubits}, ancillas={self._ancillas}, "
            f"construction={self._construction!r}, dagger={self._dagger})"
        )


def oracle_inverse(oracle: Gate | Instruction) -> Gate | Instruction:
    """``B_s^dagger`` of ``oracle``, labelled ``B_s†`` (its name stays ``B_s_dg``).

    Works for the codemaker's opaque gate (whose ``inverse`` is the opaque ``B_s_dg``)
    and for :class:`BlackPegOracleGate` (whose inverse keeps its name); only the label,
    which drawings show, is set.

    Example:
        >>> inverse = oracle_inverse(BlackPegOracleGate((1, 0), colors=2))
        >>> inverse.name, inverse.label
        ('black_peg_oracle', 'B_s†')

    Raises:
        TypeError: ``oracle`` is not a gate or instruction (a circuit: ``to_gate()`` it).
    """
    if not isinstance(oracle, Instruction):
        hint = "; make it one with .to_gate()" if isinstance(oracle, QuantumCircuit) else ""
        raise TypeError(f"oracle must be a Gate or Instruction, was {type(oracle).__name__}{hint}")
    inverse = oracle.inverse()
    base = oracle.label or oracle.name
    inverse.label = base[:-1] if base.endswith("†") else f"{base}†"
    return inverse
