"""The slowest random whole deals for each team shape and goal of the double-dummy solver.

Run ``python bench/solver_worst.py [--deals N] [--seed S] [--budget NODES] [--cards C]
[--shapes ...]``: for each shape, ``N`` random whole deals (or positions of ``C`` cards per
hand; random trump or no trump, random leader) are solved in a row by one solver (its table
reused, as the computer players do), and the slowest is printed with its time, its node count
and the command that solves it again. A search over
``--budget`` nodes stops with ``TimeoutError`` and is counted as unfinished.

Shapes: ``pair`` (the leader's partnership, max), ``adjacent`` (the leader and the next seat,
max), ``lone`` (the leader alone against three, max), ``three`` (three seats against the
leader's partner, max), ``misere`` (the leader alone, goal min), ``misere0`` (the leader alone,
``exact(0)``: is the misère made?), ``atleast`` (the leader's partnership, a yes/no at the value
of a middle-sized contract, 7 tricks).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from whist.cards import SEATS, Seat, format_deal
from whist.solver import MAX, MIN, Goal, Position, Solver, exact
from whist.solver.bench import random_position

Shape = tuple[Callable[[Seat], list[Seat]], Goal | None]

SHAPES: dict[str, Shape] = {
    "pair": (lambda s: [s, s.partner], MAX),
    "adjacent": (lambda s: [s, SEATS[(int(s) + 1) % 4]], MAX),
    "lone": (lambda s: [s], MAX),
    "three": (lambda s: [x for x in SEATS if x != s.partner], MAX),
    "misere": (lambda s: [s], MIN),
    "misere0": (lambda s: [s], exact(0)),
    "atleast": (lambda s: [s, s.partner], None),
}


def command(pos: Position, team: list[Seat], goal: Goal | None) -> str:
    trump = "NT" if pos.trump is None else "SHDC"[int(pos.trump)]
    g = "max" if goal is None else goal.kind + (f":{goal.k}" if goal.kind == "exact" else "")
    return (f'whist solve "{format_deal(pos.hands)}" --trump {trump} --leader {pos.leader.name} '
            f'--team {"".join(s.name for s in team)} --goal {g}')


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="random whole deals per shape")
    parser.add_argument("--seed", type=int, default=7, help="seed of the random deals")
    parser.add_argument("--budget", type=int, default=50_000_000, help="node budget of a search")
    parser.add_argument("--cards", type=int, default=13, help="cards per hand (13: whole deals)")
    parser.add_argument("--shapes", nargs="*", default=list(SHAPES), choices=list(SHAPES))
    args = parser.parse_args()
    for name in args.shapes:
        team_of, goal = SHAPES[name]
        rng = random.Random(args.seed)
        solver = Solver()
        times: list[float] = []
        worst: tuple[float, int, str] = (-1.0, 0, "")
        unfinished = 0
        for _ in range(args.deals):
            pos = random_position(rng, args.cards)
            team = team_of(pos.leader)
            start = time.perf_counter()
            try:
                if goal is None:
                    solver.solve(pos, team, at_least=7, max_nodes=args.budget)
                else:
                    solver.solve(pos, team, goal, max_nodes=args.budget)
            except TimeoutError:
                unfinished += 1
                print(f"          over the budget: {command(pos, team, goal)}")
                continue
            t = time.perf_counter() - start
            times.append(t)
            if t > worst[0]:
                worst = (t, solver.nodes, command(pos, team, goal))
        mean = statistics.fmean(times) * 1000 if times else 0.0
        median = statistics.median(times) * 1000 if times else 0.0
        print(f"{name:<9} {len(times)} of {args.deals} finished within {args.budget:,} nodes, "
              f"mean {mean:.1f} ms, median {median:.1f} ms, slowest {worst[0] * 1000:.0f} ms "
              f"({worst[1]:,} nodes)")
        if worst[2]:
            print(f"          {worst[2]}")


if __name__ == "__main__":
    main()
