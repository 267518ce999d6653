"""The referee: :func:`solve` plays one game with a named method.

``solve`` builds a :class:`~mastermind_q.codemaker.Codemaker` for the secret, hands it
to the chosen codebreaker (which never sees the secret), and reports what the
codemaker counted. :func:`play` does the same against any codemaker, e.g. the
adversary of El Ouali et al. (:mod:`mastermind_q.classical.adversary`).

Every method is one entry of :data:`METHODS`, the one method table: its kind
(``quantum`` or ``classical``), the function that implements it (imported only when
used), its setting, the colours ``k`` it plays, its games (feedback, distinct), its
exact query count or worst-case guess bound, its formula and reference -- what a
method is, in one place, as a Qualtran Bloq keeps its classical action, decomposition
and cost together. ``solve``, ``play``, ``compare``, ``play``'s games and the command
line read it. A new method is a new entry, its builder and its tests.

Example:
    >>> result = solve((3, 0, 2, 1), colors=4, method="permutation")
    >>> result.solved
    True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .codemaker import Codemaker, check_codemaker
from .game import (
    SolveResult,
    validate_colors,
    validate_feedback,
    validate_flag,
    validate_optional_flag,
)
from .quantum.outcome import QuantumOutcome

if TYPE_CHECKING:
    from qiskit import QuantumCircuit

    from .backends import Execution

__all__ = [
    "CLASSICAL_METHODS",
    "METHODS",
    "QUANTUM_METHODS",
    "MethodInfo",
    "QuantumOutcome",
    "check_request",
    "method_circuits",
    "method_info",
    "play",
    "solve",
]


@dataclass(frozen=True)
class MethodInfo:
    """A codebreaking method: everything the toolkit knows about it, in one entry.

    Attributes:
        name: the ``method`` string.
        kind: ``"quantum"`` or ``"classical"``.
        target: ``"module:function"`` implementing it. Quantum functions take
            ``(codemaker, *, execution)`` (an :class:`~mastermind_q.backends.Execution`;
            or ``backend``, ``shots``, ``seed``) and return a :class:`QuantumOutcome`;
            classical ones take ``(codemaker, *, seed)`` and return the found code.
        distinct: the method's default game is the permutation game (no repeated
            colours, k >= n).
        summary: one line for help texts.
        feedbacks: the feedback kinds it plays; the first is its default.
        games: the values of ``distinct`` it plays (default: ``(distinct,)`` only).
        schemes: the keyword ``scheme`` the implementing function takes (``static``:
            its query sets); ``False`` for every other method.
        setting: ``"non-adaptive"`` (every query fixed before any answer is seen) or
            ``"adaptive"``.
        colors: the colours it plays, ``(fewest, most)`` (``most`` ``None``: no upper
            limit); ``colors_source``: where the rule comes from, for messages.
        exact: a quantum method that finds the secret with probability 1 (noiseless).
        queries: ``"module:function"`` of its exact oracle-call count ``f(k)``
            (quantum), or of its worst-case guess bound ``f(n, k)`` (classical; the work
            limit's estimate), or ``None``.
        formula: the count as a formula, for tables.
        reference: the paper and the exact place.
    """

    name: str
    kind: str
    target: str
    distinct: bool = False
    summary: str = ""
    feedbacks: tuple[str, ...] = ("black",)
    games: tuple[bool, ...] | None = None
    schemes: bool = False
    setting: str = "adaptive"
    colors: tuple[int, int | None] = (2, None)
    colors_source: str = ""
    exact: bool = True
    queries: str | None = None
    formula: str | None = None
    reference: str | None = None

    @property
    def distinct_games(self) -> tuple[bool, ...]:
        """The values of ``distinct`` the method plays."""
        return (self.distinct,) if self.games is None else self.games

    def check_game(self, feedback: str, distinct: bool) -> None:
        """Raise a one-line ``ValueError`` if the method cannot play this game."""
        if feedback not in self.feedbacks:
            raise ValueError(
                f"method {self.name!r} plays feedback {' or '.join(map(repr, self.feedbacks))}"
                f" only, was feedback={feedback!r}"
            )
        if distinct not in self.distinct_games:
            game = "the permutation game (distinct=True)" if self.distinct else "repetition"
            raise ValueError(f"method {self.name!r} plays {game} only, was distinct={distinct!r}")

    def plays_colors(self, k: int) -> bool:
        """Whether the method plays ``k`` colours."""
        fewest, most = self.colors
        return k >= fewest and (most is None or k <= most)

    def colors_reason(self, k: int) -> str | None:
        """Why the method does not play ``k`` colours (``None`` if it does)."""
        if self.plays_colors(k):
            return None
        fewest, most = self.colors
        if most == fewest:
            rule = f"== {fewest}"
        elif fewest > 3:
            rule = f"> {fewest - 1}"
        else:
            rule = f">= {fewest}"
        source = f" ({self.colors_source})" if self.colors_source else ""
        return f"{self.name} needs colors {rule}{source}, was {k}"

    def query_count(self, num_positions: int, num_colors: int) -> int | None:
        """The entry's count at ``(n, k)``: oracle calls (quantum), a guess bound
        (classical), or ``None`` when the entry has none."""
        if self.queries is None:
            return None
        count = _load(self.queries)
        if self.kind == "quantum":
            return int(count(num_colors))
        return int(count(num_positions, num_colors))

    def load(self) -> Callable[..., Any]:
        """Import and return the implementing function."""
        return _load(self.target)


def _load(target: str) -> Callable[..., Any]:
    """The function ``"module:function"`` names, imported now."""
    module_name, function_name = target.split(":")
    return getattr(importlib.import_module(module_name), function_name)


_LLX = "Li-Luo-Xu"
_ELOUALI = "El Ouali et al., Games 9(1):2 (2018)"


METHODS: dict[str, MethodInfo] = {
    info.name: info
    for info in (
        MethodInfo(
            "nonadaptive",
            "quantum",
            "mastermind_q.quantum:solve_nonadaptive",
            summary="Li-Luo-Xu Algorithm 1: k-1 FindTwoColorPosition queries (k >= 3)",
            setting="non-adaptive",
            colors=(3, None),
            queries="mastermind_q.quantum.counts:nonadaptive_queries",
            formula="k - 1",
            reference=f"{_LLX}, Algorithm 1, Theorem 1",
        ),
        MethodInfo(
            "triples",
            "quantum",
            "mastermind_q.quantum:solve_triples",
            summary="pair queries along colour paths: ceil(2(k-1)/3) queries (k >= 3)",
            setting="non-adaptive",
            colors=(3, None),
            queries="mastermind_q.quantum.counts:triples_queries",
            formula="ceil(2(k-1)/3)",
            reference=f"{_LLX}, Section 5 (colour triples), improved",
        ),
        MethodInfo(
            "two-color",
            "quantum",
            "mastermind_q.quantum:solve_two_color",
            summary="Li-Luo-Xu Algorithm 3: one query with QFT_4 (k = 2)",
            setting="non-adaptive",
            colors=(2, 2),
            queries="mastermind_q.quantum.counts:two_color_queries",
            formula="1",
            reference=f"{_LLX}, Algorithm 3, Theorem 2",
        ),
        MethodInfo(
            "adaptive",
            "quantum",
            "mastermind_q.quantum:solve_adaptive",
            summary="Li-Luo-Xu Algorithm 4: n synchronous exact Grover searches, 2T queries",
            queries="mastermind_q.quantum.counts:adaptive_queries",
            formula="2T, T = ceil(pi/(4 arcsin sqrt(1/k)) - 1/2)",
            reference=f"{_LLX}, Algorithm 4, Theorem 3",
        ),
        MethodInfo(
            "hunziker-meyer",
            "quantum",
            "mastermind_q.quantum:solve_hunziker_meyer",
            summary="Li-Luo-Xu Appendix A, Algorithm 5 (Hunziker-Meyer): T parity queries (k > 4)",
            colors=(5, None),
            colors_source="Li-Luo-Xu Appendix A",
            exact=False,
            queries="mastermind_q.circuits.hunziker_meyer:hunziker_meyer_iterations",
            formula="T = round((pi/(2 arcsin(1/sqrt k)) - 1)/2), p = sin^2((2T+1) theta)^n",
            reference=f"{_LLX}, Appendix A, Algorithm 5, Theorem 4 (Hunziker-Meyer [HM02])",
        ),
        MethodInfo(
            "permutation",
            "classical",
            "mastermind_q.classical.permutation:solve_permutation",
            distinct=True,
            summary="El Ouali et al. binary search for permutations (k = n and k > n)",
            queries="mastermind_q.classical.guess_bounds:permutation_guess_bound",
            reference=f"{_ELOUALI}, Algorithms 1-4",
        ),
        MethodInfo(
            "knuth",
            "classical",
            "mastermind_q.classical.baselines:solve_knuth",
            summary="Knuth's 1977 minimax with black-white feedback (small n, k)",
            feedbacks=("black-white",),
            games=(False, True),
            reference="Knuth, J. Recreational Math. 9 (1976-77), minimax",
        ),
        MethodInfo(
            "blackpeg",
            "classical",
            "mastermind_q.classical.baselines:solve_blackpeg",
            summary="deterministic black-peg solver with repetition for any n, k",
            queries="mastermind_q.classical.baselines:blackpeg_query_bound",
            reference="deterministic black-peg baseline with repetition",
        ),
        MethodInfo(
            "coin-weighing",
            "classical",
            "mastermind_q.classical.coin_weighing:solve_coin_weighing",
            summary="interval tree with coin-weighing batches of binary tests (any n, k)",
            queries="mastermind_q.classical.coin_weighing:coin_weighing_query_bound",
            reference="interval tree with Lindström coin-weighing batches "
            "(Lindström 1965; Martinsson and Su, CPC 2023)",
        ),
        MethodInfo(
            "random-consistent",
            "classical",
            "mastermind_q.classical.baselines:solve_random_consistent",
            summary="guess a uniformly random code consistent with all answers (small n, k)",
            games=(False, True),
            reference="random consistent guess baseline",
        ),
        MethodInfo(
            "optimal",
            "classical",
            "mastermind_q.classical.optimal:solve_optimal",
            summary="exact minimax strategy by game-tree search (small n, k; any game)",
            feedbacks=("black", "black-white"),
            games=(False, True),
        ),
        MethodInfo(
            "static",
            "classical",
            "mastermind_q.classical.static:solve_static",
            summary="non-adaptive: one batch of queries (minimum set, coin weighing, colour "
            "designs or random), then the guess",
            feedbacks=("black", "black-white"),
            schemes=True,
            setting="non-adaptive",
            queries="mastermind_q.classical.guess_bounds:static_guess_bound",
            formula="|Q| + 1, the fewest of: |Q| = static_minimum(n, k) (tiny games); "
            "m_L(n) + 1 (coin weighing, k = 2); (k - 1) m_L(n) + 1 (colour designs); "
            "ceil(k ln(n k) max(0.5 e^(n/k), 0.8)) (random sets, 2k >= n)",
            reference="classical non-adaptive codebreaker (one batch of queries, then the "
            "answer): minimum resolving sets of H(n, k) by CP-SAT (OEIS A303735; Caceres et "
            "al. 2007), Lindstrom detecting designs (Lindstrom 1965; Cantor and Mills 1966) "
            "and random sets with a peeling decoder beyond",
        ),
        MethodInfo(
            "consistent",
            "classical",
            "mastermind_q.classical.consistent:solve_consistent",
            summary="CP-SAT consistent-code guesser, expected-size choice (any n, k; any game)",
            feedbacks=("black", "black-white"),
            games=(False, True),
        ),
    )
}
"""Every codebreaking method by name: kind, implementing function, one-line summary."""
QUANTUM_METHODS = tuple(name for name, info in METHODS.items() if info.kind == "quantum")
CLASSICAL_METHODS = tuple(name for name, info in METHODS.items() if info.kind == "classical")


def method_info(method: str) -> MethodInfo:
    """Look up ``method``; raise ``ValueError`` listing the valid names if unknown."""
    try:
        return METHODS[method]
    except (KeyError, TypeError):
        valid = ", ".join(METHODS)
        raise ValueError(f"method must be one of {valid}; was {method!r}") from None


def _classical_guesses(method: str, n: int, k: int) -> int:
    """A worst-case guess count of classical ``method`` at ``(n, k)`` (for the work limit):
    its table entry's bound, else ``n + k`` (every colour and every position once: the
    least any method asks)."""
    count = method_info(method).query_count(n, k)
    return n + k if count is None else count


def check_request(
    method: str,
    num_positions: int,
    num_colors: int,
    *,
    backend: str | None = None,
    shots: int | None = None,
    distinct: bool = False,
    feedback: str | None = None,
    scheme: str | None = None,
) -> None:
    """Refuse a game beyond this machine's limits before anything is built.

    Quantum methods: :func:`mastermind_q.quantum.check_run` (``n``, ``k``, two-qubit
    gates, statevector memory, shots times circuits). Classical methods:
    :func:`mastermind_q.limits.check_classical` (``n``, ``k`` and guesses times ``n``) and,
    for the enumerating ``knuth``, ``random-consistent`` and ``optimal``, the size of the
    code space (``optimal``: the limit of the game played, ``feedback`` and ``distinct``;
    ``feedback=None`` is the method's own); for ``static`` the scheme played
    (``scheme``, or the one it picks): its query set's entries
    (:func:`mastermind_q.limits.check_static_entries`) or the exact search's code space.
    Called by :func:`play` and by the CLI before it draws a random secret.

    Raises:
        mastermind_q.limits.ResourceLimitError: naming the value and the limit.
        ValueError: unknown method, invalid sizes, backend or shots.
    """
    from .game import validate_positions
    from .limits import check_classical, check_code_space

    info = method_info(method)
    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    if info.kind == "quantum":
        from .limits import check_quantum_size
        from .quantum import ESTIMATED_NAMES, check_run

        if method in ESTIMATED_NAMES:
            check_run(method, n, k, backend=backend or "aer", shots=shots)
        else:
            check_quantum_size(n, k)
        return
    if scheme is not None and method != "static":
        raise ValueError(f"scheme applies to method 'static' only, method was {method!r}")
    check_classical(method, n, k, 0)  # n and k first: the bounds below loop over them
    if method == "coin-weighing":  # its own work limit (its guesses are cheap to make)
        from .limits import check_coin_weighing

        check_coin_weighing(n, k)
        return
    if method == "static":
        from .classical.static import static_query_count, static_scheme
        from .limits import check_static_entries, check_static_search

        static_feedback = info.feedbacks[0] if feedback is None else validate_feedback(feedback)
        chosen = static_scheme(n, k, feedback=static_feedback, scheme=scheme)
        count = static_query_count(n, k, feedback=static_feedback, scheme=chosen)
        if chosen == "minimum":
            from .classical.static import exact_play_available

            if not exact_play_available(n, k, static_feedback):
                check_static_search(n, k, static_feedback)
            check_classical(method, n, k, count + 1)
        else:  # its own bound: the set's entries and bytes (answered as one array)
            check_static_entries(chosen, n, k, count)
        return
    if method in ("knuth", "random-consistent"):
        from .classical import baselines

        limit_name = "KNUTH_MAX_CODES" if method == "knuth" else "RANDOM_CONSISTENT_MAX_CODES"
        most = getattr(baselines, limit_name)
        distinct = distinct or info.distinct
        check_code_space(method, n, k, most, distinct=distinct, limit_name=limit_name)
    elif method == "optimal":  # the limit of the game being played
        from .classical.optimal import check_optimal_game

        feedback = info.feedbacks[0] if feedback is None else validate_feedback(feedback)
        check_optimal_game(n, k, feedback, distinct)
    check_classical(method, n, k, _classical_guesses(method, n, k))


def play(
    codemaker: Codemaker,
    *,
    method: str,
    backend: str | None = None,
    shots: int | None = None,
    seed: int | None = None,
    verify: bool = False,
    scheme: str | None = None,
    execution: Execution | None = None,
) -> SolveResult:
    """Let the ``method`` codebreaker play against ``codemaker`` and referee the game.

    Args:
        codemaker: any codemaker (a :class:`Codemaker` or the adversary).
        method: a name from :data:`METHODS`.
        backend: quantum methods only: a backend name (default ``aer``).
        shots: quantum methods on sampling backends: shots per circuit.
        seed: seeds the simulator (quantum) or the codebreaker's choices (classical).
        verify: quantum methods only: certify the decoded code with a black-peg query
            and repair it from the shot statistics
            (:func:`mastermind_q.verification.verify_and_repair`, budget ``2n + k``
            classical queries).
        scheme: ``static`` only: force its scheme (``"minimum"``, ``"coin-weighing"``,
            ``"colour-designs"``, ``"random"``, ``"balanced"``); ``None`` picks the fewest
            queries.
        execution: quantum methods only: the
            :class:`~mastermind_q.backends.Execution` record to run with (backend, shots,
            seed, options such as the oracle construction and noise suppression, runtime
            batch), handed to the codebreaker and, through it, to the codemaker. Default:
            one built here, once, from ``backend``, ``shots``, ``seed`` and the
            :func:`~mastermind_q.backends.execution_options` in force.

    Returns:
        The :class:`SolveResult`; ``queries`` is what the codemaker counted; ``static``
        results name their ``scheme``.

    Raises:
        ValueError: unknown method, or options that do not apply to it.
        TypeError: ``codemaker`` is not a :class:`Codemaker`.
    """
    return _play(
        codemaker,
        method=method,
        backend=backend,
        shots=shots,
        seed=seed,
        verify=verify,
        scheme=scheme,
        execution=execution,
        game_checked=False,
    )


def _play(
    codemaker: Codemaker,
    *,
    method: str,
    backend: str | None,
    shots: int | None,
    seed: int | None,
    verify: bool,
    scheme: str | None,
    execution: Execution | None,
    game_checked: bool,
) -> SolveResult:
    """:func:`play`; ``game_checked``: :func:`solve` has checked the game already."""
    from .game import validate_seed
    from .limits import check_shots

    check_codemaker(codemaker)

    info = method_info(method)
    if scheme is not None:
        from .classical.static_schemes import validate_scheme

        if method != "static":
            raise ValueError(f"scheme applies to method 'static' only, method was {method!r}")
        scheme = validate_scheme(scheme)
    if shots is not None:
        shots = check_shots(shots)
    seed = validate_seed(seed)
    if execution is not None and info.kind != "quantum":
        raise ValueError(f"execution applies to quantum methods only, method was {method!r}")
    # A method made for one feedback asks its own kind of question (a codemaker answers
    # both); a method that plays several reads the game from ``codemaker.feedback``.
    feedback = getattr(codemaker, "feedback", "black")
    if not game_checked:
        info.check_game(
            feedback if len(info.feedbacks) > 1 else info.feedbacks[0], codemaker.distinct
        )
    validate_flag(verify, "verify")
    if verify and info.kind != "quantum":
        raise ValueError(f"verify applies to quantum methods only, method was {method!r}")
    if info.kind == "quantum":  # built once, here: the codebreaker and codemaker get it
        from .backends import resolve_execution

        execution = resolve_execution(execution, backend=backend, shots=shots, seed=seed)
        backend, shots, seed = execution.backend, execution.shots, execution.seed
    check_request(
        method,
        codemaker.num_positions,
        codemaker.num_colors,
        backend=backend if info.kind == "quantum" else None,
        shots=shots if info.kind == "quantum" else None,
        distinct=codemaker.distinct,
        feedback=feedback,
        scheme=scheme,
    )
    breaker = info.load()
    if info.kind == "quantum":
        assert execution is not None and backend is not None
        backend_name = backend
        outcome: QuantumOutcome = breaker(codemaker, execution=execution)
        found = tuple(outcome.found)
        weights = outcome.position_weights
        confidence = tuple(float(row[color]) for color, row in zip(found, weights))
        extra: dict[str, Any] = {}
        if verify:
            from .verification import verify_and_repair

            quantum_queries = codemaker.queries
            checked = verify_and_repair(codemaker, found, weights)
            found = checked.found
            extra = {
                "certified": checked.certified,
                "quantum_queries": quantum_queries,
                "classical_queries": codemaker.queries - quantum_queries,
                "repaired_positions": checked.repaired_positions,
                "transcript": codemaker.transcript,
            }
        return SolveResult(
            secret=codemaker.reveal(),
            found=found,
            queries=codemaker.queries,
            method=method,
            num_colors=codemaker.num_colors,
            backend=backend_name,
            success_probability=outcome.success_probability,
            iterations=outcome.iterations,
            circuit_success_probabilities=tuple(outcome.circuit_success_probabilities),
            position_confidence=confidence,
            oracle_executions=codemaker.oracle_executions,
            counts=tuple(getattr(codemaker, "outcomes", ())),
            circuits=tuple(getattr(codemaker, "circuits", ())),
            shots=_shots_used(backend_name, shots),
            seed=seed,
            **extra,
        )
    if backend is not None or shots is not None:
        raise ValueError(
            f"method {method!r} is classical: backend and shots do not apply, "
            f"were backend={backend!r}, shots={shots!r}"
        )
    extra_classical: dict[str, Any] = {}
    if info.schemes:
        from .classical.static import static_scheme

        chosen = static_scheme(
            codemaker.num_positions, codemaker.num_colors, feedback=feedback, scheme=scheme
        )
        found = tuple(breaker(codemaker, seed=seed, scheme=chosen))
        extra_classical["scheme"] = chosen
    else:
        found = tuple(breaker(codemaker, seed=seed))
    return SolveResult(
        secret=codemaker.reveal(),
        found=found,
        queries=codemaker.queries,
        method=method,
        num_colors=codemaker.num_colors,
        transcript=codemaker.transcript_record(),  # type: ignore[arg-type]  # built when read
        seed=seed,
        **extra_classical,
    )


def _shots_used(backend: str, shots: int | None) -> int | None:
    """Shots per circuit on a sampling backend (the default filled in); ``None`` if exact."""
    from .backends import DEFAULT_SHOTS, is_exact

    if is_exact(backend):
        return None
    return DEFAULT_SHOTS if shots is None else shots


def solve(
    secret: Sequence[int],
    *,
    colors: int,
    method: str,
    backend: str | None = None,
    shots: int | None = None,
    seed: int | None = None,
    verify: bool = False,
    feedback: str | None = None,
    distinct: bool | None = None,
    scheme: str | None = None,
    execution: Execution | None = None,
) -> SolveResult:
    """Solve ``secret`` with ``method`` and report the honest query count.

    Args:
        secret: the code to find, colours ``0..colors-1``.
        colors: the number of colours ``k``.
        method: one of :data:`METHODS` -- quantum ``nonadaptive``, ``triples``,
            ``two-color``, ``adaptive``, ``hunziker-meyer``; classical ``permutation``,
            ``knuth``, ``blackpeg``, ``coin-weighing``, ``random-consistent``, ``optimal``,
            ``consistent``, ``static``.
        backend: quantum methods: ``aer`` (default), ``aer-statevector``, ``aer-mps``,
            ``fake:NAME`` or ``ibm:NAME``.
        shots: shots per circuit on sampling backends.
        seed: simulator seed (quantum) or codebreaker seed (classical).
        verify: quantum methods: certify the answer with one classical black-peg query
            and repair it if wrong (:mod:`mastermind_q.verification`); ``solved`` then
            also requires the certificate, and ``quantum_queries`` /
            ``classical_queries`` split ``queries``.
        feedback: the game's feedback, ``"black"`` or ``"black-white"`` (default: the
            method's own, black pegs for all but ``knuth``); ``optimal``,
            ``consistent`` and ``static`` play both.
        distinct: the permutation game, no repeated colours and ``k >= n`` (default:
            the method's own, ``True`` for ``permutation`` only).
        scheme: ``static`` only: its query set, ``"minimum"`` (the exact minimum, tiny
            games), ``"coin-weighing"`` (``k = 2``), ``"colour-designs"``, ``"random"`` or
            ``"balanced"`` (belief propagation); ``None`` (default) picks the fewest queries.
        execution: quantum methods: the :class:`~mastermind_q.backends.Execution`
            record to run with, instead of ``backend``, ``shots`` and ``seed`` (see
            :func:`play`).

    Returns:
        A :class:`~mastermind_q.game.SolveResult`.

    Raises:
        ValueError: invalid secret, colours, method or options, or a game the method
            does not play (the message names the offending value).

    Example:
        >>> solve((1, 0, 1), colors=2, method="two-color", backend="aer-statevector").queries
        1
    """
    info = method_info(method)  # the game here; every other option once, in _play
    k = validate_colors(colors)
    feedback = info.feedbacks[0] if feedback is None else validate_feedback(feedback)
    distinct = validate_optional_flag(distinct, "distinct")
    if distinct is None:
        distinct = info.distinct
    info.check_game(feedback, distinct)
    codemaker = Codemaker(secret, k, distinct=distinct, feedback=feedback)
    return _play(
        codemaker,
        method=method,
        backend=backend,
        shots=shots,
        seed=seed,
        verify=verify,
        scheme=scheme,
        execution=execution,
        game_checked=True,
    )


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

    The method plays a game (:func:`play`) on ``backend``, so adaptive
    methods show the circuits their answers led to. As handed over, the oracle is the
    codemaker's opaque box ``B_s``; with ``reveal`` it is the oracle of ``secret``
    (:class:`~mastermind_q.circuits.BlackPegOracleGate`, which :func:`open_boxes`
    can open): for a secret the user chose, as every drawing here.

    Args:
        method: a quantum method of :data:`mastermind_q.METHODS`.
        num_positions: ``n``.
        colors: ``k``.
        secret: the secret (default :func:`mastermind_q.drawing.default_secret`).
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

    info = method_info(method)
    if info.kind != "quantum":
        raise ValueError(f"method must be a quantum method to draw its circuits, was {method!r}")
    # the drawings' default secret (mastermind_q.drawing.default_secret): s_i = i mod k
    code = tuple(i % colors for i in range(num_positions)) if secret is None else secret
    code = validate_code(code, colors, positions=num_positions, name="secret")
    maker = Codemaker(code, colors)
    shots = None if backend == "aer-statevector" else 64
    result = play(maker, method=method, backend=backend, shots=shots, seed=seed)
    if not reveal:
        return tuple(result.circuits)
    return tuple(reveal_circuit(circuit, code, colors) for circuit in result.circuits)
