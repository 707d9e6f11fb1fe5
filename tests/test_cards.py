"""Cards, suits, seats and their text forms (issue #2 item 2; DESIGN.md, "Actions and cards").

Canonical card text is rank then suit letter (``AS``, ``TD``, ``2C``); input also accepts
``10D``, ``♦10`` and lower case. Hands and deals use PBN (``N:AKQJ.T98.765.432 …``, suits in the
order spades, hearts, diamonds, clubs). Every bad text raises :class:`ParseError`, a
``ValueError``, whose message says what was wrong.
"""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whist.actions import ASK, NO, YES, Call, parse_action
from whist.auction import parse_call
from whist.cards import (
    CARDS,
    SEATS,
    Card,
    Lang,
    ParseError,
    Seat,
    Side,
    Suit,
    card,
    cards_of,
    format_deal,
    format_hand,
    mask_of,
    parse_card,
    parse_cards,
    parse_deal,
    parse_hand,
    parse_seat,
    parse_side,
    parse_suit,
    rank_text,
)

FULL_DEAL = "N:AK32.AKQ.5432.32 QJ54.432.AKQ.AKQ 9876.JT98.JT9.JT T.765.876.987654"


def hand_of(*texts: str) -> int:
    return mask_of(parse_card(t) for t in texts)


class TestDeck:
    """RULES.md §1: 52 cards; in each suit A K Q J 10 9 8 7 6 5 4 3 2."""

    def test_fifty_two_distinct_cards(self) -> None:
        assert len(CARDS) == 52
        assert len({c.text for c in CARDS}) == 52
        assert mask_of(CARDS) == (1 << 52) - 1

    def test_rank_order_within_a_suit(self) -> None:
        order = [parse_card(r + "H") for r in "AKQJT98765432"]
        assert [c.rank for c in order] == list(range(14, 1, -1))
        for higher, lower in itertools.pairwise(order):
            assert higher.beats(lower, None)
            assert not lower.beats(higher, None)

    def test_cards_are_shared_values(self) -> None:
        assert parse_card("AS") is card(Suit.SPADES, 14)
        assert parse_card("10d") is parse_card("TD")

    @given(st.sampled_from(list(Suit)), st.integers(2, 14), st.booleans())
    def test_a_card_built_from_suit_and_rank_is_the_shared_card(self, suit: Suit, rank: int,
                                                                 as_int: bool) -> None:
        """A bot decoding its move as ``Card(suit, rank)`` plays the very card its hand holds: it
        equals and hashes as the shared one (a copy that equalled no card broke the arena)."""
        built = Card(int(suit) if as_int else suit, rank)
        assert built is card(suit, rank) and built in {card(suit, rank)}
        assert built.suit is suit and isinstance(built.suit, Suit)

    @pytest.mark.parametrize(("suit", "rank", "words"), [
        (Suit.SPADES, 15, "rank is a whole number from 2 to 14"),
        (Suit.SPADES, 1, "not 1"),
        (Suit.SPADES, "A", "not 'A'"),
        (4, 2, "suit is a Suit (or 0 to 3"),
        (True, 2, "not True"),
    ])
    def test_a_card_that_does_not_exist_is_refused(self, suit: object, rank: object, words: str) -> None:
        with pytest.raises(ValueError, match=re.escape(words)):
            Card(suit, rank)  # type: ignore[arg-type]

    def test_cards_sort_by_index(self) -> None:
        assert sorted(reversed(CARDS)) == list(CARDS)
        assert card(Suit.SPADES, 14) < card(Suit.HEARTS, 2) and max(CARDS) is card(Suit.CLUBS, 14)

    def test_pretty_form_uses_symbols(self) -> None:
        assert parse_card("TD").pretty == "10♦"
        assert parse_card("AS").pretty == "A♠"


class TestCardText:
    """Issue #2 item 2: canonical ``AS TD 2C``; input ``10D``, ``♦10``, lower case."""

    @pytest.mark.parametrize(
        ("suit", "rank", "text"),
        [(Suit.SPADES, 14, "AS"), (Suit.DIAMONDS, 10, "TD"), (Suit.CLUBS, 2, "2C"),
         (Suit.HEARTS, 12, "QH"), (Suit.SPADES, 11, "JS"), (Suit.HEARTS, 13, "KH")],
    )
    def test_canonical_text(self, suit: Suit, rank: int, text: str) -> None:
        c = card(suit, rank)
        assert c.text == text
        assert str(c) == text

    @pytest.mark.parametrize(
        ("text", "canonical"),
        [("AS", "AS"), ("as", "AS"), ("10D", "TD"), ("10d", "TD"), ("♦10", "TD"), ("10♦", "TD"),
         ("td", "TD"), (" 2c ", "2C"), ("♠A", "AS"), ("♥q", "QH"), ("♣2", "2C"), ("Jh", "JH"),
         ("♤K", "KS"), ("♡3", "3H"), ("♢4", "4D"), ("♧5", "5C"),
         # a symbol as phones and emoji pickers type it, followed by a variation selector
         ("A♠\ufe0f", "AS"), ("♥\ufe0fQ", "QH"), ("10♦\ufe0e", "TD")],
    )
    def test_input_forms(self, text: str, canonical: str) -> None:
        assert parse_card(text).text == canonical

    @pytest.mark.parametrize(
        "text", ["", "   ", "1D", "11D", "AX", "A", "10", "ASS", "A S K", "XS", "ZZ", "T", "0D", "1OD"],
    )
    def test_bad_card_text_is_a_parse_error(self, text: str) -> None:
        with pytest.raises(ParseError) as err:
            parse_card(text)
        assert isinstance(err.value, ValueError)
        message = str(err.value)
        assert "card" in message
        if text.strip():
            assert repr(text) in message

    def test_card_list_with_spaces_and_commas(self) -> None:
        assert [c.text for c in parse_cards("AS, kh 10d ♣2")] == ["AS", "KH", "TD", "2C"]

    def test_card_list_names_the_bad_word(self) -> None:
        with pytest.raises(ParseError, match="'QX' is not a card"):
            parse_cards("AS QX")


class TestFrenchCards:
    """Cards in French: As, Roi, Dame, Valet (A R D V), 10 stays 10; suits typed P C K T (pique,
    cœur, carreau, trèfle). English text that reads only the English way still means the same
    card in French; text that reads both ways is read the French way; English is as before."""

    @pytest.mark.parametrize(
        ("text", "en", "fr", "typed_fr"),
        [("KS", "K♠", "R♠", "RP"), ("QH", "Q♥", "D♥", "DC"), ("JD", "J♦", "V♦", "VK"),
         ("TD", "10♦", "10♦", "10K"), ("AC", "A♣", "A♣", "AT"), ("2S", "2♠", "2♠", "2P")],
    )
    def test_shown_and_typed_in_each_language(self, text: str, en: str, fr: str, typed_fr: str) -> None:
        c = parse_card(text)
        assert c.pretty == c.in_lang("en") == en
        assert c.in_lang("fr") == fr
        assert c.text_in("en") == c.text == text
        assert c.text_in("fr") == typed_fr

    def test_rank_letters(self) -> None:
        assert [rank_text(r) for r in range(2, 15)] == [*"23456789", "10", *"JQKA"]
        assert [rank_text(r, "fr") for r in range(2, 15)] == [*"23456789", "10", *"VDRA"]
        assert [s.letter_fr for s in Suit] == ["P", "C", "K", "T"]

    @pytest.mark.parametrize(
        ("text", "canonical"),
        [("R♠", "KS"), ("D♥", "QH"), ("V♦", "JD"), ("10♦", "TD"), ("A♣", "AC"),
         ("DP", "QS"), ("dp", "QS"), ("10C", "TH"), ("RC", "KH"), ("VT", "JC"), ("AK", "AD"),
         ("7t", "7C"), (" 2p ", "2S"), ("♥D", "QH"), ("PD", "QS"), ("C10", "TH"), ("KR", "KD")],
    )
    def test_french_input(self, text: str, canonical: str) -> None:
        assert parse_card(text, "fr").text == canonical

    @pytest.mark.parametrize(
        ("text", "canonical"),
        [("KS", "KS"), ("QH", "QH"), ("JD", "JD"), ("AH", "AH"), ("TD", "TD"), ("10D", "TD"),
         ("KD", "KD"), ("QC", "QC"), ("TC", "TC"), ("as", "AS"), ("♠K", "KS")],
    )
    def test_english_that_reads_one_way_works_in_french(self, text: str, canonical: str) -> None:
        assert parse_card(text, "fr").text == canonical
        assert parse_card(text).text == canonical

    @pytest.mark.parametrize(
        ("text", "fr", "en"),
        [("AC", "AH", "AC"), ("9C", "9H", "9C"), ("2c", "2H", "2C"), ("10C", "TH", "TC"),
         ("DT", "QC", "TD")],  # DT: dame de trèfle, or suit first the ten of diamonds
    )
    def test_text_that_reads_both_ways_is_french_in_french(self, text: str, fr: str, en: str) -> None:
        assert parse_card(text, "fr").text == fr
        assert parse_card(text).text == en  # English keeps today's reading

    @pytest.mark.parametrize("text", ["RC", "DP", "VT", "10K", "R♠", "♦V", "AP"])
    def test_french_letters_are_not_english(self, text: str) -> None:
        with pytest.raises(ParseError, match="is not a card"):
            parse_card(text)

    @pytest.mark.parametrize("text", ["", "  ", "XX", "R", "11C", "RX", "RR", "1C", "ASS", "A S K", "D10D"])
    def test_bad_french_text_is_a_parse_error_in_french_words(self, text: str) -> None:
        with pytest.raises(ParseError) as err:
            parse_card(text, "fr")
        assert "card" in str(err.value)
        assert "carte" in err.value.fr
        if text.strip():
            assert err.value.fr == (f"« {text} » n'est pas une carte (tapez la valeur puis la couleur :"
                                    " RC roi de cœur, 10K dix de carreau, DP, VT, AP, ♦10)")

    def test_french_card_list(self) -> None:
        assert [c.text for c in parse_cards("RC, dp 10k ♣2 KS", "fr")] == ["KH", "QS", "TD", "2C", "KS"]


class TestSuits:
    """Suits in PBN order S H D C; read from letters, symbols and English or French names."""

    def test_pbn_order_and_letters(self) -> None:
        assert [s.letter for s in Suit] == ["S", "H", "D", "C"]
        assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]

    @pytest.mark.parametrize(
        ("text", "suit"),
        [("S", Suit.SPADES), ("h", Suit.HEARTS), ("♦", Suit.DIAMONDS), ("♣", Suit.CLUBS),
         ("spades", Suit.SPADES), ("Hearts", Suit.HEARTS), ("pique", Suit.SPADES),
         ("cœur", Suit.HEARTS), ("coeurs", Suit.HEARTS), ("carreau", Suit.DIAMONDS),
         ("trèfle", Suit.CLUBS), ("trefles", Suit.CLUBS), ("C", Suit.CLUBS),
         ("♠\ufe0f", Suit.SPADES), ("♥\ufe0e", Suit.HEARTS)],
    )
    def test_parse_suit(self, text: str, suit: Suit) -> None:
        assert parse_suit(text) is suit

    @pytest.mark.parametrize(("text", "suit"), [("spade", Suit.SPADES), ("Heart", Suit.HEARTS),
                                                 ("diamond", Suit.DIAMONDS), ("club", Suit.CLUBS)])
    def test_a_suit_named_in_the_singular_is_read(self, text: str, suit: Suit) -> None:
        """"solo 7 heart", "propose spade", "king of heart": the English name without its s (the
        French one was read either way, « cœurs »); it was "'heart' is not a suit"."""
        assert parse_suit(text) is suit and parse_suit(text, "fr") is suit
        assert parse_call(f"solo 7 {text}").text == f"solo 7 {suit.letter}"

    @pytest.mark.parametrize(("text", "suit"), [("C", Suit.HEARTS), ("c", Suit.HEARTS), ("P", Suit.SPADES),
                                                 ("K", Suit.DIAMONDS), ("T", Suit.CLUBS), ("H", Suit.HEARTS),
                                                 ("S", Suit.SPADES), ("D", Suit.DIAMONDS), ("♣", Suit.CLUBS),
                                                 ("trèfle", Suit.CLUBS), ("cœur", Suit.HEARTS)])
    def test_parse_suit_in_french(self, text: str, suit: Suit) -> None:
        """In French C is cœur, as in a card typed in French (RC, the king of hearts); the other
        letters read one way only and mean the same in both languages."""
        assert parse_suit(text, "fr") is suit

    def test_bad_suit_in_french_names_the_french_letters(self) -> None:
        with pytest.raises(ParseError) as err:
            parse_suit("X", "fr")
        assert err.value.fr.startswith("« X » n'est pas une couleur (tapez P, C (cœur), K, T, ♠ ♥ ♦ ♣")

    @pytest.mark.parametrize("text", ["", "X", "SS", "spade-ish", "♥♥"])
    def test_bad_suit(self, text: str) -> None:
        with pytest.raises(ParseError, match="is not a suit"):
            parse_suit(text)

    def test_red_suits(self) -> None:
        assert [s.is_red for s in Suit] == [False, True, True, False]


class TestSeats:
    """RULES.md §1: seats N, E, S, W; play goes clockwise N → E → S → W; N+S against E+W."""

    def test_clockwise_order(self) -> None:
        assert [s.name for s in SEATS] == ["N", "E", "S", "W"]
        assert [s.left for s in SEATS] == [Seat.E, Seat.S, Seat.W, Seat.N]
        assert [s.right for s in SEATS] == [Seat.W, Seat.N, Seat.E, Seat.S]

    def test_partners_and_sides(self) -> None:
        assert [s.partner for s in SEATS] == [Seat.S, Seat.W, Seat.N, Seat.E]
        assert [s.side for s in SEATS] == [Side.NS, Side.EW, Side.NS, Side.EW]
        assert Side.NS.seats == (Seat.N, Seat.S)
        assert Side.EW.seats == (Seat.E, Seat.W)
        assert Side.NS.other is Side.EW

    @pytest.mark.parametrize(
        ("text", "seat"),
        [("N", Seat.N), ("e", Seat.E), ("South", Seat.S), ("W", Seat.W), ("O", Seat.W),
         ("Ouest", Seat.W), ("nord", Seat.N), ("est", Seat.E), ("sud", Seat.S)],
    )
    def test_parse_seat(self, text: str, seat: Seat) -> None:
        assert parse_seat(text) is seat

    @pytest.mark.parametrize("text", ["", "X", "NE", "north-east"])
    def test_bad_seat(self, text: str) -> None:
        with pytest.raises(ParseError, match="is not a seat") as caught:
            parse_seat(text)
        # The refusal names every letter parse_seat reads, Ouest's O among them, in both languages.
        assert "N, E, S, W or O for Ouest" in caught.value.en
        assert "tapez N, E, S, O (ou W), ou" in caught.value.fr and "West" not in caught.value.fr

    @pytest.mark.parametrize(("text", "side"), [("NS", Side.NS), ("n-s", Side.NS), ("EW", Side.EW),
                                                ("E+W", Side.EW), ("EO", Side.EW)])
    def test_parse_side(self, text: str, side: Side) -> None:
        assert parse_side(text) is side

    def test_bad_side(self) -> None:
        with pytest.raises(ParseError, match="is not a side"):
            parse_side("NE")


class TestPbnHands:
    """Hands in PBN: ``AKQJ.T98.765.432``, suits S.H.D.C, ``T`` (or ``10``) for ten."""

    def test_parse_hand_suits_in_pbn_order(self) -> None:
        m = parse_hand("AKQJ.T98.765.432")
        assert [c.text for c in cards_of(m)] == [
            "AS", "KS", "QS", "JS", "TH", "9H", "8H", "7D", "6D", "5D", "4C", "3C", "2C"]

    def test_format_hand(self) -> None:
        assert format_hand(hand_of("2C", "AS", "TH", "KD")) == "A.T.K.2"
        assert format_hand(hand_of("AH", "KH")) == ".AK.."
        assert format_hand(0) == "..."

    @pytest.mark.parametrize(
        ("text", "expected"),
        [("akqj.t98.765.432", "AKQJ.T98.765.432"), ("AKQJ.1098.765.432", "AKQJ.T98.765.432"),
         ("-.AK.-.2", ".AK..2"), (" .AK..2 ", ".AK..2")],
    )
    def test_input_variants(self, text: str, expected: str) -> None:
        assert format_hand(parse_hand(text)) == expected

    @pytest.mark.parametrize(
        ("text", "says"),
        [("AKQJ.T98.765", "is not a hand"), ("AKQJ.T98.765.432.2", "is not a hand"),
         ("AKX...", "'X' in hand 'AKX...' is not a rank"), ("AA...", "AS appears twice"),
         ("T10...", "TS appears twice"), ("", "is not a hand")],
    )
    def test_bad_hand(self, text: str, says: str) -> None:
        with pytest.raises(ParseError, match=says.replace(".", r"\.")):
            parse_hand(text)


class TestPbnDeals:
    """Deals in PBN: ``N:hand hand hand hand``, clockwise from the named seat; ``-`` for unknown."""

    def test_parse_deal_from_north(self) -> None:
        d = parse_deal(FULL_DEAL)
        assert format_hand(d[Seat.N]) == "AK32.AKQ.5432.32"
        assert format_hand(d[Seat.E]) == "QJ54.432.AKQ.AKQ"
        assert format_hand(d[Seat.S]) == "9876.JT98.JT9.JT"
        assert format_hand(d[Seat.W]) == "T.765.876.987654"
        assert d[0] | d[1] | d[2] | d[3] == (1 << 52) - 1

    def test_first_seat_rotates_the_hands(self) -> None:
        d = parse_deal("E:A... K... Q... J...")
        assert d == (hand_of("JS"), hand_of("AS"), hand_of("KS"), hand_of("QS"))
        assert format_deal(d, Seat.E) == "E:A... K... Q... J..."
        assert format_deal(d) == "N:J... A... K... Q..."

    def test_missing_hands(self) -> None:
        d = parse_deal("n:ak... - - -")
        assert d == (hand_of("AS", "KS"), 0, 0, 0)
        assert format_deal(d) == "N:AK... - - -"

    def test_format_full_deal(self) -> None:
        assert format_deal(parse_deal(FULL_DEAL)) == FULL_DEAL

    @pytest.mark.parametrize(
        ("text", "says"),
        [("AKQJ.T98.765.432 - - -", "is not a PBN deal"), ("N;- - - -", "is not a PBN deal"),
         ("", "is not a PBN deal"), ("X:- - - -", "'X' is not a seat"),
         ("N:- - -", "four hands; 3 found"), ("N:- - - - -", "four hands; 5 found"),
         ("N:A... A... - -", "AS is in two hands"), ("N:AQ... - - Q...", "QS is in two hands"),
         ("N:AZ... - - -", "'Z' in hand")],
    )
    def test_bad_deal(self, text: str, says: str) -> None:
        with pytest.raises(ParseError, match=says.replace(".", r"\.")):
            parse_deal(text)

    @pytest.mark.parametrize(("text", "says"), [
        ("N:AQ... - - Q...", "DP est dans deux mains de la donne « N:AQ... - - Q... »"),
        ("N:AKK... - - -", "RP figure deux fois dans la main « AKK... »")])
    def test_a_card_twice_is_named_in_french_the_french_way(self, text: str, says: str) -> None:
        """In French a card twice is named as every French refusal names a card (RP, roi de
        pique), not KS; the hand is quoted as written."""
        with pytest.raises(ParseError) as caught:
            parse_deal(text)
        assert caught.value.fr == says


class TestActionText:
    """Actions have a canonical text that parses back (issue #2 item 5: record actions)."""

    @pytest.mark.parametrize(
        ("text", "canonical"),
        [("10d", "TD"), ("AS", "AS"), ("ask", "ask"), ("chanter", "ask"), ("can you one?", "ask"),
         ("oui", "yes"), ("NO", "no"), ("claim qs as ks", "claim AS KS QS"),
         ("annoncer JS QS KS AS", "claim AS KS QS JS")],
    )
    def test_parse_action(self, text: str, canonical: str) -> None:
        assert parse_action(text).text == canonical

    @pytest.mark.parametrize("text", ["chante", "je chante", "Je chante à huit", "chanter à huit",
                                      "j'appelle", "j’appelle", "appelle", "can you one"])
    def test_asking_at_eight_as_a_player_says_it(self, text: str) -> None:
        """« je chante », « j'appelle »: the words of seed 000 (« chanter, ou appeler ») as a player
        says them at the table; only the infinitives were read, and « chante » was « n'est pas une
        carte »."""
        assert parse_action(text, "fr") == ASK

    def test_calls_are_values(self) -> None:
        assert parse_action("ask") == ASK
        assert parse_action("yes") == YES
        assert parse_action("no") == NO
        assert Call("claim", (parse_card("KS"), parse_card("AS"))) == parse_action("claim AS KS")
        assert hash(parse_action("claim KS AS")) == hash(Call("claim", (parse_card("AS"), parse_card("KS"))))

    @pytest.mark.parametrize("text", ["", "AS KS", "claim AS XX", "hello"])
    def test_bad_action(self, text: str) -> None:
        with pytest.raises(ParseError):
            parse_action(text)

    def test_unknown_call_kind(self) -> None:
        with pytest.raises(ParseError, match="'double' is not a call"):
            Call("double")


# ----- hypothesis round trips ---------------------------------------------------------------

card_st = st.sampled_from(CARDS)
mask_st = st.integers(min_value=0, max_value=(1 << 52) - 1)


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, int, int, int]:
    """Any split of any subset of the deck into four hands."""
    owner = draw(st.lists(st.integers(min_value=-1, max_value=3), min_size=52, max_size=52))
    hands = [0, 0, 0, 0]
    for idx, who in enumerate(owner):
        if who >= 0:
            hands[who] |= 1 << idx
    return (hands[0], hands[1], hands[2], hands[3])


class TestRoundTrips:
    """Format then parse gives back any card, card set, hand or deal (hypothesis properties)."""

    @given(card_st)
    def test_card_text(self, c: Card) -> None:
        assert parse_card(c.text) is c
        assert parse_card(c.text.lower()) is c
        assert parse_card(c.pretty) is c
        assert parse_card(c.suit.symbol + c.pretty[:-1]) is c

    @given(card_st)
    def test_card_text_in_each_language(self, c: Card) -> None:
        """Every card's text in a language reads back as that card in that language."""
        for lang in ("en", "fr"):
            for text in (c.in_lang(lang), c.text_in(lang), c.text_in(lang).lower(),
                         c.suit.symbol + rank_text(c.rank, lang)):
                assert parse_card(text, lang) is c, (lang, text)
        assert parse_card(c.pretty, "fr") is c  # a symbol reads one way only

    @given(st.text(max_size=5), st.sampled_from(["en", "fr"]))
    def test_any_text_is_a_card_or_a_parse_error(self, text: str, lang: Lang) -> None:
        try:
            c = parse_card(text, lang)
        except ParseError as exc:
            assert exc.fr and str(exc)
        else:
            assert c in CARDS

    @given(st.lists(card_st, unique=True))
    def test_card_sets(self, cs: list[Card]) -> None:
        text = " ".join(c.text for c in cs)
        assert parse_cards(text) == cs
        assert mask_of(parse_cards(text)) == mask_of(cs)

    @given(mask_st)
    def test_hands(self, m: int) -> None:
        text = format_hand(m)
        assert parse_hand(text) == m
        assert parse_hand(text.lower()) == m
        assert parse_hand(text.replace("T", "10")) == m
        assert len(text) == m.bit_count() + 3

    @given(mask_st)
    def test_cards_of_is_sorted_and_complete(self, m: int) -> None:
        cs = cards_of(m)
        assert mask_of(cs) == m
        assert len(cs) == m.bit_count()
        keys = [(c.suit, -c.rank) for c in cs]
        assert keys == sorted(keys)

    @given(deals(), st.sampled_from(SEATS))
    def test_deals(self, d: tuple[int, int, int, int], first: Seat) -> None:
        text = format_deal(d, first)
        assert text.startswith(first.name + ":")
        assert parse_deal(text) == d

    @given(st.lists(card_st, min_size=1, max_size=4, unique=True))
    def test_claim_text(self, cs: list[Card]) -> None:
        a = Call("claim", tuple(cs))
        assert parse_action(a.text) == a


@given(st.sampled_from(CARDS), st.sampled_from(["en", "fr"]), st.sampled_from([" ", "  ", "\t"]))
def test_a_card_typed_with_its_rank_and_suit_apart_is_read(c: Card, lang: Lang, gap: str) -> None:
    """A card said as it is spoken, its rank, a space, its suit (``10 C``, ``J ♦``, French ``R C``):
    read as the card in either game's reader, as written together; it was "not an action"."""
    from whist.couleur import parse_colour_action

    together = c.typed(lang)
    rank, suit = together[:-1], together[-1]
    apart = f"{rank}{gap}{suit}"
    assert parse_card(apart, lang) is c
    assert parse_action(apart, lang) is c
    assert parse_colour_action(apart, lang=lang) is c
    assert parse_card(f"{c.pretty[-1]} {c.pretty[:-1]}", lang) is c  # the suit first too: ♦ J


@pytest.mark.parametrize(("text", "lang", "card"), [
    ("as de cœur", "fr", "AH"), ("As de coeur", "fr", "AH"), ("A cœur", "fr", "AH"),
    ("roi de pique", "fr", "KS"), ("dame trèfle", "fr", "QC"), ("valet de carreaux", "fr", "JD"),
    ("10 de carreau", "fr", "TD"), ("dix de carreau", "fr", "TD"), ("sept de ♥", "fr", "7H"),
    ("V de T", "fr", "JC"), ("as de C", "fr", "AH"), ("deux d'trèfle", "fr", "2C"),
    ("ace of spades", "en", "AS"), ("King of Hearts", "en", "KH"), ("2 clubs", "en", "2C"),
    ("two of clubs", "en", "2C"), ("A of C", "en", "AC"), ("queen of diamonds", "fr", "QD"),
])
def test_a_card_said_in_words_is_read(text: str, lang: Lang, card: str) -> None:
    """A card as a player says it, its rank and its suit by name, ``de``/``of`` between them
    maybe: « as de cœur », « roi de pique », "ace of spades"; it was "not a card" (only letters
    were read: AC, RP), in the readers of both games, and after ``écarte``/``montre``."""
    from whist.couleur import CardCall, parse_colour_action

    c = parse_card(card)
    assert parse_card(text, lang) is c
    assert parse_action(text, lang) is c
    assert parse_colour_action(text, lang=lang) is c
    assert parse_colour_action(f"écarte {text}", lang=lang) == CardCall("discard", c)


@pytest.mark.parametrize("text", ["de de cœur", "as de de cœur", "solo 7 cœur", "propose de cœur",
                                  "roi de misère", "as de"])
def test_words_that_say_no_card_are_still_refused(text: str) -> None:
    with pytest.raises(ParseError):
        parse_card(text, "fr")
