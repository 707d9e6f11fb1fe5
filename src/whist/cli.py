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
from whist.benchmarks import MAX_SECONDS, MIN_ROUND, bench_engine, most_rounds
from whist.bots import BOT_NAMES
from whist.cards import SEATS, Lang, ParseError, Refusal, Side, os_reason, parse_seat
from whist.cli_arena import arena
from whist.cli_colour import play_colour, replay_colour, simulate_colour
from whist.cli_common import (
    BUDGET_SPAN,
    BenchLangOpt,
    GroupLangOpt,
    JsonOpt,
    LangOpt,
    OptionOpt,
    PresetOpt,
    RulesOpt,
    bot_names,
    budget_option,
    build_rules,
    fail,
    fail_json,
    interrupted,
    option_summary,
    parse_lang,
    pass_lang,
    play_in_terminal,
    print_deal_record,
    print_match_record,
    print_summary,
    seat_bots,
    seconds_option,
    simulate_sessions,
    simulation_head,
    stdout,
    value_text,
)
from whist.cli_help import HelpCommand, HelpGroup, en_fr, fr_doc, root_lang
from whist.cli_serve import serve
from whist.cli_sheet import score, sheet_app
from whist.cli_sheet_options import EntryCommand
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
    number,
    pair,
    result_text,
    say,
    settlement_line,
    side_name,
    term,
    trick_text,
    trump_line,
)
from whist.rules import PRESET_NAMES_FR, PRESETS, Rules, applies, preset_text, with_options
from whist.session import Session
from whist.terminal import TerminalGame, line_reader

__all__ = ["app", "main"]

app = typer.Typer(
    name="whist",
    help=en_fr(
        "Classic whist (whist classique) and Belgian colour whist (whist à la couleur): play with"
        " friends and bots in the browser (serve) or in the terminal against bots (play, with hints),"
        " simulate bot matches, measure bots in a duplicate arena, replay records, score a deal, keep"
        " the score sheet of a real table, solve positions double dummy, list the rules and options,"
        " benchmark the engine and the solver. Help in French: whist --lang fr --help, whist"
        " COMMAND --help --lang fr; WHIST_LANG=fr in the environment makes every command and its help"
        " French.",
        "Whist classique et whist à la couleur (le whist belge) : jouer entre amis et avec des robots"
        " dans le navigateur (serve) ou dans le terminal contre des robots (play, avec des conseils),"
        " simuler des parties entre robots, mesurer des robots dans une arène en duplicate, revoir"
        " des enregistrements, compter les points d'une donne, tenir la feuille de marque d'une"
        " vraie table, résoudre des positions à cartes ouvertes, lister les règles et leurs"
        " options, mesurer la vitesse du moteur et du solveur. L'aide en anglais : --lang en ; chaque"
        " commande et son aide en français sans --lang : WHIST_LANG=fr dans l'environnement."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    cls=WhistGroup,
)
bench_app = typer.Typer(help=en_fr("Benchmarks of the engine and the double-dummy solver.",
                                   "Mesures de vitesse du moteur et du solveur à cartes ouvertes."),
                        no_args_is_help=True, cls=HelpGroup)
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
    ctx: typer.Context,
    version: Annotated[bool, typer.Option(
        "--version", help=en_fr("Print the version and exit.", "Afficher la version et quitter."),
        is_eager=True, callback=_print_version)] = False,
    lang: GroupLangOpt = None,
) -> None:
    """Classic and colour whist: serve, play, simulate, arena, replay, score, sheet, solve, rules,
    bench."""
    pass_lang(ctx, root_lang(ctx, lang))  # without --lang, WHIST_LANG's for every command


@bench_app.callback()
def _bench(ctx: typer.Context, lang: GroupLangOpt = None) -> None:
    """The benchmarks: engine, solver."""
    pass_lang(ctx, lang)


# ----- whist play ---------------------------------------------------------------------------


@app.command(cls=HelpCommand)
@fr_doc("""Jouer au whist dans le terminal : vous tenez une place, trois robots les autres.

    Whist classique (préréglages classic, short, simple) : tapez une carte (RC, 10K, ♦10), ou
    chantez quand on vous le propose (à huit points) ; le jeu va jusqu'à la fin du robre.
    Whist à la couleur (préréglages couleur, pagat) : tapez les annonces (passe, propose C, solo 7
    C, petite misère, j'emballe …), montre 7C, écarte 7C et les cartes ; la partie dure les donnes
    de l'option deals (16). ? pour l'aide, q pour quitter ; la partie est alors enregistrée.

    Code de sortie : 0 à la fin de la partie, ou après q ou Ctrl-D au terminal ; 1 si l'entrée
    d'un tube ou d'un fichier s'arrête avant la fin de la partie (un script de coups trop court) ;
    130 sur Ctrl-C ; 141 quand la sortie est coupée par un tube fermé (whist play | head) ; la
    partie est enregistrée dans tous les cas.
    """)
def play(
    preset_name: PresetOpt = None,
    seat: Annotated[str, typer.Option(
        "--seat", "-s", metavar="SEAT",
        help=en_fr(
            "Your seat: N, E, S, W or O (Ouest), or its name (South, Sud …); in classic whist your"
            " partner sits opposite.",
            "Votre place : N, E, S, O (ou W), ou son nom (Sud, South …) ; au whist classique, votre"
            " partenaire est en face."))] = "S",
    seed: Annotated[int | None, typer.Option(
        "--seed", metavar="N", help=en_fr(
            "Seed of the shuffles and the bots (default: a new one, printed); the same seed deals the"
            " same cards.",
            "Graine des battages et des robots (par défaut : une nouvelle, affichée) ; la même graine"
            " distribue les mêmes cartes."))] = None,
    bots: Annotated[str, typer.Option(
        "--bots", "-b", metavar="BOTS",
        help=en_fr(
            f"The three computer players: one name for all ({', '.join(BOT_NAMES)}) or three"
            " names separated by commas for the other seats in the order N, E, S, W; a bot of your own"
            " as module:function.",
            f"Les trois joueurs de l'ordinateur : un nom pour tous ({', '.join(BOT_NAMES)}) ou trois"
            " noms séparés par des virgules pour les autres places dans l'ordre N, E, S, O ; un robot"
            " à vous en module:fonction."))] = "heuristic",
    option: OptionOpt = None,
    rules_file: RulesOpt = None,
    records: Annotated[Path, typer.Option(
        "--records", metavar="DIR", file_okay=False,
        help=en_fr(
            "Directory where the match record is saved (created if need be; a directory that"
            " cannot be written stops the command before the game).",
            "Dossier où la partie est enregistrée (créé s'il le faut ; un dossier où l'on ne peut"
            " pas écrire arrête la commande avant la partie)."))] = Path("records"),
    hint: Annotated[bool, typer.Option(
        "--hint", help=en_fr(
            "At each of your turns, show the strong player's (pimc) suggested card or call with the"
            " expected points of the best alternatives (type hint / conseil for one at any time).",
            "À chacun de vos tours, montrer la carte ou l'annonce que conseille le joueur fort"
            " (pimc), avec les points attendus des meilleures autres (tapez conseil / hint pour en"
            " avoir un à tout moment)."))] = False,
    budget: Annotated[str, typer.Option(
        "--budget", metavar="SECONDS",
        help=en_fr(f"Thinking time of pimc (bots and hints) per card, {BUDGET_SPAN[0]} seconds; calls get"
                   " three times as long.",
                   f"Temps de réflexion de pimc (robots et conseils) par carte, {BUDGET_SPAN[1]}"
                   " secondes ; les annonces ont trois fois plus."))] = "1.0",
    lang: Annotated[str, typer.Option(
        "--lang", metavar="en|fr",
        help=en_fr(
            "Language of the whole game, en or fr, in both games: every label, seat, suit, call,"
            " message, the help (?) and the hints, the reason given when an entry is refused, the"
            " errors about --bots and --records and the error when the input ends mid-game; and of"
            " the cards, shown and typed (in French R D V for roi, dame, valet and the suit letters"
            " P C K T: RC is the king of hearts). Calls may be typed in either language (pass or"
            " passe; classic: ask or appeler). Also the language of this help.",
            "Langue de toute la partie, en ou fr, dans les deux jeux : chaque libellé, place,"
            " couleur, annonce, message, l'aide (?) et les conseils, la raison d'une saisie refusée,"
            " les erreurs sur --bots et --records et l'erreur quand l'entrée s'arrête en pleine"
            " partie ; et des cartes, affichées et tapées (R D V pour roi, dame, valet et les"
            " couleurs P C K T : RC est le roi de cœur). Les annonces se tapent dans l'une ou"
            " l'autre langue (passe ou pass ; classique : chanter, appeler ou ask). Aussi la langue de"
            " cette aide."))] = "en",
) -> None:
    """Play whist in the terminal: you hold one seat, three bots the others.

    Classic whist (presets classic, short, simple): type a card (AS, 10d, ♦10), a call when it is
    offered (ask); the game goes on to the end of the rubber (robre). Colour whist (presets couleur,
    pagat): type calls (pass, propose H, solo 7 H, petite misère, passe, j'emballe …), show 7H,
    discard 7H and cards; the session goes on for the option deals (16). ? for help, q to quit;
    the match record is then saved.

    Exit status: 0 at the end of the match, or after q or Ctrl-D at a terminal; 1 if the input of
    a pipe or a file ends before the game does (a script of moves too short); 130 on Ctrl-C; 141
    when the output is cut by a closed pipe (whist play | head); the record is saved in every case.
    """
    language = parse_lang(lang)
    thinking = budget_option("--budget", budget, language)
    rules = build_rules(preset_name, option, rules_file, language)
    try:
        human = parse_seat(seat)
    except ParseError as exc:
        fail(exc.in_lang(language), 2, language)
    names = bot_names(bots, 3, language, own=True)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    if rules.game == "couleur":
        play_colour(rules, human, names, seed, language, records, hint=hint, budget=thinking)
        return
    session = Session(rules, seat_bots((s for s in SEATS if s is not human), names, thinking), seed)
    console = stdout()
    game = TerminalGame(console, session, human, line_reader(console), pause=sys.stdin.isatty(),
                        hints=hint, hint_budget=thinking, lang=language)
    play_in_terminal(
        game, names, records, title="Whist",
        you=say(f"You: {human.name_en}; partner: {human.partner.name_en}",
                f"vous : {human.name_fr} ; partenaire : {human.partner.name_fr}", language),
        how=say("Type a card (AS, 10d, ♦10), ? for help, q to quit.",
                "tapez une carte (RC roi de cœur, 10K, ♦10) ; ? pour l'aide, q pour quitter.", language),
        names=seat_names(language))


# ----- whist simulate -----------------------------------------------------------------------


def _simulation_summary(rules: Rules, seed: int, names: list[str], matches: list[Match],
                        budget: float | None = None) -> dict[str, Any]:
    """The JSON summary of a classic simulation (``budget``: the --budget given, ``None`` for the
    bots' own); its ``result`` in both languages, as it always was (the table says it in one,
    :func:`_summary_table`)."""
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
        "budget": budget,
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
        *simulation_head(rules, s, lang),
        Text(f"{label('Rubbers', 'robres', lang) if by_points else label('Matches', 'parties', lang)}"
             f" {s['rubbers']}   {label('deals', 'donnes', lang)} {s['deals']}"),
        t,
    ]
    lines.append(Text(result, style="bold"))
    if s["stake"]:  # nobody pays anything at a stake of 0
        lines.append(Text(settlement_line(rules, s["settlement"], lang)))
    return Group(*lines)


@app.command(cls=HelpCommand)
@fr_doc("""Faire jouer quatre robots et résumer. Whist classique : des robres ; donnes, manches,
    robres et points par camp. Whist à la couleur : des donnes ; redonnes, contrats par famille et
    combien ont été réussis, points par place. Le résumé et les erreurs dans la langue de --lang
    (en ou fr) ; le JSON est le même dans les deux (son résultat dit dans les deux langues).

    Exemple : `whist simulate --rubbers 2 --bots heuristic,random,heuristic,random --records
    parties --lang fr` : heuristic joue en Nord et Sud, random en Est et Ouest ; chaque robre est
    enregistré dans le dossier parties, que whist replay revoit. Ctrl-C arrête et résume ce qui a été
    joué jusqu'au bout (robres, parties).""")
def simulate(
    preset_name: PresetOpt = None,
    rubbers: Annotated[int | None, typer.Option(
        "--rubbers", "-n", min=1, metavar="N",
        help=en_fr("Classic whist: rubbers (robres) to play (default: the option rubbers).",
                   "Whist classique : robres à jouer (par défaut : l'option rubbers)."))] = None,
    deals: Annotated[int | None, typer.Option(
        "--deals", min=1, metavar="N",
        help=en_fr(
            "Colour whist: deals to play, in sessions of the option deals (16), the last one"
            " shorter (default: one session).",
            "Whist à la couleur : donnes à jouer, en parties de l'option deals (16), la dernière"
            " plus courte (par défaut : une partie)."))] = None,
    seed: Annotated[int, typer.Option(
        "--seed", metavar="N", help=en_fr("Seed: the same seed gives the same output.",
                                          "Graine : la même graine donne le même résultat."))] = 0,
    bots: Annotated[str, typer.Option(
        "--bots", "-b", metavar="BOTS",
        help=en_fr(
            f"The players at N, E, S, W: one name for all four ({', '.join(BOT_NAMES)}) or four"
            " names separated by commas; a bot of your own as module:function, with PYTHONPATH=. for a"
            " file of the current folder (docs/arena.md).",
            f"Les joueurs en N, E, S, O : un nom pour les quatre ({', '.join(BOT_NAMES)}) ou quatre"
            " noms séparés par des virgules ; un robot à vous en module:fonction, avec PYTHONPATH=."
            " pour un fichier du dossier courant (docs/arena.md)."))] = "heuristic",
    records: Annotated[Path | None, typer.Option(
        "--records", metavar="DIR", file_okay=False,
        help=en_fr(
            "Write one match record per rubber (colour whist: per session) in this directory, as"
            " simulate-PRESET-seedSEED-rubber0001.json … (session0001 …); a record already there is"
            " kept and the new one named …-2.json.",
            "Enregistrer chaque robre (whist à la couleur : chaque partie) dans ce dossier, sous le"
            " nom simulate-PRÉRÉGLAGE-seedGRAINE-rubber0001.json … (session0001 …) ; un enregistrement"
            " déjà là est gardé et le nouveau nommé …-2.json."))] = None,
    budget: Annotated[str | None, typer.Option(
        "--budget", metavar="SECONDS",
        help=en_fr(
            f"Thinking time of pimc per card, {BUDGET_SPAN[0]} seconds; calls get three times as long;"
            " the other bots do not think (default: 1.0); it is not passed to a bot of your own. The"
            " same seed gives the same games unless pimc's clock stop cuts a decision on a busy"
            " machine (docs/pimc.md).",
            f"Temps de réflexion de pimc par carte, {BUDGET_SPAN[1]} secondes ; les annonces ont trois"
            " fois plus ; les autres robots ne réfléchissent pas (par défaut : 1,0) ; il n'est pas"
            " transmis à un robot à vous. La même graine donne les mêmes parties, sauf si l'horloge de"
            " pimc coupe une décision sur une machine chargée (docs/pimc.md)."))] = None,
    json_out: JsonOpt = False,
    option: OptionOpt = None,
    rules_file: RulesOpt = None,
    lang: LangOpt = "en",
) -> None:
    """Let four bots play and summarise. Classic whist: rubbers; deals, games, rubbers and points
    per side. Colour whist: deals; redeals, contracts by family and how often they were made,
    points per seat. The summary and the errors in the language of --lang (en or fr); the JSON
    is the same in both (its result said in both languages).

    Example: `whist simulate --rubbers 2 --bots heuristic,random,heuristic,random --records
    games`: heuristic plays North and South, random East and West; each rubber is saved in the
    folder games, which whist replay shows again. Ctrl-C stops and summarises the rubbers (or
    sessions) played out.
    """
    language = parse_lang(lang)
    thinking = budget_option("--budget", budget, language)
    rules = build_rules(preset_name, option, rules_file, language)
    if rules.game == "couleur":
        if rubbers is not None:
            fail(Refusal("--rubbers is for classic whist; colour whist plays --deals N",
                         "--rubbers est pour le whist classique ; le whist à la couleur joue --deals N"),
                 2, language)
        simulate_colour(rules, deals, seed, bot_names(bots, 4, language, own=True), records, json_out,
                        thinking, language)
        return
    if deals is not None:
        fail(Refusal("--deals is for colour whist (couleur, pagat); classic whist plays --rubbers N",
                     "--deals est pour le whist à la couleur (couleur, pagat) ; le whist classique joue"
                     " --rubbers N"), 2, language)
    count = rubbers if rubbers is not None else rules.rubbers
    one = with_options(rules, {"rubbers": 1})
    names = bot_names(bots, 4, language, own=True)
    seats = seat_bots(SEATS, names, thinking)
    master = random.Random(seed)
    sessions = (Session(one, seats, master.getrandbits(32)) for _ in range(count))

    def report(matches: list[Match], paths: list[Path], error: Refusal | None = None) -> None:
        summary = _simulation_summary(rules, seed, names, matches, thinking)
        points = summary["points"]
        result = result_text(rules, [r for m in matches for r in m.rubbers], (points["NS"], points["EW"]),
                             lang=language)
        print_summary(summary, paths, json_out, lambda s: _summary_table(rules, s, result, language),
                      language, error)

    report(*simulate_sessions(sessions, count, ("Rubbers", "robres"),
                              lambda m: len(m.rubbers), records,
                              lambda i: f"simulate-{rules.preset}-seed{seed}-rubber{i:04d}",
                              language, bots=names, deals=lambda m: len(m.deals), report=report,
                              json_out=json_out))


# ----- whist replay -------------------------------------------------------------------------


def _deal_block(deal: ClassicDeal, number: int | None, lang: Lang) -> list[RenderableType]:
    title = term("deal", lang) + (f" {number}" if number is not None else "")
    out: list[RenderableType] = [
        Text(f"{title} · {say('score before', 'marque avant', lang)} {pair(deal.start_score, lang=lang)}",
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
    """Exit 1 with ``message`` on stderr in ``lang``; with ``--json``, ``{"error": …, "file": …}``
    on stdout too (:func:`~whist.cli_common.fail_json`)."""
    fail_json(message, 1, lang, json_out, file=str(file))


@app.command(cls=HelpCommand)
@fr_doc("""Rejouer un enregistrement de donne ou de partie par le moteur et l'afficher levée par
    levée (pli par pli au whist à la couleur), dans la langue de --lang (en ou fr : libellés,
    places, annonces, contrats, résultats et les cartes, en français avec R D V pour roi, dame,
    valet) ; le JSON est le même dans les deux.

    Code de sortie 1, en nommant la première action illégale ou le premier résultat enregistré qui
    diffère, quand l'enregistrement n'est pas une vraie partie (avec --json, aussi {"error": ...,
    "file": ...} sur la sortie standard, en anglais) ; 2 quand le fichier n'existe pas, comme pour
    un --rules FICHIER absent ; l'erreur dans la langue de --lang.

    Exemple : `whist replay parties/simulate-classic-seed0-rubber0001.json --lang fr`, le premier
    robre de `whist simulate --records parties` ; `whist play` dit le nom du sien.
    """)
def replay(
    named: Annotated[str, typer.Argument(metavar="FILE", help=en_fr(
        "A deal or match record (JSON).", "Un enregistrement de donne ou de partie (JSON)."))],
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

    Example: `whist replay games/simulate-classic-seed0-rubber0001.json`, the first rubber of
    `whist simulate --records games`; `whist play` says the name of its own.
    """
    language = parse_lang(lang)
    if not named:  # as a Path, "" was read as "." and said to be a folder
        fail(Refusal("no record named: give the record's file, e.g. records/whist-….json",
                     "aucun enregistrement nommé : donnez son fichier, par exemple records/whist-….json"),
             2, language)
    file = Path(named)
    try:
        file.stat()
    except FileNotFoundError:
        fail(Refusal(f"cannot read {file}: No such file or directory",
                     f"impossible de lire {file} : fichier ou dossier introuvable"), 2, language)
    except OSError as exc:  # a link to itself, a folder that may not be entered: said as it is
        fail(Refusal(f"cannot read {file}: {os_reason(exc)}",
                     f"impossible de lire {file} : {os_reason(exc, 'fr')}"), 1, language)
    try:
        data = record.load(file)
        replayed = record.replay(data)
        players = record.record_players(data)  # who played each seat, where the record says
    except record.RecordError as exc:
        _replay_failed(file, exc, json_out, language)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        invalid = Refusal(f"{file} is not a valid record: {exc}",
                          f"{file} n'est pas un enregistrement valide : {exc}")
        _replay_failed(file, invalid, json_out, language)
    if isinstance(replayed, ColourDeal | ColourMatch):
        replay_colour(file, replayed, json_out, language, players)
        return
    if isinstance(replayed, ClassicDeal):
        print_deal_record(file, replayed, json_out, lambda: _deal_block(replayed, None, language), language,
                          players)
        return
    print_match_record(file, replayed, json_out,
                       lambda: (_deal_block(d, n, language) for n, d in enumerate(replayed.all_deals(), 1)),
                       say("Match", "partie", language), lambda: match_summary(replayed, language), language,
                       players)


# ----- whist rules --------------------------------------------------------------------------


@app.command("rules", cls=HelpCommand)
@fr_doc("""Lister chaque option des règles d'un jeu avec sa valeur et son sens (les options de
    l'autre jeu sont omises ; --json les donne toutes).""")
def rules_cmd(
    preset_name: Annotated[str | None, typer.Option(
        "--preset", "-p", metavar="NAME",
        help=en_fr("Preset to list: " + ", ".join(PRESETS) + " (default: classic, or the preset of --rules).",
                   "Préréglage à lister : " + ", ".join(PRESETS)
                   + " (par défaut : classic, ou le préréglage de --rules)."))] = None,
    option: OptionOpt = None,
    rules_file: RulesOpt = None,
    lang: Annotated[str, typer.Option(
        "--lang", metavar="en|fr",
        help=en_fr(
            "Language of the options' names and meanings, of the errors and of this help: en or fr"
            " (an option keeps the name --option takes).",
            "Langue des noms et du sens des options, des erreurs et de cette aide : en ou fr (une"
            " option garde le nom que prend --option)."))] = "en",
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
    presets_fr = ", ".join(f"{k} ({PRESET_NAMES_FR[k]})" if k in PRESET_NAMES_FR else k for k in PRESETS)
    t = Table(title=say(f"Rules: {rules.preset} (presets: {presets})",
                        f"Règles : {preset_text(rules.preset, 'fr')} (préréglages : {presets_fr})", language),
              title_justify="left")
    t.add_column("option")
    t.add_column(say("value", "valeur", language))
    t.add_column(say("meaning", "sens", language))
    for name in Rules.names():
        if applies(name, rules):
            doc = Rules.doc(name, language)
            if language == "fr":  # French goes on in lower case after a colon
                doc = doc[:1].lower() + doc[1:]
            t.add_row(name, value_text(getattr(rules, name), language),
                      Text.assemble((Rules.label(name, language), "bold"), f"{colon(language)} {doc}"))
    stdout().print(t)


# ----- whist bench --------------------------------------------------------------------------


@bench_app.command("engine", cls=HelpCommand)
@fr_doc("""Donnes classiques complètes au hasard par seconde, par le protocole public du moteur,
    sur un cœur de processeur : les donnes de chaque tour divisées par le temps qu'il a pris, le
    meilleur tour donné.

    Exemple : `whist bench engine --seconds 1 --lang fr`.""")
def bench_engine_cmd(
    seconds: Annotated[str, typer.Option(
        "--seconds", "-t", metavar="SECONDS", help=en_fr(
            f"Time of the measure, in seconds, from {MIN_ROUND:g} to {MAX_SECONDS:g}, shared by the"
            " rounds: each round plays deals one after the other and ends with the first deal"
            " finished once its share is spent, so the measure lasts that long and at most one"
            " deal a round more; a warm-up of a few deals before it and Python's start are not"
            " counted.",
            f"Durée de la mesure, en secondes, de {number(MIN_ROUND, 'g', 'fr')} à {MAX_SECONDS:g}, partagée"
            " entre les tours : chaque tour joue des donnes l'une après l'autre et s'arrête à la"
            " première donne finie une fois sa part écoulée, si bien que la mesure dure ce temps et"
            " au plus une donne de plus par tour ; quelques donnes d'échauffement avant elle et le"
            " démarrage de Python ne sont pas comptés."))] = "3.0",
    rounds: Annotated[int, typer.Option(
        "--rounds", min=1, metavar="N", help=en_fr(
            f"Rounds sharing that time, each at least {MIN_ROUND:g} s of it (at most 100 rounds a"
            " second); the best round is reported.",
            f"Tours qui se partagent ce temps, chacun au moins {number(MIN_ROUND, 'g', 'fr')} s (au plus 100"
            " tours par seconde) ; le meilleur est donné."))] = 5,
    json_out: JsonOpt = False,
    lang: BenchLangOpt = "en",
) -> None:
    """Complete random classic deals per second through the engine's public protocol, one core:
    the deals of each round over the time it took, the best round reported.

    Example: `whist bench engine --seconds 1`.
    """
    language = parse_lang(lang)
    total = seconds_option("--seconds", seconds, MIN_ROUND, language, MAX_SECONDS)
    most = most_rounds(total)
    if rounds > most:
        fail(Refusal(f"--rounds {rounds} is too many for --seconds {seconds.strip()}: each round needs at"
                     f" least {MIN_ROUND:g} s; give at most {most} round{'s' if most != 1 else ''}, or"
                     " more seconds",
                     f"--rounds {rounds} est trop pour --seconds {seconds.strip()} : chaque tour demande"
                     f" au moins {number(MIN_ROUND, 'g', 'fr')} s ; donnez au plus {most}"
                     f" tour{'s' if most > 1 else ''}, ou"
                     " plus de secondes"), 2, language)
    try:
        result = bench_engine(seconds=total, rounds=rounds)
    except KeyboardInterrupt:
        interrupted(language, json_out=json_out)
    if json_out:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    # 9,425; in French 9 425, so the rounds are set apart by more than a space
    rates = " · ".join(number(r, ",.0f", language) for r in result.rounds)
    n = len(result.rounds)
    console = stdout()
    rate = number(result.deals_per_second, ",.0f", language)
    console.print(say(f"[bold]{rate} deals/s[/], best of {n}"
                      f" round{'s' if n != 1 else ''}: {rates}",
                      f"[bold]{rate} donnes/s[/], le meilleur de {n} tour{'s' if n > 1 else ''} : {rates}",
                      language))
    spent = number(result.seconds, ".1f", language)
    played = number(result.deals, ",", language)
    console.print(say(f"{played} random {result.preset} deals in {spent} s, one core"
                      " (shuffled, legal_actions, apply)",
                      f"{played} donnes au hasard en {spent} s, sur un cœur de processeur"
                      f" (préréglage {result.preset} ; mélange, coups permis, coups joués)", language))


app.command("arena", cls=HelpCommand)(arena)
app.command("score", cls=EntryCommand)(score)
app.command("serve", cls=HelpCommand)(serve)
app.add_typer(sheet_app, name="sheet")
app.command("solve", cls=HelpCommand)(solve_cmd)
bench_app.command("solver", cls=HelpCommand)(bench_solver)


def main() -> None:
    """Entry point of the ``whist`` command."""
    app()

