"""The spy test (issue 5, item 6): every message sent to one seat — and to a spectator — through a
whole session of each preset shows no card of another seat's hidden hand.

The person at South plays a whole session against three bots, taking a random legal action each
time. Afterwards the table's event log is replayed through the engine to get the true state at each
version; every card named anywhere in a message of version ``v`` must be South's own (dealt to him)
or public at ``v`` by the rules: a card played, the turned trump card of classic whist, the cards
shown by a claim or a "yes" at eight, the trou partner's shown card, a spread hand from the moment
it is spread (RULES.md §1).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from whist.cards import SEATS, Card, Seat, cards_of, parse_card, parse_hand
from whist.couleur import ColourDeal
from whist.couleur_match import ColourMatch
from whist.engine import ClassicDeal
from whist.match import Match
from whist.rules import Rules

CARD = re.compile(r"^[2-9TJQKA][SHDC]$")
AnyMatch = Match | ColourMatch


def card_words(obj: Any) -> set[str]:
    """Every card named anywhere in a message: in any string, as a word of its own."""
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            out |= card_words(k) | card_words(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= card_words(v)
    elif isinstance(obj, str):
        out.update(w for w in re.split(r"[\s,;:()'\"]+", obj) if CARD.match(w))
    return out


def truth_by_version(events: list[Any]) -> dict[int, AnyMatch]:
    """The true match at each version, replayed from the log with the engine alone."""
    create = events[0].data
    rules = Rules.from_dict(create["rules"])
    first = Seat[create["first_dealer"]]
    m: AnyMatch = ColourMatch(rules, first, first) if rules.game == "couleur" else Match(rules, first, first)
    out = {0: m}
    version = 0
    for e in events[1:]:
        if e.kind == "deal":
            if isinstance(m, ColourMatch):
                deck = [parse_card(w).index for w in e.data["deck"].split()]
                from dataclasses import replace

                m = replace(m, current=ColourDeal.from_deck(rules, m.dealer, deck,
                                                            2 if m.double_next else 1))
            else:
                hands = tuple(parse_hand(e.data["hands"][s.name]) for s in SEATS)
                m = m.deal_hands((hands[0], hands[1], hands[2], hands[3]),
                                 parse_card(e.data["trump_card"]))
        elif e.kind == "action":
            m = m.apply(e.data["action"], Seat[e.data["seat"]])
        else:
            continue
        version += 1
        out[version] = m
    return out


def public_cards(m: AnyMatch) -> set[str]:
    """The cards the rules show to every seat in the deal a message of this state is about."""
    deal: ClassicDeal | ColourDeal | None = m.current if m.current is not None else (
        m.deals[-1] if m.deals else None)
    if deal is None:
        return set()
    out = {a.text for _, a in deal.actions if isinstance(a, Card)}
    if isinstance(deal, ClassicDeal):
        out.add(deal.trump_card.text)
        for cards in deal.shown_cards().values():
            out.update(c.text for c in cards)
    else:
        if deal.shown_card is not None:
            out.add(deal.shown_card.text)
        for mask in deal.spread_hands().values():
            out.update(c.text for c in cards_of(mask))
    return out


def own_cards(m: AnyMatch, seat: Seat) -> set[str]:
    deal = m.current if m.current is not None else (m.deals[-1] if m.deals else None)
    return {c.text for c in cards_of(deal.dealt[seat])} if deal is not None else set()


SUR_TABLE = {"grande_misere_sur_table": True, "abondance_sur_table": True}


@pytest.mark.parametrize(("preset", "options", "seed"), [
    ("classic", {"rubbers": 1}, 21),
    ("couleur", {"deals": 2}, 22),
    ("pagat", {"deals": 2}, 23),
    # seeds whose sessions hold what the rules show: abondance sur table then a trou with its
    # shown card; pagat's open misère (spread before the lead); a trou whose partner stays hidden
    ("couleur", {"deals": 2, **SUR_TABLE}, 27),
    ("pagat", {"deals": 2}, 36),
    ("couleur", {"deals": 2, **SUR_TABLE, "trou_surprise": True}, 29),
])
def test_no_hidden_card_reaches_a_seat(harness: Any, preset: str, options: dict[str, Any],
                                       seed: int) -> None:
    tid = harness.create(preset=preset, options=options, seed=seed,
                         seats={"N": "heuristic", "E": "heuristic", "W": "heuristic"})
    token = harness.join(tid, "Spy", "S")
    rng = random.Random(seed)
    with harness.connect(tid) as spectator, harness.connect(tid) as me:
        spectator.hello()
        me.hello(token)
        acted = -1  # a state is sent again when only the seats change: act once per version
        while True:
            m = me.until(lambda m, acted=acted: m["type"] == "state" and (
                m["match"]["over"] or (m["version"] > acted and m["deal"]
                                       and m["deal"]["view"]["to_act"] == "S" and not m["you"]["auto"])))
            if m["match"]["over"]:
                break
            legal = m["deal"]["view"]["legal"]
            acted = m["version"]
            me.send({"type": "act", "action": rng.choice(legal)["text"], "version": acted})
        spectator.until(lambda m: m["type"] == "state" and m["match"]["over"])
        me.flush()
        spectator.flush()
    truth = truth_by_version(harness.service.storage.load(tid))
    checked = 0
    for who, ws, seat in (("South", me, Seat.S), ("spectator", spectator, None)):
        states = [m for m in ws.seen if m["type"] == "state"]
        assert [m for m in ws.seen if m["type"] == "error"] == []
        assert len(states) > 20
        for msg in ws.seen:
            state = truth[msg.get("version", 0)]
            allowed = public_cards(state) | (own_cards(state, seat) if seat is not None else set())
            leaked = card_words(msg) - allowed
            assert not leaked, f"{who} was sent {sorted(leaked)} at version {msg.get('version')}"
            checked += len(card_words(msg))
        if seat is not None:  # the seat did see its own cards: the check is not vacuous
            assert any(m["deal"] and len(m["deal"]["view"]["hand"]) == 13 for m in states)
    assert checked > 200
    assert harness.service.tables[tid].match.is_over
