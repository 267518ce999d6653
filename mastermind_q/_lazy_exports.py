"""Names a package imports on first use (PEP 562): one mechanism for every package.

A package lists ``public name -> its submodule`` in a :class:`LazyExports` and forwards
its module-level ``__getattr__`` (and ``__dir__``) to it, so importing the package
stays cheap (no Qiskit) until a name is used.

Example:
    >>> exports = LazyExports("mastermind_q", {"black": "game"})
    >>> exports.load("black")((0, 1), (0, 2))
    1
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from typing import Any

__all__ = ["LazyExports"]


class LazyExports:
    """The lazily imported names of package ``package``: ``{name: submodule}``."""

    def __init__(self, package: str, exports: Mapping[str, str]) -> None:
        self.package = package
        self.exports = dict(exports)

    def load(self, name: str) -> Any:
        """Import ``name`` from its submodule and bind it in the package.

        The names of that submodule the import has already defined are bound too:
        importing a submodule binds the submodule under its own name, which may be one
        of the names (the command line's ``main``), and must not shadow it.

        Raises:
            AttributeError: ``name`` is not one of the package's names.
        """
        module = self.exports.get(name)
        if module is None:
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
        loaded = importlib.import_module(f".{module}", self.package)
        value = getattr(loaded, name)
        namespace = vars(sys.modules[self.package])
        defined = vars(loaded)
        for other, source in self.exports.items():
            if source == module and other in defined:
                namespace[other] = defined[other]
        namespace[name] = value
        return value

    def names(self) -> list[str]:
        """The package's ``dir()``: what it holds and every lazy name."""
        return sorted({*vars(sys.modules[self.package]), *self.exports})
