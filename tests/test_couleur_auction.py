"""The auction of colour whist, RULES.md §5.4: one class per numbered rule, citing it; and the
names of the contracts and calls in French and English (§5.5, vocabulary table).

Auctions are driven with :class:`Auction` and text calls (``"pass"``, ``"wait"``, ``"propose H"``,
``"accept"``, ``"solo 7 H"``, ``"petite misère"`` …); North is eldest hand unless a test says
otherwise. ``propose X`` is emballage 8 in suit X; ``emballage 9 X`` … are overbids (rule 5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from whist.actions import IllegalAction
from whist.auction import ACCEPT, PASS, TROU, WAIT, Auction, AuctionResult, ColourCall, parse_call
from whist.cards import Refusal, Seat, Suit, parse_deal
from whist.contracts import Contract, parse_contract
from whist.couleur import ColourDeal
from whist.rules import Rules, preset, with_options

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# Each player holds a whole suit (North the spades, East the hearts …).
ONE_SUIT = "N:AKQJT98765432.-.-.- -.AKQJT98765432.-.- -.-.AKQJT98765432.- -.-.-.AKQJT98765432"


def rules_of(name: str = "couleur", **options: Any) -> Rules:
    return with_options(preset(name), options, strict=False) if options else preset(name)


def auction(*calls: str, name: str = "couleur", eldest: Seat = N, **options: Any) -> Auction:
    a = Auction.start(rules_of(name, **options), eldest)
    for c in calls:
        a = a.apply(c)
    return a


def refusal(act: Callable[[], object]) -> Refusal:
    with pytest.raises(Refusal) as caught:
        act()
    return caught.value


def calls_of(a: Auction) -> list[str]:
    return [c.text for c in a.legal_calls()]


class TestAuctionRule1Order:
    """§5.4 rule 1: clockwise from eldest, round after round; skipped: who passed, the players of
    the top bid when it counts, the proposer of a pair whose acceptor has not passed."""

    def test_clockwise_from_eldest(self) -> None:
        a = auction(eldest=E)
        seen = []
        for _ in range(4):
            assert a.to_act is not None
            seen.append(a.to_act)
            a = a.apply("pass")
        assert seen == [E, S, W, N] and a.is_over

    def test_round_after_round_skipping_who_passed(self) -> None:
        a = auction("propose S", "pass", "propose H")
        assert a.to_act is W
        a = a.apply("solo 6 S")
        assert a.to_act is N  # E passed
        a = a.apply("pass")
        assert a.to_act is S

    def test_the_players_of_a_counting_top_bid_are_skipped(self) -> None:
        a = auction("pass", "pass", "propose H", "accept")
        assert a.is_over
        r = a.result()
        assert r.contract == Contract("emballage", 8, Suit.HEARTS) and r.declarers == (S, W)

    def test_the_acceptor_speaks_for_the_pair(self) -> None:
        a = auction("propose S", "accept", "solo 6 H", "pass")
        assert a.to_act is E  # N, the proposer, is skipped while E has not passed
        a = a.apply("pass")
        assert a.to_act is N  # the soloist is skipped (his solo counts and is on top); the
        # acceptor has passed, so the proposer now speaks for the pair
        assert calls_of(a) == ["pass", "emballage 10 S", "emballage 11 S", "emballage 12 S"]


class TestAuctionRule2Wait:
    """§5.4 rule 2: wait is for eldest only, as his first call; after it no one-player contract;
    accepting, joining a misère or piccolo and raising a pair stay allowed."""

    def test_only_eldest_and_only_first(self) -> None:
        a = auction()
        assert "wait" in calls_of(a)
        a = a.apply("pass")
        assert "wait" not in calls_of(a)
        a = auction("wait")
        assert a.to_act is E and "wait" not in calls_of(a)

    def test_the_next_turn_comes_in_the_normal_rotation(self) -> None:
        a = auction("wait", "pass", "pass")
        assert a.to_act is W
        a = a.apply("pass")
        assert a.to_act is N

    def test_no_one_player_contract_after_waiting(self) -> None:
        a = auction("wait", "propose H", "pass", "pass")
        assert a.to_act is N
        legal = calls_of(a)
        assert "accept" in legal and "emballage 9 S" in legal and "piccolo" in legal
        for t in legal:
            c = parse_call(t).contract
            assert c is None or c.kind in ("emballage", "piccolo"), t

    def test_wait_then_accept(self) -> None:
        a = auction("wait", "propose H", "pass", "pass", "accept")
        assert a.is_over and a.result().declarers == (E, N)

    def test_wait_then_join_a_couleur_misère(self) -> None:
        a = auction("wait", "petite misère", "pass", "pass")
        assert "accept" in calls_of(a)
        a = a.apply("accept")
        assert a.is_over
        r = a.result()
        assert r.contract == Contract("petite_misere") and r.declarers == (E, N)

    def test_wait_then_join_a_pagat_misère(self) -> None:
        a = auction("wait", "grande misère", "pass", "pass", name="pagat")
        assert "large misère" in calls_of(a)
        a = a.apply("large misère")
        assert a.is_over and a.result().declarers == (E, N)

    def test_wait_then_raise_a_pair(self) -> None:
        a = auction("wait", "propose S", "pass", "propose H", "accept", "solo 6 D")
        assert a.to_act is N  # W, the proposer, is skipped
        assert calls_of(a) == ["pass", "emballage 10 H", "emballage 11 H", "emballage 12 H"]
        a = a.apply("emballage 10 H")
        assert a.to_act is E and calls_of(a) == ["pass"]
        a = a.apply("pass")  # E, the soloist
        assert a.is_over
        assert a.result().contract == Contract("emballage", 10, Suit.HEARTS)
        assert a.result().declarers == (W, N)

    def test_after_waiting_with_nobody_left_he_may_only_pass(self) -> None:
        a = auction("wait", "pass", "pass", "pass")
        assert calls_of(a) == ["pass"]
        a = a.apply("pass")
        assert a.is_over and a.result().contract is None

    def test_pagat_piccolo_is_a_one_player_contract(self) -> None:
        """Rule 2 forbids "a one-player contract" after waiting; pagat's piccolo is played by one
        player (§5.5), so a player who waited may not bid it, only join one."""
        a = auction("wait", "pass", "pass", "pass", name="pagat")
        assert calls_of(a) == ["pass"]
        a = auction("wait", "piccolo", "pass", "pass", name="pagat")
        assert "piccolo" in calls_of(a)


class TestAuctionRule3Propose:
    """§5.4 rule 3: a proposal beats the top bid; only if another free player could accept it;
    ``propose_needs_card``: the proposer holds a card of the suit."""

    def test_a_proposal_needs_a_possible_acceptor(self) -> None:
        a = auction("pass", "pass", "pass")
        legal = calls_of(a)
        assert not [t for t in legal if t.startswith(("propose", "emballage"))]
        assert "solo 6 S" in legal

    def test_proposals_at_every_level(self) -> None:
        legal = calls_of(auction())
        for lv in (9, 10, 11, 12):
            assert [t for t in legal if t.startswith(f"emballage {lv}")] == [
                f"emballage {lv} {s}" for s in "SCDH"]

    @pytest.mark.parametrize(("name", "needs"), [("couleur", False), ("pagat", True),
                                                  ("couleur:on", True), ("pagat:off", False)])
    def test_propose_needs_card(self, name: str, needs: bool) -> None:
        base, _, flag = name.partition(":")
        opts = {"propose_needs_card": flag == "on"} if flag else {}
        d = ColourDeal.new(rules_of(base, **opts), W, parse_deal(ONE_SUIT))  # N holds only spades
        props = [a.text for a in d.legal_actions() if a.text.startswith(("propose", "emballage"))]
        if needs:
            assert [t for t in props if t.startswith("propose")] == ["propose S"]
            assert all(t.endswith(" S") for t in props)
        else:
            assert [t for t in props if t.startswith("propose")] == [f"propose {s}" for s in "SCDH"]


class TestAuctionRule4Accept:
    """§5.4 rule 4: only the top bid; a proposal at any level; in couleur a petite misère, a grande
    misère (not sur table) or a piccolo with one declarer (D6, D24, D28); pagat joins by bidding."""

    def test_accept_only_the_top_bid(self) -> None:
        a = auction("propose S", "propose H")
        assert "accept" in calls_of(a)
        a = a.apply("accept")
        assert a.to_act is W
        assert "accept" not in calls_of(a)  # the top bid counts now
        a = run_auction(a, "pass", "pass")
        assert a.is_over and a.result().declarers == (E, S)

    def test_a_beaten_proposal_dies_and_its_maker_is_free(self) -> None:
        a = auction("propose S", "propose H", "pass", "pass")
        assert a.to_act is N and "accept" in calls_of(a)
        a = a.apply("accept")
        assert a.is_over and a.result().declarers == (E, N)

    def test_a_beaten_piccolo_dies_and_its_maker_is_free(self) -> None:
        """§5.4 terms: "an unjoined piccolo dies as soon as any other bid beats it, and its maker
        is free again"."""
        a = auction("piccolo", "abondance H")
        assert a.to_act is S and "accept" not in calls_of(a)  # nothing left to join
        a = run_auction(a, "pass", "pass")
        assert a.to_act is N
        assert calls_of(a)[:3] == ["pass", "large misère", "open misère"]  # free: he may bid on
        a = a.apply("pass")
        assert a.is_over
        assert a.result() == AuctionResult(Contract("abondance", 9, Suit.HEARTS), (E,))

    def test_accept_a_proposal_at_any_level(self) -> None:
        a = auction("emballage 11 D", "accept")
        assert a.to_act is S
        a = run_auction(a, "pass", "pass")
        assert a.result().contract == Contract("emballage", 11, Suit.DIAMONDS)
        assert a.result().declarers == (N, E)

    @pytest.mark.parametrize("typed", ["emballage 8 D", "emballage 8 carreau", "propose D", "EMBALLAGE 8 ♦"])
    def test_the_proposal_bid_again_by_its_name_is_an_acceptance(self, typed: str) -> None:
        """The contract a proposal awaits a partner for is called by its name (``emballage 8 ♦``,
        §5.5's vocabulary, as the game names it once accepted); typed by the next player it can
        only mean to join it (rule 4), so it is read as ``accept``: it was refused as a proposal
        that does not beat the top bid."""
        d = ColourDeal.new(rules_of(), N, parse_deal(ONE_SUIT))
        maker = d.to_act
        d = d.apply("propose D")
        partner = d.to_act
        d = d.apply(typed)  # the next player bids it again
        assert d.actions[-1] == (partner, parse_call("accept"))
        top = d.auction.top
        assert top is not None and top.seats == (maker, partner) and top.counts
        # any other emballage is still a bid of its own: an overbid, a proposal of another suit
        d = ColourDeal.new(rules_of(), N, parse_deal(ONE_SUIT)).apply("propose D")
        for other in ("emballage 9 D", "propose H"):
            assert d.apply(other).actions[-1] == (partner, parse_call(other))

    @pytest.mark.parametrize(("bid", "acceptable"), [
        ("petite misère", True), ("grande misère", True), ("piccolo", True),
        ("open misère", False), ("piccolissimo", False), ("solo 6 H", False), ("abondance H", False),
        ("slam H", False),
    ])
    def test_couleur_accepts(self, bid: str, acceptable: bool) -> None:
        a = auction(bid)
        assert ("accept" in calls_of(a)) is acceptable

    def test_a_couleur_misère_is_joined_once(self) -> None:
        a = auction("petite misère", "accept")
        assert a.to_act is S and "accept" not in calls_of(a)
        a = run_auction(a, "pass", "pass")
        assert a.is_over
        r = a.result()
        assert r.contract == Contract("petite_misere") and r.declarers == (N, E)

    def test_a_couleur_grande_misère_is_joined(self) -> None:
        """D28: a second player may join a grande misère."""
        a = auction("pass", "grande misère", "accept", "pass")
        assert a.is_over and a.result().declarers == (E, S)

    def test_a_couleur_piccolo_counts_only_when_joined(self) -> None:
        """D24: a piccolo nobody joins does not count."""
        a = auction("piccolo", "accept", "pass", "pass")
        assert a.is_over and a.result().declarers == (N, E)
        a = auction("piccolo", "pass", "pass", "pass", "pass")
        assert a.is_over and a.result().contract is None

    def test_pagat_has_no_accept_for_misères_but_joins_by_bidding_the_same(self) -> None:
        a = auction("petite misère", name="pagat")
        assert "accept" not in calls_of(a)
        assert "small misère" in calls_of(a)
        a = run_auction(a, "small misère", "small misère", "pass")
        assert a.is_over
        r = a.result()
        assert r.contract == Contract("petite_misere") and r.declarers == (N, E, S)

    def test_pagat_piccolo_counts_alone_and_is_joined(self) -> None:
        a = auction("piccolo", "pass", "pass", "pass", name="pagat")
        assert a.is_over and a.result().declarers == (N,)
        a = auction("pass", "piccolo", "pass", "piccolo", name="pagat")
        assert a.is_over and a.result().declarers == (E, W)

    def test_pagat_open_misère_is_joined_by_bidding_it_too(self) -> None:
        """§5.5 pagat: "Misères and piccolo may be bid by several players, each playing his own";
        the open misère is one of the misères: a second and a third player join it by bidding it."""
        a = auction("open misère", "open misère", "pass", name="pagat")
        assert a.to_act is W and "open misère" in calls_of(a)
        a = a.apply("open misère")
        assert a.is_over
        r = a.result()
        assert r.contract == Contract("grande_misere_sur_table") and r.declarers == (N, E, W)


def run_auction(a: Auction, *calls: str) -> Auction:
    for c in calls:
        a = a.apply(c)
    return a


class TestAuctionRule5BidHigher:
    """§5.4 rule 5: overbids (raise of a pair, counting at once; free proposals at 9–12 need
    accepting), bound players only raise or pass, couleur piccolo needs a possible partner,
    ``solo_supremacy``."""

    def test_the_acceptor_raises_in_the_pairs_suit_and_it_counts_at_once(self) -> None:
        a = auction("propose S", "accept", "solo 6 H", "pass")
        assert a.to_act is E
        assert calls_of(a) == ["pass", "emballage 10 S", "emballage 11 S", "emballage 12 S"]
        a = a.apply("emballage 10 S")
        assert a.to_act is S and calls_of(a) == ["pass"]
        a = a.apply("pass")
        assert a.is_over
        r = a.result()
        assert r.contract == Contract("emballage", 10, Suit.SPADES) and r.declarers == (N, E)

    def test_no_raise_without_overbids(self) -> None:
        a = auction("propose S", "accept", "solo 6 H", "pass", overbids=False)
        assert calls_of(a) == ["pass"]
        a = auction(overbids=False)
        assert not [t for t in calls_of(a) if t.startswith("emballage")]

    def test_pagat_raises_to_13(self) -> None:
        a = auction("propose S", "accept", "solo 8 H", "pass", name="pagat")
        assert calls_of(a) == ["pass", "emballage 13 S"]

    def test_a_free_player_proposes_above_a_pair_and_needs_accepting(self) -> None:
        a = auction("propose S", "accept", "emballage 9 H")
        assert a.to_act is W and "accept" in calls_of(a)
        a = a.apply("pass")
        assert a.to_act is E  # the pair speaks; S's 9 H does not count yet
        assert calls_of(a) == ["pass", "emballage 10 S", "emballage 11 S", "emballage 12 S"]
        a = a.apply("pass")
        assert a.to_act is S  # nobody can accept: rule 7
        assert calls_of(a) == ["pass", "solo 6 H", "solo 7 H", "solo 8 H"]
        a = a.apply("pass")  # withdraws 9 H; N, speaking for the pair on top again, is skipped
        assert a.is_over
        assert a.result().contract == Contract("emballage", 8, Suit.SPADES)

    def test_a_bound_player_may_only_pass(self) -> None:
        """A soloist who is overbid is bound: "A bound player may only raise his pair … or pass"."""
        a = auction("solo 6 S", "solo 7 S", "pass", "pass")
        assert a.to_act is N and calls_of(a) == ["pass"]
        a = a.apply("pass")
        assert a.is_over and a.result().declarers == (E,)

    def test_couleur_piccolo_needs_a_possible_partner(self) -> None:
        assert "piccolo" in calls_of(auction("pass", "pass"))
        assert "piccolo" not in calls_of(auction("pass", "pass", "pass"))
        assert "piccolo" in calls_of(auction("pass", "pass", "pass", name="pagat"))

    def test_solo_supremacy(self) -> None:
        """While a solo is the top bid nobody may bid emballage 9 or higher."""
        a = auction("propose S", "accept", "solo 6 H", "pass", solo_supremacy=True)
        assert calls_of(a) == ["pass"]
        a = auction("solo 6 S", solo_supremacy=True)
        assert not [t for t in calls_of(a) if t.startswith("emballage")]
        a = auction("solo 6 S")
        assert [t for t in calls_of(a) if t.startswith("emballage")][:1] == ["emballage 10 S"]
        a = auction("petite misère", solo_supremacy=True)
        assert "emballage 12 S" in calls_of(a)  # the top bid is not a solo

    def test_pagat_solo_supremacy_bars_emballage_9_over_solo_5(self) -> None:
        """``solo_supremacy``: "while the top bid is a solo, nobody may bid emballage 9 or higher".
        In pagat emballage 9 is the row above solo 5 (§5.5): the option bars it, both as a free
        proposal and as the raise of a pair."""
        a = auction("solo 5 S", name="pagat")
        assert [t for t in calls_of(a) if t.startswith("emballage")][:1] == ["emballage 9 S"]
        a = auction("solo 5 S", name="pagat", solo_supremacy=True)
        assert not [t for t in calls_of(a) if t.startswith("emballage")]
        a = auction("propose S", "accept", "solo 5 H", "pass", name="pagat")
        assert a.to_act is E and calls_of(a)[:2] == ["pass", "emballage 9 S"]
        a = auction("propose S", "accept", "solo 5 H", "pass", name="pagat", solo_supremacy=True)
        assert a.to_act is E and calls_of(a) == ["pass"]


class TestAuctionRule6Pass:
    """§5.4 rule 6: a pass is final and never withdraws a counting bid; when the acceptor passes,
    the proposer speaks for the pair."""

    def test_a_pass_is_final(self) -> None:
        a = auction("pass", "propose H", "accept", "solo 7 D")
        while not a.is_over:
            assert a.to_act is not N
            a = a.apply("pass")

    def test_a_pass_does_not_withdraw_a_counting_bid(self) -> None:
        a = auction("propose S", "accept", "solo 6 H", "pass", "pass", "pass")
        # E (the acceptor) passed; N speaks for the pair and passes too: solo 6 stands above it.
        assert a.is_over and a.result().contract == Contract("solo", 6, Suit.HEARTS)
        a = auction("propose S", "accept", "propose H", "pass", "pass", "pass")
        assert a.is_over and a.result().declarers == (N, E)


class TestAuctionRule7UnacceptedProposal:
    """§5.4 rule 7 (D3): the maker of an unaccepted proposal still on top, with nobody left to
    accept it, bids a solo in that suit beating the highest counting bid, or passes (which
    withdraws it); after waiting he may only pass. The maker of an unjoined couleur piccolo may
    make any bid beating the highest counting bid."""

    def test_solo_in_the_suit_or_pass(self) -> None:
        a = auction("propose D", "pass", "pass", "pass")
        assert calls_of(a) == ["pass", "solo 6 D", "solo 7 D", "solo 8 D"]
        b = a.apply("solo 7 D")
        assert b.is_over and b.result().contract == Contract("solo", 7, Suit.DIAMONDS)
        c = a.apply("pass")
        assert c.is_over and c.result().contract is None

    def test_pagat_solo_5(self) -> None:
        a = auction("propose D", "pass", "pass", "pass", name="pagat")
        assert calls_of(a) == ["pass", "solo 5 D", "solo 6 D", "solo 7 D", "solo 8 D"]

    def test_the_solo_must_beat_the_highest_counting_bid(self) -> None:
        a = auction("propose S", "accept", "emballage 11 H", "pass", "pass")
        assert a.to_act is S
        assert calls_of(a) == ["pass", "solo 6 H", "solo 7 H", "solo 8 H"]  # above emballage 8
        # N+E raised to emballage 11 ♠ before S's 12 ♥: only solo 8 beats it.
        a = auction("propose S", "accept", "emballage 9 H", "emballage 10 H", "emballage 11 S",
                    "emballage 12 H", "pass")
        assert a.to_act is E and calls_of(a) == ["pass"]  # 12 ♠ would not beat 12 ♥
        a = a.apply("pass")
        assert a.to_act is S
        assert calls_of(a) == ["pass", "solo 8 H"]
        a = a.apply("pass")
        assert a.is_over and a.result().contract == Contract("emballage", 11, Suit.SPADES)
        assert a.result().declarers == (N, E)

    def test_after_waiting_only_pass(self) -> None:
        a = auction("wait", "propose S", "pass", "pass", "emballage 9 H", "pass")
        assert a.to_act is N and calls_of(a) == ["pass"]

    def test_unjoined_piccolo(self) -> None:
        """Read literally: "any bid that beats the highest counting bid", so with nothing counting
        the maker may even bid a lower row (piccolissimo, petite misère), but nothing that needs a
        partner (emballage, piccolo) since nobody is left to accept."""
        a = auction("piccolo", "pass", "pass", "pass")
        legal = calls_of(a)
        assert legal[0] == "pass"
        assert "piccolo" not in legal and not [t for t in legal if t.startswith(("propose", "emb"))]
        assert legal[1:5] == ["solo 6 S", "solo 6 C", "solo 6 D", "solo 6 H"]
        assert "piccolissimo" in legal and "slam H" in legal
        a = auction("propose S", "accept", "piccolo", "pass", "pass")
        assert a.to_act is S
        legal = calls_of(a)
        assert "solo 6 H" in legal and "solo 8 S" in legal and "emballage 12 S" not in legal


class TestAuctionRule8End:
    """§5.4 rule 8: the auction ends when nobody is left to call; the contract is the highest
    counting bid, or all passed."""

    def test_all_pass(self) -> None:
        a = auction("pass", "pass", "pass", "pass")
        assert a.is_over and a.result().contract is None and a.legal_calls() == ()
        with pytest.raises(IllegalAction):
            a.apply("pass")

    def test_an_unaccepted_proposal_never_counts(self) -> None:
        a = auction("propose S", "pass", "pass", "pass", "pass")
        assert a.is_over and a.result().contract is None

    def test_result_before_the_end_is_refused(self) -> None:
        with pytest.raises(IllegalAction):
            auction("propose S").result()

    def test_a_lower_counting_bid_stays_when_the_top_is_withdrawn(self) -> None:
        a = auction("propose C", "accept", "propose H", "pass", "pass", "pass")
        assert a.is_over and a.result().contract == Contract("emballage", 8, Suit.CLUBS)

    def test_illegal_calls_say_why(self) -> None:
        a = auction("solo 7 S")
        with pytest.raises(IllegalAction, match="Legal calls"):
            a.apply("solo 6 H")
        with pytest.raises(IllegalAction):
            a.apply("wait")
        with pytest.raises(IllegalAction):
            a.apply("trou")


class TestAuctionExamples:
    """§5.4 "Examples", each auction as RULES.md tells it (North is eldest hand)."""

    def test_a_proposal_over_a_pair_that_nobody_accepts(self) -> None:
        """"N and E make ♠ 8, then S proposes ♥, W, E and S pass → N+E play ♠ 8"."""
        a = auction("propose S", "accept", "propose H", "pass", "pass")
        assert a.to_act is S and calls_of(a) == ["pass", "solo 6 H", "solo 7 H", "solo 8 H"]
        a = a.apply("pass")
        assert a.is_over
        assert a.result() == AuctionResult(Contract("emballage", 8, Suit.SPADES), (N, E))

    def test_after_waiting_over_a_solo_eldest_may_only_pass(self) -> None:
        """"N waits, E bids solo 6, S and W pass → N may only pass → E plays solo 6"."""
        a = auction("wait", "solo 6 H", "pass", "pass")
        assert a.to_act is N and calls_of(a) == ["pass"]
        a = a.apply("pass")
        assert a.is_over and a.result() == AuctionResult(Contract("solo", 6, Suit.HEARTS), (E,))

    def test_a_beaten_proposal_then_nobody_left_to_accept_the_higher_one(self) -> None:
        """"N proposes ♠, E proposes ♥, S, W and N pass → E bids a solo in ♥ or passes"."""
        a = auction("propose S", "propose H", "pass", "pass", "pass")
        assert a.to_act is E and calls_of(a) == ["pass", "solo 6 H", "solo 7 H", "solo 8 H"]
        solo = a.apply("solo 6 H")
        assert solo.is_over and solo.result() == AuctionResult(Contract("solo", 6, Suit.HEARTS), (E,))
        passed = a.apply("pass")
        assert passed.is_over and passed.result() == AuctionResult(None, ())


class TestPagatLeavesOutWhisthubsRules:
    """§5.5: "`pagat` leaves out Whisthub's rules that abondance and solo slim may only be bid at
    a player's first turn and that a solo may only follow a failed proposal"."""

    def test_abondance_and_solo_slim_at_a_later_turn(self) -> None:
        a = auction("propose S", "solo 6 H", "pass", "pass", name="pagat")
        assert a.to_act is N  # his second turn: his proposal died under East's solo
        legal = calls_of(a)
        assert "abondance 9 S" in legal and "abondance 12 H" in legal and "slam H" in legal
        a = run_auction(a, "abondance 10 D", "pass")
        assert a.is_over and a.result() == AuctionResult(Contract("abondance", 10, Suit.DIAMONDS), (N,))

    def test_a_solo_as_the_first_bid(self) -> None:
        a = auction("solo 5 C", "pass", "pass", "pass", name="pagat")
        assert a.is_over and a.result() == AuctionResult(Contract("solo", 5, Suit.CLUBS), (N,))


class TestContractNames:
    """§5.5 names (vocabulary table FR / EN / NL): every contract is read in French or English,
    with its level and suit where it has them, and written back in both languages."""

    @pytest.mark.parametrize(("text", "en", "fr"), [
        ("propose C", "propose C", "propose H"), ("solo 7 C", "solo 7 C", "solo 7 H"),
        ("emballage 9 c", "emballage 9 C", "emballage 9 H"), ("chelem C", "slam C", "slam H"),
        ("propose T", "propose C", "propose C"), ("solo 6 H", "solo 6 H", "solo 6 H"),
        ("abondance 9 K", "abondance 9 D", "abondance 9 D"), ("propose trèfle", "propose C", "propose C")])
    def test_the_letter_c_in_a_call_reads_as_cards_do(self, text: str, en: str, fr: str) -> None:
        """A player who types in French writes C for cœur in a call as in a card (RC, the king of
        hearts): ``propose C`` proposes hearts; in English C stays clubs. Letters and names that
        read one way only (T trèfle, K carreau, H hearts) mean the same in both."""
        assert parse_call(text).text == en
        assert parse_call(text, lang="fr").text == fr

    @pytest.mark.parametrize(("text", "kind", "level", "suit"), [
        ("solo 7 H", "solo", 7, Suit.HEARTS), ("solo 7 cœur", "solo", 7, Suit.HEARTS),
        ("alleen 6", "solo", 6, None), ("emballage 9 pique", "emballage", 9, Suit.SPADES),
        ("emballage", "emballage", 8, None), ("couleur", "emballage", 8, None),
        ("petite misère", "petite_misere", None, None), ("small misere", "petite_misere", None, None),
        ("grande misère", "grande_misere", None, None), ("large misère", "grande_misere", None, None),
        ("grande misère sur table", "grande_misere_sur_table", None, None),
        ("open misère", "grande_misere_sur_table", None, None),
        ("abondance", "abondance", 9, None), ("abondance 11 D", "abondance", 11, Suit.DIAMONDS),
        ("abondance sur table H", "abondance_sur_table", None, Suit.HEARTS),
        ("chelem", "chelem", None, None), ("solo slim C", "chelem", None, Suit.CLUBS),
        ("trou", "trou", None, None), ("troel", "trou", None, None),
        ("piccolo", "piccolo", None, None), ("piccolissimo", "piccolissimo", None, None),
        ("misère par les dames", "dames", None, None),
    ])
    def test_parse(self, text: str, kind: str, level: int | None, suit: Suit | None) -> None:
        assert parse_contract(text) == Contract(kind, level, suit)

    def test_a_hyphen_joins_words_but_a_minus_sign_is_no_level(self) -> None:
        """``petite-misère`` and ``solo-7`` are read as typed with spaces; ``solo -7`` was read as
        solo 7, the minus sign taken for a hyphen."""
        assert parse_contract("petite-misère") == Contract("petite_misere", None, None)
        assert parse_contract("solo-7 H") == Contract("solo", 7, Suit.HEARTS)
        for spaced in ("solo - 7 H", "- solo 7 H"):  # a hyphen alone is a space too
            assert parse_contract(spaced) == Contract("solo", 7, Suit.HEARTS)
        with pytest.raises(ValueError, match="a level is a number of tricks, not -7"):
            parse_contract("solo -7 H")

    @pytest.mark.parametrize("text", ["solo 9", "solo 4", "emballage 7", "emballage 14", "abondance 13",
                                      "petite misère 3", "trou 8", "", "foo",
                                      "solo -7 H", "abondance -9", "emballage -8"])
    def test_refused(self, text: str) -> None:
        with pytest.raises(ValueError):
            parse_contract(text)

    @pytest.mark.parametrize(("name", "call", "en", "fr"), [
        ("couleur", "solo 5 H", "solo 5 does not exist (levels: 6, 7, 8)",
         "solo 5 n'existe pas (niveaux : 6, 7, 8)"),
        ("couleur", "emballage 13 H", "emballage 13 does not exist (levels: 8, 9, 10, 11, 12)",
         "emballage 13 n'existe pas (niveaux : 8, 9, 10, 11, 12)"),
        ("couleur", "solo 14 H", "solo 14 does not exist (levels: 6, 7, 8)",
         "solo 14 n'existe pas (niveaux : 6, 7, 8)"),
        ("pagat", "solo 9 H", "solo 9 does not exist (levels: 5, 6, 7, 8)",
         "solo 9 n'existe pas (niveaux : 5, 6, 7, 8)"),
        ("couleur", "piccolo", "piccolo: piccolo is not played in couleur with these options",
         "piccolo : piccolo ne se joue pas dans les règles couleur avec ces options"),
        ("pagat", "piccolissimo", "piccolissimo: piccolissimo is not played in pagat. Legal calls:",
         "piccolissimo : piccolissimo ne se joue pas dans les règles pagat. Annonces permises :"),
    ])
    def test_a_contract_the_preset_lacks_is_named_with_its_levels(self, name: str, call: str, en: str,
                                                                 fr: str) -> None:
        """Couleur has no solo 5 and no emballage 13 (RULES.md §5.4 ladder), pagat has solo 5: a
        typed call says the contract does not exist there, not that it is too low, and gives the
        levels the preset has; so does a call given as an object (the web table's)."""
        a = auction(name=name, piccolo=call != "piccolo")
        exc = refusal(lambda: a.apply(call))
        assert str(exc).startswith(en) and exc.fr.startswith(fr), (str(exc), exc.fr)
        if name == "couleur" and call != "solo 14 H":
            given = parse_call(call)  # read without the table's levels
            exc = refusal(lambda: a.apply(given))
            bare = call.removesuffix(" H")
            assert str(exc).startswith(f"{call}: {bare} ") and "beat" not in str(exc), str(exc)
            assert "in couleur" in str(exc) and "dans les règles couleur" in exc.fr

    def test_texts_in_both_languages_read_back(self) -> None:
        for name in ("couleur", "pagat"):
            for call in Auction.start(rules_of(name, abondance_sur_table=True), N).legal_calls():
                assert parse_call(call.text) == call
                assert parse_call(call.text_fr) == call

    def test_french_texts(self) -> None:
        assert [parse_call(t).text_fr for t in ("pass", "wait", "accept", "trou")] == [
            "passe", "j'attends", "j'emballe", "trou"]
        assert [parse_call(f"propose {s}").text_fr for s in "SCDH"] == [
            "propose pique", "propose trèfle", "propose carreau", "propose cœur"]
        assert parse_call("solo 7 S").text_fr == "solo 7 pique"
        assert parse_call("open misère").text_fr == "grande misère sur table"

    @pytest.mark.parametrize(("typed", "read"), [
        ("solo 7 à cœur", "solo 7 cœur"), ("solo 7 de coeur", "solo 7 cœur"), ("solo 6 en C", "solo 6 cœur"),
        ("abondance 9 à pique", "abondance 9 pique"), ("chelem en trèfle", "chelem trèfle"),
        ("emballage 9 à carreau", "emballage 9 carreau"), ("propose à cœur", "propose cœur"),
        ("je propose de pique", "propose pique"), ("propose 9 en trèfle", "emballage 9 trèfle"),
        ("j'accepte", "j'emballe"), ("accepte", "j'emballe"), ("j’accepte", "j'emballe"),
        ("j emballe", "j'emballe"), ("j attends", "j'attends"),
    ])
    def test_french_calls_as_a_player_says_them(self, typed: str, read: str) -> None:
        """A call said as French players say it, « solo 7 à cœur », « propose de pique », « j'accepte »,
        is read (it was « … n'est pas une annonce »)."""
        assert parse_call(typed, lang="fr").text_fr == read

    def test_a_word_before_the_suit_of_a_contract_without_trump_is_still_refused(self) -> None:
        exc = refusal(lambda: parse_call("piccolo à cœur", lang="fr"))
        assert exc.fr == "le piccolo se joue sans atout : tapez « piccolo » sans couleur"


class TestWhyABidIsRefused:
    """A refused bid names the rule of §5.4 that refuses it, in English and French, rather than
    "it does not beat the top bid, or the rules do not allow it now"."""

    @pytest.mark.parametrize(("calls", "bid", "en", "fr"), [
        (("propose S",), "propose S",  # rule 4: the game reads it as accepting (Auction.meant)
         "it does not beat the top bid (propose S); to join that proposal, type 'accept'",
         "cette annonce ne bat pas la plus haute annonce (propose pique) ; pour emballer cette"
         " proposition, tapez « j'emballe »"),
        (("solo 7 H",), "solo 6 H",
         "it does not beat the top bid (solo 7 H)",
         "cette annonce ne bat pas la plus haute annonce (solo 7 cœur)"),
        (("propose S", "pass", "pass", "pass"), "propose H",  # rule 7
         "nobody is left to accept your proposal: bid a solo in spades, or pass, which withdraws it",
         "plus personne ne peut emballer votre proposition : annoncez un solo pique, ou passez, ce"
         " qui la retire"),
        (("wait", "pass", "pass", "propose S", "propose H", "pass"), "emballage 9 H",  # rule 7
         "nobody is left to accept your bid, and after waiting you may only pass",
         "plus personne ne peut emballer votre annonce, et après avoir attendu vous ne pouvez que"
         " passer"),
        (("propose S", "accept", "solo 6 H", "pass"), "solo 7 H",  # rule 5, E speaks for the pair
         "you are bound to your pair: you may only raise it (emballage in its suit) or pass",
         "vous êtes lié à votre emballage : vous ne pouvez que le monter (emballage plus haut dans"
         " sa couleur) ou passer"),
        (("solo 6 S", "solo 7 H", "pass", "pass"), "solo 8 S",  # rule 5: N, overbid, is bound
         "your solo 6 S counts and binds you: you may only pass",
         "votre solo 6 pique compte et vous engage : vous ne pouvez que passer"),
        (("petite misère", "accept", "solo 8 H", "pass"), "large misère",  # rule 5, D6
         "your small misère counts and binds you: you may only pass",
         "votre petite misère compte et vous engage : vous ne pouvez que passer"),
        (("pass", "pass", "pass"), "propose H",  # rule 3: nobody left to accept
         "nobody who has not passed is free to accept it",
         "plus personne (qui n'a pas passé) n'est libre de l'emballer"),
    ])
    def test_the_reason(self, calls: tuple[str, ...], bid: str, en: str, fr: str) -> None:
        a = auction(*calls)
        why = refusal(lambda: a.apply(bid))
        assert why.en.startswith(f"{bid}: {en}. Legal calls: "), why.en
        assert why.fr.startswith(f"{parse_call(bid).text_fr} : {fr}. Annonces permises : "), why.fr


    @pytest.mark.parametrize(("misere", "fr"), [("small misère", "petite misère"), ("piccolo", "piccolo"),
                                                ("large misère", "grande misère")])
    def test_accepting_a_misere_in_pagat_says_to_bid_it_too(self, misere: str, fr: str) -> None:
        """RULES.md §5.4 rule 4: in pagat a misère or a piccolo is joined by bidding it too. « j'emballe »
        typed to join one is told so; it was told « il n'y a pas de proposition (ni de misère, ni de
        piccolo) d'un autre joueur à accepter », with the misère there on the table."""
        a = auction(misere, name="pagat")
        why = refusal(lambda: a.apply("accept"))
        assert why.en.startswith(f"accept: in pagat a {misere} is joined by bidding it too: type '{misere}'.")
        assert why.fr.startswith(f"j'emballe : aux règles pagat, on rejoint la {fr}" if fr != "piccolo"
                                 else "j'emballe : aux règles pagat, on rejoint le piccolo")
        assert f"en l'annonçant aussi : tapez « {fr} »." in why.fr
        assert a.apply(misere).bids[-1].seats == (N, E)  # which is how it is joined

    def test_accepting_a_couleur_misere_that_cannot_be_joined_says_why(self) -> None:
        """RULES.md §5.4 rule 4: in couleur a misère or a piccolo of one player is joined by
        accepting it; one joined already, or an open misère, cannot be. « j'emballe » was told there
        was no misère to accept, the misère there on the table; it is told why it cannot be joined."""
        a = auction("small misère", "accept")  # N's small misère, joined by E
        why = refusal(lambda: a.apply("accept"))
        assert why.en.startswith("accept: the small misère has its two players already: it cannot be"
                                 " joined again."), why.en
        assert why.fr.startswith("j'emballe : la petite misère a déjà ses deux joueurs : on ne peut plus"
                                 " la rejoindre."), why.fr
        a = auction("piccolo", "accept")
        assert refusal(lambda: a.apply("accept")).fr.startswith(
            "j'emballe : le piccolo a déjà ses deux joueurs : on ne peut plus le rejoindre.")
        a = auction("open misère")
        why = refusal(lambda: a.apply("accept"))
        assert why.en.startswith("accept: the open misère is played by one player only: it cannot be"
                                 " joined."), why.en
        assert why.fr.startswith("j'emballe : la grande misère sur table ne se joue qu'à un : on ne peut"
                                 " pas la rejoindre."), why.fr

    def test_the_players_of_an_overbid_trou_may_only_pass(self) -> None:
        """§5.4 rule 5: "the players of a trou, which cannot be raised, may only pass once it is
        overbid" (§5.3: "Its two players do not call again unless it is overbid")."""
        a = Auction.start(preset("couleur"), N, trou=(N, S))
        assert a.to_act is E
        a = a.apply("grande misère")
        assert a.to_act is S and calls_of(a) == ["pass"]
        why = refusal(lambda: a.apply("slam H"))
        assert "the players of a trou may only pass once it is overbid" in why.en
        assert "les joueurs du trou ne peuvent que passer quand il est surenchéri" in why.fr

    def test_solo_supremacy(self) -> None:
        a = auction("solo 6 H", solo_supremacy=True)
        why = refusal(lambda: a.apply("emballage 10 S"))
        assert "while a solo is the top bid nobody may bid emballage 9 or higher" in why.en
        assert "suprématie du solo" in why.fr

    def test_pagat_a_proposer_holds_a_card_of_the_suit(self) -> None:
        d = ColourDeal.new(rules_of("pagat"), W, parse_deal(ONE_SUIT))  # N holds only spades
        why = refusal(lambda: d.apply("propose H"))
        assert "a proposer must hold a card of the suit, and you have no hearts" in why.en
        assert "il faut avoir une carte de la couleur proposée, et vous n'avez pas de cœur" in why.fr


class TestACallBuiltByHand:
    """docs/engine.md: a call is read from its text (``parse_call``) or is one of the four plain
    calls; ``ColourCall("solo 6 C")`` is no call (it passed for the solo and failed deep in the
    auction with a bare assertion)."""

    @pytest.mark.parametrize("kind", ["solo 6 C", "propose H", "misère", "bid"])
    def test_a_bid_named_without_its_contract_is_refused(self, kind: str) -> None:
        with pytest.raises(ValueError, match=r"is no call: read a call from its text with parse_call"):
            ColourCall(kind)

    def test_a_contract_given_to_a_plain_call_is_refused(self) -> None:
        with pytest.raises(ValueError, match=r"a bid is ColourCall\('bid', contract\)"):
            ColourCall("pass", parse_contract("solo 6 C"))

    def test_the_calls_that_exist_are_made_alike(self) -> None:
        assert ColourCall("bid", parse_contract("solo 6 C")) == parse_call("solo 6 C")
        assert [ColourCall(k) for k in ("pass", "wait", "accept", "trou")] == [PASS, WAIT, ACCEPT, TROU]
