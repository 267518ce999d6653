"""The static codebreaker's own limits: the bytes of its query sets, when a set is
streamed, and the exact search's code spaces (the limits themselves, their variables and
defaults, are :data:`mastermind_q.limits.LIMITS`).

Example:
    >>> static_bytes_per_entry(256), static_bytes_per_entry(256, decoder=False)
    (8, 2)
"""

from __future__ import annotations

import math

from ..limits import LIMITS, limit, limit_error, warn_raised_limit

__all__ = [
    "STATIC_HELD_BYTES",
    "STATIC_SEARCH_LIMITS",
    "check_static_entries",
    "check_static_search",
    "static_bytes_per_entry",
    "static_family",
    "static_streamed",
    "static_streamed_bytes",
]

_STATIC_COSTS = {
    "max_static_codes": "at the frontier n = 10 with k = 2 takes minutes and each position "
    "more several times as long",
    "max_static_pair_codes": "at the frontier 2 x 10 takes about 100 s and each colour "
    "more about 7 times as long",
    "max_static_other_codes": "at the frontier 3 x 4 takes 4 s while 3 x 5 did not finish "
    "in 10 minutes",
}
"""What the exact static searches cost at and past their measured frontiers
(``benchmarks/RESULTS.md``), for :class:`LimitRaisedWarning`."""


def static_bytes_per_entry(num_colors: int, *, decoder: bool = True) -> int:
    """Bytes per (query, position) entry of a static game at ``k`` beyond the exact minimum.

    The set column-major in the smallest unsigned dtype that holds ``k`` (``c`` = 1, 2
    or 4 bytes) and the codemaker's compact transcript of the same rows (``c``); with
    ``decoder`` (the random and balanced sets, decoded by belief propagation) the
    decoder on every cell adds its ``int16`` messages (2) and ``float32`` cavity
    probabilities (4): ``2c + 6``, else ``2c`` (the designs, decoded exactly). With
    sparse answers the decoder mostly keeps far less (the active cells:
    :mod:`mastermind_q.classical.static_bp`); the bound holds for every game it plays.

    Example:
        >>> static_bytes_per_entry(256), static_bytes_per_entry(4096)
        (8, 10)
        >>> static_bytes_per_entry(4096, decoder=False)
        4
    """
    k = int(num_colors)
    colour = 1 if k <= 1 << 8 else 2 if k <= 1 << 16 else 4
    return 2 * colour + (6 if decoder else 0)


STATIC_HELD_BYTES = 2 * 2**30
"""Bytes from which a ``balanced`` static set with sparse answers is streamed rather than
held whole with the decoder on every cell (:func:`static_streamed`)."""


def static_streamed_bytes(num_positions: int, num_colors: int, queries: int) -> int:
    """Peak bytes of a ``balanced`` static game played streamed (the set never held whole).

    The codemaker's transcript of the set (``c`` bytes an entry, the smallest dtype that
    holds ``k``); the decoder's ``float32`` log-beliefs (``4 n k``) with 12 bytes per
    active pair while the set is read, or 16 bytes per active pair after (at most 3 %
    of the pairs: measured 2.9 % at ``n = k = 4,096``, fewer at larger ``n``); and two
    row groups of the set.
    """
    n, k, count = int(num_positions), int(num_colors), int(queries)
    colour = 1 if k <= 1 << 8 else 2 if k <= 1 << 16 else 4
    active = 0.03 * count * n
    decoder = max(4 * n * k + 12 * active, 16 * active)
    return int(count * n * colour + decoder + 2 * 8192 * n * colour)


def static_streamed(scheme: str, num_positions: int, num_colors: int, queries: int) -> bool:
    """Whether a static set is played streamed: ``balanced`` with sparse answers
    (``n < 3 k``) whose whole set with the decoder on every cell passes
    ``MASTERMIND_Q_MAX_STATIC_BYTES``."""
    n, k, count = int(num_positions), int(num_colors), int(queries)
    if scheme != "balanced" or n >= 3 * k:
        return False
    return count * n * static_bytes_per_entry(k) + 12 * n * k > STATIC_HELD_BYTES


def check_static_entries(scheme: str, num_positions: int, num_colors: int, queries: int) -> None:
    """Refuse a static query set too large to build, answer and decode on this machine.

    Beyond the exact minimum the static codebreaker holds its ``queries x n`` query
    entries (:func:`static_bytes_per_entry` bytes each with the decoder's messages and
    the codemaker's transcript) and ``n x k`` beliefs (12 bytes each): their count must
    not exceed ``MASTERMIND_Q_MAX_STATIC_ENTRIES`` and their bytes
    ``MASTERMIND_Q_MAX_STATIC_BYTES``. A set that is streamed (:func:`static_streamed`)
    is held to ``MASTERMIND_Q_MAX_STATIC_BYTES`` by its streamed peak
    (:func:`static_streamed_bytes`) only.

    Raises:
        ResourceLimitError: naming the scheme, ``n``, ``k``, the entries and the bytes.
    """
    n, k, count = int(num_positions), int(num_colors), int(queries)
    if static_streamed(scheme, n, k, count):
        size = static_streamed_bytes(n, k, count)
        if size > limit("max_static_bytes"):
            raise limit_error(
                "max_static_bytes",
                f"static ({scheme}) at n={n}, k={k} streams {count} queries x {n} positions: "
                f"about {size / 2**30:.1f} GiB with the codemaker's transcript and the "
                f"decoder's active pairs",
            )
        return
    decoded = scheme in ("random", "balanced")
    cells = n * k if decoded else 0
    entries = count * n + cells
    shown = f"static ({scheme}) at n={n}, k={k} holds {count} queries x {n} positions" + (
        f" + {n} x {k} cells" if cells else ""
    )
    size = count * n * static_bytes_per_entry(k, decoder=decoded) + 12 * cells
    if size > limit("max_static_bytes"):
        raise limit_error(
            "max_static_bytes",
            f"{shown}: about {size / 2**30:.1f} GiB with the decoder's messages and the "
            f"codemaker's transcript",
        )
    if entries > limit("max_static_entries"):
        raise limit_error("max_static_entries", f"{shown} = {entries} entries")


STATIC_FAMILIES = ("hypercube", "two-positions", "other")
"""The families of static games with their own exact models and limits
(:func:`static_family`)."""

STATIC_SEARCH_LIMITS = {
    "hypercube": "max_static_codes",
    "two-positions": "max_static_pair_codes",
    "other": "max_static_other_codes",
}
"""The limit on ``k^n`` of the exact static minimum's search, per family."""


def static_family(num_positions: int, num_colors: int, feedback: str = "black") -> str:
    """The family of a static game: ``"hypercube"`` (black pegs, ``k = 2``),
    ``"two-positions"`` (black pegs, ``n = 2``) or ``"other"`` (every other game, and
    black-white feedback).

    The one rule that the exact search's limits (:func:`check_static_search`) and the
    static codebreaker's choice to play the exact minimum
    (:data:`mastermind_q.classical.static.EXACT_PLAY`) are keyed by.

    Example:
        >>> static_family(5, 2), static_family(2, 7), static_family(3, 3, "black-white")
        ('hypercube', 'two-positions', 'other')
    """
    if feedback == "black" and int(num_colors) == 2:
        return "hypercube"
    if feedback == "black" and int(num_positions) == 2:
        return "two-positions"
    return "other"


def check_static_search(num_positions: int, num_colors: int, feedback: str = "black") -> None:
    """Refuse an exact static minimum (:func:`mastermind_q.classical.static_minimum`) whose
    code space ``k^n`` is beyond its limit.

    Black pegs with ``k = 2`` (the hypercube) go to ``MASTERMIND_Q_MAX_STATIC_CODES``,
    with ``n = 2`` to ``MASTERMIND_Q_MAX_STATIC_PAIR_CODES`` (both have dedicated
    models); every other game (and black-white feedback) to
    ``MASTERMIND_Q_MAX_STATIC_OTHER_CODES``. Each default admits only games measured
    to finish within about 5 minutes on a cold cache. ``k^n`` is compared by its
    logarithm first, so a huge count is never computed.
    A game admitted only because the variable raised the limit past its default gets a
    :class:`LimitRaisedWarning` (once) that says what the search is likely to cost.

    Raises:
        ResourceLimitError: naming ``n``, ``k``, the code count and the limit.
    """
    n, k = int(num_positions), int(num_colors)
    name = STATIC_SEARCH_LIMITS[static_family(n, k, feedback)]
    most = limit(name)
    log2_codes = n * math.log2(k)
    if log2_codes <= math.log2(most) + 1 and k**n <= most:
        default = LIMITS[name].default or most
        if k**n > default:  # admitted only because the variable raised the limit
            warn_raised_limit(
                (name, n, k, feedback),
                f"the exact static minimum ({feedback}) at n={n}, k={k} has {k}^{n} = "
                f"{k**n} codes, beyond the measured frontier of {default} codes; it runs "
                f"only because {LIMITS[name].variable}={most}: "
                f"{_STATIC_COSTS[name]}, so this search may run for hours without output",
            )
        return
    if log2_codes < 64:
        size = f"{k}^{n} = {k**n}"
    else:
        size = f"{k}^{n} (about 10^{int(log2_codes * math.log10(2))})"
    raise limit_error(
        name, f"the exact static minimum ({feedback}) at n={n}, k={k} has {size} codes"
    )
