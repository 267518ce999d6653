"""Counted runs: the codemaker hands out its oracle, counts every application, runs.

:class:`CountedRuns` is the quantum half of :class:`~mastermind_q.codemaker.Codemaker`
(a mixin; its state lives in the codemaker and its ledger): :meth:`CountedRuns.oracle`
and :meth:`CountedRuns.parity_oracle` hand out the opaque gates of
:mod:`mastermind_q.oracle_gates`, :meth:`CountedRuns.charge` counts, and
:meth:`CountedRuns.run` counts and runs, putting the real oracle in while it counts
(:func:`~mastermind_q.oracle_gates.known_secret_oracle`). :class:`CountOnly` is what
:class:`~mastermind_q.codemaker.CountingCodemaker` changes: it counts and runs nothing
(:class:`CircuitsNotExecuted`).

Example:
    >>> from mastermind_q import Codemaker
    >>> from mastermind_q.circuits import find_two_color_circuit
    >>> maker = Codemaker((0, 2, 1), colors=3)
    >>> circuit = find_two_color_circuit(maker.oracle(), 0, 1, num_positions=3, colors=3)
    >>> maker.charge([circuit]), maker.queries
    (1, 1)
"""

from __future__ import annotations

import copy
import gc
import secrets
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from qiskit.circuit import Gate, QuantumCircuit

from ..counting import (
    KNOWN_SECRET_ORACLE_NAMES,
    ORACLE_NAME,
    ORACLE_NAMES,
    PARITY_ORACLE_NAME,
    OracleCountError,
    OracleWalk,
)
from ..game import Code
from ..oracle_gates import ORACLE_OPTIONS, OracleGate, known_secret_oracle

if TYPE_CHECKING:
    from qiskit.circuit import Operation

    from ..backends import Execution

__all__ = ["CircuitsNotExecuted", "CountOnly", "CountedRuns"]


_NOT_GATES = frozenset({"barrier", "measure", "reset", "delay", "store"})
"""Instructions that are no gate to synthesise (a barrier across many qubits)."""


def _shown_circuit(circuit: QuantumCircuit) -> str:
    """A circuit named in a message: its name and size."""
    return (
        f"{circuit.name!r} ({circuit.num_qubits} qubits, {circuit.num_clbits} clbits, "
        f"no classical register)"
    )


class CountedRuns:
    """The codemaker's quantum queries: hand out the oracle, count, run (a mixin of
    :class:`~mastermind_q.codemaker.Codemaker`)."""

    _secret: Code
    _num_colors: int
    _ledger: Any
    _oracle_tokens: dict[tuple[tuple[str, Any], ...], str]
    _oracles: dict[str, tuple[dict[str, Any], int]]
    _real_oracles: dict[tuple[str, bool], Gate]
    _COUNTS_ONLY = False  # True: run() only counts (CountOnly._count_without_running)

    @property
    def oracle_executions(self) -> int:
        """Oracle applications executed so far: ``queries x shots`` of every run.

        :attr:`queries` is the algorithmic count (each application in a circuit counts
        once); a sampling backend executes each circuit ``shots`` times, and this
        counts them all. On ``aer-statevector`` a circuit is simulated once, so each
        application executes once. Classical guesses are not included.
        """
        return self._ledger.oracle_executions

    @property
    def outcomes(self) -> tuple[dict[str, Any], ...]:
        """What every circuit run through :meth:`run` returned, in order: its counts
        (sampling backends) or exact probabilities (``aer-statevector``), keyed by
        bitstrings (clbit 0 rightmost)."""
        return tuple(dict(outcome) for outcome in self._ledger.outcomes)

    @property
    def circuits(self) -> tuple[QuantumCircuit, ...]:
        """Every circuit handed to :meth:`run`, in order, as the codebreaker built it.

        The oracle in them is the opaque gate of :meth:`oracle` (no definition), so
        they show what the codebreaker asked, not the secret; :meth:`run` executes
        copies with the real oracle put in.
        """
        return tuple(self._ledger.circuits)

    def oracle(self, **options: Any) -> OracleGate:
        """The black-peg oracle ``B_s`` as an opaque gate named ``B_s``.

        ``B_s|x>|b> = |x>|b + B_s(x) mod 2^m>`` on the qubit layout of
        :func:`mastermind_q.circuits.black_peg_oracle`. The gate (an
        :class:`OracleGate`) has no definition: it only acts inside :meth:`run`, which
        counts its applications and substitutes the real oracle. Cheap: nothing is
        built here.

        Args:
            **options: the options of :func:`~mastermind_q.circuits.black_peg_oracle`
                (:data:`ORACLE_OPTIONS`: ``construction``, ``score_qubits``).

        Returns:
            The opaque gate on ``n*q + m + ancillas`` qubits; its ``oracle_layout``
            (:class:`~mastermind_q.circuits.OracleLayout`) says which are the
            positions, the score and the work qubits.

        Raises:
            ValueError: an unknown option or an invalid value (the message names it).

        Example:
            >>> from mastermind_q import Codemaker
            >>> gate = Codemaker((1, 0), colors=2).oracle()
            >>> gate.name, gate.num_qubits, gate.definition
            ('B_s', 4, None)
            >>> gate.oracle_layout.score_qubits
            (2, 3)
        """
        unknown = sorted(set(options) - set(ORACLE_OPTIONS))
        if unknown:
            raise ValueError(
                f"unknown oracle option(s) {unknown}; valid: {', '.join(ORACLE_OPTIONS)}"
            )
        key = tuple(sorted(options.items()))
        if key not in self._oracle_tokens:
            cost = self._oracle_cost(options)
            token = secrets.token_hex(16)
            self._oracle_tokens[key] = token
            self._oracles[token] = (dict(options), cost.qubits)
        token = self._oracle_tokens[key]
        from ..circuits.layout import OracleLayout, _color_qubits, _score_qubits

        n, k = len(self._secret), self._num_colors
        m = int(options.get("score_qubits") or _score_qubits(n))
        width = self._oracles[token][1]
        work = width - n * _color_qubits(k) - m
        layout = OracleLayout._of(n, k, score_qubits=m, work_qubits=work)
        return OracleGate(width, token=token, sizes=(n, k, m), options=key, layout=layout)

    def _oracle_cost(self, options: dict[str, Any]) -> Any:
        """The cost of this codemaker's black-peg oracle with ``options`` (checked here:
        they come from the codebreaker; the secret and ``k`` are the codemaker's own)."""
        from ..circuits.oracle import DEFAULT_CONSTRUCTION, _score_width
        from ..circuits.oracle.constructions import _black_peg_oracle_cost, validate_construction
        from ..limits import check_circuit_size

        n, k = len(self._secret), self._num_colors
        construction = validate_construction(options.get("construction", DEFAULT_CONSTRUCTION))
        m = _score_width(n, options.get("score_qubits"))
        check_circuit_size(n, k)
        return _black_peg_oracle_cost(n, k, construction, m)

    def parity_oracle(self) -> OracleGate:
        """The parity oracle ``O_h`` as an opaque gate named ``O_h`` (Hunziker-Meyer).

        ``O_h|x>|b> = |x>|b xor (d_H(x, s) mod 2)>`` on ``n q + 1`` qubits (registers
        ``pos0 .. pos{n-1}``, then the answer qubit), as
        :func:`mastermind_q.circuits.hunziker_meyer.parity_oracle`. Like :meth:`oracle`
        it has no definition: :meth:`run` counts each application (``O_h`` and
        ``O_h_dg`` count one each, in :attr:`queries`) and substitutes the real gate.

        Example:
            >>> from mastermind_q import Codemaker
            >>> gate = Codemaker((1, 0), colors=5).parity_oracle()
            >>> gate.name, gate.num_qubits, gate.definition
            ('O_h', 7, None)
        """
        from ..circuits.layout import OracleLayout, _color_qubits

        key = (("kind", "parity"),)
        if key not in self._oracle_tokens:
            token = secrets.token_hex(16)
            self._oracle_tokens[key] = token
            width = len(self._secret) * _color_qubits(self._num_colors) + 1
            self._oracles[token] = ({"kind": "parity"}, width)
        token = self._oracle_tokens[key]
        layout = OracleLayout._of(
            len(self._secret), self._num_colors, score_qubits=1, score_name="answer"
        )
        return OracleGate(
            self._oracles[token][1], token=token, base=PARITY_ORACLE_NAME, layout=layout
        )

    def charge(self, circuits: QuantumCircuit | Iterable[QuantumCircuit]) -> int:
        """Count the oracle applications in ``circuits`` and add them to :attr:`queries`.

        Counts exactly what :meth:`run` would count, without running anything (all
        circuits are checked before any is charged).

        Returns:
            The number of ``B_s`` and ``B_s_dg`` applications found.

        Raises:
            OracleCountError: a circuit where the oracle cannot be counted, a forged
                or renamed oracle (the message says why).
        """
        batch = self._batch(circuits)
        walk = OracleWalk(self._match_oracle)
        calls = sum(walk.circuit(circuit)[0] for circuit in batch)
        with self._ledger.lock:
            self._ledger.queries += calls
        return calls

    def run(
        self,
        circuits: QuantumCircuit | Iterable[QuantumCircuit],
        *,
        backend: str = "aer",
        shots: int | None = None,
        seed: int | None = None,
        metadata: Mapping[str, Any] | None = None,
        execution: Execution | None = None,
    ) -> list[dict[str, Any]]:
        """Count the oracle applications in ``circuits``, then run them: the one entry point.

        Every circuit is first copied (a private deep copy: nothing the caller holds,
        a modifier, a gate, a loop's index set, is shared with what runs), then the
        copy is walked once: each oracle application (in any countable form,
        :mod:`mastermind_q.counting`) is counted and replaced by the real oracle, built
        from the secret here and nowhere else; powers are read as built-in ints and
        modifiers around the oracle are rebuilt, so the circuit that runs is the one
        counted. A ``box`` is run as its body, inlined. The count is added to :attr:`queries`
        and ``count x shots`` to :attr:`oracle_executions` when the circuits are
        accepted, before they run (a job that fails or is interrupted later was still
        asked). The circuits then run as one job on ``backend``.

        Cost: one walk over each circuit (custom gates opened once each), then the
        backend's transpile and run.

        Args:
            circuits: measured circuits (one classical register each) built around
                gates from :meth:`oracle`.
            backend: a backend name (``aer``, ``aer-statevector``, ``aer-mps``,
                ``fake:NAME``, ``ibm:NAME``).
            shots: shots per circuit on sampling backends (default
                :data:`~mastermind_q.backends.DEFAULT_SHOTS`); unused on
                ``aer-statevector``.
            seed: simulator seed.
            metadata: what the job is (``method``, ``n``, ``k``, ...), kept in the job
                record of device runs so the job can be decoded later.
            execution: the :class:`~mastermind_q.backends.Execution` record the
                codebreaker was given (backend, shots, seed, options, runtime batch);
                with it ``backend``, ``shots`` and ``seed`` are read from the record.
                Default: one built here from them and the execution options in force.

        Returns:
            One dict per circuit, keyed by bitstrings (clbit 0 rightmost): the exact
            probabilities on ``aer-statevector``, the counts on sampling backends.

        Raises:
            OracleCountError: a circuit where the oracle cannot be counted, or a gate
                that is not this codemaker's oracle (nothing is charged or run).
            ResourceLimitError: ``n`` or ``k`` above the quantum limits
                (:func:`~mastermind_q.limits.check_quantum_size`): circuits that large are
                built and counted (:class:`CountingCodemaker`), not run.
            ValueError: an invalid backend name or shots, an empty batch, an item that
                is not a circuit.
            CircuitsNotExecuted: always, on a
                :class:`~mastermind_q.codemaker.CountingCodemaker`, after counting
                (``calls``, ``circuits``): it counts each circuit as it comes and runs
                none (nothing is copied or kept; the backend is not used). Circuits
                before one that cannot be counted stay charged; no answer leaves the
                codemaker either way.

        Example:
            >>> from mastermind_q import Codemaker
            >>> from mastermind_q.circuits import find_two_color_circuit
            >>> maker = Codemaker((0, 2, 1), colors=3)
            >>> circuit = find_two_color_circuit(maker.oracle(), 0, 1, num_positions=3, colors=3)
            >>> [dist] = maker.run([circuit], backend="aer-statevector")
            >>> {key: round(p, 9) for key, p in dist.items()}  # s^(0,1): positions 0, 2
            {'101': 1.0}
            >>> maker.queries, maker.oracle_executions
            (1, 1)
        """
        if self._COUNTS_ONLY:
            self._count_without_running(circuits)
        from ..backends import (
            DEFAULT_SHOTS,
            Execution,
            _sample_counts,
            exact_probabilities,
            is_exact,
            resolve_execution,
            validate_backend_name,
        )
        from ..limits import check_quantum_size

        # Circuits are built (and counted) to larger sizes than they are run or synthesised.
        check_quantum_size(len(self._secret), self._num_colors)
        if execution is None:
            execution = Execution.here(validate_backend_name(backend), shots, seed)
        else:
            execution = resolve_execution(
                execution, backend=None if backend == "aer" else backend, shots=shots, seed=seed
            )
        name, shots, seed = execution.backend, execution.shots, execution.seed
        exact = is_exact(name)
        if not exact:
            shots = DEFAULT_SHOTS if shots is None else shots
        batch = self._batch(circuits, shots=None if exact else shots)
        if not batch:
            raise ValueError("circuits must hold at least one circuit, was empty")
        try:
            walk = OracleWalk(self._match_oracle, replace=True)
            calls = 0
            runnable = []
            for circuit in batch:
                found, rebuilt = walk.circuit(circuit)
                calls += found
                runnable.append(rebuilt)
            for index, circuit in enumerate(batch):
                if not circuit.cregs:  # nothing to read back: refused before any charge
                    raise ValueError(
                        f"circuits[{index}] must be measured into a classical register, "
                        f"was {_shown_circuit(circuit)}"
                    )
            self._check_run_size(batch, calls, 1 if exact else int(shots or 1))
            ledger = self._ledger
            with ledger.lock:
                ledger.queries += calls
                ledger.oracle_executions += calls * (1 if exact else int(shots or 1))
                ledger.circuits.extend(batch)
            if exact:
                outcomes = [
                    dict(d) for d in exact_probabilities(runnable, options=execution.options)
                ]
            else:
                outcomes = [
                    dict(c) for c in _sample_counts(runnable, execution, dict(metadata or {}))
                ]
        finally:  # the real oracle does not outlive the run that needed it
            self._real_oracles.clear()
            runnable = []
        with ledger.lock:
            ledger.outcomes.extend(dict(outcome) for outcome in outcomes)
        return outcomes

    def _check_run_size(self, batch: list[QuantumCircuit], calls: int, shots: int) -> None:
        """Refuse a run before anything is charged or executed: its oracle applications
        times ``shots`` (:data:`max_oracle_executions <mastermind_q.limits.LIMITS>`), and
        its two-qubit gates once the oracle is expanded (each application costs the
        oracle's CX count, :func:`~mastermind_q.circuits.oracle.black_peg_oracle_cost`;
        every other gate on two qubits or more counts one) against ``max_circuit_gates``,
        the limits the built-ins' run estimates are held to.

        Raises:
            ResourceLimitError: naming the count and the limit.
        """
        from ..limits import check_circuit_gates, check_oracle_executions

        check_oracle_executions(calls, shots)
        per_call = 1
        for options, width in self._oracles.values():
            if options.get("kind") == "parity":
                per_call = max(per_call, width)
            else:
                per_call = max(per_call, self._oracle_cost(options).two_qubit_gates)
        others = sum(
            1
            for circuit in batch
            for instruction in circuit.data
            if instruction.operation.num_qubits >= 2
            and instruction.operation.name not in _NOT_GATES
            and instruction.operation.name not in ORACLE_NAMES
            and not isinstance(instruction.operation, OracleGate)
        )
        check_circuit_gates(
            calls * per_call + others,
            what=f"the circuits handed to run ({calls} oracle applications, "
            f"{per_call} two-qubit gates each once expanded)",
        )

    def _count_without_running(self, circuits: Any) -> NoReturn:
        raise NotImplementedError  # only a counting codemaker (CountOnly) counts alone

    @staticmethod
    def _batch(
        circuits: QuantumCircuit | Iterable[QuantumCircuit], *, shots: int | None = None
    ) -> list[QuantumCircuit]:
        """Private deep copies of ``circuits``: what is counted and run.

        Nothing the caller holds (a modifier, a gate, a parameter list) is shared with
        the copies, so changing it after the count (from a progress callback, say)
        cannot change what runs. With ``shots``, ``shots x circuits`` is checked
        against the limit while the circuits are read, so a long generator is refused
        before it is materialised.
        """
        if isinstance(circuits, QuantumCircuit):
            batch = [circuits]
        elif isinstance(circuits, Iterable) and not isinstance(circuits, (str, bytes)):
            batch = []
            if shots is None:
                batch = list(circuits)
            else:
                from ..limits import check_shots, limit

                most = max(1, limit("max_shots") // max(1, int(shots)))
                for circuit in circuits:
                    if len(batch) >= most:
                        check_shots(shots, circuits=len(batch) + 1)
                    batch.append(circuit)
        else:
            raise TypeError(
                "circuits must be a QuantumCircuit or an iterable of them, was "
                f"{type(circuits).__name__}"
            )
        snapshots = []
        for index, circuit in enumerate(batch):
            if not isinstance(circuit, QuantumCircuit):
                raise ValueError(
                    f"circuits[{index}] must be a QuantumCircuit, was {type(circuit).__name__}"
                )
            try:
                snapshots.append(copy.deepcopy(circuit))
            except Exception as error:  # a user's operation's own __deepcopy__
                raise OracleCountError(
                    f"cannot take a private copy of circuits[{index}]: "
                    f"{type(error).__name__}: {error}"
                ) from error
        return snapshots

    def _match_oracle(self, operation: Operation) -> Operation | None:
        """The real oracle for one of this codemaker's gates; ``None`` for other gates.

        Raises:
            OracleCountError: another codemaker's or a forged oracle, a renamed one.
        """
        if isinstance(operation, OracleGate):
            token = getattr(operation, "_token", None)
            entry = self._oracles.get(token) if isinstance(token, str) else None
            if entry is None:
                raise OracleCountError(
                    f"gate {operation.name!r} is an oracle this codemaker did not hand out "
                    "(another codemaker's, or a forged one)"
                )
            base = PARITY_ORACLE_NAME if entry[0].get("kind") == "parity" else ORACLE_NAME
            expected = f"{base}_dg" if operation._inverted else base
            if operation.name != expected or operation.num_qubits != entry[1]:
                raise OracleCountError(
                    f"the oracle gate was altered (named {operation.name!r} on "
                    f"{operation.num_qubits} qubits; handed out as {expected!r} on "
                    f"{entry[1]}): the codemaker runs its gates only as handed out"
                )
            return self._real_oracle(operation._token, operation._inverted)
        if operation.name in KNOWN_SECRET_ORACLE_NAMES:
            raise OracleCountError(
                f"gate {operation.name!r} is an oracle built from a known secret "
                "(BlackPegOracleGate, ParityOracleGate), not this codemaker's oracle; "
                "build circuits around Codemaker.oracle()"
            )
        if operation.name in ORACLE_NAMES:
            raise OracleCountError(
                f"gate {operation.name!r} was not handed out by this codemaker (a rebuilt "
                "or forged oracle); build circuits around Codemaker.oracle()"
            )
        return None

    def _real_oracle(self, token: str, inverted: bool) -> Gate:
        """The oracle with its definition (built from the secret once per token)."""
        key = (token, inverted)
        if key not in self._real_oracles:
            if (token, False) not in self._real_oracles:
                options, _ = self._oracles[token]
                self._real_oracles[(token, False)] = known_secret_oracle(
                    self._secret, self._num_colors, options
                )
            if inverted:
                self._real_oracles[key] = self._real_oracles[(token, False)].inverse()
        return self._real_oracles[key]


_COLLECT_AFTER_QUBITS = 1_000_000
"""Qubits of counted circuits after which the dropped ones are collected (about 100 MB)."""


class CircuitsNotExecuted(Exception):
    """Raised by :meth:`CountingCodemaker.run`: the circuits were counted, not executed.

    It carries no answer, only what was counted: ``calls`` (the oracle applications in
    the batch) and ``circuits`` (how many circuits the batch held). The referee catches
    it; a codebreaker that catches it has learnt nothing about the secret.
    """

    def __init__(self, calls: int, circuits: int) -> None:
        super().__init__(f"counted {calls} oracle applications in {circuits} circuits, not run")
        self.calls = calls
        self.circuits = circuits


class CountOnly(CountedRuns):
    """What :class:`~mastermind_q.codemaker.CountingCodemaker` changes: :meth:`run` counts
    the circuits and runs none (a mixin placed before the codemaker)."""

    _counted_batches: int = 0  # an instance's own from its first count on
    _counted_circuits: int = 0
    _oracles: dict[str, tuple[dict[str, Any], int]]

    _COUNTS_ONLY = True

    @property
    def executed(self) -> bool:
        """``False``: this codemaker runs no circuit."""
        return False

    @property
    def batches(self) -> int:
        """Batches of circuits counted by :meth:`run`."""
        return self._counted_batches

    @property
    def counted_circuits(self) -> int:
        """Circuits counted by :meth:`run`."""
        return self._counted_circuits

    def _count_without_running(self, circuits: Any) -> NoReturn:
        """What :meth:`run` does here: count the circuits one at a time, run none.

        Raises:
            CircuitsNotExecuted: always, after counting (``calls``, ``circuits``).
            OracleCountError: a circuit where the oracle cannot be counted.
            ValueError: an empty batch, or an item that is not a circuit.
        """
        calls = number = qubits = 0
        for circuit in _Counted(circuits, []):
            calls += self.charge(circuit)  # one walk per circuit: nothing is kept
            number += 1
            qubits += circuit.num_qubits
            if qubits >= _COLLECT_AFTER_QUBITS:
                # A QuantumCircuit is a reference cycle (its builder interface points
                # back at it), freed only by the cycle collector, which wide circuits
                # (few Python objects, much memory) wake too seldom: at n = k = 4,096
                # counted circuits would pile up by the hundred, 6 MB each. A full
                # collection (about 15 ms) after each million qubits bounds them.
                qubits = 0
                gc.collect()
        if not number:
            raise ValueError("circuits must hold at least one circuit, was empty")
        self._counted_batches += 1
        self._counted_circuits += number
        raise CircuitsNotExecuted(calls, number)

    def _batch(self, circuits: Any) -> Any:  # type: ignore[override]
        """The circuits as handed over, one at a time (nothing runs: no copy needed)."""
        if isinstance(circuits, _Counted):
            return circuits
        return _Counted(circuits, [])

    def _real_oracle(self, token: str, inverted: bool) -> Gate:
        """Never built: the walk only needs to know the gate is this codemaker's."""
        key = (token, inverted)
        if key not in self._real_oracles:  # one stand-in per gate, not one per query
            self._real_oracles[key] = OracleGate(
                self._oracles[token][1], token=token, inverted=inverted
            )
        return self._real_oracles[key]


class _Counted:
    """Iterate over one circuit or an iterable of circuits, checking each, counting them."""

    def __init__(self, circuits: Any, counted: list[int]) -> None:
        self._circuits = circuits
        self._counted = counted

    def __iter__(self) -> Any:
        items = [self._circuits] if isinstance(self._circuits, QuantumCircuit) else self._circuits
        number = 0
        for index, circuit in enumerate(items):
            if not isinstance(circuit, QuantumCircuit):
                raise ValueError(
                    f"circuits[{index}] must be a QuantumCircuit, was {type(circuit).__name__}"
                )
            number += 1
            yield circuit
        self._counted[:] = [number]
