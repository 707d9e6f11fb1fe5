"""The pages a person meets outside a game in a real browser: a link to no table, the lobby's
form and the page's controls on a small phone. Playwright drives Debian's Chromium, as in
test_server_browser.py.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from test_server_browser import (
    ARGS,
    BOTS3,
    CHROMIUM,
    NEEDS_CHROMIUM,
    NORTH_PROPOSES,
    ONE_DEAL,
    SEED,
    Server,
    anne_at,
    bid_and_play_until,
    create_table,
    get_json,
    phone_page,
    play_a_card,
    play_until,
    post_json,
    server,  # noqa: F401 - the fixture
    sit_down,
)

pytestmark = NEEDS_CHROMIUM


def test_a_link_to_no_table_says_so_in_the_pages_language(server: Server) -> None:  # noqa: F811
    """A mistyped table link says there is no table there in the page's language, with the
    language switch and the way home (in English it gave the server's bare "no table 'nope'"), and
    forgets a seat this browser held there. A link to no page at all says so too (it showed the
    API's JSON)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}/t/nope", errors)
        page.evaluate("localStorage.setItem('whist.token.nope', 'x')")
        page.reload()
        page.wait_for_selector("#no-table")
        assert "Pas de table à ce lien" in page.inner_text("#no-table")
        page.click("button[data-lang=en]")
        assert page.inner_text("#no-table").startswith("No table at this link")
        assert page.title().startswith("No table at this link")
        assert page.evaluate("localStorage.getItem('whist.token.nope')") is None
        page.click("#no-table a")
        page.wait_for_selector("#create")
        page.goto(f"{server.base}/tables")  # no page at all: the page says so, not the API's JSON
        assert page.inner_text("#no-page").startswith("No page at this address")
        page.click("button[data-lang=fr]")
        assert page.inner_text("#no-page").startswith("Pas de page à cette adresse")
        browser.close()
    assert errors == []


@pytest.mark.parametrize(("locales", "opens"), [
    (["en-GB"], "en"), (["en-US", "fr-FR"], "en"), (["fr-BE"], "fr"), (["fr-CA", "en"], "fr"),
    (["de-DE", "en"], "en"), (["nl-BE"], "fr"), (["de-DE"], "fr"),
])
def test_the_page_opens_in_the_browsers_language(server: Server,  # noqa: F811
                                                  locales: list[str], opens: str) -> None:
    """The page opens in the first of the browser's languages it speaks, French or English, and in
    French when it speaks none of them (the clubs' language); it opened in French for everyone.
    The switch is kept for the next visit: chosen once, it wins over the browser's languages."""
    from playwright.sync_api import sync_playwright

    lobby = {"en": "New table", "fr": "Nouvelle table"}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(locale=locales[0], extra_http_headers={
            "Accept-Language": ",".join(locales)})
        context.add_init_script(f"Object.defineProperty(navigator, 'languages', {{get: () => {locales!r}}})")
        page = context.new_page()
        page.goto(server.base)
        page.wait_for_selector("#create")
        assert page.evaluate("document.documentElement.lang") == opens
        assert lobby[opens] in page.inner_text("body")
        assert page.evaluate("localStorage.getItem('whist.language')") is None  # opened so, not chosen
        other = "fr" if opens == "en" else "en"
        page.click(f"button[data-lang={other}]")
        page.reload()
        page.wait_for_selector("#create")
        assert page.evaluate("document.documentElement.lang") == other
        assert lobby[other] in page.inner_text("body")
        browser.close()


def test_a_language_the_page_stored_by_itself_is_no_choice(server: Server) -> None:  # noqa: F811
    """Until the page followed the browser, it stored its language at every load, chosen or not
    (« whist.lang »): an English browser that had visited then kept opening in French. That key
    is no choice and is not read; the switch's choice is kept under another."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(locale="en-GB")
        context.add_init_script("localStorage.setItem('whist.lang', 'fr')")
        page = context.new_page()
        page.goto(server.base)
        page.wait_for_selector("#create")
        assert page.evaluate("document.documentElement.lang") == "en"
        page.click("button[data-lang=fr]")
        assert page.evaluate("localStorage.getItem('whist.language')") == "fr"
        page.reload()
        page.wait_for_selector("#create")
        assert page.evaluate("document.documentElement.lang") == "fr"
        browser.close()


# The controls a finger could not hit on a phone: less than 24 × 24 pixels (WCAG 2.2, 2.5.8); a
# checkbox's target is its whole label.
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, a[href], summary, select, input:not([type=checkbox]), [role=button]')]
  .filter((e) => { const r = e.getBoundingClientRect(); return r.width && (r.width < 24 || r.height < 24); })
  .map((e) => (e.id || e.className || e.tagName) + ' ' + e.textContent.trim().slice(0, 20))"""


# The buttons, lists, fields and folds' titles less than 40 pixels high, a finger's width, shown
# in what ``scope`` names.
SHORT_BUTTONS = """(scope) => [...document.querySelector(scope).querySelectorAll(
    'button, .button, summary, select, input:not([type=checkbox])')]
  .filter((e) => { const r = e.getBoundingClientRect(); return r.width && r.height < 40; })
  .map((e) => (e.id || e.className || e.tagName) + ' ' + e.textContent.trim().slice(0, 20))"""


def test_a_fold_opened_as_the_page_is_drawn_again_stays_open(server: Server) -> None:  # noqa: F811
    """A fold of the lobby (the score sheet's form, the rule options) opened just as the page is
    drawn again (the presets come; here the language changed in the same moment) stays open: it
    came back folded, the browser telling the page of the opening only a moment later, and the
    sheet's names were out of reach."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}/", errors)
        page.wait_for_selector("select[name=preset]:not([disabled])")
        for fold, lang in (("#new-sheet", "en"), ("#create details.options", "fr")):
            page.evaluate("""([fold, lang]) => {
                document.querySelector(`${fold} > summary`).click();
                document.querySelector(`button[data-lang=${lang}]`).click();
            }""", [fold, lang])
            assert page.locator(fold).get_attribute("open") is not None, fold
        page.fill("input[name=sheet-name-N]", "Anne")  # within reach
        browser.close()
    assert errors == []


def test_every_control_is_big_enough_to_touch_on_a_phone(server: Server) -> None:  # noqa: F811
    """On a phone 360 pixels wide, the lobby's and a table's controls are 24 pixels or more each
    way: the language buttons were 21 high, the folds' titles ("Options des règles", "Annonces plus
    hautes") 16 and the links to the tables in play 19. Its buttons, lists, fields and folds'
    titles, the score sheet's close button too, are 40 pixels high or more, for a finger (the
    toolbar's were 26, a bid's 27, the language's 32); held sideways (568 × 320), the lobby's,
    a table's seat to take and a dialog's are too (its close button was 26)."""
    from playwright.sync_api import sync_playwright

    table = create_table(server, {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors, 360, 740)
        page.wait_for_selector("#tables-in-play a")
        page.click("#create details.options summary")
        assert page.evaluate(SMALL_TARGETS) == []
        assert page.evaluate(SHORT_BUTTONS, "body") == []
        page.set_viewport_size({"width": 568, "height": 320})  # held sideways, the lobby's too
        assert page.evaluate(SHORT_BUTTONS, "body") == []
        page.set_viewport_size({"width": 360, "height": 740})
        page.goto(f"{server.base}{table}")
        page.wait_for_selector(".banner button[data-sit]")
        page.set_viewport_size({"width": 568, "height": 320})  # a seat to take, held sideways
        assert page.evaluate(SHORT_BUTTONS, ".banner") == []
        page.set_viewport_size({"width": 360, "height": 740})
        sit_down(page, "Anne")
        page.wait_for_selector("#legal-calls details.more-bids")  # South's first call, the higher bids folded
        page.click("#legal-calls details.more-bids summary")
        assert page.evaluate(SMALL_TARGETS) == []
        assert page.evaluate(SHORT_BUTTONS, "body") == []
        page.click("#show-scores")
        page.wait_for_selector(".overlay .close")
        assert page.evaluate(SHORT_BUTTONS, "body") == []
        page.set_viewport_size({"width": 568, "height": 320})  # held sideways: the dialog's buttons
        assert page.evaluate(SHORT_BUTTONS, ".overlay") == []
        browser.close()
    assert errors == []


# The cards of the hand whose rank the next card covers, in part
RANKS_COVERED = """() => {
  const cards = [...document.querySelectorAll('#hand .card')];
  const left = (i) => cards[i].getBoundingClientRect().left;
  const rankEnd = (c) => c.querySelector('svg text').getBoundingClientRect().right;
  return cards.slice(0, -1).filter((c, i) => rankEnd(c) > left(i + 1)).map((c) => c.dataset.card);
}"""


def test_every_rank_of_the_hand_shows_whole_on_a_phone(server: Server) -> None:  # noqa: F811
    """On a phone 360 pixels wide, the card over each card of the hand leaves its rank whole: the
    "10" of the ten of diamonds was cut ("1(")."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, {**ONE_DEAL, "seed": 5}, errors, 360, 740)
        assert "TD" in page.locator("#hand .card").evaluate_all("els => els.map((e) => e.dataset.card)")
        assert page.evaluate(RANKS_COVERED) == []
        browser.close()
    assert errors == []


def test_a_misere_says_its_declarer_needs_no_trick(server: Server) -> None:  # noqa: F811
    """Anne (South, eldest hand, seed 1) calls a small misère against three bots and discards: the
    table says she needs no trick, out of twelve, in both languages, as the terminal says it (it
    said "exactement 0 pli", "exactly 0 tricks")."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, ONE_DEAL, errors)
        page.click('#legal-calls details.more-bids summary')
        page.click('#legal-calls [data-action="small misère"]')
        page.wait_for_selector("#actions .prompt >> text=Écartez une carte")
        # her turn said as every other prompt says it
        assert page.inner_text("#actions .prompt").startswith("À vous — Écartez une carte")
        play_a_card(page)  # her discard
        page.wait_for_selector("#info >> text=Il faut")
        assert "Il faut\u00a0: aucun pli (12 plis dans la donne)" in page.inner_text("#info")
        page.click("button[data-lang=en]")
        assert "Needed: no trick (12 tricks in the deal)" in page.inner_text("#info")
        browser.close()
    assert errors == []


def test_a_misere_is_made_or_failed_in_the_feminine_in_french(server: Server) -> None:  # noqa: F811
    """Anne (South, eldest hand, seed 1) calls a small misère against three bots and plays it out:
    the deal's summary, the whole sheet and the deals played say « petite misère (Anne) réussie »
    or « chutée », agreeing with « misère » as the terminal does (they said « chuté »); in
    English, "made" or "failed"."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, ONE_DEAL, errors)
        page.click('#legal-calls details.more-bids summary')
        page.click('#legal-calls [data-action="small misère"]')
        play_until(page, "#over")
        said = page.inner_text(".result-line")
        assert re.fullmatch(r"petite misère \(Anne\) (réussie|chutée)", said), said
        assert said in page.locator("table.scores").last.inner_text()  # the whole sheet, under the summary
        page.click(".overlay button[data-lang=en]")  # the dialog's own switch
        english = page.inner_text(".result-line")
        assert english == said.replace("petite misère", "small misère").replace(
            "réussie", "made").replace("chutée", "failed")
        page.click(".overlay button[data-lang=fr]")
        page.click(".overlay .close")
        page.click("#show-history")
        page.wait_for_selector(".history li")
        assert said in page.inner_text(".history li")
        browser.close()
    assert errors == []


# A space a line may break at before French « : ; ? ! » or after « (French sets a non-breaking one)
BREAKABLE_FRENCH_SPACE = re.compile(r"[ \n][:;?!»]|«[ \n]")


def test_no_french_line_begins_with_a_colon(server: Server) -> None:  # noqa: F811
    """In French a colon, a semicolon, a question or exclamation mark and the closing » follow a
    non-breaking space, the opening « is followed by one: on a phone no line of the lobby (its
    own words, the rules' options as the server says them, a refusal from the server) begins
    with one of them (« … avec de vraies cartes » then « : entrez chaque donne » on the next)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors)
        page.wait_for_selector("select[name=preset]:not([disabled])")
        page.click("#sheet-panel summary, details:has-text('Feuille de marque') > summary")
        page.fill("input[name=name]", "Anne")
        page.select_option("#create select[name=preset]", "classic")
        page.click("#create details.options summary")
        page.fill("input[name=opt-game_points]", "2")  # refused by the server, in its words
        page.dispatch_event("input[name=opt-game_points]", "change")
        page.click("#create-table")
        page.wait_for_selector("#create .error")
        text = page.inner_text("#app")
        assert "vraies cartes" in text and "Chanter à huit" in text
        assert BREAKABLE_FRENCH_SPACE.findall(text) == [], text
        browser.close()
    assert errors == []


def test_every_row_of_bids_starts_its_buttons_in_one_column_on_a_phone(server: Server) -> None:  # noqa: F811
    """Anne (South, eldest hand, seed 1), on a phone, unfolds the higher bids: in French and in
    English every row's first button is in one column, a long name (« grande misère sur table »)
    on two lines beside it, over none of them (it pushed its button out of the column)."""
    from playwright.sync_api import sync_playwright

    lefts = """() => [...document.querySelectorAll('#legal-calls .bid-row')].map((row) => {
        const label = row.querySelector('.bid-label').getBoundingClientRect();
        const button = row.querySelector('button').getBoundingClientRect();
        return [Math.round(button.left), label.right <= button.left]; })"""
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, ONE_DEAL, errors)
        page.click('#legal-calls details.more-bids summary')
        assert "grande misère sur table" in page.inner_text("#legal-calls")
        for lang in ("fr", "en"):
            page.click(f"button[data-lang={lang}]")
            rows = page.evaluate(lefts)
            assert len(rows) > 10 and len({left for left, _ in rows}) == 1, (lang, rows)
            assert all(clear for _, clear in rows), (lang, rows)
        browser.close()
    assert errors == []


def test_a_full_table_says_every_seat_is_taken(server: Server) -> None:  # noqa: F811
    """A friend who follows the link of a table whose seats are all taken is told so, in both
    languages, not only that he watches."""
    from playwright.sync_api import sync_playwright

    path = create_table(server, {**ONE_DEAL, "bot_delay": 1.0})
    post_json(server, f"/api/tables/{path.rsplit('/', 1)[1]}/join", {"name": "Anne", "seat": "S"})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{path}", errors)
        page.wait_for_selector("#watch-banner")
        assert "Toutes ses places sont prises" in page.inner_text("#watch-banner")
        page.click("button[data-lang=en]")
        assert page.inner_text("#watch-banner").startswith(
            "You are watching this table. Every seat is taken: you may take one if a player leaves, or"
            " once a bot plays it while its player is away.")
        browser.close()
    assert errors == []


def laptop_page(browser: Any, url: str, errors: list[str]) -> Any:
    """The table's page at ``url`` on a laptop of the same person (a second device: a context of
    its own, with no token of the first), in French, its script errors added to ``errors``."""
    page = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 800}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page


def test_a_player_on_a_second_device_is_told_how_to_bring_his_seat_there(server: Server) -> None:  # noqa: F811
    """Anne sits South on her phone, then opens the table's link on her laptop: the laptop only
    watched, and said that every seat was taken, as to a stranger, and not how she could play
    there. The full table's page now tells a player seated on another device that his seat waits
    for him there, and to leave it there to take it here; so she does, and sits South here."""
    from playwright.sync_api import sync_playwright

    path = create_table(server, {**ONE_DEAL, "bot_delay": 1.0})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, phone = phone_page(pw, f"{server.base}{path}", errors)
        sit_down(phone, "Anne")
        laptop = laptop_page(browser, f"{server.base}{path}", errors)
        laptop.wait_for_selector("#watch-banner")
        said = laptop.inner_text("#watch-banner")
        assert "Assis à cette table sur un autre appareil\u00a0?" in said, said
        assert "quittez-la là-bas (« Quitter »)" in said.replace("\u00a0", " "), said
        laptop.click("button[data-lang=en]")
        assert "Seated at this table on another device?" in laptop.inner_text("#watch-banner")
        laptop.click("button[data-lang=fr]")
        phone.once("dialog", lambda d: d.accept())
        phone.click("#leave")
        sit_down(laptop, "Anne")
        assert "Anne (vous)" in laptop.inner_text(".seat.mine")
        browser.close()
    assert errors == []


def test_the_deals_played_say_when_there_is_none_yet(server: Server) -> None:  # noqa: F811
    """The list of the deals played, opened during the first deal, says that none has finished
    yet, in both languages (it was an empty sheet)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, {**ONE_DEAL, "bot_delay": 1.0}, errors)
        page.click("#show-history")
        assert page.inner_text("#no-deals") == "Aucune donne terminée pour l'instant."
        page.keyboard.press("Escape")
        page.click("button[data-lang=en]")
        page.click("#show-history")
        assert page.inner_text("#no-deals") == "No deal finished yet."
        assert page.locator(".sheet ol.history").count() == 0
        browser.close()
    assert errors == []


def test_the_language_is_switched_with_a_dialog_open(server: Server) -> None:  # noqa: F811
    """The page's language switch, in its header, is out of reach while a dialog is open (the
    table behind it is inert): the dialog carries one of its own, which says the dialog again in
    the language chosen, keeps the keyboard's focus, and the table behind it follows."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, {**ONE_DEAL, "bot_delay": 1.0}, errors)
        page.click("#show-history")
        assert page.inner_text("#no-deals") == "Aucune donne terminée pour l'instant."
        page.locator(".overlay button[data-lang=en]").click(timeout=5000)
        assert page.inner_text(".overlay h2") == "Deals played"
        assert page.inner_text("#no-deals") == "No deal finished yet."
        assert page.get_attribute(".overlay", "aria-label") == "Deals played"
        assert page.get_attribute(".overlay .close", "aria-label") == "Close"
        assert page.evaluate("() => document.activeElement.closest('.overlay .langs')"
                             " && document.activeElement.dataset.lang") == "en"
        page.keyboard.press("Escape")
        page.wait_for_selector(".overlay", state="detached")
        assert page.inner_text("#show-history") == "Deals"
        page.click("#show-last")
        assert page.inner_text(".overlay h2") == "Last trick"
        page.keyboard.press("Shift+Tab")  # the keyboard reaches it too, within the dialog
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("() => document.activeElement.dataset.lang") == "fr"
        page.keyboard.press("Enter")
        assert page.inner_text(".overlay h2") == "Dernier pli"
        assert page.inner_text(".overlay p") == "Aucun pli terminé."
        page.click(".overlay .close")
        assert page.inner_text("#show-history") == "Donnes"
        browser.close()
    assert errors == []


def test_the_back_button_closes_a_dialog_not_the_table(server: Server) -> None:  # noqa: F811
    """On a phone, the back button with the scores open closes them and stays at the table (it
    left the table); a dialog closed by its own button leaves no step behind, so that the back
    button then leaves the table at once."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, {**ONE_DEAL, "bot_delay": 1.0}, errors)
        table = page.url
        page.click("#show-scores")
        page.wait_for_selector(".overlay")
        page.go_back()
        page.wait_for_selector(".overlay", state="detached")
        assert page.url == table and page.locator("#hand .card").count() == 13
        page.click("#show-last")
        page.click(".overlay .close")
        page.wait_for_function("history.state === null")  # the dialog's step taken back
        page.go_back()
        assert page.url == "about:blank"
        browser.close()
    assert errors == []


def test_the_back_button_after_a_reload_with_a_dialog_open_leaves_the_table(server: Server) -> None:  # noqa: F811
    """A page reloaded while a dialog was open (the scores, the deals played) shows the table without it,
    and the back button then leaves the table, as after any visit: the dialog's step was left in
    the history, and the back button went to the same table again, as if it did nothing."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, {**ONE_DEAL, "bot_delay": 1.0}, errors)
        table = page.url
        for dialog in ("#show-scores", "#show-history"):
            page.click(dialog)
            page.wait_for_selector(".overlay")
            page.reload()
            page.wait_for_selector("#hand .card")
            page.wait_for_function("history.state === null", timeout=5000)  # the dialog's step taken back
            assert page.url == table and page.locator(".overlay").count() == 0
        page.go_back()
        assert page.url == "about:blank"
        browser.close()
    assert errors == []


def test_a_double_click_makes_one_table_and_takes_one_seat(server: Server) -> None:  # noqa: F811
    """A double click (or an impatient second tap) on *Créer la table* makes one table, not two
    (the second stayed in the lists, a seat held in it); on *S'asseoir en Sud* it seats the
    person without saying that the seat is no longer free."""
    from playwright.sync_api import sync_playwright

    other = create_table(server, {**ONE_DEAL, "bot_delay": 1.0, "seats": {**BOTS3, "N": "open"}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors)
        page.wait_for_selector("select[name=preset]:not([disabled])")
        page.fill("input[name=name]", "Anne")
        page.dblclick("#create-table")
        page.wait_for_url("**/t/*")
        page.wait_for_selector("#hand .card")
        held = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('whist.token.'))")
        assert held == [f"whist.token.{page.url.rsplit('/', 1)[1]}"]
        assert len(get_json(server, "/api/tables")["tables"]) == 2  # hers and the other
        page.goto(f"{server.base}{other}")
        page.fill("input[name=join-name]", "Anne")
        page.dblclick("button[data-sit=S]")
        page.wait_for_selector(".seat-bottom >> text=Anne (vous)")
        page.wait_for_timeout(300)  # the second click's answer, had it been sent
        assert page.locator("#toast.show").count() == 0
        browser.close()
    assert errors == []


# Whether every element ``selectors`` name is whole on the screen, above the fixed toolbar: the
# names of those that are not, with their place.
OFF_SCREEN = """(selectors) => {
  const bottom = document.querySelector('.toolbar').getBoundingClientRect().top;
  const at = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
  return selectors
    .flatMap((s) => [...document.querySelectorAll(s)].map((e) => [s, e.getBoundingClientRect()]))
    .filter(([s, r]) => r.top < 0 || r.left < 0 || r.bottom > bottom || r.right > innerWidth)
    .map(([s, r]) => `${s} ${at(r)}`);
}"""


def test_a_phone_held_sideways_shows_the_trick_the_hand_and_whose_turn_together(server: Server) -> None:  # noqa: F811
    """A phone held sideways (740 × 360): while Anne chooses a card, the trick with the cards
    played to it, her whole hand, the seat whose turn it is and the prompt are all on the screen
    at once, above the toolbar, without scrolling (the page was one column: the hand scrolled into
    view, the trick was off the top)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    spec = {"preset": "classic", "seed": 3, "bot_delay": 0.2, "seats": BOTS3}  # South leads
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, spec, errors, 740, 360)
        play_a_card(page)
        # her next turn: the first trick shown a moment, then taken, and a new one begun
        page.wait_for_selector("#hand.choosing .playable")
        shown = ["#trick", "#trick .card", "#hand", "#hand .card", ".seat.turn", "#actions .prompt"]
        assert page.evaluate(OFF_SCREEN, shown) == []
        # East won the first trick and led the second: his card on the table, South to follow
        assert page.locator("#trick .card").evaluate_all("els => els.map((e) => e.dataset.playedBy)") == ["E"]
        assert page.locator(".seat.turn").get_attribute("data-seat") == "S"
        browser.close()
    assert errors == []


# The calls offered that a person cannot touch: each one's place, unless it is whole on the screen
# and its centre is on it, not under another control (the next column of bids) or the toolbar
COVERED = """() => [...document.querySelectorAll('#legal-calls button')].filter((b) => {
  const r = b.getBoundingClientRect();
  const on = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth || !b.contains(on);
}).map((b) => `${b.dataset.action} ${Math.round(b.getBoundingClientRect().left)},${
  Math.round(b.getBoundingClientRect().top)}`)"""


@pytest.mark.parametrize("size", [(740, 360), (568, 320), (667, 375), (844, 390), (640, 320), (700, 320)])
def test_a_phone_held_sideways_shows_every_bid_of_the_auction(server: Server, size: tuple[int, int]) -> None:  # noqa: F811
    """A phone held sideways (740 × 360, the small 568 × 320, 667 × 375, 844 × 390; 640 × 320 and
    700 × 320, a screen less the browser's bars): at Anne's first call of colour whist, with every
    bid of the ladder offered, and at her next (North's proposal to accept), every call's button
    is on the screen above the toolbar, the page not scrolled, not under another button, and her
    hand with them, each rank whole (the bids were one column under
    the hand, the higher ones folded: the panel had to be scrolled to reach them; at 568 × 320 a
    row of four bids ran into the next column and off the screen, the last rows were under the
    toolbar, and so was the hand; at 700 × 320 the hand was under the toolbar)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, NORTH_PROPOSES, errors, *size)
        for turn in ("propose S", "accept"):
            page.wait_for_selector(f'#legal-calls [data-action="{turn}"]')
            if turn == "propose S":
                assert page.locator("#legal-calls .bid-btn").count() > 40  # the whole ladder
            for fold in page.locator("#legal-calls details:not([open]) summary").all():
                fold.click()  # the bids under a fold, as a person opens it
            page.evaluate("() => scrollTo(0, 0)")
            assert page.evaluate(OFF_SCREEN, ["#legal-calls button", "#hand", "#actions .prompt"]) == []
            assert page.evaluate(COVERED) == []
            assert page.evaluate(RANKS_COVERED) == []  # the hand's cards, smaller at 568 × 320
            assert page.evaluate("() => document.documentElement.scrollWidth") == size[0]  # nothing sideways
            page.click(f'#legal-calls [data-action="{turn}"]')
        page.wait_for_selector("#hand.choosing .playable", timeout=20_000)  # the play: the hand's place again
        assert page.evaluate(OFF_SCREEN, ["#trick", "#hand", "#actions .prompt"]) == []
        browser.close()
    assert errors == []


@pytest.mark.parametrize("size", [(568, 320), (375, 667)])
def test_a_phone_shows_the_prompt_over_the_calls_made(server: Server, size: tuple[int, int]) -> None:  # noqa: F811
    """A phone, a small one held sideways (568 × 320) or one upright (375 × 667), colour whist
    played after its auction: when Anne's hand is down to ten cards (each drawn larger sideways),
    her turn's prompt, her hand, her seat and the trick are on the screen above the toolbar, the
    calls made in the auction under the prompt (over it, they pushed the prompt under the toolbar:
    sideways as the cards grew, upright when the trick won was said over it)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, ONE_DEAL, errors, *size)
        bid_and_play_until(page, "#hand.choosing .playable")  # the auction over, her first card
        while page.locator("#hand .card").count() > 10:
            play_a_card(page)
            page.wait_for_selector("#hand.choosing .playable")
        shown = ["#trick", "#hand", ".seat.turn", "#actions .prompt"]
        assert page.evaluate(OFF_SCREEN, shown) == []
        calls = page.locator("#calls").bounding_box()
        prompt = page.locator("#actions .prompt").bounding_box()
        assert calls and prompt and calls["y"] >= prompt["y"] + prompt["height"], (calls, prompt)
        browser.close()
    assert errors == []


def test_the_seat_of_a_phone_that_died_is_taken_on_another_device(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """Anne's phone dies at the table: she cannot leave her seat from it. Once the server gives
    her seat to another (a bot plays it after ``takeover_after``, here 0.5 s, and she has been away
    ``Table.TAKE_GRACE``, 30 s, here 5 s), the table's page on her laptop offers it by her name,
    asks before it takes it from her, and she sits there (a friend could play on for her the same
    way). It offered it as soon as a bot played it, before the grace, and the server refused the
    click (409); it is told when the seat may be taken, with nothing else happening at the table."""
    from playwright.sync_api import sync_playwright

    from whist.server.table import Table

    monkeypatch.setattr(Table, "TAKE_GRACE", 5.0)

    path = create_table(server, {**ONE_DEAL, "bot_delay": 1.0, "takeover_after": 0.5})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, phone = phone_page(pw, f"{server.base}{path}", errors)
        sit_down(phone, "Anne")
        laptop = laptop_page(browser, f"{server.base}{path}", errors)
        laptop.wait_for_selector("#watch-banner")
        phone.context.close()  # the phone dies
        gone = time.monotonic()
        laptop.wait_for_selector(".seat[data-seat=S] .status.bot")  # a bot plays for Anne
        assert time.monotonic() - gone < 4.0  # (what follows is looked at before the grace is over)
        assert laptop.locator("button[data-sit=S]").count() == 0
        laptop.wait_for_selector("button[data-sit=S]", timeout=15_000)
        assert time.monotonic() - gone > 4.5
        said = " ".join(laptop.inner_text("button[data-sit=S]").split())
        assert said == "Prendre la place Sud d'Anne (un robot la joue en son absence)", said
        laptop.click("button[data-lang=en]")
        said = " ".join(laptop.inner_text("button[data-sit=S]").split())
        assert said == "Take South from Anne (away: a bot plays it)", said
        asked: list[str] = []

        def answer(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept()

        laptop.on("dialog", answer)
        sit_down(laptop, "Anne")
        assert "Anne (you)" in laptop.inner_text(".seat.mine")
        assert asked == ["Anne will lose the seat South: take it?"]
        browser.close()
    assert errors == []


def test_a_connection_gone_silent_is_opened_anew_when_the_page_is_seen_again(
        server: Server) -> None:  # noqa: F811
    """A phone that slept may wake with its connection to the table dead without a close (a
    network that dropped it without a word): the page showed the old table for good, every card
    played since unseen. It asks the server (``ping``) as it is seen again, and every 25 s, and
    opens the connection anew when no word comes back within 5 s."""
    from playwright.sync_api import sync_playwright

    path = create_table(server, {**ONE_DEAL, "bot_delay": 1.0})
    errors: list[str] = []
    opened: list[bool] = []  # one per connection: whether it has gone silent
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(locale="fr-FR").new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))

        def route(ws: Any) -> None:
            to_server = ws.connect_to_server()
            index = len(opened)
            opened.append(False)
            ws.on_message(lambda m: None if opened[index] else to_server.send(m))
            to_server.on_message(lambda m: None if opened[index] else ws.send(m))

        page.route_web_socket(re.compile(r".*/ws$"), route)
        page.goto(f"{server.base}{path}")
        sit_down(page, "Anne")
        before = len(opened)
        opened[before - 1] = True  # the connection in use goes silent, still open
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        end = time.monotonic() + 10
        while len(opened) == before:
            assert time.monotonic() < end, "the silent connection was not opened anew"
            page.wait_for_timeout(100)
        page.wait_for_selector("#hand .card")
        assert "Anne (vous)" in page.inner_text(".seat.mine")  # the same seat, by its token
        browser.close()
    assert errors == []
