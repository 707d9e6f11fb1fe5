"""The server's bots: which of them this installation can run, the strongest one (it takes the
seat of a player who is away), and the threads where they think, off the event loop.

>>> "heuristic" in available_bots() and strongest_bot() in available_bots()
True
"""

from __future__ import annotations

import functools
import logging
import os
import random
import threading
from concurrent.futures import ThreadPoolExecutor

from whist.bots import BOT_NAMES, AnyAction, AnyView, Bot, get_bot
from whist.cards import Seat

__all__ = ["available_bots", "bot_threads", "strongest_bot", "think"]

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


@functools.cache
def bot_threads() -> ThreadPoolExecutor:
    """The threads where bots think: one per core (a bot's thinking is work for a core; more
    threads would only share them), each with its own bots (:func:`think`)."""
    return ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1), thread_name_prefix="whist-bot")


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
