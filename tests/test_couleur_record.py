"""Records of colour whist (issue 3 item 7, DESIGN.md "Records"): a session's match record and
each deal's record replay through the engine to the same points, and a record whose actions or
stored fields were changed is refused with the first problem named."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from whist.auction import ColourCall
from whist.bots import get_bot
from whist.cards import SEATS, Card
from whist.couleur import CardCall, ColourDeal
from whist.couleur_match import ColourMatch
from whist.record import DEAL_FORMAT, MATCH_FORMAT, RecordError, deal_record, match_record, replay
from whist.rules import Rules, preset, with_options


def play_session(rules: Rules, seed: int, bot: str = "heuristic",
                 deal: Callable[[ColourMatch, random.Random], ColourMatch] = ColourMatch.deal,
                 ) -> ColourMatch:
    """A session played out by ``bot`` at every seat, each deal dealt by ``deal``."""
    rng = random.Random(seed)
    player = get_bot(bot)
    m = ColourMatch.start(rules, rng)
    while not m.is_over:
        if m.needs_deal:
            m = deal(m, rng)
        else:
            assert m.to_act is not None
            action = player(m.view(m.to_act), rng)
            assert isinstance(action, ColourCall | CardCall | Card)
            m = m.apply(action)
    return m


def roundtrip(record: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(record, ensure_ascii=False))
    return out


SESSIONS = [
    ("couleur", {}, "heuristic"),
    ("pagat", {}, "heuristic"),
    ("couleur", {"shuffle": "off", "all_pass": "redeal_double"}, "random"),
    ("couleur", {"all_pass": "dames", "trou_surprise": "on"}, "random"),
    ("pagat", {"packets": "5-4-4"}, "random"),
]


@pytest.mark.parametrize(("name", "options", "bot"), SESSIONS)
def test_a_session_record_replays_to_the_same_totals(name: str, options: dict[str, str], bot: str) -> None:
    rules = with_options(preset(name), {"deals": 6, **options})
    m = play_session(rules, seed=11, bot=bot)
    rec = roundtrip(match_record(m))
    assert rec["format"] == MATCH_FORMAT
    again = replay(rec)
    assert isinstance(again, ColourMatch)
    assert again.totals == m.totals
    assert sum(again.totals) == 0
    assert match_record(again) == rec
    for d in rec["deals"]:
        assert d["format"] == DEAL_FORMAT
        assert set(d) >= {"rules", "dealer", "hands", "deck", "multiplier", "actions", "result"}
        replay(d)  # every deal record also replays alone


def test_each_deal_record_names_contract_declarers_tricks_and_points() -> None:
    m = play_session(with_options(preset("couleur"), {"deals": 4}), seed=5)
    for deal in m.deals:
        rec = deal_record(deal)
        res = rec["result"]
        assert set(res["points"]) == {s.name for s in SEATS}
        assert sum(res["points"].values()) == 0
        if res["passed"]:
            assert res["contract"] is None and res["declarers"] == []
        else:
            assert res["contract"] and res["declarers"]


def test_a_changed_result_is_refused_naming_the_field() -> None:
    rec = roundtrip(match_record(play_session(with_options(preset("couleur"), {"deals": 3}), seed=2)))
    played = next(i for i, d in enumerate(rec["deals"]) if not d["result"]["passed"])
    bad = copy.deepcopy(rec)
    bad["deals"][played]["result"]["points"]["N"] += 1
    with pytest.raises(RecordError, match=rf"deal {played + 1}: stored result.points.N differs"):
        replay(bad)


def test_an_illegal_action_is_refused_naming_it() -> None:
    rec = roundtrip(match_record(play_session(with_options(preset("pagat"), {"deals": 2}), seed=4)))
    bad = copy.deepcopy(rec)
    first = bad["deals"][0]["actions"][0]
    other = next(s.name for s in SEATS if s.name != first[0])
    bad["deals"][0]["actions"][0] = [other, first[1]]
    with pytest.raises(RecordError, match=r"deal 1, action 1 .*turn"):
        replay(bad)


def test_a_changed_multiplier_or_deck_is_refused() -> None:
    rules = with_options(preset("couleur"), {"deals": 2})
    rec = roundtrip(match_record(play_session(rules, seed=8)))
    bad = copy.deepcopy(rec)
    bad["deals"][0]["multiplier"] = 2
    with pytest.raises(RecordError, match="deal 1"):
        replay(bad)
    bad = copy.deepcopy(rec)
    words = bad["deals"][0]["deck"].split()
    words[0], words[4] = words[4], words[0]  # the first packets go to different seats
    bad["deals"][0]["deck"] = " ".join(words)
    with pytest.raises(RecordError, match=r"^deal 1: stored hands differ from those the stored deck"
                                          r" deals: one of the two was changed$"):
        replay(bad)  # named for what it is: the first card not held was blamed, at its action


def test_a_colour_record_under_classic_rules_is_named() -> None:
    """A session whose rules were all replaced by classic whist's (a record of the other game):
    the error says which game the deal is and which the rules are."""
    rec = roundtrip(match_record(play_session(with_options(preset("pagat"), {"deals": 2}), seed=4)))
    classic = preset("classic").to_dict()
    rec["rules"] = classic
    for deal in rec["deals"]:
        deal["rules"] = classic
    with pytest.raises(RecordError, match=r"^deal 1: a deal of colour whist \(it has a field 'deck'\),"
                       r" but the rules are those of classic whist \(preset classic\)"):
        replay(rec)


def test_a_deal_cut_short_in_a_session_is_named() -> None:
    rec = roundtrip(match_record(play_session(with_options(preset("couleur"), {"deals": 3}), seed=2)))
    played = next(i for i, d in enumerate(rec["deals"]) if not d["result"]["passed"])
    rec["deals"][played]["actions"] = rec["deals"][played]["actions"][:-3]
    with pytest.raises(RecordError, match=rf"^deal {played + 1}: the actions stop before the end of"
                       r" the deal \(after \d+ actions, \w+ to act\), yet a result is stored"):
        replay(rec)


def test_a_multiplier_that_is_not_a_whole_number_is_named() -> None:
    """A colour deal record's multiplier that is no whole number is refused in the record's terms."""
    rec = match_record(play_session(with_options(preset("couleur"), {"deals": 1}), seed=3))["deals"][0]
    rec["multiplier"] = "double"
    with pytest.raises(RecordError) as refused:
        replay(rec)
    assert refused.value.in_lang("en") == ('deal: bad field multiplier: a whole number is expected,'
                                           ' not "double"')
    assert refused.value.in_lang("fr") == ('donne : champ multiplier incorrect : il faut un nombre'
                                           ' entier, pas "double"')


@pytest.mark.parametrize("value", [0, 3, -2])
def test_a_multiplier_that_no_deal_has_is_named(value: int) -> None:
    """RULES.md §5.8: a deal scores once, or twice after a deal all passed (option all_pass =
    redeal_double); a multiplier of 0, 3 or -2 replayed, and failed only at the stored points."""
    rec = match_record(play_session(with_options(preset("couleur"), {"deals": 1}), seed=3))["deals"][0]
    rec["multiplier"] = value
    with pytest.raises(RecordError) as refused:
        replay(rec)
    assert refused.value.in_lang("en") == (f"deal: bad field multiplier: 1 or 2 is expected (2 after a"
                                           f" deal all passed), not {value}")


def test_a_multiplier_of_the_wrong_type_in_a_session_is_named_not_compared() -> None:
    """In a session's record the multiplier is worked out from the deals before it and compared
    with the one stored: one stored as text was "differs from the replayed one", as if changed."""
    rec = roundtrip(match_record(play_session(with_options(preset("couleur"), {"deals": 2}), seed=8)))
    rec["deals"][0]["multiplier"] = "1"
    with pytest.raises(RecordError) as refused:
        replay(rec)
    assert refused.value.in_lang("en") == 'deal 1: bad field multiplier: a whole number is expected, not "1"'


def test_with_shuffle_off_a_deck_that_was_not_gathered_is_refused() -> None:
    """RULES.md §5.1 (D22): with shuffle off the next deal is the last one's cards gathered and
    cut once. A session whose second deal was shuffled instead, every other field true to it,
    is refused on that deal; the same session dealt by the rules replays."""
    rules = with_options(preset("pagat"), {"deals": 2})
    assert not rules.shuffle
    shuffled: list[int] = []

    def shuffle_later_deals(m: ColourMatch, rng: random.Random) -> ColourMatch:
        if not m.deals:
            return m.deal(rng)
        shuffled.append(len(m.deals))
        return replace(m, current=ColourDeal.shuffled(rules, m.dealer, rng, 2 if m.double_next else 1))

    m = play_session(rules, seed=5, deal=shuffle_later_deals)
    assert shuffled[:1] == [1]  # the second deal of the record, and any after it
    with pytest.raises(RecordError, match=r"^deal 2: stored deck is not the last deal's cards"
                       " gathered and cut once"):
        replay(roundtrip(match_record(m)))
    assert isinstance(replay(roundtrip(match_record(play_session(rules, seed=5)))), ColourMatch)
