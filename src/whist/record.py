"""Records: every deal and match as a JSON document that replays through the engine.

A deal record (``whist-record/1``) holds the rules, the dealer, the game score before
the deal, the four hands as dealt (PBN), the turned card, every action as
``[seat, text]`` and the result. A match record (``whist-match/1``) holds the rules,
the first dealer, its deal records and the match's result. :func:`replay` re-applies
every action and refuses a record whose actions are illegal or whose stored result
differs, naming the first problem.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from whist.actions import IllegalAction, parse_action
from whist.cards import SEATS, ParseError, Seat, Side, format_hand, parse_card, parse_hand, parse_seat
from whist.engine import ClassicDeal
from whist.match import Match
from whist.rules import Rules, RulesError

DEAL_FORMAT = "whist-record/1"
MATCH_FORMAT = "whist-match/1"

__all__ = [
    "DEAL_FORMAT",
    "MATCH_FORMAT",
    "RecordError",
    "deal_record",
    "load",
    "match_record",
    "replay",
    "save",
]


class RecordError(ValueError):
    """A record that cannot be read, has an illegal action, or whose stored result differs."""


def _sides(pair: tuple[int, int]) -> dict[str, int]:
    return {"NS": pair[0], "EW": pair[1]}


def deal_result(deal: ClassicDeal) -> dict[str, Any] | None:
    """The result part of a deal record, or ``None`` while the deal is unfinished."""
    if not deal.is_over:
        return None
    pts = deal.points()
    called = deal.called_side()
    return {
        "tricks": {s.name: deal.tricks_won[s] for s in SEATS},
        "honours": _sides((deal.side_honours(Side.NS), deal.side_honours(Side.EW))),
        "points": _sides(pts.total),
        "trick_points": _sides(pts.tricks),
        "honour_points": _sides(pts.honours),
        "game_winner": pts.game_winner.name if pts.game_winner is not None else None,
        "called": called.name if called is not None else None,
    }


def deal_record(deal: ClassicDeal) -> dict[str, Any]:
    return {
        "format": DEAL_FORMAT,
        "rules": deal.rules.to_dict(),
        "dealer": deal.dealer.name,
        "start_score": _sides(deal.start_score),
        "hands": {s.name: format_hand(deal.dealt[s]) for s in SEATS},
        "trump_card": deal.trump_card.text,
        "actions": [[s.name, a.text] for s, a in deal.actions],
        "result": deal_result(deal),
    }


def match_result(match: Match) -> dict[str, Any]:
    totals = match.totals()
    winner = None
    if match.is_over and totals[0] != totals[1]:
        winner = "NS" if totals[0] > totals[1] else "EW"
    return {
        "games": [
            {"rubber": g.rubber + 1, "winner": g.winner.name, "score": _sides(g.score),
             "game_points": g.game_points}
            for g in match.games
        ],
        "rubbers": [
            {"winner": r.winner.name, "games": _sides(r.games), "game_points": _sides(r.game_points),
             "rubber_points": _sides(r.rubber_points), "totals": _sides(r.totals)}
            for r in match.rubbers
        ],
        "score": _sides(match.score),
        "totals": _sides(totals),
        "winner": winner,
        "finished": match.is_over,
        "settlement": match.settlement(),
    }


def match_record(match: Match) -> dict[str, Any]:
    deals = [deal_record(d) for d in match.deals]
    if match.current is not None:
        deals.append(deal_record(match.current))
    return {
        "format": MATCH_FORMAT,
        "rules": match.rules.to_dict(),
        "first_dealer": match.first_dealer.name,
        "deals": deals,
        "result": match_result(match),
    }


def save(record: Mapping[str, Any], path: str | Path) -> Path:
    """Write a record as JSON (to a temporary file first, so a failure never leaves half a file)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(p)
    return p


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path} is not a JSON record: {exc}") from None
    if not isinstance(data, dict) or data.get("format") not in (DEAL_FORMAT, MATCH_FORMAT):
        raise RecordError(f"{path} is not a whist record (format {DEAL_FORMAT} or {MATCH_FORMAT})")
    return data


def _field(data: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise RecordError(f"{where}: missing field {key!r}")
    return data[key]


def _rules(data: Mapping[str, Any]) -> Rules:
    raw = _field(data, "rules", "record")
    if not isinstance(raw, dict):
        raise RecordError("record: field 'rules' must be an object")
    try:
        return Rules.from_dict(raw)
    except RulesError as exc:
        raise RecordError(f"record: rules: {exc}") from None


def _first_difference(stored: Any, actual: Any, path: str) -> str | None:
    if isinstance(stored, dict) and isinstance(actual, dict):
        for k in list(actual) + [k for k in stored if k not in actual]:
            if k not in stored:
                return f"{path}.{k}"
            if k not in actual:
                return f"{path}.{k}"
            d = _first_difference(stored[k], actual[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(stored, list) and isinstance(actual, list):
        if len(stored) != len(actual):
            return path
        for i, (a, b) in enumerate(zip(stored, actual, strict=True)):
            d = _first_difference(a, b, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if stored == actual else path


def _replay_actions(deal: ClassicDeal, data: Mapping[str, Any], where: str) -> ClassicDeal:
    actions = _field(data, "actions", where)
    if not isinstance(actions, list):
        raise RecordError(f"{where}: field 'actions' must be a list")
    for i, item in enumerate(actions, 1):
        try:
            seat_txt, text = item
            seat = parse_seat(str(seat_txt))
            deal = deal.apply(parse_action(str(text)), seat)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"{where}, action {i} ({item!r}): {exc}") from None
    return deal


def _check_result(data: Mapping[str, Any], deal: ClassicDeal, where: str) -> None:
    stored = data.get("result")
    actual = deal_result(deal)
    if stored is None and actual is None:
        return
    diff = _first_difference(stored, actual, "result") if stored is not None else "result"
    if diff is not None:
        raise RecordError(f"{where}: stored {diff} differs from the replayed deal")


def _deal_start(data: Mapping[str, Any], where: str) -> tuple[Seat, tuple[int, int, int, int], Any]:
    try:
        dealer = parse_seat(str(_field(data, "dealer", where)))
        hands_raw = _field(data, "hands", where)
        hands = tuple(parse_hand(str(hands_raw[s.name])) for s in SEATS)
        turned = parse_card(str(_field(data, "trump_card", where)))
    except (KeyError, TypeError) as exc:
        raise RecordError(f"{where}: bad field hands or dealer ({exc})") from None
    except ParseError as exc:
        raise RecordError(f"{where}: {exc}") from None
    return dealer, (hands[0], hands[1], hands[2], hands[3]), turned


def replay_deal(data: Mapping[str, Any]) -> ClassicDeal:
    """Re-play a deal record; the replayed deal, or :class:`RecordError`."""
    rules = _rules(data)
    dealer, hands, turned = _deal_start(data, "deal")
    start = data.get("start_score", {"NS": 0, "EW": 0})
    try:
        deal = ClassicDeal.new(rules, dealer, hands, turned, (int(start["NS"]), int(start["EW"])))
    except (IllegalAction, KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"deal: {exc}") from None
    deal = _replay_actions(deal, data, "deal")
    _check_result(data, deal, "deal")
    return deal


def replay_match(data: Mapping[str, Any]) -> Match:
    """Re-play a match record deal by deal; the replayed match, or :class:`RecordError`."""
    rules = _rules(data)
    try:
        first = parse_seat(str(_field(data, "first_dealer", "match")))
    except ParseError as exc:
        raise RecordError(f"match: {exc}") from None
    match = Match(rules, first, first)
    deals = _field(data, "deals", "match")
    if not isinstance(deals, list):
        raise RecordError("match: field 'deals' must be a list")
    for n, d in enumerate(deals, 1):
        where = f"deal {n}"
        if not isinstance(d, dict):
            raise RecordError(f"{where}: not an object")
        dealer, hands, turned = _deal_start(d, where)
        if dealer is not match.dealer:
            raise RecordError(f"{where}: stored dealer {dealer.name} differs (expected {match.dealer.name})")
        try:
            match = match.deal_hands(hands, turned)
        except IllegalAction as exc:
            raise RecordError(f"{where}: {exc}") from None
        assert match.current is not None
        deal = _replay_actions(match.current, d, where)
        _check_result(d, deal, where)
        if deal.is_over:
            match = match._with(current=deal)._settle_if_over()
        elif n != len(deals):
            raise RecordError(f"{where}: unfinished, but later deals follow")
        else:
            match = match._with(current=deal)
    stored = data.get("result")
    diff = _first_difference(stored, match_result(match), "result") if stored is not None else None
    if diff is not None:
        raise RecordError(f"match: stored {diff} differs from the replayed match")
    return match


def replay(data: Mapping[str, Any]) -> ClassicDeal | Match:
    """Re-play a deal or match record, by its ``format``."""
    fmt = data.get("format")
    if fmt == DEAL_FORMAT:
        return replay_deal(data)
    if fmt == MATCH_FORMAT:
        return replay_match(data)
    raise RecordError(f"unknown record format {fmt!r}")
