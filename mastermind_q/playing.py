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
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .codemaker import Codemaker
from .game import Code, validate_colors, validate_feedback, validate_positions

__all__ = [
    "MAX_COUNTED_CODES",
    "OPTIMAL_PLAY_MAX_CODES",
    "BreakerGame",
    "Contradiction",
    "EntryError",
    "HumanCodemaker",
    "QuitGame",
    "Turn",
    "WatchedCodemaker",
    "circuit_reading",
    "histogram_lines",
    "parse_answer_entry",
    "parse_code_entry",
    "turns_of",
]

MAX_COUNTED_CODES = 1_000_000
"""Largest code space whose consistent codes are counted (above: not counted)."""
OPTIMAL_PLAY_MAX_CODES = {"black": 81, "black-white": 256}
"""Largest code space, per feedback, for which the end of a game shows what ``optimal``
needs (its search takes about a second there; the strategy is cached)."""


class EntryError(ValueError):
    """A bad entry (guess, answer, secret): the message says what is wrong."""


class QuitGame(Exception):
    """The player asked to stop (``quit``)."""


class Contradiction(EntryError):
    """An answer that no code fits together with earlier answers.

    Attributes:
        answers: the numbers (1-based) of the answers that no code fits together.
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


def _numbers(text: str, what: str) -> list[int]:
    items = [item for item in _SEPARATORS.split(text.strip()) if item]
    if not items:
        raise EntryError(f"type a {what}, e.g. 0,2,1")
    values = []
    for item in items:
        if not re.fullmatch(r"[0-9]{1,9}", item):
            raise EntryError(f"{item[:20]!r} is not a number (type the {what} as e.g. 0,2,1)")
        values.append(int(item))
    return values


def parse_code_entry(
    text: str, num_positions: int, colors: int, *, distinct: bool = False, what: str = "guess"
) -> Code:
    """A typed code (``0,2,1``, ``0 2 1``) checked against ``n``, ``k`` and the game.

    Raises:
        EntryError: wrong length, a colour out of range, a repeated colour in the
            permutation game, not numbers (the message says which).

    Example:
        >>> parse_code_entry("0, 2 1", 3, 4)
        (0, 2, 1)
    """
    values = _numbers(text, what)
    if len(values) != num_positions:
        raise EntryError(
            f"a {what} has {num_positions} colours, this one has {len(values)}: {text.strip()!r}"
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

    Example:
        >>> parse_answer_entry("2 1", 4, "black-white")
        (2, 1)
    """
    validate_feedback(feedback)
    n = num_positions
    values = _numbers(text, "answer")
    wanted = 2 if feedback == "black-white" else 1
    if len(values) != wanted:
        shape = "black,white (e.g. 1,2)" if wanted == 2 else "the black pegs (e.g. 2)"
        raise EntryError(f"answer with {shape}, was {text.strip()!r}")
    if sum(values) > n:
        raise EntryError(f"at most {n} pegs in all, was {text.strip()!r}")
    if wanted == 2 and values[0] == n - 1 and values[1] == 1:
        raise EntryError(f"{n - 1} black and 1 white cannot happen (the last colour would match)")
    return values[0] if wanted == 1 else (values[0], values[1])


# -- the code space ------------------------------------------------------------------------
def _code_space(n: int, k: int, distinct: bool) -> tuple[np.ndarray, np.ndarray] | None:
    from .classical.codes import all_codes, color_histograms, count_codes

    if count_codes(n, k, distinct=distinct) > MAX_COUNTED_CODES:
        return None
    codes = all_codes(n, k, distinct=distinct, max_codes=MAX_COUNTED_CODES)
    return codes, color_histograms(codes, k)


def _fits(
    space: tuple[np.ndarray, np.ndarray], guess: Code, answer: int | tuple[int, int]
) -> np.ndarray:
    """Mask of the codes that give ``answer`` to ``guess``."""
    from .classical.codes import black_counts, black_white_counts

    codes, histograms = space
    if isinstance(answer, tuple):
        blacks, whites = black_white_counts(codes, guess, histograms)
        return (blacks == answer[0]) & (whites == answer[1])
    return black_counts(codes, guess) == answer


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
class BreakerGame:
    """You break the code: the toolkit's codemaker holds a random secret.

    Args:
        num_positions: ``n``.
        colors: ``k``.
        feedback: ``"black"`` or ``"black-white"``.
        distinct: the permutation game (no repeated colours, ``k >= n``).
        seed: draws the secret (and the hints' ties); ``None``: a fresh secret.
        secret: play this secret instead (tests).

    Raises:
        ValueError: invalid sizes, feedback, or ``distinct`` with ``k < n``.
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
        if distinct and k < n:
            raise ValueError(f"colors must be >= positions ({n}) in the permutation game, was {k}")
        self.num_positions, self.num_colors, self.distinct = n, k, bool(distinct)
        self._rng = random.Random(seed)
        if secret is None:
            if distinct:
                secret = tuple(self._rng.sample(range(k), n))
            else:
                secret = tuple(self._rng.randrange(k) for _ in range(n))
        self._maker = Codemaker(secret, k, distinct=distinct, feedback=feedback)
        self._space = _code_space(n, k, distinct)
        self._mask = None if self._space is None else np.ones(len(self._space[0]), dtype=bool)
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
        if self._mask is not None and self._space is not None:
            answer: int | tuple[int, int] = blacks if white is None else (blacks, white)
            self._mask &= _fits(self._space, code, answer)
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
        if self._space is None or self._mask is None:
            raise ValueError(f"hints need at most {MAX_COUNTED_CODES} codes, this game has more")
        codes, histograms = self._space
        consistent = np.flatnonzero(self._mask)
        rng = np.random.default_rng(self._rng.randrange(2**32))
        candidates = consistent if len(consistent) <= 200 else rng.choice(consistent, 200, False)
        population = consistent if len(consistent) <= 2000 else rng.choice(consistent, 2000, False)
        best, best_size = int(candidates[0]), float("inf")
        for index in sorted(int(i) for i in candidates):
            sizes = self._class_sizes(codes[population], histograms[population], codes[index])
            expected = float((sizes**2).sum()) / len(population)
            if expected < best_size:
                best, best_size = index, expected
        return tuple(int(c) for c in codes[best])

    def _class_sizes(
        self, population: np.ndarray, histograms: np.ndarray, guess: np.ndarray
    ) -> np.ndarray:
        from .classical.codes import black_counts, black_white_counts

        if self.feedback == "black-white":
            blacks, whites = black_white_counts(population, guess, histograms)
            keys = blacks * (self.num_positions + 1) + whites
        else:
            keys = black_counts(population, guess)
        return np.unique(keys, return_counts=True)[1]

    def reveal(self) -> Code:
        """The secret (for the end of the game)."""
        return self._maker.reveal()

    def comparison(self, *, quantum_backend: str = "aer") -> list[dict[str, Any]]:
        """What the toolkit's codebreakers need for this secret, each played for real.

        Classical (guesses, the final correct one included): ``optimal`` where the code
        space is small (:data:`OPTIMAL_PLAY_MAX_CODES`), ``consistent``, and
        ``permutation`` in the permutation game. Quantum (oracle queries, plus the one
        final guess of the identified secret): every quantum method for these ``k``.

        Returns:
            Rows ``{"method", "kind", "queries", "to_win", "solved"}``.
        """
        from .classical.codes import count_codes
        from .solving import METHODS, solve

        secret = self.reveal()
        rows: list[dict[str, Any]] = []
        game = {"feedback": self.feedback, "distinct": self.distinct}
        classical = ["consistent"]
        size = count_codes(self.num_positions, self.num_colors, distinct=self.distinct)
        if size <= OPTIMAL_PLAY_MAX_CODES[self.feedback]:
            classical.insert(0, "optimal")
        if self.distinct and self.feedback == "black":
            classical.append("permutation")
        for method in classical:
            options = game if method != "permutation" else {"distinct": True}
            result = solve(secret, colors=self.num_colors, method=method, seed=0, **options)
            rows.append(
                {
                    "method": method,
                    "kind": "classical",
                    "queries": result.queries,
                    "to_win": result.queries,
                    "solved": result.solved,
                }
            )
        for method, info in METHODS.items():
            if info.kind != "quantum":
                continue
            try:
                result = solve(
                    secret, colors=self.num_colors, method=method, backend=quantum_backend, seed=0
                )
            except ValueError:  # not for this k (two-color: k = 2 only; ...)
                continue
            rows.append(
                {
                    "method": method,
                    "kind": "quantum",
                    "queries": result.queries,
                    "to_win": result.queries + 1,
                    "solved": result.solved,
                }
            )
        return rows

    def to_dict(self) -> dict[str, Any]:
        """``{"secret", "guesses", "solved", "queries"}`` (the ``--json`` contract)."""
        return {
            "secret": list(self.reveal()),
            "guesses": [turn.to_dict() for turn in self.turns],
            "solved": self.solved,
            "queries": self.queries,
        }


# -- you make the code -----------------------------------------------------------------------
Answerer = Callable[[Code, int], "int | tuple[int, int]"]
"""``ask(guess, number)``: your answer to guess ``number`` (1-based)."""


class HumanCodemaker(Codemaker):
    """A codemaker whose answers are yours; contradictions are refused at once.

    ``ask(guess, number)`` is called for every guess a codebreaker makes and returns the
    answer (an int, or ``(black, white)`` in a black-white game). If no code fits it
    together with the earlier answers, ``on_contradiction(error)`` is called with a
    :class:`Contradiction` naming the fewest answers that clash, and ``ask`` is called
    again for the same guess (the refused answer is forgotten). Without
    ``on_contradiction`` the :class:`Contradiction` is raised.

    Args:
        num_positions: ``n``.
        colors: ``k``.
        ask: your answers.
        feedback: ``"black"`` or ``"black-white"``.
        distinct: the permutation game.
        on_contradiction: told about a refused answer (then asked again).

    Raises:
        ValueError: invalid sizes, or a code space above :data:`MAX_COUNTED_CODES`.
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
    ) -> None:
        n = validate_positions(num_positions)
        k = validate_colors(colors)
        if distinct and k < n:
            raise ValueError(f"colors must be >= positions ({n}) in the permutation game, was {k}")
        space = _code_space(n, k, distinct)
        if space is None:
            raise ValueError(
                f"you can make codes with at most {MAX_COUNTED_CODES} possibilities; "
                f"n = {n}, k = {k} has more"
            )
        placeholder = tuple(range(n)) if distinct else (0,) * n  # never used to answer
        super().__init__(placeholder, k, distinct=distinct, feedback=feedback)
        self._ask = ask
        self._on_contradiction = on_contradiction
        self._space = space
        self._masks: list[np.ndarray] = []
        self._asked: list[Code] = []

    def _answer(self, guess: Code, black_white: bool) -> int | tuple[int, int]:
        number = len(self._masks) + 1
        while True:
            answer = self._ask(guess, number)
            if black_white and not isinstance(answer, tuple):
                raise EntryError("this codebreaker asks for black and white pegs")
            if not black_white and isinstance(answer, tuple):
                answer = answer[0]
            mask = _fits(self._space, guess, answer)
            problem = self._contradiction(mask)
            if problem is None:
                self._masks.append(mask)
                self._asked.append(guess)
                return answer
            if self._on_contradiction is None:
                raise problem
            self._on_contradiction(problem)

    def _contradiction(self, mask: np.ndarray) -> Contradiction | None:
        """``None`` if some code fits every answer and ``mask``; else the fewest that clash."""
        everything = mask.copy()
        for earlier in self._masks:
            everything &= earlier
        if everything.any():
            return None
        latest = len(self._masks) + 1
        if not mask.any():
            return Contradiction([latest])
        for size in (1, 2):
            for group in itertools.combinations(range(len(self._masks)), size):
                joint = mask.copy()
                for index in group:
                    joint &= self._masks[index]
                if not joint.any():
                    return Contradiction([*(i + 1 for i in group), latest])
        return Contradiction(list(range(1, latest + 1)))

    def _answer_black(self, guess: Code) -> int:
        return int(self._answer(guess, black_white=False))  # type: ignore[arg-type]

    def _answer_black_white(self, guess: Code) -> tuple[int, int]:
        return self._answer(guess, black_white=True)  # type: ignore[return-value]

    @property
    def remaining(self) -> int:
        """Codes consistent with every answer so far."""
        mask = np.ones(len(self._space[0]), dtype=bool)
        for earlier in self._masks:
            mask &= earlier
        return int(mask.sum())

    def oracle(self, **options: Any) -> Any:
        """Not available: your secret is in your head, not in a circuit.

        Raises:
            ValueError: always.
        """
        raise ValueError("you hold the secret: play a classical codebreaker against it")

    def reveal(self) -> Code:
        """The code your answers determine: the first code consistent with all of them."""
        mask = np.ones(len(self._space[0]), dtype=bool)
        for earlier in self._masks:
            mask &= earlier
        return tuple(int(c) for c in self._space[0][int(np.flatnonzero(mask)[0])])


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
