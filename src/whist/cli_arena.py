"""``whist arena``: a duplicate match between two bots, with the mean and its 95% confidence
interval overall and per contract family, each bot's decision times and its distance from
double-dummy play (:mod:`whist.arena` does the work; this module reads options and prints).

Errors in what the user typed are an ``Error: …`` line on stderr (after the usage line when
typer's own checks refuse an option, such as ``--deals 0``) and exit status 2, never a traceback.
"""

from __future__ import annotations

from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
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
    SOLVER_LIMIT,
    ArenaConfig,
    ArenaInterrupted,
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
from whist.cards import Lang, Refusal, os_reason
from whist.cli_common import (
    BUDGET_SPAN,
    JsonOpt,
    LangOpt,
    OptionOpt,
    PresetOpt,
    RulesOpt,
    bot_failed,
    bot_kind,
    budget_option,
    build_rules,
    done_of,
    fail,
    interrupted,
    option_summary,
    parse_lang,
    per_card,
    print_json,
    progress_bar,
    ready_records,
    stdout,
    stopped,
)
from whist.cli_help import en_fr, fr_doc
from whist.colour_session import family_label
from whist.contracts import KINDS
from whist.render import TRICK_WORDS, colon, label, number, percent, say

__all__ = ["arena"]

_BOTS = ", ".join(BOT_NAMES) + ", or module:function for your own"
_BOTS_FR = ", ".join(BOT_NAMES) + ", ou module:fonction pour un robot à vous"


def _check_bot(name: str, budget: float | None, what: str, lang: Lang) -> None:
    """Exit 2 unless ``name`` is a bot this installation can run, saying why in ``lang``."""
    try:
        arena_bot(name, budget)
    except Refusal as exc:  # every name arena_bot cannot resolve, said in both languages
        fail(Refusal(f"{what}: {exc.en}", f"{what} : {exc.fr}"), 2, lang)
    except ImportError as exc:
        fail(Refusal(f"{what}: bot {name!r} is not available in this installation ({exc})",
                     f"{what} : le robot « {name} » n'est pas disponible dans cette installation"
                     f" ({exc})"), 2, lang)


def _signed(x: float | None, lang: Lang) -> str:
    return "–" if x is None else number(x, "+.2f", lang)


def _seconds(x: float | None, lang: Lang) -> str:
    """A decision time: ``0.023 ms``, ``12.3 ms``, ``1.02 s`` (in French ``0,023 ms`` …)."""
    if x is None:
        return "–"
    if x < 0.01:
        return f"{number(x * 1000, '.3f', lang)} ms"
    return f"{number(x * 1000, '.1f', lang)} ms" if x < 1 else f"{number(x, '.2f', lang)} s"


def _budget(b: float | None, name: str, lang: Lang) -> str:
    """The thinking time a bot had; for a bot of one's own (``module:function``), which is never
    given one, that it was not passed rather than that it does not think."""
    if b is not None:
        return per_card(b, lang)
    if is_own_bot(name):
        return say("no budget (a bot of your own: --budget is not passed to it)",
                   "pas de temps donné (un robot à vous : --budget ne lui est pas passé)", lang)
    return say("no budget (does not think)", "pas de temps donné (ne réfléchit pas)", lang)


def _estimate_row(label: str, e: Estimate, lang: Lang) -> list[str]:
    """A row of figures: its mean ± half the interval, and the interval (in French ``[+3,57 ;
    +22,68]``)."""
    mean = _signed(e.mean, lang) + ("" if e.half is None else f" ± {number(e.half, '.2f', lang)}")
    ci = "–" if e.low is None else f"[{_signed(e.low, lang)}{say(', ', ' ; ', lang)}{_signed(e.high, lang)}]"
    return [label, str(e.boards), str(e.units), mean, ci]


def _figures_table(r: ArenaReport, lang: Lang) -> Table:
    colour = r.config.is_colour
    level = percent(95, lang)  # in French with a narrow no-break space, 95 %
    t = Table(title=say(f"Candidate minus reference ({level} confidence interval)",
                        f"candidat moins référence (intervalle de confiance à {level})", lang),
              title_justify="left")
    units = say("seat-deals", "donnes-places", lang) if colour else "tables"
    interval = say(f"{level} interval", f"intervalle à {level}", lang)
    for i, col in enumerate((say("contracts", "contrats", lang), say("deals", "donnes", lang), units,
                             say("mean", "moyenne", lang), interval)):
        # the interval's heading on one line: the table breaks lines at any space, 95 % at its
        # narrow no-break space too
        t.add_column(col, justify="right" if i else "left", min_width=len(col) if i == 4 else None)
    t.add_row(*_estimate_row(say("all", "tous", lang), r.overall, lang), style="bold")
    for key, e in r.families.items():
        t.add_row(*_estimate_row(say(*family_label(key, r.config.rules), lang), e, lang))
    return t


def _player(name: str, role: str, lang: Lang) -> str:
    return f"{name} ({'cand.' if role == CANDIDATE else say('ref.', 'réf.', lang)})"


def _times_table(r: ArenaReport, lang: Lang) -> Table:
    t = Table(title=say("Decision times (mean and longest)", "temps de réflexion (moyen et le plus long)",
                        lang), title_justify="left")
    for col in (say("player", "joueur", lang), say("cards", "cartes", lang),
                say("per card", "par carte", lang), "max", say("calls", "annonces", lang),
                say("per call", "par annonce", lang), "max"):
        t.add_column(col, justify="right" if len(t.columns) else "left")
    for role, p in r.players.items():
        c = p.clock
        t.add_row(_player(p.name, role, lang),
                  str(c.cards), _seconds(c.card_seconds / c.cards if c.cards else None, lang),
                  _seconds(c.card_max if c.cards else None, lang),
                  str(c.calls), _seconds(c.call_seconds / c.calls if c.calls else None, lang),
                  _seconds(c.call_max if c.calls else None, lang))
    return t


def _dd_block(r: ArenaReport, lang: Lang) -> list[RenderableType]:
    dd = r.dd
    if not r.config.double_dummy:
        return [Text(say("Double dummy: not measured (--no-double-dummy).",
                         "jeu parfait à cartes ouvertes : non mesuré (--no-double-dummy).", lang))]
    lost_fr = TRICK_WORDS[r.config.is_colour].lost
    t = Table(title=say("Distance from double-dummy play: tricks lost per seat-deal",
                        f"écart au jeu parfait à cartes ouvertes : {lost_fr} par donne-place", lang),
              title_justify="left")
    t.add_column(say("player", "joueur", lang))
    positions = list(next(iter(r.players.values())).dd)
    names = {"declarer": ("declarer", "preneur"), "defender": ("defender", "défenseur"),
             "player": ("any seat", "toute place")}
    for p in positions:
        t.add_column(f"{say(*names[p], lang)}{colon(lang)} {say('seats', 'places', lang)}", justify="right")
        t.add_column(say("tricks lost", lost_fr, lang), justify="right")
    for role, ps in r.players.items():
        cells = [_player(ps.name, role, lang)]
        for p in positions:
            n, lost = ps.dd[p]
            cells += [str(n), "–" if not n else number(lost / n, ".3f", lang)]
        t.add_row(*cells)
    skipped = ", ".join(f"{_skip_text(k, lang)} {v}" for k, v in sorted(dd.skipped.items())) \
        or say("none", "aucune", lang)
    limit = number(r.config.max_nodes, ",", lang)
    return [t, Text(say(f"Tables compared: {dd.analysed} of {dd.contracts} with cards played; skipped:"
                        f" {skipped} (limit: {limit} nodes per search).",
                        f"tables comparées : {dd.analysed} sur {dd.contracts} où des cartes ont été"
                        f" jouées ; écartées : {skipped} (limite : {limit} positions par recherche).", lang))]


_SKIPPED_FR = {
    "piccolo (exact goal)": "piccolo (nombre exact de plis)",
    "queens game (no declarers)": "misère par les dames (sans preneur)",
    "surprise trou (hidden trump)": "trou surprise (atout caché)",
    "misère of several declarers": "misère de plusieurs preneurs",
}
"""Why a table was not compared with double-dummy play (:func:`whist.arena.objective`), in French."""


def _skip_text(reason: str, lang: Lang) -> str:
    """Why tables were not compared (a key of the report's ``skipped``), in ``lang``: in French
    ``limite du solveur (grande misère)`` for ``solver limit (large misère)``."""
    if lang == "en":
        return reason
    if reason.startswith(SOLVER_LIMIT):
        kind = reason[len(SOLVER_LIMIT):].strip(" ()")
        fr = next((k.fr for k in KINDS.values() if k.en == kind), kind)
        return "limite du solveur" + (f" ({fr})" if fr else "")
    return _SKIPPED_FR.get(reason, reason)


def _report(r: ArenaReport, lang: Lang = "en") -> RenderableType:
    c = r.config
    if c.is_colour:
        what = say("each deal at 5 tables, the candidate alone at N, E, S, W, then the reference at"
                   " all four; figure: the candidate's points minus the reference's at the same seat,"
                   " per seat-deal; a seat-deal's family is the contract at the candidate's table",
                   "chaque donne à 5 tables, le candidat seul en N, E, S, O, puis la référence aux"
                   " quatre places ; chiffre : les points du candidat moins ceux de la référence à la"
                   " même place, par donne-place ; la famille d'une donne-place est le contrat joué à la"
                   " table du candidat", lang)
    else:
        what = say("each deal at 2 tables, the candidate at N-S then at E-W; figure: the candidate"
                   " side's deal points (odd tricks and honours) minus the other side's, per table",
                   "chaque donne à 2 tables, le candidat en N-S puis en E-O ; chiffre : les points de"
                   " la donne du camp du candidat (levées au-delà de six et honneurs) moins ceux de"
                   " l'autre camp, par table", lang)
    def named(name: str, role: str) -> str:  # the bot, what it is, and its part in the arena
        return f"{name} ({', '.join(w for w in (bot_kind(name, lang), role) if w)})"
    cand = named(c.name(CANDIDATE), say("candidate", "candidat", lang))
    ref = named(c.name(REFERENCE), say("reference", "référence", lang))
    lines: list[RenderableType] = [
        Text(f"{label('Arena', 'tournoi', lang)} {cand} {say('vs', 'contre', lang)} {ref}", style="bold"),
        Text(f"{label('Rules', 'règles', lang)} {option_summary(c.rules, lang)}"
             f"   {label('seed', 'graine', lang)} {c.seed}   {label('deals', 'donnes', lang)} {c.deals}"),
        Text(f"{label('Budget', 'temps', lang)} " + say("; ", " ; ", lang).join(
            f"{_player(name, role, lang)} {_budget(r.players[role].budget, name, lang)}"
            for role, name in ((CANDIDATE, c.name(CANDIDATE)), (REFERENCE, c.name(REFERENCE))))),
        Text(f"{label('Duplicate', 'duplicate', lang)} {what}."),
        _figures_table(r, lang),
        _times_table(r, lang),
        *_dd_block(r, lang),
    ]
    return Group(*lines)


@fr_doc(f"""Mesurer un robot contre un autre sur les mêmes cartes (en duplicate) : moyenne et
    intervalle de confiance à {percent(95, 'fr')} en tout et par famille de contrats, temps de
    décision, écart au jeu parfait à cartes ouvertes.

    Whist classique (préréglages classic, short, simple) : chaque donne est jouée deux fois, le
    candidat en N-S puis en E-O. Whist à la couleur (couleur, pagat) : chaque donne est jouée cinq
    fois, le candidat seul à chaque place, puis quatre références.

    Exemple : `whist arena --preset couleur --candidate heuristic --reference random --deals 10
    --seed 1 --lang fr` ; pimc, le plus fort, réfléchit une seconde par carte : `--candidate pimc
    --budget 0,1` le mesure plus vite. Ctrl-C arrête et donne le rapport des donnes jouées.
    """)
def arena(
    candidate: Annotated[str, typer.Option(
        "--candidate", "-c", metavar="BOT",
        help=en_fr(f"The bot measured ({_BOTS}).", f"Le robot mesuré ({_BOTS_FR})."))],
    preset_name: PresetOpt = None,
    reference: Annotated[str, typer.Option(
        "--reference", "-r", metavar="BOT",
        help=en_fr(f"The bot it is measured against ({_BOTS}).",
                   f"Le robot contre lequel il est mesuré ({_BOTS_FR})."))] = "heuristic",
    deals: Annotated[int, typer.Option(
        "--deals", "-n", min=1, metavar="N",
        help=en_fr("Deals to play; each is played at 2 tables (classic) or 5 (colour).",
                   "Donnes à jouer ; chacune est jouée à 2 tables (classique) ou 5 (couleur)."))] = 100,
    seed: Annotated[int, typer.Option(
        "--seed", metavar="N", help=en_fr(
            "Seed of the deals and the bots: the same seed gives the same figures (pimc's: unless its"
            " clock stop cuts a decision on a busy machine, docs/pimc.md).",
            "Graine des donnes et des robots : la même graine donne les mêmes chiffres (ceux de pimc :"
            " sauf si son horloge coupe une décision sur une machine chargée, docs/pimc.md)."))] = 0,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", min=1, metavar="J",
        help=en_fr("Processes playing deals in parallel (the figures do not depend on it).",
                   "Processus qui jouent des donnes en parallèle (les chiffres n'en dépendent pas)."))] = 1,
    budget: Annotated[str | None, typer.Option(
        "--budget", metavar="SECONDS",
        help=en_fr(
            f"The candidate's thinking time per card, {BUDGET_SPAN[0]} seconds (calls get more; bots"
            " that do not think ignore it) (default: the bot's own).",
            f"Temps de réflexion du candidat par carte, {BUDGET_SPAN[1]} secondes (les annonces ont"
            " davantage ; les robots qui ne réfléchissent pas l'ignorent) (par défaut : celui du"
            " robot)."))] = None,
    reference_budget: Annotated[str | None, typer.Option(
        "--reference-budget", metavar="SECONDS",
        help=en_fr("The same for the reference.", "La même chose pour la référence."))] = None,
    double_dummy: Annotated[bool, typer.Option(
        "--double-dummy/--no-double-dummy",
        help=en_fr("Compare every card played with perfect (double-dummy) play.",
                   "Comparer chaque carte jouée au jeu parfait (à cartes ouvertes)."))] = True,
    max_nodes: Annotated[int, typer.Option(
        "--max-nodes", min=1, metavar="N",
        help=en_fr(
            "Double dummy: positions one search may visit; a table with a longer search is"
            " skipped and counted.",
            "Cartes ouvertes : positions qu'une recherche peut visiter ; une table à la recherche"
            " plus longue est laissée de côté et comptée."))] = DEFAULT_MAX_NODES,
    records: Annotated[Path | None, typer.Option(
        "--records", metavar="DIR", file_okay=False,
        help=en_fr(
            "Save every table played in DIR as a deal record (arena-PRESET-seedSEED-deal0001-table1.json"
            " …) that `whist replay` shows: who sat where, every call and card, the table's figure.",
            "Enregistrer chaque table jouée dans DOSSIER comme une donne"
            " (arena-PRÉRÉGLAGE-seedGRAINE-deal0001-table1.json …) que `whist replay` affiche : qui"
            " était à chaque place, chaque annonce et carte, le chiffre de la table."))] = None,
    json_out: JsonOpt = False,
    option: OptionOpt = None,
    rules_file: RulesOpt = None,
    lang: LangOpt = "en",
) -> None:
    """Measure one bot against another on the same cards (duplicate): mean and 95% confidence
    interval overall and per contract family, decision times, distance from double-dummy play.

    Classic whist (presets classic, short, simple): each deal is played twice, the candidate at
    N-S then at E-W. Colour whist (couleur, pagat): each deal is played five times, the candidate
    alone at each seat, then four references.

    Example: `whist arena --preset couleur --candidate heuristic --reference random --deals 10
    --seed 1`; pimc, the strongest, thinks a second a card: `--candidate pimc --budget 0.1`
    measures it faster. Ctrl-C stops and reports the deals played.
    """
    language = parse_lang(lang)
    thinking = budget_option("--budget", budget, language)
    reference_thinking = budget_option("--reference-budget", reference_budget, language)
    rules = build_rules(preset_name, option, rules_file, language)
    _check_bot(candidate, thinking, "--candidate", language)
    _check_bot(reference, reference_thinking, "--reference", language)
    if records is not None:
        ready_records(records, language)
    config = ArenaConfig(rules, bot_name(candidate), bot_name(reference), deals, seed,
                         thinking, reference_thinking, double_dummy, max_nodes, records)
    labels = ("Deals", "donnes")
    progress = progress_bar(say(*labels, language), TimeRemainingColumn())
    try:
        with progress:
            task = progress.add_task("arena", total=deals)
            report = run_arena(config, jobs, lambda done: progress.update(task, completed=done))
    except ArenaInterrupted as stop:  # the deals played out are reported: an hour of pimc not lost
        so_far = done_of(stop.played, deals, labels)
        if stop.report is None:
            interrupted(language, so_far, json_out)
        if stop.report.config.deals != stop.played:  # with --jobs, deals end out of order
            k = stop.report.config.deals
            so_far = (f"{so_far[0]}; the report: the first {k}",
                      f"{so_far[1]} ; le rapport : les {k} premières")
        _print(stop.report, json_out, language, stopped(so_far))
        interrupted(language, so_far)
    except KeyboardInterrupt:  # before the first deal or after the last
        interrupted(language, None, json_out)
    except (BotActionError, BotCrashError) as exc:
        at = ("", "") if exc.where is None else (
            f" (deal {exc.where[0]}, table {exc.where[1]}, seed {config.seed})",
            f" (donne {exc.where[0]}, table {exc.where[1]}, graine {config.seed})")
        bot_failed(f"--{exc.role} {config.name(CANDIDATE if exc.role == CANDIDATE else REFERENCE)}", exc,
                   language, at, json_out=json_out)
    except OSError as exc:  # a record that cannot be written (a full disk): the deals before it are kept
        if records is None:
            raise
        fail(Refusal(f"--records {records}: cannot write a record: {os_reason(exc)}",
                     f"--records {records} : impossible d'écrire un enregistrement :"
                     f" {os_reason(exc, 'fr')}"), 1, language)
    except BrokenProcessPool:  # a worker of --jobs ended without a word (os._exit, killed, out of memory)
        fail(Refusal("a worker process of --jobs ended without a word (a bot that ends its process,"
                     " or the system out of memory): run again with --jobs 1 to see which bot",
                     "un processus de --jobs s'est arrêté sans un mot (un robot qui arrête son"
                     " processus, ou le système à court de mémoire) : relancez avec --jobs 1 pour"
                     " voir quel robot"), 1, language)
    _print(report, json_out, language)


def _print(report: ArenaReport, json_out: bool, lang: Lang, error: Refusal | None = None) -> None:
    if json_out:
        print_json(report.to_dict(), error)
    else:
        stdout().print(_report(report, lang))
