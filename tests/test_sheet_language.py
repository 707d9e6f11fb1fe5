"""``whist sheet`` and ``whist score`` speak one language, the one ``--lang`` names, and a sheet
keeps the language it was started in (``whist sheet new --lang fr``) for the commands that follow.

Whole sheets of both games are kept through every subcommand (new, add, penalty, undo, show,
import, export), in each language; every line written must hold none of the other language's
labels and some of its own. The players' names are chosen so that they are no label of either
language.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from whist.cli import app

runner = CliRunner()

ENGLISH = ("New sheet", "Totals", "totals", "Removed", "Score sheet", "contract", "declarers",
           "tricks", "honours", "In play", "rubber", "game ", "Settlement", "(stake", "per point",
           "Imported", "Written", "each player", "penalty", "made", "failed", "queens", "Match over",
           "win by", " of ")
"""Labels a French sheet must not show."""

FRENCH = ("Nouvelle feuille", "Totaux", "totaux", "Supprimé", "Feuille de marque", "contrat",
          "preneurs", "levées", "honneurs", "En cours", "robre", "manche", "Règlement", "enjeu",
          "par point", "importée", "Écrit", "chaque joueur", "pénalité", "réussi", "chuté", "dames",
          "Partie terminée", "gagnent", " sur ", "dans ")
"""Labels an English sheet must not show."""

NAMES = "Xavi,Yuki,Zora,Quin"
"""Four players, in the order of the seats N, E, S, W."""


def run(*args: str) -> str:
    """The output of ``whist`` (stdout and stderr), which must have succeeded."""
    r = runner.invoke(app, list(args), env={"COLUMNS": "100"})
    assert r.exit_code == 0, (args, r.output)
    return r.output


def colour_sheet(f: Path, lang: str, *given: str) -> list[str]:
    """A colour-whist session kept in ``f``, started in ``lang``; ``given`` follows every later
    command (``--lang`` again, or nothing to keep the sheet's own)."""
    out = [run("sheet", "new", "-p", "couleur", "-n", NAMES, "-f", str(f), "--lang", lang)]
    for args in (["add", "solo", "7", "-d", "N", "-t", "8", "--trump", "H"],
                 ["add", "emballage 8", "-d", "N,S", "-t", "7"],
                 ["add", "petite", "misère", "-d", "E,W", "-t", "E=0,W=1"],
                 ["add", "dames", "--queens", "N=2,E=1,S=1"],
                 ["penalty", "E"], ["undo"], ["show"]):
        out.append(run("sheet", *args, "-f", str(f), *given))
    rows = f.with_suffix(".csv")
    out.append(run("sheet", "export", "--csv", str(rows), "-f", str(f), *given))
    other = f.with_name("other.json")
    out.append(run("sheet", "new", "-p", "couleur", "-f", str(other), "--lang", lang))
    out.append(run("sheet", "import", str(rows), "-f", str(other), *given))
    return out


def classic_sheet(f: Path, lang: str, *given: str) -> list[str]:
    """A rubber of classic whist with a stake, to its settlement, kept in ``f``."""
    out = [run("sheet", "new", "-p", "classic", "-o", "stake=0.5", "-n", NAMES, "-f", str(f),
               "--lang", lang)]
    for args in (["add", "-t", "NS=9", "--honours", "EW=4"], ["add", "-t", "NS=13"], ["undo"],
                 ["add", "-t", "NS=13"], ["add", "-t", "NS=13"], ["add", "-t", "NS=13"], ["show"]):
        out.append(run("sheet", *args, "-f", str(f), *given))
    return out


def score(lang: str) -> list[str]:
    return [run("score", "-c", "petite misère", "-d", "N,E", "-t", "N=0,E=1", "--lang", lang),
            run("score", "-c", "solo 7", "--trump", "H", "-d", "N", "-t", "8", "--lang", lang),
            run("score", "-c", "dames", "--queens", "N=2,E=1,S=1", "--lang", lang)]


def labels(text: str, words: tuple[str, ...]) -> set[str]:
    return {w for w in words if w in text}


def test_a_french_sheets_usage_errors_are_french_without_lang(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A mistyped option on a sheet started in French is refused in French with no --lang typed
    (the file named by --file, -f, --file= or WHIST_SHEET); --lang en, a sheet started in English
    and `sheet new` (no sheet yet) keep click's English; exit 2 either way."""
    fr, en = tmp_path / "fr.json", tmp_path / "en.json"
    run("sheet", "new", "-f", str(fr), "--lang", "fr")
    run("sheet", "new", "-f", str(en), "--lang", "en")
    french = "Erreur : option inconnue : --trickz (options possibles : --tricks)"
    english = "No such option: --trickz"

    def said(*args: str) -> str:
        r = runner.invoke(app, ["sheet", "add", "solo 7", "-d", "N", "--trickz", "8", *args])
        assert r.exit_code == 2, r.output
        return str(r.stderr)

    for where in (["-f", str(fr)], ["--file", str(fr)], [f"--file={fr}"]):
        assert french in said(*where) and "Usage : whist sheet add" in said(*where)
    assert english in said("-f", str(fr), "--lang", "en")
    assert english in said("-f", str(en)) and english in said("-f", str(tmp_path / "none.json"))
    monkeypatch.setenv("WHIST_SHEET", str(fr))
    assert french in said()
    r = runner.invoke(app, ["sheet", "new", "-f", str(tmp_path / "new.json"), "--presett", "couleur"])
    assert r.exit_code == 2 and "No such option: --presett" in r.stderr


@pytest.mark.parametrize("kind", ["couleur", "classic"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sheet_speaks_the_language_it_was_started_in(tmp_path: Path, kind: str, lang: str) -> None:
    """Started with ``--lang``, every later command of the sheet speaks that language without
    being told again, and the file keeps it."""
    keep = colour_sheet if kind == "couleur" else classic_sheet
    text = "\n".join(keep(tmp_path / "sheet.json", lang))
    other, own = (FRENCH, ENGLISH) if lang == "en" else (ENGLISH, FRENCH)
    assert labels(text, other) == set(), text
    assert len(labels(text, own)) >= 8, labels(text, own)
    assert json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))["lang"] == lang


@pytest.mark.parametrize("kind", ["couleur", "classic"])
def test_lang_given_to_one_command_speaks_for_that_command_only(tmp_path: Path, kind: str) -> None:
    """``--lang en`` on a French sheet: that command in English, the next one French again, the
    file's language unchanged."""
    keep = colour_sheet if kind == "couleur" else classic_sheet
    f = tmp_path / "sheet.json"
    said = keep(f, "fr", "--lang", "en")
    english = "\n".join(o for o in said if not o.startswith("Nouvelle feuille"))  # `new` spoke French
    assert sum(o.startswith("Nouvelle feuille") for o in said) == (2 if kind == "couleur" else 1)
    assert labels(english, FRENCH) == set(), english
    assert json.loads(f.read_text(encoding="utf-8"))["lang"] == "fr"
    assert labels(run("sheet", "show", "-f", str(f)), ENGLISH) == set()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_score_speaks_one_language(lang: str) -> None:
    text = "\n".join(score(lang))
    other, own = (FRENCH, ENGLISH) if lang == "en" else (ENGLISH, FRENCH)
    assert labels(text, other) == set(), text
    assert len(labels(text, own)) >= 4, labels(text, own)


def test_a_sheet_file_without_a_language_is_english_and_a_strange_one_is_refused(tmp_path: Path) -> None:
    """Sheets written before they kept a language read as English; a ``lang`` other than en or
    fr is a damaged sheet (exit 2, the file untouched)."""
    f = tmp_path / "sheet.json"
    run("sheet", "new", "-f", str(f), "--lang", "fr")
    data = json.loads(f.read_text(encoding="utf-8"))
    del data["lang"]
    f.write_text(json.dumps(data), encoding="utf-8")
    assert "Totals:" in run("sheet", "add", "solo 7", "-d", "N", "-t", "8", "-f", str(f))
    data = json.loads(f.read_text(encoding="utf-8"))
    data["lang"] = "nl"
    before = json.dumps(data)
    f.write_text(before, encoding="utf-8")
    r = runner.invoke(app, ["sheet", "show", "-f", str(f)])
    assert r.exit_code == 2 and "lang is en or fr, not 'nl'" in r.stderr, r.output
    assert f.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("kind", ["couleur", "classic"])
def test_four_names_in_seat_order(tmp_path: Path, kind: str) -> None:
    """``--names Xavi,Yuki,Zora,Quin``: North, East, South, West in that order; three names, or
    names mixed with seat=name, are refused (exit 2, no sheet written)."""
    f = tmp_path / "sheet.json"
    run("sheet", "new", "-p", kind, "-n", NAMES, "-f", str(f))
    names = json.loads(f.read_text(encoding="utf-8"))["names"]
    assert names == {"N": "Xavi", "E": "Yuki", "S": "Zora", "W": "Quin"}
    for bad in ("Xavi,Yuki,Zora", "Xavi,E=Yuki,Zora,Quin"):
        g = tmp_path / "bad.json"
        r = runner.invoke(app, ["sheet", "new", "-p", kind, "-n", bad, "-f", str(g)])
        assert r.exit_code == 2 and not g.exists(), r.output
    r = runner.invoke(app, ["sheet", "new", "-p", kind, "-n", "Xavi,Yuki", "-f", str(tmp_path / "b.json"),
                            "--lang", "fr"])
    assert "donnez les quatre noms dans l'ordre des places N, E, S, O" in r.stderr, r.output


@pytest.mark.parametrize("kind", ["couleur", "classic"])
def test_names_are_shown_as_typed(tmp_path: Path, kind: str) -> None:
    """A name that looks like the console's markup or emoji codes (``[b]Bo``, ``Jo:smile:``) is
    shown as typed by every command, never styled, dropped or made a picture."""
    f = tmp_path / "sheet.json"
    out = [run("sheet", "new", "-p", kind, "-n", "Jo:smile:,[b]Bo,Cé:x:,Dé", "-f", str(f))]
    entry = ["add", "solo", "7", "-d", "N", "-t", "8", "--trump", "H"] if kind == "couleur" \
        else ["add", "--tricks", "NS=8"]
    out += [run("sheet", *entry, "-f", str(f)), run("sheet", "show", "-f", str(f))]
    for text in out:
        flat = " ".join(text.split())
        assert "Jo:smile:" in flat and "[b]Bo" in flat and "Cé:x:" in flat, text
        assert "😄" not in text and "❌" not in text


FLAGS = {"en": ("--declarers", "--tricks", "--honours", "--queens"),
         "fr": ("--preneurs", "--plis", "--levées", "--honneurs", "--dames")}
"""The names of a deal's options each language's messages give (the French ones are aliases)."""

REFUSED = {
    "couleur": (["add", "solo", "7", "cœur", "--preneurs", "N"], ["add", "solo", "7"], ["add", "dames"],
                ["add", "solo 7 N 8"], ["add", "--levées", "NS=8"]),
    "classic": (["add"], ["add", "--levées", "NS"], ["add", "solo", "7"],
                ["add", "-t", "NS=8", "--preneurs", "N"], ["add", "-t", "NS=8", "--dames", "N=4"]),
}
"""Entries each game's sheet refuses, saying how to give a deal."""


def refusal(*args: str) -> str:
    """The message of ``whist …`` refused (exit 2), on one line."""
    r = runner.invoke(app, list(args), env={"COLUMNS": "1000"})
    assert r.exit_code == 2, (args, r.output)
    return " ".join(r.stderr.split())


@pytest.mark.parametrize("kind", ["couleur", "classic"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refusal_names_the_options_as_its_language_spells_them(tmp_path: Path, kind: str,
                                                                 lang: str) -> None:
    """A French sheet sends the scorer to --preneurs, --plis (--levées), --honneurs, --dames,
    which he may have typed, not to the English names; an English sheet to the English ones."""
    f = tmp_path / "sheet.json"
    run("sheet", "new", "-p", kind, "-f", str(f), "--lang", lang)
    other = FLAGS["en" if lang == "fr" else "fr"]
    for args in REFUSED[kind]:
        said = refusal("sheet", *args, "-f", str(f))
        assert labels(said, FLAGS[lang]) and not labels(said, other), said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_score_names_the_options_as_its_language_spells_them(lang: str) -> None:
    """``whist score``'s refusals and the example of its help, in each language's names."""
    other = FLAGS["en" if lang == "fr" else "fr"]
    for args in (["score"], ["score", "solo", "7"], ["score", "solo", "7", "-d", "N"]):
        said = refusal(*args, "--lang", lang)
        assert labels(said, FLAGS[lang]) and not labels(said, other), said
    example = {"en": "Example: whist score solo 7 --declarers N --tricks 8",
               "fr": "Exemple : whist score solo 7 --preneurs N --plis 8"}[lang]
    assert example in " ".join(run("score", "--help", "--lang", lang).split())
    add = {"en": "(--tricks NS=8 --honours EW=4)", "fr": "(--levées NS=8 --honneurs EO=4)"}[lang]
    assert add in " ".join(run("sheet", "add", "--help", "--lang", lang).split())


def test_every_option_of_a_deal_has_its_french_name() -> None:
    """The contract and the trump too: ``whist score --contrat … --atout …`` is the deal typed
    with the English names."""
    french = run("score", "--contrat", "solo 7", "--atout", "cœur", "--preneurs", "N", "--plis", "8")
    assert french == run("score", "--contract", "solo 7", "--trump", "cœur", "--declarers", "N",
                         "--tricks", "8")
    assert "+21" in french


def test_a_french_sheet_refuses_a_seat_and_shows_east_west_in_french(tmp_path: Path) -> None:
    """A seat mistyped on a French sheet names the letters French types, O (or W), not « West »;
    the French help of ``--honneurs`` shows EO=4 as its text does, not EW=4."""
    f = tmp_path / "sheet.json"
    run("sheet", "new", "-f", str(f), "--lang", "fr")
    said = refusal("sheet", "penalty", "X", "-f", str(f))
    assert "tapez N, E, S, O (ou W)" in said and "West" not in said, said
    french = " ".join(run("sheet", "add", "--help", "--lang", "fr").split())
    assert "--honneurs NS=3|EO=4|none" in french and "EW" not in french, french


def test_a_csv_with_french_columns_is_imported(tmp_path: Path) -> None:
    """``contrat,preneurs,plis``, the words of the options the French sheet takes, import as
    ``contract,declarers,tricks``; the import's help says so in both languages."""
    f, rows = tmp_path / "sheet.json", tmp_path / "fr.csv"
    rows.write_text("contrat,preneurs,plis\nsolo 7 cœur,N,8\n", encoding="utf-8")
    run("sheet", "new", "-f", str(f), "--lang", "fr")
    assert "1 entrée importée de" in run("sheet", "import", str(rows), "-f", str(f))
    assert json.loads(f.read_text(encoding="utf-8"))["entries"][0]["declarers"] == "N"
    assert "contrat, preneurs, plis (levées)" in " ".join(run("sheet", "import", "--help").split())
    assert "contrat, preneurs, plis (levées)" in " ".join(run("sheet", "import", "--help", "--lang",
                                                              "fr").split())
