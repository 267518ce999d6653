"""Benchmark the classical codebreakers: worst / mean queries against the bounds, wall time.

Prints markdown tables (recorded in ``benchmarks/RESULTS.md``, section "Classical"):

1. the permutation codebreaker (El Ouali et al.), ``k = n``: every secret for small ``n``,
   seeded random secrets for ``n = 10 .. 1000``; paper bound
   ``(n - 3) ceil(log2 n) + 5n/2 - 1`` and this implementation's bound;
2. the same for ``k > n`` (paper bound ``(n - 2) ceil(log2 n) + k + 1``);
3. the adversary codemaker against the permutation and random consistent codebreakers
   (lower bound ``n``, resp. ``k``);
4. Knuth's minimax on all 1296 secrets of 4 x 6 and the scalable black-peg codebreaker;
5. the exact optimum (``optimal``: search time, worst and mean over every secret) and the
   CP-SAT ``consistent`` codebreaker against ``permutation`` (permutation game), on
   black-peg games with repetition (wall mean / worst per game, time-outs) and the
   largest n = k each game reaches in 60 s (``--best-only`` runs this section alone,
   ``--parts`` picks its parts, ``--perm-sizes`` / ``--rep-sizes`` the sizes).

Queries are what the codemaker counted (every answered guess, the final one included).
"solver s" is the mean wall time per game against a *trusted* codemaker (same answers,
no input validation), i.e. the codebreaker's own time; ``--real-codemaker`` also times
the n = 1000 games against the validating :class:`mastermind_q.Codemaker`.

Usage:
    python benchmarks/classical.py [--quick] [--exhaustive-max 8] [--real-codemaker]
    python benchmarks/classical.py --best-only --parts permutation --perm-sizes 8:20,32:10
"""

from __future__ import annotations

import argparse
import itertools
import operator
import random
import statistics
import time
from collections.abc import Callable, Iterable

from mastermind_q.classical import (
    AdversaryCodemaker,
    blackpeg_query_bound,
    permutation_query_bound,
    permutation_worst_case_bound,
    solve_blackpeg,
    solve_knuth,
    solve_permutation,
    solve_random_consistent,
)
from mastermind_q.codemaker import Codemaker


class TrustedCodemaker(Codemaker):
    """Same answers and counting as :class:`Codemaker`, without re-validating guesses."""

    def validate_guess(self, guess):
        return tuple(guess)

    def _answer_black(self, guess):
        return sum(map(operator.eq, self.reveal(), guess))


def run_games(
    secrets: Iterable[tuple[int, ...]],
    colors: int,
    solver: Callable,
    *,
    distinct: bool,
    maker_class: type[Codemaker] = TrustedCodemaker,
) -> tuple[int, float, float, int]:
    """Play every secret; return (worst, mean, mean seconds per game, games)."""
    queries = []
    seconds = 0.0
    for secret in secrets:
        maker = maker_class(secret, colors, distinct=distinct)
        start = time.perf_counter()
        found = solver(maker)
        seconds += time.perf_counter() - start
        if found != tuple(secret):
            raise AssertionError(f"{solver.__name__} failed on {secret}: found {found}")
        queries.append(maker.queries)
    return max(queries), statistics.fmean(queries), seconds / len(queries), len(queries)


def random_injections(num_positions: int, colors: int, samples: int, seed: int):
    rng = random.Random(seed * 1_000_003 + num_positions * 1009 + colors)
    return [tuple(rng.sample(range(colors), num_positions)) for _ in range(samples)]


def permutation_rows(cases, args):
    print("| n | k | secrets | worst | mean | paper bound | impl. bound | solver s |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|")
    for n, k, samples in cases:
        if samples is None:
            secrets = list(itertools.permutations(range(k), n))
            label = f"all {len(secrets)}"
        else:
            secrets = random_injections(n, k, samples, args.seed)
            label = f"{samples} random"
        worst, mean, seconds, _ = run_games(secrets, k, solve_permutation, distinct=True)
        paper = permutation_query_bound(n, k)
        print(
            f"| {n} | {k} | {label} | {worst} | {mean:.2f} | {paper:g} | "
            f"{permutation_worst_case_bound(n, k)} | {seconds:.4f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples, no n = 8 sweep")
    parser.add_argument("--exhaustive-max", type=int, default=7, help="all secrets up to this n")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--real-codemaker", action="store_true", help="time n = 1000 for real")
    parser.add_argument(
        "--best-only",
        action="store_true",
        help="only section 5: the optimal and consistent codebreakers",
    )
    parser.add_argument(
        "--parts",
        default="optimal,permutation,repetition,frontier",
        help="parts of section 5 to run (comma-separated)",
    )
    parser.add_argument(
        "--perm-sizes",
        default="8:20,16:20,32:20",
        help="permutation-game sizes n:secrets for consistent against permutation",
    )
    parser.add_argument(
        "--rep-sizes",
        default="8:10,16:5,32:5",
        help="black-peg games with repetition n = k, as n:secrets, for consistent",
    )
    args = parser.parse_args()
    if args.best_only:
        best_section(args.seed, args.quick, args)
        return
    big = 2 if args.quick else 10
    exhaustive_max = min(args.exhaustive_max, 6) if args.quick else args.exhaustive_max

    print("### Permutation codebreaker, k = n\n")
    cases = [(n, n, None) for n in range(2, exhaustive_max + 1)]
    cases += [(10, 10, 10 * big), (16, 16, 10 * big), (64, 64, 4 * big)]
    cases += [(257, 257, big), (1000, 1000, max(2, big // 2))]
    permutation_rows(cases, args)

    print("\n### Permutation codebreaker, k > n\n")
    cases = [(2, 4, None), (4, 6, None), (5, 7, None)]
    cases += [(10, 13, 10 * big), (16, 20, 10 * big), (64, 80, 4 * big), (257, 300, big)]
    cases += [(1000, 1001, max(2, big // 2)), (1000, 1500, max(2, big // 2))]
    permutation_rows(cases, args)

    if args.real_codemaker:
        print("\n### n = 1000 against the validating Codemaker\n")
        print("| n | k | queries | total s (codebreaker + Codemaker checks) |")
        print("|---:|---:|---:|---:|")
        for k in (1000, 1500):
            secret = random_injections(1000, k, 1, args.seed)[0]
            maker = Codemaker(secret, k, distinct=True)
            start = time.perf_counter()
            solve_permutation(maker)
            print(f"| 1000 | {k} | {maker.queries} | {time.perf_counter() - start:.2f} |")

    print("\n### Adversary codemaker (Section 3): queries forced, lower bound n (k = n), k\n")
    print("| n | k | permutation | random-consistent (seeds 0-4) | lower bound | adversary s |")
    print("|---:|---:|---:|---|---:|---:|")
    for n, k in [(4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (4, 6), (5, 7)]:
        start = time.perf_counter()
        maker = AdversaryCodemaker(n, k)
        solve_permutation(maker)
        permutation_queries = maker.queries
        seconds = time.perf_counter() - start
        random_queries = []
        if n <= 7:
            for seed in range(5):
                other = AdversaryCodemaker(n, k)
                solve_random_consistent(other, seed=seed)
                random_queries.append(other.queries)
        shown = ", ".join(map(str, random_queries)) or "-"
        print(f"| {n} | {k} | {permutation_queries} | {shown} | {k} | {seconds:.3f} |")

    print("\n### Codes with repetition\n")
    print("| method | n | k | secrets | worst | mean | bound | solver s |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    all_4x6 = list(itertools.product(range(6), repeat=4))
    knuth_secrets = all_4x6 if not args.quick else all_4x6[::12]
    worst, mean, seconds, games = run_games(knuth_secrets, 6, solve_knuth, distinct=False)
    label = f"all {games}" if games == 1296 else f"{games} of 1296"
    print(f"| knuth | 4 | 6 | {label} | {worst} | {mean:.3f} | 5 (Knuth) | {seconds:.4f} |")
    for n, k, samples in [(4, 6, None), (10, 4, 50), (64, 8, 20), (257, 16, 5), (1000, 8, 3)]:
        if samples is None:
            secrets = all_4x6
            label = "all 1296"
        else:
            rng = random.Random(args.seed + n * k)
            secrets = [tuple(rng.randrange(k) for _ in range(n)) for _ in range(samples)]
            label = f"{samples} random"
        worst, mean, seconds, _ = run_games(secrets, k, solve_blackpeg, distinct=False)
        bound = blackpeg_query_bound(n, k)
        print(
            f"| blackpeg | {n} | {k} | {label} | {worst} | {mean:.1f} | {bound} | {seconds:.4f} |"
        )
    rng = random.Random(args.seed)
    secrets = [tuple(rng.randrange(6) for _ in range(4)) for _ in range(200)]
    worst, mean, seconds, _ = run_games(
        secrets, 6, lambda maker: solve_random_consistent(maker, seed=1), distinct=False
    )
    print(f"| random-consistent | 4 | 6 | 200 random | {worst} | {mean:.2f} | - | {seconds:.4f} |")
    best_section(args.seed, args.quick, args)


def _sizes(text: str) -> list[tuple[int, int]]:
    return [tuple(int(v) for v in item.split(":")) for item in text.split(",") if item]


def best_section(seed: int, quick: bool, args: argparse.Namespace) -> None:
    """Section 5: the exact optimum (``optimal``) and the CP-SAT ``consistent`` codebreaker."""
    parts = set(args.parts.split(","))
    if "optimal" in parts:
        optimal_part(quick)
    if "permutation" in parts:
        permutation_part(seed, [(8, 5)] if quick else _sizes(args.perm_sizes))
    if "repetition" in parts:
        repetition_part(seed, [(8, 3)] if quick else _sizes(args.rep_sizes))
    if "frontier" in parts:
        frontier_part(seed, 32 if quick else 128)


def optimal_part(quick: bool) -> None:
    """The exact optimum: search time, worst and mean over every secret."""
    from mastermind_q.classical.optimal import optimal_strategy

    print("\n### optimal: the exact minimax strategy (search time, every secret)\n")
    print("| game | n | k | worst | mean (total/N) | search s | games: worst / mean |")
    print("|---|---:|---:|---:|---:|---:|---|")
    games = [
        ("black-white", False, 4, 6),
        ("black", True, 4, 4),
        ("black", True, 5, 5),
        ("black", True, 6, 6),
        ("black", False, 4, 4),
        ("black", False, 3, 6),
    ]
    for feedback, distinct, n, k in games[:3] if quick else games:
        start = time.perf_counter()
        strategy = optimal_strategy(n, k, feedback=feedback, distinct=distinct, use_cache=False)
        searched = time.perf_counter() - start
        source = (
            itertools.permutations(range(k), n)
            if distinct
            else itertools.product(range(k), repeat=n)
        )

        def breaker(maker):
            from mastermind_q.classical.optimal import solve_optimal

            return solve_optimal(maker)

        def maker_class(secret, colors, distinct, _feedback=feedback):
            return TrustedCodemaker(secret, colors, distinct=distinct, feedback=_feedback)

        worst, mean, _, _ = run_games(
            list(source), k, breaker, distinct=distinct, maker_class=maker_class
        )
        game = f"{feedback}{', distinct' if distinct else ''}"
        print(
            f"| {game} | {n} | {k} | {strategy.worst} | {strategy.total}/{strategy.num_codes}"
            f" = {strategy.mean:.4f} | {searched:.1f} | {worst} / {mean:.4f} |"
        )


def _consistent(maker):
    from mastermind_q.classical.consistent import solve_consistent

    return solve_consistent(maker, seed=1)


def _timed_games(secrets, colors, *, distinct, feedback="black"):
    """(queries, seconds) per solved game of ``consistent`` and the number timed out."""
    from mastermind_q.classical.consistent import ConsistentTimeout

    rows = []
    timeouts = 0
    for secret in secrets:
        maker = TrustedCodemaker(secret, colors, distinct=distinct, feedback=feedback)
        start = time.perf_counter()
        try:
            found = _consistent(maker)
        except ConsistentTimeout:
            timeouts += 1
            continue
        seconds = time.perf_counter() - start
        if found != tuple(secret):
            raise AssertionError(f"consistent failed on {secret}: found {found}")
        rows.append((maker.queries, seconds))
    return rows, timeouts


def permutation_part(seed: int, sizes: list[tuple[int, int]]) -> None:
    """consistent against permutation on the permutation game k = n."""
    print("\n### consistent (CP-SAT) against permutation, the permutation game k = n\n")
    print(
        "| n | secrets | time-outs | consistent worst / mean | s per game: mean / worst |"
        " permutation worst / mean |"
    )
    print("|---:|---:|---:|---|---|---|")
    for n, count in sizes:
        secrets = random_injections(n, n, count, seed)
        rows, timeouts = _timed_games(secrets, n, distinct=True)
        queries = [q for q, _ in rows]
        seconds = [t for _, t in rows]
        p_worst, p_mean, _, _ = run_games(secrets, n, solve_permutation, distinct=True)
        print(
            f"| {n} | {count} | {timeouts} | {max(queries)} / {statistics.fmean(queries):.2f} | "
            f"{statistics.fmean(seconds):.2f} / {max(seconds):.2f} | {p_worst} / {p_mean:.2f} |",
            flush=True,
        )


def repetition_part(seed: int, sizes: list[tuple[int, int]]) -> None:
    """consistent on black-peg games with repetition, n = k, and 4 x 6 black-white."""
    print("\n### consistent (CP-SAT), black pegs with repetition (n = k) and black-white\n")
    print("| game | n | k | secrets | time-outs | worst | mean | s per game: mean / worst |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    games = [("black-white", 4, 6, 50)] + [("black", n, n, count) for n, count in sizes]
    for feedback, n, k, count in games:
        rng = random.Random(seed + n * k)
        secrets = [tuple(rng.randrange(k) for _ in range(n)) for _ in range(count)]
        rows, timeouts = _timed_games(secrets, k, distinct=False, feedback=feedback)
        queries = [q for q, _ in rows]
        seconds = [t for _, t in rows]
        print(
            f"| {feedback} | {n} | {k} | {count} | {timeouts} | {max(queries)} | "
            f"{statistics.fmean(queries):.2f} | "
            f"{statistics.fmean(seconds):.1f} / {max(seconds):.1f} |",
            flush=True,
        )


class _DeadlineCodemaker(TrustedCodemaker):
    """A trusted codemaker that stops the game (``TimeoutError``) past ``deadline``."""

    deadline = float("inf")

    def answer(self, guess):
        if time.perf_counter() > self.deadline:
            raise TimeoutError("past the 60 s of the frontier game")
        return super().answer(guess)


def frontier_part(seed: int, largest: int) -> None:
    """The largest n = k each game of ``consistent`` reaches with one seeded game in 60 s."""
    from mastermind_q.classical.consistent import ConsistentTimeout, solve_consistent

    print("\n### Frontier: the largest n = k one seeded consistent game reaches in 60 s\n")
    print("| game | n = k reached | queries | s | next size |")
    print("|---|---:|---:|---:|---|")
    for feedback, distinct in (("black", True), ("black", False), ("black-white", False)):
        reached = None
        failed = "-"
        n = 8
        while n <= largest:
            rng = random.Random(seed + n)
            if distinct:
                secret = tuple(rng.sample(range(n), n))
            else:
                secret = tuple(rng.randrange(n) for _ in range(n))
            maker = _DeadlineCodemaker(secret, n, distinct=distinct, feedback=feedback)
            start = time.perf_counter()
            maker.deadline = start + 60.0
            try:
                found = solve_consistent(maker, seed=1, effort=60.0)
            except (ConsistentTimeout, TimeoutError, ValueError):  # spent, or refused
                found = None
            seconds = time.perf_counter() - start
            if found != secret or seconds > 60:
                failed = f"{n}: {seconds:.0f} s" + ("" if found == secret else ", time-out")
                break
            reached = (n, maker.queries, seconds)
            n *= 2
        game = f"{feedback}{', distinct' if distinct else ', repetition'}"
        if reached is None:
            print(f"| {game} | - | - | - | {failed} |", flush=True)
        else:
            n, queries, seconds = reached
            print(f"| {game} | {n} | {queries} | {seconds:.1f} | {failed} |", flush=True)


if __name__ == "__main__":
    main()
