"""The score sheet of a physical table in the web app (RULES.md §6): its routes score with the sheet
modules and nothing else (DESIGN: the front ends never decide a rule), refuse an impossible entry
with the sheet's own words in English and French and change nothing. How the server keeps the
sheets (a restart, two processes on PostgreSQL, the most sheets, the days) is in
test_server_sheet_storage.py.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from whist.cards import Refusal
from whist.classic_sheet import ClassicSheet
from whist.cli import app as cli
from whist.rules import preset
from whist.server import create_app
from whist.server.sheets import PAGE, WEB
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
    for path in ("/s", "/s/"):  # a sheet's link without its id names none (test_server_ops.py)
        assert client.get(path, follow_redirects=False).status_code == 404


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
    ("couleur", [], "entries", {"contract": "solo 7 N 8"},  # the deal typed in the contract's field
     "'solo 7 N 8' is not a contract: give the declarers and the tricks apart (“Contract”, “Declarers”",
     "« solo 7 N 8 » n'est pas un contrat : donnez les preneurs et les plis à part (« Contrat »",
     "'solo 7 N 8' is not a contract: give the declarers and the tricks apart (whist sheet add solo 7"
     " --declarers N --tricks 8)"),
    ("couleur", [], "entries", {"tricks": "NS=8", "honours": "EW=4"},
     "(“Contract”, “Declarers” and “Declarers' tricks”, or contract: solo 7, declarers: N, tricks: 8)",
     "(« Contrat », « Preneurs » et « Plis des preneurs », ou contract : solo 7, declarers : N, tricks : 8)",
     "(whist sheet add solo 7 --declarers N --tricks 8)"),
    ("classic", [], "entries", {"contract": "solo 7", "tricks": "8"},
     "it takes a deal's tricks and honours (“Side”, “Tricks” and “Honours”, or tricks: NS=8,"
     " honours: EW=4) or a game won by calling at eight (the “Call at eight” buttons, or contract: call NS)",
     "elle prend les levées et les honneurs d'une donne (« Camp », « Levées » et « Honneurs », ou"
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
     "donnez les levées d'un camp : les levées et les honneurs d'une donne (« Camp »",
     "(whist sheet add --tricks NS=8 --honours EW=4)"),
    ("classic", [], "entries", {"tricks": "NS=", "honours": "none"},  # the page's Tricks left empty
     "give the number of tricks NS took: “Tricks”, or tricks: NS=8",
     "donnez le nombre de levées faites par NS : « Levées », ou tricks : NS=8", "NS took: --tricks NS=8"),
    ("classic", [], "entries", {"tricks": " EO : "},
     "give the number of tricks EW took: “Tricks”, or tricks: NS=8",
     "donnez le nombre de levées faites par EO : « Levées », ou tricks : NS=8", "EW took: --tricks NS=8"),
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


API_SYNTAX = re.compile(r"\bou? (?:declarers|tricks|contract|queens|seat) ?:"
                        r"|\((?:declarers|trump|needed|queens|double)\)|[NESWO]=\d")
"""The API's syntax, where the sheet's page has its own fields: an API field named in a message
(« ou declarers : N+E », "(trump)"), seat=count pairs (``N=0,E=1``)."""
API_FIELDS = re.compile(r"\b(?:declarers|tricks|contract|queens|honours|seat|trump|needed|double)\b")
"""An API field's English name, which a French message of the page never says (outside the
French names of its fields, quoted)."""


@pytest.mark.parametrize(("game", "before", "route", "body", "en", "fr", "terminal"), ASKING)
def test_the_page_is_refused_in_its_form_s_words_alone(
        client: TestClient, game: str, before: list[dict[str, Any]], route: str, body: dict[str, Any],
        en: str, fr: str, terminal: str) -> None:
    """The same refusals, of an entry the sheet's page sends (``page``): they name its form's
    fields only, never the API's, which the page's form cannot take."""
    sid = new(client, preset=game, **({"options": {"rubbers": 1}} if before else {}))["id"]
    for done in before:
        post(client, f"/api/sheets/{sid}/entries", done)
    api = post(client, f"/api/sheets/{sid}/{route}", body, 400)["error"]
    error = post(client, f"/api/sheets/{sid}/{route}", {**body, "page": True}, 400)["error"]
    assert error["code"] == api["code"], error
    for said in (error["message"], error["message_fr"]):
        assert not API_SYNTAX.search(said), said
    unquoted = re.sub(r"«[^»]*»", "", error["message_fr"])  # « La donne compte double »: French
    assert not API_FIELDS.search(unquoted), error["message_fr"]
    assert not TERMINAL_SYNTAX.search(error["message"] + error["message_fr"])


@pytest.mark.parametrize(("game", "body", "api", "page"), [
    ("couleur", {"contract": "solo 7", "tricks": "8"},  # no box ticked under « Preneurs »
     ("name the declarers, ticking them under “Declarers” (or declarers: N+E)",
      "nommez les preneurs, en les cochant sous « Preneurs » (ou declarers : N+E)"),
     ("name the declarers, ticking them under “Declarers”",
      "nommez les preneurs, en les cochant sous « Preneurs »")),
    ("couleur", {"contract": "solo 7", "declarers": "N", "tricks": "6.5"},  # the number box: 6.5
     ("tricks '6.5': write a number (8) or seat=tricks (N=0,E=1)",
      "plis « 6.5 » : tapez un nombre (8) ou place=plis (N=0,E=1)"),
     ("tricks '6.5': write a whole number", "plis « 6.5 » : tapez un nombre entier")),
    ("classic", {"tricks": "NS=", "honours": "none"},  # « Levées » left empty
     ("give the number of tricks NS took: “Tricks”, or tricks: NS=8",
      "donnez le nombre de levées faites par NS : « Levées », ou tricks : NS=8"),
     ("give the number of tricks NS took: “Tricks”",
      "donnez le nombre de levées faites par NS : « Levées »")),
])
def test_the_page_and_the_api_are_each_told_their_own_fields(
        client: TestClient, game: str, body: dict[str, Any], api: tuple[str, str],
        page: tuple[str, str]) -> None:
    """Three refusals the sheet's page showed in the API's syntax, whole: the API's client is told
    its fields, the page (``page``) its form's."""
    sid = new(client, preset=game)["id"]
    for sent, (en, fr) in ((body, api), ({**body, "page": True}, page)):
        error = post(client, f"/api/sheets/{sid}/entries", sent, 400)["error"]
        assert (error["message"], error["message_fr"]) == (en, fr), error
    error = post(client, f"/api/sheets/{sid}/penalty", {"seat": "N,E", "page": True}, 400)["error"]
    if game == "couleur":
        assert error["message_fr"] == ("une pénalité nomme un seul fautif, par exemple « Pénalité de"
                                       " l'arbitre (−15) à »"), error


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
    assert len(names) == 21 and {*TERMINAL.fr} == {*WEB.en} == {*WEB.fr} == {*PAGE.en} == {*PAGE.fr} == names
    for wording in (TERMINAL, WEB, PAGE):
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
    assert [o["label_fr"] for o in made["options"]] == ["Prime du robre", "Enjeu par point"]
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
    for route in ("/api/sheets", "/api/tables"):  # past the largest float: an OverflowError, a 500
        error = post(client, route, {"preset": "classic", "options": {"stake": 10 ** 400}}, 400)["error"]
        assert error["message_fr"] == "l'option stake vaut un nombre fini, pas un nombre aussi grand", error
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
    assert added.exit_code == 0 and "Supprimé n°\u00a02" in added.stdout  # the sheet's language, French
    for sep in (",", ";"):
        r = client.get(f"/api/sheets/{sid}/csv", params={"separator": sep})
        assert r.headers["content-type"].startswith("text/csv")
        assert "attachment" in r.headers["content-disposition"]
        assert r.content.startswith(b"\xef\xbb\xbf") and r.text.lstrip("\ufeff") == kept.to_csv(sep)
        assert Sheet.new("couleur").add_csv(r.text).totals() == kept.totals()


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


def test_an_entry_met_by_many_others_gets_in(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty phones adding to one sheet at once (on several processes) each find the sheet
    changed by others several times: an entry is tried again, after a pause, up to TRIES times
    (five at once left 13 of 20 with 409 "try again"); past them, the 409 says so in both
    languages."""
    from whist.server import sheets
    from whist.server.storage import SqlStorage

    sid = new(client)["id"]
    real = SqlStorage.save_sheet
    lost = [7]  # the saves another request gets in first

    def save(self: SqlStorage, sheet_id: str, version: int, data: str, at: float | None = None) -> bool:
        if lost[0]:
            lost[0] -= 1
            return False
        return real(self, sheet_id, version, data, at)

    monkeypatch.setattr(SqlStorage, "save_sheet", save)
    assert len(post(client, f"/api/sheets/{sid}/entries", SOLO)["sheet"]["entries"]) == 1
    assert lost == [0]
    lost[0] = sheets.TRIES
    error = post(client, f"/api/sheets/{sid}/entries", SOLO, 409)["error"]
    assert error["code"] == "conflict" and "réessayez" in error["message_fr"]
    assert len(client.get(f"/api/sheets/{sid}").json()["sheet"]["entries"]) == 1
    assert all(0 <= sheets._pause(i) <= 0.4 for i in range(1, sheets.TRIES) for _ in range(20))


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
