"""Conformance of colour whist: random sessions of both presets, with every option of §5.10 on and
off at least once, played through the public protocol (``to_act``, ``legal_actions()``,
``apply()``, ``view()``), checking after every step the invariants of RULES.md §1 and §5:

- the 52 cards are conserved (hands + played + discards), read from the four seats' views;
- tricks are counted: 13, or 12 after the petite-misère discards, or fewer only when play stopped
  with every player's points fixed (§5.6), and play never goes on once they are fixed;
- every deal's points add up to 0 and equal the preset's table (§5.7, §5.8); sessions total 0;
- no view shows a card of another seat's hand except the played cards, a spread hand (couleur:
  once trick 1 is complete, D26; pagat open misère: from the first lead) and the trou partner's
  shown card once shown (D31); discards stay hidden; with ``trou_surprise`` the partner and the
  trump are hidden until the fourth ace falls (D23);
- a deal replayed from its hands and actions ends identical.

The random caller passes half of the time and otherwise prefers accepting and low bids, so that
every family of contracts occurs (a uniform caller ends almost every auction in a slam).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from whist.auction import ColourCall
from whist.cards import CARDS, SEATS, Card, Seat, cards_of
from whist.couleur import CardCall, ColourAction, ColourDeal, ColourView
from whist.couleur_match import ColourMatch
from whist.rules import Rules, preset, with_options
from whist.tables import dames_points, score

ALL = (1 << 52) - 1
QUEENS = [c for c in CARDS if c.rank == 12]
ACES = [c for c in CARDS if c.rank == 14]
MISERES = {"petite_misere": 0, "grande_misere": 0, "grande_misere_sur_table": 0, "piccolo": 1,
           "piccolissimo": 2}
SPREAD = {"grande_misere_sur_table", "abondance_sur_table"}

# Every option of §5.10 takes each of its values at least once per preset. pagat's configurations
# also turn on couleur's own options ("—" in §5.10), which pagat must ignore: players cannot set
# them there (with_options refuses them), but a stored record may hold them, so they are set with
# strict=False.
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "couleur": [
        {},
        {"overbids": False, "solo_supremacy": True, "piccolo": False, "abondance_sur_table": True,
         "grande_misere_sur_table": False, "trou_always_nine": True, "trou_surprise": True,
         "propose_needs_card": True, "shuffle": False, "packets": "4-5-4", "all_pass": "dames"},
        {"solo_supremacy": True, "abondance_sur_table": True, "trou_surprise": True, "shuffle": False,
         "packets": "5-4-4", "all_pass": "redeal_double"},
        {"trou_always_nine": True, "propose_needs_card": True, "all_pass": "dames", "deals": 7},
    ],
    "pagat": [
        {},
        {"overbids": False, "solo_supremacy": True, "piccolo": False, "grande_misere_sur_table": False,
         "propose_needs_card": False, "shuffle": True, "packets": "4-5-4", "all_pass": "redeal",
         "abondance_sur_table": True, "trou_always_nine": True, "trou_surprise": True},
        {"solo_supremacy": True, "packets": "5-4-4", "all_pass": "dames", "trou_surprise": True},
        {"propose_needs_card": False, "shuffle": True, "deals": 7},
    ],
}
DEALS_PER_CONFIG = 510  # × 4 configs: more than 2,000 played deals per preset


WEIGHTS = {"emballage": 3.0, "solo": 3.0, "chelem": 0.3}


def choose(d: ColourDeal, rng: random.Random) -> ColourAction:
    """A random legal action. In the auction: pass half of the time (pass is listed first), else
    accept when possible (60 %), else a kind of contract at random (emballage and solo weighted
    up, slam down), usually its lowest call."""
    legal = d.legal_actions()
    if d.phase != "auction":
        return rng.choice(legal)
    if len(legal) == 1 or rng.random() < 0.5:
        return legal[0]
    calls = [c for c in legal[1:] if isinstance(c, ColourCall)]
    accept = [c for c in calls if c.kind == "accept"]
    if accept and rng.random() < 0.6:
        return accept[0]
    by_kind: dict[str, list[ColourCall]] = {}
    for c in calls:
        if c.kind != "accept":
            by_kind.setdefault(c.contract.kind if c.contract is not None else c.kind, []).append(c)
    if not by_kind:
        return legal[0]
    kinds = list(by_kind)
    options = by_kind[rng.choices(kinds, [WEIGHTS.get(k, 1.0) for k in kinds])[0]]
    return options[0] if rng.random() < 0.7 else rng.choice(options)


def team_fixed(rules: Rules, d: ColourDeal) -> bool:
    """Whether the tricks won so far fix every player's points, by the table alone (§5.6)."""
    ip = d.in_play
    assert ip is not None
    won = d.tricks_won
    left = (12 if any(d.discards) else 13) - sum(won)
    if ip.contract.kind == "dames":
        played = [a for _, a in d.actions if isinstance(a, Card)]
        return all(q in played[: 4 * sum(won)] for q in QUEENS)

    def pts(extra: tuple[int, ...]) -> dict[Seat, int]:
        tricks = {s: won[s] + x for s, x in zip(ip.declarers, extra, strict=True)}
        return score(rules.style, ip.contract, ip.declarers, tricks, ip.needed)

    base = pts((0,) * len(ip.declarers))
    if ip.contract.kind in MISERES:
        combos: list[tuple[int, ...]] = [()]
        for _ in ip.declarers:
            combos = [(*c, x) for c in combos for x in range(min(left, 3) + 1)]
        return all(pts(c) == base for c in combos if sum(c) <= left)
    return all(pts((x,) + (0,) * (len(ip.declarers) - 1)) == base for x in range(left + 1))


class DealChecker:
    """The checks of one deal, step by step."""

    def __init__(self, rules: Rules, deal: ColourDeal, every_call: bool) -> None:
        self.rules = rules
        self.d = deal
        self.phase = deal.phase
        self.every_call = every_call
        self.caller: Seat | None = None
        self.partner: Seat | None = None
        self.fourth_ace: Card | None = None
        for seat in SEATS:
            aces = [a for a in ACES if deal.dealt[seat] & a.bit]
            if len(aces) == 3:
                self.caller = seat
                self.fourth_ace = next(a for a in ACES if a not in aces)
                self.partner = next(s for s in SEATS if deal.dealt[s] & self.fourth_ace.bit)
        self.surprise = (rules.style == "couleur" and rules.trou_surprise and self.caller is not None)

    def step(self, d: ColourDeal) -> None:
        """``d`` is the deal after one more action."""
        trick_done = sum(d.tricks_won) > sum(self.d.tricks_won)
        self.d = d
        if d.phase == "play" and trick_done:
            assert not team_fixed(self.rules, d), "play must stop once the points are fixed"
        # Every change of phase, every call of one auction in four, every card of the first two
        # tricks (a spread hand appears when trick 1 is complete), and every completed trick.
        phase_changed = d.phase != self.phase
        self.phase = d.phase
        if d.phase == "auction":
            if phase_changed or self.every_call:
                self.check_views()
        elif d.phase != "play" or phase_changed or trick_done or sum(d.tricks_won) <= 1:
            self.check_views()

    def check_views(self) -> None:
        d = self.d
        legal = d.legal_actions()
        assert (d.to_act is None) == (legal == ()), "a deal in play always has a legal action"
        views = {seat: d.view(seat) for seat in (*SEATS, None)}
        spectator = views[None]
        played = [c for _, c in spectator.played_cards()]
        played_mask = sum(c.bit for c in played)
        assert len(played) == len(set(played))
        assert sum(spectator.tricks_won) * 4 == len(played) - len(spectator.trick)
        spread = self.expected_spread()
        shown = [a.card for _, a in d.actions if isinstance(a, CardCall) and a.kind == "show"]
        own = 0
        for seat, v in views.items():
            mine = 0
            if seat is not None:
                hand = sum(c.bit for c in v.hand)
                assert hand == d.hands[seat]
                assert v.legal == (legal if seat is d.to_act else ())
                mine = hand | (v.discard.bit if v.discard else 0)
                assert not own & mine
                own |= mine
            else:
                assert v.hand == () and v.discard is None and v.legal == ()
            assert len(v.actions) == len(d.actions)
            for who, a in v.actions:
                if isinstance(a, CardCall) and a.kind == "discard":
                    assert (a.card is not None) == (who is seat), "discards stay hidden"
            self.check_view(v, mine | played_mask, spread, shown[0] if shown else None)
        # 52 cards conserved: the four hands, the played cards and the four discards, each once.
        assert not own & played_mask and own | played_mask == ALL

    def expected_spread(self) -> set[Seat]:
        """The seats whose hands the rules show now (§5.6, D26)."""
        d = self.d
        ip = d.in_play
        if ip is None or ip.contract.kind not in SPREAD or d.phase not in ("play", "over"):
            return set()
        if self.rules.style == "couleur" and sum(d.tricks_won) == 0:
            return set()
        return set(ip.declarers)

    def check_view(self, v: ColourView, allowed: int, spread: set[Seat], shown: Card | None) -> None:
        d = self.d
        seat = v.seat
        assert {s for s, _ in v.spread} == spread
        for s, cs in v.spread:
            assert sum(c.bit for c in cs) == d.hands[s]
            allowed |= d.hands[s]
        assert v.shown_card is shown
        if shown is not None:
            allowed |= shown.bit
        seen = sum(c.bit for c in v.visible_cards())
        assert not seen & ~allowed, f"{seat} sees {cards_of(seen & ~allowed)}"
        ip = d.in_play
        hidden = False
        if d.phase == "trou":
            assert v.trou is None
        elif self.caller is not None:
            assert v.trou is not None and v.trou[0] is self.caller
            ace_out = any(a is self.fourth_ace for _, a in d.actions)
            hidden = self.surprise and not ace_out and not d.is_over and seat is not self.partner
            assert v.trou[1] is (None if hidden else self.partner)
        if v.contract is None:
            assert d.phase in ("trou", "auction") or d.passed_out
            return
        assert ip is not None and v.contract == ip.contract
        if hidden and ip.contract.kind == "trou":
            assert v.declarers == (self.caller,) and v.trump is None
        else:
            assert v.declarers == ip.declarers

    def finish(self) -> None:
        d = self.d
        assert d.to_act is None and d.legal_actions() == ()
        # The deck as dealt deals these hands again (§5.1; records keep the deck).
        assert ColourDeal.deal_deck(self.rules, d.dealer, d.deck) == d.dealt
        pts = d.points()
        assert sum(pts.values()) == 0
        if d.passed_out:
            assert pts == dict.fromkeys(SEATS, 0) and not any(isinstance(a, Card) for _, a in d.actions)
            return
        ip = d.in_play
        assert ip is not None
        full = 12 if any(d.discards) else 13
        assert all(x.bit_count() == 1 for x in d.discards) or not any(d.discards)
        assert (ip.contract.kind == "petite_misere") == any(d.discards)
        tricks = sum(d.tricks_won)
        assert tricks <= full
        if tricks < full:
            assert team_fixed(self.rules, d), "play stopped before the points were fixed"
        assert all(h.bit_count() == full - tricks for h in d.hands)
        if ip.contract.kind == "dames":
            expected = dames_points(self.queens())
        else:
            expected = score(self.rules.style, ip.contract, ip.declarers,
                             {s: d.tricks_won[s] for s in ip.declarers}, ip.needed)
        assert pts == {s: p * d.multiplier for s, p in expected.items()}

    def queens(self) -> dict[Seat, int]:
        d = self.d
        played = [a for _, a in d.actions if isinstance(a, Card)]
        out = dict.fromkeys(SEATS, 0)
        leader = d.dealer.left
        for i in range(0, len(played) - len(played) % 4, 4):
            trick = played[i:i + 4]
            best = max(range(4), key=lambda k: trick[k].rank if trick[k].suit is trick[0].suit else 0)
            winner = SEATS[(leader + best) & 3]
            out[winner] += sum(1 for c in trick if c.rank == 12)
            leader = winner
        return out


def family(d: ColourDeal) -> str:
    if d.in_play is None or d.in_play.contract.kind == "dames":
        return "all_pass"
    return d.in_play.contract.info.family


def replay(d: ColourDeal) -> ColourDeal:
    r = ColourDeal.new(d.rules, d.dealer, d.dealt, d.multiplier)
    for seat, a in d.actions:
        r = r.apply(a, seat)
    return r


def play_sessions(name: str, options: dict[str, Any], n_deals: int, seed: int) -> Counter[str]:
    rules = with_options(preset(name), {"deals": 8, **options}, strict=False)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    played = 0
    while played < n_deals:
        m = ColourMatch.start(rules, rng)
        double = False
        while not m.is_over:
            dealer = m.dealer
            m = m.deal(rng)
            d = m.current
            assert d is not None and d.dealer is dealer
            assert d.multiplier == (2 if double else 1)
            checker = DealChecker(rules, d, every_call=len(m.deals) % 4 == 0)
            checker.check_views()
            while m.current is not None:
                before = m.current
                m = m.apply(choose(before, rng), before.to_act)
                checker.step(m.current if m.current is not None else m.deals[-1])
            checker.finish()
            last = m.deals[-1]
            assert last.actions == checker.d.actions
            if last.passed_out:
                assert m.dealer is dealer
                double = double or rules.all_pass == "redeal_double"
                seen["all_pass"] += 1
            else:
                assert m.dealer is dealer.left
                double = False
                played += 1
                seen[family(last)] += 1
                kind = last.in_play.contract.kind if last.in_play else ""
                seen[f"{kind}/{len(last.in_play.declarers) if last.in_play else 0}"] += 1
                if any(last.discards):
                    seen["discards"] += 1
                if sum(last.tricks_won) < (12 if any(last.discards) else 13):
                    seen["early stop"] += 1
                if checker.surprise and kind == "trou":
                    seen["trou surprise"] += 1
                if last.shown_card is not None:
                    seen["shown card"] += 1
            if played % 7 == 0:
                r = replay(last)
                assert r.actions == last.actions and r.points() == last.points()
                assert r.tricks_won == last.tricks_won and r.is_over
        assert m.played == rules.deals
        total = [0, 0, 0, 0]
        for d in m.deals:
            for s, p in d.points().items():
                total[s] += p
        assert tuple(total) == m.totals and sum(m.totals) == 0
    return seen


@pytest.mark.parametrize(("name", "index"), [(n, i) for n in CONFIGS for i in range(len(CONFIGS[n]))])
def test_random_sessions(name: str, index: int) -> None:
    options = CONFIGS[name][index]
    seen = play_sessions(name, options, DEALS_PER_CONFIG, seed=1000 * index + len(name))
    for fam in ("partnership", "solo", "misere", "trou", "all_pass"):
        assert seen[fam] > 0, f"no {fam} contract in {name} {options}: {seen}"
    assert seen["discards"] > 0 and seen["early stop"] > 0
    if options.get("trou_surprise") and name == "couleur":
        assert seen["trou surprise"] > 0
    if name == "couleur" and options.get("piccolo", True):
        assert seen["piccolo/2"] > 0 and seen["piccolissimo/1"] > 0
    if name == "couleur" and not options.get("trou_surprise"):
        assert seen["shown card"] > 0
    if name == "pagat":
        assert seen["grande_misere/2"] + seen["petite_misere/2"] > 0  # joined by bidding the same
        if options.get("piccolo", True):
            assert sum(n for k, n in seen.items() if k.startswith("piccolo/")) > 0
    if options.get("abondance_sur_table") and name == "couleur":
        assert seen["abondance_sur_table/1"] > 0
    if options.get("grande_misere_sur_table", True):
        assert seen["grande_misere_sur_table/1"] > 0
    if options.get("all_pass") == "dames":
        assert seen["dames/0"] > 0


def test_the_configurations_cover_every_option() -> None:
    """Each option of §5.10 is on and off (each value taken) at least once per preset."""
    values = {"overbids": {True, False}, "solo_supremacy": {True, False}, "piccolo": {True, False},
              "abondance_sur_table": {True, False}, "grande_misere_sur_table": {True, False},
              "trou_always_nine": {True, False}, "trou_surprise": {True, False},
              "propose_needs_card": {True, False}, "shuffle": {True, False},
              "packets": {"4-4-5", "4-5-4", "5-4-4"}, "all_pass": {"redeal", "redeal_double", "dames"}}
    for name, configs in CONFIGS.items():
        for option, wanted in values.items():
            got = {getattr(with_options(preset(name), c, strict=False), option) for c in configs}
            assert got == wanted, (name, option, got)
