"""Python API fuzz: wrong types and values are one clear ValueError or TypeError.

One table of invalid inputs -- ``None``, strings, floats, ``nan``, ``inf``, ``bool``,
negative numbers, ``10**30`` and objects of the wrong kind -- is tried on the public
functions (``__all__`` of :mod:`mastermind_q` and its subpackages, and the documented
API), one parameter at a time, the other arguments valid. Each call must raise a
``ValueError`` (or a ``TypeError`` for a wrong type) whose message is one line naming
the parameter or the value, within :data:`TIME_LIMIT` seconds: never an
``AttributeError``, ``OverflowError``, ``IndexError``, ``KeyError``, a Qiskit
``CircuitError``, a ``MemoryError`` or a hang, and never an answer.

Not here: :mod:`mastermind_q.classical.static`, :mod:`mastermind_q.compare`,
:mod:`mastermind_q.playing` and ``decode_counts``, whose inputs have their own tests.
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable
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


def _maker(secret=(0, 1), colors=2, **options):
    from mastermind_q import Codemaker

    return Codemaker(secret, colors, **options)


def _oracle(secret=(0, 1), colors=2, **options):
    return _maker(secret, colors).oracle(**options)


def _rows() -> list[tuple[str, str, Callable[..., Any], dict[str, Any], dict[str, Any]]]:
    """``(function, parameter, call, valid arguments, bad values)``."""
    import mastermind_q as mq
    from mastermind_q import circuits, classical, game, quantum
    from mastermind_q.circuits import hunziker_meyer
    from mastermind_q.classical import consistent, optimal
    from mastermind_q.codemaker import count_oracle_calls, reveal_circuit

    def table(function, call, valid, /, **bad):
        return [(function, parameter, call, valid, values) for parameter, values in bad.items()]

    def with_oracle(builder, make):
        return lambda oracle="oracle", **kw: builder(make() if oracle == "oracle" else oracle, **kw)

    def with_maker(solver, make):
        return lambda codemaker="maker", **kw: solver(
            make() if codemaker == "maker" else codemaker, **kw
        )

    rows = []
    add = rows.extend
    # -- the package ----------------------------------------------------------------
    add(
        table(
            "Codemaker",
            mq.Codemaker,
            {"secret": (0, 1), "colors": 2},
            secret=CODES,
            colors=INTEGERS,
            distinct=FLAGS,
            feedback=NAMES,
        )
    )
    add(table("black", mq.black, {"secret": (0, 1), "guess": (1, 1)}, secret=CODES, guess=CODES))
    add(
        table(
            "black_white",
            mq.black_white,
            {"secret": (0, 1), "guess": (1, 1)},
            secret=CODES,
            guess=CODES,
        )
    )
    add(
        table(
            "play",
            lambda codemaker="maker", **kw: mq.play(
                _maker() if codemaker == "maker" else codemaker, **kw
            ),
            {"method": "blackpeg"},
            codemaker=CODEMAKERS,
            method=NAMES,
            seed=SEEDS,
            verify=FLAGS,
            shots=OPTIONAL_INTEGERS,
        )
    )
    add(
        table(
            "solve",
            mq.solve,
            {"secret": (0, 1), "colors": 2, "method": "blackpeg"},
            secret=CODES,
            colors=SIZES,
            method=NAMES,
            seed=SEEDS,
            verify=FLAGS,
            distinct={key: value for key, value in FLAGS.items() if value is not None},
            feedback={key: value for key, value in NAMES.items() if value is not None},
        )
    )
    # -- the game's validators ----------------------------------------------------------
    add(table("validate_seed", game.validate_seed, {"seed": 1}, seed=SEEDS))
    add(table("validate_colors", game.validate_colors, {"colors": 3}, colors=INTEGERS))
    add(table("validate_positions", game.validate_positions, {"positions": 3}, positions=INTEGERS))
    add(table("validate_flag", game.validate_flag, {"value": True, "name": "flag"}, value=FLAGS))
    # -- the codemaker ------------------------------------------------------------------------
    add(
        table(
            "Codemaker.black",
            lambda guess: _maker().black(guess),
            {"guess": (1, 1)},
            guess=CODES,
        )
    )
    add(
        table(
            "Codemaker.oracle",
            lambda **kw: _maker().oracle(**kw),
            {},
            score_qubits=OPTIONAL_SIZES,
            construction=NAMES,
        )
    )
    add(
        table(
            "Codemaker.run",
            lambda circuits="circuit", **kw: _run(circuits, **kw),
            {"backend": "aer"},
            circuits={"None": None, "str": "x", "int": 3, "object": JUNK},
            backend=NAMES,
            shots=OPTIONAL_INTEGERS,
            seed=SEEDS,
        )
    )
    add(
        table(
            "count_oracle_calls",
            count_oracle_calls,
            {"circuit": QuantumCircuit(1)},
            circuit={"None": None, "str": "x", "int": 3, "object": JUNK},
        )
    )
    add(
        table(
            "reveal_circuit",
            reveal_circuit,
            {"circuit": QuantumCircuit(1), "secret": (0, 1), "colors": 2},
            circuit={"None": None, "str": "x", "object": JUNK},
            secret=CODES,
            colors=INTEGERS,
        )
    )
    # -- circuits ---------------------------------------------------------------------------
    for name in ("color_qubits", "paper_phase", "uniform_preparation"):
        add(table(name, getattr(circuits, name), {"colors": 3}, colors=INTEGERS))
    add(
        table(
            "exact_grover_parameters",
            circuits.exact_grover_parameters,
            {"colors": 3},
            colors=SIZES,
        )
    )
    add(table("score_qubits", circuits.score_qubits, {"positions": 3}, positions=INTEGERS))
    add(
        table(
            "two_color_score_qubits",
            circuits.two_color_score_qubits,
            {"num_positions": 3},
            num_positions=INTEGERS,
        )
    )
    add(
        table(
            "position_qubits",
            circuits.position_qubits,
            {"position": 0, "colors": 3},
            position=INTEGERS,
            colors=INTEGERS,
        )
    )
    add(
        table(
            "score_qubit_indices",
            circuits.score_qubit_indices,
            {"positions": 2, "colors": 3},
            positions=INTEGERS,
            colors=INTEGERS,
        )
    )
    add(
        table(
            "layout_registers",
            circuits.layout_registers,
            {"num_positions": 2, "colors": 3},
            num_positions=SIZES,
            colors=SIZES,
            num_qubits=OPTIONAL_SIZES,
            score_width=OPTIONAL_SIZES,
        )
    )
    add(
        table(
            "score_phase",
            circuits.score_phase,
            {"num_score_qubits": 2, "phi": 0.5},
            num_score_qubits=SIZES,
        )
    )
    add(table("diffusion", circuits.diffusion, {"colors": 3, "phi": 0.5}, colors=INTEGERS))
    add(table("oracle_inverse", circuits.oracle_inverse, {"oracle": None}, oracle=GATES))
    add(
        table(
            "black_peg_oracle",
            circuits.black_peg_oracle,
            {"secret": (0, 1), "colors": 2},
            secret=CODES,
            colors=SIZES,
            construction=NAMES,
            score_qubits=OPTIONAL_SIZES,
        )
    )
    add(
        table(
            "BlackPegOracleGate",
            circuits.BlackPegOracleGate,
            {"secret": (0, 1), "colors": 3},
            secret=CODES,
            colors=SIZES,
            construction={key: value for key, value in NAMES.items() if value is not None},
            score_qubits=OPTIONAL_SIZES,
            ancillas=OPTIONAL_SIZES,
            dagger=FLAGS,
            label=LABELS,
        )
    )
    add(
        table(
            "ParityOracleGate",
            circuits.ParityOracleGate,
            {"secret": (0, 1), "colors": 2},
            secret=CODES,
            colors=SIZES,
            label=LABELS,
        )
    )
    add(
        table(
            "black_peg_oracle_cost",
            circuits.black_peg_oracle_cost,
            {"num_positions": 2, "colors": 2},
            num_positions=SIZES,
            colors=SIZES,
            construction=NAMES,
            score_qubits=OPTIONAL_SIZES,
        )
    )
    add(
        table(
            "find_two_color_circuit",
            lambda oracle="oracle", **kw: circuits.find_two_color_circuit(
                _oracle() if oracle == "oracle" else oracle, **kw
            ),
            {"c1": 0, "c2": 1, "num_positions": 2, "colors": 2},
            oracle=GATES,
            c1=GAME_COLOURS,
            c2=GAME_COLOURS,
            num_positions=SIZES,
            colors=SIZES,
            measure=FLAGS,
            score_qubits=OPTIONAL_SIZES,
        )
    )
    add(
        table(
            "two_color_oracle",
            lambda oracle="oracle", **kw: circuits.two_color_oracle(
                _oracle() if oracle == "oracle" else oracle, **kw
            ),
            {"c1": 0, "c2": 1, "num_positions": 2, "colors": 2},
            oracle=GATES,
            c1=GAME_COLOURS,
            c2=GAME_COLOURS,
            num_positions=SIZES,
            colors=SIZES,
            score_qubits=OPTIONAL_SIZES,
        )
    )
    add(
        table(
            "two_color_circuit",
            lambda oracle="oracle", **kw: circuits.two_color_circuit(
                _oracle(score_qubits=2) if oracle == "oracle" else oracle, **kw
            ),
            {"num_positions": 2},
            oracle=GATES,
            num_positions=SIZES,
            measure=FLAGS,
            score_qubits=OPTIONAL_SIZES,
        )
    )
    for name in ("grover_iteration", "phase_oracle"):
        add(
            table(
                name,
                with_oracle(getattr(circuits, name), lambda: _oracle((0, 1), 3)),
                {"num_positions": 2, "colors": 3, "phi": 0.5},
                oracle=GATES,
                num_positions=SIZES,
                colors=SIZES,
            )
        )
    add(
        table(
            "adaptive_circuit",
            lambda oracle="oracle", **kw: circuits.adaptive_circuit(
                _oracle((0, 1), 3) if oracle == "oracle" else oracle, **kw
            ),
            {"num_positions": 2, "colors": 3},
            oracle=GATES,
            num_positions=SIZES,
            colors=SIZES,
            measure=FLAGS,
        )
    )
    add(
        table(
            "two_color_count",
            circuits.two_color_count,
            {"secret": (0, 1), "c1": 0, "c2": 1, "x_bits": (0, 1)},
            secret=CODES,
            c1=COLOURS,
            c2=COLOURS,
            x_bits=CODES,
        )
    )
    add(
        table(
            "two_color_positions",
            circuits.two_color_positions,
            {"secret": (0, 1), "c1": 0, "c2": 1},
            secret=CODES,
            c1=GAME_COLOURS,
            c2=GAME_COLOURS,
            colors=OPTIONAL_INTEGERS,
        )
    )
    add(
        table(
            "parity_distance",
            hunziker_meyer.parity_distance,
            {"secret": (0, 1), "query": (1, 1)},
            secret=CODES,
            query=CODES,
        )
    )
    add(
        table(
            "parity_oracle",
            hunziker_meyer.parity_oracle,
            {"secret": (0, 1), "colors": 2},
            secret=CODES,
            colors=INTEGERS,
        )
    )
    add(
        table(
            "hunziker_meyer_circuit",
            lambda oracle="oracle", **kw: hunziker_meyer.hunziker_meyer_circuit(
                _maker((0, 1), 5).parity_oracle() if oracle == "oracle" else oracle, **kw
            ),
            {"num_positions": 2, "colors": 5},
            oracle=GATES,
            num_positions=SIZES,
            colors=INTEGERS,
            measure=FLAGS,
        )
    )
    # -- classical ----------------------------------------------------------------------------
    add(
        table(
            "all_codes",
            classical.all_codes,
            {"num_positions": 2, "colors": 3},
            num_positions=SIZES,
            colors=SIZES,
            distinct=FLAGS,
            max_codes={key: value for key, value in INTEGERS.items() if key != "huge"},
        )
    )
    add(
        table(
            "count_codes",
            classical.count_codes,
            {"num_positions": 2, "colors": 3},
            num_positions=SIZES,
            colors=INTEGERS,
            distinct=FLAGS,
        )
    )
    add(
        table(
            "AdversaryCodemaker",
            classical.AdversaryCodemaker,
            {"num_positions": 2, "colors": 3},
            num_positions=SIZES,
            colors=SIZES,
            distinct=FLAGS,
            max_codes={key: value for key, value in INTEGERS.items() if key != "huge"},
            feedback=NAMES,
        )
    )
    for name in (
        "blackpeg_query_bound",
        "permutation_query_bound",
        "permutation_worst_case_bound",
    ):
        add(
            table(
                name,
                getattr(classical, name),
                {"num_positions": 3, "colors": 3},
                num_positions=INTEGERS,
                colors=INTEGERS,
            )
        )
    add(
        table(
            "cyclic_shift_code",
            classical.cyclic_shift_code,
            {"shift": 0, "num_positions": 3, "colors": 3},
            shift=INTEGERS,
            num_positions=SIZES,
            colors=INTEGERS,
        )
    )
    add(
        table(
            "optimal_worst_case",
            classical.optimal_worst_case,
            {"n": 2, "k": 2},
            n=INTEGERS,
            k=INTEGERS,
            feedback=NAMES,
            distinct=FLAGS,
        )
    )
    solvers = {
        "solve_blackpeg": (classical.solve_blackpeg, {}),
        "solve_knuth": (classical.solve_knuth, {}),
        "solve_random_consistent": (classical.solve_random_consistent, {}),
        "solve_permutation": (classical.solve_permutation, {"distinct": True}),
        "solve_optimal": (optimal.solve_optimal, {}),
        "solve_consistent": (consistent.solve_consistent, {}),
    }
    for name, (solver, options) in solvers.items():
        secret, colors = ((0, 1, 2), 3) if options else ((0, 1), 2)
        add(
            table(
                name,
                with_maker(solver, lambda _a=(secret, colors), _o=options: _maker(*_a, **_o)),
                {},
                codemaker=CODEMAKERS,
                seed=SEEDS,
            )
        )
    # -- quantum ------------------------------------------------------------------------------
    quantum_solvers = {
        "solve_two_color": ((0, 1), 2),
        "solve_nonadaptive": ((0, 1), 3),
        "solve_triples": ((0, 1), 3),
        "solve_adaptive": ((0, 1), 3),
        "solve_hunziker_meyer": ((0, 1), 5),
    }
    for name, game_size in quantum_solvers.items():
        add(
            table(
                name,
                with_maker(getattr(quantum, name), lambda _a=game_size: _maker(*_a)),
                {"backend": "aer-statevector", "shots": None, "seed": None},
                codemaker=CODEMAKERS,
            )
        )
    for name in ("nonadaptive_plan", "triple_plan", "triple_query_count"):
        add(table(name, getattr(quantum, name), {"colors": 5}, colors=SIZES))
    add(
        table(
            "method_plan",
            quantum.method_plan,
            {"method": "nonadaptive", "colors": 5},
            method=NAMES,
            colors=SIZES,
        )
    )
    for name in ("estimate_run", "check_run"):
        add(
            table(
                name,
                getattr(quantum, name),
                {"name": "nonadaptive", "num_positions": 2, "num_colors": 3},
                name=NAMES,
                num_positions=SIZES,
                num_colors=SIZES,
            )
        )
    add(
        table(
            "choose_oracle_construction",
            quantum.choose_oracle_construction,
            {"backend": "aer", "num_positions": 2, "colors": 3},
            backend=NAMES,
            num_positions=SIZES,
            colors=SIZES,
            score_qubits=OPTIONAL_SIZES,
        )
    )
    return rows


def _run(circuits: Any, **options: Any) -> Any:
    maker = _maker()
    if circuits == "circuit":
        circuit = QuantumCircuit(1, 1)
        circuit.measure(0, 0)
        circuits = [circuit]
    return maker.run(circuits, **options)


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
