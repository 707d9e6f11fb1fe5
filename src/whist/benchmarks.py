"""Benchmarks shared by ``whist bench`` and the scripts under ``bench/``.

The engine benchmark plays complete random classic deals through the public protocol only
(``ClassicDeal.shuffled``, ``legal_actions()``, ``apply()``), single-threaded (one core), and
reports the best rate of several short rounds, which filters out noise from other work on a
shared machine. As ``timeit`` does, the garbage collector is paused during a round. The rounds
share the time asked for, each at least :data:`MIN_ROUND`; a round reads the clock after every
deal and ends with the first deal finished once its share is spent, so the measure lasts that
time and at most one deal a round more (a warm-up of a few deals before it is not counted).

>>> r = bench_engine(seconds=0.05, rounds=2)
>>> r.deals_per_second > 0
True
"""

from __future__ import annotations

import gc
import math
import platform
import random
import time
from dataclasses import dataclass
from typing import Any

from whist.cards import SEATS
from whist.engine import ClassicDeal
from whist.rules import Rules, preset

__all__ = ["MAX_SECONDS", "MIN_ROUND", "EngineBench", "bench_engine", "most_rounds", "play_random_deals"]

MIN_ROUND = 0.01
"""The least time a round of :func:`bench_engine` is given, in seconds: a few dozen deals on a
slow machine, so that the deal a round finishes past its share adds little to it."""
MAX_SECONDS = 3600.0
"""The longest measure :func:`bench_engine` takes, in seconds: an hour, already far more than a
rate steady to a few per cent needs."""


@dataclass(frozen=True, slots=True)
class EngineBench:
    """The result of :func:`bench_engine`: the best rate and every round's."""

    deals_per_second: float
    rounds: tuple[float, ...]
    deals: int
    seconds: float
    preset: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "benchmark": "engine",
            "deals_per_second": round(self.deals_per_second, 1),
            "rounds": [round(r, 1) for r in self.rounds],
            "deals": self.deals,
            "seconds": round(self.seconds, 3),
            "preset": self.preset,
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
        }


def play_random_deals(rules: Rules, rng: random.Random, count: int, first: int = 0) -> int:
    """Play ``count`` complete deals choosing uniformly among the legal actions; the number of
    actions taken. Dealers rotate from ``SEATS[first % 4]``."""
    shuffled = ClassicDeal.shuffled
    rand = rng.random
    actions = 0
    for i in range(first, first + count):
        d = shuffled(rules, SEATS[i & 3], rng)
        while d.to_act is not None:
            legal = d.legal_actions()
            d = d.apply(legal[int(rand() * len(legal))])
            actions += 1
    return actions


def _round(rules: Rules, rng: random.Random, seconds: float) -> tuple[int, float]:
    """Deals played one at a time until ``seconds`` are spent (the clock read after each, so the
    last one ends the round at most one deal late; at least one deal), and the time they took."""
    clock = time.perf_counter
    start = clock()
    end = start + seconds
    deals = 0
    while True:
        play_random_deals(rules, rng, 1, deals)
        deals += 1
        now = clock()
        if now >= end:
            return deals, now - start


def most_rounds(seconds: float) -> int:
    """The most rounds ``seconds`` can be shared by, each given at least :data:`MIN_ROUND`."""
    return max(1, math.floor(seconds / MIN_ROUND + 1e-9))


def bench_engine(seconds: float = 3.0, rounds: int = 5, seed: int = 0,
                 preset_name: str = "classic") -> EngineBench:
    """Random deals per second: ``rounds`` rounds sharing ``seconds``, best rate reported.
    :class:`ValueError` unless ``seconds`` is from :data:`MIN_ROUND` to :data:`MAX_SECONDS` and
    gives each round at least :data:`MIN_ROUND`."""
    if not MIN_ROUND <= seconds <= MAX_SECONDS:  # NaN too
        raise ValueError(f"the benchmark takes from {MIN_ROUND:g} to {MAX_SECONDS:g} seconds, not {seconds}")
    if not 1 <= rounds <= most_rounds(seconds):
        raise ValueError(f"{seconds:g} seconds make from 1 to {most_rounds(seconds)} rounds of at least"
                         f" {MIN_ROUND:g} s, not {rounds}")
    rules = preset(preset_name)
    rng = random.Random(seed)
    play_random_deals(rules, rng, 20)  # warm up caches and lazy imports
    rates: list[float] = []
    total = 0
    elapsed = 0.0
    was_enabled = gc.isenabled()
    for _ in range(rounds):
        gc.collect()
        gc.disable()
        try:
            n, t = _round(rules, rng, seconds / rounds)
        finally:
            if was_enabled:
                gc.enable()
        rates.append(n / t)
        total += n
        elapsed += t
    return EngineBench(max(rates), tuple(rates), total, elapsed, rules.preset)
