"""The slowest random whole deals for each team shape and goal of the double-dummy solver.

Run ``python bench/solver_worst.py [--deals N] [--seed S] [--budget NODES] [--cards C]
[--shapes ...]``: for each shape, ``N`` random whole deals (or positions of ``C`` cards per
hand; random trump or no trump, random leader) are solved in a row by one solver (its table
reused, as the computer players do), and the slowest is printed with its time, its node count
and the command that solves it again. A search over
``--budget`` nodes stops with ``TimeoutError`` and is counted as unfinished. With ``--cap K``,
the counts (goals max and min) are counted up to K tricks only (``Solver.solve(..., cap=K)``).

Shapes: ``pair`` (the leader's partnership, max), ``adjacent`` (the leader and the next seat,
max), ``lone`` (the leader alone against three, max), ``three`` (three seats against the
leader's partner, max), ``misere`` (the leader alone, goal min), ``misere0`` (the leader alone,
``exact(0)``: is the misère made?), ``atleast`` (the leader's partnership, a yes/no at the value
of a middle-sized contract, 7 tricks). Random hands seldom suit a misère; the ``bid-`` shapes
solve deals where a seat holds a hand the computer players would bid it with (at most one card
too high to duck, by ``misere_flaws``; two for a piccolo), no trump, a random seat on lead, as a
game is played: ``bid-misere`` (``exact(0)``, the question the players ask), ``bid-misere-min``
(goal min), ``bid-piccolo`` (``exact(1)``), ``bid-piccolissimo`` (``exact(2)``, three flaws).
Two misère players who both play are counted together by the computer players on defence, up to
2 (``--cap 2``: their points stop changing once both have taken a trick): ``joint-opposite`` and
``joint-adjacent`` (random hands, no trump, the leader and its partner or its left-hand
opponent, goal min), and ``bid-joint`` (two seats that hold misère hands with at most two flaws
each, together, no trump, a random seat on lead, goal min).
A lone player's contract in a suit (solo, abondance, chelem) is weighed in the auction by the
yes/no question ``at_least`` (may the declarer take the contract's tricks?) on deals where the
declarer holds a hand the computer players weigh it with (their estimate of its tricks with that
suit as trump at least the contract's tricks less 1.5), that suit trumps: ``bid-solo`` (6 to 8
tricks, a random seat on lead as eldest) and ``bid-abondance`` (9 to 13 tricks, the declarer on
lead), the contract drawn among those the hand is weighed for; in play the declarer's tricks are
counted (goal max, in full): ``bid-solo-count`` and ``bid-abondance-count``; the computer players
count up to the tricks past which the points stop changing (``--cap``) and, where a failure costs
the same however many tricks it misses by (a ``couleur`` abondance or chelem), from one trick
short of the contract (``--floor``): ``bid-abondance-window`` asks that, the contract drawn for
each deal (``cap`` its tricks, ``floor`` one fewer). ``--floor K`` counts every shape from K.
The ``bid-`` and ``joint-`` shapes are not in the default run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import NamedTuple

from whist.bots.evaluate import misere_flaws, trick_estimate
from whist.cards import SEATS, Seat, Suit
from whist.solver import MAX, MIN, Goal, Position, Solver, exact
from whist.solver.bench import random_position
from whist.solver.bench import solve_command as command

Deal = Callable[[random.Random, int], tuple[Position, list[Seat]]]
Need = Callable[[random.Random, Position, list[Seat]], int]
"""The tricks a yes/no search (``at_least``) asks of the team, drawn for the deal."""


class Window(NamedTuple):
    """The team's count (goal max) from one trick short of a contract drawn for the deal up to it."""

    need: Need


def teamed(team_of: Callable[[Seat], list[Seat]]) -> Deal:
    """Random positions, the team chosen from the seat on lead."""
    def deal(rng: random.Random, cards: int) -> tuple[Position, list[Seat]]:
        pos = random_position(rng, cards)
        return pos, team_of(pos.leader)
    return deal


def bid(flaws: int, players: int = 1) -> Deal:
    """Random whole deals where ``players`` seats hold misère hands (at most ``flaws`` cards too
    high to duck), those seats the team, no trump, a random seat on lead."""
    def deal(rng: random.Random, cards: int) -> tuple[Position, list[Seat]]:
        while True:
            pos = random_position(rng, 13)
            seats = [s for s in SEATS if misere_flaws(pos.hands[int(s)]) <= flaws]
            if len(seats) >= players:
                team = [rng.choice(seats)] if players == 1 else rng.sample(seats, players)
                return Position(pos.hands, None, pos.leader), team
    return deal


def weighed(hand: int, trump: Suit, lowest: int, highest: int) -> list[int]:
    """The contracts from ``lowest`` to ``highest`` tricks in ``trump`` that the computer players
    weigh for a lone ``hand`` (its estimated tricks at least the contract's less 1.5)."""
    est = trick_estimate(hand, trump)
    return [n for n in range(lowest, highest + 1) if est >= n - 1.5]


def bid_alone(lowest: int, highest: int, declarer_leads: bool) -> Deal:
    """Random whole deals where a seat holds a hand weighed for a contract of ``lowest`` to
    ``highest`` tricks alone in a suit, that seat the team, that suit trumps (drawn among the
    seats and suits that qualify), the declarer on lead or a random seat."""
    def deal(rng: random.Random, cards: int) -> tuple[Position, list[Seat]]:
        while True:
            pos = random_position(rng, 13)
            fits = [(s, t) for s in SEATS for t in Suit
                    if weighed(pos.hands[int(s)], t, lowest, highest)]
            if fits:
                seat, trump = rng.choice(fits)
                return Position(pos.hands, trump, seat if declarer_leads else pos.leader), [seat]
    return deal


def contract_of(lowest: int, highest: int) -> Need:
    """One of the contracts the declarer's hand is weighed for, drawn."""
    def need(rng: random.Random, pos: Position, team: list[Seat]) -> int:
        assert pos.trump is not None
        return rng.choice(weighed(pos.hands[int(team[0])], pos.trump, lowest, highest))
    return need


def no_trump(deal: Deal) -> Deal:
    """The same deals played at no trump."""
    def played(rng: random.Random, cards: int) -> tuple[Position, list[Seat]]:
        pos, team = deal(rng, cards)
        return Position(pos.hands, None, pos.leader), team
    return played


SHAPES: dict[str, tuple[Deal, Goal | Need | Window]] = {
    "pair": (teamed(lambda s: [s, s.partner]), MAX),
    "adjacent": (teamed(lambda s: [s, SEATS[(int(s) + 1) % 4]]), MAX),
    "lone": (teamed(lambda s: [s]), MAX),
    "three": (teamed(lambda s: [x for x in SEATS if x != s.partner]), MAX),
    "misere": (teamed(lambda s: [s]), MIN),
    "misere0": (teamed(lambda s: [s]), exact(0)),
    "atleast": (teamed(lambda s: [s, s.partner]), lambda rng, pos, team: 7),
    "bid-misere": (bid(1), exact(0)),
    "bid-misere-min": (bid(1), MIN),
    "bid-piccolo": (bid(2), exact(1)),
    "bid-piccolissimo": (bid(3), exact(2)),
    "joint-opposite": (no_trump(teamed(lambda s: [s, s.partner])), MIN),
    "joint-adjacent": (no_trump(teamed(lambda s: [s, SEATS[(int(s) + 1) % 4]])), MIN),
    "bid-joint": (bid(2, players=2), MIN),
    "bid-solo": (bid_alone(6, 8, declarer_leads=False), contract_of(6, 8)),
    "bid-abondance": (bid_alone(9, 13, declarer_leads=True), contract_of(9, 13)),
    "bid-solo-count": (bid_alone(6, 8, declarer_leads=False), MAX),
    "bid-abondance-count": (bid_alone(9, 13, declarer_leads=True), MAX),
    "bid-abondance-window": (bid_alone(9, 13, declarer_leads=True), Window(contract_of(9, 13))),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30, help="random whole deals per shape")
    parser.add_argument("--seed", type=int, default=7, help="seed of the random deals")
    parser.add_argument("--budget", type=int, default=50_000_000, help="node budget of a search")
    parser.add_argument("--cards", type=int, default=13, help="cards per hand (13: whole deals)")
    parser.add_argument("--cap", type=int, default=None, choices=range(14), metavar="K",
                        help="count up to K tricks only (goals max and min)")
    parser.add_argument("--floor", type=int, default=None, choices=range(13), metavar="K",
                        help="count from K tricks only (goals max and min, below --cap)")
    parser.add_argument("--shapes", nargs="*",
                        default=[s for s in SHAPES if not s.startswith(("bid-", "joint-"))],
                        choices=list(SHAPES), help="default: all but the bid- and joint- shapes")
    args = parser.parse_args()
    if args.floor is not None and args.cap is not None and args.floor >= args.cap:
        parser.error(f"--floor {args.floor} must be below --cap {args.cap}")
    for name in args.shapes:
        deal, ask = SHAPES[name]
        rng = random.Random(args.seed)
        solver = Solver()
        times: list[float] = []
        worst: tuple[float, int, str] = (-1.0, 0, "")
        unfinished = 0
        for _ in range(args.deals):
            pos, team = deal(rng, args.cards)
            cap, floor = args.cap, args.floor
            if isinstance(ask, Window):
                cap = ask.need(rng, pos, team)
                floor = cap - 1
                goal: Goal | None = MAX
                need = None
            else:
                goal = ask if isinstance(ask, Goal) else None
                need = None if isinstance(ask, Goal) else ask(rng, pos, team)
            # the CLI has no yes/no search: its command counts the tricks (goal max)
            again = command(pos, team, goal, cap, floor) + ("" if need is None else
                                                            f"  (asked: at_least={need})")
            start = time.perf_counter()
            try:
                if goal is None:
                    solver.solve(pos, team, at_least=need, max_nodes=args.budget)
                elif goal.kind == "exact":
                    solver.solve(pos, team, goal, max_nodes=args.budget)
                else:
                    solver.solve(pos, team, goal, cap=cap, floor=floor, max_nodes=args.budget)
            except TimeoutError:
                unfinished += 1
                print(f"          over the budget: {again}")
                continue
            t = time.perf_counter() - start
            times.append(t)
            if t > worst[0]:
                worst = (t, solver.nodes, again)
        mean = statistics.fmean(times) * 1000 if times else 0.0
        median = statistics.median(times) * 1000 if times else 0.0
        print(f"{name:<9} {len(times)} of {args.deals} finished within {args.budget:,} nodes, "
              f"mean {mean:.1f} ms, median {median:.1f} ms, slowest {worst[0] * 1000:.0f} ms "
              f"({worst[1]:,} nodes)")
        if worst[2]:
            print(f"          {worst[2]}")


if __name__ == "__main__":
    main()
