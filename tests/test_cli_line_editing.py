"""`whist play` at a terminal edits the line typed as a shell does (the arrow keys, a history):
``line_reader`` loads Python's line editing. Without it the arrows went into the line as escape
codes (``'\\x1b[A' is not a card``). Ctrl-D there stops the game as ``q`` does."""

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


def play_at_a_terminal(tmp_path: Path, keys: list[bytes], *args: str,
                       prompt: bytes = b"(? help, q quit)") -> tuple[int | None, bytes]:
    """``whist play --seed 1`` (and ``args``) at a pseudo-terminal: once it shows ``prompt``, and a
    moment after, as a person would, the ``keys`` typed one after the other; its exit status
    (``None`` if it still ran after 30 seconds) and all it showed."""
    main, sub = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", "from whist.cli import main; main()", "play",
                             "--seed", "1", "--records", str(tmp_path), *args],
                            stdin=sub, stdout=sub, stderr=sub, close_fds=True,
                            env={**os.environ, "TERM": "xterm", "COLUMNS": "80", "LINES": "24"})
    os.close(sub)
    seen = b""
    try:
        deadline = time.monotonic() + 60
        while prompt not in seen:
            assert time.monotonic() < deadline and proc.poll() is None, seen
            seen += read_some(main)
        time.sleep(0.5)  # the line editing ready after the prompt (a key before it may be lost)
        for key in keys:
            os.write(main, key)
            time.sleep(0.2)
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            seen += read_some(main)
        while more := read_some(main):  # what it wrote just before it ended, not yet read
            seen += more
        return proc.poll(), seen
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)


def test_the_arrow_keys_edit_the_line_typed(tmp_path: Path) -> None:
    """Typed ``zq``, the left arrow, the erase key (the ``z`` before the cursor goes), Enter: the
    line is ``q`` and the game stops at once (exit 0), where without line editing the line was
    ``zq`` and an escape code, refused, the game waiting for a card."""
    status, seen = play_at_a_terminal(tmp_path, [b"zq", b"\x1b[D\x7f\r"])
    assert status == 0, seen[-600:]
    assert b"not a card" not in seen


@pytest.mark.parametrize(("args", "prompt", "said"), [
    ((), b"(? help, q quit)", (b"Game stopped.", b"Match record saved")),
    (("--preset", "couleur", "--lang", "fr"), b"(? aide, q quitter)",
     ("Partie arrêtée.".encode(), "Partie enregistrée".encode()))])
def test_ctrl_d_at_a_terminal_stops_the_game_as_q_does(
        tmp_path: Path, args: tuple[str, ...], prompt: bytes, said: tuple[bytes, bytes]) -> None:
    """Ctrl-D at the prompt, a person leaving the game, stops it as ``q`` does: exit 0, the record
    saved and said, in both games and languages; not the error of a script's input that ran out
    (exit 1), which is for input that is no terminal's."""
    status, seen = play_at_a_terminal(tmp_path, [b"\x04"], *args, prompt=prompt)
    assert status == 0, seen[-600:]
    assert all(s in seen for s in said), seen[-600:]
    assert b"input ended" not in seen and "l'entrée s'est terminée".encode() not in seen
    assert list(tmp_path.glob("*.json")), list(tmp_path.iterdir())
