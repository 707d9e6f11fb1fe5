"""One WebSocket's side of a table: its seat and its outbox (the sender loop sends what is queued)."""

from __future__ import annotations

import asyncio
from collections import deque

from whist.cards import Seat

__all__ = ["MAX_QUEUED", "OTHER", "STATE", "STATE_WITH_MATCH", "Connection"]

OTHER, STATE, STATE_WITH_MATCH = 0, 1, 2
MAX_QUEUED = 500
"""Messages waiting for a client that does not read them, before its connection is closed."""


class Connection:
    """One WebSocket's side of the table: its seat once it said hello with a token, and its
    outbox. A state not yet sent is replaced by a newer one, so a slow client gets the latest
    (but a state that carries the match's results is never replaced by one that does not)."""

    __slots__ = ("_queue", "_ready", "closed", "greeted", "looked_up", "match_seen", "seat")

    def __init__(self) -> None:
        self.seat: Seat | None = None
        self.greeted = False
        self.looked_up = False
        """Whether a token this table did not know was looked up in the database already (once
        a connection: a seat taken a moment ago through another server process)."""
        self.closed = False
        self.match_seen = -1
        """How many finished deals the match results last sent to this connection held."""
        self._queue: deque[tuple[int, str | None]] = deque()
        self._ready = asyncio.Event()

    def push(self, text: str, kind: int = OTHER) -> None:
        if self.closed:
            return
        q = self._queue
        if kind != OTHER and q and q[-1][0] != OTHER and kind >= q[-1][0]:
            q[-1] = (kind, text)
        elif len(q) >= MAX_QUEUED:  # a client that sends and never reads: let it go
            self.closed = True
            q.append((OTHER, None))
        else:
            q.append((kind, text))
        self._ready.set()

    def close(self) -> None:
        """Let the sender loop end (after what is queued)."""
        self._queue.append((OTHER, None))
        self._ready.set()

    async def next(self) -> str | None:
        """The next text to send; ``None``: close."""
        while not self._queue:
            self._ready.clear()
            await self._ready.wait()
        return self._queue.popleft()[1]
