"""The ``mastermind-q`` commands the README and the documentation pages show, and their
shown output: what ``tests/test_doc_commands.py`` runs.

A page shows a command in one of two shapes:

* a transcript, in a plain, ``console`` or ``bash`` block: a line ``$ mastermind-q ...``
  (continued by a trailing backslash), then what it prints, up to the next ``$`` line or
  the end of the block (no line: its output is not shown);
* a ``bash`` block of command lines (``mastermind-q ...``, or ``printf '...' |
  mastermind-q ...`` to feed it input); when the block holds one command and a plain
  block follows it with nothing but blank lines between, that block is what it prints.

A command without shown output is run and must succeed. ``play`` transcripts show what a
person typed after each prompt (``guess 3: 2,3,5,1``, ``your answer: 1``): those entries
are its input, one per line, as ``play`` reads them when stdin is not a terminal.

Run this file to list the commands: ``python tests/doc_commands.py``.
"""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = "mastermind-q"
SHELLS = {"", "bash", "console", "shell", "sh"}
"""The info strings of the blocks that show commands (empty: a plain block)."""
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")
PROMPTS = re.compile(r"^(?:.*  your answer: |guess \d+: )(?P<entry>.*)$")
"""``play``'s prompts; what follows the last one on a shown line is what was typed."""
OUTSIDE = ("ibm:", "--scheduler")
"""Arguments that reach outside this machine (IBM Quantum, a Dask scheduler)."""


@dataclass(frozen=True)
class Block:
    line: int
    info: str
    lines: tuple[str, ...]
    follows_directly: bool
    """Only blank lines lie between this block and the one before it."""


@dataclass(frozen=True)
class DocCommand:
    """One documented command: where it is shown, what runs, what it should print."""

    page: str
    line: int
    command: str
    argv: tuple[str, ...]
    stdin: str | None
    shown: str | None
    """The output the page shows (``None``: none shown, the command must succeed)."""

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def outside(self) -> bool:
        return any(word.startswith(OUTSIDE) for word in self.argv)


def pages() -> list[Path]:
    """The README and every Markdown page of the documentation sources."""
    found = [ROOT / "README.md"]
    for path in sorted((ROOT / "docs").rglob("*.md")):
        if "_build" not in path.relative_to(ROOT / "docs").parts[:1]:
            found.append(path)
    return found


def blocks(text: str) -> list[Block]:
    """The fenced code blocks of a Markdown text, their indent removed."""
    lines = text.splitlines()
    found: list[Block] = []
    index, last_end = 0, None
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        indent, fence = len(match["indent"]), match["fence"]
        closing = re.compile(rf"^ *{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        end = index + 1
        while end < len(lines) and not closing.match(lines[end]):
            end += 1
        body = tuple(
            line[indent:] if line[:indent].isspace() else line for line in lines[index + 1 : end]
        )
        between = lines[last_end + 1 : index] if last_end is not None else ["x"]
        found.append(
            Block(index + 1, match["info"].strip(), body, not any(s.strip() for s in between))
        )
        last_end = end
        index = end + 1
    return found


def _argv(command: str) -> tuple[tuple[str, ...], str | None] | None:
    """``mastermind-q``'s arguments and the input piped to it, or ``None`` for another
    program (a redirection of its output, ``> rows.json``, is left out)."""
    words = shlex.split(command, comments=True)
    if ">" in words:
        words = words[: words.index(">")]
    stdin = None
    if "|" in words:
        cut = words.index("|")
        source, words = words[:cut], words[cut + 1 :]
        if len(source) != 2 or source[0] != "printf":
            raise ValueError(f"unsupported pipe into {PROGRAM}: {command!r}")
        stdin = source[1].encode().decode("unicode_escape")
    if not words or words[0] != PROGRAM:
        return None
    return tuple(words[1:]), stdin


def _joined(lines: list[str]) -> list[tuple[int, str]]:
    """Lines joined where one ends with a backslash: (offset of the first, text)."""
    joined: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for offset, line in enumerate(lines):
        if pending is not None:
            pending = (pending[0], pending[1] + " " + line.strip())
        else:
            pending = (offset, line)
        if pending[1].endswith("\\"):
            pending = (pending[0], pending[1][:-1].rstrip())
        else:
            joined.append(pending)
            pending = None
    if pending is not None:
        joined.append(pending)
    return joined


def _transcript(page: str, block: Block) -> list[DocCommand]:
    """The ``$ command`` entries of a block, each with the lines up to the next one."""
    found = []
    starts = [i for i, line in enumerate(block.lines) if line.startswith("$ ")]
    for number, start in enumerate(starts):
        stop = starts[number + 1] if number + 1 < len(starts) else len(block.lines)
        head = [block.lines[start][2:]]
        rest = start + 1
        while head[-1].endswith("\\") and rest < stop:
            head.append(block.lines[rest])
            rest += 1
        command = _joined(head)[0][1].strip()
        parsed = _argv(command)
        if parsed is None:
            continue
        argv, stdin = parsed
        shown = "\n".join(block.lines[rest:stop]) or None  # none shown: run it only
        if argv and argv[0] == "play" and stdin is None and shown:
            typed = [m["entry"] for line in shown.splitlines() if (m := PROMPTS.search(line))]
            stdin = "".join(f"{entry}\n" for entry in typed)
        found.append(DocCommand(page, block.line + 1 + start, command, argv, stdin, shown))
    return found


def commands(path: Path) -> list[DocCommand]:
    """The ``mastermind-q`` commands one page shows, in order."""
    page = path.relative_to(ROOT).as_posix()
    found: list[DocCommand] = []
    shown_blocks = blocks(path.read_text(encoding="utf-8"))
    for number, block in enumerate(shown_blocks):
        if block.info not in SHELLS:
            continue
        if any(line.startswith("$ ") for line in block.lines):
            found += _transcript(page, block)
            continue
        if block.info != "bash":
            continue
        here = []
        for offset, text in _joined(list(block.lines)):
            parsed = _argv(text) if text.strip() else None
            if parsed is not None:
                argv, stdin = parsed
                command = text.split(" #", 1)[0].strip()
                here.append(DocCommand(page, block.line + 1 + offset, command, argv, stdin, None))
        after = shown_blocks[number + 1] if number + 1 < len(shown_blocks) else None
        if (
            len(here) == 1
            and after is not None
            and after.info == ""
            and after.follows_directly
            and not any(line.startswith("$ ") for line in after.lines)
        ):
            only = here[0]
            here = [
                DocCommand(
                    only.page,
                    only.line,
                    only.command,
                    only.argv,
                    only.stdin,
                    "\n".join(after.lines),
                )
            ]
        found += here
    return found


def help_examples() -> list[DocCommand]:
    """The examples of every ``mastermind-q COMMAND --help``, which the command-line
    reference (``docs/cli.rst``) shows too; ``line`` numbers them within the command."""
    from mastermind_q.cli import build_parser

    parser = build_parser()
    (subparsers,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    found = []
    for name, command in subparsers.choices.items():
        epilog = command.epilog or ""
        if "examples:" not in epilog:
            continue
        lines = [line.strip() for line in epilog.split("examples:", 1)[1].splitlines()]
        for number, text in enumerate(filter(None, lines), 1):
            parsed = _argv(text)
            if parsed is not None:
                found.append(
                    DocCommand(f"docs/cli.rst ({name} --help)", number, text, *parsed, None)
                )
    return found


def every_command() -> list[DocCommand]:
    """Every page's commands, then the examples of the command-line reference."""
    return [command for path in pages() for command in commands(path)] + help_examples()


if __name__ == "__main__":
    found = every_command()
    for command in found:
        mark = "compared" if command.shown is not None else "run"
        if command.outside:
            mark = "outside"
        print(f"{command.where:42} {mark:9} {command.command}")
    compared = sum(c.shown is not None for c in found)
    print(
        f"{len(found)} commands in {len({c.page for c in found})} pages,",
        f"{compared} with shown output",
        file=sys.stderr,
    )
