"""The colour-whist side of ``whist play``, ``whist simulate`` and ``whist replay`` (presets
``couleur`` and ``pagat``). :mod:`whist.cli` reads the options and hands over here when the rules'
game is ``couleur``; every rule comes from the engine.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from whist.cards import SEATS, Seat
from whist.cli_common import (
    option_summary,
    play_in_terminal,
    print_deal_record,
    print_match_record,
    print_summary,
    seat_bots,
    simulate_sessions,
    stdout,
)
from whist.colour_render import Lang, colour_history, deal_result, seat_names, session_table
from whist.colour_session import FAMILIES, ColourSession, ColourStats
from whist.colour_terminal import ColourTerminalGame
from whist.couleur import ColourDeal
from whist.couleur_match import ColourMatch
from whist.render import label, say
from whist.rules import Rules, with_options
from whist.terminal import line_reader

__all__ = ["play_colour", "replay_colour", "session_sizes", "simulate_colour"]


# ----- whist play -------------------------------------------------------------------------------


def play_colour(rules: Rules, human: Seat, bots: list[str], seed: int, lang: Lang, records: Path,
                *, hint: bool = False, budget: float | None = None) -> None:
    """The terminal game of colour whist, then the match record saved in ``records``."""
    session = ColourSession(rules, seat_bots((s for s in SEATS if s is not human), bots, budget),
                            seed)
    console = stdout()
    game = ColourTerminalGame(console, session, human, line_reader(console), lang=lang,
                              pause=sys.stdin.isatty(), hints=hint, hint_budget=budget)
    play_in_terminal(
        game, bots, records, title=say("Colour whist", "whist à la couleur", lang),
        more=f"   {label('deals', 'donnes', lang)} {rules.deals}",
        you=say(f"You: {human.name_en}; each player scores for himself.",
                f"vous : {human.name_fr} ; chacun compte pour soi.", lang),
        how=HOW_TO_TYPE[lang], names=game.names)


HOW_TO_TYPE: dict[Lang, str] = {
    "en": "Type a call (pass, wait, accept, propose H, solo 7 H, small misère … or passe,"
          " j'attends, j'emballe, propose cœur …), show 7H, discard 7H or a card (AS, 10d);"
          " ? for help, q to quit.",
    "fr": "Tapez une annonce (passe, j'attends, j'emballe, propose cœur, solo 7 cœur, petite"
          " misère …), montre 7C, écarte 7C ou une carte (RC roi de cœur, 10K dix de carreau, DP,"
          " VT) ; ? pour l'aide, q pour quitter.",
}
"""What ``whist play`` says first of what to type, in the terminal's language (a card in French
with the French ranks and suit letters)."""


# ----- whist simulate -----------------------------------------------------------------------------


def session_sizes(deals: int, per_session: int) -> list[int]:
    """``deals`` deals in sessions of ``per_session``, the last one shorter.

    >>> session_sizes(35, 16)
    [16, 16, 3]
    """
    full, rest = divmod(deals, per_session)
    return [per_session] * full + ([rest] if rest else [])


def simulate_colour(rules: Rules, deals: int | None, seed: int, bots: list[str], records: Path | None,
                    json_out: bool, budget: float | None = None) -> None:
    """Four bots play ``deals`` deals of colour whist in sessions of the option ``deals``; the
    summary, and with ``records`` one match record per session (``budget``: pimc's seconds per
    card, ``None`` its default)."""
    count = deals if deals is not None else rules.deals
    seats = seat_bots(SEATS, bots, budget)
    master = random.Random(seed)
    sessions = (ColourSession(with_options(rules, {"deals": size}), seats, master.getrandbits(32))
                for size in session_sizes(count, rules.deals))
    matches, paths = simulate_sessions(sessions, count, "Deals / donnes", lambda m: m.played, records,
                                       lambda i: f"simulate-{rules.preset}-seed{seed}-session{i:04d}")
    stats = ColourStats()
    for match in matches:
        stats.add_session(match)
    summary: dict[str, Any] = {
        "rules": option_summary(rules),
        "seed": seed,
        "bots": {s.name: n for s, n in zip(SEATS, bots, strict=True)},
        **stats.to_dict(),
    }
    print_summary(summary, paths, json_out, _summary_table)


def _percent(made: int, deals: int) -> str:
    return f"{100 * made / deals:.0f}%" if deals else "—"


def _summary_table(s: dict[str, Any]) -> RenderableType:
    fam = Table(title="Contracts / contrats", title_justify="left")
    fam.add_column("family / famille")
    fam.add_column("deals / donnes", justify="right")
    fam.add_column("made / réussis", justify="right")
    fam.add_column("", justify="right")
    for key, family in FAMILIES.items():
        row = s["families"][key]
        if key == "all_pass":
            fam.add_row(family, str(row["deals"]), "—", "")
        else:
            fam.add_row(family, str(row["deals"]), str(row["made"]), _percent(row["made"], row["deals"]))
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
        print_deal_record(file, replayed, json_out, lambda: _deal_block(replayed, None))
        return

    def blocks() -> Iterator[list[RenderableType]]:
        number = 0
        for d in replayed.all_deals():
            if not d.passed_out:
                number += 1
            yield _deal_block(d, number if not d.passed_out else None)

    print_match_record(file, replayed, json_out, blocks, "Session / partie",
                       lambda: session_table(replayed, seat_names()))
