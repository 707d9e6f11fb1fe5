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

The helpers here (a server, a phone's page, a seat taken, a card played) serve the other browser
tests: the table as it goes on (test_server_browser_table.py), its calls and keyboard (_calls), its
layout (_layout), classic whist (_classic), the lobby (_lobby), the pages outside a game (_pages),
a screen reader's view (_a11y) and the score sheet's page (_sheet).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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

NEEDS_CHROMIUM = pytest.mark.skipif(shutil.which(CHROMIUM) is None,
                                    reason="Debian's chromium is not installed")
"""The mark of every browser test: skipped where Debian's Chromium is not installed."""
pytestmark = NEEDS_CHROMIUM


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
               timezone: str | None = None, locale: str = LOCALE) -> tuple[Any, Any]:
    """Chromium, and a page of ``width`` × ``height`` (a phone's, 390 × 844, unless told) at ``url``,
    in the ``timezone`` given (the machine's if none) and ``locale``; the page's errors go to
    ``errors``."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page(locale=locale, viewport={"width": width, "height": height}, timezone_id=timezone)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return browser, page


@contextmanager
def posting_page(url: str, locale: str, path: str) -> Iterator[tuple[Any, list[str], list[Any]]]:
    """A page of a phone's size at ``url`` in a browser set to ``locale`` (fr-BE), the script errors
    it meets, and the bodies it POSTs to ``path`` (/api/sheets), each as JSON."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    sent: list[Any] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, "about:blank", errors, locale=locale)
        page.on("request", lambda r: sent.append(r.post_data_json)
                if r.method == "POST" and r.url.endswith(path) else None)
        page.goto(url)
        yield page, errors, sent
        browser.close()


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
NORTH_PROPOSES = {**ONE_DEAL, "seed": 9149}
"""One deal of colour whist where South (eldest hand: East deals) proposes spades, West passes,
North proposes hearts and South accepts North's: an emballage 8 in hearts of North and South,
North taking the first trick (seed 1 did, until the bots accepted with 1½ tricks of support;
seed 7664, until they bid a solo with half a trick to spare: its North bids solo 6 H now)."""


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


def in_widths_and_languages(page: Any, widths: tuple[int, ...],
                            height: int = 640) -> Iterator[tuple[int, str]]:
    """The page at each of ``widths`` in turn, in French then in English (switched by the open
    dialog's own switch): each width and language, as the page is in it."""
    for width in widths:
        page.set_viewport_size({"width": width, "height": height})
        for lang in ("fr", "en"):
            page.click(f".overlay button[data-lang={lang}]")
            yield width, lang


def assert_no_sideways_scroll(page: Any, *where: Any) -> None:
    """Neither the page nor the open dialog (its sheet) scrolls sideways; ``where`` is said if so."""
    sizes = page.evaluate("() => [document.scrollingElement, document.querySelector('.sheet')]"
                          ".flatMap(e => [e.scrollWidth, e.clientWidth])")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], (*where, sizes)


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
        facts = [" ".join(f.split()) for f in page.locator("#info li.fact").all_inner_texts()]
        summary = page.locator(".sheet").inner_text()
        assert "Plis" in summary and "Points" in summary
        # the score sheet and the history with the deal's replay
        page.click(".sheet .close")
        assert page.locator("#show-scores").inner_text() == "Marque"  # the running score, in French
        page.click("#show-scores")
        assert page.locator(".sheet-head h2").inner_text() == "Marque"
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
        assert page.locator(".replay-contract").count() == 0  # the auction is not over at its first call
        page.click("#replay-last")  # the play: the contract, its declarers and its trump, as the table said
        contract = " ".join(page.locator(".replay-contract").inner_text().split())
        said = next(f for f in facts if f.startswith("Contrat"))  # "Contrat : solo 7 ♥ — Est"
        trump = next(f for f in facts if f.startswith("Atout"))
        assert contract.split(" — ")[0] == said.split(" — ")[0], (contract, said)
        assert contract.endswith(" · " + trump), (contract, trump)
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
        # the most deals a table takes, as the server lists it (it stopped at 99)
        assert page.get_attribute("input[name=count]", "max") == "999"
        page.keyboard.type("a")
        page.keyboard.press("ArrowLeft")
        page.keyboard.type("-")  # where the caret was
        assert page.input_value("input[name=name]") == "Lé-a"
        page.select_option("select[name=preset]", "classic")
        assert page.get_attribute("input[name=count]", "max") == "99"  # rubbers
        page.click("details.options summary")
        assert "Honneurs" in page.locator("details.options").inner_text()
        assert page.get_attribute("input[name=opt-game_points]", "max") == "100"
        # past it the server's reason, in the page's language (the browser's own bubble, in its
        # own language, stopped the form before)
        page.select_option("select[name=preset]", "couleur")
        page.fill("input[name=count]", "5000")
        page.click("#create-table")
        page.wait_for_selector(".error")
        assert "au plus 999" in page.locator(".error").inner_text()
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
        # a classic trick is a levée (seed 000's word; a pli at colour whist)
        assert page.locator("#trick-won").inner_text() == f"Levée 13 pour {names[winner or '']}."
        summary = page.locator(".sheet").inner_text()
        assert "Points de levées" in summary and "EO" in summary and "Manche gagnée par" in summary
        # the standing after the deal: the game's score (a new game: 0 all), one game of the rubber won
        # the sides' headings stand over their numbers, on the right of their columns as they are
        assert page.locator(".sheet thead th.num").all_inner_texts() == ["NS (vous)", "EO"]
        standing = page.locator("#standing").inner_text()
        assert "Marque\u00a0: NS 0 · EO 0" in standing and "Manches\u00a0: " in standing, standing
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
        assert "Marque\u00a0: " not in final  # the game score of a rubber that is over says nothing
        assert page.locator("#tb-leave, #leave").count() == 0
        page.click(".overlay button[data-lang=en]")  # the sheet's own switch
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
        assert page.locator(".error").inner_text() == ("Ce serveur a déjà autant de tables en cours"
                                                       " qu'il en accepte (1)\u00a0: réessayez quand une"
                                                       " partie sera finie ou abandonnée depuis un moment")
        page.click("button[data-lang=en]")
        page.click("#create-table")
        page.wait_for_selector(".error >> text=try again")
        assert page.locator(".error").inner_text() == ("This server has as many tables in play as it"
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
    names = [t["named_for"] for t in json.load(urllib.request.urlopen(f"{server.base}/api/tables"))["tables"]]
    assert names == ["Léa"]


def test_a_table_named_for_its_player_is_named_in_each_pages_language(server: Server) -> None:
    """Léa makes a table in a French lobby, giving it no name: it is hers, « Table de Léa » on a
    French page and "Léa's table" on an English one (switched, or a friend's browser that speaks
    English), at the head of its page, in the page's title and in the lobby's lists. A name given
    to a table is shown as it was given, in both languages, even one that reads like the lobby's:
    « Table d'hôtes » was shown as "hôtes's table" (a table stored as « Table d'Anne » before the
    lobby named tables for their player keeps that name so)."""
    from playwright.sync_api import sync_playwright

    given = ["Table d'hôtes", "Bert's table", "Chez Carla"]
    for name in given:
        create_table(server, {"name": name, "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}/", errors)
        page.fill("input[name=name]", "Léa")
        page.click("#create-table")
        page.wait_for_selector("header .title strong")
        for lang, hers in (("fr", "Table de Léa"), ("en", "Léa's table")):
            page.click(f"button[data-lang={lang}]")
            assert page.inner_text("header .title strong") == hers
            assert page.title().endswith(f"{hers} · Whist"), page.title()
        for lang, hers in (("en", "Léa's table"), ("fr", "Table de Léa")):
            page.goto(f"{server.base}/")
            page.click(f"button[data-lang={lang}]")
            page.wait_for_selector("#my-tables li a")
            assert page.locator("#my-tables li a").all_inner_texts() == [hers]
            assert sorted(page.locator("#tables-in-play li a").all_inner_texts()) == sorted(given)
        friend = browser.new_context(locale="en-GB").new_page()
        friend.on("pageerror", lambda e: errors.append(str(e)))
        friend.goto(f"{server.base}/")
        friend.wait_for_selector("#tables-in-play li a")
        shown = friend.locator("#tables-in-play li a").all_inner_texts()
        assert sorted(shown) == sorted([*given, "Léa's table"])
        browser.close()
    assert errors == []
    listed = json.load(urllib.request.urlopen(f"{server.base}/api/tables"))["tables"]
    assert [(t["name"], t["named_for"]) for t in listed if t["named_for"]] == [("couleur", "Léa")]


def test_a_refused_option_says_why_in_the_pages_language(server: Server) -> None:
    """Games of 2 points with the classic preset's single game from 5: the server refuses the
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
            "Impossible de créer cette table\u00a0: l'option «\u00a0Points de la manche\u00a0» vaut 2,"
            " moins que «\u00a0Manche simple à partir de\u00a0» (5)\u00a0: donnez aussi «\u00a0Manche"
            " simple à partir de\u00a0», entre 1 et 2.")
        page.click("button[data-lang=en]")  # the reason said again in the page's new language
        assert page.locator(".error").inner_text() == (
            "This table cannot be created: option “Game points” is 2, below “Single game from” (5):"
            " give “Single game from” too, between 1 and 2.")
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


def test_a_name_already_at_the_table_is_refused_where_the_seat_buttons_are(server: Server) -> None:
    """Anne sits at East; a friend at the link types « anne » and clicks « S'asseoir en Nord »:
    the page says, in French, that Anne plays there already (the server's words, 409
    name_taken), he still watches, and sits down under another name."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seats": {"W": "heuristic", "S": "heuristic"}})
    post_json(server, f"/api/tables/{url[3:]}/join", {"name": "Anne", "seat": "E"})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors, 375, 667)
        page.fill("input[name=join-name]", " anne ")
        page.click("button[data-sit=N]")
        page.wait_for_selector("#toast.show")
        said = page.inner_text("#toast")
        assert said == "Anne joue déjà à cette table (place Est)\u00a0: choisissez un autre nom", said
        assert page.locator(".seat.mine").count() == 0
        page.fill("input[name=join-name]", "Anne B")
        page.click("button[data-sit=N]")
        page.wait_for_selector("#hand .card")
        assert page.inner_text(".seat.mine .name") == "Anne B (vous)"
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
      if (String(a[0]).endsWith('/join')) await new Promise((ok) => setTimeout(ok, 1000)); return r; }; }
      window.toasts = [];  // every toast shown, kept: one lasts 3.5 s, a loaded machine may miss it
      new MutationObserver(() => { const t = document.getElementById('toast');
        if (t && t.className === 'show') window.toasts.push(t.textContent); })
        .observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });"""
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
        for page in pages:
            page.wait_for_function("() => document.querySelector('.seat.mine') || window.toasts.length")
        seated = [page for page in pages if page.locator(".seat.mine").count()]
        assert len(seated) == 1
        late = next(page for page in pages if page not in seated)
        assert late.evaluate("window.toasts") == ["La place Nord est déjà prise"]
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

    spec = {"preset": "couleur", "seed": 67, "bot_delay": 0.1, "seats": BOTS3,
             "options": {"deals": 1, "trou_always_nine": nine}}
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, spec, errors)
        while not page.locator("#hand.choosing").count():  # S passes until he must show a card
            page.wait_for_selector("#legal-calls [data-action=pass], #hand.choosing")
            if page.locator("#legal-calls [data-action=pass]").count():
                page.click("#legal-calls [data-action=pass]")
                page.wait_for_selector("#legal-calls", state="detached")
        prompt = page.locator("#actions .prompt").inner_text()
        assert prompt == "À vous — Montrez une carte\u00a0: sa couleur sera l'atout " + words + ".", prompt
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

    spec = {"preset": "couleur", "seed": 18, "bot_delay": 10, "seats": BOTS3,
             "options": {"deals": 1}}
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, spec, errors)
        page.wait_for_selector("#four-aces")
        assert "Trou\u00a0: Anne + Est" in page.locator("#info").inner_text()
        assert page.locator("#four-aces").inner_text() == set_in_french(FOUR_ACES["fr"])
        assert "Anne annonce trou (quatre as)" in page.locator("#calls").inner_text()  # as the terminal
        page.click("button[data-lang=en]")
        assert page.locator("#four-aces").inner_text() == FOUR_ACES["en"]
        assert "Anne announces trou (four aces)" in page.locator("#calls").inner_text()
        browser.close()
    assert errors == []


def get_json(server: Server, path: str) -> Any:
    with urllib.request.urlopen(f"{server.base}{path}") as r:
        return json.load(r)
