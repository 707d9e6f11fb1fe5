"""A session of colour whist at one table, with computer players in some seats, driven one step
at a time; and the statistics of a simulation of many sessions.

The terminal game and ``whist simulate --preset couleur|pagat`` drive a
:class:`~whist.couleur_match.ColourMatch` through a :class:`ColourSession`, as
:class:`~whist.session.Session` does for classic whist: it owns the seeded generators (one for
the chance steps, one per bot), asks each bot for its action from that seat's view alone and
reports every action taken as a :class:`ColourEvent`. The rules stay in the engine.

>>> from whist.bots import get_bot
>>> from whist.rules import preset, with_options
>>> s = ColourSession(with_options(preset("couleur"), {"deals": 2}),
...                   {seat: get_bot("random") for seat in SEATS}, seed=3)
>>> while not s.is_over:
...     _ = s.start_deal() if s.needs_deal else s.step()
>>> s.match.played, sum(s.match.totals)
(2, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from whist.auction import ColourCall
from whist.bots import Bot
from whist.cards import SEATS, Card, Seat
from whist.contracts import KINDS
from whist.couleur import CardCall, ColourAction, ColourDeal, ColourView, parse_colour_action
from whist.couleur_match import ColourMatch
from whist.rules import Rules
from whist.session import bot_rng

__all__ = ["FAMILIES", "ColourEvent", "ColourSession", "ColourStats", "made"]


@dataclass(frozen=True, slots=True)
class ColourEvent:
    """One action taken at the table.

    ``deal`` is the deal just after the action (finished if the action ended it, in which case
    the session has already counted it); ``trick_winner`` is the seat that won the trick this
    action completed, if any; ``by`` is ``"bot"``, ``"human"`` or ``"forced"`` (the only legal
    action of a human seat, applied for him).
    """

    seat: Seat
    action: ColourAction
    deal: ColourDeal
    trick_winner: Seat | None
    by: str

    @property
    def ends_deal(self) -> bool:
        return self.deal.is_over


class ColourSession:
    """A colour-whist session at one table: ``bots`` sit at some seats, a human (or nobody) at the
    others. ``seed`` fixes the first dealer, every shuffle and cut, and every bot's choices."""

    def __init__(self, rules: Rules, bots: Mapping[Seat, Bot], seed: int) -> None:
        self.rules = rules
        self.bots = dict(bots)
        self.seed = seed
        self.rng = random.Random(seed)
        self.bot_rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
        self.match = ColourMatch.start(rules, self.rng)

    # ----- state ----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def needs_deal(self) -> bool:
        return self.match.needs_deal

    @property
    def to_act(self) -> Seat | None:
        return self.match.to_act

    @property
    def deal(self) -> ColourDeal | None:
        """The deal in play, or else the last finished one (``None`` before the first deal)."""
        m = self.match
        if m.current is not None:
            return m.current
        return m.deals[-1] if m.deals else None

    def view(self, seat: Seat | None) -> ColourView:
        return self.match.view(seat)

    def legal_actions(self) -> tuple[ColourAction, ...]:
        return self.match.legal_actions()

    def forced_action(self) -> ColourAction | None:
        """The action a human seat is spared from typing: his only legal action when it is a
        call (the trou of three aces, a pass when nothing else is allowed) or his last card."""
        seat = self.to_act
        deal = self.match.current
        if seat is None or seat in self.bots or deal is None:
            return None
        legal = self.legal_actions()
        if len(legal) != 1:
            return None
        only = legal[0]
        if isinstance(only, ColourCall) or deal.hands[seat].bit_count() == 1:
            return only
        return None

    # ----- steps ------------------------------------------------------------------------------

    def start_deal(self) -> ColourDeal:
        """The chance step: shuffle (or gather and cut) and deal the next deal."""
        self.match = self.match.deal(self.rng)
        deal = self.deal
        assert deal is not None
        return deal

    def step(self) -> ColourEvent | None:
        """Let the seat to act take its action if it is a bot's or a human's forced action;
        ``None`` when a human must choose or no deal is in play."""
        seat = self.to_act
        if seat is None:
            return None
        bot = self.bots.get(seat)
        if bot is not None:
            action = bot(self.match.view(seat), self.bot_rngs[seat])
            if not isinstance(action, Card | ColourCall | CardCall):
                raise ValueError(f"the bot at {seat.name_en} answered {action} in colour whist")
            return self._apply(seat, action, "bot")
        forced = self.forced_action()
        if forced is None:
            return None
        return self._apply(seat, forced, "forced")

    def read(self, text: str) -> ColourAction:
        """The action the human at ``to_act`` means by ``text``. A bare card typed when the
        legal actions are ``show`` or ``discard`` of a card means that action."""
        action = parse_colour_action(text)
        if isinstance(action, Card):
            for a in self.legal_actions():
                if isinstance(a, CardCall) and a.card is action:
                    return a
        return action

    def play(self, action: ColourAction | str) -> ColourEvent:
        """The human at ``to_act`` takes ``action`` (text is read by :meth:`read`). Raises a
        ``ValueError`` (``IllegalAction`` or ``ParseError``) with a message for the player."""
        seat = self.to_act
        if seat is None:
            raise ValueError("nobody is to play now")
        return self._apply(seat, self.read(action) if isinstance(action, str) else action, "human")

    def _apply(self, seat: Seat, action: ColourAction, by: str) -> ColourEvent:
        before = self.match.current
        assert before is not None
        done = sum(before.tricks_won)
        self.match = self.match.apply(action, seat)
        deal = self.deal
        assert deal is not None
        winner = deal.leader if sum(deal.tricks_won) > done else None
        return ColourEvent(seat, deal.actions[-1][1], deal, winner, by)


# ----- statistics of a simulation --------------------------------------------------------------

FAMILIES: dict[str, str] = {
    "partnership": "partnership / emballage",
    "solo": "solo, abondance, chelem",
    "misere": "misères, piccolo",
    "trou": "trou",
    "all_pass": "all pass / misère par les dames",
}
"""The families of contracts of a summary (``Kind.family``), with their labels."""


def made(deal: ColourDeal) -> bool | None:
    """Whether the declarers made their contract, read off the engine's points: every declarer
    scored more than 0 (each of several misère declarers plays his own). ``None`` for a deal
    without declarers (passed out, the queens game)."""
    ip = deal.in_play
    if ip is None or not ip.declarers or not deal.is_over:
        return None
    pts = deal.points()
    return all(pts[s] > 0 for s in ip.declarers)


@dataclass
class ColourStats:
    """Counts over many finished colour deals: deals played, redeals, contracts by family and by
    kind with how often they were made, and each seat's total points."""

    sessions: int = 0
    played: int = 0
    redeals: int = 0
    doubled: int = 0
    early_stops: int = 0
    families: dict[str, list[int]] = field(default_factory=lambda: {f: [0, 0] for f in FAMILIES})
    kinds: dict[str, list[int]] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=lambda: {s.name: 0 for s in SEATS})

    def add_session(self, match: ColourMatch) -> None:
        self.sessions += 1
        self.add_deals(match.deals)

    def add_deals(self, deals: Iterable[ColourDeal]) -> None:
        for d in deals:
            if d.passed_out:
                self.redeals += 1
                continue
            ip = d.in_play
            assert ip is not None
            self.played += 1
            if d.multiplier > 1:
                self.doubled += 1
            if any(d.hands):
                self.early_stops += 1
            ok = made(d)
            fam = self.families[KINDS[ip.contract.kind].family]
            kind = self.kinds.setdefault(ip.contract.kind, [0, 0])
            fam[0] += 1
            kind[0] += 1
            if ok:
                fam[1] += 1
                kind[1] += 1
            for s, p in d.points().items():
                self.points[s.name] += p

    def to_dict(self) -> dict[str, Any]:
        return {
            "sessions": self.sessions,
            "deals": self.played,
            "redeals": self.redeals,
            "doubled": self.doubled,
            "stopped_early": self.early_stops,
            "families": {f: {"deals": n, "made": m} for f, (n, m) in self.families.items()},
            "contracts": {k: {"deals": n, "made": m} for k, (n, m) in sorted(self.kinds.items())},
            "points": dict(self.points),
        }
