"""Scoring of classic whist (RULES.md §2–4): deals, games, rubbers and the settlement.

Pure functions of numbers; the engine calls them, and so do the score sheet and tests.

>>> from whist.rules import preset
>>> deal_points(preset("classic"), (0, 0), (9, 4), (3, 1))
DealPoints(tricks=(3, 0), honours=(2, 0), game_winner=None)
>>> game_value(preset("classic"), 4)
2
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from whist.cards import Side
from whist.rules import Rules


@dataclass(frozen=True, slots=True)
class DealPoints:
    """Points scored by each side (NS, EW) on one deal, and the side that won the game by them."""

    tricks: tuple[int, int]
    honours: tuple[int, int]
    game_winner: Side | None

    @property
    def total(self) -> tuple[int, int]:
        return (self.tricks[0] + self.honours[0], self.tricks[1] + self.honours[1])


def start_score_fault(rules: Rules, score: tuple[int, int]) -> tuple[str, str, str] | None:
    """Why ``score`` (NS, EW) is no game score a deal may start from, else ``None``: the first
    side out of range and the reason in English and French. Each side's score runs from 0 to one
    less than a game (a game won ends the deal's game); the engine and the records both check it."""
    for side, points in zip(("NS", "EW"), score, strict=True):
        if not 0 <= points < rules.game_points:
            top = rules.game_points - 1
            games = rules.game_points
            return (side, f"a game score from 0 to {top} is expected (games of {games}), not {points}",
                    f"il faut des points de manche de 0 à {top} (manches de {games}), pas {points}")
    return None


def honour_points(count: int) -> int:
    """Honours held by one side: 4 score 4, 3 score 2, fewer nothing (RULES.md §2, D1)."""
    return 4 if count == 4 else 2 if count == 3 else 0


def deal_points(
    rules: Rules,
    start: tuple[int, int],
    tricks: tuple[int, int],
    honours: tuple[int, int],
) -> DealPoints:
    """Points of a deal played out: ``start`` is the game score before it, ``tricks`` and
    ``honours`` (honours held, 0–4) per side.

    Tricks are scored before honours (D17): if the trick points take their side to game,
    no honours are scored on the deal; otherwise honours count, except for a side barred by
    ``no_honours_at_nine``. A side that reaches ``game_points`` wins the game.
    """
    trick_pts = [max(0, t - 6) * rules.points_per_odd_trick for t in tricks]
    honour_pts = [0, 0]
    winner: Side | None = None
    for side in Side:
        if trick_pts[side] and start[side] + trick_pts[side] >= rules.game_points:
            winner = side
    if winner is None and rules.honours:
        for side in Side:
            barred = rules.no_honours_at_nine and start[side] == rules.game_points - 1
            if not barred:
                honour_pts[side] = honour_points(honours[side])
                if honour_pts[side] and start[side] + trick_pts[side] + honour_pts[side] >= rules.game_points:
                    winner = side
    return DealPoints((trick_pts[0], trick_pts[1]), (honour_pts[0], honour_pts[1]), winner)


def may_call_at_eight(rules: Rules, start: tuple[int, int], side: Side) -> bool:
    """Calling at eight applies to ``side`` on a deal that starts at the game score ``start``:
    the rules call (option ``call_at_eight``), honours are scored (the call claims their 2 points)
    and the side has exactly ``game_points`` − 2 (RULES.md §2, D19)."""
    return rules.call_at_eight and rules.honours and start[side] == rules.game_points - 2


def called_points(side: Side) -> DealPoints:
    """A game won by calling at eight (D19): the side scores 2 for honours and nothing else counts."""
    h = (2, 0) if side is Side.NS else (0, 2)
    return DealPoints((0, 0), h, side)


def game_value(rules: Rules, losers: int) -> int:
    """Game points of the winner of a game, from the losers' points at its end (3 / 2 / 1)."""
    if losers <= 0:
        return 3
    return 1 if losers >= rules.single_game_from else 2


def settlement(rules: Rules, totals: tuple[float, float]) -> dict[str, float]:
    """Money each seat receives (negative: pays) at the end: each player of the winning side is
    paid by the player on his left the difference times the stake (RULES.md §2)."""
    diff = totals[0] - totals[1]
    # the product of the numbers as written (0.1 × 7 is 0.7, not 0.70000001), and never rounded:
    # at 1/8 a point, 1 point pays 0.125 (rounded to hundredths, 3 points paid 0.38 and 1 paid 0.12)
    pay = float(Decimal(repr(abs(diff))) * Decimal(repr(rules.stake)))
    out = {"N": 0.0, "E": 0.0, "S": 0.0, "W": 0.0}
    if diff == 0 or pay == 0:
        return out
    winners = ("N", "S") if diff > 0 else ("E", "W")
    left = {"N": "E", "E": "S", "S": "W", "W": "N"}
    for w in winners:
        out[w] += pay
        out[left[w]] -= pay
    return out
