"""Deal the cards a seat cannot see, consistently with everything its view shows.

:func:`constraints` reads the hard facts of a view (the seat's own hand, the cards played, the
suits a player has shown out of, cards known to be in a hand: spread hands, the turned trump card
still in the dealer's hand, honours shown at eight and what the calls at eight say of them, the
trou partner's shown card, the trou's aces) and :meth:`Constraints.sample` deals the unseen
cards at random under them. The soft facts (what the auction says of the hands) are weights,
applied by :mod:`whist.bots.pimc`.

>>> import random
>>> from whist.engine import new_classic_deal
>>> d = new_classic_deal(seed=3)
>>> v = d.view(d.to_act)
>>> hands = constraints(v).sample(random.Random(0))
>>> hands[v.seat] == sum(c.bit for c in v.hand), sum(h.bit_count() for h in hands)
(True, 52)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from whist.actions import Call
from whist.bots import AnyView
from whist.cards import ALL_CARDS_MASK, CARDS, SEATS, Card, Seat, Suit, cards_of, mask_of
from whist.couleur import CardCall, ColourView
from whist.engine import View, honours_mask
from whist.scoring import may_call_at_eight

__all__ = ["Constraints", "SampleError", "constraints", "tricks_of", "voids_of"]

SINK = 4
"""The pseudo-seat of cards out of play whose identity the seat does not know (the other
players' petite-misère discards)."""


class SampleError(RuntimeError):
    """No deal fits the facts (it cannot happen with a view of a real deal)."""


@dataclass(frozen=True, slots=True)
class Constraints:
    """What one seat knows of where the cards are.

    ``known[s]``: cards seat ``s`` is known to hold now (its whole hand for the seat itself);
    ``count[s]``: how many cards ``s`` holds now; ``voids[s]``: suits ``s`` cannot hold;
    ``pool``: the cards whose place is unknown; ``sunk``: how many of them are out of play;
    ``counts``: (seat, cards, lo, hi) — the seat held between ``lo`` and ``hi`` of ``cards``
    at the deal (counting ``gone[seat]``, the cards it has already played).
    """

    seat: Seat
    known: tuple[int, int, int, int]
    count: tuple[int, int, int, int]
    voids: tuple[frozenset[Suit], ...]
    pool: int
    sunk: int
    gone: tuple[int, int, int, int]
    counts: tuple[tuple[Seat, int, int, int], ...] = field(default=())

    @property
    def needs(self) -> tuple[int, int, int, int, int]:
        """Unknown cards still to give each seat (and, last, to the pile out of play)."""
        n = [self.count[s] - self.known[s].bit_count() for s in range(4)]
        return (n[0], n[1], n[2], n[3], self.sunk)

    def hidden(self) -> bool:
        """Whether anything is left to guess."""
        return self.pool != 0

    def sample(self, rng: random.Random, tries: int = 200) -> tuple[int, int, int, int]:
        """The four hands as they may be now, drawn at random among those that fit the facts."""
        needs = self.needs
        if any(n < 0 for n in needs) or sum(needs) != self.pool.bit_count():
            raise SampleError("the counts of unseen cards do not add up")
        cards = cards_of(self.pool)
        allowed: list[list[int]] = []
        for c in cards:
            allowed.append([s for s in range(5)
                            if needs[s] and (s == SINK or c.suit not in self.voids[s])])
        order = sorted(range(len(cards)), key=lambda i: len(allowed[i]))
        for _ in range(tries):
            hands = [*self.known, 0]
            left = list(needs)
            rng.shuffle(order)
            order.sort(key=lambda i: len(allowed[i]))
            placed = self._place_minimums(cards, allowed, hands, left, rng)
            if placed is None:
                continue
            ok = True
            for i in order:
                if i in placed:
                    continue
                choices = [s for s in allowed[i] if left[s]]
                if not choices:
                    ok = False
                    break
                total = sum(left[s] for s in choices)
                r = rng.randrange(total)
                for s in choices:
                    r -= left[s]
                    if r < 0:
                        break
                hands[s] |= cards[i].bit
                left[s] -= 1
            if ok and self._fits(hands):
                return (hands[0], hands[1], hands[2], hands[3])
        raise SampleError("no deal fits what this seat has seen")

    def _place_minimums(self, cards: list[Card], allowed: list[list[int]], hands: list[int],
                        left: list[int], rng: random.Random) -> set[int] | None:
        """Give each seat with a minimum count (the trou's aces) the cards it lacks, chosen at
        random among those it may hold; the indices placed, or ``None`` if it cannot be done."""
        placed: set[int] = set()
        for seat, wanted, lo, _ in self.counts:
            short = lo - ((hands[seat] | self.gone[seat]) & wanted).bit_count()
            if short <= 0:
                continue
            free = [i for i, c in enumerate(cards)
                    if c.bit & wanted and i not in placed and seat in allowed[i]]
            if len(free) < short or left[seat] < short:
                return None
            for i in rng.sample(free, short):
                hands[seat] |= cards[i].bit
                left[seat] -= 1
                placed.add(i)
        return placed

    def _fits(self, hands: list[int]) -> bool:
        for seat, cards, lo, hi in self.counts:
            if not lo <= ((hands[seat] | self.gone[seat]) & cards).bit_count() <= hi:
                return False
        return True


def tricks_of(played: Iterable[tuple[Seat, Card]]) -> list[list[tuple[Seat, Card]]]:
    """The cards played, cut into tricks of four (the last one may be unfinished)."""
    out: list[list[tuple[Seat, Card]]] = []
    for i, sc in enumerate(played):
        if i % 4 == 0:
            out.append([])
        out[-1].append(sc)
    return out


def voids_of(played: Iterable[tuple[Seat, Card]]) -> dict[Seat, set[Suit]]:
    """The suits each seat has shown out of: it did not follow the suit led."""
    out: dict[Seat, set[Suit]] = {s: set() for s in SEATS}
    for trick in tricks_of(played):
        led = trick[0][1].suit
        for seat, c in trick[1:]:
            if c.suit is not led:
                out[seat].add(led)
    return out


def _honour_counts(view: View, seat: Seat, honours: int) -> list[tuple[Seat, int, int, int]]:
    """What calling at eight tells of the others' honours (RULES.md §2, D19): the deal is played,
    so no player of a side at eight holds three or four (he would have claimed the game at
    once); a player who asks "can you one?" holds exactly two, and a partner who answers "no"
    none."""
    out: list[tuple[Seat, int, int, int]] = [
        (s, honours, 0, 2) for s in SEATS
        if s is not seat and may_call_at_eight(view.rules, view.score, s.side)]
    for s, a in view.actions:
        if isinstance(a, Call) and s is not seat and a.kind in ("ask", "no"):
            out.append((s, honours, 2, 2) if a.kind == "ask" else (s, honours, 0, 0))
    return out


def constraints(view: AnyView) -> Constraints:
    """The hard facts of ``view`` (the view of one seat, not a spectator's)."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator has no hand to sample around")
    played = view.played_cards()
    gone = [0, 0, 0, 0]
    for s, c in played:
        gone[s] |= c.bit
    voids = voids_of(played)
    known = [0, 0, 0, 0]
    known[seat] = mask_of(view.hand)
    sunk = 0
    out_of_play = 0
    discarded = [0, 0, 0, 0]
    counts: list[tuple[Seat, int, int, int]] = []
    if isinstance(view, ColourView):
        for s, cs in view.spread:
            known[s] |= mask_of(cs)
        if view.shown_card is not None and view.trou is not None and view.trou[1] is not None:
            partner = view.trou[1]
            if not gone[partner] & view.shown_card.bit:
                known[partner] |= view.shown_card.bit
        for s, a in view.actions:
            if isinstance(a, CardCall) and a.kind == "discard":
                discarded[s] = 1
                if s is seat:
                    assert view.discard is not None
                    out_of_play |= view.discard.bit
                else:
                    sunk += 1
        aces = sum(CARDS[13 * s + 12].bit for s in Suit)
        if view.trou is not None:  # three aces, the fourth with the partner; four aces (D2)
            caller, mate = view.trou
            counts.append((caller, aces, 4, 4) if view.four_aces else (caller, aces, 3, 3))
            if mate is not None and not view.four_aces:
                counts.append((mate, aces, 1, 1))
        elif view.phase != "trou":  # three aces make a trou, and it is always announced (§5.3)
            counts.extend((s, aces, 0, 2) for s in SEATS if s is not seat)
    else:
        for s, cs in view.shown:
            known[s] |= mask_of(c for c in cs if not gone[s] & c.bit)
        tc = view.trump_card
        if view.dealer_holds_trump_card and tc is not None and not gone[view.dealer] & tc.bit:
            known[view.dealer] |= tc.bit
        if view.trump is not None:
            counts.extend(_honour_counts(view, seat, honours_mask(view.trump)))
    count = [13 - gone[s].bit_count() - discarded[s] for s in range(4)]
    seen = known[0] | known[1] | known[2] | known[3] | out_of_play
    for g in gone:
        seen |= g
    pool = ALL_CARDS_MASK & ~seen
    return Constraints(seat, (known[0], known[1], known[2], known[3]),
                       (count[0], count[1], count[2], count[3]),
                       tuple(frozenset(voids[s]) for s in SEATS), pool, sunk,
                       (gone[0], gone[1], gone[2], gone[3]), tuple(counts))
