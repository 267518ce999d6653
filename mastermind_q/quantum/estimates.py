"""Sizes of a quantum run from cost formulas, checked before any circuit is built."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ESTIMATED_NAMES",
    "RunEstimate",
    "check_estimate",
    "check_run",
    "estimate_run",
    "query_estimate",
]


@dataclass(frozen=True)
class RunEstimate:
    """What a quantum method's (or a drawn circuit's) circuits need, from cost formulas.

    Attributes:
        circuits: how many circuits run.
        qubits: the widest circuit's qubits (``n*q + m + ancillas``).
        two_qubit_gates: CX summed over the circuits before transpiling (oracle cost of
            :func:`~mastermind_q.circuits.oracle.black_peg_oracle_cost` per query, plus
            ``6n(q-1)`` per query for encodings and diffusion; an estimate within ~2x).
    """

    circuits: int
    qubits: int
    two_qubit_gates: int


ESTIMATED_NAMES = ("oracle", "two-color-oracle", "find-two-color", "grover-iteration")
"""Drawn circuits :func:`estimate_run` knows; a quantum method's estimate is its
codebreaker's (:meth:`Codebreaker.estimate <mastermind_q.Codebreaker.estimate>`)."""


def query_estimate(
    num_positions: int,
    num_colors: int,
    *,
    circuits: int,
    queries: int,
    score_qubits: int | None = None,
) -> RunEstimate:
    """``circuits`` circuits holding ``queries`` black-peg oracle queries in all.

    One query costs ``C = black_peg_oracle_cost(n, k).two_qubit_gates`` plus ``6n(q-1)``
    for the colour encodings (Lemma 2) or the diffusion ``S_0(phi)``; the width is the
    oracle's (``score_qubits``: its score width ``m``, default the minimum).
    """
    from ..circuits.oracle.constructions import (
        DEFAULT_CONSTRUCTION,
        _black_peg_oracle_cost,
        _score_width,
    )
    from ..limits import check_circuit_size

    check_circuit_size(num_positions, num_colors)  # sizes validated by the caller
    m = _score_width(num_positions, score_qubits)
    cost = _black_peg_oracle_cost(num_positions, num_colors, DEFAULT_CONSTRUCTION, m)
    q = max(1, (num_colors - 1).bit_length())
    per_query = cost.two_qubit_gates + 6 * num_positions * (q - 1)
    return RunEstimate(circuits, cost.qubits, queries * per_query)


def estimate_run(name: str, num_positions: int, num_colors: int) -> RunEstimate:
    """Circuits, width and two-qubit gates of method or circuit ``name`` at ``(n, k)``.

    Computed from closed forms only (nothing is built), after
    :func:`mastermind_q.limits.check_quantum_size` has bounded ``n`` and ``k``
    (:func:`query_estimate` per query): ``oracle``, ``two-color-oracle``,
    ``find-two-color``: one circuit of one query; ``grover-iteration``: two queries; a
    quantum method: its codebreaker's :meth:`~mastermind_q.Codebreaker.estimate`
    (``nonadaptive``: ``k - 1`` circuits of one query; ``triples``: ``ceil(2(k-1)/3)``;
    ``two-color``: one; ``adaptive``: ``2T`` queries; ``hunziker-meyer``: ``T`` parity
    queries on ``n q + 1`` qubits).

    Raises:
        ValueError: an unknown name, a method with no estimate, or invalid sizes.
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` above the quantum limits.

    Example:
        >>> estimate_run("nonadaptive", 8, 8)
        RunEstimate(circuits=7, qubits=30, two_qubit_gates=1862)
    """
    from ..game import validate_colors, validate_positions

    return _estimate_run(name, validate_positions(num_positions), validate_colors(num_colors))


def _estimate_run(name: str, n: int, k: int) -> RunEstimate:
    """:func:`estimate_run` at validated sizes."""
    from ..codebreaker import METHODS
    from ..limits import check_quantum_size

    breaker = METHODS.find(
        name, lambda known: known.kind == "quantum", also=ESTIMATED_NAMES, label="name"
    )
    check_quantum_size(n, k)
    if breaker is not None:
        estimate = breaker.estimate(n, k)
        if estimate is None:
            raise ValueError(f"method {name!r} has no run estimate")
        return estimate
    return query_estimate(n, k, circuits=1, queries=2 if name == "grover-iteration" else 1)


def check_estimate(
    estimate: RunEstimate,
    where: str,
    *,
    backend: str | None = None,
    shots: int | None = None,
) -> RunEstimate:
    """Refuse a run of ``estimate``'s size: its two-qubit gates, the statevector memory
    on ``aer-statevector`` (and on ``aer`` while it picks the statevector), and ``shots``
    times the circuits on sampling backends. ``where`` names it in messages.

    Raises:
        mastermind_q.limits.ResourceLimitError: naming the value and the limit.
        ValueError: invalid backend or shots.
    """
    from ..backends import DEFAULT_SHOTS, aer_method, backend_kind, is_exact
    from ..limits import check_circuit_gates, check_shots, check_statevector

    check_circuit_gates(estimate.two_qubit_gates, what=where)
    if backend is None:
        return estimate
    name = where.split(" at ")[0]
    if backend_kind(backend) == "aer" and aer_method(backend, estimate.qubits) == "statevector":
        check_statevector(estimate.qubits, what=f"{name} on --backend {backend}")
    if not is_exact(backend):
        check_shots(DEFAULT_SHOTS if shots is None else shots, circuits=estimate.circuits)
    elif shots is not None:
        check_shots(shots)
    return estimate


def check_run(
    name: str,
    num_positions: int,
    num_colors: int,
    *,
    backend: str | None = None,
    shots: int | None = None,
) -> RunEstimate:
    """Refuse a quantum run (or drawing) beyond this machine's limits, before building it.

    Checks, in order: ``n`` and ``k`` (:func:`~mastermind_q.limits.check_quantum_size`),
    the two-qubit gates of :func:`estimate_run`, the statevector memory on
    ``aer-statevector`` (and on ``aer`` while it picks the statevector), and ``shots``
    times the circuits on sampling backends.

    Raises:
        mastermind_q.limits.ResourceLimitError: naming the value and the limit.
        ValueError: invalid sizes, backend or shots.
    """
    from ..game import validate_colors, validate_positions

    n, k = validate_positions(num_positions), validate_colors(num_colors)
    return _check_run(name, n, k, backend=backend, shots=shots)


def _check_run(
    name: str, n: int, k: int, *, backend: str | None = None, shots: int | None = None
) -> RunEstimate:
    """:func:`check_run` at validated sizes (a codebreaker's check, handed the game's)."""
    estimate = _estimate_run(name, n, k)
    return check_estimate(estimate, f"{name} at n={n}, k={k}", backend=backend, shots=shots)
