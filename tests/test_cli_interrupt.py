"""`whist arena --jobs N` stopped by Ctrl-C in a terminal (SIGINT to each of its processes) or by
SIGINT sent to the command alone (`kill -INT`, `timeout -s INT`): the command exits 130 saying it
was interrupted, and its worker processes go with it, without a word. `whist play` stopped by
`kill` or by its terminal closed keeps the game's record, as on Ctrl-C."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

WHIST = [sys.executable, "-c", "from whist.cli import main; main()"]


def group_members(group: int) -> list[int]:
    """The processes of the process group ``group``, from /proc."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[2]) == group:
                members.append(int(entry.name))
    return members


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes in /proc")
def test_sigint_to_the_arena_alone_ends_its_workers(tmp_path: Path) -> None:
    """Interrupted once its workers have started, the command ends them: they were left to finish
    their deal and then waited forever for the next, orphans holding the command's output open (so
    that `$(whist arena …)` or a pipe to `tee` never ended)."""
    proc = subprocess.Popen(
        [*WHIST, "arena", "--preset", "couleur", "--candidate", "pimc", "--reference", "heuristic",
         "--deals", "500", "--seed", "1", "--jobs", "2", "--budget", "0.05"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, cwd=tmp_path,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        while len(group_members(proc.pid)) < 4:  # the command, the resource tracker, two workers
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)  # stderr closes once no process holds it
        assert proc.returncode == 130, err
        assert re.fullmatch(r"Error: interrupted: \d+ of 500 deals played\n", err.decode()), err
        deadline = time.monotonic() + 60
        while group_members(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert group_members(proc.pid) == []
    finally:
        for pid in group_members(proc.pid):
            os.kill(pid, signal.SIGKILL)
        proc.wait()


def test_the_arena_s_workers_leave_ctrl_c_to_the_command(tmp_path: Path) -> None:
    """The workers of --jobs 2 hold SIGINT back, from their start: Ctrl-C in a terminal reaches
    every process of the command, and a worker still loading Python printed the traceback of what
    it was loading, while the command, which ends its workers, said it was interrupted. A bot of
    one's own, played in the workers, sees the signal mask it runs under."""
    (tmp_path / "deaf_bot.py").write_text(
        "import signal\n\nfrom whist.bots import random_bot\n\n\n"
        "def deaf(view, rng):\n"
        "    if signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, []):\n"
        "        raise RuntimeError('Ctrl-C reaches this worker')\n"
        "    return random_bot(view, rng)\n", encoding="utf-8")
    r = subprocess.run(
        [*WHIST, "arena", "--preset", "classic", "--candidate", "deaf_bot:deaf", "--reference", "random",
         "--deals", "2", "--seed", "1", "--jobs", "2", "--no-double-dummy"],
        capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)},
        timeout=300)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_game_killed_or_whose_terminal_closes_is_saved(tmp_path: Path, name: str, status: int) -> None:
    """`kill` (SIGTERM) or the terminal closed (SIGHUP: its window, an SSH connection lost) while
    `whist play` waits for the player's card: the match record is saved, as on Ctrl-C, and replays;
    the command exits 128 + the signal's number. They ended the game without a word and lost it."""
    proc = subprocess.Popen([*WHIST, "play", "--seed", "1", "--records", str(tmp_path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    seen = b""
    os.set_blocking(proc.stdout.fileno(), False)
    deadline = time.monotonic() + 60
    while b"Your turn" not in seen:
        assert time.monotonic() < deadline and proc.poll() is None, seen
        seen += proc.stdout.read() or b""
        time.sleep(0.02)
    proc.send_signal(getattr(signal, name))
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == status, err
    records = list(tmp_path.glob("whist-*-seed1.json"))
    assert len(records) == 1, (out, err)
    if name == "SIGTERM":  # (after SIGHUP the output goes nowhere: the terminal is gone)
        assert f"Match record saved: {records[0]}" in out.decode()
    replay = subprocess.run([*WHIST, "replay", str(records[0])], capture_output=True, timeout=60)
    assert replay.returncode == 0, replay.stderr


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("preset", ["classic", "couleur"])
def test_a_game_whose_terminal_is_gone_before_any_signal_is_saved(tmp_path: Path, preset: str) -> None:
    """The terminal's window closed (its pseudo-terminal gone) while `whist play` waits for a card,
    and the hangup signal not there yet (the shell sends it to its jobs after the terminal is gone,
    tmux's `kill-session`): the game reads the end of its input, and every write to the terminal
    fails (EIO). The record is saved all the same and the command exits 129, as on SIGHUP; it wrote
    "\\n" to the dead terminal, and the traceback of that OSError ended it, the game lost."""
    master, slave = os.openpty()
    proc = subprocess.Popen(  # the terminal is not its controlling terminal: no SIGHUP
        [*WHIST, "play", "--preset", preset, "--seed", "1", "--records", str(tmp_path)],
        stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    os.set_blocking(master, False)
    seen = b""
    deadline = time.monotonic() + 60
    while b"Your turn" not in seen:
        assert time.monotonic() < deadline and proc.poll() is None, seen
        try:
            seen += os.read(master, 65536)
        except BlockingIOError:
            time.sleep(0.02)
    os.close(master)
    assert proc.wait(timeout=60) == 129
    records = list(tmp_path.glob("whist-*-seed1.json"))
    assert len(records) == 1
    replay = subprocess.run([*WHIST, "replay", str(records[0])], capture_output=True, timeout=60)
    assert replay.returncode == 0, replay.stderr


def test_an_interrupt_out_of_the_game_s_reach_keeps_the_record(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A signal's interrupt raised where the game cannot catch it (as it says its end: the hangup
    came just after the dead terminal's end of input) is kept as Ctrl-C is, the record saved; it
    ended the command with 130 and no record."""
    from typer.testing import CliRunner

    from whist import terminal
    from whist.cli import app

    def interrupted(self: object) -> bool:
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal.TerminalGame, "run", interrupted)
    r = CliRunner().invoke(app, ["play", "--seed", "1", "--records", str(tmp_path)], input="")
    assert r.exit_code == 130, r.output
    assert len(list(tmp_path.glob("whist-*-seed1.json"))) == 1, r.output
