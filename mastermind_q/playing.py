"""Mastermind to play: the game logic behind ``mastermind-q play``, without a terminal.

Three games, each a plain object the command line (or a test) drives:

* :class:`BreakerGame` -- *you break the code*. The toolkit draws a secret; each
  :meth:`~BreakerGame.guess` is answered with pegs and the number of codes still
  consistent with every answer; :meth:`~BreakerGame.hint` is the next guess of a
  classical codebreaker; :meth:`~BreakerGame.comparison` is what the toolkit's
  codebreakers need for the same secret.
* :class:`HumanCodemaker` -- *you make the code*. A codemaker whose answers come from a
  callback (you); a classical codebreaker plays against it through
  :func:`mastermind_q.solving.play`. An answer that no code fits together with the
  earlier ones is refused at once and named (:class:`Contradiction`).
* :class:`WatchedCodemaker` -- *you watch a quantum codebreaker*. A codemaker holding
  your secret that reports every batch of circuits it runs, with the measured outcomes.

Entries are parsed by :func:`parse_code_entry` and :func:`parse_answer_entry`; a bad
entry raises :class:`EntryError` (a ``ValueError``) whose message says what is wrong
("a guess has 3 colours, this one has 2", "colour 5 is not in 0..3", "colour 1 is used
twice (positions 1 and 3); no colour repeats in the permutation game").

Example:
    >>> game = BreakerGame(2, 3, seed=1)
    >>> turn = game.guess("0,1")
    >>> turn.guess, turn.white is None, turn.remaining <= 9
    ((0, 1), True, True)
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .codebreaker import plays_colors
from .codemaker import Codemaker
from .game import (
    Code,
    validate_colors,
    validate_feedback,
    validate_positions,
    validate_seed,
)
from .solving import METHODS

__all__ = [
    "MAKE_CODEBREAKER",
    "MAX_COUNTED_CODES",
    "OPTIMAL_PLAY_MAX_CODES",
    "BreakerGame",
    "Contradiction",
    "EntryError",
    "HumanCodemaker",
    "QuitGame",
    "Turn",
    "UndoAnswer",
    "WatchedCodemaker",
    "circuit_reading",
    "circuit_title",
    "comparison_row",
    "failed_row",
    "histogram_lines",
    "parse_answer_entry",
    "parse_code_entry",
    "quantum_applies",
    "shown",
    "turns_of",
]

MAX_COUNTED_CODES = 1_000_000
"""Largest code space whose consistent codes are counted (above: not counted)."""
CLASH_SEARCH_CELLS = 50_000_000
"""Work (intersections times codes) spent looking for the fewest clashing answers before
a minimal set is found by deletion instead."""
OPTIMAL_PLAY_MAX_CODES = {"black": 81, "black-white": 256}
"""Largest code space, per feedback, for which the end of a game shows what ``optimal``
needs (its search takes about a second there; the strategy is cached)."""
MAKE_CODEBREAKER = "consistent"
"""The classical codebreaker that guesses a player's code unless another is named (it
plays every game: black or black-white pegs, colours repeating or not)."""


class EntryError(ValueError):
    """A bad entry (guess, answer, secret): the message says what is wrong."""


class QuitGame(Exception):
    """The player asked to stop (``quit``)."""


class UndoAnswer(Exception):
    """The player takes back the previous answer (``undo`` in make mode).

    Raised by the ``ask`` callback of a :class:`HumanCodemaker`; it ends the
    codebreaker's game. Play again with a new :class:`HumanCodemaker` given the
    answers to keep (``answers=maker.answers[:-1]``): a seeded codebreaker makes the
    same guesses, the kept answers are replayed, and the taken-back guess is asked anew.
    """


class Contradiction(EntryError):
    """An answer that no code fits together with earlier answers.

    Attributes:
        answers: the numbers (1-based) of the answers that no code fits together: a
            minimal set (every proper subset fits some code), the newest answer last.
    """

    def __init__(self, answers: Sequence[int]) -> None:
        self.answers = tuple(answers)
        if len(self.answers) == 1:
            text = f"no code fits answer {self.answers[0]}"
        else:
            listed = ", ".join(map(str, self.answers[:-1])) + f" and {self.answers[-1]}"
            text = f"no code fits answers {listed}"
        super().__init__(text)


# -- entries -------------------------------------------------------------------------------
_SEPARATORS = re.compile(r"[\s,;]+")
SHOWN_CHARACTERS = 40
"""Longest piece of an entry repeated in a message (longer ones are cut, with ``...``)."""


def shown(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    r"""``text`` as a message may repeat it: at most ``limit`` characters, and printable.

    Control characters and escape sequences are written as Python escapes
    (``\x1b``), so an entry cannot move the cursor or recolour the terminal; a long
    entry is cut after ``limit`` characters and says how long it was.

    Example:
        >>> shown("0,1\x1b[2J")
        '0,1\\x1b[2J'
        >>> shown("0," * 100, limit=6)
        '0,0,0,... (200 characters)'
    """
    cut = text[:limit]
    safe = "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)
    return safe if len(text) <= limit else f"{safe}... ({len(text)} characters)"


def _text(text: Any) -> str:
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, was {type(text).__name__} {shown(repr(text))}")
    return text


def _flag(value: Any, name: str) -> bool:
    """A real boolean (:func:`~mastermind_q.game.validate_flag`); a truthy string is not one."""
    from .game import validate_flag

    return validate_flag(value, name)


def _numbers(text: str, what: str, example: str) -> list[int]:
    items = [item for item in _SEPARATORS.split(text.strip()) if item]
    if not items:
        raise EntryError(f"type a {what}, e.g. {example}")
    values = []
    for item in items:
        if re.fullmatch(r"[+-]?[0-9]{1,30}", item) and not re.fullmatch(r"\+?[0-9]{1,9}", item):
            raise EntryError(
                f"'{shown(item, 20)}' is out of range (type the {what} as e.g. {example})"
            )
        if item.lower() == "undo":
            raise EntryError(
                f"'undo' takes back an answer when you are the codemaker (make mode); "
                f"here, type the {what} as e.g. {example}"
            )
        if not re.fullmatch(r"\+?[0-9]{1,9}", item):
            raise EntryError(
                f"'{shown(item, 20)}' is not a number (type the {what} as e.g. {example})"
            )
        values.append(int(item))
    return values


def _example_code(num_positions: int, colors: int) -> str:
    return ",".join(str(i % colors) for i in range(min(num_positions, 8))) + (
        ",..." if num_positions > 8 else ""
    )


def parse_code_entry(
    text: str, num_positions: int, colors: int, *, distinct: bool = False, what: str = "guess"
) -> Code:
    """A typed code (``0,2,1``, ``0 2 1``) checked against ``n``, ``k`` and the game.

    Raises:
        EntryError: wrong length, a colour out of range, a repeated colour in the
            permutation game, not numbers (the message says which; a long entry is
            cut, control characters escaped).
        TypeError: ``text`` not a string, ``distinct`` not a boolean.
        ValueError: invalid ``n`` or ``k``.

    Example:
        >>> parse_code_entry("0, 2 1", 3, 4)
        (0, 2, 1)
    """
    text = _text(text)
    distinct = _flag(distinct, "distinct")
    num_positions = validate_positions(num_positions)
    colors = validate_colors(colors)
    values = _numbers(text, what, _example_code(num_positions, colors))
    if len(values) != num_positions:
        raise EntryError(
            f"a {what} has {num_positions} colours, this one has {len(values)}: "
            f"'{shown(text.strip())}'"
        )
    for position, color in enumerate(values):
        if color >= colors:
            raise EntryError(f"colour {color} (position {position}) is not in 0..{colors - 1}")
    if distinct:
        for color in set(values):
            where = [i for i, c in enumerate(values) if c == color]
            if len(where) > 1:
                raise EntryError(
                    f"colour {color} is used twice (positions {where[0]} and {where[1]}); "
                    "no colour repeats in the permutation game"
                )
    return tuple(values)


def parse_answer_entry(text: str, num_positions: int, feedback: str) -> int | tuple[int, int]:
    """A typed answer: ``b`` (black pegs) or ``b,w`` (black and white pegs).

    Raises:
        EntryError: not numbers, the wrong count, pegs above ``n``, or the impossible
            ``n - 1`` black and one white.
        TypeError: ``text`` not a string.
        ValueError: invalid ``n`` or ``feedback``.

    Example:
        >>> parse_answer_entry("2 1", 4, "black-white")
        (2, 1)
    """
    text = _text(text)
    validate_feedback(feedback)
    n = validate_positions(num_positions)
    wanted = 2 if feedback == "black-white" else 1
    example = "1,2 (black,white)" if wanted == 2 else "2 (the black pegs)"
    values = _numbers(text, "answer", example)
    if len(values) != wanted:
        shape = "black,white (e.g. 1,2)" if wanted == 2 else "the black pegs (e.g. 2)"
        raise EntryError(f"answer with {shape}, was '{shown(text.strip())}'")
    if sum(values) > n:
        raise EntryError(f"at most {n} pegs in all, was '{shown(text.strip())}'")
    if wanted == 2 and values[0] == n - 1 and values[1] == 1:
        raise EntryError(f"{n - 1} black and 1 white cannot happen (the last colour would match)")
    return values[0] if wanted == 1 else (values[0], values[1])


# -- the code space ------------------------------------------------------------------------
_CHUNK = 1 << 16
"""Codes built per step: the loop between steps lets Ctrl-C through at once."""


def _log2_codes(n: int, k: int, distinct: bool) -> float:
    if distinct:
        return (math.lgamma(k + 1) - math.lgamma(k - n + 1)) / math.log(2)
    return n * math.log2(k)


def _check_size(n: int, k: int, what: str) -> None:
    """The classical limits on ``n`` and ``k`` (a game's secret and each guess are O(n))."""
    from .limits import check_classical

    check_classical(what, n, k, 0)


def _code_space(n: int, k: int, distinct: bool) -> np.ndarray | None:
    """All codes (``None`` above :data:`MAX_COUNTED_CODES`), built in interruptible steps.

    No ``codes x k`` table is built: answers are counted from the guess's own colours
    (:func:`_black_white`), so the memory is ``codes x n`` bytes (20 MB at most).
    """
    if _log2_codes(n, k, distinct) > math.log2(MAX_COUNTED_CODES) + 1:
        return None
    total = math.perm(k, n) if distinct else k**n
    if total > MAX_COUNTED_CODES:
        return None
    dtype = np.int8 if k <= 127 else np.int32
    codes = np.empty((total, n), dtype=dtype)
    if distinct:
        source = itertools.permutations(range(k), n)
        for start in range(0, total, _CHUNK):
            block = list(itertools.islice(source, _CHUNK))
            codes[start : start + len(block)] = block
        return codes
    powers = k ** np.arange(n - 1, -1, -1, dtype=np.int64)
    for start in range(0, total, _CHUNK):
        index = np.arange(start, min(total, start + _CHUNK), dtype=np.int64)
        codes[start : start + len(index)] = (index[:, None] // powers[None, :]) % k
    return codes


def _black_white(
    codes: np.ndarray, guess: Sequence[int] | np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Black and white pegs of ``guess`` against every row of ``codes``.

    :func:`~mastermind_q.classical.codes.feedback_counts` of one guess: white + black
    is counted over the guess's colours only, so the work is ``codes x n x (colours in
    the guess)``, never ``codes x k``.
    """
    from .classical.codes import feedback_counts

    return feedback_counts(guess, codes, feedback="black-white")


def _fits(codes: np.ndarray, guess: Code, answer: int | tuple[int, int]) -> np.ndarray:
    """Mask of the codes that give ``answer`` to ``guess``."""
    from .classical.codes import feedback_counts

    if isinstance(answer, tuple):
        blacks, whites = _black_white(codes, guess)
        return (blacks == answer[0]) & (whites == answer[1])
    return feedback_counts(guess, codes) == answer


@dataclass(frozen=True)
class Turn:
    """One answered guess.

    Attributes:
        guess: the code guessed.
        black: black pegs.
        white: white pegs (``None`` in a black-peg game).
        remaining: codes still consistent with every answer (``None`` if not counted).
    """

    guess: Code
    black: int
    white: int | None
    remaining: int | None

    def to_dict(self) -> dict[str, Any]:
        """``{"guess", "black", "white"}`` (the ``--json`` contract)."""
        return {"guess": list(self.guess), "black": self.black, "white": self.white}


# -- you break the code ----------------------------------------------------------------------
def quantum_note(method: str) -> str | None:
    """What a comparison line says beside a quantum codebreaker that is not exact (its
    :attr:`~mastermind_q.Codebreaker.exact` is ``False``), else ``None``."""
    info = METHODS.get(method)
    if info is None or info.kind != "quantum" or info.exact:
        return None
    return "succeeds with probability below 1"


def quantum_applies(method: str, k: int) -> bool:
    """Whether quantum ``method`` plays ``k`` colours (its table entry's ``colors``:
    two-color 2; nonadaptive and triples 3 or more; hunziker-meyer more than 4;
    adaptive any)."""
    info = METHODS.get(method)
    return True if info is None else plays_colors(info, k)


def comparison_row(
    secret: Sequence[int],
    colors: int,
    method: str,
    *,
    feedback: str = "black",
    distinct: bool = False,
    quantum_backend: str = "aer",
) -> dict[str, Any]:
    """One row of :meth:`BreakerGame.comparison`: ``method`` played against ``secret``.

    A module-level function, so that the command line can run it in its simulation
    worker process (and stop it at once, or after a time limit).

    Returns:
        ``{"method", "kind", "queries", "to_win", "solved", "note"}``. ``queries`` are
        guesses (classical, the final correct one included) or oracle queries
        (quantum; ``to_win`` adds the one final guess). A game over this machine's
        limits is not played: ``queries``, ``to_win`` and ``solved`` are ``None`` and
        ``note`` says why.
    """
    from .limits import ResourceLimitError
    from .solving import check_request, method_info, solve

    kind = method_info(method).kind
    row: dict[str, Any] = {
        "method": method,
        "kind": kind,
        "queries": None,
        "to_win": None,
        "solved": None,
        "note": None,
    }
    n = len(secret)
    if kind == "classical":
        options: dict[str, Any] = (
            {"feedback": feedback, "distinct": distinct}
            if method != "permutation"
            else {"distinct": True}
        )
        request = {"distinct": options["distinct"], "feedback": options.get("feedback")}
        extra: dict[str, Any] = {}
    else:
        options, request = {}, {"backend": quantum_backend}
        extra = {"backend": quantum_backend}
    try:
        check_request(method, n, colors, **request)
    except ResourceLimitError as error:
        row["note"] = f"not played: {error}"
        return row
    result = solve(secret, colors=colors, method=method, seed=0, **options, **extra)
    row["queries"] = result.queries
    row["to_win"] = result.queries + (1 if kind == "quantum" else 0)
    row["solved"] = result.solved
    row["note"] = quantum_note(method)
    return row


class BreakerGame:
    """You break the code: the toolkit's codemaker holds a random secret.

    Args:
        num_positions: ``n``.
        colors: ``k``.
        feedback: ``"black"`` or ``"black-white"``.
        distinct: the permutation game (no repeated colours, ``k >= n``).
        seed: draws the secret (and the hints' ties), ``0 <= seed < 2^63``;
            ``None``: a fresh secret.
        secret: play this secret instead (tests).

    Raises:
        ValueError: invalid sizes, feedback, seed, or ``distinct`` with ``k < n``.
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` above the classical
            limits (checked before the secret is drawn).
        TypeError: ``distinct`` not a boolean.
    """

    def __init__(
        self,
        num_positions: int,
        colors: int,
        *,
        feedback: str = "black",
        distinct: bool = False,
        seed: int | None = None,
        secret: Sequence[int] | None = None,
    ) -> None:
        n = validate_positions(num_positions)
        k = validate_colors(colors)
        self.feedback = validate_feedback(feedback)
        distinct = _flag(distinct, "distinct")
        seed = validate_seed(seed)
        if distinct and k < n:
            raise ValueError(f"colors must be >= positions ({n}) in the permutation game, was {k}")
        _check_size(n, k, "play")
        self.num_positions, self.num_colors, self.distinct = n, k, distinct
        self._rng = random.Random(seed)
        if secret is None:
            if distinct:
                secret = tuple(self._rng.sample(range(k), n))
            else:
                secret = tuple(self._rng.randrange(k) for _ in range(n))
        self._maker = Codemaker(secret, k, distinct=distinct, feedback=feedback)
        self._codes = _code_space(n, k, distinct)
        self._mask = None if self._codes is None else np.ones(len(self._codes), dtype=bool)
        self.turns: list[Turn] = []

    @property
    def solved(self) -> bool:
        """Whether the last guess was the secret."""
        return bool(self.turns) and self.turns[-1].black == self.num_positions

    @property
    def queries(self) -> int:
        """Guesses answered (the final correct one included)."""
        return self._maker.queries

    @property
    def remaining(self) -> int | None:
        """Codes consistent with every answer so far (``None`` if not counted)."""
        return None if self._mask is None else int(self._mask.sum())

    def parse(self, text: str) -> Code:
        """A typed guess, checked (:func:`parse_code_entry`)."""
        return parse_code_entry(text, self.num_positions, self.num_colors, distinct=self.distinct)

    def guess(self, guess: str | Sequence[int]) -> Turn:
        """Answer one guess (typed text or a code); counted.

        Raises:
            EntryError: a bad guess (nothing is counted).
            ValueError: a guess after the game was won.
        """
        if self.solved:
            raise ValueError("the code is broken already; the game is over")
        code = (
            self.parse(guess) if isinstance(guess, str) else self.parse(",".join(map(str, guess)))
        )
        blacks, whites = self._maker.answer(code)
        white = whites if self.feedback == "black-white" else None
        if self._mask is not None and self._codes is not None:
            answer: int | tuple[int, int] = blacks if white is None else (blacks, white)
            self._mask &= _fits(self._codes, code, answer)
        turn = Turn(code, blacks, white, self.remaining)
        self.turns.append(turn)
        return turn

    def hint(self) -> Code:
        """The next guess of the ``consistent`` codebreaker's rule, from your answers.

        A code consistent with every answer so far that leaves the fewest codes on
        average (Irving's expected size of the remaining set, the rule
        :func:`~mastermind_q.classical.consistent.solve_consistent` plays once few codes
        remain), over at most 200 candidates scored against at most 2000 consistent
        codes. Not counted: it asks nothing of the codemaker.

        Raises:
            ValueError: the code space is too large to enumerate.
        """
        if self._codes is None or self._mask is None:
            raise ValueError(f"hints need at most {MAX_COUNTED_CODES} codes, this game has more")
        codes = self._codes
        consistent = np.flatnonzero(self._mask)
        rng = np.random.default_rng(self._rng.randrange(2**32))
        candidates = consistent if len(consistent) <= 200 else rng.choice(consistent, 200, False)
        population = consistent if len(consistent) <= 2000 else rng.choice(consistent, 2000, False)
        best, best_size = int(candidates[0]), float("inf")
        for index in sorted(int(i) for i in candidates):
            sizes = self._class_sizes(codes[population], codes[index])
            expected = float((sizes**2).sum()) / len(population)
            if expected < best_size:
                best, best_size = index, expected
        return tuple(int(c) for c in codes[best])

    def _class_sizes(self, population: np.ndarray, guess: np.ndarray) -> np.ndarray:
        from .classical.codes import feedback_keys

        keys = feedback_keys(guess, population, feedback=self.feedback)
        return np.unique(keys, return_counts=True)[1]

    def reveal(self) -> Code:
        """The secret (for the end of the game)."""
        return self._maker.reveal()

    def comparison_plan(self) -> tuple[list[str], dict[str, str]]:
        """The codebreakers the end of the game compares, and those left out with why.

        Classical: ``optimal`` where the code space is small
        (:data:`OPTIMAL_PLAY_MAX_CODES`; otherwise left out, with the reason),
        ``consistent``, and ``permutation`` in the black-peg permutation game. Quantum:
        every quantum method that plays these ``k`` (the others do not apply and are
        not listed).

        Returns:
            ``(methods, left_out)``: method names in order, and ``{method: reason}``.
        """
        from .solving import METHODS

        n, k = self.num_positions, self.num_colors
        methods: list[str] = []
        left_out: dict[str, str] = {}
        most = OPTIMAL_PLAY_MAX_CODES[self.feedback]
        log2_size = _log2_codes(n, k, self.distinct)
        size = (math.perm(k, n) if self.distinct else k**n) if log2_size <= 64 else None
        if size is not None and size <= most:
            methods.append("optimal")
        else:
            game = "black-white" if self.feedback == "black-white" else "black-peg"
            has = f"{size}" if size is not None else f"about 2^{log2_size:.0f}"
            left_out["optimal"] = (
                f"left out: its exact game-tree search is played here for {game} games of "
                f"at most {most} codes, this one has {has}"
            )
        methods.append(MAKE_CODEBREAKER)
        if self.distinct and self.feedback == "black":
            methods.append("permutation")
        methods += [
            name
            for name, info in METHODS.items()
            if info.kind == "quantum" and quantum_applies(name, k)
        ]
        return methods, left_out

    def comparison(self, *, quantum_backend: str = "aer") -> list[dict[str, Any]]:
        """What the toolkit's codebreakers need for this secret, each played for real.

        The codebreakers of :meth:`comparison_plan`, each by :func:`comparison_row`;
        those left out get a row with the reason in ``note``. A codebreaker that fails
        gets a row whose ``note`` says so (its ``queries`` are ``None``).

        Returns:
            Rows ``{"method", "kind", "queries", "to_win", "solved", "note"}``.
        """
        from .solving import method_info

        methods, left_out = self.comparison_plan()
        rows: list[dict[str, Any]] = []
        for method in methods:
            try:
                row = comparison_row(
                    self.reveal(),
                    self.num_colors,
                    method,
                    feedback=self.feedback,
                    distinct=self.distinct,
                    quantum_backend=quantum_backend,
                )
            except Exception as error:  # a failing codebreaker must not lose the game
                row = failed_row(method, method_info(method).kind, f"failed: {error}")
            rows.append(row)
        for method, reason in left_out.items():
            rows.append(failed_row(method, method_info(method).kind, reason))
        return rows

    def to_dict(self) -> dict[str, Any]:
        """``{"secret", "guesses", "solved", "queries"}`` (the ``--json`` contract)."""
        return {
            "secret": list(self.reveal()),
            "guesses": [turn.to_dict() for turn in self.turns],
            "solved": self.solved,
            "queries": self.queries,
        }


def failed_row(method: str, kind: str, note: str) -> dict[str, Any]:
    """A comparison row of a codebreaker not played, or not finished: ``note`` says why."""
    return {
        "method": method,
        "kind": kind,
        "queries": None,
        "to_win": None,
        "solved": None,
        "note": note,
    }


# -- you make the code -----------------------------------------------------------------------
Answerer = Callable[[Code, int], "int | tuple[int, int]"]
"""``ask(guess, number)``: your answer to guess ``number`` (1-based)."""


class HumanCodemaker(Codemaker):
    """A codemaker whose answers are yours; contradictions are refused at once.

    ``ask(guess, number)`` is called for every guess a codebreaker makes and returns the
    answer (an int, or ``(black, white)`` in a black-white game). If no code fits it
    together with the earlier answers, ``on_contradiction(error)`` is called with a
    :class:`Contradiction` naming a minimal set of answers that clash (every proper
    subset fits some code; the fewest such answers where the search is cheap), and
    ``ask`` is called again for the same guess (the refused answer is forgotten).
    Without ``on_contradiction`` the :class:`Contradiction` is raised. ``ask`` may raise
    :class:`UndoAnswer` (take back the previous answer) or :class:`QuitGame`.

    Args:
        num_positions: ``n``.
        colors: ``k``.
        ask: your answers.
        feedback: ``"black"`` or ``"black-white"``.
        distinct: the permutation game.
        on_contradiction: told about a refused answer (then asked again).
        answers: answers given before, replayed to the first guesses without calling
            ``ask`` (after :class:`UndoAnswer`; a replayed answer that clashes raises
            :class:`Contradiction`).

    Raises:
        ValueError: invalid sizes.
        mastermind_q.limits.ResourceLimitError: ``n`` or ``k`` above the classical
            limits, or more than :data:`MAX_COUNTED_CODES` codes (checked before any
            code is built).
        TypeError: ``distinct`` not a boolean.
    """

    def __init__(
        self,
        num_positions: int,
        colors: int,
        ask: Answerer,
        *,
        feedback: str = "black",
        distinct: bool = False,
        on_contradiction: Callable[[Contradiction], None] | None = None,
        answers: Sequence[int | tuple[int, int]] = (),
    ) -> None:
        from .limits import check_code_space

        n = validate_positions(num_positions)
        k = validate_colors(colors)
        distinct = _flag(distinct, "distinct")
        if distinct and k < n:
            raise ValueError(f"colors must be >= positions ({n}) in the permutation game, was {k}")
        _check_size(n, k, "make mode")
        check_code_space(
            "make mode",
            n,
            k,
            MAX_COUNTED_CODES,
            distinct=distinct,
            limit_name="MAX_COUNTED_CODES",
            hint="it checks every answer against every code",
        )
        codes = _code_space(n, k, distinct)
        assert codes is not None  # checked above
        placeholder = tuple(range(n)) if distinct else (0,) * n  # never used to answer
        super().__init__(placeholder, k, distinct=distinct, feedback=feedback)
        self._ask = ask
        self._on_contradiction = on_contradiction
        self._codes = codes
        self._masks: list[np.ndarray] = []
        self._given: list[int | tuple[int, int]] = []
        self._replay = list(answers)

    @property
    def answers(self) -> list[int | tuple[int, int]]:
        """The answers accepted so far, in order."""
        return list(self._given)

    def _answer(self, guess: Code, black_white: bool) -> int | tuple[int, int]:
        number = len(self._masks) + 1
        while True:
            replayed = number <= len(self._replay)
            answer = self._replay[number - 1] if replayed else self._ask(guess, number)
            if black_white and not isinstance(answer, tuple):
                raise EntryError("this codebreaker asks for black and white pegs")
            if not black_white and isinstance(answer, tuple):
                answer = answer[0]
            mask = _fits(self._codes, guess, answer)
            problem = self._contradiction(mask)
            if problem is None:
                self._masks.append(mask)
                self._given.append(answer)
                return answer
            if self._on_contradiction is None or replayed:
                raise problem
            self._on_contradiction(problem)

    def _contradiction(self, mask: np.ndarray) -> Contradiction | None:
        """``None`` if some code fits every answer and ``mask``; else a minimal clash.

        The earlier answers fit some code, so every clash holds the newest answer.
        Clashes of the newest and 0, 1, 2, ... earlier answers are tried while the
        number of intersections stays within :data:`CLASH_SEARCH_CELLS` (the first
        found is the fewest); beyond, deletion: each earlier answer whose removal
        still leaves a clash is dropped, which leaves a minimal set.
        """
        everything = mask.copy()
        for earlier in self._masks:
            everything &= earlier
        if everything.any():
            return None
        latest = len(self._masks)
        budget = CLASH_SEARCH_CELLS // max(1, len(mask))
        for size in range(latest):  # sets of ``size`` earlier answers
            combinations = math.comb(latest, size)
            if combinations > budget:
                break
            budget -= combinations
            for group in itertools.combinations(range(latest), size):
                if not self._joint(mask, group).any():
                    return Contradiction([*(i + 1 for i in group), latest + 1])
        kept = list(range(latest))
        for index in range(latest):
            trial = [i for i in kept if i != index]
            if not self._joint(mask, trial).any():
                kept = trial
        return Contradiction([*(i + 1 for i in kept), latest + 1])

    def _joint(self, mask: np.ndarray, group: Iterable[int]) -> np.ndarray:
        joint = mask.copy()
        for index in group:
            joint &= self._masks[index]
        return joint

    def _answer_black(self, guess: Code) -> int:
        return int(self._answer(guess, black_white=False))  # type: ignore[arg-type]

    def _answer_black_white(self, guess: Code) -> tuple[int, int]:
        return self._answer(guess, black_white=True)  # type: ignore[return-value]

    @property
    def remaining(self) -> int:
        """Codes consistent with every answer so far."""
        return int(self._consistent().sum())

    def _consistent(self) -> np.ndarray:
        return self._joint(np.ones(len(self._codes), dtype=bool), range(len(self._masks)))

    def oracle(self, **options: Any) -> Any:
        """Not available: your secret is in your head, not in a circuit.

        Raises:
            ValueError: always.
        """
        raise ValueError("you hold the secret: play a classical codebreaker against it")

    def reveal(self) -> Code:
        """The code your answers determine: the first code consistent with all of them."""
        mask = self._consistent()
        return tuple(int(c) for c in self._codes[int(np.flatnonzero(mask)[0])])


# -- you watch a quantum codebreaker -----------------------------------------------------------
RunReport = Callable[[Sequence[Any], Sequence[Mapping[str, Any]]], None]
"""``report(circuits, outcomes)``: a batch the codemaker ran and what each returned."""


class WatchedCodemaker(Codemaker):
    """A codemaker that reports each batch of circuits it runs (and counts as usual).

    Args:
        secret: your secret.
        colors: ``k``.
        report: called after each :meth:`run` with the circuits as handed over (opaque
            oracle) and their outcomes.
        on_start: called with the circuits before they run (optional).
        **options: those of :class:`~mastermind_q.codemaker.Codemaker`.
    """

    def __init__(
        self,
        secret: Sequence[int],
        colors: int,
        report: RunReport,
        *,
        on_start: Callable[[Sequence[Any]], None] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(secret, colors, **options)
        self._report = report
        self._on_start = on_start

    def run(self, circuits: Any, **options: Any) -> list[dict[str, Any]]:
        """:meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>`, then the report."""
        batch = self._batch(circuits)
        if self._on_start is not None:
            self._on_start(batch)
        outcomes = super().run(batch, **options)
        self._report(batch, outcomes)
        return outcomes


def histogram_lines(outcome: Mapping[str, float], *, top: int = 6, width: int = 30) -> list[str]:
    """The largest entries of a measured outcome as text bars (the largest fills ``width``).

    Example:
        >>> histogram_lines({"01": 3, "10": 1}, width=4)
        ['01  ####  3 (0.75)', '10  #     1 (0.25)']
    """
    total = float(sum(outcome.values())) or 1.0
    ranked = sorted(outcome.items(), key=lambda item: (-item[1], item[0]))
    largest = float(ranked[0][1]) if ranked and ranked[0][1] else 1.0
    lines = []
    for key, value in ranked[:top]:
        share = value / total
        bar = "#" * max(1, round(value / largest * width)) if value else ""
        count = f"{value:g}" if float(value).is_integer() else f"{value:.3f}"
        lines.append(f"{key}  {bar.ljust(width)}  {count} ({share:.2f})")
    if len(ranked) > top:
        lines.append(f"... {len(ranked) - top} more outcomes")
    return lines


def circuit_title(circuit: Any) -> str:
    """A circuit's name as a person reads it: the builder's name, without Qiskit's copy
    counter (``adaptive-63`` -> ``adaptive``), and what it does.

    Example:
        >>> from qiskit import QuantumCircuit
        >>> circuit_title(QuantumCircuit(1, name="adaptive-63"))
        'adaptive (n exact Grover searches at once)'
        >>> circuit_title(QuantumCircuit(1, name="find_two_color_0_2"))
        'find_two_color_0_2 (FindTwoColorPosition for colours 0 and 2)'
    """
    name = re.sub(r"-\d+$", "", str(circuit.name)) or "circuit"
    pair = re.fullmatch(r"find_two_color_(\d+)_(\d+)", name)
    if pair is not None:
        return f"{name} (FindTwoColorPosition for colours {pair.group(1)} and {pair.group(2)})"
    meaning = {
        "adaptive": "n exact Grover searches at once",
        "two_color": "one query with QFT_4",
        "hunziker": "the parity-oracle search",
    }
    for prefix, text in meaning.items():
        if name.startswith(prefix):
            return f"{name} ({text})"
    return name


def circuit_reading(circuit: Any, outcome: Mapping[str, float], colors: int) -> str:
    """What the most frequent outcome of one circuit says about the secret.

    * FindTwoColorPosition ``(c1, c2)``: the positions that hold ``c1`` or ``c2``;
    * the adaptive circuit (register ``code``): a colour per position;
    * the two-colour circuit: the colour of each position.
    """
    if not outcome:
        return "no outcome"
    key = max(sorted(outcome), key=lambda bits: outcome[bits])
    bits = key.replace(" ", "")[::-1]  # bits[i] = clbit i
    pair = re.fullmatch(r"find_two_color_(\d+)_(\d+)", circuit.name)
    if pair is not None:
        c1, c2 = pair.groups()
        where = [str(i) for i, bit in enumerate(bits) if bit == "1"]
        return f"colour {c1} or {c2} at positions: {', '.join(where) or 'none'} (outcome {key})"
    registers = [register.name for register in circuit.cregs]
    if registers == ["code"]:
        q = max(1, (colors - 1).bit_length())
        code = [int(bits[i : i + q][::-1], 2) for i in range(0, len(bits), q)]
        return f"colours {','.join(map(str, code))} (outcome {key})"
    if circuit.name.startswith("two_color"):
        return f"colours {','.join(bits)} (outcome {key})"
    return f"outcome {key}"


def turns_of(transcript: Iterable[tuple[Code, Any]], feedback: str) -> list[Turn]:
    """:class:`Turn` rows of a codemaker transcript (``remaining`` not known)."""
    turns = []
    for guess, answer in transcript:
        if isinstance(answer, tuple):
            turns.append(Turn(guess, answer[0], answer[1], None))
        else:
            turns.append(Turn(guess, answer, None if feedback == "black" else 0, None))
    return turns
