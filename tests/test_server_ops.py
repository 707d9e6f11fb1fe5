"""What the club member who runs ``whist serve`` meets: a database that cannot be opened or written,
a port in use (one line on stderr, exit 2, no traceback), and stopping a busy server. While it
runs (the database gone and back, a slow one) and in French: test_server_outages.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import SQLAlchemyError
from test_server_startup import fill, url  # noqa: F401 - url: the fixture, SQLite then PostgreSQL
from test_server_storage import free_port, wait_for
from typer.testing import CliRunner

from whist.bots import AnyAction, AnyView
from whist.server import create_app
from whist.server.bots import BotThreads, think
from whist.server.service import TableService, TableSpec
from whist.server.storage import SqlStorage, StorageUnavailable, StoredEvent, StoredSheet, open_storage
from whist.server.table import Table


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
    sheet, and ``/t/`` or ``/s`` none."""
    a_app, b_app = create_app(url), create_app(url)
    with TestClient(a_app) as a, TestClient(b_app) as b:
        tid = a.post("/api/tables", json={"seats": {"N": "random"}}).json()["id"]
        sid = a.post("/api/sheets", json={"names": {"N": "Anne"}}).json()["id"]
        assert tid in a_app.state.service.tables  # (B holds it too once it hears of it, for its lobby)
        for c in (a, b):
            _page(c, f"/t/{tid}", 200)
            _page(c, f"/s/{sid}", 200)
            for path in ("/t/nope", "/s/nope", f"/t/{sid}", f"/s/{tid}", f"/t/{'x' * 5000}", "/s/ab%00cd"):
                _page(c, path, 404)
            # a link without its id names none either: not the lobby with 200 (nor a redirect to it)
            for path in ("/t/", "/s/", "/t", "/s"):
                r = c.get(path, headers={"Accept": "text/html"}, follow_redirects=False)
                assert r.status_code == 404 and 'src="/static/app.js"' in r.text, path
                # a client not asking for HTML: the JSON 404
                assert c.get(path).json()["error"]["code"] == "not_found", path
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
    return started(folder, *args)[0]


def started(folder: Path, *args: str) -> tuple[str, str]:
    """As :func:`first_line`: that line, and all that ``whist serve`` printed on stderr."""
    storage = open_storage(f"sqlite:///{folder / 'whist.db'}")
    fill(storage)
    storage.close()
    proc = subprocess.Popen([sys.executable, "-c", "from whist.cli import main; main()", "serve",
                             "--port", str(free_port()), *args],
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = ""
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGINT)
        err = proc.communicate(timeout=20)[1]
    return line, err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_tables_kept_in_memory_only_are_said_to_be_lost_at_the_stop(tmp_path: Path, lang: str) -> None:
    """``--db sqlite://`` keeps nothing once the server stops: it starts, and says so (it said
    only "0 tables in sqlite://"); a file says nothing of the kind."""
    line, err = started(tmp_path, "--db", "sqlite://", "--lang", lang)
    assert "0 table" in line
    words = ("lost when the server stops", "--db sqlite:///whist.db") if lang == "en" else (
        "perdues à l'arrêt du serveur", "--db sqlite:///whist.db")
    assert err.startswith("whist: the tables are kept in memory (sqlite://)" if lang == "en" else
                          "whist : les tables sont gardées en mémoire (sqlite://)"), err
    assert all(w in err for w in words), err
    assert "memory" not in started(tmp_path, "--db", "sqlite:///whist.db")[1]


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


def test_the_backup_command_of_hosting_md_copies_a_server_s_file_and_fails_on_a_wrong_path(
        tmp_path: Path) -> None:
    """docs/hosting.md's backup, run as written (its folder /srv/whist made ``tmp_path``) while
    the storage has the file open: the copy holds every table; with the source's name mistyped it
    fails (it copied an empty database made on the spot, and said nothing)."""
    doc = (Path(__file__).parent.parent / "docs" / "hosting.md").read_text(encoding="utf-8")
    command = next(line for line in doc.splitlines() if line.startswith('python3 -c "import sqlite3'))
    command = command.replace("/srv/whist", str(tmp_path))
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    try:
        fill(storage)
        done = subprocess.run(command, shell=True, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        copy = open_storage(f"sqlite:///{tmp_path / 'backup.db'}")
        try:
            assert copy.table_ids() == storage.table_ids() and len(copy.table_ids()) == 3
        finally:
            copy.close()
        (tmp_path / "backup.db").unlink()
        done = subprocess.run(command.replace("whist.db", "whsit.db"), shell=True, capture_output=True,
                              text=True, check=False)
        assert done.returncode != 0 and "unable to open database file" in done.stderr
        assert not (tmp_path / "whsit.db").exists()
    finally:
        storage.close()
