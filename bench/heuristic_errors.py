"""Where a player's cards lose to double dummy: every card it chooses among two or more on the
boards of an arena run (four copies of the player at the table), valued in the real deal played
double dummy from there with the contract's objective (as pimc asks it), the loss being the best
card's worth less the chosen card's; summed by the kind of decision (the seat's place in the
trick; a lead, a trump lead, following, ruffing or discarding; early, the first four tricks, or
late, the last four) and with the positions that lose most.

Run ``python bench/heuristic_errors.py [--preset P] [--seed S] [--deals N] [--bot heuristic|pimc]
[--budget B] [--only TEXT] [--top K] [--show M]`` from the project's root. It prints the loss a
seat-deal and each kind's decisions, loss and loss a decision, most first; then, for the ``K``
kinds that lose most (of those whose name contains ``TEXT``), the ``M`` positions that lost most,
with every hand. A card chosen without seeing the others' hands loses tricks that no player could
keep, so the kinds are to be compared (between kinds, or between two players: ``--bot pimc``),
not read as mistakes. 100 classic boards take about a minute with the heuristic player.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from typing import Any

from pimc_play_paired import card_worths, hands_text

from whist.arena import deal_board
from whist.bots import AnyView, Bot, heuristic_player
from whist.bots.pimc import PimcBot, card_objective
from whist.cards import Card
from whist.couleur import ColourDeal
from whist.engine import ClassicDeal
from whist.rules import preset
from whist.solver import Solver


def kind(view: AnyView, card: Card) -> str:
    """The decision's kind: the seat's place in the trick, what the card does, and when."""
    trick = view.trick
    gone = len(view.played_cards())
    when = "early" if gone < 16 else "late" if gone >= 36 else "mid"
    if not trick:
        what = "trump lead" if view.trump is not None and card.suit is view.trump else "lead"
    else:
        led = trick[0][1].suit
        if any(isinstance(c, Card) and c.suit is led for c in view.legal):
            what = "follow"
        elif view.trump is not None and card.suit is view.trump:
            what = "ruff"
        else:
            what = "discard"
    return f"{len(trick) + 1} {what} {when}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--preset", default="classic", help="the rules (classic, couleur, ...)")
    parser.add_argument("--seed", type=int, default=1, help="the arena's seed")
    parser.add_argument("--deals", type=int, default=100, help="boards dealt")
    parser.add_argument("--bot", choices=("heuristic", "pimc"), default="heuristic")
    parser.add_argument("--budget", type=float, default=0.1, help="pimc's seconds per card")
    parser.add_argument("--only", default="", help="kinds shown with positions: names with this")
    parser.add_argument("--top", type=int, default=6, help="kinds shown with positions")
    parser.add_argument("--show", type=int, default=3, help="positions shown for each")
    args = parser.parse_args()
    rules = preset(args.preset)
    bot: Bot = heuristic_player if args.bot == "heuristic" else PimcBot(args.budget, wall_margin=1e6)
    solver = Solver(64)
    loss: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    worst: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for board in range(args.deals):
        d: ClassicDeal | ColourDeal = deal_board(rules, args.seed, board)
        while (s := d.to_act) is not None:
            view = d.view(s)
            act: Any = bot(view, random.Random(f"{board}:{len(d.actions)}"))
            objective = card_objective(view) if isinstance(act, Card) else None
            if isinstance(act, Card) and objective is not None and len(
                    [c for c in view.legal if isinstance(c, Card)]) > 1:
                trick = view.trick
                worth = card_worths(d, view, solver)
                assert worth is not None
                best = max(worth.values())
                lost = best - worth[act]
                k = kind(view, act)
                if isinstance(d, ColourDeal):
                    k = ("declarer " if s in objective.team else "defender ") + k
                loss[k] += lost
                count[k] += 1
                if lost > 0:
                    goods = " ".join(str(c) for c, w in worth.items() if w == best)
                    worst[k].append((lost, f"board {board}, trump {view.trump}, {s.name} after"
                                           f" {[str(c) for _, c in trick]}: {act}, best {goods},"
                                           f" lost {lost:g}\n      {hands_text(d)}"))
            d = d.apply(act, s)
    seat_deals = 4 * args.deals
    total = sum(loss.values())
    print(f"{args.preset}, seed {args.seed}, {args.deals} boards, {args.bot}: {sum(count.values())}"
          f" cards with a choice, {total:g} lost, {total / seat_deals:.3f} a seat-deal")
    order = sorted(loss, key=lambda k: -loss[k])
    for k in order:
        print(f"{k:34} {count[k]:6} cards  lost {loss[k]:7g}  {loss[k] / count[k]:.3f} a card"
              f"  {loss[k] / seat_deals:.3f} a seat-deal")
    for k in [k for k in order if args.only in k][: args.top]:
        if args.show:
            print(f"\n{k}:")
            for _, text in sorted(worst[k], key=lambda x: -x[0])[: args.show]:
                print("  ", text)


if __name__ == "__main__":
    main()
