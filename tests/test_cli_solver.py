"""``whist solve`` on the command line (issue 4, "CLI"): the values of every card as a table or
JSON, the same as the Python ``solve``; bad input is one line on stderr with exit status 2;
``--max-seconds`` bounds a search (exit status 1); Ctrl-C stops a long search at once."""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from conftest import bench_script
from typer.testing import CliRunner

from whist.bots.evaluate import misere_flaws, trick_estimate
from whist.cards import Refusal, Seat, format_deal
from whist.cli import app
from whist.solver import Position, Solution, SolveProgress, Solver, exact, solve
from whist.solver.bench import random_position, run_bench

runner = CliRunner()

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
ENDGAME = "N:K.Q.. QJ.K.. T9.A.. 87.J.."  # North has led the ace of spades
# a whole deal whose full misère count (goal min) takes seconds: docs/solver-journal.md (the
# no-trump count of North)
HARD = "N:8.KT763.A83.Q543 K7.A4.JT5.AKT762 J96432.J5.K976.9 AQT5.Q982.Q42.J8"
# the misère count of two players together: about a minute (docs/solver.md, *Figures*, the
# slowest deals recorded)
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
    assert set(json.loads(out)) == {"tricks", "cards", "team", "goal"}


@pytest.mark.parametrize(("args", "team", "goal", "more"), [
    (("--leader", "W"), "EW", "max", {}),  # the leader's side by default
    (("--leader", "W", "--team", "WE", "--goal", "min", "--cap", "2"), "EW", "min", {"cap": 2}),
    (("--leader", "S", "--team", "south  north", "--goal", "misère"), "NS", "min", {}),
    (("--leader", "N", "--team", "w,n,e", "--goal", "exact(4)"), "NEW", "exact:4",
     {"exact": 4}),
])
def test_json_says_the_team_and_the_goal_its_values_count_for(
        args: tuple[str, ...], team: str, goal: str, more: dict[str, int]) -> None:
    """``--json`` names the team (its seats in the order N, E, S, W, however typed) and the goal
    (max, min, exact:K, however typed), and the cap with ``--cap``; the other fields are as
    they were."""
    code, out, err = run(DEAL, "--trump", "NT", *args, "--json")
    assert code == 0, err
    got = json.loads(out)
    assert (got["team"], got["goal"]) == (team, goal)
    assert {k: got[k] for k in more} == more
    counted = "tricks" if "exact" not in more else "reached"
    assert set(got) == {counted, "cards", "team", "goal", *more}
    assert len(got["cards"]) == 13


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
    assert "exactly 1 more trick?" in out and "Best play: the team " in out


def test_suit_symbols_as_phones_type_them() -> None:
    """``♠️`` (the symbol and the invisible U+FE0F an emoji keyboard adds) is spades, in
    ``--trump`` and in ``--played``, not "not a trump"."""
    code, out, err = run(ENDGAME, "--trump", "\u2660\ufe0f", "--leader", "N", "--played", "A\u2660\ufe0f",
                         "--json")
    assert code == 0, err
    assert json.loads(out) == solve(Position.from_pbn(ENDGAME, "S", "N", "AS"), "NS").to_json()


def test_the_table_says_what_its_star_marks() -> None:
    """The ``*`` marks the best cards of the player to move, who may play for the team or
    against it: a line under the table says which (a ``*`` on the lowest counts, or on "no",
    once read as a slip); an exact goal reached reads "ends with", not "does end with"."""
    code, out, err = run(DEAL, "--trump", "H", "--leader", "S", "--team", "N")
    assert code == 0, err
    assert "* South's best cards (against the team: fewest team tricks)" in out.splitlines()
    code, out, err = run(ENDGAME, "--trump", "S", "--leader", "N", "--played", "AS", "--team", "N",
                         "--goal", "min")
    assert code == 0, err
    assert "* East's best cards (against the team: most team tricks)" in out.splitlines()
    code, out, err = run("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "--trump", "NT", "--leader", "N",
                         "--goal", "exact:2")
    assert code == 0, err
    assert out.splitlines()[-2:] == ["* North's best cards (for the team: exactly 2 tricks)",
                                     "Best play: the team ends with exactly 2 more tricks."]


def test_an_exact_target_past_the_tricks_left_says_it_is_out_of_reach() -> None:
    """exact:5 with two tricks left is never reached: the answer says why, not only "no"."""
    code, out, err = run("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "--trump", "NT", "--leader", "N",
                         "--goal", "exact:5")
    assert code == 0, err
    assert out.splitlines()[-1] == ("Best play: the team does not end with exactly 5 more tricks"
                                    " (out of reach: 2 tricks left).")
    code, out, err = run("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "--trump", "NT", "--leader", "N",
                         "--goal", "exact:1")
    assert code == 0, err
    assert out.splitlines()[-1] == "Best play: the team does not end with exactly 1 more trick."


def test_a_count_up_to_a_cap() -> None:
    """``--cap K``: the values counted up to K, K printed as "K+"; the slowest count known (two
    misère players together, about a minute in full) asked up to 2 answers within seconds."""
    code, out, err = run(*LONG, "--cap", "2", "--json", "--max-seconds", "30")
    assert code == 0, err
    got = json.loads(out)
    assert got["cap"] == 2 and got["tricks"] == 2  # the pair takes 8 in the full count
    assert set(got["cards"].values()) == {2}
    code, out, err = run(ENDGAME, "--trump", "S", "--leader", "N", "--played", "AS", "--team", "N",
                         "--cap", "1")
    assert code == 0, err
    full = solve(Position.from_pbn(ENDGAME, "S", "N", "AS"), [Seat.N])
    assert max(full.cards.values()) > 1
    assert "counted up to 1" in out
    rows = {line.split()[1]: line.split()[3] for line in out.splitlines() if line.startswith("│ ")}
    assert rows == {card.text: "1+" if v >= 1 else str(v) for card, v in full.cards.items()}
    # a cap at or above the tricks left cuts nothing: the counts print as they are
    code, out, err = run(ENDGAME, "--trump", "S", "--leader", "N", "--played", "AS", "--team", "N",
                         "--cap", "3")  # East holds 3 cards: 3 tricks left
    assert code == 0, err
    assert "+" not in out and f"Best play: the team takes {full.best} more tricks." in out
    code, _, err = run(ENDGAME, "--trump", "S", "--leader", "N", "--played", "AS", "--goal", "exact:1",
                       "--cap", "1")
    assert code == 2 and "--cap goes with the goals max and min" in err


ABONDANCE = "N:A94.QT863.QJ87.9 T72..AKT4.KT8752 .KJ972.952.AJ643 KQJ8653.A54.63.Q"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_count_from_a_floor(lang: str) -> None:
    """``--floor K`` (with ``--cap``): the counts run from K, K printed "≤K" (K or fewer): West's
    abondance of 9 in spades asked from 8 up to 9 (is it made, card by card?) says that no card
    makes it, where West takes 5 in the full count."""
    args = (ABONDANCE, "-t", "S", "-l", "W", "--team", "W", "--lang", lang)
    code, out, err = run(*args, "--floor", "8", "--cap", "9", "--json")
    assert code == 0, err
    got = json.loads(out)
    assert (got["floor"], got["cap"], got["tricks"]) == (8, 9, 8) and set(got["cards"].values()) == {8}
    code, out, err = run(*args, "--floor", "8", "--cap", "9")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].endswith(("counted from 8 up to 9.", "compté à partir de 8 jusqu'à 9."))
    rows = [line.split()[3] for line in lines if line.startswith("│ ")]
    assert len(rows) == 13 and set(rows) == {"≤8"}
    assert lines[-1] in ("Best play: the team takes at most 8 more tricks.",
                         "Meilleur jeu : l'équipe fait au plus 8 levées de plus.")
    # a floor under the value cuts nothing: the counts print as they are
    code, out, err = run(*args, "--floor", "4", "--cap", "6")
    assert code == 0, err
    assert "≤" not in out and "+" not in out and out.splitlines()[-1].endswith(("takes 5 more tricks.",
                                                                                "fait 5 levées de plus."))
    # a floor at or above the tricks left said every card "≤12" of 3 tricks: counted in full
    endgame = (ENDGAME, "--trump", "S", "--leader", "N", "--played", "AS", "--lang", lang)
    code, out, err = run(*endgame, "--floor", "12", "--json")
    assert code == 0, err
    assert json.loads(out) == json.loads(run(*endgame, "--json")[1])
    code, out, err = run(*endgame, "--floor", "3")
    assert code == 0 and "≤" not in out and "counted from" not in out and "compté à partir" not in out, out


@pytest.mark.parametrize(("args", "words"), [
    ((DEAL[:-1] + "A", "-t", "NT", "-l", "W"), "two hands"),
    ((DEAL, "-t", "NT", "-l", "W", "--cap", "14"), "cap"),
    ((DEAL[:-2], "-t", "NT", "-l", "W"), "size"),
    ((DEAL, "-t", "X", "-l", "W"), "not a trump"),
    ((DEAL, "-t", "NT", "-l", "Q"), "seat"),
    ((DEAL, "-t", "NT", "-l", "W", "--team", "NESW"), "team"),
    ((DEAL, "-t", "NT", "-l", "W", "--team", ""), "team"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "most"), "goal"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "exact:²"), "goal"),
    ((DEAL, "-t", "NT", "-l", "W", "--played", "AS"), "AS"),
    ((DEAL, "-t", "NT", "-l", "W", "--max-seconds", "0"), "max-seconds"),
    # numbers out of range or no numbers: one line too, not click's usage block of four
    ((DEAL, "-t", "NT", "-l", "W", "--cap", "-1"), "--cap -1 is out of range: give a whole number from 0"),
    ((DEAL, "-t", "NT", "-l", "W", "--cap", "x"), "--cap 'x' is not a whole number"),
    ((DEAL, "-t", "NT", "-l", "W", "--cap", "1.5"), "--cap '1.5' is not a whole number"),
    ((DEAL, "-t", "NT", "-l", "W", "--floor", "13"),
     "--floor 13 is out of range: give a whole number from 0 to 12"),
    ((DEAL, "-t", "NT", "-l", "W", "--floor", "x"), "--floor 'x' is not a whole number"),
    ((DEAL, "-t", "NT", "-l", "W", "--cap", "٣"), "--cap '٣' is not a whole number"),
    ((DEAL, "-t", "NT", "-l", "W", "--memory", "６４"), "--memory '６４' is not a whole number"),
    ((DEAL, "-t", "NT", "-l", "W", "--floor", "2", "--cap", "2"),
     "--floor 2 must be below --cap 2: the counts run from the floor up to the cap"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "exact:1", "--floor", "1"),
     "--floor goes with the goals max and min"),
    ((DEAL, "-t", "NT", "-l", "W", "--memory", "-5"), "--memory -5 is out of range"),
    # the solver's own limit (it said 65536 while Solver(memory_mb=...) took up to 1048576)
    ((DEAL, "-t", "NT", "-l", "W", "--memory", "1048577"), "from 1 to 1048576"),
    ((DEAL, "-t", "NT", "-l", "W", "--memory", "lots"), "--memory 'lots' is not a whole number"),
    ((DEAL, "-t", "NT", "-l", "W", "--max-seconds", "-1"), "at least 0.001"),
    ((DEAL, "-t", "NT", "-l", "W", "--max-seconds", "nan"), "not a number of seconds"),
    ((DEAL, "-t", "NT", "-l", "W", "--max-seconds", "soon"), "not a number of seconds"),
    # what exact needs, and which seat a bad position is about
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "exact"), "exact needs the number of tricks"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "exact:-1"), "exact needs the number of tricks"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "exact:14"), "0 to 13"),
    ((DEAL[:-1] + "A", "-t", "NT", "-l", "W"), "AC is in two hands, East's and West's"),
    ((DEAL.replace("N:A", "N:"), "-t", "NT", "-l", "N", "--played", "AS KS"),
     "KS is played to the trick but North still holds it"),
    ((DEAL.replace("N:A", "N:"), "-t", "NT", "-l", "W", "--played", "AS"),
     "West holds 13 cards and has played to the trick"),
    ((DEAL, "-t", "NT", "-l", "W", "--played", "XS"), "'XS' is not a card"),
    (("N:AX.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "-t", "NT", "-l", "N"), "not a rank"),
    (("", "-t", "NT", "-l", "W"), "not a PBN deal"),
])
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], words: str) -> None:
    code, out, err = run(*args)
    assert code == 2, (args, out, err)
    assert words.lower() in err.lower(), (args, err)
    assert "Traceback" not in out + err
    assert len(err.strip().splitlines()) == 1, err


def test_max_seconds_stops_a_long_search() -> None:
    start = time.monotonic()
    code, out, err = run(HARD, "--trump", "NT", "--leader", "N", "--team", "N", "--goal", "min",
                         "--max-seconds", "0.3")
    assert time.monotonic() - start < 30
    assert code == 1
    assert "stopped after 0.3 s" in err and out == ""
    assert "--cap" not in err  # a lone misère player: the question whether he takes none
    assert "Whether the misère is made (no trick), card by card, --goal exact:0, is far quicker." in err
    code, out, err = run(HARD, "--trump", "NT", "--leader", "N", "--team", "N", "--goal", "min",
                         "--max-seconds", "0,3", "--lang", "fr")  # French writes, and takes, 0,3
    assert code == 1 and "arrêtée après 0,3 s" in err and out == "", err
    # two misère players together: the tip of the quick question
    code, out, err = run(*LONG, "--max-seconds", "0.3")
    assert code == 1 and "Counting up to 2 (--cap 2) quickly says" in err
    # with --json, the failure is a JSON object on stdout too, as whist replay --json says its own
    code, out, err = run(*LONG, "--max-seconds", "0.3", "--json")
    assert code == 1 and json.loads(out) == {"error": err.split("Error: ", 1)[1].strip(), "team": "EW",
                                             "goal": "min", "best": None, "cards_valued": 0,
                                             "legal_cards": 13}
    code, out, err = run(*LONG, "--floor", "1", "--max-seconds", "0.3", "--json")
    assert code == 1 and json.loads(out)["floor"] == 1 and "--cap 2" not in err, err
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
    time.sleep(6.0)  # well into the search, even on a busy machine (the search takes a minute)
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert proc.returncode == 130, err
    assert "stopped (Ctrl-C)" in err and "Traceback" not in err


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Error: the search was stopped (Ctrl-C). Counting up to 2 (--cap 2) quickly says"),
    ("fr", "Erreur : la recherche a été arrêtée (Ctrl-C). Compter jusqu'à 2 (--cap 2) dit vite")])
def test_ctrl_c_says_what_was_stopped(lang: str, said: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C names what it stopped, as --max-seconds does (« la recherche a été arrêtée après
    1 s »): French said « Erreur : arrêtée (Ctrl-C) », a participle with nothing it agrees with."""
    def interrupted(*args: Any) -> Solution:
        raise KeyboardInterrupt

    monkeypatch.setattr("whist.cli_solver._solve_waiting", interrupted)
    code, out, err = run(*LONG, "--lang", lang)
    assert code == 130 and out == "", err
    assert err.startswith(said), err


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("stop", "code"), [(TimeoutError, 1), (KeyboardInterrupt, 130)])
def test_a_stopped_search_with_json_prints_a_json_object(stop: type[BaseException], code: int, lang: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``--json`` past ``--max-seconds`` (exit status 1) or after Ctrl-C (130): stdout holds an
    object, as ``whist replay --json`` prints one on its failures; it printed nothing, and a
    program reading it failed on an empty document. The message is the English one whatever
    --lang (as all the JSON), with what the search had found: the team's best so far and how many
    cards had their value."""
    def stopped(*args: Any) -> Solution:
        raise stop

    monkeypatch.setattr("whist.cli_solver._solve_waiting", stopped)
    monkeypatch.setattr(Solver, "progress", property(lambda self: SolveProgress(6, 4, 13)))
    got, out, err = run(*LONG, "--cap", "7", "--max-seconds", "5", "--json", "--lang", lang)
    assert got == code and "Traceback" not in err
    said = json.loads(out)
    assert said == {"error": said["error"], "team": "EW", "goal": "min", "cap": 7, "best": 6,
                    "cards_valued": 4, "legal_cards": 13}
    assert said["error"].startswith("the search was stopped") and said["error"].endswith(
        "before every card had its value; the team's best is 6 tricks (4 of 13 cards valued).")
    assert err.startswith("Erreur : la recherche a été arrêtée" if lang == "fr" else
                          f"Error: {said['error']}")
    # without --json, nothing on stdout
    got, out, _ = run(*LONG, "--cap", "7", "--max-seconds", "5", "--lang", lang)
    assert got == code and out == ""


def test_bench_json_interrupted_prints_a_json_object(monkeypatch: pytest.MonkeyPatch) -> None:
    """``whist bench solver --json`` stopped by Ctrl-C says so on stdout too (exit status 130), as
    whist solve --json does."""
    def stop(**kwargs: Any) -> dict[str, Any]:
        raise KeyboardInterrupt

    monkeypatch.setattr("whist.cli_solver.run_bench", stop)
    r = runner.invoke(app, ["bench", "solver", "--deals", "1", "--json"])
    assert r.exit_code == 130 and r.stderr == "Error: interrupted\n"
    assert json.loads(r.stdout) == {"error": "interrupted"}


def test_bench_counts_its_steps_for_the_progress_bar() -> None:
    """``whist bench solver`` shows a progress bar: ``run_bench`` reports each position done
    out of the total."""
    calls: list[tuple[int, int]] = []
    result = run_bench(deals=3, seed=2, dds=False, extra=False, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    assert result["ours"]["deals"] == 3


def test_bench_gives_the_command_that_solves_its_worst_deal_again() -> None:
    """The worst deal's hands alone do not say its trump and leader: the bench gives the
    ``whist solve`` command, which solves that very position."""
    result = run_bench(deals=3, seed=2, dds=False, extra=False)
    rng = random.Random(2)
    whole = [random_position(rng) for _ in range(3)]
    worst = whole[result["ours"]["worst_index"]]
    args = shlex.split(result["ours"]["worst_command"])
    assert args[:2] == ["whist", "solve"]
    code, out, err = run(*args[2:], "--json")
    assert code == 0, err
    assert json.loads(out) == solve(worst, [worst.leader, worst.leader.partner]).to_json()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bench_gives_no_time_where_no_search_finished(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A misère over the node budget is not timed: where none finished, the bench said a mean of
    0.00 ms and named as worst a deal it never timed; now no time (``null``, — in the table) and
    no worst deal."""
    import whist.solver.bench as bench

    monkeypatch.setattr(bench, "MISERE_NODES", 1)
    result = run_bench(deals=1, seed=2, dds=False)
    for name in ("misere", "misere_made"):
        r = result[name]
        assert (r["deals"], r["unfinished"]) == (1, 1), r
        assert r["mean_ms"] is r["median_ms"] is r["max_ms"] is r["worst_index"] is r["worst_deal"] is None, r
    assert result["one_vs_three"]["mean_ms"] is not None
    monkeypatch.setattr("whist.cli_solver.run_bench", lambda **kw: run_bench(deals=1, seed=2, dds=False))
    r = runner.invoke(app, ["bench", "solver", "--deals", "1", "--lang", lang])
    assert r.exit_code == 0, r.output
    misere = next(line for line in r.stdout.splitlines() if line.startswith("misère 1 "))
    assert "—" in misere and not re.search(r"\d[.,]\d\d ms", misere), misere


def test_bench_names_the_worst_deal_by_its_place_among_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a measure where a search went over the node budget, ``worst_index`` counted only those
    that finished, while ``worst_deal`` is the set's: both now name the same deal."""
    import whist.solver.bench as bench

    def second_only(solver: Any, items: list[Any], max_nodes: int | None = None, step: Any = None,
                    ) -> tuple[list[float], list[int], int, int]:
        return [0.002], [5], 1, 1  # the first over the budget, the second the worst and only one

    monkeypatch.setattr(bench, "_time_ours", second_only)
    result = run_bench(deals=4, seed=2, dds=False)
    rng = random.Random(2)
    for _ in range(4):
        random_position(rng)
    lone = [random_position(rng) for _ in range(2)]
    assert result["one_vs_three"]["worst_index"] == 1
    assert result["one_vs_three"]["worst_deal"] == format_deal(lone[1].hands)


def test_bench_json_fields_are_all_in_docs(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/solver.md names every field of ``whist bench solver --json`` (it lacked the worst
    deal, the ratios and ``threads``), and says the further measures have ``unfinished``."""
    import pathlib

    import whist.solver.bench as bench

    def quick(solver: Any, items: list[Any], max_nodes: int | None = None, step: Any = None,
              ) -> tuple[list[float], list[int], int, int]:
        return [0.002] * len(items), [5] * len(items), 0, 0

    monkeypatch.setattr(bench, "_time_ours", quick)
    result = run_bench(deals=2, seed=2, dds=False)
    result.update(ratio_mean=1.0, ratio_median=1.0, ratio_median_deal=1.0)  # with DDS only
    docs = (pathlib.Path(__file__).parent.parent / "docs" / "solver.md").read_text(encoding="utf-8")
    start = docs.index("`whist bench solver --json`")
    said = " ".join(docs[start:docs.index("\n\n", start)].split())
    keys = set(result) | {k for v in result.values() if isinstance(v, dict) for k in v}
    assert sorted(k for k in keys if f"`{k}`" not in said) == []
    assert all("unfinished" in result[m] for m in ("one_vs_three", "misere", "cards_8"))
    assert "every further measure `unfinished`" in said


def test_bench_does_not_say_dds_visited_no_nodes() -> None:
    """DDS does not tell its nodes: its measure has ``null`` there, not 0."""
    from whist.solver.bench import _stats

    assert _stats([0.01, 0.03], [])["mean_nodes"] is None
    assert _stats([0.01, 0.03], [10, 30])["mean_nodes"] == 20


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


def test_memory_that_cannot_be_allocated(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--memory`` more than this machine can allocate: one line, exit status 2 (not a
    MemoryError's traceback)."""
    import whist.cli_solver as cli_solver
    from whist.solver._core import Solver as Core

    class Unallocatable(Solver):
        def __init__(self, memory_mb: int = 64) -> None:
            super().__init__(memory_mb)
            self._core = Core(2**62)  # more bytes than any address space holds

    monkeypatch.setattr(cli_solver, "Solver", Unallocatable)
    code, out, err = run(DEAL, "--trump", "C", "--leader", "N", "--memory", "65536")
    assert code == 2, (out, err)
    assert "65536 MB cannot be allocated" in err and "--memory" in err
    assert "Traceback" not in out + err


# ----- progress of a long solve (the status line of `whist solve`) ---------------------------

SLOW_PAIR = "N:94.6532.K43.KQJ9 AK82.QT87.Q72.T7 J73.AKJ94.J65.52 QT65..AT98.A8643"  # ~0.6 s


def test_progress_before_any_solve_is_empty() -> None:
    assert tuple(Solver(1).progress) == (None, 0, 0)


def test_progress_after_a_solve_counts_every_legal_card() -> None:
    solver = Solver(1)
    pos = Position.from_pbn(ENDGAME, "NT", "N", "AS")
    sol = solver.solve(pos, "NS")
    n = len(sol.cards)
    assert n == 2  # East still holds the queen and jack of spades
    assert tuple(solver.progress) == (sol.best, n, n)
    sol = solver.solve(pos, "NS", exact(1))
    assert solver.progress.best is sol.best  # a yes/no for an exact goal
    assert (solver.progress.done, solver.progress.total) == (n, n)
    assert solver.solve(pos, "NS", at_least=1) is True
    assert (solver.progress.done, solver.progress.total) == (0, 0)  # at_least values no card


def test_progress_can_be_read_from_another_thread_while_a_solve_runs() -> None:
    import threading

    solver = Solver()
    pos = Position.from_pbn(SLOW_PAIR, "D", "S")
    solutions: list[Solution] = []
    worker = threading.Thread(target=lambda: solutions.append(solver.solve(pos, "NS")))
    seen: list[SolveProgress] = []
    worker.start()
    while worker.is_alive():
        seen.append(solver.progress)
        time.sleep(0.001)
    worker.join()
    sol = solutions[0]
    n = len(sol.cards)
    assert tuple(solver.progress) == (sol.best, n, n)
    dones = [d for _, d, _ in seen]
    assert dones == sorted(dones)  # never goes back
    assert all(t in (0, n) and 0 <= d <= n for _, d, t in seen)
    assert all(b is None or b == sol.best for b, _, _ in seen)
    # the best value shows while the other cards are still being valued
    assert any(b == sol.best and d < n for b, d, _ in seen)


def test_a_call_refused_during_a_solve_leaves_its_progress_alone() -> None:
    """A second thread's call of an exact goal, refused while a count runs, once made the
    count's best read as a yes/no (7 tricks as ``True``)."""
    import threading

    solver = Solver()
    pos = Position.from_pbn(HARD, "NT", "N")  # the best is found well before the cards' values
    solutions: list[Solution] = []
    worker = threading.Thread(target=lambda: solutions.append(solver.solve(pos, "N", "min")))
    worker.start()
    while solver.progress.best is None and worker.is_alive():
        time.sleep(0.001)
    with pytest.raises(RuntimeError, match="busy"):
        solver.solve(pos, "N", exact(1))
    worker.join()
    best = solver.progress.best
    assert best == solutions[0].best and not isinstance(best, bool)


def test_status_line_of_a_long_solve() -> None:
    from whist.cli_solver import _status_text

    assert _status_text(3.2, SolveProgress(None, 0, 13)) == "Solving... 3 s (Ctrl-C to stop)"
    assert _status_text(41.0, SolveProgress(6, 3, 13)) == (
        "Solving... 41 s: best 6 tricks, 3 of 13 cards valued (Ctrl-C to stop)")
    assert _status_text(41.0, SolveProgress(1, 0, 13)) == (
        "Solving... 41 s: best 1 trick, 0 of 13 cards valued (Ctrl-C to stop)")
    # an exact goal: its yes/no is known only at the end
    assert _status_text(5.0, SolveProgress(None, 4, 13)) == (
        "Solving... 5 s: 4 of 13 cards valued (Ctrl-C to stop)")
    # counted up to a cap: a best at the cap is that many or more
    assert _status_text(2.0, SolveProgress(2, 1, 13), 2) == (
        "Solving... 2 s: best at least 2 tricks, 1 of 13 cards valued (Ctrl-C to stop)")
    assert _status_text(2.0, SolveProgress(1, 1, 13), 2) == (
        "Solving... 2 s: best 1 trick, 1 of 13 cards valued (Ctrl-C to stop)")


def test_a_stopped_search_says_the_best_it_had_found() -> None:
    from whist.cli_solver import _stopped

    what = Refusal("the search was stopped after 40 s (--max-seconds)")
    assert _stopped(what, "en", SolveProgress(None, 0, 13), answer=False) == (
        "the search was stopped after 40 s (--max-seconds) without an answer.")
    assert _stopped(what, "en", SolveProgress(6, 4, 13), answer=False) == (
        "the search was stopped after 40 s (--max-seconds) before every card had its value;"
        " the team's best is 6 tricks (4 of 13 cards valued).")
    ctrl_c = Refusal("stopped (Ctrl-C)")
    assert _stopped(ctrl_c, "en", SolveProgress(None, 0, 13)) == "stopped (Ctrl-C)."
    assert _stopped(ctrl_c, "en", SolveProgress(2, 4, 13), 2) == (
        "stopped (Ctrl-C) before every card had its value; the team's best is at least 2 tricks"
        " (4 of 13 cards valued).")
    # an exact goal's yes/no is not a count: nothing to add
    assert _stopped(ctrl_c, "en", SolveProgress(True, 13, 13)) == "stopped (Ctrl-C)."


def test_a_search_out_of_budget_reports_no_best() -> None:
    # a budget that runs out during the root's tests: their answers are not the value
    solver = Solver()
    pos = Position.from_pbn(HARD, "NT", "N")
    with pytest.raises(TimeoutError):
        solver.solve(pos, "N", "min", max_nodes=1000)
    assert solver.progress.best is None


# ----- --lang fr ------------------------------------------------------------------------------


def test_in_french_the_table_its_headings_and_its_cards() -> None:
    """``--lang fr``: the question, the table, what its star marks and the answer in French, the
    cards written as ``whist play --lang fr`` writes them (R D V, suits P C K T), the team's West
    an O (Ouest); the values are the English table's."""
    code, out, err = run(DEAL, "--trump", "NT", "--leader", "W", "--lang", "fr")
    assert code == 0, err
    want = solve(Position.from_pbn(DEAL, "NT", "W"), "EW")
    assert "Ouest joue (sans atout) ; équipe EO, objectif max." in out
    assert "┃ carte ┃ levées de l'équipe d'ici la fin ┃" in out
    rows = {line.split()[1]: line.split()[3] for line in out.splitlines() if line.startswith("│ ")}
    assert rows == {card.text_in("fr"): str(v) for card, v in want.cards.items()}
    assert "RC" in rows or "DP" in rows or "VT" in rows or "10K" in rows  # French letters shown
    assert "* meilleures cartes d'Ouest (pour l'équipe : le plus de levées)" in out
    assert f"Meilleur jeu : l'équipe fait {want.best} levées de plus." in out
    assert not any(w in out for w in ("to play", "team tricks", "Best play", "West", "trick"))


def test_in_french_an_exact_goal_and_a_count_up_to_a_cap() -> None:
    code, out, err = run(ENDGAME, "--trump", "C", "--leader", "N", "--played", "AP", "--goal",
                         "exact:3", "--lang", "fr")
    assert code == 0, err
    assert "Est joue (atout cœur) ; équipe NS, objectif exact:3." in out  # C is cœur in French
    assert "exactement 3 levées de plus ?" in out and "oui *" in out
    assert "* meilleures cartes d'Est (contre l'équipe : pas exactement 3 levées)" in out
    assert "Meilleur jeu : l'équipe finit avec exactement 3 levées de plus." in out
    code, out, err = run(ENDGAME, "-t", "P", "-l", "N", "--played", "AP", "--goal", "exact:5",
                         "--lang", "fr")
    assert code == 0, err
    assert "atout pique" in out and "(hors de portée : il reste 3 levées)." in out
    code, out, err = run(ENDGAME, "-t", "P", "-l", "N", "--played", "AP", "--team", "N", "--cap", "1",
                         "--lang", "fr")
    assert code == 0, err
    assert "objectif max, compté jusqu'à 1." in out and "1+" in out


def test_in_french_played_cards_and_trumps_are_read_the_french_way() -> None:
    """``--played`` reads cards as the French game reads what its player types (RP roi de pique,
    AC as de cœur; KS still the king of spades), ``--trump C`` is cœur, SA sans atout; the answer
    is the English command's for the same cards."""
    for fr, en, trumps, hands in (("RP", "KS", ("C", "H"), "N:.Q.2. QJ.K.. T9.A.. 87.J.."),
                                  ("DC", "QH", ("SA", "NT"), "N:K..2. QJ.K.. T9.A.. 87.J.."),
                                  ("AP", "AS", ("T", "C"), ENDGAME),
                                  ("KS", "KS", ("P", "S"), "N:.Q.2. QJ.K.. T9.A.. 87.J..")):
        code, fr_out, err = run(hands, "-t", trumps[0], "-l", "N", "--played", fr, "--lang", "fr", "--json")
        assert code == 0, err
        code, en_out, err = run(hands, "-t", trumps[1], "-l", "N", "--played", en, "--json")
        assert code == 0, err
        assert json.loads(fr_out) == json.loads(en_out), (fr, en, trumps)


def test_the_json_is_the_same_in_both_languages() -> None:
    args = (DEAL, "--trump", "H", "--leader", "S", "--team", "EW", "--goal", "min", "--cap", "3", "--json")
    code, en_out, _ = run(*args)
    code_fr, fr_out, _ = run(*args, "--lang", "fr")
    assert code == code_fr == 0
    assert fr_out == en_out


@pytest.mark.parametrize(("args", "words"), [
    ((DEAL[:-1] + "A", "-t", "NT", "-l", "W"), "AT est dans deux mains, celle d'Est et celle d'Ouest"),
    ((DEAL[:-2], "-t", "NT", "-l", "W"), "Ouest a 11 cartes mais devrait en avoir 13"),
    # the card named as every French refusal names it (it said « JS figure deux fois »)
    ((DEAL.replace("N:AKQJ", "N:AKQJJ"), "-t", "NT", "-l", "W"),
     "VP figure deux fois dans la main « AKQJJ.T98.765.432 »"),
    ((DEAL.replace("N:A", "N:"), "-t", "NT", "-l", "W", "--played", "AS"),
     "Ouest a 13 cartes et a joué dans la levée : au plus 12 une fois une carte jouée"
     " (elles vont si Nord a entamé la levée)"),
    ((DEAL.replace("N:A", "N:"), "-t", "NT", "-l", "N", "--played", "AP RP"),
     "RP est jouée dans la levée mais Nord l'a encore en main"),
    ((ENDGAME, "-t", "NT", "-l", "N", "--played", "AP AP"), "AP est jouée deux fois dans la levée"),
    (("N:.Q.2. QJ... T9.A.. 87.J..", "-t", "NT", "-l", "N", "--played", "RP RC"),
     "Est a joué RC mais a encore du pique : il faut fournir à la couleur demandée"),
    ((DEAL, "-t", "X", "-l", "W"), "« X » n'est pas un atout : tapez P, C (cœur), K, T ou SA"),
    ((DEAL, "-t", "NT", "-l", "Q"), "« Q » n'est pas une place"),
    ((DEAL, "-t", "NT", "-l", "W", "--team", "NESO"), "une équipe des quatre places n'a pas d'adversaires"),
    ((DEAL, "-t", "NT", "-l", "W", "--team", ""), "l'équipe est vide : nommez une, deux ou trois places"),
    ((DEAL, "-t", "NT", "-l", "W", "--team", "NN"), "une place est nommée deux fois dans l'équipe « NN »"),
    ((DEAL, "-t", "NT", "-l", "W", "--team", "NX"), "« X » n'est pas une place"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "plus"), "« plus » n'est pas un objectif"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "exact"), "exact demande le nombre de levées"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "exact:14"), "exact demande le nombre de levées, de 0 à 13"),
    ((DEAL, "-t", "NT", "-l", "W", "--played", "XP"), "« XP » n'est pas une carte (tapez la valeur"),
    ((DEAL, "-t", "NT", "-l", "W", "--cap", "x"), "--cap « x » n'est pas un nombre entier"),
    ((DEAL, "-t", "NT", "-l", "W", "--memory", "0"), "--memory 0 est hors limites"),
    ((DEAL, "-t", "NT", "-l", "W", "--max-seconds", "-1"), "est trop petit : donnez un nombre de secondes"),
    ((DEAL, "-t", "NT", "-l", "W", "--goal", "exact:1", "--cap", "1"),
     "--cap va avec les objectifs max et min"),
    ((DEAL, "-t", "NT", "-l", "W", "--floor", "3", "--cap", "1"),
     "--floor 3 doit être sous --cap 1 : les comptes vont du plancher jusqu'au plafond"),
    (("N:AX.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "-t", "NT", "-l", "N"), "n'est pas une valeur"),
    (("", "-t", "NT", "-l", "W"), "n'est pas une donne PBN"),
    (("N:AK.-.-.- QJ.-.-.- T9.-.-.-", "-t", "NT", "-l", "N"), "une donne PBN a quatre mains ; 3 trouvées"),
])
def test_bad_input_in_french_is_one_french_line_and_status_2(args: tuple[str, ...], words: str) -> None:
    code, out, err = run(*args, "--lang", "fr")
    assert code == 2, (args, out, err)
    assert err.startswith("Erreur : ") and words in err, (args, err)
    assert "Traceback" not in out + err and "Error" not in err
    assert len(err.strip().splitlines()) == 1, err


def test_a_deal_written_with_the_french_ranks_is_said_how_to_write_it() -> None:
    """A French player who writes roi, dame, valet as the game shows them (R D V) in the PBN deal
    is told that PBN writes them the English way, K Q J (guide.md: « à l'anglaise »), not only
    that R is no rank."""
    code, out, err = run("N:RD.-.-.- AV.-.-.- 109.-.-.- 87.-.-.-", "-t", "SA", "-l", "N", "--lang", "fr")
    assert code == 2 and out == "", err
    assert err == ("Erreur : « R » dans la main « RD.-.-.- » n'est pas une valeur (AKQJT98765432 : une"
                   " main PBN s'écrit à l'anglaise, K Q J T pour roi, dame, valet, dix)\n"), err


def test_a_stopped_search_in_french() -> None:
    """What a stopped search says, with the best it had found, and the quick question to ask
    instead, in French."""
    from whist.cli_solver import _cap_tip, _status_text, _stopped
    from whist.solver import MAX, MIN

    progress = SolveProgress(best=5, done=3, total=13)
    what = Refusal("stopped (Ctrl-C)", "arrêtée (Ctrl-C)")
    assert _stopped(what, "fr", progress) == (
        "arrêtée (Ctrl-C) avant que chaque carte ait sa valeur ; le meilleur de l'équipe est"
        " 5 levées (3 cartes évaluées sur 13).")
    assert _stopped(what, "fr", SolveProgress(None, 0, 13), answer=False) == "arrêtée (Ctrl-C) sans réponse."
    assert _status_text(4.2, SolveProgress(1, 1, 13), 1, "fr") == (
        "Résolution… 4 s : meilleur au moins 1 levée, 1 carte évaluée sur 13 (Ctrl-C pour arrêter)")
    assert _status_text(4.2, progress, None, "fr") == (
        "Résolution… 4 s : meilleur 5 levées, 3 cartes évaluées sur 13 (Ctrl-C pour arrêter)")
    assert "Compter jusqu'à 2 (--cap 2)" in _cap_tip(MIN, frozenset((Seat.N, Seat.S)), None, "fr")
    assert "--goal exact:0, est bien plus rapide" in _cap_tip(MIN, frozenset((Seat.N,)), None, "fr")
    # counted from a floor (--floor 8 --cap 9): a best at the floor is that many or fewer
    assert _status_text(4.2, SolveProgress(8, 1, 13), 9, "fr", 8) == (
        "Résolution… 4 s : meilleur au plus 8 levées, 1 carte évaluée sur 13 (Ctrl-C pour arrêter)")
    assert _stopped(what, "en", SolveProgress(8, 1, 13), 9, floor=8) == (
        "stopped (Ctrl-C) before every card had its value; the team's best is at most 8 tricks"
        " (1 of 13 cards valued).")
    # a floor of 0 cuts nothing: 0 is 0
    assert "meilleur 0 levée," in _status_text(1.0, SolveProgress(0, 1, 13), None, "fr", 0)
    assert "--floor K-1 --cap K, est bien plus rapide" in _cap_tip(MAX, frozenset((Seat.N,)), None, "fr")
    # no tip once the count is cut, nor for an exact goal
    assert _cap_tip(MAX, frozenset((Seat.N,)), None, "en", floor=8) == ""
    assert _cap_tip(MIN, frozenset((Seat.N, Seat.S)), 2, "en") == ""
    assert _cap_tip(exact(0), frozenset((Seat.N,)), None, "en") == ""


@pytest.mark.parametrize("trump", ["C", "H", "S", "D", "NT"])
def test_the_worst_deal_s_command_solves_the_same_deal_in_french(
        trump: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command the French bench prints for its worst deal is said in French (--lang fr, the
    trump as French reads it: T for clubs) and solves the deal the English one does; it was the
    English command, where a French player who added --lang fr read --trump C as cœur."""
    command = f'whist solve "{DEAL}" --trump {trump} --leader W --team WE --goal max'

    def bench(**kw: Any) -> dict[str, Any]:
        result = run_bench(deals=kw["deals"], seed=kw["seed"], dds=False, extra=False)
        return {**result, "ours": {**result["ours"], "worst_command": command}}

    monkeypatch.setattr("whist.cli_solver.run_bench", bench)
    printed = {}
    for lang in ("en", "fr"):
        r = runner.invoke(app, ["bench", "solver", "--deals", "1", "--lang", lang])
        assert r.exit_code == 0, r.output
        printed[lang] = shlex.split(r.stdout.splitlines()[-1].split(": ", 1)[1])
    assert printed["en"] == shlex.split(command)
    assert printed["fr"][-2:] == ["--lang", "fr"], printed["fr"]
    as_french_reads_it = {"C": "T", "H": "C", "S": "P", "D": "K", "NT": "SA"}[trump]  # trèfle, cœur …
    assert printed["fr"][printed["fr"].index("--trump") + 1] == as_french_reads_it, printed["fr"]
    en, fr = (runner.invoke(app, [*printed[lang][1:], "--json"]) for lang in ("en", "fr"))
    assert en.exit_code == 0 and fr.exit_code == 0, en.output + fr.output
    assert json.loads(fr.stdout) == json.loads(en.stdout)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bench_writes_its_numbers_as_the_language_does(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``whist bench solver --lang fr`` wrote 66.8 ms and a ratio of 1.58: in French 66,8 ms and
    1,58; in English as before; the JSON keeps its numbers. A bench of three deals without DDS,
    given DDS's measure as ours and ratios of 1.58 to 1.64 to print them."""
    def bench(**kw: Any) -> dict[str, Any]:
        result = run_bench(deals=kw["deals"], seed=kw["seed"], dds=False, extra=False)
        return {**result, "dds": result["ours"], "ratio_mean": 1.58, "ratio_median": 1.6,
                "ratio_median_deal": 1.64}

    monkeypatch.setattr("whist.cli_solver.run_bench", bench)
    r = runner.invoke(app, ["bench", "solver", "--deals", "3", "--lang", lang])
    assert r.exit_code == 0, r.output
    point = "," if lang == "fr" else "."
    times = re.findall(r"(\d+[.,]\d\d) ms", r.stdout)
    assert len(times) == 6 and all(point in t for t in times), r.stdout
    ratios = re.findall(r"(?:mean|moyenne|median|médiane|ratios|donne) (\d[.,]\d\d)", r.stdout)
    assert ratios == [f"1{point}58", f"1{point}60", f"1{point}64"], r.stdout
    out = runner.invoke(app, ["bench", "solver", "--deals", "3", "--json", "--lang", lang]).stdout
    data = json.loads(out)
    assert data["ratio_mean"] == 1.58 and isinstance(data["ours"]["mean_ms"], float)


@pytest.mark.parametrize(("shape", "lowest", "highest"), [("bid-solo", 6, 8), ("bid-abondance", 9, 13)])
def test_the_worst_deal_hunt_asks_a_lone_contract_in_a_suit_as_the_auction_does(
        shape: str, lowest: int, highest: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``bench/solver_worst.py --shapes bid-solo bid-abondance``: the computer players weigh a
    solo (6 to 8 tricks), an abondance or a chelem (9 to 13) with the yes/no question "may the
    declarer alone take the contract's tricks?" (``at_least``), for a hand whose estimate in the
    suit named trumps is at least the contract's tricks less 1.5; eldest leads to a solo, the
    declarer to an abondance or a chelem."""
    worst = bench_script("bench/solver_worst.py", monkeypatch)
    deal, need = worst.SHAPES[shape]
    rng = random.Random(5)
    for _ in range(30):
        pos, team = deal(rng, 13)
        tricks = need(rng, pos, team)
        assert len(team) == 1 and pos.trump is not None
        assert lowest <= tricks <= highest
        assert trick_estimate(pos.hands[int(team[0])], pos.trump) >= tricks - 1.5
        if lowest >= 9:
            assert pos.leader is team[0]


@pytest.mark.parametrize(("shape", "tricks", "flaws"), [("bid-piccolo", 1, 2), ("bid-piccolissimo", 2, 3)])
def test_the_worst_deal_hunt_asks_a_piccolo_as_the_game_plays_it(
        shape: str, tricks: int, flaws: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lone piccolo or piccolissimo is played at no trump and its declarer asks "can I end with
    exactly 1 (2) tricks?" (``exact``), on a hand with at most 2 (3) cards too high to duck."""
    worst = bench_script("bench/solver_worst.py", monkeypatch)
    deal, goal = worst.SHAPES[shape]
    assert goal == exact(tricks)
    rng = random.Random(5)
    for _ in range(10):
        pos, team = deal(rng, 13)
        assert pos.trump is None and len(team) == 1
        assert misere_flaws(pos.hands[int(team[0])]) <= flaws


def test_the_worst_deal_hunt_says_the_contract_its_yes_no_search_asked(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``whist solve`` has no yes/no search: the hunt prints the count that solves its slowest
    deal again and the number of tricks the auction asked of it."""
    worst = bench_script("bench/solver_worst.py", monkeypatch)
    monkeypatch.setattr(sys, "argv", ["solver_worst.py", "--shapes", "bid-abondance", "--deals", "2",
                                      "--seed", "3"])
    worst.main()
    out = capsys.readouterr().out
    asked = re.search(r'(whist solve .*--goal max)  \(asked: at_least=(\d+)\)', out)
    assert asked is not None, out
    assert 9 <= int(asked[2]) <= 13
    code, _, err = run(*shlex.split(asked[1])[2:])
    assert code == 0, err


def test_the_worst_deal_hunt_asks_a_flat_abondance_from_one_trick_short(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``bench/solver_worst.py --shapes bid-abondance-window``: the computer players count a
    flat abondance or chelem (RULES.md §5.7) from one trick short of it up to it; the hunt prints
    the ``whist solve`` command of that question (``--floor``, ``--cap``), which answers with
    every card at the floor or the cap."""
    worst = bench_script("bench/solver_worst.py", monkeypatch)
    monkeypatch.setattr(sys, "argv", ["solver_worst.py", "--shapes", "bid-abondance-window", "--deals", "3",
                                      "--seed", "3"])
    worst.main()
    out = capsys.readouterr().out
    asked = re.search(r'(whist solve .*--goal max --floor (\d+) --cap (\d+))$', out, re.MULTILINE)
    assert asked is not None, out
    floor, cap = int(asked[2]), int(asked[3])
    assert 9 <= cap <= 13 and floor == cap - 1
    code, out, err = run(*shlex.split(asked[1])[2:], "--json")
    assert code == 0, err
    assert set(json.loads(out)["cards"].values()) <= {floor, cap}


def test_the_computer_players_bench_of_a_contract(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``bench/pimc_contract.py --calls "abondance 9 H, pass, pass, pass"``: a defender of a flat
    abondance, counting from one trick short of it, fits more samples in a small budget than
    with the whole count (``--whole``); a call that is none is refused in one line."""
    script = bench_script("bench/pimc_contract.py", monkeypatch)
    for name in ("count_cap", "count_floor"):  # --whole replaces them: put them back after
        monkeypatch.setattr(script.pimc, name, getattr(script.pimc, name))
    samples = {}
    for whole in ([], ["--whole"]):
        monkeypatch.setattr(sys, "argv", ["pimc_contract.py", "--calls", "abondance 9 H, pass, pass, pass",
                                          "--deals", "4", "--budget", "0.02", *whole])
        script.main()
        line = capsys.readouterr().out.strip()
        found = re.search(r"(\d+) decisions, ([\d.]+) samples a decision", line)
        assert found is not None and int(found[1]) > 0, line
        samples[bool(whole)] = float(found[2])
    assert samples[False] > samples[True], samples
    monkeypatch.setattr(sys, "argv", ["pimc_contract.py", "--calls", "foo"])
    with pytest.raises(SystemExit):
        script.main()
    assert "'foo' is not a call" in capsys.readouterr().err
    worst = bench_script("bench/solver_worst.py", monkeypatch)
    monkeypatch.setattr(sys, "argv", ["solver_worst.py", "--shapes", "pair", "--cap", "2", "--floor", "3"])
    with pytest.raises(SystemExit):
        worst.main()
    assert "--floor 3 must be below --cap 2" in capsys.readouterr().err
