"""The tables of one server: created from a request, rebuilt from their logs at start-up (a finished
one is only listed, from the listing stored with its last event), unloaded from memory once nobody
has looked at them for a while (a finished table soon, any other after ``unload_after`` seconds
without a change) and rebuilt from the log when someone asks for them again.

>>> from whist.server.storage import open_storage
>>> svc = TableService(open_storage("sqlite://"))
>>> spec = TableSpec(preset="couleur", options={"deals": 2}, seats={"N": "random"}, seed=1)
>>> t = asyncio.run(svc.create(spec))
>>> [svc.tables[t.id].seats[s].kind for s in SEATS]
['random', 'open', 'open', 'open']
>>> TableService(svc.storage).load() == [t.id]
True
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import random
import re
import secrets
import time
from collections.abc import AsyncIterator, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any

from whist.cards import JOINERS, SEATS, ParseError, Refusal, Seat, parse_seat, visible_text
from whist.couleur_match import ColourMatch
from whist.match import Match
from whist.rules import RulesError, check_not_fixed, preset, with_options
from whist.server.bots import available_bots, strongest_bot
from whist.server.cluster import ALONE, Cluster
from whist.server.protocol import CommandError
from whist.server.settings import OPEN, TableSettings, stamped, unstamped
from whist.server.sheets import WEB
from whist.server.storage import Storage, StorageConflict, StorageUnavailable
from whist.server.table import Table

__all__ = ["MAX_TABLES", "SpecError", "TableLimit", "TableService", "TableSpec", "again_spec",
           "clean_name"]

log = logging.getLogger("whist.server")


TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table's id may be (those made here are 8 of these characters): an id of another shape,
a NUL byte say, or ten thousand characters, names no table."""


MAX_TABLES = 500
"""How many tables may be in play at once on one server, by default (``whist serve --max-tables``)."""


class SpecError(Refusal):
    """A table that cannot be created as asked (unknown preset, option, seat or bot), in English
    and in French (``exc.fr``)."""


class TableLimit(Refusal):
    """No table can be created now: the server has :attr:`TableService.max_tables` in play; in
    English and in French (``exc.fr``)."""


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a person asks for when creating a table (``POST /api/tables``)."""

    preset: str = "couleur"
    options: Mapping[str, str | int | float | bool] = field(default_factory=dict)
    seats: Mapping[str, str] = field(default_factory=dict)
    """Seat letter → ``open`` or a bot name; seats not named are open."""
    name: str = ""
    named_for: str = ""
    """With no ``name``: the player the table is named for (« Table d'Anne », "Anne's table", as
    each page says it); ignored when a name is given."""
    takeover_after: float = 60.0
    bot_delay: float = 0.8
    deal_pause: float = 8.0
    seed: int | None = None


"""Rule options a table of the web app takes from its preset alone (the page never sends them)."""


def again_spec(t: Table) -> TableSpec:
    """What a table that plays ``t``'s game again is made of: the same preset, options, name (or
    player it is named for), timings and bots in the same seats (a bot this server cannot run:
    the one that plays for it); a new seed, so new deals."""
    st = t.settings
    base = preset(st.rules.preset)
    options = {k: v for k, v in st.rules.to_dict().items()
               if k != "preset" and getattr(base, k) != v}
    seats = {s.name: OPEN if seat.kind == OPEN else t.bot_name(s) for s, seat in t.seats.items()}
    return TableSpec(preset=st.rules.preset, options=options, seats=seats, name=st.name,
                     named_for=st.named_for or "", takeover_after=st.takeover_after,
                     bot_delay=st.bot_delay, deal_pause=st.deal_pause)


def kept_name(text: str, limit: int = 24) -> str:
    r"""A name (a person's or a table's) as the server keeps and shows it: each run of white space
    (a tab, a line break, a no-break space …) one space, any other invisible character (control,
    zero-width …) dropped, no space at either end, at most ``limit`` characters; empty when nothing
    visible is left (a table is then given no name).

    >>> kept_name(" Jean\u00a0Pierre\t\x07de  la\u200b Tour ", 20), kept_name("\u200b ")
    ('Jean Pierre de la To', '')
    """
    return visible_text(text)[:limit].rstrip(" " + JOINERS)  # a joiner left last by the cut goes too


def clean_name(text: str, limit: int = 24) -> str:
    """A person's name as :func:`kept_name` keeps it; a :class:`~whist.cards.Refusal` (a
    ``ValueError``) when nothing visible is left."""
    name = kept_name(text, limit)
    if not name:
        raise Refusal("a name needs at least one visible character",
                      "un nom a besoin d'au moins un caractère visible")
    return name



def _named_seats(seats: Mapping[str, str]) -> dict[Seat, str]:
    """The seats a request names, each as :func:`~whist.cards.parse_seat` reads it (``N E S W``,
    ``O`` for Ouest, a seat's English or French name); a seat unknown or named twice (``W`` and
    ``O``) is refused.

    >>> _named_seats({"O": "random", "north": "open"}) == {Seat.W: "random", Seat.N: "open"}
    True
    """
    named: dict[Seat, str] = {}
    for key, kind in seats.items():
        try:
            seat = parse_seat(key)
        except ParseError:
            raise SpecError(f"unknown seat {key!r} (seats: N, E, S, W)",
                            f"place « {key} » inconnue (places : N, E, S, O)") from None
        if seat in named:
            raise SpecError(f"seat {seat.name} is named twice",
                            f"la place {seat.name_fr} est nommée deux fois")
        named[seat] = kind
    return named

class TableService:
    """Every table of this server, by id: those in memory (:attr:`tables`) and a short summary of
    each table unloaded from memory (:attr:`unloaded`), which :meth:`get` rebuilds on demand.

    ``bot_budget``: seconds per card for the bots that think (``None``: their default).
    ``unload_after``: seconds without a change after which a table nobody is connected to leaves
    memory (a finished one after ``FINISHED_GRACE``); its log stays, and it comes back when asked.
    ``max_tables``: how many tables may be in play (in memory, not over: :meth:`in_play`) for
    :meth:`create` to make another; with other processes on the database, this process's own.
    """

    FINISHED_GRACE = 30.0
    FINISHED_LISTED = 10
    """How many finished tables :meth:`finished` lists: the lobby shows them apart, to look back at
    a game just played; an older one is reached by its link."""
    SWEEP_EVERY = 15.0
    ROUND_EVERY = 2.0
    """Seconds between two rounds with the other server processes on the database (PostgreSQL):
    presence published and read, the tables without a driver process taken."""

    def __init__(self, storage: Storage, bot_budget: float | None = None,
                 unload_after: float = 600.0, max_tables: int = MAX_TABLES) -> None:
        self.storage = storage
        self.bot_budget = bot_budget
        self.unload_after = unload_after
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}
        self.unloaded: dict[str, dict[str, Any]] = {}
        """Table id → its listing (:meth:`Table.listing`) as it was when it left memory."""
        self._sweeper: asyncio.Task[None] | None = None
        self.cluster: Cluster = ALONE
        """The other server processes on the database (from :meth:`start`)."""
        self._rounds: asyncio.Task[None] | None = None
        self._round_due = asyncio.Event()
        self._creating: set[str] = set()
        """Ids of the tables being created (their first events being stored)."""
        self._building: dict[str, asyncio.Event] = {}
        """Table id → set once the table being made (:meth:`_open`) or rebuilt from its log
        (:meth:`get`) here is kept, or could not be: one at a time for each id (:meth:`_one_build`)."""
        self._catching_up: set[asyncio.Task[None]] = set()
        self._heard_of: dict[str, float] = {}
        """Tables made through another process, held here for the lobby, and when: this process
        offers to drive them only after :attr:`DRIVE_GRACE` (the process that made one takes its
        lock first; it drives the table where its players are, and this one on if it stops)."""

    DRIVE_GRACE = 3 * ROUND_EVERY

    def load(self) -> list[str]:
        """Every stored table, listed or rebuilt from its log; the ids. A finished table is kept only
        as its listing (it comes back whole when asked for): the one stored for its last event if
        there is one (a listing made before a later event is never used), else the one of a rebuild
        from its log, which is then stored for the next start."""
        done = []
        bots = available_bots()
        for stored in self.storage.stored_tables():
            table_id = stored.table_id
            listing = unstamped(stored.listing)
            if listing is not None and self._usable(listing, bots):
                self.unloaded[table_id] = listing
                done.append(table_id)
                continue
            try:
                t = self._rebuild(table_id)
            except Exception:
                log.exception("table %s cannot be rebuilt from its log; left out", table_id)
                continue
            if t.match.is_over:
                listing = self.unloaded[table_id] = t.listing()
                try:
                    self.storage.store_listing(table_id, t.seq - 1, stamped(listing))
                except Exception:
                    log.exception("table %s: its listing cannot be stored", table_id)
            else:
                self._keep(t)
            done.append(table_id)
        return done

    @staticmethod
    def _usable(listing: Mapping[str, Any], bots: tuple[str, ...]) -> bool:
        """A stored listing says what a rebuild here would: the table is over, and every bot the
        listing names can play here (``bots``; a rebuild names the heuristic bot for one that
        cannot)."""
        seats = listing.get("seats")
        return (listing.get("over") is True and isinstance(seats, list)
                and all(isinstance(seat, dict) and seat.get("bot") in bots for seat in seats))

    def _rebuild(self, table_id: str) -> Table:
        return Table.rebuild(table_id, self.storage.load(table_id), self.storage, self.bot_budget)

    async def get(self, table_id: str) -> Table | None:
        """The table (rebuilt from its log if it was unloaded, or stored by another process);
        ``None`` if there is none; :class:`StorageUnavailable` if the database cannot say."""
        t = self.tables.get(table_id)
        if t is not None:
            return t
        if not TABLE_ID.fullmatch(table_id):  # no table has such an id: the database is not asked
            return None
        async with self._one_build(table_id):
            t = self.tables.get(table_id)
            if t is not None:  # rebuilt or made meanwhile, for another visitor: that one is the table
                return t
            try:
                events = await self.storage.threads.run(self.storage.load, table_id)
                if not events:
                    return None
                t = Table.rebuild(table_id, events, self.storage, self.bot_budget)
            except StorageUnavailable:
                raise  # not "no such table": the caller says to try again
            except Exception:
                log.exception("table %s cannot be rebuilt from its log", table_id)
                return None
            self._keep(t)
        self.unloaded.pop(table_id, None)
        if self._sweeper is not None:  # started (a service not started drives no table)
            self.drive(t)
        return t

    @contextlib.asynccontextmanager
    async def _one_build(self, table_id: str) -> AsyncIterator[None]:
        """Make or rebuild table ``table_id`` inside: once no other build of it runs here. Two
        visitors opening a table that must be read from its log, or a page opening a successor
        while :meth:`again` makes it (its log written, the table not kept yet), would otherwise
        each build one, and the last kept would hide the other, which played on by itself."""
        while (other := self._building.get(table_id)) is not None:
            await other.wait()
        done = self._building[table_id] = asyncio.Event()
        try:
            yield
        finally:
            del self._building[table_id]
            done.set()

    def _keep(self, t: Table) -> None:
        self.tables[t.id] = t
        t.on_presence = self._round_due.set

    def drive(self, t: Table) -> None:
        """Let ``t`` play by itself (bots, deals, forced actions, takeovers): at once when this is
        the only process on the database; else once this process holds the table's lock (the next
        round, which comes at once), unless another process drives it."""
        if self.cluster.shared:
            self._round_due.set()
        else:
            t.start_driver()

    def listings(self, limit: int = 100) -> list[dict[str, Any]]:
        """The listings of the tables in play (those :meth:`in_play` counts: waiting for players or
        under way), newest first, at most ``limit``. Neither a finished table (:meth:`finished`)
        nor an abandoned one is listed: one that left memory unfinished, nothing done at it for
        ``unload_after`` seconds with nobody connected, until it is asked for again (its link)."""
        items = [t.listing() for t in self.tables.values() if not t.match.is_over]
        items.sort(key=lambda x: x["created_at"], reverse=True)
        return items[:limit]

    def finished(self) -> list[dict[str, Any]]:
        """The listings of the :attr:`FINISHED_LISTED` tables whose game ended last, the last
        first."""
        items = [t.listing() for t in self.tables.values() if t.match.is_over]
        items += [x for x in self.unloaded.values() if x.get("over")]
        return heapq.nlargest(self.FINISHED_LISTED, items, key=lambda x: x.get("finished_at") or 0.0)

    async def listing_of(self, table_id: str) -> dict[str, Any] | None:
        """One table's listing, as :meth:`listings` gives it; ``None`` if there is no such table. A
        table this process unloaded is not brought back for it (its listing was kept); one it does
        not know (stored by another process, or before a restart) is rebuilt, as :meth:`get` does."""
        t = self.tables.get(table_id)
        if t is None:
            if table_id in self.unloaded:
                return dict(self.unloaded[table_id])
            t = await self.get(table_id)
        return t.listing() if t is not None else None

    def settings(self, spec: TableSpec) -> TableSettings:
        """The settings of a new table; :class:`SpecError` naming the first problem (a rule option
        refused in the web's words: :data:`whist.server.sheets.WEB`)."""
        try:
            check_not_fixed(spec.options)
            rules = with_options(preset(spec.preset), spec.options, wording=WEB)
        except RulesError as exc:
            raise SpecError(exc.en, exc.fr) from None
        named = _named_seats(spec.seats)
        bots = available_bots()
        kinds: list[str] = []
        for s in SEATS:
            kind = named.get(s, OPEN).strip().lower()
            if kind not in (OPEN, *bots):
                known = ", ".join(bots)
                raise SpecError(f"seat {s.name}: {kind!r} is neither 'open' nor a bot ({known})",
                                f"place {s.name} : « {kind} » n'est ni « open » ni un robot ({known})")
            kinds.append(kind)
        seed = spec.seed if spec.seed is not None else secrets.randbits(48)
        start = ColourMatch.start if rules.game == "couleur" else Match.start
        first = start(rules, random.Random(seed)).first_dealer
        name = kept_name(spec.name, 40)
        return TableSettings(name=name, rules=rules,
                             seats=(kinds[0], kinds[1], kinds[2], kinds[3]), seed=seed,
                             first_dealer=first, takeover_after=spec.takeover_after,
                             bot_delay=spec.bot_delay, deal_pause=spec.deal_pause,
                             substitute=strongest_bot(),
                             named_for=None if name else kept_name(spec.named_for) or None)

    def in_play(self) -> int:
        """How many tables are in play: in memory and not over. A table nobody has played or
        watched for ``unload_after`` seconds has left memory and does not count until it is
        asked for again: tables abandoned mid-game, or never joined, would otherwise fill the
        server for good."""
        return sum(not t.match.is_over for t in self.tables.values())

    async def create(self, spec: TableSpec) -> Table:
        """A new table as ``spec`` asks; :class:`SpecError` if it cannot be, :class:`TableLimit`
        if :attr:`max_tables` are in play (those being stored count)."""
        return await self._open(self._new_id(), self.settings(spec))

    def _new_id(self) -> str:
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables or table_id in self.unloaded or table_id in self._creating:
            table_id = secrets.token_urlsafe(6)
        return table_id

    def _check_room(self) -> None:
        """:class:`TableLimit` when :attr:`max_tables` are in play (those being stored count)."""
        if self.in_play() + len(self._creating) >= self.max_tables:
            raise TableLimit(f"this server has as many tables in play as it allows"
                             f" ({self.max_tables}); try again once a game has finished or been"
                             " left for a while",
                             f"ce serveur a déjà autant de tables en cours qu'il en accepte"
                             f" ({self.max_tables}) : réessayez quand une partie sera finie ou"
                             " abandonnée depuis un moment")

    async def _open(self, table_id: str, settings: TableSettings) -> Table:
        """The new table ``table_id`` made with ``settings``, its first event stored;
        :class:`TableLimit`, or :class:`StorageConflict` when a table of that id is stored already."""
        async with self._one_build(table_id):
            self._check_room()
            self._creating.add(table_id)
            try:
                table = await Table.create(table_id, settings, self.storage, self.bot_budget)
            finally:
                self._creating.discard(table_id)
            self._keep(table)
        return table

    async def again(self, old: Table) -> tuple[Table, bool]:
        """The table that plays ``old``'s finished game again with the same people (its successor),
        and whether it was made now: the first to ask makes it and ``old`` stores its id (an
        ``again`` event), so that everyone who asks later, here or in another server process, after
        a restart too, gets that same one. :class:`~whist.cards.Refusal` (a ``ValueError``) while
        the game is on,
        :class:`TableLimit` when a new table cannot be made now.

        Two processes that name a successor at once both append the ``again`` event under the same
        sequence number: the second gets a conflict, reloads ``old`` and takes the first's. A
        successor named but not stored yet (the other process is storing it, or the database
        failed in between) is made here with the same id; the seq 0 of its log settles which
        process makes it."""
        if not old.match.is_over:
            raise Refusal("this game is not over", "cette partie n'est pas finie")
        for attempt in range(3):
            try:
                successor = old.successor
                if successor is None:
                    self._check_room()
                    successor = await old.name_successor(self._new_id())
                there = await self.get(successor)
                if there is not None:
                    return there, False
                return await self._open(successor, self.settings(again_spec(old))), True
            except (CommandError, StorageConflict):  # another process was first: look again
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def can_unload(self, t: Table, now: float) -> bool:
        """Nobody is connected, no bot is thinking, and nothing happened for a while."""
        if t.conns or t.elsewhere or t.thinking is not None:
            return False
        idle = now - t.last_change
        return idle >= (min(self.FINISHED_GRACE, self.unload_after) if t.match.is_over
                        else self.unload_after)

    async def sweep(self) -> list[str]:
        """Unload every table that :meth:`can_unload`; the ids unloaded."""
        gone = []
        for table_id, t in list(self.tables.items()):
            if not self.can_unload(t, t.clock()):
                continue
            self.unloaded[table_id] = t.listing()
            del self.tables[table_id]  # before any await: a new visitor gets a fresh table
            await t.stop_driver()
            gone.append(table_id)
        if gone:
            log.info("unloaded %d idle tables (%d stay in memory)", len(gone), len(self.tables))
        return gone

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(min(self.SWEEP_EVERY, max(self.unload_after / 2, 0.05)))
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping idle tables failed")

    # ----- several processes on one database (PostgreSQL; whist.server.cluster) ------------------------

    def _heard(self, table_id: str | None, count: int | None) -> None:
        """(In the event loop) news from the other processes: a table has ``count`` events now
        (the missing ones are read and applied), who is connected there changed (``count``
        ``None``), or anything may have (both ``None``)."""
        if count is None:
            self._round_due.set()
        if table_id is None:
            behind = list(self.tables.values())
            if count is None:  # (hearing them from now on: the tables made before are looked for)
                self._in_background(self._discover())
        else:
            t = self.tables.get(table_id)
            behind = [t] if t is not None and count is not None and t.seq < count else []
            if (t is None and count is not None and table_id not in self.unloaded
                    and table_id not in self._creating):  # (the news of one made here)
                # a table new to this process (made through another): held here too, so that
                # this process's lobby lists it as theirs do (it listed only its own)
                self._in_background(self._fetch(table_id))
        for t in behind:
            self._in_background(self._catch_up(t, count))

    def _in_background(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` as a task of its own, kept (and cancelled when the service stops) while it runs."""
        task = asyncio.get_running_loop().create_task(job)
        self._catching_up.add(task)
        task.add_done_callback(self._catching_up.discard)

    async def _discover(self) -> None:
        """Hold the tables in play that other processes made while this one did not hear them (as
        it started, or while its listener was cut off): none of their news will come if nothing
        happens at them, and the lobby would never list them here."""
        try:
            stored = await self.storage.threads.run(self.storage.stored_tables)
        except StorageUnavailable:
            return  # looked for again when the listener hears the database again
        for st in stored:
            tid = st.table_id
            if (tid not in self.tables and tid not in self.unloaded and tid not in self._creating
                    and not (st.listing or {}).get("over")):
                await self._fetch(tid)

    async def _fetch(self, table_id: str) -> None:
        self._heard_of[table_id] = time.monotonic()
        try:
            await self.get(table_id)
        except StorageUnavailable as exc:  # listed at the next news, or when it is asked for
            log.warning("table %s: made in another process, it waits for the database: %s", table_id,
                        exc.reason)

    @staticmethod
    async def _catch_up(t: Table, count: int | None) -> None:
        try:
            await t.catch_up(count)
        except StorageUnavailable as exc:  # read at the next news, or by the conflict it makes
            log.warning("table %s: the events of another process wait for the database: %s", t.id,
                        exc.reason)
        except Exception:
            log.exception("table %s: the events of another process cannot be applied", t.id)

    async def _round_forever(self) -> None:
        while True:
            # not wait_for: in Python 3.11 it may swallow a cancel that comes as the event is set
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.ROUND_EVERY):
                    await self._round_due.wait()
            self._round_due.clear()
            present = {tid: p for tid, t in self.tables.items() if (p := t.presence())}
            now = time.monotonic()
            for tid in [tid for tid, at in self._heard_of.items() if now - at > self.DRIVE_GRACE]:
                del self._heard_of[tid]
            drive = [tid for tid, t in self.tables.items()
                     if not t.match.is_over and tid not in self._heard_of]
            try:
                held, others = await asyncio.to_thread(self.cluster.exchange, present, drive)
            except Exception:
                log.exception("the round with the other server processes failed")
                await asyncio.sleep(1.0)
                continue
            for tid, t in self.tables.items():
                t.set_elsewhere(others.get(tid, {}))
                if tid in held:
                    t.start_driver()
                elif t.driving:  # another process drives it, or the database went away
                    t.halt_driver(close=False)

    def start(self) -> None:
        """Start every table's driver (or, with other processes on the database, the rounds that
        share the drivers and who is connected, and the listener of their news), and the sweeper of
        idle tables (inside the running event loop)."""
        loop = asyncio.get_running_loop()
        if self._sweeper is None:
            self.cluster = self.storage.cluster()
            self._sweeper = loop.create_task(self._sweep_forever())
            if self.cluster.shared:

                def heard(table_id: str | None, count: int | None) -> None:
                    with contextlib.suppress(RuntimeError):  # the loop closed: the server stopped
                        loop.call_soon_threadsafe(self._heard, table_id, count)

                self.cluster.listen(heard)
                self._rounds = loop.create_task(self._round_forever())
        for t in self.tables.values():
            self.drive(t)

    async def stop(self) -> None:
        """Stop every table's driver and the sweeper, all at once before any of them is awaited:
        awaited one by one, the tables not yet stopped would play on meanwhile."""
        halted = [task for t in self.tables.values() if (task := t.halt_driver()) is not None]
        for task in (self._sweeper, self._rounds, *self._catching_up):
            if task is not None:
                task.cancel()
                halted.append(task)
        self._sweeper = self._rounds = None
        await asyncio.gather(*halted, return_exceptions=True)
        cluster, self.cluster = self.cluster, ALONE
        await asyncio.to_thread(cluster.close)  # its locks released: another process drives now
