"""Python API fuzz: wrong types and values are one clear ValueError or TypeError.

One table of invalid inputs -- ``None``, strings, floats, ``nan``, ``inf``, ``bool``,
negative numbers, ``10**30`` and objects of the wrong kind -- is tried on the public
functions (``__all__`` of :mod:`mastermind_q` and its subpackages, and the documented
API; the table of calls is ``tests/data/api_fuzz_calls.json``), one parameter at a time,
the other arguments valid. Each call must raise a ``ValueError`` (or a ``TypeError`` for
a wrong type) whose message is one line naming the parameter or the value, within
:data:`TIME_LIMIT` seconds: never an ``AttributeError``, ``OverflowError``,
``IndexError``, ``KeyError``, a Qiskit ``CircuitError``, a ``MemoryError`` or a hang, and
never an answer.

Not here: :mod:`mastermind_q.classical.static`, :mod:`mastermind_q.compare`,
:mod:`mastermind_q.playing` and ``decode_counts``, whose inputs have their own tests.
"""

from __future__ import annotations

import importlib
import json
import math
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from qiskit import QuantumCircuit

TIME_LIMIT = 20.0
"""Seconds a refused call may take (wall clock; the refusals take milliseconds)."""

NAN, INF, HUGE = math.nan, math.inf, 10**30


class Junk:
    """An object of no kind any function takes."""

    def __repr__(self) -> str:
        return "<junk>"


JUNK = Junk()

INTEGERS = {
    "None": None,
    "str": "3",
    "float": 2.5,
    "nan": NAN,
    "inf": INF,
    "bool": True,
    "negative": -1,
    "object": JUNK,
}
"""Bad values of a required integer (``10**30`` is a fine number of colours)."""
SIZES = {**INTEGERS, "huge": HUGE}
"""Bad values of a size that sets the work or the memory: ``10**30`` must be refused."""
OPTIONAL_INTEGERS = {key: value for key, value in INTEGERS.items() if value is not None}
"""Bad values of an integer that may be ``None`` (its default)."""
OPTIONAL_SIZES = {key: value for key, value in SIZES.items() if value is not None}
"""Bad values of a size that may be ``None`` (its default)."""
FLAGS = {
    "str-no": "no",
    "str-False": "False",
    "int-0": 0,
    "int-1": 1,
    "nan": NAN,
    "None": None,
    "numpy-bool": np.bool_(True),
}
"""Bad values of a boolean: only ``True`` and ``False`` are booleans."""
SEEDS = {
    "object": JUNK,
    "nan": NAN,
    "str": "3",
    "negative": -1,
    "huge": HUGE,
    "float": 2.0,
    "bool": True,
}
"""Bad seeds (``validate_seed``: an integer ``0 <= seed < 2^63`` or ``None``)."""
CODEMAKERS = {"None": None, "str": "x", "int": 3, "tuple": (0, 1), "object": JUNK}
"""What is not a codemaker."""
CODES = {
    "None": None,
    "str": "01",
    "set": {0, 1},
    "dict": {0: 0, 1: 1},
    "bytes": b"\x00\x01",
    "holds-None": [0, None],
    "holds-float": [0, 1.5],
    "holds-negative": [0, -1],
    "holds-nan": [0, NAN],
    "empty": [],
    "object": JUNK,
}
"""What is not a code of a 2-position, 2-colour game."""
COLOURS = {
    "negative": -1,
    "nan": NAN,
    "inf": INF,
    "bool": True,
    "str": "a",
    "None": None,
}
"""Bad colours."""
GAME_COLOURS = {**COLOURS, "huge": HUGE}
"""Bad colours of a game whose ``k`` is known (or bounded by the classical limit)."""
GATES = {"None": None, "str": "x", "int": 3, "object": JUNK, "circuit": QuantumCircuit(2)}
"""What is not the oracle (a two-qubit circuit is not one of any game here)."""
NAMES = {"None": None, "int": 3, "unknown": "nope", "object": JUNK}
"""Bad names (methods, constructions, feedback, backends)."""
LABELS = {"int": 5, "object": JUNK, "bytes": b"B_s"}
"""Bad labels of a gate (a string or ``None``)."""


CIRCUITS = {"None": None, "str": "x", "int": 3, "object": JUNK}
"""What is not a circuit (or a list of circuits)."""
VALUE_SETS = {
    name: globals()[name]
    for name in (
        *("INTEGERS", "SIZES", "OPTIONAL_INTEGERS", "OPTIONAL_SIZES", "FLAGS", "SEEDS"),
        *("CODEMAKERS", "CODES", "COLOURS", "GAME_COLOURS", "GATES", "NAMES", "LABELS"),
        "CIRCUITS",
    )
}
"""The bad values a row of the table names."""
OBJECTS = {"one-qubit circuit": lambda: QuantumCircuit(1)}
"""Valid arguments the table names (``{"object": name}``): made anew for each function."""

CALLS = Path(__file__).parent / "data" / "api_fuzz_calls.json"
"""The table: per function, how it is called, its valid arguments and, per parameter
tried, the name of its bad values (``{"values": name, "without": [keys]}``: all but
those). ``"codemaker"`` (``"oracle"``): the call's first argument is that game's
codemaker (oracle), unless the row gives one; lists are tuples."""


def _maker(secret=(0, 1), colors=2, **options):
    from mastermind_q import Codemaker

    return Codemaker(secret, colors, **options)


def _oracle(secret=(0, 1), colors=2, **options):
    return _maker(secret, colors).oracle(**options)


def _run(circuits: Any = "circuit", **options: Any) -> Any:
    maker = _maker()
    if circuits == "circuit":
        circuit = QuantumCircuit(1, 1)
        circuit.measure(0, 0)
        circuits = [circuit]
    return maker.run(circuits, **options)


WRAPPERS = {"measured_run": _run}
"""Calls of the table that are no public name: ``Codemaker.run`` of one measured circuit."""


def _plain(value: Any) -> Any:
    """A value of the table's file as Python: lists are tuples, objects are made."""
    if isinstance(value, list):
        return tuple(_plain(item) for item in value)
    if isinstance(value, dict):
        return OBJECTS[value["object"]]()
    return value


def _values(spec: str | dict[str, Any]) -> dict[str, Any]:
    """The bad values a row names: a value set, or one less some of its keys."""
    if isinstance(spec, str):
        return VALUE_SETS[spec]
    values = VALUE_SETS[spec["values"]]
    assert set(spec["without"]) <= set(values), spec
    return {key: value for key, value in values.items() if key not in spec["without"]}


def _call(entry: dict[str, Any]) -> Callable[..., Any]:
    """The callable of a row: a public name, or a wrapper, given its codemaker or oracle."""
    module, _, attribute = entry["call"].rpartition(":")
    if not module:
        return WRAPPERS[attribute]
    call: Any = importlib.import_module(module)
    for part in attribute.split("."):
        call = getattr(call, part)
    if "codemaker" in entry:
        game = {key: _plain(value) for key, value in entry["codemaker"].items()}
        return lambda codemaker="maker", **kw: call(
            _maker(**game) if codemaker == "maker" else codemaker, **kw
        )
    if "oracle" in entry:
        options = {key: _plain(value) for key, value in entry["oracle"].items()}
        method = options.pop("method", "oracle")
        game = {key: options.pop(key) for key in ("secret", "colors") if key in options}
        return lambda oracle="oracle", **kw: call(
            getattr(_maker(**game), method)(**options) if oracle == "oracle" else oracle, **kw
        )
    return call


def _rows() -> list[tuple[str, str, Callable[..., Any], dict[str, Any], dict[str, Any]]]:
    """``(function, parameter, call, valid arguments, bad values)``, from :data:`CALLS`."""
    rows = []
    for entry in json.loads(CALLS.read_text(encoding="utf-8")):
        call = _call(entry)
        valid = {key: _plain(value) for key, value in entry["valid"].items()}
        rows += [
            (entry["name"], parameter, call, valid, _values(spec))
            for parameter, spec in entry["bad"].items()
        ]
    return rows


def _cases() -> list[Any]:
    """One case per (function, parameter): its bad values are tried in turn."""
    return [
        pytest.param(call, valid, parameter, values, id=f"{function}-{parameter}")
        for function, parameter, call, valid, values in _rows()
    ]


class _Hang(BaseException):
    """Raised by the alarm: a call ran past :data:`TIME_LIMIT`."""


def _within_time_limit(call: Callable[[], Any]) -> Any:
    def on_alarm(*_: Any) -> None:
        raise _Hang(f"no answer within {TIME_LIMIT} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    try:
        return call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _named(parameter: str, value: Any, message: str) -> bool:
    """Whether ``message`` names the parameter (``num_`` aside) or the value."""
    short = parameter.removeprefix("num_").rstrip("s")
    return short in message or repr(value) in message or type(value).__name__ in message


def _refusal_problem(call: Callable[..., Any], arguments: dict[str, Any], parameter: str) -> str:
    """What is wrong with how ``call(**arguments)`` refuses its bad ``parameter`` (``""``:
    nothing, one clear ``ValueError`` or ``TypeError``)."""
    value = arguments[parameter]
    try:
        answer = _within_time_limit(lambda: call(**arguments))
    except (ValueError, TypeError) as error:
        message = str(error)
        if not message or "\n" in message:
            return f"not one line: {message!r}"
        if "has no attribute" in message or "object is not" in message:
            return f"an internal error: {message!r}"
        if not _named(parameter, value, message):
            return f"names neither the parameter nor the value: {message!r}"
        return ""
    except (Exception, _Hang) as error:
        return f"{type(error).__name__}: {error}"
    return f"answered {answer!r}"


@pytest.mark.parametrize(("call", "valid", "parameter", "values"), _cases())
def test_a_bad_argument_is_one_clear_error(call, valid, parameter, values):
    """Each bad value of ``parameter`` in turn, the other arguments valid."""
    problems = {
        label: _refusal_problem(call, {**valid, parameter: value}, parameter)
        for label, value in values.items()
    }
    assert not any(problems.values()), {label: text for label, text in problems.items() if text}


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda c: c(9, 10, max_codes=NAN), id="all_codes-9x10-nan"),
        pytest.param(lambda c: c(9, 10, max_codes=INF), id="all_codes-9x10-inf"),
        pytest.param(lambda c: c(9, 10, max_codes=2.0e9), id="all_codes-9x10-float"),
    ],
)
def test_the_code_space_guard_cannot_be_switched_off(call):
    from mastermind_q.classical import all_codes

    with pytest.raises(ValueError, match="max_codes must be an integer"):
        _within_time_limit(lambda: call(all_codes))


def test_the_valid_calls_of_the_table_answer():
    """The table's valid arguments are valid: each row fails only by its bad value."""
    seen = set()
    for function, _, call, valid, _ in _rows():
        if function in seen:
            continue
        seen.add(function)
        if function in ("oracle_inverse", "count_oracle_calls", "reveal_circuit"):
            continue  # their valid argument is built below
        _within_time_limit(lambda call=call, valid=valid: call(**valid))
    from mastermind_q.circuits import oracle_inverse

    assert oracle_inverse(_oracle()).name == "B_s_dg"


def test_every_solver_takes_a_numpy_seed_like_validate_seed():
    """One seed rule: ``np.int64(3)`` is a seed everywhere ``validate_seed`` says so."""
    from mastermind_q.classical import solve_permutation
    from mastermind_q.classical.consistent import solve_consistent
    from mastermind_q.classical.optimal import solve_optimal
    from mastermind_q.game import validate_seed

    seed = np.int64(3)
    assert validate_seed(seed) == 3
    assert solve_consistent(_maker((1, 0), 2), seed=seed) == (1, 0)
    assert solve_optimal(_maker((1, 0), 2), seed=seed) == (1, 0)
    assert solve_permutation(_maker((2, 0, 1), 3, distinct=True), seed=seed) == (2, 0, 1)


def test_the_oracle_cost_refuses_what_the_builders_refuse():
    """The construction (synthesis) stops at the quantum limits; its cost formula, which
    sizes the codemaker's opaque gate in counted circuits, at the counted limits."""
    from mastermind_q.circuits import black_peg_oracle, black_peg_oracle_cost
    from mastermind_q.limits import limit

    n = limit("max_quantum_positions") + 1
    with pytest.raises(ValueError, match=f"positions {n} for quantum circuits"):
        black_peg_oracle((0,) * n, 2)
    assert black_peg_oracle_cost(n, 2).qubits >= n  # counted circuits are built this wide
    counted = limit("max_counted_positions") + 1
    with pytest.raises(ValueError, match=f"positions {counted} for quantum circuits"):
        black_peg_oracle_cost(counted, 2)
    with pytest.raises(ValueError, match="score_qubits must be at most 64, was 65"):
        black_peg_oracle_cost(3, 2, score_qubits=65)
    assert black_peg_oracle_cost(3, 2, score_qubits=64).qubits == 3 + 64


def test_strings_are_not_booleans_so_the_game_stays_the_one_asked():
    """``distinct='no'`` played the distinct game (6 codes instead of 9 at 2 x 3)."""
    from mastermind_q.classical import all_codes, count_codes

    assert count_codes(2, 3) == 9 and count_codes(2, 3, distinct=True) == 6
    for attempt in (
        lambda: count_codes(2, 3, distinct="no"),
        lambda: all_codes(2, 3, distinct="no"),
    ):
        with pytest.raises(ValueError, match="distinct must be True or False, was 'no'"):
            attempt()


# -- refusals a fuzz campaign found: ValueError naming the value, never a raw error ----
def _refusals():
    from mastermind_q.classical.permutation import permutation_query_bound
    from mastermind_q.classical.static import exact_play_available, static_query_count
    from mastermind_q.compare import compare, format_table
    from mastermind_q.resources import circuit_resources, count_circuits

    return {
        "static_query_count(10**400, 3)": lambda: static_query_count(10**400, 3),
        "permutation_query_bound(10**400, 10**400)": lambda: permutation_query_bound(
            10**400, 10**400
        ),
        "exact_play_available('x', 3)": lambda: exact_play_available("x", 3),
        "exact_play_available(3, None)": lambda: exact_play_available(3, None),
        "exact_play_available(3, 3, 'nope')": lambda: exact_play_available(3, 3, "nope"),
        "compare(methods=[[1]])": lambda: compare([3], [3], methods=[[1]], samples=2),
        "format_table(None)": lambda: format_table(None),
        "count_circuits([1])": lambda: count_circuits([1], oracle_calls=0),
        "count_circuits(oracle_calls=-1)": lambda: count_circuits([], oracle_calls=-1),
        "circuit_resources(seed=-1)": lambda: circuit_resources(
            "oracle", num_positions=2, colors=2, seed=-1
        ),
    }


@pytest.mark.parametrize("call", list(_refusals()))
def test_fuzzed_arguments_are_refused_with_a_value_error(call):
    with pytest.raises(ValueError) as refused:
        _refusals()[call]()
    assert type(refused.value) is not OverflowError


def test_compare_takes_numpy_integer_samples_as_ints():
    import numpy as np

    from mastermind_q.compare import compare

    plain = compare([3], [4], samples=2, formulas=False)
    numpy_count = compare([3], [4], samples=np.int64(2), formulas=False)
    assert [row.method for row in numpy_count.rows] == [row.method for row in plain.rows]


def test_a_long_value_is_shortened_in_the_message():
    from mastermind_q import Codemaker
    from mastermind_q.game import validate_feedback

    with pytest.raises(ValueError) as refused:
        validate_feedback("x" * 5000)
    assert len(str(refused.value)) < 200 and "… (5002 characters)" in str(refused.value)
    with pytest.raises(ValueError) as refused:
        Codemaker((0, 1), colors=2).black((0,) * 5000)
    assert len(str(refused.value)) < 200
