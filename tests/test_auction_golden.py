"""Golden auctions of colour whist (RULES.md §5.3–5.5): sequences of calls, the exact legal calls
at chosen points, and the final contract and declarers. ``golden_auctions.json`` holds them; the
first three are the three examples of §5.4, verbatim.

A step is either ``"S: propose H"`` (South is to call, and calls ``propose H``) or
``{"to_act": "W", "legal": [...]}`` (West is to call, and these are his legal calls, in the
auction's fixed order: pass, wait, accept, then the bids up the ladder, suits ♠ ♣ ♦ ♥ in a row).
Each auction is replayed through :class:`Auction` and, when it has no trou given by seats,
through a whole :class:`ColourDeal` too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from whist.auction import Auction
from whist.cards import Deal, Seat, parse_deal, parse_seat
from whist.couleur import ColourDeal
from whist.rules import preset, with_options

GOLDEN: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "golden_auctions.json").read_text(encoding="utf-8"))

# Hands with one ace each (no trou), for the auctions that give none.
BASE = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"


def _start(case: dict[str, Any]) -> Auction:
    rules = with_options(preset(case["preset"]), case.get("options", {}))
    hands: Deal = parse_deal(case["hands"]) if "hands" in case else (0, 0, 0, 0)
    trou = case.get("trou")
    pair = (parse_seat(trou[0]), parse_seat(trou[1])) if trou else None
    return Auction.start(rules, parse_seat(case["eldest"]), hands, pair, case.get("surprise", False))


def _replay(case: dict[str, Any], a: Any) -> Any:
    """Run the steps on ``a`` (an Auction or a ColourDeal in its auction): both have ``to_act``,
    ``apply`` and a list of legal calls."""
    for step in case["steps"]:
        if isinstance(step, dict):
            assert a.to_act is parse_seat(step["to_act"]), step
            legal = a.legal_calls() if isinstance(a, Auction) else a.legal_actions()
            assert [c.text for c in legal] == step["legal"], step["to_act"]
        else:
            seat, call = step.split(": ")
            assert a.to_act is parse_seat(seat), step
            a = a.apply(call)
    return a


def test_the_three_examples_of_5_4_come_first() -> None:
    names = [c["name"] for c in GOLDEN[:3]]
    assert names[0].startswith("RULES.md §5.4 example 1: N and E make ♠ 8, then S proposes ♥, W, E and"
                               " S pass → N+E play ♠ 8")
    assert names[1].startswith("RULES.md §5.4 example 2: N waits, E bids solo 6, S and W pass → N may"
                               " only pass → E plays solo 6")
    assert names[2].startswith("RULES.md §5.4 example 3: N proposes ♠, E proposes ♥, S, W and N pass →"
                               " E bids a solo in ♥ or passes")


@pytest.mark.parametrize("case", GOLDEN, ids=[c["name"][:60] for c in GOLDEN])
def test_golden_auction(case: dict[str, Any]) -> None:
    a = _replay(case, _start(case))
    assert a.is_over and a.legal_calls() == ()
    r = a.result()
    assert (r.contract.text if r.contract is not None else None) == case["contract"]
    assert [s.name for s in r.declarers] == case["declarers"]


@pytest.mark.parametrize("case", [c for c in GOLDEN if "trou" not in c],
                         ids=[c["name"][:60] for c in GOLDEN if "trou" not in c])
def test_golden_auction_in_a_whole_deal(case: dict[str, Any]) -> None:
    """The same calls, typed into a deal: the deal's auction is the same generator."""
    rules = with_options(preset(case["preset"]), case.get("options", {}))
    eldest = parse_seat(case["eldest"])
    d = ColourDeal.new(rules, eldest.right, parse_deal(case.get("hands", BASE)))
    d = _replay(case, d)
    assert d.phase != "auction"
    if case["contract"] is None:
        assert d.passed_out or d.phase == "play"
    else:
        assert d.in_play is not None and d.in_play.contract.text == case["contract"]
        assert [s.name for s in d.in_play.declarers] == case["declarers"]
    assert isinstance(d.to_act, Seat) or d.is_over
