"""Exact decoding of any static query set: the codes consistent with every answer.

:func:`decode_static` enumerates the ``k^n`` codes when there are at most
``2^17`` of them, else asks CP-SAT for a consistent code and then for a second one
(one ``n x k`` Boolean per cell, one linear constraint per query), up to ``n k <= 2^16``
cells. One code means the answers are certified; the static codebreaker decodes the
exact minimum this way (:mod:`~mastermind_q.classical.static`), its other schemes
without enumerating codes (:mod:`~mastermind_q.classical.static_schemes`,
:mod:`~mastermind_q.classical.static_bp`).

Example:
    >>> decode_static([(0, 0), (1, 0)], [(1, 0), (2, 0)], 2, 2)
    ((1, 0),)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..game import Code, validate_colors, validate_feedback, validate_positions
from .static_exact import _answers, _codes, _query_rows, _solve, _solver

__all__ = ["decode_static"]

_ENUMERATE_CODES = 1 << 17
_DECODE_CELLS = 1 << 16
"""Most ``n k`` cells :func:`decode_static` hands to CP-SAT (beyond enumeration)."""


def _decode_enumerate(
    queries: Sequence[Code], answers: Sequence[tuple[int, int]], n: int, k: int, feedback: str
) -> list[Code]:
    codes = _codes(n, k)
    rows = np.array([list(q) for q in queries], dtype=np.int64).reshape(-1, n)
    alive = np.ones(codes.shape[0], dtype=bool)
    for index in range(rows.shape[0]):  # one query at a time: n k^n memory only
        table = _answers(codes, rows[index : index + 1], k, feedback)[0]
        blacks, whites = answers[index]
        expected = blacks if feedback == "black" else blacks * (n + 1) + whites
        alive &= table == expected
    found = np.flatnonzero(alive)[:2]
    return [tuple(int(c) for c in codes[i]) for i in found]


def _decode_cp_sat(
    queries: Sequence[Code], answers: Sequence[tuple[int, int]], n: int, k: int, feedback: str
) -> list[Code]:
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    y = [[model.new_bool_var(f"y{j}_{c}") for c in range(k)] for j in range(n)]
    for row in y:
        model.add_exactly_one(row)
    counts = [sum(y[j][c] for j in range(n)) for c in range(k)]
    for query, (blacks, whites) in zip(queries, answers):
        model.add(sum(y[j][c] for j, c in enumerate(query)) == blacks)
        if feedback == "black-white":
            in_query = np.bincount(np.asarray(query), minlength=k)
            common = []
            for c in range(k):
                if in_query[c]:
                    low = model.new_int_var(0, int(in_query[c]), "")
                    model.add_min_equality(low, [counts[c], int(in_query[c])])
                    common.append(low)
            model.add(sum(common) == blacks + whites)
    found: list[Code] = []
    for _ in range(2):
        solver = _solver(cp_model)
        status = _solve(solver, model)
        if status == cp_model.INFEASIBLE:
            break
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # pragma: no cover
            raise RuntimeError("CP-SAT stopped without deciding the static decoding")
        code = tuple(next(c for c in range(k) if solver.Value(y[j][c])) for j in range(n))
        found.append(code)
        model.add_bool_or([y[j][c].Not() for j, c in enumerate(code)])
    return found


def _answer_pairs(answers: Any, count: int, n: int) -> list[tuple[int, int]]:
    from ..game import _as_int

    if isinstance(answers, (str, bytes)) or not hasattr(answers, "__iter__"):
        raise TypeError(
            f"answers must be a sequence of (black, white) pairs, was {type(answers).__name__}"
        )
    pairs = []
    for index, answer in enumerate(answers):
        try:
            blacks, whites = answer
        except (TypeError, ValueError):
            raise ValueError(
                f"answer {index} must be a (black, white) pair, was {answer!r}"
            ) from None
        pair = (_as_int(blacks, f"answer {index} black"), _as_int(whites, f"answer {index} white"))
        if not (0 <= pair[0] <= n and 0 <= pair[1] <= n - pair[0]):
            raise ValueError(f"answer {index} must be a pair within 0..{n}, was {answer!r}")
        pairs.append(pair)
    if len(pairs) != count:
        raise ValueError(f"answers must match the {count} queries, were {len(pairs)}")
    return pairs


def decode_static(
    queries: Sequence[Sequence[int]],
    answers: Sequence[tuple[int, int]],
    n: int,
    k: int,
    *,
    feedback: str = "black",
) -> tuple[Code, ...]:
    """Up to two codes consistent with every ``(query, answer)``: one means certified.

    Enumeration when ``k^n <= 2^17``, else CP-SAT (a consistent code, then a second
    one different from it) up to ``n k <= 2^16`` cells; the static codebreaker itself
    decodes its schemes without either (:mod:`~mastermind_q.classical.static_schemes`).

    Returns:
        ``()`` (inconsistent answers), ``(s,)`` (the unique secret) or ``(s, t)``.

    Raises:
        ValueError: invalid sizes or feedback, a query that is not a code of ``[k]^n``
            (wrong length, colour out of range or not an integer), answers that do
            not match the queries, or ``n k`` beyond ``2^16`` cells (before any work).
        TypeError: queries or answers that are not sequences.
    """
    n = validate_positions(n)
    k = validate_colors(k)
    feedback = validate_feedback(feedback)
    enumerate_codes = n * math.log2(k) <= math.log2(_ENUMERATE_CODES)
    if not enumerate_codes and n * k > _DECODE_CELLS:
        raise ValueError(
            f"decode_static decodes at most {_DECODE_CELLS} cells n k, was n={n}, k={k}"
        )
    rows = _query_rows(queries, n, k)
    codes = [tuple(int(c) for c in row) for row in rows.tolist()]
    pairs = _answer_pairs(answers, len(codes), n)
    if enumerate_codes:
        return tuple(_decode_enumerate(codes, pairs, n, k, feedback))
    return tuple(_decode_cp_sat(codes, pairs, n, k, feedback))
