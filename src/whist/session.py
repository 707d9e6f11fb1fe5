"""A match at one table with computer players in some seats, driven one step at a time.

The terminal game and ``whist simulate`` drive a :class:`~whist.match.Match` through a
:class:`Session`: it owns the seeded random generators (one for the chance steps, one per bot),
asks each bot for its action from that seat's view alone, and reports every action taken as an
:class:`Event`. The rules stay in the engine: a session only relays ``legal_actions()`` and
``apply()``.

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
from collections.abc import Mapping
from dataclasses import dataclass

from whist.actions import Action, Call, IllegalAction
from whist.bots import Bot
from whist.cards import SEATS, Card, Seat
from whist.engine import ClassicDeal, View
from whist.match import Match
from whist.rules import Rules

__all__ = ["Event", "Session", "bot_rng"]


def bot_rng(seed: int, seat: Seat) -> random.Random:
    """The generator of the bot sitting at ``seat`` in a session seeded with ``seed``."""
    return random.Random(f"whist-bot:{seed}:{seat.name}")


@dataclass(frozen=True, slots=True)
class Event:
    """One action taken at the table.

    ``deal`` is the deal just after the action (finished if the action ended it);
    ``trick_winner`` is the seat that won the trick this action completed, if any;
    ``by`` says who chose the action: ``"bot"``, ``"human"`` or ``"forced"`` (the only legal
    action of a human seat, applied for him).
    """

    seat: Seat
    action: Action
    deal: ClassicDeal
    trick_winner: Seat | None
    by: str

    @property
    def ends_deal(self) -> bool:
        return self.deal.is_over


class Session:
    """A match at one table: ``bots`` sit at some seats, a human (or nobody) at the others.

    ``seed`` fixes the first dealer, every shuffle and every bot's choices.
    """

    def __init__(self, rules: Rules, bots: Mapping[Seat, Bot], seed: int) -> None:
        self.rules = rules
        self.bots = dict(bots)
        self.seed = seed
        self.rng = random.Random(seed)
        self.bot_rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
        self.match = Match.start(rules, self.rng)

    # ----- state ----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def needs_deal(self) -> bool:
        """No deal is in play and the match goes on: :meth:`start_deal` is next."""
        return self.match.needs_deal

    @property
    def to_act(self) -> Seat | None:
        return self.match.to_act

    @property
    def deal(self) -> ClassicDeal | None:
        """The deal in play, or else the last finished one (``None`` before the first deal)."""
        m = self.match
        if m.current is not None:
            return m.current
        return m.deals[-1] if m.deals else None

    def view(self, seat: Seat | None) -> View:
        return self.match.view(seat)

    def legal_actions(self) -> tuple[Action, ...]:
        return self.match.legal_actions()

    def forced_action(self) -> Action | None:
        """The action a human seat may be spared from typing: his only legal action when it is
        a call (the claim at eight, the answer to "can you one?") or his last card."""
        seat = self.to_act
        if seat is None or seat in self.bots or self.match.current is None:
            return None
        legal = self.legal_actions()
        if len(legal) != 1:
            return None
        only = legal[0]
        if isinstance(only, Call) or self.match.current.hands[seat].bit_count() == 1:
            return only
        return None

    # ----- steps ----------------------------------------------------------------------

    def start_deal(self) -> ClassicDeal:
        """The chance step: shuffle and deal the next deal."""
        self.match = self.match.deal(self.rng)
        deal = self.deal
        assert deal is not None
        return deal

    def step(self) -> Event | None:
        """Let the seat to act take its action if it is a bot's or a human's forced action;
        ``None`` when a human must choose or no deal is in play."""
        seat = self.to_act
        if seat is None:
            return None
        bot = self.bots.get(seat)
        if bot is not None:
            action = bot(self.match.view(seat), self.bot_rngs[seat])
            if not isinstance(action, Card | Call):
                raise IllegalAction(f"the bot at {seat.name_en} answered {action} in classic whist")
            return self._apply(seat, action, "bot")
        forced = self.forced_action()
        if forced is None:
            return None
        return self._apply(seat, forced, "forced")

    def play(self, action: Action | str) -> Event:
        """The human at ``to_act`` takes ``action`` (text is parsed). Raises
        :class:`~whist.actions.IllegalAction` or :class:`~whist.cards.ParseError`, both
        ``ValueError`` with a message for the player."""
        seat = self.to_act
        if seat is None:
            raise ValueError("nobody is to play now")
        return self._apply(seat, action, "human")

    def _apply(self, seat: Seat, action: Action | str, by: str) -> Event:
        before = self.match.current
        assert before is not None
        done = sum(before.tricks_won)
        self.match = self.match.apply(action, seat)
        deal = self.deal
        assert deal is not None
        winner = deal.leader if sum(deal.tricks_won) > done else None
        return Event(seat, deal.actions[-1][1], deal, winner, by)
