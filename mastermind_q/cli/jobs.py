"""``mastermind-q jobs``: list job records; fetch and decode a job later."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .arguments import emit, parse_code, subcommand


def add_parser(subparsers: Any) -> None:
    parser = subcommand(
        subparsers,
        "jobs",
        help="list job records; fetch and decode a job later",
        description=(
            "Hardware runs (and fake: runs with --record-job) write a job record before "
            "they wait (directory: --jobs-dir, else $MASTERMIND_Q_JOBS_DIR, else "
            "~/.mastermind_q/jobs). 'jobs list' shows them; 'jobs fetch JOB_ID' decodes "
            "one: a finished ibm: job is retrieved from the service, a local job is read "
            "from its record."
        ),
        examples="""
            mastermind-q jobs list
            mastermind-q jobs fetch JOB_ID --secret 0,3,1,2
            mastermind-q jobs fetch JOB_ID --jobs-dir ./jobs --json
        """,
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = actions.add_parser(
        "list", help="list the job records", description="List the job records."
    )
    fetch = actions.add_parser(
        "fetch",
        help="fetch and decode one job",
        description=(
            "Decode job JOB_ID (the id printed when it was submitted, or listed by 'jobs "
            "list'): the answer found and the success probability per circuit."
        ),
    )
    fetch.add_argument(
        "job_id",
        metavar="JOB_ID",
        help="the job id (printed at submission; see 'jobs list'), or a prefix only one has",
    )
    fetch.add_argument("--secret", help="the secret, to report whether it was found")
    for sub in (listing, fetch):
        sub.add_argument("--jobs-dir", metavar="DIR", help="job record directory")
        sub.add_argument("--json", action="store_true", help="print one JSON object")
    listing.set_defaults(handler=run_list)
    fetch.set_defaults(handler=run_fetch)


def _printable(value: Any) -> str:
    """A record field or a file name as the terminal may show it: control characters and
    escape sequences written as Python escapes (``\\x1b[2J``), never acted on."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(value))


def _human_jobs(payload: dict[str, Any]) -> str:
    if not payload["jobs"]:
        return f"no job records in {_printable(payload['directory'])}"
    lines = [f"{'job id':38} {'created':20} {'backend':18} {'method':12} {'n':>3} {'k':>3} status"]
    for job in payload["jobs"]:
        text = {key: _printable(job[key]) for key in ("job_id", "created", "backend", "status")}
        method = _printable(job["method"]) if job["method"] else "?"
        lines.append(
            f"{text['job_id']:38} {text['created']:20} {text['backend']:18} "
            f"{method:12} {job['n'] or '?':>3} {job['k'] or '?':>3} {text['status']}"
        )
    return "\n".join(lines)


def run_list(args: argparse.Namespace) -> int:
    from ..jobs import jobs_directory, scan_records

    keys = ("job_id", "created", "backend", "method", "n", "k", "shots", "status")
    records, skipped = scan_records(args.jobs_dir)
    jobs = [{key: getattr(record, key) for key in keys} for record in records]
    payload = {
        "directory": str(jobs_directory(args.jobs_dir)),
        "jobs": jobs,
        "skipped": [{"path": str(path), "reason": reason} for path, reason in skipped],
    }
    emit(payload, args.json, _human_jobs)
    if not args.json:  # a damaged record is named, not fatal to the listing
        for path, reason in skipped:
            print(
                f"mastermind-q jobs list: skipped {_printable(path.name)}: {_printable(reason)}",
                file=sys.stderr,
            )
    return 0


def _human_fetch(payload: dict[str, Any]) -> str:
    fractions = ", ".join(f"{f:.3f}" for f in payload["circuit_success_probabilities"])
    lines = [
        f"job      {_printable(payload['job_id'])}  "
        f"({_printable(payload['backend'])}, {_printable(payload['status'])})",
        f"method   {_printable(payload['method'])}  (n={payload['n']}, k={payload['k']})",
        f"found    {','.join(map(str, payload['found']))}",
        f"success probability {payload['success_probability']:.6g}  (per circuit: {fractions})",
    ]
    if payload["solved"] is not None:
        lines.append(f"solved   {'yes' if payload['solved'] else 'NO'}")
    return "\n".join(lines)


def run_fetch(args: argparse.Namespace) -> int:
    from ..fetching import fetch_job

    secret = None if args.secret is None else parse_code(args.secret)
    decoding = fetch_job(args.job_id, args.jobs_dir, secret=secret)
    emit(decoding.to_dict(), args.json, _human_fetch)
    return 0
