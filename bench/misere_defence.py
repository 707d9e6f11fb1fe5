"""How well the defenders beat a misère or a piccolo: the heuristic player's defence before and
after its misère-defence rules, on the same deals against the same declarer; or, with
``--compare declarer``, how well the declarer makes it, before and after his own rules.

Run ``python bench/misere_defence.py [--seed S] [--start I] [--deals N] [--contract C]
[--declarer heuristic|pimc] [--budget B] [--flaws F] [--defenders heuristic|pimc]
[--compare defence|declarer|discard] [--old-rev REV | --old-bot NAME]``: the boards
of an arena run (``whist arena --preset couleur --seed S``; ``--preset pagat`` for a piccolo) are
dealt; the seat whose hand is nearest to the contract (the fewest cards too high to duck,
:func:`whist.bots.evaluate.misere_flaws`, or for a piccolo or piccolissimo
:func:`whist.bots.evaluate.exact_flaws`; at most ``F`` of them, other boards are skipped) calls
the contract ``C`` and the others pass: petite misère, grande misère, grande misère sur table or
piccolissimo (exactly two tricks) in ``couleur``, piccolo in ``pagat`` (one player, exactly one
trick), or ``joint-piccolo``: a ``couleur`` piccolo, the two seats nearest to it calling it and
accepting it (exactly one trick each; the mean points are the first declarer's, which are the
other's too). Each such deal is played twice by the same
declarer bot, once against three defenders playing the old defence (:func:`old_heuristic`: they
only duck, against a piccolo from the first trick to the last) and once against the new one (the
heuristic player as it is now); with ``--defenders pimc`` the defenders are pimc at budget B,
whose ties go to the old or the new rule. It prints how often the contract is made and the
declarer's mean points after each, and the paired difference (new minus old) with its 95%
interval. A contract made less often after the new defence is a better defence.

``--compare declarer`` plays each deal twice against the same defenders (the heuristic player as
it is now, or pimc), once by the declarer's old play (:func:`old_declarer`: he only ducks, and as
a piccolo's declarer takes his tricks with his masters, then ducks) and once by the new one (he
sheds his most dangerous cards, :func:`whist.bots.heuristic.Aims`' ``declares``); a pimc
declarer's ties go to the old or the new rule. A contract made more often is the better play.

``--old-rev REV`` pairs the heuristic player's card play now against its play at git revision
``REV`` instead (the defenders', or with ``--compare declarer`` the declarer's). ``--old-bot
NAME`` pairs it against a whole bot, named as the arena names one (``module:function`` on
``PYTHONPATH``): an earlier heuristic player kept as a bot of one's own (docs/arena.md), whose
petite-misère discards are paired with the play.

``--compare discard`` (petite misère) plays each deal twice, the declarer discarding by the old
rule (:func:`old_discard`) and by the new one (the card his play sheds first,
:func:`whist.bots.evaluate.most_dangerous`), then playing as now against the same defenders.
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace

import whist.bots.pimc as pimc
from whist.actions import IllegalAction
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
from whist.auction import parse_call
from whist.bots import AnyAction, AnyView, Bot, heuristic_player
from whist.bots.colour import colour_aims, colour_reading
from whist.bots.evaluate import exact_flaws, misere_danger, misere_flaws
from whist.bots.heuristic import Aims, Reading, play_card
from whist.cards import ALL_CARDS_MASK, SEATS, Card, Seat, mask_of
from whist.couleur import CardCall, ColourDeal, ColourView
from whist.rules import preset

CONTRACTS = {"petite": ("petite misère", "couleur", 0, 1),
             "grande": ("grande misère", "couleur", 0, 1),
             "sur-table": ("grande misère sur table", "couleur", 0, 1),
             "piccolissimo": ("piccolissimo", "couleur", 2, 1), "piccolo": ("piccolo", "pagat", 1, 1),
             "joint-piccolo": ("piccolo", "couleur", 1, 2)}
"""Each contract's call, its preset, the tricks each declarer must take exactly and the number
of declarers (a ``couleur`` piccolo: two, the second joining by accepting, RULES.md §5.4 D24)."""


def playing(view: AnyView, rng: random.Random, aims: Callable[[ColourView], Aims],
            play: Callable[[Reading, Sequence[Card]], Card] = play_card) -> AnyAction:
    """The card ``play`` chooses for a colour-whist seat with a choice of cards, its aims given by
    ``aims``; the heuristic player's action otherwise."""
    cards = [a for a in view.legal if isinstance(a, Card)]
    if isinstance(view, ColourView) and view.phase == "play" and len(cards) > 1:
        return play(colour_reading(view, aims(view)), cards)
    return heuristic_player(view, rng)


def card_play_at(rev: str) -> Bot:
    """The heuristic player with the card play of git revision ``rev`` (the functions of its
    ``src/whist/bots/heuristic.py``, on today's reading of the view; its calls are today's): to
    pair the play now against any earlier one on the same deals."""
    path = "src/whist/bots/heuristic.py"
    source = subprocess.run(["git", "show", f"{rev}:{path}"], check=True, capture_output=True,
                            text=True).stdout
    module = types.ModuleType(f"heuristic_at_{rev}")
    sys.modules[module.__name__] = module  # for its dataclasses
    exec(compile(source, f"{rev}:{path}", "exec"), module.__dict__)
    play: Callable[[Reading, Sequence[Card]], Card] = module.play_card
    return lambda view, rng: playing(view, rng, colour_aims, play)


def old_heuristic(view: AnyView, rng: random.Random) -> AnyAction:
    """The heuristic player with the defence of a misère or a piccolo it had before its
    misère-defence and piccolo-defence rules: a defender ducks as the declarer does. Usable in the arena as
    ``bench.misere_defence:old_heuristic`` (run from the project's root with ``PYTHONPATH=.``)."""
    return playing(view, rng, lambda v: replace(colour_aims(v), against=frozenset(), short=frozenset()))


def old_declarer(view: AnyView, rng: random.Random) -> AnyAction:
    """The heuristic player with a misère or piccolo declarer's play before his own rules: he
    ducks as a defender who does not force him would. Usable in the arena as
    ``bench.misere_defence:old_declarer`` (run from the project's root with ``PYTHONPATH=.``)."""
    return playing(view, rng, lambda v: replace(colour_aims(v), declares=False))


def old_discard(view: AnyView, rng: random.Random) -> AnyAction:
    """The heuristic player with the petite-misère declarer's discard it had before it shared his
    play's measure of danger: the same danger (then counted as the rank's excess over 4 + 2i for
    the i-th lowest card of its suit), but of equals the first suit (spades, hearts, diamonds,
    clubs) and the lowest card, not the highest."""
    if isinstance(view, ColourView) and view.phase == "discard" and view.seat in view.declarers:
        hand = mask_of(view.hand)
        out = ALL_CARDS_MASK & ~hand
        card = max(view.hand, key=lambda c: (misere_danger(hand, out, c), -c.suit, -c.rank))
        return CardCall("discard", card)
    return heuristic_player(view, rng)


@contextmanager
def pimc_ties_to(rule: Bot) -> Iterator[None]:
    """pimc's ties (and its prior) go to ``rule`` instead of the heuristic player for a while; to
    the heuristic player still where ``rule`` is pimc itself (an ``--old-bot``), whose ties would
    otherwise go to itself without end."""
    names = vars(pimc)
    saved = names["heuristic_player"]
    names["heuristic_player"] = saved if isinstance(rule, pimc.PimcBot) else rule
    try:
        yield
    finally:
        names["heuristic_player"] = saved


def forced_misere(seed: int, board: int, contract: str,
                  max_flaws: int) -> tuple[ColourDeal, tuple[Seat, ...]] | None:
    """Board ``board`` once the seat nearest to the contract ``contract`` (a key of
    :data:`CONTRACTS`) has called it and the others passed (with two declarers, the two nearest:
    the first to speak calls it, the other accepts), with its declarers; ``None`` when a
    declarer's hand has more than ``max_flaws`` flaws or that auction is not legal there."""
    call, name, tricks, players = CONTRACTS[contract]
    d = deal_board(preset(name), seed, board)
    assert isinstance(d, ColourDeal)
    masks = {s: mask_of(d.view(s).hand) for s in SEATS}
    flaws = {s: exact_flaws(m, tricks) if tricks else misere_flaws(m) for s, m in masks.items()}
    declarers = sorted(SEATS, key=lambda s: flaws[s])[:players]
    if flaws[declarers[-1]] > max_flaws:
        return None
    spoken: set[Seat] = set()
    try:
        while d.phase == "auction" and (seat := d.to_act) is not None:
            said = "pass"
            if seat in declarers and seat not in spoken:
                said = "accept" if spoken else call
                spoken.add(seat)
            d = d.apply(parse_call(said), seat)
    except IllegalAction:
        return None
    view = d.view(declarers[0])
    if view.contract is None or sorted(view.declarers) != sorted(declarers):
        return None
    return d, tuple(view.declarers)


def declarer_points(start: ColourDeal, declarers: tuple[Seat, ...], declarer_bot: Bot,
                    defenders: Bot, seed: int, board: int) -> int:
    """The first declarer's points once ``start`` is played out, ``declarer_bot`` declaring."""
    seating = tuple(CANDIDATE if s in declarers else REFERENCE for s in SEATS)
    assert len(seating) == 4
    rngs = {s: seat_rng(seed, board, 0, s) for s in SEATS}
    table = play_table(start, (seating[0], seating[1], seating[2], seating[3]),
                       {CANDIDATE: declarer_bot, REFERENCE: defenders}, rngs,
                       {CANDIDATE: Clock(), REFERENCE: Clock()})
    assert isinstance(table.deal, ColourDeal)
    return table.deal.points()[declarers[0]]


def interval(diffs: list[float]) -> str:
    """The mean of ``diffs`` with its 95% interval (Student's, as the arena's)."""
    e = cluster_estimate(diffs, [1] * len(diffs))
    mean = e.mean if e.mean is not None else math.nan
    half = e.half if e.half is not None else math.inf
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=7, help="the arena's seed")
    parser.add_argument("--start", type=int, default=0, help="the first board")
    parser.add_argument("--deals", type=int, default=3000, help="boards dealt")
    parser.add_argument("--contract", choices=sorted(CONTRACTS), default="grande")
    parser.add_argument("--declarer", choices=("heuristic", "pimc"), default="heuristic")
    parser.add_argument("--defenders", choices=("heuristic", "pimc"), default="heuristic")
    parser.add_argument("--budget", type=float, default=0.05, help="pimc's seconds per card")
    parser.add_argument("--flaws", type=int, default=3, help="the most flaws a declarer's hand has")
    parser.add_argument("--compare", choices=("defence", "declarer", "discard"), default="defence",
                        help="whose old and new play: the defenders', the declarer's, or his"
                             " petite-misère discard")
    olds = parser.add_mutually_exclusive_group()
    olds.add_argument("--old-rev", help="the old side plays the heuristic player's card play of"
                      " this git revision instead (the defenders', or with --compare declarer"
                      " the declarer's)")
    olds.add_argument("--old-bot", help="the old side is this bot instead (module:function, as the"
                      " arena names one), its discards too")
    args = parser.parse_args()
    contract = args.contract

    def bot(name: str) -> Bot:
        return pimc.PimcBot(args.budget, wall_margin=1e6) if name == "pimc" else arena_bot(name)

    defence = args.compare == "defence"
    old = {"defence": old_heuristic, "declarer": old_declarer, "discard": old_discard}[args.compare]
    if args.old_rev is not None:
        old = card_play_at(args.old_rev)
    if args.old_bot is not None:
        old = arena_bot(args.old_bot)
    pimc_defends = args.defenders == "pimc"
    made: list[tuple[int, int]] = []
    points: list[tuple[int, int]] = []
    for board in range(args.start, args.start + args.deals):
        forced = forced_misere(args.seed, board, contract, args.flaws)
        if forced is None:
            continue
        start, declarers = forced
        after: list[int] = []
        for rule in (old, heuristic_player):
            if defence:
                declaring, defenders = bot(args.declarer), bot(args.defenders) if pimc_defends else rule
            else:
                declaring = rule if args.declarer == "heuristic" else bot(args.declarer)
                defenders = bot(args.defenders) if pimc_defends else heuristic_player
            # Against a heuristic declarer, pimc defenders model him as he plays now.
            ties = rule if defence or args.declarer == "pimc" else heuristic_player
            with pimc_ties_to(ties):
                after.append(declarer_points(start, declarers, declaring, defenders,
                                             args.seed, board))
        points.append((after[0], after[1]))
        made.append((int(after[0] > 0), int(after[1] > 0)))
    n = len(made)
    if n < 2:
        print(f"only {n} deal{'' if n == 1 else 's'} with such a hand: at least 2 give an interval")
        return
    two = " of two" if CONTRACTS[contract][3] == 2 else ""
    print(f"{CONTRACTS[contract][0]}{two}, declarer {args.declarer}, defenders {args.defenders}"
          f"{f' (budget {args.budget})' if 'pimc' in (args.declarer, args.defenders) else ''},"
          f" seed {args.seed}, boards {args.start}-{args.start + args.deals - 1}: {n} deals")
    side = {"defence": "defence", "declarer": "declarer play", "discard": "discard"}[args.compare]
    for i, name in enumerate((f"old {side}", f"new {side}")):
        print(f"  {name}: made {sum(m[i] for m in made) / n:.3f},"
              f" declarer's mean points {sum(p[i] for p in points) / n:+.2f}")
    print(f"  new - old: made {interval([float(b - a) for a, b in made])},"
          f" points {interval([float(b - a) for a, b in points])}")


if __name__ == "__main__":
    main()
