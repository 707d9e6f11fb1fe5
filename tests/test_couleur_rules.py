"""The rules of colour whist, one class per subsection of RULES.md §5 (seed 003); the auction
(§5.4) is in ``test_couleur_auction.py``, the scoring tables (§5.7) in ``test_couleur_scoring.py``,
the play, all pass, the session and the options (§5.6, §5.8, §5.10) in ``test_couleur_rules_play.py``.

Situations are built from PBN deals with ``ColourDeal.new`` and driven with text actions
(``"pass"``, ``"propose H"``, ``"accept"``, ``"solo 7 H"``, ``"show 7H"``, ``"discard 2C"``,
cards such as ``"AS"``), or, for the auction alone, with :class:`Auction`. Unless a test says
otherwise the dealer is West, so North is eldest hand. Points are read in seat order N, E, S, W.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from whist.actions import IllegalAction, NotYourTurn
from whist.auction import SUIT_RANK, Auction, ladder, parse_call, rank
from whist.cards import CARDS, SEATS, Card, ParseError, Seat, Suit, cards_of, mask_of, parse_card, parse_deal
from whist.contracts import Contract, parse_contract
from whist.couleur import CardCall, ColourAction, ColourDeal, ColourView
from whist.couleur_match import ColourMatch, gathered_deck
from whist.record import match_record
from whist.rules import Rules, RulesError, preset, with_options
from whist.tables import score

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# Each player holds one ace: no trou.
BASE = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
# Each player holds a whole suit: the leader wins every trick of his suit.
ONE_SUIT = "N:AKQJT98765432.-.-.- -.AKQJT98765432.-.- -.-.AKQJT98765432.- -.-.-.AKQJT98765432"
# North holds the 2s, 3s and 4s and the 5 of spades: once he has led the first trick (and the
# others still hold every suit) he can never win a trick.
LOW = "N:5432.432.432.432 AKQ.AKQJ.765.765 JT9.T98.AKQJ.T98 876.765.T98.AKQJ"
# North holds the aces of spades, hearts and diamonds; South the ace of clubs.
TROU = "N:AKQJ.AK9.AK8.432 T98.QJT.QJT9.765 765.8765.765.AKQ 432.432.432.JT98"
# As TROU, with South void in diamonds (to ruff with the ace of clubs under trou_surprise).
SURPRISE = "N:AKQJ.AK9.AK8.432 T98.QJT.QJT9.765 765.8765.-.AKQJT9 432.432.765432.8"
# North holds the four aces; East the king of hearts.
FOUR_ACES = "N:AKQ.AQJ.AKQ.AKQJ JT9.KT9.JT9.T987 8765.876.876.654 432.5432.5432.32"
# North holds the four aces and the king of hearts; South the queen.
FOUR_ACES_KH = "N:AKQ.AKJ.AKQ.AKQJ JT9.T98.JT9.T987 8765.Q76.876.654 432.5432.5432.32"


def rules_of(name: str = "couleur", **options: Any) -> Rules:
    return with_options(preset(name), options, strict=False) if options else preset(name)


def new(pbn: str, name: str = "couleur", dealer: Seat = W, **options: Any) -> ColourDeal:
    return ColourDeal.new(rules_of(name, **options), dealer, parse_deal(pbn))


def run(d: ColourDeal, *actions: str) -> ColourDeal:
    for a in actions:
        d = d.apply(a)
    return d


def first_legal(d: ColourDeal) -> ColourAction:
    return d.legal_actions()[0]


def play_out(d: ColourDeal, choose: Callable[[ColourDeal], ColourAction] = first_legal) -> ColourDeal:
    while not d.is_over:
        d = d.apply(choose(d))
    return d


def play_tricks(d: ColourDeal, n: int) -> ColourDeal:
    """Play ``n`` more tricks with the first legal card (fewer if the deal ends)."""
    target = sum(d.tricks_won) + n
    while not d.is_over and sum(d.tricks_won) < target:
        d = d.apply(first_legal(d))
    return d


def texts(actions: tuple[Any, ...]) -> list[str]:
    return [a.text for a in actions]


def auction(*calls: str, name: str = "couleur", eldest: Seat = N, **options: Any) -> Auction:
    a = Auction.start(rules_of(name, **options), eldest)
    for c in calls:
        a = a.apply(c)
    return a


def calls_of(a: Auction) -> list[str]:
    return texts(a.legal_calls())


def pts(d: ColourDeal) -> tuple[int, int, int, int]:
    p = d.points()
    return (p[N], p[E], p[S], p[W])


def others_cards(view: ColourView, d: ColourDeal) -> set[Card]:
    """The cards of other seats' hands that ``view`` shows."""
    seat = view.seat
    hidden = 0
    for s in SEATS:
        if s is not seat:
            hidden |= d.hands[s]
    return {c for c in view.visible_cards() if c.bit & hidden}


# ----- §5.1 ---------------------------------------------------------------------------------


class TestDeal:
    """§5.1: clockwise from the dealer's left in packets 4-4-5 (option 4-5-4, 5-4-4); no card is
    turned; with ``shuffle`` off the last deal's cards are gathered in order and cut (D22)."""

    @pytest.mark.parametrize(("packets", "east"), [
        ("4-4-5", [*range(0, 4), *range(16, 20), *range(32, 37)]),
        ("4-5-4", [*range(0, 4), *range(16, 21), *range(36, 40)]),
        ("5-4-4", [*range(0, 5), *range(20, 24), *range(36, 40)]),
    ])
    def test_packets_go_clockwise_from_the_dealers_left(self, packets: str, east: list[int]) -> None:
        deck = list(range(52))
        hands = ColourDeal.deal_deck(rules_of(packets=packets), N, deck)
        sizes = [int(x) for x in packets.split("-")]
        assert hands[E] == mask_of(CARDS[i] for i in east)
        # South gets the packet after East's, West after South's, the dealer (N) last.
        expected: dict[Seat, list[int]] = {s: [] for s in SEATS}
        i = 0
        for size in sizes:
            for seat in (E, S, W, N):
                expected[seat].extend(range(i, i + size))
                i += size
        for seat in SEATS:
            assert hands[seat] == sum(1 << k for k in expected[seat])
            assert hands[seat].bit_count() == 13

    def test_the_dealer_receives_the_last_packet(self) -> None:
        deck = list(range(52))
        hands = ColourDeal.deal_deck(rules_of(), S, deck)
        assert hands[W] >> 0 & 1  # the dealer's left (W) receives the top card
        assert hands[S] >> 51 & 1  # the dealer receives the bottom card

    def test_a_shuffled_deal_is_the_deck_dealt_in_packets(self) -> None:
        rules = rules_of(packets="5-4-4")
        d = ColourDeal.shuffled(rules, E, random.Random(9))
        assert d.dealt == ColourDeal.deal_deck(rules, E, d.deck)
        assert sorted(d.deck) == list(range(52))

    @pytest.mark.parametrize("packets", ["4-4-5", "4-5-4", "5-4-4"])
    @pytest.mark.parametrize("dealer", [N, S])
    def test_a_deal_from_given_hands_has_a_deck_that_deals_them(self, packets: str, dealer: Seat) -> None:
        """``deck`` is the deck as dealt for every deal, so that dealing it again (a record holds
        it) gives the same hands."""
        rules = rules_of(packets=packets)
        hands = parse_deal(LOW)
        d = ColourDeal.new(rules, dealer, hands)
        assert sorted(d.deck) == list(range(52))
        assert ColourDeal.deal_deck(rules, dealer, d.deck) == hands
        assert ColourDeal.from_deck(rules, dealer, d.deck).dealt == hands

    def test_no_card_is_turned(self) -> None:
        """§5: "No card is turned up": during the auction nobody sees a trump or another seat's card."""
        d = new(BASE)
        for seat in (*SEATS, None):
            v = d.view(seat)
            assert v.trump is None and v.contract is None
            assert v.visible_cards() == (set(cards_of(d.hands[seat])) if seat is not None else set())

    def test_the_first_dealer_of_a_session_is_drawn_by_lot(self) -> None:
        """§1: "The first dealer of a match is drawn by lot (the seeded random generator; it is
        stored in the record, D20)"; he deals the first deal."""
        drawn: set[Seat] = set()
        for seed in range(16):
            m = ColourMatch.start(rules_of(), random.Random(seed))
            again = ColourMatch.start(rules_of(), random.Random(seed))
            assert m.first_dealer is again.first_dealer is m.dealer
            assert match_record(m)["first_dealer"] == m.first_dealer.name
            first = m.deal(random.Random(seed)).current
            assert first is not None and first.dealer is m.first_dealer
            drawn.add(m.first_dealer)
        assert drawn == set(SEATS)

    def test_first_deal_of_a_session_is_shuffled_even_without_shuffle(self) -> None:
        rules = rules_of(shuffle=False)
        rng = random.Random(5)
        m = ColourMatch.start(rules, rng)
        probe = random.Random()
        probe.setstate(rng.getstate())
        m = m.deal(rng)
        assert m.current is not None
        assert m.current.dealt == ColourDeal.shuffled(rules, m.dealer, probe).dealt

    def test_shuffle_on_shuffles_every_deal(self) -> None:
        rules = rules_of(shuffle=True)
        rng = random.Random(6)
        m = ColourMatch.start(rules, rng).deal(rng)
        m = _play_current(m, random.Random(1))
        probe = random.Random()
        probe.setstate(rng.getstate())
        m = m.deal(rng)
        assert m.current is not None
        assert m.current.dealt == ColourDeal.shuffled(rules, m.dealer, probe).dealt

    @pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
    def test_shuffle_off_gathers_the_tricks_in_order_and_cuts(self, seed: int) -> None:
        """D22: the tricks in the order won, each in the order played, then each hand's unplayed
        cards from eldest, then the discards from eldest; cut once at a random point."""
        rules = rules_of(shuffle=False, packets="4-5-4")
        rng = random.Random(seed)
        m = ColourMatch.start(rules, rng).deal(rng)
        m = _play_current(m, random.Random(seed))
        prev = m.deals[-1]
        eldest = prev.dealer.left
        from_eldest = [SEATS[(eldest + k) & 3] for k in range(4)]
        if prev.passed_out:
            expected = [i for s in from_eldest for i in prev.deck if prev.dealt[s] >> i & 1]
        else:
            expected = [a.index for _, a in prev.actions if isinstance(a, Card)]
            for s in from_eldest:
                expected += [i for i in prev.deck if prev.hands[s] >> i & 1]
            for s in from_eldest:
                expected += [a.card.index for t, a in prev.actions
                             if t is s and isinstance(a, CardCall) and a.kind == "discard" and a.card]
        assert sorted(expected) == list(range(52))
        assert gathered_deck(prev) == expected
        probe = random.Random()
        probe.setstate(rng.getstate())
        cut = probe.randrange(1, 52)
        m = m.deal(rng)
        assert m.current is not None
        assert list(m.current.deck) == expected[cut:] + expected[:cut]
        assert m.current.dealt == ColourDeal.deal_deck(rules, m.dealer, m.current.deck)

    def test_a_passed_deal_is_gathered_hand_after_hand(self) -> None:
        """D22: after a redeal, the hands one after the other from eldest, each in the order dealt."""
        rules = rules_of(shuffle=False)
        rng = random.Random(3)
        m = ColourMatch.start(rules, rng).deal(rng)
        d = m.current
        assert d is not None
        assert d.phase == "auction"  # seed 3 deals no trou
        m = m.apply("pass").apply("pass").apply("pass").apply("pass")
        prev = m.deals[-1]
        assert prev.passed_out
        eldest = prev.dealer.left
        expected: list[int] = []
        for k in range(4):
            seat = SEATS[(eldest + k) & 3]
            expected += [i for i in prev.deck if prev.dealt[seat] >> i & 1]
        assert gathered_deck(prev) == expected

    def test_discards_are_gathered_last(self) -> None:
        d = run(new(LOW), "petite misère", "pass", "pass", "pass",
                "discard 5S", "discard 7D", "discard 8C", "discard 6H")
        d = play_out(d)
        deck = gathered_deck(d)
        assert [CARDS[i] for i in deck[-4:]] == [parse_card(c) for c in ("5S", "7D", "8C", "6H")]
        played = [a.index for _, a in d.actions if isinstance(a, Card)]
        assert deck[:len(played)] == played


def _play_current(m: ColourMatch, rng: random.Random) -> ColourMatch:
    """Finish the deal in play with random legal actions (passing half of the time)."""
    while m.current is not None:
        legal = m.legal_actions()
        m = m.apply(legal[0] if rng.random() < 0.5 else rng.choice(legal))
    return m


# ----- §5.2 ---------------------------------------------------------------------------------


class TestSuitRank:
    """§5.2: ♠ < ♣ < ♦ < ♥ for bids of the same row; only suited rows compare by suit."""

    def test_the_order(self) -> None:
        assert sorted(Suit, key=SUIT_RANK.__getitem__) == [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS,
                                                           Suit.HEARTS]

    @pytest.mark.parametrize("name", ["couleur", "pagat"])
    def test_a_second_proposal_at_8_must_be_in_a_higher_suit(self, name: str) -> None:
        a = auction("propose C", name=name)
        eights = [t for t in calls_of(a) if t.startswith("propose")]
        assert eights == ["propose D", "propose H"]

    def test_a_solo_of_the_same_level_in_a_higher_suit(self) -> None:
        a = auction("solo 6 D")
        sixes = [t for t in calls_of(a) if t.startswith("solo 6")]
        assert sixes == ["solo 6 H"]
        assert [t for t in calls_of(a) if t.startswith("solo 7")] == [
            "solo 7 S", "solo 7 C", "solo 7 D", "solo 7 H"]

    def test_rank_compares_row_first_then_suit(self) -> None:
        r = rules_of()
        assert rank(r, Contract("solo", 6, Suit.SPADES)) > rank(r, Contract("emballage", 9, Suit.HEARTS))
        assert rank(r, Contract("solo", 6, Suit.HEARTS)) > rank(r, Contract("solo", 6, Suit.DIAMONDS))
        assert rank(r, Contract("chelem", None, Suit.CLUBS)) > rank(r, Contract("chelem", None, Suit.SPADES))

    def test_misères_have_no_suit(self) -> None:
        a = auction("petite misère")
        assert "small misère" not in calls_of(a)  # the same row does not beat itself
        assert parse_contract("petite misère").suit is None

    @pytest.mark.parametrize("text", ["petite misère H", "piccolo cœur", "piccolissimo S",
                                      "grande misère sur table D", "piccolo ♥"])
    def test_a_misère_named_with_a_suit_is_refused(self, text: str) -> None:
        """§5.2: misères, piccolo and piccolissimo have no suit: one typed after them was dropped
        without a word; it is refused, saying how to type the contract, in both languages."""
        with pytest.raises(ParseError) as info:
            parse_contract(text, lang="fr")
        bare = text.rsplit(" ", 1)[0]
        assert str(info.value).endswith(f"has no trump: type '{bare}' without a suit")
        assert info.value.fr.endswith(f"se joue sans atout : tapez « {bare} » sans couleur")


# ----- §5.3 ---------------------------------------------------------------------------------


class TestTrou:
    """§5.3: three aces must be announced; partner = fourth ace; the couleur rule (shown card),
    ``trou_always_nine``, ``trou_surprise`` (D23), the pagat rule, four aces (D2)."""

    def test_the_holder_of_three_aces_must_announce_it_before_the_first_call(self) -> None:
        d = new(TROU, dealer=N)  # East is eldest; North holds the aces
        assert d.phase == "trou" and d.to_act is N
        assert texts(d.legal_actions()) == ["trou"]
        with pytest.raises(IllegalAction):
            d.apply("pass")
        with pytest.raises(NotYourTurn):
            d.apply("trou", seat=E)
        d = d.apply("trou")
        assert d.phase == "auction" and d.to_act is E
        assert d.trou == (N, S)

    def test_the_holder_of_four_aces_is_told_he_holds_four(self) -> None:
        """D2: "Four aces: the holder announces trou". A holder of four aces who tries another
        call is told why he must announce it, with the aces he holds: four, not three."""
        d = new(FOUR_ACES)
        with pytest.raises(IllegalAction) as caught:
            d.apply("pass")
        assert str(caught.value) == "you hold four aces: you must announce trou"
        assert caught.value.fr == "vous avez quatre as : vous devez annoncer trou"

    def test_the_trou_is_public_only_once_announced(self) -> None:
        """§1 "What a seat knows": before the announcement no view may tell who holds the aces."""
        d = new(TROU, dealer=N)
        for seat in (*SEATS, None):
            assert d.view(seat).trou is None
        d = d.apply("trou")
        for seat in (*SEATS, None):
            assert d.view(seat).trou == (N, S)

    def test_trou_players_are_skipped_and_the_auction_is_the_others(self) -> None:
        d = run(new(TROU, dealer=N), "trou")
        assert d.to_act is E
        d = d.apply("pass")
        assert d.to_act is W  # S, the partner, and N are skipped
        d = d.apply("pass")
        assert d.phase == "show" and d.to_act is S

    def test_only_contracts_above_trou_overbid_it(self) -> None:
        d = run(new(TROU, dealer=N), "trou")
        assert texts(d.legal_actions()) == ["pass", "wait", "large misère", "open misère",
                                            "slam S", "slam C", "slam D", "slam H"]
        d = run(new(TROU, dealer=N, abondance_sur_table=True, grande_misere_sur_table=False), "trou")
        assert texts(d.legal_actions()) == ["pass", "wait", "large misère",
                                            "slam S", "slam C", "slam D", "slam H"]

    def test_pagat_trou_overbids(self) -> None:
        d = run(new(TROU, "pagat", dealer=N), "trou", "pass")
        assert d.to_act is W
        assert texts(d.legal_actions()) == [
            "pass", "large misère", "abondance 10 S", "abondance 10 C", "abondance 10 D",
            "abondance 10 H", "abondance 11 S", "abondance 11 C", "abondance 11 D", "abondance 11 H",
            "open misère", "abondance 12 S", "abondance 12 C", "abondance 12 D", "abondance 12 H",
            "slam S", "slam C", "slam D", "slam H"]

    def test_couleur_partner_shows_a_card_of_the_ace_suit_8_tricks(self) -> None:
        d = run(new(TROU, dealer=N), "trou", "pass", "pass")
        assert texts(d.legal_actions()) == ["show " + c.text for c in cards_of(d.hands[S])]
        for seat in (*SEATS, None):
            assert d.view(seat).shown_card is None
        d = d.apply("show QC")
        assert d.phase == "play"
        assert d.in_play is not None
        assert (d.in_play.trump, d.in_play.needed, d.in_play.declarers) == (Suit.CLUBS, 8, (N, S))
        assert d.to_act is E  # eldest hand leads
        assert d.hands[S] & parse_card("QC").bit  # the shown card goes back into his hand
        for seat in (*SEATS, None):
            v = d.view(seat)
            assert v.shown_card is parse_card("QC")
            assert v.trump is Suit.CLUBS and v.needed == 8

    def test_couleur_partner_shows_another_suit_9_tricks(self) -> None:
        d = run(new(TROU, dealer=N), "trou", "pass", "pass", "show 8H")
        assert d.in_play is not None
        assert (d.in_play.trump, d.in_play.needed) == (Suit.HEARTS, 9)
        d = play_out(d)
        t = d.tricks_won[N] + d.tricks_won[S]
        expected = score("couleur", Contract("trou"), [N, S], {N: t}, 9)
        assert d.points() == expected

    def test_trou_always_nine(self) -> None:
        """Seed variant "le trou à 9 plis": always 9 tricks, any card."""
        d = run(new(TROU, dealer=N, trou_always_nine=True), "trou", "pass", "pass", "show QC")
        assert d.in_play is not None
        assert (d.in_play.trump, d.in_play.needed) == (Suit.CLUBS, 9)

    def test_an_overbid_trou_shows_nothing(self) -> None:
        """D31: the partner shows his card only if the trou is the contract."""
        d = run(new(TROU, dealer=N), "trou", "grande misère")
        assert d.to_act is S  # overbid, the trou's players are called again …
        assert texts(d.legal_actions()) == ["pass"]  # … and may only pass
        d = run(d, "pass", "pass")
        assert d.to_act is N and texts(d.legal_actions()) == ["pass"]
        d = d.apply("pass")
        assert d.phase == "play" and d.shown_card is None
        assert d.in_play is not None and d.in_play.contract.kind == "grande_misere"
        assert d.in_play.declarers == (E,)
        assert all(not isinstance(a, CardCall) for _, a in d.actions)

    def test_pagat_trump_is_the_fourth_ace_suit_and_its_holder_leads(self) -> None:
        d = run(new(TROU, "pagat", dealer=N), "trou", "pass", "pass")
        assert d.phase == "play" and d.to_act is S
        assert d.in_play is not None
        assert (d.in_play.trump, d.in_play.needed, d.in_play.leader) == (Suit.CLUBS, 8, S)

    def test_pagat_refuses_the_options_of_couleur(self) -> None:
        """§5.10: abondance_sur_table and trou_surprise are "—" in pagat: a player who sets them
        is told they change nothing; their preset values are accepted. trou_always_nine is "—"
        there too, but §5.3 applies it to the four-aces trou of both presets: pagat takes it."""
        assert with_options(preset("pagat"), {"trou_always_nine": True}).trou_always_nine
        for option in ("abondance_sur_table", "trou_surprise"):
            with pytest.raises(RulesError, match=f"option {option} is not part of colour whist as pagat"):
                with_options(preset("pagat"), {option: True})
            assert getattr(with_options(preset("pagat"), {option: False}), option) is False
            assert getattr(with_options(preset("couleur"), {option: True}), option) is True

    def test_pagat_ignores_trou_surprise(self) -> None:
        """§5.10: trou_surprise is a couleur option ("—" in pagat); a stored record that holds it
        (strict=False) plays pagat's trou."""
        d = run(new(TROU, "pagat", dealer=N, trou_surprise=True), "trou", "pass", "pass")
        assert d.in_play is not None and d.in_play.trump is Suit.CLUBS
        assert d.view(E).trou == (N, S)

    @pytest.mark.parametrize("name", ["couleur", "pagat"])
    def test_four_aces_partner_is_the_highest_heart_he_lacks(self, name: str) -> None:
        """D2: hearts are trump, the partner leads, 8 tricks."""
        d = new(FOUR_ACES, name)
        assert d.to_act is N and d.trou == (N, E)
        d = run(d, "trou")
        assert d.to_act is S  # N eldest and E partner are skipped
        d = run(d, "pass", "pass")
        assert d.phase == "play" and d.to_act is E
        assert d.in_play is not None
        assert (d.in_play.trump, d.in_play.needed, d.in_play.declarers) == (Suit.HEARTS, 8, (N, E))

    def test_four_aces_with_the_king_of_hearts_takes_the_queen(self) -> None:
        d = new(FOUR_ACES_KH)
        assert d.trou == (N, S)
        d = run(d, "trou", "pass", "pass")
        assert d.to_act is S and d.in_play is not None and d.in_play.trump is Suit.HEARTS

    @pytest.mark.parametrize("name", ["couleur", "pagat"])
    def test_four_aces_trou_always_nine(self, name: str) -> None:
        """§5.3, four aces "(both presets …) 8 tricks (9 with trou_always_nine)"."""
        d = run(new(FOUR_ACES, name, trou_always_nine=True), "trou", "pass", "pass")
        assert d.in_play is not None and d.in_play.needed == 9
        assert (d.in_play.trump, d.to_act) == (Suit.HEARTS, E)

    def test_pagat_three_aces_trou_needs_8_even_with_trou_always_nine(self) -> None:
        """§5.3 pagat: "trump is the suit of the fourth ace; its holder leads the first trick; 8
        tricks"; trou_always_nine reaches pagat only through its four-aces trou."""
        d = run(new(TROU, "pagat", dealer=N, trou_always_nine=True), "trou", "pass", "pass")
        assert d.in_play is not None and d.in_play.needed == 8


class TestTrouSurprise:
    """§5.3 ``trou_surprise`` (D23): the partner says nothing and stays hidden in every view; no
    trump until the fourth ace is played; from that trick (included) its suit is trump; the
    tricks each of them won before count for the pair."""

    def start(self, **options: Any) -> ColourDeal:
        return run(new(SURPRISE, trou_surprise=True, **options), "trou")

    def test_only_the_caller_is_skipped(self) -> None:
        d = self.start()
        assert d.to_act is E
        d = d.apply("pass")
        assert d.to_act is S  # the hidden partner is called in turn
        assert texts(d.legal_actions()) == ["pass", "large misère", "open misère",
                                            "slam S", "slam C", "slam D", "slam H"]
        d = d.apply("pass")  # his pass does not withdraw the trou
        d = d.apply("pass")
        assert d.phase == "play" and d.to_act is N  # no shown card; eldest leads
        assert d.in_play is not None
        assert d.in_play.contract.kind == "trou" and d.in_play.needed == 8

    def test_the_partner_is_hidden_until_the_fourth_ace_falls(self) -> None:
        d = run(self.start(), "pass")
        for seat in (N, E, W, None):
            assert d.view(seat).trou == (N, None)
        assert d.view(S).trou == (N, S)
        d = run(d, "pass", "pass")
        for seat in (N, E, W, None):
            v = d.view(seat)
            assert v.trou == (N, None) and v.declarers == (N,) and v.trump is None
        assert d.view(S).trou == (N, S)
        # Trick 1, no trump: South's club does not win against North's ace of diamonds.
        d = run(d, "AD", "9D", "9C", "7D")
        assert d.tricks_won == (1, 0, 0, 0)
        assert d.view(E).trump is None and d.view(E).trou == (N, None)
        # Trick 2: South ruffs with the fourth ace: clubs are trump from this trick on.
        d = run(d, "8D", "QD", "AC")
        assert d.view(E).trump is Suit.CLUBS and d.view(E).trou == (N, S)
        d = d.apply("6D")
        assert d.tricks_won == (1, 0, 1, 0)
        assert d.leader is S
        for seat in (*SEATS, None):
            v = d.view(seat)
            assert v.trou == (N, S) and v.declarers == (N, S) and v.trump is Suit.CLUBS

    def test_tricks_won_before_count_for_the_pair(self) -> None:
        d = run(self.start(), "pass", "pass", "pass", "AD", "9D", "9C", "7D", "8D", "QD", "AC", "6D")
        d = play_out(d)
        won = d.tricks_won[N] + d.tricks_won[S]
        assert d.points() == score("couleur", Contract("trou"), [N, S], {N: won}, 8)
        assert d.tricks_won[N] >= 1

    def test_with_trou_always_nine(self) -> None:
        d = run(self.start(trou_always_nine=True), "pass", "pass", "pass")
        assert d.in_play is not None and d.in_play.needed == 9

    def test_a_hidden_partner_who_joins_a_misere_is_bound_by_it(self) -> None:
        """§5.4 rules 1 and 5: the hidden partner who accepts East's grande misère is part of the
        bid that counts, skipped as East is and bound to it; he was called again after North's
        pass, free to desert it with a slam of his own (and marked as the trou's partner by a turn
        no other acceptor gets)."""
        d = run(self.start(), "grande misère", "accept", "pass", "pass")
        assert d.phase == "play" and d.in_play is not None
        assert d.in_play.contract.kind == "grande_misere" and d.in_play.declarers == (E, S)

    def test_an_overbid_trou_keeps_the_partner_hidden_but_names_the_real_declarer(self) -> None:
        """The views hide who holds the fourth ace, but the contract being played is public."""
        d = run(self.start(), "grande misère", "pass", "pass", "pass")
        assert d.phase == "play" and d.in_play is not None and d.in_play.declarers == (E,)
        for seat in (N, E, W, None):
            v = d.view(seat)
            assert v.contract == Contract("grande_misere") and v.declarers == (E,)
            assert v.trou == (N, None)
        assert d.view(S).trou == (N, S)

    def test_the_hidden_partner_may_overbid(self) -> None:
        d = run(self.start(), "pass", "grande misère", "pass", "pass")
        assert d.in_play is not None
        assert d.in_play.contract.kind == "grande_misere" and d.in_play.declarers == (S,)


# ----- §5.5 ---------------------------------------------------------------------------------

COULEUR_LADDER = [
    ("emballage", 8), ("emballage", 9), ("solo", 6), ("emballage", 10), ("solo", 7),
    ("piccolissimo", None), ("emballage", 11), ("petite_misere", None), ("solo", 8),
    ("piccolo", None), ("emballage", 12), ("abondance", 9), ("abondance_sur_table", None),
    ("trou", None), ("grande_misere", None), ("grande_misere_sur_table", None), ("chelem", None),
]
PAGAT_LADDER = [
    ("emballage", 8), ("solo", 5), ("emballage", 9), ("solo", 6), ("emballage", 10), ("solo", 7),
    ("emballage", 11), ("petite_misere", None), ("emballage", 12), ("solo", 8), ("piccolo", None),
    ("emballage", 13), ("abondance", 9), ("trou", None), ("grande_misere", None), ("abondance", 10),
    ("abondance", 11), ("grande_misere_sur_table", None), ("abondance", 12), ("chelem", None),
]


Row = tuple[str, int | None]


def _without(rows: list[Row], *drop: Row) -> list[Row]:
    return [r for r in rows if r not in drop]


class TestLadder:
    """§5.5: both ladders exactly in order; options gate rows (D4, D25, D5)."""

    def test_couleur_with_every_option(self) -> None:
        assert list(ladder(rules_of(abondance_sur_table=True))) == COULEUR_LADDER

    def test_couleur_defaults(self) -> None:
        assert list(ladder(rules_of())) == _without(COULEUR_LADDER, ("abondance_sur_table", None))

    def test_couleur_options_gate_rows(self) -> None:
        r = rules_of(overbids=False, piccolo=False, grande_misere_sur_table=False)
        assert list(ladder(r)) == _without(
            COULEUR_LADDER, ("emballage", 9), ("emballage", 10), ("emballage", 11), ("emballage", 12),
            ("piccolo", None), ("piccolissimo", None), ("abondance_sur_table", None),
            ("grande_misere_sur_table", None))

    def test_pagat(self) -> None:
        assert list(ladder(rules_of("pagat"))) == PAGAT_LADDER
        r = rules_of("pagat", overbids=False, piccolo=False, grande_misere_sur_table=False)
        assert list(ladder(r)) == _without(
            PAGAT_LADDER, ("emballage", 9), ("emballage", 10), ("emballage", 11), ("emballage", 12),
            ("emballage", 13), ("piccolo", None), ("grande_misere_sur_table", None))

    @pytest.mark.parametrize(("name", "options", "rows"), [
        ("couleur", {"abondance_sur_table": True}, COULEUR_LADDER),
        ("pagat", {}, PAGAT_LADDER),
    ])
    def test_the_opening_calls_are_the_ladder(self, name: str, options: dict[str, Any],
                                              rows: list[tuple[str, int | None]]) -> None:
        """Eldest's first legal calls: pass, wait, then every row bottom to top, suits ♠ ♣ ♦ ♥."""
        legal = auction(name=name, **options).legal_calls()
        assert texts(legal[:2]) == ["pass", "wait"]
        expected: list[Contract] = []
        for kind, level in rows:
            if kind == "trou":
                continue
            c = Contract(kind, level)
            if c.info.suited:
                expected += [Contract(kind, level, s) for s in (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS,
                                                                 Suit.HEARTS)]
            else:
                expected.append(c)
        assert [call.contract for call in legal[2:]] == expected
        r = rules_of(name, **options)
        ranks = [rank(r, c) for c in expected]
        assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)

    def test_every_call_text_reads_back(self) -> None:
        for name in ("couleur", "pagat"):
            for call in auction(name=name, abondance_sur_table=True).legal_calls():
                assert parse_call(call.text) == call
