"""A session of colour whist at one table, with computer players in some seats, driven one step
at a time; and the statistics of a simulation of many sessions.

The terminal game and ``whist simulate --preset couleur|pagat`` drive a
:class:`~whist.couleur_match.ColourMatch` through a :class:`ColourSession`, as
:class:`~whist.session.Session` does for classic whist (both are a
:class:`~whist.session.TableSession`): it owns the seeded generators (one for the chance steps,
one per bot), asks each bot for its action from that seat's view alone and reports every action
taken as a :class:`ColourEvent`. The rules stay in the engine; a human's text is read by
:meth:`ColourSession.read`.

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
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from whist.auction import ColourCall, contract_levels
from whist.cards import SEATS, Card, Lang
from whist.contracts import KINDS
from whist.couleur import CardCall, ColourAction, ColourDeal, ColourView, parse_colour_action
from whist.couleur_match import ColourMatch
from whist.rules import Rules
from whist.session import MatchLike, TableEvent, TableSession

__all__ = ["FAMILIES", "REDEALT", "ColourEvent", "ColourSession", "ColourStats", "family_label", "made"]


ColourEvent = TableEvent[ColourAction, ColourDeal]
"""One action taken at a table of colour whist."""


class ColourSession(TableSession[ColourMatch, ColourDeal, ColourAction, ColourView]):
    """A colour-whist session at one table: ``bots`` sit at some seats, a human (or nobody) at the
    others. ``seed`` fixes the first dealer, every shuffle and cut, and every bot's choices."""

    def _start(self, rules: Rules, rng: random.Random) -> ColourMatch:
        return ColourMatch.start(rules, rng)

    def _table(self) -> MatchLike[ColourMatch, ColourDeal, ColourAction, ColourView]:
        return self.match

    def _action(self, value: object) -> ColourAction | None:
        return value if isinstance(value, Card | ColourCall | CardCall) else None

    def _is_call(self, action: ColourAction) -> bool:
        return isinstance(action, ColourCall)

    def _read(self, action: ColourAction | str, lang: Lang) -> ColourAction | str:
        return self.read(action, lang) if isinstance(action, str) else action

    def read(self, text: str, lang: Lang = "en") -> ColourAction:
        """The action the human at ``to_act`` means by ``text``, cards typed in ``lang`` (in
        French ``RC``, ``10K``, ``montre 7C`` too). A bare card typed when the legal actions are
        ``show`` or ``discard`` of a card means that action; once the auction is over, text that
        is no action is refused as not a card (a card is what is asked)."""
        deal = self.deal
        card_wanted = deal is not None and deal.phase not in ("trou", "auction")
        action = parse_colour_action(text, contract_levels(self.rules), card_wanted, lang)
        if isinstance(action, Card):
            for a in self.legal_actions():
                if isinstance(a, CardCall) and a.card is action:
                    return a
        return action


# ----- statistics of a simulation --------------------------------------------------------------

FAMILIES: dict[str, tuple[str, str]] = {
    "partnership": ("partnership", "emballage"),
    "solo": ("solo, abondance, slam", "solo, abondance, chelem"),
    "misere": ("misères, piccolo", "misères, piccolo"),
    "trou": ("trou", "trou"),
    "all_pass": ("queens game (all passed)", "misère par les dames (tous ont passé)"),
}
"""The families of contracts of a summary (``Kind.family``), with their labels in English and
French."""
REDEALT = ("all passed (redealt)", "tous ont passé (redonnée)")
"""The label of family ``all_pass`` where a deal all passed is dealt again (``all_pass`` redeal or
redeal_double, RULES.md §5.8): no queens game is played."""


def family_label(key: str, rules: Rules) -> tuple[str, str]:
    """The label of contract family ``key`` under ``rules``, in English and French.

    >>> from whist.rules import preset, with_options
    >>> family_label("all_pass", preset("couleur"))[0], family_label("all_pass", with_options(
    ...     preset("couleur"), {"all_pass": "dames"}))[0]
    ('all passed (redealt)', 'queens game (all passed)')
    """
    return REDEALT if key == "all_pass" and rules.all_pass != "dames" else FAMILIES[key]


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
