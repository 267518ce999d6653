"""Runtime batches: a sweep's device jobs submitted together (``Batch`` execution mode).

A comparison sweep on ``ibm:NAME`` runs many small jobs, one per solver call. Queued one
by one, each waits its turn in the device queue. qiskit-ibm-runtime's
:class:`~qiskit_ibm_runtime.Batch` execution mode submits them as one batch instead:
the scheduler may run them together, and they share one batch id.

Within :func:`runtime_batch`, every runtime-sampler job on that backend (``ibm:`` and
``fake:`` with ``fake_mode="runtime"``, the same code path) is submitted in the batch,
and its job record names it (``batch_id``). On hardware the id is the runtime's own; in
local mode (fakes) the runtime gives none, and the toolkit names the batch
``local-<hex>``. The fast ``fake:`` path and ``aer`` run no runtime jobs: there
:func:`runtime_batch` opens nothing.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator

from .names import backend_kind, resolve_backend
from .options import _BATCH, OpenBatch, current_batch, current_execution_options

__all__ = ["OpenBatch", "current_batch", "runtime_batch", "uses_runtime"]


def uses_runtime(backend: str, fake_mode: str | None = None) -> bool:
    """Whether jobs on ``backend`` go through qiskit-ibm-runtime's sampler.

    ``fake_mode``: the fake-backend path (default: the current execution options').
    """
    kind = backend_kind(backend)
    if fake_mode is None:
        fake_mode = current_execution_options().fake_mode
    return kind == "ibm" or (kind == "fake" and fake_mode == "runtime")


@contextlib.contextmanager
def runtime_batch(backend: str, fake_mode: str | None = None) -> Iterator[OpenBatch | None]:
    """Submit the runtime jobs on ``backend`` inside this block in one ``Batch``.

    Yields the :class:`OpenBatch` (``None`` when ``backend`` runs no runtime jobs), which
    an :class:`~mastermind_q.backends.Execution` built inside the block carries (its
    ``batch``), or which a caller puts in the record it passes on. The
    batch is closed when the block ends, interrupted or not: jobs already submitted
    still run to the end, and their records let ``jobs fetch`` retrieve them.

    Raises:
        ValueError: an invalid backend name.
        BackendUnavailableError: the backend cannot be reached.
    """
    if not uses_runtime(backend, fake_mode):
        yield None
        return
    from qiskit_ibm_runtime import Batch

    batch = Batch(backend=resolve_backend(backend))
    opened = OpenBatch(backend, batch, f"local-{uuid.uuid4().hex[:16]}")
    token = _BATCH.set(opened)
    try:
        yield opened
    finally:
        _BATCH.reset(token)
        batch.close()
