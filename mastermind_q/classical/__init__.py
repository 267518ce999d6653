"""Classical codebreakers and codemakers for Mastermind.

* :mod:`~mastermind_q.classical.permutation` -- El Ouali et al.'s binary-search
  codebreaker for the permutation (Black-Peg AB) game, ``k = n`` and ``k > n``;
* :mod:`~mastermind_q.classical.adversary` -- the adversary codemaker of their Section 3;
* :mod:`~mastermind_q.classical.baselines` -- Knuth's minimax (black-white feedback), a
  scalable deterministic black-peg codebreaker and a random consistent codebreaker;
* :mod:`~mastermind_q.classical.static` -- the static (non-adaptive) game: exact
  minimum query sets (:func:`static_minimum`) and the static codebreaker;
* :mod:`~mastermind_q.classical.coin_weighing` -- an adaptive black-peg codebreaker for
  any ``n, k`` that packs binary tests into coin-weighing batches;
* :mod:`~mastermind_q.classical.few_colors` -- its play for few colours: the colours two
  at a time, by ternary coin-weighing batches over the positions still unknown;
* :mod:`~mastermind_q.classical.detecting` -- coin weighing with a Lindström-type
  detecting matrix (``m_L(N)`` weighings for ``N`` coins) and its exact decoder;
* :mod:`~mastermind_q.classical.codes` -- the code space as a numpy array.

Every codebreaker takes a :class:`~mastermind_q.codemaker.Codemaker` (or the adversary)
and returns the code it found; every answered guess counts, including the final guess
equal to the secret, which each codebreaker always makes.

Lives inside the ``mastermind_q`` import package because the top-level name
``classical`` is taken on PyPI by an unrelated project.

Example:
    >>> from mastermind_q.classical import AdversaryCodemaker, solve_permutation
    >>> maker = AdversaryCodemaker(5, 5)
    >>> solve_permutation(maker) == maker.reveal()
    True
"""

from __future__ import annotations

from .adversary import AdversaryCodemaker
from .baselines import (
    blackpeg_query_bound,
    solve_blackpeg,
    solve_knuth,
    solve_random_consistent,
)
from .codes import all_codes, count_codes
from .coin_weighing import coin_weighing_query_bound, solve_coin_weighing
from .detecting import decode_detecting, detecting_matrix, detecting_rows, lindstrom_rows
from .optimal import optimal_worst_case
from .permutation import (
    PermutationCodebreaker,
    cyclic_shift_code,
    permutation_query_bound,
    permutation_worst_case_bound,
    solve_permutation,
)
from .static import solve_static, static_minimum, static_minimum_set

__all__ = [
    "AdversaryCodemaker",
    "PermutationCodebreaker",
    "all_codes",
    "blackpeg_query_bound",
    "coin_weighing_query_bound",
    "count_codes",
    "cyclic_shift_code",
    "decode_detecting",
    "detecting_matrix",
    "detecting_rows",
    "lindstrom_rows",
    "optimal_worst_case",
    "permutation_query_bound",
    "permutation_worst_case_bound",
    "solve_blackpeg",
    "solve_coin_weighing",
    "solve_knuth",
    "solve_permutation",
    "solve_random_consistent",
    "solve_static",
    "static_minimum",
    "static_minimum_set",
]
