"""How often the computer players bid a contract of colour whist, and what it brings them.

Run ``whist simulate -p couleur --deals N --seed S --records DIR`` (several seeds into one
directory if you like), then ``python bench/colour_bids.py DIR [--kinds piccolo,piccolissimo]``.
For each contract kind it prints the deals in whose auction it was bid (once or more), the deals
played in it, how many of those its declarers made (each declarer alone, by his own tricks, for
the misère family; RULES.md §5.7), and the declarers' points per deal played in it.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whist.auction import parse_call
from whist.contracts import KINDS, parse_contract


@dataclass
class Tally:
    """One kind's figures."""

    bid: int = 0
    played: int = 0
    made: int = 0
    declarer_points: int = 0


def kind_of(text: str) -> str | None:
    """The contract kind of a call's text (``None`` for pass, wait, accept, a card …)."""
    try:
        c = parse_call(text).contract
    except ValueError:
        return None
    return c.kind if c is not None else ("trou" if text == "trou" else None)


def count(deal: dict[str, Any], tallies: dict[str, Tally]) -> None:
    """Add one recorded deal to ``tallies``."""
    bids = set()
    for _, call in deal["actions"]:
        k = kind_of(call)
        if k is not None:
            bids.add(k)
    for k in bids:
        tallies.setdefault(k, Tally()).bid += 1
    res = deal["result"]
    if res.get("passed") or not res.get("declarers"):
        return
    k = parse_contract(res["contract"]).kind
    t = tallies.setdefault(k, Tally())
    t.played += 1
    declarers = res["declarers"]
    tricks = res["tricks"]
    if KINDS[k].is_misere:
        ok = all(tricks[s] == res["needed"] for s in declarers)
    else:
        ok = sum(tricks[s] for s in declarers) >= res["needed"]
    t.made += ok
    t.declarer_points += sum(res["points"][s] for s in declarers)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("records", type=Path, help="directory of simulate's records")
    parser.add_argument("--kinds", default="", help="only these kinds, comma-separated")
    args = parser.parse_args()
    tallies: dict[str, Tally] = {}
    deals = 0
    for path in sorted(args.records.glob("*.json")):
        for deal in json.loads(path.read_text(encoding="utf-8"))["deals"]:
            deals += 1
            count(deal, tallies)
    wanted = [k for k in args.kinds.split(",") if k] or sorted(tallies)
    print(f"{deals} deals (redeals included)")
    print(f"{'kind':24} {'bid':>6} {'played':>7} {'made':>6} {'made %':>7} {'decl. pts/deal':>15}")
    for k in wanted:
        t = tallies.get(k, Tally())
        rate = f"{100 * t.made / t.played:.0f}%" if t.played else "-"
        per = f"{t.declarer_points / t.played:+.1f}" if t.played else "-"
        print(f"{k:24} {t.bid:6} {t.played:7} {t.made:6} {rate:>7} {per:>15}")


if __name__ == "__main__":
    main()
