"""Tests for mastermind_q.counting: oracle applications counted in every form, or refused."""

from __future__ import annotations

import pytest
from qiskit import QuantumCircuit
from qiskit.circuit import AnnotatedOperation, ForLoopOp, Gate, PowerModifier

from mastermind_q.counting import (
    ORACLE_NAME,
    OracleCountError,
    count_oracle_calls,
)


def named_oracle(width: int = 2) -> Gate:
    """A stand-in gate named ``B_s`` (counting by name does not look inside)."""
    body = QuantumCircuit(width)
    body.cx(0, 1)
    gate = body.to_gate()
    gate.name = ORACLE_NAME
    return gate


def on(width: int, *operations) -> QuantumCircuit:
    circuit = QuantumCircuit(width)
    for operation in operations:
        circuit.append(operation, range(operation.num_qubits))
    return circuit


def test_nested_gates_and_inverse_uses():
    oracle = named_oracle()
    wrapped = on(2, oracle).to_gate(label="wrapper")
    circuit = QuantumCircuit(2)
    circuit.h(0)
    circuit.append(wrapped, [0, 1])
    circuit.append(oracle.inverse(), [0, 1])
    circuit.mcx([0], 1)
    assert count_oracle_calls(circuit) == 2


def test_nested_for_loops_multiply():
    oracle = named_oracle()
    inner = QuantumCircuit(2)
    inner.for_loop(range(3), None, on(2, oracle, oracle.inverse()), [0, 1], [])
    circuit = QuantumCircuit(2)
    circuit.for_loop((0, 5), None, inner, [0, 1], [])
    assert count_oracle_calls(circuit) == 2 * 3 * 2


@pytest.mark.parametrize(("power", "calls"), [(3, 3), (-2, 2), (0, 0), (2.0, 2)])
def test_annotated_powers_count_abs_p(power, calls):
    circuit = on(2, named_oracle().power(power, annotated=True))
    assert count_oracle_calls(circuit) == calls


def test_annotated_modifiers_compose():
    oracle = named_oracle()
    twice_then_controlled = oracle.power(2, annotated=True).control(2).inverse()
    circuit = on(4, twice_then_controlled)
    assert count_oracle_calls(circuit) == 2
    composite = on(2, oracle, oracle).to_gate()
    assert count_oracle_calls(on(3, composite.control(1, annotated=True).power(3))) == 6


def test_controlled_known_oracle_counts_once():
    """``control()`` unrolls the definition; the base gate still names the oracle."""
    controlled = named_oracle().control(1)
    assert ORACLE_NAME not in controlled.definition.count_ops()
    assert count_oracle_calls(on(3, controlled)) == 1


def test_repeat_box_and_user_subclass():
    oracle = named_oracle()
    assert count_oracle_calls(on(2, oracle.repeat(4))) == 4
    boxed = QuantumCircuit(2)
    with boxed.box():
        boxed.append(oracle, [0, 1])
    assert count_oracle_calls(boxed) == 1

    class Hidden(Gate):
        """A user's gate whose definition, built on demand, applies the oracle."""

        def __init__(self) -> None:
            super().__init__("hidden", 2, [])

        def _define(self) -> None:
            self._definition = on(2, oracle, oracle)

    assert count_oracle_calls(on(2, Hidden())) == 2


def _loop_body(oracle: Gate, *, exit_name: str | None = None) -> QuantumCircuit:
    body = QuantumCircuit(2, 1)
    body.append(oracle, [0, 1])
    if exit_name == "break":
        body.break_loop()
    elif exit_name == "continue":
        body.continue_loop()
    return body


@pytest.mark.parametrize(
    ("build", "reason"),
    [
        (
            lambda c, body: c.while_loop((c.clbits[0], 0), body, [0, 1], [0]),
            "while_loop holding the oracle",
        ),
        (
            lambda c, body: c.if_test((c.clbits[0], 1), body, [0, 1], [0]),
            "inside a branch of if_else",
        ),
        (
            lambda c, body: c.for_loop(
                range(2), None, _loop_body(named_oracle(), exit_name="break"), [0, 1], [0]
            ),
            "can break or continue",
        ),
        (
            lambda c, body: c.for_loop(
                range(2), None, _loop_body(named_oracle(), exit_name="continue"), [0, 1], [0]
            ),
            "can break or continue",
        ),
    ],
)
def test_run_time_control_flow_is_refused(build, reason):
    circuit = QuantumCircuit(2, 1)
    build(circuit, _loop_body(named_oracle()))
    with pytest.raises(OracleCountError, match=reason):
        count_oracle_calls(circuit)


def test_switch_and_non_integer_power_are_refused():
    circuit = QuantumCircuit(2, 1)
    with circuit.switch(circuit.clbits[0]) as case, case(0):
        circuit.append(named_oracle(), [0, 1])
    with pytest.raises(OracleCountError, match="switch_case"):
        count_oracle_calls(circuit)
    half = on(2, AnnotatedOperation(named_oracle(), PowerModifier(0.5)))
    with pytest.raises(OracleCountError, match=r"power 0\.5"):
        count_oracle_calls(half)
    assert issubclass(OracleCountError, ValueError)


def test_control_flow_without_the_oracle_is_fine():
    body = QuantumCircuit(2, 1)
    body.h(0)
    circuit = QuantumCircuit(2, 1)
    circuit.while_loop((circuit.clbits[0], 0), body, [0, 1], [0])
    circuit.append(named_oracle(), [0, 1])
    assert count_oracle_calls(circuit) == 1


def test_subclasses_that_would_see_the_real_oracle_are_refused():
    """A circuit or loop subclass's own methods would run on the substituted oracle."""

    class Spy(QuantumCircuit):
        pass

    spy = Spy(2)
    spy.append(named_oracle(), [0, 1])
    with pytest.raises(OracleCountError, match="Spy \\(a QuantumCircuit subclass\\)"):
        count_oracle_calls(spy)
    plain = on(2, spy.to_gate())  # to_gate copies the data into a plain definition
    assert count_oracle_calls(plain) == 1

    class Loop(ForLoopOp):
        pass

    circuit = QuantumCircuit(2)
    circuit.append(Loop(range(2), None, on(2, named_oracle())), [0, 1])
    with pytest.raises(OracleCountError, match="of type Loop"):
        count_oracle_calls(circuit)


def test_a_for_loop_over_anything_but_a_range_or_tuple_is_refused():
    oracle = named_oracle()
    loop = ForLoopOp((0, 1), None, on(2, oracle))
    loop.params[0] = [0, 1, 2]  # a list set by hand: len() is not what a simulator loops
    forged = QuantumCircuit(2)
    forged.append(loop, [0, 1])
    with pytest.raises(OracleCountError, match="range or a tuple"):
        count_oracle_calls(forged)


@pytest.mark.parametrize("power", [True, "2", 2.5, float("inf"), 1 + 0j])
def test_powers_that_are_not_plain_integers_are_refused(power):
    from qiskit.circuit import AnnotatedOperation, PowerModifier

    circuit = on(2, AnnotatedOperation(named_oracle(), PowerModifier(power)))
    with pytest.raises(OracleCountError, match="power"):
        count_oracle_calls(circuit)


# -- a codebreaker that copies the codemaker plays counted, or not at all ---------------
_REFUSED = "cannot be copied or pickled"


def _one_application(oracle: Gate) -> QuantumCircuit:
    """x = (1, 1, 1) into one application of ``oracle`` (k = 2), the score measured."""
    width = oracle.num_qubits
    circuit = QuantumCircuit(width)
    circuit.x(range(3))
    circuit.append(oracle, range(width))
    circuit.measure_all()
    return circuit


def _refused(attempt, *args) -> bool:
    """Whether ``attempt(*args)`` is refused with the copy ``TypeError``."""
    try:
        attempt(*args)
    except TypeError as error:
        assert _REFUSED in str(error), error
        return True
    return False


def _reconstruct(reduced):
    """What ``copy`` and ``pickle`` would build from a ``__reduce_ex__`` value."""
    import copy

    return copy._reconstruct(None, None, *reduced)


def _copy_attempts():
    """name -> attempt(maker): what a codebreaker might try to get an uncounted codemaker."""
    import copy
    import pickle

    attempts = {
        "copy": copy.copy,
        "deepcopy": copy.deepcopy,
        "deepcopy of vars": lambda maker: copy.deepcopy(vars(maker)),
        "pickle of vars": lambda maker: pickle.dumps(vars(maker)),
        "copy of __dict__ values": lambda maker: [copy.deepcopy(v) for v in vars(maker).values()],
        "deepcopy of a bound run": lambda maker: copy.deepcopy(getattr(maker, "run", maker.answer)),
        "pickle of a bound black": lambda maker: pickle.dumps(maker.black),
        "pickle of a bound oracle": lambda maker: pickle.dumps(
            getattr(maker, "oracle", maker.black_white)
        ),
        "__getstate__": lambda maker: maker.__getstate__(),
        "__reduce__": lambda maker: _reconstruct(maker.__reduce__()),
    }
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        attempts[f"pickle {protocol}"] = lambda maker, p=protocol: pickle.loads(
            pickle.dumps(maker, protocol=p)
        )
        attempts[f"__reduce_ex__({protocol})"] = lambda maker, p=protocol: _reconstruct(
            maker.__reduce_ex__(p)
        )
        attempts[f"object.__reduce_ex__({protocol})"] = lambda maker, p=protocol: _reconstruct(
            object.__reduce_ex__(maker, p)
        )
    return attempts


COPY_ATTEMPTS = _copy_attempts()


def _makers():
    from mastermind_q.classical import AdversaryCodemaker
    from mastermind_q.codemaker import Codemaker
    from mastermind_q.playing import WatchedCodemaker

    return {
        "Codemaker": lambda: Codemaker((1, 0, 1), 2),
        "AdversaryCodemaker": lambda: AdversaryCodemaker(3, 2, distinct=False),
        "WatchedCodemaker": lambda: WatchedCodemaker((1, 0, 1), 2, lambda *_: None),
    }


@pytest.mark.parametrize("kind", list(_makers()))
@pytest.mark.parametrize("name", list(COPY_ATTEMPTS))
def test_every_way_to_copy_a_codemaker_is_refused(kind, name):
    """copy, deepcopy, pickle, __reduce_ex__, __getstate__, copies of its bound methods
    and of its state: refused with one TypeError, on every kind of codemaker."""
    maker = _makers()[kind]()
    maker.black((0, 0, 0))
    assert _refused(COPY_ATTEMPTS[name], maker), name
    assert maker.queries == 1


def _public_reach(root):
    """Every object reached from ``root`` through names that do not start with ``_``:
    ``vars()`` entries, properties, items of tuples, lists and dicts."""
    seen, todo, reached = set(), [root], []
    while todo:
        value = todo.pop()
        if id(value) in seen or isinstance(value, (str, int, float, bool, type(None))):
            continue
        seen.add(id(value))
        reached.append(value)
        if isinstance(value, dict):
            todo.extend(v for k, v in value.items() if not str(k).startswith("_"))
            continue
        if isinstance(value, (tuple, list, set, frozenset)):
            todo.extend(value)
            continue
        for key, item in getattr(value, "__dict__", {}).items():
            if not key.startswith("_"):
                todo.append(item)
        for key in dir(type(value)):
            if not key.startswith("_") and isinstance(getattr(type(value), key), property):
                try:
                    todo.append(getattr(value, key))
                except Exception:  # a property that refuses, e.g. Qiskit's on an opaque gate
                    continue
    return reached


def test_no_public_attribute_leads_to_the_secret_or_the_real_oracle():
    """A walk through vars() and properties avoiding underscore names, after a game with
    circuits run: neither the secret object nor an oracle with a definition is reached."""
    from mastermind_q.codemaker import Codemaker, OracleGate

    maker = Codemaker((1, 0, 1), 2)
    oracle = maker.oracle(score_qubits=2)
    maker.run(_one_application(oracle), backend="aer-statevector")
    maker.run(_one_application(oracle.inverse()), backend="aer", shots=4, seed=1)
    maker.black((1, 1, 1))
    reached = _public_reach(maker) + _public_reach(oracle) + _public_reach(maker.oracle)
    secret = maker._secret  # the test's look at the object the walk must not reach
    assert not any(value is secret for value in reached)
    gates = [value for value in reached if isinstance(value, Gate)]
    assert gates and all(isinstance(gate, OracleGate) for gate in gates)
    assert all(gate.definition is None for gate in gates)


def test_a_copy_made_by_hand_from_vars_charges_the_original():
    """object.__new__ plus vars(): a shallow clone shares the ledger, so it pays."""
    from mastermind_q.codemaker import Codemaker

    maker = Codemaker((1, 0, 1), 2)
    clone = object.__new__(Codemaker)
    vars(clone).update(vars(maker))
    clone.run(_one_application(clone.oracle()), backend="aer-statevector")
    assert clone.black((1, 0, 1)) == 3
    assert maker.queries == 2 and maker.transcript == (((1, 0, 1), 3),)


def test_copies_of_the_opaque_gate_are_charged_to_the_codemaker_that_handed_it_out():
    """Qiskit copies gates with circuits: a copied or pickled gate is the same opaque
    gate, runs only through its own codemaker and is charged there."""
    import copy
    import pickle

    from mastermind_q.codemaker import Codemaker

    maker = Codemaker((1, 0, 1), 2)
    gate = maker.oracle()
    copies = [copy.copy(gate), copy.deepcopy(gate), pickle.loads(pickle.dumps(gate))]
    copies.append(pickle.loads(pickle.dumps(maker.parity_oracle())))
    for made in copies:
        assert made.definition is None
    outcomes = maker.run([_one_application(gate) for gate in copies[:3]], backend="aer-statevector")
    assert maker.queries == 3 and len(outcomes) == 3
    other = Codemaker((1, 0, 1), 2)  # same secret, another codemaker: it never ran them
    for made in copies:
        circuit = QuantumCircuit(made.num_qubits)
        circuit.append(made, range(made.num_qubits))
        with pytest.raises(OracleCountError, match="did not hand out"):
            other.charge(circuit)


def _cheating_game(plan) -> tuple[int, int]:
    """A codebreaker that tries ``plan``'s copies, runs one circuit through everything it
    got, then guesses. ``(counted by the codemaker, applied + guesses)``."""
    import copy

    from mastermind_q.codemaker import Codemaker

    maker = Codemaker((1, 0, 1), 2)
    applied = guesses = 0
    for step in plan:
        if step in COPY_ATTEMPTS:
            assert _refused(COPY_ATTEMPTS[step], maker), step
            continue
        if step == "shallow copy of run":
            runner = copy.copy(maker.run)  # a bound method on the same codemaker
            runner(_one_application(maker.oracle()), backend="aer-statevector")
        elif step == "clone from vars":
            clone = object.__new__(Codemaker)
            vars(clone).update(vars(maker))
            clone.run(_one_application(clone.oracle()), backend="aer-statevector")
        elif step == "pickled gate":
            import pickle

            gate = pickle.loads(pickle.dumps(maker.oracle()))
            maker.run(_one_application(gate), backend="aer-statevector")
        else:  # a copied gate
            maker.run(_one_application(copy.deepcopy(maker.oracle())), backend="aer-statevector")
        applied += 1
    maker.black((1, 0, 1))
    guesses += 1
    return maker.queries, applied + guesses


@pytest.mark.parametrize(
    "examples", [12, pytest.param(60, marks=pytest.mark.slow)], ids=["quick", "60"]
)
def test_a_codebreaker_that_copies_pays_what_it_applied(examples):
    """Hypothesis: random sequences of copy attempts (copy, deepcopy, pickle round trips,
    __reduce_ex__, vars() clones, copied gates and bound methods), each followed by a
    run of what was obtained, end with the honest count: every refusal is a TypeError
    and every application through anything obtained is charged to the codemaker."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    steps = [*COPY_ATTEMPTS, "shallow copy of run", "clone from vars", "pickled gate", "gate"]

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(st.lists(st.sampled_from(steps), min_size=1, max_size=6))
    def check(plan):
        counted, honest = _cheating_game(plan)
        assert counted == honest

    check()


@pytest.mark.slow
def test_concurrent_runs_and_charges_from_threads_are_all_counted():
    """8 threads: 2,400 charges and 240 runs, every one counted exactly once."""
    import threading

    from mastermind_q.codemaker import Codemaker

    maker = Codemaker((1, 0, 1), 2)
    oracle = maker.oracle()
    circuit = _one_application(oracle)
    twice = QuantumCircuit(oracle.num_qubits)
    twice.append(oracle.power(2, annotated=True), range(oracle.num_qubits))
    start = threading.Barrier(8)
    errors = []

    def work():
        try:
            start.wait()
            for index in range(300):
                maker.charge(twice)
                if index % 10 == 0:
                    maker.run(circuit, backend="aer-statevector")
        except Exception as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert maker.queries == 2 * 2400 + 240
    assert maker.oracle_executions == 240
    assert len(maker.circuits) == len(maker.outcomes) == 240


# -- the referee's view is built from the secret, not handed out ----------------------
def test_the_real_oracle_circuit_is_the_referees_and_counts_nothing():
    from qiskit.quantum_info import Operator

    from mastermind_q.circuits import BlackPegOracleGate
    from mastermind_q.codemaker import Codemaker, reveal_circuit

    maker = Codemaker((1, 0, 1), 2)
    assert not any("reveal_circuit" in name for name in dir(maker))
    oracle = maker.oracle(construction="gray", score_qubits=3)
    real = BlackPegOracleGate.for_construction((1, 0, 1), 2, construction="gray", score_qubits=3)
    width = oracle.num_qubits

    def around(gate):
        circuit = QuantumCircuit(width + 1)
        circuit.append(gate, range(1, width + 1))
        circuit.append(gate.inverse().control(1, annotated=True).power(2), range(width + 1))
        return circuit

    circuit = around(oracle)
    opened = reveal_circuit(circuit, (1, 0, 1), 2)
    reference = around(real)
    assert Operator(opened).equiv(Operator(reference))
    assert maker.queries == 0
    parity = maker.parity_oracle()
    held = QuantumCircuit(parity.num_qubits)
    held.append(parity, range(parity.num_qubits))
    assert reveal_circuit(held, (1, 0, 1), 2).data[0].operation.definition is not None
    with pytest.raises(ValueError, match="another game than n = 2, k = 2"):
        reveal_circuit(circuit, (1, 0), 2)
    with pytest.raises(ValueError, match="secret"):
        reveal_circuit(circuit, (1, 0, 5), 2)
    with pytest.raises(TypeError, match="circuit must be a QuantumCircuit"):
        reveal_circuit(oracle, (1, 0, 1), 2)


# -- what the codemaker cannot run is refused before it is charged --------------------
def test_a_for_loop_over_repeated_values_is_refused_before_charging():
    from mastermind_q.codemaker import Codemaker

    maker = Codemaker((1, 0, 1), 2)
    oracle = maker.oracle()
    width = oracle.num_qubits
    circuit = QuantumCircuit(width)
    circuit.for_loop((7, 7, 7), None, on(width, oracle), list(range(width)), [])
    circuit.measure_all()
    for attempt in (maker.charge, lambda c: maker.run(c, backend="aer", shots=4)):
        with pytest.raises(OracleCountError, match=r"over \(7, 7, 7\) repeats a value"):
            attempt(circuit)
    assert maker.queries == 0
    distinct = QuantumCircuit(width)
    distinct.for_loop((7, 2, 9), None, on(width, oracle), list(range(width)), [])
    distinct.measure_all()
    maker.run(distinct, backend="aer", shots=4, seed=0)
    assert maker.queries == 3
    forged = QuantumCircuit(2)
    forged.for_loop((0, True), None, on(2, named_oracle()), [0, 1], [])  # Qiskit takes a bool
    with pytest.raises(OracleCountError, match="values must be integers, True is of type bool"):
        count_oracle_calls(forged)


def test_a_symbolic_power_is_refused_by_name():
    from qiskit.circuit import Parameter

    theta = Parameter("theta")
    circuit = on(2, AnnotatedOperation(named_oracle(), PowerModifier(2 * theta + 1)))
    with pytest.raises(OracleCountError, match="'1 \\+ 2\\*theta'") as error:
        count_oracle_calls(circuit)
    assert "object at 0x" not in str(error.value)
