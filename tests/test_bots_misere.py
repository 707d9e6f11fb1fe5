"""The heuristic player's defence of a misère (RULES.md §5.5–5.7): a declarer of petite misère,
grande misère or grande misère sur table must take no trick, so his three defenders try to force
one on him. Each test is a position where the defenders' old play (they only ducked, as the
declarer does) chose a card a whist player would not, and the new rule the right one.

North declares in every deal (West deals, so North is eldest and leads, §5.5); the others pass.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from test_bots_piccolo import bot_action, bot_call, bot_card, ducking_card, old_declarer_card
from test_bots_rules_audit import seat_cards

from whist.auction import parse_call
from whist.bots.colour import colour_aims
from whist.bots.heuristic import Aims, Reading, play_card
from whist.cards import Seat, mask_of, parse_card, parse_cards, parse_deal
from whist.couleur import CardCall, ColourDeal
from whist.engine import legal_cards
from whist.rules import preset

# North holds no club and low cards elsewhere, but for the king of hearts.
VOID_IN_CLUBS = "N:23456.234K.2345. KQJ.AQ.KQ.AKQJT9 AT9.JT9.AJT.8765 87.8765.9876.432"
# North: the two and the king of spades, nothing under the seven in diamonds.
HIGH_DIAMONDS = "N:2K.2345.789.2345 3AQ.KQ8.5AK.KQJT JT98.JT9.43QJ.A9 7654.A76.26T.876"
# North: the jack of spades over the two, the king of hearts over three low ones, no club.
JACK_AND_KING = "N:J2.K432.8765432. AKQT.QJ8.AK.KQJ7 9876.AT9.QJT.T98 543.765.9.A65432"
# North: the ace of spades over three low ones, a bare jack of hearts, low cards.
BARE_JACK = "N:A432.J.765432.32 J85.Q852.AJ8.Q96 Q96.K963.Q9.KT74 KT7.AT74.KT.AJ85"
# North: the queen of diamonds over the three and the two, a bare eight of clubs, low cards.
QUEEN_OR_EIGHT = "N:765432.432.Q32.8 AJ8.KT7.J85.Q952 Q9.AJ85.K96.KT63 KT.Q96.AT74.AJ74"
# North: a bare jack of hearts, the one card too high to duck; East holds three aces (trou).
JACK_UNDER_A_TROU = "N:5432.J.765432.32 AKQJ.AKQT.AKQJT. T9876.9876.98.AK .5432..QJT987654"
# North: the five and the two of spades; his lowest heart, diamond and club are the three, the
# four and the two.
FIVE_TWO = "N:52.A73.J94.QT862 AKQJ.KQJ.KQT.KJ9 T987.T98.A87.A75 643.6542.6532.43"
# As BARE_JACK, but North's three of clubs is the eight (West's): three cards too high.
EIGHT_AND_TWO = "N:A432.J.765432.82 J85.Q852.AJ8.Q96 Q96.K963.Q9.KT74 KT7.AT74.KT.AJ53"
# North: low cards in every suit; South holds no heart, so he shows out of North's lead of them.
SOUTH_VOID = "N:543.65432.432.32 Q82.A987.KT5.AJ4 AJ76..AQ96.KQT95 KT9.KQJT.J87.876"
# North: low cards in every suit; East, after his ace of hearts, holds two clubs and three or
# more of each other suit, his two of spades the lowest card.
EAST_SHORT_CLUBS = "N:543.65432.432.32 Q862.A987.KT5.J4 AJ7.QJ.AQ96.KQT9 KT9.KT.J87.A8765"
# As BARE_JACK for North; East holds the aces of diamonds and clubs in four and five cards and
# a bare queen of hearts.
BARE_QUEEN = "N:A432.J.765432.32 KQ5.Q.AK98.AT654 JT98.AKT9.QJ.KQJ 76.8765432.T.987"


def misere_auction(pbn: str) -> ColourDeal:
    """The deal ``pbn``, West dealing: North, eldest, to call first."""
    return ColourDeal.new(preset("couleur"), Seat.W, parse_deal(pbn))


def misere(pbn: str, contract: str, plays: list[str]) -> ColourDeal:
    """North calls ``contract``, the others pass, then ``plays`` are played."""
    d = ColourDeal.new(preset("couleur"), Seat.W, parse_deal(pbn))
    for call in (contract, "pass", "pass", "pass"):
        d = d.apply(parse_call(call), d.to_act)
    for card in plays:
        d = d.apply(parse_card(card), d.to_act)
    return d


def test_the_defenders_force_the_declarers_of_a_misere_only() -> None:
    """A defender of a misère names its declarer; the declarer names nobody (a piccolo's
    defenders: tests/test_bots_piccolo.py)."""
    d = misere(VOID_IN_CLUBS, "grande misère", [])
    assert colour_aims(d.view(Seat.E)).against == frozenset({Seat.N})
    assert colour_aims(d.view(Seat.N)).against == frozenset()


def test_the_defenders_leave_a_misere_declarer_who_has_failed() -> None:
    """Two misère declarers each play their own (RULES.md §5.7, D6): once North has taken a trick
    his misère has failed, whatever he takes after, so the defenders force East alone; once both
    have failed, nobody."""
    d = ColourDeal.new(preset("couleur"), Seat.W, parse_deal(VOID_IN_CLUBS))
    for call in ("grande misère", "accept", "pass", "pass"):
        d = d.apply(parse_call(call), d.to_act)
    assert colour_aims(d.view(Seat.S)).against == frozenset({Seat.N, Seat.E})
    for card in ("KH", "QH", "9H", "5H"):  # North's king of hearts takes the trick
        d = d.apply(parse_card(card), d.to_act)
    assert colour_aims(d.view(Seat.S)).against == frozenset({Seat.E})
    assert colour_aims(d.view(Seat.W)).against == frozenset({Seat.E})
    for card in ("2S", "KS", "AS", "8S", "TS", "7S", "3S", "QS"):  # East's queen takes the third
        d = d.apply(parse_card(card), d.to_act)
    assert d.view(Seat.S).tricks_won[Seat.E] == 1
    assert colour_aims(d.view(Seat.S)).against == frozenset()


def test_no_lead_in_a_suit_the_declarer_has_shown_out_of() -> None:
    """North showed out of clubs on trick 2 (throwing his king of hearts). A club lead lets him
    throw another card; East, on lead, leads a suit North must still follow, spades, where he
    holds the fewest cards that can go under (the ten of clubs was the old lead)."""
    d = misere(VOID_IN_CLUBS, "grande misère", ["2S", "KS", "9S", "8S", "9C", "5C", "4C", "KH"])
    assert d.to_act is Seat.E
    assert ducking_card(d) == "TC"
    assert bot_card(d) == "JS"


def test_no_lead_in_a_suit_the_declarer_showed_out_of_where_he_would_have_fewest_ducks() -> None:
    """North showed out of clubs on trick 2 (throwing a spade). South wins trick 4 with his ace of
    spades and leads, three cards in each of his suits, every suit followed by both other
    defenders: not a club, where only the three and the two are out under his five (the fewest
    ways to duck, were North not void; a club lets him throw another card), but a heart, a suit
    North must still follow (the module's rule for defending a misère: never a suit a declarer
    has shown out of). The test above holds without that rule: the suit it leads wins anyway."""
    d = misere(VOID_IN_CLUBS, "grande misère", ["5S", "KS", "9S", "8S", "9C", "6C", "4C", "6S",
                                                 "JS", "TS", "7S", "3S", "QS", "AS", "9D", "4S"])
    assert d.to_act is Seat.S
    assert bot_card(d) == "9H"


def test_a_lead_in_a_suit_another_defender_cannot_follow() -> None:
    """A misère is played at no trump (RULES.md §5.5). South showed out of hearts on trick 1, so
    a heart lead leaves only West and North to follow: East leads the suit the fewest other
    defenders can follow (the module's rule for defending a misère), his seven of hearts, though
    North holds four hearts under it to duck. South throws a high card on it, one that no later
    lead can force over North. The old lead, the two of spades, was the card North could hold
    the fewest cards under (none), where South and West both follow."""
    d = misere(SOUTH_VOID, "grande misère", ["2H", "AH", "5C", "TH"])
    assert d.to_act is Seat.E
    assert bot_card(d) == "7H"


def test_of_suits_every_defender_can_follow_a_lead_in_the_leaders_shortest() -> None:
    """Nobody has shown out on trick 1, so South and West may follow every suit: of those
    suits East leads the one he holds fewest of (the module's rule for defending a misère), the
    four from his two clubs, though North may hold the three and the two under it. The old lead,
    the two of spades, was the card North could hold the fewest cards under (none)."""
    d = misere(EAST_SHORT_CLUBS, "grande misère", ["2H", "AH", "JH", "TH"])
    assert d.to_act is Seat.E
    assert bot_card(d) == "4C"


def test_a_defender_who_must_beat_the_declarer_throws_his_highest() -> None:
    """North leads the two of diamonds and East holds only the king and queen: North has lost
    this trick whatever East plays, so East throws his king at no cost, keeping the lower card
    (a defender's low cards are what force the declarer later); the old rule, ducking, played
    the queen as if the trick still had to be kept low."""
    d = misere(VOID_IN_CLUBS, "grande misère", ["2D"])
    assert ducking_card(d) == "QD"
    assert bot_card(d) == "KD"


def test_sur_table_a_lead_under_every_card_of_the_declarer() -> None:
    """Grande misère sur table: North's hand is spread after trick 1 (RULES.md §5.6). He holds
    the two of spades, so the three of spades (the old lead, the lowest card with the fewest
    cards under it) lets him duck; his lowest diamond is the seven, so East's five of diamonds
    forces him to take the trick unless a defender plays over him."""
    d = misere(HIGH_DIAMONDS, "grande misère sur table", ["2H", "KH", "9H", "7H"])
    assert d.to_act is Seat.E
    assert ducking_card(d) == "3S"
    assert bot_card(d) == "5D"


def test_a_void_declarer_throws_his_most_dangerous_card() -> None:
    """North, void in clubs, throws a card. His king of hearts has the four, three and two under
    it to duck three rounds of hearts; his jack of spades has only the two, and eight spades out
    under it: the jack is the likelier to be forced to a trick. The old rule threw the highest
    card, the king."""
    d = misere(JACK_AND_KING, "grande misère", ["2D", "AD", "QD", "9D", "7C", "8C", "2C"])
    assert d.to_act is Seat.N
    assert old_declarer_card(d) == "KH"
    assert bot_card(d) == "JS"


def test_the_declarer_leads_the_highest_card_sure_to_lose() -> None:
    """North leads to the first trick. Every heart and club under his five is his own, so the
    five of hearts or of clubs loses for sure (whoever holds the suit plays over it) and rids
    him of a higher card than the two; the old rule led the lowest card, the two of spades."""
    d = misere(HIGH_DIAMONDS, "grande misère", [])
    assert d.to_act is Seat.N
    assert old_declarer_card(d) == "2S"
    assert bot_card(d) in ("5H", "5C")


def test_the_declarer_leads_the_five_from_five_two() -> None:
    """North leads to the first trick. The five of spades has only the four and the three out
    under it, for three seats to follow, and eight spades over it: one of them at least must
    play over it, so it loses nearly as surely as the two, and leading it keeps the two of
    spades to duck a spade lead later. The old rule led a card with nothing out under it, the
    two of spades or of clubs, and kept the five to be forced by the four or the three."""
    d = misere(FIVE_TWO, "grande misère", [])
    assert d.to_act is Seat.N
    assert bot_card(d) == "5S"


def petite_misere_discard(pbn: str) -> str:
    """North calls petite misère, the others pass, and North, eldest, discards first (RULES.md
    §5.5 row 8: every player discards one card face down before the twelve tricks): his card."""
    d = misere(pbn, "petite misère", [])
    assert d.to_act is Seat.N
    action = bot_action(d)
    assert isinstance(action, CardCall) and action.kind == "discard" and action.card is not None
    return action.card.text


def test_the_petite_misere_declarer_discards_his_most_dangerous_card() -> None:
    """Before the play, North discards the card his play would throw first: the bare jack of
    hearts, with nine hearts out under it, rather than the ace of spades, which has the four,
    three and two to duck three rounds of spades."""
    assert petite_misere_discard(BARE_JACK) == "JH"


def test_of_two_equally_dangerous_cards_the_petite_misere_declarer_discards_the_lower() -> None:
    """The queen of diamonds has ten diamonds out under it less his three and two to duck them,
    the bare eight of clubs six clubs out under it: both count six. North discards the lower,
    the eight (bench/misere_defence.py --compare discard: more misères made than with the
    higher); the old rule took the first suit's, the queen."""
    assert petite_misere_discard(QUEEN_OR_EIGHT) == "8C"


def test_a_petite_misere_defender_discards_the_top_of_his_shortest_suit() -> None:
    """After North's discard East discards (RULES.md §5.5 row 8): his bare queen of hearts, which
    leaves him void in hearts, to throw his high cards on them while North must follow. His
    aces wait in long suits behind the low cards that force North, and he throws them once
    North is beaten; the old rule discarded his highest card, an ace."""
    d = misere(BARE_QUEEN, "petite misère", [])
    d = d.apply(bot_action(d), Seat.N)
    assert d.to_act is Seat.E
    action = bot_action(d)
    assert isinstance(action, CardCall) and action.card is not None
    assert action.card.text == "QH"


def test_two_cards_too_high_to_duck_still_bid_a_petite_misere() -> None:
    """North, eldest, holds the ace of spades over three low ones and a bare jack of hearts: two
    cards too high to duck. The petite misère discards one (RULES.md §5.5 row 8) and is made
    about seven times in ten with the other, at +18 made and −18 failed (§5.7): he bids it, where
    the old rule (one such card at most) passed. With a third card too high (the eight of
    clubs over the two for his three, EIGHT_AND_TWO), he does not."""
    assert bot_call(misere_auction(BARE_JACK)) == "petite_misere"
    assert bot_call(misere_auction(EIGHT_AND_TWO)) != "petite_misere"


def test_a_long_suit_whose_lowest_cards_are_too_high_bids_no_petite_misere() -> None:
    """North, eldest, holds ♥QJT9876 and low cards elsewhere: his six and seven of hearts, two
    cards too high to duck, are the two lowest of the suit, and the others hold four hearts under
    them: every heart they lead forces one, and the discard (RULES.md §5.5) cannot mend it. He
    does not bid the petite misère the allowance of two such cards would let him (A K over a
    small one, whose top cards he throws or discards, still bids it: test_bots_piccolo.py)."""
    long_hearts = "N:.QJT9876.6543.32 AKQ54.K.AK7.KQ54 7632.432.T92.A76 JT98.A5.QJ8.JT98"
    assert bot_call(misere_auction(long_hearts)) != "petite_misere"
    assert misere_auction(long_hearts).to_act is Seat.N


def test_one_card_too_high_bids_a_grande_misere_over_a_trou() -> None:
    """East must announce his trou first (RULES.md §5.3); North, eldest, holds a bare jack of
    hearts and nothing else too high to duck. The petite misère is below the trou (§5.5): the
    grande misère, made about six times in ten with such a hand (±36, §5.7), is worth more than
    defending the trou, where the old rule (no card too high for a grande misère) passed.
    While the petite misère is open, he bids that instead (made nine times in ten at ±18)."""
    d = misere_auction(JACK_UNDER_A_TROU)
    d = d.apply(parse_call("trou"), Seat.E)
    assert d.to_act is Seat.N
    assert bot_call(d) == "grande_misere"
    east_south = ("AKQJ.AKQT.AKQJT.", "T9876.9876.98.AK")
    no_trou = JACK_UNDER_A_TROU.replace(east_south[0], "AKQJ.AKQT.KQJT9.").replace(
        east_south[1], "T9876.9876.A8.AK")  # East's ace of diamonds is South's nine
    assert bot_call(misere_auction(no_trou)) == "petite_misere"


# ----- rules of thumb pinned by hand-built positions -----------------------------------------
# A mutation audit found that each rule below could be removed or turned around with every other
# bot test still passing. Each test sets one seat's position by hand, at no trump (misères,
# piccolos and the queens game have none): a trick is written "W: AD 3D 2D", its leader, then
# the cards clockwise from him (tests/test_bots_rules_audit.py).

AGAINST_NORTH = frozenset({Seat.N})
DECLARER = Aims(frozenset(), want_tricks=False, declares=True)
"""A lone misère declarer: he takes no trick and sheds his dangerous cards."""
QUEENS = Aims(frozenset(), want_tricks=False)
"""The queens game: each for himself, every trick avoided (the plain ``_duck``)."""
PICCOLO_ALONE = Aims(frozenset(), want_tricks=False, must_take=1, declares=True)
"""A piccolo declarer alone (``pagat``) who still needs his one trick."""


def defender(seat: Seat, short: bool = False) -> Aims:
    """A defender of North's misère (against a declarer with all the tricks he may take) or,
    with ``short``, of North's piccolo still short of his trick; the other two defenders are
    his partners."""
    partners = frozenset(s for s in Seat if s not in (seat, Seat.N))
    if short:
        return Aims(partners, want_tricks=False, short=AGAINST_NORTH)
    return Aims(partners, want_tricks=False, against=AGAINST_NORTH)


def position_card(seat: Seat, aims: Aims, hand: str, before: Sequence[str] = (), trick: str = "",
                  known: Mapping[Seat, str] | None = None) -> str:
    """The card ``seat`` plays, at no trump, from ``hand`` after the tricks ``before``, with
    ``trick`` on the table (empty: ``seat`` leads); ``known``: the cards of a spread hand."""
    table = seat_cards(trick) if trick else []
    played = [p for t in before for p in seat_cards(t)] + table
    held = parse_cards(hand)
    assert not set(held) & {c for _, c in played}, "a card both held and played"
    shown = {s: parse_cards(cs) for s, cs in (known or {}).items()}
    reading = Reading(seat, aims, held, None, played, table, shown)
    led = table[0][1].suit if table else None
    return play_card(reading, legal_cards(mask_of(held), led)).text


class TestDucking:
    """The plain duck (the queens game; a defender with nobody to force): lead the card with
    the fewest outstanding cards under it, the lower of equals; follow with the highest card
    that loses, or, last to play with nothing that loses, the highest; when void, the highest
    card, of equal ranks the one of the shorter suit."""

    def test_the_lead_with_fewest_cards_out_under_it(self) -> None:
        # North won trick 1 with the king of spades, under which the two, three and four fell:
        # his five of spades has no card out under it, his three of hearts the two. He leads the
        # five, which every spade out beats, not the lower three.
        card = position_card(Seat.N, QUEENS, "QS 5S KH 9H 3H QD 8D 6D QC JC 9C 7C",
                             ["E: 2S 3S 4S KS"])
        assert card == "5S"

    def test_follows_with_the_highest_card_that_loses(self) -> None:
        # West leads the nine of hearts: North's eight is the highest heart under it, a high
        # card gone at no risk; his five and three are kept to duck later leads.
        card = position_card(Seat.N, QUEENS, "KH 8H 5H 3H QS 5S 4S QD 8D 6D 7C 3C 2C",
                             trick="W: 9H")
        assert card == "8H"

    def test_last_with_only_winners_takes_with_the_highest(self) -> None:
        # East, South and West played the two, three and four of hearts; every heart of North's
        # wins, and he is last: he takes the trick with his king, keeping the low ones.
        card = position_card(Seat.N, QUEENS, "KH 9H 5H QS 5S 4S QD 8D 6D 7C 4C 3C 2C",
                             trick="E: 2H 3H 4H")
        assert card == "KH"

    def test_void_throws_the_high_card_of_the_shorter_suit(self) -> None:
        # North, void in diamonds, throws a king: of the king of hearts (two hearts) and the
        # king of clubs (five clubs), the one of the shorter suit, where fewer low cards of his
        # own can duck under it later.
        card = position_card(Seat.N, QUEENS, "QS 5S 4S 3S 2S KH 4H KC 5C 4C 3C 2C 6S",
                             trick="W: 9D")
        assert card == "KH"


class TestMisereDeclarerLeads:
    """A misère declarer leads the highest card sure to lose (``_loses_led``): none of its suit
    out under it; or fewer out under it than the seats that must follow (three), with at least
    twice as many out over it (six); of equal ranks, the more dangerous."""

    def test_as_many_cards_out_under_it_as_seats_to_follow_is_not_sure(self) -> None:
        # North's six of spades has the five, four and three out under it, one for each seat
        # that follows: each may duck under it. He leads a five (nothing out under it) instead.
        card = position_card(Seat.N, DECLARER, "6S 2S 4H 3H 2H 5D 4D 3D 2D 5C 4C 3C 2C")
        assert card in ("5D", "5C")

    def test_six_cards_out_over_it_are_enough(self) -> None:
        # North's five of spades has the four and the three out under it and six spades out
        # over it (J T 9 8 7 6), twice the seats that follow: it loses, and he leads it.
        card = position_card(Seat.N, DECLARER, "AS KS QS 5S 2S 4H 3H 2H 3D 2D 4C 3C 2C")
        assert card == "5S"

    def test_five_cards_out_over_it_are_not(self) -> None:
        # As above with the jack of spades his too: five spades out over the five, and a seat
        # void in spades or holding only the low ones ducks it; he leads a four (nothing out
        # under it) instead.
        card = position_card(Seat.N, DECLARER, "AS KS QS JS 5S 2S 4H 3H 2H 3D 2D 4C 3C")
        assert card in ("4H", "4C")

    def test_of_two_sure_fives_the_more_dangerous(self) -> None:
        # All North's fives lose: the fives of hearts and diamonds have nothing out under them,
        # the five of clubs the four and three (two, for three seats, with eight clubs out over
        # it). The five of clubs is the most dangerous to keep (two clubs out under it, only his
        # two to duck them): he leads it.
        card = position_card(Seat.N, DECLARER, "5H 4H 3H 2H 5C 2C 4S 3S 2S 5D 4D 3D 2D")
        assert card == "5C"

    def test_a_seat_void_in_the_suit_does_not_follow(self) -> None:
        # Pagat piccolo: North took his trick with the ace of spades, West showing out, and now
        # leads as in a misère. His seven of spades has the six and five out under it and six
        # spades over it, but only East and South follow: each may duck under it. He leads the
        # five of clubs (the two out under it, three seats to follow it) instead.
        card = position_card(Seat.N, DECLARER, "7S 4S 5H 3H 2H 5D 4D 3D 2D 5C 4C 3C",
                             ["N: AS 2S 3S 4H"])
        assert card == "5C"


class TestMisereDefence:
    """A misère's defender keeps the trick low while the declarer is still to play (the highest
    card under the winning card); against a spread hand, he leads the highest card under all
    the declarer's cards of a suit."""

    def test_the_highest_card_under_the_winner_before_the_declarer(self) -> None:
        # East won trick 1 with the ace of hearts and leads the nine of diamonds; North is still
        # to play. South plays under it with his highest, the eight: the trick stays at the
        # nine for North to have to beat, and the six and three stay to force him later.
        card = position_card(Seat.S, defender(Seat.S),
                             "QD 8D 6D 3D KS 9S 4S JH 9H 7C 6C 2C",
                             ["N: 2H AH 5H 6H"], trick="E: 9D")
        assert card == "8D"

    def test_against_a_spread_hand_the_highest_card_under_all_his(self) -> None:
        # Grande misère sur table: North's hand is known (RULES.md §5.6). His lowest diamond is
        # the seven; East, on lead, holds the six, five and three under it and leads the six,
        # keeping the lower two to force North again.
        north = "2S 3S 4S 5S 6H 8H 7D 8D 9D 2C 3C 4C"
        card = position_card(Seat.E, defender(Seat.E),
                             "AS KS QS KH QH 6D 5D 3D AC KC QC JC", ["N: 2H AH 3H 4H"],
                             known={Seat.N: north})
        assert card == "6D"


class TestPiccoloDeclarer:
    """A piccolo declarer who still needs his trick: leads a master, the one of his shortest
    suit; following, never overtakes a partner's card; wins with the highest sure winner if it
    is a master, or if he holds no master to win with later, else ducks."""

    def test_leads_the_master_of_his_shortest_suit(self) -> None:
        # North, on lead, holds the ace of spades over one small card and the ace of hearts over
        # two: he takes his trick with the ace of spades, which leaves fewer small spades to
        # follow and be forced later.
        card = position_card(Seat.N, PICCOLO_ALONE, "AS 2S AH 3H 2H 5D 4D 3D 2D 5C 4C 3C 2C")
        assert card == "AS"

    def test_does_not_overtake_his_partners_card(self) -> None:
        # Joint piccolo (``couleur``): North and South each need a trick. South's king of hearts
        # holds East's lead; North's ace would win for sure, but the trick is South's: North
        # plays low.
        joint = Aims(frozenset({Seat.S}), want_tricks=False, must_take=1, declares=True)
        card = position_card(Seat.N, joint, "AH 3H 5S 4S 3S 2S 5D 4D 3D 2D 4C 3C 2C",
                             trick="E: 5H KH 7H")
        assert card == "3H"

    def test_wins_with_the_highest_sure_winner(self) -> None:
        # North, last to a heart trick that the jack holds, wins with the ace rather than the
        # king: both are sure, and the higher is the more dangerous to keep.
        card = position_card(Seat.N, PICCOLO_ALONE, "AH KH 3H 5S 4S 3S 2S 5D 4D 3D 2D 3C 2C",
                             trick="E: 5H 9H JH")
        assert card == "AH"

    def test_keeps_his_master_rather_than_win_with_a_queen(self) -> None:
        # The queen of hearts would win this trick (North is last), but it is not a master and he
        # holds the ace of spades, a sure trick later: he ducks with the two and keeps the
        # queen to throw.
        card = position_card(Seat.N, PICCOLO_ALONE, "AS QH 2H 5S 4S 3S 5D 4D 3D 2D 3C 2C 4C",
                             trick="E: 5H 9H JH")
        assert card == "2H"

    def test_without_a_master_wins_with_what_wins(self) -> None:
        # As above without the ace of spades: the queen's trick may be his last chance of the
        # one he needs, and he takes it.
        card = position_card(Seat.N, PICCOLO_ALONE, "6S QH 2H 5S 4S 3S 5D 4D 3D 2D 3C 2C 4C",
                             trick="E: 5H 9H JH")
        assert card == "QH"


class TestPiccoloDefence:
    """Against a piccolo declarer still short of his trick, lead into his likely winner: the
    suit whose highest card out is the highest first, then the one I hold fewest of."""

    def test_the_suit_with_the_highest_card_out_first(self) -> None:
        # East won trick 1 with the ace of hearts. The ace of spades is out, the king the top
        # heart out: East leads his nine of spades into the ace North may hold, though his bare
        # seven of hearts is his shortest suit.
        card = position_card(Seat.E, defender(Seat.E, short=True),
                             "9S 3S 7H AD QD JD 8D 4D AC QC TC 5C", ["N: 2H AH 5H 6H"])
        assert card == "9S"
