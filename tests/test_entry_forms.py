"""The shared entry forms: the quantum codebreakers' decorator and the lazy package names."""

from __future__ import annotations

import inspect
import subprocess
import sys

import pytest

import mastermind_q
from mastermind_q import quantum
from mastermind_q._lazy_exports import LazyExports
from mastermind_q.quantum._solver import EXECUTION_ARGUMENT, quantum_solver

SOLVERS = [quantum.solve_nonadaptive, quantum.solve_triples, quantum.solve_two_color]
SOLVERS += [quantum.solve_adaptive, quantum.solve_hunziker_meyer]


@pytest.mark.parametrize("solver", SOLVERS, ids=lambda solver: solver.__name__)
def test_every_codebreaker_has_the_public_form(solver):
    parameters = inspect.signature(solver).parameters
    assert list(parameters) == ["codemaker", "backend", "shots", "seed", "execution"]
    assert all(p.kind is p.KEYWORD_ONLY and p.default is None for p in [*parameters.values()][1:])
    assert solver.__module__.startswith("mastermind_q.quantum.")
    doc = solver.__doc__
    assert doc.count("        execution:") == 1
    seed_entry = doc.index("        seed:")
    assert doc.index(EXECUTION_ARGUMENT) > seed_entry
    assert "        seed:" not in doc[seed_entry + 1 : doc.index(EXECUTION_ARGUMENT)]


def test_the_decorator_checks_the_codemaker_first():
    with pytest.raises(TypeError, match="Codemaker"):
        quantum.solve_adaptive("not a codemaker", backend="no-such-backend")


def test_the_decorator_needs_a_seed_entry():
    def run(codemaker, n, k, execution):
        """A codebreaker.

        Args:
            codemaker: the codemaker.
        """

    with pytest.raises(ValueError, match="must document seed"):
        quantum_solver(run)


def test_a_lazy_name_is_loaded_once_and_bound():
    exports = LazyExports("mastermind_q", {"black": "game", "nothing": "game"})
    assert exports.load("black") is vars(mastermind_q)["black"]
    assert "black" in exports.names() and "nothing" in exports.names()
    with pytest.raises(AttributeError, match="module 'mastermind_q' has no attribute 'other'"):
        exports.load("other")


def test_the_command_line_keeps_its_main_function():
    code = (
        "import mastermind_q.cli as cli; cli.build_parser; "
        "assert callable(cli.main) and cli.main.__module__ == 'mastermind_q.cli.main'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
