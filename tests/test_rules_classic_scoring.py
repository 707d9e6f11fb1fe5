"""Classic, short and simple whist's scoring, rule by rule (RULES.md §2–4): odd tricks, honours,
tricks before honours, calling at eight, no honours at nine, game points, the rubber, the
settlement, the dealer passing left, short and simple whist, and the options.

One test class per rule area, as in test_rules_classic.py (play: the deal, the turned card, what
a seat knows, turns, following suit, tricks), whose deals and helpers these tests share; its
docstring describes the deals.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from test_rules_classic import (
    CLASSIC,
    HON3,
    MIXED,
    MIXED_PLAY,
    NO_CALLS,
    SHORT,
    SIMPLE,
    TEN_THREE,
    TEN_THREE_PLAY,
    asker,
    cards,
    finish_deal,
    hon3,
    mixed,
    play,
    play_first,
    play_sweeps,
    sweep,
    ten_three,
)

from whist.actions import ASK, NO, YES, Call, IllegalAction, NotYourTurn
from whist.cards import SEATS, Card, Seat, Side, Suit, parse_card, parse_deal
from whist.engine import ClassicDeal
from whist.match import Match
from whist.rules import PRESETS, Rules, RulesError, load_rules, parse_option, preset, with_options
from whist.scoring import deal_points, game_value, settlement


class TestOddTricks:
    """RULES.md §2 Trick points: each trick over six (the book) scores 1 (``points_per_odd_trick``)."""

    @pytest.mark.parametrize(("ns", "points"), [(13, (7, 0)), (7, (1, 0)), (6, (0, 1)), (0, (0, 7)),
                                                (10, (4, 0)), (3, (0, 4))])
    def test_tricks_over_six(self, ns: int, points: tuple[int, int]) -> None:
        assert deal_points(CLASSIC, (0, 0), (ns, 13 - ns), (0, 0)).tricks == points

    def test_ten_tricks_score_four(self) -> None:
        d = play(ten_three(), TEN_THREE_PLAY)
        assert d.tricks_won == (0, 3, 10, 0)
        assert d.points().tricks == (4, 0)

    def test_seven_tricks_score_one(self) -> None:
        d = play(mixed(), MIXED_PLAY)
        assert d.points().tricks == (0, 1)
        assert d.points().total == (0, 1)


class TestHonours:
    """RULES.md §2 Honours, D1: A K Q J of trumps held by a side (dealt to the two partners, not won
    in tricks): 4 score 4, any 3 score 2, fewer nothing."""

    def test_three_honours_held_score_two_even_when_lost_in_tricks(self) -> None:
        d = play(hon3(), "AS")
        assert d.legal_actions() == cards("KS QS JS 4S")
        d = play(d, "KS 6S TS")  # East's king falls to the ace: North-South win it
        assert d.tricks_won[Seat.N] == 1
        d = play_first(d)
        assert d.side_honours(Side.EW) == 3
        assert d.side_honours(Side.NS) == 1
        assert d.points().honours == (0, 2)

    def test_three_honours_split_between_partners(self) -> None:
        d = play_first(asker())
        assert (d.honours_held(Seat.N), d.honours_held(Seat.S)) == (2, 1)
        assert d.points().honours == (2, 0)

    def test_four_honours_score_four(self) -> None:
        hands, turned = sweep(Seat.N, Side.NS)
        d = play_first(ClassicDeal.new(CLASSIC, Seat.N, hands, turned))
        assert d.points() == deal_points(CLASSIC, (0, 0), (13, 0), (4, 0))
        assert d.points().honours == (4, 0)
        assert d.points().total == (11, 0)

    def test_two_honours_each_score_nothing(self) -> None:
        d = play(mixed(), MIXED_PLAY)
        assert (d.side_honours(Side.NS), d.side_honours(Side.EW)) == (2, 2)
        assert d.points().honours == (0, 0)

    def test_honours_are_counted_in_the_trump_suit_only(self) -> None:
        d = play_first(ClassicDeal.new(CLASSIC, Seat.N, parse_deal(MIXED), parse_card("2C")))
        # trumps are clubs: E holds A K Q, S holds J
        assert (d.side_honours(Side.NS), d.side_honours(Side.EW)) == (1, 3)

    @pytest.mark.parametrize(("held", "points"), [(0, 0), (1, 0), (2, 0), (3, 2), (4, 4)])
    def test_honour_table(self, held: int, points: int) -> None:
        assert deal_points(CLASSIC, (0, 0), (6, 7), (held, 4 - held)).honours[0] == points

    def test_option_honours_off(self) -> None:
        rules = with_options(CLASSIC, {"honours": "off"})
        assert play(ten_three(rules), TEN_THREE_PLAY).points().honours == (0, 0)


class TestTricksBeforeHonours:
    """RULES.md §2 Game, D17 (seed 000 "les points d'honneurs comptent après ceux des levées"):
    trick points are added first; if they take their side to 10 it wins the game and no honours
    are scored on the deal by either side; otherwise honours are added, and a side that reaches
    10 by them wins the game."""

    def test_trick_points_reach_game_so_no_honours_by_either_side(self) -> None:
        d = play(ten_three(NO_CALLS, (6, 8)), TEN_THREE_PLAY)
        pts = d.points()
        assert pts.tricks == (4, 0)
        assert pts.honours == (0, 0)  # East-West held three honours: 8 + 2 would be 10
        assert pts.game_winner is Side.NS

    def test_honours_win_the_game_when_tricks_do_not(self) -> None:
        d = play(ten_three(NO_CALLS, (5, 8)), TEN_THREE_PLAY)
        pts = d.points()
        assert pts.total == (4, 2)
        assert pts.game_winner is Side.EW

    def test_winner_by_honours_of_the_side_that_also_won_tricks(self) -> None:
        pts = deal_points(CLASSIC, (7, 0), (8, 5), (4, 0))
        assert pts.tricks == (2, 0) and pts.honours == (4, 0) and pts.game_winner is Side.NS

    def test_no_game_when_neither_side_reaches_ten(self) -> None:
        pts = play(ten_three(NO_CALLS, (5, 7)), TEN_THREE_PLAY).points()
        assert pts.total == (4, 2) and pts.game_winner is None

    def test_honours_count_for_the_other_side_when_tricks_do_not_reach_game(self) -> None:
        pts = deal_points(CLASSIC, (0, 0), (9, 4), (1, 3))
        assert pts.total == (3, 2)


class TestCallingAtEight:
    """RULES.md §2 Calling at eight, D19 (option ``call_at_eight``), only for a side at exactly 8 when
    the deal starts: (a) a player holding 3 or 4 honours claims at once, before the first lead,
    and wins the game; (b) a player holding exactly 2 may ask "can you one?" at his first turn,
    before playing a card, once per side; the partner's answer is forced and true; yes wins the
    game, a public no lets play go on; (c) both sides may be at 8; (d) calls are actions."""

    # (a) the claim with three or four honours
    def test_three_honours_claim_before_the_first_lead(self) -> None:
        d = hon3(start=(0, 8))
        assert d.to_act is Seat.E  # not North, the eldest hand
        assert d.legal_actions() == (Call("claim", cards("KS QS JS")),)
        assert d.legal_actions()[0].text == "claim KS QS JS"

    def test_nobody_may_lead_before_the_claim(self) -> None:
        d = hon3(start=(0, 8))
        with pytest.raises(NotYourTurn):
            d.apply("AS", Seat.N)
        with pytest.raises(IllegalAction, match="East must first claim his honours: claim KS QS JS") as exc:
            d.apply("KS")
        assert exc.value.fr == "Est doit d'abord annoncer ses honneurs : annoncer KS QS JS"

    def test_the_claim_wins_the_game_without_play(self) -> None:
        d = hon3(start=(0, 8)).apply("claim KS QS JS")
        assert d.is_over and d.to_act is None
        assert d.tricks_won == (0, 0, 0, 0)
        pts = d.points()
        assert pts.total == (0, 2)
        assert pts.game_winner is Side.EW
        assert d.called_side() is Side.EW

    def test_the_claimed_honours_are_shown_to_all(self) -> None:
        d = hon3(start=(0, 8)).apply("claim KS QS JS")
        for seat in (*SEATS, None):
            v = d.view(seat)
            assert v.shown == ((Seat.E, cards("KS QS JS")),)
            assert set(cards("KS QS JS")) <= v.visible_cards()

    def test_four_honours_claim_two_points(self) -> None:
        hands, turned = sweep(Seat.N, Side.NS)
        d = ClassicDeal.new(CLASSIC, Seat.N, hands, turned, (8, 0))
        assert d.legal_actions() == (Call("claim", cards("AS KS QS JS")),)
        d = d.apply(d.legal_actions()[0])
        assert d.points().total == (2, 0) and d.points().game_winner is Side.NS

    @pytest.mark.parametrize("score", [(0, 7), (0, 9), (8, 0), (0, 0)])
    def test_no_claim_unless_the_holders_side_is_exactly_at_eight(self, score: tuple[int, int]) -> None:
        d = hon3(start=score)
        assert d.to_act is Seat.N
        assert all(isinstance(a, Card) for a in d.legal_actions())

    def test_claim_wins_at_once_in_a_match_and_the_next_dealer_starts_a_new_game(self) -> None:
        m = Match(CLASSIC, Seat.W, Seat.W, score=(0, 8)).deal_hands(parse_deal(HON3), parse_card("TS"))
        m = m.apply("claim KS QS JS")
        assert m.current is None
        assert m.games[-1].winner is Side.EW
        assert m.games[-1].game_points == 3  # the losers have 0
        assert m.score == (0, 0)
        assert m.dealer is Seat.N

    # (b) "can you one?"
    def test_ask_at_first_turn_with_exactly_two_honours(self) -> None:
        d = mixed(start=(8, 0))
        assert d.legal_actions()[0] == ASK
        assert d.legal_actions()[1:] == cards("AS KS 3S 2S AH KH QH 5D 4D 3D 2D 3C 2C")

    def test_ask_is_allowed_when_following_suit(self) -> None:
        d = play(mixed(start=(0, 8)), "AS")  # East must follow spades, and may still ask
        assert d.legal_actions() == (ASK, *cards("QS JS 5S 4S"))
        d = d.apply("ask")
        assert d.to_act is Seat.W
        assert d.legal_actions() == (NO,)

    def test_partner_answers_yes_if_dealt_an_honour_even_one_already_played(self) -> None:
        d = play(asker(start=(8, 0)), "4S JS TS")  # South has played his only honour
        assert d.legal_actions() == (ASK, *cards("AS KS 3S 2S"))
        d = d.apply("ask")
        assert d.to_act is Seat.S
        assert d.legal_actions() == (YES,)
        with pytest.raises(IllegalAction):
            d.apply("no")
        d = d.apply("yes")
        assert d.is_over
        assert d.points().total == (2, 0) and d.points().game_winner is Side.NS
        assert dict(d.view(Seat.E).shown) == {Seat.N: cards("AS KS"), Seat.S: cards("JS")}

    def test_a_no_is_forced_public_and_play_goes_on(self) -> None:
        d = mixed(start=(8, 0)).apply("ask")
        assert d.legal_actions() == (NO,)
        with pytest.raises(IllegalAction):
            d.apply("yes")
        d = d.apply("no")
        assert (Seat.S, NO) in d.view(Seat.E).actions
        assert (Seat.S, NO) in d.view(None).actions
        assert d.to_act is Seat.N
        assert ASK not in d.legal_actions()
        with pytest.raises(IllegalAction, match="before playing your first card"):
            d.apply("ask")
        d = play(d, MIXED_PLAY)
        assert d.points().total == (0, 1)  # honours two all: nothing; EW one odd trick

    @pytest.mark.parametrize("seat", SEATS)
    def test_after_a_no_the_asker_may_not_ask_again(self, seat: Seat) -> None:
        """(b) "once per deal", (c) "one call per side per deal": after his partner's "no" the
        asker plays his first card, whichever seat he sits in. MIXED is turned so that ``seat``
        holds North's hand (two honours, his partner none) and is eldest hand."""
        pbn = f"{seat.name}:{MIXED.removeprefix('N:')}"
        d = ClassicDeal.new(CLASSIC, seat.left.left.left, parse_deal(pbn), parse_card("TS"),
                            (8, 0) if seat.side is Side.NS else (0, 8))
        assert d.to_act is seat and d.legal_actions()[0] == ASK
        d = play(d, "ask no")
        assert d.to_act is seat
        assert ASK not in d.legal_actions()
        with pytest.raises(IllegalAction, match="once per deal"):
            d.apply("ask")

    def test_no_ask_after_the_first_card(self) -> None:
        d = play(mixed(start=(8, 0)), "AS 4S 6S TS")
        assert d.to_act is Seat.N
        assert ASK not in d.legal_actions()
        with pytest.raises(IllegalAction):
            d.apply("ask")

    @pytest.mark.parametrize("score", [(7, 0), (9, 0), (0, 8)])
    def test_no_ask_unless_the_side_is_exactly_at_eight(self, score: tuple[int, int]) -> None:
        assert ASK not in mixed(start=score).legal_actions()

    def test_no_ask_without_exactly_two_honours(self) -> None:
        d = hon3(start=(8, 0))  # N holds one honour
        assert ASK not in d.legal_actions()
        d = play(asker(start=(8, 0)), "4S")  # S holds one honour
        assert ASK not in d.legal_actions()

    def test_the_answer_must_come_from_the_partner(self) -> None:
        d = mixed(start=(8, 0)).apply("ask")
        with pytest.raises(NotYourTurn, match="South's turn"):
            d.apply("no", Seat.E)
        with pytest.raises(IllegalAction):
            d.apply("2C")

    # (c) both sides at eight: calls in the order of play
    def test_both_sides_at_eight_ask_in_the_order_of_play(self) -> None:
        d = play(mixed(start=(8, 8)), "ask no AS")
        assert d.to_act is Seat.E
        assert d.legal_actions()[0] == ASK
        d = play(d, "ask no 4S")
        assert [(s.name, a.text) for s, a in d.actions] == [
            ("N", "ask"), ("S", "no"), ("N", "AS"), ("E", "ask"), ("W", "no"), ("E", "4S")]
        assert ASK not in d.legal_actions()  # S holds no honour
        d = play(d, MIXED_PLAY.split(maxsplit=2)[2])
        assert d.points().total == (0, 1) and d.points().game_winner is None

    def test_both_sides_at_eight_the_three_honours_claim_comes_before_any_ask(self) -> None:
        d = hon3(start=(8, 8))
        assert d.to_act is Seat.E
        assert d.legal_actions() == (Call("claim", cards("KS QS JS")),)

    def test_the_exception_beats_tricks_before_honours(self) -> None:
        # TestTricksBeforeHonours: with no calling, NS win this deal's game by tricks; at eight
        # East claims first (seed 000: "il existe une exception à la priorité des points de levée").
        d = ten_three(CLASSIC, (6, 8))
        assert d.to_act is Seat.E
        d = d.apply(d.legal_actions()[0])
        assert d.points().game_winner is Side.EW

    def test_option_off_no_calls(self) -> None:
        assert hon3(NO_CALLS, (0, 8)).to_act is Seat.N
        assert ASK not in mixed(NO_CALLS, (8, 8)).legal_actions()

    def test_no_calls_when_honours_are_not_scored(self) -> None:
        """RULES.md §2, D19: the call claims the honours' 2 points (seed 000: the player "en fait
        valoir immédiatement les 2 points"); at a table that scores no honours (option ``honours``
        off) there is nothing to claim or to ask for, and play starts as usual."""
        assert hon3(CLASSIC, (0, 8)).to_act is not Seat.N  # East claims
        assert ASK in mixed(CLASSIC, (8, 8)).legal_actions()
        no_honours = with_options(CLASSIC, {"honours": "off"})
        assert hon3(no_honours, (0, 8)).to_act is Seat.N
        assert ASK not in mixed(no_honours, (8, 8)).legal_actions()


class TestNoHonoursAtNine:
    """RULES.md §2 option ``no_honours_at_nine`` (off in classic; the Laws): a side at 9 when the deal
    starts cannot score honours; by default (the seed) they count."""

    def test_default_honours_count_at_nine(self) -> None:
        pts = play(ten_three(CLASSIC, (0, 9)), TEN_THREE_PLAY).points()
        assert pts.honours == (0, 2)
        assert pts.game_winner is Side.EW

    def test_option_on_no_honours_at_nine(self) -> None:
        rules = with_options(CLASSIC, {"no_honours_at_nine": "on"})
        pts = play(ten_three(rules, (0, 9)), TEN_THREE_PLAY).points()
        assert pts.total == (4, 0)
        assert pts.game_winner is None

    def test_option_on_only_bars_the_side_at_nine(self) -> None:
        rules = with_options(CLASSIC, {"no_honours_at_nine": "on"})
        assert deal_points(rules, (9, 0), (6, 7), (1, 3)).honours == (0, 2)
        assert deal_points(rules, (0, 9), (7, 6), (3, 1)).honours == (2, 0)
        assert deal_points(rules, (0, 8), (6, 7), (1, 3)).honours == (0, 2)


class TestGamePoints:
    """RULES.md §2 Game points: the winner of a game scores 3 if the losers have 0, 2 if they have
    1–4, 1 if they have 5 or more (the losers' points at the end of the game); points above
    10 are lost and the next game starts at 0–0."""

    @pytest.mark.parametrize(("losers", "value"),
                             [(0, 3), (1, 2), (2, 2), (4, 2), (5, 1), (8, 1), (9, 1)])
    def test_game_points_by_the_losers_score(self, losers: int, value: int) -> None:
        m = Match(CLASSIC, Seat.N, Seat.N, score=(0, losers))
        m = play_sweeps(m, Side.NS)
        game = m.games[-1]
        assert game.winner is Side.NS
        assert game.game_points == value
        assert game.score == (10, losers)  # 11 points: the eleventh is lost
        assert m.score == (0, 0)
        assert game_value(CLASSIC, losers) == value

    def test_the_losers_points_at_the_end_of_the_game_count(self) -> None:
        # NS start at 3 and score 4 on the last deal; EW win by honours: the losers have 7.
        m = Match(NO_CALLS, Seat.S, Seat.S, score=(3, 8))
        m = m.deal_hands(parse_deal(TEN_THREE), parse_card("2S"))
        for text in TEN_THREE_PLAY.split():
            m = m.apply(text)
        assert m.games[-1].winner is Side.EW
        assert m.games[-1].score == (7, 10)
        assert m.games[-1].game_points == 1  # 2 if the losers' score at the start (3) counted

    def test_score_carries_over_between_deals_of_a_game(self) -> None:
        m = Match(NO_CALLS, Seat.S, Seat.S).deal_hands(parse_deal(TEN_THREE), parse_card("2S"))
        for text in TEN_THREE_PLAY.split():
            m = m.apply(text)
        assert m.score == (4, 2)
        assert m.games == ()
        assert m.dealer is Seat.W


class TestRubber:
    """RULES.md §2 Rubber: the first side to win two games wins it; a third game (belle) decides
    1–1; the winner adds 2 rubber points (``rubber_bonus``); totals are game points plus rubber
    points; a match is ``rubbers`` rubbers."""

    def test_two_games_straight(self) -> None:
        m = play_sweeps(Match(CLASSIC, Seat.N, Seat.N), Side.NS, Side.NS)
        assert [g.winner for g in m.games] == [Side.NS, Side.NS]
        (r,) = m.rubbers
        assert r.winner is Side.NS
        assert r.games == (2, 0)
        assert r.game_points == (6, 0)
        assert r.rubber_points == (2, 0)
        assert r.totals == (8, 0)
        assert m.is_over and m.totals() == (8, 0)

    def test_the_belle_decides_one_all(self) -> None:
        m = play_sweeps(Match(CLASSIC, Seat.N, Seat.N), Side.NS, Side.EW)
        assert m.rubbers == () and m.games_in_rubber() == (1, 1) and not m.is_over
        m = play_sweeps(m, Side.NS)
        (r,) = m.rubbers
        assert r.winner is Side.NS and r.games == (2, 1)
        assert r.game_points == (6, 3)
        assert r.rubber_points == (2, 0)
        assert m.totals() == (8, 3)

    def test_rubber_bonus_option(self) -> None:
        rules = with_options(CLASSIC, {"rubber_bonus": "5"})
        m = play_sweeps(Match(rules, Seat.E, Seat.E), Side.EW, Side.EW)
        assert m.rubbers[0].rubber_points == (0, 5)
        assert m.totals() == (0, 11)

    def test_a_match_of_two_rubbers(self) -> None:
        rules = with_options(CLASSIC, {"rubbers": "2"})
        m = play_sweeps(Match(rules, Seat.N, Seat.N), Side.NS, Side.NS)
        assert len(m.rubbers) == 1 and not m.is_over and m.needs_deal
        assert m.games_in_rubber() == (0, 0)
        m = play_sweeps(m, Side.EW, Side.NS, Side.EW)
        assert m.is_over and not m.needs_deal
        assert [r.winner for r in m.rubbers] == [Side.NS, Side.EW]
        assert [g.rubber for g in m.games] == [0, 0, 1, 1, 1]
        assert m.totals() == (8 + 3, 6 + 2)
        with pytest.raises(IllegalAction, match="the match is over"):
            m.deal(random.Random(0))


class TestSettlement:
    """RULES.md §2: with a stake per point, each player of the winning side is paid by the player
    on his left the difference of the totals times the stake."""

    def test_north_south_win(self) -> None:
        rules = with_options(CLASSIC, {"stake": "0.5"})
        m = play_sweeps(Match(rules, Seat.N, Seat.N), Side.NS, Side.EW, Side.NS)
        assert m.totals() == (8, 3)
        # N is paid by E (on his left), S by W
        assert m.settlement() == {"N": 2.5, "E": -2.5, "S": 2.5, "W": -2.5}

    def test_east_west_win_paid_by_the_player_on_their_left(self) -> None:
        rules = with_options(CLASSIC, {"stake": "2"})
        assert settlement(rules, (3, 8)) == {"N": -10.0, "E": 10.0, "S": -10.0, "W": 10.0}
        assert Seat.E.left is Seat.S and Seat.W.left is Seat.N

    @pytest.mark.parametrize(("stake", "points", "paid"), [
        ("0.125", 1, 0.125), ("0.375", 1, 0.375), ("0.125", 3, 0.375), ("0.015", 1, 0.015),
        ("0.025", 1, 0.025), ("0.004", 1, 0.004), ("0.1", 7, 0.7), ("0.3", 3, 0.9)])
    def test_the_settlement_is_the_difference_times_the_stake_exactly(
            self, stake: str, points: int, paid: float) -> None:
        """RULES.md §2: the difference times the stake, not rounded to hundredths (at 1/8 a point,
        1 point paid 0.12 and 3 paid 0.38, half-cents rounded both ways; a stake of 0.004 paid
        nothing), nor the float product's 0.30000000000000004."""
        rules = with_options(CLASSIC, {"stake": stake})
        assert settlement(rules, (points, 0)) == {"N": paid, "E": -paid, "S": paid, "W": -paid}

    def test_no_stake_no_money(self) -> None:
        m = play_sweeps(Match(CLASSIC, Seat.N, Seat.N), Side.NS, Side.NS)
        assert m.settlement() == {"N": 0.0, "E": 0.0, "S": 0.0, "W": 0.0}

    def test_equal_totals_no_money(self) -> None:
        rules = with_options(CLASSIC, {"stake": "1"})
        assert set(settlement(rules, (4, 4)).values()) == {0.0}


class TestDealerPassesLeft:
    """RULES.md §1: the first dealer is drawn by lot (the seeded generator, D20); the next deal's
    dealer is the left of the dealer."""

    def test_dealer_passes_left_across_games(self) -> None:
        rules = with_options(CLASSIC, {"rubbers": "3"})
        m = play_sweeps(Match(rules, Seat.E, Seat.E), Side.NS, Side.EW, Side.NS, Side.EW, Side.NS)
        assert len(m.games) == 5  # every sweep wins a game
        assert [d.dealer for d in m.deals] == [Seat.E, Seat.S, Seat.W, Seat.N, Seat.E]
        assert m.dealer is Seat.S

    def test_dealer_passes_left_within_a_game(self) -> None:
        m = Match(with_options(CLASSIC, {"rubbers": "5"}), Seat.W, Seat.W)
        for expected in (Seat.W, Seat.N, Seat.E, Seat.S, Seat.W):
            assert m.dealer is expected
            m = finish_deal(m.deal(random.Random(expected)))
        assert [d.dealer for d in m.deals[:5]] == [Seat.W, Seat.N, Seat.E, Seat.S, Seat.W]

    def test_first_dealer_drawn_by_lot_with_the_seeded_generator(self) -> None:
        firsts = {Match.start(CLASSIC, random.Random(seed)).first_dealer for seed in range(40)}
        assert firsts == set(SEATS)
        for seed in range(10):
            a = Match.start(CLASSIC, random.Random(seed))
            b = Match.start(CLASSIC, random.Random(seed))
            assert a.first_dealer is b.first_dealer is a.dealer


class TestShortWhist:
    """RULES.md §3 Short whist (preset ``short``): as classic with game to 5; no calling; a side at 4
    when the deal starts cannot score honours; game points 3 / 2 / 1 for losers at 0 / 1–2 / 3–4."""

    def test_preset_values(self) -> None:
        assert SHORT.game_points == 5
        assert not SHORT.call_at_eight
        assert SHORT.no_honours_at_nine
        assert SHORT.points_per_odd_trick == 1

    def test_game_to_five_by_tricks(self) -> None:
        pts = play(ten_three(SHORT, (1, 0)), TEN_THREE_PLAY).points()
        assert pts.tricks == (4, 0) and pts.honours == (0, 0) and pts.game_winner is Side.NS

    def test_game_to_five_by_honours(self) -> None:
        pts = play(ten_three(SHORT, (0, 3)), TEN_THREE_PLAY).points()
        assert pts.total == (4, 2) and pts.game_winner is Side.EW

    def test_a_side_at_four_cannot_score_honours(self) -> None:
        pts = play(ten_three(SHORT, (0, 4)), TEN_THREE_PLAY).points()
        assert pts.total == (4, 0) and pts.game_winner is None

    def test_no_calling(self) -> None:
        d = hon3(SHORT, (3, 3))
        assert d.to_act is Seat.N
        assert all(isinstance(a, Card) for a in d.legal_actions())
        assert ASK not in mixed(SHORT, (3, 3)).legal_actions()
        assert ASK not in mixed(SHORT, (4, 4)).legal_actions()  # (8 is past a game of 5: refused)

    @pytest.mark.parametrize(("losers", "value"), [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
    def test_game_points(self, losers: int, value: int) -> None:
        m = play_sweeps(Match(SHORT, Seat.N, Seat.N, score=(0, losers)), Side.NS)
        assert m.games[-1].game_points == value
        assert m.games[-1].score == (5, losers)
        assert game_value(SHORT, losers) == value

    def test_rubber_with_rubber_points(self) -> None:
        m = play_sweeps(Match(SHORT, Seat.N, Seat.N), Side.NS, Side.NS)
        assert m.rubbers[0].totals == (8, 0)


class TestSimpleWhist:
    """RULES.md §4 Simple whist (preset ``simple``, seed 004): each trick over six scores 2; no calling
    at eight; games to 10 over as many deals as it takes (D21); no game points or rubber points:
    the first side to win two games wins; the turned card is shown, then taken back."""

    def test_two_points_per_odd_trick(self) -> None:
        pts = play(ten_three(SIMPLE), TEN_THREE_PLAY).points()
        assert pts.tricks == (8, 0) and pts.honours == (0, 2) and pts.game_winner is None

    def test_game_to_ten_tricks_before_honours(self) -> None:
        pts = play(ten_three(SIMPLE, (2, 8)), TEN_THREE_PLAY).points()
        assert pts.total == (8, 0) and pts.game_winner is Side.NS

    def test_game_over_several_deals(self) -> None:
        m = Match(SIMPLE, Seat.S, Seat.S).deal_hands(parse_deal(TEN_THREE), parse_card("2S"))
        for text in TEN_THREE_PLAY.split():
            m = m.apply(text)
        assert m.score == (8, 2) and m.games == ()

    def test_no_calling_at_eight(self) -> None:
        assert hon3(SIMPLE, (0, 8)).to_act is Seat.N
        assert ASK not in mixed(SIMPLE, (8, 8)).legal_actions()

    def test_turned_card_shown_then_taken_back(self) -> None:
        d = ten_three(SIMPLE)
        for seat in (*SEATS, None):
            v = d.view(seat)
            assert not v.trump_card_face_up
            assert v.trump_card is parse_card("2S")  # every seat saw it
            assert v.dealer_holds_trump_card
            assert v.trump is Suit.SPADES

    def test_first_to_two_games_no_game_or_rubber_points(self) -> None:
        m = play_sweeps(Match(SIMPLE, Seat.N, Seat.N), Side.NS, Side.EW)
        assert not m.is_over
        m = play_sweeps(m, Side.EW)
        assert m.is_over
        assert [g.game_points for g in m.games] == [0, 0, 0]
        (r,) = m.rubbers
        assert r.winner is Side.EW and r.games == (1, 2)
        assert r.game_points == (0, 0)
        assert m.totals()[Side.EW] > m.totals()[Side.NS]


class TestOptions:
    """Issue #2 item 4: every option in one frozen dataclass with a docstring per field; presets
    classic/short/simple; overridable by name=value and by a TOML file; an unknown option or a
    bad value is a clear RulesError."""

    def test_presets(self) -> None:
        assert set(PRESETS) >= {"classic", "short", "simple"}
        assert Rules() == CLASSIC
        assert (CLASSIC.game_points, CLASSIC.points_per_odd_trick, CLASSIC.call_at_eight,
                CLASSIC.no_honours_at_nine, CLASSIC.rubber_bonus, CLASSIC.must_trump,
                CLASSIC.stake, CLASSIC.rubbers) == (10, 1, True, False, 2, False, 0.0, 1)
        assert SIMPLE.points_per_odd_trick == 2 and not SIMPLE.call_at_eight
        assert not SIMPLE.game_and_rubber_points and not SIMPLE.trump_card_stays_up
        assert preset("Short ") is SHORT

    def test_every_option_is_named_and_documented_in_english_and_french(self) -> None:
        for name in Rules.names():
            for lang in ("en", "fr"):
                assert Rules.doc(name, lang).strip() and Rules.label(name, lang).strip(), (name, lang)
            assert Rules.doc(name, "fr") != Rules.doc(name, "en"), name
            # French quotes a value as French does, « couleur », as every French message of whist
            assert not re.search(r"'\w+'", Rules.doc(name, "fr")), Rules.doc(name, "fr")
            # the English says classic whist's words in English (RULES.md, Vocabulary: manche is
            # game, robre rubber): the web page shows it to players who have no French
            english = Rules.doc(name, "en") + " " + Rules.label(name, "en")
            assert not re.search(r"\b(manche|robre|levée|pli|atout|donneur|preneur)s?\b", english), english
        with pytest.raises(RulesError):
            Rules.label("game_point")

    def test_rules_are_frozen(self) -> None:
        with pytest.raises(dataclasses.FrozenInstanceError):
            CLASSIC.game_points = 5  # type: ignore[misc]

    def test_with_options_text_and_typed_values(self) -> None:
        r = with_options(CLASSIC, {"must_trump": "on", "game-points": "7", "stake": "0.25",
                                   "rubber_bonus": 3, "no_honours_at_nine": True})
        assert (r.must_trump, r.game_points, r.stake, r.rubber_bonus, r.no_honours_at_nine) == (
            True, 7, 0.25, 3, True)
        assert r.preset == "classic"
        assert CLASSIC.game_points == 10

    def test_an_override_changes_play(self) -> None:
        r = with_options(CLASSIC, {"game_points": "5", "single_game_from": "3"})
        assert play(ten_three(r, (1, 0)), TEN_THREE_PLAY).points().game_winner is Side.NS
        r = with_options(CLASSIC, {"points_per_odd_trick": "3"})
        assert play(ten_three(r), TEN_THREE_PLAY).points().tricks == (12, 0)

    @pytest.mark.parametrize(
        ("values", "says"),
        [({"colour": "red"}, "unknown option 'colour'"),
         ({"preset": "short"}, "'preset' is not an option to change: choose the preset itself"),
         ({"must_trump": "maybe"}, "must_trump takes on/off"),
         ({"game_points": "ten"}, "game_points takes a whole number"),
         ({"game_points": "7.5"}, "game_points takes a whole number"),
         ({"game_points": True}, "game_points takes a whole number"),
         ({"stake": "lots"}, "stake takes a number"), ({"stake": "-1"}, "cannot be negative"),
         ({"stake": "nan"}, "stake takes a finite number, not nan"),
         ({"stake": "inf"}, "stake takes a finite number, not inf"),
         ({"stake": float("-inf")}, "stake takes a finite number, not -inf"),
         ({"stake": "1e999"}, "stake takes a finite number"),
         ({"game_points": "0"}, "game_points must be at least 1"),
         ({"rubbers": "0"}, "rubbers must be at least 1"),
         ({"rubbers": "100"}, "option rubbers is at most 99"),
         ({"deals": "7"}, "option deals is not part of classic whist"),
         ({"trou_surprise": "on"}, "option trou_surprise is not part of classic whist"),
         ({"points_per_odd_trick": "0"}, "at least 1"),
         ({"game": "bridge"}, "option game"),
         # true was a stake of 1.0, and Python's reading of numbers took 4_0 (40) and ٣ (3)
         ({"stake": True}, "stake takes a number, not true"),
         ({"stake": "1_000"}, "stake takes a number, not '1_000'"),
         ({"game_points": "1_0"}, "game_points takes a whole number, not '1_0'"),
         ({"game_points": "\u0663"}, "game_points takes a whole number")],
    )
    def test_unknown_option_or_bad_value(self, values: dict[str, Any], says: str) -> None:
        with pytest.raises(RulesError, match=says):
            with_options(CLASSIC, values)

    def test_a_stake_of_minus_zero_is_zero(self) -> None:
        """``-0.0`` was kept and shown as a stake of -0.0."""
        for value in (-0.0, "-0", "-0.0"):
            stake = with_options(CLASSIC, {"stake": value}).stake
            assert stake == 0.0 and str(stake) == "0.0"

    def test_game_points_below_the_single_game_says_both_values(self) -> None:
        """Games of 3 with the classic preset's single game from 5 (RULES.md §2): the refusal
        names the option given and the one the player did not touch, with their values, and what
        to do, in English and French; it said only that single_game_from is between 1 and
        game_points, which read as a refusal of an option nobody gave."""
        with pytest.raises(RulesError) as refused:
            with_options(CLASSIC, {"game_points": "3"})
        assert refused.value.in_lang("en") == ("option game_points is 3, below single_game_from (5):"
                                               " give single_game_from too, between 1 and 3")
        assert refused.value.in_lang("fr") == ("l'option game_points vaut 3, moins que"
                                               " single_game_from (5) : donnez aussi"
                                               " single_game_from, entre 1 et 3")
        with pytest.raises(RulesError) as refused:  # the one given out of range: said as it is
            with_options(CLASSIC, {"game_points": "10", "single_game_from": "12"})
        assert refused.value.in_lang("en") == ("option single_game_from is 12: it must be between 1"
                                               " and game_points (10)")
        assert with_options(CLASSIC, {"game_points": "3", "single_game_from": "3"}).game_points == 3

    def test_options_that_value_games_need_game_and_rubber_points(self) -> None:
        """RULES.md §4: simple whist has no game or rubber points, so a rubber bonus or the single
        game's threshold changes nothing there; both were taken without a word. Refused, unless
        game and rubber points are turned on too."""
        for option in ({"rubber_bonus": "5"}, {"single_game_from": "3"}):
            with pytest.raises(RulesError, match="changes nothing without game and rubber points"):
                with_options(SIMPLE, option)
        with pytest.raises(RulesError, match="option rubber_bonus changes nothing"):
            with_options(CLASSIC, {"game_and_rubber_points": "off", "rubber_bonus": "5"})
        assert with_options(SIMPLE, {"game_and_rubber_points": "on", "rubber_bonus": "5"}).rubber_bonus == 5
        assert with_options(SIMPLE, {"rubber_bonus": str(SIMPLE.rubber_bonus)}) == SIMPLE

    def test_options_of_the_other_game_are_refused_unless_left_as_they_are(self) -> None:
        """An option that changes nothing in the game played is a mistake of the player's:
        refused, unless it keeps the preset's value; a record (every option stored) reads back."""
        with pytest.raises(RulesError, match="option stake is not part of colour whist as couleur"):
            with_options(preset("couleur"), {"stake": "1"})
        with pytest.raises(RulesError, match="option honours is not part of colour whist"):
            with_options(preset("pagat"), {"honours": "off"})
        assert with_options(preset("couleur"), {"stake": "0", "deals": "4"}).deals == 4
        assert with_options(CLASSIC, {"deals": "16", "all_pass": "redeal"}) == CLASSIC
        assert with_options(preset("couleur"), {"game": "classic", "deals": "16"}).game == "classic"
        stored = {**CLASSIC.to_dict(), "deals": 3, "rubbers": 150}
        assert Rules.from_dict(stored).deals == 3 and Rules.from_dict(stored).rubbers == 150
        with pytest.raises(RulesError, match="at most 999"):
            with_options(preset("couleur"), {"deals": "1000"})
        assert Rules.from_dict({**preset("couleur").to_dict(), "deals": 1000}).deals == 1000

    def test_unknown_preset(self) -> None:
        with pytest.raises(RulesError, match="unknown preset 'bridge'"):
            preset("bridge")

    def test_load_rules_from_toml(self, tmp_path: Path) -> None:
        f = tmp_path / "club.toml"
        f.write_text('preset = "short"\nmust_trump = true\n[options]\nstake = 0.5\n', encoding="utf-8")
        r = load_rules(f)
        assert r.preset == "short" and r.game_points == 5
        assert r.must_trump and r.stake == 0.5

    def test_an_option_given_at_the_top_and_under_options_is_refused(self, tmp_path: Path) -> None:
        """``stake = 1`` at the top and ``stake = 2`` under ``[options]``: the top one was kept
        without a word; which one the club meant, the file does not say."""
        f = tmp_path / "club.toml"
        f.write_text('preset = "short"\nstake = 1\n[options]\nstake = 2\n', encoding="utf-8")
        with pytest.raises(RulesError) as twice:
            load_rules(f)
        assert twice.value.in_lang("en") == (f"{f}: option stake is given twice, at the top and"
                                             " under [options]: give it once")
        assert twice.value.in_lang("fr") == (f"{f} : l'option stake est donnée deux fois, en tête"
                                             " et sous [options] : donnez-la une seule fois")

    def test_load_rules_without_preset_uses_the_base(self, tmp_path: Path) -> None:
        f = tmp_path / "club.toml"
        f.write_text("game_points = 7\n", encoding="utf-8")
        assert load_rules(f).game_points == 7
        assert load_rules(f, SIMPLE).points_per_odd_trick == 2

    @pytest.mark.parametrize(
        ("text", "says"),
        [("colour = 1\n", "unknown option 'colour'"), ("must_trump = 3\n", "must_trump takes on/off"),
         ("game_points = [\n", "not valid TOML"), ('preset = "bridge"\n', "unknown preset"),
         ("options = 3\n", "must be a table"),
         # too large or too deep for Python: a traceback before (OverflowError, ValueError, RecursionError)
         ("stake = 1" + "0" * 400 + "\n", "option stake takes a finite number, not one this large"),
         ("game_points = " + "7" * 5000 + "\n", "a number in it has more than 4300 digits"),
         ("a = " + "[" * 5000 + "]" * 5000 + "\n", "is nested too deeply")],
    )
    def test_bad_rules_file(self, tmp_path: Path, text: str, says: str) -> None:
        f = tmp_path / "bad.toml"
        f.write_text(text, encoding="utf-8")
        with pytest.raises(RulesError, match=says):
            load_rules(f)

    @pytest.mark.parametrize(("text", "fr"), [
        ("game_points = \n", "(valeur invalide, ligne 1 colonne 15)"),
        ("[options\n", "(un ] manque à la fin du nom de la table, ligne 1 colonne 9)"),
        ('name = "club', "(un texte entre guillemets n'est pas fermé, à la fin du fichier)"),
        ("deals = 8\ndeals = 9\n", "(une option est donnée deux fois, ligne 2 colonne 10)"),
        ("deals = 8 9\n", "(une seule option par ligne, ligne 1 colonne 11)"),
        ("deals\n", "(un = manque après le nom de l'option, ligne 1 colonne 6)"),
    ])
    def test_a_toml_error_says_where_in_french(self, tmp_path: Path, text: str, fr: str) -> None:
        """The reader's "(at line 1, column 15)" was English in the French reason, and so were its
        words for what is wrong ("Invalid value", "Cannot overwrite a value")."""
        f = tmp_path / "bad.toml"
        f.write_text(text, encoding="utf-8")
        with pytest.raises(RulesError) as info:
            load_rules(f)
        assert info.value.fr == f"le fichier de règles {f} n'est pas du TOML valide {fr}"
        assert info.value.en.startswith(f"rules file {f} is not valid TOML: ")

    def test_rules_file_not_utf8(self, tmp_path: Path) -> None:
        """A file saved in Latin-1 (``é`` as one byte) is refused with a message, not a traceback."""
        f = tmp_path / "club.toml"
        f.write_bytes('# règles du club\ngame_points = 7\n'.encode("latin-1"))
        with pytest.raises(RulesError, match="is not UTF-8 text"):
            load_rules(f)

    def test_a_rules_file_with_a_byte_order_mark_is_read(self, tmp_path: Path) -> None:
        """Notepad on Windows saves UTF-8 with a byte order mark: TOML's reader took it for the
        start of a statement ("Invalid statement (at line 1, column 1)"); it is read as the CSV
        import reads it, the mark left out."""
        f = tmp_path / "club.toml"
        f.write_bytes(b'\xef\xbb\xbfpreset = "short"\ngame_points = 7\n')
        r = load_rules(f)
        assert r.preset == "short" and r.game_points == 7

    def test_a_rules_file_too_large_is_refused_unread(self, tmp_path: Path) -> None:
        """Whist reads at most 64 MB of any file; a rules file was read whole, whatever its size."""
        f = tmp_path / "club.toml"
        with f.open("wb") as out:
            out.truncate((64 << 20) + 1)
        with pytest.raises(RulesError, match="is too large for a rules file"):
            load_rules(f)

    def test_missing_rules_file(self, tmp_path: Path) -> None:
        with pytest.raises(RulesError, match="cannot read rules file"):
            load_rules(tmp_path / "nope.toml")

    def test_option_text_name_equals_value(self) -> None:
        assert parse_option("must_trump=on") == ("must_trump", "on")
        assert parse_option(" game_points = 7 ") == ("game_points", "7")
        for bad in ("must_trump", "=on", ""):
            with pytest.raises(RulesError, match="--option takes name=value"):
                parse_option(bad)

    def test_rules_round_trip_through_a_dict(self) -> None:
        r = with_options(SHORT, {"must_trump": "on", "stake": "1.5"})
        assert Rules.from_dict(r.to_dict()) == r

    def test_a_dict_read_from_json_with_a_stake_of_nan_is_refused(self) -> None:
        """Python's JSON reads ``NaN`` and ``Infinity``; such a stake is refused, so it never
        reaches a sheet or a record (where it would be written back as ``NaN``)."""
        for text in ("NaN", "Infinity"):
            data = {**CLASSIC.to_dict(), "stake": json.loads(text)}
            with pytest.raises(RulesError, match="stake takes a finite number"):
                Rules.from_dict(data)
