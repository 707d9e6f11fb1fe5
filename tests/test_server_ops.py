"""What the club member who runs ``whist serve`` meets: a database that cannot be opened or written,
a port in use (one line on stderr, exit 2, no traceback), and stopping a busy server.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from whist.server.storage import open_storage

PG_URL = os.environ.get("WHIST_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    """``whist serve`` with ``args``, which must fail before it listens."""
    return subprocess.run(
        [sys.executable, "-c", "from whist.cli import main; main()", "serve", *args],
        capture_output=True, text=True, timeout=60, check=False)


def postgresql() -> str:
    """PG_URL, once it is known to open."""
    try:
        open_storage(PG_URL).close()
    except OperationalError as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    return PG_URL


def test_a_sqlite_file_that_cannot_be_created_is_one_line(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'missing' / 'whist.db'}"
    done = serve("--db", db)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"Error: cannot open the database {db}: (sqlite3.OperationalError) unable to open database"
        " file"]


def test_a_read_only_sqlite_database_is_refused_at_start(tmp_path: Path) -> None:
    path = tmp_path / "whist.db"
    open_storage(f"sqlite:///{path}").close()
    with pytest.raises(OperationalError, match="readonly"):
        open_storage(f"sqlite:///file:{path}?mode=ro&uri=true")


def test_a_read_only_postgresql_session_is_refused_at_start() -> None:
    url = postgresql() + "?options=-c%20default_transaction_read_only%3Don"
    with pytest.raises(SQLAlchemyError, match="read-only"):
        open_storage(url)


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
