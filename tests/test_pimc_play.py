"""pimc reads the others' cards: a sampled deal in which the heuristic player (the model of how
people play) would have played the cards the others did is more likely than one in which he
would not (:mod:`whist.bots.pimc_play`).

- A lead: from K Q J 7 3 the club player leads the king (the top of a sequence); a sample that
  gives the leader K 7 6 5 3 (he would have led the fourth best) weighs ``MISS_CARD``, one that
  gives him six diamonds to the J T 9 (he would have led those) ``MISS_SUIT``.
- The real deal, when everyone played by the model, always weighs 1, in both games, whatever the
  contract (the reading of each card is that seat's at the time: its hand then, the trick, the
  tricks won then, the cards it knew of).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_couleur_conformance import CONFIGS, choose

from whist.bots import AnyView, heuristic_player
from whist.bots.heuristic import Reading, classic_aims, heuristic_bot, play_card
from whist.bots.pimc import auction_weight, soft_weight
from whist.bots.pimc_play import MISS_CARD, MISS_SUIT, play_likelihood
from whist.cards import SEATS, Card, Seat, cards_of, mask_of, parse_card, parse_deal
from whist.couleur import ColourDeal, ColourView
from whist.engine import ClassicDeal
from whist.rules import preset, with_options

# West leads first (South deals, hearts turned); West holds K Q J 7 3 of spades.
PBN = "N:A84.AK93.KQ7.852 T652.QJ7.JT8.KQ9 9.T652.A643.AJ73 KQJ73.84.952.T64"


def _after_the_opening_lead() -> tuple[ClassicDeal, tuple[int, int, int, int]]:
    d = ClassicDeal.new(preset("classic"), Seat.S, parse_deal(PBN), parse_card("2H"))
    assert d.to_act is Seat.W
    lead = heuristic_bot(d.view(Seat.W), random.Random(0))
    assert isinstance(lead, Card) and lead == parse_card("KS"), \
        "the club lead from K Q J 7 3: the king"
    d = d.apply(lead, Seat.W)
    h = parse_deal(PBN)
    return d, (h[0], h[1], h[2], h[3] & ~lead.bit)


def _swapped(hands: tuple[int, int, int, int], west: str, east: str) -> tuple[int, int, int, int]:
    """The hands with West's cards ``west`` and East's ``east`` exchanged."""
    moved = mask_of(parse_card(c) for c in west.split()) | mask_of(parse_card(c) for c in east.split())
    assert hands[3] & moved and hands[1] & moved
    return (hands[0], hands[1] ^ moved, hands[2], hands[3] ^ moved)


def test_a_lead_reads_as_the_club_player_would_have_made_it() -> None:
    d, now = _after_the_opening_lead()
    weigh = play_likelihood(d.view(Seat.N))
    assert weigh is not None
    assert weigh(now) == 1.0, "K Q J 7 3: the king is the model's lead"
    assert weigh(_swapped(now, "QS JS", "6S 5S")) == MISS_CARD, \
        "K 7 6 5 3: the model would have led the fourth best, a spade all the same"
    assert weigh(_swapped(now, "QS JS 7S", "JD TD 8D")) == MISS_SUIT, \
        "K 3 and J T 9 8 5 2 of diamonds: the model would have led the jack of diamonds"


def test_nothing_is_read_before_another_seat_has_chosen_a_card() -> None:
    d = ClassicDeal.new(preset("classic"), Seat.S, parse_deal(PBN), parse_card("2H"))
    view = d.view(Seat.W)
    assert play_likelihood(view) is None, "no card played yet"
    assert soft_weight(view, read_cards=True) is None, "classic whist has no calls to read either"
    d = d.apply(heuristic_bot(view, random.Random(0)), Seat.W)
    assert play_likelihood(d.view(Seat.W)) is None, "West's own lead tells West nothing"
    assert play_likelihood(d.view(Seat.N)) is not None


def _true_hands(d: ClassicDeal | ColourDeal) -> tuple[int, int, int, int]:
    h = [mask_of(d.view(s).hand) for s in SEATS]
    return (h[0], h[1], h[2], h[3])


def _deals(seed: int) -> list[ClassicDeal | ColourDeal]:
    rng = random.Random(seed)
    classic = with_options(preset("classic"), {"must_trump": bool(seed & 1)})
    out: list[ClassicDeal | ColourDeal] = [ClassicDeal.shuffled(classic, SEATS[seed % 4], rng)]
    for name in ("couleur", "pagat"):
        rules = with_options(preset(name), CONFIGS[name][seed % len(CONFIGS[name])], strict=False)
        out.append(ColourDeal.shuffled(rules, SEATS[seed % 4], rng))
    return out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_real_deal_weighs_one_when_everyone_plays_like_the_model(seed: int) -> None:
    rng = random.Random(seed)
    read = 0
    for d in _deals(seed):
        while (s := d.to_act) is not None:
            view: AnyView = d.view(s)
            if (not isinstance(view, ColourView) or view.phase == "play") and rng.random() < 0.3:
                weigh = play_likelihood(view)
                if weigh is not None:
                    read += 1
                    hands = _true_hands(d)
                    # each seat read with its own discard (the sampled deal does not tell it)
                    gone = d.discards if isinstance(d, ColourDeal) else (0, 0, 0, 0)
                    assert all(weigh.factor(t, hands[t], gone[t]) == 1.0 for t in SEATS), \
                        (type(d).__name__, len(view.played_cards()))
                    calls = auction_weight(view)
                    both = soft_weight(view, read_cards=True)
                    assert (soft_weight(view) is None) == (calls is None), "read only when asked"
                    assert both is not None
                    assert both(hands) == (calls(hands) if calls else 1.0) * weigh(hands)
            # half the auctions random, for every contract (the spread ones, the petite misère)
            action: Any = (choose(d, rng) if isinstance(d, ColourDeal) and d.phase == "auction"
                           and seed & 2 else heuristic_player(view, rng))
            d = d.apply(action, s)
    assert read > 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 47))
def test_a_reading_given_another_hand_plays_as_one_made_with_it(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    d = ClassicDeal.shuffled(preset("classic"), SEATS[seed % 4], rng)
    for _ in range(steps):
        d = d.apply(heuristic_bot(d.view(d.to_act), rng), d.to_act)
    seat = d.to_act
    assert seat is not None
    view = d.view(seat)
    base = Reading.of_view(view, classic_aims(seat))
    # another hand of the same size from the cards this seat cannot see
    unseen = cards_of(base.out & ~mask_of(c for cs in base.known for c in cards_of(cs)))
    other = mask_of(rng.sample(unseen, len(view.hand)))
    fresh = Reading(seat, classic_aims(seat), cards_of(other), view.trump, view.played_cards(),
                    view.trick)
    swapped = base.with_hand(other)
    assert swapped.hand == fresh.hand and swapped.out == fresh.out
    legal = cards_of(other)
    if view.trick and (follow := [c for c in legal if c.suit is view.trick[0][1].suit]):
        legal = follow
    assert play_card(swapped, legal) == play_card(fresh, legal)
