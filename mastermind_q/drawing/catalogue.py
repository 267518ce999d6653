"""The circuit catalogue: the named circuits of ``mastermind-q draw``, built and captioned.

:func:`build_circuit` builds each of :data:`CIRCUITS` around the oracle of a known
secret (:func:`default_secret` unless one is given); :func:`caption` says what it is.
Drawing and writing them is :mod:`mastermind_q.drawing.figures`; OpenQASM is
:mod:`mastermind_q.drawing.qasm`.

Example:
    >>> circuit = build_circuit("find-two-color", num_positions=2, colors=3)
    >>> circuit.count_ops()["black_peg_oracle"], circuit.num_clbits
    (1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from qiskit import QuantumCircuit, QuantumRegister

from ..circuits.names import CAPTIONS, CIRCUITS

__all__ = ["CAPTIONS", "CIRCUITS", "build_circuit", "caption", "default_secret"]


def default_secret(num_positions: int, colors: int) -> tuple[int, ...]:
    """The secret used when none is given: ``s_i = i mod k`` (every colour shows up)."""
    from ..game import validate_colors, validate_positions

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

    The oracle is :meth:`BlackPegOracleGate.for_construction
    <mastermind_q.circuits.BlackPegOracleGate.for_construction>` for ``secret``
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
        >>> build_circuit("oracle", num_positions=2, colors=2).count_ops()["black_peg_oracle"]
        1
    """
    from ..circuits.layout import color_qubits, score_qubits
    from ..circuits.oracle import DEFAULT_CONSTRUCTION, BlackPegOracleGate
    from ..game import validate_code, validate_colors, validate_positions
    from ..quantum import check_run

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

    breaker = _codebreaker_of(name)
    if breaker is not None:  # a codebreaker's circuit: built by the codebreaker itself
        (circuit,) = breaker.circuits(breaker.known_oracle(secret, k, construction), n, k)
        if not measure:
            circuit = circuit.remove_final_measurements(inplace=False)
        return circuit

    oracle = BlackPegOracleGate.for_construction(secret, k, construction)
    if name == "oracle":
        q, m = color_qubits(k), score_qubits(n)
        registers = [QuantumRegister(n * q, "colors"), QuantumRegister(m, "score")]
        if oracle.num_qubits > n * q + m:
            registers.append(QuantumRegister(oracle.num_qubits - n * q - m, "anc"))
        circuit = QuantumCircuit(*registers, name="B_s")
        circuit.append(oracle, circuit.qubits)
        return circuit
    if name == "two-color-oracle":
        from ..circuits.oracle import two_color_oracle

        return two_color_oracle(oracle, c1, c2, num_positions=n, colors=k)
    if name == "find-two-color":
        from ..circuits.find_two_color import find_two_color_circuit

        return find_two_color_circuit(oracle, c1, c2, num_positions=n, colors=k, measure=measure)

    # grover-iteration: built with a Parameter, so that the boxes carry phi
    from qiskit.circuit import Parameter

    from ..circuits.grover import exact_grover_parameters, grover_iteration

    _, phi = exact_grover_parameters(k)
    symbol = Parameter("phi")
    circuit = grover_iteration(oracle, num_positions=n, colors=k, phi=symbol)
    bound = circuit.assign_parameters({symbol: phi})
    bound.name = circuit.name
    return bound


def _codebreaker_of(name: str) -> Any:
    """The built-in quantum codebreaker whose one circuit ``name`` is (``None``: a
    circuit of no codebreaker, built here)."""
    from ..codebreaker import METHODS

    return METHODS[name] if name in METHODS.builtin_names("quantum") else None


def _check_pair(pair: object) -> tuple[int, int]:
    if (
        not isinstance(pair, (tuple, list))
        or len(pair) != 2
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in pair)
    ):
        raise ValueError(f"pair must be two colours (c1, c2), was {pair!r}")
    return int(pair[0]), int(pair[1])


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
