"""Helpers the benchmark scripts share (``from common import ...``: a script's folder is
first on ``sys.path``)."""

from __future__ import annotations

import argparse
import random


def parse_positions(text: str) -> list[int]:
    """``"1-5"`` or ``"1,2,4"`` -> the list of ``n``."""
    values: list[int] = []
    for item in text.split(","):
        low, _, high = item.partition("-")
        values.extend(range(int(low), int(high or low) + 1))
    if not values or min(values) < 1:
        raise ValueError(f"positions must be positive integers, was {text!r}")
    return values


def noise_secret(n: int, colors: int, seed: int) -> tuple[int, ...]:
    """The secret ``benchmarks/noise.py`` and ``benchmarks/mitigation.py`` hide for ``n``."""
    rng = random.Random(seed * 1_000_003 + 1000 * n + colors)
    return tuple(rng.randrange(colors) for _ in range(n))


def sweep_parser(doc: str, *, shots: int) -> argparse.ArgumentParser:
    """The options of the noisy-device sweeps: backend, k, the n, shots and seed."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--backend", default="fake:torino", help="a fake:NAME (default torino)")
    parser.add_argument("--colors", type=int, default=4, help="k (default 4)")
    parser.add_argument("--positions", default="1-5", help="values of n (default 1-5)")
    parser.add_argument("--shots", type=int, default=shots, help=f"shots (default {shots})")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    return parser
