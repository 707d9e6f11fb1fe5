"""``whist serve``: start the web app where friends and bots sit at one table (:mod:`whist.server`).

Tables live in the database at ``--db`` (SQLite by default, PostgreSQL by URL); a server started
again on the same database rebuilds every table from its event log.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from whist.cli_common import MAX_BUDGET, MIN_BUDGET, fail

if TYPE_CHECKING:
    from whist.server.service import TableService

__all__ = ["log_to_stderr", "serve"]

LOG_FORMAT = "%(asctime)s whist: %(message)s"
"""How the server's log lines read: ``2026-12-04 23:41:15 whist: table x7Qb: the database …``."""


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes on whatever ``sys.stderr`` is when a line is written (a command run in-process, as
    by the tests, swaps it for the time of the run)."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


def log_to_stderr() -> logging.Handler:
    """Print the server's warnings (the database gone and back, a bot missing …) on stderr, each
    with the date and time it happened, so that an operator reading the log later knows when;
    once, however often it is called. The handler it added (or had added)."""
    logger = logging.getLogger("whist.server")
    for handler in logger.handlers:
        if handler.get_name() == "whist-stderr":
            return handler
    handler = _Stderr()
    handler.set_name("whist-stderr")
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter(LOG_FORMAT, "%Y-%m-%d %H:%M:%S"))
    logger.addHandler(handler)
    return handler


WS_PING = 20.0
"""Seconds between the server's pings of each WebSocket (and the wait for the answer): a table's
connection stays open through a proxy that closes one silent for a minute (nginx's default
``proxy_read_timeout``) while its player thinks (docs/hosting.md)."""


def serve(
    host: Annotated[str, typer.Option(
        "--host", help="Address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for every"
        " network it is on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(
        "--db", metavar="URL",
        help="Database of the tables: sqlite:///whist.db (a file here), or a PostgreSQL URL such as"
        " postgresql+psycopg://user@localhost:5432/whist.")] = "sqlite:///whist.db",
    bot_budget: Annotated[float, typer.Option(
        "--bot-budget", min=MIN_BUDGET, max=MAX_BUDGET, metavar="SECONDS",
        help="Seconds a bot that thinks (pimc) may take per card; calls get three times as long."
        " Bots think in threads off the server's event loop, for less when many wait.")] = 1.0,
    max_tables: Annotated[int, typer.Option(
        "--max-tables", min=1, metavar="N",
        help="Most tables in play at once (a finished game does not count, nor one left for ten"
        " minutes): beyond, creating one is refused until a game has finished or been left.")] = 500,
) -> None:
    """Start the web app: open the printed address, create a table, share its link; bots take the
    empty seats. Stop with Ctrl+C; started again on the same --db, every table comes back."""
    import uvicorn
    from sqlalchemy.exc import NoSuchModuleError, SQLAlchemyError

    from whist.server import create_app

    sock = _listen(host, port)  # first: a port in use is said before any table is loaded
    log_to_stderr()
    with sock:
        if "://" not in db:  # a file's name or path: SQLAlchemy would only say it is no URL
            fail(f"cannot open the database {db}: --db is a URL; for a SQLite file, sqlite:///{db}", 2)
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else f"[{host}]" if ":" in host else host

        def ready(service: TableService) -> None:  # the tables loaded: the address answers now
            stored = len(service.tables) + len(service.unloaded)
            typer.echo(f"whist: open http://{shown}:{port}/ in a browser ({stored} tables in"
                       f" {_where(db)}, {service.in_play()} of them in play; Ctrl+C to stop)")

        try:
            app = create_app(db, bot_budget=bot_budget, max_tables=max_tables, on_ready=ready)
        except (ImportError, NoSuchModuleError) as exc:
            # a database whose driver is not installed (mysql://), or a name SQLAlchemy does not
            # know (postgres://, as some hosts write their URLs)
            fail(f"cannot open the database {_shown_url(db)}: {str(exc).splitlines()[0]} (whist keeps"
                 " its tables in SQLite, sqlite:///whist.db by default, or PostgreSQL,"
                 " postgresql+psycopg://user@host/db)", 2)
        except (SQLAlchemyError, ValueError) as exc:
            fail(f"cannot open the database {_shown_url(db)}: {str(exc).splitlines()[0]}"
                 f"{_sqlite_folder(db)}", 2)
        server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                               ws_max_size=64 * 1024, ws_ping_interval=WS_PING,
                                               ws_ping_timeout=WS_PING))
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C: the server has stopped cleanly
            server.run(sockets=[sock])
    if not server.started:
        raise typer.Exit(3)


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening at ``host``:``port``; one line and exit 2 if it cannot be had (the port
    is in use, the address is not this machine's, the name is unknown)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}", 2)
    return sock


def _sqlite_folder(db: str) -> str:
    """What keeps a SQLite file from opening, when its folder is why (SQLite says only "unable to
    open database file", or "attempt to write a readonly database" of a file that is writable in a
    folder that is not), as words to add to the error; else nothing.

    >>> _sqlite_folder("sqlite:////nowhere/at/all/whist.db")
    ' (the folder /nowhere/at/all does not exist)'
    """
    path = _sqlite_file(db)
    if path is None:
        return ""
    folder, name = os.path.split(path)
    if not os.path.isdir(folder):
        return f" (the folder {folder} does not exist)"
    if not os.access(folder, os.W_OK | os.X_OK):
        return (f" (the folder {folder} is not writable by this user: SQLite writes {name}-wal and"
                f" {name}-shm there, beside {name})")
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        return f" (the file {path} is not readable and writable by this user)"
    return ""


def _sqlite_file(db: str) -> str | None:
    """The absolute path of the SQLite file at ``db``; ``None`` for another database (or SQLite in
    memory, or no URL).

    >>> _sqlite_file("sqlite:////srv/club/whist.db"), _sqlite_file("sqlite://")
    ('/srv/club/whist.db', None)
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(db)
    except (ArgumentError, ValueError):
        return None
    if not url.drivername.startswith("sqlite") or url.database in (None, "", ":memory:"):
        return None
    return os.path.abspath(url.database)


def _where(db: str) -> str:
    """Where the tables are, as the operator looks for them: a SQLite file by its absolute path
    (sqlite:///whist.db is in the folder the server was started from), another database by its
    URL without its password."""
    path = _sqlite_file(db)
    return f"the file {path}" if path is not None else _shown_url(db)


def _shown_url(db: str) -> str:
    """The database URL as the console and its logs may show it: without its password.

    >>> _shown_url("postgresql+psycopg://club:secret@db.example/whist")
    'postgresql+psycopg://club:***@db.example/whist'
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(db).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return db
