"""Score sheets in the web server's storage (RULES.md §6, DESIGN: storage): a sheet survives a
restart; an entry made meanwhile by another writer is kept; two server processes on PostgreSQL
share a sheet without losing an entry; a server keeps at most its number of sheets and deletes
those unchanged for its days, never halfway through a change.
"""

from __future__ import annotations

import contextlib
import logging
import math
import re
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, text
from test_server_sheets import MISERE, NAMES, PG_URL, SOLO, new, post
from test_server_storage import new_postgresql_database, wait_for

from whist.server import create_app
from whist.server.sheets import DAY
from whist.server.storage import (
    SHEETS_LOCK,
    SheetLimit,
    SqlStorage,
    StorageUnavailable,
    StoredSheet,
    open_storage,
)
from whist.sheet_input import add_deal, dumps, read_sheet


def test_sheets_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'whist.db'}"
    with TestClient(create_app(url)) as c:
        sid = new(c)["id"]
        post(c, f"/api/sheets/{sid}/entries", SOLO)
        before = post(c, f"/api/sheets/{sid}/entries", MISERE)
    with TestClient(create_app(url)) as c:
        assert c.get(f"/api/sheets/{sid}").json() == before
        after = post(c, f"/api/sheets/{sid}/undo")
        assert len(after["sheet"]["entries"]) == 1


def test_a_sheet_says_when_it_was_started_and_last_changed(tmp_path: Path) -> None:
    """Each sheet keeps when it was started and when it was last changed (Unix time), which the
    API gives: an entry, a penalty or an undo changes the second, an entry refused neither, and
    both are the same after a restart."""
    url = f"sqlite:///{tmp_path / 'whist.db'}"
    with TestClient(create_app(url)) as c:
        before = time.time()
        made = new(c)
        sid = made["id"]
        assert before <= made["created_at"] == made["changed_at"] <= time.time()
        assert c.get(f"/api/sheets/{sid}").json() == made
        shown = made
        for path, body in (("entries", SOLO), ("penalty", {"seat": "E"}), ("undo", None)):
            time.sleep(0.01)
            changed = post(c, f"/api/sheets/{sid}/{path}", body)
            assert changed["created_at"] == made["created_at"]
            assert shown["changed_at"] < changed["changed_at"] <= time.time()
            shown = changed
        post(c, f"/api/sheets/{sid}/entries", {**SOLO, "tricks": "14"}, 400)
        assert c.get(f"/api/sheets/{sid}").json() == shown
    with TestClient(create_app(url)) as c:
        assert c.get(f"/api/sheets/{sid}").json() == shown


def test_a_sheet_says_after_how_many_days_unchanged_the_server_deletes_it(tmp_path: Path) -> None:
    """Each answer of a sheet gives the days of ``whist serve --keep-sheets`` (the page says them
    when the sheet is gone), ``null`` on a server that deletes no sheet by age."""
    url = f"sqlite:///{tmp_path / 'whist.db'}"
    with TestClient(create_app(url, keep_sheets=30)) as c:
        sid = new(c)["id"]
        answers = [c.get(f"/api/sheets/{sid}").json(), post(c, f"/api/sheets/{sid}/entries", SOLO),
                   post(c, f"/api/sheets/{sid}/penalty", {"seat": "E"}), post(c, f"/api/sheets/{sid}/undo")]
        assert [a["keep_days"] for a in answers] == [30] * 4
    with TestClient(create_app(url)) as c:
        assert new(c)["keep_days"] is None and c.get(f"/api/sheets/{sid}").json()["keep_days"] is None


class Interrupted(SqlStorage):
    """A storage where, once, another writer adds an entry to the sheet between the moment an
    entry reads it and the moment it saves it."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.interrupt = False

    def save_sheet(self, sheet_id: str, version: int, data: str, at: float | None = None) -> bool:
        if self.interrupt:
            self.interrupt = False
            found = self.sheet(sheet_id)
            assert found is not None
            other = add_deal(read_sheet(found.data), **MISERE)
            assert super().save_sheet(sheet_id, found.version, dumps(other))
        return super().save_sheet(sheet_id, version, data, at)


def test_an_entry_made_meanwhile_elsewhere_is_kept(tmp_path: Path) -> None:
    storage = Interrupted(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage)) as c:
        sid = new(c)["id"]
        storage.interrupt = True
        got = post(c, f"/api/sheets/{sid}/entries", SOLO)
    assert [e["contract"] for e in got["sheet"]["entries"]] == ["small misère", "solo 7"]
    assert got["version"] == 2


def test_a_sheet_is_replaced_only_at_the_version_it_was_read(tmp_path: Path) -> None:
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    try:
        storage.create_sheet("s1", "first", at=100.0)
        assert storage.sheet("s1") == StoredSheet(0, "first", 100.0, 100.0) and storage.sheet("s2") is None
        assert storage.save_sheet("s1", 0, "second", at=250.5)
        assert not storage.save_sheet("s1", 0, "stale", at=300.0)
        assert storage.sheet("s1") == StoredSheet(1, "second", 100.0, 250.5)
    finally:
        storage.close()


def test_postgresql_keeps_sheets_for_every_server_process() -> None:
    from sqlalchemy.exc import OperationalError

    try:
        first, second = open_storage(PG_URL), open_storage(PG_URL)
    except OperationalError as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    with TestClient(create_app(storage=first)) as one, TestClient(create_app(storage=second)) as two:
        sid = new(one)["id"]
        post(two, f"/api/sheets/{sid}/entries", SOLO)
        post(one, f"/api/sheets/{sid}/entries", MISERE)
        error = post(two, f"/api/sheets/{sid}/entries", {**SOLO, "declarers": "Z"}, 400)["error"]
        assert error["message_fr"].startswith("preneurs « Z »")
        seen = [c.get(f"/api/sheets/{sid}").json() for c in (one, two)]
        assert seen[0] == seen[1] and seen[0]["version"] == 2
        assert [e["contract"] for e in seen[0]["sheet"]["entries"]] == ["solo 7", "small misère"]
        kept = second.sheet(sid)
        assert not first.save_sheet(sid, 1, "stale") and kept is not None and kept.version == 2
        assert kept.data == one.get(f"/api/sheets/{sid}/json").text
    with TestClient(create_app(PG_URL)) as again:  # a restart
        assert again.get(f"/api/sheets/{sid}").json() == seen[0]


def count_sheets(storage: SqlStorage) -> int:
    """How many sheets the storage's database holds."""
    with storage.engine.connect() as conn:
        return int(conn.execute(text("SELECT count(*) FROM whist_sheet")).scalar_one())


def test_a_server_keeps_at_most_its_sheets(tmp_path: Path) -> None:
    """``whist serve --max-sheets``: past the most, a new sheet is refused (429, as a table past
    the most in play) in English and French and nothing is stored; the sheets there are still
    read and written; room made, sheets are started again."""
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage, max_sheets=2)) as c:
        first, _ = new(c)["id"], new(c, preset="classic")["id"]
        r = c.post("/api/sheets", json={"names": NAMES, "preset": "classic"})
        assert r.status_code == 429 and count_sheets(storage) == 2
        assert r.json()["error"] == {
            "code": "too_many_sheets",
            "message": "this server keeps as many score sheets as it allows (2); ask the people who"
                       " run it to make room",
            "message_fr": "ce serveur garde déjà autant de feuilles de marque qu'il en accepte (2) :"
                          " demandez à ceux qui le font tourner de faire de la place"}
        assert len(post(c, f"/api/sheets/{first}/entries", SOLO)["sheet"]["entries"]) == 1
        c.app.state.max_sheets = 3  # type: ignore[attr-defined]
        new(c)
        assert post(c, "/api/sheets", {"names": NAMES}, 429)["error"]["message"].endswith(
            "(3); ask the people who run it to make room")
        assert count_sheets(storage) == 3


def test_the_most_sheets_needs_no_returning_of_sqlite(tmp_path: Path) -> None:
    """A SQLite older than 3.35 (Debian 11's, Ubuntu 20.04's) has no ``INSERT … RETURNING``: a
    sheet is counted and stored there too, and refused past the most."""
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")

    @event.listens_for(storage.engine, "before_cursor_execute")
    def old_sqlite(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if re.search(r"\bRETURNING\b", statement, flags=re.I):  # as SQLite 3.34 refuses it
            raise sqlite3.OperationalError('near "RETURNING": syntax error')

    try:
        storage.create_sheet("a", "{}", 2)
        storage.create_sheet("b", "{}", 2)
        with pytest.raises(SheetLimit):
            storage.create_sheet("c", "{}", 2)
        storage.create_sheet("d", "{}")  # no most: stored whatever the count
        assert count_sheets(storage) == 3 and storage.sheet("c") is None
    finally:
        storage.close()


def test_the_most_sheets_counts_those_of_every_server_process_on_postgresql() -> None:
    """Two server processes on one PostgreSQL database count the sheets together: a sheet the
    other is storing, not yet committed, is waited for and counted, so that the two never both
    take the last place; and the other's refusal is the same."""
    from sqlalchemy.exc import OperationalError

    try:
        first, second = open_storage(PG_URL), open_storage(PG_URL)
    except OperationalError as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    try:
        most = count_sheets(first) + 1
        got: list[BaseException | None] = []
        with first.engine.connect() as conn, conn.begin() as tx:
            # the first process is storing the last sheet there is room for: locked, not committed
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SHEETS_LOCK})
            conn.execute(text("INSERT INTO whist_sheet (sheet_id, version, data, created_at, changed_at)"
                              " VALUES (:id, 0, '{}', :now, :now)"),
                         {"id": secrets.token_urlsafe(16), "now": time.time()})

            def create() -> None:
                try:
                    second.create_sheet(secrets.token_urlsafe(16), "{}", most)
                    got.append(None)
                except SheetLimit as exc:
                    got.append(exc)

            other = threading.Thread(target=create)
            other.start()
            other.join(0.5)
            assert other.is_alive() and got == []  # the second waits for the first
            tx.commit()
        other.join(10)
        assert len(got) == 1 and isinstance(got[0], SheetLimit) and count_sheets(second) == most
        with TestClient(create_app(storage=first, max_sheets=most + 1)) as one, \
                TestClient(create_app(storage=second, max_sheets=most + 1)) as two:
            new(one)
            error = post(two, "/api/sheets", {"names": NAMES}, 429)["error"]
            assert error["code"] == "too_many_sheets" and f"({most + 1})" in error["message_fr"]
        assert count_sheets(first) == most + 1
    finally:
        first.close()
        second.close()



def aged(storage: SqlStorage, sheet_id: str, days: float) -> None:
    """Make the sheet last changed ``days`` days ago, as if nobody had changed it since."""
    with storage.engine.begin() as conn:
        conn.execute(text("UPDATE whist_sheet SET changed_at = :at WHERE sheet_id = :id"),
                     {"at": time.time() - days * DAY, "id": sheet_id})


def test_a_server_deletes_the_sheets_unchanged_for_its_days(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    """``whist serve --keep-sheets 30``: as it starts, the server deletes the sheets nobody changed
    for 30 days (a sheet started long ago but changed since is kept), then does again from time
    to time, and its log says how many each time; without it, no sheet is deleted, however
    old."""
    from whist.server import sheets

    def deletions() -> list[logging.LogRecord]:
        return [r for r in caplog.records if r.getMessage().startswith("deleted ")]

    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    now = time.time()
    storage.create_sheet("stale", "{}", at=now - 31 * DAY)
    storage.create_sheet("kept", "{}", at=now - 29 * DAY)
    storage.create_sheet("changed", "{}", at=now - 90 * DAY)
    assert storage.save_sheet("changed", 0, "{}", at=now - DAY)
    with TestClient(create_app(storage=storage)):
        time.sleep(0.2)
        assert count_sheets(storage) == 3  # kept for ever, by default
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage, keep_sheets=30)):
        # as it starts (the next round is in an hour), and said in the log
        wait_for(lambda: storage.sheet("stale") is None and len(deletions()) == 1)
        assert storage.sheet("kept") is not None and storage.sheet("changed") is not None
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    monkeypatch.setattr(sheets, "FORGET_EVERY", 0.05)
    with TestClient(create_app(storage=storage, keep_sheets=30)):
        time.sleep(0.1)
        assert storage.sheet("kept") is not None
        aged(storage, "kept", 30.01)  # its days are up now: the next round deletes it
        wait_for(lambda: storage.sheet("kept") is None and len(deletions()) == 2)
        assert storage.sheet("changed") is not None
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert said == ["deleted 1 score sheet(s) nobody changed for 30 days (--keep-sheets)"] * 2


def test_a_server_full_of_sheets_deletes_one_whose_days_are_up_or_says_when_it_will(tmp_path: Path) -> None:
    """Past the most sheets, a server that deletes those unchanged for its days deletes at once one
    whose days are up (the hourly round has not reached it yet) and stores the new one; when none
    is, its refusal says within how long there is room again, in English and French."""
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage, max_sheets=2, keep_sheets=30)) as c:
        first, second = new(c)["id"], new(c)["id"]
        aged(storage, first, 30.5)
        third = new(c)["id"]
        assert storage.sheet(first) is None and count_sheets(storage) == 2
        aged(storage, second, 27.5)
        aged(storage, third, 1)
        error = post(c, "/api/sheets", {"names": NAMES}, 429)["error"]
        assert error == {
            "code": "too_many_sheets",
            "message": "this server keeps as many score sheets as it allows (2) and deletes those"
                       " unchanged for 30 days: there is room again within 3 days, when the sheet"
                       " unchanged the longest is deleted",
            "message_fr": "ce serveur garde déjà autant de feuilles de marque qu'il en accepte (2) et"
                          " efface celles qui n'ont pas changé depuis 30 jours : il y aura de nouveau"
                          " de la place d'ici 3 jours, quand la feuille inchangée depuis le plus"
                          " longtemps sera effacée"}
        c.app.state.keep_sheets = 1  # type: ignore[attr-defined]
        aged(storage, third, 0.5)
        new(c)
        assert storage.sheet(second) is None  # its day was up
        assert post(c, "/api/sheets", {"names": NAMES}, 429)["error"]["message"].endswith(
            "unchanged for 1 day: there is room again within 12 hours, when the sheet unchanged the"
            " longest is deleted")
        assert count_sheets(storage) == 2


class Unreachable(SqlStorage):
    """A storage whose database fails the first deletion of old sheets, then answers again."""

    failed = False

    def delete_sheets(self, changed_before: float) -> int:
        if not self.failed:
            self.failed = True
            raise StorageUnavailable("connection refused")
        return super().delete_sheets(changed_before)


def test_old_sheets_that_cannot_be_deleted_now_are_deleted_at_the_next_round(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The database away when the old sheets are to be deleted: the server says so in its log and
    deletes them at the next round."""
    from whist.server import sheets

    monkeypatch.setattr(sheets, "FORGET_EVERY", 0.05)
    storage = Unreachable(f"sqlite:///{tmp_path / 'whist.db'}")
    storage.create_sheet("stale", "{}", at=time.time() - 8 * DAY)
    with caplog.at_level(logging.WARNING, "whist.server"), \
            TestClient(create_app(storage=storage, keep_sheets=7)):
        wait_for(lambda: storage.sheet("stale") is None and len(caplog.records) == 2)
    assert [r.getMessage() for r in caplog.records] == [
        "the score sheets past --keep-sheets 7 cannot be deleted: the database cannot be reached:"
        " connection refused", "deleted 1 score sheet(s) nobody changed for 7 days (--keep-sheets)"]


def sheets_database(db: str, tmp_path: Path) -> contextlib.AbstractContextManager[str]:
    """The URL of an empty database of the test's own: a SQLite file, or a PostgreSQL database
    (where the deletion of old sheets deletes no other test's)."""
    if db == "sqlite":
        return contextlib.nullcontext(f"sqlite:///{tmp_path / 'whist.db'}")
    return new_postgresql_database("whist_keep")


class DeletedMeanwhile(SqlStorage):
    """A storage where, once, the deletion of old sheets runs between the moment a change reads
    the sheet ``sheet_id`` and the moment it saves it, with the first cutoff that takes the sheet:
    its days are up just then."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.sheet_id: str | None = None
        self.deleted = -1

    def save_sheet(self, sheet_id: str, version: int, data: str, at: float | None = None) -> bool:
        if sheet_id == self.sheet_id:
            self.sheet_id = None
            found = self.sheet(sheet_id)
            assert found is not None and found.version == version
            self.deleted = self.delete_sheets(math.nextafter(found.changed_at, math.inf))
        return super().save_sheet(sheet_id, version, data, at)


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_change_and_the_deletion_of_old_sheets_never_meet_halfway(tmp_path: Path, db: str) -> None:
    """``whist serve --keep-sheets``: a sheet whose days are up just as a scorer changes it is
    either deleted first, and the change answered as made to no sheet (404, in English and
    French; nothing stored, no 500), or changed first, and kept with the change: the deletion
    goes by the sheet's age as it is when deleted, never by a list of old sheets read before."""
    with sheets_database(db, tmp_path) as url:
        storage = DeletedMeanwhile(url)
        with TestClient(create_app(storage=storage)) as c:
            gone, kept = new(c)["id"], new(c)["id"]
            aged(storage, gone, 30)
            storage.sheet_id = gone  # the deletion first, as the entry is being saved
            error = post(c, f"/api/sheets/{gone}/entries", SOLO, 404)["error"]
            assert error == {"code": "not_found", "message": f"no sheet {gone!r}",
                             "message_fr": f"pas de feuille de marque « {gone} »"}
            assert storage.deleted == 1 and storage.sheet(gone) is None and count_sheets(storage) == 1

            aged(storage, kept, 30)
            old = storage.sheet(kept)
            assert old is not None
            saved: list[bool] = []

            @event.listens_for(storage.engine, "before_cursor_execute")
            def save_first(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
                # the entry saved as the deletion starts: read, and its sheet found old
                if statement.lstrip().upper().startswith("DELETE FROM WHIST_SHEET") and not saved:
                    entry = dumps(add_deal(read_sheet(old.data), **SOLO))
                    saved.append(storage.save_sheet(kept, old.version, entry))

            assert storage.delete_sheets(math.nextafter(old.changed_at, math.inf)) == 0
            assert saved == [True]
            shown = c.get(f"/api/sheets/{kept}").json()
            assert shown["version"] == 1 and shown["changed_at"] > old.changed_at
            assert [e["contract"] for e in shown["sheet"]["entries"]] == ["solo 7"]
        storage.close()


@pytest.mark.parametrize("isolation", ["repeatable read", "serializable"])
def test_a_save_and_a_deletion_at_once_on_postgresql_wait_for_each_other(isolation: str) -> None:
    """On PostgreSQL a sheet's save and the deletion of old sheets may run at the very same moment
    (two server processes, or two storage threads of one): the second waits for the first's
    commit, then goes by the sheet as the first left it, even on a database whose transactions
    are stricter by default (``default_transaction_isolation``, which would fail it instead, and
    the server answer 503): a save after the deletion finds no sheet, a deletion after the save
    keeps the sheet with its change. A new sheet is counted there with the one another process
    was storing as it waited, as on any database (``--max-sheets``)."""
    import psycopg
    from sqlalchemy.engine import make_url

    with new_postgresql_database("whist_strict") as url:
        dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(dsn, autocommit=True) as admin:
            admin.execute(f"ALTER DATABASE {make_url(url).database}"
                          f" SET default_transaction_isolation = '{isolation}'".encode())
        storage = open_storage(url)
        other = psycopg.connect(dsn)  # another server process, in the middle of its transaction
        watch = psycopg.connect(dsn, autocommit=True)

        def waiting() -> bool:
            """Whether a statement of the storage waits for the other's lock."""
            row = watch.execute("SELECT count(*) FROM pg_stat_activity WHERE datname ="
                                " current_database() AND wait_event_type = 'Lock'").fetchone()
            return row is not None and row[0] == 1

        def meanwhile(call: Any, *args: Any) -> list[Any]:
            """``call(*args)`` in a thread, waiting for the other's transaction, which then
            commits; what it gave, or raised."""
            got: list[Any] = []

            def run() -> None:
                try:
                    got.append(call(*args))
                except Exception as exc:
                    got.append(exc)

            thread = threading.Thread(target=run)
            thread.start()
            wait_for(waiting)
            other.commit()
            thread.join(10)
            return got

        try:
            storage.create_sheet("gone", "{}", at=100.0)
            storage.create_sheet("kept", "{}", at=200.0)
            other.execute("DELETE FROM whist_sheet WHERE changed_at < 150")
            assert meanwhile(storage.save_sheet, "gone", 0, "saved", 300.0) == [False]
            assert storage.sheet("gone") is None
            other.execute("UPDATE whist_sheet SET version = 1, data = 'saved', changed_at = 300"
                          " WHERE sheet_id = 'kept' AND version = 0")
            assert meanwhile(storage.delete_sheets, 250.0) == [0]
            assert storage.sheet("kept") == StoredSheet(1, "saved", 200.0, 300.0)
            other.execute("SELECT pg_advisory_xact_lock(%s)", (SHEETS_LOCK,))
            other.execute("INSERT INTO whist_sheet (sheet_id, version, data, created_at, changed_at)"
                          " VALUES ('last', 0, '{}', 400, 400)")
            refused = meanwhile(storage.create_sheet, "past", "{}", 2)
            assert len(refused) == 1 and isinstance(refused[0], SheetLimit)
            assert storage.sheet("past") is None and count_sheets(storage) == 2
        finally:
            other.close()
            watch.close()
            storage.close()
