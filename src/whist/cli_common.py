"""What the commands of ``whist`` share: the console, the one-line errors, the options that
choose the rules, the bots and the language; and what ``play``, ``simulate`` and ``replay`` do
alike for both games (the terminal game's frame, a simulation's loop, a record's frame).

Errors in what the user typed are one line on stderr and an exit status (2 for bad options, an
impossible entry or a file named that does not exist, 1 for a bad file), never a traceback.
"""

from __future__ import annotations

import errno
import json
import math
import os
import signal
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar, overload

import typer
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from whist import record
from whist.arena import arena_bot, bot_name, is_own_bot
from whist.bots import BOT_NAMES, AnyView, Bot, BotActionError, BotCrashError, get_bot
from whist.cards import SEATS, Refusal, Seat, os_reason
from whist.cli_help import en_fr, lang_defaults
from whist.cli_usage import ClosedPipe, closed_pipe
from whist.colour_render import Lang
from whist.couleur import ColourDeal
from whist.couleur_match import ColourMatch
from whist.engine import ClassicDeal
from whist.match import Match
from whist.render import amount, colon, deals_words, label, number, read_number, say, seat_letter, term
from whist.rules import (
    Rules,
    RulesError,
    changed_options,
    load_rules,
    parse_option,
    preset,
    preset_text,
    with_options,
)
from whist.session import DealLike, TableSession
from whist.terminal import TableTerminal, save_match

__all__ = [
    "BUDGET_SPAN",
    "MAX_BUDGET",
    "MIN_BUDGET",
    "BenchLangOpt",
    "GroupLangOpt",
    "JsonOpt",
    "LangOpt",
    "OptionOpt",
    "PresetOpt",
    "RulesOpt",
    "bot_failed",
    "bot_names",
    "budget_option",
    "build_rules",
    "done_of",
    "fail",
    "fail_json",
    "interrupted",
    "option_summary",
    "out_of_bounds",
    "parse_lang",
    "pass_lang",
    "per_card",
    "play_in_terminal",
    "print_deal_record",
    "print_json",
    "print_match_record",
    "print_summary",
    "progress_bar",
    "seat_bots",
    "seconds_option",
    "simulate_sessions",
    "simulation_head",
    "span",
    "stdout",
    "stopped",
    "value_text",
]

M = TypeVar("M", bound=Match | ColourMatch)
D = TypeVar("D", bound=DealLike)
A = TypeVar("A")
V = TypeVar("V", bound=AnyView)


class _Stdout(Console):
    """A console of the standard output that, cut by a closed pipe, ends the command as the rest of
    ``whist`` does (:func:`~whist.cli_usage.closed_pipe`), where rich exits 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        closed_pipe()


def stdout() -> Console:
    """The console of the standard output (no automatic highlighting, no emoji codes: a name
    typed ``Jo:smile:`` stays as typed). Where it is not a terminal (a pipe, a file) lines of
    text are not wrapped at 80 columns, so that each stays one line for ``grep`` and scripts;
    tables and panels keep their width. A closed pipe ends the command quietly
    (:func:`~whist.cli_usage.closed_pipe`)."""
    console = _Stdout(highlight=False, emoji=False)
    console.soft_wrap = not console.is_terminal
    return console


def progress_bar(label: str, *more: ProgressColumn) -> Progress:
    """A progress bar on stderr (``label``, the bar, done of total, time elapsed, then ``more``),
    gone when the work is done, and nothing at all when stderr is not a terminal (a script's
    log gets no blank line)."""
    console = Console(stderr=True)
    return Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), *more,
                    console=console, transient=True, disable=not console.is_terminal)


def bot_failed(who: str, exc: BotActionError | BotCrashError, lang: Lang = "en",
               more: tuple[str, str] = ("", ""), json_out: bool = False) -> NoReturn:
    """Exit 1 for a bot that chose what the game refuses or raised: ``Error: WHO: the bot at
    SEAT chose …`` (``who``: the option that named it and its name) and ``more``, in ``lang``;
    for one that raised, after the traceback of its own code (none where no line of it ran: a
    function of Python's own named as the bot, whose error the one line says). With ``--json``
    (``json_out``), ``{"error": …}`` on stdout too, in English (:func:`fail_json`)."""
    if isinstance(exc, BotCrashError) and "Traceback" in exc.trace:
        typer.echo(exc.trace, err=True, nl=False)
    fail_json(Refusal(f"{who}: {exc.in_lang('en')}{more[0]}", f"{who} : {exc.in_lang('fr')}{more[1]}"), 1,
              lang, json_out)


def fail(message: str | Refusal, code: int, lang: Lang = "en") -> NoReturn:
    """Print ``Error: message`` (``Erreur : message`` with ``lang`` ``fr``; a :class:`Refusal` in
    that language) on stderr and exit with ``code``."""
    head = "Erreur :" if lang == "fr" else "Error:"
    if isinstance(message, Refusal):
        message = message.in_lang(lang)
    Console(stderr=True, highlight=False, emoji=False).print(
        f"[bold red]{head}[/] {escape(controls_shown(message))}", soft_wrap=True)
    raise typer.Exit(code)


def fail_json(message: Refusal, code: int, lang: Lang, json_out: bool, **fields: object) -> NoReturn:
    """Exit ``code`` with ``message`` on stderr in ``lang``, as :func:`fail`; with ``--json``
    (``json_out``), an error object on stdout too, ``{"error": message, **fields}``, the message in
    English whatever ``lang`` (for programs, as the rest of the JSON): a program that reads the
    JSON of a command stopped (a time limit, Ctrl-C) or failing on a record gets an object, not an
    empty output, as does one whose bot of its own fails (exit 1, :func:`bot_failed`). (Bad input,
    exit 2, is said on stderr alone.)"""
    if json_out:
        typer.echo(json.dumps({"error": message.en, **fields}, ensure_ascii=False))
    fail(message, code, lang)


def controls_shown(text: str) -> str:
    r"""``text`` with each control character but the line break, and each invisible format
    character (the marks that turn text right to left), written as Python writes it in a string
    (``\x1b``, ``\t``, ``\u202e``), as the English of a refusal quotes a value (``repr``) and the
    French, between « », does not: a value quoted from a file (a record's card, its preset) cannot
    move the terminal's cursor, change its colours or show its letters in another order.

    >>> controls_shown("« \x1b[2Jbad » inconnu\n"), controls_shown("« \u202eHA »")
    ('« \\x1b[2Jbad » inconnu\n', '« \\u202eHA »')
    """
    return "".join(c.encode("unicode_escape").decode("ascii") if unicodedata.category(c) in ("Cc", "Cf")
                   and c != "\n" else c for c in text)


def interrupted(lang: Lang = "en", so_far: tuple[str, str] | None = None, json_out: bool = False,
                **fields: object) -> NoReturn:
    """Exit 130 after Ctrl-C, saying ``Error: interrupted`` in ``lang``, followed by ``so_far``
    (what was done, or kept, in English and in French) where given; with ``--json``
    (``json_out``), ``{"error": "interrupted…", **fields}`` on stdout too (:func:`fail_json`):
    ``fields``, what the command reports of the work done before it was stopped."""
    fail_json(stopped(so_far), 130, lang, json_out, **fields)


def stopped(so_far: tuple[str, str] | None = None) -> Refusal:
    """What :func:`interrupted` says: ``interrupted``, and ``so_far`` (English, French) after it."""
    if so_far is None:
        return Refusal("interrupted", "interrompu")
    return Refusal(f"interrupted: {so_far[0]}", f"interrompu : {so_far[1]}")


def print_json(data: Mapping[str, Any], error: Refusal | None = None) -> None:
    """A command's JSON on stdout, indented; that of a run stopped early names its ``error``
    first (in English, as all the JSON), as :func:`fail_json` does."""
    typer.echo(json.dumps(data if error is None else {"error": error.en, **data}, indent=2,
                          ensure_ascii=False))


# ----- options shared by several commands ---------------------------------------------------

PresetOpt = Annotated[str | None, typer.Option(
    "--preset", "-p", metavar="NAME",
    help=en_fr(
        "Preset of rules: classic, short, simple (classic whist), couleur or pagat (colour whist,"
        " whist à la couleur) (default: classic, or the preset of --rules).",
        "Préréglage des règles : classic, short, simple (whist classique), couleur ou pagat (whist à"
        " la couleur) (par défaut : classic, ou le préréglage de --rules)."))]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="NAME=VALUE",
    help=en_fr(
        "Override one option of the preset, e.g. game_points=5 or call_at_eight=off;"
        " repeatable. `whist rules` lists the options.",
        "Change une option du préréglage, par exemple game_points=5 ou call_at_eight=non ; se"
        " répète. `whist rules --lang fr` liste les options."))]
RulesOpt = Annotated[Path | None, typer.Option(
    "--rules", metavar="FILE", dir_okay=False, readable=False,
    help=en_fr(
        "TOML file of options (`preset = \"short\"`, `game_points = 7`, or an [options] table),"
        " applied after --preset and before --option (a --preset other than the file's is refused).",
        "Fichier TOML d'options (`preset = \"short\"`, `game_points = 7`, ou une table [options]),"
        " appliqué après --preset et avant --option (un --preset autre que celui du fichier est"
        " refusé)."))]
JsonOpt = Annotated[bool, typer.Option("--json", help=en_fr(
    "Print JSON only (machine-readable).",
    "N'afficher que du JSON (pour les programmes)."))]
def _lang_opt(en: str, fr: str) -> Any:
    """A command's ``--lang en|fr``, with its help in English and in French."""
    return typer.Option("--lang", metavar="en|fr", help=en_fr(en, fr))


LangOpt = Annotated[str, _lang_opt(
    "Language of all the command prints (labels, seats, contracts, results, the cards: in French R D"
    " V for roi, dame, valet), of its errors and of this help: en or fr; the JSON is the same in both.",
    "Langue de tout ce qu'affiche la commande (libellés, places, contrats, résultats, les cartes : R D"
    " V pour roi, dame, valet), de ses erreurs et de cette aide : en ou fr ; le JSON est le même dans"
    " les deux.")]
BenchLangOpt = Annotated[str, _lang_opt(
    "Language of what the benchmark prints (its labels, and its numbers as the language writes them:"
    " 9,425 in English, 9 425 in French), of its errors and of this help: en or fr; the JSON is the"
    " same in both.",
    "Langue de ce qu'affiche la mesure (ses libellés, et ses nombres comme les écrit la langue : 9,425"
    " en anglais, 9 425 en français), de ses erreurs et de cette aide : en ou fr ; le JSON est le même"
    " dans les deux.")]
GroupLangOpt = Annotated[str | None, typer.Option(
    "--lang", metavar="en|fr", show_default=False,
    help=en_fr(
        "Language of this help, and the --lang of the command that follows (`whist --lang fr play`"
        " is `whist play --lang fr`; the command's own --lang wins): en or fr.",
        "Langue de cette aide, et le --lang de la commande qui suit (`whist --lang fr play` est"
        " `whist play --lang fr` ; le --lang de la commande elle-même l'emporte) : en ou fr."))]

MIN_BUDGET = 0.01
MAX_BUDGET = 60.0
"""The range of every option that sets a bot's thinking time in seconds per card (``--budget``,
``--reference-budget``, ``--bot-budget``; calls get three times as long): from a hundredth of a
second to a minute, which is already longer than a person waits for a card. A value outside it is
refused (:func:`budget_option`)."""


def span(least: float, most: float | None = None) -> tuple[str, str]:
    """The bounds of a number, in English and in French (decimal comma): ``from 0.01 to 60``, ``de
    0,01 à 60``; without ``most``, ``of at least 0.01``, ``d'au moins 0,01``."""
    if most is None:
        return f"of at least {least:g}", f"d'au moins {number(least, 'g', 'fr')}"
    return f"from {least:g} to {most:g}", f"de {number(least, 'g', 'fr')} à {number(most, 'g', 'fr')}"


def out_of_bounds(given: str, small: bool, bounds: tuple[str, str],
                  what: tuple[str, str] = ("a number", "un nombre")) -> Refusal:
    """A number refused below its least value (``small``) or above its most: ``--seconds 0 is too
    small: give a number of seconds from 0.01 to 3600``, ``0 is too small: give a number of at
    least 1``; in French ``… est trop petit : donnez un nombre d'au moins 1``. ``given`` is what was
    typed (with the option's name if the message does not say it), ``bounds`` from :func:`span`,
    ``what`` the kind of number asked for."""
    return Refusal(f"{given} is too {'small' if small else 'large'}: give {what[0]} {bounds[0]}",
                   f"{given} est trop {'petit' if small else 'grand'} : donnez {what[1]} {bounds[1]}")


BUDGET_SPAN = span(MIN_BUDGET, MAX_BUDGET)
"""The range of a thinking time as the help of its options writes it."""


def seconds_option(name: str, text: str, least: float, lang: Lang = "en", most: float | None = None,
                   ) -> float:
    """The number of seconds the option ``name`` was given, at least ``least`` (and, with ``most``,
    at most ``most``, which refuses an infinite one too); else one line in ``lang`` and exit
    status 2 (read here rather than by typer, whose refusal is a usage block of four lines that
    takes ``nan`` as below any bound, and which reads no decimal comma). Every option of ``whist``
    that takes a decimal number is read here: in French (``lang`` ``fr``) a decimal comma is read
    too (``0,5``, :func:`~whist.render.read_number`), as the bounds are written."""
    bounds = span(least, most)
    try:
        value = read_number(text, lang)
    except Refusal as exc:  # 1.000 in French: one, or a thousand?
        fail(Refusal(f"{name} {exc.en}", f"{name} {exc.fr}"), 2, lang)
    except ValueError:
        value = math.nan
    if math.isnan(value) or (most is not None and math.isinf(value)):
        fail(Refusal(f"{name} {text!r} is not a number of seconds: give one {bounds[0]}",
                     f"{name} « {text} » n'est pas un nombre de secondes : donnez-en un {bounds[1]}"),
             2, lang)
    if value < least or (most is not None and value > most):
        fail(out_of_bounds(f"{name} {text.strip()}", value < least, bounds,
                           ("a number of seconds", "un nombre de secondes")), 2, lang)
    return value


@overload
def budget_option(name: str, text: str, lang: Lang = "en") -> float: ...
@overload
def budget_option(name: str, text: str | None, lang: Lang = "en") -> float | None: ...
def budget_option(name: str, text: str | None, lang: Lang = "en") -> float | None:
    """A bot's thinking time given to the option ``name`` (:func:`seconds_option`, from
    :data:`MIN_BUDGET` to :data:`MAX_BUDGET`); ``None`` for an option not given."""
    return None if text is None else seconds_option(name, text, MIN_BUDGET, lang, MAX_BUDGET)


def build_rules(preset_name: str | None, options: list[str] | None, rules_file: Path | None,
                lang: Lang = "en") -> Rules:
    """The rules from a preset, a TOML file and ``name=value`` overrides; exit 2 on a bad one,
    saying why in ``lang``."""
    try:
        rules = preset(preset_name or "classic")
        if rules_file is not None:
            rules = load_rules(rules_file, rules)
            if preset_name is not None and rules.preset != preset(preset_name).preset:
                raise RulesError(
                    f"--preset {preset_name} and {rules_file}'s preset {rules.preset} differ: give one of"
                    " them, or the same",
                    f"--preset {preset_name} et le préréglage {rules.preset} de {rules_file} diffèrent :"
                    " donnez l'un des deux, ou le même")
        values: dict[str, str | float] = {}
        for text in options or []:
            name, value = parse_option(text)
            values[name] = _decimal_value(rules, name, value, lang)
        rules = with_options(rules, values) if values else rules
    except RulesError as exc:
        fail(exc.in_lang(lang), 2, lang)
    return rules


def _decimal_value(rules: Rules, name: str, value: str, lang: Lang) -> str | float:
    """The value of ``--option name=value`` for :func:`~whist.rules.with_options`: that of an
    option that takes a decimal number (stake) read as ``lang`` writes numbers (in French ``0,5``
    too, :func:`~whist.render.read_number`, which refuses ``1.000`` there: one, or a thousand?);
    any other, or one that is no number (which ``with_options`` refuses in its own words), as
    typed."""
    if not isinstance(getattr(rules, name.strip().replace("-", "_"), None), float):
        return value
    try:
        return read_number(value, lang)
    except Refusal as exc:  # 1.000 in French: one, or a thousand?
        raise RulesError(f"option {name}: {exc.en}", f"l'option {name} : {exc.fr}") from None
    except ValueError:
        return value


def bot_names(text: str, count: int, lang: Lang = "en", own: bool = False) -> list[str]:
    """``count`` bot names from ``name`` (for every seat) or ``b1,b2,...``, built-in ones in lower
    case; with ``own``, bots of one's own too (``module:function``, as given: see
    :func:`whist.arena.arena_bot`). Exit 2 if bad, saying why in ``lang``."""
    names = [bot_name(w) for w in text.split(",")]
    if len(names) == 1:
        names *= count
    known = ", ".join(BOT_NAMES)
    also = (", or module:function for your own", ", ou module:fonction pour un robot à vous") if own \
        else ("", "")
    if not all(names):
        fail(Refusal(f"--bots {text!r}: a bot's name is missing (bots: {known}{also[0]})",
                     f"--bots « {text} » : il manque le nom d'un robot (robots : {known}{also[1]})"), 2, lang)
    if len(names) != count:
        fail(Refusal(f"--bots takes one bot name or {count} names separated by commas, not {text!r}"
                     f" (bots: {known}{also[0]})",
                     f"--bots prend un nom de robot ou {count} noms séparés par des virgules, pas"
                     f" « {text} » (robots : {known}{also[1]})"), 2, lang)
    for name in names:
        try:
            arena_bot(name) if own else get_bot(name)
        except Refusal as exc:  # the option named first, as the arena's --candidate does
            fail(Refusal(f"--bots: {exc.en}", f"--bots : {exc.fr}"), 2, lang)
        except ValueError as exc:
            fail(Refusal(f"--bots: {exc}", f"--bots : robot « {name} » inconnu (connus : {known})"), 2, lang)
    return names


_BOT_KINDS: dict[str, tuple[str, str]] = {
    "random": ("", "au hasard"), "heuristic": ("medium", "moyen"), "pimc": ("very strong", "très fort")}
"""What each built-in bot is, where its name does not say it in the language (as the page calls them:
moyen, très fort; au hasard for its « hasard »)."""


def bot_label(name: str, lang: Lang) -> str:
    """A bot as the terminal shows it: the name ``--bots`` takes, and in brackets what it is in
    ``lang``, where the name does not say it; a bot of one's own as it was given.

    >>> bot_label("pimc", "fr"), bot_label("random", "en"), bot_label("mybots:play", "fr")
    ('pimc (très fort)', 'random', 'mybots:play')
    """
    kind = bot_kind(name, lang)
    return f"{name} ({kind})" if kind else name


def bot_kind(name: str, lang: Lang) -> str:
    """What the built-in bot called ``name`` is, in ``lang`` (``""`` where its name says it, and for
    a bot of one's own): the words of :func:`bot_label`'s brackets.

    >>> bot_kind("heuristic", "fr"), bot_kind("heuristic", "en"), bot_kind("random", "en")
    ('moyen', 'medium', '')
    """
    en, fr = _BOT_KINDS.get(name, ("", ""))
    return fr if lang == "fr" else en


def seat_bots(seats: Iterable[Seat], names: Iterable[str], budget: float | None = None,
              ) -> dict[Seat, Bot]:
    """The bot called by each name (:func:`whist.arena.arena_bot`), at each seat in turn
    (``budget``: pimc's seconds per card; not passed to a bot of one's own)."""
    return {s: arena_bot(n, budget) for s, n in zip(seats, names, strict=True)}


def pass_lang(ctx: typer.Context, lang: str | None) -> None:
    """A group's ``--lang``: the default of the ``--lang`` of the commands under it."""
    if lang is not None:
        ctx.default_map = lang_defaults(ctx.command, lang)


def parse_lang(text: str, name: str = "--lang") -> Lang:
    """The language of ``--lang`` (en or fr), or of what ``name`` names (the environment's
    ``WHIST_LANG``); exit 2 if it is another, saying so in both (which the user reads is not
    known)."""
    t = text.strip().lower()
    if t == "fr":
        return "fr"
    if t != "en":
        fail(f"{name} takes en or fr, not {text!r} ({name} prend en ou fr, pas « {text} »)", 2)
    return "en"


def option_summary(rules: Rules, lang: Lang = "en") -> str:
    """The preset and the options that differ from it: ``classic, game_points=7``, the preset named
    and each value written as ``lang`` does (:func:`~whist.rules.preset_text`: in French ``whist
    classique``; :func:`value_text`: ``stake=0,5``, ``honours=non``; English for the JSON)."""
    changed = (f"{n}={value_text(getattr(rules, n), lang)}" for n in changed_options(rules))
    return ", ".join([preset_text(rules.preset, lang), *changed])


def value_text(v: Any, lang: Lang = "en") -> str:
    """An option's value as ``--option`` takes it (on/off, 0.5; in French oui/non, 0,5, which it
    takes too)."""
    if isinstance(v, bool):
        return say("on" if v else "off", "oui" if v else "non", lang)
    if isinstance(v, float):
        return amount(v, lang)
    return str(v)


def ready_records(records: Path, lang: Lang = "en") -> None:
    """Create the directory ``records`` (``--records``) if need be, before a game or simulation
    starts rather than when its first record is saved; exit 2 if it cannot be made or written,
    saying why in ``lang``."""
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(Refusal(f"--records {records}: cannot create this directory: {os_reason(exc)}",
                     f"--records {records} : impossible de créer ce dossier : {os_reason(exc, 'fr')}"),
             2, lang)
    if not os.access(records, os.W_OK | os.X_OK):
        fail(Refusal(f"--records {records}: cannot write in this directory",
                     f"--records {records} : impossible d'écrire dans ce dossier"), 2, lang)


# ----- whist play: the frame of the terminal game --------------------------------------------


INPUT_ENDED: dict[Lang, str] = {
    "en": "the input ended before the game did (type q to stop it); the record is saved",
    "fr": "l'entrée s'est terminée avant la fin de la partie (tapez q pour l'arrêter) ;"
          " la partie est enregistrée",
}
"""Why ``whist play`` exits 1 when its input ends mid-game, in the language of ``--lang``: input
that is no terminal's (a script of moves that ran out); Ctrl-D at a terminal stops the game as
``q`` does."""


def output_to_nowhere() -> None:
    """The standard output and error, their terminal gone, to the null device: a write to them
    would fail (EIO) before the record is saved."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)


HANGUP = getattr(signal, "SIGHUP", 1)
"""The hangup signal's number (1 where the system has no such signal): a terminal closed."""


def terminal_gone(exc: OSError) -> bool:
    """Whether ``exc`` says the terminal is gone: a read or write to it fails with EIO once its
    window is closed or its connection lost, which may come before the hangup signal does."""
    return exc.errno == errno.EIO


@contextmanager
def ended_as_interrupted() -> Iterator[list[int]]:
    """Within it (in the main thread), ``kill`` (SIGTERM) and a terminal closed (SIGHUP: its
    window, an SSH connection lost) stop what runs as Ctrl-C does, so that a game's record is
    saved: each raises ``KeyboardInterrupt`` once, the signal's number put in the list yielded
    (the command then exits 128 + that number, as the signal would have). After SIGHUP the output
    goes nowhere: the terminal is gone, and a write to it would fail before the record is saved.
    A second signal while the first is handled is ignored (``kill -9`` still ends it)."""
    got: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield got
        return

    def stop(signum: int, _frame: object) -> None:
        if got:
            return
        got.append(signum)
        if signum == getattr(signal, "SIGHUP", None):
            output_to_nowhere()
        raise KeyboardInterrupt

    wanted = [signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])]
    before = {s: signal.signal(s, stop) for s in wanted}
    try:
        yield got
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def play_in_terminal(game: TableTerminal[M, D, A, V], bots: Sequence[str], records: Path, *,
                     title: str, you: str, how: str, names: Mapping[Seat, str], more: str = "") -> None:
    """Play ``game`` in the terminal under a header in its language (``title``, the rules and seed
    and ``more``, ``you``, the ``bots`` at the other seats, each seat as ``names`` names it; ``how``
    to play), then save its match record in ``records`` and say
    where (checked first: exit 2 if it cannot be written). Stopped with ``q`` the command exits 0,
    as at the end of the match, and so with Ctrl-D at a terminal
    (:func:`~whist.terminal.line_reader`); at the end of input that is no terminal's (a pipe's, a
    file's) 1, on Ctrl-C 130, on ``kill`` (SIGTERM) or when its terminal is closed (SIGHUP) 143
    or 129, the record saved all the same
    (:func:`ended_as_interrupted`); where a bot (of one's own)
    chooses what the game refuses or raises, 1, naming it (:func:`bot_failed`), the record of the
    game so far saved; where the output is cut by a closed pipe (``whist play | head``), the quiet
    exit of :func:`~whist.cli_usage.closed_pipe`, the record of the game so far saved (also
    when the pipe closed in the header) and where said on stderr, if it is there still."""
    ready_records(records, game.lang)
    console = game.console
    session = game.session
    others = [s for s in SEATS if s is not game.human]
    lang = game.lang
    failed: BotActionError | BotCrashError | None = None

    def header() -> None:
        console.rule(f"[bold]{title}")
        console.print(f"{label('Rules', 'règles', lang)} {escape(option_summary(session.rules, lang))}"
                      f"   {label('seed', 'graine', lang)} {session.seed}{more}")
        console.print(you)
        console.print(f"{label('Bots', 'robots', lang)} "
                      + ", ".join(f"{escape(names[s])} {escape(bot_label(n, lang))}"
                                  for s, n in zip(others, bots, strict=True)))
        console.print(how)

    def stopped_at(exc: KeyboardInterrupt | OSError) -> None:
        """The game stopped by ``exc`` out of its reach (a signal's interrupt raised as it said
        its end; the terminal gone, EIO, its hangup signal not there yet): kept as it stopped."""
        if isinstance(exc, KeyboardInterrupt):
            game.stopped_by = "interrupt"
            return
        if not terminal_gone(exc):
            raise exc
        if not signalled:
            signalled.append(HANGUP)  # as if it had come (when it comes, it is ignored)
        output_to_nowhere()

    def save() -> Path:
        try:
            return save_match(session, records, players={game.human: "human",
                                                          **dict(zip(others, bots, strict=True))})
        except OSError as exc:
            fail(Refusal(f"cannot save the match record in {records}: {os_reason(exc)}",
                         f"impossible d'enregistrer la partie dans {records} : {os_reason(exc, 'fr')}"),
                 1, lang)

    with ended_as_interrupted() as signalled:
        try:
            header()
            try:
                game.run()
            except (BotActionError, BotCrashError) as exc:  # a bot of one's own: the game so far is kept
                failed = exc
                console.print(f"[bold]{term('stopped', lang)}.[/]")
            except (KeyboardInterrupt, OSError) as exc:  # where the game could not catch it
                with suppress(KeyboardInterrupt):  # a signal now says what ``exc`` says
                    stopped_at(exc)
        except ClosedPipe:  # whist play | head: the game so far is kept too, and said on stderr
            saved = save()
            with suppress(OSError):  # (stderr may be gone too)
                print(f"{label('Match record saved', 'partie enregistrée', lang)} {saved}",
                      file=sys.stderr)
            raise
        path = save()
        console.print(f"{label('Match record saved', 'partie enregistrée', lang)} {escape(str(path))}",
                      soft_wrap=True)
        again = "whist replay --lang fr" if lang == "fr" else "whist replay"  # the language it was played in
        console.print(f"{label('Replay it with', 'pour la revoir', lang)} {again} {escape(str(path))}",
                      soft_wrap=True)
    if signalled:
        raise typer.Exit(128 + signalled[0])
    if failed is not None:
        bot_failed(f"--bots {dict(zip(others, bots, strict=True))[failed.seat]}", failed, lang)
    if game.stopped_by == "interrupt":
        raise typer.Exit(130)
    if game.stopped_by == "end of input":
        fail(INPUT_ENDED[game.lang], 1, game.lang)


# ----- whist simulate: the loop over sessions, the summary ------------------------------------


def done_of(progress: Progress | int, total: int, labels: tuple[str, str]) -> tuple[str, str]:
    """How far the bar of ``progress`` went (or that count), in English and French, what it counts
    named by ``labels`` in the plural, in English and in French (Rubbers, robres): ``3 of 5
    rubbers played``, ``3 robres sur 5`` (``1 robre sur 5``), for what Ctrl-C says."""
    # a count, written whole as the total is (not 1.2e+06)
    done = progress if isinstance(progress, int) else int(progress.tasks[0].completed)
    en, many = (label.lower() for label in labels)
    one = many.removesuffix("s")  # robres, donnes: the singular
    return f"{done} of {total} {en} played", f"{done} {many if done >= 2 else one} sur {total}"


def simulate_sessions(sessions: Iterable[TableSession[M, D, A, V]], total: int, labels: tuple[str, str],
                      done: Callable[[M], int], records: Path | None, name: Callable[[int], str],
                      lang: Lang = "en", *, bots: Sequence[str],
                      deals: Callable[[M], int] | None = None,
                      report: Callable[[list[M], list[Path], Refusal], None] | None = None,
                      json_out: bool = False) -> tuple[list[M], list[Path]]:
    """Play out each of ``sessions`` (taken one after the other) with bots at every seat, a
    progress bar on stderr counting ``done(match)`` up to ``total`` (``labels``, what it counts in
    the plural in English and in French: Rubbers, robres), and with ``deals`` (a rubber's deals
    played so far) the deals played in all, there and when interrupted, as a rubber of bots that
    think takes minutes; with ``records``, save each match record there as ``name(i)`` (i from
    1) ``.json``, or ``-2.json`` … where a record of that name is there already. The matches, and
    the paths written. Ctrl-C exits 130 and a bot that chooses what the game refuses or raises
    exits 1 (:func:`bot_failed`, naming it by ``bots``, the names at N, E, S, W), both saying how
    far it went and how many records were saved (those of the sessions played out; the one
    stopped is not); after Ctrl-C, ``report`` is first given the sessions played out, if any, and
    the error to name in the JSON of their summary (with ``json_out`` and none played out, the
    error alone is the JSON); errors in ``lang``."""
    if records is not None:
        ready_records(records, lang)
    matches: list[M] = []
    paths: list[Path] = []
    label = say(*labels, lang)
    progress = progress_bar(label, *([TextColumn("{task.fields[deals]}")] if deals is not None else []))
    task = progress.add_task(label, total=total, deals="")
    counted = [0, 0]  # deals of the sessions played out, and of those and the one being played

    def how_far() -> tuple[str, str]:
        en, fr = done_of(progress, total, labels)
        if deals is not None:
            en, fr = f"{en}, {deals_words(counted[1], 'en')}", f"{fr}, {deals_words(counted[1], 'fr')}"
        if records is None:
            return en, fr
        n = len(paths)
        return (f"{en}; {n} record{'s' if n != 1 else ''} saved in {records}",
                f"{fr} ; {n} enregistrement{'s' if n >= 2 else ''} dans {records}")

    try:
        with progress:
            for i, session in enumerate(sessions, 1):
                shown = 0
                while not session.is_over:
                    if session.needs_deal:
                        session.start_deal()
                    else:
                        session.step()
                    now = done(session.match)
                    if now > shown:
                        progress.advance(task, now - shown)
                        shown = now
                    if deals is not None and counted[0] + deals(session.match) > counted[1]:
                        counted[1] = counted[0] + deals(session.match)
                        progress.update(task, deals=deals_words(counted[1], lang))
                matches.append(session.match)
                counted[0] = counted[1]
                if records is not None:
                    try:
                        players = dict(zip(SEATS, bots, strict=True))
                        rec = record.match_record(session.match, players)
                        paths.append(record.save_new(rec, records, name(i)))
                    except OSError as exc:
                        path = records / f"{name(i)}.json"
                        fail(Refusal(f"cannot write {path}: {os_reason(exc)}",
                                     f"impossible d'écrire {path} : {os_reason(exc, 'fr')}"), 1, lang)
    except KeyboardInterrupt:
        so_far = how_far()
        if report is None or not matches:
            interrupted(lang, so_far, json_out)
        summed = sum(done(m) for m in matches)  # colour whist: the deals of the sessions played out
        en, fr = (w.lower() for w in labels)
        if summed != int(progress.tasks[0].completed):
            so_far = (f"{so_far[0]}; the summary: the {summed} {en} of the sessions played out",
                      f"{so_far[1]} ; le résumé : les {summed} {fr} des parties jouées jusqu'au bout")
        elif deals is not None and counted[1] != counted[0]:
            # classic whist: the deals said count the rubber stopped, the summary's do not
            so_far = (f"{so_far[0]}; the summary: the {deals_words(counted[0], 'en')} of the {en} played"
                      " out", f"{so_far[1]} ; le résumé : {deals_words(counted[0], 'fr')} des {fr}"
                      " joués jusqu'au bout")
        report(matches, paths, stopped(so_far))  # the summary of those, its JSON naming the error
        interrupted(lang, so_far)
    except (BotActionError, BotCrashError) as exc:
        en, fr = how_far()
        bot_failed(f"--bots {bots[exc.seat]}", exc, lang, (f" (stopped: {en})", f" (arrêté : {fr})"),
                   json_out)
    return matches, paths


def print_summary(summary: dict[str, Any], paths: list[Path], json_out: bool,
                  table: Callable[[dict[str, Any]], RenderableType], lang: Lang = "en",
                  error: Refusal | None = None) -> None:
    """Print a simulation's ``summary`` (with the ``paths`` of its records) as JSON or as its
    ``table``, then the records written (in ``lang``), the path on one line (to be copied whole);
    the JSON of a simulation stopped early names its ``error`` first, as :func:`fail_json`'s."""
    if paths:
        summary["records"] = [str(p) for p in paths]
    if json_out:
        print_json(summary, error)
        return
    console = stdout()
    console.print(table(summary))
    if paths:
        n = len(paths)
        files = say(f"{n} files, the first", f"{n} fichiers, le premier", lang) if n > 1 \
            else say("1 file", "1 fichier", lang)
        console.print(f"{label('Records', 'enregistrements', lang)} {files}{colon(lang)}"
                      f" {escape(str(paths[0]))}", soft_wrap=True)


def per_card(seconds: float, lang: Lang = "en") -> str:
    """A thinking time as the arena and simulate say it: ``0.05 s per card`` (``0,05 s par carte``)."""
    return f"{number(seconds, 'g', lang)} {say('s per card', 's par carte', lang)}"


def simulation_head(rules: Rules, summary: Mapping[str, Any], lang: Lang = "en") -> list[RenderableType]:
    """The first lines of a simulation's summary in ``lang``: its ``rules`` (:func:`option_summary`
    in ``lang``) and seed, its bots (and, where one is a bot of one's own, that ``--budget`` is not
    passed to it, as the arena says) and the ``--budget`` given, if one was."""
    bots = ", ".join(f"{seat_letter(Seat[k], lang)} {bot_label(v, lang)}" for k, v in summary["bots"].items())
    if any(is_own_bot(v) for v in summary["bots"].values()):
        bots += say("   (a bot of your own: --budget is not passed to it)",
                    "   (un robot à vous : --budget ne lui est pas transmis)", lang)
    if summary.get("budget") is not None:
        bots += f"   {label('budget', 'temps', lang)} {per_card(summary['budget'], lang)}"
    return [Text(f"{label('Rules', 'règles', lang)} {option_summary(rules, lang)}"
                 f"   {label('seed', 'graine', lang)} {summary['seed']}"),
            Text(f"{label('Bots', 'robots', lang)} {bots}")]


# ----- whist replay: the frame of a record ----------------------------------------------------


def print_deal_record(file: Path, deal: ClassicDeal | ColourDeal, json_out: bool,
                      block: Callable[[], list[RenderableType]], lang: Lang = "en",
                      players: Mapping[Seat, str] | None = None) -> None:
    """Print a replayed deal record: its result as JSON, or its rules, who played each seat where
    the record says (``players``: an arena's records do) and ``block()`` (under labels in
    ``lang``)."""
    if json_out:
        typer.echo(json.dumps({"format": record.DEAL_FORMAT, "result": record.deal_result(deal)},
                              indent=2, ensure_ascii=False))
        return
    console = stdout()
    console.print(Text(f"{label('Deal record', 'enregistrement de la donne', lang)} {file}", style="bold"),
                  soft_wrap=True)
    console.print(f"{label('Rules', 'règles', lang)} {escape(option_summary(deal.rules, lang))}")
    _print_players(console, players, lang)
    console.print(Group(*block()))


def _print_players(console: Console, players: Mapping[Seat, str] | None, lang: Lang) -> None:
    """The line that says who played each seat, where a record says (``players``)."""
    if players is None:
        return
    shown = {s: say("human", "humain", lang) if who == "human" else bot_label(who, lang)
             for s, who in players.items()}
    console.print(f"{label('Players', 'joueurs', lang)} "  # (wrapped at the terminal's width)
                  + " · ".join(f"{seat_letter(s, lang)} {escape(who)}" for s, who in shown.items()))


def print_match_record(file: Path, match: Match | ColourMatch, json_out: bool,
                       blocks: Callable[[], Iterable[list[RenderableType]]], title: str,
                       summary: Callable[[], RenderableType], lang: Lang = "en",
                       players: Mapping[Seat, str] | None = None) -> None:
    """Print a replayed match record: each deal's result and the match's as JSON, or its rules,
    who played each seat where the record says (``players``), each of ``blocks()`` (one per
    deal), and ``summary()`` under a rule named ``title`` (the labels in ``lang``)."""
    deals = match.all_deals()
    if json_out:
        out = {"format": record.MATCH_FORMAT, "deals": [record.deal_result(d) for d in deals],
               "result": record.match_result(match)}
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    console = stdout()
    console.print(Text(f"{label('Match record', 'enregistrement de la partie', lang)} {file}", style="bold"),
                  soft_wrap=True)
    # a colour deal everybody passed and the dealer dealt again does not count (RULES.md §5.1)
    redeals = len(match.deals) - match.played if isinstance(match, ColourMatch) else 0
    s = "" if redeals == 1 else "s"
    again = f" (+{redeals} {say(f'redeal{s}', f'redonne{s}', lang)})" if redeals else ""
    console.print(f"{label('Rules', 'règles', lang)} {escape(option_summary(match.rules, lang))}"
                  f" · {deals_words(len(deals) - redeals, lang)}{again}")
    _print_players(console, players, lang)
    for block in blocks():
        console.print(Group(*block))
    console.rule(title)
    console.print(summary())
