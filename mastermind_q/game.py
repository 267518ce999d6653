"""Codes, feedback and validation for Mastermind with ``n`` positions and ``k`` colours.

Colours are the integers ``0..k-1`` and positions ``0..n-1``; a code is a sequence of
ints. Two feedback functions are provided:

* ``black(s, x) = |{i : s_i = x_i}|`` -- the black-peg answer ``B_s(x)``;
* ``black_white(s, x) = (b, w)`` where ``w`` is the number of colours right but
  misplaced: ``w = sum_c min(#c in s outside black positions, #c in x outside
  black positions)`` (the counting of ``../shared/papers/mastermind-feedback-notes.md``),
  which equals ``max_sigma |{i : s_i = x_sigma(i)}| - b`` of Li, Luo and Xu.

Every public function validates its input and raises :class:`ValueError` naming the
offending value. Nothing here prints.

Example:
    >>> black((0, 1, 2, 3), (0, 2, 1, 3))
    2
    >>> black_white((0, 1, 2, 3), (0, 2, 1, 3))
    (2, 2)
"""

from __future__ import annotations

import numbers
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "FEEDBACKS",
    "MAX_SEED",
    "Code",
    "SolveResult",
    "black",
    "black_white",
    "plain_array",
    "shown",
    "validate_code",
    "validate_colors",
    "validate_feedback",
    "validate_flag",
    "validate_optional_flag",
    "validate_positions",
    "validate_seed",
]

Code = tuple[int, ...]
"""A code: one colour ``0..k-1`` per position."""

FEEDBACKS = ("black", "black-white")
"""The feedback kinds: black pegs only (``B_s``), or black and white pegs."""


def validate_feedback(feedback: Any) -> str:
    """Return ``feedback`` if it is one of :data:`FEEDBACKS`.

    Raises:
        ValueError: naming the bad value and the valid ones.
    """
    if not isinstance(feedback, str) or feedback not in FEEDBACKS:
        raise ValueError(f"feedback must be one of {', '.join(FEEDBACKS)}; was {shown(feedback)}")
    return feedback


def validate_flag(value: Any, name: str) -> bool:
    """Return ``value`` if it is ``True`` or ``False``; nothing else is a yes or a no.

    A string such as ``"no"`` is truthy, and ``0``, ``1`` or ``nan`` are numbers: each
    would silently choose a game, so each is refused.

    Raises:
        ValueError: naming ``name`` and the value.

    Example:
        >>> validate_flag(True, "distinct")
        True
    """
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, was {_shown(value)}")
    return value


SHOWN_CHARACTERS = 60
"""How much of a value an error message quotes (:func:`shown`)."""


def shown(value: Any, *, text: bool = False) -> str:
    """``repr(value)`` (``str`` with ``text``) for an error message: its first
    :data:`SHOWN_CHARACTERS` characters, then ``…`` and the full length, if longer.

    The one way messages quote a value: a 5,000-character guess or option is named, not
    repeated.

    Example:
        >>> shown(list(range(100)))
        '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 1… (390 characters)'
    """
    quoted = str(value) if text else repr(value)
    if len(quoted) <= SHOWN_CHARACTERS:
        return quoted
    return f"{quoted[:SHOWN_CHARACTERS]}… ({len(quoted)} characters)"


_shown = shown


def validate_optional_flag(value: Any, name: str) -> bool | None:
    """Return ``value`` if it is ``True``, ``False`` or ``None`` (the default: decide later).

    Raises:
        ValueError: naming ``name`` and the value.

    Example:
        >>> validate_optional_flag(None, "distinct") is None
        True
    """
    if value is not None and not isinstance(value, bool):
        raise ValueError(f"{name} must be True, False or None, was {_shown(value)}")
    return value


def _as_int(value: Any, name: str, minimum: int | None = None) -> int:
    """Return ``value`` as an ``int``; reject bools, floats, non-numbers and values
    below ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be an integer, was {shown(value)}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must have value >= {minimum}, was {shown(int(value))}")
    return int(value)


MAX_SEED = 2**63 - 1
"""Largest seed: seeds are integers ``0 <= seed < 2^63`` (they fit every simulator's
64-bit seed, signed or unsigned, and numpy's generators)."""


def validate_seed(seed: Any) -> int | None:
    """Return ``seed`` as an int (or ``None``): an integer ``0 <= seed < 2^63``.

    One rule for every backend and codebreaker; ``numbers.Integral`` values (numpy
    integers too) are accepted, ``bool`` is not.

    Raises:
        ValueError: not an integer, or outside ``0..2^63-1``.

    Example:
        >>> validate_seed(7), validate_seed(None)
        (7, None)
    """
    if seed is None:
        return None
    value = _as_int(seed, "seed")
    if not 0 <= value <= MAX_SEED:
        raise ValueError(f"seed must be an integer in 0..2^63-1, was {shown(value)}")
    return value


def validate_colors(colors: Any) -> int:
    """Return the number of colours ``k`` as an int; ``k >= 2`` is required.

    Raises:
        ValueError: if ``colors`` is not an integer or is smaller than 2.
    """
    return _as_int(colors, "colors", minimum=2)


def validate_positions(positions: Any) -> int:
    """Return the number of positions ``n`` as an int; ``n >= 1`` is required.

    Raises:
        ValueError: if ``positions`` is not an integer or is smaller than 1.
    """
    return _as_int(positions, "positions", minimum=1)


def _is_sequence(code: Any) -> bool:
    """A list, tuple, range or other ``Sequence`` (not a string), or a 1-D numpy array.

    Sets and dicts are refused: their order is not a code's order.
    """
    if isinstance(code, (str, bytes, bytearray)):
        return False
    if isinstance(code, Sequence):
        return True
    ndim = getattr(code, "ndim", None)
    return ndim == 1 and hasattr(code, "__len__") and hasattr(code, "__getitem__")


def plain_array(value: Any) -> Any:
    """``value`` as a plain ``numpy.ndarray`` if it is an array of any kind, else as given.

    The one reading of array guesses for every answering path: a masked array is
    judged on its full data (its mask hides nothing from the codemaker, so a masked
    out-of-range colour is refused as the plain guess is), and any other ``ndarray``
    subclass (``numpy.matrix``) is read as its plain array. numpy is imported only if
    the value is already one of its arrays.

    Example:
        >>> import numpy as np
        >>> plain_array(np.ma.array([0, 7], mask=[0, 1])).tolist()
        [0, 7]
    """
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.ndarray):
        return numpy.asarray(numpy.ma.getdata(value))
    return value


_short = shown


def validate_code(
    code: Iterable[Any],
    colors: int | None = None,
    *,
    positions: int | None = None,
    distinct: bool = False,
    name: str = "code",
) -> Code:
    """Validate ``code`` and return it as a tuple of ints.

    Args:
        code: a sequence of colours (list, tuple, range or 1-D numpy array; a set or a
            dict is refused: it has no order of positions).
        colors: number of colours ``k``; each entry must lie in ``0..k-1``. ``None``
            only checks that entries are non-negative integers.
        positions: required length ``n``, if given.
        distinct: forbid repeated colours (the permutation / AB game); then
            ``k >= n`` is required as well.
        name: how the code is named in error messages (``secret``, ``guess``).

    Returns:
        The code as a tuple of ints.

    Raises:
        ValueError: naming the offending value when the code is empty, has the wrong
            length, holds a non-integer or out-of-range colour, or repeats a colour
            where ``distinct`` forbids it.
    """
    items = _code_items(code, name)
    k = None if colors is None else validate_colors(colors)
    return _checked_items(items, k, positions=positions, distinct=distinct, name=name)


def _checked_code(
    code: Iterable[Any],
    k: int | None,
    *,
    positions: int | None = None,
    distinct: bool = False,
    name: str = "code",
) -> Code:
    """:func:`validate_code` against a validated ``k`` (a codemaker's own): the code is
    checked in full, ``k`` is not checked again."""
    items = _code_items(code, name)
    return _checked_items(items, k, positions=positions, distinct=distinct, name=name)


def _code_items(code: Iterable[Any], name: str) -> tuple[Any, ...]:
    """The items of a code that is a non-empty sequence (their values checked later)."""
    code = plain_array(code)
    if not _is_sequence(code):
        raise ValueError(f"{name} must be a sequence of integer colours, was {_short(code)}")
    items = tuple(code)
    if not items:
        raise ValueError(f"{name} must have at least one position, was {shown(items)}")
    return items


def _checked_items(
    items: tuple[Any, ...], k: int | None, *, positions: int | None, distinct: bool, name: str
) -> Code:
    """The entries of a code (a non-empty tuple) checked against a validated ``k``."""
    if distinct and k is not None and k < len(items):
        raise ValueError(
            f"colors must be >= positions ({len(items)}) when colours may not repeat, was {k}"
        )
    # Fast path (long codes, many queries): plain in-range ints, checked in C (one
    # ``set(map(type, ...))``, ``min``, ``max``) without a Python step per position.
    if set(map(type, items)) == {int} and (min(items) >= 0 and (k is None or max(items) < k)):
        result = items
    else:
        values = []
        for index, item in enumerate(items):
            value = _as_int(item, f"{name}[{index}]")
            if value < 0 or (k is not None and value >= k):
                bound = "a non-negative colour" if k is None else f"a colour in 0..{k - 1}"
                raise ValueError(f"{name}[{index}] must be {bound}, was {shown(value)}")
            values.append(value)
        result = tuple(values)
    if positions is not None and len(result) != positions:
        raise ValueError(
            f"{name} must have {positions} positions, was {len(result)}: {shown(result)}"
        )
    if distinct and len(set(result)) != len(result):
        repeated = sorted(color for color, count in Counter(result).items() if count > 1)
        raise ValueError(
            f"{name} must not repeat colours, repeats {shown(repeated)} in {shown(result)}"
        )
    return result


def _pair(secret: Sequence[Any], guess: Sequence[Any]) -> tuple[Code, Code]:
    secret_code = validate_code(secret, name="secret")
    guess_code = validate_code(guess, name="guess")
    if len(secret_code) != len(guess_code):
        raise ValueError(
            f"guess must have {len(secret_code)} positions like the secret, "
            f"was {len(guess_code)}: {shown(guess_code)}"
        )
    return secret_code, guess_code


def black(secret: Sequence[int], guess: Sequence[int]) -> int:
    """Black-peg answer ``B_s(x) = |{i : s_i = x_i}|``.

    Cost: ``O(n)``.

    Args:
        secret: the secret code ``s``.
        guess: the guess ``x``, as long as ``s``.

    Returns:
        The number of positions where guess and secret agree, in ``0..n``.

    Raises:
        ValueError: if the codes are empty, differ in length or hold a non-integer or
            negative colour.

    Example:
        >>> black((3, 0, 2, 1), (3, 1, 2, 0))
        2
    """
    secret_code, guess_code = _pair(secret, guess)
    return sum(1 for s, x in zip(secret_code, guess_code) if s == x)


def black_white(secret: Sequence[int], guess: Sequence[int]) -> tuple[int, int]:
    """Black-white answer ``(b, w)``.

    ``b = black(secret, guess)``; ``w = sum_c min(u_c, v_c)`` where ``u_c`` (``v_c``)
    counts colour ``c`` in the secret (guess) outside the black positions.

    Cost: ``O(n)``.

    Args:
        secret: the secret code ``s``.
        guess: the guess ``x``, as long as ``s``.

    Returns:
        ``(b, w)``: black pegs (right colour, right place) and white pegs (right
        colour, wrong place).

    Reference:
        ``../shared/papers/mastermind-feedback-notes.md`` (the feedback function);
        Li, Luo, Xu, Section 1.1 (``W_s(x)`` as a maximum over permutations).

    Raises:
        ValueError: as :func:`black`.

    Example:
        >>> black_white((0, 0, 1, 1), (1, 1, 0, 2))
        (0, 3)
    """
    return _black_white(*_pair(secret, guess))


def _black_white(secret_code: Code, guess_code: Code) -> tuple[int, int]:
    """:func:`black_white` of two validated codes of equal length."""
    blacks = 0
    secret_rest: Counter[int] = Counter()
    guess_rest: Counter[int] = Counter()
    for s, x in zip(secret_code, guess_code):
        if s == x:
            blacks += 1
        else:
            secret_rest[s] += 1
            guess_rest[x] += 1
    whites = sum(min(count, guess_rest[color]) for color, count in secret_rest.items())
    return blacks, whites


class _BuiltWhenRead:
    """A dataclass field holding a tuple that may be handed over as a lazy sequence.

    A value that is not a tuple (the codemaker's compact transcript record) is kept as
    given and turned into a tuple the first time the field is read, so a result whose
    transcript is never read never builds it; what is read is always a tuple.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = f"_{name}_value"

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return ()  # the field's default
        value = instance.__dict__.get(self._slot, ())
        if not isinstance(value, tuple):
            value = tuple(value)
            instance.__dict__[self._slot] = value
        return value

    def __set__(self, instance: Any, value: Any) -> None:
        instance.__dict__[self._slot] = value


@dataclass(frozen=True)
class SolveResult:
    """The outcome of one game: what was found and what it cost.

    Attributes:
        secret: the codemaker's secret at the end of the game (for an adversary, the
            secret it was finally committed to).
        found: the codebreaker's answer.
        queries: oracle applications (``B_s`` and ``B_s^dagger`` each count one) for
            quantum methods; answered guesses, the final correct guess included, for
            classical methods.
        method: the method name, as passed to :func:`mastermind_q.solve`.
        num_colors: ``k``.
        backend: the backend name for quantum methods, ``None`` for classical ones.
        success_probability: quantum methods: the exact probability of the returned
            answer on ``aer-statevector``, the observed fraction of agreeing shots on
            sampling backends; for methods with several circuits, the product of the
            per-circuit values (every circuit must answer right); ``None`` for
            classical methods.
        transcript: classical methods: every ``(guess, answer)`` pair in the order
            asked, the answer as given: the black count ``b`` for a black-peg query,
            ``(b, w)`` for a black-white one; empty for quantum methods (with
            ``verify``: the classical queries).
        iterations: Grover iterations ``T`` for the adaptive method, else ``None``.
        circuit_success_probabilities: per circuit success probabilities for quantum
            methods that run several circuits (empty otherwise).
        certified: with ``verify``: whether the codebreaker saw the codemaker answer
            ``n`` to ``found`` (its own claim, made without the secret); ``None``
            without ``verify``.
        quantum_queries: with ``verify``: the oracle applications (else ``None``).
        classical_queries: with ``verify``: the black-peg queries asked to certify and
            repair (else ``None``); ``quantum_queries + classical_queries == queries``.
        position_confidence: quantum methods: per position, the weight the shots give
            the decoded colour (for one circuit, the fraction of shots agreeing with
            the majority bit; see :func:`mastermind_q.quantum.position_weights`).
        repaired_positions: with ``verify``: positions where ``found`` differs from the
            decoded code.
        oracle_executions: quantum methods: the oracle applications executed,
            ``queries x shots`` on sampling backends (each circuit runs ``shots``
            times), ``queries`` on ``aer-statevector`` (one simulation); ``None`` for
            classical methods. ``queries`` is the algorithmic count, the one compared.
        counts: quantum methods: per circuit run, in order, the raw outcome the
            backend returned: counts keyed by bitstrings (clbit 0 rightmost) on
            sampling backends, exact probabilities on ``aer-statevector``; empty for
            classical methods.
        shots: quantum methods on sampling backends: the shots per circuit (the
            default filled in); ``None`` on ``aer-statevector`` and for classical
            methods.
        seed: the seed the run was given (simulator or codebreaker), ``None`` if none.
        circuits: quantum methods: every circuit the codebreaker handed to the
            codemaker, in order, as it built them: one register per position
            (``pos0``, ``pos1``, ...), then ``score`` and ``anc``; the oracle in them is
            the codemaker's opaque ``B_s`` / ``B_s_dg`` (no definition, nothing of the
            secret). Empty for classical methods; not part of :meth:`to_dict`.
        scheme: ``static`` results: the query set played (``"minimum"``,
            ``"coin-weighing"``, ``"colour-designs"`` or ``"random"``); ``None`` for
            every other method.
        queries_to_win: every query of the game up to the win, the answered secret
            included: the referee asks the returned code when the codemaker had not
            answered it (the same rule for every codebreaker). Classical methods: equal
            to ``queries``; quantum methods: ``queries`` plus that final guess.
    """

    secret: Code
    found: Code
    queries: int
    method: str
    num_colors: int
    backend: str | None = None
    success_probability: float | None = None
    transcript: tuple[tuple[Code, int | tuple[int, int]], ...] = _BuiltWhenRead()  # type: ignore[assignment]
    iterations: int | None = None
    circuit_success_probabilities: tuple[float, ...] = field(default=())
    certified: bool | None = None
    quantum_queries: int | None = None
    classical_queries: int | None = None
    position_confidence: tuple[float, ...] = field(default=())
    repaired_positions: tuple[int, ...] = field(default=())
    oracle_executions: int | None = None
    counts: tuple[dict[str, Any], ...] = field(default=(), hash=False)
    shots: int | None = None
    seed: int | None = None
    circuits: tuple[Any, ...] = field(default=(), hash=False, compare=False, repr=False)
    scheme: str | None = None
    queries_to_win: int | None = None

    @property
    def solved(self) -> bool:
        """Whether the answer equals the secret; with ``verify``, certified as well."""
        if self.certified is not None and not self.certified:
            return False
        return self.found == self.secret

    @property
    def num_positions(self) -> int:
        """``n``."""
        return len(self.secret)

    def to_dict(self, *, transcript: bool = True) -> dict[str, Any]:
        """JSON-ready dictionary with the keys of the CLI contract (DESIGN.md section 4).

        Args:
            transcript: include the ``transcript`` (lists built from every guess; leave it
                out for large games, where it is most of the memory).
        """
        data: dict[str, Any] = {
            "method": self.method,
            "n": self.num_positions,
            "k": self.num_colors,
            "secret": list(self.secret),
            "found": list(self.found),
            "solved": self.solved,
            "queries": self.queries,
            "queries_to_win": self.queries_to_win,
            "backend": self.backend,
            "success_probability": self.success_probability,
        }
        if self.oracle_executions is not None:
            data["oracle_executions"] = self.oracle_executions
        if self.backend is not None:
            data["counts"] = [dict(outcome) for outcome in self.counts]
        data["shots"] = self.shots
        data["seed"] = self.seed
        if self.scheme is not None:
            data["scheme"] = self.scheme
        if self.iterations is not None:
            data["iterations"] = self.iterations
        if self.circuit_success_probabilities:
            data["circuit_success_probabilities"] = list(self.circuit_success_probabilities)
        if self.position_confidence:
            data["position_confidence"] = list(self.position_confidence)
        if self.certified is not None:
            data["certified"] = self.certified
            data["quantum_queries"] = self.quantum_queries
            data["classical_queries"] = self.classical_queries
            data["repaired_positions"] = list(self.repaired_positions)
        if transcript and self.transcript:
            data["transcript"] = [
                [list(guess), list(answer) if isinstance(answer, tuple) else answer]
                for guess, answer in self.transcript
            ]
        return data
