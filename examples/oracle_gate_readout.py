"""The oracle gate in one's own circuit, and the answer read back from the counts.

Usage::

    python examples/oracle_gate_readout.py

For the secret ``2,0,3,1`` (n = 4 positions, k = 4 colours) the script builds
:class:`mastermind_q.circuits.BlackPegOracleGate`, the black-peg oracle of a known
secret, and uses it twice on Aer:

1. one classical guess: X gates write the guess into the colour qubits, the oracle adds
   ``B_s(x)`` into the score register, and the measured score is compared with
   :func:`mastermind_q.black`;
2. the whole secret with Algorithm 4 (:func:`mastermind_q.circuits.adaptive_circuit`,
   exact Grover search): the colour registers are measured and decoded.

Decoding. Qiskit writes a counts key with classical bit 0 rightmost. Position ``i``
holds its colour little-endian in qubits ``[i*q, (i+1)*q)`` (``q = 2`` here) and the
measurements keep that order, so position ``i`` is the ``q`` characters that end
``i*q`` characters from the right, read as a binary number: ``int(key[::-1][i*q :
(i+1)*q][::-1], 2)``. The score register is little-endian too: ``int(key, 2)`` for a
key holding the score alone.
"""

from __future__ import annotations

from qiskit import ClassicalRegister, QuantumCircuit, transpile
from qiskit_aer import AerSimulator

import mastermind_q as mq
from mastermind_q.circuits import BlackPegOracleGate, adaptive_circuit, exact_grover_parameters

SECRET = (2, 0, 3, 1)
COLORS = 4


def position_colors(key: str, num_positions: int, bits_per_position: int) -> tuple[int, ...]:
    """The colours of a counts key (classical bit 0 rightmost), position by position."""
    low_first = key.replace(" ", "")[::-1]  # character j is classical bit j
    return tuple(
        int(low_first[i * bits_per_position : (i + 1) * bits_per_position][::-1], 2)
        for i in range(num_positions)
    )


def score_of_a_guess(guess: tuple[int, ...]) -> int:
    """``B_s(guess)``, measured from one run of the oracle."""
    oracle = BlackPegOracleGate.for_construction(SECRET, COLORS, "gray")
    q = 2  # qubits per colour for k = 4
    n, m = len(SECRET), oracle.score_qubits
    circuit = QuantumCircuit(oracle.num_qubits)
    for position, color in enumerate(guess):  # write x into the colour qubits
        for bit in range(q):
            if (color >> bit) & 1:
                circuit.x(position * q + bit)
    circuit.append(oracle, circuit.qubits)
    score = ClassicalRegister(m, "score")
    circuit.add_register(score)
    circuit.measure(range(n * q, n * q + m), score)  # score qubit j -> classical bit j
    simulator = AerSimulator(seed_simulator=1)
    counts = simulator.run(transpile(circuit, simulator), shots=32).result().get_counts()
    (key,) = counts  # one outcome: the oracle is exact
    return int(key, 2)


def secret_by_grover() -> tuple[tuple[int, ...], float]:
    """Algorithm 4 around the oracle gate; the most frequent decoded code and its share."""
    oracle = BlackPegOracleGate(SECRET, COLORS)
    circuit = adaptive_circuit(oracle, num_positions=len(SECRET), colors=COLORS)
    _, phi = exact_grover_parameters(COLORS)
    circuit = circuit.assign_parameters(dict.fromkeys(circuit.parameters, phi))
    simulator = AerSimulator(seed_simulator=1)
    counts = simulator.run(transpile(circuit, simulator), shots=256).result().get_counts()
    key = max(counts, key=counts.get)
    return position_colors(key, len(SECRET), 2), counts[key] / sum(counts.values())


def main() -> None:
    guess = (2, 1, 3, 3)
    measured = score_of_a_guess(guess)
    print(f"guess {guess}: measured score {measured}, black() says {mq.black(SECRET, guess)}")
    found, share = secret_by_grover()
    print(f"Algorithm 4 read {found} in {share:.0%} of the shots (secret {SECRET})")


if __name__ == "__main__":
    main()
