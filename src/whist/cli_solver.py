"""``whist solve`` and ``whist bench solver``: the double-dummy solver on the command line.

``whist solve DEAL --trump H --leader W`` prints the value of every legal card of the player
to move (tricks the team takes from now on, the current trick included) with best play on
both sides; ``--json`` prints ``{"tricks": 7, "cards": {"2C": 7, ...}, "team": "NS", "goal":
"max"}``. Errors in what the
user typed are one line on stderr and exit status 2, never a traceback. The search runs in a
worker thread (it releases the interpreter lock): on a terminal a status line shows the time
spent, Ctrl-C stops at once, and ``--max-seconds`` bounds the search (exit status 1 past it); with
``--json`` a stopped search prints ``{"error": …, "best": …}`` on stdout too.
With ``--lang fr`` the table, its headings and every error are in French and the cards are
written the French way (``RC``, roi de cœur; ``10K``), as ``whist play --lang fr`` writes them;
``--played`` and ``--trump`` are then read as the game reads them in French (``C`` is cœur); the
PBN deal and the JSON are the same in both.
"""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from whist.cards import Lang, Refusal, Seat, Suit, of_fr, parse_cards, parse_seat, plain_number
from whist.cli_common import (
    BenchLangOpt,
    JsonOpt,
    LangOpt,
    fail,
    fail_json,
    interrupted,
    parse_lang,
    progress_bar,
    seconds_option,
    stdout,
)
from whist.cli_help import HelpCommand, HelpGroup, en_fr, fr_doc
from whist.render import colon, number, say
from whist.solver import (
    MAX_MEMORY_MB,
    Goal,
    Position,
    Solution,
    SolveProgress,
    Solver,
    SolverInputError,
    parse_goal,
    parse_team,
    parse_trump,
    team_text,
)
from whist.solver.bench import run_bench

__all__ = ["bench_solver", "solve_cmd", "solver_app"]

solver_app = typer.Typer(help=en_fr("The double-dummy solver.", "Le solveur à cartes ouvertes."),
                         no_args_is_help=True, cls=HelpGroup)

CLI_MEMORY_MB = 256
"""Table memory of one ``whist solve``: one search, so more than a bot's solver."""


@solver_app.command("solve", cls=HelpCommand)
@fr_doc("""Résoudre une position à cartes ouvertes : la valeur de chaque carte du joueur qui a la
    main.

    Exemple : `whist solve "N:K.Q.. QJ.K.. T9.A.. 87.J.." --trump C --leader N --played AP --lang
    fr` : Nord a entamé l'as de pique, atout cœur ; Est joue, et NS font encore 3 levées quoi
    qu'il joue.""")
def solve_cmd(
    deal: Annotated[str, typer.Argument(
        metavar="DEAL",
        help=en_fr(
            "The remaining hands in PBN: 'N:AKQJ.T98.765.432 hand hand hand' (clockwise from the"
            " named seat, suits S.H.D.C, '-' for an empty hand). Hands of equal size (an endgame), or"
            " sizes that fit --played.",
            "Les mains restantes en PBN : 'N:AKQJ.T98.765.432 main main main' (dans le sens des"
            " aiguilles d'une montre depuis la place nommée, couleurs S.H.D.C (pique, cœur, carreau,"
            " trèfle) et cartes en anglais, A K Q J T, '-' pour une main vide). Des mains de même"
            " taille (une fin de donne), ou de tailles qui vont avec --played."))],
    trump: Annotated[str, typer.Option(
        "--trump", "-t", metavar="H|S|D|C|NT", help=en_fr(
            "Trump suit, or NT for no trump.",
            "Couleur d'atout, P C K T (pique, cœur, carreau, trèfle) avec --lang fr, S H D C en"
            " anglais ; ou SA (NT) pour sans atout."))],
    leader: Annotated[str, typer.Option(
        "--leader", "-l", metavar="SEAT",
        help=en_fr("The seat that leads the current trick: N, E, S, W or O (Ouest).",
                   "La place qui entame la levée en cours : N, E, S, O (ou W)."))],
    team: Annotated[str | None, typer.Option(
        "--team", metavar="SEATS",
        help=en_fr(
            "The team: one, two or three seats, like NS, E/W, N, NEW or 'North South' (default:"
            " the leader and the seat opposite).",
            "L'équipe : une, deux ou trois places, comme NS, E/O, N, NEO ou 'Nord Sud' (par défaut :"
            " la place qui entame et celle d'en face)."))] = None,
    goal: Annotated[str, typer.Option(
        "--goal", "-g", metavar="max|min|exact:K",
        help=en_fr(
            "max: the team takes as many tricks as it can; min (misère): as few as it can;"
            " exact:K: whether the team can end with exactly K more tricks.",
            "max : l'équipe fait autant de levées qu'elle peut ; min (misère) : aussi peu qu'elle"
            " peut ; exact:K : si l'équipe peut finir avec exactement K levées de plus."))] = "max",
    cap: Annotated[str | None, typer.Option(
        "--cap", metavar="K",
        help=en_fr(
            "Goals max and min: count up to K tricks only, 0 to 13 (a value of K means K or more), far"
            " quicker when K is small: two misère players together, counted up to 2 (has each taken"
            " a trick?), take under a second most often (the slowest found 6 s) where the full"
            " count can take a minute.",
            "Objectifs max et min : ne compter que jusqu'à K levées, de 0 à 13 (une valeur de K veut"
            " dire K ou plus), bien plus vite quand K est petit : deux joueurs de misère ensemble,"
            " comptés jusqu'à 2 (chacun a-t-il fait une levée ?), prennent le plus souvent moins"
            " d'une seconde (la plus lente trouvée 6 s) là où le compte entier peut prendre une"
            " minute."))] = None,
    floor: Annotated[str | None, typer.Option(
        "--floor", metavar="K",
        help=en_fr(
            "Goals max and min: count from K tricks only, 0 to 12 and below --cap (a value of K means"
            " K or fewer, printed ≤K): the question of a contract that costs the same however many"
            " tricks it fails by, as an abondance of 9 asked with --floor 8 --cap 9 (is it made,"
            " card by card?), one quick test a card where the full count can take seconds.",
            "Objectifs max et min : ne compter qu'à partir de K levées, de 0 à 12 et sous --cap (une"
            " valeur de K veut dire K ou moins, écrite ≤K) : la question d'un contrat qui coûte"
            " autant quel que soit le nombre de levées qui lui manquent, comme une abondance de 9"
            " demandée avec --floor 8 --cap 9 (est-elle réussie, carte par carte ?), un test rapide"
            " par carte là où le compte entier peut prendre des secondes."))] = None,
    played: Annotated[str, typer.Option(
        "--played", metavar="CARDS",
        help=en_fr("Cards already played to the current trick, in order from the leader: \"AS KS\".",
                   "Cartes déjà jouées à la levée en cours, dans l'ordre depuis l'entame : \"AP RP\""
                   " avec --lang fr (as et roi de pique), \"AS KS\" en anglais."))] = "",
    max_seconds: Annotated[str | None, typer.Option(
        "--max-seconds", metavar="SECONDS",
        help=en_fr(
            "Give up after this long, at least 0.001 (exit status 1; a count says the team's best"
            " value if it was found by then). Most whole deals take well under a second; the"
            " slowest found among thousands (docs/solver.md, Limits): one seat against three 3 s,"
            " a piccolo (exact:1) 6 s, exact:0 (is the misère made?) 1.4 s, a lone misère count"
            " (goal min) 15 s, an abondance counted in full 10 s, two misère players together"
            " about a minute (6 s counted up to 2 with --cap 2).",
            "Abandonner après ce temps, en secondes, au moins 0,001 (code de sortie 1 ; un compte"
            " dit la meilleure valeur de l'équipe si elle a été trouvée d'ici là). La plupart des"
            " donnes entières prennent bien moins d'une seconde ; les plus lentes trouvées parmi"
            " des milliers (docs/solver.md, Limits) : une place contre trois 3 s, un piccolo"
            " (exact:1) 6 s, exact:0 (la misère est-elle réussie ?) 1,4 s, le compte d'une misère"
            " seule (objectif min) 15 s, une abondance comptée en entier 10 s, deux joueurs de"
            " misère ensemble une minute environ (6 s compté jusqu'à 2 avec --cap 2)."))] = None,
    memory: Annotated[str, typer.Option(
        "--memory", metavar="MB",
        help=en_fr(
            f"Memory of the transposition table, in megabytes, 1 to {MAX_MEMORY_MB} (a terabyte, the"
            " solver's limit; what this machine cannot allocate is refused when the search starts):"
            " more helps the longest searches"
            " (the slowest count of two misère players together in docs/solver.md: 258 million"
            " positions with 256, 194 million with 1024).",
            f"Mémoire de la table de transposition, en mégaoctets, de 1 à {MAX_MEMORY_MB} (un"
            " téraoctet, la limite du solveur ; ce que cette machine ne peut allouer est refusé au"
            " début de la recherche) : davantage aide les"
            " recherches les plus longues (le compte le plus lent de deux joueurs de misère ensemble"
            " dans docs/solver.md : 258 millions de positions avec 256, 194 millions avec 1024)."))
    ] = str(CLI_MEMORY_MB),
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Solve a position double dummy: the value of every card of the player to move.

    Example: `whist solve "N:K.Q.. QJ.K.. T9.A.. 87.J.." --trump H --leader N --played AS`:
    North led the ace of spades, hearts are trumps; East is to play, and NS take 3 more tricks
    whatever he plays.
    """
    # the numbers are read here rather than by typer, whose refusal is a usage block of four
    # lines: every refusal of whist solve is one line (exit status 2)
    language = parse_lang(lang)
    cap_k = None if cap is None else _whole_option("--cap", cap, 0, 13, language)
    floor_k = None if floor is None else _whole_option("--floor", floor, 0, 12, language)
    if floor_k is not None and cap_k is not None and floor_k >= cap_k:
        fail(Refusal(f"--floor {floor_k} must be below --cap {cap_k}: the counts run from the floor"
                     " up to the cap",
                     f"--floor {floor_k} doit être sous --cap {cap_k} : les comptes vont du plancher"
                     " jusqu'au plafond"), 2, language)
    memory_mb = _whole_option("--memory", memory, 1, MAX_MEMORY_MB, language)
    seconds = None if max_seconds is None else seconds_option("--max-seconds", max_seconds, 0.001,
                                                               language)
    try:
        lead_seat = parse_seat(leader)
        pos = Position.from_pbn(deal, parse_trump(trump, language), lead_seat,
                                parse_cards(played, language))
        seats = parse_team(team) if team is not None else frozenset((lead_seat, lead_seat.partner))
        g = parse_goal(goal)
        for name, given in (("--cap", cap_k), ("--floor", floor_k)):
            if given is not None and g.kind == "exact":
                raise SolverInputError(f"{name} goes with the goals max and min: exact:K has no count",
                                       f"{name} va avec les objectifs max et min : exact:K ne compte pas"
                                       " de levées")
    except Refusal as exc:  # ParseError, SolverInputError
        fail(exc, 2, language)
    live_cap = _live_cap(pos, cap_k)
    if floor_k is not None and floor_k >= len(pos.hand(pos.to_move)):
        floor_k = None  # at or above the tricks left it would say every card is "≤ K": counted in full
    solver = Solver(memory_mb)
    try:
        sol = _solve_waiting(solver, pos, seats, g, cap_k, seconds, language, floor_k)
    except SolverInputError as exc:  # checked again by the search
        fail(exc, 2, language)
    except TimeoutError:  # raised with --max-seconds only
        limit = seconds or 0.0
        what = Refusal(f"the search was stopped after {limit:g} s (--max-seconds)",
                       f"la recherche a été arrêtée après {number(limit, 'g', 'fr')} s (--max-seconds)")
        _stopped_exit(what, 1, solver.progress, seats, g, cap_k, live_cap, json_out, language, answer=False,
                      floor=floor_k)
    except KeyboardInterrupt:
        what = Refusal("the search was stopped (Ctrl-C)", "la recherche a été arrêtée (Ctrl-C)")
        _stopped_exit(what, 130, solver.progress, seats, g, cap_k, live_cap, json_out, language,
                      floor=floor_k)
    if json_out:
        typer.echo(json.dumps(sol.to_json()))
        return
    _print_solution(pos, sol, language)


def _whole_option(name: str, text: str, lo: int, hi: int, lang: Lang = "en") -> int:
    """The whole number an option was given, from ``lo`` to ``hi``; else one line in ``lang``
    and exit status 2."""
    try:
        if not plain_number(text):  # int() reads 1_0 as 10 and other scripts' digits: ٣ is 3
            raise ValueError(text)
        value = int(text.strip())
    except ValueError:
        fail(Refusal(f"{name} {text!r} is not a whole number: give one from {lo} to {hi}",
                     f"{name} « {text} » n'est pas un nombre entier : donnez-en un de {lo} à {hi}"),
             2, lang)
    if not lo <= value <= hi:
        fail(Refusal(f"{name} {value} is out of range: give a whole number from {lo} to {hi}",
                     f"{name} {value} est hors limites : donnez un nombre entier de {lo} à {hi}"),
             2, lang)
    return value


def _solve_waiting(solver: Solver, pos: Position, seats: frozenset[Seat], goal: Goal,
                   cap: int | None, max_seconds: float | None, lang: Lang = "en",
                   floor: int | None = None) -> Solution:
    """Solve in a daemon thread while this one waits, so that Ctrl-C is heard at once (the
    search itself cannot be interrupted; the process leaves it behind) and a status line can
    show the time spent when stderr is a terminal."""
    box: dict[str, Solution | BaseException] = {}

    def work() -> None:
        try:
            box["solution"] = solver.solve(pos, seats, goal, cap=cap, floor=floor,
                                           max_seconds=max_seconds)
        except BaseException as exc:  # handed to the waiting thread
            box["error"] = exc

    live_cap = _live_cap(pos, cap)
    worker = threading.Thread(target=work, name="whist-solve", daemon=True)
    start = time.monotonic()
    worker.start()
    err = Console(stderr=True)
    if err.is_terminal:
        with err.status(say("Solving...", "résolution…", lang)) as status:
            while worker.is_alive():
                worker.join(0.25)
                status.update(_status_text(time.monotonic() - start, solver.progress, live_cap, lang,
                                           floor))
    else:
        while worker.is_alive():
            worker.join(0.25)
    result = box.get("solution", box.get("error"))
    if isinstance(result, BaseException):
        raise result
    assert isinstance(result, Solution)
    return result


def _stopped_exit(what: Refusal, code: int, progress: SolveProgress, seats: frozenset[Seat], goal: Goal,
                  cap: int | None, live_cap: int | None, json_out: bool, lang: Lang,
                  answer: bool = True, floor: int | None = None) -> NoReturn:
    """Exit ``code`` after a stopped search: ``what`` happened, what the search had found and
    the tip of the quick question (:func:`_stopped`, :func:`_cap_tip`) on stderr in ``lang``;
    with ``--json``, on stdout too ``{"error": …, "team": …, "goal": …, "best": …,
    "cards_valued": …, "legal_cards": …}`` (``"cap"``, ``"floor"`` too where given; ``"best"`` is
    ``null`` until the search has found it, a count as in the solution's JSON)."""
    en, fr = (_stopped(what, x, progress, live_cap, answer, floor) + _cap_tip(goal, seats, cap, x, floor)
              for x in ("en", "fr"))
    message = Refusal(en, fr)
    fields: dict[str, object] = {"team": team_text(seats), "goal": goal.text}
    if cap is not None:
        fields["cap"] = cap
    if floor is not None:
        fields["floor"] = floor
    fields |= {"best": _count(progress), "cards_valued": progress.done, "legal_cards": progress.total}
    fail_json(message, code, lang, json_out, **fields)


def _cap_tip(goal: Goal, seats: frozenset[Seat], cap: int | None, lang: Lang = "en",
             floor: int | None = None) -> str:
    """After a stopped count, the quick question that the game asks instead: of two misère
    players together (the slowest question there is), whether each of them takes a trick; of a
    misère player alone, whether he takes none; of a team's most tricks, whether it takes the
    tricks of a contract."""
    if cap is not None or floor is not None or goal.kind == "exact":
        return ""
    if goal.kind == "min" and len(seats) == 2:
        return say(" Counting up to 2 (--cap 2) quickly says whether the two take no trick, one, or"
                   " two or more.",
                   " Compter jusqu'à 2 (--cap 2) dit vite si les deux ne font aucune levée, une, ou"
                   " deux ou plus.", lang)
    if goal.kind == "min" and len(seats) == 1:
        return say(" Whether the misère is made (no trick), card by card, --goal exact:0, is far"
                   " quicker.",
                   " Si la misère est réussie (aucune levée), carte par carte, --goal exact:0, est bien"
                   " plus rapide.", lang)
    if goal.kind == "max":
        return say(" Whether the team takes a contract's K tricks, card by card, --floor K-1 --cap K,"
                   " is far quicker.",
                   " Si l'équipe fait les K levées d'un contrat, carte par carte, --floor K-1 --cap K,"
                   " est bien plus rapide.", lang)
    return ""


def _live_cap(pos: Position, cap: int | None) -> int | None:
    """The cap when it cuts the counts (below the tricks left: a count of K then means K or
    more), else ``None``."""
    return cap if cap is not None and cap < len(pos.hand(pos.to_move)) else None


def _valued(progress: SolveProgress, lang: Lang) -> str:
    """``3 of 13 cards valued``, ``3 cartes évaluées sur 13``."""
    return say(f"{progress.done} of {progress.total} cards valued",
               f"{progress.done} carte{'s' if progress.done > 1 else ''} évaluée"
               f"{'s' if progress.done > 1 else ''} sur {progress.total}", lang)


def _status_text(elapsed: float, progress: SolveProgress, cap: int | None = None,
                 lang: Lang = "en", floor: int | None = None) -> str:
    """The status line of a long solve: the time spent, the best value once the search has
    found it (a count; "at least" when it is the cap, "at most" the floor), and how many of the
    cards have their value."""
    text = f"{say('Solving...', 'résolution…', lang)} {elapsed:.0f} s"
    best = _count(progress)
    if best is not None:
        best_text = f"{say('best', 'meilleur', lang)} {_tricks(best, cap, lang=lang, floor=floor)}"
        text += f"{colon(lang)} {best_text}, {_valued(progress, lang)}"
    elif progress.done:
        text += f"{colon(lang)} {_valued(progress, lang)}"
    return text + say(" (Ctrl-C to stop)", " (Ctrl-C pour arrêter)", lang)


def _stopped(what: Refusal, lang: Lang, progress: SolveProgress, cap: int | None = None,
             answer: bool = True, floor: int | None = None) -> str:
    """The message of a stopped search (``what`` happened), with what it had found: the best
    value (of a count) once known, and how many cards had their value (the values themselves are
    not printed: a table with holes would mislead); ``answer=False``: else it says there was no
    answer."""
    best = _count(progress)
    if best is not None:
        return say(f"{what.en} before every card had its value; the team's best is"
                   f" {_tricks(best, cap, floor=floor)} ({_valued(progress, lang)}).",
                   f"{what.fr} avant que chaque carte ait sa valeur ; le meilleur de l'équipe est"
                   f" {_tricks(best, cap, lang=lang, floor=floor)} ({_valued(progress, lang)}).", lang)
    return what.in_lang(lang) + ("" if answer else say(" without an answer", " sans réponse", lang)) + "."


def _count(progress: SolveProgress) -> int | None:
    """The best value found so far when it is a count of tricks (not an exact goal's yes/no)."""
    best = progress.best
    return best if isinstance(best, int) and not isinstance(best, bool) else None


def _tricks(n: int, cap: int | None = None, more: bool = False, lang: Lang = "en",
            floor: int | None = None) -> str:
    """``3 tricks``; ``at least 2 tricks`` when the count stopped at its cap, ``at most 8
    tricks`` at its floor; ``1 more trick`` with ``more``; in French ``3 levées``, ``au moins 2
    levées``, ``au plus 8 levées``, ``1 levée de plus``."""
    if lang == "fr":
        bound = "au moins " if n == cap else "au plus " if floor and n == floor else ""
        return f"{bound}{n} levée{'s' if n > 1 else ''}{' de plus' if more else ''}"
    bound = "at least " if n == cap else "at most " if floor and n == floor else ""
    return f"{bound}{n} {'more ' if more else ''}trick{'s' if n != 1 else ''}"


def _print_solution(pos: Position, sol: Solution, lang: Lang = "en") -> None:
    """The table of the cards' values, between a line that says the question and one that says
    the answer, in ``lang``."""
    console = stdout()
    fr = lang == "fr"
    if pos.trump is None:
        trump = say("no trump", "sans atout", lang)
    else:
        trump = f"atout {pos.trump.name_fr}" if fr else pos.trump.name_en
    cap = _live_cap(pos, sol.cap)
    team = team_text(sol.team, lang)
    floor = sol.floor or None  # (a floor of 0 cuts nothing)
    if fr:
        capped = f" jusqu'à {sol.cap}" if sol.cap is not None else ""
        start = f", compté à partir de {floor}" if floor is not None else ", compté" if capped else ""
        capped = start + capped
        console.print(f"{sol.to_move.name_fr} joue ({trump}) ; équipe {team}, objectif"
                      f" {sol.goal.text}{capped}.")
    else:
        capped = f" up to {sol.cap}" if sol.cap is not None else ""
        start = f", counted from {floor}" if floor is not None else ", counted" if capped else ""
        capped = start + capped
        console.print(f"{sol.to_move.name_en} to play ({trump}); team {team}, goal {sol.goal.text}{capped}.")
    table = Table(show_header=True, header_style="bold")
    table.add_column(say("card", "carte", lang))
    if sol.goal.kind == "exact":
        exactly = _tricks(sol.goal.k, more=True, lang=lang)
        table.add_column(say(f"exactly {exactly}?", f"exactement {exactly} ?", lang), justify="right")
    else:
        table.add_column(say("team tricks from now on", "levées de l'équipe d'ici la fin", lang),
                         justify="right")
    for c, v in sol.cards.items():
        mark = " *" if v == sol.best else ""
        if sol.goal.kind == "exact":
            val = say("yes", "oui", lang) if v else say("no", "non", lang)
        else:
            val = _at_cap(v, cap, floor)
        table.add_row(c.text_in(lang), val + mark)
    console.print(table)
    console.print(_star_note(sol, lang))
    if sol.goal.kind == "exact":
        left = pos.tricks_left
        exactly = _tricks(sol.goal.k, more=True, lang=lang)
        if fr:
            reach = f" (hors de portée : il reste {_tricks(left, lang=lang)})" if sol.goal.k > left else ""
            console.print(f"Meilleur jeu : l'équipe {'finit' if sol.best else 'ne finit pas'} avec"
                          f" exactement {exactly}{reach}.")
        else:
            reach = f" (out of reach: {_tricks(left)} left)" if sol.goal.k > left else ""
            console.print(f"Best play: the team {'ends' if sol.best else 'does not end'} with exactly"
                          f" {exactly}{reach}.")
    else:
        console.print(say(f"Best play: the team takes {_tricks(sol.best, cap, more=True, floor=floor)}.",
                          f"meilleur jeu : l'équipe fait {_tricks(sol.best, cap, True, lang, floor)}.", lang))


def _star_note(sol: Solution, lang: Lang = "en") -> str:
    """What the ``*`` of the table marks: the best cards of the player to move, who wants the
    team's count high or low (or exactly ``k`` reached or not) by the side it plays for."""
    with_team = sol.to_move in sol.team
    k = _tricks(sol.goal.k, lang=lang)
    aim = {
        ("max", True): ("most tricks", "le plus de levées"),
        ("max", False): ("fewest team tricks", "le moins de levées pour l'équipe"),
        ("min", True): ("fewest tricks", "le moins de levées"),
        ("min", False): ("most team tricks", "le plus de levées pour l'équipe"),
        ("exact", True): (f"exactly {k}", f"exactement {k}"),
        ("exact", False): (f"not exactly {k}", f"pas exactement {k}"),
    }[sol.goal.kind, with_team]
    if lang == "fr":
        side = "pour" if with_team else "contre"
        return f"* meilleures cartes {of_fr(sol.to_move.name_fr)} ({side} l'équipe : {aim[1]})"
    return f"* {sol.to_move.name_en}'s best cards ({'for' if with_team else 'against'} the team: {aim[0]})"


def _at_cap(v: int, cap: int | None, floor: int | None = None) -> str:
    """A count as the table prints it: ``3+`` when it is the cap (3 or more), ``≤8`` when it is
    the floor (8 or fewer)."""
    return f"{v}+" if v == cap else f"≤{v}" if v == floor else str(v)


def bench_line(label: str, r: dict[str, Any], lang: Lang = "en") -> str:
    """One measure of ``whist bench solver`` (and of ``bench/bench_solver.py``): its mean, median and
    worst time (— where none finished), over how many deals."""
    n = r["deals"]
    mean, median, most = (f"{'—':>9}" if r[k] is None else number(r[k], "9.2f", lang)
                          for k in ("mean_ms", "median_ms", "max_ms"))
    if lang == "fr":
        line = (f"{label:<30} moyenne {mean} ms   médiane {median} ms"
                f"   max {most} ms   ({n} donne{'s' if n > 1 else ''}")
        if r.get("unfinished"):
            over = r["unfinished"]
            line += f", {over} au-delà du budget de nœuds, non comptée{'s' if over > 1 else ''}"
        return line + ")"
    line = (f"{label:<26} mean {mean} ms   median {median} ms"
            f"   max {most} ms   ({n} deal{'s' if n != 1 else ''}")
    if r.get("unfinished"):
        line += f", {r['unfinished']} over the node budget, not counted"
    return line + ")"


_MEASURES = (("one_vs_three", "1 vs 3 (ours)", "1 contre 3 (le nôtre)"),
             ("misere", "misère 1 vs 3 (ours)", "misère 1 contre 3 (le nôtre)"),
             ("misere_made", "misère made? (ours)", "misère réussie ? (le nôtre)"),
             ("cards_8", "8 cards per hand (ours)", "8 cartes par main (le nôtre)"),
             ("cards_10", "10 cards per hand (ours)", "10 cartes par main (le nôtre)"))
"""The measures of our solver alone, named in English and in French."""


@fr_doc("""Millisecondes par donne (toutes les cartes de l'entame) pour notre solveur et DDS, sur
    un fil.

    Les mêmes donnes entières au hasard sont résolues par les deux dans un même processus ; aussi
    un joueur seul contre trois, la misère (avec un budget de nœuds, et le oui/non « misère
    réussie ? »), et des positions de 8 et 10 cartes par main (notre solveur seul), moitié moins de
    chacune.

    Exemple : `whist bench solver --deals 5 --lang fr` (quelques secondes).
    """)
def bench_solver(
    deals: Annotated[int, typer.Option(
        "--deals", "-n", min=1, metavar="N", help=en_fr(
            "Random whole deals solved by both; each further measure gets half as many (at"
            " least 1).",
            "Donnes entières au hasard résolues par les deux ; chaque autre mesure en a moitié"
            " moins (au moins 1)."))] = 20,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help=en_fr(
        "Seed of the random deals.", "Graine des donnes au hasard."))] = 1,
    json_out: JsonOpt = False,
    lang: BenchLangOpt = "en",
) -> None:
    """Milliseconds per deal (all cards of the leader) for our solver and DDS, one thread.

    The same random whole deals are solved by both in one process; also a lone player
    against three, misère (with a node budget, and the yes/no "misère made?"), and positions
    of 8 and 10 cards per hand (our solver only), half as many of each.

    Example: `whist bench solver --deals 5` (a few seconds).
    """
    language = parse_lang(lang)
    solving = say("solving", "résolution", language)
    progress = progress_bar(solving)
    try:
        with progress:
            task = progress.add_task(solving, total=None)
            result = run_bench(deals=deals, seed=seed, progress=lambda done, total: progress.update(
                task, completed=done, total=total))
    except KeyboardInterrupt:
        interrupted(language, json_out=json_out)
    if json_out:
        typer.echo(json.dumps(result, indent=2))
        return
    console = stdout()
    console.print(say(f"[bold]Double-dummy solver[/], {deals} random deal{'s' if deals != 1 else ''}"
                      f" (seed {seed}), one thread,"
                      " all cards of the leader, team = the leader's partnership:",
                      f"[bold]Solveur à cartes ouvertes[/], {deals} donne{'s' if deals > 1 else ''} au hasard"
                      f" (graine {seed}), un"
                      " fil, toutes les cartes de l'entame, équipe = le camp de l'entame :", language),
                  soft_wrap=True)
    console.print(bench_line(say("ours", "le nôtre", language), result["ours"], language), soft_wrap=True)
    if result.get("dds"):
        console.print(bench_line("DDS (endplay)", result["dds"], language), soft_wrap=True)
        mean, median, of_deals = (number(result[k], ".2f", language)
                                  for k in ("ratio_mean", "ratio_median", "ratio_median_deal"))
        console.print(say(f"ratio ours/DDS: mean {mean}, median {median} (median of the deals' own ratios"
                          f" {of_deals})",
                          f"rapport nôtre/DDS : moyenne {mean}, médiane {median} (médiane des rapports de"
                          f" chaque donne {of_deals})", language))
    elif "note" in result:
        console.print(say(result["note"], "endplay (DDS) n'est pas installé : pip install endplay", language))
    for key, en, fr in _MEASURES:
        if key in result:
            console.print(bench_line(say(en, fr, language), result[key], language), soft_wrap=True)
    worst = f"{result['ours']['max_ms']:.0f} ms"
    console.print(say(f"worst whole deal ({worst}):", f"pire donne entière ({worst}) :", language)
                  + f" {escape(_command_in(result['ours']['worst_command'], language))}", soft_wrap=True)


def _command_in(command: str, lang: Lang) -> str:
    """A ``whist solve`` command the bench suggests (``--trump C`` …, as English reads it), in
    ``lang``: in French with ``--lang fr`` and the trump as French reads it (``--trump T`` for
    clubs, ``SA`` for no trump), the same deal solved and shown in French; given the English
    command, a French player who added ``--lang fr`` solved a clubs deal with hearts as trumps."""
    if lang == "en":
        return command
    return re.sub(r"--trump (\S+)", lambda m: "--trump " + (
        "SA" if m[1] == "NT" else Suit("SHDC".index(m[1])).letter_fr), command) + " --lang fr"


solver_app.command("bench")(bench_solver)
