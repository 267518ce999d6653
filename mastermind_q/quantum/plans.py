"""Pair-query plans of the non-adaptive codebreakers and their decoding (pure, classical).

A plan is a list of colour pairs ``(c1, c2)``, one FindTwoColorPosition query each;
:func:`decode_pair_answers` turns the answers ``s^(c1,c2)`` into the secret. Each plan
lives with its codebreaker (:func:`~mastermind_q.quantum.nonadaptive.nonadaptive_plan`,
:func:`~mastermind_q.quantum.triples.triple_plan`).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["check_pair_plan_colors", "decode_pair_answers", "method_plan"]


def check_pair_plan_colors(plan: str, colors: int) -> int:
    """``k`` checked for a pair plan: ``plan`` names its method in the message (the
    codebreaker's own name: :func:`~mastermind_q.quantum.nonadaptive.nonadaptive_plan`,
    :func:`~mastermind_q.quantum.triples.triple_plan`)."""
    from ..game import validate_colors

    return _checked_pair_colors(plan, validate_colors(colors))


def _checked_pair_colors(plan: str, k: int) -> int:
    """:func:`check_pair_plan_colors` of a validated ``k``: within the circuit limits
    and ``k >= 3``."""
    from ..limits import check_circuit_size

    check_circuit_size(1, k)  # k - 1 circuits: the sizes the builders accept
    if k < 3:
        raise ValueError(
            f"method '{plan}' needs colors k >= 3, was k={k}; use method='two-color' for k = 2"
        )
    return k


def method_plan(method: str, colors: int) -> list[tuple[int, int]]:
    """The pair queries of a pair-plan codebreaker (``nonadaptive``, ``triples``, or an
    installed one with a ``plan``) for ``k`` colours.

    Raises:
        ValueError: not a codebreaker with a pair plan, or ``k < 3``.
    """
    from ..codebreaker import METHODS
    from ..game import validate_colors

    breaker = METHODS.find(method, lambda known: hasattr(known, "plan"))
    return list(breaker.plan(validate_colors(colors)))  # type: ignore[union-attr]


def decode_pair_answers(
    plan: Sequence[tuple[int, ...]], answers: Sequence[Sequence[int]], *, colors: int
) -> tuple[int, ...]:
    """Decode the secret from the answers ``s^(c1,c2)`` of a plan of pair queries.

    Position ``i`` gets the colour whose signature ``([c in pair] for pair in plan)``
    equals the observed bits ``(answer[i] for answer in answers)``. Noisy answers (no
    exact match) get the colour at the smallest Hamming distance, the smallest colour
    on ties.

    Raises:
        ValueError: the plan does not separate the colours, or the answers do not match
            the plan.

    Example:
        >>> decode_pair_answers([(1, 2), (2, 3)], [(1, 1, 0, 0), (0, 1, 1, 0)], colors=4)
        (1, 2, 3, 0)
    """
    from ..game import validate_colors

    return _decode_pair_answers(plan, answers, validate_colors(colors))


def _decode_pair_answers(
    plan: Sequence[tuple[int, ...]], answers: Sequence[Sequence[int]], k: int
) -> tuple[int, ...]:
    """:func:`decode_pair_answers` of a validated ``k``."""
    if len(answers) != len(plan):
        raise ValueError(
            f"answers must hold one string per query ({len(plan)}), was {len(answers)}"
        )
    signatures = [tuple(int(color in pair) for pair in plan) for color in range(k)]
    if len(set(signatures)) != k:
        raise ValueError(f"plan {list(plan)} does not separate the {k} colours")
    lengths = {len(answer) for answer in answers}
    if len(lengths) > 1:
        raise ValueError(f"answers must have equal lengths, were {sorted(lengths)}")
    n = lengths.pop() if lengths else 0
    found = []
    for position in range(n):
        observed = tuple(int(answer[position]) for answer in answers)
        found.append(
            min(
                range(k),
                key=lambda c: (sum(a != b for a, b in zip(signatures[c], observed)), c),
            )
        )
    return tuple(found)


_MOVED = {
    "nonadaptive_plan": "mastermind_q.quantum.nonadaptive",
    "triple_plan": "mastermind_q.quantum.triples",
    "triple_query_count": "mastermind_q.quantum.triples",
}
"""Plans that moved to their codebreakers' modules: their old names here stay one
release and warn (``DeprecationWarning``); ``mastermind_q.quantum`` exports them."""


def __getattr__(name: str) -> object:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    import warnings

    warnings.warn(
        f"mastermind_q.quantum.plans.{name} moved to {_MOVED[name]}.{name} "
        f"(also mastermind_q.quantum.{name})",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(importlib.import_module(_MOVED[name]), name)
