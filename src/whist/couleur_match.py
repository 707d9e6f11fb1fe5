"""A session of colour whist: ``rules.deals`` deals, each player scoring for himself (RULES.md §5).

The dealer passes left after every deal that is played; a deal that everybody passed is dealt
again by the same dealer and does not count (``all_pass``: ``redeal``, or ``redeal_double``:
the next deal played scores double, once however many were passed in a row). With option
``shuffle`` off, the cards of the last deal are gathered in order and cut (§5.1, D22).

>>> import random
>>> from whist.rules import preset, with_options
>>> rng = random.Random(4)
>>> m = ColourMatch.start(with_options(preset("couleur"), {"deals": 2}), rng)
>>> while not m.is_over:
...     m = m.deal(rng) if m.needs_deal else m.apply(m.legal_actions()[0])
>>> m.played, sum(m.totals)
(2, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from whist.actions import IllegalAction, require_game
from whist.cards import SEATS, Card, Seat
from whist.couleur import CardCall, ColourAction, ColourDeal
from whist.rules import Rules
from whist.series import DealSeries

__all__ = ["ColourMatch", "gathered_deck"]


_CUTS = range(1, 52)
"""Where a gathered pile may be cut: leaving at least one card on either side."""


def _cut(pile: list[int], k: int) -> list[int]:
    """The ``pile`` cut once, its top ``k`` cards put under the rest."""
    return pile[k:] + pile[:k]


def gathered_deck(deal: ColourDeal) -> list[int]:
    """The cards of a finished deal gathered for the next (§5.1, D22): its tricks in the order
    won, each in the order played, then each hand's unplayed cards from eldest, then the discards
    from eldest; after a redeal, the hands one after the other from eldest, each in the order dealt."""
    eldest = deal.dealer.left
    order = [SEATS[(eldest + k) & 3] for k in range(4)]

    def in_deal_order(seat: Seat, mask: int) -> list[int]:
        return [i for i in deal.deck if mask >> i & 1 and deal.dealt[seat] >> i & 1]

    if deal.passed_out:
        return [i for s in order for i in in_deal_order(s, deal.dealt[s])]
    out = [a.index for _, a in deal.actions if isinstance(a, Card)]
    for s in order:
        out.extend(in_deal_order(s, deal.hands[s]))
    for s in order:
        out.extend(a.card.index for seat, a in deal.actions
                   if seat is s and isinstance(a, CardCall) and a.kind == "discard" and a.card)
    return out


@dataclass(frozen=True, slots=True)
class ColourMatch(DealSeries):
    """A session of colour whist. ``deals`` are the finished deals (passed-out ones included),
    ``current`` the deal in play, ``totals`` each seat's running total, ``played`` the deals
    that counted. ``needs_deal``, ``to_act``, ``legal_actions()`` and ``view()`` are those of
    :class:`~whist.series.DealSeries`."""

    rules: Rules
    first_dealer: Seat
    dealer: Seat
    deals: tuple[ColourDeal, ...] = ()
    current: ColourDeal | None = None
    totals: tuple[int, int, int, int] = (0, 0, 0, 0)
    played: int = 0
    double_next: bool = False

    @staticmethod
    def start(rules: Rules, rng: random.Random) -> ColourMatch:
        """A new session; the first dealer is drawn by lot with ``rng`` (§1, D20)."""
        require_game(rules, "couleur")
        dealer = SEATS[rng.randrange(4)]
        return ColourMatch(rules, dealer, dealer)

    @property
    def is_over(self) -> bool:
        return self.played >= self.rules.deals

    def deal(self, rng: random.Random) -> ColourMatch:
        """The chance step: shuffle (or gather and cut, option ``shuffle`` off) and deal."""
        if not self.needs_deal:
            if self.is_over:
                raise IllegalAction("the session is over", "la partie est terminée")
            raise IllegalAction("a deal is in play", "une donne est en cours")
        mult = 2 if self.double_next else 1
        if self.rules.shuffle or not self.deals:
            d = ColourDeal.shuffled(self.rules, self.dealer, rng, mult)
        else:
            cut = rng.randrange(_CUTS.start, _CUTS.stop)  # cut once by the dealer's right-hand player
            d = ColourDeal.from_deck(self.rules, self.dealer, _cut(gathered_deck(self.deals[-1]), cut), mult)
        return replace(self, current=d)

    def may_deal(self, deck: Sequence[int]) -> bool:
        """Whether ``deck`` can be the next deal's: any deck where the cards are shuffled (and for
        the first deal), else the last deal's cards gathered and cut once (§5.1, D22)."""
        if self.rules.shuffle or not self.deals:
            return True
        pile = gathered_deck(self.deals[-1])
        return any(_cut(pile, k) == list(deck) for k in _CUTS)

    def deal_hands(self, hands: tuple[int, int, int, int]) -> ColourMatch:
        """Start the next deal with given hands (a replay)."""
        if not self.needs_deal:
            if self.is_over:
                raise IllegalAction("the session is over", "la partie est terminée")
            raise IllegalAction("a deal is in play", "une donne est en cours")
        d = ColourDeal.new(self.rules, self.dealer, hands, 2 if self.double_next else 1)
        return replace(self, current=d)

    def apply(self, action: ColourAction | str, seat: Seat | str | None = None) -> ColourMatch:
        if self.current is None:
            if self.is_over:
                raise IllegalAction("the session is over", "la partie est terminée")
            raise IllegalAction("no deal is in play: deal first", "aucune donne en cours : donnez d'abord")
        return replace(self, current=self.current.apply(action, seat)).settle()

    def settle(self) -> ColourMatch:
        """Fold a finished deal into the totals (a no-op while the deal is in play)."""
        d = self.current
        if d is None or not d.is_over:
            return self
        deals = (*self.deals, d)
        if d.passed_out:
            double = self.double_next or self.rules.all_pass == "redeal_double"
            return replace(self, deals=deals, current=None, double_next=double)
        pts = d.points()
        totals = (self.totals[0] + pts[Seat.N], self.totals[1] + pts[Seat.E],
                  self.totals[2] + pts[Seat.S], self.totals[3] + pts[Seat.W])
        return replace(self, deals=deals, current=None, totals=totals, played=self.played + 1,
                       dealer=self.dealer.left, double_next=False)
