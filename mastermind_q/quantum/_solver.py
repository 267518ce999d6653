"""The entry form every quantum codebreaker shares: :func:`quantum_solver`.

A codebreaker is written as ``run(codemaker, n, k, execution) -> QuantumOutcome``;
the decorator gives it the public form ``(codemaker, *, backend, shots, seed,
execution) -> QuantumOutcome``: it checks the codemaker, reads ``n`` and ``k`` from it
and resolves the :class:`~mastermind_q.backends.Execution` record once
(:func:`~mastermind_q.backends.resolve_execution`), in that order, before ``run``
builds anything. ``run``'s docstring documents the public form; the decorator adds the
``execution`` entry (:data:`EXECUTION_ARGUMENT`) after its ``seed`` entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from .outcome import QuantumOutcome

if TYPE_CHECKING:
    from ..backends import Execution
    from ..codemaker import Codemaker

__all__ = ["EXECUTION_ARGUMENT", "quantum_solver"]

EXECUTION_ARGUMENT = """\
        execution: the :class:`~mastermind_q.backends.Execution` record to run with
            (backend, shots, seed, options); instead of ``backend``, ``shots`` and
            ``seed``, which then build one with the execution options in force.
"""
"""The ``Args`` entry of ``execution``, the same for every quantum codebreaker."""

SolverRun = Callable[["Codemaker", int, int, "Execution"], QuantumOutcome]
"""A codebreaker's work: ``(codemaker, n, k, execution) -> QuantumOutcome``."""


def quantum_solver(run: SolverRun) -> Callable[..., QuantumOutcome]:
    """The public codebreaker ``solve(codemaker, *, backend, shots, seed, execution)``
    around ``run``, with ``run``'s name, module and docstring, the docstring's ``Args``
    completed by :data:`EXECUTION_ARGUMENT` after the ``seed`` entry.

    Raises:
        ValueError: ``run``'s docstring has no ``seed`` entry (at import).
    """
    doc = run.__doc__
    if doc is not None:  # ``python -OO`` strips docstrings
        seed_entry = re.search(r"^        seed: .*\n(?:            .*\n)*", doc, flags=re.MULTILINE)
        if seed_entry is None:
            raise ValueError(f"{run.__qualname__}'s docstring must document seed, was {doc!r}")
        doc = doc[: seed_entry.end()] + EXECUTION_ARGUMENT + doc[seed_entry.end() :]

    def solve(
        codemaker: Codemaker,
        *,
        backend: str | None = None,
        shots: int | None = None,
        seed: int | None = None,
        execution: Execution | None = None,
    ) -> QuantumOutcome:
        from ..backends import resolve_execution
        from ..codemaker import check_codemaker

        n, k = check_codemaker(codemaker).num_positions, codemaker.num_colors
        resolved = resolve_execution(execution, backend=backend, shots=shots, seed=seed)
        return run(codemaker, n, k, resolved)

    # not functools.wraps: its __wrapped__ would show ``run``'s signature, not the public one
    for attribute in ("__module__", "__name__", "__qualname__"):
        setattr(solve, attribute, getattr(run, attribute))
    solve.__doc__ = doc
    return solve
