"""The double-dummy solver's interface (issue 4): what ``solve`` and ``Solver`` return (capped
counts, goals, reuse of a solver and its memory, node and time limits, threads), and bad input: a
clear ``SolverInputError`` (a ``ValueError``), never a crash of the interpreter.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_solver import SHAPES, endgames, random_hands

from whist.cards import CARDS, SEATS, Seat, Suit, format_deal, parse_card
from whist.solver import (
    MAX,
    MIN,
    DuplicateCardError,
    Goal,
    GoalError,
    HandSizeError,
    MissingCardError,
    Position,
    PositionError,
    RevokeError,
    Solver,
    SolverInputError,
    TableMemoryError,
    TeamError,
    UnknownSeatError,
    UnknownSuitError,
    exact,
    parse_goal,
    parse_team,
    solve,
)

# ----- the API ---------------------------------------------------------------------------------

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def teamed_endgames(count: int, seed: int, sizes: tuple[int, ...], shape: str
                    ) -> Iterator[tuple[Position, list[Seat], str]]:
    """Random endgames (:func:`test_solver.endgames`) as positions, with the team of ``shape``
    counted from the player to move, and the endgame written out for a failure's message."""
    for hands, trump, leader, played in endgames(count, seed, sizes):
        mover = (leader + len(played)) & 3
        team = [SEATS[(mover + i.bit_length() - 1) & 3] for i in SHAPES[shape]]
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None if trump is None else Suit(trump),
                       SEATS[leader], tuple(CARDS[c] for c in played))
        yield pos, team, f"{format_deal(hands)} trump {trump} leader {leader} played {played}"


@pytest.mark.parametrize("goal", [MAX, MIN], ids=str)
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_capped_count_is_the_count_cut_at_the_cap(goal: Goal, shape: str) -> None:
    """``cap=k`` (goals max and min): every card's value is the smaller of its count and k, the
    best too; endgames of 3 to 6 cards per hand, some from the middle of a trick, every team
    shape, every cap from 0 to one more than the tricks left."""
    full, capped = Solver(memory_mb=4), Solver(memory_mb=4)
    seed = sum(map(ord, f"cap {goal.kind} {shape}"))  # the same endgames in every run
    for pos, team, where in teamed_endgames(30, seed, (3, 4, 5, 6), shape):
        sol = full.solve(pos, team, goal)
        for k in range(max(h.bit_count() for h in pos.hands) + 2):
            got = capped.solve(pos, team, goal, cap=k)
            assert got.cards == {c: min(v, k) for c, v in sol.cards.items()}, (where, k)
            assert got.best == min(sol.best, k)
            assert got.cap == k and got.to_json()["cap"] == k


@pytest.mark.parametrize("goal", [MAX, MIN], ids=str)
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_count_from_a_floor_is_the_count_cut_at_both_ends(goal: Goal, shape: str) -> None:
    """``floor=j`` (goals max and min, below the cap): every card's value is the larger of its
    count and j (then the smaller of that and the cap), the best too: a value of j means j or
    fewer. Endgames of 2 to 5 cards per hand, some from the middle of a trick, every team shape,
    every floor from 0 to one more than the tricks left, with no cap and with every cap above
    the floor."""
    full, window = Solver(memory_mb=4), Solver(memory_mb=4)
    seed = sum(map(ord, f"floor {goal.kind} {shape}"))
    for pos, team, where in teamed_endgames(12, seed, (2, 3, 4, 5), shape):
        sol = full.solve(pos, team, goal)
        top = max(h.bit_count() for h in pos.hands) + 1
        for j in range(top + 1):
            for k in [None, *range(j + 1, top + 1)]:
                got = window.solve(pos, team, goal, cap=k, floor=j)
                cut = 13 if k is None else k
                assert got.cards == {c: min(max(v, j), cut) for c, v in sol.cards.items()}, (where, j, k)
                assert got.best == min(max(sol.best, j), cut)
                assert got.floor == j and got.to_json()["floor"] == j


def test_a_flat_contract_counted_from_one_trick_short_asks_one_test_a_card() -> None:
    """The computer players' question where a contract's failure costs the same however many
    tricks it misses by (a `couleur` abondance, RULES.md §5.7): counted from one trick short of it
    up to it, each card's value is the yes/no "does the declarer still take 9?" (8: no, 9: yes).
    On this whole deal, where the abondance fails by four tricks and the whole count visits 92
    million positions, it visits a few hundred."""
    deal = "N:A94.QT863.QJ87.9 T72..AKT4.KT8752 .KJ972.952.AJ643 KQJ8653.A54.63.Q"
    pos = Position.from_pbn(deal, "S", "W")
    window = Solver(64)
    got = window.solve(pos, "W", MAX, cap=9, floor=8)
    assert got.best == 8 and window.nodes < 10_000
    asked = Solver(64)
    for card, value in got.cards.items():
        hands = list(pos.hands)
        hands[int(Seat.W)] &= ~(1 << card.index)
        after = Position((hands[0], hands[1], hands[2], hands[3]), pos.trump, Seat.W, (card,))
        assert value == (9 if asked.solve(after, "W", at_least=9) else 8)
    assert asked.solve(pos, "W", at_least=5) and not asked.solve(pos, "W", at_least=6)


def test_two_misere_players_counted_up_to_two() -> None:
    """The defenders' question about two misère players (have both taken a trick?): a count up
    to 2 agrees with the whole count on 8-card positions of two players together, opposite and
    side by side, at no trump."""
    rng = random.Random(31)
    full, capped = Solver(memory_mb=16), Solver(memory_mb=16)
    for i in range(12):
        hands = random_hands(rng, 8)
        leader = rng.randrange(4)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), None, SEATS[leader])
        team = [SEATS[leader], SEATS[(leader + (2 if i % 2 else 1)) & 3]]
        want = full.solve(pos, team, MIN)
        got = capped.solve(pos, team, MIN, cap=2)
        assert got.cards == {c: min(v, 2) for c, v in want.cards.items()}
        assert got.nodes <= want.nodes


def test_solution_of_a_whole_deal() -> None:
    pos = Position.from_pbn(DEAL, "NT", "W")
    sol = solve(pos, "NS")
    assert sol.to_move is Seat.W
    assert len(sol.cards) == 13
    assert sol.best == min(sol.cards.values())
    assert set(sol.best_cards()) == {c for c, v in sol.cards.items() if v == sol.best}
    j = sol.to_json()
    assert j["tricks"] == sol.best
    assert list(j["cards"]) == [c.text for c in pos.hand(Seat.W)]  # type: ignore[call-overload]


def test_goals_are_consistent() -> None:
    rng = random.Random(9)
    solver = Solver(memory_mb=1)  # one solver, its table and the relaxed game's shared by turns
    for i in range(40):
        hands = random_hands(rng, 7)
        pos = Position((hands[0], hands[1], hands[2], hands[3]), Suit(rng.randrange(4)) if i % 2 else None,
                       Seat.S)
        best = solver.solve(pos, "S").best
        worst = solver.solve(pos, "S", MIN).best
        assert solver.solve(pos, "S", at_least=best) is True
        assert solver.solve(pos, "S", at_least=best + 1) is False
        # the others can hold the team to its maximum, or give it at least its misère count
        assert solver.solve(pos, "S", exact(best + 1)).best is False
        if worst:
            assert solver.solve(pos, "S", exact(worst - 1)).best is False
        # the same games seen from the other side
        assert best == 7 - solver.solve(pos, "ENW").best
        assert worst == 7 - solver.solve(pos, "ENW", MIN).best


def test_solver_reuse_and_memory() -> None:
    rng = random.Random(2)
    hands = random_hands(rng, 9)
    pos = Position((hands[0], hands[1], hands[2], hands[3]), Suit.HEARTS, Seat.E)
    small = Solver(memory_mb=2)
    a = small.solve(pos, "EW")
    again = small.solve(pos, "EW")
    assert again.cards == a.cards
    assert again.nodes < a.nodes  # the table is kept between calls
    small.clear()
    assert small.solve(pos, "EW").cards == a.cards
    for bad_mb in (0, 2**50):  # (2**50 MB: more bytes than the C core's sizes hold)
        with pytest.raises(ValueError):
            Solver(memory_mb=bad_mb)
    with pytest.raises(ValueError):
        Solver(group_blocks=0)
    for bad in (1, 15, True, "6"):
        with pytest.raises(ValueError):
            Solver(trump_game_from=bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            Solver(relaxed_from=bad)  # type: ignore[arg-type]
    for bad in (0, 33, True, "8"):
        with pytest.raises(ValueError):
            Solver(split_from=bad)  # type: ignore[arg-type]
    from whist.solver._core import Solver as Core

    with pytest.raises(ValueError):
        Core(1 << 20, split_from=0)


def test_node_and_time_limits_stop_a_search() -> None:
    """A whole-deal misère count (goal min) is the solver's hardest search: both limits stop it
    with ``TimeoutError``, and the solver still answers afterwards; bad limits are refused."""
    rng = random.Random(3)
    hands = random_hands(rng, 13)
    pos = Position((hands[0], hands[1], hands[2], hands[3]), None, Seat.N)
    s = Solver(memory_mb=4)
    with pytest.raises(TimeoutError, match=r"^the search took more than 50000 nodes \(max_nodes\)$"):
        s.solve(pos, "N", "min", max_nodes=50_000)
    assert 50_000 <= s.nodes <= 51_000
    with pytest.raises(TimeoutError, match=r"^the search took more than 1 node \(max_nodes\)$"):
        s.solve(pos, "N", "min", max_nodes=1)
    # the limit as it was given (it said "more than 0 ms" for a limit under a millisecond)
    for limit, said in ((0.02, "0.02"), (0.0005, "0.0005")):
        with pytest.raises(TimeoutError, match=rf"^the search took more than {said} s \(max_seconds\)$"):
            s.solve(pos, "N", "min", max_seconds=limit)
    assert s.solve(pos, "N", exact(0)).best in (True, False)
    for bad in (-1.0, float("nan"), True):
        with pytest.raises(SolverInputError):
            s.solve(pos, "N", max_seconds=bad)
    with pytest.raises(SolverInputError):  # not a budget of 5 nodes, as 64 bits would make it
        s.solve(pos, "N", max_nodes=2**64 + 5)


def test_the_default_solver_takes_the_same_limits() -> None:
    """``solve()``, the module's function, bounds a search as ``Solver.solve`` does (docs/solver.md):
    a researcher's loop over hard misère counts needs no solver of its own to stay bounded."""
    rng = random.Random(3)
    hands = random_hands(rng, 13)
    pos = Position((hands[0], hands[1], hands[2], hands[3]), None, Seat.N)
    with pytest.raises(TimeoutError, match=r"\(max_nodes\)$"):
        solve(pos, "N", "min", max_nodes=20_000)
    with pytest.raises(TimeoutError, match=r"\(max_seconds\)$"):
        solve(pos, "N", "min", max_seconds=0.01)
    with pytest.raises(TimeoutError, match=r"\(max_nodes\)$"):
        solve(pos, "N", at_least=5, max_nodes=1)
    assert solve(pos, "N", at_least=0, max_nodes=10) is True


def test_a_limit_of_0_is_refused_and_none_is_no_limit() -> None:
    """0 nodes or 0 seconds (a budget used up) is refused, not taken as no limit as it was; no
    limit is ``None``, the default."""
    rng = random.Random(4)
    hands = random_hands(rng, 3)
    pos = Position((hands[0], hands[1], hands[2], hands[3]), None, Seat.N)
    s = Solver(memory_mb=4)
    with pytest.raises(SolverInputError, match=r"^max_nodes=0 is not a count of positions: give at"
                                               r" least 1 node, or None for no limit$"):
        s.solve(pos, "N", max_nodes=0)
    for zero in (0, 0.0, -0.5):
        with pytest.raises(SolverInputError, match=r"^max_seconds=-?0(\.\d)? is not a time: give a"
                                                   r" positive number of seconds, or None for no"
                                                   r" limit$"):
            s.solve(pos, "N", max_seconds=zero)
    with pytest.raises(SolverInputError, match="max_nodes"):
        s.solve(pos, "N", at_least=1, max_nodes=0)
    full = s.solve(pos, "N", max_nodes=None, max_seconds=None)
    for again in (s.solve(pos, "N"), s.solve(pos, "N", max_nodes=10**9, max_seconds=60)):
        assert (again.best, again.cards) == (full.best, full.cards)


def test_ctrl_c_stops_a_search_of_the_main_thread() -> None:
    """Ctrl-C (SIGINT) stops a long search called from the main thread with
    ``KeyboardInterrupt``, as it stops Python code, long before the search would end; the solver
    answers again afterwards. In a child process, whose main thread is surely the caller's: the
    slowest count known (two misère players together, 331 million positions), bounded by
    ``max_nodes`` so that a search Ctrl-C no longer reaches fails with ``TimeoutError``."""
    code = """if True:
        import os, signal, threading
        from whist.solver import Position, Solver
        pos = Position.from_pbn("N:T753.J2.KJ9843.9 A84.KQ8.AQT7.764 .AT6543.652.KJ53 KQJ962.97..AQT82",
                                None, "N")
        s = Solver(16)
        threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
        try:
            s.solve(pos, "NS", "min", max_nodes=150_000_000)
        except KeyboardInterrupt:
            print("interrupted", s.nodes)
        print(s.solve(pos, "NS", "min", cap=1).best)
    """
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    words = run.stdout.split()
    assert words[0] == "interrupted", run.stdout
    assert 0 < int(words[1]) < 100_000_000  # stopped within its first 100 million positions
    assert words[2] == "1"  # North and South take at least one trick: the count up to 1 says 1


def test_threads_solve_in_parallel() -> None:
    rng = random.Random(3)
    positions = []
    for _ in range(4):
        hands = random_hands(rng, 9)
        positions.append(Position((hands[0], hands[1], hands[2], hands[3]), None, Seat.N))
    expected = [Solver().solve(p, "NS").best for p in positions]
    results: dict[int, int] = {}

    def work(i: int) -> None:
        results[i] = solve(positions[i], "NS").best

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [results[i] for i in range(4)] == expected


# ----- 3. bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "error"), [
    (("N:AK.-.-.- QJ.-.-.- T9.-.-.- 8A.-.-.-", "NT", "N", ()), DuplicateCardError),
    (("N:AA.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "NT", "N", ()), DuplicateCardError),
    (("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "NT", "N", ("AS",)), DuplicateCardError),
    (("N:K.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "NT", "N", ("AS", "AS")), DuplicateCardError),
    (("N:AK.-.-.- QJ.-.-.- T9.-.-.- 8.-.-.-", "NT", "N", ()), MissingCardError),
    (("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "NT", "N", ("2H",)), MissingCardError),
    (("N:- - - -", "NT", "N", ()), MissingCardError),
    (("N:K.-.-.- J.-.-.- T9.-.-.- 87.-.-.-", "NT", "N", ("AS", "2H")), RevokeError),
    (("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "X", "N", ()), UnknownSuitError),
    (("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "NT", "Q", ()), UnknownSeatError),
    (("N:AKQJT98765432.AKQ.-.- - - -", "NT", "N", ()), HandSizeError),
])
def test_bad_positions(args: tuple[str, str, str, tuple[str, ...]], error: type[Exception]) -> None:
    deal, trump, leader, played = args
    with pytest.raises(error) as info:
        Position.from_pbn(deal, trump, leader, played)
    assert isinstance(info.value, ValueError)
    assert str(info.value)


def test_a_hand_of_the_wrong_size_is_named_with_its_count() -> None:
    """One card, two cards: the message counts them as English does, and names the hand whose
    size the others do not share (the three others of the same size were all named wrong, from
    the largest hand: "North holds 2 cards but should hold 3" where West held one too many)."""
    with pytest.raises(MissingCardError, match=r"^North holds 1 card but should hold 2:"):
        Position.from_pbn("N:A.-.-.- KQ.-.-.- -.AK.-.- -.-.AK.-", "NT", "W")
    with pytest.raises(MissingCardError, match=r"^West holds 3 cards but should hold 2:"):
        Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 876.-.-.-", "NT", "N")
    with pytest.raises(MissingCardError, match=r"^West holds 1 card but should hold 0 \(it played"):
        Position.from_pbn("N:A.-.-.- .A.-.- -.-.A.- -.-.-.A", "NT", "W", ("2S",))


def test_bad_masks_and_sizes() -> None:
    with pytest.raises(DuplicateCardError):
        Position((1, 1, 2, 4), None, Seat.N)
    with pytest.raises(SolverInputError):
        Position((1 << 52, 2, 4, 8), None, Seat.N)
    with pytest.raises(SolverInputError):
        Position.of([1, 2, 4], None, "N")
    with pytest.raises(SolverInputError):
        Position((1, 2, 4, 8), None, Seat.N, tuple(CARDS[i] for i in range(10, 14)))


@pytest.mark.parametrize("team", ["", "NESW", "NN", "X", [], [Seat.N, Seat.N]])
def test_bad_teams(team: str | list[Seat]) -> None:
    pos = Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", None, "N")
    with pytest.raises((TeamError, UnknownSeatError)):
        solve(pos, team)


def test_wrong_types_are_input_errors() -> None:
    """Objects of the wrong type where text, cards or seats go: a ``SolverInputError`` that
    names them, not an ``AttributeError`` from inside a parser."""
    pos = Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", None, "N")
    wrong: list[tuple[type[SolverInputError], Callable[[], object]]] = [
        (GoalError, lambda: parse_goal(None)),  # type: ignore[arg-type]
        (GoalError, lambda: solve(pos, "NS", 3)),  # type: ignore[call-overload]
        (TeamError, lambda: solve(pos, 5)),  # type: ignore[call-overload]
        (TeamError, lambda: parse_team(None)),  # type: ignore[arg-type]
        (SolverInputError, lambda: Position.of([[1], [2], [4], [8]], None, "N")),  # type: ignore[list-item]
        (SolverInputError, lambda: Position.of([2, 4, 8, 0], None, "W", [0])),  # type: ignore[list-item]
        (SolverInputError, lambda: Position.from_pbn(None, None, "N")),  # type: ignore[arg-type]
    ]
    for error, call in wrong:
        with pytest.raises(error, match="is not a"):
            call()


class Whole:
    """An integer type of another library, as NumPy's ``int64`` and ``uint64`` are: no ``int``,
    but a whole number by its ``__index__``."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __index__(self) -> int:
        return self.n


def test_integer_types_of_other_libraries_are_whole_numbers() -> None:
    """Hands, targets, caps, budgets and memory kept in NumPy arrays are read as the ints they
    are (they were refused as "target np.int64(2) is not a number of tricks (0 to 13)"), and
    what comes back holds ints: its JSON can be written."""
    masks = Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", None, "N").hands
    pos = Position.of([Whole(m) for m in masks], None, "N")
    assert Position(tuple(Whole(m) for m in masks), None, Seat.N) == pos  # type: ignore[arg-type]
    assert pos.hands == masks and all(type(m) is int for m in pos.hands)
    solver = Solver(Whole(4))
    assert solver.memory_mb == 4
    assert solver.solve(pos, "NS", at_least=Whole(2), max_nodes=Whole(10**6)) is True
    sol = solver.solve(pos, "NS", exact(Whole(2)), max_nodes=Whole(10**6))
    assert sol.goal == exact(2) and json.loads(json.dumps(sol.to_json()))["exact"] == 2
    assert json.dumps(solver.solve(pos, "NS", cap=Whole(1)).to_json()).endswith('"cap": 1}')
    for bad in (lambda: exact(Whole(14)), lambda: solve(pos, "NS", at_least=Whole(-1))):
        with pytest.raises(GoalError, match="is not a number of tricks"):
            bad()


class CardArray(list[str]):
    """An array of card names as NumPy keeps it: it has an ``__index__``, which refuses (only an
    array of one number is a number)."""

    def __index__(self) -> int:
        raise TypeError("only integer scalar arrays can be converted to a scalar index")


def test_arrays_of_cards_are_hands_as_lists_are() -> None:
    """A hand as an array of card names is read as the list it holds (it was refused as "hand mask
    … is not a set of cards" once integer types were read as masks)."""
    pos = Position.of([CardArray(["AS", "KS"]), ["QS", "JS"], CardArray(["TS", "9S"]), ["8S", "7S"]],
                      None, "N")
    assert pos == Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", None, "N")
    with pytest.raises(PositionError, match="is not a set of cards"):
        Position.of([Whole(1 << 52), ["QS"], ["TS"], ["8S"]], None, "N")


def test_every_refusal_of_the_python_interface_is_a_solver_input_error() -> None:
    """Text that is no card or hand, hands or played cards of the wrong type, a solver's memory
    out of range: a ``SolverInputError`` with a message, as the documentation promises (they
    once escaped as a ``ParseError``, a ``TypeError`` or a bare ``ValueError``)."""
    hands = ["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-", "87.-.-.-"]
    wrong: list[tuple[str, Callable[[], object]]] = [
        ("not a rank", lambda: Position.from_pbn("N:AX.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "NT", "N")),
        ("not a card", lambda: Position.of([["AX", "KS"], *hands[1:]], "NT", "N")),
        ("not a card", lambda: Position.from_pbn("N:K.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "NT", "N", "XX")),
        ("not a hand", lambda: Position.of(["AK.-.-", *hands[1:]], "NT", "N")),
        ("not four hands", lambda: Position.of(None, "NT", "N")),  # type: ignore[arg-type]
        ("not four hands", lambda: Position.of(5, "NT", "N")),  # type: ignore[arg-type]
        ("not four hands", lambda: Position.of(dict(zip("NESW", hands, strict=True)), "NT", "N")),
        ("not a hand", lambda: Position.of([None, *hands[1:]], "NT", "N")),  # type: ignore[list-item]
        ("not a hand", lambda: Position.of([1.0, *hands[1:]], "NT", "N")),  # type: ignore[list-item]
        ("not a hand", lambda: Position.of([b"AS KS", *hands[1:]], "NT", "N")),  # type: ignore[list-item]
        ("not a list of cards", lambda: Position.of(hands, "NT", "N", None)),  # type: ignore[arg-type]
        ("not a list of cards", lambda: Position.of(hands, "NT", "N", 5)),  # type: ignore[arg-type]
        ("memory_mb", lambda: Solver(0)),
        ("memory_mb", lambda: Solver(1.5)),  # type: ignore[arg-type]
        ("group_blocks", lambda: Solver(group_blocks=0)),
        ("split_from", lambda: Solver(split_from=33)),
    ]
    for words, call in wrong:
        with pytest.raises(SolverInputError, match=words):
            call()
    # the hands may come from any iterable, a generator too
    assert Position.of((h for h in hands), "NT", "N") == Position.from_pbn("N:" + " ".join(hands), "NT", "N")


def test_bad_positions_name_the_seat_and_the_card() -> None:
    """A card in two hands names both; a played card still held names its holder; a hand too
    large names its seat and, when that seat has played to the trick, says so (not "a hand
    holds 14 cards", which no hand did)."""
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76A"
    with pytest.raises(DuplicateCardError, match=r"^AC is in two hands, East's and West's$"):
        Position.from_pbn(deal, "NT", "W")
    twelve = "N:KQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    with pytest.raises(DuplicateCardError, match=r"^KS is played to the trick but North still holds it"):
        Position.from_pbn(twelve, "NT", "N", "AS KS")
    with pytest.raises(DuplicateCardError, match=r"^AS is played to the trick twice$"):
        Position.from_pbn(twelve, "NT", "N", "AS AS")
    with pytest.raises(HandSizeError, match=r"^West holds 13 cards and has played to the trick"):
        Position.from_pbn(twelve, "NT", "W", "AS")
    with pytest.raises(HandSizeError, match=r"^North holds 14 cards: at most 13$"):
        Position.from_pbn("N:AKQJT.T98.765.432 98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "NT", "N")


def test_sizes_that_fit_another_leader_say_so() -> None:
    """Hand sizes that do not fit the leader but fit another seat's lead of the cards on the
    table (the usual slip with ``--played``) name that seat; sizes that fit no leader do not."""
    with pytest.raises(MissingCardError, match=r"\(they fit if West led the trick\)$"):
        Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 8.-.-.-", "NT", "E", "7S")
    with pytest.raises(MissingCardError, match=r"\(they fit if South led the trick\)$"):
        Position.from_pbn("N:AK.-.-.- QJ.-.-.- T.-.-.- 8.-.-.-", "NT", "E", "7S 6S")
    twelve = "N:KQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    with pytest.raises(HandSizeError, match=r"\(they fit if North led the trick\)$"):
        Position.from_pbn(twelve, "NT", "W", "AS")
    with pytest.raises(MissingCardError) as info:
        Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "NT", "N", "2S")
    assert "they fit" not in str(info.value)


def test_goal_and_team_refusals_say_what_is_wrong() -> None:
    """``exact`` without its number, or with one out of range, says what exact needs; a target
    given to max or min says that they take none (not that 3 is no number of tricks); a letter
    of a team that is no seat is named as it was typed."""
    for bad in ("exact", "exact:", "exact:-1", "exact:x", "exact 3"):
        with pytest.raises(GoalError, match="exact needs the number of tricks, 0 to 13"):
            parse_goal(bad)
    with pytest.raises(GoalError, match="goal max has no target"):
        Goal("max", 3)
    with pytest.raises(TeamError, match="is not a team"):
        parse_team(b"NS")  # type: ignore[arg-type]
    with pytest.raises(UnknownSeatError, match=r"^'é' is not a seat"):
        parse_team("né")
    assert parse_team("new") == {Seat.N, Seat.E, Seat.W}


def test_a_position_keeps_what_it_checked() -> None:
    """Hands and played cards given as lists are kept as tuples: changing the lists afterwards
    does not change the checked position, and positions can be hashed and compared."""
    checked = Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 7.-.-.-", None, "W", ["8S"])
    hands, played = list(checked.hands), list(checked.played)
    pos = Position(hands, None, Seat.W, played)  # type: ignore[arg-type]
    hands[0] = hands[1]  # would put two cards in two hands
    played.clear()
    assert pos == checked and pos.played == (parse_card("8S"),)
    assert {checked: "found"}[pos] == "found"
    for bad in (5, "abcd"):
        with pytest.raises(PositionError, match="is not a sequence"):
            Position(bad, None, Seat.N)  # type: ignore[arg-type]


def test_teams_and_goals_parse() -> None:
    assert parse_team("ns") == {Seat.N, Seat.S}
    assert parse_team("North") == {Seat.N}  # not N, O(uest) and an unknown R
    assert parse_team("Ouest, Est") == parse_team("EW") == parse_team("E-O") == {Seat.E, Seat.W}
    # as bridge players write a partnership (it said "'/' is not a seat")
    assert parse_team("E/W") == parse_team("N/E/W") - {Seat.N} == parse_team("E & W") == {Seat.E, Seat.W}
    assert parse_team(Seat.E) == {Seat.E}
    assert parse_team(["N", Seat.E, "W"]) == {Seat.N, Seat.E, Seat.W}
    assert parse_goal("max") is MAX and parse_goal("min") is MIN
    assert parse_goal("exact:3") == exact(3) == parse_goal("exact(3)")
    # one closing bracket after exact( and none after exact:, ASCII digits ("exact:1))" and the
    # Arabic-Indic three were read as 1 and 3)
    assert parse_goal("exact( 2 )") == exact(2) and parse_goal("exact=2") == exact(2)
    for bad in ("", "maximum", "exact:", "exact:14", "exact:-1", "exact:²", "exact:1))", "exact(1))",
                "exact:1)", "exact(1", "exact:\u0663", "exact:" + "0" * 5000 + "1"):
        with pytest.raises(GoalError):
            parse_goal(bad)
    for bad_k in (1.5, True, "1", None):  # (1.5 once made a Goal that failed inside the C search)
        with pytest.raises(GoalError):
            exact(bad_k)  # type: ignore[arg-type]
    pos = Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", None, "N")
    with pytest.raises(GoalError):
        solve(pos, "NS", "min", at_least=1)
    # the refusal says what to do with the goal given (it said "use goal min or exact(k)" to one
    # who had given exact(2))
    with pytest.raises(GoalError, match=r"goes with the goal max, not exact:2: leave at_least out to solve"
                                        r" goal exact:2"):
        solve(pos, "NS", exact(2), at_least=2)
    with pytest.raises(GoalError):
        solve(pos, "NS", at_least=14)
    bad_caps: tuple[object, ...] = (-1, 14, True, "2", 1.0)
    for bad_cap in bad_caps:
        with pytest.raises(GoalError):
            solve(pos, "NS", "min", cap=bad_cap)  # type: ignore[call-overload]
    with pytest.raises(GoalError):
        solve(pos, "NS", exact(1), cap=1)
    with pytest.raises(GoalError):
        solve(pos, "NS", at_least=1, cap=1)  # type: ignore[call-overload]
    assert solve(pos, "NS", cap=1).cards == {parse_card("AS"): 1, parse_card("KS"): 1}
    assert solve(pos, "NS", cap=0).best == 0
    bad_floors: tuple[object, ...] = (-1, 13, 14, True, "2", 1.0)  # (13: no count is above it)
    for bad_floor in bad_floors:
        with pytest.raises(GoalError, match="floor"):
            solve(pos, "NS", "min", floor=bad_floor)  # type: ignore[call-overload]
    with pytest.raises(GoalError, match=r"floor=2 is not a number of tricks from 0 to 1 \(below the cap"):
        solve(pos, "NS", floor=2, cap=2)
    with pytest.raises(GoalError, match="no floor fits under a cap of 0"):
        solve(pos, "NS", floor=0, cap=0)
    with pytest.raises(GoalError, match="floor goes with the goals max and min"):
        solve(pos, "NS", exact(1), floor=0)
    with pytest.raises(GoalError, match="at_least and cap or floor"):
        solve(pos, "NS", at_least=1, floor=1)  # type: ignore[call-overload]
    assert solve(pos, "NS", floor=1).cards == {parse_card("AS"): 2, parse_card("KS"): 2}
    assert solve(pos, "EW", floor=1).best == 1


def test_core_rejects_bad_input_without_crashing() -> None:
    from whist.solver._core import Solver as Core

    core = Core(1 << 20)
    good = (1 << 0, 1 << 1, 1 << 2, 1 << 3)
    assert isinstance(core.solve(good, -1, 0, [], 5, 0, -1), tuple)
    assert core.solve(good, -1, 0, [], 5, 0, 0) == (0, [(0, 0)])  # goal max, counted up to 0
    assert isinstance(core.solve(good, -1, 0, [], 5, 3, 1), bool)
    bad_calls: list[tuple[Any, ...]] = [
        ((1, 1, 2, 4), -1, 0, [], 5, 0, 0),          # a card twice
        ((1 << 52, 2, 4, 8), -1, 0, [], 5, 0, 0),    # not a card
        (good, 4, 0, [], 5, 0, 0),                   # not a trump
        (good, -1, 7, [], 5, 0, 0),                  # not a seat
        (good, -1, 0, [], 0, 0, 0),                  # empty team
        (good, -1, 0, [], 15, 0, 0),                 # team of four
        (good, -1, 0, [], 5, 9, 0),                  # not a goal
        (good, -1, 0, [60], 5, 0, 0),                # not a card
        (good, -1, 0, [0], 5, 0, 0),                 # played and held
        ((1, 2, 4), -1, 0, [], 5, 0, 0),             # three hands
        ((1 << 0 | 1 << 5, 2, 4, 8), -1, 0, [], 5, 0, 0),  # sizes
        (good, -1, 0, [], 5, 2, 20),                 # target
        (good, 2**40, 0, [], 5, 0, 0),               # too large for a C int
        (good, -1, 0, [2**70], 5, 0, 0),             # too large for a C long
        (good, -1, 0, [], 5, 0, -1, 0, 0.0, -1),     # a floor below 0
        (good, -1, 0, [], 5, 0, 2, 0, 0.0, 2),       # a floor not below the cap
        (good, -1, 0, [], 5, 2, 1, 0, 0.0, 1),       # a floor for an exact target
        (good, -1, 0, [], 5, 0, -1, 0, 0.0, 13),     # a floor with no count above it
    ]
    for call in bad_calls:
        with pytest.raises(ValueError):
            core.solve(*call)
    for too_large in ({"memory": 2**63}, {"group_blocks": 2**40}):
        with pytest.raises(ValueError):
            Core(**too_large)
    with pytest.raises(TypeError):
        core.solve(7, -1, 0, [], 5, 0, 0)  # type: ignore[arg-type]
    with pytest.raises((TypeError, ValueError)):
        core.solve(("a", "b", "c", "d"), -1, 0, [], 5, 0, 0)  # type: ignore[arg-type]


def test_core_reads_a_copy_of_the_played_cards() -> None:
    """A played card whose ``__index__`` empties the list being read (in a child process: the
    C module once read the emptied list and the interpreter died of a segmentation fault)."""
    code = """if True:
        from whist.solver._core import Solver
        played = []
        class Emptying:
            def __index__(self):
                played.clear()
                return 0
        played.extend([Emptying(), 13, 26])  # North led the 2S, East and South followed
        best, cards = Solver(1 << 20).solve((0, 0, 0, 1 << 39), -1, 0, played, 5, 0, -1)
        print(best, cards)
    """
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["1", "[(39,", "1)]"]  # North's 2S wins for N+S


def test_a_table_that_cannot_be_allocated_is_an_input_error() -> None:
    """More memory than the machine maps (2**62 bytes: more than any address space) is a
    ``ValueError`` that is also a ``MemoryError``, from the C module and from ``Solver``."""
    from whist.solver._core import Solver as Core
    from whist.solver._core import TableMemoryError as CoreTableMemoryError

    good = (1 << 0, 1 << 1, 1 << 2, 1 << 3)
    with pytest.raises(CoreTableMemoryError, match="cannot be allocated") as info:
        Core(2**62).solve(good, -1, 0, [], 5, 0, -1)
    assert isinstance(info.value, ValueError) and isinstance(info.value, MemoryError)
    solver = Solver(memory_mb=1)
    solver._core = Core(2**62)  # what a memory_mb too large for this machine gives
    pos = Position(good, None, Seat.N)
    with pytest.raises(TableMemoryError, match="1 MB cannot be allocated"):
        solver.solve(pos, "NS")
    with pytest.raises(TableMemoryError):
        solver.solve(pos, "NS", at_least=1)
