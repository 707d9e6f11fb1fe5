"""The ``whist`` command: play in the terminal, simulate bots, replay records, benchmark, list rules;
score one deal of colour whist and keep a table's score sheet (:mod:`whist.cli_sheet`).

Classic whist is handled here; the colour-whist side of play, simulate and replay lives in
:mod:`whist.cli_colour`. Every rule comes from the engine; these modules only read options, drive
sessions and print.
Errors in what the user typed (an unknown option, a bad record) are one line on stderr and an
exit status (2 for bad options or a missing file, 1 for a bad record), never a traceback.
"""

from __future__ import annotations

import json
import random
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from whist import record
from whist.benchmarks import bench_engine
from whist.bots import BOT_NAMES
from whist.cards import SEATS, Lang, ParseError, Refusal, Side, parse_seat
from whist.cli_arena import arena
from whist.cli_colour import play_colour, replay_colour, simulate_colour
from whist.cli_common import (
    MAX_BUDGET,
    MIN_BUDGET,
    JsonOpt,
    LangOpt,
    OptionOpt,
    PresetOpt,
    RulesOpt,
    bot_names,
    build_rules,
    fail,
    option_summary,
    parse_lang,
    play_in_terminal,
    print_deal_record,
    print_match_record,
    print_summary,
    seat_bots,
    simulate_sessions,
    simulation_head,
    stdout,
    value_text,
)
from whist.cli_serve import serve
from whist.cli_sheet import score, sheet_app
from whist.cli_solver import bench_solver, solve_cmd
from whist.cli_usage import WhistGroup
from whist.colour_render import seat_names
from whist.couleur import ColourDeal
from whist.couleur_match import ColourMatch
from whist.engine import ClassicDeal
from whist.match import Match
from whist.render import (
    colon,
    deal_result,
    hands_table,
    history,
    label,
    match_summary,
    pair,
    result_text,
    say,
    seat_letter,
    side_name,
    stake_unit,
    term,
    trick_text,
    trump_line,
)
from whist.rules import PRESETS, Rules, applies, with_options
from whist.session import Session
from whist.terminal import TerminalGame, line_reader

__all__ = ["app", "main"]

app = typer.Typer(
    name="whist",
    help="Classic whist (whist classique) and Belgian colour whist (whist à la couleur): play with"
    " friends and bots in the browser (serve) or in the terminal against bots (play, with hints),"
    " simulate bot matches, measure bots in a duplicate arena, replay records, score a deal, keep"
    " the score sheet of a real table, solve positions double dummy, list the rules and options,"
    " benchmark the engine and the solver.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    cls=WhistGroup,
)
bench_app = typer.Typer(help="Benchmarks of the engine and the double-dummy solver.",
                        no_args_is_help=True)
app.add_typer(bench_app, name="bench")


def _print_version(value: bool) -> None:
    """Print the installed version and stop; an eager option, so ``whist --version`` needs no
    command."""
    if value:
        from importlib.metadata import version as dist_version

        typer.echo(f"whist {dist_version('whist')}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", help="Print the version and exit.", is_eager=True,
        callback=_print_version)] = False,
) -> None:
    """Classic and colour whist: serve, play, simulate, arena, replay, score, sheet, solve, rules,
    bench."""


# ----- whist play ---------------------------------------------------------------------------


@app.command()
def play(
    preset_name: PresetOpt = None,
    seat: Annotated[str, typer.Option(
        "--seat", "-s", metavar="SEAT",
        help="Your seat: N, E, S, W or O (Ouest), or its name (South, Sud …); in classic whist your"
        " partner sits opposite.")] = "S",
    seed: Annotated[int | None, typer.Option(
        "--seed", metavar="N", help="Seed of the shuffles and the bots (default: a new one, printed);"
        " the same seed deals the same cards.")] = None,
    bots: Annotated[str, typer.Option(
        "--bots", "-b", metavar="BOTS",
        help=f"The three computer players: one name for all ({', '.join(BOT_NAMES)}) or three"
        " names separated by commas for the other seats in the order N, E, S, W; a bot of your own"
        " as module:function.")] = "heuristic",
    option: OptionOpt = None,
    rules_file: RulesOpt = None,
    records: Annotated[Path, typer.Option(
        "--records", metavar="DIR", file_okay=False,
        help="Directory where the match record is saved (created if need be; a directory that"
        " cannot be written stops the command before the game).")] = Path("records"),
    hint: Annotated[bool, typer.Option(
        "--hint", help="At each of your turns, show the strong player's (pimc) suggested card or"
        " call with the expected points of the best alternatives (type hint / conseil for one"
        " at any time).")] = False,
    budget: Annotated[float, typer.Option(
        "--budget", metavar="SECONDS", min=MIN_BUDGET, max=MAX_BUDGET,
        help="Thinking time of pimc (bots and hints) per card; calls get three times as long.")] = 1.0,
    lang: Annotated[str, typer.Option(
        "--lang", metavar="en|fr",
        help="Language of the whole game, en or fr, in both games: every label, seat, suit, call,"
        " message, the help (?) and the hints, the reason given when an entry is refused, the"
        " errors about --bots and --records and the error when the input ends mid-game; and of"
        " the cards, shown and typed (in French R D V for roi, dame, valet and the suit letters"
        " P C K T: RC is the king of hearts). Calls may be typed in either language (pass or"
        " passe; classic: ask or appeler).")] = "en",
) -> None:
    """Play whist in the terminal: you hold one seat, three bots the others.

    Classic whist (presets classic, short, simple): type a card (AS, 10d, ♦10), a call when it is
    offered (ask); the game goes on to the end of the rubber (robre). Colour whist (presets couleur,
    pagat): type calls (pass, propose H, solo 7 H, petite misère, passe, j'emballe …), show 7H,
    discard 7H and cards; the session goes on for the option deals (16). ? for help, q to quit;
    the match record is then saved.

    Exit status: 0 at the end of the match or after q; 1 if the input ends before the game does
    (a script of moves too short); 130 on Ctrl-C; the record is saved in every case.
    """
    language = parse_lang(lang)
    rules = build_rules(preset_name, option, rules_file, language)
    try:
        human = parse_seat(seat)
    except ParseError as exc:
        fail(exc.in_lang(language), 2, language)
    names = bot_names(bots, 3, language, own=True)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    if rules.game == "couleur":
        play_colour(rules, human, names, seed, language, records, hint=hint, budget=budget)
        return
    session = Session(rules, seat_bots((s for s in SEATS if s is not human), names, budget), seed)
    console = stdout()
    game = TerminalGame(console, session, human, line_reader(console), pause=sys.stdin.isatty(),
                        hints=hint, hint_budget=budget, lang=language)
    play_in_terminal(
        game, names, records, title="Whist",
        you=say(f"You: {human.name_en}; partner: {human.partner.name_en}",
                f"vous : {human.name_fr} ; partenaire : {human.partner.name_fr}", language),
        how=say("Type a card (AS, 10d, ♦10), ? for help, q to quit.",
                "tapez une carte (RC roi de cœur, 10K, ♦10) ; ? pour l'aide, q pour quitter.", language),
        names=seat_names(language))


# ----- whist simulate -----------------------------------------------------------------------


def _simulation_summary(rules: Rules, seed: int, names: list[str], matches: list[Match]) -> dict[str, Any]:
    """The JSON summary of a classic simulation; its ``result`` in both languages, as it always
    was (the table says it in one, :func:`_summary_table`)."""
    games = [0, 0]
    won = [0, 0]
    points = [0, 0]
    pay = {s.name: 0.0 for s in SEATS}
    for m in matches:
        for g in m.games:
            games[g.winner] += 1
        for r in m.rubbers:
            won[r.winner] += 1
        t = m.totals()
        points[0] += t[0]
        points[1] += t[1]
        for s, v in m.settlement().items():
            pay[s] += v
    winner = None if points[0] == points[1] else ("NS" if points[0] > points[1] else "EW")
    out: dict[str, Any] = {
        "rules": option_summary(rules),
        "seed": seed,
        "bots": {s.name: n for s, n in zip(SEATS, names, strict=True)},
        "rubbers": len(matches),
        "deals": sum(len(m.deals) for m in matches),
        "games": {"NS": games[0], "EW": games[1]},
        "rubbers_won": {"NS": won[0], "EW": won[1]},
        "points": {"NS": points[0], "EW": points[1]},
        "winner": winner,
        "result": result_text(rules, [r for m in matches for r in m.rubbers], (points[0], points[1])),
        "stake": rules.stake,
        "settlement": pay,
    }
    return out


def _summary_table(rules: Rules, s: dict[str, Any], result: str, lang: Lang = "en") -> RenderableType:
    """The summary ``s`` as a table in ``lang``, with its ``result`` said in that language."""
    t = Table(title=say("Simulation summary", "résumé de la simulation", lang), title_justify="left")
    t.add_column("")
    for side, (en, fr) in ((Side.NS, ("North–South", "Nord–Sud")), (Side.EW, ("East–West", "Est–Ouest"))):
        t.add_column(f"{side_name(side, lang)} ({say(en, fr, lang)})", justify="right")
    t.add_row(say("games won", "manches gagnées", lang), str(s["games"]["NS"]), str(s["games"]["EW"]))
    by_points = rules.game_and_rubber_points
    t.add_row(say("rubbers won", "robres gagnés", lang) if by_points
              else say("matches won", "parties gagnées", lang),
              str(s["rubbers_won"]["NS"]), str(s["rubbers_won"]["EW"]))
    if by_points:
        t.add_row(say("total points", "points", lang), str(s["points"]["NS"]), str(s["points"]["EW"]))
    lines: list[RenderableType] = [
        *simulation_head(s, lang),
        Text(f"{label('Rubbers', 'robres', lang) if by_points else label('Matches', 'parties', lang)}"
             f" {s['rubbers']}   {label('deals', 'donnes', lang)} {s['deals']}"),
        t,
    ]
    lines.append(Text(result, style="bold"))
    if s["stake"]:  # nobody pays anything at a stake of 0
        pay = s["settlement"]
        lines.append(Text(f"{say('Settlement', 'règlement', lang)} ({say('stake', 'enjeu', lang)}"
                          f" {s['stake']:g} {stake_unit(rules, lang)}){colon(lang)} "
                          + "  ".join(f"{seat_letter(parse_seat(k), lang)} {v:+g}" for k, v in pay.items())))
    return Group(*lines)


@app.command()
def simulate(
    preset_name: PresetOpt = None,
    rubbers: Annotated[int | None, typer.Option(
        "--rubbers", "-n", min=1, metavar="N",
        help="Classic whist: rubbers (robres) to play (default: the option rubbers).")] = None,
    deals: Annotated[int | None, typer.Option(
        "--deals", min=1, metavar="N",
        help="Colour whist: deals to play, in sessions of the option deals (16), the last one"
        " shorter (default: one session).")] = None,
    seed: Annotated[int, typer.Option(
        "--seed", metavar="N", help="Seed: the same seed gives the same output.")] = 0,
    bots: Annotated[str, typer.Option(
        "--bots", "-b", metavar="BOTS",
        help=f"The players at N, E, S, W: one name for all four ({', '.join(BOT_NAMES)}) or four"
        " names separated by commas; a bot of your own as module:function, with PYTHONPATH=. for a"
        " file of the current folder (docs/arena.md).")] = "heuristic",
    records: Annotated[Path | None, typer.Option(
        "--records", metavar="DIR", file_okay=False,
        help="Write one match record per rubber (colour whist: per session) in this directory, as"
        " simulate-PRESET-seedSEED-rubber0001.json … (session0001 …); a record already there is"
        " kept and the new one named …-2.json.")] = None,
    budget: Annotated[float | None, typer.Option(
        "--budget", metavar="SECONDS", min=MIN_BUDGET, max=MAX_BUDGET,
        help="Thinking time of pimc per card, in seconds; calls get three times as long; the other"
        " bots do not think (default: 1.0); it is not passed to a bot of your own. The same seed"
        " gives the same games unless pimc's clock stop cuts a decision on a busy machine"
        " (docs/pimc.md).")] = None,
    json_out: JsonOpt = False,
    option: OptionOpt = None,
    rules_file: RulesOpt = None,
    lang: LangOpt = "en",
) -> None:
    """Let four bots play and summarise. Classic whist: rubbers; deals, games, rubbers and points
    per side. Colour whist: deals; redeals, contracts by family and how often they were made,
    points per seat. The summary and the errors in the language of --lang (en or fr); the JSON
    is the same in both (its result said in both languages)."""
    language = parse_lang(lang)
    rules = build_rules(preset_name, option, rules_file, language)
    if rules.game == "couleur":
        if rubbers is not None:
            fail(Refusal("--rubbers is for classic whist; colour whist plays --deals N",
                         "--rubbers est pour le whist classique ; le whist à la couleur joue --deals N"),
                 2, language)
        simulate_colour(rules, deals, seed, bot_names(bots, 4, language, own=True), records, json_out, budget,
                        language)
        return
    if deals is not None:
        fail(Refusal("--deals is for colour whist (couleur, pagat); classic whist plays --rubbers N",
                     "--deals est pour le whist à la couleur (couleur, pagat) ; le whist classique joue"
                     " --rubbers N"), 2, language)
    count = rubbers if rubbers is not None else rules.rubbers
    one = with_options(rules, {"rubbers": 1})
    names = bot_names(bots, 4, language, own=True)
    seats = seat_bots(SEATS, names, budget)
    master = random.Random(seed)
    sessions = (Session(one, seats, master.getrandbits(32)) for _ in range(count))
    matches, paths = simulate_sessions(sessions, count, say("Rubbers", "robres", language),
                                       lambda m: len(m.rubbers), records,
                                       lambda i: f"simulate-{rules.preset}-seed{seed}-rubber{i:04d}",
                                       language, bots=names)
    summary = _simulation_summary(rules, seed, names, matches)
    points = summary["points"]
    result = result_text(rules, [r for m in matches for r in m.rubbers], (points["NS"], points["EW"]),
                         lang=language)
    print_summary(summary, paths, json_out, lambda s: _summary_table(rules, s, result, language), language)


# ----- whist replay -------------------------------------------------------------------------


def _deal_block(deal: ClassicDeal, number: int | None, lang: Lang) -> list[RenderableType]:
    title = term("deal", lang) + (f" {number}" if number is not None else "")
    out: list[RenderableType] = [
        Text(f"{title} · {say('score before', 'points avant', lang)} {pair(deal.start_score, lang=lang)}",
             style="bold underline"),
        trump_line(deal, lang=lang),
        hands_table(deal, lang),
    ]
    out.extend(trick_text(line, deal, lang) for line in history(deal))
    if deal.is_over:
        out.append(deal_result(deal, lang=lang))
    else:
        out.append(Text(say("Unfinished deal", "donne inachevée", lang), style="dim"))
    out.append(Text(""))
    return out


def _replay_failed(file: Path, message: Refusal, json_out: bool, lang: Lang) -> NoReturn:
    """Exit 1 with ``message`` on stderr in ``lang``; with ``--json``, an error object on stdout
    too, in English whatever ``lang`` (for programs, as the rest of the JSON)."""
    if json_out:
        typer.echo(json.dumps({"error": message.en, "file": str(file)}, ensure_ascii=False))
    fail(message, 1, lang)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A deal or match record (JSON).")],
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Re-play a deal or match record through the engine and print it trick by trick, in the
    language of --lang (en or fr: labels, seats, calls, contracts, results and the cards, in
    French with R D V for roi, dame, valet); the JSON is the same in both.

    Exits 1, naming the first illegal action or the first stored result field that differs,
    when the record is not a true game (with --json, also {"error": ..., "file": ...} on stdout,
    in English); 2 when there is no such file, as for a missing --rules FILE; the error in the
    language of --lang.
    """
    language = parse_lang(lang)
    if not file.exists():
        fail(Refusal(f"cannot read {file}: No such file or directory",
                     f"impossible de lire {file} : fichier ou dossier introuvable"), 2, language)
    try:
        data = record.load(file)
        replayed = record.replay(data)
    except record.RecordError as exc:
        _replay_failed(file, exc, json_out, language)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        invalid = Refusal(f"{file} is not a valid record: {exc}",
                          f"{file} n'est pas un enregistrement valide : {exc}")
        _replay_failed(file, invalid, json_out, language)
    if isinstance(replayed, ColourDeal | ColourMatch):
        replay_colour(file, replayed, json_out, language)
        return
    if isinstance(replayed, ClassicDeal):
        print_deal_record(file, replayed, json_out, lambda: _deal_block(replayed, None, language), language)
        return
    print_match_record(file, replayed, json_out,
                       lambda: (_deal_block(d, n, language) for n, d in enumerate(replayed.all_deals(), 1)),
                       say("Match", "partie", language), lambda: match_summary(replayed, language), language)


# ----- whist rules --------------------------------------------------------------------------


@app.command("rules")
def rules_cmd(
    preset_name: Annotated[str | None, typer.Option(
        "--preset", "-p", metavar="NAME",
        help="Preset to list: " + ", ".join(PRESETS)
        + " (default: classic, or the preset of --rules).")] = None,
    option: OptionOpt = None,
    rules_file: RulesOpt = None,
    lang: Annotated[str, typer.Option(
        "--lang", metavar="en|fr",
        help="Language of the options' names and meanings and of the errors: en or fr (an"
        " option keeps the name --option takes).")] = "en",
    json_out: JsonOpt = False,
) -> None:
    """List every option of the rules of a game with its value and what it means (the options
    of the other game are left out; --json gives them all)."""
    language = parse_lang(lang)
    rules = build_rules(preset_name, option, rules_file, language)
    if json_out:
        typer.echo(json.dumps(rules.to_dict(), indent=2, ensure_ascii=False))
        return
    presets = ", ".join(PRESETS)
    t = Table(title=say(f"Rules: {rules.preset} (presets: {presets})",
                        f"Règles : {rules.preset} (préréglages : {presets})", language),
              title_justify="left")
    t.add_column("option")
    t.add_column(say("value", "valeur", language))
    t.add_column(say("meaning", "sens", language))
    for name in Rules.names():
        if applies(name, rules):
            t.add_row(name, value_text(getattr(rules, name), language),
                      Text.assemble((Rules.label(name, language), "bold"),
                                    f"{colon(language)} {Rules.doc(name, language)}"))
    stdout().print(t)


# ----- whist bench --------------------------------------------------------------------------


@bench_app.command("engine")
def bench_engine_cmd(
    seconds: Annotated[float, typer.Option(
        "--seconds", "-t", min=0.01, metavar="SECONDS", help="Total time of the measure, in seconds.")] = 3.0,
    rounds: Annotated[int, typer.Option(
        "--rounds", min=1, metavar="N", help="Rounds sharing that time; the best round is reported.")] = 5,
    json_out: JsonOpt = False,
) -> None:
    """Complete random classic deals per second through the engine's public protocol, one core."""
    result = bench_engine(seconds=seconds, rounds=rounds)
    if json_out:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    rates = " ".join(f"{r:.0f}" for r in result.rounds)
    console = stdout()
    console.print(f"[bold]{result.deals_per_second:.0f} deals/s[/] (donnes par seconde),"
                  f" best of {len(result.rounds)} rounds: {rates}")
    console.print(f"{result.deals} random {result.preset} deals in {result.seconds:.1f} s, one core"
                  " (shuffled, legal_actions, apply)")


app.command("arena")(arena)
app.command("score")(score)
app.command("serve")(serve)
app.add_typer(sheet_app, name="sheet")
app.command("solve")(solve_cmd)
bench_app.command("solver")(bench_solver)


def main() -> None:
    """Entry point of the ``whist`` command."""
    app()

