"""What a table of the web app is made of, as its log stores it: the settings it is created with
(its first event), its seats, the hashes of the players' tokens, and the listing the lobby shows
(stored with its format). The live table is :mod:`whist.server.table`."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from whist.cards import SEATS, Seat
from whist.rules import Rules

__all__ = ["LISTING_FORMAT", "OPEN", "SeatState", "TableSettings", "hash_token", "stamped", "unstamped"]

OPEN = "open"
"""A seat's kind when a person may sit there (a bot plays it while nobody does)."""


def hash_token(token: str) -> str:
    """Tokens are stored hashed: the log never holds one that could be used."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class TableSettings:
    """What a table is created with (its first event): rules, seats, seed and timings (seconds)."""

    name: str
    """The name given to the table; empty when none was (in a table stored before ``named_for``
    came, its preset's: the same to the page)."""
    rules: Rules
    seats: tuple[str, str, str, str]
    """Per seat N, E, S, W: ``open`` (a person may sit; a bot plays it while nobody does) or the
    name of the bot that holds it."""
    seed: int
    first_dealer: Seat
    takeover_after: float = 60.0
    bot_delay: float = 0.8
    deal_pause: float = 8.0
    substitute: str = "heuristic"
    named_for: str | None = None
    """The player a table given no name is named for (the lobby's « Table d'Anne », "Anne's table":
    each page says it in its own language); ``None``: none."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rules": self.rules.to_dict(),
                "seats": {s.name: k for s, k in zip(SEATS, self.seats, strict=True)},
                "seed": self.seed, "first_dealer": self.first_dealer.name,
                "takeover_after": self.takeover_after, "bot_delay": self.bot_delay,
                "deal_pause": self.deal_pause, "substitute": self.substitute,
                "named_for": self.named_for}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> TableSettings:
        seats = data["seats"]
        return TableSettings(
            name=str(data["name"]), rules=Rules.from_dict(data["rules"]),
            seats=(str(seats["N"]), str(seats["E"]), str(seats["S"]), str(seats["W"])),
            seed=int(data["seed"]), first_dealer=Seat[str(data["first_dealer"])],
            takeover_after=float(data["takeover_after"]), bot_delay=float(data["bot_delay"]),
            deal_pause=float(data["deal_pause"]), substitute=str(data.get("substitute", "heuristic")),
            named_for=None if data.get("named_for") is None else str(data["named_for"]))


@dataclass(slots=True)
class SeatState:
    """A seat: held by a bot for good (``kind`` a bot name) or ``open``; an open seat's player
    (name and token hash, from the log) and live connection facts."""

    kind: str
    name: str | None = None
    token_hash: str | None = None
    connections: int = 0
    away_since: float = 0.0


LISTING_FORMAT = 5
"""The shape of a stored listing (:meth:`Table.listing`, the key ``listing_format``): raise it when
the listing changes, and start-up rebuilds the finished tables whose stored listing has another."""


def stamped(listing: Mapping[str, Any]) -> dict[str, Any]:
    """A listing as it is stored: with its format."""
    return {**listing, "listing_format": LISTING_FORMAT}


def unstamped(stored: object) -> dict[str, Any] | None:
    """The listing a stored one gives, or ``None`` when it is not one of this format (the table is
    then rebuilt from its log).

    >>> unstamped(stamped({"id": "t1"})), unstamped({"id": "t1"}), unstamped([1])
    ({'id': 't1'}, None, None)
    """
    if not isinstance(stored, dict) or stored.get("listing_format") != LISTING_FORMAT:
        return None
    return {k: v for k, v in stored.items() if k != "listing_format"}
