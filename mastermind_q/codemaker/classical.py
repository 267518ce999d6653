"""The classical referee: a codemaker that holds the secret, answers and counts guesses.

:class:`ClassicalCodemaker` is the half of the referee that every game needs and that
imports no Qiskit: the secret, the ledger (what was counted, under one lock), the
compact transcript of every ``(guess, answer)`` pair, and the answers to classical
queries (:meth:`~ClassicalCodemaker.black`, :meth:`~ClassicalCodemaker.black_white`,
:meth:`~ClassicalCodemaker.answer`, :meth:`~ClassicalCodemaker.black_many` and the
one non-adaptive :meth:`~ClassicalCodemaker.answer_batch`). The quantum referee,
:class:`~mastermind_q.codemaker.Codemaker`, adds the opaque oracle and the counted runs
on top of it (:mod:`mastermind_q.codemaker.quantum`).

Every answered guess counts, the final guess that equals the secret included; the
ledger remembers whether the secret itself was answered (the referee's win rule,
:mod:`mastermind_q.codemaker.faces`).

Why a copy cannot play uncounted. A codemaker (and every subclass: the adversary, a
watched or human codemaker) refuses ``copy.copy``, ``copy.deepcopy``, ``pickle`` and
``__reduce_ex__`` with a ``TypeError``: a copy would hold the secret and answer queries
the game does not count. What it counts lives in one ledger that a copy made by hand
from its ``__dict__`` shares, so such a copy charges the original. No public attribute
leads to the secret but :meth:`~ClassicalCodemaker.reveal`, which the referee calls
after the game; a codebreaker is handed a face (:mod:`mastermind_q.codemaker.faces`),
which has no such method.

Example:
    >>> maker = ClassicalCodemaker((2, 0, 1), colors=3)
    >>> maker.black((2, 1, 1))
    2
    >>> maker.queries
    1
"""

from __future__ import annotations

import operator
import threading
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar

import numpy as np

from ..game import (
    Code,
    _black_white,
    _checked_code,
    plain_array,
    shown,
    validate_colors,
    validate_feedback,
    validate_flag,
)

Answer = int | tuple[int, int]
"""A recorded answer: the black count, or ``(black, white)`` for a black-white query."""

__all__ = [
    "MAX_COLORS",
    "Answer",
    "ClassicalCodemaker",
]

_NUMPY_ANSWER_LENGTH = 64
"""From this many positions on, black answers are counted with numpy."""

_CHUNK_BYTES = 1 << 22
"""Guesses are kept in chunks of about this many bytes (4 MiB), and batches are
answered in pieces of about as many compared positions."""

_COMPRESS_FROM = 1 << 28
"""Past this many bytes of guesses (256 MiB), each full chunk is kept zlib-compressed
(level 1: a codebreaker's guesses repeat long runs of colours; those of ``coin-weighing``
shrink about 30 times)."""
_COMPRESS_GAIN = 0.25
"""The share the first compressed chunk must shrink by for the transcript to keep
compressing (uniformly random codes with ``k = 4,096`` shrink about 13 %, at about
30 MB/s: not worth it; with ``k = 300`` about 32 %)."""
MAX_COLORS = 2**32
"""The most colours a codemaker plays with (guesses are kept as ``uint32`` rows at most)."""
_COPY_TILE = 256
"""Columns per tile when a batch that is not row-major is copied into the transcript."""


class _Uncopyable:
    """Refuses ``copy.copy``, ``copy.deepcopy``, ``pickle`` and ``__reduce_ex__``.

    What holds the secret or counts the game has one owner: a copy would answer
    queries that the game does not count (:class:`ClassicalCodemaker`, its ledger).
    """

    def _refuse_copy(self) -> TypeError:
        return TypeError(
            f"a {type(self).__name__} cannot be copied or pickled: a copy would hold the "
            "secret and answer queries the game does not count; hand the codemaker itself "
            "to the codebreaker"
        )

    def __copy__(self) -> Any:
        raise self._refuse_copy()

    def __deepcopy__(self, memo: Any) -> Any:
        raise self._refuse_copy()

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise self._refuse_copy()

    def __reduce__(self) -> Any:
        raise self._refuse_copy()

    def __getstate__(self) -> Any:
        raise self._refuse_copy()

    def __setstate__(self, state: Any) -> None:
        raise self._refuse_copy()


def _guess_dtype(num_colors: int) -> np.dtype[Any]:
    """The smallest unsigned integer type that holds the colours ``0..k-1``."""
    return np.dtype(np.min_scalar_type(num_colors - 1))


def _as_int64(row: np.ndarray) -> np.ndarray:
    """An integer row as ``int64``: rows of mixed integer types stack as integers.

    (``int8`` and ``uint64`` rows would stack as ``float64``.) ``uint64`` colours above
    ``2^63 - 1`` become ``2^63 - 1``: out of range either way, and the message about a
    bad row quotes the row as given.
    """
    if row.dtype == np.uint64:
        return np.minimum(row, np.uint64(2**63 - 1)).astype(np.int64)
    return row.astype(np.int64, copy=False)


class _Transcript:
    """Every classical ``(guess, answer)`` pair of a game, kept compactly.

    Guesses are rows of the smallest unsigned integer type that holds ``k`` (``uint8``
    to ``k = 256``, ``uint16`` to 65,536) in chunks of at most about 4 MiB, each filled
    once and never rewritten; answers are ``(black, white)`` rows, ``white = -1`` for a
    black-peg answer. :meth:`snapshot` is the record up to now; the public form
    (tuples of ints) is built from it only when it is read.

    Cost: ``n`` bytes per guess to ``k = 256`` (``2n`` to 65,536), against ``8n`` for a
    tuple of shared ints; past :data:`_COMPRESS_FROM` bytes, each full chunk is
    compressed (about 3 ms per MiB), unless the first one shrank by less than
    :data:`_COMPRESS_GAIN` (random guesses: then the chunks stay as they are).
    """

    __slots__ = (
        "_chunks",
        "_compress",
        "_dtype",
        "_length",
        "_num_colors",
        "_num_positions",
        "_raw_bytes",
        "_rows",
    )

    def __init__(self, num_positions: int, num_colors: int) -> None:
        self._num_positions = num_positions
        self._num_colors = num_colors
        self._dtype = _guess_dtype(num_colors)
        self._rows = max(16, _CHUNK_BYTES // (num_positions * self._dtype.itemsize))
        # [guesses, answers, rows filled]
        self._chunks: list[list[Any]] = []
        self._length = 0
        self._raw_bytes = 0
        self._compress = True

    def __len__(self) -> int:
        return self._length

    def append(self, codes: np.ndarray, blacks: np.ndarray, whites: np.ndarray | None) -> None:
        """Record the rows of ``codes`` (validated guesses) with their answers."""
        total = codes.shape[0]
        done = 0
        while done < total:
            if not self._chunks or self._chunks[-1][2] == self._chunks[-1][1].shape[0]:
                rows = min(self._rows, max(16, self._length, total - done))
                self._chunks.append(
                    [
                        np.empty((rows, self._num_positions), dtype=self._dtype),
                        np.empty((rows, 2), dtype=np.int64),
                        0,
                    ]
                )
            chunk = self._chunks[-1]
            guesses, answers, used = chunk
            take = min(total - done, guesses.shape[0] - used)
            part = slice(done, done + take)
            if codes.flags.c_contiguous:
                guesses[used : used + take] = codes[part]
            else:  # e.g. a column-major batch: copied in column tiles, which stay cached
                for column in range(0, self._num_positions, _COPY_TILE):
                    tile = slice(column, column + _COPY_TILE)
                    guesses[used : used + take, tile] = codes[part, tile]
            answers[used : used + take, 0] = blacks[part]
            answers[used : used + take, 1] = -1 if whites is None else whites[part]
            chunk[2] = used + take
            done += take
            self._length += take
            self._raw_bytes += take * guesses.shape[1] * self._dtype.itemsize
            if chunk[2] == guesses.shape[0] and self._raw_bytes > _COMPRESS_FROM and self._compress:
                packed = zlib.compress(guesses.tobytes(), 1)
                if len(packed) <= (1 - _COMPRESS_GAIN) * guesses.nbytes:
                    chunk[0] = packed
                else:  # guesses that do not compress (random codes) stay as they are
                    self._compress = False

    def append_unanswered(self, codes: np.ndarray) -> None:
        """Record the rows of ``codes`` (validated guesses) before their answers exist.

        For a batch given in chunks: every chunk is recorded first, and
        :meth:`fill_answers` then answers every recorded row at once.
        """
        empty = np.zeros(codes.shape[0], dtype=np.int64)
        self.append(codes, empty, None)

    def fill_answers(self, answer: Any, *, white: bool) -> None:
        """Answer every recorded row in order: ``answer(rows)`` gives the blacks (and whites)."""
        for chunk in self._chunks:
            guesses, answers, used = chunk
            if isinstance(guesses, bytes):
                guesses = np.frombuffer(zlib.decompress(guesses), dtype=self._dtype).reshape(
                    -1, self._num_positions
                )
            blacks, whites = answer(guesses[:used])
            answers[:used, 0] = blacks
            answers[:used, 1] = whites if white else -1

    def answered_blacks(self) -> np.ndarray:
        """Every recorded black answer, in order (``int64``)."""
        if not self._chunks:
            return np.zeros(0, dtype=np.int64)
        return np.concatenate([answers[:used, 0] for _g, answers, used in self._chunks])

    def answered_whites(self) -> np.ndarray:
        """Every recorded white answer, in order (``-1`` for a black-peg answer)."""
        if not self._chunks:
            return np.zeros(0, dtype=np.int64)
        return np.concatenate([answers[:used, 1] for _g, answers, used in self._chunks])

    def snapshot(self) -> _TranscriptRecord:
        """The record so far, as a sequence of pairs (later answers are not in it)."""
        return _TranscriptRecord(
            [(guesses, answers, used) for guesses, answers, used in self._chunks],
            self._length,
            self._num_colors,
            (self._dtype, self._num_positions),
        )


class _TranscriptRecord(Sequence[tuple[Code, Answer]]):
    """A finished part of a :class:`_Transcript`: the pairs, built when read.

    Iterating yields ``(guess, answer)`` as the codemaker gave them: the guess a tuple
    of ints, the answer ``b`` or ``(b, w)``. ``tuple(record)`` is the public transcript.
    """

    __slots__ = ("_chunks", "_length", "_num_colors", "_rows_as")

    def __init__(
        self,
        chunks: list[tuple[np.ndarray | bytes, np.ndarray, int]],
        length: int,
        num_colors: int,
        rows_as: tuple[np.dtype[Any], int],
    ) -> None:
        self._chunks = chunks
        self._length = length
        self._num_colors = num_colors
        self._rows_as = rows_as  # (dtype, n) of a compressed chunk's rows

    def _rows(self, guesses: np.ndarray | bytes) -> np.ndarray:
        if isinstance(guesses, bytes):
            dtype, width = self._rows_as
            return np.frombuffer(zlib.decompress(guesses), dtype=dtype).reshape(-1, width)
        return guesses

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[tuple[Code, Answer]]:
        # colours above 256 are not cached ints: share one int object per colour used
        # (a table of the colours that occur: the cost follows the record, not k)
        for guesses, answers, used in self._chunks:
            rows = self._rows(guesses)[:used]
            if self._num_colors > 257 and rows.size:
                colours, where = np.unique(rows, return_inverse=True)
                table = np.array([*colours.tolist(), None], dtype=object)[:-1]
                listed = table[where.reshape(rows.shape)].tolist()
            else:
                listed = rows.tolist()
            for row, (blacks, whites) in zip(listed, answers[:used].tolist()):
                yield tuple(row), (blacks if whites < 0 else (blacks, whites))

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return tuple(self)[index]
        position = operator.index(index)
        if position < 0:
            position += self._length
        if not 0 <= position < self._length:
            raise IndexError(f"transcript index {index} out of range ({self._length} pairs)")
        for guesses, answers, used in self._chunks:
            if position < used:
                blacks, whites = answers[position].tolist()
                guess = tuple(int(color) for color in self._rows(guesses)[position].tolist())
                return guess, (blacks if whites < 0 else (blacks, whites))
            position -= used
        raise IndexError(index)  # pragma: no cover - the length counts the chunks' rows

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _TranscriptRecord):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))


class _Ledger(_Uncopyable):
    """What a codemaker counted and recorded, changed under one lock.

    One per codemaker: a copy of a codemaker made by hand from its ``__dict__``
    shares it, so what the copy answers is charged to the original.
    """

    def __init__(self, num_positions: int, num_colors: int) -> None:
        self.lock = threading.RLock()
        self.queries = 0
        self.oracle_executions = 0
        self.transcript = _Transcript(num_positions, num_colors)
        self.batch_answered = False
        self.won = False  # the secret itself was answered (an answer of n blacks)
        self.outcomes: list[dict[str, Any]] = []
        self.circuits: list[Any] = []  # the quantum referee's circuits, as handed over


_Maker = TypeVar("_Maker", bound="ClassicalCodemaker")


class ClassicalCodemaker(_Uncopyable):
    """Holds a secret in ``[k]^n`` and answers black-peg (and black-white) queries.

    Args:
        secret: the secret code, colours in ``0..k-1``.
        colors: the number of colours ``k >= 2``.
        distinct: the permutation (Black-Peg AB) game: the secret and every guess must
            have pairwise distinct colours (and ``k >= n``).
        feedback: the game's feedback, ``"black"`` (default) or ``"black-white"``:
            what :meth:`answer` returns. :meth:`black` and :meth:`black_white` answer
            whatever they are asked (codebreakers made for one feedback call them).

    A codemaker cannot be copied or pickled (``TypeError``): a copy would hold the
    secret and answer uncounted queries. Queries and runs from several threads are
    counted exactly (one lock).

    Raises:
        ValueError: on an invalid secret, colour count (above :data:`MAX_COLORS` too),
            ``distinct`` (not a bool) or feedback (the message names it).
    """

    def __init__(
        self,
        secret: Sequence[int],
        colors: int,
        *,
        distinct: bool = False,
        feedback: str = "black",
    ) -> None:
        validate_flag(distinct, "distinct")
        k = validate_colors(colors)
        self._setup(secret, k, distinct, validate_feedback(feedback))

    @classmethod
    def _checked(
        cls: type[_Maker], secret: Sequence[int], k: int, *, distinct: bool, feedback: str
    ) -> _Maker:
        """The codemaker of a game whose ``k``, ``distinct`` and ``feedback`` the referee
        has validated where they entered (:func:`mastermind_q.solve`): only the secret
        is checked here."""
        maker = cls.__new__(cls)
        maker._setup(secret, k, distinct, feedback)
        return maker

    def _setup(self, secret: Sequence[int], k: int, distinct: bool, feedback: str) -> None:
        """The state of a codemaker of validated ``k``, ``distinct`` and ``feedback``."""
        if k > MAX_COLORS:
            raise ValueError(
                f"colors must be at most 2^32 = {MAX_COLORS} for a codemaker, was {shown(k)}"
            )
        self._num_colors = k
        self._secret = _checked_code(secret, k, distinct=distinct, name="secret")
        self._distinct = distinct
        self._feedback = feedback
        self._secret_array: Any = None  # the secret as a numpy array, for long codes
        self._ledger = _Ledger(len(self._secret), k)

    # -- what a codebreaker may know ------------------------------------------------
    @property
    def num_positions(self) -> int:
        """``n``, the number of positions."""
        return len(self._secret)

    @property
    def num_colors(self) -> int:
        """``k``, the number of colours."""
        return self._num_colors

    @property
    def distinct(self) -> bool:
        """Whether colours may not repeat (secret and guesses)."""
        return self._distinct

    @property
    def feedback(self) -> str:
        """The game's feedback: ``"black"`` or ``"black-white"`` (see :meth:`answer`)."""
        return self._feedback

    @property
    def queries(self) -> int:
        """Queries answered so far: classical guesses plus oracle applications."""
        return self._ledger.queries

    @property
    def transcript(self) -> tuple[tuple[Code, Answer], ...]:
        """Every classical ``(guess, answer)`` pair, in the order asked, answer as given.

        A black-peg query (:meth:`black`) records its black count ``b``, a black-white
        query (:meth:`black_white`, :meth:`answer` in a black-white game) the pair
        ``(b, w)``: ``((0, 0, 1, 1), 2)`` and ``((0, 0, 1, 1), (2, 0))``.

        Cost: built from the compact record on each read (``O(queries x n)``, whatever
        ``k``);
        :meth:`transcript_record` is the same pairs, built only when read.
        """
        return tuple(self.transcript_record())

    def transcript_record(self) -> Sequence[tuple[Code, Answer]]:
        """The transcript so far as a read-only sequence whose pairs are built when read.

        ``tuple(maker.transcript_record()) == maker.transcript``; later queries are not
        in it. The guesses are kept as rows of the smallest integer type that holds
        ``k``, so a record costs ``n`` bytes per guess (``2n`` above 256 colours) until
        its pairs are built.
        """
        with self._ledger.lock:
            return self._ledger.transcript.snapshot()

    # -- classical queries ------------------------------------------------------------
    def validate_guess(self, guess: Iterable[Any]) -> Code:
        """Return ``guess`` as a code, checked against ``n``, ``k`` and ``distinct``."""
        return _checked_code(
            guess,
            self._num_colors,
            positions=self.num_positions,
            distinct=self._distinct,
            name="guess",
        )

    def validate_guesses(self, guesses: Iterable[Any]) -> np.ndarray:
        """Return ``guesses`` as a 2-D array, one validated guess per row.

        Every guess is checked as :meth:`validate_guess` checks one (a sequence of
        ``n`` integer colours in ``0..k-1``, pairwise distinct in the permutation game);
        a 2-D integer numpy array is checked as one array operation.

        Returns:
            An ``(m, n)`` array of the smallest unsigned integer type that holds ``k``.

        Raises:
            ValueError: naming the first bad guess (``guesses[i]``) and what is wrong.
        """
        n, k = self.num_positions, self._num_colors
        dtype = _guess_dtype(k)
        guesses = plain_array(guesses)
        originals: Any = None  # the rows as given, for the message naming a bad one
        if isinstance(guesses, np.ndarray):
            if guesses.ndim != 2:
                raise ValueError(
                    f"guesses must be a 2-D array (one guess per row), was shape {guesses.shape}"
                )
            rows: Any = guesses
        elif isinstance(guesses, (str, bytes, bytearray)) or not isinstance(guesses, Iterable):
            raise ValueError(
                f"guesses must be an iterable of guesses, was {type(guesses).__name__}"
            )
        else:
            rows = [plain_array(row) for row in guesses]
            if (
                rows
                and all(
                    isinstance(row, np.ndarray) and row.ndim == 1 and row.dtype.kind in "iu"
                    for row in rows
                )
                and len({row.shape[0] for row in rows}) == 1
            ):
                originals = rows
                rows = np.stack([_as_int64(row) for row in rows])
        if not (isinstance(rows, np.ndarray) and rows.dtype.kind in "iu" and rows.shape[1] == n):
            codes = [
                _checked_code(
                    guess, k, positions=n, distinct=self._distinct, name=f"guesses[{index}]"
                )
                for index, guess in enumerate(rows)
            ]
            return np.array(codes, dtype=dtype).reshape(len(codes), n)
        bad = np.zeros(rows.shape[0], dtype=bool)
        if rows.size:
            bad |= (rows < 0).any(axis=1) | (rows >= k).any(axis=1)
            if self._distinct and n > 1:
                ordered = np.sort(rows, axis=1)
                bad |= (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if bad.any():
            index = int(np.flatnonzero(bad)[0])
            _checked_code(
                (rows if originals is None else originals)[index],
                k,
                positions=n,
                distinct=self._distinct,
                name=f"guesses[{index}]",
            )
            raise AssertionError("unreachable: _checked_code accepted a bad row")
        return rows.astype(dtype, copy=False)

    def black(self, guess: Sequence[int] | np.ndarray) -> int:
        """Answer a black-peg query (counted, recorded in the transcript)."""
        guess = plain_array(guess)
        if (
            isinstance(guess, np.ndarray)
            and guess.ndim == 1
            and guess.dtype.kind in "iu"
            and guess.shape[0] == self.num_positions
        ):  # an integer array: checked as an array (the same checks)
            try:
                codes = self.validate_guesses(guess[None, :])
            except ValueError:
                self.validate_guess(guess)  # raises the one-guess message
                raise
            return int(self._record_rows(codes, stop=False, white=False)[0][0])
        return self._record_black(self.validate_guess(guess))

    def black_many(self, guesses: Iterable[Sequence[int]]) -> np.ndarray:
        """Answer several black-peg queries at once, in order, as :meth:`black` would.

        Every guess is validated before any is answered (a bad one: nothing answered).
        The guesses are answered in order and each answer is counted and recorded; the
        answers stop after the first guess answered ``n`` (the game is won there), so
        the result may be shorter than the batch and the guesses after the winning one
        are neither answered nor counted. A 2-D integer array is validated and answered
        as array operations.

        Returns:
            The black answers, an ``int64`` array.

        Raises:
            ValueError: an invalid guess (naming it), or an empty batch.

        Example:
            >>> maker = ClassicalCodemaker((1, 0), colors=2)
            >>> maker.black_many([(0, 0), (1, 0), (1, 1)]).tolist(), maker.queries
            ([1, 2], 2)
        """
        codes = self.validate_guesses(guesses)
        if not codes.shape[0]:
            raise ValueError("guesses must hold at least one guess, was empty")
        return self._record_rows(codes, stop=True, white=False)[0]

    def black_white(self, guess: Sequence[int]) -> tuple[int, int]:
        """Answer a black-white query (counted; ``(guess, (black, white))`` recorded)."""
        return self._record_black_white(self.validate_guess(guess))

    def _record_black(self, code: Code) -> int:
        # ``code`` is validated: answer, count and record it
        ledger = self._ledger
        with ledger.lock:
            answer = self._answer_black(code)
            row = np.fromiter(code, dtype=ledger.transcript._dtype, count=len(code))
            ledger.queries += 1
            ledger.won = ledger.won or answer == self.num_positions
            ledger.transcript.append(row[None, :], np.array([answer]), None)
        return answer

    def _record_black_white(self, code: Code) -> tuple[int, int]:
        ledger = self._ledger
        with ledger.lock:
            blacks, whites = self._answer_black_white(code)
            answer = (int(blacks), int(whites))
            row = np.fromiter(code, dtype=ledger.transcript._dtype, count=len(code))
            ledger.queries += 1
            ledger.won = ledger.won or answer[0] == self.num_positions
            ledger.transcript.append(row[None, :], np.array([answer[0]]), np.array([answer[1]]))
        return answer

    def _record_rows(
        self, codes: np.ndarray, *, stop: bool, white: bool
    ) -> tuple[np.ndarray, np.ndarray | None]:
        """Answer, count and record the validated rows of ``codes``, in order.

        ``stop``: answer no row after one answered ``n``. ``white``: black-white answers.
        Returns the black answers (and the white ones).
        """
        n = self.num_positions
        ledger = self._ledger
        with ledger.lock:
            if white:
                pairs = [self._answer_black_white(tuple(row)) for row in codes.tolist()]
                blacks = np.array([b for b, _ in pairs], dtype=np.int64).reshape(-1)
                whites: np.ndarray | None = np.array([w for _, w in pairs], dtype=np.int64)
            else:
                blacks = self._answer_black_rows(codes, stop=stop)
                whites = None
            if stop:
                won = np.flatnonzero(blacks == n)
                if won.size:
                    blacks = blacks[: won[0] + 1]
            codes = codes[: blacks.shape[0]]
            ledger.queries += int(blacks.shape[0])
            ledger.won = ledger.won or bool((blacks == n).any())
            ledger.transcript.append(codes, blacks, whites)
        return blacks, whites

    def _answer_black_rows(self, codes: np.ndarray, *, stop: bool) -> np.ndarray:
        """Black answers of the validated rows (one by one where a subclass answers)."""
        if type(self)._answer_black is not ClassicalCodemaker._answer_black:  # adversary, human
            answers = []
            for row in codes.tolist():
                answers.append(self._answer_black(tuple(row)))
                if stop and answers[-1] == self.num_positions:
                    break
            return np.array(answers, dtype=np.int64)
        secret = self._secret_row()
        step = max(1, _CHUNK_BYTES // max(1, secret.shape[0]))
        return np.concatenate(
            [
                np.count_nonzero(codes[start : start + step] == secret, axis=1)
                for start in range(0, codes.shape[0], step)
            ]
        ).astype(np.int64, copy=False)

    def _secret_row(self) -> np.ndarray:
        if self._secret_array is None:
            self._secret_array = np.array(self._secret, dtype=np.int64)
        return self._secret_array

    def answer(self, guess: Sequence[int]) -> tuple[int, int]:
        """Answer ``guess`` in the game's feedback, as ``(black, white)`` (counted once).

        With ``feedback="black"`` the white count is ``0`` (not asked, not known).
        """
        if self._feedback == "black-white":
            return self.black_white(guess)
        return self.black(guess), 0

    def answer_batch(self, guesses: Iterable[Sequence[int]]) -> tuple[tuple[int, int], ...]:
        """Answer a whole set of guesses at once, as the static (non-adaptive) game asks.

        Every guess is read and validated before any is answered, so nothing about
        one answer can shape another guess: the codebreaker commits to the whole set.
        Each answer is ``(black, white)`` as in :meth:`answer` (counted once each,
        recorded in the transcript); every guess is answered, a winning one included.
        A codemaker answers one batch, and only as its first queries: a second batch,
        or a batch after answered queries, would let the strategy adapt. Single
        queries after the batch (the final guess) are answered as usual. A 2-D integer
        array is validated and answered as array operations.

        Raises:
            ValueError: an invalid guess (nothing answered), an empty batch, a second
                batch, or a batch after other queries.

        Example:
            >>> ClassicalCodemaker((1, 0), colors=2).answer_batch([(0, 0), (1, 1)])
            ((1, 0), (1, 0))
        """
        ledger = self._ledger
        with ledger.lock:
            self._check_first_batch()
            codes = self.validate_guesses(guesses)
            if not codes.shape[0]:
                raise ValueError("the batch must hold at least one guess, was empty")
            white = self._feedback == "black-white"
            blacks, whites = self._record_rows(codes, stop=False, white=white)
            ledger.batch_answered = True  # only once answered: a refused batch uses nothing
            if whites is None:
                whites = np.zeros_like(blacks)
            return tuple(zip(blacks.tolist(), whites.tolist()))

    def _check_first_batch(self) -> None:
        """Refuse a second batch, or a batch after other queries (the strategy could
        adapt); the ledger's lock is held."""
        ledger = self._ledger
        if ledger.batch_answered:
            raise ValueError("the codemaker answers one batch only; a second batch was asked")
        if ledger.queries:
            raise ValueError(
                f"a batch must come before any other query; {ledger.queries} were answered"
            )

    def answer_batch_chunks(self, chunks: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        """Answer one batch given in chunks, as :meth:`answer_batch` answers it whole.

        ``chunks`` is an iterable of 2-D arrays (or lists of guesses), one guess per row,
        together the batch in order; a generator is drained fully first. Every chunk is
        validated and recorded before any guess is answered, so the whole set is fixed
        before any answer exists (the codebreaker commits to it); then every guess is
        answered and counted. The batch is never held twice: the rows live in the
        compact transcript only, and each chunk given may be freed once read.

        Raises:
            ValueError: an invalid guess (naming its chunk and row; nothing answered), an
                empty batch, a second batch, or a batch after other queries.

        Example:
            >>> maker = ClassicalCodemaker((1, 0), colors=2)
            >>> maker.answer_batch_chunks(iter([[(0, 0)], [(1, 1), (1, 0)]]))
            ((1, 0), (1, 0), (2, 0))
        """
        ledger = self._ledger
        with ledger.lock:
            self._check_first_batch()
            if isinstance(chunks, (str, bytes, bytearray, np.ndarray)) or not isinstance(
                chunks, Iterable
            ):
                raise ValueError(
                    f"chunks must be an iterable of 2-D arrays of guesses, was "
                    f"{type(chunks).__name__}"
                )
            record = _Transcript(self.num_positions, self._num_colors)
            for number, chunk in enumerate(chunks):
                try:
                    codes = self.validate_guesses(chunk)
                except ValueError as error:
                    raise ValueError(f"chunk {number} of the batch: {error}") from None
                record.append_unanswered(codes)
            if not len(record):
                raise ValueError("the batch must hold at least one guess, was empty")
            white = self._feedback == "black-white"

            def answer(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
                if white:
                    pairs = [self._answer_black_white(tuple(row)) for row in rows.tolist()]
                    return (
                        np.array([b for b, _ in pairs], dtype=np.int64).reshape(-1),
                        np.array([w for _, w in pairs], dtype=np.int64).reshape(-1),
                    )
                return self._answer_black_rows(rows, stop=False), None

            record.fill_answers(answer, white=white)  # every guess recorded: now answered
            blacks = record.answered_blacks()
            whites = record.answered_whites() if white else np.zeros_like(blacks)
            ledger.queries += int(blacks.shape[0])
            ledger.won = ledger.won or bool((blacks == self.num_positions).any())
            ledger.transcript = record
            ledger.batch_answered = True
            return tuple(zip(blacks.tolist(), whites.tolist()))

    def _answer_black(self, guess: Code) -> int:
        # ``guess`` is validated against n and k already: count directly; long codes
        # compare in numpy (about 4x faster at n = 1000 than a Python step per position).
        if len(guess) < _NUMPY_ANSWER_LENGTH:
            return sum(map(int.__eq__, self._secret, guess))
        guessed = np.fromiter(guess, dtype=np.int64, count=len(guess))
        return int(np.count_nonzero(self._secret_row() == guessed))

    def _answer_black_white(self, guess: Code) -> tuple[int, int]:
        return _black_white(self._secret, guess)  # both checked: the secret and a guess

    # -- the referee --------------------------------------------------------------------
    def _wins(self, code: Code) -> bool:
        """The referee's question: whether answering ``code`` would end the game won (the
        adversary, which commits late, answers it to know)."""
        return tuple(code) == self._secret

    def reveal(self) -> Code:
        """The secret. Only the referee (``solve``) calls this, after the game."""
        return self._secret

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(n={self.num_positions}, k={self._num_colors}, "
            f"distinct={self._distinct}, feedback={self._feedback!r}, "
            f"queries={self._ledger.queries})"
        )
