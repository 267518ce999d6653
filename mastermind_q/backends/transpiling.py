"""Transpiling for a backend: Aer's basis, or a device's :class:`~qiskit.transpiler.Target`.

Devices are compiled with a :class:`CompileSetting` chosen per device family by
measurement (:data:`DEVICE_COMPILE_SETTINGS`, ``benchmarks/devices.py``); an explicit
optimisation level (``--optimization-level``,
:attr:`~mastermind_q.backends.ExecutionOptions.optimization_level`) overrides it with
that level's preset pass manager. Aer targets use level 1 unless told otherwise.
"""

from __future__ import annotations

import dataclasses
import threading
import types
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from qiskit import QuantumCircuit

from .names import CircuitTooWideError, aer_method, backend_kind, resolve_backend
from .options import ExecutionOptions, ProgressEvent, current_execution_options

if TYPE_CHECKING:
    from qiskit.providers import BackendV2

__all__ = [
    "AER_BASIS",
    "AER_MPS_BASIS",
    "DEFAULT_OPTIMIZATION_LEVEL",
    "DEVICE_COMPILE_SETTINGS",
    "CompileSetting",
    "compile_setting",
    "device_family",
    "transpile_for",
]

AER_BASIS = ("cx", "rz", "sx", "x", "h", "p", "u")
"""Basis used when transpiling for Aer (wide circuits cannot target the MPS simulator)."""
AER_MPS_BASIS = (*AER_BASIS, "cp", "ccx", "swap")
"""Basis for Aer's matrix product state method: it applies ``cp``, ``ccx`` and ``swap``
natively, so keeping them saves gates (a ``cp`` would otherwise become 2 ``cx`` + 3 ``p``).
Circuits with free parameters use :data:`AER_BASIS` instead: Aer ignores a run-time value
bound to a ``cp``."""


DEFAULT_OPTIMIZATION_LEVEL = 1
"""The preset level on Aer targets (and devices of no measured family) by default."""


@dataclasses.dataclass(frozen=True)
class CompileSetting:
    """How a device is compiled: a preset pass manager level and its layout and routing.

    Attributes:
        optimization_level: 0-3.
        layout_method: the preset pass manager's ``layout_method`` (``None``: the
            level's default, ``sabre`` at levels 1-3).
        routing_method: ``routing_method`` (``None``: the level's default, ``sabre``).
    """

    optimization_level: int
    layout_method: str | None = None
    routing_method: str | None = None

    @property
    def label(self) -> str:
        """``level/layout/routing``, e.g. ``3/sabre/sabre`` (``default`` for ``None``)."""
        layout = self.layout_method or "default"
        routing = self.routing_method or "default"
        return f"{self.optimization_level}/{layout}/{routing}"

    def pass_manager(self, *, device_plugins: bool = True, **options: Any) -> Any:
        """:func:`~qiskit.transpiler.generate_preset_pass_manager` for this setting.

        Args:
            device_plugins: whether the preset pass manager may load the transpiler
                stage plugins other packages register (``qiskit_ibm_runtime``'s
                translation plugins); ``False`` for Aer targets, which use Qiskit's own
                stages only: loading those plugins imports the IBM runtime stack
                (scipy, pydantic, ...), about 1 s of start-up an Aer run never uses.
            options: passed on (``basis_gates``, ``target``, ...).
        """
        from qiskit.transpiler import generate_preset_pass_manager

        with _builtin_stage_plugins(not device_plugins):
            return generate_preset_pass_manager(
                optimization_level=self.optimization_level,
                layout_method=self.layout_method,
                routing_method=self.routing_method,
                **options,
            )


_STAGE_FILTER = threading.local()
"""``hide``: whether this thread's preset pass manager sees Qiskit's own stage plugins
only (:func:`_builtin_stage_plugins`)."""
_STAGE_FILTER_LOCK = threading.Lock()


@contextmanager
def _builtin_stage_plugins(hide: bool) -> Iterator[None]:
    """While active (``hide``), Qiskit's stage plugin manager in this thread lists only
    entry points of Qiskit itself, so other packages' stage plugins are not imported.

    Qiskit's ``PassManagerStagePluginManager`` loads (imports) every registered stage
    plugin each time a preset pass manager is built; its module's ``stevedore`` is
    replaced once by a copy whose ``ExtensionManager`` filters the listed entry points
    when this thread asks for it, and lists all of them otherwise (other threads, device
    targets).
    """
    if not hide:
        yield
        return
    _install_stage_filter()
    _STAGE_FILTER.hide = True
    try:
        yield
    finally:
        _STAGE_FILTER.hide = False


def _install_stage_filter() -> None:
    from qiskit.transpiler.preset_passmanagers import plugin

    with _STAGE_FILTER_LOCK:
        if getattr(plugin.stevedore, "_mastermind_q_filtered", False):
            return
        original = plugin.stevedore
        base = original.ExtensionManager

        class StageExtensionManager(base):  # type: ignore[misc, valid-type]
            def list_entry_points(self) -> Any:
                entries = super().list_entry_points()
                if getattr(_STAGE_FILTER, "hide", False):
                    entries = [entry for entry in entries if entry.value.startswith("qiskit.")]
                return entries

        filtered = types.ModuleType(original.__name__)
        filtered.__dict__.update(vars(original))
        filtered.ExtensionManager = StageExtensionManager  # type: ignore[attr-defined]
        filtered._mastermind_q_filtered = True  # type: ignore[attr-defined]
        plugin.stevedore = filtered


DEVICE_COMPILE_SETTINGS: dict[str, CompileSetting] = {
    "heron": CompileSetting(3),
    "eagle": CompileSetting(3),
}
"""The default compile setting per device family (:func:`device_family`).

The rule: among the measured settings (``benchmarks/devices.py``: levels 1-3, layout
``sabre``/``dense``/``trivial`` or the preset's own, routing ``sabre``/``basic``, best
of 3 seeds), the one with the highest geometric-mean success of FindTwoColorPosition
over the measured sizes (k = 4, n = 5 and 8, transpiler seeds 1-3, the fast ``fake:``
noisy path); exact ties go to the higher success per second of compile. Success per
second of compile alone rewards the fastest pass manager whatever it costs in success
(on Torino ``1/trivial/sabre``: 1.66x the two-qubit gates, success 0.016 at n = 8),
while compile times of 0.02-0.3 s per circuit are small against any run. Measured:
the preset level 3 with its own layout stage (``3/default/default``: VF2Layout, the
noise-aware perfect layout, before Sabre, and VF2PostLayout) on both heavy-hex
families. On Torino its success is 0.683 / 0.422 at n = 5 / 8 against 0.623 / 0.230
for the former default (level 1, its own layout) and 0.502 / 0.088 for level 3 with an
explicit Sabre layout, which skips the VF2 stages; ``resources nonadaptive`` needs
419 / 884 two-qubit gates against 567 / 1260. ``benchmarks/RESULTS.md`` ("Compile
settings per device", and its correction) has the tables. Families not listed use the
preset level :data:`DEFAULT_OPTIMIZATION_LEVEL`.
"""


def device_family(device: Any) -> str:
    """``"heron"`` (native ``cz``), ``"eagle"`` (native ``ecr``) or ``"other"``.

    The family is read from the device target's two-qubit basis gate: IBM's Heron
    processors (Torino, Fez, ...) use ``cz``, Eagle processors (Sherbrooke, Brisbane,
    ...) ``ecr``; both are heavy-hex.
    """
    names = set(device.target.operation_names)
    if "cz" in names:
        return "heron"
    if "ecr" in names:
        return "eagle"
    return "other"


def compile_setting(device: Any | None, optimization_level: int | None = None) -> CompileSetting:
    """The :class:`CompileSetting` for ``device`` (``None``: an Aer target).

    An explicit ``optimization_level`` wins (that level's preset defaults); otherwise the
    device family's measured setting (:data:`DEVICE_COMPILE_SETTINGS`), or level
    :data:`DEFAULT_OPTIMIZATION_LEVEL` for Aer and unmeasured families.

    Raises:
        ValueError: a level outside 0-3.
    """
    if optimization_level is not None:
        ExecutionOptions(optimization_level=optimization_level)  # validates the level
        return CompileSetting(optimization_level)
    if device is None:
        return CompileSetting(DEFAULT_OPTIMIZATION_LEVEL)
    return DEVICE_COMPILE_SETTINGS.get(
        device_family(device), CompileSetting(DEFAULT_OPTIMIZATION_LEVEL)
    )


def _check_width(circuits: Sequence[QuantumCircuit], name: str, backend: BackendV2) -> None:
    available = backend.num_qubits
    for circuit in circuits:
        if circuit.num_qubits > available:
            raise CircuitTooWideError(
                f"circuit {circuit.name!r} needs {circuit.num_qubits} qubits, "
                f"but backend {name!r} has {available}"
            )


def transpile_for(
    circuits: Sequence[QuantumCircuit],
    backend: str | BackendV2,
    *,
    optimization_level: int | None = None,
    seed: int | None = None,
    qubits_initially_zero: bool = True,
    progress: Callable[[ProgressEvent], None] | None = None,
    setting: CompileSetting | None = None,
) -> list[QuantumCircuit]:
    """Transpile ``circuits`` with a preset pass manager for ``backend``.

    Aer names use Aer's basis (no coupling map); device backends (``fake:``, ``ibm:``,
    or a backend object) use their :class:`~qiskit.transpiler.Target`.

    Args:
        circuits: the circuits.
        backend: a backend name or a Qiskit backend.
        optimization_level: 0-3 (default: the current :class:`ExecutionOptions`; when
            that is ``None`` too, :func:`compile_setting` picks the device's measured
            setting, level 1 on Aer).
        seed: ``seed_transpiler`` (device targets).
        qubits_initially_zero: ``False`` for a block (e.g. the oracle alone) whose
            inputs are not ``|0>``: synthesis may then not borrow idle qubits as clean
            ancillas.
        progress: called once per transpiled circuit.
        setting: compile with this :class:`CompileSetting` (overrides
            ``optimization_level``).

    Raises:
        CircuitTooWideError: a circuit is wider than the device.
    """
    options = current_execution_options()
    level = options.optimization_level if optimization_level is None else optimization_level
    circuits = list(circuits)
    if isinstance(backend, str) and backend_kind(backend) == "aer":
        width = max((circuit.num_qubits for circuit in circuits), default=1)
        mps = aer_method(backend, width) == "matrix_product_state"
        chosen = setting or compile_setting(None, level)
        # Aer ignores a run-time value for a parameterised controlled phase (``cp``;
        # Qiskit/qiskit-aer#2391, #2403): circuits with free parameters keep to the
        # single-qubit phases and unparameterised two-qubit gates of AER_BASIS.
        parameterised = any(circuit.parameters for circuit in circuits)
        manager = chosen.pass_manager(
            device_plugins=False,
            basis_gates=list(AER_MPS_BASIS if mps and not parameterised else AER_BASIS),
            qubits_initially_zero=qubits_initially_zero,
        )
    else:
        device = resolve_backend(backend) if isinstance(backend, str) else backend
        _check_width(circuits, backend if isinstance(backend, str) else device.name, device)
        chosen = setting or compile_setting(device, level)
        manager = chosen.pass_manager(
            target=device.target,
            seed_transpiler=seed,
            qubits_initially_zero=qubits_initially_zero,
        )
    compiled = []
    for index, circuit in enumerate(circuits):
        compiled.append(manager.run(circuit))
        if progress is not None:
            progress(ProgressEvent("transpile", index + 1, len(circuits)))
    return compiled
