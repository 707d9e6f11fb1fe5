"""The page in a real browser (issue 5, item 6): Playwright for Python drives Debian's Chromium
(installed by .ci/run) against ``whist serve``'s app on a free port.

A person, on a phone-sized screen, creates a table of ``couleur`` for one deal against three bots
through the form, makes calls in the auction by clicking the offered buttons, plays every card by
clicking a highlighted card of the hand, and reads the end-of-deal summary. Halfway through the
play the page is photographed: to docs/screenshot.png (the README shows it) when the environment
variable WHIST_SCREENSHOT is set, else to a temporary file, so that a test run leaves the tree as
it found it. A shorter check plays
a deal of ``classic``: the form's options and errors in French, the turned card, every card clicked.
Another clicks a card while the server restarts, and must still be able to play once the page is back.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from whist.cards import Lang, parse_card, rank_text

CHROMIUM = "/usr/bin/chromium"
# The page opens in the browser's language: these tests' browser speaks French, as a club's does
# (an English one: test_server_browser_pages.py).
LOCALE = "fr-FR"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SCREENSHOT = Path(__file__).resolve().parent.parent / "docs" / "screenshot.png"
BOTS3 = {"N": "heuristic", "E": "heuristic", "W": "heuristic"}
SEED = 1  # South proposes, then accepts North's proposal: emballage 8 of North and South

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason="Debian's chromium is not installed")


class Server:
    """``whist serve``'s app under uvicorn in a thread, on a free port; it can be stopped and
    started again on the same database and port (a restart). ``unload_after``: as
    :func:`whist.server.create_app`'s."""

    def __init__(self, db: str, unload_after: float = 600.0) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.db = db
        self.unload_after = unload_after
        self.base = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self) -> None:
        import uvicorn

        from whist.server import create_app

        self.app = create_app(self.db, bot_budget=0.02, unload_after=self.unload_after)
        self.srv = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                                 log_level="warning"))
        self.thread = threading.Thread(target=self.srv.run, daemon=True)
        self.thread.start()
        end = time.monotonic() + 20
        while not self.srv.started:
            assert time.monotonic() < end and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        self.srv.should_exit = True
        self.thread.join(10)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(f"sqlite:///{tmp_path / 'whist.db'}")
    yield s
    s.stop()


def set_in_french(text: str) -> str:
    """``text`` (a French message of the server) as a French page shows it: a non-breaking space
    before « : ; ? ! » and after «."""
    return re.sub(r" ([:;?!»])", "\u00a0\\1", text).replace("« ", "«\u00a0")


def play_a_card(page: Any) -> None:
    """Click the first highlighted card of the hand and wait until it has left the hand."""
    before = page.locator("#hand .card").count()
    page.locator("#hand.choosing .playable").first.click(position={"x": 8, "y": 40})
    page.wait_for_function(f"() => document.querySelectorAll('#hand .card').length < {before}")


def next_deal(page: Any) -> None:
    """Ask for the next deal and wait until the button has gone.

    The page draws the sheet again on every message; a second click on a button that the first
    click has already removed would wait for it in vain."""
    page.click("#next-deal")
    page.wait_for_selector("#next-deal", state="detached")


def play_until(page: Any, selector: str, seconds: float = 120) -> None:
    """Play the first playable card whenever it is the page's turn and ask for every next deal,
    until ``selector`` is on the page (or ``seconds`` have passed)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not page.locator(selector).count():
        if page.locator("#hand.choosing .playable").count():
            play_a_card(page)
        elif page.locator("#next-deal:not([disabled])").count():
            # the summary with the button may have been drawn since ``selector`` was looked for:
            # look again before the click that would take it away
            if page.locator(selector).count():
                return
            next_deal(page)
        else:
            page.wait_for_timeout(50)


def propose_or_accept(offered: list[str]) -> str:
    """South's call at a table of colour whist (with seed 1: she proposes, then accepts North's
    proposal): she accepts, else proposes, else passes (or makes the first call offered)."""
    if "accept" in offered:
        return "accept"
    return next((a for a in offered if a.startswith("propose")), pass_if_she_may(offered))


def pass_if_she_may(offered: list[str]) -> str:
    """A pass when one is offered, else the first call offered."""
    return "pass" if "pass" in offered else offered[0]


def bid_and_play_until(page: Any, selector: str, seconds: float = 60,
                       choose: Callable[[list[str]], str] = propose_or_accept) -> None:
    """At a table of colour whist: South makes the call ``choose`` picks among those offered (with
    seed 1, unless told: she proposes, then accepts North's proposal), and plays the first
    playable card whenever it is her turn, until ``selector`` is on the page (or ``seconds`` have
    passed)."""
    end = time.monotonic() + seconds
    while not page.locator(selector).count() and time.monotonic() < end:
        if page.locator("#legal-calls").count():
            offered = page.locator("#legal-calls [data-action]").evaluate_all(
                "els => els.map(e => e.dataset.action)")
            pick = choose(offered)
            page.click(f'#legal-calls [data-action="{pick}"]')
            page.wait_for_selector(f'#legal-calls [data-action="{pick}"]', state="detached")
        elif page.locator("#hand.choosing .playable").count():
            play_a_card(page)
        else:
            page.wait_for_timeout(50)


def phone_page(pw: Any, url: str, errors: list[str], width: int = 390, height: int = 844,
               timezone: str | None = None) -> tuple[Any, Any]:
    """Chromium, and a page of ``width`` × ``height`` (a phone's, 390 × 844, unless told) at ``url``,
    in the ``timezone`` given (the machine's if none); the page's errors go to ``errors``."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page(locale=LOCALE, viewport={"width": width, "height": height}, timezone_id=timezone)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return browser, page


def classic_form(pw: Any, base: str, errors: list[str]) -> tuple[Any, Any]:
    """Chromium, and a phone-sized page at the lobby with Léa's table of ``classic`` chosen (seed 3,
    fast bots), not yet created; the page's errors go to ``errors``."""
    browser, page = phone_page(pw, f"{base}/?seed=3", errors)
    page.fill("input[name=name]", "Léa")
    page.select_option("select[name=preset]", "classic")
    page.select_option("select[name=speed]", "0.2")
    return browser, page


def post_json(server: Server, path: str, body: dict[str, Any]) -> Any:
    """POST ``body`` to the server's ``path``; the answer, read."""
    request = urllib.request.Request(f"{server.base}{path}", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return json.load(r)


def create_table(server: Server, spec: dict[str, Any]) -> str:
    """Create a table through the HTTP API; its page's path (the link to share)."""
    path: str = post_json(server, "/api/tables", spec)["url"]
    return path


def sit_down(page: Any, name: str) -> None:
    """At a table's page, watching: give ``name`` and take South, then wait for the hand."""
    page.fill("input[name=join-name]", name)
    page.click("button[data-sit=S]")
    page.wait_for_selector("#hand .card")


# One deal of colour whist against fast bots, South eldest hand (seed 1)
ONE_DEAL = {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "seats": BOTS3, "options": {"deals": 1}}


def anne_at(pw: Any, server: Server, spec: dict[str, Any], errors: list[str], width: int = 390,
            height: int = 844) -> tuple[Any, Any]:
    """Chromium, and a page of ``width`` × ``height`` where Anne sits South at a new table made
    by ``spec``, her hand drawn; the page's errors go to ``errors``."""
    browser, page = phone_page(pw, f"{server.base}{create_table(server, spec)}", errors, width, height)
    sit_down(page, "Anne")
    return browser, page


def hand_faces(page: Any) -> list[tuple[str, str, str, str]]:
    """Each card of the hand: its text (``KS``), the rank drawn on its face, its face's title and
    the label screen readers read."""
    faces: list[tuple[str, str, str, str]] = page.locator("#hand .card").evaluate_all(
        "els => els.map(e => [e.dataset.card, e.querySelector('svg text').textContent,"
        " e.querySelector('svg title').textContent, e.getAttribute('aria-label') || ''])")
    return faces


# A card's rank and suit in words, as the hand names it to screen readers in each language (i18n.js)
RANK_WORDS = {"fr": {"A": "as", "K": "roi", "Q": "dame", "J": "valet"},
              "en": {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}}
SUIT_WORDS = {"fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
              "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}}


def card_named(text: str, lang: Lang) -> str:
    """Card ``text`` (``QS``) in words in ``lang``: « dame de pique », "queen of spades", "10 of hearts"."""
    rank = RANK_WORDS[lang].get(text[0]) or ("10" if text[0] == "T" else text[0])
    return f"{rank} {'de' if lang == 'fr' else 'of'} {SUIT_WORDS[lang][text[1]]}"


def assert_hand_in(page: Any, lang: Lang) -> None:
    """The hand's faces and titles write each card in ``lang`` (a king is R in French), its labels
    name it in words: « roi de cœur », "king of hearts"."""
    faces = hand_faces(page)
    assert any(text[0] == "K" for text, *_ in faces), faces  # the hand holds a king
    for text, rank, title, label in faces:
        c = parse_card(text)
        assert rank == rank_text(c.rank, lang), faces
        assert title == c.in_lang(lang), faces
        assert label == card_named(text, lang), faces
    assert ("R" if lang == "fr" else "K") in [rank for text, rank, *_ in faces if text[0] == "K"]


def test_a_person_plays_a_deal_of_couleur(server: Server, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    base, app = server.base, server.app
    shot_path = SCREENSHOT if os.environ.get("WHIST_SCREENSHOT") else tmp_path / "screenshot.png"
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(locale=LOCALE, viewport={"width": 412, "height": 915}, device_scale_factor=2)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/?seed={SEED}")
        # French by default; English on demand, and back
        page.wait_for_selector("text=Nouvelle table")
        page.click("button[data-lang=en]")
        page.wait_for_selector("text=New table")
        page.click("button[data-lang=fr]")
        page.fill("input[name=name]", "Anne")
        page.fill("input[name=count]", "1")
        page.select_option("select[name=speed]", "0.2")
        page.click("#create-table")
        page.wait_for_url("**/t/*")
        table_id = page.url.rsplit("/", 1)[1]
        assert page.locator("header .title strong").inner_text() == "Table d'Anne"  # not "de Anne"
        page.wait_for_selector("#hand .card")
        # the cards in the page's language: roi, dame, valet in French; king, queen, jack in English
        assert_hand_in(page, "fr")
        page.click("button[data-lang=en]")
        assert_hand_in(page, "en")
        page.click("button[data-lang=fr]")
        assert_hand_in(page, "fr")
        calls: list[str] = []
        cards = 0
        shot = False
        end = time.monotonic() + 100
        while time.monotonic() < end:
            if page.locator("#legal-calls").count():
                offered = page.locator("#legal-calls [data-action]").evaluate_all(
                    "els => els.map(e => e.dataset.action)")
                pick = ("accept" if "accept" in offered else
                        next((a for a in offered if a.startswith("propose")), "pass"))
                page.click(f'#legal-calls [data-action="{pick}"]')
                calls.append(pick)
                page.wait_for_function(
                    f'() => !document.querySelector(\'#legal-calls [data-action="{pick}"]\')')
            elif page.locator("#hand.choosing .playable").count():
                # the tab's title says it is her turn, for a player looking at another tab
                assert page.title() == "\u25cf À vous \u2014 Table d'Anne \u00b7 Whist", page.title()
                if not shot and cards >= 4 and (page.locator("#trick:not(.done) .card").count() == 3
                                                or cards >= 9):
                    page.wait_for_timeout(150)
                    page.screenshot(path=str(shot_path))
                    shot = True
                play_a_card(page)
                cards += 1
            elif page.locator("#next-deal").count():  # everybody passed: the next deal
                next_deal(page)
            elif page.locator("text=Partie terminée").count():
                break
            else:
                page.wait_for_timeout(50)
        assert page.locator("text=Partie terminée").count(), "the deal did not end"
        summary = page.locator(".sheet").inner_text()
        assert "Plis" in summary and "Points" in summary
        # the score sheet and the history with the deal's replay
        page.click(".sheet .close")
        page.click("#show-scores")
        assert page.locator("#score-table tbody tr").count() >= 1
        page.click(".sheet .close")
        page.click("#show-history")
        # two links to download: the deal's record, and every deal's, each saying which
        page.wait_for_selector("#download-all")
        assert page.locator("#download-all").inner_text() == "Télécharger toutes les donnes (JSON)"
        assert page.locator("ol.history a[download]").inner_text() == "Télécharger (JSON)"
        with page.expect_download() as download:
            page.click("#download-all")
        record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
        assert record["format"] == "whist-match/1"
        page.click("[data-replay]")
        page.click("#replay-next")
        assert "1 /" in page.locator(".sheet").inner_text()
        page.click(".sheet .close")
        # the server stops and starts again: the page reconnects by itself, to the same seat
        server.stop()
        page.wait_for_selector("text=Connexion perdue")
        server.start()
        page.wait_for_selector("text=Connexion perdue", state="detached", timeout=20_000)
        assert page.locator("#hand").count() and "Anne (vous)" in page.locator(".seat-bottom").inner_text()
        browser.close()
    assert errors == []
    assert calls and cards >= 5 and shot, (calls, cards)
    events = app.state.service.storage.load(table_id)
    by_person = [e.data for e in events if e.kind == "action" and e.data["by"] == "human"]
    assert len(by_person) == len(calls) + cards
    assert shot_path.stat().st_size > 10_000


def test_the_game_is_chosen_once_the_presets_have_come(server: Server) -> None:
    """The lobby draws its form before the server's presets come, and draws it again when they
    do: a game chosen meanwhile was lost (and its change failed on the missing presets), so the
    table came out as colour whist. The choice waits for the presets now. A number of deals typed
    meanwhile (not yet left: no change event) is kept as it is typed, and stays. A name being
    typed when they come keeps its field's focus and caret: the next letters went nowhere, and the
    table was refused with "Indiquez votre nom." for a name typed."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    held: list[Any] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(locale=LOCALE, viewport={"width": 390, "height": 844})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.route("**/api/presets", lambda route: held.append(route))  # a slow network: held back
        page.goto(f"{server.base}/")
        page.wait_for_selector("select[name=preset]")
        end = time.monotonic() + 10
        while not held:
            assert time.monotonic() < end, "the lobby did not ask for the presets"
            page.wait_for_timeout(20)
        assert page.locator("select[name=preset]").is_disabled()
        page.fill("input[name=count]", "4")
        page.click("input[name=name]")
        page.keyboard.type("Lé")
        held[0].continue_()
        page.wait_for_selector("select[name=preset]:not([disabled])")
        assert page.input_value("input[name=count]") == "4"
        page.keyboard.type("a")
        page.keyboard.press("ArrowLeft")
        page.keyboard.type("-")  # where the caret was
        assert page.input_value("input[name=name]") == "Lé-a"
        page.select_option("select[name=preset]", "classic")
        page.click("details.options summary")
        assert "Honneurs" in page.locator("details.options").inner_text()
        browser.close()
    assert errors == []


def test_a_person_plays_a_deal_of_classic(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = classic_form(pw, server.base, errors)
        page.click("details.options summary")
        shown = page.locator("details.options").inner_text()  # options and what they do, in French
        assert "Honneurs" in shown and "valent 4 points pour les quatre" in shown
        page.fill("input[name=opt-game_points]", "0")
        page.dispatch_event("input[name=opt-game_points]", "change")
        page.click("#create-table")
        assert "Impossible de créer cette table" in page.locator(".error").inner_text()
        # a game for every deal won (games of 1 point), so that the rubber ends in two or three
        # deals; a stake, so that the end shows the settlement
        for name, value in (("game_points", "1"), ("single_game_from", "1"), ("stake", "0.5")):
            page.fill(f"input[name=opt-{name}]", value)
            page.dispatch_event(f"input[name=opt-{name}]", "change")
        page.click("#create-table")
        page.wait_for_url("**/t/*")
        page.wait_for_selector("#info >> text=Carte retournée")
        cards = 0
        dimmed: list[str] = []  # the opacity of each card that could not be played
        end = time.monotonic() + 90
        while cards < 13 and time.monotonic() < end:
            if page.locator("#hand.choosing .playable").count():
                dimmed += page.locator("#hand .dimmed").evaluate_all(
                    "els => els.map(e => getComputedStyle(e).opacity)")
                play_a_card(page)
                cards += 1
            elif page.locator("#hand .card").count() == 0:
                break
            else:
                page.wait_for_timeout(50)
        page.wait_for_selector("#next-deal", timeout=20_000)
        # a card that cannot be played is greyed, not see-through: the card under it does not show
        assert dimmed and set(dimmed) == {"1"}, dimmed
        # the last trick stays on the table, its winner's card framed and named in words
        winner = page.locator("#trick .card.won").get_attribute("data-played-by")
        names = {"N": "Nord", "E": "Est", "S": "Léa", "W": "Ouest"}
        assert page.locator("#trick-won").inner_text() == f"Pli 13 pour {names[winner or '']}."
        summary = page.locator(".sheet").inner_text()
        assert "Points de levées" in summary and "EO" in summary and "Manche gagnée par" in summary
        # the standing after the deal: the game's score (a new game: 0 all), one game of the rubber won
        # the sides' headings stand over their numbers, on the right of their columns as they are
        assert page.locator(".sheet thead th.num").all_inner_texts() == ["NS (vous)", "EO"]
        standing = page.locator("#standing").inner_text()
        assert "Score\u00a0: NS 0 · EO 0" in standing and "Manches\u00a0: " in standing, standing
        next_deal(page)
        play_until(page, "text=Partie terminée")
        # the end of the rubber: its games, game and rubber points, totals, and who pays whom
        final = page.locator(".sheet").inner_text()
        assert "Partie terminée" in final and page.locator("#rubber-table tbody tr").count() == 1
        assert page.locator("#over").inner_text() == "Partie terminée"  # the match, not a game
        assert "Points de robre" in final and "Règlement\u00a0: " in final, final
        # the rubbers' six columns fit the phone's width: the sheet has nothing to scroll sideways
        assert page.evaluate("() => { const s = document.querySelector('.sheet');"
                             " return s.scrollWidth <= s.clientWidth; }")
        assert "Score\u00a0: " not in final  # the game score of a rubber that is over says nothing
        assert page.locator("#tb-leave, #leave").count() == 0
        page.dispatch_event("button[data-lang=en]", "click")  # the sheet covers the header
        assert page.locator("#show-last").inner_text() == "Last trick"
        assert "Settlement: " in page.locator(".sheet").inner_text()
        # a game is won by 10 points: what ends here is the match (RULES.md §2)
        assert page.locator("#over").inner_text() == "Match over"
        assert "Game over" not in page.locator(".sheet").inner_text()
        # the sheet closed, the table under it does not say "Games: NS 0 · EW 0" of a rubber won
        page.click(".sheet .close")
        assert "Trump: " in page.locator("#info").inner_text()
        assert "Games: " not in page.locator("#info").inner_text()
        assert "Score: " not in page.locator("#info").inner_text()
        browser.close()
    assert errors == []
    assert cards >= 12  # the last card may be played for the player


def test_the_lobby_says_when_the_server_has_its_most_tables(server: Server) -> None:
    """A server that has as many tables in play as it allows (``whist serve --max-tables``):
    creating one more, the lobby says why it cannot, in French and in English (the server's words),
    and stays on the form."""
    from playwright.sync_api import sync_playwright

    server.app.state.service.max_tables = 1
    create_table(server, {"preset": "couleur", "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = classic_form(pw, server.base, errors)
        # the table in play, in the lobby's list: its free seat, in words that count it
        assert page.locator("ul.tables li").inner_text().endswith("· en attente · 1 place libre")
        page.click("#create-table")
        page.wait_for_selector(".error")
        assert page.locator(".error").inner_text() == ("ce serveur a déjà autant de tables en cours"
                                                       " qu'il en accepte (1)\u00a0: réessayez quand une"
                                                       " partie sera finie ou abandonnée depuis un moment")
        page.click("button[data-lang=en]")
        page.click("#create-table")
        page.wait_for_selector(".error >> text=try again")
        assert page.locator(".error").inner_text() == ("this server has as many tables in play as it"
                                                       " allows (1); try again once a game has finished"
                                                       " or been left for a while")
        assert "/t/" not in page.url
        browser.close()
    assert errors == []


def test_the_lobby_asks_for_a_name_with_something_visible_before_making_the_table(server: Server) -> None:
    """A name of zero-width and no-break spaces has nothing the server keeps for a person: the
    lobby asks for a name instead of creating a table that its creator then cannot join, in the
    page's language, and in the other one once the language is switched; on a phone, with the
    options open, it says so just under the name's field, which it gives the focus (it said it by
    the button, far below)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = classic_form(pw, server.base, errors)
        page.fill("input[name=name]", "\u200b\u00a0\ufeff")
        page.click("details.options summary")  # the options open: the button is far below the name
        page.click("#create-table")
        page.wait_for_selector(".error")
        assert page.locator(".error").inner_text() == "Indiquez votre nom."
        # said just under the name's field (not by the button, a screen or more below), which has
        # the focus, for the name to be typed at once
        gap = page.evaluate("() => document.querySelector('.error').getBoundingClientRect().top"
                            " - document.querySelector('input[name=name]').getBoundingClientRect().bottom")
        assert 0 <= gap < 30, gap
        assert page.evaluate("() => document.activeElement.name") == "name"
        assert page.locator("input[name=name]").get_attribute("aria-describedby") == "name-error"
        page.click("button[data-lang=en]")
        assert page.locator(".error").inner_text() == "Enter your name."
        page.click("button[data-lang=fr]")
        assert page.locator(".error").inner_text() == "Indiquez votre nom."
        page.fill("input[name=name]", "\u200bLéa\u00a0")
        page.click("#create-table")
        page.wait_for_url("**/t/*")
        browser.close()
    assert errors == []
    names = [t["name"] for t in json.load(urllib.request.urlopen(f"{server.base}/api/tables"))["tables"]]
    assert names == ["Table de Léa"]


def test_a_refused_option_says_why_in_the_pages_language(server: Server) -> None:
    """Games of 2 points with the classic preset's single game from 3: the server refuses the
    table, and the lobby gives its reason, not only that "an option" is refused: in French in
    French, in English in English, each option named by the form's label for it, not by its
    name in the rules (``single_game_from``)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = classic_form(pw, server.base, errors)
        page.click("details.options summary")
        page.fill("input[name=opt-game_points]", "2")
        page.dispatch_event("input[name=opt-game_points]", "change")
        page.click("#create-table")
        page.wait_for_selector(".error")
        assert page.locator(".error").inner_text() == (
            "Impossible de créer cette table\u00a0: l'option «\u00a0Manche simple à partir de\u00a0»"
            " est comprise entre 1 et «\u00a0Points de la manche\u00a0».")
        page.click("button[data-lang=en]")  # the reason said again in the page's new language
        assert page.locator(".error").inner_text() == (
            "This table cannot be created: option “Single game from” must be between 1 and “Game points”.")
        page.fill("input[name=opt-game_points]", "0")
        page.dispatch_event("input[name=opt-game_points]", "change")
        page.click("#create-table")
        page.wait_for_selector(".error >> text=must be at least 1")
        assert page.locator(".error").inner_text() == (
            "This table cannot be created: option “Game points” must be at least 1.")
        page.click("button[data-lang=fr]")
        assert page.locator(".error").inner_text() == (
            "Impossible de créer cette table\u00a0: l'option «\u00a0Points de la manche\u00a0»"
            " vaut au moins 1.")
        browser.close()
    assert errors == []


def test_a_card_clicked_while_the_connection_is_lost_does_not_lock_the_hand(server: Server) -> None:
    """The server restarts while it is the person's turn, and he clicks a card meanwhile: the page
    cannot send it, says so, and once it has reconnected lets him play (the table waits for him,
    so a page that kept waiting for the answer to the lost click would stop the table)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = classic_form(pw, server.base, errors)
        page.click("#create-table")
        page.wait_for_selector("#hand.choosing .playable", timeout=20_000)
        server.stop()
        page.wait_for_selector("text=Connexion perdue")
        page.locator("#hand.choosing .playable").first.click(position={"x": 8, "y": 40})
        assert "Connexion perdue" in page.locator("#toast").inner_text()
        server.start()
        page.wait_for_selector(".banner.warn", state="detached", timeout=20_000)
        play_a_card(page)
        browser.close()
    assert errors == []


def test_a_friend_sits_down_by_the_shared_link(server: Server) -> None:
    """A friend opens the table's link on a phone, watches, gives his name and takes the free seat:
    the page reconnects as that seat without ever saying that the connection was lost."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "name": "Chez Anne", "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        page.wait_for_selector("text=Vous regardez cette table.")
        page.evaluate("""() => { window.lostShown = 0; new MutationObserver(() => {
            if (document.querySelector('.banner.warn')) window.lostShown += 1; })
            .observe(document.body, { childList: true, subtree: true }); }""")
        sit_down(page, "Bruno")
        assert "Bruno (vous)" in page.locator(".seat-bottom").inner_text()
        assert page.evaluate("window.lostShown") == 0
        # on the narrowest phones the toolbar's five buttons stay on one row, over no more of the page
        for width in (320, 360):
            page.set_viewport_size({"width": width, "height": 640})
            tops = page.locator(".toolbar button").evaluate_all(
                "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
            assert len(tops) == 5 and len(set(tops)) == 1, (width, tops)
        browser.close()
    assert errors == []


def test_a_table_made_without_a_name_is_named_by_its_game_in_the_pages_language(server: Server) -> None:
    """A table made through the API without a name, which the server names after its preset
    (« classic »): the lobby lists it, and its page heads it, by its game in the page's language
    (« Whist classique (robre) », "Classic whist (rubber)"), once in the lobby's line (it showed the
    preset's own name, untranslated, then the game)."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "classic", "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}/", errors)
        line = page.locator(f"#tables-in-play li:has(a[href='{url}'])")
        assert line.inner_text() == "Whist classique (robre) · en attente · 1 place libre"
        page.click("button[data-lang=en]")
        assert line.inner_text() == "Classic whist (rubber) · waiting · 1 free seat"
        page.click(f"a[href='{url}']")
        page.wait_for_selector("button[data-sit=S]")
        assert page.inner_text("header .title strong") == "Classic whist (rubber)"
        assert page.title() == "Classic whist (rubber) · Whist"
        browser.close()
    assert errors == []


def test_a_name_being_typed_to_take_a_seat_stays_as_the_table_changes(server: Server) -> None:
    """A friend at the table's link types his name to sit down while the table changes (another
    friend comes to watch, another sits down): what he typed stays, the caret where it was, and
    he goes on typing (the name was wiped at each change, or the rest went in front of it)."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seats": {"W": "heuristic", "S": "heuristic"}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors, 375, 667)
        page.click("input[name=join-name]")
        page.keyboard.type("Bru")
        watcher = browser.new_page(locale=LOCALE)
        watcher.goto(f"{server.base}{url}")
        watcher.wait_for_selector("button[data-sit=N]")
        post_json(server, f"/api/tables/{url[3:]}/join", {"name": "Zoé", "seat": "E"})
        page.wait_for_selector(".seat[data-seat=E] >> text=Zoé")
        page.keyboard.type("no")
        assert page.input_value("input[name=join-name]") == "Bruno"
        page.click("button[data-sit=N]")
        page.wait_for_selector("#hand .card")
        assert page.inner_text(".seat.mine .name") == "Bruno (vous)"
        browser.close()
    assert errors == []


def test_two_friends_who_pick_the_same_seat_at_once_are_each_told_where_they_are(server: Server) -> None:
    """Two friends watching by the shared link click « S'asseoir en Nord » at the same moment: one
    sits there; the other is told in French which seat was taken (the server's own words, not the
    page's vaguer « Cette place n'est plus libre (ou la partie est finie) »), still watches, and
    takes the seat left free. The answers to their clicks reach the pages a second late, so that
    the other's sitting down is drawn while the late one's click is still on its way (its seat
    buttons then greyed): they are offered again once it is refused."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seats": {"W": "heuristic", "S": "heuristic"}})
    errors: list[str] = []
    late_answers = """{ const f = window.fetch; window.fetch = async (...a) => { const r = await f(...a);
      if (String(a[0]).endsWith('/join')) await new Promise((ok) => setTimeout(ok, 1000)); return r; }; }"""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = []
        for name in ("Bruno", "Claire"):
            page = browser.new_context(locale=LOCALE, viewport={"width": 375, "height": 667}).new_page()
            page.add_init_script(late_answers)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{server.base}{url}")
            page.fill("input[name=join-name]", name)
            pages.append(page)
        for page in pages:  # both buttons drawn before either is clicked
            page.wait_for_selector("button[data-sit=N]")
        at = page.evaluate("Date.now()") + 300  # the same moment for both (one browser, one clock)
        for page in pages:
            page.evaluate("at => setTimeout(() => document.querySelector('button[data-sit=N]').click(),"
                          " at - Date.now())", at)
        pages[0].wait_for_function("() => document.querySelector('.seat.mine')"
                                   " || document.querySelector('#toast.show')")
        pages[1].wait_for_function("() => document.querySelector('.seat.mine')"
                                   " || document.querySelector('#toast.show')")
        seated = [page for page in pages if page.locator(".seat.mine").count()]
        assert len(seated) == 1
        late = next(page for page in pages if page not in seated)
        assert late.inner_text("#toast") == "La place Nord est déjà prise"
        late.wait_for_selector("button[data-sit=N]", state="detached")  # the seat taken, no more offered
        late.click("button[data-sit=E]")
        late.wait_for_selector("#hand .card")
        assert late.locator(".seat.mine").get_attribute("data-seat") == "E"
        browser.close()
    assert errors == []


@pytest.mark.parametrize(("nine", "words"), [
    (False, "(dans la couleur de votre as, 8 plis à faire\u00a0; sinon 9)"),
    (True, "(9 plis à faire, quelle que soit la carte)"),
])
def test_the_trou_partner_is_told_the_tables_own_rule(server: Server, nine: bool, words: str) -> None:
    """West is dealt three aces and South the fourth (seed 67): the trou is the contract and South
    must show a card (RULES.md §5.3). The prompt gives the rule of this table, 8 tricks in the suit
    of his ace and 9 in another, or always 9 (option trou_always_nine), not both as a riddle."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": 67, "bot_delay": 0.1, "seats": BOTS3,
                                "options": {"deals": 1, "trou_always_nine": nine}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        while not page.locator("#hand.choosing").count():  # S passes until he must show a card
            page.wait_for_selector("#legal-calls [data-action=pass], #hand.choosing")
            if page.locator("#legal-calls [data-action=pass]").count():
                page.click("#legal-calls [data-action=pass]")
                page.wait_for_selector("#legal-calls", state="detached")
        prompt = page.locator("#actions .prompt").inner_text()
        assert prompt == "Montrez une carte\u00a0: sa couleur sera l'atout " + words + ".", prompt
        assert page.locator("#four-aces").count() == 0  # three aces: the fourth ace's holder
        assert "Ouest annonce trou (trois as)" in page.locator("#calls").inner_text()  # as the terminal
        browser.close()
    assert errors == []


def test_a_trou_of_four_aces_says_who_the_partner_is_and_why(server: Server) -> None:
    """South is dealt the four aces and East the king of hearts (seed 18): the table announces
    South's trou for him, and the page says, in French and in English, in the terminal's words,
    that his partner is the holder of the highest heart he lacks (RULES.md D2). The bots wait
    10 s: the trou still stands while the page is read."""
    from playwright.sync_api import sync_playwright

    from whist.colour_terminal import FOUR_ACES

    url = create_table(server, {"preset": "couleur", "seed": 18, "bot_delay": 10, "seats": BOTS3,
                                "options": {"deals": 1}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        page.wait_for_selector("#four-aces")
        assert "Trou\u00a0: Anne + Est" in page.locator("#info").inner_text()
        assert page.locator("#four-aces").inner_text() == set_in_french(FOUR_ACES["fr"])
        assert "Anne annonce trou (quatre as)" in page.locator("#calls").inner_text()  # as the terminal
        page.click("button[data-lang=en]")
        assert page.locator("#four-aces").inner_text() == FOUR_ACES["en"]
        assert "Anne announces trou (four aces)" in page.locator("#calls").inner_text()
        browser.close()
    assert errors == []


def test_a_whole_hand_is_laid_out_side_by_side_on_a_computers_screen(server: Server) -> None:
    """On a computer's screen (1280 × 800) the table's page is wider than a phone's, so that the 13
    cards of the hand lie side by side, none over another, and nothing scrolls sideways."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": SEED, "seats": BOTS3, "options": {"deals": 1}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors, width=1280, height=800)
        sit_down(page, "Anne")
        boxes: list[list[float]] = page.locator("#hand .card").evaluate_all(
            "els => els.map(e => { const b = e.getBoundingClientRect(); return [b.left, b.right]; })")
        assert len(boxes) == 13, boxes
        assert all(right <= left for (_, right), (left, _) in itertools.pairwise(boxes)), boxes
        sizes = page.evaluate("() => [document.scrollingElement.scrollWidth,"
                              " document.scrollingElement.clientWidth]")
        assert sizes[0] <= sizes[1], sizes
        browser.close()
    assert errors == []


def test_a_seat_is_no_wider_than_it_needs_on_a_wide_screen(server: Server) -> None:
    """At 1000 px the felt's places are about 280 and 410 px wide: each seat's box is 250 px at most,
    centred in its place, not stretched across it; on phones (320 and 390 px) each seat fills its
    place as before."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": SEED, "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors, width=1000, height=800)
        sit_down(page, "Anne")
        for width in (1000, 390, 320):
            page.set_viewport_size({"width": width, "height": 800})
            # the table may be drawn again meanwhile (a bot's call): each seat's box (its left, its
            # width) and the felt's columns (their widths), read at one moment, once its four seats
            # and three columns are laid out
            page.wait_for_function(
                "() => { const f = document.querySelector('.felt');"
                " return f && getComputedStyle(f).gridTemplateColumns.split(' ').length === 3"
                " && [...document.querySelectorAll('.seat')]"
                ".filter((e) => e.getBoundingClientRect().width > 0).length === 4; }")
            for _ in range(50):  # drawn again between the wait and the reading: read again
                seats, felt_left, felt_columns, gap = page.evaluate(
                    "() => { const f = document.querySelector('.felt'), st = getComputedStyle(f);"
                    " return [[...document.querySelectorAll('.seat')].map((e) => {"
                    " const b = e.getBoundingClientRect(); return [e.dataset.seat, b.left, b.width]; }),"
                    " f.getBoundingClientRect().left + parseFloat(st.paddingLeft),"
                    " st.gridTemplateColumns.split(' '), parseFloat(st.columnGap)]; }")
                if all(c.endswith("px") for c in felt_columns) and sum(1 for s in seats if s[2] > 0) == 4:
                    break
                page.wait_for_timeout(20)
            felt = (felt_left, felt_columns)
            columns = [float(c.removesuffix("px")) for c in felt[1]]
            starts = [felt[0], felt[0] + columns[0] + gap, felt[0] + columns[0] + columns[1] + 2 * gap]
            column = {"W": 0, "N": 1, "S": 1, "E": 2}  # South at the bottom, West on the left
            assert len(seats) == 4, seats
            for seat, left, box in seats:
                start, room = starts[column[seat]], columns[column[seat]]
                if width == 1000:
                    assert room > 270 and box == pytest.approx(250, abs=0.5), (seat, box, room)
                    assert left - start == pytest.approx(start + room - left - box, abs=1), seat
                else:
                    assert box == pytest.approx(room, abs=0.5) and left == pytest.approx(start, abs=0.5), (
                        width, seat, box, room)
        browser.close()
    assert errors == []


def test_a_long_name_does_not_push_the_scores_off_a_phone(server: Server) -> None:
    """A name without a place to break it (24 letters, what the page lets one type) in the header
    of the score sheet: the sheet still fits the phone's width, so every seat's column and total
    shows without scrolling sideways."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Maximiliaan_Vandenbrouck")
        page.click("#show-scores")
        widths = page.locator(".sheet").evaluate("s => [s.scrollWidth, s.clientWidth]")
        assert widths[0] <= widths[1], widths
        browser.close()
    assert errors == []


def in_widths_and_languages(page: Any, widths: tuple[int, ...],
                            height: int = 640) -> Iterator[tuple[int, str]]:
    """The page at each of ``widths`` in turn, in French then in English (switched by a click that
    reaches the header under an open dialog): each width and language, as the page is in it."""
    for width in widths:
        page.set_viewport_size({"width": width, "height": height})
        for lang in ("fr", "en"):
            page.dispatch_event(f"button[data-lang={lang}]", "click")  # a dialog covers the header
            yield width, lang


def assert_no_sideways_scroll(page: Any, *where: Any) -> None:
    """Neither the page nor the open dialog (its sheet) scrolls sideways; ``where`` is said if so."""
    sizes = page.evaluate("() => [document.scrollingElement, document.querySelector('.sheet')]"
                          ".flatMap(e => [e.scrollWidth, e.clientWidth])")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], (*where, sizes)


FOUR_FRIENDS = {"N": "Christophe", "E": "Guillaume", "W": "Madeleine"}
"""Three friends of ordinary names, of nine and ten letters, with Stéphanie at South."""


def test_four_ordinary_names_leave_every_column_of_scores_on_a_phone(server: Server) -> None:
    """Four friends of names of nine and ten letters on phones 320 and 375 px wide: the score sheet
    of colour whist keeps its four columns in the dialog, in French and in English, a long name in
    the column of the deals broken where it must (the last player's column went off the dialog, a
    name heading no narrower than on a computer)."""
    from playwright.sync_api import sync_playwright

    spec = {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "takeover_after": 0,
            "options": {"deals": 1}}
    url = create_table(server, spec)
    for seat, name in FOUR_FRIENDS.items():  # away at once: the bots play for them
        post_json(server, f"/api/tables/{url[3:]}/join", {"name": name, "seat": seat})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors, 375, 667)
        sit_down(page, "Stéphanie")
        bid_and_play_until(page, ".sheet a.button[download]")
        page.wait_for_selector("#score-table tbody tr:not(.passed)")
        label = page.inner_text("#score-table tbody tr:not(.passed) td:nth-child(2)")
        assert "Stéphanie" in label, label  # a deal named by its declarers
        for width, lang in in_widths_and_languages(page, (320, 375), 667):
            assert_no_sideways_scroll(page, width, lang)
            heads = page.locator("#score-table thead th.who").evaluate_all(
                "els => els.map(e => [e.title, e.getBoundingClientRect().right])")
            edge = page.locator(".sheet").evaluate("s => s.getBoundingClientRect().right")
            assert [title for title, _ in heads] == ["Christophe", "Guillaume", "Stéphanie", "Madeleine"]
            assert all(right <= edge for _, right in heads), (width, lang, heads, edge)
        browser.close()
    assert errors == []


def test_a_long_name_is_cut_on_one_line_in_the_players_own_seat_too(server: Server) -> None:
    """On a phone (390 × 844) a name of 24 characters (what the page lets one type) is cut with
    "…" on one line in the player's own seat box, as in the others and the header (it wrapped to
    three lines there), and the box's hover text gives it whole."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Maximiliaan Vandenbrouck")
        # each seat's name: its lines, whether it is cut, its hover text
        names: dict[str, list[Any]] = dict(page.locator(".seat").evaluate_all(
            "els => els.map(e => { const n = e.querySelector('.name'); const r = document.createRange();"
            " r.selectNodeContents(n); return [e.dataset.seat, [new Set([...r.getClientRects()]"
            ".map(b => Math.round(b.top))).size, n.scrollWidth > n.clientWidth, n.title]]; })"))
        assert names["S"] == [1, True, "Maximiliaan Vandenbrouck (vous)"], names
        assert all(lines == 1 for lines, *_ in names.values()), names
        own = page.locator(".seat-bottom .name")
        assert own.evaluate("n => getComputedStyle(n).textOverflow") == "ellipsis"
        browser.close()
    assert errors == []


def luminance(rgb: list[float]) -> float:
    """The relative luminance of a colour of 0–255 channels (WCAG 2)."""
    lin = [c / 3294.6 if c <= 10.31 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def dimmed_contrasts(page: Any) -> list[float]:
    """The contrast of each text (rank, suit) of the hand's greyed cards with the card's face, its
    colour faded by its opacity over the face as drawn."""
    drawn: list[tuple[list[float], list[float], float]] = page.locator("#hand .dimmed text").evaluate_all(
        """els => els.map(e => { const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
            const face = e.closest('svg').querySelector('rect');
            return [rgb(getComputedStyle(e).fill), rgb(getComputedStyle(face).fill),
                    Number(getComputedStyle(e).opacity)]; })""")
    contrasts = []
    for text, face, alpha in drawn:
        seen = luminance([alpha * t + (1 - alpha) * f for t, f in zip(text, face, strict=True)])
        lighter, darker = sorted((seen, luminance(face)), reverse=True)
        contrasts.append((lighter + 0.05) / (darker + 0.05))
    assert contrasts
    return contrasts


def test_a_card_the_rules_refuse_says_why(server: Server) -> None:
    """Clicking a greyed card (one the player may not play: he must follow suit) is not silently
    ignored: the table refuses it with the rule's reason in French, and nothing else changes. The
    greyed card stays readable: its rank and suit at 3:1 at least against its grey face."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = classic_form(pw, server.base, errors)
        page.click("#create-table")
        page.wait_for_url("**/t/*")
        end = time.monotonic() + 60
        while not page.locator("#hand.choosing .dimmed").count():  # until S must follow suit
            assert time.monotonic() < end, "South never had to follow suit"
            if page.locator("#hand.choosing .playable").count():
                play_a_card(page)
            else:
                page.wait_for_timeout(50)
        assert min(dimmed_contrasts(page)) >= 3, dimmed_contrasts(page)  # a greyed card stays readable
        cards = page.locator("#hand .card").count()
        page.locator("#hand.choosing .dimmed").first.click(position={"x": 8, "y": 40})
        page.wait_for_selector("#toast.show")
        # "Refused", then the reason as a sentence, alike in both languages (English said
        # "Refused: Q♠: you must…", French had no « Refusé »)
        said = page.locator("#toast").inner_text()
        assert re.fullmatch(r"Refusé\n[ARDV1-9][0-9]?[♠♥♦♣]\u00a0: vous devez fournir à la couleur"
                            r" et jouer un (pique|cœur|carreau|trèfle)", said), said
        page.dispatch_event("button[data-lang=en]", "click")
        page.locator("#hand.choosing .dimmed").first.click(position={"x": 8, "y": 40})
        page.wait_for_function("document.querySelector('#toast').innerText.startsWith('Refused')")
        said = page.locator("#toast").inner_text()
        assert re.fullmatch(r"Refused\n[AKQJ1-9][0-9]?[♠♥♦♣]: you must follow suit and play a"
                            r" (spade|heart|diamond|club)", said), said
        assert page.locator("#hand .card").count() == cards and page.locator("#hand.choosing").count()
        play_a_card(page)  # a legal card still goes
        browser.close()
    assert errors == []


def test_a_card_clicked_out_of_turn_says_whose_turn_it_is(server: Server) -> None:
    """While a bot thinks (5 s here), the person clicks a card of his hand: the page says it is not
    his turn and who is to play, sends nothing, and his hand stays as it was."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seats": BOTS3, "bot_delay": 5, "seed": 2})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sent: list[str] = []
        page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(str(f))))
        sit_down(page, "Anne")
        page.wait_for_selector("#actions .waiting, #legal-calls")
        if page.locator("#legal-calls").count():  # S speaks first: pass, then a bot is to play
            page.click("#legal-calls [data-action=pass]")
        page.wait_for_selector("#actions .waiting")
        waiting = page.locator("#actions .waiting").inner_text()  # "Nord réfléchit…"
        assert not page.title().startswith("\u25cf"), page.title()  # the tab says nothing of a turn
        before = len(sent)
        page.locator("#hand .card").first.click(position={"x": 8, "y": 40})
        page.wait_for_selector("#toast.show")
        assert page.locator("#toast").inner_text() == "Ce n'est pas à vous de jouer. " + waiting
        assert len(sent) == before and page.locator("#hand .card").count() == 13
        page.click("button[data-lang=en]")
        page.locator("#hand .card").first.click(position={"x": 8, "y": 40})
        assert page.locator("#toast").inner_text().startswith("It is not your turn.")
        browser.close()
    assert errors == []


def test_a_card_the_table_refuses_as_out_of_turn_says_so_not_that_it_changed(server: Server) -> None:
    """Anne sits South in two tabs; South leads (seed 3: East deals). The first tab's messages from
    the server are held back, as on a slow network, while she plays from the second; then she
    clicks a card in the first. The server answers ``not_your_turn`` (West is to play now), and the
    first tab, which meanwhile got the state that says so, tells her it is not her turn and who is
    thinking: not the message of a stale action (the table moved while she chose, still her turn)."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "classic", "seats": BOTS3, "bot_delay": 5, "seed": 3})
    errors: list[str] = []
    held: list[str | bytes] | None = None  # while a list: the server's states to the first tab

    def route(page_side: Any) -> None:
        server_side = page_side.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if held is not None and '"type":"state"' in str(message):
                held.append(message)
            else:
                page_side.send(message)

        def to_server(message: str | bytes) -> None:
            nonlocal held
            server_side.send(message)
            if held is not None and '"act"' in str(message):  # the click goes, the states arrive
                for m in held:
                    page_side.send(m)
                held = None

        server_side.on_message(to_page)
        page_side.on_message(to_server)

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(locale=LOCALE, viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.route_web_socket("**/ws", route)
        page.goto(f"{server.base}{url}")
        sit_down(page, "Anne")
        page.wait_for_selector("#hand.choosing .playable")
        held = []
        other = context.new_page()  # the same browser's storage: the same seat
        other.goto(f"{server.base}{url}")
        other.wait_for_selector("#hand.choosing .playable")
        play_a_card(other)
        other.wait_for_selector("#actions .waiting")
        assert page.locator("#hand.choosing .playable").count() == 13  # it has heard nothing
        page.locator("#hand.choosing .playable").first.click(position={"x": 8, "y": 40})
        page.wait_for_selector("#toast.show")
        assert page.locator("#toast").inner_text() == "Ce n'est pas à vous de jouer. Ouest réfléchit…"
        assert page.locator("#hand .card").count() == 12  # as the other tab played
        browser.close()
    assert errors == []


def test_the_share_button_copies_the_link_without_the_clipboard_api(server: Server) -> None:
    """Served on a home network (http://192.168.…, not a secure origin) the page has no clipboard
    API: "Partager" still copies the table's link, to paste in a message to friends."""
    from playwright.sync_api import sync_playwright

    url = f"{server.base}{create_table(server, {'preset': 'couleur', 'seats': BOTS3})}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(locale=LOCALE, viewport={"width": 390, "height": 844},
                                      permissions=["clipboard-read", "clipboard-write"])
        page = context.new_page()
        page.add_init_script("Object.defineProperty(Navigator.prototype, 'clipboard',"
                             " {get: () => undefined})")
        page.goto(url)
        page.click("#share")
        page.wait_for_selector("#toast.show")
        assert page.locator("#toast").inner_text() == "Lien copié"
        reader = context.new_page()  # a page that has the clipboard API reads what was copied
        reader.goto(url)
        assert reader.evaluate("navigator.clipboard.readText()") == url
        browser.close()


def test_the_number_of_deals_stays_when_the_colour_preset_changes(server: Server) -> None:
    """A player sets 4 deals for colour whist, then picks the online rules (pagat) instead of the
    club's: still 4 deals, both count deals. Classic whist counts rubbers: its own default, 1."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}/", errors)
        page.fill("input[name=count]", "4")
        page.dispatch_event("input[name=count]", "change")
        page.select_option("select[name=preset]", "pagat")
        assert page.input_value("input[name=count]") == "4"
        page.select_option("select[name=preset]", "classic")
        assert page.input_value("input[name=count]") == "1"
        browser.close()
    assert errors == []


def at_eight(seed: int, bot_delay: float = 0.1) -> dict[str, Any]:
    """A table of classic whist with games of 2 points, so that both sides are "at eight" on the
    first deal (RULES.md §2, calling at eight, D19), dealt by ``seed``, against three bots."""
    return {"preset": "classic", "seed": seed, "bot_delay": bot_delay, "seats": BOTS3,
            "options": {"game_points": 2, "single_game_from": 1}}


def south_may_ask(pw: Any, server: Server, seed: int, errors: list[str]) -> tuple[Any, Any]:
    """Chromium, and a phone-sized page in English where Anne sits South at a table of classic
    whist with games of 2 points, so that both sides are "at eight" on the first deal (RULES.md
    §2, calling at eight, D19), once she may ask her partner "can you one?" (``seed``: a deal
    where she holds two honours)."""
    browser, page = phone_page(pw, f"{server.base}{create_table(server, at_eight(seed))}", errors)
    page.dispatch_event("button[data-lang=en]", "click")
    sit_down(page, "Anne")
    page.wait_for_selector("#legal-calls [data-action=ask]")
    return browser, page


def test_the_honours_shown_by_a_call_at_eight_are_on_the_summary(server: Server) -> None:
    """Games of 2 points, so that both sides are "at eight" on the first deal (RULES.md §2, calling
    at eight, D19). South holds A♣ J♣ of clubs, trumps (seed 20): the page tells him he may ask or
    play; he asks, North has Q♣ and answers yes, both show their honours and the game is won. The
    deal stops there, so the summary that follows is where the table sees the shown cards: it
    names who showed which honours, and marks his side, NS, as his (it did not). All of it in
    both languages."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = south_may_ask(pw, server, 20, errors)
        # asking is his choice: he may play a card instead (RULES.md §2 (b)), and the page says so
        assert page.locator("#actions .prompt").inner_text() == "Your turn — call, or play a card:"
        assert page.locator("#legal-calls [data-action=ask]").inner_text() == "Ask partner"
        assert page.locator("#hand.choosing .playable").count() == 13
        page.dispatch_event("button[data-lang=fr]", "click")
        assert page.locator("#actions .prompt").inner_text() == "À vous — annoncez, ou jouez une carte\u00a0:"
        assert page.locator("#legal-calls [data-action=ask]").inner_text() == "Demander au partenaire"
        page.click("#legal-calls [data-action=ask]")
        page.wait_for_selector("#next-deal")
        assert "Chant à huit\u00a0: NS gagne la manche" in page.locator(".sheet").inner_text()
        sides = page.locator(".sheet table.scores th")
        assert sides.evaluate_all("els => els.map((e) => e.innerText)") == ["", "NS (vous)", "EO"]
        page.dispatch_event("button[data-lang=en]", "click")
        assert sides.evaluate_all("els => els.map((e) => e.innerText)") == ["", "NS (you)", "EW"]
        assert "Called at eight: NS win the game" in page.locator(".sheet").inner_text()
        shown = page.locator("#shown-honours").inner_text()
        assert shown == "Honours shown: North Q♣ · Anne A♣ J♣", shown
        assert page.locator("#calls .call").nth(1).inner_text() == "North was dealt an honour: yes"
        browser.close()
    assert errors == []


def test_a_claim_at_eight_is_made_for_the_player_and_shown(server: Server) -> None:
    """Both sides at eight (games of 2 points) and South dealt A♦ K♦ Q♦ of diamonds, trumps (seed
    44): his side claims the game before the first lead (RULES.md §2, calling at eight (a)). The
    claim is his only action, so the table makes it for him; the summary says in both languages
    that NS won the game by it, with his shown honours, his side marked as his."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, at_eight(44), errors)
        page.wait_for_selector("#next-deal")
        sheet = page.locator(".sheet")
        assert "Chant à huit\u00a0: NS gagne la manche" in sheet.inner_text()
        assert page.locator("#shown-honours").inner_text() == "Honneurs montrés\u00a0: Anne A♦ R♦ D♦"
        sides = sheet.locator("th").evaluate_all("els => els.map((e) => e.innerText)")
        assert sides == ["", "NS (vous)", "EO"]
        page.dispatch_event("button[data-lang=en]", "click")
        assert "Called at eight: NS win the game" in sheet.inner_text()
        assert page.locator("#shown-honours").inner_text() == "Honours shown: Anne A♦ K♦ Q♦"
        assert page.locator("#calls .call").first.inner_text() == "Anne claims with honours A♦ K♦ Q♦"
        browser.close()
    assert errors == []


@pytest.mark.parametrize(("seed", "north", "en", "fr"), [
    (321, "JC", "North was dealt an honour: yes", "Nord a reçu un honneur\u00a0: oui"),
    (7, "4H", "North was dealt no honour: no", "Nord n'a reçu aucun honneur\u00a0: non"),
])
def test_the_answer_at_eight_says_what_the_partner_was_dealt(server: Server, seed: int, north: str,
                                                              en: str, fr: str) -> None:
    """Both sides at eight (games of 2 points); South deals and holds two honours of clubs. The
    partner's answer to "can you one?" is the table's, true, about the honours he was dealt, even
    one played since (RULES.md §2 (b)): with seed 321 North has played his J♣ to the first trick
    when South asks, and the answer is yes all the same; with seed 7 North was dealt none. The
    call log says so, not that North "answers yes" as if he chose to, or held an honour still."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = south_may_ask(pw, server, seed, errors)
        assert page.locator("#trick [data-played-by=N]").get_attribute("data-card") == north
        page.click("#legal-calls [data-action=ask]")
        page.wait_for_function("() => document.querySelectorAll('#calls .call').length == 2")
        calls = page.locator("#calls .call")
        assert calls.nth(0).inner_text() == "Anne asks partner for an honour"
        assert calls.nth(1).inner_text() == en
        page.dispatch_event("button[data-lang=fr]", "click")
        assert page.locator("#calls .call").nth(1).inner_text() == fr
        browser.close()
    assert errors == []


def test_the_deal_that_ends_a_rubber_says_so_before_the_next_one(server: Server) -> None:
    """A match of two rubbers of games of 2 points: the summary of the deal that wins the first
    rubber says who won it, with its games, game points, rubber points and total (RULES.md §2:
    rubber, game points 3/2/1, rubber bonus 2), as the match's result gives them, and the deals of
    the second rubber are played after it. The rubber's six columns fit the narrowest phones
    (320 px) as well as a computer's screen, in English and in French: neither the page nor the
    sheet scrolls sideways, and the last column, the total, shows."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "classic", "seed": 31, "bot_delay": 0.05, "seats": BOTS3,
                                "options": {"game_points": 2, "single_game_from": 1, "rubbers": 2}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        page.dispatch_event("button[data-lang=en]", "click")
        sit_down(page, "Anne")
        play_until(page, "#rubber-summary, #over")
        assert not page.locator("#over").count(), "the match ended first"
        with urllib.request.urlopen(f"{server.base}/api/tables/{url.rsplit('/', 1)[1]}") as r:
            first = json.load(r)["match"]["result"]["rubbers"][0]
        sheet = page.locator(".sheet").inner_text()
        assert f"Rubber 1 won by {first['winner']}" in sheet, sheet
        row = page.locator("#rubber-summary tbody tr").inner_text().split("\t")
        columns = ("games", "game_points", "rubber_points", "totals")
        pair = [f"{first[k]['NS']} / {first[k]['EW']}" for k in columns]
        assert row == ["1", first["winner"], *pair], row
        assert "Match over" not in sheet
        for width, lang in in_widths_and_languages(page, (320, 390, 1280)):
            assert_no_sideways_scroll(page, width, lang)
        page.set_viewport_size({"width": 390, "height": 844})
        next_deal(page)
        assert page.locator("#progress").inner_text() == "Rubber 2 of 2"
        browser.close()
    assert errors == []


def test_the_end_of_a_classic_match_fits_a_phone(server: Server) -> None:
    """The sheet at the end of a match of classic whist, on phones 320 and 390 px wide, in French
    and in English: each heading of the deals' table sits over its numbers (aligned as they are),
    no two headings of a table run into each other, and neither the page nor the sheet scrolls
    sideways. The deals' last column, the side that won a game with the deal, has a heading of one
    word (the words on hover), and each of its cells names the side on one line (it said "Manche
    gagnée par EO", on three lines at 320 px, under no heading). The deals' points are split as
    the deal's summary splits them, trick points and honour points, which add up to the deal's
    points (a column "Points", honours included, stood beside the honours: read as a part, added
    to them)."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, at_eight(31, 0.05))
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        play_until(page, ".sheet a.button[download]", 240)  # the end
        assert page.locator("#rubber-table").count() == 1
        # the two columns of points add up to each deal's points (no total beside a part of it,
        # which a reader would add to it), and a deal with honours is among them
        cells: list[list[str]] = page.locator("#score-table tbody tr").evaluate_all(
            "rows => rows.map(r => [...r.cells].slice(2, 4).map(c => c.innerText))")
        split = [[tuple(int(x) for x in cell.split(" / ")) for cell in row] for row in cells]
        deals = json.load(urllib.request.urlopen(f"{server.base}/api/tables/{url[3:]}"))["match"]["deals"]
        assert [[tricks[0] + honours[0], tricks[1] + honours[1]] for tricks, honours in split] == [
            [d["result"]["points"]["NS"], d["result"]["points"]["EW"]] for d in deals]
        assert any(honours != (0, 0) for _, honours in split), split
        for width, lang in in_widths_and_languages(page, (320, 390), 800):
            # each column's heading and first cell: how each is aligned
            aligned = page.evaluate(
                "() => [...document.querySelectorAll('#score-table thead th')].map((th, i) =>"
                " [th.innerText, getComputedStyle(th).textAlign, getComputedStyle(document.querySelector("
                "`#score-table tbody tr td:nth-child(${i + 1})`)).textAlign])")
            assert [heading for heading, *_ in aligned][1:] == (
                ["Plis NS/EO", "Points de levées", "Points d'honneurs", "Manche"] if lang == "fr"
                else ["Tricks NS/EW", "Trick points", "Honour points", "Game"])
            assert all(th == td for _, th, td in aligned[:4]), (width, lang, aligned)
            last = "#score-table thead th:last-child"
            assert page.locator(last).get_attribute("title") == (
                "Manche gagnée par" if lang == "fr" else "Game won by")
            # the last column's heading and cells, each as its lines of text
            column = page.evaluate(
                "() => [...document.querySelectorAll('#score-table tr > :last-child')].map(c => {"
                " const r = document.createRange(); r.selectNodeContents(c);"
                " return [c.innerText, new Set([...r.getClientRects()].map(b => b.top)).size]; })")
            sides = {"NS", "EO" if lang == "fr" else "EW"}
            assert {text for text, _ in column[1:]} - {""} <= sides, (width, lang, column)
            assert any(text in sides for text, _ in column[1:]), (width, lang, column)
            assert all(lines <= 1 for _, lines in column), (width, lang, column)
            # the text of each heading ends before the next one's begins
            gaps = page.evaluate(
                "() => ['#score-table', '#rubber-table'].map(id => {"
                " const texts = [...document.querySelectorAll(id + ' thead th')].map(th => {"
                " const r = document.createRange(); r.selectNodeContents(th);"
                " const b = r.getBoundingClientRect(); return [b.left, b.right]; })"
                ".filter(([l, r]) => r > l);"
                " return Math.min(...texts.slice(1).map(([l], i) => l - texts[i][1])); })")
            assert min(gaps) >= 4, (width, lang, gaps)
            assert_no_sideways_scroll(page, width, lang)
        browser.close()
    assert errors == []


def test_simple_whist_counts_matches_not_rubbers(server: Server) -> None:
    """Simple whist has no rubber: the first side to win two games wins the match (RULES.md §4),
    as the score sheet says. The form asks for a number of matches, and the table's header counts
    matches, in English and in French."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors)
        page.dispatch_event("button[data-lang=en]", "click")
        page.select_option("select[name=preset]", "simple")
        assert page.locator("label:has(input[name=count])").inner_text().strip() == "Matches"
        page.select_option("select[name=preset]", "classic")
        assert page.locator("label:has(input[name=count])").inner_text().strip() == "Rubbers"
        page.goto(server.base + create_table(server, {"preset": "simple", "seats": BOTS3}))
        sit_down(page, "Anne")
        assert page.locator("#progress").inner_text() == "Match 1 of 1"
        page.dispatch_event("button[data-lang=fr]", "click")
        assert page.locator("#progress").inner_text() == "Partie 1 sur 1"
        browser.close()
    assert errors == []


def test_simple_whist_says_when_its_matches_are_over(server: Server) -> None:
    """Two matches of simple whist, with games of 2 points (a deal's odd tricks win a game): at the
    end the page says that the matches are over, in French and in English, not "game over", which
    would name the game to 10 points that each match is won by (RULES.md §4), and offers a new
    table: a button of the end's sheet takes the player back to the lobby's form."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "simple", "seed": 5, "bot_delay": 0.05, "seats": BOTS3,
                                "options": {"game_points": 2, "single_game_from": 1, "rubbers": 2}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        play_until(page, ".sheet a.button[download]", 240)  # the end
        assert page.locator("#over").inner_text() == "Les 2 parties sont terminées"
        page.dispatch_event("button[data-lang=en]", "click")  # the sheet covers the header
        assert page.locator("#over").inner_text() == "The 2 matches are over"
        assert "Matches won: " in page.locator(".sheet").inner_text()
        # what comes next: a new table, from the lobby (the header's "Whist" is no button to see)
        page.click("#new-table")
        page.wait_for_selector("#create-table")
        assert page.url == f"{server.base}/"
        browser.close()
    assert errors == []


def test_the_summary_of_a_deal_of_colour_whist_gives_the_totals_so_far(server: Server) -> None:
    """Between two deals of colour whist, the summary gives the deal's tricks and points, and each
    player's total so far (the score sheet's last line), so that a player sees where he stands
    without opening the sheet. At the end the whole sheet follows instead."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "seats": BOTS3,
                                "options": {"deals": 2}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        bid_and_play_until(page, "#next-deal")
        page.wait_for_selector("#next-deal")
        with urllib.request.urlopen(f"{server.base}/api/tables/{url.rsplit('/', 1)[1]}") as r:
            totals = json.load(r)["match"]["result"]["totals"]
        assert "emballage 8" in page.locator(".sheet .result-line").inner_text()
        row = page.locator(".sheet tr.totals").inner_text().split("\t")
        assert row == ["Total", *(str(totals[s]) for s in "NESW")], row
        browser.close()
    assert errors == []


def test_a_friend_who_sits_down_mid_deal_is_not_named_for_the_bots_calls(server: Server) -> None:
    """Anne sits at North and starts; a bot plays the free South and calls. Bruno takes South by
    the link while the deal is on: the calls South's bot made before he sat are still the bot's,
    "Sud (robot)", on his page, on Anne's and on his page loaded again; none is his."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": SEED, "bot_delay": 0.05,
                                "seats": {"E": "heuristic", "W": "heuristic"}})
    errors: list[str] = []
    calls = "() => (document.querySelector('#calls') || {}).innerText || ''"
    with sync_playwright() as pw:
        browser, anne = phone_page(pw, f"{server.base}{url}", errors)
        anne.fill("input[name=join-name]", "Anne")
        anne.click("button[data-sit=N]")
        anne.click("#start")
        # Anne calls until South's bot has called and it is her turn: the table waits for her
        end = time.monotonic() + 60
        while time.monotonic() < end:
            offered = anne.locator("#legal-calls [data-action]").evaluate_all(
                "els => els.map(e => e.dataset.action)")
            if offered and "Sud" in anne.evaluate(calls):
                break
            if offered:
                pick = next((a for a in offered if a.startswith("propose") or a == "accept"), offered[0])
                anne.click(f'#legal-calls [data-action="{pick}"]')
                anne.wait_for_selector(f'#legal-calls [data-action="{pick}"]', state="detached")
            else:
                anne.wait_for_timeout(50)
        south = [c for c in anne.evaluate(calls).split("\n") if c.startswith("Sud")]
        assert south, anne.evaluate(calls)
        bruno = browser.new_context(locale=LOCALE, viewport={"width": 390, "height": 844}).new_page()
        bruno.on("pageerror", lambda e: errors.append(str(e)))
        bruno.goto(f"{server.base}{url}")
        sit_down(bruno, "Bruno")
        bots = [c.replace("Sud", "Sud (robot)", 1) for c in south]
        for page in (bruno, anne):
            page.wait_for_function(f"() => ({calls})().includes('Sud (robot)')")
            assert [c for c in page.evaluate(calls).split("\n") if c.startswith("Sud")] == bots
            assert "Bruno" not in page.evaluate(calls)
        bruno.reload()
        bruno.wait_for_function(f"() => ({calls})().includes('Sud (robot)')")
        assert "Bruno" not in bruno.evaluate(calls)
        assert "Bruno (vous)" in bruno.locator(".seat-bottom").inner_text()
        browser.close()
    assert errors == []


def test_the_table_says_it_waits_for_a_player_who_has_gone(server: Server) -> None:
    """Anne and Bruno play at one table, each in a browser of his own; Bruno closes his page. When
    it is his turn, Anne's page says that the table waits for him while he is offline (until a bot
    takes his seat), not that he is thinking."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": 2, "bot_delay": 0.05, "takeover_after": 300,
                                "seats": {"E": "heuristic", "W": "heuristic"}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        other = browser.new_context(locale=LOCALE, viewport={"width": 390, "height": 844}).new_page()
        other.goto(f"{server.base}{url}")
        other.fill("input[name=join-name]", "Bruno")
        other.click("button[data-sit=N]")
        other.wait_for_selector("text=Bruno (vous)")
        sit_down(page, "Anne")
        other.close()
        page.wait_for_selector(".seat-top >> text=absent")
        end = time.monotonic() + 60
        while not page.locator("#actions .waiting >> text=Bruno").count() and time.monotonic() < end:
            if page.locator("#legal-calls").count():
                page.click("#legal-calls [data-action=pass]")
                page.wait_for_selector("#legal-calls [data-action=pass]", state="detached")
            elif page.locator("#hand.choosing .playable").count():
                play_a_card(page)
            else:
                page.wait_for_timeout(50)
        assert page.locator("#actions .waiting").inner_text() == "On attend Bruno (hors ligne)…"
        page.click("button[data-lang=en]")
        assert page.locator("#actions .waiting").inner_text() == "Waiting for Bruno (offline)…"
        browser.close()
    assert errors == []


def test_the_lobby_list_follows_the_server_without_losing_what_is_typed(server: Server) -> None:
    """A table made elsewhere appears in the lobby's list within seconds, without a reload, and
    the name being typed in the form keeps its text and its focus (only the list is drawn again)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors)
        page.wait_for_selector("select[name=preset]:not([disabled])")
        page.click("input[name=name]")
        page.keyboard.type("Zo")
        create_table(server, {"preset": "couleur", "seats": BOTS3, "name": "Chez Zoé"})
        page.wait_for_selector("ul.tables li >> text=Chez Zoé", timeout=15_000)
        page.keyboard.type("é")
        assert page.input_value("input[name=name]") == "Zoé"
        assert page.evaluate("document.activeElement.name") == "name"
        browser.close()
    assert errors == []


def test_the_lobby_lists_the_tables_in_play_and_folds_the_finished_ones(server: Server) -> None:
    """The lobby's list is of the tables one can join or watch in play; the games finished last
    are apart, folded under "Parties terminées", each a link to its table (its sheet and deals);
    unfolded, they stay so while the list follows the server, and in the other language."""
    from playwright.sync_api import sync_playwright

    done = create_table(server, {"preset": "pagat", "options": {"deals": 1}, "bot_delay": 0, "deal_pause": 0,
                                 "seats": dict.fromkeys("NESW", "random"), "name": "Fini"})
    end = time.monotonic() + 30
    table = f"{server.base}/api/tables/{done.rsplit('/', 1)[1]}"
    while not json.load(urllib.request.urlopen(table))["match"]["over"]:
        assert time.monotonic() < end, "the bots' game did not end"
        time.sleep(0.05)
    create_table(server, {"preset": "couleur", "seats": BOTS3, "name": "Chez Zoé"})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors)
        page.wait_for_selector("#tables-in-play li")
        assert page.locator("#tables-in-play li").all_inner_texts() == [
            "Chez Zoé · Couleur (règles du club) · en attente · 1 place libre"]
        assert page.locator("#open-tables h2").inner_text() == "Les tables en cours"
        folded = page.locator("#finished-tables")
        assert folded.evaluate("e => e.open") is False
        assert folded.locator("summary").inner_text() == "Parties terminées (1)"
        assert not folded.locator("li").is_visible()
        folded.locator("summary").click()
        assert folded.locator("li").inner_text().startswith("Fini · Couleur (en ligne, pagat) · terminée · ")
        assert folded.locator("li a").get_attribute("href") == done
        made = create_table(server, {"preset": "couleur", "seats": BOTS3, "name": "Chez Max"})
        join = urllib.request.Request(f"{server.base}/api/tables/{made.rsplit('/', 1)[1]}/join",
                                      json.dumps({"name": "Max", "seat": "S"}).encode(),
                                      {"Content-Type": "application/json"})
        urllib.request.urlopen(join).close()
        page.wait_for_selector("#tables-in-play li >> text=Chez Max", timeout=15_000)  # drawn again
        # who plays there, so that two tables of the same name can be told apart
        assert "Chez Max · Couleur (règles du club) · en cours · Max" in page.locator(
            "#tables-in-play").inner_text()
        assert page.locator("#finished-tables").evaluate("e => e.open") is True
        page.click("button[data-lang=en]")
        assert page.locator("#finished-tables summary").inner_text() == "Finished games (1)"
        assert page.locator("#finished-tables li").inner_text().startswith(
            "Fini · Colour whist (online, pagat) · over · ")
        assert page.locator("#open-tables h2").inner_text() == "Tables in play"
        page.click("#finished-tables li a")
        page.wait_for_url(f"**{done}")
        browser.close()
    assert errors == []

def test_a_finished_game_played_again_links_to_its_next_game_in_the_lobby(server: Server) -> None:
    """A finished game played again with the same (POST /again): its entry among the games
    finished links to the table that plays on, so that whoever comes back to the lobby finds it;
    a game not played again has no such link."""
    from playwright.sync_api import sync_playwright

    spec = {"preset": "pagat", "options": {"deals": 1}, "bot_delay": 0, "deal_pause": 0,
            "seats": dict.fromkeys("NESW", "random")}
    done = [create_table(server, {**spec, "name": name}) for name in ("Encore", "Seule")]
    end = time.monotonic() + 30
    for path in done:
        while not json.load(urllib.request.urlopen(f"{server.base}/api/tables/{path.rsplit('/', 1)[1]}"))[
                "match"]["over"]:
            assert time.monotonic() < end, "the bots' game did not end"
            time.sleep(0.05)
    nxt = post_json(server, f"/api/tables/{done[0].rsplit('/', 1)[1]}/again", {})["url"]
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors)
        page.click("#finished-tables summary")
        link = page.locator("#finished-tables a.next-game")  # the next game is called Encore too
        link.wait_for()
        assert link.count() == 1 and link.inner_text() == "partie suivante"
        assert link.get_attribute("href") == nxt
        entry = page.locator("#finished-tables li", has=page.locator("a.next-game"))
        assert entry.locator("a").first.get_attribute("href") == done[0]  # not Seule's, not its own
        page.click("button[data-lang=en]")
        assert link.inner_text() == "next game"
        link.click()
        page.wait_for_url(f"**{nxt}")
        browser.close()
    assert errors == []


def test_a_players_finished_game_played_again_links_to_its_next_game_in_his_tables(server: Server) -> None:
    """Bruno sat North at a game that has finished (a bot played for him, his page closed), and
    someone asked to play it again with the same. In the lobby, under "Vos tables" (where alone his
    own games are listed, not among the games finished), the game links to its next game, as the
    games finished do, so that he finds the table that waits for him; in English too."""
    from playwright.sync_api import sync_playwright

    spec = {"preset": "pagat", "name": "Chez Bruno", "options": {"deals": 1}, "bot_delay": 0,
            "deal_pause": 0, "takeover_after": 0, "seats": dict.fromkeys("ESW", "random")}
    table = create_table(server, spec).rsplit("/", 1)[1]
    token = post_json(server, f"/api/tables/{table}/join", {"name": "Bruno", "seat": "N"})["token"]
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors)
        page.evaluate("([id, token]) => localStorage.setItem('whist.token.' + id, token)", [table, token])
        page.goto(f"{server.base}/t/{table}")  # he sits down, and goes: a bot plays for him
        page.wait_for_selector(".seat-bottom >> text=Bruno (vous)")
        page.goto(server.base)
        end = time.monotonic() + 60
        while not get_json(server, f"/api/tables/{table}")["match"]["over"]:
            assert time.monotonic() < end, "the game did not end"
            time.sleep(0.05)
        nxt = post_json(server, f"/api/tables/{table}/again", {})["url"]
        page.reload()
        link = page.locator("#my-tables a.next-game")
        link.wait_for()
        assert link.inner_text() == "partie suivante" and link.get_attribute("href") == nxt
        assert page.locator("#my-tables li a").first.get_attribute("href") == f"/t/{table}"
        page.click("button[data-lang=en]")
        assert link.inner_text() == "next game"
        browser.close()
    assert errors == []


def test_the_lobby_lists_the_tables_the_person_sits_at_even_left_alone(tmp_path: Path) -> None:
    """A person creates a table, plays until his turn and goes away: nobody there, the table
    leaves the server's memory after a while and the lobby's list of tables in play no longer has
    it. Back in the lobby, "Vos tables" lists it all the same (the browser keeps his seat's token),
    once (not also among the tables in play, where asking for it brought it back), as under way;
    its link opens it, his seat there and his turn. A table the server does not have is left out, its
    token forgotten; in English, "Your tables". A browser that holds no seat has no such section."""
    from playwright.sync_api import sync_playwright

    server = Server(f"sqlite:///{tmp_path / 'whist.db'}", unload_after=0.5)
    service = server.app.state.service
    errors: list[str] = []
    try:
        with sync_playwright() as pw:
            browser, page = phone_page(pw, server.base, errors)
            page.wait_for_selector("select[name=preset]:not([disabled])")
            assert page.locator("#my-tables").count() == 0
            page.fill("input[name=name]", "Anne")
            page.select_option("select[name=speed]", "0.2")
            page.click("#create-table")
            page.wait_for_url("**/t/*")
            path = "/t/" + page.url.rsplit("/", 1)[1]
            table_id = path.rsplit("/", 1)[1]
            page.wait_for_selector("#legal-calls, #hand.choosing", timeout=30_000)  # his turn
            page.evaluate("localStorage.setItem('whist.token.Nowhere1', 'an old token')")
            page.goto("about:blank")
            end = time.monotonic() + 20
            while table_id in service.tables:
                assert time.monotonic() < end, "the table stayed in memory"
                time.sleep(0.05)
            listed = json.load(urllib.request.urlopen(f"{server.base}/api/tables"))
            assert [t["id"] for t in listed["tables"] + listed["finished"]] == []
            page.goto(server.base)
            page.wait_for_selector("#my-tables li")
            assert page.locator("#my-tables h2").inner_text() == "Vos tables"
            assert page.locator("#my-tables li").all_inner_texts() == [
                "Table d'Anne · Couleur (règles du club) · en cours · Anne"]
            assert page.locator("#my-tables li a").get_attribute("href") == path
            assert page.locator("#tables-in-play").count() == 0
            assert page.evaluate("localStorage.getItem('whist.token.Nowhere1')") is None
            page.click("button[data-lang=en]")
            assert page.locator("#my-tables h2").inner_text() == "Your tables"
            assert page.locator("#my-tables li").all_inner_texts() == [
                "Table d'Anne · Colour whist (club rules) · playing · Anne"]
            page.click("#my-tables li a")
            page.wait_for_url(f"**{path}")
            page.wait_for_selector("#legal-calls, #hand.choosing")  # his seat, his turn still
            browser.close()
    finally:
        server.stop()
    assert errors == []


def test_a_trick_a_bot_wins_stays_on_the_table_before_its_next_lead(server: Server) -> None:
    """Bots at the lobby's fast speed (0.2 s a card) wait 0.4 s after a trick before its winner
    leads the next: too short to see the four cards of a trick that a bot won. The page keeps a
    trick just won on the table a moment (1.2 s) after it is drawn, and then draws the new lead:
    every trick a bot wins is drawn whole, framed as won, for a second at least, and what the
    table shows next is the next trick, led by that bot, its lead alone (the bots' cards that came
    during the pause are drawn one after the other, not all at once)."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "classic", "seed": 3, "bot_delay": 0.2, "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        # every new drawing of the trick: when (ms), whether done, its cards ("EAS": East's A♠), its winner
        page.evaluate("""() => { window.trickLog = []; const note = () => {
            const trick = document.getElementById('trick');
            if (!trick) return;
            const cards = [...trick.querySelectorAll('.card')].map(c => c.dataset.playedBy + c.dataset.card);
            const won = trick.querySelector('.card.won');
            const seen = [trick.classList.contains('done'), cards, won ? won.dataset.playedBy : null];
            const last = window.trickLog[window.trickLog.length - 1];
            if (!last || JSON.stringify(last.slice(1)) !== JSON.stringify(seen))
                window.trickLog.push([performance.now(), ...seen]); };
            new MutationObserver(note).observe(document.getElementById('app'),
                                               { childList: true, subtree: true });
            note(); }""")

        def won_by_bots() -> list[tuple[float, list[str], list[str], str]]:
            """Each trick won by a bot, as long as it was drawn, with its cards, the cards drawn
            next and its winner."""
            log: list[tuple[float, bool, list[str], str | None]] = page.evaluate("window.trickLog")
            return [(after[0] - done[0], done[2], after[2], done[3])
                    for done, after in itertools.pairwise(log)
                    if done[1] and done[3] is not None and done[3] != "S"]

        def enough(won: list[tuple[float, list[str], list[str], str]]) -> bool:
            """Three tricks, one of them won by North or West, whom a bot follows."""
            return len(won) >= 3 and any(w[3] in "NW" for w in won)

        end = time.monotonic() + 90
        while not enough(won_by_bots()) and time.monotonic() < end:
            if page.locator("#hand.choosing .playable").count():
                play_a_card(page)
            else:
                page.wait_for_timeout(50)
        won = won_by_bots()
        browser.close()
    assert errors == []
    assert enough(won), won
    for ms, cards, after, winner in won:
        assert len(cards) == 4 and winner in [c[0] for c in cards], won
        assert ms >= 1000, won  # 400 ms without the pause
        assert after and after[0][0] == winner, won  # then the new lead, the trick's winner's
        assert len(after) == 1, won  # alone: the cards that came during the pause follow one by one


def test_the_accept_button_names_the_bid_it_accepts(server: Server) -> None:
    """With seed 1 South proposes, North proposes higher, and South accepts (RULES.md §5.4: one
    accepts only the top bid). With several proposals in the auction a bare "J'emballe" did not
    say whose: the button names the bid it takes, its maker and suit, in French and in English."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "seats": BOTS3,
                                "options": {"deals": 1}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        accept = '#legal-calls [data-action="accept"]'
        end = time.monotonic() + 30
        while not page.locator(accept).count() and time.monotonic() < end:
            # (the calls drawn since the accept button was looked for may offer no proposal)
            pick = next((a for a in page.locator("#legal-calls [data-action]").evaluate_all(
                "els => els.map(e => e.dataset.action)") if a.startswith("propose")), None)
            if pick is not None:
                page.click(f'#legal-calls [data-action="{pick}"]')
                page.wait_for_selector(f'#legal-calls [data-action="{pick}"]', state="detached")
            else:
                page.wait_for_timeout(50)
        proposals = [c for c in page.locator("#calls .call").all_inner_texts() if " propose " in c]
        assert len(proposals) >= 2 and proposals[-1].startswith("Nord propose "), proposals
        suit = proposals[-1].rsplit(" ", 1)[1]
        assert page.locator(accept).inner_text() == f"J'emballe (Nord propose {suit})"
        page.dispatch_event("button[data-lang=en]", "click")
        assert page.locator(accept).inner_text() == f"Accept (North proposes {suit})"
        page.click(accept)
        page.wait_for_selector("#info >> text=North + Anne")
        browser.close()
    assert errors == []


def test_the_bid_buttons_say_their_bid_in_the_pages_language(server: Server) -> None:
    """A bid's button shows only its suit, its row the bid: on hover and to a screen reader it says
    the whole bid in the page's language ("Proposer pique", "Solo 6 cœur"), not the engine's text
    ("propose S") nor its suit's symbol alone."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "seats": BOTS3,
                                "options": {"deals": 1}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        page.wait_for_selector("#legal-calls .bid-btn")
        names = {"fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
                 "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}}
        for lang in ("fr", "en", "fr"):
            page.dispatch_event(f"button[data-lang={lang}]", "click")
            buttons = page.locator("#legal-calls .bid-btn").evaluate_all(
                "els => els.map(e => [e.dataset.action, e.title,"
                " e.closest('.bid-row').querySelector('.bid-label').textContent])")
            assert any(action.startswith("propose ") for action, *_ in buttons), buttons
            for action, title, label in buttons:
                suit = action.split()[-1]
                assert title == (f"{label} {names[lang][suit]}" if suit in "SHDC" else label), buttons
            titles = {action: title for action, title, _ in buttons}
            assert titles["propose S"] == ("Proposer pique" if lang == "fr" else "Propose spades"), titles
            # a screen reader names each button so too (the folded rows' once open), not "♠" in each row
            for action, title in titles.items():
                named = page.get_by_role("button", name=title, exact=True, include_hidden=True)
                assert named.get_attribute("data-action") == action, title
        browser.close()
    assert errors == []


def test_the_wait_button_says_what_waiting_does(server: Server) -> None:
    """South is eldest hand (seed 1: East deals) and may wait as his first call (RULES.md §5.4, 2).
    "J'attends" alone did not say what it does: the button says it on hover, and a line under the
    calls in short, in French and in English: neither a pass nor a bid, he speaks again after the
    others, and may then bid no one-player contract. At his next turn the page offers none."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "seats": BOTS3,
                                "options": {"deals": 1}})
    words = {
        "fr": ("Ni passe ni enchère\u00a0: vous parlerez de nouveau à votre tour suivant, après avoir entendu"
               " les autres. Vous ne pourrez plus annoncer de contrat solitaire (solo, misère, abondance,"
               " chelem…), mais encore proposer ou emballer.",
               "J'attends\u00a0: vous reparlerez après les autres, sans pouvoir annoncer de contrat"
               " solitaire."),
        "en": ("Neither a pass nor a bid: you speak again at your next turn, after hearing the others."
               " You may then bid no one-player contract (solo, misère, abondance, slam…), but you may"
               " still propose or accept.",
               "Wait: you speak again after the others, but may not bid a one-player contract."),
    }
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        wait = "#legal-calls [data-action=wait]"
        page.wait_for_selector(wait)
        for lang in ("fr", "en", "fr"):
            page.dispatch_event(f"button[data-lang={lang}]", "click")
            assert page.locator(wait).get_attribute("title") == words[lang][0]
            assert page.locator("#wait-hint").inner_text() == words[lang][1]
        page.click(wait)
        page.wait_for_selector(wait, state="detached")
        page.wait_for_selector("#legal-calls", timeout=20_000)  # the others have spoken
        offered = page.locator("#legal-calls [data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)")
        one_player = ("solo", "piccolissimo", "small misère", "large misère", "open misère", "abondance",
                      "open abondance", "slam")
        assert "pass" in offered and not [a for a in offered if a.startswith(one_player)], offered
        assert "wait" not in offered and page.locator("#wait-hint").count() == 0
        assert "Anne attend" in page.locator("#calls").inner_text()
        browser.close()
    assert errors == []


# What has the keyboard's focus: the hand or the action panel (their id), a control in them (its
# card or action), else the tag of what has it elsewhere (BODY when nothing has).
FOCUSED = """() => { const el = document.activeElement;
    return el.closest('#hand, #actions') ? el.id || el.dataset.card || el.dataset.action : el.tagName; }"""


def test_the_focus_stays_in_the_hand_and_the_calls_after_a_keyboard_action(server: Server) -> None:
    """A person who plays by keyboard (Tab to a call or a card, then Enter or Space) keeps his
    place: the page drawn anew after his call, his card and the answers gives the focus back to
    the same control if it is still there, else to the action panel or the hand, never to the body.
    Space on a card plays it and does not scroll the page as well."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, ONE_DEAL, errors)
        page.locator('#legal-calls [data-action="propose S"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#calls >> text=Anne")
        assert page.evaluate(FOCUSED) == "actions"
        # the focus stays there while the bots call: the next key goes on in the panel
        page.wait_for_selector("#calls .call:nth-child(4)")
        assert page.evaluate(FOCUSED) in ("actions", "hand"), page.evaluate(FOCUSED)
        # a card, at a table of classic whist where South leads (seed 3)
        page.goto(server.base + create_table(server, {"preset": "classic", "seed": 3, "seats": BOTS3}))
        sit_down(page, "Anne")
        # on a screen too short for the page, Space plays the card without scrolling the page too
        page.set_viewport_size({"width": 390, "height": 480})
        card = page.locator("#hand.choosing .playable").first
        card.focus()
        played = card.get_attribute("data-card")
        scrolled = page.evaluate("() => [scrollY, document.documentElement.scrollHeight - innerHeight]")
        assert scrolled[0] < scrolled[1], scrolled  # the page could scroll further down
        page.keyboard.press("Space")
        page.wait_for_selector(f"#trick [data-card={played}]")
        page.wait_for_selector(f"#hand [data-card={played}]", state="detached")
        assert page.evaluate(FOCUSED) == "hand"
        assert page.evaluate("scrollY") == scrolled[0]
        browser.close()
    assert errors == []


# The id of what has the focus in a modal dialog, else null.
IN_DIALOG = """() => document.activeElement.closest('[role=dialog][aria-modal=true]')
    ? document.activeElement.id : null"""


def assert_tab_stays_in_dialog(page: Any) -> None:
    """Tab and Shift+Tab, as many times as the dialog has controls and more, keep the focus in it."""
    count = page.locator(".overlay").evaluate(
        "d => d.querySelectorAll('a[href], button:not([disabled])').length")
    assert count >= 2
    for key in ("Tab", "Shift+Tab"):
        for _ in range(count + 2):
            page.keyboard.press(key)
            assert page.evaluate("() => Boolean(document.activeElement.closest('.overlay'))"), key


def test_the_end_of_a_deal_and_of_the_match_are_dialogs_for_the_keyboard(server: Server) -> None:
    """The summary at the end of a deal is a modal dialog: the focus is on its "next deal" button
    as it opens, Tab goes round its controls and not to the table behind, Escape closes it as its
    close button does and gives the focus back to the hand. At the end of the match the focus is
    on "play again with the same", and Escape closes that sheet too."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        classic = {"preset": "classic", "seed": 3, "bot_delay": 0.05, "seats": BOTS3}
        browser, page = anne_at(pw, server, classic, errors)
        play_until(page, "#next-deal")
        page.wait_for_function(f"() => ({IN_DIALOG})() === 'next-deal'")
        assert page.locator(".table-page").evaluate("e => e.inert")  # nothing behind it to reach
        assert_tab_stays_in_dialog(page)
        page.keyboard.press("Escape")
        page.wait_for_selector(".overlay", state="detached")
        assert page.evaluate(FOCUSED) == "hand"
        browser.close()
        browser, page = anne_at(pw, server, ONE_DEAL, errors)
        bid_and_play_until(page, "#new-table")
        page.wait_for_function(f"() => ({IN_DIALOG})() === 'again'")
        assert_tab_stays_in_dialog(page)
        page.keyboard.press("Escape")
        page.wait_for_selector(".overlay", state="detached")
        assert page.evaluate(FOCUSED) in ("hand", "actions")
        browser.close()
    assert errors == []


# Whether the prompt and the calls offered are on screen, clear of the fixed toolbar.
CALLS_IN_VIEW = """() => { const calls = document.querySelector('#legal-calls');
    const prompt = document.querySelector('#actions .prompt');
    const bar = document.querySelector('.toolbar').getBoundingClientRect().top;
    return Boolean(calls && prompt) && prompt.getBoundingClientRect().top >= 0
        && calls.getBoundingClientRect().bottom <= bar; }"""


def test_the_calls_come_into_view_at_twice_the_zoom(server: Server) -> None:
    """At 200 % zoom on a screen of 1280 × 900 (a page of 640 × 450) the calls offered were drawn
    below the screen and under the fixed toolbar, and nothing showed them when the player's turn
    came: the page scrolls the prompt and the buttons into view, clear of the toolbar, at each turn."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, ONE_DEAL, errors, 640, 450)
        page.wait_for_function(CALLS_IN_VIEW)
        # back to the top, then a proposal: at her next turn (to accept North's) the calls come back into view
        page.evaluate("() => { scrollTo(0, 0); document.querySelector('[data-action=\"propose S\"]')"
                      ".click(); }")
        page.wait_for_selector('#legal-calls [data-action="accept"]')
        page.wait_for_function(CALLS_IN_VIEW)
        browser.close()
    assert errors == []


def test_the_calls_are_greyed_while_a_call_waits_for_the_server(server: Server) -> None:
    """On a slow connection the server's answer to a call takes a while: meanwhile the page sends
    no second call, and says so by greying every call's button, as it greys the cards while a card
    waits (the buttons stayed as they were, and a click on another did nothing, silently)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    held: list[str | bytes] = []
    acts: list[str] = []
    slow = threading.Event()  # set: the server's messages to the page wait in ``held``

    sockets: list[Any] = []  # the page's side of its socket

    def route(page_side: Any) -> None:
        server_side = page_side.connect_to_server()
        sockets.append(page_side)

        def to_page(message: str | bytes) -> None:
            if slow.is_set():
                held.append(message)
            else:
                page_side.send(message)

        def to_server(message: str | bytes) -> None:
            if '"act"' in str(message):
                acts.append(str(message))
                slow.set()
            server_side.send(message)

        server_side.on_message(to_page)
        page_side.on_message(to_server)

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(locale=LOCALE, viewport={"width": 390, "height": 844})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.route_web_socket("**/ws", route)
        page.goto(server.base + create_table(server, ONE_DEAL))
        sit_down(page, "Anne")
        page.click('#legal-calls [data-action="propose S"]')
        page.wait_for_function("() => { const all = [...document.querySelectorAll('#legal-calls button')];"
                               " return all.length > 1 && all.every(b => b.disabled); }")
        page.locator("#legal-calls [data-action=pass]").dispatch_event("click")
        assert len(acts) == 1, acts
        slow.clear()  # the answers come: her proposal is in the auction, and the game goes on
        for message in held:
            sockets[0].send(message)
        page.wait_for_selector("#calls >> text=Anne")
        page.wait_for_selector('#legal-calls [data-action="propose S"]', state="detached")
        browser.close()
    assert errors == []


def test_the_lobbys_seat_choices_are_named_by_their_seat(server: Server) -> None:
    """The form's choices of a bot or a friend at the other seats are named by their seat for a
    screen reader ("Nord", "North"), as they are on screen, not left without a name."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors)
        page.wait_for_selector("select[data-seat=N]")
        for lang, names in (("fr", ("Nord", "Est", "Ouest")), ("en", ("North", "East", "West"))):
            page.click(f"button[data-lang={lang}]")
            for seat, name in zip("NEW", names, strict=True):
                assert page.get_by_role("combobox", name=name, exact=True).get_attribute("data-seat") == seat
        browser.close()
    assert errors == []


def test_the_lobbys_fields_fit_a_small_phone(server: Server) -> None:
    """On a phone 360 pixels wide, every field of the table's form stays inside the form, in both
    languages: the choices of a bot at East and West ("Robot (très fort)") were wider than their
    column and ran off the screen's edge. Every list shows its choice whole: kept in their column,
    the bots' choices were cut ("Robot (très fort"), and so was a friend's. A rule option's box or
    field is on its name's line."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors, 360, 740)
        page.wait_for_selector("select[data-seat=E]")
        page.select_option("select[data-seat=W]", "open")
        for lang in ("fr", "en"):
            page.click(f"button[data-lang={lang}]")
            page.click("#create details.options summary")  # the rule options too, unfolded
            beyond = page.evaluate("""() => {
              const form = document.querySelector('#create').getBoundingClientRect();
              return [...document.querySelectorAll('#create select, #create input')]
                .filter((e) => e.getBoundingClientRect().right > form.right + 0.5).map((e) => e.name);
            }""")
            assert beyond == [], lang
            # a list's chosen text, its padding and its arrow (20 px) within the list's width, for
            # colour whist as pagat plays it too (its choice when all pass, "on redonne, donne
            # suivante double", was cut)
            page.select_option("select[name=preset]", "pagat")
            cut = page.evaluate("""() => [...document.querySelectorAll('#create select')].filter((e) => {
              const style = getComputedStyle(e);
              const pen = document.createElement('canvas').getContext('2d');
              pen.font = style.font;
              const text = pen.measureText(e.options[e.selectedIndex].text).width;
              const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
              return text + padding + 20 > e.clientWidth + 1;
            }).map((e) => e.name)""")
            assert cut == [], lang
            # a rule option's box or number on its name's line (a number's field, 200 px wide,
            # went under its name, and the box of a long name went above it): classic whist's
            page.select_option("select[name=preset]", "classic")
            under = page.evaluate("""() => [...document.querySelectorAll(
                '#create .opt input[type=checkbox], #create .opt input[type=number]')]
              .filter((e) => e.getBoundingClientRect().top - e.parentNode.getBoundingClientRect().top > 10)
              .map((e) => e.name)""")
            assert under == [], lang
            page.select_option("select[name=preset]", "couleur")
            page.click("#create details.options summary")
        browser.close()
    assert errors == []


def get_json(server: Server, path: str) -> Any:
    with urllib.request.urlopen(f"{server.base}{path}") as r:
        return json.load(r)


def test_the_players_play_again_with_the_same_at_one_new_table(server: Server) -> None:
    """Anne (South) and Bruno (North) play a deal of colour whist against two bots; Bruno's page is
    closed, a bot plays for him. At the end Anne's dialog offers to play again with the same: her
    click opens one new table of the same game, bots in the same seats, where she sits South again;
    nobody sits North until Bruno, coming back to the finished table's page, is told that the next
    game is open and joins it, at North, in the same table."""
    from playwright.sync_api import sync_playwright

    spec = {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "takeover_after": 0,
            "seats": {"E": "heuristic", "W": "random"}, "options": {"deals": 1}, "name": "Chez Anne"}
    path = create_table(server, spec)
    old = path.rsplit("/", 1)[1]
    bruno_token = post_json(server, f"/api/tables/{old}/join", {"name": "Bruno", "seat": "N"})["token"]
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, anne = phone_page(pw, f"{server.base}{path}", errors)
        sit_down(anne, "Anne")
        bid_and_play_until(anne, "#again", 90, pass_if_she_may)
        anne.wait_for_function("() => document.activeElement.id === 'again'")
        assert anne.locator("#again").inner_text() == "Rejouer avec les mêmes"
        # Bruno comes back to the finished table: he is offered the same
        bruno = browser.new_context(locale=LOCALE, viewport={"width": 390, "height": 844}).new_page()
        bruno.on("pageerror", lambda e: errors.append(str(e)))
        bruno.goto(f"{server.base}/")
        bruno.evaluate("([id, token]) => localStorage.setItem('whist.token.' + id, token)",
                       [old, bruno_token])
        bruno.goto(f"{server.base}{path}")
        bruno.wait_for_selector("#again")
        bruno.click(".overlay .close")
        assert bruno.locator("#again-bar").inner_text() == "Rejouer avec les mêmes"
        anne.click("#again")
        anne.wait_for_url(lambda url: old not in url)
        new = anne.url.rsplit("/", 1)[1]
        anne.wait_for_selector(".seat-bottom >> text=Anne (vous)")
        table = get_json(server, f"/api/tables/{new}")["table"]
        assert [(s["seat"], s["kind"], s["name"]) for s in table["seats"]] == [
            ("N", "open", None), ("E", "bot", None), ("S", "open", "Anne"), ("W", "bot", None)]
        assert [s["bot"] for s in table["seats"]][1::2] == ["heuristic", "random"]
        assert (table["name"], table["rules"]["deals"], table["started"]) == ("Chez Anne", 1, False)
        # Bruno's page, without being loaded again, says that the next game is open
        bruno.wait_for_selector("#over-banner >> text=Une nouvelle partie avec les mêmes est ouverte.")
        assert bruno.locator("#again-bar").inner_text() == "Rejoindre la partie suivante"
        bruno.click("#again-bar")
        bruno.wait_for_url(f"{server.base}/t/{new}")
        bruno.wait_for_selector(".seat-bottom >> text=Bruno (vous)")
        assert get_json(server, f"/api/tables/{old}")["table"]["again"] == new
        names = [s["name"] for s in get_json(server, f"/api/tables/{new}")["table"]["seats"]]
        assert names == ["Bruno", None, "Anne", None]
        anne.wait_for_selector("#hand .card")  # every open seat taken: the game starts
        browser.close()
    assert errors == []


def test_a_deals_summary_names_a_player_who_has_left_since(server: Server) -> None:
    """Bruno sits West (away: a bot plays for him) for a deal of colour whist with Anne; as the
    deal's summary shows, he leaves the table. The summary still names him, not "Ouest", over the
    column of the deal he played, and so does the whole sheet while nobody sits West."""
    from playwright.sync_api import sync_playwright
    from websockets.sync.client import connect

    spec = {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "takeover_after": 0,
            "deal_pause": 600, "seats": {"N": "heuristic", "E": "heuristic"}, "options": {"deals": 2}}
    path = create_table(server, spec)
    tid = path.rsplit("/", 1)[1]
    bruno = post_json(server, f"/api/tables/{tid}/join", {"name": "Bruno", "seat": "W"})["token"]
    heads = "() => [...document.querySelectorAll('.overlay .scores thead th.who')].map(e => e.title)"
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, anne = phone_page(pw, f"{server.base}{path}", errors)
        sit_down(anne, "Anne")
        # a deal everybody passed is dealt again (the bot for Bruno thinks against the clock)
        for _ in range(5):
            bid_and_play_until(anne, ".overlay .scores, #next-deal")
            if anne.locator(".overlay .scores").count():
                break
            next_deal(anne)
        assert anne.evaluate(heads) == ["Nord", "Est", "Anne", "Bruno"]
        with connect(f"ws://127.0.0.1:{server.port}/api/tables/{tid}/ws") as ws:
            ws.send(json.dumps({"type": "hello", "token": bruno}))
            ws.send(json.dumps({"type": "leave"}))
            anne.wait_for_selector(".seat-left .name >> text=Ouest")  # West is free: a bot plays it
        assert anne.evaluate(heads) == ["Nord", "Est", "Anne", "Bruno"]
        anne.click("#close-summary")
        anne.click("#show-scores")
        whole = anne.locator("#score-table thead th.who").evaluate_all("els => els.map(e => e.title)")
        assert whole == ["Nord", "Est", "Anne", "Bruno"]
        browser.close()
    assert errors == []


# Whether the hand is on screen, clear of the fixed toolbar.
HAND_IN_VIEW = """() => { const hand = document.querySelector('#hand').getBoundingClientRect();
    const bar = document.querySelector('.toolbar').getBoundingClientRect().top;
    return hand.top >= 0 && hand.bottom <= bar; }"""


def test_the_hand_comes_into_view_at_twice_the_zoom_when_a_card_is_to_play(server: Server) -> None:
    """At 200 % zoom in a window of 880 × 920 (a page of 440 × 460) the hand is below the screen at
    the top of the page: when the player's turn to play a card comes, the page scrolls it into
    view, clear of the toolbar, and leaves the focus where it was; when it is in view already, the
    page does not move. (A page wider than high and under 500 pixels high, 1280 × 900 at 200 %,
    takes the layout of a phone held sideways, where the hand is in view at the top.)"""
    from playwright.sync_api import sync_playwright

    # classic whist, South leads (seed 3)
    spec = {"preset": "classic", "seed": 3, "bot_delay": 0.05, "seats": BOTS3}
    mine = "n => document.querySelectorAll('#hand.choosing .card').length === n"
    play = "() => document.querySelector('#hand.choosing .playable').click()"  # no scroll of its own
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, spec, errors, 440, 460)
        page.wait_for_function(mine, arg=13)
        page.wait_for_function(HAND_IN_VIEW)
        page.evaluate("() => scrollTo(0, 0)")
        assert not page.evaluate(HAND_IN_VIEW)  # at the top of the page the hand is out of sight
        page.focus("#show-scores")
        page.evaluate(play)
        page.wait_for_function(mine, arg=12)  # her next turn: the hand comes into view
        page.wait_for_function(HAND_IN_VIEW)
        assert page.evaluate("() => document.activeElement.id") == "show-scores"
        at = page.evaluate("scrollY")
        page.evaluate(play)
        page.wait_for_function(mine, arg=11)
        assert page.evaluate("scrollY") == at and page.evaluate(HAND_IN_VIEW)
        browser.close()
    assert errors == []


def test_a_dialog_scrolled_down_stays_there_as_the_table_changes(server: Server) -> None:
    """On a phone held sideways the end of a game's summary is longer than the screen: Anne scrolls
    down to its buttons, and a friend asks to play again with the same. Her page, drawn again with
    the news, keeps the dialog where she scrolled it (it went back to its top, the news and its
    button out of sight below)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, ONE_DEAL, errors, 844, 390)
        bid_and_play_until(page, "#over")
        sheet = page.locator(".overlay .sheet")
        assert sheet.evaluate("s => s.scrollHeight > s.clientHeight + 40")  # it must scroll
        at = sheet.evaluate("s => { s.scrollTop = s.scrollHeight; return s.scrollTop; }")
        table = page.url.rsplit("/", 1)[1]
        post_json(server, f"/api/tables/{table}/again", {})
        page.wait_for_selector("#again-open")
        assert sheet.evaluate("s => s.scrollTop") == at
        # another dialog opened instead starts at its top
        page.click(".overlay .close")
        page.click("#show-scores")
        page.wait_for_selector(".overlay .sheet")
        assert sheet.evaluate("s => s.scrollTop") == 0
        browser.close()
    assert errors == []
