"""The heuristic player's calls in colour whist: the auction, the trou partner's shown card and
the petite-misère discard, from the seat's view alone.

Bids come from a count of the hand's tricks (:mod:`whist.bots.evaluate`): a proposal with three
and a half tricks and five cards in the suit, an acceptance with one and a half tricks of support
and two trumps, a solo or abondance when the hand makes it alone with half a trick to spare, a
grande misère when no card is too high to duck, a petite misère with two such cards at most, a
piccolo (piccolissimo) with one sure winner (two) and every other card low; a pair outbid raises
its emballage where the two hands promise the tricks; the trou is announced because it must be.
"""

from __future__ import annotations

from collections.abc import Iterable

from whist.auction import ColourCall
from whist.bots.evaluate import (
    best_trump,
    exact_flaws,
    low_flaws,
    misere_flaws,
    most_dangerous,
    trick_estimate,
)
from whist.cards import ALL_CARDS_MASK, CARDS, Card, Seat, Suit, cards_of, mask_of
from whist.contracts import Contract
from whist.couleur import CardCall, ColourView
from whist.tables import needed_tricks, score

__all__ = ["choose_call", "choose_discard", "choose_shown_card"]

# What a hand needs for each bid: tricks alone (solo-like), or misère flaws allowed.
_SPARE = 0.5
"""Tricks to spare for a one-player contract (the estimate is rough). It was 1: the solos,
abondances and slams of the heuristic players were made 91 % of the time (`whist simulate
--preset couleur --deals 4000 --seed 5`), too rarely bid. Half a trick won +0.08, +0.05 and
+0.06 points per seat-deal in ``couleur`` against 1 (seeds 2, 3 and 4; solos +0.38, +0.24,
+0.29), and −0.02 and +0.02 in ``pagat``, no change that shows; ¼: +0.07; ¾: +0.01; none: −0.21
(docs/arena.md)."""
PROPOSE_AT = 3.5
"""Tricks (with the proposed suit as trump) that make a proposal worth it, with
:data:`PROPOSE_TRUMPS` cards in it."""
PROPOSE_TRUMPS = 5
"""Cards of the suit a proposal needs (what an acceptor then counts on in his partner's hand). It
was 4: five won +0.05 ± 0.03 and +0.06 ± 0.03 points per seat-deal in ``couleur`` against four
(seeds 2 and 3; partnership +0.16 and +0.19) and +0.05 ± 0.04 in ``pagat``; six lost −0.14
(docs/arena.md)."""
ACCEPT_AT = 1.5
"""Tricks of support in the proposed suit (:func:`~whist.bots.evaluate.trick_estimate`, which
counts the hand as if it played alone) that make an acceptance worth it. It was 3: a review
found hands with two aces and three trumps, or A-K of trumps, passing a proposal that makes
nine or ten tricks; 1.5 won +0.33 ± 0.05 and +0.34 ± 0.05 points per seat-deal in ``couleur``
(seeds 2 and 3) and +0.25 ± 0.06 in ``pagat`` against 3 (2: +0.28, +0.23; 2.5: +0.14; 1: +0.31;
docs/arena.md)."""
ACCEPT_TRUMPS = 2
"""Cards of the proposed suit (the trumps) an acceptance needs: with a void or a bare trump the
side tricks of a strong hand are ruffed, and the emballage fails by two or three."""


def trumps_to_accept(hand: int, suit: Suit | None) -> bool:
    """Whether ``hand`` holds the :data:`ACCEPT_TRUMPS` cards of ``suit`` an acceptance needs."""
    return suit is not None and (hand & suit.mask).bit_count() >= ACCEPT_TRUMPS


def supports(hand: int, suit: Suit | None) -> bool:
    """Whether ``hand`` would accept a proposal in ``suit``: :data:`ACCEPT_AT` tricks of support
    there and the :data:`ACCEPT_TRUMPS` trumps."""
    return trumps_to_accept(hand, suit) and suit is not None and trick_estimate(hand, suit) >= ACCEPT_AT


MISERE_FLAWS = {"petite_misere": 2, "grande_misere": 0, "grande_misere_sur_table": 0}
"""Cards too high to duck that each misère allows. Petite misère: the one it discards and one
more. Played out by the heuristic players (bench/misere_defence.py's deals, the seat nearest to
it declaring), a petite misère with one such card was made about nine times in ten, with two
seven in ten (+18 made, −18 failed, RULES.md §5.7), with three less than half; allowing two won
+0.12 and +0.15 points per seat-deal in the arena against the player that allowed one."""
EXACT_SLACK = 1
"""Piccolo and piccolissimo: the slack of the ducking test for the cards below the sure winners
(:func:`whist.bots.evaluate.exact_flaws`), one rank looser than a misère's. Measured (the
commit that set it): at 0 the heuristic made nine piccolos in ten but bid them in one deal in a
thousand; at 1 it bids ten times as many, makes three in four and wins more points; at 2 it
makes fewer than three in five and loses with a couleur joint piccolo."""


def _makeable(view: ColourView, hand: int, call: ColourCall) -> bool:
    c = call.contract
    if c is None:
        return False
    k = c.kind
    if k in MISERE_FLAWS:
        slack = -1 if k == "grande_misere_sur_table" else 0
        allowed = MISERE_FLAWS[k]
        if k == "grande_misere" and not _below_grande_misere(view, hand):
            allowed += 1
        # (not the two lowest cards of a suit: every lead of the suit forces them)
        return misere_flaws(hand, slack) <= allowed and low_flaws(hand, slack) <= 1
    if k in ("piccolo", "piccolissimo"):
        # as many sure winners as the tricks it needs (RULES.md §5.5), every other card low
        return exact_flaws(hand, needed_tricks(c, view.rules.style), EXACT_SLACK) == 0
    est = trick_estimate(hand, c.suit)
    if k == "emballage":
        if c.level != 8 or c.suit is None:
            return False
        length = (hand & c.suit.mask).bit_count()
        return est >= PROPOSE_AT and length >= PROPOSE_TRUMPS
    need = 13 if k == "chelem" else (c.level or 9)
    return est >= need + _SPARE


def _below_grande_misere(view: ColourView, hand: int) -> bool:
    """Whether this seat may still bid or join a petite misère, or a piccolo that ``hand`` fits.
    Once the auction is above them (a trou, an abondance, a solo 8 …), a hand with one card too
    high to duck bids the grande misère, made about six times in ten (+36 made, −36 failed,
    RULES.md §5.7), where it would defend the contract above; while the petite misère is open
    it bids that, made nine times in ten at ±18, which is worth more, and it keeps to a piccolo
    it fits (the ace it wins with is the card too high)."""
    top = _top_bid(view)
    joinable = top.contract if top is not None and any(
        isinstance(c, ColourCall) and c.kind == "accept" for c in view.legal) else None
    for call in view.legal:
        if not isinstance(call, ColourCall):
            continue
        c = call.contract if call.kind != "accept" else joinable
        if c is None:
            continue
        if c.kind == "petite_misere" or (c.kind == "piccolo" and exact_flaws(
                hand, needed_tricks(c, view.rules.style), EXACT_SLACK) == 0):
            return True
    return False


def _misere_instead(view: ColourView, hand: int, call: ColourCall,
                    legal: list[ColourCall]) -> bool:
    """In ``couleur`` a piccolo pays each declarer what a lone petite misère pays (18, RULES.md
    §5.7), but it needs a second declarer who makes his trick too, while the misère counts
    alone and discards the piccolo's sure winner: bid the misère while it is legal and
    makeable."""
    if call.contract is None or call.contract.kind != "piccolo" or view.rules.style != "couleur":
        return False
    return any(c.contract is not None and c.contract.kind == "petite_misere"
               and _makeable(view, hand, c) for c in legal)


def _accept_ok(view: ColourView, hand: int) -> bool:
    """Accept a proposal with one and a half tricks of support in its suit (:data:`ACCEPT_AT`)
    and two trumps at least (:data:`ACCEPT_TRUMPS`); join a misère that the hand could bid
    itself."""
    top = _top_bid(view)
    if top is None or top.contract is None:
        return False
    c = top.contract
    if c.kind == "emballage":
        return supports(hand, c.suit)
    return _makeable(view, hand, top)


def _top_bid(view: ColourView) -> ColourCall | None:
    for _, a in reversed(view.actions):
        if isinstance(a, ColourCall) and a.contract is not None:
            return a
    return None


def choose_call(view: ColourView) -> ColourCall:
    """The call to make from ``view.legal`` (all ColourCalls)."""
    legal = [a for a in view.legal if isinstance(a, ColourCall)]
    if len(legal) == 1:
        return legal[0]
    hand = mask_of(view.hand)
    raised = _raise(view, hand, legal)
    if raised is not None:
        return raised
    suit, _ = best_trump(hand)
    for call in reversed(legal):  # the legal calls go up the ladder: try the highest first
        if call.contract is None:
            continue
        c = call.contract
        if c.suit is not None and c.kind != "emballage" and c.suit is not suit:
            continue
        if _makeable(view, hand, call) and not _misere_instead(view, hand, call, legal):
            if c.kind == "emballage":
                return _best_proposal(view, hand, legal)
            if c.kind == "solo":
                return _best_solo(view, legal, call, trick_estimate(hand, c.suit))
            return call
    for call in legal:
        if call.kind == "accept" and _accept_ok(view, hand):
            return call
    wait = next((c for c in legal if c.kind == "wait"), None)
    if wait is not None and _support_somewhere(hand):
        return wait
    return legal[0]  # pass


PARTNER_TRICKS = {"proposer": 5.6, "acceptor": 3.7}
"""What a pair's player counts on from his partner when raising (:func:`_raise`): played out by
the heuristic players (`whist simulate --preset couleur --deals 3000 --seed 5`, 1,702
emballages), a pair took 0.8 tricks more than its two hands' estimates added
(:func:`~whist.bots.evaluate.trick_estimate` in the trump suit), and a proposer's hand counted 4.8
on average, an acceptor's 2.9."""
RAISE_SPARE = 0.5
"""Tricks to spare over a raise's level (:func:`_raise`); 0 and 1 did about as well in the arena,
2 and −1 worse."""


def pairs(actions: Iterable[tuple[Seat, object]]) -> dict[Seat, tuple[Suit, str]]:
    """Each seat bound in a pair by ``actions`` (a proposal and its acceptance, RULES.md §5.4 rule
    4): the pair's suit and the seat's partner's part in it, ``proposer`` or ``acceptor``."""
    top: tuple[Seat, Contract] | None = None
    out: dict[Seat, tuple[Suit, str]] = {}
    for seat, a in actions:
        if not isinstance(a, ColourCall):
            continue
        if a.kind == "accept" and top is not None and top[1].kind == "emballage" and top[1].suit is not None:
            out[seat] = (top[1].suit, "proposer")
            out[top[0]] = (top[1].suit, "acceptor")
        if a.contract is not None:
            top = (seat, a.contract)
    return out


def raise_needs(level: int, partner: str) -> float:
    """The estimate in the pair's suit (:func:`~whist.bots.evaluate.trick_estimate`) with which a
    player whose partner had ``partner``'s part raises to ``level`` (:func:`_raise`)."""
    return level + RAISE_SPARE - PARTNER_TRICKS[partner]


def _raise(view: ColourView, hand: int, legal: list[ColourCall]) -> ColourCall | None:
    """The raise of this seat's pair over a counting bid of the others (RULES.md §5.4 rule 5,
    option ``overbids``), to the lowest level that beats it, where the pair expects that many
    tricks with :data:`RAISE_SPARE` to spare: this hand's estimate in the pair's suit and what the
    partner's part promises (:data:`PARTNER_TRICKS`); ``None`` to pass as before. Not over a
    proposal nobody has accepted yet, which may die unaccepted (rule 7) and leave the pair its
    contract. Over 4,000 deals (`whist arena`, the heuristic without it as reference,
    docs/arena.md): couleur seed 2 +0.02 ± 0.01 a seat-deal, seed 3 +0.02 ± 0.01, pagat seed 2
    +0.04 ± 0.02."""
    pair = pairs(view.actions).get(view.seat) if view.seat is not None else None
    if pair is None:
        return None
    suit, partner = pair
    raises = [(c.contract.level or 13, c) for c in legal if c.contract is not None
              and c.contract.kind == "emballage" and c.contract.suit is suit]
    pending = view.acceptable
    if not raises or (pending is not None and pending[1].contract is not None
                      and pending[1].contract.kind in ("emballage", "piccolo")):
        return None
    level, low = min(raises, key=lambda r: r[0])
    return low if trick_estimate(hand, suit) >= raise_needs(level, partner) else None


def _support_somewhere(hand: int) -> bool:
    """Whether ``hand`` would accept a proposal in some suit (:func:`supports`): the
    eldest hand that has nothing to bid then waits (RULES.md §5.4, 2) rather than pass, to accept
    what the others propose; a pass ends his auction. Over 4,000 deals (`whist arena`, the
    earlier heuristic as reference, docs/arena.md): couleur seed 2 +0.05 ± 0.02 a seat-deal,
    seed 3 +0.02 ± 0.01, pagat +0.04 ± 0.02."""
    return any(supports(hand, s) for s in Suit)


def _best_solo(view: ColourView, legal: list[ColourCall], call: ColourCall, tricks: float) -> ColourCall:
    """Of the legal solos in the suit of ``call`` (a solo) up to its level, the one the table
    pays most for the ``tricks`` the hand counts (whole tricks, at most 13), the lowest of equals.
    In ``couleur`` a solo 6 pays more than a solo 7 or 8 for whatever it takes once made (a solo 6
    with 8 tricks 27, a solo 8 24, RULES.md §5.7): the heuristic player bid the highest solo its
    count allowed, and its solos 7 and 8 of 800 deals (seed 99) scored 555 points less than
    solos 6 with the same tricks; in ``pagat`` the higher solo pays more and stays."""
    c = call.contract
    assert c is not None and c.level is not None and view.seat is not None
    seat = view.seat
    taken = {seat: min(13, int(tricks))}
    solos = [(a, a.contract) for a in legal if a.contract is not None and a.contract.kind == "solo"
             and a.contract.suit is c.suit and (a.contract.level or 0) <= c.level]
    # up the ladder, and max keeps the first of equals: the lowest
    return max(solos, key=lambda s: score(view.rules.style, s[1], [seat], taken)[seat])[0]


def _best_proposal(view: ColourView, hand: int, legal: list[ColourCall]) -> ColourCall:
    """Of the proposals ``hand`` can make, the one in its best suit: the most tricks it counts
    there, then the longest, then the highest on the ladder. The ladder's order alone proposed the
    highest-ranking suit that qualified: diamonds on 8-7-6-2 with A-K-Q-J-2 of spades."""
    made = [(n, call) for n, call in enumerate(legal) if call.contract is not None
            and call.contract.kind == "emballage" and _makeable(view, hand, call)]
    return max(made, key=lambda m: _proposal_worth(hand, m[1], m[0]))[1]


def _proposal_worth(hand: int, call: ColourCall, place: int) -> tuple[float, int, int]:
    c = call.contract
    assert c is not None and c.suit is not None
    return trick_estimate(hand, c.suit), (hand & c.suit.mask).bit_count(), place


def choose_shown_card(view: ColourView) -> CardCall:
    """The trou partner shows a card: in the suit of his ace (8 tricks) unless another suit is
    much longer (9 tricks)."""
    hand = mask_of(view.hand)
    aces = [s for s in Suit if hand & CARDS[13 * s + 12].bit]
    ace_suit = aces[0] if aces else None
    best = max(Suit, key=lambda s: ((hand & s.mask).bit_count(), -s))
    suit = ace_suit if ace_suit is not None and (
        (hand & ace_suit.mask).bit_count() + 2 > (hand & best.mask).bit_count()) else best
    cards = [c for c in view.hand if c.suit is suit]
    return CardCall("show", min(cards, key=lambda c: c.rank))


def choose_discard(view: ColourView) -> CardCall:
    """Petite misère: the declarer discards his most dangerous card; a defender the highest card
    of his shortest suit."""
    declarer = view.seat is not None and view.seat in view.declarers
    return CardCall("discard", _discard_choice(mask_of(view.hand), declarer))


def _discard_choice(hand: int, declarer: bool) -> Card:
    """The petite-misère discard from ``hand``: the declarer's most dangerous card, by the measure
    his play sheds by (:func:`~whist.bots.evaluate.most_dangerous`, every other card still out),
    but of equals the lower (the higher made fewer misères: bench/misere_defence.py --compare
    discard); a defender's from his shortest suit, its highest, of equal lengths the highest of
    their tops. A singleton discarded is a void, on which he throws his high cards while the
    declarer must follow; a short suit's top card has few of his own cards under it, so it is
    the one its suit forces over the declarer's card, where the top of a long suit waits behind
    the low cards that force the declarer and is thrown once he is beaten. The defenders'
    highest cards (the old rule) left the declarer of a petite misère making it 0.74 times,
    their shortest suits' 0.63 (docs/arena.md)."""
    cards = cards_of(hand)
    if declarer:
        return most_dangerous(cards, hand, ALL_CARDS_MASK & ~hand, higher=False)
    return max(cards, key=lambda c: (-(hand & c.suit.mask).bit_count(), c.rank, -c.suit))
