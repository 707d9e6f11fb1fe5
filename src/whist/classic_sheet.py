"""The score sheet of classic whist at a physical table (RULES.md §6, with the scoring of §2–4).

Each deal is entered by hand: the tricks North–South took (East–West took the rest) and the
trump honours (A K Q J) held by each side, or a game won by calling at eight (D19). The sheet
scores it as the engine does: tricks before honours (D17), honours 4 → 4 and 3 → 2, games to
``game_points``, game points 3 / 2 / 1, the rubber bonus, the belle at one game all, the totals
and the settlement. The points of a deal come from :func:`whist.scoring.deal_points` (or
:func:`~whist.scoring.called_points`) and are folded into games and rubbers by
:func:`whist.match.fold_deal`, the very code a :class:`~whist.match.Match` runs.

A :class:`ClassicSheet` is an immutable value: :meth:`ClassicSheet.add` returns a new sheet or
raises :class:`ClassicSheetError` (a bilingual :class:`~whist.cards.Refusal`) saying what is
impossible, so nothing already entered is lost.

>>> from whist.rules import preset
>>> s = ClassicSheet.new(preset("classic"), {"N": "Anne", "E": "Bert"})
>>> s = s.add(played("NS=10", "EW=3")).add(played("EW=3")).add(called("NS"))
>>> [(row.points.total, row.score) for row in s.rows()]
[((4, 2), (4, 2)), ((4, 0), (8, 2)), ((2, 0), (10, 2))]
>>> s.games()[0].winner.name, s.games()[0].game_points
('NS', 2)
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from whist.cards import Lang, ParseError, Refusal, Seat, Side, given, parse_side, quoted_fr, seat_names
from whist.match import GameResult, RubberResult, fold_deal, games_in_rubber, match_over, rubber_totals
from whist.rules import PRESETS, Rules, check_largest
from whist.scoring import DealPoints, called_points, deal_points, may_call_at_eight, settlement
from whist.sheet import (
    NAME_COLUMNS,
    TERMINAL,
    SheetError,
    Wording,
    csv_rows,
    names_from_csv,
    names_row,
    points_differ,
    read_csv,
    row_fields,
    stored_lang,
)
from whist.wording import column_names

__all__ = [
    "CALL_WORDS", "CLASSIC_SHEET_FORMAT", "CSV_FIELDS", "DEAL_WORDS", "ClassicEntry", "ClassicRow",
    "ClassicSheet", "ClassicSheetError", "called", "entry_from_row", "played",
]

CLASSIC_SHEET_FORMAT = "whist-classic-sheet/1"
CSV_FIELDS = ("kind", "side", "tricks", "honours")
"""The columns read back by :meth:`ClassicSheet.add_csv` (an export adds points and scores)."""
EXPORT_COLUMNS = (*CSV_FIELDS, "points_NS", "points_EW", "score_NS", "score_EW", *NAME_COLUMNS)
"""The columns an export writes: the entry's, each side's points and game score after it, the
names; an import reads the entry's and the names and refuses any other."""

_NO_HONOURS = (2, 2)
CALL_WORDS = {"call", "called", "appel", "appelé", "appele", "appeler", "chant", "chanté", "chante",
              "chanter"}
"""The words of a game won by calling at eight, ``whist sheet add chant NS`` and a CSV's ``kind``:
seed 000 says of the call « cela s'appelle chanter, ou appeler », and the sheet's page has « Chant à
huit »."""
DEAL_WORDS = {"deal", "donne", "played", "jouée", "jouee"}
"""The words of a deal played out, a CSV's ``kind`` and ``whist sheet add donne --tricks NS=8``."""
_SIDE_COUNT = re.compile(r"\s*([^\s=:]+)\s*[=: ]\s*(-?[0-9]+)\s*")  # 0-9: \d reads ٨ as 8
_NONE_WORDS = {"", "none", "no", "0", "aucun", "aucuns", "rien", "-"}


class ClassicSheetError(Refusal):
    """An entry or a file the classic sheet refuses: the message (English, and French in
    ``fr``) says what is impossible."""


@dataclass(frozen=True, slots=True)
class ClassicEntry:
    """One line of the sheet: a deal played out, with the ``tricks`` each side took (NS, EW) and
    the trump honours each side ``held`` (NS, EW: they add up to 4), or a game won by calling at
    eight by the side ``call`` (then tricks and honours are not used)."""

    tricks: tuple[int, int] = (0, 0)
    honours: tuple[int, int] = _NO_HONOURS
    call: Side | None = None

    @property
    def kind(self) -> Literal["deal", "call"]:
        return "deal" if self.call is None else "call"

    @property
    def honours_side(self) -> tuple[Side, int] | None:
        """The side that held three or four honours, and how many; ``None`` if neither did."""
        for side in Side:
            if self.honours[side] >= 3:
                return side, self.honours[side]
        return None

    def honours_text(self) -> str:
        """``NS=3``, ``EW=4`` or ``none``: how the honours are entered."""
        held = self.honours_side
        return "none" if held is None else f"{held[0].name}={held[1]}"

    def to_row(self) -> dict[str, str]:
        """The entry as a CSV row (the columns of :data:`CSV_FIELDS`)."""
        if self.call is not None:
            return {"kind": "call", "side": self.call.name, "tricks": "", "honours": ""}
        return {"kind": "deal", "side": "NS", "tricks": str(self.tricks[0]),
                "honours": self.honours_text()}

    def to_json(self) -> dict[str, Any]:
        if self.call is not None:
            return {"kind": "call", "side": self.call.name}
        return {"kind": "deal", "tricks": _by_side(self.tricks), "honours": _by_side(self.honours)}


def _by_side(pair: tuple[int, int]) -> dict[str, int]:
    return {"NS": pair[0], "EW": pair[1]}


def _side(text: str, what: str, what_fr: str) -> Side:
    """The side ``text`` names; else refused, naming ``what`` it was typed for (in French
    ``what_fr``)."""
    try:
        return parse_side(text)
    except ParseError as exc:
        raise ClassicSheetError(f"{what}: {exc.en}", f"{what_fr} : {exc.fr}") from None


@dataclass(frozen=True, slots=True)
class _Split:
    """What the two sides share: the 13 tricks, the 4 honours; and how to say so."""

    whole: int
    what: str
    what_fr: str
    verb: str
    verb_fr: str
    example: tuple[int, int]
    """Two counts to show how one is typed: ``NS=8 or EW=5`` (French ``NS=8 ou EO=5``)."""

    def check(self, n: int) -> None:
        """Refuse a side's count outside 0 to ``whole``."""
        if not 0 <= n <= self.whole:
            raise ClassicSheetError(f"a side {self.verb} 0 to {self.whole} {self.what}, not {n}",
                                    f"un camp {self.verb_fr} de 0 à {self.whole} {self.what_fr},"
                                    f" pas {n}")

    def check_pair(self, pair: tuple[int, int]) -> None:
        """Each side has 0 to ``whole`` and the two add up to ``whole``."""
        for n in pair:
            self.check(n)
        if sum(pair) != self.whole:
            raise ClassicSheetError(
                f"the two sides' {self.what} add up to {self.whole}, not {pair[0]} + {pair[1]}",
                f"les {self.what_fr} des deux camps font {self.whole} en tout, pas {pair[0]} +"
                f" {pair[1]}")


_TRICKS = _Split(13, "tricks", "levées", "takes", "fait", (8, 5))
_HONOURS = _Split(4, "honours (A K Q J of trumps)", "honneurs (A R D V d'atout)", "holds", "tient", (3, 4))


def _side_count(text: str, split: _Split) -> tuple[Side, int]:
    """``NS=8``, ``EW=4``, ``EO: 4``: a side and its count, 0 to ``split.whole``."""
    m = _SIDE_COUNT.fullmatch(text)
    what, what_fr = split.what.split()[0], split.what_fr.split()[0]
    if m is None:
        ns, ew = split.example
        raise ClassicSheetError(f"{what} {text!r}: write a side and a number, like NS={ns} or EW={ew}",
                                f"{what_fr} « {text} » : tapez un camp et un nombre, comme NS={ns} ou"
                                f" EO={ew}")
    n = int(m[2])
    split.check(n)
    return _side(m[1], what, what_fr), n


def played(tricks: str, honours: str = "") -> ClassicEntry:
    """A deal played out, from the words typed: ``tricks`` of one side (``NS=8``, ``EW=5``: the
    other side took the rest of the 13) and the ``honours`` held by the side that held three or
    four (``NS=3``, ``EW=4``; ``none``, ``0`` or nothing when neither did). A count out of range
    is refused here, naming the number typed; a sheet checks every entry again when it is
    added."""
    side, n = _side_count(tricks, _TRICKS)
    both = [13 - n, 13 - n]
    both[side] = n
    held = list(_NO_HONOURS)
    if honours.strip().lower() not in _NONE_WORDS:
        h_side, k = _side_count(honours, _HONOURS)
        held[h_side], held[h_side.other] = k, 4 - k
    return ClassicEntry((both[0], both[1]), (held[0], held[1]))


def called(side: str | Side) -> ClassicEntry:
    """A game won by calling at eight by ``side`` (NS or EW; RULES.md §2, D19)."""
    return ClassicEntry(call=side if isinstance(side, Side) else _side(side, "call at eight", "chant à huit"))


def entry_from_row(row: Mapping[str, Any]) -> ClassicEntry:
    """An entry from a CSV row: ``kind`` (deal or call; empty: deal), ``side``, ``tricks`` (of
    ``side``, or written ``NS=8``), ``honours`` (``NS=3``, ``EW=4`` or ``none``)."""
    f = {k: v.strip() for k, v in row_fields(row, CSV_FIELDS, ClassicSheetError).items()}
    kind, side, tricks, honours = f["kind"].lower(), f["side"], f["tricks"], f["honours"]
    if kind in CALL_WORDS:
        if tricks or honours.lower() not in _NONE_WORDS:
            raise ClassicSheetError("a game won by calling at eight has no tricks or honours",
                                    "une manche gagnée par le chant à huit n'a ni levées ni honneurs")
        return called(side)
    if kind and kind not in DEAL_WORDS:
        raise ClassicSheetError(f"kind {kind!r} is deal or call",
                                f"le type « {kind} » est deal (donne) ou call (chant)")
    if not tricks:
        raise ClassicSheetError("give the tricks of a side, like NS=8",
                                "donnez les levées d'un camp, comme NS=8")
    if "=" not in tricks:
        return played(f"{side}={tricks}", honours)
    entry = played(tricks, honours)
    if side and _side(side, "side", "camp") is not _side_count(tricks, _TRICKS)[0]:
        raise ClassicSheetError(
            f"side {side} and tricks {tricks} name two sides: give the tricks of one side, like"
            " NS=8, or the side and a number",
            f"le camp {side} et les levées {tricks} nomment deux camps : donnez les levées d'un"
            " seul camp, comme NS=8, ou le camp et un nombre")
    return entry


@dataclass(frozen=True, slots=True)
class ClassicRow:
    """One entry scored: the game score before it (``start``), its points, the game score after
    it (``score``; 0–0 once a game is won), and the game and rubber it closed, if any."""

    entry: ClassicEntry
    start: tuple[int, int]
    points: DealPoints
    score: tuple[int, int]
    game: GameResult | None
    rubber: RubberResult | None


@dataclass(frozen=True, slots=True)
class _Tally:
    """The state between entries: the game score and the finished games and rubbers."""

    score: tuple[int, int] = (0, 0)
    games: tuple[GameResult, ...] = ()
    rubbers: tuple[RubberResult, ...] = ()


def _check(rules: Rules, tally: _Tally, entry: ClassicEntry, wording: Wording = TERMINAL) -> None:
    """Raise :class:`ClassicSheetError` if ``entry`` cannot follow ``tally`` under ``rules``
    (``wording``: how the refusal says to start another sheet)."""
    done = len(tally.rubbers)
    if match_over(rules, tally.rubbers):
        if not rules.game_and_rubber_points:  # simple whist (§4): its sheet counts matches, not rubbers
            raise wording.refusal(
                ClassicSheetError,
                "the sheet is over: {done} match{es} of {rubbers} played; start another sheet ({new_sheet})",
                "la feuille est terminée : {done} partie{s} sur {rubbers} jouée{s} ; commencez une"
                " autre feuille ({new_sheet})", done=done, es="" if done == 1 else "es",
                s="" if done == 1 else "s", rubbers=rules.rubbers)
        raise wording.refusal(
            ClassicSheetError,
            "the match is over: {done} rubber{s} of {rubbers} played; start another sheet ({new_sheet})",
            "la partie est terminée : {done} robre{s} sur {rubbers} joué{s} ; commencez une autre"
            " feuille ({new_sheet})", done=done, s="" if done == 1 else "s", rubbers=rules.rubbers)
    if entry.call is not None:
        side = entry.call
        if not rules.call_at_eight:
            raise ClassicSheetError(
                f"preset {rules.preset} has no calling at eight (option call_at_eight is off)",
                f"le préréglage {rules.preset} n'a pas de chant à huit (option call_at_eight désactivée)")
        if not rules.honours:
            raise ClassicSheetError(
                "calling at eight claims the honours' 2 points, and honours are not scored (option"
                " honours is off)",
                "le chant à huit fait valoir les 2 points d'honneurs, et les honneurs ne se comptent"
                " pas (option honours désactivée)")
        if not may_call_at_eight(rules, tally.score, side):
            eight = rules.game_points - 2
            raise ClassicSheetError(
                f"{side.name} cannot call: calling at eight needs exactly {eight} points at the"
                f" start of the deal, and {side.name} have {tally.score[side]}",
                f"{side.name_fr} ne peuvent pas chanter : le chant à huit demande exactement {eight}"
                f" points au début de la donne, et {side.name_fr} en ont {tally.score[side]}")
        return
    _TRICKS.check_pair(entry.tricks)
    _HONOURS.check_pair(entry.honours)


def _step(rules: Rules, tally: _Tally, entry: ClassicEntry) -> tuple[ClassicRow, _Tally]:
    """Score ``entry`` after ``tally`` (checked first): its row, and the tally after it."""
    _check(rules, tally, entry)
    if entry.call is not None:
        pts = called_points(entry.call)
    else:
        pts = deal_points(rules, tally.score, entry.tricks, entry.honours)
    score, games, rubbers = fold_deal(rules, tally.score, tally.games, tally.rubbers, pts)
    game = games[-1] if len(games) > len(tally.games) else None
    rubber = rubbers[-1] if len(rubbers) > len(tally.rubbers) else None
    row = ClassicRow(entry, tally.score, pts, game.score if game is not None else score, game, rubber)
    return row, _Tally(score, games, rubbers)


@dataclass(frozen=True, slots=True)
class ClassicSheet:
    """A classic-whist match's score sheet: the rules (preset classic, short or simple and its
    options), the players' names by seat, and the entries."""

    rules: Rules
    names: tuple[tuple[Seat, str], ...]
    entries: tuple[ClassicEntry, ...] = ()
    lang: Lang = "en"
    """The language the sheet is shown in (``whist sheet new --lang``, kept in its file)."""

    POINTS_KEPT: ClassVar[tuple[str, str]] = (
        "its own points, by its preset and options: a CSV holds none",
        "ses propres points, selon son jeu et ses options : un CSV n'en garde aucune")
    """Whose points the sheet keeps where a CSV states others (:meth:`stated_points_differ`)."""

    @staticmethod
    def new(rules: Rules, names: Mapping[str, object] | None = None, lang: Lang = "en") -> ClassicSheet:
        """An empty sheet. ``rules`` must be classic-whist rules: game ``classic`` and one of the
        classic-whist presets (a file edited by hand may hold a colour-whist preset with game
        ``classic``, or the reverse); ``names`` by seat, each a text."""
        base = PRESETS.get(rules.preset)
        if rules.game != "classic" or base is None or base.game != "classic":
            raise ClassicSheetError(
                f"the classic-whist sheet takes the rules of classic whist (game classic, preset"
                f" classic, short or simple), not game {rules.game!r} with preset {rules.preset!r}",
                f"la feuille de whist classique prend les règles du whist classique (jeu classic,"
                f" préréglage classic, short ou simple), pas le jeu « {rules.game} » avec le"
                f" préréglage « {rules.preset} »")
        try:
            return ClassicSheet(rules, seat_names(names, lang), lang=lang)
        except ParseError as exc:
            raise ClassicSheetError(f"names: {exc.en}", f"noms : {exc.fr}") from None

    def name(self, seat: Seat) -> str:
        return dict(self.names)[seat]

    def side_names(self, side: Side) -> str:
        """``Anne & Carla``: the two players of ``side``."""
        return " & ".join(self.name(s) for s in side.seats)

    # ----- entries ---------------------------------------------------------------------------

    def _walk(self) -> Iterator[tuple[ClassicRow, _Tally]]:
        tally = _Tally()
        for entry in self.entries:
            row, tally = _step(self.rules, tally, entry)
            yield row, tally

    def _tally(self) -> _Tally:
        last = [tally for _, tally in self._walk()]
        return last[-1] if last else _Tally()

    def add(self, entry: ClassicEntry, wording: Wording = TERMINAL) -> ClassicSheet:
        """The sheet with ``entry`` added; :class:`ClassicSheetError` (and this sheet unchanged)
        if it is impossible, saying how to start another sheet in ``wording``."""
        _check(self.rules, self._tally(), entry, wording)
        return replace(self, entries=(*self.entries, entry))

    def remove_last(self) -> ClassicSheet:
        if not self.entries:
            raise ClassicSheetError("the sheet is empty", "la feuille est vide")
        return replace(self, entries=self.entries[:-1])

    def rows(self) -> list[ClassicRow]:
        """Each entry scored, in order."""
        return [row for row, _ in self._walk()]

    # ----- the match so far ------------------------------------------------------------------

    def score(self) -> tuple[int, int]:
        """The game score (NS, EW) before the next deal."""
        return self._tally().score

    def games(self) -> tuple[GameResult, ...]:
        return self._tally().games

    def rubbers(self) -> tuple[RubberResult, ...]:
        return self._tally().rubbers

    def games_in_rubber(self) -> tuple[int, int]:
        """Games won by each side in the rubber in progress."""
        tally = self._tally()
        return games_in_rubber(tally.games, len(tally.rubbers))

    @property
    def is_over(self) -> bool:
        """All ``rules.rubbers`` rubbers are finished: the sheet takes no more entries."""
        return match_over(self.rules, self.rubbers())

    def totals(self) -> tuple[int, int]:
        """Each side's game points and rubber points over the finished rubbers (as
        :meth:`whist.match.Match.totals`)."""
        return rubber_totals(self.rubbers())

    def result(self) -> tuple[Side | None, int]:
        """The side ahead on the totals (``None`` if level) and by how many points."""
        ns, ew = self.totals()
        if ns == ew:
            return None, 0
        return (Side.NS if ns > ew else Side.EW), abs(ns - ew)

    def settlement(self) -> dict[str, float]:
        """Money per seat (N E S W; negative: pays) with option ``stake``: each player of the
        winning side is paid by the player on his left (RULES.md §2). All 0 without a stake."""
        return settlement(self.rules, self.totals())

    # ----- export and import -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        rows = []
        for row in self.rows():
            item = {**row.entry.to_json(), "points": _by_side(row.points.total),
                    "score": _by_side(row.score)}
            if row.game is not None:
                item["game"] = {"winner": row.game.winner.name, "game_points": row.game.game_points}
            if row.rubber is not None:
                item["rubber"] = {"winner": row.rubber.winner.name, "totals": _by_side(row.rubber.totals)}
            rows.append(item)
        return {
            "format": CLASSIC_SHEET_FORMAT,
            "lang": self.lang,
            "rules": self.rules.to_dict(),
            "names": {s.name: n for s, n in self.names},
            "entries": rows,
            "totals": _by_side(self.totals()),
            "settlement": self.settlement(),
            "over": self.is_over,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> ClassicSheet:
        """The sheet a :meth:`to_json` object holds; every entry is checked and scored again, so a
        file edited by hand into something impossible is refused, naming the entry. The points,
        scores and totals stored beside the entries are not read: they are worked out anew."""
        if data.get("format") != CLASSIC_SHEET_FORMAT:
            raise ClassicSheetError(f"not a classic-whist score sheet (format {CLASSIC_SHEET_FORMAT})",
                                    f"pas une feuille de whist classique (format {CLASSIC_SHEET_FORMAT})")
        raw_rules, names, entries = data.get("rules"), data.get("names", {}), data.get("entries", [])
        if not isinstance(raw_rules, dict) or not isinstance(names, dict) or not isinstance(entries, list):
            raise ClassicSheetError("the sheet needs rules and names (objects) and entries (a list)",
                                    "la feuille demande des règles et des noms (objets) et des"
                                    " entrées (une liste)")
        try:
            rules = Rules.from_dict(raw_rules)
            check_largest(rules, ("stake",))  # (a sheet of an older version may hold larger games)
        except ValueError as exc:
            fr = exc.fr if isinstance(exc, Refusal) else str(exc)
            raise ClassicSheetError(f"rules: {exc}", f"règles : {fr}") from None
        try:
            lang = stored_lang(data)
        except SheetError as exc:
            raise ClassicSheetError(exc.en, exc.fr) from None
        return ClassicSheet.new(rules, names, lang)._add_all(enumerate(entries, 1), _entry_from_json,
                                                       "entry", "entrée")

    def _add_all(self, items: Iterable[tuple[int, Any]], entry: Callable[[Any], ClassicEntry],
                 where: str, where_fr: str) -> ClassicSheet:
        """The sheet with the entry of each item added, all or none: an impossible one raises,
        saying where it stands (``entry 2``, ``line 3``: each item comes with its number)."""
        sheet = self
        for i, item in items:
            try:
                sheet = sheet.add(entry(item))
            except ClassicSheetError as exc:
                raise ClassicSheetError(f"{where} {i}: {exc.en}", f"{where_fr} {i} : {exc.fr}") from None
        return sheet

    def to_csv(self, delimiter: str = ",") -> str:
        """The entries as CSV, each with the points of each side, the game score after it and the
        players' names, the cells separated by ``delimiter`` (``;`` for a spreadsheet set to
        French)."""
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=EXPORT_COLUMNS, lineterminator="\n", delimiter=delimiter)
        w.writeheader()
        for row in self.rows():
            w.writerow({**row.entry.to_row(), "points_NS": row.points.total[0],
                        "points_EW": row.points.total[1], "score_NS": row.score[0],
                        "score_EW": row.score[1], **names_row(self.names)})
        return buf.getvalue()

    def add_csv(self, text: str) -> ClassicSheet:
        """The sheet with every row of a CSV added (the columns of :data:`CSV_FIELDS`; others,
        such as the points an export writes, are not read; the names as
        :func:`~whist.sheet.names_from_csv`). All rows or none: an impossible row
        raises, naming its line in the text: the reader's ``line_num``, which counts the blank
        lines it skips and every line of a quoted field that spans lines (such a row is named by
        its last line)."""
        reader = read_csv(text, EXPORT_COLUMNS, ClassicSheetError)
        if reader.fieldnames is not None and "contract" in (f.lower() for f in reader.fieldnames):
            raise ClassicSheetError(
                "this CSV looks like a colour-whist sheet (a contract column); this sheet is classic"
                " whist: import it into a colour one (whist sheet new --preset couleur)",
                "ce CSV ressemble à une feuille de whist à la couleur (une colonne"
                f" {column_names('contract')}) ; cette feuille est du whist classique : importez-le dans"
                " une feuille de whist à la couleur (whist sheet new --preset couleur)")
        if reader.fieldnames is None or not {"kind", "tricks"} <= set(reader.fieldnames):
            raise ClassicSheetError("the CSV needs a header with the columns kind, side, tricks, honours",
                                    "le CSV demande un en-tête avec les colonnes kind, side,"
                                    f" {column_names('tricks')}, {column_names('honours')}")
        rows = csv_rows(reader, EXPORT_COLUMNS, ClassicSheetError)
        named = replace(self, names=names_from_csv(self.names, [row for _, row in rows]))
        return named._add_all(rows, entry_from_row, "line", "ligne")

    def stated_points_differ(self, text: str, lang: str = "en") -> list[str]:
        """For a CSV just added by :meth:`add_csv` (its entries the last of this sheet): the rows
        whose ``points_NS``, ``points_EW`` columns, those the file gives, are not the points this
        sheet gives them (by its own preset and options: a CSV keeps no options, and the sheet
        keeps its own points); in French with ``lang`` ``fr``."""
        reader = read_csv(text, EXPORT_COLUMNS, ClassicSheetError)
        rows = [(reader.line_num, row) for row in reader]
        added = self.rows()[len(self.entries) - len(rows):]
        return points_differ(rows, [dict(zip(("NS", "EW"), r.points.total, strict=True))
                                    for r in added], ("this sheet", "cette feuille"), lang)


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClassicSheetError(f"{what} must be a whole number, not {given(value)}",
                                f"{what} doit être un nombre entier, pas {quoted_fr(value)}")
    return value


def _pair(value: Any, what: str, like: tuple[int, int]) -> tuple[int, int]:
    """``{"NS": 8, "EW": 5}`` as a pair; ``like``: the example the message gives, one that makes
    sense for ``what`` (honours are 0 to 4)."""
    if not isinstance(value, dict) or set(value) != {"NS", "EW"}:
        example = f"{{\"NS\": {like[0]}, \"EW\": {like[1]}}}"
        raise ClassicSheetError(f"{what} must give NS and EW, like {example}",
                                f"{what} doit donner NS et EW, comme {example}")
    return (_whole(value["NS"], f"{what} NS"), _whole(value["EW"], f"{what} EW"))


def _entry_from_json(item: Any) -> ClassicEntry:
    if not isinstance(item, dict):
        raise ClassicSheetError("an entry must be an object", "une entrée doit être un objet")
    kind = item.get("kind")
    if kind == "call":
        return called(str(item.get("side") or ""))
    if kind != "deal":
        raise ClassicSheetError(f"kind {kind!r} is deal or call",
                                f"le type « {kind} » est deal (donne) ou call (chant)")
    return ClassicEntry(_pair(item.get("tricks"), "tricks", (8, 5)),
                        _pair(item.get("honours"), "honours", (0, 4)))

