"""Golden deals (issue #2 item 9): hand-written deals in ``tests/golden/*.json`` with their expected
legal plays at chosen points, trick winners, honours and scores, replayed through the engine.

A golden file holds ``rules`` (``preset`` and ``options``), ``dealer``, ``trump_card``,
``start_score``, the ``deal`` in PBN and the ``actions`` in order: each entry is one call
(``"claim AS KS QS"``, ``"ask"``) or several cards separated by spaces (usually one trick).
``checks`` are taken before the action numbered ``at`` (0: before any action; after the last
action: the end of the deal): ``to_act``, ``legal`` (the exact list, in order),
``trump_card_face_up``, ``dealer_holds_trump_card``, ``tricks_won``, ``shown``.
``trick_winners`` lists the winner of every completed trick and ``result`` the deal's result in
the form of a deal record (tricks per seat, honours per side, points per side).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from whist.cards import SEATS, Side, parse_card, parse_deal, parse_seat
from whist.engine import ClassicDeal
from whist.record import deal_record, deal_result, replay_deal
from whist.rules import preset, with_options

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def action_texts(entries: list[str]) -> list[str]:
    out: list[str] = []
    for entry in entries:
        out.extend([entry] if entry.startswith("claim") else entry.split())
    return out


def start(g: dict[str, Any]) -> ClassicDeal:
    rules = with_options(preset(g["rules"]["preset"]), g["rules"].get("options", {}))
    score = (g["start_score"]["NS"], g["start_score"]["EW"])
    return ClassicDeal.new(rules, parse_seat(g["dealer"]), parse_deal(g["deal"]),
                           parse_card(g["trump_card"]), score)


def check(deal: ClassicDeal, expected: dict[str, Any], where: str) -> None:
    if "to_act" in expected:
        want = None if expected["to_act"] is None else parse_seat(expected["to_act"])
        assert deal.to_act is want, where
    if "legal" in expected:
        assert [a.text for a in deal.legal_actions()] == expected["legal"], where
        if deal.to_act is not None:
            assert [a.text for a in deal.view(deal.to_act).legal] == expected["legal"], where
    views = [deal.view(s) for s in (*SEATS, None)]
    if "trump_card_face_up" in expected:
        assert all(v.trump_card_face_up is expected["trump_card_face_up"] for v in views), where
    if "dealer_holds_trump_card" in expected:
        assert all(v.dealer_holds_trump_card is expected["dealer_holds_trump_card"] for v in views), where
    if "tricks_won" in expected:
        assert {s.name: deal.tricks_won[s] for s in SEATS} == expected["tricks_won"], where
    if "shown" in expected:
        for v in views:
            assert {s.name: [c.text for c in cs] for s, cs in v.shown} == expected["shown"], where


def run(g: dict[str, Any]) -> tuple[ClassicDeal, list[str]]:
    """Play a golden deal, checking as it goes; the final state and the trick winners."""
    deal = start(g)
    checks: dict[int, dict[str, Any]] = {c["at"]: c for c in g["checks"]}
    winners: list[str] = []
    actions = action_texts(g["actions"])
    for i, text in enumerate(actions):
        if i in checks:
            check(deal, checks[i], f"before action {i} ({text})")
        before = deal.tricks_won
        deal = deal.apply(text)
        for seat in SEATS:
            if deal.tricks_won[seat] != before[seat]:
                winners.append(seat.name)
    if len(actions) in checks:
        check(deal, checks[len(actions)], "at the end")
    return deal, winners


def test_a_handful_of_golden_deals_per_preset() -> None:
    per_preset = Counter(load(p)["rules"]["preset"] for p in FILES)
    assert per_preset["classic"] >= 5
    assert per_preset["short"] >= 2
    assert per_preset["simple"] >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
class TestGoldenDeal:
    """Each golden deal replays through the engine exactly as written down."""

    def test_legal_plays_and_views_at_the_chosen_points(self, path: Path) -> None:
        g = load(path)
        checks = g["checks"]
        assert all(0 <= c["at"] <= len(action_texts(g["actions"])) for c in checks)
        run(g)

    def test_trick_winners(self, path: Path) -> None:
        g = load(path)
        _, winners = run(g)
        assert winners == g["trick_winners"]

    def test_the_deal_is_over(self, path: Path) -> None:
        deal, winners = run(load(path))
        assert deal.is_over and deal.to_act is None and deal.legal_actions() == ()
        if deal.called_side() is None:
            assert len(winners) == 13

    def test_result_tricks_honours_and_points(self, path: Path) -> None:
        g = load(path)
        deal, _ = run(g)
        want = g["result"]
        assert {s.name: deal.tricks_won[s] for s in SEATS} == want["tricks"]
        assert {"NS": deal.side_honours(Side.NS), "EW": deal.side_honours(Side.EW)} == want["honours"]
        pts = deal.points()
        assert {"NS": pts.tricks[0], "EW": pts.tricks[1]} == want["trick_points"]
        assert {"NS": pts.honours[0], "EW": pts.honours[1]} == want["honour_points"]
        assert {"NS": pts.total[0], "EW": pts.total[1]} == want["points"]
        winner = pts.game_winner.name if pts.game_winner is not None else None
        assert winner == want["game_winner"]
        result = deal_result(deal)
        assert result is not None
        assert {k: result[k] for k in want} == want

    def test_record_replays_to_the_same_deal(self, path: Path) -> None:
        deal, _ = run(load(path))
        rec = json.loads(json.dumps(deal_record(deal)))
        again = replay_deal(rec)
        assert again.actions == deal.actions
        assert all(again.view(s) == deal.view(s) for s in (*SEATS, None))
        assert [a for _, a in rec["actions"]] == action_texts(load(path)["actions"])
