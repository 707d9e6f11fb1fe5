"""The double-dummy solver (issue 4): against DDS, against a plain minimax, and its errors.

1. Against DDS (endplay): random whole deals, random trump or no trump and leader, team = the
   leader's partnership, DDS's value for every card of the leader; and random positions from
   the middle of play with cards already on the table.
2. Against a small minimax written here, without any of the solver's techniques: every goal
   (max, min, exact) and team shape (1 vs 3, adjacent and opposite 2 vs 2, 3 vs 1) on random
   endgames of up to 5 cards per hand, some from the middle of a trick.

Its interface and its refusals of bad input: test_solver_api.py.
"""

from __future__ import annotations

import random
import zlib
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import pytest

from whist.cards import CARDS, SEATS, Card, Seat, Suit, format_deal, parse_card
from whist.solver import (
    MAX,
    MIN,
    Goal,
    Position,
    Solver,
    exact,
    solve,
)
from whist.solver.bench import random_position

WHOLE_DEALS = 300
MID_PLAY = 300


def dealt(deck: list[int]) -> list[int]:
    """Four hands (masks) dealt round from ``deck``."""
    hands = [0, 0, 0, 0]
    for i, c in enumerate(deck):
        hands[i & 3] |= 1 << c
    return hands


def random_hands(rng: random.Random, cards: int) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return dealt(deck[: 4 * cards])


def high_card_hands(rng: random.Random, cards: int) -> list[int]:
    """Hands of up to 4 cards dealt from the eight top cards of two to four suits: every card
    counts, the kind of ending where squeezes are made."""
    suits = rng.sample(range(4), rng.choice([2, 3, 4]))
    pool = [13 * s + r for s in suits for r in range(5, 13)]
    return dealt(rng.sample(pool, 4 * cards))


def legal(hand: int, led: int | None) -> list[int]:
    """Card indices of ``hand`` that may be played to a trick whose led suit is ``led``."""
    if led is not None and hand >> (13 * led) & 0x1FFF:
        hand &= 0x1FFF << (13 * led)
    out = []
    while hand:
        low = hand & -hand
        out.append(low.bit_length() - 1)
        hand ^= low
    return out


def on_the_table(rng: random.Random, hands: list[int], leader: int, count: int) -> list[int]:
    """Play ``count`` random legal cards to a trick led by ``leader`` (taken from ``hands``)."""
    played: list[int] = []
    for j in range(count):
        seat = (leader + j) & 3
        c = rng.choice(legal(hands[seat], played[0] // 13 if played else None))
        hands[seat] ^= 1 << c
        played.append(c)
    return played


def winner_index(trick: tuple[int, ...], trump: int | None) -> int:
    best = 0
    for i in range(1, 4):
        a, b = trick[i], trick[best]
        if a // 13 == b // 13:
            if a > b:
                best = i
        elif a // 13 == trump:
            best = i
    return best


def random_play(rng: random.Random, hands: list[int], leader: int, trump: int | None,
                cards: int) -> tuple[int, list[int]]:
    """Play ``cards`` random legal cards from the start; the leader of the current trick and
    the cards on the table."""
    trick: list[int] = []
    for _ in range(cards):
        seat = (leader + len(trick)) & 3
        c = rng.choice(legal(hands[seat], trick[0] // 13 if trick else None))
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == 4:
            leader = (leader + winner_index(tuple(trick), trump)) & 3
            trick = []
    return leader, trick


# ----- 1. against DDS -------------------------------------------------------------------------

endplay = pytest.importorskip("endplay")
from endplay.dds import solve_board  # noqa: E402
from endplay.types import Card as DdsCard  # noqa: E402
from endplay.types import Deal, Denom, Player  # noqa: E402


def dds_values(hands: list[int], trump: int | None, leader: int, played: list[int]) -> dict[Card, int]:
    """DDS's tricks for the side of the player to move, for each of its legal cards."""
    before = list(hands)
    for i, c in enumerate(played):
        before[(leader + i) & 3] |= 1 << c
    deal = Deal(format_deal(before))
    deal.trump = Denom(4 if trump is None else trump)
    deal.first = Player(leader)
    for c in played:
        deal.play(DdsCard(CARDS[c].text[1] + CARDS[c].text[0]))
    return {parse_card(card.rank.abbr + "SHDC"[int(card.suit)]): tricks for card, tricks in solve_board(deal)}


def test_whole_deals_match_dds() -> None:
    """Our searches run in two threads (each with its own solver, the interpreter lock released)
    while DDS solves the same deals in this one."""
    rng = random.Random(4)
    deals = []
    for _ in range(WHOLE_DEALS):
        hands = random_hands(rng, 13)
        t = rng.randrange(5)
        deals.append((hands, None if t == 4 else t, SEATS[rng.randrange(4)]))
    with ThreadPoolExecutor(2) as pool:
        ours = [pool.submit(solve, Position((h[0], h[1], h[2], h[3]), None if t is None else Suit(t), lead),
                            [lead, lead.partner])
                for h, t, lead in deals]
        for (hands, trump, leader), fut in zip(deals, ours, strict=True):
            want = dds_values(hands, trump, leader, [])
            sol = fut.result()
            assert sol.cards == want, format_deal(hands)
            assert sol.best == max(want.values())


def test_mid_play_positions_match_dds() -> None:
    rng = random.Random(5)
    solver = Solver()
    for i in range(MID_PLAY):
        hands = random_hands(rng, 13)
        t = rng.randrange(5)
        trump = None if t == 4 else t
        first = rng.randrange(4)
        # between 4 and 40 cards played, ending with 1 to 3 cards on the table
        n = 4 * rng.randrange(1, 11) + 1 + i % 3
        leader, trick = random_play(rng, hands, first, trump, n)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None if trump is None else Suit(trump),
                       SEATS[leader], tuple(CARDS[c] for c in trick))
        mover = pos.to_move
        sol = solver.solve(pos, [mover, mover.partner])
        want = dds_values(hands, trump, leader, trick)
        assert sol.cards == want, (format_deal(hands), trick)


def test_entries_kept_by_shape_match_dds() -> None:
    """A group of the table keeps its first entries in blocks and the rest by shape (docs/
    solver.md, *The transposition table*). With one block per group and a table of 1 MB (so that
    it also starts afresh often), most entries are kept by shape: the values still match DDS."""
    rng = random.Random(15)
    solver = Solver(memory_mb=1, group_blocks=1)
    assert_deals_match_dds(solver, rng, [4 * rng.randrange(1, 5) + i % 3 for i in range(60)])


def assert_deals_match_dds(solver: Solver, rng: random.Random, plays: list[int]) -> int:
    """One random deal for each number of cards in ``plays``, played at random so far (random
    trump or no trump, random leader), solved by ``solver`` for the partnership to move: the
    values of DDS. Returns the most parts of parts the table held after a deal."""
    most = 0
    for n in plays:
        hands = random_hands(rng, 13)
        t = rng.randrange(5)
        trump = None if t == 4 else t
        leader, trick = random_play(rng, hands, rng.randrange(4), trump, n)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None if trump is None else Suit(trump),
                       SEATS[leader], tuple(CARDS[c] for c in trick))
        mover = pos.to_move
        sol = solver.solve(pos, [mover, mover.partner])
        assert sol.cards == dds_values(hands, trump, leader, trick), (format_deal(hands), trick)
        most = max(most, solver.table_stats()["parts_of_parts"])
    return most


@pytest.mark.parametrize("goal", [MAX, MIN, exact(1)], ids=str)
def test_entries_kept_by_shape_for_a_lone_player(goal: Goal) -> None:
    """The shapes a lone player's searches fill (1 vs 3, misère, piccolo), on positions of
    7 cards per hand: the same values with entries kept by shape as with blocks only."""
    rng = random.Random(16)
    by_shape = Solver(memory_mb=1, group_blocks=1)
    blocks = Solver(group_blocks=4096)
    for _ in range(25):
        hands = random_hands(rng, 7)
        t = rng.randrange(5)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None if t == 4 else Suit(t),
                       SEATS[rng.randrange(4)])
        lone = [pos.leader] if rng.random() < 0.5 else [pos.leader.partner]
        want = blocks.solve(pos, lone, goal).cards
        assert by_shape.solve(pos, lone, goal).cards == want, format_deal(hands)


def test_split_groups_match_dds() -> None:
    """A group that has chained 8 blocks splits into parts, and a part that has chained 16 into
    parts of its own, which a 4 MB table also trims often (docs/solver.md, *The transposition
    table*): whole deals and positions from the middle of play still match DDS card for card.
    (Parts of parts once overran the list of groups kept by a trim, which counted blocks.)"""
    rng = random.Random(17)
    solver = Solver(memory_mb=4)
    most = assert_deals_match_dds(solver, rng, [0 if i % 2 else 4 * rng.randrange(1, 3) + rng.randrange(4)
                                                for i in range(40)])
    assert most > 0


def test_split_groups_for_two_misere_players() -> None:
    """The joint misère counts, whose groups split most: a 1 MB table that splits and trims
    gives the values of a 256 MB one (positions of 8 cards per hand, no trump, the leader and
    its partner, or the leader and the next seat)."""
    rng = random.Random(18)
    small = Solver(memory_mb=1)
    large = Solver(memory_mb=256)
    for i in range(12):
        hands = random_hands(rng, 8)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None, SEATS[rng.randrange(4)])
        team = [pos.leader, pos.leader.partner if i % 2 else SEATS[(int(pos.leader) + 1) % 4]]
        want = large.solve(pos, team, MIN).cards
        assert small.solve(pos, team, MIN).cards == want, format_deal(hands)


@pytest.mark.parametrize("shape", ["opposite", "adjacent"])
def test_parts_of_parts_give_the_same_values(shape: str) -> None:
    """A part that has chained twice the blocks of a group's split splits again, by the owners
    of the second card of each suit (docs/solver.md, *The transposition table*). Splitting
    groups after one block and parts after two, the table holds parts of parts, and joint misère
    counts (the pair opposite or side by side) of positions of 9 cards per hand (no trump, one
    solver in a row) have the values of a table that splits after 32."""
    rng = random.Random(19)
    deep = Solver(split_from=1)
    plain = Solver(split_from=32)
    most = 0
    for _ in range(8):
        hands = random_hands(rng, 9)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None, SEATS[rng.randrange(4)])
        team = [pos.leader, SEATS[(int(pos.leader) + 1) % 4] if shape == "adjacent" else pos.leader.partner]
        want = plain.solve(pos, team, MIN).cards
        assert deep.solve(pos, team, MIN).cards == want, format_deal(hands)
        most = max(most, deep.table_stats()["parts_of_parts"])
    assert most > 0
    assert plain.table_stats()["parts_of_parts"] == 0


# ----- 2. against a plain minimax --------------------------------------------------------------


def reference(hands: list[int], trump: int | None, leader: int, played: list[int], team: int,
              goal: Goal) -> dict[int, int]:
    """Every legal card of the player to move with its value, by full minimax (no pruning, no
    equivalent cards): the team's tricks from now on (max, min), or 1 when the team ends with
    exactly ``goal.k`` more tricks, the team trying and the others preventing it (exact)."""
    maximiser = team if goal.kind != "min" else ~team & 15

    @cache
    def value(h: tuple[int, int, int, int], lead: int, trick: tuple[int, ...], need: int) -> int:
        seat = (lead + len(trick)) & 3
        if not trick and not h[seat]:
            return int(need == 0) if goal.kind == "exact" else 0
        vals = [after(h, lead, trick, c, need) for c in legal(h[seat], trick[0] // 13 if trick else None)]
        if goal.kind == "exact":
            return int(any(vals)) if maximiser >> seat & 1 else int(all(vals))
        return max(vals) if maximiser >> seat & 1 else min(vals)

    def after(h: tuple[int, int, int, int], lead: int, trick: tuple[int, ...], c: int, need: int) -> int:
        seat = (lead + len(trick)) & 3
        hl = list(h)
        hl[seat] ^= 1 << c
        nh = (hl[0], hl[1], hl[2], hl[3])
        t = (*trick, c)
        if len(t) < 4:
            return value(nh, lead, t, need)
        w = (lead + winner_index(t, trump)) & 3
        gain = team >> w & 1
        if goal.kind == "exact":
            return value(nh, w, (), need - gain)
        return gain + value(nh, w, (), 0)

    h0 = (hands[0], hands[1], hands[2], hands[3])
    seat = (leader + len(played)) & 3
    led = played[0] // 13 if played else None
    return {c: after(h0, leader, tuple(played), c, goal.k) for c in legal(h0[seat], led)}


# team shapes, as seat masks relative to the player to move
SHAPES = {
    "1v3": (1,),
    "adjacent": (1, 2),
    "opposite": (1, 4),
    "3v1": (1, 2, 4),
    "1v3-other": (2,),
    "adjacent-other": (2, 4),
}


Endgame = tuple[list[int], int | None, int, list[int]]


def endgames(count: int, seed: int, sizes: tuple[int, ...]) -> list[Endgame]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = sizes[i % len(sizes)]
        hands = random_hands(rng, n)
        t = rng.randrange(5)
        trump = None if t == 4 else t
        leader = rng.randrange(4)
        played = on_the_table(rng, hands, leader, rng.randrange(4) if n > 1 or i % 2 else 0)
        out.append((hands, trump, leader, played))
    return out


@pytest.mark.parametrize("goal_kind", ["max", "min", "exact"])
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_goal_and_team_shape_against_minimax(goal_kind: str, shape: str) -> None:
    """Every goal, every team shape: 2,568 endgames in all, 1 to 5 cards per hand."""
    solver = Solver(memory_mb=4)
    seed = zlib.crc32(f"{goal_kind}:{shape}".encode()) & 0xFFFF  # stable across runs, unlike hash()
    games = endgames(140, seed, (1, 2, 3, 3, 4, 4, 4))
    if goal_kind != "exact":
        games += endgames(4, seed + 1, (5,))
    rng = random.Random(seed)
    for hands, trump, leader, played in games:
        mover = (leader + len(played)) & 3
        team = sum(1 << ((mover + i.bit_length() - 1) & 3) for i in SHAPES[shape])
        n = max(h.bit_count() for h in hands)
        goal = exact(rng.randrange(n + 2)) if goal_kind == "exact" else Goal(goal_kind)  # type: ignore[arg-type]
        want = reference(list(hands), trump, leader, played, team, goal)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None if trump is None else Suit(trump),
                       SEATS[leader], tuple(CARDS[c] for c in played))
        sol = solver.solve(pos, [SEATS[s] for s in range(4) if team >> s & 1], goal)
        got = {c.index: int(v) for c, v in sol.cards.items()}
        assert got == want, (format_deal(hands), trump, leader, played, team, goal)
        mine = team >> mover & 1 if goal.kind != "min" else not team >> mover & 1
        best = max(want.values()) if mine else min(want.values())
        assert int(sol.best) == best
        if goal.kind == "max":
            for k in (sol.best, sol.best + 1):
                if mine:
                    assert solver.solve(pos, [SEATS[s] for s in range(4) if team >> s & 1],
                                        at_least=k) is (sol.best >= k)


def misere_endgames(count: int, seed: int, sizes: tuple[int, ...] = (3, 4, 4),
                    spreads: tuple[int, ...] = (7,), shape: tuple[int, ...] = (0,)
                    ) -> list[tuple[Endgame, int]]:
    """Endgames of ``sizes`` cards per hand in turn, no trump three times in four, where a team
    (a random seat and the seats ``shape`` places after it; returned with each, as a mask of
    seats) holds mostly low cards: a misère it may well make. The team gets the lowest cards by
    rank plus a random number below one of ``spreads`` (in turn): the larger, the more high
    cards it may get."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = sizes[i % len(sizes)]
        spread = spreads[i % len(spreads)]
        cards = rng.sample(range(52), 4 * n)
        first = rng.randrange(4)
        team = [(first + k) & 3 for k in shape]
        others = [s for s in range(4) if s not in team]
        cards.sort(key=lambda c: c % 13 + rng.randrange(spread))
        hands = [0, 0, 0, 0]
        for k, c in enumerate(cards[:n * len(team)]):
            hands[team[k % len(team)]] |= 1 << c
        rest = cards[n * len(team):]
        rng.shuffle(rest)
        for k, c in enumerate(rest):
            hands[others[k % len(others)]] |= 1 << c
        trump = None if rng.randrange(4) else rng.randrange(4)
        leader = rng.randrange(4)
        played = on_the_table(rng, hands, leader, rng.randrange(4))
        out.append(((hands, trump, leader, played), sum(1 << s for s in team)))
    return out


def made_against_minimax(endgames: list[tuple[Endgame, int]], goal: Goal) -> int:
    """Solve each endgame for its team and ``goal``, assert that every card's value is the
    plain minimax's, and return how many of the misères are made."""
    return sum(best == (0 if goal.kind == "min" else 1) for best in bests_against_minimax(endgames, goal))


def bests_against_minimax(endgames: list[tuple[Endgame, int]], goal: Goal) -> list[int]:
    """Solve each endgame for its team and ``goal``, assert that every card's value is the
    plain minimax's, and return each endgame's best value."""
    solver = Solver(memory_mb=4)
    bests = []
    for (hands, trump, leader, played), team in endgames:
        want = reference(list(hands), trump, leader, played, team, goal)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None if trump is None else Suit(trump),
                       SEATS[leader], tuple(CARDS[c] for c in played))
        sol = solver.solve(pos, [SEATS[s] for s in range(4) if team >> s & 1], goal)
        got = {c.index: int(v) for c, v in sol.cards.items()}
        assert got == want, (format_deal(hands), trump, leader, played, team, goal)
        bests.append(int(sol.best))
    return bests


@pytest.mark.parametrize("goal", [MIN, exact(0)], ids=["min", "exact0"])
def test_a_lone_seat_that_wants_no_trick_against_minimax(goal: Goal) -> None:
    """A misère (RULES.md: the declarer must take no trick) asked as goal min or exact(0): the
    safe-duck bound, at the start of a trick and once the lone seat's card is beaten, must
    agree with the plain minimax on 600 endgames where the lone seat holds low cards; enough
    of them are made for the bound to be at work."""
    assert made_against_minimax(misere_endgames(600, 4242 + (goal.kind == "min")), goal) >= 150


TEAM_SHAPES = {"adjacent": (0, 1), "opposite": (0, 2), "three": (0, 1, 2)}


@pytest.mark.parametrize("shape", sorted(TEAM_SHAPES))
@pytest.mark.parametrize("goal", [MIN, exact(0)], ids=["min", "exact0"])
def test_a_team_that_wants_no_trick_against_minimax(goal: Goal, shape: str) -> None:
    """Two misère players counted together (RULES.md D6: each plays his own misère; a computer
    player on defence counts their tricks together), or three seats against one: the safe-duck
    bound of a side (each of its seats ducks the other side's leads; docs/solver.md, *The
    safe-duck test*) must agree with the plain minimax on 400 endgames where the team holds low
    cards (enough of them made for the bound to be at work, at the start of a trick and once
    every card of the team is beaten), and on the same endgames where the team is the other
    side, holding the high cards: there the others duck every lead of the team on lead, which
    then takes every trick."""
    endgames = misere_endgames(400, 606 + 10 * sorted(TEAM_SHAPES).index(shape) + (goal.kind == "min"),
                               (3, 4, 4), (5, 9, 13), TEAM_SHAPES[shape])
    assert made_against_minimax(endgames, goal) >= 60
    flipped = [(endgame, 15 ^ team) for endgame, team in endgames]
    bests = bests_against_minimax(flipped, goal)
    if goal.kind == "min":
        every = [max(h.bit_count() for h in hands) for (hands, _, _, _), _ in flipped]
        assert sum(best == n for best, n in zip(bests, every, strict=True)) >= 60


@pytest.mark.parametrize("goal", [MIN, exact(0)], ids=["min", "exact0"])
def test_the_relaxed_misere_game_against_minimax(goal: Goal) -> None:
    """A misère (RULES.md: the declarer must take no trick) in endgames of four cards per hand,
    where the search asks the relaxed misère game (the others may lead from any hand; see
    docs/solver.md, *The relaxed misère game*): whatever it proves must agree with the plain
    minimax. The lone seat's cards are more or less low, so that every rule of the relaxed game
    is at work (playing only the highest card of a gap, taking the trick from the lone seat
    after it, throwing from a suit of one's choice: leaving out any of them fails this test)."""
    endgames = misere_endgames(800, 77 + (goal.kind == "min"), (4,), (4, 7, 13))
    assert made_against_minimax(endgames, goal) >= 400


def test_the_relaxed_misere_game_with_tricks_to_spare_against_minimax() -> None:
    """A misère count (goal min: the lone seat takes as few tricks as it can) in endgames of
    five cards per hand where the lone seat holds middling and high cards: the search asks the
    relaxed misère game whether the seat keeps within one trick fewer than the test's target
    (docs/solver.md, *The relaxed misère game*), and keeps what it proved for one allowance to
    answer for others. Every card's value must be the plain minimax's; in enough endgames the
    seat takes two tricks or more, where the allowance is at work."""
    bests = bests_against_minimax(misere_endgames(240, 5151, (5,), (13, 20, 26)), MIN)
    assert sum(best >= 2 for best in bests) >= 60


# Whole no-trump positions where the relaxed game once took the power away wrongly: what it
# proved for one call, where no card of the others could beat the lone player's, was read back
# in another, where one could (docs/solver-journal.md, *Where no card could beat it*); (deal,
# leader, lone player).
POWER_TRAPS = [
    ("N:K7.632.854.9 T2.74.A.8653 AJ4.J8.92.A2 8.T5.JT3.K74", "W", "S"),
    ("N:K9764.AQ.7.54 T.J42.QJ5.KT6 Q5.K9.T986.AJ AJ3.T73.AK32.", "W", "N"),
    ("N:Q853.A97.Q.J8 72.T.9842.AQ6 6.KJ2.T6.KT95 AKT9.Q8.K5.73", "E", "E"),
]


def test_the_relaxed_misere_game_without_the_power_against_the_plain_search() -> None:
    """A misère count (goal min) at no trump, positions of 9 and 10 cards per hand: the relaxed
    game does not let the others take a trick from the lone player where none of their cards of
    the suit, at the start of its call, could beat the lone player's card (docs/solver.md, *The
    relaxed misère game*), and what it proves is kept with how many of the lone player's cards
    that was true of. Every card's value must be that of the same search without the relaxed
    game (``relaxed_from=14``), one solver of each kept over all the positions, as the computer
    players do. Reading back a proof where fewer of the lone player's cards were out of reach
    fails this test."""
    asked = Solver(memory_mb=16)
    never = Solver(memory_mb=16, relaxed_from=14)
    rng = random.Random(2626)
    positions = [(Position.from_pbn(deal, None, leader), Seat[lone]) for deal, leader, lone in POWER_TRAPS]
    for _ in range(120):
        pos = random_position(rng, 9)
        positions.append((Position(pos.hands, None, pos.leader), SEATS[rng.randrange(4)]))
    changed = 0
    for pos, lone in positions:
        sol = asked.solve(pos, [lone], MIN)
        plain = never.solve(pos, [lone], MIN)
        assert sol.cards == plain.cards, (format_deal(pos.hands), pos.leader.name, lone.name)
        changed += asked.nodes != never.nodes
    assert changed >= len(positions) // 2
    # a search of another kind in between (the same seat alone, goal max) takes back the small
    # table that held the tags of the proofs: those proofs must be forgotten with them
    for _ in range(2):
        for pos, lone in positions[: len(POWER_TRAPS)]:
            assert asked.solve(pos, [lone], MIN).cards == never.solve(pos, [lone], MIN).cards
            asked.solve(pos, [lone], MAX)


@pytest.mark.parametrize("trumps", [True, False], ids=["trumps", "no-trump"])
def test_the_relaxed_misere_game_leads_against_the_plain_search(trumps: bool) -> None:
    """In the relaxed game, after a trick the others take, only those who could have won it may
    lead the next (those who ruffed, if any did, else those who followed suit; at no trump too
    since 2026-12-06), and with trumps a trump of the others' thrown on a side suit beats the
    lone player's card of the suit and the lower trumps, as in the real game (docs/solver.md,
    *The relaxed misère game*): positions of 8 cards per hand, with a trump suit or at no trump,
    a third with cards on the table, a random seat alone, goal min, ``exact(0)`` and
    ``exact(1)``. Every card's value must be that of the same search without the relaxed game
    (``relaxed_from=14``). A ruff of the lone player's that loses to an equal trump of the
    others', the others without their choice of trumps, the lead given to those who followed
    suit where another ruffed, or given to one only of those who followed suit (the seat of the
    lowest number), each fails this test."""
    asked = Solver(memory_mb=16)
    never = Solver(memory_mb=16, relaxed_from=14)
    rng = random.Random(4242 if trumps else 4343)
    changed = 0
    for i in range(300):
        hands = random_hands(rng, 8)
        trump, leader = rng.randrange(4), rng.randrange(4)
        played = on_the_table(rng, hands, leader, rng.randrange(1, 4)) if i % 3 == 0 else []
        pos = Position((hands[0], hands[1], hands[2], hands[3]), Suit(trump) if trumps else None,
                       SEATS[leader], tuple(CARDS[c] for c in played))
        lone = SEATS[rng.randrange(4)]
        for goal in (MIN, exact(0), exact(1)):
            sol = asked.solve(pos, [lone], goal)
            plain = never.solve(pos, [lone], goal)
            assert sol.cards == plain.cards, (format_deal(pos.hands), trump, leader, played, lone.name, goal)
            changed += asked.nodes != never.nodes
    assert changed >= 300


@pytest.mark.parametrize("shape", ["opposite", "1v3", "3v1"])
def test_a_side_that_needs_every_trick_at_no_trump_against_minimax(shape: str) -> None:
    """At no trump, or once no trump is left, a side on lead that needs every trick left loses
    one when the suits where it holds the top card cannot be led often enough (the later-tricks
    bound of docs/solver.md, *Bounds at the start of a trick*). Endgames of 3 and 4 cards per
    hand, half of them of high cards only (where a squeeze could beat the count): the side on
    lead needs all of them, or the other side needs one; every answer must agree with the plain
    minimax."""
    solver = Solver(memory_mb=4)
    rng = random.Random(9090 + len(shape))
    for i in range(240):
        n = 4 if i % 4 < 2 else 3
        hands = high_card_hands(rng, n) if i // 4 % 2 else random_hands(rng, n)
        held = [s for s in range(4) if any(h >> (13 * s) & 0x1FFF for h in hands)]
        gone = [s for s in range(4) if s not in held]
        # no trump; a trump suit nobody holds; now and then a real trump, where the bound
        # must not apply
        trump = rng.choice(gone) if gone and i % 3 == 0 else rng.choice(held) if i % 3 == 1 else None
        leader = rng.randrange(4)
        team = sum(1 << ((leader + b.bit_length() - 1) & 3) for b in SHAPES[shape])
        if i % 2:
            team = ~team & 15  # the side on lead is the other one: the team needs one trick
        values = reference(list(hands), trump, leader, [], team, MAX)
        value = max(values.values()) if team >> leader & 1 else min(values.values())
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None if trump is None else Suit(trump),
                       SEATS[leader])
        k = n if team >> leader & 1 else 1
        got = solver.solve(pos, [SEATS[s] for s in range(4) if team >> s & 1], at_least=k)
        assert got is (value >= k), (format_deal(hands), trump, leader, team, k)


def trump_endgames(count: int, seed: int, sizes: tuple[int, ...]) -> list[tuple[Endgame, int]]:
    """Endgames of ``sizes`` cards per hand in turn, where one seat (returned with each) holds
    two or more cards of the trump suit, often under a higher one of another seat, and now and
    then the top cards of a side suit: the holdings the trump game reasons about. One in four
    is played at no trump (the long suit is then a side suit like the others)."""
    rng = random.Random(seed)
    out: list[tuple[Endgame, int]] = []
    for i in range(count):
        n = sizes[i % len(sizes)]
        trump = rng.randrange(4)
        lone = rng.randrange(4)
        trumps = [13 * trump + r for r in range(13)]
        mine = rng.sample(trumps, rng.randint(2, min(n, 4)))
        rest = [c for c in range(52) if c not in mine]
        rng.shuffle(rest)
        if i % 3 == 0:  # the two top cards of a side suit
            side = rng.choice([s for s in range(4) if s != trump])
            tops = [13 * side + 12, 13 * side + 11][: n - len(mine)]
            mine += tops
            rest = [c for c in rest if c not in tops]
        hands = [0, 0, 0, 0]
        for c in mine + rest[: n - len(mine)]:
            hands[lone] |= 1 << c
        others = rest[n - len(mine):][: 3 * n]
        for k, c in enumerate(others):
            hands[[s for s in range(4) if s != lone][k % 3]] |= 1 << c
        leader = rng.randrange(4)
        played = on_the_table(rng, hands, leader, rng.randrange(4) if i % 2 else 0)
        out.append(((hands, None if i % 4 == 3 else trump, leader, played), lone))
    return out


@pytest.mark.parametrize("shape", ["1v3", "3v1"])
def test_the_trump_game_against_minimax(shape: str) -> None:
    """A seat alone on its side (a solo, RULES.md; or the lone defender of a team of three),
    goal max, with trumps or at no trump: the search asks the trump game (the others' side cards
    are told apart by suit only; see docs/solver.md, *The trump game*) at the start of every
    trick from two tricks left, and every value and every ``at_least`` answer must be the plain
    minimax's. The game must be at work: it changes the search (its node count) in many of the
    endgames. Each rule of the game is needed here: a side card of the lone seat that is not a
    master winning when followed, the others' choice of the winner of a side trick taken away
    from them, a ruff while holding the suit led, or a key without the tricks wanted, fails this
    test."""
    asked = Solver(memory_mb=4, trump_game_from=2)
    never = Solver(memory_mb=4, trump_game_from=14)
    changed = 0
    games = trump_endgames(600, 5150 + len(shape), (3, 4, 4))
    for (hands, trump, leader, played), lone in games:
        team = 1 << lone if shape == "1v3" else ~(1 << lone) & 15
        seats = [SEATS[s] for s in range(4) if team >> s & 1]
        want = reference(list(hands), trump, leader, played, team, MAX)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None if trump is None else Suit(trump),
                       SEATS[leader], tuple(CARDS[c] for c in played))
        sol = asked.solve(pos, seats)
        got = {c.index: int(v) for c, v in sol.cards.items()}
        assert got == want, (format_deal(hands), trump, leader, played, team)
        never.solve(pos, seats)
        changed += asked.nodes != never.nodes
        mover = (leader + len(played)) & 3
        if team >> mover & 1:
            for k in (sol.best, sol.best + 1):
                assert asked.solve(pos, seats, at_least=k) is (sol.best >= k)
    assert changed >= len(games) // 4


def long_trump_positions(count: int, seed: int) -> list[tuple[Position, Seat]]:
    """Positions of 7 or 8 cards per hand where one seat (returned with each) holds six or
    seven trumps, the others the rest of the suit among their cards: a solo or an abondance
    player's long trump holding, which is worth more than four tricks."""
    rng = random.Random(seed)
    out: list[tuple[Position, Seat]] = []
    for i in range(count):
        n = 7 + i % 2
        trump = rng.randrange(4)
        lone = rng.randrange(4)
        trumps = [13 * trump + r for r in range(13)]
        mine = rng.sample(trumps, rng.randint(6, 7))
        rest = [c for c in range(52) if c not in mine]
        rng.shuffle(rest)
        hands = [0, 0, 0, 0]
        for c in mine + rest[: n - len(mine)]:
            hands[lone] |= 1 << c
        for k, c in enumerate(rest[n - len(mine):][: 3 * n]):
            hands[[s for s in range(4) if s != lone][k % 3]] |= 1 << c
        leader = rng.randrange(4)
        played = on_the_table(rng, hands, leader, rng.randrange(4) if i % 2 else 0)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), Suit(trump), SEATS[leader],
                       tuple(CARDS[c] for c in played))
        out.append((pos, SEATS[lone]))
    return out


@pytest.mark.parametrize("shape", ["1v3", "3v1"])
def test_the_trump_game_counts_a_long_trump_holding(shape: str) -> None:
    """A solo or abondance player (RULES.md §5.2) with six or seven trumps: the trump game is
    also asked whether such a seat makes five tricks or more (up to one less than its trumps),
    where a search without it needs millions of positions to refute every defence. Every value
    and every ``at_least`` answer must be the same as the search's without the trump game (which
    the tests against DDS and the plain minimax above check), and the game must be at work."""
    asked = Solver(memory_mb=8, trump_game_from=2)
    never = Solver(memory_mb=8, trump_game_from=14)
    changed = 0
    games = long_trump_positions(120, 6100 + len(shape))
    for pos, lone in games:
        seats = [lone] if shape == "1v3" else [s for s in SEATS if s != lone]
        sol = asked.solve(pos, seats)
        assert sol.cards == never.solve(pos, seats).cards, (format_deal(pos.hands), pos)
        changed += asked.nodes != never.nodes
        if pos.to_move in seats:
            for k in (sol.best, sol.best + 1):
                assert asked.solve(pos, seats, at_least=k) is (sol.best >= k)
    assert changed >= len(games) // 4
