"""``whist score`` and ``whist sheet``: the score of one deal of colour whist, and the score sheet
of a whole session at a real table (RULES.md §6).

Both take their points from :mod:`whist.sheet` (the preset's scoring table): this module reads the
words typed, prints, and keeps the sheet's JSON file. The file is rewritten atomically after each
accepted entry (a temporary file beside it, flushed to disk, then renamed over it), so an entry is
either wholly saved or not at all, and an impossible entry (exit 2, the sheet's message on stderr)
leaves the file byte for byte as it was.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from whist.cards import SEATS, ParseError, Seat, parse_seat
from whist.cli_common import JsonOpt, fail, parse_lang, stdout
from whist.colour_render import Lang, contract_text, outcome_text
from whist.sheet import Entry, Sheet, SheetError, dumps, parse_entry

__all__ = ["score", "sheet_app"]

LangOpt = Annotated[str, typer.Option(
    "--lang", metavar="en|fr", help="Language of the contract names shown: en or fr.")]
PresetOpt = Annotated[str, typer.Option(
    "--preset", "-p", metavar="NAME", help="Scoring table: couleur (the club's) or pagat.")]
DeclarersOpt = Annotated[str, typer.Option(
    "--declarers", "-d", metavar="SEATS",
    help="The declarers (preneurs): N, or two or more seats as N,E or N+E.")]
TricksOpt = Annotated[str, typer.Option(
    "--tricks", "-t", metavar="T|N=0,E=1",
    help="Tricks the declarers took together (8), or each declarer's (N=0,E=1: misères, piccolo).")]
TrumpOpt = Annotated[str | None, typer.Option(
    "--trump", metavar="SUIT", help="Trump of a suited contract (S H D C, ♠, cœur …); shown only.")]
NeededOpt = Annotated[int | None, typer.Option(
    "--needed", metavar="8|9", help="Tricks a trou needs: 8 or 9 (RULES.md §5.3).")]
QueensOpt = Annotated[str, typer.Option(
    "--queens", metavar="N=2,E=1,S=1", help="Queens each player took (misère par les dames).")]
DoubleOpt = Annotated[bool, typer.Option(
    "--double", help="The deal scores double (after a passed deal, all_pass=redeal_double).")]
FileOpt = Annotated[Path, typer.Option(
    "--file", "-f", metavar="FILE", envvar="WHIST_SHEET", dir_okay=False,
    help="The sheet's JSON file (environment variable WHIST_SHEET).")]

DEFAULT_FILE = Path("whist-sheet.json")


def _entry(contract: str, declarers: str, tricks: str, trump: str | None, needed: int | None,
           queens: str, double: bool) -> Entry:
    """The entry the options describe; exit 2 with the sheet's message if they are not one."""
    try:
        entry = parse_entry(contract, declarers, tricks, trump or "",
                            "" if needed is None else str(needed), queens, "2" if double else "")
    except SheetError as exc:
        fail(str(exc), 2)
    c = entry.contract
    if c is not None and c.kind != "dames" and not tricks.strip():
        fail("give the tricks: --tricks 8 (the declarers together) or --tricks N=0,E=1", 2)
    if c is not None and c.kind == "dames" and not queens.strip():
        fail("the queens game needs the queens each player took: --queens N=2,E=1,S=1", 2)
    return entry


def _what(entry: Entry, lang: Lang) -> Text:
    c = entry.contract
    if c is None:
        return Text("penalty / pénalité", style="bold red")
    out = contract_text(c, lang)
    if c.kind == "trou" and entry.needed != 8:
        out.append(f" ({entry.needed})")
    if entry.multiplier > 1:
        out.append(f" ×{entry.multiplier}", style="bold")
    return out


def _tricks(entry: Entry) -> str:
    if entry.queens:
        return " ".join(f"{s.name}={n}" for s, n in entry.queens)
    if len(entry.tricks) == 1 and len(entry.declarers) <= 2:
        return str(entry.tricks[0][1])
    return " ".join(f"{s.name}={n}" for s, n in entry.tricks)


def _points(p: int) -> str:
    return f"{p:+d}" if p else "0"


# ----- whist score ---------------------------------------------------------------------------


def score(
    contract: Annotated[str, typer.Option(
        "--contract", "-c", metavar="CONTRACT",
        help="The contract, in French or English: 'solo 7', 'emballage 9', 'petite misère',"
        " 'grande misère sur table', chelem, trou, piccolo, dames …")],
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

    Example: whist score --contract "solo 7" --declarers N --tricks 8 prints N +21, E S W -7.
    """
    language = parse_lang(lang)
    try:
        sheet = Sheet.new(preset_name)
    except SheetError as exc:
        fail(str(exc), 2)
    entry = _entry(contract, declarers, tricks, trump, needed, queens, double)
    try:
        pts = sheet.points(entry)
    except SheetError as exc:
        fail(str(exc), 2)
    if json_out:
        typer.echo(json.dumps({s.name: pts[s] for s in SEATS}))
        return
    head = Text(f"{sheet.preset}: ", style="bold")
    head.append_text(_what(entry, language))
    if entry.declarers:
        head.append(f" · declarers / preneurs {'+'.join(s.name for s in entry.declarers)}")
    label = "queens / dames" if entry.queens else "tricks / levées"
    head.append(f" · {label} {_tricks(entry)}")
    if entry.declarers:
        head.append(" · ")
        head.append_text(outcome_text(entry.declarers, pts, {s: s.name for s in SEATS}))
    t = Table(show_header=True, box=None, padding=(0, 2))
    for s in SEATS:
        t.add_column(f"{s.name_en} ({s.name})", justify="right",
                     style="bold" if s in entry.declarers else "")
    t.add_row(*(_points(pts[s]) for s in SEATS))
    console = stdout()
    console.print(head)
    console.print(t)


# ----- whist sheet -----------------------------------------------------------------------------

sheet_app = typer.Typer(
    help="The score sheet of a colour-whist session at a real table: players' names, each deal"
    " entered by hand or from a CSV, penalties, running totals, CSV and JSON export. The sheet is"
    " kept in a JSON file (--file, default whist-sheet.json), saved after every entry.",
    no_args_is_help=True,
)


def _load(path: Path) -> Sheet:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"no score sheet in {path}: start one with `whist sheet new`", 1)
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}", 1)
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise SheetError("not a score sheet")
        return Sheet.from_json(data)
    except (json.JSONDecodeError, SheetError, ParseError) as exc:
        fail(f"{path} is not a valid score sheet: {exc}", 1)


def _save(sheet: Sheet, path: Path) -> None:
    """Write the sheet atomically: a temporary file in the same directory, flushed to disk, then
    renamed over ``path``."""
    text = dumps(sheet)
    directory = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}", 1)


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def _names(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in (p for p in text.split(",") if p.strip()):
        seat, sep, name = part.partition("=")
        try:
            s = parse_seat(seat)
        except ParseError as exc:
            fail(f"--names {text!r}: {exc}", 2)
        if not sep or not name.strip():
            fail(f"--names takes seat=name pairs, like N=Anne,E=Bert,S=Carla,W=Dirk, not {text!r}", 2)
        out[s.name] = name.strip()
    return out


def _header(sheet: Sheet, seat: Seat) -> str:
    return f"{sheet.name(seat)} ({seat.name})"


def _totals_line(sheet: Sheet) -> Text:
    totals = sheet.totals()
    out = Text("Totals / totaux: ", style="bold")
    out.append(" · ".join(f"{sheet.name(s)} {totals[s.name]}" for s in SEATS))
    return out


def _added(sheet: Sheet, lang: Lang) -> None:
    entry, pts, _ = sheet.rows()[-1]
    line = Text(f"#{len(sheet.entries)} ", style="bold")
    line.append_text(_what(entry, lang))
    if entry.contract is not None and entry.declarers:
        line.append(f" ({', '.join(sheet.name(s) for s in entry.declarers)})")
    elif entry.contract is None:
        line.append(f" {sheet.name(entry.declarers[0])}")
    line.append(": " + " · ".join(f"{sheet.name(s)} {_points(pts[s])}" for s in SEATS))
    console = stdout()
    console.print(line)
    console.print(_totals_line(sheet))


@sheet_app.command("new")
def sheet_new(
    preset_name: PresetOpt = "couleur",
    names: Annotated[str, typer.Option(
        "--names", "-n", metavar="N=Anne,E=Bert,…",
        help="The players' names by seat (default: Nord, Est, Sud, Ouest).")] = "",
    force: Annotated[bool, typer.Option("--force", help="Replace an existing sheet.")] = False,
    file: FileOpt = DEFAULT_FILE,
) -> None:
    """Start a new score sheet."""
    if file.exists() and not force:
        fail(f"{file} already holds a sheet: add to it, or start over with --force", 2)
    try:
        sheet = Sheet.new(preset_name, _names(names))
    except SheetError as exc:
        fail(str(exc), 2)
    _save(sheet, file)
    stdout().print(f"New sheet / nouvelle feuille ({sheet.preset}) in {file}: "
                   + ", ".join(_header(sheet, s) for s in SEATS), soft_wrap=True)


@sheet_app.command("add")
def sheet_add(
    contract: Annotated[list[str], typer.Argument(
        metavar="CONTRACT", help="The contract, in French or English: solo 7, emballage 9,"
        " petite misère, grande misère sur table, chelem, trou, piccolo, dames …")],
    declarers: DeclarersOpt = "",
    tricks: TricksOpt = "",
    trump: TrumpOpt = None,
    needed: NeededOpt = None,
    queens: QueensOpt = "",
    double: DoubleOpt = False,
    file: FileOpt = DEFAULT_FILE,
    lang: LangOpt = "en",
) -> None:
    """Add one deal: its contract, declarers and tricks."""
    language = parse_lang(lang)
    sheet = _load(file)
    entry = _entry(" ".join(contract), declarers, tricks, trump, needed, queens, double)
    try:
        sheet = sheet.add(entry)
    except SheetError as exc:
        fail(str(exc), 2)
    _save(sheet, file)
    _added(sheet, language)


@sheet_app.command("penalty")
def sheet_penalty(
    seat: Annotated[str, typer.Argument(metavar="SEAT", help="The offender's seat: N, E, S or W.")],
    file: FileOpt = DEFAULT_FILE,
) -> None:
    """A referee's penalty (pénalité de l'arbitre): -15 to the offender."""
    sheet = _load(file)
    try:
        sheet = sheet.add(parse_entry("penalty", seat))
    except SheetError as exc:
        fail(str(exc), 2)
    _save(sheet, file)
    _added(sheet, "en")


@sheet_app.command("undo")
def sheet_undo(file: FileOpt = DEFAULT_FILE) -> None:
    """Remove the last entry."""
    sheet = _load(file)
    try:
        last = sheet.entries[-1] if sheet.entries else None
        sheet = sheet.remove_last()
    except SheetError as exc:
        fail(str(exc), 2)
    _save(sheet, file)
    assert last is not None
    console = stdout()
    console.print(Text(f"Removed / supprimé #{len(sheet.entries) + 1}: ").append_text(_what(last, "en")))
    console.print(_totals_line(sheet))


def _deal_cell(sheet: Sheet, entry: Entry, lang: Lang) -> Text:
    """``solo 7 ♥ · N · 8``: the contract, its declarers and tricks (or the queens, the offender)."""
    out = _what(entry, lang)
    if entry.contract is None:
        return out.append(f" · {entry.declarers[0].name}")
    if entry.declarers:
        out.append(f" · {'+'.join(s.name for s in entry.declarers)}")
    out.append(f" · {_tricks(entry)}", style="dim" if entry.queens else "")
    return out


def sheet_table(sheet: Sheet, lang: Lang = "en") -> Table:
    """Each entry with each player's points and the running totals, the names as column heads."""
    t = Table(title=f"Score sheet / feuille de marque ({sheet.preset})", title_justify="left",
              show_footer=True, show_lines=False)
    t.add_column("#", justify="right")
    t.add_column("contract · declarers · tricks / contrat · preneurs · levées",
                 footer=Text("totals / totaux", style="bold"))
    totals = sheet.totals()
    for s in SEATS:
        t.add_column(_header(sheet, s), justify="right", no_wrap=True,
                     footer=Text(str(totals[s.name]), style="bold"))
    for i, (entry, pts, run) in enumerate(sheet.rows(), 1):
        cells: list[str | Text] = [str(i), _deal_cell(sheet, entry, lang)]
        for s in SEATS:
            cells.append(Text(_points(pts[s])).append(f"\n{run[s]}", style="bold"))
        t.add_row(*cells)
    t.caption = ("each player: the entry's points, below it the running total (bold)"
                 " / les points, en dessous le total")
    t.caption_justify = "left"
    return t


@sheet_app.command("show")
def sheet_show(json_out: JsonOpt = False, file: FileOpt = DEFAULT_FILE, lang: LangOpt = "en") -> None:
    """Print the sheet: every deal with each player's points and the running totals."""
    language = parse_lang(lang)
    sheet = _load(file)
    if json_out:
        typer.echo(dumps(sheet), nl=False)
        return
    stdout().print(sheet_table(sheet, language))


@sheet_app.command("import")
def sheet_import(
    csv_file: Annotated[Path, typer.Argument(
        metavar="FILE.csv", dir_okay=False,
        help="Rows with a header: contract, declarers, tricks, trump, needed, queens, double"
        " (as `whist sheet export --csv` writes them).")],
    file: FileOpt = DEFAULT_FILE,
) -> None:
    """Add every row of a CSV file, all or none."""
    sheet = _load(file)
    try:
        text = csv_file.read_text(encoding="utf-8-sig")
    except OSError as exc:
        fail(f"cannot read {csv_file}: {exc.strerror or exc}", 1)
    before = len(sheet.entries)
    try:
        sheet = sheet.add_csv(text)
    except SheetError as exc:
        fail(f"{csv_file}: {exc}; nothing was imported / rien n'a été importé", 2)
    _save(sheet, file)
    console = stdout()
    console.print(f"Imported / importé {len(sheet.entries) - before} entries from {csv_file}.",
                  soft_wrap=True)
    console.print(_totals_line(sheet))


@sheet_app.command("export")
def sheet_export(
    csv_out: Annotated[Path | None, typer.Option(
        "--csv", metavar="FILE", dir_okay=False, help="Write the sheet as CSV (- for stdout).")] = None,
    json_file: Annotated[Path | None, typer.Option(
        "--json", metavar="FILE", dir_okay=False, help="Write the sheet as JSON (- for stdout).")] = None,
    file: FileOpt = DEFAULT_FILE,
) -> None:
    """Export the sheet as CSV and/or JSON."""
    if csv_out is None and json_file is None:
        fail("say what to write: --csv FILE and/or --json FILE", 2)
    sheet = _load(file)
    for target, text in ((csv_out, sheet.to_csv()), (json_file, dumps(sheet))):
        if target is None:
            continue
        if str(target) == "-":
            typer.echo(text, nl=False)
            continue
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {target}: {exc.strerror or exc}", 1)
        stdout().print(f"Written / écrit: {target}", soft_wrap=True)
