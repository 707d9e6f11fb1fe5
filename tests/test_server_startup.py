"""Start-up does not replay finished tables: each finished table's listing is stored with the event
that finished it (and with every later one), under that event's sequence number, and start-up lists
the table from it; a table without a listing for its last event (under way, changed since, or
stored before listings were) is rebuilt from its log as before, and a finished one then gets its
listing stored. Over SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from test_server_storage import PG_URL, wait_for

from whist.cards import Seat
from whist.server import create_app
from whist.server.service import TableService, TableSpec
from whist.server.settings import LISTING_FORMAT, stamped
from whist.server.storage import Storage, StoredEvent, open_storage
from whist.server.table import Table

RANDOM3 = {"N": "random", "E": "random", "W": "random"}


@contextlib.contextmanager
def postgresql() -> Iterator[str]:
    """PG_URL (the test is skipped without PostgreSQL): the run's own database (``conftest``), or
    the one ``WHIST_TEST_PG`` names; the tables the test stores there are removed after."""
    from sqlalchemy.exc import OperationalError

    try:
        storage = open_storage(PG_URL)
    except OperationalError as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    before = set(storage.table_ids())
    try:
        yield PG_URL
    finally:
        for table_id in set(storage.table_ids()) - before:
            storage.delete(table_id)
        storage.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A storage URL: a SQLite file, then PostgreSQL (:func:`postgresql`)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'whist.db'}"
        return
    with postgresql() as pg:
        yield pg


async def play(t: Table, seed: int, actions: int | None = None) -> None:
    """Play random legal actions at ``t`` for every seat, to the end (or ``actions`` of them)."""
    rng = random.Random(seed)
    while not t.match.is_over and (actions is None or actions > 0):
        if t.match.needs_deal:
            await t.deal_next()
            continue
        seat = t.match.to_act
        assert seat is not None
        await t.act(seat, rng.choice(t.match.legal_actions()).text, t.version, by="bot")
        actions = None if actions is None else actions - 1


def fill(storage: Storage) -> dict[str, str]:
    """A finished colour-whist table, a finished pagat one where Sam sat at S, and one under way;
    their ids by name."""
    svc = TableService(storage)
    spec = {"couleur": TableSpec(preset="couleur", options={"deals": 1}, seats={**RANDOM3, "S": "random"},
                                 seed=1),
            "pagat": TableSpec(preset="pagat", options={"deals": 1}, seats=RANDOM3, name="Chez Jo", seed=2),
            "under way": TableSpec(preset="couleur", seats={**RANDOM3, "S": "random"}, seed=3)}

    async def played() -> dict[str, Table]:
        tables = {name: await svc.create(s) for name, s in spec.items()}
        await tables["pagat"].join(Seat.S, "Sam", "sam-token")
        for seed, t in enumerate(tables.values()):
            await play(t, seed, actions=10 if t is tables["under way"] else None)
        return tables

    tables = asyncio.run(played())
    assert [t.match.is_over for t in tables.values()] == [True, True, False]
    return {name: t.id for name, t in tables.items()}


def rebuilt_listing(storage: Storage, table_id: str) -> dict[str, Any]:
    """What start-up listed before listings were stored: the listing of the table rebuilt."""
    return Table.rebuild(table_id, storage.load(table_id), storage).listing()


def count_rebuilds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, the id of every table rebuilt from its log."""
    calls: list[str] = []
    real = Table.rebuild

    def rebuild(table_id: str, events: Sequence[StoredEvent], storage: Storage,
                bot_budget: float | None = None) -> Table:
        calls.append(table_id)
        return real(table_id, events, storage, bot_budget)

    monkeypatch.setattr(Table, "rebuild", staticmethod(rebuild))
    return calls


class Stored:
    """The tables of :func:`fill` in the storage at ``url``, and the new servers started over it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.storage = open_storage(url)
        self.ids = fill(self.storage)
        self.started: list[TableService] = []

    def start(self) -> tuple[TableService, list[str]]:
        """A new server's start: the service, and the ids of these tables it loaded."""
        svc = TableService(open_storage(self.url))
        self.started.append(svc)
        return svc, [i for i in svc.load() if i in self.ids.values()]

    def mine(self, table_ids: list[str]) -> list[str]:
        return [i for i in table_ids if i in self.ids.values()]

    def close(self) -> None:
        for svc in self.started:
            svc.storage.close()
        self.storage.close()


@pytest.fixture
def stored(url: str) -> Iterator[Stored]:
    s = Stored(url)
    yield s
    s.close()


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """The same listing, to the order of its keys (as JSON says it)."""
    return json.dumps(a) == json.dumps(b)


def test_finished_tables_are_listed_without_replay(stored: Stored, monkeypatch: pytest.MonkeyPatch) -> None:
    ids = stored.ids
    expected = {i: rebuilt_listing(stored.storage, i) for i in ids.values()}
    assert expected[ids["pagat"]]["seats"][2]["name"] == "Sam"
    calls = count_rebuilds(monkeypatch)
    svc, loaded = stored.start()
    assert loaded == list(ids.values())  # oldest first, every one
    assert stored.mine(calls) == [ids["under way"]]
    assert set(svc.tables) & set(loaded) == {ids["under way"]}
    for name in ("couleur", "pagat"):
        assert same(svc.unloaded[ids[name]], expected[ids[name]]), name
    # a finished table still comes back whole from its log when asked for
    t = asyncio.run(svc.get(ids["pagat"]))
    assert t is not None and t.match.is_over and calls[-1] == ids["pagat"]
    assert same(t.listing(), expected[ids["pagat"]])


def test_a_listing_older_than_the_log_is_not_used(stored: Stored, monkeypatch: pytest.MonkeyPatch) -> None:
    storage, tid = stored.storage, stored.ids["pagat"]
    # an event after the listing, stored as a server that keeps no listings would
    last = storage.load(tid)[-1].seq
    storage.append(tid, [StoredEvent(last + 1, "leave", {"seat": "S"}, time.time())])
    assert [s.listing for s in storage.stored_tables() if s.table_id == tid] == [None]
    expected = rebuilt_listing(storage, tid)
    assert expected["seats"][2]["name"] is None  # Sam left
    calls = count_rebuilds(monkeypatch)
    svc, _ = stored.start()
    assert stored.mine(calls) == [tid, stored.ids["under way"]]
    assert same(svc.unloaded[tid], expected)
    # the rebuild stored the listing for the last event: the next start uses it
    calls.clear()
    svc, _ = stored.start()
    assert stored.mine(calls) == [stored.ids["under way"]]
    assert same(svc.unloaded[tid], expected)


def test_an_event_after_the_end_stores_the_listing_again(stored: Stored,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    tid = stored.ids["pagat"]
    t = asyncio.run(TableService(stored.storage).get(tid))
    assert t is not None
    # the game is played again at a new table: a new event of the finished one (a leave was one
    # too, until a leave after the end was refused)
    before = stored.storage.load(tid)[-1].seq
    assert asyncio.run(t.name_successor("next-table")) == "next-table"
    assert stored.storage.load(tid)[-1].seq == before + 1
    expected = rebuilt_listing(stored.storage, tid)
    calls = count_rebuilds(monkeypatch)
    svc, _ = stored.start()
    assert stored.mine(calls) == [stored.ids["under way"]]
    assert same(svc.unloaded[tid], expected)


def test_a_database_without_listings_starts_and_stores_them(stored: Stored,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    ids = stored.ids
    expected = {i: rebuilt_listing(stored.storage, i) for i in ids.values()}
    with stored.storage.engine.begin() as conn:  # as a database made before listings were stored
        if stored.url.startswith("sqlite"):
            conn.execute(text("DROP TABLE whist_table_listing"))
        else:
            for i in ids.values():
                conn.execute(text("DELETE FROM whist_table_listing WHERE table_id = :t"), {"t": i})
    calls = count_rebuilds(monkeypatch)
    svc, loaded = stored.start()
    assert loaded == list(ids.values())
    assert stored.mine(calls) == loaded  # every one rebuilt
    for name in ("couleur", "pagat"):
        assert same(svc.unloaded[ids[name]], expected[ids[name]]), name
    listings = {s.table_id: s.listing for s in svc.storage.stored_tables() if s.table_id in loaded}
    assert listings == {ids["couleur"]: stamped(expected[ids["couleur"]]),
                        ids["pagat"]: stamped(expected[ids["pagat"]]), ids["under way"]: None}
    calls.clear()
    svc, loaded = stored.start()
    assert loaded == list(ids.values()) and stored.mine(calls) == [ids["under way"]]
    assert all(same(svc.unloaded[ids[n]], expected[ids[n]]) for n in ("couleur", "pagat"))


def test_a_listing_naming_a_bot_missing_here_is_not_used(stored: Stored,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    storage, tid = stored.storage, stored.ids["couleur"]
    listing = rebuilt_listing(storage, tid)
    listing["seats"][0]["bot"] = "a bot of another installation"
    storage.store_listing(tid, storage.load(tid)[-1].seq, stamped(listing))
    calls = count_rebuilds(monkeypatch)
    svc, _ = stored.start()
    assert stored.mine(calls) == [tid, stored.ids["under way"]]
    assert same(svc.unloaded[tid], rebuilt_listing(storage, tid))


@pytest.mark.parametrize("data", ["{not json", "[1, 2]", "null"])
def test_a_listing_row_that_is_not_a_listing_is_not_used(stored: Stored, monkeypatch: pytest.MonkeyPatch,
                                                         data: str) -> None:
    """A damaged row of the listings does not stop the start: its table is rebuilt from its log,
    and its listing stored again."""
    storage, tid = stored.storage, stored.ids["couleur"]
    expected = rebuilt_listing(storage, tid)
    with storage.engine.begin() as conn:
        conn.execute(text("UPDATE whist_table_listing SET data = :d WHERE table_id = :t"),
                     {"d": data, "t": tid})
    calls = count_rebuilds(monkeypatch)
    svc, loaded = stored.start()
    assert loaded == list(stored.ids.values())
    assert stored.mine(calls) == [tid, stored.ids["under way"]]
    assert same(svc.unloaded[tid], expected)
    assert [s.listing for s in storage.stored_tables() if s.table_id == tid] == [stamped(expected)]


def test_a_listing_of_another_format_is_not_used(stored: Stored, monkeypatch: pytest.MonkeyPatch) -> None:
    """A listing stored by a version whose listings had another shape (``listing_format``) is not
    served: the table is rebuilt, and its listing stored in this format."""
    storage, tid = stored.storage, stored.ids["pagat"]
    expected = rebuilt_listing(storage, tid)
    storage.store_listing(tid, storage.load(tid)[-1].seq, {**expected, "listing_format": LISTING_FORMAT + 1})
    calls = count_rebuilds(monkeypatch)
    svc, _ = stored.start()
    assert stored.mine(calls) == [tid, stored.ids["under way"]]
    assert same(svc.unloaded[tid], expected)
    assert [s.listing for s in storage.stored_tables() if s.table_id == tid] == [stamped(expected)]


def old_listing(t: Table) -> dict[str, Any]:
    """A table's listing as ``GET /api/tables`` gave it before listings were stored: from the table
    rebuilt."""
    return {**{k: v for k, v in t.table_json().items() if k != "rules"},
            "over": t.match.is_over, "created_at": t.created_at, "finished_at": t.finished_at}


def test_get_api_tables_is_unchanged(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    url = f"sqlite:///{tmp_path / 'whist.db'}"
    app = create_app(url)
    bots = {s: "heuristic" for s in "NESW"}
    with TestClient(app) as c:
        specs = ({"preset": "couleur", "options": {"deals": 1}, "seats": bots, "name": "quick"},
                 {"preset": "pagat", "options": {"deals": 1}, "seats": bots},
                 {"preset": "couleur", "seats": {"N": "random"}, "name": "waiting for friends"})
        ids = [c.post("/api/tables", json={"deal_pause": 0, "bot_delay": 0, **spec}).json()["id"]
               for spec in specs]
        c.post(f"/api/tables/{ids[2]}/join", json={"name": "Ann", "seat": "W"})
        svc = app.state.service
        wait_for(lambda: all(svc.tables[i].match.is_over for i in ids[:2]))
    storage = open_storage(url)
    tables = [Table.rebuild(i, storage.load(i), storage) for i in ids]
    expected = sorted((old_listing(t) for t in tables[:2]), key=lambda x: x["finished_at"], reverse=True)
    assert [s.listing is not None for s in storage.stored_tables()] == [True, True, False]
    storage.close()
    with TestClient(create_app(url)) as c:
        got = c.get("/api/tables").json()
    assert json.dumps(got) == json.dumps({"tables": [old_listing(tables[2])], "finished": expected})
    assert [t["over"] for t in got["finished"]] == [True, True]
    assert all(t["finished_at"] > t["created_at"] for t in got["finished"])
