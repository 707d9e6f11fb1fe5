"""``whist solve`` on the command line (issue 4, "CLI"): the values of every card as a table or
JSON, the same as the Python ``solve``; bad input is one line on stderr with exit status 2;
``--max-seconds`` bounds a search (exit status 1); Ctrl-C stops a long search at once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from whist.cards import Seat
from whist.cli import app
from whist.solver import Position, Solver, exact, solve
from whist.solver.bench import run_bench

runner = CliRunner()

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
ENDGAME = "N:K.Q.. QJ.K.. T9.A.. 87.J.."  # North has led the ace of spades
# a whole deal whose full misère count (goal min) takes seconds: docs/solver.md, worst cases
HARD = "N:8.KT763.A83.Q543 K7.A4.JT5.AKT762 J96432.J5.K976.9 AQT5.Q982.Q42.J8"
# the misère count of two players together: more than a minute (docs/solver.md, the slowest found)
LONG = ("N:A5.QJ8642.QJ2.Q9 T964..AT9864.K52 K82.AK973..JT876 QJ73.T5.K753.A43", "--trump", "NT",
        "--leader", "W", "--team", "WE", "--goal", "min")


def run(*args: str) -> tuple[int, str, str]:
    r = runner.invoke(app, ["solve", *args])
    return r.exit_code, r.stdout, r.stderr


def test_table_of_every_card() -> None:
    code, out, err = run(DEAL, "--trump", "NT", "--leader", "W")
    assert code == 0, err
    want = solve(Position.from_pbn(DEAL, "NT", "W"), "EW")  # the leader's side by default
    assert "West to play (no trump); team EW, goal max." in out
    for card, value in want.cards.items():
        assert f"│ {card.text:<4} │" in out
        assert any(card.text in line and str(value) in line for line in out.splitlines())
    assert f"Best play: the team takes {want.best} more tricks." in out


def test_json_is_the_solution_of_the_python_solver() -> None:
    code, out, _ = run(DEAL, "--trump", "H", "--leader", "S", "--team", "EW", "--json")
    assert code == 0
    want = solve(Position.from_pbn(DEAL, "H", "S"), "EW")
    assert json.loads(out) == want.to_json()
    assert set(json.loads(out)) == {"tricks", "cards"}


def test_played_cards_and_every_goal() -> None:
    """Mid-trick (``--played``), a lone player, misère and an exact target."""
    pos = Position.from_pbn(ENDGAME, "S", "N", "AS")
    for goal in ("max", "min", "exact:1"):
        code, out, err = run(ENDGAME, "--trump", "S", "--leader", "N", "--played", "AS", "--team", "E",
                             "--goal", goal, "--json")
        assert code == 0, err
        got = json.loads(out)
        want = solve(pos, [Seat.E], exact(1) if goal == "exact:1" else goal).to_json()
        assert got == want
    code, out, _ = run(ENDGAME, "--trump", "S", "--leader", "N", "--played", "AS", "--team", "E",
                       "--goal", "exact:1")
    assert code == 0
    assert "exactly 1 more tricks?" in out and "Best play: the team " in out


@pytest.mark.parametrize(("args", "words"), [
    ((DEAL[:-1] + "A", "-t", "NT", "-l", "W"), "two hands"),
    ((DEAL[:-2], "-t", "NT", "-l", "W"), "size"),
    ((DEAL, "-t", "X", "-l", "W"), "not a trump"),
    ((DEAL, "-t", "NT", "-l", "Q"), "seat"),
    ((DEAL, "-t", "NT", "-l", "W", "--team", "NESW"), "team"),
    ((DEAL, "-t", "NT", "-l", "W", "--team", ""), "team"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "most"), "goal"),
    ((DEAL, "-t", "NT", "-l", "W", "--played", "AS"), "AS"),
    ((DEAL, "-t", "NT", "-l", "W", "--max-seconds", "0"), "max-seconds"),
])
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], words: str) -> None:
    code, out, err = run(*args)
    assert code == 2, (args, out, err)
    assert words.lower() in err.lower(), (args, err)
    assert "Traceback" not in out + err


def test_max_seconds_stops_a_long_search() -> None:
    start = time.monotonic()
    code, out, err = run(HARD, "--trump", "NT", "--leader", "N", "--team", "N", "--goal", "min",
                         "--max-seconds", "0.3")
    assert time.monotonic() - start < 30
    assert code == 1
    assert "stopped after 0.3 s" in err and out == ""
    # a quick question about the same deal answers within the limit
    code, out, _ = run(HARD, "--trump", "NT", "--leader", "N", "--team", "N", "--goal", "exact:0",
                       "--max-seconds", "60", "--json")
    assert code == 0 and json.loads(out)["exact"] == 0


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_ctrl_c_stops_a_long_search_at_once() -> None:
    """The search runs in a worker thread, so the interrupt is heard while it runs."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from whist.cli import main; main()", "solve", *LONG],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "COLUMNS": "100"})
    time.sleep(3.0)  # well into the search
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert proc.returncode == 130, err
    assert "stopped (Ctrl-C)" in err and "Traceback" not in err


def test_bench_counts_its_steps_for_the_progress_bar() -> None:
    """``whist bench solver`` shows a progress bar: ``run_bench`` reports each position done
    out of the total."""
    calls: list[tuple[int, int]] = []
    result = run_bench(deals=3, seed=2, dds=False, extra=False, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    assert result["ours"]["deals"] == 3


def test_memory_of_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--memory MB`` sizes the solver's table (256 MB by default for one search); the answer
    does not depend on it; a size below 1 MB is refused with exit status 2."""
    import whist.cli_solver as cli_solver

    sizes: list[int] = []

    class Recording(Solver):
        def __init__(self, memory_mb: int = 64) -> None:
            sizes.append(memory_mb)
            super().__init__(memory_mb)

    monkeypatch.setattr(cli_solver, "Solver", Recording)
    outs = []
    for extra in ([], ["--memory", "8"]):
        code, out, err = run(DEAL, "--trump", "C", "--leader", "N", "--json", *extra)
        assert code == 0, err
        outs.append(json.loads(out))
    assert sizes == [cli_solver.CLI_MEMORY_MB, 8]
    assert outs[0] == outs[1] == solve(Position.from_pbn(DEAL, "C", "N"), "NS").to_json()
    code, _, err = run(DEAL, "--trump", "C", "--leader", "N", "--memory", "0")
    assert code == 2
    assert "--memory" in err and "Traceback" not in err
