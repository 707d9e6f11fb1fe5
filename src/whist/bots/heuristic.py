"""The heuristic player: sound club play by rules of thumb.

The bot reads only its seat's :class:`~whist.engine.View`: its own hand, every card played so
far and by whom, the trick on the table, the trump and the turned card. From the played cards it
keeps count: which cards are still out (the *outstanding* cards, held by the other three seats),
which card of each suit is now the highest (a *master*), and which seat has shown out of which
suit (a *void*, known when a seat did not follow suit).

Card play is written around two parameters, an :class:`Aims`: who is on this seat's side
(``partners``; in classic whist the seat opposite, in colour whist whoever the auction pairs it
with, or nobody for a solo) and whether it wants tricks (``want_tricks``; ``False`` for misère
objectives, for which a first, simple "take nothing" play is given). The card play itself,
:func:`play_card`, needs only a :class:`Reading` (hand, trump, played cards, trick, cards known
to be in other hands), which any game can build; :func:`heuristic_bot` plays classic whist with
:func:`classic_aims` and :meth:`Reading.of_view`.

The rules of thumb, in the order the code applies them:

- Calls: a forced action (the claim at eight, the answer yes/no) is returned as is; "can you
  one?" (``ask``) is always asked when legal, since it can only help.
- Leading: draw trumps with length (five or more, or four with two honours), or return
  partner's trump lead; draw the last trumps out when my master trumps are enough to draw them
  all; once the opponents have no trumps left, cash masters; give partner a ruff in a suit he
  has shown out of; return partner's suit; otherwise lead from the strongest suit (length, a
  master on top, an honour sequence), avoiding leading away from a lone honour (in three cards
  or fewer) or into a known ruff; an ace with small cards in a short suit not led yet
  counts for little there, below the long suit. From the suit: the top of a sequence or a master;
  the higher of a doubleton; the fourth best of four or more; else the lowest.
- Following suit: the last player wins as cheaply as possible, or plays low behind partner.
  Second hand plays low, but covers an honour and takes the trick with two equal masters, or
  with a master of a side suit of which seven cards or fewer are out.
  Third hand plays high (the lowest of its equal top cards) unless partner's card already holds
  the trick or is an honour; never overtakes partner's winning card; whoever can win for sure
  wins with the cheapest sure winner.
- Void in the suit led: no ruff when partner's card holds the trick or is a master honour; no
  ruff of a doubtful trick (partner still to play) with four trumps or more; otherwise ruff with
  the cheapest trump that cannot be overruffed, else the lowest, but never with a master trump
  while I hold a lower one (a master makes its trick whenever it is played: the lowest ruffs);
  overruff an opponent's ruff as cheaply as possible, never underruff, never overruff partner.
- Discards: from the shortest, weakest side suit; never a master, never the guard of an honour
  if a cheaper discard exists, and the trump suit last.
- Avoiding tricks (a misère declarer, the queens game): lead the card most likely to be beaten,
  follow with the highest card that loses, throw the most dangerous high card.
- Declaring a misère or a piccolo (``Aims.declares``): as above, but lead the highest card that
  is sure to lose (no card of its suit out under it, or fewer than the seats that must follow
  with many over it), never a suit nobody else holds; when void, throw the card likeliest to
  be forced to a trick (the most outstanding cards under it for the fewest of mine), not merely
  the highest.
- Defending a misère (``Aims.against``), to force the declarer to a trick: lead low in a suit
  he must still follow, never one he has shown out of (with his hand spread, a card under all
  his cards of a suit); of those, the suit the fewest other defenders can follow (one void there
  throws a high card, which nobody can force over the declarer later), then the suit I hold
  fewest of, then the one where he may hold the fewest cards under my lowest; keep the trick low
  while he is still to play; once he has played, leave him the trick he holds, and when he is
  beaten throw the highest card of the suit.
- Defending a piccolo: once the declarer has the tricks he needs, as a misère; before that
  (``Aims.short``), lead to make him take them at once, while he still holds the cards he wants
  to be rid of: in a suit whose highest card out is above all of mine (an ace first, the suit I
  hold fewest of), my highest card, keeping the low ones that force him later.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from whist.actions import ASK, Action
from whist.bots.evaluate import misere_danger, most_dangerous
from whist.cards import ALL_CARDS_MASK, SEATS, SUIT_CARDS, SUIT_MASK, Card, Seat, Suit
from whist.engine import View

__all__ = ["Aims", "Reading", "choose_card", "classic_aims", "heuristic_bot", "play_card"]

HONOUR = 11
"""The lowest honour rank for play decisions (jack)."""

RUFF_RISK = 2
"""A seat that has not shown out of a suit may still be void in it when fewer than this many
cards of the suit are outstanding."""

STRONG_TRUMPS = 4
"""With this many trumps or more, a seat does not ruff a doubtful trick."""

SHORT_SUIT_OUT = 7
"""Second hand takes the trick with a master of a side suit of which this many cards or fewer
are out: kept back, it is likelier to be ruffed later than to catch a bigger card (against the
player without the rule, classic +0.03 points a table in the arena; 5 or 9, +0.02; docs/arena.md)."""


def _above(rank: int) -> int:
    """The 13-bit mask of the ranks above ``rank``."""
    return SUIT_MASK & ~((2 << (rank - 2)) - 1)


def _below(rank: int) -> int:
    """The 13-bit mask of the ranks below ``rank``."""
    return (1 << (rank - 2)) - 1


def _bits(mask: int, suit: Suit) -> int:
    """The 13-bit part of a 52-bit mask for one suit."""
    return (mask >> (13 * suit)) & SUIT_MASK


@dataclass(frozen=True, slots=True)
class Aims:
    """Who plays on this seat's side, and what it wants from the tricks.

    ``partners`` are the seats whose tricks count with this seat's (classic whist: the seat
    opposite; a solo declarer: none). ``want_tricks`` is ``True`` to take tricks, ``False`` to
    avoid them (a misère declarer). ``must_take``, with ``want_tricks`` off: the tricks the seat
    must still take before it avoids them (a piccolo declarer, who needs exactly one).
    ``against``, with ``want_tricks`` off: the declarers this seat defends against who have all
    the tricks they may take (a misère's none, a piccolo's one), whom it wants to force to one
    more (empty: it only ducks, as a declarer or in the queens game). ``short``: the piccolo or
    piccolissimo declarers it defends against who still need a trick, whom it wants to take it
    early. ``declares``, with ``want_tricks`` off: this seat declares the misère or the piccolo,
    and sheds its dangerous cards (:func:`_shed`) where a seat that only ducks (the queens game)
    plays the plain :func:`_duck`.
    """

    partners: frozenset[Seat]
    want_tricks: bool = True
    must_take: int = 0
    against: frozenset[Seat] = frozenset()
    short: frozenset[Seat] = frozenset()
    declares: bool = False
    partner_trumps: int = 0
    """Trumps the auction says the partner holds at least (an emballage's proposer: four)."""


def classic_aims(seat: Seat) -> Aims:
    """Classic whist: the partner is the seat opposite, and every trick is wanted."""
    return Aims(frozenset((seat.partner,)))


def heuristic_bot(view: View, rng: random.Random) -> Action:
    """The heuristic player for classic whist: one of ``view.legal``.

    A single legal action (a claim, an answer, a forced card) is returned as is; ``ask`` is
    always called when allowed; otherwise :func:`choose_card` picks the card. The bot is
    deterministic: it needs no randomness, so ``rng`` is left untouched.
    """
    legal = view.legal
    if not legal:
        raise ValueError("this seat has nothing to do now")
    if len(legal) == 1:
        return legal[0]
    if ASK in legal:
        return ASK
    if view.seat is None:
        raise ValueError("a spectator's view cannot choose a card")
    return choose_card(view, classic_aims(view.seat))


def choose_card(view: View, aims: Aims) -> Card:
    """The card this seat plays in a classic deal, by the rules of thumb of the module docstring."""
    cards = [a for a in view.legal if isinstance(a, Card)]
    if not cards:
        raise ValueError("no card may be played now")
    if len(cards) == 1:
        return cards[0]
    return play_card(Reading.of_view(view, aims), cards)


def play_card(r: Reading, cards: Sequence[Card]) -> Card:
    """The card to play among the legal ``cards`` (high to low within a suit), for any game
    whose seat can be described by a :class:`Reading`."""
    if len(cards) == 1:
        return cards[0]
    if not r.want_tricks:
        if r.must_take > 0:
            return _take_needed(r, cards)
        return _defend_misere(r, cards) if r.against or r.short else _avoid(r, cards)
    if not r.trick:
        return _lead(r, cards)
    if cards[0].suit is r.led:
        return _follow_suit(r, cards)
    return _void_in_led(r, cards)


class Reading:
    """What one seat makes of what it sees: the count of the cards, the voids, the trick.

    It is built from what the seat may know and nothing else: its ``hand``, the ``played``
    cards in order with who played them (a trick is four cards in a row), the ``trick`` on the
    table, the cards ``known`` to be in other hands (the turned card while the dealer holds
    it, cards shown by calls, a spread hand) and the cards it knows are out of play without
    having been played (``gone``: its own misère discard). :meth:`of_view` builds it from a
    classic view.

    ``out`` is the mask of the outstanding cards (neither in this hand nor played); ``known[s]``
    the outstanding cards known to be in seat ``s``'s hand; ``void[s]`` a 4-bit mask of the
    suits seat ``s`` has shown out of; ``led_by[s]`` the suits seat ``s`` has led.
    """

    __slots__ = (
        "_all_known",
        "_partners_known",
        "after",
        "against",
        "declares",
        "hand",
        "known",
        "led",
        "led_by",
        "must_take",
        "opponents",
        "opps_after",
        "out",
        "partner_trumps",
        "partners",
        "played",
        "seat",
        "short",
        "trick",
        "trump",
        "void",
        "want_tricks",
        "win_card",
        "win_seat",
    )

    def __init__(self, seat: Seat, aims: Aims, hand: Iterable[Card], trump: Suit | None,
                 played: Iterable[tuple[Seat, Card]], trick: Sequence[tuple[Seat, Card]],
                 known: Mapping[Seat, Iterable[Card]] | None = None,
                 gone: Iterable[Card] = ()) -> None:
        self.seat = seat
        self.partners = aims.partners
        self.want_tricks = aims.want_tricks
        self.must_take = aims.must_take
        self.against = aims.against
        self.short = aims.short
        self.declares = aims.declares
        self.partner_trumps = aims.partner_trumps
        self.opponents = frozenset(s for s in Seat if s is not seat and s not in aims.partners)
        self.trump = trump
        mask = 0
        for c in hand:
            mask |= c.bit
        self.hand = mask
        played_mask = 0
        void = [0, 0, 0, 0]
        led_by = [0, 0, 0, 0]
        led: Suit | None = None
        for n, (s, c) in enumerate(played):
            played_mask |= c.bit
            if n & 3 == 0:
                led = c.suit
                led_by[s] |= 1 << led
            elif c.suit is not led and led is not None:
                void[s] |= 1 << led
        self.played = played_mask
        dead = 0
        for c in gone:
            dead |= c.bit
        self.out = ALL_CARDS_MASK & ~mask & ~played_mask & ~dead
        held = [0, 0, 0, 0]
        for s, cs in (known or {}).items():
            if s is not seat:
                for c in cs:
                    held[s] |= c.bit & self.out
        self.known = held
        self._all_known = held[0] | held[1] | held[2] | held[3]
        self._partners_known = 0
        for p in aims.partners:
            self._partners_known |= held[p]
        self.void = void
        self.led_by = led_by
        self.trick = tuple(trick)
        self.led = trick[0][1].suit if trick else None
        self.win_seat, self.win_card = self._winning()
        after: list[Seat] = []
        if trick:
            nxt = seat
            for _ in range(3 - len(trick)):
                nxt = nxt.left
                after.append(nxt)
        self.after = tuple(after)
        self.opps_after = tuple(s for s in after if s in self.opponents)

    def with_hand(self, hand: int, gone: int = 0) -> Reading:
        """This reading with another hand (a mask of cards still out in this one) and, with
        ``gone``, more cards it knows are out of play (its own discard in that deal): the same
        seat, aims, played cards and trick, as another deal of the unseen cards would give."""
        other = Reading.__new__(Reading)
        for name in Reading.__slots__:
            setattr(other, name, getattr(self, name))
        other.hand = hand
        other.out = (self.out | self.hand) & ~hand & ~gone
        return other

    @classmethod
    def of_view(cls, view: View, aims: Aims) -> Reading:
        """The reading of a classic-whist seat's view."""
        if view.seat is None:
            raise ValueError("a spectator's view has no hand to play")
        known: dict[Seat, list[Card]] = {}
        if view.trump_card is not None and view.dealer_holds_trump_card:
            known[view.dealer] = [view.trump_card]
        for s, shown in view.shown:
            known.setdefault(s, []).extend(shown)
        return cls(view.seat, aims, view.hand, view.trump, view.played_cards(), view.trick, known)

    def _winning(self) -> tuple[Seat | None, Card | None]:
        if not self.trick:
            return None, None
        seat, best = self.trick[0]
        for s, c in self.trick[1:]:
            if (c.suit is best.suit and c.rank > best.rank) or (
                    c.suit is self.trump and best.suit is not self.trump):
                seat, best = s, c
        return seat, best

    # ----- counting ---------------------------------------------------------------

    def mine(self, suit: Suit) -> int:
        """My cards of ``suit`` as a 13-bit mask."""
        return _bits(self.hand, suit)

    def my_cards(self, suit: Suit) -> tuple[Card, ...]:
        """My cards of ``suit``, high to low."""
        return SUIT_CARDS[suit][_bits(self.hand, suit)]

    def out_bits(self, suit: Suit) -> int:
        """The outstanding cards of ``suit`` as a 13-bit mask."""
        return _bits(self.out, suit)

    def partners_known(self) -> int:
        """The cards known to be in partners' hands."""
        return self._partners_known

    def elsewhere(self, seat: Seat) -> int:
        """The outstanding cards known to be in a hand other than ``seat``'s."""
        return self._all_known & ~self.known[seat]

    def is_master(self, card: Card) -> bool:
        """Whether ``card`` is the highest card of its suit still out, not counting cards known
        to be with partners (the count of played cards makes a king a master once the ace is
        gone)."""
        threats = self.out_bits(card.suit) & ~_bits(self.partners_known(), card.suit)
        return not threats & _above(card.rank)

    def outstanding_above(self, card: Card) -> int:
        """How many outstanding cards of its suit outrank ``card`` (partners' known cards aside)."""
        threats = self.out_bits(card.suit) & ~_bits(self.partners_known(), card.suit)
        return (threats & _above(card.rank)).bit_count()

    def hand_known(self, seat: Seat) -> bool:
        """Whether every card left in ``seat``'s hand is known (a hand spread on the table): as
        many known cards as it holds, which is as many as I hold, one fewer once it has played
        to this trick."""
        held = self.hand.bit_count() - any(s is seat for s, _ in self.trick)
        return self.known[seat].bit_count() == held

    def is_void(self, seat: Seat, suit: Suit) -> bool:
        """Whether ``seat`` has shown out of ``suit``."""
        return bool(self.void[seat] >> suit & 1)

    def has_led(self, suit: Suit, seats: Iterable[Seat] = SEATS) -> bool:
        """Whether any of ``seats`` (anyone, by default) has led ``suit`` in this deal."""
        return any(self.led_by[p] >> suit & 1 for p in seats)

    def may_hold_trumps(self, seat: Seat) -> bool:
        """Whether ``seat`` may still hold a trump."""
        trump = self.trump
        if trump is None or self.is_void(seat, trump):
            return False
        return bool(_bits(self.out & ~self.elsewhere(seat), trump))

    def may_be_void(self, seat: Seat, suit: Suit) -> bool:
        """Whether ``seat`` may be void in ``suit``: it has shown out, or so few cards of the
        suit are out that it may hold none."""
        if self.is_void(seat, suit):
            return True
        if _bits(self.known[seat], suit):
            return False
        return self.out_bits(suit).bit_count() < RUFF_RISK

    def may_ruff(self, seat: Seat, suit: Suit) -> bool:
        """Whether ``seat`` might ruff a lead of ``suit``."""
        return (self.trump is not None and suit is not self.trump
                and self.may_be_void(seat, suit) and self.may_hold_trumps(seat))

    def opps_may_hold_trumps(self) -> bool:
        """Whether an opponent may still hold a trump (trumps are not yet drawn)."""
        return any(self.may_hold_trumps(s) for s in self.opponents)

    def opps_may_ruff(self, suit: Suit) -> bool:
        """Whether an opponent might ruff a lead of ``suit``."""
        return any(self.may_ruff(s, suit) for s in self.opponents)

    def top_group(self, suit: Suit) -> list[Card]:
        """My top cards of ``suit`` that are worth the same: no outstanding card between them
        (K Q, or K J once the queen is played). Empty if I hold none."""
        cards = self.my_cards(suit)
        if not cards:
            return []
        out = self.out_bits(suit)
        group = [cards[0]]
        for c in cards[1:]:
            if out & _above(c.rank) & _below(group[-1].rank):
                break
            group.append(c)
        return group

    def may_be_beaten(self, card: Card) -> bool:
        """Whether an opponent still to play to this trick might beat ``card``, supposing it
        is then winning: by a higher card of its suit, or by a ruff or an overruff."""
        led = self.led
        if led is None:
            return False
        for o in self.opps_after:
            higher = self.out_bits(card.suit) & ~_bits(self.elsewhere(o), card.suit) & _above(card.rank)
            if card.suit is led:
                if higher and not self.is_void(o, led):
                    return True
                if self.may_ruff(o, led):
                    return True
            elif self.may_be_void(o, led) and higher and not self.is_void(o, card.suit):
                return True
        return False


# ----- leading ----------------------------------------------------------------------


def _lone_master(r: Reading, suit: Suit) -> bool:
    """Whether my side suit ``suit`` is a master alone over small cards (an ace with small cards),
    four cards or fewer, in a suit nobody has led yet: a poorer lead than the long suit, not
    scored as a suit of masters. (Once chosen, the ace is still led: leading a small card
    instead lost in the arena, measured in docs/arena.md.)"""
    cards = r.my_cards(suit)
    return (suit is not r.trump and r.is_master(cards[0]) and len(r.top_group(suit)) == 1
            and len(cards) < 5 and not r.has_led(suit))


def _lead_from(r: Reading, suit: Suit) -> Card:
    """The card to lead from ``suit``: a master or the top of an honour sequence; the higher
    of a doubleton; the fourth best of four or more; else the lowest."""
    cards = r.my_cards(suit)
    group = r.top_group(suit)
    top = cards[0]
    if r.is_master(top) or (len(group) >= 2 and top.rank >= HONOUR) or (len(group) >= 3 and top.rank >= 10):
        return top
    if len(cards) == 2 and top.rank < HONOUR:
        return top
    if len(cards) >= 4:
        return cards[3]
    return cards[-1]


def _trump_lead(r: Reading, trump: Suit) -> Card:
    """The trump to lead: as from any suit (:func:`_lead_from`), but not a card every trump out
    beats while one of mine beats the lowest of them: with J-8-7-4-3 against Q-10-6, the four
    gave the six its trick and kept the queen and ten over the jack and eight (the solo fell one
    short); the seven makes the six fall or a higher trump take the trick. Only for a player
    alone (a solo, an abondance): with a partner, whose trumps are among those out, it did a
    little worse (classic whist, docs/arena.md)."""
    card = _lead_from(r, trump)
    out = r.out_bits(trump)
    if r.partners or not out or out & _below(card.rank):
        return card
    lowest_out = (out & -out).bit_length() + 1  # its rank: bit 0 is the two
    above = [c for c in r.my_cards(trump) if c.rank > lowest_out]
    return above[-1] if above else card


def _wants_trump_lead(r: Reading) -> bool:
    """Draw trumps with length: five trumps, or four with two honours, or four where the partner
    has told of four more or five (an emballage's acceptor: eight trumps together or more); or
    return partner's trump lead. Only while an opponent may still hold a trump."""
    trump = r.trump
    if trump is None or not r.mine(trump) or not r.opps_may_hold_trumps():
        return False
    mine = r.my_cards(trump)
    honours = sum(1 for c in mine if c.rank >= HONOUR)
    if len(mine) >= 5 or (len(mine) >= 4 and (honours >= 2 or len(mine) + r.partner_trumps >= 8)):
        return True
    return r.has_led(trump, r.partners)


def _drawing_master(r: Reading) -> Card | None:
    """The master trump to lead when my masters alone can draw every trump still out (those
    known to be with partners aside) and an opponent may hold one: each of them makes its
    trick whenever it is played, and led now they keep the others' trumps off my winners."""
    trump = r.trump
    if trump is None or not r.mine(trump) or not r.opps_may_hold_trumps():
        return None
    masters = [c for c in r.top_group(trump) if r.is_master(c)]
    out = (r.out_bits(trump) & ~_bits(r.partners_known(), trump)).bit_count()
    return masters[-1] if masters and out <= len(masters) else None


def _suit_score(r: Reading, suit: Suit) -> int:
    """How good a lead ``suit`` is: length, a master or an honour sequence on top; minus a
    lone honour that leading would give away, minus a known ruff by an opponent."""
    cards = r.my_cards(suit)
    group = r.top_group(suit)
    top = cards[0]
    score = 2 * len(cards)
    if _lone_master(r, suit):
        score += 1
    elif r.is_master(top):
        score += 3 + len(group)
    elif len(group) >= 2 and top.rank >= HONOUR:
        score += 3
    elif top.rank >= HONOUR and len(cards) <= 3:  # from four, the fourth best gives nothing away
        score -= 3
    if any(r.is_void(o, suit) and r.may_hold_trumps(o) for o in r.opponents):
        score -= 8
    if r.has_led(suit, r.partners):
        score += 2
    return score


def _lead(r: Reading, cards: Sequence[Card]) -> Card:
    """The opening card of a trick (see the module docstring for the order of the rules)."""
    trump = r.trump
    suits = [s for s in Suit if r.mine(s)]
    side = [s for s in suits if s is not trump] or suits
    # Draw trumps with length (or with nothing else to lead).
    if trump is not None and r.mine(trump) and (_wants_trump_lead(r) or side == [trump]):
        return _trump_lead(r, trump)
    # Draw the last trumps out with masters enough for all of them.
    drawing = _drawing_master(r)
    if drawing is not None:
        return drawing
    # Once the opponents cannot ruff, cash masters.
    if not r.opps_may_hold_trumps():
        masters = [s for s in side if r.is_master(r.my_cards(s)[0])]
        if masters:
            best = max(masters, key=lambda s: len(r.top_group(s)))
            return r.my_cards(best)[0]
    # Give partner a ruff in a suit he has shown out of.
    if trump is not None:
        for p in r.partners:
            if not r.may_hold_trumps(p):
                continue
            for s in side:
                if r.is_void(p, s) and s is not trump:
                    return r.my_cards(s)[-1]
    # Return partner's suit, unless an opponent will ruff it.
    for p in r.partners:
        for s in side:
            if r.has_led(s, (p,)) and s is not trump and not r.opps_may_ruff(s):
                mine = r.my_cards(s)
                return mine[0] if r.is_master(mine[0]) or len(mine) == 2 else mine[-1]
    # Lead from strength.
    best = max(side, key=lambda s: _suit_score(r, s))
    return _lead_from(r, best)


# ----- following --------------------------------------------------------------------


def _cheapest_sure(r: Reading, winners: Sequence[Card]) -> Card | None:
    """The lowest of ``winners`` (high to low) that no opponent still to play can beat."""
    for c in reversed(winners):
        if not r.may_be_beaten(c):
            return c
    return None


def _play_high(r: Reading, beaters: Sequence[Card]) -> Card:
    """Third hand high: the lowest of my equal top cards that still beats the trick."""
    win = r.win_card
    assert win is not None
    group = [c for c in r.top_group(beaters[0].suit) if c.suit is not win.suit or c.rank > win.rank]
    return group[-1] if group else beaters[0]


def _follow_suit(r: Reading, cards: Sequence[Card]) -> Card:
    """Play to a trick in the suit led (``cards`` high to low)."""
    win, win_seat = r.win_card, r.win_seat
    assert win is not None and win_seat is not None
    low = cards[-1]
    partner_wins = win_seat in r.partners
    beaters = [c for c in cards if c.suit is win.suit and c.rank > win.rank]
    if not beaters:
        return low
    if not r.opps_after:
        # Last to play (or only partners behind): win cheaply, or let partner's card win.
        return low if partner_wins else beaters[-1]
    if partner_wins:
        # Never overtake partner's card when it holds the trick or is an honour.
        if win.rank >= HONOUR or not r.may_be_beaten(win):
            return low
        sure = _cheapest_sure(r, beaters)
        return sure if sure is not None else _play_high(r, beaters)
    sure = _cheapest_sure(r, beaters)
    if len(r.trick) == 1:
        # Second hand low; but cover an honour, and win with two equal masters.
        if win.rank >= HONOUR:
            return sure if sure is not None else beaters[-1]
        if sure is not None and len([c for c in r.top_group(sure.suit) if r.is_master(c)]) >= 2:
            return sure
        if (sure is not None and r.is_master(sure) and win.suit is not r.trump
                and r.out_bits(win.suit).bit_count() <= SHORT_SUIT_OUT):
            return sure
        return low
    if sure is not None:
        return sure
    return _play_high(r, beaters)


def _void_in_led(r: Reading, cards: Sequence[Card]) -> Card:
    """Play to a trick when void in the suit led: ruff, overruff or discard."""
    trump = r.trump
    win, win_seat = r.win_card, r.win_seat
    assert win is not None and win_seat is not None
    trumps = [c for c in cards if c.suit is trump]
    others = [c for c in cards if c.suit is not trump]
    if not trumps:
        return _discard(r, cards)
    partner_wins = win_seat in r.partners
    if win.suit is trump:
        over = [c for c in trumps if c.rank > win.rank]
        if over and not partner_wins:
            return _ruff_with(r, over)
        return _discard(r, others) if others else trumps[-1]
    if others:
        if partner_wins and (not r.may_be_beaten(win) or (win.rank >= HONOUR and r.is_master(win))):
            return _discard(r, others)
        doubtful = (not partner_wins and any(p in r.partners for p in r.after)
                    and not r.is_master(win))
        if doubtful and len(r.my_cards(trumps[0].suit)) >= STRONG_TRUMPS:
            return _discard(r, others)
    return _ruff_with(r, trumps)


def _ruff_with(r: Reading, trumps: Sequence[Card]) -> Card:
    """Ruff low: the cheapest trump that cannot be overruffed, else the lowest. Not a master
    trump over a side suit, though, while I hold a lower trump: the master makes its trick
    whenever it is played, so the lowest ruffs (it may stand, or draw an opponent's higher
    trump) and the master is kept (to overruff a trump it stays the cheapest sure card)."""
    sure = _cheapest_sure(r, trumps)
    win = r.win_card
    if (sure is not None and sure is not trumps[-1] and r.is_master(sure)
            and win is not None and win.suit is not r.trump):
        return trumps[-1]
    return sure if sure is not None else trumps[-1]


def _discard(r: Reading, cards: Sequence[Card]) -> Card:
    """Throw the lowest card of the shortest, weakest suit: not a master, not the guard of an
    honour when a cheaper discard exists, and trumps last."""
    suits = sorted({c.suit for c in cards})
    side = [s for s in suits if s is not r.trump] or suits
    best: tuple[int, Suit] | None = None
    for s in side:
        mine = [c for c in cards if c.suit is s]
        cost = len(mine)
        low = mine[-1]
        if r.is_master(low):
            cost += 50
        else:
            for i, c in enumerate(mine[:-1]):
                guards = len(mine) - 1 - i
                if c.rank >= HONOUR and not r.is_master(c) and guards <= r.outstanding_above(c):
                    cost += 10
        if r.has_led(s, r.partners):
            cost += 2
        if best is None or cost < best[0]:
            best = (cost, s)
    assert best is not None
    return [c for c in cards if c.suit is best[1]][-1]


# ----- avoiding tricks (misère objectives) --------------------------------------------


def _take_needed(r: Reading, cards: Sequence[Card]) -> Card:
    """A piccolo declarer who still needs ``r.must_take`` tricks: win them with sure winners
    (masters, there is no trump), as early as it can, and otherwise duck as in a misère while
    keeping the masters it needs. It never overtakes a partner's card (a joint piccolo's other
    declarer needs his own trick), and wins with a card that is not a master only when it holds
    no master to win with later."""
    held = [c for s in Suit for c in r.my_cards(s) if r.is_master(c)]
    if not r.trick:
        masters = [c for c in cards if r.is_master(c)]
        if not masters:
            return _avoid(r, cards)
        return min(masters, key=lambda c: (r.mine(c.suit).bit_count(), -c.rank))
    win = r.win_card
    assert win is not None
    if cards[0].suit is r.led:
        if r.win_seat in r.partners:
            return _avoid(r, cards)
        sure = [c for c in cards if c.suit is win.suit and c.rank > win.rank
                and not r.may_be_beaten(c)]
        if sure and (r.is_master(sure[0]) or not held):
            return sure[0]  # the highest: the most dangerous card to keep
        return _avoid(r, cards)
    keep = set(sorted(held, key=lambda c: -c.rank)[:r.must_take])
    return _avoid(r, [c for c in cards if c not in keep] or cards)


def _duck(r: Reading, cards: Sequence[Card]) -> Card:
    """Take no trick: lead the card most likely to be beaten; follow with the highest card
    that loses (or, when every card wins, the highest if last, else the lowest); when void,
    throw the most dangerous high card."""
    if not r.trick:  # of the lowest card of each suit (``cards`` run high to low in each suit)
        lowest = {c.suit: c for c in cards}
        return min((lowest[s] for s in Suit if s in lowest),
                   key=lambda c: ((r.out_bits(c.suit) & _below(c.rank)).bit_count(), c.rank))
    win = r.win_card
    assert win is not None
    if cards[0].suit is r.led:
        losers = [c for c in cards if not (c.suit is win.suit and c.rank > win.rank)]
        if losers:
            return losers[0]
        return cards[0] if not r.after else cards[-1]
    safe = [c for c in cards if c.suit is not r.trump
            or (win.suit is r.trump and c.rank < win.rank)]
    pool = safe or list(cards)
    return max(pool, key=lambda c: (c.rank, -r.mine(c.suit).bit_count()))


def _avoid(r: Reading, cards: Sequence[Card]) -> Card:
    """Take no trick: a declarer sheds his dangerous cards (:func:`_shed`), anyone else ducks."""
    return _shed(r, cards) if r.declares else _duck(r, cards)


def _shed(r: Reading, cards: Sequence[Card]) -> Card:
    """A misère or piccolo declarer's play when it takes no trick, :func:`_duck` but:

    - Leading: a card no outstanding card of its suit goes under while one goes over loses
      for sure (whoever holds the suit must play over it), and so, nearly, does one with fewer
      cards out under it than seats to follow (:func:`_loses_led`); lead the highest such card,
      one danger fewer. Otherwise as :func:`_duck`, in a suit of which a card is still out above
      my lowest (a suit nobody else holds wins the trick).
    - Void in the suit led: throw the most dangerous card
      (:func:`~whist.bots.evaluate.most_dangerous`), not merely the highest.
    """
    if not r.trick:
        beaten = [c for c in cards if r.out_bits(c.suit) & _above(c.rank)
                  and not all(r.is_void(o, c.suit) for o in r.opponents)] or list(cards)
        sure = [c for c in beaten if _loses_led(r, c)]
        if sure:
            return max(sure, key=lambda c: (c.rank, misere_danger(r.hand, r.out, c)))
        return _duck(r, beaten)
    if cards[0].suit is r.led:
        return _duck(r, cards)
    return most_dangerous(cards, r.hand, r.out)


def _loses_led(r: Reading, card: Card) -> bool:
    """Whether ``card``, led by a declarer who takes no trick, loses: no outstanding card of its
    suit is under it; or fewer are than the seats that may still follow, so that one of them
    at least must play over it, with twice as many cards out over it as there are such seats
    (one of them void is unlikely). The five from five-two, with the four and the three out
    and eight spades over it, loses as surely as the two, and the two is kept to duck later."""
    under = (r.out_bits(card.suit) & _below(card.rank)).bit_count()
    if not under:
        return True
    over = (r.out_bits(card.suit) & _above(card.rank)).bit_count()
    follow = sum(1 for o in r.opponents if not r.is_void(o, card.suit))
    return under < follow and over >= 2 * follow


# ----- defending a misère ---------------------------------------------------------------


def _defend_misere(r: Reading, cards: Sequence[Card]) -> Card:
    """A defender of a misère, who wants a declarer (``r.against``) to win a trick, or of a
    piccolo, who wants its declarer to take his trick now (``r.short``) and then one more:

    - Leading (:func:`_lead_against`): a suit the declarer must follow, as low as it goes; while
      no declarer has all his tricks, into his probable winner (:func:`_lead_into_winner`).
    - A declarer still to play to the trick: keep the trick low, so that he may have to play
      over it: the highest card under the card winning the trick, else the lowest.
    - Every declarer has played (or cannot follow): leave the trick to a declarer who holds it
      (the highest card under his), also to a piccolo declarer who still needs his trick; once
      he is beaten, throw the highest card of the suit, keeping the low cards that can force him
      later.
    - Void in the suit led, or no declarer with all his tricks: duck (:func:`_duck`).
    """
    if not r.trick:
        return _lead_against(r, cards) if r.against else _lead_into_winner(r, cards)
    win = r.win_card
    assert win is not None
    led = r.led
    if led is None or cards[0].suit is not led or not r.against:
        return _duck(r, cards)
    under = [c for c in cards if c.rank < win.rank]
    if not any(d in r.after and not r.is_void(d, led) for d in r.against):
        if (r.win_seat in r.against or r.win_seat in r.short) and under:
            return under[0]  # his trick: a second one breaks his contract, or he needs it now
        return cards[0]
    return under[0] if under else cards[-1]


def _lead_against(r: Reading, cards: Sequence[Card]) -> Card:
    """Lead against a misère: a suit a declarer may still have to follow, never one he has
    shown out of (he would throw his worst card on it). With his hand spread, a card under all
    his cards of a suit forces him: the highest such card, keeping the lower ones for later.
    Otherwise the lowest card of a suit chosen by, in turn: the fewest other defenders (neither
    me nor a declarer) who may still follow it, since one void there throws a high card and can
    no longer be made to play over the declarer; the fewest cards of it in my hand; the fewest
    cards he may hold under my lowest, the fewest ways to duck; the lowest card."""
    declarers = r.against | r.short
    others = [s for s in Seat if s is not r.seat and s not in declarers]
    best: tuple[int, int, int, int, Card] | None = None
    for suit in Suit:
        mine = [c for c in cards if c.suit is suit]
        if not mine:
            continue
        low = mine[-1]
        follow = sum(1 for s in others
                     if not r.is_void(s, suit) and _bits(r.out & ~r.elsewhere(s), suit))
        for d in r.against:
            if r.is_void(d, suit):
                continue
            spread = r.hand_known(d)
            his = _bits(r.known[d] if spread else r.out & ~r.elsewhere(d), suit)
            if not his:
                continue
            ducks = (his & _below(low.rank)).bit_count()
            if spread and not ducks:
                floor = (his & -his).bit_length() + 1  # his lowest rank
                return next(c for c in mine if c.rank < floor)
            key = (follow, len(mine), ducks, low.rank, low)
            if best is None or key[:4] < best[:4]:
                best = key
    return best[4] if best is not None else _duck(r, cards)


def _lead_into_winner(r: Reading, cards: Sequence[Card]) -> Card:
    """Lead against a piccolo declarer who still needs a trick (``r.short``): make him take it
    now, with his sure winner, while he still holds the high cards he wants to be rid of before
    the defence forces him (he would shed them under ours, trick after trick). In a suit he has
    not shown out of whose highest card out is above all of mine, the master he is likeliest to
    have bid on, an ace first, then the suit I hold the fewest of (the more of it is out, the
    likelier he must follow): my highest card, keeping the low ones to force him later. With no
    such suit, duck."""
    best: tuple[int, int, Card] | None = None
    for suit in Suit:
        mine = [c for c in cards if c.suit is suit]
        if not mine:
            continue
        for d in r.short:
            his = _bits(r.out & ~r.elsewhere(d), suit)
            top = his.bit_length() + 1  # the highest rank he may hold (1: none)
            if r.is_void(d, suit) or top < mine[0].rank:
                continue
            if best is None or (-top, len(mine)) < best[:2]:
                best = (-top, len(mine), mine[0])
    return best[2] if best is not None else _duck(r, cards)
