"""Quantum codebreakers: build circuits with :mod:`mastermind_q.circuits`, run, decode.

Each solver takes a :class:`~mastermind_q.codemaker.Codemaker` (never the secret),
asks it for the (opaque) oracle gate, builds its circuits around it, and hands them to
:meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>`, which counts every oracle
application and runs them (the gate only acts there); then it decodes the answer.
"""

from __future__ import annotations

import functools
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qiskit.circuit import QuantumCircuit

    from .codemaker import Codemaker
    from .solving import QuantumOutcome

__all__ = [
    "AUTO_SEEDS",
    "PAIR_METHODS",
    "RunEstimate",
    "check_run",
    "choose_oracle_construction",
    "decode_counts",
    "decode_pair_answers",
    "estimate_run",
    "method_plan",
    "nonadaptive_plan",
    "position_weights",
    "solve_adaptive",
    "solve_nonadaptive",
    "solve_triples",
    "solve_two_color",
    "triple_plan",
    "triple_query_count",
]


# -- which oracle construction ---------------------------------------------------------

AUTO_SEEDS = (1, 2, 3)
"""``seed_transpiler`` values over which :func:`choose_oracle_construction` takes medians."""


def choose_oracle_construction(
    backend: str,
    num_positions: int,
    colors: int,
    *,
    score_qubits: int | None = None,
    optimization_level: int | None = None,
) -> str:
    """The oracle construction with the fewest two-qubit gates after transpiling for ``backend``.

    Each construction of :data:`mastermind_q.circuits.oracle.CONSTRUCTIONS` is built
    for the all-zero secret (the gate counts do not depend on the secret, only the
    one-qubit X gates do, so no secret is needed), transpiled as a block
    (``qubits_initially_zero=False``) with :func:`mastermind_q.backends.transpile_for`
    at ``optimization_level`` for each seed of :data:`AUTO_SEEDS`; the construction
    with the smallest median two-qubit gate count wins, ties by median depth, then by
    the order of ``CONSTRUCTIONS``. Aer has no coupling map: there the cost formula
    decides (fewest CX before optimisation, :func:`black_peg_oracle_cost`). Results are
    cached per (backend, n, k, m, level) for the process.

    On ``fake:torino`` at level 3 ``gray`` wins at ``k = 4`` (n = 8, 16, 32) and
    ``fourier`` at ``n = k = 8`` (``benchmarks/RESULTS.md``).

    Args:
        backend: a backend name.
        num_positions: ``n``.
        colors: ``k``.
        score_qubits: the score width ``m`` (default the minimum).
        optimization_level: 0-3 (default: the current execution options).

    Returns:
        A construction name.

    Raises:
        ValueError: invalid sizes or backend name.
        CircuitTooWideError: no construction fits the device (the narrowest is
            reported).
    """
    from .backends import current_execution_options, validate_backend_name
    from .circuits.oracle import _score_width
    from .game import validate_colors, validate_positions

    name = validate_backend_name(backend)
    n = validate_positions(num_positions)
    k = validate_colors(colors)
    m = _score_width(n, score_qubits)
    options = current_execution_options()
    level = options.optimization_level if optimization_level is None else optimization_level
    return _choose_construction(name, n, k, m, level)


@functools.lru_cache(maxsize=256)
def _choose_construction(name: str, n: int, k: int, m: int, level: int) -> str:
    from .backends import CircuitTooWideError, backend_kind, resolve_backend, transpile_for
    from .circuits.oracle import CONSTRUCTIONS, black_peg_oracle, black_peg_oracle_cost

    if backend_kind(name) == "aer":
        costs = {
            c: black_peg_oracle_cost(n, k, construction=c, score_qubits=m) for c in CONSTRUCTIONS
        }
        return min(CONSTRUCTIONS, key=lambda c: (costs[c].two_qubit_gates, costs[c].qubits))
    device = resolve_backend(name)  # once: an ibm: device is looked up over the network
    scores: dict[str, tuple[float, float, int]] = {}
    too_wide: CircuitTooWideError | None = None
    narrowest = 0
    for order, construction in enumerate(CONSTRUCTIONS):
        circuit = black_peg_oracle((0,) * n, k, construction=construction, score_qubits=m)
        twos, depths = [], []
        if circuit.num_qubits > device.num_qubits:
            if too_wide is None or circuit.num_qubits < narrowest:
                narrowest = circuit.num_qubits
                too_wide = CircuitTooWideError(
                    f"circuit {circuit.name!r} needs {circuit.num_qubits} qubits, "
                    f"but backend {name!r} has {device.num_qubits}"
                )
            continue
        for seed in AUTO_SEEDS:
            (compiled,) = transpile_for(
                [circuit], device, optimization_level=level, seed=seed, qubits_initially_zero=False
            )
            twos.append(sum(1 for item in compiled.data if item.operation.num_qubits == 2))
            depths.append(compiled.depth())
        scores[construction] = (statistics.median(twos), statistics.median(depths), order)
    if too_wide is not None and not scores:
        raise too_wide
    return min(scores, key=scores.__getitem__)


def _oracle_for(
    codemaker: Codemaker,
    backend: str,
    *,
    score_qubits: int | None = None,
    mps_construction: str | None = None,
) -> Any:
    """The codemaker's oracle gate in the construction the execution options ask for.

    ``"auto"``: :func:`choose_oracle_construction` on devices; on Aer the default
    construction, or ``mps_construction`` when given and Aer simulates the circuit as a
    matrix product state.
    """
    from .backends import aer_method, backend_kind, current_execution_options
    from .circuits.oracle import DEFAULT_CONSTRUCTION

    options = {} if score_qubits is None else {"score_qubits": score_qubits}
    construction = current_execution_options().oracle_construction
    if construction == "auto":
        n, k = codemaker.num_positions, codemaker.num_colors
        if backend_kind(backend) != "aer":
            construction = choose_oracle_construction(backend, n, k, score_qubits=score_qubits)
        else:
            construction = DEFAULT_CONSTRUCTION
            if mps_construction is not None:
                width = codemaker.oracle(**options).num_qubits
                if aer_method(backend, width) == "matrix_product_state":
                    construction = mps_construction
    return codemaker.oracle(construction=construction, **options)


# -- size estimates, checked before any circuit is built --------------------------------
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
      queries; ``adaptive``: ``2T`` queries, ``T`` of :func:`exact_grover_parameters`.

    Raises:
        ValueError: an unknown name or invalid sizes.
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` above the quantum limits.

    Example:
        >>> estimate_run("nonadaptive", 8, 8)
        RunEstimate(circuits=7, qubits=30, two_qubit_gates=1862)
    """
    from .circuits.oracle import black_peg_oracle_cost
    from .game import validate_colors, validate_positions
    from .limits import check_quantum_size

    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    if name not in ESTIMATED_NAMES:
        raise ValueError(f"name must be one of {', '.join(ESTIMATED_NAMES)}; was {name!r}")
    check_quantum_size(n, k)
    if name == "two-color":
        from .circuits.two_colors import two_color_score_qubits

        cost = black_peg_oracle_cost(n, 2, score_qubits=two_color_score_qubits(n))
    else:
        cost = black_peg_oracle_cost(n, k)
    q = max(1, (k - 1).bit_length())
    per_query = cost.two_qubit_gates + 6 * n * (q - 1)
    circuits, queries = 1, 1
    if name == "nonadaptive":
        circuits = queries = k - 1
    elif name == "triples":
        circuits = queries = -(-2 * (k - 1) // 3)
    elif name == "grover-iteration":
        queries = 2
    elif name == "adaptive":
        from .circuits.grover import exact_grover_parameters

        queries = 2 * int(exact_grover_parameters(k)[0])
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
    from .backends import DEFAULT_SHOTS, aer_method, backend_kind, is_exact
    from .limits import check_circuit_gates, check_shots, check_statevector

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


# -- non-adaptive codebreakers (Li-Luo-Xu Section 3 and the Section 5 remark) --------
#
# Success probability convention (nonadaptive, triples, two-color): each circuit's
# answer is its most likely (exact) or most frequent (sampled) bitstring; its
# probability or observed fraction is listed in ``circuit_success_probabilities``, and
# ``success_probability`` is their PRODUCT -- the probability that every circuit
# returns its answer, i.e. that the whole run returns the decoded secret (the circuits
# are independent runs). On ``aer-statevector`` the values are exact.

PAIR_METHODS = ("nonadaptive", "triples")
"""Methods that decode a plan of FindTwoColorPosition pair queries."""


def _check_pair_method_colors(method: str, colors: int) -> int:
    from .game import validate_colors

    k = validate_colors(colors)
    if k < 3:
        raise ValueError(
            f"method {method!r} needs colors k >= 3, was k={k}; use method='two-color' for k = 2"
        )
    return k


def nonadaptive_plan(colors: int) -> list[tuple[int, int]]:
    """Algorithm 1's pair queries: ``(0, c)`` for ``c = 1..k-1`` (``k - 1`` queries).

    Colour 0 sits at ``s^(0) = s^(0,1) AND s^(0,2)`` (here ``k >= 3`` is needed) and
    colour ``c`` at ``s^(c) = s^(0,c) XOR s^(0)``.

    Raises:
        ValueError: ``k < 3`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 1 (Theorem 1).

    Example:
        >>> nonadaptive_plan(4)
        [(0, 1), (0, 2), (0, 3)]
    """
    k = _check_pair_method_colors("nonadaptive", colors)
    return [(0, color) for color in range(1, k)]


def triple_query_count(colors: int) -> int:
    """``ceil(2(k-1)/3)``: the fewest pair queries that determine every secret (k >= 3).

    Example:
        >>> [triple_query_count(k) for k in range(3, 10)]
        [2, 2, 3, 4, 4, 5, 6]
    """
    k = _check_pair_method_colors("triples", colors)
    return -(-2 * (k - 1) // 3)


def triple_plan(colors: int) -> list[tuple[int, int]]:
    """Pair queries along colour paths: ``ceil(2(k-1)/3)`` FindTwoColorPosition queries.

    A plan of pair queries is a (multi)graph ``G`` on the colours, one edge per query
    ``(a, b)``. For every position ``i`` the answers are the indicator vector of the
    edges incident to ``s_i`` (the *signature* of that colour), so a non-adaptive plan
    determines every secret iff all ``k`` signatures are distinct.

    **Construction.** Colour 0 is asked about in no query: its signature is all-zero,
    i.e. its positions are the complement of all others. Colours ``1..k-1`` are cut
    into consecutive paths ``a - b - c`` of three colours (queries ``(a, b), (b, c)``;
    signatures ``10, 11, 01``), the last path taking one or two leftover colours
    (paths of 4 or 5 colours, 3 or 4 queries; a path's signatures are distinct
    whenever it has >= 3 vertices). For ``k = 3`` the path is ``0 - 1 - 2``. A path of
    ``v`` colours costs ``v - 1`` queries, so with ``k - 1 = 3t + r`` the plan costs
    ``2t + r = ceil(2(k-1)/3)`` (for ``k = 3``: 2).

    **Optimality (no plan of pair queries does better).** Two colours ``u != v`` have
    equal signatures iff both are isolated (empty signature), or every edge at ``u`` is
    an edge at ``v`` and vice versa, i.e. all their edges join ``u`` and ``v`` and
    ``{u, v}`` is a whole connected component of two vertices. Hence in a valid plan
    every component has one vertex (at most one such component) or at least three.
    A component of ``v`` vertices needs ``>= v - 1`` edges, so with ``c`` components
    of size ``>= 3`` covering ``k - e`` colours (``e in {0, 1}`` isolated colours) the
    plan has ``>= k - e - c`` edges and ``c <= (k - e)/3``, giving
    ``>= ceil(2(k - e)/3) >= ceil(2(k - 1)/3)`` queries. The paper's triples (Section 5)
    give ``ceil(2k/3)``, one more whenever ``k = 1 (mod 3)`` or ``k = 2 (mod 3)``.
    (``tests/test_quantum.py`` also checks minimality exhaustively for small ``k``.)

    Args:
        colors: ``k >= 3``.

    Returns:
        The ``(c1, c2)`` pairs, in query order.

    Raises:
        ValueError: ``k < 3`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 5 (closing remark on Algorithm 1), improved.

    Example:
        >>> triple_plan(4)
        [(1, 2), (2, 3)]
        >>> triple_plan(8)
        [(1, 2), (2, 3), (4, 5), (5, 6), (6, 7)]
    """
    k = _check_pair_method_colors("triples", colors)
    if k == 3:
        return [(0, 1), (1, 2)]
    rest = list(range(1, k))
    sizes = [3] * (len(rest) // 3)
    sizes[-1] += len(rest) % 3
    plan: list[tuple[int, int]] = []
    start = 0
    for size in sizes:
        path = rest[start : start + size]
        plan.extend((path[j], path[j + 1]) for j in range(size - 1))
        start += size
    return plan


def method_plan(method: str, colors: int) -> list[tuple[int, int]]:
    """The pair queries of ``method`` (``nonadaptive`` or ``triples``) for ``k`` colours.

    Raises:
        ValueError: unknown method or ``k < 3``.
    """
    if method == "nonadaptive":
        return nonadaptive_plan(colors)
    if method == "triples":
        return triple_plan(colors)
    raise ValueError(f"method must be one of {', '.join(PAIR_METHODS)}; was {method!r}")


def decode_pair_answers(
    plan: Sequence[tuple[int, int]], answers: Sequence[Sequence[int]], *, colors: int
) -> tuple[int, ...]:
    """Decode the secret from the answers ``s^(c1,c2)`` of a plan of pair queries.

    Position ``i`` gets the colour whose signature ``([c in pair] for pair in plan)``
    equals the observed bits ``(answer[i] for answer in answers)``. Noisy answers (no
    exact match) get the colour at the smallest Hamming distance, the smallest colour
    on ties.

    Raises:
        ValueError: the plan does not separate the colours, or the answers do not match
            the plan.

    Example:
        >>> decode_pair_answers([(1, 2), (2, 3)], [(1, 1, 0, 0), (0, 1, 1, 0)], colors=4)
        (1, 2, 3, 0)
    """
    from .game import validate_colors

    k = validate_colors(colors)
    if len(answers) != len(plan):
        raise ValueError(
            f"answers must hold one string per query ({len(plan)}), was {len(answers)}"
        )
    signatures = [tuple(int(color in pair) for pair in plan) for color in range(k)]
    if len(set(signatures)) != k:
        raise ValueError(f"plan {list(plan)} does not separate the {k} colours")
    lengths = {len(answer) for answer in answers}
    if len(lengths) > 1:
        raise ValueError(f"answers must have equal lengths, were {sorted(lengths)}")
    n = lengths.pop() if lengths else 0
    found = []
    for position in range(n):
        observed = tuple(int(answer[position]) for answer in answers)
        found.append(
            min(
                range(k),
                key=lambda c: (sum(a != b for a, b in zip(signatures[c], observed)), c),
            )
        )
    return tuple(found)


def _majority(distribution: Mapping[str, float], *, normalise: bool) -> tuple[str, float]:
    """The heaviest outcome (smallest key on ties) and its weight (or fraction)."""
    if not distribution:
        raise ValueError("a circuit returned no outcomes")
    key = max(sorted(distribution), key=lambda item: distribution[item])
    total = float(sum(distribution.values())) if normalise else 1.0
    return key.replace(" ", ""), float(distribution[key]) / total


def _bits(key: str, num_positions: int) -> tuple[int, ...]:
    """Bitstring (clbit 0 rightmost) -> bits ``(b_0, ..., b_{n-1})``."""
    if len(key) != num_positions or set(key) - {"0", "1"}:
        raise ValueError(f"outcome must be {num_positions} bits, was {key!r}")
    return tuple(int(bit) for bit in reversed(key))


def _decode(
    method: str,
    distributions: Sequence[Mapping[str, float]],
    *,
    num_positions: int,
    colors: int,
    normalise: bool,
) -> tuple[tuple[int, ...], list[float]]:
    majorities = [_majority(dist, normalise=normalise) for dist in distributions]
    answers = [_bits(key, num_positions) for key, _ in majorities]
    fractions = [fraction for _, fraction in majorities]
    if method == "two-color":
        if len(answers) != 1:
            raise ValueError(f"two-color decodes one circuit, got {len(answers)}")
        return answers[0], fractions
    plan = method_plan(method, colors)
    return decode_pair_answers(plan, answers, colors=colors), fractions


def _clamp(probability: float, floor: float) -> float:
    return min(max(probability, floor), 1.0 - floor)


def position_weights(
    method: str,
    distributions: Sequence[Mapping[str, float]],
    *,
    num_positions: int,
    colors: int,
) -> tuple[tuple[float, ...], ...]:
    """Per position, a normalised weight for every colour, from all the shots taken.

    The shot statistics of each circuit are reduced to per-position marginals, and the
    colours of a position are weighted by how well they explain them:

    * ``nonadaptive``, ``triples``: with ``f_ij(b)`` the fraction of circuit ``j``'s
      shots whose bit ``i`` is ``b``, colour ``c`` gets
      ``w_i(c) ~ prod_j f_ij(sig_c[j])`` (``sig_c`` the colour's signature along the plan,
      :func:`decode_pair_answers`), the likelihood of the shots if the circuits erred
      independently per bit;
    * ``two-color``: ``w_i(c) = f_i(c)``, the fraction of shots with bit ``i = c``;
    * ``adaptive``: ``w_i(c)`` the fraction of shots whose register ``i`` reads ``c``
      (values ``>= k`` dropped).

    Every fraction is clamped to ``[eps, 1 - eps]`` (``eps = 0.5 / (shots + 1)`` for
    counts, ``1e-12`` for exact probabilities) so no colour is ruled out by sampling
    alone; weights are then normalised per position. For one circuit the weight of the
    majority bit is the vote margin: the fraction of shots agreeing with it.

    Cost: ``O(outcomes * n * circuits + n * k * circuits)``.

    Args:
        method: ``nonadaptive``, ``triples``, ``two-color`` or ``adaptive``.
        distributions: counts (ints) or exact probabilities, one per circuit, in plan
            order; keys are bitstrings, clbit 0 rightmost.
        num_positions: ``n``.
        colors: ``k``.

    Returns:
        ``n`` tuples of ``k`` weights summing to 1.

    Raises:
        ValueError: unknown method or malformed outcomes.

    Example:
        >>> weights = position_weights("two-color", [{"01": 90, "11": 10}],
        ...                            num_positions=2, colors=2)
        >>> [round(w[1], 2) for w in weights]  # bit 0 is 1 in all shots, bit 1 in 10%
        [1.0, 0.1]
    """
    n = num_positions
    if method == "adaptive":
        from .circuits.layout import color_qubits

        q = color_qubits(colors)
        mask = (1 << q) - 1
        tallies = [[0.0] * colors for _ in range(n)]
        total = 0.0
        for key, weight in distributions[0].items():
            value = int(key.replace(" ", ""), 2)
            total += float(weight)
            for position in range(n):
                color = (value >> (position * q)) & mask
                if color < colors:
                    tallies[position][color] += float(weight)
        marginals = [[tally / total if total else 0.0 for tally in row] for row in tallies]
        floor = _floor(distributions[0])
        return tuple(_normalise([_clamp(f, floor) for f in row]) for row in marginals)
    if method == "two-color":
        signatures = [(0,), (1,)]
    elif method in PAIR_METHODS:
        plan = method_plan(method, colors)
        signatures = [tuple(int(color in pair) for pair in plan) for color in range(colors)]
    else:
        raise ValueError(
            f"method must be one of nonadaptive, triples, two-color, adaptive; was {method!r}"
        )
    ones: list[list[float]] = []  # ones[j][i]: fraction of circuit j's shots with bit i = 1
    floors = []
    for distribution in distributions:
        row = [0.0] * n
        total = 0.0
        for key, weight in distribution.items():
            bits = _bits(key.replace(" ", ""), n)
            total += float(weight)
            for position, bit in enumerate(bits):
                if bit:
                    row[position] += float(weight)
        ones.append([value / total if total else 0.5 for value in row])
        floors.append(_floor(distribution))
    weights = []
    for position in range(n):
        row = []
        for signature in signatures:
            likelihood = 1.0
            for j, wanted in enumerate(signature):
                one = _clamp(ones[j][position], floors[j])
                likelihood *= one if wanted else 1.0 - one
            row.append(likelihood)
        weights.append(_normalise(row))
    return tuple(weights)


def _floor(distribution: Mapping[str, float]) -> float:
    """The clamp ``eps``: ``0.5 / (shots + 1)`` for counts, ``1e-12`` for probabilities."""
    if all(isinstance(value, int) for value in distribution.values()):
        return 0.5 / (sum(distribution.values()) + 1)
    return 1e-12


def _normalise(row: Sequence[float]) -> tuple[float, ...]:
    total = sum(row)
    return tuple(value / total for value in row)


def decode_counts(
    method: str,
    counts: Sequence[Mapping[str, float]],
    *,
    num_positions: int,
    colors: int,
) -> tuple[tuple[int, ...], list[float]]:
    """Decode sampled counts (or mitigated quasi-probabilities) into the secret.

    Each circuit's answer is its heaviest bitstring (clbit 0 rightmost): the most
    frequent one for counts, the one of largest quasi-probability for the floats that
    readout-error mitigation returns (``mitigate=True``; they sum to 1 and may be
    negative: the majority is by weight). The pair answers are decoded with
    :func:`decode_pair_answers` along the method's plan (:func:`nonadaptive_plan`,
    :func:`triple_plan`); ``two-color`` reads the secret directly.

    Args:
        method: ``nonadaptive``, ``triples``, ``two-color`` or ``adaptive`` (one circuit:
            the heaviest valid code, :func:`solve_adaptive`).
        counts: one dict per circuit, in plan order: bitstring -> count (int) or
            quasi-probability (float).
        num_positions: ``n``.
        colors: ``k``.

    Returns:
        ``(secret, fractions)``: the decoded secret and, per circuit, the weight of that
        circuit's answer divided by the total weight (the fraction of shots for counts).

    Raises:
        ValueError: unknown method, wrong number of circuits, malformed bitstrings.

    Example:
        >>> decode_counts("triples", [{"011": 9, "111": 1}, {"110": 10}],
        ...               num_positions=3, colors=4)
        ((1, 2, 3), [0.9, 1.0])
        >>> decode_counts("two-color", [{"01": 0.75, "11": 0.3, "00": -0.05}],
        ...               num_positions=2, colors=2)
        ((1, 0), [0.75])
    """
    if method == "adaptive":
        if len(counts) != 1:
            raise ValueError(f"method 'adaptive' runs 1 circuit, got {len(counts)}")
        found, fraction = _adaptive_answer(counts[0], num_positions=num_positions, colors=colors)
        return found, [fraction]
    if method not in (*PAIR_METHODS, "two-color"):
        raise ValueError(
            f"method must be one of nonadaptive, triples, two-color, adaptive; was {method!r}"
        )
    if method != "two-color":
        expected = len(method_plan(method, colors))
        if len(counts) != expected:
            raise ValueError(
                f"method {method!r} with k={colors} runs {expected} circuits, got {len(counts)}"
            )
    return _decode(method, counts, num_positions=num_positions, colors=colors, normalise=True)


def _run_and_decode(
    method: str,
    codemaker: Codemaker,
    circuits: Sequence[QuantumCircuit],
    *,
    num_positions: int,
    colors: int,
    backend: str,
    shots: int | None,
    seed: int | None,
    metadata: Mapping[str, Any],
) -> QuantumOutcome:
    """Have the codemaker count and run ``circuits`` (exactly on ``aer-statevector``); decode."""
    from .backends import is_exact
    from .solving import QuantumOutcome

    distributions = codemaker.run(
        circuits, backend=backend, shots=shots, seed=seed, metadata=metadata
    )
    found, fractions = _decode(
        method,
        distributions,
        num_positions=num_positions,
        colors=colors,
        normalise=not is_exact(backend),
    )
    return QuantumOutcome(
        found=found,
        success_probability=math.prod(fractions),
        circuit_success_probabilities=tuple(fractions),
        position_weights=position_weights(
            method, distributions, num_positions=num_positions, colors=colors
        ),
    )


def _solve_pairs(
    method: str, codemaker: Codemaker, *, backend: str, shots: int | None, seed: int | None
) -> QuantumOutcome:
    from .circuits.find_two_color import find_two_color_circuit
    from .circuits.layout import score_qubits

    n, k = codemaker.num_positions, codemaker.num_colors
    plan = method_plan(method, k)
    oracle = _oracle_for(codemaker, backend)
    circuits = [
        find_two_color_circuit(oracle, c1, c2, num_positions=n, colors=k) for c1, c2 in plan
    ]
    metadata = {
        "method": method,
        "n": n,
        "k": k,
        "pairs": [list(pair) for pair in plan],
        "score_qubits": score_qubits(n),
    }
    return _run_and_decode(
        method,
        codemaker,
        circuits,
        num_positions=n,
        colors=k,
        backend=backend,
        shots=shots,
        seed=seed,
        metadata=metadata,
    )


def solve_nonadaptive(
    codemaker: Codemaker, *, backend: str, shots: int | None, seed: int | None
) -> QuantumOutcome:
    """Li-Luo-Xu Algorithm 1: ``k - 1`` FindTwoColorPosition queries decode ``s`` exactly.

    Runs :func:`~mastermind_q.circuits.find_two_color_circuit` for the pairs
    :func:`nonadaptive_plan` ``= (0, c), c = 1..k-1`` (one oracle query each), then
    ``s^(0) = s^(0,1) AND s^(0,2)``, ``s^(c) = s^(0,c) XOR s^(0)``
    (:func:`decode_pair_answers`).

    Cost: ``k - 1`` oracle queries; ``k - 1`` circuits of ``n*q + m + a`` qubits.

    Args:
        codemaker: the codemaker (its oracle gate is the only access to the secret).
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots per circuit on sampling backends.
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.solving.QuantumOutcome`; ``success_probability`` is
        the product of the per-circuit probabilities (see the module comment above).

    Raises:
        ValueError: ``k = 2`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 3.1, Algorithm 1 and Theorem 1.
    """
    return _solve_pairs("nonadaptive", codemaker, backend=backend, shots=shots, seed=seed)


def solve_triples(
    codemaker: Codemaker, *, backend: str, shots: int | None, seed: int | None
) -> QuantumOutcome:
    """Pair queries along colour paths: ``ceil(2(k-1)/3)`` queries decode ``s`` exactly.

    The plan is :func:`triple_plan` (optimal among plans of pair queries; the paper's
    Section 5 remark gives ``ceil(2k/3)``); each pair is one FindTwoColorPosition
    circuit, decoded by :func:`decode_pair_answers`.

    Cost: ``ceil(2(k-1)/3)`` oracle queries and circuits.

    Args:
        codemaker: the codemaker.
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots per circuit on sampling backends.
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.solving.QuantumOutcome` (product convention).

    Raises:
        ValueError: ``k = 2`` (use ``two-color``).

    Reference: Li, Luo, Xu, Section 5 (closing remark), improved by one isolated colour.
    """
    return _solve_pairs("triples", codemaker, backend=backend, shots=shots, seed=seed)


def solve_two_color(
    codemaker: Codemaker, *, backend: str, shots: int | None, seed: int | None
) -> QuantumOutcome:
    """Li-Luo-Xu Algorithm 3 (k = 2): one query, ``QFT_4`` and ``U``, ``s`` with certainty.

    Builds :func:`~mastermind_q.circuits.two_color_circuit` around the codemaker's
    oracle (built with ``score_qubits=2`` when ``n = 1``: ``QFT_4`` needs two score
    qubits), has the codemaker count and run it, and reads ``s`` from the measured
    positions.

    Cost: one oracle query; one circuit of ``n + max(2, m) + a`` qubits.

    Args:
        codemaker: the codemaker (``k = 2``).
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots on sampling backends.
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.solving.QuantumOutcome`.

    Raises:
        ValueError: ``k >= 3`` (use ``nonadaptive`` or ``triples``).

    Reference: Li, Luo, Xu, Section 3.2, Algorithm 3 and Theorem 2.
    """
    from .circuits.layout import score_qubits
    from .circuits.two_colors import two_color_circuit, two_color_score_qubits

    n, k = codemaker.num_positions, codemaker.num_colors
    if k != 2:
        raise ValueError(
            f"method 'two-color' needs colors k = 2, was k={k}; "
            "use method='nonadaptive' or method='triples' for k >= 3"
        )
    m = two_color_score_qubits(n)
    oracle = _oracle_for(codemaker, backend, score_qubits=None if m == score_qubits(n) else m)
    circuit = two_color_circuit(oracle, num_positions=n, score_qubits=m)
    metadata = {"method": "two-color", "n": n, "k": k, "score_qubits": m}
    return _run_and_decode(
        "two-color",
        codemaker,
        [circuit],
        num_positions=n,
        colors=k,
        backend=backend,
        shots=shots,
        seed=seed,
        metadata=metadata,
    )


def solve_adaptive(
    codemaker: Codemaker, *, backend: str, shots: int | None, seed: int | None
) -> QuantumOutcome:
    r"""Li-Luo-Xu Algorithm 4: ``n`` synchronous exact Grover searches, ``2T`` queries.

    Builds :func:`~mastermind_q.circuits.grover.adaptive_circuit` around the codemaker's
    oracle gate (``T`` iterations of ``B_s`` and ``B_s^dagger``: ``2T`` queries,
    ``T = ceil(pi/(4 asin(1/sqrt k)) - 1/2)``), binds Long's phase ``phi`` and has the
    codemaker count and run it once. The measured colour registers are the secret with
    probability 1.
    Runs that Aer simulates as a matrix product state (``aer`` above
    :data:`~mastermind_q.backends.STATEVECTOR_MAX_QUBITS` qubits, ``aer-mps``) ask for
    the oracle's ``increment`` construction, which that simulator runs faster.

    Args:
        codemaker: the codemaker (its oracle gate is the only access to the secret).
        backend: ``aer-statevector`` (exact probabilities) or a sampling backend.
        shots: shots on sampling backends (default
            :data:`~mastermind_q.backends.DEFAULT_SHOTS`).
        seed: simulator seed.

    Returns:
        The :class:`~mastermind_q.solving.QuantumOutcome`: the most likely (exact) or most
        frequent (sampled) code, its probability or observed fraction, and ``T``.

    References:
        Li, Luo, Xu, "Winning Mastermind on quantum computers", Algorithm 4, Theorem 3;
        G. L. Long, Phys. Rev. A 64, 022307 (2001) for ``phi`` (see
        :mod:`mastermind_q.circuits.grover` for the erratum).
    """
    from .backends import is_exact
    from .circuits.grover import PHI_NAME, adaptive_circuit, exact_grover_parameters
    from .solving import QuantumOutcome

    n, k = codemaker.num_positions, codemaker.num_colors
    iterations, phi = exact_grover_parameters(k)
    oracle = _oracle_for(codemaker, backend, mps_construction="increment")
    circuit = adaptive_circuit(oracle, num_positions=n, colors=k)
    (parameter,) = (p for p in circuit.parameters if p.name == PHI_NAME)
    bound = circuit.assign_parameters({parameter: phi})
    metadata = {"method": "adaptive", "n": n, "k": k, "iterations": iterations, "phi": phi}
    (distribution,) = codemaker.run(
        [bound], backend=backend, shots=shots, seed=seed, metadata=metadata
    )
    found, probability = _adaptive_answer(
        distribution, num_positions=n, colors=k, normalise=not is_exact(backend)
    )
    return QuantumOutcome(
        found=found,
        success_probability=probability,
        iterations=iterations,
        circuit_success_probabilities=(probability,),
        position_weights=position_weights("adaptive", [distribution], num_positions=n, colors=k),
    )


def _adaptive_code(key: str, *, num_positions: int, colors: int) -> tuple[int, ...] | None:
    """Decode a measured bitstring (clbit 0 rightmost) into a code; ``None`` if a colour >= k."""
    from .circuits.layout import color_qubits

    q = color_qubits(colors)
    value = int(key, 2)
    mask = (1 << q) - 1
    code = tuple((value >> (position * q)) & mask for position in range(num_positions))
    return code if all(color < colors for color in code) else None


def _adaptive_answer(
    distribution: Mapping[str, float],
    *,
    num_positions: int,
    colors: int,
    normalise: bool = True,
) -> tuple[tuple[int, ...], float]:
    """The most weighted valid code of a distribution or counts, and its weight.

    ``normalise``: divide by the total weight (counts); exact distributions are not.
    """
    weights: dict[tuple[int, ...], float] = {}
    for key, weight in distribution.items():
        code = _adaptive_code(key, num_positions=num_positions, colors=colors)
        if code is not None:
            weights[code] = weights.get(code, 0.0) + float(weight)
    if not weights:
        raise ValueError(f"no valid code among the measured outcomes {sorted(distribution)}")
    total = float(sum(distribution.values())) if normalise else 1.0
    found = max(weights, key=lambda code: (weights[code], tuple(-c for c in code)))
    return found, weights[found] / total
