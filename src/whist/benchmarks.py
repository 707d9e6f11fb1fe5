"""Benchmarks shared by ``whist bench`` and the scripts under ``bench/``.

The engine benchmark plays complete random classic deals through the public protocol only
(``ClassicDeal.shuffled``, ``legal_actions()``, ``apply()``), single-threaded (one core), and
reports the best rate of several short rounds, which filters out noise from other work on a
shared machine. As ``timeit`` does, the garbage collector is paused during a round.

>>> r = bench_engine(seconds=0.05, rounds=2)
>>> r.deals_per_second > 0
True
"""

from __future__ import annotations

import gc
import platform
import random
import time
from dataclasses import dataclass
from typing import Any

from whist.cards import SEATS
from whist.engine import ClassicDeal
from whist.rules import Rules, preset

__all__ = ["EngineBench", "bench_engine", "play_random_deals"]


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
    """Deals played in about ``seconds``, and the time they took."""
    batch = 20
    deals = 0
    clock = time.perf_counter
    start = clock()
    end = start + seconds
    now = start
    while now < end:
        play_random_deals(rules, rng, batch, deals)
        deals += batch
        now = clock()
    return deals, now - start


def bench_engine(seconds: float = 3.0, rounds: int = 5, seed: int = 0,
                 preset_name: str = "classic") -> EngineBench:
    """Random deals per second: ``rounds`` rounds sharing ``seconds``, best rate reported."""
    if seconds <= 0 or rounds < 1:
        raise ValueError("the benchmark needs a positive time and at least one round")
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
