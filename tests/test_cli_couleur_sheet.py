"""`whist sheet` for colour whist (RULES.md §6): a session's score sheet kept in a file, deal by deal
(contracts, declarers, tricks, penalties, undo), shown, imported from CSV and exported, in English
and in French, with two scorers at once. The terminal game: test_cli_couleur.py; `whist score`,
simulate and replay: test_cli_couleur_score.py.
"""

from __future__ import annotations

import errno
import fcntl
import io
import json
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from test_cli_couleur import WHIST, flat, run, runner, wait_for_the_lock

from whist.cli import app

# ----- whist sheet ---------------------------------------------------------------------------------


class TestSheet:
    def sheet(self, tmp_path: Path, *args: str) -> Any:
        return run("sheet", *args, "--file", str(tmp_path / "sheet.json"))

    def test_a_session_at_a_real_table(self, tmp_path: Path) -> None:
        f = tmp_path / "sheet.json"
        r = self.sheet(tmp_path, "new", "--preset", "couleur", "--names", "N=Anne,E=Bert,S=Carla,W=Dirk")
        assert r.exit_code == 0, r.output
        for args in (["add", "solo", "7", "--declarers", "N", "--tricks", "8", "--trump", "H"],
                     ["add", "emballage 8", "--declarers", "N,S", "--tricks", "9"],
                     ["add", "petite", "misère", "--declarers", "E,W", "--tricks", "E=0,W=1"],
                     ["penalty", "W"],
                     ["add", "trou", "--declarers", "S,W", "--tricks", "7", "--needed", "9", "--double"],
                     ["add", "chelem", "--declarers", "E", "--tricks", "13"]):
            r = self.sheet(tmp_path, *args)
            assert r.exit_code == 0, (args, r.output)
        assert "Totals: Anne 29 · Bert 79 · Carla -35 · Dirk -88" in r.stdout
        r = self.sheet(tmp_path, "undo")
        assert r.exit_code == 0, r.output
        assert "Removed #6" in r.stdout
        assert "Totals: Anne 49 · Bert 19 · Carla -15 · Dirk -68" in r.stdout
        shown = self.sheet(tmp_path, "show")
        assert shown.exit_code == 0, shown.output
        flat = " ".join(shown.stdout.split())
        for words in ("Anne (N)", "Bert (E)", "Carla (S)", "Dirk (W)", "solo 7 ♥", "penalty",
                      "trou (9) ×2", "totals"):
            assert words in flat, words
        data = json.loads(self.sheet(tmp_path, "show", "--json").stdout)
        assert data["totals"] == {"N": 49, "E": 19, "S": -15, "W": -68}
        assert [e["totals"]["W"] for e in data["entries"]] == [-7, -14, -35, -50, -68]
        assert json.loads(f.read_text(encoding="utf-8")) == data

        csv_file = tmp_path / "sheet.csv"
        r = self.sheet(tmp_path, "export", "--csv", str(csv_file), "--json", str(tmp_path / "copy.json"))
        assert r.exit_code == 0, r.output
        header = csv_file.read_text(encoding="utf-8-sig").splitlines()[0]
        assert header.startswith("contract,declarers,tricks")
        assert json.loads((tmp_path / "copy.json").read_text(encoding="utf-8")) == data

        other = tmp_path / "other.json"
        assert run("sheet", "new", "--file", str(other)).exit_code == 0
        r = run("sheet", "import", str(csv_file), "--file", str(other))
        assert r.exit_code == 0, r.output
        assert "Imported 5 entries" in r.stdout
        assert json.loads(other.read_text(encoding="utf-8"))["totals"] == data["totals"]

    @pytest.mark.parametrize(("args", "words"), [
        (["add", "solo", "7", "--declarers", "N", "--tricks", "14"], "a deal has 13 tricks, not 14"),
        (["add", "solo", "7", "--declarers", "Z", "--tricks", "8"], "'Z' is not a seat"),
        (["add", "solo", "5", "--declarers", "N", "--tricks", "6"],
         "solo 5 does not exist in couleur (solo: 6, 7, 8)"),
        (["add", "solo", "14", "H", "-d", "N", "-t", "3"],
         "solo 14 does not exist in couleur (solo: 6, 7, 8)"),
        (["add", "piccolo", "--declarers", "N", "--tricks", "1"], "played by 2 declarers"),
        (["add", "solo", "7", "--declarers", "N", "--tricks", "N=7,E=1"], "E is not a declarer"),
        (["add", "bridge", "--declarers", "N", "--tricks", "7"], "'bridge' is not a contract"),
        (["penalty", "Q"], "offender 'Q': 'Q' is not a seat"),
        (["new", "--force", "--names", "N=Anne,E=Anne,S=,W=Zoë"], "the name of S ('S=') is empty"),
        (["new", "--force", "--names", "N=Anne,S=\u200b\u00ad"], r"the name of S ('S=\u200b\xad') is empty"),
        (["new", "--force", "--names", "N=Anne,E"], "'E' is not seat=name"),
        (["new", "--force", "--names", "N=Anne,n=Bob"], "N is named twice ('Anne' and 'Bob')"),
        (["new", "--force", "--names", "N=Anne E=Bert"],
         "the name of N ('Anne E=Bert') holds '=': separate the seats with commas (N=Anne,E=Bert)"),
        (["add", "petite misère", "-d", "N,N", "-t", "N=0"], "declarers 'N,N': N is named twice"),
        # four names typed: one beginning with '=' was "'' is not a seat", an empty one "give the
        # four names" (it was dropped before they were counted)
        (["new", "--force", "=Jo", "Bert", "Carla", "Dirk"],
         "'=Jo': a name here cannot hold '=', which separates a seat from its name (N=Anne)"),
        (["new", "--force", "Anne", "", "Carla", "Dirk"], "the name of E (the second) is empty"),
    ])
    def test_an_impossible_entry_leaves_the_file_byte_identical(self, tmp_path: Path, args: list[str],
                                                                 words: str) -> None:
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new", "--names", "N=Anne").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7").exit_code == 0
        before = f.read_bytes()
        r = self.sheet(tmp_path, *args)
        assert r.exit_code == 2, (args, r.output)
        assert words in r.stderr, r.stderr
        assert "Traceback" not in r.output
        assert f.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir()] == ["sheet.json"]  # no temporary file left

    @pytest.mark.parametrize("preset", ["couleur", "classic"])
    def test_the_names_typed_after_new_without_names_are_the_players(self, tmp_path: Path,
                                                                    preset: str) -> None:
        """`whist sheet new Anne Bert Carla Dirk`, as one types it at first, was refused as extra
        arguments: the names, four in the order of the seats or by seat, are --names's; given both
        ways, they are refused and no sheet is started."""
        f = tmp_path / "sheet.json"
        r = self.sheet(tmp_path, "new", "--preset", preset, "Anne", "Bert", "Carla", "Dirk V")
        assert r.exit_code == 0, r.output
        by_place = json.loads(f.read_text(encoding="utf-8"))["names"]
        f.unlink()
        r = self.sheet(tmp_path, "new", "--preset", preset, "--names", "Anne,Bert,Carla,Dirk V")
        assert r.exit_code == 0, r.output
        assert json.loads(f.read_text(encoding="utf-8"))["names"] == by_place
        assert by_place == {"N": "Anne", "E": "Bert", "S": "Carla", "W": "Dirk V"}
        f.unlink()
        assert self.sheet(tmp_path, "new", "--preset", preset, "W=Dirk", "n=Anne").exit_code == 0
        assert json.loads(f.read_text(encoding="utf-8"))["names"] == {"N": "Anne", "E": "East", "S": "South",
                                                                      "W": "Dirk"}
        f.unlink()
        for lang, said in (("en", "the names are given twice, Anne Bert and --names Anne,Bert: give them"
                                  " once"),
                           ("fr", "les noms sont donnés deux fois, Anne Bert et --names Anne,Bert :"
                                  " donnez-les une fois")):
            r = self.sheet(tmp_path, "new", "Anne", "Bert", "--names", "Anne,Bert", "--lang", lang)
            assert r.exit_code == 2 and said in flat(r.stderr), r.output
        for lang, said in (("en", "couleur is a preset, not a player's name: it goes after --preset: --preset"
                                  " couleur"),
                           ("fr", "couleur est un préréglage, pas le nom d'un joueur : il se donne après"
                                  " --preset : --preset couleur")):
            r = self.sheet(tmp_path, "new", "couleur", "Anne", "Bert", "Carla", "Dirk", "--lang", lang)
            assert r.exit_code == 2 and said in flat(r.stderr), r.output
            r = self.sheet(tmp_path, "new", "Anne", "Bert", "Carla", "Dirk", "Couleur", "--lang", lang)
            assert r.exit_code == 2 and said.replace("couleur is", "Couleur is").replace(
                "couleur est", "Couleur est") in flat(r.stderr), r.output
        r = self.sheet(tmp_path, "new", "Colour", "Anne", "Bert", "Carla", "Dirk")  # a word for couleur
        assert r.exit_code == 2 and "Colour is a preset, not a player's name" in flat(r.stderr), r.output
        assert "--preset couleur" in flat(r.stderr)
        assert self.sheet(tmp_path, "new", "Dupont, Anne", "Bert", "Carla", "Court").exit_code == 0
        assert json.loads(f.read_text(encoding="utf-8"))["names"] == {  # a comma, a name that is a word
            "N": "Dupont, Anne", "E": "Bert", "S": "Carla", "W": "Court"}
        f.unlink()
        r = self.sheet(tmp_path, "new", "Anne", "Bert", "Carla", "--lang", "fr")
        assert r.exit_code == 2, r.output
        assert "donnez les quatre noms dans l'ordre des places N, E, S, O" in flat(r.stderr)
        assert list(tmp_path.iterdir()) == []

    @pytest.mark.parametrize(("typed", "apart", "lang", "said"), [
        (["solo", "7", "N", "8"], [], "en", "'solo 7 N 8' is not a contract: give the declarers and the"
         " tricks apart (whist sheet add solo 7 --declarers N --tricks 8)"),
        (["petite", "misère", "S+O", "0"], [], "fr", "« petite misère S+O 0 » n'est pas un contrat : donnez"
         " les preneurs et les plis à part (whist sheet add solo 7 --preneurs N --plis 8)"),
        (["solo 7 N"], ["-t", "8"], "en", "'solo 7 N' is not a contract: give the declarers"),
        (["solo", "7", "S"], ["-t", "8"], "en", "name the declarers, e.g. --declarers N"),
        (["solo", "7", "X", "8"], [], "en", "'solo 7 X 8' is not a contract (known: abondance,"),
        (["solo", "7", "N"], ["-d", "N", "-t", "8"], "en", "'solo 7 N' is not a contract (known: abondance,"),
    ])
    def test_the_declarers_and_tricks_typed_after_the_contract_are_asked_apart(
            self, tmp_path: Path, typed: list[str], apart: list[str], lang: str, said: str) -> None:
        """`whist sheet add solo 7 N 8`: the contract's words, then the declarers and the tricks,
        as the sheet shows them; the refusal listed the contracts as if the contract were unknown.
        It now says to give them apart (and still lists the contracts where the words before the
        seats are no contract either, or where both are given apart)."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        before = f.read_bytes()
        r = self.sheet(tmp_path, "add", *typed, *apart, "--lang", lang)
        assert r.exit_code == 2 and said in flat(r.stderr), r.output
        assert f.read_bytes() == before

    @pytest.mark.parametrize(("names", "shown"), [("N=\udcff", r"N=\xff"),
                                                  ("Anne,B\udce9rt,Carla,Dirk", r"Anne,B\xe9rt,Carla,Dirk")])
    def test_names_in_bytes_that_are_no_utf8_are_refused_as_such(self, tmp_path: Path, names: str,
                                                                 shown: str) -> None:
        """A name typed in a terminal set to Latin-1 (the byte é is there, \\xe9, which Python
        passes on as a lone surrogate) is refused as not UTF-8, the bytes shown: it was said to be
        empty, and the é of Bert dropped without a word (Brt)."""
        for lang, said in (("en", f"Error: --names '{shown}': it is not UTF-8 text; type the names in UTF-8"
                                  " (the terminal may be set to another encoding)"),
                           ("fr", f"Erreur : --names « {shown} » : ce n'est pas du texte UTF-8 ; tapez les"
                                  " noms en UTF-8 (le terminal est peut-être réglé sur un autre codage)")):
            r = self.sheet(tmp_path, "new", "--names", names, "--lang", lang)
            assert r.exit_code == 2 and " ".join(r.stderr.split()) == said, r.output
            assert list(tmp_path.iterdir()) == []

    def test_an_impossible_csv_row_imports_nothing(self, tmp_path: Path) -> None:
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        before = f.read_bytes()
        bad = tmp_path / "bad.csv"
        bad.write_text("contract,declarers,tricks\nsolo 6,N,7\nsolo 6,N,15\n", encoding="utf-8")
        r = self.sheet(tmp_path, "import", str(bad))
        assert r.exit_code == 2
        assert "line 3: a deal has 13 tricks, not 15" in r.stderr
        assert "nothing was imported" in r.stderr
        assert f.read_bytes() == before

    def test_points_in_the_csv_that_the_table_does_not_give_are_named(self, tmp_path: Path) -> None:
        """The sheet scores by the preset's table (§5.7): a row whose stated points differ is
        imported with the table's points, and the import says which row differed."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        rows = tmp_path / "rows.csv"
        rows.write_text("contract,declarers,tricks,points_N,points_E,points_S,points_W\n"
                        "solo 6,N,7,+21,-7,-7,-7\nsolo 6,N,7,999,-7,-7,-7\nsolo 6,N,7,,,,\n",
                        encoding="utf-8")
        r = self.sheet(tmp_path, "import", str(rows))
        assert r.exit_code == 0, r.output
        assert "line 3: the file says 999 -7 -7 -7, the table N +21 E -7 S -7 W -7" in r.stderr
        assert "line 2" not in r.stderr and "line 4" not in r.stderr
        assert json.loads(f.read_text(encoding="utf-8"))["totals"]["N"] == 63

    @pytest.mark.parametrize("content", [b"\x89PNG\r\n\x1a\n\x00\x00", b'{"format": "whist-sheet-0"}', b"\n"])
    def test_new_over_a_file_that_is_no_sheet_says_so(self, tmp_path: Path, content: bytes) -> None:
        """Over a picture, a damaged sheet or a blank line, `sheet new` said the file "already
        holds a sheet: add to it", which cannot be done; it now says the file is not a sheet, and
        leaves it as it was. (An empty file is still taken for a sheet another scorer is writing
        at that moment.)"""
        f = tmp_path / "sheet.json"
        f.write_bytes(content)
        r = self.sheet(tmp_path, "new")
        assert r.exit_code == 2, r.output
        assert (f"{f} already exists and is not a score sheet: name another file (--file), or replace it"
                " with --force") in flat(r.stderr)
        assert f.read_bytes() == content
        r = self.sheet(tmp_path, "new", "--lang", "fr")
        assert f"{f} existe déjà et n'est pas une feuille de marque" in flat(r.stderr)

    def test_new_over_a_file_long_empty_says_it_is_no_sheet(self, tmp_path: Path) -> None:
        """An empty file is taken for a sheet another scorer is writing at that moment (`new`
        refuses it as a sheet), but not one left empty for longer than any writing takes: `add`
        said it was no sheet (empty) and `new` that it held one, to add to."""
        f = tmp_path / "sheet.json"
        f.write_bytes(b"")
        assert "already holds a sheet" in flat(self.sheet(tmp_path, "new").stderr)
        old = time.time() - 60
        os.utime(f, (old, old))
        r = self.sheet(tmp_path, "new")
        assert r.exit_code == 2 and "already exists and is not a score sheet" in flat(r.stderr), r.output
        assert "is not a valid score sheet: it is empty" in flat(self.sheet(tmp_path, "show").stderr)

    def test_a_sheet_saved_with_a_byte_order_mark_is_read(self, tmp_path: Path) -> None:
        """A sheet corrected in Windows' Notepad begins with a byte order mark: it was refused
        with Python's own words (Unexpected UTF-8 BOM), in English even in French."""
        assert self.sheet(tmp_path, "new", "Anne", "Bert", "Carla", "Dirk").exit_code == 0
        f = tmp_path / "sheet.json"
        f.write_bytes(b"\xef\xbb\xbf" + f.read_bytes())
        r = self.sheet(tmp_path, "add", "solo 7", "-d", "N", "-t", "8")
        assert r.exit_code == 0 and "Anne +21" in r.stdout, r.output
        assert json.loads(f.read_text(encoding="utf-8"))["totals"]["N"] == 21

    def test_undo_on_an_empty_sheet_and_no_sheet(self, tmp_path: Path) -> None:
        r = self.sheet(tmp_path, "show")
        assert r.exit_code == 2 and "start one with `whist sheet new`" in r.stderr
        assert self.sheet(tmp_path, "new").exit_code == 0
        r = self.sheet(tmp_path, "undo")
        assert r.exit_code == 2 and "the sheet is empty" in r.stderr
        r = self.sheet(tmp_path, "new")
        assert r.exit_code == 2 and "already holds a sheet" in r.stderr
        assert self.sheet(tmp_path, "new", "--force", "--preset", "pagat").exit_code == 0
        r = self.sheet(tmp_path, "export")
        assert r.exit_code == 2, r.output
        assert "a FILE ending in .csv or .json, or --csv FILE and/or --json FILE" in flat(r.stderr)

    @pytest.mark.parametrize(("content", "en", "fr"), [
        ("{not json", "is not a valid score sheet: unreadable JSON (a field name in double quotes is missing",
         "n'est pas une feuille de marque valable : JSON illisible"),
        ('{"preset": "couleur", "entries": [{"contract": "solo 7", "declarers": "N", "tricks": "14"}]}',
         "is not a valid score sheet", "n'est pas une feuille de marque valable"),
        ("[1, 2]", "is not a valid score sheet: not a score sheet",
         "n'est pas une feuille de marque valable : pas une feuille de marque"),
    ])
    def test_a_damaged_file_is_refused_as_any_sheet_error(self, tmp_path: Path, content: str, en: str,
                                                          fr: str) -> None:
        """Exit 2, as every other refusal of the sheet (a missing file, an impossible entry)."""
        (tmp_path / "sheet.json").write_text(content, encoding="utf-8")
        for args in (["add", "solo 6", "-d", "E", "-t", "7"], ["show"], ["export", "--json", "-"]):
            r = self.sheet(tmp_path, *args)
            assert r.exit_code == 2 and en in flat(r.stderr) and fr not in r.stderr, (args, r.output)
            r = self.sheet(tmp_path, *args, "--lang", "fr")
            assert r.exit_code == 2 and r.stderr.startswith("Erreur : ") and fr in flat(r.stderr), r.output
            assert r.stdout == ""
        assert (tmp_path / "sheet.json").read_text(encoding="utf-8") == content

    def test_csv_and_json_both_on_stdout_are_refused(self, tmp_path: Path) -> None:
        """`--csv - --json -` would write the two formats one after the other, a file that is
        neither CSV nor JSON."""
        assert self.sheet(tmp_path, "new").exit_code == 0
        for lang, says in (("en", "--csv - and --json - would both write on the standard output"),
                           ("fr", "--csv - et --json - écriraient tous deux sur la sortie standard")):
            r = self.sheet(tmp_path, "export", "--csv", "-", "--json", "-", "--lang", lang)
            assert r.exit_code == 2 and says in flat(r.stderr) and r.stdout == "", r.output
        for option in ("--csv", "--json"):
            r = self.sheet(tmp_path, "export", option, "-")
            assert r.exit_code == 0 and r.stdout, r.output

    def test_one_entry_imported_is_said_so(self, tmp_path: Path) -> None:
        assert self.sheet(tmp_path, "new").exit_code == 0
        rows = tmp_path / "rows.csv"
        rows.write_text("contract,declarers,tricks\nsolo 6,N,7\n", encoding="utf-8")
        r = self.sheet(tmp_path, "import", str(rows))
        assert r.exit_code == 0 and "Imported 1 entry from" in r.stdout

    @pytest.mark.parametrize("target", ["sheet.json", "./sheet.json", "link.json"])
    def test_an_export_onto_the_sheet_itself_is_refused(self, tmp_path: Path, target: str) -> None:
        """`export --csv whist-sheet.json` used to write the CSV over the sheet, which then no
        longer opened."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7").exit_code == 0
        (tmp_path / "link.json").symlink_to(f)
        before = f.read_bytes()
        for option in ("--csv", "--json"):
            r = self.sheet(tmp_path, "export", option, str(tmp_path / target))
            assert r.exit_code == 2, r.output
            assert "is the sheet's own file: export to another file" in r.stderr
            assert f.read_bytes() == before

    def test_a_file_named_without_an_option_is_written_in_the_format_its_name_ends_with(
            self, tmp_path: Path) -> None:
        """`whist sheet export scores.csv`, as one types it at first, was refused as an extra
        argument: the file's ending says CSV or JSON, the same file as --csv or --json writes; any
        other ending, or the format named twice, is refused in the sheet's language and nothing is
        written."""
        assert self.sheet(tmp_path, "new", "--lang", "fr").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7").exit_code == 0
        r = self.sheet(tmp_path, "export", str(tmp_path / "scores.CSV"), "--json", str(tmp_path / "a.json"))
        assert r.exit_code == 0, r.output
        r = self.sheet(tmp_path, "export", str(tmp_path / "copy.json"), "--csv", str(tmp_path / "a.csv"))
        assert r.exit_code == 0, r.output
        assert (tmp_path / "scores.CSV").read_bytes() == (tmp_path / "a.csv").read_bytes()
        assert (tmp_path / "copy.json").read_bytes() == (tmp_path / "a.json").read_bytes()
        assert (tmp_path / "a.csv").read_bytes().startswith(b"\xef\xbb\xbfcontract,")
        exported = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
        assert exported["entries"][0]["contract"] == "solo 6"
        notes, other = tmp_path / "notes.txt", tmp_path / "b.csv"
        for args, fr, en in (
                ([str(notes)], f"{notes} : CSV ou JSON ? Nommez un fichier en .csv ou .json, ou dites"
                               f" --csv {notes} ou --json {notes}",
                 f"{notes}: CSV or JSON? Name a file ending in .csv or .json, or say --csv {notes} or"
                 f" --json {notes}"),
                ([str(other), "--csv", str(notes)], f"{other} et --csv {notes} seraient tous deux le CSV",
                 f"{other} and --csv {notes} would both be the CSV: give one")):
            r = self.sheet(tmp_path, "export", *args)
            assert r.exit_code == 2 and fr in flat(r.stderr), r.output
            r = self.sheet(tmp_path, "export", *args, "--lang", "en")
            assert r.exit_code == 2 and en in flat(r.stderr), r.output
            assert not notes.exists() and not other.exists()

    def test_csv_and_json_exported_to_one_file_are_refused(self, tmp_path: Path) -> None:
        assert self.sheet(tmp_path, "new").exit_code == 0
        out = str(tmp_path / "out.txt")
        r = self.sheet(tmp_path, "export", "--csv", out, "--json", out)
        assert r.exit_code == 2 and "--csv and --json both name" in r.stderr
        assert not (tmp_path / "out.txt").exists()

    @pytest.mark.parametrize("lang", ["en", "fr"])
    def test_an_export_does_not_replace_a_file_without_force(self, tmp_path: Path, lang: str) -> None:
        """`export --csv notes.csv` wrote over whatever notes.csv held, without a word. A file
        already there is now refused, as `whist sheet new` refuses an existing sheet, nothing
        written (not the other file either); --force replaces it."""
        assert self.sheet(tmp_path, "new").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7").exit_code == 0
        notes, fresh = tmp_path / "notes.csv", tmp_path / "fresh.json"
        notes.write_text("keep\n", encoding="utf-8")
        said = {"en": f"Error: {notes} already exists: export to another file, or replace it with --force",
                "fr": f"Erreur : {notes} existe déjà : exportez vers un autre fichier, ou remplacez-le avec"
                      " --force"}[lang]
        for args in (["--csv", str(notes)], ["--json", str(fresh), "--csv", str(notes)]):
            r = self.sheet(tmp_path, "export", *args, "--lang", lang)
            assert r.exit_code == 2 and r.stdout == "", r.output
            assert " ".join(r.stderr.split()) == said, r.stderr
            assert notes.read_text(encoding="utf-8") == "keep\n" and not fresh.exists()
        (tmp_path / "link.json").symlink_to(tmp_path / "nowhere.json")
        r = self.sheet(tmp_path, "export", "--json", str(tmp_path / "link.json"), "--lang", lang)
        assert r.exit_code == 2 and "link.json" in r.stderr and not (tmp_path / "nowhere.json").exists()
        r = self.sheet(tmp_path, "export", "--csv", str(notes), "--json", str(fresh), "--force")
        assert r.exit_code == 0, r.output
        assert notes.read_text(encoding="utf-8-sig").startswith("contract,") and fresh.exists()
        r = self.sheet(tmp_path, "export", "--json", str(fresh))
        assert r.exit_code == 2 and "fresh.json already exists" in r.stderr

    def test_an_export_that_cannot_be_written_whole_leaves_no_part_of_it(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A full disk: the export is written to a temporary file and renamed only once it is
        whole, so the file named is as it was (or not there), and no temporary file is left."""
        assert self.sheet(tmp_path, "new").exit_code == 0
        out = tmp_path / "out.csv"

        def full(fd: int) -> None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(os, "fsync", full)
        r = self.sheet(tmp_path, "export", "--csv", str(out))
        assert r.exit_code == 1 and f"cannot write {out}: No space left on device" in r.stderr, r.output
        assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.json"]
        out.write_text("keep\n", encoding="utf-8")
        r = self.sheet(tmp_path, "export", "--csv", str(out), "--force")
        assert r.exit_code == 1 and out.read_text(encoding="utf-8") == "keep\n", r.output
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv", "sheet.json"]

    def test_a_read_only_file_is_not_replaced(self, tmp_path: Path) -> None:
        """Renaming a new file over a read-only one needs only the directory's permission: a
        sheet (or an export) the user made read-only is refused instead of replaced."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        f.chmod(0o444)
        before = f.read_bytes()
        r = self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7")
        assert r.exit_code == 1 and "cannot write" in r.stderr and "it is read-only" in r.stderr
        assert f.read_bytes() == before
        out = tmp_path / "out.csv"
        out.write_text("keep\n", encoding="utf-8")
        out.chmod(0o444)
        r = self.sheet(tmp_path, "export", "--csv", str(out), "--force")
        assert r.exit_code == 1 and "it is read-only" in r.stderr
        assert out.read_text(encoding="utf-8") == "keep\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv", "sheet.json"]

    def while_another_adds(self, tmp_path: Path, command: list[str]) -> tuple[Any, str]:
        """``whist sheet COMMAND`` run while another scorer adds to the sheet (one entry, solo 6 by
        N, there before): the other is this test, which holds the lock as the command starts,
        checks that it waits, writes its own entry, solo 7 by S (renamed over the file, as whist
        writes), then lets go. The sheet's JSON then, and the command's output."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "N", "-t", "7").exit_code == 0
        other = tmp_path / "other.json"
        with f.open("rb") as held:
            fcntl.flock(held.fileno(), fcntl.LOCK_EX)
            proc = subprocess.Popen([*WHIST, "sheet", *command, "--file", str(f)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            wait_for_the_lock(proc)
            shutil.copy(f, other)
            assert run("sheet", "add", "solo 7", "-d", "S", "-t", "8", "--file", str(other)).exit_code == 0
            os.replace(other, f)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        return json.loads(f.read_text(encoding="utf-8")), out

    @pytest.mark.parametrize("command", [["add", "solo 6", "-d", "E", "-t", "7"], ["penalty", "W"], ["undo"]])
    def test_two_scorers_at_once_both_keep_their_entry(self, tmp_path: Path, command: list[str]) -> None:
        """Two ``whist sheet`` commands on one file at once: the second read the sheet before the
        first wrote it, and wrote over it, the first scorer's entry lost (twelve adds at once left
        seven entries). A command that changes the sheet now waits for the other's lock and reads
        the sheet the other wrote."""
        data, out = self.while_another_adds(tmp_path, command)
        contracts = [e.get("contract") for e in data["entries"]]
        assert contracts == {"add": ["solo 6", "solo 7", "solo 6"], "undo": ["solo 6"],
                             "penalty": ["solo 6", "solo 7", "penalty"]}[command[0]], (contracts, out)

    def test_a_sheet_started_over_waits_for_the_scorer_adding_to_it(self, tmp_path: Path) -> None:
        """``new --force`` while another scorer adds: it replaced the sheet at once, and the other,
        who had read the old sheet, then wrote it back with the entry over the new one, the new
        sheet lost. It now waits for the other's lock, as an entry does, and starts over after."""
        data, _ = self.while_another_adds(tmp_path, ["new", "--force", "--names", "Anne,Bert,Carla,Dirk"])
        assert data["entries"] == [] and data["names"]["N"] == "Anne"

    def test_a_sheet_named_through_a_symbolic_link_is_written_through_it(self, tmp_path: Path) -> None:
        """--file link.json, a link to the club's sheet in another folder: the entry was written
        over the link, which became a sheet of its own, the club's sheet left without it."""
        (tmp_path / "club").mkdir()
        real = tmp_path / "club" / "sheet.json"
        assert run("sheet", "new", "--file", str(real)).exit_code == 0
        link = tmp_path / "link.json"
        link.symlink_to(Path("club") / "sheet.json")
        assert run("sheet", "add", "solo 6", "-d", "E", "-t", "7", "--file", str(link)).exit_code == 0
        assert link.is_symlink() and link.resolve() == real.resolve()
        assert len(json.loads(real.read_text(encoding="utf-8"))["entries"]) == 1
        assert sorted(p.name for p in real.parent.iterdir()) == ["sheet.json"]

    def test_import_reads_the_standard_input_as_export_writes_the_standard_output(
            self, tmp_path: Path) -> None:
        """``whist sheet export --csv - | whist sheet import -``: import read a file named « - »,
        which was not there. Its messages name the standard input, not « - »."""
        assert self.sheet(tmp_path, "new").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7").exit_code == 0
        csv_text = self.sheet(tmp_path, "export", "--csv", "-").stdout
        other = tmp_path / "other.json"
        assert run("sheet", "new", "--file", str(other)).exit_code == 0
        r = runner.invoke(app, ["sheet", "import", "-", "--file", str(other)], input=csv_text)
        assert r.exit_code == 0, r.output
        assert "Imported 1 entry from the standard input." in r.stdout, r.stdout
        assert json.loads(other.read_text(encoding="utf-8"))["entries"] == json.loads(
            (tmp_path / "sheet.json").read_text(encoding="utf-8"))["entries"]
        r = runner.invoke(app, ["sheet", "import", "-", "--file", str(other)], input="")
        assert r.exit_code == 2 and "the CSV needs a header" in " ".join(r.stderr.split()), r.stderr
        assert r.stderr.startswith("Error: the standard input: "), r.stderr
        r = runner.invoke(app, ["sheet", "import", "-", "--file", str(other), "--lang", "fr", "--again"],
                          input=csv_text.replace("7", "\xe9").encode("cp1252"))  # é: Windows-1252
        assert r.exit_code == 2 and "Attention : l'entrée standard n'est pas en UTF-8" in r.stderr, r.output
        assert "Erreur : l'entrée standard : ligne 2" in r.stderr, r.stderr
        r = runner.invoke(app, ["sheet", "import", "-", "--file", str(other), "--lang", "fr", "--again"],
                          input=csv_text)
        assert r.exit_code == 0 and "1 entrée importée de l'entrée standard." in r.stdout, r.output

    @pytest.mark.parametrize("preset_name", ["couleur", "classic"])
    def test_a_sheets_json_file_given_to_import_is_said_to_open_with_file(
            self, tmp_path: Path, preset_name: str) -> None:
        """RULES.md §6: a sheet exports CSV and JSON; the JSON opens with ``--file``. Given to
        ``import``, it was refused as a CSV without a header, which sent the scorer looking for
        the header of a file that has none to have."""
        assert self.sheet(tmp_path, "new", "--preset", preset_name).exit_code == 0
        assert self.sheet(tmp_path, "export", str(tmp_path / "out.json")).exit_code == 0
        other = tmp_path / "other.json"
        assert run("sheet", "new", "--preset", preset_name, "--file", str(other)).exit_code == 0
        before = other.read_bytes()
        for lang, said in (("en", "this is a JSON file, not a CSV"),
                           ("fr", "c'est un fichier JSON, pas un CSV")):
            r = run("sheet", "import", str(tmp_path / "out.json"), "--file", str(other), "--lang", lang)
            assert r.exit_code == 2 and said in " ".join(r.stderr.split()), r.stderr
            assert "--file" in r.stderr
        assert other.read_bytes() == before

    def test_a_csv_whose_first_column_is_named_in_braces_is_still_a_csv(self, tmp_path: Path) -> None:
        """A column of the person's own is not read (``csv_rows``): one named ``{note}``, first,
        begins the file with « { » as a JSON file does, and is still imported."""
        assert self.sheet(tmp_path, "new").exit_code == 0
        f = tmp_path / "rows.csv"
        f.write_text("{note},contract,declarers,tricks\nfirst,solo 7,N,8\n", encoding="utf-8")
        r = self.sheet(tmp_path, "import", str(f))
        assert r.exit_code == 0, r.output
        assert len(json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))["entries"]) == 1

    def test_a_csv_typed_on_the_standard_input_holds_no_lock(self, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
        """`whist sheet import -` locked the sheet, then waited for the CSV: another scorer's
        `whist sheet add` waited as long as the CSV was being typed. The CSV is now read first,
        the lock taken after: here, while it is typed, the other scorer adds a deal at once, and
        the sheet keeps it and the rows imported after it."""
        import typer.testing

        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        held: list[bool] = []

        class Typing(io.BytesIO):
            def read(self, size: int | None = -1) -> bytes:
                with f.open("rb") as other:
                    try:
                        fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except BlockingIOError:
                        held.append(True)
                    else:
                        held.append(False)
                        fcntl.flock(other.fileno(), fcntl.LOCK_UN)
                if held == [False]:  # the other scorer's deal, by another process
                    done = subprocess.run([*WHIST, "sheet", "add", "solo 7", "-d", "S", "-t", "8", "--file",
                                           str(f)], capture_output=True, text=True, timeout=120)
                    assert done.returncode == 0, done.stderr
                return super().read(size)

        monkeypatch.setattr(typer.testing, "make_input_stream",
                            lambda text, charset: Typing(text.encode(charset)))
        r = runner.invoke(app, ["sheet", "import", "-", "--file", str(f)],
                          input="contract,declarers,tricks\nsolo 6,E,7\n")
        assert r.exit_code == 0 and "Imported 1 entry from the standard input." in r.stdout, r.output
        assert held == [False]
        entries = json.loads(f.read_text(encoding="utf-8"))["entries"]
        assert [e["contract"] for e in entries] == ["solo 7", "solo 6"]

    def test_ctrl_c_while_a_csv_is_typed_leaves_the_sheet_unchanged(self, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
        import typer.testing

        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new", "--lang", "fr").exit_code == 0
        before = f.read_bytes()

        class Interrupted(io.BytesIO):
            def read(self, size: int | None = -1) -> bytes:
                raise KeyboardInterrupt

        monkeypatch.setattr(typer.testing, "make_input_stream", lambda text, charset: Interrupted())
        for lang, said in ((None, f"Erreur : interrompu : {f} n'a pas changé"),
                           ("en", f"Error: interrupted: {f} is unchanged")):
            r = runner.invoke(app, ["sheet", "import", "-", "--file", str(f),
                                    *(["--lang", lang] if lang else [])], input="")
            assert r.exit_code == 130 and said in " ".join(r.stderr.split()), r.output
            assert f.read_bytes() == before

    def test_two_scorers_starting_one_sheet_at_once_the_second_is_refused(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Both saw no sheet there and both wrote one, the second replacing the first. Here the
        other scorer's sheet appears while this one's is being made."""
        from whist.sheet_input import new_sheet as real

        f = tmp_path / "sheet.json"
        calls: list[int] = []

        def other_first(*args: Any) -> Any:
            calls.append(len(calls))
            if calls == [0]:  # this scorer's sheet is being made: the other's is saved now
                r = run("sheet", "new", "--names", "Anne,Bert,Carla,Dirk", "--file", str(f))
                assert r.exit_code == 0, r.output
            return real(*args)

        monkeypatch.setattr("whist.cli_sheet.new_sheet", other_first)
        r = self.sheet(tmp_path, "new", "--names", "Zoé,Yves,Xavier,Willy")
        assert r.exit_code == 2 and "already holds a sheet" in r.stderr, r.output
        assert json.loads(f.read_text(encoding="utf-8"))["names"]["N"] == "Anne"
        monkeypatch.setattr("whist.cli_sheet.new_sheet", real)
        r = run("sheet", "new", "--file", str(tmp_path / "none" / "s.json"))
        assert r.exit_code == 1 and not (tmp_path / "none").exists()

    def test_a_file_system_without_locks_still_takes_the_entry(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Some network file systems refuse flock: the sheet is written as it was before there was
        a lock, not a traceback."""
        assert self.sheet(tmp_path, "new").exit_code == 0

        def refused(fd: int, operation: int) -> None:
            raise OSError(errno.ENOLCK, "No locks available")

        monkeypatch.setattr(fcntl, "flock", refused)
        r = self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7")
        assert r.exit_code == 0, r.output
        assert len(json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))["entries"]) == 1

    def test_ctrl_c_while_waiting_for_the_other_scorer(self, tmp_path: Path) -> None:
        """Ctrl-C while a command waits for another's lock: exit 130, in the sheet's language,
        the sheet unchanged."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new", "--lang", "fr").exit_code == 0
        before = f.read_bytes()
        with f.open("rb") as held:
            fcntl.flock(held.fileno(), fcntl.LOCK_EX)
            proc = subprocess.Popen([*WHIST, "sheet", "undo", "--file", str(f)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            wait_for_the_lock(proc)
            proc.send_signal(signal.SIGINT)
            err = proc.communicate(timeout=60)[1]
        assert proc.returncode == 130 and err == f"Erreur : interrompu : {f} n'a pas changé\n", err
        assert f.read_bytes() == before

    @pytest.mark.parametrize("columns", [80, 60, 45])
    def test_the_contract_stays_legible_on_a_narrow_terminal(self, tmp_path: Path, columns: int) -> None:
        """Four ordinary names at 80 columns squeezed the contract to "gr… mi…": the contract
        keeps whole words and the names wrap (their seat on a line of its own), shortened with …
        only where that is not enough; the points are never cut and no line is wider than the
        terminal."""
        names = "N=Françoise,E=Jean-Pierre,S=Marie-Claire,O=Dominique"
        assert self.sheet(tmp_path, "new", "--names", names).exit_code == 0
        assert self.sheet(tmp_path, "add", "grande misère", "-d", "N,E", "-t", "N=0,E=1").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 7", "-d", "S", "-t", "8", "--trump", "H").exit_code == 0
        r = runner.invoke(app, ["sheet", "show", "--lang", "fr", "--file", str(tmp_path / "sheet.json")],
                          env={"COLUMNS": str(columns)})
        assert r.exit_code == 0, r.output
        table = r.stdout.splitlines()[1:-1]  # the caption is one line for a pipe
        assert max(len(line) for line in table) <= columns
        cells = [line.split("│")[2].strip() for line in table if line.startswith("│")]
        words = " ".join(" ".join(cells).split())
        assert "grande misère · N+E · N=0 E=1 solo 7 cœur · S · 8 totaux" in words, cells
        assert "…" not in "".join(cells)
        for seat in ("(N)", "(E)", "(S)", "(O)"):
            assert seat in r.stdout
        for points in ("+30", "-42", "+21", "-49", "27"):
            assert points in r.stdout
        if columns == 80:
            for name in ("Françoise", "Jean-Pierre", "Marie-Claire", "Dominique"):
                assert name in r.stdout, name

    def test_the_default_file(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.chdir(tmp_path)
        monkeypatch.delenv("WHIST_SHEET", raising=False)
        assert run("sheet", "new").exit_code == 0
        assert (tmp_path / "whist-sheet.json").exists()


class TestSheetInFrench:
    """--lang fr: what a club secretary can get wrong at `whist sheet …` and `whist score …` is
    said in French (the sheet's refusals, and the command's own); without it, in English."""

    def sheet(self, tmp_path: Path, *args: str) -> Any:
        return run("sheet", *args, "--file", str(tmp_path / "sheet.json"))

    @pytest.mark.parametrize("preset", ["couleur", "classic"])
    @pytest.mark.parametrize(("lang", "names", "others"), [
        ("en", ["North", "East", "South"], ["Nord", "Est", "Sud"]),
        ("fr", ["Nord", "Est", "Sud"], ["North", "East", "South"])])
    def test_a_seat_left_unnamed_is_named_in_the_sheets_language(
            self, tmp_path: Path, preset: str, lang: str, names: list[str], others: list[str]) -> None:
        """A new sheet calls a seat given no name by its name in the sheet's language, as the web
        page's sheet does (an English sheet called its players Nord, Est, Sud)."""
        r = self.sheet(tmp_path, "new", "--preset", preset, "--names", "W=Anne", "--lang", lang)
        assert r.exit_code == 0, r.output
        shown = self.sheet(tmp_path, "show").stdout
        for out in (r.stdout, shown):
            words = set(re.findall(r"\w+", out))
            assert {*names, "Anne"} <= words and not words & set(others), out

    @pytest.mark.parametrize(("args", "en", "fr"), [
        (["add", "solo", "7", "-d", "N,N", "-t", "8"], "declarers 'N,N': N is named twice",
         "preneurs « N,N » : Nord est nommé deux fois"),
        (["add", "petite misère", "-d", "N,E", "-t", "1"], "give each misère declarer's tricks",
         "donnez les plis de chaque preneur de la misère"),
        (["add", "solo 7", "-d", "N", "-t", "14"], "a deal has 13 tricks, not 14",
         "une donne a 13 plis, pas 14"),
        (["add", "emballage 8", "-d", "N", "-t", "9"], "emballage is played by 2 declarers",
         "l'emballage se joue à 2 preneurs"),
        (["add", "grande misère", "-d", "N", "-t", "0", "--trump", "H"],
         "large misère has no trump: leave out the trump",
         "la grande misère se joue sans atout : ne donnez pas d'atout"),
        (["add", "solo 9", "-d", "N", "-t", "9"], "solo 9 does not exist", "solo 9 n'existe pas"),
        (["add", "--tricks", "NS=8"], "this is a colour-whist sheet",
         "c'est une feuille de whist à la couleur"),
        (["add", "dames"], "the queens game needs the queens",
         "la misère par les dames demande les dames prises par chaque joueur"),
        (["penalty", "X"], "offender 'X': 'X' is not a seat", "fautif « X » : « X » n'est pas une place"),
        # the command takes its offender as SEAT, not --declarers as a CSV's row or whist score does
        (["penalty", "N,E"], "a penalty names one offender, e.g. whist sheet penalty W",
         "une pénalité nomme un seul fautif, par exemple whist sheet penalty O"),
        (["new", "--force", "--names", "N=Anne S=Carla"], "the name of N ('Anne S=Carla') holds '='",
         "le nom de Nord (« Anne S=Carla ») contient « = » : séparez les places par des virgules"),
        (["undo"], "the sheet is empty", "la feuille est vide"),
        (["new"], "already holds a sheet", "contient déjà une feuille"),
        (["new", "--force", "--names", "N=Anne,N=Bob"], "N is named twice", "Nord est nommé deux fois"),
        (["new", "--force", "--names", "O="], "leave W out to call it West",
         "omettez O pour garder le nom Ouest"),
        (["export"], "say what to write", "dites quoi écrire"),
    ])
    def test_a_sheet_refuses_in_the_language_asked(self, tmp_path: Path, args: list[str], en: str,
                                                     fr: str) -> None:
        assert self.sheet(tmp_path, "new").exit_code == 0
        before = (tmp_path / "sheet.json").read_bytes()
        r = self.sheet(tmp_path, *args)
        assert r.exit_code == 2 and r.stderr.startswith("Error: ") and en in flat(r.stderr), r.stderr
        assert fr not in r.stderr
        r = self.sheet(tmp_path, *args, "--lang", "fr")
        assert r.exit_code == 2 and r.stderr.startswith("Erreur : ") and fr in flat(r.stderr), r.stderr
        assert en not in r.stderr
        assert (tmp_path / "sheet.json").read_bytes() == before

    @pytest.mark.parametrize(("args", "en", "fr"), [
        (["-c", "solo 7", "-d", "N", "-t", "14"], "a deal has 13 tricks, not 14",
         "une donne a 13 plis, pas 14"),
        (["-c", "solo 5", "-d", "N", "-t", "5"], "solo 5 does not exist in couleur (solo: 6, 7, 8)",
         "solo 5 n'existe pas dans les règles couleur (solo : 6, 7, 8)"),
        (["-c", "piccolissimo", "-p", "pagat", "-d", "N", "-t", "2"], "piccolissimo is not played in pagat",
         "piccolissimo ne se joue pas dans les règles pagat"),
        (["-c", "solo 7", "-p", "classic", "-d", "N", "-t", "8"],
         "colour whist is scored with preset couleur or pagat",
         "le whist à la couleur se compte avec le préréglage couleur ou pagat"),
        (["-c", "penalty", "-d", "N,E"], "a penalty names one offender",
         "une pénalité nomme un seul fautif"),
    ])
    def test_score_refuses_in_the_language_asked(self, args: list[str], en: str, fr: str) -> None:
        r = run("score", *args)
        assert r.exit_code == 2 and en in flat(r.stderr) and fr not in r.stderr, r.stderr
        r = run("score", *args, "--lang", "fr")
        assert r.exit_code == 2 and fr in flat(r.stderr) and en not in r.stderr, r.stderr

    def test_west_is_o_in_french(self, tmp_path: Path) -> None:
        """The sheet names West's seat O (Ouest) in French: the column heads, the declarers, the
        tricks, the queens and the offender; W in English, and the file keeps W."""
        r = self.sheet(tmp_path, "new", "--names", "N=Anne,W=Dirk", "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert "Anne (N), Est (E), Sud (S), Dirk (O)" in flat(r.stdout)
        for args in (["add", "petite misère", "-d", "N,W", "-t", "N=0,W=1"], ["penalty", "O"],
                     ["add", "dames", "--queens", "O=2,E=1,S=1"]):
            assert self.sheet(tmp_path, *args).exit_code == 0, args
        fr = flat(self.sheet(tmp_path, "show", "--lang", "fr").stdout)
        for words in ("Dirk (O)", "petite misère · N+O · N=0 O=1", "pénalité · O", "O=2"):
            assert words in fr, words
        assert "(W)" not in fr and "W=" not in fr and "+W" not in fr
        en = flat(self.sheet(tmp_path, "show", "--lang", "en").stdout)
        for words in ("Dirk (W)", "small misère · N+W · N=0 W=1", "penalty · W", "W=2"):
            assert words in en, words
        kept = json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))
        assert kept["entries"][0]["tricks"] == "N=0;W=1" and kept["entries"][1]["declarers"] == "W"

    def test_a_file_that_is_no_sheet_and_an_import_refused(self, tmp_path: Path) -> None:
        r = self.sheet(tmp_path, "show", "--lang", "fr")
        assert r.exit_code == 2 and "pas de feuille de marque dans" in r.stderr
        assert self.sheet(tmp_path, "new").exit_code == 0
        bad = tmp_path / "bad.csv"
        bad.write_text("contract,declarers,tricks\nsolo 7,N,8\nsolo 7,N,14\n", encoding="utf-8")
        r = self.sheet(tmp_path, "import", str(bad), "--lang", "fr")
        assert r.exit_code == 2, r.output
        assert (f"{bad} : ligne 3 : une donne a 13 plis, pas 14 ; rien n'a été importé"
                in flat(r.stderr)), r.stderr
        r = self.sheet(tmp_path, "import", str(bad))
        assert f"{bad}: line 3: a deal has 13 tricks, not 14; nothing was imported" in flat(r.stderr)
