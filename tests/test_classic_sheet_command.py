"""`whist sheet` for classic whist (RULES.md §6, scored by §2–4): the sheet of a real table kept in a
file from the command line, deal by deal or a game won at eight, its refusals, CSV from a
spreadsheet set to French, in English and in French. The sheet's rules: test_classic_sheet.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from whist.classic_sheet import (
    CLASSIC_SHEET_FORMAT,
    ClassicSheetError,
    called,
    played,
)
from whist.cli import app
from whist.rules import preset

runner = CliRunner()


def cli(tmp_path: Path, *args: str) -> Any:
    return runner.invoke(app, ["sheet", *args, "--file", str(tmp_path / "sheet.json")])


# A row of each kind of sheet as Excel set to French saves it ("CSV (séparateur : point-virgule)"):
# semicolons, CRLF line ends, the players' names (``names``: four, separated by semicolons).
EXCEL_ROWS = {
    "couleur": "contract;declarers;tricks;name_N;name_E;name_S;name_W\r\nsolo 7;N;8;{names}\r\n",
    "classic": "kind;side;tricks;honours;name_N;name_E;name_S;name_W\r\ndeal;NS;8;none;{names}\r\n",
}
ACCENTED = {"N": "Hélène", "E": "Zoë", "S": "François", "W": "Œdipe"}


class TestCommand:
    """``whist sheet`` on a classic-whist sheet: new, add, add call, undo, show, export, import;
    an impossible entry exits 2 and leaves the file byte for byte as it was."""

    def test_a_rubber_at_a_real_table(self, tmp_path: Path) -> None:
        f = tmp_path / "sheet.json"
        r = cli(tmp_path, "new", "--preset", "classic", "--option", "stake=0.5",
                "--names", "N=Anne,E=Bert,S=Carla,W=Dirk")
        assert r.exit_code == 0, r.output
        assert "classic, stake=0.5" in r.stdout and "NS (Anne & Carla)" in r.stdout
        for args in (["add", "--tricks", "NS=10", "--honours", "NS=4"],   # 8–0
                     ["add", "call", "NS"],                                 # game NS +3
                     ["add", "--tricks", "EW=6"],                           # NS 1
                     ["add", "-t", "EW=4", "--honneurs", "EO=3"],           # NS 3 → 4–2
                     ["add", "appel", "EW"]):                               # refused: EW at 2
            r = cli(tmp_path, *args)
        assert r.exit_code == 2 and "EW cannot call" in r.stderr
        r = cli(tmp_path, "add", "--tricks", "NS=13")
        assert r.exit_code == 0, r.output
        assert "game NS +2" in r.stdout and "rubber 1 NS 2–0, totals 7–0" in r.stdout
        assert "Anne (N) +3.5 · Bert (E) -3.5 · Carla (S) +3.5 · Dirk (W) -3.5" in r.stdout
        # the words of the settlement in the terminal game and whist simulate
        assert "Settlement (stake 0.5 per point): " in r.stdout
        r = cli(tmp_path, "add", "--tricks", "NS=7")
        assert r.exit_code == 2 and "the match is over" in r.stderr

        r = cli(tmp_path, "undo")
        assert r.exit_code == 0 and "Removed #5: tricks NS 13 · EW 0" in r.stdout
        assert "In play:" in r.stdout
        assert cli(tmp_path, "add", "--tricks", "NS=13").exit_code == 0

        shown = cli(tmp_path, "show")
        assert shown.exit_code == 0, shown.output
        flat = " ".join(shown.stdout.split())
        for words in ("Anne & Carla", "Bert & Dirk", "call NS", "EW 3", "4 + 4", "game NS +3",
                      "totals", "Match over",
                      "NS (Anne & Carla) win by 7"):
            assert words in flat, words
        data = json.loads(cli(tmp_path, "show", "--json").stdout)
        assert data["format"] == CLASSIC_SHEET_FORMAT and data["totals"] == {"NS": 7, "EW": 0}
        assert json.loads(f.read_text(encoding="utf-8")) == data

        csv_file = tmp_path / "sheet.csv"
        r = cli(tmp_path, "export", "--csv", str(csv_file), "--json", str(tmp_path / "copy.json"))
        assert r.exit_code == 0, r.output
        assert csv_file.read_text(encoding="utf-8-sig").startswith("kind,side,tricks,honours")
        assert json.loads((tmp_path / "copy.json").read_text(encoding="utf-8")) == data
        other = tmp_path / "other.json"
        assert runner.invoke(app, ["sheet", "new", "-p", "classic", "-o", "stake=0.5",
                                   "-n", "N=Anne,E=Bert,S=Carla,W=Dirk", "--file", str(other)]).exit_code == 0
        r = runner.invoke(app, ["sheet", "import", str(csv_file), "--file", str(other)])
        assert r.exit_code == 0, r.output
        assert "Imported 5 entries" in r.stdout
        assert json.loads(other.read_text(encoding="utf-8")) == data

    @pytest.mark.parametrize(("args", "words"), [
        (["add", "--tricks", "NS=14"], "a side takes 0 to 13 tricks, not 14"),
        (["add", "--tricks", "NS=8", "--honours", "EW=5"], "0 to 4 honours"),
        (["add", "--tricks", "8"], "write a side and a number"),
        (["add", "call", "NS"], "exactly 8 points"),
        (["add", "call"], "name the side that called"),
        (["add"], "give the tricks of a side"),
        (["add", "solo", "7", "--declarers", "N", "--tricks", "8"], "'solo 7' is colour whist"),
        (["add", "--tricks", "NS=8", "--declarers", "N"], "--declarers is for colour whist"),
        (["penalty", "W"], "penalties are colour whist"),
        (["add", "--tricks", "NS=14", "--lang", "fr"], "un camp fait de 0 à 13 levées, pas 14"),
    ])
    def test_an_impossible_entry_leaves_the_file_byte_identical(self, tmp_path: Path, args: list[str],
                                                                 words: str) -> None:
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", "classic").exit_code == 0
        assert cli(tmp_path, "add", "--tricks", "EW=9", "--honours", "NS=3").exit_code == 0
        before = f.read_bytes()
        r = cli(tmp_path, *args)
        assert r.exit_code == 2, (args, r.output)
        assert words in r.stderr, r.stderr
        assert "this is a classic-whist sheet" in r.stderr or "penalties" not in words
        assert "Traceback" not in r.output
        assert f.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir()] == ["sheet.json"]

    def test_a_game_won_by_singing_at_eight_is_entered_in_the_seeds_words(self, tmp_path: Path) -> None:
        """Seed 000 calls the call at eight « chanter, ou appeler » (RULES.md §2, D19), and the
        sheet's page has « Chant à huit »: ``chant NS`` enters it as ``appel NS`` does, and a
        French sheet suggests the word the page, the play screen and the rules use (« chanter à
        huit »), as its help and the guide write it; it says « chant à huit » where it said « appel à
        huit » (the page « Chant à huit », the game « chante à huit »)."""
        assert cli(tmp_path, "new", "--preset", "classic", "--lang", "fr").exit_code == 0
        r = cli(tmp_path, "add", "--tricks", "NS=13")  # 7 points: the game's score 7–0
        assert r.exit_code == 0, r.output
        r = cli(tmp_path, "add", "chant", "NS")
        assert r.exit_code == 2 and "NS en ont 7" in r.stderr, r.stderr  # read as a call: 8 needed
        assert cli(tmp_path, "add", "--tricks", "NS=7").exit_code == 0  # 8–0
        r = cli(tmp_path, "add", "chant", "NS")
        assert r.exit_code == 0, r.output
        assert "manche NS +3" in r.stdout, r.stdout
        r = cli(tmp_path, "add", "chanson", "NS")
        assert r.exit_code == 2 and "(whist sheet add chant NS)" in r.stderr, r.stderr
        r = cli(tmp_path, "add", "chanson", "NS", "--lang", "en")
        assert r.exit_code == 2 and "(whist sheet add call NS)" in r.stderr, r.stderr

    @pytest.mark.parametrize(("args", "words"), [
        (["add", "--tricks", "NS=8"], "this is a colour-whist sheet (preset couleur): it takes a contract"),
        (["add", "call", "NS"], "calling at eight are classic whist"),
        (["add", "solo", "7", "-d", "N", "-t", "8", "--honours", "NS=3"], "honours and calling"),
    ])
    def test_classic_entries_on_a_colour_sheet_are_refused(self, tmp_path: Path, args: list[str],
                                                           words: str) -> None:
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", "couleur").exit_code == 0
        before = f.read_bytes()
        r = cli(tmp_path, *args)
        assert r.exit_code == 2 and words in r.stderr, r.stderr
        assert f.read_bytes() == before

    def test_options_belong_to_classic_presets(self, tmp_path: Path) -> None:
        r = cli(tmp_path, "new", "--preset", "pagat", "--option", "all_pass=dames")
        assert r.exit_code == 2 and "takes no --option" in r.stderr
        r = cli(tmp_path, "new", "--preset", "pagat", "--option", "stake=1")
        assert r.exit_code == 2 and "option stake is not part of colour whist" in r.stderr
        r = cli(tmp_path, "new", "--preset", "short", "--option", "game_points=zero")
        assert r.exit_code == 2 and "game_points" in r.stderr
        assert not (tmp_path / "sheet.json").exists()
        assert cli(tmp_path, "new", "--preset", "simple").exit_code == 0
        r = cli(tmp_path, "add", "call", "NS")
        assert r.exit_code == 2 and "preset simple has no calling at eight" in r.stderr

    def test_an_impossible_csv_imports_nothing_and_a_tampered_file_is_refused(self, tmp_path: Path) -> None:
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", "short").exit_code == 0
        before = f.read_bytes()
        bad = tmp_path / "bad.csv"
        bad.write_text("kind,side,tricks,honours\ndeal,NS,9,\ncall,NS,,\n", encoding="utf-8")
        r = cli(tmp_path, "import", str(bad))
        assert r.exit_code == 2
        assert "line 3: preset short has no calling at eight" in r.stderr
        assert "nothing was imported" in r.stderr
        assert f.read_bytes() == before
        assert cli(tmp_path, "add", "--tricks", "NS=8").exit_code == 0
        data = json.loads(f.read_text(encoding="utf-8"))
        data["entries"][0]["tricks"] = {"NS": 8, "EW": 6}
        f.write_text(json.dumps(data), encoding="utf-8")
        r = cli(tmp_path, "show")
        assert r.exit_code == 2
        assert "is not a valid score sheet: entry 1: the two sides' tricks add up to 13" in r.stderr

    @pytest.mark.parametrize("fmt", [CLASSIC_SHEET_FORMAT, "whist-sheet/1"])
    def test_a_file_not_in_utf8_or_nested_too_deeply_is_not_a_valid_sheet(self, tmp_path: Path,
                                                                           fmt: str) -> None:
        """Either kind of sheet: exit 2 with the message, no traceback, the file left alone."""
        f = tmp_path / "sheet.json"
        deep = "[" * 100_000 + "]" * 100_000
        for content, reason in ((f'{{"format": "{fmt}", "names": {{"N": "Zoé"}}}}'.encode("latin-1"),
                                 "it is not UTF-8 text"),
                                (f'{{"format": "{fmt}", "names": {deep}}}'.encode(),
                                 "its JSON is nested too deeply")):
            f.write_bytes(content)
            for args in (["show"], ["add", "--tricks", "NS=8"], ["undo"], ["export", "--json", "-"]):
                r = cli(tmp_path, *args)
                assert r.exit_code == 2, (args, r.output)
                assert f"sheet.json is not a valid score sheet: {reason}" in " ".join(r.stderr.split())
                assert "Traceback" not in r.output
            assert f.read_bytes() == content

    def test_a_csv_of_the_other_game_is_named_as_such(self, tmp_path: Path) -> None:
        """A classic sheet's CSV imported into a colour sheet, or the reverse, is refused saying
        which game it looks like, and nothing is imported."""
        classic, colour = tmp_path / "c.json", tmp_path / "k.json"
        for f, args in ((classic, ["add", "--tricks", "NS=9"]),
                        (colour, ["add", "solo", "7", "H", "-d", "N", "-t", "8"])):
            assert runner.invoke(app, ["sheet", "new", "--preset", "classic" if f is classic else "couleur",
                                       "--file", str(f)]).exit_code == 0
            assert runner.invoke(app, ["sheet", *args, "--file", str(f)]).exit_code == 0
            assert runner.invoke(app, ["sheet", "export", "--csv", str(f.with_suffix(".csv")),
                                       "--file", str(f)]).exit_code == 0
        for target, csv_file, says in ((colour, classic, "looks like a classic-whist sheet"),
                                       (classic, colour, "looks like a colour-whist sheet")):
            before = target.read_bytes()
            r = runner.invoke(app, ["sheet", "import", str(csv_file.with_suffix(".csv")),
                                    "--file", str(target)])
            assert r.exit_code == 2 and says in r.stderr, r.output
            assert target.read_bytes() == before

    @pytest.mark.parametrize("kind", ["couleur", "classic"])
    @pytest.mark.parametrize(("lang", "warning"), [
        ("en", "Warning: {csv} is not UTF-8; read as Windows-1252 (Western European)"),
        ("fr", "Attention : {csv} n'est pas en UTF-8 ; lu comme Windows-1252 (Europe occidentale)"),
    ], ids=["en", "fr"])
    def test_a_csv_excel_saved_in_windows_1252_is_read(self, tmp_path: Path, kind: str, lang: str,
                                                       warning: str) -> None:
        """Excel on Windows saves its CSV in Windows-1252: the accented names come back right (Œ
        and ë are not Latin-1), and one line on stderr, in the language asked, says how the file
        was read."""
        assert cli(tmp_path, "new", "--preset", kind).exit_code == 0
        rows = tmp_path / "excel.csv"
        rows.write_bytes(EXCEL_ROWS[kind].format(names=";".join(ACCENTED.values())).encode("cp1252"))
        r = cli(tmp_path, "import", str(rows), "--lang", lang)
        assert r.exit_code == 0, r.output
        assert ("1 entrée importée de" if lang == "fr" else "Imported 1 entry from") in r.stdout
        assert r.stderr.splitlines() == [warning.format(csv=rows)]
        data = json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))
        assert data["names"] == ACCENTED and len(data["entries"]) == 1

    @pytest.mark.parametrize("kind", ["couleur", "classic"])
    def test_a_utf8_csv_is_read_as_utf8_without_a_warning(self, tmp_path: Path, kind: str) -> None:
        """UTF-8 is tried first: its bytes for é would read as Windows-1252 too (Ã©)."""
        assert cli(tmp_path, "new", "--preset", kind).exit_code == 0
        rows = tmp_path / "utf8.csv"
        rows.write_text(EXCEL_ROWS[kind].format(names=";".join(ACCENTED.values())),
                        encoding="utf-8-sig", newline="")
        r = cli(tmp_path, "import", str(rows))
        assert r.exit_code == 0 and r.stderr == "", r.output
        assert json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))["names"] == ACCENTED

    @pytest.mark.parametrize("kind", ["couleur", "classic"])
    @pytest.mark.parametrize("undefined", [0x81, 0x8D, 0x8F, 0x90, 0x9D])
    def test_a_csv_neither_utf8_nor_windows_1252_is_not_read(self, tmp_path: Path, kind: str,
                                                             undefined: int) -> None:
        """A name with a byte Windows-1252 leaves undefined, beside an é in Windows-1252 (so not
        UTF-8 either): exit 2 with the message, nothing imported, the sheet's file as it was."""
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", kind).exit_code == 0
        before = f.read_bytes()
        bad = tmp_path / "bad.csv"
        bad.write_bytes(EXCEL_ROWS[kind].format(names="Hélène;Zoë;X;").encode("cp1252")
                        .replace(b"X", bytes([undefined])))
        for lang, says in (("en", f"cannot read {bad}: it is not UTF-8 text"),
                           ("fr", f"impossible de lire {bad} : ce n'est pas du texte UTF-8")):
            r = cli(tmp_path, "import", str(bad), "--lang", lang)
            assert r.exit_code == 2 and says in " ".join(r.stderr.split()), r.output
            assert "Windows-1252" not in r.stderr and "Traceback" not in r.output
            assert f.read_bytes() == before

    @pytest.mark.parametrize("columns", [80, 60])
    def test_a_narrow_terminal_cuts_no_cell(self, tmp_path: Path, columns: int) -> None:
        """Long names at 80 and 60 columns: the names in the heads may be shortened, never the
        tricks, honours, points, scores or the game won, and no line is wider than the terminal."""
        names = "N=Françoise,E=Jean-Pierre,S=Marie-Claire,O=Dominique"
        assert cli(tmp_path, "new", "-p", "classic", "-o", "stake=1", "--names", names).exit_code == 0
        for tricks in ("NS=9", "NS=10", "NS=10", "EW=10"):
            assert cli(tmp_path, "add", "-t", tricks, "--honours", "EW=4").exit_code == 0
        r = runner.invoke(app, ["sheet", "show", "--lang", "fr", "--file", str(tmp_path / "sheet.json")],
                          env={"COLUMNS": str(columns)})
        assert r.exit_code == 0, r.output
        table = [line for line in r.stdout.splitlines() if line[:1] in "┏┃┡│├└"]
        assert max(len(line) for line in table) <= columns
        body = [line for line in table if line.startswith("│")]
        assert "…" not in "".join(body)
        flat = " ".join(" ".join(body).replace("│", " ").split())
        for words in ("9–4", "10–3", "EO 4", "comptés", "0 + 4", "10–8", "manche", "+1", "totaux"):
            assert words in flat, words

    @pytest.mark.parametrize("kind", ["couleur", "classic"])
    @pytest.mark.parametrize("separator", [",", ";"])
    def test_an_exported_csv_opens_in_excel_and_imports_back(self, tmp_path: Path, kind: str,
                                                             separator: str) -> None:
        """Excel on Windows reads a CSV without a byte order mark in the system's code page
        (ChloÃ©): the file export writes begins with one, in either separator (a semicolon for
        a spreadsheet set to French), and imports back into a new sheet, names and all; the
        CSV written on stdout has none (a program reads it)."""
        f = tmp_path / "sheet.json"
        names = ",".join(f"{seat}={name}" for seat, name in ACCENTED.items())
        assert cli(tmp_path, "new", "--preset", kind, "--names", names).exit_code == 0
        add = ["petite misère", "-d", "N,E", "-t", "N=0,E=1"] if kind == "couleur" else ["-t", "NS=9"]
        assert cli(tmp_path, "add", *add).exit_code == 0
        out = tmp_path / "out.csv"
        r = cli(tmp_path, "export", "--csv", str(out), "--separator", separator)
        assert r.exit_code == 0, r.output
        data = out.read_bytes()
        assert data.startswith(b"\xef\xbb\xbf") and "Hélène".encode() in data
        header = data.decode("utf-8-sig").splitlines()[0]
        assert separator in header and ({",", ";"} - {separator}).pop() not in header
        other = tmp_path / "other.json"
        assert runner.invoke(app, ["sheet", "new", "--preset", kind, "--file", str(other)]).exit_code == 0
        r = runner.invoke(app, ["sheet", "import", str(out), "--file", str(other)])
        assert r.exit_code == 0 and r.stderr == "", r.output
        mine, theirs = (json.loads(p.read_text(encoding="utf-8")) for p in (f, other))
        assert theirs["names"] == ACCENTED and theirs["entries"] == mine["entries"]
        r = cli(tmp_path, "export", "--csv", "-", "--separator", separator)
        assert r.exit_code == 0 and r.stdout == data.decode("utf-8-sig"), r.output

    @pytest.mark.parametrize("kind", ["couleur", "classic"])
    def test_a_csv_imported_twice_is_refused_unless_again(self, tmp_path: Path, kind: str) -> None:
        """A club's scorer who imports the same CSV twice (or exports the sheet and imports it
        back into it) would count every deal twice: rows that repeat two entries or more of the
        sheet one for one are refused, the sheet unchanged, unless --again; one row alone may be
        a deal played again and is imported."""
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", kind).exit_code == 0
        adds = ([["solo 7", "H", "-d", "N", "-t", "8"], ["trou", "-d", "S,W", "-t", "7"],
                 ["solo 6", "S", "-d", "E", "-t", "7"]] if kind == "couleur" else
                [["-t", "NS=8"], ["-t", "EW=9"], ["-t", "NS=7"]])
        for add in adds:
            assert cli(tmp_path, "add", *add).exit_code == 0
        out = tmp_path / "out.csv"
        assert cli(tmp_path, "export", str(out)).exit_code == 0
        lines = out.read_text(encoding="utf-8-sig").splitlines()
        middle = tmp_path / "middle.csv"
        middle.write_text("\n".join(lines[:1] + lines[2:4]) + "\n", encoding="utf-8")
        one = tmp_path / "one.csv"
        one.write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")
        before = f.read_bytes()
        for csv_file, n, first in ((out, 3, 1), (middle, 2, 2)):
            r = cli(tmp_path, "import", str(csv_file))
            assert r.exit_code == 2 and f.read_bytes() == before, r.output
            assert (f"its {n} rows are entries #{first} to #{first + n - 1} of the sheet already"
                    in " ".join(r.stderr.split())), r.stderr
        r = cli(tmp_path, "import", str(middle), "--lang", "fr")
        assert "ses 2 lignes sont déjà les entrées n° 2 à 3" in " ".join(r.stderr.split())
        r = cli(tmp_path, "import", str(one))
        assert r.exit_code == 0 and "Imported 1 entry" in r.stdout, r.output
        r = cli(tmp_path, "import", str(out), "--again")
        assert r.exit_code == 0 and "Imported 3 entries" in r.stdout, r.output
        assert len(json.loads(f.read_text(encoding="utf-8"))["entries"]) == 7

    @pytest.mark.parametrize(("args", "en", "fr"), [
        (["--csv", "out.csv", "--separator", "tab"], "--separator takes ',' (a comma) or ';'",
         "--separator prend ',' (une virgule) ou ';'"),
        (["--json", "out.json", "--separator", ";"], "--separator is for the CSV: give --csv FILE",
         "--separator est pour le CSV : donnez --csv FICHIER"),
    ])
    def test_a_separator_that_is_not_one_is_refused(self, tmp_path: Path, args: list[str], en: str,
                                                    fr: str) -> None:
        assert cli(tmp_path, "new").exit_code == 0
        for lang, says in (("en", en), ("fr", fr)):
            r = cli(tmp_path, "export", *args, "--lang", lang)
            assert r.exit_code == 2 and says in r.stderr, r.output
        assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.json"]

    def test_simple_whist_over_several_matches_counts_the_matches_won(self, tmp_path: Path) -> None:
        """RULES.md §4 with option rubbers (§2): each match goes to the first side to win two
        games; the foot gives the lead in matches while play goes on, then who won how many."""
        assert cli(tmp_path, "new", "--preset", "simple", "-o", "rubbers=2").exit_code == 0
        for tricks in ("NS=13", "NS=13"):
            r = cli(tmp_path, "add", "--tricks", tricks)
        flat = " ".join(r.stdout.split())
        assert "match 1 NS 2–0" in flat and "match 2 of 2" in flat
        assert "NS (North & South) lead 1 match to 0" in flat
        for tricks in ("EW=13", "EW=13"):
            r = cli(tmp_path, "add", "--tricks", tricks)
        flat = " ".join(r.stdout.split())
        assert "Match over: 2 matches." in flat
        assert "all square, 1 match each" in flat
        assert cli(tmp_path, "undo").exit_code == 0  # match 2 at one game each, then NS take two
        for tricks in ("NS=13", "NS=13"):
            r = cli(tmp_path, "add", "--tricks", tricks)
        flat = " ".join(r.stdout.split())
        assert "NS (North & South) win 2 matches to 0" in flat

    def test_the_foot_says_what_its_totals_are_and_names_the_sides_in_the_language(
            self, tmp_path: Path) -> None:
        """The foot counts what a side has won so far, and says what: in simple whist (RULES.md
        §4: no game or rubber points, the first side to win two games wins) the matches won; in
        French every line names East–West EO, undo included."""
        assert cli(tmp_path, "new", "--preset", "simple", "--names", "Anne,Bert,Carla,Dirk").exit_code == 0
        r = cli(tmp_path, "add", "--tricks", "NS=13", "--lang", "fr")
        assert r.exit_code == 0, r.output
        flat = " ".join(r.stdout.split())
        assert "En cours : partie 1 sur 1, manches NS 1–0 EO, marque 0–0" in flat
        assert "Parties gagnées : NS (Anne & Carla) 0 · EO (Bert & Dirk) 0" in flat
        assert "EW" not in flat and "rubber" not in flat and "points" not in flat
        r = cli(tmp_path, "add", "--tricks", "EW=0", "--lang", "fr")
        flat = " ".join(r.stdout.split())
        assert "manche NS · partie 1 NS 2–0" in flat and "totaux" not in flat
        assert "Partie terminée." in flat
        assert "Résultat : NS (Anne & Carla) gagnent la partie, 2 manches à 0" in flat
        assert "point" not in flat.replace("points:", "") and "EW" not in flat
        r = cli(tmp_path, "undo", "--lang", "fr")
        assert r.exit_code == 0, r.output
        flat = " ".join(r.stdout.split())
        assert "Supprimé n° 2 : levées NS 13 · EO 0, honneurs aucun" in flat
        assert "manches NS 1–0 EO" in flat and "EW" not in flat
        r = cli(tmp_path, "undo")
        assert "Removed #1: tricks NS 13 · EW 0, honours none" in r.stdout
        r = cli(tmp_path, "undo", "--lang", "fr")
        assert r.exit_code == 2 and "la feuille est vide" in r.stderr
        shown = cli(tmp_path, "show", "--lang", "fr")
        assert "EW" not in shown.stdout and "EO" in shown.stdout
        # the running score is « la marque » in the column's head and the legend, as on the page
        legend = " ".join(shown.stdout.split())
        assert "┃ marque ┃" in shown.stdout and "marque : les points de la manche après la donne" in legend
        assert "score" not in legend, legend

    def test_new_import_and_settlement_name_west_o_in_french(self, tmp_path: Path) -> None:
        """In French, East–West is EO and West's seat O (Ouest) in every line, the new sheet's,
        an import's and the settlement's too; in English EW and W."""
        r = cli(tmp_path, "new", "-p", "classic", "-o", "stake=0.5", "-n", "W=Dirk", "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert "NS (Nord & Sud) · EO (Est & Dirk)" in r.stdout and "EW" not in r.stdout
        rows = tmp_path / "rows.csv"
        rows.write_text("kind,side,tricks,honours\n" + "deal,NS,13,none\n" * 3, encoding="utf-8")
        r = cli(tmp_path, "import", str(rows), "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert "EO (Est & Dirk) 0" in r.stdout and "EW" not in r.stdout
        r = cli(tmp_path, "add", "--tricks", "NS=13", "--lang", "fr")
        assert r.exit_code == 0, r.output
        flat = " ".join(r.stdout.split())
        assert "Nord (N) +4 · Est (E) -4 · Sud (S) +4 · Dirk (O) -4" in flat
        assert "(W)" not in flat and "EW" not in flat
        shown = " ".join(cli(tmp_path, "show").stdout.split())  # the sheet's own language
        assert "Dirk (O) -4" in shown and "EO (Est & Dirk)" in shown and "EW" not in shown
        shown = " ".join(cli(tmp_path, "show", "--lang", "en").stdout.split())
        assert "Dirk (W) -4" in shown and "EW (Est & Dirk)" in shown

    def test_undo_on_a_colour_sheet_follows_lang(self, tmp_path: Path) -> None:
        assert cli(tmp_path, "new", "--preset", "couleur").exit_code == 0
        assert cli(tmp_path, "add", "small", "misère", "-d", "N", "-t", "0").exit_code == 0
        r = cli(tmp_path, "undo", "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert "Supprimé n°\u00a01 : petite misère" in r.stdout


@pytest.mark.parametrize(("contract", "levels"), [
    ("solo 5", "solo: 6, 7, 8"), ("solo 4", "solo: 6, 7, 8"), ("solo 14", "solo: 6, 7, 8"),
    ("abondance 11", "abondance: 9")])
def test_a_level_the_table_lacks_is_refused_in_the_auctions_words(tmp_path: Path, contract: str,
                                                                   levels: str) -> None:
    """``whist sheet add`` and ``import`` refuse a level that the colour sheet's table lacks in the
    words the auction refuses the bid with (``auction.not_on_ladder``), whether another preset
    has that level (solo 5 in pagat) or none does (solo 4, solo 14), naming the table's levels."""
    from whist.auction import not_on_ladder
    from whist.contracts import Contract
    from whist.sheet import _all_options

    kind, level = contract.split()
    why = not_on_ladder(_all_options(preset("couleur")), Contract(kind, int(level)))
    assert why is not None and why.en == f"{contract} does not exist in couleur ({levels})"
    assert cli(tmp_path, "new", "--preset", "couleur").exit_code == 0
    before = (tmp_path / "sheet.json").read_bytes()
    r = cli(tmp_path, "add", contract, "H", "--declarers", "N", "--tricks", "6")
    assert r.exit_code == 2 and r.stderr == f"Error: {why.en}\n"
    csv_file = tmp_path / "rows.csv"
    csv_file.write_text(f"contract,declarers,tricks\n{contract} H,N,6\n", encoding="utf-8")
    r = cli(tmp_path, "import", str(csv_file), "--lang", "fr")
    assert r.exit_code == 2 and why.fr in r.stderr
    assert (tmp_path / "sheet.json").read_bytes() == before


@pytest.mark.parametrize(("make", "en", "fr"), [
    (lambda: played("NE=8"), "tricks: 'NE' is not a side", "levées : « NE » n'est pas un camp"),
    (lambda: played("NS=8", "SE=4"), "honours: 'SE' is not a side", "honneurs : « SE » n'est pas un camp"),
    (lambda: called("XY"), "call at eight: 'XY' is not a side", "chant à huit : « XY » n'est pas un camp"),
])
def test_a_side_that_is_none_is_named_in_each_language(make: Any, en: str, fr: str) -> None:
    """What the side was typed for was English in the French reason (« tricks : … »)."""
    with pytest.raises(ClassicSheetError) as info:
        make()
    assert info.value.en.startswith(en) and info.value.fr.startswith(fr), (info.value.en, info.value.fr)


class TestAnEntryGivenOnce:
    """RULES.md §6: each deal is entered once, with its tricks (and honours, or declarers). An
    option of the entry typed twice, ``--tricks NS=8 --tricks EO=6``, says two different deals: it
    is refused, and the sheet left as it was, rather than the last one kept without a word (it was
    entered as NS 7)."""

    @pytest.mark.parametrize(("preset_name", "args", "option"), [
        ("classic", ["--tricks", "NS=8", "--tricks", "EW=6"], "--tricks"),
        ("classic", ["-t", "NS=8", "--honours", "NS=3", "--honneurs", "EW=4"], "--honneurs"),
        ("couleur", ["solo", "7", "-d", "N", "--declarers", "E", "--tricks", "8"], "--declarers"),
        ("couleur", ["solo", "7", "-d", "N", "-t", "8", "-t", "5"], "-t"),
    ])
    def test_an_option_of_the_entry_given_twice_is_refused(self, tmp_path: Path, preset_name: str,
                                                            args: list[str], option: str) -> None:
        f = tmp_path / "sheet.json"
        assert cli(tmp_path, "new", "--preset", preset_name).exit_code == 0
        before = f.read_bytes()
        r = cli(tmp_path, "add", *args)
        assert r.exit_code == 2, r.output
        assert f"Option '{option}' is given twice: give it once." in r.stderr
        assert f.read_bytes() == before
        r = cli(tmp_path, "add", *args, "--lang", "fr")
        assert f"l'option « {option} » est donnée deux fois : donnez-la une seule fois." in r.stderr

    def test_whist_score_too(self) -> None:
        r = runner.invoke(app, ["score", "solo", "7", "-d", "N", "-t", "8", "-t", "5"])
        assert r.exit_code == 2 and "Option '-t' is given twice" in r.stderr

    @pytest.mark.parametrize(("args", "said"), [
        (["--levées", "NS=8", "--levées", "EO=6"], "--levées"),
        (["--levees=NS=8", "-tEW=6"], "-t"),
        (["--plis", "NS=8", "--tricks", "EW=6"], "--tricks"),
    ])
    def test_the_option_given_twice_is_named_as_typed(self, tmp_path: Path, args: list[str],
                                                      said: str) -> None:
        assert cli(tmp_path, "new", "--preset", "classic", "--lang", "fr").exit_code == 0
        r = cli(tmp_path, "add", *args)
        assert r.exit_code == 2, r.output
        assert f"l'option « {said} » est donnée deux fois" in " ".join(r.stderr.split()), r.stderr

    def test_only_the_deals_options_count(self) -> None:
        """The scoring table (``--preset``) is no option of the deal: given again, the last one
        wins, as ``--lang`` does; and ``--help`` shows the help whatever else is typed."""
        r = runner.invoke(app, ["score", "solo", "7", "-d", "N", "-t", "8", "--preset", "couleur",
                                "--preset", "pagat"])
        assert r.exit_code == 0 and "pagat" in r.stdout, r.output
        r = runner.invoke(app, ["score", "solo", "7", "-t", "8", "-t", "9", "--help"])
        assert r.exit_code == 0 and "--tricks" in r.stdout, r.output

    def test_the_language_and_the_file_may_still_be_given_again(self, tmp_path: Path) -> None:
        """``--lang`` keeps its rule, the last one wins (README), and so does a file named again."""
        assert cli(tmp_path, "new", "--preset", "classic").exit_code == 0
        r = cli(tmp_path, "add", "--tricks", "NS=8", "--lang", "fr", "--lang", "en")
        assert r.exit_code == 0, r.output
        assert "tricks NS 8" in r.stdout


class TestADealInWords:
    """RULES.md §6: a deal played out is entered by its tricks and honours. The word a CSV's ``kind``
    takes for it (``deal``, ``donne``) typed before the tricks enters the same deal; it was refused
    as a colour-whist contract, which « donne » is not."""

    @pytest.mark.parametrize("word", ["donne", "deal", "Donne"])
    def test_the_word_of_a_deal_before_its_tricks(self, tmp_path: Path, word: str) -> None:
        assert cli(tmp_path, "new", "--preset", "classic", "--lang", "fr").exit_code == 0
        r = cli(tmp_path, "add", word, "--tricks", "EO=8", "--honneurs", "NS=3")
        assert r.exit_code == 0, r.output
        assert "N°\u00a01 levées NS 5 · EO 8, honneurs NS 3 : NS +2 · EO +2 → marque 2–2" in r.stdout

    def test_the_word_of_a_deal_with_a_side_is_still_refused(self, tmp_path: Path) -> None:
        assert cli(tmp_path, "new", "--preset", "classic").exit_code == 0
        r = cli(tmp_path, "add", "deal", "NS", "--tricks", "NS=8")
        assert r.exit_code == 2 and "'deal NS' is colour whist" in r.stderr


class TestTheOptionsInFrench:
    """Vocabulary (RULES.md): a trick is a « levée » in classic whist and a « pli » in colour whist,
    the declarers are the « preneurs », the queens the « dames ». A French scorer types the word he
    says: each is the option's other name, and still counts once with the English name."""

    @pytest.mark.parametrize("option", ["--levées", "--levees", "--plis"])
    def test_the_tricks_of_a_classic_deal(self, tmp_path: Path, option: str) -> None:
        assert cli(tmp_path, "new", "--preset", "classic", "--lang", "fr").exit_code == 0
        r = cli(tmp_path, "add", option, "EO=8", "--honneurs", "NS=3")
        assert r.exit_code == 0, r.output
        assert "levées NS 5 · EO 8, honneurs NS 3" in r.stdout

    def test_the_declarers_and_tricks_of_a_colour_deal(self, tmp_path: Path) -> None:
        assert cli(tmp_path, "new", "--preset", "couleur", "--lang", "fr").exit_code == 0
        r = cli(tmp_path, "add", "solo", "7", "--preneurs", "N", "--plis", "8")
        assert r.exit_code == 0, r.output
        assert "solo 7" in r.stdout and "+21" in r.stdout

    def test_whist_score_takes_them_and_the_queens(self) -> None:
        r = runner.invoke(app, ["score", "dames", "--dames", "N=2,E=1,S=1", "--lang", "fr"])
        assert r.exit_code == 0, r.output
        english = runner.invoke(app, ["score", "dames", "--queens", "N=2,E=1,S=1", "--lang", "fr"])
        assert r.stdout == english.stdout
        solo = runner.invoke(app, ["score", "solo", "7", "--preneurs", "N", "--plis", "8"])
        assert solo.exit_code == 0 and "+21" in solo.stdout, solo.output

    def test_the_french_name_and_the_english_one_are_one_option(self, tmp_path: Path) -> None:
        assert cli(tmp_path, "new", "--preset", "classic").exit_code == 0
        r = cli(tmp_path, "add", "--levées", "NS=8", "--tricks", "EW=6")
        assert r.exit_code == 2 and "Option '--tricks' is given twice" in r.stderr


class TestHonoursThatDoNotScore:
    """RULES.md §2: honours score 4 or 2 points; D17, tricks score first, and a side that reaches
    game by its tricks leaves the other side's honours unscored; with the option ``honours`` off
    they never score. The sheet keeps the honours as entered and says on their row that they
    were not scored (it said so for D17 but not with the option off: « EO 4 » stood there as if
    it had counted)."""

    @pytest.mark.parametrize(("options", "tricks"), [
        ([], "NS=11"),  # D17: NS at 5 score 5 for tricks and reach game first
        (["--option", "honours=off"], "NS=8"),
    ])
    @pytest.mark.parametrize(("lang", "said"), [("en", "EW 4, not scored"), ("fr", "EO 4, non comptés")])
    def test_the_row_says_they_were_not_scored(self, tmp_path: Path, options: list[str], tricks: str,
                                               lang: str, said: str) -> None:
        assert cli(tmp_path, "new", "--preset", "classic", "--option", "call_at_eight=off",
                   *options).exit_code == 0
        assert cli(tmp_path, "add", "--tricks", "NS=11").exit_code == 0
        r = cli(tmp_path, "add", "--tricks", tricks, "--honours", "EW=4")
        assert r.exit_code == 0, r.output
        r = runner.invoke(app, ["sheet", "show", "--file", str(tmp_path / "sheet.json"), "--lang", lang],
                          env={"COLUMNS": "200"})
        assert said in r.stdout, r.stdout

    def test_honours_that_count_are_not_said_unscored(self, tmp_path: Path) -> None:
        assert cli(tmp_path, "new", "--preset", "classic").exit_code == 0
        assert cli(tmp_path, "add", "--tricks", "NS=8", "--honours", "EW=4").exit_code == 0
        r = runner.invoke(app, ["sheet", "show", "--file", str(tmp_path / "sheet.json")],
                          env={"COLUMNS": "200"})
        assert "EW 4" in r.stdout and "not scored" not in r.stdout, r.stdout


@pytest.mark.parametrize(("option", "value"), [("stake", 1e308), ("stake", 1_000_001)])
def test_a_sheet_file_edited_past_the_largest_stake_is_refused(tmp_path: Path, option: str,
                                                               value: float) -> None:
    """``whist sheet new`` refuses a stake above a million (``LARGEST`` in rules.py: past it the
    settlement is no number a JSON file holds); a sheet's file edited by hand to such a stake was
    read, printed ±Infinity and exported ``Infinity``, which no JSON reader takes. It is refused as
    a damaged file is (in the language of ``--lang``: a damaged file's own is not trusted), and no
    file is written."""
    f = tmp_path / "sheet.json"
    assert cli(tmp_path, "new", "--preset", "classic", "--lang", "fr").exit_code == 0
    assert cli(tmp_path, "add", "--tricks", "NS=8").exit_code == 0
    data = json.loads(f.read_text(encoding="utf-8"))
    data["rules"][option] = value
    f.write_text(json.dumps(data), encoding="utf-8")
    before = f.read_bytes()
    for lang, said in (("en", f"rules: option {option} is at most"),
                       ("fr", f"règles : l'option {option} vaut au plus")):
        r = cli(tmp_path, "export", str(tmp_path / "out.json"), "--lang", lang)
        assert r.exit_code == 2, r.output
        assert said in " ".join(r.stderr.split()), r.stderr
    assert not (tmp_path / "out.json").exists() and f.read_bytes() == before


def test_a_sheet_file_of_a_longer_game_still_reads(tmp_path: Path) -> None:
    """Games of more points than a new sheet takes (``LARGEST``: 100) were taken by earlier
    versions: such a sheet still reads (only a stake past a million is refused, above)."""
    f = tmp_path / "sheet.json"
    assert cli(tmp_path, "new", "--preset", "classic").exit_code == 0
    assert cli(tmp_path, "add", "--tricks", "NS=8").exit_code == 0
    data = json.loads(f.read_text(encoding="utf-8"))
    data["rules"]["game_points"] = 150
    f.write_text(json.dumps(data), encoding="utf-8")
    r = cli(tmp_path, "show")
    assert r.exit_code == 0 and "game_points=150" in r.stdout, r.output
