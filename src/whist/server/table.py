"""The live table of the web app: the one command path every action goes through (DESIGN.md,
server), the messages of the connections that watch the table, and the driver that plays its bots.
What the table is (its match, its seats, who may take a seat and who plays it) and what each
connection is shown of it are :class:`~whist.server.state.TableState`'s, which :class:`Table`
is built on (whist.server.state).

The command path (:meth:`Table.act`): the seat is the one the connection's token opened (or the
bot's own) → it is this seat's turn → the engine accepts the action → the client's state version
is current → the new state is appended to the table's event log → every connection is sent its own
view. A refused message raises :class:`~whist.server.protocol.CommandError` and changes nothing:
states are immutable values, so the new state is only kept once it is stored. The database is
called in a storage thread (:attr:`Storage.threads`), so that a slow database holds only the table
that waits for it; a table's commands take turns (a lock held from the checks to the event
applied), so its events are checked and stored one after another, in order.

The log is the source of truth: :meth:`Table.rebuild` replays it through the same
:meth:`~whist.server.state.TableState._apply` that the live table uses. Bots sit inside the
table: a driver task plays the seats held by bots (and those of players gone longer than
``takeover_after``), deals the next deal and applies a player's only possible action. A bot thinks
in a worker thread, off the event loop (a strong bot may think for a second per card); its move
then goes through the command path with the version it saw, and is dropped if the table changed
meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from whist.actions import IllegalAction
from whist.cards import SEATS, ParseError, Refusal, Seat
from whist.record import deal_record
from whist.server.bots import bot_threads
from whist.server.codec import deal_event
from whist.server.connection import Connection
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
from whist.server.settings import OPEN, TableSettings, hash_token, stamped
from whist.server.state import GameMatch, TableState, dumps
from whist.server.storage import Storage, StorageConflict, StorageUnavailable, StoredEvent
from whist.server.threads import reap

__all__ = ["Connection", "Table"]

log = logging.getLogger("whist.server")


def _last_action_text(match: GameMatch) -> str:
    deal = match.current if match.current is not None else match.deals[-1]
    return deal.actions[-1][1].text


class Table(TableState):
    """A live table. Build with :meth:`create` or :meth:`rebuild`; call :meth:`start_driver`
    inside the event loop."""

    def __init__(self, table_id: str, settings: TableSettings, storage: Storage,
                 clock: Callable[[], float] = time.monotonic, bot_budget: float | None = None) -> None:
        super().__init__(table_id, settings, clock)
        self.storage = storage
        self._seats_shown: tuple[frozenset[Seat], frozenset[Seat]] = (frozenset(), frozenset())
        """The seats of players away that a bot plays, and those another person may take, as the
        pages were last told (:meth:`_drive`)."""
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self.bot_budget = bot_budget
        """Seconds per card for the bots that think (``None``: each bot's default)."""
        self.thinking: Seat | None = None
        """The seat whose bot is thinking now (in a worker thread)."""
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
                conn.push(dumps({"type": "pong", "version": self.version}))
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

    # ----- who is connected elsewhere; the bots' moves ---------------------------------------------

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

