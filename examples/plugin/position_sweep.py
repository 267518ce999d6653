"""A classical codebreaker in one file: find each position's colour by a sweep.

First one guess per colour, ``(c, c, ..., c)``, tells how many positions hold ``c``.
A filler colour ``f`` is then kept everywhere but at position ``i``, where colour ``c``
is tried: the answer is ``n_f - [s_i = f] + [s_i = c]``, so it says at once whether
``s_i`` is ``c``, ``f`` or neither. At most ``k + n (k - 1)`` guesses, every one asked
of the codemaker (which counts it); the codebreaker never sees the secret. It returns
the code without asking it: the referee asks it, and counts it (one guess more).
"""

from __future__ import annotations

from mastermind_q import Codebreaker


class PositionSweep(Codebreaker):
    """Colour counts, then each position against a filler colour."""

    name = "position-sweep"
    kind = "classical"
    setting = "adaptive"
    summary = "colour counts, then each position tried against a filler colour (a toy)"
    reference = "the toolkit's plugin guide"

    def solve(self, codemaker, *, execution=None, seed=None):
        n, k = codemaker.num_positions, codemaker.num_colors
        counts = [codemaker.black([color] * n) for color in range(k)]
        filler = max(range(k), key=lambda color: counts[color])  # the likeliest colour
        found = []
        for position in range(n):
            colour = filler  # if no other colour is found there
            for candidate in range(k):
                if candidate == filler or counts[candidate] == 0:
                    continue
                guess = [filler] * n
                guess[position] = candidate
                change = codemaker.black(guess) - counts[filler]
                if change == 1:  # s_i = candidate
                    colour = candidate
                    break
                if change == -1:  # s_i = filler, whatever the candidate
                    break
            found.append(colour)
        return tuple(found)

    def queries(self, num_positions, num_colors):
        """The worst case: the colour counts, ``k - 1`` tries per position, the win."""
        return num_colors + num_positions * (num_colors - 1) + 1
