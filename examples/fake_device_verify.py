"""Solve on a noisy fake IBM device, with the answer certified by ``verify=True``.

Usage::

    python examples/fake_device_verify.py

Runs the one-query ``two-color`` solver (Algorithm 3) for the secret ``1,0,1`` on
``fake:manila`` (a 5-qubit device model of qiskit-ibm-runtime: its coupling map, basis
gates and noise, offline). Noise makes some shots wrong; with ``verify=True`` the
codebreaker asks the codemaker one classical black-peg query with its decoded answer
and repairs it from the shots' vote margins until the answer is certified. The script
prints the answer, whether it is certified, and how the queries split into quantum and
classical ones.
"""

from __future__ import annotations

import mastermind_q as mq


def main() -> None:
    result = mq.solve(
        (1, 0, 1), colors=2, method="two-color", backend="fake:manila", shots=256, seed=3,
        verify=True,
    )  # fmt: skip
    print(f"found {result.found}, solved {result.solved}, certified {result.certified}")
    print(
        f"{result.queries} queries: {result.quantum_queries} quantum "
        f"+ {result.classical_queries} classical"
    )
    confidence = ", ".join(f"{value:.2f}" for value in result.position_confidence)
    print(f"per-position confidence from the shots: {confidence}")


if __name__ == "__main__":
    main()
