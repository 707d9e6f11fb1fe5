"""The score sheet of a physical table in a real browser (RULES.md §6): a scorer on a phone starts
a colour-whist sheet from the lobby, enters deals, sees an impossible one refused in the page's
language (the sheet module's own words), takes the last entry back, reads the totals the server
keeps, and finds the sheet again in the lobby. Playwright drives Debian's Chromium, as in
test_server_browser.py.
"""

from __future__ import annotations

import json
import shutil
import urllib.request
from typing import Any

import pytest
from test_server_browser import ARGS, CHROMIUM, Server, server  # noqa: F401 - server: the fixture

from whist.cards import Refusal
from whist.sheet_input import add_deal, new_sheet

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason="Debian's chromium is not installed")

NAMES = {"N": "Anne", "E": "Bert", "S": "Chloé", "W": "Dirk"}


def shown_totals(page: Any) -> dict[str, int]:
    return {s: int(page.inner_text(f"#sheet-table [data-total={s}]")) for s in NAMES}


def entry(page: Any, contract: str, declarers: str, tricks: dict[str, str]) -> None:
    """Fill the deal's form: the contract from the list, the declarers' boxes, the tricks."""
    page.select_option("select[name=contract]", contract)
    for seat in NAMES:
        box = page.locator(f"input[name=declarer-{seat}]")
        if box.is_checked() != (seat in declarers):
            box.click()
    for field, value in tricks.items():
        page.fill(f"input[name={field}]", value)


def test_a_scorer_keeps_a_colour_sheet_on_a_phone(server: Server) -> None:  # noqa: F811
    from playwright.sync_api import sync_playwright

    with pytest.raises(Refusal) as refused:  # what the sheet itself says of 14 tricks
        add_deal(new_sheet("couleur"), "solo 7", "N", "14")
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.base}/")
        page.click("#new-sheet summary")
        assert "Feuille de marque" in page.inner_text("#new-sheet")
        page.select_option("select[name=sheet-preset]", "couleur")
        for seat, name in NAMES.items():
            page.fill(f"input[name=sheet-name-{seat}]", name)
        page.click("#start-sheet")
        page.wait_for_url("**/s/*")
        sheet_id = page.url.rsplit("/", 1)[1]
        page.wait_for_selector("#entry-form")
        heads = page.locator("#sheet-table thead th.who").all_inner_texts()
        assert heads == list(NAMES.values())

        entry(page, "solo 7", "N", {"tricks": "14"})
        page.click("#add-entry")
        page.wait_for_selector("#sheet-error")
        assert page.inner_text("#sheet-error") == refused.value.fr
        page.click("button[data-lang=en]")
        assert page.inner_text("#sheet-error") == refused.value.en
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
        browser.close()
    assert errors == []
