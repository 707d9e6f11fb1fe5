"""The score sheet of a physical table in the web app (RULES.md §6): its routes score with the sheet
modules and nothing else (DESIGN: the front ends never decide a rule), refuse an impossible entry
with the sheet's own words in English and French and change nothing, and keep each sheet in the
server's storage: it survives a restart, and two server processes on PostgreSQL share it without
losing an entry.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, text
from test_server_storage import new_postgresql_database, wait_for
from typer.testing import CliRunner

from whist.cards import Refusal
from whist.classic_sheet import ClassicSheet
from whist.cli import app as cli
from whist.rules import preset
from whist.server import create_app
from whist.server.sheets import DAY, WEB
from whist.server.storage import (
    SHEETS_LOCK,
    SheetLimit,
    SqlStorage,
    StorageUnavailable,
    StoredSheet,
    open_storage,
)
from whist.sheet import TERMINAL, Sheet, parse_entry
from whist.sheet_input import add_deal, add_penalty, colour_takes_no_option, dumps, read_sheet, sheet_rules

PG_URL = os.environ.get("WHIST_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
NAMES = {"N": "Anne", "E": "Bert", "S": "Chloé", "W": "Dirk"}
SOLO: dict[str, Any] = {"contract": "solo 7", "declarers": "N", "tricks": "8", "trump": "♥"}
MISERE: dict[str, Any] = {"contract": "petite misère", "declarers": "S,W", "tricks": "S=0,W=1"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'whist.db'}")) as c:
        yield c


def new(c: TestClient, **body: Any) -> dict[str, Any]:
    r = c.post("/api/sheets", json={"names": NAMES, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def post(c: TestClient, path: str, body: dict[str, Any] | None = None, status: int = 200) -> dict[str, Any]:
    r = c.post(path, json=body) if body is not None else c.post(path)
    assert r.status_code == status, r.text
    out: dict[str, Any] = r.json()
    return out


def refusal(exc_from: Any) -> Refusal:
    """The refusal the sheet modules themselves give."""
    with pytest.raises(Refusal) as info:
        exc_from()
    return info.value


def test_a_colour_sheet_scores_each_deal_as_the_sheet_module_does(client: TestClient) -> None:
    made = new(client, preset="couleur", lang="fr")
    sid = made["id"]
    assert made["url"] == f"/s/{sid}" and made["game"] == "couleur" and made["version"] == 0
    assert made["sheet"]["names"] == NAMES and made["sheet"]["lang"] == "fr"
    assert len(sid) >= 22 and new(client)["id"] != sid  # random and long: not to be guessed
    after = post(client, f"/api/sheets/{sid}/entries", SOLO)
    after = post(client, f"/api/sheets/{sid}/entries", MISERE)
    after = post(client, f"/api/sheets/{sid}/penalty", {"seat": "O"})
    expected = (Sheet.new("couleur", NAMES, "fr")
                .add(parse_entry(SOLO["contract"], SOLO["declarers"], SOLO["tricks"], SOLO["trump"]))
                .add(parse_entry(MISERE["contract"], MISERE["declarers"], MISERE["tricks"]))
                .add(parse_entry("penalty", "W")))
    assert after["sheet"] == expected.to_json() and after["version"] == 3
    rows = after["sheet"]["entries"]
    assert [r["contract"] for r in rows] == ["solo 7", "small misère", "penalty"]
    assert rows[-1]["totals"] == after["sheet"]["totals"] == expected.totals()
    assert client.get(f"/api/sheets/{sid}").json() == after
    page = client.get(f"/s/{sid}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for path in ("/s", "/s/"):
        r = client.get(path, follow_redirects=False)
        assert (r.status_code, r.headers["location"]) == (307, "/")


def test_a_refused_entry_is_the_sheets_message_in_both_languages_and_changes_nothing(
        client: TestClient) -> None:
    sid = new(client)["id"]
    post(client, f"/api/sheets/{sid}/entries", SOLO)
    before = client.get(f"/api/sheets/{sid}").json()
    stored = client.get(f"/api/sheets/{sid}/json").text
    sheet = read_sheet(stored)
    for body in ({**SOLO, "tricks": "14"}, {"contract": "solo 7", "declarers": "N"},
                 {"contract": "trou", "declarers": "N,E", "tricks": "9", "needed": 10},
                 {"contract": "dames"}, {"tricks": "NS=8", "honours": "EW=4"}, {"contract": ""}):
        expected = refusal(lambda b=body: add_deal(sheet, wording=WEB, **b))
        error = post(client, f"/api/sheets/{sid}/entries", body, 400)["error"]
        assert error == {"code": "bad_entry", "message": expected.en, "message_fr": expected.fr}, body
        assert error["message"] != error["message_fr"]
    error = post(client, f"/api/sheets/{sid}/penalty", {"seat": "N,E"}, 400)["error"]
    assert error["message_fr"].startswith("une pénalité nomme un seul fautif")
    assert client.get(f"/api/sheets/{sid}").json() == before
    assert client.get(f"/api/sheets/{sid}/json").text == stored


TERMINAL_SYNTAX = re.compile(r"--\w|whist sheet (?:add|new|penalty)")
"""A flag or a command of ``whist sheet``."""
OVER: list[dict[str, Any]] = [{"tricks": "NS=13", "honours": "NS=4"}] * 2
"""Two games won by North-South: a rubber, the whole match of a sheet started with rubbers 1."""

ASKING: list[tuple[str, list[dict[str, Any]], str, dict[str, Any], str, str, str]] = [
    # the sheet's preset, entries first made, the route, its body; what the web's refusal says, in
    # English and French, and what the terminal's says of the same (its flag or command)
    ("couleur", [], "entries", {"contract": "dames"},
     "the queens each player took: “Queens taken”, or queens: N=2,E=1,S=1",
     "les dames prises par chaque joueur : « Dames prises », ou queens : N=2,E=1,S=1",
     "--queens N=2,E=1,S=1"),
    ("couleur", [], "entries", {"contract": "dames", "declarers": "N", "queens": "N=4"},
     "no declarers and no tricks: give “Queens taken”, or queens: N=2,E=1,S=1",
     "ni preneurs ni plis : donnez « Dames prises », ou queens : N=2,E=1,S=1", "give --queens N=2"),
    ("couleur", [], "entries", {"contract": "penalty", "declarers": "N,E"},
     "one offender, e.g. declarers: W (or the form “Referee's penalty (−15) to”)",
     "un seul fautif, par exemple declarers : O (ou le formulaire « Pénalité de l'arbitre (−15) à »)",
     "e.g. --declarers W"),
    ("couleur", [], "penalty", {"seat": "N,E"}, "one offender, e.g. “Referee's penalty (−15) to”, or seat: W",
     "un seul fautif, par exemple « Pénalité de l'arbitre (−15) à », ou seat : O",
     "e.g. whist sheet penalty W"),
    ("couleur", [], "penalty", {"seat": " "}, "one offender, e.g. “Referee's penalty (−15) to”, or seat: W",
     "un seul fautif, par exemple « Pénalité de l'arbitre (−15) à », ou seat : O",
     "e.g. whist sheet penalty W"),
    ("couleur", [], "entries", {"contract": "solo 7", "tricks": "8"},  # no box ticked under Declarers
     "name the declarers, ticking them under “Declarers” (or declarers: N+E)",
     "nommez les preneurs, en les cochant sous « Preneurs » (ou declarers : N+E)",
     "e.g. --declarers N or --declarers N+E"),
    ("couleur", [], "entries", {"contract": "solo 7", "declarers": "N", "tricks": " "},
     "give the tricks: “Declarers' tricks” (“Tricks” for one misère declarer), or tricks: 8",
     "donnez les plis : « Plis des preneurs » (« Plis » pour un seul preneur d'une misère), ou tricks : 8",
     "--tricks 8 (the declarers together) or --tricks N=0,E=1"),
    ("couleur", [], "entries", {"contract": "small misère", "declarers": "N,E", "tricks": "N=0"},
     "give each misère declarer's tricks, each in the field “…'s tricks” (or tricks: N=0,E=1)",
     "donnez les plis de chaque preneur de la misère, chacun dans le champ « Plis de … » (ou tricks :"
     " N=0,E=1)", "e.g. --tricks N=0,E=1"),
    ("couleur", [], "entries", {"tricks": "NS=8", "honours": "EW=4"},
     "(“Contract”, “Declarers” and “Declarers' tricks”, or contract: solo 7, declarers: N, tricks: 8)",
     "(« Contrat », « Preneurs » et « Plis des preneurs », ou contract : solo 7, declarers : N, tricks : 8)",
     "(whist sheet add solo 7 --declarers N --tricks 8)"),
    ("classic", [], "entries", {"contract": "solo 7", "tricks": "8"},
     "it takes a deal's tricks and honours (“Side”, “Tricks” and “Honours”, or tricks: NS=8,"
     " honours: EW=4) or a game won by calling at eight (the “Call at eight” buttons, or contract: call NS)",
     "elle prend les levées et les honneurs d'une donne (« Levées du camp », « Plis » et « Honneurs », ou"
     " tricks : NS=8, honours : EO=4) ou une manche gagnée par le chant à huit (les boutons « Chant à huit »,"
     " ou contract : call NS)", "(whist sheet add --tricks NS=8 --honours EW=4)"),
    ("classic", [], "entries", {"tricks": "NS=8", "declarers": "N", "trump": "H", "double": True},
     "“Declarers” (declarers), “Trump” (trump), “The deal counts double” (double) are for colour whist",
     "« Preneurs » (declarers), « Atout » (trump), « La donne compte double » (double) sont pour le whist à"
     " la couleur", "--declarers, --trump, --double are for colour whist"),
    ("classic", [], "entries", {"tricks": "NS=8", "queens": "N=4", "needed": 9},
     "“Tricks needed” (needed), “Queens taken” (queens) are for colour whist",
     "« Plis demandés » (needed), « Dames prises » (queens) sont pour le whist à la couleur",
     "--needed, --queens are for colour whist"),
    ("classic", [], "entries", {"contract": "call"},
     "name the side that called, NS or EW: the “Call at eight” buttons, or contract: call NS",
     "nommez le camp qui a chanté, NS ou EO : les boutons « Chant à huit », ou contract : call NS",
     "NS or EW: whist sheet add call NS"),
    ("classic", [], "entries", {"contract": "call NS", "honours": "NS=4"},
     "no tricks or honours: the “Call at eight” buttons, or contract: call NS",
     "ni levées ni honneurs : les boutons « Chant à huit », ou contract : call NS",
     "honours: whist sheet add call NS"),
    ("classic", [], "entries", {},
     "give the tricks of a side: a deal's tricks and honours (“Side”, “Tricks” and “Honours”",
     "donnez les levées d'un camp : les levées et les honneurs d'une donne (« Levées du camp »",
     "(whist sheet add --tricks NS=8 --honours EW=4)"),
    ("classic", [], "entries", {"tricks": "NS=", "honours": "none"},  # the page's Tricks left empty
     "give the number of tricks NS took: “Tricks”, or tricks: NS=8",
     "donnez le nombre de levées faites par NS : « Plis », ou tricks : NS=8", "NS took: --tricks NS=8"),
    ("classic", [], "entries", {"tricks": " EO : "},
     "give the number of tricks EW took: “Tricks”, or tricks: NS=8",
     "donnez le nombre de levées faites par EO : « Plis », ou tricks : NS=8", "EW took: --tricks NS=8"),
    ("classic", [], "penalty", {"seat": "N"}, "penalties are colour whist",
     "les pénalités sont du whist à la couleur",
     "(whist sheet add --tricks NS=8 --honours EW=4)"),
    ("classic", OVER, "entries", {"tricks": "NS=7"},
     "the match is over: 1 rubber of 1 played; start another sheet (in the lobby, under “Score sheet”)",
     "la partie est terminée : 1 robre sur 1 joué ; commencez une autre feuille (à l'accueil, sous"
     " « Feuille de marque »)", "(whist sheet new --force, or another --file)"),
]


@pytest.mark.parametrize(("game", "before", "route", "body", "en", "fr", "terminal"), ASKING)
def test_a_refusal_asks_in_the_web_s_words_where_the_terminal_names_its_flags(
        client: TestClient, game: str, before: list[dict[str, Any]], route: str, body: dict[str, Any],
        en: str, fr: str, terminal: str) -> None:
    """A web scorer is told what to give as the form and the API have it (the form's words, the
    JSON's fields), in both languages, never a flag of ``whist sheet``, which the terminal's
    refusal of the same still names."""
    sid = new(client, preset=game, **({"options": {"rubbers": 1}} if before else {}))["id"]
    for done in before:
        post(client, f"/api/sheets/{sid}/entries", done)
    error = post(client, f"/api/sheets/{sid}/{route}", body, 400)["error"]
    assert en in error["message"] and fr in error["message_fr"], error
    for said in (error["message"], error["message_fr"]):
        assert not TERMINAL_SYNTAX.search(said), said
    sheet = read_sheet(client.get(f"/api/sheets/{sid}/json").text)
    said = refusal(lambda: add_penalty(sheet, body["seat"]) if route == "penalty"
                   else add_deal(sheet, **body))
    assert terminal in said.en and (said.en, said.fr) != (error["message"], error["message_fr"])


def test_a_colour_sheet_with_options_is_refused_in_the_web_s_words(client: TestClient) -> None:
    error = post(client, "/api/sheets", {"preset": "pagat", "options": {"stake": 1}}, 400)["error"]
    assert error["code"] == "bad_sheet"
    assert "(preset pagat) takes no options: its points come from" in error["message"]
    assert "(préréglage pagat) ne prend pas d'options : ses points viennent" in error["message_fr"]
    assert not TERMINAL_SYNTAX.search(error["message"] + error["message_fr"])
    assert "takes no --option" in refusal(lambda: sheet_rules("pagat", {"stake": 1})).en


def test_the_web_and_the_terminal_name_the_same_things_in_both_languages() -> None:
    """Every text a refusal asks a front end for exists in each language of both: a refusal's words
    never miss one."""
    names = set(TERMINAL.en)
    assert len(names) == 20 and {*TERMINAL.fr} == {*WEB.en} == {*WEB.fr} == names
    for wording in (TERMINAL, WEB):
        assert all(wording.en[n] and wording.fr[n] for n in names)


def test_undo_takes_back_the_last_entry_and_an_empty_sheet_refuses_it(client: TestClient) -> None:
    sid = new(client)["id"]
    one = post(client, f"/api/sheets/{sid}/entries", SOLO)
    post(client, f"/api/sheets/{sid}/entries", MISERE)
    back = post(client, f"/api/sheets/{sid}/undo")
    assert back["sheet"] == one["sheet"] and back["version"] == 3
    post(client, f"/api/sheets/{sid}/undo")
    error = post(client, f"/api/sheets/{sid}/undo", None, 400)["error"]
    expected = refusal(Sheet.new("couleur").remove_last)
    assert (error["message"], error["message_fr"]) == (expected.en, expected.fr)


def test_a_classic_sheet_keeps_the_game_score_games_rubbers_and_settlement(client: TestClient) -> None:
    made = new(client, preset="classic")
    sid = made["id"]
    assert made["game"] == "classic" and made["sheet"]["rules"]["preset"] == "classic"
    entries: list[dict[str, Any]] = [
        {"tricks": "NS=9", "honours": "EW=4"}, {"tricks": "EW=8"}, {"tricks": "NS=13", "honours": "NS=4"},
        {"tricks": "NS=12"}, {"tricks": "NS=13", "honours": "NS=4"}]
    expected: Any = ClassicSheet.new(preset("classic"), NAMES)
    for body in entries:
        got = post(client, f"/api/sheets/{sid}/entries", body)
        expected = add_deal(expected, **body)
    assert isinstance(expected, ClassicSheet) and expected.rubbers()  # a rubber was played out
    assert got["sheet"] == expected.to_json()
    assert got["score"] == dict(zip(("NS", "EW"), expected.score(), strict=True))
    assert got["games_in_rubber"] == dict(zip(("NS", "EW"), expected.games_in_rubber(), strict=True))
    assert got["sheet"]["settlement"] == expected.settlement()
    error = post(client, f"/api/sheets/{sid}/penalty", {"seat": "N"}, 400)["error"]
    assert "pénalités sont du whist à la couleur" in error["message_fr"]
    error = post(client, f"/api/sheets/{sid}/entries", {"tricks": "NS=8", "declarers": "N"}, 400)["error"]
    assert error["message"].endswith("“Declarers” (declarers) is for colour whist")  # not --declarers


def test_a_classic_sheet_takes_the_tables_own_options(client: TestClient) -> None:
    """RULES.md §2 and seed 000: the rubber's points "depend on the players' conventions", and a
    stake settles the match; a classic sheet is started with them, as ``whist sheet new --option``
    does. A colour sheet scores by its preset's table and takes none (§5.7); the game and the style
    come with the preset."""
    options = {"stake": 0.5, "rubber_bonus": 3}
    made = new(client, preset="classic", options=options)
    assert made["sheet"]["rules"]["stake"] == 0.5 and made["sheet"]["rules"]["rubber_bonus"] == 3
    assert {o["name"]: o["value"] for o in made["options"]} == options  # the page shows them
    assert [o["label_fr"] for o in made["options"]] == ["Prime du robre", "Mise par point"]
    expected: Any = ClassicSheet.new(sheet_rules("classic", options), NAMES)
    plain: Any = ClassicSheet.new(preset("classic"), NAMES)
    deals: list[dict[str, Any]] = [{"tricks": "NS=13", "honours": "NS=4"}] * 2  # two games: the rubber
    for body in deals:
        got = post(client, f"/api/sheets/{made['id']}/entries", body)
        expected, plain = add_deal(expected, **body), add_deal(plain, **body)
    assert got["sheet"] == expected.to_json()
    assert got["sheet"]["settlement"] == expected.settlement() != plain.settlement()
    error = post(client, "/api/sheets", {"preset": "couleur", "options": {"stake": 1}}, 400)["error"]
    no_option = colour_takes_no_option(preset("couleur"), WEB)
    assert (error["message"], error["message_fr"]) == (no_option.en, no_option.fr)
    error = post(client, "/api/sheets", {"preset": "classic", "options": {"game": "couleur"}}, 400)["error"]
    assert "vient avec le préréglage" in error["message_fr"]
    error = post(client, "/api/sheets", {"preset": "classic", "options": {"stake": "lots"}}, 400)["error"]
    assert error["code"] == "bad_sheet" and "stake" in error["message"]


TERMINAL_RULES = re.compile(r"--\w|`whist|rules file|fichier de règles|on/off")
"""A flag of the ``whist`` commands, a command, a rules file, a value as ``--option`` writes it."""
OPTION_WORDS: list[tuple[dict[str, Any], str, str, str, str]] = [
    # options refused; what the web's refusal says, in English and French; the terminal's, whole
    ({"preset": "short"},
     "'preset' is not an option to change: choose the preset itself (the JSON's field preset,"
     " \"preset\": \"short\"; in the lobby, the “Game” list)",
     "« preset » n'est pas une option à changer : choisissez le préréglage lui-même (le champ preset du"
     " JSON, \"preset\": \"short\" ; à l'accueil, la liste « Jeu »)",
     "'preset' is not an option to change: choose the preset itself (--preset short, or preset ="
     " \"short\" at the top of a rules file)",
     "« preset » n'est pas une option à changer : choisissez le préréglage lui-même (--preset short, ou"
     " preset = \"short\" en tête d'un fichier de règles)"),
    ({"colour": 1},
     "unknown option 'colour' (GET /api/presets lists them, with the presets whose game each one"
     " changes; in the lobby, the folded “Rule options”)",
     "option « colour » inconnue (GET /api/presets les liste, avec les préréglages dont chacune change"
     " le jeu ; à l'accueil, la section repliée « Options des règles »)",
     "unknown option 'colour' (see `whist rules` for the list)",
     "option « colour » inconnue (la liste : `whist rules --lang fr`)"),
    ({"stake": 1, "honours": "maybe"},
     "option honours takes true or false, not 'maybe'", "l'option honours vaut true ou false, pas « maybe »",
     "option honours takes on/off, not 'maybe'", "l'option honours vaut on/off (oui/non), pas « maybe »"),
]


@pytest.mark.parametrize(("route", "code"), [("/api/tables", "bad_table"), ("/api/sheets", "bad_sheet")])
@pytest.mark.parametrize(("options", "en", "fr", "terminal_en", "terminal_fr"), OPTION_WORDS)
def test_rule_options_are_refused_in_the_web_s_words_and_the_terminal_s_in_its_own(
        client: TestClient, route: str, code: str, options: dict[str, Any], en: str, fr: str,
        terminal_en: str, terminal_fr: str) -> None:
    """A table's or a sheet's rule options refused through the API say where the API and the lobby
    list them and choose the preset, in English and French, never a flag or a command of the
    terminal; the terminal's refusal of the same options keeps its own words."""
    error = post(client, route, {"preset": "classic", "options": options}, 400)["error"]
    assert (error["code"], error["message"], error["message_fr"]) == (code, en, fr)
    assert not TERMINAL_RULES.search(en + fr)
    said = refusal(lambda: sheet_rules("classic", options))
    assert (said.en, said.fr) == (terminal_en, terminal_fr)
    result = CliRunner().invoke(cli, ["rules", "--preset", "classic", "--lang", "fr",
                                      *(f"--option={k}={v}" for k, v in options.items())])
    assert result.exit_code == 2 and terminal_fr in result.output


def test_bad_requests_are_told_never_a_server_error(client: TestClient) -> None:
    error = post(client, "/api/sheets", {"preset": "bridge"}, 400)["error"]
    assert error["code"] == "bad_sheet" and error["message_fr"] != error["message"]
    error = post(client, "/api/sheets", {"names": {"X": "Anne"}}, 400)["error"]
    assert error["message_fr"].startswith("noms :")
    sid = new(client)["id"]
    for body in ({"contract": 7}, {"contract": "solo 7", "colour": "red"}, {"needed": "nine"},
                 {"contract": "x" * 500}):
        assert post(client, f"/api/sheets/{sid}/entries", body, 422)["error"]["code"] == "invalid"
    assert post(client, "/api/sheets", {"names": {"N": "A" * 81}}, 422)["error"]["code"] == "invalid"
    for path in ("/api/sheets/nope", "/api/sheets/" + "a" * 300, "/api/sheets/%E2%99%A5/csv",
                 "/api/sheets/nope/json"):
        r = client.get(path)
        assert (r.status_code, r.json()["error"]["code"]) == (404, "not_found"), path
    assert post(client, "/api/sheets/nope/undo", None, 404)["error"]["code"] == "not_found"
    assert client.get(f"/api/sheets/{sid}/csv?separator=tab").status_code == 422


def test_the_downloads_are_the_files_whist_sheet_writes_and_opens(client: TestClient, tmp_path: Path) -> None:
    sid = new(client, lang="fr")["id"]
    post(client, f"/api/sheets/{sid}/entries", SOLO)
    sheet = post(client, f"/api/sheets/{sid}/entries", MISERE)
    r = client.get(f"/api/sheets/{sid}/json")
    assert sid in r.headers["content-disposition"]
    kept = read_sheet(r.text)
    assert r.text == dumps(kept) and kept.to_json() == sheet["sheet"]
    path = tmp_path / "downloaded.json"
    path.write_text(r.text, encoding="utf-8")
    shown = CliRunner().invoke(cli, ["sheet", "show", "--json", "--file", str(path)])
    assert shown.exit_code == 0 and json.loads(shown.stdout) == sheet["sheet"]
    added = CliRunner().invoke(cli, ["sheet", "undo", "--file", str(path)])
    assert added.exit_code == 0 and "Supprimé #2" in added.stdout  # the sheet's language, French
    for sep in (",", ";"):
        r = client.get(f"/api/sheets/{sid}/csv", params={"separator": sep})
        assert r.headers["content-type"].startswith("text/csv")
        assert "attachment" in r.headers["content-disposition"]
        assert r.content.startswith(b"\xef\xbb\xbf") and r.text.lstrip("\ufeff") == kept.to_csv(sep)
        assert Sheet.new("couleur").add_csv(r.text).totals() == kept.totals()


def test_sheets_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'whist.db'}"
    with TestClient(create_app(url)) as c:
        sid = new(c)["id"]
        post(c, f"/api/sheets/{sid}/entries", SOLO)
        before = post(c, f"/api/sheets/{sid}/entries", MISERE)
    with TestClient(create_app(url)) as c:
        assert c.get(f"/api/sheets/{sid}").json() == before
        after = post(c, f"/api/sheets/{sid}/undo")
        assert len(after["sheet"]["entries"]) == 1


def test_a_sheet_says_when_it_was_started_and_last_changed(tmp_path: Path) -> None:
    """Each sheet keeps when it was started and when it was last changed (Unix time), which the
    API gives: an entry, a penalty or an undo changes the second, an entry refused neither, and
    both are the same after a restart."""
    url = f"sqlite:///{tmp_path / 'whist.db'}"
    with TestClient(create_app(url)) as c:
        before = time.time()
        made = new(c)
        sid = made["id"]
        assert before <= made["created_at"] == made["changed_at"] <= time.time()
        assert c.get(f"/api/sheets/{sid}").json() == made
        shown = made
        for path, body in (("entries", SOLO), ("penalty", {"seat": "E"}), ("undo", None)):
            time.sleep(0.01)
            changed = post(c, f"/api/sheets/{sid}/{path}", body)
            assert changed["created_at"] == made["created_at"]
            assert shown["changed_at"] < changed["changed_at"] <= time.time()
            shown = changed
        post(c, f"/api/sheets/{sid}/entries", {**SOLO, "tricks": "14"}, 400)
        assert c.get(f"/api/sheets/{sid}").json() == shown
    with TestClient(create_app(url)) as c:
        assert c.get(f"/api/sheets/{sid}").json() == shown


def test_a_sheet_says_after_how_many_days_unchanged_the_server_deletes_it(tmp_path: Path) -> None:
    """Each answer of a sheet gives the days of ``whist serve --keep-sheets`` (the page says them
    when the sheet is gone), ``null`` on a server that deletes no sheet by age."""
    url = f"sqlite:///{tmp_path / 'whist.db'}"
    with TestClient(create_app(url, keep_sheets=30)) as c:
        sid = new(c)["id"]
        answers = [c.get(f"/api/sheets/{sid}").json(), post(c, f"/api/sheets/{sid}/entries", SOLO),
                   post(c, f"/api/sheets/{sid}/penalty", {"seat": "E"}), post(c, f"/api/sheets/{sid}/undo")]
        assert [a["keep_days"] for a in answers] == [30] * 4
    with TestClient(create_app(url)) as c:
        assert new(c)["keep_days"] is None and c.get(f"/api/sheets/{sid}").json()["keep_days"] is None


class Interrupted(SqlStorage):
    """A storage where, once, another writer adds an entry to the sheet between the moment an
    entry reads it and the moment it saves it."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.interrupt = False

    def save_sheet(self, sheet_id: str, version: int, data: str, at: float | None = None) -> bool:
        if self.interrupt:
            self.interrupt = False
            found = self.sheet(sheet_id)
            assert found is not None
            other = add_deal(read_sheet(found.data), **MISERE)
            assert super().save_sheet(sheet_id, found.version, dumps(other))
        return super().save_sheet(sheet_id, version, data, at)


def test_an_entry_made_meanwhile_elsewhere_is_kept(tmp_path: Path) -> None:
    storage = Interrupted(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage)) as c:
        sid = new(c)["id"]
        storage.interrupt = True
        got = post(c, f"/api/sheets/{sid}/entries", SOLO)
    assert [e["contract"] for e in got["sheet"]["entries"]] == ["small misère", "solo 7"]
    assert got["version"] == 2


def test_a_sheet_is_replaced_only_at_the_version_it_was_read(tmp_path: Path) -> None:
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    try:
        storage.create_sheet("s1", "first", at=100.0)
        assert storage.sheet("s1") == StoredSheet(0, "first", 100.0, 100.0) and storage.sheet("s2") is None
        assert storage.save_sheet("s1", 0, "second", at=250.5)
        assert not storage.save_sheet("s1", 0, "stale", at=300.0)
        assert storage.sheet("s1") == StoredSheet(1, "second", 100.0, 250.5)
    finally:
        storage.close()


def test_postgresql_keeps_sheets_for_every_server_process() -> None:
    from sqlalchemy.exc import OperationalError

    try:
        first, second = open_storage(PG_URL), open_storage(PG_URL)
    except OperationalError as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    with TestClient(create_app(storage=first)) as one, TestClient(create_app(storage=second)) as two:
        sid = new(one)["id"]
        post(two, f"/api/sheets/{sid}/entries", SOLO)
        post(one, f"/api/sheets/{sid}/entries", MISERE)
        error = post(two, f"/api/sheets/{sid}/entries", {**SOLO, "declarers": "Z"}, 400)["error"]
        assert error["message_fr"].startswith("preneurs « Z »")
        seen = [c.get(f"/api/sheets/{sid}").json() for c in (one, two)]
        assert seen[0] == seen[1] and seen[0]["version"] == 2
        assert [e["contract"] for e in seen[0]["sheet"]["entries"]] == ["solo 7", "small misère"]
        kept = second.sheet(sid)
        assert not first.save_sheet(sid, 1, "stale") and kept is not None and kept.version == 2
        assert kept.data == one.get(f"/api/sheets/{sid}/json").text
    with TestClient(create_app(PG_URL)) as again:  # a restart
        assert again.get(f"/api/sheets/{sid}").json() == seen[0]


@pytest.mark.parametrize("game", ["couleur", "pagat"])
def test_each_contract_the_page_lists_is_one_the_sheet_takes(client: TestClient, game: str) -> None:
    """The page's list of contracts is the server's: each one, sent back as its text, is scored."""
    made = new(client, preset=game)
    listed = made["contracts"]
    assert [c["text"] for c in listed] == [c.text for c in Sheet.new(game).contracts()]
    assert len({c["text"] for c in listed}) == len(listed) > 10
    sid = made["id"]
    for c in listed:
        tries: list[dict[str, Any]] = (
            [{"queens": "N=2,E=1,S=1"}] if c["kind"] == "dames" else
            [{"declarers": d, "tricks": n} for d in ("N", "N,E") for n in ("0", "N=0,E=1", "13")])
        accepted = [body for body in tries if client.post(f"/api/sheets/{sid}/entries", json={
            "contract": c["text"], "trump": "H" if c["suited"] else None, **body}).status_code == 200]
        assert accepted, c["text"]


def test_a_sheet_refuses_an_entry_past_its_most(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from whist.server import sheets

    monkeypatch.setattr(sheets, "MAX_ENTRIES", 2)
    sid = new(client)["id"]
    post(client, f"/api/sheets/{sid}/entries", SOLO)
    full = post(client, f"/api/sheets/{sid}/penalty", {"seat": "E"})
    error = post(client, f"/api/sheets/{sid}/entries", SOLO, 400)["error"]
    assert error["code"] == "bad_entry" and "2" in error["message_fr"]
    assert client.get(f"/api/sheets/{sid}").json() == full
    assert len(post(client, f"/api/sheets/{sid}/undo")["sheet"]["entries"]) == 1


def count_sheets(storage: SqlStorage) -> int:
    """How many sheets the storage's database holds."""
    with storage.engine.connect() as conn:
        return int(conn.execute(text("SELECT count(*) FROM whist_sheet")).scalar_one())


def test_a_server_keeps_at_most_its_sheets(tmp_path: Path) -> None:
    """``whist serve --max-sheets``: past the most, a new sheet is refused (429, as a table past
    the most in play) in English and French and nothing is stored; the sheets there are still
    read and written; room made, sheets are started again."""
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage, max_sheets=2)) as c:
        first, _ = new(c)["id"], new(c, preset="classic")["id"]
        r = c.post("/api/sheets", json={"names": NAMES, "preset": "classic"})
        assert r.status_code == 429 and count_sheets(storage) == 2
        assert r.json()["error"] == {
            "code": "too_many_sheets",
            "message": "this server keeps as many score sheets as it allows (2); ask the people who"
                       " run it to make room",
            "message_fr": "ce serveur garde déjà autant de feuilles de marque qu'il en accepte (2) :"
                          " demandez à ceux qui le font tourner de faire de la place"}
        assert len(post(c, f"/api/sheets/{first}/entries", SOLO)["sheet"]["entries"]) == 1
        c.app.state.max_sheets = 3  # type: ignore[attr-defined]
        new(c)
        assert post(c, "/api/sheets", {"names": NAMES}, 429)["error"]["message"].endswith(
            "(3); ask the people who run it to make room")
        assert count_sheets(storage) == 3


def test_the_most_sheets_needs_no_returning_of_sqlite(tmp_path: Path) -> None:
    """A SQLite older than 3.35 (Debian 11's, Ubuntu 20.04's) has no ``INSERT … RETURNING``: a
    sheet is counted and stored there too, and refused past the most."""
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")

    @event.listens_for(storage.engine, "before_cursor_execute")
    def old_sqlite(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if re.search(r"\bRETURNING\b", statement, flags=re.I):  # as SQLite 3.34 refuses it
            raise sqlite3.OperationalError('near "RETURNING": syntax error')

    try:
        storage.create_sheet("a", "{}", 2)
        storage.create_sheet("b", "{}", 2)
        with pytest.raises(SheetLimit):
            storage.create_sheet("c", "{}", 2)
        storage.create_sheet("d", "{}")  # no most: stored whatever the count
        assert count_sheets(storage) == 3 and storage.sheet("c") is None
    finally:
        storage.close()


def test_the_most_sheets_counts_those_of_every_server_process_on_postgresql() -> None:
    """Two server processes on one PostgreSQL database count the sheets together: a sheet the
    other is storing, not yet committed, is waited for and counted, so that the two never both
    take the last place; and the other's refusal is the same."""
    from sqlalchemy.exc import OperationalError

    try:
        first, second = open_storage(PG_URL), open_storage(PG_URL)
    except OperationalError as exc:  # pragma: no cover - a machine without the database
        pytest.skip(f"no PostgreSQL at {PG_URL}: {str(exc).splitlines()[0]}")
    try:
        most = count_sheets(first) + 1
        got: list[BaseException | None] = []
        with first.engine.connect() as conn, conn.begin() as tx:
            # the first process is storing the last sheet there is room for: locked, not committed
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SHEETS_LOCK})
            conn.execute(text("INSERT INTO whist_sheet (sheet_id, version, data, created_at, changed_at)"
                              " VALUES (:id, 0, '{}', :now, :now)"),
                         {"id": secrets.token_urlsafe(16), "now": time.time()})

            def create() -> None:
                try:
                    second.create_sheet(secrets.token_urlsafe(16), "{}", most)
                    got.append(None)
                except SheetLimit as exc:
                    got.append(exc)

            other = threading.Thread(target=create)
            other.start()
            other.join(0.5)
            assert other.is_alive() and got == []  # the second waits for the first
            tx.commit()
        other.join(10)
        assert len(got) == 1 and isinstance(got[0], SheetLimit) and count_sheets(second) == most
        with TestClient(create_app(storage=first, max_sheets=most + 1)) as one, \
                TestClient(create_app(storage=second, max_sheets=most + 1)) as two:
            new(one)
            error = post(two, "/api/sheets", {"names": NAMES}, 429)["error"]
            assert error["code"] == "too_many_sheets" and f"({most + 1})" in error["message_fr"]
        assert count_sheets(first) == most + 1
    finally:
        first.close()
        second.close()



def aged(storage: SqlStorage, sheet_id: str, days: float) -> None:
    """Make the sheet last changed ``days`` days ago, as if nobody had changed it since."""
    with storage.engine.begin() as conn:
        conn.execute(text("UPDATE whist_sheet SET changed_at = :at WHERE sheet_id = :id"),
                     {"at": time.time() - days * DAY, "id": sheet_id})


def test_a_server_deletes_the_sheets_unchanged_for_its_days(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``whist serve --keep-sheets 30``: as it starts, the server deletes the sheets nobody changed
    for 30 days (a sheet started long ago but changed since is kept), then does again from time
    to time; without it, no sheet is deleted, however old."""
    from whist.server import sheets

    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    now = time.time()
    storage.create_sheet("stale", "{}", at=now - 31 * DAY)
    storage.create_sheet("kept", "{}", at=now - 29 * DAY)
    storage.create_sheet("changed", "{}", at=now - 90 * DAY)
    assert storage.save_sheet("changed", 0, "{}", at=now - DAY)
    with TestClient(create_app(storage=storage)):
        time.sleep(0.2)
        assert count_sheets(storage) == 3  # kept for ever, by default
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage, keep_sheets=30)):
        wait_for(lambda: storage.sheet("stale") is None)  # as it starts: the next round is in an hour
        assert storage.sheet("kept") is not None and storage.sheet("changed") is not None
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    monkeypatch.setattr(sheets, "FORGET_EVERY", 0.05)
    with TestClient(create_app(storage=storage, keep_sheets=30)):
        time.sleep(0.1)
        assert storage.sheet("kept") is not None
        aged(storage, "kept", 30.01)  # its days are up now: the next round deletes it
        wait_for(lambda: storage.sheet("kept") is None)
        assert storage.sheet("changed") is not None


def test_a_server_full_of_sheets_deletes_one_whose_days_are_up_or_says_when_it_will(tmp_path: Path) -> None:
    """Past the most sheets, a server that deletes those unchanged for its days deletes at once one
    whose days are up (the hourly round has not reached it yet) and stores the new one; when none
    is, its refusal says within how long there is room again, in English and French."""
    storage = open_storage(f"sqlite:///{tmp_path / 'whist.db'}")
    with TestClient(create_app(storage=storage, max_sheets=2, keep_sheets=30)) as c:
        first, second = new(c)["id"], new(c)["id"]
        aged(storage, first, 30.5)
        third = new(c)["id"]
        assert storage.sheet(first) is None and count_sheets(storage) == 2
        aged(storage, second, 27.5)
        aged(storage, third, 1)
        error = post(c, "/api/sheets", {"names": NAMES}, 429)["error"]
        assert error == {
            "code": "too_many_sheets",
            "message": "this server keeps as many score sheets as it allows (2) and deletes those"
                       " unchanged for 30 days: there is room again within 3 days, when the sheet"
                       " unchanged the longest is deleted",
            "message_fr": "ce serveur garde déjà autant de feuilles de marque qu'il en accepte (2) et"
                          " efface celles qui n'ont pas changé depuis 30 jours : il y aura de nouveau"
                          " de la place d'ici 3 jours, quand la feuille inchangée depuis le plus"
                          " longtemps sera effacée"}
        c.app.state.keep_sheets = 1  # type: ignore[attr-defined]
        aged(storage, third, 0.5)
        new(c)
        assert storage.sheet(second) is None  # its day was up
        assert post(c, "/api/sheets", {"names": NAMES}, 429)["error"]["message"].endswith(
            "unchanged for 1 day: there is room again within 12 hours, when the sheet unchanged the"
            " longest is deleted")
        assert count_sheets(storage) == 2


class Unreachable(SqlStorage):
    """A storage whose database fails the first deletion of old sheets, then answers again."""

    failed = False

    def delete_sheets(self, changed_before: float) -> int:
        if not self.failed:
            self.failed = True
            raise StorageUnavailable("connection refused")
        return super().delete_sheets(changed_before)


def test_old_sheets_that_cannot_be_deleted_now_are_deleted_at_the_next_round(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The database away when the old sheets are to be deleted: the server says so in its log and
    deletes them at the next round."""
    from whist.server import sheets

    monkeypatch.setattr(sheets, "FORGET_EVERY", 0.05)
    storage = Unreachable(f"sqlite:///{tmp_path / 'whist.db'}")
    storage.create_sheet("stale", "{}", at=time.time() - 8 * DAY)
    with caplog.at_level(logging.WARNING, "whist.server"), \
            TestClient(create_app(storage=storage, keep_sheets=7)):
        wait_for(lambda: storage.sheet("stale") is None)
    assert [r.getMessage() for r in caplog.records] == [
        "the score sheets past --keep-sheets 7 cannot be deleted: the database cannot be reached:"
        " connection refused"]


def sheets_database(db: str, tmp_path: Path) -> contextlib.AbstractContextManager[str]:
    """The URL of an empty database of the test's own: a SQLite file, or a PostgreSQL database
    (where the deletion of old sheets deletes no other test's)."""
    if db == "sqlite":
        return contextlib.nullcontext(f"sqlite:///{tmp_path / 'whist.db'}")
    return new_postgresql_database("whist_keep")


class DeletedMeanwhile(SqlStorage):
    """A storage where, once, the deletion of old sheets runs between the moment a change reads
    the sheet ``sheet_id`` and the moment it saves it, with the first cutoff that takes the sheet:
    its days are up just then."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.sheet_id: str | None = None
        self.deleted = -1

    def save_sheet(self, sheet_id: str, version: int, data: str, at: float | None = None) -> bool:
        if sheet_id == self.sheet_id:
            self.sheet_id = None
            found = self.sheet(sheet_id)
            assert found is not None and found.version == version
            self.deleted = self.delete_sheets(math.nextafter(found.changed_at, math.inf))
        return super().save_sheet(sheet_id, version, data, at)


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_change_and_the_deletion_of_old_sheets_never_meet_halfway(tmp_path: Path, db: str) -> None:
    """``whist serve --keep-sheets``: a sheet whose days are up just as a scorer changes it is
    either deleted first, and the change answered as made to no sheet (404, in English and
    French; nothing stored, no 500), or changed first, and kept with the change: the deletion
    goes by the sheet's age as it is when deleted, never by a list of old sheets read before."""
    with sheets_database(db, tmp_path) as url:
        storage = DeletedMeanwhile(url)
        with TestClient(create_app(storage=storage)) as c:
            gone, kept = new(c)["id"], new(c)["id"]
            aged(storage, gone, 30)
            storage.sheet_id = gone  # the deletion first, as the entry is being saved
            error = post(c, f"/api/sheets/{gone}/entries", SOLO, 404)["error"]
            assert error == {"code": "not_found", "message": f"no sheet {gone!r}",
                             "message_fr": f"pas de feuille de marque « {gone} »"}
            assert storage.deleted == 1 and storage.sheet(gone) is None and count_sheets(storage) == 1

            aged(storage, kept, 30)
            old = storage.sheet(kept)
            assert old is not None
            saved: list[bool] = []

            @event.listens_for(storage.engine, "before_cursor_execute")
            def save_first(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
                # the entry saved as the deletion starts: read, and its sheet found old
                if statement.lstrip().upper().startswith("DELETE FROM WHIST_SHEET") and not saved:
                    entry = dumps(add_deal(read_sheet(old.data), **SOLO))
                    saved.append(storage.save_sheet(kept, old.version, entry))

            assert storage.delete_sheets(math.nextafter(old.changed_at, math.inf)) == 0
            assert saved == [True]
            shown = c.get(f"/api/sheets/{kept}").json()
            assert shown["version"] == 1 and shown["changed_at"] > old.changed_at
            assert [e["contract"] for e in shown["sheet"]["entries"]] == ["solo 7"]
        storage.close()


@pytest.mark.parametrize("isolation", ["repeatable read", "serializable"])
def test_a_save_and_a_deletion_at_once_on_postgresql_wait_for_each_other(isolation: str) -> None:
    """On PostgreSQL a sheet's save and the deletion of old sheets may run at the very same moment
    (two server processes, or two storage threads of one): the second waits for the first's
    commit, then goes by the sheet as the first left it, even on a database whose transactions
    are stricter by default (``default_transaction_isolation``, which would fail it instead, and
    the server answer 503): a save after the deletion finds no sheet, a deletion after the save
    keeps the sheet with its change. A new sheet is counted there with the one another process
    was storing as it waited, as on any database (``--max-sheets``)."""
    import psycopg
    from sqlalchemy.engine import make_url

    with new_postgresql_database("whist_strict") as url:
        dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(dsn, autocommit=True) as admin:
            admin.execute(f"ALTER DATABASE {make_url(url).database}"
                          f" SET default_transaction_isolation = '{isolation}'".encode())
        storage = open_storage(url)
        other = psycopg.connect(dsn)  # another server process, in the middle of its transaction
        watch = psycopg.connect(dsn, autocommit=True)

        def waiting() -> bool:
            """Whether a statement of the storage waits for the other's lock."""
            row = watch.execute("SELECT count(*) FROM pg_stat_activity WHERE datname ="
                                " current_database() AND wait_event_type = 'Lock'").fetchone()
            return row is not None and row[0] == 1

        def meanwhile(call: Any, *args: Any) -> list[Any]:
            """``call(*args)`` in a thread, waiting for the other's transaction, which then
            commits; what it gave, or raised."""
            got: list[Any] = []

            def run() -> None:
                try:
                    got.append(call(*args))
                except Exception as exc:
                    got.append(exc)

            thread = threading.Thread(target=run)
            thread.start()
            wait_for(waiting)
            other.commit()
            thread.join(10)
            return got

        try:
            storage.create_sheet("gone", "{}", at=100.0)
            storage.create_sheet("kept", "{}", at=200.0)
            other.execute("DELETE FROM whist_sheet WHERE changed_at < 150")
            assert meanwhile(storage.save_sheet, "gone", 0, "saved", 300.0) == [False]
            assert storage.sheet("gone") is None
            other.execute("UPDATE whist_sheet SET version = 1, data = 'saved', changed_at = 300"
                          " WHERE sheet_id = 'kept' AND version = 0")
            assert meanwhile(storage.delete_sheets, 250.0) == [0]
            assert storage.sheet("kept") == StoredSheet(1, "saved", 200.0, 300.0)
            other.execute("SELECT pg_advisory_xact_lock(%s)", (SHEETS_LOCK,))
            other.execute("INSERT INTO whist_sheet (sheet_id, version, data, created_at, changed_at)"
                          " VALUES ('last', 0, '{}', 400, 400)")
            refused = meanwhile(storage.create_sheet, "past", "{}", 2)
            assert len(refused) == 1 and isinstance(refused[0], SheetLimit)
            assert storage.sheet("past") is None and count_sheets(storage) == 2
        finally:
            other.close()
            watch.close()
            storage.close()
