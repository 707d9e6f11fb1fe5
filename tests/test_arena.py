"""The duplicate arena (whist.arena, whist arena): the seating of each table, the same cards at
every table of a board, reproducible figures whatever the number of processes, the confidence
interval's arithmetic, the double-dummy bookkeeping, and the command's errors and JSON."""

from __future__ import annotations

import errno
import json
import math
import os
import random
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner

from whist.arena import (
    CANDIDATE,
    REFERENCE,
    Z95,
    ArenaConfig,
    ArenaInterrupted,
    ArenaReport,
    Clock,
    PlayedTable,
    SolveCache,
    arena_bot,
    board_units,
    cluster_estimate,
    deal_board,
    double_dummy,
    play_board,
    run_arena,
    seatings,
    t95,
)
from whist.bots import AnyAction, AnyView, Bot, random_bot
from whist.cards import SEATS, Seat, Side
from whist.cli import app
from whist.colour_session import FAMILIES, family_label
from whist.couleur import ColourDeal
from whist.engine import ClassicDeal
from whist.render import say
from whist.rules import preset
from whist.solver import Position, Solver

runner = CliRunner()


def config(preset_name: str, deals: int, seed: int = 1, **kw: Any) -> ArenaConfig:
    return ArenaConfig(preset(preset_name), "heuristic", "random", deals=deals, seed=seed, **kw)


def figures(report: ArenaReport) -> dict[str, Any]:
    """The report without the decision times (the only part a clock decides)."""
    d = report.to_dict()
    for p in d["players"].values():
        for k in [k for k in p if "seconds" in k]:
            del p[k]
    return d


# ----- the confidence interval ---------------------------------------------------------------


# Student's t two-sided 95% quantiles, as printed in statistical tables, by degrees of freedom
T_TABLE = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 10: 2.228, 20: 2.086,
           30: 2.042, 60: 2.000, 120: 1.980, 1000: 1.962, 100000: 1.960}


class TestEstimate:
    def test_student_quantiles_match_the_tables(self) -> None:
        for df, t in T_TABLE.items():
            assert t95(df) == pytest.approx(t, abs=6e-4), df
        with pytest.raises(ValueError):
            t95(0)

    def test_one_figure_per_board_is_the_usual_student_interval(self) -> None:
        """Four boards: the interval is 3.182 standard errors wide each way (Student's t with 3
        degrees of freedom), not 1.96 (the normal quantile, far too narrow on few deals)."""
        e = cluster_estimate([1, 2, 3, 4], [1, 1, 1, 1])
        sd = math.sqrt(sum((x - 2.5) ** 2 for x in (1, 2, 3, 4)) / 3)
        assert e.mean == 2.5
        assert e.half == pytest.approx(3.182446 * sd / 2)
        assert cluster_estimate([1, 2, 3, 4], [1, 1, 1, 1], z=Z95).half == pytest.approx(1.959964 * sd / 2)
        assert (e.boards, e.units) == (4, 4)
        assert e.half is not None
        assert e.low == pytest.approx(2.5 - e.half) and e.high == pytest.approx(2.5 + e.half)

    def test_equal_counts_average_each_board_first(self) -> None:
        # boards' means 1, 3, 2: mean 2, standard deviation 1, three boards
        e = cluster_estimate([2, 6, 4], [2, 2, 2])
        assert e.mean == 2
        assert e.half == pytest.approx(4.302653 / math.sqrt(3))
        assert (e.boards, e.units) == (3, 6)

    def test_unequal_counts_ratio_estimator(self) -> None:
        # m = 8/4 = 2; residuals 3-2, 0-4, 5-2; se² = 3/2 · 26 / 16
        e = cluster_estimate([3, 0, 5], [1, 2, 1])
        assert e.mean == 2
        assert e.half == pytest.approx(4.302653 * math.sqrt(1.5 * 26 / 16))

    def test_boards_without_figures_do_not_count(self) -> None:
        assert cluster_estimate([3, 0, 0, 5, 0], [1, 2, 0, 1, 0]) == cluster_estimate([3, 0, 5], [1, 2, 1])

    def test_too_few_boards(self) -> None:
        one = cluster_estimate([7], [2])
        assert (one.mean, one.half, one.low, one.boards) == (3.5, None, None, 1)
        none = cluster_estimate([0, 0], [0, 0])
        assert (none.mean, none.units) == (None, 0)


# ----- the boards ------------------------------------------------------------------------------


class Spy:
    """Bots of both roles that play at random and note who was asked to act, where."""

    def __init__(self) -> None:
        self.log: list[tuple[str, Seat | None, int]] = []

    def bot(self, role: str) -> Bot:
        def act(view: AnyView, rng: random.Random) -> AnyAction:
            self.log.append((role, view.seat, len(view.actions)))
            return random_bot(view, rng)
        return act

    def tables(self) -> list[dict[Seat, set[str]]]:
        """The roles seen acting at each seat, table by table (a table starts with no actions)."""
        out: list[dict[Seat, set[str]]] = []
        for role, seat, done in self.log:
            if done == 0:
                out.append({})
            assert seat is not None
            out[-1].setdefault(seat, set()).add(role)
        return out


def spied_board(preset_name: str, index: int) -> tuple[tuple[PlayedTable, ...], Spy]:
    spy = Spy()
    clocks = {CANDIDATE: Clock(), REFERENCE: Clock()}
    bots = {CANDIDATE: spy.bot(CANDIDATE), REFERENCE: spy.bot(REFERENCE)}
    tables = play_board(config(preset_name, 1), index, lambda: bots, clocks)
    return tables, spy


class TestDuplicate:
    @pytest.mark.parametrize("index", [0, 1, 2, 3])
    def test_classic_same_cards_candidate_at_ns_then_ew(self, index: int) -> None:
        tables, spy = spied_board("classic", index)
        assert len(tables) == 2
        a, b = (t.deal for t in tables)
        assert isinstance(a, ClassicDeal) and isinstance(b, ClassicDeal)
        assert a.dealt == b.dealt and a.dealer is b.dealer is SEATS[index % 4]
        assert a.trump_card is b.trump_card
        seen = spy.tables()
        assert len(seen) == 2
        for t, cand_side in zip(seen, (Side.NS, Side.EW), strict=True):
            assert set(t) == set(SEATS)
            for seat, roles in t.items():
                assert roles == {CANDIDATE if seat.side is cand_side else REFERENCE}

    @pytest.mark.parametrize("index", [0, 5])
    def test_colour_same_cards_candidate_alone_at_each_seat_then_none(self, index: int) -> None:
        tables, spy = spied_board("couleur", index)
        assert len(tables) == 5
        deals = [t.deal for t in tables]
        assert all(isinstance(d, ColourDeal) for d in deals)
        assert len({d.dealt for d in deals}) == 1 and len({d.dealer for d in deals}) == 1
        assert len({d.deck for d in deals if isinstance(d, ColourDeal)}) == 1
        seen = spy.tables()
        assert len(seen) == 5
        for i, t in enumerate(seen):
            for seat, roles in t.items():
                assert roles == {CANDIDATE if i < 4 and seat is SEATS[i] else REFERENCE}
            if i < 4:
                assert SEATS[i] in t  # the candidate had something to do

    @pytest.mark.parametrize("preset_name", ["classic", "couleur"])
    def test_a_bot_against_itself_scores_zero(self, preset_name: str) -> None:
        def first(view: AnyView, rng: random.Random) -> AnyAction:
            return view.legal[0]  # the same choice at every table, whatever the generator

        clocks = {CANDIDATE: Clock(), REFERENCE: Clock()}
        for index in range(4):
            tables = play_board(config(preset_name, 1), index,
                                lambda: {CANDIDATE: first, REFERENCE: first}, clocks)
            units = board_units(tables, preset_name == "couleur")
            assert sum(v for _, v in units) == 0
            if preset_name == "couleur":
                assert [v for _, v in units] == [0, 0, 0, 0]
                fams = {f for f, _ in units}
                assert len(fams) == 1 and fams <= set(FAMILIES)
            else:
                deal = tables[0].deal
                assert isinstance(deal, ClassicDeal)
                ns, ew = deal.points().total
                assert [v for _, v in units] == [ns - ew, ew - ns]

    @pytest.mark.parametrize("preset_name", ["classic", "couleur"])
    def test_a_bot_that_answers_in_text_counts_the_cards_it_plays(self, preset_name: str) -> None:
        """The engine takes an action as text (``"AS"``, ``"propose H"``): a bot that answers so
        plays the same tables, its cards timed as cards and kept for the double-dummy comparison."""
        def as_text(view: AnyView, rng: random.Random) -> AnyAction:
            return cast(AnyAction, str(random_bot(view, rng)))

        def board(candidate: Bot) -> tuple[list[list[tuple[Seat, str]]], int, int]:
            clocks = {CANDIDATE: Clock(), REFERENCE: Clock()}
            tables = play_board(config(preset_name, 1), 2,
                                lambda: {CANDIDATE: candidate, REFERENCE: random_bot}, clocks)
            steps = [[(s.seat, s.card.text) for s in t.cards] for t in tables]
            own = sum(t.seating[s.seat] == CANDIDATE for t in tables for s in t.cards)
            assert clocks[CANDIDATE].cards == own > 0
            return steps, clocks[CANDIDATE].cards, clocks[CANDIDATE].calls

        assert board(as_text) == board(random_bot)

    def test_seatings(self) -> None:
        assert seatings(False) == (("candidate", "reference") * 2, ("reference", "candidate") * 2)
        colour = seatings(True)
        assert [s.count(CANDIDATE) for s in colour] == [1, 1, 1, 1, 0]

    def test_boards_depend_on_seed_and_index_only(self) -> None:
        rules = preset("couleur")
        assert deal_board(rules, 7, 3).dealt == deal_board(rules, 7, 3).dealt
        assert deal_board(rules, 7, 3).dealt != deal_board(rules, 7, 4).dealt
        assert deal_board(rules, 7, 3).dealt != deal_board(rules, 8, 3).dealt


# ----- running the arena ---------------------------------------------------------------------


class TestRun:
    def test_same_seed_same_figures_whatever_the_jobs(self) -> None:
        for cfg in (config("classic", 4, seed=5),
                    config("couleur", 3, seed=5, max_nodes=200_000)):
            one = figures(run_arena(cfg))
            assert figures(run_arena(cfg, jobs=2)) == one  # also: the same seed, the same figures
            other = config(cfg.rules.preset, cfg.deals, seed=6, max_nodes=cfg.max_nodes)
            assert figures(run_arena(other)) != one

    @pytest.mark.parametrize(("ended", "reported"), [([0, 1, 3], 2), ([1, 2], 0), ([0, 1, 2], 3)])
    def test_ctrl_c_reports_the_first_boards_played_out(self, ended: list[int], reported: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
        """With ``jobs``, boards end out of order: stopped when boards 0, 1 and 3 are played out,
        the report is that of boards 0 and 1, a run of 2 boards (it was of 0, 1 and 3, called a
        run of 3); none before board 0 ends."""
        import whist.arena

        cfg = config("classic", 6, seed=3, double_dummy=False)

        def play(config: ArenaConfig, jobs: int, progress: object, results: list[Any]) -> None:
            results.extend(whist.arena.run_board(config, i) for i in ended)
            raise KeyboardInterrupt

        monkeypatch.setattr(whist.arena, "_play_boards", play)
        with pytest.raises(ArenaInterrupted) as stop:
            run_arena(cfg, jobs=2)
        assert stop.value.played == len(ended)
        monkeypatch.undo()
        if reported == 0:
            assert stop.value.report is None
        else:
            assert stop.value.report is not None
            assert figures(stop.value.report) == figures(run_arena(replace(cfg, deals=reported)))

    def test_heuristic_beats_random_in_classic(self) -> None:
        # 25 seeds of 12 deals checked: the lowest bound was +0.69 point per deal
        r = run_arena(config("classic", 12, double_dummy=False))
        assert r.overall.low is not None and r.overall.low > 0

    def test_heuristic_beats_random_in_couleur(self) -> None:
        # 25 seeds of 8 deals checked: the lowest bound was +11.3 points per seat-deal
        r = run_arena(config("couleur", 8, double_dummy=False))
        assert r.overall.low is not None and r.overall.low > 0
        fam = r.families
        assert list(fam) == list(FAMILIES)
        assert sum(e.units for e in fam.values()) == r.overall.units == 4 * 8

    def test_the_budget_reported_is_the_one_the_bot_has(self) -> None:
        pimc = pytest.importorskip("whist.bots.pimc")
        cfg = ArenaConfig(preset("classic"), "pimc", "heuristic", deals=1, seed=0, budget=0.3)
        assert (cfg.thinking_time(CANDIDATE), cfg.thinking_time(REFERENCE)) == (0.3, None)
        cfg = ArenaConfig(preset("classic"), "heuristic", "pimc", deals=1, seed=0)
        assert (cfg.thinking_time(CANDIDATE), cfg.thinking_time(REFERENCE)) == (None, pimc.DEFAULT_BUDGET)

    def test_every_decision_is_timed_by_role(self) -> None:
        r = run_arena(config("classic", 3, double_dummy=False))
        for role in (CANDIDATE, REFERENCE):
            c = r.players[role].clock
            assert (c.cards, c.calls) == (3 * 2 * 26, 0)  # two tables, two seats, 13 cards
            assert c.card_seconds > 0 and c.card_max <= c.card_seconds


# ----- double dummy ----------------------------------------------------------------------------


class TestDoubleDummy:
    def test_classic_losses_add_up_to_the_double_dummy_value(self) -> None:
        solver = Solver()
        for index in range(3):
            tables, _ = spied_board("classic", index)
            cache: SolveCache = {}
            for t in tables:
                assert double_dummy(t, solver, cache=cache) == double_dummy(t, solver)
                deal = t.deal
                assert isinstance(deal, ClassicDeal)
                start = t.cards[0].before
                assert isinstance(start, ClassicDeal)
                value = solver.solve(Position(start.hands, start.trump, start.leader), "NS").best
                dd = double_dummy(t, solver)
                assert dd.analysed == 1
                ns_lost = _side_loss(t, solver, Side.NS)
                ew_lost = _side_loss(t, solver, Side.EW)
                taken = deal.tricks_won[0] + deal.tricks_won[2]
                assert value - ns_lost + ew_lost == taken  # every trick short is someone's card
                cand = Side.NS if t.seating[0] == CANDIDATE else Side.EW
                assert dd.lost[(CANDIDATE, "player")] == (ns_lost if cand is Side.NS else ew_lost)
                assert dd.lost[(REFERENCE, "player")] == (ew_lost if cand is Side.NS else ns_lost)
                assert dd.seats == {(CANDIDATE, "player"): 2, (REFERENCE, "player"): 2}

    def test_colour_tables_are_compared_or_counted_as_skipped(self) -> None:
        r = run_arena(config("couleur", 3, seed=2, max_nodes=300_000))
        dd = r.dd
        assert dd.contracts >= 1
        assert dd.analysed + sum(dd.skipped.values()) == dd.contracts
        assert sum(dd.seats.values()) == 4 * dd.analysed
        for role in (CANDIDATE, REFERENCE):
            assert set(r.players[role].dd) == {"declarer", "defender"}


def _side_loss(table: PlayedTable, solver: Solver, side: Side) -> int:
    """Tricks ``side`` lost at ``table`` by its own cards, recomputed from scratch."""
    lost = 0
    for step in table.cards:
        if step.seat.side is not side:
            continue
        st = step.before
        assert isinstance(st, ClassicDeal)
        sol = solver.solve(Position(st.hands, st.trump, st.leader, st.trick), "NS")
        lost += abs(sol.best - sol.cards[step.card])
    return lost


def test_a_bot_by_import_path_plays_as_by_name() -> None:
    """``module:attribute`` names a bot of one's own (:func:`arena_bot`): the built-in random bot
    imported so gives the figures of ``random``."""
    assert arena_bot("whist.bots:random_bot") is random_bot
    by_path, by_name = (
        figures(run_arena(ArenaConfig(preset("couleur"), bot, "heuristic", deals=2, seed=1)))
        for bot in ("whist.bots:random_bot", "random"))
    assert by_path["candidate"] == "whist.bots:random_bot"
    for part in ("overall", "families", "double_dummy"):
        assert by_path[part] == by_name[part], part


def test_a_bot_given_as_a_function_plays_as_by_name() -> None:
    """A bot may be given to :class:`ArenaConfig` as the function itself: the built-in random bot
    so gives the figures of ``random``, in one process and in two (the workers import it by its
    module), and the report names it ``module:function``."""
    by_name = figures(run_arena(ArenaConfig(preset("classic"), "random", "heuristic", deals=4, seed=2,
                                            double_dummy=False)))
    for jobs in (1, 2):
        given = run_arena(ArenaConfig(preset("classic"), random_bot, "heuristic", deals=4, seed=2,
                                      double_dummy=False), jobs=jobs).to_dict()
        assert given["candidate"] == "whist.bots:random_bot"
        assert given["overall"] == by_name["overall"] and given["per_deal"] == by_name["per_deal"], jobs


def test_the_report_gives_each_deals_figure_in_order() -> None:
    """``per_deal``: each deal's figures added up (colour whist: its four seat-deals), in the
    order the deals were dealt whatever the number of jobs; the overall mean is their sum over
    the seat-deals."""
    config = ArenaConfig(preset("couleur"), "heuristic", "random", deals=6, seed=4, double_dummy=False)
    one, two = (run_arena(config, jobs=j) for j in (1, 2))
    assert len(one.per_deal) == 6 and one.per_deal == two.per_deal
    assert one.overall.mean is not None
    assert math.isclose(sum(one.per_deal) / (4 * 6), one.overall.mean)
    assert len(set(one.per_deal)) > 1  # the deals differ: not one figure repeated


def test_records_of_an_arena_replay_to_the_figures_it_reports(tmp_path: Path) -> None:
    """``--records DIR`` saves every table as a deal record (five a deal in colour whist): each
    replays (``whist replay``), names the bot at each seat, and its ``arena`` facts give the
    table's figure, the candidate's points less the references' at its seat, whose sum over a
    deal's tables is the report's ``per_deal``."""
    from whist import record

    r = run("--preset", "couleur", "-c", "heuristic", "-r", "random", "-n", "2", "--seed", "3",
            "--no-double-dummy", "--records", str(tmp_path), "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files[:5]] == [f"arena-couleur-seed3-deal0001-table{t}.json" for t in range(1, 6)]
    assert len(files) == 10
    sums = [0, 0]
    for f in files:
        data = record.load(f)
        deal = record.replay(data)
        assert isinstance(deal, ColourDeal)
        facts = data["arena"]
        roles = facts["roles"]
        table_roles = {data["players"][s]: roles[s] for s in roles}
        assert table_roles == ({"random": "reference"} if facts["table"] == 5
                               else {"heuristic": "candidate", "random": "reference"})
        if facts["table"] == 5:
            assert facts["figure"] is None and set(roles.values()) == {"reference"}
            continue
        seat = SEATS[facts["table"] - 1]
        assert roles[seat.name] == "candidate"
        references = record.load(tmp_path / f.name.replace(f"table{facts['table']}", "table5"))
        points = data["result"]["points"][seat.name]
        assert facts["figure"] == points - references["result"]["points"][seat.name]
        sums[facts["deal"] - 1] += facts["figure"]
    assert sums == report["per_deal"]
    shown = runner.invoke(app, ["replay", str(files[1])])
    assert shown.exit_code == 0, shown.output
    assert "Players: N random · E heuristic" in shown.stdout


def test_a_record_the_disk_cannot_take_stops_the_arena_with_the_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record that cannot be written (the disk full) stops the run: exit 1 and the reason, no
    traceback, no half-written file."""
    from whist import record

    def full(rec: Any, path: Any) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(record, "save", full)
    r = run("-c", "random", "-n", "2", "--no-double-dummy", "--records", str(tmp_path))
    assert r.exit_code == 1
    assert f"--records {tmp_path}: cannot write a record: No space left on device" in r.output
    assert "Traceback" not in r.output and list(tmp_path.iterdir()) == []


def test_arena_records_in_a_folder_that_cannot_be_made_is_refused_before_playing(tmp_path: Path) -> None:
    """``--records`` where no folder can be made: exit 2 with the reason, before any deal."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = run("-c", "random", "-n", "1", "--records", str(blocker / "sub"))
    assert r.exit_code == 2
    assert "--records" in r.output and "cannot create this directory" in r.output


# ----- the command -----------------------------------------------------------------------------


def run(*args: str) -> Any:
    return runner.invoke(app, ["arena", *args])


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` and that are not yet ended (Linux's /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                state, parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
            except OSError:
                continue
            if int(parent) == pid and state != "Z":
                out.append(int(entry.name))
    return out


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes in Linux's /proc")
def test_the_workers_of_jobs_end_with_a_command_that_is_killed() -> None:
    """``kill`` (SIGTERM) of an arena run with --jobs 2 ends its worker processes too, within a
    second or so: they went on playing, then waited for work for ever."""
    import signal
    import subprocess
    import time

    command = subprocess.Popen(
        [sys.executable, "-m", "whist", "arena", "--preset", "couleur", "--candidate", "heuristic",
         "--reference", "heuristic", "--deals", "5000", "--jobs", "2", "--no-double-dummy"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(command.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(workers) >= 2 and command.poll() is None  # the workers (and spawn's tracker)
        time.sleep(1)  # playing
        command.send_signal(signal.SIGTERM)
        command.wait(10)
        deadline = time.monotonic() + 10
        while [w for w in workers if _running(w)] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [w for w in workers if _running(w)] == []
    finally:
        command.kill()
        for w in workers:
            if _running(w):
                os.kill(w, signal.SIGKILL)


class TestCommand:
    @staticmethod
    def stopped_at(board: int, monkeypatch: pytest.MonkeyPatch) -> None:
        """Ctrl-C pressed while the arena plays its board ``board`` (from 0)."""
        import whist.arena

        real = whist.arena.run_board

        def play(config: ArenaConfig, i: int) -> Any:
            if i == board:
                raise KeyboardInterrupt
            return real(config, i)

        monkeypatch.setattr(whist.arena, "run_board", play)

    @pytest.mark.parametrize(("lang", "said"), [("en", "Error: interrupted: 2 of 5 deals played\n"),
                                                 ("fr", "Erreur : interrompu : 2 donnes sur 5\n")])
    def test_ctrl_c_reports_the_deals_played_and_says_how_many(
            self, lang: str, said: str, monkeypatch: pytest.MonkeyPatch) -> None:
        """Ctrl-C in a long match (400 deals of pimc take an hour) says how far it went, as
        whist simulate does (it said only « interrompu »), and prints the report of the deals
        played out, as the whole run would have reported them (it printed nothing: the hour was
        lost)."""
        args = ("--candidate", "heuristic", "--reference", "random", "--no-double-dummy", "--seed", "4",
                "--lang", lang)
        self.stopped_at(2, monkeypatch)
        r = run("--deals", "5", *args)
        assert r.exit_code == 130, r.output
        assert r.stderr == said
        monkeypatch.undo()
        whole = run("--deals", "2", *args)
        assert whole.exit_code == 0 and whole.stdout, whole.output
        times = "Decision times" if lang == "en" else "Temps de réflexion"  # the rest is clocks
        assert times in r.stdout
        assert r.stdout.split(times)[0] == whole.stdout.split(times)[0]  # those deals, those alone

    @pytest.mark.parametrize(("lang", "said"), [
        ("en", "Error: interrupted: 3 of 6 deals played; the report: the first 2\n"),
        ("fr", "Erreur : interrompu : 3 donnes sur 6 ; le rapport : les 2 premières\n")])
    def test_ctrl_c_with_deals_ended_out_of_order_says_which_are_reported(
            self, lang: str, said: str, monkeypatch: pytest.MonkeyPatch) -> None:
        """With --jobs, deals 0, 1 and 3 played out when Ctrl-C comes: the report is of the first
        two, and the line says so; the JSON's error says the same."""
        import whist.arena

        def play(config: ArenaConfig, jobs: int, progress: object, results: list[Any]) -> None:
            results.extend(whist.arena.run_board(config, i) for i in (0, 1, 3))
            raise KeyboardInterrupt

        monkeypatch.setattr(whist.arena, "_play_boards", play)
        args = ("--candidate", "random", "--reference", "random", "--deals", "6", "--jobs", "2",
                "--no-double-dummy", "--lang", lang)
        r = run(*args)
        assert r.exit_code == 130 and r.stderr == said, r.output
        r = run(*args, "--json")
        assert r.exit_code == 130 and r.stderr == said, r.output
        report = json.loads(r.stdout)
        assert report["deals"] == 2
        assert report["error"] == "interrupted: 3 of 6 deals played; the report: the first 2"

    def test_ctrl_c_gives_the_json_of_the_deals_played(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.stopped_at(3, monkeypatch)
        r = run("--candidate", "random", "--reference", "random", "--deals", "9", "--no-double-dummy",
                "--json")
        assert r.exit_code == 130 and r.stderr == "Error: interrupted: 3 of 9 deals played\n", r.output
        report = json.loads(r.stdout)  # one object: the error first, as whist solve --json says it
        assert next(iter(report)) == "error" and report["error"] == "interrupted: 3 of 9 deals played"
        assert report["deals"] == 3 and report["overall"]["deals"] == 3

    @pytest.mark.parametrize("lang", ["en", "fr"])
    def test_ctrl_c_before_a_deal_is_played_out_prints_no_report(
            self, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
        """Nothing to report: the text says nothing on stdout; the JSON is the error alone (in
        English, as all the JSON), as whist solve and whist replay --json say their failures."""
        self.stopped_at(0, monkeypatch)
        args = ("--candidate", "random", "--reference", "random", "--deals", "5", "--no-double-dummy",
                "--lang", lang)
        said = {"en": "Error: interrupted: 0 of 5 deals played\n",
                "fr": "Erreur : interrompu : 0 donne sur 5\n"}
        r = run(*args)
        assert r.exit_code == 130 and r.stdout == "", r.output
        assert r.stderr == said[lang]
        r = run(*args, "--json")
        assert r.exit_code == 130 and r.stderr == said[lang], r.output
        assert json.loads(r.stdout) == {"error": "interrupted: 0 of 5 deals played"}

    def test_json_shape(self) -> None:
        r = run("--preset", "couleur", "--candidate", "heuristic", "--reference", "random",
                "--deals", "2", "--seed", "1", "--max-nodes", "100000", "--json")
        assert r.exit_code == 0, r.output
        d = json.loads(r.stdout)  # JSON only on stdout: the progress bar is on stderr
        assert (d["game"], d["candidate"], d["reference"], d["deals"], d["seed"]) == (
            "couleur", "heuristic", "random", 2, 1)
        assert d["budget"] is None and d["tables_per_deal"] == 5
        assert set(d["overall"]) == {"mean", "ci95", "half_width", "deals", "units"}
        assert d["overall"]["units"] == 8
        assert list(d["families"]) == list(FAMILIES)
        for role in ("candidate", "reference"):
            p = d["players"][role]
            assert {"name", "budget", "cards", "seconds_per_card", "calls", "seconds_per_call",
                    "double_dummy"} <= set(p)
            assert set(p["double_dummy"]) == {"declarer", "defender"}
        assert set(d["double_dummy"]) == {"enabled", "max_nodes", "contracts", "analysed", "skipped"}

    @pytest.mark.parametrize(("option", "line"), [
        ((), "all passed (redealt)"), (("--option", "all_pass=dames"), "queens game (all passed)")])
    def test_the_deals_all_passed_are_named_by_what_the_rules_do_with_them(
            self, option: tuple[str, ...], line: str) -> None:
        """RULES.md §5.8: under option all_pass redeal (couleur's) a deal all passed is dealt
        again, and only under all_pass=dames is it played as the queens game: the report's line
        for those deals says which (seed 2 passes some of 6 deals out)."""
        r = run("--preset", "couleur", "--candidate", "heuristic", "--reference", "heuristic",
                "--deals", "6", "--seed", "2", "--no-double-dummy", *option)
        assert r.exit_code == 0, r.output
        lines = {"all passed (redealt)": "│ all passed", "queens game (all passed)": "│ queens game"}
        shown = lines.pop(line)  # (the table may wrap the label: its first words, then the count)
        assert re.search(rf"{shown}[^│]*│ +[1-9]", r.stdout), r.stdout
        assert lines.popitem()[1] not in r.stdout

    def test_text_report(self) -> None:
        r = run("--candidate", "heuristic", "--reference", "random", "--deals", "3", "--seed", "2",
                "--budget", "0.5")
        assert r.exit_code == 0, r.output
        out = " ".join(r.stdout.split())
        for words in ("heuristic (medium, candidate) vs random (reference)", "all",
                      "Decision times", "no budget (does not think)", "of 6 with cards played",
                      "tricks lost"):
            assert words in out, words

    @pytest.mark.parametrize("lang", ["en", "fr"])
    @pytest.mark.parametrize("preset_name", ["classic", "couleur"])
    def test_the_report_speaks_the_language_of_lang(self, lang: str, preset_name: str) -> None:
        """``--lang`` names one language for every label of the report (English by default), the
        contract families and the tables skipped included, and French numbers take a decimal
        comma, and a percentage a narrow no-break space before its sign; the JSON is the same in
        both."""
        args = ["--preset", preset_name, "--candidate", "heuristic", "--reference", "random",
                "--deals", "2", "--seed", "3"]
        r = runner.invoke(app, ["arena", *args, "--lang", lang], env={"COLUMNS": "200"})
        assert r.exit_code == 0, r.output
        out = " ".join(r.stdout.split())
        english = ("Arena", "Rules", "seed", "Decision times", "per card", "tricks lost", "all",
                   "Candidate minus", "interval", "does not think", "Tables compared", "player")
        lost = "plis perdus" if preset_name == "couleur" else "levées perdues"  # seed 003's, 000's word
        french = ("Tournoi", "Règles", "graine", "Temps de réflexion", "par carte", lost,
                  "tous", "Candidat moins", "intervalle", "ne réfléchit pas", "Tables comparées", "joueur")
        own, other = (english, french) if lang == "en" else (french, english)
        def said(word: str) -> bool:
            return re.search(rf"\b{re.escape(word)}\b", out) is not None
        assert [w for w in own if not said(w)] == [], out
        assert [w for w in other if said(w)] == [], out
        # the bots as the play header names them (cli_common.bot_label): what each is, in lang
        title = ("heuristic (medium, candidate) vs random (reference)" if lang == "en"
                 else "heuristic (moyen, candidat) contre random (au hasard, référence)")
        assert title in out, out
        if preset_name == "couleur":
            rules = preset("couleur")
            families = [say(*family_label(k, rules), "fr" if lang == "fr" else "en") for k in FAMILIES]
            assert all(f in out for f in families), families
        numbers = re.findall(r"(?<![\d,.])\d+[.,]\d{2,3}(?![\d,.])", out)  # not 5,000,000
        assert numbers and all(("," in n) == (lang == "fr") for n in numbers), numbers
        level = "95%" if lang == "en" else "95\u202f%"  # French: a narrow no-break space before %
        assert r.stdout.count(level) == 2 and "95 %" not in r.stdout, r.stdout  # title and column
        # on 80 columns too: the column's heading broke at the narrow space, "95" over "%"
        narrow = runner.invoke(app, ["arena", *args, "--lang", lang], env={"COLUMNS": "80"})
        assert narrow.stdout.count(level) == 2, narrow.stdout
        plain, told = (json.loads(run(*args, "--json", *more).stdout) for more in ([], ["--lang", lang]))
        assert (told["overall"], told["families"]) == (plain["overall"], plain["families"])
        # the JSON names the figure as the report does: in classic whist, one figure a table
        if preset_name == "classic" and lang == "en":
            assert plain["figure"].endswith(", per table") and "per table" in out

    def test_the_french_report_names_perfect_play_as_its_help_does(self) -> None:
        """The French help and guide say « jeu parfait à cartes ouvertes » for double-dummy play;
        the report said « double mort », the bridge player's word, in its heading alone."""
        helped = " ".join(run("--help", "--lang", "fr").stdout.split())
        assert "jeu parfait à cartes ouvertes" in helped
        args = ("--candidate", "heuristic", "--reference", "random", "--deals", "1", "--lang", "fr")
        measured = runner.invoke(app, ["arena", *args], env={"COLUMNS": "200"})
        skipped = runner.invoke(app, ["arena", *args, "--no-double-dummy"], env={"COLUMNS": "200"})
        assert measured.exit_code == 0 and skipped.exit_code == 0, measured.output + skipped.output
        assert "Écart au jeu parfait à cartes ouvertes : levées perdues" in measured.stdout
        assert "Jeu parfait à cartes ouvertes : non mesuré (--no-double-dummy)." in skipped.stdout
        assert "double mort" not in measured.stdout + skipped.stdout

    def test_a_bot_of_your_own(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """``--candidate module:function`` plays a bot that Python imports (docs/arena.md)."""
        (tmp_path / "my_arena_bot.py").write_text(
            "def lowest(view, rng):\n"
            "    return min(view.legal, key=lambda a: getattr(a, 'rank', 0))\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        r = run("--candidate", "my_arena_bot:lowest", "--deals", "2", "--no-double-dummy", "--json")
        assert r.exit_code == 0, r.output
        d = json.loads(r.stdout)
        assert d["candidate"] == "my_arena_bot:lowest" and d["players"]["candidate"]["cards"] == 104
        r = run("--candidate", "my_arena_bot:lowest", "--deals", "1", "--no-double-dummy",
                "--budget", "0.5")
        out = " ".join(r.stdout.split())
        assert "my_arena_bot:lowest (cand.) no budget (a bot of your own: --budget is not passed" \
               " to it); heuristic (ref.) no budget (does not think)" in out, out

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_a_bot_of_your_own_that_chooses_what_the_game_refuses(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str) -> None:
        """A bot that returns no action, or an illegal one, is named with what it chose and the
        game's reason (exit 1), in one process or in workers: not a traceback from the engine."""
        (tmp_path / "my_bad_bot.py").write_text(
            "def chatty(view, rng):\n    return 'hello'\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # for the workers of --jobs 2
        r = run("--reference", "my_bad_bot:chatty", "--candidate", "random", "--deals", "2",
                "--jobs", jobs, "--no-double-dummy")
        assert r.exit_code == 1, r.output
        assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
        assert "Error: --reference my_bad_bot:chatty: the reference at " in r.stderr
        assert "chose 'hello', which the game refuses: 'hello' is not a card" in r.stderr
        assert r.stdout == "", r.stdout
        # with --json, the error object on stdout, as replay and solve print theirs (it printed nothing)
        r = run("--reference", "my_bad_bot:chatty", "--candidate", "random", "--deals", "2",
                "--jobs", jobs, "--no-double-dummy", "--json")
        assert r.exit_code == 1, r.output
        error = json.loads(r.stdout)
        assert list(error) == ["error"] and error["error"].startswith(
            "--reference my_bad_bot:chatty: the reference at "), error

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_a_bot_of_your_own_that_raises(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           jobs: str) -> None:
        """A bot whose own code raises is named with the exception (exit 1), after the traceback
        of its own code only: not the arena's frames, in one process or in workers."""
        module = f"my_crashing_bot_{jobs}"
        (tmp_path / f"{module}.py").write_text(
            "def crash(view, rng):\n    return helper()\n\n\ndef helper():\n"
            "    raise RuntimeError('my bug')\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # for the workers of --jobs 2
        r = run("--candidate", f"{module}:crash", "--deals", "2", "--jobs", jobs, "--no-double-dummy")
        assert r.exit_code == 1, r.output
        assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
        lines = r.stderr.splitlines()
        # where: the deal (the first to fail; in two workers either), the table and the seed
        assert re.fullmatch(rf"Error: --candidate {module}:crash: the candidate at South raised"
                            r" RuntimeError: my bug \(deal [12], table 1, seed 0\)", lines[-1]), r.stderr
        assert lines[0] == "Traceback (most recent call last):" and "in helper" in r.stderr
        assert "whist" not in "".join(lines[1:-2]).replace(module, ""), r.stderr

    def test_a_function_of_pythons_own_named_as_a_bot_is_said_in_one_line(self) -> None:
        """``--candidate os:getcwd``: no line of the bot's own ran, so there is no traceback of
        its own to show; a bare ``TypeError: …`` line (in English, also with ``--lang fr``) came
        before the error, which says it already."""
        for lang, said in (("en", "Error: --candidate os:getcwd: the candidate at "),
                           ("fr", "Erreur : --candidate os:getcwd : le candidat en ")):
            r = run("--candidate", "os:getcwd", "--deals", "1", "--no-double-dummy", "--lang", lang)
            assert r.exit_code == 1, r.output
            assert len(r.stderr.splitlines()) == 1 and r.stderr.startswith(said), r.stderr
            assert "TypeError: posix.getcwd() takes no arguments" in r.stderr

    def test_a_worker_that_ends_without_a_word(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A bot of one's own that ends its worker process (``os._exit``) under ``--jobs 2``: one
        line that says so and how to find the bot (exit 1), not the pool's traceback."""
        (tmp_path / "my_exiting_bot.py").write_text(
            "import os\n\n\ndef leave(view, rng):\n    os._exit(3)\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # for the workers
        r = run("--candidate", "my_exiting_bot:leave", "--deals", "2", "--jobs", "2", "--no-double-dummy")
        assert r.exit_code == 1, r.output
        assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
        assert "Traceback" not in r.stderr, r.stderr
        assert " ".join(r.stderr.split()) == (
            "Error: a worker process of --jobs ended without a word (a bot that ends its process, or"
            " the system out of memory): run again with --jobs 1 to see which bot"), r.stderr

    @pytest.mark.parametrize(("preset", "returns"), [("classic", "5"), ("classic", "None"), ("couleur", "5")])
    def test_a_bot_of_your_own_that_returns_no_action_at_all(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, preset: str, returns: str) -> None:
        """A bot that returns a number or None (not a card, not a call, not text) is named as one
        that returns an action the game refuses, not an AttributeError from inside the engine."""
        module = f"my_odd_bot_{preset}_{returns.lower()}"  # one a case: a module is imported once
        (tmp_path / f"{module}.py").write_text(f"def odd(view, rng):\n    return {returns}\n", "utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        r = run("--preset", preset, "--reference", f"{module}:odd", "--candidate", "random",
                "--deals", "2", "--no-double-dummy")
        assert r.exit_code == 1, r.output
        assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
        assert f"chose {returns}, which the game refuses: {returns} is not an action (a card or a call)" \
            in " ".join(r.stderr.split())

    def test_a_bot_file_of_the_current_folder_not_on_the_path_is_named(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A bot of one's own in the current folder, without ``PYTHONPATH=.`` (docs/arena.md):
        the error says what to do, not only that the module is missing."""
        (tmp_path / "mine_not_on_path.py").write_text("def play(view, rng):\n    return view.legal[0]\n")
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", str(tmp_path))])
        r = run("--candidate", "mine_not_on_path:play", "--deals", "1")
        assert r.exit_code == 2, r.output
        assert "run with PYTHONPATH=." in r.stderr and "Traceback" not in r.output
        r = run("--candidate", "elsewhere_not_on_path:play", "--deals", "1")
        assert r.exit_code == 2 and "PYTHONPATH" not in r.stderr, r.stderr

    @pytest.mark.parametrize(("source", "name", "en", "fr"), [
        ("raise RuntimeError('no cards today')\n", "crashing_on_import:play",
         "importing crashing_on_import raised RuntimeError: no cards today ({file}, line 1)",
         "l'import de crashing_on_import a levé RuntimeError: no cards today ({file}, ligne 1)"),
        ("import json\njson.loads('not json')\n", "raising_in_a_library:play",  # its own line, not json's
         "importing raising_in_a_library raised json.decoder.JSONDecodeError: Expecting value: line 1"
         " column 1 (char 0) ({file}, line 2)",
         "l'import de raising_in_a_library a levé json.decoder.JSONDecodeError: Expecting value: line 1"
         " column 1 (char 0) ({file}, ligne 2)"),
        ("def play(view, rng:\n", "invalid_syntax_bot:play",
         "importing invalid_syntax_bot raised SyntaxError: '(' was never closed ({file}, line 1)",
         "l'import d'invalid_syntax_bot a levé SyntaxError: '(' was never closed ({file}, ligne 1)"),
        ("def play(view, rng):\n    return view.legal[0]\n", "well_written_bot:plya",
         "module 'well_written_bot' has no attribute 'plya'",
         "le module well_written_bot n'a pas de « plya »"),
        ("def play(view, rng):\n    return view.legal[0]\n", "well_written_bot:",
         "name the function after the colon, well_written_bot:FUNCTION",
         "nommez la fonction après les deux-points, well_written_bot:FONCTION"),
        ("", "no_such_module_here:play", "No module named 'no_such_module_here'",
         "pas de module « no_such_module_here »"),
        # no module name, or one Python cannot import by name: Python's ValueError or TypeError
        # in English, « l'import d' a levé ValueError: Empty module name » in French
        ("", ":play", "name the module before the colon, MODULE:play",
         "nommez le module avant les deux-points, MODULE:play"),
        ("", ".relative_bot:play", "'.relative_bot' is not the name of a Python module: name it before"
         " the colon as Python imports it, like mybots:play or package.mybots:play",
         "« .relative_bot » n'est pas le nom d'un module Python : nommez-le avant les deux-points comme"
         " Python l'importe, comme mybots:play ou paquet.mybots:play"),
        ("", "dashed-bot:play", "'dashed-bot' is not the name of a Python module",
         "« dashed-bot » n'est pas le nom d'un module Python"),
    ])
    def test_a_bot_that_cannot_be_imported_is_one_line_in_each_language(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, name: str, en: str,
            fr: str) -> None:
        """A bot's module that raises as it is imported, or whose syntax is wrong, was a traceback
        of whist's own frames; the reasons Python gives for a missing module or function were
        English under French."""
        module = name.partition(":")[0]
        file = tmp_path / f"{module}.py"
        if source:
            file.write_text(source, encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        for lang, words in (("en", f"cannot import bot {name!r}: {en}"),
                            ("fr", f"impossible d'importer le robot « {name} » : {fr}")):
            r = run("--candidate", name, "--deals", "1", "--lang", lang)
            assert r.exit_code == 2, r.output
            assert words.format(file=file) in " ".join(r.stderr.split()), r.stderr
            assert "Traceback" not in r.output and len(r.stderr.strip().splitlines()) == 1

    def test_a_module_named_without_its_function_is_named(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """``--candidate mybot`` where ``mybot.py`` is a file of the current folder: the error
        says to name the function in it, not only that no built-in bot has that name."""
        (tmp_path / "mine_without_function.py").write_text(
            "def play(view, rng):\n    return view.legal[0]\n", encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        r = run("--candidate", "mine_without_function", "--deals", "1")
        assert r.exit_code == 2, r.output
        assert "name its function, mine_without_function:FUNCTION" in r.stderr, r.stderr
        r = run("--candidate", "elsewhere_without_function", "--deals", "1")
        assert r.exit_code == 2 and "name its function" not in r.stderr, r.stderr
        for name in (".", "..", " "):  # the current folder, not a module of it
            r = run("--candidate", name, "--deals", "1")
            assert r.exit_code == 2 and "is a module here" not in r.stderr, r.stderr

    @pytest.mark.parametrize(("args", "words"), [
        (["--candidate", "genius"], "unknown bot 'genius'"),
        (["--candidate", "genius"], "or module:function for a bot of your own"),
        (["--candidate", "heuristic", "--reference", "nobody"], "unknown bot 'nobody'"),
        (["--candidate", "heuristic", "--preset", "bridge"], "unknown preset 'bridge'"),
        (["--candidate", "heuristic", "--deals", "0"], "--deals"),
        (["--candidate", "heuristic", "--jobs", "0"], "--jobs"),
        (["--candidate", "heuristic", "--budget", "0"], "--budget 0 is too small"),  # 0.01 to 60 s
        (["--candidate", "heuristic", "--budget", "60.5"], "--budget 60.5 is too large"),
        (["--candidate", "heuristic", "--budget", "nan"], "--budget 'nan' is not a number of seconds"),
        (["--candidate", "heuristic", "--reference-budget", "-1"], "--reference-budget -1 is too small"),
        (["--candidate", "heuristic", "--reference-budget", "1e9"], "--reference-budget 1e9 is too large"),
        (["--reference", "random"], "--candidate"),
        (["--candidate", "no_such_module:bot"], "cannot import bot 'no_such_module:bot'"),
        (["--candidate", "whist.bots:no_such_bot"], "cannot import bot 'whist.bots:no_such_bot'"),
        (["--candidate", "whist.bots:BOT_NAMES"], "'whist.bots:BOT_NAMES' is not a bot"),
    ])
    def test_bad_input_exits_2_without_traceback(self, args: list[str], words: str) -> None:
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert words in r.stderr, (args, r.stderr)
        assert r.stdout == ""
        assert "Traceback" not in r.output
