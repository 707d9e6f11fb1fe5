"""What the club member who runs ``whist serve`` meets: a database that cannot be opened or written,
a port in use (one line on stderr, exit 2, no traceback), and stopping a busy server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketDisconnect
from test_server_startup import fill, url  # noqa: F401 - url: the fixture, SQLite then PostgreSQL
from test_server_storage import PG_URL, free_port, wait_for
from typer.testing import CliRunner

from whist.bots import AnyAction, AnyView
from whist.cards import Seat
from whist.server import create_app
from whist.server.bots import BotThreads, think
from whist.server.service import TableService, TableSpec
from whist.server.storage import SqlStorage, StorageUnavailable, StoredEvent, StoredSheet, open_storage
from whist.server.table import Connection, Table


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    """``whist serve`` with ``args``, which must fail before it listens."""
    return subprocess.run(
        [sys.executable, "-c", "from whist.cli import main; main()", "serve", *args],
        capture_output=True, text=True, timeout=60, check=False)


def test_a_sqlite_file_that_cannot_be_created_is_one_line(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'missing' / 'whist.db'}"
    done = serve("--port", str(free_port()), "--db", db)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"Error: cannot open the database {db}: (sqlite3.OperationalError) unable to open database"
        f" file (the folder {tmp_path / 'missing'} does not exist)"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sqlite_file_that_is_a_folder_or_no_database_is_named(tmp_path: Path, lang: str) -> None:
    """--db naming a folder, or a file that is no SQLite database: SQLite says only "unable to
    open database file" or "file is not a database", in English; the error says which, in the
    language of --lang."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "notes.db").write_text("not a database\n", encoding="utf-8")
    said = {
        "folder": (f"{tmp_path / 'folder'} is a folder, not a file",
                   f"{tmp_path / 'folder'} est un dossier, pas un fichier"),
        "notes.db": (f"the file {tmp_path / 'notes.db'} is not a SQLite database",
                     f"le fichier {tmp_path / 'notes.db'} n'est pas une base SQLite"),
    }
    for name, (en, fr) in said.items():
        done = serve("--port", str(free_port()), "--db", f"sqlite:///{tmp_path / name}", "--lang", lang)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert done.stderr.strip().endswith(f"({en if lang == 'en' else fr})"), done.stderr


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "cannot listen on no-such-host.invalid:{port}: unknown name (--host takes an address"),
    ("fr", "impossible d'écouter sur no-such-host.invalid:{port} : nom inconnu (--host prend une adresse"),
])
def test_a_host_name_that_is_unknown_is_said_in_the_language_of_lang(lang: str, said: str) -> None:
    """The resolver's "Name or service not known" was English under --lang fr."""
    port = free_port()
    done = serve("--host", "no-such-host.invalid", "--port", str(port), "--lang", lang)
    assert done.returncode == 2 and said.format(port=port) in done.stderr, done.stderr


def test_a_sqlite_folder_this_user_cannot_write_is_named(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A whist.db that is writable, in a folder that is not (SQLite writes its -wal and -shm files
    beside it): SQLite says "attempt to write a readonly database", of a file the operator then
    finds writable. The error names the folder."""
    from whist import cli_serve

    (tmp_path / "whist.db").touch()
    real = os.access

    def access(path: str, mode: int) -> bool:  # this user may not write in tmp_path
        return not (Path(path) == tmp_path and mode & os.W_OK) and real(path, mode)

    monkeypatch.setattr(os, "access", access)
    assert cli_serve._sqlite_folder(f"sqlite:///{tmp_path / 'whist.db'}") == (
        f" (the folder {tmp_path} is not writable by this user: SQLite writes whist.db-wal and"
        " whist.db-shm there, beside whist.db)")
    monkeypatch.setattr(os, "access", real)
    assert cli_serve._sqlite_folder(f"sqlite:///{tmp_path / 'whist.db'}") == ""
    assert cli_serve._sqlite_folder("postgresql+psycopg://club@127.0.0.1/whist") == ""


def test_a_sqlite_url_without_a_file_is_refused() -> None:
    """sqlite:/// (a variable left empty in sqlite:///$DB) gave each connection a private
    temporary database of its own: tables written in one were missing in another, and all of them
    were gone when the server stopped."""
    with pytest.raises(ValueError, match="names its file"):
        open_storage("sqlite:///")
    done = serve("--port", str(free_port()), "--db", "sqlite:///")
    assert done.returncode == 2 and done.stderr.startswith("Error: cannot open the database sqlite:///: ")


WHIST_DATABASES = ("(whist keeps its tables in SQLite, sqlite:///whist.db by default, or PostgreSQL,"
                   " postgresql+psycopg://user@host/db)")


@pytest.mark.parametrize(("db", "reason"), [
    ("mysql://club@127.0.0.1/whist", "No module named 'MySQLdb'"),
    ("postgres://club@127.0.0.1/whist", "Can't load plugin: sqlalchemy.dialects:postgres"),
], ids=["driver missing", "postgres://"])
def test_a_database_whist_cannot_use_names_those_it_does(db: str, reason: str) -> None:
    """mysql:// (its driver not installed), postgres:// (as some hosts write their URLs, a name
    SQLAlchemy does not know): one line that says which databases whist uses, not only Python's
    "No module named 'MySQLdb'" or SQLAlchemy's "Can't load plugin"."""
    done = serve("--port", str(free_port()), "--db", db)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"Error: cannot open the database {db}: {reason} {WHIST_DATABASES}"]


def test_a_file_given_for_the_database_url_says_the_url(tmp_path: Path) -> None:
    """A file's name without sqlite:/// was SQLAlchemy's "Could not parse SQLAlchemy URL from
    given URL string", which does not say what to write instead."""
    for path in ("club.db", str(tmp_path / "club.db")):
        done = serve("--port", str(free_port()), "--db", path)
        assert done.returncode == 2
        assert done.stderr.strip().splitlines() == [
            f"Error: cannot open the database {path}: --db is a URL; for a SQLite file,"
            f" sqlite:///{path}"]
    assert not (tmp_path / "club.db").exists()


def test_a_postgresql_host_that_never_answers_is_one_line() -> None:
    """A host that takes the connection and says nothing (a firewall, the wrong service): the
    server gave up only with the operating system, minutes later, saying nothing meanwhile."""
    with socket.socket() as silent:  # the connection is taken, never answered
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]
        done = serve("--port", str(free_port()), "--db", f"postgresql+psycopg://club@127.0.0.1:{port}/whist")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"Error: cannot open the database postgresql+psycopg://club@127.0.0.1:{port}/whist:"
        " (psycopg.errors.ConnectionTimeout) connection timeout expired"]


def read_only(db: str) -> str:
    """The same database, opened read-only."""
    if db.startswith("sqlite:///"):
        return f"sqlite:///file:{db.removeprefix('sqlite:///')}?mode=ro&uri=true"
    return db + "?options=-c%20default_transaction_read_only%3Don"


def test_a_read_only_database_is_refused_at_start(url: str) -> None:  # noqa: F811
    open_storage(url).close()
    with pytest.raises(SQLAlchemyError, match=r"readonly|read-only"):
        open_storage(read_only(url))


def test_a_port_in_use_is_one_line_and_no_table_is_loaded(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'whist.db'}")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"Error: cannot listen on 127.0.0.1:{port}: Address already in use"]
    assert "open http" not in done.stdout
    assert not (tmp_path / "whist.db").exists()  # said before the database was even opened


def test_two_processes_joining_one_seat(url: str) -> None:  # noqa: F811
    """Two servers on one database: the one that stores its join second reloads the table and
    says the seat is taken (409), or gives the next free seat when none was asked for."""
    with TestClient(create_app(url)) as a, TestClient(create_app(url)) as b:
        tid = a.post("/api/tables", json={"seats": {"N": "random"}}).json()["id"]
        assert a.get(f"/api/tables/{tid}").status_code == 200  # in A's memory, and B's:
        assert b.post(f"/api/tables/{tid}/join", json={"name": "Bea", "seat": "S"}).status_code == 200
        taken = a.post(f"/api/tables/{tid}/join", json={"name": "Al", "seat": "S"})
        assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_unavailable"
        assert [s["name"] for s in a.get(f"/api/tables/{tid}").json()["table"]["seats"]] == [
            None, None, "Bea", None]
        assert b.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()["seat"] == "W"
        got = a.post(f"/api/tables/{tid}/join", json={"name": "Al"}).json()
        assert got["seat"] == "E"  # W was taken in B: A reloaded the table and gave the next one
        table = a.get(f"/api/tables/{tid}").json()["table"]
        assert table["started"] and [s["name"] for s in table["seats"]] == [None, "Al", "Bea", "Bo"]


def _page(c: TestClient, path: str, status: int) -> None:
    """A browser's GET of ``path`` is answered ``status`` with the page."""
    r = c.get(path, headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert r.status_code == status, (path, r.status_code)
    assert r.headers["content-type"].startswith("text/html"), path
    assert 'src="/static/app.js"' in r.text, path


def test_a_link_to_no_table_or_sheet_is_answered_404_with_the_page(url: str) -> None:  # noqa: F811
    """`/t/{id}` and `/s/{id}` are the page, which says when there is no table or sheet at its
    link: answered 404 then, as a server says there is nothing at an address (it was 200); 200
    where the table or sheet is, in the memory of the server asked or only in the database (stored
    by another server process, or before a restart). A sheet's id names no table, nor a table's a
    sheet."""
    a_app, b_app = create_app(url), create_app(url)
    with TestClient(a_app) as a, TestClient(b_app) as b:
        tid = a.post("/api/tables", json={"seats": {"N": "random"}}).json()["id"]
        sid = a.post("/api/sheets", json={"names": {"N": "Anne"}}).json()["id"]
        assert tid in a_app.state.service.tables and tid not in b_app.state.service.tables
        for c in (a, b):
            _page(c, f"/t/{tid}", 200)
            _page(c, f"/s/{sid}", 200)
            for path in ("/t/nope", "/s/nope", f"/t/{sid}", f"/s/{tid}", f"/t/{'x' * 5000}", "/s/ab%00cd"):
                _page(c, path, 404)
    with TestClient(create_app(url)) as c:  # the server started again
        _page(c, f"/t/{tid}", 200)
        _page(c, f"/s/{sid}", 200)
        _page(c, "/t/nope", 404)
        _page(c, "/s/nope", 404)


class Away(SqlStorage):
    """A database that cannot be reached for a table's events or a sheet while :attr:`away`."""

    away = False

    def load(self, table_id: str, since: int = 0) -> list[StoredEvent]:
        if self.away:
            raise StorageUnavailable("connection refused")
        return super().load(table_id, since)

    def sheet(self, sheet_id: str) -> StoredSheet | None:
        if self.away:
            raise StorageUnavailable("connection refused")
        return super().sheet(sheet_id)


def test_a_table_or_sheet_link_while_the_database_cannot_say_is_the_page_with_503(
        tmp_path: Path) -> None:
    """While the database cannot say whether a link's table or sheet is there, the link is
    answered with the page (which asks again by itself) and 503, neither 404 (it may be there) nor
    the API's JSON error to a browser. A table in memory needs no database."""
    storage = Away(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage)) as c:
        tid = c.post("/api/tables", json={}).json()["id"]
        sid = c.post("/api/sheets", json={}).json()["id"]
        storage.away = True
        _page(c, f"/t/{tid}", 200)
        for path in ("/t/other", f"/s/{sid}", "/s/other"):
            _page(c, path, 503)
        storage.away = False
        _page(c, f"/s/{sid}", 200)
        _page(c, "/t/other", 404)


def test_the_api_while_the_database_cannot_be_reached_says_so_without_its_address(
        tmp_path: Path) -> None:
    """503 while the database cannot be reached: the English message quoted the driver's words
    to whoever asked (PostgreSQL's host and port: ``connection to server at "10.0.0.5", port 5432
    failed``), which the French one did not; both now say the same, the database's words being for
    the operator."""
    storage = Away(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage)) as c:
        sid = c.post("/api/sheets", json={}).json()["id"]
        storage.away = True
        for path in (f"/api/sheets/{sid}", "/api/tables/other"):
            answer = c.get(path)
            assert answer.status_code == 503, path
            assert answer.json()["error"] == {
                "code": "http_error", "message": "the database cannot be reached; try again in a moment",
                "message_fr": "la base de données ne répond pas : réessayez dans un moment"}, path


def test_stopping_a_busy_server_stops_every_table_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C with many tables whose bots play: once the server stops, no table stores anything
    more (awaited one after another, the tables not yet stopped played on, and a server with
    hundreds of them took minutes to stop): at most the event each was storing, which it applies,
    so that each table is what its log says."""
    async def at_once(_self: BotThreads, _name: str, _budget: float | None, view: AnyView,
                      rng: random.Random) -> AnyAction:
        return think("random", None, view, rng)  # a bot that chooses without a thread

    monkeypatch.setattr(BotThreads, "choose", at_once)
    storage = open_storage("sqlite://")
    svc = TableService(storage)
    bots = {s: "random" for s in "NESW"}
    tables: list[Table] = []

    async def run() -> list[int]:
        for i in range(20):
            tables.append(await svc.create(TableSpec(preset="pagat", seats=bots, bot_delay=0,
                                                     deal_pause=0, seed=i)))
        svc.start()
        while min(t.version for t in tables) < 3:  # every table is playing
            await asyncio.sleep(0)
        at_stop = [t.seq for t in tables]
        await svc.stop()
        return at_stop

    at_stop = asyncio.run(run())
    assert [len(storage.load(t.id)) for t in tables] == [t.seq for t in tables]
    assert all(0 <= t.seq - seq <= 1 for t, seq in zip(tables, at_stop, strict=True))
    assert not any(t.match.is_over for t in tables)  # the check is not vacuous
    storage.close()


SLOW_BOT = """
import sys, time
import whist.server.bots as bots

marker = sys.argv[1]

def slow(name, budget, view, rng):  # a bot that thinks for a minute, as a pimc bot may
    open(marker, "w").close()
    time.sleep(60)
    return bots.get_bot("random")(view, rng)

bots.think = slow
sys.argv = ["whist", "serve", *sys.argv[2:]]
from whist.cli import main
main()
"""


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_stopping_does_not_wait_for_a_bot_that_thinks(tmp_path: Path, stop: signal.Signals) -> None:
    """Ctrl+C (or SIGTERM) while a bot thinks: the server stops at once, not when the bot is done
    (a thought already begun went on in a thread the process waited for). The bot's move is
    dropped: the log ends with the deal."""
    db, port, thinking = f"sqlite:///{tmp_path / 'whist.db'}", free_port(), tmp_path / "thinking"
    proc = subprocess.Popen([sys.executable, "-c", SLOW_BOT, str(thinking), "--port", str(port),
                             "--db", db], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and "open http" in proc.stdout.readline()
        body = json.dumps({"preset": "classic", "seats": dict.fromkeys("NESW", "random"),
                           "bot_delay": 0}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", body,
                                         {"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as r:
            table_id = json.load(r)["id"]
        wait_for(thinking.exists, 10)
        started = time.monotonic()
        proc.send_signal(stop)
        proc.wait(20)
        took = time.monotonic() - started
    finally:
        proc.kill()
        proc.communicate()
    assert took < 10, took
    assert proc.returncode in (0, -stop), proc.returncode  # uvicorn raises SIGTERM again once stopped
    storage = open_storage(db)
    assert [e.kind for e in storage.load(table_id)] == ["create", "start", "deal"]
    storage.close()


SLOW_LOAD = """
import sys, time
from whist.server.service import TableService

loaded = TableService.load

def slow(self):  # many tables, or a database far away
    time.sleep(3)
    return loaded(self)

TableService.load = slow
sys.argv = ["whist", "serve", *sys.argv[1:]]
from whist.cli import main
main()
"""


def test_the_address_is_printed_once_the_tables_are_loaded(tmp_path: Path) -> None:
    """The address to open was printed before the tables were loaded: with many tables or a
    database far away, the page opened then waited (or Ctrl+C seemed not to work) for as long."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", SLOW_LOAD, "--port", str(port),
                             "--db", f"sqlite:///{tmp_path / 'whist.db'}"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and "open http" in proc.stdout.readline()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1.5) as r:
            assert json.load(r)["ok"] is True
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)
    assert proc.returncode == 0


def first_line(folder: Path, *args: str) -> str:
    """The first line ``whist serve`` prints, started in ``folder`` with ``args`` after three
    tables are stored in ``folder``/whist.db (two games over, one under way); then Ctrl+C."""
    storage = open_storage(f"sqlite:///{folder / 'whist.db'}")
    fill(storage)
    storage.close()
    proc = subprocess.Popen([sys.executable, "-c", "from whist.cli import main; main()", "serve",
                             "--port", str(free_port()), *args],
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        return proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)


def test_the_first_line_says_where_the_tables_are_and_how_many(tmp_path: Path) -> None:
    """sqlite:///whist.db (the default) is a file in the folder the server is started from: the
    operator who starts it from another folder finds no table, and "tables in sqlite:///whist.db"
    did not say which file it read. The line names the file and the tables found there."""
    line = first_line(tmp_path, "--db", "sqlite:///whist.db")
    assert line.startswith("whist: open http://localhost:")
    assert line.endswith(f" in a browser (3 tables in the file {tmp_path / 'whist.db'}, 1 of them"
                         " in play; Ctrl+C to stop)\n")


@pytest.mark.parametrize(("flag", "option", "default"), [("--max-tables", "max_tables", 500),
                                                       ("--max-sheets", "max_sheets", 10_000),
                                                       ("--keep-sheets", "keep_sheets", None)])
def test_the_most_tables_and_sheets_are_options_of_whist_serve(
        monkeypatch: pytest.MonkeyPatch, flag: str, option: str, default: int | None) -> None:
    """``whist serve --max-tables N``, ``--max-sheets N`` and ``--keep-sheets DAYS`` make the app
    with that limit (by default the app's own: for the days, none, sheets kept for ever); 0 is
    refused."""
    import whist.server
    from whist.cli import app
    from whist.server.service import MAX_TABLES
    from whist.server.sheets import MAX_SHEETS

    made: dict[str, Any] = {}

    def create_app(_db: str, **options: Any) -> None:
        made.update(options)
        raise ValueError("no app in this test")

    monkeypatch.setattr(whist.server, "create_app", create_app)
    runner = CliRunner()
    assert runner.invoke(app, ["serve", "--port", str(free_port()), flag, "7"]).exit_code == 2
    assert made[option] == 7
    made.clear()
    assert runner.invoke(app, ["serve", "--port", str(free_port())]).exit_code == 2
    assert made[option] == default == {"max_tables": MAX_TABLES, "max_sheets": MAX_SHEETS,
                                       "keep_sheets": None}[option]
    made.clear()
    r = runner.invoke(app, ["serve", "--port", str(free_port()), flag, "0"])
    assert r.exit_code == 2 and made == {} and flag in r.stderr


def test_whist_serve_pings_each_websocket_within_a_proxys_minute(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The server pings every WebSocket every 20 seconds (docs/hosting.md): behind nginx, whose
    default ``proxy_read_timeout`` closes a connection silent for 60 seconds, a player who thinks
    for minutes keeps his table."""
    import uvicorn

    from whist.cli import app

    configs: list[Any] = []

    class Server:
        started = True

        def __init__(self, config: Any) -> None:
            configs.append(config)

        def run(self, sockets: Any = None) -> None:
            return None

    monkeypatch.setattr(uvicorn, "Server", Server)
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, ["serve", "--port", str(free_port())])
    assert r.exit_code == 0, r.output
    (config,) = configs
    assert config.ws in ("auto", "websockets") and config.ws_ping_interval is not None
    assert config.ws_ping_interval + config.ws_ping_timeout < 60


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


def test_the_database_password_is_never_printed() -> None:
    db = f"postgresql+psycopg://club:s3cret@127.0.0.1:{free_port()}/whist"  # nobody listens there
    done = serve("--port", str(free_port()), "--db", db)
    assert done.returncode == 2
    assert done.stderr.startswith("Error: cannot open the database postgresql+psycopg://club:***@")
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


def test_an_outage_is_said_once_a_table_not_every_second(tmp_path: Path,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    """While the database could not be reached, every table whose bots play said so in the log
    every second, however long the outage: the operator read a flood. Each says it once, and once
    more when the database answers again."""
    storage = Down(f"sqlite:///{tmp_path / 'whist.db'}")
    svc = TableService(storage)

    async def run() -> Table:
        t = await svc.create(TableSpec(preset="classic", seats=dict.fromkeys("NESW", "random"),
                                       bot_delay=0, seed=2))
        storage.outage = 3  # the deal, tried three times a second apart
        svc.start()
        try:
            while t.seq < 6:
                await asyncio.sleep(0.01)
        finally:
            await svc.stop()
        return t

    try:
        t = asyncio.run(run())
    finally:
        storage.close()
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

    storage = Down(f"sqlite:///{tmp_path / 'whist.db'}")
    svc = TableService(storage)

    async def run() -> Table:
        t = await svc.create(TableSpec(preset="classic", seats=dict.fromkeys("NESW", "random"),
                                       bot_delay=0, seed=2))
        storage.outage = 2
        svc.start()
        try:
            while t.seq < 6:
                await asyncio.sleep(0.01)
        finally:
            await svc.stop()
        return t

    handler = log_to_stderr("fr")
    try:
        t = asyncio.run(run())
        lines = capsys.readouterr().err.splitlines()
    finally:
        logging.getLogger("whist.server").removeHandler(handler)
        storage.close()
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
