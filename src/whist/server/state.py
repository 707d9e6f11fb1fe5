"""A table's state as its event log makes it, and what each connection is shown of it: the match,
the seats and who sits at them, the rules of who may take a seat and of who plays it (a person, a
bot, nobody yet), and the ``state`` and ``welcome`` messages (DESIGN.md, server).

:class:`TableState` changes by :meth:`TableState._apply` alone, one stored event at a time; it
awaits nothing and never calls the database: pushing a message to a connection's outbox is all
it sends. The live table, :class:`whist.server.table.Table`, is built on it: the command path
that stores those events, the messages that come from connections, and the driver that plays
the bots.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from whist.cards import SEATS, Refusal, Seat, of_fr
from whist.couleur_match import ColourMatch
from whist.match import Match
from whist.server.bots import available_bots
from whist.server.codec import contract_names, dealt, match_json, only_action, view_text
from whist.server.connection import STATE, STATE_WITH_MATCH, Connection
from whist.server.settings import OPEN, SeatState, TableSettings, hash_token
from whist.server.storage import StoredEvent

__all__ = ["GameMatch", "NameTaken", "TableState", "dumps"]

GameMatch = Match | ColourMatch


class NameTaken(Refusal):
    """A person asking to sit under the name of someone who holds another seat of the table."""


def dumps(obj: Any) -> str:
    """``obj`` as the compact JSON text a connection is sent."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


class TableState:
    """A table's state (module doc). Changed by :meth:`_apply`; the live table is
    :class:`whist.server.table.Table`."""

    def __init__(self, table_id: str, settings: TableSettings,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.id = table_id
        self.settings = settings
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
        """Who sat at each seat from when, as the joins and leaves of the log say: (deal number,
        number of its actions taken then, seat, the person's name or ``None``: nobody, a bot plays
        it). Nobody sits anywhere before the first."""
        # the seats whose last action, since their player sat down, a bot took for him: as the
        # log says, the same in every server process (see may_take)
        self.bot_moved: set[Seat] = set()
        self.conns: list[Connection] = []
        self.ready: set[Seat] = set()
        self.last_change = clock()
        self.deal_over_at = self.last_change
        """When (by :attr:`clock`) the last deal ended: the pause before the next one counts from
        there, whoever joins or leaves meanwhile (after a rebuild, from the rebuild)."""
        self._match_cache: tuple[int, str] = (-1, "")
        self._table_cache: str | None = None
        self._forced: tuple[int, str | None] = (-1, None)
        self.elsewhere: dict[str, int] = {}
        """Who is connected to this table through other server processes (whist.server.cluster):
        seat letter (``-``: anyone) → the version at which that player said next (-1: not)."""

    # ----- the log's events --------------------------------------------------------------------

    def _rest(self) -> None:
        """Every player away from now on, as after a restart."""
        now = self.clock()
        for st in self.seats.values():
            st.away_since = now

    def _at_rest(self, e: StoredEvent, new_match: GameMatch | None) -> TableState:
        """A copy of this table as a rebuild of its log would give it once ``e`` is stored (nobody
        connected, nobody ready, every player away); this table does not change."""
        t = TableState(self.id, self.settings, self.clock)
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

    # ----- who may take a seat -------------------------------------------------------------------

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

    # ----- who plays a seat ---------------------------------------------------------------------------

    def presence(self) -> dict[str, int]:
        """Who is connected to this table here, as :attr:`elsewhere` says it of the others."""
        here = {s.name: (self.version if s in self.ready else -1)
                for s, st in self.seats.items() if st.connections > 0}
        return {"-": -1, **here} if self.conns else here

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

    # ----- what is sent ------------------------------------------------------------------------------------

    def _welcome(self, seat: Seat | None) -> str:
        name = self.seats[seat].name if seat is not None else None
        return dumps({"type": "welcome", "table_id": self.id,
                      "seat": seat.name if seat is not None else None, "name": name,
                      "version": self.version, "rules": self.settings.rules.to_dict(),
                      "contracts": contract_names()})

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
            self._table_cache = dumps(self.table_json(full=False))
        match = ""
        if with_match:
            n = len(self.match.deals)
            if self._match_cache[0] != n:
                self._match_cache = (n, dumps(self.match_json()))
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
            sitters = dumps(self.sitters(number))
            deal = f'{{"number":{number}{pause},"sitters":{sitters},"view":{view_text(view)}}}'
            if seat is not None and view.to_act is seat:
                self._forced = (self.version, only_action(view))
                auto = self._forced[1] is not None
        you = dumps({"seat": seat.name if seat is not None else None,
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
