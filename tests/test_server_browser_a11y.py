"""The table's page for a person who plays with a screen reader and the keyboard alone: a deal of
colour whist played with Tab, the arrows and Enter, while every line the page's live region says
is collected; each call, each card, each trick's winner, the contract, the turns and the result are
said once, in the page's language, in the order they came. The parts of the table are named regions, and the
contract and trump are read as words, as Playwright's ARIA snapshot shows them; the facts over the
hand are a list, read one by one; the hand's cards are named in words and are one stop of Tab,
the arrows going from one playable card to the next, as the simple calls are, and the bids, the
arrows going from one row of bids to the next too.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from test_server_browser import (
    BOTS3,
    NEEDS_CHROMIUM,
    NORTH_PROPOSES,
    ONE_DEAL,
    Server,
    card_named,
    create_table,
    get_json,
    phone_page,
    propose_or_accept,
    server,  # noqa: F401 - the fixture
)

from whist.cards import Lang

pytestmark = NEEDS_CHROMIUM

# The words the page says, as the test expects them in each language (i18n.js)
WORDS: dict[str, dict[str, Any]] = {
    "fr": {"seats": {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"},
           "ranks": {"A": "l'as", "K": "le roi", "Q": "la dame", "J": "le valet"}, "number": "le {}",
           "of": "{} de {}", "suits": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
           "card": "{} joue {}", "my_card": "Vous jouez {}", "trick": "{} remporte le pli {}",
           "my_trick": "Vous remportez le pli {}", "pass": "passe", "accept": "emballe",
           "propose": "propose {}", "turn_play": "À vous de jouer", "turn_call": "À vous d'annoncer",
           "deal": "Donne 1. Donneur\u00a0: Est", "contract": "Contrat\u00a0: emballage 8 cœur — Nord, vous.",
           "over": "Partie terminée.", "colon": "\u00a0: ", "trump": "Atout",
           "regions": ['region "La table"', 'group "Le pli"', 'region "Contrat et marque"',
                       'group "Votre main"', 'region "Annonces et jeu"']},
    "en": {"seats": {"N": "North", "E": "East", "S": "South", "W": "West"},
           "ranks": {"A": "the ace", "K": "the king", "Q": "the queen", "J": "the jack"}, "number": "the {}",
           "of": "{} of {}", "suits": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
           "card": "{} plays {}", "my_card": "You play {}", "trick": "{} wins trick {}",
           "my_trick": "You win trick {}", "pass": "passes", "accept": "accepts",
           "propose": "proposes {}", "turn_play": "Your turn to play", "turn_call": "Your turn to call",
           "deal": "Deal 1. Dealer: East", "contract": "Contract: emballage 8 hearts — North, you.",
           "over": "Game over.", "colon": ": ", "trump": "Trump",
           "regions": ['region "The table"', 'group "The trick"', 'region "Contract and scores"',
                       'group "Your hand"', 'region "Calls and play"']},
}

# Every line added to the live region, in order, in window.__said
COLLECT = """() => { window.__said = [];
    new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
        window.__said.push(n.textContent); })
        .observe(document.getElementById('said'), { childList: true }); }"""


def card_words(card: str, w: dict[str, Any]) -> str:
    """A card in words as the live region says it: "la dame de pique", "the 10 of hearts"."""
    rank = w["ranks"].get(card[0]) or w["number"].format("10" if card[0] == "T" else card[0])
    return str(w["of"].format(rank, w["suits"][card[1]]))


def expected_actions(view: dict[str, Any], w: dict[str, Any]) -> list[str]:
    """What the live region says of each call and card of a finished deal South (Anne) sat in, and
    of each trick's winner: the seat that led the next trick, the last trick's as the view says."""
    lines: list[str] = []
    actions = view["actions"]
    cards = [a for a in actions if a["type"] == "card"]
    for a in actions:
        seat = a["seat"]
        if a["type"] == "call":
            who = "Anne" if seat == "S" else w["seats"][seat]
            kind = a["kind"]
            assert kind in ("pass", "accept", "propose"), a  # the calls of NORTH_PROPOSES
            said = w["propose"].format(w["suits"][a["contract"]["suit"]]) if kind == "propose" else w[kind]
            lines.append(f"{who} {said}")
            continue
        words = card_words(a["card"], w)
        lines.append(w["my_card"].format(words) if seat == "S" else w["card"].format(w["seats"][seat], words))
        n = cards.index(a) + 1
        if n % 4 == 0:
            winner = cards[n]["seat"] if n < len(cards) else view["last_trick"]["winner"]
            trick = n // 4
            lines.append(w["my_trick"].format(trick) if winner == "S"
                         else w["trick"].format(w["seats"][winner], trick))
    return lines


def tab_to(page: Any, selector: str) -> None:
    """Press Tab until the control ``selector`` has the focus (a few dozen times at most)."""
    for _ in range(60):
        if page.evaluate("(sel) => document.activeElement.matches(sel)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never came to {selector}")


def said(page: Any) -> list[str]:
    """The lines the live region has said since the page was opened."""
    lines: list[str] = page.evaluate("window.__said")
    return lines


def last_lines(page: Any, browser: Any) -> list[str]:
    """The lines said, a moment after the deal's end (its last line may follow the summary), the
    browser then closed."""
    page.wait_for_timeout(300)
    lines = said(page)
    browser.close()
    return lines


def assert_actions_said(at: Server, url: str, lines: list[str],
                        w: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Every line of ``lines`` says something, none twice in a row, and each call, card and trick
    of the first deal at table ``url`` of server ``at`` (finished) once, in order: that deal's
    view, and those lines."""
    assert all(line.strip() for line in lines), lines
    assert all(a != b for a, b in itertools.pairwise(lines)), lines
    view: dict[str, Any] = get_json(at, f"/api/tables/{url.rsplit('/', 1)[1]}/deals/1/view")["view"]
    actions = expected_actions(view, w)
    assert [line for line in lines if line in actions] == actions, lines
    return view, actions


def seated(pw: Any, url: str, lang: str, errors: list[str]) -> tuple[Any, Any]:
    """Chromium, and the page at ``url`` (a table's) where Anne, with the keyboard alone, chose the
    page's language ``lang`` and sat South; every line its live region says goes to
    window.__said."""
    browser, page = phone_page(pw, url, errors)
    page.wait_for_selector("#said", state="attached")
    # one polite live region, out of sight: a pixel, its content clipped
    live = page.locator("[aria-live]").evaluate_all("els => els.map(e => [e.id, e.ariaLive])")
    assert live == [["said", "polite"]], live
    box = page.locator("#said").bounding_box()
    assert box["width"] <= 1 and box["height"] <= 1, box
    page.evaluate(COLLECT)
    if lang == "en":
        tab_to(page, "[data-lang=en]")
        page.keyboard.press("Enter")
        page.wait_for_selector("text=Take a seat:")
    tab_to(page, "input[name=join-name]")
    page.keyboard.type("Anne")
    tab_to(page, "[data-sit=S]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand .card")
    return browser, page


# Where call ``action`` is among the calls offered, and where the focus is: its group of calls
# (the simple calls, the bids, the bids folded: a stop of Tab each), its row and place in the row,
# and the row of the control that has the focus in that group (-1: the focus is elsewhere)
PLACE = """(action) => {
  const call = document.querySelector(`#legal-calls [data-action="${CSS.escape(action)}"]`);
  const group = call.closest('.simple, .bids, .more-bids');
  const rows = group.matches('.simple') ? [group] : [...group.querySelectorAll('.bid-row')];
  const row = rows.findIndex((r) => r.contains(call));
  return [group.classList.contains('simple') ? '.simple' : '.' + group.classList[0], row,
          [...rows[row].querySelectorAll('button')].indexOf(call),
          rows.findIndex((r) => r.contains(document.activeElement))];
}"""


def arrow_to(page: Any, action: str) -> None:
    """Give call ``action`` the focus as a person with the keyboard does: Tab to its group's stop,
    then Up or Down to its row, Home, and Right to it (not in a fold left closed)."""
    group = page.evaluate(PLACE, action)[0]
    tab_to(page, f"#legal-calls {group} button")
    _, row, place, at = page.evaluate(PLACE, action)
    for key in ["ArrowDown" if row > at else "ArrowUp"] * abs(row - at) + ["Home"] + ["ArrowRight"] * place:
        page.keyboard.press(key)
    assert page.evaluate("() => document.activeElement.dataset.action") == action


def keyboard_step(page: Any) -> str:
    """When it is Anne's turn, her call (propose_or_accept's), reached with Tab and the arrows, or
    her first playable card, reached with Tab, taken with Enter, once the page has taken it: "call"
    or "card"; else a moment's wait, and ""."""
    if page.locator("#legal-calls").count():
        offered = page.locator("#legal-calls [data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)")
        call = propose_or_accept(offered)
        pick = f'#legal-calls [data-action="{call}"]'
        arrow_to(page, call)
        page.keyboard.press("Enter")
        page.wait_for_selector(pick, state="detached")
        return "call"
    if page.locator("#hand.choosing .playable").count():
        count = page.locator("#hand .card").count()
        tab_to(page, "#hand.choosing .playable")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelectorAll('#hand .card').length < {count}")
        return "card"
    page.wait_for_timeout(50)
    return ""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_deal_played_with_the_keyboard_is_said_as_it_happens(server: Server, lang: str) -> None:  # noqa: F811
    """Anne sits down, calls and plays a whole deal of colour whist with Tab, the arrows and Enter
    (the page's language chosen the same way). The live region says, one line each and once: the deal, each
    bot's call and card by its seat and the card in words, her own ("Vous jouez …"), each trick's
    winner with its number, the contract, her turn each time it comes to her (« À vous de
    jouer »; not for her last card, which the table plays for her), the result and the end. The
    language switched to and fro while she is to play draws the page again and says nothing. The
    table's parts are named regions; the contract's suit and trump are read as words, and each card
    on the table by who played it."""
    from playwright.sync_api import sync_playwright

    w = WORDS[lang]
    url = create_table(server, NORTH_PROPOSES)
    errors: list[str] = []
    calls = cards = 0
    with sync_playwright() as pw:
        browser, page = seated(pw, server.base + url, lang, errors)
        snapshot = info = trick = ""
        played: list[list[str]] = []
        named: list[int] = []
        while not page.locator("#new-table").count():
            if page.locator("#hand.choosing .playable").count():
                if not snapshot:  # her first card: nobody acts until she plays
                    before = len(said(page))
                    other = "fr" if lang == "en" else "en"
                    for code in (other, lang):
                        tab_to(page, f"[data-lang={code}]")
                        page.keyboard.press("Enter")
                        page.wait_for_selector(f"html[lang={code}]")
                    assert said(page)[before:] == [], said(page)
                    snapshot = page.locator("#app").aria_snapshot()
                    info = page.locator("#info").aria_snapshot()
                if not trick and page.locator("#trick:not(.done) .card").count() == 2:
                    trick = page.locator("#trick").aria_snapshot()
                    played = page.locator("#trick .card").evaluate_all(
                        "els => els.map(e => [e.dataset.playedBy, e.dataset.card])")
                    # each card read as who played it and the card in words: "Nord : l'as de cœur"
                    names = [f'{w["seats"][seat]}{w["colon"]}{card_words(card, w)}' for seat, card in played]
                    table = page.locator("#trick")
                    named = [table.get_by_role("img", name=n, exact=True).count() for n in names]
            step = keyboard_step(page)
            calls += step == "call"
            cards += step == "card"
        lines = last_lines(page, browser)
    assert errors == []
    view, actions = assert_actions_said(server, url, lines, w)
    # a bot's card by seat and card, a trick's winner
    west = next(a["card"] for a in view["actions"] if a["type"] == "card" and a["seat"] == "W")
    assert w["card"].format(w["seats"]["W"], card_words(west, w)) in lines  # « Ouest joue le roi de pique »
    assert w["trick"].format(w["seats"]["N"], 1) in lines, lines  # North took the first trick (seed 9149)
    rest = [line for line in lines if line not in actions]
    assert rest[0] == w["deal"], rest
    assert sum(line.startswith(w["contract"]) for line in rest) == 1, rest
    assert rest[-1].startswith(w["over"]) and "emballage 8" in rest[-2], rest
    turns = [line for line in rest[1:-2] if not line.startswith(w["contract"])]
    # her turn, said each time it came: to call (twice with seed 9149), to play every card but the last
    assert turns.count(w["turn_call"]) == calls >= 2, rest
    assert turns.count(w["turn_play"]) == cards >= 10, rest
    assert set(turns) == {w["turn_call"], w["turn_play"]}, rest
    assert cards == 12  # the 13th, her last card, the table played for her (you.auto)
    # the regions named; the contract and trump read as words; the cards on the table by who played
    for region in w["regions"]:
        assert region in snapshot, snapshot
    suit = w["suits"]["H"]
    assert info.count(f'img "{suit}"') == 2, info  # emballage 8 ♥, trump ♥
    trump = f'{w["trump"]}{w["colon"]}'.strip().replace("\u00a0", " ")
    assert re.search(f'{trump}"?\n *- img "{suit}"', info.replace("\u00a0", " ")), info  # Atout : cœur
    assert info.count("- listitem:") == 3, info  # the contract, trump and what is needed, apart
    assert len(played) == 2 and named == [1, 1], (played, named, trick)


def test_a_deal_of_classic_whist_says_its_trump_and_each_trick(server: Server) -> None:  # noqa: F811
    """At classic whist the deal's first line says its dealer, trump and the turned card, trump
    read as its word in the named region over the hand too ("Atout et marque"); each card and each
    trick's winner are said once, in order, as Anne plays with the keyboard; the deal's end says
    each side's tricks and points."""
    from playwright.sync_api import sync_playwright

    # a classic trick is a levée (seed 000), colour whist's a pli
    w = {**WORDS["fr"], "trick": "{} remporte la levée {}", "my_trick": "Vous remportez la levée {}"}
    url = create_table(server, {"preset": "classic", "seed": 3, "bot_delay": 0.05, "seats": BOTS3})
    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = seated(pw, server.base + url, "fr", errors)
        info = page.locator("#info").aria_snapshot()
        while not page.locator("#next-deal").count():
            keyboard_step(page)
        lines = last_lines(page, browser)
    assert errors == []
    view, _ = assert_actions_said(server, url, lines, w)
    dealer = "Anne" if view["dealer"] == "S" else w["seats"][view["dealer"]]
    suit = w["suits"][view["trump"]]
    turned = card_words(view["trump_card"], w)
    start = f"Donne 1. Donneur\u00a0: {dealer}. Atout\u00a0: {suit}. Carte retournée\u00a0: {turned}"
    assert lines[0] == start, lines
    assert lines[-1].startswith("Levées\u00a0: NS ") and "Points de levées\u00a0: NS " in lines[-1], lines
    assert 'region "Atout et marque"' in info, info
    assert re.search(f'Atout :"?\n *- img "{suit}"', info.replace("\u00a0", " ")), info
    # each fact an item of a list, not one run of text: trump, the turned card, tricks, score, games
    # (an item with a suit or a card has its label and them as children, on the lines under it)
    facts = [re.sub(r"\s*:.*", "", re.sub(r"^- text:\s*", "", item.strip().splitlines()[0]).strip(' "'))
             for item in re.split(r"^ *- listitem:", info, flags=re.M)[1:]]
    assert re.search(r"^ *- list:$", info, re.M), info
    assert facts == ["Atout", "Carte retournée", "Levées", "Marque", "Manches"], info
    # the turned card read as its words (« valet de trèfle »), not its letter and symbol
    assert f'img "{card_named(view["trump_card"], "fr")}"' in info, info


FOCUSED_CARD = "() => document.activeElement.closest('#hand') ? document.activeElement.dataset.card : null"


def classic_hand(pw: Any, at: Server, lang: str, errors: list[str]) -> tuple[Any, Any, list[str]]:
    """Chromium, the page where Anne sat South at a new table of classic whist (seed 3: she leads, her
    13 cards playable), in ``lang``, with the keyboard; and her hand, left to right."""
    browser, page = seated(pw, at.base + create_table(at, {"preset": "classic", "seed": 3, "bot_delay": 0.05,
                                                           "seats": BOTS3}), lang, errors)
    page.wait_for_selector("#hand.choosing .playable")
    hand: list[str] = page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    return browser, page, hand


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_hand_is_named_in_words(server: Server, lang: Lang) -> None:  # noqa: F811
    """Anne's hand, read by a screen reader, names each card in words in the page's language (« dame
    de pique », "queen of spades", "10 of hearts"), not by its symbols (« D♠ »)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page, hand = classic_hand(pw, server, lang, errors)
        snapshot = page.locator("#hand").aria_snapshot()
        browser.close()
    assert errors == []
    assert snapshot.splitlines()[1:] == [f'  - button "{card_named(c, lang)}"' for c in hand], snapshot


def test_the_hand_is_walked_with_the_arrows(server: Server) -> None:  # noqa: F811
    """Anne's playable cards are one stop of Tab: Tab comes to the first, Right and Left go to the
    next and the one before (no further than the ends), Home and End to the first and the last; Tab
    leaves the hand and Shift+Tab comes back to the card last reached; Enter plays it."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page, hand = classic_hand(pw, server, "fr", errors)
        stops = page.locator("#hand .card").evaluate_all("els => els.map(e => e.tabIndex)")
        assert stops == [0] + [-1] * 12, stops
        tab_to(page, "#hand.choosing .playable")
        walked = [page.evaluate(FOCUSED_CARD)]
        keys = ["ArrowRight", "ArrowRight", "ArrowLeft", "End", "ArrowRight", "Home", "ArrowLeft",
                "ArrowRight"]
        for key in keys:
            page.keyboard.press(key)
            walked.append(page.evaluate(FOCUSED_CARD))
        assert walked == [hand[i] for i in (0, 1, 2, 1, 12, 12, 0, 0, 1)], walked
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED_CARD) is None
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED_CARD) == hand[1]
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#trick [data-card={hand[1]}]")
        page.wait_for_selector(f"#hand [data-card={hand[1]}]", state="detached")
        browser.close()
    assert errors == []


# The action of the call that has the focus, else null
FOCUSED_CALL = """() => document.activeElement.closest('#legal-calls')
    ? document.activeElement.dataset.action : null"""


def test_the_calls_are_walked_with_the_arrows(server: Server) -> None:  # noqa: F811
    """At Anne's first call of colour whist (on a phone, the higher bids folded) the simple calls
    are one stop of Tab and the bids another: Tab goes from « Passe » to the first bid, not to
    « J'attends »; in the bids Right and Left go along a row, Down and Up to the row below and
    above at the same place (no further than the first and last rows and the row's ends), Home and
    End to the row's first and last; Tab leaves the bids for their fold, Shift+Tab comes back to
    the bid last reached, and again to the simple calls, walked with Right and Left; Enter makes
    the call that has the focus."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser, page = seated(pw, server.base + create_table(server, ONE_DEAL), "fr", errors)
        page.wait_for_selector('#legal-calls [data-action="propose S"]')
        rows: list[list[str]] = page.locator("#legal-calls .bids .bid-row").evaluate_all(
            "rows => rows.map((r) => [...r.querySelectorAll('button')].map((b) => b.dataset.action))")
        # propose, emballage 9, solo 6, emballage 10, solo 7: a bid of each suit
        assert [len(row) for row in rows] == [4] * 5, rows
        stops = page.locator("#legal-calls .simple button, #legal-calls .bids button").evaluate_all(
            "els => els.map(e => e.tabIndex)")
        assert stops == [0, -1] + [0] + [-1] * 19, stops
        tab_to(page, '#legal-calls [data-action="pass"]')
        page.keyboard.press("Tab")
        walked = [page.evaluate(FOCUSED_CALL)]
        keys = ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown", "End", "ArrowRight", "ArrowDown",
                "ArrowUp", "Home", "ArrowLeft", "ArrowUp", "ArrowUp", "ArrowUp", "End", "ArrowDown",
                "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowLeft"]
        for key in keys:
            page.keyboard.press(key)
            walked.append(page.evaluate(FOCUSED_CALL))
        at = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 3), (2, 3), (3, 3), (2, 3), (2, 0), (2, 0), (1, 0),
              (0, 0), (0, 0), (0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (4, 3), (4, 2)]
        assert walked == [rows[r][c] for r, c in at], walked
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED_CALL) is None
        assert page.evaluate("() => document.activeElement.matches('.more-bids summary')")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED_CALL) == rows[4][2]
        page.keyboard.press("Shift+Tab")
        walked = [page.evaluate(FOCUSED_CALL)]
        for key in ["ArrowRight", "ArrowRight", "ArrowLeft", "End", "Home"]:
            page.keyboard.press(key)
            walked.append(page.evaluate(FOCUSED_CALL))
        assert walked == ["pass", "wait", "wait", "pass", "wait", "pass"], walked
        # back to the bids, at the bid last reached; up to the first row and its last bid, made
        page.keyboard.press("Tab")
        for key in ["ArrowUp"] * 4 + ["End"]:
            page.keyboard.press(key)
        assert page.evaluate(FOCUSED_CALL) == "propose H"
        page.keyboard.press("Enter")
        page.wait_for_selector("#legal-calls", state="detached")
        assert page.locator("#calls .call").first.inner_text() == "Anne propose ♥"
        browser.close()
    assert errors == []
