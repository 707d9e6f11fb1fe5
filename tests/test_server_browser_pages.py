"""The pages a person meets outside a game in a real browser: a link to no table, the lobby's
form and the page's controls on a small phone. Playwright drives Debian's Chromium, as in
test_server_browser.py.
"""

from __future__ import annotations

import shutil

import pytest
from test_server_browser import CHROMIUM, Server, phone_page, server  # noqa: F401 - server: the fixture

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason="Debian's chromium is not installed")


def test_a_link_to_no_table_says_so_in_the_pages_language(server: Server) -> None:  # noqa: F811
    """A mistyped table link says there is no table there in the page's language, with the
    language switch and the way home (in English it gave the server's bare "no table 'nope'"), and
    forgets a seat this browser held there."""
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
        browser.close()
    assert errors == []
