"""Hand evaluation for bidding: expected tricks with a trump suit, and fitness for misères; and
which card of a misère hand is the most dangerous (the petite-misère discard, the declarer's play).

These are rules of thumb, not search: the strong player (a later issue) bids by simulation.

>>> from whist.cards import parse_hand
>>> round(trick_estimate(parse_hand("AKQJT9.AK.A2.432"), Suit.SPADES), 1)
9.0
>>> misere_flaws(parse_hand("2.32.5432.65432")), misere_flaws(parse_hand("A2.32.5432.6543"))
(0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from whist.cards import SUIT_CARDS, SUIT_MASK, Card, Suit


def _ranks(hand: int, suit: Suit) -> list[int]:
    """Ranks held in ``suit``, high to low."""
    return [c.rank for c in SUIT_CARDS[suit][(hand >> (13 * suit)) & SUIT_MASK]]


def side_tricks(ranks: list[int]) -> float:
    """Tricks a side suit is worth: aces, kings guarded or with the ace, queens behind A or K."""
    n = len(ranks)
    held = set(ranks)
    t = 0.0
    if 14 in held:
        t += 1
    if 13 in held:
        t += 1 if 14 in held else (0.5 if n >= 2 else 0.1)
    if 12 in held and n >= 3:
        t += 1 if {14, 13} <= held else (0.4 if held & {14, 13} else 0.2)
    return min(t, float(n))


def trump_tricks(ranks: list[int]) -> float:
    """Tricks a trump suit is worth: its top cards plus its length past three."""
    n = len(ranks)
    held = set(ranks)
    t = 0.0
    for rank, need in ((14, 1), (13, 2), (12, 3), (11, 4)):
        if rank in held and n >= need:
            t += 1 if rank == 14 or rank + 1 in held else 0.6
    return min(float(n), t + max(0, n - 3))


@lru_cache(maxsize=4096)
def trick_estimate(hand: int, trump: Suit | None) -> float:
    """Tricks the hand should take with ``trump`` as trump (``None``: no trump), playing alone.
    Remembered for the last few thousand hands: a call weighs the same hands many times."""
    total = 0.0
    trumps = len(_ranks(hand, trump)) if trump is not None else 0
    for suit in Suit:
        r = _ranks(hand, suit)
        if suit is trump:
            total += trump_tricks(r)
        else:
            total += side_tricks(r)
            if trump is not None and trumps >= 3 and len(r) <= 1:
                total += (2 - len(r)) * 0.5  # ruffing values of a void or a singleton
    return total


def best_trump(hand: int) -> tuple[Suit, float]:
    """The suit that makes the most tricks as trump, and that estimate."""
    return max(((s, trick_estimate(hand, s)) for s in Suit), key=lambda x: (x[1], -x[0]))


def _duck_flaws(low_to_high: list[int], slack: int) -> int:
    """How many of one suit's ranks (low to high) are too high to be sure of ducking: the i-th
    lowest (from 0) should be at most ``4 + 2*i + slack``."""
    return sum(1 for i, rank in enumerate(low_to_high) if rank > 4 + 2 * i + slack)


def misere_flaws(hand: int, slack: int = 0) -> int:
    """How many cards of the hand are too high to be sure of ducking: in each suit the i-th lowest
    card (from 0) should be at most ``4 + 2*i + slack``."""
    return sum(_duck_flaws(sorted(_ranks(hand, suit)), slack) for suit in Suit)


def low_flaws(hand: int, slack: int = 0) -> int:
    """The most cards too high to duck (:func:`misere_flaws`' measure) among the two lowest of a
    suit of the hand: 2 where a suit's two lowest cards lie above the others' small ones (Q J T 9
    8 7 6 of hearts, or 8 7), which every lead of the suit's small cards forces again, unlike two
    top cards over a small one (A K 2), which the hand throws or discards."""
    return max(_duck_flaws(sorted(_ranks(hand, suit))[:2], slack) for suit in Suit)


def sure_winners(ranks: list[int]) -> int:
    """Tricks a suit (ranks high to low) wins for sure without trumps: its unbroken run of top
    cards from the ace (A, A K, A K Q …)."""
    n = 0
    while n < len(ranks) and ranks[n] == 14 - n:
        n += 1
    return n


def exact_flaws(hand: int, tricks: int, slack: int = 0) -> int:
    """How far the hand is from taking exactly ``tricks`` tricks without trumps (piccolo,
    piccolissimo): the difference between its sure winners and ``tricks``, plus the cards below
    the winners that are too high to duck (:func:`misere_flaws`' measure). 0 for a hand whose
    only tricks are ``tricks`` sure winners.

    >>> from whist.cards import parse_hand
    >>> [exact_flaws(parse_hand(h), 1) for h in ("A2.432.5432.6432", "AK.432.5432.643", "A9.32.5432.6543")]
    [0, 1, 1]
    """
    winners = 0
    flaws = 0
    for suit in Suit:
        ranks = _ranks(hand, suit)
        top = sure_winners(ranks)
        winners += top
        flaws += _duck_flaws(sorted(ranks[top:]), slack)
    return abs(winners - tricks) + flaws


def misere_danger(hand: int, out: int, card: Card) -> int:
    """How likely ``card`` of ``hand`` (a misère or piccolo declarer's) is to be forced to win a
    trick, ``out`` being the cards still outstanding: the outstanding cards of its suit under it
    (the defenders lead them to force it) less the hand's cards under it (each ducks one such
    lead). An ace over three low cards is less of a danger than a bare queen."""
    below = ((1 << (card.rank - 2)) - 1) << (13 * card.suit)
    return (out & below).bit_count() - (hand & below).bit_count()


def most_dangerous(cards: Iterable[Card], hand: int, out: int, higher: bool = True) -> Card:
    """Of ``cards`` (in ``hand``, with ``out`` outstanding), the one a misère or piccolo declarer
    most wants to be rid of: the most dangerous (:func:`misere_danger`), of equals the higher, or
    with ``higher`` off the lower. Before the play (the petite-misère discard) every card not in
    the hand is out, and a card's danger is its rank less twice the hand's cards under it in its
    suit: the queen over two low clubs is as dangerous as the ten or the eight of diamonds.

    >>> from whist.cards import ALL_CARDS_MASK, cards_of, parse_hand
    >>> hand = parse_hand("5432.5432.T8.Q32")
    >>> out = ALL_CARDS_MASK & ~hand
    >>> most_dangerous(cards_of(hand), hand, out).text, most_dangerous(cards_of(hand), hand, out, False).text
    ('QC', '8D')
    """
    sign = 1 if higher else -1
    return max(cards, key=lambda c: (misere_danger(hand, out, c), sign * c.rank))
