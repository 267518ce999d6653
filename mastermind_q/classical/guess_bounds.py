"""Worst-case guess bounds of classical codebreakers that have no closed form of their own.

Each is named by its method's entry in :data:`mastermind_q.solving.METHODS`
(``queries``) and read by the work limit before a game starts.
"""

from __future__ import annotations

__all__ = ["permutation_guess_bound", "static_guess_bound"]


def permutation_guess_bound(num_positions: int, colors: int) -> int:
    """:func:`~mastermind_q.classical.permutation.permutation_worst_case_bound` for
    ``k >= n``; ``n + k`` otherwise (the game is refused later, with its own message)."""
    if colors < num_positions:
        return num_positions + colors
    from .permutation import permutation_worst_case_bound

    return permutation_worst_case_bound(num_positions, colors)


def static_guess_bound(num_positions: int, colors: int) -> int:
    """The queries ``static`` commits to (its default scheme, black pegs) plus the final
    guess."""
    from .static import static_query_count

    return static_query_count(num_positions, colors) + 1
