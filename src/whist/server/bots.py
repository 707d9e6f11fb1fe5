"""The server's bots: which of them this installation can run, the strongest one (it takes the
seat of a player who is away), and the threads where they think, off the event loop
(:class:`BotThreads`).

>>> "heuristic" in available_bots() and strongest_bot() in available_bots()
True
"""

from __future__ import annotations

import functools
import logging
import os
import random
import threading

from whist.bots import BOT_NAMES, AnyAction, AnyView, Bot, get_bot
from whist.cards import Seat
from whist.server.threads import DaemonThreads

__all__ = ["BotThreads", "available_bots", "bot_threads", "strongest_bot", "think"]

log = logging.getLogger("whist.server")


@functools.cache
def available_bots() -> tuple[str, ...]:
    """The bots this installation can run, weakest first: :data:`~whist.bots.BOT_NAMES` less those
    whose code is missing (``get_bot`` raises :class:`ImportError`)."""
    out = []
    for name in BOT_NAMES:
        try:
            get_bot(name)
        except ImportError as exc:
            log.warning("bot %s is not available: %s", name, exc)
            continue
        out.append(name)
    return tuple(out)


class BotThreads:
    """The threads where bots think, off the event loop: one per core but one, which is left to
    the event loop (a thought is mostly solver work that releases the GIL, but its Python parts
    would slow every table's actions if bots had every core). When more moves wait than there are
    threads, each thinks for less: half the budget when twice as many wait, down to an eighth,
    so that no table waits long for its bots.

    The threads are daemon threads (:class:`~whist.server.threads.DaemonThreads`): when the server
    stops, a thought already begun is not waited for (a ``pimc`` bot may think for seconds). Its
    move is dropped: the table's driver, which would have played it, is stopped first; a move not
    yet begun is not thought."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers is not None else max(1, (os.cpu_count() or 1) - 1)
        self._threads = DaemonThreads(self.workers, "whist-bot")
        self.pending = 0
        """Moves asked for and not yet chosen (counted in the event loop's thread)."""

    @staticmethod
    def scaled(budget: float | None, pending: int, workers: int) -> float | None:
        """The budget of a move when ``pending`` moves (this one included) share ``workers``
        threads.

        >>> [BotThreads.scaled(1.0, n, 1) for n in (1, 2, 3, 4, 5, 50)]
        [1.0, 0.5, 0.25, 0.25, 0.125, 0.125]
        """
        if budget is None:
            return None
        level, load = 0, pending / workers
        while load > 1 and level < 3:
            load /= 2
            level += 1
        return budget / (1 << level)

    async def choose(self, name: str, budget: float | None, view: AnyView,
                     rng: random.Random) -> AnyAction:
        """The bot ``name``'s action for ``view``, thought in a bot thread (:func:`think`)."""
        self.pending += 1
        try:
            share = self.scaled(budget, self.pending, self.workers)
            return await self._threads.run(think, name, share, view, rng)
        finally:
            self.pending -= 1


@functools.cache
def bot_threads() -> BotThreads:
    """The server's bot threads (one set per process)."""
    return BotThreads()


_thread_bots = threading.local()


def think(name: str, budget: float | None, view: AnyView, rng: random.Random) -> AnyAction:
    """The bot ``name``'s choice, in a bot thread: each thread makes its bots once and keeps them
    (a bot may hold a solver and its memory), and never shares them with another thread."""
    bots: dict[tuple[str, float | None], Bot] | None = getattr(_thread_bots, "bots", None)
    if bots is None:
        bots = _thread_bots.bots = {}
    for fallback in (name, "heuristic", "random"):  # a bot that fails: a simpler one plays
        bot = bots.get((fallback, budget))
        if bot is None:
            bot = bots[fallback, budget] = get_bot(fallback, budget)
        try:
            return bot(view, rng)
        except Exception:
            if fallback == "random":
                raise
            log.exception("bot %s failed at %s; a simpler bot plays this move", fallback,
                          _seat_name(view.seat))
    raise AssertionError("unreachable")


def _seat_name(seat: Seat | None) -> str:
    return seat.name if seat is not None else "?"


def strongest_bot() -> str:
    """The bot that takes a player's seat: the strongest one there is."""
    bots = available_bots()
    return "pimc" if "pimc" in bots else "heuristic"
