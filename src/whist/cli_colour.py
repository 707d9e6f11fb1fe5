"""The colour-whist side of ``whist play``, ``whist simulate`` and ``whist replay`` (presets
``couleur`` and ``pagat``). :mod:`whist.cli` reads the options and hands over here when the rules'
game is ``couleur``; every rule comes from the engine.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from whist import record
from whist.bots import Bot, get_bot
from whist.cards import SEATS, Seat
from whist.cli_common import fail, option_summary, stdout
from whist.colour_render import Lang, colour_history, deal_result, seat_names, session_table
from whist.colour_session import FAMILIES, ColourSession, ColourStats
from whist.colour_terminal import ColourTerminalGame
from whist.couleur import ColourDeal
from whist.couleur_match import ColourMatch
from whist.rules import Rules, with_options
from whist.terminal import line_reader, save_match

__all__ = ["play_colour", "replay_colour", "session_sizes", "simulate_colour"]


# ----- whist play -------------------------------------------------------------------------------


def play_colour(rules: Rules, human: Seat, bots: list[str], seed: int, lang: Lang, records: Path) -> None:
    """The terminal game of colour whist, then the match record saved in ``records``."""
    others = [s for s in SEATS if s is not human]
    chosen: dict[Seat, Bot] = {s: get_bot(n) for s, n in zip(others, bots, strict=True)}
    session = ColourSession(rules, chosen, seed)
    console = stdout()
    console.rule("[bold]Whist à la couleur / colour whist")
    console.print(f"Rules / règles: {escape(option_summary(rules))}   seed: {seed}"
                  f"   deals / donnes: {rules.deals}")
    console.print(f"You / vous: {human.name_en} ({human.name_fr}); each player scores for himself"
                  " / chacun compte pour soi.")
    console.print("Bots: " + ", ".join(f"{s.name_en} {n}" for s, n in zip(others, bots, strict=True)))
    console.print("Type a call (pass, wait, accept, propose H, solo 7 H, petite misère … or passe,"
                  " j'attends, j'emballe, propose cœur …), show 7H, discard 7H or a card (AS, 10d);"
                  " ? for help, q to quit.")
    game = ColourTerminalGame(console, session, human, line_reader(console), lang=lang,
                              pause=sys.stdin.isatty())
    game.run()
    try:
        path = save_match(session, records)
    except OSError as exc:
        fail(f"cannot save the match record in {records}: {exc.strerror or exc}", 1)
    console.print(f"Match record saved / enregistré: {escape(str(path))}", soft_wrap=True)
    console.print(f"Replay it with / le revoir: whist replay {escape(str(path))}", soft_wrap=True)


# ----- whist simulate -----------------------------------------------------------------------------


def session_sizes(deals: int, per_session: int) -> list[int]:
    """``deals`` deals in sessions of ``per_session``, the last one shorter.

    >>> session_sizes(35, 16)
    [16, 16, 3]
    """
    full, rest = divmod(deals, per_session)
    return [per_session] * full + ([rest] if rest else [])


def _play_out(session: ColourSession, progress: Progress, task: Any) -> ColourMatch:
    played = 0
    while not session.is_over:
        if session.needs_deal:
            session.start_deal()
        else:
            session.step()
        if session.match.played > played:
            progress.advance(task, session.match.played - played)
            played = session.match.played
    return session.match


def simulate_colour(rules: Rules, deals: int | None, seed: int, bots: list[str], records: Path | None,
                    json_out: bool) -> None:
    """Four bots play ``deals`` deals of colour whist in sessions of the option ``deals``; the
    summary, and with ``records`` one match record per session."""
    count = deals if deals is not None else rules.deals
    seats: dict[Seat, Bot] = {s: get_bot(n) for s, n in zip(SEATS, bots, strict=True)}
    master = random.Random(seed)
    stats = ColourStats()
    paths: list[Path] = []
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot create {records}: {exc.strerror or exc}", 1)
    progress = Progress(
        TextColumn("Deals / donnes"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=Console(stderr=True), transient=True,
    )
    with progress:
        task = progress.add_task("deals", total=count)
        for i, size in enumerate(session_sizes(count, rules.deals), 1):
            one = with_options(rules, {"deals": size})
            match = _play_out(ColourSession(one, seats, master.getrandbits(32)), progress, task)
            stats.add_session(match)
            if records is not None:
                path = records / f"simulate-seed{seed}-session{i:04d}.json"
                try:
                    paths.append(record.save(record.match_record(match), path))
                except OSError as exc:
                    fail(f"cannot write {path}: {exc.strerror or exc}", 1)
    summary: dict[str, Any] = {
        "rules": option_summary(rules),
        "seed": seed,
        "bots": {s.name: n for s, n in zip(SEATS, bots, strict=True)},
        **stats.to_dict(),
    }
    if paths:
        summary["records"] = [str(p) for p in paths]
    if json_out:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        stdout().print(_summary_table(summary))


def _percent(made: int, deals: int) -> str:
    return f"{100 * made / deals:.0f}%" if deals else "—"


def _summary_table(s: dict[str, Any]) -> RenderableType:
    fam = Table(title="Contracts / contrats", title_justify="left")
    fam.add_column("family / famille")
    fam.add_column("deals / donnes", justify="right")
    fam.add_column("made / réussis", justify="right")
    fam.add_column("", justify="right")
    for key, label in FAMILIES.items():
        row = s["families"][key]
        if key == "all_pass":
            fam.add_row(label, str(row["deals"]), "—", "")
        else:
            fam.add_row(label, str(row["deals"]), str(row["made"]), _percent(row["made"], row["deals"]))
    pts = Table(title="Points per seat / par place", title_justify="left")
    pts.add_column("seat / place")
    pts.add_column("bot")
    pts.add_column("total points", justify="right")
    pts.add_column("per deal / par donne", justify="right")
    for seat in SEATS:
        total = s["points"][seat.name]
        pts.add_row(f"{seat.name_en} ({seat.name_fr})", s["bots"][seat.name], str(total),
                    f"{total / s['deals']:+.2f}" if s["deals"] else "—")
    bots = ", ".join(f"{k} {v}" for k, v in s["bots"].items())
    lines: list[RenderableType] = [
        Text("Simulation summary / résumé", style="bold"),
        Text(f"Rules / règles: {s['rules']}   seed: {s['seed']}"),
        Text(f"Bots: {bots}"),
        Text(f"Sessions / parties: {s['sessions']}   deals played / donnes jouées: {s['deals']}"),
        Text(f"Redeals (all passed) / redonnes: {s['redeals']}   doubled deals / donnes doublées:"
             f" {s['doubled']}   play stopped early / jeu arrêté tôt: {s['stopped_early']}"),
        fam,
        pts,
    ]
    if "records" in s:
        lines.append(Text(f"Records / enregistrements: {len(s['records'])} files, first"
                          f" {s['records'][0]}"))
    return Group(*lines)


# ----- whist replay -------------------------------------------------------------------------------


def _deal_block(deal: ColourDeal, number: int | None) -> list[RenderableType]:
    names = seat_names()
    title = (f"Deal / donne {number}" if number is not None
             else "Deal / donne (all passed: redealt / tous passent: redonnée)")
    out: list[RenderableType] = [Text(title, style="bold underline")]
    out.extend(colour_history(deal, names))
    if deal.is_over:
        out.append(deal_result(deal, names, "Result / résultat"))
    else:
        out.append(Text("Unfinished deal / donne inachevée", style="dim"))
    out.append(Text(""))
    return out


def replay_colour(file: Path, replayed: ColourDeal | ColourMatch, json_out: bool) -> None:
    """Print a replayed colour record: each deal's auction, then its tricks, then the result."""
    if isinstance(replayed, ColourDeal):
        if json_out:
            typer.echo(json.dumps({"format": record.DEAL_FORMAT, "result": record.deal_result(replayed)},
                                  indent=2, ensure_ascii=False))
            return
        console = stdout()
        console.print(Text(f"Deal record / donne: {file}", style="bold"), soft_wrap=True)
        console.print(f"Rules / règles: {escape(option_summary(replayed.rules))}")
        console.print(Group(*_deal_block(replayed, None)))
        return
    deals = [*replayed.deals, *([replayed.current] if replayed.current is not None else [])]
    if json_out:
        out = {"format": record.MATCH_FORMAT, "deals": [record.deal_result(d) for d in deals],
               "result": record.match_result(replayed)}
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    console = stdout()
    console.print(Text(f"Match record / partie: {file}", style="bold"), soft_wrap=True)
    console.print(f"Rules / règles: {escape(option_summary(replayed.rules))} · {len(deals)} deals / donnes")
    number = 0
    for d in deals:
        if not d.passed_out:
            number += 1
        console.print(Group(*_deal_block(d, number if not d.passed_out else None)))
    console.rule("Session / partie")
    console.print(session_table(replayed, seat_names()))
