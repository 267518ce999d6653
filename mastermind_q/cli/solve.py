"""``mastermind-q solve``: solve one secret with a quantum or classical method."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any

from ..classical.static_schemes import SCHEMES
from ..codebreaker import check_game
from ..solving import play
from .arguments import (
    DEFAULT_SHOTS,
    FORCE_HINT,
    CLIError,
    add_execution_flags,
    add_force_flag,
    check_drawing_output,
    decimal,
    emit,
    integer,
    method_name,
    method_names,
    parse_code,
    positive_int,
    subcommand,
)
from .execution import (
    execution_record,
    progress_for,
    refuse_noise_flags,
    start_simulation_worker,
)
from .progress import search_progress


def random_secret(
    num_positions: int, colors: int, *, distinct: bool, seed: int | None
) -> tuple[int, ...]:
    """A uniformly random secret (a random injection when ``distinct``)."""
    if colors < 2:
        raise CLIError(f"colors must have value >= 2, was {colors}")
    if distinct and colors < num_positions:
        raise CLIError(
            f"colors must be >= positions ({num_positions}) for the permutation game, was {colors}"
        )
    rng = random.Random(seed)
    if distinct:
        return tuple(rng.sample(range(colors), num_positions))
    return tuple(rng.randrange(colors) for _ in range(num_positions))


def add_parser(subparsers: Any) -> None:
    quantum = method_names("quantum")
    classical = method_names("classical")
    parser = subcommand(
        subparsers,
        "solve",
        help="solve one secret with a quantum or classical method",
        description=(
            "Solve one secret; report the answer and the honest query count (oracle "
            "applications for quantum methods, answered guesses for classical ones). "
            f"Quantum methods: {', '.join(quantum)}; classical: {', '.join(classical)}. "
            "Quantum methods also report 'confidence': per position, the decoded "
            "colour's normalised weight from the shots, each fraction clamped to at "
            "least 0.5/(shots+1) (so below 1 even when every shot agrees: with 8 "
            "colours and 1024 shots 0.997 for adaptive, 0.9999986 for nonadaptive, "
            "whose weight multiplies the votes of its 7 circuits; noise lowers it); "
            "the output "
            f"prints its minimum and the positions below {CONFIDENCE_THRESHOLD:g}, --json "
            "the full list (position_confidence)."
        ),
        examples="""
            mastermind-q solve --method adaptive --colors 4 --secret 0,3,1,2
            mastermind-q solve --method triples --colors 7 --random 5 --seed 1 --json
            mastermind-q solve --method two-color --colors 2 --random 6 --backend aer-statevector
            mastermind-q solve --method nonadaptive --colors 4 --random 3 --backend fake:torino
            mastermind-q solve --method triples --colors 4 --random 3 --backend fake:torino --verify
            mastermind-q solve --method permutation --colors 8 --adversary --positions 8
            mastermind-q solve --method adaptive --colors 4 --random 3 --draw out.png
            mastermind-q solve --method nonadaptive --colors 4 --random 3 --qasm out.qasm
        """,
    )
    parser.add_argument(
        "--method", required=True, type=method_name(), metavar="METHOD", help="the codebreaker"
    )
    parser.add_argument("--colors", required=True, type=integer, help="number of colours k")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--secret", help="the secret, comma separated colours, e.g. 0,3,1,2")
    source.add_argument(
        "--random", type=positive_int, metavar="N", help="a random secret of N positions"
    )
    parser.add_argument(
        "--adversary",
        action="store_true",
        help="play the adaptive adversary codemaker of El Ouali et al. (classical methods)",
    )
    parser.add_argument("--positions", type=positive_int, metavar="N", help="n (with --adversary)")
    parser.add_argument(
        "--backend",
        help="quantum methods: aer (default), aer-statevector (exact probabilities), "
        "aer-mps, fake:NAME (noisy, offline), ibm:NAME (hardware)",
    )
    parser.add_argument(
        "--shots",
        type=positive_int,
        help=f"shots per circuit on sampling backends (default {DEFAULT_SHOTS})",
    )
    parser.add_argument(
        "--seed",
        type=integer,
        help="seed for the random secret, the simulator and classical codebreakers "
        "(default: none, a fresh secret and unseeded runs)",
    )
    parser.add_argument(
        "--verify",
        action="store_true",
        help="quantum methods: certify the answer with a classical black-peg query and "
        "repair wrong positions (at most 2n+k classical queries, counted)",
    )
    parser.add_argument(
        "--feedback",
        choices=("black", "black-white"),
        help=(
            "the game's feedback (default: the method's own; optimal, consistent and "
            "static play both)"
        ),
    )
    parser.add_argument(
        "--distinct",
        action="store_true",
        help="the permutation game: no repeated colours, k >= n (permutation plays only this)",
    )
    parser.add_argument(
        "--scheme",
        choices=SCHEMES,
        help="static only: its query set (default: the fewest queries it decodes; minimum for "
        "tiny games, coin-weighing at k = 2, colour-designs, balanced or random sets decoded "
        "by belief propagation)",
    )
    parser.add_argument(
        "--effort",
        type=decimal,
        metavar="UNITS",
        help="consistent only: CP-SAT deterministic time the game may spend (default 600, "
        "about seconds on one core, the same on any load); a game its cost model puts "
        "above it is refused before any query",
    )
    parser.add_argument(
        "--draw",
        metavar="FILE",
        help="quantum methods: draw the circuits the solve ran (.png .svg .txt: a file per "
        "circuit, out.png -> out-pair-0-1.png, ...; .pdf: a page per circuit)",
    )
    parser.add_argument(
        "--qasm",
        metavar="FILE",
        help="quantum methods: the circuits the solve ran as OpenQASM 3 (a file per "
        "circuit, named as for --draw; the oracle B_s stays an undefined gate)",
    )
    add_force_flag(parser, "--draw and --qasm")
    add_execution_flags(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


CONFIDENCE_THRESHOLD = 0.9
"""Positions whose confidence is below this are listed in the human output."""
_CONFIDENCE_SHOWN = 10
"""At most this many low-confidence positions are named (``--json`` has them all)."""


def confidence_summary(confidence: Sequence[float]) -> str:
    """One line: the lowest position confidence and the positions below the threshold.

    Example:
        >>> confidence_summary([1.0, 0.62, 0.97, 0.85])
        'confidence min 0.620; below 0.9 at positions 1, 3 (2 of 4)'
        >>> confidence_summary([1.0] * 1024)
        'confidence min 1.000 (all 1024 positions >= 0.9)'
    """
    lowest = min(confidence)
    low = [index for index, value in enumerate(confidence) if value < CONFIDENCE_THRESHOLD]
    if not low:
        return (
            f"confidence min {lowest:.3f} (all {len(confidence)} positions >= "
            f"{CONFIDENCE_THRESHOLD:g})"
        )
    named = ", ".join(str(index) for index in low[:_CONFIDENCE_SHOWN])
    more = ", ..." if len(low) > _CONFIDENCE_SHOWN else ""
    return (
        f"confidence min {lowest:.3f}; below {CONFIDENCE_THRESHOLD:g} at positions "
        f"{named}{more} ({len(low)} of {len(confidence)})"
    )


def _check_circuit_outputs(args: argparse.Namespace, quantum: bool) -> None:
    """Refuse --draw / --qasm for classical methods and bad paths, before any work."""
    for option, path in (("--draw", args.draw), ("--qasm", args.qasm)):
        if path is None:
            continue
        from ..drawing import FORMATS

        if not quantum:
            raise CLIError(f"{option} draws quantum circuits; method {args.method!r} is classical")
        suffixes = (
            (".qasm",) if option == "--qasm" else tuple(f".{f}" for f in FORMATS if f != "qasm")
        )
        if not path.lower().endswith(suffixes):
            raise CLIError(f"{option} must end in {', '.join(suffixes)}, was {path!r}")
        check_drawing_output(path, option, force=args.force)


def _write_circuits(args: argparse.Namespace, result: Any) -> list[str]:
    """Write the solve's circuits where --draw / --qasm ask; return the paths written."""
    from ..drawing import check_drawing, solve_captions, write_circuits

    circuits = list(result.circuits)
    written: list[str] = []
    if not circuits:
        return written
    titles = solve_captions(
        result.method, circuits, num_positions=result.num_positions, colors=result.num_colors
    )
    if args.draw is not None:
        from ..drawing import output_format

        check_drawing(circuits, output_format(args.draw), titles=titles)
    from ..files import output_set

    with output_set():  # --draw and --qasm: every file written, or none
        for path in (args.draw, args.qasm):
            if path is not None:
                written += [
                    str(p)
                    for p in write_circuits(
                        circuits, path, titles=titles, overwrite=args.force, force_hint=FORCE_HINT
                    )
                ]
    return written


BACKEND_NOTES = {
    "aer": "noiseless simulation",
    "aer-mps": "noiseless simulation",
    "aer-statevector": "exact probabilities, noiseless",
    "fake": "simulated with the device's noise model",
    "ibm": "quantum hardware",
}
"""What the ``backend`` line adds after the name, by backend kind (or Aer name)."""


def _backend_line(name: str) -> str:
    note = BACKEND_NOTES.get(name) or BACKEND_NOTES.get(name.partition(":")[0])
    return f"backend  {name}" + (f" ({note})" if note else "")


def _exact(payload: dict[str, Any]) -> bool:
    """Whether the run's probabilities are exact (one statevector simulation)."""
    from ..backends import is_exact

    return payload.get("backend") is not None and is_exact(payload["backend"])


def _circuits(payload: dict[str, Any]) -> int:
    """How many circuits the quantum run decoded (one when it does not list them)."""
    return len(payload.get("circuit_success_probabilities") or ()) or 1


def _answer_line(payload: dict[str, Any]) -> str:
    """How a quantum run reached its answer: which outcome of each circuit, then what.

    Example:
        >>> _answer_line({"backend": "aer", "shots": 1024,
        ...               "circuit_success_probabilities": [1.0, 1.0]})
        "answer   each circuit's most frequent outcome (of 1024 shots), decoded"
    """
    grover = payload.get("iterations") is not None  # the colour registers hold the code
    if grover:
        whose = "the colour registers'"
    else:
        whose = "each circuit's" if _circuits(payload) > 1 else "the circuit's"
    valid = " valid" if grover else ""
    if _exact(payload):
        pick = f"most likely{valid} outcome (exact)"
    else:
        pick = f"most frequent{valid} outcome (of {payload.get('shots')} shots)"
    line = f"answer   {whose} {pick}, " + ("read as the code" if grover else "decoded")
    if payload.get("certified") is not None:
        line += ", then verified"
    return line


def _probability_line(payload: dict[str, Any]) -> str:
    """The success probability, saying whether it is exact or observed and of what."""
    value = payload["success_probability"]
    if _exact(payload):
        return f"success probability {value:.6g} (exact: one run gives this answer)"
    share = "each circuit's answer, multiplied" if _circuits(payload) > 1 else "the answer"
    return f"success probability {value:.6g} (observed: the share of shots on {share})"


def _human_solve(payload: dict[str, Any]) -> str:
    lines = [
        f"method   {payload['method']}  (n={payload['n']}, k={payload['k']})",
        f"secret   {','.join(map(str, payload['secret']))}",
        f"found    {','.join(map(str, payload['found']))}",
        f"solved   {'yes' if payload['solved'] else 'NO'}",
        f"queries  {payload['queries']}",
    ]
    if payload.get("scheme") is not None:
        lines.append(f"scheme   {payload['scheme']}")
    if payload.get("oracle_executions") is not None:
        executed = payload["oracle_executions"]
        how = "one exact simulation" if _exact(payload) else "queries x shots"
        lines.append(f"executed {executed} oracle applications ({how})")
    if payload.get("backend") is not None:
        lines.append(_backend_line(payload["backend"]))
    if payload.get("iterations") is not None:
        lines.append(f"Grover iterations T = {payload['iterations']}")
    if payload.get("success_probability") is not None:
        lines.append(_answer_line(payload))
        lines.append(_probability_line(payload))
    per_circuit = payload.get("circuit_success_probabilities") or ()
    if len(per_circuit) > 1:
        lines.append("per circuit " + ", ".join(f"{value:.4g}" for value in per_circuit))
    confidence = payload.get("position_confidence") or ()
    if confidence:
        lines.append(confidence_summary(confidence))
    if payload.get("certified") is not None:
        repaired = payload.get("repaired_positions") or []
        if payload["certified"]:
            verdict = f"certified (the last guess scored {payload['n']} black pegs)"
        else:
            verdict = "NOT certified (no guess scored all black pegs within the budget)"
        lines.append(
            f"verified {verdict}: {payload['quantum_queries']} quantum + "
            f"{payload['classical_queries']} classical queries"
            + (f", repaired positions {repaired}" if repaired else "")
        )
    if payload.get("adversary"):
        lines.append("codemaker: adversary (secret chosen adaptively)")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ..codemaker import ClassicalCodemaker
    from ..game import validate_seed
    from ..solving import check_request, method_info

    info = method_info(args.method)
    feedback = info.feedbacks[0] if args.feedback is None else args.feedback
    distinct = bool(args.distinct or info.distinct)
    check_game(info, feedback, distinct)
    validate_seed(args.seed)
    if args.scheme is not None and not info.schemes:
        raise CLIError(f"--method {args.method} has no schemes, was --scheme {args.scheme}")
    if args.effort is not None and not info.efforts:
        raise CLIError(f"--method {args.method} takes no --effort, was --effort {args.effort}")
    quantum = info.kind == "quantum"
    _check_circuit_outputs(args, quantum)
    backend, shots = (args.backend, args.shots) if quantum else (None, None)
    record = None
    if quantum:  # the execution record, checked before any work
        record = execution_record(args, backend=args.backend, shots=args.shots, seed=args.seed)
    else:
        refuse_noise_flags(args, args.method)
    if args.secret is not None:
        code = parse_code(args.secret)
        secret: tuple[int, ...] | None = code
        length = len(code)
    else:
        secret, length = None, args.random
    if args.positions is not None and length is not None and args.positions != length:
        given = f"--secret has {length}" if secret is not None else f"--random {length} asks"
        raise CLIError(f"--positions {args.positions} disagrees: {given} positions")
    num_positions = length if length is not None else args.positions
    if num_positions is not None:  # before a random secret or the adversary is built
        check_request(
            args.method,
            num_positions,
            args.colors,
            backend=backend,
            shots=shots,
            distinct=distinct,
            feedback=feedback,
            scheme=args.scheme,
            effort=args.effort,
        )
    if args.adversary:
        if info.kind != "classical":
            raise CLIError(f"--adversary plays classical methods only, was {args.method!r}")
        if args.secret is not None:
            raise CLIError("--adversary chooses the secret itself; drop --secret")
        if num_positions is None:
            raise CLIError("--adversary needs --positions N (or --random N)")
        from ..classical.adversary import AdversaryCodemaker

        codemaker: ClassicalCodemaker = AdversaryCodemaker(
            num_positions, args.colors, distinct=distinct, feedback=feedback
        )
    else:
        if secret is None and args.random is not None:
            secret = random_secret(args.random, args.colors, distinct=distinct, seed=args.seed)
        elif secret is None:
            raise CLIError("give --secret CODE or --random N")
        maker = ClassicalCodemaker
        if info.kind == "quantum":  # the referee with the oracle (and Qiskit)
            from ..codemaker import Codemaker as maker
        # k was validated by check_request above, the feedback by the parser
        codemaker = maker._checked(secret, args.colors, distinct=distinct, feedback=feedback)
    if args.draw is not None and quantum and secret is not None:
        from ..drawing import output_format
        from ..solving import check_method_drawing

        # before the game: a drawing too large must not throw the solve's result away
        fmt = output_format(args.draw)
        check_method_drawing(args.method, len(secret), args.colors, secret, fmt=fmt)
    if info.kind == "quantum":
        start_simulation_worker(args.backend)
    with progress_for(args) as progress, search_progress(args):
        settings: dict[str, Any] = (
            {"execution": record.replace(progress=progress)}
            if record is not None
            else {
                "backend": args.backend,
                "shots": args.shots,
                "seed": args.seed,
                "scheme": args.scheme,
                "effort": args.effort,
            }
        )
        result = play(codemaker, method=args.method, verify=args.verify, **settings)
    payload = result.to_dict(transcript=False)  # neither form prints the transcript
    if progress.jobs:
        payload["jobs"] = progress.jobs
    if args.draw is not None or args.qasm is not None:
        payload["circuit_files"] = _write_circuits(args, result)
        if not args.json:
            for path in payload["circuit_files"]:
                print(f"wrote {path}", file=sys.stderr)
    payload["adversary"] = bool(args.adversary)
    emit(payload, args.json, _human_solve)
    return 0
