"""The rules of colour whist, continued (RULES.md §5.6 play, §5.8 all pass, a session of 16
deals, §5.10 options), one class per subsection as in ``test_couleur_rules.py`` (§5.1 to §5.5),
whose deals and helpers these tests share; its docstring says how the situations are built.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from test_couleur_rules import (
    BASE,
    LOW,
    ONE_SUIT,
    first_legal,
    new,
    others_cards,
    play_out,
    play_tricks,
    pts,
    run,
    texts,
)

from whist.actions import IllegalAction, NotYourTurn
from whist.cards import CARDS, SEATS, Card, Seat, Suit, cards_of, mask_of, parse_card, parse_deal
from whist.colour_session import ColourStats, made
from whist.contracts import parse_contract
from whist.couleur import CardCall, ColourDeal
from whist.couleur_match import ColourMatch
from whist.rules import Rules, preset, with_options
from whist.tables import dames_points

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


# ----- §5.6 ---------------------------------------------------------------------------------

def _contract_deal(pbn: str, calls: tuple[str, ...], name: str = "couleur", **options: Any) -> ColourDeal:
    d = run(new(pbn, name, **options), *calls)
    assert d.phase in ("play", "discard"), d.phase
    return d


class TestPlay:
    """§5.6: the leader and trump of each contract, the petite-misère discard, spread hands and
    when they are shown, the early stop, failed misère players playing on."""

    @pytest.mark.parametrize(("calls", "leader", "trump"), [
        (("propose H", "pass", "accept", "pass"), N, Suit.HEARTS),
        (("pass", "solo 7 C", "pass", "pass"), N, Suit.CLUBS),
        (("pass", "abondance D", "pass", "pass"), E, Suit.DIAMONDS),
        (("pass", "pass", "slam S", "pass"), S, Suit.SPADES),
        (("pass", "grande misère", "pass", "pass"), N, None),
        (("pass", "pass", "open misère", "pass"), N, None),
        (("pass", "piccolissimo", "pass", "pass"), N, None),
        (("pass", "piccolo", "accept", "pass"), N, None),
    ])
    def test_leader_and_trump(self, calls: tuple[str, ...], leader: Seat, trump: Suit | None) -> None:
        d = run(new(BASE), *calls)
        assert d.phase == "play" and d.to_act is leader
        assert d.in_play is not None and d.in_play.trump is trump
        assert d.view(W).trump is trump

    def test_abondance_sur_table_declarer_leads(self) -> None:
        d = run(new(BASE, abondance_sur_table=True), "pass", "pass", "abondance on the table H", "pass")
        assert d.phase == "play" and d.to_act is S

    def test_pagat_leaders(self) -> None:
        d = run(new(BASE, "pagat"), "pass", "abondance 10 D", "pass", "pass")
        assert d.to_act is E and d.in_play is not None and d.in_play.trump is Suit.DIAMONDS
        d = run(new(BASE, "pagat"), "pass", "pass", "piccolo", "pass")
        assert d.to_act is N and d.in_play is not None and d.in_play.trump is None

    @pytest.mark.parametrize(("calls", "leader", "trump"), [
        (("pass", "pass", "solo slim H", "pass"), S, Suit.HEARTS),
        (("pass", "abondance 12 C", "pass", "pass"), E, Suit.CLUBS),
        (("pass", "large misère", "pass", "pass"), N, None),
        (("pass", "solo 5 D", "pass", "pass"), N, Suit.DIAMONDS),
    ])
    def test_pagat_leaders_and_trump(self, calls: tuple[str, ...], leader: Seat, trump: Suit | None) -> None:
        """§5.5 pagat: "Abondance and solo slim: the declarer names trump and leads. Misères and
        piccolo: no trump, eldest leads"; any other contract: eldest leads (§5.6)."""
        d = _contract_deal(BASE, calls, "pagat")
        assert d.phase == "play" and d.to_act is leader
        assert d.in_play is not None and d.in_play.trump is trump and d.view(W).trump is trump

    @pytest.mark.parametrize("name", ["couleur", "pagat"])
    def test_petite_misère_discards(self, name: str) -> None:
        """Each of the four discards one card face down, from eldest; then 12 tricks."""
        d = run(new(LOW, name), "petite misère", "pass", "pass", "pass")
        assert d.phase == "discard" and d.to_act is N
        assert texts(d.legal_actions()) == ["discard " + c.text for c in cards_of(d.hands[N])]
        with pytest.raises(IllegalAction):
            d.apply("2C")  # no card is played before the discard
        with pytest.raises(IllegalAction):
            d.apply("discard AS")  # not his card
        for call in ("accept", "emballage 8 H", "pass"):  # a call: the auction is over, as in play
            with pytest.raises(IllegalAction, match=re.escape(
                    f"{call}: the auction is over; discard one of your cards (e.g. 'discard ")):
                d.apply(call)
        d = d.apply("discard 5S")
        assert d.to_act is E
        with pytest.raises(NotYourTurn):
            d.apply("discard 7H", seat=S)
        d = run(d, "discard 7D", "discard 8C")
        assert d.to_act is W and d.phase == "discard"
        d = d.apply("discard 6H")
        assert d.phase == "play" and d.to_act is N
        assert all(h.bit_count() == 12 for h in d.hands)
        # Discards stay hidden from the other players.
        own = {N: "5S", E: "7D", S: "8C", W: "6H"}
        discards = mask_of(parse_card(c) for c in own.values())
        for seat in (*SEATS, None):
            v = d.view(seat)
            assert v.discard == (parse_card(own[seat]) if seat is not None else None)
            shown = {c for c in v.visible_cards() if c.bit & discards}
            assert shown == ({parse_card(own[seat])} if seat is not None else set())
            for who, a in v.actions:
                if isinstance(a, CardCall):
                    assert a.kind == "discard"
                    assert (a.card is not None) == (who is seat)
        d = play_out(d)
        assert sum(d.tricks_won) == 12 and all(h == 0 for h in d.hands)
        assert sum(1 for _, a in d.actions if isinstance(a, Card)) == 48
        assert pts(d) == (18, -6, -6, -6)
        for seat in SEATS:
            others = {parse_card(c) for s, c in own.items() if s is not seat}
            assert not d.view(seat).visible_cards() & others

    def test_the_discards_begin_with_eldest_when_the_declarer_is_not_eldest(self) -> None:
        """RULES.md §5.6: "all four players discard, from eldest hand", whoever declares: East's
        petite misère (North eldest) is discarded to by North, East, South, West, and North
        leads the first trick."""
        d = run(new(LOW), "pass", "petite misère", "pass", "pass")
        assert d.view(None).declarers == (E,)
        order = []
        while d.phase == "discard":
            assert d.to_act is not None
            order.append(d.to_act)
            d = d.apply(d.legal_actions()[0])
        assert order == [N, E, S, W]
        assert d.phase == "play" and d.to_act is N

    def test_piccolissimo_has_no_discard(self) -> None:
        d = run(new(LOW), "piccolissimo", "pass", "pass", "pass")
        assert d.phase == "play"

    def test_grande_misère_sur_table_is_spread_after_trick_1(self) -> None:
        """D26 / seed: "Le premier tour se joue comme une grande misère classique. A partir de là,
        le joueur … découvre son jeu"."""
        d = run(new(LOW), "open misère", "pass", "pass", "pass")
        for _ in range(3):
            for seat in (E, S, W, None):
                assert d.view(seat).spread == ()
                assert not others_cards(d.view(seat), d) - {c for _, c in d.view(seat).played_cards()}
            d = d.apply(first_legal(d))
        assert d.view(E).spread == ()
        d = d.apply(first_legal(d))
        assert not d.is_over and sum(d.tricks_won) == 1
        for seat in (*SEATS, None):
            assert d.view(seat).spread == ((N, tuple(cards_of(d.hands[N]))),)
        d = play_tricks(d, 1)  # North plays from his spread hand himself
        assert d.view(E).spread == ((N, tuple(cards_of(d.hands[N]))),)
        assert len(d.view(E).spread[0][1]) == 11

    def test_abondance_sur_table_is_spread_after_trick_1(self) -> None:
        d = run(new(ONE_SUIT, abondance_sur_table=True), "abondance sur table S", "pass", "pass", "pass")
        d = run(d, "AS", "AH", "AD")
        assert d.view(E).spread == () and d.view(None).spread == ()
        d = d.apply("AC")
        assert d.view(E).spread == ((N, tuple(cards_of(d.hands[N]))),)

    def test_pagat_open_misère_is_spread_before_the_lead(self) -> None:
        d = run(new(LOW, "pagat"), "open misère", "pass", "pass", "pass")
        assert d.phase == "play" and d.to_act is N
        for seat in (*SEATS, None):
            assert d.view(seat).spread == ((N, tuple(cards_of(d.dealt[N]))),)

    def test_pagat_every_open_misère_player_spreads_his_hand(self) -> None:
        """§5.5 pagat: misères "may be bid by several players, each playing his own", and an open
        misère is "spread before the first lead": each of its players shows his hand."""
        d = run(new(LOW, "pagat"), "open misère", "open misère", "pass", "pass")
        assert d.phase == "play" and d.to_act is N and sum(d.tricks_won) == 0
        for seat in (*SEATS, None):
            assert d.view(seat).spread == ((N, tuple(cards_of(d.dealt[N]))),
                                           (E, tuple(cards_of(d.dealt[E]))))

    def test_no_spread_during_the_auction(self) -> None:
        d = run(new(LOW, "pagat"), "open misère", "pass")
        assert d.view(E).spread == ()

    def test_solo_stops_when_its_points_are_fixed(self) -> None:
        """§5.6: a couleur solo stops at 8 tricks (tricks above 8 do not count)."""
        d = _contract_deal(ONE_SUIT, ("solo 6 S", "pass", "pass", "pass"))
        d = play_tricks(d, 7)
        assert not d.is_over
        d = play_tricks(d, 1)
        assert d.is_over and d.tricks_won == (8, 0, 0, 0) and d.to_act is None
        assert pts(d) == (27, -9, -9, -9)
        assert all(h.bit_count() == 5 for h in d.hands)
        assert d.legal_actions() == ()
        with pytest.raises(IllegalAction):
            d.apply("5S")

    def test_pagat_solo_plays_to_8(self) -> None:
        d = play_out(_contract_deal(ONE_SUIT, ("solo 5 S", "pass", "pass", "pass"), "pagat"))
        assert d.tricks_won == (8, 0, 0, 0) and pts(d) == (18, -6, -6, -6)

    def test_abondance_stops_when_made(self) -> None:
        d = play_out(_contract_deal(ONE_SUIT, ("abondance S", "pass", "pass", "pass")))
        assert d.tricks_won == (9, 0, 0, 0) and pts(d) == (30, -10, -10, -10)

    def test_pagat_abondance_plays_on_for_overtricks(self) -> None:
        d = play_out(_contract_deal(ONE_SUIT, ("abondance 9 S", "pass", "pass", "pass"), "pagat"))
        assert d.tricks_won == (12, 0, 0, 0) and pts(d) == (90, -30, -30, -30)

    def test_abondance_stops_when_5_tricks_are_lost(self) -> None:
        d = _contract_deal(LOW, ("abondance S", "pass", "pass", "pass"))
        d = play_tricks(d, 4)
        assert not d.is_over
        d = play_tricks(d, 1)
        assert d.is_over and sum(d.tricks_won) == 5 and pts(d) == (-30, 10, 10, 10)

    def test_chelem_stops_at_its_first_lost_trick(self) -> None:
        d = play_tricks(_contract_deal(LOW, ("chelem S", "pass", "pass", "pass")), 1)
        assert d.is_over and pts(d) == (-60, 20, 20, 20)

    def test_chelem_made_plays_13(self) -> None:
        d = play_out(_contract_deal(ONE_SUIT, ("chelem S", "pass", "pass", "pass")))
        assert d.tricks_won == (13, 0, 0, 0) and pts(d) == (60, -20, -20, -20)

    def test_misère_stops_at_the_declarers_first_trick(self) -> None:
        d = play_tricks(_contract_deal(ONE_SUIT, ("grande misère", "pass", "pass", "pass")), 1)
        assert d.is_over and d.tricks_won == (1, 0, 0, 0) and pts(d) == (-36, 12, 12, 12)

    def test_emballage_stops_when_the_worst_row_is_reached(self) -> None:
        """Couleur: −6 or worse is −20, so a pair of emballage 8 that cannot reach 3 tricks stops."""
        d = _contract_deal(ONE_SUIT, ("propose C", "pass", "accept", "pass"))  # W holds every club
        d = play_tricks(d, 10)
        assert not d.is_over and d.tricks_won == (0, 0, 0, 10)
        d = play_tricks(d, 1)
        assert d.is_over and d.tricks_won == (0, 0, 0, 11) and pts(d) == (-20, 20, -20, 20)

    def test_a_failed_misère_plays_on_while_another_is_open(self) -> None:
        d = _contract_deal(LOW, ("petite misère", "accept", "pass", "pass"))
        d = run(d, "discard 5S", "discard 7D", "discard 8C", "discard 6H")
        d = run(d, "2H", "AH", "TH", "7H")  # East takes the first trick: his misère has failed
        assert not d.is_over and d.to_act is E and d.tricks_won == (0, 1, 0, 0)
        d = play_out(d)
        assert sum(d.tricks_won) == 12 and d.hands[E] == 0
        assert sum(1 for s, a in d.actions if s is E and isinstance(a, Card)) == 12
        assert pts(d) == (15, -21, 3, 3)
        # the summary of `whist simulate` counts it failed (each plays his own, D6), not doubled
        assert made(d) is False
        stats = ColourStats()
        stats.add_deals([d])
        assert stats.families["misere"] == [1, 0] and stats.kinds["petite_misere"] == [1, 0]
        assert stats.played == 1 and stats.doubled == 0 and stats.redeals == 0
        twice = ColourDeal.new(d.rules, d.dealer, d.dealt, 2)  # after a redeal (redeal_double)
        for seat, action in d.actions:
            twice = twice.apply(action, seat)
        stats.add_deals([twice])
        assert stats.played == 2 and stats.doubled == 1 and pts(twice) == (30, -42, 6, 6)

    def test_pagat_failed_misère_plays_on(self) -> None:
        d = _contract_deal(LOW, ("petite misère", "small misère", "pass", "pass"), "pagat")
        d = run(d, "discard 5S", "discard 7D", "discard 8C", "discard 6H", "2H", "AH", "TH", "7H")
        assert not d.is_over
        d = play_out(d)
        assert sum(d.tricks_won) == 12 and pts(d) == (24, -24, 0, 0)

    def test_both_misères_failed_stop(self) -> None:
        d = _contract_deal(BASE, ("grande misère", "accept", "pass", "pass"))
        d = run(d, "AS", "8S", "7S", "4S")  # N takes trick 1: failed, E still open
        assert not d.is_over
        d = run(d, "TH", "AH", "4H", "7H")  # E takes trick 2: both failed
        assert d.is_over and pts(d) == (-18, -18, 18, 18)

    def test_must_follow_suit(self) -> None:
        d = _contract_deal(BASE, ("pass", "solo 6 H", "pass", "pass"))
        d = d.apply("AS")
        assert texts(d.legal_actions()) == ["TS", "9S", "8S"]
        with pytest.raises(IllegalAction, match="follow suit"):
            d.apply("AH")


# ----- §5.8 ---------------------------------------------------------------------------------


def _session(**options: Any) -> ColourMatch:
    rules = with_options(preset("couleur"), {"deals": 3, **options})
    return ColourMatch(rules, W, W)


def _pass_out(m: ColourMatch, pbn: str = BASE) -> ColourMatch:
    m = m.deal_hands(parse_deal(pbn))
    for _ in range(4):
        m = m.apply("pass")
    return m


class TestAllPass:
    """§5.8 (D16, D30): ``redeal`` (same dealer, not counted), ``redeal_double`` (the next deal
    played scores double, once), ``dames`` (the queens game, counted)."""

    def test_redeal(self) -> None:
        m = _pass_out(_session())
        assert m.current is None and m.needs_deal
        assert m.dealer is W and m.played == 0 and m.totals == (0, 0, 0, 0)
        assert len(m.deals) == 1 and m.deals[0].passed_out
        assert m.deals[0].points() == dict.fromkeys(SEATS, 0)
        m = m.deal_hands(parse_deal(ONE_SUIT))
        assert m.current is not None and m.current.multiplier == 1

    def test_redeal_double_once(self) -> None:
        m = _pass_out(_pass_out(_session(all_pass="redeal_double")))
        assert m.dealer is W and m.played == 0
        m = m.deal_hands(parse_deal(ONE_SUIT))
        assert m.current is not None and m.current.multiplier == 2
        for call in ("solo 6 S", "pass", "pass", "pass"):
            m = m.apply(call)
        while m.current is not None:
            m = m.apply(m.legal_actions()[0])
        assert m.totals == (54, -18, -18, -18) and m.played == 1 and m.dealer is N
        m = m.deal_hands(parse_deal(ONE_SUIT))
        assert m.current is not None and m.current.multiplier == 1

    def test_redeal_does_not_double(self) -> None:
        m = _pass_out(_session(all_pass="redeal")).deal_hands(parse_deal(ONE_SUIT))
        assert m.current is not None and m.current.multiplier == 1

    def test_dames_is_played_no_trump_each_for_himself(self) -> None:
        m = _pass_out(_session(all_pass="dames"))
        d = m.current
        assert d is not None and d.phase == "play" and d.to_act is N
        assert d.in_play is not None and d.in_play.contract.kind == "dames" and d.in_play.trump is None
        assert d.view(E).trump is None

    def test_dames_all_four_queens_to_one_player(self) -> None:
        m = _pass_out(_session(all_pass="dames"), ONE_SUIT)
        while m.current is not None:
            m = m.apply(m.legal_actions()[0])
        d = m.deals[-1]
        # N leads his spades and wins every trick; the queens fall at trick 3, then play stops.
        assert sum(d.tricks_won) == 3 and d.tricks_won[N] == 3
        assert pts(d) == (15, -5, -5, -5)
        assert m.played == 1 and m.dealer is N and m.totals == (15, -5, -5, -5)

    @pytest.mark.parametrize("seed", range(8))
    def test_dames_scores_the_queens_each_took(self, seed: int) -> None:
        rng = random.Random(seed)
        rules = with_options(preset("couleur"), {"all_pass": "dames"})
        d = ColourDeal.shuffled(rules, W, rng)
        while d.phase == "trou":
            d = ColourDeal.shuffled(rules, W, rng)
        d = run(d, "pass", "pass", "pass", "pass")
        d = play_out(d, lambda x: rng.choice(x.legal_actions()))
        played = [a for _, a in d.actions if isinstance(a, Card)]
        queens = dict.fromkeys(SEATS, 0)
        leader = N
        for i in range(0, len(played), 4):
            trick = played[i:i + 4]
            best = max(range(4), key=lambda k: trick[k].rank if trick[k].suit is trick[0].suit else 0)
            winner = SEATS[(leader + best) & 3]
            queens[winner] += sum(1 for c in trick if c.rank == 12)
            leader = winner
        assert sum(queens.values()) == 4
        assert d.points() == dames_points(queens)
        last = played[-4:]
        assert any(c.rank == 12 for c in last)  # play stopped with the last queen


class TestSession:
    """§5: "A session is a number of deals (option ``deals``, 16)"; §5.8 ``redeal``: "the passed
    deal does not count toward ``deals``"."""

    @staticmethod
    def _solo_deal(m: ColourMatch) -> ColourMatch:
        """Deal ONE_SUIT; eldest bids a solo 6 in the suit he holds, the others pass; play it."""
        m = m.deal_hands(parse_deal(ONE_SUIT))
        assert m.current is not None and m.to_act is not None
        suit = next(c.suit for c in CARDS if c.bit & m.current.hands[m.to_act])
        for call in (f"solo 6 {suit.letter}", "pass", "pass", "pass"):
            m = m.apply(call)
        while m.current is not None:
            m = m.apply(m.legal_actions()[0])
        return m

    @pytest.mark.parametrize("deals", [1, 2, 3])
    def test_the_session_ends_after_deals_played_deals(self, deals: int) -> None:
        m = _session(deals=deals)
        for played in range(1, deals + 1):
            assert not m.is_over and m.needs_deal
            m = self._solo_deal(_pass_out(m))  # a passed deal first: it does not count
            assert m.played == played
        assert m.is_over and not m.needs_deal
        assert sum(1 for d in m.deals if d.passed_out) == deals
        with pytest.raises(IllegalAction, match="the session is over"):
            m.deal(random.Random(0))

    def test_a_queens_game_counts_as_a_deal(self) -> None:
        """§5.8 ``dames``: "It counts as a deal"."""
        m = _pass_out(_session(deals=1, all_pass="dames"), ONE_SUIT)
        while m.current is not None:
            m = m.apply(m.legal_actions()[0])
        assert m.played == 1 and m.is_over


def test_every_seat_sees_only_its_own_hand_during_the_auction() -> None:
    """§1 "What a seat knows": its own hand, nothing of another seat's."""
    d = run(new(BASE), "propose H", "accept")
    for seat in SEATS:
        assert d.view(seat).hand == tuple(cards_of(d.hands[seat]))
        assert not others_cards(d.view(seat), d)


# ----- §5.10 --------------------------------------------------------------------------------


class TestOptions:
    """§5.10: every colour-whist option and its default in each preset."""

    @pytest.mark.parametrize(("option", "couleur", "pagat"), [
        ("deals", 16, 16), ("packets", "4-4-5", "4-4-5"), ("shuffle", True, False),
        ("overbids", True, True), ("solo_supremacy", False, False), ("piccolo", True, True),
        ("abondance_sur_table", False, False), ("grande_misere_sur_table", True, True),
        ("trou_always_nine", False, False), ("trou_surprise", False, False),
        ("propose_needs_card", False, True), ("all_pass", "redeal", "redeal_double"),
    ])
    def test_defaults(self, option: str, couleur: object, pagat: object) -> None:
        assert getattr(preset("couleur"), option) == couleur
        assert getattr(preset("pagat"), option) == pagat
        assert Rules.doc(option)

    def test_presets_are_colour_whist(self) -> None:
        assert (preset("couleur").game, preset("couleur").style) == ("couleur", "couleur")
        assert (preset("pagat").game, preset("pagat").style) == ("couleur", "pagat")

    @pytest.mark.parametrize(("option", "value"), [("packets", "3-5-5"), ("all_pass", "replay"),
                                                    ("deals", "0")])
    def test_bad_values_are_refused(self, option: str, value: str) -> None:
        with pytest.raises(ValueError):
            with_options(preset("couleur"), {option: value})

    def test_a_classic_preset_deals_no_colour_whist(self) -> None:
        with pytest.raises(IllegalAction):
            ColourDeal.new(preset("classic"), W, parse_deal(BASE))



def test_spread_contracts_are_open_in_english() -> None:
    """RULES.md §1's table of terms: "sur table" is "open" in English, for abondance as for
    the large misère; the longer "on the table" is still read."""
    for typed in ("open abondance", "abondance on the table", "abondance sur table"):
        c = parse_contract(typed, Suit.HEARTS)
        assert c.kind == "abondance_sur_table"
        assert c.text == "open abondance H"
        assert c.text_fr == "abondance sur table cœur"
    assert parse_contract("grande misère sur table").text == "open misère"
