"""``whist solve`` and ``whist bench solver``: the double-dummy solver on the command line.

``whist solve DEAL --trump H --leader W`` prints the value of every legal card of the player
to move (tricks the team takes from now on, the current trick included) with best play on
both sides; ``--json`` prints ``{"tricks": 7, "cards": {"2C": 7, ...}, "team": "NS", "goal":
"max"}``. Errors in what the
user typed are one line on stderr and exit status 2, never a traceback. The search runs in a
worker thread (it releases the interpreter lock): on a terminal a status line shows the time
spent, Ctrl-C stops at once, and ``--max-seconds`` bounds the search (exit status 1 past it).
"""

from __future__ import annotations

import json
import math
import threading
import time
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from whist.cards import ParseError, Seat, parse_seat
from whist.solver import (
    Goal,
    Position,
    Solution,
    SolveProgress,
    Solver,
    SolverInputError,
    parse_goal,
    parse_team,
    team_text,
)
from whist.solver.bench import run_bench

__all__ = ["bench_solver", "solve_cmd", "solver_app"]

solver_app = typer.Typer(help="The double-dummy solver.", no_args_is_help=True)

CLI_MEMORY_MB = 256
"""Table memory of one ``whist solve``: one search, so more than a bot's solver."""


def _fail(message: str, code: int = 2) -> NoReturn:
    Console(stderr=True, highlight=False, emoji=False).print(f"[bold red]Error:[/] {escape(message)}",
                                                           soft_wrap=True)
    raise typer.Exit(code)


def _out() -> Console:
    return Console(highlight=False, emoji=False)


@solver_app.command("solve")
def solve_cmd(
    deal: Annotated[str, typer.Argument(
        metavar="DEAL",
        help="The remaining hands in PBN: 'N:AKQJ.T98.765.432 hand hand hand' (clockwise from the"
        " named seat, suits S.H.D.C, '-' for an empty hand). Hands of equal size (an endgame), or"
        " sizes that fit --played.")],
    trump: Annotated[str, typer.Option(
        "--trump", "-t", metavar="H|S|D|C|NT", help="Trump suit, or NT for no trump.")],
    leader: Annotated[str, typer.Option(
        "--leader", "-l", metavar="SEAT",
        help="The seat that leads the current trick: N, E, S, W or O (Ouest).")],
    team: Annotated[str | None, typer.Option(
        "--team", metavar="SEATS",
        help="The team: one, two or three seats, like NS, EW, N, NEW or 'North South' (default:"
        " the leader and the seat opposite).")] = None,
    goal: Annotated[str, typer.Option(
        "--goal", "-g", metavar="max|min|exact:K",
        help="max: the team takes as many tricks as it can; min (misère): as few as it can;"
        " exact:K: whether the team can end with exactly K more tricks.")] = "max",
    cap: Annotated[str | None, typer.Option(
        "--cap", metavar="K",
        help="Goals max and min: count up to K tricks only, 0 to 13 (a value of K means K or more), far"
        " quicker when K is small: two misère players together, counted up to 2 (has each taken"
        " a trick?), take well under a second where the full count can take a minute.")] = None,
    played: Annotated[str, typer.Option(
        "--played", metavar="CARDS",
        help="Cards already played to the current trick, in order from the leader: \"AS KS\".")] = "",
    max_seconds: Annotated[str | None, typer.Option(
        "--max-seconds", metavar="SECONDS",
        help="Give up after this long, at least 0.001 (exit status 1; a count says the team's best"
        " value if it was found by then). Whole deals take well under a second for"
        " partnerships and most often for one seat against three (the worst found, 3 s); the"
        " full misère count (goal min) of a whole deal takes under a second at no trump most"
        " often (up to 6 s on the hands tried), up to half a minute with trumps in the misère"
        " hand and up to a minute for two misère players together (team of two, goal min; under a"
        " second counted up to 2 with --cap 2);"
        " exact:0 (is the misère made?) takes at most about a second on the hands tried.")] = None,
    memory: Annotated[str, typer.Option(
        "--memory", metavar="MB",
        help="Memory of the transposition table, in megabytes, 1 to 65536: more helps the longest searches"
        " (the slowest count of two misère players together in docs/solver.md: 258 million"
        " positions with 256, 194 million with 1024).")
    ] = str(CLI_MEMORY_MB),
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON only.")] = False,
) -> None:
    """Solve a position double dummy: the value of every card of the player to move."""
    # the numbers are read here rather than by typer, whose refusal is a usage block of four
    # lines: every refusal of whist solve is one line (exit status 2)
    cap_k = None if cap is None else _whole_option("--cap", cap, 0, 13)
    memory_mb = _whole_option("--memory", memory, 1, 65536)
    seconds = None if max_seconds is None else _seconds_option("--max-seconds", max_seconds, 0.001)
    try:
        lead_seat = parse_seat(leader)
        pos = Position.from_pbn(deal, trump, lead_seat, played)
        seats = parse_team(team) if team is not None else frozenset((lead_seat, lead_seat.partner))
        g = parse_goal(goal)
        if cap_k is not None and g.kind == "exact":
            raise SolverInputError("--cap goes with the goals max and min: exact:K has no count")
    except (ParseError, SolverInputError) as exc:
        _fail(str(exc))
    live_cap = _live_cap(pos, cap_k)
    solver = Solver(memory_mb)
    try:
        sol = _solve_waiting(solver, pos, seats, g, cap_k, seconds)
    except SolverInputError as exc:  # checked again by the search
        _fail(str(exc))
    except TimeoutError:
        what = f"the search was stopped after {seconds:g} s (--max-seconds)"
        _fail(_stopped(what, " without an answer", solver.progress, live_cap) + _cap_tip(g, seats, cap_k), 1)
    except KeyboardInterrupt:
        _fail(_stopped("stopped (Ctrl-C)", "", solver.progress, live_cap) + _cap_tip(g, seats, cap_k), 130)
    if json_out:
        typer.echo(json.dumps(sol.to_json()))
        return
    _print_solution(pos, sol)


def _whole_option(name: str, text: str, lo: int, hi: int) -> int:
    """The whole number an option was given, from ``lo`` to ``hi``; else one line and exit
    status 2."""
    try:
        value = int(text.strip())
    except ValueError:
        _fail(f"{name} {text!r} is not a whole number: give one from {lo} to {hi}")
    if not lo <= value <= hi:
        _fail(f"{name} {value} is out of range: give a whole number from {lo} to {hi}")
    return value


def _seconds_option(name: str, text: str, least: float) -> float:
    """The number of seconds an option was given, at least ``least``; else one line and exit
    status 2."""
    try:
        value = float(text.strip())
    except ValueError:
        value = math.nan
    if math.isnan(value):
        _fail(f"{name} {text!r} is not a number of seconds: give one of at least {least:g}")
    if value < least:
        _fail(f"{name} {text.strip()} is too small: give a number of seconds of at least {least:g}")
    return value


def _solve_waiting(solver: Solver, pos: Position, seats: frozenset[Seat], goal: Goal,
                   cap: int | None, max_seconds: float | None) -> Solution:
    """Solve in a daemon thread while this one waits, so that Ctrl-C is heard at once (the
    search itself cannot be interrupted; the process leaves it behind) and a status line can
    show the time spent when stderr is a terminal."""
    box: dict[str, Solution | BaseException] = {}

    def work() -> None:
        try:
            box["solution"] = solver.solve(pos, seats, goal, cap=cap, max_seconds=max_seconds or 0.0)
        except BaseException as exc:  # handed to the waiting thread
            box["error"] = exc

    live_cap = _live_cap(pos, cap)
    worker = threading.Thread(target=work, name="whist-solve", daemon=True)
    start = time.monotonic()
    worker.start()
    err = Console(stderr=True)
    if err.is_terminal:
        with err.status("Solving...") as status:
            while worker.is_alive():
                worker.join(0.25)
                status.update(_status_text(time.monotonic() - start, solver.progress, live_cap))
    else:
        while worker.is_alive():
            worker.join(0.25)
    result = box.get("solution", box.get("error"))
    if isinstance(result, BaseException):
        raise result
    assert isinstance(result, Solution)
    return result


def _cap_tip(goal: Goal, seats: frozenset[Seat], cap: int | None) -> str:
    """After a stopped count of two misère players together (the slowest question there is),
    the quick one: whether each of them takes a trick."""
    if goal.kind == "min" and len(seats) == 2 and cap is None:
        return (" Counting up to 2 (--cap 2) quickly says whether the two take no trick, one, or"
                " two or more.")
    return ""


def _live_cap(pos: Position, cap: int | None) -> int | None:
    """The cap when it cuts the counts (below the tricks left: a count of K then means K or
    more), else ``None``."""
    return cap if cap is not None and cap < len(pos.hand(pos.to_move)) else None


def _status_text(elapsed: float, progress: SolveProgress, cap: int | None = None) -> str:
    """The status line of a long solve: the time spent, the best value once the search has
    found it (a count; "at least" when it is the cap), and how many of the cards have their
    value."""
    text = f"Solving... {elapsed:.0f} s"
    best = _count(progress)
    if best is not None:
        text += f": best {_tricks(best, cap)}, {progress.done} of {progress.total} cards valued"
    elif progress.done:
        text += f": {progress.done} of {progress.total} cards valued"
    return text + " (Ctrl-C to stop)"


def _stopped(what: str, otherwise: str, progress: SolveProgress, cap: int | None = None) -> str:
    """The message of a stopped search, with what it had found: the best value (of a count)
    once known, and how many cards had their value (the values themselves are not printed: a
    table with holes would mislead)."""
    best = _count(progress)
    if best is not None:
        return (f"{what} before every card had its value; the team's best is"
                f" {_tricks(best, cap)} ({progress.done} of {progress.total} cards valued).")
    return f"{what}{otherwise}."


def _count(progress: SolveProgress) -> int | None:
    """The best value found so far when it is a count of tricks (not an exact goal's yes/no)."""
    best = progress.best
    return best if isinstance(best, int) and not isinstance(best, bool) else None


def _tricks(n: int, cap: int | None = None, more: str = "") -> str:
    """``3 tricks``; ``at least 2 tricks`` when the count stopped at its cap; ``1 more trick``
    with ``more="more "``."""
    return f"{'at least ' if n == cap else ''}{n} {more}trick{'s' if n != 1 else ''}"


def _print_solution(pos: Position, sol: Solution) -> None:
    console = _out()
    trump = "no trump" if pos.trump is None else pos.trump.name_en
    who = sol.to_move
    cap = _live_cap(pos, sol.cap)
    capped = f", counted up to {sol.cap}" if sol.cap is not None else ""
    console.print(f"{who.name_en} to play ({trump}); team {team_text(sol.team)},"
                  f" goal {sol.goal.text}{capped}.")
    table = Table(show_header=True, header_style="bold")
    table.add_column("card")
    if sol.goal.kind == "exact":
        table.add_column(f"exactly {_tricks(sol.goal.k, more='more ')}?", justify="right")
    else:
        table.add_column("team tricks from now on", justify="right")
    for c, v in sol.cards.items():
        mark = " *" if v == sol.best else ""
        val = ("yes" if v else "no") if sol.goal.kind == "exact" else _at_cap(v, cap)
        table.add_row(c.text, val + mark)
    console.print(table)
    console.print(_star_note(sol), soft_wrap=True)
    if sol.goal.kind == "exact":
        left = pos.tricks_left
        reach = (f" (out of reach: {_tricks(left, more='')} left)" if sol.goal.k > left else "")
        console.print(f"Best play: the team {'ends' if sol.best else 'does not end'} with exactly"
                      f" {_tricks(sol.goal.k, more='more ')}{reach}.", soft_wrap=True)
    else:
        console.print(f"Best play: the team takes {_tricks(sol.best, cap, 'more ')}.")


def _star_note(sol: Solution) -> str:
    """What the ``*`` of the table marks: the best cards of the player to move, who wants the
    team's count high or low (or exactly ``k`` reached or not) by the side it plays for."""
    who = sol.to_move.name_en
    with_team = sol.to_move in sol.team
    aim = {
        ("max", True): "most tricks",
        ("max", False): "fewest team tricks",
        ("min", True): "fewest tricks",
        ("min", False): "most team tricks",
        ("exact", True): f"exactly {_tricks(sol.goal.k)}",
        ("exact", False): f"not exactly {_tricks(sol.goal.k)}",
    }[sol.goal.kind, with_team]
    return f"* {who}'s best cards ({'for' if with_team else 'against'} the team: {aim})"


def _at_cap(v: int, cap: int | None) -> str:
    """A count as the table prints it: ``3+`` when it is the cap (3 or more)."""
    return f"{v}+" if v == cap else str(v)


def _line(label: str, r: dict[str, Any]) -> str:
    line = (f"{label:<26} mean {r['mean_ms']:9.2f} ms   median {r['median_ms']:9.2f} ms"
            f"   max {r['max_ms']:9.2f} ms   ({r['deals']} deal{'s' if r['deals'] != 1 else ''}")
    if r.get("unfinished"):
        line += f", {r['unfinished']} over the node budget, not counted"
    return line + ")"


def bench_solver(
    deals: Annotated[int, typer.Option("--deals", "-n", min=1, help="Random whole deals per measure.")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random deals.")] = 1,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON only.")] = False,
) -> None:
    """Milliseconds per deal (all cards of the leader) for our solver and DDS, one thread.

    The same random whole deals are solved by both in one process; also a lone player
    against three, misère (with a node budget, and the yes/no "misère made?"), and positions
    of 8 and 10 cards per hand (our solver only), half as many of each.
    """
    progress = Progress(TextColumn("solving"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=Console(stderr=True), transient=True)
    with progress:
        task = progress.add_task("solving", total=None)
        result = run_bench(deals=deals, seed=seed,
                           progress=lambda done, total: progress.update(task, completed=done, total=total))
    if json_out:
        typer.echo(json.dumps(result, indent=2))
        return
    console = _out()
    console.print(f"[bold]Double-dummy solver[/], {deals} random deals (seed {seed}), one thread,"
                  " all cards of the leader, team = the leader's partnership:", soft_wrap=True)
    console.print(_line("ours", result["ours"]), soft_wrap=True)
    if result.get("dds"):
        console.print(_line("DDS (endplay)", result["dds"]), soft_wrap=True)
        console.print(f"ratio ours/DDS: mean {result['ratio_mean']:.2f}, median {result['ratio_median']:.2f}"
                      f" (median of the deals' own ratios {result['ratio_median_deal']:.2f})")
    elif "note" in result:
        console.print(result["note"])
    for key, label in (("one_vs_three", "1 vs 3 (ours)"), ("misere", "misère 1 vs 3 (ours)"),
                       ("misere_made", "misère made? (ours)"), ("cards_8", "8 cards per hand (ours)"),
                       ("cards_10", "10 cards per hand (ours)")):
        if key in result:
            console.print(_line(label, result[key]), soft_wrap=True)
    console.print(f"worst whole deal ({result['ours']['max_ms']:.0f} ms):"
                  f" {escape(result['ours']['worst_command'])}", soft_wrap=True)


solver_app.command("bench")(bench_solver)
