"""The lobby in a real browser: its list of tables following the server, the tables in play and the
finished ones, a game played again linked to its next game, the person's own tables, the seat
choices and the fields on a small phone. Playwright drives Debian's Chromium, as in
test_server_browser.py.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from test_server_browser import (  # noqa: F401 - server: the fixture
    ARGS,
    BOTS3,
    CHROMIUM,
    NEEDS_CHROMIUM,
    Server,
    create_table,
    get_json,
    phone_page,
    post_json,
    posting_page,
    server,
)

pytestmark = NEEDS_CHROMIUM


def test_the_lobby_list_follows_the_server_without_losing_what_is_typed(server: Server) -> None:  # noqa: F811
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


def test_the_lobby_lists_the_tables_in_play_and_folds_the_finished_ones(server: Server) -> None:  # noqa: F811
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
            "Fini · Colour whist (pagat rules) · over · ")
        assert page.locator("#open-tables h2").inner_text() == "Tables in play"
        page.click("#finished-tables li a")
        page.wait_for_url(f"**{done}")
        browser.close()
    assert errors == []

def test_a_finished_game_played_again_links_to_its_next_game_in_the_lobby(server: Server) -> None:  # noqa: F811
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


def test_a_players_finished_game_played_again_links_to_its_next_game_in_his_tables(server: Server) -> None:  # noqa: F811
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

    server = Server(f"sqlite:///{tmp_path / 'whist.db'}", unload_after=0.5)  # noqa: F811
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
            assert page.locator("#my-tables li").all_inner_texts() == [  # named in the page's language
                "Anne's table · Colour whist (club rules) · playing · Anne"]
            page.click("#my-tables li a")
            page.wait_for_url(f"**{path}")
            page.wait_for_selector("#legal-calls, #hand.choosing")  # his seat, his turn still
            browser.close()
    finally:
        server.stop()
    assert errors == []


def test_the_lobbys_seat_choices_are_named_by_their_seat(server: Server) -> None:  # noqa: F811
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


def test_a_name_typed_in_the_form_is_the_tables_in_the_lobby_and_at_the_table(server: Server) -> None:  # noqa: F811
    """Léa names her table « Table 1 » in the form, where its placeholder showed the name it would
    have without (« Table de Léa », "Léa's table" in English): the table is « Table 1 » as typed,
    trimmed, at the head of its page and in its title, in her tables and in a friend's list of the
    tables in play, in both languages. The field left with nothing visible in it, her next table
    is hers, « Table de Léa », as before; it takes no more than the 40 characters the server keeps."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors, 360, 740)
        page.wait_for_selector("select[name=preset]:not([disabled])")
        page.fill("input[name=name]", "Léa")
        assert page.get_attribute("input[name=table-name]", "placeholder") == "Table de Léa"  # as typed
        for lang, hers in (("en", "Léa's table"), ("fr", "Table de Léa")):
            page.click(f"button[data-lang={lang}]")
            assert page.get_attribute("input[name=table-name]", "placeholder") == hers
        page.fill("input[name=table-name]", "  Table 1 ")
        page.click("#create-table")
        page.wait_for_selector("header .title strong")
        for lang in ("fr", "en"):
            page.click(f"button[data-lang={lang}]")
            assert page.inner_text("header .title strong") == "Table 1", lang
            assert page.title().endswith("Table 1 · Whist"), page.title()
        page.goto(server.base)
        page.wait_for_selector("select[name=preset]:not([disabled])")
        page.fill("input[name=name]", "Léa")
        page.fill("input[name=table-name]", " \u200b ")
        page.click("#create-table")
        page.wait_for_selector("header .title strong")
        assert page.inner_text("header .title strong") == "Léa's table"  # the page's English, kept
        page.goto(server.base)
        friend = browser.new_context(locale="fr-FR").new_page()
        friend.on("pageerror", lambda e: errors.append(str(e)))
        friend.goto(server.base)
        for lang, hers in (("fr", "Table de Léa"), ("en", "Léa's table")):
            page.click(f"button[data-lang={lang}]")
            page.wait_for_selector("#my-tables li a")
            assert page.locator("#my-tables li a").all_inner_texts() == [hers, "Table 1"], lang
            friend.click(f"button[data-lang={lang}]")
            friend.wait_for_selector("#tables-in-play li a")
            shown = friend.locator("#tables-in-play li a").all_inner_texts()
            assert "Table 1" in shown and hers in shown, (lang, shown)
        page.click("input[name=table-name]")
        page.keyboard.type("x" * 45)
        assert page.input_value("input[name=table-name]") == "x" * 40
        browser.close()
    assert errors == []
    listed = json.load(urllib.request.urlopen(f"{server.base}/api/tables"))["tables"]
    named = [(t["name"], t["named_for"]) for t in listed]
    assert ("Table 1", None) in named and ("couleur", "Léa") in named, named


# The fields of the lobby's form whose text (its value, else its placeholder; a list's choice) with
# its padding, and a list's arrow (20 px), is wider than the field: cut on screen
CUT_FIELDS = """() => [...document.querySelectorAll('#create select, #create input:not([type=checkbox])')]
  .filter((e) => {
    const style = getComputedStyle(e);
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = style.font;
    const list = e.tagName === 'SELECT';
    const text = pen.measureText(list ? e.options[e.selectedIndex].text : e.value || e.placeholder).width;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return text + padding + (list ? 20 : 0) > e.clientWidth + 1;
  }).map((e) => e.name)"""


def test_the_lobbys_fields_fit_a_small_phone(server: Server) -> None:  # noqa: F811
    """On a phone 360 pixels wide, and on a small one held sideways (568 × 320), every field of the
    table's form stays inside the form, in both languages: the choices of a bot at East and West
    ("Robot (très fort)") were wider than their column and ran off the screen's edge. Every list
    shows its choice whole: kept in their column, the bots' choices were cut ("Robot (très fort"),
    and so was a friend's; the table's name shows its default whole, « Table de Léa », and held
    sideways a long one's ("Jean-Christophe Dupont's table"). A rule option's box or field is on
    its name's line."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors, 360, 740)
        page.wait_for_selector("select[data-seat=E]")
        page.select_option("select[data-seat=W]", "open")
        for (width, height), name in (((360, 740), "Léa"), ((568, 320), "Jean-Christophe Dupont")):
            page.set_viewport_size({"width": width, "height": height})
            page.fill("input[name=name]", name)
            for lang in ("fr", "en"):
                assert_the_form_fits(page, (width, lang))
        browser.close()
    assert errors == []


def assert_the_form_fits(page: Any, where: tuple[int, str]) -> None:
    """The lobby's form, in the language ``where`` names, at the page's size: each field inside the
    form, showing its text whole, each rule option's box or field on its name's line."""
    page.click(f"button[data-lang={where[1]}]")
    page.click("#create details.options summary")  # the rule options too, unfolded
    beyond = page.evaluate("""() => {
      const form = document.querySelector('#create').getBoundingClientRect();
      return [...document.querySelectorAll('#create select, #create input')]
        .filter((e) => e.getBoundingClientRect().right > form.right + 0.5).map((e) => e.name);
    }""")
    assert beyond == [], where
    assert page.locator("input[name=table-name]").is_visible(), where
    # each field's text within its width, for colour whist as pagat plays it too (its choice when
    # all pass, "on redonne, donne suivante double", was cut)
    page.select_option("select[name=preset]", "pagat")
    assert page.evaluate(CUT_FIELDS) == [], where
    # a rule option's box or number on its name's line (a number's field, 200 px wide, went under
    # its name, and the box of a long name went above it): classic whist's
    page.select_option("select[name=preset]", "classic")
    under = page.evaluate("""() => [...document.querySelectorAll(
        '#create .opt input[type=checkbox], #create .opt input[type=number]')]
      .filter((e) => e.getBoundingClientRect().top - e.parentNode.getBoundingClientRect().top > 10)
      .map((e) => e.name)""")
    assert under == [], where
    page.select_option("select[name=preset]", "couleur")
    page.click("#create details.options summary")


def test_the_lobby_says_what_colour_whist_is_to_an_english_newcomer(server: Server) -> None:  # noqa: F811
    """A player of bridge or classic whist, in an English browser, has never met colour whist: under
    the game chosen the lobby says in a few words how it differs (no fixed partners, an auction
    for a partner or to play alone) and where the calls are explained; a screen reader reads it
    with the game's list. Not for classic whist, which he knows."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(locale="en-GB", viewport={"width": 390, "height": 844})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base)
        page.wait_for_selector("select[name=preset]:not([disabled])")
        game = page.locator("select[name=preset]")
        for preset, shown in (("couleur", True), ("classic", False), ("pagat", True)):
            game.select_option(preset)
            assert page.locator("#game-hint").count() == shown, preset
            if shown:
                hint = page.inner_text("#game-hint")
                assert hint.startswith("No fixed partners") and "explained at the table" in hint, hint
                assert game.get_attribute("aria-describedby") == "game-hint"
        page.click("button[data-lang=fr]")
        assert page.inner_text("#game-hint").startswith("Pas de partenaires fixes\u00a0: à chaque donne")
        browser.close()
    assert errors == []


def test_the_seat_a_person_leaves_in_the_form_takes_what_his_new_seat_held(server: Server) -> None:  # noqa: F811
    """Anne, alone with three bots, picks North as her seat: South, the seat she left, was a
    friend's free seat in the form ("Ami (place libre)"), and her table waited for a friend who
    was never asked. The seat she leaves now takes what North held (the strongest bot), and one
    she gave to a friend stays a friend's when she moves again: the form holds as many bots and
    free seats as before."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, server.base, errors)
        page.wait_for_selector("select[name=preset]:not([disabled])")
        bot = page.locator("select[data-seat=N]").input_value()
        page.select_option("select[name=my-seat]", "N")
        kinds = {s: page.locator(f"select[data-seat={s}]").input_value() for s in "ESW"}
        assert kinds == {"E": bot, "S": bot, "W": bot}
        page.select_option("select[data-seat=E]", "open")  # a friend at East, then Anne sits there
        page.select_option("select[name=my-seat]", "E")
        kinds = {s: page.locator(f"select[data-seat={s}]").input_value() for s in "NSW"}
        assert kinds == {"N": "open", "S": bot, "W": bot}
        page.fill("input[name=name]", "Anne")
        page.click("#create-table")
        page.wait_for_url("**/t/*")
        table_id = page.url.rsplit("/", 1)[1]
        seats = {s["seat"]: s["kind"] if s["kind"] == "open" else s["bot"]
                 for s in get_json(server, f"/api/tables/{table_id}/listing")["seats"]}
        assert seats == {"N": "open", "E": "open", "S": bot, "W": bot}
        browser.close()
    assert errors == []


def test_a_tables_stake_takes_a_decimal_comma_and_refuses_what_is_no_number(server: Server) -> None:  # noqa: F811
    """The table's form shares the sheet's option fields: in a Belgian browser « abc » is refused
    under the form, its field marked, and nothing sent; « 0,5 » makes a table at 0.5 a point."""
    with posting_page(server.base, "fr-BE", "/api/tables") as (page, errors, sent):
        page.wait_for_selector("select[name=preset]:not([disabled])")
        page.fill("input[name=name]", "Léa")
        page.select_option("select[name=preset]", "classic")
        page.click("#create details.options summary")
        stake = page.locator("#create input[name=opt-stake]")
        stake.fill("abc")
        page.click("#create-table")
        said = page.inner_text("#create-error")
        assert said.startswith("«\u00a0Enjeu par point\u00a0»\u00a0: «\u00a0abc\u00a0» n'est pas"), said
        assert stake.get_attribute("aria-invalid") == "true"
        assert stake.get_attribute("aria-describedby") == "create-error"
        assert sent == []
        stake.fill("")
        stake.press_sequentially("0,5")
        page.click("#create-table")
        page.wait_for_url("**/t/*")
        assert [body["options"]["stake"] for body in sent] == [0.5]
        made = get_json(server, f"/api/tables/{page.url.rsplit('/', 1)[1]}")
        assert made["table"]["rules"]["stake"] == 0.5
    assert errors == []
