"""Classic, short and simple whist, rule by rule (RULES.md §1–4): the deal and the play here, the
scoring in test_rules_classic_scoring.py.

One test class per rule area; each class docstring cites the section or decision it checks,
and each test name says the rule in words. Exact situations are set up with hand-written PBN
deals (:func:`whist.cards.parse_deal`) and ``ClassicDeal.new``; games and rubbers run through
:class:`whist.match.Match`.

The deals used below (trumps are spades in all of them):

``MIXED`` (dealer W, turned ``TS``): honours N ``AS KS``, E ``QS JS``: two each.
``HON3``  (dealer W, turned ``TS``): honours N ``AS``, E ``KS QS JS``: East holds three.
``ASKER`` (dealer N, turned ``2S``): honours N ``AS KS``, S ``JS``: North–South hold three.
``TEN_THREE`` (dealer S, turned ``2S``): N has the 13 hearts, E ``AS KS QS`` and ten clubs,
S ten spades ``JS``–``2S`` and ``AD KD QD``, W ten diamonds and ``4C 3C 2C``. Played by
``TEN_THREE_PLAY`` South wins ten tricks and East three (his three honours).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from whist.actions import IllegalAction, NotYourTurn
from whist.cards import SEATS, Card, Deal, Seat, Side, Suit, cards_of, parse_card, parse_cards, parse_deal
from whist.engine import ClassicDeal, trick_winner
from whist.match import Match
from whist.rules import Rules, preset, with_options

CLASSIC = preset("classic")
SHORT = preset("short")
SIMPLE = preset("simple")
NO_CALLS = with_options(CLASSIC, {"call_at_eight": "off"})

MIXED = "N:AK32.AKQ.5432.32 QJ54.432.AKQ.AKQ 9876.JT98.JT9.JT T.765.876.987654"
MIXED_PLAY = (
    "AS 4S 6S TS  KS 5S 7S 4C  AH 2H 8H 5H  KH 3H 9H 6H  QH 4H TH 7H  2D AD 9D 6D  AC TC 5C 2C"
    "  KC JC 6C 3C  QC 8S 7C 3D  JH 8C 3S QS  KD JD 8D 4D  QD TD 7D 5D  JS 9S 9C 2S"
)
HON3 = "N:A532.AKQ.5432.32 KQJ4.432.AKQ.AKQ 9876.JT98.JT9.JT T.765.876.987654"
ASKER = "N:AK32.AKQ.5432.32 Q954.432.AKQ.AKQ J876.JT98.JT9.JT T.765.876.987654"
TEN_THREE = "N:.AKQJT98765432.. AKQ...AKQJT98765 JT98765432..AKQ. ..JT98765432.432"
TEN_THREE_PLAY = (
    "JD 2H AS AD  KS 2S 2C 3H  QS 3S 3C 4H  AC 4S 4C 5H  KD TD 6H 5C  QD 9D 7H 6C  JS 8D 8H 7C"
    "  TS 7D 9H 8C  9S 6D TH 9C  8S 5D JH TC  7S 4D QH JC  6S 3D KH QC  5S 2D AH KC"
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def mixed(rules: Rules = CLASSIC, start: tuple[int, int] = (0, 0)) -> ClassicDeal:
    return ClassicDeal.new(rules, Seat.W, parse_deal(MIXED), parse_card("TS"), start)


def hon3(rules: Rules = CLASSIC, start: tuple[int, int] = (0, 0)) -> ClassicDeal:
    return ClassicDeal.new(rules, Seat.W, parse_deal(HON3), parse_card("TS"), start)


def asker(rules: Rules = CLASSIC, start: tuple[int, int] = (0, 0)) -> ClassicDeal:
    return ClassicDeal.new(rules, Seat.N, parse_deal(ASKER), parse_card("2S"), start)


def ten_three(rules: Rules = CLASSIC, start: tuple[int, int] = (0, 0)) -> ClassicDeal:
    return ClassicDeal.new(rules, Seat.S, parse_deal(TEN_THREE), parse_card("2S"), start)


def play(deal: ClassicDeal, script: str) -> ClassicDeal:
    """Apply each whitespace-separated action of ``script`` (cards, ``ask``, ``yes``, ``no``)."""
    for text in script.split():
        deal = deal.apply(text)
    return deal


def play_first(deal: ClassicDeal) -> ClassicDeal:
    """Play to the end, every seat taking its first legal action."""
    while deal.to_act is not None:
        deal = deal.apply(deal.legal_actions()[0])
    return deal


def sweep(dealer: Seat, winners: Side) -> tuple[Deal, Card]:
    """Hands (and the turned card, ``2S``) in which ``winners`` take all 13 tricks and hold the
    four honours when every seat plays its first legal card.

    If the dealer is on the winning side he holds the 13 spades (a forced grand slam).
    Otherwise his left-hand opponent holds ``AS``–``3S`` and ``AH``, the dealer ``2S`` and
    ``KH``–``2H``, and the other two seats all the diamonds and all the clubs.
    """
    hands = [0, 0, 0, 0]
    if dealer.side is winners:
        hands[dealer] = Suit.SPADES.mask
        hands[dealer.left] = Suit.HEARTS.mask
        hands[dealer.partner] = Suit.DIAMONDS.mask
        hands[dealer.right] = Suit.CLUBS.mask
    else:
        ace_h = parse_card("AH").bit
        two_s = parse_card("2S").bit
        hands[dealer.left] = (Suit.SPADES.mask & ~two_s) | ace_h
        hands[dealer] = (Suit.HEARTS.mask & ~ace_h) | two_s
        hands[dealer.partner] = Suit.DIAMONDS.mask
        hands[dealer.right] = Suit.CLUBS.mask
    return (hands[0], hands[1], hands[2], hands[3]), parse_card("2S")


def finish_deal(m: Match) -> Match:
    while m.current is not None:
        m = m.apply(m.legal_actions()[0])
    return m


def play_sweeps(m: Match, *winners: Side) -> Match:
    """Deal and play one sweep per entry of ``winners``, the dealer passing left as the match says."""
    for side in winners:
        m = finish_deal(m.deal_hands(*sweep(m.dealer, side)))
    return m


class UnshuffledRandom(random.Random):
    """A generator whose shuffle leaves the deck in order (2S 3S … AS 2H … AC)."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        return None


# ----------------------------------------------------------------------------------------------
class TestDeal:
    """RULES.md §2 Deal (issue #2 item 3): a seeded shuffle; dealt one card at a time clockwise from
    the dealer's left; the dealer's last (13th) card is turned and its suit is trump; eldest hand
    (the dealer's left) leads the first trick."""

    def test_same_seed_gives_same_deal(self) -> None:
        a = ClassicDeal.shuffled(CLASSIC, Seat.N, random.Random(42))
        b = ClassicDeal.shuffled(CLASSIC, Seat.N, random.Random(42))
        c = ClassicDeal.shuffled(CLASSIC, Seat.N, random.Random(43))
        assert a.dealt == b.dealt and a.trump_card is b.trump_card
        assert a.dealt != c.dealt

    @pytest.mark.parametrize("dealer", SEATS)
    def test_one_card_at_a_time_clockwise_from_the_dealers_left(self, dealer: Seat) -> None:
        d = ClassicDeal.shuffled(CLASSIC, dealer, UnshuffledRandom(0))
        deck = cards_of((1 << 52) - 1)
        deck.sort(key=lambda c: c.index)  # the unshuffled deck: 2S, 3S, … AS, 2H, … AC
        for i, c in enumerate(deck):
            receiver = SEATS[(dealer + 1 + i) % 4]
            assert d.dealt[receiver] & c.bit, f"card {i} ({c}) should go to {receiver.name}"
        assert d.trump_card is parse_card("AC")  # the 52nd card, the dealer's 13th

    @pytest.mark.parametrize("seed", range(20))
    def test_thirteen_cards_each_and_the_turned_card_is_the_dealers_and_trump(self, seed: int) -> None:
        dealer = SEATS[seed % 4]
        d = ClassicDeal.shuffled(CLASSIC, dealer, random.Random(seed))
        assert [h.bit_count() for h in d.dealt] == [13, 13, 13, 13]
        assert d.dealt[0] | d.dealt[1] | d.dealt[2] | d.dealt[3] == (1 << 52) - 1
        assert d.dealt[dealer] & d.trump_card.bit
        assert d.trump is d.trump_card.suit
        assert d.view(Seat.N).trump is d.trump_card.suit

    @pytest.mark.parametrize("dealer", SEATS)
    def test_eldest_hand_leads_the_first_trick(self, dealer: Seat) -> None:
        d = ClassicDeal.shuffled(CLASSIC, dealer, random.Random(dealer))
        assert d.to_act is dealer.left
        assert d.leader is dealer.left

    def test_a_set_deal_must_be_a_whole_deck_with_the_turned_card_in_the_dealers_hand(self) -> None:
        hands = parse_deal(MIXED)
        with pytest.raises(IllegalAction, match="not in the dealer's hand"):
            ClassicDeal.new(CLASSIC, Seat.N, hands, parse_card("TS"))
        with pytest.raises(IllegalAction, match="13 cards"):
            ClassicDeal.new(CLASSIC, Seat.W, (hands[0], hands[1], hands[2], 0), parse_card("TS"))


class TestTurnedCard:
    """RULES.md §2 Deal: the turned card belongs to the dealer; every seat sees it until he plays to
    the first trick; after that every seat still knows he held it until he plays it
    (view fields ``trump_card_face_up`` and ``dealer_holds_trump_card``)."""

    def test_face_up_in_every_view_until_the_dealer_plays_to_trick_one(self) -> None:
        d = ten_three()  # dealer S; W leads
        for n, text in enumerate(["JD", "2H", "AS", "AD"]):
            for seat in (*SEATS, None):
                v = d.view(seat)
                assert v.trump_card_face_up, (n, seat)
                assert v.trump_card is parse_card("2S")
                assert parse_card("2S") in v.visible_cards()
            d = d.apply(text)  # the dealer plays to trick 1 (not the turned card)
        for seat in (*SEATS, None):
            v = d.view(seat)
            assert not v.trump_card_face_up
            assert v.dealer_holds_trump_card
            assert v.trump_card is parse_card("2S")

    def test_every_seat_knows_the_dealer_holds_it_until_he_plays_it(self) -> None:
        d = play(ten_three(), "JD 2H AS AD KS")
        assert all(d.view(s).dealer_holds_trump_card for s in SEATS)
        d = d.apply("2S")
        assert not any(d.view(s).dealer_holds_trump_card for s in (*SEATS, None))

    def test_dealer_playing_the_turned_card_to_trick_one(self) -> None:
        d = play(mixed(), "AS 4S 6S")  # dealer W holds only TS, the turned card
        assert d.view(Seat.N).trump_card_face_up
        d = d.apply("TS")
        assert not d.view(Seat.N).trump_card_face_up
        assert not d.view(Seat.N).dealer_holds_trump_card

    def test_the_turned_card_is_the_only_card_of_another_hand_a_seat_sees(self) -> None:
        d = ten_three()
        for seat in (Seat.N, Seat.E, Seat.W):
            others = d.dealt[Seat.S]
            seen = {c for c in d.view(seat).visible_cards() if c.bit & others}
            assert seen == {parse_card("2S")}


class TestWhatASeatKnows:
    """RULES.md §1 What a seat knows: its own hand, every call and card played (by whom), tricks won,
    the score, the cards the rules show; not another seat's hand. A spectator sees no hand."""

    def test_own_hand_only(self) -> None:
        d = mixed(start=(3, 4))
        for seat in SEATS:
            v = d.view(seat)
            assert v.hand == tuple(cards_of(d.dealt[seat]))
            assert v.score == (3, 4)
            assert v.seat is seat

    def test_spectator_sees_no_hand_and_no_legal_actions(self) -> None:
        v = mixed().view(None)
        assert v.hand == ()
        assert v.legal == ()
        assert v.visible_cards() == {parse_card("TS")}

    def test_only_the_seat_to_act_sees_its_legal_actions(self) -> None:
        d = mixed()
        assert d.view(Seat.N).legal == d.legal_actions()
        assert d.view(Seat.E).legal == ()

    def test_played_cards_with_who_played_them_and_tricks_won(self) -> None:
        d = play(mixed(), "AS 4S 6S TS KS")
        v = d.view(Seat.E)
        assert [(s.name, c.text) for s, c in v.played_cards()] == [
            ("N", "AS"), ("E", "4S"), ("S", "6S"), ("W", "TS"), ("N", "KS")]
        assert [(s.name, c.text) for s, c in v.trick] == [("N", "KS")]
        assert v.tricks_won == (1, 0, 0, 0)
        assert v.to_act is Seat.E


class TestTurnOrder:
    """RULES.md §1: play goes clockwise (N → E → S → W) from the leader; the trick's winner leads
    the next; acting out of turn is refused with ``NotYourTurn`` (issue #2 item 3)."""

    def test_clockwise_from_the_leader(self) -> None:
        d = mixed()
        order = []
        for text in ("AS", "4S", "6S", "TS"):
            order.append(d.to_act)
            d = d.apply(text)
        assert order == [Seat.N, Seat.E, Seat.S, Seat.W]

    def test_out_of_turn_is_refused_with_a_clear_message(self) -> None:
        d = mixed().apply("AS")
        with pytest.raises(NotYourTurn, match="it is East's turn, not South's") as err:
            d.apply("6S", Seat.S)
        assert isinstance(err.value, IllegalAction) and isinstance(err.value, ValueError)
        assert d.apply("4S", Seat.E).to_act is Seat.S


class TestFollowSuit:
    """RULES.md §1: the leader plays any card; the others must follow suit if able; a player who
    cannot may play any card: no duty to trump, never a duty to play higher (seed 000, D18)."""

    def test_leader_may_play_any_card(self) -> None:
        d = mixed()
        assert d.legal_actions() == cards("AS KS 3S 2S AH KH QH 5D 4D 3D 2D 3C 2C")

    def test_must_follow_suit(self) -> None:
        d = play(mixed(), "AH")
        assert d.legal_actions() == cards("4H 3H 2H")
        with pytest.raises(IllegalAction, match="must follow suit"):
            d.apply("AD")

    def test_no_duty_to_play_higher(self) -> None:
        d = play(mixed(), "3C AC TC")
        assert d.legal_actions() == cards("9C 8C 7C 6C 5C 4C")
        d = d.apply("4C")  # W plays low under the ace: allowed
        assert d.tricks_won == (0, 1, 0, 0)

    def test_cannot_follow_any_card_no_duty_to_trump(self) -> None:
        d = play(mixed(), "3C AC TC 4C  KC JC 5C 2C  QC")  # S is out of clubs, holds four trumps
        assert d.to_act is Seat.S
        legal = d.legal_actions()
        assert legal == cards("9S 8S 7S 6S JH TH 9H 8H JD TD 9D")
        d = d.apply("8H")  # a discard, not a ruff
        assert d.to_act is Seat.W

    def test_no_duty_to_overtrump(self) -> None:
        d = play(mixed(), "3C AC TC 4C  KC JC 5C 2C  QC 8S 6C")  # N out of clubs; S ruffed with 8S
        assert d.legal_actions() == cards("AS KS 3S 2S AH KH QH 5D 4D 3D 2D")
        assert play(d, "2S").to_act is Seat.S  # under-ruffing is allowed; S's 8S wins

    def test_a_card_not_in_hand_is_refused(self) -> None:
        with pytest.raises(IllegalAction, match=r"^you do not hold Q♠$"):
            mixed().apply("QS")

    def test_must_trump_option_makes_ruffing_compulsory(self) -> None:
        rules = with_options(CLASSIC, {"must_trump": "on"})
        d = play(mixed(rules), "3C AC TC 4C  KC JC 5C 2C  QC")
        assert d.legal_actions() == cards("9S 8S 7S 6S")
        with pytest.raises(IllegalAction, match="must ruff"):
            d.apply("8H")

    def test_must_trump_without_trumps_any_card(self) -> None:
        rules = with_options(CLASSIC, {"must_trump": "on"})
        d = play(mixed(rules), "AS 4S 6S TS  KS 5S 7S")  # W has no spade left: any card
        assert d.legal_actions() == cards("7H 6H 5H 8D 7D 6D 9C 8C 7C 6C 5C 4C")

    def test_must_trump_still_follows_suit_first(self) -> None:
        rules = with_options(CLASSIC, {"must_trump": "on"})
        d = play(mixed(rules), "AH")
        assert d.legal_actions() == cards("4H 3H 2H")


class TestTrickWinner:
    """RULES.md §1: the trick goes to the highest trump, else to the highest card of the suit led;
    the winner leads the next trick."""

    def test_highest_card_of_the_suit_led(self) -> None:
        d = play(mixed(), "3C AC TC 4C")
        assert d.tricks_won == (0, 1, 0, 0)
        assert d.to_act is Seat.E and d.leader is Seat.E

    def test_a_discard_never_wins_however_high(self) -> None:
        d = play(mixed(), "3C AC TC 4C  KC JC 5C 2C  QC 8H 6C AH")  # N discards the AH
        assert d.tricks_won == (0, 3, 0, 0)
        assert d.to_act is Seat.E

    def test_a_low_trump_beats_the_suit_led(self) -> None:
        d = play(mixed(), "3C AC TC 4C  KC JC 5C 2C  QC 6S 6C 5D")
        assert d.tricks_won == (0, 2, 1, 0)
        assert d.to_act is Seat.S

    def test_highest_trump_wins_an_overruff(self) -> None:
        d = play(mixed(), "3C AC TC 4C  KC JC 5C 2C  QC 6S 6C KS")
        assert d.tricks_won == (1, 2, 0, 0)
        assert d.to_act is Seat.N

    @pytest.mark.parametrize(
        ("played", "leader", "trump", "winner"),
        [("2H AH KH QH", Seat.N, Suit.SPADES, Seat.E),
         ("2H AS KH QH", Seat.N, Suit.SPADES, Seat.E),
         ("2H AS 2S QH", Seat.W, Suit.SPADES, Seat.N),
         ("2H AD AC AS", Seat.S, Suit.CLUBS, Seat.N),
         ("2H AD AC AS", Seat.S, None, Seat.S),
         ("5D 3D 4D 2D", Seat.E, Suit.HEARTS, Seat.E)],
    )
    def test_trick_winner_function(self, played: str, leader: Seat, trump: Suit | None,
                                   winner: Seat) -> None:
        assert trick_winner(cards(played), leader, trump) is winner


class TestThirteenTricks:
    """RULES.md §1–2: thirteen tricks are played; the deal is then over and nobody is to act."""

    def test_thirteen_tricks_then_over(self) -> None:
        d = play(mixed(), MIXED_PLAY)
        assert d.tricks_won == (5, 7, 1, 0)
        assert sum(d.tricks_won) == 13
        assert d.is_over and d.to_act is None
        assert d.legal_actions() == ()
        assert d.view(Seat.N).is_over
        assert all(d.view(s).hand == () for s in SEATS)

    def test_no_action_after_the_end(self) -> None:
        d = play(mixed(), MIXED_PLAY)
        with pytest.raises(IllegalAction, match="the deal is over"):
            d.apply("AS")

    @pytest.mark.parametrize("seed", range(10))
    def test_any_play_takes_thirteen_tricks(self, seed: int) -> None:
        rng = random.Random(seed)
        d = ClassicDeal.shuffled(CLASSIC, SEATS[seed % 4], rng)
        steps = 0
        while d.to_act is not None:
            legal = d.legal_actions()
            d = d.apply(legal[rng.randrange(len(legal))])
            steps += 1
        assert steps == 52 and sum(d.tricks_won) == 13

    def test_states_are_immutable_values(self) -> None:
        d = mixed()
        after = d.apply("AS")
        assert d.to_act is Seat.N and d.hands == d.dealt and d.actions == ()
        assert after.to_act is Seat.E and after is not d
