"""``pimc`` in the colour auction: what the calls say of the hands, and calls chosen by simulation.

What a call says (:func:`call_likelihood`): a proposal in a suit promises length and tricks in
it; the raise of a pair, the tricks the level needs with what the partner's part promised
(:func:`~whist.bots.colour_calls.raise_needs`); an acceptance, support; a solo, abondance or
slam, the tricks of its level; a misère, no card too high to duck (a petite misère: two, one of
which it discards); a first pass, no hand that would have bid. Each is a soft penalty on a
sampled deal (a weight ``exp(-penalty)``), never a hard rule: players misjudge.

Choosing a call (:func:`choose_call`): the calls worth considering are passing, the heuristic
player's call, the one-player contracts that need tricks and that the hand comes near (the tricks
estimate within reach of the level), an acceptance, and a proposal. The hidden hands are dealt
many times; for each deal the solver says whether each contract makes (a yes/no target search)
and the contract's points for this seat are averaged. The best mean wins; ties go to the
heuristic call, and so does every call when fewer than ``MIN_SAMPLES`` deals were solved (the
choice then says so: basis ``"few"``, no values).

Passing (:func:`after_pass`): on each deal the other players go on calling as the heuristic
player would with the hands dealt them, and the contract they end on is solved and scored for
this seat, a defender (0 when all pass: the deal is dealt again, RULES.md §5.8; 0 too for the
misères and piccolos, which the solver does not judge fairly, see below). The mean counts only
when it is below 0: the calls weigh the sampled deals softly, so the players who bid hold less
on them than at the table and their contracts fail there more often; a pass worth more than 0
is an artefact of that more often than not (docs/pimc.md, *Valuing a pass*). A proposal is
followed alike: the others call on as the heuristic player would, so that the first of them in
turn whose hand accepts by its rule does, or someone bids over it, or all pass (0: a redeal).

A pass is never chosen over a call of the heuristic player's other than a pass (a bid, an
acceptance, a wait): the call is then the rule of thumb's (basis ``"rule"``, the values weighed
kept). Where pimc passed at its first call and the heuristic player bid, both calls played out
with pimc at the seat, the heuristic player's scored more: an acceptance +3.2 ± 2.6 and +4.8 ± 2.3
points a seat (51 and 63 seats, the 400 boards of couleur seeds 1 and 2), a proposal or a solo
+4.9 ± 4.7 and +3.9 ± 4.1 (21 and 36); the simulation undervalues them (docs/pimc.md, *Valuing a
pass*).

The misères and piccolissimo (one declarer, no trick or exactly two) are left to the heuristic
player's rule of thumb (:data:`RULED`): double dummy, the three defenders see the declarer's hand
and each other's and nearly always find the suit that forces him to a trick, so the solver calls
almost every misère hand lost, hands that are made more often than not at the table
(docs/pimc.md, *How it chooses a call*).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from whist.actions import IllegalAction
from whist.auction import PASS, ColourCall
from whist.bots import AnyAction
from whist.bots.colour_calls import (
    ACCEPT_AT,
    MISERE_FLAWS,
    PROPOSE_AT,
    PROPOSE_TRUMPS,
    choose_shown_card,
    pairs,
    raise_needs,
    trumps_to_accept,
)
from whist.bots.colour_calls import choose_call as heuristic_call
from whist.bots.evaluate import best_trump, misere_flaws, trick_estimate
from whist.bots.pimc import (
    CALL_FACTOR,
    SAMPLE_COST,
    CardChoice,
    Clock,
    PimcBot,
    contract_points,
    draw,
)
from whist.bots.sampler import SampleError, constraints
from whist.cards import Seat, Suit, mask_of
from whist.contracts import Contract
from whist.couleur import ColourDeal, ColourView, InPlay
from whist.solver import Position
from whist.tables import declarer_counts, needed_tricks

__all__ = ["after_pass", "call_likelihood", "choose_call"]

MIN_SAMPLES = 6
"""Fewer solved deals than this say too little: the heuristic player's call stands."""

AUCTION_COST = 4000
"""Nodes charged for playing out the rest of the auction on one sampled deal after a pass
(:func:`after_pass`: the heuristic player's calls for the others), so that the node count
tracks the time spent."""

_SOLO_KINDS = ("solo", "abondance", "abondance_sur_table", "chelem")
RULED = frozenset(("petite_misere", "grande_misere", "grande_misere_sur_table", "piccolissimo"))
"""Contracts of one declarer who takes no trick or exactly two whose calls (bidding one, joining
one) are the heuristic player's: the solver, whose defenders see every card, calls nearly every
such hand lost (module docstring). A ``couleur`` piccolo needs a second declarer: the heuristic
player's piccolo is weighed against the simulated calls as before, worth 0 (it counts only if
someone joins it)."""

_FLAWS_ALLOWED = {**MISERE_FLAWS, "piccolo": 2, "piccolissimo": 3}
"""Cards too high to duck (:func:`~whist.bots.evaluate.misere_flaws`) that a hand which bids or
joins each of these contracts holds at most without a penalty; for the misères, the heuristic
player's allowance (:data:`~whist.bots.colour_calls.MISERE_FLAWS`: a petite misère, two), so
that a misère pimc reads is the one the rule of thumb bids."""


def _need(view: ColourView, c: Contract) -> int:
    return needed_tricks(c, view.rules.style)


# ----- what the calls say --------------------------------------------------------------------------


def _penalty(view: ColourView, c: Contract, hand: int) -> float:
    """How unlikely ``hand`` is for a player who bid ``c``."""
    k = c.kind
    if k == "emballage" and c.suit is not None:
        length = (hand & c.suit.mask).bit_count()
        return (0.8 * max(0, PROPOSE_TRUMPS - length)
                + 0.6 * max(0.0, PROPOSE_AT - trick_estimate(hand, c.suit)))
    if k in _SOLO_KINDS and c.suit is not None:
        return 0.7 * max(0.0, _need(view, c) - 0.5 - trick_estimate(hand, c.suit))
    if k in _FLAWS_ALLOWED:
        return 0.7 * max(0, misere_flaws(hand) - _FLAWS_ALLOWED[k])
    return 0.0


def call_likelihood(view: ColourView) -> Callable[[tuple[int, int, int, int]], float] | None:
    """The weight of a sampled deal (hands as they are now) given the other players' calls."""
    gone = [0, 0, 0, 0]
    for s, c in view.played_cards():
        gone[s] |= c.bit
    checks: list[tuple[Seat, str, Contract | None]] = []  # (seat, "bid"/"accept"/"pass", contract)
    raised: list[tuple[Seat, Suit, float]] = []  # (seat, the pair's suit, the estimate it needs)
    top: Contract | None = None
    spoke: set[Seat] = set()
    for i, (seat, a) in enumerate(view.actions):
        if not isinstance(a, ColourCall):
            continue
        if seat is not view.seat:
            pair = pairs(view.actions[:i]).get(seat) if a.contract is not None else None
            if a.contract is not None and pair is not None:  # a bound player bids: a raise of his pair
                raised.append((seat, pair[0], raise_needs(a.contract.level or 13, pair[1])))
            elif a.contract is not None:
                checks.append((seat, "bid", a.contract))
            elif a.kind == "accept" and top is not None:
                checks.append((seat, "accept", top))
            elif a.kind == "pass" and seat not in spoke and top is None:
                checks.append((seat, "pass", None))
        spoke.add(seat)
        if a.contract is not None:
            top = a.contract
    if not checks and not raised:
        return None

    def weigh(hands: tuple[int, int, int, int]) -> float:
        p = 0.0
        for seat, suit, need in raised:  # more tricks in the suit than his acceptance or proposal said
            p += 0.6 * max(0.0, need - trick_estimate(hands[seat] | gone[seat], suit))
        for seat, what, c in checks:
            hand = hands[seat] | gone[seat]
            if c is None:  # a first pass: no hand that would have proposed or gone alone
                p += 0.3 * max(0.0, best_trump(hand)[1] - 5.0)
            elif what == "accept" and c.kind == "emballage" and c.suit is not None:  # support
                p += 0.6 * max(0.0, ACCEPT_AT - trick_estimate(hand, c.suit))
            else:  # a bid, or joining a misère: the hand the contract needs
                p += _penalty(view, c, hand)
        return math.exp(-p)

    return weigh


# ----- choosing a call -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Option:
    """A call and how to judge it on one deal: the contract, its declarers (``None``: the first
    other player who would accept a proposal); a pass has no contract (:func:`after_pass`)."""

    call: ColourCall
    contract: Contract | None
    declarers: tuple[Seat, ...] | None


def _top_bid(view: ColourView) -> tuple[Seat, Contract] | None:
    out: tuple[Seat, Contract] | None = None
    for seat, a in view.actions:
        if isinstance(a, ColourCall) and a.contract is not None:
            out = (seat, a.contract)
    return out


def _options(view: ColourView, hand: int) -> list[_Option]:
    """The calls worth a simulation."""
    seat = view.seat
    assert seat is not None
    out: list[_Option] = []
    near = {s: trick_estimate(hand, s) for s in Suit}
    for call in view.legal:
        if not isinstance(call, ColourCall):
            continue
        c = call.contract
        if call.kind == "accept":
            top = _top_bid(view)
            if top is not None and top[1].kind == "emballage" and _may_accept(hand, top[1]):
                out.append(_Option(call, top[1], (top[0], seat)))
            continue
        if c is None:
            continue
        k = c.kind
        if k == "emballage" and c.level == 8 and c.suit is not None:
            worth = near[c.suit] >= 2.5 and (hand & c.suit.mask).bit_count() >= PROPOSE_TRUMPS
            declarers: tuple[Seat, ...] | None = None
        elif k in _SOLO_KINDS and c.suit is not None:
            worth, declarers = near[c.suit] >= _need(view, c) - 1.5, (seat,)
        else:  # misères and piccolissimo: the rule of thumb (RULED); a piccolo needs a partner
            continue
        alone_ok = 1 in declarer_counts(view.rules.style, k)
        if worth and (declarers is None or len(declarers) > 1 or alone_ok):
            out.append(_Option(call, c, declarers))
    return out


ACCEPT_FLOOR = 1.5
"""The fewest tricks of support (:func:`~whist.bots.evaluate.trick_estimate`) in the proposed
suit, with two cards of it at least (:data:`~whist.bots.colour_calls.ACCEPT_TRUMPS`), for an
acceptance to be weighed: below, the simulation scored a failed emballage as one down where these
fail by two or three, and accepted with a singleton trump (docs/pimc.md, *How it chooses a
call*)."""


def _may_accept(hand: int, c: Contract) -> bool:
    return trumps_to_accept(hand, c.suit) and trick_estimate(hand, c.suit) >= ACCEPT_FLOOR


def _leader(view: ColourView, c: Contract, declarers: tuple[Seat, ...]) -> Seat:
    eldest = view.dealer.left
    return declarers[0] if c.kind in ("abondance", "abondance_sur_table", "chelem") else eldest


def after_pass(view: ColourView, hands: tuple[int, int, int, int],
               call: ColourCall = PASS) -> InPlay | None:
    """The contract the auction ends on when this seat makes ``call`` now (a pass by default) and
    the players call on as the heuristic player would, holding ``hands`` (this seat too, at its
    later turns; the trou partner showing his card as it would); ``None`` when all pass, or when
    ``hands`` cannot have made the calls so far (four aces, whose partner the sampler does not
    place)."""
    seat = view.seat
    assert seat is not None
    try:
        d = ColourDeal.new(view.rules, view.dealer, hands)
        for s, a in view.actions:
            d = d.apply(a, s)
        d = d.apply(call, seat)
        while d.phase in ("auction", "show") and (who := d.to_act) is not None:
            v = d.view(who)
            d = d.apply(heuristic_call(v) if d.phase == "auction" else choose_shown_card(v), who)
    except IllegalAction:
        return None
    return d.in_play


def _pass_points(bot: PimcBot, view: ColourView, hands: tuple[int, int, int, int],
                 nodes_left: int, seconds_left: float, call: ColourCall = PASS) -> tuple[float, int]:
    """The seat's points for passing (or ``call``) on one deal, and the solver's nodes: the
    contract the auction then ends on (:func:`after_pass`), made or not; 0 when all pass (a
    redeal scores nothing, RULES.md §5.8) and for the contracts the solver does not judge
    (misères, piccolo, piccolissimo, the queens game and a trou whose partner is hidden)."""
    ip = after_pass(view, hands, call)
    if ip is None or ip.contract.info.is_misere or ip.trump is None or not ip.declarers:
        return 0.0, 0
    return _solved_points(bot, view, hands, ip.contract, ip.declarers, ip.trump, ip.leader,
                          ip.needed, nodes_left, seconds_left)


def _solved_points(bot: PimcBot, view: ColourView, hands: tuple[int, int, int, int], c: Contract,
                   declarers: tuple[Seat, ...], trump: Suit | None, leader: Seat, need: int,
                   nodes_left: int, seconds_left: float) -> tuple[float, int]:
    """The seat's points when ``declarers`` play ``c`` on ``hands`` (made, or failed by one
    trick: the solver's yes/no search), and the solver's nodes."""
    solver = bot.solver
    pos = Position(hands, trump, leader)
    made = solver.solve(pos, declarers, at_least=need, max_nodes=nodes_left,
                        max_seconds=seconds_left)
    return contract_points(view, c, declarers, need if made else need - 1, need), solver.nodes


def _judge(bot: PimcBot, view: ColourView, opt: _Option, hands: tuple[int, int, int, int],
           nodes_left: int, seconds_left: float) -> tuple[float, int]:
    """The seat's points for ``opt`` on one deal and the solver's nodes. A pass or a proposal is
    followed by the others' calls (:func:`after_pass`): who accepts the proposal, if anyone, in
    turn and by the heuristic player's rule, not the best of the three hands as it was (which
    made weak proposals look good); a contract the seat plays alone or accepts is solved as it
    stands."""
    c = opt.contract
    declarers = opt.declarers
    if c is None or declarers is None:
        return _pass_points(bot, view, hands, nodes_left, seconds_left, opt.call)
    return _solved_points(bot, view, hands, c, declarers, c.suit, _leader(view, c, declarers),
                          _need(view, c), nodes_left, seconds_left)


def _solo_tricks(view: ColourView, results: dict[ColourCall, float]) -> None:
    """The solos of one deal scored for the tricks the deal shows, not their level alone: a solo
    made at a level is made with that many tricks at every lower level of its suit (the same
    hands, trumps and leader). Each solo was asked only "made?", and scored as made exactly: a
    solo 6 and a solo 7 both 15 where the deal takes 7 tricks, and a solo 8 made (24) beat the
    solo 6 made with the same 8 tricks (27 in ``couleur``, RULES.md §5.7), so the player bid the
    higher solo. A made solo pays its declarer, a failed one costs him."""
    assert view.seat is not None
    made: dict[Suit, int] = {}
    for call, v in results.items():
        c = call.contract
        if c is not None and c.kind == "solo" and c.suit is not None and v > 0:
            made[c.suit] = max(made.get(c.suit, 0), c.level or 0)
    for call in results:
        c = call.contract
        if c is None or c.kind != "solo" or c.suit not in made or (c.level or 0) > made[c.suit]:
            continue
        results[call] = contract_points(view, c, (view.seat,), made[c.suit], 8)


def _ruled(view: ColourView, call: ColourCall) -> bool:
    """Whether ``call`` bids or joins a misère or a piccolissimo (:data:`RULED`)."""
    c = call.contract
    if call.kind == "accept":
        top = _top_bid(view)
        c = top[1] if top is not None else None
    return c is not None and c.kind in RULED


def choose_call(bot: PimcBot, view: ColourView, rng: random.Random,
                budget: float | None = None) -> CardChoice:
    """The call to make, with the mean points of each call considered."""
    clock = Clock((bot.budget if budget is None else budget) * CALL_FACTOR, bot.wall_margin)
    fallback = heuristic_call(view)
    hand = mask_of(view.hand)
    opts = _options(view, hand)
    if not opts or _ruled(view, fallback):
        return CardChoice(fallback, basis="rule")
    passing = [_Option(PASS, None, None)] if PASS in view.legal else []
    opts = passing + opts
    auctions = sum(o.declarers is None for o in opts)  # played out on each deal: a pass, a proposal
    cons = constraints(view)
    weigh = call_likelihood(view)
    totals = {o.call: 0.0 for o in opts}
    solver = bot.solver
    solver.clear()
    samples = nodes = 0
    while samples < 200 and not clock.over:
        try:
            hands = draw(cons, rng, weigh)
        except SampleError:
            break
        results: dict[ColourCall, float] = {}
        try:
            for o in opts:
                r = _judge(bot, view, o, hands, clock.allowance(), clock.seconds_left())
                results[o.call] = r[0]
                clock.spent(r[1])
                nodes += r[1]
        except TimeoutError:
            break
        samples += 1
        clock.spent(SAMPLE_COST + AUCTION_COST * auctions)
        _solo_tricks(view, results)
        for call, v in results.items():
            totals[call] += v
    if not samples:
        return CardChoice(fallback, nodes=nodes, seconds=clock.seconds(), basis="rule")
    if samples < MIN_SAMPLES:  # too few to judge by: the rule of thumb, and no values to show
        return CardChoice(fallback, samples=samples, nodes=nodes, seconds=clock.seconds(),
                          basis="few")
    # Passing is worth the contract the others then play, never more than 0 (module docstring).
    pass_value = min(0.0, totals[passing[0].call] / samples) if passing else 0.0
    values: dict[AnyAction, float] = {o.call: totals[o.call] / samples for o in opts}
    for o in passing:
        values[o.call] = pass_value
    values.setdefault(fallback, 0.0)  # a call not simulated (a piccolo) is worth 0
    best: AnyAction = fallback
    if values[fallback] < max(values.values()) - 1e-9:
        best = max(values, key=lambda a: values[a])
    if best == PASS and fallback != PASS:  # the rule of thumb's bid over a pass (module docstring)
        return CardChoice(fallback, values, samples, nodes, clock.seconds(), basis="rule")
    return CardChoice(best, values, samples, nodes, clock.seconds())
