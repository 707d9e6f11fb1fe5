"""`whist arena --jobs N` stopped by SIGINT sent to the command alone (`kill -INT`, `timeout -s
INT`), not to its whole process group as Ctrl-C in a terminal sends it: the command exits 130 and
its worker processes go with it."""

from __future__ import annotations

import os
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
    """Interrupted while its workers play, the command ends them: they were left to finish their
    deal and then waited forever for the next, orphans holding the command's output open (so that
    `$(whist arena …)` or a pipe to `tee` never ended)."""
    proc = subprocess.Popen(
        [*WHIST, "arena", "--preset", "couleur", "--candidate", "pimc", "--reference", "heuristic",
         "--deals", "500", "--seed", "1", "--jobs", "2", "--budget", "0.05"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, cwd=tmp_path,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        while len(group_members(proc.pid)) < 4:  # the command, the resource tracker, two workers
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)  # stderr closes once no process holds it
        assert proc.returncode == 130 and err.decode() == "Error: interrupted\n", err
        deadline = time.monotonic() + 60
        while group_members(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert group_members(proc.pid) == []
    finally:
        for pid in group_members(proc.pid):
            os.kill(pid, signal.SIGKILL)
        proc.wait()
