"""OpenQASM 3 of the toolkit's circuits, the codemaker's opaque boxes included.

:func:`to_qasm` writes a circuit (an opaque oracle box is called, not defined, and named
on the first line); :func:`load_qasm` reads such a file back.
"""

from __future__ import annotations

import re

from qiskit import QuantumCircuit
from qiskit.circuit import Gate

__all__ = ["load_qasm", "to_qasm"]


def to_qasm(circuit: QuantumCircuit) -> str:
    """``circuit`` as OpenQASM 3 (:func:`qiskit.qasm3.dumps`).

    A gate without a definition -- the codemaker's opaque oracle ``B_s`` / ``B_s_dg`` in
    the circuits of a solve -- is written as a call to an undeclared gate, and a
    comment on the first line names it: whoever runs the file supplies the oracle.
    """
    from qiskit import qasm3
    from qiskit.qasm3 import QASM3ExporterError

    opaque: list[str] = []
    while True:
        try:
            text = qasm3.dumps(circuit, basis_gates=opaque)
        except QASM3ExporterError as error:
            found = re.search(r"failed to export gate '([^']+)' that has no definition", str(error))
            if found is None or found.group(1) in opaque or len(opaque) > 8:
                raise
            opaque.append(found.group(1))
            continue
        break
    if not opaque:
        return text
    widths = _opaque_widths(circuit, set(opaque))
    names = ", ".join(f"{name} ({widths[name]} qubits)" for name in opaque)
    return (
        f"// {names}: opaque, the codemaker's oracle, called but not defined here; "
        "load with mastermind_q.drawing.load_qasm(text) (the boxes come back opaque)\n"
        f"{text}"
    )


def _opaque_widths(circuit: QuantumCircuit, names: set[str]) -> dict[str, int]:
    """The qubit count of each gate named in ``names``, searched through definitions."""
    found: dict[str, int] = {}
    for instruction in circuit.data:
        operation = instruction.operation
        if operation.name in names:
            found.setdefault(operation.name, operation.num_qubits)
        elif getattr(operation, "definition", None) is not None:
            for name, width in _opaque_widths(operation.definition, names).items():
                found.setdefault(name, width)
    return found


_OPAQUE_HEADER = re.compile(r"^// (.+?): opaque, the codemaker's oracle")
_OPAQUE_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*) \((\d+) qubits\)")


def load_qasm(text: str) -> QuantumCircuit:
    """Read OpenQASM 3 written by :func:`to_qasm`, opaque oracle boxes included.

    ``qiskit.qasm3.loads`` refuses a call of an undeclared gate, such as the codemaker's
    opaque ``B_s`` in the circuits of a solve. The first line of such a file names the
    boxes and their qubit counts; they are declared for the reader, and come back as
    gates of the same name and width *without* a definition. Such a circuit can be
    drawn, transpiled around the box and counted, but not run:
    :meth:`~mastermind_q.codemaker.Codemaker.run` accepts only the oracle objects its
    codemaker handed out, so a reloaded box is refused (it could be anybody's ``B_s``).
    A file without opaque boxes (a known secret's circuit) loads as
    ``qiskit.qasm3.loads`` reads it.

    Raises:
        TypeError: ``text`` is not a string.
        ValueError: ``text`` is not valid OpenQASM 3.
    """
    from qiskit import qasm3

    if not isinstance(text, str):
        raise TypeError(f"text must be a string of OpenQASM 3, was {type(text).__name__}")
    first, _, rest = text.partition("\n")
    header = _OPAQUE_HEADER.match(first)
    widths = (
        {}
        if header is None
        else {name: int(width) for name, width in _OPAQUE_NAME.findall(header.group(1))}
    )
    if widths:
        declarations = "".join(
            f"gate {name} " + ", ".join(f"q{j}" for j in range(width)) + " { }\n"
            for name, width in widths.items()
        )
        marker = 'include "stdgates.inc";\n'
        text = rest.replace(marker, marker + declarations, 1) if marker in rest else rest
    try:
        loaded = qasm3.loads(text)
    except Exception as error:  # the importer raises several types for bad programs
        raise ValueError(f"not a readable OpenQASM 3 program: {error}") from None
    if not widths:
        return loaded

    def opaque(circuit: QuantumCircuit) -> QuantumCircuit:
        rebuilt = circuit.copy_empty_like()
        for instruction in circuit.data:
            operation = instruction.operation
            if operation.name in widths:
                operation = Gate(operation.name, operation.num_qubits, [])
            elif isinstance(operation, Gate) and operation.definition is not None:
                inner = opaque(operation.definition)
                if inner != operation.definition:
                    operation = Gate(operation.name, operation.num_qubits, operation.params)
                    operation.definition = inner
            rebuilt.append(operation, instruction.qubits, instruction.clbits)
        return rebuilt

    return opaque(loaded)
