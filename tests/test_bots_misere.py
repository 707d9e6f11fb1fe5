"""The heuristic player's defence of a misère (RULES.md §5.5–5.7): a declarer of petite misère,
grande misère or grande misère sur table must take no trick, so his three defenders try to force
one on him. Each test is a position where the defenders' old play (they only ducked, as the
declarer does) chose a card a whist player would not, and the new rule the right one.

North declares in every deal (West deals, so North is eldest and leads, §5.5); the others pass.
"""

from __future__ import annotations

from test_bots_piccolo import bot_action, bot_call, bot_card, ducking_card, old_declarer_card

from whist.auction import parse_call
from whist.bots.colour import colour_aims
from whist.cards import Seat, parse_card, parse_deal
from whist.couleur import CardCall, ColourDeal
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
