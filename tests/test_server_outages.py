"""What the club member who runs ``whist serve`` meets while it runs: the database gone and back (a
move refused with 1013, routes 503, one warning a table, said when it is back), a slow database
that holds only the table waiting for it, a table's commands taken in turn, the server's warnings
with their date and time; and ``whist serve --lang fr``, its errors, first line and warnings in
French. At start and at stop (a database that cannot be opened, a port in use, a busy server
stopped): test_server_ops.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_server_ops import first_line, serve
from test_server_startup import fill, url  # noqa: F401 - url: the fixture, SQLite then PostgreSQL
from test_server_storage import PG_URL, free_port, wait_for

from whist.cards import Seat
from whist.server import create_app
from whist.server.service import TableService, TableSpec
from whist.server.storage import SqlStorage, StorageUnavailable, StoredEvent
from whist.server.table import Connection, Table


@pytest.fixture
def outage() -> Iterator[tuple[str, Callable[[bool], None]]]:
    """A PostgreSQL database of the test's own, and a switch that lets connections in or refuses
    them (ending those open): an outage of that database alone."""
    from sqlalchemy import create_engine, make_url, text
    from sqlalchemy.exc import OperationalError

    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    try:
        admin.connect().close()
    except OperationalError as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    name = f"whist_outage_{secrets.token_hex(4)}"

    def reachable(yes: bool) -> None:
        with admin.connect() as c:
            c.execute(text(f"ALTER DATABASE {name} ALLOW_CONNECTIONS {'true' if yes else 'false'}"))
            if not yes:
                c.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                               " WHERE datname = :name"), {"name": name})

    with admin.connect() as c:
        c.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False), reachable
    finally:
        with admin.connect() as c:
            c.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


def test_a_database_outage_says_try_again_not_no_such_table(
        outage: tuple[str, Callable[[bool], None]]) -> None:
    """While the database cannot be reached, a move is refused by closing the socket with 1013
    (the page connects again) and nothing changes; a route says 503; a table out of memory is not
    called unknown (the page would give it up). Once the database is back, play goes on."""
    db, reachable = outage
    app = create_app(db, unload_after=0.0)
    with TestClient(app) as c:
        tid = c.post("/api/tables", json={"seats": {"N": "random", "E": "random", "W": "random"},
                                          "bot_delay": 0, "deal_pause": 0, "takeover_after": 600,
                                          "seed": 4}).json()["id"]
        token = c.post(f"/api/tables/{tid}/join", json={"name": "Sam"}).json()["token"]

        def my_turn(ws: Any) -> dict[str, Any]:
            while True:
                m: dict[str, Any] = ws.receive_json()
                v = m["deal"]["view"] if m["type"] == "state" and m["deal"] else None
                if v and v["to_act"] == "S" and not m["you"]["auto"]:
                    return m

        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            ws.send_json({"type": "hello", "token": token})
            before = my_turn(ws)
            reachable(False)
            action = before["deal"]["view"]["legal"][0]["text"]
            ws.send_json({"type": "act", "action": action, "version": before["version"]})
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1013
        refused = c.post("/api/tables", json={})
        assert refused.status_code == 503 and refused.json()["error"]["code"] == "http_error"
        wait_for(lambda: tid not in app.state.service.tables)  # nobody there: out of memory
        assert c.get(f"/api/tables/{tid}").status_code == 503
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws, pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1013
        reachable(True)
        assert c.get(f"/api/tables/{tid}").status_code == 200
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            ws.send_json({"type": "hello", "token": token})
            again = my_turn(ws)
            assert again["version"] == before["version"] and again["deal"] == before["deal"]
            ws.send_json({"type": "act", "action": action, "version": again["version"]})
            after = ws.receive_json()
            assert after["type"] == "state" and after["version"] == before["version"] + 1


def test_whists_tables_dropped_from_postgresql_are_a_wait_not_a_failure(
        outage: tuple[str, Callable[[bool], None]]) -> None:
    """While whist's tables are missing from the database (dropped to restore a backup, say), a
    table looked up is answered 503, try again, as while the database is gone (it was a 500, an
    internal error), and once they are back the table is there again."""
    from sqlalchemy import create_engine, text

    db, _ = outage
    app = create_app(db, unload_after=0.0)
    admin = create_engine(db, isolation_level="AUTOCOMMIT")
    try:
        with TestClient(app) as c:
            tid = c.post("/api/tables", json={"seats": {"N": "random", "E": "random", "W": "random"},
                                              "seed": 4}).json()["id"]
            wait_for(lambda: tid not in app.state.service.tables)  # nobody there: out of memory
            with admin.connect() as conn:
                conn.execute(text("ALTER TABLE whist_event RENAME TO whist_event_kept"))
            gone = c.get(f"/api/tables/{tid}")
            assert gone.status_code == 503 and gone.json()["error"]["code"] == "http_error", gone.text
            with admin.connect() as conn:
                conn.execute(text("ALTER TABLE whist_event_kept RENAME TO whist_event"))
            back = c.get(f"/api/tables/{tid}")
            assert back.status_code == 200 and back.json()["table"]["id"] == tid, back.text
    finally:
        admin.dispose()


@pytest.mark.parametrize(("given", "shown"), [
    ("club:s3cret@127.0.0.1:{port}/whist", "club:***@127.0.0.1:{port}/whist"),
    ("club@127.0.0.1:{port}/whist?password=s3cret", "club@127.0.0.1:{port}/whist?password=***"),
])
def test_the_database_password_is_never_printed(given: str, shown: str) -> None:
    """Before the host or as libpq's ``password`` parameter, the password is not shown."""
    port = free_port()  # nobody listens there
    db = "postgresql+psycopg://" + given.format(port=port)
    done = serve("--port", str(free_port()), "--db", db)
    assert done.returncode == 2
    assert done.stderr.startswith("Error: cannot open the database postgresql+psycopg://"
                                  + shown.format(port=port) + ": "), done.stderr
    assert "s3cret" not in done.stderr + done.stdout


def test_a_table_id_no_table_can_have_is_unknown_quietly(url: str,  # noqa: F811
                                                         caplog: pytest.LogCaptureFixture) -> None:
    """A NUL byte (PostgreSQL refuses it in text) or a very long id: 404, and nothing in the log."""
    with TestClient(create_app(url)) as c:
        for bad in ("ab%00cd", "x" * 5000):
            assert c.get(f"/api/tables/{bad}").json()["error"]["code"] == "not_found"
            r = c.post(f"/api/tables/{bad}/join", json={"name": "Al"})
            assert r.status_code == 404
            with c.websocket_connect(f"/api/tables/{bad}/ws") as ws:
                assert ws.receive_json()["code"] == "not_found"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


class Held(SqlStorage):
    """A database that takes its time: the appends of the table :attr:`held` wait at a gate until
    it is opened (or for :attr:`HOLD` seconds)."""

    HOLD = 3.0

    def __init__(self, db: str) -> None:
        super().__init__(db)
        self.held: str | None = None
        self.waiting = threading.Event()
        """Set once an append of the held table waits."""
        self.gate = threading.Event()
        self.loads: list[str] = []
        """The tables whose log was read, in order."""

    def append(self, table_id: str, events: Sequence[StoredEvent],
               records: Sequence[tuple[int, Mapping[str, Any]]] = (),
               listing: Mapping[str, Any] | None = None) -> None:
        if table_id == self.held:
            self.waiting.set()
            self.gate.wait(self.HOLD)
        super().append(table_id, events, records, listing)

    def load(self, table_id: str, since: int = 0) -> list[StoredEvent]:
        self.loads.append(table_id)
        return super().load(table_id, since)


def test_a_slow_database_holds_only_the_table_that_waits_for_it(url: str) -> None:  # noqa: F811
    """The database was called on the event loop: a slow one (PostgreSQL across a network, 50 ms
    a round trip: 260 ms an event) held every table of the process, the pings, the pages, while
    each event was stored. Now a table waits for its own event alone; the process goes on
    serving, the table too (a ping is answered), and the event is applied once stored."""
    storage = Held(url)
    svc = TableService(storage)

    async def run() -> None:
        slow = await svc.create(TableSpec(preset="pagat", seats=dict.fromkeys("NESW", "random"),
                                          bot_delay=0, deal_pause=0, seed=1))
        storage.held = slow.id
        svc.start()
        try:
            await asyncio.to_thread(storage.waiting.wait, 10)  # its driver's event is being stored
            seq = slow.seq
            loop = asyncio.get_running_loop()
            started = loop.time()
            await asyncio.sleep(0.1)  # the bots would have chosen their next move meanwhile
            assert loop.time() - started < 1.0  # the event loop went on
            conn = Connection()
            slow.attach(conn)
            await slow.handle(conn, json.dumps({"type": "ping"}))
            assert json.loads(conn._queue[-1][1] or "{}") == {"type": "pong", "version": slow.version}
            assert slow.seq == seq  # the event waits for its write: not applied, nor sent
            storage.gate.set()
            while slow.seq < seq + 5:  # stored: applied, and the table plays on
                await asyncio.sleep(0.01)
        finally:
            storage.gate.set()
            await svc.stop()
        assert len(storage.load(slow.id)) == slow.seq  # the table is what its log says

    try:
        asyncio.run(run())
    finally:
        storage.close()


def test_a_table_takes_its_commands_in_turn_while_one_is_stored(tmp_path: Path) -> None:
    """Two moves of one player at the same state (a double click) while the database is slow: the
    first is stored and applied; the second, checked only then, is not the player's turn any more.
    Checked while the first waited for the database, it would have passed and made a conflict
    that reloads the table."""
    storage = Held(f"sqlite:///{tmp_path / 'whist.db'}")
    svc = TableService(storage)

    async def run() -> list[dict[str, Any]]:
        t = await svc.create(TableSpec(preset="classic", seats=dict.fromkeys("NEW", "random"),
                                       seed=5))
        await t.join(Seat.S, "Sam", "sam")
        while t.match.to_act is not Seat.S:
            if t.match.needs_deal:
                await t.deal_next()
            else:
                seat = t.match.to_act
                assert seat is not None
                await t.act(seat, t.match.legal_actions()[0].text, t.version, by="bot")
        conn = Connection()
        t.attach(conn)
        await t.handle(conn, json.dumps({"type": "hello", "token": "sam"}))
        conn._queue.clear()
        storage.held = t.id
        act = json.dumps({"type": "act", "action": t.match.legal_actions()[0].text,
                          "version": t.version})
        first = asyncio.create_task(t.handle(conn, act))
        await asyncio.to_thread(storage.waiting.wait, 10)
        second = asyncio.create_task(t.handle(conn, act))
        await asyncio.sleep(0.1)
        assert not second.done()  # it waits for the first
        storage.gate.set()
        await asyncio.gather(first, second)
        assert len(storage.load(t.id)) == t.seq
        return [json.loads(text) for _, text in conn._queue if text is not None]

    try:
        sent = asyncio.run(run())
    finally:
        storage.close()
    assert [m["type"] for m in sent] == ["state", "error"]
    assert sent[1]["code"] == "not_your_turn" and sent[1]["version"] == sent[0]["version"]


def test_a_bots_move_overtaken_while_it_waits_its_turn_is_dropped(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A bot's move chosen at a state that changes while the move waits for the table's earlier
    command (its event being stored) is dropped quietly, not refused as out of turn with a
    warning in the operator's log; the table stores one move for that state."""
    caplog.set_level(logging.INFO, logger="whist.server")
    storage = Held(f"sqlite:///{tmp_path / 'whist.db'}")
    svc = TableService(storage)

    async def run() -> Table:
        t = await svc.create(TableSpec(preset="classic", seats=dict.fromkeys("NESW", "random"),
                                       seed=2))
        await t.deal_next()
        seat = t.match.to_act
        assert seat is not None
        storage.held = t.id
        first = asyncio.create_task(t.bot_move(seat))
        await asyncio.to_thread(storage.waiting.wait, 10)
        second = asyncio.create_task(t.bot_move(seat))  # chosen at the same state meanwhile
        await asyncio.sleep(0.1)
        storage.gate.set()
        await asyncio.gather(first, second)
        return t

    try:
        t = asyncio.run(run())
        log = storage.load(t.id)
    finally:
        storage.close()
    assert [e.kind for e in log] == ["create", "start", "deal", "action"] and len(log) == t.seq
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert any("the bot move at" in r.getMessage() and "dropped" in r.getMessage()
               for r in caplog.records)


def test_the_news_of_a_tables_own_event_reads_nothing(tmp_path: Path) -> None:
    """With other processes on the database, the news of an event (NOTIFY) comes to the process
    that stores it too, often before its write returns: the table, which had not applied the
    event yet, read its log once more for it, a database round trip more for every event."""
    storage = Held(f"sqlite:///{tmp_path / 'whist.db'}")
    svc = TableService(storage)

    async def run() -> Table:
        t = await svc.create(TableSpec(preset="classic", seats=dict.fromkeys("NESW", "random"),
                                       seed=2))
        storage.held = t.id
        dealt = asyncio.create_task(t.deal_next())
        await asyncio.to_thread(storage.waiting.wait, 10)
        svc._heard(t.id, t.seq + 1)  # the news of the deal, while it is being stored
        await asyncio.sleep(0.1)
        storage.gate.set()
        await dealt
        await asyncio.gather(*svc._catching_up)
        return t

    try:
        t = asyncio.run(run())
        assert t.match.current is not None and len(storage.load(t.id)) == t.seq
    finally:
        storage.close()
    assert storage.loads == [t.id]  # the check just above, and no other


class Down(SqlStorage):
    """A database that cannot be reached for the next :attr:`outage` appends."""

    outage = 0

    def append(self, table_id: str, events: Sequence[StoredEvent],
               records: Sequence[tuple[int, Mapping[str, Any]]] = (),
               listing: Mapping[str, Any] | None = None) -> None:
        if self.outage > 0:
            self.outage -= 1
            raise StorageUnavailable("connection refused")
        super().append(table_id, events, records, listing)


def played_through_an_outage(tmp_path: Path, writes: int) -> Table:
    """A table of four random bots in a SQLite file of ``tmp_path``, played until six events are
    stored while its database refuses its first ``writes`` writes (:class:`Down`), then stopped."""
    storage = Down(f"sqlite:///{tmp_path / 'whist.db'}")
    svc = TableService(storage)

    async def run() -> Table:
        t = await svc.create(TableSpec(preset="classic", seats=dict.fromkeys("NESW", "random"),
                                       bot_delay=0, seed=2))
        storage.outage = writes
        svc.start()
        try:
            while t.seq < 6:
                await asyncio.sleep(0.01)
        finally:
            await svc.stop()
        return t

    try:
        return asyncio.run(run())
    finally:
        storage.close()


def test_an_outage_is_said_once_a_table_not_every_second(tmp_path: Path,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    """While the database could not be reached, every table whose bots play said so in the log
    every second, however long the outage: the operator read a flood. Each says it once, and once
    more when the database answers again."""
    t = played_through_an_outage(tmp_path, 3)  # the deal, tried three times a second apart
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert said == [f"table {t.id}: the database cannot be reached: connection refused; it waits"
                    " for the database",
                    f"table {t.id}: the database answers again; the table plays on"]


def test_the_servers_warnings_say_when(capsys: pytest.CaptureFixture[str]) -> None:
    """An operator reads the log after the fact: each warning (the database gone, back again)
    begins with its date and time; asked twice, the lines are not printed twice."""
    from whist.cli_serve import log_to_stderr

    logger = logging.getLogger("whist.server")
    handler = log_to_stderr()
    try:
        assert log_to_stderr() is handler
        logger.warning("table %s: the database answers again; the table plays on", "x7Qb")
        logger.info("unloaded %d idle tables", 3)  # not for the operator's eyes
        lines = capsys.readouterr().err.splitlines()
    finally:
        logger.removeHandler(handler)
    assert len(lines) == 1, lines
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d whist: table x7Qb: the database answers"
                        r" again; the table plays on", lines[0]), lines


def test_a_database_that_answers_nothing_for_long_is_said_and_its_return_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A PostgreSQL frozen for a minute (its processes stopped) fails nothing: the games waited
    and the log said nothing. A call of the database past ``SLOW_AFTER`` is said (a warning), and
    its end."""
    import whist.server.storage as storage_module

    monkeypatch.setattr(storage_module, "SLOW_AFTER", 0.05)
    storage = SqlStorage(f"sqlite:///{tmp_path / 'whist.db'}")
    caplog.set_level(logging.WARNING, "whist.server")

    def frozen() -> list[StoredEvent]:
        time.sleep(0.2)
        return storage.load("nothere")

    try:
        assert asyncio.run(storage.threads.run(frozen)) == []
        assert asyncio.run(storage.threads.run(storage.load, "nothere")) == []  # in time: nothing
    finally:
        storage.close()
    said = [r.getMessage() for r in caplog.records]
    assert said[0] == "the database has not answered for 0.05 s: the calls to it wait", said
    assert re.fullmatch(r"the database answers again, after \d+ s", said[1]), said
    assert len(said) == 2, said


# ----- whist serve --lang fr ------------------------------------------------------------------


def test_in_french_the_errors_of_whist_serve_are_one_french_line(tmp_path: Path) -> None:
    """``--lang fr``: a --db that is no URL, a SQLite folder that does not exist, a port in use,
    in French, exit status 2 (click's own refusals: test_cli.py)."""
    done = serve("--db", "whist.db", "--port", str(free_port()), "--lang", "fr")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "Erreur : impossible d'ouvrir la base de données whist.db : --db est une URL ; pour un fichier"
        " SQLite, sqlite:///whist.db"]
    db = f"sqlite:///{tmp_path / 'missing' / 'whist.db'}"
    done = serve("--db", db, "--port", str(free_port()), "--lang", "fr")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"Erreur : impossible d'ouvrir la base de données {db} : (sqlite3.OperationalError) unable to"
        f" open database file (le dossier {tmp_path / 'missing'} n'existe pas)"]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'whist.db'}", "--lang", "fr")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"Erreur : impossible d'écouter sur 127.0.0.1:{port} : adresse déjà utilisée"]


def test_in_french_the_first_line_says_where_the_tables_are(tmp_path: Path) -> None:
    line = first_line(tmp_path, "--lang", "fr")  # the default database, whist.db here
    assert line.startswith("whist : ouvrez http://localhost:")
    assert line.endswith(f" dans un navigateur (3 tables dans le fichier {tmp_path / 'whist.db'},"
                         " dont 1 en jeu ; Ctrl+C pour arrêter)\n")


def test_in_french_the_servers_warnings_say_when_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """The warnings the operator reads, with their date and time, in French; what they quote (a
    database's own words) as it is; back in English when asked in English."""
    from whist.cli_serve import log_to_stderr

    logger = logging.getLogger("whist.server")
    handler = log_to_stderr("fr")
    try:
        logger.warning("table %s: the database cannot be reached: %s; it waits for the database", "x7Qb",
                       "connection refused")
        logger.warning("table %s: the database answers again; the table plays on", "x7Qb")
        logger.warning("a warning %s of no table", "nobody wrote")
        assert log_to_stderr("en") is handler
        logger.warning("table %s: the database answers again; the table plays on", "x7Qb")
        lines = capsys.readouterr().err.splitlines()
    finally:
        logger.removeHandler(handler)
    when = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"
    assert [line[19:] for line in lines] == [
        " whist : table x7Qb : la base de données ne répond pas : connection refused ; la table l'attend",
        " whist : table x7Qb : la base de données répond de nouveau ; la table reprend",
        " whist : a warning nobody wrote of no table",
        " whist: table x7Qb: the database answers again; the table plays on"]
    assert all(re.match(when, line) for line in lines)


def test_in_french_an_outage_is_said_in_french_with_the_databases_own_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang fr``: a table whose database could not be reached said so in a French line that
    quoted whist's own English words (« table x7Qb : the database cannot be reached: connection
    refused ; elle attend … »): only what the database said stays in English."""
    from whist.cli_serve import log_to_stderr

    handler = log_to_stderr("fr")
    try:
        t = played_through_an_outage(tmp_path, 2)
        lines = capsys.readouterr().err.splitlines()
    finally:
        logging.getLogger("whist.server").removeHandler(handler)
    assert [line[19:] for line in lines] == [
        f" whist : table {t.id} : la base de données ne répond pas : connection refused ; la table"
        " l'attend",
        f" whist : table {t.id} : la base de données répond de nouveau ; la table reprend"]


class Flaky:
    """Connections to PostgreSQL that fail while :attr:`down` (as libpq says so, on several
    lines), then open again."""

    def __init__(self, conninfo: str) -> None:
        import psycopg

        self.conninfo, self.down, self.psycopg = conninfo, True, psycopg

    def __call__(self) -> Any:
        if self.down:
            raise self.psycopg.OperationalError("server closed the connection unexpectedly\n\tThis"
                                                " probably means the server terminated abnormally")
        return self.psycopg.connect(self.conninfo, autocommit=True)


def test_the_shared_tables_say_when_the_database_is_back(caplog: pytest.LogCaptureFixture) -> None:
    """PostgreSQL gone, then back, while several processes share it: the log said that the
    shared tables waited and that the other processes were not heard (over three lines, libpq's
    guesses included), and never that it was over, although docs/hosting.md promises the
    database gone, and back. Each says it once, in one line, and once more when it is back."""
    from whist.server.cluster import PgCluster

    with postgresql_url() as conninfo:
        cluster = PgCluster(conninfo)
        flaky = Flaky(conninfo)
        cluster._connect = flaky  # type: ignore[method-assign]
        heard: list[tuple[str | None, int | None]] = []
        table = secrets.token_urlsafe(6)  # no other test's table: its lock is free
        with caplog.at_level(logging.WARNING, "whist.server"):
            try:
                assert cluster.exchange({}, [table]) == (set(), {})
                assert cluster.exchange({}, [table]) == (set(), {})
                cluster.listen(lambda t, n: heard.append((t, n)))
                time.sleep(1.5)  # the listener tries, fails, waits
                flaky.down = False
                assert cluster.exchange({}, [table])[0] == {table}
                wait_for(lambda: (None, None) in heard)
            finally:
                cluster.close()
    said = [r.getMessage() for r in caplog.records]
    assert sorted(said) == sorted([
        "the tables shared with other processes wait for the database: server closed the"
        " connection unexpectedly",
        "not hearing the other server processes: server closed the connection unexpectedly",
        "the tables shared with other processes play on: the database answers again",
        "hearing the other server processes again"]), said


@contextlib.contextmanager
def postgresql_url() -> Iterator[str]:
    """The libpq URL of the tests' PostgreSQL database (the test is skipped without it)."""
    from sqlalchemy.engine import make_url
    from test_server_startup import postgresql

    with postgresql() as pg:
        yield make_url(pg).set(drivername="postgresql").render_as_string(hide_password=False)


def test_every_warning_the_server_logs_has_its_french() -> None:
    """Each message the server logs where the operator sees it (warning, error, exception) is in
    the French table of ``whist serve --lang fr``, with the same places for its values."""
    import ast

    from whist.cli_serve import LOG_FR

    logged: set[str] = set()
    for path in (Path(__file__).parent.parent / "src" / "whist" / "server").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("warning", "error", "exception", "critical")
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "log"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                logged.add(str(node.args[0].value))
    assert len(logged) >= 10, logged
    assert sorted(logged - set(LOG_FR)) == []
    for english, french in LOG_FR.items():
        assert re.findall(r"%\w", english) == re.findall(r"%\w", french), english


def test_a_write_ahead_log_that_cannot_be_copied_is_said_and_when_it_can_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The disk full, the copy of SQLite's write-ahead log into the file fails: said once, and
    once more when it works again (the operator read the failure and never its end)."""
    import sqlite3

    import whist.server.storage as storage_module

    path = str(tmp_path / "whist.db")
    sqlite3.connect(path).close()
    full = threading.Event()
    full.set()
    tries: list[int] = []
    real = sqlite3.connect

    class Disk:  # the checkpointer's connection, its disk full until told otherwise
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self.conn = real(path)

        def execute(self, sql: str) -> Any:
            tries.append(1)
            if full.is_set():
                raise sqlite3.OperationalError("database or disk is full")
            return self.conn.execute(sql)

        def close(self) -> None:
            self.conn.close()

    monkeypatch.setattr(sqlite3, "connect", Disk)
    caplog.set_level(logging.WARNING, "whist.server")
    checkpointer = storage_module._Checkpointer(path, storage_module._file_id(path))
    try:
        wait_for(lambda: len(tries) >= 2, 10)
        full.clear()
        wait_for(lambda: len(caplog.records) >= 2, 10)
        time.sleep(1.5)  # and nothing more
    finally:
        checkpointer.close()
    assert [r.getMessage() for r in caplog.records] == [
        f"cannot copy the write-ahead log into {path}: database or disk is full",
        f"the write-ahead log is copied into {path} again"]


def test_the_sqlite_file_deleted_while_the_server_runs_is_said_and_written_into_no_more(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The SQLite file removed (or moved away) while the server runs: SQLite goes on writing into
    the file unlinked, every answer said all was well, and at the next start every table and
    sheet was gone. The server says so (a warning), takes no change meanwhile (503, as for any
    database gone) and takes changes again once the file is back."""
    db = tmp_path / "whist.db"
    with TestClient(create_app(storage=SqlStorage(f"sqlite:///{db}"))) as c:
        made = c.post("/api/tables", json={"seats": dict.fromkeys("NESW", "random")})
        assert made.status_code == 201, made.text
        away = tmp_path / "moved.db"
        db.rename(away)
        refused = c.post("/api/tables", json={})
        assert refused.status_code == 503, refused.text
        assert c.post("/api/sheets", json={"preset": "couleur"}).status_code == 503
        gone = (f"the database file {db} is gone (deleted or moved): the server takes no change until"
                " it is back")
        wait_for(lambda: any(r.getMessage() == gone for r in caplog.records), 5.0)
        away.rename(db)
        assert c.post("/api/tables", json={}).status_code == 201
        wait_for(lambda: any(r.getMessage() == f"the database file {db} is back" for r in caplog.records),
                 5.0)
    said = [r.getMessage() for r in caplog.records
            if r.levelno >= logging.WARNING and r.getMessage().startswith(f"the database file {db} ")]
    assert said == [gone, f"the database file {db} is back"], said
