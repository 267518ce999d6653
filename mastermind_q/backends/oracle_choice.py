"""The one oracle chooser: which construction of ``B_s`` runs on a simulator or a device.

:func:`choose_construction` answers for every caller: the solvers
(:func:`mastermind_q.quantum.choose_oracle_construction`, which they run), the
resource counts (:func:`mastermind_q.resources.circuit_resources`), and the ``auto``
synthesis plugin (:mod:`mastermind_q.backends.synthesis`). The rule:

* nothing to route (no backend, an Aer simulator, a target without a coupling map):
  :data:`~mastermind_q.circuits.oracle.DEFAULT_CONSTRUCTION` (``fourier``), except
  where Aer simulates a Grover-type circuit as a matrix product state (the
  codebreaker's ``mps_construction``: ``adaptive`` runs
  ``increment`` there);
* a device (``fake:``, ``ibm:``, a backend object or a :class:`~qiskit.transpiler.Target`
  with a coupling map): each candidate of :func:`auto_candidates` is built for the
  all-zero secret (the gate counts do not depend on the secret), transpiled to the
  device's target as a block (``qubits_initially_zero=False``) with its compile
  setting for each seed of :data:`AUTO_SEEDS`; the fewest median two-qubit gates wins,
  ties by median depth, then by candidate order.

A device's choice is measured once per (target, n, k, m, candidates, compile setting,
Qiskit version) and kept in one cache: in this process, and on disk, like the solved
``optimal`` strategies, in the user cache. A backend name and its target share the
entry (the key names the target by :func:`target_label`), so ``solve``, ``resources``
and a user's ``transpile`` with ``HLSConfig(black_peg_oracle=["auto"])`` measure once
between them.

* directory: :func:`oracle_choice_directory`, ``$MASTERMIND_Q_CACHE_DIR/oracle-choice``
  or ``platformdirs.user_cache_dir("mastermind_q")/oracle-choice``, created ``0700``;
* one JSON file per key (:func:`choice_key`), named by a hash of the key, holding
  ``{"schema": 1, "key": {...}, "construction": "gray"}``;
* read back only if it is a regular file (not a link: ``O_NOFOLLOW``), owned by the
  user, not writable by group or others, at most :data:`MAX_CHOICE_BYTES` bytes, opened
  non-blocking (a FIFO planted there cannot hang the process), valid JSON of that schema
  with the same key and a construction of the set. Anything else is ignored and the
  choice recomputed (and rewritten). A cache that cannot be written only costs the
  recomputation next time.

Deleting the directory (or any file in it) is always safe. What choosing costs is in
``benchmarks/RESULTS.md``.

Example:
    >>> choose_construction("aer", 3, 4)
    'fourier'
    >>> key = choice_key("fake:torino", 8, 4, 4, ("fourier", "gray"), "3/sabre/sabre", "2.0")
    >>> key["device"], key["n"], key["constructions"]
    ('fake:torino', 8, ['fourier', 'gray'])
"""

from __future__ import annotations

import hashlib
import json
import statistics
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..caching import CACHE_ENV as _CACHE_ENV
from ..caching import cache_folder, read_json_cache, write_json_cache

__all__ = [
    "AUTO_SEEDS",
    "CACHE_ENV",
    "CHOICE_SCHEMA",
    "MAX_CHOICE_BYTES",
    "auto_candidates",
    "cheapest_by_formula",
    "choice_key",
    "choice_path",
    "choose_construction",
    "choose_construction_for_target",
    "clear_choices",
    "load_choice",
    "oracle_choice_directory",
    "store_choice",
    "target_label",
]

AUTO_SEEDS = (1, 2, 3)
"""``seed_transpiler`` values over which :func:`choose_construction` takes medians."""

CACHE_ENV = _CACHE_ENV
"""Environment variable naming the cache directory (:data:`mastermind_q.caching.CACHE_ENV`,
the folder of every disk cache)."""
CHOICE_SCHEMA = 1
"""Version of the cache file layout; a file of another version is ignored."""
MAX_CHOICE_BYTES = 4096
"""Largest cache file read back (a valid one is about 300 bytes)."""


def auto_candidates(family: str, colors: int) -> tuple[str, ...]:
    """The constructions ``auto`` considers on a device of ``family`` for ``k`` colours.

    Heavy-hex families (``heron``, ``eagle``, :func:`~.transpiling.device_family`) with
    ``k > 4`` also consider the layout-aware ``line`` construction, which routes with the
    fewest two-qubit gates there at ``n = k = 8`` and ``16`` (``benchmarks/RESULTS.md``,
    "A layout-aware oracle"). At ``k <= 4`` ``gray`` needs no ancilla and routes with
    fewer gates than ``line`` at every size measured; as a block at level 1 ``line`` can
    still look cheaper (n = 8) while the whole FindTwoColorPosition circuits then need
    more (1377 against 1260 for ``resources nonadaptive``), so it is not offered there.
    Other devices: ``fourier``, ``increment`` and ``gray``.
    """
    from ..circuits.oracle import CONSTRUCTIONS

    if family in ("heron", "eagle") and colors > 4:
        return CONSTRUCTIONS
    return tuple(name for name in CONSTRUCTIONS if name != "line")


def choose_construction(
    on: Any,
    num_positions: int,
    colors: int,
    score_qubits: int | None = None,
    *,
    mps_construction: str | None = None,
    optimization_level: int | None = None,
    use_cache: bool = True,
) -> str:
    """The oracle construction for ``n``, ``k`` (and ``m``) on ``on``: the one rule.

    See the module docstring. Whoever asks, a backend name and its device's target get
    the same answer from the same cache entry.

    Args:
        on: ``None`` (nothing to route), a backend name (``aer``, ``aer-statevector``,
            ``aer-mps``, ``fake:NAME``, ``ibm:NAME``), a backend object (its ``target``)
            or a :class:`~qiskit.transpiler.Target`.
        num_positions: ``n``.
        colors: ``k``.
        score_qubits: ``m`` (default the minimum).
        mps_construction: the construction the circuits' codebreaker prefers where Aer
            simulates them as a matrix product state
            (``mps_construction``; ``None``: the default).
        optimization_level: 0-3, or ``None`` for the device's measured compile setting.
        use_cache: read and write the disk cache.

    Returns:
        A construction name.

    Raises:
        ValueError: invalid sizes or backend name.
        CircuitTooWideError: no candidate fits the device (the narrowest is reported).
    """
    from ..circuits.oracle import _score_width
    from ..game import validate_colors, validate_positions

    n = validate_positions(num_positions)
    k = validate_colors(colors)
    m = _score_width(n, score_qubits)
    return _choose_construction(
        on,
        n,
        k,
        m,
        mps_construction=mps_construction,
        optimization_level=optimization_level,
        use_cache=use_cache,
    )


def _choose_construction(
    on: Any,
    n: int,
    k: int,
    m: int,
    *,
    mps_construction: str | None = None,
    optimization_level: int | None = None,
    use_cache: bool = True,
) -> str:
    """:func:`choose_construction` at validated sizes and score width."""
    from ..circuits.oracle import DEFAULT_CONSTRUCTION
    from ..circuits.oracle.constructions import _black_peg_oracle_cost
    from ..limits import check_circuit_size

    if on is None:
        return DEFAULT_CONSTRUCTION
    shown = None
    if isinstance(on, str):
        from .names import aer_method, backend_kind, resolve_backend, validate_backend_name

        name = shown = validate_backend_name(on)
        if backend_kind(name) == "aer":
            check_circuit_size(n, k)
            width = _black_peg_oracle_cost(n, k, DEFAULT_CONSTRUCTION, m)
            if aer_method(name, width.qubits) == "matrix_product_state":
                return mps_construction or DEFAULT_CONSTRUCTION
            return DEFAULT_CONSTRUCTION
        on = resolve_backend(name)  # once: an ibm: device is looked up over the network
    target = getattr(on, "target", on)
    if target is None or target.num_qubits is None or target.build_coupling_map() is None:
        return DEFAULT_CONSTRUCTION  # all-to-all: nothing is routed
    return _measured_choice(target, n, k, m, optimization_level, use_cache, shown)


_CHOICES: dict[str, str] = {}
"""Device choices made in this process, by their cache key (as JSON text)."""


def clear_choices() -> None:
    """Forget the choices made in this process (the disk cache stays)."""
    _CHOICES.clear()


def _measured_choice(
    target: Any,
    n: int,
    k: int,
    m: int,
    optimization_level: int | None,
    use_cache: bool,
    shown: str | None,
) -> str:
    """A device's choice: from the cache, else measured (and stored)."""
    from .transpiling import compile_setting, device_family

    label = target_label(target)
    device = types.SimpleNamespace(name=shown or label, target=target, num_qubits=target.num_qubits)
    setting = compile_setting(device, optimization_level)
    candidates = auto_candidates(device_family(device), k)
    key = choice_key(label, n, k, m, candidates, setting.label)
    remembered = json.dumps(key, sort_keys=True)
    if remembered not in _CHOICES:
        chosen = load_choice(key) if use_cache else None
        if chosen is None:
            chosen = _measure_choice(device, n, k, m, setting, candidates)
            if use_cache:
                store_choice(key, chosen)
        _CHOICES[remembered] = chosen
    return _CHOICES[remembered]


def choose_construction_for_target(
    target: Any,
    num_positions: int,
    colors: int,
    score_qubits: int,
    *,
    optimization_level: int | None = None,
    use_cache: bool = True,
) -> str:
    """Deprecated: :func:`choose_construction` takes a target itself."""
    import warnings

    warnings.warn(
        "choose_construction_for_target is deprecated and will be removed in the next "
        "release; use choose_construction(target, ...)",
        DeprecationWarning,
        stacklevel=2,
    )
    return choose_construction(
        target,
        num_positions,
        colors,
        score_qubits,
        optimization_level=optimization_level,
        use_cache=use_cache,
    )


def target_label(target: Any) -> str:
    """A name for a :class:`~qiskit.transpiler.Target` in cache keys: ``target:`` and a
    hash of its width, operation names and coupling map (two targets with the same
    three compile alike)."""
    coupling = target.build_coupling_map()
    edges = sorted(coupling.get_edges()) if coupling is not None else []
    text = json.dumps(
        [target.num_qubits, sorted(target.operation_names), edges], separators=(",", ":")
    )
    return "target:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def _measure_choice(
    device: Any, n: int, k: int, m: int, setting: Any, candidates: tuple[str, ...]
) -> str:
    """The measurement of :func:`choose_construction` on a backend-like ``device``
    (``name``, ``target``, ``num_qubits``)."""
    from ..circuits.oracle import black_peg_oracle
    from .names import CircuitTooWideError
    from .transpiling import transpile_for

    scores: dict[str, tuple[float, float, int]] = {}
    too_wide: CircuitTooWideError | None = None
    narrowest = 0
    for order, construction in enumerate(candidates):
        circuit = black_peg_oracle((0,) * n, k, construction=construction, score_qubits=m)
        if circuit.num_qubits > device.num_qubits:
            if too_wide is None or circuit.num_qubits < narrowest:
                narrowest = circuit.num_qubits
                too_wide = CircuitTooWideError(
                    f"circuit {circuit.name!r} needs {circuit.num_qubits} qubits, "
                    f"but backend {device.name!r} has {device.num_qubits}"
                )
            continue
        twos, depths = [], []
        for seed in AUTO_SEEDS:
            (compiled,) = transpile_for(
                [circuit], device, setting=setting, seed=seed, qubits_initially_zero=False
            )
            twos.append(sum(1 for item in compiled.data if item.operation.num_qubits == 2))
            depths.append(compiled.depth())
        scores[construction] = (statistics.median(twos), statistics.median(depths), order)
    if not scores:
        assert too_wide is not None
        raise too_wide
    return min(scores, key=scores.__getitem__)


def cheapest_by_formula(
    num_positions: int, colors: int, score_qubits: int, candidates: Sequence[str]
) -> str:
    """The candidate with the fewest CX before optimisation, then the fewest qubits
    (:func:`~mastermind_q.circuits.oracle.black_peg_oracle_cost`; ties by order): the
    choice where there is nothing to route (Aer, an all-to-all target)."""
    from ..circuits.oracle import black_peg_oracle_cost

    costs = {
        name: black_peg_oracle_cost(
            num_positions, colors, construction=name, score_qubits=score_qubits
        )
        for name in candidates
    }
    return min(candidates, key=lambda name: (costs[name].two_qubit_gates, costs[name].qubits))


def oracle_choice_directory() -> Path:
    """Where oracle choices are cached (module docstring)."""
    return cache_folder("oracle-choice")


def choice_key(
    device: str,
    num_positions: int,
    colors: int,
    score_qubits: int,
    constructions: Sequence[str],
    setting: str,
    qiskit_version: str | None = None,
) -> dict[str, Any]:
    """The key a choice is stored under (a JSON-ready dict).

    Args:
        device: the backend name (``fake:torino``, ``ibm:ibm_torino``).
        num_positions: ``n``.
        colors: ``k``.
        score_qubits: ``m``.
        constructions: the constructions considered, in order.
        setting: the compile setting (:meth:`CompileSetting.label
            <mastermind_q.backends.transpiling.CompileSetting.label>`).
        qiskit_version: default the installed ``qiskit.__version__``.
    """
    if qiskit_version is None:
        import qiskit

        qiskit_version = qiskit.__version__
    return {
        "device": str(device),
        "n": int(num_positions),
        "k": int(colors),
        "m": int(score_qubits),
        "constructions": [str(name) for name in constructions],
        "setting": str(setting),
        "qiskit": str(qiskit_version),
    }


def choice_path(key: dict[str, Any]) -> Path:
    """The cache file of ``key``: a hash of the key, so no name needs escaping."""
    text = json.dumps({"schema": CHOICE_SCHEMA, **key}, sort_keys=True)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
    return oracle_choice_directory() / f"oracle-choice-v{CHOICE_SCHEMA}-{digest}.json"


def load_choice(key: dict[str, Any]) -> str | None:
    """The construction cached for ``key``, or ``None`` if there is no valid entry.

    Never raises: a missing, unreadable, untrusted or malformed file is ``None``.
    """
    # a small regular file of ours, not a link, that others cannot write
    record = read_json_cache(choice_path(key), max_bytes=MAX_CHOICE_BYTES, follow_links=False)
    if not isinstance(record, dict) or set(record) != {"schema", "key", "construction"}:
        return None
    construction = record["construction"]
    if type(record["schema"]) is not int or record["schema"] != CHOICE_SCHEMA:
        return None
    if json.dumps(record["key"], sort_keys=True) != json.dumps(key, sort_keys=True):
        return None  # compared as JSON text: 3.0 is not 3, true is not 1
    if not isinstance(construction, str) or construction not in key["constructions"]:
        return None
    return construction


def store_choice(key: dict[str, Any], construction: str) -> Path | None:
    """Write ``construction`` for ``key``; the path, or ``None`` if it could not be written.

    The directory is created ``0700``; the file is written to a private temporary file
    (``0600``) and renamed into place, so a reader never sees half a file.

    Raises:
        ValueError: ``construction`` is not one of ``key["constructions"]``.
    """
    if construction not in key["constructions"]:
        raise ValueError(
            f"construction must be one of {key['constructions']}, was {construction!r}"
        )
    path = choice_path(key)
    record = {"schema": CHOICE_SCHEMA, "key": key, "construction": construction}
    if not write_json_cache(path, record, sort_keys=True, compact=False):
        return None
    return path
