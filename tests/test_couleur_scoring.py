"""Scoring of colour whist: every row of both tables of RULES.md §5.7, and the queens game (§5.8).

``couleur`` is the seed's table ("barème"): each defender loses the amount shown and the
declarers share the sum. ``pagat`` gives a value V per contract: each defender pays V and the
declarers share. Points are written in seat order N, E, S, W throughout.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whist.cards import SEATS, Seat, Suit, parse_deal
from whist.contracts import Contract, parse_contract
from whist.couleur import ColourDeal
from whist.rules import Rules, preset, with_options
from whist.tables import TableError, dames_points, made, score

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
Points = tuple[int, int, int, int]


def pts(style: str, contract: str, declarers: Sequence[Seat], tricks: Sequence[int],
        trou_needed: int = 8) -> Points:
    """Each seat's points (N, E, S, W); ``tricks`` are the declarers' tricks, in their order."""
    c = parse_contract(contract)
    if c.info.suited and c.suit is None:
        c = Contract(c.kind, c.level, Suit.HEARTS)
    out = score(style, c, list(declarers), dict(zip(declarers, tricks, strict=True)), trou_needed)
    assert set(out) == set(SEATS)
    return (out[N], out[E], out[S], out[W])


def pair(v: int) -> Points:
    """N and S declare together against E and W: each declarer wins ``v``, each defender loses it."""
    return (v, -v, v, -v)


def one(v: int) -> Points:
    """N declares alone: each defender loses ``v`` and N wins the sum, ``3v``."""
    return (3 * v, -v, -v, -v)


# ----- couleur ------------------------------------------------------------------------------


class TestCouleurEmballageAndTrou:
    """§5.7 couleur, "Emballage et trou": per player, by tricks over or under the contract's own
    number (D27); all 13 tricks 20 at any level and −6 or worse −20 (D7)."""

    @pytest.mark.parametrize(("tricks", "each"), [
        (8, 5), (9, 7), (10, 9), (11, 11), (12, 13), (13, 20),
        (7, -7), (6, -9), (5, -11), (4, -13), (3, -15), (2, -20), (1, -20), (0, -20),
    ])
    def test_emballage_8_every_row(self, tricks: int, each: int) -> None:
        assert pts("couleur", "emballage 8", [N, S], [tricks, 0]) == pair(each)

    def test_a_pair_tricks_are_added_whoever_took_them(self) -> None:
        assert pts("couleur", "emballage 8", [N, S], [4, 5]) == pair(7)
        assert pts("couleur", "emballage 8", [E, W], [0, 8]) == (-5, 5, -5, 5)

    @pytest.mark.parametrize(("level", "tricks", "each"), [
        (9, 9, 5), (9, 10, 7), (9, 12, 11), (9, 13, 20), (9, 8, -7), (9, 3, -20), (9, 4, -15),
        (10, 10, 5), (10, 11, 7), (10, 12, 9), (10, 13, 20), (10, 9, -7), (10, 4, -20), (10, 5, -15),
        (11, 11, 5), (11, 12, 7), (11, 13, 20), (11, 10, -7), (11, 6, -15), (11, 5, -20),
        (12, 12, 5), (12, 13, 20), (12, 11, -7), (12, 7, -15), (12, 6, -20), (12, 0, -20),
    ])
    def test_overbid_emballage_counts_from_its_own_number(self, level: int, tricks: int, each: int) -> None:
        """D27: an overbid emballage made exactly scores 5; D7: all 13 tricks score 20 at any level."""
        assert pts("couleur", f"emballage {level}", [N, S], [tricks, 0]) == pair(each)

    @pytest.mark.parametrize(("needed", "tricks", "each"), [
        (8, 8, 5), (8, 12, 13), (8, 13, 20), (8, 7, -7), (8, 2, -20), (8, 3, -15),
        (9, 9, 5), (9, 10, 7), (9, 13, 20), (9, 8, -7), (9, 4, -15), (9, 3, -20),
    ])
    def test_trou_scores_as_emballage_over_8_or_9(self, needed: int, tricks: int, each: int) -> None:
        """§5.7: "Emballage et trou" is one row; the trou needs 8 or 9 tricks (§5.3)."""
        assert pts("couleur", "trou", [N, E], [tricks, 0], needed) == (each, each, -each, -each)


class TestCouleurSolo:
    """§5.7 couleur, solo 6 and 7: 15/−5, +1 21/−7, +2 27/−9, tricks above 8 do not count;
    −1 −21/7, −2 −27/9, −3 −33/11, each further trick short −6/+2 more (D8). Solo 8 flat (D9)."""

    @pytest.mark.parametrize(("tricks", "each"), [
        (6, 5), (7, 7), (8, 9), (9, 9), (10, 9), (13, 9),
        (5, -7), (4, -9), (3, -11), (2, -13), (1, -15), (0, -17),
    ])
    def test_solo_6(self, tricks: int, each: int) -> None:
        assert pts("couleur", "solo 6", [N], [tricks]) == one(each)

    @pytest.mark.parametrize(("tricks", "each"), [
        (7, 5), (8, 7), (9, 7), (13, 7),
        (6, -7), (5, -9), (4, -11), (3, -13), (0, -19),
    ])
    def test_solo_7_scores_at_most_21(self, tricks: int, each: int) -> None:
        assert pts("couleur", "solo 7", [N], [tricks]) == one(each)

    def test_declarer_row_values_as_printed(self) -> None:
        """The seed's printed declarer column: 15, 21, 27 and −21, −27, −33."""
        assert [pts("couleur", "solo 6", [W], [t])[3] for t in (6, 7, 8, 5, 4, 3)] == [
            15, 21, 27, -21, -27, -33]

    @pytest.mark.parametrize("tricks", [8, 9, 12, 13])
    def test_solo_8_made_is_flat(self, tricks: int) -> None:
        """D9: the seed's row "8 plis sur petite misère" is solo 8: 24 / −8."""
        assert pts("couleur", "solo 8", [N], [tricks]) == (24, -8, -8, -8)

    @pytest.mark.parametrize("tricks", [0, 5, 7])
    def test_solo_8_failed_is_flat(self, tricks: int) -> None:
        assert pts("couleur", "solo 8", [N], [tricks]) == (-24, 8, 8, 8)

    def test_solo_5_is_not_in_the_couleur_table(self) -> None:
        with pytest.raises(TableError):
            score("couleur", Contract("solo", 5, Suit.SPADES), [N], {N: 5})


class TestCouleurMiseres:
    """§5.7 couleur: petite misère 18/−6, grande misère 36/−12; two declarers (D6, D11, D28)."""

    def test_petite_misere_one_declarer(self) -> None:
        assert pts("couleur", "petite misère", [N], [0]) == (18, -6, -6, -6)
        assert pts("couleur", "petite misère", [N], [1]) == (-18, 6, 6, 6)
        assert pts("couleur", "petite misère", [N], [7]) == (-18, 6, 6, 6)

    def test_petite_misere_two_declarers_both_made(self) -> None:
        """Seed row "2g./2m.": +9 +9 −9 −9."""
        assert pts("couleur", "petite misère", [N, E], [0, 0]) == (9, 9, -9, -9)

    def test_petite_misere_two_declarers_both_failed(self) -> None:
        """Seed row "2p./2m.": −9 −9 +9 +9."""
        assert pts("couleur", "petite misère", [N, E], [1, 3]) == (-9, -9, 9, 9)

    def test_petite_misere_two_declarers_one_made(self) -> None:
        """Seed rows "1g./2m." and "1p./2m.": +15 (made) −21 (failed) +3 +3."""
        assert pts("couleur", "petite misère", [N, E], [0, 2]) == (15, -21, 3, 3)
        assert pts("couleur", "petite misère", [N, E], [1, 0]) == (-21, 15, 3, 3)
        assert pts("couleur", "petite misère", [S, W], [0, 1]) == (3, 3, 15, -21)

    def test_grande_misere_one_declarer(self) -> None:
        assert pts("couleur", "grande misère", [E], [0]) == (-12, 36, -12, -12)
        assert pts("couleur", "grande misère", [E], [2]) == (12, -36, 12, 12)

    def test_grande_misere_two_declarers(self) -> None:
        """D11: both made +18 +18 −18 −18 (the seed's "18 −6 −6 −6" read as the petite misère rows
        doubled); both failed the opposite; one made, one failed +30 −42 +6 +6."""
        assert pts("couleur", "grande misère", [N, W], [0, 0]) == (18, -18, -18, 18)
        assert pts("couleur", "grande misère", [N, W], [1, 1]) == (-18, 18, 18, -18)
        assert pts("couleur", "grande misère", [N, W], [0, 4]) == (30, 6, 6, -42)
        assert pts("couleur", "grande misère", [N, W], [1, 0]) == (-42, 6, 6, 30)

    def test_grande_misere_sur_table_is_flat(self) -> None:
        assert pts("couleur", "grande misère sur table", [S], [0]) == (-16, -16, 48, -16)
        assert pts("couleur", "grande misère sur table", [S], [1]) == (16, 16, -48, 16)

    def test_grande_misere_sur_table_has_one_declarer(self) -> None:
        with pytest.raises(TableError):
            pts("couleur", "grande misère sur table", [N, S], [0, 0])

    def test_piccolo_is_a_joint_contract(self) -> None:
        """D13: both must take exactly one trick; made +18 +18 −18 −18, failed the opposite (the
        seed's example: "A et B jouent un piccolo et le perdent … A et B perdent 18 points")."""
        assert pts("couleur", "piccolo", [N, E], [1, 1]) == (18, 18, -18, -18)
        assert pts("couleur", "piccolo", [N, E], [1, 0]) == (-18, -18, 18, 18)
        assert pts("couleur", "piccolo", [N, E], [2, 0]) == (-18, -18, 18, 18)
        assert pts("couleur", "piccolo", [N, E], [1, 2]) == (-18, -18, 18, 18)
        assert pts("couleur", "piccolo", [N, E], [0, 0]) == (-18, -18, 18, 18)

    def test_piccolo_needs_two_declarers(self) -> None:
        with pytest.raises(TableError):
            pts("couleur", "piccolo", [N], [1])

    def test_piccolissimo_scores_as_a_one_declarer_petite_misere(self) -> None:
        """D14: exactly 2 tricks; 18/−6, failed −18/6."""
        assert pts("couleur", "piccolissimo", [N], [2]) == (18, -6, -6, -6)
        for t in (0, 1, 3, 9):
            assert pts("couleur", "piccolissimo", [N], [t]) == (-18, 6, 6, 6)


class TestCouleurFlatContracts:
    """§5.7 couleur: abondance 30/−10, abondance sur table 45/−15 (D10), chelem 60/−20 (D12)."""

    @pytest.mark.parametrize("tricks", [9, 10, 13])
    def test_abondance_made(self, tricks: int) -> None:
        assert pts("couleur", "abondance", [N], [tricks]) == (30, -10, -10, -10)

    @pytest.mark.parametrize("tricks", [0, 8])
    def test_abondance_failed(self, tricks: int) -> None:
        assert pts("couleur", "abondance", [N], [tricks]) == (-30, 10, 10, 10)

    def test_abondance_sur_table(self) -> None:
        assert pts("couleur", "abondance sur table", [E], [9]) == (-15, 45, -15, -15)
        assert pts("couleur", "abondance sur table", [E], [12]) == (-15, 45, -15, -15)
        assert pts("couleur", "abondance sur table", [E], [8]) == (15, -45, 15, 15)

    def test_chelem_is_the_table_not_the_prose(self) -> None:
        """D12: the table's 60/−20, not the prose's "100 points each"."""
        assert pts("couleur", "chelem", [N], [13]) == (60, -20, -20, -20)
        assert pts("couleur", "chelem", [N], [12]) == (-60, 20, 20, 20)
        assert pts("couleur", "chelem", [N], [0]) == (-60, 20, 20, 20)

    def test_couleur_has_no_abondance_10(self) -> None:
        with pytest.raises(TableError):
            score("couleur", Contract("abondance", 10, Suit.HEARTS), [N], {N: 10})


# ----- pagat --------------------------------------------------------------------------------


class TestPagatEmballage:
    """§5.7 pagat: emballage 8/9/10/11/12 worth 8/11/14/17/20 made; the value follows the tricks
    won (3 × tricks − 16); all 13 tricks 30; failed: the bid's value + 3 per missing trick;
    emballage 13 made 30, failed 30 (D29)."""

    @pytest.mark.parametrize(("tricks", "v"), [
        (8, 8), (9, 11), (10, 14), (11, 17), (12, 20), (13, 30),
        (7, -11), (6, -14), (4, -20), (0, -32),
    ])
    def test_emballage_8(self, tricks: int, v: int) -> None:
        assert pts("pagat", "emballage 8", [N, S], [tricks, 0]) == pair(v)

    @pytest.mark.parametrize(("level", "tricks", "v"), [
        (9, 9, 11), (9, 10, 14), (9, 12, 20), (9, 13, 30), (9, 8, -14), (9, 6, -20),
        (10, 10, 14), (10, 11, 17), (10, 13, 30), (10, 9, -17), (10, 7, -23),
        (11, 11, 17), (11, 12, 20), (11, 10, -20), (11, 8, -26),
        (12, 12, 20), (12, 13, 30), (12, 11, -23), (12, 0, -56),
    ])
    def test_emballage_9_to_12(self, level: int, tricks: int, v: int) -> None:
        assert pts("pagat", f"emballage {level}", [N, S], [tricks, 0]) == pair(v)

    @pytest.mark.parametrize(("tricks", "v"), [(13, 30), (12, -30), (8, -30), (0, -30)])
    def test_emballage_13(self, tricks: int, v: int) -> None:
        """D29: made 30, failed 30 (no extra per missing trick)."""
        assert pts("pagat", "emballage 13", [N, S], [tricks, 0]) == pair(v)


class TestPagatSolo:
    """§5.7 pagat: solo 5/6/7/8 worth 3/4/5/7, +1 per overtrick up to 8 tricks; failed: value +1
    per missing trick. One declarer against three wins 3V."""

    @pytest.mark.parametrize(("level", "tricks", "v"), [
        (5, 5, 3), (5, 6, 4), (5, 7, 5), (5, 8, 6), (5, 9, 6), (5, 13, 6),
        (5, 4, -4), (5, 2, -6), (5, 0, -8),
        (6, 6, 4), (6, 7, 5), (6, 8, 6), (6, 11, 6), (6, 5, -5), (6, 3, -7),
        (7, 7, 5), (7, 8, 6), (7, 13, 6), (7, 6, -6), (7, 0, -12),
        (8, 8, 7), (8, 9, 7), (8, 13, 7), (8, 7, -8), (8, 4, -11),
    ])
    def test_solo(self, level: int, tricks: int, v: int) -> None:
        assert pts("pagat", f"solo {level}", [N], [tricks]) == one(v)


class TestPagatFlat:
    """§5.7 pagat: petite misère 6, piccolo 8, grande misère 12, open misère 24, solo slim 60;
    failed the same. Trou 16, all 13 tricks 30, failed 16. Abondance 9/10/11/12: 10/15/20/30,
    overtricks at the level reached (13 as 12), failed the bid's value."""

    @pytest.mark.parametrize(("contract", "made_tricks", "failed_tricks", "v"), [
        ("petite misère", 0, 1, 6), ("piccolo", 1, 0, 8), ("piccolo", 1, 2, 8),
        ("grande misère", 0, 3, 12), ("open misère", 0, 1, 24),
        ("solo slim", 13, 12, 60),
    ])
    def test_one_declarer(self, contract: str, made_tricks: int, failed_tricks: int, v: int) -> None:
        assert pts("pagat", contract, [N], [made_tricks]) == one(v)
        assert pts("pagat", contract, [N], [failed_tricks]) == one(-v)

    @pytest.mark.parametrize(("tricks", "v"), [(8, 16), (10, 16), (12, 16), (13, 30), (7, -16), (0, -16)])
    def test_trou(self, tricks: int, v: int) -> None:
        assert pts("pagat", "trou", [N, S], [tricks, 0]) == pair(v)

    @pytest.mark.parametrize(("tricks", "v"), [(9, 16), (12, 16), (13, 30), (8, -16), (0, -16)])
    def test_trou_of_four_aces_at_nine(self, tricks: int, v: int) -> None:
        """§5.3: the four-aces trou needs 9 tricks with trou_always_nine, in pagat too; §5.7 pagat
        trou: 16, all 13 tricks 30, failed 16."""
        assert pts("pagat", "trou", [N, S], [tricks, 0], 9) == pair(v)

    @pytest.mark.parametrize(("level", "tricks", "v"), [
        (9, 9, 10), (9, 10, 15), (9, 11, 20), (9, 12, 30), (9, 13, 30), (9, 8, -10), (9, 0, -10),
        (10, 10, 15), (10, 12, 30), (10, 9, -15),
        (11, 11, 20), (11, 13, 30), (11, 10, -20),
        (12, 12, 30), (12, 13, 30), (12, 11, -30),
    ])
    def test_abondance(self, level: int, tricks: int, v: int) -> None:
        assert pts("pagat", f"abondance {level}", [N], [tricks]) == one(v)

    def test_pagat_has_no_piccolissimo(self) -> None:
        with pytest.raises(TableError):
            pts("pagat", "piccolissimo", [N], [2])


class TestPagatSeveralMiseres:
    """§5.7 pagat: several misère or piccolo declarers are each settled alone against the three
    others, and the settlements summed."""

    def test_two_declarers_one_fails(self) -> None:
        # N made: N +18, E S W −6; E failed: E −18, N S W +6.
        assert pts("pagat", "petite misère", [N, E], [0, 1]) == (24, -24, 0, 0)

    def test_two_declarers_both_made(self) -> None:
        assert pts("pagat", "grande misère", [N, E], [0, 0]) == (24, 24, -24, -24)

    def test_three_declarers(self) -> None:
        assert pts("pagat", "petite misère", [N, E, S], [0, 0, 0]) == (6, 6, 6, -18)
        assert pts("pagat", "piccolo", [N, E, S], [1, 1, 2]) == (24, 24, -40, -8)

    def test_four_declarers_all_made_cancel(self) -> None:
        assert pts("pagat", "open misère", [N, E, S, W], [0, 0, 0, 0]) == (0, 0, 0, 0)
        assert pts("pagat", "open misère", [N, E, S, W], [1, 0, 0, 0]) == (-144, 48, 48, 48)

    def test_made_is_told_by_the_tricks_not_the_points(self) -> None:
        """Four misères all made score 0 each, yet each is made: a misère or piccolo player by his
        own tricks (exactly those needed); other declarers together (at least)."""
        tricks = {N: 0, E: 0, S: 0, W: 0}
        all_made = dict.fromkeys(SEATS, True)
        assert made(parse_contract("open misère"), [N, E, S, W], tricks, 0, "pagat") == all_made
        assert made(parse_contract("piccolo"), [N, E], {N: 1, E: 2}, 1, "pagat") == {N: True, E: False}
        assert made(parse_contract("emballage 8"), [N, S], {N: 8, S: 0}, 8, "pagat") == {N: True, S: True}
        assert made(parse_contract("solo 7"), [W], {W: 6}, 7, "pagat") == {W: False}


def test_couleur_piccolo_of_two_is_made_or_failed_together() -> None:
    """RULES.md §5.7, D13: couleur's piccolo of two declarers is one joint contract, made only if
    both take exactly one trick (+18 each) and failed for both otherwise (−18 each), so neither is
    told he made it while his points say he failed; pagat settles each alone (§5.7)."""
    piccolo = parse_contract("piccolo")
    assert made(piccolo, [N, E], {N: 1, E: 2}, 1, "couleur") == {N: False, E: False}
    assert pts("couleur", "piccolo", [N, E], [1, 2]) == (-18, -18, 18, 18)
    assert made(piccolo, [N, E], {N: 1, E: 1}, 1, "couleur") == {N: True, E: True}
    assert made(piccolo, [N], {N: 1}, 1, "couleur") == {N: True}
    assert made(piccolo, [N], {N: 0}, 1, "couleur") == {N: False}



# N leads; with the first legal card played throughout, N takes exactly one trick and E two or more.
PICCOLO_SPLIT = "N:QJT32.9863.K.K84 64.752.A653.AQJT A.AKQ4.J987.7632 K9875.JT.QT42.95"


@pytest.mark.parametrize(("rules", "calls", "expected"), [
    # the rulebook of couleur (D13) at a table whose preset is named classic (a rules file
    # with game = "couleur" and no preset): one joint contract, failed for both
    (with_options(Rules(), {"game": "couleur"}), ("piccolo", "accept"), {N: False, E: False}),
    # the rulebook of pagat at a table that started from preset couleur: each alone (§5.7)
    (with_options(preset("couleur"), {"style": "pagat"}), ("piccolo", "piccolo"), {N: True, E: False}),
])
def test_a_deal_tells_who_made_a_piccolo_by_its_rulebook_not_its_preset_name(
        rules: Rules, calls: tuple[str, str], expected: dict[Seat, bool]) -> None:
    """RULES.md §5.7: couleur's piccolo of two is made or failed together (D13), pagat settles each
    declarer alone. Which rulebook applies is the table's ``style``, as for the points, whatever
    the name of the preset the options started from."""
    d = ColourDeal.new(rules, W, parse_deal(PICCOLO_SPLIT))
    for call in (*calls, "pass", "pass"):
        d = d.apply(call)
    while not d.is_over:
        d = d.apply(d.legal_actions()[0])
    assert d.tricks_won[N] == 1 and d.tricks_won[E] >= 2
    assert d.made() == expected
    assert all((d.points()[s] > 0) is ok for s, ok in expected.items())

# ----- the queens game ---------------------------------------------------------------------


class TestDames:
    """§5.8 "la misère par les dames": each queen taken costs 5; those who took none share the
    queens' 20 points; all four to one player: +15 to him, −5 to each other; one each: all 0."""

    @pytest.mark.parametrize(("queens", "expected"), [
        ((4, 0, 0, 0), (15, -5, -5, -5)),
        ((0, 0, 4, 0), (-5, -5, 15, -5)),
        ((1, 1, 1, 1), (0, 0, 0, 0)),
        ((2, 2, 0, 0), (-10, -10, 10, 10)),
        ((2, 0, 2, 0), (-10, 10, -10, 10)),
        ((2, 1, 1, 0), (-10, -5, -5, 20)),
        ((1, 1, 2, 0), (-5, -5, -10, 20)),
        ((3, 1, 0, 0), (-15, -5, 10, 10)),
        ((0, 3, 0, 1), (10, -15, 10, -5)),
        ((3, 0, 0, 1), (-15, 10, 10, -5)),
    ])
    def test_rows(self, queens: Points, expected: Points) -> None:
        out = dames_points(dict(zip(SEATS, queens, strict=True)))
        assert (out[N], out[E], out[S], out[W]) == expected

    def test_every_split_of_the_queens_is_zero_sum(self) -> None:
        seen = 0
        for a in range(5):
            for b in range(5 - a):
                for c in range(5 - a - b):
                    q = (a, b, c, 4 - a - b - c)
                    assert sum(dames_points(dict(zip(SEATS, q, strict=True))).values()) == 0
                    seen += 1
        assert seen == 35

    def test_the_four_queens_must_be_shared_out(self) -> None:
        with pytest.raises(TableError):
            dames_points({N: 2, E: 1})


# ----- every number of tricks ----------------------------------------------------------------
# The rows of §5.7 written as the rulebook prints them, checked at every number of tricks from 0 to
# 13, all of them (the examples above pick a few).

COULEUR_PAIR_ROWS = {0: 5, 1: 7, 2: 9, 3: 11, 4: 13, -1: -7, -2: -9, -3: -11, -4: -13, -5: -15}
"""Seed 003, "Emballage et trou": "Juste 5", "+1 plis 7" … "+4 plis 13"; "−1 pli −7" … "−5 plis −15"."""
COULEUR_SOLO_ROWS = {0: 15, 1: 21, 2: 27, -1: -21, -2: -27, -3: -33}
"""Seed 003, "Solo", the declarer's column: "Juste 15", "+1 pli 21", "+2 plis 27"; "−1 pli −21" …"""
TRICKS = range(14)
PAIRS = [("emballage 8", 8), ("emballage 9", 9), ("emballage 10", 10), ("emballage 11", 11),
         ("emballage 12", 12), ("trou", 8), ("trou", 9)]


@pytest.mark.parametrize("case", PAIRS)
def test_couleur_pair_rows_at_every_number_of_tricks(case: tuple[str, int]) -> None:
    """§5.7 couleur: emballage and trou by tricks over or under their own number (D27); all 13
    tricks 20 at any level, −6 or worse −20 (D7)."""
    contract, needed = case
    for tricks in TRICKS:
        each = 20 if tricks == 13 else COULEUR_PAIR_ROWS.get(tricks - needed, -20)
        assert pts("couleur", contract, [N, S], [tricks, 0], needed) == pair(each), tricks


@pytest.mark.parametrize("level", [6, 7])
def test_couleur_solo_6_and_7_at_every_number_of_tricks(level: int) -> None:
    """§5.7 couleur: solo 6 and 7 by the seed's rows; "tricks above 8 do not count"; each further
    trick short −6 / +2 more (D8)."""
    for tricks in TRICKS:
        over = min(tricks, 8) - level
        declarer = COULEUR_SOLO_ROWS.get(over, -33 - 6 * (-over - 3))
        assert pts("couleur", f"solo {level}", [N], [tricks]) == one(declarer // 3), tricks


@pytest.mark.parametrize("case", [("solo 8", 8, 8), ("abondance", 9, 10),
                                  ("abondance sur table", 9, 15), ("chelem", 13, 20)])
def test_couleur_flat_rows_at_every_number_of_tricks(case: tuple[str, int, int]) -> None:
    """§5.7 couleur: solo 8 24/−8 (D9), abondance 30/−10, abondance sur table 45/−15 (D10),
    chelem 60/−20 (D12): made at the contract's tricks or more, the same value whatever the
    overtricks; failed, the opposite."""
    contract, needed, each = case
    for tricks in TRICKS:
        assert pts("couleur", contract, [W], [tricks]) == (
            (-each, -each, -each, 3 * each) if tricks >= needed else (each, each, each, -3 * each)
        ), tricks


@pytest.mark.parametrize("case", [("petite misère", 0, 6), ("grande misère", 0, 12),
                                  ("grande misère sur table", 0, 16), ("piccolissimo", 2, 6)])
def test_couleur_one_declarer_misères_at_every_number_of_tricks(case: tuple[str, int, int]) -> None:
    """§5.7 couleur, one declarer: petite misère 18/−6, grande misère 36/−12, grande misère sur
    table 48/−16, piccolissimo as a petite misère (D14); made only at exactly 0 tricks (2 for
    piccolissimo), failed at any other number."""
    contract, target, each = case
    for tricks in TRICKS:
        assert pts("couleur", contract, [N], [tricks]) == one(each if tricks == target else -each), tricks


@pytest.mark.parametrize("level", range(8, 14))
def test_pagat_emballage_at_every_number_of_tricks(level: int) -> None:
    """§5.7 pagat: emballage 8–12 worth 3 × tricks − 16 when made, 30 for all 13; failed, the
    bid's value and 3 per missing trick; emballage 13 made 30, failed 30 (D29)."""
    bid = 3 * level - 16
    for tricks in TRICKS:
        if level == 13:
            v = 30 if tricks == 13 else -30
        elif tricks >= level:
            v = 30 if tricks == 13 else bid + 3 * (tricks - level)
        else:
            v = -(bid + 3 * (level - tricks))
        assert pts("pagat", f"emballage {level}", [N, S], [tricks, 0]) == pair(v), tricks


@pytest.mark.parametrize("case", [(5, 3), (6, 4), (7, 5), (8, 7)])
def test_pagat_solo_at_every_number_of_tricks(case: tuple[int, int]) -> None:
    """§5.7 pagat: solo 5/6/7/8 worth 3/4/5/7, +1 per overtrick up to 8 tricks; failed, the
    value + 1 per missing trick."""
    level, value = case
    for tricks in TRICKS:
        v = value + max(0, min(tricks, 8) - level) if tricks >= level else -(value + level - tricks)
        assert pts("pagat", f"solo {level}", [N], [tricks]) == one(v), tricks


@pytest.mark.parametrize("level", range(9, 13))
def test_pagat_abondance_at_every_number_of_tricks(level: int) -> None:
    """§5.7 pagat: abondance 9/10/11/12 worth 10/15/20/30, overtricks at the level reached (13 as
    12); failed, the bid's value."""
    value = {9: 10, 10: 15, 11: 20, 12: 30}
    for tricks in TRICKS:
        v = value[min(tricks, 12)] if tricks >= level else -value[level]
        assert pts("pagat", f"abondance {level}", [N], [tricks]) == one(v), tricks


# ----- zero sum ------------------------------------------------------------------------------

_ONE_TEAM = ["emballage 8", "emballage 9", "emballage 10", "emballage 11", "emballage 12", "trou"]
_COULEUR_ONE = ["solo 6", "solo 7", "solo 8", "abondance", "abondance sur table", "chelem",
                "grande misère sur table", "piccolissimo", "petite misère", "grande misère"]
_PAGAT_ONE = ["solo 5", "solo 6", "solo 7", "solo 8", "abondance 9", "abondance 10",
              "abondance 11", "abondance 12", "solo slim"]
_PAGAT_MANY = ["petite misère", "grande misère", "open misère", "piccolo"]


@st.composite
def settled_deals(draw: st.DrawFn) -> tuple[str, str, list[Seat], list[int], int]:
    """A contract of either table, legal declarers, and the tricks of the 13 they took."""
    style = draw(st.sampled_from(["couleur", "pagat"]))
    seats = draw(st.permutations(list(SEATS)))
    if style == "couleur":
        kind = draw(st.sampled_from(["pairs", "one", "two_miseres"]))
        if kind == "pairs":
            contract, n = draw(st.sampled_from([*_ONE_TEAM, "piccolo"])), 2
        elif kind == "one":
            contract, n = draw(st.sampled_from(_COULEUR_ONE)), 1
        else:
            contract, n = draw(st.sampled_from(["petite misère", "grande misère"])), 2
    else:
        kind = draw(st.sampled_from(["pairs", "one", "many"]))
        if kind == "pairs":
            contract, n = draw(st.sampled_from([*_ONE_TEAM, "emballage 13"])), 2
        elif kind == "one":
            contract, n = draw(st.sampled_from(_PAGAT_ONE)), 1
        else:
            contract, n = draw(st.sampled_from(_PAGAT_MANY)), draw(st.integers(1, 4))
    total = draw(st.integers(0, 13))
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1)))
    bounds = [0, *cuts, total]
    tricks = [bounds[i + 1] - bounds[i] for i in range(n)]
    return style, contract, seats[:n], tricks, draw(st.sampled_from([8, 9]))


@given(settled_deals())
@settings(max_examples=600, deadline=None)
def test_every_deal_is_zero_sum(case: tuple[str, str, list[Seat], list[int], int]) -> None:
    """§5.7: "Zero-sum on every deal: the points of the four players add up to 0", in both tables,
    for every contract, every legal number of declarers and every split of the tricks."""
    style, contract, declarers, tricks, needed = case
    assert sum(pts(style, contract, declarers, tricks, needed)) == 0


@given(st.sampled_from(["couleur", "pagat"]), st.integers(0, 13), st.sampled_from([8, 9]))
def test_emballage_is_symmetric_between_partners(style: str, tricks: int, needed: int) -> None:
    """§5.7: a pair's tricks count together, whichever partner took them."""
    for k in range(tricks + 1):
        assert pts(style, "trou", [N, S], [k, tricks - k], needed) == pts(
            style, "trou", [N, S], [tricks, 0], needed)


def test_a_deal_scores_its_multiplier_and_stays_zero_sum() -> None:
    """§5.8 redeal_double: the doubled deal scores twice the table, still zero-sum."""
    hands = parse_deal("N:AKQJT98765432.-.-.- -.AKQJT98765432.-.- -.-.AKQJT98765432.- "
                       "-.-.-.AKQJT98765432")
    d = ColourDeal.new(preset("couleur"), Seat.W, hands, multiplier=2)
    for call in ("solo 6 S", "pass", "pass", "pass"):
        d = d.apply(call)
    while not d.is_over:
        d = d.apply(d.legal_actions()[0])
    assert d.points() == {N: 54, E: -18, S: -18, W: -18}


def test_seats_may_be_given_as_text() -> None:
    """``score`` and ``dames_points`` read ``"N"`` as ``Seat.N`` (once, a declarer given as text
    silently lost: nobody matched it)."""
    solo = parse_contract("solo 7")
    assert score("couleur", solo, ["N"], {"N": 8}) == score("couleur", solo, [Seat.N], {Seat.N: 8})
    pair = parse_contract("emballage 8")
    assert score("pagat", pair, ["n", "South"], {"N": 9}) == score("pagat", pair, [Seat.N, Seat.S],
                                                                      {Seat.N: 9})
    assert dames_points({"N": 2, "E": 2}) == dames_points({Seat.N: 2, Seat.E: 2})
