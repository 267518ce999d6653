"""Resource limits: refuse a request beyond what this machine can do, before any work.

Every entry point (``solve``, ``draw``, ``resources``, ``compare``, ``jobs fetch``)
estimates what a request needs -- qubits and statevector memory, two-qubit gates,
classical work, shots, grid size -- and calls one of the ``check_*`` functions below
*before* it allocates anything. A request over a limit raises
:class:`ResourceLimitError` (a ``ValueError``) whose message names the value, the limit
and the environment variable that raises it.

========================================  ==============  ========================================
limit (environment variable)              default         what it bounds
========================================  ==============  ========================================
``MASTERMIND_Q_MAX_SHOTS``                1,000,000       shots, summed over a run's circuits
                                                          (Aer keeps about 0.5 kB per shot)
``MASTERMIND_Q_MAX_QUANTUM_POSITIONS``    4,096           ``n`` of quantum circuits that run or
                                                          are synthesised (solve, draw,
                                                          resources, the oracle's construction)
``MASTERMIND_Q_MAX_QUANTUM_COLORS``       1,024           ``k`` of quantum circuits that run or
                                                          are synthesised (``k - 1`` circuits
                                                          for ``nonadaptive``)
``MASTERMIND_Q_MAX_COUNTED_POSITIONS``    16,384          ``n`` of quantum circuits built from
                                                          the stage gates and counted, never
                                                          run (``compare``'s counted rows)
``MASTERMIND_Q_MAX_COUNTED_COLORS``       16,384          ``k`` of those circuits; their width
                                                          ``n q + m`` must also fit in memory
                                                          (:data:`CIRCUIT_BYTES_PER_QUBIT`)
``MASTERMIND_Q_MAX_CIRCUIT_GATES``        500,000         two-qubit gates of a run's circuits
                                                          before transpiling (cost formulas;
                                                          ``nonadaptive`` at n = 1024, k = 8 has
                                                          about 180,000 and takes 37 s)
``MASTERMIND_Q_MAX_MEMORY``               available RAM   bytes a statevector may take
                                                          (``16 * 2^q`` bytes times
                                                          :data:`STATEVECTOR_SAFETY_FACTOR`)
``MASTERMIND_Q_MAX_CLASSICAL_POSITIONS``  16,384          ``n`` of classical games
``MASTERMIND_Q_MAX_CLASSICAL_COLORS``     100,000         ``k`` of classical games
``MASTERMIND_Q_MAX_CLASSICAL_WORK``       100,000,000     guesses times ``n`` of a classical game
                                                          (the permutation solver at n = k = 1000
                                                          is about 10^7 and takes 1.3 s)
``MASTERMIND_Q_MAX_COIN_WEIGHING_WORK``   5,000,000,000   ``(n ceil(log2 k) + k) x n`` of a
                                                          ``coin-weighing`` game (its guess
                                                          bound times ``n``; n = k = 16384 is
                                                          4.0 x 10^9: about 98,000 guesses,
                                                          27 s, 0.7 GB peak)
``MASTERMIND_Q_MAX_STATIC_CODES``         1,024           ``k^n`` of the exact static minimum
                                                          (``static_minimum``), black pegs with
                                                          ``k = 2`` (n = 9: 78 s, n = 10 after it)
``MASTERMIND_Q_MAX_STATIC_PAIR_CODES``    100             the same, black pegs with ``n = 2``
                                                          (``k = 10``: 103 s; about 7x per step)
``MASTERMIND_Q_MAX_STATIC_OTHER_CODES``   81              the same for every other game
                                                          (``3 x 4``: 4 s, ``3 x 5``: over 10 min)
``MASTERMIND_Q_MAX_STATIC_ENTRIES``       400,000,000     queries x ``n`` (plus ``n k``) of a
                                                          ``static`` set held whole beyond
                                                          the exact minimum (n = k = 1024:
                                                          8 x 10^6; a streamed set is
                                                          bounded by its bytes only)
``MASTERMIND_Q_MAX_STATIC_BYTES``         8 GiB           bytes of those entries with the
                                                          decoder's messages and the
                                                          codemaker's transcript
                                                          (``static_bytes_per_entry``;
                                                          n = k = 4096: 1.7 GB); a set
                                                          past 2 GiB so is streamed
                                                          (``static_streamed_bytes``;
                                                          n = k = 16384: 7.6 GiB)
``MASTERMIND_Q_MAX_GRID_VALUES``          1,000           values on one ``compare`` grid axis
                                                          (an iterable is read no further)
``MASTERMIND_Q_MAX_GRID_ROWS``            10,000          rows of one ``compare`` grid
``MASTERMIND_Q_MAX_SAMPLES``              100,000         random secrets per ``compare`` row
``MASTERMIND_Q_MAX_WORKERS``              64              local worker processes of ``compare``
``MASTERMIND_Q_MAX_COMPARE_WORK``         10^10           ``compare``'s classical work: samples
                                                          x guesses x ``n``, summed over rows
                                                          (about 20 minutes on one core)
``MASTERMIND_Q_MAX_DRAW_CELLS``           250,000         qubits x operations of the circuits
                                                          one ``draw`` (or ``solve --draw``)
                                                          lays out (105,000: 23 s as PNG)
``MASTERMIND_Q_MAX_DRAW_PIXELS``          40,000,000      pixels of one circuit's image (PNG at
                                                          300 dpi; SVG, PDF: the same page),
                                                          estimated before drawing (about
                                                          6,300 x 6,300 px; 58 Mpx: 4 s, 0.74 GB)
========================================  ==============  ========================================

The code spaces of the enumerating codebreakers (``knuth``, ``random-consistent``) are
bounded by their own constants in :mod:`mastermind_q.classical.baselines`, those of
``optimal`` by ``OPTIMAL_MAX_CODES`` per game in :mod:`mastermind_q.classical.optimal`
(``MASTERMIND_Q_MAX_OPTIMAL_CODES``, when set, replaces them all);
:func:`check_code_space` compares ``n log2 k`` with ``log2(limit)`` so that a huge
``k^n`` is never computed.

Available memory is :func:`psutil.virtual_memory` ``.available``, lowered to the
headroom under the process's address-space limit (``RLIMIT_AS``) when one is set.

Example:
    >>> check_shots(1024)
    1024
    >>> check_shots(10**12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mastermind_q.limits.ResourceLimitError: shots 1000000000000 is too many, more than ...
"""

from __future__ import annotations

import math
import numbers
import os
import re
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CIRCUIT_BYTES_PER_QUBIT",
    "LIMITS",
    "STATEVECTOR_BYTES_PER_AMPLITUDE",
    "STATEVECTOR_SAFETY_FACTOR",
    "Limit",
    "LimitRaisedWarning",
    "ResourceLimitError",
    "available_memory",
    "check_circuit_gates",
    "check_circuit_size",
    "check_classical",
    "check_code_space",
    "check_compare_work",
    "check_draw_cells",
    "check_draw_pixels",
    "check_environment",
    "check_grid_rows",
    "check_grid_values",
    "check_quantum_size",
    "check_samples",
    "check_shots",
    "check_statevector",
    "check_workers",
    "environment_limit",
    "limit",
    "limit_error",
    "statevector_bytes",
    "take_grid_values",
    "warn_raised_limit",
]

STATEVECTOR_BYTES_PER_AMPLITUDE = 16
"""A complex128 amplitude."""
STATEVECTOR_SAFETY_FACTOR = 2
"""Aer needs room beside the state (a copy while sampling, transpiled circuits, Python)."""


class ResourceLimitError(ValueError):
    """A request beyond a resource limit (the message names value, limit and variable)."""


class LimitRaisedWarning(UserWarning):
    """A request admitted only because an environment variable raised a limit past the
    measured frontier: the message says what it is likely to cost.

    The library only warns (:func:`warnings.warn`, once per game and variable in a
    process); ``mastermind-q`` prints it as one line on stderr
    (``mastermind-q solve: warning: ...``). Silence it with
    ``warnings.simplefilter("ignore", LimitRaisedWarning)``.
    """


_WARNED: set[tuple[object, ...]] = set()


def warn_raised_limit(key: tuple[object, ...], message: str) -> None:
    """Warn once per ``key`` in this process (:class:`LimitRaisedWarning`).

    A request is checked in several places (``solve`` and the codebreaker it calls, every
    row of a sweep): the cost is said once, where the request was first admitted.
    """
    import warnings

    if key in _WARNED:
        return
    _WARNED.add(key)
    warnings.warn(LimitRaisedWarning(message), stacklevel=3)


@dataclass(frozen=True)
class Limit:
    """One documented limit.

    Attributes:
        name: the short name (``max_shots``).
        variable: the environment variable overriding it.
        default: the default value (``None``: derived from the machine).
        what: what it bounds, for messages.
    """

    name: str
    variable: str
    default: int | None
    what: str


def _limit(name: str, default: int | None, what: str) -> Limit:
    """The limit ``name``, overridden by the variable ``MASTERMIND_Q_<NAME>``."""
    return Limit(name, f"MASTERMIND_Q_{name.upper()}", default, what)


LIMITS: dict[str, Limit] = {
    item.name: item
    for item in (
        _limit("max_shots", 1_000_000, "shots"),
        _limit("max_quantum_positions", 4096, "positions"),
        _limit("max_quantum_colors", 1024, "colors"),
        _limit("max_counted_positions", 16384, "positions"),
        _limit("max_counted_colors", 16384, "colors"),
        _limit("max_circuit_gates", 500_000, "two-qubit gates"),
        _limit("max_oracle_executions", 10**10, "oracle applications x shots"),
        _limit("max_memory", None, "bytes of memory"),
        _limit("max_classical_positions", 16_384, "positions"),
        _limit("max_classical_colors", 100_000, "colors"),
        _limit("max_classical_work", 100_000_000, "guesses x n"),
        _limit("max_coin_weighing_work", 5_000_000_000, "guesses x n"),
        _limit("max_static_codes", 1024, "codes"),
        _limit("max_static_other_codes", 81, "codes"),
        _limit("max_static_pair_codes", 100, "codes"),
        _limit("max_static_entries", 400_000_000, "entries"),
        _limit("max_static_bytes", 8 * 2**30, "bytes"),
        _limit("max_grid_values", 1000, "values on a grid axis"),
        _limit("max_grid_rows", 10_000, "rows"),
        _limit("max_samples", 100_000, "samples per row"),
        _limit("max_workers", 64, "worker processes"),
        _limit("max_compare_work", 10_000_000_000, "samples x guesses x n"),
        _limit("max_draw_cells", 250_000, "qubits x operations"),
        _limit("max_draw_pixels", 40_000_000, "pixels"),
        _limit("max_game_seconds", 600, "seconds of one game"),
    )
}
"""Every limit by name."""

_INTEGER = re.compile(r"^\s*([0-9]+)\s*([kKmMgGtT]?)[iI]?[bB]?\s*$")
_SUFFIX = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}


def environment_limit(variable: str, *, suffixes: bool = False) -> int | None:
    """The positive integer in environment variable ``variable``, or ``None`` if unset.

    Every limit variable is read this way: ASCII decimal digits only (no ``_``, no
    other digits Python's ``int`` takes, such as ``'٣'`` or ``'²'``), at most 30 of
    them, surrounding spaces ignored; with ``suffixes``, ``K``, ``M``, ``G``, ``T``
    (powers of 1024) too.

    Raises:
        ValueError: naming the variable and the text.
    """
    text = os.environ.get(variable)
    if text is None or not text.strip():
        return None
    match = _INTEGER.match(text)
    suffix = match.group(2).lower() if match else ""
    if match is None or (suffix and not suffixes) or len(match.group(1)) > 30:
        raise ValueError(f"{variable} must be a positive integer, was {text[:40]!r}")
    value = int(match.group(1)) * _SUFFIX[suffix]
    if value < 1:
        raise ValueError(f"{variable} must be a positive integer, was {text[:40]!r}")
    return value


def _from_environment(item: Limit) -> int | None:
    return environment_limit(item.variable, suffixes=item.name == "max_memory")


ENVIRONMENT_PREFIX = "MASTERMIND_Q_MAX_"
"""The prefix of every limit variable (:data:`LIMITS`, ``MASTERMIND_Q_MAX_OPTIMAL_CODES``)."""


def check_environment() -> None:
    """Read every limit variable that is set (``MASTERMIND_Q_MAX_*``) as
    :func:`environment_limit` reads it, so a bad value is the same one error in every
    command, before any work, whether or not the command reaches that limit.

    Raises:
        ValueError: naming the first bad variable (in name order) and its text.
    """
    memory = LIMITS["max_memory"].variable
    for variable in sorted(os.environ):
        if variable.startswith(ENVIRONMENT_PREFIX):
            environment_limit(variable, suffixes=variable == memory)


def available_memory() -> int:
    """Bytes this process may still allocate: free RAM, capped by ``RLIMIT_AS``."""
    import psutil

    free = int(psutil.virtual_memory().available)
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):  # pragma: no cover - not POSIX
        return free
    if soft != resource.RLIM_INFINITY:
        used = int(psutil.Process().memory_info().vms)
        free = min(free, max(0, soft - used))
    return free


def limit(name: str) -> int:
    """The current value of limit ``name``: its environment variable, else the default.

    Raises:
        ValueError: an unknown name, or an environment variable that is not a positive
            integer (``MASTERMIND_Q_MAX_MEMORY`` also takes ``K``, ``M``, ``G``, ``T``).
    """
    try:
        item = LIMITS[name]
    except KeyError:
        raise ValueError(f"limit must be one of {', '.join(LIMITS)}; was {name!r}") from None
    value = _from_environment(item)
    if value is not None:
        return value
    if item.default is None:  # max_memory
        return available_memory()
    return item.default


def _refuse(name: str, text: str) -> ResourceLimitError:
    """``"<text>, more than the limit L (raise it with VARIABLE)"``."""
    item = LIMITS[name]
    return ResourceLimitError(
        f"{text}, more than the limit {limit(name)} (raise it with {item.variable})"
    )


def limit_error(name: str, text: str) -> ResourceLimitError:
    """The error of a check kept beside the codebreaker it limits:
    ``"<text>, more than the limit L (raise it with VARIABLE)"`` for limit ``name``."""
    return _refuse(name, text)


def _integer(value: Any, label: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{label} must be an integer, was {value!r}")
    return int(value)


def check_shots(shots: Any, *, circuits: int = 1) -> int:
    """Return ``shots`` as an int: a positive integer, ``shots * circuits`` within the limit.

    ``numbers.Integral`` values (numpy integers too) are accepted, ``bool`` is not.

    Raises:
        ValueError: not a positive integer.
        ResourceLimitError: ``shots * circuits`` above ``MASTERMIND_Q_MAX_SHOTS``.
    """
    value = _integer(shots, "shots")
    if value < 1:
        raise ValueError(f"shots must be a positive integer, was {value}")
    if value * circuits > limit("max_shots"):
        if circuits == 1:
            raise _refuse("max_shots", f"shots {value} is too many")
        raise _refuse(
            "max_shots", f"shots {value} x {circuits} circuits = {value * circuits} shots"
        )
    return value


def statevector_bytes(num_qubits: int) -> int:
    """Bytes of a statevector on ``num_qubits`` qubits: ``16 * 2^q``."""
    return STATEVECTOR_BYTES_PER_AMPLITUDE << int(num_qubits)


def _size(num_bytes: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"):
        if num_bytes < 1024 or unit == "EiB":
            return f"{num_bytes:.0f} {unit}" if unit == "B" else f"{num_bytes:.1f} {unit}"
        num_bytes /= 1024
    raise AssertionError  # pragma: no cover


def check_statevector(num_qubits: int, *, what: str = "a statevector") -> None:
    """Refuse a statevector of ``num_qubits`` qubits that does not fit in memory.

    It needs ``16 * 2^q`` bytes times :data:`STATEVECTOR_SAFETY_FACTOR`, compared with
    :func:`available_memory` (or ``MASTERMIND_Q_MAX_MEMORY``).

    Raises:
        ResourceLimitError: naming the qubits, the bytes needed and the memory available.
    """
    q = _integer(num_qubits, "qubits")
    per_amplitude = STATEVECTOR_BYTES_PER_AMPLITUDE * STATEVECTOR_SAFETY_FACTOR
    if q >= 60:  # 32 B x 2^60 = 32 EiB: beyond any machine; powers of two from here
        needed = f"2^{q} x {per_amplitude} B"
    else:
        needed_bytes = statevector_bytes(q) * STATEVECTOR_SAFETY_FACTOR
        if needed_bytes <= limit("max_memory"):
            return
        needed = _size(needed_bytes)
    available = _size(limit("max_memory"))
    raise ResourceLimitError(
        f"{what} on {q} qubits needs {needed} (16 B x 2^{q} x {STATEVECTOR_SAFETY_FACTOR}), "
        f"more than the {available} of memory available "
        f"(raise it with {LIMITS['max_memory'].variable}, or use --backend aer-mps)"
    )


def check_quantum_size(num_positions: int, num_colors: int) -> None:
    """Refuse ``n`` or ``k`` above the quantum-circuit limits.

    Raises:
        ResourceLimitError: ``n`` above ``MASTERMIND_Q_MAX_QUANTUM_POSITIONS`` or ``k``
            above ``MASTERMIND_Q_MAX_QUANTUM_COLORS``.
    """
    if num_positions > limit("max_quantum_positions"):
        raise _refuse("max_quantum_positions", f"positions {num_positions} for quantum circuits")
    if num_colors > limit("max_quantum_colors"):
        raise _refuse("max_quantum_colors", f"colors {num_colors} for quantum circuits")


CIRCUIT_BYTES_PER_QUBIT = 3000
"""Bytes a circuit built and counted takes per qubit while it is built: about 500 for
its registers and 600 for each measured qubit in Qiskit's circuit data, the template it
is copied from and the copy being counted, with a margin (``benchmarks/RESULTS.md``)."""


def check_circuit_size(num_positions: int, num_colors: int) -> None:
    """Refuse ``n`` or ``k`` beyond what the circuit builders accept (circuits counted,
    not run), or circuits whose width would not fit in memory.

    Builders accept sizes up to ``MASTERMIND_Q_MAX_COUNTED_POSITIONS`` and
    ``MASTERMIND_Q_MAX_COUNTED_COLORS`` (and never below the quantum limits of
    :func:`check_quantum_size`, which guard running and synthesising); a circuit of
    ``n q + m`` qubits takes about :data:`CIRCUIT_BYTES_PER_QUBIT` bytes per qubit while
    it is built and counted, compared with :func:`available_memory`
    (``MASTERMIND_Q_MAX_MEMORY``).

    Raises:
        ResourceLimitError: naming the value, the limit and its variable.
    """
    most_n = max(limit("max_counted_positions"), limit("max_quantum_positions"))
    most_k = max(limit("max_counted_colors"), limit("max_quantum_colors"))
    if num_positions > most_n:
        variable = LIMITS["max_counted_positions"].variable
        raise ResourceLimitError(
            f"positions {num_positions} for quantum circuits, more than the limit {most_n} "
            f"(raise it with {variable})"
        )
    if num_colors > most_k:
        variable = LIMITS["max_counted_colors"].variable
        raise ResourceLimitError(
            f"colors {num_colors} for quantum circuits, more than the limit {most_k} "
            f"(raise it with {variable})"
        )
    if num_positions <= limit("max_quantum_positions") and num_colors <= limit(
        "max_quantum_colors"
    ):
        return
    qubits = num_positions * max(1, (num_colors - 1).bit_length()) + num_positions.bit_length()
    needed = qubits * CIRCUIT_BYTES_PER_QUBIT
    if needed > limit("max_memory"):
        raise ResourceLimitError(
            f"circuits on {qubits} qubits (n = {num_positions}, k = {num_colors}) need about "
            f"{_size(needed)} to build and count, more than the "
            f"{_size(limit('max_memory'))} of memory available "
            f"(raise it with {LIMITS['max_memory'].variable})"
        )


def check_circuit_gates(two_qubit_gates: int, *, what: str = "the circuits") -> None:
    """Refuse circuits whose estimated two-qubit gates exceed the limit.

    Raises:
        ResourceLimitError: above ``MASTERMIND_Q_MAX_CIRCUIT_GATES``.
    """
    if two_qubit_gates > limit("max_circuit_gates"):
        raise _refuse("max_circuit_gates", f"{what} need about {two_qubit_gates} two-qubit gates")


def check_oracle_executions(calls: int, shots: int) -> None:
    """Refuse a run whose oracle applications times shots exceed ``max_oracle_executions``.

    Raises:
        ResourceLimitError: naming the count and the limit.
    """
    if calls * shots > limit("max_oracle_executions"):
        raise _refuse(
            "max_oracle_executions",
            f"{calls} oracle applications x {shots} shots = {calls * shots} executions",
        )


def check_classical(method: str, num_positions: int, num_colors: int, guesses: int) -> None:
    """Refuse a classical game too large for this machine.

    Args:
        method: the method name (for the message).
        num_positions: ``n``.
        num_colors: ``k``.
        guesses: the method's worst-case guess count (a bound); the work is
            ``guesses * n`` (each guess is answered in ``O(n)``).

    Raises:
        ResourceLimitError: ``n``, ``k`` or the work above their limits.
    """
    if num_positions > limit("max_classical_positions"):
        raise _refuse("max_classical_positions", f"positions {num_positions} for {method}")
    if num_colors > limit("max_classical_colors"):
        raise _refuse("max_classical_colors", f"colors {num_colors} for {method}")
    work = guesses * num_positions
    if work > limit("max_classical_work"):
        raise _refuse(
            "max_classical_work",
            f"{method} at n={num_positions}, k={num_colors} needs about {guesses} guesses "
            f"x {num_positions} positions = {work}",
        )


def check_code_space(
    method: str,
    num_positions: int,
    num_colors: int,
    max_codes: int,
    *,
    distinct: bool = False,
    limit_name: str = "the limit",
    hint: str = "",
    limit_words: str | None = None,
) -> None:
    """Refuse an enumerating codebreaker when its code space exceeds ``max_codes``.

    The code space is ``k^n`` (``k!/(k-n)!`` when ``distinct``). Its logarithm is
    compared with ``log2(max_codes)`` first, so a huge count is never computed or
    printed.

    Args:
        method: named in the message.
        num_positions: ``n``.
        num_colors: ``k``.
        max_codes: the largest code space allowed.
        distinct: count injections only (the permutation game).
        limit_name: how the message names ``max_codes`` (e.g. ``KNUTH_MAX_CODES``).
        hint: appended to the message (e.g. how to raise the limit).
        limit_words: the limit said in words instead of ``limit_name=max_codes``:
            ``more than {max_codes}, {limit_words}``.

    Raises:
        ResourceLimitError: more than ``max_codes`` codes (the message gives ``k^n``
            exactly up to ``2^64``, beyond as a power of ten).
    """
    n, k = int(num_positions), int(num_colors)
    distinct = distinct and k >= n
    if distinct:
        log2_codes = (math.lgamma(k + 1) - math.lgamma(k - n + 1)) / math.log(2)
        space = f"k!/(k-n)! = {k}!/{k - n}!"
    else:
        log2_codes = n * math.log2(k)
        space = f"k^n = {k}^{n}"
    suffix = f"; {hint}" if hint else ""
    most = f"{max_codes}, {limit_words}" if limit_words else f"{limit_name}={max_codes}"
    if log2_codes <= 64:  # small enough to count exactly
        count = math.perm(k, n) if distinct else k**n
        if count <= max_codes:
            return
        raise ResourceLimitError(
            f"{method} enumerates all codes; {space} = {count}, more than {most}{suffix}"
        )
    magnitude = int(log2_codes * math.log10(2))
    raise ResourceLimitError(
        f"{method} enumerates all codes; {space} (about 10^{magnitude}), more than {most}{suffix}"
    )


def check_grid_values(count: int, name: str) -> None:
    """Refuse a ``compare`` grid axis listing more than ``MASTERMIND_Q_MAX_GRID_VALUES`` values.

    Raises:
        ResourceLimitError: naming the axis and the count.
    """
    if count > limit("max_grid_values"):
        raise _refuse("max_grid_values", f"{name} lists {count} values")


def check_grid_rows(count: int) -> None:
    """Refuse a ``compare`` grid of more than ``MASTERMIND_Q_MAX_GRID_ROWS`` rows.

    Raises:
        ResourceLimitError: naming the count.
    """
    if count > limit("max_grid_rows"):
        raise _refuse("max_grid_rows", f"the grid has {count} rows")


def take_grid_values(values: Any, name: str) -> list[Any]:
    """The values of one ``compare`` grid axis, read no further than the limit.

    An iterator (``itertools.count(1)``) or a huge ``range`` is never materialised:
    at most ``MASTERMIND_Q_MAX_GRID_VALUES + 1`` items are taken.

    Raises:
        ValueError: ``values`` is not an iterable of values (a string, a number).
        ResourceLimitError: more than ``MASTERMIND_Q_MAX_GRID_VALUES`` values.
    """
    import itertools

    if isinstance(values, (str, bytes)):
        raise ValueError(f"{name} must be a list of integers, was {values!r}")
    try:
        iterator = iter(values)
    except TypeError:
        raise ValueError(
            f"{name} must be a list of integers, was {type(values).__name__} {values!r}"
        ) from None
    most = limit("max_grid_values")
    taken = list(itertools.islice(iterator, most + 1))
    if len(taken) > most:
        size = len(values) if isinstance(values, range) else None
        count = f"{size} values" if size is not None else f"{most + 1} or more values"
        raise _refuse("max_grid_values", f"{name} lists {count}")
    return taken


def check_samples(samples: int, name: str = "samples") -> int:
    """Refuse more random secrets per row than ``MASTERMIND_Q_MAX_SAMPLES``.

    Raises:
        ResourceLimitError: naming the value.
    """
    if samples > limit("max_samples"):
        raise _refuse("max_samples", f"{name} {samples} per row is too many")
    return samples


def check_workers(workers: int) -> int:
    """Refuse more local worker processes than ``MASTERMIND_Q_MAX_WORKERS``.

    Raises:
        ResourceLimitError: naming the value.
    """
    if workers > limit("max_workers"):
        raise _refuse("max_workers", f"workers {workers} is too many processes")
    return workers


def check_compare_work(total: int, *, rows: int, samples: int) -> None:
    """Refuse a comparison whose classical rows add up to more than the work limit.

    Args:
        total: samples x guesses x ``n``, summed over the classical rows.
        rows: the classical rows (for the message).
        samples: the samples per row (for the message).

    Raises:
        ResourceLimitError: above ``MASTERMIND_Q_MAX_COMPARE_WORK``.
    """
    if total > limit("max_compare_work"):
        raise _refuse(
            "max_compare_work",
            f"the comparison's {rows} classical rows x {samples} samples need about "
            f"{total:.1e} steps (guesses x n per game)",
        )


def check_game_seconds(what: str, seconds: float) -> None:
    """Refuse a game whose codebreaker's measured cost model says it takes more than
    ``MASTERMIND_Q_MAX_GAME_SECONDS`` (default 600: an admitted game ends in minutes).

    Args:
        what: the game, for the message (``consistent at n=3, k=2000``).
        seconds: the model's estimate (a codebreaker's cost model,
            or a quantum codebreaker's simulation model).

    Raises:
        ResourceLimitError: naming the game, the estimate and the limit.
    """
    if seconds > limit("max_game_seconds"):
        raise _refuse(
            "max_game_seconds",
            f"{what} would take about {seconds:,.0f} s by its measured cost model",
        )


def check_draw_cells(cells: int, *, circuits: int = 1) -> None:
    """Refuse a drawing of more than ``MASTERMIND_Q_MAX_DRAW_CELLS`` qubits x operations.

    Args:
        cells: qubits times operations, summed over the circuits drawn
            (:func:`mastermind_q.drawing.drawing_cells`).
        circuits: how many circuits (for the message).

    Raises:
        ResourceLimitError: naming the cells and the limit.
    """
    if cells > limit("max_draw_cells"):
        what = "the circuit" if circuits == 1 else f"the {circuits} circuits"
        raise _refuse(
            "max_draw_cells", f"drawing {what} lays out {cells} cells (qubits x operations)"
        )


DRAW_INSTEAD = (
    "draw a smaller n or k, fewer opened levels (--decompose), or a .txt or .qasm file instead"
)
"""What a refused image drawing suggests (:func:`check_draw_pixels`)."""


def check_draw_pixels(width: int, height: int, *, circuits: int = 1) -> None:
    """Refuse an image of more than ``MASTERMIND_Q_MAX_DRAW_PIXELS`` pixels, before drawing.

    Args:
        width: the estimated width in pixels of the largest image
            (:func:`mastermind_q.drawing.drawing_size`).
        height: its height.
        circuits: how many circuits (for the message).

    Raises:
        ResourceLimitError: one line naming the size, the limit and what to draw instead.
    """
    if width * height > limit("max_draw_pixels"):
        what = "the circuit" if circuits == 1 else f"the largest of the {circuits} circuits"
        refusal = _refuse(
            "max_draw_pixels",
            f"an image of {what} would be about {width:,} x {height:,} px "
            f"({width * height:,} pixels)",
        )
        raise ResourceLimitError(f"{refusal}; {DRAW_INSTEAD}")
