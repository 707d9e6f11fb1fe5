"""The JSON codec of views: built from the view alone, the fast text equal to the plain JSON, the
hidden discard of another seat without its card, legal actions only for the seat to act."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_couleur_rules import FOUR_ACES, TROU, new

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


def trous(pbn: str, surprise: bool = False) -> dict[Seat | None, Any]:
    """The ``trou`` of every seat's view and the spectator's, before and after North's trou."""
    d = new(pbn, trou_surprise=surprise)
    assert d.to_act is Seat.N and d.phase == "trou"
    assert all(view_json(d.view(s))["trou"] is None for s in (*SEATS, None))  # not yet announced
    d = d.apply("trou")
    return {s: view_json(d.view(s))["trou"] for s in (*SEATS, None)}


@pytest.mark.parametrize("surprise", [False, True])
def test_a_trou_of_four_aces_says_so_to_every_seat(surprise: bool) -> None:
    """D2: announced with four aces, the partner (East, K♥) is public and so is the four aces;
    trou_surprise does not hide the partner of a trou of four aces."""
    seen = trous(FOUR_ACES, surprise)
    assert all(t == {"caller": "N", "partner": "E", "four_aces": True} for t in seen.values())


def test_a_trou_of_three_aces_is_not_one_of_four() -> None:
    seen = trous(TROU)
    assert all(t == {"caller": "N", "partner": "S", "four_aces": False} for t in seen.values())


def test_a_surprise_trou_hides_its_partner_and_says_three_aces() -> None:
    """With trou_surprise only the hidden partner knows himself (D23): the others' trou names its
    caller and nothing else."""
    seen = trous(TROU, surprise=True)
    assert seen.pop(Seat.S) == {"caller": "N", "partner": "S", "four_aces": False}
    assert all(t == {"caller": "N", "partner": None, "four_aces": False} for t in seen.values())
