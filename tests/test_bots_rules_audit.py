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
from collections.abc import Mapping, Sequence

from whist.auction import parse_call
from whist.bots.colour import colour_heuristic_bot
from whist.bots.colour_calls import choose_call
from whist.bots.heuristic import Reading, classic_aims, play_card
from whist.cards import (
    ALL_CARDS_MASK,
    Card,
    Seat,
    Suit,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
    parse_deal,
    parse_hand,
    parse_seat,
)
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
           trick: str = "", known: Mapping[Seat, str] | None = None) -> str:
    """The card ``seat`` plays in classic whist (his partner opposite, every trick wanted) from
    ``hand`` (cards separated by spaces) after the complete tricks ``before``, with ``trick`` on
    the table (empty: ``seat`` leads); ``known``: cards every seat knows to be in a hand (the
    turned trump card while the dealer holds it)."""
    table = seat_cards(trick) if trick else []
    played = [p for t in before for p in seat_cards(t)] + table
    held = parse_cards(hand)
    assert not set(held) & {c for _, c in played}, "a card both held and played"
    if table:
        assert table[-1][0].left is seat, "not this seat's turn"
    led = table[0][1].suit if table else None
    shown = {s: parse_cards(cs) for s, cs in (known or {}).items()}
    reading = Reading(seat, classic_aims(seat), held, trump, played, table, shown)
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
    """Second hand low, but cover an honour and take the trick with two equal masters, or with
    a master of a side suit of which seven cards or fewer are out (``SHORT_SUIT_OUT``); third
    hand high unless partner's card is an honour."""

    def test_second_hand_takes_the_trick_with_the_ace_of_a_short_suit(self) -> None:
        # Spades trump. Four hearts went on trick 1, which East won; he leads the seven. Six
        # hearts are out besides South's A-4: kept back, the ace is soon ruffed, so South takes
        # the trick with it.
        card = decide(Seat.S, "AH 4H KS 9S 5S QD 8D 4D KC 9C 6C 3C", Suit.SPADES,
                      ["N: 2H 6H 5H 3H"], "E: 7H")
        assert card == "AH"

    def test_second_hand_plays_low_with_the_ace_of_a_long_suit(self) -> None:
        # The same ace and four on the first trick, with ten hearts out: second hand low.
        card = decide(Seat.S, "AH 4H KS 9S 5S QD 8D 4D KC 9C 6C 3C 2D", Suit.SPADES,
                      trick="E: 7H")
        assert card == "4H"

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


class TestDoubtfulRuffs:
    """Void in the suit led: no ruff of a doubtful trick (partner still to play, the
    opponent's card not a master) with four trumps or more (``STRONG_TRUMPS``); a master of an
    opponent's is ruffed all the same; partner's master honour is not ruffed, though the last
    player may ruff it."""

    # South, void in diamonds, with four small trumps and small hearts and clubs.
    FOUR_TRUMPS = "KS 9S 7S 3S 8H 6H 4H 3H 2H 9C 7C 5C 2C"

    def test_four_trumps_do_not_ruff_a_doubtful_trick(self) -> None:
        # Spades trump. East leads the five of diamonds and North is still to play: he may win
        # it, and South keeps his four trumps (they draw the opponents' later): he throws a club.
        card = decide(Seat.S, self.FOUR_TRUMPS, Suit.SPADES, trick="E: 5D")
        assert card == "2C"

    def test_three_trumps_ruff_a_doubtful_trick(self) -> None:
        # As above with three trumps: South ruffs, with the cheapest trump (West has not shown
        # out of diamonds and cannot be expected to overruff).
        card = decide(Seat.S, "KS 9S 7S 8H 6H 5H 4H 3H 2H 9C 7C 5C 2C", Suit.SPADES,
                      trick="E: 5D")
        assert card == "7S"

    def test_four_trumps_ruff_an_opponents_master(self) -> None:
        # East leads the ace of diamonds: North cannot beat it, so the trick is not doubtful
        # and South ruffs it, four trumps or not.
        card = decide(Seat.S, self.FOUR_TRUMPS, Suit.SPADES, trick="E: AD")
        assert card == "3S"

    def test_partners_master_honour_is_not_ruffed(self) -> None:
        # Spades trump. West ruffed North's ace of diamonds on trick 1 (South threw a heart) and
        # North won trick 2. North leads the king of diamonds, now the master; West, void in
        # diamonds, may ruff it, so the king may be beaten, but it is partner's master honour:
        # South, void too, throws a heart rather than ruff with his ace.
        card = decide(Seat.S, "AS 8S 3S 9H 7H 5H 9C 8C 7C 4C 3C", Suit.SPADES,
                      ["N: AD 4D 2H 5S", "W: 2C AC 5C 6C"], trick="N: KD 6D")
        assert card == "5H"

    def test_an_overruff_is_avoided_by_ruffing_high(self) -> None:
        # Spades trump, East the dealer, his turned king of spades still in his hand. West
        # ruffed trick 1 with the ace, so he may overruff a diamond; East leads one, and South,
        # void and with two trumps (the trick is doubtful, but he is not strong in trumps),
        # ruffs with the queen, not with the two that West could beat (``may_be_beaten``: a
        # trump played to a plain suit may be overruffed by a seat void in that suit, with a
        # higher trump not known elsewhere). The queen is not a master (East's king), so it is
        # not kept as a master would be (TestMasterTrumps).
        card = decide(Seat.S, "QS 2S 9H 7H 6H 5H 4H 9C 8C 7C 6C", Suit.SPADES,
                      ["N: 2D 3D 2H AS", "W: 3C 4C AC 5C"], trick="E: 5D",
                      known={Seat.E: "KS"})
        assert card == "QS"


class TestMasterTrumps:
    """A master trump makes its trick whenever it is played (heuristic.py, ``_ruff_with`` and
    ``_lead``): it is not spent on ruffing a side suit while a lower trump can try, and it
    draws the last trumps out when the masters are enough to draw them all."""

    def test_ruffs_with_the_low_trump_and_keeps_the_ace(self) -> None:
        # Spades trump. West showed out of hearts on the first trick and may hold trumps, so
        # the three of spades may be overruffed; the ace would win, but it wins a trick later
        # just as surely: South ruffs East's heart with the three.
        card = decide(Seat.S, "AS 3S 9C 8C 7C 6C 5C 4C 3C 2C 6D 5D", Suit.SPADES,
                      ["N: 2H KH JH 3D"], "E: 4H")
        assert card == "3S"

    def test_overruffs_with_the_master_when_a_lower_trump_may_be_overruffed(self) -> None:
        # Spades trump. East ruffed North's heart with the five; West, void in hearts, may
        # overruff the eight: South overruffs with the ace (the rule above is for ruffing a
        # side suit, not for overruffing).
        card = decide(Seat.S, "AS 8S 3S 9C 8C 7C 6C 5C 4C 3C 2C 6D", Suit.SPADES,
                      ["N: 2H KH JH 3D"], "N: 4H 5S")
        assert card == "AS"

    def test_the_master_trump_draws_the_last_trump(self) -> None:
        # Spades trump. Eleven spades have gone and North has shown out: the seven is the last
        # trump out, with East or West. South's ace draws it before he leads his hearts and
        # clubs, which it could ruff (without the rule, the KH of his K-Q sequence).
        card = decide(Seat.S, "AS KH QH 4H 6D 5D 5C 4C 3C 2C", Suit.SPADES,
                      ["W: 2S 3S 4S 5S", "S: 6S 8S 9S TS", "E: JS QS KS 2D"])
        assert card == "AS"

    def test_two_trumps_out_against_one_master_are_not_drawn(self) -> None:
        # As above, but the seven and the eight of spades are both out: one lead of the ace
        # cannot draw them both, and South leads the KH.
        card = decide(Seat.S, "AS KH QH 4H 6D 5D 5C 4C 3C 2C", Suit.SPADES,
                      ["W: 2S 3S 4S 5S", "E: 9S 6S TS 2D", "E: JS QS KS 3D"])
        assert card == "KH"


class TestGivingPartnerARuff:
    """Give partner a ruff in a suit he has shown out of, only while he may still hold a
    trump."""

    def test_no_ruff_for_a_partner_without_trumps(self) -> None:
        # Spades trump. North showed out of spades on trick 1 and of hearts on trick 2, which
        # South won. A heart would give North a ruff, had he a trump left: South leads the top
        # of his club sequence instead, not his low heart.
        card = decide(Seat.S, "9S 7S 5H 4H 3H KC QC JC 4C 9D 6D", Suit.SPADES,
                      ["E: 2S 3S 5S 8C", "W: 6H 2D 7H 8H"])
        assert card == "KC"


class TestLeadPenalties:
    """Lead from the strongest suit, but not away from a lone honour (three cards or fewer),
    nor into a known ruff."""

    def test_no_lead_away_from_a_lone_king(self) -> None:
        # Spades trump, South to lead the first trick with four small trumps (no trump lead) and
        # three cards in each side suit: the king of hearts would lose its guard; of the two
        # other suits (equal) he leads the first, a small diamond.
        card = decide(Seat.S, "7S 5S 4S 3S KH 4H 2H 8D 6D 3D 9C 7C 5C", Suit.SPADES)
        assert card == "3D"

    def test_no_lead_into_a_known_ruff(self) -> None:
        # Spades trump. East ruffed West's heart lead on trick 1; South won trick 2. His five
        # hearts are his longest suit, but East will ruff them: he leads a club.
        card = decide(Seat.S, "QS 8S 3S TH 9H 8H 7H 6H 9C 5C 2C", Suit.SPADES,
                      ["W: 2H 3H 2S 4H", "E: 5D AD 6D 7D"])
        assert card == "2C"

    def test_an_ace_in_a_suit_already_led_is_a_master_suit(self) -> None:
        # Spades trump. West won a heart with the king on trick 1; South won trick 2. His ace of
        # hearts over two small ones counts as a suit of masters once the suit has been led
        # (the lone ace counts for little only in a suit not led yet): he cashes it rather than
        # lead from his four small clubs.
        card = decide(Seat.S, "8S 5S 3S AH 5H 3H TD 9C 7C 5C 2C", Suit.SPADES,
                      ["E: 2H 4H KH 6H", "W: 3D 4D 5D AD"])
        assert card == "AH"


class TestTrumpLeadWithAPartner:
    """``_trump_lead`` keeps a trump under the lowest trump out for a player alone only: with a
    partner, whose trumps are among those out, the fourth best is led."""

    def test_the_fourth_best_trump_with_a_partner(self) -> None:
        # Spades trump. The ace, king, five and two fell on trick 1; South, with J-8-7-4-3, leads
        # trumps (five of them). Every trump out (the queen, ten, nine and six) beats his four,
        # and a player alone would lead the seven; with North's trumps among those out, South
        # leads the four, the fourth best.
        card = decide(Seat.S, "JS 8S 7S 4S 3S KH QH 9H 8C 6C 3C", Suit.SPADES,
                      ["E: 2S 5S AS KS", "W: 3D 4D 5D AD"])
        assert card == "4S"


class TestDiscards:
    """Discards: never a master."""

    def test_a_master_is_not_thrown(self) -> None:
        # Spades trump. North leads the ace of diamonds, East follows: the trick is North's and
        # South, void in diamonds, throws a card. His bare ace of hearts is his shortest suit,
        # but a master: he throws the lowest club.
        card = decide(Seat.S, "KS 9S 7S 5S 3S 2S AH 9C 8C 7C 6C 4C 3C", Suit.SPADES,
                      trick="N: AD 2D")
        assert card == "3C"


class TestWhoCanBeat:
    """``may_be_beaten`` counts a ruff by an opponent still to play; ``is_master`` counts the
    cards known to be with partners (the turned trump card in the dealer's hand)."""

    def test_two_masters_wait_when_the_fourth_hand_may_ruff(self) -> None:
        # Spades trump. West showed out of hearts on trick 1. East leads a low heart again:
        # South's A-K are the two top hearts, but West may ruff either, so second hand plays low.
        card = decide(Seat.S, "QS 5S AH KH 3H KD 8D 6D 3D JC 9C 5C", Suit.SPADES,
                      ["E: QH 8H 2D 9H"], trick="E: 5H")
        assert card == "3H"

    def test_a_king_under_partners_known_ace_is_a_master(self) -> None:
        # Spades trump; North dealt, turned the ace of spades and still holds it (every seat
        # knows it). South, on lead with K-9-7-5-3 of trumps, draws trumps: his king is the
        # master for his side, so he leads it rather than the fourth best.
        card = decide(Seat.S, "KS 9S 7S 5S 3S 8H 7H 4H 9C 7C 5C 2C", Suit.SPADES,
                      ["E: 2D AD 3D 4D"], known={Seat.N: "AS"})
        assert card == "KS"


def colour_call(hands: Mapping[Seat, str], calls: Sequence[str] = ()) -> str:
    """The colour-whist heuristic's call (``couleur``, West dealing: North is eldest) for the
    seat to act after ``calls``. ``hands`` gives some seats' hands (PBN, spades first); the other
    seats are dealt the remaining cards in turn, from the aces down, so that no seat holds three
    aces (no trou)."""
    masks = {seat: parse_hand(hand) for seat, hand in hands.items()}
    rest = ALL_CARDS_MASK
    for mask in masks.values():
        rest &= ~mask
    free = [seat for seat in Seat if seat not in masks]
    for seat in free:
        masks[seat] = 0
    for n, card in enumerate(sorted(cards_of(rest), key=lambda c: (-c.rank, c.suit))):
        masks[free[n % len(free)]] |= card.bit
    d = ColourDeal.new(preset("couleur"), Seat.W, [masks[seat] for seat in Seat])
    for call in calls:
        d = d.apply(parse_call(call), d.to_act)
    assert d.to_act is not None
    return choose_call(d.view(d.to_act)).text


class TestColourProposals:
    """colour_calls.py: a proposal with three and a half tricks (``PROPOSE_AT``, counted by
    ``trick_estimate``: a guarded king is half a trick) and five cards of the suit
    (``PROPOSE_TRUMPS``; docs/arena.md: five won over four); of the suits that qualify, the most
    tricks, then the longest, then the highest on the ladder (♠ < ♣ < ♦ < ♥, RULES.md §5.2)."""

    def test_three_and_a_half_tricks_propose(self) -> None:
        # North, eldest: A-8-7-6-5 of hearts (three tricks as trump) and K-5-4 of spades (a
        # guarded king, half a trick): 3.5 exactly.
        assert colour_call({Seat.N: "K54.A8765.T98.T9"}) == "propose H"

    def test_three_point_four_tricks_do_not(self) -> None:
        # A-8-7-6-5 of hearts and two unguarded queens in three cards (0.2 each): 3.4, no
        # proposal (North waits, as a hand that would accept one).
        assert not colour_call({Seat.N: "Q54.A8765.QT9.T9"}).startswith("propose")

    def test_a_guarded_king_is_half_a_trick(self) -> None:
        # A-8-7-6-5 of hearts and K-10 of spades: the doubleton king is guarded, half a trick,
        # which makes 3.5; with Q-10 for K-10 (a doubleton queen counts nothing) 3.0, and North
        # waits.
        assert colour_call({Seat.N: "KT.A8765.T98.T98"}) == "propose H"
        assert not colour_call({Seat.N: "QT.A8765.T98.T98"}).startswith("propose")

    def test_more_tricks_before_more_length(self) -> None:
        # North: Q-J-9-5-2 of hearts count 4.6 tricks as trump, 10-9-8-7-6-5 of clubs 4.2: he
        # proposes hearts, the shorter suit with more tricks.
        assert colour_call({Seat.N: "2.QJ952.T.T98765"}) == "propose H"

    def test_of_equal_tricks_the_longer_suit(self) -> None:
        # North: Q-7-6-5-4-2 of spades and Q-J-8-3-2 of diamonds count 5.8 tricks each as trump;
        # he proposes the longer, spades, though diamonds rank higher on the ladder.
        assert colour_call({Seat.N: "Q76542.7.QJ832.A"}) == "propose S"

    def test_four_trumps_do_not_propose(self) -> None:
        # North proposed diamonds. East's A-K-Q-2 of hearts and K-5 of spades count 4.5 tricks
        # with hearts as trump, but four hearts are not the five a proposal promises: he accepts
        # diamonds instead (three of them, and A-K-Q and a king of support).
        assert colour_call({Seat.E: "K5.AKQ2.763.5432"}, ["propose D"]) == "accept"

    def test_five_trumps_propose(self) -> None:
        # As above with a fifth heart for a club: East proposes hearts over North's diamonds.
        assert colour_call({Seat.E: "K5.AKQ32.763.542"}, ["propose D"]) == "propose H"


class TestColourAcceptance:
    """colour_calls.py: a proposal is accepted with one and a half tricks of support in its suit
    (``ACCEPT_AT``) and two trumps."""

    def test_one_and_a_half_tricks_accept(self) -> None:
        # North proposed hearts. East holds two hearts, the ace of spades and K-5-4 of diamonds
        # (a guarded king): 1.5 tricks of support exactly.
        assert colour_call({Seat.E: "A543.Q2.K54.7654"}, ["propose H"]) == "accept"

    def test_two_guarded_kings_and_a_queen_make_one_point_four(self) -> None:
        # East: K-5-4 of spades and K-Q-5 of diamonds (half a trick for each guarded king, 0.4
        # for the queen with the king) and two small hearts: 1.4 tricks, and East passes.
        assert colour_call({Seat.E: "K54.32.KQ5.76543"}, ["propose H"]) == "pass"

    def test_one_point_four_tricks_pass(self) -> None:
        # As above with two unguarded queens in three and four cards (0.2 each) for the king:
        # 1.4 tricks, and East passes.
        assert colour_call({Seat.E: "A543.Q2.Q54.Q654"}, ["propose H"]) == "pass"
