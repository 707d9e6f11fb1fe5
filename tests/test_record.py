"""Deal and match records (issue #2 item 5; DESIGN.md "Records"; RULES.md §2 D19 (d)).

A deal record (``whist-record/1``) holds the rules (preset and every option), the dealer, the
hands as dealt in PBN, the turned card, every action as a ``[seat, text]`` pair whose text
parses back, and the result (tricks per seat, honours per side, points per side). A match
record (``whist-match/1``) holds the rules, the deal records and the match result. ``replay``
re-applies the actions and refuses an illegal action or a stored result that differs, naming
the first problem.
"""

from __future__ import annotations

import copy
import errno
import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from whist.actions import parse_action
from whist.cards import SEATS, Seat, format_hand, parse_card, parse_deal, parse_hand
from whist.engine import ClassicDeal
from whist.match import Match
from whist.record import (
    DEAL_FORMAT,
    MATCH_FORMAT,
    RecordError,
    deal_record,
    decisions,
    load,
    match_record,
    record_players,
    replay,
    replay_deal,
    replay_match,
    save,
    start_deal,
    write_new,
)
from whist.rules import Rules, preset, with_options

CLASSIC = preset("classic")
MIXED = "N:AK32.AKQ.5432.32 QJ54.432.AKQ.AKQ 9876.JT98.JT9.JT T.765.876.987654"
MIXED_PLAY = (
    "AS 4S 6S TS  KS 5S 7S 4C  AH 2H 8H 5H  KH 3H 9H 6H  QH 4H TH 7H  2D AD 9D 6D  AC TC 5C 2C"
    "  KC JC 6C 3C  QC 8S 7C 3D  JH 8C 3S QS  KD JD 8D 4D  QD TD 7D 5D  JS 9S 9C 2S"
)
HON3 = "N:A532.AKQ.5432.32 KQJ4.432.AKQ.AKQ 9876.JT98.JT9.JT T.765.876.987654"


def mixed(start: tuple[int, int] = (0, 0), rules: Rules = CLASSIC) -> ClassicDeal:
    return ClassicDeal.new(rules, Seat.W, parse_deal(MIXED), parse_card("TS"), start)


def play(deal: ClassicDeal, script: str) -> ClassicDeal:
    for text in script.split():
        deal = deal.apply(text)
    return deal


def played_mixed() -> ClassicDeal:
    return play(mixed((8, 8)), "ask no " + MIXED_PLAY.replace("AS 4S", "AS ask no 4S", 1))


def random_match(seed: int, rules: Rules = CLASSIC) -> Match:
    rng = random.Random(seed)
    m = Match.start(rules, rng)
    while not m.is_over:
        if m.needs_deal:
            m = m.deal(rng)
        else:
            legal = m.legal_actions()
            m = m.apply(legal[rng.randrange(len(legal))])
    return m


def same_deal(a: ClassicDeal, b: ClassicDeal) -> None:
    assert a.dealt == b.dealt and a.trump_card is b.trump_card and a.dealer is b.dealer
    assert a.actions == b.actions and a.tricks_won == b.tricks_won and a.to_act is b.to_act
    assert a.points() == b.points()
    for seat in (*SEATS, None):
        assert a.view(seat) == b.view(seat)


class TestDealRecordFields:
    """Issue #2 item 5: exactly the fields of a deal record, in their forms."""

    def test_top_level_fields(self) -> None:
        rec = deal_record(played_mixed())
        assert set(rec) == {"format", "rules", "dealer", "start_score", "hands", "trump_card",
                            "actions", "result"}
        assert rec["format"] == DEAL_FORMAT == "whist-record/1"

    def test_rules_hold_the_preset_and_every_option(self) -> None:
        rules = with_options(CLASSIC, {"must_trump": "on", "stake": "0.5"})
        rec = deal_record(mixed(rules=rules))
        assert rec["rules"]["preset"] == "classic"
        assert set(rec["rules"]) == set(Rules.names())
        assert rec["rules"]["must_trump"] is True and rec["rules"]["stake"] == 0.5
        assert Rules.from_dict(rec["rules"]) == rules

    def test_dealer_hands_and_turned_card(self) -> None:
        d = played_mixed()
        rec = deal_record(d)
        assert rec["dealer"] == "W"
        assert rec["start_score"] == {"NS": 8, "EW": 8}
        assert rec["hands"] == {"N": "AK32.AKQ.5432.32", "E": "QJ54.432.AKQ.AKQ",
                                "S": "9876.JT98.JT9.JT", "W": "T.765.876.987654"}
        assert all(parse_hand(rec["hands"][s.name]) == d.dealt[s] for s in SEATS)
        assert rec["trump_card"] == "TS"

    def test_actions_are_seat_text_pairs_that_parse_back(self) -> None:
        d = played_mixed()
        rec = deal_record(d)
        assert rec["actions"][:8] == [["N", "ask"], ["S", "no"], ["N", "AS"], ["E", "ask"],
                                      ["W", "no"], ["E", "4S"], ["S", "6S"], ["W", "TS"]]
        assert len(rec["actions"]) == 52 + 4
        for (seat, action), (seat_text, text) in zip(d.actions, rec["actions"], strict=True):
            assert seat_text == seat.name
            assert parse_action(text) == action

    def test_result_tricks_honours_points(self) -> None:
        res = deal_record(played_mixed())["result"]
        assert res["tricks"] == {"N": 5, "E": 7, "S": 1, "W": 0}
        assert res["honours"] == {"NS": 2, "EW": 2}
        assert res["points"] == {"NS": 0, "EW": 1}
        assert res["game_winner"] is None

    def test_unfinished_deal_has_no_result(self) -> None:
        assert deal_record(play(mixed(), "AS 4S"))["result"] is None

    def test_claim_is_an_action_with_its_shown_cards(self) -> None:
        d = ClassicDeal.new(CLASSIC, Seat.W, parse_deal(HON3), parse_card("TS"), (0, 8))
        d = d.apply(d.legal_actions()[0])
        rec = deal_record(d)
        assert rec["actions"] == [["E", "claim KS QS JS"]]
        assert rec["result"]["points"] == {"NS": 0, "EW": 2}
        assert rec["result"]["game_winner"] == "EW"
        assert rec["result"]["tricks"] == {"N": 0, "E": 0, "S": 0, "W": 0}
        r = replay_deal(rec)
        assert isinstance(r, ClassicDeal)
        same_deal(r, d)

    def test_ask_and_yes_are_actions(self) -> None:
        asker = "N:AK32.AKQ.5432.32 Q954.432.AKQ.AKQ J876.JT98.JT9.JT T.765.876.987654"
        d = ClassicDeal.new(CLASSIC, Seat.N, parse_deal(asker), parse_card("2S"), (8, 0))
        d = play(d, "4S JS TS ask yes")
        rec = deal_record(d)
        assert rec["actions"][-2:] == [["N", "ask"], ["S", "yes"]]
        assert rec["result"]["points"] == {"NS": 2, "EW": 0}
        r = replay_deal(rec)
        assert isinstance(r, ClassicDeal)
        same_deal(r, d)


class TestDealReplay:
    """DESIGN.md Records: replay re-applies every action; identical state and score."""

    def test_json_round_trip_and_replay(self) -> None:
        d = played_mixed()
        rec = deal_record(d)
        back = json.loads(json.dumps(rec))
        assert back == rec
        r = replay(back)
        assert isinstance(r, ClassicDeal)
        same_deal(r, d)
        assert deal_record(r) == rec

    def test_save_and_load(self, tmp_path: Path) -> None:
        d = played_mixed()
        path = save(deal_record(d), tmp_path / "deal.json")
        assert path.exists() and not (tmp_path / "deal.json.tmp").exists()
        text = path.read_text(encoding="utf-8")
        assert '"format": "whist-record/1"' in text
        r = replay(load(path))
        assert isinstance(r, ClassicDeal)
        same_deal(r, d)

    def test_a_new_name_is_claimed_and_given_up_only_while_empty(self, tmp_path: Path) -> None:
        """``write_new``: a name taken is refused; a write that fails leaves nothing; a record
        written whole and then interrupted (Ctrl-C just after its rename) is kept, not removed
        with the name it claimed."""
        rec = deal_record(played_mixed())
        taken = tmp_path / "taken.json"
        taken.write_text("{}", encoding="utf-8")
        with pytest.raises(FileExistsError):
            write_new(taken, lambda: save(rec, taken))
        assert taken.read_text(encoding="utf-8") == "{}"

        def disk_full() -> Path:
            raise OSError(errno.ENOSPC, "No space left on device")

        with pytest.raises(OSError, match="No space"):
            write_new(tmp_path / "full.json", disk_full)
        assert not (tmp_path / "full.json").exists()

        whole = tmp_path / "whole.json"

        def saved_then_interrupted() -> Path:
            save(rec, whole)
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            write_new(whole, saved_then_interrupted)
        assert load(whole) == json.loads(json.dumps(rec))

    def test_unfinished_deal_replays_to_the_same_state(self) -> None:
        d = play(mixed((8, 0)), "ask no AS 4S 6S")
        r = replay_deal(json.loads(json.dumps(deal_record(d))))
        assert isinstance(r, ClassicDeal)
        same_deal(r, d)

    def test_an_illegal_action_is_named(self) -> None:
        rec = deal_record(play(mixed(), MIXED_PLAY))
        rec["actions"][4] = ["N", "QS"]  # action 5: North leads trick 2 with a card he lacks
        with pytest.raises(RecordError, match=r'deal, action 5 \(\["N", "QS"\]\): you do not hold Q♠'):
            replay(rec)

    def test_a_revoke_is_named(self) -> None:
        rec = deal_record(play(mixed(), MIXED_PLAY))
        rec["actions"][5] = ["E", "AD"]  # action 6: East must follow North's KS
        with pytest.raises(RecordError, match=r'deal, action 6 \(\["E", "AD"\]\): A♦: you must follow suit'):
            replay(rec)

    def test_action_by_the_wrong_seat_is_named(self) -> None:
        rec = deal_record(play(mixed(), MIXED_PLAY))
        rec["actions"][4][0] = "E"
        with pytest.raises(RecordError, match=r'deal, action 5 \(\["E", "KS"\]\): it is North.s turn'):
            replay(rec)

    def test_an_unreadable_action_is_named(self) -> None:
        rec = deal_record(play(mixed(), MIXED_PLAY))
        rec["actions"][4] = ["N", "KX"]
        with pytest.raises(RecordError, match=r"deal, action 5 .*'KX' is not a card"):
            replay(rec)

    @pytest.mark.parametrize(
        ("path", "value", "field"),
        [(("points", "EW"), 5, "result.points.EW"), (("tricks", "N"), 6, "result.tricks.N"),
         (("honours", "NS"), 3, "result.honours.NS"), (("game_winner",), "EW", "result.game_winner")],
    )
    def test_a_changed_result_field_is_named(self, path: tuple[str, ...], value: Any, field: str) -> None:
        rec = deal_record(play(mixed(), MIXED_PLAY))
        target = rec["result"]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(RecordError, match=f"stored {field.replace('.', '[.]')} differs"):
            replay(rec)

    def test_a_result_for_an_unfinished_deal_is_refused(self) -> None:
        """A deal cut short by hand: the record says which seat was to act next."""
        rec = deal_record(play(mixed(), MIXED_PLAY))
        rec["actions"] = rec["actions"][:-1]
        with pytest.raises(RecordError, match=r"^deal: the actions stop before the end of the deal"
                           r" \(after 51 actions, North to act\), yet a result is stored"):
            replay(rec)

    def test_missing_result_on_a_finished_deal_is_refused(self) -> None:
        rec = deal_record(play(mixed(), MIXED_PLAY))
        rec["result"] = None
        with pytest.raises(RecordError, match="deal is over after its 52 actions, yet no result"):
            replay(rec)

    @pytest.mark.parametrize(
        ("change", "says"),
        [({"hands": {"N": "AK32.AKQ.5432.32"}}, "bad field hands"),
         ({"trump_card": "AH"}, "not in the dealer's hand"),
         ({"trump_card": "XX"}, "'XX' is not a card"),
         ({"dealer": "Q"}, "'Q' is not a seat"),
         ({"rules": {"preset": "classic", "colour": 1}}, "rules: unknown option 'colour'"),
         ({"rules": "classic"}, "'rules' must be an object"),
         ({"actions": "AS"}, "'actions' must be a list"),
         ({"format": "whist-record/9"}, "unknown record format")],
    )
    def test_bad_records_are_refused(self, change: dict[str, Any], says: str) -> None:
        rec = deal_record(play(mixed(), "AS"))
        rec.update(change)
        with pytest.raises(RecordError, match=says):
            replay(rec)

    @pytest.mark.parametrize(
        ("change", "en", "fr"),
        [({"dealer": None}, "deal: bad field dealer: 'null' is not a seat",
          "donne : champ dealer incorrect : « null » n'est pas une place"),
         ({"trump_card": True}, "deal: bad field trump_card: 'true' is not a card",
          "donne : champ trump_card incorrect : « true » n'est pas une carte"),
         ({"hands": {"N": None, "E": "", "S": "", "W": ""}}, "deal: bad field hands.N: 'null' is not a hand",
          "donne : champ hands.N incorrect : « null » n'est pas une main"),
         ({"actions": [["N", None]]}, "'null' is not a card", "« null » n'est pas une carte"),
         ({"actions": [[None, "AS"]]}, "'null' is not a seat", "« null » n'est pas une place")],
    )
    def test_a_value_that_is_not_text_is_quoted_as_the_file_writes_it(
            self, change: dict[str, Any], en: str, fr: str) -> None:
        """A seat, a card, a hand or an action that is not text (``null``, ``true``, as a hand-edited
        file may hold) is quoted as JSON writes it, as start_score's are: it was Python's ``None``."""
        rec = deal_record(play(mixed(), "AS"))
        rec.update(change)
        with pytest.raises(RecordError) as caught:
            replay(rec)
        assert en in caught.value.in_lang("en") and fr in caught.value.in_lang("fr")
        assert "None" not in caught.value.in_lang("en") + caught.value.in_lang("fr")

    @pytest.mark.parametrize(
        ("hands", "says"),
        [("N:AK32.AKQ.5432.32", "bad field hands: an object of four hands is expected"),
         ({"N": "AK32.AKQ.5432.32", "S": "9876.JT98.JT9.JT"}, "bad field hands: no hand for E, W")],
    )
    def test_hands_that_are_not_four_hands_are_named(self, hands: Any, says: str) -> None:
        rec = deal_record(play(mixed(), "AS"))
        rec["hands"] = hands
        with pytest.raises(RecordError, match=f"^deal: {says}"):
            replay(rec)

    @pytest.mark.parametrize(
        ("score", "en", "fr"),
        [({"NS": "x", "EW": 0}, 'bad field start_score.NS: a whole number is expected, not "x"',
          'champ start_score.NS incorrect : il faut un nombre entier, pas "x"'),
         ({"NS": 0, "EW": 1.5}, "bad field start_score.EW: a whole number is expected, not 1.5",
          "champ start_score.EW incorrect : il faut un nombre entier, pas 1.5"),
         ({"NS": True, "EW": 0}, "bad field start_score.NS: a whole number is expected, not true",
          "champ start_score.NS incorrect : il faut un nombre entier, pas true"),
         ({"NS": 0}, "bad field start_score: no score for EW",
          "champ start_score incorrect : pas de points pour EW"),
         ({}, "bad field start_score: no score for NS and EW",
          "champ start_score incorrect : pas de points pour NS et EW"),
         ("0-0", "bad field start_score: an object of the two sides' scores is expected, like"
          ' {"NS": 0, "EW": 0}',
          "champ start_score incorrect : il faut un objet des points des deux camps, comme"
          ' {"NS": 0, "EW": 0}')],
    )
    def test_a_start_score_that_is_not_a_score_is_named(self, score: Any, en: str, fr: str) -> None:
        """A start score that is not two whole numbers is refused in the record's terms, in English
        and French, as the other fields are (not with Python's words for int())."""
        rec = deal_record(play(mixed(), "AS"))
        rec["start_score"] = score
        with pytest.raises(RecordError) as refused:
            replay(rec)
        said = refused.value.in_lang("en"), refused.value.in_lang("fr")
        assert said == (f"deal: {en}", f"donne : {fr}")

    @pytest.mark.parametrize(("score", "side", "value"), [({"NS": -3, "EW": 0}, "NS", -3),
                                                          ({"NS": 0, "EW": 10}, "EW", 10),
                                                          ({"NS": 99, "EW": 0}, "NS", 99)])
    def test_a_start_score_no_game_can_have_is_named(self, score: Any, side: str, value: int) -> None:
        """RULES.md §2: a game is won at 10 points, so a deal starts from 0 to 9 for each side; -3
        replayed, printing "score before NS -3", and 10 or 99 failed only at the stored result."""
        rec = deal_record(play(mixed(), "AS"))
        rec["start_score"] = score
        with pytest.raises(RecordError) as refused:
            replay(rec)
        assert refused.value.in_lang("en") == (f"deal: bad field start_score.{side}: a game score from 0"
                                               f" to 9 is expected (games of 10), not {value}")

    def test_a_classic_deal_under_colour_rules_is_named(self) -> None:
        """A record of the other game (or rules changed by hand) is named as such, not as a
        missing field or an illegal first card."""
        rec = deal_record(play(mixed(), "AS"))
        rec["rules"] = preset("couleur").to_dict()
        with pytest.raises(RecordError, match=r"^deal: a deal of classic whist \(it has a field"
                           r" 'trump_card'\), but the rules are those of colour whist \(preset couleur\)"):
            replay(rec)

    def test_a_format_that_does_not_match_the_fields_is_named(self) -> None:
        """A deal record labelled a match record, or a match labelled a deal (the format edited
        by hand), is named as such rather than by its first missing field."""
        deal = deal_record(play(mixed(), "AS"))
        deal["format"] = MATCH_FORMAT
        with pytest.raises(RecordError, match=r"^record: its format says whist-match/1, but it holds"
                           r" 'actions' as a record of format whist-record/1 does$"):
            replay(deal)
        match = match_record(random_match(1))
        match["format"] = DEAL_FORMAT
        with pytest.raises(RecordError, match=r"^record: its format says whist-record/1, but it holds"
                           r" 'deals' as a record of format whist-match/1 does$"):
            replay(match)

    def test_missing_field(self) -> None:
        rec = deal_record(play(mixed(), "AS"))
        del rec["dealer"]
        with pytest.raises(RecordError, match="missing field 'dealer'"):
            replay(rec)

    def test_hands_must_make_a_deck(self) -> None:
        rec = deal_record(play(mixed(), "AS"))
        rec["hands"]["E"] = rec["hands"]["N"]
        with pytest.raises(RecordError, match="52 cards"):
            replay(rec)

    def test_hand_text_matches_format_hand(self) -> None:
        d = mixed()
        assert deal_record(d)["hands"] == {s.name: format_hand(d.dealt[s]) for s in SEATS}


class TestLoad:
    """Records on disk: JSON with a known format, or a clear error."""

    def test_a_record_that_cannot_be_written_leaves_no_file_behind(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """The disk full halfway through: the temporary file was left beside the records."""
        real = Path.write_text

        def full(self: Path, text: str, encoding: str | None = None) -> int:
            real(self, text[:100], encoding=encoding)
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(Path, "write_text", full)
        with pytest.raises(OSError, match="No space left"):
            save(deal_record(mixed()), tmp_path / "deal.json")
        assert list(tmp_path.iterdir()) == []

    def test_not_json(self, tmp_path: Path) -> None:
        p = tmp_path / "x.json"
        p.write_text("{not json", encoding="utf-8")
        with pytest.raises(RecordError, match="is not a JSON record"):
            load(p)

    @pytest.mark.parametrize(("data", "en", "fr"), [
        (b"[" * 100_000, "its JSON is nested too deeply", "son JSON est imbriqué trop profondément"),
        (b"\xff\xfe{}", "it is not UTF-8 text", "ce n'est pas du texte UTF-8"),
        (b'{"format":\n  "whist-match/1",',
         "unreadable JSON (a field name in double quotes is missing, line 2 column 19)",
         "JSON illisible (un nom de champ entre guillemets droits manque, ligne 2 colonne 19)"),
    ])
    def test_a_damaged_file_is_refused_in_both_languages(
            self, tmp_path: Path, data: bytes, en: str, fr: str) -> None:
        """Arrays nested past Python's recursion limit were a traceback; bytes that are not UTF-8
        were the codec's words; a JSON error was English in French."""
        p = tmp_path / "x.json"
        p.write_bytes(data)
        with pytest.raises(RecordError) as info:
            load(p)
        assert info.value.en.startswith(f"{p} is not a JSON record: {en}")
        assert info.value.fr == f"{p} n'est pas un enregistrement JSON : {fr}"

    def test_unknown_format(self, tmp_path: Path) -> None:
        p = tmp_path / "x.json"
        p.write_text('{"format": "chess-pgn"}', encoding="utf-8")
        with pytest.raises(RecordError, match="is not a whist record"):
            load(p)

    @pytest.mark.parametrize("text", ["", "\n  \n"])
    def test_an_empty_file_is_named(self, tmp_path: Path, text: str) -> None:
        p = tmp_path / "x.json"
        p.write_text(text, encoding="utf-8")
        with pytest.raises(RecordError, match=r"x\.json is empty: it holds no record$"):
            load(p)

    def test_a_directory_is_named(self, tmp_path: Path) -> None:
        with pytest.raises(RecordError, match=f"^cannot read {re.escape(str(tmp_path))}: Is a directory$"):
            load(tmp_path)

    def test_a_byte_order_mark_is_read(self, tmp_path: Path) -> None:
        """Some editors start a UTF-8 file with a byte order mark; a record edited so still loads."""
        p = tmp_path / "x.json"
        rec = deal_record(play(mixed(), "AS"))
        p.write_text(json.dumps(rec), encoding="utf-8-sig")
        assert load(p) == rec

    def test_missing_file(self, tmp_path: Path) -> None:
        with pytest.raises(RecordError, match="cannot read"):
            load(tmp_path / "none.json")


class TestMatchRecord:
    """Issue #2 item 5: a match record holds the rules, the deal records and the match result
    (each game's winner and game points, the rubber winner, totals, settlement); it replays."""

    def test_fields(self) -> None:
        m = random_match(3, with_options(CLASSIC, {"stake": "1"}))
        rec = match_record(m)
        assert set(rec) == {"format", "rules", "first_dealer", "deals", "result"}
        assert rec["format"] == MATCH_FORMAT == "whist-match/1"
        assert Rules.from_dict(rec["rules"]) == m.rules
        assert rec["first_dealer"] == m.first_dealer.name
        assert len(rec["deals"]) == len(m.deals)
        assert all(d["format"] == DEAL_FORMAT for d in rec["deals"])
        res = rec["result"]
        assert [(g["winner"], g["game_points"]) for g in res["games"]] == [
            (g.winner.name, g.game_points) for g in m.games]
        assert [r["winner"] for r in res["rubbers"]] == [r.winner.name for r in m.rubbers]
        assert res["totals"] == {"NS": m.totals()[0], "EW": m.totals()[1]}
        assert res["settlement"] == m.settlement()
        assert res["finished"] is True
        assert res["winner"] == ("NS" if m.totals()[0] > m.totals()[1] else "EW")

    def test_who_played_each_seat_is_kept_where_given(self) -> None:
        """A record may say who played each seat (``players``: the bots of whist simulate, the
        human and the bots of whist play); a replay reads it, and a record without it (written
        before, or by a program of one's own) replays as before."""
        m = random_match(2)
        players = {Seat.N: "pimc", Seat.E: "human", Seat.S: "mybots:careful", Seat.W: "heuristic"}
        rec = json.loads(json.dumps(match_record(m, players)))
        assert list(rec) == ["format", "rules", "first_dealer", "players", "deals", "result"]
        assert rec["players"] == {"N": "pimc", "E": "human", "S": "mybots:careful", "W": "heuristic"}
        assert record_players(rec) == players
        assert match_record(replay_match(rec)) == match_record(m)
        del rec["players"]
        assert record_players(rec) is None and match_record(replay_match(rec)) == match_record(m)

    @pytest.mark.parametrize("players", [
        ["pimc", "human", "random", "random"], {"N": "pimc", "E": "human", "S": "random"},
        {"N": "pimc", "E": "human", "S": "random", "O": "random"},
        {"N": "pimc", "E": "human", "S": "random", "W": 3}, {"N": "pimc", "E": "", "S": "x", "W": "y"},
    ])
    def test_a_players_field_that_names_no_four_seats_is_refused(self, players: Any) -> None:
        rec = match_record(random_match(2))
        rec["players"] = players
        with pytest.raises(RecordError) as caught:
            replay(rec)
        assert str(caught.value).startswith("match: bad field players: an object naming who played"
                                            " each of the four seats is expected, like {\"N\": ")
        assert caught.value.fr.startswith("partie : champ players incorrect : il faut un objet qui"
                                          " nomme qui a joué à chacune des quatre places")

    def test_a_deal_record_may_say_who_played_each_seat_too(self) -> None:
        """A deal record may say who played each seat as a match record does (the arena's
        records do): read by a replay, refused naming the deal where it names no four seats."""
        deal = random_match(3).deals[0]
        players = {Seat.N: "pimc", Seat.E: "random", Seat.S: "pimc", Seat.W: "random"}
        rec = json.loads(json.dumps(deal_record(deal, players)))
        assert list(rec)[:4] == ["format", "rules", "dealer", "players"]
        assert record_players(rec) == players
        assert deal_record(replay_deal(rec)) == deal_record(deal)
        rec["players"] = {"N": "pimc"}
        with pytest.raises(RecordError) as caught:
            replay(rec)
        assert str(caught.value).startswith("deal: bad field players: an object naming who played")

    @pytest.mark.parametrize("seed", [1, 2, 3])
    def test_replay_gives_the_same_match(self, seed: int) -> None:
        m = random_match(seed)
        rec = json.loads(json.dumps(match_record(m)))
        r = replay(rec)
        assert isinstance(r, Match)
        assert r.games == m.games and r.rubbers == m.rubbers and r.score == m.score
        assert r.totals() == m.totals() and r.settlement() == m.settlement()
        assert len(r.deals) == len(m.deals)
        for a, b in zip(r.deals, m.deals, strict=True):
            same_deal(a, b)
        assert match_record(r) == match_record(m)

    def test_unfinished_match_replays(self) -> None:
        rng = random.Random(9)
        m = Match.start(CLASSIC, rng)
        for _ in range(3):
            m = m.deal(rng)
            while m.current is not None:
                m = m.apply(m.legal_actions()[0])
        m = m.deal(rng)
        m = m.apply(m.legal_actions()[0])
        rec = match_record(m)
        assert rec["result"]["finished"] is False
        assert rec["deals"][-1]["result"] is None
        r = replay_match(json.loads(json.dumps(rec)))
        assert isinstance(r, Match)
        assert r.current is not None and m.current is not None
        same_deal(r.current, m.current)
        assert r.score == m.score and len(r.deals) == 3

    def test_an_illegal_action_is_named_with_its_deal(self) -> None:
        rec = match_record(random_match(1))
        first = rec["deals"][1]["actions"][0]
        first[0] = Seat[first[0]].left.name  # the next seat acts out of turn
        with pytest.raises(RecordError, match=r"deal 2, action 1 \("):
            replay(rec)

    def test_a_start_score_of_the_wrong_type_in_a_rubber_is_named_not_compared(self) -> None:
        """In a rubber's record each deal's start score is the one the deals before it left, and
        the stored one is compared with it: stored as text ("7"), it was "stored start_score.NS
        differs from the replayed one", as if changed, where a deal record names the bad field."""
        rec = match_record(random_match(1))
        rec["deals"][1]["start_score"]["NS"] = "7"
        with pytest.raises(RecordError) as refused:
            replay(rec)
        assert refused.value.in_lang("en") == ('deal 2: bad field start_score.NS: a whole number is'
                                               ' expected, not "7"')

    def test_a_changed_match_result_is_named(self) -> None:
        rec = match_record(random_match(1))
        rec["result"]["games"][0]["winner"] = "NS" if rec["result"]["games"][0]["winner"] == "EW" else "EW"
        with pytest.raises(RecordError, match=r"stored result\.games\[0\]\.winner differs"):
            replay(rec)

    def test_a_changed_deal_result_is_named(self) -> None:
        rec = match_record(random_match(1))
        rec["deals"][0]["result"]["points"]["NS"] += 1
        with pytest.raises(RecordError, match=r"deal 1: stored result\.points\.NS differs"):
            replay(rec)

    def test_a_deal_under_other_rules_than_the_match_is_named(self) -> None:
        """Each deal stores the rules; one changed by hand is named before its actions are
        replayed (where it would show only as an illegal action or a different result)."""
        rec = match_record(random_match(1))
        rec["deals"][1]["rules"]["game_points"] = 5
        with pytest.raises(RecordError, match=r"^deal 2: stored rules\.game_points differs from the"
                           " match's"):
            replay(rec)

    @pytest.mark.parametrize("gone", [True, False])
    def test_a_match_without_its_result_is_refused(self, gone: bool) -> None:
        """Every record the program writes has the match's result; one deleted or emptied by
        hand is named, as a deal's is."""
        rec = match_record(random_match(1))
        if gone:
            del rec["result"]
        else:
            rec["result"] = None
        with pytest.raises(RecordError, match="^match: missing field 'result'$" if gone
                           else "^match: stored result differs from the replayed match$"):
            replay(rec)

    def test_a_wrong_dealer_is_refused(self) -> None:
        rec = match_record(random_match(1))
        bad = copy.deepcopy(rec)
        bad["deals"][1]["dealer"] = bad["deals"][0]["dealer"]
        with pytest.raises(RecordError, match="deal 2: stored dealer"):
            replay(bad)


def test_a_call_made_in_the_middle_of_a_trick_is_replayed_after_the_cards_before_it() -> None:
    """RULES.md §2, calling at eight: a player may ask "can you one?" at his turn, which may come
    after the trick's first cards. The replay tells the deal in the order it was played: the
    cards before the call, ``…``, the call, then the whole trick once finished (it showed the
    call first, then the trick, as if asked before its lead)."""
    from whist.actions import Call
    from whist.render import history, trick_text

    found = 0
    for seed in range(60):
        for deal in random_match(seed).deals:
            for i, (_, action) in enumerate(deal.actions):
                before = [a for _, a in deal.actions[:i] if not isinstance(a, Call)]
                if not isinstance(action, Call) or len(before) % 4 == 0:
                    continue
                found += 1
                played = before[len(before) - len(before) % 4:]  # this trick's cards before the call
                lines = [trick_text(line).plain for line in history(deal)]
                asked = next(j for j, line in enumerate(lines) if line.strip().startswith(
                    f"{deal.actions[i][0].name_en} ") and "Trick" not in line)
                cut = lines[asked - 1]
                assert cut.endswith("…") and all(c.in_lang("en") in cut for c in played), lines
                assert lines.count(cut) == 1  # the cards before the calls, said once
                after = [line for line in lines[asked + 1:] if line.startswith(cut.split(" — ")[0])]
                if all(isinstance(a, Call) for _, a in deal.actions[i:]):  # "yes": the game is won
                    assert after == []
                else:  # the trick, whole once finished
                    assert "→" in after[0] and all(c.in_lang("en") in after[0] for c in played)
                break
    assert found >= 3


class TestDecisions:
    """docs/engine.md, "Records from Python": ``decisions(record)`` gives each recorded action with
    the state before it and the seat that took it, for learning from records."""

    @staticmethod
    def _played_out(seed: int) -> list[dict[str, Any]]:
        from whist.couleur import ColourDeal
        rng = random.Random(seed)
        deals: list[ClassicDeal | ColourDeal] = [
            play(mixed(), MIXED_PLAY), ColourDeal.shuffled(preset("couleur"), Seat.S, rng)]
        for i, deal in enumerate(deals):
            while deal.to_act is not None:
                deal = deal.apply(rng.choice(deal.legal_actions()).text)
            deals[i] = deal
        return [deal_record(d) for d in deals]

    @pytest.mark.parametrize("seed", [1, 2, 3])
    def test_each_action_with_the_state_and_seat_that_chose_it(self, seed: int) -> None:
        for rec in self._played_out(seed):
            steps = list(decisions(rec))
            assert [[s.seat.name, s.action.text] for s in steps] == rec["actions"]
            assert start_deal(rec).actions == () and steps[0].state.actions == ()
            for before, step in itertools.pairwise(steps):
                assert step.state is before.after
            for step in steps:
                assert step.seat is step.state.to_act
                assert step.action in step.state.legal_actions()
                assert step.action in step.state.view(step.seat).legal
            assert deal_record(steps[-1].after) == rec

    def test_a_result_that_differs_is_refused_after_the_last_action(self) -> None:
        rec = self._played_out(1)[0]
        rec["result"]["points"]["NS"] += 1
        given: list[Any] = []
        with pytest.raises(RecordError, match=r"result\.points\.NS"):
            given.extend(decisions(rec))
        assert len(given) == len(rec["actions"])

    def test_an_illegal_action_is_refused_where_it_stands(self) -> None:
        rec = self._played_out(1)[0]
        rec["actions"][3][1] = rec["actions"][0][1]  # a card already played
        given: list[Any] = []
        with pytest.raises(RecordError, match=r"deal, action 4 "):
            given.extend(decisions(rec))
        assert len(given) == 3
