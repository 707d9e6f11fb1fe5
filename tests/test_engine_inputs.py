"""What the engine's constructors and methods accept from a caller (docs/engine.md): rules of
the right game, a start score a game can have, a seat given as text."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from whist.actions import IllegalAction, NotYourTurn
from whist.cards import ParseError, Seat, Side, Suit, parse_card
from whist.couleur import ColourDeal
from whist.couleur_match import ColourMatch
from whist.engine import ClassicDeal, new_classic_deal
from whist.match import Match
from whist.record import RecordError, deal_record, replay_deal
from whist.rules import preset
from whist.solver import (
    Position,
    PositionError,
    TeamError,
    UnknownSeatError,
    UnknownSuitError,
    parse_team,
    team_text,
)


class TestRulesOfTheRightGame:
    """A classic deal refuses colour-whist rules as a colour deal refuses classic ones."""

    def test_colour_deal_refuses_classic_rules(self) -> None:
        with pytest.raises(IllegalAction, match="preset classic is not colour whist"):
            ColourDeal.shuffled(preset("classic"), Seat.N, random.Random(1))

    def test_classic_deal_refuses_colour_rules(self) -> None:
        deal = new_classic_deal("classic", seed=1)
        builds: list[Callable[[], ClassicDeal]] = [
            lambda: new_classic_deal("couleur", seed=1),
            lambda: ClassicDeal.shuffled(preset("couleur"), Seat.N, random.Random(1)),
            lambda: ClassicDeal.new(preset("couleur"), Seat.N, deal.dealt, deal.trump_card)]
        for build in builds:
            with pytest.raises(IllegalAction) as info:
                build()
            assert info.value.en == "preset couleur is not classic whist"
            assert info.value.fr == "les règles couleur ne sont pas celles du whist classique"

    def test_a_match_or_session_refuses_the_other_game_s_rules_as_it_starts(self) -> None:
        """Match.start took colour-whist rules and failed only at its first deal; a colour session
        refused classic rules at once: both at once now, in the same words as the deals."""
        with pytest.raises(IllegalAction) as info:
            Match.start(preset("couleur"), random.Random(1))
        assert (info.value.en, info.value.fr) == (
            "preset couleur is not classic whist", "les règles couleur ne sont pas celles du whist classique")
        with pytest.raises(IllegalAction) as info:
            ColourMatch.start(preset("short"), random.Random(1))
        assert (info.value.en, info.value.fr) == (
            "preset short is not colour whist", "les règles short ne sont pas celles du whist à la couleur")
        assert Match.start(preset("short"), random.Random(1)).rules.preset == "short"

    @pytest.mark.parametrize("name", ["classic", "short", "simple"])
    def test_classic_presets_still_build(self, name: str) -> None:
        assert new_classic_deal(name, seed=1).rules.preset == name


class TestStartScore:
    """Each side's start score runs from 0 to one less than a game, as a record's must."""

    @pytest.mark.parametrize(("score", "en", "fr"), [
        ((25, 3), "bad start_score NS: a game score from 0 to 9 is expected (games of 10), not 25",
         "start_score NS incorrect : il faut des points de manche de 0 à 9 (manches de 10), pas 25"),
        ((-1, 0), "bad start_score NS: a game score from 0 to 9 is expected (games of 10), not -1",
         "start_score NS incorrect : il faut des points de manche de 0 à 9 (manches de 10), pas -1"),
        ((0, 10), "bad start_score EW: a game score from 0 to 9 is expected (games of 10), not 10",
         "start_score EW incorrect : il faut des points de manche de 0 à 9 (manches de 10), pas 10"),
    ])
    def test_out_of_range_is_refused(self, score: tuple[int, int], en: str, fr: str) -> None:
        with pytest.raises(IllegalAction) as info:
            ClassicDeal.shuffled(preset("classic"), Seat.N, random.Random(1), start_score=score)
        assert (info.value.en, info.value.fr) == (en, fr)

    def test_games_of_five_stop_at_four(self) -> None:
        assert ClassicDeal.shuffled(preset("short"), Seat.N, random.Random(1), (4, 4)).start_score == (4, 4)
        with pytest.raises(IllegalAction, match="from 0 to 4 is expected \\(games of 5\\), not 5"):
            ClassicDeal.shuffled(preset("short"), Seat.N, random.Random(1), (5, 0))

    @pytest.mark.parametrize("score", [(1, 2, 3), (1.5, 0), (True, 0)])
    def test_not_two_whole_numbers_is_refused(self, score: tuple[int, int]) -> None:
        with pytest.raises(IllegalAction, match="start_score must be two whole numbers"):
            ClassicDeal.shuffled(preset("classic"), Seat.N, random.Random(1), start_score=score)

    def test_the_engine_and_replay_give_the_same_reason(self) -> None:
        record = deal_record(ClassicDeal.shuffled(preset("classic"), Seat.N, random.Random(1), (9, 0)))
        record["start_score"] = {"NS": 25, "EW": 0}
        with pytest.raises(RecordError) as info:
            replay_deal(record)
        assert "bad field start_score.NS: a game score from 0 to 9 is expected (games of 10), not 25" \
            in info.value.en
        with pytest.raises(IllegalAction) as engine:
            ClassicDeal.shuffled(preset("classic"), Seat.N, random.Random(1), (25, 0))
        assert engine.value.en.split(": ", 1)[1] in info.value.en


def test_not_your_turn_is_still_refused() -> None:
    deal = new_classic_deal("classic", seed=1)
    with pytest.raises(NotYourTurn):
        deal.apply(deal.legal_actions()[0].text, Seat.S)


def _colour_deal() -> ColourDeal:
    return ColourDeal.shuffled(preset("couleur"), Seat.W, random.Random(0))


class TestSeatAsText:
    """``apply`` and ``view`` take a seat as a :class:`Seat` or as text (``parse_seat``), in both
    games and in the series of deals."""

    @pytest.mark.parametrize("build", [lambda: new_classic_deal("classic", seed=1), _colour_deal])
    def test_apply_and_view_read_a_seat_as_text(self, build: Callable[[], ClassicDeal | ColourDeal]) -> None:
        deal = build()
        seat = deal.to_act
        assert seat is not None
        action = deal.legal_actions()[0].text
        for text in (seat.name, seat.name_en, seat.name_fr.lower(), f" {seat.name} "):
            assert deal.apply(action, text).actions == deal.apply(action, seat).actions
            assert deal.view(text) == deal.view(seat)
        assert deal.view(text).seat is seat

    @pytest.mark.parametrize("build", [lambda: new_classic_deal("classic", seed=1), _colour_deal])
    def test_not_your_turn_names_the_seat_given_as_text(
            self, build: Callable[[], ClassicDeal | ColourDeal]) -> None:
        deal = build()
        seat = deal.to_act
        assert seat is not None
        with pytest.raises(NotYourTurn) as info:
            deal.apply(deal.legal_actions()[0].text, seat.partner.name)
        assert info.value.en == f"it is {seat.name_en}'s turn, not {seat.partner.name_en}'s"

    @pytest.mark.parametrize("build", [lambda: new_classic_deal("classic", seed=1), _colour_deal])
    def test_text_that_is_no_seat_is_refused(self, build: Callable[[], ClassicDeal | ColourDeal]) -> None:
        deal = build()
        with pytest.raises(ParseError, match="'X' is not a seat"):
            deal.apply(deal.legal_actions()[0].text, "X")
        with pytest.raises(ParseError, match="'X' is not a seat"):
            deal.view("X")

    def test_a_match_reads_a_seat_as_text(self) -> None:
        match = Match.start(preset("classic"), random.Random(2)).deal(random.Random(3))
        seat = match.to_act
        assert seat is not None
        assert match.view(seat.name_fr) == match.view(seat)
        after = match.apply(match.legal_actions()[0], seat.name)
        assert after.current is not None and after.current.actions[-1][0] is seat
        colour = ColourMatch.start(preset("couleur"), random.Random(2)).deal(random.Random(3))
        assert colour.to_act is not None
        assert colour.view(colour.to_act.name) == colour.view(colour.to_act)
        colour.apply(colour.legal_actions()[0], colour.to_act.name)


class TestSolverTypedInputs:
    """:class:`Position` takes the engine's types and says to use ``Position.of`` for text, which
    reads it; :func:`team_text` reads a team as :func:`parse_team` does."""

    HANDS = (parse_card("AS").bit, parse_card("KS").bit, parse_card("QS").bit, parse_card("JS").bit)

    def test_a_seat_as_text_is_refused_with_the_way_to_give_it(self) -> None:
        with pytest.raises(UnknownSeatError) as info:
            Position(self.HANDS, None, "N", ())  # type: ignore[arg-type]
        assert info.value.en == ("leader 'N': Position takes a Seat (Seat.N), not text; use Position.of"
                                 " (or Position.from_pbn) to give leader as text")
        assert info.value.fr.startswith("leader « N » : Position prend une Seat (Seat.N), pas du texte")
        with pytest.raises(UnknownSeatError, match=r"^leader 0: Position takes a Seat \(Seat.N\)$"):
            Position(self.HANDS, None, 0, ())  # type: ignore[arg-type]

    def test_a_trump_as_text_is_refused_with_the_way_to_give_it(self) -> None:
        with pytest.raises(UnknownSuitError) as info:
            Position(self.HANDS, "H", Seat.N, ())  # type: ignore[arg-type]
        assert info.value.en == ("trump 'H': Position takes a Suit (Suit.HEARTS) or None, not text;"
                                 " use Position.of (or Position.from_pbn) to give trump as text")

    def test_a_card_played_as_text_is_refused_with_the_way_to_give_it(self) -> None:
        with pytest.raises(PositionError, match=r"^played 'AS': Position takes Cards .*use Position.of"):
            Position((0, *self.HANDS[1:]), None, Seat.N, ("AS",))  # type: ignore[arg-type]

    def test_position_of_reads_the_same_as_text(self) -> None:
        assert Position.of(self.HANDS, "H", "N") == Position(self.HANDS, Suit.HEARTS, Seat.N, ())
        played = Position.of((0, *self.HANDS[1:]), None, "N", ["AS"])
        assert played == Position((0, *self.HANDS[1:]), None, Seat.N, (parse_card("AS"),))

    @pytest.mark.parametrize(("team", "text"), [
        ("WE", "EW"), ("N", "N"), ("South North", "NS"), ([Seat.W, Seat.E], "EW"), (Side.NS, "NS"),
        (["W", Seat.E], "EW"), (parse_team("EW"), "EW")])
    def test_team_text_reads_a_team_as_parse_team_does(self, team: Any, text: str) -> None:
        assert team_text(team) == text

    def test_team_text_refuses_what_is_no_team(self) -> None:
        with pytest.raises(TeamError):
            team_text("NESW")
        with pytest.raises(UnknownSeatError):
            team_text("NX")
