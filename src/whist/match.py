"""A classic whist match: deals, games, rubbers and the settlement (RULES.md §2–4).

A :class:`Match` is an immutable value like a deal. Between deals it waits for the
chance step :meth:`Match.deal` (a seeded shuffle) and ``to_act`` is ``None``.

>>> import random
>>> rng = random.Random(7)
>>> m = Match.start(preset("classic"), rng)
>>> while not m.is_over:
...     m = m.deal(rng) if m.needs_deal else m.apply(m.legal_actions()[0])
>>> m.rubbers[0].winner in (Side.NS, Side.EW)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from whist.actions import Action, IllegalAction, require_game
from whist.cards import SEATS, Card, Deal, Seat, Side
from whist.engine import ClassicDeal
from whist.rules import Rules, preset
from whist.scoring import DealPoints, game_value, settlement
from whist.series import DealSeries

__all__ = ["GameResult", "Match", "RubberResult", "fold_deal", "games_in_rubber", "match_over", "preset",
           "rubber_totals"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game: its winner, the final score and the game points won."""

    rubber: int
    winner: Side
    score: tuple[int, int]
    game_points: int


@dataclass(frozen=True, slots=True)
class RubberResult:
    """A finished rubber: winner, game points per side, rubber points, totals."""

    winner: Side
    games: tuple[int, int]
    game_points: tuple[int, int]
    rubber_points: tuple[int, int]

    @property
    def totals(self) -> tuple[int, int]:
        return (self.game_points[0] + self.rubber_points[0],
                self.game_points[1] + self.rubber_points[1])


@dataclass(frozen=True, slots=True)
class Match(DealSeries):
    """A match of ``rules.rubbers`` rubbers. ``deals`` are the finished deals, ``current`` the
    deal in play (``None`` between deals), ``score`` the game score (NS, EW) before the
    next deal, ``games`` the finished games and ``rubbers`` the finished rubbers. ``needs_deal``,
    ``to_act``, ``legal_actions()`` and ``view()`` are those of :class:`~whist.series.DealSeries`."""

    rules: Rules
    first_dealer: Seat
    dealer: Seat
    deals: tuple[ClassicDeal, ...] = ()
    current: ClassicDeal | None = None
    score: tuple[int, int] = (0, 0)
    games: tuple[GameResult, ...] = ()
    rubbers: tuple[RubberResult, ...] = ()

    @staticmethod
    def start(rules: Rules, rng: random.Random) -> Match:
        """A new match; the first dealer is drawn by lot with ``rng`` (RULES.md §1, D20).
        ``rules`` must be those of classic whist."""
        require_game(rules, "classic")
        dealer = SEATS[rng.randrange(4)]
        return Match(rules, dealer, dealer)

    @property
    def is_over(self) -> bool:
        return match_over(self.rules, self.rubbers)

    def deal(self, rng: random.Random) -> Match:
        """The chance step: shuffle and deal the next deal."""
        hands, turned = ClassicDeal.deal_cards(self.dealer, rng)
        return self.deal_hands(hands, turned)

    def deal_hands(self, hands: Deal, trump_card: Card) -> Match:
        """Start the next deal with given hands (a replay, a set deal)."""
        if not self.needs_deal:
            if self.is_over:
                raise IllegalAction("the match is over", "la partie est terminée")
            raise IllegalAction("a deal is in play", "une donne est en cours")
        d = ClassicDeal.new(self.rules, self.dealer, hands, trump_card, self.score)
        return replace(self, current=d).settle()

    def apply(self, action: Action | str, seat: Seat | str | None = None) -> Match:
        if self.current is None:
            if self.is_over:
                raise IllegalAction("the match is over", "la partie est terminée")
            raise IllegalAction("no deal is in play: deal first", "aucune donne en cours : donnez d'abord")
        return replace(self, current=self.current.apply(action, seat)).settle()

    def settle(self) -> Match:
        """Fold a finished deal into the score, games and rubbers (a no-op while it is in play)."""
        d = self.current
        if d is None or not d.is_over:
            return self
        pts = d.points()
        return self._after_deal(d, pts)

    def _after_deal(self, d: ClassicDeal, pts: DealPoints) -> Match:
        score, games, rubbers = fold_deal(self.rules, self.score, self.games, self.rubbers, pts)
        return Match(self.rules, self.first_dealer, self.dealer.left, (*self.deals, d), None,
                     score, games, rubbers)

    # ----- the match's result ----------------------------------------------------------

    def totals(self) -> tuple[int, int]:
        """Each side's total over the finished rubbers: game points + rubber points
        (simple: 1 per rubber won)."""
        return rubber_totals(self.rubbers)

    def settlement(self) -> dict[str, float]:
        return settlement(self.rules, self.totals())

    def games_in_rubber(self) -> tuple[int, int]:
        """Games won by each side in the rubber in progress."""
        return games_in_rubber(self.games, len(self.rubbers))


def fold_deal(
    rules: Rules,
    score: tuple[int, int],
    games: tuple[GameResult, ...],
    rubbers: tuple[RubberResult, ...],
    pts: DealPoints,
) -> tuple[tuple[int, int], tuple[GameResult, ...], tuple[RubberResult, ...]]:
    """Fold one deal's points into the game score, the finished games and the finished rubbers
    (RULES.md §2–4): the game score after the deal, then, if ``pts`` won a game, that game with
    its game points (3 / 2 / 1 from the losers' score, none in simple whist), the score back to
    0–0, and the rubber closed once a side has won two games. :class:`Match` and the classic
    score sheet (:mod:`whist.classic_sheet`) both go through here.

    >>> from whist.scoring import called_points
    >>> fold_deal(preset("classic"), (8, 3), (), (), called_points(Side.NS))[:2]
    ((0, 0), (GameResult(rubber=0, winner=<Side.NS: 0>, score=(10, 3), game_points=2),))
    """
    total = pts.total
    score = (score[0] + total[0], score[1] + total[1])
    if pts.game_winner is None:
        return score, games, rubbers
    w = pts.game_winner
    gp = game_value(rules, score[w.other]) if rules.game_and_rubber_points else 0
    final = (min(score[0], rules.game_points), min(score[1], rules.game_points))
    games = (*games, GameResult(len(rubbers), w, final, gp))
    return (0, 0), games, _close_rubber(rules, rubbers, games)


def match_over(rules: Rules, rubbers: tuple[RubberResult, ...]) -> bool:
    """Whether a match of ``rules.rubbers`` rubbers is over once ``rubbers`` are finished."""
    return len(rubbers) >= rules.rubbers


def rubber_totals(rubbers: tuple[RubberResult, ...]) -> tuple[int, int]:
    """Each side's total over ``rubbers``: game points + rubber points (simple: 1 per rubber won)."""
    return (sum(r.totals[0] for r in rubbers), sum(r.totals[1] for r in rubbers))


def games_in_rubber(games: tuple[GameResult, ...], rubber: int) -> tuple[int, int]:
    """Games won by each side in rubber number ``rubber`` (from 0)."""
    g = [0, 0]
    for game in games:
        if game.rubber == rubber:
            g[game.winner] += 1
    return (g[0], g[1])


def _close_rubber(rules: Rules, rubbers: tuple[RubberResult, ...],
                  games: tuple[GameResult, ...]) -> tuple[RubberResult, ...]:
    n = len(rubbers)
    mine = [g for g in games if g.rubber == n]
    won = games_in_rubber(games, n)
    if max(won) < 2:
        return rubbers
    winner = Side.NS if won[0] == 2 else Side.EW
    if rules.game_and_rubber_points:
        gp = [sum(g.game_points for g in mine if g.winner is s) for s in Side]
        rp = [rules.rubber_bonus if s is winner else 0 for s in Side]
    else:
        gp = [0, 0]
        rp = [1 if s is winner else 0 for s in Side]
    return (*rubbers, RubberResult(winner, (won[0], won[1]), (gp[0], gp[1]), (rp[0], rp[1])))
