"""The JSON codec of views: what the server sends a seat about the deal, built from that seat's view
alone (RULES.md §1, DESIGN.md: no hidden card leaves the core except through the view of the seat
that holds it).

One function per view type: :func:`classic_view` for :class:`~whist.engine.View`,
:func:`colour_view` for :class:`~whist.couleur.ColourView`; :func:`view_json` picks one. Each takes
the view and nothing else, so it cannot show a card the view does not hold. Actions are encoded
with their canonical text (what a client sends back to take them) and labels in English and French.
Also the match's results (:func:`match_json`, no cards) and the cards of a table's ``deal`` event
(:func:`deal_event`, read back by :func:`dealt`).

>>> import random
>>> from whist.engine import new_classic_deal
>>> d = new_classic_deal(seed=3)
>>> v = view_json(d.view(d.to_act))
>>> v["game"], v["to_act"], len(v["hand"]), v["legal"][0]["type"]
('classic', 'E', 13, 'card')
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from whist.actions import Action, Call
from whist.auction import ColourCall
from whist.cards import CARDS, SEATS, Card, Seat, Suit, format_hand, parse_card, parse_hand
from whist.contracts import KINDS, Contract
from whist.couleur import CardCall, ColourAction, ColourDeal, ColourView
from whist.couleur_match import ColourMatch
from whist.engine import ClassicDeal, View
from whist.match import Match
from whist.record import deal_result, match_result
from whist.rules import Rules

__all__ = [
    "action_json",
    "classic_view",
    "colour_view",
    "contract_json",
    "contract_names",
    "deal_event",
    "dealt",
    "match_json",
    "only_action",
    "option_json",
    "view_json",
    "view_text",
]

Json = dict[str, Any]
_NAMES = ("N", "E", "S", "W")  # Seat.name, without the enum's lookup (views are encoded often)


def _seat(seat: Seat | None) -> str | None:
    return _NAMES[seat] if seat is not None else None


def _suit(suit: Suit | None) -> str | None:
    return suit.letter if suit is not None else None


def _cards(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [c.text for c in cards]


def contract_json(contract: Contract) -> Json:
    """A contract: its kind, level and suit, its names in English and French, its canonical text,
    whether it is a misère (its declarers must take exactly ``needed`` tricks), the tricks the
    deal is played in (12 where each player discards a card first) and whether its French name is
    feminine (« petite misère réussie », « solo chuté »)."""
    info = KINDS[contract.kind]
    return {
        "kind": contract.kind,
        "level": contract.level if info.levels else None,
        "suit": _suit(contract.suit),
        "name": {"en": info.en, "fr": info.fr},
        "text": contract.text,
        "misere": info.is_misere,
        "tricks": info.tricks,
        "feminine": info.feminine,
    }


def option_json(name: str) -> Json:
    """A rule option by its name, with its name as players say it in English and French."""
    return {"name": name, "label": Rules.label(name, "en"), "label_fr": Rules.label(name, "fr")}


def contract_names() -> dict[str, dict[str, str]]:
    """Every kind of contract with its names in English and French."""
    return {k.key: {"en": k.en, "fr": k.fr} for k in KINDS.values()}


def action_json(action: Action | ColourAction) -> Json:
    """An action: ``type`` (``card``, ``call``, ``show``, ``discard``, ``claim``, ``ask``, ``yes``,
    ``no``), ``text`` (the canonical text, to send back), and its particulars. A bid names its
    contract by kind, level and suit only (:func:`contract_names` gives the kinds' names)."""
    if isinstance(action, Card):
        return {"type": "card", "text": action.text, "card": action.text}
    if isinstance(action, CardCall):
        card = action.card.text if action.card is not None else None
        return {"type": action.kind, "text": action.text, "card": card}
    if isinstance(action, ColourCall):
        c = action.contract
        if c is None:
            return {"type": "call", "text": action.text, "kind": action.kind, "contract": None}
        kind = "propose" if c.kind == "emballage" and c.level == 8 else "bid"
        return {"type": "call", "text": action.text, "kind": kind,
                "contract": {"kind": c.kind, "level": c.level if KINDS[c.kind].levels else None,
                             "suit": _suit(c.suit)}}
    assert isinstance(action, Call)
    return {"type": action.kind, "text": action.text, "cards": _cards(action.cards)}


def _actions(actions: tuple[tuple[Seat, Any], ...]) -> list[Json]:
    return [{"seat": s.name, **action_json(a)} for s, a in actions]


def _trick(trick: tuple[tuple[Seat, Card], ...]) -> list[Json]:
    return [{"seat": _NAMES[s], "card": c.text} for s, c in trick]


def _last_trick(played: list[tuple[Seat, Card]], tricks: int, leader: Seat) -> Json | None:
    """The last completed trick: its four cards in order and its winner, who leads the next one."""
    if tricks == 0:
        return None
    cards = played[4 * (tricks - 1):4 * tricks]
    return {"number": tricks, "cards": [{"seat": s.name, "card": c.text} for s, c in cards],
            "winner": leader.name}


def _won(tricks: tuple[int, int, int, int]) -> dict[str, int]:
    return {"N": tricks[0], "E": tricks[1], "S": tricks[2], "W": tricks[3]}


def _classic_fields(view: View) -> Json:
    return {
        "game": "classic",
        "seat": _seat(view.seat),
        "preset": view.rules.preset,
        "dealer": view.dealer.name,
        "hand": _cards(view.hand),
        "trump": _suit(view.trump),
        "trump_card": view.trump_card.text if view.trump_card is not None else None,
        "trump_card_face_up": view.trump_card_face_up,
        "dealer_holds_trump_card": view.dealer_holds_trump_card,
        "leader": view.leader.name,
        "trick": _trick(view.trick),
        "last_trick": _last_trick(view.played_cards(), sum(view.tricks_won), view.leader),
        "tricks_won": _won(view.tricks_won),
        "score": {"NS": view.score[0], "EW": view.score[1]},
        "shown": {s.name: _cards(cs) for s, cs in view.shown},
        "to_act": _seat(view.to_act),
        "is_over": view.is_over,
    }


def classic_view(view: View) -> Json:
    """A classic-whist view as JSON."""
    return {**_classic_fields(view), "actions": _actions(view.actions),
            "legal": [action_json(a) for a in view.legal]}


def _colour_fields(view: ColourView) -> Json:
    trou = None
    if view.trou is not None:
        trou = {"caller": view.trou[0].name, "partner": _seat(view.trou[1]), "four_aces": view.four_aces}
    return {
        "game": "couleur",
        "seat": _seat(view.seat),
        "preset": view.rules.preset,
        "style": view.rules.style,
        "dealer": view.dealer.name,
        "phase": view.phase,
        "hand": _cards(view.hand),
        "discard": view.discard.text if view.discard is not None else None,
        "trou": trou,
        "contract": contract_json(view.contract) if view.contract is not None else None,
        "declarers": [s.name for s in view.declarers],
        "trump": _suit(view.trump),
        "needed": view.needed,
        "shown_card": view.shown_card.text if view.shown_card is not None else None,
        "spread": {s.name: _cards(cs) for s, cs in view.spread},
        "leader": view.leader.name,
        "trick": _trick(view.trick),
        "last_trick": _last_trick(view.played_cards(), sum(view.tricks_won), view.leader),
        "tricks_won": _won(view.tricks_won),
        "multiplier": view.multiplier,
        "acceptable": ({"seat": _NAMES[view.acceptable[0]], **action_json(view.acceptable[1])}
                       if view.acceptable is not None else None),
        "to_act": _seat(view.to_act),
        "is_over": view.is_over,
    }


def colour_view(view: ColourView) -> Json:
    """A colour-whist view as JSON."""
    return {**_colour_fields(view), "actions": _actions(view.actions),
            "legal": [action_json(a) for a in view.legal]}


def view_json(view: View | ColourView) -> Json:
    """The JSON of either kind of view."""
    if isinstance(view, ColourView):
        return colour_view(view)
    return classic_view(view)


@functools.lru_cache(maxsize=8192)
def _fragment(seat: str | None, action: Action | ColourAction) -> str:
    """The JSON text of one action (with who took it): actions are values, so each is encoded once."""
    obj = action_json(action) if seat is None else {"seat": seat, **action_json(action)}
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def view_text(view: View | ColourView) -> str:
    """The JSON text of :func:`view_json`, made faster: the actions are encoded once each and
    cached (the server sends views after every action)."""
    fields = _colour_fields(view) if isinstance(view, ColourView) else _classic_fields(view)
    head = json.dumps(fields, separators=(",", ":"), ensure_ascii=False)
    actions = ",".join(_fragment(_NAMES[s], a) for s, a in view.actions)
    legal = ",".join(_fragment(None, a) for a in view.legal)
    return f'{head[:-1]},"actions":[{actions}],"legal":[{legal}]}}'


def only_action(view: View | ColourView) -> str | None:
    """The text of the one action the seat of ``view`` may take, where the game has nothing to
    ask it: the only call, or the last card; ``None`` where it has a choice (a single playable
    card with others in hand is still the player's to play)."""
    legal = view.legal
    if len(legal) != 1:
        return None
    only = legal[0]
    if isinstance(only, Call | ColourCall):
        return only.text
    if isinstance(only, Card) and len(view.hand) == 1:
        return only.text
    return None


def match_json(m: Match | ColourMatch) -> Json:
    """A match's results so far: per finished deal its result, and the match's (no cards:
    contracts, tricks, points, games, rubbers)."""
    deals = []
    finished: tuple[ClassicDeal | ColourDeal, ...] = m.deals
    for i, d in enumerate(finished, 1):
        item: Json = {"number": i, "dealer": d.dealer.name, "result": deal_result(d)}
        if isinstance(d, ColourDeal):
            item["multiplier"] = d.multiplier
            item["made"] = {s.name: ok for s, ok in d.made().items()}
            ip = d.in_play
            item["contract"] = contract_json(ip.contract) if ip is not None else None
        else:
            item["start_score"] = {"NS": d.start_score[0], "EW": d.start_score[1]}
        deals.append(item)
    out: Json = {"game": m.rules.game, "over": m.is_over, "deals": deals, "result": match_result(m)}
    if isinstance(m, ColourMatch):
        out["deals_total"] = m.rules.deals
        out["played"] = m.played
        out["double_next"] = m.double_next
    else:
        out["rubbers_total"] = m.rules.rubbers
        out["games_in_rubber"] = list(m.games_in_rubber())
        out["game_and_rubber_points"] = m.rules.game_and_rubber_points
    return out


def deal_event(deal: ClassicDeal | ColourDeal) -> Json:
    """What a table's ``deal`` event stores of a new deal: the cards as dealt (colour whist: the
    deck in order; classic: the four hands and the turned card)."""
    if isinstance(deal, ColourDeal):
        return {"deck": " ".join(CARDS[i].text for i in deal.deck)}
    return {"hands": {s.name: format_hand(deal.dealt[s]) for s in SEATS},
            "trump_card": deal.trump_card.text}


def dealt(m: Match | ColourMatch, data: Mapping[str, Any]) -> Match | ColourMatch:
    """The match ``m`` with the deal that a ``deal`` event's ``data`` holds (:func:`deal_event`);
    ``ValueError`` where no deal is due."""
    if not m.needs_deal:
        raise ValueError("a deal event where no deal is due")
    if isinstance(m, ColourMatch):
        deck = [parse_card(w).index for w in str(data["deck"]).split()]
        d = ColourDeal.from_deck(m.rules, m.dealer, deck, 2 if m.double_next else 1)
        return replace(m, current=d)
    hands = tuple(parse_hand(str(data["hands"][s.name])) for s in SEATS)
    return m.deal_hands((hands[0], hands[1], hands[2], hands[3]), parse_card(str(data["trump_card"])))
