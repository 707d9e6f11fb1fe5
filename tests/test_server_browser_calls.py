"""The auction and the keyboard at a table in a real browser: a trick a bot wins held on the table,
the accept, bid and wait buttons in the page's language, the focus kept after a keyboard action,
the end of a deal and of the match as dialogs, the calls greyed while one waits for the server.
Playwright drives Debian's Chromium, as in test_server_browser.py.
"""

from __future__ import annotations

import itertools
import threading
import time
from typing import Any

from test_server_browser import (  # noqa: F401 - server: the fixture
    ARGS,
    BOTS3,
    CHROMIUM,
    LOCALE,
    NEEDS_CHROMIUM,
    NORTH_PROPOSES,
    ONE_DEAL,
    SEED,
    Server,
    anne_at,
    bid_and_play_until,
    create_table,
    phone_page,
    play_a_card,
    play_until,
    server,
    sit_down,
)

pytestmark = NEEDS_CHROMIUM


def test_a_trick_a_bot_wins_stays_on_the_table_before_its_next_lead(server: Server) -> None:  # noqa: F811
    """Bots at the lobby's fast speed (0.2 s a card) wait 0.4 s after a trick before its winner
    leads the next: too short to see the four cards of a trick that a bot won. The page keeps a
    trick just won on the table a moment (1.2 s) after it is drawn, and then draws the new lead:
    every trick a bot wins is drawn whole, framed as won, for a second at least, and what the
    table shows next is the next trick, led by that bot, its lead alone (the bots' cards that came
    during the pause are drawn one after the other, not all at once)."""
    from playwright.sync_api import sync_playwright

    spec = {"preset": "classic", "seed": 3, "bot_delay": 0.2, "seats": BOTS3}
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, spec, errors)
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


def test_the_accept_button_names_the_bid_it_accepts(server: Server) -> None:  # noqa: F811
    """With seed 9149 South proposes, North proposes higher, and South accepts (RULES.md §5.4: one
    accepts only the top bid). With several proposals in the auction a bare "J'emballe" did not
    say whose: the button names the bid it takes, its maker and suit, in French and in English."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, NORTH_PROPOSES, errors)
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


def test_the_bid_buttons_say_their_bid_in_the_pages_language(server: Server) -> None:  # noqa: F811
    """A bid's button shows only its suit, its row the bid: on hover and to a screen reader it says
    the whole bid in the page's language ("Proposer pique", "Solo 6 cœur"), not the engine's text
    ("propose S") nor its suit's symbol alone."""
    from playwright.sync_api import sync_playwright

    spec = {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "seats": BOTS3,
             "options": {"deals": 1}}
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, spec, errors)
        page.wait_for_selector("#legal-calls .bid-btn")
        names = {"fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
                 "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}}
        for lang in ("fr", "en", "fr"):
            page.dispatch_event(f"button[data-lang={lang}]", "click")
            buttons = page.locator("#legal-calls .bid-btn").evaluate_all(
                "els => els.map(e => [e.dataset.action, e.getAttribute('aria-label'),"
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


def test_the_wait_button_says_what_waiting_does(server: Server) -> None:  # noqa: F811
    """South is eldest hand (seed 1: East deals) and may wait as his first call (RULES.md §5.4, 2).
    "J'attends" alone did not say what it does: the button says it on hover, and a line under the
    calls in short, in French and in English: neither a pass nor a bid, he speaks again after the
    others, and may then no longer bid a one-player contract. At his next turn the page offers none."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "seats": BOTS3,
                                "options": {"deals": 1}})
    words = {
        "fr": ("Ni passe ni annonce\u00a0: vous parlerez de nouveau à votre tour suivant, après avoir entendu"
               " les autres. Vous ne pourrez plus annoncer de contrat solitaire (solo, misère, abondance,"
               " chelem…), mais encore proposer ou emballer.",
               "J'attends\u00a0: vous reparlerez après les autres, sans pouvoir annoncer de contrat"
               " solitaire."),
        "en": ("Neither a pass nor a bid: you speak again at your next turn, after hearing the others."
               " You may then no longer bid a one-player contract (solo, misère, abondance, slam…), but"
               " may still propose or accept.",
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


def test_the_focus_stays_in_the_hand_and_the_calls_after_a_keyboard_action(server: Server) -> None:  # noqa: F811
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


def test_the_end_of_a_deal_and_of_the_match_are_dialogs_for_the_keyboard(server: Server) -> None:  # noqa: F811
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


def test_the_calls_are_greyed_while_a_call_waits_for_the_server(server: Server) -> None:  # noqa: F811
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


def test_each_call_says_what_it_asks_of_its_players(server: Server) -> None:  # noqa: F811
    """Someone new to colour whist cannot tell from "emballage 9" or "piccolo" what the bid asks:
    each bid's button says it on hover and to a screen reader (its description), in the page's
    language, from its level and suit (RULES.md §5.5: a solo alone and at least its level in
    tricks, an emballage two together, a misère no trick); so do pass and accept."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seed": SEED, "bot_delay": 0.05, "seats": BOTS3,
                                "options": {"deals": 1}})
    words = {"fr": {"solo": "seul contre les trois autres : au moins {0} plis, atout {1}",
                    "emballage": "à deux : au moins {0} plis, atout {1}", "misère": "aucun pli",
                    "propose": "au moins 8 plis à deux", "pass": "Vous ne parlerez plus de cette donne."},
             "en": {"solo": "alone against the other three: at least {0} tricks, with {1} as trump",
                    "emballage": "two together: at least {0} tricks, with {1} as trump", "misère": "no trick",
                    "propose": "at least 8 tricks together", "pass": "You make no more calls in this deal."}}
    suits = {"fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
             "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}}
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        page.wait_for_selector("#legal-calls .bid-btn")
        for lang in ("fr", "en"):
            page.dispatch_event(f"button[data-lang={lang}]", "click")
            buttons = page.locator("#legal-calls .bid-btn").evaluate_all(
                "els => els.map(e => [e.dataset.action, e.title, e.getAttribute('aria-label'),"
                " e.getAttribute('aria-description')])")
            said = words[lang]
            seen = set()
            for action, title, name, meaning in buttons:
                assert meaning and title == f"{name} — {meaning}", buttons
                kind, *rest = action.split()
                if kind in ("solo", "emballage"):
                    level, suit = rest
                    assert meaning == said[kind].format(level, suits[lang][suit]), (action, meaning)
                    seen.add(kind)
                elif kind == "propose":
                    assert said["propose"] in meaning and suits[lang][rest[0]] in meaning, (action, meaning)
                    seen.add(kind)
                elif "misère" in action:
                    assert said["misère"] in meaning, (action, meaning)
                    seen.add("misère")
            assert seen == {"solo", "emballage", "propose", "misère"}, buttons
            assert page.locator("#legal-calls [data-action=pass]").get_attribute("title") == said["pass"]
            # a screen reader hears the bid's name, then what it asks
            solo = page.get_by_role("button", name=f"solo 6 {suits[lang]['S']}", exact=True)
            assert solo.get_attribute("aria-description") == said["solo"].format(6, suits[lang]["S"])
            # a touch screen has no hover: the same words are listed, folded, under the buttons, each
            # row's once (its suit: the button's), the simple calls' too; on a phone, not sideways
            page.click("#calls-help summary")
            terms = page.locator("#calls-help dt").all_inner_texts()
            meanings = dict(zip(terms, page.locator("#calls-help dd").all_inner_texts(), strict=True))
            labels = page.locator("#legal-calls .bid-label").all_text_contents()
            assert terms == [*page.locator("#legal-calls .call-btn").all_inner_texts(), *labels], terms
            button = {"fr": "de la couleur du bouton", "en": "the suit of the button"}[lang]
            solo6 = said["solo"].format(6, button)
            assert meanings[labels[labels.index("solo 6")]] == solo6[0].upper() + solo6[1:], meanings
            assert meanings[terms[0]] == said["pass"], meanings
            assert page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth"), lang
            page.click("#calls-help summary")
        browser.close()
    assert errors == []
