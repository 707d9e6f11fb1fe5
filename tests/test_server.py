"""The web app's command path, in process through Starlette's TestClient (issue 5, items 1–2, 6).

Every kind of bad message gets an error naming the problem and leaves the table unchanged: same
version, same log, same match. Reconnecting with the seat's token restores the seat and its view;
a bot takes the seat of a player who leaves or stays away, and gives it back when he returns.
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
        for path in ("/t/", "/t"):  # a table's link without its id: the lobby, not a JSON 404
            r = c.get(path, follow_redirects=False)
            assert (r.status_code, r.headers["location"]) == (307, "/"), path
            assert c.get(path).headers["content-type"].startswith("text/html")
        wrong = c.delete(f"/api/tables/{tid}")  # a wrong method says which are right
        assert wrong.status_code == 405 and wrong.json()["error"]["code"] == "http_error"
        assert wrong.headers["allow"] == "GET"

    def test_an_options_meaning_names_no_option_as_code_does(self, harness: Any) -> None:
        """What each option means, as the lobby's form shows it under the option in English and
        French, names no other option by its name in the code (``game_points``, ``option
        honours``): a player reads the form's words, not the program's."""
        options = harness.client.get("/api/presets").json()["options"]
        names = "|".join(sorted((o["name"] for o in options), key=len, reverse=True))
        code = re.compile(rf"\b[a-z]+_[a-z_]+\b|\boption ({names})\b")
        said = [(o["name"], doc) for o in options for doc in (o["doc"], o["doc_fr"]) if code.search(doc)]
        assert said == []

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
         "l'option single_game_from est comprise entre 1 et game_points"),
        ({"preset": "bridge"}, "préréglage « bridge » inconnu"),
        ({"options": {"game": "classic"}}, "l'option game vient avec le préréglage"),
        ({"seats": {"N": "genius"}}, "place N : « genius » n'est ni « open » ni un robot"),
        ({"seats": {"X": "random"}}, "place « X » inconnue"),
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
        assert said["no table"] == "pas de table « nope »"
        assert said["option of no kind"] == "options.deals : doit être un texte, un nombre, true ou false"
        assert said["not UTF-8"] == "le corps de la requête est illisible : du JSON en UTF-8 est attendu"
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
         "the body is not JSON at character 1: Expecting property name"),
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
                                       "\u200c \u200d\u200d"])
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


class TestSeats:
    def test_reconnect_restores_seat_and_view(self, harness: Any) -> None:
        tid = harness.create(preset="classic", seats=BOTS3, seed=5)
        tok = harness.join(tid, "Sam")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            first = ws.until(my_turn("S"))
            s1 = ws.state()
        t = harness.service.tables[tid]
        assert t.seats[harness_seat("S")].connections == 0
        with harness.connect(tid) as ws:
            w = ws.hello(tok)
            assert w["type"] == "welcome" and w["seat"] == "S" and w["name"] == "Sam"
            s2 = ws.until(lambda m: m["type"] == "state")
            assert s2["version"] == s1["version"] == first["version"]
            assert view(s2)["hand"] == view(s1)["hand"] and len(view(s2)["hand"]) >= 12
            assert view(s2)["legal"] == view(s1)["legal"] != []
            assert s2["you"] == {"seat": "S", "name": "Sam", "auto": False}
            seat = next(x for x in s2["table"]["seats"] if x["seat"] == "S")
            assert seat["connected"] and not seat["bot_playing"]

    def test_bot_takes_over_after_timeout_and_gives_back(self, harness: Any) -> None:
        tid = harness.create(preset="couleur", seats=BOTS3, takeover_after=0.3, seed=2,
                             options={"deals": 4})
        tok = harness.join(tid, "Sam")
        with harness.connect(tid) as spy:
            spy.hello()
            with harness.connect(tid) as ws:
                ws.hello(tok)
                waiting = ws.until(my_turn("S"))
            # Sam is gone: the table waits for him a while, then a bot plays his seat
            t0 = time.monotonic()
            done = len(view(waiting)["actions"])
            m = spy.until(lambda m: m["type"] == "state" and m["version"] > waiting["version"]
                          and any(a["seat"] == "S" for a in view(m)["actions"][done:]))
            assert time.monotonic() - t0 >= 0.25
            assert next(x for x in m["table"]["seats"] if x["seat"] == "S")["bot_playing"]
            events = harness.service.storage.load(tid)
            assert any(e.kind == "action" and e.data["seat"] == "S" and e.data["by"] == "bot"
                       for e in events)
            # Sam comes back: the seat is his again and the table waits for him
            with harness.connect(tid) as ws:
                assert ws.hello(tok)["seat"] == "S"
                mine = ws.until(lambda m: m["type"] == "state" and (
                    m["match"]["over"] or view(m)["to_act"] == "S"))
                assert not next(x for x in mine["table"]["seats"] if x["seat"] == "S")["bot_playing"]
                if not mine["match"]["over"]:
                    time.sleep(0.5)
                    assert ws.state()["version"] == mine["version"]

    def test_leave_frees_the_seat(self, harness: Any) -> None:
        tid = harness.create(preset="couleur", seats=BOTS3, takeover_after=600, seed=4,
                             options={"deals": 2})
        tok = harness.join(tid, "Sam")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            at = ws.until(my_turn("S"))
            ws.send({"type": "leave"})
            w = ws.until(lambda m: m["type"] == "welcome")
            assert w["seat"] is None
            m = ws.until(lambda m: m["type"] == "state" and m["version"] > at["version"])
            seat = next(x for x in m["table"]["seats"] if x["seat"] == "S")
            assert seat["name"] is None and seat["bot_playing"]  # a bot plays the free seat at once
        with harness.connect(tid) as ws:
            assert ws.hello(tok)["code"] == "bad_token"
        tok2 = harness.join(tid, "Zoe", "S")
        with harness.connect(tid) as ws:
            assert ws.hello(tok2)["name"] == "Zoe"

    def test_each_action_keeps_who_sat_at_its_seat_then(self, harness: Any) -> None:
        """Sam plays a card at South and leaves; a bot plays South; Zoe sits there in the middle
        of the deal. The state's ``sitters`` say who made each of South's actions (Sam's, the
        bot's, Zoe's from then on), for a player, a spectator, after a reload of the log, and in
        the deal's replay."""
        from whist.server.table import Table

        tid = harness.create(preset="classic", seats={"E": "heuristic", "W": "heuristic"},
                             takeover_after=600, seed=5)
        ann, sam = harness.join(tid, "Ann", "N"), harness.join(tid, "Sam", "S")
        with harness.connect(tid) as wa, harness.connect(tid) as ws:
            wa.hello(ann)
            ws.hello(sam)
            while view(m := wa.until(lambda m: my_turn("N")(m) or my_turn("S")(m)))["to_act"] == "N":
                wa.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            m = ws.until(my_turn("S"))
            played = len(view(m)["actions"])  # Sam's card: the deal's action number ``played``
            ws.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            ws.until(lambda m: m["type"] == "state" and len(view(m)["actions"]) > played)
            ws.send({"type": "leave"})
            left = wa.until(lambda m: m["type"] == "state" and len(m["deal"]["sitters"]["S"]) == 2)
            gone = left["deal"]["sitters"]["S"][1]["from"]
            assert left["deal"]["sitters"]["S"] == [{"from": 0, "name": "Sam"}, {"from": gone, "name": None}]
            assert gone > played
            # Ann plays on until the bot has played at South since Sam left
            m = left
            while not (my_turn("N")(m) and any(a["seat"] == "S" for a in view(m)["actions"][gone:])):
                if my_turn("N")(m):
                    wa.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
                m = wa.until(lambda m: m["type"] == "state")
            came = len(view(m)["actions"])  # the table waits for Ann meanwhile
            zoe = harness.join(tid, "Zoe", "S")
            m = wa.until(lambda m: m["type"] == "state" and len(m["deal"]["sitters"]["S"]) == 3)
            sitters = m["deal"]["sitters"]
            assert sitters == {"N": [{"from": 0, "name": "Ann"}], "E": [{"from": 0, "name": None}],
                               "S": [{"from": 0, "name": "Sam"}, {"from": gone, "name": None},
                                     {"from": came, "name": "Zoe"}],
                               "W": [{"from": 0, "name": None}]}
            assert len(view(m)["actions"]) == came and m["deal"]["number"] == 1
            with harness.connect(tid) as spectator:
                spectator.hello()
                assert spectator.until(lambda m: m["type"] == "state")["deal"]["sitters"] == sitters
            t = harness.service.tables[tid]
            rebuilt = Table.rebuild(tid, harness.service.storage.load(tid), harness.service.storage)
            assert rebuilt.sitters(1) == t.sitters(1) == sitters
            assert t.sitters(2)["S"] == [{"from": 0, "name": "Zoe"}]  # the next deal: Zoe's from its start
            wa.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            wa.send({"type": "leave"})
            wa.until(lambda m: m["type"] == "welcome")
        with harness.connect(tid) as wz:  # Zoe plays a card, then leaves: bots play the deal out
            wz.hello(zoe)
            m = wz.until(my_turn("S"))
            wz.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            wz.until(lambda x: x["type"] == "state" and x["version"] > m["version"])
            wz.send({"type": "leave"})
            wz.until(lambda m: m["type"] == "welcome" and m["seat"] is None)
        # the deal's replay names them too: Ann's cards hers, up to her leaving, Zoe's hers
        end = time.monotonic() + 30
        while not harness.client.get(f"/api/tables/{tid}/deals").json()["deals"]:
            assert time.monotonic() < end
            time.sleep(0.05)
        replay = harness.client.get(f"/api/tables/{tid}/deals/1/view").json()["sitters"]
        assert [x["name"] for x in replay["N"]] == ["Ann", None]
        assert [x["name"] for x in replay["S"]] == ["Sam", None, "Zoe", None]
        assert replay["S"][:3] == sitters["S"] and [replay["E"], replay["W"]] == [sitters["E"], sitters["W"]]

    def test_start_fills_empty_seats_and_next_deals_at_once(self, harness: Any) -> None:
        tid = harness.create(preset="couleur", deal_pause=600, options={"deals": 2}, seed=9)
        tok = harness.join(tid, "Sam", "S")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            assert not ws.state()["table"]["started"]
            ws.send({"type": "start"})
            m = ws.until(lambda m: m["type"] == "state" and m["deal"] is not None)
            assert m["table"]["started"] and all(x["bot_playing"] for x in m["table"]["seats"]
                                                 if x["seat"] != "S")
            # play the first deal to its end: S always takes his first legal action
            while True:
                m = ws.until(lambda m: m["type"] == "state" and (
                    view(m)["is_over"] or view(m)["to_act"] == "S"))
                if view(m)["is_over"]:
                    break
                ws.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
            number = m["deal"]["number"]
            time.sleep(0.2)
            assert ws.state()["deal"]["number"] == number  # the pause: no new deal yet
            ws.send({"type": "next"})
            m = ws.until(lambda m: m["type"] == "state" and m["deal"]["number"] == number + 1)
            assert not view(m)["is_over"]
            # a finished deal as this seat saw it, and its record only once the game is over
            c = harness.client
            seen = c.get(f"/api/tables/{tid}/deals/1/view", headers={"Authorization": f"Bearer {tok}"})
            assert seen.status_code == 200 and seen.json()["view"]["seat"] == "S"
            assert c.get(f"/api/tables/{tid}/deals/1/view").json()["view"]["hand"] == []
            assert c.get(f"/api/tables/{tid}/deals/1/view",
                         headers={"Authorization": "Bearer nope"}).status_code == 403
            assert c.get(f"/api/tables/{tid}/deals/1/record").status_code == 403
            assert c.get(f"/api/tables/{tid}/record").status_code == 403
            listed = c.get(f"/api/tables/{tid}/deals").json()
            assert listed["deals"][0]["number"] == 1 and not listed["records_available"]
            # made or failed per declarer, as the engine tells it (none for a passed deal)
            first = listed["deals"][0]
            table = harness.service.tables[tid]
            assert first["made"] == {s.name: ok for s, ok in table.match.deals[0].made().items()}
            assert set(first["made"]) == set(first["result"]["declarers"])


    def test_next_counts_only_once_a_deal_is_over(self, harness: Any) -> None:
        """``next`` says the deal's summary was read: sent during a deal (a double click on the
        button, whose second click reaches the server after the next deal was dealt) it is ignored,
        so that the end of that deal still waits for the player (docs/protocol.md)."""
        tid = harness.create(preset="couleur", seats=BOTS3, deal_pause=600, options={"deals": 2}, seed=9)
        tok = harness.join(tid, "Sam", "S")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            m = ws.until(my_turn("S"))
            ws.send({"type": "next"})
            m = play_first_legal_to_the_end(ws, m)
            me = next(x for x in m["table"]["seats"] if x["seat"] == "S")
            assert not me["ready"] and m["deal"]["number"] == 1
            assert harness.service.tables[tid].match.needs_deal  # the pause of 600 s: no next deal

    def test_the_time_to_the_next_deal_survives_a_reload(self, harness: Any) -> None:
        """Once a deal is over the state says in how many seconds the next one comes (unless every
        player sends ``next``), from the end of the deal: a page loaded again 100 s later counts
        down from 500 s, not from the whole pause of 600 s again."""
        tid = harness.create(preset="couleur", seats=BOTS3, deal_pause=600, options={"deals": 2}, seed=9)
        tok = harness.join(tid, "Sam", "S")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            m = ws.until(lambda m: m["type"] == "state" and m["deal"] is not None)
            assert "next_in" not in m["deal"]  # a deal in play
            m = play_first_legal_to_the_end(ws, m)
            assert 590 < m["deal"]["next_in"] <= 600
        table = harness.service.tables[tid]
        clock = table.clock
        table.clock = lambda: clock() + 100.0
        with harness.connect(tid) as ws:
            ws.hello(tok)
            again = ws.until(lambda m: m["type"] == "state")
            assert again["deal"]["number"] == m["deal"]["number"]
            assert 490 < again["deal"]["next_in"] <= 500

    def test_a_join_or_leave_between_deals_does_not_put_off_the_next_deal(self, harness: Any) -> None:
        """The next deal comes ``deal_pause`` after the end of the last one: a person taking the
        free seat, or giving his up, during the pause neither starts it again nor shows a new
        countdown (``next_in`` counts from the end of the deal)."""
        tid = harness.create(preset="couleur", seats={"E": "heuristic", "W": "heuristic"},
                             deal_pause=600, options={"deals": 2}, seed=9)
        tok = harness.join(tid, "Sam", "S")
        with harness.connect(tid) as ws:
            ws.hello(tok)
            ws.send({"type": "start"})  # North is free: a bot plays it
            m = ws.until(lambda m: m["type"] == "state" and m["deal"] is not None)
            m = play_first_legal_to_the_end(ws, m)
            assert 590 < m["deal"]["next_in"] <= 600
            table = harness.service.tables[tid]
            clock = table.clock
            table.clock = lambda: clock() + 100.0
            due = table.next_deal_due()
            north = harness.join(tid, "Nora", "N")  # 100 s into the pause
            m = ws.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["name"] == "Nora")
            assert 490 < m["deal"]["next_in"] <= 500 and table.next_deal_due() == due
            with harness.connect(tid) as n:
                n.hello(north)
                n.send({"type": "leave"})
                m = ws.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["name"] is None)
            assert 490 < m["deal"]["next_in"] <= 500 and table.next_deal_due() == due


def harness_seat(name: str) -> Any:
    from whist.cards import Seat

    return Seat[name]


def test_records_after_the_game(harness: Any) -> None:
    tid = harness.create(preset="pagat", seats={s: "random" for s in "NESW"}, options={"deals": 2})
    with harness.connect(tid) as ws:
        ws.hello()
        ws.until(lambda m: m["type"] == "state" and m["match"]["over"])
    c = harness.client
    n = len(c.get(f"/api/tables/{tid}/deals").json()["deals"])
    rec = c.get(f"/api/tables/{tid}/deals/{n}/record")
    assert rec.status_code == 200 and rec.json()["format"] == "whist-record/1"
    assert "attachment" in rec.headers["content-disposition"]
    match = c.get(f"/api/tables/{tid}/record").json()
    assert match["format"] == "whist-match/1" and len(match["deals"]) == n
    from whist.record import replay

    assert replay(match).is_over
    assert c.get(f"/api/tables/{tid}/deals/{n + 1}/record").status_code == 404
    # a number too large for the database's integers is no deal either, not a server error
    for number in (0, -1, 2**63, 10**30):
        r = c.get(f"/api/tables/{tid}/deals/{number}/record")
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


def test_an_authorization_header_that_is_no_bearer_token_is_refused(harness: Any) -> None:
    """A deal's view is a seat's with ``Authorization: Bearer <token>`` and a spectator's without
    the header (docs/protocol.md). A client that sends the header in another form (the token
    alone, another scheme, ``Bearer`` with nothing after it) is told so, rather than handed the
    spectator's view, without the hand it asked for, as if all were well."""
    tid = harness.create(preset="pagat", seats={s: "random" for s in "NESW"}, options={"deals": 1})
    with harness.connect(tid) as ws:
        ws.hello()
        ws.until(lambda m: m["type"] == "state" and m["over"])
    c = harness.client
    url = f"/api/tables/{tid}/deals/1/view"
    assert c.get(url).json()["view"]["seat"] is None
    for header in ("R770Dyn5G6Q44VU22-o6yZ9c5k-J2fPT", "Basic YW5uZTp4", "Bearer", "Token abc"):
        r = c.get(url, headers={"Authorization": header})
        error = r.json()["error"]
        assert r.status_code == 403 and error["code"] == "bad_token", (header, r.text)
        assert "Bearer" in error["message"] and "Bearer" in error["message_fr"]


def test_a_slow_client_gets_the_latest_state_and_every_result() -> None:
    from whist.server.connection import OTHER, STATE, STATE_WITH_MATCH, Connection

    c = Connection()
    c.push("welcome")
    c.push("s1", STATE)
    c.push("s2", STATE)  # replaces s1, not yet sent
    c.push("s3 with results", STATE_WITH_MATCH)  # replaces s2
    c.push("s4", STATE)  # must not replace a state that carries the results
    c.push("error", OTHER)
    c.push("s5", STATE)
    assert [text for _, text in c._queue] == ["welcome", "s3 with results", "s4", "error", "s5"]


def play_first_legal_to_the_end(ws: Any, m: dict[str, Any]) -> dict[str, Any]:
    """South plays his first legal action at each turn until the deal of state ``m`` is over;
    the state that says it is over."""
    while not view(m)["is_over"]:
        if view(m)["to_act"] == "S":
            ws.send({"type": "act", "action": view(m)["legal"][0]["text"], "version": m["version"]})
        m = ws.until(lambda m: m["type"] == "state" and (view(m)["is_over"] or view(m)["to_act"] == "S"))
    return m


def test_next_said_again_sends_nothing_again(harness: Any) -> None:
    """A player who is ready already and says so again (a flood of next) changes nothing: no state
    to every connection at the table each time. (Two players, North and South: once the deal is
    over South says next, North has not yet.)"""
    tid = harness.create(preset="couleur", seats={"E": "heuristic", "W": "heuristic"}, deal_pause=600,
                         options={"deals": 2}, seed=9)
    tok = harness.join(tid, "Sam", "S")
    other = harness.join(tid, "Ann", "N")
    with harness.connect(tid) as ws, harness.connect(tid) as spy:
        ws.hello(tok)
        spy.hello(other)
        acted = -1  # the version of the last state a player acted on
        while True:
            m = ws.until(lambda m, a=acted: m["type"] == "state" and m["version"] > a
                         and m["deal"] is not None
                         and (view(m)["is_over"] or view(m)["to_act"] in ("N", "S")))
            if view(m)["is_over"]:
                break
            conn = ws if view(m)["to_act"] == "S" else spy
            mine = m if conn is ws else spy.until(
                lambda x, v=m["version"]: x["type"] == "state" and x["version"] == v)
            conn.send({"type": "act", "action": view(mine)["legal"][0]["text"], "version": m["version"]})
            acted = m["version"]
        ws.send({"type": "next"})
        m = ws.until(lambda m: m["type"] == "state" and m["table"]["seats"][2]["ready"])
        spy.until(lambda m: m["type"] == "state" and m["table"]["seats"][2]["ready"])
        for _ in range(3):
            ws.send({"type": "next"})
        ws.send({"type": "ping"})
        spy.send({"type": "ping"})
        assert ws.recv()["type"] == "pong" and spy.recv()["type"] == "pong"
        assert m["version"] == harness.service.tables[tid].version


def test_ping_before_hello(harness: Any) -> None:
    tid = harness.create()
    with harness.connect(tid) as ws:
        ws.send({"type": "ping"})
        assert ws.recv()["type"] == "pong"


class TestBots:
    """Bots think in worker threads, off the event loop, with the server's budget; a move
    thought for a table that changed meanwhile is dropped."""

    @staticmethod
    def slow(monkeypatch: Any, seconds: float) -> list[tuple[str, float | None]]:
        import whist.server.bots as bots_mod

        think = bots_mod.think
        calls: list[tuple[str, float | None]] = []

        def slow_think(name: str, budget: float | None, view: Any, rng: Any) -> Any:
            calls.append((name, budget))
            time.sleep(seconds)
            return think(name, budget, view, rng)

        monkeypatch.setattr(bots_mod, "think", slow_think)
        return calls

    def test_the_server_answers_while_a_bot_thinks(self, harness: Any, monkeypatch: Any) -> None:
        calls = self.slow(monkeypatch, 2.0)  # a bot thinking far longer than a pong may take
        tid = harness.create(preset="couleur", seed=3, options={"deals": 1},
                             seats={s: "pimc" for s in "NESW"})
        t = harness.service.tables[tid]
        with harness.connect(tid) as ws:
            ws.hello()
            # the bot threads are the process's: one may still finish a thought of an earlier
            # test's table before this one's begins
            end = time.monotonic() + 10
            while not calls or t.thinking is None:
                assert time.monotonic() < end, "no bot thought"
                time.sleep(0.01)
            t0 = time.monotonic()
            ws.flush()  # ping → pong while the bot thinks
            assert time.monotonic() - t0 < 1.0 and t.thinking is not None
            assert harness.client.get("/healthz").status_code == 200
        assert calls and set(calls) == {("pimc", 0.02)}, calls

    def test_a_move_thought_for_an_older_state_is_dropped(self, harness: Any, monkeypatch: Any) -> None:
        self.slow(monkeypatch, 0.8)
        tid = harness.create(preset="classic", seats=BOTS3, takeover_after=0.1, seed=5)
        tok = harness.join(tid, "Sam", "S")
        t = harness.service.tables[tid]
        with harness.connect(tid) as ws:
            ws.hello(tok)
            ws.until(my_turn("S"))
        end = time.monotonic() + 10
        while t.thinking is None or t.thinking.name != "S":  # Sam is away: a bot thinks for him
            assert time.monotonic() < end, "no bot took Sam's seat"
            time.sleep(0.01)
        with harness.connect(tid) as ws:
            ws.hello(tok)  # Sam is back before the bot has chosen, and plays himself
            m = ws.until(my_turn("S"))
            card = view(m)["legal"][-1]["text"]
            ws.send({"type": "act", "action": card, "version": m["version"]})
            ws.until(lambda x: x["type"] == "state" and x["version"] > m["version"])
            time.sleep(1.0)  # the bot has finished thinking by now
        by_s = [e.data for e in harness.service.storage.load(tid)
                if e.kind == "action" and e.data["seat"] == "S"]
        assert by_s == [{"seat": "S", "action": card, "by": "human"}]


def test_with_nobody_there_the_next_deal_waits(harness: Any) -> None:
    tid = harness.create(preset="couleur", seats=BOTS3, takeover_after=0, options={"deals": 2}, seed=6)
    tok = harness.join(tid, "Sam")
    with harness.connect(tid) as ws:
        ws.hello(tok)  # the game starts; Sam goes at once, and a bot plays the deal for him
    t = harness.service.tables[tid]
    end = time.monotonic() + 30
    while not (t.match.deals and t.match.needs_deal):
        assert time.monotonic() < end, "the first deal did not end"
        time.sleep(0.02)
    time.sleep(0.3)
    assert t.match.needs_deal and len(t.match.deals) == 1  # nobody there: no next deal
    with harness.connect(tid) as ws:
        ws.hello()  # someone comes to watch: the next deal is dealt
        ws.until(lambda m: m["type"] == "state" and m["deal"] and m["deal"]["number"] == 2)


def test_a_bot_that_fails_is_replaced_for_the_move(tmp_path: Any, monkeypatch: Any) -> None:
    """A bot that raises does not stop the table: a simpler bot plays that move."""
    from fastapi.testclient import TestClient

    import whist.server.bots as bots_mod
    from whist.bots import get_bot
    from whist.server import create_app

    real = get_bot

    def broken(view: Any, rng: Any) -> Any:
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(bots_mod, "get_bot", lambda name, budget=None: broken if name == "pimc"
                        else real(name, budget))
    app = create_app(f"sqlite:///{tmp_path / 'w.db'}", bot_budget=0.0301)  # no bot made before
    with TestClient(app) as c:
        # no pause between deals: a deal that all four pass is dealt again (after the pause, 8 s
        # by default, which two or three such deals in a row took past the time allowed)
        tid = c.post("/api/tables", json={"preset": "couleur", "options": {"deals": 1}, "bot_delay": 0,
                                          "deal_pause": 0, "seats": {s: "pimc" for s in "NESW"}}).json()["id"]
        t = app.state.service.tables[tid]
        end = time.monotonic() + 20
        while not t.match.is_over:
            assert time.monotonic() < end, "the table stopped"
            time.sleep(0.02)


def test_idle_tables_leave_memory_and_come_back(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from whist.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'w.db'}", bot_budget=0.02, unload_after=0.3)
    svc = app.state.service
    with TestClient(app) as c:
        done = c.post("/api/tables", json={"preset": "pagat", "options": {"deals": 1}, "bot_delay": 0,
                                           "seats": {s: "random" for s in "NESW"}}).json()["id"]
        waiting = c.post("/api/tables", json={"seats": BOTS3}).json()["id"]
        end = time.monotonic() + 10
        while done in svc.tables or waiting in svc.tables:
            assert time.monotonic() < end, "the tables stayed in memory"
            time.sleep(0.02)
        assert c.get("/healthz").json() | {"ok": True} == {"ok": True, "tables": 0, "unloaded": 2}
        listed = c.get("/api/tables").json()
        assert listed["tables"] == []  # the waiting table, left: abandoned
        assert [x["id"] for x in listed["finished"]] == [done] and listed["finished"][0]["over"]
        # its listing alone, as the lobby lists it, does not bring a table back into memory
        mine = c.get(f"/api/tables/{waiting}/listing").json()
        assert (mine["id"], mine["over"], mine["started"]) == (waiting, False, False)
        assert c.get(f"/api/tables/{done}/listing").json() == listed["finished"][0]
        assert waiting not in svc.tables and done not in svc.tables
        assert c.get("/api/tables/nothing/listing").status_code == 404
        # asked for, a table comes back from its log: its record, a seat, its WebSocket
        assert c.get(f"/api/tables/{done}/record").json()["format"] == "whist-match/1"
        assert done in svc.tables and svc.tables[done].match.is_over
        tok = c.post(f"/api/tables/{waiting}/join", json={"name": "Sam"}).json()["token"]
        with c.websocket_connect(f"/api/tables/{waiting}/ws") as ws:
            ws.send_json({"type": "hello", "token": tok})
            assert ws.receive_json()["seat"] == "S"
            time.sleep(0.8)  # someone is connected: the table stays
            assert waiting in svc.tables
            assert [x["id"] for x in c.get("/api/tables").json()["tables"]] == [waiting]
        assert c.get("/api/tables/nothing").status_code == 404


def test_the_lobby_lists_the_tables_in_play_and_the_last_finished_apart(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``GET /api/tables``: ``tables`` are those in play, waiting for players or under way, newest
    first; a finished one is among ``finished``, the last ones to end, the last first, at most
    ``FINISHED_LISTED`` (older ones are reached by their link, their records and sheets kept); an
    abandoned one (nobody there, nothing done for ``unload_after``) is listed nowhere, until
    someone opens it again."""
    from fastapi.testclient import TestClient

    from whist.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'w.db'}", bot_budget=0.02, unload_after=1.0)
    svc = app.state.service
    assert svc.FINISHED_LISTED == 10
    monkeypatch.setattr(svc, "FINISHED_LISTED", 2)
    bots = {s: "random" for s in "NESW"}
    with TestClient(app) as c:
        def ids(key: str) -> list[str]:
            return [x["id"] for x in c.get("/api/tables").json()[key]]

        def create(**spec: Any) -> str:
            made: str = c.post("/api/tables", json={"bot_delay": 0, "deal_pause": 0, **spec}).json()["id"]
            return made

        left = create(seats=BOTS3, name="left")  # nobody ever sits: abandoned
        done = []
        for deals in (2, 1, 1):  # the first created ends last: listed first
            done.append(create(preset="pagat", options={"deals": deals}, seats=bots))
            end = time.monotonic() + 20
            while not svc.tables[done[-1]].match.is_over:
                assert time.monotonic() < end, "the bots' game did not end"
                time.sleep(0.02)
        waiting = create(seats=BOTS3, name="waiting")
        token = c.post(f"/api/tables/{waiting}/join", json={"name": "Sam"}).json()["token"]
        with c.websocket_connect(f"/api/tables/{waiting}/ws") as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["seat"] == "S"
            assert ids("tables") == [waiting, left]
            finished = c.get("/api/tables").json()["finished"]
            assert [x["id"] for x in finished] == [done[2], done[1]]  # the last two to end
            assert all(x["over"] and x["finished_at"] >= x["created_at"] for x in finished)
            assert finished[0]["finished_at"] >= finished[1]["finished_at"]
            end = time.monotonic() + 10
            while left in svc.tables or any(d in svc.tables for d in done):
                assert time.monotonic() < end, "the idle tables stayed in memory"
                time.sleep(0.05)
            assert ids("tables") == [waiting]  # abandoned: off the list; Sam's table stays
            assert ids("finished") == [done[2], done[1]]  # out of memory, still listed
        # every finished table is still there: its page, its deals, its record
        for d in done:
            assert c.get(f"/t/{d}").status_code == 200
            assert c.get(f"/api/tables/{d}/record").json()["format"] == "whist-match/1"
        assert c.get(f"/api/tables/{left}").status_code == 200  # opened again: in play again
        assert ids("tables") == [waiting, left]
        assert ids("finished") == [done[2], done[1]]

def test_tables_left_out_of_memory_do_not_fill_the_server() -> None:
    """Only tables in play count toward ``max_tables``: one nobody played or watched for
    ``unload_after`` seconds (waiting for players that never came, left mid-game) leaves memory
    and stops counting, also for a server started again; asked for again, it counts again."""
    import asyncio

    from whist.server.service import TableLimit, TableService, TableSpec
    from whist.server.storage import open_storage

    svc = TableService(open_storage("sqlite://"), unload_after=0, max_tables=1)
    waiting = asyncio.run(svc.create(TableSpec(seats=BOTS3)))
    with pytest.raises(TableLimit):
        asyncio.run(svc.create(TableSpec(seats=BOTS3)))
    assert asyncio.run(svc.sweep()) == [waiting.id] and svc.tables == {}
    restarted = TableService(svc.storage, unload_after=0, max_tables=1)
    restarted.load()  # a table under way is rebuilt at start (its bots go on), in play until swept
    assert restarted.in_play() == 1 and asyncio.run(restarted.sweep()) == [waiting.id]
    for service in (svc, restarted):
        second = asyncio.run(service.create(TableSpec(seats=BOTS3)))  # nothing else in play
        assert asyncio.run(service.sweep()) == [second.id]
        assert asyncio.run(service.get(waiting.id)) is not None  # asked for again: in play again
        assert service.in_play() == 1
        with pytest.raises(TableLimit):
            asyncio.run(service.create(TableSpec(seats=BOTS3)))
    svc.storage.close()


def page_words() -> tuple[str, str]:
    """The page's French and English words (the two tables of i18n.js), as text."""
    from whist.server.app import WEB_DIR

    js = (WEB_DIR / "i18n.js").read_text(encoding="utf-8")
    return js[js.index("const FR = {"):js.index("const EN = {")], js[js.index("const EN = {"):]


def test_the_page_says_the_seeds_french_terms() -> None:
    """The French page names things as the club's rules do (seed 003, RULES.md §5.4 rule 5): the
    option solo_supremacy is the "suprématie du solo", a declarer is a "preneur" (as on the score
    sheet and in the engine's French messages)."""
    from whist.rules import Rules

    french = page_words()[0]
    assert Rules.label("solo_supremacy", "fr") == "Suprématie du solo"
    assert 'declarer: "preneur"' in french
    assert "Primauté" not in french and "déclarant" not in french


def test_the_page_says_every_error_in_french() -> None:
    """What the French page shows of the server's words has a French text: every error code (of
    the WebSocket and of the HTTP routes). The rule options' names and meanings come from the
    server in both languages (`GET /api/presets`, tested above)."""
    import re

    from whist.server.protocol import ERRORS

    keys_fr = set(re.findall(r"\b(\w+):", page_words()[0]))
    http = {"bad_table", "invalid", "bad_join", "seat_unavailable", "hidden", "http_error", "network",
            "too_many_tables", "not_over"}
    assert {f"err_{c}" for c in (*ERRORS, *http)} <= keys_fr
