"""Two versions of a player compared card by card, double dummy: the positions of an arena run's
boards played by the first (four copies at the table), and at each card where the second would
play another, both cards valued in the real deal played double dummy from there with the
contract's objective (as pimc asks it); new minus old, summed.

Run ``python bench/heuristic_paired.py --old MODULE:NAME [--new MODULE:NAME] [--preset P]
[--seed S] [--deals N] [--show K]`` from the project's root, with the old version's module on
``PYTHONPATH`` (a bot of one's own, as ``whist arena --reference`` takes it: for instance a module
whose player swaps a changed function of :mod:`whist.bots.heuristic` back to its old text). The
new version is the heuristic player unless named. It prints the cards that differed, how many the
new card gained and lost, the sum a seat-deal with a 95% interval, and the ``K`` positions that
lost most. A quick screen before the arena: the cards are compared on the same positions, so the
noise is that of the changed decisions alone; the arena against the old version stays the
measure (a card valued double dummy is not the card's worth at the table).
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

from pimc_play_paired import card_worths, hands_text

from whist.arena import deal_board
from whist.arena_boards import arena_bot
from whist.bots import Bot
from whist.cards import Card, Refusal
from whist.couleur import ColourDeal
from whist.engine import ClassicDeal
from whist.rules import preset
from whist.solver import Solver


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--old", help="the old version, MODULE:NAME (needed)")
    parser.add_argument("--new", default="heuristic", help="the new version (the heuristic player)")
    parser.add_argument("--preset", default="classic", help="the rules (classic, couleur, ...)")
    parser.add_argument("--seed", type=int, default=1, help="the arena's seed")
    parser.add_argument("--deals", type=int, default=200, help="boards dealt")
    parser.add_argument("--show", type=int, default=5, help="positions shown that lost most")
    args = parser.parse_args()
    if not args.old:
        parser.error("--old MODULE:NAME is needed: the version to compare with")
    rules = preset(args.preset)
    try:
        new: Bot = arena_bot(args.new)
        old: Bot = arena_bot(args.old)
    except Refusal as exc:
        parser.error(str(exc))
    solver = Solver(64)
    gains: list[float] = []
    losses: list[tuple[float, str]] = []
    for board in range(args.deals):
        d: ClassicDeal | ColourDeal = deal_board(rules, args.seed, board)
        while (s := d.to_act) is not None:
            view = d.view(s)
            key = f"{board}:{len(d.actions)}"
            act: Any = new(view, random.Random(key))
            if isinstance(act, Card):
                was: Any = old(view, random.Random(key))
                if was != act:
                    worth = card_worths(d, view, solver)
                    if worth is not None:
                        gain = worth[act] - worth[was]
                        gains.append(gain)
                        if gain < 0:
                            losses.append((gain, f"board {board}, trump {view.trump}, {s.name} after"
                                                 f" {[str(c) for _, c in view.trick]}: {act} (old {was}),"
                                                 f" {gain:+g}\n      {hands_text(d)}"))
            d = d.apply(act, s)
    seat_deals = 4 * args.deals
    total = sum(gains)
    # the variance of the sum a seat-deal, the cards that did not change counting 0
    var = sum(g * g for g in gains) / seat_deals - (total / seat_deals) ** 2
    half = 1.96 * math.sqrt(max(var, 0.0) / seat_deals)
    print(f"{args.preset}, seed {args.seed}, {args.deals} boards: {len(gains)} cards differed,"
          f" {sum(1 for g in gains if g > 0)} gained {sum(g for g in gains if g > 0):g},"
          f" {sum(1 for g in gains if g < 0)} lost {-sum(g for g in gains if g < 0):g};"
          f" new minus old {total:+g}, {total / seat_deals:+.4f} ± {half:.4f} a seat-deal")
    for _, text in sorted(losses)[: args.show]:
        print("  ", text)


if __name__ == "__main__":
    main()
