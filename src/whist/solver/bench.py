"""Benchmark of the double-dummy solver against DDS (bridge's reference solver), one thread.

Used by ``whist bench solver`` and ``bench/bench_solver.py``. The same random whole deals
(random trump or no trump, random leader, team = the leader's partnership) are solved in one
process by our solver and by DDS through ``endplay`` (``SolveBoard`` with every card of the
leader scored, thread 0 only); times are milliseconds per deal for all the cards of the
leader. Our solver is also timed where DDS cannot go (a lone player against three, misère)
and on positions of 8 and 10 cards per hand. ``endplay`` is optional: without it only our
solver is timed.

>>> r = run_bench(deals=1, seed=1, dds=False, extra=False)
>>> r["ours"]["deals"]
1
"""

from __future__ import annotations

import importlib.util
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from whist.cards import SEATS, Seat, Suit, format_deal
from whist.solver import MAX, MIN, Goal, Position, Solver, exact

__all__ = ["has_dds", "random_position", "run_bench", "solve_command"]

Deal4 = tuple[int, int, int, int]


def has_dds() -> bool:
    """Whether ``endplay`` (DDS) is installed."""
    return importlib.util.find_spec("endplay") is not None


def random_position(rng: random.Random, cards: int = 13) -> Position:
    """A random position of ``cards`` cards per hand (drawn from a shuffled pack), random trump
    or no trump, random leader, nothing played yet."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(deck[: 4 * cards]):
        hands[i & 3] |= 1 << c
    t = rng.randrange(5)
    trump = None if t == 4 else Suit(t)
    return Position((hands[0], hands[1], hands[2], hands[3]), trump, SEATS[rng.randrange(4)])


def solve_command(pos: Position, team: list[Seat], goal: Goal | None, cap: int | None = None,
                  floor: int | None = None) -> str:
    """The ``whist solve`` command that solves ``pos`` again for ``team`` and ``goal`` (``None``:
    max), counted from ``floor`` up to ``cap``."""
    trump = "NT" if pos.trump is None else "SHDC"[int(pos.trump)]
    g = "max" if goal is None else goal.kind + (f":{goal.k}" if goal.kind == "exact" else "")
    counts = goal is not None and goal.kind != "exact"
    capped = "".join(f" --{name} {k}" for name, k in (("floor", floor), ("cap", cap))
                     if k is not None and counts)
    return (f'whist solve "{format_deal(pos.hands)}" --trump {trump} --leader {pos.leader.name} '
            f'--team {"".join(s.name for s in team)} --goal {g}{capped}')


def _stats(times: list[float], nodes: list[int]) -> dict[str, Any]:
    """The measure of the searches timed: ``null`` times and worst where none finished (not a
    mean of 0 ms), and ``null`` nodes where they were not counted (DDS does not say them)."""
    ms = [t * 1000 for t in times]
    worst = max(range(len(ms)), key=ms.__getitem__) if ms else None
    return {
        "deals": len(ms),
        "mean_ms": round(statistics.fmean(ms), 2) if ms else None,
        "median_ms": round(statistics.median(ms), 2) if ms else None,
        "max_ms": round(ms[worst], 2) if worst is not None else None,
        "worst_index": worst,
        "mean_nodes": round(statistics.fmean(nodes)) if nodes else None,
    }


def _dds_solver() -> Callable[[Position], float]:
    """A function timing DDS on a position (all cards of the player on lead)."""
    import endplay._dds as dds  # type: ignore[import-not-found, unused-ignore]
    from endplay.types import Deal, Denom, Player  # type: ignore[import-not-found, unused-ignore]

    def run(pos: Position) -> float:
        deal = Deal(format_deal(pos.hands))
        deal.trump = Denom(4 if pos.trump is None else int(pos.trump))
        deal.first = Player(int(pos.leader))
        fut = dds.futureTricks()
        start = time.perf_counter()
        dds.SolveBoard(deal._data, -1, 3, 1, fut, 0)
        return time.perf_counter() - start

    return run


def _time_ours(solver: Solver, positions: list[tuple[Position, frozenset[int], Goal]],
               max_nodes: int | None = None, step: Callable[[], None] = lambda: None,
               ) -> tuple[list[float], list[int], int, int]:
    """Times and nodes of the searches that finished, the index of the slowest, and how many
    ran out of ``max_nodes`` (``None``: no limit); ``step()`` after each position."""
    times: list[float] = []
    nodes: list[int] = []
    worst, unfinished, slowest = 0, 0, -1.0
    for i, (pos, team, goal) in enumerate(positions):
        start = time.perf_counter()
        try:
            solver.solve(pos, [SEATS[s] for s in team], goal, max_nodes=max_nodes)
        except TimeoutError:
            unfinished += 1
            continue
        finally:
            step()
        t = time.perf_counter() - start
        if t > slowest:
            worst, slowest = i, t
        times.append(t)
        nodes.append(solver.nodes)
    return times, nodes, worst, unfinished


MISERE_NODES = 20_000_000
"""Node budget of a misère whole deal in the benchmark (about 5 to 10 s): some take far longer."""


def _extra_sets(rng: random.Random, n: int) -> dict[str, list[tuple[Position, frozenset[int], Goal]]]:
    """``n`` random positions of each set our solver alone is timed on (see ``run_bench``)."""
    sets: dict[str, list[tuple[Position, frozenset[int], Goal]]] = {}
    lone = [random_position(rng) for _ in range(n)]
    sets["one_vs_three"] = [(p, frozenset({int(p.leader)}), MAX) for p in lone]
    mis = [random_position(rng) for _ in range(n)]
    sets["misere"] = [(p, frozenset({int(p.leader)}), MIN) for p in mis]
    sets["misere_made"] = [(p, frozenset({int(p.leader)}), exact(0)) for p in mis]
    for cards in (8, 10):
        ps = [random_position(rng, cards) for _ in range(n)]
        sets[f"cards_{cards}"] = [(p, frozenset({int(p.leader), int(p.leader.partner)}), MAX) for p in ps]
    return sets


def run_bench(deals: int = 20, seed: int = 1, dds: bool = True, extra: bool = True,
              memory_mb: int = 64, progress: Callable[[int, int], None] = lambda done, total: None,
              ) -> dict[str, Any]:
    """Time ``deals`` random whole deals with our solver and (if ``dds`` and endplay is
    installed) with DDS, interleaved deal by deal; with ``extra``, also ``deals`` // 2 (at least
    one) of each of: a lone player against three (max), misère of a lone player (whole deals,
    goal min with a node budget: ``unfinished`` counts those over it; and on the same deals the
    yes/no "is the misère made?", goal ``exact(0)``), and positions of 8 and 10 cards per hand
    (our solver only). ``progress(done, total)`` is called after each position. Returns a
    JSON-ready dict."""
    rng = random.Random(seed)
    solver = Solver(memory_mb)
    use_dds = dds and has_dds()
    dds_run = _dds_solver() if use_dds else None
    whole = [random_position(rng) for _ in range(deals)]
    sets = _extra_sets(rng, max(1, deals // 2)) if extra else {}
    total = deals + sum(len(items) for items in sets.values())
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        progress(done, total)

    ours_t: list[float] = []
    ours_n: list[int] = []
    dds_t: list[float] = []
    for pos in whole:
        team = [pos.leader, pos.leader.partner]
        if dds_run is not None:
            dds_t.append(dds_run(pos))
        start = time.perf_counter()
        solver.solve(pos, team, MAX)
        ours_t.append(time.perf_counter() - start)
        ours_n.append(solver.nodes)
        step()
    out: dict[str, Any] = {
        "benchmark": "solver",
        "seed": seed,
        "threads": 1,
        "python": platform.python_version(),
        "ours": _stats(ours_t, ours_n),
    }
    worst_pos = whole[out["ours"]["worst_index"]]
    out["ours"]["worst_deal"] = format_deal(worst_pos.hands)
    out["ours"]["worst_command"] = solve_command(worst_pos, [worst_pos.leader, worst_pos.leader.partner], MAX)
    if dds_t:
        out["dds"] = _stats(dds_t, [])
        out["ratio_mean"] = round(statistics.fmean(ours_t) / statistics.fmean(dds_t), 2)
        out["ratio_median"] = round(statistics.median(ours_t) / statistics.median(dds_t), 2)
        per_deal = [o / d for o, d in zip(ours_t, dds_t, strict=True)]
        out["ratio_median_deal"] = round(statistics.median(per_deal), 2)
    elif dds:
        out["dds"] = None
        out["note"] = "endplay (DDS) is not installed: pip install endplay"
    for name, items in sets.items():
        budget = MISERE_NODES if name.startswith("misere") else None
        t, nd, worst, unfinished = _time_ours(solver, items, budget, step)
        out[name] = _stats(t, nd)
        out[name]["deals"] = len(items)
        out[name]["unfinished"] = unfinished
        if not t:  # none finished: no worst deal to name
            out[name]["worst_deal"] = out[name]["worst_command"] = None
            continue
        out[name]["worst_index"] = worst  # among all the set's deals, as worst_deal is
        worst_pos, seats, goal = items[worst]
        out[name]["worst_deal"] = format_deal(worst_pos.hands)
        out[name]["worst_command"] = solve_command(worst_pos, [SEATS[s] for s in sorted(seats)], goal)
    return out
