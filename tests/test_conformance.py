"""Conformance: thousands of random deals through the public protocol (issue #2 items 3, 5, 9;
DESIGN.md "The engine protocol", after OpenSpiel's conformance tests).

Every preset plays at least 2,000 random deals (uniformly random legal actions, random dealer
and start score), plus a few hundred with ``must_trump``, with ``no_honours_at_nine``, and with
start scores at 8 so that claims, asks and answers happen. At every step:

- ``legal_actions()`` is never empty before the end, is in its fixed order (calls first, then
  cards suit by suit S H D C, high to low) and obeys RULES.md §1 (follow suit, else any card, or a
  trump with ``must_trump``);
- 52 cards are conserved (hands plus played cards are the 52, each once);
- the chosen legal action is accepted; a card or call outside ``legal_actions()`` is refused with
  ``IllegalAction``; acting for another seat raises ``NotYourTurn``.

On one deal in ``FULL_EVERY`` every step is also checked through the views of the four seats and
the spectator (on the other deals, at a few random steps): no seat's view shows a card of another
seat's current hand except the turned trump card and shown cards (``View.visible_cards``), the
spectator's view shows no hand, every view agrees on the public facts, and every legal action is
accepted. At the end of each deal: 13 tricks (unless a call at eight ended it), points never
negative, and replaying its record (``record.deal_record`` → JSON → ``record.replay``) gives the
identical state (all five views) and score. Whole matches are played with ``Match`` and replayed
from their ``match_record`` to identical results.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest

from whist.actions import ASK, NO, YES, Action, Call, IllegalAction, NotYourTurn
from whist.cards import CARDS, SEATS, Card, Seat, Side, mask_of
from whist.engine import ClassicDeal
from whist.match import Match
from whist.record import deal_record, match_record, replay
from whist.rules import Rules, preset, with_options

ALL = (1 << 52) - 1
FULL_EVERY = 6
"""One deal in this many is checked through all five views at every step."""

DEALS_PER_PRESET = 2000


def rules_of(name: str, **options: Any) -> Rules:
    return with_options(preset(name), options)


def order_key(action: Action) -> tuple[int, int, int]:
    if isinstance(action, Call):
        return (0, Call.KINDS.index(action.kind), 0)
    return (1, int(action.suit), -action.rank)


def random_start(rules: Rules, rng: random.Random, at_eight: bool) -> tuple[int, int]:
    g = rules.game_points
    if not at_eight:
        return (rng.randrange(g), rng.randrange(g))
    eight = g - 2
    return rng.choice([(eight, rng.randrange(g)), (rng.randrange(g), eight), (eight, eight)])


def refused(deal: ClassicDeal, action: Action, seat: Seat | None = None,
            error: type[IllegalAction] = IllegalAction) -> None:
    """``deal.apply(action, seat)`` must raise ``error`` (a plain try: pytest.raises is slow here)."""
    try:
        deal.apply(action, seat)
    except error:
        return
    who = seat if seat is not None else deal.to_act
    raise AssertionError(f"{action} was accepted for {who}; legal: {deal.legal_actions()}")


class Checker:
    """Plays random deals and checks the protocol's invariants; counts what happened."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.seen: Counter[str] = Counter()

    # ----- one step -----------------------------------------------------------------------

    def check_legal(self, deal: ClassicDeal, legal: tuple[Action, ...]) -> None:
        seat = deal.to_act
        assert seat is not None
        assert legal, "legal_actions() is empty before the end"
        assert list(legal) == sorted(legal, key=order_key), "legal_actions() out of order"
        assert len(set(legal)) == len(legal)
        cards = [a for a in legal if isinstance(a, Card)]
        calls = [a for a in legal if isinstance(a, Call)]
        if calls and calls[0].kind in ("claim", "yes", "no"):
            assert len(legal) == 1, "a claim or an answer is the only legal action"
            return
        hand = deal.hands[seat]
        allowed = hand
        if deal.trick:
            led = deal.trick[0].suit
            if hand & led.mask:
                allowed = hand & led.mask
            elif self.rules.must_trump and hand & deal.trump.mask:
                allowed = hand & deal.trump.mask
        assert mask_of(cards) == allowed, "legal cards break RULES.md §1 (follow suit / D18)"
        side_asked = any(isinstance(a, Call) and s.side is seat.side for s, a in deal.actions)
        may_ask = (self.rules.call_at_eight and deal.start_score[seat.side] == self.rules.game_points - 2
                   and deal.honours_held(seat) == 2 and hand == deal.dealt[seat] and not side_asked)
        assert calls == ([ASK] if may_ask else []), "ask offered wrongly (RULES.md §2, D19 b)"

    def check_conservation(self, deal: ClassicDeal, played: int) -> None:
        h = deal.hands
        total = played.bit_count() + h[0].bit_count() + h[1].bit_count() + h[2].bit_count() + h[3].bit_count()
        assert total == 52 and played | h[0] | h[1] | h[2] | h[3] == ALL, "cards lost or duplicated"

    def probe_refusals(self, deal: ClassicDeal, legal: tuple[Action, ...]) -> None:
        seat = deal.to_act
        assert seat is not None
        rng = self.rng
        legal_set = set(legal)
        c = CARDS[rng.randrange(52)]
        if c not in legal_set:
            refused(deal, c)
        call = (ASK, YES, NO)[rng.randrange(3)]
        if call not in legal_set:
            refused(deal, call)
        other = SEATS[(seat + 1 + rng.randrange(3)) & 3]
        refused(deal, legal[rng.randrange(len(legal))], other, NotYourTurn)

    def check_views(self, deal: ClassicDeal, legal: tuple[Action, ...]) -> None:
        views = [deal.view(s) for s in SEATS]
        spectator = deal.view(None)
        assert spectator.hand == () and spectator.legal == ()
        hands = [mask_of(v.hand) for v in views]
        assert tuple(hands) == deal.hands
        played = mask_of(c for _, c in spectator.played_cards())
        assert played.bit_count() + sum(h.bit_count() for h in hands) == 52
        assert played | hands[0] | hands[1] | hands[2] | hands[3] == ALL
        shown = 0
        for _, cs in spectator.shown:
            shown |= mask_of(cs)
        public = played | shown | deal.trump_card.bit
        assert mask_of(spectator.visible_cards()) & ~public == 0, "the spectator sees a hidden card"
        for seat, v in zip(SEATS, views, strict=True):
            visible = mask_of(v.visible_cards())
            assert visible & hands[seat] == hands[seat]
            assert played & ~visible == 0
            leaked = visible & ~hands[seat] & ~public
            assert leaked == 0, f"{seat.name} sees another hand's card"
            assert v.legal == (legal if seat is deal.to_act else ())
            for attr in ("actions", "trick", "tricks_won", "score", "to_act", "trump", "trump_card",
                         "trump_card_face_up", "dealer_holds_trump_card", "shown", "dealer", "leader"):
                assert getattr(v, attr) == getattr(spectator, attr), attr
        if deal.trump_card_face_up():
            self.seen["face up"] += 1

    def accept_all(self, deal: ClassicDeal, legal: tuple[Action, ...]) -> None:
        for a in legal:
            after = deal.apply(a)
            assert len(after.actions) == len(deal.actions) + 1
            assert after.actions[-1] == (deal.to_act, a)

    # ----- one deal -----------------------------------------------------------------------

    def play_deal(self, deal: ClassicDeal, full: bool) -> ClassicDeal:
        rng = self.rng
        sampled = {rng.randrange(52) for _ in range(3)}
        replay_at = rng.randrange(40) if full else -1
        step = 0
        played = 0
        while deal.to_act is not None:
            legal = deal.legal_actions()
            self.check_legal(deal, legal)
            self.check_conservation(deal, played)
            self.probe_refusals(deal, legal)
            if full or step in sampled:
                self.check_views(deal, legal)
            if full:
                self.accept_all(deal, legal)
            if step == replay_at:
                self.check_replay(deal)
            action = legal[rng.randrange(len(legal))]
            if isinstance(action, Call):
                self.seen[action.kind] += 1
            else:
                played |= action.bit
            deal = deal.apply(action, deal.to_act)
            step += 1
        self.check_end(deal)
        return deal

    def check_end(self, deal: ClassicDeal) -> None:
        self.check_conservation(deal, mask_of(a for _, a in deal.actions if isinstance(a, Card)))
        assert deal.legal_actions() == ()
        assert deal.is_over
        self.check_views(deal, ())
        refused(deal, CARDS[0])
        pts = deal.points()
        assert min(pts.tricks + pts.honours) >= 0
        called = deal.called_side()
        if called is None:
            assert sum(deal.tricks_won) == 13
            assert len([a for _, a in deal.actions if isinstance(a, Card)]) == 52
            assert all(h == 0 for h in deal.hands)
        else:
            self.seen["game by call"] += 1
            assert pts.game_winner is called and pts.total[called] == 2
        if pts.game_winner is not None:
            w = pts.game_winner
            assert deal.start_score[w] + pts.total[w] >= self.rules.game_points
            self.seen["game"] += 1
        self.check_replay(deal)

    def check_replay(self, deal: ClassicDeal) -> None:
        rec = deal_record(deal)
        again = replay(json.loads(json.dumps(rec)))
        assert isinstance(again, ClassicDeal)
        assert again.dealt == deal.dealt and again.actions == deal.actions
        assert again.to_act is deal.to_act and again.tricks_won == deal.tricks_won
        assert again.points() == deal.points()
        for seat in (*SEATS, None):
            assert again.view(seat) == deal.view(seat)
        assert deal_record(again) == rec

    def claimer(self, deal: ClassicDeal) -> Seat | None:
        """Who must claim before the first lead (D19 a): a player with 3 or 4 honours whose side
        is at 8; the dealer's left side first."""
        if not self.rules.call_at_eight:
            return None
        eldest = deal.dealer.left
        for seat in (eldest, eldest.partner, eldest.left, eldest.left.partner):
            if deal.start_score[seat.side] == self.rules.game_points - 2 and deal.honours_held(seat) >= 3:
                return seat
        return None

    def run(self, deals: int, at_eight: bool = False) -> None:
        for i in range(deals):
            dealer = SEATS[self.rng.randrange(4)]
            start = random_start(self.rules, self.rng, at_eight)
            deal = ClassicDeal.shuffled(self.rules, dealer, self.rng, start)
            claimer = self.claimer(deal)
            assert deal.to_act is (dealer.left if claimer is None else claimer)
            self.play_deal(deal, full=i % FULL_EVERY == 0)
            self.seen["deals"] += 1


@pytest.mark.parametrize("name", ["classic", "short", "simple"])
def test_random_deals_per_preset(name: str) -> None:
    checker = Checker(preset(name), seed={"classic": 1, "short": 2, "simple": 3}[name])
    checker.run(DEALS_PER_PRESET)
    assert checker.seen["deals"] == DEALS_PER_PRESET
    assert checker.seen["game"] > 0
    if name == "classic":
        assert checker.seen["ask"] > 0  # random start scores reach 8 sometimes


def test_random_deals_with_must_trump() -> None:
    checker = Checker(rules_of("classic", must_trump=True), seed=11)
    checker.run(300)
    checker = Checker(rules_of("simple", must_trump=True), seed=12)
    checker.run(100)


def test_random_deals_with_no_honours_at_nine() -> None:
    checker = Checker(rules_of("classic", no_honours_at_nine=True), seed=13)
    checker.run(300)


def test_random_deals_at_eight_with_calls() -> None:
    checker = Checker(preset("classic"), seed=14)
    checker.run(400, at_eight=True)
    seen = checker.seen
    assert seen["claim"] > 0 and seen["ask"] > 0 and seen["yes"] > 0 and seen["no"] > 0
    assert seen["game by call"] == seen["claim"] + seen["yes"]
    checker = Checker(rules_of("classic", must_trump=True, no_honours_at_nine=True), seed=15)
    checker.run(100, at_eight=True)


# ----- whole matches --------------------------------------------------------------------------


def play_match(rules: Rules, rng: random.Random) -> Match:
    m = Match.start(rules, rng)
    dealers: list[Seat] = []
    while not m.is_over:
        if m.needs_deal:
            assert m.to_act is None and m.legal_actions() == ()
            dealers.append(m.dealer)
            m = m.deal(rng)
        else:
            legal = m.legal_actions()
            assert legal and m.to_act is not None
            with pytest.raises(NotYourTurn):
                m.apply(legal[0], m.to_act.left)
            m = m.apply(legal[rng.randrange(len(legal))], m.to_act)
        assert all(0 <= s < rules.game_points for s in m.score)
    assert dealers[0] is m.first_dealer
    assert all(b is a.left for a, b in itertools.pairwise(dealers)), "dealer passes left"
    return m


def check_match(m: Match) -> None:
    rules = m.rules
    for g in m.games:
        assert g.score[g.winner] == rules.game_points
        assert g.score[g.winner.other] < rules.game_points
        if rules.game_and_rubber_points:
            losers = g.score[g.winner.other]
            assert g.game_points == (3 if losers == 0 else 1 if losers >= rules.single_game_from else 2)
        else:
            assert g.game_points == 0
    assert len(m.rubbers) == rules.rubbers
    for n, r in enumerate(m.rubbers):
        games = [g for g in m.games if g.rubber == n]
        assert 2 <= len(games) <= 3
        assert r.games[r.winner] == 2 and r.games[r.winner.other] == len(games) - 2
        assert games[-1].winner is r.winner
    money = m.settlement()
    assert sum(money.values()) == pytest.approx(0.0)
    totals = m.totals()
    if totals[0] != totals[1] and rules.stake:
        winners = Side.NS if totals[0] > totals[1] else Side.EW
        assert all(money[s.name] > 0 for s in winners.seats)


@pytest.mark.parametrize("name", ["classic", "short", "simple"])
def test_random_matches_replay_identically(name: str) -> None:
    rules = rules_of(name, stake=0.5, rubbers=2)
    rng = random.Random(len(name))
    for _ in range(15):
        m = play_match(rules, rng)
        check_match(m)
        rec = json.loads(json.dumps(match_record(m)))
        again = replay(rec)
        assert isinstance(again, Match)
        assert again.games == m.games and again.rubbers == m.rubbers
        assert again.totals() == m.totals() and again.settlement() == m.settlement()
        assert again.score == m.score and again.dealer is m.dealer and again.is_over
        assert len(again.deals) == len(m.deals)
        for a, b in zip(again.deals, m.deals, strict=True):
            assert a.actions == b.actions and a.dealt == b.dealt and a.points() == b.points()
            assert a.start_score == b.start_score
            assert a.view(None) == b.view(None)
        assert match_record(again) == rec
