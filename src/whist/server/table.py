"""A table of the web app: a match (classic or colour whist), four seats, the connections that
watch it, its event log, and the one command path every action goes through (DESIGN.md, server).

The command path (:meth:`Table.act`): the seat is the one the connection's token opened (or the
bot's own) → it is this seat's turn → the engine accepts the action → the client's state version
is current → the new state is appended to the table's event log → every connection is sent its own
view. A refused message raises :class:`~whist.server.protocol.CommandError` and changes nothing:
states are immutable values, so the new state is only kept once it is stored. The database is
called in a storage thread (:attr:`Storage.threads`), so that a slow database holds only the table
that waits for it; a table's commands take turns (a lock held from the checks to the event
applied), so its events are checked and stored one after another, in order.

The log is the source of truth: :meth:`Table.rebuild` replays it through the same
:meth:`Table._apply` that the live table uses. Bots sit inside the table: a driver task plays the
seats held by bots (and those of players gone longer than ``takeover_after``), deals the next deal
and applies a player's only possible action. A bot thinks in a worker thread, off the event loop
(a strong bot may think for a second per card); its move then goes through the command path with
the version it saw, and is dropped if the table changed meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from whist.actions import IllegalAction
from whist.cards import SEATS, ParseError, Refusal, Seat, of_fr
from whist.couleur import ColourDeal
from whist.couleur_match import ColourMatch
from whist.engine import ClassicDeal
from whist.match import Match
from whist.record import deal_record
from whist.server.bots import available_bots, bot_threads
from whist.server.codec import contract_names, deal_event, dealt, match_json, only_action, view_text
from whist.server.connection import STATE, STATE_WITH_MATCH, Connection
from whist.server.protocol import (
    BAD_TOKEN,
    CONFLICT,
    ILLEGAL,
    MALFORMED,
    NO_HELLO,
    NOT_SEATED,
    NOT_YOUR_TURN,
    STALE,
    Act,
    CommandError,
    Hello,
    Simple,
    error_json,
    parse_message,
)
from whist.server.settings import OPEN, SeatState, TableSettings, hash_token, stamped
from whist.server.storage import Storage, StorageConflict, StorageUnavailable, StoredEvent
from whist.server.threads import reap

__all__ = ["Connection", "GameMatch", "NameTaken", "Table"]

log = logging.getLogger("whist.server")

GameMatch = Match | ColourMatch
AnyDeal = ClassicDeal | ColourDeal
class NameTaken(Refusal):
    """A person asking to sit under the name of someone who holds another seat of the table."""


def _dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _last_action_text(match: GameMatch) -> str:
    deal = match.current if match.current is not None else match.deals[-1]
    return deal.actions[-1][1].text


class Table:
    """A live table. Build with :meth:`create` or :meth:`rebuild`; call :meth:`start_driver`
    inside the event loop."""

    def __init__(self, table_id: str, settings: TableSettings, storage: Storage,
                 clock: Callable[[], float] = time.monotonic, bot_budget: float | None = None) -> None:
        self.id = table_id
        self.settings = settings
        self.storage = storage
        self.clock = clock
        rules = settings.rules
        first = settings.first_dealer
        self.match: GameMatch = (ColourMatch(rules, first, first) if rules.game == "couleur"
                                 else Match(rules, first, first))
        self.version = 0
        self.seq = 1
        self.started = False
        self.created_at = time.time()
        self.finished_at: float | None = None
        """When (Unix time) the event that ended the match was stored; ``None`` while it is on."""
        self.successor: str | None = None
        """The id of the table that plays this one's game again with the same people, once someone
        asked for it (an ``again`` event, after the end of the match); ``None`` until then."""
        self.seats = {s: SeatState(kind) for s, kind in zip(SEATS, settings.seats, strict=True)}
        self.sittings: list[tuple[int, int, Seat, str | None]] = []
        # the seats whose last action, since their player sat down, a bot took for him: as the
        # log says, the same in every server process (see may_take)
        self.bot_moved: set[Seat] = set()
        """Who sat at each seat from when, as the joins and leaves of the log say: (deal number,
        number of its actions taken then, seat, the person's name or ``None``: nobody, a bot plays
        it). Nobody sits anywhere before the first."""
        self.conns: list[Connection] = []
        self.ready: set[Seat] = set()
        self.last_change = clock()
        self.deal_over_at = self.last_change
        """When (by :attr:`clock`) the last deal ended: the pause before the next one counts from
        there, whoever joins or leaves meanwhile (after a rebuild, from the rebuild)."""
        self._match_cache: tuple[int, str] = (-1, "")
        self._table_cache: str | None = None
        self._seats_shown: tuple[frozenset[Seat], frozenset[Seat]] = (frozenset(), frozenset())
        """The seats of players away that a bot plays, and those another person may take, as the
        pages were last told (:meth:`_drive`)."""
        self._forced: tuple[int, str | None] = (-1, None)
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self.bot_budget = bot_budget
        """Seconds per card for the bots that think (``None``: each bot's default)."""
        self.thinking: Seat | None = None
        """The seat whose bot is thinking now (in a worker thread)."""
        self.elsewhere: dict[str, int] = {}
        """Who is connected to this table through other server processes (whist.server.cluster):
        seat letter (``-``: anyone) → the version at which that player said next (-1: not)."""
        self.on_presence: Callable[[], None] | None = None
        """Called when who is connected here changes."""
        self._writing = asyncio.Lock()
        """Held from a command's checks to its event applied: the database is called in a storage
        thread meanwhile, and the table's other commands wait their turn, in order."""

    # ----- building ----------------------------------------------------------------------------

    @classmethod
    async def create(cls, table_id: str, settings: TableSettings, storage: Storage,
                     bot_budget: float | None = None) -> Table:
        """A new table: its first event is stored; a table without open seats starts at once."""
        t = cls(table_id, settings, storage, bot_budget=bot_budget)
        events = [StoredEvent(0, "create", settings.to_json(), time.time())]
        if OPEN not in settings.seats:
            events.append(StoredEvent(1, "start", {}, time.time()))
        await storage.threads.run_whole(storage.append, table_id, events)
        t.created_at = events[0].at  # as a rebuild of the log says
        for e in events[1:]:
            t._apply(e)
        return t

    @classmethod
    def rebuild(cls, table_id: str, events: Sequence[StoredEvent], storage: Storage,
                bot_budget: float | None = None) -> Table:
        """The table as its log left it (every player away, as after a restart)."""
        if not events or events[0].kind != "create" or events[0].seq != 0:
            raise ValueError(f"table {table_id}: the log does not start with its creation")
        t = cls(table_id, TableSettings.from_json(events[0].data), storage, bot_budget=bot_budget)
        t.created_at = events[0].at
        for e in events[1:]:
            if e.seq != t.seq:
                raise ValueError(f"table {table_id}: event {e.seq} found where {t.seq} was expected")
            t._apply(e)
        t._rest()
        return t

    def _rest(self) -> None:
        """Every player away from now on, as after a restart."""
        now = self.clock()
        for st in self.seats.values():
            st.away_since = now

    def _at_rest(self, e: StoredEvent, new_match: GameMatch | None) -> Table:
        """A copy of this table as a rebuild of its log would give it once ``e`` is stored (nobody
        connected, nobody ready, every player away); this table does not change."""
        t = Table(self.id, self.settings, self.storage, self.clock, self.bot_budget)
        t.match, t.version, t.seq, t.started = self.match, self.version, self.seq, self.started
        t.created_at, t.finished_at, t.successor = self.created_at, self.finished_at, self.successor
        t.seats = {s: SeatState(st.kind, st.name, st.token_hash) for s, st in self.seats.items()}
        t.sittings = list(self.sittings)
        t.bot_moved = set(self.bot_moved)
        t._apply(e, new_match)
        t._rest()
        return t

    def _apply(self, e: StoredEvent, new_match: GameMatch | None = None) -> None:
        """Change the table by one stored event: the only place the table's state changes."""
        d = e.data
        if e.kind == "join":
            seat = Seat[d["seat"]]
            st = self.seats[seat]
            if st.name is not None:  # the seat of a player away (see _free_seat): his no more
                self._unseat(seat)
            st.name = str(d["name"])
            st.token_hash = str(d["token"])
            st.away_since = self.clock()
            self.bot_moved.discard(seat)
            self._sat(seat, st.name)
        elif e.kind == "leave":
            seat = Seat[d["seat"]]
            self._unseat(seat)
            self.bot_moved.discard(seat)
            self._sat(seat, None)
        elif e.kind == "start":
            self.started = True
        elif e.kind == "again":
            self.successor = str(d["table"])
        elif e.kind == "deal":
            self.match = new_match if new_match is not None else dealt(self.match, d)
            self.version += 1
            if self.ready:
                self.ready.clear()
                self._table_cache = None
        elif e.kind == "action":
            self.match = (new_match if new_match is not None
                          else self.match.apply(str(d["action"]), Seat[d["seat"]]))
            self.version += 1
            if d.get("by") == "bot":
                self.bot_moved.add(Seat[d["seat"]])
            else:
                self.bot_moved.discard(Seat[d["seat"]])
        else:
            raise ValueError(f"unknown event kind {e.kind!r}")
        self.seq = e.seq + 1
        if self.finished_at is None and e.kind == "action" and self.match.is_over:
            self.finished_at = e.at
        if e.kind in ("join", "leave", "start", "again"):
            self._table_cache = None

    def _unseat(self, seat: Seat) -> None:
        """The person at ``seat`` holds it no more: its token is forgotten, and each connection
        that held it watches from now on."""
        st = self.seats[seat]
        st.name = st.token_hash = None
        st.connections = 0
        self.ready.discard(seat)
        for c in self.conns:
            if c.seat is seat:
                c.seat = None
                c.push(self._welcome(None))

    def _sat(self, seat: Seat, name: str | None) -> None:
        """Note that ``name`` sits at ``seat`` from now on, in the deal in play (or the last)."""
        m = self.match
        deal = m.current if m.current is not None else (m.deals[-1] if m.deals else None)
        self.sittings.append((self.deal_number(), len(deal.actions) if deal is not None else 0, seat, name))

    def sitters(self, number: int) -> dict[str, list[dict[str, Any]]]:
        """Who sat at each seat during deal ``number``: from which of its actions on (the index
        in its ``actions``), whose name (``None``: nobody, a bot played it), so that each call and
        card keeps the name of who made it when someone sits down or leaves in the middle."""
        out: dict[str, list[dict[str, Any]]] = {s.name: [{"from": 0, "name": None}] for s in SEATS}
        for deal, index, seat, name in self.sittings:
            if deal > number:
                break
            held = out[seat.name]
            at = index if deal == number else 0
            if held[-1]["from"] == at:
                held[-1]["name"] = name
            else:
                held.append({"from": at, "name": name})
        return out

    def players(self) -> dict[Seat, str] | None:
        """Who played each seat of the game, for its record: the name of the person who sat there
        from the first deal's first action on, or the bot's at a seat nobody took; ``None`` when a
        seat changed hands after that (someone sat down or left), which one name a seat cannot say.
        (A person away for a while was played by the substitute bot meanwhile, still at his seat.)"""
        held: dict[Seat, str | None] = dict.fromkeys(SEATS)
        for deal, index, seat, name in self.sittings:
            if deal > 1 or index > 0:
                return None
            held[seat] = name
        return {s: name if name is not None else self.bot_name(s) for s, name in held.items()}

    async def _commit(self, kind: str, data: dict[str, Any], new_match: GameMatch | None = None,
                      records: Sequence[tuple[int, Mapping[str, Any]]] = ()) -> None:
        """Append one event to the log (in a storage thread: the event loop serves every table
        meanwhile), then apply it; nothing changes if the log refuses it. The caller holds
        :attr:`_writing`. An event after which the match is over is stored with the table's
        listing as a rebuild of the log would make it, so that start-up lists the table without
        replaying its log."""
        e = StoredEvent(self.seq, kind, data, time.time())
        over = (new_match if new_match is not None else self.match).is_over
        listing = stamped(self._at_rest(e, new_match).listing()) if over else None
        try:
            # stopped meanwhile (the server stops, the table leaves memory), the table still
            # learns whether its event was stored, and applies it: it stays what its log says
            await self.storage.threads.run_whole(self.storage.append, self.id, [e], records, listing)
        except StorageConflict:
            await self._reload()
            raise CommandError(CONFLICT, "the table changed in another server process;"
                                         " it is reloaded, choose again",
                               "la table a changé sur un autre serveur : elle est rechargée,"
                               " choisissez de nouveau") from None
        self._apply(e, new_match)
        self._changed(kind == "action")
        self.broadcast()
        self.wake()

    def _changed(self, acted: bool) -> None:
        """Note the time of a change; when an action (``acted``) ended a deal, the pause before
        the next one counts from now."""
        self.last_change = self.clock()
        if acted and self.match.needs_deal:
            self.deal_over_at = self.last_change

    async def catch_up(self, count: int | None = None) -> None:
        """Apply the events another server process stored since this table's last one, and send
        every connection its new state. ``count``: how many events the log holds, if known (the
        news of an event says it): nothing is read if the table has them all by its turn (the
        news was of its own event, which it was storing)."""
        async with self._writing:
            if count is not None and self.seq >= count:
                return
            events = await self.storage.threads.run(self.storage.load, self.id, self.seq)
            if not events:
                return
            if events[0].seq != self.seq:
                await self._reload()
                return
            for e in events:
                self._apply(e)
            self._changed(any(e.kind == "action" for e in events))
            self._table_cache = None
            self.broadcast()
            self.wake()
            if any(e.kind in ("leave", "join") for e in events):  # connections here may have lost their seat
                self._presence_changed()

    async def _reload(self) -> None:
        events = await self.storage.threads.run(self.storage.load, self.id)
        fresh = Table.rebuild(self.id, events, self.storage, self.bot_budget)
        # a seat given up (and maybe taken again) in another process: the connections here that
        # held it hold it no more, as when a leave is applied
        gone = {s for s, st in self.seats.items() if st.token_hash != fresh.seats[s].token_hash}
        live = {s: (st.connections, st.away_since) for s, st in self.seats.items() if s not in gone}
        if fresh.version != self.version:
            # a deal was dealt since a player here said next (nothing else moves the version
            # between deals, where alone ``next`` is said): his next is spent, as _apply has it
            self.ready.clear()
        self.match, self.version, self.seq = fresh.match, fresh.version, fresh.seq
        self.finished_at, self.successor = fresh.finished_at, fresh.successor
        self.started, self.seats = fresh.started, fresh.seats
        self.sittings, self.bot_moved = fresh.sittings, fresh.bot_moved
        for s, (n, away) in live.items():
            self.seats[s].connections, self.seats[s].away_since = n, away
        self.ready -= gone
        for c in self.conns:
            if c.seat in gone:
                c.seat = None
                c.push(self._welcome(None))
        self._table_cache = None
        self._changed(True)
        self.broadcast()
        # the driver plays on from the state reloaded (a bot's turn, a forced move, the next
        # deal): the news of the events read here comes later, finds them applied and wakes
        # nothing, and the table stood still
        self.wake()
        if gone:
            self._presence_changed()

    # ----- the command path ------------------------------------------------------------------------

    async def act(self, seat: Seat | None, text: str, version: int, by: str = "human") -> None:
        """Take ``text`` for ``seat`` at state ``version``: the one command path (module doc)."""
        async with self._writing:
            await self._act(seat, text, version, by)

    async def _act(self, seat: Seat | None, text: str, version: int, by: str) -> None:
        if seat is None:
            raise CommandError(NOT_SEATED, "spectators cannot act: join a free seat to play",
                               "un spectateur ne peut pas jouer : prenez une place libre")
        to_act = self.match.to_act
        if to_act is not seat:
            who = to_act.name_en if to_act is not None else "nobody"
            raise CommandError(NOT_YOUR_TURN, f"it is {who}'s turn, not {seat.name_en}'s",
                               f"c'est à {to_act.name_fr} de jouer, pas à {seat.name_fr}"
                               if to_act is not None else
                               "ce n'est à personne de jouer")
        try:
            new = self.match.apply(text, seat)
        except (IllegalAction, ParseError) as exc:
            raise CommandError(ILLEGAL, str(exc), exc.fr) from None
        if version != self.version:
            raise CommandError(STALE, f"your state is version {version}, the table is at"
                                      f" {self.version}: look again and choose",
                               f"votre état est la version {version}, la table en est à la"
                               f" {self.version} : regardez de nouveau et choisissez")
        records: list[tuple[int, Mapping[str, Any]]] = []
        if len(new.deals) > len(self.match.deals):
            records.append((len(new.deals), deal_record(new.deals[-1])))
        await self._commit("action", {"seat": seat.name, "action": _last_action_text(new), "by": by},
                           new, records)

    async def deal_next(self) -> None:
        """The chance step: shuffle (or gather and cut) with the table's seeded generator; nothing
        if no deal is due now (one came from another server process meanwhile)."""
        async with self._writing:
            m = self.match
            if not (self.started and m.needs_deal):
                return
            rng = random.Random(f"whist-table:{self.settings.seed}:deal:{len(m.deals)}")
            new: GameMatch = m.deal(rng)
            assert new.current is not None
            await self._commit("deal", deal_event(new.current), new)

    async def join(self, seat: Seat | None, name: str, token: str) -> Seat:
        """Sit a person at ``seat`` (the first free open seat if ``None``; or, asked by name, the
        seat of a player away long enough that a bot plays for him, who loses it); the seat's
        token is ``token``. :class:`~whist.cards.Refusal` when it cannot be done. Starts the game
        once every open seat is taken. When another server process changed the table first, the
        table is reloaded and the seat looked at again."""
        async with self._writing:
            for retry in (False, True):
                sat = self._free_seat(seat)
                self._check_name(sat, name)
                try:
                    await self._commit("join", {"seat": sat.name, "name": name,
                                                "token": hash_token(token)})
                    break
                except CommandError:  # another server process changed the table: it is reloaded
                    if retry:
                        raise Refusal("the table keeps changing in another server process;"
                                      " try again", "la table change sans cesse sur un autre"
                                      " serveur : réessayez") from None
            for _ in range(2):
                if self.started or any(st.kind == OPEN and st.name is None
                                       for st in self.seats.values()):
                    break
                # reloaded: look again; the database gone meanwhile: the person is seated all the same
                with contextlib.suppress(CommandError, StorageUnavailable):
                    await self._commit("start", {})
        return sat

    async def name_successor(self, table_id: str) -> str:
        """Store that ``table_id`` plays this table's game again (``again``), once the match is
        over (:class:`~whist.cards.Refusal` before); the successor's id: ``table_id``, or the one named
        first by a request this process took meanwhile. Another server process may name one first:
        :class:`CommandError` (``conflict``), the table reloaded with the other's."""
        async with self._writing:
            if not self.match.is_over:
                raise Refusal("this game is not over", "cette partie n'est pas finie")
            if self.successor is None:
                await self._commit("again", {"table": table_id})
            assert self.successor is not None
            return self.successor

    def _free_seat(self, seat: Seat | None) -> Seat:
        """The seat a person asking for ``seat`` (``None``: any) may take now;
        :class:`~whist.cards.Refusal` saying why there is none."""
        if self.match.is_over:
            raise Refusal("this game is over", "cette partie est finie")
        free = [s for s in (Seat.S, Seat.W, Seat.N, Seat.E)
                if self.seats[s].kind == OPEN and self.seats[s].name is None]
        if seat is None:
            if not free:
                raise Refusal("no free seat at this table", "pas de place libre à cette table")
            return free[0]
        if self.seats[seat].kind != OPEN:
            raise Refusal(f"{seat.name_en} is held by a bot",
                          f"la place {seat.name_fr} est tenue par un robot")
        if seat not in free and not self.may_take(seat):
            st = self.seats[seat]
            if self.started and st.name is not None and not self.connected(seat):
                grace = f"{self.TAKE_GRACE:.0f}"
                raise Refusal(f"{seat.name_en} is {st.name}'s, away for a short while: it may be taken"
                              f" once a bot plays it, after {grace} seconds at the least",
                              f"la place {seat.name_fr} est celle {of_fr(st.name)}, dont l'absence est"
                              f" récente : elle se prend dès qu'un robot la joue, après {grace} secondes"
                              " d'absence au moins")
            raise Refusal(f"{seat.name_en} is taken", f"la place {seat.name_fr} est déjà prise")
        return seat

    def _check_name(self, seat: Seat, name: str) -> None:
        """:class:`NameTaken` when a person holding another seat than ``seat`` goes by ``name``
        (case and blanks round it aside): the seats, calls and results would show two of them.
        The player of ``seat`` itself does not count: the person taking it, his seat being played
        by a bot while he is away, may be himself back on another device, under the same name.
        Bots are not named so (the page calls them by their seat's name)."""
        wanted = name.strip().casefold()
        for s, st in self.seats.items():
            if s is not seat and st.name is not None and st.name.strip().casefold() == wanted:
                raise NameTaken(f"{st.name} already plays at this table ({s.name_en}):"
                                " choose another name",
                                f"{st.name} joue déjà à cette table (place {s.name_fr}) :"
                                " choisissez un autre nom")

    TAKE_GRACE = 30.0
    """Seconds a player is away, at the least, before his seat may be taken (see :meth:`may_take`),
    however short ``takeover_after`` is: a person who just sat down, or whose page reloads, keeps
    his seat."""

    def may_take(self, seat: Seat, now: float | None = None) -> bool:
        """Whether another person may take ``seat`` from the player sitting there (at ``now``, by
        :attr:`clock`; ``None``: now): while the game is on, once it has started, while nobody
        holding its token is connected, when a bot has played for him (the log says so, in every
        server process) or he has been away ``takeover_after``, and :attr:`TAKE_GRACE` (his phone
        died: he comes back on another device, or a friend plays on for him). His token holds the
        seat no more."""
        st = self.seats[seat]
        if (self.match.is_over or not self.started or st.kind != OPEN or st.name is None
                or self.connected(seat)):
            return False
        now = self.clock() if now is None else now
        return now - st.away_since >= self.TAKE_GRACE and (seat in self.bot_moved
                                                           or self.controller(seat, now) == "bot")

    def seat_of(self, token: str) -> Seat | None:
        h = hash_token(token)
        for s, st in self.seats.items():
            if st.token_hash is not None and st.token_hash == h:
                return s
        return None

    # ----- messages from a connection ----------------------------------------------------------------

    def attach(self, conn: Connection) -> None:
        self.conns.append(conn)
        self._presence_changed()

    def detach(self, conn: Connection) -> None:
        conn.closed = True
        if conn in self.conns:
            self.conns.remove(conn)
        if conn.seat is not None:
            st = self.seats[conn.seat]
            st.connections -= 1
            if st.connections == 0:
                st.away_since = self.clock()
            conn.seat = None
            self._table_cache = None
            self.broadcast()
            self.wake()
        self._presence_changed()

    async def handle(self, conn: Connection, text: str | None) -> None:
        """One message from a connection (``None``: a binary one, refused); an error is answered
        to it alone."""
        try:
            msg = parse_message(text)
            if isinstance(msg, Hello):
                if (msg.token is not None and not conn.greeted and not conn.looked_up
                        and self.seat_of(msg.token) is None):
                    # a seat taken through another server process a moment ago, whose news has
                    # not come yet (behind one address, the join and the WebSocket may go to two
                    # processes): read the events stored since, once, before saying bad_token
                    conn.looked_up = True
                    await self.catch_up()
                self._hello(conn, msg.token)
            elif isinstance(msg, Simple) and msg.type == "ping":
                conn.push(_dumps({"type": "pong", "version": self.version}))
            elif not conn.greeted:
                raise CommandError(NO_HELLO, 'say hello first: {"type": "hello", "token": …}',
                                   'dites d\'abord hello : {"type": "hello", "token": …}')
            elif isinstance(msg, Act):
                await self.act(conn.seat, msg.action, msg.version)
            elif conn.seat is None:
                raise CommandError(NOT_SEATED, f"{msg.type}: only a seated player may do that",
                                   f"{msg.type} : seul un joueur assis peut le faire")
            elif msg.type == "leave":
                await self._leave(conn)
            elif msg.type == "start":
                async with self._writing:
                    if not self.started:
                        await self._commit("start", {})
            elif self.between_deals() and conn.seat not in self.ready:  # next
                self.ready.add(conn.seat)
                self._table_cache = None
                self.broadcast()
                self.wake()
                self._presence_changed()
            # a ``next`` while no deal is over (a second click that arrives once the next deal
            # is dealt) is ignored: it would skip that deal's summary; said again, it changes
            # nothing and sends nothing
        except CommandError as exc:
            conn.push(error_json(exc.code, exc.message, exc.message_fr, self.version))

    def _hello(self, conn: Connection, token: str | None) -> None:
        if conn.greeted:
            raise CommandError(MALFORMED, "hello was said already on this connection",
                               "hello a déjà été dit sur cette connexion")
        seat = self.seat_of(token) if token is not None else None
        if token is not None and seat is None:
            raise CommandError(BAD_TOKEN, "this token holds no seat at this table: watch, or join"
                                          " a free seat",
                               "ce jeton ne tient aucune place à cette table : regardez, ou prenez"
                               " une place libre")
        conn.greeted = True
        conn.seat = seat
        if seat is not None:
            self.seats[seat].connections += 1
            self._table_cache = None
            self._presence_changed()
        conn.push(self._welcome(seat))
        conn.match_seen = -1
        self.broadcast()
        self.wake()

    def _welcome(self, seat: Seat | None) -> str:
        name = self.seats[seat].name if seat is not None else None
        return _dumps({"type": "welcome", "table_id": self.id,
                       "seat": seat.name if seat is not None else None, "name": name,
                       "version": self.version, "rules": self.settings.rules.to_dict(),
                       "contracts": contract_names()})

    async def _leave(self, conn: Connection) -> None:
        async with self._writing:
            if conn.seat is None:  # given up meanwhile, through another server process
                return
            if self.match.is_over:
                # the record and the deals keep who played each seat: a leave now would rewrite
                # a finished game's players (and for good: it is an event of the log)
                raise CommandError(ILLEGAL, "this game is over: its seats stay as they were played",
                                   "cette partie est finie : ses places restent comme elles ont été"
                                   " jouées")
            await self._commit("leave", {"seat": conn.seat.name})
        self._presence_changed()

    # ----- who plays a seat ---------------------------------------------------------------------------

    def presence(self) -> dict[str, int]:
        """Who is connected to this table here, as :attr:`elsewhere` says it of the others."""
        here = {s.name: (self.version if s in self.ready else -1)
                for s, st in self.seats.items() if st.connections > 0}
        return {"-": -1, **here} if self.conns else here

    def set_elsewhere(self, elsewhere: Mapping[str, int]) -> None:
        """Who is connected through the other server processes now: a player gone from them all
        is away from now on."""
        if elsewhere == self.elsewhere:
            return
        now = self.clock()
        for s, st in self.seats.items():
            if s.name in self.elsewhere and s.name not in elsewhere and st.connections == 0:
                st.away_since = now
        self.elsewhere = dict(elsewhere)
        self._table_cache = None
        self.broadcast()
        self.wake()

    def _presence_changed(self) -> None:
        if self.on_presence is not None:
            self.on_presence()

    def connected(self, seat: Seat) -> bool:
        """Someone holding the seat's token is connected, here or through another process."""
        return self.seats[seat].connections > 0 or seat.name in self.elsewhere

    def ready_seats(self) -> set[Seat]:
        """The players who said next, here or through another process."""
        return self.ready | {s for s in SEATS if self.elsewhere.get(s.name, -1) == self.version}

    def controller(self, seat: Seat, now: float | None = None) -> str:
        """``human`` (a connected player), ``bot`` (a bot's seat, a free seat, or a player away for
        ``takeover_after``), or ``away`` (a player away for less: the table waits for him)."""
        st = self.seats[seat]
        if st.kind != OPEN or st.name is None:
            return "bot"
        if self.connected(seat):
            return "human"
        now = self.clock() if now is None else now
        return "bot" if now - st.away_since >= self.settings.takeover_after else "away"

    def forced_action(self, seat: Seat) -> str | None:
        """A player's only possible action when it is a call (trou, the answer at eight, a pass
        when nothing else is allowed) or his last card: the table takes it for him."""
        if self._forced[0] != self.version:
            self._forced = (self.version, only_action(self.match.view(seat)))
        return self._forced[1]

    def bot_name(self, seat: Seat) -> str:
        """The bot that plays ``seat`` when a bot does: the seat's own, or the substitute; the
        heuristic one if this installation cannot run it (a table stored by a server that could)."""
        kind = self.seats[seat].kind
        name = self.settings.substitute if kind == OPEN else kind
        return name if name in available_bots() else "heuristic"

    async def bot_move(self, seat: Seat, not_before: float = 0.0) -> None:
        """The bot at ``seat`` chooses from its view alone, in a worker thread (the event loop
        serves every table meanwhile), then, not before ``not_before`` (the table's clock), acts
        through the command path with the version it saw. The move is dropped if the table changed
        meanwhile (a player came back, the table was reloaded)."""
        version = self.version
        view = self.match.view(seat)
        rng = random.Random(f"whist-table:{self.settings.seed}:bot:{seat.name}:{version}")
        self.thinking = seat
        try:
            action = await bot_threads().choose(self.bot_name(seat), self.bot_budget, view, rng)
            wait = not_before - self.clock()
            if wait > 0:
                await asyncio.sleep(wait)
        finally:
            self.thinking = None
        await self._own_move(seat, action.text, version, "bot")

    async def _own_move(self, seat: Seat, text: str, version: int, by: str) -> None:
        """A move the table makes by itself (``by`` a bot, or ``forced``), chosen at state
        ``version``: dropped if the table changed since, checked once the table's earlier commands
        are done (a player came back, or moved first; the table was caught up or reloaded)."""
        async with self._writing:
            if self.version != version or (by == "bot" and self.controller(seat) != "bot"):
                log.info("table %s: the %s move at %s was dropped: the table changed", self.id, by,
                         seat.name)
                return
            await self._act(seat, text, version, by)

    # ----- the driver: bots, chance steps, forced actions, takeovers -------------------------------------

    def _next_step(self, now: float) -> tuple[float | None, Callable[[], Awaitable[None]] | None]:
        """When the table next does something by itself, and what (``None``: only look again)."""
        steps: list[tuple[float, Callable[[], Awaitable[None]] | None]] = []
        for st_seat, st in self.seats.items():
            if st.kind == OPEN and st.name is not None and not self.connected(st_seat):
                # a bot plays for the player away, and his seat may be taken: each page is told
                for deadline in (st.away_since + self.settings.takeover_after,
                                 st.away_since + self.TAKE_GRACE):
                    if deadline > now:
                        steps.append((deadline, None))
        m = self.match
        if self.started and not m.is_over:
            if m.needs_deal and self._nobody_here():
                pass  # the next deal waits until someone comes to see it
            elif m.needs_deal:
                humans = [s for s in SEATS if self.controller(s, now) == "human"]
                ready = self.ready_seats()
                due = self.last_change if humans and all(s in ready for s in humans) else self.next_deal_due()
                steps.append((due, self.deal_next))
            elif m.to_act is not None:
                seat: Seat = m.to_act
                ctl = self.controller(seat, now)
                if ctl == "bot":
                    view = m.view(None)
                    delay = self.settings.bot_delay
                    if not view.trick and sum(view.tricks_won) > 0:
                        delay *= 2  # let the players see the trick just won
                    # the bot starts thinking at once; its move shows ``delay`` after the last one
                    not_before = self.last_change + delay
                    steps.append((self.last_change, lambda: self.bot_move(seat, not_before)))
                elif ctl == "human":
                    forced = self.forced_action(seat)
                    if forced is not None:
                        text, version = forced, self.version
                        steps.append((self.last_change + min(self.settings.bot_delay, 0.5),
                                      lambda: self._own_move(seat, text, version, "forced")))
        if not steps:
            return None, None
        return min(steps, key=lambda x: x[0])

    def _nobody_here(self) -> bool:
        """A table where people sit, none of them connected, and nobody watching: bots finish
        the deal in play for them, but do not play on into the next one."""
        return not self.conns and not self.elsewhere and any(st.kind == OPEN and st.name is not None
                                      for st in self.seats.values())

    def wake(self) -> None:
        if self._wake is not None:
            self._wake.set()

    def start_driver(self) -> None:
        """Start the driver task (in the running event loop)."""
        if self._task is None:
            self._wake = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._drive())

    @property
    def driving(self) -> bool:
        """Whether this process plays the table's bots (its driver task runs)."""
        return self._task is not None

    def halt_driver(self, close: bool = True) -> asyncio.Task[None] | None:
        """Cancel the driver task, so that the table does nothing more by itself from now on, and
        (``close``) let every connection's sender loop end; the task, to await (``None``: there
        was none)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
        if close:
            for c in list(self.conns):
                c.close()
        return task

    async def stop_driver(self) -> None:
        task = self.halt_driver()
        if task is not None:
            await reap(task)

    async def _drive(self) -> None:
        wake = self._wake
        assert wake is not None
        unreachable = False  # said once while the database cannot be reached, and once it can
        while self._task is asyncio.current_task():  # not halted (a cancel may be swallowed)
            wake.clear()
            now = self.clock()
            shown = (frozenset(s for s in SEATS if self.seats[s].kind == OPEN
                               and self.seats[s].name is not None and self.controller(s, now) == "bot"),
                     frozenset(s for s in SEATS if self.may_take(s, now)))
            if shown != self._seats_shown:
                self._seats_shown = shown
                self._table_cache = None
                self.broadcast()
            due, step = self._next_step(now)
            if due is None:
                await wake.wait()
                continue
            if due > now:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), due - now)
                continue
            if step is not None:
                try:
                    await step()
                except CommandError as exc:
                    log.warning("table %s: the table's own step was refused: %s", self.id, exc)
                except StorageUnavailable as exc:  # nothing changed: the step comes again
                    if not unreachable:  # not every second of an outage, for every table
                        log.warning("table %s: the database cannot be reached: %s; it waits for the database",
                                    self.id, exc.reason)
                    unreachable = True
                    await asyncio.sleep(1.0)
                except Exception:
                    log.exception("table %s: step failed", self.id)
                    await asyncio.sleep(1.0)
                else:
                    if unreachable:
                        log.warning("table %s: the database answers again; the table plays on",
                                    self.id)
                    unreachable = False
            await asyncio.sleep(0)

    # ----- what is sent ------------------------------------------------------------------------------------

    def table_json(self, full: bool = True) -> dict[str, Any]:
        """The table's public facts: settings, seats (who sits, who is connected, who a bot plays);
        the rules too when ``full``."""
        now = self.clock()
        ready = self.ready_seats()
        seats = []
        for s in SEATS:
            st = self.seats[s]
            seats.append({"seat": s.name, "kind": "bot" if st.kind != OPEN else OPEN,
                          "bot": self.bot_name(s), "name": st.name,
                          "connected": self.connected(s),
                          "bot_playing": self.controller(s, now) == "bot", "takeable": self.may_take(s, now),
                          "ready": s in ready})
        st0 = self.settings
        out: dict[str, Any] = {
            "id": self.id, "name": st0.name or st0.rules.preset, "named_for": st0.named_for,
            "preset": st0.rules.preset, "game": st0.rules.game,
            "seats": seats, "started": self.started, "takeover_after": st0.takeover_after,
            "bot_delay": st0.bot_delay, "deal_pause": st0.deal_pause, "again": self.successor}
        if full:
            out["rules"] = st0.rules.to_dict()
        return out

    def listing(self) -> dict[str, Any]:
        """What ``GET /api/tables`` says of the table: its public facts (no rules), whether its
        match is over, when it was created and when its match ended (``None``: not yet)."""
        return {**self.table_json(full=False), "over": self.match.is_over, "created_at": self.created_at,
                "finished_at": self.finished_at}

    def match_json(self) -> dict[str, Any]:
        """The match's results so far (:func:`~whist.server.codec.match_json`)."""
        return match_json(self.match)

    def next_deal_due(self) -> float:
        """When (by :attr:`clock`) the next deal is dealt unless every connected player says next
        first: ``deal_pause`` after the end of the last deal; the first deal at once."""
        if not self.match.deals:
            return self.last_change
        return self.deal_over_at + self.settings.deal_pause

    def between_deals(self) -> bool:
        """A deal is over and the next one is due: the deal's summary is on the players' screens."""
        return self.started and self.match.needs_deal and not self.match.is_over

    def deal_number(self) -> int:
        m = self.match
        return len(m.deals) + (1 if m.current is not None else 0)

    def state_for(self, seat: Seat | None, with_match: bool = True) -> str:
        """The ``state`` message for a connection at ``seat`` (``None``: a spectator); the match's
        results only ``with_match`` (a connection is sent them when they change)."""
        if self._table_cache is None:
            self._table_cache = _dumps(self.table_json(full=False))
        match = ""
        if with_match:
            n = len(self.match.deals)
            if self._match_cache[0] != n:
                self._match_cache = (n, _dumps(self.match_json()))
            match = f',"match":{self._match_cache[1]}'
        number = self.deal_number()
        deal = "null"
        auto = False
        if number:
            view = self.match.view(seat)
            pause = ""
            if self.between_deals():  # the deal is over: when the next one comes
                left = max(0.0, self.next_deal_due() - self.clock())
                pause = f',"next_in":{round(left, 1)}'
            sitters = _dumps(self.sitters(number))
            deal = f'{{"number":{number}{pause},"sitters":{sitters},"view":{view_text(view)}}}'
            if seat is not None and view.to_act is seat:
                self._forced = (self.version, only_action(view))
                auto = self._forced[1] is not None
        you = _dumps({"seat": seat.name if seat is not None else None,
                      "name": self.seats[seat].name if seat is not None else None, "auto": auto})
        over = "true" if self.match.is_over else "false"
        return (f'{{"type":"state","version":{self.version},"over":{over},"you":{you},'
                f'"table":{self._table_cache}{match},"deal":{deal}}}')

    def broadcast(self) -> None:
        """Send every greeted connection its own state."""
        n = len(self.match.deals)
        cache: dict[tuple[Seat | None, bool], str] = {}
        for c in self.conns:
            if not c.greeted:
                continue
            key = (c.seat, c.match_seen != n)
            text = cache.get(key)
            if text is None:
                text = cache[key] = self.state_for(*key)
            c.match_seen = n
            c.push(text, STATE_WITH_MATCH if key[1] else STATE)
