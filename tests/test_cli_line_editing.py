"""`whist play` at a terminal edits the line typed as a shell does (the arrow keys, a history):
``line_reader`` loads Python's line editing. Without it the arrows went into the line as escape
codes (``'\\x1b[A' is not a card``)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("readline")


def read_some(fd: int) -> bytes:
    """What the terminal's other end has written within a tenth of a second (nothing once it has
    closed)."""
    if not select.select([fd], [], [], 0.1)[0]:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:  # the other end closed
        return b""


def test_the_arrow_keys_edit_the_line_typed(tmp_path: Path) -> None:
    """Typed ``zq``, the left arrow, the erase key (the ``z`` before the cursor goes), Enter: the
    line is ``q`` and the game stops at once (exit 0), where without line editing the line was
    ``zq`` and an escape code, refused, the game waiting for a card."""
    main, sub = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", "from whist.cli import main; main()", "play",
                             "--seed", "1", "--records", str(tmp_path)],
                            stdin=sub, stdout=sub, stderr=sub, close_fds=True,
                            env={**os.environ, "TERM": "xterm", "COLUMNS": "80", "LINES": "24"})
    os.close(sub)
    seen = b""
    try:
        deadline = time.monotonic() + 60
        while b"(? help, q quit)" not in seen:
            assert time.monotonic() < deadline and proc.poll() is None, seen
            seen += read_some(main)
        os.write(main, b"zq")
        time.sleep(0.2)
        os.write(main, b"\x1b[D\x7f\r")
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            seen += read_some(main)
        assert proc.poll() == 0, seen[-600:]
        assert b"not a card" not in seen
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
