"""The codebreaker object: :class:`Codebreaker`, the base class of every method.

A codebreaker is one object that keeps what the toolkit knows of a method together,
as a Qualtran Bloq keeps its classical action, decomposition and cost: its name, kind,
setting, the colours and games it plays, its count (:meth:`Codebreaker.queries`), its
circuits (:meth:`Codebreaker.circuits`, quantum), its limits (:meth:`Codebreaker.check`)
and the game itself (:meth:`Codebreaker.solve`). Every built-in method is an instance
of a subclass, defined in the module that implements it, and
:data:`mastermind_q.METHODS` maps the names to them. A codebreaker written outside the
package joins through the entry-point group ``mastermind_q.codebreakers`` or
:func:`mastermind_q.register_codebreaker`, and then plays in ``solve``, ``compare``,
``draw`` and ``resources`` like a built-in, refereed by the same codemaker.

The referee stays the one authority: a codebreaker only talks to the
:class:`~mastermind_q.codemaker.Codemaker` it is handed (classical guesses with
:meth:`~mastermind_q.codemaker.Codemaker.black`, quantum queries with the opaque
:meth:`~mastermind_q.codemaker.Codemaker.oracle` inside
:meth:`~mastermind_q.codemaker.Codemaker.run`); the reported ``queries`` are what the
codemaker counted, and ``solved`` is ``found == secret``.

Example:
    >>> class FirstGuess(Codebreaker):
    ...     name = "first-guess"
    ...     kind = "classical"
    ...     summary = "ask every code in order (a toy)"
    ...     def solve(self, codemaker, *, execution=None, seed=None):
    ...         import itertools
    ...         n, k = codemaker.num_positions, codemaker.num_colors
    ...         for code in itertools.product(range(k), repeat=n):
    ...             if codemaker.black(code) == n:
    ...                 return code
    >>> FirstGuess().setting, FirstGuess().colors
    ('adaptive', (2, None))
"""

from __future__ import annotations

import contextlib
import importlib
import re
import sys
import warnings
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from qiskit import QuantumCircuit
    from qiskit.circuit import Gate

    from .backends import Execution
    from .codemaker import Face

__all__ = [
    "ENTRY_POINT_GROUP",
    "KINDS",
    "METHODS",
    "NAME_PATTERN",
    "SETTINGS",
    "Codebreaker",
    "CodebreakerError",
    "CodebreakerPluginWarning",
    "CostModel",
    "built_circuits",
    "check_codebreaker",
    "check_game",
    "colors_reason",
    "colors_rule",
    "distinct_games",
    "has_circuits",
    "method_codebreaker",
    "plays_colors",
    "query_count",
    "register_codebreaker",
]

KINDS = ("quantum", "classical")
"""The values of :attr:`Codebreaker.kind`."""
SETTINGS = ("non-adaptive", "adaptive")
"""The values of :attr:`Codebreaker.setting`."""
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
"""A method name: lower-case letters, digits, ``.``, ``_`` and ``-`` (the CLI's
``--method`` value)."""
_FEEDBACKS = ("black", "black-white")


@dataclass(frozen=True)
class CostModel:
    """How ``compare`` prices, bounds and plays a codebreaker's rows: a cost model a
    codebreaker may carry (:attr:`Codebreaker.cost`). Every field is optional; the
    default prices a row from the codebreaker's :meth:`~Codebreaker.queries`.

    Attributes:
        games: the ``(feedback, distinct)`` games ``compare`` plays it in when none are
            asked for (``None``: its own game, its first feedback and its ``distinct``).
        max_codes: classical: the largest code space ``k^n`` at which ``compare`` plays
            it (an enumerating codebreaker's row limit; larger cells are skipped, saying
            so).
        max_cells: classical: the largest ``n k`` at which ``compare`` plays it.
        budgeted: classical: a row is held to the row budget (``--row-budget``) by
            :meth:`game_seconds`, before the row (never by the time it takes).
        work_step: classical: how many units of ``guesses x n`` work make one step of
            the comparison's work limit (``16`` for a codebreaker whose guesses are built
            and answered as arrays).
        build_rate: quantum: seconds per unit of counted work (circuits x qubits x
            queries per circuit) of a counted row; ``None``: the Grover circuits' rate.
        seconds: classical: ``seconds(n, k)``, one game's seconds from a measured model.
    """

    games: tuple[tuple[str, bool], ...] | None = None
    max_codes: int | None = None
    max_cells: int | None = None
    budgeted: bool = False
    work_step: int = 1
    build_rate: float | None = None
    seconds: Callable[[int, int], float] | None = None

    def game_seconds(self, num_positions: int, num_colors: int) -> float | None:
        """Seconds of one game at ``(n, k)`` by :attr:`seconds` (``None``: the toolkit's
        generic model from the codebreaker's :meth:`~Codebreaker.queries`)."""
        return None if self.seconds is None else float(self.seconds(num_positions, num_colors))


class Codebreaker:
    """The base class of every codebreaking method, built-in or a user's.

    A subclass sets the class attributes and writes :meth:`solve`; :meth:`queries` and,
    for a quantum codebreaker, :meth:`circuits` are optional. The other methods have
    defaults that every surface relies on; a built-in overrides them where it knows
    more (its limits, its run estimate, its oracle construction).

    Attributes:
        name: the method string (``solve(..., method=name)``, ``--method name``).
        kind: ``"quantum"`` or ``"classical"``.
        setting: ``"non-adaptive"`` (every query fixed before any answer is seen) or
            ``"adaptive"``.
        summary: one line for help texts.
        colors: the colours ``k`` it plays, ``(fewest, most)``; ``most`` ``None``: no
            upper limit.
        feedbacks: the feedback kinds it plays, its default first (``"black"``,
            ``"black-white"``).
        distinct: its default game is the permutation game (no repeated colours).
        games: the values of ``distinct`` it plays (default ``(distinct,)``).
        exact: a quantum codebreaker that finds the secret with probability 1
            (noiseless); ``False`` marks an approximate one in tables.
        reference: the paper and the exact place, for tables.
        formula: its count as a formula, for tables.
        colors_source: where the colour rule comes from, for messages.
        schemes: ``solve`` takes a keyword ``scheme`` (its query sets), and the object
            names the one a game plays with ``scheme_for(n, k, *, feedback, scheme)``.
        efforts: ``solve`` and ``check`` take a keyword ``effort``, the game's search
            limit in units of work (``consistent``: CP-SAT's deterministic time).
        builtin: part of the toolkit (set on the built-ins; a plugin leaves it ``False``).
    """

    name: ClassVar[str] = ""
    kind: ClassVar[str] = "classical"
    setting: ClassVar[str] = "adaptive"
    summary: ClassVar[str] = ""
    colors: ClassVar[tuple[int, int | None]] = (2, None)
    feedbacks: ClassVar[tuple[str, ...]] = ("black",)
    distinct: ClassVar[bool] = False
    games: ClassVar[tuple[bool, ...] | None] = None
    exact: ClassVar[bool] = True
    reference: ClassVar[str | None] = None
    formula: ClassVar[str | None] = None
    colors_source: ClassVar[str] = ""
    schemes: ClassVar[bool] = False
    efforts: ClassVar[bool] = False
    builtin: ClassVar[bool] = False

    # -- what a codebreaker writes ---------------------------------------------------

    def solve(
        self,
        codemaker: Face,
        *,
        execution: Execution | None = None,
        seed: int | None = None,
    ) -> Any:
        """Play against ``codemaker`` only and return the code found.

        Args:
            codemaker: the face of the referee's codemaker that the codebreaker's
                ``kind`` and ``setting`` allow (:mod:`mastermind_q.codemaker.faces`);
                its ``num_positions``, ``num_colors``, ``feedback`` and ``distinct``
                describe the game.
            execution: quantum codebreakers: the
                :class:`~mastermind_q.backends.Execution` record to hand to
                :meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>`
                (backend, shots, seed, options). ``None`` for classical ones.
            seed: classical codebreakers: the seed of their choices.

        Returns:
            The code found (a sequence of ints); a built-in quantum codebreaker returns
            a richer :class:`~mastermind_q.quantum.QuantumOutcome`.
        """
        raise NotImplementedError(f"codebreaker {self.name!r} does not implement solve")

    def queries(self, num_positions: int, num_colors: int) -> int | None:
        """The exact count (quantum) or the worst-case bound (classical) at ``(n, k)``,
        or ``None`` when there is none. It serves estimates, limits and formula rows,
        never counting: the reported count is always the codemaker's."""
        return None

    def circuits(
        self, oracle: Gate, num_positions: int, num_colors: int
    ) -> Sequence[QuantumCircuit]:
        """Quantum, optional: the query circuits around ``oracle`` (the codemaker's
        opaque gate, or a known-secret oracle for drawings), for ``draw``, ``resources``
        and counted ``compare`` rows. Codebreakers whose circuits depend on the answers
        do not define it: their drawings are the circuits their solve ran. ``n`` and
        ``k`` are the game's, validated where they entered (``solve``, ``draw``,
        ``resources``), so the built-ins do not check them again."""
        raise NotImplementedError(f"codebreaker {self.name!r} defines no circuits")

    # -- what the toolkit reads as well (a built-in overrides them) -------------------

    def check(
        self,
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

        An override takes the same keywords as ``**game`` and reads those it needs.

        The default: quantum, ``n`` and ``k`` within the quantum limits (a built-in
        also checks its run estimate: gates, statevector memory, shots times circuits);
        classical, ``n``, ``k`` and the guesses times ``n`` (:meth:`queries`, else
        ``n + k``). A built-in adds its own limits.

        Raises:
            mastermind_q.limits.ResourceLimitError: naming the value and the limit.
        """
        from .limits import check_classical, check_quantum_size

        if self.kind == "quantum":
            check_quantum_size(num_positions, num_colors)
            return
        check_classical(self.name, num_positions, num_colors, 0)
        count = query_count(self, num_positions, num_colors)
        guesses = num_positions + num_colors if count is None else count
        check_classical(self.name, num_positions, num_colors, guesses)

    def estimate(self, num_positions: int, num_colors: int) -> Any:
        """Quantum: the :class:`~mastermind_q.quantum.RunEstimate` of a run at
        ``(n, k)`` from cost formulas (nothing built), or ``None`` when unknown."""
        return None

    def shape(self, num_positions: int, num_colors: int) -> tuple[int, int, int] | None:
        """Quantum: ``(circuits, qubits, queries)`` of a run from closed forms, with no
        limit checked (counted ``compare`` rows reach sizes no run does), or ``None``.

        The default, for a codebreaker with :meth:`circuits` and :meth:`queries`: one
        query per circuit, each as wide as the black-peg oracle with its colour and
        score registers; without them ``None`` (its counted rows are skipped, saying so).
        """
        count = query_count(self, num_positions, num_colors) if has_circuits(self) else None
        if count is None:
            return None
        from .circuits.layout import color_qubits, score_qubits
        from .circuits.oracle import black_peg_oracle_cost

        n, k = num_positions, num_colors
        qubits = max(n * color_qubits(k) + score_qubits(n), black_peg_oracle_cost(n, k).qubits)
        return max(1, count), qubits, count

    def known_oracle(self, secret: Sequence[int], colors: int, construction: str | None) -> Gate:
        """Quantum: the known-secret oracle that drawings and resource counts put in place
        of the codemaker's opaque box in :meth:`circuits`: the black-peg oracle
        :class:`~mastermind_q.circuits.BlackPegOracleGate` of ``secret`` in
        ``construction`` (a codebreaker of another oracle overrides it)."""
        from .circuits.oracle import DEFAULT_CONSTRUCTION, BlackPegOracleGate

        return BlackPegOracleGate.for_construction(
            secret, colors, construction or DEFAULT_CONSTRUCTION
        )

    cost: ClassVar[CostModel] = CostModel()
    """How ``compare`` prices, bounds and plays its rows (:class:`CostModel`; the default
    prices a row from :meth:`queries`)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} ({self.kind}, {self.setting})>"


# -- what the toolkit reads of a codebreaker ---------------------------------------------


def has_circuits(breaker: Codebreaker) -> bool:
    """Whether ``breaker`` defines :meth:`~Codebreaker.circuits` (quantum only)."""
    return breaker.kind == "quantum" and type(breaker).circuits is not Codebreaker.circuits


def distinct_games(breaker: Codebreaker) -> tuple[bool, ...]:
    """The values of ``distinct`` ``breaker`` plays."""
    return (breaker.distinct,) if breaker.games is None else breaker.games


def check_game(breaker: Codebreaker, feedback: str, distinct: bool) -> None:
    """Raise a one-line ``ValueError`` if ``breaker`` cannot play this game."""
    if feedback not in breaker.feedbacks:
        raise ValueError(
            f"method {breaker.name!r} plays feedback {' or '.join(map(repr, breaker.feedbacks))}"
            f" only, was feedback={feedback!r}"
        )
    if distinct not in distinct_games(breaker):
        game = "the permutation game (distinct=True)" if breaker.distinct else "repetition"
        raise ValueError(f"method {breaker.name!r} plays {game} only, was distinct={distinct!r}")


def plays_colors(breaker: Codebreaker, k: int) -> bool:
    """Whether ``breaker`` plays ``k`` colours.

    Example:
        >>> from mastermind_q import METHODS
        >>> plays_colors(METHODS["two-color"], 2), plays_colors(METHODS["two-color"], 3)
        (True, False)
    """
    fewest, most = breaker.colors
    return k >= fewest and (most is None or k <= most)


def colors_rule(breaker: Codebreaker) -> str:
    """The colours ``breaker`` plays, as a rule: ``== 2``, ``>= 3``, ``> 4`` or ``2 to 8``."""
    fewest, most = breaker.colors
    if most == fewest:
        return f"== {fewest}"
    if most is not None:
        return f"{fewest} to {most}"
    return f"> {fewest - 1}" if fewest > 3 else f">= {fewest}"


def colors_reason(breaker: Codebreaker, k: int) -> str | None:
    """Why ``breaker`` does not play ``k`` colours (``None`` if it does)."""
    if plays_colors(breaker, k):
        return None
    source = f" ({breaker.colors_source})" if breaker.colors_source else ""
    return f"{breaker.name} needs colors {colors_rule(breaker)}{source}, was {k}"


def built_circuits(
    breaker: Codebreaker, oracle: Gate, num_positions: int, num_colors: int
) -> tuple[QuantumCircuit, ...]:
    """``breaker``'s :meth:`~Codebreaker.circuits` around ``oracle``, run as its own code
    (:func:`codebreaker_code`: its prints to stderr, a plugin's failure one line) and
    checked: a non-empty sequence of ``QuantumCircuit``.

    Raises:
        CodebreakerError: a plugin's ``circuits()`` failed.
        ValueError: it returned something else, naming the codebreaker.
    """
    from .drawing.figures import query_circuits

    with codebreaker_code(breaker, doing="circuits"):
        built = breaker.circuits(oracle, num_positions, num_colors)
    return query_circuits(breaker.name, built)


def query_count(breaker: Codebreaker, num_positions: int, num_colors: int) -> int | None:
    """:meth:`Codebreaker.queries` as an ``int`` (or ``None``)."""
    count = breaker.queries(num_positions, num_colors)
    return None if count is None else int(count)


def check_codebreaker(obj: object, *, source: str = "codebreaker") -> Codebreaker:
    """``obj`` as a :class:`Codebreaker` instance (a subclass is instantiated), checked.

    Raises:
        ValueError: not a codebreaker, or an attribute out of its allowed set (the
            message names it and ``source``).
    """
    if isinstance(obj, type) and issubclass(obj, Codebreaker):
        obj = obj()
    if not isinstance(obj, Codebreaker):
        raise ValueError(
            f"{source} must be a mastermind_q.Codebreaker (a subclass or an instance), "
            f"was {type(obj).__name__}"
        )
    name = obj.name
    if not isinstance(name, str) or NAME_PATTERN.fullmatch(name) is None:
        raise ValueError(
            f"{source}: name must be lower-case letters, digits, '.', '_' or '-' "
            f"(at most 64), was {name!r}"
        )
    checks: list[tuple[str, object, Sequence[object]]] = [
        ("kind", obj.kind, KINDS),
        ("setting", obj.setting, SETTINGS),
    ]
    for attribute, value, allowed in checks:
        if value not in allowed:
            raise ValueError(
                f"{source} {name!r}: {attribute} must be one of "
                f"{', '.join(map(repr, allowed))}, was {value!r}"
            )
    colors = obj.colors
    if (
        not isinstance(colors, tuple)
        or len(colors) != 2
        or not isinstance(colors[0], int)
        or colors[0] < 2
        or not (colors[1] is None or (isinstance(colors[1], int) and colors[1] >= colors[0]))
    ):
        raise ValueError(
            f"{source} {name!r}: colors must be (fewest >= 2, most or None), was {colors!r}"
        )
    feedbacks = obj.feedbacks
    if (
        not isinstance(feedbacks, tuple)
        or not feedbacks
        or any(feedback not in _FEEDBACKS for feedback in feedbacks)
    ):
        raise ValueError(
            f"{source} {name!r}: feedbacks must be a tuple of 'black' and 'black-white', "
            f"was {feedbacks!r}"
        )
    typed: list[tuple[str, Callable[[Any], bool], str]] = [
        ("summary", lambda v: isinstance(v, str), "a string"),
        ("distinct", lambda v: isinstance(v, bool), "True or False"),
        (
            "games",
            lambda v: (
                v is None
                or (isinstance(v, tuple) and bool(v) and all(isinstance(g, bool) for g in v))
            ),
            "None or a tuple of True and False",
        ),
        ("exact", lambda v: isinstance(v, bool), "True or False"),
        ("reference", lambda v: v is None or isinstance(v, str), "None or a string"),
        ("formula", lambda v: v is None or isinstance(v, str), "None or a string"),
        ("colors_source", lambda v: isinstance(v, str), "a string"),
        ("schemes", lambda v: isinstance(v, bool), "True or False"),
        ("builtin", lambda v: isinstance(v, bool), "True or False"),
    ]
    for attribute, fits, expected in typed:
        value = getattr(obj, attribute, None)
        if not fits(value):
            raise ValueError(f"{source} {name!r}: {attribute} must be {expected}, was {value!r}")
    for method in ("solve", "queries", "circuits"):
        if not callable(getattr(obj, method, None)):
            raise ValueError(f"{source} {name!r}: {method} must be a method, was not callable")
    if obj.schemes and not callable(getattr(obj, "scheme_for", None)):
        raise ValueError(
            f"{source} {name!r}: a codebreaker with schemes names the one it plays with "
            "scheme_for(n, k, *, feedback, scheme)"
        )
    if obj.kind == "classical" and type(obj).circuits is not Codebreaker.circuits:
        raise ValueError(
            f"{source} {name!r}: a classical codebreaker has no circuits; declare "
            "kind = 'quantum' to build circuits around the oracle"
        )
    return obj


def _check_plugin(breaker: Codebreaker, source: str) -> Codebreaker:
    """A codebreaker from outside the toolkit: ``builtin`` is the toolkit's own mark."""
    if breaker.builtin:
        raise ValueError(
            f"{source} {breaker.name!r}: builtin must be False for a codebreaker from "
            "outside the toolkit, was True"
        )
    return breaker


ENTRY_POINT_GROUP = "mastermind_q.codebreakers"
"""The entry-point group a package names its codebreakers in (name: the method string,
value: ``module:Class`` or ``module:instance``)."""


class CodebreakerPluginWarning(UserWarning):
    """An installed codebreaker was skipped: it failed to import, is not a
    :class:`Codebreaker`, or its name clashes with a built-in (the built-in is kept)."""


_BUILTINS = {
    "nonadaptive": ("quantum", "mastermind_q.quantum.nonadaptive:NONADAPTIVE", 0),
    "triples": ("quantum", "mastermind_q.quantum.triples:TRIPLES", 1),
    "two-color": ("quantum", "mastermind_q.quantum.two_color:TWO_COLOR", 7),
    "adaptive": ("quantum", "mastermind_q.quantum.adaptive:ADAPTIVE", 3),
    "hunziker-meyer": ("quantum", "mastermind_q.quantum.hunziker_meyer:HUNZIKER_MEYER", 8),
    "permutation": ("classical", "mastermind_q.classical.permutation:PERMUTATION", 12),
    "knuth": ("classical", "mastermind_q.classical.baselines:KNUTH", 13),
    "blackpeg": ("classical", "mastermind_q.classical.baselines:BLACKPEG", 4),
    "coin-weighing": ("classical", "mastermind_q.classical.coin_weighing:COIN_WEIGHING", 5),
    "random-consistent": ("classical", "mastermind_q.classical.baselines:RANDOM_CONSISTENT", 14),
    "optimal": ("classical", "mastermind_q.classical.optimal:OPTIMAL", 10),
    "static": ("classical", "mastermind_q.classical.static:STATIC", 2),
    "consistent": ("classical", "mastermind_q.classical.consistent:CONSISTENT", 9),
}
"""The built-in codebreakers: name -> (kind, the object in the module that implements
it, its look in figures), imported on first use (the names and kinds are known without
importing any of them, so a classical game imports no quantum module). The look is the
curve's place in the figures' fixed order of colours, markers and dashes
(:meth:`Codebreakers.looks`), so a built-in looks the same in every figure."""


class CodebreakerError(ValueError):
    """A codebreaker failed: it raised, asked what its face refuses, or returned no code.

    One line naming the codebreaker and the queries charged before the failure
    (``queries``); the game's other codebreakers, and the other rows of a comparison,
    are not touched.
    """

    def __init__(self, message: str, *, name: str, queries: int | None = None) -> None:
        super().__init__(message)
        self.name = name
        self.queries = queries


def _stop_signalled() -> bool:
    """Whether a stop signal (Ctrl-C, SIGTERM) reached the command line while it ran;
    outside the command line, every ``KeyboardInterrupt`` is taken for one."""
    signals = sys.modules.get("mastermind_q.cli.signals")
    return signals is None or bool(getattr(signals, "_SIGNALS_RECEIVED", True))


@contextlib.contextmanager
def codebreaker_code(
    breaker: Codebreaker, *, doing: str = "", charged: Callable[[], int] | None = None
) -> Iterator[None]:
    """Run a codebreaker's own code: what a plugin prints goes to stderr, and its failure
    is one :class:`CodebreakerError` naming it (a built-in runs as it is).

    Anything a plugin raises (``BaseException`` included: ``SystemExit``,
    ``GeneratorExit``, a ``KeyboardInterrupt`` no stop signal sent) becomes that error,
    with the queries ``charged()`` so far; a built-in's errors pass as they are. The
    counting codemaker's :class:`~mastermind_q.codemaker.CircuitsNotExecuted` (the end of
    a counted game) and a real stop pass through.
    """
    if breaker.builtin:  # the toolkit's own: a user's callbacks print where they print
        yield
        return
    with contextlib.redirect_stdout(sys.stderr):
        try:
            yield
        except BaseException as error:
            if type(error).__name__ == "CircuitsNotExecuted" or isinstance(error, CodebreakerError):
                raise
            if isinstance(error, KeyboardInterrupt) and _stop_signalled():
                raise
            queries = charged() if charged is not None else None
            spent = "" if queries is None else f" ({queries} queries charged)"
            if type(error).__name__ == "RefusedQuery":  # names the codebreaker already
                message = f"{error}{spent}"
            else:
                told = f": {error}" if str(error) else ""
                what = f" in {doing}" if doing else ""
                message = (
                    f"codebreaker {breaker.name!r} raised {type(error).__name__}{what}{told}{spent}"
                )
            raise CodebreakerError(message, name=breaker.name, queries=queries) from error


def _import_object(target: str) -> Any:
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def _skip(message: str) -> None:
    warnings.warn(message, CodebreakerPluginWarning, stacklevel=4)


def _entry_dist(entry: Any) -> str:
    dist = getattr(entry, "dist", None)
    return getattr(dist, "name", None) or "?"


def _entry_where(entry: Any) -> str:
    """An entry point as a message names it: its value and its distribution."""
    return f"{entry.value} from {_entry_dist(entry)}"


def _load_plugin(entry: Any, where: str) -> Codebreaker | None:
    """The codebreaker an entry point names, checked; ``None`` (one warning line) if its
    import or its check fails in any way: ``SystemExit``, ``KeyboardInterrupt`` and
    ``GeneratorExit`` included (a plugin's import must not end the command). What the
    import prints goes to stderr."""
    try:
        with contextlib.redirect_stdout(sys.stderr):
            obj = entry.load()
    except BaseException as error:  # any failure of someone else's import
        told = f": {error}" if str(error) else ""
        _skip(f"{where} failed to import and is skipped: {type(error).__name__}{told}")
        return None
    try:
        with contextlib.redirect_stdout(sys.stderr):
            return _check_plugin(check_codebreaker(obj, source=where), where)
    except BaseException as error:
        if isinstance(error, ValueError):
            _skip(f"{error}; it is skipped")
        else:
            _skip(f"{where} failed its check and is skipped: {type(error).__name__}: {error}")
        return None


class Codebreakers(MutableMapping[str, Codebreaker]):
    """:data:`METHODS`: every codebreaker by name, the built-ins first, then the
    installed ones (entry-point group :data:`ENTRY_POINT_GROUP`, read once, on the first
    name that is not a built-in or the first listing), then those registered with
    :func:`register_codebreaker`.

    A built-in is imported on first use; a plugin that fails to import, is not a
    :class:`Codebreaker`, names itself otherwise than its entry point or clashes with a
    built-in is skipped with one :class:`CodebreakerPluginWarning` line naming it.
    """

    def __init__(self, builtins: dict[str, tuple[str, str, int]]) -> None:
        self._kinds = {name: kind for name, (kind, _, _) in builtins.items()}
        self._targets = {name: target for name, (_, target, _) in builtins.items()}
        self._looks = {name: look for name, (_, _, look) in builtins.items()}
        self._loaded: dict[str, Codebreaker] = {}
        self._plugins: dict[str, Codebreaker] = {}
        self._added: dict[str, Codebreaker] = {}
        self._plugins_read = False

    # -- the plugins -------------------------------------------------------------------
    def _read_plugins(self) -> None:
        if self._plugins_read:
            return
        self._plugins_read = True
        from importlib.metadata import entry_points

        named: dict[str, list[Any]] = {}
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            named.setdefault(entry.name, []).append(entry)
        for name, entries in named.items():
            where = ", ".join(_entry_where(entry) for entry in entries)
            if name in self._targets:
                _skip(
                    f"codebreaker plugin {name!r} ({where}) clashes with the built-in "
                    f"codebreaker {name!r} and is skipped; the built-in is kept"
                )
                continue
            if len({(_entry_dist(entry), entry.value) for entry in entries}) > 1:
                _skip(
                    f"codebreaker plugin {name!r} is named by {len(entries)} installed "
                    f"entries ({where}); neither is used: uninstall one"
                )
                continue
            if name in self._added:
                continue  # registered at run time: that one is kept
            breaker = _load_plugin(entries[0], f"codebreaker plugin {name!r} ({where})")
            if breaker is None:
                continue
            if breaker.name in self._targets:
                _skip(
                    f"codebreaker plugin {name!r} ({where}) names itself {breaker.name!r}, "
                    f"which clashes with the built-in codebreaker {breaker.name!r}; it is "
                    "skipped and the built-in is kept"
                )
            elif breaker.name != name:
                _skip(
                    f"codebreaker plugin {name!r} ({where}) names itself {breaker.name!r}, "
                    f"not {name!r}; it is skipped"
                )
            else:
                self._plugins[breaker.name] = breaker

    def refresh(self) -> None:
        """Forget the installed codebreakers; the entry points are read again when next
        needed (after a package is installed into the running interpreter)."""
        self._plugins.clear()
        self._plugins_read = False

    def _extra(self, name: object) -> Codebreaker | None:
        if not isinstance(name, str):
            return None
        found = self._added.get(name)
        return found if found is not None else self._plugins.get(name)

    # -- the mapping -------------------------------------------------------------------
    def _builtin(self, name: str) -> Codebreaker:
        breaker = self._loaded.get(name)
        if breaker is None:
            breaker = self._loaded[name] = _import_object(self._targets[name])
        return breaker

    def __getitem__(self, name: str) -> Codebreaker:
        if name in self._loaded:
            return self._loaded[name]
        if isinstance(name, str) and name in self._targets:
            return self._builtin(name)
        found = self._extra(name)
        if found is None:
            self._read_plugins()
            found = self._extra(name)
        if found is None:
            raise KeyError(name)
        return found

    def __contains__(self, name: object) -> bool:
        if isinstance(name, str) and name in self._targets:
            return True
        if self._extra(name) is None:
            self._read_plugins()
        return self._extra(name) is not None

    def __iter__(self) -> Iterator[str]:
        self._read_plugins()
        plugins = [name for name in self._plugins if name not in self._added]
        return iter([*self._targets, *plugins, *self._added])

    def __len__(self) -> int:
        return sum(1 for _name in self)

    def __setitem__(self, name: str, breaker: Codebreaker) -> None:
        """Put ``breaker`` under ``name`` (a test's stand-in; users call
        :func:`register_codebreaker`, which refuses a clash)."""
        breaker = check_codebreaker(breaker)
        if name in self._targets:
            self._loaded[name] = breaker
        else:
            self._added[name] = breaker

    def __delitem__(self, name: str) -> None:
        if name in self._targets:
            if self._loaded.pop(name, None) is None:
                raise KeyError(name)
            return
        if name in self._added:
            del self._added[name]
        else:
            del self._plugins[name]

    def kind_of(self, name: str) -> str:
        """The kind of codebreaker ``name`` (a built-in's without importing it).

        Raises:
            KeyError: no codebreaker of that name.
        """
        return self._kinds[name] if name in self._kinds else self[name].kind

    def looks(self) -> dict[str, int]:
        """Each built-in's place in the figures' fixed order of curve styles (nothing
        imported); installed and registered codebreakers follow the listed places."""
        return dict(self._looks)

    def builtin_names(self, kind: str | None = None) -> tuple[str, ...]:
        """The names of the built-in codebreakers, of ``kind`` if given (nothing imported)."""
        return tuple(name for name in self._targets if kind in (None, self._kinds[name]))

    def find(
        self,
        name: object,
        accepts: Callable[[Codebreaker], bool],
        *,
        also: Sequence[str] = (),
        label: str = "method",
        what: str = "",
    ) -> Codebreaker | None:
        """The codebreaker ``name`` if ``accepts`` it; ``None`` for one of ``also``.

        One lookup for every place that takes a method name for one purpose (a pair
        plan, a read-out, circuits, a run estimate): the error lists the names that
        fit, ``also`` (names of other things the caller takes) after them, ``what``
        before them (``"a circuit or method, "``).

        Raises:
            ValueError: ``name`` is not a codebreaker ``accepts`` takes, nor one of
                ``also``; the message lists those that fit and quotes the value.

        Example:
            >>> METHODS.find("triples", lambda breaker: hasattr(breaker, "plan")).name
            'triples'
        """
        if isinstance(name, str) and name in also:
            return None
        breaker = self.get(name) if isinstance(name, str) else None
        if breaker is not None and accepts(breaker):
            return breaker
        from .game import shown

        fits = [key for key, known in self.items() if accepts(known)]
        listed = ", ".join((*fits, *also))
        raise ValueError(f"{label} must be {what}one of {listed}; was {shown(name)}")

    def register(self, obj: object, *, replace: bool = False) -> Codebreaker:
        """:func:`register_codebreaker`."""
        breaker = _check_plugin(
            check_codebreaker(obj, source="register_codebreaker"), "register_codebreaker"
        )
        name = breaker.name
        if name in self._targets:
            raise ValueError(
                f"codebreaker {breaker!r} clashes with the built-in codebreaker {name!r}; "
                "give it another name"
            )
        self._read_plugins()
        known = self._extra(name)
        same = known is breaker or type(known) is type(breaker)  # installed, registered again
        if known is not None and not replace and not same:
            raise ValueError(
                f"codebreaker {name!r} is registered already ({known!r}); "
                "pass replace=True to replace it"
            )
        self._added[name] = breaker
        return breaker

    def __repr__(self) -> str:
        return f"<Codebreakers {', '.join(self)}>"


METHODS = Codebreakers(_BUILTINS)
"""Every codebreaker by name: the built-ins, then the installed and registered ones."""


def register_codebreaker(obj: object, *, replace: bool = False) -> Codebreaker:
    """Add a codebreaker (a :class:`Codebreaker` subclass or instance) to :data:`METHODS`
    for this process, so ``solve``, ``compare``, ``draw`` and ``resources`` play it.

    Installed packages join without a call: an entry point in the group
    ``mastermind_q.codebreakers`` (see :data:`ENTRY_POINT_GROUP`).

    Args:
        obj: the codebreaker.
        replace: replace a codebreaker registered under the same name.

    Returns:
        The registered instance.

    Raises:
        ValueError: not a codebreaker, an invalid attribute, a name that clashes with a
            built-in (the message names both), or one registered already.
    """
    return METHODS.register(obj, replace=replace)


def method_codebreaker(method: object) -> Codebreaker:
    """The codebreaker named ``method``; ``ValueError`` listing the valid names if none."""
    try:
        return METHODS[method]  # type: ignore[index]
    except (KeyError, TypeError):
        from .game import shown

        valid = ", ".join(METHODS)
        raise ValueError(f"method must be one of {valid}; was {shown(method)}") from None
