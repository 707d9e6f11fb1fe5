"""The classic-whist score sheet of a physical table (RULES.md §6, scored by §2–4).

The sheet takes each deal's tricks and the honours held per side, or a game won by calling at eight
(D19), and keeps the games, rubbers, totals and settlement. The rules tests below are worked by hand
from the rulebook; :class:`TestTheSheetAgreesWithTheEngine` plays whole matches with
:class:`whist.match.Match` and enters every deal, so the sheet and the engine cannot drift apart.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from test_record import random_match
from typer.testing import CliRunner

from whist.cards import Side
from whist.classic_sheet import (
    CLASSIC_SHEET_FORMAT,
    ClassicEntry,
    ClassicSheet,
    ClassicSheetError,
    called,
    entry_from_row,
    played,
)
from whist.cli import app
from whist.engine import ClassicDeal
from whist.rules import Rules, preset, with_options

CLASSIC = preset("classic")
SHORT = preset("short")
SIMPLE = preset("simple")
NAMES = {"N": "Anne", "E": "Bert", "S": "Carla", "W": "Dirk"}


def sheet(rules: Rules = CLASSIC, *entries: ClassicEntry) -> ClassicSheet:
    s = ClassicSheet.new(rules, NAMES)
    for e in entries:
        s = s.add(e)
    return s


def deals(s: ClassicSheet, *words: tuple[str, str]) -> ClassicSheet:
    """``s`` with deals added, each given as (tricks, honours) the way they are typed."""
    for tricks, honours in words:
        s = s.add(played(tricks, honours))
    return s


# ----------------------------------------------------------------------------------------------
class TestAWorkedRubber:
    """RULES.md §2, a whole rubber worked by hand: odd tricks score 1; honours held score 4 for
    four and 2 for three; tricks are scored before honours (D17); a game is 10; game points 3 / 2 /
    1 from the losers' score; the belle decides one game all; the rubber bonus is 2; each player of
    the winning side is paid by the player on his left."""

    RULES = with_options(CLASSIC, {"stake": "0.5"})

    def rubber(self) -> ClassicSheet:
        return deals(
            sheet(self.RULES),
            # game 1: won by honours
            ("NS=9", "NS=3"),    # NS 3 tricks + 2 honours        5–0
            ("EW=8", "EW=4"),    # EW 2 tricks + 4 honours        5–6
            ("NS=10", "EW=3"),   # NS 4, EW 2 honours             9–8
            ("EW=7", "NS=4"),    # EW 1 (9, short of game), NS 4 honours: 13–9, NS game
            # game 2: won by tricks, the losers' honours not scored (D17)
            ("NS=8", "EW=3"),    # NS 2, EW 2                     2–2
            ("EW=13", "NS=4"),   # EW 7 (9), NS 4 honours         6–9
            ("EW=10", "NS=4"),   # EW 4 tricks: game; NS's four honours do not count
            # game 3, the belle: NS to 10 with EW at 0
            ("NS=13", "none"),   # NS 7                           7–0
            ("NS=9", "EW=3"),    # NS 3: game by tricks, EW's three honours do not count
        )

    def test_points_of_each_deal_and_the_game_score(self) -> None:
        rows = self.rubber().rows()
        assert [r.points.tricks for r in rows] == [
            (3, 0), (0, 2), (4, 0), (0, 1), (2, 0), (0, 7), (0, 4), (7, 0), (3, 0)]
        assert [r.points.honours for r in rows] == [
            (2, 0), (0, 4), (0, 2), (4, 0), (0, 2), (4, 0), (0, 0), (0, 0), (0, 0)]
        assert [r.score for r in rows] == [
            (5, 0), (5, 6), (9, 8), (10, 9), (2, 2), (6, 9), (6, 10), (7, 0), (10, 0)]

    def test_tricks_before_honours_the_side_out_by_tricks_scores_no_honours(self) -> None:
        """D17: EW reach 10 by tricks on deal 7; NS held four honours (which would also have
        taken them to 10) and score nothing for them."""
        row = self.rubber().rows()[6]
        assert row.entry.honours == (4, 0)
        assert row.points.honours == (0, 0)
        assert row.game is not None and row.game.winner is Side.EW
        assert row.game.score == (6, 10)

    def test_honours_win_the_game_when_tricks_do_not(self) -> None:
        row = self.rubber().rows()[3]
        assert row.game is not None and row.game.winner is Side.NS
        assert row.game.score == (10, 9)  # points above 10 are lost

    def test_game_points_three_two_one_from_the_losers_score(self) -> None:
        games = self.rubber().games()
        assert [(g.winner, g.score, g.game_points) for g in games] == [
            (Side.NS, (10, 9), 1), (Side.EW, (6, 10), 1), (Side.NS, (10, 0), 3)]
        two = deals(sheet(), ("EW=8", "none"), ("NS=13", "NS=4"))  # losers at 2
        assert two.games()[0].game_points == 2

    def test_the_belle_decides_and_the_rubber_bonus_is_two(self) -> None:
        s = self.rubber()
        rows = s.rows()
        assert all(r.rubber is None for r in rows[:-1])
        (r,) = s.rubbers()
        assert r.winner is Side.NS and r.games == (2, 1)
        assert r.game_points == (4, 1) and r.rubber_points == (2, 0)
        assert rows[-1].rubber == r

    def test_totals_and_the_settlement(self) -> None:
        s = self.rubber()
        assert s.totals() == (6, 1)
        assert s.result() == (Side.NS, 5)
        # 5 points at 0.5: N is paid by E (his left), S by W
        assert s.settlement() == {"N": 2.5, "E": -2.5, "S": 2.5, "W": -2.5}

    def test_east_west_winners_are_paid_by_the_players_on_their_left(self) -> None:
        s = deals(sheet(with_options(CLASSIC, {"stake": "1"})),
                  ("EW=13", "EW=4"), ("EW=13", "EW=4"))
        assert s.totals() == (0, 3 + 3 + 2)
        assert s.settlement() == {"N": -8.0, "E": 8.0, "S": -8.0, "W": 8.0}

    def test_no_stake_no_money_but_a_winner_by_points(self) -> None:
        s = deals(sheet(), ("NS=13", "NS=4"), ("NS=13", "NS=4"))  # 7 + 4 honours: a game a deal
        assert set(s.settlement().values()) == {0.0}
        assert s.result() == (Side.NS, 8)

    def test_after_the_last_rubber_the_sheet_takes_nothing_more(self) -> None:
        s = self.rubber()
        assert s.is_over
        with pytest.raises(ClassicSheetError, match=r"the match is over: 1 rubber of 1 played; start"):
            s.add(played("NS=7"))
        two = deals(sheet(with_options(CLASSIC, {"rubbers": "2"})), ("NS=13", "NS=4"), ("NS=13", "NS=4"))
        assert not two.is_over and two.score() == (0, 0) and two.games_in_rubber() == (0, 0)
        done = deals(two, ("EW=13", "EW=4"), ("EW=13", "EW=4"))
        assert done.totals() == (8, 8)
        with pytest.raises(ClassicSheetError) as err:
            done.add(played("NS=7"))
        assert "2 rubbers of 2 played" in str(err.value) and "2 robres sur 2 joués" in err.value.fr


# ----------------------------------------------------------------------------------------------
class TestCallingAtEight:
    """RULES.md §2, D19: a side at exactly 8 when the deal starts may win the game by calling
    (2 points for honours, the deal not played); only presets that call (classic, with option
    ``call_at_eight`` on)."""

    def at(self, rules: Rules, ns: int) -> ClassicSheet:
        """A sheet whose game score is ns–0, built by odd tricks (and four honours)."""
        s = sheet(rules)
        while ns:
            step = min(ns, 4)
            s = s.add(played(f"NS={6 + step}"))
            ns -= step
        return s

    def test_a_call_at_eight_wins_the_game_with_two_points(self) -> None:
        s = self.at(CLASSIC, 8).add(called("NS"))
        row = s.rows()[-1]
        assert row.start == (8, 0)
        assert row.points.total == (2, 0)
        assert row.game is not None and row.game.winner is Side.NS
        assert row.game.score == (10, 0) and row.game.game_points == 3
        assert s.score() == (0, 0)

    @pytest.mark.parametrize("ns", [0, 4, 7, 9])
    def test_only_at_exactly_eight(self, ns: int) -> None:
        s = self.at(CLASSIC, ns)
        with pytest.raises(ClassicSheetError, match=f"exactly 8 points .* NS have {ns}"):
            s.add(called("NS"))

    def test_only_the_side_at_eight_calls(self) -> None:
        s = self.at(CLASSIC, 8)
        with pytest.raises(ClassicSheetError, match="EW cannot call"):
            s.add(called("EW"))

    def test_the_french_refusal_names_the_side_in_french(self) -> None:
        """EO (Est–Ouest) as everywhere in French, the plural verb, and the call's full name."""
        with pytest.raises(ClassicSheetError) as exc:
            self.at(CLASSIC, 8).add(called("EW"))
        assert exc.value.en == ("EW cannot call: calling at eight needs exactly 8 points at the start"
                                " of the deal, and EW have 0")
        assert exc.value.fr == ("EO ne peuvent pas chanter : le chant à huit demande exactement 8 points"
                                " au début de la donne, et EO en ont 0")

    def test_at_game_points_minus_two(self) -> None:
        rules = with_options(CLASSIC, {"game_points": "7"})
        assert len(self.at(rules, 5).add(called("NS")).games()) == 1
        with pytest.raises(ClassicSheetError, match="exactly 5 points"):
            self.at(rules, 4).add(called("NS"))

    @pytest.mark.parametrize(("rules", "name"), [
        (SHORT, "short"), (SIMPLE, "simple"), (with_options(CLASSIC, {"call_at_eight": "off"}), "classic")])
    def test_no_calling_where_the_preset_does_not_call(self, rules: Rules, name: str) -> None:
        s = sheet(rules, played("NS=7"))
        with pytest.raises(ClassicSheetError, match=f"preset {name} has no calling at eight"):
            s.add(called("NS"))

    def test_no_calling_where_honours_are_not_scored(self) -> None:
        """RULES.md §2, D19: calling at eight wins the game by the honours' 2 points; option
        ``honours`` off scores none, so a call cannot be entered even at 8."""
        s = self.at(with_options(CLASSIC, {"honours": "off"}), 8)
        assert s.score() == (8, 0)
        with pytest.raises(ClassicSheetError, match="honours are not scored"):
            s.add(called("NS"))

    def test_honours_count_at_eight_when_nobody_calls(self) -> None:
        """D19: if nobody calls, honours are scored at the end of the deal as usual."""
        s = self.at(CLASSIC, 8).add(played("NS=6", "NS=3"))
        assert s.games()[0].winner is Side.NS


# ----------------------------------------------------------------------------------------------
class TestShortWhist:
    """RULES.md §3: games of 5; a side at 4 at the start of a deal scores no honours; game points
    3 / 2 / 1 when the losers have 0 / 1–2 / 3–4."""

    def test_a_game_of_five(self) -> None:
        s = deals(sheet(SHORT), ("NS=9", "none"), ("NS=8", "none"))
        assert s.games()[0].score == (5, 0)

    def test_a_side_at_four_scores_no_honours(self) -> None:
        s = deals(sheet(SHORT), ("NS=8", "NS=3"))
        assert s.score() == (4, 0)
        s = deals(s, ("EW=7", "NS=4"))
        assert s.rows()[-1].points.honours == (0, 0)
        assert s.score() == (4, 1)
        s = deals(s, ("EW=7", "EW=3"))  # EW at 1 still score their honours
        assert s.score() == (4, 4)

    @pytest.mark.parametrize(("first", "losers", "points"), [
        ("", 0, 3), ("EW=7", 1, 2), ("EW=8", 2, 2), ("EW=9", 3, 1), ("EW=10", 4, 1)])
    def test_game_points_by_the_losers_score(self, first: str, losers: int, points: int) -> None:
        s = sheet(SHORT)
        if first:
            s = deals(s, (first, "none"))
        s = deals(s, ("NS=11", "none"))
        (g,) = s.games()
        assert g.score == (5, losers) and g.game_points == points


class TestSimpleWhist:
    """RULES.md §4: each trick over six scores 2; games of 10; no game or rubber points: the
    first side to win two games wins the match (worth 1); no calling."""

    def test_two_points_an_odd_trick(self) -> None:
        assert sheet(SIMPLE, played("NS=9")).score() == (6, 0)

    def test_first_to_two_games_no_game_or_rubber_points(self) -> None:
        s = deals(sheet(SIMPLE), ("NS=9", "NS=4"), ("EW=8", "none"), ("NS=11", "none"))
        assert [(g.winner, g.game_points) for g in s.games()] == [(Side.NS, 0), (Side.NS, 0)]
        (r,) = s.rubbers()
        assert r.game_points == (0, 0) and r.rubber_points == (1, 0)
        assert s.totals() == (1, 0) and s.is_over

    def test_the_third_game_decides_one_all(self) -> None:
        s = deals(sheet(SIMPLE), ("NS=11", ""), ("EW=11", ""))
        assert s.games_in_rubber() == (1, 1) and not s.is_over
        s = deals(s, ("EW=11", ""))
        assert s.rubbers()[0].winner is Side.EW and s.totals() == (0, 1)


# ----------------------------------------------------------------------------------------------
PRESETS_PLAYED = [
    ("classic", CLASSIC), ("short", SHORT), ("simple", SIMPLE),
    ("classic, 2 rubbers, stake", with_options(CLASSIC, {"rubbers": "2", "stake": "0.25"})),
    ("classic, no honours at nine", with_options(CLASSIC, {"no_honours_at_nine": "on"})),
    ("short, 3 rubbers", with_options(SHORT, {"rubbers": "3"})),
]


def as_typed(d: ClassicDeal) -> ClassicEntry:
    """A finished deal the way a player enters it from the table: the called side, or NS's
    tricks and the side that held three or four honours."""
    side = d.called_side()
    if side is not None:
        return called(side.name)
    w = d.tricks_won
    held = {s: d.side_honours(s) for s in Side}
    honours = next((f"{s.name}={k}" for s, k in held.items() if k >= 3), "none")
    return played(f"NS={w[0] + w[2]}", honours)


class TestTheSheetAgreesWithTheEngine:
    """The sheet and :class:`whist.match.Match` score the same: whole matches played by random bots
    (any legal action: they sometimes ask for an honour at eight, and must claim when they hold
    three), each finished deal entered by hand, give the same points per deal, game scores, games, rubbers,
    totals and settlement (RULES.md §2–4, §6)."""

    @pytest.mark.parametrize(("name", "rules"), PRESETS_PLAYED, ids=[n for n, _ in PRESETS_PLAYED])
    def test_random_matches(self, name: str, rules: Rules) -> None:
        calls = 0
        for seed in range(10):
            m = random_match(seed, rules)
            s = ClassicSheet.new(rules, NAMES)
            for d in m.deals:
                s = s.add(as_typed(d))
            rows = s.rows()
            assert [r.start for r in rows] == [d.start_score for d in m.deals]
            assert [r.points for r in rows] == [d.points() for d in m.deals]
            assert s.games() == m.games
            assert s.rubbers() == m.rubbers
            assert s.score() == m.score
            assert s.totals() == m.totals()
            assert s.settlement() == m.settlement()
            assert s.is_over and m.is_over
            calls += sum(1 for e in s.entries if e.call is not None)
        if rules.call_at_eight and name == "classic":
            assert calls > 0  # the matches did reach calls at eight


# ----------------------------------------------------------------------------------------------
class TestImpossibleEntries:
    """An impossible entry is refused with a message (English and French) and the sheet keeps
    every earlier entry."""

    @pytest.mark.parametrize(("entry", "message"), [
        (lambda: played("NS=14"), "a side takes 0 to 13 tricks, not 14"),
        (lambda: played("EW=14"), "not 14"),
        (lambda: ClassicEntry((-1, 14)), "not -1"),
        (lambda: played("NS=8", "EW=5"), "0 to 4 honours"),
        (lambda: ClassicEntry((8, 8)), "add up to 13, not 8 \\+ 8"),
        (lambda: ClassicEntry((8, 5), (3, 3)), "add up to 4"),
        (lambda: called("NS"), "exactly 8 points"),
    ])
    def test_refused_and_the_sheet_unchanged(self, entry: Any, message: str) -> None:
        s = sheet(CLASSIC, played("NS=7"))
        with pytest.raises(ClassicSheetError, match=message) as exc:
            s.add(entry())
        assert exc.value.fr and exc.value.fr != exc.value.en
        assert s.entries == (played("NS=7"),) and s.score() == (1, 0)

    @pytest.mark.parametrize(("text", "message"), [
        ("8", "write a side and a number"), ("XY=8", "'XY' is not a side"), ("NS=eight", "NS=8")])
    def test_words_that_are_not_a_side_and_a_number(self, text: str, message: str) -> None:
        with pytest.raises(ClassicSheetError, match=message):
            played(text)

    def test_each_count_has_its_own_example(self) -> None:
        """Honours are 0 to 4: their example is not the tricks' NS=8 or EW=5."""
        with pytest.raises(ClassicSheetError) as exc:
            played("NS=8", "foo")
        assert exc.value.en == "honours 'foo': write a side and a number, like NS=3 or EW=4"
        assert exc.value.fr == "honneurs « foo » : tapez un camp et un nombre, comme NS=3 ou EO=4"
        with pytest.raises(ClassicSheetError) as exc:
            played("eight")
        assert exc.value.en == "tricks 'eight': write a side and a number, like NS=8 or EW=5"
        assert exc.value.fr == "levées « eight » : tapez un camp et un nombre, comme NS=8 ou EO=5"

    @pytest.mark.parametrize("name", [None, 8, ["Anne"], True])
    def test_a_name_that_is_not_text_is_refused(self, name: object) -> None:
        with pytest.raises(ClassicSheetError) as exc:
            ClassicSheet.new(CLASSIC, {"E": "Bert", "N": name})
        assert exc.value.en == f"names: the name of N must be text, not {name!r}"
        assert exc.value.fr == f"noms : le nom de Nord doit être un texte, pas {name!r}"

    def test_honours_none_is_a_two_two_split(self) -> None:
        assert played("EW=5", "none") == played("NS=8", "0") == played("NS=8") == ClassicEntry((8, 5), (2, 2))
        assert played("NS=8", "NS=3").honours == (3, 1)
        assert played("NS=8", "EW=4").honours == (0, 4)
        assert played("NS=8", "EO: 3").honours == (1, 3)

    def test_remove_last(self) -> None:
        s = sheet(CLASSIC, played("NS=7"), played("NS=8"))
        assert s.remove_last() == sheet(CLASSIC, played("NS=7"))
        with pytest.raises(ClassicSheetError, match="the sheet is empty"):
            sheet().remove_last()

    def test_a_colour_preset_makes_no_classic_sheet(self) -> None:
        with pytest.raises(ClassicSheetError, match="classic, short or simple"):
            ClassicSheet.new(preset("couleur"))

    @pytest.mark.parametrize(("rules", "found"), [
        (dataclasses.replace(CLASSIC, game="couleur"), "not game 'couleur' with preset 'classic'"),
        (dataclasses.replace(CLASSIC, preset="couleur"), "not game 'classic' with preset 'couleur'"),
        (dataclasses.replace(preset("pagat"), game="classic"), "not game 'classic' with preset 'pagat'"),
    ])
    def test_the_rules_must_be_classic_whist_rules(self, rules: Rules, found: str) -> None:
        """Rules whose game is colour whist, or a colour-whist preset turned to game classic (as a
        file edited by hand may hold): refused, naming the game found."""
        with pytest.raises(ClassicSheetError) as exc:
            ClassicSheet.new(rules)
        assert exc.value.en == ("the classic-whist sheet takes the rules of classic whist (game classic,"
                                f" preset classic, short or simple), {found}")
        assert "jeu classic" in exc.value.fr and "pas le jeu" in exc.value.fr


# ----------------------------------------------------------------------------------------------
class TestJsonAndCsv:
    """§6: the sheet exports as JSON (its own format, the rules with it) and CSV, and reads them
    back; a file edited into something impossible is refused."""

    def full(self) -> ClassicSheet:
        rules = with_options(CLASSIC, {"stake": "0.5", "rubbers": "2"})
        s = deals(sheet(rules), ("NS=10", "NS=4")).add(called("NS"))
        return deals(s, ("NS=7", "none"), ("EW=9", "EW=3"))

    def test_json_round_trip(self) -> None:
        s = self.full()
        data = json.loads(json.dumps(s.to_json()))
        assert data["format"] == CLASSIC_SHEET_FORMAT
        assert data["rules"]["stake"] == 0.5 and data["rules"]["rubbers"] == 2
        assert data["entries"][1] == {"kind": "call", "side": "NS", "points": {"NS": 2, "EW": 0},
                                      "score": {"NS": 10, "EW": 0},
                                      "game": {"winner": "NS", "game_points": 3}}
        assert ClassicSheet.from_json(data) == s

    @pytest.mark.parametrize(("change", "message"), [
        (lambda d: d.update(format="whist-sheet/1"), "not a classic-whist score sheet"),
        (lambda d: d["entries"][2].update(tricks={"NS": 8, "EW": 8}), "entry 3: the two sides' tricks"),
        (lambda d: d["entries"][2].update(tricks={"NS": "7", "EW": 6}), "entry 3: tricks NS must be a whole"),
        (lambda d: d["entries"][2].update(honours={"NS": True, "EW": 3}), "whole number"),
        (lambda d: d["entries"][2].update(honours={"NS": 1}),
         'honours must give NS and EW, like {"NS": 0, "EW": 4}$'),  # honours are 0 to 4
        (lambda d: d["entries"][2].update(tricks=8), 'tricks must give NS and EW, like {"NS": 8, "EW": 5}$'),
        (lambda d: d["entries"][0].update(kind="call", side="NS"), "entry 1: NS cannot call"),
        (lambda d: d["entries"][3].update(kind="solo"), "entry 4: kind 'solo' is deal or call"),
        (lambda d: d["rules"].update(game="couleur"), "classic, short or simple\\), not game 'couleur'"),
        (lambda d: d["rules"].update(preset="couleur"), "not game 'classic' with preset 'couleur'"),
        (lambda d: d["rules"].update(stake=float("nan")), "rules: option stake takes a finite number"),
        (lambda d: d["names"].update(N=None), "names: the name of N must be text, not None"),
        (lambda d: d["rules"].update(game_points=0), "rules: option game_points"),
        (lambda d: d.update(entries={"1": {}}), "entries \\(a list\\)"),
        (lambda d: d.update(entries={}), "entries \\(a list\\)"),  # empty, still not a list
        (lambda d: d.update(names=[]), "names \\(objects\\)"),
    ])
    def test_a_tampered_file_is_refused(self, change: Any, message: str) -> None:
        data = json.loads(json.dumps(self.full().to_json()))
        change(data)
        with pytest.raises(ClassicSheetError, match=message):
            ClassicSheet.from_json(data)

    def test_csv_round_trip(self) -> None:
        s = self.full()
        text = s.to_csv()
        assert text.splitlines() == [
            "kind,side,tricks,honours,points_NS,points_EW,score_NS,score_EW,name_N,name_E,name_S,name_W",
            "deal,NS,10,NS=4,8,0,8,0,Anne,Bert,Carla,Dirk",
            "call,NS,,,2,0,10,0,Anne,Bert,Carla,Dirk",
            "deal,NS,7,none,1,0,1,0,Anne,Bert,Carla,Dirk",
            "deal,NS,4,EW=3,0,5,1,5,Anne,Bert,Carla,Dirk",
        ]
        again = ClassicSheet.new(s.rules, NAMES).add_csv(text)
        assert again == s
        assert ClassicSheet.new(s.rules).add_csv(text) == s  # §6: the names come back with the deals
        semicolons = s.to_csv(";")
        assert semicolons.splitlines()[1] == "deal;NS;10;NS=4;8;0;8;0;Anne;Bert;Carla;Dirk"
        assert ClassicSheet.new(s.rules).add_csv(semicolons) == s

    def test_the_names_of_a_csv_rename_only_the_seats_left_unnamed(self) -> None:
        """An imported CSV's names replace the default ones (North, East …, Nord, Est … in a French
        sheet), not names the sheet was given; a CSV without name columns (an export made before
        them) changes no name."""
        text = self.full().to_csv()
        for lang in ("en", "fr"):
            s = ClassicSheet.new(CLASSIC, {"E": "Eva"}, lang).add_csv(text)
            assert [n for _, n in s.names] == ["Anne", "Eva", "Carla", "Dirk"]
        old = "\n".join(line.rsplit(",", 4)[0] for line in text.splitlines())
        assert [n for _, n in ClassicSheet.new(CLASSIC, {"E": "Eva"}).add_csv(old).names] == [
            "North", "Eva", "South", "West"]
        assert [n for _, n in ClassicSheet.new(CLASSIC, {"E": "Eva"}, "fr").add_csv(old).names] == [
            "Nord", "Eva", "Sud", "Ouest"]

    def test_a_csv_with_a_column_named_twice_is_refused(self) -> None:
        """Which of two tricks columns holds the deal cannot be told: the import says so rather
        than take the last one."""
        with pytest.raises(ClassicSheetError, match="names the column tricks twice"):
            sheet().add_csv("kind,side,tricks,Tricks \ndeal,NS,8,5\n")

    def test_a_column_no_export_writes_is_refused(self) -> None:
        """``honors`` (American spelling) for ``honours`` would leave the honours unread and the
        side's points short: refused as mistyped, as a colour sheet refuses it; an export's own
        columns (points, scores, names) are read back."""
        with pytest.raises(ClassicSheetError, match=r"column honors is not .*: did you mean honours"):
            sheet().add_csv("kind,side,tricks,honors\ndeal,NS,8,NS=4\n")
        s = sheet().add_csv("kind,side,tricks,honours\ndeal,NS,8,NS=4\n")
        assert sheet().add_csv(s.to_csv()) == s

    def test_csv_rows_as_a_person_writes_them(self) -> None:
        text = "kind,side,tricks,honours\ndeal,EW,5,NS=3\n,,NS=10,\ncall,NS,,\n"
        s = sheet().add_csv(text)
        assert s.entries == (played("NS=8", "NS=3"), played("NS=10"), called("NS"))
        assert s.games()[0].winner is Side.NS
        assert entry_from_row({"kind": "appel", "side": "EO"}) == called("EW")

    def test_a_csv_saved_by_a_french_spreadsheet_reads_the_same(self) -> None:
        """A spreadsheet set to French saves with semicolons; headers retyped in capitals or with
        spaces, and a byte order mark, read as the export's own columns."""
        text = "kind,side,tricks,honours\ndeal,EW,5,NS=3\n,,NS=10,\ncall,NS,,\n"
        french = "\ufeffKind ; Side;TRICKS; honours\r\ndeal;EW;5;NS=3\r\n;;NS=10;\r\ncall;NS;;\r\n"
        assert sheet().add_csv(french) == sheet().add_csv(text)
        assert len(sheet().add_csv(french).entries) == 3
        with pytest.raises(ClassicSheetError, match="looks like a colour-whist sheet"):
            sheet().add_csv("Contract;Declarers;Tricks\nsolo 7;N;8\n")

    def test_an_impossible_row_is_named_by_its_line_in_the_file(self) -> None:
        """The reader's line number: blank lines (which it skips) and every line of a quoted field
        that spans lines count, as in the file a person opens."""
        text = ('kind,side,tricks,honours,note\n'
                '\n'
                'deal,NS,8,,first\n'
                '\n'
                'deal,EW,9,NS=3,"a note\non two lines"\n'
                'deal,NS,15,,\n')
        with pytest.raises(ClassicSheetError) as exc:
            sheet().add_csv(text)
        assert exc.value.en == "line 7: a side takes 0 to 13 tricks, not 15"
        assert exc.value.fr.startswith("ligne 7 : ")

    def test_an_impossible_row_adds_nothing(self) -> None:
        text = "kind,side,tricks,honours\ndeal,NS,8,\ndeal,NS,15,\n"
        with pytest.raises(ClassicSheetError, match="line 3: a side takes 0 to 13 tricks"):
            sheet().add_csv(text)
        with pytest.raises(ClassicSheetError, match="line 2: a game won by calling"):
            sheet().add_csv("kind,side,tricks,honours\ncall,NS,8,\n")
        with pytest.raises(ClassicSheetError, match="looks like a colour-whist sheet"):
            sheet().add_csv("contract,declarers,tricks\nsolo 7,N,8\n")
        with pytest.raises(ClassicSheetError, match="columns kind, side, tricks, honours"):
            sheet().add_csv("side,tricks\nNS,8\n")


# ----------------------------------------------------------------------------------------------
runner = CliRunner()


def cli(tmp_path: Path, *args: str) -> Any:
    return runner.invoke(app, ["sheet", *args, "--file", str(tmp_path / "sheet.json")])


# A row of each kind of sheet as Excel set to French saves it ("CSV (séparateur : point-virgule)"):
# semicolons, CRLF line ends, the players' names (``names``: four, separated by semicolons).
EXCEL_ROWS = {
    "couleur": "contract;declarers;tricks;name_N;name_E;name_S;name_W\r\nsolo 7;N;8;{names}\r\n",
    "classic": "kind;side;tricks;honours;name_N;name_E;name_S;name_W\r\ndeal;NS;8;none;{names}\r\n",
}
ACCENTED = {"N": "Hélène", "E": "Zoë", "S": "François", "W": "Œdipe"}


class TestCommand:
    """``whist sheet`` on a classic-whist sheet: new, add, add call, undo, show, export, import;
    an impossible entry exits 2 and leaves the file byte for byte as it was."""

    def test_a_rubber_at_a_real_table(self, tmp_path: Path) -> None:
        f = tmp_path / "sheet.json"
        r = cli(tmp_path, "new", "--preset", "classic", "--option", "stake=0.5",
                "--names", "N=Anne,E=Bert,S=Carla,W=Dirk")
        assert r.exit_code == 0, r.output
        assert "classic, stake=0.5" in r.stdout and "NS (Anne & Carla)" in r.stdout
        for args in (["add", "--tricks", "NS=10", "--honours", "NS=4"],   # 8–0
                     ["add", "call", "NS"],                                 # game NS +3
                     ["add", "--tricks", "EW=6"],                           # NS 1
                     ["add", "-t", "EW=4", "--honneurs", "EO=3"],           # NS 3 → 4–2
                     ["add", "appel", "EW"]):                               # refused: EW at 2
            r = cli(tmp_path, *args)
        assert r.exit_code == 2 and "EW cannot call" in r.stderr
        r = cli(tmp_path, "add", "--tricks", "NS=13")
        assert r.exit_code == 0, r.output
        assert "game NS +2" in r.stdout and "rubber 1 NS 2–0, totals 7–0" in r.stdout
        assert "Anne (N) +3.5 · Bert (E) -3.5 · Carla (S) +3.5 · Dirk (W) -3.5" in r.stdout
        # the words of the settlement in the terminal game and whist simulate
        assert "Settlement (stake 0.5 per point): " in r.stdout
        r = cli(tmp_path, "add", "--tricks", "NS=7")
        assert r.exit_code == 2 and "the match is over" in r.stderr

        r = cli(tmp_path, "undo")
        assert r.exit_code == 0 and "Removed #5: tricks NS 13 · EW 0" in r.stdout
        assert "In play:" in r.stdout
        assert cli(tmp_path, "add", "--tricks", "NS=13").exit_code == 0

        shown = cli(tmp_path, "show")
        assert shown.exit_code == 0, shown.output
        flat = " ".join(shown.stdout.split())
        for words in ("Anne & Carla", "Bert & Dirk", "call NS", "EW 3", "4 + 4", "game NS +3",
                      "totals", "Match over",
                      "NS (Anne & Carla) win by 7"):
            assert words in flat, words
        data = json.loads(cli(tmp_path, "show", "--json").stdout)
        assert data["format"] == CLASSIC_SHEET_FORMAT and data["totals"] == {"NS": 7, "EW": 0}
        assert json.loads(f.read_text(encoding="utf-8")) == data

        csv_file = tmp_path / "sheet.csv"
        r = cli(tmp_path, "export", "--csv", str(csv_file), "--json", str(tmp_path / "copy.json"))
        assert r.exit_code == 0, r.output
        assert csv_file.read_text(encoding="utf-8-sig").startswith("kind,side,tricks,honours")
        assert json.loads((tmp_path / "copy.json").read_text(encoding="utf-8")) == data
        other = tmp_path / "other.json"
        assert runner.invoke(app, ["sheet", "new", "-p", "classic", "-o", "stake=0.5",
                                   "-n", "N=Anne,E=Bert,S=Carla,W=Dirk", "--file", str(other)]).exit_code == 0
        r = runner.invoke(app, ["sheet", "import", str(csv_file), "--file", str(other)])
        assert r.exit_code == 0, r.output
        assert "Imported 5 entries" in r.stdout
        assert json.loads(other.read_text(encoding="utf-8")) == data

    @pytest.mark.parametrize(("args", "words"), [
        (["add", "--tricks", "NS=14"], "a side takes 0 to 13 tricks, not 14"),
        (["add", "--tricks", "NS=8", "--honours", "EW=5"], "0 to 4 honours"),
        (["add", "--tricks", "8"], "write a side and a number"),
        (["add", "call", "NS"], "exactly 8 points"),
        (["add", "call"], "name the side that called"),
        (["add"], "give the tricks of a side"),
        (["add", "solo", "7", "--declarers", "N", "--tricks", "8"], "'solo 7' is colour whist"),
        (["add", "--tricks", "NS=8", "--declarers", "N"], "--declarers is for colour whist"),
        (["penalty", "W"], "penalties are colour whist"),
        (["add", "--tricks", "NS=14", "--lang", "fr"], "un camp fait de 0 à 13 levées, pas 14"),
    ])
    def test_an_impossible_entry_leaves_the_file_byte_identical(self, tmp_path: Path, args: list[str],
                                                                 words: str) -> None:
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", "classic").exit_code == 0
        assert cli(tmp_path, "add", "--tricks", "EW=9", "--honours", "NS=3").exit_code == 0
        before = f.read_bytes()
        r = cli(tmp_path, *args)
        assert r.exit_code == 2, (args, r.output)
        assert words in r.stderr, r.stderr
        assert "this is a classic-whist sheet" in r.stderr or "penalties" not in words
        assert "Traceback" not in r.output
        assert f.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir()] == ["sheet.json"]

    def test_a_game_won_by_singing_at_eight_is_entered_in_the_seeds_words(self, tmp_path: Path) -> None:
        """Seed 000 calls the call at eight « chanter, ou appeler » (RULES.md §2, D19), and the
        sheet's page has « Chant à huit »: ``chant NS`` enters it as ``appel NS`` does, and a
        French sheet suggests the word the page, the play screen and the rules use (« chanter à
        huit »), as its help and the guide write it; it says « chant à huit » where it said « appel à
        huit » (the page « Chant à huit », the game « chante à huit »)."""
        assert cli(tmp_path, "new", "--preset", "classic", "--lang", "fr").exit_code == 0
        r = cli(tmp_path, "add", "--tricks", "NS=13")  # 7 points: the game's score 7–0
        assert r.exit_code == 0, r.output
        r = cli(tmp_path, "add", "chant", "NS")
        assert r.exit_code == 2 and "NS en ont 7" in r.stderr, r.stderr  # read as a call: 8 needed
        assert cli(tmp_path, "add", "--tricks", "NS=7").exit_code == 0  # 8–0
        r = cli(tmp_path, "add", "chant", "NS")
        assert r.exit_code == 0, r.output
        assert "manche NS +3" in r.stdout, r.stdout
        r = cli(tmp_path, "add", "chanson", "NS")
        assert r.exit_code == 2 and "(whist sheet add chant NS)" in r.stderr, r.stderr
        r = cli(tmp_path, "add", "chanson", "NS", "--lang", "en")
        assert r.exit_code == 2 and "(whist sheet add call NS)" in r.stderr, r.stderr

    @pytest.mark.parametrize(("args", "words"), [
        (["add", "--tricks", "NS=8"], "this is a colour-whist sheet (preset couleur): it takes a contract"),
        (["add", "call", "NS"], "calling at eight are classic whist"),
        (["add", "solo", "7", "-d", "N", "-t", "8", "--honours", "NS=3"], "honours and calling"),
    ])
    def test_classic_entries_on_a_colour_sheet_are_refused(self, tmp_path: Path, args: list[str],
                                                           words: str) -> None:
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", "couleur").exit_code == 0
        before = f.read_bytes()
        r = cli(tmp_path, *args)
        assert r.exit_code == 2 and words in r.stderr, r.stderr
        assert f.read_bytes() == before

    def test_options_belong_to_classic_presets(self, tmp_path: Path) -> None:
        r = cli(tmp_path, "new", "--preset", "pagat", "--option", "all_pass=dames")
        assert r.exit_code == 2 and "takes no --option" in r.stderr
        r = cli(tmp_path, "new", "--preset", "pagat", "--option", "stake=1")
        assert r.exit_code == 2 and "option stake is not part of colour whist" in r.stderr
        r = cli(tmp_path, "new", "--preset", "short", "--option", "game_points=zero")
        assert r.exit_code == 2 and "game_points" in r.stderr
        assert not (tmp_path / "sheet.json").exists()
        assert cli(tmp_path, "new", "--preset", "simple").exit_code == 0
        r = cli(tmp_path, "add", "call", "NS")
        assert r.exit_code == 2 and "preset simple has no calling at eight" in r.stderr

    def test_an_impossible_csv_imports_nothing_and_a_tampered_file_is_refused(self, tmp_path: Path) -> None:
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", "short").exit_code == 0
        before = f.read_bytes()
        bad = tmp_path / "bad.csv"
        bad.write_text("kind,side,tricks,honours\ndeal,NS,9,\ncall,NS,,\n", encoding="utf-8")
        r = cli(tmp_path, "import", str(bad))
        assert r.exit_code == 2
        assert "line 3: preset short has no calling at eight" in r.stderr
        assert "nothing was imported" in r.stderr
        assert f.read_bytes() == before
        assert cli(tmp_path, "add", "--tricks", "NS=8").exit_code == 0
        data = json.loads(f.read_text(encoding="utf-8"))
        data["entries"][0]["tricks"] = {"NS": 8, "EW": 6}
        f.write_text(json.dumps(data), encoding="utf-8")
        r = cli(tmp_path, "show")
        assert r.exit_code == 2
        assert "is not a valid score sheet: entry 1: the two sides' tricks add up to 13" in r.stderr

    @pytest.mark.parametrize("fmt", [CLASSIC_SHEET_FORMAT, "whist-sheet/1"])
    def test_a_file_not_in_utf8_or_nested_too_deeply_is_not_a_valid_sheet(self, tmp_path: Path,
                                                                           fmt: str) -> None:
        """Either kind of sheet: exit 2 with the message, no traceback, the file left alone."""
        f = tmp_path / "sheet.json"
        deep = "[" * 100_000 + "]" * 100_000
        for content, reason in ((f'{{"format": "{fmt}", "names": {{"N": "Zoé"}}}}'.encode("latin-1"),
                                 "it is not UTF-8 text"),
                                (f'{{"format": "{fmt}", "names": {deep}}}'.encode(),
                                 "its JSON is nested too deeply")):
            f.write_bytes(content)
            for args in (["show"], ["add", "--tricks", "NS=8"], ["undo"], ["export", "--json", "-"]):
                r = cli(tmp_path, *args)
                assert r.exit_code == 2, (args, r.output)
                assert f"sheet.json is not a valid score sheet: {reason}" in " ".join(r.stderr.split())
                assert "Traceback" not in r.output
            assert f.read_bytes() == content

    def test_a_csv_of_the_other_game_is_named_as_such(self, tmp_path: Path) -> None:
        """A classic sheet's CSV imported into a colour sheet, or the reverse, is refused saying
        which game it looks like, and nothing is imported."""
        classic, colour = tmp_path / "c.json", tmp_path / "k.json"
        for f, args in ((classic, ["add", "--tricks", "NS=9"]),
                        (colour, ["add", "solo", "7", "H", "-d", "N", "-t", "8"])):
            assert runner.invoke(app, ["sheet", "new", "--preset", "classic" if f is classic else "couleur",
                                       "--file", str(f)]).exit_code == 0
            assert runner.invoke(app, ["sheet", *args, "--file", str(f)]).exit_code == 0
            assert runner.invoke(app, ["sheet", "export", "--csv", str(f.with_suffix(".csv")),
                                       "--file", str(f)]).exit_code == 0
        for target, csv_file, says in ((colour, classic, "looks like a classic-whist sheet"),
                                       (classic, colour, "looks like a colour-whist sheet")):
            before = target.read_bytes()
            r = runner.invoke(app, ["sheet", "import", str(csv_file.with_suffix(".csv")),
                                    "--file", str(target)])
            assert r.exit_code == 2 and says in r.stderr, r.output
            assert target.read_bytes() == before

    @pytest.mark.parametrize("kind", ["couleur", "classic"])
    @pytest.mark.parametrize(("lang", "warning"), [
        ("en", "Warning: {csv} is not UTF-8; read as Windows-1252 (Western European)"),
        ("fr", "Attention : {csv} n'est pas en UTF-8 ; lu comme Windows-1252 (Europe occidentale)"),
    ], ids=["en", "fr"])
    def test_a_csv_excel_saved_in_windows_1252_is_read(self, tmp_path: Path, kind: str, lang: str,
                                                       warning: str) -> None:
        """Excel on Windows saves its CSV in Windows-1252: the accented names come back right (Œ
        and ë are not Latin-1), and one line on stderr, in the language asked, says how the file
        was read."""
        assert cli(tmp_path, "new", "--preset", kind).exit_code == 0
        rows = tmp_path / "excel.csv"
        rows.write_bytes(EXCEL_ROWS[kind].format(names=";".join(ACCENTED.values())).encode("cp1252"))
        r = cli(tmp_path, "import", str(rows), "--lang", lang)
        assert r.exit_code == 0, r.output
        assert ("1 entrée importée de" if lang == "fr" else "Imported 1 entry from") in r.stdout
        assert r.stderr.splitlines() == [warning.format(csv=rows)]
        data = json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))
        assert data["names"] == ACCENTED and len(data["entries"]) == 1

    @pytest.mark.parametrize("kind", ["couleur", "classic"])
    def test_a_utf8_csv_is_read_as_utf8_without_a_warning(self, tmp_path: Path, kind: str) -> None:
        """UTF-8 is tried first: its bytes for é would read as Windows-1252 too (Ã©)."""
        assert cli(tmp_path, "new", "--preset", kind).exit_code == 0
        rows = tmp_path / "utf8.csv"
        rows.write_text(EXCEL_ROWS[kind].format(names=";".join(ACCENTED.values())),
                        encoding="utf-8-sig", newline="")
        r = cli(tmp_path, "import", str(rows))
        assert r.exit_code == 0 and r.stderr == "", r.output
        assert json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))["names"] == ACCENTED

    @pytest.mark.parametrize("kind", ["couleur", "classic"])
    @pytest.mark.parametrize("undefined", [0x81, 0x8D, 0x8F, 0x90, 0x9D])
    def test_a_csv_neither_utf8_nor_windows_1252_is_not_read(self, tmp_path: Path, kind: str,
                                                             undefined: int) -> None:
        """A name with a byte Windows-1252 leaves undefined, beside an é in Windows-1252 (so not
        UTF-8 either): exit 2 with the message, nothing imported, the sheet's file as it was."""
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", kind).exit_code == 0
        before = f.read_bytes()
        bad = tmp_path / "bad.csv"
        bad.write_bytes(EXCEL_ROWS[kind].format(names="Hélène;Zoë;X;").encode("cp1252")
                        .replace(b"X", bytes([undefined])))
        for lang, says in (("en", f"cannot read {bad}: it is not UTF-8 text"),
                           ("fr", f"impossible de lire {bad} : ce n'est pas du texte UTF-8")):
            r = cli(tmp_path, "import", str(bad), "--lang", lang)
            assert r.exit_code == 2 and says in " ".join(r.stderr.split()), r.output
            assert "Windows-1252" not in r.stderr and "Traceback" not in r.output
            assert f.read_bytes() == before

    @pytest.mark.parametrize("columns", [80, 60])
    def test_a_narrow_terminal_cuts_no_cell(self, tmp_path: Path, columns: int) -> None:
        """Long names at 80 and 60 columns: the names in the heads may be shortened, never the
        tricks, honours, points, scores or the game won, and no line is wider than the terminal."""
        names = "N=Françoise,E=Jean-Pierre,S=Marie-Claire,O=Dominique"
        assert cli(tmp_path, "new", "-p", "classic", "-o", "stake=1", "--names", names).exit_code == 0
        for tricks in ("NS=9", "NS=10", "NS=10", "EW=10"):
            assert cli(tmp_path, "add", "-t", tricks, "--honours", "EW=4").exit_code == 0
        r = runner.invoke(app, ["sheet", "show", "--lang", "fr", "--file", str(tmp_path / "sheet.json")],
                          env={"COLUMNS": str(columns)})
        assert r.exit_code == 0, r.output
        table = [line for line in r.stdout.splitlines() if line[:1] in "┏┃┡│├└"]
        assert max(len(line) for line in table) <= columns
        body = [line for line in table if line.startswith("│")]
        assert "…" not in "".join(body)
        flat = " ".join(" ".join(body).replace("│", " ").split())
        for words in ("9–4", "10–3", "EO 4", "comptés", "0 + 4", "10–8", "manche", "+1", "totaux"):
            assert words in flat, words

    @pytest.mark.parametrize("kind", ["couleur", "classic"])
    @pytest.mark.parametrize("separator", [",", ";"])
    def test_an_exported_csv_opens_in_excel_and_imports_back(self, tmp_path: Path, kind: str,
                                                             separator: str) -> None:
        """Excel on Windows reads a CSV without a byte order mark in the system's code page
        (ChloÃ©): the file export writes begins with one, in either separator (a semicolon for
        a spreadsheet set to French), and imports back into a new sheet, names and all; the
        CSV written on stdout has none (a program reads it)."""
        f = tmp_path / "sheet.json"
        names = ",".join(f"{seat}={name}" for seat, name in ACCENTED.items())
        assert cli(tmp_path, "new", "--preset", kind, "--names", names).exit_code == 0
        add = ["petite misère", "-d", "N,E", "-t", "N=0,E=1"] if kind == "couleur" else ["-t", "NS=9"]
        assert cli(tmp_path, "add", *add).exit_code == 0
        out = tmp_path / "out.csv"
        r = cli(tmp_path, "export", "--csv", str(out), "--separator", separator)
        assert r.exit_code == 0, r.output
        data = out.read_bytes()
        assert data.startswith(b"\xef\xbb\xbf") and "Hélène".encode() in data
        header = data.decode("utf-8-sig").splitlines()[0]
        assert separator in header and ({",", ";"} - {separator}).pop() not in header
        other = tmp_path / "other.json"
        assert runner.invoke(app, ["sheet", "new", "--preset", kind, "--file", str(other)]).exit_code == 0
        r = runner.invoke(app, ["sheet", "import", str(out), "--file", str(other)])
        assert r.exit_code == 0 and r.stderr == "", r.output
        mine, theirs = (json.loads(p.read_text(encoding="utf-8")) for p in (f, other))
        assert theirs["names"] == ACCENTED and theirs["entries"] == mine["entries"]
        r = cli(tmp_path, "export", "--csv", "-", "--separator", separator)
        assert r.exit_code == 0 and r.stdout == data.decode("utf-8-sig"), r.output

    @pytest.mark.parametrize(("args", "en", "fr"), [
        (["--csv", "out.csv", "--separator", "tab"], "--separator takes ',' (a comma) or ';'",
         "--separator prend ',' (une virgule) ou ';'"),
        (["--json", "out.json", "--separator", ";"], "--separator is for the CSV: give --csv FILE",
         "--separator est pour le CSV : donnez --csv FICHIER"),
    ])
    def test_a_separator_that_is_not_one_is_refused(self, tmp_path: Path, args: list[str], en: str,
                                                    fr: str) -> None:
        assert cli(tmp_path, "new").exit_code == 0
        for lang, says in (("en", en), ("fr", fr)):
            r = cli(tmp_path, "export", *args, "--lang", lang)
            assert r.exit_code == 2 and says in r.stderr, r.output
        assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.json"]

    def test_simple_whist_over_several_matches_counts_the_matches_won(self, tmp_path: Path) -> None:
        """RULES.md §4 with option rubbers (§2): each match goes to the first side to win two
        games; the foot gives the lead in matches while play goes on, then who won how many."""
        assert cli(tmp_path, "new", "--preset", "simple", "-o", "rubbers=2").exit_code == 0
        for tricks in ("NS=13", "NS=13"):
            r = cli(tmp_path, "add", "--tricks", tricks)
        flat = " ".join(r.stdout.split())
        assert "match 1 NS 2–0" in flat and "match 2 of 2" in flat
        assert "NS (North & South) lead 1 match to 0" in flat
        for tricks in ("EW=13", "EW=13"):
            r = cli(tmp_path, "add", "--tricks", tricks)
        flat = " ".join(r.stdout.split())
        assert "Match over: 2 matches." in flat
        assert "all square, 1 match each" in flat
        assert cli(tmp_path, "undo").exit_code == 0  # match 2 at one game each, then NS take two
        for tricks in ("NS=13", "NS=13"):
            r = cli(tmp_path, "add", "--tricks", tricks)
        flat = " ".join(r.stdout.split())
        assert "NS (North & South) win 2 matches to 0" in flat

    def test_the_foot_says_what_its_totals_are_and_names_the_sides_in_the_language(
            self, tmp_path: Path) -> None:
        """The foot counts what a side has won so far, and says what: in simple whist (RULES.md
        §4: no game or rubber points, the first side to win two games wins) the matches won; in
        French every line names East–West EO, undo included."""
        assert cli(tmp_path, "new", "--preset", "simple", "--names", "Anne,Bert,Carla,Dirk").exit_code == 0
        r = cli(tmp_path, "add", "--tricks", "NS=13", "--lang", "fr")
        assert r.exit_code == 0, r.output
        flat = " ".join(r.stdout.split())
        assert "En cours : partie 1 sur 1, manches NS 1–0 EO, score 0–0" in flat
        assert "Parties gagnées : NS (Anne & Carla) 0 · EO (Bert & Dirk) 0" in flat
        assert "EW" not in flat and "rubber" not in flat and "points" not in flat
        r = cli(tmp_path, "add", "--tricks", "EW=0", "--lang", "fr")
        flat = " ".join(r.stdout.split())
        assert "manche NS · partie 1 NS 2–0" in flat and "totaux" not in flat
        assert "Partie terminée." in flat
        assert "Résultat : NS (Anne & Carla) gagnent la partie, 2 manches à 0" in flat
        assert "point" not in flat.replace("points:", "") and "EW" not in flat
        r = cli(tmp_path, "undo", "--lang", "fr")
        assert r.exit_code == 0, r.output
        flat = " ".join(r.stdout.split())
        assert "Supprimé #2 : levées NS 13 · EO 0, honneurs aucun" in flat
        assert "manches NS 1–0 EO" in flat and "EW" not in flat
        r = cli(tmp_path, "undo")
        assert "Removed #1: tricks NS 13 · EW 0, honours none" in r.stdout
        r = cli(tmp_path, "undo", "--lang", "fr")
        assert r.exit_code == 2 and "la feuille est vide" in r.stderr
        shown = cli(tmp_path, "show", "--lang", "fr")
        assert "EW" not in shown.stdout and "EO" in shown.stdout

    def test_new_import_and_settlement_name_west_o_in_french(self, tmp_path: Path) -> None:
        """In French, East–West is EO and West's seat O (Ouest) in every line, the new sheet's,
        an import's and the settlement's too; in English EW and W."""
        r = cli(tmp_path, "new", "-p", "classic", "-o", "stake=0.5", "-n", "W=Dirk", "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert "NS (Nord & Sud) · EO (Est & Dirk)" in r.stdout and "EW" not in r.stdout
        rows = tmp_path / "rows.csv"
        rows.write_text("kind,side,tricks,honours\n" + "deal,NS,13,none\n" * 3, encoding="utf-8")
        r = cli(tmp_path, "import", str(rows), "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert "EO (Est & Dirk) 0" in r.stdout and "EW" not in r.stdout
        r = cli(tmp_path, "add", "--tricks", "NS=13", "--lang", "fr")
        assert r.exit_code == 0, r.output
        flat = " ".join(r.stdout.split())
        assert "Nord (N) +4 · Est (E) -4 · Sud (S) +4 · Dirk (O) -4" in flat
        assert "(W)" not in flat and "EW" not in flat
        shown = " ".join(cli(tmp_path, "show").stdout.split())  # the sheet's own language
        assert "Dirk (O) -4" in shown and "EO (Est & Dirk)" in shown and "EW" not in shown
        shown = " ".join(cli(tmp_path, "show", "--lang", "en").stdout.split())
        assert "Dirk (W) -4" in shown and "EW (Est & Dirk)" in shown

    def test_undo_on_a_colour_sheet_follows_lang(self, tmp_path: Path) -> None:
        assert cli(tmp_path, "new", "--preset", "couleur").exit_code == 0
        assert cli(tmp_path, "add", "small", "misère", "-d", "N", "-t", "0").exit_code == 0
        r = cli(tmp_path, "undo", "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert "Supprimé #1 : petite misère" in r.stdout


@pytest.mark.parametrize(("contract", "levels"), [
    ("solo 5", "solo: 6, 7, 8"), ("solo 4", "solo: 6, 7, 8"), ("solo 14", "solo: 6, 7, 8"),
    ("abondance 11", "abondance: 9")])
def test_a_level_the_table_lacks_is_refused_in_the_auctions_words(tmp_path: Path, contract: str,
                                                                   levels: str) -> None:
    """``whist sheet add`` and ``import`` refuse a level that the colour sheet's table lacks in the
    words the auction refuses the bid with (``auction.not_on_ladder``), whether another preset
    has that level (solo 5 in pagat) or none does (solo 4, solo 14), naming the table's levels."""
    from whist.auction import not_on_ladder
    from whist.contracts import Contract
    from whist.sheet import _all_options

    kind, level = contract.split()
    why = not_on_ladder(_all_options(preset("couleur")), Contract(kind, int(level)))
    assert why is not None and why.en == f"{contract} does not exist in couleur ({levels})"
    assert cli(tmp_path, "new", "--preset", "couleur").exit_code == 0
    before = (tmp_path / "sheet.json").read_bytes()
    r = cli(tmp_path, "add", contract, "H", "--declarers", "N", "--tricks", "6")
    assert r.exit_code == 2 and r.stderr == f"Error: {why.en}\n"
    csv_file = tmp_path / "rows.csv"
    csv_file.write_text(f"contract,declarers,tricks\n{contract} H,N,6\n", encoding="utf-8")
    r = cli(tmp_path, "import", str(csv_file), "--lang", "fr")
    assert r.exit_code == 2 and why.fr in r.stderr
    assert (tmp_path / "sheet.json").read_bytes() == before


@pytest.mark.parametrize(("make", "en", "fr"), [
    (lambda: played("NE=8"), "tricks: 'NE' is not a side", "levées : « NE » n'est pas un camp"),
    (lambda: played("NS=8", "SE=4"), "honours: 'SE' is not a side", "honneurs : « SE » n'est pas un camp"),
    (lambda: called("XY"), "call at eight: 'XY' is not a side", "chant à huit : « XY » n'est pas un camp"),
])
def test_a_side_that_is_none_is_named_in_each_language(make: Any, en: str, fr: str) -> None:
    """What the side was typed for was English in the French reason (« tricks : … »)."""
    with pytest.raises(ClassicSheetError) as info:
        make()
    assert info.value.en.startswith(en) and info.value.fr.startswith(fr), (info.value.en, info.value.fr)
