"""Backend names and the Qiskit backends they stand for (Aer, fake devices, IBM Quantum)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qiskit.providers import BackendV2

__all__ = [
    "BACKEND_FORMS",
    "FAKE_MODES",
    "IBM_CREDENTIAL_VARIABLES",
    "STATEVECTOR_MAX_QUBITS",
    "BackendUnavailableError",
    "CircuitTooWideError",
    "aer_method",
    "backend_kind",
    "fake_backend",
    "fake_backend_names",
    "ibm_service",
    "is_exact",
    "resolve_backend",
    "validate_backend_name",
]

BACKEND_FORMS = ("aer", "aer-statevector", "aer-mps", "fake:NAME", "ibm:NAME")
"""The valid backend name forms."""
STATEVECTOR_MAX_QUBITS = 14
"""The ``aer`` backend switches from statevector to matrix product state above this width.

The toolkit's circuits are cheap for MPS (the score register is the only link between
positions; bond dimensions stay small), while a statevector at 20-24 qubits costs
seconds per circuit: MPS is 10-40x faster there, so the switch comes early."""
FAKE_MODES = ("aer", "runtime")
"""How ``fake:`` backends run: ``aer`` (fast, active qubits only) or ``runtime`` (local mode)."""
IBM_CREDENTIAL_VARIABLES = ("QISKIT_IBM_TOKEN", "QISKIT_IBM_INSTANCE")
"""Environment variables read (by qiskit-ibm-runtime) when no account is saved."""


class BackendUnavailableError(ValueError):
    """A backend that cannot be used here: unknown device, no credentials, no service."""


class CircuitTooWideError(ValueError):
    """A circuit needs more qubits than the backend has."""


def validate_backend_name(name: Any) -> str:
    """Return ``name`` if it is a valid backend name; raise ``ValueError`` listing the forms."""
    if isinstance(name, str):
        if name in ("aer", "aer-statevector", "aer-mps"):
            return name
        prefix, _, rest = name.partition(":")
        if prefix in ("fake", "ibm") and rest:
            return name
    forms = ", ".join(BACKEND_FORMS)
    raise ValueError(f"backend must be one of {forms}; was {name!r}")


def is_exact(name: str) -> bool:
    """Whether ``name`` gives exact statevector probabilities (``aer-statevector``)."""
    return validate_backend_name(name) == "aer-statevector"


def aer_method(name: str, num_qubits: int) -> str:
    """The Aer simulation method for backend ``name`` and a circuit of ``num_qubits``."""
    name = validate_backend_name(name)
    if name == "aer-statevector":
        return "statevector"
    if name == "aer-mps":
        return "matrix_product_state"
    if name == "aer":
        return "statevector" if num_qubits <= STATEVECTOR_MAX_QUBITS else "matrix_product_state"
    raise ValueError(f"backend {name!r} is not an Aer backend")


def backend_kind(name: str) -> str:
    """``"aer"``, ``"fake"`` or ``"ibm"`` for the backend name ``name``."""
    name = validate_backend_name(name)
    return name.partition(":")[0] if ":" in name else "aer"


# -- fake and IBM backends -----------------------------------------------------------
def _fake_classes() -> dict[str, type]:
    """Lower-case keys (``torino``, ``faketorino``, ``fake_torino``) -> fake backend class."""
    from qiskit_ibm_runtime import fake_provider

    classes: dict[str, type] = {}
    for attribute in dir(fake_provider):
        if not attribute.startswith("Fake") or attribute.startswith("FakeProvider"):
            continue
        cls = getattr(fake_provider, attribute)
        if not isinstance(cls, type):
            continue
        short = attribute[len("Fake") :]
        short = short.removesuffix("V2").removesuffix("Backend")
        for key in (attribute.lower(), short.lower(), f"fake_{short.lower()}"):
            classes.setdefault(key, cls)
    return classes


def fake_backend_names() -> list[str]:
    """The device names accepted after ``fake:`` (short forms, e.g. ``torino``)."""
    return sorted(key for key in _fake_classes() if not key.startswith("fake"))


@functools.lru_cache(maxsize=8)
def fake_backend(name: str) -> BackendV2:
    """The qiskit-ibm-runtime fake backend for ``name`` (``torino``, ``fake_torino``, ...).

    Raises:
        BackendUnavailableError: no fake backend has that name (the message lists them).
    """
    key = name.removeprefix("fake:").strip().lower()
    folders = _fake_device_folders()
    short = key.removeprefix("fake").removeprefix("_").removesuffix("v2")
    if folders and short not in folders:  # refused without importing the IBM runtime (2 s)
        raise BackendUnavailableError(_unknown_fake(name, short, sorted(folders)))
    cls = _fake_classes().get(key)
    if cls is None:
        raise BackendUnavailableError(_unknown_fake(name, short, fake_backend_names()))
    return cls()


def _fake_device_folders() -> set[str]:
    """The device folders of qiskit-ibm-runtime's fake provider, read without importing
    it (empty if they cannot be found: the caller then imports it)."""
    import importlib.util
    import os

    try:
        spec = importlib.util.find_spec("qiskit_ibm_runtime")
    except (ImportError, ValueError):
        return set()
    if spec is None or spec.origin is None:
        return set()
    folder = os.path.join(os.path.dirname(spec.origin), "fake_provider", "backends")
    try:
        entries = os.listdir(folder)
    except OSError:
        return set()
    return {entry for entry in entries if entry.isidentifier() and not entry.startswith("_")}


def _unknown_fake(name: str, key: str, names: list[str]) -> str:
    """``no fake backend named ...``, with the closest names (not all of them)."""
    import difflib

    from ..game import shown

    close = difflib.get_close_matches(key, names, n=3, cutoff=0.6)
    hint = (
        f"did you mean {', '.join(close)}?"
        if close
        else f"{len(names)} devices, e.g. {', '.join(names[:3])}"
    )
    return f"no fake backend named {shown(name)}; {hint}"


def ibm_service() -> Any:
    """A ``QiskitRuntimeService`` from the saved account or the environment variables.

    Credentials: the account saved with ``QiskitRuntimeService.save_account``, else
    ``QISKIT_IBM_TOKEN`` (and ``QISKIT_IBM_INSTANCE``). The token is never stored by
    this package.

    Raises:
        BackendUnavailableError: no credentials, or the service cannot be reached.
    """
    from qiskit_ibm_runtime import QiskitRuntimeService

    try:
        return QiskitRuntimeService()
    except Exception as error:  # the runtime raises many kinds; all mean "not usable"
        raise BackendUnavailableError(
            "IBM Quantum is not available: "
            f"{type(error).__name__}: {error}. Save an account with "
            "QiskitRuntimeService.save_account(token=..., instance=...) or set "
            f"{' and '.join(IBM_CREDENTIAL_VARIABLES)}"
        ) from error


def _ibm_backend(name: str) -> BackendV2:
    device = name.removeprefix("ibm:")
    service = ibm_service()
    try:
        return service.backend(device)
    except Exception as error:
        raise BackendUnavailableError(
            f"IBM Quantum backend {device!r} is not available: {type(error).__name__}: {error}"
        ) from error


def resolve_backend(name: str, num_qubits: int = 1) -> BackendV2:
    """The Qiskit backend object for the backend name ``name``.

    Args:
        name: a backend name (see :data:`BACKEND_FORMS`).
        num_qubits: circuit width (picks the Aer method for ``aer``).

    Raises:
        ValueError: an invalid name.
        BackendUnavailableError: an unknown fake device, or IBM Quantum not reachable.
    """
    kind = backend_kind(name)
    if kind == "aer":
        from qiskit_aer import AerSimulator

        return AerSimulator(method=aer_method(name, num_qubits))
    if kind == "fake":
        return fake_backend(name.removeprefix("fake:"))
    return _ibm_backend(name)
