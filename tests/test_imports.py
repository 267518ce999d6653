"""The modules of mastermind_q import one way: no import circle, lazy imports included.

Every module under ``mastermind_q/`` is parsed with :mod:`ast`; all its imports count
(module level, inside functions, under ``TYPE_CHECKING``). A package is its
``__init__``: importing the package is an edge to its ``__init__``, and the names its
``__init__`` re-exports are edges from it to its modules. ``from P import x`` is an
edge to the module ``P.x`` when that module exists, else to ``P``.
"""

from __future__ import annotations

import ast
import functools
import graphlib
from pathlib import Path

import pytest

import mastermind_q

PACKAGE_ROOT = Path(mastermind_q.__file__).resolve().parent
PACKAGE = "mastermind_q"


def _module_names() -> dict[str, Path]:
    """Module name -> file, a package named by its ``__init__.py``."""
    modules = {}
    for path in sorted(PACKAGE_ROOT.rglob("*.py")):
        parts = (PACKAGE, *path.relative_to(PACKAGE_ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that module ``name`` (file ``path``) imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                targets.add(submodule if submodule in modules else source)
    return {target for target in targets if target in modules and target != name}


@functools.cache
def _parsed_graph() -> dict[str, frozenset[str]]:
    modules = _module_names()
    return {name: frozenset(_imported(name, path, modules)) for name, path in modules.items()}


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (the files are parsed once a session)."""
    return {name: set(targets) for name, targets in _parsed_graph().items()}


def import_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (``a -> b -> ... -> a``, importer first), or ``None``."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as error:
        return list(reversed(error.args[1]))
    return None


def test_the_graph_sees_lazy_and_relative_imports():
    graph = import_graph()
    assert "mastermind_q.quantum.outcome" in graph["mastermind_q.solving"]  # a lazy import
    assert "mastermind_q.compare.running" in graph["mastermind_q.compare"]  # a re-export
    assert "mastermind_q.game" in graph["mastermind_q.compare.running"]  # from ..game
    assert "mastermind_q.compare.rows" in graph["mastermind_q.compare.executors"]
    assert "mastermind_q.quantum.plans" in graph["mastermind_q.quantum.decoding"]


def test_a_circle_is_found_and_named():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    circle = import_circle(graph)
    assert circle is not None and circle[0] == circle[-1] and set(circle) == {"a", "b", "c"}
    assert all(circle[i + 1] in graph[circle[i]] for i in range(len(circle) - 1))
    assert import_circle({"a": {"b"}, "b": set()}) is None


def test_no_import_circle():
    circle = import_circle(import_graph())
    assert circle is None, f"import circle: {' -> '.join(circle or [])}"


@pytest.mark.parametrize(
    ("lower", "upper"),
    [
        ("mastermind_q.quantum", "mastermind_q.solving"),
        ("mastermind_q.compare.executors", "mastermind_q.compare.running"),
        ("mastermind_q.solving", "mastermind_q.compare"),
    ],
)
def test_lower_layers_do_not_reach_up(lower, upper):
    graph = import_graph()
    reached = {upper} | {name for name in graph if name.startswith(upper + ".")}
    seen, todo = set(), [name for name in graph if name == lower or name.startswith(lower + ".")]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph[name])
    assert not seen & reached, f"{lower} reaches {sorted(seen & reached)}"


def _modules_keying_on(names: set[str]) -> dict[str, set[str]]:
    """For each name, the package modules holding a string constant equal to it."""
    where: dict[str, set[str]] = {name: set() for name in names}
    for module, path in _module_names().items():
        for node in ast.walk(_parsed(path)):
            if isinstance(node, ast.Constant) and node.value in where:
                where[node.value].add(module)
    return where


@functools.cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_a_builtin_name_is_code_in_at_most_three_modules():
    """A built-in lives on its object: its name is a code constant in its own module, the
    registry and at most one more (``adaptive`` is also a setting's name, left out)."""
    from mastermind_q.codebreaker import _BUILTINS, SETTINGS

    names = set(_BUILTINS) - set(SETTINGS)
    assert len(names) == len(_BUILTINS) - 1  # only "adaptive" is left out
    where = _modules_keying_on(names)
    for name in names:
        own = _BUILTINS[name][1].partition(":")[0]
        assert {own, "mastermind_q.codebreaker"} <= where[name], name
        assert len(where[name]) <= 3, (name, sorted(where[name]))
