"""Classic whist at a table in a real browser (RULES.md §2–4): the call at eight (the honours
shown, a claim, the partner's answer), the deal that ends a rubber, the end of a match on a phone,
simple whist's matches. Playwright drives Debian's Chromium, as in test_server_browser.py.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from test_server_browser import (  # noqa: F401 - server: the fixture
    BOTS3,
    CHROMIUM,
    NEEDS_CHROMIUM,
    Server,
    anne_at,
    assert_no_sideways_scroll,
    create_table,
    in_widths_and_languages,
    next_deal,
    phone_page,
    play_until,
    server,
    sit_down,
)

pytestmark = NEEDS_CHROMIUM


def at_eight(seed: int, bot_delay: float = 0.1) -> dict[str, Any]:
    """A table of classic whist with games of 2 points, so that both sides are "at eight" on the
    first deal (RULES.md §2, calling at eight, D19), dealt by ``seed``, against three bots."""
    return {"preset": "classic", "seed": seed, "bot_delay": bot_delay, "seats": BOTS3,
            "options": {"game_points": 2, "single_game_from": 1}}


def south_may_ask(pw: Any, server: Server, seed: int, errors: list[str]) -> tuple[Any, Any]:  # noqa: F811
    """Chromium, and a phone-sized page in English where Anne sits South at a table of classic
    whist with games of 2 points, so that both sides are "at eight" on the first deal (RULES.md
    §2, calling at eight, D19), once she may ask her partner "can you one?" (``seed``: a deal
    where she holds two honours)."""
    browser, page = phone_page(pw, f"{server.base}{create_table(server, at_eight(seed))}", errors)
    page.dispatch_event("button[data-lang=en]", "click")
    sit_down(page, "Anne")
    page.wait_for_selector("#legal-calls [data-action=ask]")
    return browser, page


def test_the_honours_shown_by_a_call_at_eight_are_on_the_summary(server: Server) -> None:  # noqa: F811
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


def test_a_claim_at_eight_is_made_for_the_player_and_shown(server: Server) -> None:  # noqa: F811
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
    (7, "KD", "North was dealt no honour: no", "Nord n'a reçu aucun honneur\u00a0: non"),
])
def test_the_answer_at_eight_says_what_the_partner_was_dealt(server: Server, seed: int, north: str,  # noqa: F811
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


def anne_plays_until(pw: Any, server: Server, table: dict[str, Any], selector: str,  # noqa: F811
                     errors: list[str]) -> tuple[Any, Any, dict[str, Any]]:
    """Chromium, and a phone-sized page in English where Anne sits South at a new table of
    ``table`` against three bots and plays until ``selector`` is on the page; with the table's
    match as the API then gives it."""
    url = create_table(server, table)
    browser, page = phone_page(pw, f"{server.base}{url}", errors)
    page.dispatch_event("button[data-lang=en]", "click")
    sit_down(page, "Anne")
    play_until(page, selector)
    with urllib.request.urlopen(f"{server.base}/api/tables/{url.rsplit('/', 1)[1]}") as r:
        return browser, page, json.load(r)["match"]


def test_the_score_beside_the_table_counts_the_deal_just_over(server: Server) -> None:  # noqa: F811
    """Once a deal is over, the game score beside the table is the match's, with that deal's
    trick and honour points (RULES.md §2), as the summary and the API say: not the score the deal
    began with, while the games beside it already count a game the deal won."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page, match = anne_plays_until(
            pw, server, {"preset": "classic", "seed": 5, "bot_delay": 0.05, "seats": BOTS3},
            "#next-deal:not([disabled])", errors)
        score, games = match["result"]["score"], match["games_in_rubber"]
        assert score != {"NS": 0, "EW": 0} or games != [0, 0], "the first deal scored nothing"
        facts = page.locator("#info li.fact").all_inner_texts()
        assert f"Score: NS {score['NS']} · EW {score['EW']}" in facts, facts
        assert f"Games: NS {games[0]} · EW {games[1]}" in facts, facts
        browser.close()
    assert errors == []


def test_a_classic_deals_replay_shows_its_trump_from_the_first_step(server: Server) -> None:  # noqa: F811
    """The replay of a classic deal showed nothing at step 0 and never the trump: it says the
    trump and the turned card, as the table did, at every step."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page, _ = anne_plays_until(
            pw, server, {"preset": "classic", "seed": 5, "bot_delay": 0.05, "seats": BOTS3},
            "#next-deal:not([disabled])", errors)
        facts = page.locator("#info li.fact").all_inner_texts()
        trump = next(f for f in facts if f.startswith("Trump"))
        turned = next(f for f in facts if f.startswith("Turned card"))
        page.click(".sheet .close")
        page.click("#show-history")
        page.click("[data-replay]")
        page.wait_for_selector(".replay-trump")
        for step in ("#replay-first", "#replay-next", "#replay-last"):
            page.click(step)
            said = " ".join(page.locator(".replay-trump").inner_text().split())
            assert said.startswith(" ".join(trump.split())) and "Turned card:" in said, (said, trump)
            assert turned.split(":")[1].strip()[:2] in said.replace(" ", ""), (said, turned)
        browser.close()
    assert errors == []


def test_the_deal_that_ends_a_rubber_says_so_before_the_next_one(server: Server) -> None:  # noqa: F811
    """A match of two rubbers of games of 2 points: the summary of the deal that wins the first
    rubber says who won it, with its games, game points, rubber points and total (RULES.md §2:
    rubber, game points 3/2/1, rubber bonus 2), as the match's result gives them, and the deals of
    the second rubber are played after it. The rubber's six columns fit the narrowest phones
    (320 px) as well as a computer's screen, in English and in French: neither the page nor the
    sheet scrolls sideways, and the last column, the total, shows."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page, match = anne_plays_until(
            pw, server, {"preset": "classic", "seed": 31, "bot_delay": 0.05, "seats": BOTS3,
                         "options": {"game_points": 2, "single_game_from": 1, "rubbers": 2}},
            "#rubber-summary, #over", errors)
        assert not page.locator("#over").count(), "the match ended first"
        first = match["result"]["rubbers"][0]
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


def test_the_end_of_a_classic_match_fits_a_phone(server: Server) -> None:  # noqa: F811
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
                ["Levées NS/EO", "Points de levées", "Points d'honneurs", "Manche"] if lang == "fr"
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


def test_simple_whist_counts_matches_not_rubbers(server: Server) -> None:  # noqa: F811
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


def test_simple_whist_says_when_its_matches_are_over(server: Server) -> None:  # noqa: F811
    """Two matches of simple whist, with games of 2 points (a deal's odd tricks win a game): at the
    end the page says that the matches are over, in French and in English, not "game over", which
    would name the game to 10 points that each match is won by (RULES.md §4), and offers a new
    table: a button of the end's sheet takes the player back to the lobby's form."""
    from playwright.sync_api import sync_playwright

    url = create_table(server, {"preset": "simple", "seed": 5, "bot_delay": 0.05, "seats": BOTS3,
                                "options": {"game_points": 2, "rubbers": 2}})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = phone_page(pw, f"{server.base}{url}", errors)
        sit_down(page, "Anne")
        play_until(page, ".sheet a.button[download]", 240)  # the end
        assert page.locator("#over").inner_text() == "Les 2 parties sont terminées"
        page.click(".overlay button[data-lang=en]")  # the sheet's own switch
        assert page.locator("#over").inner_text() == "The 2 matches are over"
        assert "Matches won: " in page.locator(".sheet").inner_text()
        # what comes next: a new table, from the lobby (the header's "Whist" is no button to see)
        page.click("#new-table")
        page.wait_for_selector("#create-table")
        assert page.url == f"{server.base}/"
        browser.close()
    assert errors == []


def test_asking_at_eight_says_what_it_does(server: Server) -> None:  # noqa: F811
    """A player of bridge has never met calling at eight: South may ask (seed 20, RULES.md §2 (b)),
    and the button says on hover, and the folded list under it on a touch screen, in French and in
    English, what asking is for: two honours held, the partner's one wins the game, else play goes on;
    and at how many points, two short of game (here 0, games of 2 points: it said 8 whatever the game)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = south_may_ask(pw, server, 20, errors)
        for lang, words in (("en", ("Your side is at 0 and", "two honours", "wins the game", "play a card")),
                            ("fr", ("Votre camp est à 0 et", "deux honneurs", "gagne la manche",
                                    "jouer une carte"))):
            page.dispatch_event(f"button[data-lang={lang}]", "click")
            ask = page.locator("#legal-calls [data-action=ask]")
            said = ask.get_attribute("title") or ""
            assert all(w in said for w in words), said
            page.click("#calls-help summary")
            assert page.locator("#calls-help dt").all_inner_texts() == [ask.inner_text()]
            assert page.locator("#calls-help dd").all_inner_texts() == [said]
            page.click("#calls-help summary")
        browser.close()
    assert errors == []
