"""Sizes of a quantum run from cost formulas, checked before any circuit is built."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ESTIMATED_NAMES", "RunEstimate", "check_run", "estimate_run"]


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


ESTIMATED_NAMES = (
    "nonadaptive",
    "triples",
    "two-color",
    "adaptive",
    "oracle",
    "two-color-oracle",
    "find-two-color",
    "grover-iteration",
    "hunziker-meyer",
)
"""Methods and drawn circuits :func:`estimate_run` knows."""


def estimate_run(name: str, num_positions: int, num_colors: int) -> RunEstimate:
    """Circuits, width and two-qubit gates of method or circuit ``name`` at ``(n, k)``.

    Computed from closed forms only (nothing is built), after
    :func:`mastermind_q.limits.check_quantum_size` has bounded ``n`` and ``k``:

    * one query costs ``C = black_peg_oracle_cost(n, k).two_qubit_gates`` plus
      ``6n(q-1)`` for the colour encodings (Lemma 2) or the diffusion ``S_0(phi)``;
    * ``nonadaptive``: ``k - 1`` circuits of one query; ``triples``:
      ``ceil(2(k-1)/3)``; ``two-color``, ``oracle``, ``two-color-oracle``,
      ``find-two-color``: one circuit of one query; ``grover-iteration``: two
      queries; ``adaptive``: ``2T`` queries, ``T`` of :func:`exact_grover_parameters`;
    * ``hunziker-meyer``: one circuit of ``T`` parity queries
      (:func:`~mastermind_q.circuits.hunziker_meyer.hunziker_meyer_iterations`) on
      ``n q + 1`` qubits, ``n`` ``q``-controlled X (about ``6q`` CX each) plus the
      diffusion per query; ``k <= 4`` is refused (the paper's ``k > 4`` case).

    Raises:
        ValueError: an unknown name or invalid sizes.
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` above the quantum limits.

    Example:
        >>> estimate_run("nonadaptive", 8, 8)
        RunEstimate(circuits=7, qubits=30, two_qubit_gates=1862)
    """
    from ..circuits.oracle import black_peg_oracle_cost
    from ..game import validate_colors, validate_positions
    from ..limits import check_quantum_size
    from .counts import adaptive_queries, nonadaptive_queries, triples_queries

    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    if name not in ESTIMATED_NAMES:
        raise ValueError(f"name must be one of {', '.join(ESTIMATED_NAMES)}; was {name!r}")
    check_quantum_size(n, k)
    if name == "hunziker-meyer":
        from ..circuits.hunziker_meyer import hunziker_meyer_iterations
        from .hunziker_meyer import check_hunziker_meyer_colors

        check_hunziker_meyer_colors(k)
        q = max(1, (k - 1).bit_length())
        per_query = n * 6 * q + 6 * n * (q - 1)
        return RunEstimate(1, n * q + 1, hunziker_meyer_iterations(k) * per_query)
    if name == "two-color":
        from ..circuits.two_colors import two_color_score_qubits

        cost = black_peg_oracle_cost(n, 2, score_qubits=two_color_score_qubits(n))
    else:
        cost = black_peg_oracle_cost(n, k)
    q = max(1, (k - 1).bit_length())
    per_query = cost.two_qubit_gates + 6 * n * (q - 1)
    circuits, queries = 1, 1
    if name == "nonadaptive":  # the method table's counts (mastermind_q.solving.METHODS)
        circuits = queries = nonadaptive_queries(k)
    elif name == "triples":
        circuits = queries = triples_queries(k)
    elif name == "grover-iteration":
        queries = 2
    elif name == "adaptive":
        queries = adaptive_queries(k)
    if name in ("nonadaptive", "triples") and k < 3:
        circuits = queries = 1  # refused later with the method's own message
    return RunEstimate(circuits, cost.qubits, queries * per_query)


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
    from ..backends import DEFAULT_SHOTS, aer_method, backend_kind, is_exact
    from ..limits import check_circuit_gates, check_shots, check_statevector

    estimate = estimate_run(name, num_positions, num_colors)
    where = f"{name} at n={num_positions}, k={num_colors}"
    check_circuit_gates(estimate.two_qubit_gates, what=where)
    if backend is None:
        return estimate
    if backend_kind(backend) == "aer" and aer_method(backend, estimate.qubits) == "statevector":
        check_statevector(estimate.qubits, what=f"{name} on --backend {backend}")
    if not is_exact(backend):
        check_shots(DEFAULT_SHOTS if shots is None else shots, circuits=estimate.circuits)
    elif shots is not None:
        check_shots(shots)
    return estimate
