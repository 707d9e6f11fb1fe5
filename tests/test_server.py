"""The web app's command path, in process through Starlette's TestClient (issue 5, items 1–2, 6).

Every kind of bad message gets an error naming the problem and leaves the table unchanged: same
version, same log, same match. Reconnecting with the seat's token restores the seat and its view;
a bot takes the seat of a player who leaves or stays away, and gives it back when he returns
(the seats and the bots: test_server_seats.py).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from whist.record import match_record

BOTS3 = {"N": "heuristic", "E": "heuristic", "W": "heuristic"}


def snapshot(harness: Any, table_id: str) -> tuple[Any, ...]:
    t = harness.service.tables[table_id]
    return (t.version, t.seq, len(harness.service.storage.load(table_id)),
            json.dumps(match_record(t.match), sort_keys=True),
            tuple((st.name, st.token_hash) for st in t.seats.values()))


def view(m: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = m["deal"]["view"]
    return out


def my_turn(seat: str) -> Any:
    return lambda m: m["type"] == "state" and m["deal"] and view(m)["to_act"] == seat


class TestHttp:
    def test_presets_and_tables(self, harness: Any) -> None:
        c = harness.client
        p = c.get("/api/presets").json()
        assert set(p["presets"]) >= {"classic", "couleur", "pagat"} and "heuristic" in p["bots"]
        by_name = {o["name"]: o["presets"] for o in p["options"]}
        assert "pagat" not in by_name["trou_surprise"] and "couleur" in by_name["trou_surprise"]
        assert by_name["honours"] == ["classic", "short", "simple"] and "pagat" in by_name["deals"]
        said = {o["name"]: (o["label"], o["label_fr"], o["doc"], o["doc_fr"]) for o in p["options"]}
        assert said["solo_supremacy"][:2] == ("Solo supremacy", "Suprématie du solo")
        assert said["shuffle"][3].startswith("Battre avant chaque donne")
        tid = harness.create(preset="pagat", options={"deals": 3}, seats={"N": "random"}, name="Chez Jo")
        listed = c.get("/api/tables").json()["tables"]
        assert [t["id"] for t in listed] == [tid] and listed[0]["name"] == "Chez Jo"
        got = c.get(f"/api/tables/{tid}").json()
        assert got["table"]["rules"]["deals"] == 3 and got["table"]["seats"][0]["kind"] == "bot"
        assert got["match"]["deals"] == [] and not got["table"]["started"]
        assert c.get("/").status_code == 200 and c.get(f"/t/{tid}").status_code == 200
        assert c.get("/api/tables/nope").status_code == 404
        wrong = c.delete(f"/api/tables/{tid}")  # a wrong method says which are right
        assert wrong.status_code == 405 and wrong.json()["error"]["code"] == "http_error"
        assert wrong.headers["allow"] == "GET"

    def test_a_tables_seats_are_read_as_join_reads_them(self, harness: Any) -> None:
        """docs/protocol.md, ``seats``: ``O`` is Ouest, and a seat's name in either language and
        any case is that seat."""
        tid = harness.create(preset="couleur", seats={"O": "random", "sud": "heuristic", "East": "open"})
        seats = harness.client.get(f"/api/tables/{tid}").json()["table"]["seats"]
        assert [(s["seat"], s["kind"]) for s in seats] == [
            ("N", "open"), ("E", "open"), ("S", "bot"), ("W", "bot")]
        assert (seats[2]["bot"], seats[3]["bot"]) == ("heuristic", "random")

    def test_an_options_meaning_names_no_option_as_code_does(self, harness: Any) -> None:
        """What each option means, as the lobby's form shows it under the option in English and
        French, names no other option by its name in the code (``game_points``, ``option
        honours``): a player reads the form's words, not the program's."""
        options = harness.client.get("/api/presets").json()["options"]
        names = "|".join(sorted((o["name"] for o in options), key=len, reverse=True))
        code = re.compile(rf"\b[a-z]+_[a-z_]+\b|\boption ({names})\b")
        said = [(o["name"], doc) for o in options for doc in (o["doc"], o["doc_fr"]) if code.search(doc)]
        assert said == []

    def test_an_options_meaning_names_a_game_as_the_lobby_does(self, harness: Any) -> None:
        """What an option the lobby's forms offer means names a game as the lobby's list does in its
        language (« Colour whist (club rules) », « Whist classique »), never by the preset's id: the
        English said "piccolissimo in couleur", a word its page never shows, and "10 in classic, 5
        in short"."""
        options = harness.client.get("/api/presets").json()["options"]
        offered = [o for o in options if o["name"] not in ("game", "style")]  # (the forms' own choices)
        english = re.compile(r"\b(couleur|classic|short|simple)\b(?! whist)")
        french = re.compile(r"(?<!whist )\b(classic|classique|short|court|simple|couleur)\b(?! \()")
        said = [(o["name"], o["doc"]) for o in offered if english.search(o["doc"].replace(" short of", ""))]
        said += [(o["name"], o["doc_fr"]) for o in offered
                 if french.search(o["doc_fr"].replace("une couleur", ""))]
        assert said == []
        piccolo = next(o for o in options if o["name"] == "piccolo")
        assert "in colour whist (club rules)" in piccolo["doc"] and "aux règles du club" in piccolo["doc_fr"]

    def test_an_option_that_allows_a_contract_names_it_as_the_page_does(self, harness: Any) -> None:
        """The meaning of an option that allows a contract (« abondance sur table », « grande
        misère sur table ») names the contract as the page's calls do in each language, and says
        that it may be bid: the English said « Abondance sur table: … », a name an English page
        never shows (its calls say "open abondance")."""
        from whist.contracts import KINDS

        options = {o["name"]: o for o in harness.client.get("/api/presets").json()["options"]}
        allowing = [name for name in options if name in KINDS]
        assert {"abondance_sur_table", "grande_misere_sur_table"} <= set(allowing)
        for name in allowing:
            kind, o = KINDS[name], options[name]
            assert kind.en.lower() in o["doc"].lower() and "may be bid" in o["doc"], o["doc"]
            assert kind.fr == kind.en or kind.fr not in o["doc"].lower(), o["doc"]
            assert kind.fr in o["doc_fr"].lower() and "peut être annoncé" in o["doc_fr"], o["doc_fr"]

    def test_the_options_say_the_most_a_new_table_takes(self, harness: Any) -> None:
        """The lobby's field of deals stopped at 99 while a table takes 999: the options list the
        largest value a new table takes, which the page's fields use, and a table past it is
        refused (a table at it is made)."""
        options = {o["name"]: o for o in harness.client.get("/api/presets").json()["options"]}
        assert options["deals"]["largest"] == 999 and options["rubbers"]["largest"] == 99
        assert "largest" not in options["honours"]
        for name, preset_name in (("deals", "couleur"), ("rubbers", "classic")):
            most = options[name]["largest"]
            made = harness.client.post("/api/tables", json={"preset": preset_name,
                                                            "options": {name: most}})
            assert made.status_code == 201, made.text
            refused = harness.client.post("/api/tables", json={"preset": preset_name,
                                                               "options": {name: most + 1}})
            assert refused.status_code == 400 and f"at most {most}" in refused.json()["error"]["message"]

    def test_the_pages_and_the_health_check_answer_head(self, harness: Any) -> None:
        """A link checker or a monitor asks HEAD: the pages and /healthz answered 405 (a route of
        GET alone); they answer as to GET, without the body."""
        c = harness.client
        tid = harness.create()
        for path, status in (("/", 200), (f"/t/{tid}", 200), ("/t/nope", 404), ("/s/nope", 404),
                             ("/healthz", 200), ("/t", 404)):
            r = c.head(path, follow_redirects=False)
            assert r.status_code == status and r.content == b"", (path, r.status_code)
            assert c.get(path, follow_redirects=False).status_code == status, path

    def test_a_browser_asking_for_no_page_gets_the_page_that_says_so(self, harness: Any) -> None:
        """A link to no page, followed in a browser (a GET asking for HTML), is answered 404 with
        the page, which says there is nothing there in its language; the API and the page's files
        keep their JSON 404, as does a client that does not ask for HTML."""
        c = harness.client
        html = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
        for path in ("/nothing", "/t/abc/more"):
            r = c.get(path, headers=html)
            assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), path
            assert 'src="/static/app.js"' in r.text
        for path, headers in (("/nothing", {}), ("/api/nothing", html), ("/static/nothing.js", html)):
            r = c.get(path, headers=headers)
            assert (r.status_code, r.json()["error"]["code"]) == (404, "not_found"), path
        assert c.post("/nothing", headers=html).json()["error"]["code"] == "not_found"

    @pytest.mark.parametrize(("spec", "status", "words"), [
        ({"preset": "bridge"}, 400, "unknown preset"),
        ({"options": {"deals": "many"}}, 400, "whole number"),
        ({"options": {"colour": 1}}, 400, "unknown option"),
        ({"preset": "pagat", "options": {"trou_surprise": True}}, 400, "not part of colour whist as pagat"),
        ({"preset": "classic", "options": {"trou_surprise": True}}, 400, "not part of classic whist"),
        ({"options": {"deals": 100000}}, 400, "at most 999"),
        # a game that never ends; a settlement too large for JSON; scores that overflow it
        ({"preset": "classic", "options": {"game_points": 10**9}}, 400, "game_points is at most 100"),
        ({"preset": "classic", "options": {"stake": 1e308}}, 400, "stake is at most 1000000"),
        ({"preset": "classic", "options": {"rubber_bonus": 10**400}}, 400, "rubber_bonus is at most"),
        ({"seats": {"N": "genius"}}, 400, "neither 'open' nor a bot"),
        ({"seats": {"X": "random"}}, 400, "unknown seat"),
        ({"seats": {"W": "random", "O": "open"}}, 400, "seat W is named twice"),
        ({"bot_delay": -1}, 422, "bot_delay"),
        # a field of the wrong type is refused, not read as a number (true as seed 1)
        ({"seed": True}, 422, "seed: Input should be a valid integer"),
        ({"seed": "12"}, 422, "seed: Input should be a valid integer"),
        ({"takeover_after": "5"}, 422, "takeover_after: Input should be a valid number"),
        ({"deal_pause": False}, 422, "deal_pause: Input should be a valid number"),
        ({"sugar": 1}, 422, "sugar"),
        # the listings name a table's game by its preset: no classic game listed as couleur
        ({"options": {"game": "classic"}}, 400, "option game comes with the preset"),
        ({"preset": "couleur", "options": {"style": "pagat"}}, 400, "option style comes with the preset"),
    ])
    def test_bad_tables(self, harness: Any, spec: dict[str, Any], status: int, words: str) -> None:
        r = harness.client.post("/api/tables", json=spec)
        assert r.status_code == status and words in r.json()["error"]["message"]
        assert harness.service.tables == {}

    @pytest.mark.parametrize(("spec", "message_fr"), [
        ({"preset": "classic", "options": {"game_points": 2}},
         "l'option game_points vaut 2, moins que single_game_from (5) : donnez aussi"
         " single_game_from, entre 1 et 2"),
        ({"preset": "bridge"}, "préréglage « bridge » inconnu"),
        ({"options": {"game": "classic"}}, "l'option game vient avec le préréglage"),
        ({"seats": {"N": "genius"}}, "place N : « genius » n'est ni « open » ni un robot"),
        ({"seats": {"X": "random"}}, "place « X » inconnue"),
        ({"seats": {"West": "random", "ouest": "open"}}, "la place Ouest est nommée deux fois"),
    ])
    def test_a_bad_table_says_why_in_french_too(self, harness: Any, spec: dict[str, Any],
                                                  message_fr: str) -> None:
        """The page shows a refused table's reason in its language: ``message_fr`` beside ``message``."""
        error = harness.client.post("/api/tables", json=spec).json()["error"]
        assert error["code"] == "bad_table" and error["message_fr"].startswith(message_fr), error
        assert error["message"] != error["message_fr"]

    def test_every_refusal_is_said_in_english_and_in_french(self, harness: Any) -> None:
        """Whatever a client sends wrong to any route (a body of the wrong shape or too long, a
        field of the wrong type, an id or a deal that does not exist, a seat taken, a wrong method,
        a record asked for too soon), the answer is a 4xx whose error names the problem in English
        and in French (``message_fr``): the page shows it in French as it is, rather than its
        vaguer words for the code (most refusals had only the English)."""
        c = harness.client
        tid = harness.create(seats={"N": "random"}, options={"deals": 2})
        sheet = c.post("/api/sheets", json={"preset": "couleur"}).json()["id"]
        huge = b'{"name": "' + b"x" * 70_000 + b'"}'
        json_body = {"content-type": "application/json"}
        c.post(f"/api/tables/{tid}/join", json={"name": "Bo", "seat": "E"})
        answers = {
            "wrong type": c.post("/api/tables", json={"preset": 5}),
            "missing field": c.post(f"/api/tables/{tid}/join", json={}),
            "unknown field": c.post("/api/tables", json={"sugar": 1}),
            "name too long": c.post("/api/tables", json={"name": "x" * 81}),
            "number too large": c.post("/api/tables", json={"bot_delay": 11}),
            # NaN, which Python's JSON reads: it was "at most 10"
            "no number": c.post("/api/tables", content=b'{"bot_delay": NaN}', headers=json_body),
            # two refusals of pydantic's that the French said only « valeur refusée »
            "five names": c.post("/api/sheets", json={"names": dict.fromkeys("NESWX", "a")}),
            "half a pair": c.post("/api/tables", content=b'{"name": "\\ud800"}', headers=json_body),
            "no JSON": c.post("/api/tables", content=b"{not json", headers=json_body),
            "no object": c.post("/api/tables", content=b"[1]", headers=json_body),
            "too long": c.post("/api/tables", content=huge, headers=json_body),
            "bad option": c.post("/api/tables", json={"options": {"deals": 0}}),
            "no table": c.get("/api/tables/nope"),
            "no listing": c.get("/api/tables/nope/listing"),
            "no table to join": c.post("/api/tables/nope/join", json={"name": "Cy"}),
            "no visible name": c.post(f"/api/tables/{tid}/join", json={"name": "\u200b"}),
            "no such seat": c.post(f"/api/tables/{tid}/join", json={"name": "Cy", "seat": "Q"}),
            "a bot's seat": c.post(f"/api/tables/{tid}/join", json={"name": "Cy", "seat": "N"}),
            "a seat taken": c.post(f"/api/tables/{tid}/join", json={"name": "Cy", "seat": "E"}),
            "not over": c.post(f"/api/tables/{tid}/again"),
            "no deal": c.get(f"/api/tables/{tid}/deals/1/view"),
            "deal no number": c.get(f"/api/tables/{tid}/deals/one/view"),
            "record too soon": c.get(f"/api/tables/{tid}/record"),
            "deal record too soon": c.get(f"/api/tables/{tid}/deals/1/record"),
            "no route": c.get("/api/nothing"),
            "wrong method": c.delete(f"/api/tables/{tid}"),
            "not UTF-8": c.post("/api/tables", content=b'{"name": "\xff"}', headers=json_body),
            # (JSON, but more than Python reads: said to be so, not only "UTF-8 is expected")
            "too deep": c.post("/api/tables", content=b'{"a":' * 5000 + b"1" + b"}" * 5000,
                               headers=json_body),
            "too long a number": c.post("/api/tables", content=b'{"bot_delay": ' + b"9" * 5000 + b"}",
                                        headers=json_body),
            "option of no kind": c.post("/api/tables", json={"options": {"deals": [1, 2]}}),
            "no sheet": c.get("/api/sheets/nope"),
            "no such language": c.post("/api/sheets", json={"preset": "couleur", "lang": "de"}),
            "bad entry": c.post(f"/api/sheets/{sheet}/entries", json={"contract": "solo 7",
                                                                      "declarers": "N", "tricks": "14"}),
        }
        for what, r in answers.items():
            assert 400 <= r.status_code < 500, (what, r.status_code, r.text)
            error = r.json()["error"]
            assert set(error) == {"code", "message", "message_fr"}, (what, error)
            assert error["message"] and error["message_fr"] and error["message"] != error["message_fr"], (
                what, error)
        said = {what: r.json()["error"]["message_fr"] for what, r in answers.items()}
        assert said["a bot's seat"] == "la place Nord est tenue par un robot"
        assert said["a seat taken"] == "la place Est est déjà prise"
        assert said["missing field"] == "name : champ requis"
        assert said["number too large"] == "bot_delay : vaut au plus 10"
        assert said["no number"] == "bot_delay : doit être un nombre fini"
        assert said["five names"] == "names : a au plus 4 éléments"
        assert said["half a pair"].startswith("name : doit être un texte Unicode valable")
        assert said["no table"] == "pas de table « nope »"
        assert said["option of no kind"] == "options.deals : doit être un texte, un nombre, true ou false"
        for what in ("not UTF-8", "too deep", "too long a number"):
            assert answers[what].status_code == 400, what
            assert said[what] == ("le corps de la requête est illisible : du JSON en UTF-8 est attendu"
                                  " (sur 1 000 niveaux d'imbrication au plus, ses nombres de 4 300"
                                  " chiffres au plus)"), what
        assert said["no such language"] == "lang : doit valoir 'en' ou 'fr'"
        assert said["wrong method"] == "méthode DELETE non permise à cette adresse"

    def test_a_refusal_of_starlettes_own_is_said_whatever_its_words(self) -> None:
        """A refusal from Starlette or FastAPI that the server does not name (a 400 of its own, say)
        keeps its words in both languages, braces and all: they are not read as a template."""
        from starlette.exceptions import HTTPException
        from starlette.requests import Request

        from whist.server.app import _http_words

        request = Request({"type": "http", "method": "POST", "path": "/api/tables", "headers": []})
        en, fr = _http_words(request, HTTPException(418, "a {teapot} here"))
        assert (en, fr) == ("a {teapot} here", "demande refusée (HTTP 418) : a {teapot} here")

    def test_a_body_too_long_is_refused(self, harness: Any) -> None:
        from whist.server.app import MAX_BODY

        c = harness.client
        huge = json.dumps({"options": {"deals": "9" * MAX_BODY}}).encode()
        told = c.post("/api/tables", content=huge, headers={"content-type": "application/json"})

        def chunks() -> Iterator[bytes]:  # no Content-Length: sent in chunks
            for i in range(0, len(huge), 4096):
                yield huge[i:i + 4096]

        untold = c.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
        for r in (told, untold):
            assert r.status_code == 413 and r.json()["error"]["code"] == "http_error"
        assert harness.service.tables == {}
        body = json.dumps({"name": "x" * 80, "options": {"deals": 2}}).encode()
        ok = c.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert ok.status_code == 201

    @pytest.mark.parametrize(("body", "headers", "words"), [
        (b"{not json", {"content-type": "application/json"},
         "the body is not JSON at character 1: a field name in double quotes is missing"),
        (b'{"preset": "classic"}', {}, "the body must be a JSON object, sent with Content-Type"),
        (b"[1, 2]", {"content-type": "application/json"}, "the body must be a JSON object"),
        (b"", {"content-type": "application/json"}, "the body must be a JSON object"),
    ])
    def test_a_body_that_is_no_json_object_is_named(self, harness: Any, body: bytes,
                                                     headers: dict[str, str], words: str) -> None:
        """A body that is not JSON, none, or one sent without its Content-Type is said so, not
        ``: Field required`` or ``1: JSON decode error``."""
        c = harness.client
        tid = harness.create(seats={"N": "random"})
        for path in ("/api/tables", f"/api/tables/{tid}/join"):
            r = c.post(path, content=body, headers=headers)
            assert r.status_code == 422 and r.json()["error"]["code"] == "invalid"
            assert r.json()["error"]["message"].startswith(words)
            if body.startswith(b"{not"):  # why, in French too
                assert r.json()["error"]["message_fr"] == ("le corps de la requête n'est pas du JSON"
                                                           " (caractère 1) : un nom de champ entre"
                                                           " guillemets droits manque")
        assert len(harness.service.tables) == 1

    def test_a_failure_of_the_server_has_the_error_body(self, harness: Any, monkeypatch: Any) -> None:
        """A fault of the server's own is answered as every error is, ``{"error": …}`` with a 500,
        not Starlette's plain text "Internal Server Error"."""
        from fastapi.testclient import TestClient

        def broken(limit: int = 100) -> list[dict[str, Any]]:
            raise OverflowError("a fault of the server's own")

        monkeypatch.setattr(harness.service, "listings", broken)
        r = TestClient(harness.app, raise_server_exceptions=False).get("/api/tables")
        assert r.status_code == 500 and r.json()["error"] == {
            "code": "http_error", "message": "the server failed to answer: an internal error, in its log",
            "message_fr": "le serveur n'a pas pu répondre : une erreur interne, dans son journal"}

    def test_the_tables_in_play_have_a_limit(self, harness: Any) -> None:
        """Beyond ``max_tables`` tables in play (``whist serve --max-tables``), creating one is
        refused, 429 ``too_many_tables``, and nothing is made; a finished game does not count."""
        harness.service.max_tables = 2
        c = harness.client
        done = harness.create(preset="pagat", options={"deals": 1}, seats=dict.fromkeys("NESW", "random"))
        end = time.monotonic() + 20
        while not c.get(f"/api/tables/{done}").json()["match"]["over"]:
            assert time.monotonic() < end, "the bots' game did not end"
            time.sleep(0.02)
        harness.create(seats=BOTS3)
        harness.create(seats=BOTS3)  # waiting for a player: in play
        refused = c.post("/api/tables", json={"seats": BOTS3})
        assert refused.status_code == 429 and refused.json()["error"] == {
            "code": "too_many_tables",
            "message": "this server has as many tables in play as it allows (2); try again once"
                       " a game has finished or been left for a while",
            "message_fr": "ce serveur a déjà autant de tables en cours qu'il en accepte (2) : réessayez"
                          " quand une partie sera finie ou abandonnée depuis un moment"}
        listed = c.get("/api/tables").json()
        assert len(listed["tables"]) == 2 and [t["id"] for t in listed["finished"]] == [done]

    def test_join_errors(self, harness: Any) -> None:
        tid = harness.create(seats={"N": "random"})
        c = harness.client
        assert c.post(f"/api/tables/{tid}/join", json={"name": "   "}).status_code == 400
        assert c.post(f"/api/tables/{tid}/join", json={"name": "Bo", "seat": "Q"}).status_code == 400
        for wrong in ({"name": 5}, {"name": "Bo", "seat": 1}):
            assert c.post(f"/api/tables/{tid}/join", json=wrong).status_code == 422
        r = c.post(f"/api/tables/{tid}/join", json={"name": "Bo", "seat": "N"})
        assert r.status_code == 409 and "bot" in r.json()["error"]["message"]
        assert c.post(f"/api/tables/{tid}/join", json={"name": "Bo", "seat": "E"}).json()["seat"] == "E"
        assert c.post(f"/api/tables/{tid}/join", json={"name": "Cy", "seat": "E"}).status_code == 409
        assert c.post("/api/tables/zz/join", json={"name": "Cy"}).status_code == 404
        seats = [c.post(f"/api/tables/{tid}/join", json={"name": n}).json()["seat"] for n in "ST"]
        assert seats == ["S", "W"]
        r = c.post(f"/api/tables/{tid}/join", json={"name": "Di"})
        assert r.status_code == 409 and "no free seat" in r.json()["error"]["message"]
        assert harness.service.tables[tid].started  # every open seat taken: the game starts


class TestNames:
    """One rule for every name the server keeps (docs/protocol.md): white space of any kind is one
    space, other invisible characters are dropped, the ends are trimmed, the length is cut. With
    nothing visible left, a table (whose name is optional) is named after its preset, a person
    (whose name is how the others know him) is refused, 400 ``bad_join``, empty name included."""

    @pytest.mark.parametrize(("typed", "kept"), [
        ("Chez\tJo\r\n", "Chez Jo"),
        ("Jean\u00a0Pierre\u3000Dupont", "Jean Pierre Dupont"),
        ("\x1b[31mAn\x07ne\u200b\ufeff", "[31mAnne"),
        ("  a  \x00  b  ", "a b"),
        # a joiner or non-joiner within a word is how it is written: kept (it was dropped, « می‌خواهم »
        # written « میخواهم », a family's emoji three people), at a word's ends it shows nothing
        ("\u200c\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645\u200d",
         "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"),
        ("Jo \U0001f468\u200d\U0001f469\u200d\U0001f467", "Jo \U0001f468\u200d\U0001f469\u200d\U0001f467"),
    ])
    def test_a_name_is_kept_alike_for_a_table_and_a_person(self, harness: Any, typed: str,
                                                              kept: str) -> None:
        c = harness.client
        tid = harness.create(name=typed, seats={"N": "random"})
        joined = c.post(f"/api/tables/{tid}/join", json={"name": typed, "seat": "S"})
        assert joined.status_code == 200 and joined.json()["name"] == kept
        table = c.get(f"/api/tables/{tid}").json()["table"]
        assert table["name"] == kept and table["seats"][2]["name"] == kept
        assert c.get("/api/tables").json()["tables"][0]["name"] == kept
        stored = [e.data["name"] for e in harness.service.storage.load(tid) if e.kind in ("create", "join")]
        assert stored == [kept, kept]

    def test_a_long_name_is_cut_without_a_space_at_its_end(self, harness: Any) -> None:
        tid = harness.create(name="x" * 39 + " " + "y" * 40)
        assert harness.client.get(f"/api/tables/{tid}").json()["table"]["name"] == "x" * 39
        r = harness.client.post(f"/api/tables/{tid}/join", json={"name": "Anne-Marie " + "z" * 60})
        assert r.json()["name"] == "Anne-Marie " + "z" * 13
        # nor with a joiner, which joins nothing once the letter after it is cut off
        r = harness.client.post(f"/api/tables/{tid}/join", json={"name": "w" * 23 + "\u200dw"})
        assert r.json()["name"] == "w" * 23

    @pytest.mark.parametrize("typed", ["", "   ", "\x00\x1b\x7f", "\u200b\ufeff", "\t\u00a0\u3000\n",
                                       "\u200c \u200d\u200d",
                                       # letters and marks that print as nothing (were taken)
                                       "\u3164", "\u115f", "\u2800", "\u034f", "\u0301", "\u3164 \u0301"])
    def test_a_name_with_nothing_visible(self, harness: Any, typed: str) -> None:
        c = harness.client
        tid = harness.create(preset="pagat", name=typed)
        assert c.get(f"/api/tables/{tid}").json()["table"]["name"] == "pagat"
        before = snapshot(harness, tid)
        r = c.post(f"/api/tables/{tid}/join", json={"name": typed})
        assert r.status_code == 400 and r.json()["error"] == {
            "code": "bad_join", "message": "a name needs at least one visible character",
            "message_fr": "un nom a besoin d'au moins un caractère visible"}
        assert snapshot(harness, tid) == before

    def test_a_table_given_no_name_is_named_for_its_player(self, harness: Any) -> None:
        """The lobby names a table for the player who makes it (``named_for``), not in the words of
        its own language, which each page says in its own. A name given wins; the player's name is
        kept as a person's is, and one with nothing visible names nobody (the preset's name)."""
        for spec, named in (({"named_for": " Léa\u200b "}, ("couleur", "Léa")),
                            ({"named_for": "Léa", "name": "Chez Jo"}, ("Chez Jo", None)),
                            ({"named_for": "\u200b", "preset": "pagat"}, ("pagat", None))):
            tid = harness.create(**spec)
            table = harness.client.get(f"/api/tables/{tid}").json()["table"]
            assert (table["name"], table["named_for"]) == named, spec


class TestBadMessages:
    """Each bad message: an error with its code, and the table unchanged."""

    def test_every_kind(self, harness: Any) -> None:
        tid = harness.create(preset="couleur", seats={"E": "heuristic", "W": "heuristic"}, seed=11)
        tn, ts = harness.join(tid, "Nora", "N"), harness.join(tid, "Sam", "S")
        with harness.connect(tid) as n, harness.connect(tid) as s, harness.connect(tid) as spy:
            assert n.hello(tn)["seat"] == "N" and s.hello(ts)["seat"] == "S"
            assert spy.hello()["seat"] is None
            # wait until one of the two people must act: the table then waits for him
            m = s.until(lambda m: m["type"] == "state" and m["deal"]
                        and view(m)["to_act"] in ("N", "S"))
            n.flush()
            s.flush()
            spy.flush()
            mover, other = (n, s) if view(m)["to_act"] == "N" else (s, n)
            legal = view(mover.state())["legal"]
            version = m["version"]
            before = snapshot(harness, tid)

            def refused(ws: Any, msg: Any, code: str) -> dict[str, Any]:
                ws.send(msg)
                err: dict[str, Any] = ws.recv()
                assert err["type"] == "error" and err["code"] == code, err
                assert err["message"] and err["version"] == version
                assert snapshot(harness, tid) == before
                return err

            refused(mover, "{not json", "malformed")
            refused(mover, "[1, 2]", "malformed")
            refused(mover, {"type": "shout"}, "malformed")
            # no type, or one that is no text: said so, not "unknown message type None"
            err = refused(mover, {"action": "AS"}, "malformed")
            assert err["message"].startswith("a message needs a type: hello, act")
            err = refused(mover, {"type": True}, "malformed")
            assert err["message"].endswith(", not true") and err["message_fr"].endswith(", pas true")
            refused(mover, {"type": "act", "action": legal[0]["text"]}, "malformed")
            refused(mover, {"type": "act", "action": 7, "version": version}, "malformed")
            refused(mover, {"type": "act", "action": "AS", "version": "1"}, "malformed")
            refused(mover, {"type": "act", "action": "AS", "version": True}, "malformed")
            refused(mover, {"type": "hello"}, "malformed")  # a second hello
            refused(mover, "x" * 5000, "malformed")
            refused(mover, "[" * 2000 + "]" * 2000, "malformed")  # short, but nested too deep
            mover.session.send_bytes(b'{"type":"ping"}')  # JSON, but in a binary frame: said so
            err = mover.recv()
            assert err["code"] == "malformed" and "binary" in err["message"]
            assert snapshot(harness, tid) == before
            # out of turn: the other person, with a legal-looking action and the current version
            err = refused(other, {"type": "act", "action": legal[0]["text"], "version": version},
                          "not_your_turn")
            assert "turn" in err["message"]
            # illegal: no action at all, then a card while calling
            refused(mover, {"type": "act", "action": "XYZ", "version": version}, "illegal")
            err = refused(mover, {"type": "act", "action": "AS", "version": version}, "illegal")
            assert "auction" in err["message"] or "call" in err["message"]
            # stale: a legal action chosen from an older state
            refused(mover, {"type": "act", "action": legal[0]["text"], "version": version - 1}, "stale")
            refused(mover, {"type": "act", "action": legal[0]["text"], "version": version + 1}, "stale")
            # spectators cannot act, leave or start
            refused(spy, {"type": "act", "action": legal[0]["text"], "version": version}, "not_seated")
            refused(spy, {"type": "leave"}, "not_seated")
            # the good message goes through
            mover.send({"type": "act", "action": legal[0]["text"], "version": version})
            after = mover.until(lambda m: m["type"] == "state" and m["version"] > version)
            assert after["version"] == version + 1
            assert view(after)["actions"][-1]["text"] == legal[0]["text"]

    def test_bad_token_and_no_hello(self, harness: Any) -> None:
        tid = harness.create(seats=BOTS3)
        harness.join(tid, "Sam")
        before = snapshot(harness, tid)
        with harness.connect(tid) as ws:
            ws.send({"type": "act", "action": "AS", "version": 0})
            assert ws.recv()["code"] == "no_hello"
            err = ws.hello("not-a-token")
            assert err["type"] == "error" and err["code"] == "bad_token"
            ws.send({"type": "act", "action": "AS", "version": 1})
            assert ws.recv()["code"] == "no_hello"
            assert snapshot(harness, tid) == before
            assert ws.hello()["type"] == "welcome"  # may still watch

    def test_unknown_table(self, harness: Any) -> None:
        with harness.connect("nothing") as ws:
            assert ws.recv()["code"] == "not_found"
