"""Playing a finished game again with the same people (``POST /api/tables/{id}/again``): one
successor for everyone who asks, named in the finished table's state and kept in its log, made
with the same game, preset, options, name and bots, and no one seated in it who did not ask."""

from __future__ import annotations

import asyncio
from typing import Any

from whist.server.service import TableService
from whist.server.storage import open_storage

BOTS3 = {"N": "heuristic", "E": "random", "W": "heuristic"}
SPEC: dict[str, Any] = {"preset": "couleur", "options": {"deals": 1, "trou_surprise": True},
                        "seats": BOTS3, "name": "Chez Jo", "takeover_after": 0, "seed": 5}


def finished_table(harness: Any, spec: dict[str, Any] = SPEC) -> tuple[str, Any]:
    """A table made by ``spec`` where Ann sat South (a bot played for her: she never came), played
    to its end while a spectator watched; its id and the spectator's last state."""
    tid = harness.create(**spec)
    harness.join(tid, "Ann", "S")
    assert harness.service.tables[tid].started
    with harness.connect(tid) as ws:
        ws.hello()
        m = ws.until(lambda m: m["type"] == "state" and m["over"], timeout=30)
    return tid, m


def test_a_finished_game_is_played_again_at_one_table_for_everyone(harness: Any) -> None:
    c = harness.client
    early = harness.create(**SPEC)
    r = c.post(f"/api/tables/{early}/again")  # the game is on: nothing to play again yet
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    assert harness.service.tables[early].successor is None
    assert c.post("/api/tables/nothing/again").status_code == 404

    tid, last = finished_table(harness)
    assert last["table"]["again"] is None
    with harness.connect(tid) as ws:
        ws.hello()
        ws.state()
        first = c.post(f"/api/tables/{tid}/again")
        assert first.status_code == 201
        new = first.json()["id"]
        # the page of everyone at the finished table is told which table plays on
        told = ws.until(lambda m: m["type"] == "state" and m["table"]["again"] is not None)
        assert told["table"]["again"] == new
    again = c.post(f"/api/tables/{tid}/again")
    assert (again.status_code, again.json()["id"]) == (200, new)
    assert c.get(f"/api/tables/{tid}").json()["table"]["again"] == new
    old, nxt = harness.service.tables[tid], harness.service.tables[new]
    assert nxt.settings.rules == old.settings.rules and nxt.settings.rules.trou_surprise
    assert nxt.settings.name == "Chez Jo" and nxt.settings.seats == old.settings.seats
    assert nxt.settings.seed != old.settings.seed  # new deals
    assert (nxt.settings.takeover_after, nxt.settings.bot_delay) == (0, 0)
    # nobody is seated who did not ask: South waits for Ann, who takes it as anyone would
    table = again.json()["table"]
    assert [s["name"] for s in table["seats"]] == [None] * 4 and not table["started"]
    assert harness.join(new, "Ann", "S")
    assert harness.service.tables[new].started
    # the successor is in the finished table's log, and in the listing the lobby shows
    assert [e.kind for e in harness.service.storage.load(tid)][-1] == "again"
    listed = {x["id"]: x for x in c.get("/api/tables").json()["finished"]}
    assert listed[tid]["again"] == new


def test_a_table_named_for_its_player_is_played_again_named_for_him(harness: Any) -> None:
    """A table the lobby made for Ann, given no name (``named_for``), plays its game again named
    for Ann, each page in its language, and given no name either (the preset's name it was sent
    back as would have stood for a name given)."""
    tid, _ = finished_table(harness, {**SPEC, "name": "", "named_for": "Ann"})
    table = harness.client.post(f"/api/tables/{tid}/again").json()["table"]
    assert (table["name"], table["named_for"]) == ("couleur", "Ann")
    assert harness.service.tables[table["id"]].settings.name == ""


def test_the_successor_is_the_same_after_a_restart(harness: Any) -> None:
    from fastapi.testclient import TestClient

    from whist.server import create_app

    tid, _ = finished_table(harness)
    new = harness.client.post(f"/api/tables/{tid}/again").json()["id"]
    app = create_app(harness.url, bot_budget=0.02)
    with TestClient(app) as c:
        # listed from the listing stored with the again event, the table not rebuilt
        assert tid in app.state.service.unloaded and tid not in app.state.service.tables
        assert {x["id"]: x["again"] for x in c.get("/api/tables").json()["finished"]}[tid] == new
        r = c.post(f"/api/tables/{tid}/again")
        assert (r.status_code, r.json()["id"]) == (200, new)
        assert len([e for e in app.state.service.storage.load(tid) if e.kind == "again"]) == 1


def test_two_servers_on_one_database_name_one_successor(harness: Any) -> None:
    """Two services on one database, each with the finished table in memory, asked at once: the
    second appends its own again event under the sequence number the first took, is refused,
    reloads the table and gives the first one's successor."""
    tid, _ = finished_table(harness)
    storage = open_storage(harness.url)
    try:
        one, two = TableService(storage), TableService(storage)
        mine, theirs = asyncio.run(one.get(tid)), asyncio.run(two.get(tid))
        assert mine is not None and theirs is not None
        made, created = asyncio.run(one.again(mine))
        assert created and theirs.successor is None  # the second has not heard of it
        got, created = asyncio.run(two.again(theirs))
        assert (got.id, created) == (made.id, False)
        assert theirs.successor == made.id  # reloaded with the first one's
        assert [e.kind for e in storage.load(tid)].count("again") == 1
        # a successor named but not stored (the database failed in between): made when asked
        other = harness.create(**SPEC)
        harness.join(other, "Bea", "S")
        with harness.connect(other) as ws:
            ws.hello()
            ws.until(lambda m: m["type"] == "state" and m["over"], timeout=30)
        t = asyncio.run(one.get(other))
        assert t is not None
        assert asyncio.run(t.name_successor("Named123")) == "Named123"
        assert asyncio.run(t.name_successor("Other456")) == "Named123"  # named once: the first stays
        assert [e.kind for e in storage.load(other)].count("again") == 1
        late = asyncio.run(two.get(other))
        assert late is not None and late.successor == "Named123"
        made, created = asyncio.run(two.again(late))
        assert (made.id, created) == ("Named123", True)
        assert storage.load("Named123")[0].kind == "create"
    finally:
        storage.close()


def test_a_successor_asked_for_while_it_is_being_made_is_the_one_made(
        harness: Any, monkeypatch: Any) -> None:
    """The pages at the finished table are told the successor's id as soon as the ``again`` event is
    stored, before the successor is made: a page that opens it while its first events are being
    stored (the log written, the request that makes it not back yet: its storage thread's answer
    comes after another's, as with PostgreSQL's several threads) waits for that table. It was
    rebuilt from the log beside the one being made, and the service then kept the one made: the
    page's connection was at a second table of that id, driven apart, out of the service's sight."""
    from whist.server.table import Table

    tid, _ = finished_table(harness)
    storage = open_storage(harness.url)
    create = Table.create
    stored, go_on = asyncio.Event(), asyncio.Event()

    async def create_slowly(cls: type[Table], table_id: str, *args: Any, **kwargs: Any) -> Table:
        t = await create(table_id, *args, **kwargs)
        stored.set()  # its log is written: anyone may read it now
        await go_on.wait()
        return t

    monkeypatch.setattr(Table, "create", classmethod(create_slowly))

    async def scenario() -> tuple[Table, Table | None, Table]:
        svc = TableService(storage)
        old = await svc.get(tid)
        assert old is not None
        making = asyncio.create_task(svc.again(old))
        await stored.wait()
        assert old.successor is not None and storage.load(old.successor)
        opening = asyncio.create_task(svc.get(old.successor))  # a page opens it meanwhile
        await asyncio.sleep(0.2)  # its storage thread reads the log meanwhile
        go_on.set()
        made, created = await making
        assert created
        return made, await opening, svc.tables[made.id]

    try:
        made, opened, kept = asyncio.run(scenario())
        assert opened is made and kept is made
    finally:
        storage.close()
