"""The calls of colour whist as club players type them (RULES.md §5.4, §5.5, vocabulary table):
a suit named alone, which proposes it (seed 003: a player « annonce une couleur »), the words they
misspell, read as meant, and never a text that could mean two calls.

:func:`parse_call` reads text alone; what a text means at a given moment of an auction is the
:class:`Auction`'s to say (test_couleur_auction.py has the rules themselves, one class per rule).
North is eldest hand.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whist.actions import IllegalAction
from whist.auction import (
    ACCEPT,
    PASS,
    Auction,
    Bid,
    MisereJoined,
    NotACall,
    SuitAlone,
    contract_levels,
    parse_call,
)
from whist.cards import Lang, ParseError, Refusal, Seat, Suit, parse_deal
from whist.contracts import MISSPELLINGS, Contract, parse_contract
from whist.couleur import ColourDeal, parse_colour_action
from whist.rules import preset

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def auction(*calls: str, name: str = "couleur") -> Auction:
    a = Auction.start(preset(name), N)
    for c in calls:
        a = a.apply(c)
    return a


def said(a: Auction, text: str, lang: Lang = "fr") -> Auction:
    """``a`` after the player to act types ``text``, read as the game reads it."""
    return a.apply(a.meant(parse_call(text, contract_levels(a.rules), lang)))


def refused(a: Auction, text: str, lang: Lang = "fr") -> Refusal:
    with pytest.raises(Refusal) as caught:
        said(a, text, lang)
    return caught.value


class TestASuitAloneProposesIt:
    """Seed 003, « Annonces »: each player in turn may « annoncer une couleur »; RULES.md §5.4
    rule 3: a proposal is an emballage in a suit, which must beat the top bid and needs a player
    free to accept it. A suit named alone is that proposal where it is legal, and nothing else."""

    @pytest.mark.parametrize(("typed", "lang", "suit"), [
        ("cœur", "fr", Suit.HEARTS), ("coeur", "fr", Suit.HEARTS), ("Cœur", "en", Suit.HEARTS),
        ("pique", "fr", Suit.SPADES), ("trèfle", "fr", Suit.CLUBS), ("trefle", "en", Suit.CLUBS),
        ("carreau", "fr", Suit.DIAMONDS), ("hearts", "en", Suit.HEARTS), ("heart", "fr", Suit.HEARTS),
        ("spades", "en", Suit.SPADES), ("♦", "fr", Suit.DIAMONDS), (" ♣ ", "en", Suit.CLUBS),
        ("♥\ufe0f", "fr", Suit.HEARTS),
    ])
    def test_the_first_call(self, typed: str, lang: Lang, suit: Suit) -> None:
        a = said(auction(), typed, lang)
        assert a.calls == ((N, Bid(Contract("emballage", 8, suit))),)
        assert type(a.calls[0][1]) is not SuitAlone  # kept as the proposal it makes
        assert a.top is not None and not a.top.counts  # a proposal, which needs accepting (rule 4)

    def test_a_higher_suit_over_a_proposal(self) -> None:
        """§5.2: ♠ < ♣ < ♦ < ♥; a second proposal at the same level is in a higher suit (rule 3)."""
        a = said(auction("propose D"), "cœur")
        assert a.calls[-1] == (E, parse_call("propose H"))

    def test_after_waiting(self) -> None:
        """Rule 2: after waiting any call but a one-player contract; a proposal is made by one of
        two players."""
        a = said(auction("wait", "pass", "propose C", "pass"), "cœur")
        assert a.calls[-1] == (N, parse_call("propose H"))

    def test_in_pagat(self) -> None:
        a = said(auction(name="pagat"), "hearts", "en")
        assert a.calls[-1] == (N, parse_call("propose H"))

    def test_the_deal_keeps_the_proposal(self) -> None:
        """The deal's actions, which the record and the other players see, say « propose cœur »."""
        d = ColourDeal.new(preset("couleur"), W, parse_deal(ONE_SUIT))
        d = d.apply("cœur")  # as the web's tables send it
        assert d.actions[-1] == (N, parse_call("propose H")) and type(d.actions[-1][1]) is not SuitAlone
        with pytest.raises(IllegalAction):  # East: a lower suit
            d.apply(parse_colour_action("carreau", lang="fr"), E)

    def test_a_suit_alone_never_accepts(self) -> None:
        """Rule 4: an acceptance is « j'emballe ». « propose ♥ » typed over North's proposal of
        hearts is read as accepting it (Auction.meant); « cœur » is not: a suit alone proposes."""
        a = auction("propose H")
        assert a.meant(parse_call("propose H")) == ACCEPT
        assert a.meant(parse_call("cœur", lang="fr")) != ACCEPT
        why = refused(a, "cœur")
        assert why.fr.startswith("« cœur », c'est-à-dire « propose cœur » : cœur est déjà proposé ;"
                                 " pour emballer cette proposition, tapez « j'emballe ». Annonces"
                                 " permises : passe, j'emballe, "), why.fr
        assert str(why).startswith("'cœur', that is 'propose H': hearts are proposed already; to join"
                                   " that proposal, type 'accept'. Legal calls: pass, accept, "), why
        joined = said(a, "j'emballe").top
        assert joined is not None and joined.seats == (N, E) and joined.counts


ONE_SUIT = "N:AKQJT98765432.-.-.- -.AKQJT98765432.-.- -.-.AKQJT98765432.- -.-.-.AKQJT98765432"
"""Each player holds a whole suit (North the spades, East the hearts …)."""


class TestASuitAloneThatCannotBeProposed:
    """Where the proposal of a suit is not a legal call, the suit alone is refused: the refusal
    names what was typed and the proposal it reads as, the rule of §5.4 that refuses it, what to
    type instead in that suit where there is something, and the legal calls. It is never taken as
    a higher emballage or a solo in that suit."""

    @pytest.mark.parametrize(("calls", "typed", "fr", "en"), [
        (("propose H",), "pique",  # rule 3: it must beat the top bid; rule 5: a higher emballage
         "« pique », c'est-à-dire « propose pique » : cette annonce ne bat pas la plus haute annonce"
         " (propose cœur) ; en pique, vous pouvez annoncer « emballage 9 pique ».",
         "'pique', that is 'propose S': it does not beat the top bid (propose H); in spades you may"
         " bid 'emballage 9 S'."),
        (("emballage 9 H",), "cœur",  # rule 4: a proposal made higher is accepted at any level
         "« cœur », c'est-à-dire « propose cœur » : cœur est déjà proposé (emballage 9 cœur) ; pour"
         " emballer cette proposition, tapez « j'emballe ».",
         "'cœur', that is 'propose H': hearts are proposed already (emballage 9 H); to join that"
         " proposal, type 'accept'."),
        (("solo 8 D",), "carreau",  # proposals at 8 are over; emballage 12 is left
         "« carreau », c'est-à-dire « propose carreau » : cette annonce ne bat pas la plus haute"
         " annonce (solo 8 carreau) ; en carreau, vous pouvez annoncer « emballage 12 carreau ».",
         "'carreau', that is 'propose D': it does not beat the top bid (solo 8 D); in diamonds you"
         " may bid 'emballage 12 D'."),
        (("abondance 9 S",), "trèfle",  # no emballage is left at all
         "« trèfle », c'est-à-dire « propose trèfle » : cette annonce ne bat pas la plus haute annonce"
         " (abondance 9 pique). Annonces permises : passe, ",
         "'trèfle', that is 'propose C': it does not beat the top bid (abondance 9 S). Legal calls:"
         " pass, "),
        (("pass", "pass", "pass"), "cœur",  # rule 3: nobody left to accept it
         "« cœur », c'est-à-dire « propose cœur » : plus personne (qui n'a pas passé) n'est libre de"
         " l'emballer. Annonces permises : passe, solo 6 pique",
         "'cœur', that is 'propose H': nobody who has not passed is free to accept it. Legal calls:"
         " pass, solo 6 S"),
        (("propose S", "pass", "pass", "pass"), "pique",  # rule 7: a solo in that suit, or pass
         "« pique », c'est-à-dire « propose pique » : plus personne ne peut emballer votre proposition"
         " : annoncez un solo pique, ou passez, ce qui la retire. Annonces permises : passe, solo 6"
         " pique, solo 7 pique, solo 8 pique",
         "'pique', that is 'propose S': nobody is left to accept your proposal: bid a solo in spades,"
         " or pass, which withdraws it. Legal calls: pass, solo 6 S, solo 7 S, solo 8 S"),
        (("propose S", "accept", "solo 6 H", "pass"), "cœur",  # rule 5: E speaks for the pair
         "« cœur », c'est-à-dire « propose cœur » : vous êtes lié à votre emballage : vous ne pouvez"
         " que le monter (emballage plus haut dans sa couleur) ou passer. Annonces permises : passe,"
         " emballage 10 pique",
         "'cœur', that is 'propose H': you are bound to your pair: you may only raise it (emballage in"
         " its suit) or pass. Legal calls: pass, emballage 10 S"),
    ])
    def test_the_refusal(self, calls: tuple[str, ...], typed: str, fr: str, en: str) -> None:
        a = auction(*calls)
        why = refused(a, typed)
        assert isinstance(why, IllegalAction)
        assert why.fr.startswith(fr), why.fr
        assert str(why).startswith(en), why
        assert said(a, "passe").calls[-1][1] == PASS  # the auction goes on, nothing taken

    @pytest.mark.parametrize(("letter", "lang", "fr"), [
        ("C", "fr", "cœur"), ("K", "fr", "carreau"), ("c", "en", "trèfle"), ("D", "en", "carreau")])
    def test_a_letter_alone_is_no_call(self, letter: str, lang: Lang, fr: str) -> None:
        """``C`` alone could be a proposal of cœur, but the terminal reads ``s``, ``t``, ``h`` as
        its commands and ``p`` is a pass: no letter alone is a proposal, and the refusal says to
        type the suit in full."""
        with pytest.raises(NotACall) as caught:
            parse_call(letter, lang=lang)
        assert caught.value.fr == (f"« {letter} » : une lettre seule n'est pas une annonce ; pour"
                                   f" proposer {fr}, tapez « {fr} » ou « propose {fr} »")

    def test_a_letter_alone_in_english(self) -> None:
        with pytest.raises(NotACall) as caught:
            parse_call("D")
        assert str(caught.value) == ("'D': a letter alone is no call; to propose diamonds, type"
                                     " 'diamonds' or 'propose D'")
        assert parse_call("p") == PASS

    @pytest.mark.parametrize("typed", ["de cœur", "cœur cœur", "cœur 8", "8 cœur", "en pique", "cœurs pique"])
    def test_a_suit_with_other_words_is_no_proposal(self, typed: str) -> None:
        """Only the suit alone: anything more is read as before (a call, or refused), never guessed."""
        with pytest.raises(ParseError):
            parse_call(typed, lang="fr")

    @pytest.mark.parametrize(("typed", "fr"), [
        ("cœur", "« cœur » n'est pas une carte"), ("hearts", "« hearts » n'est pas une carte")])
    def test_once_the_auction_is_over_a_suit_is_no_card(self, typed: str, fr: str) -> None:
        """§5.6: the play asks for a card; a suit alone is none (it proposes in the auction only)."""
        with pytest.raises(ParseError) as caught:
            parse_colour_action(typed, card_wanted=True, lang="fr")
        assert caught.value.fr.startswith(fr), caught.value.fr


class TestMisspelledWords:
    """§5.5 names: the words of a contract's name as clubs write them are read as meant, in every
    name that has them; « no bid » is a pass, as in English bidding."""

    @pytest.mark.parametrize(("typed", "read"), [
        ("picolo", "piccolo"), ("piccollo", "piccolo"), ("Picolo", "piccolo"),
        ("picolissimo", "piccolissimo"), ("Picolissimo", "piccolissimo"),
        ("gr misère", "grande misère"), ("gr misere", "grande misère"), ("gde misère", "grande misère"),
        ("grande misere", "grande misère"), ("gde misère sur table", "grande misère sur table"),
        ("gr-misère", "grande misère"),
        ("pt misère", "petite misère"), ("ptite misère", "petite misère"),
        ("p'tite misère", "petite misère"), ("p’tite misere", "petite misère"),
        ("abondence 9 pique", "abondance 9 pique"), ("abondence en cœur", "abondance 9 cœur"),
        ("abondence 10 K", "abondance 10 carreau"), ("no bid", "passe"), ("No  Bid", "passe"),
    ])
    def test_read_as_meant(self, typed: str, read: str) -> None:
        """They were « … n'est pas une annonce »."""
        assert parse_call(typed, lang="fr").text_fr == read
        assert parse_call(typed, lang="en") == parse_call(read, lang="fr")

    def test_every_misspelling_stands_for_a_word_of_a_contracts_name(self) -> None:
        for word, meant in MISSPELLINGS.items():
            name = {"grande": "grande misère", "petite": "petite misère"}.get(meant, meant)
            assert parse_contract(name.replace(meant, word, 1)) == parse_contract(name), word

    def test_no_bid_is_a_pass(self) -> None:
        assert parse_call("no bid") is PASS

    @pytest.mark.parametrize(("typed", "fr"), [
        ("pt", "« pt » n'est pas une annonce"), ("gde", "« gde » n'est pas une annonce"),
        ("solo 7 pt", "« solo 7 pt » n'est pas une annonce"),
        ("picolo cœur", "le piccolo se joue sans atout : tapez « piccolo » sans couleur"),
        ("gr misère P", "la grande misère se joue sans atout : tapez « grande misère » sans couleur"),
        ("abondence", "abondance 9 : nommez aussi la couleur d'atout"),
        ("no", "« no » n'est pas une annonce"), ("bid", "« bid » n'est pas une annonce"),
    ])
    def test_a_misspelled_word_out_of_its_name_is_still_refused(self, typed: str, fr: str) -> None:
        """An abbreviation reads only in the name it shortens: « pt » alone names nothing. The
        refusal says what was typed, or the contract read and what it lacks."""
        with pytest.raises(ParseError) as caught:
            parse_call(typed, lang="fr")
        assert caught.value.fr.startswith(fr), caught.value.fr

    def test_the_score_sheet_reads_them_too(self) -> None:
        """§6: a club's sheet is written with the same words (parse_contract, which the auction
        reads its contracts with)."""
        assert parse_contract("gde misère").kind == "grande_misere"
        assert parse_contract("picolo").kind == "piccolo"
        assert parse_contract("picolissimo").kind == "piccolissimo"  # seed 003's own spelling, once


class TestTheWordPlis:
    """Seed 003 says a contract with its tricks (« 7 plis en solo »): « plis » after a level is read
    as the level alone; anywhere else it is still no call."""

    @pytest.mark.parametrize(("typed", "read"), [
        ("solo 7 plis cœur", "solo 7 cœur"), ("solo 7 plis à cœur", "solo 7 cœur"),
        ("Solo 8 Plis P", "solo 8 pique"), ("abondance 10 plis carreau", "abondance 10 carreau"),
        ("emballage 9 plis trèfle", "emballage 9 trèfle"), ("solo 6 tricks H", "solo 6 cœur"),
    ])
    def test_after_a_level(self, typed: str, read: str) -> None:
        assert parse_call(typed, lang="fr").text_fr == read  # it was « … n'est pas une annonce »
        assert parse_contract(typed, lang="fr") == parse_contract(read, lang="fr")  # the sheet's

    @pytest.mark.parametrize("typed", ["plis", "solo plis 7 cœur", "7 plis en solo cœur", "piccolo plis"])
    def test_elsewhere_it_is_no_call(self, typed: str) -> None:
        with pytest.raises(ParseError):
            parse_call(typed, lang="fr")

    def test_a_level_the_contract_lacks_is_still_refused(self) -> None:
        with pytest.raises(ParseError) as caught:
            parse_call("piccolo 1 pli", lang="fr")
        assert caught.value.fr == "le piccolo se joue sans nombre de plis"


class TestEmballageDeMisere:
    """Seed 003: « 2 misères (=emballage de misère) »; RULES.md §5.4 rule 4 and D6: a second player
    joins a misère by accepting it, « the seed's emballage de misère ». Typed while a misère of one
    player is the top bid, it is that acceptance (in pagat, where a misère is joined by bidding it
    too, that bid); otherwise it is refused saying why. It was « … n'est pas une annonce »."""

    @pytest.mark.parametrize("typed", ["emballage de misère", "Emballage de  misere"])
    @pytest.mark.parametrize("misere", ["petite misère", "grande misère"])
    def test_it_accepts_the_misere_on_top(self, typed: str, misere: str) -> None:
        assert isinstance(parse_call(typed), MisereJoined)
        a = said(auction(misere), typed)
        assert a.calls[-1] == (E, ACCEPT)
        top = a.top
        assert top is not None and top.seats == (N, E) and top.counts

    def test_in_pagat_it_bids_the_misere_too(self) -> None:
        a = said(auction("petite misère", name="pagat"), "emballage de misère")
        assert a.calls[-1] == (E, Bid(Contract("petite_misere")))
        top = a.top
        assert top is not None and top.seats == (N, E)

    @pytest.mark.parametrize(("calls", "fr", "en"), [
        ((), "« emballage de misère » : un emballage de misère rejoint une misère, et personne n'en a"
             " annoncé. Annonces permises : passe, j'attends,",
         "'emballage de misère': an emballage de misère joins a misère, and nobody has bid one."),
        (("propose H",), "« emballage de misère » : un emballage de misère rejoint une misère, et la plus"
                         " haute annonce n'en est pas une (propose cœur) ; pour l'emballer, tapez"
                         " « j'emballe ». Annonces permises : passe, j'emballe,",
         "'emballage de misère': an emballage de misère joins a misère, and the top bid is no misère"
         " (propose H); to join it, type 'accept'."),
        (("petite misère", "accept"), "« emballage de misère » : la petite misère a déjà ses deux"
                                      " joueurs : on ne peut plus la rejoindre.",
         "'emballage de misère': the small misère has its two players already"),
        (("grande misère sur table",), "« emballage de misère » : la grande misère sur table ne se joue"
                                       " qu'à un : on ne peut pas la rejoindre.",
         "'emballage de misère': the open misère is played by one player only"),
    ])
    def test_refused_where_no_misere_can_be_joined(self, calls: tuple[str, ...], fr: str, en: str) -> None:
        a = auction(*calls, name="couleur")
        caught = refused(a, "emballage de misère")
        assert caught.fr.startswith(fr) and str(caught).startswith(en), caught.fr


class TestAMisereTypedAgainSaysHowToJoinIt:
    """RULES.md §5.4 rule 4 and D6: in couleur a misère (or piccolo) of one player is joined by
    accepting it; typed again by the next player, it does not beat itself, and the refusal says to
    type « j'emballe », as a suit typed alone that is proposed already does."""

    @pytest.mark.parametrize(("top", "typed", "fr", "en"), [
        ("petite misère", "petite misère", "petite misère : cette annonce ne bat pas la plus haute annonce"
         " (petite misère) ; pour emballer cette petite misère, tapez « j'emballe ». Annonces permises :",
         "small misère: it does not beat the top bid (small misère); to join that small misère, type"
         " 'accept'. Legal calls:"),
        ("petite misère", "misere", "petite misère : cette annonce ne bat pas la plus haute annonce"
         " (petite misère) ; pour emballer cette petite misère", "small misère: it does not beat"),
        ("grande misère", "grande misère", "grande misère : cette annonce ne bat pas la plus haute"
         " annonce (grande misère) ; pour emballer cette grande misère, tapez « j'emballe ».",
         "large misère: it does not beat the top bid (large misère); to join that large misère"),
        ("piccolo", "picolo", "piccolo : cette annonce ne bat pas la plus haute annonce (piccolo) ; pour"
         " emballer ce piccolo, tapez « j'emballe ».", "piccolo: it does not beat the top bid (piccolo);"
         " to join that piccolo, type 'accept'."),
    ])
    def test_the_refusal(self, top: str, typed: str, fr: str, en: str) -> None:
        caught = refused(auction(top), typed)
        assert caught.fr.startswith(fr) and str(caught).startswith(en), caught.fr

    def test_not_where_it_cannot_be_joined(self) -> None:
        """Joined already: accepting is not legal for the third player, so no hint."""
        caught = refused(auction("petite misère", "accept"), "petite misère")
        assert "j'emballe" not in caught.fr and "accept" not in str(caught)


TYPED_WORDS = (
    "pass", "passe", "no", "bid", "p", "je", "j'emballe", "accept", "wait", "j'attends", "propose",
    "cœur", "coeur", "pique", "trèfle", "carreau", "hearts", "spade", "♥", "♠", "C", "H", "S", "K", "T",
    "D", "P", "solo", "emballage", "abondance", "abondence", "petite", "pt", "ptite", "grande", "gr",
    "gde", "misère", "misere", "sur", "table", "piccolo", "picolo", "piccolissimo", "chelem", "trou",
    "à", "de", "en", "6", "7", "8", "9", "10", "12", "13", "-7", "0", "AS", "10K", "montre",
    "plis", "picolissimo", "emballage de misère",
)
"""Words a player types in the auction, which the texts below are made of (and any text)."""
typed_texts = st.one_of(st.lists(st.sampled_from(TYPED_WORDS), min_size=1, max_size=4).map(" ".join),
                        st.text(max_size=12))


@st.composite
def live_auctions(draw: st.DrawFn) -> Auction:
    """An auction of either preset, some legal calls in, not over."""
    a = Auction.start(preset(draw(st.sampled_from(["couleur", "pagat"]))), draw(st.sampled_from(list(Seat))))
    for _ in range(draw(st.integers(0, 10))):
        legal = a.legal_calls()
        after = a.apply(legal[draw(st.integers(0, len(legal) - 1))])
        if after.is_over:
            break
        a = after
    return a


class TestAnyText:
    """Whatever is typed, the game makes a legal call of it or refuses it with a reason in both
    languages, never a traceback (RULES.md §5.4: the legal calls are the auction's)."""

    @settings(max_examples=400, deadline=None)
    @given(live_auctions(), typed_texts, st.sampled_from(["en", "fr"]))
    def test_a_legal_call_or_a_refusal(self, a: Auction, text: str, lang: Lang) -> None:
        legal = a.legal_calls()
        try:
            call = parse_call(text, contract_levels(a.rules), lang)
        except ParseError as exc:
            assert str(exc) and exc.fr
            return
        meant = a.meant(call)
        try:
            after = a.apply(meant)
        except IllegalAction as exc:
            assert meant not in legal  # a suit alone too: refused only where its proposal is
            assert "Legal calls: " in str(exc) and "Annonces permises : " in exc.fr
            return
        kept = after.calls[-1][1]
        assert kept in legal and type(kept) not in (SuitAlone, MisereJoined)
        if isinstance(call, SuitAlone):
            assert kept == call.proposal  # never an acceptance, a higher emballage or a solo

    @settings(max_examples=200, deadline=None)
    @given(typed_texts, st.booleans(), st.sampled_from(["en", "fr"]))
    def test_an_action_or_a_refusal(self, text: str, card_wanted: bool, lang: Lang) -> None:
        """The whole entry of the game's actions (a call, a card, montre, écarte), in the auction
        and once it is over."""
        try:
            parse_colour_action(text, contract_levels(preset("couleur")), card_wanted, lang)
        except Refusal as exc:
            assert str(exc) and exc.fr


@pytest.mark.parametrize("text", ["solo ¹", "solo 7 ²", "emballage ⁹ H", "propose ³ C", "abondance ⁹"])
def test_a_level_in_a_digit_of_another_script_is_refused_not_a_crash(text: str) -> None:
    """A superscript digit passes `str.isdigit` but not `int`: typed as a level it was a ValueError
    (a traceback in the terminal and the sheet); it is no call, refused with its reason."""
    with pytest.raises(ParseError):
        parse_call(text)
    with pytest.raises(ParseError):
        parse_contract(text.replace(" H", "").replace(" C", ""))
