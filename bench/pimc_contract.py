"""How well the computer players search their card play in one colour-whist contract.

Run ``python bench/pimc_contract.py [--deals N] [--budget B] [--calls CALLS] [--whole]``: for
each of ``N`` seeds, a ``couleur`` deal is shuffled, the auction ``CALLS`` is made (by default
``"grande misère, accept, pass, pass"``: North bids grande misère and East joins it; seeds whose
auction is not legal are skipped), the declarers' cards are played at random until a defender is
to play, and ``PimcBot(budget=B)`` chooses that defender's card. It prints the samples, solver
nodes and seconds of a decision, on average. The defenders count only the tricks that change
their points: two misère declarers together up to the number still without a trick
(``count_cap``), a contract whose failure costs the same however many tricks it misses by (an
abondance, ``--calls "abondance 9 H, pass, pass, pass"``) from one trick short of it
(``count_floor``); ``--whole`` asks the whole count instead, as before 2026-12-03 (the cap) and
2026-12-06 (the floor).
"""

from __future__ import annotations

import argparse
import random
import time

import whist.bots.pimc as pimc
from whist.actions import IllegalAction
from whist.auction import parse_call
from whist.cards import SEATS, ParseError
from whist.couleur import ColourDeal
from whist.rules import preset


def defender_to_play(seed: int, calls: list[str]) -> ColourDeal | None:
    """The deal of ``seed`` once a defender is to play after the auction ``calls``; ``None``
    when that auction is not legal there."""
    d = ColourDeal.shuffled(preset("couleur"), SEATS[seed % 4], random.Random(seed))
    try:
        for call in calls:
            d = d.apply(parse_call(call), d.to_act)
    except IllegalAction:
        return None
    rng = random.Random(seed)
    while d.to_act is not None and (d.phase != "play" or d.to_act in d.view(d.to_act).declarers):
        d = d.apply(rng.choice(d.legal_actions()), d.to_act)
    return d if d.to_act is not None and d.phase == "play" else None


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=12, help="seeds tried")
    parser.add_argument("--budget", type=float, default=pimc.DEFAULT_BUDGET,
                        help="the bot's budget (seconds' worth of solver nodes)")
    parser.add_argument("--calls", default="grande misère, accept, pass, pass",
                        help="the auction, its calls separated by commas")
    parser.add_argument("--whole", action="store_true", help="ask the whole count, from 0 and to the end")
    args = parser.parse_args()
    calls = [c.strip() for c in args.calls.split(",")]
    try:
        for call in calls:
            parse_call(call)
    except ParseError as exc:
        parser.error(str(exc))
    if args.whole:
        pimc.count_cap = lambda objective: None
        pimc.count_floor = lambda objective: None
    samples = nodes = decisions = 0
    seconds = 0.0
    for seed in range(args.deals):
        d = defender_to_play(seed, calls)
        if d is None or d.to_act is None:
            continue
        bot = pimc.PimcBot(budget=args.budget)
        start = time.perf_counter()
        choice = bot.choose_card(d.view(d.to_act), random.Random(seed))
        seconds += time.perf_counter() - start
        samples += choice.samples
        nodes += choice.nodes
        decisions += 1
    if not decisions:
        print("no seed gave that auction")
        return
    what = "the whole count" if args.whole else "counted from the floor up to the cap"
    print(f"{args.calls}, {what}: {decisions} decisions, {samples / decisions:.1f} samples a decision,"
          f" {nodes / decisions / 1e6:.2f} million nodes, {seconds / decisions:.2f} s")


if __name__ == "__main__":
    main()
