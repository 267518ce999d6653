"""Static (non-adaptive) Mastermind: the codebreaker that commits all its queries at once.

In the static game the codebreaker commits to a set ``Q`` of queries, gets all their
answers at once, and then makes its final guess (counted). The game is split by subject:

* :mod:`~mastermind_q.classical.static_exact`: the exact minimum
  (:func:`static_minimum`, the metric dimension of the Hamming graph, by CP-SAT) and
  its cache;
* :mod:`~mastermind_q.classical.static_schemes`: the schemes played beyond it (coin
  weighing, colour designs, random and balanced sets), their query counts and which
  one is played;
* :mod:`~mastermind_q.classical.static_bp` and
  :mod:`~mastermind_q.classical.static_decoding`: decoding (belief propagation for the
  random and balanced sets, exact decoding of any set);
* this module: the play: the query set of a game (:func:`static_query_set`) and the
  codebreaker (:func:`solve_static`).

Every public name of these modules that this one listed before is importable from it.

Example:
    >>> static_scheme(4, 3), static_query_count(4, 3)
    ('minimum', 5)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..codebreaker import Codebreaker, CostModel
from ..game import Code, validate_colors, validate_feedback, validate_positions, validate_seed
from .static_decoding import decode_static
from .static_exact import (
    _counting_bound,
    _literature_minimum,
    is_resolving,
    static_minimum,
    static_minimum_set,
    static_progress,
)

__all__ = [
    "STATIC",
    "Static",
    "StaticQuerySet",
    "decode_static",
    "exact_play_available",
    "is_resolving",
    "random_query_count",
    "random_query_set",
    "solve_static",
    "static_minimum",
    "static_minimum_set",
    "static_progress",
    "static_query_count",
    "static_query_set",
    "static_scheme",
]


@dataclass(frozen=True)
class StaticQuerySet:
    """A static query set for ``[k]^n``, held compactly.

    Attributes:
        n: positions.
        k: colours.
        feedback: ``"black"`` or ``"black-white"``.
        rows: the ``m`` queries as an ``m x n`` numpy array of the smallest unsigned
            dtype that holds ``k`` (random and balanced sets are stored column-major:
            ``rows.T`` is C-contiguous).
        source: ``"exact"`` (a minimum resolving set, :func:`static_minimum_set`),
            ``"design"`` (coin weighing or colour designs: exact decoding of every
            secret) or ``"random"`` (random and balanced sets: belief propagation).
        scheme: the scheme's name (:data:`~mastermind_q.classical.static_schemes.SCHEMES`).
    """

    n: int
    k: int
    feedback: str
    rows: Any = field(compare=False, repr=False)
    source: str = "exact"
    scheme: str = "minimum"

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    @property
    def queries(self) -> tuple[Code, ...]:
        """The queries as tuples (built on each call: ``m x n`` Python integers)."""
        return tuple(self.iter_queries())

    def iter_queries(self) -> Iterator[Code]:
        """The queries one by one as tuples, converted in blocks (bounded memory)."""
        step = max(1, (1 << 16) // max(self.n, 1))
        for start in range(0, len(self), step):
            yield from map(tuple, self.rows[start : start + step].tolist())


def _as_rows(queries: Sequence[Code], n: int, k: int) -> np.ndarray:
    from .static_bp import smallest_colour_dtype

    return np.array(queries, dtype=smallest_colour_dtype(k)).reshape(-1, n)


# -- beyond the exact minimum: schemes with fast exact decoding ---------------------------
EXACT_PLAY = {"hypercube": 256, "two-positions": 64, "other": 81}
"""Largest ``k^n`` at which :func:`solve_static` plays the exact minimum set, per game
family (black pegs with ``k = 2``, with ``n = 2``, everything else): each computes in
a few seconds on a cold cache (``benchmarks/RESULTS.md``). Larger games play the
scheme with the fewest queries (:mod:`~mastermind_q.classical.static_schemes`)."""


def exact_play_available(n: int, k: int, feedback: str = "black") -> bool:
    """Whether :func:`solve_static` plays the exact minimum set at ``(n, k, feedback)``.

    Where ``k^n`` is within :data:`EXACT_PLAY` for its family, or a minimum set is
    recorded in :data:`~mastermind_q.classical.static_sets.KNOWN_SETS`.

    Raises:
        ValueError: ``n`` below 1, ``k`` below 2 or not integers, an unknown feedback.
    """
    from ..game import validate_colors, validate_feedback, validate_positions

    n, k = validate_positions(n), validate_colors(k)
    return _exact_play_available(n, k, validate_feedback(feedback))


def _exact_play_available(n: int, k: int, feedback: str) -> bool:
    """:func:`exact_play_available` at validated sizes and feedback."""
    from .static_limits import static_family

    family = static_family(n, k, feedback)
    if n * math.log2(k) <= math.log2(EXACT_PLAY[family]) + 1e-9:
        return True
    if feedback == "black":
        from .static_sets import KNOWN_SETS

        return (n, k) in KNOWN_SETS
    return False


def random_query_count(n: int, k: int) -> int:
    """Queries of the random static set at ``(n, k)``, any ``k`` (the final guess not included).

    :func:`mastermind_q.classical.static_schemes.random_query_count`: a factor of the
    entropy bound set from the belief-propagation decoder's measured threshold, and at
    least ``k ln(20 n)``.

    Raises:
        ValueError: invalid sizes.

    Example:
        >>> random_query_count(64, 64), random_query_count(8, 100)
        (458, 508)
    """
    from .static_schemes import random_query_count as count

    return count(n, k)


def random_query_set(n: int, k: int, *, seed: int | None = None) -> tuple[Code, ...]:
    """:func:`random_query_count` uniformly random codes (seeded), committed together."""
    from .static_limits import check_static_entries
    from .static_schemes import random_queries

    n = validate_positions(n)
    k = validate_colors(k)
    count = random_query_count(n, k)
    check_static_entries("random", n, k, count)
    rows = random_queries(n, k, count, validate_seed(seed))
    return tuple(map(tuple, rows.tolist()))


def static_scheme(n: int, k: int, *, feedback: str = "black", scheme: str | None = None) -> str:
    """The scheme :func:`solve_static` plays at ``(n, k, feedback)`` (``scheme`` forces one).

    :func:`mastermind_q.classical.static_schemes.static_scheme`: ``"minimum"`` for tiny
    games, else the fewest queries of ``"coin-weighing"`` (``k = 2``),
    ``"colour-designs"``, ``"balanced"`` and ``"random"``.

    Example:
        >>> static_scheme(4, 3), static_scheme(100, 2), static_scheme(256, 256)
        ('minimum', 'coin-weighing', 'balanced')
    """
    from .static_schemes import validate_scheme

    scheme = validate_scheme(scheme)
    n = validate_positions(n)
    k = validate_colors(k)
    return _static_scheme(n, k, validate_feedback(feedback), scheme)


def _static_scheme(n: int, k: int, feedback: str, scheme: str | None) -> str:
    """:func:`static_scheme` at validated sizes and feedback (``scheme`` is checked)."""
    from .static_schemes import _static_scheme as choose
    from .static_schemes import validate_scheme

    scheme = validate_scheme(scheme)
    return choose(n, k, scheme, exact=_exact_play_available(n, k, feedback))


def static_query_count(
    n: int, k: int, *, feedback: str = "black", scheme: str | None = None
) -> int:
    """Queries :func:`solve_static` commits to at ``(n, k, feedback)``, before the final guess.

    For ``"minimum"`` the size of the exact set (a known value, else the counting bound
    as a lower estimate: the set is computed only when played).

    Raises:
        ValueError: invalid sizes, feedback or scheme; sizes too large to compute with.
    """
    from ..game import validate_feedback
    from .static_schemes import validate_scheme

    scheme = validate_scheme(scheme)
    n, k = validate_positions(n), validate_colors(k)
    return _static_query_count(n, k, feedback=validate_feedback(feedback), scheme=scheme)


def _static_query_count(n: int, k: int, *, feedback: str, scheme: str | None) -> int:
    """:func:`static_query_count` at validated sizes and feedback."""
    try:
        return _query_count(n, k, feedback=feedback, scheme=scheme)
    except OverflowError:
        from ..game import shown

        raise ValueError(
            f"the static query count at n = {shown(n)}, k = {shown(k)} is too large to compute"
        ) from None


def _query_count(n: int, k: int, *, feedback: str, scheme: str | None) -> int:
    from .static_schemes import _scheme_query_count

    chosen = _static_scheme(n, k, feedback, scheme)
    if chosen == "minimum":
        from .static_sets import KNOWN_SETS

        if feedback == "black" and (n, k) in KNOWN_SETS:
            return len(KNOWN_SETS[(n, k)])
        known = _literature_minimum(n, k, feedback)
        return known if known is not None else max(_counting_bound(n, k, feedback), 1)
    count = _scheme_query_count(n, k, chosen)
    assert count is not None  # static_scheme only returns schemes that play this game
    return count


def static_query_set(
    n: int,
    k: int,
    *,
    feedback: str = "black",
    seed: int | None = None,
    scheme: str | None = None,
) -> StaticQuerySet:
    """The query set :func:`solve_static` commits to at ``(n, k)``.

    ``"minimum"``: the exact minimum (:func:`static_minimum_set`, or a set recorded in
    :data:`~mastermind_q.classical.static_sets.KNOWN_SETS`, checked to resolve);
    ``"coin-weighing"`` / ``"colour-designs"``: the detecting designs of
    :func:`~mastermind_q.classical.static_schemes.design_queries`; ``"random"`` and
    ``"balanced"``: :func:`~mastermind_q.classical.static_schemes.random_queries` and
    :func:`~mastermind_q.classical.static_schemes.balanced_queries` (``seed``), held in
    the smallest unsigned dtype that holds ``k``. The set depends on ``n``, ``k``, the
    feedback, the scheme and the seed only, never on an answer. This builds the whole
    set, also where :func:`solve_static` streams it (``balanced`` past 2 GiB).

    Raises:
        ValueError: invalid sizes, feedback or scheme (:func:`static_scheme`).
        mastermind_q.limits.ResourceLimitError: a set beyond
            ``MASTERMIND_Q_MAX_STATIC_ENTRIES`` or ``MASTERMIND_Q_MAX_STATIC_BYTES`` (or
            the exact search's limits).
    """
    n = validate_positions(n)
    k = validate_colors(k)
    feedback = validate_feedback(feedback)
    return _static_query_set(n, k, feedback=feedback, seed=validate_seed(seed), scheme=scheme)


def _static_query_set(
    n: int, k: int, *, feedback: str, seed: int | None, scheme: str | None
) -> StaticQuerySet:
    """:func:`static_query_set` at validated sizes, feedback and seed."""
    chosen = _static_scheme(n, k, feedback, scheme)
    if chosen == "minimum":
        if feedback == "black":
            from .static_sets import KNOWN_SETS

            known = KNOWN_SETS.get((n, k))
            if known is not None and is_resolving(known, n, k):
                return StaticQuerySet(n, k, feedback, _as_rows(known, n, k), "exact", "minimum")
        queries = static_minimum_set(n, k, feedback=feedback)
        return StaticQuerySet(n, k, feedback, _as_rows(queries, n, k), "exact", "minimum")
    from .static_limits import check_static_entries
    from .static_schemes import DESIGN_SCHEMES, query_rows

    count = _static_query_count(n, k, feedback=feedback, scheme=chosen)
    check_static_entries(chosen, n, k, count)
    rows = query_rows(n, k, chosen, count, seed)
    source = "design" if chosen in DESIGN_SCHEMES else "random"
    return StaticQuerySet(n, k, feedback, rows, source, chosen)


def solve_static(codemaker: Any, *, seed: int | None = None, scheme: str | None = None) -> Code:
    """The static codebreaker: commit to a query set, get one batch of answers, guess.

    The set (:func:`static_query_set`: the scheme :func:`static_scheme` picks, or
    ``scheme``) depends on ``n``, ``k``, the feedback, the scheme and the seed only; the
    codemaker answers it in one :meth:`~mastermind_q.codemaker.Codemaker.answer_batch`.
    A ``balanced`` set too large to hold (:func:`.static_limits.static_streamed`) is
    streamed: made from the seed block by block, read whole by the codemaker before
    it answers any guess (``answer_batch_chunks``), and made again to be decoded
    (:func:`~mastermind_q.classical.static_bp.decode_streamed`, no repair step).
    The codebreaker decodes and makes its final guess, one more query, unless a query
    of the set was already answered with ``n`` black pegs. ``queries`` = ``|Q|`` + 1
    then. The minimum and the designs decode every secret exactly; the random scheme
    guesses a code that reproduces every answer, and when its decoder finds none (or
    the answers fit a second code) the final guess misses and the game is lost.

    Args:
        codemaker: a codemaker with ``answer_batch`` (a
            :class:`~mastermind_q.codemaker.Codemaker`).
        seed: draws the random query set.
        scheme: force a scheme (:data:`~mastermind_q.classical.static_schemes.SCHEMES`);
            ``None`` picks the fewest queries.

    Returns:
        The final guess.

    Raises:
        ValueError: a codemaker without batches, the permutation game, an unknown
            scheme or one that does not play the game, inconsistent answers.
    """
    seed = validate_seed(seed)
    if not hasattr(codemaker, "answer_batch"):
        raise ValueError(
            f"the static codebreaker needs a codemaker that answers a batch, "
            f"got {type(codemaker).__name__}"
        )
    if getattr(codemaker, "distinct", False):
        raise ValueError("the static codebreaker plays with repetition only, was distinct=True")
    n, k = codemaker.num_positions, codemaker.num_colors  # the codemaker's, validated
    feedback = getattr(codemaker, "feedback", "black")
    chosen = _static_scheme(n, k, feedback, scheme)
    if chosen == "balanced" and _streamed(n, k, feedback):
        return _solve_streamed(codemaker, n, k, seed)
    plan = _static_query_set(n, k, feedback=feedback, seed=seed, scheme=scheme)
    answers = codemaker.answer_batch(plan.rows)  # validated and answered as one array
    blacks = np.fromiter((b for b, _w in answers), dtype=np.int64, count=len(answers))
    solved_by = np.flatnonzero(blacks == n)
    if solved_by.size:
        return tuple(int(c) for c in plan.rows[int(solved_by[0])])
    if plan.scheme == "minimum":
        candidates = decode_static(plan.queries, answers, n, k, feedback=feedback)
        if not candidates:
            raise ValueError("the answers are inconsistent: no code fits all of them")
        guess = candidates[0]
    elif plan.source == "random":
        from .static_schemes import decode_random

        decoded, _reproduces = decode_random(plan.rows, blacks, k, columns=_columns(plan))
        guess = tuple(int(c) for c in decoded)
    else:
        from .static_schemes import decode_designs

        found = decode_designs(blacks, n, k)
        if found is None:
            raise ValueError("the answers are inconsistent: no code fits all of them")
        guess = tuple(int(c) for c in found)
    codemaker.answer(guess)
    return guess


def _streamed(n: int, k: int, feedback: str) -> bool:
    """Whether the ``balanced`` set at ``(n, k)`` is played streamed: never held whole.

    Where holding it (with the decoder on every cell) would pass
    ``MASTERMIND_Q_MAX_STATIC_BYTES`` and its answers are sparse (the translated
    Poisson law, decoded on the active cells: :func:`.static_limits.static_streamed`).
    """
    from .static_limits import static_streamed

    count = _static_query_count(n, k, feedback=feedback, scheme="balanced")
    return feedback == "black" and static_streamed("balanced", n, k, count)


def _solve_streamed(codemaker: Any, n: int, k: int, seed: int | None) -> Code:
    """The ``balanced`` game with its set streamed: made from the seed block by block.

    The codemaker reads every block of the set before it answers any guess
    (``answer_batch_chunks``); the decoder makes the set again from the seed, twice
    (:func:`~mastermind_q.classical.static_bp.decode_streamed`). The set is never held
    whole by the codebreaker: the codemaker's transcript is its one copy.
    """
    from .static_bp import decode_streamed
    from .static_schemes import balanced_blocks

    count = _static_query_count(n, k, feedback="black", scheme="balanced")

    def blocks() -> Iterator[tuple[int, np.ndarray]]:
        return balanced_blocks(n, k, count, seed)

    answers = codemaker.answer_batch_chunks(rows for _start, rows in blocks())
    blacks = np.fromiter((b for b, _w in answers), dtype=np.int64, count=len(answers))
    del answers
    if (blacks == n).any():  # a query of the set was the secret: found again from the seed
        winner = int(np.flatnonzero(blacks == n)[0])
        for start, rows in blocks():
            if start <= winner < start + rows.shape[0]:
                return tuple(int(c) for c in rows[winner - start])
    decoded, _reproduces = decode_streamed(blocks, n, blacks, k)
    guess = tuple(int(c) for c in decoded)
    codemaker.answer(guess)
    return guess


def _columns(plan: StaticQuerySet) -> np.ndarray | None:
    """The set's queries column-major without a copy, when they are stored so."""
    columns = plan.rows.T
    return columns if columns.flags["C_CONTIGUOUS"] else None


class Static(Codebreaker):
    """The non-adaptive classical codebreaker: one batch of queries, then the guess."""

    name: ClassVar[str] = "static"
    kind: ClassVar[str] = "classical"
    setting: ClassVar[str] = "non-adaptive"
    builtin: ClassVar[bool] = True
    search_bar: ClassVar[tuple[str, str]] = ("static minimum", "size")
    """What the command line's bar says while its search runs (description, unit)."""
    summary: ClassVar[str] = (
        "non-adaptive: one batch of queries (minimum set, coin weighing, colour designs or "
        "random), then the guess"
    )
    feedbacks: ClassVar[tuple[str, ...]] = ("black", "black-white")
    schemes: ClassVar[bool] = True
    formula: ClassVar[str | None] = (
        "|Q| + 1, the fewest of: |Q| = static_minimum(n, k) (tiny games); "
        "m_L(n) + 1 (coin weighing, k = 2); (k - 1) m_L(n) + 1 (colour designs); "
        "ceil(k ln(n k) max(0.5 e^(n/k), 0.8)) (random sets, 2k >= n)"
    )
    reference: ClassVar[str | None] = (
        "classical non-adaptive codebreaker (one batch of queries, then the answer): "
        "minimum resolving sets of H(n, k) by CP-SAT (OEIS A303735; Caceres et al. 2007), "
        "Lindstrom detecting designs (Lindstrom 1965; Cantor and Mills 1966) and random "
        "sets with a peeling decoder beyond"
    )

    def solve(
        self,
        codemaker: Any,
        *,
        execution: Any = None,
        seed: int | None = None,
        scheme: str | None = None,
    ) -> Code:
        return solve_static(codemaker, seed=seed, scheme=scheme)

    def scheme_for(
        self, num_positions: int, num_colors: int, *, feedback: str, scheme: str | None
    ) -> str:
        """The scheme a game at ``(n, k, feedback)`` plays (``scheme`` forces one)."""
        from ..game import validate_feedback

        return _static_scheme(num_positions, num_colors, validate_feedback(feedback), scheme)

    def queries(self, num_positions: int, num_colors: int) -> int:
        """The queries it commits to (its default scheme, black pegs) plus the final guess."""
        return static_query_count(num_positions, num_colors) + 1

    def check(self, num_positions: int, num_colors: int, **game: Any) -> None:
        from ..game import validate_feedback
        from ..limits import check_classical
        from .static_limits import check_static_entries, check_static_search

        n, k = num_positions, num_colors
        check_classical(self.name, n, k, 0)  # n and k first: the bounds below loop over them
        feedback = game.get("feedback")
        played = self.feedbacks[0] if feedback is None else validate_feedback(feedback)
        chosen = _static_scheme(n, k, played, game.get("scheme"))
        count = _static_query_count(n, k, feedback=played, scheme=chosen)
        if chosen == "minimum":
            if not _exact_play_available(n, k, played):
                check_static_search(n, k, played)
            check_classical(self.name, n, k, count + 1)
        else:  # its own bound: the set's entries and bytes (answered as one array)
            check_static_entries(chosen, n, k, count)

    cost: ClassVar[CostModel] = CostModel(
        # the query set built, answered and decoded: ~ queries x n
        seconds=lambda n, k: 0.01 + 2e-7 * (2 * n * max(1, (k - 1).bit_length()) + k) * n
    )


STATIC = Static()
"""The ``static`` codebreaker."""
