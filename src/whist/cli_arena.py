"""``whist arena``: a duplicate match between two bots, with the mean and its 95% confidence
interval overall and per contract family, each bot's decision times and its distance from
double-dummy play (:mod:`whist.arena` does the work; this module reads options and prints).

Errors in what the user typed are an ``Error: …`` line on stderr (after the usage line when
typer's own checks refuse an option, such as ``--deals 0``) and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Group, RenderableType
from rich.progress import TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from whist.arena import (
    CANDIDATE,
    DEFAULT_MAX_NODES,
    REFERENCE,
    ArenaConfig,
    ArenaReport,
    BotActionError,
    BotCrashError,
    Estimate,
    arena_bot,
    bot_name,
    is_own_bot,
    run_arena,
)
from whist.bots import BOT_NAMES
from whist.cli_common import (
    MAX_BUDGET,
    MIN_BUDGET,
    JsonOpt,
    OptionOpt,
    PresetOpt,
    RulesOpt,
    bot_failed,
    build_rules,
    fail,
    option_summary,
    progress_bar,
    stdout,
)
from whist.colour_session import FAMILIES

__all__ = ["arena"]

_BOTS = ", ".join(BOT_NAMES) + ", or module:function for your own"


def _check_bot(name: str, budget: float | None, what: str) -> None:
    """Exit 2 unless ``name`` is a bot this installation can run."""
    try:
        arena_bot(name, budget)
    except ValueError as exc:
        fail(f"{what}: {exc}", 2)
    except ImportError as exc:
        fail(f"{what}: bot {name!r} is not available in this installation ({exc})", 2)


def _signed(x: float | None, digits: int = 2) -> str:
    return "–" if x is None else f"{x:+.{digits}f}"


def _seconds(x: float | None) -> str:
    """A decision time: ``0.023 ms``, ``12.3 ms``, ``1.02 s``."""
    if x is None:
        return "–"
    if x < 0.01:
        return f"{x * 1000:.3f} ms"
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def _budget(b: float | None, name: str) -> str:
    """The thinking time a bot had; for a bot of one's own (``module:function``), which is never
    given one, that it was not passed rather than that it does not think."""
    if b is not None:
        return f"{b:g} s per card"
    return "no budget (a bot of your own: --budget is not passed to it)" if is_own_bot(name) \
        else "no budget (does not think)"


def _estimate_row(label: str, e: Estimate) -> list[str]:
    mean = _signed(e.mean) + ("" if e.half is None else f" ± {e.half:.2f}")
    ci = "–" if e.low is None else f"[{_signed(e.low)}, {_signed(e.high)}]"
    return [label, str(e.boards), str(e.units), mean, ci]


def _figures_table(r: ArenaReport) -> Table:
    colour = r.config.is_colour
    t = Table(title="Candidate minus reference / candidat moins référence (95% confidence"
              " interval / intervalle de confiance)", title_justify="left")
    for col in ("contracts / contrats", "deals", "seat-deals" if colour else "tables", "mean",
                "95% interval"):
        t.add_column(col, justify="left" if col.startswith("contracts") else "right")
    t.add_row(*_estimate_row("all / toutes", r.overall), style="bold")
    for key, e in r.families.items():
        t.add_row(*_estimate_row(FAMILIES[key], e))
    return t


def _player(name: str, role: str) -> str:
    return f"{name} ({'cand.' if role == CANDIDATE else 'ref.'})"


def _times_table(r: ArenaReport) -> Table:
    t = Table(title="Decision times / temps de réflexion (mean and longest)", title_justify="left")
    for col in ("player", "cards", "per card", "max", "calls", "per call", "max"):
        t.add_column(col, justify="left" if col == "player" else "right")
    for role, p in r.players.items():
        c = p.clock
        t.add_row(_player(p.name, role),
                  str(c.cards), _seconds(c.card_seconds / c.cards if c.cards else None),
                  _seconds(c.card_max if c.cards else None),
                  str(c.calls), _seconds(c.call_seconds / c.calls if c.calls else None),
                  _seconds(c.call_max if c.calls else None))
    return t


def _dd_block(r: ArenaReport) -> list[RenderableType]:
    dd = r.dd
    if not r.config.double_dummy:
        return [Text("Double dummy / double mort: not measured (--no-double-dummy).")]
    t = Table(title="Distance from double-dummy play / écart au double mort: tricks lost per"
              " seat-deal (plis perdus)", title_justify="left")
    t.add_column("player")
    positions = list(next(iter(r.players.values())).dd)
    names = {"declarer": "declarer", "defender": "defender", "player": "any seat"}
    for p in positions:
        t.add_column(f"{names[p]}: seats", justify="right")
        t.add_column("tricks lost", justify="right")
    for role, ps in r.players.items():
        cells = [_player(ps.name, role)]
        for p in positions:
            n, lost = ps.dd[p]
            cells += [str(n), "–" if not n else f"{lost / n:.3f}"]
        t.add_row(*cells)
    skipped = ", ".join(f"{k} {v}" for k, v in sorted(dd.skipped.items())) or "none"
    return [t, Text(f"Tables compared: {dd.analysed} of {dd.contracts} with cards played;"
                    f" skipped: {skipped} (limit: {r.config.max_nodes:,} nodes per search).")]


def _report(r: ArenaReport) -> RenderableType:
    c = r.config
    what = ("each deal at 5 tables, the candidate alone at N, E, S, W, then the reference at all"
            " four; figure: the candidate's points minus the reference's at the same seat, per"
            " seat-deal; a seat-deal's family is the contract at the candidate's table"
            if c.is_colour else
            "each deal at 2 tables, the candidate at N-S then at E-W; figure: the candidate"
            " side's deal points (odd tricks and honours) minus the other side's, per table")
    lines: list[RenderableType] = [
        Text(f"Arena / tournoi: {c.candidate} (candidate) vs {c.reference} (reference)", style="bold"),
        Text(f"Rules / règles: {option_summary(c.rules)}   seed: {c.seed}   deals / donnes: {c.deals}"),
        Text(f"Budget: {c.candidate} (cand.) {_budget(r.players[CANDIDATE].budget, c.candidate)};"
             f" {c.reference} (ref.) {_budget(r.players[REFERENCE].budget, c.reference)}"),
        Text(f"Duplicate: {what}."),
        _figures_table(r),
        _times_table(r),
        *_dd_block(r),
    ]
    return Group(*lines)


def arena(
    candidate: Annotated[str, typer.Option(
        "--candidate", "-c", metavar="BOT",
        help=f"The bot measured ({_BOTS}).")],
    preset_name: PresetOpt = None,
    reference: Annotated[str, typer.Option(
        "--reference", "-r", metavar="BOT",
        help=f"The bot it is measured against ({_BOTS}).")] = "heuristic",
    deals: Annotated[int, typer.Option(
        "--deals", "-n", min=1,
        help="Deals (donnes) to play; each is played at 2 tables (classic) or 5 (colour).")] = 100,
    seed: Annotated[int, typer.Option(
        "--seed", help="Seed of the deals and the bots: the same seed gives the same figures"
        " (pimc's: unless its clock stop cuts a decision on a busy machine, docs/pimc.md).")] = 0,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", min=1,
        help="Processes playing deals in parallel (the figures do not depend on it).")] = 1,
    budget: Annotated[float | None, typer.Option(
        "--budget", metavar="SECONDS", min=MIN_BUDGET, max=MAX_BUDGET,
        help="The candidate's thinking time per card (calls get more; bots that do not think"
        " ignore it) (default: the bot's own).")] = None,
    reference_budget: Annotated[float | None, typer.Option(
        "--reference-budget", metavar="SECONDS", min=MIN_BUDGET, max=MAX_BUDGET,
        help="The same for the reference.")] = None,
    double_dummy: Annotated[bool, typer.Option(
        "--double-dummy/--no-double-dummy",
        help="Compare every card played with perfect (double-dummy) play.")] = True,
    max_nodes: Annotated[int, typer.Option(
        "--max-nodes", min=1,
        help="Double dummy: positions one search may visit; a table with a longer search is"
        " skipped and counted.")] = DEFAULT_MAX_NODES,
    json_out: JsonOpt = False,
    option: OptionOpt = None,
    rules_file: RulesOpt = None,
) -> None:
    """Measure one bot against another on the same cards (duplicate): mean and 95% confidence
    interval overall and per contract family, decision times, distance from double-dummy play.

    Classic whist (presets classic, short, simple): each deal is played twice, the candidate at
    N-S then at E-W. Colour whist (couleur, pagat): each deal is played five times, the candidate
    alone at each seat, then four references.
    """
    rules = build_rules(preset_name, option, rules_file)
    _check_bot(candidate, budget, "--candidate")
    _check_bot(reference, reference_budget, "--reference")
    config = ArenaConfig(rules, bot_name(candidate), bot_name(reference), deals, seed,
                         budget, reference_budget, double_dummy, max_nodes)
    progress = progress_bar("Deals / donnes", TimeRemainingColumn())
    try:
        with progress:
            task = progress.add_task("arena", total=deals)
            report = run_arena(config, jobs, lambda done: progress.update(task, completed=done))
    except KeyboardInterrupt:
        fail("interrupted", 130)
    except (BotActionError, BotCrashError) as exc:
        bot_failed(f"--{exc.role} {config.candidate if exc.role == CANDIDATE else config.reference}", exc)
    if json_out:
        typer.echo(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
        return
    stdout().print(_report(report))
