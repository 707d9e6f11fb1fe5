"""The heuristic player's piccolo and piccolissimo (RULES.md §5.4, §5.5, §5.7): it bids them by
a rule of thumb (as many sure winners as the tricks the contract needs, every other card low
enough to duck), and once one is bid it plays it to the end: a declarer wins his trick early
with a sure winner, then ducks. The defenders lead into his likely winner while he still needs
it, so that he takes his trick before he is rid of his high cards, then defend as against a
misère (tests/test_bots_misere.py), to force him to a trick too many.

In ``couleur`` piccolo is two declarers' joint contract (D13, D24: the second joins by
accepting), piccolissimo one player's, exactly two tricks (D14, D25); in ``pagat`` piccolo is
one player's, exactly one trick, and several may bid it (§5.5).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from whist.auction import ColourCall
from whist.bots.colour import colour_aims, colour_heuristic_bot, colour_reading
from whist.bots.colour_calls import EXACT_SLACK
from whist.bots.evaluate import exact_flaws
from whist.bots.heuristic import Aims, play_card
from whist.cards import Card, Seat, parse_card, parse_deal, parse_hand
from whist.couleur import ColourAction, ColourDeal, ColourView
from whist.engine import trick_winner
from whist.rules import preset, with_options

# North: a lone-ish ace of spades (A 2) and nothing else above a six: one sure trick. No other
# seat holds three aces (no trou).
PICCOLO = "N:A2.432.5432.6432 KQJT.AKQ.KQJ.KQJ 9876.JT9.AT9.AT9 543.8765.876.875"
# North: the ace of spades; his lone heart is a five, one rank above what a misère allows for
# the lowest card of a suit, within the piccolo's slack (EXACT_SLACK).
FIVE = "N:A2.5.6432.876432 KQJT.AKQ.KQJ.KQJ 987.JT98.AT9.AT9 6543.76432.875.5"
# North: A K of spades, two sure tricks, and low cards.
TWO_WINNERS = "N:AK2.432.5432.643 QJT9.AKQ.KQJ.KQJ 8765.JT9.AT9.AT9 43.8765.876.8752"
# As TWO_WINNERS, but North's fourth diamond is the jack (East's five): a third card too high
# for a misère, within the piccolissimo's slack.
TWO_WINNERS_AND_JACK = "N:AK2.432.J432.643 QJT9.AKQ.KQ5.KQJ 8765.JT9.AT9.AT9 43.8765.876.8752"
# North: the ace of spades, and a queen of hearts that cannot be sure to duck.
HIGH_CARD = "N:A2.Q32.5432.6432 KQJT.AK4.KQJ.KQJ 9876.JT9.AT9.AT9 543.8765.876.875"
# North: the ace of clubs alone, one sure trick, and low cards; East holds the aces of spades and
# hearts, South that of diamonds.
LONE_ACE = "N:5432.9432.5432.A AKQ.AKQ.KQJ6.K32 JT98.JT8.AT9.QJT 76.765.87.987654"


def deal(pbn: str, name: str, dealer: Seat = Seat.W) -> ColourDeal:
    """The deal ``pbn`` under preset ``name``; West deals, so North is eldest hand."""
    return ColourDeal.new(preset(name), dealer, parse_deal(pbn))


def bot_action(d: ColourDeal) -> ColourAction:
    """The heuristic's action for the seat to act (checked legal)."""
    assert d.to_act is not None
    view = d.view(d.to_act)
    action = colour_heuristic_bot(view, random.Random(0))
    assert action in view.legal
    return action


def ducking_card(d: ColourDeal) -> str:
    """The card of the seat to play if it only ducked, as the defenders of a misère and of a
    piccolo did before they played to force the declarer."""
    assert d.to_act is not None
    view = d.view(d.to_act)
    cards = [a for a in view.legal if isinstance(a, Card)]
    aims = replace(colour_aims(view), against=frozenset(), short=frozenset())
    return play_card(colour_reading(view, aims), cards).text


def old_declarer_card(d: ColourDeal) -> str:
    """The card of the declarer to play if he only ducked, as a misère or piccolo declarer did
    before he shed his dangerous cards."""
    assert d.to_act is not None
    view = d.view(d.to_act)
    cards = [a for a in view.legal if isinstance(a, Card)]
    aims = replace(colour_aims(view), declares=False)
    return play_card(colour_reading(view, aims), cards).text


def bot_call(d: ColourDeal) -> str:
    """The heuristic's call: the kind of the contract it bids, else pass, accept …"""
    call = bot_action(d)
    assert isinstance(call, ColourCall)
    return call.contract.kind if call.contract is not None else call.kind


def bot_card(d: ColourDeal) -> str:
    """The heuristic's card, as text."""
    card = bot_action(d)
    assert isinstance(card, Card)
    return card.text


class TestTheRuleOfThumb:
    def test_a_sure_winner_and_low_cards_fit_piccolo(self) -> None:
        hands = parse_deal(PICCOLO)
        assert exact_flaws(hands[Seat.N], 1) == 0

    def test_two_sure_winners_fit_piccolissimo_not_piccolo(self) -> None:
        north = parse_deal(TWO_WINNERS)[Seat.N]
        assert exact_flaws(north, 1) == 1
        assert exact_flaws(north, 2) == 0

    def test_a_high_card_that_cannot_duck_is_a_flaw(self) -> None:
        assert exact_flaws(parse_deal(HIGH_CARD)[Seat.N], 1) == 1

    def test_the_cards_under_the_ace_must_duck_too(self) -> None:
        # A 9 of spades: the nine is the lowest spade left once the ace has won.
        assert exact_flaws(parse_hand("A9.32.5432.6543"), 1) == 1
        assert exact_flaws(parse_hand("A32.32.5432.643"), 1) == 0


class TestBidding:
    def test_pagat_piccolo_hand_bids_piccolo(self) -> None:
        d = deal(PICCOLO, "pagat")
        assert d.to_act is Seat.N
        assert bot_call(d) == "piccolo"

    def test_a_five_under_the_slack_still_bids_piccolo(self) -> None:
        north = parse_deal(FIVE)[Seat.N]
        assert exact_flaws(north, 1) == 1 and exact_flaws(north, 1, EXACT_SLACK) == 0
        assert bot_call(deal(FIVE, "pagat")) == "piccolo"
        # in couleur its two cards too high (the ace and the five) make a petite misère, which
        # needs no second declarer and comes first
        assert bot_call(deal(FIVE, "couleur")) == "petite_misere"

    def test_couleur_piccolo_hand_joins_a_piccolo(self) -> None:
        # §5.4 rule 4 (D24): East bids piccolo, South passes, West passes; North, who holds a
        # piccolo hand, joins it by accepting.
        d = deal(PICCOLO, "couleur", dealer=Seat.N)
        for call in ("piccolo", "pass", "pass"):
            d = d.apply(call)
        assert d.to_act is Seat.N
        assert bot_call(d) == "accept"

    def test_couleur_prefers_petite_misere_to_an_unjoined_piccolo(self) -> None:
        # Both pay the lone declarer 18 (§5.7), the misère counts without a partner and lets
        # him discard the ace.
        d = deal(PICCOLO, "couleur")
        assert bot_call(d) == "petite_misere"

    def test_couleur_piccolo_overbids_a_solo_8(self) -> None:
        # Above solo 8 the petite misère is gone; a piccolo (row 10) still beats it, and East
        # may still join it.
        d = deal(PICCOLO, "couleur", dealer=Seat.E)
        d = d.apply("solo 8 S")
        assert d.to_act is Seat.W
        d = d.apply("pass")
        assert d.to_act is Seat.N
        assert bot_call(d) == "piccolo"

    def test_couleur_two_sure_winners_bid_piccolissimo(self) -> None:
        # with no other card too high (TWO_WINNERS) the petite misère comes first: it scores
        # as much (§5.7, D14), ranks higher, and discards the ace
        assert bot_call(deal(TWO_WINNERS, "couleur")) == "petite_misere"
        assert bot_call(deal(TWO_WINNERS_AND_JACK, "couleur")) == "piccolissimo"

    @pytest.mark.parametrize("pbn", [TWO_WINNERS, HIGH_CARD])
    def test_pagat_two_winners_or_a_high_card_do_not_bid_piccolo(self, pbn: str) -> None:
        assert bot_call(deal(pbn, "pagat")) != "piccolo"

    def test_couleur_high_card_does_not_join_a_piccolo(self) -> None:
        d = deal(HIGH_CARD, "couleur", dealer=Seat.N)
        for call in ("piccolo", "pass", "pass"):
            d = d.apply(call)
        assert bot_call(d) == "pass"

    def test_without_the_option_there_is_no_piccolo(self) -> None:
        rules = with_options(preset("pagat"), {"piccolo": "off"})
        d = ColourDeal.new(rules, Seat.W, parse_deal(PICCOLO))
        assert bot_call(d) != "piccolo"


class TestDeclarerPlay:
    def test_the_declarer_cashes_his_sure_winner_first_then_ducks(self) -> None:
        # pagat: North bids piccolo, the others pass; North, eldest, leads the ace of spades
        # and wins; from then on the heuristic at every seat keeps him to that one trick.
        d = deal(PICCOLO, "pagat")
        for call in ("piccolo", "pass", "pass", "pass"):
            d = d.apply(call)
        assert d.to_act is Seat.N
        assert bot_card(d) == "AS"
        while not d.is_over:
            d = d.apply(bot_action(d))
        assert d.tricks_won[Seat.N] == 1
        assert d.made() == {Seat.N: True}

    def test_a_follower_wins_with_his_ace_when_its_suit_is_led(self) -> None:
        # North is not on lead: East leads a spade, North puts up the ace.
        d = deal(PICCOLO, "pagat", dealer=Seat.N)
        for call in ("pass", "pass", "pass", "piccolo"):
            d = d.apply(call)
        assert d.in_play is not None and d.in_play.declarers == (Seat.N,)
        d = d.apply("KS")
        d = d.apply(bot_action(d))  # South
        d = d.apply(bot_action(d))  # West
        assert d.to_act is Seat.N
        assert bot_card(d) == "AS"


def bid_then_bots(seed: int, name: str, calls: tuple[str, ...],
                  watch: Callable[[ColourView, ColourAction], None] | None = None) -> ColourDeal | None:
    """A shuffled deal of ``name`` whose eldest hand makes ``calls`` (the others pass, or the
    next accepts as the calls say), then played by the heuristic at all four seats, each of its
    actions shown to ``watch`` with the view it was chosen from; ``None`` when those calls are
    not legal on that deal (a trou)."""
    d = ColourDeal.shuffled(preset(name), Seat(seed % 4), random.Random(seed))
    for call in calls:
        if call not in [str(a) for a in d.legal_actions()]:
            return None
        d = d.apply(call)
    while not d.is_over:
        seat = d.to_act
        view = d.view(seat)
        action = colour_heuristic_bot(view, random.Random(seed))
        assert action in view.legal
        if watch is not None:
            watch(view, action)
        d = d.apply(action)
    return d


@pytest.mark.parametrize(("name", "calls", "kind"), [
    ("pagat", ("piccolo", "pass", "pass", "pass"), "piccolo"),
    ("couleur", ("piccolo", "accept", "pass", "pass"), "piccolo"),
    ("couleur", ("piccolissimo", "pass", "pass", "pass"), "piccolissimo"),
])
def test_whole_random_deals_are_played_legally_to_the_end(name: str, calls: tuple[str, ...],
                                                          kind: str) -> None:
    played = 0
    for seed in range(40):
        d = bid_then_bots(seed, name, calls)
        if d is None:
            continue
        assert d.in_play is not None and d.in_play.contract.kind == kind
        assert sum(d.points().values()) == 0
        played += 1
    assert played >= 30


def test_aims_of_the_declarer_and_the_defenders() -> None:
    """The declarer must take one trick, then none; the defenders, while he is short of it,
    want him to take it early, and once he has it, to force him to a second (RULES.md §5.5:
    exactly one trick)."""
    d = deal(PICCOLO, "pagat")
    for call in ("piccolo", "pass", "pass", "pass"):
        d = d.apply(call)
    defenders = frozenset({Seat.S, Seat.W})
    assert colour_aims(d.view(Seat.N)) == Aims(frozenset(), want_tricks=False, must_take=1,
                                                 declares=True)
    assert colour_aims(d.view(Seat.E)) == Aims(defenders, want_tricks=False,
                                               short=frozenset({Seat.N}))
    for _ in range(4):
        d = d.apply(bot_action(d))
    assert colour_aims(d.view(Seat.N)) == Aims(frozenset(), want_tricks=False, must_take=0,
                                                 declares=True)
    assert colour_aims(d.view(Seat.E)) == Aims(defenders, want_tricks=False,
                                               against=frozenset({Seat.N}))


def piccolo_of(pbn: str, plays: list[str]) -> ColourDeal:
    """``pagat``: North deals, East, South and West pass and North bids piccolo, so East leads
    (§5.5: eldest hand); then ``plays`` are played."""
    d = deal(pbn, "pagat", dealer=Seat.N)
    for call in ("pass", "pass", "pass", "piccolo"):
        d = d.apply(call)
    for card in plays:
        d = d.apply(card)
    return d


class TestDefence:
    def test_before_his_trick_a_lead_into_the_ace_he_may_hold(self) -> None:
        """North needs one trick and bid on a sure winner: of the aces East does not hold,
        diamonds and clubs, he may hold either; East holds fewer clubs, so more of them are
        out, and leads into the ace now, while North still holds the nine of hearts and the
        fives he would shed under the defenders' cards, trick after trick, if he waited. The
        king, not the two: East keeps his low clubs to force North later. The old lead, the
        two of clubs, ducked under everything."""
        d = piccolo_of(LONE_ACE, [])
        assert d.to_act is Seat.E
        assert ducking_card(d) == "2C"
        assert bot_card(d) == "KC"

    def test_once_he_has_his_trick_a_beaten_declarer_gets_the_highest_card(self) -> None:
        """North took his one trick with the ace of clubs and leads the two of spades: any spade
        of East's beats it, and one more trick breaks the piccolo, so East defends as against a
        misère: he throws the ace, keeping his lower spades to force North later (the old rule
        played the queen)."""
        d = piccolo_of(LONE_ACE, ["KC", "QC", "9C", "AC", "2S"])
        assert d.view(Seat.E).tricks_won[Seat.N] == 1
        assert d.to_act is Seat.E
        assert ducking_card(d) == "QS"
        assert bot_card(d) == "AS"

    def test_piccolissimo_a_declarer_short_until_his_second_trick(self) -> None:
        """Piccolissimo (RULES.md §5.5, ``couleur``): exactly two tricks; after one the declarer
        is still short, after two the defenders force a third."""
        d = deal(TWO_WINNERS, "couleur")
        for call in ("piccolissimo", "pass", "pass", "pass"):
            d = d.apply(call)
        east = colour_aims(d.view(Seat.E))
        assert (east.short, east.against) == (frozenset({Seat.N}), frozenset())
        for card in ("AS", "QS", "8S", "4S"):
            d = d.apply(card)
        east = colour_aims(d.view(Seat.E))
        assert (east.short, east.against) == (frozenset({Seat.N}), frozenset())
        for card in ("KS", "JS", "7S", "3S"):
            d = d.apply(card)
        east = colour_aims(d.view(Seat.E))
        assert (east.short, east.against) == (frozenset(), frozenset({Seat.N}))

    def test_a_joint_piccolo_each_declarer_on_his_own_count(self) -> None:
        """A ``couleur`` piccolo of two declarers, each exactly one trick (RULES.md §5.5, D13,
        D24): once North has his trick the defenders force him to a second while East, still
        short, is to take his early."""
        d = deal(PICCOLO, "couleur", dealer=Seat.N)
        for call in ("piccolo", "pass", "pass", "accept"):
            d = d.apply(call)
        assert d.to_act is Seat.E
        for card in ("KS", "9S", "5S", "AS"):  # North's ace takes the first trick
            d = d.apply(card)
        south = colour_aims(d.view(Seat.S))
        assert (south.short, south.against) == (frozenset({Seat.E}), frozenset({Seat.N}))

    def test_a_joint_declarer_still_short_is_left_the_trick_he_wins(self) -> None:
        """A ``couleur`` piccolo of two (RULES.md §5.5, D13, D24): North has his trick, East
        still needs his. North leads a diamond and East's jack wins the trick: South, with every
        declarer played, leaves it to him (the ten, not the ace that would take it), as the
        defenders want a short declarer to take his trick early, and keeps the ace to force a
        second trick on either declarer later."""
        d = deal(PICCOLO, "couleur", dealer=Seat.N)
        for call in ("piccolo", "pass", "pass", "accept"):
            d = d.apply(call)
        for card in ("KS", "9S", "5S", "AS", "2D", "JD"):
            d = d.apply(card)
        south = colour_aims(d.view(Seat.S))
        assert (south.short, south.against) == (frozenset({Seat.E}), frozenset({Seat.N}))
        assert d.to_act is Seat.S
        assert bot_card(d) == "TD"


def test_a_declarer_short_of_his_trick_sheds_his_most_dangerous_card() -> None:
    """Pagat piccolo: North keeps the ace of spades for his trick and, void in clubs, throws a
    card. The king of hearts has four hearts under it to duck with; the jack of diamonds only the
    two, with eight diamonds out under it for the defenders to lead: the jack is the card that
    would take a second trick. The old rule threw the highest card, the king."""
    d = deal("N:A65432.K5432.J2. KQJ.AQJ.AKQ.KQJT T98.T98.T98.9876 7.76.76543.A5432", "pagat")
    for call in ("piccolo", "pass", "pass", "pass"):
        d = d.apply(call)
    for card in ("2D", "AD", "8D", "3D", "KC", "6C", "2C"):
        d = d.apply(parse_card(card), d.to_act)
    assert d.to_act is Seat.N
    assert old_declarer_card(d) == "KH"
    assert bot_card(d) == "JD"


def test_a_joint_piccolo_declarer_short_of_his_trick_keeps_the_trick_he_holds() -> None:
    """A ``couleur`` piccolo of two (RULES.md §5.5, D13, D24): each declarer must take exactly one
    trick, and the defenders want one still short of his to take it early, while he still holds
    the cards he wants to be rid of. So a defender following suit never beats the card with which
    such a declarer holds the trick when he has a card under it to play, whether the other
    declarer has his trick or not, has played to the trick or is still to play. Shuffled deals,
    the heuristic at every seat."""
    seen: list[tuple[int, bool]] = []

    def watch(view: ColourView, action: ColourAction) -> None:
        if not isinstance(action, Card) or not view.trick or view.seat in view.declarers:
            return
        played = [c for _, c in view.trick]
        holder = trick_winner(played, view.trick[0][0], None)
        aims = colour_aims(view)
        if holder not in aims.short:
            return
        best = next(c for s, c in view.trick if s is holder)
        if any(isinstance(c, Card) and c.suit is best.suit and c.rank < best.rank for c in view.legal):
            assert not (action.suit is best.suit and action.rank > best.rank)
            seen.append((len(view.trick), bool(aims.against)))

    for seed in range(60):
        bid_then_bots(seed, "couleur", ("piccolo", "accept", "pass", "pass"), watch)
    # third and last to play, before the other declarer has his trick and after
    assert len(seen) >= 60 and set(seen) == {(2, False), (3, False), (2, True), (3, True)}
