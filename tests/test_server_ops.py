"""What the club member who runs ``whist serve`` meets: a database that cannot be opened or written,
a port in use (one line on stderr, exit 2, no traceback), and stopping a busy server.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    """``whist serve`` with ``args``, which must fail before it listens."""
    return subprocess.run(
        [sys.executable, "-c", "from whist.cli import main; main()", "serve", *args],
        capture_output=True, text=True, timeout=60, check=False)


def test_a_sqlite_file_that_cannot_be_created_is_one_line(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'missing' / 'whist.db'}"
    done = serve("--db", db)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"Error: cannot open the database {db}: (sqlite3.OperationalError) unable to open database"
        " file"]
