"""The score sheet of a physical table in a real browser (RULES.md §6): a scorer on a phone starts
a colour-whist sheet from the lobby, enters deals, sees an impossible one refused in the page's
language (the sheet module's own words), takes the last entry back, reads the totals the server
keeps, and finds the sheet again in the lobby. Playwright drives Debian's Chromium, as in
test_server_browser.py.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
import urllib.request
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from sqlalchemy import make_url
from test_server_browser import (  # noqa: F401 - server: the fixture
    CHROMIUM,
    NEEDS_CHROMIUM,
    Server,
    phone_page,
    post_json,
    posting_page,
    server,
    set_in_french,
)
from test_server_sheet_storage import aged
from typer.testing import CliRunner

from whist.cards import Refusal
from whist.cli import app
from whist.server.sheets import DAY, PAGE
from whist.server.storage import open_storage
from whist.sheet_input import add_deal, new_sheet

pytestmark = NEEDS_CHROMIUM

NAMES = {"N": "Anne", "E": "Bert", "S": "Chloé", "W": "Dirk"}


def shown_totals(page: Any) -> dict[str, int]:
    return {s: int(page.inner_text(f"#sheet-table [data-total={s}]")) for s in NAMES}


def said_alone(refusal: str) -> str:
    """A refusal of the sheet (``name the declarers…``) as the page shows it, on a line of its
    own: begun with a capital, as a sentence."""
    return refusal[:1].upper() + refusal[1:]


def entry(page: Any, contract: str, declarers: str, tricks: dict[str, str]) -> None:
    """Fill the deal's form: the contract from the list, the declarers' boxes, the tricks."""
    page.select_option("select[name=contract]", contract)
    for seat in NAMES:
        box = page.locator(f"input[name=declarer-{seat}]")
        if box.is_checked() != (seat in declarers):
            box.click()
    for field, value in tricks.items():
        page.fill(f"input[name={field}]", value)


@contextmanager
def phone(timezone: str | None = None) -> Iterator[tuple[Any, list[str]]]:
    """A page on a phone's screen in Chromium (in ``timezone``, the machine's if none), and the
    script errors it meets."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, "about:blank", errors, 360, 740, timezone)
        yield page, errors
        browser.close()


def start_sheet(page: Any, server: Server, preset: str,  # noqa: F811
                options: dict[str, str] | None = None) -> str:
    """Start a sheet of ``preset`` from the lobby's form (its rule options filled in, folded),
    the four names typed; the new sheet's id."""
    page.goto(f"{server.base}/")
    page.click("#new-sheet summary")
    assert "Feuille de marque" in page.inner_text("#new-sheet")
    page.select_option("select[name=sheet-preset]", preset)
    if options:
        page.click("#sheet-options summary")
        for name, value in options.items():
            page.fill(f"#sheet-options input[name=opt-{name}]", value)
            page.dispatch_event(f"#sheet-options input[name=opt-{name}]", "change")
    for seat, name in NAMES.items():
        page.fill(f"input[name=sheet-name-{seat}]", name)
    page.click("#start-sheet")
    page.wait_for_url("**/s/*")
    sheet_id: str = page.url.rsplit("/", 1)[1]
    return sheet_id


def test_a_scorer_keeps_a_colour_sheet_on_a_phone(server: Server) -> None:  # noqa: F811
    with pytest.raises(Refusal) as refused:  # what the sheet itself says of 14 tricks
        add_deal(new_sheet("couleur"), "solo 7", "N", "14")
    with phone() as (page, errors):
        sheet_id = start_sheet(page, server, "couleur")
        page.wait_for_selector("#entry-form")
        heads = page.locator("#sheet-table thead th.who").all_inner_texts()
        assert heads == list(NAMES.values())

        entry(page, "solo 7", "N", {"tricks": "14"})
        page.click("#add-entry")
        page.wait_for_selector("#sheet-error")
        assert page.inner_text("#sheet-error") == said_alone(set_in_french(refused.value.fr))
        page.click("button[data-lang=en]")
        assert page.inner_text("#sheet-error") == said_alone(refused.value.en)
        page.click("button[data-lang=fr]")
        assert page.locator("#sheet-table tbody tr").count() == 0

        entry(page, "solo 7", "N", {"tricks": "8"})
        page.click("#add-entry")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 1")
        assert page.locator("#sheet-error").count() == 0
        entry(page, "small misère", "SW", {})
        page.fill("input[name=tricks-S]", "0")
        page.fill("input[name=tricks-W]", "1")
        page.click("#add-entry")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 2")
        two = shown_totals(page)
        # the undo asks first, naming the entry: declined, the sheet keeps both
        asked: list[str] = []

        def decline(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.dismiss()

        page.once("dialog", decline)
        page.click("#undo")
        page.wait_for_timeout(300)
        assert asked == ["Annuler l'entrée n°\u00a02\u00a0? Elle sera retirée de la feuille."]
        assert page.locator("#sheet-table tbody tr").count() == 2
        page.once("dialog", lambda d: d.accept())
        page.click("#undo")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 1")
        with urllib.request.urlopen(f"{server.base}/api/sheets/{sheet_id}") as r:
            kept = json.loads(r.read())
        assert shown_totals(page) == kept["sheet"]["totals"] != two
        assert [e["contract"] for e in kept["sheet"]["entries"]] == ["solo 7"]
        assert page.get_attribute("#csv", "href") == f"/api/sheets/{sheet_id}/csv?separator=%3B"
        page.goto(f"{server.base}/")  # the lobby links to the sheet again
        page.click("#new-sheet summary")
        assert page.get_attribute("#my-sheets a", "href") == f"/s/{sheet_id}"
        assert page.inner_text("#my-sheets a") == ", ".join(NAMES.values())
    assert errors == []


def test_a_classic_sheet_is_started_with_its_stake(server: Server) -> None:  # noqa: F811
    """Seed 000 and RULES.md §2: the rubber's points are a convention between the players, and a
    stake settles the match; the lobby's form offers a classic sheet the table's rule options,
    folded, and none for a colour sheet, whose points are its preset's table (§5.7)."""
    with phone() as (page, errors):
        page.goto(f"{server.base}/")
        page.click("#new-sheet summary")
        page.select_option("select[name=sheet-preset]", "couleur")
        assert page.locator("#sheet-options").count() == 0
        page.select_option("select[name=sheet-preset]", "classic")
        page.click("#sheet-options summary")
        assert "Enjeu" in page.inner_text("#sheet-options")  # the option's French name, from the server
        sheet_id = start_sheet(page, server, "classic", {"stake": "0.5", "rubber_bonus": "3"})
        with urllib.request.urlopen(f"{server.base}/api/sheets/{sheet_id}") as r:
            rules = json.load(r)["sheet"]["rules"]
        assert (rules["preset"], rules["stake"], rules["rubber_bonus"]) == ("classic", 0.5, 3)
        # the page says the table's conventions under its title, in its language
        assert page.inner_text("#sheet-rules") == "Prime du robre\u00a0: 3 · Enjeu par point\u00a0: 0,5"
        page.click("button[data-lang=en]")
        assert page.inner_text("#sheet-rules") == "Rubber bonus: 3 · Stake per point: 0.5"
        # two games won by NS at 0 (3 each) and the bonus: 9 points at 0.5 a point, a sum the
        # page writes as its language writes numbers, the decimal comma in French
        for _ in range(2):
            post_json(server, f"/api/sheets/{sheet_id}/entries", {"tricks": "NS=13", "honours": "NS=4"})
        with urllib.request.urlopen(f"{server.base}/api/sheets/{sheet_id}") as r:
            paid = json.load(r)["sheet"]["settlement"]
        assert paid == {"N": 4.5, "E": -4.5, "S": 4.5, "W": -4.5}
        page.reload()
        page.wait_for_selector("text=Settlement")
        shown = page.inner_text("#sheet-view")
        assert "Settlement: Anne +4.5 · Bert -4.5 · Chloé +4.5 · Dirk -4.5" in shown, shown
        # each row's honours mid-line, in small letters, as `whist sheet show` writes them
        assert shown.count("· honours NS 4") == 2 and "Honours NS" not in shown, shown
        page.click("button[data-lang=fr]")
        shown = page.inner_text("#sheet-view")
        assert "Règlement\u00a0: Anne +4,5 · Bert -4,5 · Chloé +4,5 · Dirk -4,5" in shown, shown
        assert shown.count("· honneurs NS 4") == 2 and "Honneurs NS" not in shown, shown
    assert errors == []


@contextmanager
def belgian_page(server: Server) -> Iterator[tuple[Any, list[str], list[Any]]]:  # noqa: F811
    """The lobby in a Belgian French browser (fr-BE, whose number boxes read "0,5" as 05), the
    classic sheet's options unfolded; the page's errors, and the bodies it POSTs to /api/sheets."""
    with posting_page(f"{server.base}/", "fr-BE", "/api/sheets") as (page, errors, sent):
        page.click("#new-sheet summary")
        page.select_option("select[name=sheet-preset]", "classic")
        page.click("#sheet-options summary")
        for seat, name in NAMES.items():
            page.fill(f"input[name=sheet-name-{seat}]", name)
        yield page, errors, sent


def test_a_stake_typed_with_a_decimal_comma_is_half_a_unit_not_five(server: Server) -> None:  # noqa: F811
    """A Belgian scorer types the stake « 0,5 » as French writes it: the sheet is started at 0.5 a
    point (a number box of his browser kept "05", and the sheet settled ten times too much)."""
    with belgian_page(server) as (page, errors, sent):
        stake = page.locator("#sheet-options input[name=opt-stake]")
        assert stake.input_value() == "0"
        stake.fill("")
        stake.press_sequentially("0,5")
        assert stake.input_value() == "0,5" and stake.get_attribute("aria-invalid") is None
        page.click("button[data-lang=en]")  # the number as English writes it, and back
        assert stake.input_value() == "0.5"
        page.click("button[data-lang=fr]")
        assert stake.input_value() == "0,5"
        page.click("#start-sheet")
        page.wait_for_url("**/s/*")
        assert [body["options"] for body in sent] == [{"stake": 0.5}]
        sheet_id = page.url.rsplit("/", 1)[1]
        with urllib.request.urlopen(f"{server.base}/api/sheets/{sheet_id}") as r:
            assert json.load(r)["sheet"]["rules"]["stake"] == 0.5
        assert page.inner_text("#sheet-rules") == "Enjeu par point : 0,5"
    assert errors == []


def test_a_stake_that_is_no_number_is_refused_by_the_form_not_sent(server: Server) -> None:  # noqa: F811
    """« 0,5,3 », « abc », a negative stake or one past the largest are no stake: the form says so
    under it, marks the field and gives it the focus, and sends nothing; put right (a point in a
    French page is read too), the sheet starts."""
    with belgian_page(server) as (page, errors, sent):
        stake = page.locator("#sheet-options input[name=opt-stake]")
        for typed in ("0,5,3", "abc", "-1", "2000000", "1e3", ""):
            stake.fill(typed)
            assert stake.get_attribute("aria-invalid") == "true", typed
            page.click("#start-sheet")
            said = page.inner_text("#sheet-start-error")
            assert said == (f"« Enjeu par point » : « {typed} » n'est pas un nombre de 0 à"
                            f" 1 000 000 ; écrivez par exemple 0,5."), said
            assert stake.get_attribute("aria-describedby") == "sheet-start-error"
            assert page.evaluate("document.activeElement.name") == "opt-stake"
        page.click("button[data-lang=en]")
        assert page.inner_text("#sheet-start-error") == ('“Stake per point”: “” is not a number from 0 to'
                                                         ' 1,000,000; write 0.5, say.')
        page.click("button[data-lang=fr]")
        assert sent == [] and "/s/" not in page.url
        stake.fill("1.25")
        assert stake.get_attribute("aria-invalid") is None
        page.click("#start-sheet")
        page.wait_for_url("**/s/*")
        assert [body["options"] for body in sent] == [{"stake": 1.25}]
    assert errors == []


def test_a_sheet_counts_the_tricks_of_a_deal_as_the_table_does(server: Server) -> None:  # noqa: F811
    """A deal's tricks under its contract, in the page's language as the table's seats count
    them: French puts none and one in the singular (« 0 pli » of a grande misère made, « 1 pli »),
    English one only (« 0 tricks »)."""
    sid = post_json(server, "/api/sheets", {"preset": "couleur", "names": NAMES, "lang": "fr"})["id"]
    for contract, tricks in (("large misère", "0"), ("small misère", "1"), ("solo 6", "7")):
        post_json(server, f"/api/sheets/{sid}/entries",
                  {"contract": contract, "declarers": "N", "tricks": tricks})
    with phone() as (page, errors):
        page.goto(f"{server.base}/s/{sid}")
        page.wait_for_selector("#sheet-table tbody tr")
        counted = page.locator("#sheet-table tbody td.deal .muted").all_inner_texts()
        assert counted == [" · 0 pli", " · 1 pli", " · 7 plis"], counted
        page.click("button[data-lang=en]")
        counted = page.locator("#sheet-table tbody td.deal .muted").all_inner_texts()
        assert counted == [" · 0 tricks", " · 1 trick", " · 7 tricks"], counted
    assert errors == []


def test_a_classic_deal_sent_without_its_tricks_asks_for_the_forms_field(server: Server) -> None:  # noqa: F811
    """A deal added with the Tricks left empty: the page says, in its language, to fill in that
    field as the page names it (not the ``NS=8`` a command types), and gives it the focus."""
    with pytest.raises(Refusal) as refused:  # what the sheet says of a side without its tricks
        add_deal(new_sheet("classic"), tricks="EW=", wording=PAGE)
    with phone() as (page, errors):
        start_sheet(page, server, "classic")
        page.select_option("select[name=side]", "EW")
        page.click("#add-entry")
        page.wait_for_selector("#sheet-error")
        field = page.locator("label:has(input[name=tricks])").inner_text().strip()
        said = page.inner_text("#sheet-error")
        assert said == said_alone(set_in_french(refused.value.fr))
        assert said.startswith("Donnez le nombre de levées faites par EO")
        assert f"«\u00a0{field}\u00a0»" in said  # the field as the page names it
        assert "tricks" not in said and "=" not in said  # not the API's « ou tricks : NS=8 »
        assert page.evaluate("document.activeElement.name") == "tricks"
        assert page.get_attribute("input[name=tricks]", "aria-invalid") == "true"
        page.click("button[data-lang=en]")
        assert page.inner_text("#sheet-error") == said_alone(refused.value.en)
        # a number the browser's own check refused silently (7.5 tricks: nothing sent, nothing
        # said): sent, and the sheet's refusal shown in the page's language
        with pytest.raises(Refusal) as half:
            add_deal(new_sheet("classic"), tricks="EW=7.5", wording=PAGE)
        page.fill("input[name=tricks]", "7.5")
        before = page.inner_text("#sheet-error")
        page.click("#add-entry")
        page.wait_for_function("t => document.querySelector('#sheet-error').innerText !== t", arg=before)
        assert page.inner_text("#sheet-error") == said_alone(half.value.en)
        page.fill("input[name=tricks]", "8")
        page.click("#add-entry")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 1")
        assert page.locator("#sheet-error").count() == 0
        assert page.get_attribute("input[name=tricks]", "aria-invalid") is None
    assert errors == []


def test_a_colour_deal_refused_says_what_to_fill_in_as_the_form_names_it(server: Server) -> None:  # noqa: F811
    """A colour deal added with no box ticked under Preneurs, or with one misère declarer's tricks
    left empty: the page says, in its language, to tick the boxes of « Preneurs » or to fill in
    each « Plis de … » field, right under the button (it said « nommez les preneurs, par exemple
    N ou N+E » and « plis « S=0,W= » : tapez des paires place=plis », the words of a command,
    under the penalty's button)."""
    sheet = new_sheet("couleur")
    with pytest.raises(Refusal) as no_declarers:
        add_deal(sheet, "solo 7", "", "8", wording=PAGE)
    with pytest.raises(Refusal) as each:
        add_deal(sheet, "small misère", "S,W", "S=0", wording=PAGE)
    with phone() as (page, errors):
        start_sheet(page, server, "couleur")
        entry(page, "solo 7", "", {"tricks": "8"})
        page.click("#add-entry")
        page.wait_for_selector("#sheet-error")
        said = page.inner_text("#sheet-error")
        legend = page.inner_text("#entry-form fieldset.declarers legend")
        assert said == said_alone(set_in_french(no_declarers.value.fr)) and f"«\u00a0{legend}\u00a0»" in said
        assert "declarers" not in said and "N+E" not in said  # not the API's « ou declarers : N+E »
        error_at, penalty_at = (page.locator(s).bounding_box() for s in ("#sheet-error", "#penalty-form"))
        assert error_at and penalty_at and error_at["y"] < penalty_at["y"]  # above the penalty's form
        entry(page, "small misère", "SW", {"tricks-S": "0"})
        page.click("#add-entry")
        page.wait_for_function("t => document.querySelector('#sheet-error').innerText !== t", arg=said)
        assert page.inner_text("#sheet-error") == said_alone(set_in_french(each.value.fr))
        assert page.inner_text("label:has(input[name=tricks-W])").strip() == "Plis de Dirk"  # « Plis de … »
        page.click("button[data-lang=en]")
        assert page.inner_text("#sheet-error") == said_alone(each.value.en)
        assert page.locator("#sheet-table tbody tr").count() == 0
    assert errors == []


def test_the_deals_form_stays_in_place_as_the_sheet_grows(server: Server) -> None:  # noqa: F811
    """A scorer adding deal after deal on a phone finds the form where it was on the screen, the
    new row just above it, and the undo button too after undoing: the form slid down a row at each
    deal, off the screen after eight."""
    at = "s => Math.round(document.querySelector(s).getBoundingClientRect().top)"
    with phone() as (page, errors):
        start_sheet(page, server, "couleur")
        places = []
        for n in range(1, 5):
            entry(page, "solo 7", "N", {"tricks": "8"})
            page.click("#add-entry")
            page.wait_for_function(f"() => document.querySelectorAll('#sheet-table tbody tr').length === {n}")
            places.append(page.evaluate(at, "#add-entry"))
        assert len(set(places)) == 1 and page.evaluate("scrollY") > 0, places
        page.locator("#undo").scroll_into_view_if_needed()  # where the click finds it, on the screen
        undo = page.evaluate(at, "#undo")
        page.once("dialog", lambda d: d.accept())
        page.click("#undo")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 3")
        assert page.evaluate(at, "#undo") == undo
    assert errors == []


# The elements ``selector`` names that stick out of their panel on the right: their text, with
# how far they reach and where the panel ends.
OUT_OF_PANEL = """(selector) => [...document.querySelectorAll(selector)]
  .map((e) => [e, e.getBoundingClientRect().right, e.closest('.panel').getBoundingClientRect().right])
  .filter(([e, right, end]) => right > end)
  .map(([e, right, end]) => `${e.textContent.slice(0, 20)} ${Math.round(right)} > ${Math.round(end)}`)"""


def colour_sheet_of(page: Any, server: Server, names: dict[str, str]) -> None:  # noqa: F811
    """Start a colour-whist sheet of the players ``names`` from the lobby; its page, its form drawn."""
    page.goto(f"{server.base}/")
    page.click("#new-sheet summary")
    for seat, name in names.items():
        page.fill(f"input[name=sheet-name-{seat}]", name)
    page.click("#start-sheet")
    page.wait_for_selector("#entry-form")


def test_long_names_stay_on_a_phones_screen(server: Server) -> None:  # noqa: F811
    """On a phone 360 pixels wide, a sheet of long names keeps each player's column in its panel,
    a long name broken in the column of the deals (a misère of two declarers named whole pushed
    the last player's points off the screen), and the penalty's list cuts a long name (it went
    off the screen, and the page scrolled sideways)."""
    names = {"N": "Marie-Christine Vandenberghe", "E": "Jean-Baptiste Delacroix", "S": "Chloé", "W": "Dirk"}
    with phone() as (page, errors):
        colour_sheet_of(page, server, names)
        entry(page, "small misère", "NE", {})
        page.fill("input[name=tricks-N]", "0")
        page.fill("input[name=tricks-E]", "1")
        page.click("#add-entry")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 1")
        assert page.evaluate(OUT_OF_PANEL, "#sheet-table td, #sheet-table th, #penalty-form select") == []
        assert page.evaluate("document.documentElement.scrollWidth") == 360
    assert errors == []


def test_four_ordinary_names_stay_on_the_smallest_phones(server: Server) -> None:  # noqa: F811
    """Four names of nine and ten letters, on phones 320 and 375 px wide, in French and in English:
    every player's column stays in the sheet's panel and the page does not scroll sideways (each
    name heading kept its width of a computer's screen, and the last column went off a phone's)."""
    names = {"N": "Christophe", "E": "Guillaume", "S": "Stéphanie", "W": "Madeleine"}
    with phone() as (page, errors):
        colour_sheet_of(page, server, names)
        entry(page, "emballage 8", "NE", {"tricks": "9"})
        page.click("#add-entry")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 1")
        for width in (320, 375):
            page.set_viewport_size({"width": width, "height": 740})
            for lang in ("fr", "en"):
                page.click(f"button[data-lang={lang}]")
                assert page.locator("#sheet-table th.who").evaluate_all(
                    "els => els.map(e => e.title)") == list(names.values())
                assert page.evaluate(OUT_OF_PANEL, "#sheet-table td, #sheet-table th") == [], (width, lang)
                assert page.evaluate("document.documentElement.scrollWidth") == width, (width, lang)
    assert errors == []


RIGHT_TO_LEFT = {"N": "דוד", "E": "Bert", "S": "سارة", "W": "Dirk"}
"""Players of names in Hebrew and Arabic, written right to left, beside two in Latin letters."""

BESIDE_EACH_NAME = """(row) => [...document.querySelectorAll(`#sheet-table tbody tr:nth-child(${row}) bdi`)]
  .map((b) => {
    const next = b.nextSibling, range = document.createRange();
    const at = next.textContent.search(/[0-9+]/);
    range.setStart(next, at); range.setEnd(next, at + 1);
    const name = b.getBoundingClientRect(), after = range.getBoundingClientRect();
    return [b.textContent, next.textContent.trim(), after.left >= name.right - 0.5 && after.top === name.top,
            [Math.round(name.top), Math.round(name.left)]];
  })"""
"""Each name isolated in a row of the sheet, the text after it, whether that text's first number or
sign shows after the name on its line, and where the name begins (its line, then across it)."""


def test_names_written_right_to_left_keep_their_counts_beside_them(server: Server) -> None:  # noqa: F811
    """A sheet of players named in Hebrew and Arabic: the queens each took are written after each
    one's name, in the order of the seats, as for the others, and two declarers in the order of
    their seats (« דוד 2 » read « 2 דוד », the count before the name, and « سارة 1 » likewise)."""
    with phone() as (page, errors):
        page.set_viewport_size({"width": 1280, "height": 800})  # each deal's cell on one line
        colour_sheet_of(page, server, RIGHT_TO_LEFT)
        page.select_option("select[name=contract]", "queens")
        for seat, taken in zip(RIGHT_TO_LEFT, "2110", strict=True):
            page.fill(f"input[name=queens-{seat}]", taken)
        page.click("#add-entry")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 1")
        entry(page, "emballage 8", "NS", {"tricks": "9"})
        page.click("#add-entry")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 2")
        queens = page.evaluate(BESIDE_EACH_NAME, 1)
        assert [q[:3] for q in queens] == [
            ["דוד", "2", True], ["Bert", "1", True], ["سارة", "1", True], ["Dirk", "0", True]]
        assert [q[3] for q in queens] == sorted(q[3] for q in queens)  # in the order of the seats
        declarers = page.locator("#sheet-table tbody tr:nth-child(2) bdi").evaluate_all(
            "els => els.map(e => [e.textContent, e.getBoundingClientRect().left])")
        assert [name for name, _ in declarers] == ["דוד", "سارة"]
        assert declarers[0][1] < declarers[1][1], declarers
    assert errors == []


def test_a_seat_left_unnamed_is_named_in_the_pages_language(server: Server) -> None:  # noqa: F811
    """A sheet started from the English page with a name or more left blank (or only a space)
    calls those seats North, East… as their fields showed them, in its columns and its sides
    (they were "NS: Nord & Sud · EW: Est & Ouest" on an English page); from the French page,
    Nord, Est…"""
    with phone() as (page, errors):
        for lang, preset, names in (("en", "classic", "NS: Anne & South · EW: East & West"),
                                    ("fr", "classic", "NS : Anne & Sud · EO : Est & Ouest"),
                                    ("en", "couleur", ["Anne", "East", "South", "West"])):
            page.goto(f"{server.base}/")
            page.click(f"button[data-lang={lang}]")
            page.click("#new-sheet summary")
            page.select_option("select[name=sheet-preset]", preset)
            page.fill("input[name=sheet-name-N]", "Anne")
            page.fill("input[name=sheet-name-E]", " ")
            page.click("#start-sheet")
            page.wait_for_url("**/s/*")
            page.wait_for_selector("#entry-form")
            if preset == "classic":
                assert page.locator("#sheet-view p.muted:not(#sheet-dates)").last.inner_text() == names
            else:
                assert page.locator("#sheet-table thead th.who").all_inner_texts() == names
            # the tab says what it holds and whose, as a table's tab does (it was only "Whist")
            sheet = {"en": "Score sheet", "fr": "Feuille de marque"}[lang]
            seats = {"en": "Anne, East, South, West", "fr": "Anne, Est, Sud, Ouest"}[lang]
            assert page.title() == f"{sheet} \u2014 {seats} \u00b7 Whist"
        # the page in the other language: a seat left unnamed in its language too (the sheet
        # keeps "East", the English page's word; the French page said "East" beside French words)
        page.click("button[data-lang=fr]")
        assert page.locator("#sheet-table thead th.who").all_inner_texts() == ["Anne", "Est", "Sud", "Ouest"]
    assert errors == []


def test_a_link_to_no_sheet_asks_for_it_no_more(server: Server) -> None:  # noqa: F811
    """A link to no sheet says so once and leaves the server alone: the page does not ask again
    every 5 seconds for a sheet the server said it has not (it did, for as long as it was open)."""
    with phone() as (page, errors):
        page.clock.install()
        page.goto(f"{server.base}/s/nope")
        page.wait_for_selector("#no-sheet")
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        page.clock.run_for(60_000)  # twelve polls' time
        assert asked == [] and page.locator("#no-sheet").count() == 1
    assert errors == []


def test_a_sheet_the_page_could_not_get_at_first_is_shown_at_the_next_poll(server: Server) -> None:  # noqa: F811
    """A sheet's page whose first request for the sheet failed (the network, a moment) says so,
    then shows the sheet and its form once its next poll gets it (the poll got it but drew only the
    sheet's table, which was not there: the failure stayed on the screen until reloaded)."""
    sid = post_json(server, "/api/sheets", {"preset": "couleur", "names": NAMES, "lang": "fr"})["id"]
    with phone() as (page, errors):
        page.clock.install()
        failed: list[str] = []

        def once(route: Any) -> None:
            if failed:
                route.continue_()
            else:
                failed.append(route.request.url)
                route.abort()

        page.route(f"**/api/sheets/{sid}", once)
        page.goto(f"{server.base}/s/{sid}")
        page.wait_for_selector("p.error[role=alert]")
        page.clock.run_for(6000)
        page.wait_for_selector("#entry-form")
        assert len(failed) == 1 and page.locator("p.error").count() == 0
        assert page.locator("#sheet-table thead th.who").all_inner_texts() == list(NAMES.values())
    assert errors == []


def test_a_link_to_no_sheet_says_so_with_the_way_home(server: Server) -> None:  # noqa: F811
    """A mistyped sheet link says there is no sheet there in the page's language, with a button
    back to the lobby, as a link to no table does (the page had only its header's "Whist")."""
    with phone() as (page, errors):
        page.goto(f"{server.base}/s/nope")
        page.wait_for_selector("#no-sheet")
        assert page.inner_text("#no-sheet p") == "Pas de feuille de marque à ce lien."
        assert page.title() == "Pas de feuille de marque à ce lien. \u00b7 Whist"
        page.click("button[data-lang=en]")
        assert page.inner_text("#no-sheet p") == "No score sheet at this link."
        assert page.title() == "No score sheet at this link. \u00b7 Whist"
        assert page.inner_text("#no-sheet a.button") == "Home"
        page.click("#no-sheet a.button")
        page.wait_for_selector("#new-sheet")
    assert errors == []


def test_the_lobby_says_when_the_server_keeps_its_most_sheets(server: Server) -> None:  # noqa: F811
    """A server that keeps as many sheets as it allows (``whist serve --max-sheets``): starting one
    more, the lobby's sheet form says why it cannot, in French and in English (the server's words),
    and stays on the form."""
    server.app.state.max_sheets = 1
    post_json(server, "/api/sheets", {"preset": "couleur"})
    with phone() as (page, errors):
        page.goto(f"{server.base}/")
        page.click("#new-sheet summary")
        page.fill("input[name=sheet-name-N]", "Anne")
        page.click("#start-sheet")
        page.wait_for_selector("#sheet-form .error")
        assert page.inner_text("#sheet-form .error") == (
            "Ce serveur garde déjà autant de feuilles de marque qu'il en accepte (1)\u00a0: demandez à ceux"
            " qui le font tourner de faire de la place")
        page.click("button[data-lang=en]")
        assert page.inner_text("#sheet-form .error") == (
            "This server keeps as many score sheets as it allows (1); ask the people who run it to"
            " make room")
        assert "/s/" not in page.url and page.input_value("input[name=sheet-name-N]") == "Anne"
    assert errors == []


def test_the_sheets_page_says_when_it_was_started_and_last_changed(server: Server) -> None:  # noqa: F811
    """Under the sheet, when it was started and, once something changed it, when it was last
    changed: the server's times, in the page's language and the phone's time zone (the time alone
    on the day itself, the day before it, the year too for another year)."""
    sid = post_json(server, "/api/sheets", {"preset": "couleur", "names": NAMES})["id"]
    with phone("Europe/Brussels") as (page, errors):
        page.goto(f"{server.base}/s/{sid}")
        page.wait_for_selector("#sheet-dates")
        assert re.fullmatch(r"Commencée\u00a0: \d\d:\d\d", page.inner_text("#sheet-dates"))
        started = datetime(2025, 3, 14, 9, 30, tzinfo=UTC).timestamp()  # 10:30 in Brussels
        with closing(sqlite3.connect(make_url(server.db).database or "")) as db, db:
            db.execute("UPDATE whist_sheet SET created_at = ?, changed_at = ? WHERE sheet_id = ?",
                       (started, started + 11.5 * 3600, sid))
        page.reload()
        page.wait_for_selector("#sheet-dates")
        assert page.inner_text("#sheet-dates") == (
            "Commencée\u00a0: 14 mars 2025 10:30 · dernière modification\u00a0: 14 mars 2025 22:00")
        page.click("button[data-lang=en]")
        assert page.inner_text("#sheet-dates") == (
            "Started: 14 Mar 2025 10:30 · last changed: 14 Mar 2025 22:00")
        entry(page, "solo 6", "N", {"tricks": "7"})
        page.click("#add-entry")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 1")
        assert re.fullmatch(r"Started: 14 Mar 2025 10:30 · last changed: \d\d:\d\d",
                            page.inner_text("#sheet-dates"))
    assert errors == []


def deleted_as_kept_days(server: Server, sheet_id: str, days: int) -> None:  # noqa: F811
    """Delete the sheet as ``whist serve --keep-sheets DAYS`` does once nobody changed it for
    that long: made older than its days, then the server's deletion of the sheets past them."""
    storage = open_storage(server.db)
    try:
        aged(storage, sheet_id, days + 0.5)
        assert storage.delete_sheets(time.time() - days * DAY) == 1
    finally:
        storage.close()


def the_page_s_file(page: Any, tmp_path: Path) -> tuple[Any, str]:
    """The sheet's file the page of a sheet gone offers (its link's data), as a scorer saves it,
    and what ``whist sheet show --file`` prints of it: the file must open there."""
    href = page.get_attribute("#sheet-file", "href") or ""
    assert href.startswith("data:application/json;charset=utf-8,"), href[:60]
    file = tmp_path / (page.get_attribute("#sheet-file", "download") or "")
    file.write_text(unquote(href.split(",", 1)[1]), encoding="utf-8")
    shown = CliRunner().invoke(app, ["sheet", "show", "--file", str(file)])
    assert shown.exit_code == 0, shown.output
    return json.loads(file.read_text(encoding="utf-8")), shown.stdout


def test_an_entry_to_a_sheet_deleted_meanwhile_says_it_is_gone_and_keeps_the_scores(
        server: Server, tmp_path: Path) -> None:  # noqa: F811
    """A sheet open on a phone, deleted by the server after 30 days unchanged (``--keep-sheets
    30``): the next deal entered is answered 404, and the page says, in its language, that the
    sheet no longer exists on a server that deletes the sheets nobody changed for 30 days (in the
    words of ``whist serve --keep-sheets``' help and of the guide: « changées »), the
    keyboard's focus on its first button (the focus had gone with the form); it offers no more
    entries (no deal's form, no penalty, no undo), keeps the scores shown, gives
    the sheet's file as the server kept it (which ``whist sheet show --file`` opens), and starts a
    new sheet of the same players (it kept the old sheet under « Pas de feuille de marque à ce
    lien. » and its form, until reloaded)."""
    server.app.state.keep_sheets = 30
    with phone() as (page, errors):
        sheet_id = start_sheet(page, server, "couleur")
        entry(page, "solo 7", "N", {"tricks": "8"})
        page.click("#add-entry")
        page.wait_for_function("() => document.querySelectorAll('#sheet-table tbody tr').length === 1")
        shown = shown_totals(page)
        with urllib.request.urlopen(f"{server.base}/api/sheets/{sheet_id}/json") as r:
            kept_file = r.read().decode()
        assert page.evaluate(f"localStorage.getItem('whist.sheet.{sheet_id}')") is not None
        deleted_as_kept_days(server, sheet_id, 30)

        entry(page, "solo 6", "E", {"tricks": "7"})
        page.focus("#add-entry")
        page.keyboard.press("Enter")  # as a person with the keyboard adds it
        page.wait_for_selector("#sheet-gone")
        # the focus, on a button gone with the form, goes to the panel's first: Tab goes on from there
        assert page.evaluate("() => document.activeElement.id") == "sheet-again"
        assert page.inner_text("#sheet-gone [role=alert]") == (
            "Cette feuille de marque n'existe plus sur le serveur, qui efface les feuilles que personne"
            " n'a changées depuis 30 jours\u00a0: vous ne pouvez plus y ajouter d'entrées.")
        for control in ("#entry-form", "#penalty-form", "#undo", "#sheet-error"):
            assert page.locator(control).count() == 0, control
        assert page.locator("#sheet-table tbody tr").count() == 1 and shown_totals(page) == shown
        assert page.evaluate(f"localStorage.getItem('whist.sheet.{sheet_id}')") is None
        href = page.get_attribute("#sheet-file", "href") or ""
        assert href.startswith("data:application/json") and unquote(href.split(",", 1)[1]) == kept_file
        assert "solo 7" in the_page_s_file(page, tmp_path)[1]
        page.click("button[data-lang=en]")
        assert page.inner_text("#sheet-gone [role=alert]") == (
            "This score sheet no longer exists on the server, which deletes the sheets nobody changed"
            " for 30 days: no more entries can be added to it.")
        assert page.inner_text("#sheet-again") == "New sheet with the same players"

        page.click("#sheet-again")
        page.wait_for_url(lambda url: "/s/" in url and not url.endswith(sheet_id))
        page.wait_for_selector("#entry-form")
        assert page.locator("#sheet-table thead th.who").all_inner_texts() == list(NAMES.values())
        assert page.locator("#sheet-table tbody tr").count() == 0
    assert errors == []


def test_a_sheet_deleted_while_shown_is_said_gone_at_the_next_poll(server: Server,  # noqa: F811
                                                                   tmp_path: Path) -> None:
    """A classic sheet on the screen while the server deletes it: the page's next quiet poll (it
    asks every 5 seconds) finds it gone and says so, without days on a server that deletes no
    sheet by age, takes the form away, keeps the scores, asks for the sheet no more, gives the
    sheet's file, which ``whist sheet show --file`` opens with the server's entries and stake,
    leads back to the lobby, and starts a new sheet with the old one's rules (the poll
    ignored the 404, the form stayed)."""
    sid = post_json(server, "/api/sheets", {"preset": "classic", "names": NAMES, "lang": "fr",
                                            "options": {"stake": 0.5}})["id"]
    post_json(server, f"/api/sheets/{sid}/entries", {"tricks": "NS=9"})
    with phone() as (page, errors):
        page.clock.install()
        page.goto(f"{server.base}/s/{sid}")
        page.wait_for_selector("#entry-form")
        score = page.inner_text("#sheet-score")
        with urllib.request.urlopen(f"{server.base}/api/sheets/{sid}/json") as r:
            kept_file = json.loads(r.read())
        deleted_as_kept_days(server, sid, 1)
        page.clock.run_for(6000)
        page.wait_for_selector("#sheet-gone")
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        page.clock.run_for(60_000)  # twelve polls' time: the page asks no more for a sheet gone
        assert asked == []
        assert page.inner_text("#sheet-gone [role=alert]") == (
            "Cette feuille de marque n'existe plus sur le serveur\u00a0: vous ne pouvez plus y ajouter"
            " d'entrées.")
        assert page.locator("#entry-form").count() == 0 and page.locator("#sheet-tools").count() == 0
        assert page.inner_text("#sheet-score") == score and page.locator("#sheet-table tbody tr").count() == 1
        file, shown = the_page_s_file(page, tmp_path)
        assert file == kept_file and file["rules"]["stake"] == 0.5 and len(file["entries"]) == 1, file
        assert "(whist classique, stake=0,5)" in shown and "NS (Anne & Chloé)" in shown, shown
        assert (page.get_attribute("#sheet-home", "href"), page.inner_text("#sheet-home")) == ("/", "Accueil")
        rules = page.inner_text("#sheet-rules")
        page.click("#sheet-again")
        page.wait_for_url(lambda url: "/s/" in url and not url.endswith(sid))
        page.wait_for_selector("#entry-form")
        assert page.inner_text("#sheet-rules") == rules == "Enjeu par point\u00a0: 0,5"
        assert page.locator("#sheet-table tbody tr").count() == 0
    assert errors == []


def test_a_classic_deal_refused_names_the_fields_as_the_english_form_does(server: Server) -> None:  # noqa: F811
    """A classic deal added with nothing filled in: the server's English says which fields to fill
    in by the labels of the page's English form ("Side", "Tricks", "Honours"), in the page's order,
    as the French does by the French form's."""
    with pytest.raises(Refusal) as refused:
        add_deal(new_sheet("classic"), wording=PAGE)
    with phone() as (page, errors):
        start_sheet(page, server, "classic")
        for lang, said in (("en", refused.value.en), ("fr", set_in_french(refused.value.fr))):
            page.click(f"button[data-lang={lang}]")
            labels = [page.locator(f"#entry-form label:has([name={name}])").evaluate(
                "l => [...l.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent)"
                ".join('').trim()")
                for name in ("side", "tricks", "honours")]
            quoted = ["“{}”", "«\u00a0{}\u00a0»"][lang == "fr"]
            where = [said.find(quoted.format(label)) for label in labels]
            assert -1 not in where and where == sorted(where), (labels, said)
    assert errors == []
