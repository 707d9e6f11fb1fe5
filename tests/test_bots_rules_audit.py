"""Rules of thumb of the heuristic players (src/whist/bots/heuristic.py's module docstring,
colour.py's) that no other test pinned down: a mutation audit found that each rule below could be
removed or turned around with every other bot test still passing.

Each test sets one seat's position by hand: its hand, the tricks played so far and the trick on
the table, and asks :func:`~whist.bots.heuristic.play_card` (or the colour-whist caller) for the
one decision the rule makes. A trick is written ``"W: AD 3D 2H 2D"``: its leader, then the cards
in the order of play, clockwise from him.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from whist.auction import parse_call
from whist.bots.colour import colour_heuristic_bot
from whist.bots.heuristic import Reading, classic_aims, play_card
from whist.cards import Card, Seat, Suit, mask_of, parse_card, parse_cards, parse_deal, parse_seat
from whist.couleur import ColourDeal
from whist.engine import legal_cards
from whist.rules import preset, with_options


def seat_cards(trick: str) -> list[tuple[Seat, Card]]:
    """The cards of one trick, ``"W: AD 3D 2H 2D"``, with the seat that played each."""
    leader, cards = trick.split(":")
    seat = parse_seat(leader.strip())
    played: list[tuple[Seat, Card]] = []
    for card in parse_cards(cards.strip()):
        played.append((seat, card))
        seat = seat.left
    return played


def decide(seat: Seat, hand: str, trump: Suit | None, before: Sequence[str] = (),
           trick: str = "") -> str:
    """The card ``seat`` plays in classic whist (his partner opposite, every trick wanted) from
    ``hand`` (cards separated by spaces) after the complete tricks ``before``, with ``trick`` on
    the table (empty: ``seat`` leads)."""
    table = seat_cards(trick) if trick else []
    played = [p for t in before for p in seat_cards(t)] + table
    held = parse_cards(hand)
    assert not set(held) & {c for _, c in played}, "a card both held and played"
    if table:
        assert table[-1][0].left is seat, "not this seat's turn"
    led = table[0][1].suit if table else None
    reading = Reading(seat, classic_aims(seat), held, trump, played, table)
    return play_card(reading, legal_cards(mask_of(held), led)).text


def test_cards_parse_as_the_tests_write_them() -> None:
    """The helper itself: a trick's cards go clockwise from its leader."""
    assert seat_cards("W: AD 3D 2H") == [
        (Seat.W, parse_card("AD")), (Seat.N, parse_card("3D")), (Seat.E, parse_card("2H"))]


class TestTrumpLeads:
    """Draw trumps with length (five, or four with two honours), or return partner's trump lead;
    only while an opponent may still hold a trump, after which the masters are cashed."""

    def test_returns_partners_trump_lead(self) -> None:
        # Spades trump. North led a trump and South won it with the ace; with two trumps left,
        # far from length, South returns the suit (the top of his doubleton), not the KH of his
        # K-Q sequence.
        card = decide(Seat.S, "9S 8S KH QH 7H 4H 8D 6D 3D JC 9C 5C", Suit.SPADES,
                      ["N: 4S 7S AS 2S"])
        assert card == "9S"

    def test_four_trumps_with_two_honours_are_drawn(self) -> None:
        # Spades trump, South to lead the first trick with K-J-7-3 of trumps: two honours in
        # four, so he draws trumps (the fourth best), though A-K of hearts is a suit of masters.
        card = decide(Seat.S, "KS JS 7S 3S AH KH 5H 8D 6D 3D 9C 5C 2C", Suit.SPADES)
        assert card == "3S"

    def test_once_trumps_are_drawn_the_master_is_cashed(self) -> None:
        # Spades trump. South's ace of spades drew East's and West's last trumps (both showed
        # out): he does not lead a fifth trump, nor his long clubs, but cashes the ace of hearts.
        card = decide(Seat.S, "KS QS JS 9S 8S AH 2H 9C 8C 7C 6C 5C", Suit.SPADES,
                      ["S: AS 3H 2S 4D"])
        assert card == "AH"


class TestReturningPartnersSuit:
    """Return partner's suit, unless an opponent will ruff it."""

    def test_returns_partners_suit(self) -> None:
        # Spades trump. North led hearts and South won with the ace, then won a diamond: he
        # returns a heart (the higher of his doubleton), not the KC of his club sequence.
        card = decide(Seat.S, "QS 5S 8H 2H KC QC JC 4C 9D 6D 3D", Suit.SPADES,
                      ["N: 3H 5H AH 9H", "S: AD 2D 4D 7D"])
        assert card == "8H"

    def test_does_not_return_partners_suit_into_a_ruff(self) -> None:
        # As above, but East ruffed the first heart (he has shown out of hearts and may hold
        # more trumps): South leads the top of his club sequence instead.
        card = decide(Seat.S, "QS 5S 8H 2H KC QC JC 4C 9D 6D 3D", Suit.SPADES,
                      ["N: 3H 2S AH 9H", "E: 4D AD 7D 2D"])
        assert card == "KC"


class TestFollowingSuit:
    """Second hand low, but cover an honour and take the trick with two equal masters; third
    hand high unless partner's card is an honour."""

    def test_second_hand_covers_a_jack(self) -> None:
        # Spades trump. East leads the jack of hearts; South covers with his queen (the jack is
        # an honour, as the queen of the older test is), not the four.
        card = decide(Seat.S, "QS 5S QH 7H 4H KD 8D 6D 3D JC 9C 5C 2C", Suit.SPADES,
                      trick="E: JH")
        assert card == "QH"

    def test_second_hand_wins_with_two_equal_masters(self) -> None:
        # East leads a low heart; South holds A-K-3: the king wins for sure and the ace stays
        # master, so second hand does not play low.
        card = decide(Seat.S, "QS 5S AH KH 3H KD 8D 6D 3D JC 9C 5C 2C", Suit.SPADES,
                      trick="E: 5H")
        assert card == "KH"

    def test_third_hand_does_not_overtake_partners_honour(self) -> None:
        # North leads the jack of hearts, East plays low. West may still hold the king or the
        # queen, so the jack may be beaten; but it is an honour, so South keeps his ace.
        card = decide(Seat.S, "QS 5S AH 7H 4H KD 8D 6D 3D JC 9C 5C 2C", Suit.SPADES,
                      trick="N: JH 3H")
        assert card == "4H"


class TestRuffing:
    """Void in the suit led: never overruff partner."""

    def test_does_not_overruff_partner(self) -> None:
        # Spades trump. West leads a diamond, North ruffs with the seven, East follows: South,
        # void in diamonds, holds the jack and the eight over North's seven, but the trick is
        # his side's, so he throws a card (the lowest of his shortest side suit).
        card = decide(Seat.S, "JS 8S 3S KH 7H 4H 2H AC QC 9C 6C 5C 2C", Suit.SPADES,
                      trick="W: 5D 7S 9D")
        assert card == "2H"


def test_in_the_queens_game_everyone_avoids_tricks() -> None:
    """RULES.md §5.8, ``all_pass=dames``: when all pass the deal is played each for himself at no
    trump, and a queen taken costs its winner. North, eldest, holds A-K-Q-2 of spades: he leads
    the two, the card likeliest to be beaten, not the ace a trick-taker would cash."""
    rules = with_options(preset("couleur"), {"all_pass": "dames"})
    d = ColourDeal.new(rules, Seat.W, parse_deal(
        "N:AKQ2.AK2.532.432 JT98.QJT9.KQJ.KQ 7654.8765.T98.JT 3.43.A764.A98765"))
    for _ in range(4):
        d = d.apply(parse_call("pass"), d.to_act)
    assert d.to_act is Seat.N
    view = d.view(Seat.N)
    assert view.contract is not None and view.contract.kind == "dames"
    assert colour_heuristic_bot(view, random.Random(0)) == parse_card("2S")
