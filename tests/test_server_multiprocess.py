"""Two server processes on one PostgreSQL database (two apps, each with its own service, storage and
event loop, in this test process): a move made through one is seen through the other, one process
only drives a table's bots, a player connected to one keeps his seat while the other drives the
table, and when the driving process stops the other takes the table over."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, cast

import pytest
from conftest import WS
from fastapi import FastAPI
from fastapi.testclient import TestClient
from test_server_startup import postgresql

from whist.server import create_app
from whist.server.storage import SqlStorage, StoredEvent

WAIT = 20.0
"""Seconds any awaited event may take."""


class Counted(SqlStorage):
    """One process's storage, keeping every append it tried: what was stored, or tried, through it."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.tried: list[StoredEvent] = []

    def append(self, table_id: str, events: Sequence[StoredEvent],
               records: Sequence[tuple[int, Mapping[str, Any]]] = (),
               listing: Mapping[str, Any] | None = None) -> None:
        self.tried += events
        super().append(table_id, events, records, listing)

    def driven(self) -> list[StoredEvent]:
        """The events the table made by itself (bots' moves, deals, forced actions)."""
        return [e for e in self.tried if e.kind == "deal" or e.data.get("by") in ("bot", "forced")]


@pytest.fixture
def pg() -> Iterator[str]:
    """PostgreSQL (skipped without it); the tables the test stores are removed after."""
    with postgresql() as url:
        yield url


def server(storage: Counted) -> TestClient:
    return TestClient(create_app(storage=storage, bot_budget=0.02))


def drives(client: TestClient, table_id: str) -> bool:
    """Whether the process behind ``client`` drives the table."""
    service = cast(FastAPI, client.app).state.service
    return table_id in service.tables and bool(service.tables[table_id].driving)


def until(cond: Callable[[], bool], what: str) -> None:
    """Wait (at most WAIT seconds) until ``cond``."""
    done = threading.Event()
    for _ in range(int(WAIT / 0.02)):
        if cond():
            return
        done.wait(0.02)
    raise AssertionError(f"not within {WAIT} s: {what}")


class Player(threading.Thread):
    """A person at ``seat`` through ``ws`` (said hello already), in a thread of his own: plays the
    first legal action whenever it is his turn; keeps every state he is sent."""

    def __init__(self, ws: WS, seat: str) -> None:
        super().__init__(daemon=True)
        self.ws, self.seat = ws, seat
        self.states: list[dict[str, Any]] = []
        self.acted: list[int] = []
        """The versions at which he acted."""
        self.cond = threading.Condition()
        self.start()

    def run(self) -> None:
        with contextlib.suppress(Exception):  # the connection closed: the test is over
            while True:
                m = self.ws.recv(timeout=3 * WAIT)
                if m["type"] != "state":
                    continue
                view = m["deal"]["view"] if m["deal"] else None
                if (view and view["to_act"] == self.seat and not m["you"]["auto"]
                        and m["version"] not in self.acted):
                    self.ws.send({"type": "act", "action": view["legal"][0]["text"],
                                  "version": m["version"]})
                    self.acted.append(m["version"])
                with self.cond:
                    self.states.append(m)
                    self.cond.notify_all()

    def wait(self, cond: Callable[[], bool], what: str) -> None:
        with self.cond:
            assert self.cond.wait_for(cond, WAIT), f"not within {WAIT} s: {what}"


def join(client: TestClient, table_id: str, name: str, seat: str) -> str:
    r = client.post(f"/api/tables/{table_id}/join", json={"name": name, "seat": seat})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def create(client: TestClient, **spec: Any) -> str:
    r = client.post("/api/tables", json={"bot_delay": 0, "deal_pause": 0, "seed": 7, **spec})
    assert r.status_code == 201, r.text
    table_id: str = r.json()["id"]
    return table_id


@contextlib.contextmanager
def tabs(a: TestClient, b: TestClient, table_id: str, token_a: str, token_b: str) -> Iterator[tuple[WS, WS]]:
    """A page of the table open through A and one through B, each said hello with its token."""
    with a.websocket_connect(f"/api/tables/{table_id}/ws") as wa, \
            b.websocket_connect(f"/api/tables/{table_id}/ws") as wb:
        tab_a, tab_b = WS(wa), WS(wb)
        tab_a.hello(token_a)
        tab_b.hello(token_b)
        yield tab_a, tab_b


def test_a_move_made_through_one_process_is_seen_through_the_other(pg: str) -> None:
    with server(Counted(pg)) as a, server(Counted(pg)) as b:
        tid = create(a, seats={"N": "random", "E": "random"}, takeover_after=600)
        sue = join(a, tid, "Sue", "S")
        will = join(b, tid, "Will", "W")
        with tabs(a, b, tid, sue, will) as (ws_a, ws_b):
            s, w = Player(ws_a, "S"), Player(ws_b, "W")
            for n in range(1, 4):  # three of Will's moves, made through B: Sue sees each in A
                w.wait(lambda: len(w.acted) >= n, f"Will's move {n}")  # noqa: B023 - waited here
                v = w.acted[n - 1]
                s.wait(lambda: any(m["version"] > v for m in s.states),  # noqa: B023 - waited here
                       f"Sue, through A, sees Will's move at version {v}")


def test_a_seat_taken_through_one_process_is_greeted_by_the_other_before_its_news(
        pg: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Behind one address (docs/hosting.md: nginx over several processes) the join and the
    WebSocket may go to two processes: the second greets the new token even before the news of
    the join reaches it. It answered bad_token (the page then forgets the token, and its seat,
    taken under the player's name, cannot be joined again); it reads the events stored since."""
    from whist.server.service import TableService

    with server(Counted(pg)) as a, server(Counted(pg)) as b:
        tid = create(a, seats={"E": "random", "S": "random", "W": "random"}, takeover_after=600)
        assert b.get(f"/api/tables/{tid}").status_code == 200  # B holds the table too
        monkeypatch.setattr(TableService, "_heard", lambda self, table_id, count: None)  # no news
        nina = join(a, tid, "Nina", "N")
        with b.websocket_connect(f"/api/tables/{tid}/ws") as wb:
            welcome = WS(wb).hello(nina)
            assert welcome["type"] == "welcome" and welcome["seat"] == "N", welcome
            assert welcome["name"] == "Nina"
        with b.websocket_connect(f"/api/tables/{tid}/ws") as wb:
            ws = WS(wb)
            refused = ws.hello("not-a-token")  # a token no process gave is still refused
            assert refused["type"] == "error" and refused["code"] == "bad_token", refused


def test_a_table_made_through_one_process_is_in_the_lobby_of_the_other(pg: str) -> None:
    """Behind one address the lobby may be asked of any process: each lists the tables in play,
    those made through the others too. A process listed only the tables it held, and a table
    made through another came into it only once someone opened its link there."""
    with server(Counted(pg)) as a, server(Counted(pg)) as b:
        listed = {t["id"] for t in b.get("/api/tables").json()["tables"]}
        tid = create(a, name="Chez Anne", seats={"E": "random"})
        assert tid not in listed
        until(lambda: tid in {t["id"] for t in b.get("/api/tables").json()["tables"]},
              "the table made through A is in B's lobby")
        mine = {t["id"]: t for t in b.get("/api/tables").json()["tables"]}[tid]
        assert mine["name"] == "Chez Anne"


def test_one_process_drives_the_bots_of_a_table(pg: str) -> None:
    sa, sb = Counted(pg), Counted(pg)
    with server(sa) as a, server(sb) as b:
        tid = create(a, seats=dict.fromkeys("NESW", "random"), options={"deals": 2})
        assert b.get(f"/api/tables/{tid}").status_code == 200  # in B's memory too
        until(lambda: a.get(f"/api/tables/{tid}").json()["match"]["over"], "the match is over in A")
        until(lambda: b.get(f"/api/tables/{tid}").json()["match"]["over"], "and in B")
        driver, other = (sa, sb) if sa.driven() else (sb, sa)
        assert driver.driven() and other.driven() == []  # not even tried
        assert (a.get(f"/api/tables/{tid}").json() == b.get(f"/api/tables/{tid}").json())


def test_a_player_connected_to_one_process_keeps_his_seat(pg: str) -> None:
    """B drives the table; Sue, connected to A, plays her seat: no bot of B plays for her, though
    a player away is replaced at once (``takeover_after`` 0), as Will, who never connects, is."""
    sa, sb = Counted(pg), Counted(pg)
    with server(sa) as a, server(sb) as b:
        tid = create(b, seats={"N": "random", "E": "random"}, takeover_after=0, options={"deals": 1})
        until(lambda: drives(b, tid), "B drives the table")
        sue = join(a, tid, "Sue", "S")
        with a.websocket_connect(f"/api/tables/{tid}/ws") as wa:
            ws_a = WS(wa)
            ws_a.hello(sue)
            s = Player(ws_a, "S")
            until(lambda: b.get(f"/api/tables/{tid}").json()["table"]["seats"][2]["connected"],
                  "B knows that Sue is connected (to A)")
            join(b, tid, "Will", "W")  # every seat is taken: the match starts
            s.wait(lambda: any(m["over"] for m in s.states), "the match is over, as Sue sees it")
    stored = sb.tried + sa.tried
    sue_moves = [e.data["by"] for e in stored if e.kind == "action" and e.data["seat"] == "S"]
    will_moves = {e.data["by"] for e in stored if e.kind == "action" and e.data["seat"] == "W"}
    assert sue_moves and set(sue_moves) <= {"human", "forced"} and "human" in sue_moves
    assert will_moves == {"bot"}
    assert sa.driven() == [] and len(sb.driven()) > 13  # A only stored Sue's own moves


def test_when_the_driving_process_stops_the_other_takes_the_table_over(pg: str) -> None:
    sa, sb = Counted(pg), Counted(pg)
    with server(sb) as b:
        with server(sa) as a:
            tid = create(a, seats=dict.fromkeys("NESW", "random"), options={"deals": 2},
                         bot_delay=0.02)
            until(lambda: drives(a, tid), "A drives the table")
            assert b.get(f"/api/tables/{tid}").status_code == 200  # in B's memory too
            until(lambda: len(sa.driven()) > 10, "A's bots play")
        assert sb.driven() == []  # while A was there, B did not even try
        stopped_at = len(sa.tried)
        until(lambda: b.get(f"/api/tables/{tid}").json()["match"]["over"], "B plays the match to its end")
        assert len(sa.tried) == stopped_at and len(sb.driven()) > 10


def test_two_processes_asked_at_once_play_a_game_again_at_one_table(pg: str) -> None:
    """A finished table, asked at the same moment through A and through B to be played again: one
    successor, made by one of them, named once in its log; a spectator connected to B is told of
    it, whichever process made it."""
    sa, sb = Counted(pg), Counted(pg)
    with server(sa) as a, server(sb) as b:
        tid = create(a, seats=dict.fromkeys("NESW", "random"), options={"deals": 1})
        until(lambda: b.get(f"/api/tables/{tid}").json()["match"]["over"], "the match is over in B")
        with b.websocket_connect(f"/api/tables/{tid}/ws") as wb:
            spy = WS(wb)
            spy.hello()
            answers: dict[str, Any] = {}

            def ask_through(key: str, client: TestClient) -> None:
                answers[key] = client.post(f"/api/tables/{tid}/again")

            asks = [threading.Thread(target=ask_through, args=(k, c)) for k, c in (("a", a), ("b", b))]
            for ask in asks:
                ask.start()
            for ask in asks:
                ask.join(WAIT)
            got = {k: (r.status_code, r.json()["id"]) for k, r in answers.items()}
            assert sorted(status for status, _ in got.values()) == [200, 201], got
            new = got["a"][1]
            assert got["b"][1] == new
            told = spy.until(lambda m: m["type"] == "state" and m["table"]["again"] is not None,
                             timeout=WAIT)
            assert told["table"]["again"] == new
    assert [e.kind for e in sa.load(tid)].count("again") == 1
    assert sa.load(new)[0].kind == "create"


def test_a_table_reloaded_after_a_conflict_plays_on(pg: str) -> None:
    """Sue has a tab on each process. Her move through B is stored; the same move through A,
    which has not heard of it yet (here A hears no news of the table at all), conflicts: A
    reloads the table from the log and says so. A drives the table: its bots must play on from
    the reloaded state. A reload did not wake the driver, and the news of B's move, which came
    after it, was already applied: the table stood still for good at the bots' turn, with every
    player connected (a review found it with two processes and one player's two tabs)."""
    sa, sb = Counted(pg), Counted(pg)
    with server(sa) as a, server(sb) as b:
        tid = create(a, seats=dict.fromkeys("ESW", "random"), takeover_after=600)
        until(lambda: drives(a, tid), "A drives the table")
        service_a = cast(FastAPI, a.app).state.service
        heard = service_a._heard
        service_a._heard = lambda table_id, count: (None if table_id == tid and count is not None
                                                    else heard(table_id, count))
        sue = join(a, tid, "Sue", "N")
        with tabs(a, b, tid, sue, sue) as (tab_a, tab_b):

            def her_turn(m: dict[str, Any]) -> bool:
                return (m["type"] == "state" and m["deal"] is not None and m["deal"]["view"]["to_act"] == "N"
                        and not m["you"]["auto"])

            seen = tab_a.until(her_turn, timeout=WAIT)
            v, card = seen["version"], seen["deal"]["view"]["legal"][0]["text"]
            tab_b.until(lambda m: m["type"] == "state" and m["version"] == v, timeout=WAIT)
            tab_b.send({"type": "act", "action": card, "version": v})
            tab_b.until(lambda m: m["type"] == "state" and m["version"] > v, timeout=WAIT)
            tab_a.send({"type": "act", "action": card, "version": v})
            refused = tab_a.until(lambda m: m["type"] == "error", timeout=WAIT)
            assert refused["code"] == "conflict", refused
            # East, a bot of A, plays next, then the others: the versions go on past Sue's move
            tab_a.until(lambda m: m["type"] == "state" and m["version"] > v + 1, timeout=WAIT)
