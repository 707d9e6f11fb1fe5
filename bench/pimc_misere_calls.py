"""What pimc's call is worth where the heuristic player bids a contract of the misère family.

Run ``python bench/pimc_misere_calls.py [--seed S] [--start I] [--deals N] [--budget B]``: the
boards of an arena run (``whist arena --preset couleur --seed S``) are played by the heuristic
player at every seat; at each seat's first call that is a petite or grande misère, a piccolo or a
piccolissimo, pimc (``budget`` B, the node count deciding: no wall-clock stop) is asked the call
too. Where it answers something else, the deal is played out twice from there, once after each
call, pimc at that seat and the heuristic player at the others, and the seat's points are
printed, then a total by contract. It measures the calls alone, on the few deals where they
differ, which a whole arena run drowns in the noise of the other deals.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from dataclasses import dataclass

from whist.arena import CANDIDATE, REFERENCE, Clock, arena_bot, deal_board, play_table, seat_rng, seatings
from whist.auction import ColourCall
from whist.bots.colour_calls import choose_call as heuristic_call
from whist.bots.pimc import PimcBot
from whist.cards import SEATS, Seat
from whist.couleur import ColourDeal
from whist.rules import preset

FAMILY = ("petite_misere", "grande_misere", "grande_misere_sur_table", "piccolo", "piccolissimo")


@dataclass(frozen=True, slots=True)
class Differs:
    """A seat whose first call the two players make differently, and its points after each."""

    board: int
    seat: Seat
    rule: ColourCall
    pimc: ColourCall
    after_rule: int
    after_pimc: int


def first_calls(start: ColourDeal) -> dict[Seat, ColourDeal]:
    """The deal just before each seat's first call with a choice, the heuristic player calling."""
    out: dict[Seat, ColourDeal] = {}
    d = start
    while d.phase in ("trou", "auction") and (seat := d.to_act) is not None:
        view = d.view(seat)
        if len(view.legal) > 1:
            out.setdefault(seat, d)
            d = d.apply(heuristic_call(view), seat)
        else:
            d = d.apply(view.legal[0], seat)
    return out


def played_out(before: ColourDeal, seat: Seat, call: ColourCall, budget: float, seed: int,
               board: int) -> int:
    """The seat's points when it makes ``call`` and pimc plays it from there."""
    bots = {CANDIDATE: PimcBot(budget, wall_margin=1e6), REFERENCE: arena_bot("heuristic")}
    rngs = {s: seat_rng(seed, board, int(seat), s) for s in SEATS}
    clocks = {CANDIDATE: Clock(), REFERENCE: Clock()}
    table = play_table(before.apply(call, seat), seatings(True)[seat], bots, rngs, clocks)
    assert isinstance(table.deal, ColourDeal)
    return table.deal.points()[seat]


def board_differences(seed: int, board: int, budget: float) -> list[Differs]:
    start = deal_board(preset("couleur"), seed, board)
    assert isinstance(start, ColourDeal)
    out: list[Differs] = []
    for seat, before in first_calls(start).items():
        view = before.view(seat)
        rule = heuristic_call(view)
        if rule.contract is None or rule.contract.kind not in FAMILY:
            continue
        choice = PimcBot(budget, wall_margin=1e6).advise(view, random.Random(board))
        if choice.best == rule or not isinstance(choice.best, ColourCall):
            continue
        out.append(Differs(board, seat, rule, choice.best,
                           played_out(before, seat, rule, budget, seed, board),
                           played_out(before, seat, choice.best, budget, seed, board)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=2, help="the arena's seed")
    parser.add_argument("--start", type=int, default=0, help="the first board")
    parser.add_argument("--deals", type=int, default=200, help="boards played")
    parser.add_argument("--budget", type=float, default=0.1, help="pimc's seconds per card")
    args = parser.parse_args()
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for board in range(args.start, args.start + args.deals):
        for d in board_differences(args.seed, board, args.budget):
            print(f"board {d.board} {d.seat.name}: heuristic {d.rule} {d.after_rule:+}, "
                  f"pimc {d.pimc} {d.after_pimc:+}", flush=True)
            assert d.rule.contract is not None
            t = totals[d.rule.contract.kind]
            t[0] += 1
            t[1] += d.after_rule
            t[2] += d.after_pimc
    for kind, (n, rule, pimc) in sorted(totals.items()):
        print(f"{kind}: {n} seats, after the heuristic call {rule:+}, after pimc's {pimc:+}")


if __name__ == "__main__":
    main()
