"""mastermind_q: quantum and classical query complexity of Mastermind, on Qiskit.

The public API:

* :func:`black`, :func:`black_white` -- the feedback functions;
* :func:`solve` -- play one game with a named method, get a :class:`SolveResult`;
* :func:`play` -- the same against any codemaker (e.g. the adversary);
* :class:`Codemaker` -- holds the secret, answers and counts queries;
* :mod:`mastermind_q.circuits` -- the circuit builders (oracle, algorithms);
* :mod:`mastermind_q.classical` -- classical codebreakers and the adversary.

Example:
    >>> import mastermind_q as mq
    >>> mq.solve((2, 0, 3, 1), colors=4, method="permutation").solved
    True
"""

from __future__ import annotations

from .codemaker import Codemaker
from .game import SolveResult, black, black_white
from .solving import METHODS, play, solve

__all__ = [
    "METHODS",
    "Codemaker",
    "SolveResult",
    "black",
    "black_white",
    "play",
    "solve",
]

__version__ = "0.1.0"
