r"""Qubit chains for Aer's matrix product state method: every gate between neighbours.

Aer's MPS simulator keeps the qubits on a line. A gate on distant qubits is preceded by
swaps that Aer chooses itself (one qubit travels and stays where it lands), and the cost
of every two-qubit gate or swap is an SVD of a ``2 chi_left x 2 chi_right`` matrix, so
*where* the swaps happen matters as much as how many there are.

The toolkit's circuits have one structure: colour registers (one *block* of ``q`` qubits
per position) that interact only with a *hub*, the ``score`` register and the oracle's
``anc`` ancillas (:data:`HUB_REGISTERS`). :func:`chain_for_mps` returns the same circuit
routed onto a line, with the routing SWAP gates written into it:

* the hub is one contiguous group that travels along the blocks; a block that a gate
  joins to the hub is brought to the hub's right end (the blocks between cross the hub);
  the blocks keep their order, so in the oracle ``B_s`` (positions ``0..n-1``) the hub
  sweeps right and in ``B_s^dagger`` it sweeps back, crossing each block once per sweep
  (the swaps grow linearly in ``n``);
* the hub's own order is chosen by a small search (:func:`hub_order`) so that the
  oracle's adder ladder acts on neighbours and the qubits that meet the blocks sit at
  its right end; a gate that still needs a hub qubit elsewhere borrows it and puts it
  back, so the order stays as chosen;
* the instructions are rescheduled (a topological order of the same circuit: only
  gates on disjoint qubits change places) so that the gates of one position run
  together, instead of the interleaving that the transpiler leaves between the
  uncomputation of one position and the computation of the next; measurements stay
  last, so Aer still samples all shots from one simulation.

The routed circuit is the same unitary up to the final permutation of qubits, which is
why its measurements read the wires the measured qubits ended on; the counts are
unchanged. Entanglement. In the adaptive circuit the positions are entangled only
through the score: between ``B_s`` and ``B_s^dagger`` the cut between the processed
positions and the hub has rank at most ``j + 1`` (the values of their partial count),
and the unprocessed positions are a product state. Keeping the hub between the two
groups keeps every gate next to those small bonds; Aer's own swaps instead drag
processed positions through the hub and back (bond dimension 104 at ``n = k = 16``
against 75 here, and 7x the time).

Cost: ``O(h q)`` swaps per position per sweep for a hub of ``h`` qubits, plus a few per
gate; the routing itself is linear in the number of instructions.

Example:
    >>> from qiskit import QuantumCircuit, QuantumRegister
    >>> circuit = QuantumCircuit(QuantumRegister(2, "colors"), QuantumRegister(1, "score"))
    >>> _ = circuit.cx(0, 2)
    >>> chain_for_mps(circuit).count_ops()["cx"]
    1
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterator, Sequence

from qiskit import QuantumCircuit, QuantumRegister
from qiskit.circuit.library import SwapGate

__all__ = ["BLOCK_SIZE_KEY", "HUB_REGISTERS", "chain_for_mps", "hub_order"]

HUB_REGISTERS = ("score", "anc")
"""Registers that form the hub travelling along the chain."""
BLOCK_SIZE_KEY = "color_qubits"
"""Circuit metadata key: qubits per colour register (``q``); splits ``colors`` into blocks."""

_SWAP = SwapGate()


def _blocks(
    circuit: QuantumCircuit,
    operations: Sequence[tuple[object, list[int], object]],
    hub: set[int],
) -> list[list[int]]:
    """Groups of non-hub qubits that never meet another group in one gate.

    The position registers ``pos0``, ``pos1``, ... of the circuit builders (or
    consecutive ``q``-qubit slices of a ``colors`` register, ``q`` from the circuit
    metadata :data:`BLOCK_SIZE_KEY`), merged with any qubits that share a gate.
    """
    parent = list(range(circuit.num_qubits))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def unite(qubits: Sequence[int]) -> None:
        for other in qubits[1:]:
            parent[find(other)] = find(qubits[0])

    size = (circuit.metadata or {}).get(BLOCK_SIZE_KEY)
    registers = {register.name: register for register in circuit.qregs}
    if isinstance(size, int) and size >= 1 and "colors" in registers:
        colors = [circuit.find_bit(qubit).index for qubit in registers["colors"]]
        for start in range(0, len(colors), size):
            unite(colors[start : start + size])
    for name, register in registers.items():  # the builders' per-position registers
        if name.startswith("pos") and name[3:].isdigit():
            unite([circuit.find_bit(qubit).index for qubit in register])
    for _, qubits, _ in operations:
        unite([qubit for qubit in qubits if qubit not in hub])
    groups: dict[int, list[int]] = {}
    for qubit in range(circuit.num_qubits):
        if qubit not in hub:
            groups.setdefault(find(qubit), []).append(qubit)
    return sorted(groups.values(), key=min)


def hub_order(
    hub: Sequence[int], operations: Sequence[tuple[object, list[int], object]]
) -> list[int]:
    """An order of the hub qubits (left to right) that keeps the routing swaps few.

    Minimises, by best-insertion local search from the register order and its reverse,
    ``sum over hub-only gates of (span - arity + 1)`` (the swaps to make them adjacent)
    plus ``sum over hub-block gates of the distance of their hub qubits from the right
    end`` (where blocks attach), each gate counted as often as it occurs. For the
    ``increment`` oracle this finds the ladder order
    ``s_{m-1}, s_{m-2}, c_{m-2}, ..., s_1, c_1, s_0, flag, work``.

    Args:
        hub: the hub qubits (indices), in register order.
        operations: ``(operation, qubit indices, clbits)`` of the circuit.

    Returns:
        The hub qubits, left to right.
    """
    members = set(hub)
    internal: Counter[tuple[int, ...]] = Counter()
    facing: Counter[tuple[int, ...]] = Counter()
    for _, qubits, _ in operations:
        if len(qubits) < 2:
            continue
        inside = tuple(sorted(q for q in qubits if q in members))
        if not inside:
            continue
        if len(inside) == len(qubits):
            internal[inside] += 1
        else:
            facing[inside] += 1

    def cost(order: Sequence[int]) -> int:
        where = {qubit: index for index, qubit in enumerate(order)}
        right = len(order) - 1
        total = 0
        for qubits, count in internal.items():
            places = [where[q] for q in qubits]
            total += count * (max(places) - min(places) - len(places) + 1)
        for qubits, count in facing.items():
            total += count * sum(right - where[q] for q in qubits)
        return total

    best_order, best_cost = list(hub), cost(hub)
    for start in (list(hub), list(reversed(hub))):
        order, current = start, cost(start)
        improved = True
        while improved:
            improved = False
            for source in range(len(order)):
                for target in range(len(order)):
                    if source == target:
                        continue
                    trial = order[:source] + order[source + 1 :]
                    trial.insert(target, order[source])
                    value = cost(trial)
                    if value < current:
                        order, current, improved = trial, value, True
        if current < best_cost:
            best_order, best_cost = order, current
    return best_order


def _schedule(
    operations: Sequence[tuple[object, list[int], Sequence[object]]],
    unit: dict[int, int],
) -> list[int]:
    """A topological order of ``operations`` that finishes one block before the next.

    Kahn's algorithm on the qubit and clbit wires. Ready gates that touch no block or
    only the current block (the last block joined to the hub) go first, in circuit
    order; otherwise the earliest ready gate, whose block becomes current; measurements
    wait until nothing else is ready.
    """
    count = len(operations)
    successors: list[list[int]] = [[] for _ in range(count)]
    waiting = [0] * count
    last: dict[object, int] = {}
    for index, (_, qubits, clbits) in enumerate(operations):
        before = set()
        for wire in (*qubits, *(("c", clbit) for clbit in clbits)):
            if wire in last:
                before.add(last[wire])
            last[wire] = index
        for earlier in before:
            successors[earlier].append(index)
            waiting[index] += 1
    blocks_of = [frozenset(unit[q] for q in qubits) - {-1} for _, qubits, _ in operations]
    is_measure = [getattr(op, "name", "") == "measure" for op, _, _ in operations]
    current = -2
    now: list[int] = []
    later: list[int] = []
    later_by_block: dict[frozenset[int], list[int]] = {}
    moved = [False] * count
    last_queue: list[int] = []

    def push(index: int) -> None:
        if is_measure[index]:
            heapq.heappush(last_queue, index)
        elif len(operations[index][1]) == 1 or blocks_of[index] <= {current}:
            heapq.heappush(now, index)
        else:
            heapq.heappush(later, index)
            later_by_block.setdefault(blocks_of[index], []).append(index)

    for index in range(count):
        if waiting[index] == 0:
            push(index)
    order = []
    while now or later or last_queue:
        if now:
            index = heapq.heappop(now)
        elif later:
            index = heapq.heappop(later)
            if moved[index]:
                continue
            moved[index] = True
            if len(blocks_of[index]) == 1:
                (current,) = blocks_of[index]
                for other in later_by_block.pop(blocks_of[index], []):
                    if not moved[other]:
                        moved[other] = True
                        heapq.heappush(now, other)
        else:
            index = heapq.heappop(last_queue)
        order.append(index)
        for successor in successors[index]:
            waiting[successor] -= 1
            if waiting[successor] == 0:
                push(successor)
    return order


def _gather_swaps(arrangement: Sequence[int], members: Sequence[int], edge: str) -> list[int]:
    """Adjacent swaps (left index of each pair) that bring ``members`` together.

    ``edge="high"``: at the right end of ``arrangement``; ``"middle"``: around the middle
    one. ``arrangement`` is not changed.
    """
    line = list(arrangement)
    swaps: list[int] = []

    def move(qubit: int, target: int) -> None:
        wire = line.index(qubit)
        step = 1 if target > wire else -1
        while wire != target:
            low = min(wire, wire + step)
            line[low], line[low + 1] = line[low + 1], line[low]
            swaps.append(low)
            wire += step

    places = sorted(line.index(qubit) for qubit in members)
    for wire, target in _gather_moves(places, edge, 0, len(line) - 1):
        move(arrangement[wire], target)
    return swaps


def _gather_moves(
    places: Sequence[int], edge: str, low: int, high: int
) -> Iterator[tuple[int, int]]:
    """The moves ``(wire, target)`` that bring the qubits on the sorted wires ``places``
    together, one after another: at ``high`` (``edge="high"``), at ``low`` (``"low"``),
    or around the middle one (any other edge). Each move leaves the wires of the moves
    still to come where they were."""
    if edge == "high":
        for offset, wire in enumerate(reversed(places)):
            yield wire, high - offset
    elif edge == "low":
        for offset, wire in enumerate(places):
            yield wire, low + offset
    else:
        middle = len(places) // 2
        anchor = places[middle]
        for offset in range(middle - 1, -1, -1):
            yield places[offset], anchor - (middle - offset)
        for offset in range(middle + 1, len(places)):
            yield places[offset], anchor + (offset - middle)


def _sort_swaps(arrangement: Sequence[int], target: Sequence[int]) -> list[int]:
    """Adjacent swaps (left index of each pair) that turn ``arrangement`` into ``target``."""
    line = list(arrangement)
    swaps: list[int] = []
    for place, qubit in enumerate(target):
        wire = line.index(qubit)
        while wire > place:
            line[wire - 1], line[wire] = line[wire], line[wire - 1]
            swaps.append(wire - 1)
            wire -= 1
    return swaps


def chain_for_mps(circuit: QuantumCircuit) -> QuantumCircuit:
    """``circuit`` routed onto a line for Aer's MPS method (see the module docstring).

    Every two-qubit gate of the result acts on neighbouring wires and every three-qubit
    gate on three consecutive wires, so Aer inserts no swaps of its own; the routing
    swaps are ``swap`` gates of the result. Measurements read the wire their qubit ends
    on, so counts keys are unchanged. The input should be transpiled to gates of at most
    three qubits (:data:`~mastermind_q.backends.AER_MPS_BASIS`); barriers are dropped.
    Circuits without a ``score`` or ``anc`` register are returned unchanged.

    Args:
        circuit: a transpiled circuit with ``colors`` and ``score`` (and ``anc``)
            registers; metadata :data:`BLOCK_SIZE_KEY` names the qubits per position.

    Returns:
        The routed circuit on one register ``chain``, same classical registers,
        global phase and metadata.

    Raises:
        ValueError: an instruction on more than three qubits.
    """
    return _route(circuit)[0]


def _route(circuit: QuantumCircuit) -> tuple[QuantumCircuit, list[int], list[int]]:
    """:func:`chain_for_mps` and the qubit on each wire at the start and at the end."""
    hub_qubits = [
        circuit.find_bit(qubit).index
        for register in circuit.qregs
        if register.name in HUB_REGISTERS
        for qubit in register
    ]
    if not hub_qubits:
        identity = list(range(circuit.num_qubits))
        return circuit, identity, identity
    operations = []
    for instruction in circuit.data:
        operation = instruction.operation
        if operation.name == "barrier":
            continue
        qubits = [circuit.find_bit(qubit).index for qubit in instruction.qubits]
        if len(qubits) > 3:
            raise ValueError(
                f"chain_for_mps needs gates on at most 3 qubits, got {operation.name!r} "
                f"on {len(qubits)}"
            )
        operations.append((operation, qubits, instruction.clbits))
    hub_set = set(hub_qubits)
    blocks = _blocks(circuit, operations, hub_set)
    hub = hub_order(hub_qubits, operations)
    unit = {qubit: index for index, block in enumerate(blocks) for qubit in block}
    unit.update((qubit, -1) for qubit in hub)
    order = _schedule(operations, unit)

    chain = hub + [qubit for block in blocks for qubit in block]
    initial = list(chain)
    where = {qubit: wire for wire, qubit in enumerate(chain)}
    routed = QuantumCircuit(QuantumRegister(circuit.num_qubits, "chain"), *circuit.cregs)
    routed.name = circuit.name
    routed.global_phase = circuit.global_phase
    routed.metadata = dict(circuit.metadata or {})
    wires = routed.qubits

    def swap(wire: int) -> None:
        left, right = chain[wire], chain[wire + 1]
        chain[wire], chain[wire + 1] = right, left
        where[left], where[right] = wire + 1, wire
        routed._append(_SWAP, (wires[wire], wires[wire + 1]), ())

    def move(qubit: int, target: int) -> None:
        wire = where[qubit]
        while wire < target:
            swap(wire)
            wire += 1
        while wire > target:
            swap(wire - 1)
            wire -= 1

    def span(members: Sequence[int]) -> tuple[int, int]:
        places = [where[qubit] for qubit in members]
        return min(places), max(places)

    def attach(block: Sequence[int]) -> None:
        """Bring ``block`` to the hub's right end; the qubits in between cross the hub."""
        first, last = span(hub)
        start = span(block)[0]
        if start > last:
            for _ in range(start - last - 1):  # the wire right of the hub crosses it
                for wire in range(last, first - 1, -1):
                    swap(wire)
                first, last = first + 1, last + 1
        else:
            for _ in range(first - start):  # the wire left of the hub crosses it
                first, last = span(hub)
                for wire in range(first - 1, last):
                    swap(wire)

    def gather(members: Sequence[int], low: int, high: int, edge: str) -> None:
        """Move ``members`` (inside wires ``low..high``) together at that edge."""
        places = sorted(where[qubit] for qubit in members)
        for wire, target in _gather_moves(places, edge, low, high):
            move(chain[wire], target)

    home = list(hub)
    for index in order:
        operation, qubits, clbits = operations[index]
        if len(qubits) > 1:
            block_ids = {unit[qubit] for qubit in qubits} - {-1}
            touches_hub = any(unit[qubit] == -1 for qubit in qubits)
            block = blocks[next(iter(block_ids))] if block_ids else None
            if touches_hub and block is not None and span(block)[0] != span(hub)[1] + 1:
                attach(block)
            places = sorted(where[qubit] for qubit in qubits)
            if places[-1] - places[0] != len(qubits) - 1:
                if not touches_hub:
                    assert block is not None  # every qubit off the hub is in a block
                    gather(qubits, *span(block), "middle")
                else:
                    first, last = span(hub)
                    inside = [q for q in qubits if unit[q] == -1]
                    edge = "middle" if block is None else "high"
                    for offset in _gather_swaps(chain[first : last + 1], inside, edge):
                        swap(first + offset)
                    if block is not None:
                        gather([q for q in qubits if unit[q] != -1], *span(block), "low")
                    routed._append(operation, [wires[where[q]] for q in qubits], clbits)
                    for offset in _sort_swaps(chain[first : last + 1], home):
                        swap(first + offset)
                    continue
        routed._append(operation, [wires[where[q]] for q in qubits], clbits)
    return routed, initial, list(chain)
