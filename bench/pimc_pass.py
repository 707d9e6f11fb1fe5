"""What valuing a pass changes in pimc's calls: the calls before (a pass worth 0) and after (a
pass worth the contract the others then play, :func:`whist.bots.pimc_calls.after_pass`, when
that is below 0).

Run ``python bench/pimc_pass.py [--seed S] [--start I] [--deals N] [--budget B]`` from the
project's root: the boards of an arena run (``whist arena --preset couleur --seed S``) are dealt;
each seat in turn is pimc (``budget`` B, the node count deciding: no wall-clock stop) and the
three others the heuristic player, as at the arena's candidate tables. At each of pimc's calls
with a choice, both versions are asked with the same generator; at the first call where they
differ the deal is played out twice from there, each version at that seat, and the seat's
points after each are compared. It prints each change (the old call and its value, the new
call, its value, the new value of the pass and the deals weighed; the seat's points after the
old call and after the new), how many calls had a choice, were weighed and changed, what
changed, and new minus old per seat-deal (0 where no call changed) and per changed call, with
95% intervals.

``old_pimc`` (:func:`old_pimc`) is pimc with a pass worth 0, for the arena:
``PYTHONPATH=. whist arena --preset couleur --candidate pimc --reference bench.pimc_pass:old_pimc
--budget 0.1``; its budget is :data:`BUDGET` (the arena gives none to a bot of one's own).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import whist.bots.pimc_calls as pimc_calls
from whist.arena import (
    CANDIDATE,
    REFERENCE,
    Clock,
    arena_bot,
    cluster_estimate,
    deal_board,
    play_table,
    seat_rng,
)
from whist.auction import PASS, ColourCall
from whist.bots import AnyAction, AnyView, Bot
from whist.bots.colour_calls import choose_call as heuristic_call
from whist.bots.pimc import CardChoice, PimcBot
from whist.cards import SEATS, Seat
from whist.couleur import ColourDeal, ColourView
from whist.engine import ClassicDeal
from whist.rules import preset

BUDGET = 0.1
"""The budget of :func:`old_pimc` (seconds per card; a call gets three times as much)."""


@contextmanager
def pass_worth_zero() -> Iterator[None]:
    """pimc values a pass at 0 for a while, as it did before it played out the auction after it:
    the same samples, solves and node count for the other calls."""
    names = vars(pimc_calls)
    saved = names["_pass_points"], names["AUCTION_COST"]
    points: Callable[..., tuple[float, int]] = saved[0]

    def zero(bot: PimcBot, view: ColourView, hands: tuple[int, int, int, int], nodes_left: int,
             seconds_left: float, call: ColourCall = PASS) -> tuple[float, int]:
        # (a proposal is followed as a pass is, by the same function: it keeps its worth)
        if call != PASS:
            return points(bot, view, hands, nodes_left, seconds_left, call)
        return 0.0, 0

    names["_pass_points"], names["AUCTION_COST"] = zero, 0
    try:
        yield
    finally:
        names["_pass_points"], names["AUCTION_COST"] = saved


_OLD: list[PimcBot] = []


def old_pimc(view: AnyView, rng: random.Random) -> AnyAction:
    """pimc at :data:`BUDGET` with a pass worth 0 (``bench.pimc_pass:old_pimc`` in the arena,
    run from the project's root with ``PYTHONPATH=.``)."""
    if not _OLD:
        _OLD.append(PimcBot(BUDGET))
    with pass_worth_zero():
        return _OLD[0](view, rng)


def play_on(after: ClassicDeal | ColourDeal, seat: Seat, bot: Bot, seed: int,
            board: int) -> ClassicDeal | ColourDeal:
    """The deal ``after`` played to its end, ``bot`` at ``seat`` and the heuristic player at the
    three others (the generators of the arena's first table of ``board``)."""
    seating = tuple(CANDIDATE if s is seat else REFERENCE for s in SEATS)
    assert len(seating) == 4
    table = play_table(after, (seating[0], seating[1], seating[2], seating[3]),
                       {CANDIDATE: bot, REFERENCE: arena_bot("heuristic")},
                       {s: seat_rng(seed, board, 0, s) for s in SEATS},
                       {CANDIDATE: Clock(), REFERENCE: Clock()})
    return table.deal


def played_out(before: ColourDeal, seat: Seat, call: ColourCall, bot: Bot, seed: int,
               board: int) -> int:
    """The seat's points when it makes ``call`` and ``bot`` plays it from there."""
    deal = play_on(before.apply(call, seat), seat, bot, seed, board)
    assert isinstance(deal, ColourDeal)
    return deal.points()[seat]


Chooser = Callable[[PimcBot, ColourView, random.Random], CardChoice]
"""A version of :func:`whist.bots.pimc_calls.choose_call`."""


def paired_args(doc: str | None) -> argparse.ArgumentParser:
    """The options of a paired comparison of pimc's calls (this bench's and others')."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=11, help="the arena's seed")
    parser.add_argument("--start", type=int, default=0, help="the first board")
    parser.add_argument("--deals", type=int, default=100, help="boards dealt")
    parser.add_argument("--budget", type=float, default=BUDGET, help="pimc's seconds per card")
    return parser


def paired(args: argparse.Namespace, old_choose: Chooser, old_bot: Callable[[PimcBot], Bot],
           tag: str) -> None:
    """Compare pimc's calls (this tree's :func:`~whist.bots.pimc_calls.choose_call`) with
    ``old_choose``'s on the boards ``args`` names, each seat in turn pimc and the three others
    the heuristic player; at the first call of a seat-deal where they differ the deal is played
    out twice from there (``old_bot(bot)`` playing the old version on), and the seat's points
    compared. Prints each change and the figures (module docstring)."""
    new = PimcBot(args.budget, wall_margin=1e6)
    old = PimcBot(args.budget, wall_margin=1e6)
    decisions = weighed = changed = 0
    kinds: Counter[str] = Counter()
    totals: list[float] = []
    diffs: list[float] = []
    for board in range(args.start, args.start + args.deals):
        start = deal_board(preset("couleur"), args.seed, board)
        assert isinstance(start, ColourDeal)
        total = 0.0
        for seat in SEATS:
            d = start
            while d.phase in ("trou", "auction") and (s := d.to_act) is not None:
                view = d.view(s)
                if s is not seat or len(view.legal) == 1:
                    d = d.apply(heuristic_call(view), s)
                    continue
                rng = random.Random(f"{tag}:{args.seed}:{board}:{s.name}:{len(d.actions)}")
                decisions += 1
                key = rng.random()
                now = pimc_calls.choose_call(new, view, random.Random(key))
                before = old_choose(old, view, random.Random(key))
                weighed += now.basis == "search"
                a, b = now.best, before.best
                assert isinstance(a, ColourCall) and isinstance(b, ColourCall)
                if a == b:
                    d = d.apply(a, s)
                    continue
                changed += 1
                kinds[f"{b} -> {a}"] += 1
                pass_value = next((v for c, v in now.values.items()
                                   if isinstance(c, ColourCall) and c.kind == "pass"), 0.0)
                after_new = played_out(d, seat, a, new, args.seed, board)
                after_old = played_out(d, seat, b, old_bot(old), args.seed, board)
                diff = after_new - after_old
                total += diff
                diffs.append(diff)
                print(f"board {board} {seat.name}: {b} ({before.values.get(b, 0.0):+.1f}) -> {a}"
                      f" ({now.values.get(a, 0.0):+.1f}; pass {pass_value:+.1f}, {now.samples} deals):"
                      f" {after_old:+d} -> {after_new:+d}", flush=True)
                break
        totals.append(total)
    seat_deals = cluster_estimate(totals, [4] * len(totals))
    per_change = cluster_estimate(diffs, [1] * len(diffs))
    print(f"seed {args.seed}, boards {args.start}-{args.start + args.deals - 1}, budget {args.budget}:"
          f" {decisions} calls with a choice, {weighed} weighed by simulation, {changed} changed"
          " (the first change of each seat-deal)")
    for k, n in kinds.most_common():
        print(f"  {k}: {n}")
    for name, e in (("per seat-deal", seat_deals), ("per changed call", per_change)):
        if e.mean is not None:
            half = f" [{e.mean - e.half:+.2f}, {e.mean + e.half:+.2f}]" if e.half is not None else ""
            print(f"new - old, {name}: {e.mean:+.3f}{half} ({e.units} figures)")


def main() -> None:
    args = paired_args(__doc__).parse_args()

    def old_choose(bot: PimcBot, view: ColourView, rng: random.Random) -> CardChoice:
        with pass_worth_zero():
            return pimc_calls.choose_call(bot, view, rng)

    def old_bot(bot: PimcBot) -> Bot:
        def play(view: AnyView, rng: random.Random) -> AnyAction:
            with pass_worth_zero():
                return bot(view, rng)
        return play

    paired(args, old_choose, old_bot, "pimc-pass")


if __name__ == "__main__":
    main()
