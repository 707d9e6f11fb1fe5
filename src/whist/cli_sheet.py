"""``whist score`` and ``whist sheet``: the score of one deal of colour whist, and the score sheet
of a whole session or match at a real table (RULES.md §6), colour whist or classic whist.

The points come from :mod:`whist.sheet` (colour whist: the preset's scoring table) and
:mod:`whist.classic_sheet` (classic, short and simple whist: tricks and honours, games, rubbers and
the settlement, scored by the engine's own functions): this module reads the words typed and
prints; :mod:`whist.sheet_file` keeps the sheet's JSON file. ``whist sheet new`` makes the kind of
sheet the preset plays; every other subcommand works on whichever kind the file holds. The file is
rewritten atomically
after each accepted entry (a temporary file beside it, flushed to disk, then renamed over it), so
an entry is either wholly saved or not at all, and an impossible entry (exit 2, the sheet's message
on stderr) leaves the file byte for byte as it was. A sheet file that is damaged or no sheet is
refused with exit 2 too; exit 1 is kept for a file the system cannot read or write. A command that
changes the sheet holds a lock on its file from reading to writing (where the system has
``flock``), so that two scorers adding at once both have their entry kept, one after the other.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.cells import cell_len
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from whist.cards import (
    SEATS,
    ParseError,
    Refusal,
    Seat,
    Side,
    parse_seat,
    visible_text,
)
from whist.classic_sheet import (
    ClassicSheet,
    ClassicSheetError,
)
from whist.classic_sheet_render import (
    classic_closed,
    classic_foot,
    classic_sheet_table,
    classic_totals_line,
    classic_what,
    pair_names,
    pair_text,
    seat_header,
    sheet_title,
    side_name,
)
from whist.cli_common import (
    GroupLangOpt,
    JsonOpt,
    OptionOpt,
    build_rules,
    option_summary,
    parse_lang,
    pass_lang,
    stdout,
)
from whist.cli_help import HelpCommand, HelpGroup, en_fr, fr_doc
from whist.cli_sheet_options import (
    DEFAULT_FILE,
    DeclarersOpt,
    DoubleOpt,
    EntryCommand,
    FileOpt,
    HonoursOpt,
    LangOpt,
    NeededOpt,
    NewLangOpt,
    PresetOpt,
    QueensOpt,
    SheetLangOpt,
    SheetTricksOpt,
    TricksOpt,
    TrumpOpt,
)
from whist.colour_render import Lang, contract_text, outcome_text, seat_letter
from whist.render import TRICK_WORDS, colon, label, say
from whist.rules import PRESETS, preset_meant
from whist.sheet import Entry, Sheet, SheetError, dumps
from whist.sheet_file import (
    changing,
    csv_text,
    export_files,
    export_there,
    is_stream,
    locked,
    open_sheet,
    refuse,
    save_sheet,
    source_name,
    taken_refusal,
    unchanged_if_interrupted,
    write_new_file,
    write_whole,
)
from whist.sheet_input import (
    AnySheet,
    add_deal,
    add_penalty,
    colour_entry,
    colour_takes_no_option,
    new_sheet,
)
from whist.wording import SCORE, french_flags

__all__ = ["score", "sheet_app"]


def _entry(contract: str, declarers: str, tricks: str, trump: str | None, needed: int | None,
           queens: str, double: bool, lang: Lang) -> Entry:
    """The entry the options describe; exit 2 with the sheet's message if they are not one."""
    try:
        return colour_entry(contract, declarers, tricks, trump, needed, queens, double, lang, SCORE)
    except SheetError as exc:
        refuse(exc, lang)


def _what(entry: Entry, lang: Lang) -> Text:
    c = entry.contract
    if c is None:
        return Text(say("penalty", "pénalité", lang), style="bold red")
    out = contract_text(c, lang)
    if c.kind == "trou" and entry.needed != 8:
        out.append(f" ({entry.needed})")
    if entry.multiplier > 1:
        out.append(f" ×{entry.multiplier}", style="bold")
    return out


def _letters(seats: tuple[Seat, ...], lang: Lang) -> str:
    """``N+W`` (in French ``N+O``): the seats' initials in ``lang``."""
    return "+".join(seat_letter(s, lang) for s in seats)


def _counts(counts: tuple[tuple[Seat, int], ...], lang: Lang) -> str:
    """``N=0 W=1`` (in French ``N=0 O=1``): a count by seat, the seats' initials in ``lang``."""
    return " ".join(f"{seat_letter(s, lang)}={n}" for s, n in counts)


def _tricks(entry: Entry, lang: Lang) -> str:
    """The queens or the tricks as typed: ``8`` (the declarers' together) or ``N=0 W=1``, the
    seats' initials in ``lang``."""
    if entry.queens:
        return _counts(entry.queens, lang)
    return entry.tricks_text(" ", lambda s: seat_letter(s, lang))


def _points(p: int) -> str:
    return f"{p:+d}" if p else "0"


def _words(metavar: str, en: str, fr: str) -> Any:
    """The words a command takes without an option, as its option would take them (``whist score
    solo 7``, ``whist sheet new Anne Bert Carla Dirk``)."""
    return typer.Argument(metavar=metavar, show_default=False, help=en_fr(en, fr))


def _given_once(typed: list[str] | None, joiner: str, option: tuple[str, str], value: str,
                en: tuple[str, str], fr: tuple[str, str], lang: Lang) -> str:
    """The value of ``option`` (its name in English and in French), or the words ``typed``
    without it joined by ``joiner``; exit 2 if both are given (``en`` and ``fr``: what is given,
    and how to give it once)."""
    if typed and value:
        refuse(Refusal(f"{en[0]} given twice, {' '.join(typed)} and {option[0]} {value}: {en[1]} once",
                       f"{fr[0]} deux fois, {' '.join(typed)} et {option[1]} {value} : {fr[1]} une fois"),
               lang)
    return value or joiner.join(typed or [])


# ----- whist score ---------------------------------------------------------------------------


@fr_doc("""Les points de chaque joueur pour une donne de whist à la couleur, d'après le barème du
    préréglage.

    Exemple : whist score solo 7 --preneurs N --plis 8 affiche N +21, E S O -7.
    """)
def score(
    words: Annotated[list[str] | None, _words(
        "CONTRACT",
        "The contract, as `whist sheet add` takes it: solo 7, emballage 9, petite misère …; the same as"
        " --contract.",
        "Le contrat, comme le prend `whist sheet add` : solo 7, emballage 9, petite misère … ; comme"
        " --contrat.")] = None,
    contract: Annotated[str, typer.Option(
        "--contract", *french_flags("contract"), "-c", metavar="CONTRACT", show_default=False,
        help=en_fr(
            "The contract, in French or English: 'solo 7', 'emballage 9', 'petite misère',"
            " 'grande misère sur table', chelem, trou, piccolo, dames …",
            "Le contrat, en français ou en anglais : 'solo 7', 'emballage 9', 'petite misère',"
            " 'grande misère sur table', chelem, trou, piccolo, dames …"))] = "",
    declarers: DeclarersOpt = "",
    tricks: TricksOpt = "",
    preset_name: PresetOpt = "couleur",
    trump: TrumpOpt = None,
    needed: NeededOpt = None,
    queens: QueensOpt = "",
    double: DoubleOpt = False,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Each player's points for one deal of colour whist, from the preset's scoring table.

    Example: whist score solo 7 --declarers N --tricks 8 prints N +21, E S W -7.
    """
    language = parse_lang(lang)
    contract = _given_once(words, " ", ("--contract", french_flags("contract")[0]), contract,
                           ("the contract is", "give it"), ("le contrat est donné", "donnez-le"), language)
    if not contract.strip():
        refuse(SCORE.refusal(Refusal, "name the contract: {colour_deal}",
                             "nommez le contrat : {colour_deal}"), language)
    try:
        sheet = Sheet.new(preset_name)
    except SheetError as exc:
        refuse(exc, language)
    entry = _entry(contract, declarers, tricks, trump, needed, queens, double, language)
    try:
        pts = sheet.add(entry).points(entry)  # every check of a new entry
    except SheetError as exc:
        refuse(exc, language)
    if json_out:
        typer.echo(json.dumps({s.name: pts[s] for s in SEATS}))
        return
    head = Text(f"{sheet.preset}{colon(language)} ", style="bold")
    head.append_text(_what(entry, language))
    if entry.declarers:
        head.append(f" · {say('declarers', 'preneurs', language)} {_letters(entry.declarers, language)}")
    counted = say("queens", "dames", language) if entry.queens else say("tricks", TRICK_WORDS[True].many,
                                                                         language)
    head.append(f" · {counted} {_tricks(entry, language)}")
    if entry.declarers:
        head.append(" · ")
        head.append_text(outcome_text(entry.declarers, sheet.made(entry),
                                      {s: seat_letter(s, language) for s in SEATS}, language,
                                      feminine=entry.contract is not None and entry.contract.info.feminine))
    t = Table(show_header=True, box=None, padding=(0, 2))
    for s in SEATS:
        name = s.name_fr if language == "fr" else s.name_en
        t.add_column(f"{name} ({seat_letter(s, language)})", justify="right",
                     style="bold" if s in entry.declarers else "")
    t.add_row(*(_points(pts[s]) for s in SEATS))
    console = stdout()
    console.print(head)
    console.print(t)


# ----- whist sheet -----------------------------------------------------------------------------

sheet_app = typer.Typer(
    help=en_fr(
        "The score sheet of a real table. Colour whist (presets couleur, pagat): each deal's"
        " contract, declarers and tricks, penalties, each player's running total. Classic whist"
        " (presets classic, short, simple, with their --option values): each deal's tricks and"
        " honours per side, or a game won by calling at eight; the sheet keeps the games, rubbers,"
        " totals and the settlement. Players' names, CSV import, CSV and JSON export. The sheet is"
        " kept in a JSON file (--file, default whist-sheet.json), saved after every entry. Exit"
        " status: 0 when done; 2 when something is refused (an impossible entry or option, a sheet"
        " file missing, damaged or not a sheet, a CSV that cannot be imported), the file left as it"
        " was; 1 when the system cannot read or write a file.",
        "La feuille de marque d'une vraie table. Whist à la couleur (préréglages couleur, pagat) :"
        " le contrat, les preneurs et les plis de chaque donne, les pénalités, le total de chaque"
        " joueur au fil des donnes. Whist classique (préréglages classic, short, simple, avec leurs"
        " valeurs de --option) : les levées et les honneurs de chaque camp à chaque donne, ou une"
        " manche gagnée en chantant à huit ; la feuille tient les manches, les robres, les totaux"
        " et le règlement. Noms des joueurs, import CSV, export CSV et JSON. La feuille est gardée"
        " dans un fichier JSON (--file, par défaut whist-sheet.json), enregistré après chaque"
        " entrée. Code de sortie : 0 une fois fait ; 2 quand quelque chose est refusé (une entrée"
        " ou une option impossible, un fichier de feuille absent, abîmé ou qui n'est pas une"
        " feuille, un CSV qui ne peut pas être importé), le fichier restant tel qu'il était ; 1"
        " quand le système ne peut pas lire ou écrire un fichier."),
    no_args_is_help=True,
    cls=HelpGroup,
)


@sheet_app.callback()
def _sheet(ctx: typer.Context, lang: GroupLangOpt = None) -> None:
    """The score sheet's commands."""
    pass_lang(ctx, lang)


def _names(text: str, lang: Lang, typed: list[str] | None = None) -> dict[str, str]:
    """The players' names of ``--names N=Anne,E=Bert``, by seat, or of ``--names
    Anne,Bert,Carla,Dirk``, all four in the order of the seats N, E, S, W, or of the words
    ``typed`` without ``--names``, a name or ``seat=name`` each (a comma in one is the name's);
    exit 2 if they are not (or not UTF-8: the bytes of another encoding, which Python passes on
    as lone surrogates that no name keeps)."""
    if typed:
        text = " ".join(typed)
    out: dict[str, str] = {}
    if any("\udc80" <= ch <= "\udcff" for ch in text):  # a byte no UTF-8, as Python passes it on
        shown = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        refuse(Refusal(f"--names '{shown}': it is not UTF-8 text; type the names in UTF-8 (the"
                        " terminal may be set to another encoding)",
                        f"--names « {shown} » : ce n'est pas du texte UTF-8 ; tapez les noms en UTF-8"
                        " (le terminal est peut-être réglé sur un autre codage)"), lang)
    en, fr = (f"names {text!r}: ", f"noms « {text} » : ") if typed else (f"--names {text!r}: ",
                                                                         f"--names « {text} » : ")
    if typed and len(typed) == len(SEATS) and not any("=" in p for p in typed):
        blank = next((i for i, p in enumerate(typed) if not p.strip()), None)
        if blank is not None:  # ('' typed: it was left out, and the names were said not to be four)
            s = SEATS[blank]
            refuse(Refusal(f"{en}the name of {s.name} (the {('first', 'second', 'third', 'fourth')[blank]})"
                            " is empty; give four names, or name the seats (N=Anne,E=Bert)",
                            f"{fr}le nom de {s.name_fr} (le"
                            f" {('premier', 'deuxième', 'troisième', 'quatrième')[blank]}) est vide ;"
                            " donnez quatre noms, ou nommez les places (N=Anne,E=Bert)"), lang)
    parts = [p for p in typed or text.split(",") if p.strip()]
    if parts and not any("=" in p for p in parts):
        if len(parts) != len(SEATS):
            refuse(Refusal(f"{en}give the four names in the order of the seats N, E, S, W"
                            " (Anne,Bert,Carla,Dirk), or name the seats (N=Anne,E=Bert)",
                            f"{fr}donnez les quatre noms dans l'ordre des places N, E, S, O"
                            " (Anne,Bert,Carla,Dirk), ou nommez les places (N=Anne,E=Bert)"), lang)
        parts = [f"{s.name}={name}" for s, name in zip(SEATS, parts, strict=True)]
    for part in parts:
        seat, sep, name = part.partition("=")
        given = part.strip()
        if sep and not seat.strip():  # =Jo: a name that begins with '=', read as a seat's pair
            refuse(Refusal(f"{en}{given!r}: a name here cannot hold '=', which separates a seat from"
                            " its name (N=Anne); the sheet's page in the browser takes such a name",
                            f"{fr}« {given} » : un nom ne peut pas contenir « = » ici, qui sépare une"
                            " place de son nom (N=Anne) ; la page de la feuille dans le navigateur"
                            " prend un tel nom"), lang)
        try:
            s = parse_seat(seat)
        except ParseError as exc:
            refuse(SheetError.of(exc, en, fr), lang)
        if not sep:
            refuse(Refusal(f"{en}{given!r} is not seat=name (--names takes pairs like"
                            " N=Anne,E=Bert,S=Carla,W=Dirk)",
                            f"{fr}« {given} » n'est pas place=nom (--names prend des paires comme"
                            " N=Anne,E=Bert,S=Carla,O=Dirk)"), lang)
        if not visible_text(name):
            refuse(Refusal(f"{en}the name of {s.name} ({given!r}) is empty; give one, or"
                            f" leave {s.name} out to call it {s.name_en}",
                            f"{fr}le nom de {s.name_fr} (« {given} ») est vide ; donnez-en un, ou"
                            f" omettez {seat_letter(s, 'fr')} pour garder le nom {s.name_fr}"), lang)
        if "=" in name:  # N=Anne E=Bert: a comma left out, the next seat read as part of a name
            refuse(Refusal(f"{en}the name of {s.name} ({name.strip()!r}) holds '=': separate the seats"
                            " with commas (N=Anne,E=Bert)",
                            f"{fr}le nom de {s.name_fr} (« {name.strip()} ») contient « = » : séparez"
                            " les places par des virgules (N=Anne,E=Bert)"), lang)
        if s.name in out:
            refuse(Refusal(f"{en}{s.name} is named twice ({out[s.name]!r} and {name.strip()!r})",
                            f"{fr}{s.name_fr} est nommé deux fois (« {out[s.name]} » et"
                            f" « {name.strip()} »)"), lang)
        out[s.name] = name.strip()
    return out


def _totals_line(sheet: AnySheet, lang: Lang) -> Text:
    if isinstance(sheet, ClassicSheet):
        return classic_totals_line(sheet, lang)
    totals = sheet.totals()
    out = Text(label("Totals", "totaux", lang) + " ", style="bold")
    out.append(" · ".join(f"{sheet.name(s)} {totals[s.name]}" for s in SEATS))
    return out


def _added(sheet: Sheet, lang: Lang) -> None:
    entry, pts, _ = sheet.rows()[-1]
    line = Text(f"{entry_no(len(sheet.entries), lang, start=True)} ", style="bold")
    line.append_text(_what(entry, lang))
    if entry.contract is not None and entry.declarers:
        line.append(f" ({', '.join(sheet.name(s) for s in entry.declarers)})")
    elif entry.contract is None:
        line.append(f" {sheet.name(entry.declarers[0])}")
    line.append(f"{colon(lang)} " + " · ".join(f"{sheet.name(s)} {_points(pts[s])}" for s in SEATS))
    console = stdout()
    console.print(line)
    console.print(_totals_line(sheet, lang))


@sheet_app.command("new", cls=HelpCommand)
@fr_doc("""Commencer une nouvelle feuille de marque : whist à la couleur ou whist classique, selon
    le préréglage.""")
def sheet_new(
    typed: Annotated[list[str] | None, _words(
        "NAME",
        "The four players' names in the order of the seats N, E, S, W (Anne Bert Carla Dirk), or by"
        " seat (N=Anne E=Bert): the same as --names.",
        "Les noms des quatre joueurs dans l'ordre des places N, E, S, O (Anne Bert Carla Dirk), ou par"
        " place (N=Anne E=Bert) : comme --names.")] = None,
    preset_name: Annotated[str, typer.Option(
        "--preset", "-p", metavar="NAME",
        help=en_fr(
            "couleur or pagat: a colour-whist sheet (the preset's scoring table); classic, short"
            " or simple: a classic-whist sheet (games, rubbers, settlement).",
            "couleur ou pagat : une feuille de whist à la couleur (le barème du préréglage) ;"
            " classic, short ou simple : une feuille de whist classique (manches, robres,"
            " règlement)."))] = "couleur",
    options: OptionOpt = None,
    names: Annotated[str, typer.Option(
        "--names", "-n", metavar="N=Anne,E=Bert,…",
        help=en_fr(
            "The players' names by seat (N=Anne,E=Bert), or all four in the order of the seats N,"
            " E, S, W (Anne,Bert,Carla,Dirk); default: the seats' names in the sheet's --lang (North,"
            " East, South, West; Nord, Est, Sud, Ouest).",
            "Les noms des joueurs par place (N=Anne,E=Bert), ou les quatre dans l'ordre des places"
            " N, E, S, O (Anne,Bert,Carla,Dirk) ; par défaut : les noms des places dans la langue --lang"
            " de la feuille (Nord, Est, Sud, Ouest ; North, East, South, West)."))] = "",
    force: Annotated[bool, typer.Option("--force", help=en_fr(
        "Replace an existing sheet.", "Remplacer une feuille qui existe déjà."))] = False,
    file: FileOpt = DEFAULT_FILE,
    lang: NewLangOpt = "en",
) -> None:
    """Start a new score sheet: colour whist or classic whist, as the preset plays."""
    language = parse_lang(lang)
    if file.exists() and not force:
        refuse(taken_refusal(file), language)
    # a preset typed first, or among names that are not four (a name may be Court or Simple)
    word = next((w for i, w in enumerate(typed or []) if preset_meant(w)
                 and ((i == 0 and w.strip().lower() in PRESETS) or len(typed or []) != len(SEATS))), None)
    if word is not None:
        refuse(Refusal(f"{word} is a preset, not a player's name: it goes after --preset:"
                       f" --preset {preset_meant(word)}",
                       f"{word} est un préréglage, pas le nom d'un joueur : il se donne après --preset :"
                       f" --preset {preset_meant(word)}"), language)
    _given_once(typed, ",", ("--names", "--names"), names, ("the names are", "give them"),
                ("les noms sont donnés", "donnez-les"), language)
    rules = build_rules(preset_name, options, None, language)
    if rules.game != "classic" and options:
        refuse(colour_takes_no_option(rules), language)
    try:
        sheet = new_sheet(rules, _names(names, language, typed), language)
    except Refusal as exc:
        refuse(exc, language)
    if force:  # after the entry another scorer is writing, which would write the old sheet back
        with locked(file):
            save_sheet(sheet, file, language)
    else:  # of two scorers starting one sheet at once, the second is refused
        write_new_file(file, dumps(sheet), language, taken_refusal)
    if isinstance(sheet, ClassicSheet):
        what = option_summary(sheet.rules, language)
        players = " · ".join(f"{side_name(side, language)} {pair_names(sheet, side)}" for side in Side)
    else:
        what = sheet.preset
        players = ", ".join(seat_header(sheet, s, language) for s in SEATS)
    stdout().print(escape(f"Nouvelle feuille ({what}) dans {file} : {players}" if language == "fr" else
                          f"New sheet ({what}) in {file}: {players}"), soft_wrap=True)


@sheet_app.command("add", cls=EntryCommand)
@fr_doc("""Ajouter une donne. Whist à la couleur : son contrat, ses preneurs et ses plis. Whist
    classique : les levées d'un camp et les honneurs (--levées NS=8 --honneurs EO=4), ou
    `chant NS`.""")
def sheet_add(
    contract: Annotated[list[str] | None, typer.Argument(
        metavar="CONTRACT", help=en_fr(
            "Colour whist: the contract, in French or English: solo 7,"
            " emballage 9, petite misère, grande misère sur table, chelem, trou, piccolo, dames …"
            " Classic whist: nothing for a deal played out (give --tricks), or `call NS` / `chant EO`"
            " for a game won by calling at eight.",
            "Whist à la couleur : le contrat, en français ou en anglais : solo 7, emballage 9,"
            " petite misère, grande misère sur table, chelem, trou, piccolo, dames … Whist"
            " classique : rien pour une donne jouée jusqu'au bout (donnez --levées), ou `chant EO`"
            " (ou `appel EO`, `call NS`) pour une manche gagnée en chantant à huit."),
        show_default=False)] = None,
    declarers: DeclarersOpt = "",
    tricks: SheetTricksOpt = "",
    honours: HonoursOpt = None,
    trump: TrumpOpt = None,
    needed: NeededOpt = None,
    queens: QueensOpt = "",
    double: DoubleOpt = False,
    file: FileOpt = DEFAULT_FILE,
    lang: SheetLangOpt = None,
) -> None:
    """Add one deal. Colour whist: its contract, declarers and tricks. Classic whist: the tricks
    of a side and the honours (--tricks NS=8 --honours EW=4), or `call NS`."""
    with changing(file, lang) as (sheet, language):
        try:
            sheet = add_deal(sheet, " ".join(contract or []), declarers, tricks, honours, trump, needed,
                             queens, double, language)
        except Refusal as exc:
            refuse(exc, language)
        save_sheet(sheet, file, language)
    if isinstance(sheet, ClassicSheet):
        _classic_added(sheet, language)
    else:
        _added(sheet, language)


@sheet_app.command("penalty", cls=HelpCommand)
@fr_doc("""Whist à la couleur : une pénalité de l'arbitre, -15 au fautif.""")
def sheet_penalty(
    seat: Annotated[str, typer.Argument(
        metavar="SEAT", help=en_fr("The offender's seat: N, E, S, W or O (Ouest).",
                                   "La place du fautif : N, E, S, O (ou W)."))],
    file: FileOpt = DEFAULT_FILE,
    lang: SheetLangOpt = None,
) -> None:
    """Colour whist: a referee's penalty (pénalité de l'arbitre), -15 to the offender."""
    with changing(file, lang) as (sheet, language):
        try:
            sheet = add_penalty(sheet, seat)
        except Refusal as exc:
            refuse(exc, language)
        save_sheet(sheet, file, language)
    _added(sheet, language)


@sheet_app.command("undo", cls=HelpCommand)
@fr_doc("""Supprimer la dernière entrée.""")
def sheet_undo(file: FileOpt = DEFAULT_FILE, lang: SheetLangOpt = None) -> None:
    """Remove the last entry."""
    with changing(file, lang) as (sheet, language):
        try:
            shorter = sheet.remove_last()
        except (ClassicSheetError, SheetError) as exc:
            refuse(exc, language)
        save_sheet(shorter, file, language)
    if isinstance(sheet, ClassicSheet):
        assert isinstance(shorter, ClassicSheet)
        console = stdout()
        console.print(f"{_removed(len(sheet.entries), language)} {classic_what(sheet.entries[-1], language)}")
        for line in classic_foot(shorter, language):
            console.print(line)
        return
    assert isinstance(shorter, Sheet)
    last = sheet.entries[-1]
    sheet = shorter
    console = stdout()
    console.print(Text(f"{_removed(len(sheet.entries) + 1, language)} ").append_text(_what(last, language)))
    console.print(_totals_line(sheet, language))


def entry_no(number: int, lang: Lang, start: bool = False) -> str:
    """An entry's number as each language writes it: ``#3``, in French ``n° 3`` (a no-break
    space), as the sheet's page does, ``N° 3`` at the ``start`` of a line."""
    return f"{'N' if start else 'n'}°\u00a0{number}" if lang == "fr" else f"#{number}"


def _removed(number: int, lang: Lang) -> str:
    """``Removed #3:``, in French ``Supprimé n° 3 :``."""
    return f"{say('Removed', 'supprimé', lang)} {entry_no(number, lang)}{colon(lang)}"


def _deal_cell(sheet: Sheet, entry: Entry, lang: Lang) -> Text:
    """``solo 7 ♥ · N · 8``: the contract, its declarers and tricks (or the queens, the offender)."""
    out = _what(entry, lang)
    if entry.contract is None:
        return out.append(f" · {seat_letter(entry.declarers[0], lang)}")
    if entry.declarers:
        out.append(f" · {_letters(entry.declarers, lang)}")
    out.append(f" · {_tricks(entry, lang)}", style="dim" if entry.queens else "")
    return out


LEGIBLE = 18
"""The narrowest a colour sheet's contract column is made where the terminal is too narrow for the
whole table: ``grande misère sur`` on one line; the players' names give way first."""


def _longest(texts: Iterable[str], split: Callable[[str], list[str]] = str.splitlines) -> int:
    """The width of the widest piece of ``texts``, each cut by ``split`` (into lines, words)."""
    return max((cell_len(piece) for text in texts for piece in split(text)), default=0)


def _shrink(wanted: list[int], least: list[int], room: int) -> list[int]:
    """``wanted`` widths made to fit in ``room``, the widest narrowed first, each one no narrower
    than its ``least``."""
    out = list(wanted)
    while sum(out) > room:
        narrower = [i for i, w in enumerate(out) if w > least[i]]
        if not narrower:
            break
        out[max(narrower, key=lambda i: out[i])] -= 1
    return out


def sheet_table(sheet: Sheet, lang: Lang = "en", width: int | None = None) -> Table:
    """Each entry with each player's points and the running totals, the names as column heads.
    Where the table is wider than ``width`` (the terminal's), the contract column wraps down to
    :data:`LEGIBLE` characters (its words whole), then the names wrap onto a second line, and are
    shortened with … only if that is not enough; the points are never cut."""
    rows = sheet.rows()
    deals = [_deal_cell(sheet, entry, lang) for entry, _, _ in rows]
    totals = sheet.totals()
    heads = [seat_header(sheet, s, lang) for s in SEATS]
    numbers = [[_points(pts[s]) for _, pts, _ in rows] + [str(run[s]) for _, _, run in rows]
               + [str(totals[s.name])] for s in SEATS]
    contract_width: int | None = None
    player_widths: list[int | None] = [None] * len(SEATS)
    room = 0 if width is None else width - 3 * (len(SEATS) + 2) - 1 - len(str(len(rows)))
    foot = say("totals", "totaux", lang)
    natural = _longest([d.plain for d in deals] + [foot])
    whole = [cell_len(h) for h in heads]
    if width is not None and natural + sum(whole) > room:  # room: less borders, padding and #
        least = [max(_longest(n), 3) for n in numbers]  # a name keeps its seat: (N)
        words = [max(_longest([h], str.split), m) for h, m in zip(heads, least, strict=True)]
        contract_width = min(natural, max(LEGIBLE, room - sum(whole)),
                             max(room - sum(least), _longest([d.plain for d in deals], str.split)))
        left = room - contract_width  # the names on one line, else wrapped, else cut
        player_widths = list(_shrink(_shrink(whole, words, left), least, left))
    t = Table(title=f"{sheet_title(lang)} ({sheet.preset})", title_justify="left",
              show_footer=True, show_lines=False)
    t.add_column("#", justify="right")
    t.add_column(say("contract · declarers · tricks", "contrat · preneurs · plis", lang),
                 width=contract_width, footer=Text(foot, style="bold"))
    for s, head, player_width in zip(SEATS, heads, player_widths, strict=True):
        t.add_column(Text(head), justify="right", no_wrap=player_width is None, width=player_width,
                     footer=Text(str(totals[s.name]), style="bold"))
    for i, ((_, pts, run), deal) in enumerate(zip(rows, deals, strict=True), 1):
        cells: list[str | Text] = [str(i), deal]
        for s in SEATS:
            cells.append(Text(_points(pts[s])).append(f"\n{run[s]}", style="bold"))
        t.add_row(*cells)
    t.caption = say("each player: the entry's points, below it the running total (bold)",
                    "chaque joueur : les points de l'entrée, en dessous le total (en gras)", lang)
    t.caption_justify = "left"
    return t


@sheet_app.command("show", cls=HelpCommand)
@fr_doc("""Afficher la feuille. Whist à la couleur : chaque donne avec les points de chaque joueur
    et les totaux au fil des donnes. Whist classique : chaque donne avec les points de chaque camp,
    la marque de la manche, les manches et les robres à mesure qu'ils se ferment, les totaux et le
    règlement.""")
def sheet_show(json_out: JsonOpt = False, file: FileOpt = DEFAULT_FILE, lang: SheetLangOpt = None) -> None:
    """Print the sheet. Colour whist: every deal with each player's points and the running totals.
    Classic whist: every deal with each side's points, the game score, the games and rubbers as
    they close, the totals and the settlement."""
    sheet, language = open_sheet(file, lang)
    if json_out:
        typer.echo(dumps(sheet), nl=False)
        return
    console = stdout()
    if isinstance(sheet, ClassicSheet):
        console.print(classic_sheet_table(sheet, language, console.width))
        for line in classic_foot(sheet, language):
            console.print(line)
        return
    console.print(sheet_table(sheet, language, console.width))


@sheet_app.command("import", cls=HelpCommand)
@fr_doc("""Ajouter chaque ligne d'un fichier CSV, toutes ou aucune.""")
def sheet_import(
    csv_file: Annotated[Path, typer.Argument(
        metavar="FILE.csv", dir_okay=False, readable=False,
        help=en_fr(
            "Rows with a header (- for the standard input), as `whist sheet export --csv` writes"
            " them (or a spreadsheet with"
            " semicolons), in UTF-8 or else Windows-1252 (as Excel on Windows saves \"CSV (séparateur :"
            " point-virgule)\"; a warning says so), or UTF-16 with its byte order mark: colour whist"
            " contract,"
            " declarers, tricks, trump (S, H, D, C as the export writes it: C is clubs, on a French"
            " sheet too; or the suit's name, hearts, cœur), needed, queens, double; classic whist"
            " kind (deal or call), side,"
            " tricks (of that side), honours (NS=3, EW=4 or none); both: name_N … name_W, the players'"
            " names, which name the seats the sheet still calls North, East … (Nord, Est …). A deal's"
            " columns may be named in French too, as its options are: contrat, preneurs, plis (levées),"
            " atout, dames, honneurs. Other columns (a note, a"
            " date) are not read, but one named nearly as one of these (neded) is refused as mistyped.",
            "Des lignes sous un en-tête (- pour l'entrée standard), comme les écrit `whist sheet"
            " export --csv` (ou un tableur avec des points-virgules), en UTF-8 ou sinon en"
            " Windows-1252 (comme Excel sous Windows enregistre « CSV (séparateur : point-virgule) » ;"
            " un avertissement le dit), ou en UTF-16 avec sa marque d'ordre des octets. Colonnes, en"
            " anglais : whist à la couleur contract, declarers,"
            " tricks, trump (S, H, D, C comme l'écrit l'export : C y est trèfle, sur une feuille en"
            " français aussi ; ou le nom de la couleur, cœur, trèfle), needed, queens, double ;"
            " whist classique kind (deal ou call), side,"
            " tricks (de ce camp), honours (NS=3, EO=4 ou none) ; les deux : name_N … name_W, les"
            " noms des joueurs, qui nomment les places que la feuille appelle sinon Nord, Est …"
            " (North, East …). Les colonnes d'une donne se nomment aussi en français, comme ses"
            " options : contrat, preneurs, plis (levées), atout, dames, honneurs."
            " D'autres colonnes (une note, une date) ne sont pas lues, mais une nommée presque comme"
            " l'une de celles-ci (neded) est refusée comme une faute de frappe."))],
    again: Annotated[bool, typer.Option("--again", help=en_fr(
        "Import rows that are on the sheet already, in the same order (without it, two rows or"
        " more that repeat entries of the sheet one for one are refused as a CSV imported before).",
        "Importer des lignes qui sont déjà sur la feuille, dans le même ordre (sans cela, deux"
        " lignes ou plus qui répètent une à une des entrées de la feuille sont refusées, comme un"
        " CSV déjà importé)."))] = False,
    file: FileOpt = DEFAULT_FILE,
    lang: SheetLangOpt = None,
) -> None:
    """Add every row of a CSV file, all or none."""
    with unchanged_if_interrupted(file, lang):  # the CSV read first: typing it holds no lock
        language = open_sheet(file, lang)[1]
        text = csv_text(csv_file, language)
    en, fr = source_name(csv_file)
    with changing(file, lang) as (sheet, language):
        before = len(sheet.entries)
        try:
            sheet = sheet.add_csv(text)
        except (SheetError, ClassicSheetError) as exc:
            refuse(Refusal(f"{en}: {exc.en}; nothing was imported",
                            f"{fr} : {exc.fr} ; rien n'a été importé"), language)
        at = None if again else _repeated_at(sheet.entries[:before], sheet.entries[before:])
        if at is not None:
            n, first, last = len(sheet.entries) - before, at + 1, at + len(sheet.entries) - before
            refuse(Refusal(
                f"{en}: its {n} rows are entries #{first} to #{last} of the sheet already"
                " (imported before?); nothing was imported; --again imports them once more",
                f"{fr} : ses {n} lignes sont déjà les entrées n° {first} à {last} de la"
                " feuille (déjà importé ?) ; rien n'a été importé ; --again les importe une fois"
                " de plus"), language)
        save_sheet(sheet, file, language)
    keeps = sheet.POINTS_KEPT
    for line in sheet.stated_points_differ(text, language):
        typer.echo(f"Attention : {fr} {line} (la feuille garde {keeps[1]})"
                   if language == "fr" else
                   f"Warning: {en} {line} (the sheet keeps {keeps[0]})", err=True)
    console = stdout()
    n = len(sheet.entries) - before
    console.print(f"{n} entrée{'s' if n > 1 else ''} importée{'s' if n > 1 else ''} de {fr}."
                  if language == "fr" else f"Imported {n} entr{'y' if n == 1 else 'ies'} from {en}.",
                  soft_wrap=True)
    console.print(_totals_line(sheet, language))


def _repeated_at(old: Sequence[object], new: Sequence[object]) -> int | None:
    """Where ``new`` (two entries or more) runs one for one within ``old``, its first index
    there, or None: a CSV imported twice (or exported and imported into the same sheet). One
    entry alone may well be a deal played again."""
    n = len(new)
    if n < 2:
        return None
    return next((i for i in range(len(old) - n + 1) if tuple(old[i:i + n]) == tuple(new)), None)


@sheet_app.command("export", cls=HelpCommand)
@fr_doc("""Exporter la feuille en CSV et/ou en JSON, chacun avec les noms des joueurs
    (`whist sheet export feuille.csv` : le format dit par la fin du nom). Un fichier
    CSV commence par une marque d'ordre des octets (BOM), pour qu'Excel lise ses accents en UTF-8
    (pas sur la sortie standard). Un fichier qui existe déjà est refusé sans --force ; chaque
    fichier est écrit en entier ou pas du tout (un fichier temporaire, puis renommé).""")
def sheet_export(
    target: Annotated[Path | None, typer.Argument(
        metavar="FILE", dir_okay=False, readable=False, show_default=False, help=en_fr(
            "A file to write, as CSV if its name ends in .csv, as JSON if in .json: the same as"
            " --csv FILE or --json FILE.",
            "Un fichier à écrire, en CSV si son nom finit par .csv, en JSON s'il finit par .json :"
            " comme --csv FICHIER ou --json FICHIER."))] = None,
    csv_out: Annotated[Path | None, typer.Option(
        "--csv", metavar="FILE", dir_okay=False, readable=False, help=en_fr(
            "Write the sheet as CSV (- for stdout).",
            "Écrire la feuille en CSV (- pour la sortie standard)."))] = None,
    json_file: Annotated[Path | None, typer.Option(
        "--json", metavar="FILE", dir_okay=False, readable=False, help=en_fr(
            "Write the sheet as JSON (- for stdout).",
            "Écrire la feuille en JSON (- pour la sortie standard)."))] = None,
    separator: Annotated[str, typer.Option(
        "--separator", metavar=",|;",
        help=en_fr(
            "What separates the cells of the CSV: a comma, or a semicolon (--separator ';') for a"
            " spreadsheet set to French, which reads a comma as the decimal point.",
            "Ce qui sépare les cellules du CSV : une virgule, ou un point-virgule (--separator ';')"
            " pour un tableur réglé en français, qui lit la virgule comme séparateur décimal."))] = ",",
    force: Annotated[bool, typer.Option("--force", help=en_fr(
        "Replace a file --csv or --json names that is there already (without it, such a file is"
        " refused and nothing is written).",
        "Remplacer un fichier que nomment --csv ou --json s'il existe déjà (sans cela, un tel"
        " fichier est refusé et rien n'est écrit)."))] = False,
    file: FileOpt = DEFAULT_FILE,
    lang: SheetLangOpt = None,
) -> None:
    """Export the sheet as CSV and/or JSON, each with the players' names (`whist sheet export
    sheet.csv`: the format by the name's ending). A CSV file begins with a byte order mark, so
    that Excel reads its accents as UTF-8 (not on stdout). A file already there is refused without
    --force; each file is written whole or not at all (a temporary file, then renamed)."""
    sheet, language = open_sheet(file, lang)
    csv_out, json_file = export_files(target, csv_out, json_file, separator, force, file, language)
    # Excel reads a CSV without a byte order mark in the system's code page (ChloÃ© for Chloé)
    for target, text, encoding in ((csv_out, sheet.to_csv(separator), "utf-8-sig"),
                                   (json_file, dumps(sheet), "utf-8")):
        if target is None:
            continue
        if str(target) == "-":
            typer.echo(text, nl=False)
            continue
        stream = is_stream(target)  # a device or a pipe: written into, never replaced
        if force or stream:
            write_whole(target, text, language, encoding)
        else:  # claimed first, as whist sheet new claims a new sheet
            write_new_file(target, text, language, export_there, encoding)
        written = f"{label('Written', 'écrit', language)} {target}"
        if stream:  # (on stderr: the standard output may be that stream, /dev/stdout)
            typer.echo(written, err=True)
        else:
            stdout().print(written, soft_wrap=True)


def _classic_added(sheet: ClassicSheet, lang: Lang) -> None:
    """What ``whist sheet add`` says of a classic-whist deal just added: its points, the game
    score, a game or rubber it closed, the sheet's foot."""
    row = sheet.rows()[-1]
    console = stdout()
    console.print(f"{entry_no(len(sheet.entries), lang, start=True)} {classic_what(row.entry, lang)}"
                  f"{colon(lang)} "
                  + " · ".join(f"{side_name(side, lang)} {_points(row.points.total[side])}" for side in Side)
                  + f" → {say('score', 'marque', lang)} {pair_text(row.score)}", soft_wrap=True)
    closed = classic_closed(row, lang, sheet.rules)
    if closed:
        console.print(Text(closed.replace("\n", " · "), style="bold"))
    for line in classic_foot(sheet, lang):
        console.print(line)
