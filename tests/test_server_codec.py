"""The JSON codec of views: built from the view alone, the fast text equal to the plain JSON, the
hidden discard of another seat without its card, legal actions only for the seat to act."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_couleur_rules import FOUR_ACES, TROU, new

from whist.auction import Bid
from whist.cards import SEATS, Seat, Suit
from whist.contracts import Contract
from whist.couleur import ColourDeal
from whist.engine import ClassicDeal
from whist.rules import preset
from whist.server.codec import action_json, contract_json, contract_names, view_json, view_text


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


def test_the_acceptable_bid_is_named_to_every_seat() -> None:
    """``acceptable`` names the bid an ``accept`` takes, the same for every seat and a spectator:
    none before anybody bids, the top proposal with its maker, none once it is accepted."""
    rng = random.Random(11)
    d = ColourDeal.shuffled(preset("couleur"), Seat.W, rng)
    while d.phase != "auction":  # a deal without trou
        d = ColourDeal.shuffled(preset("couleur"), Seat.W, rng)

    def seen(d: ColourDeal) -> list[Any]:
        return [view_json(d.view(s))["acceptable"] for s in (*SEATS, None)]

    assert d.to_act is Seat.N and seen(d) == [None] * 5  # nobody has proposed yet
    d = d.apply("propose S")
    assert seen(d) == [{"seat": "N", "type": "call", "text": "propose S", "kind": "propose",
                       "contract": {"kind": "emballage", "level": 8, "suit": "S"}}] * 5
    d = d.apply("propose H")
    assert seen(d) == [{"seat": "E", "type": "call", "text": "propose H", "kind": "propose",
                       "contract": {"kind": "emballage", "level": 8, "suit": "H"}}] * 5
    d = d.apply("accept")
    assert seen(d) == [None] * 5  # East and South play it: nothing is left to accept


@pytest.mark.parametrize("name", ["couleur", "pagat"])
def test_the_acceptable_bid_is_the_one_accept_takes(name: str) -> None:
    """In random auctions: whenever ``accept`` is legal the view names a bid, and accepting it
    makes that bid count with its maker and the acceptor; the field is public (the same in every
    view) and ``null`` outside the auction."""
    rng = random.Random(name)
    accepted = 0
    for _ in range(300):
        d = ColourDeal.shuffled(preset(name), SEATS[rng.randrange(4)], rng)
        while d.to_act is not None:
            views = [view_json(d.view(s))["acceptable"] for s in (*SEATS, None)]
            assert all(v == views[0] for v in views), views
            acc = views[0]
            legal = d.legal_actions()
            texts = [a.text for a in legal]
            if d.phase != "auction":
                assert acc is None
            elif "accept" in texts:
                assert acc is not None and acc["seat"] != d.to_act.name, (acc, d.to_act)
            if acc is not None and "accept" in texts and rng.random() < 0.7:
                seat = d.to_act
                d = d.apply("accept")
                top = d.auction.bids[-1]
                assert top.counts and action_json(Bid(top.contract)) == {
                    k: v for k, v in acc.items() if k != "seat"}
                assert top.seats == (Seat[acc["seat"]], seat)
                accepted += 1
            else:
                d = d.apply(rng.choice(legal))
        assert view_json(d.view(None))["acceptable"] is None
    assert accepted > 20


@pytest.mark.parametrize("kind", ["petite_misere", "grande_misere", "piccolo", "solo"])
def test_a_contract_says_the_tricks_its_deal_is_played_in(kind: str) -> None:
    """RULES.md §5.5: in a petite misère each player discards a card before the play, so the deal
    has 12 tricks; every other contract is played in 13. The contract's JSON carries it, so the
    page says it without deciding the rule itself."""

    contract = Contract(kind, 7, Suit.HEARTS) if kind == "solo" else Contract(kind)
    assert contract_json(contract)["tricks"] == (12 if kind == "petite_misere" else 13)


def random_deals(name: str, count: int) -> list[ClassicDeal | ColourDeal]:
    """``count`` deals of preset ``name``, each played to its end with random legal actions, as
    the list of every state from the first to the last, all deals one after another."""
    rng = random.Random(f"codec:{name}")
    rules = preset(name)
    states: list[ClassicDeal | ColourDeal] = []
    for _ in range(count):
        dealer = SEATS[rng.randrange(4)]
        deal: ClassicDeal | ColourDeal = (ColourDeal.shuffled(rules, dealer, rng) if rules.game == "couleur"
                                          else ClassicDeal.shuffled(rules, dealer, rng))
        states.append(deal)
        while deal.to_act is not None:
            if isinstance(deal, ColourDeal):
                deal = deal.apply(rng.choice(deal.legal_actions()))
            else:
                deal = deal.apply(rng.choice(deal.legal_actions()))
            states.append(deal)
    return states


@pytest.mark.parametrize("name", ["classic", "couleur"])
def test_the_last_trick_and_the_tricks_won_are_those_played(name: str) -> None:
    """docs/protocol.md, the view: ``last_trick`` is the last completed trick, its four cards in
    the order played and its winner (who leads the next trick); ``tricks_won`` counts each seat's
    tricks so far. Checked against the tricks as every view showed them being played, for each
    seat's view and the spectator's, all through random deals."""
    tricks = 0
    for seat in (*SEATS, None):
        before: dict[str, Any] | None = None
        won = dict.fromkeys("NESW", 0)
        for deal in random_deals(name, 8):
            v = view_json(deal.view(seat))
            if not v["actions"]:  # a new deal
                before, won = None, dict.fromkeys("NESW", 0)
            if before is not None and len(before["trick"]) == 3 and v["trick"] == [] and (
                    v["actions"][-1]["type"] == "card"):  # this card ended a trick
                last = v["last_trick"]
                played = {"seat": v["actions"][-1]["seat"], "card": v["actions"][-1]["card"]}
                assert last["cards"] == [*before["trick"], played] and len(last["cards"]) == 4
                assert last["winner"] == v["leader"] and last["number"] == sum(won.values()) + 1
                won[last["winner"]] += 1
                tricks += 1
            elif before is not None:
                assert v["last_trick"] == before["last_trick"]  # no trick ended
            assert v["tricks_won"] == won
            before = v
    assert tricks > 50


def test_a_classic_deal_says_the_score_each_side_began_it_at() -> None:
    """docs/protocol.md, ``GET /api/tables/{id}/deals``: a classic deal has ``start_score``, each
    side's game score before the deal (it decides who may call at eight): a deal begun with North
    and South at 3 and East and West at 1 says so, side by side, as its views' ``score`` does."""
    from whist.match import Match
    from whist.server.codec import match_json

    rng = random.Random(3)
    m = Match(preset("classic"), Seat.N, Seat.N, score=(3, 1)).deal(rng)
    assert m.current is not None and m.current.start_score == (3, 1)
    assert view_json(m.view(Seat.S))["score"] == {"NS": 3, "EW": 1}
    while m.current is not None:
        m = m.apply(rng.choice(m.current.legal_actions()))
    assert len(m.deals) == 1
    assert match_json(m)["deals"][0]["start_score"] == {"NS": 3, "EW": 1}


def test_a_lone_playable_card_is_the_players_to_play() -> None:
    """``only_action`` (the table plays a player's only possible action for him): the last card
    in hand, yes; a single playable card while others are in hand (a singleton of the suit led),
    no: the player plays it himself (docs/protocol.md, ``auto``)."""
    from whist.cards import Card
    from whist.server.codec import only_action

    lone = last = 0
    for deal in random_deals("classic", 20):
        seat = deal.to_act
        if seat is None:
            continue
        v = deal.view(seat)
        if len(v.legal) == 1 and isinstance(v.legal[0], Card):
            if len(v.hand) > 1:
                assert only_action(v) is None, (v.hand, v.legal)
                lone += 1
            else:
                assert only_action(v) == v.legal[0].text
                last += 1
    assert lone > 10 and last > 10
