"""A Python that imports once and runs many command lines, each in its own child process.

Run as ``python tests/forkserver.py`` from the repository root (its code is then the one
imported, as ``python -m`` from there imports it) by :func:`helpers.run_pythons`. It
reads one JSON object on stdin: ``preload`` (module names to import first), ``warm``
(names in :data:`WARM_UPS`: one-time set-ups to do first, as a long-lived interpreter
has them done), ``jobs``
(id -> the arguments of ``python``: ``["-m", MODULE, ...]`` or ``[SCRIPT, ...]``),
``cwd`` (id -> working folder), ``workers``, ``address_space`` (``RLIMIT_AS`` of each
child, or ``None``) and ``wall_limit``. Each job runs in a child forked from this
process after the preload, with stdin ``/dev/null`` and stdout and stderr in files, as
the interpreter runs a module or a script: ``sys.argv`` and ``sys.path[0]`` set, and its
``SystemExit`` status (or 1 and the traceback on stderr for another exception) the exit
status. What it prints on stdout is one JSON object: id -> exit status, stdout, stderr,
CPU seconds and peak resident bytes of that child alone (``wait4``), and wall seconds.
A child still running after ``wall_limit`` seconds is killed.

Only the imports are shared: the command's own work, its exit status, its output and its
resources are its own process's, as in a fresh interpreter.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import runpy
import sys
import tempfile
import time
import traceback
import warnings


def _warm_transpiler() -> None:
    """Qiskit loads its transpiler stage plugins on the first preset pass manager."""
    from qiskit.transpiler import generate_preset_pass_manager

    generate_preset_pass_manager(optimization_level=1, basis_gates=["cx", "u"])


def _warm_matplotlib() -> None:
    """Matplotlib reads its font list on the first text it draws."""
    from matplotlib import font_manager

    font_manager.findfont("DejaVu Sans")


WARM_UPS = {"transpiler": _warm_transpiler, "matplotlib": _warm_matplotlib}
"""One-time set-ups a job may find done (they start no thread and run no circuit)."""


def _child(arguments: list[str], cwd: str, out: int, err: int, address_space: int | None) -> None:
    """In the forked child: run ``python ARGUMENTS`` here and never return."""
    status = 1
    try:
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
        os.chdir(cwd)
        if address_space is not None:
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
        try:
            if arguments[0] == "-m":
                sys.argv = ["-m", *arguments[2:]]
                sys.path[0] = cwd
                runpy.run_module(arguments[1], run_name="__main__", alter_sys=True)
            else:
                sys.argv = list(arguments)
                sys.path[0] = os.path.dirname(os.path.abspath(arguments[0]))
                runpy.run_path(arguments[0], run_name="__main__")
            status = 0
        except SystemExit as stop:
            code = stop.code
            if code is None or isinstance(code, int):
                status = code or 0
            else:
                print(code, file=sys.stderr)
                status = 1
        except BaseException:  # what the interpreter does with an uncaught exception
            traceback.print_exc()
            status = 1
        finally:
            import atexit

            atexit._run_exitfuncs()
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
    finally:
        os._exit(status)


def _scratch() -> int:
    """A descriptor of an unnamed scratch file."""
    descriptor, path = tempfile.mkstemp()
    os.unlink(path)
    return descriptor


def _read(descriptor: int) -> str:
    os.lseek(descriptor, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(descriptor, 1 << 16):
        chunks.append(chunk)
    os.close(descriptor)
    return b"".join(chunks).decode("utf-8", "replace")


def serve() -> None:
    request = json.load(sys.stdin)
    sys.path[0] = os.getcwd()  # as ``python -m`` from the repository root
    for name in request["preload"]:
        __import__(name)
    for name in request.get("warm", ()):
        WARM_UPS[name]()
    sys.stdout.flush()
    sys.stderr.flush()
    pending = list(request["jobs"].items())
    running: dict[int, tuple[str, int, int, float]] = {}
    results: dict[str, dict[str, object]] = {}
    while pending or running:
        while pending and len(running) < request["workers"]:
            name, arguments = pending.pop(0)
            out_fd, err_fd = _scratch(), _scratch()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # fork() with threads
                pid = os.fork()
            if pid == 0:
                _child(arguments, request["cwd"][name], out_fd, err_fd, request["address_space"])
            running[pid] = (name, out_fd, err_fd, time.monotonic())
        pid, status, usage = os.wait4(-1, os.WNOHANG)
        if pid == 0:
            now = time.monotonic()
            for child, (_, _, _, started) in running.items():
                if now - started > request["wall_limit"]:
                    os.kill(child, 9)
            time.sleep(0.01)
            continue
        name, out_fd, err_fd, started = running.pop(pid)
        results[name] = {
            "status": os.waitstatus_to_exitcode(status),
            "stdout": _read(out_fd),
            "stderr": _read(err_fd),
            "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "wall_seconds": time.monotonic() - started,
            "peak_bytes": usage.ru_maxrss * 1024,  # kilobytes on Linux
        }
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    serve()
