"""The codemaker: holds the secret, answers queries and counts every one of them.

A codebreaker never sees the secret. It receives a :class:`Codemaker` and either asks
classical questions (:meth:`Codemaker.black`, :meth:`Codemaker.black_white`) or asks
for the black-peg oracle gate (:meth:`Codemaker.oracle`), an opaque gate named
``B_s`` (its inverse ``B_s_dg``). Before a circuit runs, the codebreaker hands it to
:meth:`Codemaker.charge`, which counts the oracle applications in it. That discipline
is what makes query counts honest:

* classical methods: every answered guess counts, including the final guess that
  equals the secret;
* quantum methods: every application of ``B_s`` or ``B_s^dagger`` counts one.

Example:
    >>> maker = Codemaker((2, 0, 1), colors=3)
    >>> maker.black((2, 1, 1))
    2
    >>> maker.queries
    1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .game import Code, black_white, validate_code, validate_colors, validate_feedback

if TYPE_CHECKING:
    from qiskit.circuit import Gate, QuantumCircuit

__all__ = ["ORACLE_INVERSE_NAME", "ORACLE_NAME", "Codemaker", "count_oracle_calls"]

ORACLE_NAME = "B_s"
"""Name (and label) of the black-peg oracle gate handed out by a codemaker."""
ORACLE_INVERSE_NAME = f"{ORACLE_NAME}_dg"
"""Name of its inverse, as produced by ``Gate.inverse()``."""


class Codemaker:
    """Holds a secret in ``[k]^n`` and answers black-peg (and black-white) queries.

    Args:
        secret: the secret code, colours in ``0..k-1``.
        colors: the number of colours ``k >= 2``.
        distinct: the permutation (Black-Peg AB) game: the secret and every guess must
            have pairwise distinct colours (and ``k >= n``).
        feedback: the game's feedback, ``"black"`` (default) or ``"black-white"``:
            what :meth:`answer` returns. :meth:`black` and :meth:`black_white` answer
            whatever they are asked (codebreakers made for one feedback call them).

    Raises:
        ValueError: on an invalid secret, colour count or feedback (the message names it).
    """

    def __init__(
        self,
        secret: Sequence[int],
        colors: int,
        *,
        distinct: bool = False,
        feedback: str = "black",
    ) -> None:
        self._num_colors = validate_colors(colors)
        self._secret = validate_code(secret, self._num_colors, distinct=distinct, name="secret")
        self._distinct = distinct
        self._feedback = validate_feedback(feedback)
        self._queries = 0
        self._transcript: list[tuple[Code, int]] = []

    # -- what a codebreaker may know ------------------------------------------------
    @property
    def num_positions(self) -> int:
        """``n``, the number of positions."""
        return len(self._secret)

    @property
    def num_colors(self) -> int:
        """``k``, the number of colours."""
        return self._num_colors

    @property
    def distinct(self) -> bool:
        """Whether colours may not repeat (secret and guesses)."""
        return self._distinct

    @property
    def feedback(self) -> str:
        """The game's feedback: ``"black"`` or ``"black-white"`` (see :meth:`answer`)."""
        return self._feedback

    @property
    def queries(self) -> int:
        """Queries answered so far: classical guesses plus oracle applications."""
        return self._queries

    @property
    def transcript(self) -> tuple[tuple[Code, int], ...]:
        """Every classical ``(guess, black answer)`` pair, in the order asked."""
        return tuple(self._transcript)

    # -- classical queries ------------------------------------------------------------
    def validate_guess(self, guess: Iterable[Any]) -> Code:
        """Return ``guess`` as a code, checked against ``n``, ``k`` and ``distinct``."""
        return validate_code(
            guess,
            self._num_colors,
            positions=self.num_positions,
            distinct=self._distinct,
            name="guess",
        )

    def black(self, guess: Sequence[int]) -> int:
        """Answer a black-peg query (counted, recorded in the transcript)."""
        code = self.validate_guess(guess)
        answer = self._answer_black(code)
        self._queries += 1
        self._transcript.append((code, answer))
        return answer

    def black_white(self, guess: Sequence[int]) -> tuple[int, int]:
        """Answer a black-white query (counted; the black part is recorded)."""
        code = self.validate_guess(guess)
        answer = self._answer_black_white(code)
        self._queries += 1
        self._transcript.append((code, answer[0]))
        return answer

    def answer(self, guess: Sequence[int]) -> tuple[int, int]:
        """Answer ``guess`` in the game's feedback, as ``(black, white)`` (counted once).

        With ``feedback="black"`` the white count is ``0`` (not asked, not known).
        """
        if self._feedback == "black-white":
            return self.black_white(guess)
        return self.black(guess), 0

    def _answer_black(self, guess: Code) -> int:
        # ``guess`` is validated against n and k already: count directly.
        return sum(map(int.__eq__, self._secret, guess))

    def _answer_black_white(self, guess: Code) -> tuple[int, int]:
        return black_white(self._secret, guess)

    # -- quantum queries --------------------------------------------------------------
    def oracle(self, **options: Any) -> Gate:
        """The black-peg oracle ``B_s`` as an opaque gate named ``B_s``.

        ``B_s|x>|b> = |x>|b + B_s(x) mod 2^m>`` on the qubit layout of
        :func:`mastermind_q.circuits.black_peg_oracle`. The gate is free to hand out;
        its applications are counted when a circuit holding it is passed to
        :meth:`charge`.

        Args:
            **options: forwarded to :func:`mastermind_q.circuits.black_peg_oracle`
                (e.g. ``construction``).
        """
        from .circuits.oracle import black_peg_oracle

        built = black_peg_oracle(self._secret, self._num_colors, **options)
        gate = built.to_gate(label=ORACLE_NAME) if hasattr(built, "to_gate") else built
        gate.name = ORACLE_NAME
        gate.label = ORACLE_NAME
        return gate

    def charge(self, circuits: QuantumCircuit | Iterable[QuantumCircuit]) -> int:
        """Count the oracle applications in ``circuits`` and add them to :attr:`queries`.

        Returns:
            The number of ``B_s`` and ``B_s_dg`` applications found.
        """
        from qiskit.circuit import QuantumCircuit

        batch = [circuits] if isinstance(circuits, QuantumCircuit) else list(circuits)
        calls = sum(count_oracle_calls(circuit) for circuit in batch)
        self._queries += calls
        return calls

    # -- the referee --------------------------------------------------------------------
    def reveal(self) -> Code:
        """The secret. Only the referee (``solve``) calls this, after the game."""
        return self._secret

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(n={self.num_positions}, k={self._num_colors}, "
            f"distinct={self._distinct}, feedback={self._feedback!r}, queries={self._queries})"
        )


def count_oracle_calls(circuit: QuantumCircuit) -> int:
    """Number of ``B_s`` / ``B_s_dg`` applications in ``circuit``, nested blocks included.

    Custom composite instructions (plain ``Gate`` / ``Instruction`` objects made by
    ``to_gate`` / ``to_instruction``) and control-flow blocks are searched recursively,
    so an oracle wrapped in, e.g., the two-colour oracle of Lemma 2 is still counted once
    per use. Library gates are not opened (they cannot hold the oracle).
    """
    from qiskit.circuit import Gate, Instruction

    total = 0
    for instruction in circuit.data:
        operation = instruction.operation
        if operation.name in (ORACLE_NAME, ORACLE_INVERSE_NAME):
            total += 1
            continue
        blocks = getattr(operation, "blocks", ())
        for block in blocks:
            total += count_oracle_calls(block)
        if not blocks and type(operation) in (Gate, Instruction):
            definition = operation.definition
            if definition is not None:
                total += count_oracle_calls(definition)
    return total
