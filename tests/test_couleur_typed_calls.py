"""The calls of colour whist as club players type them (RULES.md §5.4, §5.5, vocabulary table):
the words they misspell, read as meant, and never a word that could mean two calls.

:func:`parse_call` reads text alone; what a text means at a given moment of an auction is the
:class:`Auction`'s to say (test_couleur_auction.py has the rules themselves, one class per rule).
"""

from __future__ import annotations

import pytest

from whist.auction import PASS, parse_call
from whist.cards import ParseError
from whist.contracts import MISSPELLINGS, parse_contract


class TestMisspelledWords:
    """§5.5 names: the words of a contract's name as clubs write them are read as meant, in every
    name that has them; « no bid » is a pass, as in English bidding."""

    @pytest.mark.parametrize(("typed", "read"), [
        ("picolo", "piccolo"), ("piccollo", "piccolo"), ("Picolo", "piccolo"),
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
