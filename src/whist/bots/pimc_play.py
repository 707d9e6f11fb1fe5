"""Soft facts from the card play: what the others' cards say of their hands.

Every card another player chose so far (a lead, a card following suit, a discard or a ruff) was
chosen from the hand he held then. In a sampled deal that hand is known (his cards now and those he
has played since), so the sample can be asked: would the heuristic player, the model of how
people play (:mod:`whist.bots.heuristic`: club leads from strength, top of a sequence, fourth
best, second hand low, third hand high, discards from the weakest suit), have chosen that card
from it? A sample where he would have is more likely than one where he would have chosen another.
:func:`play_likelihood` gives each sample a weight: 1, times :data:`MISS_CARD` for each card where
the model chose another card of the same suit, and :data:`MISS_SUIT` where it chose another suit.
The weights are soft: people and the other computer players do not play like the model on every
card, and a deal where they did not is not impossible, only less likely.

The seats whose cards the viewer sees (his own, a spread hand) are not read; a choice the seat did
not have (one legal card) says nothing and is skipped.

``PimcBot(read_cards=True)`` weighs its samples so; it is off by default, no gain having been
measured (docs/pimc.md, ``bench/pimc_play_paired.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import permutations

from whist.bots import AnyView
from whist.bots.colour import colour_aims
from whist.bots.heuristic import Reading, classic_aims, play_card
from whist.cards import ALL_CARDS_MASK, CARDS, Card, Seat, Suit, cards_of, mask_of
from whist.couleur import ColourView, spread_after, surprise_trou
from whist.engine import View, legal_cards, trick_winner

__all__ = ["MISS_CARD", "MISS_SUIT", "PlayLikelihood", "play_likelihood"]

MISS_CARD = 0.5
"""The weight of a sample for each card the others played where the model would have played
another card of the same suit from the sampled hand."""

MISS_SUIT = 0.25
"""The same where the model would have played a card of another suit (a lead or a discard)."""


@dataclass(frozen=True, slots=True)
class _Choice:
    """One card another player chose: the reading of his seat then, with his hand left to fill;
    ``later`` the cards he has played since (his hand then is his sampled hand and those)."""

    seat: Seat
    card: Card
    reading: Reading
    later: int
    led: Suit | None
    """The suit he had to follow, or ``None``: a lead, any card."""


def _public(view: AnyView) -> dict[Seat, list[Card]]:
    """Cards every player has seen in a hand from the start of the play (besides the turned trump
    card of classic whist, seen until it is played, and the spread hands, seen from trick 2 in
    couleur): the honours shown at eight in classic whist; the trou partner's shown card."""
    out: dict[Seat, list[Card]] = {}
    if isinstance(view, ColourView):
        if view.shown_card is not None and view.trou is not None and view.trou[1] is not None:
            out.setdefault(view.trou[1], []).append(view.shown_card)
    else:
        for s, cs in view.shown:
            out.setdefault(s, []).extend(cs)
    return out


def _surprise_ace(view: AnyView, played: list[tuple[Seat, Card]]) -> int | None:
    """With trou surprise, the index in ``played`` of the fourth ace (the trou's trump and its
    partner known from that card on; ``len(played)``: not played yet); else ``None``."""
    if not isinstance(view, ColourView) or view.contract is None or view.contract.kind != "trou":
        return None
    if not surprise_trou(view.rules, view.four_aces):
        return None
    if view.trump is None:  # (the fourth ace not played yet)
        return len(played)
    ace = CARDS[13 * view.trump + 12]
    return next((i for i, (_, c) in enumerate(played) if c is ace), len(played))


def _readings(view: AnyView) -> list[_Choice]:
    """The others' choices in ``view`` (cards played by hidden seats), each with the reading of
    its seat at the time."""
    me = view.seat
    assert me is not None
    played = view.played_cards()
    spread = dict(view.spread) if isinstance(view, ColourView) else {}
    # a spread hand is seen from the card ``spread_from`` on (RULES.md §5.6); it held then the
    # cards it has played since
    spread_from = 4 * spread_after(view.rules) if isinstance(view, ColourView) else 0
    public = _public(view)
    trump = view.trump
    hidden_until = _surprise_ace(view, played)
    out: list[_Choice] = []
    won = [0, 0, 0, 0]
    for i, (s, c) in enumerate(played):
        start = i - i % 4
        trick = played[start:i]
        if i % 4 == 0 and i:
            prev = played[i - 4:i]
            # (with trou surprise, no trump in the tricks complete before the fourth ace fell)
            no_trump_yet = hidden_until is not None and hidden_until >= i
            won[trick_winner([x for _, x in prev], prev[0][0], None if no_trump_yet else trump)] += 1
        if s is me or s in spread:
            continue
        later = 0
        for t, x in played[i:]:
            if t is s:
                later |= x.bit
        trump_then = trump
        if isinstance(view, ColourView):
            then = replace(view, seat=s, tricks_won=(won[0], won[1], won[2], won[3]))
            if hidden_until is not None and hidden_until >= i:
                # trou surprise before the fourth ace fell: no trump yet, and the partner known
                # to nobody but himself (RULES.md §5.3, D23)
                trump_then = None
                caller, mate = then.trou or (s, None)
                if s is not mate:
                    then = replace(then, trou=(caller, None), declarers=(caller,))
            aims = colour_aims(then)
        else:
            aims = classic_aims(s)
        seen = {t: cs for t, cs in public.items() if t is not s}
        if i >= spread_from:
            for t, cs in spread.items():
                if t is not s:
                    seen[t] = [*seen.get(t, ()), *cs, *(x for u, x in played[i:] if u is t)]
        if isinstance(view, View) and view.trump_card is not None and s is not view.dealer and (
                view.dealer_holds_trump_card
                or any(t is view.dealer and x == view.trump_card for t, x in played[i:])):
            seen[view.dealer] = [*seen.get(view.dealer, ()), view.trump_card]
        r = Reading(s, aims, (), trump_then, played[:i], trick, seen)
        out.append(_Choice(s, c, r, later, trick[0][1].suit if trick else None))
    return out


class PlayLikelihood:
    """The weight of a sampled deal (the four hands now) from the others' cards played so far:
    call it with the hands. A seat's cards say something of its hand alone, so each seat's factor
    is kept for each hand of it met; :attr:`reads` counts the cards read (the work done).

    After the petite-misère discards (``unseen``: the cards neither played nor this seat's
    discard), each other seat knew its own discard, which the sampled deal does not tell: the
    cards the hands leave are the others' discards, and each way of giving them out is as likely,
    so the weight is the mean over those ways."""

    def __init__(self, choices: list[_Choice], trump: Suit | None = None, must_trump: bool = False,
                 unseen: int | None = None) -> None:
        self._choices: dict[Seat, list[_Choice]] = {}
        for ch in choices:
            self._choices.setdefault(ch.seat, []).append(ch)
        self._known: dict[Seat, dict[tuple[int, int], float]] = {s: {} for s in self._choices}
        self.choices = len(choices)
        """The others' cards to read (the readings built)."""
        self._trump, self._must_trump, self._unseen = trump, must_trump, unseen
        self.reads = 0

    def factor(self, seat: Seat, now: int, gone: int = 0) -> float:
        """What ``seat``'s cards say of its hand ``now`` (and its discard ``gone``): 1 times
        :data:`MISS_CARD` or :data:`MISS_SUIT` for each card the model would not have played."""
        known = self._known.get(seat)
        if known is None:
            return 1.0
        w = known.get((now, gone))
        if w is not None:
            return w
        w = 1.0
        for ch in self._choices[seat]:
            hand = now | ch.later
            legal = legal_cards(hand, ch.led, self._trump, self._must_trump)
            if len(legal) < 2:
                continue
            self.reads += 1
            chosen = play_card(ch.reading.with_hand(hand, gone), legal)
            if chosen is not ch.card:
                w *= MISS_CARD if chosen.suit is ch.card.suit else MISS_SUIT
        known[(now, gone)] = w
        return w

    def __call__(self, hands: tuple[int, int, int, int]) -> float:
        if self._unseen is None:
            w = 1.0
            for seat in self._known:
                w *= self.factor(seat, hands[seat], 0)
            return w
        discards = cards_of(self._unseen & ~(hands[0] | hands[1] | hands[2] | hands[3]))
        seats = list(self._known)
        total, ways = 0.0, 0
        for given in permutations(discards, len(seats)):
            w = 1.0
            for seat, x in zip(seats, given, strict=True):
                w *= self.factor(seat, hands[seat], x.bit)
            total += w
            ways += 1
        return total / ways if ways else 1.0


def play_likelihood(view: AnyView) -> PlayLikelihood | None:
    """The weight of sampled deals from the others' cards played so far (module docstring), or
    ``None`` when no card of theirs is to be read."""
    if isinstance(view, ColourView) and view.trou is not None and view.trou[1] is None:
        return None  # a trou partner hidden from this seat: whom each plays with is not known
    choices = _readings(view)
    if not choices:
        return None
    if isinstance(view, ColourView):
        unseen = None
        if view.discard is not None:  # the petite misère: every player discarded (RULES.md §5.6)
            unseen = ALL_CARDS_MASK & ~mask_of(c for _, c in view.played_cards()) & ~view.discard.bit
        return PlayLikelihood(choices, unseen=unseen)
    return PlayLikelihood(choices, view.trump, view.rules.must_trump)
