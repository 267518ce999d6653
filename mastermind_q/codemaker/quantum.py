"""The quantum referee: the codemaker that also hands out its oracle and runs circuits.

:class:`Codemaker` is the :class:`~mastermind_q.codemaker.classical.ClassicalCodemaker`
(the secret, the ledger, the answers to classical queries) with the quantum half of
:mod:`mastermind_q.codemaker.runs` on top (handing out the oracle, counting and running
circuits: :meth:`Codemaker.run`); the opaque gates themselves are
:mod:`mastermind_q.oracle_gates`. Every name stays importable from
:mod:`mastermind_q.codemaker`.

A codebreaker never sees the secret. It receives a :class:`Codemaker` and either asks
classical questions (:meth:`Codemaker.black`, :meth:`Codemaker.black_white`) or asks
for the black-peg oracle gate (:meth:`Codemaker.oracle`), builds circuits around it
and hands them to :meth:`Codemaker.run`, the one place that counts and executes
circuits holding the oracle:

* classical methods: every answered guess counts, including the final guess that
  equals the secret;
* quantum methods: every application of ``B_s`` or ``B_s^dagger`` counts one, in
  whatever form it is applied (loops, powers, controls, nested gates: see
  :mod:`mastermind_q.counting`).

Why the count cannot be bypassed. The gate handed out (:class:`OracleGate`) is
*opaque*: it has no definition, no matrix, and no reference to the secret or to the
codemaker, only a random token that names the codemaker's gates. ``Operator``,
``Statevector.evolve``, ``transpile`` and every simulator refuse it. The only thing
that turns it into the real oracle is :meth:`Codemaker.run`, and it does so in the
same walk that counts (each replaced gate is one counted application, times the
loops and powers around it); what it cannot count (a ``while`` loop, the oracle in an
``if``/``switch`` branch, a non-integer power) it refuses with
:class:`~mastermind_q.counting.OracleCountError`. A gate named ``B_s`` that is not one
this codemaker handed out (another codemaker's, or one rebuilt from a guessed secret)
is refused, and so is a renamed oracle gate or a known secret's
:class:`~mastermind_q.circuits.BlackPegOracleGate` or
:class:`~mastermind_q.circuits.ParityOracleGate`. An *inlined* oracle cannot be
recognised by its structure, and need not be: the codebreaker never sees the oracle's
gates, so it has nothing to inline; the one secret-dependent part of a circuit the
codemaker runs is the codemaker's own gate. (Python has no private attributes: the discipline
left is that a codebreaker uses the public interface and never calls
:meth:`Codemaker.reveal`, which the referee calls after the game.)

Why a copy cannot play uncounted. A :class:`Codemaker` (and every subclass: the
adversary, a watched or human codemaker) refuses ``copy.copy``, ``copy.deepcopy``,
``pickle`` and ``__reduce_ex__`` with a ``TypeError``: a copy would hold the secret and
answer queries the game does not count. What it counts lives in one ledger that a
copy made by hand from its ``__dict__`` shares, so such a copy charges the original.
No public attribute leads to the secret. The opaque gates may be copied and pickled
as Qiskit does with any gate (``QuantumCircuit.copy``, ``compose``, ``transpile``): a
copy is the same opaque gate, runs only through :meth:`Codemaker.run` of the
codemaker that handed it out, and is charged there. The circuit with the real oracle
put in is the referee's: :func:`reveal_circuit` builds it from the secret, which a
codebreaker does not have.

Example:
    >>> maker = Codemaker((2, 0, 1), colors=3)
    >>> maker.black((2, 1, 1))
    2
    >>> maker.queries
    1
    >>> maker.oracle().definition is None
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from qiskit.circuit import Gate

from .classical import ClassicalCodemaker
from .runs import CircuitsNotExecuted, CountedRuns, CountOnly

__all__ = ["CircuitsNotExecuted", "Codemaker", "CountingCodemaker"]


class Codemaker(CountedRuns, ClassicalCodemaker):
    """Holds a secret in ``[k]^n``, answers classical queries and runs counted circuits.

    A :class:`~mastermind_q.codemaker.classical.ClassicalCodemaker` (same arguments,
    same classical answers and ledger) that also hands out the opaque black-peg and
    parity oracles (:meth:`oracle`, :meth:`parity_oracle`) and counts and runs the
    circuits built around them (:meth:`run`): the one place that executes circuits
    holding the oracle.

    Args:
        secret: the secret code, colours in ``0..k-1``.
        colors: the number of colours ``k >= 2``.
        distinct: the permutation (Black-Peg AB) game.
        feedback: the game's feedback, ``"black"`` (default) or ``"black-white"``.

    Raises:
        ValueError: on an invalid secret, colour count, ``distinct`` or feedback.
    """

    def _setup(self, secret: Sequence[int], k: int, distinct: bool, feedback: str) -> None:
        super()._setup(secret, k, distinct, feedback)
        # Options and width of each oracle handed out, by token (the real gates are
        # built inside run() and dropped when it returns).
        self._oracle_tokens: dict[tuple[tuple[str, Any], ...], str] = {}
        self._oracles: dict[str, tuple[dict[str, Any], int]] = {}
        self._real_oracles: dict[tuple[str, bool], Gate] = {}


class CountingCodemaker(CountOnly, Codemaker):
    """A codemaker that counts the circuits handed to :meth:`run` and runs none of them.

    For sizes no simulator can run: the codebreaker builds its circuits for the real
    ``n`` and ``k`` around this codemaker's opaque oracle, exactly as it does for a
    :class:`Codemaker`, and hands them to :meth:`run`. The same walk as
    :meth:`Codemaker.run` counts every oracle application (and refuses what it cannot
    count, a forged or renamed oracle included); the count is added to :attr:`queries`;
    then :meth:`run` raises :class:`CircuitsNotExecuted` instead of returning
    outcomes. No answer ever leaves it, so a codebreaker cannot use it to learn
    anything uncounted: the only thing it gives back is the count the referee reads.

    The count covers one batch. Every quantum codebreaker of the toolkit hands its
    circuits over in one batch (Algorithm 4 and Hunziker-Meyer are adaptive *inside*
    one circuit, not between circuits), so for them the count is the whole game's.
    A codebreaker whose later circuits depend on measured outcomes would be cut short
    after its first batch; :attr:`batches` says how many were counted.

    Classical queries (:meth:`black`, ...) are answered and counted as usual.

    Cost: one walk over each circuit as handed over (no private copy is taken and the
    real oracle is never built: nothing runs); each circuit is charged as it is counted
    and nothing of it is kept, so circuits given as an iterator take the memory of one.

    Example:
        >>> from mastermind_q.circuits import find_two_color_circuit
        >>> maker = CountingCodemaker((0, 2, 1), colors=3)
        >>> circuit = find_two_color_circuit(maker.oracle(), 0, 1, num_positions=3, colors=3)
        >>> try:
        ...     maker.run([circuit])
        ... except CircuitsNotExecuted as counted:
        ...     print(counted.calls, maker.queries, maker.batches)
        1 1 1
    """
