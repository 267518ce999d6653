"""Which game a comparison row measures: the setting, the feedback, repeated colours or not.

Li, Luo and Xu keep the settings apart (Table 1 non-adaptive, Table 2 adaptive, each
with black-peg and black-white columns), and so does :func:`~mastermind_q.compare.compare`:
every row names its game,

* ``setting``: ``"non-adaptive"`` (every query fixed before any answer is seen) or
  ``"adaptive"``;
* ``feedback``: ``"black"`` (black pegs only) or ``"black-white"``;
* ``distinct``: ``True`` for the permutation game (no repeated colours, ``k >= n``).

The setting is a property of the method (:data:`SETTINGS`); the feedback and the
repetition rule are those of the game the row was played in (:data:`GAMES`). The
quantum codebreakers all play black pegs with repetition (:data:`QUANTUM_GAME`):
``nonadaptive``, ``triples``, ``two-color`` (one batch of circuits fixed in advance:
non-adaptive) and ``adaptive`` (Algorithm 4: Grover iterations, each query depending
on the state the earlier ones left: adaptive, as in the paper's Table 2). The quantum
``hunziker-meyer`` (Li-Luo-Xu Appendix A, "Algorithm 5: An adaptive quantum algorithm")
is adaptive too; its parity oracle ``d_H(x, s) mod 2 = (n - B_s(x)) mod 2`` is a
function of the black-peg count, so its row says ``feedback="black"``. The classical
``static`` codebreaker commits all its queries in one batch: non-adaptive, black.
Every other classical codebreaker is adaptive.

Methods that play several games (``optimal``, ``consistent``, ``knuth``,
``random-consistent``) get one row per game they are run in: by default the games of
:data:`DEFAULT_GAMES` (their own game, and for ``optimal`` and ``consistent`` only the
black-peg game with repetition, where the quantum rows are; ``optimal`` also in
black-white, which is cheap at the sizes it plays); with ``games=...`` (``--games``)
in every listed game they can play.

Example:
    >>> method_setting("triples"), method_setting("consistent")
    ('non-adaptive', 'adaptive')
    >>> game_name("black-white", False), parse_game("black-distinct")
    ('black-white', ('black', True))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from ..codebreaker import distinct_games
from ..solving import METHODS

__all__ = [
    "BOUND_GAMES",
    "DEFAULT_GAMES",
    "FEEDBACKS",
    "GAMES",
    "QUANTUM_GAME",
    "SETTINGS",
    "game_name",
    "is_context",
    "method_games",
    "method_setting",
    "parse_game",
    "row_game",
]


class _Settings(Mapping[str, str]):
    """The setting of every codebreaker, read from :data:`~mastermind_q.solving.METHODS`
    when asked (an installed or registered codebreaker included)."""

    def __getitem__(self, name: str) -> str:
        return METHODS[name].setting

    def __iter__(self) -> Iterator[str]:
        return iter(METHODS)

    def __len__(self) -> int:
        return len(METHODS)


SETTINGS: Mapping[str, str] = _Settings()
"""The setting of every solve method by name, read from its codebreaker in
:data:`~mastermind_q.solving.METHODS` (:attr:`~mastermind_q.Codebreaker.setting`)."""
SETTING_ORDER = ("non-adaptive", "adaptive")
"""The settings in the order tables and figures show them (the paper's Tables 1, 2)."""
FEEDBACKS = ("black", "black-white")
"""Feedback kinds, in the order tables show them."""
GAMES: dict[str, tuple[str, bool]] = {
    "black": ("black", False),
    "black-white": ("black-white", False),
    "black-distinct": ("black", True),
    "black-white-distinct": ("black-white", True),
}
"""Game names (``--games``) and their ``(feedback, distinct)``; ``-distinct`` is the
permutation game (no repeated colours)."""
QUANTUM_GAME = ("black", False)
"""The game of every quantum codebreaker: black pegs, colours may repeat. Rows of other
games are *context*: no quantum row is compared with them."""


class _DefaultGames(Mapping[str, tuple[tuple[str, bool], ...]]):
    """Each codebreaker's cost model's ``games``
    (:class:`~mastermind_q.codebreaker.CostModel`), for those that set them (read when
    asked)."""

    def __getitem__(self, name: str) -> tuple[tuple[str, bool], ...]:
        info = METHODS.get(name) if isinstance(name, str) else None
        if info is None or info.cost.games is None:
            raise KeyError(name)
        return info.cost.games

    def __iter__(self) -> Iterator[str]:
        return (name for name, info in METHODS.items() if info.cost.games is not None)

    def __len__(self) -> int:
        return sum(1 for _name in self)


DEFAULT_GAMES: Mapping[str, tuple[tuple[str, bool], ...]] = _DefaultGames()
"""The games ``compare`` runs a several-game method in when ``games`` is not given
(the cost models' ``games``: ``optimal`` black and black-white,
``consistent`` black only, since its other games cost a second or more per game at
``n k >= 64``: ask for them with ``games=`` / ``--games`` or ``--methods all``); any
other method runs in its own game (its first feedback, its ``distinct``)."""
BOUND_GAMES: dict[str, tuple[str, str, bool]] = {
    "elouali-upper": ("adaptive", "black", True),
    "elouali-lower": ("adaptive", "black", True),
    "adaptive-T": ("adaptive", "black", False),
    "counting-bound": ("adaptive", "black", False),
    "entropy-bound": ("non-adaptive", "black", False),
    "table1-classical": ("non-adaptive", "black", False),
    "table1-quantum": ("non-adaptive", "black", False),
    "table2-blackpeg": ("adaptive", "black", False),
    "table2-blackwhite": ("adaptive", "black-white", False),
    "table2-quantum": ("adaptive", "black", False),
}
"""``(setting, feedback, distinct)`` of every bound and formula row: the El Ouali et al.
bounds are for the adaptive permutation game; the counting bound is the adaptive and the
entropy bound the non-adaptive information bound of black pegs with repetition;
Li-Luo-Xu Table 1 is non-adaptive (its classical ``k > n`` column holds for black
pegs), Table 2 adaptive."""


def method_setting(method: str) -> str:
    """``"non-adaptive"`` or ``"adaptive"``: the setting of a solve, bound or formula name.

    A solve method's entry in :data:`~mastermind_q.solving.METHODS` names it (a method
    registered after import too); bound and formula rows are in :data:`BOUND_GAMES`;
    any other name is adaptive.
    """
    info = METHODS.get(method)
    if info is not None:
        return info.setting
    if method in BOUND_GAMES:
        return BOUND_GAMES[method][0]
    return "adaptive"


def game_name(feedback: str, distinct: bool) -> str:
    """The :data:`GAMES` name of ``(feedback, distinct)``, e.g. ``"black-white"``."""
    return f"{feedback}-distinct" if distinct else feedback


def parse_game(name: str) -> tuple[str, bool]:
    """``(feedback, distinct)`` of a :data:`GAMES` name; ``ValueError`` naming it if unknown."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"game must be one of {', '.join(GAMES)}; was {name!r}") from None


def _plays(method: str, game: tuple[str, bool]) -> bool:
    info = METHODS[method]
    feedback, distinct = game
    return feedback in info.feedbacks and distinct in distinct_games(info)


def method_games(method: str, games: Iterable[str] | None = None) -> list[tuple[str, bool]]:
    """The ``(feedback, distinct)`` games ``compare`` runs solve method ``method`` in.

    ``games=None``: :data:`DEFAULT_GAMES`, else the method's own game. Otherwise every
    listed game (:data:`GAMES` names) the method can play, in :data:`GAMES` order
    (possibly none).

    Raises:
        ValueError: an unknown method or game name.
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}; was {method!r}")
    info = METHODS[method]
    if games is None:
        own = (info.feedbacks[0], info.distinct)
        return list(DEFAULT_GAMES.get(method, (own,)))
    chosen = {parse_game(name) for name in games}
    return [game for game in GAMES.values() if game in chosen and _plays(method, game)]


def row_game(row: object) -> tuple[str, str, bool]:
    """``(setting, feedback, distinct)`` of a row (a :class:`CompareRow` or its dict)."""
    get = row.get if isinstance(row, dict) else lambda key: getattr(row, key)
    return (str(get("setting")), str(get("feedback")), bool(get("distinct")))


def is_context(row: object) -> bool:
    """Whether a row plays a game no quantum codebreaker plays (black-white, permutation)."""
    _setting, feedback, distinct = row_game(row)
    return (feedback, distinct) != QUANTUM_GAME
