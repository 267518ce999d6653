"""Decoding measured counts or exact probabilities into the secret and per-position weights.

Bitstrings are read with clbit 0 rightmost. The pair methods decode along their plan
(:mod:`mastermind_q.quantum.plans`); ``two-color`` reads the secret directly;
``adaptive`` and ``hunziker-meyer`` take the heaviest valid code of their colour
registers (``n ceil(log2 k)`` bits).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from .plans import _decode_pair_answers

__all__ = ["decode_counts", "position_weights"]


def _majority(distribution: Mapping[str, float], *, normalise: bool) -> tuple[str, float]:
    """The heaviest outcome (smallest key on ties) and its weight (or fraction)."""
    if not distribution:
        raise ValueError("a circuit returned no outcomes")
    key = max(sorted(distribution), key=lambda item: distribution[item])
    total = float(sum(distribution.values())) if normalise else 1.0
    return key.replace(" ", ""), float(distribution[key]) / total


def _bits(key: str, num_positions: int) -> tuple[int, ...]:
    """Bitstring (clbit 0 rightmost) -> bits ``(b_0, ..., b_{n-1})``."""
    if len(key) != num_positions or set(key) - {"0", "1"}:
        raise ValueError(f"outcome must be {num_positions} bits, was {key!r}")
    return tuple(int(bit) for bit in reversed(key))


def _check_counts(counts: object) -> None:
    """``counts`` is a list of ``{bitstring: finite number}`` dicts, each of positive weight.

    Raises:
        ValueError: naming the first thing that is not (before any arithmetic on it).
    """
    if isinstance(counts, (str, bytes, Mapping)) or not isinstance(counts, Sequence):
        raise ValueError(
            f"counts must be a list of dicts, one per circuit, was {type(counts).__name__}"
        )
    for index, circuit_counts in enumerate(counts):
        if not isinstance(circuit_counts, Mapping):
            text = repr(circuit_counts)
            text = text if len(text) <= 40 else text[:37] + "..."
            raise ValueError(f"counts[{index}] must be a dict of bitstring -> count, was {text}")
        total = 0.0
        for key, value in circuit_counts.items():
            if not isinstance(key, str) or not key or set(key) - {"0", "1", " "}:
                raise ValueError(f"counts[{index}] has a key that is not a bitstring: {key!r}")
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"counts[{index}][{key!r}] must be a number, was {value!r}")
            try:
                weight = float(value)
            except OverflowError:  # an int beyond the floats (10**400)
                raise ValueError(
                    f"counts[{index}][{key!r}] is too large, an integer of {len(str(value))} digits"
                ) from None
            if not math.isfinite(weight):
                raise ValueError(f"counts[{index}][{key!r}] must be finite, was {value!r}")
            total += weight
        if not math.isfinite(total):
            raise ValueError(f"counts[{index}] add up to more than a float holds ({total})")
        if not total > 0:
            raise ValueError(
                f"counts[{index}] has no weight (total {total}): no shots were counted"
            )


def _decode(
    plan: Sequence[tuple[int, ...]],
    distributions: Sequence[Mapping[str, float]],
    *,
    num_positions: int,
    colors: int,
    normalise: bool,
) -> tuple[tuple[int, ...], list[float]]:
    """Each circuit's majority answer, decoded along the pair ``plan``."""
    majorities = [_majority(dist, normalise=normalise) for dist in distributions]
    answers = [_bits(key, num_positions) for key, _ in majorities]
    fractions = [fraction for _, fraction in majorities]
    return _decode_pair_answers(plan, answers, colors), fractions


def _readout(method: object) -> Any:
    """The codebreaker named ``method``, which must name a read-out
    (:meth:`~mastermind_q.quantum._solver.QuantumCodebreaker.readout_plan`)."""
    from ..codebreaker import METHODS

    return METHODS.find(method, lambda known: hasattr(known, "readout_plan"))


def _clamp(probability: float, floor: float) -> float:
    return min(max(probability, floor), 1.0 - floor)


def position_weights(
    method: str,
    distributions: Sequence[Mapping[str, float]],
    *,
    num_positions: int,
    colors: int,
) -> tuple[tuple[float, ...], ...]:
    """Per position, a normalised weight for every colour, from all the shots taken.

    The shot statistics of each circuit are reduced to per-position marginals, and the
    colours of a position are weighted by how well they explain them:

    * ``nonadaptive``, ``triples``: with ``f_ij(b)`` the fraction of circuit ``j``'s
      shots whose bit ``i`` is ``b``, colour ``c`` gets
      ``w_i(c) ~ prod_j f_ij(sig_c[j])`` (``sig_c`` the colour's signature along the plan,
      :func:`decode_pair_answers`), the likelihood of the shots if the circuits erred
      independently per bit;
    * ``two-color``: ``w_i(c) = f_i(c)``, the fraction of shots with bit ``i = c``;
    * ``adaptive``: ``w_i(c)`` the fraction of shots whose register ``i`` reads ``c``
      (values ``>= k`` dropped).

    Every fraction is clamped to ``[eps, 1 - eps]`` (``eps = 0.5 / (shots + 1)`` for
    counts, ``1e-12`` for exact probabilities) so no colour is ruled out by sampling
    alone; weights are then normalised per position. For one circuit the weight of the
    majority bit is the vote margin: the fraction of shots agreeing with it.

    Cost: ``O(outcomes * n * circuits + n * k * circuits)``.

    Args:
        method: ``nonadaptive``, ``triples``, ``two-color`` or ``adaptive``.
        distributions: counts (ints) or exact probabilities, one per circuit, in plan
            order; keys are bitstrings, clbit 0 rightmost.
        num_positions: ``n``.
        colors: ``k``.

    Returns:
        ``n`` tuples of ``k`` weights summing to 1.

    Raises:
        ValueError: unknown method or malformed outcomes.

    Example:
        >>> weights = position_weights("two-color", [{"01": 90, "11": 10}],
        ...                            num_positions=2, colors=2)
        >>> [round(w[1], 2) for w in weights]  # bit 0 is 1 in all shots, bit 1 in 10%
        [1.0, 0.1]
    """
    from ..game import validate_colors

    breaker = _readout(method)
    colors = validate_colors(colors)
    return _position_weights(
        breaker.readout_plan(colors), distributions, num_positions=num_positions, colors=colors
    )


def _position_weights(
    plan: Sequence[tuple[int, ...]] | None,
    distributions: Sequence[Mapping[str, float]],
    *,
    num_positions: int,
    colors: int,
) -> tuple[tuple[float, ...], ...]:
    """:func:`position_weights` for a read-out: the pair ``plan``, or ``None`` for the
    measured colour registers."""
    n = num_positions
    if plan is None:
        from ..circuits.layout import _color_qubits

        q = _color_qubits(colors)
        mask = (1 << q) - 1
        tallies = [[0.0] * colors for _ in range(n)]
        total = 0.0
        for key, weight in distributions[0].items():
            value = int(key.replace(" ", ""), 2)
            total += float(weight)
            for position in range(n):
                color = (value >> (position * q)) & mask
                if color < colors:
                    tallies[position][color] += float(weight)
        marginals = [[tally / total if total else 0.0 for tally in row] for row in tallies]
        floor = _floor(distributions[0])
        return tuple(_normalise([_clamp(f, floor) for f in row]) for row in marginals)
    signatures = [tuple(int(color in pair) for pair in plan) for color in range(colors)]
    ones: list[list[float]] = []  # ones[j][i]: fraction of circuit j's shots with bit i = 1
    floors = []
    for distribution in distributions:
        row = [0.0] * n
        total = 0.0
        for key, weight in distribution.items():
            bits = _bits(key.replace(" ", ""), n)
            total += float(weight)
            for position, bit in enumerate(bits):
                if bit:
                    row[position] += float(weight)
        ones.append([value / total if total else 0.5 for value in row])
        floors.append(_floor(distribution))
    weights = []
    for position in range(n):
        row = []
        for signature in signatures:
            likelihood = 1.0
            for j, wanted in enumerate(signature):
                one = _clamp(ones[j][position], floors[j])
                likelihood *= one if wanted else 1.0 - one
            row.append(likelihood)
        weights.append(_normalise(row))
    return tuple(weights)


def _floor(distribution: Mapping[str, float]) -> float:
    """The clamp ``eps``: ``0.5 / (shots + 1)`` for counts, ``1e-12`` for probabilities."""
    if all(isinstance(value, int) for value in distribution.values()):
        return 0.5 / (sum(distribution.values()) + 1)
    return 1e-12


def _normalise(row: Sequence[float]) -> tuple[float, ...]:
    total = sum(row)
    return tuple(value / total for value in row)


def decode_counts(
    method: str,
    counts: Sequence[Mapping[str, float]],
    *,
    num_positions: int,
    colors: int,
) -> tuple[tuple[int, ...], list[float]]:
    """Decode sampled counts (or mitigated quasi-probabilities) into the secret.

    Each circuit's answer is its heaviest bitstring (clbit 0 rightmost): the most
    frequent one for counts, the one of largest quasi-probability for the floats that
    readout-error mitigation returns (``mitigate=True``; they sum to 1 and may be
    negative: the majority is by weight). The pair answers are decoded with
    :func:`decode_pair_answers` along the method's plan (:func:`nonadaptive_plan`,
    :func:`triple_plan`); ``two-color`` reads the secret directly.

    Args:
        method: ``nonadaptive``, ``triples``, ``two-color``, ``adaptive`` or
            ``hunziker-meyer`` (one circuit each, its colour registers measured: the
            heaviest valid code, every outcome ``n ceil(log2 k)`` bits).
        counts: one dict per circuit, in plan order: bitstring -> count (int) or
            quasi-probability (float).
        num_positions: ``n``.
        colors: ``k``.

    Returns:
        ``(secret, fractions)``: the decoded secret and, per circuit, the weight of that
        circuit's answer divided by the total weight (the fraction of shots for counts).

    Raises:
        ValueError: unknown method, ``n`` or ``k`` that are not integers in range (the
            limits of a run, :func:`mastermind_q.limits.check_quantum_size`), wrong
            number of circuits, counts that are not a list of bitstring -> number
            dicts, a count too large for a float, a circuit with no weight (all counts
            zero), outcomes of the wrong width.

    Example:
        >>> decode_counts("triples", [{"011": 9, "111": 1}, {"110": 10}],
        ...               num_positions=3, colors=4)
        ((1, 2, 3), [0.9, 1.0])
        >>> decode_counts("two-color", [{"01": 0.75, "11": 0.3, "00": -0.05}],
        ...               num_positions=2, colors=2)
        ((1, 0), [0.75])
    """
    from ..game import validate_colors, validate_positions
    from ..limits import check_quantum_size

    breaker = _readout(method)
    name = breaker.name
    num_positions = validate_positions(num_positions)
    colors = validate_colors(colors)
    check_quantum_size(num_positions, colors)
    _check_counts(counts)
    plan = breaker.readout_plan(colors)
    if plan is None:
        if len(counts) != 1:
            raise ValueError(f"method {name!r} runs 1 circuit, got {len(counts)}")
        _check_register_width(counts[0], num_positions=num_positions, colors=colors)
        found, fraction = _adaptive_answer(counts[0], num_positions=num_positions, colors=colors)
        return found, [fraction]
    if len(counts) != len(plan):
        circuits = "1 circuit" if len(plan) == 1 else f"{len(plan)} circuits"
        if len(plan) == 1:
            raise ValueError(f"{name} decodes one circuit, got {len(counts)}")
        raise ValueError(f"method {name!r} with k={colors} runs {circuits}, got {len(counts)}")
    return _decode(plan, counts, num_positions=num_positions, colors=colors, normalise=True)


def _check_register_width(
    distribution: Mapping[str, float], *, num_positions: int, colors: int
) -> None:
    """Every outcome has the ``n ceil(log2 k)`` bits of the colour registers."""
    from ..circuits.layout import _color_qubits

    width = num_positions * _color_qubits(colors)
    for key in distribution:
        bits = key.replace(" ", "")
        if len(bits) != width:
            shown = bits if len(bits) <= 40 else bits[:37] + "..."
            raise ValueError(
                f"outcome {shown!r} has {len(bits)} bits; the colour registers of n = "
                f"{num_positions}, k = {colors} have {width}"
            )


def _adaptive_code(key: str, *, num_positions: int, colors: int) -> tuple[int, ...] | None:
    """Decode a measured bitstring (clbit 0 rightmost) into a code; ``None`` if a colour >= k."""
    from ..circuits.layout import _color_qubits

    q = _color_qubits(colors)
    value = int(key, 2)
    mask = (1 << q) - 1
    code = tuple((value >> (position * q)) & mask for position in range(num_positions))
    return code if all(color < colors for color in code) else None


def _adaptive_answer(
    distribution: Mapping[str, float],
    *,
    num_positions: int,
    colors: int,
    normalise: bool = True,
) -> tuple[tuple[int, ...], float]:
    """The most weighted valid code of a distribution or counts, and its weight.

    ``normalise``: divide by the total weight (counts); exact distributions are not.
    """
    weights: dict[tuple[int, ...], float] = {}
    for key, weight in distribution.items():
        code = _adaptive_code(key, num_positions=num_positions, colors=colors)
        if code is not None:
            weights[code] = weights.get(code, 0.0) + float(weight)
    if not weights:
        raise ValueError(f"no valid code among the measured outcomes {sorted(distribution)}")
    total = float(sum(distribution.values())) if normalise else 1.0
    found = max(weights, key=lambda code: (weights[code], tuple(-c for c in code)))
    return found, weights[found] / total
