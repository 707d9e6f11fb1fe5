"""The boards of the duplicate arena (:mod:`whist.arena`, which runs them and reports): what a
run plays (:class:`ArenaConfig`, with its bots named as :func:`arena_bot` resolves them), and all
that is done with one board, in whichever process plays it: dealt from the seed
(:func:`deal_board`), played at each of its tables (:func:`seatings`, :func:`play_board`), its
figures taken (:func:`board_units`), its card play compared with perfect play
(:func:`double_dummy`), its tables saved as deal records (:func:`save_records`).
:func:`run_board` does all of that and returns a :class:`BoardResult`, small enough to cross
between processes, which :func:`whist.arena.run_arena` adds up. With ``jobs`` above 1 the worker
processes import :func:`run_board` and the values it is given and returns by this module's name.

>>> from whist.rules import preset
>>> result = run_board(ArenaConfig(preset("classic"), "heuristic", "random", deals=1, seed=1,
...                                double_dummy=False), 0)
>>> len(result.units), result.clocks["candidate"].cards
(2, 52)
"""

from __future__ import annotations

import importlib
import random
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Literal, Protocol, Self, cast

from whist import record
from whist.bots import BOT_NAMES, AnyView, Bot, BotActionError, BotCrashError, bot_turn, get_bot
from whist.cards import SEATS, Card, Refusal, Seat, Side, Suit, of_fr
from whist.contracts import KINDS
from whist.couleur import ColourDeal
from whist.engine import ClassicDeal
from whist.rules import Rules
from whist.solver import MAX, MIN, Goal, Position, Solution, Solver

Role = Literal["candidate", "reference"]
CANDIDATE: Role = "candidate"
REFERENCE: Role = "reference"
ROLES: tuple[Role, ...] = (CANDIDATE, REFERENCE)

Seating = tuple[Role, Role, Role, Role]
"""The role sitting at N, E, S and W."""

DEFAULT_MAX_NODES = 5_000_000


# ----- the bots and what a run plays -----------------------------------------------------------


def arena_bot(name: str, budget: float | None = None) -> Bot:
    """The bot called ``name``: a built-in bot (:func:`whist.bots.get_bot`, its name in any
    case), or your own as ``module:attribute``, a function ``bot(view, rng) -> action`` that
    Python can import (the module on ``sys.path``; ``budget`` is not passed to it). When there
    is none, a :class:`~whist.cards.Refusal` (a ``ValueError``) that says why in English and
    French. ``whist arena`` and ``whist simulate`` name their bots so.

    >>> arena_bot("whist.bots:random_bot").__name__
    'random_bot'
    """
    if not is_own_bot(name):
        try:
            return get_bot(name, budget)
        except ValueError as exc:
            here = Path.cwd()
            local = name.isidentifier() and ((here / f"{name}.py").is_file() or (here / name).is_dir())
            hint = (f" ({name} is a module here: name its function, {name}:FUNCTION)",
                    f" ({name} est un module d'ici : nommez sa fonction, {name}:FONCTION)") \
                if local else ("", "")
            raise Refusal(f"{exc}, or module:function for a bot of your own{hint[0]}",
                          f"robot « {name} » inconnu (connus : {', '.join(BOT_NAMES)}), ou"
                          f" module:fonction pour un robot à vous{hint[1]}") from None
    module, _, attr = name.strip().partition(":")
    cannot = f"cannot import bot {name!r}: ", f"impossible d'importer le robot « {name} » : "
    if not attr:
        raise Refusal(f"{cannot[0]}name the function after the colon, {module}:FUNCTION",
                      f"{cannot[1]}nommez la fonction après les deux-points, {module}:FONCTION")
    if not module:
        raise Refusal(f"{cannot[0]}name the module before the colon, MODULE:{attr}",
                      f"{cannot[1]}nommez le module avant les deux-points, MODULE:{attr}")
    if not all(part.isidentifier() for part in module.split(".")):  # '.mybots', 'my-bots'
        raise Refusal(f"{cannot[0]}{module!r} is not the name of a Python module: name it before the"
                      f" colon as Python imports it, like mybots:{attr} or package.mybots:{attr}",
                      f"{cannot[1]}« {module} » n'est pas le nom d'un module Python : nommez-le avant"
                      f" les deux-points comme Python l'importe, comme mybots:{attr} ou"
                      f" paquet.mybots:{attr}")
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        hint = _path_hint(module, exc)
        raise Refusal(f"{cannot[0]}{exc}{hint[0]}",
                      f"{cannot[1]}pas de module « {exc.name} »{hint[1]}") from None
    except Exception as exc:  # the module's own code failed as it was imported
        where = _where_raised(exc)
        error = "".join(traceback.format_exception_only(type(exc), exc)).strip().splitlines()[-1]
        raise Refusal(f"{cannot[0]}importing {module} raised {error}{where[0]}",
                      f"{cannot[1]}l'import {of_fr(module)} a levé {error}{where[1]}") from None
    try:
        bot = getattr(found, attr)
    except AttributeError:
        raise Refusal(f"{cannot[0]}module {module!r} has no attribute {attr!r}",
                      f"{cannot[1]}le module {module} n'a pas de « {attr} »") from None
    if not callable(bot):
        raise Refusal(f"{name!r} is not a bot: bot(view, rng) -> action",
                      f"« {name} » n'est pas un robot : bot(view, rng) -> action")
    return cast(Bot, bot)


def is_own_bot(name: str) -> bool:
    """Whether ``name`` names a bot of one's own (``module:function``) rather than a built-in one."""
    return ":" in name


def bot_name(name: str) -> str:
    """``name`` as a report or a summary keeps it: a built-in bot's in lower case (it may be typed
    in any case), ``module:function`` as given (Python's names tell case), both without the
    spaces around.

    >>> bot_name(" PIMC "), bot_name("MyBots.strong:Play")
    ('pimc', 'MyBots.strong:Play')
    """
    return name.strip() if is_own_bot(name) else name.strip().lower()


def _where_raised(exc: BaseException) -> tuple[str, str]:
    """Where in the bot's own file ``exc`` was raised, or where its syntax is wrong, in English
    and French: `` (mybot.py, line 3)``; nothing when that is not known."""
    if isinstance(exc, SyntaxError) and exc.filename and exc.lineno:
        file, line = exc.filename, exc.lineno
    else:
        # the line of the module being imported that raised, after Python's machinery to import
        # it, not the line of the library it called (json's, for json.loads("x") in the bot's file)
        frames = traceback.extract_tb(exc.__traceback__)
        importing = [i for i, f in enumerate(frames) if f.filename.startswith("<frozen importlib")]
        own = frames[importing[-1] + 1:] if importing else frames
        if not own or own[0].lineno is None:
            return "", ""
        file, line = own[0].filename, own[0].lineno
    return f" ({file}, line {line})", f" ({file}, ligne {line})"


def _path_hint(module: str, exc: Exception) -> tuple[str, str]:
    """What to do, in English and French, when ``module`` was not found although it is a file or
    package of the current folder, which is not on Python's path for the ``whist`` command:
    ``PYTHONPATH=.``."""
    top = module.partition(".")[0]
    if not isinstance(exc, ModuleNotFoundError) or exc.name != top:
        return "", ""
    here = Path.cwd()
    if not ((here / f"{top}.py").is_file() or (here / top).is_dir()):
        return "", ""
    return (f" ({top} is in the current folder, which is not on Python's path: run with PYTHONPATH=.)",
            f" ({top} est dans le dossier courant, qui n'est pas dans le chemin de Python : lancez"
            " avec PYTHONPATH=.)")


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """What an arena run plays: the rules, the bots of both roles, the number of boards and the
    seed. A bot is named as ``whist arena`` names it (``pimc``, ``mybots:strong``) or given as a
    function ``bot(view, rng) -> action`` (with ``jobs`` above 1, one of a module's top level,
    which the worker processes import by its name). ``budget`` is the candidate's seconds per
    card (``None``: the bot's default; ignored by bots that do not think and by functions),
    ``reference_budget`` the reference's.
    ``double_dummy``: compare the card play with the solver's (``max_nodes`` bounds each
    search). ``records``: a directory where every table played is saved as a deal record that
    ``whist replay`` reads, with who sat where and the arena's own facts (:func:`table_record`)."""

    rules: Rules
    candidate: str | Bot
    reference: str | Bot
    deals: int
    seed: int
    budget: float | None = None
    reference_budget: float | None = None
    double_dummy: bool = True
    max_nodes: int = DEFAULT_MAX_NODES
    records: Path | None = None

    @property
    def is_colour(self) -> bool:
        return self.rules.game == "couleur"

    def name(self, role: Role) -> str:
        """The role's bot as reports and records name it: a name as given, a function as
        ``module:function`` (its ``__module__`` and ``__qualname__``)."""
        bot = self.candidate if role == CANDIDATE else self.reference
        if isinstance(bot, str):
            return bot
        return f"{bot.__module__}:{getattr(bot, '__qualname__', type(bot).__qualname__)}"

    def budget_of(self, role: Role) -> float | None:
        return self.budget if role == CANDIDATE else self.reference_budget

    def bot(self, role: Role) -> Bot:
        """A fresh bot of the role: by its name (:func:`arena_bot`: ``ValueError`` for an
        unknown one), or the function itself."""
        bot = self.candidate if role == CANDIDATE else self.reference
        return arena_bot(bot, self.budget_of(role)) if isinstance(bot, str) else bot

    def bots(self) -> dict[Role, Bot]:
        """A fresh bot of each role (:meth:`bot`)."""
        return {r: self.bot(r) for r in ROLES}

    def thinking_time(self, role: Role) -> float | None:
        """The seconds per card the role's bot really has (its ``budget`` attribute, which
        gives the default when none was asked for); ``None`` for a bot that does not think."""
        b = getattr(self.bot(role), "budget", None)
        return float(b) if isinstance(b, int | float) and not isinstance(b, bool) else None


# ----- boards and seats ------------------------------------------------------------------------


def board_rng(seed: int, index: int) -> random.Random:
    """The generator that deals board ``index`` of a run seeded with ``seed``."""
    return random.Random(f"whist-arena:{seed}:{index}")


def seat_rng(seed: int, index: int, table: int, seat: Seat) -> random.Random:
    """The generator of the bot at ``seat`` of table ``table`` of board ``index``."""
    return random.Random(f"whist-arena-bot:{seed}:{index}:{table}:{seat.name}")


def deal_board(rules: Rules, seed: int, index: int) -> ClassicDeal | ColourDeal:
    """Board ``index``, ready to play: shuffled from :func:`board_rng`, dealt by
    ``SEATS[index % 4]`` (the dealer turns round as in a match)."""
    dealer = SEATS[index % 4]
    rng = board_rng(seed, index)
    if rules.game == "couleur":
        return ColourDeal.shuffled(rules, dealer, rng)
    return ClassicDeal.shuffled(rules, dealer, rng)


def seatings(colour: bool) -> tuple[Seating, ...]:
    """Who sits where at each table of a board: classic, the candidate at N-S then at E-W;
    colour, the candidate alone at N, E, S, W in turn, then the reference at every seat.

    >>> [''.join(r[0] for r in s) for s in seatings(False)]
    ['crcr', 'rcrc']
    """
    c, r = CANDIDATE, REFERENCE
    if not colour:
        return ((c, r, c, r), (r, c, r, c))
    return ((c, r, r, r), (r, c, r, r), (r, r, c, r), (r, r, r, c), (r, r, r, r))


# ----- playing a table -------------------------------------------------------------------------


class Playable(Protocol):
    """What :func:`play_table` asks of a deal of either game."""

    @property
    def to_act(self) -> Seat | None: ...

    def view(self, seat: Seat | None) -> AnyView: ...

    @property
    def actions(self) -> Sequence[tuple[Seat, object]]: ...

    def apply(self, action: Any, seat: Seat | None = None) -> Self: ...


@dataclass(slots=True)
class Clock:
    """Decision times of one role: cards played, other decisions (calls, show, discard)."""

    cards: int = 0
    card_seconds: float = 0.0
    card_max: float = 0.0
    calls: int = 0
    call_seconds: float = 0.0
    call_max: float = 0.0

    def add(self, is_card: bool, seconds: float) -> None:
        if is_card:
            self.cards += 1
            self.card_seconds += seconds
            self.card_max = max(self.card_max, seconds)
        else:
            self.calls += 1
            self.call_seconds += seconds
            self.call_max = max(self.call_max, seconds)

    def merge(self, other: Clock) -> None:
        self.cards += other.cards
        self.card_seconds += other.card_seconds
        self.card_max = max(self.card_max, other.card_max)
        self.calls += other.calls
        self.call_seconds += other.call_seconds
        self.call_max = max(self.call_max, other.call_max)


@dataclass(frozen=True, slots=True)
class CardStep:
    """A card played: the state before it, who played it, the card."""

    before: ClassicDeal | ColourDeal
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class PlayedTable:
    """One table of a board played out: who sat where, the finished deal, every card played."""

    seating: Seating
    deal: ClassicDeal | ColourDeal
    cards: tuple[CardStep, ...]


def play_table(start: ClassicDeal | ColourDeal, seating: Seating, bots: Mapping[Role, Bot],
               rngs: Mapping[Seat, random.Random], clocks: Mapping[Role, Clock]) -> PlayedTable:
    """Play ``start`` to its end, each seat's decisions taken by the bot of its role in
    ``seating`` from that seat's view and generator; the time of each decision goes to the
    role's clock."""
    deal: Playable = start
    steps: list[CardStep] = []
    while (seat := deal.to_act) is not None:
        role = seating[seat]
        after, spent = bot_turn(bots[role], deal.view(seat), rngs[seat], partial(deal.apply, seat=seat),
                                role, seat)
        taken = after.actions[-1][1]  # the action as the game read it (a bot may answer "AS")
        is_card = isinstance(taken, Card)
        clocks[role].add(is_card, spent)
        if is_card:
            assert isinstance(deal, ClassicDeal | ColourDeal) and isinstance(taken, Card)
            steps.append(CardStep(deal, seat, taken))
        deal = after
    assert isinstance(deal, ClassicDeal | ColourDeal)
    return PlayedTable(seating, deal, tuple(steps))


def play_board(config: ArenaConfig, index: int, make_bots: Callable[[], Mapping[Role, Bot]],
               clocks: Mapping[Role, Clock]) -> tuple[PlayedTable, ...]:
    """Every table of board ``index``: the same deal, played once per seating, each table with
    fresh bots from ``make_bots`` (what a bot keeps between decisions, a solver's table say,
    never carries over from one table to the next)."""
    start = deal_board(config.rules, config.seed, index)
    tables: list[PlayedTable] = []
    for t, seating in enumerate(seatings(config.is_colour)):
        try:
            tables.append(play_table(start, seating, make_bots(),
                                     {s: seat_rng(config.seed, index, t, s) for s in SEATS}, clocks))
        except (BotActionError, BotCrashError) as exc:
            exc.where = (index + 1, t + 1)  # (its attributes cross from a worker process)
            raise
    return tuple(tables)


# ----- the figures of a board ------------------------------------------------------------------


def classic_figure(table: PlayedTable) -> int:
    """The candidate side's deal points minus the other side's at a classic table."""
    deal = table.deal
    assert isinstance(deal, ClassicDeal)
    total = deal.points().total
    side = Side.NS if table.seating[0] == CANDIDATE else Side.EW
    return total[side] - total[side.other]


def colour_family(deal: ColourDeal) -> str:
    """The contract family of a finished colour deal (``all_pass`` when passed out)."""
    ip = deal.in_play
    return "all_pass" if ip is None else KINDS[ip.contract.kind].family


def _kind(deal: ColourDeal) -> str:
    ip = deal.in_play
    return "passed out" if ip is None else KINDS[ip.contract.kind].en


def board_units(tables: Sequence[PlayedTable], colour: bool) -> tuple[tuple[str, int], ...]:
    """The figures of a board: classic, one per table (family ``""``); colour, one per seat
    (candidate's points minus the reference's at that seat), with the family of the
    candidate's table."""
    if not colour:
        return tuple(("", classic_figure(t)) for t in tables)
    all_ref = tables[4].deal
    assert isinstance(all_ref, ColourDeal)
    ref = all_ref.points()
    out = []
    for seat, t in zip(SEATS, tables[:4], strict=True):
        deal = t.deal
        assert isinstance(deal, ColourDeal) and t.seating[seat] == CANDIDATE
        out.append((colour_family(deal), deal.points()[seat] - ref[seat]))
    return tuple(out)


# ----- double dummy ----------------------------------------------------------------------------


@dataclass(slots=True)
class DoubleDummy:
    """Tricks lost against perfect play, by role and position (``declarer``, ``defender``;
    classic whist: ``player``): ``seats[(role, pos)]`` counts seat-deals, ``lost`` the tricks
    they lost. ``contracts`` counts tables with cards played, ``analysed`` those compared,
    ``skipped`` the others by reason."""

    seats: dict[tuple[str, str], int] = field(default_factory=dict)
    lost: dict[tuple[str, str], int] = field(default_factory=dict)
    contracts: int = 0
    analysed: int = 0
    skipped: dict[str, int] = field(default_factory=dict)

    def merge(self, other: DoubleDummy) -> None:
        for k, v in other.seats.items():
            self.seats[k] = self.seats.get(k, 0) + v
        for k, v in other.lost.items():
            self.lost[k] = self.lost.get(k, 0) + v
        self.contracts += other.contracts
        self.analysed += other.analysed
        for reason, n in other.skipped.items():
            self.skipped[reason] = self.skipped.get(reason, 0) + n

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1


SOLVER_LIMIT = "solver limit"


def objective(table: PlayedTable) -> tuple[frozenset[Seat], Goal, Suit | None] | str:
    """The team, goal and trump to solve a table with, or why it is not compared: a piccolo
    (an exact number of tricks, no count of tricks lost), a misère of several declarers (each
    plays for himself), the queens game (no declarers), a surprise trou (no trump until the
    fourth ace falls)."""
    deal = table.deal
    if isinstance(deal, ClassicDeal):
        return frozenset(Side.NS.seats), MAX, deal.trump
    ip = deal.in_play
    assert ip is not None
    kind = KINDS[ip.contract.kind]
    if kind.key in ("piccolo", "piccolissimo"):
        return "piccolo (exact goal)"
    if kind.key == "dames":
        return "queens game (no declarers)"
    if kind.key == "trou" and ip.trump is None:
        return "surprise trou (hidden trump)"
    if kind.is_misere:
        if len(ip.declarers) > 1:
            return "misère of several declarers"
        return frozenset(ip.declarers), MIN, None
    return frozenset(ip.declarers), MAX, ip.trump


SolveCache = dict[tuple[Position, frozenset[Seat], Goal], Solution | None]
"""Searches already made (``None``: cut at the node limit), shared by the tables of a board,
which often reach the same positions."""


def double_dummy(table: PlayedTable, solver: Solver, max_nodes: int = DEFAULT_MAX_NODES,
                 cache: SolveCache | None = None) -> DoubleDummy:
    """How far the table's card play is from perfect.

    Before each card, the solver values every legal card for the declaring side (classic: N-S)
    with the contract's goal; the card played costs its player's side ``|best - value|`` tricks
    (for the team, what it takes less, or more in a misère; for the others, what they let it
    take more, or less). The seat's loss is the sum over its cards. A table is skipped whole
    when one search passes ``max_nodes`` (:class:`TimeoutError`) or the contract has no count
    of tricks to compare (:func:`objective`). ``cache`` keeps the searches for the next tables
    of the board: a position already cut is not searched again."""
    out = DoubleDummy()
    if not table.cards:
        return out
    out.contracts = 1
    obj = objective(table)
    if isinstance(obj, str):
        out.skip(obj)
        return out
    team, goal, trump = obj
    lost = [0, 0, 0, 0]
    for step in table.cards:
        st = step.before
        pos = Position(st.hands, trump, st.leader, st.trick)
        key = (pos, team, goal)
        if cache is not None and key in cache:
            sol = cache[key]
        else:
            try:
                sol = solver.solve(pos, team, goal, max_nodes=max_nodes)
            except TimeoutError:
                sol = None
            if cache is not None:
                cache[key] = sol
        if sol is None:
            what = "" if isinstance(table.deal, ClassicDeal) else f" ({_kind(table.deal)})"
            out.skip(SOLVER_LIMIT + what)
            return out
        lost[step.seat] += abs(sol.best - sol.cards[step.card])
    out.analysed = 1
    colour = isinstance(table.deal, ColourDeal)
    for seat in SEATS:
        pos_name = ("declarer" if seat in team else "defender") if colour else "player"
        who = (table.seating[seat], pos_name)
        out.seats[who] = out.seats.get(who, 0) + 1
        out.lost[who] = out.lost.get(who, 0) + lost[seat]
    return out


# ----- one board, as a worker runs it ----------------------------------------------------------


def record_name(config: ArenaConfig, index: int, table: int) -> str:
    """The name (without ``.json``) of the record of table ``table`` (from 0) of board ``index``.

    >>> from whist.rules import preset
    >>> record_name(ArenaConfig(preset("couleur"), "pimc", "heuristic", 10, 7), 2, 4)
    'arena-couleur-seed7-deal0003-table5'
    """
    return f"arena-{config.rules.preset}-seed{config.seed}-deal{index + 1:04d}-table{table + 1}"


def table_record(config: ArenaConfig, index: int, table: int, played: PlayedTable,
                 figure: int | None) -> dict[str, Any]:
    """The deal record of a table played (:func:`whist.record.deal_record`) with who played each
    seat (the bots' names) and ``arena``: the run's seed, the board and table (from 1), the role
    at each seat, the bots and their budgets, and ``figure``, what the table adds to the report
    (:func:`board_units`: classic, the candidate side's points less the other side's; colour, at
    the candidate's tables, its points less the reference's at its seat; ``None`` at the
    references' own table)."""
    out = record.deal_record(played.deal, {s: config.name(played.seating[s]) for s in SEATS})
    out["arena"] = {
        "seed": config.seed,
        "deal": index + 1,
        "table": table + 1,
        "roles": {s.name: played.seating[s] for s in SEATS},
        "candidate": config.name(CANDIDATE),
        "reference": config.name(REFERENCE),
        "budget": config.budget,
        "reference_budget": config.reference_budget,
        "figure": figure,
    }
    return out


def save_records(config: ArenaConfig, index: int, tables: Sequence[PlayedTable],
                 units: Sequence[tuple[str, int]]) -> None:
    """Save the record of each table of board ``index`` in ``config.records``
    (:func:`record_name`; a record already there is kept, the new one is named ``-2`` …)."""
    assert config.records is not None
    for t, played in enumerate(tables):
        figure = units[t][1] if t < len(units) else None
        record.save_new(table_record(config, index, t, played, figure), config.records,
                        record_name(config, index, t))


@dataclass(frozen=True, slots=True)
class BoardResult:
    """What a board contributes to the report (small, to cross between processes)."""

    index: int
    units: tuple[tuple[str, int], ...]
    clocks: dict[Role, Clock]
    dd: DoubleDummy


_solver: Solver | None = None


def _the_solver() -> Solver:
    """This process's solver, its table cleared: a board's searches never depend on the
    boards this process happened to solve before (so ``max_nodes`` cuts the same searches
    whatever the number of jobs)."""
    global _solver
    if _solver is None:
        _solver = Solver()
    _solver.clear()
    return _solver


def run_board(config: ArenaConfig, index: int) -> BoardResult:
    """Play and measure board ``index``."""
    clocks = {r: Clock() for r in ROLES}
    tables = play_board(config, index, config.bots, clocks)
    units = board_units(tables, config.is_colour)
    if config.records is not None:
        save_records(config, index, tables, units)
    dd = DoubleDummy()
    if config.double_dummy:
        solver = _the_solver()
        cache: SolveCache = {}
        for t in tables:
            dd.merge(double_dummy(t, solver, config.max_nodes, cache))
    return BoardResult(index, units, dict(clocks), dd)

