"""A table in a real browser, as it goes on: a card refused (by the rules, out of turn), the share
button, the deals' number kept, a deal's summary and totals, a friend who sits down mid-deal or has
gone, playing again with the same, a dialog that keeps its scroll. Playwright drives Debian's
Chromium, as in test_server_browser.py.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

from test_server_browser import (  # noqa: F401 - server: the fixture
    ARGS,
    BOTS3,
    CHROMIUM,
    LOCALE,
    NEEDS_CHROMIUM,
    ONE_DEAL,
    SEED,
    Server,
    anne_at,
    bid_and_play_until,
    classic_form,
    create_table,
    dimmed_contrasts,
    get_json,
    next_deal,
    pass_if_she_may,
    phone_page,
    play_a_card,
    post_json,
    server,
    sit_down,
)

pytestmark = NEEDS_CHROMIUM


def test_a_card_the_rules_refuse_says_why(server: Server) -> None:  # noqa: F811
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


def test_a_card_clicked_out_of_turn_says_whose_turn_it_is(server: Server) -> None:  # noqa: F811
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


def test_a_card_the_table_refuses_as_out_of_turn_says_so_not_that_it_changed(server: Server) -> None:  # noqa: F811
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


def test_the_share_button_copies_the_link_without_the_clipboard_api(server: Server) -> None:  # noqa: F811
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


def test_the_number_of_deals_stays_when_the_colour_preset_changes(server: Server) -> None:  # noqa: F811
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


def test_the_summary_of_a_deal_of_colour_whist_gives_the_totals_so_far(server: Server) -> None:  # noqa: F811
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


def test_a_friend_who_sits_down_mid_deal_is_not_named_for_the_bots_calls(server: Server) -> None:  # noqa: F811
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


def test_the_table_says_it_waits_for_a_player_who_has_gone(server: Server) -> None:  # noqa: F811
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


def test_the_players_play_again_with_the_same_at_one_new_table(server: Server) -> None:  # noqa: F811
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


def test_a_deals_summary_names_a_player_who_has_left_since(server: Server) -> None:  # noqa: F811
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


def test_a_dialog_scrolled_down_stays_there_as_the_table_changes(server: Server) -> None:  # noqa: F811
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
