"""The tables of one server: created from a request, rebuilt from their logs at start-up.

>>> from whist.server.storage import open_storage
>>> svc = TableService(open_storage("sqlite://"))
>>> t = svc.create(TableSpec(preset="couleur", options={"deals": 2}, seats={"N": "random"}, seed=1))
>>> [svc.get(t.id).seats[s].kind for s in SEATS]
['random', 'open', 'open', 'open']
>>> TableService(svc.storage).load() == [t.id]
True
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from whist.bots import BOT_NAMES
from whist.cards import SEATS, Seat
from whist.couleur_match import ColourMatch
from whist.match import Match
from whist.rules import RulesError, preset, with_options
from whist.server.storage import Storage
from whist.server.table import OPEN, Table, TableSettings, strongest_bot

__all__ = ["SpecError", "TableService", "TableSpec", "clean_name"]

log = logging.getLogger("whist.server")


class SpecError(ValueError):
    """A table that cannot be created as asked (unknown preset, option, seat or bot)."""


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a person asks for when creating a table (``POST /api/tables``)."""

    preset: str = "couleur"
    options: Mapping[str, str | int | float | bool] = field(default_factory=dict)
    seats: Mapping[str, str] = field(default_factory=dict)
    """Seat letter → ``open`` or a bot name; seats not named are open."""
    name: str = ""
    takeover_after: float = 60.0
    bot_delay: float = 0.8
    deal_pause: float = 8.0
    seed: int | None = None


def clean_name(text: str, limit: int = 24) -> str:
    """A display name: printable, spaces squeezed, at most ``limit`` characters; ``ValueError`` if
    nothing is left."""
    name = " ".join("".join(ch for ch in text if ch.isprintable()).split())[:limit]
    if not name:
        raise ValueError("a name needs at least one visible character")
    return name


class TableService:
    """Every table of this server, by id."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.tables: dict[str, Table] = {}

    def load(self) -> list[str]:
        """Rebuild every stored table from its log; the ids rebuilt."""
        done = []
        for table_id in self.storage.table_ids():
            try:
                self.tables[table_id] = Table.rebuild(table_id, self.storage.load(table_id), self.storage)
                done.append(table_id)
            except Exception:
                log.exception("table %s cannot be rebuilt from its log; left out", table_id)
        return done

    def get(self, table_id: str) -> Table | None:
        return self.tables.get(table_id)

    def settings(self, spec: TableSpec) -> TableSettings:
        """The settings of a new table; :class:`SpecError` naming the first problem."""
        try:
            rules = with_options(preset(spec.preset), spec.options)
        except RulesError as exc:
            raise SpecError(str(exc)) from None
        kinds: list[str] = []
        for s in SEATS:
            kind = spec.seats.get(s.name, OPEN).strip().lower()
            if kind not in (OPEN, *BOT_NAMES):
                raise SpecError(f"seat {s.name}: {kind!r} is neither 'open' nor a bot"
                                f" ({', '.join(BOT_NAMES)})")
            kinds.append(kind)
        unknown = set(spec.seats) - {s.name for s in SEATS}
        if unknown:
            raise SpecError(f"unknown seat {sorted(unknown)[0]!r} (seats: N, E, S, W)")
        seed = spec.seed if spec.seed is not None else secrets.randbits(48)
        start = ColourMatch.start if rules.game == "couleur" else Match.start
        first = start(rules, random.Random(seed)).first_dealer
        name = spec.name.strip()
        if name:
            name = clean_name(name, 40)
        return TableSettings(name=name or f"{rules.preset}", rules=rules,
                             seats=(kinds[0], kinds[1], kinds[2], kinds[3]), seed=seed,
                             first_dealer=first, takeover_after=spec.takeover_after,
                             bot_delay=spec.bot_delay, deal_pause=spec.deal_pause,
                             substitute=strongest_bot())

    def create(self, spec: TableSpec) -> Table:
        settings = self.settings(spec)
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        table = Table.create(table_id, settings, self.storage)
        self.tables[table_id] = table
        return table

    def start(self) -> None:
        """Start every table's driver (inside the running event loop)."""
        for t in self.tables.values():
            t.start_driver()

    async def stop(self) -> None:
        for t in self.tables.values():
            await t.stop_driver()


def seat_or_none(text: str | None) -> Seat | None:
    """``N``, ``E``, ``S``, ``W`` (or a name :func:`~whist.cards.parse_seat` reads); ``None`` for
    none."""
    from whist.cards import parse_seat

    return parse_seat(text) if text else None
