"""The duplicate arena: how much better one bot (the candidate) plays than another (the
reference), measured on the same cards.

Classic whist: every deal (a *board*) is played at two tables with the same hands, dealer and
turned trump, the candidate at N-S at the first and at E-W at the second, the reference at the
other seats. A table's figure is the candidate side's deal points (odd tricks and honours, from
a score of 0-0) minus the other side's; the board's figure is the mean of its two tables.

Colour whist: every board is played at five tables: four with the candidate at one seat (N, E,
S, W in turn) and the reference at the three others, one with the reference at all four seats.
A seat's figure is the candidate's points at that seat minus the reference's points at the same
seat of the all-reference table; the board's figure is the mean of its four seats. Each seat is
put in the contract family (partnership, solo, misère, trou, all pass) of the contract played at
the candidate's table (a deal passed out: all pass). A deal everybody passes is not dealt again:
it scores 0 and the next board is a new deal.

The unit of the confidence intervals is the board, since the tables of one board share their
cards and are not independent: mean and 95% interval come from :func:`cluster_estimate`.

Every table's card play is also compared with perfect play (:func:`double_dummy`): before each
card, the double-dummy solver values every legal card for the declaring side; the tricks a card
costs its own side against the best card are that seat's loss.

Everything depends only on the seed: board ``i`` is dealt from :func:`board_rng` and each seat's
bot draws from :func:`seat_rng` (seed, board, table, seat), so a run gives the same figures
whatever the number of processes (``jobs``) sharing the boards. The decision times are measured
and reported, but are of course not reproducible.

This module runs the boards, in one process or several, and adds their results up into the
report (:func:`run_arena`, :class:`ArenaReport`, the statistics); what is done with one board
(the run's configuration and bots, the dealing, the play at each table, the figures, the
comparison with perfect play, the records) is in :mod:`whist.arena_boards`, whose names are all
importable from here too.

>>> from whist.rules import preset
>>> report = run_arena(ArenaConfig(preset("classic"), "heuristic", "random", deals=2, seed=1,
...                                double_dummy=False))
>>> report.overall.boards, report.players["candidate"].clock.cards
(2, 104)
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from whist.arena_boards import (
    CANDIDATE,
    DEFAULT_MAX_NODES,
    REFERENCE,
    ROLES,
    SOLVER_LIMIT,
    ArenaConfig,
    BoardResult,
    CardStep,
    Clock,
    DoubleDummy,
    Playable,
    PlayedTable,
    Role,
    Seating,
    SolveCache,
    arena_bot,
    board_rng,
    board_units,
    bot_name,
    classic_figure,
    colour_family,
    deal_board,
    double_dummy,
    is_own_bot,
    objective,
    play_board,
    play_table,
    record_name,
    run_board,
    save_records,
    seat_rng,
    seatings,
    table_record,
)
from whist.bots import BotActionError, BotCrashError
from whist.colour_session import FAMILIES

__all__ = [  # with every name of whist.arena_boards, which was a part of this module
    "CANDIDATE",
    "DEFAULT_MAX_NODES",
    "REFERENCE",
    "ROLES",
    "SOLVER_LIMIT",
    "ArenaConfig",
    "ArenaInterrupted",
    "ArenaReport",
    "BoardResult",
    "BotActionError",
    "BotCrashError",
    "CardStep",
    "Clock",
    "DoubleDummy",
    "Estimate",
    "Playable",
    "PlayedTable",
    "PlayerStats",
    "Role",
    "Seating",
    "SolveCache",
    "arena_bot",
    "board_rng",
    "board_units",
    "bot_name",
    "classic_figure",
    "cluster_estimate",
    "colour_family",
    "deal_board",
    "double_dummy",
    "is_own_bot",
    "objective",
    "play_board",
    "play_table",
    "record_name",
    "run_arena",
    "run_board",
    "save_records",
    "seat_rng",
    "seatings",
    "t95",
    "table_record",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


# ----- statistics ------------------------------------------------------------------------------


def _student_two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` degrees of freedom, by the finite sums that hold
    for a whole number of them (odd: an angle and a sum of cosines; even: a sum of cosines)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:
        term = total = 0.0
        if df > 1:
            term = total = math.cos(theta)
            for k in range(3, df - 1, 2):
                term *= c2 * (k - 1) / k
                total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term = total = 1.0
    for k in range(2, df - 1, 2):
        term *= c2 * (k - 1) / k
        total += term
    return math.sin(theta) * total


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (12.706 for 1,
    4.303 for 2, 2.228 for 10, 1.960 for many): what a mean's interval is wide in standard
    errors when that error is itself estimated from ``df + 1`` deals."""
    if df < 1:
        raise ValueError("Student's t needs one degree of freedom or more")
    if df > 1000:  # (within 1e-6 of the expansion in 1/df of the normal quantile)
        z = Z95
        return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
    lo, hi = Z95, 13.0
    while hi - lo > 1e-9:
        mid = (lo + hi) / 2
        if _student_two_sided(mid, df) < 0.95:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with its 95% confidence interval (``half``: its half-width; ``None`` with
    fewer than two boards), over ``units`` figures from ``boards`` boards."""

    mean: float | None
    half: float | None
    boards: int
    units: int

    @property
    def low(self) -> float | None:
        return None if self.mean is None or self.half is None else self.mean - self.half

    @property
    def high(self) -> float | None:
        return None if self.mean is None or self.half is None else self.mean + self.half

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "ci95": [self.low, self.high], "half_width": self.half,
                "deals": self.boards, "units": self.units}


def cluster_estimate(totals: Sequence[float], counts: Sequence[int], z: float | None = None) -> Estimate:
    """The mean of figures grouped by board, and its confidence interval with the board as the
    independent unit: board ``d`` brings ``counts[d]`` figures summing to ``totals[d]``.

    The mean is ``m = Σ totals / Σ counts``; its standard error is the ratio estimator's,
    ``se² = D/(D-1) · Σ (totals[d] - m·counts[d])² / (Σ counts)²`` over the ``D`` boards with
    at least one figure, and the interval is ``m ± t·se``, ``t`` the 95% quantile of Student's t
    with ``D - 1`` degrees of freedom (:func:`t95`; ``z`` instead where given). With one figure
    per board (or the same number on every board) this is the usual ``m ± t·s/√D`` of the
    boards' means.

    >>> e = cluster_estimate([1, 2, 3, 4], [1, 1, 1, 1])
    >>> e.mean, round(e.half, 4)
    (2.5, 2.0543)
    """
    pairs = [(float(s), n) for s, n in zip(totals, counts, strict=True) if n > 0]
    n_units = sum(n for _, n in pairs)
    boards = len(pairs)
    if n_units == 0:
        return Estimate(None, None, 0, 0)
    m = sum(s for s, _ in pairs) / n_units
    if boards < 2:
        return Estimate(m, None, boards, n_units)
    var = boards / (boards - 1) * sum((s - m * n) ** 2 for s, n in pairs) / n_units ** 2
    return Estimate(m, (t95(boards - 1) if z is None else z) * math.sqrt(var), boards, n_units)


# ----- the report ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One role's bot: its name and thinking time per card (``None``: it does not think), its
    decision times, its tricks lost double dummy
    (``dd[pos] = (seat-deals, tricks lost)``)."""

    name: str
    budget: float | None
    clock: Clock
    dd: dict[str, tuple[int, int]]

    def to_dict(self) -> dict[str, Any]:
        c = self.clock
        return {
            "name": self.name,
            "budget": self.budget,
            "cards": c.cards,
            "seconds_per_card": c.card_seconds / c.cards if c.cards else None,
            "max_seconds_per_card": c.card_max if c.cards else None,
            "calls": c.calls,
            "seconds_per_call": c.call_seconds / c.calls if c.calls else None,
            "max_seconds_per_call": c.call_max if c.calls else None,
            "double_dummy": {p: {"seat_deals": n, "tricks_lost": lost,
                                 "tricks_lost_per_seat_deal": lost / n if n else None}
                             for p, (n, lost) in self.dd.items()},
        }


@dataclass(frozen=True, slots=True)
class ArenaReport:
    """The result of a run: the figure overall and per contract family (colour whist), each
    role's statistics, and the double-dummy comparison's counts."""

    config: ArenaConfig
    overall: Estimate
    families: dict[str, Estimate]
    players: dict[Role, PlayerStats]
    dd: DoubleDummy
    per_deal: tuple[int, ...] = ()
    """Each deal's figures added up (its tables', classic; its four seats', colour), in order."""

    def to_dict(self) -> dict[str, Any]:
        c = self.config
        return {
            "game": c.rules.game,
            "rules": c.rules.to_dict(),
            "candidate": c.name(CANDIDATE),
            "reference": c.name(REFERENCE),
            "deals": c.deals,
            "seed": c.seed,
            "budget": c.budget,
            "reference_budget": c.reference_budget,
            "tables_per_deal": len(seatings(c.is_colour)),
            "figure": ("candidate's points minus the reference's at the same seat, per seat-deal"
                       if c.is_colour else
                       "candidate side's deal points minus the other side's, per table"),
            "overall": self.overall.to_dict(),
            "per_deal": list(self.per_deal),
            "families": {k: v.to_dict() for k, v in self.families.items()},
            "players": {r: p.to_dict() for r, p in self.players.items()},
            "double_dummy": {
                "enabled": c.double_dummy,
                "max_nodes": c.max_nodes,
                "contracts": self.dd.contracts,
                "analysed": self.dd.analysed,
                "skipped": dict(sorted(self.dd.skipped.items())),
            },
        }


def summarize(config: ArenaConfig, results: Iterable[BoardResult]) -> ArenaReport:
    """The report of a run from its boards' results, added up in board order."""
    ordered = sorted(results, key=lambda r: r.index)
    overall = cluster_estimate([sum(v for _, v in r.units) for r in ordered],
                               [len(r.units) for r in ordered])
    families: dict[str, Estimate] = {}
    if config.is_colour:
        for fam in FAMILIES:
            families[fam] = cluster_estimate(
                [sum(v for f, v in r.units if f == fam) for r in ordered],
                [sum(1 for f, _ in r.units if f == fam) for r in ordered])
    clocks = {r: Clock() for r in ROLES}
    dd = DoubleDummy()
    for res in ordered:
        for role, c in res.clocks.items():
            clocks[role].merge(c)
        dd.merge(res.dd)
    positions = ("declarer", "defender") if config.is_colour else ("player",)
    players = {
        role: PlayerStats(config.name(role), config.thinking_time(role), clocks[role],
                          {p: (dd.seats.get((role, p), 0), dd.lost.get((role, p), 0))
                           for p in positions})
        for role in ROLES}
    return ArenaReport(config, overall, families, players, dd,
                       tuple(sum(v for _, v in r.units) for r in ordered))


# ----- the run: the boards in one process or several -------------------------------------------


@contextmanager
def _workers_deaf_to_ctrl_c() -> Iterator[None]:
    """SIGINT held back while the block starts worker processes, which keep it held back: Ctrl-C
    in a terminal, sent to every process of the command, is the command's to handle (it ends the
    workers), where each worker printed the traceback of what it was doing, most often loading
    Python. A SIGINT that comes meanwhile reaches the command as the block ends."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def run_arena(config: ArenaConfig, jobs: int = 1,
              progress: Callable[[int], None] | None = None) -> ArenaReport:
    """Play every board of ``config`` (in ``jobs`` processes when more than one) and report.
    ``progress(done)`` is called after each board. The figures do not depend on ``jobs``. Ctrl-C
    raises :class:`ArenaInterrupted`, with the report of the first boards played out by then."""
    if config.deals < 1:
        raise ValueError("the arena needs at least one deal")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    config.bots()  # an unknown bot fails here, not in a worker
    results: list[BoardResult] = []
    try:
        _play_boards(config, jobs, progress, results)
    except KeyboardInterrupt:
        done = {r.index for r in results}
        first = next(i for i in range(config.deals + 1) if i not in done)  # boards 0 to first - 1
        report = summarize(replace(config, deals=first), [r for r in results if r.index < first]) \
            if first else None
        raise ArenaInterrupted(report, len(results)) from None
    return summarize(config, results)


class ArenaInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`run_arena`: ``report`` is that of the first boards played out by then,
    with no board missing among them (the report of a run of that many boards; ``None`` if the
    first board was not played out: boards end out of order with ``jobs``); ``played``, how many
    boards were played out in all."""

    def __init__(self, report: ArenaReport | None, played: int) -> None:
        super().__init__()
        self.report = report
        self.played = played


def _end_with(command: int) -> None:
    """A worker's start: it ends as soon as the command that started it is gone. Killed (``kill``,
    SIGTERM), the command cannot end its workers, and they went on playing, then waited for work
    for ever."""
    def watch() -> None:
        while os.getppid() == command:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="end with the command", daemon=True).start()


def _play_boards(config: ArenaConfig, jobs: int, progress: Callable[[int], None] | None,
                 results: list[BoardResult]) -> None:
    """Play the boards of ``config`` into ``results`` (as they end: what a Ctrl-C leaves there is
    what was played out)."""
    if jobs == 1 or config.deals == 1:
        for i in range(config.deals):
            results.append(run_board(config, i))
            if progress is not None:
                progress(len(results))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=min(jobs, config.deals), mp_context=ctx,
                                 initializer=_end_with, initargs=(os.getpid(),)) as pool:
            try:
                with _workers_deaf_to_ctrl_c():
                    futures = [pool.submit(run_board, config, i) for i in range(config.deals)]
                for f in as_completed(futures):
                    results.append(f.result())
                    if progress is not None:
                        progress(len(results))
            except BaseException:  # a bot's error, or Ctrl-C: do not play the other deals,
                for worker in list(pool._processes.values()):  # nor finish those begun: a worker
                    worker.terminate()  # left to finish one outlived the command (SIGINT to it alone)
                pool.shutdown(wait=True, cancel_futures=True)  # the pool's thread done before exit
                raise
