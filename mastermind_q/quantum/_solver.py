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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ..codebreaker import Codebreaker
from .outcome import QuantumOutcome

if TYPE_CHECKING:
    from ..backends import Execution
    from ..codemaker import Codemaker, Face

__all__ = ["EXECUTION_ARGUMENT", "QuantumCodebreaker", "quantum_solver"]

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


class QuantumCodebreaker(Codebreaker):
    """A built-in quantum codebreaker: :meth:`run` builds and runs its circuits.

    It plays with an :class:`~mastermind_q.backends.Execution` record (or ``backend``,
    ``shots`` and ``seed``, which build one), checks its run estimate before anything is
    built (:meth:`check`), and names the read-out its answers are decoded by
    (:meth:`readout_plan`).
    """

    kind: ClassVar[str] = "quantum"
    builtin: ClassVar[bool] = True

    def run(self, codemaker: Codemaker, n: int, k: int, execution: Execution) -> QuantumOutcome:
        """The codebreaker's work, after the codemaker and the record are checked."""
        raise NotImplementedError

    def solve(
        self,
        codemaker: Codemaker | Face,
        *,
        execution: Execution | None = None,
        seed: int | None = None,
        backend: str | None = None,
        shots: int | None = None,
    ) -> QuantumOutcome:
        from ..backends import resolve_execution
        from ..codemaker import check_codemaker

        n, k = check_codemaker(codemaker).num_positions, codemaker.num_colors
        resolved = resolve_execution(execution, backend=backend, shots=shots, seed=seed)
        # the face forwards what a Codemaker answers (its oracle, runs and guesses)
        return self.run(cast("Codemaker", codemaker), n, k, resolved)

    def _solve(self, codemaker: Codemaker | Face, execution: Execution) -> QuantumOutcome:
        """:meth:`solve` with the record the referee resolved (``mastermind_q.solving.play``)."""
        from ..codemaker import check_codemaker

        n, k = check_codemaker(codemaker).num_positions, codemaker.num_colors
        return self.run(cast("Codemaker", codemaker), n, k, execution)

    def readout_plan(self, colors: int) -> Sequence[tuple[int, ...]] | None:
        """The pair plan each circuit's measured positions answer (``None``: one circuit
        whose colour registers are measured, the code itself)."""
        return None

    def check(self, num_positions: int, num_colors: int, **game: Any) -> None:
        from .estimates import _check_run

        backend = game.get("backend") or "aer"
        shots = game.get("shots")
        _check_run(self.name, num_positions, num_colors, backend=backend, shots=shots)

    mps_construction: ClassVar[str | None] = None
    """The oracle construction preferred where Aer simulates the circuits as a matrix
    product state (``None``: the default construction)."""

    def score_qubits(self, num_positions: int) -> int | None:
        """The oracle's score width ``m`` when it is not the minimum (``None``)."""
        return None

    def construction(
        self, device: str | None, num_positions: int, num_colors: int, level: int | None
    ) -> str | None:
        """The oracle construction a run on ``device`` reports (the toolkit's chooser,
        for the black-peg oracle; another oracle's codebreaker names its own)."""
        from ..backends import current_execution_options
        from ..backends.oracle_choice import choose_construction

        construction = current_execution_options().oracle_construction
        if construction != "auto":
            return construction
        return choose_construction(
            device,
            num_positions,
            num_colors,
            self.score_qubits(num_positions),
            mps_construction=self.mps_construction,
            optimization_level=level,
        )
