"""The colour-whist side of ``whist play``, ``whist simulate`` and ``whist replay`` (presets
``couleur`` and ``pagat``). :mod:`whist.cli` reads the options and hands over here when the rules'
game is ``couleur``; every rule comes from the engine.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from whist.cards import SEATS, Refusal, Seat
from whist.cli_common import (
    option_summary,
    play_in_terminal,
    print_deal_record,
    print_match_record,
    print_summary,
    seat_bots,
    simulate_sessions,
    simulation_head,
    stdout,
)
from whist.colour_render import Lang, colour_history, deal_result, seat_names, session_table
from whist.colour_session import FAMILIES, ColourSession, ColourStats
from whist.colour_terminal import ColourTerminalGame
from whist.couleur import ColourDeal
from whist.couleur_match import ColourMatch
from whist.render import label, number, percent, say, seat_word, term
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
    "en": "Type a call (pass, wait, accept, propose H or hearts, solo 7 H, small misère … or"
          " passe, j'attends, j'emballe, cœur …), show 7H, discard 7H or a card (AS, 10d);"
          " ? for help, q to quit.",
    "fr": "Tapez une annonce (passe, j'attends, j'emballe, cœur ou propose cœur, solo 7 cœur, petite"
          " misère …), montre 7C, écarte 7C ou une carte (RC roi de cœur, 10K dix de carreau, DP,"
          " VT) ; ? pour l'aide, q pour quitter.",
}
"""What ``whist play`` says first of what to type, in the terminal's language (a card in French
with the French ranks and suit letters)."""


# ----- whist simulate -----------------------------------------------------------------------------


def session_sizes(deals: int, per_session: int) -> Iterator[int]:
    """``deals`` deals in sessions of ``per_session``, the last one shorter, one session at a time
    (a list of them all did not fit in memory for --deals 999999999999999).

    >>> list(session_sizes(35, 16))
    [16, 16, 3]
    """
    full, rest = divmod(deals, per_session)
    for _ in range(full):
        yield per_session
    if rest:
        yield rest


def simulate_colour(rules: Rules, deals: int | None, seed: int, bots: list[str], records: Path | None,
                    json_out: bool, budget: float | None = None, lang: Lang = "en") -> None:
    """Four bots play ``deals`` deals of colour whist in sessions of the option ``deals``; the
    summary (in ``lang``), and with ``records`` one match record per session (``budget``: pimc's
    seconds per card, ``None`` its default)."""
    count = deals if deals is not None else rules.deals
    seats = seat_bots(SEATS, bots, budget)
    master = random.Random(seed)
    sessions = (ColourSession(with_options(rules, {"deals": size}), seats, master.getrandbits(32))
                for size in session_sizes(count, rules.deals))

    def report(matches: list[ColourMatch], paths: list[Path], error: Refusal | None = None) -> None:
        stats = ColourStats()
        for match in matches:
            stats.add_session(match)
        summary: dict[str, Any] = {
            "rules": option_summary(rules),
            "seed": seed,
            "bots": {s.name: n for s, n in zip(SEATS, bots, strict=True)},
            "budget": budget,
            **stats.to_dict(),
        }
        print_summary(summary, paths, json_out, lambda s: _summary_table(rules, s, lang), lang, error)

    report(*simulate_sessions(sessions, count, ("Deals", "donnes"), lambda m: m.played, records,
                              lambda i: f"simulate-{rules.preset}-seed{seed}-session{i:04d}", lang,
                              bots=bots, report=report, json_out=json_out))


def _percent(made: int, deals: int, lang: Lang) -> str:
    return percent(100 * made / deals, lang) if deals else "—"


def _summary_table(rules: Rules, s: dict[str, Any], lang: Lang = "en") -> RenderableType:
    fam = Table(title=say("Contracts", "contrats", lang), title_justify="left")
    fam.add_column(say("family", "famille", lang))
    fam.add_column(say("deals", "donnes", lang), justify="right")
    fam.add_column(say("made", "réussis", lang), justify="right")
    fam.add_column(say("% made", "% réussis", lang), justify="right")
    for key in FAMILIES:
        family = say(*FAMILIES[key], lang)
        row = s["families"][key]
        if key == "all_pass":
            if rules.all_pass == "dames":  # else a deal all passed is redealt: the line above says it
                fam.add_row(family, str(row["deals"]), "—", "")
        else:
            fam.add_row(family, str(row["deals"]), str(row["made"]),
                        _percent(row["made"], row["deals"], lang))
    pts = Table(title=say("Points per seat", "points par place", lang), title_justify="left")
    pts.add_column(say("seat", "place", lang))
    pts.add_column(say("bot", "robot", lang))
    pts.add_column(say("total points", "total des points", lang), justify="right")
    pts.add_column(say("per deal", "par donne", lang), justify="right")
    for seat in SEATS:
        total = s["points"][seat.name]
        pts.add_row(seat_word(seat, lang), s["bots"][seat.name], str(total),
                    number(total / s["deals"], "+.2f", lang) if s["deals"] else "—")
    stopped = label("play stopped early (points settled)", "donnes arrêtées avant la fin (points acquis)",
                    lang)
    lines: list[RenderableType] = [
        Text(say("Simulation summary", "résumé de la simulation", lang), style="bold"),
        *simulation_head(rules, s, lang),
        Text(f"{label('Sessions', 'parties', lang)} {s['sessions']}"
             f"   {label('deals played', 'donnes jouées', lang)} {s['deals']}"),
        Text(f"{label('Redeals (all passed)', 'redonnes (tous passent)', lang)} {s['redeals']}"
             f"   {label('doubled deals', 'donnes doublées', lang)} {s['doubled']}"
             f"   {stopped} {s['stopped_early']}"),
        fam,
        pts,
    ]
    return Group(*lines)


# ----- whist replay -------------------------------------------------------------------------------


def _deal_block(deal: ColourDeal, number: int | None, lang: Lang) -> list[RenderableType]:
    """One deal of a replay: its title (``Deal 3`` in a session, ``Deal`` for a deal record alone;
    a deal everybody passed says so and has no number), auction, tricks and result."""
    names = seat_names(lang)
    title = term("deal", lang) + (f" {number}" if number is not None else "")
    if deal.passed_out:
        title += f" ({say('all passed: redealt', 'tous passent : redonnée', lang)})"
    out: list[RenderableType] = [Text(title, style="bold underline")]
    out.extend(colour_history(deal, names, lang))
    if deal.is_over:
        out.append(deal_result(deal, names, say("Result", "résultat", lang), lang))
    else:
        out.append(Text(say("Unfinished deal", "donne inachevée", lang), style="dim"))
    out.append(Text(""))
    return out


def replay_colour(file: Path, replayed: ColourDeal | ColourMatch, json_out: bool, lang: Lang = "en",
                  players: Mapping[Seat, str] | None = None) -> None:
    """Print a replayed colour record: who played each seat where the record says (``players``),
    each deal's auction, then its tricks, then the result (in ``lang``)."""
    if isinstance(replayed, ColourDeal):
        print_deal_record(file, replayed, json_out, lambda: _deal_block(replayed, None, lang), lang, players)
        return

    def blocks() -> Iterator[list[RenderableType]]:
        number = 0
        for d in replayed.all_deals():
            if not d.passed_out:
                number += 1
            yield _deal_block(d, number if not d.passed_out else None, lang)

    print_match_record(file, replayed, json_out, blocks, say("Session", "partie", lang),
                       lambda: session_table(replayed, seat_names(lang), lang), lang, players)
