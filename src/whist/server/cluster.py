"""What the server processes on one database share, so that people connected to different processes
play at one table (docs/protocol.md, "Several server processes").

With SQLite there is one process: :data:`ALONE` says so, shares nothing, and lets every table drive
itself. With PostgreSQL, :class:`PgCluster`:

- hears of every event another process stores: :meth:`SqlStorage.append
  <whist.server.storage.SqlStorage.append>` sends ``NOTIFY whist`` with the table and its new
  number of events in the append's own transaction, and a thread of :class:`PgCluster` listens on a
  connection of its own;
- lets exactly one process drive a table (its bots, deals, forced actions, takeovers): the one
  holding the table's session-level advisory lock, on another connection kept for that; the others
  try again every round, so a table whose process stopped or died is taken over;
- shares who is connected where: each process keeps its rows (table, seat or ``-`` for anyone
  connected, the state version at which the player said next) in the unlogged table
  ``whist_presence``, rewrites them every round (their time says they are alive; a dead process's
  rows count for :data:`PRESENCE_TTL` seconds more), and tells the others when they change.

>>> ALONE.exchange({"t1": {"S": -1}}, ["t1"])
({'t1'}, {})
>>> event_news("t1", 7), read_news("e 7 t1"), read_news("p 0f3a t1")
('e 7 t1', ('e', '7', 't1'), ('p', '0f3a', 't1'))
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import secrets
import threading
from collections.abc import Callable, Collection, Mapping
from typing import Any, Protocol

import psycopg

__all__ = ["ALONE", "CHANNEL", "PRESENCE_TTL", "Cluster", "Heard", "PgCluster", "event_news",
           "read_news"]

log = logging.getLogger("whist.server")

CHANNEL = "whist"
PRESENCE_TTL = 10.0
"""Seconds a process's presence rows count for after it last wrote them (a round is 2 s)."""
LOCK_CLASS = 0x77686973
"""The first key of every table's advisory lock (``whis``), the second being the table's hash."""

Heard = Callable[[str | None, int | None], None]
"""What a listener is told, from its own thread: ``(table, count)``: the table has ``count`` events
now; ``(table, None)``: who is connected at the table changed in another process; ``(None, None)``:
anything may have changed (the listener was not listening for a while)."""

Presence = Mapping[str, Mapping[str, int]]
"""Table id → seat letter (or ``-``: anyone connected) → version at which the player said next
(-1: not)."""
Exchanged = tuple[set[str], dict[str, dict[str, int]]]
"""The tables this process drives, and who is connected to them through the other processes."""


def event_news(table_id: str, count: int) -> str:
    """The notification that ``table_id`` has ``count`` events now."""
    return f"e {count} {table_id}"


def read_news(payload: str) -> tuple[str, str, str] | None:
    """A notification's kind (``e`` events, ``p`` presence), its number or process, and table."""
    parts = payload.split(" ")
    return (parts[0], parts[1], parts[2]) if len(parts) == 3 else None


class Cluster(Protocol):
    """The server processes sharing this one's database."""

    shared: bool
    """Whether other processes may serve the same tables."""

    def listen(self, heard: Heard) -> None:
        """Tell ``heard`` (from another thread) what other processes do, until :meth:`close`."""
        ...

    def exchange(self, present: Presence, drive: Collection[str]) -> Exchanged:
        """Publish who is connected to this process (``present``), try to drive the tables of
        ``drive`` (and stop driving the others); the tables this process drives, and who is
        connected to the others. Blocks on the database: call it in a worker thread."""
        ...

    def close(self) -> None:
        """Drive nothing more, forget this process's presence, stop listening."""
        ...


class _Alone:
    """The one process on a database (SQLite): it drives every table, nobody else is connected."""

    shared = False

    def listen(self, heard: Heard) -> None:
        pass

    def exchange(self, present: Presence, drive: Collection[str]) -> Exchanged:
        return set(drive), {}

    def close(self) -> None:
        pass


ALONE: Cluster = _Alone()


def _first_line(exc: Exception) -> str:
    """What the database said, its first line (libpq adds lines of guesses), for one log line; the
    exception's kind if it said nothing.

    >>> _first_line(psycopg.OperationalError("server closed the connection\\n\\tThis probably means"))
    'server closed the connection'
    """
    return str(exc).splitlines()[0] if str(exc).strip() else type(exc).__name__


def _lock_key(table_id: str) -> int:
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:4], "big", signed=True)


class PgCluster:
    """The processes on one PostgreSQL database (module doc). ``conninfo`` is a libpq URL;
    ``connect_timeout`` seconds, if given, bound every connection's opening."""

    shared = True

    def __init__(self, conninfo: str, connect_timeout: int | None = None) -> None:
        self.process = secrets.token_hex(8)
        self._conninfo = conninfo
        self._options: dict[str, Any] = {"autocommit": True}
        if connect_timeout is not None:
            self._options["connect_timeout"] = connect_timeout
        self._lock = threading.Lock()
        self._conn: psycopg.Connection[Any] | None = None
        self._held: set[str] = set()
        self._published: dict[str, dict[str, int]] = {}
        self._failing = False
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self._conninfo, **self._options)

    # ----- presence and drivers (the service's rounds, in a worker thread) -----------------------------

    def exchange(self, present: Presence, drive: Collection[str]) -> Exchanged:
        with self._lock:
            try:
                if self._conn is None:
                    self._conn = self._connect()
                others = self._present(self._conn, present)
                self._drive(self._conn, set(drive))
            except psycopg.Error as exc:
                if not self._failing:
                    log.warning("the tables shared with other processes wait for the database: %s",
                                _first_line(exc))
                self._failing = True
                self._drop()
                return set(), {}
            if self._failing:
                log.warning("the tables shared with other processes play on: the database answers"
                            " again")
            self._failing = False
            return set(self._held), others

    def _present(self, conn: psycopg.Connection[Any], present: Presence) -> dict[str, dict[str, int]]:
        mine = {tid: dict(seats) for tid, seats in present.items()}
        changed = sorted(tid for tid in mine.keys() | self._published.keys()
                         if mine.get(tid) != self._published.get(tid))
        with conn.transaction():
            conn.execute("DELETE FROM whist_presence WHERE process = %s"
                         " OR seen < now() - 6 * %s * interval '1 second'", (self.process, PRESENCE_TTL))
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO whist_presence (table_id, process, seat, ready)"
                                " VALUES (%s, %s, %s, %s)",
                                [(tid, self.process, seat, ready) for tid, seats in mine.items()
                                 for seat, ready in seats.items()])
            rows = conn.execute("SELECT table_id, seat, ready FROM whist_presence WHERE process <> %s"
                                " AND seen > now() - %s * interval '1 second'",
                                (self.process, PRESENCE_TTL)).fetchall()
            for tid in changed:
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"p {self.process} {tid}"))
        self._published = mine
        others: dict[str, dict[str, int]] = {}
        for tid, seat, ready in rows:
            seats = others.setdefault(str(tid), {})
            seats[str(seat)] = max(int(ready), seats.get(str(seat), -1))
        return others

    def _drive(self, conn: psycopg.Connection[Any], drive: set[str]) -> None:
        """Hold the locks of the tables of ``drive`` that no other process holds; release the
        others."""
        gone = sorted(self._held - drive)
        if gone:
            conn.execute("SELECT pg_advisory_unlock(%s, k) FROM unnest(%s::int[]) AS k",
                         (LOCK_CLASS, [_lock_key(t) for t in gone]))
            self._held -= set(gone)
        new = sorted(drive - self._held)
        if new:
            got = conn.execute("SELECT u.t FROM unnest(%s::text[], %s::int[]) AS u(t, k)"
                               " WHERE pg_try_advisory_lock(%s, u.k)",
                               (new, [_lock_key(t) for t in new], LOCK_CLASS)).fetchall()
            self._held |= {str(row[0]) for row in got}

    def _drop(self) -> None:
        """Close the connection (its locks go with it)."""
        conn, self._conn = self._conn, None
        self._held.clear()
        self._published = {}
        if conn is not None:
            conn.close()

    # ----- news from the others -------------------------------------------------------------------------

    def listen(self, heard: Heard) -> None:
        if self._listener is None:
            self._listener = threading.Thread(target=self._listen, args=(heard,), daemon=True,
                                              name="whist-listen")
            self._listener.start()

    def _listen(self, heard: Heard) -> None:
        failing = False
        while not self._stop.is_set():
            try:
                with self._connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if failing:
                        log.warning("hearing the other server processes again")
                    failing = False
                    heard(None, None)  # what was stored before this connection listened
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._tell(note.payload, heard)
            except psycopg.Error as exc:
                if not failing:
                    log.warning("not hearing the other server processes: %s", _first_line(exc))
                failing = True
                self._stop.wait(1.0)

    def _tell(self, payload: str, heard: Heard) -> None:
        news = read_news(payload)
        if news is None:
            return
        kind, what, table_id = news
        if kind == "e" and what.isascii() and what.isdigit():
            heard(table_id, int(what))
        elif kind == "p" and what != self.process:
            heard(table_id, None)

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            if self._conn is not None and not self._failing:
                with contextlib.suppress(psycopg.Error):
                    self._present(self._conn, {})
            self._drop()
        if self._listener is not None:
            self._listener.join(5)
            self._listener = None
