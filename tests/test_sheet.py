"""The score sheet of a physical table (RULES.md §6; issue 3 item 10): the preset's table gives
each player's points, penalties are −15 to the offender alone (D15), an impossible entry is
refused with a clear message and leaves the sheet as it was."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from whist.actions import IllegalAction
from whist.auction import Auction, parse_call
from whist.cards import SEATS, Seat
from whist.contracts import parse_contract
from whist.rules import preset as rules_preset
from whist.sheet import PENALTY, Sheet, SheetError, parse_entry

NAMES = {"N": "Anne", "E": "Bert", "S": "Carla", "W": "Dirk"}


def sheet(preset: str = "couleur") -> Sheet:
    return Sheet.new(preset, NAMES)


class TestEntries:
    """§6: each deal's contract, declarers and tricks; the preset's table computes the points."""

    def test_running_totals_follow_the_table(self) -> None:
        s = sheet().add(parse_entry("solo 7", "N", "8", trump="H"))
        s = s.add(parse_entry("emballage 8", "E+W", "7", trump="S"))
        assert s.totals() == {"N": 21 + 7, "E": -7 - 7, "S": -7 + 7, "W": -7 - 7}
        assert [sum(p.values()) for _, p, _ in s.rows()] == [0, 0]

    def test_two_misere_declarers_give_each_his_tricks(self) -> None:
        s = sheet().add(parse_entry("petite misère", "N,E", "N=0,E=1"))
        assert s.totals() == {"N": 15, "E": -21, "S": 3, "W": 3}

    def test_queens_game(self) -> None:
        s = sheet().add(parse_entry("dames", queens="N=2,E=1,S=1"))
        assert s.totals() == {"N": -10, "E": -5, "S": -5, "W": 20}

    def test_pagat_table(self) -> None:
        s = sheet("pagat").add(parse_entry("solo 5", "W", "6", trump="C"))
        assert s.totals() == {"N": -4, "E": -4, "S": -4, "W": 12}

    def test_a_trou_needing_nine_is_kept_in_both_presets(self) -> None:
        """§5.3: with `trou_always_nine` the trou needs 9 tricks, and the four-aces trou of both
        presets too; the sheet knows no options, so it takes 8 or 9 in either preset."""
        assert sheet().add(parse_entry("trou", "N+S", "8", needed="9")).totals()["N"] == -7
        assert sheet("pagat").add(parse_entry("trou", "N+S", "8", needed="9")).totals()["N"] == -16
        assert sheet("pagat").add(parse_entry("trou", "N+S", "8", needed="8")).totals()["N"] == 16

    @pytest.mark.parametrize(("preset", "entry", "points"), [
        ("couleur", ("abondance sur table", "N", "9", "H"), {"N": 45, "E": -15, "S": -15, "W": -15}),
        ("couleur", ("piccolissimo", "E", "2", ""), {"N": -6, "E": 18, "S": -6, "W": -6}),
        ("couleur", ("emballage 12", "N+S", "12", "H"), {"N": 5, "E": -5, "S": 5, "W": -5}),
        ("pagat", ("emballage 13", "E+W", "13", "S"), {"N": -30, "E": 30, "S": -30, "W": 30}),
        ("pagat", ("open misère", "W", "0", ""), {"N": -24, "E": -24, "S": -24, "W": 72}),
    ])
    def test_every_contract_of_the_table_whatever_the_auction_options(
            self, preset: str, entry: tuple[str, str, str, str], points: dict[str, int]) -> None:
        """§5.10: "The scoring calculator and the score sheet accept every contract of the preset's
        scoring table, whatever the auction options": abondance sur table, which couleur's auction
        leaves out by default, and the rows that only options add to the ladder (emballage 12
        and 13, piccolissimo, open misère)."""
        contract, declarers, tricks, trump = entry
        s = sheet(preset).add(parse_entry(contract, declarers, tricks, trump=trump))
        assert s.totals() == points

    def test_penalty_is_minus_15_to_the_offender_alone(self) -> None:
        """D15: the referee's penalty is the one entry that is not zero-sum."""
        s = sheet().add(parse_entry("pénalité", "W"))
        assert s.totals() == {"N": 0, "E": 0, "S": 0, "W": PENALTY}
        assert PENALTY == -15


class TestImpossibleEntries:
    """An impossible entry is refused with a message and the sheet keeps every earlier entry."""

    def test_the_queens_of_a_seat_named_twice_are_refused(self) -> None:
        """``N=4,E=0,E=0`` was taken; ``N=2,N=2`` said that the four queens must be shared out."""
        for queens in ("N=4,E=0,E=0", "N=2,N=2"):
            with pytest.raises(SheetError, match=rf"queens '{queens}': \w is named twice"):
                parse_entry("dames", queens=queens)
        # a count alone (which the tricks take, for the first declarer) was "tricks without declarers"
        with pytest.raises(SheetError, match="queens '2': write seat=queens pairs, like N=2,E=1,S=1"):
            parse_entry("dames", queens="2")

    def test_a_pairs_tricks_by_seat_name_both_declarers(self) -> None:
        """A pair's tricks count together (RULES.md §5.7, emballage and trou): ``N=4`` for the
        pair N+E was scored as the pair's 4 (a failed emballage), and ``E=9`` for a trou as the
        pair's 9, where the scorer had left out a partner's; refused, saying the two ways to give
        them. Both seats named are added; a CSV of an older export, which wrote a pair's tricks
        under the first declarer (``N=9``), still reads."""
        for contract, tricks in (("emballage 8 H", "N=4"), ("trou", "E=9")):
            with pytest.raises(SheetError, match=re.escape(
                    f"tricks '{tricks}': give the tricks of N+E together (8), or each one's (N=4,E=4)")):
                parse_entry(contract, "N,E", tricks)
        assert sheet().add(parse_entry("trou", "N,E", "N=5,E=4")).made(
            parse_entry("trou", "N,E", "N=5,E=4")) == {Seat.N: True, Seat.E: True}
        old = "contract,declarers,tricks,trump\nemballage 8,N+E,N=9,H\n"
        assert sheet().add_csv(old) == sheet().add(parse_entry("emballage 8 H", "N,E", "9"))

    def test_counts_are_written_with_the_digits_0_to_9(self) -> None:
        """Python reads 1_0 as 10 and ٨ (an Arabic-Indic eight) as 8: a count of tricks or queens
        so written was scored; refused as no number."""
        for tricks in ("1_0", "٨", "N=1_0"):
            with pytest.raises(SheetError, match="write"):
                parse_entry("solo 7", "N", tricks)
        with pytest.raises(SheetError, match="write seat=queens pairs"):
            parse_entry("dames", queens="N=٢,E=1,S=1")
        with pytest.raises(SheetError, match="needed and double take whole numbers"):
            parse_entry("trou", "N,E", "9", needed="٩")
        assert parse_entry("solo 7", "N", " 8 ") == parse_entry("solo 7", "N", "8")

    def test_a_queens_game_deal_is_never_doubled(self) -> None:
        """RULES.md §5.8: the queens game is played when all pass in place of a redeal (all_pass
        is dames, or redeal_double, not both), so no dames deal counts double: ``--double`` with
        it was scored -20/-10/-10/+40."""
        with pytest.raises(SheetError, match=r"a deal of the queens game \(dames\) never counts double"):
            parse_entry("dames", queens="N=2,E=1,S=1", double="2")
        assert parse_entry("dames", queens="N=2,E=1,S=1", double="1").multiplier == 1

    def test_a_contract_with_its_trump_and_another_trump_is_refused(self) -> None:
        """``solo 7 ♥`` with the trump ♠ was scored as a solo 7 ♠, the ♥ dropped without a word:
        the trump is given once."""
        with pytest.raises(SheetError, match="solo 7 H names its trump, hearts, and the trump given"
                                             " is spades: give it once"):
            parse_entry("solo 7 ♥", "N", "8", trump="S")
        with pytest.raises(SheetError) as refused:
            parse_entry("emballage 8 cœur", "N,E", "8", trump="P", lang="fr")
        assert refused.value.fr == ("emballage 8 cœur nomme son atout, cœur, et l'atout donné est"
                                    " pique : donnez-le une seule fois")
        assert parse_entry("solo 7 ♥", "N", "8", trump="H") == parse_entry("solo 7", "N", "8", trump="H")

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (("solo 7", "N", "14"), "a deal has 13 tricks, not 14"),
            (("petite misère", "N,E", "N=7,E=7"), r"a deal has 13 tricks, not 7 \+ 7"),
            (("petite misère", "N,E", "N=-1,E=0"), "a number of tricks is 0 to 13, not -1"),
            (("solo 7", "X", "8"), "not a seat"),
            (("emballage 8", "N", "9"), "2 declarers"),
            (("abondance 12", "N", "12"), r"abondance 12 does not exist in couleur \(abondance: 9\)"),
            (("solo 5", "N", "6"), r"solo 5 does not exist in couleur \(solo: 6, 7, 8\)"),
            (("petite misère", "N,E", "1"), "each misère declarer"),
            (("piccolo", "N,E", "2"), "each piccolo declarer"),
            (("solo 7", "N", "E=3"), "E is not a declarer"),
            (("chelem", "", "13"), "declarers"),
            # a seat named twice was counted by its last number: N=2, both misères failed
            (("petite misère", "N,E", "N=0,E=1,N=2"), r"tricks 'N=0,E=1,N=2': N is named twice"),
            (("petite misère", "N,E", "N=0;E=1;N=3"), "N is named twice"),
            (("solo -7", "N", "8"), "a level is a number of tricks, not -7"),
            # a deal's fields given to a penalty were dropped without a word
            (("penalty", "W", "3"), "a penalty takes only its offender, not tricks: leave them out"),
        ],
    )
    def test_refused_with_a_clear_message(self, args: tuple[str, str, str], message: str) -> None:
        s = sheet().add(parse_entry("solo 6", "S", "6", trump="D"))
        with pytest.raises(SheetError, match=message):
            s.add(parse_entry(*args))
        assert len(s.entries) == 1

    @pytest.mark.parametrize(("preset", "contract"), [
        ("couleur", "solo 5 H"), ("couleur", "abondance 11 S"), ("couleur", "emballage 13 D"),
        ("pagat", "piccolissimo"), ("pagat", "abondance sur table H")])
    def test_the_sheet_and_the_auction_refuse_a_contract_in_the_same_words(self, preset: str,
                                                                            contract: str) -> None:
        """A contract the preset has at no level or with no option: the sheet (every option's row
        on) and the auction (the preset's options) give one reason, in English and in French,
        and only a kind an option adds is "not played … with these options"."""
        with pytest.raises(SheetError) as info:
            sheet(preset).add(parse_entry(contract, "N", "1"))
        call = parse_call(contract)  # as the web table gives it: not checked against the levels
        with pytest.raises(IllegalAction) as refused:
            Auction.start(rules_preset(preset), Seat.N).apply(call)
        assert str(refused.value).startswith(f"{call.text}: {info.value.en}. Legal calls: ")
        assert refused.value.fr.startswith(f"{call.text_fr} : {info.value.fr}. Annonces permises : ")
        assert "does not exist in" in info.value.en or info.value.en.endswith(f"is not played in {preset}")

    def test_extra_fields_are_refused(self) -> None:
        with pytest.raises(SheetError, match="only for a trou"):
            parse_entry("solo 7", "N", "8", needed="9")
        with pytest.raises(SheetError, match="only in the queens game"):
            parse_entry("solo 7", "N", "8", queens="N=4")
        with pytest.raises(SheetError, match="no declarers"):
            parse_entry("dames", "N", queens="N=4")
        for contract in ("grande misère", "piccolo", "dames"):  # §5.5: no trump; it was dropped unsaid
            with pytest.raises(SheetError, match="has no trump"):
                parse_entry(contract, "N", "0", trump="H")
        # a trou has a trump, but its points do not depend on it: it was taken and dropped unsaid
        with pytest.raises(SheetError, match="a trou's trump is not counted"):
            parse_entry("trou", "N+S", "8", trump="H")
        # but a sheet's file or a CSV edited by hand to give one still reads: it changes nothing
        assert parse_entry("trou", "N+S", "8", trump="H", from_csv=True).contract == parse_contract("trou")

    @pytest.mark.parametrize(("contract", "declarers", "tricks", "said"), [
        ("grande misère sur table", "N,E", "0", "open misère is played by 1 declarer"),
        ("piccolissimo", "N,E", "2", "piccolissimo is played by 1 declarer"),
        ("petite misère", "N,E,S", "N=0,E=0,S=0", "small misère is played by 1 or 2 declarers")])
    def test_too_many_declarers_is_said_before_their_tricks(self, contract: str, declarers: str,
                                                             tricks: str, said: str) -> None:
        """RULES.md §5.5: the open misère and the piccolissimo have one declarer. Given two, the
        sheet first asked for each one's tricks, then, once given, said they were one too many."""
        with pytest.raises(SheetError, match=said):
            sheet("couleur").add(parse_entry(contract, declarers, tricks))

    def test_bad_player_names_and_presets(self) -> None:
        with pytest.raises(SheetError, match="names"):
            Sheet.new("couleur", {"X": "Zoe"})
        with pytest.raises(SheetError, match="couleur or pagat"):
            Sheet.new("classic")

    @pytest.mark.parametrize(("name", "as_written"), [(None, "null"), (7, "7"), (["Anne"], '["Anne"]'),
                                                      ({"first": "Anne"}, '{"first": "Anne"}')])
    def test_a_name_that_is_not_text_is_refused(self, name: object, as_written: str) -> None:
        """A hand-edited file may hold ``"N": null``: it is refused, not shown as ``None``, and
        the refusal names it as the file writes it."""
        with pytest.raises(SheetError) as exc:
            Sheet.new("couleur", {"N": name})
        assert str(exc.value) == f"names: the name of N must be text, not {as_written}"
        data = sheet().to_json()
        data["names"]["N"] = name
        with pytest.raises(SheetError, match="the name of N must be text"):
            Sheet.from_json(data)
        data["names"]["N"] = " Zoé "
        assert Sheet.from_json(data).name(Seat.N) == "Zoé"

    @pytest.mark.parametrize(("names", "seat"), [({"W": "Anne", "O": "Bert"}, "W"),
                                                ({"N": "a", "North": "b", "Nord": "c", "n": "d"}, "N")])
    def test_a_seat_named_by_two_keys_is_refused(self, names: dict[str, str], seat: str) -> None:
        """``{"W": "Anne", "O": "Bert"}`` (West in English and in French) kept the last name: which
        was meant cannot be told. Refused, for both games' sheets (and the web app's, which make
        them so)."""
        from whist.classic_sheet import ClassicSheet, ClassicSheetError
        from whist.rules import preset

        with pytest.raises(SheetError, match=f"^names: {seat} is named twice$"):
            Sheet.new("couleur", names)
        with pytest.raises(ClassicSheetError, match=f"{seat} is named twice"):
            ClassicSheet.new(preset("classic"), names)

    def test_a_name_is_kept_as_visible_text(self) -> None:
        """A tab or line break in a name (pasted, or a hand-edited file) is a space, a zero-width
        or control character is dropped, as the web app keeps names; nothing visible: the seat's
        name in the sheet's language. Else the sheet's table and its CSV break a row in two."""
        data = sheet().to_json()
        data["names"] = {"N": "Anne\tMarie", "E": "Bert\n\x1b[31m", "S": "\u200b", "W": "Dirk"}
        loaded = Sheet.from_json(data)
        assert [loaded.name(s) for s in SEATS] == ["Anne Marie", "Bert [31m", "South", "Dirk"]
        data["lang"] = "fr"
        assert Sheet.from_json(data).name(Seat.S) == "Sud"
        assert Sheet.new("couleur", {"N": " Zoé\u00a0\u200bLi "}).name(Seat.N) == "Zoé Li"

    @pytest.mark.parametrize(("key", "value", "message"), [
        ("names", ["Anne", "Bert"], "names \\(an object\\)"),
        ("entries", {"1": {}}, "entries \\(a list\\)"),
        ("entries", ["solo 7"], "entry 1: an entry must be an object"),
    ])
    def test_a_file_with_names_or_entries_of_the_wrong_kind_is_refused(self, key: str, value: object,
                                                                      message: str) -> None:
        data = sheet().add(parse_entry("solo 6", "S", "6", trump="D")).to_json()
        data[key] = value
        with pytest.raises(SheetError, match=message):
            Sheet.from_json(data)


class TestExport:
    """§6: the sheet exports as CSV and JSON and reads them back to the same totals."""

    def test_a_petite_misere_has_12_tricks_but_an_old_file_still_opens(self) -> None:
        """RULES.md §5.5 row 8: each player discards a card first, so 12 tricks are played. A
        sheet saved before this check (an entry of 13 tricks) still opens."""
        with pytest.raises(SheetError, match="12 tricks"):
            sheet().add(parse_entry("petite misère", "N,E", "N=7,E=6"))
        s = sheet().add(parse_entry("petite misère", "N,E", "N=6,E=6"))
        data = s.to_json()
        data["entries"][0]["tricks"] = "N=7,E=6"
        assert len(Sheet.from_json(data).entries) == 1

    def test_a_field_too_long_in_a_file_is_refused_by_its_length(self) -> None:
        """A sheet file edited by hand whose tricks hold 5,000 digits is refused by the field's
        length, where the refusal quoted all 5,000 back."""
        data = sheet().add(parse_entry("solo 7", "N", "8")).to_json()
        data["entries"][0]["tricks"] = "9" * 5000
        with pytest.raises(SheetError) as refused:
            Sheet.from_json(data)
        assert str(refused.value) == ("entry 1: tricks holds 5,000 characters: a field of an entry holds at"
                                      " most 100")
        assert refused.value.fr == ("entrée 1 : tricks contient 5000 caractères : un champ d'une entrée en"
                                    " contient au plus 100")

    def test_a_name_that_reads_as_a_formula_is_exported_as_text(self) -> None:
        """A player named ``=HYPERLINK(…)`` or ``+1+1`` was written as it is into the CSV made for
        Excel, which runs it as a formula once the file is opened. The cell begins with an
        apostrophe (a spreadsheet shows the text), and an import reads the name back as it was,
        in both games' sheets."""
        import csv
        import io

        from whist.classic_sheet import ClassicSheet, played
        from whist.rules import preset

        names = {"N": '=HYPERLINK("http://x.example","x")', "E": "+1+1", "S": "@SUM(A1)", "W": "Dirk"}
        colour = Sheet.new("couleur", names).add(parse_entry("solo 6", "S", "6", trump="D"))
        classic = ClassicSheet.new(preset("classic"), names).add(played("NS=8"))
        for text, empty in ((colour.to_csv(), Sheet.new("couleur")),
                            (classic.to_csv(), ClassicSheet.new(preset("classic")))):
            row = next(csv.DictReader(io.StringIO(text)))
            assert row["name_N"] == "'" + names["N"]
            assert (row["name_E"], row["name_S"], row["name_W"]) == ("'+1+1", "'@SUM(A1)", "Dirk")
            assert [n for _, n in empty.add_csv(text).names] == list(names.values())

    def test_a_csv_with_a_column_named_twice_is_refused(self) -> None:
        """contract,declarers,tricks,contract: which contract was played cannot be told (the
        last one was taken in silence)."""
        with pytest.raises(SheetError, match="names the column contract twice") as err:
            sheet().add_csv("contract,declarers,tricks,contract\nsolo 7,N,8,solo 8\n")
        assert "deux fois la colonne contract" in err.value.fr

    def test_a_mistyped_column_is_refused_not_left_unread(self) -> None:
        """``neded`` for ``needed``: read in silence, the trou of 9 (RULES.md §5.3) taken with 8
        tricks was scored as made (+5 each) instead of one short (−7). A column named nearly as
        one a sheet reads is refused, and so is a cell beyond the header's last column; a column
        of the secretary's own (``note``), or an empty one a spreadsheet leaves after the last,
        is not read."""
        with pytest.raises(SheetError, match=r"column neded is not .*: did you mean needed") as err:
            sheet().add_csv("contract,declarers,tricks,neded\ntrou,N+E,8,9\n")
        assert "la colonne neded du CSV" in err.value.fr and "needed" in err.value.fr
        with pytest.raises(SheetError, match="column Trumps is not one a sheet reads: did you mean trump"):
            sheet().add_csv("contract,declarers,tricks,Trumps\nsolo 7,N,8,H\n")
        assert sheet().add_csv("contract,declarers,tricks,needed\ntrou,N+E,8,9\n").totals()["N"] == -7
        noted = sheet().add_csv("contract,declarers,tricks,note\nsolo 7 H,N,8,Anne arrive\n")
        assert noted.totals()["N"] == 21
        with pytest.raises(SheetError, match="line 3: 8 lies in no column") as err:
            sheet().add_csv("contract,declarers,tricks\nsolo 7 H,N,8\nsolo 7 H,N,7,8\n")
        assert "ligne 3 : 8 n'est dans aucune colonne" in err.value.fr
        assert len(sheet().add_csv("contract,declarers,tricks,\nsolo 7 H,N,8,\n").entries) == 1

    def test_csv_and_json_round_trip(self) -> None:
        s = sheet().add(parse_entry("trou", "N+S", "9", needed="9"))
        s = s.add(parse_entry("grande misère", "E", "E=0")).add(parse_entry("penalty", "N"))
        again = Sheet.new("couleur", NAMES).add_csv(s.to_csv())
        assert again.totals() == s.totals()
        assert Sheet.from_json(s.to_json()) == s
        assert Sheet.new("couleur").add_csv(s.to_csv()) == s  # the names come back too

    def test_a_csv_with_semicolons_round_trips(self) -> None:
        """``to_csv(";")``, for a spreadsheet set to French: a cell that holds a semicolon (a
        misère of two's tricks) is quoted, and the sheet reads it back as it was."""
        s = sheet().add(parse_entry("petite misère", "N,E", "N=0,E=1")).add(parse_entry("solo 7", "S", "8"))
        text = s.to_csv(";")
        assert text.splitlines()[1].startswith('small misère;N+E;"N=0;E=1";')
        assert "," not in text.splitlines()[0]
        assert Sheet.new("couleur").add_csv(text) == s

    def test_the_csv_writes_the_tricks_as_they_are_typed(self) -> None:
        """A pair's tricks together (emballage 9 of N+S: 9), not under the first declarer as if
        North alone had taken them (N=9); a misère of two, each declarer's (N=0;E=1); either reads
        back to the same sheet, and a file written the old way still does."""
        s = sheet().add(parse_entry("emballage 9", "N+S", "9"))
        s = s.add(parse_entry("petite misère", "N,E", "N=0,E=1"))
        rows = s.to_csv().splitlines()
        assert rows[1].startswith("emballage 9,N+S,9,") and rows[2].startswith("small misère,N+E,N=0;E=1,")
        assert sheet().add_csv(s.to_csv()) == s
        assert sheet().add_csv(s.to_csv().replace("N+S,9,", "N+S,N=9,")) == s

    def test_the_csv_names_the_players_and_old_csvs_still_import(self) -> None:
        """§6 export: each row ends with the players' names (name_N … name_W), which rename the
        seats an importing sheet still calls Nord, Est …, not the names it was given; a CSV
        written before these columns imports as it did."""
        s = sheet().add(parse_entry("solo 7", "N", "8"))
        text = s.to_csv()
        assert text.splitlines()[0].endswith(",total_W,name_N,name_E,name_S,name_W")
        assert text.splitlines()[1].endswith(",Anne,Bert,Carla,Dirk")
        mixed = Sheet.new("couleur", {"S": "Sam"}).add_csv(text)
        assert [n for _, n in mixed.names] == ["Anne", "Bert", "Sam", "Dirk"]
        old = "contract,declarers,tricks,points_N\nsolo 7,N,N=8,21\n"
        sam = Sheet.new("couleur", {"S": "Sam"})
        assert sam.add_csv(old).names == sam.names
        assert Sheet.new("couleur").add_csv(old).totals() == s.totals()

    def test_a_csv_of_a_sheet_in_the_other_language_keeps_the_seats_names(self) -> None:
        """§6 export: a sheet whose seats were never named exports North, East … (Nord, Est … in
        French), which are nobody's names: imported into a sheet kept in the other language, its
        seats keep that language's names, where they became "North", "East" …; real names still
        rename them."""
        english = Sheet.new("couleur").add(parse_entry("solo 7", "N", "8"))
        french = Sheet.new("couleur", lang="fr").add_csv(english.to_csv())
        assert [n for _, n in french.names] == ["Nord", "Est", "Sud", "Ouest"]
        back = Sheet.new("couleur").add_csv(french.to_csv())
        assert [n for _, n in back.names] == ["North", "East", "South", "West"]
        named = Sheet.new("couleur", {"N": "Anne"}).add(parse_entry("solo 7", "N", "8")).to_csv()
        assert [n for _, n in Sheet.new("couleur", lang="fr").add_csv(named).names] == [
            "Anne", "Est", "Sud", "Ouest"]

    def test_a_csv_saved_by_a_french_spreadsheet_reads_the_same(self) -> None:
        """A spreadsheet set to French saves with semicolons (a cell holding one is quoted);
        headers retyped in capitals or with spaces, and a byte order mark, read as the export's
        own columns: those were refused as a CSV without a 'contract' column."""
        s = sheet().add(parse_entry("petite misère", "N,E", "N=0,E=1")).add(parse_entry("penalty", "W"))
        french = s.to_csv().replace(",", ";").replace("N=0;E=1", '"N=0;E=1"')
        french = "\ufeff" + french.replace("contract;", " Contract ;").replace("points_W", "POINTS_W")
        assert sheet().add_csv(french) == s
        assert sheet().add_csv(french).stated_points_differ(french) == []
        wrong = french.replace("3;3;", "3;4;", 1)
        assert sheet().add_csv(wrong).stated_points_differ(wrong) == [
            "line 2: the file says 15 -21 3 4, the table N +15 E -21 S +3 W +3"]
        # a file that gives some players' points only is checked on those
        some = "contract,declarers,tricks,points_N,points_W\nsolo 7,N,8,999,\nsolo 7,N,8,21,-7\n"
        assert sheet().add_csv(some).stated_points_differ(some, "fr") == [
            "ligne 2 : le fichier dit N 999, le barème N +21 E -7 S -7 O -7"]
        with pytest.raises(SheetError, match="looks like a classic-whist sheet"):
            sheet().add_csv("KIND;Side;Tricks\ndeal;NS;8\n")

    def test_a_bad_csv_row_adds_nothing(self) -> None:
        text = "contract,declarers,tricks\nsolo 7 H,N,8\nsolo 7 H,N,99\n"
        with pytest.raises(SheetError, match="line 3"):
            sheet().add_csv(text)

    @pytest.mark.parametrize("text", [
        "contract,declarers\nsolo 7,N\n",  # no tricks column
        "contract,declarers,tricks\nsolo 7,N,\n",  # an empty cell
        "contract,declarers,tricks\nsolo 7,N\n",  # a short row
        "contract,declarers,tricks\npetite misère,N, \n",
    ])
    def test_a_csv_row_without_tricks_is_refused_not_scored_as_none_taken(self, text: str) -> None:
        """§6: the sheet scores the tricks entered; a row that gives none used to be imported as
        a deal of 0 tricks (solo 7 failed by 7: −57 to N) without a word."""
        with pytest.raises(SheetError, match="line 2: give the tricks") as refused:
            sheet().add_csv(text)
        # the row is told its column, the command its flag (it said « 8 … or N=0,E=1 », no more)
        assert "in the tricks column" in str(refused.value) and "--" not in str(refused.value)
        assert "dans la colonne tricks" in refused.value.fr and "--" not in refused.value.fr
        with pytest.raises(SheetError, match="give the tricks") as refused:
            sheet().add(parse_entry("solo 7", "N", ""))
        assert "--tricks 8" in str(refused.value) and "--plis 8" in refused.value.fr

    def test_a_csvs_columns_may_be_named_in_french_as_the_options_are(self) -> None:
        """contrat, preneurs, plis, atout, dames: the French names of the options (--preneurs …)
        name the columns too, in any case; the export keeps its English columns. A French name
        given with its English one is a column named twice; one mistyped is refused, pointed to
        its French name."""
        english = sheet().add_csv('contract,declarers,tricks,trump\nsolo 7,N,8,H\n'
                                  'petite misère,N+E,"N=0,E=1",\nsolo 6,W,7,S\n')
        french = sheet().add_csv("Contrat;Preneurs;PLIS;atout\nsolo 7;N;8;cœur\npetite misère;N+E;N=0,E=1;\n"
                                 "solo 6;O;7;pique\n")
        assert french.entries == english.entries and french.totals() == english.totals()
        assert sheet().add_csv("contrat,dames\ndames,\"N=2,E=1,S=1\"\n").totals()["N"] < 0
        assert french.to_csv().startswith("contract,declarers,tricks,trump,")
        with pytest.raises(SheetError, match="names the column tricks twice"):
            sheet().add_csv("contrat,preneurs,plis,tricks\nsolo 7,N,8,8\n")
        with pytest.raises(SheetError, match=r"column preneur is not .*: did you mean preneurs"):
            sheet().add_csv("contrat,preneur,plis\nsolo 7,N,8\n")
        with pytest.raises(SheetError) as refused:
            sheet().add_csv("preneurs,plis\nN,8\n")
        assert "au moins une colonne « contract » (ou « contrat »)" in refused.value.fr

    def test_a_row_or_a_command_without_declarers_is_told_where_to_name_them(self) -> None:
        """A deal whose declarers are missing: a CSV row is told the column, ``whist sheet add``
        its flag (both said « e.g. N or N+E », which named neither)."""
        with pytest.raises(SheetError) as refused:
            sheet().add_csv("contract,declarers,tricks\nsolo 7,,8\n")
        assert refused.value.fr == ("ligne 2 : nommez les preneurs, par exemple N ou N+O dans la colonne"
                                    " declarers (ou preneurs)")
        with pytest.raises(SheetError) as refused:
            sheet().add(parse_entry("solo 7", "", "8"))
        assert str(refused.value) == "name the declarers, e.g. --declarers N or --declarers N+E"

    def test_rows_that_take_no_tricks_need_none(self) -> None:
        """A penalty (D15) and the queens game (§5.8) have no tricks; a stored entry without
        tricks (a file saved before this check) still opens."""
        s = sheet().add_csv("contract,declarers,tricks,queens\npenalty,W,,\ndames,,,N=4\n")
        assert s.totals() == {"N": 15, "E": -5, "S": -5, "W": -5 - 15}
        data = s.to_json()
        data["entries"].append({"contract": "solo 7", "declarers": "N", "tricks": ""})
        assert Sheet.from_json(data).totals()["N"] == 15 - 57

    def test_a_bad_csv_row_is_named_by_its_line_in_the_file(self) -> None:
        """The line number is the reader's: blank lines (which the reader skips) and the lines of
        a quoted field that spans lines count, as in the file a person opens."""
        text = ("contract,declarers,tricks\n\nsolo 7 H,N,8\n\n"
                '"solo 7 H","N","8"\n"solo 7\nH",N,8\nsolo 7 H,N,99\n')
        with pytest.raises(SheetError) as exc:
            sheet().add_csv(text)
        assert str(exc.value).startswith("line 8: ")


_NOT_A_SHEET: dict[str, object] = {"format": "whist-sheet/0"}


def _new(preset: str, names: dict[str, str] | None = None) -> Sheet:
    return Sheet.new(preset, names)


def _from_json(change: dict[str, object]) -> Sheet:
    data = sheet().add(parse_entry("solo 6", "S", "6", trump="D")).to_json()
    return Sheet.from_json({**data, **change})


class TestInFrench:
    """A club secretary reads every refusal of the sheet (and of the tables it scores by) in
    French with --lang fr: each has a French text of its own, in the club's words."""

    @pytest.mark.parametrize("make", [
        lambda: parse_entry("penalty", "N,E"),
        lambda: parse_entry("penalty", "X"),
        lambda: parse_entry("solo 7", "N,N", "8"),
        lambda: parse_entry("solo 7", "X", "8"),
        lambda: parse_entry("solo 7", "", "8"),
        lambda: parse_entry("solo 7", "N", "huit"),
        lambda: parse_entry("solo 7", "N", "N=x"),
        lambda: sheet().add(parse_entry("solo 12", "N", "8")),
        lambda: parse_entry("grande misère", "N", "0", trump="H"),
        lambda: parse_entry("dames", "N", queens="N=4"),
        lambda: parse_entry("solo 7", "N", "8", queens="N=1"),
        lambda: parse_entry("solo 7", "N", "8", needed="9"),
        lambda: parse_entry("trou", "N,S", "8", needed="x"),
        lambda: parse_entry("trou", "N,S", "8", needed="10"),
        lambda: parse_entry("trou", "N,S", "8", double="3"),
        lambda: sheet().add(parse_entry("solo 5", "N", "6")),
        lambda: sheet().add(parse_entry("abondance 12", "N", "12")),
        lambda: sheet("pagat").add(parse_entry("piccolissimo", "N", "2")),
        lambda: sheet().add(parse_entry("chelem")),
        lambda: sheet().add(parse_entry("solo 7", "N", "E=3")),
        lambda: sheet().add(parse_entry("solo 7", "N", "14")),
        lambda: sheet().add(parse_entry("petite misère", "N,E", "1")),
        lambda: sheet().add(parse_entry("solo 7", "N")),
        lambda: sheet().add(parse_entry("petite misère", "N,E", "N=7,E=6")),
        lambda: sheet().add(parse_entry("emballage 8", "N", "9")),
        lambda: sheet().add(parse_entry("dames", queens="N=3")),
        lambda: sheet().remove_last(),
        lambda: _new("classic"),
        lambda: _new("tarot"),
        lambda: _new("couleur", {"X": "Zoe"}),
        lambda: Sheet.from_json(_NOT_A_SHEET),
        lambda: _from_json({"names": ["Anne"]}),
        lambda: _from_json({"names": []}),  # empty, still not an object of names
        lambda: _from_json({"entries": {}}),  # empty, still not a list of entries
        lambda: sheet().add_csv("contract,declarers,tricks,contract\nsolo 7,N,8,solo 8\n"),
        lambda: _from_json({"entries": ["solo 7"]}),
        lambda: _from_json({"entries": [{"contract": "solo 7", "declarers": "N", "tricks": "14"}]}),
        lambda: sheet().add_csv("kind,side,tricks,honours\ndeal,NS,8,none\n"),
        lambda: sheet().add_csv("what\nsolo 7\n"),
        lambda: sheet().add_csv("contract,declarers,tricks\nsolo 7,N,8\nsolo 7,N,14\n"),
    ])
    def test_every_refusal_has_its_own_french(self, make: Callable[[], object]) -> None:
        with pytest.raises(SheetError) as info:
            make()
        exc = info.value
        assert exc.en == str(exc) and exc.fr and exc.fr != exc.en
        assert exc.in_lang("fr") == exc.fr and exc.in_lang("en") == exc.en

    @pytest.mark.parametrize(("args", "en", "fr"), [
        (("solo 7", "N,N", "8"), "declarers 'N,N': N is named twice",
         "preneurs « N,N » : Nord est nommé deux fois"),
        (("solo 7", "N", "huit"), "tricks 'huit': write a number (8) or seat=tricks (N=0,E=1)",
         "plis « huit » : tapez un nombre (8) ou place=plis (N=0,E=1)"),
        (("emballage 8", "N", "9"), "emballage is played by 2 declarers", "l'emballage se joue à 2 preneurs"),
        (("abondance 12", "N", "12"), "abondance 12 does not exist in couleur (abondance: 9)",
         "abondance 12 n'existe pas dans les règles couleur (abondance : 9)"),
        (("solo 7", "N", "E=3"), "E is not a declarer of this deal",
         "Est n'est pas preneur dans cette donne"),
    ])
    def test_the_french_words(self, args: tuple[str, str, str], en: str, fr: str) -> None:
        with pytest.raises(SheetError) as info:
            sheet().add(parse_entry(*args))
        assert (info.value.en, info.value.fr) == (en, fr)

    def test_a_row_of_a_csv_is_named_in_french(self) -> None:
        with pytest.raises(SheetError) as info:
            sheet().add_csv("contract,declarers,tricks\nsolo 7,N,8\nsolo 7,N,14\n")
        assert info.value.en == "line 3: a deal has 13 tricks, not 14"
        assert info.value.fr == "ligne 3 : une donne a 13 plis, pas 14"
