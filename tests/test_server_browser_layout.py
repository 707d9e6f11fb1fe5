"""The table's layout in a real browser: a hand on a computer's screen, seats no wider than they need,
long names and four ordinary ones on a phone, the dimmed cards' contrast, and the calls and the hand
brought into view at twice the zoom. Playwright drives Debian's Chromium, as in
test_server_browser.py.
"""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest
from test_server_browser import (  # noqa: F401 - server: the fixture
    BOTS3,
    CHROMIUM,
    NEEDS_CHROMIUM,
    NORTH_PROPOSES,
    ONE_DEAL,
    SEED,
    Server,
    anne_at,
    assert_no_sideways_scroll,
    bid_and_play_until,
    create_table,
    in_widths_and_languages,
    phone_page,
    play_until,
    post_json,
    server,
    sit_down,
)

pytestmark = NEEDS_CHROMIUM


def test_a_whole_hand_is_laid_out_side_by_side_on_a_computers_screen(server: Server) -> None:  # noqa: F811
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


def test_a_seat_is_no_wider_than_it_needs_on_a_wide_screen(server: Server) -> None:  # noqa: F811
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


def test_a_long_name_does_not_push_the_scores_off_a_phone(server: Server) -> None:  # noqa: F811
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


FOUR_FRIENDS = {"N": "Christophe", "E": "Guillaume", "W": "Madeleine"}
"""Three friends of ordinary names, of nine and ten letters, with Stéphanie at South."""


def test_four_ordinary_names_leave_every_column_of_scores_on_a_phone(server: Server) -> None:  # noqa: F811
    """Four friends of names of nine and ten letters on phones 320 and 375 px wide: the score sheet
    of colour whist keeps its four columns in the dialog, in French and in English, a long name in
    the column of the deals broken where it must (the last player's column went off the dialog, a
    name heading no narrower than on a computer). Held sideways (568 × 320, 740 × 360), where there
    is room, each name shows whole (« Christo… » was cut at any width)."""
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
        for width, height in ((568, 320), (740, 360)):  # a phone held sideways: room for each name
            page.set_viewport_size({"width": width, "height": height})
            cut = page.locator("#score-table thead th.who span").evaluate_all(
                "els => els.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent)")
            assert cut == [], (width, cut)
            assert_no_sideways_scroll(page, width)
        browser.close()
    assert errors == []


# Each seat's name: its seat, the lines it takes, whether it is cut, its hover text.
NAME_LINES = """els => els.map(e => { const n = e.querySelector('.name'); const r = document.createRange();
    r.selectNodeContents(n); return [e.dataset.seat, [new Set([...r.getClientRects()]
    .map(b => Math.round(b.top))).size, n.scrollWidth > n.clientWidth, n.title]]; })"""


def drawn_names(page: Any) -> dict[str, list[Any]]:
    """Each seat's :data:`NAME_LINES`, read at a moment when every seat's name is drawn: under load
    the first read after a new size or a bot's call could find none drawn (no line at all)."""
    ready = page.wait_for_function(
        f"() => {{ const v = ({NAME_LINES})([...document.querySelectorAll('.seat')]);"
        " return v.every(([, [lines]]) => lines > 0) && v; }")
    return dict(ready.json_value())


def test_a_long_name_is_cut_on_one_line_in_the_players_own_seat_too(server: Server) -> None:  # noqa: F811
    """On a phone (390 × 844) a name of 24 characters (what the page lets one type) shows on one
    line in the player's own seat box, across the felt's bottom row, as in the others and the header
    (it wrapped to three lines there); on a small phone held sideways (568 × 320), it is cut with
    "…" on that line, and the box's hover text gives it whole."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "couleur", "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Maximiliaan Vandenbrouck")
        names = drawn_names(page)
        assert names["S"] == [1, False, "Maximiliaan Vandenbrouck (vous)"], names
        assert all(lines == 1 for lines, *_ in names.values()), names
        page.set_viewport_size({"width": 568, "height": 320})
        names = drawn_names(page)
        assert names["S"] == [1, True, "Maximiliaan Vandenbrouck (vous)"], names
        # read where it is found, at one moment: the table may be drawn again meanwhile (a bot's call)
        own = "() => getComputedStyle(document.querySelector('.seat-bottom .name')).textOverflow"
        assert page.evaluate(own) == "ellipsis"
        browser.close()
    assert errors == []


# The player's own seat: its name, whether it shows whole, whether its box is inside the felt and
# above the toolbar, and the other seats its box overlaps.
OWN_SEAT = """() => { const s = document.querySelector('.seat.mine'), n = s.querySelector('.name');
  const b = s.getBoundingClientRect(), f = document.querySelector('.felt').getBoundingClientRect();
  const bar = document.querySelector('.toolbar').getBoundingClientRect().top;
  const over = (o) => o.left < b.right && b.left < o.right && o.top < b.bottom && b.top < o.bottom;
  return [n.textContent, n.scrollWidth <= n.clientWidth,
    b.left >= f.left && b.right <= f.right && b.bottom <= f.bottom && b.bottom <= bar,
    [...document.querySelectorAll('.seat:not(.mine)')].filter((o) => over(o.getBoundingClientRect()))
      .map((o) => o.dataset.seat)]; }"""


def test_the_players_own_name_shows_whole_on_a_phone_held_either_way(server: Server) -> None:  # noqa: F811
    """A name of ten letters in the player's own seat box, « (vous) » or "(you)" after it, in
    colour whist's auction and in the play of classic whist, on phones held upright (360 × 640)
    and sideways (568 × 320, 640 × 360, 740 × 360): the name shows whole, its box inside the felt,
    above the toolbar, over no other seat (in the felt's middle column it was cut, to « Max… » in
    the auction at 568 × 320, and at 360 px too)."""
    from playwright.sync_api import sync_playwright

    sizes = ((568, 320), (640, 360), (740, 360), (360, 640))
    classic = {"preset": "classic", "seed": 3, "bot_delay": 0.05, "seats": BOTS3}  # South leads
    errors: list[str] = []
    with sync_playwright() as pw:
        for spec, ready in ((ONE_DEAL, "#legal-calls"), (classic, "#hand.choosing .playable")):
            browser, page = phone_page(pw, f"{server.base}{create_table(server, spec)}", errors, *sizes[0])
            sit_down(page, "Maximilien")
            page.wait_for_selector(ready)
            for width, height in sizes:
                page.set_viewport_size({"width": width, "height": height})
                for lang, you in (("fr", "vous"), ("en", "you")):
                    page.click(f"button[data-lang={lang}]")
                    seen = page.evaluate(OWN_SEAT)
                    assert seen == [f"Maximilien ({you})", True, True, []], (spec["preset"], width, seen)
            browser.close()
    assert errors == []


# The felt as drawn: the cards played to the trick that overlap a seat's box or stick out of the
# felt, and whether the player's own seat is inside the felt and above the toolbar.
FELT_FITS = """() => { const f = document.querySelector('.felt').getBoundingClientRect();
  const seats = [...document.querySelectorAll('.seat')].map((s) => s.getBoundingClientRect());
  const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const mine = document.querySelector('.seat.mine').getBoundingClientRect();
  const bar = document.querySelector('.toolbar').getBoundingClientRect().top;
  return [[...document.querySelectorAll('#trick .card')].filter((c) => { const r = c.getBoundingClientRect();
      return seats.some((s) => over(r, s)) || r.left < f.left || r.right > f.right; })
    .map((c) => c.dataset.card),
    mine.left >= f.left && mine.right <= f.right && mine.bottom <= f.bottom && mine.bottom <= bar]; }"""


def test_the_felt_of_a_deal_of_classic_whist_fits_a_phone_held_sideways(server: Server) -> None:  # noqa: F811
    """Anne deals the second deal of classic whist: the card she turned up shows in her seat, and
    West, North and East have played to the first trick when her turn comes. On phones held
    sideways (568 × 320, 640 × 360, 740 × 360) and upright (360 × 640) the three cards on the
    trick cover no seat (at 568 × 320, cards 40 px wide in a trick 96 px wide covered East's
    name) and her seat, the turned card beside her name, is in the felt above the toolbar (under
    her name, it took the seat under the toolbar)."""
    from playwright.sync_api import sync_playwright

    spec = {"preset": "classic", "seed": 3, "bot_delay": 0.02, "seats": BOTS3}
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, spec, errors, 568, 320)
        play_until(page, ".seat.mine .spread .card", 60)  # the next deal, hers to deal
        page.wait_for_selector("#hand.choosing .playable")
        assert page.locator("#trick .card").count() == 3
        for width, height in ((568, 320), (640, 360), (740, 360), (360, 640)):
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate(FELT_FITS) == [[], True], (width, height)
        browser.close()
    assert errors == []


# The cards shown in a seat's box (a misère sur table): the height of their spread, and those whose
# top left corner (rank and suit) another card covers.
SHOWN_CARDS = """() => { const spread = document.querySelector('.seat .spread');
  const covered = [...spread.querySelectorAll('.card')].filter((c) => { const r = c.getBoundingClientRect();
    return !c.contains(document.elementFromPoint(r.left + 5, r.top + 9)); }).map((c) => c.dataset.card);
  return [spread.getBoundingClientRect().height, spread.querySelectorAll('.card').length, covered]; }"""


def test_the_cards_of_a_misere_sur_table_fit_a_phone_held_sideways(server: Server) -> None:  # noqa: F811
    """Maximilien (South) plays a grande misère sur table; Nadia, North, sees his cards in his seat's
    box on a phone held sideways (568 × 320), the box in the felt's middle column: they overlap,
    each one's rank and suit in view, in three rows at most (they stood two a row, six rows, and
    pushed the felt 120 px further under the toolbar), and his name whole over them, his box across
    the felt's top row (« Maximil… » in the middle column)."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {**ONE_DEAL, "seats": {"E": "heuristic", "W": "heuristic", "N": "open"}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, north = phone_page(pw, f"{server.base}{url}", errors, 568, 320)
        north.fill("input[name=join-name]", "Nadia")
        north.click("button[data-sit=N]")
        south = browser.new_context(locale="fr-FR", viewport={"width": 568, "height": 320}).new_page()
        south.on("pageerror", lambda e: errors.append(str(e)))
        south.goto(f"{server.base}{url}")
        sit_down(south, "Maximilien")
        south.click('#legal-calls [data-action="open misère"]')
        end = time.monotonic() + 30
        while not north.locator(".seat .spread .card").count():  # shown after the first trick
            assert time.monotonic() < end, "no cards shown"
            for page in (south, north):  # a pass, or a card, whatever is offered first
                page.evaluate("() => document.querySelector('#legal-calls [data-action=pass],"
                              " #hand.choosing .playable')?.click()")
            north.wait_for_timeout(50)
        north.wait_for_function("() => document.querySelectorAll('.seat .spread .card').length === 12")
        height, shown, covered = north.evaluate(SHOWN_CARDS)
        assert shown == 12 and covered == [] and height <= 3 * 19 + 20 + 1, (height, covered)
        names = dict(north.locator(".seat").evaluate_all(NAME_LINES))  # his name whole over them
        assert names["S"] == [1, False, "Maximilien"], names
        browser.close()
    assert errors == []


# Whether the prompt and the calls offered are on screen, clear of the fixed toolbar.
CALLS_IN_VIEW = """() => { const calls = document.querySelector('#legal-calls');
    const prompt = document.querySelector('#actions .prompt');
    const bar = document.querySelector('.toolbar').getBoundingClientRect().top;
    return Boolean(calls && prompt) && prompt.getBoundingClientRect().top >= 0
        && calls.getBoundingClientRect().bottom <= bar; }"""


def test_the_calls_come_into_view_at_twice_the_zoom(server: Server) -> None:  # noqa: F811
    """At 200 % zoom on a screen of 1280 × 900 (a page of 640 × 450) the calls offered were drawn
    below the screen and under the fixed toolbar, and nothing showed them when the player's turn
    came: the page scrolls the prompt and the buttons into view, clear of the toolbar, at each turn."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, NORTH_PROPOSES, errors, 640, 450)
        page.wait_for_function(CALLS_IN_VIEW)
        # back to the top, then a proposal: at her next turn (to accept North's) the calls come back into view
        page.evaluate("() => { scrollTo(0, 0); document.querySelector('[data-action=\"propose S\"]')"
                      ".click(); }")
        page.wait_for_selector('#legal-calls [data-action="accept"]')
        page.wait_for_function(CALLS_IN_VIEW)
        browser.close()
    assert errors == []


# Whether the hand is on screen, clear of the fixed toolbar.
HAND_IN_VIEW = """() => { const hand = document.querySelector('#hand').getBoundingClientRect();
    const bar = document.querySelector('.toolbar').getBoundingClientRect().top;
    return hand.top >= 0 && hand.bottom <= bar; }"""


def test_the_hand_comes_into_view_at_twice_the_zoom_when_a_card_is_to_play(server: Server) -> None:  # noqa: F811
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


def test_the_end_of_the_game_keeps_its_buttons_in_view_on_a_phone_held_sideways(server: Server) -> None:  # noqa: F811
    """On a phone held sideways (844 × 390) the sheet at the end of the game opened at its top,
    the deal's result and the whole score sheet above its buttons: "Rejouer avec les mêmes", the
    way to the next game, was below the sheet's bottom edge, with nothing to say that the sheet
    scrolled. The row of buttons now stays at the sheet's bottom edge, in view, the sheet still
    opened at its top; scrolled down, the buttons come after the last line, not over it."""
    from playwright.sync_api import sync_playwright

    in_view = """() => {
        const sheet = document.querySelector('.overlay .sheet').getBoundingClientRect();
        return ['#again', '#new-table', '.overlay h2'].map((s) => {
          const r = document.querySelector(s).getBoundingClientRect();
          return r.top >= sheet.top && r.bottom <= sheet.bottom + 0.5; }); }"""
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = anne_at(pw, server, ONE_DEAL, errors, 844, 390)
        bid_and_play_until(page, "#again", 90)
        page.wait_for_function("() => document.activeElement.id === 'again'")
        sheet = page.locator(".overlay .sheet")
        assert sheet.evaluate("(e) => e.scrollHeight > e.clientHeight")  # more than the screen holds
        assert sheet.evaluate("(e) => e.scrollTop") == 0
        assert page.evaluate(in_view) == [True, True, True]
        sheet.evaluate("(e) => { e.scrollTop = e.scrollHeight; }")
        last = page.locator(".overlay .sheet > p").last.bounding_box()
        buttons = page.locator("#again").bounding_box()
        assert last is not None and buttons is not None and last["y"] + last["height"] <= buttons["y"]
        browser.close()
    assert errors == []
