"""mastermind_q: quantum and classical query complexity of Mastermind, on Qiskit.

The public API:

* :func:`black`, :func:`black_white` -- the feedback functions;
* :func:`solve` -- play one game with a named method, get a :class:`SolveResult`;
* :func:`play` -- the same against any codemaker (e.g. the adversary);
* :class:`Codemaker` -- holds the secret, answers and counts queries;
* :mod:`mastermind_q.circuits` -- the circuit builders (oracle, algorithms);
* :mod:`mastermind_q.classical` -- classical codebreakers and the adversary.

The names above are imported on first use (PEP 562), so ``import mastermind_q`` is
cheap: the command line installs its signal handlers before Qiskit is imported.

Example:
    >>> import mastermind_q as mq
    >>> mq.solve((2, 0, 3, 1), colors=4, method="permutation").solved
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._lazy_exports import LazyExports

if TYPE_CHECKING:
    from .codebreaker import Codebreaker, register_codebreaker
    from .codemaker import Codemaker
    from .game import SolveResult, black, black_white
    from .solving import METHODS, play, solve

__all__ = [
    "METHODS",
    "Codebreaker",
    "Codemaker",
    "SolveResult",
    "black",
    "black_white",
    "play",
    "register_codebreaker",
    "solve",
]

__version__ = "0.1.0"

_EXPORTS = {
    "Codebreaker": "codebreaker",
    "register_codebreaker": "codebreaker",
    "Codemaker": "codemaker",
    "SolveResult": "game",
    "black": "game",
    "black_white": "game",
    "METHODS": "solving",
    "play": "solving",
    "solve": "solving",
}
"""Public name -> the module defining it, imported on first use."""


_LAZY = LazyExports(__name__, _EXPORTS)


def __getattr__(name: str) -> Any:
    return _LAZY.load(name)


def __dir__() -> list[str]:
    return _LAZY.names()
