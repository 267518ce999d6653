"""Resource counts: qubits, depth, two-qubit gates, total gates, oracle calls.

Two views of the same circuits:

* **logical** -- the algorithm in the query model: custom boxes (the stage gates of
  :mod:`mastermind_q.circuits.stages`, encodings, ``A``, ``S_0(φ)``, ``D(φ)``) opened,
  the oracle ``B_s`` / ``B_s^dagger`` kept as one gate each (a query), Qiskit library
  gates (``h``, ``cp``, ``mcx``, ``QFT``...) counted as one gate each. For the
  ``oracle`` circuit alone the oracle is opened: its logical counts are those of its
  construction.
* **transpiled** -- everything, the oracle included, compiled by a preset pass
  manager (:func:`mastermind_q.backends.transpile_for`) to the target: ``basis``
  (:data:`BASIS_GATES`, all-to-all) or a device ``fake:NAME`` (its basis gates and
  coupling map; ``qubits`` then counts the physical qubits the circuits touch).

Counts: ``qubits`` (the widest circuit), ``depth`` (the deepest circuit, barriers
ignored), ``two_qubit_gates`` and ``multi_qubit_gates`` (three or more qubits; ``B_s``
is one), ``total_gates`` (gates, not measurements or barriers) and ``oracle_calls``
(summed over the circuits of a method).

Names: a circuit of :data:`mastermind_q.drawing.CIRCUITS` or a quantum codebreaker of
:data:`mastermind_q.METHODS` with :meth:`~mastermind_q.Codebreaker.circuits` (its query
circuits around the known-secret oracle: ``nonadaptive``, ``triples``: one
FindTwoColorPosition circuit per planned pair; ``hunziker-meyer``: Algorithm 5 around
the parity oracle ``O_h``, ``T`` oracle calls; an installed codebreaker's own). A name
in both lists (``two-color``, ``adaptive``) is the same single circuit.

Synthesis note: a stand-alone block (``oracle``, ``two-color-oracle``,
``grover-iteration``) may start in any state, so it is transpiled with
``qubits_initially_zero=False``; whole algorithm circuits start in ``|0>``.

Example:
    >>> report = circuit_resources("nonadaptive", num_positions=2, colors=3)
    >>> report.circuits, report.logical.oracle_calls, report.transpiled.multi_qubit_gates
    (2, 2, 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from qiskit import QuantumCircuit

from .codebreaker import has_circuits

__all__ = [
    "BASIS_GATES",
    "CircuitCounts",
    "ResourceReport",
    "circuit_resources",
    "count_circuits",
    "logical_view",
    "method_names",
    "named_circuits",
    "names",
]

BASIS_GATES = ("cx", "rz", "sx", "x")
"""The ``basis`` target: IBM's CX basis, no coupling constraints."""
_BLOCKS = ("oracle", "two-color-oracle", "grover-iteration")


def method_names() -> tuple[str, ...]:
    """The quantum codebreakers whose circuits :func:`named_circuits` builds (those with
    :meth:`~mastermind_q.Codebreaker.circuits`, installed ones included)."""
    from .codebreaker import METHODS

    return tuple(name for name, breaker in METHODS.items() if has_circuits(breaker))


def names() -> tuple[str, ...]:
    """Every name :func:`circuit_resources` accepts: the circuits, then the methods."""
    from .drawing import CIRCUITS

    return tuple(dict.fromkeys((*CIRCUITS, *method_names())))


def __getattr__(name: str) -> Any:
    if name == "NAMES":  # read when asked: installed codebreakers join
        return names()
    if name == "METHOD_NAMES":
        return method_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_NOT_GATES = frozenset({"barrier", "measure", "delay", "reset"})


@dataclasses.dataclass(frozen=True)
class CircuitCounts:
    """Counts of one view (see the module docstring).

    Attributes:
        qubits: width (active physical qubits on a device).
        depth: the deepest circuit.
        two_qubit_gates: gates on exactly two qubits.
        multi_qubit_gates: gates on three or more qubits.
        total_gates: all gates (no measurements, barriers, delays, resets).
        oracle_calls: applications of ``B_s`` or ``B_s^dagger``.
    """

    qubits: int
    depth: int
    two_qubit_gates: int
    multi_qubit_gates: int
    total_gates: int
    oracle_calls: int

    def to_dict(self) -> dict[str, int]:
        """The counts as a dict."""
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class ResourceReport:
    """Logical and transpiled counts of a named circuit or method.

    Attributes:
        name: the circuit or method name.
        n: positions.
        k: colours.
        circuits: how many circuits the name stands for.
        target: ``basis`` or ``fake:NAME``.
        optimization_level: the preset pass manager level used.
        compile_setting: ``level/layout/routing``
            (:attr:`~mastermind_q.backends.transpiling.CompileSetting.label`).
        oracle_construction: the oracle's construction counted.
        logical: :class:`CircuitCounts` of the logical view.
        transpiled: :class:`CircuitCounts` after transpiling to ``target``.
    """

    name: str
    n: int
    k: int
    circuits: int
    target: str
    optimization_level: int
    oracle_construction: str
    logical: CircuitCounts
    transpiled: CircuitCounts
    compile_setting: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (``logical`` and ``transpiled`` as nested dicts)."""
        data = dataclasses.asdict(self)
        data["logical"] = self.logical.to_dict()
        data["transpiled"] = self.transpiled.to_dict()
        return data


def logical_view(circuit: QuantumCircuit, *, open_oracle: bool = False) -> QuantumCircuit:
    """``circuit`` with every custom box opened, the oracle kept unless ``open_oracle``."""
    from .circuits.stages import is_box
    from .counting import ALL_ORACLE_NAMES

    keep = () if open_oracle else ALL_ORACLE_NAMES
    while True:
        names = sorted(
            {
                item.operation.name
                for item in circuit.data
                if is_box(item.operation) and item.operation.name not in keep
            }
        )
        if not names:
            return circuit
        circuit = circuit.decompose(gates_to_decompose=names)


def _active_qubits(circuit: QuantumCircuit) -> int:
    touched = {
        circuit.find_bit(qubit).index
        for item in circuit.data
        if item.operation.name != "barrier"
        for qubit in item.qubits
    }
    return len(touched)


def count_circuits(
    circuits: Sequence[QuantumCircuit], *, oracle_calls: int, active_only: bool = False
) -> CircuitCounts:
    """:class:`CircuitCounts` of ``circuits`` (max width and depth, summed gates).

    Args:
        circuits: the circuits.
        oracle_calls: the oracle applications to report (counted before transpiling).
        active_only: width = qubits actually touched (device targets).

    Raises:
        ValueError: an item that is not a circuit, or ``oracle_calls`` not a count.
    """
    from .game import shown

    if not isinstance(oracle_calls, int) or isinstance(oracle_calls, bool) or oracle_calls < 0:
        raise ValueError(f"oracle_calls must be an integer >= 0, was {shown(oracle_calls)}")
    qubits = depth = two = multi = total = 0
    for index, circuit in enumerate(circuits):
        if not isinstance(circuit, QuantumCircuit):
            raise ValueError(f"circuits[{index}] must be a QuantumCircuit, was {shown(circuit)}")
        width = _active_qubits(circuit) if active_only else circuit.num_qubits
        qubits = max(qubits, width)
        depth = max(depth, circuit.depth(lambda item: item.operation.name != "barrier"))
        for item in circuit.data:
            if item.operation.name in _NOT_GATES:
                continue
            total += 1
            if len(item.qubits) == 2:
                two += 1
            elif len(item.qubits) > 2:
                multi += 1
    return CircuitCounts(qubits, depth, two, multi, total, oracle_calls)


def _check_name(name: object) -> tuple[str, Any]:
    """``name`` and its codebreaker (``None`` for a circuit of the catalogue)."""
    from .codebreaker import METHODS
    from .drawing import CIRCUITS

    breaker = METHODS.find(
        name,
        has_circuits,
        also=tuple(CIRCUITS),
        label="name",
        what="a circuit or method, ",
    )
    return str(name), breaker


def named_circuits(
    name: str,
    *,
    num_positions: int,
    colors: int,
    secret: Sequence[int] | None = None,
    pair: tuple[int, int] = (0, 1),
    construction: str | None = None,
) -> list[QuantumCircuit]:
    """The circuits a name stands for (see the module docstring), oracle of ``secret``
    in ``construction`` (default: the default construction).

    A method's circuits are its codebreaker's :meth:`~mastermind_q.Codebreaker.circuits`
    around the known-secret oracle, after its run estimate is checked.

    Raises:
        ValueError: an unknown name, or sizes the circuit does not support.
    """
    from .drawing import build_circuit, default_secret
    from .game import validate_code

    name, breaker = _check_name(name)
    if breaker is None:
        return [
            build_circuit(
                name,
                num_positions=num_positions,
                colors=colors,
                secret=secret,
                pair=pair,
                construction=construction,
            )
        ]
    breaker.check(num_positions, colors)  # sizes and gates, before any circuit is built
    code = default_secret(num_positions, colors) if secret is None else secret
    code = validate_code(code, colors, positions=num_positions, name="secret")
    oracle = breaker.known_oracle(code, colors, construction)
    from .codebreaker import built_circuits

    return list(built_circuits(breaker, oracle, num_positions, colors))


def _solver_construction(
    name: str, num_positions: int, colors: int, device: str | None, level: int | None
) -> str:
    """The oracle construction a solver would run on ``device`` (``None``: no device):
    a built-in codebreaker's own (``construction``: the execution options'
    construction, or the toolkit's one chooser for ``auto``), else the chooser's."""
    from .backends import current_execution_options
    from .backends.oracle_choice import choose_construction
    from .codebreaker import METHODS

    name, _breaker = _check_name(name)
    breaker = METHODS.get(name)
    choose = getattr(breaker, "construction", None)  # a built-in's own choice
    if choose is not None:
        chosen = choose(device, num_positions, colors, level)
        if chosen is not None:
            return chosen
    construction = current_execution_options().oracle_construction
    if construction != "auto":
        return construction
    return choose_construction(device, num_positions, colors, None, optimization_level=level)


def circuit_resources(
    name: str,
    *,
    num_positions: int,
    colors: int,
    target: str = "basis",
    secret: Sequence[int] | None = None,
    pair: tuple[int, int] = (0, 1),
    optimization_level: int | None = None,
    seed: int = 0,
    construction: str | None = None,
) -> ResourceReport:
    """Logical and transpiled resource counts of a named circuit or quantum method.

    Cost: one transpilation per circuit (seconds for device targets at n = k = 4).

    Args:
        name: one of :data:`NAMES`.
        num_positions: ``n``.
        colors: ``k``.
        target: ``basis`` or ``fake:NAME``.
        secret: the oracle's secret (default
            :func:`~mastermind_q.drawing.default_secret`; counts hardly depend on it).
        pair: ``(c1, c2)`` for ``two-color-oracle`` and ``find-two-color``.
        optimization_level: preset pass manager level 0-3; ``None`` (default): the
            device's measured compile setting
            (:func:`~mastermind_q.backends.transpiling.compile_setting`), level 1 on
            ``basis``.
        seed: ``seed_transpiler`` for device targets (reproducible layouts).
        construction: the oracle's construction. Default: the one the solvers would
            run (:attr:`~mastermind_q.backends.ExecutionOptions.oracle_construction`;
            ``"auto"`` is :func:`~mastermind_q.quantum.choose_oracle_construction` on a
            device target at this level, the default construction on ``basis``). The
            counts are those of a circuit holding
            :class:`~mastermind_q.circuits.BlackPegOracleGate` transpiled with
            ``hls_config=HLSConfig(black_peg_oracle=[construction])`` (same target, seed
            and setting).

    Returns:
        A :class:`ResourceReport`.

    Raises:
        ValueError: an unknown name or target, invalid sizes, a construction for
            ``hunziker-meyer``, or a circuit wider than the device
            (:class:`~mastermind_q.backends.CircuitTooWideError`).

    Example:
        >>> report = circuit_resources("oracle", num_positions=2, colors=2)
        >>> report.transpiled.two_qubit_gates > 0
        True
    """
    from .backends import ExecutionOptions, backend_kind, resolve_backend, transpile_for
    from .backends.transpiling import compile_setting
    from .codemaker import count_oracle_calls
    from .game import validate_seed

    validate_seed(seed)
    ExecutionOptions(optimization_level=optimization_level)  # validates the level

    if target == "basis":
        on_device = False
    elif isinstance(target, str) and target.startswith("fake:") and backend_kind(target) == "fake":
        on_device = True
    else:
        raise ValueError(f"target must be 'basis' or 'fake:NAME', was {target!r}")
    fixed = getattr(_check_name(name)[1], "oracle_construction", None)
    if fixed is not None and construction not in (None, fixed):
        raise ValueError(
            f"construction applies to the black-peg oracle; {name}'s {fixed} oracle has one "
            f"construction, was {construction!r}"
        )
    setting = compile_setting(resolve_backend(target) if on_device else None, optimization_level)
    if construction is None:
        construction = _solver_construction(
            name, num_positions, colors, target if on_device else None, optimization_level
        )
    optimization_level = setting.optimization_level
    circuits = named_circuits(
        name,
        num_positions=num_positions,
        colors=colors,
        secret=secret,
        pair=pair,
        construction=construction,
    )
    calls = sum(count_oracle_calls(circuit) for circuit in circuits)
    logical = [logical_view(c, open_oracle=name == "oracle") for c in circuits]
    initially_zero = name not in _BLOCKS
    if not on_device:
        from qiskit.transpiler import generate_preset_pass_manager

        manager = generate_preset_pass_manager(
            optimization_level=optimization_level,
            basis_gates=list(BASIS_GATES),
            qubits_initially_zero=initially_zero,
            seed_transpiler=seed,
        )
        compiled = [manager.run(circuit) for circuit in circuits]
    else:
        compiled = transpile_for(
            circuits,
            target,
            setting=setting,
            seed=seed,
            qubits_initially_zero=initially_zero,
        )
    return ResourceReport(
        name=name,
        n=num_positions,
        k=colors,
        circuits=len(circuits),
        target=target,
        optimization_level=optimization_level,
        compile_setting=setting.label,
        oracle_construction=construction,
        logical=count_circuits(logical, oracle_calls=calls),
        transpiled=count_circuits(compiled, oracle_calls=calls, active_only=on_device),
    )
