"""The JSON codec of views: built from the view alone, the fast text equal to the plain JSON, the
hidden discard of another seat without its card, legal actions only for the seat to act."""

from __future__ import annotations

import json
import random

import pytest

from whist.cards import SEATS, Seat
from whist.couleur import ColourDeal
from whist.engine import ClassicDeal
from whist.rules import preset
from whist.server.codec import action_json, contract_names, view_json, view_text


@pytest.mark.parametrize("name", ["classic", "simple", "couleur", "pagat"])
def test_text_is_the_json_of_every_view(name: str) -> None:
    rng = random.Random(name)
    for _ in range(6):
        rules = preset(name)
        dealer = SEATS[rng.randrange(4)]
        deal: ClassicDeal | ColourDeal = (ColourDeal.shuffled(rules, dealer, rng) if rules.game == "couleur"
                                          else ClassicDeal.shuffled(rules, dealer, rng))
        while True:
            for seat in (*SEATS, None):
                v = deal.view(seat)
                data = view_json(v)
                assert json.loads(view_text(v)) == data
                assert data["hand"] == [c.text for c in v.hand]
                assert (data["legal"] != []) == (seat is not None and seat is deal.to_act)
            if deal.to_act is None:
                break
            if isinstance(deal, ColourDeal):  # the same step in either game, typed per game
                deal = deal.apply(rng.choice(deal.legal_actions()))
            else:
                deal = deal.apply(rng.choice(deal.legal_actions()))


def test_a_hidden_discard_shows_no_card() -> None:
    rules = preset("couleur")
    rng = random.Random(5)
    for _ in range(50):  # the first player who may bids petite misère, the others pass
        d = ColourDeal.shuffled(rules, Seat.N, rng)
        bid = False
        while d.phase == "auction":
            texts = [a.text for a in d.legal_actions()]
            take = "small misère" if not bid and "small misère" in texts else "pass"
            bid = bid or take != "pass"
            d = d.apply(take)
        if d.phase == "discard":
            break
    else:
        pytest.fail("no petite misère found")
    first = d.to_act
    assert first is not None
    d = d.apply(d.legal_actions()[0])
    mine = view_json(d.view(first))
    other = view_json(d.view(first.left))
    assert mine["discard"] is not None and mine["actions"][-1]["card"] == mine["discard"]
    assert other["discard"] is None and other["actions"][-1] == {
        "seat": first.name, "type": "discard", "text": "discard", "card": None}


def test_calls_name_their_contract() -> None:
    from whist.auction import parse_call

    assert action_json(parse_call("solo 7 H")) == {
        "type": "call", "text": "solo 7 H", "kind": "bid",
        "contract": {"kind": "solo", "level": 7, "suit": "H"}}
    assert action_json(parse_call("propose S"))["kind"] == "propose"
    assert action_json(parse_call("passe")) == {"type": "call", "text": "pass", "kind": "pass",
                                                "contract": None}
    assert contract_names()["petite_misere"] == {"en": "small misère", "fr": "petite misère"}
