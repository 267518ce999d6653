"""The faces of the codemaker: what a codebreaker may ask, by its kind and setting.

The referee never hands a codebreaker the codemaker itself. It hands it the *face* its
declaration allows (:func:`face_for`), and the face forwards only those questions to the
codemaker, which answers and counts them:

=========================================  ==========================================
declared                                   face, and what it may ask
=========================================  ==========================================
classical, adaptive                        :class:`Guesses`: guesses, one at a time or
                                           several in order (``black``,
                                           ``black_white``, ``answer``,
                                           ``black_many``, ``answer_batch``)
classical, non-adaptive                    :class:`Batch`: one batch
                                           (``answer_batch``), committed before any
                                           answer, then at most the final guess
quantum, adaptive                          :class:`Oracle`: the opaque oracles
                                           (``oracle``, ``parity_oracle``), counted
                                           runs (``run``), and guesses
quantum, non-adaptive                      :class:`OracleBatch`: as :class:`Oracle`,
                                           but every circuit in one ``run``, before any
                                           outcome is seen (guesses after it)
=========================================  ==========================================

Every face tells the game (``num_positions``, ``num_colors``, ``feedback``,
``distinct``), what has been counted (``queries``) and the codebreaker's own
transcript. A question the face does not allow is refused with :class:`RefusedQuery`
(a ``ValueError``), one line naming the codebreaker and what it declared. Nothing on a
face leads to the secret: :meth:`Face.reveal` refuses; the referee reveals after the game.

A face is one Python object among others in one process: it stops a codebreaker that
plays through the public interface from asking what its declaration does not allow,
and it cannot stop code that walks the interpreter itself (``gc``, frames, ``ctypes``)
to reach the codemaker behind it. Such code is not a codebreaker but an attack, and
reading a plugin's source is the defence against it.

This module imports no Qiskit: the quantum faces only forward to a
:class:`~mastermind_q.codemaker.Codemaker`, which a quantum game brings.

Example:
    >>> from mastermind_q.codemaker import ClassicalCodemaker
    >>> face = Guesses(ClassicalCodemaker((1, 0, 1), colors=2), name="toy")
    >>> face.black((1, 1, 1)), face.queries
    (2, 1)
    >>> face.oracle()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mastermind_q.codemaker.faces.RefusedQuery: codebreaker 'toy' declared ... it gets no oracle
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .classical import ClassicalCodemaker, _Uncopyable

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "Batch",
    "Face",
    "Guesses",
    "Oracle",
    "OracleBatch",
    "RefusedQuery",
    "check_codemaker",
    "face_for",
]


class RefusedQuery(ValueError):
    """A codebreaker asked what its declared kind and setting do not allow (nothing was
    answered or counted)."""


class Face(_Uncopyable):
    """What every codebreaker may know: the game, the count, its own transcript.

    Args:
        codemaker: the referee's codemaker (kept out of reach of the public interface).
        name: the codebreaker's name, for refusals.
        kind: its declared kind, ``"classical"`` or ``"quantum"``.
        setting: its declared setting, ``"adaptive"`` or ``"non-adaptive"``.
    """

    __slots__ = ("__maker", "_declared", "_name")
    _kind = "classical"
    _setting = "adaptive"

    def __init__(self, codemaker: ClassicalCodemaker, *, name: str = "codebreaker") -> None:
        self.__maker = codemaker
        self._name = name
        self._declared = f"kind={self._kind!r}, setting={self._setting!r}"

    # -- the referee's side ------------------------------------------------------------
    def _maker(self) -> Any:
        return self.__maker

    def _refuse(self, why: str) -> RefusedQuery:
        return RefusedQuery(f"codebreaker {self._name!r} declared {self._declared}: {why}")

    # -- the game ----------------------------------------------------------------------
    @property
    def num_positions(self) -> int:
        """``n``, the number of positions."""
        return self.__maker.num_positions

    @property
    def num_colors(self) -> int:
        """``k``, the number of colours."""
        return self.__maker.num_colors

    @property
    def distinct(self) -> bool:
        """Whether colours may not repeat (secret and guesses)."""
        return self.__maker.distinct

    @property
    def feedback(self) -> str:
        """The game's feedback, ``"black"`` or ``"black-white"`` (what :meth:`answer`
        gives where the face allows guesses)."""
        return self.__maker.feedback

    @property
    def queries(self) -> int:
        """Queries counted so far: answered guesses plus oracle applications."""
        return self.__maker.queries

    @property
    def transcript(self) -> tuple[Any, ...]:
        """The codebreaker's own ``(guess, answer)`` pairs so far."""
        return self.__maker.transcript

    def transcript_record(self) -> Sequence[Any]:
        """:attr:`transcript` as a sequence whose pairs are built when read."""
        return self.__maker.transcript_record()

    def validate_guess(self, guess: Iterable[Any]) -> tuple[int, ...]:
        """``guess`` as a code, checked against ``n``, ``k`` and ``distinct``."""
        return self.__maker.validate_guess(guess)

    def validate_guesses(self, guesses: Iterable[Any]) -> np.ndarray:
        """``guesses`` as a 2-D array, one validated guess per row."""
        return self.__maker.validate_guesses(guesses)

    def reveal(self) -> Any:
        """Refused: the secret is the referee's, revealed after the game."""
        raise self._refuse("reveal() is the referee's, after the game; no face leads to the secret")

    # -- what the declaration does not allow -------------------------------------------
    def oracle(self, **options: Any) -> Any:
        """Refused: a classical codebreaker gets no oracle."""
        raise self._refuse("a classical codebreaker asks guesses only; it gets no oracle")

    def parity_oracle(self) -> Any:
        """Refused: a classical codebreaker gets no oracle."""
        raise self._refuse("a classical codebreaker asks guesses only; it gets no oracle")

    def run(self, circuits: Any, **options: Any) -> Any:
        """Refused: a classical codebreaker runs no circuit."""
        raise self._refuse("a classical codebreaker asks guesses only; it runs no circuit")

    def __repr__(self) -> str:
        maker = self.__maker
        return (
            f"<{type(self).__name__} of the codemaker for {self._name!r} "
            f"(n={maker.num_positions}, k={maker.num_colors}, queries={maker.queries})>"
        )


class Guesses(Face):
    """The face of a classical, adaptive codebreaker: guesses, answered and counted.

    ``black``, ``black_white`` and ``answer`` ask one guess; ``black_many`` several in
    order (answers stop at the winning one); ``answer_batch`` one batch before any
    other query, as the codemaker allows it.
    """

    __slots__ = ()

    def black(self, guess: Sequence[int]) -> int:
        """The black answer to ``guess`` (counted)."""
        return self._maker().black(guess)

    def black_white(self, guess: Sequence[int]) -> tuple[int, int]:
        """The ``(black, white)`` answer to ``guess`` (counted)."""
        return self._maker().black_white(guess)

    def answer(self, guess: Sequence[int]) -> tuple[int, int]:
        """The answer to ``guess`` in the game's feedback, as ``(black, white)``."""
        return self._maker().answer(guess)

    def black_many(self, guesses: Iterable[Sequence[int]]) -> np.ndarray:
        """The black answers to ``guesses``, in order, up to the winning one."""
        return self._maker().black_many(guesses)

    def answer_batch(self, guesses: Iterable[Sequence[int]]) -> tuple[tuple[int, int], ...]:
        """One batch of guesses, answered at once, before any other query."""
        return self._maker().answer_batch(guesses)

    def answer_batch_chunks(self, chunks: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        """One batch given in chunks, every chunk read before any guess is answered."""
        return self._maker().answer_batch_chunks(chunks)


class Batch(Face):
    """The face of a classical, non-adaptive codebreaker: one batch, then the final guess.

    :meth:`answer_batch` takes every query at once, validated before any is answered,
    as the first thing asked; after it the codebreaker may ask one more guess, its
    final guess (:meth:`answer`, :meth:`black` or :meth:`black_white`). A codebreaker
    that needs no batch asks its final guess alone. Anything else is refused.
    """

    __slots__ = ("_final_asked",)
    _setting = "non-adaptive"

    def __init__(self, codemaker: ClassicalCodemaker, *, name: str = "codebreaker") -> None:
        super().__init__(codemaker, name=name)
        self._final_asked = False

    def answer_batch(self, guesses: Iterable[Sequence[int]]) -> tuple[tuple[int, int], ...]:
        """Answer every guess of the batch at once (each counted); the first query only."""
        if self._final_asked or self._maker().queries:
            raise self._refuse(
                "a non-adaptive codebreaker commits its one batch before any answer; "
                "it was asked after another query"
            )
        return self._maker().answer_batch(guesses)

    def answer_batch_chunks(self, chunks: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        """The batch given in chunks (every chunk read and recorded before any answer);
        the first query only, as :meth:`answer_batch`."""
        if self._final_asked or self._maker().queries:
            raise self._refuse(
                "a non-adaptive codebreaker commits its one batch before any answer; "
                "it was asked after another query"
            )
        return self._maker().answer_batch_chunks(chunks)

    def _final(self) -> Any:
        if self._final_asked:
            raise self._refuse(
                "a non-adaptive codebreaker asks one batch and then at most its final "
                "guess; a second guess after the batch was asked"
            )
        self._final_asked = True
        return self._maker()

    def answer(self, guess: Sequence[int]) -> tuple[int, int]:
        """The final guess, answered in the game's feedback as ``(black, white)``."""
        maker = self._maker()
        maker.validate_guess(guess)  # a bad guess is no final guess: nothing is used up
        return self._final().answer(guess)

    def black(self, guess: Sequence[int]) -> int:
        """The final guess, answered with its black count."""
        self._maker().validate_guess(guess)
        return self._final().black(guess)

    def black_white(self, guess: Sequence[int]) -> tuple[int, int]:
        """The final guess, answered with ``(black, white)``."""
        self._maker().validate_guess(guess)
        return self._final().black_white(guess)

    def black_many(self, guesses: Iterable[Sequence[int]]) -> Any:
        """Refused: guesses answered in order, each after the last, are adaptive play."""
        raise self._refuse(
            "a non-adaptive codebreaker asks its queries in one answer_batch(), not black_many()"
        )


class Oracle(Guesses):
    """The face of a quantum, adaptive codebreaker: the opaque oracles, counted runs, and
    guesses (counted, and shown apart from the oracle applications)."""

    __slots__ = ()
    _kind = "quantum"

    def oracle(self, **options: Any) -> Any:
        """The codemaker's opaque black-peg oracle ``B_s`` (see
        :meth:`Codemaker.oracle <mastermind_q.codemaker.Codemaker.oracle>`)."""
        return self._maker().oracle(**options)

    def parity_oracle(self) -> Any:
        """The codemaker's opaque parity oracle ``O_h``."""
        return self._maker().parity_oracle()

    def run(self, circuits: Any, **options: Any) -> Any:
        """Count and run ``circuits`` (see
        :meth:`Codemaker.run <mastermind_q.codemaker.Codemaker.run>`)."""
        return self._maker().run(circuits, **options)


class OracleBatch(Oracle):
    """The face of a quantum, non-adaptive codebreaker: every circuit is handed to one
    :meth:`run`, before any outcome is seen (a run's or a guess's answer); guesses are
    allowed after it."""

    __slots__ = ("_outcome_seen",)
    _setting = "non-adaptive"

    def __init__(self, codemaker: ClassicalCodemaker, *, name: str = "codebreaker") -> None:
        super().__init__(codemaker, name=name)
        self._outcome_seen: str | None = None

    def run(self, circuits: Any, **options: Any) -> Any:
        """Count and run every circuit of the game: once, before any outcome is seen."""
        if self._outcome_seen is not None:
            raise self._refuse(
                "a non-adaptive quantum codebreaker submits all its circuits in one run(), "
                f"before it sees any outcome; run() was asked after {self._outcome_seen}"
            )
        self._outcome_seen = "a first run()"
        return super().run(circuits, **options)

    def _seen(self) -> Any:
        if self._outcome_seen is None:
            self._outcome_seen = "a guess was answered"
        return self._maker()

    def black(self, guess: Sequence[int]) -> int:
        return self._seen().black(guess)

    def black_white(self, guess: Sequence[int]) -> tuple[int, int]:
        return self._seen().black_white(guess)

    def answer(self, guess: Sequence[int]) -> tuple[int, int]:
        return self._seen().answer(guess)

    def black_many(self, guesses: Iterable[Sequence[int]]) -> np.ndarray:
        return self._seen().black_many(guesses)

    def answer_batch(self, guesses: Iterable[Sequence[int]]) -> tuple[tuple[int, int], ...]:
        return self._seen().answer_batch(guesses)

    def answer_batch_chunks(self, chunks: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        return self._seen().answer_batch_chunks(chunks)


_FACES: dict[tuple[str, str], type[Face]] = {
    ("classical", "adaptive"): Guesses,
    ("classical", "non-adaptive"): Batch,
    ("quantum", "adaptive"): Oracle,
    ("quantum", "non-adaptive"): OracleBatch,
}


def face_for(codemaker: ClassicalCodemaker, kind: str, setting: str, name: str) -> Face:
    """The face of ``codemaker`` that a codebreaker declared ``kind`` and ``setting``
    gets (the table in the module text).

    Raises:
        ValueError: an unknown kind or setting.
        TypeError: a quantum face asked of a codemaker without an oracle.
    """
    face = _FACES.get((kind, setting))
    if face is None:
        raise ValueError(
            f"codebreaker {name!r}: kind and setting must be one of "
            f"{', '.join(f'{k}/{s}' for k, s in _FACES)}, was {kind}/{setting}"
        )
    if kind == "quantum" and not hasattr(codemaker, "run"):
        raise TypeError(
            f"codebreaker {name!r} is quantum: it plays against a Codemaker with an oracle, "
            f"was {type(codemaker).__name__}"
        )
    return face(codemaker, name=name)


def check_codemaker(value: Any, name: str = "codemaker") -> Any:
    """Return ``value`` if a codebreaker may play against it: a codemaker (a
    :class:`~mastermind_q.codemaker.classical.ClassicalCodemaker`, a
    :class:`~mastermind_q.codemaker.Codemaker` or a subclass's instance) or the face of
    one (:class:`Face`).

    Raises:
        TypeError: anything else, naming its type.

    Example:
        >>> check_codemaker("x")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        TypeError: codemaker must be a Codemaker (...) or its face, was str
    """
    if not isinstance(value, (ClassicalCodemaker, Face)):
        raise TypeError(
            f"{name} must be a Codemaker (mastermind_q.Codemaker or a subclass) or its face, "
            f"was {type(value).__name__}"
        )
    return value
