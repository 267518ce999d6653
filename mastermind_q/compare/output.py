"""Comparison rows as text: a fixed-width table and CSV lines written as rows finish.

A CSV file holds whole rows only: :func:`open_csv_output` creates it with its header
at once (an interrupted sweep leaves a header, never an empty file), and
:func:`write_csv_row` writes each row whole or not at all
(:func:`mastermind_q.files.write_whole`: a full disk cuts the file back to its last
whole row and raises :class:`~mastermind_q.files.OutputWriteError` naming the file).
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
from collections.abc import Iterable, Mapping
from typing import IO, Any

from .rows import CompareRow

__all__ = [
    "CSV_FIELDS",
    "format_table",
    "is_approximate",
    "open_csv_output",
    "write_csv_header",
    "write_csv_row",
]


def is_approximate(method: object) -> bool:
    """A quantum codebreaker that succeeds with probability below 1 even without noise
    (its :attr:`~mastermind_q.Codebreaker.exact` is ``False``): the table labels its
    success probability, the figure its curve."""
    from ..solving import METHODS

    info = METHODS.get(method) if isinstance(method, str) else None
    return info is not None and info.kind == "quantum" and not info.exact


CSV_FIELDS = (
    "n",
    "k",
    "method",
    "kind",
    "setting",
    "feedback",
    "distinct",
    "queries",
    "mean_queries",
    "queries_to_win",
    "mean_queries_to_win",
    "best_worst_method",
    "best_mean_method",
    "source",
    "theory",
    "iterations",
    "samples",
    "solved",
    "success_probability",
    "certified_fraction",
    "executed",
    "seconds",
    "formula",
    "reference",
    "scheme",
)
"""Column order of :func:`write_csv_row` (the fields of :class:`CompareRow`)."""


def _row_dict(row: CompareRow | Mapping[str, Any]) -> dict[str, Any]:
    return row.to_dict() if isinstance(row, CompareRow) else dict(row)


def _csv_line(values: Iterable[Any]) -> str:
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerow(values)
    return text.getvalue()


def write_csv_header(stream: IO[str]) -> None:
    """Write the :data:`CSV_FIELDS` header line to ``stream`` whole and flush.

    Flushed at once, so a sweep stopped before its first row still leaves a CSV file
    with its header.

    Raises:
        mastermind_q.files.OutputWriteError: the line could not be written whole.
    """
    from ..files import write_whole

    write_whole(stream, _csv_line(CSV_FIELDS))


def write_csv_row(stream: IO[str], row: CompareRow | Mapping[str, Any]) -> None:
    """Append ``row`` to ``stream`` as one CSV line (empty cells for ``None``) and flush.

    The line is written whole or not at all (:func:`mastermind_q.files.write_whole`): on
    a full disk the file is cut back to the end of the previous row.

    Raises:
        mastermind_q.files.OutputWriteError: the row could not be written; the file
            holds the rows before it, each whole.
    """
    from ..files import write_whole

    data = _row_dict(row)
    values = ["" if data.get(name) is None else data[name] for name in CSV_FIELDS]
    write_whole(stream, _csv_line(values))


def open_csv_output(
    path: str | os.PathLike[str], *, overwrite: bool = False, force_hint: str = "overwrite=True"
) -> IO[str]:
    """Create the CSV file ``path`` with its header line written at once; return the stream.

    Opened as :func:`mastermind_q.files.open_stream_output` opens it (a regular file,
    never through a link; an existing file only with ``overwrite``). The header is on
    disk before the call returns, so a sweep interrupted before its first row leaves a
    CSV with its header, and a file this call could not finish (the header failed, or
    an interrupt came first) is removed: no empty file is left to refuse a rerun.

    Raises:
        mastermind_q.files.OutputFileError: as ``open_stream_output``.
        mastermind_q.files.OutputWriteError: the header could not be written (the file
            is removed).
    """
    from ..files import OutputWriteError, open_stream_output

    stream = open_stream_output(path, overwrite=overwrite, force_hint=force_hint)
    try:
        write_csv_header(stream)
    except BaseException as error:
        with contextlib.suppress(OSError, ValueError):
            stream.close()
        with contextlib.suppress(OSError):
            os.remove(path)
        if isinstance(error, OutputWriteError):  # say what is left: no file at all
            text = str(error).split("; the file ends with", 1)[0]
            raise OutputWriteError(f"{text}; no file was left", path, errno=error.errno) from error
        raise
    return stream


def _format_number(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.2f}"
    return str(int(value)) if isinstance(value, float) else str(value)


def _game_text(row: Mapping[str, Any]) -> str:
    feedback = str(row.get("feedback") or "black")
    return feedback + (", distinct" if row.get("distinct") else "")


_TABLE_KEYS = ("n", "k", "method", "queries")


PIVOT_WIDTH = 100
"""Characters a line of :func:`format_pivot` aims at; wider grids wrap into blocks."""

_KIND_ORDER = {"quantum": 0, "classical": 1, "bound": 2, "formula": 3}


def _checked_rows(rows: Any) -> list[dict[str, Any]]:
    """``rows`` as dicts, each with the keys a table needs (one error naming the first)."""
    if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Iterable):
        from ..game import shown

        raise ValueError(f"rows must be an iterable of compare rows, was {shown(rows)}")
    data = [_row_dict(row) for row in rows]
    for index, row in enumerate(data):
        missing = [key for key in _TABLE_KEYS if key not in row]
        if missing:
            raise ValueError(
                f"rows[{index}] has no {', '.join(missing)} (a table row needs "
                f"{', '.join(_TABLE_KEYS)})"
            )
    return data


def _pivot_label(row: Mapping[str, Any]) -> str:
    """The method, with its game where it is not the quantum one (black pegs, repetition)."""
    game = []
    if str(row.get("feedback") or "black") != "black":
        game.append(str(row["feedback"]))
    if row.get("distinct"):
        game.append("distinct")
    return str(row["method"]) + (f" ({', '.join(game)})" if game else "")


def format_pivot(
    rows: Iterable[CompareRow | Mapping[str, Any]], *, width: int = PIVOT_WIDTH
) -> str:
    """A compact table of ``rows``: one line per method, one column per ``(n, k)`` cell.

    Each entry is the row's ``queries_to_win`` (worst case over its secrets, the final
    guess included; a bound's or a rate's value as it stands), so the codebreakers of a
    cell read down a column. Lines are grouped by setting (non-adaptive, then adaptive)
    and kind (quantum, classical, bounds, rates); a method played in another game than
    the quantum one (black-white answers, the permutation game) names it. Marks: ``~``
    an approximate quantum method (success probability below 1), ``!`` a game not
    solved, ``-`` no row for that cell. Columns that do not fit in ``width``
    characters continue in a further block. :func:`format_table` is the long form, one
    line per row with means and notes.

    Raises:
        ValueError: a row without ``n``, ``k``, ``method`` or ``queries``.

    Example:
        >>> rows = [{"n": 4, "k": 4, "method": "adaptive", "kind": "quantum",
        ...          "setting": "adaptive", "queries": 2, "queries_to_win": 3},
        ...         {"n": 4, "k": 8, "method": "adaptive", "kind": "quantum",
        ...          "setting": "adaptive", "queries": 4, "queries_to_win": 5}]
        >>> print(format_pivot(rows))
        queries to win             n=4  n=4
                                   k=4  k=8
        adaptive
          adaptive        quantum    3    5
    """
    from .games import SETTING_ORDER as settings

    data = _checked_rows(rows)
    cells = sorted({(row["n"], row["k"]) for row in data})
    lines: dict[tuple[Any, ...], dict[tuple[int, int], str]] = {}
    order: dict[tuple[Any, ...], int] = {}
    for index, row in enumerate(data):
        setting = row.get("setting") or "-"
        kind = str(row.get("kind") or "-")
        label = _pivot_label(row)
        key = (
            settings.index(setting) if setting in settings else len(settings),
            setting,
            _KIND_ORDER.get(kind, len(_KIND_ORDER)),
            label,
            kind,
        )
        order.setdefault(key, index)
        value = row.get("queries_to_win")
        text = _format_number(row["queries"] if value is None else value)
        if isinstance(value, float) and not value.is_integer():
            text = f"{value:.1f}"
        if row.get("kind") == "quantum" and is_approximate(row.get("method")):
            text += "~"
        if row.get("solved") is False:
            text += "!"
        lines.setdefault(key, {})[(row["n"], row["k"])] = text
    keys = sorted(lines, key=lambda key: (key[0], key[2], order[key]))
    label_width = max([len(key[3]) for key in keys] + [14]) + 2
    kind_width = max([len(key[4]) for key in keys] + [4])
    column = max(
        [len(f"n={n}") for n, _ in cells]
        + [len(f"k={k}") for _, k in cells]
        + [len(text) for values in lines.values() for text in values.values()]
    )
    lead = 2 + label_width + kind_width
    per_block = max(1, (width - lead) // (column + 2))
    blocks = []
    for start in range(0, len(cells), per_block):
        chunk = cells[start : start + per_block]
        title = "queries to win" if start == 0 else "queries to win (continued)"
        block = [
            title.ljust(lead) + "".join(f"  {f'n={n}'.rjust(column)}" for n, _ in chunk),
            " " * lead + "".join(f"  {f'k={k}'.rjust(column)}" for _, k in chunk),
        ]
        setting = None
        for key in keys:
            if key[1] != setting:
                setting = key[1]
                block.append(str(setting))
            values = lines[key]
            entries = "".join(f"  {values.get(cell, '-').rjust(column)}" for cell in chunk)
            block.append(f"  {key[3].ljust(label_width)}{key[4].ljust(kind_width)}{entries}")
        blocks.append("\n".join(line.rstrip() for line in block))
    return "\n\n".join(blocks)


def format_table(rows: Iterable[CompareRow | Mapping[str, Any]]) -> str:
    """A fixed-width text table of ``rows``: n, k, method, kind, setting, game, queries,
    mean, notes.

    The notes column says ``theory=...`` and ``T=...`` for quantum rows and the
    ``best-classical`` row of the quantum row's own game and setting (``vs best
    classical 9 (consistent)``) and the success probability ``p`` (labelled
    ``approximate`` for :func:`is_approximate` methods), the sample count for classical
    rows, the formula for bounds (asymptotic rates are marked), the codebreakers behind
    a ``best-classical`` row, ``context`` for rows of a game no quantum codebreaker
    plays (black-white answers, the permutation game), ``counted, not executed`` for
    quantum rows whose circuits were counted without running, and ``NOT SOLVED`` when a
    measured game failed.

    Raises:
        ValueError: a row without ``n``, ``k``, ``method`` or ``queries``.
    """
    from .games import is_context, row_game

    data = _checked_rows(rows)
    best = {
        (row["n"], row["k"], *row_game(row)): row for row in data if row.get("source") == "best"
    }
    header = ("n", "k", "method", "kind", "setting", "game", "queries", "mean", "notes")
    lines = [header]
    for row in data:
        notes = []
        if row.get("kind") == "quantum":
            if row.get("executed") is False:
                notes.append("counted, not executed")
            if row.get("theory") is not None:
                notes.append(f"theory={row['theory']}")
            if row.get("iterations") is not None:
                notes.append(f"T={row['iterations']}")
            if row.get("success_probability") is not None:
                p = f"p={row['success_probability']:.3g}"
                if is_approximate(row.get("method")):
                    p = f"success {p} (approximate)"
                notes.append(p)
            rival = best.get((row["n"], row["k"], *row_game(row)))
            if rival is not None:
                notes.append(
                    f"to win {_format_number(row.get('queries_to_win'))} vs best classical "
                    f"{_format_number(rival['queries'])} ({rival.get('best_worst_method')})"
                )
            if row.get("certified_fraction") is not None:
                mean = _format_number(row.get("mean_queries_to_win"))
                notes.append(
                    f"verified: {mean} to win on average, repairs included; "
                    f"certified {row['certified_fraction']:.2f}"
                )
        elif row.get("source") == "measured":
            notes.append(f"worst/mean of {row.get('samples')} secrets")
            if row.get("scheme") is not None:
                notes.append(f"scheme {row['scheme']}")
        elif row.get("source") == "asymptotic":
            notes.append(f"asymptotic rate, not a count: {row.get('formula')}")
        elif row.get("source") == "best":
            by_worst, by_mean = row.get("best_worst_method"), row.get("best_mean_method")
            notes.append(
                f"worst: {by_worst}" + ("" if by_mean == by_worst else f"; mean: {by_mean}")
            )
        else:
            notes.append(str(row.get("formula")))
        if row.get("kind") in ("quantum", "classical") and row.get("setting") and is_context(row):
            notes.insert(0, "context: not the quantum game")
        if row.get("solved") is False:
            notes.append("NOT SOLVED")
        lines.append(
            (
                str(row["n"]),
                str(row["k"]),
                str(row["method"]),
                str(row["kind"]),
                str(row.get("setting") or "-"),
                _game_text(row) if row.get("setting") else "-",
                _format_number(row["queries"]),
                _format_number(row.get("mean_queries")),
                "; ".join(notes),
            )
        )
    numeric = (0, 1, 6, 7)
    widths = [max(len(line[column]) for line in lines) for column in range(len(header) - 1)]
    text = []
    for line in lines:
        cells = [
            cell.rjust(w) if i in numeric else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(line, widths))
        ]
        text.append("  ".join([*cells, line[-1]]).rstrip())
    return "\n".join(text)
