"""The classic-whist score sheet of a physical table (RULES.md §6, scored by §2–4).

The sheet takes each deal's tricks and the honours held per side, or a game won by calling at eight
(D19), and keeps the games, rubbers, totals and settlement. The rules tests below are worked by hand
from the rulebook; :class:`TestTheSheetAgreesWithTheEngine` plays whole matches with
:class:`whist.match.Match` and enters every deal, so the sheet and the engine cannot drift apart.
The command, ``whist sheet``, for a classic sheet: test_classic_sheet_command.py.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from test_record import random_match

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
from whist.engine import ClassicDeal
from whist.rules import Rules, preset, with_options
from whist.sheet import Sheet

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
        # its sheet counts matches (as it shows them: "match 1 of 1"), never rubbers
        with pytest.raises(ClassicSheetError) as err:
            s.add(played("NS=7"))
        assert "the sheet is over: 1 match of 1 played" in str(err.value)
        assert "la feuille est terminée : 1 partie sur 1 jouée" in err.value.fr
        assert "rubber" not in str(err.value) and "robre" not in err.value.fr

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

    @pytest.mark.parametrize(("name", "as_sent"), [(None, "null"), (8, "8"), (["Anne"], '["Anne"]'),
                                                   (True, "true")])
    def test_a_name_that_is_not_text_is_refused(self, name: object, as_sent: str) -> None:
        """A name of the API's JSON that is not text is named as the JSON sent it (``null``, not
        Python's ``None``)."""
        with pytest.raises(ClassicSheetError) as exc:
            ClassicSheet.new(CLASSIC, {"E": "Bert", "N": name})
        assert exc.value.en == f"names: the name of N must be text, not {as_sent}"
        assert exc.value.fr == f"noms : le nom de Nord doit être un texte, pas {as_sent}"

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
        (lambda d: d["names"].update(N=None), "names: the name of N must be text, not null"),
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

    def test_a_csv_scored_under_other_options_says_which_rows_differ(self) -> None:
        """A CSV keeps no options: rows whose points a sheet without honours wrote (§3.2's honours
        off) are scored again by the sheet they are imported into, which says which rows it
        scored otherwise; into a sheet of the same options, nothing is said."""
        plain = with_options(CLASSIC, {"honours": False})
        s = deals(sheet(plain), ("NS=9", "NS=4"), ("EW=8", ""))
        text = s.to_csv()
        assert sheet(plain).add_csv(text).stated_points_differ(text) == []
        assert sheet().add_csv(text).stated_points_differ(text) == [
            "line 2: the file says 3 0, this sheet NS +7 EW +0"]
        assert sheet().add_csv(text).stated_points_differ(text, "fr") == [
            "ligne 2 : le fichier dit 3 0, cette feuille NS +7 EO +0"]

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

    def test_a_csvs_columns_may_be_named_in_french_as_the_options_are(self) -> None:
        """levées (or plis) and honneurs name the columns tricks and honours, as --levées and
        --honneurs name the options; a colour sheet's French contrat is told apart as its
        contract is."""
        english = sheet().add_csv("kind,side,tricks,honours\ndeal,EW,5,NS=3\ndeal,NS,9,\n")
        for tricks in ("levées", "Levees", "plis"):
            french = sheet().add_csv(f"kind;side;{tricks};Honneurs\ndeal;EO;5;NS=3\ndeal;NS;9;\n")
            assert french == english
        with pytest.raises(ClassicSheetError, match="looks like a colour-whist sheet") as refused:
            sheet().add_csv("contrat,preneurs,plis\nsolo 7,N,8\n")
        assert "une colonne contract (ou contrat)" in refused.value.fr
        with pytest.raises(ClassicSheetError) as refused:
            sheet().add_csv("camp,levées\nNS,8\n")
        assert "les colonnes kind, side, tricks (ou plis, levées), honours (ou honneurs)" in refused.value.fr

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

    def test_a_field_too_long_is_refused_by_its_length(self) -> None:
        """A CSV cell of 5,000 digits (a file edited by hand) is refused by its length: it was
        quoted back whole in the refusal."""
        text = "kind,side,tricks,honours\ndeal,NS,8,\ndeal,NS," + "9" * 5000 + ",\n"
        with pytest.raises(ClassicSheetError) as refused:
            sheet().add_csv(text)
        assert str(refused.value).endswith("line 3: tricks holds 5,000 characters: a field of an entry"
                                           " holds at most 100")
        assert len(str(refused.value)) < 200 and len(refused.value.fr) < 200

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


class TestACsvRowNamesOneSide:
    """RULES.md §6: a classic deal is entered as the tricks of one side. A CSV row gives that side
    in ``side`` and the count in ``tricks``, or both in ``tricks`` (``NS=8``); a row whose ``side``
    and ``tricks`` name two different sides says two things at once, and is refused rather than
    read as one of them."""

    def test_a_side_and_tricks_of_the_other_side_are_refused(self) -> None:
        with pytest.raises(ClassicSheetError) as refused:
            sheet().add_csv("kind,side,tricks,honours\ndeal,NS,EW=8,\n")
        assert refused.value.en == ("line 2: side NS and tricks EW=8 name two sides: give the tricks"
                                    " of one side, like NS=8, or the side and a number")
        assert refused.value.fr == ("ligne 2 : le camp NS et les levées EW=8 nomment deux camps :"
                                    " donnez les levées d'un seul camp, comme NS=8, ou le camp et un"
                                    " nombre")

    def test_the_same_side_twice_or_a_side_left_out_is_read(self) -> None:
        s = sheet().add_csv("kind,side,tricks,honours\ndeal,EO,EW=8,\ndeal,,NS=9,\ndeal,ns,NS=7,\n")
        assert s.entries == (played("EW=8"), played("NS=9"), played("NS=7"))


class TestAFrenchWarningNamesTheSidesInFrench:
    """RULES.md §6 and the Vocabulary (EN/FR): a sheet kept in French names East–West EO and West
    O everywhere, also where it warns that a CSV's points are not its own."""

    def test_the_side_of_a_classic_sheet(self) -> None:
        text = "kind,side,tricks,honours,points_EW\ndeal,EW,9,,5\n"
        assert sheet().add_csv(text).stated_points_differ(text, "fr") == [
            "ligne 2 : le fichier dit EO 5, cette feuille NS +0 EO +3"]
        assert sheet().add_csv(text).stated_points_differ(text) == [
            "line 2: the file says EW 5, this sheet NS +0 EW +3"]

    def test_west_at_colour_whist(self) -> None:
        text = "contract,declarers,tricks,points_W\nsolo 7,W,8,20\n"
        s = Sheet.new("couleur")
        assert s.add_csv(text).stated_points_differ(text, "fr") == [
            "ligne 2 : le fichier dit O 20, le barème N -7 E -7 S -7 O +21"]
