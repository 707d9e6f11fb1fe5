"""Persistence of the web app (issue 5, item 3): the event log is the source of truth.

A second app on the same SQLite file rebuilds every table exactly; a server killed with SIGKILL in
the middle of a deal comes back with the deal where it was and the player's token still valid; a
PostgreSQL URL works the same; two writers of one log cannot both append the same event; an event
is stored in as few statements (and round trips to PostgreSQL) as pinned.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from whist.cards import SEATS
from whist.record import match_record
from whist.server import create_app
from whist.server.protocol import CommandError
from whist.server.service import TableService
from whist.server.storage import (
    StorageConflict,
    StorageUnavailable,
    StoredEvent,
    StoredSheet,
    StoredTable,
    open_storage,
)
from whist.server.table import Table
from whist.sheet_input import dumps, new_sheet

PG_URL = os.environ.get("WHIST_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def snapshot(t: Table) -> dict[str, Any]:
    """Everything a table is, as stored facts (live connection counts aside)."""
    return {
        "version": t.version, "seq": t.seq, "started": t.started,
        "seats": [(st.kind, st.name, st.token_hash) for st in t.seats.values()],
        "settings": t.settings.to_json(),
        "record": json.dumps(match_record(t.match), sort_keys=True),
        "match": json.dumps(t.match_json(), sort_keys=True),
        "views": [json.dumps(json.loads(t.state_for(s))["deal"], sort_keys=True) for s in (*SEATS, None)],
    }


def wait_for(cond: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.01)


def test_restart_rebuilds_every_table_exactly(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    url = f"sqlite:///{tmp_path / 'whist.db'}"
    app = create_app(url)
    bots = {"N": "heuristic", "E": "heuristic", "W": "heuristic"}
    with TestClient(app) as c:
        ids = []
        for spec in (
            {"preset": "classic", "seats": {s: "heuristic" for s in "NESW"}, "bot_delay": 0.003},
            {"preset": "pagat", "seats": {s: "random" for s in "NESW"}, "bot_delay": 0.003},
            {"preset": "couleur", "seats": bots, "takeover_after": 600, "bot_delay": 0},
            {"preset": "couleur", "seats": {"N": "random"}, "name": "waiting for friends"},
            {"preset": "couleur", "seats": {s: "random" for s in "NESW"}, "options": {"deals": 1},
             "bot_delay": 0},
        ):
            ids.append(c.post("/api/tables", json={"deal_pause": 0, **spec}).json()["id"])
        tok = c.post(f"/api/tables/{ids[2]}/join", json={"name": "Sam"}).json()["token"]
        c.post(f"/api/tables/{ids[3]}/join", json={"name": "Ann", "seat": "W"})
        with c.websocket_connect(f"/api/tables/{ids[2]}/ws") as ws:
            ws.send_json({"type": "hello", "token": tok})
            while True:  # Sam plays until the deal is well under way, then the server stops
                m = ws.receive_json()
                v = m["deal"]["view"] if m["type"] == "state" and m["deal"] else None
                if v and v["to_act"] == "S" and not m["you"]["auto"]:
                    if sum(v["tricks_won"].values()) >= 2:
                        break
                    ws.send_json({"type": "act", "action": v["legal"][0]["text"], "version": m["version"]})
        svc = app.state.service
        wait_for(lambda: svc.tables[ids[0]].version > 30 and svc.tables[ids[4]].match.is_over)
    before = {i: snapshot(app.state.service.tables[i]) for i in ids}
    assert before[ids[0]]["version"] > 0 and not app.state.service.tables[ids[0]].match.is_over
    rebuilt = TableService(open_storage(url))
    assert rebuilt.load() == ids
    assert ids[4] in rebuilt.unloaded and ids[4] not in rebuilt.tables  # over: kept as its listing
    for i in ids:
        table = asyncio.run(rebuilt.get(i))
        assert table is not None, i
        assert snapshot(table) == before[i], i
    # a new server on the same file: the tables are there and Sam's token still holds his seat
    app2 = create_app(url)
    with TestClient(app2) as c:
        listed = c.get("/api/tables").json()
        assert sorted(t["id"] for t in listed["tables"]) == sorted(ids[:4])
        assert [t["id"] for t in listed["finished"]] == [ids[4]]
        with c.websocket_connect(f"/api/tables/{ids[2]}/ws") as ws:
            ws.send_json({"type": "hello", "token": tok})
            assert ws.receive_json()["seat"] == "S"
            state = ws.receive_json()
            assert state["version"] == before[ids[2]]["version"]
            assert json.dumps(state["deal"], sort_keys=True) == before[ids[2]]["views"][2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-c", "from whist.cli import main; main()", "serve", "--port", str(port),
         "--db", db], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    import httpx2 as httpx

    end = time.monotonic() + 20
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server did not start: " + (proc.stderr.read().decode() if proc.stderr else ""))


def test_kill_9_in_the_middle_of_a_deal(tmp_path: Path) -> None:
    import httpx2 as httpx
    from websockets.sync.client import connect

    db = f"sqlite:///{tmp_path / 'whist.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    ws_url = f"ws://127.0.0.1:{port}/api/tables/%s/ws"
    proc = start_server(db, port)
    try:
        tid = httpx.post(f"{base}/api/tables", json={
            "preset": "couleur", "seats": {"N": "heuristic", "E": "heuristic", "W": "heuristic"},
            "bot_delay": 0, "deal_pause": 0, "takeover_after": 600, "seed": 8}).json()["id"]
        tok = httpx.post(f"{base}/api/tables/{tid}/join", json={"name": "Sam"}).json()["token"]
        with connect(ws_url % tid) as ws:
            ws.send(json.dumps({"type": "hello", "token": tok}))
            while True:
                m = json.loads(ws.recv(timeout=10))
                v = m["deal"]["view"] if m["type"] == "state" and m["deal"] else None
                if v and v["to_act"] == "S" and not m["you"]["auto"]:
                    if v["phase"] == "play" and sum(v["tricks_won"].values()) >= 1:
                        break
                    ws.send(json.dumps({"type": "act", "action": v["legal"][0]["text"],
                                        "version": m["version"]}))
        before = httpx.get(f"{base}/api/tables/{tid}").json()
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    proc = start_server(db, port)
    try:
        after = httpx.get(f"{base}/api/tables/{tid}").json()
        assert after["match"] == before["match"]
        with connect(ws_url % tid) as ws:
            ws.send(json.dumps({"type": "hello", "token": tok}))
            assert json.loads(ws.recv(timeout=10))["seat"] == "S"
            state = json.loads(ws.recv(timeout=10))
            assert state["version"] == m["version"] and state["deal"] == m["deal"]
    finally:
        proc.terminate()
        proc.wait(10)


def _play_bots_to_the_end(url: str) -> tuple[str, dict[str, Any], Any]:
    from fastapi.testclient import TestClient

    app = create_app(url)
    with TestClient(app) as c:
        tid = c.post("/api/tables", json={"preset": "pagat", "options": {"deals": 2},
                                          "seats": {s: "heuristic" for s in "NESW"},
                                          "bot_delay": 0, "deal_pause": 0}).json()["id"]
        wait_for(lambda: app.state.service.tables[tid].match.is_over)
        snap = snapshot(app.state.service.tables[tid])
        rec = c.get(f"/api/tables/{tid}/deals/1/record").json()
    return tid, snap, rec


def test_postgresql_url_works() -> None:
    from sqlalchemy.exc import OperationalError

    try:
        storage = open_storage(PG_URL)
    except OperationalError as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    tid = ""
    try:
        tid, snap, rec = _play_bots_to_the_end(PG_URL)
        assert rec["format"] == "whist-record/1"
        fresh = TableService(storage)
        assert tid in fresh.load()
        table = asyncio.run(fresh.get(tid))
        assert table is not None
        assert snapshot(table) == snap
        assert storage.record(tid, 1) == rec
    finally:
        if tid:
            storage.delete(tid)
        storage.close()


@contextlib.contextmanager
def new_postgresql_database(prefix: str) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database of the test's own, dropped after (the test
    skipped on a machine without PostgreSQL)."""
    import psycopg
    from conftest import PG_SERVER
    from sqlalchemy.engine import make_url

    name = f"{prefix}_{secrets.token_hex(4)}"
    try:
        with psycopg.connect(PG_SERVER, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"'.encode())
    except psycopg.Error as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL: {str(exc).splitlines()[0]}")
    try:
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(PG_SERVER, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())


OLD_SHEET = dumps(new_sheet("couleur", {"N": "Anne"}))
"""The sheet :func:`make_old_sheets` stores."""


def make_old_sheets(url: str) -> None:
    """Make the table of score sheets as whist made it before its sheets had times (no
    ``created_at``, no ``changed_at``), holding one sheet, ``old``, at version 3."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE whist_sheet (sheet_id VARCHAR(32) NOT NULL, version INTEGER"
                              " NOT NULL, data TEXT NOT NULL, PRIMARY KEY (sheet_id))"))
            conn.execute(text("INSERT INTO whist_sheet (sheet_id, version, data) VALUES ('old', 3, :data)"),
                         {"data": OLD_SHEET})
    finally:
        engine.dispose()


@pytest.mark.parametrize("made", ["new", "old"])
def test_server_processes_started_at_once_on_a_postgresql_database_all_open_it(made: str) -> None:
    """Two or more server processes started together on a database that has no tables yet (a
    club's first start of several processes) each create the tables: all of them open it, none
    fails on the others' tables (PostgreSQL's duplicate type), and the tables are there once. On
    a database whose sheets have no times yet (``old``: made by an older whist), all of them open
    it too, the columns of the times added once (by the first; none fails on them as duplicate)."""
    start = threading.Barrier(6)
    errors: list[BaseException] = []
    opened = []

    def open_it() -> None:
        start.wait()
        try:
            opened.append(open_storage(url))
        except Exception as exc:
            errors.append(exc)

    with new_postgresql_database("whist_new") as url:
        if made == "old":
            make_old_sheets(url)
        try:
            threads = [threading.Thread(target=open_it) for _ in range(6)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            assert errors == [] and len(opened) == 6
            assert opened[0].table_ids() == []
            if made == "old":
                kept = opened[-1].sheet("old")
                assert kept is not None and kept.version == 3 and kept.created_at == kept.changed_at
        finally:
            for storage in opened:
                storage.close()


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_sheets_stored_before_sheets_had_times_get_the_time_of_the_first_start(tmp_path: Path,
                                                                               db: str) -> None:
    """A database whose table of sheets an older whist made (without the times a sheet has now)
    gains the columns as the server starts: the sheets there keep their version and JSON, their
    times are those of that start, and they are read, changed and deleted as any other; the next
    start finds the columns there and changes nothing."""
    from fastapi.testclient import TestClient

    with (contextlib.nullcontext(f"sqlite:///{tmp_path / 'old.db'}") if db == "sqlite"
          else new_postgresql_database("whist_old")) as url:
        make_old_sheets(url)
        before = time.time()
        with TestClient(create_app(url)) as c:
            after = time.time()
            shown = c.get("/api/sheets/old").json()
            assert shown["version"] == 3 and shown["sheet"]["names"]["N"] == "Anne"
            assert before <= shown["created_at"] == shown["changed_at"] <= after
            r = c.post("/api/sheets/old/penalty", json={"seat": "N"})
            assert r.status_code == 200 and r.json()["changed_at"] >= after
            assert c.post("/api/sheets", json={}).status_code == 201
        storage = open_storage(url)  # started again
        try:
            kept = storage.sheet("old")
            assert kept is not None and kept.version == 4 and kept.created_at == shown["created_at"]
            assert kept.changed_at == r.json()["changed_at"]
            storage.create_sheet("s1", "{}", at=10.0)
            assert storage.sheet("s1") == StoredSheet(0, "{}", 10.0, 10.0)
            assert storage.delete_sheets(kept.changed_at) == 1 and storage.sheet("old") is not None
            assert storage.delete_sheets(time.time() + 1) == 2 and storage.sheet("old") is None
        finally:
            storage.close()


def test_a_postgresql_statement_that_hangs_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """The storage's calls run on the server's event loop: a statement that does not end (a lock
    held elsewhere, a slow disk) is cut after ``STATEMENT_TIMEOUT`` and fails as the database
    unavailable (the client gets 503), instead of stopping every table."""
    from sqlalchemy import text
    from sqlalchemy.exc import OperationalError

    import whist.server.storage as storage_module

    monkeypatch.setattr(storage_module, "STATEMENT_TIMEOUT", 0.2)
    try:
        storage = open_storage(PG_URL)
    except OperationalError as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    try:
        started = time.monotonic()
        with pytest.raises(StorageUnavailable, match="statement timeout"), storage._db() as conn:
            conn.execute(text("SELECT pg_sleep(5)"))
        assert time.monotonic() - started < 4
        with storage._db() as conn:  # a statement within the limit still runs
            assert conn.execute(text("SELECT 1")).scalar() == 1
    finally:
        storage.close()


@pytest.mark.parametrize("url", ["sqlite", "postgresql"])
def test_two_writers_cannot_append_the_same_event(tmp_path: Path, url: str) -> None:
    from sqlalchemy.exc import OperationalError

    db = f"sqlite:///{tmp_path / 'w.db'}" if url == "sqlite" else PG_URL
    try:
        storage = open_storage(db)
    except OperationalError as exc:  # pragma: no cover
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    svc = TableService(storage)
    from whist.server.service import TableSpec

    t = asyncio.run(svc.create(TableSpec(preset="couleur", seats={"N": "random", "E": "random",
                                                                  "W": "random"}, seed=3)))
    try:
        asyncio.run(t.join(None, "Sam", "token-1"))  # starts the game
        asyncio.run(t.deal_next())
        other = Table.rebuild(t.id, storage.load(t.id), storage)  # a second server process
        seat = other.match.to_act
        assert seat is not None
        asyncio.run(other.act(seat, other.match.legal_actions()[0].text, other.version, by="bot"))
        with pytest.raises(StorageConflict):
            storage.append(t.id, [StoredEvent(other.seq - 1, "start", {}, 0.0)])
        # the first server's table is behind: its next action is refused, and it reloads
        with pytest.raises(CommandError) as err:
            asyncio.run(t.act(seat, t.match.legal_actions()[0].text, t.version, by="bot"))
        assert err.value.code == "conflict"
        assert err.value.message_fr == ("la table a changé sur un autre serveur : elle est rechargée,"
                                        " choisissez de nouveau")
        assert t.version == other.version and t.seq == other.seq
    finally:
        if url != "sqlite":
            storage.delete(t.id)
        storage.close()


@pytest.mark.parametrize("name", ["Zoé", "Sam"])
def test_a_seat_given_up_through_another_process_is_given_up_here_on_a_conflict(
        tmp_path: Path, name: str) -> None:
    """A table reloaded after a conflict takes the seats from the log: a connection here whose
    player gave his seat up through another server process (and someone else sat there since, or
    he himself again from another device: under his name, with a new token) no longer holds it:
    it is told so (a ``welcome`` without a seat), cannot act for the new player, and the seat is
    not counted as connected; its token holds no seat."""
    from whist.cards import Seat
    from whist.server.connection import Connection
    from whist.server.service import TableSpec

    storage = open_storage(f"sqlite:///{tmp_path / 'w.db'}")
    try:
        bots = {"N": "random", "E": "random", "W": "random"}
        t = asyncio.run(TableService(storage).create(TableSpec(seats=bots, seed=3)))
        asyncio.run(t.join(Seat.S, "Sam", "token-sam"))  # starts the game
        conn = Connection()
        t.attach(conn)
        asyncio.run(t.handle(conn, json.dumps({"type": "hello", "token": "token-sam"})))
        assert conn.seat is Seat.S and t.seats[Seat.S].connections == 1
        other = Table.rebuild(t.id, storage.load(t.id), storage)  # a second server process
        asyncio.run(other._commit("leave", {"seat": "S"}))  # Sam gives his seat up there
        asyncio.run(other.join(Seat.S, name, "token-new"))  # and someone takes it
        with pytest.raises(CommandError) as err:
            asyncio.run(t.deal_next())  # this process is behind: conflict, reloaded
        assert err.value.code == "conflict" and t.seats[Seat.S].name == name
        assert conn.seat is None and t.seats[Seat.S].connections == 0
        assert not t.connected(Seat.S)
        assert t.seat_of("token-sam") is None and t.seat_of("token-new") is Seat.S
        sent = [text for _, text in conn._queue if text is not None]
        assert any(json.loads(x)["type"] == "welcome" and json.loads(x)["seat"] is None for x in sent)
        conn._queue.clear()
        asyncio.run(other.deal_next())
        asyncio.run(t.catch_up())
        asyncio.run(t.handle(conn, json.dumps({"type": "act", "action": "pass", "version": t.version})))
        assert json.loads(conn._queue[-1][1] or "{}")["code"] == "not_seated"
        assert t.version == other.version
    finally:
        storage.close()


def test_next_said_before_a_deal_dealt_elsewhere_is_not_kept_by_a_reload(tmp_path: Path) -> None:
    """``next`` says a player has seen the deal just ended (the next one is dealt once every
    player said it): it holds until a deal is dealt. Sam said it here; another server process
    dealt deal 2, and this one, behind, conflicts and reloads the table. Sam has not said next of
    deal 2: the reload kept him ready, so that deal 2's end would have been skipped past at once,
    here and in the processes this one tells who is ready."""
    from whist.cards import Seat
    from whist.server.connection import Connection
    from whist.server.service import TableSpec

    storage = open_storage(f"sqlite:///{tmp_path / 'w.db'}")
    try:
        bots = {"N": "random", "E": "random", "W": "random"}
        spec = TableSpec(preset="classic", seats=bots, seed=3)
        t = asyncio.run(TableService(storage).create(spec))
        asyncio.run(t.join(Seat.S, "Sam", "token-sam"))  # starts the game
        asyncio.run(t.deal_next())
        while (seat := t.match.to_act) is not None:  # deal 1, played out
            asyncio.run(t.act(seat, t.match.view(seat).legal[0].text, t.version))
        assert t.between_deals() and len(t.match.deals) == 1
        conn = Connection()
        t.attach(conn)
        for message in ({"type": "hello", "token": "token-sam"}, {"type": "next"}):
            asyncio.run(t.handle(conn, json.dumps(message)))
        assert t.ready_seats() == {Seat.S} and t.presence()["S"] == t.version
        other = Table.rebuild(t.id, storage.load(t.id), storage)  # a second server process
        asyncio.run(other.deal_next())  # deals deal 2
        with pytest.raises(CommandError) as err:
            asyncio.run(t.deal_next())  # this process is behind: conflict, reloaded
        assert err.value.code == "conflict" and t.version == other.version
        assert t.match.current is not None and not t.between_deals()
        assert conn.seat is Seat.S  # still his seat
        assert t.ready_seats() == set() and t.presence()["S"] == -1
        assert not t.table_json()["seats"][2]["ready"]
    finally:
        storage.close()


def test_a_table_asked_for_by_several_at_once_is_rebuilt_once(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A table out of memory (a restart, an idle table unloaded) that several visitors ask for at
    once (two pages and the lobby's listing, each waiting for the log to be read) is read and
    rebuilt once: each gets the one table the service keeps. Two tables of one id would each take
    connections and play the bots, and the one not kept would do so out of the service's sight."""
    from whist.server.service import TableSpec

    storage = open_storage(f"sqlite:///{tmp_path / 'w.db'}")
    try:
        made = asyncio.run(TableService(storage).create(TableSpec(seats={"N": "random"}, seed=3)))
        load = storage.load
        reads: list[str] = []

        def counted_load(table_id: str, since: int = 0) -> list[StoredEvent]:
            reads.append(table_id)
            time.sleep(0.05)  # a database that takes a moment: every visitor asks meanwhile
            return load(table_id, since)

        monkeypatch.setattr(storage, "load", counted_load)
        svc = TableService(storage)  # a server started again: the table is not in memory

        async def at_once() -> list[Any]:
            return list(await asyncio.gather(svc.get(made.id), svc.get(made.id), svc.listing_of(made.id)))

        first, second, listing = asyncio.run(at_once())
        assert first is not None and first is second is svc.tables[made.id]
        assert listing is not None and listing["id"] == made.id
        assert reads == [made.id]
        assert asyncio.run(svc.get("nothing")) is None and reads == [made.id, "nothing"]
    finally:
        storage.close()


STATEMENTS = {"sqlite": [2, 1, 2, 4], "postgresql": [1, 1, 1, 1]}
"""What storing a table's events sends the database, counted by SQLAlchemy (its
``before_cursor_execute``), for each of: a new table's first two events (create, start), an
action, an action that ends a deal (its record too), an action that ends the match (the table's
listing too). SQLite runs its statements in this process; PostgreSQL is across a network, where
every statement was a round trip."""

ROUND_TRIPS = [2, 2, 2, 2]
"""Round trips to PostgreSQL for the same (libpq's ReadyForQuery, which ends each): the pool's
check that its connection is alive, then the one statement; in a transaction of its own, a lone
action took five (the check, BEGIN, the event, its NOTIFY, COMMIT)."""

READ_TRIPS = 2
"""Round trips to PostgreSQL of a read: what another server process does for each event it hears
of (the events it lacks), the check and the statement; in a transaction, four (BEGIN, ROLLBACK)."""


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_an_event_is_stored_in_as_few_statements_as_pinned(tmp_path: Path, db: str) -> None:
    """The statements (and on PostgreSQL the round trips) of each append are those of
    :data:`STATEMENTS` and :data:`ROUND_TRIPS`, no more: every action a table stores waits for
    them; a read of the log is one statement (:data:`READ_TRIPS`). What is stored is all there,
    and on PostgreSQL the other processes are told of each append once it is committed, and of an
    append refused (the event stored already) never."""
    import psycopg
    from sqlalchemy import event, text
    from sqlalchemy.exc import OperationalError

    try:
        storage = open_storage(f"sqlite:///{tmp_path / 'w.db'}" if db == "sqlite" else PG_URL)
    except OperationalError as exc:  # pragma: no cover
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    statements: list[str] = []
    event.listen(storage.engine, "before_cursor_execute",
                 lambda _c, _cur, sql, *_: statements.append(sql))
    trace = (tmp_path / "libpq.trace").open("w")
    news: psycopg.Connection[Any] | None = None
    if storage.shared:  # every connection from now on traced; what libpq traced is written out
        # (PQuntrace flushes it) as the connection goes back to the pool, at the end of each call
        def traced(dbapi: Any, *_: Any) -> None:
            dbapi.pgconn.untrace()
            dbapi.pgconn.trace(trace.fileno())

        event.listen(storage.engine, "connect", traced)
        event.listen(storage.engine, "checkin", traced)
        storage.engine.dispose()
        news = psycopg.connect(storage.engine.url.set(drivername="postgresql")
                               .render_as_string(hide_password=False), autocommit=True)
        news.execute("LISTEN whist")
    tid = f"pin{secrets.token_hex(4)}"
    appends: list[tuple[list[StoredEvent], list[tuple[int, dict[str, Any]]], dict[str, Any] | None]] = [
        ([StoredEvent(0, "create", {"preset": "couleur"}, 1.0), StoredEvent(1, "start", {}, 2.0)], [], None),
        ([StoredEvent(2, "action", {"seat": "N", "action": "pass"}, 3.0)], [], None),
        ([StoredEvent(3, "action", {"seat": "E", "action": "CA"}, 4.0)], [(1, {"deal": 1})], None),
        ([StoredEvent(4, "action", {"seat": "S", "action": "DK"}, 5.0)], [(2, {"deal": 2})], {"id": tid}),
    ]
    counted: list[int] = []
    trips: list[int] = []
    try:
        assert storage.load(tid) == []  # and the pool keeps a connection, as a server's does
        storage.store_listing(tid, 2, {"id": "before the last event"})  # deleted by its append

        def call(how: Callable[..., object], *args: Any) -> None:
            statements.clear()
            before = os.path.getsize(trace.name)
            how(*args)
            counted.append(len(statements))
            with open(trace.name) as f:
                f.seek(before)
                trips.append(f.read().count("ReadyForQuery"))

        for events, records, listing in appends:
            call(storage.append, tid, events, records, listing)
        call(storage.load, tid, 4)  # what another process reads for the last event
        assert counted == [*STATEMENTS[db], 1], statements
        if storage.shared:
            assert trips == [*ROUND_TRIPS, READ_TRIPS]
        with pytest.raises(StorageConflict):
            storage.append(tid, [StoredEvent(4, "action", {}, 6.0)], [(3, {"deal": 3})], {"id": "no"})
        assert [(e.seq, e.kind, e.at) for e in storage.load(tid)] == [
            (0, "create", 1.0), (1, "start", 2.0), (2, "action", 3.0), (3, "action", 4.0),
            (4, "action", 5.0)]
        assert storage.load(tid, 4)[0].data == {"seat": "S", "action": "DK"}
        assert [storage.record(tid, n) for n in (1, 2, 3)] == [{"deal": 1}, {"deal": 2}, None]
        assert [t for t in storage.stored_tables() if t.table_id == tid] == [
            StoredTable(tid, 4, {"id": tid})]
        with storage._db() as conn:
            assert conn.execute(text("SELECT seq FROM whist_table_listing WHERE table_id = :t"),
                                {"t": tid}).all() == [(4,)]
        if news is not None:
            heard = [n.payload for n in news.notifies(timeout=1.0) if n.payload.endswith(f" {tid}")]
            assert heard == [f"e {n} {tid}" for n in (2, 3, 4, 5)]
    finally:
        if news is not None:
            news.close()
        storage.delete(tid)
        storage.close()
        trace.close()


class _FreezingProxy:
    """A TCP relay to the database that can stop passing bytes while keeping its connections
    open (``frozen``): a database whose process or machine stopped, to the server's eyes."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.frozen = threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = [self.listener]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = self.listener.accept()
                server = socket.create_connection(self.target)
                self.sockets += [client, server]
                for a, b in ((client, server), (server, client)):
                    threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                while self.frozen.is_set():
                    time.sleep(0.02)
                sink.sendall(data)

    def close(self) -> None:
        self.frozen.clear()
        for s in self.sockets:
            s.close()


def test_a_postgresql_server_that_stops_answering_is_unavailable_not_a_hang(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A database that keeps the connection open and answers nothing (its process stopped, its
    machine frozen: no statement timeout runs there, no connection is closed) held a request for
    ever: a read now fails as the database unavailable after ``ANSWER_DEADLINE`` (the client gets
    503), and once the database answers again so does the storage."""
    from sqlalchemy.engine import make_url

    import whist.server.storage as storage_module

    monkeypatch.setattr(storage_module, "ANSWER_DEADLINE", 0.5)
    url = make_url(PG_URL)
    proxy = _FreezingProxy(url.host or "127.0.0.1", url.port or 5432)
    try:
        try:
            storage = open_storage(url.set(port=proxy.port).render_as_string(hide_password=False))
        except Exception as exc:  # pragma: no cover - a machine without the database
            pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
        try:
            assert asyncio.run(storage.threads.run(storage.load, "nosuchtable")) == []
            proxy.frozen.set()
            started = time.monotonic()
            with pytest.raises(StorageUnavailable, match=r"no answer in 0\.5 s"):
                asyncio.run(storage.threads.run(storage.load, "nosuchtable"))
            assert time.monotonic() - started < 3
            proxy.frozen.clear()
            assert asyncio.run(storage.threads.run(storage.load, "nosuchtable")) == []
        finally:
            storage.close()
    finally:
        proxy.close()
