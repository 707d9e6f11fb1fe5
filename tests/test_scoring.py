"""Scoring of classic whist as pure functions (RULES.md §2–4; ``whist.scoring``).

Worked examples first, then hypothesis properties over every start score, trick split and
honour holding: points are never negative, tricks are scored before honours (D17), a game
winner has reached game and nobody else has, game points are 3/2/1, settlements balance.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whist.cards import Side
from whist.rules import Rules, preset, with_options
from whist.scoring import DealPoints, called_points, deal_points, game_value, honour_points, settlement

CLASSIC = preset("classic")
SHORT = preset("short")
SIMPLE = preset("simple")


class TestDealPointsExamples:
    """RULES.md §2 (classic), §3 (short), §4 (simple): worked examples."""

    def test_doctest_example(self) -> None:
        assert deal_points(CLASSIC, (0, 0), (9, 4), (3, 1)) == DealPoints((3, 0), (2, 0), None)

    def test_game_by_tricks_cancels_all_honours(self) -> None:
        assert deal_points(CLASSIC, (8, 6), (9, 4), (0, 4)) == DealPoints((3, 0), (0, 0), Side.NS)

    def test_game_by_honours(self) -> None:
        assert deal_points(CLASSIC, (8, 6), (4, 9), (3, 1)) == DealPoints((0, 3), (2, 0), Side.NS)

    def test_trick_side_short_of_game_other_side_wins_by_honours(self) -> None:
        assert deal_points(CLASSIC, (5, 8), (10, 3), (1, 3)) == DealPoints((4, 0), (0, 2), Side.EW)

    def test_simple_two_per_odd_trick(self) -> None:
        assert deal_points(SIMPLE, (0, 0), (8, 5), (0, 3)).total == (4, 2)

    def test_short_side_at_four_scores_no_honours(self) -> None:
        assert deal_points(SHORT, (4, 0), (6, 7), (4, 0)) == DealPoints((0, 1), (0, 0), None)
        assert deal_points(SHORT, (3, 0), (6, 7), (4, 0)) == DealPoints((0, 1), (4, 0), Side.NS)

    def test_called_points(self) -> None:
        assert called_points(Side.NS) == DealPoints((0, 0), (2, 0), Side.NS)
        assert called_points(Side.EW).total == (0, 2)

    @pytest.mark.parametrize(("count", "points"), [(0, 0), (1, 0), (2, 0), (3, 2), (4, 4)])
    def test_honour_points(self, count: int, points: int) -> None:
        assert honour_points(count) == points

    @pytest.mark.parametrize(
        ("rules", "losers", "value"),
        [(CLASSIC, 0, 3), (CLASSIC, 1, 2), (CLASSIC, 4, 2), (CLASSIC, 5, 1), (CLASSIC, 9, 1),
         (SHORT, 0, 3), (SHORT, 2, 2), (SHORT, 3, 1), (SHORT, 4, 1)],
    )
    def test_game_value(self, rules: Rules, losers: int, value: int) -> None:
        assert game_value(rules, losers) == value

    def test_settlement_example(self) -> None:
        r = with_options(CLASSIC, {"stake": "0.1"})
        out = settlement(r, (9, 4))
        assert out == pytest.approx({"N": 0.5, "E": -0.5, "S": 0.5, "W": -0.5})


# ----- properties -----------------------------------------------------------------------------


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    base = draw(st.sampled_from([CLASSIC, SHORT, SIMPLE]))
    game = draw(st.integers(min_value=1, max_value=15))
    single = draw(st.integers(min_value=1, max_value=game))
    return with_options(base, {
        "game_points": game,
        # (simple whist has no game points, which single_game_from values: refused there)
        **({"single_game_from": single} if base.game_and_rubber_points else {}),
        "points_per_odd_trick": draw(st.integers(min_value=1, max_value=3)),
        "no_honours_at_nine": draw(st.booleans()),
        "honours": draw(st.booleans()),
    })


@st.composite
def deals(draw: st.DrawFn) -> tuple[Rules, tuple[int, int], tuple[int, int], tuple[int, int]]:
    rules = draw(rule_sets())
    below = st.integers(min_value=0, max_value=rules.game_points - 1)
    start = (draw(below), draw(below))
    ns = draw(st.integers(min_value=0, max_value=13))
    h_ns = draw(st.integers(min_value=0, max_value=4))
    h_ew = draw(st.integers(min_value=0, max_value=4 - h_ns))
    return rules, start, (ns, 13 - ns), (h_ns, h_ew)


Case = tuple[Rules, tuple[int, int], tuple[int, int], tuple[int, int]]


class TestDealPointsProperties:
    """D17 and §2–4 as properties of ``deal_points`` over all inputs."""

    @given(deals())
    def test_points_never_negative(self, case: Case) -> None:
        pts = deal_points(*case)
        assert min(pts.tricks + pts.honours) >= 0

    @given(deals())
    def test_trick_points_are_odd_tricks_times_the_rate(self, case: Case) -> None:
        rules, _start, tricks, _h = case
        pts = deal_points(*case)
        for side in Side:
            assert pts.tricks[side] == max(0, tricks[side] - 6) * rules.points_per_odd_trick
        assert min(pts.tricks) == 0

    @given(deals())
    def test_a_game_winner_reached_game_and_the_other_side_did_not_win(self, case: Case) -> None:
        rules, start, _t, _h = case
        pts = deal_points(*case)
        reached = [start[s] + pts.total[s] >= rules.game_points for s in Side]
        if pts.game_winner is None:
            assert not any(reached)
        else:
            assert reached[pts.game_winner]

    @given(deals())
    def test_tricks_before_honours(self, case: Case) -> None:
        rules, start, _t, _h = case
        pts = deal_points(*case)
        by_tricks = [s for s in Side if pts.tricks[s] and start[s] + pts.tricks[s] >= rules.game_points]
        if by_tricks:
            assert pts.game_winner is by_tricks[0]
            assert pts.honours == (0, 0)

    @given(deals())
    def test_honours_follow_the_table_unless_barred(self, case: Case) -> None:
        rules, start, _tricks, honours = case
        pts = deal_points(*case)
        trick_game = any(pts.tricks[s] and start[s] + pts.tricks[s] >= rules.game_points for s in Side)
        for side in Side:
            barred = (not rules.honours or trick_game
                      or (rules.no_honours_at_nine and start[side] == rules.game_points - 1))
            assert pts.honours[side] == (0 if barred else honour_points(honours[side]))

    @given(deals())
    def test_total_is_tricks_plus_honours(self, case: Case) -> None:
        pts = deal_points(*case)
        assert pts.total == (pts.tricks[0] + pts.honours[0], pts.tricks[1] + pts.honours[1])

    @given(st.sampled_from([CLASSIC, SHORT]), st.integers(min_value=0, max_value=30))
    def test_game_value_three_two_one(self, rules: Rules, losers: int) -> None:
        v = game_value(rules, losers)
        assert v in (1, 2, 3)
        assert (v == 3) == (losers == 0)
        assert (v == 1) == (losers >= rules.single_game_from)
        assert game_value(rules, losers + 1) <= v


class TestSettlementProperties:
    """RULES.md §2: each player of the winning side is paid by the player on his left, the
    difference times the stake; the money balances."""

    @given(st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=40),
           st.sampled_from([0.0, 0.5, 1.0, 2.0, 10.0]))
    def test_settlement(self, ns: int, ew: int, stake: float) -> None:
        rules = with_options(CLASSIC, {"stake": stake})
        out = settlement(rules, (ns, ew))
        assert set(out) == {"N", "E", "S", "W"}
        assert sum(out.values()) == pytest.approx(0.0)
        pay = abs(ns - ew) * stake
        if ns > ew:
            assert out == pytest.approx({"N": pay, "E": -pay, "S": pay, "W": -pay})
        elif ew > ns:
            assert out == pytest.approx({"N": -pay, "E": pay, "S": -pay, "W": pay})
        else:
            assert set(out.values()) == {0.0}

    def test_settlement_is_money_in_hundredths(self) -> None:
        """0.1 a point and 7 points pay 0.7 exactly, not the float 0.7000000000000001."""
        out = settlement(with_options(CLASSIC, {"stake": "0.1"}), (9, 2))
        assert out == {"N": 0.7, "E": -0.7, "S": 0.7, "W": -0.7}
