"""A quantum codebreaker in one file: FindTwoColorPosition along a path of colours.

Li, Luo and Xu's FindTwoColorPosition answers, in one query, which positions hold
either of two colours. Asked for the pairs ``(0, 1), (1, 2), ..., (k - 2, k - 1)`` (a
path through the colours, ``k - 1`` queries, as many as their Algorithm 1), every
colour has its own pattern of answers: colour ``c`` answers 1 to the pairs ``c - 1``
and ``c`` only. The circuits are built around the codemaker's opaque oracle
(``codemaker.oracle()``), which only acts inside ``codemaker.run``, which counts it.
"""

from __future__ import annotations

from mastermind_q import Codebreaker
from mastermind_q.circuits import find_two_color_circuit
from mastermind_q.quantum import decode_pair_answers


class PathPairs(Codebreaker):
    """FindTwoColorPosition for the pairs ``(c, c + 1)``: ``k - 1`` queries."""

    name = "path-pairs"
    kind = "quantum"
    setting = "non-adaptive"
    colors = (3, None)
    summary = "FindTwoColorPosition along the path of colours (0,1), (1,2), ...: k-1 queries"
    reference = "the toolkit's plugin guide (after Li-Luo-Xu, Algorithm 1)"

    def plan(self, num_colors):
        return [(color, color + 1) for color in range(num_colors - 1)]

    def circuits(self, oracle, num_positions, num_colors):
        return [
            find_two_color_circuit(oracle, c1, c2, num_positions=num_positions, colors=num_colors)
            for c1, c2 in self.plan(num_colors)
        ]

    def queries(self, num_positions, num_colors):
        return num_colors - 1

    def solve(self, codemaker, *, execution=None, seed=None):
        n, k = codemaker.num_positions, codemaker.num_colors
        circuits = self.circuits(codemaker.oracle(), n, k)
        outcomes = codemaker.run(circuits, execution=execution)
        # each circuit's likeliest answer; its bit i (clbit 0 rightmost) is position i
        answers = [[int(bit) for bit in reversed(max(o, key=o.get))] for o in outcomes]
        return decode_pair_answers(self.plan(k), answers, colors=k)
