"""A match at one table with computer players in some seats, driven one step at a time.

The terminal game and ``whist simulate`` drive a :class:`~whist.match.Match` through a
:class:`Session` (and a colour-whist :class:`~whist.couleur_match.ColourMatch` through a
:class:`~whist.colour_session.ColourSession`): it owns the seeded random generators (one for the
chance steps, one per bot), asks each bot for its action from that seat's view alone, and reports
every action taken as an :class:`Event`. The rules stay in the engine: a session only relays
``legal_actions()`` and ``apply()``. What both games' sessions do alike is :class:`TableSession`;
each game's session only names its match and its actions.

The cards depend only on the seed: the generator that shuffles is used for nothing else, so the
same seed deals the same hands whatever the players do.

>>> from whist.bots import get_bot
>>> from whist.rules import preset
>>> s = Session(preset("short"), {seat: get_bot("random") for seat in SEATS}, seed=3)
>>> while not s.is_over:
...     _ = s.start_deal() if s.needs_deal else s.step()
>>> len(s.match.rubbers)
1
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from whist.actions import Action, Call, IllegalAction, parse_action
from whist.bots import AnyView, Bot, bot_turn
from whist.cards import SEATS, Card, Deal, Lang, Seat
from whist.engine import ClassicDeal, View
from whist.match import Match
from whist.rules import Rules

__all__ = ["DealLike", "Event", "MatchLike", "Session", "TableEvent", "TableSession", "bot_rng"]


def bot_rng(seed: int, seat: Seat) -> random.Random:
    """The generator of the bot sitting at ``seat`` in a session seeded with ``seed``."""
    return random.Random(f"whist-bot:{seed}:{seat.name}")


class DealLike(Protocol):
    """What a session reads of a deal of either game."""

    @property
    def hands(self) -> Deal: ...

    @property
    def leader(self) -> Seat: ...

    @property
    def tricks_won(self) -> tuple[int, int, int, int]: ...

    @property
    def actions(self) -> Sequence[tuple[Seat, object]]: ...

    @property
    def is_over(self) -> bool: ...


M = TypeVar("M")
D = TypeVar("D", bound=DealLike)
A = TypeVar("A")
V = TypeVar("V", bound=AnyView)
M_co = TypeVar("M_co", covariant=True)
D_co = TypeVar("D_co", covariant=True)
V_co = TypeVar("V_co", covariant=True)


class MatchLike(Protocol[M_co, D_co, A, V_co]):
    """What a session asks of its match (``M_co``: the match's own type, which ``deal`` and
    ``apply`` return), with deals ``D_co``, actions ``A`` and views ``V_co``."""

    @property
    def is_over(self) -> bool: ...

    @property
    def needs_deal(self) -> bool: ...

    @property
    def to_act(self) -> Seat | None: ...

    @property
    def current(self) -> D_co | None: ...

    @property
    def last_deal(self) -> D_co | None: ...

    def view(self, seat: Seat | None) -> V_co: ...

    def legal_actions(self) -> tuple[A, ...]: ...

    def deal(self, rng: random.Random) -> M_co: ...

    def apply(self, action: A | str, seat: Seat | None = None) -> M_co: ...


@dataclass(frozen=True, slots=True)
class TableEvent(Generic[A, D]):
    """One action taken at the table.

    ``deal`` is the deal just after the action (finished if the action ended it, in which case
    the match has already counted it); ``trick_winner`` is the seat that won the trick this
    action completed, if any; ``by`` says who chose the action: ``"bot"``, ``"human"`` or
    ``"forced"`` (the only legal action of a human seat, applied for him).
    """

    seat: Seat
    action: A
    deal: D
    trick_winner: Seat | None
    by: str

    @property
    def ends_deal(self) -> bool:
        return self.deal.is_over


class TableSession(ABC, Generic[M, D, A, V]):
    """A match ``M`` at one table: ``bots`` sit at some seats, a human (or nobody) at the others.

    ``seed`` fixes the first dealer, every shuffle (and cut) and every bot's choices. A game's
    session says how its match starts (:meth:`_start`), gives its match as a :class:`MatchLike`
    (:meth:`_table`, which lets the type checker tie ``M`` to its deals, actions and views), and
    tells its own actions (:meth:`_action`) and calls (:meth:`_is_call`).
    """

    def __init__(self, rules: Rules, bots: Mapping[Seat, Bot], seed: int) -> None:
        self.rules = rules
        self.bots = dict(bots)
        self.seed = seed
        self.rng = random.Random(seed)
        self.bot_rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
        self.match: M = self._start(rules, self.rng)

    # ----- what each game says ----------------------------------------------------------

    @abstractmethod
    def _start(self, rules: Rules, rng: random.Random) -> M:
        """A new match; the first dealer is drawn with ``rng``."""

    @abstractmethod
    def _table(self) -> MatchLike[M, D, A, V]:
        """``self.match``, as a match of this game's deals, actions and views."""

    @abstractmethod
    def _action(self, value: object) -> A | None:
        """``value`` if it is an action of this game, else ``None``."""

    @abstractmethod
    def _is_call(self, action: A) -> bool:
        """Whether ``action`` is a call: a human seat's only legal call is applied for him."""

    @abstractmethod
    def _read(self, action: A | str, lang: Lang) -> A | str:
        """What the human means by ``action``, cards typed in ``lang``."""

    # ----- state ----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._table().is_over

    @property
    def needs_deal(self) -> bool:
        """No deal is in play and the match goes on: :meth:`start_deal` is next."""
        return self._table().needs_deal

    @property
    def to_act(self) -> Seat | None:
        return self._table().to_act

    @property
    def deal(self) -> D | None:
        """The deal in play, or else the last finished one (``None`` before the first deal)."""
        return self._table().last_deal

    def view(self, seat: Seat | None) -> V:
        return self._table().view(seat)

    def legal_actions(self) -> tuple[A, ...]:
        return self._table().legal_actions()

    def forced_action(self) -> A | None:
        """The action a human seat may be spared from typing: his only legal action when it is
        a call (classic whist: the claim at eight, the answer to "can you one?"; colour whist:
        the trou of three aces, a pass when nothing else is allowed) or his last card."""
        seat = self.to_act
        deal = self._table().current
        if seat is None or seat in self.bots or deal is None:
            return None
        legal = self.legal_actions()
        if len(legal) != 1:
            return None
        only = legal[0]
        if self._is_call(only) or deal.hands[seat].bit_count() == 1:
            return only
        return None

    # ----- steps ----------------------------------------------------------------------

    def start_deal(self) -> D:
        """The chance step: shuffle (colour whist: or gather and cut) and deal the next deal."""
        self.match = self._table().deal(self.rng)
        deal = self.deal
        assert deal is not None
        return deal

    def step(self) -> TableEvent[A, D] | None:
        """Let the seat to act take its action if it is a bot's or a human's forced action;
        ``None`` when a human must choose or no deal is in play. A bot may answer in text
        (``AS``); one whose answer the game refuses is a :class:`~whist.bots.BotActionError`, one
        that raises a :class:`~whist.bots.BotCrashError` (the match unchanged in both cases)."""
        seat = self.to_act
        if seat is None:
            return None
        bot = self.bots.get(seat)
        if bot is not None:
            # the answer as the bot gave it: the engine reads text and refuses what is not an
            # action of its game, which bot_turn says as the bot's mistake (BotActionError)
            event, _ = bot_turn(bot, self.view(seat), self.bot_rngs[seat],
                                lambda answer: self._apply(seat, answer, "bot"), "bot", seat)
            return event
        forced = self.forced_action()
        if forced is None:
            return None
        return self._apply(seat, forced, "forced")

    def play(self, action: A | str, lang: Lang = "en") -> TableEvent[A, D]:
        """The human at ``to_act`` takes ``action`` (text is parsed; colour whist reads the
        cards in it in ``lang``: in French ``RC`` is the king of hearts). Raises
        :class:`~whist.actions.IllegalAction` or :class:`~whist.cards.ParseError`, both
        ``ValueError`` with a message for the player."""
        seat = self.to_act
        if seat is None:
            raise IllegalAction("nobody is to play now", "ce n'est le tour de personne maintenant")
        return self._apply(seat, self._read(action, lang), "human")

    def _apply(self, seat: Seat, action: A | str, by: str) -> TableEvent[A, D]:
        table = self._table()
        before = table.current
        assert before is not None
        done = sum(before.tricks_won)
        self.match = table.apply(action, seat)
        deal = self.deal
        assert deal is not None
        winner = deal.leader if sum(deal.tricks_won) > done else None
        taken = self._action(deal.actions[-1][1])
        assert taken is not None
        return TableEvent(seat, taken, deal, winner, by)


# ----- classic whist -----------------------------------------------------------------------

Event = TableEvent[Action, ClassicDeal]
"""One action taken at a table of classic whist."""


class Session(TableSession[Match, ClassicDeal, Action, View]):
    """A match of classic whist at one table: ``bots`` sit at some seats, a human (or nobody) at
    the others. ``seed`` fixes the first dealer, every shuffle and every bot's choices."""

    def _start(self, rules: Rules, rng: random.Random) -> Match:
        return Match.start(rules, rng)

    def _table(self) -> MatchLike[Match, ClassicDeal, Action, View]:
        return self.match

    def _action(self, value: object) -> Action | None:
        return value if isinstance(value, Card | Call) else None

    def _is_call(self, action: Action) -> bool:
        return isinstance(action, Call)

    def _read(self, action: Action | str, lang: Lang) -> Action | str:
        return parse_action(action, lang) if isinstance(action, str) else action
