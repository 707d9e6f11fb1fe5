"""What the `whist` commands do with files that are not what they expect: a named pipe or a device
to write to, an empty or damaged JSON file to read; always one line in the language asked, the
right exit status, and nothing replaced that was not the command's to replace."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from whist.cli import app

runner = CliRunner()

def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def flat(output: str) -> str:
    return " ".join(output.split())


@pytest.fixture
def sheet(tmp_path: Path) -> Path:
    f = tmp_path / "sheet.json"
    assert run("sheet", "new", "--names", "Anne,Bert,Carla,Dirk", "--file", str(f)).exit_code == 0
    assert run("sheet", "add", "solo 7", "--declarers", "N", "--tricks", "8", "--file", str(f)).exit_code == 0
    return f


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes are POSIX")
@pytest.mark.parametrize("kind", ["--csv", "--json"])
@pytest.mark.parametrize("force", [["--force"], []])
def test_an_export_to_a_named_pipe_is_written_into_it(tmp_path: Path, sheet: Path, kind: str,
                                                      force: list[str]) -> None:
    """`whist sheet export --csv PIPE` writes into the pipe, as `>` does, and the pipe stays a pipe:
    the file written beside it and renamed over it replaced the pipe (and, run as root, a device
    such as /dev/full with a file of the sheet) while its reader got nothing. Without --force too,
    as nothing there is replaced (it was refused as a file already there), and `Written:` said on
    stderr (the standard output may be that pipe)."""
    pipe = tmp_path / "out"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # the other end, open before the command writes
    try:
        r = run("sheet", "export", kind, str(pipe), *force, "--file", str(sheet))
        got = os.read(reader, 1 << 16).decode("utf-8-sig")
    finally:
        os.close(reader)
    assert r.exit_code == 0, r.output
    assert r.stdout == "" and r.stderr == f"Written: {pipe}\n", r.output
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert "Anne" in got and ("solo 7" in got)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "sheet.json"]  # no temporary file left


@pytest.mark.parametrize("args", [["show"], ["add", "solo 6", "-d", "E", "-t", "7"],
                                  ["export", "--json", "-"]])
def test_an_empty_sheet_file_is_said_to_be_empty(tmp_path: Path, args: list[str]) -> None:
    """A sheet file emptied (a crash, `> whist-sheet.json`) is refused as empty, exit 2, in the
    language asked; it was Python's JSON words, `Expecting value: line 1 column 1 (char 0)`, in
    French too."""
    f = tmp_path / "sheet.json"
    f.write_bytes(b"\n")
    r = run("sheet", *args, "--file", str(f))
    assert r.exit_code == 2, r.output
    assert flat(r.stderr) == f"Error: {f} is not a valid score sheet: it is empty"
    r = run("sheet", *args, "--file", str(f), "--lang", "fr")
    assert r.exit_code == 2, r.output
    assert flat(r.stderr) == f"Erreur : {f} n'est pas une feuille de marque valable : le fichier est vide"
    assert f.read_bytes() == b"\n"


def test_a_file_too_large_for_a_record_or_a_sheet_is_refused_unread(
        tmp_path: Path, sheet: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record or a sheet file larger than any real one (/dev/zero, a disk image named by
    mistake) is refused as too large, exit 1 for replay and 2 for the sheet as for any file that is
    none: it was read to the end, which /dev/zero has not. A file as large as the most read is read
    as before; one byte more (blanks after its JSON) is refused."""
    records = tmp_path / "records"
    assert run("simulate", "--preset", "couleur", "--deals", "1", "--bots", "random",
               "--records", str(records)).exit_code == 0
    (match,) = records.iterdir()
    for args, f, en, fr, code in (
            (["replay"], match, "a whist record", "un enregistrement de whist", 1),
            (["sheet", "show", "--file"], sheet, "a score sheet", "une feuille de marque", 2)):
        monkeypatch.setattr("whist.cards.MAX_FILE_BYTES", f.stat().st_size)
        assert run(*args, str(f)).exit_code == 0
        with f.open("a") as more:
            more.write(" ")
        r = run(*args, str(f))
        assert r.exit_code == code and r.stdout == "", r.output
        most = 0  # the most read here, in whole megabytes
        assert flat(r.stderr) == f"Error: {f} is too large for {en}: it holds more than {most} MB"
        r = run(*args, str(f), "--lang", "fr")
        assert r.exit_code == code, r.output
        assert flat(r.stderr) == f"Erreur : {f} est trop grand pour {fr} : il fait plus de {most} Mo"


def test_a_csv_too_large_to_import_is_refused_from_a_file_and_from_stdin(
        tmp_path: Path, sheet: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`whist sheet import` reads at most what every other reader of whist reads: a CSV file, or
    the standard input (`-`), one byte longer is refused as too large, exit 2 as a sheet file too
    large, in the language asked, and the sheet is left as it was; it was read to its end, whatever
    its size. As large as the most, it is imported. (A note makes the CSV larger than the sheet
    file, which is read with the same most.)"""
    rows = tmp_path / "rows.csv"
    rows.write_text(f"contract,declarers,tricks,note\nsolo 6,E,7,{'a long evening ' * 500}\n",
                    encoding="utf-8")
    text = rows.read_text(encoding="utf-8")
    before = sheet.read_bytes()
    assert len(before) * 2 < len(text)
    monkeypatch.setattr("whist.cards.MAX_FILE_BYTES", len(text) - 1)
    for name, given, en, fr in ((str(rows), None, f"{rows} is", f"{rows} est trop grand"),
                                ("-", text, "the standard input is", "l'entrée standard est trop grande")):
        for lang, said in (
                ("en", f"Error: {en} too large for a CSV file to import: it holds more than 0 MB"),
                ("fr", f"Erreur : {fr} pour un fichier CSV à importer : il fait plus de 0 Mo")):
            r = runner.invoke(app, ["sheet", "import", name, "--file", str(sheet), "--lang", lang],
                              input=given)
            assert r.exit_code == 2 and r.stdout == "", r.output
            assert flat(r.stderr) == said
        assert sheet.read_bytes() == before
    monkeypatch.setattr("whist.cards.MAX_FILE_BYTES", len(text))
    for name, given, source in ((str(rows), None, str(rows)), ("-", text, "the standard input")):
        r = runner.invoke(app, ["sheet", "import", name, "--file", str(sheet)], input=given)
        assert r.exit_code == 0 and r.stdout.startswith(f"Imported 1 entry from {source}."), r.output
    assert [e["contract"] for e in json.loads(sheet.read_text(encoding="utf-8"))["entries"]] == [
        "solo 7", "solo 6", "solo 6"]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_csv_in_utf16_is_read_by_its_byte_order_mark(tmp_path: Path, encoding: str) -> None:
    """A CSV saved in UTF-16 with its byte order mark (Notepad's "Unicode", LibreOffice) is read
    as such, its accented names with it, and without a warning; it was read as Windows-1252 and
    refused as having no contract column. Bytes after the mark that are no UTF-16 are refused
    saying so, exit 2, in the language asked."""
    f, g = tmp_path / "sheet.json", tmp_path / "again.json"
    rows = tmp_path / "rows.csv"
    assert run("sheet", "new", "--names", "Anne,Zoë,Hélène,Œdipe", "--file", str(f)).exit_code == 0
    assert run("sheet", "add", "solo 7", "-d", "N", "-t", "8", "--file", str(f)).exit_code == 0
    assert run("sheet", "export", "--csv", str(rows), "--file", str(f)).exit_code == 0
    text = rows.read_text(encoding="utf-8-sig")
    rows.write_bytes("\ufeff".encode(encoding) + text.encode(encoding))
    assert run("sheet", "new", "--file", str(g)).exit_code == 0
    r = run("sheet", "import", str(rows), "--file", str(g))
    assert r.exit_code == 0 and r.stderr == "", r.output
    names = json.loads(f.read_text(encoding="utf-8"))["names"]
    assert json.loads(g.read_text(encoding="utf-8"))["names"] == names
    rows.write_bytes("\ufeffa".encode(encoding) + b"b")  # half a character, then the end
    before = g.read_bytes()
    for lang, said in (("en", f"Error: cannot read {rows}: it begins as UTF-16 text does but is not UTF-16"
                              " text"),
                       ("fr", f"Erreur : impossible de lire {rows} : il commence comme du texte UTF-16 mais"
                              " n'en est pas")):
        r = run("sheet", "import", str(rows), "--file", str(g), "--lang", lang)
        assert r.exit_code == 2 and flat(r.stderr) == said, r.output
    assert g.read_bytes() == before


def test_an_option_left_out_of_a_record_s_rules_is_said_to_be_missing(tmp_path: Path) -> None:
    """An option taken out of the rules of a record (by hand, or by a tool that drops what it
    does not know) is named as missing, where it was said to differ: from a deal's rules in a
    match, from the match's own, from a deal record's."""
    records = tmp_path / "records"
    assert run("simulate", "--rubbers", "1", "--bots", "random", "--records", str(records)).exit_code == 0
    (match_file,) = records.iterdir()
    match = json.loads(match_file.read_text(encoding="utf-8"))
    deal = {**match["deals"][0], "format": "whist-record/1"}  # the first deal, as a record of its own
    f = tmp_path / "record.json"
    f.write_text(json.dumps(deal), encoding="utf-8")
    assert run("replay", str(f)).exit_code == 0
    for where, fr, record in (("deal 2", "donne 2", match), ("match", "partie", match),
                              ("deal", "donne", deal)):
        left_out = json.loads(json.dumps(record))
        rules = left_out["deals"][1]["rules"] if where == "deal 2" else left_out["rules"]
        del rules["honours"]
        f.write_text(json.dumps(left_out), encoding="utf-8")
        r = run("replay", str(f))
        assert r.exit_code == 1, r.output
        assert flat(r.stderr) == f"Error: {where}: missing field 'rules.honours'"
        r = run("replay", str(f), "--lang", "fr")
        assert r.exit_code == 1, r.output
        assert flat(r.stderr) == f"Erreur : {fr} : champ 'rules.honours' manquant"


@pytest.mark.parametrize(("text", "en", "fr"), [
    ('{"format": "whist-match/1",', "a field name in double quotes is missing, line 1 column 28",
     "un nom de champ entre guillemets droits manque, ligne 1 colonne 28"),
    ('{"format" "whist-match/1"}', "a colon is missing, line 1 column 11",
     "un deux-points manque, ligne 1 colonne 11"),
    ('{"format": "whist-match/1"} {}', "text follows the end of the JSON, line 1 column 29",
     "du texte suit la fin du JSON, ligne 1 colonne 29"),
    ('{"format": "whist-', "a quoted text is not closed, line 1 column 12",
     "un texte entre guillemets n'est pas fermé, ligne 1 colonne 12"),
    ('{"format": [1 2]}', "a comma is missing, line 1 column 15", "une virgule manque, ligne 1 colonne 15"),
])
def test_a_damaged_json_file_is_said_so_in_words(tmp_path: Path, text: str, en: str, fr: str) -> None:
    """What is wrong in a damaged record or sheet is said in words, in French with --lang fr, where
    it was Python's English (`JSON illisible (Expecting ':' delimiter, …)`), and in English too,
    where it was Python's (`Expecting value: line 1 column 1 (char 0)`)."""
    f = tmp_path / "damaged.json"
    f.write_text(text, encoding="utf-8")
    for args, head, head_en, code in (
            (["replay", str(f)], "n'est pas un enregistrement JSON", "is not a JSON record", 1),
            (["sheet", "show", "--file", str(f)], "n'est pas une feuille de marque valable",
             "is not a valid score sheet", 2)):
        r = run(*args, "--lang", "fr")
        assert r.exit_code == code, r.output
        assert flat(r.stderr) == f"Erreur : {f} {head} : JSON illisible ({fr})", r.output
        r = run(*args)
        assert r.exit_code == code, r.output
        assert flat(r.stderr) == f"Error: {f} {head_en}: unreadable JSON ({en})", r.output


@pytest.mark.parametrize(("preset", "head", "row"), [
    ("couleur", "contract,declarers,tricks", "solo 7,N,8"),
    ("classic", "kind,side,tricks", "deal,NS,8"),
])
def test_a_csv_with_a_cell_too_long_to_read_is_refused_naming_its_line(
        tmp_path: Path, preset: str, head: str, row: str) -> None:
    """A CSV whose cell is longer than the reader takes (a quote left open swallows the rest of the
    file) is refused as any damaged CSV, exit 2, its line named, nothing imported: it was the
    csv module's traceback, `_csv.Error: field larger than field limit (131072)`, exit 1."""
    f = tmp_path / "sheet.json"
    assert run("sheet", "new", "--preset", preset, "--file", str(f)).exit_code == 0
    before = f.read_bytes()
    damaged = tmp_path / "damaged.csv"
    damaged.write_text(f'{head}\n{row}\n{row[:-1]}"{"8" * 200_000}\n', encoding="utf-8")
    r = run("sheet", "import", str(damaged), "--file", str(f), "--lang", "fr")
    assert r.exit_code == 2, r.output
    assert flat(r.stderr) == (f"Erreur : {damaged} : ligne 3 : une cellule a plus de 131072 caractères :"
                              " est-ce le CSV d'une feuille, ou un guillemet est-il resté ouvert ? ;"
                              " rien n'a été importé")
    r = run("sheet", "import", str(damaged), "--file", str(f))
    assert r.exit_code == 2 and "line 3: a cell is longer than 131072 characters" in flat(r.stderr), r.output
    assert f.read_bytes() == before


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_record_s_text_cannot_drive_the_terminal(tmp_path: Path, lang: str) -> None:
    """Text a record holds reaches the terminal without its control characters: the names of who
    played each seat as the web app keeps a name (a line break a space, an escape dropped), and a
    value a refusal quotes, a preset say, with its escape written out (``\\x1b``) in French as
    in English; the French quoted it as it was, so that a record could clear the screen of
    whoever replayed it or colour what followed."""
    records = tmp_path / "records"
    assert run("simulate", "--rubbers", "1", "--bots", "random", "--records", str(records)).exit_code == 0
    (match_file,) = records.iterdir()
    match = json.loads(match_file.read_text(encoding="utf-8"))
    f = tmp_path / "record.json"
    f.write_text(json.dumps({**match, "players": {"N": "Anne\x1b[2J", "E": "Bert\nBis", "S": "Carla",
                                                  "W": "\x07Dirk"}}), encoding="utf-8")
    r = run("replay", str(f), "--lang", lang)
    assert r.exit_code == 0, r.output
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout
    seats = r.stdout.splitlines()[2]
    assert seats.endswith(("N Anne[2J · E Bert Bis · S Carla · W Dirk",
                           "N Anne[2J · E Bert Bis · S Carla · O Dirk")), r.stdout
    match["rules"]["preset"] = "\x1b[2Jshort"
    f.write_text(json.dumps(match), encoding="utf-8")
    r = run("replay", str(f), "--lang", lang)
    assert r.exit_code == 1, r.output
    assert "\x1b" not in r.stderr and "\\x1b[2Jshort" in r.stderr, r.stderr
    match["rules"]["preset"] = "\u202etrohs"  # shown right to left, it would read short
    f.write_text(json.dumps(match), encoding="utf-8")
    r = run("replay", str(f), "--lang", lang)
    assert r.exit_code == 1 and "\u202e" not in r.stderr and "\\u202etrohs" in r.stderr, r.stderr


@pytest.mark.parametrize(("lang", "record_said", "sheet_said"), [
    ("en", "is not a JSON record: a number in it has more than 4300 digits",
     "is not a valid score sheet: a number in it has more than 4300 digits"),
    ("fr", "n'est pas un enregistrement JSON : un nombre y a plus de 4300 chiffres",
     "n'est pas une feuille de marque valable : un nombre y a plus de 4300 chiffres")])
def test_a_number_too_long_for_python_is_refused_in_a_record_and_a_sheet(
        tmp_path: Path, sheet: Path, lang: str, record_said: str, sheet_said: str) -> None:
    """A whole number of 5000 digits in a record or a sheet (a file damaged, or made to be): Python
    reads none past 4300 digits, with a ValueError of its own that is no JSON error; the sheet's
    commands showed a traceback, whist replay Python's English advice to call
    sys.set_int_max_str_digits(). Now one line in the language asked, as for any damaged file."""
    records = tmp_path / "records"
    assert run("simulate", "--rubbers", "1", "--bots", "random", "--records", str(records)).exit_code == 0
    (match_file,) = records.iterdir()

    def with_long_number(data: dict[str, Any], part: str) -> str:
        data[part]["N" if part == "totals" else "rubbers"] = "LONG"
        return json.dumps(data).replace('"LONG"', "9" * 5000)

    match = json.loads(match_file.read_text(encoding="utf-8"))
    match_file.write_text(with_long_number(match, "rules"), encoding="utf-8")
    r = run("replay", str(match_file), "--lang", lang)
    assert r.exit_code == 1 and flat(r.stderr).endswith(record_said), r.output
    before = with_long_number(json.loads(sheet.read_text(encoding="utf-8")), "totals")
    sheet.write_text(before, encoding="utf-8")
    for args in (["show"], ["add", "solo 7", "--declarers", "N", "--tricks", "8"]):
        r = run("sheet", *args, "--file", str(sheet), "--lang", lang)
        assert r.exit_code == 2 and flat(r.stderr).endswith(sheet_said), r.output
        assert "Traceback" not in r.output and len(r.stderr.strip().splitlines()) == 1
    assert sheet.read_text(encoding="utf-8") == before
