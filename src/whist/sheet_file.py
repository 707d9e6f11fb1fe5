"""The score sheet's file for ``whist sheet`` (:mod:`whist.cli_sheet`): reading it (a sheet of
either game, or a clear refusal: no such file, not UTF-8, not a sheet, a game's record instead),
holding it locked while a command changes it, and writing it, or an export (which files, checked
before either is written), whole or not at all; the text of a CSV file to import, in whichever
encoding a spreadsheet saved it.

Every refusal exits through :func:`refuse`: 2 for a file that is not there or is no sheet, 1 for
a file the system cannot read or write.
"""

from __future__ import annotations

import codecs
import io
import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer

from whist import record
from whist.cards import Refusal, os_reason, read_at_most
from whist.cli_common import fail, interrupted, parse_lang
from whist.cli_usage import sheet_file_lang
from whist.colour_render import Lang
from whist.sheet import dumps
from whist.sheet_input import AnySheet, read_sheet

__all__ = ["cannot", "changing", "csv_text", "export_files", "export_there", "is_stream", "load_sheet",
           "locked", "open_sheet", "refuse", "same_file", "save_sheet", "source_name", "taken_refusal",
           "unchanged_if_interrupted", "write_new_file", "write_whole"]


def refuse(exc: Refusal, lang: Lang, code: int = 2) -> NoReturn:
    """Exit ``code`` with the refusal's text in ``lang`` (a sheet's error, or one written here as
    ``Refusal(english, french)``)."""
    fail(exc.in_lang(lang), code, lang)


def load_sheet(path: Path, lang: Lang) -> AnySheet:
    """The sheet the file holds, colour or classic; exit 2 if there is no such file (as for a
    missing ``--rules FILE``) or it is no sheet (not UTF-8, not JSON, JSON nested too deeply to
    read, or a sheet with an impossible entry), as for any other sheet refused; 1 only if the
    system cannot read it."""
    invalid = f"{path} is not a valid score sheet: ", f"{path} n'est pas une feuille de marque valable : "
    try:
        text = _sheet_text(path)
    except Refusal as exc:  # too large
        refuse(exc, lang)
    except FileNotFoundError:
        refuse(Refusal(f"no score sheet in {path}: start one with `whist sheet new`",
                        f"pas de feuille de marque dans {path} : commencez-en une avec `whist sheet new`"),
                lang)
    except UnicodeDecodeError:
        refuse(Refusal(f"{invalid[0]}it is not UTF-8 text", f"{invalid[1]}ce n'est pas du texte UTF-8"),
                lang)
    except OSError as exc:
        refuse(cannot("read", path, exc), lang, 1)
    try:
        return read_sheet(text)
    except Refusal as exc:
        if _is_record(text):
            refuse(Refusal(f"{path} is a record of a game, not a score sheet: replay it with whist replay"
                            f" {path}",
                            f"{path} est l'enregistrement d'une partie, pas une feuille de marque :"
                            f" revoyez-la avec whist replay --lang fr {path}"), lang)
        refuse(Refusal(invalid[0] + exc.en, invalid[1] + exc.fr), lang)


def _sheet_text(path: Path) -> str:
    """The text of the sheet file ``path`` (at most the size whist reads of any file): UTF-8,
    after a byte order mark if there is one, as Windows' Notepad writes it."""
    return read_at_most(path, ("a score sheet", "une feuille de marque")).decode("utf-8-sig")


def _is_record(text: str) -> bool:
    """Whether ``text`` is the JSON of a deal or match record (whist play, simulate)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") in (record.DEAL_FORMAT, record.MATCH_FORMAT)


def open_sheet(path: Path, lang: str | None) -> tuple[AnySheet, Lang]:
    """The sheet the file holds and the language to speak: ``--lang`` where given, else the
    sheet's own (English for a refusal before the sheet is read)."""
    given = None if lang is None else parse_lang(lang)
    sheet = load_sheet(path, given or "en")
    return sheet, given or sheet.lang


@contextmanager
def changing(path: Path, lang: str | None) -> Iterator[tuple[AnySheet, Lang]]:
    """The sheet the file holds and the language to speak, as :func:`open_sheet`, the file locked
    until the block is done: another ``whist sheet`` command that changes the sheet waits there
    meanwhile, then reads the sheet this one wrote (without the lock, the entry of one of two
    scorers adding at once was lost). The lock is taken on the file itself and taken again if,
    while waiting, the file was replaced (as :func:`write_whole` replaces it); where the file cannot be
    opened, :func:`open_sheet` says why. Ctrl-C while waiting exits 130, the sheet unchanged. What may
    take long other than the wait (a CSV typed on the standard input) is done before, so that
    another scorer is not kept waiting meanwhile."""
    with unchanged_if_interrupted(path, lang), locked(path):
        yield open_sheet(path, lang)


@contextmanager
def unchanged_if_interrupted(path: Path, lang: str | None) -> Iterator[None]:
    """Ctrl-C in the block exits 130 saying that the sheet ``path`` is unchanged, in the language
    of ``--lang``, else the sheet's."""
    try:
        yield
    except KeyboardInterrupt:
        language = parse_lang(lang) if lang is not None else sheet_file_lang(["--file", str(path)])
        interrupted("fr" if language == "fr" else "en", (f"{path} is unchanged", f"{path} n'a pas changé"))


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """An exclusive ``flock`` on the file ``path`` names, held until the block is done, on the
    file as it is then (a file renamed over ``path`` while this waited is locked in its turn);
    nothing where the system has no ``flock``, the file system refuses it, or the file cannot be
    opened."""
    if sys.platform == "win32":  # pragma: no cover - no flock on Windows
        yield
        return
    import fcntl

    while True:
        try:
            f = open(path, "rb")  # noqa: SIM115 - closed below, after the block
        except OSError:
            yield
            return
        try:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX)
            except OSError:  # a file system without locks (some network ones): as without flock
                yield
                return
            try:
                held, now = os.fstat(f.fileno()), os.stat(path)
                same = (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino)
            except OSError:  # gone while this waited
                same = False
            if same:
                yield
                return
        finally:
            f.close()


def cannot(verb: str, path: Path, exc: OSError) -> Refusal:
    """``cannot read FILE: why`` (``verb`` read or write), in English and French; the system's
    reason in each (:func:`~whist.cards.os_reason`)."""
    fr = "de lire" if verb == "read" else "d'écrire"
    return Refusal(f"cannot {verb} {path}: {os_reason(exc)}",
                   f"impossible {fr} {path} : {os_reason(exc, 'fr')}")


def save_sheet(sheet: AnySheet, path: Path, lang: Lang) -> None:
    """Write the sheet's file (atomically, as :func:`write_whole`)."""
    write_whole(path, dumps(sheet), lang)


def write_whole(path: Path, text: str, lang: Lang, encoding: str = "utf-8") -> None:
    """Write ``text`` in ``encoding`` atomically: a temporary file in the same directory, flushed
    to disk, then renamed over ``path``, so the file is whole or as it was. A file without write
    permission is refused (the rename alone would replace it, as it needs only the directory's
    permission). A symbolic link is written through: the file it names is replaced, the link
    kept (renamed over, the link became a file of its own and the sheet it named stayed behind).
    What is not a regular file (a device such as ``/dev/stdout`` or ``/dev/full``, a named pipe) is
    written into, as ``>`` in the shell does: renamed over, it was replaced by a file, and a full
    device took the text without a word."""
    named = path
    path = Path(os.path.realpath(path))
    directory = path.parent
    try:
        if named.exists() and not stat.S_ISREG(named.stat().st_mode):
            with open(named, "w", encoding=encoding) as f:
                f.write(text)
            return
        if path.exists() and (not os.access(path, os.W_OK) or not path.stat().st_mode & 0o222):
            refuse(Refusal(f"cannot write {named}: it is read-only; make it writable, or use another file",
                            f"impossible d'écrire {named} : le fichier est en lecture seule ; rendez-le"
                            " modifiable, ou prenez un autre fichier"), lang, 1)
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding=encoding) as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        refuse(cannot("write", named, exc), lang, 1)


def write_new_file(path: Path, text: str, lang: Lang, taken: Callable[[Path], Refusal],
                   encoding: str = "utf-8") -> None:
    """Write ``text`` as :func:`write_whole` does, to a file that is not there yet: the name is claimed
    first (:func:`whist.record.write_new`), so that of two commands making one file at once the
    second is refused with ``taken(path)`` (made once the other file is there) rather than
    replacing the first's; where the writing fails, the empty file claimed is removed."""
    try:
        record.write_new(path, lambda: write_whole(path, text, lang, encoding))
    except FileExistsError:
        refuse(taken(path), lang)
    except OSError:  # the name could not be claimed: write_whole says why the file cannot be written
        write_whole(path, text, lang, encoding)


STILL_EMPTY = 10.0
"""Seconds after which an empty file named for a new sheet is taken for no sheet (a sheet being
written is empty for less than a second)."""


def taken_refusal(path: Path) -> Refusal:
    """Why ``whist sheet new`` does not write a sheet to ``path``, which another file holds: a
    sheet there (add to it), or a file that is not one (a damaged sheet, another file named by
    mistake), which was said to hold a sheet too. Only a regular file is read (a pipe would wait);
    an empty one is taken for a sheet another scorer is writing at that moment, unless it has been
    empty for longer than any writing takes (:data:`STILL_EMPTY` seconds): then it is no sheet,
    as ``whist sheet add`` says of it."""
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file")
        if not st.st_size and time.time() - st.st_mtime > STILL_EMPTY:
            raise ValueError("an empty file")
        if st.st_size:
            read_sheet(_sheet_text(path))
    except (Refusal, OSError, ValueError):
        return Refusal(f"{path} already exists and is not a score sheet: name another file (--file),"
                       " or replace it with --force",
                       f"{path} existe déjà et n'est pas une feuille de marque : nommez un autre fichier"
                       " (--file), ou remplacez-le avec --force")
    return Refusal(f"{path} already holds a sheet: add to it, or start over with --force",
                   f"{path} contient déjà une feuille : ajoutez-y des donnes, ou recommencez avec --force")


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def source_name(path: Path) -> tuple[str, str]:
    """How a message names the file ``path`` a CSV is imported from, in English and French:
    ``-`` is the standard input."""
    return ("the standard input", "l'entrée standard") if str(path) == "-" else (str(path), str(path))


def csv_text(path: Path, lang: Lang) -> str:
    """The text of a CSV file to import: UTF-16 where it begins with its byte order mark, else
    UTF-8 (a byte order mark before it or not), or else Windows-1252, in which Excel on Windows
    saves "CSV (séparateur : point-virgule)", said on stderr; line ends read as
    :meth:`Path.read_text` reads them. Exit 2 if there is no such file or it is none of them
    (Windows-1252 leaves five bytes undefined: 0x81, 0x8D, 0x8F, 0x90, 0x9D), 1 if the system
    cannot read it, 2 too if it holds more than :data:`~whist.cards.MAX_FILE_BYTES`, as a sheet
    file does. ``-`` is the standard input, as ``export --csv -`` writes to the standard output."""
    try:
        data = read_at_most(path, ("a CSV file to import", "un fichier CSV à importer"),
                            stream=sys.stdin.buffer if str(path) == "-" else None)
    except Refusal as exc:  # too large
        refuse(exc, lang)
    except FileNotFoundError as exc:
        refuse(cannot("read", path, exc), lang)
    except OSError as exc:
        refuse(cannot("read", path, exc), lang, 1)
    en, fr = source_name(path)
    # UTF-16 by its byte order mark, as Notepad or LibreOffice may save a CSV
    utf16 = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    for encoding in ("utf-16",) if utf16 else ("utf-8-sig", "cp1252"):
        try:
            text = io.TextIOWrapper(io.BytesIO(data), encoding=encoding).read()
        except UnicodeDecodeError:
            continue
        if encoding == "cp1252":
            typer.echo(f"Attention : {fr} n'est pas en UTF-8 ; lu comme Windows-1252 (Europe"
                       " occidentale)" if lang == "fr" else
                       f"Warning: {en} is not UTF-8; read as Windows-1252 (Western European)", err=True)
        return text
    if utf16:
        refuse(Refusal(f"cannot read {en}: it begins as UTF-16 text does but is not UTF-16 text",
                        f"impossible de lire {fr} : il commence comme du texte UTF-16 mais n'en est"
                        " pas"), lang)
    refuse(Refusal(f"cannot read {en}: it is not UTF-8 text (a spreadsheet saves it as \"CSV UTF-8\")",
                    f"impossible de lire {fr} : ce n'est pas du texte UTF-8 (un tableur"
                    " l'enregistre au format « CSV UTF-8 »)"), lang)


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file (the same path, a link to it, or a hard link)."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def export_files(target: Path | None, csv_out: Path | None, json_file: Path | None, separator: str,
                 force: bool, sheet_file: Path, language: Lang) -> tuple[Path | None, Path | None]:
    """The CSV and JSON files ``whist sheet export`` writes (``None``: not that one; ``-``: the
    standard output), from the file named without an option (``target``, by its ending) and
    ``--csv`` and ``--json``; every refusal (exit 2) before either is written: nothing to write, a
    separator not taken, both on the standard output, the sheet's own file, one file for both, a
    file already there without ``--force``."""
    if target is not None:
        csv_out, json_file = _by_its_ending(target, csv_out, json_file, language)
    if csv_out is None and json_file is None:
        refuse(Refusal("say what to write: a FILE ending in .csv or .json, or --csv FILE and/or"
                       " --json FILE",
                       "dites quoi écrire : un FICHIER en .csv ou .json, ou --csv FICHIER et/ou"
                       " --json FICHIER"), language)
    if separator not in (",", ";"):
        refuse(Refusal(f"--separator takes ',' (a comma) or ';' (a semicolon), not {separator!r}",
                        f"--separator prend ',' (une virgule) ou ';' (un point-virgule), pas"
                        f" « {separator} »"), language)
    if csv_out is None and separator != ",":
        refuse(Refusal("--separator is for the CSV: give --csv FILE",
                        "--separator est pour le CSV : donnez --csv FICHIER"), language)
    if str(csv_out) == str(json_file) == "-":
        refuse(Refusal("--csv - and --json - would both write on the standard output, one after the"
                        " other: write one of them to stdout, the other to a file",
                        "--csv - et --json - écriraient tous deux sur la sortie standard, l'un après"
                        " l'autre : écrivez l'un sur la sortie standard, l'autre dans un fichier"),
                language)
    files = [t for t in (csv_out, json_file) if t is not None and str(t) != "-"]
    for named in files:
        if same_file(named, sheet_file):
            refuse(Refusal(f"{named} is the sheet's own file: export to another file",
                            f"{named} est le fichier de la feuille elle-même : exportez vers un autre"
                            " fichier"), language)
    if len(files) == 2 and same_file(*files):
        refuse(Refusal(f"--csv and --json both name {files[0]}: give two files",
                        f"--csv et --json nomment tous deux {files[0]} : donnez deux fichiers"), language)
    for named in files:  # both checked before either is written
        if not force and (named.is_symlink() or named.exists()) and not is_stream(named):
            refuse(export_there(named), language)
    return csv_out, json_file


def is_stream(path: Path) -> bool:
    """Whether ``path`` is a device, a named pipe or a socket (``/dev/stdout``, a ``mkfifo``),
    which an export writes into without ``--force``: nothing there is replaced."""
    try:
        mode = path.stat().st_mode  # (through a link: /dev/stdout is one)
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def _by_its_ending(target: Path, csv_out: Path | None, json_file: Path | None,
                   language: Lang) -> tuple[Path | None, Path | None]:
    """``--csv`` and ``--json`` of ``whist sheet export`` once the file named without an option,
    ``target``, is one of them: the CSV if its name ends in ``.csv``, the JSON if in ``.json``."""
    kind = target.suffix.lower()
    if kind not in (".csv", ".json"):
        refuse(Refusal(f"{target}: CSV or JSON? Name a file ending in .csv or .json, or say"
                       f" --csv {target} or --json {target}",
                       f"{target} : CSV ou JSON ? Nommez un fichier en .csv ou .json, ou dites"
                       f" --csv {target} ou --json {target}"), language)
    option, given = ("--csv", csv_out) if kind == ".csv" else ("--json", json_file)
    if given is not None:
        refuse(Refusal(f"{target} and {option} {given} would both be the {kind[1:].upper()}: give one",
                       f"{target} et {option} {given} seraient tous deux le {kind[1:].upper()} :"
                       " donnez-en un"), language)
    return (target, json_file) if kind == ".csv" else (csv_out, target)


def export_there(named: Path) -> Refusal:
    """Why ``whist sheet export`` does not write over the file ``named`` without ``--force``."""
    return Refusal(f"{named} already exists: export to another file, or replace it with --force",
                   f"{named} existe déjà : exportez vers un autre fichier, ou remplacez-le avec --force")
