"""``pimc``: the strong computer player (perfect-information Monte Carlo on the solver).

For a card, it deals the cards it cannot see many times, consistently with its view
(:mod:`whist.bots.sampler`), weights each deal by what the auction said of the hands (and, with
``read_cards``, by the cards the others have played: :mod:`whist.bots.pimc_play`), solves each
deal double dummy with the contract's objective (:mod:`whist.solver`: the declaring team and goal
max, min for a misère, exact for a piccolo), turns each card's trick count into this seat's
**points** under the preset's scoring, and plays the card with the best weighted mean. In the
colour auction it weighs the calls worth considering the same way (:mod:`whist.bots.pimc_calls`).

Time: ``budget`` seconds per card (three times that per call). The work is counted in solver
nodes (``NODES_PER_SECOND`` of them per second of budget), so a decision is the same on every
machine for a given seed; a wall clock stops it at ``budget`` × 0.95 whatever happens (on a
machine much slower than this one, decisions then depend on its speed). Obvious decisions (one
legal card, all legal cards equivalent) take no search.

>>> import random
>>> from whist.engine import new_classic_deal
>>> d = new_classic_deal(seed=3)
>>> bot = PimcBot(budget=0.05)
>>> bot(d.view(d.to_act), random.Random(0)) in d.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Literal

from whist.bots import AnyAction, AnyView, heuristic_player
from whist.bots.pimc_play import PlayLikelihood, play_likelihood
from whist.bots.sampler import Constraints, SampleError, constraints
from whist.cards import Card, Seat, mask_of
from whist.contracts import Contract
from whist.couleur import ColourView
from whist.engine import View
from whist.solver import MAX, MIN, Goal, Position, Solver, exact
from whist.tables import score

__all__ = ["DEFAULT_BUDGET", "NODES_PER_SECOND", "Basis", "CardChoice", "Objective", "PimcBot",
           "card_objective"]

Basis = Literal["search", "only", "equivalent", "rule", "few"]
"""How a :class:`CardChoice` was made (see there)."""

DEFAULT_BUDGET = 1.0
"""Seconds per card (calls get ``CALL_FACTOR`` times as long)."""

CALL_FACTOR = 3.0

NODES_PER_SECOND = 4_000_000
"""Solver positions a second of budget pays for (this 2-core machine does about 9 million a
second with one thread; the rest is left for sampling, Python and a loaded machine)."""

WALL_MARGIN = 0.95
"""The wall-clock stop, as a multiple of the budget, counted from the start of the decision (the
rest of the budget is left for reading the last answer and returning)."""

MAX_SAMPLES = 200
"""No decision looks at more deals than this, however much time it has."""

PRIOR = 1.5
"""Trust in the heuristic player's card while few deals have been solved: its card gets a bonus
of ``PRIOR / (PRIOR + samples)`` half-tricks (in the seat's points), which fades as deals are
solved."""

READ_COST = 100
"""Nodes charged for each card of the others read to weigh a sampled deal
(:class:`whist.bots.pimc_play.PlayLikelihood`: 20 to 35 microseconds)."""

SAMPLE_COST = 1500
"""Nodes charged for the Python work of one sample (dealing it, weighing it, reading the answer),
so that the node count tracks the time spent."""

CANDIDATES = 4
"""Deals drawn per sample when the auction or the others' cards weigh them: the sample is one of
them, chosen in proportion to its weight (sampling-importance-resampling)."""

DRAW_COST = 450
"""Nodes charged for each deal drawn besides the sample (:data:`CANDIDATES`: about 110
microseconds each)."""


@dataclass(frozen=True, slots=True)
class Objective:
    """What the solver is asked (``team``, ``goal``) and what each answer is worth to the seat:
    ``worth(value)`` is the seat's points when the team takes ``value`` more tricks (goal max or
    min) or reaches its exact target (goal exact, value 1) or not (0)."""

    team: frozenset[Seat]
    goal: Goal
    worth: Callable[[int], float]


@dataclass(slots=True)
class CardChoice:
    """What the search found: each candidate's mean worth to the seat, over ``samples`` deals.

    ``basis`` says how ``best`` was chosen: ``"search"`` (the candidates were weighed, ``values``
    holds their worth), ``"only"`` (the single legal action), ``"equivalent"`` (every legal card
    does the same) or ``"rule"`` (the heuristic player's rule of thumb: a decision the search does
    not cover, or no deal solved within the budget, nothing weighed; or a call where the search
    would pass over the rule of thumb's bid, ``values`` then holding what it weighed) or ``"few"`` (the
    rule of thumb again: a call for which fewer deals were solved than it takes to judge, their
    number in ``samples`` and no ``values``)."""

    best: AnyAction
    values: dict[AnyAction, float] = field(default_factory=dict)
    samples: int = 0
    nodes: int = 0
    seconds: float = 0.0
    basis: Basis = "search"

    @property
    def searched(self) -> bool:
        """Whether the candidates were weighed (``values`` then holds their worth)."""
        return self.basis == "search"

    def ranked(self) -> list[tuple[AnyAction, float]]:
        """The candidates, best first."""
        return sorted(self.values.items(), key=lambda kv: -kv[1])


# ----- objectives ----------------------------------------------------------------------------------


def _classic_objective(view: View) -> Objective:
    seat = view.seat
    assert seat is not None
    side = seat.side
    team = frozenset(side.seats)
    won = sum(view.tricks_won[s] for s in team)
    per = view.rules.points_per_odd_trick

    def worth(v: int) -> float:
        ours = won + v
        return float(per * (max(0, ours - 6) - max(0, 7 - ours)))

    return Objective(team, MAX, worth)


def _colour_objective(view: ColourView) -> Objective | None:
    seat = view.seat
    c = view.contract
    assert seat is not None
    if c is None or (view.trump is None and c.kind == "trou") or c.kind == "dames":
        return None  # trou surprise before the fourth ace (each for himself), the queens game
    if view.trou is not None and view.trou[1] is None and c.kind == "trou":
        return None
    decl = tuple(view.declarers)
    if not decl:
        return None
    style = view.rules.style
    won = view.tricks_won
    need = view.needed if view.needed is not None else 0

    def points(tricks: dict[Seat, int]) -> float:
        over = sum(tricks.values()) - 13  # worth() is also asked of counts that cannot happen
        for d in decl:
            cut = min(max(0, over), tricks[d])
            tricks[d] -= cut
            over -= cut
        return float(score(style, c, decl, tricks, need if c.kind == "trou" else 8)[seat])

    if not c.info.is_misere:
        first = decl[0]
        team_won = sum(won[d] for d in decl)
        return Objective(frozenset(decl), MAX,
                         lambda v: points({first: team_won + v, **{d: 0 for d in decl[1:]}}))
    target = need
    if len(decl) == 1 or (seat in decl and c.kind not in ("piccolo", "piccolissimo")):
        # A misère (target 0), piccolo (1) or piccolissimo (2) of one player is made or not:
        # the solver's yes/no question "exactly the tricks still needed?" says which (and it is
        # far cheaper on a whole deal than counting the tricks a misère player can be forced to
        # take).
        d = seat if seat in decl else decl[0]
        base = {x: won[x] for x in decl}
        left = target - won[d]
        if left < 0:
            return None  # already broken: nothing left to play for
        return Objective(frozenset((d,)), exact(left),
                         lambda v: points({**base, d: target if v else target + 1}))
    if c.kind in ("piccolo", "piccolissimo"):
        return None  # a joint piccolo: each declarer needs his own trick, not a team count
    base = {x: won[x] for x in decl}

    def spread(v: int) -> float:  # defenders give the extra tricks to the cleanest declarers
        t = dict(base)
        for _ in range(v):
            d = min(decl, key=lambda x: (t[x], decl.index(x)))
            t[d] += 1
        return points(t)

    return Objective(frozenset(decl), MIN, spread)


def card_objective(view: AnyView) -> Objective | None:
    """The solver's question and the seat's points for each answer; ``None`` where the solver's
    model does not fit (the queens game, a hidden trou partner, a joint piccolo)."""
    if isinstance(view, ColourView):
        return _colour_objective(view)
    return _classic_objective(view)


# ----- soft facts: what the auction says of the hands ----------------------------------------------


def auction_weight(view: AnyView) -> Callable[[tuple[int, int, int, int]], float] | None:
    """A function giving the likelihood of a sampled deal from the calls made, or ``None``
    when the calls say nothing (classic whist)."""
    if not isinstance(view, ColourView):
        return None
    from whist.bots.pimc_calls import call_likelihood

    return call_likelihood(view)


class SoftWeight:
    """The likelihood of a sampled deal from what the calls and the others' cards so far say of
    the hands (the product of :func:`auction_weight`'s and
    :func:`whist.bots.pimc_play.play_likelihood`'s); :attr:`reads`, the others' cards read so
    far (the work it did)."""

    def __init__(self, calls: Callable[[tuple[int, int, int, int]], float] | None,
                 plays: PlayLikelihood | None) -> None:
        self.calls, self.plays = calls, plays

    @property
    def reads(self) -> int:
        return self.plays.reads if self.plays is not None else 0

    def __call__(self, hands: tuple[int, int, int, int]) -> float:
        w = self.calls(hands) if self.calls is not None else 1.0
        return w * self.plays(hands) if self.plays is not None and w > 0 else w


def soft_weight(view: AnyView, read_cards: bool = False) -> SoftWeight | None:
    """What the calls and, with ``read_cards``, the others' cards say of a sampled deal
    (:class:`SoftWeight`), or ``None`` when they say nothing."""
    calls = auction_weight(view)
    plays = play_likelihood(view) if read_cards else None
    return SoftWeight(calls, plays) if calls is not None or plays is not None else None


# ----- the search ----------------------------------------------------------------------------------


class Clock:
    """A decision's budget: solver nodes left (what decides, the same on every machine) and the
    wall-clock stop (each search is also given the time left, so that a slow or loaded machine
    never runs past it)."""

    def __init__(self, budget: float, margin: float = WALL_MARGIN) -> None:
        self.start = time.perf_counter()
        self.stop = self.start + budget * margin
        self.nodes_left = max(1, int(budget * NODES_PER_SECOND))

    def spent(self, nodes: int) -> None:
        self.nodes_left -= nodes

    def allowance(self) -> int:
        """Nodes the next search may visit."""
        return max(1, self.nodes_left)

    def seconds_left(self) -> float:
        """Time the next search may take (at least a millisecond)."""
        return max(0.001, self.stop - time.perf_counter())

    @property
    def over(self) -> bool:
        return self.nodes_left <= 0 or time.perf_counter() >= self.stop

    def seconds(self) -> float:
        return time.perf_counter() - self.start


def draw(cons: Constraints, rng: random.Random,
         weigh: Callable[[tuple[int, int, int, int]], float] | None) -> tuple[int, int, int, int]:
    """One deal of the unseen cards; with ``weigh``, one of ``CANDIDATES`` deals chosen in
    proportion to its weight."""
    if weigh is None:
        return cons.sample(rng)
    deals = [cons.sample(rng) for _ in range(CANDIDATES)]
    weights = [weigh(d) for d in deals]
    total = sum(weights)
    if total <= 0:
        return deals[0]
    r = rng.random() * total
    for d, w in zip(deals, weights, strict=True):
        r -= w
        if r < 0:
            return d
    return deals[-1]


def _equivalent(cards: Sequence[Card], view: AnyView) -> bool:
    """Whether all ``cards`` are one suit and touch once the cards of finished tricks are left out
    (so any of them does the same). A card on the table still parts them: the queen and the jack
    overtake a partner's ten, the nine does not (the ten counted as gone, and pimc played the rule
    of thumb's nine where overtaking unblocked the suit)."""
    suit = cards[0].suit
    if any(c.suit is not suit for c in cards):
        return False
    on_table = {c for _, c in view.trick}
    gone = mask_of(c for _, c in view.played_cards() if c not in on_table)
    ranks = sorted(c.rank for c in cards)
    for lo, hi in pairwise(ranks):
        for r in range(lo + 1, hi):
            if not gone & (1 << (13 * suit + r - 2)):
                return False
    return True


class PimcBot:
    """The ``pimc`` player: ``PimcBot(budget)(view, rng)`` returns one of ``view.legal``."""

    def __init__(self, budget: float = DEFAULT_BUDGET, memory_mb: int = 16,
                 wall_margin: float = WALL_MARGIN, read_cards: bool = False) -> None:
        if not budget > 0 or math.isinf(budget):
            raise ValueError(f"the budget must be a positive number of seconds, not {budget!r}")
        if not wall_margin > 0 or math.isinf(wall_margin):
            # (0 or less stopped every search at once: the bot played by its rules of thumb alone)
            raise ValueError(f"the wall margin (the wall-clock stop, x budget) must be a positive"
                             f" number, not {wall_margin!r}")
        self.budget = budget
        self.wall_margin = wall_margin
        self.memory_mb = memory_mb
        self.read_cards = read_cards
        """Whether the samples are weighed by the others' cards too (:mod:`whist.bots.pimc_play`;
        off: no gain measured, docs/pimc.md)."""
        self._solver: Solver | None = None

    @property
    def solver(self) -> Solver:
        if self._solver is None:
            self._solver = Solver(self.memory_mb)
        return self._solver

    def __call__(self, view: AnyView, rng: random.Random) -> AnyAction:
        legal = view.legal
        if not legal:
            raise ValueError("this seat has nothing to do now")
        if len(legal) == 1:
            return legal[0]
        if isinstance(view, ColourView) and view.phase == "auction":
            from whist.bots.pimc_calls import choose_call

            return choose_call(self, view, rng).best
        cards = [a for a in legal if isinstance(a, Card)]
        if len(cards) != len(legal):
            return heuristic_player(view, rng)  # calls at eight, shown card, discards
        return self.choose_card(view, rng).best

    def advise(self, view: AnyView, rng: random.Random, budget: float | None = None) -> CardChoice:
        """What this player would do in ``view``, with the expected points of the best
        alternatives where it searched (a hint for a human player)."""
        legal = view.legal
        if not legal:
            raise ValueError("this seat has nothing to do now")
        if isinstance(view, ColourView) and view.phase == "auction" and len(legal) > 1:
            from whist.bots.pimc_calls import choose_call

            return choose_call(self, view, rng, budget)
        if len(legal) > 1 and all(isinstance(a, Card) for a in legal):
            return self.choose_card(view, rng, budget)
        return CardChoice(self(view, rng), basis="only" if len(legal) == 1 else "rule")

    def choose_card(self, view: AnyView, rng: random.Random, budget: float | None = None) -> CardChoice:
        """The card to play, with the mean worth of every legal card."""
        clock = Clock(self.budget if budget is None else budget, self.wall_margin)
        cards = [a for a in view.legal if isinstance(a, Card)]
        fallback = heuristic_player(view, random.Random(rng.random()))
        assert isinstance(fallback, Card)
        objective = card_objective(view)
        if len(cards) == 1:
            return CardChoice(fallback, basis="only")
        if _equivalent(cards, view):
            return CardChoice(fallback, basis="equivalent")
        if objective is None:
            return CardChoice(fallback, basis="rule")
        cons = constraints(view)
        weigh = soft_weight(view, self.read_cards)
        if weigh is not None and weigh.plays is not None:
            clock.spent(READ_COST * weigh.plays.choices)  # building the readings: ~20 us each
        trick = view.trick
        leader = trick[0][0] if trick else view.to_act
        assert leader is not None
        played = tuple(c for _, c in trick)
        totals = dict.fromkeys(cards, 0.0)
        solver = self.solver
        solver.clear()
        cap, floor = count_cap(objective), count_floor(objective)
        samples = nodes = read = 0
        while samples < MAX_SAMPLES and not clock.over:
            try:
                hands = draw(cons, rng, weigh)
            except SampleError:
                break
            pos = Position(hands, view.trump, leader, played)
            try:
                sol = solver.solve(pos, objective.team, objective.goal, cap=cap, floor=floor,
                                    max_nodes=clock.allowance(), max_seconds=clock.seconds_left())
            except TimeoutError:
                nodes += solver.nodes
                break
            reads = weigh.reads if weigh is not None else 0
            extra = DRAW_COST * (CANDIDATES - 1) if weigh is not None else 0
            clock.spent(sol.nodes + SAMPLE_COST + extra + READ_COST * (reads - read))
            read = reads
            nodes += sol.nodes
            samples += 1
            for c in cards:
                totals[c] += objective.worth(int(sol.cards[c]))
        if not samples:
            return CardChoice(fallback, nodes=nodes, seconds=clock.seconds(), basis="rule")
        values: dict[AnyAction, float] = {c: totals[c] / samples for c in cards}
        # the heuristic player's card chosen where it is within the bonus of the best; the
        # values stay the deals' means (a hint shows them: no more than the contract can score)
        bonus = 0.5 * _trick_worth(objective) * PRIOR / (PRIOR + samples)
        top = max(values.values())
        best = (fallback if values[fallback] + bonus >= top - 1e-9 else
                max(cards, key=lambda c: values[c]))
        return CardChoice(best, values, samples, nodes, clock.seconds())


def count_cap(objective: Objective) -> int | None:
    """The fewest tricks from which the seat's points stop changing, when fewer than 13: the
    solver then counts up to that many only (``cap``), far quicker when it is small. Two misère
    declarers counted together have both failed once each has taken a trick: their defenders
    count up to 2 at most. ``None`` for an exact goal, or when every trick counts."""
    if objective.goal.kind == "exact":
        return None
    top = objective.worth(13)
    c = 13
    while c > 0 and objective.worth(c - 1) == top:
        c -= 1
    return c if c < 13 else None


def count_floor(objective: Objective) -> int | None:
    """The most tricks up to which the seat's points do not change yet, when below the cap: the
    solver then counts from that many only (``floor``). A contract whose failure costs the same
    however many tricks it misses by (a `couleur` abondance or chelem, a solo 8) is counted
    from one trick short of it: one test a card, "is it made?", where the whole count can take
    seconds. ``None`` for an exact goal, or when the first trick already counts."""
    if objective.goal.kind == "exact":
        return None
    cap = count_cap(objective)
    top = 13 if cap is None else cap
    low = objective.worth(0)
    f = 0
    while f + 1 < top and objective.worth(f + 1) == low:
        f += 1
    return f or None


def _trick_worth(objective: Objective) -> float:
    """What one trick (or reaching the target) is worth to the seat, on average."""
    if objective.goal.kind == "exact":
        return abs(objective.worth(1) - objective.worth(0))
    steps = [abs(objective.worth(v + 1) - objective.worth(v)) for v in range(13)]
    moving = [x for x in steps if x]
    return sum(moving) / len(moving) if moving else 0.0


def contract_points(view: ColourView, contract: Contract, declarers: Sequence[Seat],
                    tricks: int, need: int) -> float:
    """The seat's points if ``declarers`` play ``contract`` and take ``tricks`` in all."""
    assert view.seat is not None
    first = declarers[0]
    t = {first: tricks, **{d: 0 for d in declarers[1:]}}
    return float(score(view.rules.style, contract, declarers, t, need)[view.seat])
