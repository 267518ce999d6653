"""The referee: :func:`solve` plays one game with a named method.

``solve`` builds a :class:`~mastermind_q.codemaker.Codemaker` for the secret, hands it
to the chosen codebreaker (which never sees the secret), and reports what the
codemaker counted. :func:`play` does the same against any codemaker, e.g. the
adversary of El Ouali et al. (:mod:`mastermind_q.classical.adversary`).

Every method is one :class:`~mastermind_q.Codebreaker` object in :data:`METHODS`
(:mod:`mastermind_q.codebreaker`): its kind (``quantum`` or ``classical``), setting,
the colours ``k`` and games it plays, its count or worst-case guess bound, its limits,
its circuits, formula and reference -- what a method is, in one place, as a Qualtran
Bloq keeps its classical action, decomposition and cost together. Each built-in is
defined in the module that implements it (imported when first used); an installed one
joins through the entry-point group ``mastermind_q.codebreakers`` or
:func:`register_codebreaker`. ``solve``, ``play``, ``compare``, ``play``'s games and the
command line read it, and referee every codebreaker the same way: the reported
``queries`` are what the codemaker counted, ``solved`` is ``found == secret``.

Example:
    >>> result = solve((3, 0, 2, 1), colors=4, method="permutation")
    >>> result.solved
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from .codebreaker import (
    METHODS,
    Codebreaker,
    CodebreakerError,
    built_circuits,
    check_game,
    codebreaker_code,
    colors_reason,
    has_circuits,
    method_codebreaker,
    query_count,
    register_codebreaker,
)
from .codemaker import ClassicalCodemaker, check_codemaker, face_for
from .game import (
    SolveResult,
    _checked_code,
    validate_colors,
    validate_feedback,
    validate_flag,
    validate_optional_flag,
)

if TYPE_CHECKING:
    from qiskit import QuantumCircuit

    from .backends import Execution
    from .codemaker import Codemaker
    from .quantum.outcome import QuantumOutcome

__all__ = [
    "CLASSICAL_METHODS",
    "METHODS",
    "QUANTUM_METHODS",
    "Codebreaker",
    "CodebreakerError",
    "QuantumOutcome",
    "check_request",
    "method_circuits",
    "method_info",
    "play",
    "register_codebreaker",
    "solve",
]


QUANTUM_METHODS = METHODS.builtin_names("quantum")
"""The built-in quantum codebreakers' names."""
CLASSICAL_METHODS = METHODS.builtin_names("classical")
"""The built-in classical codebreakers' names."""


def __getattr__(name: str) -> Any:
    if name == "QuantumOutcome":  # the quantum package (and Qiskit) on first use only
        from .quantum.outcome import QuantumOutcome

        return QuantumOutcome
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def method_info(method: str) -> Codebreaker:
    """The codebreaker named ``method``; ``ValueError`` listing the valid names if unknown."""
    return method_codebreaker(method)


def _classical_guesses(method: str, n: int, k: int) -> int:
    """A worst-case guess count of classical ``method`` at ``(n, k)`` (for the work limit):
    its codebreaker's bound, else ``n + k`` (every colour and every position once: the
    least any method asks)."""
    count = query_count(method_info(method), n, k)
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
    effort: float | None = None,
) -> None:
    """Refuse a game beyond this machine's limits before anything is built.

    Quantum methods: :func:`mastermind_q.quantum.check_run` (``n``, ``k``, two-qubit
    gates, statevector memory, shots times circuits). Classical methods:
    :func:`mastermind_q.limits.check_classical` (``n``, ``k`` and guesses times ``n``) and,
    for the enumerating ``knuth``, ``random-consistent`` and ``optimal``, the size of the
    code space (``optimal``: the limit of the game played, ``feedback`` and ``distinct``;
    ``feedback=None`` is the method's own); for ``static`` the scheme played
    (``scheme``, or the one it picks): its query set's entries
    (:func:`~mastermind_q.classical.static_limits.check_static_entries`) or the exact
    search's code space;
    for ``consistent`` its cost model against ``effort``. Called by :func:`play` and by
    the CLI before it draws a random secret.

    Raises:
        mastermind_q.limits.ResourceLimitError: naming the value and the limit.
        ValueError: unknown method, invalid sizes, backend or shots.
    """
    from .game import validate_positions

    info = method_info(method)
    n = validate_positions(num_positions)
    k = validate_colors(num_colors)
    _check_request(
        info,
        n,
        k,
        backend=backend,
        shots=shots,
        distinct=distinct,
        feedback=feedback,
        scheme=scheme,
        effort=effort,
    )


def _check_request(
    info: Any,
    n: int,
    k: int,
    *,
    backend: str | None,
    shots: int | None,
    distinct: bool,
    feedback: str | None,
    scheme: str | None,
    effort: float | None,
) -> None:
    """:func:`check_request` of codebreaker ``info`` at validated sizes."""
    method = info.name
    if scheme is not None and not info.schemes:
        raise ValueError(f"method {method!r} has no schemes, was scheme={scheme!r}")
    extra = _effort_option(info, effort)
    if info.kind == "quantum":
        info.check(n, k, backend=backend or "aer", shots=shots)
        return
    info.check(n, k, distinct=distinct or info.distinct, feedback=feedback, scheme=scheme, **extra)


def _effort_option(info: Any, effort: float | None) -> dict[str, Any]:
    """``{"effort": effort}`` for a codebreaker that takes one (``{}`` for ``None``).

    Raises:
        ValueError: ``effort`` given to a codebreaker that takes none, or invalid.
    """
    if effort is None:
        return {}
    if not info.efforts:
        raise ValueError(f"method {info.name!r} takes no effort, was effort={effort!r}")
    from .classical.consistent import validate_effort

    return {"effort": validate_effort(effort)}


def play(
    codemaker: ClassicalCodemaker,
    *,
    method: str,
    backend: str | None = None,
    shots: int | None = None,
    seed: int | None = None,
    verify: bool = False,
    scheme: str | None = None,
    execution: Execution | None = None,
    effort: float | None = None,
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
        effort: ``consistent`` only: the game's search limit in CP-SAT deterministic
            time (default :data:`~mastermind_q.classical.consistent.DEFAULT_EFFORT`);
            a game its cost model puts above it is refused before any query.

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
        effort=effort,
    )


def _play(
    codemaker: ClassicalCodemaker,
    *,
    method: str,
    backend: str | None,
    shots: int | None,
    seed: int | None,
    verify: bool,
    scheme: str | None,
    execution: Execution | None,
    game_checked: bool,
    effort: float | None = None,
) -> SolveResult:
    """:func:`play`; ``game_checked``: :func:`solve` has checked the game already."""
    from .game import validate_seed
    from .limits import check_shots

    if not isinstance(check_codemaker(codemaker), ClassicalCodemaker):
        raise TypeError(
            f"codemaker must be a Codemaker (the referee plays, not a face), "
            f"was {type(codemaker).__name__}"
        )

    info = method_info(method)
    if scheme is not None and not info.schemes:
        raise ValueError(f"method {method!r} has no schemes, was scheme={scheme!r}")
    if shots is not None:
        shots = check_shots(shots)
    seed = validate_seed(seed)
    if execution is not None and info.kind != "quantum":
        raise ValueError(f"execution applies to quantum methods only, method was {method!r}")
    # A method made for one feedback asks its own kind of question (a codemaker answers
    # both); a method that plays several reads the game from ``codemaker.feedback``.
    feedback = getattr(codemaker, "feedback", "black")
    if not game_checked:
        check_game(
            info, feedback if len(info.feedbacks) > 1 else info.feedbacks[0], codemaker.distinct
        )
    validate_flag(verify, "verify")
    if verify and info.kind != "quantum":
        raise ValueError(f"verify applies to quantum methods only, method was {method!r}")
    if info.kind == "quantum":  # built once, here: the codebreaker and codemaker get it
        from .backends import resolve_execution

        execution = resolve_execution(execution, backend=backend, shots=shots, seed=seed)
        backend, shots, seed = execution.backend, execution.shots, execution.seed
    _check_request(
        info,
        codemaker.num_positions,
        codemaker.num_colors,
        backend=backend if info.kind == "quantum" else None,
        shots=shots if info.kind == "quantum" else None,
        distinct=codemaker.distinct,
        feedback=feedback,
        scheme=scheme,
        effort=effort,
    )
    reason = None if info.builtin else colors_reason(info, codemaker.num_colors)
    if reason is not None:  # a built-in checks its colours itself, in its own words
        raise ValueError(reason)
    if info.kind == "quantum":
        assert execution is not None and backend is not None
        quantum = cast("Codemaker", codemaker)  # a quantum face was refused otherwise
        return _quantum_result(quantum, info, execution, verify=verify)
    if backend is not None or shots is not None:
        raise ValueError(
            f"method {method!r} is classical: backend and shots do not apply, "
            f"were backend={backend!r}, shots={shots!r}"
        )
    extra_classical: dict[str, Any] = {}
    keywords: dict[str, Any] = {"seed": seed}
    if info.schemes:  # the codebreaker names the scheme it plays (``scheme`` forces one)
        chosen = info.scheme_for(  # type: ignore[attr-defined]
            codemaker.num_positions, codemaker.num_colors, feedback=feedback, scheme=scheme
        )
        keywords["scheme"] = chosen
        extra_classical["scheme"] = chosen
    keywords.update(_effort_option(info, effort))
    found = _answered(codemaker, info, _played(codemaker, info, **keywords))
    return SolveResult(
        secret=codemaker.reveal(),
        found=found,
        queries=codemaker.queries,
        method=method,
        num_colors=codemaker.num_colors,
        transcript=codemaker.transcript_record(),  # type: ignore[arg-type]  # built when read
        seed=seed,
        queries_to_win=codemaker.queries,
        **extra_classical,
    )


def _played(codemaker: ClassicalCodemaker, info: Codebreaker, **keywords: Any) -> Any:
    """What codebreaker ``info`` returns from its game against the face of ``codemaker``
    its kind and setting allow (:func:`~mastermind_q.codemaker.face_for`).

    The codebreaker's own code runs under :func:`~mastermind_q.codebreaker.codebreaker_code`:
    what it prints goes to stderr, and a plugin's failure is one
    :class:`~mastermind_q.codebreaker.CodebreakerError` naming it and the queries charged.
    """
    face = face_for(codemaker, info.kind, info.setting, info.name)
    with codebreaker_code(info, doing="solve", charged=lambda: codemaker.queries):
        if info.kind == "quantum" and set(keywords) == {"execution"}:
            from .quantum._solver import QuantumCodebreaker

            if (
                isinstance(info, QuantumCodebreaker)
                and type(info).solve is QuantumCodebreaker.solve
            ):
                # the record resolved in _play, taken as it is
                return info._solve(face, keywords["execution"])
        return info.solve(face, **keywords)


def _answered(codemaker: ClassicalCodemaker, info: Codebreaker, found: object) -> tuple[int, ...]:
    """The referee's win rule: ``found`` validated as a code, and answered.

    A game is won when the codemaker has answered the secret itself. A codebreaker that
    returns the secret without having asked it gets it asked here, counted like any
    guess, the same for every codebreaker (a wrong code is not asked: the game is lost).

    Raises:
        CodebreakerError: what was returned is not a code of this game (the message
            names the codebreaker and what is wrong).
    """
    code = _found_code(found, info, codemaker)
    if not codemaker._ledger.won and codemaker._wins(code):
        codemaker.black(code)
    return code


def _found_code(found: object, info: Codebreaker, codemaker: ClassicalCodemaker) -> tuple[int, ...]:
    """What a codebreaker returned, as the code it claims, validated like any code.

    The referee judges it (``solved`` is ``found == secret``): a well-formed wrong code
    is reported unsolved, never refused; anything else (a dict, a set, a generator, a
    wrong length, a colour out of range) is a one-line error naming the codebreaker.
    """
    from .game import shown

    queries = codemaker.queries
    if isinstance(found, (dict, set, frozenset, str, bytes)) or (
        not isinstance(found, (tuple, list)) and not hasattr(found, "__array__")
    ):
        raise CodebreakerError(
            f"codebreaker {info.name!r} must return the code it found (a sequence of ints), "
            f"returned {shown(found)} ({queries} queries charged)",
            name=info.name,
            queries=queries,
        )
    try:
        return _checked_code(
            found,  # type: ignore[arg-type]  # a sequence, checked above
            codemaker.num_colors,
            positions=codemaker.num_positions,
            distinct=codemaker.distinct,
            name="the code returned",
        )
    except ValueError as error:
        raise CodebreakerError(
            f"codebreaker {info.name!r}: {error} ({queries} queries charged)",
            name=info.name,
            queries=queries,
        ) from None


def _quantum_result(
    codemaker: Codemaker, info: Codebreaker, execution: Execution, *, verify: bool
) -> SolveResult:
    """Play quantum codebreaker ``info`` with ``execution`` and referee the game.

    A :class:`QuantumOutcome` brings its success probability and per-position weights;
    a plain code (an installed codebreaker's) brings neither, so ``verify`` (which
    repairs from the weights) needs the outcome. ``queries`` counts what the codebreaker
    asked (oracle applications, and its own guesses, shown apart); ``queries_to_win``
    adds the referee's question of the answer when the secret was not answered yet.
    """
    from .quantum.outcome import QuantumOutcome

    outcome = _played(codemaker, info, execution=execution)
    if isinstance(outcome, QuantumOutcome):
        found = _found_code(outcome.found, info, codemaker)
        weights = outcome.position_weights
        confidence: tuple[float, ...] | None = tuple(
            float(row[color]) for color, row in zip(found, weights)
        )
        probability: float | None = outcome.success_probability
        iterations = outcome.iterations
        per_circuit: tuple[float, ...] = tuple(outcome.circuit_success_probabilities)
    else:
        found, weights = _found_code(outcome, info, codemaker), None
        confidence, probability, iterations, per_circuit = None, None, None, ()
    extra: dict[str, Any] = {}
    guesses = len(codemaker.transcript_record())
    if guesses:  # the codebreaker's own guesses, shown apart from the oracle's count
        extra = {
            "quantum_queries": codemaker.queries - guesses,
            "classical_queries": guesses,
            "transcript": codemaker.transcript,
        }
    if verify:
        from .verification import verify_and_repair

        if weights is None:
            raise ValueError(
                f"verify needs the shot statistics of a QuantumOutcome; codebreaker "
                f"{info.name!r} returned a code only"
            )
        quantum_queries = codemaker.queries - guesses
        checked = verify_and_repair(codemaker, found, weights)
        found = checked.found
        extra = {
            "certified": checked.certified,
            "quantum_queries": quantum_queries,
            "classical_queries": codemaker.queries - quantum_queries,
            "repaired_positions": checked.repaired_positions,
            "transcript": codemaker.transcript,
        }
    if confidence is not None:
        extra["position_confidence"] = confidence
    queries = codemaker.queries
    if not codemaker._ledger.won and codemaker._wins(found):  # the win is the referee's
        codemaker.black(found)
    return SolveResult(
        secret=codemaker.reveal(),
        found=found,
        queries=queries,
        method=info.name,
        num_colors=codemaker.num_colors,
        backend=execution.backend,
        success_probability=probability,
        iterations=iterations,
        circuit_success_probabilities=per_circuit,
        oracle_executions=codemaker.oracle_executions,
        counts=tuple(getattr(codemaker, "outcomes", ())),
        circuits=tuple(getattr(codemaker, "circuits", ())),
        shots=_shots_used(execution.backend, execution.shots),
        seed=execution.seed,
        queries_to_win=codemaker.queries,
        **extra,
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
    effort: float | None = None,
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
        effort: ``consistent`` only: its search limit (see :func:`play`).

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
    check_game(info, feedback, distinct)
    maker: type[ClassicalCodemaker] = ClassicalCodemaker
    if info.kind == "quantum":  # the referee with an oracle (and Qiskit) for quantum games
        from .codemaker import Codemaker

        maker = Codemaker
    codemaker = maker._checked(secret, k, distinct=distinct, feedback=feedback)
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
        effort=effort,
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
    levels: int = 0,
    fmt: str | None = None,
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
        levels: the drawing will open the boxes this deep
            (:func:`~mastermind_q.drawing.open_boxes`): the size check before the game
            opens them too.
        fmt: the drawing's format (png, svg, pdf: its image size is checked too;
            :func:`~mastermind_q.drawing.check_drawing`).

    Returns:
        The circuits, in the order run.

    Raises:
        ValueError: not a quantum method, or sizes it does not support.
    """
    from .codemaker import Codemaker, reveal_circuit

    info = method_info(method)
    if info.kind != "quantum":
        raise ValueError(f"method must be a quantum method to draw its circuits, was {method!r}")
    code = _drawn_secret(
        info, num_positions, colors, secret, backend=backend, levels=levels, fmt=fmt
    )
    maker = Codemaker(code, int(colors))
    shots = _DRAW_SHOTS.get(backend, 64)
    result = play(maker, method=method, backend=backend, shots=shots, seed=seed)
    if not reveal:
        return tuple(result.circuits)
    return tuple(reveal_circuit(circuit, code, colors) for circuit in result.circuits)


_DRAW_SHOTS: dict[str, int | None] = {"aer-statevector": None}
"""Shots per circuit of the game a drawing plays (64; exact on ``aer-statevector``)."""


def _drawn_secret(
    info: Codebreaker,
    num_positions: object,
    colors: object,
    secret: Sequence[int] | None,
    *,
    backend: str = "aer",
    levels: int = 0,
    fmt: str | None = None,
) -> tuple[int, ...]:
    """The secret of a drawing of ``info``'s circuits, every size checked first.

    ``n`` and ``k`` are validated and the run is checked against the limits
    (:func:`check_request`) before the secret is built; a codebreaker with
    :meth:`~mastermind_q.Codebreaker.circuits` has them built around the oracle of a
    stand-in secret (the drawing's size does not depend on
    the secret, and a codebreaker must not see the real one before its game), and the
    drawing's size is checked (:func:`~mastermind_q.drawing.check_drawing`; opened
    ``levels`` deep, as an image when ``fmt`` names one), so a drawing too large is
    refused before any game is played.
    """
    from .drawing.figures import check_drawing, open_boxes, solve_captions
    from .game import validate_code, validate_positions

    n = validate_positions(num_positions)
    k = validate_colors(colors)
    check_request(info.name, n, k, backend=backend, shots=_DRAW_SHOTS.get(backend, 64))
    # the drawings' default secret (mastermind_q.drawing.default_secret): s_i = i mod k
    code = tuple(i % k for i in range(n)) if secret is None else secret
    code = validate_code(code, k, positions=n, name="secret")
    if has_circuits(info):  # sized around the oracle of a stand-in secret: the
        # codebreaker's own code sees nothing of the secret before its game
        stand_in = info.known_oracle(tuple(i % k for i in range(n)), k, None)
        built = built_circuits(info, stand_in, n, k)
        drawn = [open_boxes(c, levels) for c in built]
        check_drawing(
            drawn, fmt, titles=solve_captions(info.name, drawn, num_positions=n, colors=k)
        )
    return code


def check_method_drawing(
    method: str,
    num_positions: int,
    colors: int,
    secret: Sequence[int],
    *,
    fmt: str | None = None,
) -> None:
    """Refuse a drawing of quantum ``method``'s circuits for ``secret`` that would be too
    large, before the game is played (``solve --draw``).

    Raises:
        mastermind_q.limits.ResourceLimitError: beyond the limits or the drawing budget.
        ValueError: invalid sizes or secret.
    """
    _drawn_secret(method_info(method), num_positions, colors, secret, fmt=fmt)
