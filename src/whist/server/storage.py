"""Where the server keeps its tables: each table's event log (the source of truth) and the record of
every finished deal, behind the small :class:`Storage` interface, chosen by URL (SQLAlchemy 2).

``sqlite:///whist.db`` (the default) keeps them in one file; a PostgreSQL URL
(``postgresql+psycopg://user@host/db``) in a database. An event is appended with its sequence
number under a unique key, so two writers can never both append the same event: the second gets
:class:`StorageConflict`. A finished table's listing (what ``GET /api/tables`` says of it) is kept
too, under the sequence number of the event it was made after: start-up lists a finished table from
it, without replaying its log, as long as no later event came.

>>> s = open_storage("sqlite://")
>>> s.append("t1", [StoredEvent(0, "create", {"preset": "couleur"}, 0.0)])
>>> [e.kind for e in s.load("t1")], s.table_ids()
(['create'], ['t1'])
>>> s.store_listing("t1", 0, {"id": "t1"})
>>> s.stored_tables()
[StoredTable(table_id='t1', last_seq=0, listing={'id': 't1'})]
>>> s.append("t1", [StoredEvent(1, "start", {}, 0.0)])
>>> s.stored_tables()  # the listing is older than the last event: it is not given
[StoredTable(table_id='t1', last_seq=1, listing=None)]
>>> s.close()
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import (
    Column,
    DateTime,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    create_engine,
    event,
    func,
    insert,
    inspect,
    literal,
    make_url,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError, ProgrammingError
from sqlalchemy.pool import StaticPool

from whist.server.cluster import ALONE, CHANNEL, Cluster, PgCluster, event_news
from whist.server.threads import DaemonThreads, Watch

__all__ = [
    "SheetLimit",
    "SqlStorage",
    "Storage",
    "StorageConflict",
    "StorageUnavailable",
    "StoredEvent",
    "StoredSheet",
    "StoredTable",
    "open_storage",
]

log = logging.getLogger("whist.server")

CONNECT_TIMEOUT = 10
"""Seconds a PostgreSQL connection may take to open (unless the URL says ``connect_timeout``)."""

STATEMENT_TIMEOUT = 30.0
"""Seconds a PostgreSQL statement may run (unless the URL gives ``options``)."""

SLOW_AFTER = 10.0
"""Seconds a call of the database may take before the server says that it waits for it (a
database frozen answers nothing and fails nothing: without it the log would say nothing)."""

ANSWER_DEADLINE = CONNECT_TIMEOUT + STATEMENT_TIMEOUT + 5
"""Seconds the server waits for a read from the database before it answers that the database
cannot be reached (503): a database that keeps the connection open and answers nothing (its
process stopped, its machine frozen) would otherwise hold the request for ever. A write is waited
for to its end, so that its caller learns whether it was made."""

UNDEFINED_TABLE = "42P01"
"""PostgreSQL's code for a table that is not there (SQLite says so as an OperationalError)."""

SERVER_THREADS = 4
"""Threads where one server process calls a database other than SQLite: as many tables may wait
for it at once (SQLite writes one transaction at a time: one thread)."""


class StorageConflict(RuntimeError):
    """An event with this table and sequence number is already stored (another writer won)."""


class SheetLimit(Exception):
    """No score sheet can be created: the database holds as many as the server allows
    (``most``); ``oldest`` is when the sheet unchanged the longest was last changed (epoch s)."""

    def __init__(self, most: int, oldest: float | None = None) -> None:
        super().__init__(f"{most} sheets stored already")
        self.most = most
        self.oldest = oldest


class StorageUnavailable(Exception):
    """The database cannot be reached now (the server is down, refuses connections, the disk
    fails): nothing was stored; the same call may work in a moment. ``reason``: the database's
    own words (its driver's, in English), which a message in French quotes as they are."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the database cannot be reached: {reason}")
        self.reason = reason


def _no_answer(seconds: float) -> StorageUnavailable:
    return StorageUnavailable(f"no answer in {seconds:g} s")


def _slow(seconds: float) -> None:
    log.warning("the database has not answered for %g s: the calls to it wait", seconds)


def _back(seconds: float) -> None:
    log.warning("the database answers again, after %.0f s", seconds)


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event of a table's log: its sequence number (0, 1, 2 …), kind, data and time (epoch s)."""

    seq: int
    kind: str
    data: Mapping[str, Any]
    at: float


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as start-up first sees it: its id, the sequence number of its last event, and its
    listing if one is stored for that very event (``None``: none, or one made before a later
    event, which is never given)."""

    table_id: str
    last_seq: int
    listing: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class StoredSheet:
    """A score sheet as stored: its version (0 when new, one more at each change), its JSON text,
    and when it was created and last changed (epoch s)."""

    version: int
    data: str
    created_at: float
    changed_at: float


class Storage(Protocol):
    """The event logs of all tables and the records of their finished deals."""

    def append(self, table_id: str, events: Sequence[StoredEvent],
               records: Sequence[tuple[int, Mapping[str, Any]]] = (),
               listing: Mapping[str, Any] | None = None) -> None:
        """Append ``events`` (and store deal ``records`` as ``(number, record)``, and the table's
        ``listing`` as it is after the last of ``events``) in one transaction;
        :class:`StorageConflict` if one of the events is there already."""
        ...

    def table_ids(self) -> list[str]:
        """Every table, oldest first."""
        ...

    def stored_tables(self) -> list[StoredTable]:
        """Every table, oldest first, with its listing when one is stored for its last event."""
        ...

    def store_listing(self, table_id: str, seq: int, listing: Mapping[str, Any]) -> None:
        """Keep ``listing`` as the table's listing after its event ``seq`` (replacing one stored
        for the same event)."""
        ...

    def load(self, table_id: str, since: int = 0) -> list[StoredEvent]:
        """A table's log in order, from its event ``since`` on (empty for an unknown table)."""
        ...

    def record(self, table_id: str, number: int) -> dict[str, Any] | None:
        """The record of the table's finished deal ``number`` (1, 2 …), if stored."""
        ...

    def create_sheet(self, sheet_id: str, data: str, most: int | None = None,
                     at: float | None = None) -> None:
        """Keep a new score sheet's JSON text (version 0), created and changed ``at`` (epoch s;
        now if not given); :class:`StorageConflict` if the id is taken, :class:`SheetLimit` if
        ``most`` sheets are stored already (counted with those that other server processes create
        meanwhile)."""
        ...

    def sheet(self, sheet_id: str) -> StoredSheet | None:
        """A score sheet, if there is one."""
        ...

    def save_sheet(self, sheet_id: str, version: int, data: str, at: float | None = None) -> bool:
        """Replace the sheet's JSON text if it is still at ``version`` (its version then one more,
        changed ``at``, now if not given); ``False``, and nothing changed, if another writer
        changed it first, or deleted it (:meth:`delete_sheets`: the sheet is then gone).
        The text, the version and the time change together, or nothing does."""
        ...

    def delete_sheets(self, changed_before: float) -> int:
        """Delete every sheet last changed before ``changed_before`` (epoch s); how many. The age
        is the deletion's own condition, as each sheet is when it is deleted: a sheet saved
        meanwhile (:meth:`save_sheet`, committed first) is kept, with its change."""
        ...

    def cluster(self) -> Cluster:
        """What this server process shares with the others on the same database: a new one."""
        ...

    @property
    def threads(self) -> DaemonThreads:
        """Where the server makes its calls, off the event loop (a table awaits each of its own
        calls before the next, so that its writes keep their order)."""
        ...

    def close(self) -> None: ...


_meta = MetaData()
_events = Table(
    "whist_event", _meta,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
)
_records = Table(
    "whist_deal_record", _meta,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("record", Text, nullable=False),
)
_listings = Table(  # a row per table and event: a writer never replaces the row of another's event
    "whist_table_listing", _meta,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("data", Text, nullable=False),
)

_sheets = Table(  # the score sheets of physical tables: a row each, its JSON as `whist sheet` keeps it
    "whist_sheet", _meta,
    Column("sheet_id", String(32), primary_key=True),
    Column("version", Integer, nullable=False),
    Column("data", Text, nullable=False),
    Column("created_at", Float, nullable=False),  # epoch s, as an event's `at`
    Column("changed_at", Float, nullable=False),  # what `whist serve --keep-sheets` goes by
)
_SHEET_TIMES = ("created_at", "changed_at")
"""The columns ``whist_sheet`` gained after its first release: :func:`_add_sheet_times` adds them
to a database made before."""

ISOLATION = "READ COMMITTED"
"""The isolation of a transaction on a database other than SQLite (which has one writer at a
time), even one set to another by default (``default_transaction_isolation`` on PostgreSQL)."""

SCHEMA_LOCK = 0x7768697374
"""PostgreSQL's advisory lock (one 64-bit key, ``whist``; the tables' locks take two 32-bit keys,
which never meet it) held while the tables are created."""

SHEETS_LOCK = 0x776869737473
"""PostgreSQL's advisory lock (one 64-bit key, ``whists``) held while a new sheet is counted with
the others and stored: two server processes never both take the last free place."""

_shared_meta = MetaData()  # PostgreSQL only: what several server processes share (whist.server.cluster)
_presence = Table(
    "whist_presence", _shared_meta,
    Column("table_id", String(32), primary_key=True),
    Column("process", String(32), primary_key=True),
    Column("seat", String(1), primary_key=True),
    Column("ready", Integer, nullable=False),
    Column("seen", DateTime(timezone=True), nullable=False, server_default=func.now()),
    prefixes=["UNLOGGED"],  # who is connected now: nothing to keep after a crash
)


def _stored_listing(data: str | None) -> dict[str, Any] | None:
    """A stored listing, read; ``None`` for none, or for a row that is not a JSON object (its table
    is then rebuilt from its log, as if no listing were stored)."""
    if data is None:
        return None
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return obj if isinstance(obj, dict) else None


def _add_sheet_times(conn: Connection) -> None:
    """Add the columns of :data:`_SHEET_TIMES` to a ``whist_sheet`` made without them (by an older
    whist: ``create_all`` makes a missing table, never a missing column). The project has no
    migration framework; this is its one change to a table already made, run at every start, under
    the lock of :meth:`SqlStorage._create_tables` on PostgreSQL, where the transaction adds both
    columns or neither.

    The sheets already there get the time of this start as when they were created and changed:
    nothing says when they were, and ``--keep-sheets`` then gives each of them its full days. ADD
    COLUMN needs that constant as the column's default for the rows there (the columns are NOT
    NULL). It stays: this whist gives both times of every sheet it stores, and an older whist
    still serving the same database (processes upgraded one by one) stores its new sheets with
    that time rather than failing."""
    have = {column["name"] for column in inspect(conn).get_columns(_sheets.name)}
    now = time.time()
    for name in _SHEET_TIMES:
        if name not in have:
            kind = _sheets.c[name].type.compile(dialect=conn.dialect)
            conn.execute(text(f"ALTER TABLE {_sheets.name} ADD COLUMN {name} {kind} NOT NULL"
                              f" DEFAULT {now!r}"))
            log.info("the table %s gained the column %s", _sheets.name, name)


def _json(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL with synchronous NORMAL: a committed event survives the server being killed (-9).
    The WAL is copied into the database by :class:`_Checkpointer`, not by the appends."""
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()


def _file_id(path: str) -> tuple[int, int] | None:
    """The identity of the file at ``path`` (its device and inode), ``None`` if there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


class _Checkpointer:
    """Copies a SQLite file's write-ahead log into the database every second, in a thread of its
    own: that copy waits for the disk, and an append (on every action's path) then never does.
    It also says (a warning) when the file the server opened is no longer at its path (deleted or
    moved away, which SQLite does not notice: it goes on writing into the file unlinked, lost at
    the next start), and when it is back."""

    def __init__(self, path: str, opened: tuple[int, int] | None) -> None:
        self.path, self.opened = path, opened
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="whist-sqlite-checkpoint", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        conn = sqlite3.connect(self.path, check_same_thread=False)
        failing = gone = False
        try:
            while not self.stop.wait(1.0):
                if (_file_id(self.path) != self.opened) != gone:
                    gone = not gone
                    if gone:
                        log.warning("the database file %s is gone (deleted or moved): the server"
                                    " takes no change until it is back", self.path)
                    else:
                        log.warning("the database file %s is back", self.path)
                if gone:
                    continue
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as exc:  # the file went read-only, the disk is full …
                    if not failing:
                        log.warning("cannot copy the write-ahead log into %s: %s", self.path, exc)
                    failing = True
                else:
                    if failing:
                        log.warning("the write-ahead log is copied into %s again", self.path)
                    failing = False
        finally:
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)


class SqlStorage:
    """:class:`Storage` in any database SQLAlchemy reaches by URL."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        self._checkpointer: _Checkpointer | None = None
        if url.startswith("sqlite"):
            if url in ("sqlite://", "sqlite:///:memory:"):
                kwargs = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
            self.engine: Engine = create_engine(url, **kwargs)
            if self.engine.url.database == "":  # sqlite:/// and no path: $DB unset, say
                raise ValueError("a SQLite URL names its file: sqlite:///whist.db (sqlite:// keeps"
                                 " the tables in memory, lost when the server stops)")
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            target = make_url(url)
            # a host that takes the connection and never answers would otherwise hold the server
            # for ever: at start, and one of its storage threads afterwards
            libpq = target.get_driver_name() in ("psycopg", "psycopg2")
            args: dict[str, object] = {}
            if libpq and "connect_timeout" not in target.query:
                args["connect_timeout"] = CONNECT_TIMEOUT
            # a statement stuck behind a lock or a slow disk would hold its table and one of the
            # server's storage threads; past the limit it fails as the database unavailable (503)
            if libpq and "options" not in target.query:
                args["options"] = f"-c statement_timeout={round(STATEMENT_TIMEOUT * 1000)}"
            # whatever the database's default: a statement that finds a row another transaction is
            # changing waits for it, then goes by the row as that one left it (a sheet's save and
            # the deletion of old sheets, one after the other), and a new sheet is counted with
            # those committed while it waited for SHEETS_LOCK. Under REPEATABLE READ or
            # SERIALIZABLE the save would fail (503), and two processes both take the last place
            self.engine = create_engine(target, pool_pre_ping=True, connect_args=args,
                                        isolation_level=ISOLATION)
        self.shared = self.engine.dialect.name == "postgresql"
        """Whether other server processes may use the database (they are told of every append)."""
        self._threads: DaemonThreads | None = None
        try:
            self._create_tables()
            self._check_writable()
        except Exception:
            self.engine.dispose()
            raise
        path = self.engine.url.database if url.startswith("sqlite") else None
        self._file: tuple[str, tuple[int, int] | None] | None = None
        if path and path != ":memory:":  # only once the file is known to open and take writes
            self._file = path, _file_id(path)
            self._checkpointer = _Checkpointer(path, self._file[1])
        mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(self.engine.dialect.paramstyle)
        self._mark = mark
        self._event_sql = self._record_sql = None
        if mark is not None:  # the driver's own SQL: an append is on every action's path
            self._event_sql = ("INSERT INTO whist_event (table_id, seq, kind, data, at) VALUES"
                               f" ({', '.join([mark] * 5)})")
            self._record_sql = ("INSERT INTO whist_deal_record (table_id, number, record) VALUES"
                                f" ({mark}, {mark}, {mark})")
        # PostgreSQL: a read is one statement, and so is an append (_append_in_one): each commits
        # by itself, without BEGIN and COMMIT (or ROLLBACK), a round trip each
        self._one_statement = (self.engine.execution_options(isolation_level="AUTOCOMMIT")
                               if self.shared else self.engine)

    def _create_tables(self) -> None:
        """Create the tables the database lacks. On PostgreSQL, under a lock for the transaction:
        several server processes started at once on a new database would otherwise all create
        them, and all but one fail (a duplicate type); the others wait, then find them there."""
        with self.engine.begin() as conn:
            if self.shared:
                conn.execute(select(func.pg_advisory_xact_lock(SCHEMA_LOCK)))
            _meta.create_all(conn)
            _add_sheet_times(conn)
            if self.shared:
                _shared_meta.create_all(conn)

    def _check_writable(self) -> None:
        """Write a row and take it back: a database that opens but refuses writes (a read-only
        SQLite file or directory, a read-only PostgreSQL user or replica) fails here, at start,
        rather than at the first table created."""
        with self.engine.connect() as conn, conn.begin() as tx:
            conn.execute(insert(_listings).values(table_id="", seq=-1, data="{}"))
            tx.rollback()

    @contextlib.contextmanager
    def _db(self, write: bool = False) -> Iterator[Connection]:
        """A connection to the database, in a transaction committed at the end when ``write``;
        else, for statements that each stand alone, a connection where on PostgreSQL each one
        commits by itself; :class:`StorageUnavailable` when the database cannot be reached or
        fails, or when the SQLite file opened is no longer at its path."""
        if self._file is not None and _file_id(self._file[0]) != self._file[1]:
            raise StorageUnavailable(f"the database file {self._file[0]} is gone (deleted or moved)")
        try:
            with (self.engine.begin() if write else self._one_statement.connect()) as conn:
                yield conn
        except (OperationalError, InterfaceError) as exc:
            first = str(exc.orig or exc).splitlines()[0]
            raise StorageUnavailable(first) from exc
        except ProgrammingError as exc:  # whist's tables dropped (a backup being restored, say)
            if getattr(exc.orig, "sqlstate", None) != UNDEFINED_TABLE:
                raise
            raise StorageUnavailable(str(exc.orig).splitlines()[0]) from exc

    def append(self, table_id: str, events: Sequence[StoredEvent],
               records: Sequence[tuple[int, Mapping[str, Any]]] = (),
               listing: Mapping[str, Any] | None = None) -> None:
        rows = [(table_id, e.seq, e.kind, _json(e.data), e.at) for e in events]
        recs = [(table_id, n, _json(r)) for n, r in records]
        if self.shared and self._mark is not None:
            self._append_in_one(table_id, rows, recs, None if listing is None else _json(listing))
            return
        try:
            with self._db(write=True) as conn:
                if self._event_sql is not None and self._record_sql is not None:
                    for row in rows:
                        conn.exec_driver_sql(self._event_sql, row)
                    for rec in recs:
                        conn.exec_driver_sql(self._record_sql, rec)
                else:
                    if rows:
                        conn.execute(insert(_events), [dict(zip(("table_id", "seq", "kind", "data", "at"),
                                                                r, strict=True)) for r in rows])
                    if recs:
                        conn.execute(insert(_records), [
                            dict(zip(("table_id", "number", "record"), r, strict=True)) for r in recs])
                if listing is not None and events:
                    # the events are new, so no listing is stored for the last of them yet; those
                    # of earlier events go (a concurrent store_listing never deletes a row)
                    seq = events[-1].seq
                    conn.execute(_listings.delete().where(_listings.c.table_id == table_id,
                                                          _listings.c.seq < seq))
                    conn.execute(insert(_listings).values(table_id=table_id, seq=seq, data=_json(listing)))
                if self.shared and events:  # sent when (and only if) the events are committed
                    conn.execute(select(func.pg_notify(CHANNEL, event_news(table_id, events[-1].seq + 1))))
        except IntegrityError as exc:
            raise StorageConflict(f"table {table_id}: event already stored ({exc.orig})") from None

    def _append_in_one(self, table_id: str, rows: Sequence[tuple[Any, ...]],
                       recs: Sequence[tuple[Any, ...]], listing: str | None) -> None:
        """:meth:`append` on PostgreSQL in one statement, committed by itself: one round trip to
        the database where a transaction of its own took four (BEGIN, the event, its NOTIFY,
        COMMIT), and more at the end of a deal or of the match.

        The inserts and the deletion are data-modifying WITH clauses of a SELECT that sends the
        NOTIFY: PostgreSQL runs every one of them, the whole statement commits or fails as one (an
        event already stored fails it all, as :class:`StorageConflict`), and the notification goes
        only when it commits, as in a transaction."""
        mark = self._mark
        assert mark is not None
        steps: list[str] = []
        args: list[Any] = []

        def insert_rows(table: str, columns: str, lines: Sequence[tuple[Any, ...]]) -> None:
            one = f"({', '.join([mark] * len(lines[0]))})"
            steps.append(f"INSERT INTO {table} ({columns}) VALUES {', '.join([one] * len(lines))}")
            args.extend(value for line in lines for value in line)

        if rows:
            insert_rows("whist_event", "table_id, seq, kind, data, at", rows)
        if recs:
            insert_rows("whist_deal_record", "table_id, number, record", recs)
        if listing is not None and rows:  # as in append's transaction
            seq = rows[-1][1]
            steps.append(f"DELETE FROM whist_table_listing WHERE table_id = {mark} AND seq < {mark}")
            args += [table_id, seq]
            insert_rows("whist_table_listing", "table_id, seq, data", [(table_id, seq, listing)])
        if not steps:
            return
        last = "SELECT 1"
        if rows:  # sent when (and only if) the events are committed
            last = f"SELECT pg_notify({mark}, {mark})"
            args += [CHANNEL, event_news(table_id, rows[-1][1] + 1)]
        sql = "WITH " + ", ".join(f"w{i} AS ({step})" for i, step in enumerate(steps)) + " " + last
        try:
            with self._db() as conn:
                conn.exec_driver_sql(sql, tuple(args))
        except IntegrityError as exc:
            raise StorageConflict(f"table {table_id}: event already stored ({exc.orig})") from None

    def table_ids(self) -> list[str]:
        q = select(_events.c.table_id).where(_events.c.seq == 0).order_by(_events.c.at, _events.c.table_id)
        with self._db() as conn:
            return [row[0] for row in conn.execute(q)]

    def stored_tables(self) -> list[StoredTable]:
        later = _events.alias("later")
        last_seq = (select(func.max(later.c.seq)).where(later.c.table_id == _events.c.table_id)
                    .correlate(_events).scalar_subquery())
        tables = (select(_events.c.table_id, _events.c.at, last_seq.label("last_seq"))
                  .where(_events.c.seq == 0).subquery("tables"))
        q = (select(tables.c.table_id, tables.c.last_seq, _listings.c.data)
             .outerjoin_from(tables, _listings, and_(_listings.c.table_id == tables.c.table_id,
                                                     _listings.c.seq == tables.c.last_seq))
             .order_by(tables.c.at, tables.c.table_id))
        with self._db() as conn:
            return [StoredTable(str(table_id), int(seq), _stored_listing(data))
                    for table_id, seq, data in conn.execute(q)]

    def store_listing(self, table_id: str, seq: int, listing: Mapping[str, Any]) -> None:
        data = _json(listing)
        try:
            with self._db(write=True) as conn:
                conn.execute(insert(_listings).values(table_id=table_id, seq=seq, data=data))
        except IntegrityError:  # one is stored for this event already: this one replaces it
            with self._db(write=True) as conn:
                conn.execute(update(_listings).where(_listings.c.table_id == table_id,
                                                     _listings.c.seq == seq).values(data=data))

    def load(self, table_id: str, since: int = 0) -> list[StoredEvent]:
        q = (select(_events.c.seq, _events.c.kind, _events.c.data, _events.c.at)
             .where(_events.c.table_id == table_id, _events.c.seq >= since).order_by(_events.c.seq))
        with self._db() as conn:
            return [StoredEvent(int(seq), str(kind), json.loads(data), float(at))
                    for seq, kind, data, at in conn.execute(q)]

    def record(self, table_id: str, number: int) -> dict[str, Any] | None:
        q = select(_records.c.record).where(_records.c.table_id == table_id,
                                            _records.c.number == number)
        with self._db() as conn:
            row = conn.execute(q).first()
        if row is None:
            return None
        out: dict[str, Any] = json.loads(row[0])
        return out

    def create_sheet(self, sheet_id: str, data: str, most: int | None = None,
                     at: float | None = None) -> None:
        now = time.time() if at is None else at
        row = select(literal(sheet_id), literal(0), literal(data), literal(now), literal(now))
        if most is not None:  # counted and stored in one statement, which SQLite runs alone
            row = row.where(select(func.count()).select_from(_sheets).scalar_subquery() < most)
        try:
            with self._db(write=True) as conn:
                if most is not None and self.shared:
                    # PostgreSQL runs two at once, each counting without the other's sheet: the
                    # lock, held to the commit, makes the next one wait and then count it
                    conn.execute(select(func.pg_advisory_xact_lock(SHEETS_LOCK)))
                conn.execute(insert(_sheets).from_select(
                    ["sheet_id", "version", "data", "created_at", "changed_at"], row))
                # whether it was stored, read back in the transaction: SQLite before 3.35 has no
                # RETURNING, and an INSERT's row count is not kept by every driver
                stored = select(_sheets.c.sheet_id).where(_sheets.c.sheet_id == sheet_id)
                if most is not None and conn.execute(stored).first() is None:
                    oldest = conn.execute(select(func.min(_sheets.c.changed_at))).scalar()
                    raise SheetLimit(most, None if oldest is None else float(oldest))
        except IntegrityError as exc:
            raise StorageConflict(f"sheet {sheet_id}: already stored ({exc.orig})") from None

    def sheet(self, sheet_id: str) -> StoredSheet | None:
        q = (select(_sheets.c.version, _sheets.c.data, _sheets.c.created_at, _sheets.c.changed_at)
             .where(_sheets.c.sheet_id == sheet_id))
        with self._db() as conn:
            row = conn.execute(q).first()
        return None if row is None else StoredSheet(int(row[0]), str(row[1]), float(row[2]), float(row[3]))

    def save_sheet(self, sheet_id: str, version: int, data: str, at: float | None = None) -> bool:
        # one statement: a deletion of old sheets that comes first leaves no row to change, one
        # that comes after finds the row changed now (both wait for the other's commit)
        q = (update(_sheets).where(_sheets.c.sheet_id == sheet_id, _sheets.c.version == version)
             .values(version=version + 1, data=data, changed_at=time.time() if at is None else at))
        with self._db(write=True) as conn:
            return conn.execute(q).rowcount == 1

    def delete_sheets(self, changed_before: float) -> int:
        # the age checked by the DELETE itself, never read first and deleted by id after
        with self._db(write=True) as conn:
            return conn.execute(_sheets.delete().where(_sheets.c.changed_at < changed_before)).rowcount

    def delete(self, table_id: str) -> None:
        """Remove a table's log, records and listings (tests on a shared database)."""
        with self._db(write=True) as conn:
            conn.execute(_listings.delete().where(_listings.c.table_id == table_id))
            conn.execute(_records.delete().where(_records.c.table_id == table_id))
            conn.execute(_events.delete().where(_events.c.table_id == table_id))

    def cluster(self) -> Cluster:
        if not self.shared:
            return ALONE
        target = self.engine.url
        return PgCluster(target.set(drivername="postgresql").render_as_string(hide_password=False),
                         None if "connect_timeout" in target.query else CONNECT_TIMEOUT)

    @property
    def threads(self) -> DaemonThreads:
        if self._threads is None:
            sqlite = self.engine.dialect.name == "sqlite"
            self._threads = DaemonThreads(1 if sqlite else SERVER_THREADS, "whist-db",
                                          ANSWER_DEADLINE, _no_answer, Watch(SLOW_AFTER, _slow, _back))
        return self._threads

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.close()
            self._checkpointer = None
        self.engine.dispose()


def open_storage(url: str) -> SqlStorage:
    """The storage at ``url``: ``sqlite:///whist.db``, ``sqlite://`` (in memory),
    ``postgresql+psycopg://user@host:5432/db`` …"""
    return SqlStorage(url)
