"""What reading the others' cards changes in pimc's card play: pimc weighing its samples by the
cards the others played (``PimcBot(read_cards=True)``, :mod:`whist.bots.pimc_play`, with the
calls' weights in colour whist) against pimc weighing them by the calls alone (the default),
paired on the same positions and generator seeds (the samples differ: where the calls say nothing,
classic whist, the old version draws one deal per sample and the new four).

Run ``python bench/pimc_play_paired.py [--preset P] [--seed S] [--start I] [--deals N]
[--budget B]`` from the project's root (with ``bench`` on ``PYTHONPATH``). The boards of an arena
run (``whist arena --preset P --seed S``) are dealt; the calls are the heuristic player's; each
seat in turn plays its cards as pimc (``budget`` B, the node count deciding: no wall-clock stop)
and the three others as the heuristic player. At each of pimc's cards with a choice both versions
are asked with the same generator; at the first card where they differ the deal is played out
twice from there, each version at that seat, and the seat's result is compared: in colour whist
its points, in classic whist its side's tricks (and deal points). It prints each change and the
figures: how many cards had a choice and changed, and new minus old per seat-deal (0 where no
card changed) and per changed card, with 95% intervals; and, per changed card, the seat's points
with the new card less those with the old in the real deal played double dummy from there.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from pimc_pass import play_on

from whist.arena import cluster_estimate, deal_board
from whist.bots import AnyView, Bot, heuristic_player
from whist.bots.pimc import PimcBot, card_objective
from whist.cards import SEATS, Card, Seat, mask_of
from whist.couleur import ColourDeal
from whist.engine import ClassicDeal
from whist.rules import preset
from whist.solver import Position, Solver


def result(deal: ClassicDeal | ColourDeal, seat: Seat) -> tuple[float, float]:
    """The seat's figure: colour, its points (twice); classic, its side's tricks and deal points
    less the other side's."""
    if isinstance(deal, ColourDeal):
        p = float(deal.points()[seat])
        return p, p
    side = seat.side
    tricks = sum(deal.tricks_won[s] for s in side.seats)
    total = deal.points().total
    return float(tricks), float(total[side] - total[side.other])


def played_out(before: ClassicDeal | ColourDeal, seat: Seat, card: Card, bot: Bot, seed: int,
               board: int) -> tuple[float, float]:
    """The seat's figure when it plays ``card`` and ``bot`` plays it from there."""
    return result(play_on(before.apply(card, seat), seat, bot, seed, board), seat)


_SOLVER: list[Solver] = []


def card_worths(deal: ClassicDeal | ColourDeal, view: AnyView,
                solver: Solver | None = None) -> dict[Card, float] | None:
    """The points each legal card of the seat to move is worth to it in the real deal played
    double dummy from there (the contract's objective, as pimc asks it of its samples); ``None``
    where pimc asks nothing. ``solver``: one's own, else one kept for these calls."""
    objective = card_objective(view)
    if objective is None:
        return None
    if solver is None:
        if not _SOLVER:
            _SOLVER.append(Solver(64))
        solver = _SOLVER[0]
    seat = view.seat
    assert seat is not None
    trick = view.trick
    leader = trick[0][0] if trick else seat
    hands = [mask_of(deal.view(s).hand) for s in SEATS]
    pos = Position((hands[0], hands[1], hands[2], hands[3]), view.trump, leader,
                   tuple(c for _, c in trick))
    sol = solver.solve(pos, objective.team, objective.goal)
    return {c: objective.worth(int(v)) for c, v in sol.cards.items()}


def hands_text(deal: ClassicDeal | ColourDeal) -> str:
    """The four hands left, one line: ``N: 2S 3S … | E: …``."""
    return " | ".join(f"{t.name}: {' '.join(str(c) for c in sorted(deal.view(t).hand))}"
                      for t in SEATS)


def dd_gain(deal: ClassicDeal | ColourDeal, view: AnyView, new: Card, old: Card) -> float | None:
    """The seat's points with ``new`` less those with ``old`` in the real deal played double dummy
    from there (:func:`card_worths`); ``None`` where pimc asks nothing."""
    worth = card_worths(deal, view)
    return None if worth is None else worth[new] - worth[old]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--preset", default="classic", help="the rules (classic, couleur, ...)")
    parser.add_argument("--seed", type=int, default=11, help="the arena's seed")
    parser.add_argument("--start", type=int, default=0, help="the first board")
    parser.add_argument("--deals", type=int, default=100, help="boards dealt")
    parser.add_argument("--budget", type=float, default=0.05, help="pimc's seconds per card")
    args = parser.parse_args()
    rules = preset(args.preset)
    new = PimcBot(args.budget, wall_margin=1e6, read_cards=True)
    old = PimcBot(args.budget, wall_margin=1e6)
    decisions = changed = 0
    totals: list[float] = []
    diffs: list[tuple[float, float]] = []
    dd_diffs: list[float] = []
    for board in range(args.start, args.start + args.deals):
        start = deal_board(rules, args.seed, board)
        total = 0.0
        for seat in SEATS:
            d = start
            while (s := d.to_act) is not None:
                view = d.view(s)
                cards = [a for a in view.legal if isinstance(a, Card)]
                if s is not seat or len(cards) < 2 or len(cards) != len(view.legal):
                    act: Any = heuristic_player(view, random.Random(0))
                    d = d.apply(act, s)
                    continue
                rng = random.Random(f"pimc-play:{args.seed}:{board}:{s.name}:{len(d.actions)}")
                decisions += 1
                key = rng.random()
                a = new.choose_card(view, random.Random(key)).best
                b = old.choose_card(view, random.Random(key)).best
                assert isinstance(a, Card) and isinstance(b, Card)
                if a == b:
                    d = d.apply(a, s)
                    continue
                changed += 1
                dd = dd_gain(d, view, a, b)
                if dd is not None:
                    dd_diffs.append(dd)
                after_new = played_out(d, seat, a, new, args.seed, board)
                after_old = played_out(d, seat, b, old, args.seed, board)
                diff = (after_new[0] - after_old[0], after_new[1] - after_old[1])
                total += diff[0]
                diffs.append(diff)
                print(f"board {board} {seat.name}, card {len(view.played_cards()) + 1}: {b} -> {a}:"
                      f" {after_old[0]:+.0f} -> {after_new[0]:+.0f}"
                      + (f" (double dummy {dd:+.1f})" if dd is not None else ""), flush=True)
                break
        totals.append(total)
    print(f"{args.preset}, seed {args.seed}, boards {args.start}-{args.start + args.deals - 1},"
          f" budget {args.budget}: {decisions} cards with a choice, {changed} changed"
          " (the first change of each seat-deal)")
    estimates = [("per seat-deal", cluster_estimate(totals, [4] * len(totals))),
                 ("per changed card", cluster_estimate([x for x, _ in diffs], [1] * len(diffs)))]
    estimates.append(("per changed card, double dummy in the real deal",
                      cluster_estimate(dd_diffs, [1] * len(dd_diffs))))
    if not isinstance(start, ColourDeal):
        estimates.append(("per changed card, deal points",
                          cluster_estimate([y for _, y in diffs], [1] * len(diffs))))
    for name, e in estimates:
        if e.mean is not None:
            half = f" [{e.mean - e.half:+.2f}, {e.mean + e.half:+.2f}]" if e.half is not None else ""
            print(f"new - old, {name}: {e.mean:+.3f}{half} ({e.units} figures)")


if __name__ == "__main__":
    main()
