"""The web app's seats, in process through Starlette's TestClient (issue 5): taking a seat, leaving
it and coming back with its token (the seat and its view restored), and the bots that take the
seat of a player who leaves or stays away and give it back when he returns. The command path and
its refusals: test_server.py.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from test_server import BOTS3, my_turn, snapshot, view


class TestSeats:
    def test_reconnect_restores_seat_and_view(self, harness: Any) -> None:
        tid = harness.create(preset="classic", seats=BOTS3, seed=5)
        tok = harness.join(tid, "Sam")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            first = ws.until(my_turn("S"))
            s1 = ws.state()
        t = harness.service.tables[tid]
        assert t.seats[harness_seat("S")].connections == 0
        with harness.connect(tid) as ws:
            w = ws.hello(tok)
            assert w["type"] == "welcome" and w["seat"] == "S" and w["name"] == "Sam"
            s2 = ws.until(lambda m: m["type"] == "state")
            assert s2["version"] == s1["version"] == first["version"]
            assert view(s2)["hand"] == view(s1)["hand"] and len(view(s2)["hand"]) >= 12
            assert view(s2)["legal"] == view(s1)["legal"] != []
            assert s2["you"] == {"seat": "S", "name": "Sam", "auto": False}
            seat = next(x for x in s2["table"]["seats"] if x["seat"] == "S")
            assert seat["connected"] and not seat["bot_playing"]

    def test_hello_with_an_empty_token_watches(self, harness: Any) -> None:
        """docs/protocol.md, ``hello``: without a token, or with ``null`` or ``""``, the connection
        watches, with a spectator's view: it is not told ``bad_token``."""
        tid = harness.create(preset="classic", seats=BOTS3, seed=5)
        harness.join(tid, "Sam")
        for token in ("", None):
            with harness.connect(tid) as ws:
                ws.send({"type": "hello", "token": token})
                w = ws.recv()
                assert w["type"] == "welcome" and w["seat"] is None and w["name"] is None, w
                m = ws.until(lambda m: m["type"] == "state" and m["deal"] is not None)
                assert m["you"]["seat"] is None and view(m)["hand"] == []

    def test_the_welcome_says_the_version_of_the_first_state(self, harness: Any) -> None:
        """docs/protocol.md, ``welcome``: its ``version`` is the table's, the one of the ``state``
        sent right after it (for a player and a spectator), here past the deal and a few actions."""
        tid = harness.create(preset="classic", seats=BOTS3, takeover_after=600, seed=5)
        tok = harness.join(tid, "Sam")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            ws.until(my_turn("S"))
        version = harness.service.tables[tid].version
        assert version > 1
        for token in (tok, None):
            with harness.connect(tid) as ws:
                w = ws.hello(token)
                assert w["type"] == "welcome" and w["version"] == version
                first = ws.recv()
                assert first["type"] == "state" and first["version"] == version

    def test_bot_takes_over_after_timeout_and_gives_back(self, harness: Any) -> None:
        tid = harness.create(preset="couleur", seats=BOTS3, takeover_after=0.3, seed=2,
                             options={"deals": 4})
        tok = harness.join(tid, "Sam")
        with harness.connect(tid) as spy:
            spy.hello()
            with harness.connect(tid) as ws:
                ws.hello(tok)
                waiting = ws.until(my_turn("S"))
            # Sam is gone: the table waits for him a while, then a bot plays his seat
            t0 = time.monotonic()
            done = len(view(waiting)["actions"])
            m = spy.until(lambda m: m["type"] == "state" and m["version"] > waiting["version"]
                          and any(a["seat"] == "S" for a in view(m)["actions"][done:]))
            assert time.monotonic() - t0 >= 0.25
            assert next(x for x in m["table"]["seats"] if x["seat"] == "S")["bot_playing"]
            events = harness.service.storage.load(tid)
            assert any(e.kind == "action" and e.data["seat"] == "S" and e.data["by"] == "bot"
                       for e in events)
            # Sam comes back: the seat is his again and the table waits for him
            with harness.connect(tid) as ws:
                assert ws.hello(tok)["seat"] == "S"
                mine = ws.until(lambda m: m["type"] == "state" and (
                    m["match"]["over"] or view(m)["to_act"] == "S"))
                assert not next(x for x in mine["table"]["seats"] if x["seat"] == "S")["bot_playing"]
                if not mine["match"]["over"]:
                    time.sleep(0.5)
                    assert ws.state()["version"] == mine["version"]

    @staticmethod
    def _sam_with_three_bots(harness: Any) -> tuple[str, str]:
        """A table of three bots and Sam at South: its id and Sam's token."""
        tid = harness.create(preset="couleur", seats=BOTS3, takeover_after=600, seed=4,
                             options={"deals": 2})
        return tid, harness.join(tid, "Sam")

    @staticmethod
    def _leave_at_my_turn(ws: Any, token: str) -> dict[str, Any]:
        """Sam (``token``) waits for his turn and leaves: the state of his turn, once the
        ``welcome`` that follows has said he holds no seat."""
        ws.hello(token)
        at: dict[str, Any] = ws.until(my_turn("S"))
        assert view(at)["hand"]
        ws.send({"type": "leave"})
        assert ws.until(lambda m: m["type"] == "welcome")["seat"] is None
        return at

    def test_leave_frees_the_seat(self, harness: Any) -> None:
        tid, tok = self._sam_with_three_bots(harness)
        with harness.connect(tid) as ws:
            at = self._leave_at_my_turn(ws, tok)
            m = ws.until(lambda m: m["type"] == "state" and m["version"] > at["version"])
            seat = next(x for x in m["table"]["seats"] if x["seat"] == "S")
            assert seat["name"] is None and seat["bot_playing"]  # a bot plays the free seat at once
        with harness.connect(tid) as ws:
            assert ws.hello(tok)["code"] == "bad_token"
        tok2 = harness.join(tid, "Zoe", "S")
        with harness.connect(tid) as ws:
            assert ws.hello(tok2)["name"] == "Zoe"

    def test_a_connection_that_left_its_seat_watches(self, harness: Any) -> None:
        """docs/protocol.md, ``leave``: after the ``welcome`` with ``"seat": null`` the connection is a
        spectator's. It cannot act for the seat it gave up (``not_seated``, even with a legal action at
        the current version), its states say ``you.seat`` null with an empty hand, and once someone
        else sits there it is sent none of that person's cards."""
        tid, tok = self._sam_with_three_bots(harness)
        with harness.connect(tid) as ws:
            at = self._leave_at_my_turn(ws, tok)
            m = ws.until(lambda m: m["type"] == "state")
            assert m["you"] == {"seat": None, "name": None, "auto": False} and view(m)["hand"] == []
            ws.send({"type": "act", "action": view(at)["legal"][0]["text"], "version": at["version"]})
            assert ws.until(lambda m: m["type"] == "error")["code"] == "not_seated"
            harness.join(tid, "Zoe", "S")
            m = ws.until(lambda m: m["type"] == "state" and m["table"]["seats"][2]["name"] == "Zoe")
            assert m["you"]["seat"] is None and view(m)["hand"] == [] and view(m)["legal"] == []
            zoe = {c.text for c in harness.service.tables[tid].match.view(harness_seat("S")).hand}
            assert zoe and not zoe & set(re.findall(r'"([2-9TJQKA][SHDC])"', json.dumps(m)))

    def test_the_seat_of_a_player_away_is_taken_once_a_bot_plays_it(self, harness: Any) -> None:
        """Sam's phone dies in the middle of a deal: he cannot say « Quitter » from it, and his seat
        held his token for good, so that he could not sit again from another device nor a friend
        play on for him. While the table waits for him (``takeover_after``) his seat is taken;
        once a bot plays it, anyone with the table's link may take it by name, and Sam's old token
        holds it no more (his phone, back, watches)."""
        tid, tok = sam_away_at_his_turn(harness)
        table = harness.service.tables[tid]
        r = harness.client.post(f"/api/tables/{tid}/join", json={"name": "Sam", "seat": "S"})
        assert r.status_code == 409 and r.json()["error"]["message"].startswith(
            "South is Sam's, away for a short while"), r.text
        clock = table.clock
        table.clock = lambda: clock() + 601.0  # away past takeover_after: a bot plays South
        assert table.controller(harness_seat("S")) == "bot"
        with harness.connect(tid) as spy:
            spy.hello()
            seats = spy.until(lambda m: m["type"] == "state")["table"]["seats"]
            south = next(x for x in seats if x["seat"] == "S")
            assert south["name"] == "Sam" and south["bot_playing"] and south["takeable"]  # offered
            # any seat asked for without a name is still a free one only
            r = harness.client.post(f"/api/tables/{tid}/join", json={"name": "Zoe"})
            assert r.status_code == 409 and "no free seat" in r.json()["error"]["message"], r.text
            tok2 = harness.join(tid, "Sam", "S")
            assert table.seat_of(tok2) == harness_seat("S") and table.seat_of(tok) is None
        with harness.connect(tid) as ws:
            assert ws.hello(tok)["code"] == "bad_token"  # the dead phone's token
        with harness.connect(tid) as ws:
            w = ws.hello(tok2)
            assert w["seat"] == "S" and w["name"] == "Sam"
            assert view(ws.until(lambda m: m["type"] == "state"))["hand"]
        events = harness.service.storage.load(tid)
        joins = [e.data["name"] for e in events if e.kind == "join"]
        assert joins == ["Sam", "Sam"]
        rebuilt = type(table).rebuild(tid, events, harness.service.storage)
        assert rebuilt.seat_of(tok2) == harness_seat("S") and rebuilt.seat_of(tok) is None

    def test_the_seat_of_a_player_back_is_his_again(self, harness: Any, monkeypatch: Any) -> None:
        """docs/protocol.md, ``join``: a seat is taken from its player only while nobody holding its
        token is connected. Sam was away long enough that a bot played for him; his phone is back
        (connected again) at his turn, before he acts: South is not ``takeable`` any more, and a
        join asking for it is refused, ``409 seat_unavailable``. (The bot's next thought for South
        is held meanwhile, so that the table stands still at Sam's turn.)"""
        import threading

        import whist.server.bots as bots_mod

        think = bots_mod.think
        thoughts, second, release = [0], threading.Event(), threading.Event()

        def held_think(name: str, budget: float | None, view: Any, rng: Any) -> Any:
            if view.seat is harness_seat("S"):
                thoughts[0] += 1
                if thoughts[0] > 1:  # the bot has played for Sam once: it holds the next move
                    second.set()
                    release.wait(10)
            return think(name, budget, view, rng)

        monkeypatch.setattr(bots_mod, "think", held_think)
        tid, tok = sam_away_at_his_turn(harness)
        table = harness.service.tables[tid]
        clock = table.clock
        table.clock = lambda: clock() + 601.0  # away past takeover_after: a bot plays South
        try:
            with harness.connect(tid) as spy:
                spy.hello()
                assert second.wait(10), "the bot did not play South"
                assert harness_seat("S") in table.bot_moved and table.may_take(harness_seat("S"))
                with harness.connect(tid) as ws:
                    assert ws.hello(tok)["seat"] == "S"
                    m = ws.until(lambda m: m["type"] == "state" and m["table"]["seats"][2]["connected"])
                    assert view(m)["to_act"] == "S" and harness_seat("S") in table.bot_moved
                    for seats in (m["table"]["seats"],
                                  harness.client.get(f"/api/tables/{tid}").json()["table"]["seats"],
                                  harness.client.get("/api/tables").json()["tables"][0]["seats"]):
                        south = seats[2]
                        assert south["name"] == "Sam" and not south["bot_playing"] and not south["takeable"]
                    r = harness.client.post(f"/api/tables/{tid}/join", json={"seat": "S", "name": "Zoe"})
                    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_unavailable", r.text
                    assert r.json()["error"]["message"] == "South is taken"
                    assert table.seat_of(tok) == harness_seat("S")
        finally:
            release.set()

    def test_a_name_held_at_the_table_is_refused(self, harness: Any) -> None:
        """Anne sits at South; a second person asking for North as « anne » (case and blanks
        aside, the same name) is refused, in both languages, and may sit under another name; a
        bot's name is no player's (the page calls a bot by its seat's name)."""
        tid = harness.create(seats={"W": "random"})
        harness.join(tid, "Anne", "S")
        c = harness.client
        for typed in ("Anne", "  aNNe\t"):
            r = c.post(f"/api/tables/{tid}/join", json={"name": typed, "seat": "N"})
            assert r.status_code == 409 and r.json()["error"] == {
                "code": "name_taken",
                "message": "Anne already plays at this table (South): choose another name",
                "message_fr": "Anne joue déjà à cette table (place Sud) : choisissez un autre nom"}, r.text
        r = c.post(f"/api/tables/{tid}/join", json={"name": "anne"})  # any free seat: the same
        assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
        assert c.post(f"/api/tables/{tid}/join", json={"name": "Anne B", "seat": "N"}).status_code == 200
        assert c.post(f"/api/tables/{tid}/join", json={"name": "random", "seat": "E"}).status_code == 200
        names = [s["name"] for s in c.get(f"/api/tables/{tid}").json()["table"]["seats"]]
        assert names == ["Anne B", "random", "Anne", None]

    def test_a_name_is_free_again_once_its_player_left(self, harness: Any) -> None:
        tid = harness.create(seats={"W": "random"})
        tok = harness.join(tid, "Anne", "S")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            ws.send({"type": "leave"})
            ws.until(lambda m: m["type"] == "welcome" and m["seat"] is None)
        assert harness.join(tid, "Anne", "N")

    def test_a_seat_is_not_taken_from_a_player_who_just_sat_down(self, harness: Any) -> None:
        """However short ``takeover_after`` (0 here: a bot plays at once for anyone away), a seat
        is taken from its player only once he has been away ``Table.TAKE_GRACE`` seconds: Zoe,
        who sat down and whose page has not connected yet, kept South for Bob, who asked for it
        the next instant. Before the game starts, nothing is taken: no bot plays anyone yet."""
        tid = harness.create(preset="couleur", seats={"E": "heuristic", "W": "heuristic"},
                             takeover_after=0, seed=4, options={"deals": 2})
        table = harness.service.tables[tid]
        harness.join(tid, "Zoe", "S")
        clock = table.clock
        table.clock = lambda: clock() + 3600.0
        r = harness.client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "seat": "S"})
        assert r.status_code == 409 and r.json()["error"]["message"] == "South is taken", r.text
        table.clock = clock
        harness.join(tid, "Ann", "N")  # every open seat taken: the game starts
        assert table.started
        south = table.table_json()["seats"][2]
        assert south["bot_playing"] and not south["takeable"]  # what the page offers: nothing
        r = harness.client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "seat": "S"})
        assert r.status_code == 409, r.text
        error = r.json()["error"]
        assert error["message"] == ("South is Zoe's, away for a short while: it may be taken once a bot"
                                    " plays it, after 30 seconds at the least"), error
        assert error["message_fr"] == ("la place Sud est celle de Zoe, dont l'absence est récente :"
                                       " elle se prend dès qu'un robot la joue, après 30 secondes"
                                       " d'absence au moins"), error
        table.clock = lambda: clock() + 31.0
        assert table.table_json()["seats"][2]["takeable"]
        assert harness.join(tid, "Bob", "S")

    def test_a_server_process_that_loads_the_table_knows_a_bot_played_for_him(
            self, harness: Any) -> None:
        """Where a bot played for the player away, a server process that has just loaded the
        table from its log (after a restart, or another process's) counts him away from then on,
        as every process does, but knows from the log that a bot played for him: his seat may be
        taken there once he has been away ``TAKE_GRACE`` seconds, not ``takeover_after`` (600)."""
        tid, _ = sam_away_at_his_turn(harness)
        table = harness.service.tables[tid]
        clock = table.clock
        table.clock = lambda: clock() + 601.0
        with harness.connect(tid) as spy:  # a bot plays South's turn
            spy.hello()
            spy.until(lambda m: m["type"] == "state" and any(
                a["seat"] == "S" for a in view(m)["actions"]))
        events = harness.service.storage.load(tid)
        assert any(e.kind == "action" and e.data["by"] == "bot" for e in events)
        fresh = type(table).rebuild(tid, events, harness.service.storage)
        assert harness_seat("S") in fresh.bot_moved
        assert not fresh.may_take(harness_seat("S"))  # away for no time yet, in that process
        at = fresh.clock()
        fresh.clock = lambda: at + fresh.TAKE_GRACE
        assert fresh.controller(harness_seat("S")) == "away" and fresh.may_take(harness_seat("S"))

    def test_leave_once_the_game_is_over_is_refused(self, harness: Any) -> None:
        """A leave after the last card was taken: the finished game lost its South in its record,
        its deals and the list of tables, and for good (a leave is an event of the log). It is
        refused (`illegal`), and the record still names Ann."""
        from test_server_again import SPEC

        tid = harness.create(**SPEC)
        tok = harness.join(tid, "Ann", "S")
        with harness.connect(tid) as ws:  # a bot plays for Ann, who is away, to the end
            ws.hello()
            ws.until(lambda m: m["type"] == "state" and m["over"], timeout=30)
        record = harness.client.get(f"/api/tables/{tid}/record").json()
        assert record["players"]["S"] == "Ann"
        with harness.connect(tid) as ws:
            assert ws.hello(tok)["seat"] == "S"
            ws.send({"type": "leave"})
            err = ws.until(lambda m: m["type"] == "error")
            assert err["code"] == "illegal" and "this game is over" in err["message"]
            assert "cette partie est finie" in err["message_fr"]
        assert harness.client.get(f"/api/tables/{tid}/record").json() == record
        with harness.connect(tid) as ws:
            assert ws.hello(tok)["seat"] == "S"  # the token still holds the seat

    def test_a_free_seat_of_a_finished_game_is_not_taken(self, harness: Any) -> None:
        """docs/protocol.md, ``join``: ``409 seat_unavailable`` once the game is over. Ann sat South
        and left: a bot played the free seat to the end. Nobody sits there afterwards, asking for
        that seat or for any free one: the finished game's players stay as they were."""
        from test_server_again import SPEC

        tid = harness.create(**SPEC)
        tok = harness.join(tid, "Ann", "S")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            ws.send({"type": "leave"})
            ws.until(lambda m: m["type"] == "welcome" and m["seat"] is None)
            m = ws.until(lambda m: m["type"] == "state" and m["over"], timeout=30)
            assert m["table"]["seats"][2]["name"] is None
        before = snapshot(harness, tid)
        for body in ({"name": "Zoe", "seat": "S"}, {"name": "Zoe"}):
            r = harness.client.post(f"/api/tables/{tid}/join", json=body)
            assert r.status_code == 409, r.text
            assert r.json()["error"] == {"code": "seat_unavailable", "message": "this game is over",
                                         "message_fr": "cette partie est finie"}
        assert snapshot(harness, tid) == before

    def test_each_action_keeps_who_sat_at_its_seat_then(self, harness: Any) -> None:
        """Sam plays a card at South and leaves; a bot plays South; Zoe sits there in the middle
        of the deal. The state's ``sitters`` say who made each of South's actions (Sam's, the
        bot's, Zoe's from then on), for a player, a spectator, after a reload of the log, and in
        the deal's replay."""
        from whist.server.table import Table

        tid = harness.create(preset="classic", seats={"E": "heuristic", "W": "heuristic"},
                             takeover_after=600, seed=5)
        ann, sam = harness.join(tid, "Ann", "N"), harness.join(tid, "Sam", "S")
        with harness.connect(tid) as wa, harness.connect(tid) as ws:
            wa.hello(ann)
            ws.hello(sam)
            while view(m := wa.until(lambda m: my_turn("N")(m) or my_turn("S")(m)))["to_act"] == "N":
                wa.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            m = ws.until(my_turn("S"))
            played = len(view(m)["actions"])  # Sam's card: the deal's action number ``played``
            ws.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            ws.until(lambda m: m["type"] == "state" and len(view(m)["actions"]) > played)
            ws.send({"type": "leave"})
            left = wa.until(lambda m: m["type"] == "state" and len(m["deal"]["sitters"]["S"]) == 2)
            gone = left["deal"]["sitters"]["S"][1]["from"]
            assert left["deal"]["sitters"]["S"] == [{"from": 0, "name": "Sam"}, {"from": gone, "name": None}]
            assert gone > played
            # Ann plays on until the bot has played at South since Sam left
            m = left
            while not (my_turn("N")(m) and any(a["seat"] == "S" for a in view(m)["actions"][gone:])):
                if my_turn("N")(m):
                    wa.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
                m = wa.until(lambda m: m["type"] == "state")
            came = len(view(m)["actions"])  # the table waits for Ann meanwhile
            zoe = harness.join(tid, "Zoe", "S")
            m = wa.until(lambda m: m["type"] == "state" and len(m["deal"]["sitters"]["S"]) == 3)
            sitters = m["deal"]["sitters"]
            assert sitters == {"N": [{"from": 0, "name": "Ann"}], "E": [{"from": 0, "name": None}],
                               "S": [{"from": 0, "name": "Sam"}, {"from": gone, "name": None},
                                     {"from": came, "name": "Zoe"}],
                               "W": [{"from": 0, "name": None}]}
            assert len(view(m)["actions"]) == came and m["deal"]["number"] == 1
            with harness.connect(tid) as spectator:
                spectator.hello()
                assert spectator.until(lambda m: m["type"] == "state")["deal"]["sitters"] == sitters
            t = harness.service.tables[tid]
            rebuilt = Table.rebuild(tid, harness.service.storage.load(tid), harness.service.storage)
            assert rebuilt.sitters(1) == t.sitters(1) == sitters
            assert t.sitters(2)["S"] == [{"from": 0, "name": "Zoe"}]  # the next deal: Zoe's from its start
            assert t.players() is None  # South changed hands: no one name says who played it
            wa.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            wa.send({"type": "leave"})
            wa.until(lambda m: m["type"] == "welcome")
        with harness.connect(tid) as wz:  # Zoe plays a card, then leaves: bots play the deal out
            wz.hello(zoe)
            m = wz.until(my_turn("S"))
            wz.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            wz.until(lambda x: x["type"] == "state" and x["version"] > m["version"])
            wz.send({"type": "leave"})
            wz.until(lambda m: m["type"] == "welcome" and m["seat"] is None)
        # the deal's replay names them too: Ann's cards hers, up to her leaving, Zoe's hers
        end = time.monotonic() + 30
        while not harness.client.get(f"/api/tables/{tid}/deals").json()["deals"]:
            assert time.monotonic() < end
            time.sleep(0.05)
        replay = harness.client.get(f"/api/tables/{tid}/deals/1/view").json()["sitters"]
        assert [x["name"] for x in replay["N"]] == ["Ann", None]
        assert [x["name"] for x in replay["S"]] == ["Sam", None, "Zoe", None]
        assert replay["S"][:3] == sitters["S"] and [replay["E"], replay["W"]] == [sitters["E"], sitters["W"]]

    def test_a_deals_sitters_do_not_name_who_sat_down_in_a_later_deal(self, harness: Any) -> None:
        """``sitters`` (docs/protocol.md, ``GET /api/tables/{id}/deals/{n}/view``): who sat at each
        seat during that deal. Sam played deal 1 at South while a bot played the free North; Zoe sits
        at North in deal 2. Deal 1's replay still says a bot played North all along, deal 2's state
        names Zoe from her first action on."""
        tid, tok = sam_at_south(harness, takeover_after=600, options={"deals": 3})
        with harness.connect(tid) as ws:
            m = start_and_play_deal_one(ws, tok)
            assert m["deal"]["number"] == 1
            # deal 2 is on, and cannot end before Sam plays: the table waits for him
            ws.until(lambda m: my_turn("S")(m) and m["deal"]["number"] == 2)
            harness.join(tid, "Zoe", "N")
            m = ws.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["name"] == "Zoe")
            assert m["deal"]["number"] == 2 and not view(m)["is_over"]
            assert m["deal"]["sitters"]["N"][-1]["name"] == "Zoe"
        deal1 = {"N": [{"from": 0, "name": None}], "E": [{"from": 0, "name": None}],
                 "S": [{"from": 0, "name": "Sam"}], "W": [{"from": 0, "name": None}]}
        replay = harness.client.get(f"/api/tables/{tid}/deals/1/view").json()
        assert replay["number"] == 1 and replay["sitters"] == deal1
        assert harness.service.tables[tid].sitters(1) == deal1

    def test_start_fills_empty_seats_and_next_deals_at_once(self, harness: Any) -> None:
        tid = harness.create(preset="couleur", deal_pause=600, options={"deals": 2}, seed=9)
        tok = harness.join(tid, "Sam", "S")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            assert not ws.state()["table"]["started"]
            ws.send({"type": "start"})
            m = ws.until(lambda m: m["type"] == "state" and m["deal"] is not None)
            assert m["table"]["started"] and all(x["bot_playing"] for x in m["table"]["seats"]
                                                 if x["seat"] != "S")
            # play the first deal to its end: S always takes his first legal action
            while True:
                m = ws.until(lambda m: m["type"] == "state" and (
                    view(m)["is_over"] or view(m)["to_act"] == "S"))
                if view(m)["is_over"]:
                    break
                ws.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            number = m["deal"]["number"]
            time.sleep(0.2)
            assert ws.state()["deal"]["number"] == number  # the pause: no new deal yet
            ws.send({"type": "next"})
            m = ws.until(lambda m: m["type"] == "state" and m["deal"]["number"] == number + 1)
            assert not view(m)["is_over"]
            # a finished deal as this seat saw it, and its record only once the game is over
            c = harness.client
            seen = c.get(f"/api/tables/{tid}/deals/1/view", headers={"Authorization": f"Bearer {tok}"})
            assert seen.status_code == 200 and seen.json()["view"]["seat"] == "S"
            assert c.get(f"/api/tables/{tid}/deals/1/view").json()["view"]["hand"] == []
            assert c.get(f"/api/tables/{tid}/deals/1/view",
                         headers={"Authorization": "Bearer nope"}).status_code == 403
            assert c.get(f"/api/tables/{tid}/deals/1/record").status_code == 403
            assert c.get(f"/api/tables/{tid}/record").status_code == 403
            listed = c.get(f"/api/tables/{tid}/deals").json()
            assert listed["deals"][0]["number"] == 1 and not listed["records_available"]
            # made or failed per declarer, as the engine tells it (none for a passed deal)
            first = listed["deals"][0]
            table = harness.service.tables[tid]
            assert first["made"] == {s.name: ok for s, ok in table.match.deals[0].made().items()}
            assert set(first["made"]) == set(first["result"]["declarers"])


    def test_next_counts_only_once_a_deal_is_over(self, harness: Any) -> None:
        """``next`` says the deal's summary was read: sent during a deal (a double click on the
        button, whose second click reaches the server after the next deal was dealt) it is ignored,
        so that the end of that deal still waits for the player (docs/protocol.md)."""
        tid = harness.create(preset="couleur", seats=BOTS3, deal_pause=600, options={"deals": 2}, seed=9)
        tok = harness.join(tid, "Sam", "S")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            m = ws.until(my_turn("S"))
            ws.send({"type": "next"})
            m = play_first_legal_to_the_end(ws, m)
            me = next(x for x in m["table"]["seats"] if x["seat"] == "S")
            assert not me["ready"] and m["deal"]["number"] == 1
            assert harness.service.tables[tid].match.needs_deal  # the pause of 600 s: no next deal

    def test_the_time_to_the_next_deal_survives_a_reload(self, harness: Any) -> None:
        """Once a deal is over the state says in how many seconds the next one comes (unless every
        player sends ``next``), from the end of the deal: a page loaded again 100 s later counts
        down from 500 s, not from the whole pause of 600 s again."""
        tid = harness.create(preset="couleur", seats=BOTS3, deal_pause=600, options={"deals": 2}, seed=9)
        tok = harness.join(tid, "Sam", "S")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            m = ws.until(lambda m: m["type"] == "state" and m["deal"] is not None)
            assert "next_in" not in m["deal"]  # a deal in play
            m = play_first_legal_to_the_end(ws, m)
            assert 590 < m["deal"]["next_in"] <= 600
        table = harness.service.tables[tid]
        clock = table.clock
        table.clock = lambda: clock() + 100.0
        with harness.connect(tid) as ws:
            ws.hello(tok)
            again = ws.until(lambda m: m["type"] == "state")
            assert again["deal"]["number"] == m["deal"]["number"]
            assert 490 < again["deal"]["next_in"] <= 500

    def test_a_join_or_leave_between_deals_does_not_put_off_the_next_deal(self, harness: Any) -> None:
        """The next deal comes ``deal_pause`` after the end of the last one: a person taking the
        free seat, or giving his up, during the pause neither starts it again nor shows a new
        countdown (``next_in`` counts from the end of the deal)."""
        tid, tok = sam_at_south(harness, deal_pause=600, options={"deals": 2})
        with harness.connect(tid) as ws:
            m = start_and_play_deal_one(ws, tok)
            assert 590 < m["deal"]["next_in"] <= 600
            table = harness.service.tables[tid]
            clock = table.clock
            table.clock = lambda: clock() + 100.0
            due = table.next_deal_due()
            north = harness.join(tid, "Nora", "N")  # 100 s into the pause
            m = ws.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["name"] == "Nora")
            assert 490 < m["deal"]["next_in"] <= 500 and table.next_deal_due() == due
            with harness.connect(tid) as n:
                n.hello(north)
                n.send({"type": "leave"})
                m = ws.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["name"] is None)
            assert 490 < m["deal"]["next_in"] <= 500 and table.next_deal_due() == due


def harness_seat(name: str) -> Any:
    from whist.cards import Seat

    return Seat[name]


def test_records_after_the_game(harness: Any) -> None:
    tid = harness.create(preset="pagat", seats={s: "random" for s in "NESW"}, options={"deals": 2})
    with harness.connect(tid) as ws:
        ws.hello()
        ws.until(lambda m: m["type"] == "state" and m["match"]["over"])
    c = harness.client
    n = len(c.get(f"/api/tables/{tid}/deals").json()["deals"])
    rec = c.get(f"/api/tables/{tid}/deals/{n}/record")
    assert rec.status_code == 200 and rec.json()["format"] == "whist-record/1"
    assert "attachment" in rec.headers["content-disposition"]
    match = c.get(f"/api/tables/{tid}/record").json()
    assert match["format"] == "whist-match/1" and len(match["deals"]) == n
    assert match["players"] == dict.fromkeys("NESW", "random")  # who played each seat
    from whist.record import replay

    assert replay(match).is_over
    assert c.get(f"/api/tables/{tid}/deals/{n + 1}/record").status_code == 404
    # a number too large for the database's integers is no deal either, not a server error
    for number in (0, -1, 2**63, 10**30):
        r = c.get(f"/api/tables/{tid}/deals/{number}/record")
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


def test_the_record_names_who_played_each_seat_where_no_seat_changed_hands(harness: Any) -> None:
    """A game's record says who played each seat (``players``, docs/engine.md): the person who
    sat there from the first action on, or the bot at a seat nobody took (an open seat's, the
    substitute); none where a seat changed hands (``test_each_action_keeps_who_sat_at_its_seat_then``)."""
    from whist.cards import Seat

    tid = harness.create(preset="classic", seats={"E": "heuristic", "W": "random"}, takeover_after=600,
                         seed=5)
    harness.join(tid, "Ann", "N")
    t = harness.service.tables[tid]
    assert t.players() == {Seat.N: "Ann", Seat.E: "heuristic", Seat.S: t.bot_name(Seat.S),
                           Seat.W: "random"}
    assert t.bot_name(Seat.S) == t.settings.substitute


def test_an_authorization_header_that_is_no_bearer_token_is_refused(harness: Any) -> None:
    """A deal's view is a seat's with ``Authorization: Bearer <token>`` and a spectator's without
    the header (docs/protocol.md). A client that sends the header in another form (the token
    alone, another scheme, ``Bearer`` with nothing after it) is told so, rather than handed the
    spectator's view, without the hand it asked for, as if all were well."""
    tid = harness.create(preset="pagat", seats={s: "random" for s in "NESW"}, options={"deals": 1})
    with harness.connect(tid) as ws:
        ws.hello()
        ws.until(lambda m: m["type"] == "state" and m["over"])
    c = harness.client
    url = f"/api/tables/{tid}/deals/1/view"
    assert c.get(url).json()["view"]["seat"] is None
    for header in ("R770Dyn5G6Q44VU22-o6yZ9c5k-J2fPT", "Basic YW5uZTp4", "Bearer", "Token abc"):
        r = c.get(url, headers={"Authorization": header})
        error = r.json()["error"]
        assert r.status_code == 403 and error["code"] == "bad_token", (header, r.text)
        assert "Bearer" in error["message"] and "Bearer" in error["message_fr"]


def test_a_slow_client_gets_the_latest_state_and_every_result() -> None:
    from whist.server.connection import OTHER, STATE, STATE_WITH_MATCH, Connection

    c = Connection()
    c.push("welcome")
    c.push("s1", STATE)
    c.push("s2", STATE)  # replaces s1, not yet sent
    c.push("s3 with results", STATE_WITH_MATCH)  # replaces s2
    c.push("s4", STATE)  # must not replace a state that carries the results
    c.push("error", OTHER)
    c.push("s5", STATE)
    assert [text for _, text in c._queue] == ["welcome", "s3 with results", "s4", "error", "s5"]


def sam_at_south(harness: Any, **spec: Any) -> tuple[str, str]:
    """A table of colour whist (seed 9) with bots at East and West, North free and Sam at South:
    its id and Sam's token."""
    tid = harness.create(preset="couleur", seats={"E": "heuristic", "W": "heuristic"}, seed=9, **spec)
    return tid, harness.join(tid, "Sam", "S")


def start_and_play_deal_one(ws: Any, token: str) -> dict[str, Any]:
    """Sam (``token``) starts the table, a bot playing the free North, and plays deal 1 out
    (:func:`play_first_legal_to_the_end`); the state that says it is over."""
    ws.hello(token)
    ws.send({"type": "start"})
    m = ws.until(lambda m: m["type"] == "state" and m["deal"] is not None)
    return play_first_legal_to_the_end(ws, m)


def play_first_legal_to_the_end(ws: Any, m: dict[str, Any]) -> dict[str, Any]:
    """South plays his first legal action at each turn until the deal of state ``m`` is over;
    the state that says it is over."""
    while not view(m)["is_over"]:
        if view(m)["to_act"] == "S":
            ws.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
        m = ws.until(lambda m: m["type"] == "state" and (view(m)["is_over"] or view(m)["to_act"] == "S"))
    return m


def test_next_said_again_sends_nothing_again(harness: Any) -> None:
    """A player who is ready already and says so again (a flood of next) changes nothing: no state
    to every connection at the table each time. (Two players, North and South: once the deal is
    over South says next, North has not yet.)"""
    tid = harness.create(preset="couleur", seats={"E": "heuristic", "W": "heuristic"}, deal_pause=600,
                         options={"deals": 2}, seed=9)
    tok = harness.join(tid, "Sam", "S")
    other = harness.join(tid, "Ann", "N")
    with harness.connect(tid) as ws, harness.connect(tid) as spy:
        ws.hello(tok)
        spy.hello(other)
        acted = -1  # the version of the last state a player acted on
        while True:
            m = ws.until(lambda m, a=acted: m["type"] == "state" and m["version"] > a
                         and m["deal"] is not None
                         and (view(m)["is_over"] or view(m)["to_act"] in ("N", "S")))
            if view(m)["is_over"]:
                break
            conn = ws if view(m)["to_act"] == "S" else spy
            mine = m if conn is ws else spy.until(
                lambda x, v=m["version"]: x["type"] == "state" and x["version"] == v)
            conn.send({"type": "act", "action": view(mine)["legal"][0]["text"], "version": m["version"]})
            acted = m["version"]
        ws.send({"type": "next"})
        m = ws.until(lambda m: m["type"] == "state" and m["table"]["seats"][2]["ready"])
        spy.until(lambda m: m["type"] == "state" and m["table"]["seats"][2]["ready"])
        for _ in range(3):
            ws.send({"type": "next"})
        ws.send({"type": "ping"})
        spy.send({"type": "ping"})
        assert ws.recv()["type"] == "pong" and spy.recv()["type"] == "pong"
        assert m["version"] == harness.service.tables[tid].version


def test_ping_before_hello(harness: Any) -> None:
    tid = harness.create()
    with harness.connect(tid) as ws:
        ws.send({"type": "ping"})
        assert ws.recv()["type"] == "pong"


def play_choices_to_deal_two(ws: Any, m: dict[str, Any]) -> dict[str, Any]:
    """From state ``m``, South plays his first legal action at each turn of deal 1 where he has a
    choice, and leaves each action the table takes for him (``you.auto``: his only one, his last
    card) to the table; the first state past deal 1 (its end, or deal 2 on already)."""
    while m["deal"] is None or (m["deal"]["number"] == 1 and not view(m)["is_over"]):
        if m["deal"] is not None and view(m)["to_act"] == "S" and not m["you"]["auto"]:
            ws.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
        m = ws.until(state_after(m["version"]))
    return m


def state_after(version: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a message is a state of a version past ``version``."""
    return lambda m: m["type"] == "state" and m["version"] > version


def south_actions(harness: Any, table_id: str) -> list[dict[str, Any]]:
    """The actions the log holds for South: seat, action and who took it (``by``)."""
    return [e.data for e in harness.service.storage.load(table_id)
            if e.kind == "action" and e.data["seat"] == "S"]


class TestForcedActions:
    """A connected player's only possible action (a lone call, his last card) is taken for him by
    the table (``"by": "forced"``); his state says so (``you.auto``)."""

    @staticmethod
    def _at_sams_last_card() -> tuple[Any, str]:
        """A table of classic whist (seed 3, no driver), three random bots and Sam at South,
        played to Sam's last card of deal 1, the table's to take for him: the table and the card."""
        import asyncio

        from whist.server.codec import only_action
        from whist.server.service import TableService, TableSpec
        from whist.server.storage import open_storage

        south = harness_seat("S")

        async def play() -> tuple[Any, str]:
            svc = TableService(open_storage("sqlite://"))
            t = await svc.create(TableSpec(preset="classic", seats={"N": "random", "E": "random",
                                                                    "W": "random"}, seed=3))
            await t.join(south, "Sam", "token-sam")
            while True:
                if t.match.needs_deal:
                    await t.deal_next()
                    continue
                seat = t.match.to_act
                assert seat is not None
                v = t.match.view(seat)
                only = only_action(v)
                if seat is south and only is not None:
                    return t, only
                await t.act(seat, v.legal[0].text, t.version, "human" if seat is south else "bot")

        return asyncio.run(play())

    def test_the_states_of_others_leave_a_players_forced_action(self) -> None:
        """The action the table takes for a player is kept for the state's version, for the
        driver, as his own state is made. The states of a spectator and of the other seats at that
        version, made after his (as a broadcast makes them, in the order the connections came),
        leave it: the table still takes his last card for him, and each state says ``auto`` of
        him alone."""
        t, card = self._at_sams_last_card()
        south = harness_seat("S")
        assert len(t.match.view(south).hand) == 1 and t.forced_action(south) == card
        assert json.loads(t.state_for(south))["you"]["auto"] is True
        for seat in (None, harness_seat("N"), harness_seat("E"), harness_seat("W")):
            assert json.loads(t.state_for(seat))["you"]["auto"] is False
            assert t.forced_action(south) == card
        assert json.loads(t.state_for(south))["you"]["auto"] is True
        t.storage.close()

    def test_a_players_last_card_is_taken_for_him_while_someone_watches(self, harness: Any) -> None:
        """Sam plays deal 1, and a spectator who came after him watches (each broadcast makes the
        spectator's state after Sam's): the table still takes Sam's last card for him."""
        tid, tok = TestSeats._sam_with_three_bots(harness)
        with harness.connect(tid) as ws:
            ws.hello(tok)
            with harness.connect(tid) as spy:
                spy.hello()
                play_choices_to_deal_two(ws, ws.until(lambda m: m["type"] == "state"))
                by = [a["by"] for a in south_actions(harness, tid)]
                assert by[-1] == "forced" and set(by) == {"human", "forced"}, by

    def test_a_move_taken_for_a_player_there_is_not_a_bots(self, harness: Any) -> None:
        """docs/protocol.md, ``join``: a seat is taken from a player away once a bot has played for
        him (or once he has been away ``takeover_after``). The table took Sam's last card of deal 1
        for him, connected (``"by": "forced"``): that is no bot's move. Gone afterwards, his seat is
        not taken once he has been away ``TAKE_GRACE`` (``takeover_after`` is 600 s), in this server
        process nor in one that loads the table from its log."""
        tid, tok = TestSeats._sam_with_three_bots(harness)
        with harness.connect(tid) as ws:
            ws.hello(tok)
            play_choices_to_deal_two(ws, ws.until(lambda m: m["type"] == "state"))
        assert south_actions(harness, tid)[-1]["by"] == "forced"
        table = harness.service.tables[tid]
        south = harness_seat("S")
        assert south not in table.bot_moved and not table.match.is_over
        clock = table.clock
        table.clock = lambda: clock() + table.TAKE_GRACE + 1.0
        assert table.controller(south) == "away" and not table.may_take(south)
        assert not table.table_json()["seats"][2]["takeable"]
        r = harness.client.post(f"/api/tables/{tid}/join", json={"name": "Zoe", "seat": "S"})
        assert r.status_code == 409 and r.json()["error"]["message"].startswith(
            "South is Sam's, away for a short while"), r.text
        assert table.seat_of(tok) == south
        fresh = type(table).rebuild(tid, harness.service.storage.load(tid), harness.service.storage)
        at = fresh.clock()
        fresh.clock = lambda: at + fresh.TAKE_GRACE + 1.0
        assert south not in fresh.bot_moved and not fresh.may_take(south)


class TestBots:
    """Bots think in worker threads, off the event loop, with the server's budget; a move
    thought for a table that changed meanwhile is dropped."""

    @staticmethod
    def slow(monkeypatch: Any, seconds: float) -> list[tuple[str, float | None]]:
        import whist.server.bots as bots_mod

        think = bots_mod.think
        calls: list[tuple[str, float | None]] = []

        def slow_think(name: str, budget: float | None, view: Any, rng: Any) -> Any:
            calls.append((name, budget))
            time.sleep(seconds)
            return think(name, budget, view, rng)

        monkeypatch.setattr(bots_mod, "think", slow_think)
        return calls

    def test_the_server_answers_while_a_bot_thinks(self, harness: Any, monkeypatch: Any) -> None:
        calls = self.slow(monkeypatch, 2.0)  # a bot thinking far longer than a pong may take
        tid = harness.create(preset="couleur", seed=3, options={"deals": 1},
                             seats={s: "pimc" for s in "NESW"})
        t = harness.service.tables[tid]
        with harness.connect(tid) as ws:
            ws.hello()
            # the bot threads are the process's: one may still finish a thought of an earlier
            # test's table before this one's begins
            end = time.monotonic() + 10
            while not calls or t.thinking is None:
                assert time.monotonic() < end, "no bot thought"
                time.sleep(0.01)
            t0 = time.monotonic()
            ws.flush()  # ping → pong while the bot thinks
            assert time.monotonic() - t0 < 1.0 and t.thinking is not None
            assert harness.client.get("/healthz").status_code == 200
        assert calls and set(calls) == {("pimc", 0.02)}, calls

    def test_a_move_thought_for_an_older_state_is_dropped(self, harness: Any, monkeypatch: Any) -> None:
        self.slow(monkeypatch, 0.8)
        tid = harness.create(preset="classic", seats=BOTS3, takeover_after=0.1, seed=5)
        tok = harness.join(tid, "Sam", "S")
        t = harness.service.tables[tid]
        with harness.connect(tid) as ws:
            ws.hello(tok)
            ws.until(my_turn("S"))
        end = time.monotonic() + 10
        while t.thinking is None or t.thinking.name != "S":  # Sam is away: a bot thinks for him
            assert time.monotonic() < end, "no bot took Sam's seat"
            time.sleep(0.01)
        with harness.connect(tid) as ws:
            ws.hello(tok)  # Sam is back before the bot has chosen, and plays himself
            m = ws.until(my_turn("S"))
            card = view(m)["legal"][-1]["text"]
            ws.send({"type": "act", "action": card, "version": m["version"]})
            ws.until(lambda x: x["type"] == "state" and x["version"] > m["version"])
            time.sleep(1.0)  # the bot has finished thinking by now
        by_s = [e.data for e in harness.service.storage.load(tid)
                if e.kind == "action" and e.data["seat"] == "S"]
        assert by_s == [{"seat": "S", "action": card, "by": "human"}]

    def test_a_move_thought_while_the_player_was_away_is_dropped_once_he_is_back(
            self, harness: Any, monkeypatch: Any) -> None:
        """The bot starts thinking for Sam, away past ``takeover_after``; Sam comes back before it
        has chosen and has not acted yet, so the table is still at the version the bot saw. The
        seat is his again: the bot's move is dropped, and the table waits for Sam (no ``by: bot``
        action, the same version, South still to act)."""
        import threading

        import whist.server.bots as bots_mod

        think = bots_mod.think
        thinking, release = threading.Event(), threading.Event()

        def held_think(name: str, budget: float | None, view: Any, rng: Any) -> Any:
            if view.seat is harness_seat("S"):  # the bot at South thinks until the test says
                thinking.set()
                release.wait(10)
            return think(name, budget, view, rng)

        monkeypatch.setattr(bots_mod, "think", held_think)
        tid = harness.create(preset="classic", seats=BOTS3, takeover_after=0.1, seed=5)
        tok = harness.join(tid, "Sam", "S")
        t = harness.service.tables[tid]
        own_move = t._own_move
        moved = threading.Event()

        async def noted_move(seat: Any, text: str, version: int, by: str) -> None:
            try:
                await own_move(seat, text, version, by)
            finally:
                if by == "bot" and seat is harness_seat("S"):
                    moved.set()

        monkeypatch.setattr(t, "_own_move", noted_move)
        try:
            with harness.connect(tid) as ws:
                ws.hello(tok)
                m = ws.until(my_turn("S"))
            assert thinking.wait(10), "no bot thought for Sam"  # Sam is away: a bot thinks for him
            with harness.connect(tid) as ws:
                assert ws.hello(tok)["seat"] == "S"
                back = ws.until(lambda x: x["type"] == "state" and x["table"]["seats"][2]["connected"])
                assert back["version"] == m["version"] == t.version
                release.set()
                assert moved.wait(10), "the bot's move never came to the table"
                now = ws.state()
                assert now["version"] == m["version"] and view(now)["to_act"] == "S"
                assert t.version == m["version"] and t.match.to_act is harness_seat("S")
                assert not [e for e in harness.service.storage.load(tid)
                            if e.kind == "action" and e.data["by"] == "bot" and e.data["seat"] == "S"]
        finally:
            release.set()


def test_with_nobody_there_the_next_deal_waits(harness: Any) -> None:
    tid = harness.create(preset="couleur", seats=BOTS3, takeover_after=0, options={"deals": 2}, seed=6)
    tok = harness.join(tid, "Sam")
    with harness.connect(tid) as ws:
        ws.hello(tok)  # the game starts; Sam goes at once, and a bot plays the deal for him
    t = harness.service.tables[tid]
    end = time.monotonic() + 30
    while not (t.match.deals and t.match.needs_deal):
        assert time.monotonic() < end, "the first deal did not end"
        time.sleep(0.02)
    time.sleep(0.3)
    assert t.match.needs_deal and len(t.match.deals) == 1  # nobody there: no next deal
    with harness.connect(tid) as ws:
        ws.hello()  # someone comes to watch: the next deal is dealt
        ws.until(lambda m: m["type"] == "state" and m["deal"] and m["deal"]["number"] == 2)


def test_a_bot_that_fails_is_replaced_for_the_move(tmp_path: Any, monkeypatch: Any) -> None:
    """A bot that raises does not stop the table: a simpler bot plays that move."""
    from fastapi.testclient import TestClient

    import whist.server.bots as bots_mod
    from whist.bots import get_bot
    from whist.server import create_app

    real = get_bot

    def broken(view: Any, rng: Any) -> Any:
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(bots_mod, "get_bot", lambda name, budget=None: broken if name == "pimc"
                        else real(name, budget))
    app = create_app(f"sqlite:///{tmp_path / 'w.db'}", bot_budget=0.0301)  # no bot made before
    with TestClient(app) as c:
        # no pause between deals: a deal that all four pass is dealt again (after the pause, 8 s
        # by default, which two or three such deals in a row took past the time allowed)
        tid = c.post("/api/tables", json={"preset": "couleur", "options": {"deals": 1}, "bot_delay": 0,
                                          "deal_pause": 0, "seats": {s: "pimc" for s in "NESW"}}).json()["id"]
        t = app.state.service.tables[tid]
        end = time.monotonic() + 20
        while not t.match.is_over:
            assert time.monotonic() < end, "the table stopped"
            time.sleep(0.02)


def test_idle_tables_leave_memory_and_come_back(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from whist.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'w.db'}", bot_budget=0.02, unload_after=0.3)
    svc = app.state.service
    with TestClient(app) as c:
        done = c.post("/api/tables", json={"preset": "pagat", "options": {"deals": 1}, "bot_delay": 0,
                                           "seats": {s: "random" for s in "NESW"}}).json()["id"]
        waiting = c.post("/api/tables", json={"seats": BOTS3}).json()["id"]
        end = time.monotonic() + 10
        while done in svc.tables or waiting in svc.tables:
            assert time.monotonic() < end, "the tables stayed in memory"
            time.sleep(0.02)
        assert c.get("/healthz").json() | {"ok": True} == {"ok": True, "tables": 0, "unloaded": 2}
        listed = c.get("/api/tables").json()
        assert listed["tables"] == []  # the waiting table, left: abandoned
        assert [x["id"] for x in listed["finished"]] == [done] and listed["finished"][0]["over"]
        # its listing alone, as the lobby lists it, does not bring a table back into memory
        mine = c.get(f"/api/tables/{waiting}/listing").json()
        assert (mine["id"], mine["over"], mine["started"]) == (waiting, False, False)
        assert c.get(f"/api/tables/{done}/listing").json() == listed["finished"][0]
        assert waiting not in svc.tables and done not in svc.tables
        assert c.get("/api/tables/nothing/listing").status_code == 404
        # asked for, a table comes back from its log: its record, a seat, its WebSocket
        assert c.get(f"/api/tables/{done}/record").json()["format"] == "whist-match/1"
        assert done in svc.tables and svc.tables[done].match.is_over
        tok = c.post(f"/api/tables/{waiting}/join", json={"name": "Sam"}).json()["token"]
        with c.websocket_connect(f"/api/tables/{waiting}/ws") as ws:
            ws.send_json({"type": "hello", "token": tok})
            assert ws.receive_json()["seat"] == "S"
            time.sleep(0.8)  # someone is connected: the table stays
            assert waiting in svc.tables
            assert [x["id"] for x in c.get("/api/tables").json()["tables"]] == [waiting]
        assert c.get("/api/tables/nothing").status_code == 404


def test_the_lobby_lists_the_tables_in_play_and_the_last_finished_apart(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``GET /api/tables``: ``tables`` are those in play, waiting for players or under way, newest
    first; a finished one is among ``finished``, the last ones to end, the last first, at most
    ``FINISHED_LISTED`` (older ones are reached by their link, their records and sheets kept); an
    abandoned one (nobody there, nothing done for ``unload_after``) is listed nowhere, until
    someone opens it again."""
    from fastapi.testclient import TestClient

    from whist.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'w.db'}", bot_budget=0.02, unload_after=1.0)
    svc = app.state.service
    assert svc.FINISHED_LISTED == 10
    monkeypatch.setattr(svc, "FINISHED_LISTED", 2)
    bots = {s: "random" for s in "NESW"}
    with TestClient(app) as c:
        def ids(key: str) -> list[str]:
            return [x["id"] for x in c.get("/api/tables").json()[key]]

        def create(**spec: Any) -> str:
            made: str = c.post("/api/tables", json={"bot_delay": 0, "deal_pause": 0, **spec}).json()["id"]
            return made

        done = []
        for deals in (2, 1, 1):  # the first created ends last: listed first
            done.append(create(preset="pagat", options={"deals": deals}, seats=bots))
            end = time.monotonic() + 20
            while not svc.tables[done[-1]].match.is_over:
                assert time.monotonic() < end, "the bots' game did not end"
                time.sleep(0.02)
        # made after the bots' games, which take more than unload_after on a busy machine: it
        # is still listed when the list is first read
        left = create(seats=BOTS3, name="left")  # nobody ever sits: abandoned
        waiting = create(seats=BOTS3, name="waiting")
        token = c.post(f"/api/tables/{waiting}/join", json={"name": "Sam"}).json()["token"]
        with c.websocket_connect(f"/api/tables/{waiting}/ws") as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["seat"] == "S"
            assert ids("tables") == [waiting, left]
            finished = c.get("/api/tables").json()["finished"]
            assert [x["id"] for x in finished] == [done[2], done[1]]  # the last two to end
            assert all(x["over"] and x["finished_at"] >= x["created_at"] for x in finished)
            assert finished[0]["finished_at"] >= finished[1]["finished_at"]
            end = time.monotonic() + 10
            while left in svc.tables or any(d in svc.tables for d in done):
                assert time.monotonic() < end, "the idle tables stayed in memory"
                time.sleep(0.05)
            assert ids("tables") == [waiting]  # abandoned: off the list; Sam's table stays
            assert ids("finished") == [done[2], done[1]]  # out of memory, still listed
        # every finished table is still there: its page, its deals, its record
        for d in done:
            assert c.get(f"/t/{d}").status_code == 200
            assert c.get(f"/api/tables/{d}/record").json()["format"] == "whist-match/1"
        assert c.get(f"/api/tables/{left}").status_code == 200  # opened again: in play again
        assert ids("tables") == [waiting, left]
        assert ids("finished") == [done[2], done[1]]

def test_tables_left_out_of_memory_do_not_fill_the_server() -> None:
    """Only tables in play count toward ``max_tables``: one nobody played or watched for
    ``unload_after`` seconds (waiting for players that never came, left mid-game) leaves memory
    and stops counting, also for a server started again; asked for again, it counts again."""
    import asyncio

    from whist.server.service import TableLimit, TableService, TableSpec
    from whist.server.storage import open_storage

    svc = TableService(open_storage("sqlite://"), unload_after=0, max_tables=1)
    waiting = asyncio.run(svc.create(TableSpec(seats=BOTS3)))
    with pytest.raises(TableLimit):
        asyncio.run(svc.create(TableSpec(seats=BOTS3)))
    assert asyncio.run(svc.sweep()) == [waiting.id] and svc.tables == {}
    restarted = TableService(svc.storage, unload_after=0, max_tables=1)
    restarted.load()  # a table under way is rebuilt at start (its bots go on), in play until swept
    assert restarted.in_play() == 1 and asyncio.run(restarted.sweep()) == [waiting.id]
    for service in (svc, restarted):
        second = asyncio.run(service.create(TableSpec(seats=BOTS3)))  # nothing else in play
        assert asyncio.run(service.sweep()) == [second.id]
        assert asyncio.run(service.get(waiting.id)) is not None  # asked for again: in play again
        assert service.in_play() == 1
        with pytest.raises(TableLimit):
            asyncio.run(service.create(TableSpec(seats=BOTS3)))
    svc.storage.close()


def page_words() -> tuple[str, str]:
    """The page's French and English words (the two tables of i18n.js), as text."""
    from whist.server.app import WEB_DIR

    js = (WEB_DIR / "i18n.js").read_text(encoding="utf-8")
    return js[js.index("const FR = {"):js.index("const EN = {")], js[js.index("const EN = {"):]


def test_the_page_says_the_seeds_french_terms() -> None:
    """The French page names things as the club's rules do (seed 003, RULES.md §5.4 rule 5): the
    option solo_supremacy is the "suprématie du solo", a declarer is a "preneur" (as on the score
    sheet and in the engine's French messages)."""
    from whist.rules import Rules

    french = page_words()[0]
    assert Rules.label("solo_supremacy", "fr") == "Suprématie du solo"
    assert 'declarer: "preneur"' in french
    assert "Primauté" not in french and "déclarant" not in french


def test_the_page_says_every_error_in_french() -> None:
    """What the French page shows of the server's words has a French text: every error code (of
    the WebSocket and of the HTTP routes). The rule options' names and meanings come from the
    server in both languages (`GET /api/presets`, tested above)."""

    from whist.server.protocol import ERRORS

    keys_fr = set(re.findall(r"\b(\w+):", page_words()[0]))
    http = {"bad_table", "invalid", "bad_join", "seat_unavailable", "hidden", "http_error", "network",
            "too_many_tables", "not_over", "name_taken"}
    assert {f"err_{c}" for c in (*ERRORS, *http)} <= keys_fr


def sam_away_at_his_turn(harness: Any) -> tuple[str, str]:
    """A table of colour whist, Sam at South against three bots (the table waits 600 seconds
    for a player away): Sam sees his first turn, then his connection closes. The table's id and
    Sam's token."""
    tid = harness.create(preset="couleur", seats=BOTS3, takeover_after=600, seed=4, options={"deals": 2})
    tok = harness.join(tid, "Sam")
    with harness.connect(tid) as ws:
        ws.hello(tok)
        ws.until(my_turn("S"))
    return tid, tok
