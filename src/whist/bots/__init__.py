"""Computer players. A bot is a function of what one seat may see (its :class:`View`)
and a seeded random generator, returning one of ``view.legal``.

>>> import random
>>> from whist.engine import new_classic_deal
>>> d = new_classic_deal(seed=3)
>>> a = get_bot("random")(d.view(d.to_act), random.Random(0))
>>> a in d.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from whist.actions import Action
from whist.couleur import ColourAction, ColourView
from whist.engine import View

AnyView = View | ColourView
AnyAction = Action | ColourAction


class Bot(Protocol):
    """A computer player: ``bot(view, rng) -> action``, the action one of ``view.legal``."""

    def __call__(self, view: AnyView, rng: random.Random) -> AnyAction: ...


def random_bot(view: AnyView, rng: random.Random) -> AnyAction:
    """A uniformly random legal action."""
    if not view.legal:
        raise ValueError("this seat has nothing to do now")
    return view.legal[rng.randrange(len(view.legal))]


def heuristic_player(view: AnyView, rng: random.Random) -> AnyAction:
    """The heuristic player of the view's game (classic or colour whist)."""
    if isinstance(view, ColourView):
        from whist.bots.colour import colour_heuristic_bot

        return colour_heuristic_bot(view, rng)
    from whist.bots.heuristic import heuristic_bot

    return heuristic_bot(view, rng)


def _pimc(budget: float | None) -> Bot:
    from whist.bots.pimc import PimcBot

    return PimcBot() if budget is None else PimcBot(budget=budget)


def _registry() -> dict[str, Callable[[float | None], Bot]]:
    return {"random": lambda _b: random_bot, "heuristic": lambda _b: heuristic_player,
            "pimc": _pimc}


BOT_NAMES = ("random", "heuristic", "pimc")


def get_bot(name: str, budget: float | None = None) -> Bot:
    """The bot called ``name`` (``random``, ``heuristic`` or ``pimc``); ``ValueError`` if there
    is none. ``budget``: seconds per card for the bots that think (``pimc``; calls get three
    times as long); ``None`` keeps the bot's default."""
    makers = _registry()
    key = name.strip().lower()
    if key not in makers:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")
    return makers[key](budget)
