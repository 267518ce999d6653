"""Grid axes of a comparison: ``4,8``, ``4-8``, ``4:16:4``."""

from __future__ import annotations

import re

__all__ = ["parse_int_list"]

_ITEM = re.compile(r"^[+-]?[0-9]{1,18}([-:][+-]?[0-9]{1,18}){0,2}$")
"""An axis item: plain decimal integers (``int()`` would also take ``1_0``) joined by
``-`` or ``:``."""


def parse_int_list(text: str, name: str = "positions", *, minimum: int = 1) -> tuple[int, ...]:
    """Parse a grid axis: comma separated items, each ``A``, ``A-B`` or ``A:B[:STEP]``.

    ``A-B`` is every integer from ``A`` to ``B`` inclusive; ``A:B:STEP`` is ``A, A+STEP,
    ...`` up to and including ``B`` when it is hit (``STEP`` defaults to 1). The result is
    sorted with duplicates removed: ``"4,6-8,8:16:4"`` gives ``(4, 6, 7, 8, 12, 16)``.

    Args:
        text: the axis specification.
        name: how the axis is named in error messages.
        minimum: the smallest allowed value (1 for positions, 2 for colours).

    Returns:
        The sorted distinct values.

    Raises:
        ValueError: naming the offending item for an empty list, a non-integer, an
            empty or descending range, a step below 1 or a value below ``minimum``.
        mastermind_q.limits.ResourceLimitError: more values than
            ``MASTERMIND_Q_MAX_GRID_VALUES`` (counted before any is built).

    Example:
        >>> parse_int_list("4:16:4", "colors", minimum=2)
        (4, 8, 12, 16)
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"{name} must list integers like 4,8 or 4-8 or 4:16:4, was {text!r}")
    from ..limits import check_grid_values

    ranges: list[tuple[str, range]] = []
    for raw in text.split(","):
        item = raw.strip()
        try:
            if not _ITEM.match(item):
                raise ValueError
            if ":" in item:
                parts = [int(part) for part in item.split(":")]
                if len(parts) not in (2, 3):
                    raise ValueError
                start, stop = parts[0], parts[1]
                step = parts[2] if len(parts) == 3 else 1
            elif "-" in item:
                head, _, tail = item.partition("-")
                start, stop, step = int(head), int(tail), 1
            else:
                start = stop = int(item)
                step = 1
        except ValueError:
            raise ValueError(
                f"{name} item must be N, A-B or A:B[:STEP] with integers, was {item!r}"
            ) from None
        if step < 1:
            raise ValueError(f"{name} range step must be >= 1, was {step} in {item!r}")
        if stop < start:
            raise ValueError(f"{name} range must not descend, was {item!r}")
        if start < minimum:
            raise ValueError(f"{name} must have values >= {minimum}, was {start} in {item!r}")
        ranges.append((item, range(start, stop + 1, step)))
    # count before anything is materialised: 1:100000000 must not build 10^8 values
    check_grid_values(sum(len(values) for _, values in ranges), name)
    return tuple(sorted({value for _, values in ranges for value in values}))
