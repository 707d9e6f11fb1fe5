"""The computer players (issue 2, item 6): the random bot and the heuristic bot.

Each behaviour test builds a deal by hand (PBN, RULES.md §2: the dealer's turned card is trump,
eldest hand leads), plays the given cards to reach a position, and checks the card the
heuristic bot chooses for the seat to act. Then: both bots only ever return legal actions, the
heuristic bot is deterministic, and a heuristic North-South pair clearly beats random play.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

from whist.actions import ASK, NO, YES, Call
from whist.auction import ColourCall
from whist.bots import BOT_NAMES, get_bot, random_bot
from whist.bots.colour_calls import choose_call as choose_colour_call
from whist.bots.heuristic import Aims, choose_card, heuristic_bot
from whist.cards import (
    ALL_CARDS_MASK,
    SEATS,
    Card,
    Seat,
    Suit,
    cards_of,
    mask_of,
    parse_card,
    parse_deal,
    parse_hand,
    parse_seat,
)
from whist.contracts import parse_contract
from whist.couleur import ColourDeal
from whist.engine import ClassicDeal
from whist.rules import preset

CLASSIC = preset("classic")


def position(pbn: str, dealer: str, turned: str, plays: Sequence[str] = (),
             start_score: tuple[int, int] = (0, 0)) -> ClassicDeal:
    """A classic deal from a PBN deal, the dealer and his turned card, after ``plays``."""
    d = ClassicDeal.new(CLASSIC, parse_seat(dealer), parse_deal(pbn), parse_card(turned), start_score)
    for p in plays:
        d = d.apply(p)
    return d


def bot_choice(d: ClassicDeal) -> str:
    """The heuristic bot's action for the seat to act, as text."""
    assert d.to_act is not None
    view = d.view(d.to_act)
    action = heuristic_bot(view, random.Random(0))
    assert action in view.legal
    return action.text


class TestSecondHand:
    """Second hand low; but cover an honour with an honour."""

    def test_second_hand_plays_low(self) -> None:
        # Clubs trump. East leads the 5H; South holds A 7 4 and keeps the ace.
        d = position("N:AQJ96.K2.AKT.T42 T7.QJ65.874.A985 K83.A74.Q962.J73 542.T983.J53.KQ6",
                     "N", "2C", ["5H"])
        assert d.to_act is Seat.S
        assert bot_choice(d) == "4H"

    def test_second_hand_covers_an_honour(self) -> None:
        # East leads the QH; South covers with the king.
        d = position("N:AQJ96.A2.AKT.T42 T7.QJT5.874.A985 K83.K74.Q962.J73 542.9863.J53.KQ6",
                     "N", "2C", ["QH"])
        assert bot_choice(d) == "KH"


class TestThirdHand:
    """Third hand high, as cheaply as possible; never overtake partner's winning card."""

    def test_third_hand_high_with_the_lower_of_equal_cards(self) -> None:
        # North leads the 3H, East plays 2H; South holds K Q 5 (the ace is out): the queen.
        d = position("N:QJ3.J3.AT842.AQ7 KT5.98762.Q96.K2 9742.KQ5.KJ3.864 A86.AT4.75.JT953",
                     "W", "5C", ["3H", "2H"])
        assert bot_choice(d) == "QH"

    def test_does_not_overtake_partners_winning_card(self) -> None:
        # North's KH holds the trick (South has the ace): South plays low, not the ace.
        d = position("N:QJ53.KQ97.Q2.AQ7 KT.T854.AT74.KT2 9742.A62.KJ3.864 A86.J3.9865.J953",
                     "W", "5C", ["KH", "4H"])
        assert bot_choice(d) == "2H"

    def test_fourth_hand_lets_partners_card_win(self) -> None:
        # Last to play, North's QH wins: South keeps his king.
        d = position("N:JT542.QT8.A3.AQ5 Q9.J9732.K84.K92 K83.K4.Q962.J763 A76.A65.JT75.T84",
                     "S", "3C", ["5H", "QH", "3H"])
        assert bot_choice(d) == "4H"


class TestWinCheaply:
    def test_last_hand_wins_with_the_cheapest_card(self) -> None:
        # East's 9H wins so far; South, last, holds A J T 2: the ten is enough.
        d = position("N:JT542.863.J.AKT5 Q9.Q974.KT52.Q82 K83.AJT2.Q96.J73 A76.K5.A8743.964",
                     "S", "3C", ["5H", "3H", "9H"])
        assert bot_choice(d) == "TH"


class TestCount:
    def test_counts_played_cards_to_find_the_cheapest_master(self) -> None:
        # A, K and J of hearts went on trick 1. On trick 2 South holds Q T 2: the ten is now
        # as good as the queen (both masters), so third hand wins with the ten.
        d = position("N:J83.A864.AQ54.K3 AT6.J973.JT97.JT 9742.QT52.K3.864 KQ5.K.862.AQ9752",
                     "W", "5C", ["AH", "JH", "5H", "KH", "4H", "3H"])
        assert bot_choice(d) == "TH"


class TestRuffing:
    """Ruff when it pays: low, not over partner's sure trick; overruff, never underruff."""

    def test_ruffs_low(self) -> None:
        # Spades trump. West's AD wins; South, void in diamonds and last, ruffs with the 2S.
        d = position("N:QJ63.Q96.K532.Q7 KT.T742.Q964.AT2 9542.AK85..K8643 A87.J3.AJT87.J95",
                     "S", "9S", ["AD", "5D", "6D"])
        assert bot_choice(d) == "2S"

    def test_does_not_ruff_partners_sure_trick(self) -> None:
        # North's AD wins the trick: South discards (his lowest heart) rather than ruff.
        d = position("N:QJ643.T73.A752.T KT.J9642.J863.K5 952.AK8..J876432 A87.Q5.KQT94.AQ9",
                     "S", "9S", ["4D", "AD", "6D"])
        assert bot_choice(d) == "8H"

    def test_overruffs_as_cheaply_as_possible(self) -> None:
        # East ruffs North's diamond with the 7S; South overruffs with the 8S.
        d = position("N:AKQ5.T4.KQJ853.2 JT764.Q632..T975 9832.AK85..K8643 .J97.AT97642.AQJ",
                     "S", "9S", ["4D", "5D", "7S"])
        assert bot_choice(d) == "8S"

    def test_does_not_underruff(self) -> None:
        # East ruffs with the QS, above all of South's trumps: South discards a heart.
        d = position("N:AKJ5.T4.KQJ853.2 QT764.Q632..T975 9832.AK85..K8643 .J97.AT97642.AQJ",
                     "S", "9S", ["4D", "5D", "QS"])
        assert bot_choice(d) == "5H"


class TestDiscards:
    """Discard from the shortest, weakest suit; keep masters and guards."""

    def test_discards_from_the_short_weak_suit(self) -> None:
        # North's AD wins; South keeps his long hearts and throws from the doubleton club.
        d = position("N:QJ43.A72.AT.KQT5 KT.T4.KJ965.AJ82 9652.QJ98653..74 A87.K.Q87432.963",
                     "S", "9S", ["4D", "AD", "6D"])
        assert bot_choice(d) == "4C"

    def test_keeps_the_guard_of_a_king(self) -> None:
        # K 4 of clubs is the short suit, but the 4 guards the king: a heart goes instead.
        d = position("N:QJ.AKQ82.AT.QJ95 KT.T4.KJ965.AT72 987432.97653..K4 A65.J.Q87432.863",
                     "S", "9S", ["4D", "AD", "6D"])
        assert bot_choice(d) == "3H"


class TestLeads:
    """Lead from strength: trumps with length, the top of a sequence, the long suit."""

    def test_draws_trumps_with_length(self) -> None:
        # Spades trump; South holds six trumps headed by A K: he leads the ace of trumps.
        d = position("N:QJT7.AQT.KQT8.T2 952.873.752.K985 AK8643.92.J64.73 .KJ654.A93.AQJ64",
                     "E", "2S")
        assert d.to_act is Seat.S
        assert bot_choice(d) == "AS"

    def test_leads_the_top_of_an_honour_sequence(self) -> None:
        # Clubs trump (three of them only); hearts K Q J 5 2: the king.
        d = position("N:AKQT752.3.AKJ.Q5 J9.AT6.T852.JT82 84.KQJ52.963.743 63.9874.Q74.AK96",
                     "E", "2C")
        assert bot_choice(d) == "KH"

    def test_leads_fourth_best_of_the_long_suit(self) -> None:
        # No honours: the long heart suit T 8 6 5 3, its fourth best.
        d = position("N:AKQT752.2.AKJ.Q5 J9.AK7.T852.JT82 84.T8653.963.743 63.QJ94.Q74.AK96",
                     "E", "2C")
        assert bot_choice(d) == "5H"

    def test_prefers_the_long_suit_to_an_ace_with_small_cards(self) -> None:
        # Spades trump; South holds A 9 7 of hearts and J 7 4 2 of clubs: he opens the long suit,
        # its fourth best (he led the ace of hearts, as if A 9 7 were a suit of masters; the
        # arena's figures of the change are in docs/arena.md)
        d = position("N:AK8.KQ5.AT7.K863 J5432.T86.K4.AQ5 QT9.A97.J65.J742 76.J432.Q9832.T9",
                     "E", "2S")
        assert d.to_act is Seat.S
        assert bot_choice(d) == "2C"

    def test_gives_partner_a_ruff(self) -> None:
        # North showed out of diamonds on trick 1 (clubs trump): South, on lead, plays one back.
        d = position("N:J9532.KT432..KQ8 AQ6.A8.KQJ2.A542 K84.QJ75.A86.J93 T7.96.T97543.T76",
                     "E", "2C", ["AD", "3D", "2H", "2D"])
        assert d.to_act is Seat.S
        assert bot_choice(d) == "6D"


class TestCallingAtEight:
    """RULES.md §2, D19: ask "can you one?" when allowed; forced calls are returned as is."""

    PBN_ASK = "N:AKQT72.3.AKJ.J65 J9.AT6.T853.T972 84.KQJ52.96.AK43 653.9874.Q742.Q8"

    def test_asks_with_two_honours_at_eight(self) -> None:
        d = position(self.PBN_ASK, "E", "2C", start_score=(8, 0))
        assert d.to_act is Seat.S and ASK in d.legal_actions()
        assert bot_choice(d) == "ask"

    def test_answers_the_question(self) -> None:
        d = position(self.PBN_ASK, "E", "2C", start_score=(8, 0)).apply(ASK)
        assert d.to_act is Seat.N
        assert bot_choice(d) == YES.text  # North holds the JC

    def test_claims_with_three_honours_at_eight(self) -> None:
        d = position("N:AKQT752.3.AKJ.T3 J9.AT6.T853.9862 84.KQJ52.96.AKQ4 63.9874.Q742.J75",
                     "E", "2C", start_score=(8, 0))
        assert bot_choice(d) == "claim AC KC QC"


class TestMisereAims:
    def test_avoiding_tricks_plays_the_highest_losing_card(self) -> None:
        # With want_tricks off (colour whist's misères), South sheds his 8H under East's 9H.
        d = position("N:JT532.J63.J.AKT5 Q9.QT94.KT52.Q82 K84.A872.Q96.J73 A76.K5.A8743.964",
                     "S", "3C", ["5H", "3H", "9H"])
        view = d.view(Seat.S)
        assert choose_card(view, Aims(frozenset({Seat.N}), want_tricks=True)).text == "AH"
        assert choose_card(view, Aims(frozenset(), want_tricks=False)).text == "8H"


def play_deal(seed: int, bots: Sequence[str], start_score: tuple[int, int] = (0, 0)) -> ClassicDeal:
    """A seeded deal played to the end by four bots (indexed by seat), checking every action."""
    rng = random.Random(seed)
    d = ClassicDeal.shuffled(CLASSIC, SEATS[seed % 4], rng, start_score)
    players = [get_bot(b, budget=0.001) for b in bots]  # pimc thinks 1 ms a card here
    while d.to_act is not None:
        view = d.view(d.to_act)
        action = players[d.to_act](view, rng)
        assert action in view.legal, (seed, d.to_act, action)
        assert isinstance(action, Card | Call)
        d = d.apply(action)
    return d


class TestLegality:
    def test_bots_only_return_legal_actions(self) -> None:
        # 200 seeded deals per bot (60 for pimc, slower), some with a side at eight so that
        # calls are offered.
        scores = [(0, 0), (8, 0), (0, 8), (8, 8)]
        for name in BOT_NAMES:
            for seed in range(60 if name == "pimc" else 200):
                d = play_deal(seed, [name] * 4, scores[seed % 4])
                assert d.is_over

    def test_mixed_table_plays_every_deal_out(self) -> None:
        for seed in range(50):
            d = play_deal(seed, ["heuristic", "random", "heuristic", "random"])
            assert sum(d.tricks_won) == 13

    def test_heuristic_is_deterministic(self) -> None:
        a = play_deal(11, ["heuristic"] * 4)
        b = play_deal(11, ["heuristic"] * 4)
        assert a.actions == b.actions
        d = ClassicDeal.shuffled(CLASSIC, Seat.N, random.Random(4))
        view = d.view(d.to_act)
        choices = {heuristic_bot(view, random.Random(k)) for k in range(5)}
        assert choices == {heuristic_bot(view, random.Random(0))}

    def test_random_bot_is_uniform_over_legal_actions(self) -> None:
        d = ClassicDeal.shuffled(CLASSIC, Seat.N, random.Random(2))
        view = d.view(d.to_act)
        seen = {random_bot(view, random.Random(k)) for k in range(400)}
        assert seen == set(view.legal)

    def test_forced_single_actions_are_returned(self) -> None:
        d = position(TestCallingAtEight.PBN_ASK, "E", "2C", start_score=(8, 0)).apply(ASK)
        view = d.view(d.to_act)
        assert view.legal in ((YES,), (NO,))
        assert heuristic_bot(view, random.Random(0)) == view.legal[0]


class TestStrength:
    def test_heuristic_pair_beats_random_pair(self) -> None:
        # Random play gives each side 6.5 tricks on average; a heuristic North-South pair
        # against random East-West takes about 8.3. A broken bot would fall well below 7.8.
        deals = 400
        ns = [sum(play_deal(seed, ["heuristic", "random"] * 2).tricks_won[0::2])
              for seed in range(deals)]
        ew = [sum(play_deal(seed, ["random", "heuristic"] * 2).tricks_won[1::2])
              for seed in range(deals)]
        assert statistics.mean(ns) > 7.8
        assert statistics.mean(ew) > 7.8


class TestColourSoloLevel:
    """RULES.md §5.7: in ``couleur`` a solo 6 made pays more than a solo 7 or 8 made with the same
    tricks (8 tricks: 27, 21, 24), and fails less; in ``pagat`` (§5.7, its table) a solo 8 made
    pays 7 where a solo 6 with the same 8 tricks pays 6. A hand the heuristic counts at 9 tricks
    in spades bids the solo its table pays most for them, the lowest of equals."""

    HANDS = ("KQJ964.A5.K95.AK", "AT87.KQJ.AQJ.QJT", "532.T98.T87.9876", ".76432.6432.5432")

    def first_call(self, style: str) -> str:
        d = ColourDeal.new(preset(style), Seat.W, [parse_hand(h) for h in self.HANDS])
        view = d.view(Seat.N)
        assert {"solo 6 S", "solo 7 S", "solo 8 S"} <= {a.text for a in view.legal}
        return choose_colour_call(view).text

    def test_in_couleur_the_solo_6_not_the_8(self) -> None:
        assert self.first_call("couleur") == "solo 6 S"

    def test_in_pagat_the_solo_8(self) -> None:
        assert self.first_call("pagat") == "solo 8 S"


class TestColourSoloSpare:
    """A one-player contract is bid with half a trick to spare over its level (``_SPARE`` in
    bots/colour_calls.py; docs/arena.md: with a whole trick the heuristic players made 91 % of
    their solos, and half a trick won +0.05 to +0.08 points per seat-deal in ``couleur``). North
    speaks first with five spades to the A-K-Q and side aces and kings."""

    OTHERS = ("7654.T98.T87.876", "32.76432.6432.A5")

    def first_call(self, north: str, east: str) -> str:
        hands = [north, east, *self.OTHERS]
        d = ColourDeal.new(preset("couleur"), Seat.W, [parse_hand(h) for h in hands])
        return choose_colour_call(d.view(Seat.N)).text

    def test_six_and_a_half_tricks_bid_the_solo_6(self) -> None:
        # AKQ98 of spades (4½ tricks), the ace of hearts and the king of diamonds: 6.5 tricks.
        assert self.first_call("AKQ98.A5.K95.432", "JT.KQJ.AQJ.KQJT9") == "solo 6 S"

    def test_six_tricks_and_a_fifth_propose_instead(self) -> None:
        # The queen of diamonds for the king: 6.2 tricks, short of 6½; North proposes spades.
        assert self.first_call("AKQ98.A5.Q95.432", "JT.KQJ.AKJ.KQJT9") == "propose S"


class TestSoloTrumpLead:
    """A declarer alone drawing trumps does not lead a trump that every trump out beats while one
    of his beats the lowest of them: East's solo 6 in spades, J-8-7-4-3 left against North's
    Q-10-6, the others void. The four (the fourth best) gives the six a trick and keeps the
    queen and ten over the jack and eight: double dummy East takes 7 more tricks after the
    seven, the eight or the jack, 6 after the four or the three (``whist solve "N:QT6.QJT9.AJT9.
    J8743.AK.KQ.KQ .8765.8765.AJT .432.432.87654" --trump S --leader E --team E``)."""

    def test_the_seven_not_the_four(self) -> None:
        hands = ["QT652.QJT9.AJT9.", "AKJ8743.AK.KQ.KQ", "9.8765.8765.AJT9", ".432.432.8765432"]
        d = ColourDeal.new(preset("couleur"), Seat.N, [parse_hand(h) for h in hands])
        for a in ["solo 6 S", "pass", "pass", "pass", "AS", "9S", "2C", "2S", "KS", "9C", "3C", "5S"]:
            d = d.apply(a)
        assert d.to_act is Seat.E
        assert get_bot("heuristic")(d.view(Seat.E), random.Random(0)) == parse_card("7S")


class TestEmballageTrumps:
    """The acceptor of a proposal knows five trumps at least in his partner's hand (the proposer's,
    RULES.md §5.4; the heuristic proposes with five): with four of his own the pair holds nine,
    and he draws trumps, as with five alone or four with two honours. With A-8-7-6 he led a side
    suit and let a defender ruff with the jack (an emballage 8 failed by one, double dummy two
    tricks lost)."""

    HANDS = ("T95.T93.QJT.JT98", "AKQ.A876.5432.32", "876.52.9876.7654", "J432.KQJ4.AK.AKQ")

    def test_the_acceptor_with_four_trumps_draws_them(self) -> None:
        d = ColourDeal.new(preset("couleur"), Seat.S, [parse_hand(h) for h in self.HANDS])
        for a in ["propose H", "pass", "accept", "pass", "2S", "5S", "AS", "6S"]:
            d = d.apply(a)
        assert d.to_act is Seat.E
        assert get_bot("heuristic")(d.view(Seat.E), random.Random(0)) == parse_card("AH")

    def test_a_solo_with_four_trumps_and_one_honour_does_not(self) -> None:
        """Alone (a partner who told of no trumps), four trumps with one honour are not drawn."""
        d = ColourDeal.new(preset("couleur"), Seat.S, [parse_hand(h) for h in self.HANDS])
        for a in ["pass", "pass", "solo 6 H", "pass", "2S", "5S", "AS", "6S"]:
            d = d.apply(a)
        assert d.to_act is Seat.E
        card = get_bot("heuristic")(d.view(Seat.E), random.Random(0))
        assert isinstance(card, Card) and card.suit is not Suit.HEARTS


class TestColourAcceptance:
    """RULES.md §5.4 rule 4: a proposal is accepted by a partner who supports it; the heuristic
    player accepts with 1½ tricks of support and two trumps (``ACCEPT_AT``, docs/arena.md: it
    asked 3, and two aces with three trumps passed a proposal that makes ten tricks)."""

    HANDS = ("AT52.A3.J62.8654", "QJ98.JT9.K9.AKJ7", "K.KQ65.AQT874.Q2", "7643.8742.53.T93")

    def test_two_aces_and_three_trumps_accept(self) -> None:
        d = ColourDeal.new(preset("couleur"), Seat.N, [parse_hand(h) for h in self.HANDS])
        for a in ["pass", "propose D", "pass"]:
            d = d.apply(a)
        assert d.to_act is Seat.N
        assert choose_colour_call(d.view(Seat.N)).kind == "accept"


class TestColourWait:
    """RULES.md §5.4 rule 2: the eldest hand may wait as his first call, and may then accept what
    the others propose (a pass would end his auction). The heuristic player waits with a hand
    that has nothing to bid but would support a proposal (:data:`ACCEPT_AT`), and passes with one
    that would support none."""

    HANDS = TestColourAcceptance.HANDS

    def test_a_hand_that_would_accept_waits_then_accepts(self) -> None:
        d = ColourDeal.new(preset("couleur"), Seat.W, [parse_hand(h) for h in self.HANDS])  # N is eldest
        assert choose_colour_call(d.view(Seat.N)).kind == "wait"
        for a in ["wait", "pass", "propose D", "pass"]:
            d = d.apply(a)
        assert d.to_act is Seat.N
        assert choose_colour_call(d.view(Seat.N)).kind == "accept"

    def test_a_hand_that_would_accept_nothing_passes(self) -> None:
        # North, eldest, holds Q-8-4, 10-8-3-2, Q-8-5, J-9-7: no bid, no misère, support nowhere
        hands = [parse_hand(h) for h in
                 ("Q84.T832.Q85.J97", "KT52.J9.AT6.AK42", "J93.AK764.732.T8", "A76.Q5.KJ94.Q653")]
        d = ColourDeal.new(preset("couleur"), Seat.W, hands)
        view = d.view(Seat.N)
        assert ColourCall("wait") in view.legal
        assert choose_colour_call(view).kind == "pass"


def _with_the_rest(*hands: str) -> list[int]:
    """``hands`` (North's first) and the cards left over dealt in turn to the seats after them."""
    given = [parse_hand(h) for h in hands]
    rest = cards_of(ALL_CARDS_MASK & ~sum(given))
    others = 4 - len(given)
    return given + [mask_of(rest[i::others]) for i in range(others)]


class TestColourRaise:
    """RULES.md §5.4 rule 5 (option ``overbids``, on in ``couleur``): a pair outbid may raise to a
    higher emballage in its suit, which counts at once. The heuristic player speaking for its pair
    raises to the lowest level that beats the top bid where its hand's tricks in the pair's suit
    and what its partner's part promises (a proposer more than an acceptor) reach the level with
    half a trick to spare; not over a proposal nobody has accepted yet (rule 7: it may die)."""

    NORTH = "A742.T643.K4.AK3"

    def east_speaks(self, east: str, calls: Sequence[str]) -> ColourCall:
        d = ColourDeal.new(preset("couleur"), Seat.W, _with_the_rest(self.NORTH, east))  # N eldest
        for a in calls:
            d = d.apply(a)
        assert d.to_act is Seat.E
        return choose_colour_call(d.view(Seat.E))

    def test_an_acceptor_with_five_tricks_of_trumps_raises_over_a_solo(self) -> None:
        # East accepted North's hearts with K-Q-9-8-2 and two aces; South's solo 6 beats the
        # pair: emballage 10 (above solo 6 on the ladder, §5.5) is the lowest raise
        call = self.east_speaks("K5.KQ982.A93.862", ["propose H", "accept", "solo 6 D", "pass"])
        assert call.text == "emballage 10 H"

    def test_a_weaker_acceptor_lets_the_solo_stand(self) -> None:
        call = self.east_speaks("85.AQJ92.93.8642", ["propose H", "accept", "solo 6 D", "pass"])
        assert call.kind == "pass"

    def test_the_same_hand_as_proposer_counts_on_less_from_its_acceptor(self) -> None:
        # East proposed hearts and South accepted; West's solo 6 and South's pass leave East to
        # speak for the pair, counting on an acceptor's support only: it passes
        call = self.east_speaks("K5.KQ982.A93.862",
                                ["pass", "propose H", "accept", "solo 6 D", "pass"])
        assert call.kind == "pass"

    def test_no_raise_over_a_proposal_not_yet_accepted_but_one_over_the_pair_it_makes(self) -> None:
        east = "K5.82.AKQ93.8642"
        d = ColourDeal.new(preset("couleur"), Seat.W, _with_the_rest("A742.JT6.J54.AK3", east))
        for a in ["propose D", "accept", "propose H", "pass"]:
            d = d.apply(a)
        assert choose_colour_call(d.view(Seat.E)).kind == "pass"
        d = ColourDeal.new(preset("couleur"), Seat.W, _with_the_rest("A742.JT6.J54.AK3", east))
        for a in ["propose D", "accept", "propose H", "accept"]:
            d = d.apply(a)
        assert choose_colour_call(d.view(Seat.E)).text == "emballage 9 D"


class TestColourProposals:
    """RULES.md §5.4: a proposal (emballage 8) names the trump suit; a player who could propose in
    two suits proposes the one his hand is worth most in, whatever their rank on the ladder."""

    def test_the_best_suit_is_proposed_not_the_highest_ranking(self) -> None:
        # North, first to speak, holds A-K-Q-J-2 of spades and 8-7-6-2 of diamonds: both qualify
        # for a proposal; diamonds, higher on the ladder, were proposed
        hands = [parse_hand(h) for h in
                 ["AKQJ2.A3.8762.62", "T74.Q962.Q93.Q95", "963.J85.AJ5.AJ84", "85.KT74.KT4.KT73"]]
        d = ColourDeal.new(preset("couleur"), Seat.W, hands)
        view = d.view(Seat.N)
        assert ColourCall("bid", parse_contract("emballage 8 D")) in view.legal
        assert choose_colour_call(view).text == "propose S"
