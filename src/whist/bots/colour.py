"""The heuristic player of colour whist: its calls (:mod:`whist.bots.colour_calls`) and its card
play, which is the classic player's (:func:`whist.bots.heuristic.play_card`) with the sides and
the aim that the contract gives.

- Declarers of a contract that needs tricks, and their defenders, want tricks; each side's
  partners are the other players of that side (none for a lone declarer).
- Misères, and the queens game: every player avoids tricks. The defenders of a misère play to
  force the declarer to win one (:func:`whist.bots.heuristic.play_card`'s misère defence: lead
  low in a suit he must follow, keep the trick low before he plays, throw high cards once he is
  beaten). Piccolo and piccolissimo: a declarer wins the tricks he needs with
  his sure winners, early, and avoids the others; the defenders lead into his likely winner
  until he has them, to make him take them before he is rid of his high cards, then defend as
  against a misère, to force him to a trick too many.
- Trou surprise before the fourth ace falls: each plays for himself.
"""

from __future__ import annotations

import random

from whist.auction import ColourCall
from whist.bots.colour_calls import PROPOSE_TRUMPS, choose_call, choose_discard, choose_shown_card
from whist.bots.heuristic import Aims, Reading, play_card
from whist.cards import Card, Seat
from whist.couleur import ColourAction, ColourView

__all__ = ["colour_aims", "colour_heuristic_bot"]


def colour_aims(view: ColourView) -> Aims:
    """Who plays with this seat and whether it wants tricks, from the contract in its view."""
    seat = view.seat
    assert seat is not None
    c = view.contract
    declarers = set(view.declarers)
    if c is None or (c.kind == "trou" and view.trou is not None and view.trou[1] is None):
        return Aims(frozenset())
    if c.kind == "dames":
        return Aims(frozenset(), want_tricks=False)
    side = declarers if seat in declarers else {s for s in Seat if s not in declarers}
    partners = frozenset(s for s in side if s is not seat)
    if c.info.is_misere:
        if seat in declarers and view.needed:  # piccolo, piccolissimo: exactly view.needed
            return Aims(partners, want_tricks=False,
                        must_take=view.needed - view.tricks_won[seat], declares=True)
        if seat in declarers:
            return Aims(frozenset(), want_tricks=False, declares=True)
        # A defender, against the declarers who have exactly the tricks they need (a misère's
        # none, a piccolo's one): each plays his own contract (RULES.md §5.7, D6), and one that
        # has a trick too many has failed, however many more he takes. A piccolo declarer short
        # of his tricks is to be made to take them early.
        need = view.needed or 0
        won = view.tricks_won
        return Aims(partners, want_tricks=False,
                    against=frozenset(d for d in declarers if won[d] == need),
                    short=frozenset(d for d in declarers if won[d] < need))
    return Aims(partners, partner_trumps=_promised_trumps(view, partners))


def _promised_trumps(view: ColourView, partners: frozenset[Seat]) -> int:
    """The trumps the auction told of in a partner's hand: :data:`PROPOSE_TRUMPS` where he proposed
    the trump suit (the heuristic player proposes with five or more; club players with four or
    more); else none known."""
    c = view.contract
    if c is None or c.kind != "emballage":
        return 0
    for seat, action in view.actions:
        if (seat in partners and isinstance(action, ColourCall) and action.kind == "bid"
                and action.contract is not None and action.contract.kind == "emballage"
                and action.contract.suit is c.suit):
            return PROPOSE_TRUMPS
    return 0


def colour_reading(view: ColourView, aims: Aims) -> Reading:
    assert view.seat is not None
    known: dict[Seat, list[Card]] = {s: list(cs) for s, cs in view.spread}
    if view.shown_card is not None and view.trou is not None and view.trou[1] is not None:
        known.setdefault(view.trou[1], []).append(view.shown_card)
    gone = [view.discard] if view.discard is not None else []
    return Reading(view.seat, aims, view.hand, view.trump, view.played_cards(), view.trick, known,
                   gone)


def colour_heuristic_bot(view: ColourView, rng: random.Random) -> ColourAction:
    """One of ``view.legal``: a call in the auction, the shown card, a discard, or a card."""
    legal = view.legal
    if not legal:
        raise ValueError("this seat has nothing to do now")
    if len(legal) == 1:
        return legal[0]
    if view.phase == "auction":
        return choose_call(view)
    if view.phase == "show":
        return choose_shown_card(view)
    if view.phase == "discard":
        return choose_discard(view)
    cards = [a for a in legal if isinstance(a, Card)]
    if not cards:
        calls = [a for a in legal if isinstance(a, ColourCall)]
        return calls[0] if calls else legal[0]
    return play_card(colour_reading(view, colour_aims(view)), cards)
