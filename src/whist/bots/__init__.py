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

import contextlib
import random
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from whist.actions import Action
from whist.cards import Card, Lang, Refusal, Seat, quoted_fr
from whist.couleur import ColourAction, ColourView
from whist.engine import View

AnyView = View | ColourView
AnyAction = Action | ColourAction


class Bot(Protocol):
    """A computer player: ``bot(view, rng) -> action``, the action one of ``view.legal``."""

    def __call__(self, view: AnyView, rng: random.Random) -> AnyAction: ...


T = TypeVar("T")

WHO_FR = {"bot": "le robot", "candidate": "le candidat", "reference": "la référence"}
"""The French words of the roles a bot plays (:class:`BotActionError`, :class:`BotCrashError`):
a session's ``bot``, the arena's ``candidate`` and ``reference``."""


def _who(role: str, seat: Seat, lang: Lang) -> str:
    """``the bot at North`` (in French ``le robot en Nord``)."""
    if lang == "fr":
        return f"{WHO_FR.get(role, role)} en {seat.name_fr}"
    return f"the {role} at {seat.name_en}"


@dataclass(frozen=True)
class Shown:
    """A bot's answer as a refusal names it, in English and in French: a text quoted as each
    language quotes it (``'hello'``, « hello »), a card as it is typed (``QH``), any other value
    as Python writes it; one whose text fails (a bot's own object) by its kind. Plain text, so
    that the refusal crosses from a worker process whatever the bot returned."""

    en: str
    fr: str

    @staticmethod
    def of(value: object) -> Shown:
        if isinstance(value, str):
            return Shown(repr(value), quoted_fr(value))
        if isinstance(value, Card):
            return Shown(value.text, value.text_in("fr"))
        try:
            text = repr(value)
        except Exception:  # (the bot's object: its repr is its own code)
            kind = type(value).__name__
            return Shown(f"a {kind} that cannot be shown", f"un objet {kind} qui ne peut être affiché")
        return Shown(text, text)


class BotActionError(ValueError):
    """A bot chose an action the game refuses (text that reads as no action, a card it does not
    hold, a call it may not make, a value that is no action at all): the ``role`` of the bot
    (the arena's ``candidate`` or ``reference``, a session's ``bot``), the ``seat`` it sat at,
    the ``action`` it chose and the game's ``reason`` (in French ``reason_fr``). It crosses from
    a worker process intact."""

    where: tuple[int, int] | None = None
    """The arena's deal and table (from 1) where it happened, once the arena has said it."""

    def __init__(self, role: str, seat: Seat, action: object, reason: str,
                 reason_fr: str | None = None) -> None:
        shown = action if isinstance(action, Shown) else Shown.of(action)
        super().__init__(role, seat, shown, reason, reason_fr)
        self.role, self.seat, self.action, self.reason = role, seat, shown, reason
        self.reason_fr = reason if reason_fr is None else reason_fr

    def in_lang(self, lang: Lang) -> str:
        """What happened, in ``lang``."""
        if lang == "fr":
            return (f"{_who(self.role, self.seat, lang)} a choisi {self.action.fr}, que le jeu"
                    " refuse :"
                    f" {self.reason_fr}")
        return (f"{_who(self.role, self.seat, lang)} chose {self.action.en}, which the game refuses:"
                f" {self.reason}")

    def __str__(self) -> str:
        return self.in_lang("en")


class BotCrashError(RuntimeError):
    """A bot raised an exception instead of choosing: the ``role`` of the bot, the ``seat`` it
    sat at, the exception in one line (``error``) and the traceback of the bot's own code
    (``trace``, text, so that it crosses from a worker process)."""

    where: tuple[int, int] | None = None
    """The arena's deal and table (from 1) where it happened, once the arena has said it."""

    def __init__(self, role: str, seat: Seat, error: str, trace: str) -> None:
        super().__init__(role, seat, error, trace)
        self.role, self.seat, self.error, self.trace = role, seat, error, trace

    def in_lang(self, lang: Lang) -> str:
        """What happened, in ``lang``."""
        said = "a levé" if lang == "fr" else "raised"
        return f"{_who(self.role, self.seat, lang)} {said} {self.error}"

    def __str__(self) -> str:
        return self.in_lang("en")


def bot_turn(bot: Bot, view: AnyView, rng: random.Random, apply: Callable[[Any], T], role: str,
             seat: Seat) -> tuple[T, float]:
    """Ask ``bot``, the ``role`` at ``seat``, for its action from ``view`` and ``rng``, and
    ``apply`` that answer as it is (the engine reads text, ``AS``, and refuses what is no
    action); what ``apply`` returns, and the seconds the bot took. A bot that raises is a
    :class:`BotCrashError` (with its own code's traceback, not the caller's frames), an answer
    ``apply`` refuses (a ``ValueError``) a :class:`BotActionError`: never an error from inside
    the engine."""
    t0 = time.perf_counter()
    try:
        # what a bot prints goes to stderr: the standard output is the command's (its --json);
        # in the main thread only (a command's), since the redirection is the whole process's and
        # the server's bots think in threads side by side
        main = threading.current_thread() is threading.main_thread()
        with contextlib.redirect_stdout(sys.stderr) if main else contextlib.nullcontext():
            answer = bot(view, rng)
    except (Exception, SystemExit) as exc:  # the bot's own bug (sys.exit too: it ended the command
        # with its own exit status and no word, and no record): its traceback, without the caller's frames
        tb = exc.__traceback__.tb_next if exc.__traceback__ is not None else None
        trace = "".join(traceback.format_exception(type(exc), exc, tb))
        error = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        raise BotCrashError(role, seat, error, trace) from None
    spent = time.perf_counter() - t0
    try:
        return apply(answer), spent
    except ValueError as exc:  # IllegalAction, ParseError: the bot's mistake, said as such
        fr = exc.fr if isinstance(exc, Refusal) else str(exc)
        raise BotActionError(role, seat, answer, str(exc), fr) from None
    except Exception:
        if isinstance(answer, str) or type(answer).__module__.startswith("whist."):
            raise  # an action of the game's own kinds: the game's error, not the bot's
        # an object of the bot's own whose comparison or text fails as the engine reads it
        raise BotActionError(role, seat, answer, "it is not an action (a card or a call)",
                             "ce n'est pas une action (une carte ou une annonce)") from None


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
